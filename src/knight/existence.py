"""Instant answers to "is there a knight's tour?" for every board and start.

* Whole boards: Schwenk's closed-tour theorem and the list of boards with
  open tours (:mod:`knight.theory`).
* Start squares on boards with both sides at least 5 (and 1x1): the colour
  argument is the only obstacle (an odd board's tour starts and ends on the
  corner colour); a closed tour passes every square, so it can start anywhere.
* Boards with a side of 3 or 4: which squares start a tour is decided exactly,
  for every length, by the column automaton of :mod:`knight.thin`.

Nothing here searches, so every answer is immediate, however large the board.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import theory, thin
from .geometry import Square, board_size, check_memory, square


def _check_closed(value: Any) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"closed must be True or False, not {type(value).__name__}")


def reason(rows: int, cols: int, start: Square | None, closed: bool) -> str | None:
    """:func:`why_not` for arguments already validated (no checks, no copies)."""
    if thin.is_thin(rows, cols):
        return thin.thin_reason(rows, cols, start, closed)
    why = theory.board_reason(rows, cols, closed)
    if why is None and start is not None:
        why = theory.start_reason(rows, cols, start, closed)
    return why


def why_not(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    closed: bool = False,
) -> str | None:
    """Why no tour exists, in words, or ``None`` when one does.

    ``cols`` defaults to ``rows``.  ``start=None`` asks about a tour from any
    square.  Arguments are checked first (``TypeError``/``ValueError`` naming
    the argument).

    >>> why_not(8) is None
    True
    >>> print(why_not(4, closed=True))
    a 4x4 board has no closed tour (Schwenk 1991: no closed tour when the shorter side is 1, 2 or 4)
    >>> why_not(5, start=(0, 1)).endswith("(0, 1) is on the other colour")
    True
    >>> why_not(3, 8, start=(1, 2)).startswith("no open tour of the 3x8 board starts at (1, 2)")
    True
    """
    rows, cols = board_size(rows, cols)
    if start is not None:
        start = square(start, rows, cols, "start")
    return reason(rows, cols, start, _check_closed(closed))


def exists(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    closed: bool = False,
) -> bool:
    """Does a ``rows`` x ``cols`` board have a tour (from ``start``, if given)?

    Answers at once for every board, open or closed; see :func:`why_not`
    for the reason when the answer is no.

    >>> exists(8), exists(4, 4), exists(3, 10, closed=True)
    (True, False, True)
    >>> exists(3, 7, start=(1, 3)), exists(3, 7, start=(1, 1))
    (False, True)
    >>> exists(4, 1_000_000, start=(1, 0)), exists(4, 1_000_000, start=(0, 12345))
    (False, True)
    """
    return why_not(rows, cols, start=start, closed=closed) is None


def start_squares(rows: int, cols: int | None = None, *, closed: bool = False) -> np.ndarray:
    """A bool ``rows`` x ``cols`` array: which squares start a tour.

    >>> start_squares(3, 7).astype(int)
    array([[1, 0, 1, 0, 1, 0, 1],
           [0, 1, 0, 0, 0, 1, 0],
           [1, 0, 1, 0, 1, 0, 1]])
    >>> int(start_squares(5).sum()), bool(start_squares(6, closed=True).all())
    (13, True)
    """
    rows, cols = board_size(rows, cols)
    closed = _check_closed(closed)
    # The bool answer, a transposed copy of it (thin boards) and the int64
    # per-column tables of thin.row_masks (about 41 bytes a column,
    # measured): refused up front when they cannot fit.
    check_memory(2 * rows * cols + 48 * max(rows, cols),
                 f"the start squares of a {rows}x{cols} board")
    if thin.is_thin(rows, cols):
        return thin.start_squares(rows, cols, closed=closed)
    if theory.board_reason(rows, cols, closed) is not None:
        return np.zeros((rows, cols), dtype=bool)
    if closed or (rows * cols) % 2 == 0:
        return np.ones((rows, cols), dtype=bool)
    # The corner colour, (r + c) even, written straight into the bool answer
    # (an int64 r + c grid would take 8 bytes per square).
    return np.equal.outer(np.arange(rows) % 2, np.arange(cols) % 2)


__all__ = ["exists", "start_squares", "why_not"]

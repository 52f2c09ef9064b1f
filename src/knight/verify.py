"""Checking tours: :func:`verify` and :func:`is_tour`."""

from __future__ import annotations

from typing import Any

import numpy as np

from .checks import _as_int_array, check_board, check_path
from .errors import InvalidTourError
from .tour import Tour


def verify(
    tour: Any, *, closed: bool | None = None, shape: tuple[int, int] | None = None
) -> Tour:
    """Check a tour and return it as a :class:`Tour`; raise if it is not one.

    ``tour`` may be a :class:`Tour`, a board (a 2-D array of step numbers from
    0) or a path (an ``(N, 2)`` array of ``(row, col)`` squares in order; a
    board two columns wide never holds a tour, so any array with two columns
    is read as a path).  A path's board size is ``shape`` or, if omitted, the
    smallest board holding its squares.

    ``closed=True`` also requires the last square to be a knight move from
    the first; ``closed=None`` checks a ``Tour`` as it claims to be and
    anything else as an open tour.

    Raises :class:`knight.InvalidTourError` (a ``ValueError``) saying exactly
    what is wrong: its ``kind`` is ``"shape"``, ``"out-of-range"``,
    ``"repeated-step"``, ``"missing-step"``, ``"not-a-knight-move"`` or
    ``"not-closed"``.

    >>> import knight
    >>> board = [[0, 20, 15, 9, 6],
    ...          [21, 10, 7, 14, 19],
    ...          [16, 1, 24, 5, 8],
    ...          [11, 22, 3, 18, 13],
    ...          [2, 17, 12, 23, 4]]
    >>> knight.verify(board)
    Traceback (most recent call last):
    ...
    knight.errors.InvalidTourError: step 14 at (1, 3) to step 15 at (0, 2) is not a knight move
    >>> knight.verify(knight.solve(6, closed=True)).closed
    True
    """
    if closed is not None and not isinstance(closed, (bool, np.bool_)):
        # Truthiness would read closed="no" as a request for a closed tour.
        raise TypeError(f"closed must be True, False or None, not {type(closed).__name__}")
    if shape is not None and (
        not isinstance(shape, (tuple, list, np.ndarray)) or np.ndim(shape) != 1 or len(shape) != 2
    ):
        # Unpacked as board_size(*shape), a 1-tuple (5,) would pass as 5x5.
        raise TypeError(f"shape must be a (rows, cols) pair, not {shape!r}")
    if isinstance(tour, Tour):
        want = tour.closed if closed is None else bool(closed)
        if want and not tour.closed:
            check_board(tour.board, closed=True)
        return Tour(
            tour.board,
            closed=want,
            method=tour.method,
            nodes=tour.nodes,
            backtracks=tour.backtracks,
            seconds=tour.seconds,
            seed=tour.seed,
            _start=tour.start,
            _checked=True,
        )
    want = bool(closed)
    arr = _as_int_array(tour, "tour")
    if shape is not None or (arr.ndim == 2 and arr.shape[1] == 2):
        board, start = check_path(arr, shape, want)
    else:
        board, start = check_board(arr, want)
    return Tour(board, closed=want, _start=start, _checked=True)


def is_tour(tour: Any, *, closed: bool | None = None, shape: tuple[int, int] | None = None) -> bool:
    """True when :func:`verify` accepts ``tour``; never raises for a bad tour.

    >>> import knight
    >>> knight.is_tour([[0, 1]]), knight.is_tour(knight.solve(5))
    (False, True)
    """
    try:
        verify(tour, closed=closed, shape=shape)
    except InvalidTourError:
        return False
    return True


__all__ = ["check_board", "check_path", "is_tour", "verify"]

"""Checking tours: :func:`verify` and :func:`is_tour`."""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import Board
from .checks import _as_int_array, check_board, check_on_board, check_path
from .errors import InvalidTourError
from .tour import Tour


def verify(
    tour: Any, *, closed: bool | None = None, shape: tuple[int, int] | None = None,
    board: Board | None = None, base: int = 0,
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

    ``board`` (a :class:`knight.Board`) checks a tour of any board: holes
    must hold -1 (a path must skip them), every usable square one step, and
    each step must be one of the board's moves (across the seam of a
    cylinder or torus).  A ``Tour`` is checked against its own board.

    ``base=1`` reads a board numbered from 1 (1..N, as printed tours are;
    holes still hold -1), and a message quotes the steps as numbered so; the
    Tour returned numbers from 0, as every Tour does.  A board numbered
    from 1 checked with the default ``base=0`` is refused with a message
    that says so.  ``base`` does not apply to a path of squares or a Tour.

    >>> import knight
    >>> printed = knight.solve(5).board + 1          # a 5x5 tour, numbered from 1
    >>> int(knight.verify(printed, base=1).board[0, 0])
    0
    >>> knight.is_tour(printed), knight.is_tour(printed, base=1)
    (False, True)

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
    >>> ring = knight.Board(1, 6, moves="wazir", wrap="cylinder")
    >>> knight.verify([[0, 1, 2, 3, 4, 5]], board=ring, closed=True).closed
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
    if board is not None and not isinstance(board, Board):
        raise TypeError(f"board must be a knight.Board, not {type(board).__name__}")
    if isinstance(base, bool) or not isinstance(base, (int, np.integer)):
        raise TypeError(f"base must be 0 or 1, not {type(base).__name__}")
    if base not in (0, 1):
        raise ValueError(f"base must be 0 (steps numbered from 0) or 1 (from 1), got {base}")
    base = int(base)
    if isinstance(tour, Tour):
        want = tour.closed if closed is None else bool(closed)
        if board is not None and board != tour.layout:
            raise InvalidTourError(
                f"the tour covers the {tour.layout.describe()}, not the {board.describe()}",
                "shape")
        if not tour.layout.is_standard:
            return Tour(tour.board, closed=want, method=tour.method, nodes=tour.nodes,
                        backtracks=tour.backtracks, seconds=tour.seconds, seed=tour.seed,
                        layout=tour.layout, _checked=not (want and not tour.closed),
                        _start=tour.start)
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
    if board is not None and not board.is_standard:
        if arr.ndim == 2 and arr.shape[1] == 2 and arr.shape != board.shape:
            return Tour(_board_from_path(arr, board), closed=want, layout=board)
        if arr.ndim == 2 and arr.shape == board.shape and base:
            shifted = np.where(board.mask, arr.astype(np.int64) - base, arr)
            steps, start = check_on_board(shifted, board, want, base)
            return Tour(steps, closed=want, layout=board, _checked=True, _start=start)
        return Tour(arr, closed=want, layout=board)
    if board is not None and shape is None:
        shape = board.shape  # a plain knight rectangle: its size is the shape
    if shape is not None or (arr.ndim == 2 and arr.shape[1] == 2):
        if shape is not None and arr.ndim == 2 and arr.shape == tuple(shape) \
                and arr.shape[1] != 2:
            steps, start = check_board(_shifted(arr, base), want, base)
        else:
            steps, start = check_path(arr, shape, want)
    else:
        steps, start = check_board(_shifted(arr, base), want, base)
    return Tour(steps, closed=want, _start=start, _checked=True)


def _shifted(arr: np.ndarray, base: int) -> np.ndarray:
    """A step board numbered from ``base`` as numbered from 0."""
    return arr.astype(np.int64) - base if base and arr.size else arr


def _board_from_path(path: np.ndarray, board: Board) -> np.ndarray:
    """The step board of a path of squares on ``board`` (checked by the caller)."""
    if path.shape[0] != board.size:
        raise InvalidTourError(
            f"the path has {path.shape[0]} squares, but the {board.describe()} has "
            f"{board.size} usable squares", "shape")
    r, c = path[:, 0], path[:, 1]
    off = (r < 0) | (r >= board.rows) | (c < 0) | (c >= board.cols)
    if np.any(off):
        k = int(np.flatnonzero(off)[0])
        raise InvalidTourError(
            f"step {k} at ({int(r[k])}, {int(c[k])}) is off the {board.describe()}",
            "out-of-range", k)
    steps = np.full(board.shape, -1, dtype=np.int64)
    seen = np.zeros(board.shape, dtype=np.int64)
    np.add.at(seen, (r, c), 1)
    if np.any(seen > 1):
        sq = tuple(int(v) for v in np.argwhere(seen > 1)[0])
        raise InvalidTourError(f"square ({sq[0]}, {sq[1]}) is visited more than once",
                               "repeated-step", None, ((sq[0], sq[1]),))
    steps[r, c] = np.arange(len(path))
    return steps


def is_tour(tour: Any, *, closed: bool | None = None, shape: tuple[int, int] | None = None,
            board: Board | None = None, base: int = 0) -> bool:
    """True when :func:`verify` accepts ``tour``; never raises for a bad tour.

    >>> import knight
    >>> knight.is_tour([[0, 1]]), knight.is_tour(knight.solve(5))
    (False, True)
    """
    try:
        verify(tour, closed=closed, shape=shape, board=board, base=base)
    except InvalidTourError:
        return False
    return True


__all__ = ["check_board", "check_path", "is_tour", "verify"]

"""Checking boards and paths: the work behind :func:`knight.verify`.

:func:`check_board` and :func:`check_path` run the verification core
(:mod:`knight._core.verify`) and, when it rejects its input, find out
exactly what is wrong to say so in the :class:`knight.InvalidTourError`.
They know nothing of :class:`knight.Tour`, which calls them to check the
boards it is built from.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._core import verify as _verify
from .board import Board
from .errors import BoardTooLargeError, InvalidTourError
from .geometry import article, board_size


def _sq(flat: int, cols: int) -> tuple[int, int]:
    return (int(flat) // cols, int(flat) % cols)


def _fmt(sq: tuple[int, int]) -> str:
    return f"({sq[0]}, {sq[1]})"


def _as_int_array(obj: Any, what: str) -> np.ndarray:
    try:
        arr = np.asarray(obj)
    except (ValueError, TypeError) as exc:  # ragged nested lists and the like
        raise InvalidTourError(f"{what} is not a rectangular array: {exc}", "shape") from None
    # dtype kinds "i" and "u" only: timedelta64 is a numpy integer subtype
    # but not a step number.
    if arr.dtype == object or (arr.dtype.kind not in "iu" and arr.size):
        if np.issubdtype(arr.dtype, np.floating) and arr.size and np.all(np.isfinite(arr)) \
                and np.all(arr == np.round(arr)):
            # A float64 bound: a Python float would be cast to float16 (inf).
            beyond = np.abs(arr) >= np.float64(2.0**63)
            if np.any(beyond):
                raise _beyond_int64(arr, beyond, what)
            return arr.astype(np.int64)
        raise InvalidTourError(f"{what} must hold integers, got dtype {arr.dtype}", "shape")
    if arr.dtype.kind == "u" and arr.dtype.itemsize >= 8 and arr.size \
            and arr.max() > np.iinfo(np.int64).max:
        # Converting these to int64 would wrap them to negative numbers (and
        # the message would quote the wrong value).
        raise _beyond_int64(arr, arr > np.iinfo(np.int64).max, what)
    return arr


def _beyond_int64(arr: np.ndarray, bad: np.ndarray, what: str) -> InvalidTourError:
    at = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), arr.shape))
    return InvalidTourError(
        f"{what} holds {arr[at].item()!r} at index {at}, outside the range of any "
        "step number or square",
        "out-of-range",
    )


def _from_one(steps: np.ndarray, n: int, base: int) -> str:
    """A hint for a board numbered from 1 read as numbered from 0."""
    if base == 0 and steps.size and int(steps.min()) == 1 and int(steps.max()) == n:
        return f" (the numbers run 1..{n}: for a tour numbered from 1, pass base=1)"
    return ""


def _explain_board(board: np.ndarray, closed: bool, base: int = 0) -> InvalidTourError:
    """Find the first problem in tour order (only called on a failing board).
    ``base``: the user's first step number, as the message quotes steps."""
    rows, cols = board.shape
    n = rows * cols
    flat = board.ravel().astype(np.int64)
    bad = np.flatnonzero((flat < 0) | (flat >= n))
    if bad.size:
        sq = _sq(bad[0], cols)
        return InvalidTourError(
            f"square {_fmt(sq)} holds {flat[bad[0]] + base}, outside the steps "
            f"{base}..{n - 1 + base} of {article(f'{rows}x{cols}')} board"
            + _from_one(flat + base, n, base),
            "out-of-range",
            int(flat[bad[0]]),
            (sq,),
        )
    counts = np.bincount(flat, minlength=n)
    if np.any(counts != 1):
        missing = np.flatnonzero(counts == 0)
        repeated = np.flatnonzero(counts > 1)
        step = int(repeated[0])
        squares = tuple(_sq(int(i), cols) for i in np.flatnonzero(flat == step))
        where = " and ".join(_fmt(s) for s in squares)
        msg = f"step {step + base} appears {len(squares)} times, at {where}"
        if missing.size:
            msg += f"; step {int(missing[0]) + base} is missing"
            if missing.size > 1:
                msg += f" ({missing.size} steps are missing in all)"
        return InvalidTourError(msg, "repeated-step", step, squares)
    pos = np.empty(n, dtype=np.int64)
    pos[flat] = np.arange(n)
    return _explain_path(pos // cols, pos % cols, rows, cols, closed, base)


def _explain_path(
    r: np.ndarray, c: np.ndarray, rows: int, cols: int, closed: bool, base: int = 0
) -> InvalidTourError:
    """The first non-knight move, or the missing closing move, of a full path."""
    dr = np.abs(np.diff(r))
    dc = np.abs(np.diff(c))
    bad = np.flatnonzero(dr * dc != 2)
    if bad.size:
        k = int(bad[0])
        a, b = (int(r[k]), int(c[k])), (int(r[k + 1]), int(c[k + 1]))
        return InvalidTourError(
            f"step {k + base} at {_fmt(a)} to step {k + 1 + base} at {_fmt(b)} is not a "
            "knight move",
            "not-a-knight-move",
            k,
            (a, b),
        )
    a, b = (int(r[-1]), int(c[-1])), (int(r[0]), int(c[0]))
    return InvalidTourError(
        f"the tour is not closed: its end {_fmt(a)} is not a knight move from "
        f"its start {_fmt(b)}",
        "not-closed",
        len(r) - 1,
        (a, b),
    )


def check_board(board: Any, closed: bool = False, base: int = 0,
                ) -> tuple[np.ndarray, tuple[int, int]]:
    """``(board, start)``: the board as a C-contiguous int32 array and the
    square of step 0, if it is a tour; else raise :class:`InvalidTourError`.
    ``base`` (0 or 1): the board is already shifted to steps from 0; the
    messages quote steps as the user numbered them."""
    arr = _as_int_array(board, "board")
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 1:
        raise InvalidTourError(
            f"a board must be a non-empty 2-D array, got shape {arr.shape}", "shape"
        )
    rows, cols = board_size(arr.shape[0], arr.shape[1])
    if arr.dtype != np.int32:
        if arr.size and (arr.min() < np.iinfo(np.int32).min or arr.max() > np.iinfo(np.int32).max):
            raise _explain_board(arr, closed, base)
        arr = arr.astype(np.int32)
    arr = np.ascontiguousarray(arr)
    where = np.zeros(2, dtype=np.int64)
    if _verify.verify_board(arr, bool(closed), where) != _verify.OK:
        raise _explain_board(arr, closed, base)
    return arr, (int(where[0]), int(where[1]))


def _repeated(r: np.ndarray, c: np.ndarray, sq: tuple[int, int]) -> InvalidTourError:
    steps = np.flatnonzero((r == sq[0]) & (c == sq[1]))
    return InvalidTourError(
        f"square {_fmt(sq)} is visited {steps.size} times, at steps "
        + ", ".join(str(int(s)) for s in steps),
        "repeated-step",
        int(steps[1]),
        (sq,),
    )


def _explain_wrong_length(r: np.ndarray, c: np.ndarray, rows: int, cols: int) -> InvalidTourError:
    """The first repeated square, else the first unvisited one, of a path of
    squares on the board whose length is not the board's size."""
    squares, counts = np.unique(np.stack([r, c], axis=1), axis=0, return_counts=True)
    rep = np.flatnonzero(counts > 1)
    if rep.size:
        return _repeated(r, c, (int(squares[rep[0], 0]), int(squares[rep[0], 1])))
    # The squares are distinct and sorted in row-major order: the first
    # unvisited square is the first place where they skip one.
    k = np.arange(len(squares), dtype=np.int64)
    skip = np.flatnonzero((squares[:, 0] != k // cols) | (squares[:, 1] != k % cols))
    first = int(skip[0]) if skip.size else len(squares)
    sq = (first // cols, first % cols)
    return InvalidTourError(
        f"the path has {len(r)} squares but the {rows}x{cols} board has {rows * cols}: "
        f"square {_fmt(sq)} is never visited",
        "missing-step",
        len(r),
        (sq,),
    )


def check_path(
    path: Any, shape: tuple[int, int] | None, closed: bool = False
) -> tuple[np.ndarray, tuple[int, int]]:
    """``(board, start)`` of a path of squares if it is a tour, else raise."""
    arr = _as_int_array(path, "path")
    if arr.ndim != 2 or arr.shape[1] != 2 or arr.shape[0] < 1:
        raise InvalidTourError(
            f"a path must be an (N, 2) array of (row, col) squares, got shape {arr.shape}",
            "shape",
        )
    r = arr[:, 0].astype(np.int64)
    c = arr[:, 1].astype(np.int64)
    if shape is None:
        if r.min() < 0 or c.min() < 0:
            i = int(np.flatnonzero((r < 0) | (c < 0))[0])
            raise InvalidTourError(
                f"step {i} is at ({r[i]}, {c[i]}), off the board", "out-of-range", i,
                ((int(r[i]), int(c[i])),),
            )
        shape = (int(r.max()) + 1, int(c.max()) + 1)
        try:
            rows, cols = board_size(*shape)
        except BoardTooLargeError:
            # The smallest board holding these squares is beyond any tour, and
            # a path that fits in memory cannot cover it: not a tour, so
            # InvalidTourError below (is_tour() answers False), not an
            # argument error.
            rows, cols = shape
    else:
        rows, cols = board_size(*shape)
    off = np.flatnonzero((r < 0) | (r >= rows) | (c < 0) | (c >= cols))
    if off.size:
        i = int(off[0])
        raise InvalidTourError(
            f"step {i} is at ({r[i]}, {c[i]}), off the {rows}x{cols} board",
            "out-of-range",
            i,
            ((int(r[i]), int(c[i])),),
        )
    n = rows * cols
    if len(r) != n:
        # Checked without a table of the whole board, which may be far
        # larger than the path (a few squares with shape=(40000, 40000)).
        raise _explain_wrong_length(r, c, rows, cols)
    flat = r * cols + c
    counts = np.bincount(flat, minlength=n)
    if np.any(counts > 1):
        raise _repeated(r, c, _sq(int(np.flatnonzero(counts > 1)[0]), cols))
    dr = np.abs(np.diff(r))
    dc = np.abs(np.diff(c))
    ok = bool(np.all(dr * dc == 2))
    if closed:
        ok = ok and abs(int(r[-1] - r[0])) * abs(int(c[-1] - c[0])) == 2
    if not ok:
        raise _explain_path(r, c, rows, cols, closed)
    board = np.empty(n, dtype=np.int32)
    board[flat] = np.arange(n, dtype=np.int32)
    return board.reshape(rows, cols), (int(r[0]), int(c[0]))




def check_on_board(board: Any, layout: Board, closed: bool = False, base: int = 0,
                   ) -> tuple[np.ndarray, tuple[int, int]]:
    """:func:`check_board` for any :class:`knight.Board`: holes hold -1, the
    usable squares hold the steps 0..size-1, and each step is one of the
    board's moves (across the seam on a cylinder or torus).  ``base``: as
    for :func:`check_board`."""
    arr = _as_int_array(board, "board")
    if arr.ndim != 2 or arr.shape != layout.shape:
        raise InvalidTourError(
            f"the board has shape {arr.shape}, but the {layout.describe()} is "
            f"{layout.rows}x{layout.cols}", "shape")
    mask = layout.mask
    holes = ~mask
    if np.any(arr[holes] != -1):
        sq = tuple(int(v) for v in np.argwhere(holes & (arr != -1))[0])
        raise InvalidTourError(
            f"square {_fmt((sq[0], sq[1]))} is a hole of the {layout.describe()} but holds "
            f"{int(arr[sq])}; holes hold -1", "out-of-range", int(arr[sq]), ((sq[0], sq[1]),))
    n = layout.size
    steps = arr[mask].astype(np.int64)
    squares = layout.squares
    bad = np.flatnonzero((steps < 0) | (steps >= n))
    if bad.size:
        sq = (int(squares[bad[0], 0]), int(squares[bad[0], 1]))
        raise InvalidTourError(
            f"square {_fmt(sq)} holds {int(steps[bad[0]]) + base}, outside the steps "
            f"{base}..{n - 1 + base} of the {layout.describe()}" + _from_one(steps + base, n, base),
            "out-of-range", int(steps[bad[0]]), (sq,))
    counts = np.bincount(steps, minlength=n)
    if np.any(counts != 1):
        step = int(np.flatnonzero(counts != 1)[0])
        if counts[step] == 0:
            raise InvalidTourError(f"step {step + base} is missing", "missing-step", step)
        where = tuple((int(r), int(c)) for r, c in squares[steps == step])
        raise InvalidTourError(
            f"step {step + base} appears {len(where)} times, at "
            f"{' and '.join(_fmt(s) for s in where)}", "repeated-step", step, where)
    order = np.empty(n, dtype=np.int64)
    order[steps] = np.arange(n)
    path = squares[order].astype(np.int64)
    ok = moves_ok(layout, path[:-1], path[1:])
    if not ok.all():
        k = int(np.flatnonzero(~ok)[0])
        a = (int(path[k, 0]), int(path[k, 1]))
        b = (int(path[k + 1, 0]), int(path[k + 1, 1]))
        raise InvalidTourError(
            f"step {k + base} at {_fmt(a)} to step {k + 1 + base} at {_fmt(b)} is not a move "
            f"of the {layout.describe()}", "not-a-knight-move", k, (a, b))
    if closed and not (n == 1 or moves_ok(layout, path[-1:], path[:1]).all()):
        a, b = (int(path[-1, 0]), int(path[-1, 1])), (int(path[0, 0]), int(path[0, 1]))
        raise InvalidTourError(
            f"the tour is not closed: its end {_fmt(a)} is not a move from its start {_fmt(b)}",
            "not-closed", n - 1, (a, b))
    start = (int(path[0, 0]), int(path[0, 1]))
    return np.ascontiguousarray(arr, dtype=np.int32), start


def moves_ok(layout: Board, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For squares ``a[i]`` -> ``b[i]`` ((k, 2) int arrays): is each one move?"""
    ok = np.zeros(len(a), dtype=bool)
    for mv in layout.moves:
        ok |= move_hits(layout, a, b, mv)
    return ok


def move_hits(layout: Board, a: np.ndarray, b: np.ndarray, mv: tuple[int, int]) -> np.ndarray:
    """For squares ``a[i]`` -> ``b[i]``: is each the move ``mv`` (across the seam
    where the board wraps)?  A move back onto its own square is none."""
    dr = b[:, 0] - a[:, 0]
    dc = b[:, 1] - a[:, 1]
    hit_r = (dr - mv[0]) % layout.rows == 0 if layout.wrap == "torus" else dr == mv[0]
    hit_c = (dc - mv[1]) % layout.cols == 0 if layout.wrap is not None else dc == mv[1]
    result: np.ndarray = hit_r & hit_c & ((dr != 0) | (dc != 0))
    return result

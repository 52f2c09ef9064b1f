"""Linear-time construction of knight's tours by divide and conquer.

The board is cut into a grid of blocks with sides 5..11, each block gets a
small stored tour, and the blocks' tours are joined into one by swapping two
parallel edges between neighbouring blocks (Parberry, "An efficient algorithm
for the Knight's tour problem", Discrete Applied Mathematics 73, 1997; Lin &
Wei, "Optimal algorithms for constructing knight's tours on arbitrary n x m
chessboards", Discrete Applied Mathematics 146, 2005).  Time and memory are
O(rows * cols): the Cython core (:mod:`knight._core.construct`) plans the
blocks, cuts each kind of block at its join edges into a few runs of
stored-tour squares ("arcs"), follows the joined tour arc by arc, and then
writes the board block by block -- all in C, without the GIL, and the very
function the C API (``knight.capi``) exports.  Beyond the board it needs 16
bytes per block, a 45 KB chunk buffer and about 10 KB of write tables per
kind of block it uses (a few dozen kinds at most).

* A board with an even side: every block has an even side and a closed tour,
  the joined cycle is a closed tour, and an open tour from any square is the
  same cycle walked from that square (its closing move left out).
* An odd x odd board (open tours only): every row and column part is even
  except one odd row part and one odd column part, placed at even offsets so
  that the one odd x odd block they share holds the start square and has the
  board's corner colour.  That block gets a stored Hamiltonian path from the
  start square, and the joins absorb every other block's cycle into it.

The stored blocks (``data/blocks.bin``, a flat binary file the core
:mod:`knight._core.stored_blocks` reads and checks once, at import) are
found by ``scripts/make_blocks.py`` with the package's kind of search
(Warnsdorff-ordered backtracking); see that script for the join edges each
block carries.  Boards with a side of 3 or 4 are handed to :mod:`knight.thin`.

:func:`construct_between` builds an open tour with both ends given, on
boards with both sides >= 12 (its core: :mod:`knight._core.construct_between`):
a chain of blocks carries searched block paths (kept by
:mod:`knight._core.between_paths`) from the start to the end, and the rest
of the board is a few rectangles, each written by the construction's core
(into its window of the board, numbered from where the chain's path enters
it) and joined to the chain by a parallel-edge swap through one of its
corner edges.

The core's pure-Python twin (its planner, block cutter and walk) is
:mod:`knight.construct_py`.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

import numpy as np

from . import theory
from ._core import between_paths as _paths
from ._core import construct as _construct
from ._core import construct_between as _between
from ._core import stored_blocks as _stored
from .errors import NoTourError
from .geometry import Square, article, board_size, check_memory, square
from .thin import construction_cancelled, thin_tour


class NoLayoutError(RuntimeError):
    """:func:`construct_between` found no layout of its blocks for a pair it
    serves (none seen on the boards tested: every pair of 12x12 .. 16x17;
    :func:`knight.solve` then searches)."""


EVEN_PARTS = (6, 8, 10)
ODD_PARTS = (5, 7, 9, 11)
MAX_PART = 11


#: The layout of a block record in data/blocks.bin (see
#: :func:`knight._core.stored_blocks.parse_blocks`).
BLOCK_RECORD = np.dtype([("h", "u1"), ("w", "u1"), ("sr", "i1"), ("sc", "i1"), ("mask", "u1"),
                         ("pad", "u1", (3,)), ("offset", "<u4")])


def read_block_file(source: str | os.PathLike[str] | bytes) -> dict[str, np.ndarray]:
    """The arrays of a blocks.bin file (a path or its bytes), after the core's checks.

    Keys: ``codes``, and per block ``h``, ``w``, ``sr``, ``sc``, ``mask``,
    ``offset``; ``order`` is the move order the codes index.

    >>> from importlib import resources
    >>> d = read_block_file(resources.files("knight").joinpath("data/blocks.bin").read_bytes())
    >>> int(d["h"][0]), int(d["w"][0]), d["codes"].dtype.name
    (5, 6, 'uint8')
    """
    if isinstance(source, bytes):
        raw = source
    else:
        with open(source, "rb") as f:
            raw = f.read()
    err = _stored.parse_blocks(raw)
    if err is not None:
        raise RuntimeError(err)
    n, ncodes = (int(x) for x in np.frombuffer(raw, dtype="<u4", count=2, offset=8))
    rec = np.frombuffer(raw, dtype=BLOCK_RECORD, count=n, offset=32)
    out = {k: rec[k].astype(np.int64) for k in ("h", "w", "sr", "sc", "mask", "offset")}
    out["codes"] = np.frombuffer(raw, dtype=np.uint8, count=ncodes, offset=32 + rec.nbytes).copy()
    out["order"] = np.frombuffer(raw, dtype=np.int8, count=16, offset=16).reshape(8, 2).astype(
        np.int64
    )
    return out


def _even_parts(n: int) -> list[int]:
    """Split an even length (0 or >= 6) into parts from 6, 8 and 10.

    Mostly 10: fewer, larger blocks mean fewer arcs for the core to follow.
    """
    if n == 0:
        return []
    q, r = divmod(n, 10)
    if r == 0:
        return [10] * q
    if r == 2:
        return [10] * (q - 1) + [6, 6]
    if r == 4:
        return [10] * (q - 1) + [8, 6]
    return [10] * q + [r]


def _closed_parts(n: int) -> list[int]:
    """Split a side (>= 5) for a board with a closed tour: one odd part at most."""
    if n % 2 == 0:
        return _even_parts(n)
    if n <= 9:
        return [n]
    return [5] + _even_parts(n - 5)


def _odd_part_choices(n: int, s: int) -> Iterator[tuple[list[int], int]]:
    """Splits of an odd side whose single odd part holds ``s`` at an even offset."""
    for o in ODD_PARTS:
        for a in range(s - s % 2, max(-1, s - o), -2):
            rest = n - a - o
            if (a == 0 or a >= 6) and (rest == 0 or rest >= 6):
                before = _even_parts(a)
                yield before + [o] + _even_parts(rest), len(before)


def memory_estimate(rows: int, cols: int) -> int:
    """Bytes :func:`construct` may allocate (an upper bound).

    The int32 board, plus a byte per square of margin.  The core itself
    needs far less beyond the board -- 16 bytes per block (about 0.2 byte per
    square), a few bytes per block row and column, a 45 KB chunk buffer and
    about 10 KB of tables per kind of block (a few dozen kinds at most) -- so
    the margin also covers the process's own growth.

    >>> memory_estimate(100, 100)
    50000
    """
    return 5 * rows * cols


def _check_args(rows: Any, cols: Any, start: Any, closed: Any) -> tuple[int, int, Square, bool]:
    rows, cols = board_size(rows, cols)
    start = square(start, rows, cols, "start")
    if not isinstance(closed, (bool, np.bool_)):
        raise TypeError(f"closed must be True or False, not {type(closed).__name__}")
    return rows, cols, start, bool(closed)


def construct(rows: int, cols: int, start: Square, closed: bool,
              cancel: np.ndarray | None = None) -> np.ndarray:
    """A knight's tour of a ``rows`` x ``cols`` board from ``start``, in O(rows*cols).

    Returns the board (C-contiguous int32 step numbers, 0 at ``start``).
    ``closed=True`` makes the last square a knight move from the first.
    Raises :class:`~knight.NoTourError` at once when no such tour exists,
    :class:`~knight.BoardTooLargeError` (with the estimate) before allocating
    a board that cannot fit in memory.  Boards with a side of 3 or 4 are
    built by :mod:`knight.thin`.  Ctrl-C interrupts it; so does ``cancel``,
    the one-byte ``uint8`` flag of a cancel token, once it is non-zero
    (:class:`~knight.SearchCancelled`).

    >>> import knight
    >>> board = construct(12, 17, (5, 9), closed=True)
    >>> int(board[5, 9]), knight.is_tour(board, closed=True)
    (0, True)
    >>> knight.is_tour(construct(9, 11, (4, 6), closed=False))
    True
    >>> construct(7, 9, (0, 0), closed=True)
    Traceback (most recent call last):
    ...
    knight.errors.NoTourError: a 7x9 board has an odd number of squares, and a closed tour \
alternates colours, so it needs an even number (Schwenk 1991)
    """
    rows, cols, start, closed = _check_args(rows, cols, start, closed)
    why = theory.reason(rows, cols, start, closed)
    if why is not None:
        raise NoTourError(why)
    if rows == 1 and cols == 1:
        return np.zeros((1, 1), dtype=np.int32)
    if min(rows, cols) <= 4:
        return thin_tour(rows, cols, start, closed, cancel)
    check_memory(memory_estimate(rows, cols), f"constructing a tour of the {rows}x{cols} board")
    board = np.empty((rows, cols), dtype=np.int32)
    status = _construct.construct_into(board, start[0], start[1], closed, cancel)
    if status == _construct.CANCELLED:
        raise construction_cancelled(rows, cols)
    if status != _construct.OK:
        if status == _construct.BAD_DATA:
            why = _stored.blocks_error() or (
                f"the stored blocks do not join into a tour of the {rows}x{cols} board"
            )
            raise RuntimeError(f"construct: {why}")
        if status == _construct.NO_MEMORY:
            raise MemoryError(f"constructing a tour of {article(f'{rows}x{cols}')} board: "
                              "out of memory")
        # theory.reason above already refused every board without a tour.
        raise AssertionError(f"construct: status {status} on the {rows}x{cols} board")
    return board


# -- tours from a given square to a given square ---------------------------------

#: :func:`construct_between` serves boards whose sides are both at least this
#: (kept in :mod:`knight.theory`, below the planner, which asks it too).
BETWEEN_MIN_SIDE = theory.BETWEEN_MIN_SIDE

#: Block paths and chain steps the core keeps before it starts afresh (about
#: 10 MB at most).
_PATH_CACHE_LIMIT = 1 << 14


def between_serves(rows: int, cols: int, start: Square, end: Square) -> bool:
    """Whether :func:`construct_between` builds a tour from ``start`` to ``end``.

    It serves boards with both sides >= ``BETWEEN_MIN_SIDE`` (12), any two
    different squares that an open tour can join: of different colours on a
    board with an even side, both of the corner colour (``(r + c) % 2 ==
    0``) on an odd x odd board.  Squares off the board give False; a value
    that is not an integer raises TypeError.

    >>> between_serves(12, 12, (0, 0), (11, 0)), between_serves(12, 12, (0, 0), (11, 11))
    (True, False)
    >>> between_serves(13, 13, (0, 0), (12, 12)), between_serves(11, 40, (0, 0), (0, 1))
    (True, False)
    """
    rows, cols = board_size(rows, cols)
    try:
        s = square(start, rows, cols, "start")
        t = square(end, rows, cols, "end")
    except ValueError:
        return False
    return _serves(rows, cols, s, t)


def _serves(rows: int, cols: int, s: Square, t: Square) -> bool:
    """:func:`between_serves` for a checked board and squares on it."""
    if min(rows, cols) < BETWEEN_MIN_SIDE or s == t:
        return False
    cs, ct = (s[0] + s[1]) % 2, (t[0] + t[1]) % 2
    if rows % 2 == 0 or cols % 2 == 0:
        return cs != ct
    return cs == 0 and ct == 0


def _side_splits(n: int, at: int) -> Iterator[list[int]]:
    """Ways to cut a side into block parts: all even but one odd part holding
    ``at`` at an even offset when ``n`` is odd (then the odd x odd block of an
    odd x odd board is the corner of the chain, where both its ends have the
    corner colour).  The usual splits first; then the same with two
    neighbouring parts merged (up to 16), for the rare ends that a small
    block cannot join."""
    def firsts() -> Iterator[list[int]]:
        if n % 2 == 0:
            base = _even_parts(n)
            for k in range(len(base)):
                yield base[k:] + base[:k]
        else:
            for parts, _ in _odd_part_choices(n, at):
                yield parts

    seen: set[tuple[int, ...]] = set()
    for parts in firsts():
        if tuple(parts) not in seen:
            seen.add(tuple(parts))
            yield parts
    for parts in firsts():
        for i in range(len(parts) - 1):
            if parts[i] + parts[i + 1] > 16:
                continue
            merged = parts[:i] + [parts[i] + parts[i + 1]] + parts[i + 2:]
            if tuple(merged) not in seen:
                seen.add(tuple(merged))
                yield merged


@functools.lru_cache(maxsize=256)
def _cut_array(parts: tuple[int, ...]) -> np.ndarray:
    """The cuts of a split (0, then the parts' running sums) as a read-only
    int64 array for the core, kept (a board's splits recur)."""
    out = np.array(list(accumulate(parts, initial=0)), dtype=np.int64)
    out.flags.writeable = False
    return out


@functools.lru_cache(maxsize=1024)
def _first_cuts(n: int, at: int) -> np.ndarray:
    """The cuts of :func:`_side_splits`' first split (read-only)."""
    return _cut_array(tuple(next(_side_splits(n, at if n % 2 else 0))))


def _between_into(board: np.ndarray, rc: np.ndarray, cc: np.ndarray, s: Square,
                  t: Square) -> bool:
    """Try one cut of the board (at rows ``rc`` and columns ``cc``, int64); False if
    a block path or a swap is missing.

    The core plans the chain of blocks from s to t, the rectangles around
    it and their corner swaps, finds the chain's block paths (searched once
    per block shape, ends and swap edges, then kept) and writes the board.
    """
    status = _between.between_into(board, rc, cc, s[0], s[1], t[0], t[1])
    if status == _between.OK:
        return True
    if status == _between.NO_LAYOUT:
        return False
    if status == _between.NO_SWAP_EDGE:
        raise AssertionError("construct_between: a block path lacks its swap edge")
    if status == _between.NOT_COVERED:
        raise AssertionError("construct_between: the pieces do not cover the board")
    if status == _between.WINDOW_END:
        raise AssertionError("construct_between: a rectangle's tour does not end beside "
                             "its start")
    if status == _construct.NO_MEMORY:
        raise MemoryError(f"construct_between: out of memory on a {board.shape[0]}x"
                          f"{board.shape[1]} board")
    raise RuntimeError(f"construct_between: status {status} on a rectangle's window")


def construct_between(rows: int, cols: int, start: Square, end: Square) -> np.ndarray:
    """An open knight's tour of a ``rows`` x ``cols`` board from ``start`` to ``end``.

    Linear time, for the boards and squares :func:`between_serves` accepts
    (both sides >= 12; ``start`` and ``end`` of different colours on a board
    with an even side, both of the corner colour on an odd x odd board);
    ValueError for the rest.  Returns the board (C-contiguous int32 step
    numbers, 0 at ``start``, rows * cols - 1 at ``end``).

    The path runs through a chain of blocks (sides 5..11) from ``start``'s
    block along its block row, then along ``end``'s block column to
    ``end``'s block: each holds a Hamiltonian path between its entry and its
    exit (searched once per block shape and ends, then kept), the exit a
    knight move from the next block's entry.  The rest of the board is cut
    into at most five rectangles, each given a closed tour by the block
    construction (:func:`construct`'s core, written straight into its
    window), and each cycle is absorbed into the chain's path by swapping
    two parallel edges -- which keeps the path's ends (Lin & Wei 2005 absorb
    cycles into a path the same way): each rectangle is numbered from where
    the path enters it, and the chain's blocks after it move on by its size.
    The planning and all the writes are one call into the core.

    >>> import knight
    >>> board = construct_between(12, 14, (0, 0), (11, 12))
    >>> int(board[0, 0]), int(board[11, 12]), knight.is_tour(board)
    (0, 167, True)
    >>> construct_between(12, 12, (0, 0), (2, 2))
    Traceback (most recent call last):
    ...
    ValueError: construct_between serves start and end of different colours on a \
12x12 board
    """
    rows, cols = board_size(rows, cols)
    s = square(start, rows, cols, "start")
    t = square(end, rows, cols, "end")
    if not _serves(rows, cols, s, t):
        if min(rows, cols) < BETWEEN_MIN_SIDE:
            raise ValueError(f"construct_between serves boards with both sides >= "
                             f"{BETWEEN_MIN_SIDE}, not {rows}x{cols}")
        if s == t:
            raise ValueError("construct_between needs end different from start")
        if rows % 2 == 0 or cols % 2 == 0:
            raise ValueError(f"construct_between serves start and end of different colours "
                             f"on {article(f'{rows}x{cols}')} board")
        raise ValueError(f"construct_between serves start and end of the corner colour "
                         f"((row + col) % 2 == 0) on {article(f'{rows}x{cols}')} board")
    check_memory(memory_estimate(rows, cols), f"constructing a tour of the {rows}x{cols} board")
    if max(_paths.between_kept()) > _PATH_CACHE_LIMIT:
        _paths.between_forget()
    board = np.empty((rows, cols), dtype=np.int32)
    # The usual splits join nearly every pair: those first, kept per side
    # (an even side's split does not depend on the square).
    if _between_into(board, _first_cuts(rows, s[0] if rows % 2 else 0),
                     _first_cuts(cols, t[1] if cols % 2 else 0), s, t):
        return board
    tries = 0
    for rparts in _side_splits(rows, s[0]):
        for cparts in _side_splits(cols, t[1]):
            if _between_into(board, _cut_array(tuple(rparts)), _cut_array(tuple(cparts)), s, t):
                return board
            tries += 1
            if tries >= 64:
                break
        if tries >= 64:
            break
    raise NoLayoutError(f"construct_between found no layout for {s} -> {t} on a "
                        f"{rows}x{cols} board")


__all__ = [
    "BETWEEN_MIN_SIDE",
    "NoLayoutError",
    "between_serves",
    "construct",
    "construct_between",
    "memory_estimate",
]

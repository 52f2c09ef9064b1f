"""Linear-time construction of knight's tours by divide and conquer.

The board is cut into a grid of blocks with sides 5..11, each block gets a
small stored tour, and the blocks' tours are joined into one by swapping two
parallel edges between neighbouring blocks (Parberry, "An efficient algorithm
for the Knight's tour problem", Discrete Applied Mathematics 73, 1997; Lin &
Wei, "Optimal algorithms for constructing knight's tours on arbitrary n x m
chessboards", Discrete Applied Mathematics 146, 2005).  Time and memory are
O(rows * cols): the Cython core (:mod:`knight._core.construct`) follows the joined
tour arc by arc (a few runs of stored-tour squares per block) and then writes
the int32 board block by block; beyond the board it needs a few bytes per
block.

* A board with an even side: every block has an even side and a closed tour,
  the joined cycle is a closed tour, and an open tour from any square is the
  same cycle walked from that square (its closing move left out).
* An odd x odd board (open tours only): every row and column part is even
  except one odd row part and one odd column part, placed at even offsets so
  that the one odd x odd block they share holds the start square and has the
  board's corner colour.  That block gets a stored Hamiltonian path from the
  start square, and the joins absorb every other block's cycle into it.

The stored blocks (``data/blocks.npz``) are found by ``scripts/make_blocks.py``
with the package's kind of search (Warnsdorff-ordered backtracking); see that
script for the join edges each block carries.  Boards with a side of 3 or 4
are handed to :mod:`knight.thin`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from importlib import resources
from typing import Any, NamedTuple

import numpy as np

from . import theory
from ._core import construct as _construct
from .errors import NoTourError
from .geometry import DEFAULT_ORDER, Square, board_size, check_memory, square
from .thin import thin_tour

# Join-edge bits of a stored block (see scripts/make_blocks.py).
L, U, R, D = 1, 2, 4, 8
EVEN_PARTS = (6, 8, 10)
ODD_PARTS = (5, 7, 9, 11)
MAX_PART = 11


class _Blocks:
    """The stored block tours, checked once and indexed for the planner."""

    def __init__(self, data: dict[str, np.ndarray]) -> None:
        if [tuple(m) for m in data["order"].tolist()] != list(DEFAULT_ORDER):
            raise RuntimeError("data/blocks.npz was written for another move order")
        self.codes = np.ascontiguousarray(data["codes"], dtype=np.uint8)
        h, w = data["h"].astype(np.int64), data["w"].astype(np.int64)
        offset = data["offset"].astype(np.int64)
        _check_codes(self.codes, h, w, offset)
        # tile_at[h, w, k]: offset of a closed h x w block for block column
        # 0 (k = 0: needs U, R, D) or any other column (k = 1: needs L, R).
        self.tile_at = np.full((MAX_PART + 1, MAX_PART + 1, 2), -1, dtype=np.int64)
        self.paths: dict[tuple[int, int, int, int], list[tuple[int, int]]] = {}
        self.h, self.w, self.offset = h, w, offset
        self.sr, self.sc = data["sr"].astype(np.int64), data["sc"].astype(np.int64)
        self.index = {int(o): i for i, o in enumerate(offset)}
        self._orders: dict[int, np.ndarray] = {}
        self._configs: dict[tuple[int, int, int], _Config] = {}
        for i in range(len(h)):
            hi, wi, sr, sc, mask = (int(v[i]) for v in (h, w, data["sr"], data["sc"], data["mask"]))
            if sr < 0:
                for k, need in enumerate((U | R | D, L | R)):
                    if mask & need == need and self.tile_at[hi, wi, k] < 0:
                        self.tile_at[hi, wi, k] = offset[i]
            else:
                self.paths.setdefault((hi, wi, sr, sc), []).append((mask, int(offset[i])))

    def order(self, offset: int) -> np.ndarray:
        """The squares (r*w + c) of the block at ``offset`` in tour order.

        A closed tour is read from (0, 0) along its low-nibble edge first, a
        path from its start.  Raises if the edges do not make one tour.
        """
        if offset not in self._orders:
            self._orders[offset] = self._read_order(offset)
        return self._orders[offset]

    def _read_order(self, offset: int) -> np.ndarray:
        i = self.index[offset]
        h, w = int(self.h[i]), int(self.w[i])
        code = self.codes[offset:offset + h * w].tolist()
        cur = 0 if self.sr[i] < 0 else int(self.sr[i] * w + self.sc[i])
        back = 8
        seen = [False] * (h * w)
        out = []
        for _ in range(h * w):
            if seen[cur]:
                raise RuntimeError("data/blocks.npz holds a block that is not one tour")
            seen[cur] = True
            out.append(cur)
            k = code[cur] & 15
            if k == back:
                k = code[cur] >> 4
            if k == 8:
                break
            cur += DEFAULT_ORDER[k][0] * w + DEFAULT_ORDER[k][1]
            back = (k + 4) & 7
        if len(out) != h * w:
            raise RuntimeError("data/blocks.npz holds a block that is not one tour")
        return np.array(out, dtype=np.int64)

    def config(self, offset: int, mask: int, split: int) -> _Config:
        """The block at ``offset`` cut at the join edges in ``mask``.

        ``split`` >= 0 (closed blocks only) is the position, in tour order,
        of the start square: the arc holding it is cut there too, so that the
        tour can begin at the start and end on the square before it.
        """
        key = (offset, mask, split)
        if key not in self._configs:
            self._configs[key] = self._make_config(offset, mask, split)
        return self._configs[key]

    def _make_config(self, offset: int, mask: int, split: int) -> _Config:
        i = self.index[offset]
        h, w = int(self.h[i]), int(self.w[i])
        m = h * w
        closed = self.sr[i] < 0
        o = self.order(offset)
        pos = np.empty(m, dtype=np.int64)
        pos[o] = np.arange(m)
        link_at = {}  # position -> join square code of the arc end there
        cuts = []
        for bit, ((a, ja), (b, jb)) in _join_squares(h, w).items():
            if not mask & bit:
                continue
            pa, pb = int(pos[a[0] * w + a[1]]), int(pos[b[0] * w + b[1]])
            if (pa + 1) % m == pb and (closed or pa + 1 < m):
                t = pa
            elif (pb + 1) % m == pa and (closed or pb + 1 < m):
                t = pb
            else:
                raise RuntimeError(f"a stored {h}x{w} block lacks join edge {a}-{b}")
            cuts.append(t)
            link_at[pa], link_at[pb] = ja, jb
        cuts.sort()
        arcs = []  # (low position, length)
        if closed and not cuts:
            # A lone block: its cycle, read from the start.
            arcs.append((max(split, 0), m))
            split = -1
        elif closed:
            for x, t in enumerate(cuts):
                nxt = cuts[(x + 1) % len(cuts)]
                arcs.append(((t + 1) % m, (nxt - t - 1) % m + 1))
        else:
            edges = [-1] + cuts + [m - 1]
            arcs = [(edges[x] + 1, edges[x + 1] - edges[x]) for x in range(len(edges) - 1)]
        start_arc = 0
        if split >= 0:
            for x, (lo, ln) in enumerate(arcs):
                d = (split - lo) % m
                if d < ln:
                    if d:
                        arcs[x:x + 1] = [(lo, d), (split, ln - d)]
                        start_arc = x + 1
                    else:
                        # The start already begins an arc: the tour comes
                        # back to it across the join that cut the arc.
                        start_arc, split = x, -1
                    break
        if len(arcs) > _construct.MAX_ARCS:
            raise AssertionError("too many arcs in one block")
        runs = []
        entry = np.full(8, -1, dtype=np.int8)
        lo_link, hi_link, lens = [], [], []
        for x, (lo, ln) in enumerate(arcs):
            runs.append(o[(lo + np.arange(ln)) % m])
            hi = (lo + ln - 1) % m
            # A split end and a path end link nowhere.
            jl = link_at.get(lo, -1) if lo != split and (closed or lo > 0) else -1
            jh = link_at.get(hi, -1) if (hi + 1) % m != split and (closed or hi < m - 1) else -1
            lo_link.append(jl)
            hi_link.append(jh)
            lens.append(ln)
            if jl >= 0:
                entry[jl] = 2 * x
            if jh >= 0:
                entry[jh] = 2 * x + 1
        seq = np.concatenate(runs)
        if np.any(np.sort(seq) != np.arange(m)):
            raise AssertionError("a block's arcs do not cover it once")
        return _Config(w, seq, lens, lo_link, hi_link, entry, start_arc)

    def path_offset(self, h: int, w: int, start: Square, need: int) -> int:
        """Offset of a stored path from ``start`` with the ``need`` edges, or -1."""
        for mask, off in self.paths.get((h, w, start[0], start[1]), ()):
            if mask & need == need:
                return off
        return -1


class _Config(NamedTuple):
    """A stored block cut into arcs (runs of consecutive tour squares)."""

    w: int
    seq: np.ndarray  # the squares (r*w + c), arc after arc, each from its low end
    lens: list[int]
    lo_link: list[int]  # join square code at each arc's low end, -1 for none
    hi_link: list[int]
    entry: np.ndarray  # per join square code: 2*arc + end (0 low, 1 high), or -1
    start_arc: int


def _join_squares(h: int, w: int) -> dict[int, tuple[tuple[Square, int], tuple[Square, int]]]:
    """Each join edge of an h x w block with the codes of its two squares.

    Square code 0 (0,w-1) joins the right neighbour's 2 (1,1), 1 (2,w-2) its
    3 (3,0); 6 (h-1,0) joins the lower neighbour's 4 (1,1), 7 (h-2,2) its
    5 (0,3).  See scripts/make_blocks.py and the join comments in
    _core/construct.pyx.
    """
    return {
        R: (((0, w - 1), 0), ((2, w - 2), 1)),
        L: (((1, 1), 2), ((3, 0), 3)),
        U: (((1, 1), 4), ((0, 3), 5)),
        D: (((h - 1, 0), 6), ((h - 2, 2), 7)),
    }


def _check_codes(codes: np.ndarray, h: np.ndarray, w: np.ndarray, offset: np.ndarray) -> None:
    """Refuse stored blocks whose edges leave the block or are not mutual.

    With this, and :meth:`_Blocks.order` checking that a block's edges make
    one tour, no data file can send the cores' table lookups astray.
    """
    sizes = h * w
    if codes.size != int(sizes.sum()) or np.any(offset != np.cumsum(sizes) - sizes):
        raise RuntimeError("data/blocks.npz is inconsistent")
    tile = np.repeat(np.arange(len(h)), sizes)
    local = np.arange(codes.size) - offset[tile]
    r, c = local // w[tile], local % w[tile]
    dr = np.array([m[0] for m in DEFAULT_ORDER] + [0], dtype=np.int64)
    dc = np.array([m[1] for m in DEFAULT_ORDER] + [0], dtype=np.int64)
    ends = 0
    for k in (codes & 15, codes >> 4):
        k = k.astype(np.int64)
        if np.any(k > 8):
            raise RuntimeError("data/blocks.npz holds an invalid direction")
        ends += int(np.sum(k == 8))
        tr, tc = r + dr[k], c + dc[k]
        if np.any((tr < 0) | (tr >= h[tile]) | (tc < 0) | (tc >= w[tile])):
            raise RuntimeError("data/blocks.npz holds an edge leaving its block")
        target = offset[tile] + tr * w[tile] + tc
        rev = np.where(k == 8, 8, (k + 4) & 7)
        there = codes[target].astype(np.int64)
        if np.any((k != 8) & ((there & 15) != rev) & ((there >> 4) != rev)):
            raise RuntimeError("data/blocks.npz holds an edge without its reverse")
    del ends


@functools.lru_cache(maxsize=1)
def _blocks() -> _Blocks:
    path = resources.files("knight").joinpath("data/blocks.npz")
    with path.open("rb") as f, np.load(f) as data:
        return _Blocks({k: data[k] for k in data.files})


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


def _cuts(parts: list[int]) -> np.ndarray:
    return np.cumsum([0] + parts).astype(np.int32)


class Plan:
    """Where the blocks go: row and column cuts and the start block's path."""

    def __init__(self, rows: list[int], cols: list[int], odd: tuple[int, int] = (-1, -1),
                 odd_offset: int = -1) -> None:
        self.rcut = _cuts(rows)
        self.ccut = _cuts(cols)
        self.odd = odd
        self.odd_offset = odd_offset


def plan(rows: int, cols: int, start: Square, closed: bool) -> Plan:
    """Choose the blocks for a board with both sides >= 5 (a tour must exist).

    >>> p = plan(13, 13, (6, 6), False)
    >>> p.rcut.tolist(), p.ccut.tolist(), p.odd
    ([0, 6, 13], [0, 6, 13], (1, 1))
    """
    if rows % 2 == 0 or cols % 2 == 0:
        return Plan(_closed_parts(rows), _closed_parts(cols))
    blocks = _blocks()
    for rparts, i in _odd_part_choices(rows, start[0]):
        for cparts, j in _odd_part_choices(cols, start[1]):
            nr, nc = len(rparts), len(cparts)
            if j > 0:
                need = L | (R if j < nc - 1 else 0)
            else:
                need = (U if i > 0 else 0) | (D if i < nr - 1 else 0) | (R if nc > 1 else 0)
            y0, x0 = sum(rparts[:i]), sum(cparts[:j])
            off = blocks.path_offset(rparts[i], cparts[j], (start[0] - y0, start[1] - x0), need)
            if off >= 0:
                return Plan(rparts, cparts, (i, j), off)
    raise AssertionError(f"no stored start block fits a {rows}x{cols} board from {start}")


def memory_estimate(rows: int, cols: int) -> int:
    """Bytes :func:`construct` may allocate (an upper bound).

    The int32 board, plus a byte per square for the per-block tables (about
    34 bytes per block at their peak; all blocks but a few at the board's
    edges have 40 squares or more).  Measured at 10^8 squares: 1.07 to 1.09
    times the board.

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


def construct(rows: int, cols: int, start: Square, closed: bool) -> np.ndarray:
    """A knight's tour of a ``rows`` x ``cols`` board from ``start``, in O(rows*cols).

    Returns the board (C-contiguous int32 step numbers, 0 at ``start``).
    ``closed=True`` makes the last square a knight move from the first.
    Raises :class:`~knight.NoTourError` at once when no such tour exists,
    :class:`~knight.BoardTooLargeError` (with the estimate) before allocating
    a board that cannot fit in memory.  Boards with a side of 3 or 4 are
    built by :mod:`knight.thin`.  Ctrl-C interrupts it.

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
        return thin_tour(rows, cols, start, closed)
    check_memory(memory_estimate(rows, cols), f"constructing a tour of a {rows}x{cols} board")
    p = plan(rows, cols, start, closed)
    arrays = _layout(p, start, cols)
    nb = arrays["blkcfg"].size
    base = np.full(nb * _construct.MAX_ARCS, -1, dtype=np.int32)
    sign = np.zeros(nb * _construct.MAX_ARCS, dtype=np.int8)
    stats = np.zeros(1, dtype=np.int64)
    status = _construct.traverse(
        arrays["blkcfg"], arrays["arc_k"], arrays["arc_len"], arrays["exit_js"],
        arrays["exit_delta"], arrays["entry"], arrays["start_blk"], arrays["start_arc"],
        rows * cols, base, sign, stats,
    )
    if status != _construct.OK or stats[0] != arrays["arcs"]:
        raise AssertionError(
            f"construct: the joined blocks of the {rows}x{cols} board are not one tour "
            f"(status {status}, {int(stats[0])} of {arrays['arcs']} arcs)"
        )
    board = np.empty((rows, cols), dtype=np.int32)
    _construct.write(
        board, p.rcut, p.ccut, arrays["blkcfg"], arrays["seq_off"], arrays["seq"],
        arrays["arc_off"], arrays["arc_len"], base, sign,
    )
    return board


def _layout(p: Plan, start: Square, cols: int) -> dict[str, Any]:
    """Per-block configuration ids and the configurations' tables for the cores."""
    blocks = _blocks()
    rparts, cparts = np.diff(p.rcut), np.diff(p.ccut)
    nr, nc = len(rparts), len(cparts)
    # Join edges each block gives up: block column 0 is joined up and down
    # and to the right, other blocks to the left and right (see _construct).
    # So a block's configuration is fixed by its row part and, in column 0,
    # its place in that column, or elsewhere by its column part and whether
    # it is last: a small table, gathered once per block.
    idx = np.arange(nr)
    row_mask = np.where(idx > 0, U, 0) + np.where(idx < nr - 1, D, 0) + (R if nc > 1 else 0)
    col_mask = np.where(np.arange(1, nc) < nc - 1, R, 0) + L
    first_keys, first_of = np.unique(rparts * 16 + row_mask, return_inverse=True)
    heights, height_of = np.unique(rparts, return_inverse=True)
    col_keys, col_of = np.unique(cparts[1:] * 16 + col_mask, return_inverse=True)
    ids: dict[tuple[int, int, int], int] = {}
    configs: list[_Config] = []
    odd_keys: list[tuple[int, int, int]] = []

    def config_id(h: int, w: int, mask: int) -> int:
        if (h, w, mask) not in ids:
            if h % 2 and w % 2:
                # The start block of an odd board: its path is appended last.
                odd_keys.append((h, w, mask))
                ids[(h, w, mask)] = -1
            else:
                ids[(h, w, mask)] = len(configs)
                off = int(blocks.tile_at[h, w, 1 if mask & L else 0])
                configs.append(blocks.config(off, mask, -1))
        return ids[(h, w, mask)]

    first_cfg = np.array(
        [config_id(int(k) // 16, int(cparts[0]), int(k) % 16) for k in first_keys], dtype=np.int32
    )
    rest_cfg = np.array(
        [[config_id(int(h), int(k) // 16, int(k) % 16) for k in col_keys] for h in heights],
        dtype=np.int32,
    ).reshape(len(heights), len(col_keys))
    blkcfg = np.empty((nr, nc), dtype=np.int32)
    blkcfg[:, 0] = first_cfg[first_of]
    blkcfg[:, 1:] = rest_cfg[height_of[:, None], col_of[None, :]]
    # The start block gets a configuration of its own.
    i0 = int(np.searchsorted(p.rcut, start[0], side="right")) - 1
    j0 = int(np.searchsorted(p.ccut, start[1], side="right")) - 1
    y0, x0 = int(p.rcut[i0]), int(p.ccut[j0])
    h0, w0 = int(rparts[i0]), int(cparts[j0])
    if j0 == 0:
        mask0 = int(row_mask[i0])
    else:
        mask0 = int(col_mask[j0 - 1])
    if p.odd[0] >= 0:
        cfg0 = blocks.config(p.odd_offset, mask0, -1)
    else:
        off = int(blocks.tile_at[h0, w0, 0 if j0 == 0 else 1])
        order = blocks.order(off)
        split = int(np.flatnonzero(order == (start[0] - y0) * w0 + start[1] - x0)[0])
        cfg0 = blocks.config(off, mask0, split)
    blkcfg[i0, j0] = len(configs)
    if odd_keys != ([(h0, w0, mask0)] if p.odd[0] >= 0 else []) or blkcfg.min() < 0:
        raise AssertionError("an odd x odd block away from the start")
    configs.append(cfg0)
    narcs = np.array([len(c.lens) for c in configs], dtype=np.int32)
    arc_off = np.concatenate([[0], np.cumsum(narcs)]).astype(np.int64)
    # Leaving an arc entered at its low end goes out through its high end's
    # join square, and the other way round; each join square leads to one
    # neighbour (see _join_squares).
    exit_js = np.array(
        [js for c in configs for lo, hi in zip(c.lo_link, c.hi_link, strict=True)
         for js in (hi, lo)],
        dtype=np.int8,
    )
    # Block index step for each join square; the last entry, 0, is what a
    # tour end (-1) picks up.
    step = np.array([1, 1, -1, -1, -nc, -nc, nc, nc, 0], dtype=np.int64)
    entry = np.concatenate([
        np.where(c.entry >= 0, c.entry + 2 * arc_off[x], -1) for x, c in enumerate(configs)
    ])
    sizes = np.array([c.seq.size for c in configs], dtype=np.int64)
    return {
        "blkcfg": np.ascontiguousarray(blkcfg.ravel(), dtype=np.uint16),
        "arc_off": arc_off.astype(np.int32),
        "arc_k": np.concatenate([np.arange(k) for k in narcs]).astype(np.int8),
        "arc_len": np.array([x for c in configs for x in c.lens], dtype=np.int32),
        "exit_js": exit_js,
        "exit_delta": step[exit_js],
        "entry": entry.astype(np.int32),
        "seq_off": (np.cumsum(sizes) - sizes).astype(np.int32),
        # Squares as offsets from the block's corner on this board.
        "seq": np.concatenate([c.seq // c.w * cols + c.seq % c.w for c in configs]).astype(
            np.int64
        ),
        "start_blk": i0 * nc + j0,
        "start_arc": int(arc_off[-2]) + cfg0.start_arc,
        "arcs": int(np.bincount(blkcfg.ravel(), minlength=len(configs)) @ narcs),
    }


def reference_construct(rows: int, cols: int, start: Square, closed: bool) -> np.ndarray:
    """Pure-Python twin of :func:`construct` for boards with both sides >= 5.

    Same plan, same blocks, same joins and walk, written plainly; the tests
    check that it gives the same board as the Cython core.

    >>> import numpy as np
    >>> ref, fast = reference_construct(10, 13, (3, 4), True), construct(10, 13, (3, 4), True)
    >>> bool(np.array_equal(ref, fast) or np.array_equal((130 - ref) % 130, fast))
    True
    """
    rows, cols, start, closed = _check_args(rows, cols, start, closed)
    why = theory.reason(rows, cols, start, closed)
    if why is not None:
        raise NoTourError(why)
    if min(rows, cols) < 5:
        raise ValueError("reference_construct handles boards with both sides >= 5 only")
    p = plan(rows, cols, start, closed)
    blocks = _blocks()
    # edges[(r, c)] = set of neighbouring squares joined to (r, c) by the tour
    edges: dict[Square, set[Square]] = {}
    for i in range(len(p.rcut) - 1):
        y, h = int(p.rcut[i]), int(p.rcut[i + 1] - p.rcut[i])
        for j in range(len(p.ccut) - 1):
            x, w = int(p.ccut[j]), int(p.ccut[j + 1] - p.ccut[j])
            off = p.odd_offset if (i, j) == p.odd else int(blocks.tile_at[h, w, int(j > 0)])
            for lr in range(h):
                for lc in range(w):
                    v = int(blocks.codes[off + lr * w + lc])
                    edges[(y + lr, x + lc)] = {
                        (y + lr + DEFAULT_ORDER[k][0], x + lc + DEFAULT_ORDER[k][1])
                        for k in (v & 15, v >> 4) if k < 8
                    }

    def swap(a: Square, b: Square, c: Square, d: Square) -> None:
        for x, y in ((a, b), (c, d)):
            edges[x].remove(y)
            edges[y].remove(x)
        for x, y in ((a, c), (b, d)):
            edges[x].add(y)
            edges[y].add(x)

    for i in range(len(p.rcut) - 1):
        y = int(p.rcut[i])
        for j in range(1, len(p.ccut) - 1):
            x = int(p.ccut[j])
            swap((y, x - 1), (y + 2, x - 2), (y + 1, x + 1), (y + 3, x))
    for i in range(1, len(p.rcut) - 1):
        y = int(p.rcut[i])
        swap((y - 1, 0), (y - 2, 2), (y + 1, 1), (y, 3))
    board = np.full((rows, cols), -1, dtype=np.int32)
    prev: Square | None = None
    cur = start
    for step in range(rows * cols):
        board[cur] = step
        # Only the start of a cycle has two ways to go; either gives a tour
        # (the core may take the other, i.e. the same tour reversed).
        ahead = sorted(q for q in edges[cur] if q != prev)
        if step < rows * cols - 1:
            prev, cur = cur, ahead[0]
        elif closed and start not in edges[cur]:
            raise AssertionError("reference_construct: the tour does not close")
    return board


__all__ = ["construct", "memory_estimate", "plan", "reference_construct"]

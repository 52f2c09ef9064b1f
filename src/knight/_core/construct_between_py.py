"""Pure-Python twin of ``construct_between.pyx``'s ``between_into``: one try of
:func:`knight.construct.construct_between` on a board cut at given rows and
columns, planned in Python.

It makes the same choices in the same order as the core (the chain of
blocks from the start's block along its block row and down the end's block
column, the rectangles around it, a corner swap joining each rectangle to
a chain block, the links between chain blocks nearest the middle of their
common side first, at most twelve of them tried), so the two build the same
board square for square: the tests compare them, and the benchmarks measure
the core against it.  The block paths are searched by
``between_paths.block_path`` and the rectangles' closed tours written by
``construct.construct_window`` (each has its own reference), then the chain
is numbered by ``construct_between.write_blocks``; the planning around them
is what is twinned here.  This was construct_between's own planner before
it moved into the core.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from itertools import accumulate
from typing import Any, NamedTuple

import numpy as np

from ..geometry import DEFAULT_ORDER, Square
from . import between_paths as _paths
from . import construct as _construct
from . import construct_between as _between

__all__ = ["between_into", "forget"]

Box = tuple[int, int, int, int]     # rows [r0, r1) x columns [c0, c1)

# As the core: seeds tried per block path (seed k given k * PATH_NODES nodes).
_PATH_NODES = 20000
_PATH_SEEDS = 8

_path_cache: dict[tuple[Any, ...], np.ndarray | None] = {}


def forget() -> None:
    """Drop every block path and chain step kept (as ``between_forget``)."""
    _path_cache.clear()
    _step_cache.clear()
    _store.clear()
    _all_links.cache_clear()


def _block_path(h: int, w: int, entry: int, exit_: int,
                req: tuple[tuple[int, int], ...] = ()) -> np.ndarray | None:
    """A Hamiltonian path of an h x w block from square ``entry`` to ``exit_``
    (numbered r * w + c) through the ``req`` edges (pairs of squares),
    searched once per process and kept; None if none found."""
    key = (h, w, entry, exit_, req)
    if key in _path_cache:
        return _path_cache[key]
    partner = None
    if req:
        partner = np.full(h * w, -1, dtype=np.int32)
        for p, q in req:
            partner[p], partner[q] = q, p
    out: np.ndarray | None = np.empty(h * w, dtype=np.int32)
    assert out is not None
    for seed in range(1, _PATH_SEEDS + 1):
        if _paths.block_path(h, w, entry, exit_, seed, _PATH_NODES * seed, out,
                             partner) >= 0:
            break
    else:
        out = None
    _path_cache[key] = out
    return out


def _links(a: Box, b: Box, colour: int, avoid: Square) -> list[tuple[Square, Square]]:
    """Knight moves from a square of box ``a`` other than ``avoid``, of the
    given colour, to box ``b``, nearest the middle of their common side first."""
    return [(x, e) for x, e in _all_links(a, b, colour) if x != avoid]


@functools.lru_cache(maxsize=4096)
def _all_links(a: Box, b: Box, colour: int) -> tuple[tuple[Square, Square], ...]:
    """:func:`_links` for every square, kept: a chain's blocks have few shapes
    and places, its entries many."""
    ar0, ar1, ac0, ac1 = a
    br0, br1, bc0, bc1 = b
    mid_r = (max(ar0, br0) + min(ar1, br1)) / 2 if ar1 > br0 and br1 > ar0 else (
        ar1 if br0 >= ar1 else ar0)
    mid_c = (max(ac0, bc0) + min(ac1, bc1)) / 2 if ac1 > bc0 and bc1 > ac0 else (
        ac1 if bc0 >= ac1 else ac0)
    out = []
    for r in range(max(ar0, br0 - 2), min(ar1, br1 + 2)):
        for c in range(max(ac0, bc0 - 2), min(ac1, bc1 + 2)):
            if (r + c) % 2 != colour:
                continue
            for k, (dr, dc) in enumerate(DEFAULT_ORDER):
                if br0 <= r + dr < br1 and bc0 <= c + dc < bc1:
                    out.append((abs(r - mid_r) + abs(c - mid_c), k, (r, c), (r + dr, c + dc)))
    out.sort()
    return tuple((x, e) for _, _, x, e in out)


_step_cache: dict[tuple[Any, ...],
                  tuple[list[tuple[int, int, int]], list[tuple[Square, Square]]]] = {}


class _PathStore:
    """The block paths in use, each named by a small int (the chain groups
    blocks by it), kept as lists for lookups and end to end in one growing
    array for the core that writes them."""

    def __init__(self) -> None:
        self.paths: list[np.ndarray] = []
        self.lists: list[list[int]] = []
        self.ids: dict[int, int] = {}
        self._flat = np.empty(1 << 12, dtype=np.int32)
        self._first = np.zeros(1 << 6, dtype=np.int64)

    def index(self, path: np.ndarray) -> int:
        key = id(path)
        got = self.ids.get(key)
        if got is None:
            got = self.ids[key] = len(self.paths)
            self.paths.append(path)
            self.lists.append(path.tolist())
            # Room doubles as needed, so adding a path costs its own length.
            if got + 2 > len(self._first):
                self._first = np.resize(self._first, 2 * len(self._first))
            lo = int(self._first[got])
            while lo + len(path) > len(self._flat):
                self._flat = np.resize(self._flat, 2 * len(self._flat))
            self._flat[lo:lo + len(path)] = path
            self._first[got + 1] = lo + len(path)
        return got

    def flat(self) -> tuple[np.ndarray, np.ndarray]:
        """All paths end to end (int32) and where each begins (int64, one more)."""
        n = len(self.paths)
        return self._flat[:int(self._first[n])], self._first[:n + 1]

    def clear(self) -> None:
        self.__init__()  # type: ignore[misc]

    def __len__(self) -> int:
        return len(self.paths)


_store = _PathStore()


def _path_index(path: np.ndarray) -> int:
    """A small int naming a cached block path."""
    return _store.index(path)


def _transition(h: int, w: int, er: int, ec: int, nxt: tuple[int, int, int, int],
                skip: int = 0,
                req: tuple[tuple[int, int], ...] = ()) -> tuple[int, int, int] | None:
    """A chain block's path and its link to the next block, in block coordinates.

    The block is h x w with its entry at (er, ec); the next block's corner
    and size relative to this one are ``nxt``.  Returns (path index, entry
    row, entry column of the next block in its own coordinates), the
    ``skip``-th working choice (by :func:`_links`' order), or None; the path
    holds the ``req`` edges.  Kept: the same corridor block recurs all along
    the chain.
    """
    key = (h, w, er, ec, req) + nxt
    got = _step_cache.get(key)
    if got is None:
        dr, dc, hn, wn = nxt
        if h * w % 2:
            cands = _links((0, h, 0, w), (dr, dr + hn, dc, dc + wn), 0, (er, ec)) if (
                (er + ec) % 2 == 0) else []
        else:
            cands = _links((0, h, 0, w), (dr, dr + hn, dc, dc + wn), 1 - (er + ec) % 2, (er, ec))
        # The working choices found so far and the candidates left to try:
        # a later skip goes on from where the last one stopped.
        got = _step_cache[key] = ([], cands[:12][::-1])
    found, left = got
    while len(found) <= skip and left:
        x, e = left.pop()
        path = _block_path(h, w, er * w + ec, x[0] * w + x[1], req)
        if path is not None:
            found.append((_path_index(path), e[0] - nxt[0], e[1] - nxt[1]))
    return found[skip] if skip < len(found) else None


class _Chain(NamedTuple):
    """The chain's blocks, in order: along s's block row (``nh`` blocks) to
    t's block column, then along that column to t's block; r0, r1, c0, c1
    per block, and the block grid's cuts and the two ends' block places, by
    which :func:`_near_blocks` finds the blocks near a square at once."""

    r0: list[int]
    r1: list[int]
    c0: list[int]
    c1: list[int]
    nh: int
    rc: list[int]
    cc: list[int]
    si: int
    sj: int
    ti: int
    tj: int


def _chain(rc: list[int], cc: list[int], si: int, sj: int, ti: int, tj: int) -> _Chain:
    """The chain from block (si, sj) to block (ti, tj) of the grid cut at rc, cc."""
    dj = 1 if tj >= sj else -1
    di = 1 if ti >= si else -1
    js = range(sj, tj + dj, dj)
    is_ = range(si + di, ti + di, di)
    nh, nv = len(js), len(is_)
    return _Chain([rc[si]] * nh + [rc[i] for i in is_],
                  [rc[si + 1]] * nh + [rc[i + 1] for i in is_],
                  [cc[j] for j in js] + [cc[tj]] * nv,
                  [cc[j + 1] for j in js] + [cc[tj + 1]] * nv,
                  nh, rc, cc, si, sj, ti, tj)


def _near_blocks(ch: _Chain, r: int, c: int) -> list[int]:
    """The chain blocks (indices, in chain order) with a square within two
    rows and two columns of (r, c): r0 <= r + 2 < r1 + 4 and the same for
    columns.  The chain is one block row and one block column, so bisection
    on the cuts finds them without looking at the others."""
    rc, cc = ch.rc, ch.cc
    # Block rows i with rc[i] <= r + 2 and rc[i + 1] > r - 2, likewise columns.
    ilo = max(bisect_right(rc, r - 2) - 1, 0)
    ihi = min(bisect_right(rc, r + 2) - 1, len(rc) - 2)
    jlo = max(bisect_right(cc, c - 2) - 1, 0)
    jhi = min(bisect_right(cc, c + 2) - 1, len(cc) - 2)
    out = []
    if ilo <= ch.si <= ihi:
        lo, hi = min(ch.sj, ch.tj), max(ch.sj, ch.tj)
        dj = 1 if ch.tj >= ch.sj else -1
        out += [(j - ch.sj) * dj for j in range(max(jlo, lo), min(jhi, hi) + 1)]
    if jlo <= ch.tj <= jhi and ch.ti != ch.si:
        di = 1 if ch.ti >= ch.si else -1
        lo, hi = (ch.si + 1, ch.ti) if di > 0 else (ch.ti, ch.si - 1)
        out += [ch.nh + (i - ch.si) * di - 1 for i in range(max(ilo, lo), min(ihi, hi) + 1)]
    out.sort()
    return out


def _chain_paths(ch: _Chain, s: Square, t: Square,
                 req: dict[int, tuple[tuple[int, int], ...]]) -> list[int] | None:
    """The path index of each chain block (None if some block has none).

    Block i runs from its entry to its exit, the exit a knight move from
    block i + 1's entry; s is the first entry and t the last exit.  Colours
    decide the ends: a block of even area has ends of different colours, the
    odd x odd one (at most one, its corner of colour 0) both of colour 0.
    Where blocks repeat (same size, same step to the next, same entry) the
    answer repeats, so the loop jumps to the end of each such run.
    ``req[i]`` lists edges (pairs of block squares) block i's path must hold.
    """
    r0, r1, c0, c1 = ch.r0, ch.r1, ch.c0, ch.c1
    k = len(r0)
    if k == 1:
        h0, w0 = r1[0] - r0[0], c1[0] - c0[0]
        path = _block_path(h0, w0, (s[0] - r0[0]) * w0 + s[1] - c0[0],
                           (t[0] - r0[0]) * w0 + t[1] - c0[0], req.get(0, ()))
        return None if path is None else [_path_index(path)]
    pid = [0] * k
    h = [b - a for a, b in zip(r0, r1)]
    w = [b - a for a, b in zip(c0, c1)]
    # sig[i]: block i's size and the next block's place and size.
    sig = list(zip(h, w, [b - a for a, b in zip(r0, r0[1:])],
                   [b - a for a, b in zip(c0, c0[1:])], h[1:], w[1:]))
    er, ec = s[0] - r0[0], s[1] - c0[0]
    marked = sorted(req)
    i = 0
    while i < k - 2:
        g = sig[i]
        got = _transition(g[0], g[1], er, ec, g[2:], 0, req.get(i, ()))
        if got is None:
            return None
        pid[i] = got[0]
        if got[1] == er and got[2] == ec and i + 1 < k - 2 and sig[i + 1] == g and (
                i not in req and i + 1 not in req):
            # Block i + 1 is block i again: so is every block to the run's end
            # (short of the next block with edges of its own).
            last = i + 1
            while last + 1 < k - 1 and sig[last + 1] == g:
                last += 1
            nxt_req = next((b for b in marked if b > i), k)
            j = min(last, k - 3, nxt_req - 1)
            pid[i + 1:j + 1] = [got[0]] * (j - i)
            i = j
        er, ec = got[1], got[2]
        i += 1
    # The last two together: the last block's exit is t, so try the one
    # before's choices until the last block has a path.
    g = sig[k - 2]
    tr, tc = t[0] - r0[k - 1], t[1] - c0[k - 1]
    hl, wl = h[k - 1], w[k - 1]
    for skip in range(12):
        got = _transition(g[0], g[1], er, ec, g[2:], skip, req.get(k - 2, ()))
        if got is None:
            return None
        last_path = _block_path(hl, wl, got[1] * wl + got[2], tr * wl + tc, req.get(k - 1, ()))
        if last_path is not None:
            pid[k - 2], pid[k - 1] = got[0], _path_index(last_path)
            return pid
    return None


def _rects(rc: list[int], cc: list[int], si: int, sj: int, ti: int, tj: int) -> list[Box]:
    """Rectangles (unions of blocks) covering the board outside the chain,
    each with a corner next to a chain block; at most five."""
    nr, nc = len(rc) - 1, len(cc) - 1
    fi, fj = ti < si, tj < sj
    # Work as if t's block were below and right of s's, then flip back.
    a = nr - 1 - si if fi else si
    b = nc - 1 - sj if fj else sj
    p = nr - 1 - ti if fi else ti
    q = nc - 1 - tj if fj else tj
    if (a, b) == (p, q):
        rects = [((0, a), (0, b + 1)), ((0, a + 1), (b + 1, nc)), ((a, nr), (0, b)),
                 ((a + 1, nr), (b, nc))]
    else:
        rects = [((0, a), (0, q + 1)), ((0, p + 1), (q + 1, nc)), ((a, a + 1), (0, b)),
                 ((a + 1, nr), (0, q)), ((p + 1, nr), (q, nc))]
    out = []
    for (i0, i1), (j0, j1) in rects:
        if i1 > i0 and j1 > j0:
            if fi:
                i0, i1 = nr - i1, nr - i0
            if fj:
                j0, j1 = nc - j1, nc - j0
            out.append((int(rc[i0]), int(rc[i1]), int(cc[j0]), int(cc[j1])))
    return out


def _corner_joins(rects: list[Box],
                  ch: _Chain) -> list[tuple[int, Square, Square, Square, Square]] | None:
    """For each rectangle a swap through one of its corner edges (every closed
    tour of the rectangle has both edges at each corner): a chain block and
    two of its squares p, q, parallel to corner edge c-d of the rectangle,
    p - c and q - d knight moves.  Returns (block, p, q, c, d) per rectangle,
    no square of a block in two swaps, or None."""
    taken: set[Square] = set()
    out = []
    for y0, y1, x0, x1 in rects:
        found = None
        for cr, cc_, sr, sc in ((y0, x0, 1, 1), (y0, x1 - 1, 1, -1), (y1 - 1, x0, -1, 1),
                                (y1 - 1, x1 - 1, -1, -1)):
            # Chain blocks within a knight move of the corner square.
            for bi in _near_blocks(ch, cr, cc_):
                b0, b1, b2, b3 = ch.r0[bi], ch.r1[bi], ch.c0[bi], ch.c1[bi]
                for dr, dc in ((2 * sr, sc), (sr, 2 * sc)):
                    # The moves (mr, mc) that put both c + m and d + m in the block.
                    lo_r, hi_r = max(b0 - cr, b0 - cr - dr), min(b1 - cr, b1 - cr - dr)
                    lo_c, hi_c = max(b2 - cc_, b2 - cc_ - dc), min(b3 - cc_, b3 - cc_ - dc)
                    if lo_r >= hi_r or lo_c >= hi_c or lo_r > 2 or hi_r < -1 or lo_c > 2 or \
                            hi_c < -1:
                        continue
                    for mr, mc in DEFAULT_ORDER:
                        if lo_r <= mr < hi_r and lo_c <= mc < hi_c:
                            p, q = (cr + mr, cc_ + mc), (cr + dr + mr, cc_ + dc + mc)
                            if p not in taken and q not in taken:
                                found = (bi, p, q, (cr, cc_), (cr + dr, cc_ + dc))
                                break
                    if found:
                        break
                if found:
                    break
            if found:
                break
        if found is None:
            return None
        taken.update((found[1], found[2]))
        out.append(found)
    return out


def between_into(board: np.ndarray, rc: list[int], cc: list[int], s: Square,
                 t: Square) -> bool:
    """Try one cut of the board (at rows ``rc`` and columns ``cc``); False if
    a block path or a swap is missing."""
    si = bisect_right(rc, s[0]) - 1
    sj = bisect_right(cc, s[1]) - 1
    ti = bisect_right(rc, t[0]) - 1
    tj = bisect_right(cc, t[1]) - 1
    ch = _chain(rc, cc, si, sj, ti, tj)
    r0, r1, c0, c1 = ch.r0, ch.r1, ch.c0, ch.c1
    rects = _rects(rc, cc, si, sj, ti, tj)
    joins = _corner_joins(rects, ch)
    if joins is None:
        return False
    req: dict[int, tuple[tuple[int, int], ...]] = {}
    for bi, p, q, _, _ in joins:
        y, x, w = r0[bi], c0[bi], c1[bi] - c0[bi]
        req[bi] = req.get(bi, ()) + (((p[0] - y) * w + p[1] - x, (q[0] - y) * w + q[1] - x),)
    pid = _chain_paths(ch, s, t, req)
    if pid is None:
        return False
    # Where each rectangle goes in: after the earlier of p, q on its block's path.
    k = len(r0)
    width = [b - a for a, b in zip(c0, c1)]
    size = [(b - a) * w for a, b, w in zip(r0, r1, width)]
    at = []
    for (bi, p, q, c, d), (y0, y1, x0, x1) in zip(joins, rects):
        y, x, w = r0[bi], c0[bi], width[bi]
        path = _store.lists[pid[bi]]
        kp = path.index((p[0] - y) * w + p[1] - x)
        kq = path.index((q[0] - y) * w + q[1] - x)
        if abs(kp - kq) != 1:
            raise AssertionError("construct_between: a block path lacks its swap edge")
        at.append((min(kp, kq), (c, d) if kp < kq else (d, c)))
        size[bi] += (y1 - y0) * (x1 - x0)
    base = list(accumulate(size, initial=0))
    if base[k] != board.size:
        raise AssertionError("construct_between: the pieces do not cover the board")
    # Each rectangle's closed tour, numbered from where the path enters it
    # to where it leaves, straight into its window.
    shifts = []
    for (bi, *_), (y0, y1, x0, x1), (kx, (a, b)) in zip(joins, rects, at):
        before = sum((v1 - v0) * (u1 - u0) for (bj, *_), (v0, v1, u0, u1), (kj, _)
                     in zip(joins, rects, at) if bj == bi and kj < kx)
        offset = base[bi] + kx + 1 + before
        m = (y1 - y0) * (x1 - x0)
        status = _construct.construct_window(board[y0:y1, x0:x1], a[0] - y0, a[1] - x0, True,
                                             None, offset, b[0] - y0, b[1] - x0)
        if status != _construct.OK or int(board[b]) != offset + m - 1:
            raise RuntimeError(f"construct_between: status {status} on a "
                               f"{y1 - y0}x{x1 - x0} window")
        shifts.append((bi, kx, m))
    # The chain, in the core, the steps of a block's squares after a
    # rectangle moved on by the rectangle's size.
    flat, first = _store.flat()
    shifts.sort()
    blocks = np.array((r0, c0, width, base[:k], pid), dtype=np.int64)
    _between.write_blocks(board, blocks[0], blocks[1], blocks[2], blocks[3], blocks[4],
                          flat, first, np.array(shifts, dtype=np.int64).reshape(-1, 3))
    return True

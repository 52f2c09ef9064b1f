"""A construction of semi-magic knight's tours on every 4h x 4k board, h, k >= 2.

The search (:mod:`knight.engines.magic`) finds 8x8 semi-magic tours in a
second but not 12x12 or 16x16 ones in minutes; this construction builds one
on every board of 4h x 4k squares with h, k >= 2 (8x8, 8x12, 12x12, 12x16,
16x16, 20x20, ...), in time linear in the board when h*k is even, in the
manner of the 4x4 "quartes" of Beverley's 1848 tour (whose structure it
generalises; Jelliss, *Knight's Tour Notes*, "Magic knight's tours").

**Blocks and latin paths.**  Cut the board into 4x4 blocks.  A *latin
path* of a block is a knight path of 4 of its squares, one in each of the
block's ranks and files (there are 48).  A block's *pattern* is four
disjoint latin paths in order (the block's first, second, third and fourth
visits) such that in each rank and in each file of the block the positions
1..4 of its four squares within their paths add up to 10; there are
:data:`PATTERNS` of them.

**The order.**  The h*k blocks form a Hamiltonian cycle ``B_0 .. B_{n-1}``
of the grid of blocks (n = h*k even: :func:`block_cycle`).  The tour makes
four passes: pass 0 takes path 0 of ``B_0, B_1, .., B_{n-1}``, pass 1 path 1
of ``B_{n-1} .. B_0``, pass 2 path 2 of ``B_{n-1} .. B_0`` and pass 3 path 3
of ``B_0 .. B_{n-1}`` -- Beverley's tour is this order on the 2x2 blocks of
8x8.  Path s of block ``B_i`` is the tour's ``t``-th path of four squares
with ``t = s*n + pos_s(i)``, ``pos_0(i) = pos_3(i) = i`` and ``pos_1(i) =
pos_2(i) = n - 1 - i``, so its square at position p (1..4) has the number
``4t + p``.  All the proof below needs is that a block's four places
``pos_s`` add up to the same number in every block, 2(n - 1): true whenever
each pass is paired with one that takes the blocks in the reverse order.

**Why every rank and file has the same sum.**  A rank of the board crosses
k blocks and holds four squares of each: one of each of the block's paths.
Over one block those four numbers add up to ``4 * sum_s t_s + 10`` (the
pattern's positions add up to 10 in the rank), and ``sum_s t_s = 6n +
pos_0(i) + pos_1(i) + pos_2(i) + pos_3(i) = 6n + 2(n - 1)`` is the same
for every block.  So every rank sums to ``k (32n + 2)`` and every file to
``h (32n + 2)``: on 8x8 (n = 4), 2 * 130 = 260.

**The links.**  Consecutive paths must be a knight move apart: inside a
pass, path s of one block and path s of the next (which of the 1248
patterns may follow which depends only on the direction between the two
blocks); between passes, pass 0 -> 1 inside ``B_{n-1}``, pass 1 -> 2 across
the cycle's closing edge ``B_0 -> B_{n-1}``, pass 2 -> 3 inside ``B_0``.
A dynamic program along the cycle over the patterns finds a chain: exact,
so a board where none existed would be reported, never given a wrong tour
(none is known: every board up to 64x64 has one, see the tests), and the
tour is checked before it is handed out.  The cycle starts at the corner
block and turns there and at its last block (a block in a straight run
cannot hold an in-block link, measured).

**Odd boards.**  With h and k both odd (12x12, 12x20, 20x20, ...) the grid
of blocks has no Hamiltonian cycle, and four passes along one Hamiltonian
path, forward, backward, forward, backward, do not link up on 3x3 blocks
(every path tried).  Two *crossing* paths do: pass 0 takes the blocks along
a path ``pi``, pass 1 along another path ``sigma``, pass 2 along ``pi``
backward and pass 3 along ``sigma`` backward (:func:`block_paths`,
:func:`pass_orders`), so passes 0 and 2, 1 and 3 pair up and the sums are
as above.  Both paths end in block (1, 1) and start a diagonal step from
it, so pass 0 -> 1 and pass 2 -> 3 link across a corner of two blocks and
pass 1 -> 2 inside block (1, 1).  The links no longer form a chain, so
arc consistency and a depth-first search (keeping arc consistency after
every choice) pick the patterns: 12x12 in 0.03 s once the tables are built,
44x44 in 0.2 s, 204x204 in 4 s, 404x404 in 23 s (a few hundred revisions
a block, in Python); every odd board up to 100x100 links up, with and
without ``seed`` (measured; the slow tests check those up to 60x60).  Of the
other ways tried on 12x12 first (none worked): a band of 4 ranks added to
an 8x12 construction (the line sums fix how many numbers the band takes
where it leaves the construction, and a constraint solver proved that
band impossible), and a 2-wide border around an 8x8 tour, numbered 1..40
and 105..144 as mirror images (impossible for every square it could end
on).

>>> from knight.magic_construct import semi_magic_steps
>>> steps = semi_magic_steps(16, 16) + 1
>>> sorted(set(steps.sum(axis=1).tolist())), sorted(set(steps.sum(axis=0).tolist()))
([2056], [2056])
"""

from __future__ import annotations

import functools
import itertools
import typing

import numpy as np
import numpy.typing as npt

from .errors import BoardTooLargeError
from .geometry import check_memory
from .limits import check_planning

__all__ = ["PATTERNS", "block_cycle", "block_paths", "covers", "pass_orders", "patterns",
           "semi_magic_steps"]

#: How many block patterns there are (four latin paths with flat position sums).
PATTERNS = 1248

#: The passes' directions along the cycle (True: B_0 to B_{n-1}).
_FORWARD = (True, False, False, True)

_IntArray = np.ndarray
_BoolArray = np.ndarray


def covers(rows: int, cols: int) -> bool:
    """Whether the construction builds a semi-magic tour of ``rows`` x ``cols``:
    both sides multiples of 4 and at least 8.

    >>> from knight.magic_construct import covers
    >>> covers(8, 8), covers(16, 12), covers(12, 12), covers(4, 8), covers(8, 10)
    (True, True, True, False, False)
    """
    return rows % 4 == 0 and cols % 4 == 0 and rows >= 8 and cols >= 8


def _knight(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d = np.abs(a - b)
    out: np.ndarray = ((d[..., 0] == 1) & (d[..., 1] == 2)) | ((d[..., 0] == 2) & (d[..., 1] == 1))
    return out


@functools.lru_cache(maxsize=1)
def patterns() -> _IntArray:
    """Every block pattern: an int array (PATTERNS, 4, 4, 2), pattern -> visit
    -> position -> (rank, file) within the 4x4 block.

    >>> from knight.magic_construct import patterns
    >>> p = patterns()
    >>> p.shape
    (1248, 4, 4, 2)
    >>> len(set(map(tuple, p[0].reshape(16, 2).tolist())))  # the 16 squares of a block
    16
    """
    cells = [(r, c) for r in range(4) for c in range(4)]
    latin = [p for p in itertools.permutations(cells, 4)
             if len({r for r, _ in p}) == 4 and len({c for _, c in p}) == 4
             and all(sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]
                     for a, b in zip(p, p[1:]))]
    # The position sums do not depend on the order of the visits: find the
    # sets of four disjoint latin paths with flat sums, then order them.
    found: list[tuple[tuple[tuple[int, int], ...], ...]] = []

    def extend(chosen: list[int], used: frozenset[tuple[int, int]]) -> None:
        if len(chosen) == 4:
            ranks, files = [0] * 4, [0] * 4
            for i in chosen:
                for pos, (r, c) in enumerate(latin[i], 1):
                    ranks[r] += pos
                    files[c] += pos
            if ranks == [10] * 4 and files == [10] * 4:
                found.extend(tuple(latin[i] for i in order)
                             for order in itertools.permutations(chosen))
            return
        for i in range(chosen[-1] + 1 if chosen else 0, len(latin)):
            if used.isdisjoint(latin[i]):
                extend([*chosen, i], used | frozenset(latin[i]))

    extend([], frozenset())
    found.sort()
    out = np.array(found, dtype=np.int64)
    assert out.shape == (PATTERNS, 4, 4, 2)
    return out


def _hop(d: tuple[int, int]) -> _BoolArray:
    """``[a, b]``: a knight move from cell a (rank * 4 + file) of a block to
    cell b of the block one step ``d`` away ((0, 0): the same block)."""
    grid = np.array([(r, c) for r in range(4) for c in range(4)], dtype=np.int64)
    out: _BoolArray = _knight(grid[:, None, :], grid[None, :, :] + np.array(d, dtype=np.int64) * 4)
    return out


@functools.lru_cache(maxsize=1)
def _links() -> tuple[dict[tuple[int, int], _BoolArray], _BoolArray, _BoolArray, _BoolArray]:
    """Which pattern may follow which: ``follows[d][i, j]`` when pattern j in
    the block one step ``d`` from a block with pattern i joins it in every
    pass (pass s forward: i's path s ends a knight move from j's path s's
    start; backward: j's end to i's start); and the in-block links pass 0
    -> 1, pass 2 -> 3, and pass 1 -> 2 across blocks (checked per pair)."""
    p = patterns()
    first, last = p[:, :, 0, :], p[:, :, 3, :]
    cell_first, cell_last = first[..., 0] * 4 + first[..., 1], last[..., 0] * 4 + last[..., 1]
    follows = {}
    for d in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        hop = _hop(d)
        ok = np.ones((PATTERNS, PATTERNS), dtype=bool)
        for s in range(4):
            if _FORWARD[s]:
                ok &= hop[cell_last[:, None, s], cell_first[None, :, s]]
            else:
                ok &= hop.T[cell_last[None, :, s], cell_first[:, None, s]]
        follows[d] = ok
    turn01 = _knight(last[:, 0, :], first[:, 1, :])
    turn23 = _knight(last[:, 2, :], first[:, 3, :])
    return follows, turn01, turn23, first


def block_cycle(h: int, k: int) -> list[tuple[int, int]]:
    """A Hamiltonian cycle of the h x k grid of blocks (h*k even, h, k >= 2)
    that starts at the corner block (0, 0), runs along rank 0, and ends at
    (1, 0): both ends are turns of the cycle, where the in-block links go.

    >>> from knight.magic_construct import block_cycle
    >>> block_cycle(2, 3)
    [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]
    >>> block_cycle(3, 2)
    [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]
    """
    if h % 2:
        return [(c, r) for r, c in block_cycle(k, h)]
    if k == 2 and h > 2:
        return [(c, r) for r, c in block_cycle(k, h)]
    cyc = [(0, c) for c in range(k)]
    if h == 2:
        return cyc + [(1, c) for c in range(k - 1, -1, -1)]
    cyc += [(r, k - 1) for r in range(1, h)]
    for i, r in enumerate(range(h - 1, 1, -1)):
        cols = range(k - 2, -1, -1) if i % 2 == 0 else range(k - 1)
        cyc += [(r, c) for c in cols]
    return cyc + [(1, c) for c in range(k - 2, -1, -1)]


def block_paths(h: int, k: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Two Hamiltonian paths of the h x k grid of blocks (h, k odd, >= 3), the
    orders of the odd boards' passes: ``pi`` from the corner block (0, 0) along
    rank 0, down the files from the far end to file 2 in turn, and up files 1
    and 0 two blocks a rank; ``sigma`` from (0, 2) to (0, 0), down file 0,
    along ranks h-1 .. 2 in turn, and back along ranks 1 and 0 two blocks a
    file.  Both end at (1, 1), a diagonal step from both their starts.

    >>> from knight.magic_construct import block_paths
    >>> pi, sigma = block_paths(3, 3)
    >>> pi
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1)]
    >>> sigma
    [(0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (1, 1)]
    """
    if h % 2 == 0 or k % 2 == 0 or h < 3 or k < 3:
        raise ValueError(f"block_paths takes odd sides of at least 3 blocks, not {h}x{k}")
    pi = [(0, c) for c in range(k)]
    for j, c in enumerate(range(k - 1, 1, -1)):
        pi += [(r, c) for r in (range(1, h) if j % 2 == 0 else range(h - 1, 0, -1))]
    for j, r in enumerate(range(h - 1, 0, -1)):
        pi += [(r, 1), (r, 0)] if j % 2 == 0 else [(r, 0), (r, 1)]
    sigma = [(0, 2), (0, 1), (0, 0)] + [(r, 0) for r in range(1, h)]
    for j, r in enumerate(range(h - 1, 1, -1)):
        sigma += [(r, c) for c in (range(1, k) if j % 2 == 0 else range(k - 1, 0, -1))]
    for j, c in enumerate(range(k - 1, 2, -1)):
        sigma += [(1, c), (0, c)] if j % 2 == 0 else [(0, c), (1, c)]
    return pi, sigma + [(1, 2), (1, 1)]


def pass_orders(h: int, k: int) -> tuple[list[tuple[int, int]], ...]:
    """The order in which each of the four passes takes the blocks: along the
    cycle (h*k even) forward, backward, backward, forward; on odd boards
    along :func:`block_paths` ``pi``, ``sigma``, ``pi`` backward, ``sigma``
    backward.  Either way a block's four places add up to 2(n - 1).

    >>> from knight.magic_construct import pass_orders
    >>> [order[0] for order in pass_orders(3, 3)], [order[-1] for order in pass_orders(3, 3)]
    ([(0, 0), (0, 2), (1, 1), (1, 1)], [(1, 1), (1, 1), (0, 0), (0, 2)])
    """
    if h * k % 2 == 0:
        cyc = block_cycle(h, k)
        return cyc, cyc[::-1], cyc[::-1], cyc
    pi, sigma = block_paths(h, k)
    return pi, sigma, pi[::-1], sigma[::-1]


@functools.lru_cache(maxsize=64)
def _joins(d: tuple[int, int], s: int, t: int) -> tuple[_BoolArray, _BoolArray]:
    """``[i, j]``: path s of pattern i ends a knight move from the start of
    path t of pattern j in the block one step ``d`` (a king's step, or (0, 0):
    the same block, then only the diagonal means anything); and its transpose,
    both C-ordered (the search reads rows)."""
    p = patterns()
    hop = _hop(d)
    last, first = p[:, s, 3, :], p[:, t, 0, :]
    ok = np.ascontiguousarray(hop[(last[:, 0] * 4 + last[:, 1])[:, None],
                                  (first[:, 0] * 4 + first[:, 1])[None, :]])
    return ok, np.ascontiguousarray(ok.T)


def _search_links(h: int, k: int, orders: tuple[list[tuple[int, int]], ...],
                  seed: int | None = None) -> list[int] | None:
    """A pattern for every block (in rank order) that links every pass along
    ``orders`` and each pass to the next, or None: arc consistency, then a
    depth-first search, smallest domain first, that keeps arc consistency
    after every choice (the paths of odd boards cross, so there is no chain
    to run a DP along)."""
    rng = None if seed is None else np.random.default_rng(seed)
    n = h * k
    at = {b: b[0] * k + b[1] for b in orders[0]}
    dom = np.ones((n, PATTERNS), dtype=bool)
    pairs: dict[tuple[int, int], list[tuple[tuple[int, int], int, int]]] = {}

    def link(a: tuple[int, int], b: tuple[int, int], s: int, t: int) -> None:
        d = (b[0] - a[0], b[1] - a[1])
        if d == (0, 0):
            dom[at[a]] &= np.diagonal(_joins(d, s, t)[0])
        elif max(abs(d[0]), abs(d[1])) == 1:
            pairs.setdefault((at[a], at[b]), []).append((d, s, t))
        else:  # pragma: no cover - pass_orders' passes meet a king's step apart
            raise AssertionError(f"passes {s} and {t} meet {d} blocks apart")

    for s, order in enumerate(orders):
        for a, b in zip(order, order[1:]):
            link(a, b, s, s)
        if s < 3:
            link(order[-1], orders[s + 1][0], s, s + 1)
    # rows[x]: (y, R) with R[value of x] the values of y it allows
    rows: list[list[tuple[int, _BoolArray]]] = [[] for _ in range(n)]
    for (x, y), parts in pairs.items():
        fwd, back = _joins(*parts[0])
        for part in parts[1:]:
            f2, b2 = _joins(*part)
            fwd, back = fwd & f2, back & b2
        rows[x].append((y, fwd))
        rows[y].append((x, back))
    trail: list[tuple[int, _BoolArray]] = []
    sizes = dom.sum(axis=1)

    def propagate(queue: list[int]) -> bool:
        """Arc consistency (AC-3) from the blocks in ``queue``, saving each
        domain it narrows on the trail; False when one empties."""
        queued = set(queue)
        pops = 0
        while queue:
            pops += 1
            if pops % 256 == 0:  # the first pass visits every block
                check_planning()
            y = queue.pop()
            queued.discard(y)
            for x, allows in rows[y]:  # allows[v]: the values of x that y = v allows
                keep = dom[x] & allows[dom[y]].any(axis=0)
                size = int(keep.sum())
                if size < sizes[x]:
                    trail.append((x, dom[x].copy()))
                    dom[x], sizes[x] = keep, size
                    if not size:
                        return False
                    if x not in queued:
                        queue.append(x)
                        queued.add(x)
        return True

    if not sizes.all() or not propagate(list(range(n))):
        return None
    trail.clear()
    # depth-first search, iterative (an odd board of 51 x 51 blocks is 2601
    # deep), keeping arc consistency after every choice: with forward checks
    # alone a random value order (seed=) ran into dead ends for minutes
    chosen = np.full(n, -1, dtype=np.int64)
    big = PATTERNS + 1

    def frame() -> list[typing.Any]:  # [block, its values, the next to try, trail mark]
        x = int(np.argmin(np.where(chosen < 0, sizes, big)))
        values = np.flatnonzero(dom[x])
        return [x, values if rng is None else rng.permutation(values), 0, len(trail)]

    stack = [frame()]
    steps = 0
    while stack:
        steps += 1
        if steps % 64 == 0:
            check_planning()
        top = stack[-1]
        x, values, i, mark = top
        while len(trail) > mark:  # undo the last value's propagation
            y, old = trail.pop()
            dom[y], sizes[y] = old, old.sum()
        chosen[x] = -1
        if i == len(values):
            stack.pop()
            continue
        top[2] = i + 1
        v = int(values[i])
        trail.append((x, dom[x].copy()))
        dom[x] = np.zeros(PATTERNS, dtype=bool)
        dom[x, v], sizes[x] = True, 1
        if not propagate([x]):
            continue
        chosen[x] = v
        if (chosen >= 0).all():
            return [int(c) for c in chosen]
        stack.append(frame())
    return None


def _chain(cyc: list[tuple[int, int]], seed: int | None = None) -> list[int] | None:
    """A pattern for every block of the cycle that links up, or None: the
    first in the patterns' order, or with ``seed`` one drawn at random
    among those the chain allows at each step (still a valid chain)."""
    rng = None if seed is None else np.random.default_rng(seed)

    def pick(options: np.ndarray) -> int:
        found = np.flatnonzero(options)
        return int(found[0] if rng is None else rng.choice(found))

    follows, turn01, turn23, first = _links()
    p = patterns()
    n = len(cyc)
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(cyc, cyc[1:])]
    close = (cyc[-1][0] - cyc[0][0], cyc[-1][1] - cyc[0][1])
    off = np.array(close, dtype=np.int64) * 4
    starts = np.flatnonzero(turn23)
    for i0 in starts if rng is None else rng.permutation(starts):
        check_planning()
        # pass 1 ends in B_0 (pattern i0) and pass 2 starts in B_{n-1}
        closes = _knight(p[i0, 1, 3, :][None, :], first[:, 2, :] + off)
        reach: np.ndarray = np.zeros(PATTERNS, dtype=bool)
        reach[i0] = True
        seen: dict[tuple[bytes, tuple[int, int]], np.ndarray] = {}
        layers = [reach]
        for j, d in enumerate(steps):
            if j % 1024 == 1023:  # a caller's timeout= and cancel= (knight.limits.planning)
                check_planning()
            key = (reach.tobytes(), d)
            if key not in seen:
                seen[key] = follows[d][reach].any(axis=0)
            reach = seen[key]
            layers.append(reach)
            if not reach.any():
                break
        else:
            end = reach & turn01 & closes
            if end.any():
                chosen = [pick(end)]
                for j in range(n - 1, 0, -1):
                    chosen.append(pick(layers[j - 1] & follows[steps[j - 1]][:, chosen[-1]]))
                return chosen[::-1]
    return None


def semi_magic_steps(rows: int, cols: int, seed: int | None = None) -> npt.NDArray[np.int32]:
    """The steps (0 .. rows*cols - 1) of an open semi-magic knight's tour of
    the ``rows`` x ``cols`` board, built as the module says (``seed``: one of
    the other choices of patterns, drawn at random; None: the first); raises
    ValueError for a board it does not cover (:func:`covers`) and
    BoardTooLargeError before any work when the board does not fit in memory.

    >>> from knight.magic_construct import semi_magic_steps
    >>> steps = semi_magic_steps(8, 12)
    >>> {int(s) for s in (steps + 1).sum(axis=1)}, {int(s) for s in (steps + 1).sum(axis=0)}
    ({582}, {388})
    >>> steps = semi_magic_steps(12, 12) + 1              # 3 x 3 blocks: two crossing paths
    >>> {int(s) for s in steps.sum(axis=1)}, {int(s) for s in steps.sum(axis=0)}
    ({870}, {870})
    """
    if not covers(rows, cols):
        raise ValueError(
            f"the construction builds semi-magic tours of 4h x 4k boards with h, k >= 2; "
            f"not {rows}x{cols}")
    h, k = rows // 4, cols // 4
    n = h * k
    # the tour (int32 steps and int64 work arrays); the DP's layers of
    # patterns, or the search's domains and what it saves to undo
    check_memory(rows * cols * 28 + n * PATTERNS * 6,
                 f"constructing a semi-magic tour of the {rows}x{cols} board")
    orders = pass_orders(h, k)
    if n % 2 == 0:
        cyc = orders[0]
        on_cycle = _chain(cyc, seed)
        chosen = None
        if on_cycle is not None:
            chosen = [0] * n
            for b, pattern in zip(cyc, on_cycle):
                chosen[b[0] * k + b[1]] = pattern
    else:
        chosen = _search_links(h, k, orders, seed)
    check_planning()
    if chosen is None:  # pragma: no cover - every board tried has a chain
        raise BoardTooLargeError(
            f"the construction found no chain of block patterns for the {rows}x{cols} board")
    p = patterns()
    blocks = np.array([(r, c) for r in range(h) for c in range(k)], dtype=np.int64) * 4
    cells = p[np.array(chosen)] + blocks[:, None, None, :]       # (n, 4 visits, 4, 2)
    place = np.empty((n, 4), dtype=np.int64)                     # each block's place in each pass
    for s, order in enumerate(orders):
        place[[r * k + c for r, c in order], s] = np.arange(n)
    t = np.arange(4, dtype=np.int64)[None, :] * n + place          # the path's place in the tour
    number = 4 * t[:, :, None] + np.arange(4, dtype=np.int64)[None, None, :]
    out = np.empty((rows, cols), dtype=np.int32)
    out[cells[..., 0].ravel(), cells[..., 1].ravel()] = number.ravel()
    return out

"""A construction of semi-magic knight's tours on 4h x 4k boards with h*k even.

The search (:mod:`knight.engines.magic`) finds 8x8 semi-magic tours in a
second but not 12x12 or 16x16 ones in minutes; this construction builds one
on every board of 4h x 4k squares with h, k >= 2 and h*k even (8x8, 8x12,
12x16, 16x16, 16x20, 24x24, ...) in time linear in the board, in the
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
``4t + p``.

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
(none is known: every board up to 48x48 has one, see the tests), and the
tour is checked before it is handed out.  The cycle starts at the corner
block and turns there and at its last block (a block in a straight run
cannot hold an in-block link, measured).

Boards with h and k both odd (12x12, 12x20, 20x20, ...) have no
Hamiltonian cycle of blocks, and four passes along Hamiltonian paths do not
link up on 3x3 blocks (every pair of paths tried); the search serves them.
Nor does a band of 4 ranks added to an 8x12 construction: the tour can
leave the construction only where its passes meet inside B_0 or B_{n-1},
and the line sums then fix how many numbers the band takes at each such
place (for 12x12: 32 after pass 0 and 16 at the end, or a band numbered
49..96 between passes 1 and 2, that is a semi-magic tour of 4x12, which
does not exist); a constraint solver proved the first band impossible, and
a 2-wide border around an 8x8 tour, numbered 1..40 and 105..144 as mirror
images, impossible for every square the border could end on.

>>> from knight.magic_construct import semi_magic_steps
>>> steps = semi_magic_steps(16, 16) + 1
>>> sorted(set(steps.sum(axis=1).tolist())), sorted(set(steps.sum(axis=0).tolist()))
([2056], [2056])
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import numpy.typing as npt

from .errors import BoardTooLargeError
from .geometry import check_memory
from .limits import check_planning

__all__ = ["PATTERNS", "block_cycle", "covers", "patterns", "semi_magic_steps"]

#: How many block patterns there are (four latin paths with flat position sums).
PATTERNS = 1248

#: The passes' directions along the cycle (True: B_0 to B_{n-1}).
_FORWARD = (True, False, False, True)

_IntArray = np.ndarray
_BoolArray = np.ndarray


def covers(rows: int, cols: int) -> bool:
    """Whether the construction builds a semi-magic tour of ``rows`` x ``cols``:
    both sides multiples of 4, at least 8, and not both 4 times an odd number.

    >>> from knight.magic_construct import covers
    >>> covers(8, 8), covers(16, 12), covers(12, 12), covers(4, 8)
    (True, True, False, False)
    """
    if rows % 4 or cols % 4 or rows < 8 or cols < 8:
        return False
    return (rows // 4) * (cols // 4) % 2 == 0


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
    grid = np.array([(r, c) for r in range(4) for c in range(4)], dtype=np.int64)
    follows = {}
    for d in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        off = np.array(d, dtype=np.int64) * 4
        # hop[a, b]: a knight move from cell a of a block to cell b of the block at d
        hop = _knight(grid[:, None, :], grid[None, :, :] + off)
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
    the other chains of patterns, drawn at random; None: the first); raises
    ValueError for a board it does not cover (:func:`covers`) and
    BoardTooLargeError before any work when the board does not fit in memory.

    >>> from knight.magic_construct import semi_magic_steps
    >>> steps = semi_magic_steps(8, 12)
    >>> {int(s) for s in (steps + 1).sum(axis=1)}, {int(s) for s in (steps + 1).sum(axis=0)}
    ({582}, {388})
    """
    if not covers(rows, cols):
        raise ValueError(
            f"the construction builds semi-magic tours of 4h x 4k boards with h, k >= 2 and "
            f"h*k even; not {rows}x{cols}")
    h, k = rows // 4, cols // 4
    n = h * k
    # the tour (int32 steps and int64 work arrays), the DP's layers of patterns
    check_memory(rows * cols * 28 + n * PATTERNS * 2,
                 f"constructing a semi-magic tour of the {rows}x{cols} board")
    cyc = block_cycle(h, k)
    chosen = _chain(cyc, seed)
    check_planning()
    if chosen is None:  # pragma: no cover - every board tried has a chain
        raise BoardTooLargeError(
            f"the construction found no chain of block patterns for the {rows}x{cols} board")
    p = patterns()
    blocks = np.array(cyc, dtype=np.int64) * 4                   # (n, 2)
    cells = p[np.array(chosen)] + blocks[:, None, None, :]       # (n, 4 visits, 4, 2)
    i = np.arange(n, dtype=np.int64)
    pos = np.stack([i, n - 1 - i, n - 1 - i, i], axis=1)          # (n, 4)
    t = np.arange(4, dtype=np.int64)[None, :] * n + pos            # the path's place in the tour
    number = 4 * t[:, :, None] + np.arange(4, dtype=np.int64)[None, None, :]
    out = np.empty((rows, cols), dtype=np.int32)
    out[cells[..., 0].ravel(), cells[..., 1].ravel()] = number.ravel()
    return out

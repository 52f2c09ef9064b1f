"""The frontier DP on masked boards (holes) and other move sets (issue 19).

Every count is checked against a brute force written here, independent of
the package: a depth-first search over the Hamiltonian paths of the graph
of the usable squares, from every start, which gives each (start, end)
count of directed paths and whether the path closes.  Exhaustive over the
masks of small boards (up to the board's symmetries), sampled on larger
ones, in every mode of the package's conventions; the pure-Python twin
against the core, state for state, on masked boards; the symmetry tricks
(mirror folding, the halves' shared sweep) on masks that break them.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import knight

# The frontier DP's modules, one job each (see knight.counting.frontier_count).
import knight.counting.frontier_board as FB
import knight.counting.frontier_count as FC
import knight.counting.frontier_estimate as FE
import knight.counting.frontier_halves as FH
import knight.counting.frontier_jobs as FJ
import knight.counting.frontier_moduli as FM
import knight.counting.frontier_run as FR
from conftest import CORE, TWIN
from knight.errors import BoardTooLargeError, SearchLimitError
from knight.limits import planning

WAZIR, FERZ, DABBABA = FB.leaper(0, 1), FB.leaper(1, 1), FB.leaper(0, 2)


def brute(rows, cols, mask, moves=FB.KNIGHT_MOVES):
    """(usable squares, paths, closing): paths[(s, e)] directed Hamiltonian
    paths from s to e; closing[(s, e)] those whose e is a move from s (on
    three squares or more: the directed cycles, cut open at s).

    A depth-first search from every start over bit sets, pruned only where
    no completion can exist: a free square with no free neighbour (it could
    only be entered last, from the head, with others still free), or two
    free squares that are not next to the head and have one free neighbour
    each (each would have to be the path's last square)."""
    sq = [r * cols + c for r in range(rows) for c in range(cols) if mask[r, c]]
    usable = set(sq)
    adj = dict.fromkeys(sq, 0)
    for q in sq:
        r, c = divmod(q, cols)
        for dr, dc in moves:
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc in usable:
                adj[q] |= 1 << ((r + dr) * cols + c + dc)
    n = len(sq)
    paths: dict[tuple[int, int], int] = {}
    closing: dict[tuple[int, int], int] = {}

    def alive(free, head):
        if free & (free - 1) == 0:  # at most one square left
            return True
        ends = 0
        f = free
        while f:
            w = (f & -f).bit_length() - 1
            f &= f - 1
            d = (adj[w] & free).bit_count()
            if d == 0:
                return False
            if d == 1 and not (adj[head] >> w) & 1:
                ends += 1
                if ends > 1:
                    return False
        return True

    def dfs(start, u, free):
        if not free:
            paths[start, u] = paths.get((start, u), 0) + 1
            if n >= 3 and (adj[u] >> start) & 1:
                closing[start, u] = closing.get((start, u), 0) + 1
            return
        nxt = adj[u] & free
        while nxt:
            v = (nxt & -nxt).bit_length() - 1
            nxt &= nxt - 1
            rest = free & ~(1 << v)
            if alive(rest, v):
                dfs(start, v, rest)

    every = sum(1 << q for q in sq)
    for s in sq:
        dfs(s, s, every & ~(1 << s))
    return sq, paths, closing


def connected(rows, cols, mask, moves=FB.KNIGHT_MOVES):
    """Whether the usable squares make one connected graph."""
    sq = {(r, c) for r in range(rows) for c in range(cols) if mask[r, c]}
    todo = [min(sq)]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for dr, dc in moves:
            if (r + dr, c + dc) in sq and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    return seen == sq


def check_every_mode(rows, cols, mask, rng, moves=None, pairs=1, every=True):
    """The DP against the brute force in every mode of count(): open over
    all starts, from a start, to an end, from a start to an end; closed
    undirected, directed over all starts and from a start, through a
    move start-end.  ``pairs`` (start, end) pairs drawn with ``rng``.
    ``every=False`` skips the modes that are another's count times a
    factor or with its ends swapped (the same sweep), for the exhaustive
    runs: each distinct sweep is still checked (no end, one, two; cycles)."""
    sq, paths, closing = brute(rows, cols, mask, FB.KNIGHT_MOVES if moves is None else moves)
    n = len(sq)
    cycles = sum(closing.values()) // (2 * n)

    def dp(**kw):
        return FC.count_tours(rows, cols, mask=mask, moves=moves, **kw)

    assert dp() == sum(paths.values())
    assert dp(closed=True) == cycles
    if every:
        assert dp(closed=True, directed=True) == 2 * n * cycles
    for _ in range(pairs):
        s, e = rng.choice(sq), rng.choice(sq)
        assert dp(start=s) == sum(v for (a, _), v in paths.items() if a == s)
        assert dp(start=s, end=e) == (paths.get((s, e), 0) if s != e else int(n == 1))
        if every:
            assert dp(end=e) == sum(v for (_, b), v in paths.items() if b == e)
            assert dp(start=s, closed=True) == cycles
            assert dp(start=s, closed=True, directed=True) == 2 * cycles
        # a pair that closes a cycle, when there is one, else the drawn one
        s, e = min(closing, key=lambda k: (rng.random(), k)) if closing else (s, e)
        want = closing.get((s, e), 0) if s != e else 0
        assert dp(start=s, end=e, closed=True) == want
        if every:
            assert dp(start=s, end=e, closed=True, directed=True) == want
    return sum(paths.values()), cycles


def symmetric_images(rows, cols):
    """The board's symmetries as index arrays on the flattened board."""
    idx = np.arange(rows * cols).reshape(rows, cols)
    maps = [idx, idx[::-1], idx[:, ::-1], idx[::-1, ::-1]]
    if rows == cols:
        maps += [m.T for m in maps]
    return [m.reshape(-1) for m in maps]


def mask_orbits(rows, cols):
    """One mask of each orbit under the board's symmetries, every nonempty mask."""
    n = rows * cols
    syms = symmetric_images(rows, cols)
    weights = 1 << np.arange(n)
    seen = np.zeros(1 << n, dtype=bool)
    for bits in range(1, 1 << n):
        if seen[bits]:
            continue
        flat = (bits >> np.arange(n)) & 1
        for perm in syms:
            seen[int((flat[perm] * weights).sum())] = True
        yield flat.astype(bool).reshape(rows, cols)


@cache
def _orbit_list(rows, cols):
    return list(mask_orbits(rows, cols))


def plausible(rows, cols, mask):
    """The knight's quick necessary conditions for an open tour: as many
    squares of each colour, give or take one; at most two of degree one."""
    sq = [(r, c) for r in range(rows) for c in range(cols) if mask[r, c]]
    white = sum((r + c) % 2 for r, c in sq)
    ones = sum(1 for r, c in sq
               if sum((r + dr, c + dc) in set(sq) for dr, dc in FB.KNIGHT_MOVES) <= 1)
    return abs(len(sq) - 2 * white) <= 1 and ones <= 2


def random_mask(rows, cols, rng, hole=0.2, moves=None, within=None, likely=False):
    """A random mask (holes with probability ``hole``, only inside the
    bool array ``within`` if given) whose graph is connected: the masks
    that have tours, or fail for subtler reasons than falling apart.
    ``likely``: only those that pass :func:`plausible` too."""
    mv = FB.KNIGHT_MOVES if moves is None else moves
    while True:
        m = np.array([[rng.random() >= hole for _ in range(cols)] for _ in range(rows)])
        if within is not None:
            m &= within
        if m.sum() >= 2 and connected(rows, cols, m, mv) and (
                not likely or plausible(rows, cols, m)):
            return m


# ---- exhaustive and sampled against the brute force ----

def test_every_mask_of_4x3_every_mode():
    # Every mask up to the board's symmetries; 4x3 is swept along its rows
    # (the mask transposed).
    rng = random.Random(43)
    masks = _orbit_list(4, 3)
    assert len(masks) > 1000
    found = [check_every_mode(4, 3, m, rng, every=k % 8 == 0) for k, m in enumerate(masks)]
    assert sum(o > 0 for o, _ in found) > 80
    assert sum(c > 0 for _, c in found) > 0


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,count", [(4, 4, 400), (3, 5, 500)])
def test_sampled_connected_masks_every_mode(rows, cols, count):
    # Masks up to symmetry whose graph is connected (the others have no
    # tour: below); 3x5 is swept along its columns.
    rng = random.Random(rows * cols)
    masks = [m for m in _orbit_list(rows, cols) if m.sum() < 2 or connected(rows, cols, m)]
    assert len(masks) > 1600
    found = [check_every_mode(rows, cols, m, rng, every=k % 8 == 0)
             for k, m in enumerate(rng.sample(masks, count))]
    assert sum(o > 0 for o, _ in found) > count // 8
    assert sum(c > 0 for _, c in found) > 0


@pytest.mark.parametrize("rows,cols", [(4, 4), (2, 8)])
def test_disconnected_masks_have_no_tour(rows, cols):
    rng = random.Random(rows)
    masks = [m for m in _orbit_list(rows, cols) if m.sum() >= 2 and not connected(rows, cols, m)]
    assert len(masks) > 6000
    for m in rng.sample(masks, 500):
        assert FC.count_tours(rows, cols, mask=m) == 0
        assert FC.count_tours(rows, cols, mask=m, closed=True) == 0


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,count", [(5, 5, 6), (6, 4, 5), (4, 6, 6), (3, 8, 10)])
def test_sampled_masks_up_to_25_squares(rows, cols, count):
    # 5x5 goes by meet in the middle (5 wide), 6x4 is swept along its rows
    # (the mask transposed), 4x6 along its columns, 3x8 in one long sweep.
    rng, pick = random.Random(7 * rows + cols), random.Random(1)
    found = [check_every_mode(rows, cols, random_mask(rows, cols, rng, 0.15, likely=True), pick,
                              pairs=2)
             for _ in range(count)]
    assert sum(o > 0 for o, _ in found) >= 1


def _class(rows, cols, keep):
    return np.array([[keep(r, c) for c in range(cols)] for r in range(rows)])


@pytest.mark.slow
@pytest.mark.parametrize("name,rows,cols,count", [
    ("king", 3, 4, 25), ("king", 2, 6, 30), ("king", 4, 3, 10), ("wazir", 4, 4, 60),
    ("wazir", 3, 5, 60), ("wazir", 5, 5, 8), ("ferz", 4, 5, 30), ("dabbaba", 5, 6, 20)])
def test_other_move_sets_against_brute_force(name, rows, cols, count):
    # The ferz keeps to one colour and the dabbaba to one class of (row % 2,
    # col % 2): their masks are drawn inside one, the others' anywhere.
    moves = {"king": FB.KING, "wazir": WAZIR, "ferz": FERZ, "dabbaba": DABBABA}[name]
    within = {"ferz": _class(rows, cols, lambda r, c: (r + c) % 2 == 0),
              "dabbaba": _class(rows, cols, lambda r, c: r % 2 == 0 and c % 2 == 0)}.get(name)
    rng = random.Random(len(name) * rows * cols)
    found = [check_every_mode(rows, cols, random_mask(rows, cols, rng, 0.2, moves, within),
                              rng, moves) for _ in range(count)]
    assert sum(o > 0 for o, _ in found) >= count // 4
    if name == "king":
        assert sum(c > 0 for _, c in found) > 0


def test_king_by_meet_in_the_middle_equals_one_sweep():
    # The king's 5x7 with holes: too many paths for the brute force, so the
    # split (with and without the shared sweep) against one sweep and the twin.
    rng = random.Random(5)
    for _ in range(3):
        m = random_mask(5, 7, rng, 0.15)
        bx = FB.crop(5, 7, m)
        if min(bx.rows, bx.cols) < 5:
            continue
        kw = {"removed": bx.removed, "moves": FB.KING}
        for mode in ("cycle", "path"):
            one = FR._count(FB.prepare(bx.rows, bx.cols, path_mode=mode == "path", **kw))
            assert FC.count_split(bx.rows, bx.cols, mode, share=False, **kw) == one
            assert FC.count_split(5, 7, mode, mask=m, moves=FB.KING) == one
    bd = FB.prepare(3, 6, removed=(4, 11), moves=FB.KING)
    assert CORE.frontier_count(bd) == TWIN.frontier_count(bd)
    bd = FB.prepare(3, 6, removed=(4,), pinned=(0,), path_mode=True, moves=FB.KING)
    assert CORE.frontier_count(bd) == TWIN.frontier_count(bd)


@cache
def _king_3x6(removed):
    mask = np.ones((3, 6), dtype=bool)
    mask.flat[list(removed)] = False
    return brute(3, 6, mask, FB.KING)


def test_king_on_masked_boards_against_the_brute_force(impl):
    sq, _, closing = _king_3x6((4, 11))
    bd = FB.prepare(3, 6, removed=(4, 11), moves=FB.KING)
    assert impl.frontier_count(bd) == sum(closing.values()) // (2 * len(sq))
    sq, paths, closing = _king_3x6((4,))
    bd = FB.prepare(3, 6, removed=(4,), moves=FB.KING)
    assert impl.frontier_count(bd) == sum(closing.values()) // (2 * len(sq)) > 0
    bd = FB.prepare(3, 6, removed=(4,), pinned=(0,), path_mode=True, moves=FB.KING)
    assert impl.frontier_count(bd) == sum(v for (a, _), v in paths.items() if a == 0) > 0


# ---- the twin and the core, state for state ----

@pytest.mark.parametrize("rows,cols,holes,pinned,path_mode,moves", [
    (4, 5, (0, 7), (), False, None), (5, 4, (3, 9, 10), (), True, None),
    (3, 7, (1, 11), (0,), True, None), (4, 4, (5,), (0, 15), True, None),
    (3, 6, (2, 9), (), True, FB.KING), (4, 5, (6,), (), False, WAZIR)])
def test_core_vs_twin_on_masked_boards(rows, cols, holes, pinned, path_mode, moves):
    bd = FB.prepare(rows, cols, removed=holes, pinned=pinned, path_mode=path_mode, moves=moves)
    steps = range(0, bd.N, 4)
    assert CORE.frontier_sweep(bd, steps) == TWIN.frontier_sweep(bd, steps)


# ---- the symmetry tricks only where the mask keeps the symmetry ----

def test_folding_only_on_mirror_symmetric_masks():
    m = np.ones((5, 6), dtype=bool)
    m[0, 4] = False  # breaks the reflection of the rows from column 4 on
    bd = FB.prepare(5, 6, removed=FB.crop(5, 6, m).removed)
    assert FR.fold_cells(bd)[4 * 5:].sum() == 0
    m[4, 4] = False  # its mirror: symmetric again
    bd = FB.prepare(5, 6, removed=FB.crop(5, 6, m).removed)
    assert FR.fold_cells(bd)[4 * 5:].sum() > 0
    # a move set without the reflection never folds
    lopsided = ((1, 2), (-1, -2), (0, 1), (0, -1))
    bd = FB.prepare(5, 6, moves=lopsided)
    assert not bd.mirror and FR.fold_cells(bd).sum() == 0
    parts = [FH.make_part(5, 6, path_mode=True, cut=2, side=s, moves=lopsided) for s in (0, 1)]
    assert not any(p.fold or p.both_fold for p in parts)
    whole = FR._count(FB.prepare(5, 6, path_mode=True, moves=lopsided))
    assert FC.count_split(5, 6, "path", moves=lopsided) == whole


def test_halves_share_only_what_the_mask_leaves_symmetric():
    # A half turn maps the full 6x8 board to itself: the halves share a sweep.
    full = [FH.make_part(6, 8, path_mode=False, cut=3, side=s) for s in (0, 1)]
    assert FH.shared_cells(*full) > 0
    m = np.ones((6, 8), dtype=bool)
    m[1, 1] = False  # a hole near one end only
    parts = [FH.make_part(6, 8, path_mode=False, cut=3, side=s,
                          removed=FB.crop(6, 8, m).removed) for s in (0, 1)]
    assert FH.shared_cells(*parts) < FH.shared_cells(*full)
    m[4, 6] = False  # its image under the half turn
    sym = [FH.make_part(6, 8, path_mode=False, cut=3, side=s,
                        removed=FB.crop(6, 8, m).removed) for s in (0, 1)]
    assert FH.shared_cells(*sym) == FH.shared_cells(*full)


@pytest.mark.slow
@pytest.mark.parametrize("mode,cols,holes", [
    ("cycle", 8, ((0, 0), (0, 1))), ("cycle", 8, ((1, 3), (3, 4))),
    ("cycle", 8, ((2, 2), (2, 5))), ("path", 6, ((1, 1),)),
    ("path", 6, ((1, 1), (3, 4))), ("path", 6, ((0, 3), (2, 2), (4, 5)))])
def test_masked_split_shared_or_not_equals_one_sweep(mode, cols, holes):
    # asymmetric holes, images under the half turn or the mirror, more holes
    m = np.ones((5, cols), dtype=bool)
    for r, c in holes:
        m[r, c] = False
    removed = FB.crop(5, cols, m).removed
    one = FR._count(FB.prepare(5, cols, removed=removed, path_mode=mode == "path"))
    assert one > 0
    for cut in range(1, cols - 2):
        assert FC.count_split(5, cols, mode, mask=m, cut=cut) == one
        assert FC.count_split(5, cols, mode, mask=m, cut=cut, share=False) == one


def test_side_0_folds_only_where_side_1_is_mirror_invariant():
    # A hole two columns before the cut removes edges that side 0 owns into
    # the boundary: side 1's boundary cells then have forward degrees that
    # are not symmetric, its pruning keeps states whose mirrors it drops,
    # and side 0 must not fold (it did, and 5x8 open with this hole came out
    # 813 381 undirected paths; the search counts 1 648 606 directed ones).
    m = np.ones((5, 8), dtype=bool)
    m[1, 1] = False
    parts = [FH.make_part(5, 8, path_mode=True, cut=3, side=s, removed=(9,)) for s in (0, 1)]
    assert not parts[0].fold and not parts[1].fold
    assert FC.count_split(5, 8, "path", mask=m, cut=3) == 1_648_606 // 2
    # a hole three columns before the cut has no edge into the boundary
    assert FH.make_part(5, 9, path_mode=True, cut=3, side=0, removed=(9,)).fold  # (1, 0)


# ---- the entry points: conventions, cropping, refusals ----

def test_mask_none_and_a_full_mask_agree():
    full = np.ones((5, 6), dtype=bool)
    assert FC.count_cycles(5, 6, mask=full) == FC.count_cycles(5, 6) == 8
    assert FC.count_paths(5, 6, mask=full, pinned=(0,)) == FC.count_paths(5, 6, pinned=(0,))
    assert FC.count_tours(5, 5) == 1728 and FC.count_tours(6, 6, closed=True) == 9862


def test_empty_border_is_cropped():
    # The 3x4 board inside a 5x7 mask: the same counts, on a narrower frontier.
    m = np.zeros((5, 7), dtype=bool)
    m[1:4, 2:6] = True
    bx = FB.crop(5, 7, m)
    assert (bx.rows, bx.cols, bx.squares) == (3, 4, 12)
    for kw in ({}, {"closed": True}, {"start": 7 + 2}, {"start": 9, "end": 3 * 7 + 5}):
        small = {k: (v // 7 - 1) * 4 + v % 7 - 2 if k in ("start", "end") else v
                 for k, v in kw.items()}
        assert FC.count_tours(5, 7, mask=m, **kw) == FC.count_tours(3, 4, **small)
    assert FE.estimate(5, 7, "path", mask=m) == FE.estimate(3, 4, "path")


def test_one_usable_square_is_the_1x1_board():
    m = np.zeros((4, 4), dtype=bool)
    m[2, 1] = True
    sq = 2 * 4 + 1
    assert FC.count_tours(4, 4, mask=m) == 1
    assert FC.count_tours(4, 4, mask=m, start=sq) == FC.count_tours(4, 4, mask=m, end=sq) == 1
    assert FC.count_tours(4, 4, mask=m, start=sq, end=sq) == 1
    assert FC.count_tours(4, 4, mask=m, closed=True) == 0
    assert FC.count_tours(4, 4, mask=m, closed=True, directed=True, start=sq) == 0


def test_two_squares_a_move_apart_have_no_closed_tour():
    m = np.zeros((3, 3), dtype=bool)
    m[0, 0] = m[1, 2] = True
    assert FC.count_tours(3, 3, mask=m) == 2
    assert FC.count_tours(3, 3, mask=m, start=0, end=5, closed=True) == 0
    assert FC.count_tours(3, 3, mask=m, closed=True, directed=True) == 0


def test_refusals_name_the_problem():
    m = np.ones((4, 5), dtype=bool)
    m[1, 2] = False
    with pytest.raises(ValueError, match="start square \\(1, 2\\) is a hole"):
        FC.count_tours(4, 5, mask=m, start=7)
    with pytest.raises(ValueError, match="end square \\(1, 2\\) is a hole"):
        FC.count_tours(4, 5, mask=m, start=0, end=7)
    with pytest.raises(ValueError, match="pinned end .* is a hole"):
        FC.count_paths(4, 5, mask=m, pinned=(7,))
    with pytest.raises(ValueError, match="no usable square"):
        FC.count_cycles(4, 5, mask=np.zeros((4, 5), dtype=bool))
    with pytest.raises(ValueError, match="shape"):
        FC.count_cycles(4, 5, mask=np.ones((5, 4), dtype=bool))
    with pytest.raises(TypeError, match="bool array"):
        FC.count_cycles(4, 5, mask=np.ones((4, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="not both"):
        FC.count_cycles(4, 5, mask=m, removed=(3,))
    with pytest.raises(ValueError, match="reaches 33 cells back .* more than the 32"):
        FC.count_tours(8, 9, moves=FB.leaper(1, 4))
    with pytest.raises(ValueError, match="closed under negation"):
        FC.count_tours(4, 5, moves=[(1, 2)])
    with pytest.raises(ValueError, match="\\(0, 0\\)"):
        FC.count_tours(4, 5, moves=[(0, 0), (0, 1), (0, -1)])
    # too wide once cut down: a size limit, as for a plain board (issue 21)
    with pytest.raises(BoardTooLargeError, match="14x14: more than 13 wide"):
        FC.count_cycles(14, 14, mask=np.ones((14, 14), dtype=bool))
    with pytest.raises(ValueError, match="not on the 4x5 board"):
        FC.count_paths(4, 5, mask=m, pinned=(20,))
    with pytest.raises(ValueError, match="not on the 4x5 board"):
        FC.count_cycles(4, 5, removed=(-1,), moves=FB.KING)


def test_serves_says_which_move_sets_fit():
    for moves in (None, FB.KING, WAZIR, FERZ, DABBABA, FB.KNIGHT_MOVES):
        assert FB.serves(6, 9, moves=moves)
    # alfil, camel, zebra, giraffe, antelope: served while the longest move
    # reaches at most 32 cells back (3 columns and 2 rows: 3W + 2 for the zebra)
    for (a, b), widest in (((2, 2), 13), ((1, 3), 10), ((2, 3), 10), ((1, 4), 7), ((3, 4), 7)):
        assert FB.serves(6, 9, moves=FB.leaper(a, b))
        assert FB.serves(widest, 20, moves=FB.leaper(a, b))
        if widest < 13:
            assert "more than the 32" in FB.serve_reason(widest + 1, 20, moves=FB.leaper(a, b))
    # the knight with the king's moves reaches back by 8 moves: more than 4 slots
    assert "more than the 4" in FB.serve_reason(6, 9, moves=FB.KING + FB.KNIGHT_MOVES)
    # a mask cut down to 13 wide fits however large the array
    m = np.zeros((20, 20), dtype=bool)
    m[3:16, 2:19] = True
    assert FB.serves(20, 20, mask=m) and not FB.serves(20, 20)
    # moves too long for the board are dropped, not refused: a 3-wide camel board
    assert FB.check_moves(FB.leaper(1, 2)) is None  # the knight, however spelled


def _peak(rows, cols, mask, mode):
    bx = FB.crop(rows, cols, mask)
    bd = FB.prepare(bx.rows, bx.cols, removed=bx.removed, path_mode=mode == "path")
    _, ri = FR._count(bd, want_info=True)
    return 0 if ri is None else ri.peak_states


def test_holes_can_raise_the_peak_and_the_estimate_allows_for_it():
    # Three corners off 4x30 closed: 3 077 states at the peak against the
    # full board's 403 (and its estimate, 1 000).
    m = np.ones((4, 30), dtype=bool)
    m[0, 0] = m[3, 0] = m[3, 29] = False
    full = np.ones((4, 30), dtype=bool)
    assert _peak(4, 30, m, "cycle") > 3 * FE.estimate(4, 30, "cycle")[0]
    assert _peak(4, 30, m, "cycle") <= FE.estimate(4, 30, "cycle", mask=m)[0]
    assert FE.estimate(4, 30, "cycle", mask=full) == FE.estimate(4, 30, "cycle")
    rng = random.Random(3)
    for rows, cols, mode in ((4, 12, "path"), (4, 10, "cycle"), (3, 14, "path")):
        for _ in range(4):
            m = random_mask(rows, cols, rng, 0.1)
            states, need = FE.estimate(rows, cols, mode, mask=m)
            assert _peak(rows, cols, m, mode) <= states
            assert need <= FE.HOLE_FACTOR * FE.estimate(rows, cols, mode)[1]


def test_jobs_carry_the_mask_and_the_moves():
    m = np.ones((5, 7), dtype=bool)
    m[0, 0] = m[2, 3] = False
    for moves in (None, FB.KING):
        want = FC.count_tours(5, 7, mask=m, moves=moves, closed=True)
        for parts in (1, 2, 3):
            jobs = FJ.plan_jobs(5, 7, "cycle", parts, mask=m, moves=moves)
            assert FJ.combine([FJ.run_job(j) for j in jobs]) == want


# ---- with issue 21's limits: the cache, the deadline, errors not asserts ----

def test_prepare_keeps_one_board_per_move_set_and_holes():
    FB._prepare_kept.cache_clear()
    king = FB.prepare(5, 6, removed=(7,), moves=FB.KING)
    assert FB.prepare(5, 6, removed=[7], moves=[list(m) for m in reversed(FB.KING)]) is king
    assert FB.prepare(5, 6, removed=(7,)) is not king  # the knight: another board
    assert FB.prepare(5, 6, removed=(8,), moves=FB.KING) is not king
    assert FB.prepare(5, 6, moves=FB.KNIGHT_MOVES) is FB.prepare(5, 6)  # however spelled
    assert king.moves == tuple(sorted(FB.KING)) and FB.prepare(5, 6).moves is None
    # the masked count goes through the same kept board as the plain one
    m = np.ones((5, 6), dtype=bool)
    m.reshape(-1)[7] = False
    FC.count_tours(5, 6, mask=m, moves=FB.KING, closed=True)
    assert FB._prepare_kept.cache_info().hits >= 1


def test_masked_planning_stops_at_the_deadline():
    m = np.ones((3, 2000), dtype=bool)
    m[1, 5] = False
    FB._prepare_kept.cache_clear()
    with planning(1.0, began=0.0, what="a test count"), \
            pytest.raises(SearchLimitError, match="a test count"):
        FC.count_tours(3, 2000, mask=m, moves=FB.KING, closed=True)


@pytest.mark.slow
def test_moves_the_frontier_cannot_take_are_errors_under_python_O():
    # the giraffe reaches 4W + 1 = 33 cells back on 8 rows
    with pytest.raises(ValueError, match="33 cells back .*more than the 32 a state holds"):
        FB.prepare(8, 9, moves=FB.leaper(1, 4))
    with pytest.raises(ValueError, match="cycle"):
        FJ.plan_jobs(5, 6, "tour", mask=np.ones((5, 6), dtype=bool))
    code = ("from knight.counting import frontier_board as FB\n"
            "try:\n    FB.prepare(8, 9, moves=FB.leaper(1, 4))\n"
            "except ValueError:\n    print('ok')\n")
    # The child imports the knight this process imported (src/ holds no cores
    # in an installed test run).
    home = Path(knight.__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, PYTHONPATH=str(home)))
    assert done.stdout.strip() == "ok", done


def test_estimate_words_from_degrees_equals_the_prepared_bound():
    rng = random.Random(11)
    for rows, cols in ((3, 40), (5, 9), (4, 4), (2, 7)):
        for moves in (None, FB.KING, WAZIR, DABBABA):
            m = np.array([[rng.random() >= 0.15 for _ in range(cols)] for _ in range(rows)])
            if not m.any():
                continue
            for mode in ("cycle", "path"):
                bx = FB.crop(rows, cols, m)
                bd = FB.prepare(bx.rows, bx.cols, removed=bx.removed,
                                path_mode=mode == "path", moves=moves)
                want = 1 if bd.trivial is not None else len(FM.moduli_for(FM.count_bound(bd)))
                assert FE.estimate_words(rows, cols, mode, mask=m, moves=moves) == want
    assert FE.estimate_words(3, 300, "path", mask=np.ones((3, 300), dtype=bool)) == \
        FE.plain_words(3, 300, True)

"""Tests of the frontier DP: against the package's exact search, against the
pure-Python twin (state for state), against published tables, and for
exactness past 2^64.  Ground truth is the package's exact depth-first
search, ``knight.count(..., method="search")``.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import knight

# The frontier DP's modules, one job each (see knight.counting.frontier_count).
import knight.counting.frontier_board as FB
import knight.counting.frontier_count as FC
import knight.counting.frontier_estimate as FE
import knight.counting.frontier_halves as FH
import knight.counting.frontier_jobs as FJ
import knight.counting.frontier_moduli as FM
import knight.counting.frontier_run as FR
from conftest import CORE, TWIN, table_dict
from knight._core import frontier_sweep


def _search(*args, **kwargs):
    return knight.count(*args, method="search", **kwargs)



def sq(cols, r, c):
    return r * cols + c


# Boards up to about 5x6 (both orientations); the DP runs in well under a
# second on each except 5x6 (about 2 s for paths), which is kept for one
# mode only.
SMALL = [(r, c) for r in range(1, 6) for c in range(1, 7) if r * c <= 25 or (r, c) in
         ((4, 6), (3, 8), (3, 9), (3, 10))]


@pytest.mark.parametrize("rows,cols", SMALL)
def test_cycles_vs_search(rows, cols):
    assert FC.count_cycles(rows, cols) == _search(rows, cols, closed=True)


@pytest.mark.parametrize("rows,cols", SMALL)
def test_paths_vs_search(rows, cols):
    # _search(open) is directed over all starts: two per undirected path
    # (one-square board: its single tour counted once)
    d = _search(rows, cols)
    expect = d if rows * cols == 1 else d // 2
    assert FC.count_paths(rows, cols) == expect


def test_5x6_both_modes():
    assert FC.count_cycles(5, 6) == _search(5, 6, closed=True) == 8
    assert FC.count_paths(6, 5) * 2 == _search(6, 5) == 37568


@pytest.mark.parametrize("rows,cols", [(3, 4), (4, 4), (3, 7), (4, 5), (5, 4), (2, 5)])
def test_every_start_and_pair(rows, cols):
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    for s in squares:
        got = FC.count_paths(rows, cols, pinned=(sq(cols, *s),))
        assert got == _search(rows, cols, start=s), s
    for s, e in itertools.combinations(squares, 2):
        got = FC.count_paths(rows, cols, pinned=(sq(cols, *s), sq(cols, *e)))
        assert got == _search(rows, cols, start=s, end=e), (s, e)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(5, 5), (3, 10), (4, 6), (6, 4)]), st.data())
def test_sampled_pairs(board, data):
    rows, cols = board
    s = data.draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    e = data.draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    if s == e:
        assert FC.count_paths(rows, cols, pinned=(sq(cols, *s),)) == \
            _search(rows, cols, start=s)
    else:
        assert FC.count_paths(rows, cols, pinned=(sq(cols, *s), sq(cols, *e))) == \
            _search(rows, cols, start=s, end=e)


def test_5x5_by_start():
    # facts sheet: 304 directed tours from each corner of 5x5
    assert FC.count_paths(5, 5, pinned=(0,)) == 304
    assert sum(FC.count_paths(5, 5, pinned=(s,)) for s in range(25)) == 1728


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(3, 4), (4, 4), (3, 6), (4, 5), (3, 5), (2, 6)]), st.data())
def test_removed_squares(board, data):
    """Removed squares are target-degree 0: check by brute force on the graph."""
    rows, cols = board
    n = rows * cols
    removed = data.draw(st.sets(st.integers(0, n - 1), max_size=3))
    cyc = FC.count_cycles(rows, cols, removed=tuple(removed))
    pth = FC.count_paths(rows, cols, removed=tuple(removed))
    bc, bp = _brute(rows, cols, removed)
    assert (cyc, pth) == (bc, bp)


def _brute(rows, cols, removed):
    """Undirected Hamiltonian cycles and paths of the board minus removed."""
    cells = [r * cols + c for r in range(rows) for c in range(cols)
             if r * cols + c not in removed]
    if not cells:
        return 0, 0
    if len(cells) == 1:
        return 0, 1
    adj = {v: [] for v in cells}
    for v in cells:
        r, c = divmod(v, cols)
        for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in adj:
                adj[v].append(rr * cols + cc)
    n = len(cells)
    paths = 0
    cycles = 0
    seen = set()

    def dfs(v, depth, start):
        nonlocal paths, cycles
        if depth == n:
            paths += 1
            if start in adj[v]:
                cycles += 1
            return
        for w in adj[v]:
            if w not in seen:
                seen.add(w)
                dfs(w, depth + 1, start)
                seen.discard(w)

    for s in cells:
        seen.add(s)
        dfs(s, 1, s)
        seen.discard(s)
    return cycles // (2 * n), paths // 2


@pytest.mark.parametrize("rows,cols,pinned,path_mode", [
    (4, 5, (), False), (3, 8, (), False), (4, 5, (), True), (3, 7, (0,), True),
    (4, 4, (0, 15), True), (5, 4, (), True)])
def test_core_vs_reference_state_for_state(rows, cols, pinned, path_mode):
    bd = FB.prepare(rows, cols, pinned=pinned, path_mode=path_mode)
    steps = range(0, bd.N, 3)
    assert CORE.frontier_sweep(bd, steps) == TWIN.frontier_sweep(bd, steps)


# ---- published tables (values typed from OEIS, every one recomputed) ----

def test_a001230_closed_square():
    # A001230: undirected closed tours on 2n x 2n: 0, 0, 9862, 13267364410532
    assert [FC.count_cycles(k, k) for k in (2, 4)] == [0, 0]
    assert FC.count_cycles(6, 6) == 9862


def test_a165134_open_square():
    # A165134: directed open tours over all starts on n x n: 1, 0, 0, 0, 1728,
    # 6637920, ...  The DP counts undirected paths: x2 (1x1: the single tour).
    assert FC.count_paths(1, 1) == 1
    assert [2 * FC.count_paths(k, k) for k in (2, 3, 4, 5)] == [0, 0, 0, 1728]


def test_a070030_3x2n_closed():
    # A070030: closed tours (undirected) on 3 x 2n, n = 1..; 3x10 = 16 ...
    got = [FC.count_cycles(3, 2 * n) for n in range(1, 10)]
    assert got == [0, 0, 0, 0, 16, 176, 1536, 15424, 147728]


def test_a175881_6xn_closed():
    # A175881: closed tours on 6 x n: 6x5 8, 6x6 9862, 6x7 1067638
    assert FC.count_cycles(6, 5) == 8
    assert FC.count_cycles(5, 6) == 8


def test_a169770_3xn_open_type_x():
    # A169770 (offset 4): open tour diagrams (undirected paths) of 3 x n of
    # "type X": both ends in the same column.  4, 0, 0, 0, 80, 40, 368, 352,
    # 5296, 3744 for n = 4..13: the sum over same-column end pairs.
    expect = [4, 0, 0, 0, 80, 40, 368, 352, 5296, 3744]
    for n, want in zip(range(4, 14), expect):
        got = sum(FC.count_paths(3, n, pinned=(r1 * n + c, r2 * n + c))
                  for c in range(n) for r1, r2 in ((0, 1), (0, 2), (1, 2)))
        assert got == want, n


# ---- exactness past 2^64 ----

@pytest.mark.slow
def test_past_2_64_two_routes():
    """3 x 120 closed and open pass 2^64; the CRT value must agree with the
    Python-int twin (independent arithmetic) and with a count done with
    different primes (only the 2^64 word shared)."""
    for path_mode, n in ((False, 160), (True, 60)):
        bd = FB.prepare(3, n, path_mode=path_mode)
        exact = FR._count(bd)
        assert exact >= 1 << 64
        assert exact == CORE.frontier_count(bd) == TWIN.frontier_count(bd)
        k = len(FM.moduli_for(FM.count_bound(bd)))
        other = [1 << 64] + FM.primes(k + 2, offset=40)
        res, _ = FR._run_core(bd, other)
        assert FM.crt([int(x) for x in res], other) == exact


def test_path_cycle_identity():
    """Cycles x edges identity: every cycle through edge uv is a path from u
    to v, so sum over edges uv of paths(u, v) = n * cycles (each cycle has n
    edges)."""
    rows, cols = 3, 12
    n = rows * cols
    cyc = FC.count_cycles(rows, cols)
    total = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    total += FC.count_paths(rows, cols,
                                            pinned=(r * cols + c, rr * cols + cc))
    assert total == n * cyc


def test_bound_is_above_answer():
    for rows, cols, pm in ((3, 40, False), (3, 40, True), (4, 10, True), (5, 6, False)):
        bd = FB.prepare(rows, cols, path_mode=pm)
        assert FR._count(bd) <= FM.count_bound(bd)


# ---- control: limits, cancel, deadline, progress ----

def test_max_bytes_refused():
    # (in 2 MiB it goes on in pieces: tests/counting/test_frontier_pieces.py)
    with pytest.raises(knight.BoardTooLargeError, match="estimate"):
        FC.count_cycles(6, 8, max_bytes=256 * 2**10)


def test_cancel_and_deadline_and_progress():
    flag = np.ones(1, np.uint8)
    with pytest.raises(FR.Cancelled):
        FC.count_paths(5, 8, cancel=flag)
    import time
    with pytest.raises(knight.SearchLimitError):
        FC.count_paths(5, 8, deadline=time.time() - 1)
    seen = []
    FC.count_paths(4, 30, progress=lambda d, t, s: seen.append((d, t, s)))
    assert seen and all(t == 120 for _, t, _ in seen)


def test_estimate_before_allocation():
    s, b = FE.estimate(8, 8, "cycle")
    assert s > 10**7 and b > 10**9
    assert FE.estimate(3, 10, "path")[0] < 10**4


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols, mode", [
    (3, 60, "cycle"), (3, 60, "path"), (4, 30, "path"), (5, 9, "cycle"), (5, 7, "path"),
])
def test_the_estimate_bounds_the_peak_of_one_sweep(rows, cols, mode):
    # the memory guard is only as good as its estimate: never below a peak
    _, ri = FR._count(FB.prepare(rows, cols, path_mode=mode == "path"), want_info=True)
    assert ri.peak_states <= FE.estimate(rows, cols, mode)[0]


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols, mode", [
    (5, 10, "path"), (6, 7, "cycle"), (6, 6, "path"), (6, 7, "path"),
])
def test_the_estimate_bounds_the_peak_of_each_half(rows, cols, mode):
    jobs = FJ.plan_jobs(rows, cols, mode, 2)
    for job in jobs:
        part = FH.make_part(rows, cols, path_mode=mode == "path", cut=job.cut, side=job.side)
        _, ri = FH.run_part(part, job.moduli)
        assert ri.peak_states <= FE.estimate(rows, cols, mode)[0], job.side


# ---- distribution ----

def test_jobs_combine_on_process_pool():
    for rows, cols, mode in ((3, 200, "cycle"), (3, 80, "path")):
        pm = mode == "path"
        whole = FR._count(FB.prepare(rows, cols, path_mode=pm))
        jobs = FJ.plan_jobs(rows, cols, mode, 2)
        assert len(jobs) == 2
        with ProcessPoolExecutor(2) as ex:
            results = list(ex.map(FJ.run_job, jobs))
        assert FJ.combine(results) == whole


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,pinned,removed", [
    (5, 6, (), ()), (6, 5, (), ()), (4, 7, (), ()), (5, 5, (0,), ()), (5, 5, (2, 22), ()),
    (3, 9, (), (1, 25)), (4, 6, (), (0, 3)), (5, 6, (12,), ())])
def test_mirror_folding_is_exact(rows, cols, pinned, removed):
    for path_mode in (False, True):
        if pinned and not path_mode:
            continue
        bd = FB.prepare(rows, cols, pinned=pinned, removed=removed, path_mode=path_mode)
        folded, ri_f = FR._run_core(bd, [1 << 64])
        plain, ri_p = FR._run_core(bd, [1 << 64], fold=False)
        assert int(folded[0]) == int(plain[0])
        assert ri_f.transitions <= ri_p.transitions


def test_folding_halves_the_states_where_symmetric():
    bd = FB.prepare(6, 5, path_mode=True)
    assert FR.fold_cells(bd).sum() == 4  # the ends of columns 1..4
    folded, ri_f = FR._run_core(bd, [1 << 64])
    _, ri_p = FR._run_core(bd, [1 << 64], fold=False)
    assert ri_f.peak_states < 0.7 * ri_p.peak_states
    # a pinned corner breaks the symmetry until its column is behind
    bd = FB.prepare(6, 5, pinned=(0,), path_mode=True)
    assert FR.fold_cells(bd)[:5 * 2].sum() == 0 and FR.fold_cells(bd).sum() > 0


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,pinned", [(5, 6, ()), (4, 9, ()), (5, 6, (0,)),
                                               (4, 7, (0, 5)), (3, 12, (1,))])
def test_ends_budget_prunes_and_keeps_the_count(rows, cols, pinned):
    # Cells bound to be ends (one edge left, none yet) count against the two
    # ends of a path at once instead of when they finish.
    bd = FB.prepare(rows, cols, pinned=pinned, path_mode=True)
    kept, ri_b = FR._run_core(bd, [1 << 64])
    plain, ri_p = FR._run_core(bd, [1 << 64], budget=False)
    assert int(kept[0]) == int(plain[0]) > 0
    assert ri_b.transitions < ri_p.transitions
    assert ri_b.peak_states <= ri_p.peak_states


def test_end_masks_mark_the_bound_ends():
    # 3x4 swept along its 4 columns: after cell 5 (column 1, row 2) the key
    # slots are cells -1..5; cell 0 (a corner) has both its forward edges
    # (cells 5 and 7) ahead of cell 4, one left after cell 5.
    bd = FB.prepare(3, 4, pinned=(11,), path_mode=True)
    words, after = FR.end_masks(bd)
    p = 5
    slots = [k for k in range(2 * bd.W + 1) if int(words[2 * p]) >> (4 * k) & 1]
    cells = [p - 2 * bd.W + k for k in slots]
    fwd_left = {c: sum(1 for x in range(p + 1, bd.N) if c in bd.back[4 * x:4 * x + 4])
                for c in range(p + 1)}
    assert cells == [c for c in range(p + 1)
                     if bd.last_fwd[c] > p and (c in bd.pinned or fwd_left[c] == 1)]
    assert 0 in cells
    assert list(after) == [sum(1 for q in bd.pinned if q > x) for x in range(bd.N)]


@pytest.mark.parametrize("rows,cols", [(3, 7), (4, 6), (5, 5), (3, 10), (5, 6)])
def test_meet_in_the_middle_every_cut(rows, cols):
    L = max(rows, cols)
    for mode in ("cycle", "path"):
        whole = FR._count(FB.prepare(rows, cols, path_mode=mode == "path"))
        for cut in range(1, L - 2):
            assert FC.count_split(rows, cols, mode, cut=cut) == whole, (mode, cut)


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,mode", [(5, 8, "path"), (5, 9, "path"), (6, 8, "cycle"),
                                            (5, 11, "cycle"), (3, 12, "path"), (4, 9, "path")])
def test_halves_share_their_first_cells(rows, cols, mode):
    """On a board that a half turn maps to itself the two halves are the
    same sweep up to near the cut: one shared sweep, resumed on each side,
    gives each side's own table, and the count is the same either way."""
    jobs = FJ.plan_jobs(rows, cols, mode, 2)
    # every_end: side 1 as side 0 sweeps it (by default it drops the
    # states with two ends of the path before the shared cells end too)
    parts = [FH.make_part(rows, cols, path_mode=mode == "path", cut=jobs[0].cut, side=s,
                          every_end=True) for s in (0, 1)]
    P = FH.shared_cells(*parts)
    W = min(rows, cols)
    assert 2 * W <= P < min(p.board.N for p in parts)
    words = jobs[0].moduli
    prefix = [FH.run_part(p, words, stop=P)[0] for p in parts]
    assert table_dict(prefix[0]) == table_dict(prefix[1])
    for part in parts:
        resumed, ri = FH.run_part(part, words, start=(P, prefix[0]))
        assert table_dict(resumed) == table_dict(FH.run_part(part, words)[0])
        assert not ri.sizes[:P].any() and ri.sizes[P:].all()
    assert FC.count_split(rows, cols, mode) == FC.count_split(rows, cols, mode, share=False) \
        == FR._count(FB.prepare(rows, cols, path_mode=mode == "path"))


def test_halves_with_pinned_ends_share_nothing():
    # pinned cells are counted ahead of the sweep, so the rules differ at once
    for pinned in ((0,), (3, 20)):
        jobs = FJ.plan_jobs(5, 8, "path", 2, pinned=pinned)
        parts = [FH.make_part(5, 8, path_mode=True, cut=jobs[0].cut, side=s, pinned=pinned)
                 for s in (0, 1)]
        assert FH.shared_cells(*parts) == 0
    # nor do halves of a board that a half turn does not map to itself
    removed = (1,)
    parts = [FH.make_part(5, 8, path_mode=False, cut=3, side=s, removed=removed) for s in (0, 1)]
    assert FH.shared_cells(*parts) == 0
    assert FC.count_split(5, 8, "cycle", removed=removed) == \
        FR._count(FB.prepare(5, 8, removed=removed))


def test_resuming_from_a_bad_or_empty_table():
    bd = FB.prepare(5, 6, path_mode=False)
    arrays = FR._arrays(bd)
    mods = np.array([0], dtype=np.uint64)

    def go(**kw):
        res = np.ones(1, dtype=np.uint64)
        st_ = frontier_sweep.run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=False,
                                 mods=mods, result=res, sizes=np.zeros(bd.N, np.int64),
                                 info=np.zeros(4, np.int64), deadline=0.0, cancel=None,
                                 progress=None, max_bytes=1 << 30, **arrays, **kw)
        return st_, int(res[0])

    one = np.zeros(1, dtype=np.uint64)
    with pytest.raises(ValueError, match="unequal lengths"):
        go(start_step=12, start_lo=one, start_hi=one, start_val=np.zeros(2, np.uint64))
    with pytest.raises(ValueError, match="off the board"):
        go(start_step=bd.N, start_lo=one, start_hi=one, start_val=one)
    empty = np.zeros(0, dtype=np.uint64)
    assert go(start_step=12, start_lo=empty, start_hi=empty,
              start_val=empty) == (frontier_sweep.ST_OK, 0)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(4, 5), (5, 5), (3, 8), (4, 6)]), st.data())
def test_meet_in_the_middle_pinned_and_removed(board, data):
    rows, cols = board
    n = rows * cols
    pinned = data.draw(st.lists(st.integers(0, n - 1), min_size=0, max_size=2, unique=True))
    removed = data.draw(st.sets(st.integers(0, n - 1), max_size=2)) - set(pinned)
    cut = data.draw(st.integers(1, max(rows, cols) - 3))
    for mode in ("cycle", "path"):
        if pinned and mode == "cycle":
            continue
        kw = {"pinned": tuple(pinned), "removed": tuple(sorted(removed))}
        whole = FR._count(FB.prepare(rows, cols, path_mode=mode == "path", **kw))
        assert FC.count_split(rows, cols, mode, cut=cut, **kw) == whole


@pytest.mark.slow
def test_meet_in_the_middle_on_a_process_pool_past_2_64():
    for rows, cols, mode in ((5, 6, "path"), (3, 90, "path"), (6, 7, "cycle")):
        pm = mode == "path"
        whole = FR._count(FB.prepare(rows, cols, path_mode=pm))
        jobs = FJ.plan_jobs(rows, cols, mode, 2)
        assert [j.side for j in jobs] == [0, 1]
        with ProcessPoolExecutor(2) as ex:
            results = list(ex.map(FJ.run_job, jobs))
        assert FJ.combine(results) == whole
    assert whole > 0 and FR._count(FB.prepare(3, 90, path_mode=True)) > 2**64


def test_join_in_shares_equals_the_whole_join():
    for rows, cols, mode, pinned in ((5, 6, "path", ()), (3, 40, "cycle", ()),
                                     (4, 7, "path", (3,)), (6, 6, "cycle", ())):
        results = [FJ.run_job(j) for j in FJ.plan_jobs(rows, cols, mode, 2, pinned=pinned)]
        whole = FJ.combine(results)
        for parts in (2, 3):
            joins = FJ.plan_joins(results, parts)
            assert len(joins) == parts
            assert FJ.combine_joins(joins, [FJ.run_join(j) for j in joins]) == whole
    assert knight.count(5, 6, method="dp", workers=2) == knight.count(5, 6, method="search")


def test_the_join_takes_the_left_in_any_order():
    """left_for_join sorts the left table by profile, so that the join finds
    each profile's right groups once for a run of states; the join itself
    gives the same sum in any order (runs of one state each)."""
    from dataclasses import replace
    rng = np.random.default_rng(3)
    for rows, cols, mode in ((5, 6, "path"), (6, 6, "cycle"), (4, 7, "path")):
        results = [FJ.run_job(j) for j in FJ.plan_jobs(rows, cols, mode, 2)]
        (job,) = FJ.plan_joins(results, 1)
        lo, hi, val, prof = job.left
        assert (np.diff(prof.astype(np.int64)) >= 0).all()
        nw = len(job.words)
        order = rng.permutation(len(lo))
        shuffled = replace(job, left=(lo[order], hi[order],
                                      val.reshape(-1, nw)[order].reshape(-1), prof[order]))
        assert FJ.run_join(shuffled) == FJ.run_join(job)
        assert FJ.combine_joins([job], [FJ.run_join(job)]) == FJ.combine(results)


# --------------------------------------------------------------------------
# Through knight.count: every mode, the method choice, theory zeros, limits


def test_count_dp_equals_search_in_every_mode():
    for rows, cols in [(3, 4), (3, 7), (4, 5), (5, 5), (3, 10)]:
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        for closed, directed in [(False, False), (True, False), (True, True)]:
            cases = [{}] + [{"start": s} for s in squares[:6]]
            cases += [{"start": s, "end": e} for s in squares[:4] for e in squares]
            for kw in cases:
                got = knight.count(rows, cols, closed=closed, directed=directed, method="dp",
                                   **kw)
                assert got == _search(rows, cols, closed=closed, directed=directed, **kw), kw


def test_auto_picks_dp_on_long_narrow_boards():
    info = {}
    assert knight.count(3, 30, closed=True, _info=info) == knight.count(
        3, 30, closed=True, method="dp")
    assert info["method"] == "dp"
    info = {}
    knight.count(5, 5, _info=info)
    assert info["method"] == "search"


def test_zero_by_theorem_answers_at_once():
    for args, kw in [((7, 7), {"closed": True}), ((3, 21), {"closed": True}),
                     ((4, 40), {"closed": True}), ((3, 8), {"closed": True}),
                     ((5, 5), {"start": (0, 1)}), ((1, 200), {})]:
        info = {}
        assert knight.count(*args, method="search", _info=info, timeout=1.0, **kw) == 0
        assert info["method"] == "theory"


def test_counts_far_past_2_64_are_exact():
    # 3x60 closed through the DP equals the search-free identity with the twin's Python ints.
    big = knight.count(3, 60, closed=True, method="dp")
    assert big > 2**64
    assert big == FC.count_cycles(3, 60)
    directed = knight.count(3, 60, closed=True, directed=True, method="dp")
    assert directed == 2 * 180 * big


def test_dp_memory_guard_names_the_estimate():
    with pytest.raises(knight.BoardTooLargeError, match="estimated .* states"):
        knight.count(6, 30, method="dp", max_memory=2**20)
    with pytest.raises(ValueError, match="max_memory"):
        knight.count(3, 10, method="dp", max_memory=0)
    with pytest.raises(ValueError, match="method"):
        knight.count(3, 10, method="transfer")


def test_dp_timeout_and_workers():
    with pytest.raises(knight.SearchLimitError):
        knight.count(5, 40, method="dp", timeout=0.05)
    assert knight.count(3, 200, closed=True, method="dp", workers=2) == knight.count(
        3, 200, closed=True, method="dp")


def test_cli_count_method_and_verbose(capsys):
    from knight import cli

    assert cli.main(["count", "3", "40", "--closed", "--method", "dp", "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert int(out) == knight.count(3, 40, closed=True) and "method: dp" in err

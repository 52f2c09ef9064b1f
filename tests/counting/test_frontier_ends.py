"""Open counts split in the middle of a board that a half turn maps to
itself: side 1 keeps the states with at most one end of the path, and the
join counts side 0's states with both ends twice (``frontier_halves``,
``make_part``)."""

from __future__ import annotations

import numpy as np
import pytest

import knight.counting.frontier_board as FB
import knight.counting.frontier_count as FC
import knight.counting.frontier_halves as FH
import knight.counting.frontier_jobs as FJ
import knight.counting.frontier_moduli as FM
import knight.counting.frontier_run as FR
from conftest import table_dict
from knight._core import frontier_sweep


def _parts(rows, cols, every_end, **kw):
    bd = FB.prepare(rows, cols, path_mode=True, **kw)
    cut = FB.default_cut(bd.L)
    parts = [FH.make_part(rows, cols, path_mode=True, cut=cut, side=s, every_end=every_end,
                          **kw) for s in (0, 1)]
    return parts, FM.moduli_for(FM.count_bound(bd))


def _join(parts, words):
    """The split count from the two halves swept in full."""
    left = FH.run_part(parts[0], words)[0]
    right = FH.run_part(parts[1], words)[0]
    job = FJ.right_for_join(FJ.left_for_join(left, parts, words), list(right), parts[1])
    return FJ.combine_joins([job], [FJ.run_join(job)])


def _terms(part, table):
    return FJ._profiles(part.board.W, table, part.bmap, part.btarget) & 3


def _symmetric_holes(rows, cols, cells):
    """``cells`` and their images under the half turn."""
    return tuple(sorted({c for x in cells for c in (x, rows * cols - 1 - x)}))


BOARDS = [(4, 6, ()), (5, 6, ()), (3, 8, ()), (5, 8, ()), (6, 6, ()), (4, 10, ()),
          (5, 6, _symmetric_holes(5, 6, [0])), (6, 6, _symmetric_holes(6, 6, [7, 14])),
          (4, 8, _symmetric_holes(4, 8, [9]))]


@pytest.mark.parametrize("rows,cols,removed", BOARDS)
def test_the_count_is_the_same_with_every_end(rows, cols, removed):
    kw = {"removed": removed}
    lean, words = _parts(rows, cols, False, **kw)
    full, _ = _parts(rows, cols, True, **kw)
    assert (lean[0].both_ends_twice, lean[1].max_ends) == (True, 1)
    assert (full[0].both_ends_twice, full[1].max_ends) == (False, 2)
    whole = FR._count(FB.prepare(rows, cols, path_mode=True, **kw))
    assert _join(lean, words) == _join(full, words) == whole
    assert FC.count_split(rows, cols, "path", removed=removed) == whole


@pytest.mark.parametrize("rows,cols", [(5, 6), (6, 6), (4, 8)])
def test_side_1_keeps_exactly_the_states_with_at_most_one_end(rows, cols):
    """Not a looser filter: the lean side 1 is the full one less the states
    whose path has both ends in the columns side 1 finishes."""
    lean, words = _parts(rows, cols, False)
    full, _ = _parts(rows, cols, True)
    a = FH.run_part(lean[1], words)[0]
    b = FH.run_part(full[1], words)[0]
    assert (_terms(lean[1], a) <= 1).all() and (_terms(full[1], b) == 2).any()
    keep = _terms(full[1], b) <= 1
    nw = len(words)
    kept = (b[0][keep], b[1][keep], b[2].reshape(-1, nw)[keep].reshape(-1))
    assert table_dict(a) == table_dict(kept)
    # fewer states: 6x6 open's side 1 holds about half as many
    assert len(a[0]) < 0.7 * len(b[0])
    # side 0 is unchanged
    assert table_dict(FH.run_part(lean[0], words)[0]) == table_dict(FH.run_part(full[0], words)[0])


def test_side_1_resumed_from_side_0s_cells_drops_what_it_would_have():
    """Side 1 resumes from the sweep both halves share, which keeps states
    with two ends: they are dropped as they are read, and the final table
    is the one side 1 sweeps from the empty board."""
    lean, words = _parts(5, 8, False)
    P = FH.shared_cells(*lean)
    assert P > 0
    prefix = FH.run_part(lean[0], words, stop=P)[0]
    assert (_terms(lean[0], prefix) == 2).any()
    resumed = FH.run_part(lean[1], words, start=(P, prefix))[0]
    assert table_dict(resumed) == table_dict(FH.run_part(lean[1], words)[0])


@pytest.mark.parametrize("rows,cols,kw", [
    (5, 7, {}),                                      # odd length: no middle cut
    (5, 6, {"pinned": (0,)}),                        # an end pinned
    (5, 6, {"removed": (0,)}),                       # a hole the half turn moves
    (4, 8, {"removed": (9, 17)}),                    # images in the mirror, not the half turn
])
def test_every_end_kept_where_the_half_turn_does_not_apply(rows, cols, kw):
    parts, words = _parts(rows, cols, False, **kw)
    assert [p.max_ends for p in parts] == [2, 2]
    assert not any(p.both_ends_twice for p in parts)
    assert FC.count_split(rows, cols, "path", **kw) == FR._count(
        FB.prepare(rows, cols, path_mode=True, **kw))


def test_cycles_and_off_centre_cuts_keep_every_state():
    part = FH.make_part(6, 6, path_mode=False, cut=2, side=1)
    assert part.max_ends == 2
    for cut in (1, 2, 4):
        parts = [FH.make_part(4, 8, path_mode=True, cut=cut, side=s) for s in (0, 1)]
        assert [p.max_ends for p in parts] == [2, 2]
        assert FC.count_split(4, 8, "path", cut=cut) == FC.count_split(4, 8, "path")


def test_max_ends_out_of_range_is_refused():
    bd = FB.prepare(4, 5, path_mode=True)
    with pytest.raises(ValueError, match="max_ends must be 0, 1 or 2"):
        frontier_sweep.run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=True,
                           mods=np.zeros(1, np.uint64), result=np.zeros(1, np.uint64),
                           sizes=np.zeros(bd.N, np.int64), info=np.zeros(4, np.int64),
                           deadline=0.0, cancel=None, progress=None, max_bytes=1 << 30,
                           max_ends=3, **FR._arrays(bd))


# 7 and 8 wide: 14 and 16 boundary cells, past the 13 the join's path words
# held before (the holes keep the halves small)
WIDE = [(7, 8, (0, 7, 48, 55, 3, 4, 51, 52, 27, 28)),
        (8, 8, (0, 7, 56, 63, 27, 28, 35, 36, 9, 14, 49, 54, 18, 21, 42, 45))]


@pytest.mark.parametrize("rows,cols,removed", WIDE)
def test_path_words_on_wide_boundaries_join_as_the_pair_test_does(rows, cols, removed):
    """The join's mate words (nb <= 16) against ``pair_mask``, which walks
    the fragments in bytes: every left state's sum over its partners."""
    from knight._core.frontier_join import join, pair_mask, wanted
    parts, words = _parts(rows, cols, False, removed=removed)
    assert parts[0].board.W == min(rows, cols)
    left = FH.run_part(parts[0], words)[0]
    right = FH.run_part(parts[1], words)[0]
    job = FJ.right_for_join(FJ.left_for_join(left, parts, words), list(right), parts[1])
    lo, hi, val, prof = job.left
    rlo, rhi, rval, rprof = job.right
    nl, nw = len(lo), len(words)
    assert nl > 100 and len(rlo) > 100
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    per_left = np.zeros(nl * nw, dtype=np.uint64)
    res = np.zeros(nw, dtype=np.uint64)
    mods = np.array([0] + list(words[1:]), dtype=np.uint64)
    join(job.W, True, i32(job.btarget), lo, hi, val, i32(job.lmap), prof, rlo, rhi, rval,
         i32(job.rmap), rprof, mods, res, np.zeros(3, np.int64), 0.0, per_left)
    rng = np.random.default_rng(7)
    joined = 0
    for i in rng.choice(nl, size=min(nl, 300), replace=False):
        want = wanted(job.W, True, i32(job.btarget), int(prof[i]))
        rows_ = np.flatnonzero(np.isin(rprof, np.array(want, dtype=np.uint64)))
        mask = np.zeros(len(rows_), dtype=np.uint8)
        pair_mask(job.W, True, int(lo[i]), int(hi[i]), i32(job.lmap),
                  np.ascontiguousarray(rlo[rows_]), np.ascontiguousarray(rhi[rows_]),
                  i32(job.rmap), mask)
        partners = rows_[mask.astype(bool)]
        joined += len(partners)
        expect = int(rval.reshape(-1, nw)[partners, 0].sum(dtype=np.uint64))
        assert int(per_left[i * nw]) == expect % (1 << 64), i
    assert joined > 0
    assert FJ.combine_joins([job], [tuple(int(x) for x in res)]) > 0

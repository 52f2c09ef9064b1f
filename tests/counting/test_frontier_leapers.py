"""Long leapers in the frontier DP (issue 28, item 5): move sets whose moves
reach more than the knight's 2W + 1 cells back along the sweep keep a
window of their own (the zebra 3W + 2, the giraffe 4W + 1), up to 32 cells.

Checked against the exhaustive search (``method="search"``) and the
pure-Python twin on small boards, with holes, masks, closed and open, pinned
ends; the label overflow of a long window is a status, never a wrong key.
"""

from __future__ import annotations

import numpy as np
import pytest

import knight
import knight.counting.frontier_board as FB
import knight.counting.frontier_count as FC
import knight.counting.frontier_halves as FH
import knight.counting.frontier_jobs as FJ
import knight.counting.frontier_run as FR
from knight import Board
from knight._core.frontier_sweep import ST_LABELS, ST_OK, run
from knight.counting.frontier_sweep_py import canon_key, count_cycles_ref, count_paths_ref
from knight.errors import BoardTooLargeError
from knight.geometry import sweep_window
from knight.planner import serves as planner_serves

# Wazir moves and the zebra's moves across three columns: a connected graph
# with many tours on small boards (the zebra alone has none below 5x6),
# symmetric under the mirror (folded) and with a window of 3W + 2 cells.
HALF_ZEBRA = ((-2, -3), (2, -3), (0, -1), (-1, 0), (2, 3), (-2, 3), (0, 1), (1, 0))
# Not symmetric under the mirror: no folding.
SLANTED = ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 3), (-2, -3), (3, 2), (-3, -2))


def _mask(rows, cols, holes):
    m = np.ones((rows, cols), dtype=bool)
    for r, c in holes:
        m[r, c] = False
    return m


@pytest.mark.parametrize("moves", [HALF_ZEBRA, SLANTED], ids=["half-zebra", "slanted"])
@pytest.mark.parametrize("rows,cols,holes", [
    (3, 5, ()), (4, 5, ()), (4, 5, ((0, 0),)), (3, 7, ((1, 3),)), (4, 6, ((3, 5), (0, 2))),
    (5, 4, ((2, 2),)),
])
def test_dp_counts_as_the_search_does(moves, rows, cols, holes):
    board = Board(rows, cols, moves=list(moves), mask=_mask(rows, cols, holes))
    assert sweep_window(rows, cols, moves) > 2 * min(rows, cols) + 1
    mid = tuple(int(x) for x in board.squares[len(board.squares) // 2])
    last = tuple(int(x) for x in board.squares[-1])
    for kw in ({}, {"closed": True}, {"start": mid}, {"start": mid, "end": last}):
        assert knight.count(board, method="dp", **kw) == knight.count(board, method="search",
                                                                     **kw), kw


@pytest.mark.slow
@pytest.mark.parametrize("moves", [HALF_ZEBRA, SLANTED], ids=["half-zebra", "slanted"])
def test_squeezed_keys_of_17_slots_count_as_the_search_does(moves):
    """Five wide, these windows are 17 slots: the tables hold each key
    squeezed into one word (two slots in 7 bits), as for the knight 8 wide."""
    assert FB.prepare(5, 5, moves=moves).S == 17
    five = Board(5, 5, moves=list(moves))
    assert knight.count(five, method="dp") == knight.count(five, method="search") > 10**6
    wide = Board(5, 6, moves=list(moves))
    assert knight.count(wide, closed=True, method="dp") == \
        knight.count(wide, closed=True, method="search") > 10**6


def test_named_leapers_against_the_search():
    giraffe = Board(5, 8, moves="giraffe")
    assert knight.count(giraffe, method="dp") == knight.count(giraffe, method="search") == 16
    assert knight.count(giraffe, start=(0, 0), method="dp") == 2
    assert knight.count(giraffe, start=(0, 1), method="dp") == 0
    holed = Board(5, 8, moves="giraffe", holes=[(2, 7)])
    assert knight.count(holed, method="dp") == knight.count(holed, method="search")
    # the zebra's connected 5x6 board has no tour (squares with one move)
    assert knight.count(Board(6, 5, moves="zebra"), method="dp") == 0


def test_the_twin_agrees_with_the_core():
    for rows, cols, removed in ((3, 5, ()), (4, 5, (7,)), (3, 6, (0,))):
        assert count_cycles_ref(rows, cols, removed, moves=HALF_ZEBRA) == \
            FC.count_cycles(rows, cols, removed=removed, moves=HALF_ZEBRA)
        assert count_paths_ref(rows, cols, (1,), removed, moves=SLANTED) == \
            FC.count_paths(rows, cols, pinned=(1,), removed=removed, moves=SLANTED)
    giraffe = FB.leaper(1, 4)
    assert count_paths_ref(3, 5, moves=giraffe) == FC.count_paths(3, 5, moves=giraffe)


def test_the_window_of_each_leaper():
    assert FB.prepare(5, 10, moves=FB.leaper(2, 3)).S == 17       # 3W + 2
    assert FB.prepare(6, 9, moves=FB.leaper(1, 4)).S == 25        # 4W + 1
    assert FB.prepare(7, 8, moves=FB.leaper(3, 4)).S == 31        # 4W + 3
    assert FB.prepare(10, 10, moves=FB.leaper(2, 3)).S == 32      # the most a key holds
    assert FB.prepare(6, 9, moves=FB.KING).S == 13                # within the knight's
    assert not FB.prepare(6, 9).long and FB.prepare(5, 10, moves=FB.leaper(2, 3)).long


def test_long_leapers_are_swept_in_one_piece():
    # the join reads a boundary of two columns; a zebra's edges cross three
    assert FB.counted_in_halves(6, 12) and not FB.counted_in_halves(6, 12, window=20)
    jobs = FJ.plan_jobs(6, 12, "cycle", 2, moves=FB.leaper(2, 3))
    assert all(j.side < 0 for j in jobs)
    with pytest.raises(ValueError, match="reaches 20 cells back"):
        FH.make_part(6, 12, path_mode=False, cut=4, side=0, moves=FB.leaper(2, 3))
    # asked for halves, the count sweeps once
    assert FC.count_split(5, 16, moves=FB.leaper(2, 3)) == 90 == \
        FC.count_cycles(5, 16, moves=FB.leaper(2, 3))


def _overflow_run(pairs):
    """The core, for cell p only, from a state after cell p - 1 of the 10x12
    zebra board (a window of 32 cells) holding ``pairs`` path fragments,
    where cell p must join two cells without edges: one fragment more."""
    bd = FB.prepare(10, 12, moves=FB.leaper(2, 3))
    S, W, N = bd.S, bd.W, bd.N
    p = 6 * W + 5
    back = [q for q in bd.back[4 * p:4 * p + 4] if q >= 0]
    assert back == [p - 32, p - 28, p - 23, p - 17]
    codes = [0] * S  # slot i: cell p - S + i
    codes[0] = codes[back[3] - (p - S)] = FB.FULL  # both done: p takes back[1], back[2]
    free = [c for c in range(p - S + 1, p) if bd.last_fwd[c] > p and c not in back]
    for k in range(pairs):
        codes[free[2 * k] - (p - S)] = codes[free[2 * k + 1] - (p - S)] = 3 + k
    lo = sum(v << (4 * i) for i, v in enumerate(codes[:16]))
    hi = sum(v << (4 * i) for i, v in enumerate(codes[16:]))
    res, sizes, info = np.zeros(1, np.uint64), np.zeros(N, np.int64), np.zeros(4, np.int64)
    out: list = []
    return run(W, N, dump_step=p, dump_out=out, last_needed=bd.last_needed, path_mode=False,
               mods=np.zeros(1, np.uint64), result=res, sizes=sizes, info=info, deadline=0.0,
               cancel=None, progress=None, max_bytes=1 << 28, start_step=p,
               start_lo=np.array([lo], np.uint64),
               start_hi=np.array([hi], np.uint64), start_val=np.ones(1, np.uint64), window=S,
               **FR._arrays(bd)), bd, info, out


def test_more_fragments_than_labels_is_a_status_not_a_wrong_key():
    st, bd, info, _ = _overflow_run(13)  # 13 + 1 fragments: labels 3..16
    assert st == ST_LABELS
    st_ok, _, _, out = _overflow_run(12)  # 12 + 1: labels 3..15 fit
    assert st_ok == ST_OK
    lo, hi = int(out[0][0]), int(out[1][0])
    assert max(((lo | hi << 64) >> (4 * k)) & 15 for k in range(32)) == 15
    ri = FR.RunInfo(np.zeros(1, np.int64), 1, 0, 1, 0.0)
    with pytest.raises(BoardTooLargeError,
                       match="10x12 board: a state after cell 65 .* 13 labels"):
        FR._raise_for_status(st, bd, ri, info, 1 << 28, 1, "")
    # the twin refuses such a key too
    with pytest.raises(BoardTooLargeError, match="13 labels"):
        canon_key([3 + k // 2 for k in range(28)])
    assert canon_key([3 + k // 2 for k in range(26)]) > 0


def test_exists_asks_the_dp_on_a_long_leaper_board():
    zebra = Board(5, 10, moves="zebra")
    assert planner_serves("frontier-dp", zebra)
    assert knight.estimate(zebra).engine == "dp"
    assert knight.estimate(zebra).planner_engine == "frontier-dp"
    # 451 s by exhaustive search before the DP took these boards
    assert not knight.exists(zebra)
    assert knight.why_not(zebra) == "the frontier DP counts no open tour of the 5x10 board " \
                                    "for the zebra"
    giraffe = Board(5, 8, moves="giraffe")
    assert knight.exists(giraffe) and knight.exists(giraffe, start=(0, 0))
    assert "from (0, 1)" in knight.why_not(giraffe, start=(0, 1))


def test_the_sampler_refuses_long_leapers_by_name():
    assert not planner_serves("table-sampler", Board(5, 8, moves="giraffe"))
    with pytest.raises(ValueError, match="cannot walk the states of the 5x8 board for the "
                                         "giraffe: its moves reach 21"):
        knight.random_tour(Board(5, 8, moves="giraffe"), seed=1)


def test_the_estimate_takes_the_leapers_measured_peaks():
    import knight.counting.frontier_estimate as FE
    states, need = FE.estimate(5, 16, "cycle", moves=FB.leaper(2, 3))
    assert states >= 880_236  # measured
    holed = FE.estimate(5, 16, "cycle", moves=FB.leaper(2, 3),
                        mask=_mask(5, 16, ((0, 0),)))
    assert holed[0] > states
    # not the knight's 5-wide figure, which the zebra's paths pass forty times
    assert FE.estimate(5, 16, "path", moves=FB.leaper(2, 3))[0] > 40_000_000

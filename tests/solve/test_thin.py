"""Thin boards (a side of 3 or 4): the column automaton, its answers and tours."""

from __future__ import annotations

import doctest
import random

import numpy as np
import pytest

import knight
from conftest import CORE, TWIN
from knight import existence, thin, thin_py
from knight._core import thin as _thin
from knight.errors import BoardTooLargeError, NoTourError
from knight.geometry import DEFAULT_ORDER
from knight.search import CYTHON_ENGINE, EXHAUSTED, FOUND


def _check_tour(board, rows, cols, start, closed):
    assert board.shape == (rows, cols)
    assert board.dtype == np.int32
    assert board.flags.c_contiguous
    assert board[start] == 0
    knight.verify(board, closed=closed)


def test_doctests():
    for module in (thin, existence):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0
        assert result.failed == 0


@pytest.mark.slow
@pytest.mark.parametrize("h", thin.HEIGHTS)
@pytest.mark.parametrize("closed", [False, True])
def test_stored_automaton_matches_a_fresh_build(h, closed):
    fresh = thin.build_automaton(h, closed)
    stored = thin.automaton(h, closed)
    assert stored.n_states == fresh["n_states"]
    assert stored.accept == fresh["accept"]
    for name in ("src", "dst", "mask", "term"):
        assert np.array_equal(getattr(stored, name), fresh[name]), name


def test_automaton_sizes_are_sane():
    # Schwenk: no closed tour on any 4xn board, so no accepted word at all.
    assert thin.automaton(4, True).n_states == 0
    for h, closed in ((3, False), (3, True), (4, False)):
        a = thin.automaton(h, closed)
        assert a.n_states > 0 and 0 < a.accept < a.n_states
        assert a.reach_per >= 1 and a.finish_per >= 1


def _direct_row_masks(auto, n):
    """Start rows per column from reach sets iterated n times (no periodicity)."""
    src, dst, term = auto.src, auto.dst, auto.term
    reach = [np.zeros(auto.n_states, dtype=bool)]
    reach[0][0] = True
    finish = [np.zeros(auto.n_states, dtype=bool)]
    finish[0][auto.accept] = True
    for _ in range(n):
        nxt = np.zeros(auto.n_states, dtype=bool)
        nxt[dst[reach[-1][src]]] = True
        reach.append(nxt)
        prv = np.zeros(auto.n_states, dtype=bool)
        prv[src[finish[-1][dst]]] = True
        finish.append(prv)
    out = []
    for j in range(n):
        sel = reach[j][src] & finish[n - 1 - j][dst]
        if auto.closed:
            out.append((1 << auto.h) - 1 if sel.any() else 0)
        else:
            out.append(int(np.bitwise_or.reduce(term[sel])) if sel.any() else 0)
    return out


@pytest.mark.parametrize("h,closed", [(3, False), (3, True), (4, False)])
def test_periodic_tables_match_direct_iteration(h, closed):
    auto = thin.automaton(h, closed)
    for n in (1, 2, 3, 5, 8, 13, 21, 34, 55, 56):
        assert auto.row_masks(n).tolist() == _direct_row_masks(auto, n), n


def _exhaustive_starts(rows, cols, closed):
    """Start squares by the package's own exhaustive search (theory bypassed)."""
    out = np.zeros((rows, cols), dtype=bool)
    for r in range(rows):
        for c in range(cols):
            status, board, _, _ = CYTHON_ENGINE.backtrack(
                rows, cols, (r, c), DEFAULT_ORDER, True, closed, None, 0.0
            )
            assert status in (FOUND, EXHAUSTED)
            if status == FOUND:
                knight.verify(board, closed=closed)
            out[r, c] = status == FOUND
    return out


# Every thin board the exhaustive search finishes in well under a second or
# two, open and closed (3x10 is the first with closed tours, 4x7 the longest).
EXHAUSTIVE = [(3, n) for n in range(1, 11)] + [(4, n) for n in range(1, 7)]


@pytest.mark.parametrize("rows,cols", EXHAUSTIVE + [(7, 3), (5, 4)])
@pytest.mark.parametrize("closed", [False, True])
def test_start_squares_agree_with_exhaustive_search(rows, cols, closed):
    expect = _exhaustive_starts(rows, cols, closed)
    assert np.array_equal(thin.start_squares(rows, cols, closed=closed), expect)
    assert np.array_equal(existence.start_squares(rows, cols, closed=closed), expect)


@pytest.mark.slow
def test_start_squares_agree_with_exhaustive_search_4x7_open():
    expect = _exhaustive_starts(4, 7, False)
    assert np.array_equal(thin.start_squares(4, 7), expect)


def test_every_start_of_every_thin_board_up_to_40():
    for h in thin.HEIGHTS:
        for n in range(1, 41):
            for closed in (False, True):
                for rows, cols in ((h, n), (n, h)):
                    for r in range(rows):
                        for c in range(cols):
                            start = (r, c)
                            ok = existence.exists(rows, cols, start=start, closed=closed)
                            try:
                                board = thin.thin_tour(rows, cols, start, closed)
                            except NoTourError as e:
                                assert not ok, (rows, cols, start, closed)
                                assert e.reason == existence.why_not(
                                    rows, cols, start=start, closed=closed
                                )
                            else:
                                assert ok, (rows, cols, start, closed)
                                _check_tour(board, rows, cols, start, closed)


def test_board_level_answers_match_theory():
    for h in thin.HEIGHTS:
        for n in range(1, 200):
            for rows, cols in ((h, n), (n, h)):
                assert existence.exists(rows, cols) == knight.open_tour_board(rows, cols)
                assert existence.exists(rows, cols, closed=True) == knight.closed_tour_board(
                    rows, cols
                )


def test_large_random_thin_boards():
    rng = random.Random(20261129)
    cases = []
    for _ in range(24):
        h = rng.choice(thin.HEIGHTS)
        n = rng.randrange(5, 4000)
        closed = h == 3 and rng.random() < 0.4
        if closed:
            n += n % 2 + (10 if n < 10 else 0)
        rows, cols = (h, n) if rng.random() < 0.5 else (n, h)
        cases.append((rows, cols, closed))
    for rows, cols, closed in cases:
        ok = existence.start_squares(rows, cols, closed=closed)
        squares = np.argwhere(ok)
        assert len(squares) > 0, (rows, cols, closed)
        for k in rng.sample(range(len(squares)), 3):
            start = (int(squares[k][0]), int(squares[k][1]))
            board = thin.thin_tour(rows, cols, start, closed)
            _check_tour(board, rows, cols, start, closed)


def test_a_million_columns():
    board = thin.thin_tour(4, 1_000_000, (3, 500_000), False)
    _check_tour(board, 4, 1_000_000, (3, 500_000), False)
    board = thin.thin_tour(1_000_000, 3, (999_999, 1), True)
    _check_tour(board, 1_000_000, 3, (999_999, 1), True)


@pytest.mark.slow
def test_cores_match_the_python_twins():
    rng = random.Random(7)
    for h, closed in ((3, False), (3, True), (4, False)):
        auto = thin.automaton(h, closed)
        for n in (4, 7, 10, 11, 12, 25, 40, 2500, 4001):
            ok = np.argwhere(thin.start_squares(h, n, closed=closed))
            picks = rng.sample(range(len(ok)), min(4, len(ok)))
            for r, j in [tuple(map(int, ok[k])) for k in picks]:
                col, before, after, mask = thin_py.plan(auto, n, r, j)
                ref = TWIN.walk_states(auto, n, col, before, after, mask)
                # Above the edge bits the core keeps its states (and skips
                # periodic stretches for long boards): the moves must agree.
                assert np.array_equal(CORE.walk_states(auto, n, col, before, after, mask), ref)
                expect = thin.thin_tour(h, n, (r, j), closed)  # the C construction
                assert np.array_equal(thin.thin_tour(n, h, (j, r), closed), expect.T)
                for impl in (CORE, TWIN):
                    assert np.array_equal(impl.fill_board(ref, h, r, j), expect), impl


@pytest.mark.parametrize("closed", [False, True])
def test_c_construction_starts_exactly_where_tours_start(closed):
    # thin_into (the C API's construction of thin boards) picks its start
    # transition in C: it must succeed from exactly the squares
    # start_squares names, and give a tour from each.
    for h in thin.HEIGHTS:
        for n in range(1, 16):
            for rows, cols in ((h, n), (n, h)):
                expect = thin.start_squares(rows, cols, closed=closed)
                for r in range(rows):
                    for c in range(cols):
                        board = np.full((rows, cols), -1, dtype=np.int32)
                        status = _thin.thin_into(board, r, c, closed)
                        if rows in thin.HEIGHTS or cols in thin.HEIGHTS:
                            assert (status == _thin.OK) == bool(expect[r, c]), (rows, cols, r, c)
                            assert status in (_thin.OK, _thin.NO_TOUR)
                        if status == _thin.OK:
                            _check_tour(board, rows, cols, (r, c), closed)


def test_c_construction_statuses_and_checks():
    board = np.empty((3, 10), dtype=np.int32)
    assert _thin.thin_into(board, 0, 0, True, np.ones(1, dtype=np.uint8)) == _thin.CANCELLED
    assert _thin.thin_into(board, 3, 0, True) == _thin.BAD_ARGUMENT
    assert _thin.thin_into(board, 0, -1, True) == _thin.BAD_ARGUMENT
    assert _thin.thin_into(np.empty((5, 6), dtype=np.int32), 0, 0, True) == _thin.BAD_ARGUMENT
    with pytest.raises(TypeError):
        _thin.thin_into(None, 0, 0, True)
    with pytest.raises(ValueError, match="cancel"):
        _thin.thin_into(board, 0, 0, True, np.zeros(0, dtype=np.uint8))
    # Installed tables are never replaced (a construction may be reading them).
    auto = thin.automaton(3, True)
    inc, count = thin._incidence(3)
    args = [auto.succ_ptr, auto.succ_dst, auto.succ_mask, auto.pred_ptr, auto.pred_src,
            auto.pred_mask, auto.reach, auto.reach_pre, auto.reach_per, auto.finish,
            auto.finish_pre, auto.finish_per] + [
        np.ascontiguousarray(a, dtype=np.int32) for a in (auto.src, auto.dst, auto.mask,
                                                          auto.term)] + [inc, count]
    assert _thin.install(3, True, auto.n_states, auto.accept, *args) is False
    with pytest.raises(ValueError, match="3 or 4 rows"):
        _thin.install(5, True, auto.n_states, auto.accept, *args)
    bad = list(args)
    bad[1] = np.full_like(auto.succ_dst, auto.n_states)   # successors off the states
    with pytest.raises(ValueError, match="off the states"):
        _thin.install(3, True, auto.n_states, auto.accept, *bad)
    with pytest.raises(ValueError, match="move table"):
        _thin.fill_board(np.zeros(10, dtype=np.int32), inc[:, :, :3].copy(), count, 0, 0, False,
                         board)
    with pytest.raises(ValueError, match="shape"):
        _thin.fill_board(np.zeros(9, dtype=np.int32), inc, count, 0, 0, False, board)


def test_no_tour_reasons():
    with pytest.raises(NoTourError, match=r"3x8 board starts at \(1, 2\).*column-by-column"):
        thin.thin_tour(3, 8, (1, 2), False)
    with pytest.raises(NoTourError, match="Schwenk"):
        thin.thin_tour(4, 10, (0, 0), True)
    with pytest.raises(NoTourError, match="no knight's tour"):
        thin.thin_tour(3, 6, (0, 0), False)
    with pytest.raises(NoTourError, match="other colour"):
        thin.thin_tour(3, 9, (0, 1), False)
    with pytest.raises(NoTourError, match=r"starts at \(1, 0\)"):
        thin.thin_tour(4, 100, (1, 0), False)


def test_bad_arguments():
    with pytest.raises(TypeError, match="rows"):
        thin.thin_tour("3", 10, (0, 0), False)
    with pytest.raises(TypeError, match="cols"):
        thin.thin_tour(3, 10.0, (0, 0), False)
    with pytest.raises(ValueError, match="rows"):
        thin.thin_tour(0, 10, (0, 0), False)
    with pytest.raises(ValueError, match="start"):
        thin.thin_tour(3, 10, (3, 0), False)
    with pytest.raises(TypeError, match="start"):
        thin.thin_tour(3, 10, 17, False)
    with pytest.raises(ValueError, match="start"):
        thin.thin_tour(3, 10, "z9", False)
    with pytest.raises(TypeError, match="closed"):
        thin.thin_tour(3, 10, (0, 0), "yes")
    with pytest.raises(ValueError, match="side of 3 or 4"):
        thin.thin_tour(5, 10, (0, 0), False)
    with pytest.raises(ValueError, match="not thin"):
        thin.start_squares(6, 7)


def test_memory_is_checked_before_allocating(monkeypatch):
    monkeypatch.setattr(knight.geometry, "available_memory", lambda: 1 << 20)
    with pytest.raises(BoardTooLargeError, match="GiB"):
        thin.thin_tour(4, 20_000_000, (0, 0), False)


def test_row_counts_match_the_full_table():
    for h, closed in ((3, False), (3, True), (4, False)):
        auto = thin.automaton(h, closed)
        for n in list(range(1, 60)) + [61, 100, 1001, 5000]:
            masks = auto.row_masks(n)
            expect = [int(((masks >> i) & 1).sum()) for i in range(h)]
            assert thin._row_counts(auto, n) == expect, (h, closed, n)

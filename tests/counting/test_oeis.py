"""Check values: the package's counts against published OEIS terms (issue 28, item 7).

Each term here is one the package counts in well under a second or two; the
longer terms of the same sequences are in ``benchmarks/bench_oeis.py``.  The
terms, their sources and the conventions (directed or not, which board) are
in ``oeis_terms.py``; a term the package disagreed with would stay as
published and fail here.

Whole boards run through ``knight.count`` as a user calls it (the planner
picks the engine).  Knuth's partial boards (the first k cells of an m-row
board, column by column) run through the frontier DP by name: they end the
sweep at every cell of a column, not only at whole columns, so each term
tests the sweep's handling of a column cut short; the small ones go through
the search as well.
"""

from __future__ import annotations

import functools

import pytest
from oeis_terms import (
    A001230,
    A083386,
    A165134,
    A175855,
    A175881,
    A193054,
    A193055,
    A306281,
    A306283,
    A383660,
    A383661,
    A383663,
    A389755,
    A389759,
    A389760,
    Published,
)

import knight


@functools.cache
def tours(rows: int, cols: int, closed: bool = False) -> int:
    """Closed tours undirected, open tours directed over every start (the
    package's conventions), of the whole board; cached, as several sequences
    share a board (A175881(8) = A193055(6) is the 6x8 board)."""
    return knight.count(rows, cols, closed=closed)


def undirected(directed: int, squares: int) -> int:
    """Undirected open paths from the directed count: each path is counted
    once from each end, except the one-square path, its own reverse."""
    if squares == 1:
        return directed
    assert directed % 2 == 0, f"{directed} directed paths on {squares} squares: not even"
    return directed // 2


def prefix_board(m: int, k: int) -> knight.Board:
    """The first ``k`` cells of an ``m``-row board, column by column and top
    to bottom: ``ceil(k / m)`` columns, the last with its bottom rows
    removed (Knuth's partial boards, A383660 and the others)."""
    cols = -(-k // m)
    kept = k - m * (cols - 1)
    return knight.Board(m, cols, holes=[(r, cols - 1) for r in range(kept, m)])


def terms(seq: Published, last: int | None = None, first: int | None = None) -> list:
    """pytest params (n, a(n)) of ``seq`` from ``first`` to ``last``, named A...(n)."""
    return [pytest.param(n, a, id=f"{seq.anum}({n})") for n, a in seq.items()
            if (first is None or n >= first) and (last is None or n <= last)]


# --------------------------------------------------------------------------
# Whole boards
# --------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "a"), terms(A001230, last=3))
def test_a001230_square_closed(n, a):
    # OEIS A001230: undirected closed tours of 2n x 2n (a(4), 8x8, needs
    # 11 GiB: benchmarks/bench_big_counts.py checks it).
    assert tours(2 * n, 2 * n, closed=True) == a


@pytest.mark.parametrize(("n", "a"), terms(A165134, last=6))
def test_a165134_square_open_directed(n, a):
    # OEIS A165134: directed open tours of n x n over every start, the
    # package's own convention (a(7), 7x7, takes minutes and over 3 GiB).
    assert tours(n, n) == a


@pytest.mark.parametrize(("n", "a"), terms(A175855, last=8))
def test_a175855_5x2n_closed(n, a):
    # OEIS A175855: undirected closed tours of 5 x 2n; 5x20 already passes 2^64.
    assert tours(5, 2 * n, closed=True) == a


@pytest.mark.parametrize(("n", "a"), terms(A175881, last=8))
def test_a175881_6xn_closed(n, a):
    # OEIS A175881: undirected closed tours of 6 x n.
    assert tours(6, n, closed=True) == a


@pytest.mark.parametrize(("n", "a"), terms(A193054, last=3))
def test_a193054_7x2n_closed(n, a):
    # OEIS A193054: undirected closed tours of 7 x 2n (7x8 on is 7-wide: benchmark).
    assert tours(7, 2 * n, closed=True) == a


@pytest.mark.parametrize(("n", "a"), terms(A193055, last=6))
def test_a193055_8xn_closed(n, a):
    # OEIS A193055: undirected closed tours of 8 x n, swept along the 8
    # side, n wide (8x7 on is 7-wide: benchmark).
    assert tours(8, n, closed=True) == a


@pytest.mark.parametrize(("n", "a"), terms(A083386, last=8))
def test_a083386_5xn_open(n, a):
    # OEIS A083386: undirected open tours of 5 x n.
    assert undirected(tours(5, n), 5 * n) == a


@pytest.mark.parametrize(("n", "a"), terms(A306281))
def test_a306281_6xn_open(n, a):
    # OEIS A306281 (row 6 of A390833): undirected open tours of 6 x n.
    assert undirected(tours(6, n), 6 * n) == a


@pytest.mark.parametrize(("n", "a"), terms(A306283))
def test_a306283_7xn_open(n, a):
    # OEIS A306283 (row 7 of A390833): undirected open tours of 7 x n.
    assert undirected(tours(7, n), 7 * n) == a


@pytest.mark.parametrize(("n", "a"), terms(A389760))
def test_a389760_8xn_open(n, a):
    # OEIS A389760 (row 8 of A390833): undirected open tours of 8 x n.
    assert undirected(tours(8, n), 8 * n) == a


def test_shared_boards_agree_across_sequences():
    # The same board in two sequences, published independently: the 5x8
    # board is A175855(4) and A193055(5) closed, A083386(8) and A389760(5)
    # open; 6x8 is A175881(8) and A193055(6); 6x7 closed is A175881(7) and
    # A193054(3).  A transposed board must count the same.
    assert A175855[4] == A193055[5] == tours(8, 5, closed=True) == tours(5, 8, closed=True)
    assert A175881[8] == A193055[6] == tours(8, 6, closed=True) == tours(6, 8, closed=True)
    assert A175881[7] == A193054[3] == tours(7, 6, closed=True) == tours(6, 7, closed=True)
    assert A083386[8] == A389760[5] == undirected(tours(8, 5), 40) == undirected(tours(5, 8), 40)


# --------------------------------------------------------------------------
# Knuth's partial boards: the sweep cut at every cell
# --------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "a"), terms(A383660))
def test_a383660_3_row_prefix_closed(n, a):
    # OEIS A383660 (Knuth): undirected closed tours of the first 2n cells of
    # a 3-row board; every third term is a whole 3 x 2n board (A070030).
    assert knight.count(prefix_board(3, 2 * n), closed=True, method="dp") == a


@pytest.mark.parametrize(("n", "a"), terms(A383661, last=30))
def test_a383661_5_row_prefix_closed(n, a):
    # OEIS A383661 (Knuth): undirected closed tours of the first 2n cells of
    # a 5-row board; a(5k) = A175855(k).  a(31) on in the benchmark.
    assert knight.count(prefix_board(5, 2 * n), closed=True, method="dp") == a


@pytest.mark.parametrize(("n", "a"), terms(A383663))
def test_a383663_7_row_prefix_closed(n, a):
    # OEIS A383663 (Knuth): undirected closed tours of the first 2n cells of
    # a 7-row board, the ten terms found (a(22) on is 7-wide: an estimated
    # 21 GiB).
    assert knight.count(prefix_board(7, 2 * n), closed=True, method="dp") == a


@pytest.mark.parametrize(("n", "a"), terms(A389759))
def test_a389759_3_row_prefix_open(n, a):
    # OEIS A389759 (Knuth): undirected open tours of the first n cells of a
    # 3-row board.
    assert undirected(knight.count(prefix_board(3, n), method="dp"), n) == a


@pytest.mark.parametrize(("n", "a"), terms(A389755, last=30))
def test_a389755_5_row_prefix_open(n, a):
    # OEIS A389755 (Knuth): undirected open tours of the first n cells of a
    # 5-row board; a(5k) = A083386(k).  a(31) on in the benchmark.
    assert undirected(knight.count(prefix_board(5, n), method="dp"), n) == a


def small_prefixes() -> list:
    """The partial boards of up to 30 cells, as (m, k, closed, a) params."""
    return ([pytest.param(5, n, False, a, id=f"A389755({n})")
             for n, a in A389755.items() if n <= 25]
            + [pytest.param(5, 2 * n, True, a, id=f"A383661({n})")
               for n, a in A383661.items() if n <= 12]
            + [pytest.param(3, 2 * n, True, a, id=f"A383660({n})")
               for n, a in A383660.items() if n <= 15])


@pytest.mark.parametrize(("m", "k", "closed", "a"), small_prefixes())
def test_prefix_boards_by_search(m, k, closed, a):
    # The small partial boards by the exhaustive search too: the same
    # published terms from the other engine.
    v = knight.count(prefix_board(m, k), closed=closed, method="search")
    assert (v if closed else undirected(v, k)) == a


def test_prefix_board_shape():
    # The board the partial-board tests count: 14 cells of a 5-row board are
    # 3 columns, the last with its top 4 cells (A389755's example).
    board = prefix_board(5, 14)
    assert (board.rows, board.cols) == (5, 3)
    assert sorted(board.holes) == [(4, 2)]
    assert prefix_board(3, 9).holes == ()

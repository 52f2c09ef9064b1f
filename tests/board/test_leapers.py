"""Known results for other pieces and wrapped boards (issue 19), checked
against the package: Knuth's connectivity theorem, tours of the zebra, the
giraffe and the antelope, and the existence of knight's tours on tori and
cylinders against exhaustive search (tests/brute.py, independent of it)."""

from __future__ import annotations

import numpy as np
import pytest

import knight
from brute import adjacency, connected, cycles, find_path, leaper_offsets, path_matrix
from knight import Board
from knight.existence import knuth_connected, torus_theorem

LEAPERS = [(a, b) for b in range(1, 5) for a in range(b)]  # a < b <= 4: up to (3, 4)


@pytest.mark.parametrize("a, b", LEAPERS)
def test_knuth_connectivity_theorem(a, b):
    """Knuth (1994): the (a, b)-leaper graph of an m x n board is connected iff
    a + b is odd, gcd(a, b) = 1, min(m, n) >= a + b and max(m, n) >= 2b;
    checked by breadth-first search on every board up to 10 x 10."""
    offsets = leaper_offsets(a, b)
    for rows in range(1, 11):
        for cols in range(1, 11):
            if rows == cols == 1:
                continue  # one square: connected, outside the theorem's m, n >= 2
            mask = [[True] * cols for _ in range(rows)]
            want = connected(adjacency(mask, offsets, None))
            assert knuth_connected(a, b, rows, cols) == want, (a, b, rows, cols)
            assert knuth_connected(b, a, cols, rows) == want
            board = Board(rows, cols, moves=(a, b))
            # The package's own view of the board agrees: one component, or a
            # "falls apart" reason for every tour.
            parts = int(board.components().max()) + 1
            assert (parts == 1) == want, (a, b, rows, cols)
            if not want and (a, b) != (1, 2):  # plain knight boards: Schwenk's words
                assert "unconnected parts" in knight.why_not(board)


def check_tour(tour: knight.Tour, board: Board, offsets, closed: bool) -> None:
    """Every square once, every step one of the offsets (flat board)."""
    path = [tuple(int(v) for v in p) for p in np.asarray(tour.path)]
    assert len(path) == len(set(path)) == board.size == len(tour)
    assert all(0 <= r < board.rows and 0 <= c < board.cols for r, c in path)
    steps = list(zip(path, path[1:] + (path[:1] if closed else [])))
    for (r1, c1), (r2, c2) in steps:
        assert (r2 - r1, c2 - c1) in offsets, ((r1, c1), (r2, c2))


@pytest.mark.parametrize("piece, size, closed", [
    ("zebra", 10, False), ("zebra", 10, True), ("giraffe", 10, False), ("giraffe", 10, True),
    ("antelope", 14, False),
])
def test_leaper_tours(piece, size, closed):
    """Beluhov (2017): such boards have tours; the package finds one."""
    board = Board(size, moves=piece)
    offsets = set(leaper_offsets(*{"zebra": (2, 3), "giraffe": (1, 4),
                                   "antelope": (3, 4)}[piece]))
    tour = knight.solve(board, closed=closed)
    assert tour.start == (0, 0) and tour.closed == closed
    check_tour(tour, board, offsets, closed)
    assert knight.is_tour(tour)


def brute_exists(mask, wrap, closed):
    """(any tour, squares that start one) by exhaustive search on the knight's graph."""
    adj = adjacency(mask, leaper_offsets(1, 2), wrap)
    n = len(adj)
    if n <= 12:
        paths = path_matrix(adj) if n == 1 or connected(adj) else np.zeros((n, n), int)
        if closed:
            ok = cycles(adj, paths) > 0
            return ok, [ok] * n
        starts = [bool(paths[i].sum()) for i in range(n)]
        return any(starts), starts
    if closed:
        ok = find_path(adj, 0, True) is not None
        return ok, [ok] * n
    starts = [find_path(adj, i, False) is not None for i in range(n)]
    return any(starts), starts


SIZES = [(m, n) for m in range(1, 6) for n in range(1, 6)]


@pytest.mark.parametrize("closed", [False, True])
def test_knight_tori_against_search(closed):
    """Watkins and Hoenigman (1997): every m x n knight torus with at least
    three squares has a closed tour, so every square starts an open one
    (what existence.torus_theorem relies on), on every torus up to 5 x 5."""
    for rows, cols in SIZES:
        mask = [[True] * cols for _ in range(rows)]
        board = Board(rows, cols, wrap="torus")
        want, starts = brute_exists(mask, "torus", closed)
        if rows * cols >= 3:
            assert want, f"no {'closed' if closed else 'open'} tour of the {rows}x{cols} torus"
            assert torus_theorem(board, closed)
        assert knight.exists(board, closed=closed) == want, (rows, cols, closed)
        got = knight.start_squares(board, closed=closed)
        assert got.ravel().tolist() == starts, (rows, cols, closed)


@pytest.mark.parametrize("closed", [False, True])
def test_knight_cylinders_against_search(closed):
    for rows, cols in SIZES:
        mask = [[True] * cols for _ in range(rows)]
        board = Board(rows, cols, wrap="cylinder")
        want, starts = brute_exists(mask, "cylinder", closed)
        assert knight.exists(board, closed=closed) == want, (rows, cols, closed)
        got = knight.start_squares(board, closed=closed)
        assert got.ravel().tolist() == starts, (rows, cols, closed)
        if want:
            start = tuple(int(v) for v in np.argwhere(got)[0])
            tour = knight.solve(board, start=start, closed=closed)
            assert tour.start == start and len(tour) == rows * cols

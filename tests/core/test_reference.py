"""The Cython cores and the pure-Python references agree step for step."""

import itertools

import numpy as np
import pytest

import knight
from knight import reference
from knight.search import CYTHON_ENGINE

ORDERS = [
    knight.DEFAULT_ORDER,
    tuple(reversed(knight.DEFAULT_ORDER)),
    knight.DEFAULT_ORDER[3:] + knight.DEFAULT_ORDER[:3],
]


def same(a, b):
    status_a, board_a, nodes_a, back_a = a
    status_b, board_b, nodes_b, back_b = b
    assert status_a == status_b
    assert nodes_a == nodes_b and back_a == back_b
    np.testing.assert_array_equal(board_a, board_b)


@pytest.mark.slow
@pytest.mark.parametrize("ordered", [False, True])
@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("order", ORDERS)
def test_backtracking_twins(ordered, closed, order):
    for rows, cols in [(3, 4), (4, 5), (5, 5), (3, 7), (5, 6), (6, 6)]:
        for start in [(0, 0), (1, 2), (rows - 1, cols - 1)]:
            limit = 30_000
            a = CYTHON_ENGINE.backtrack(rows, cols, start, order, ordered, closed, limit, 0.0)
            b = reference.PYTHON_ENGINE.backtrack(rows, cols, start, order, ordered, closed,
                                                  limit, 0.0)
            same(a, b)


@pytest.mark.parametrize("tie", range(4))
def test_warnsdorff_twins(tie):
    for (rows, cols), order, seed in itertools.product(
        [(5, 5), (8, 8), (7, 12), (16, 16), (25, 31)], ORDERS, [0, 99]
    ):
        for start in [(0, 0), (2, 3), (rows - 1, 1)]:
            for closed in (False, True):
                a = CYTHON_ENGINE.warnsdorff(rows, cols, start, order, tie, seed, closed, 0.0)
                b = reference.PYTHON_ENGINE.warnsdorff(rows, cols, start, order, tie, seed,
                                                       closed, 0.0)
                same(a, b)


def test_reference_solve_matches_solve():
    for kwargs in [
        {"method": "backtrack"},
        {"method": "warnsdorff-backtrack", "closed": True},
        {"method": "warnsdorff", "tie_break": "pohl"},
        {"method": "warnsdorff", "tie_break": "random", "seed": 4},
        {"method": "auto", "start": (2, 3)},
    ]:
        a = knight.solve(6, **kwargs)
        b = reference.solve(6, **kwargs)
        assert a == b
        assert (a.nodes, a.backtracks, a.method) == (b.nodes, b.backtracks, b.method)


def test_reference_raises_the_same_errors():
    with pytest.raises(knight.NoTourError):
        reference.solve(3, 4, start=(0, 1), method="backtrack")
    with pytest.raises(knight.SearchLimitError):
        reference.solve(8, closed=True, method="backtrack", max_nodes=500)
    with pytest.raises(ValueError, match="method"):
        reference.solve(8, method="nope")


def test_splitmix64_twin():
    # The core's random tie-breaks draw from splitmix64; the reference must match it.
    state, out = reference.splitmix64(0)
    assert state == 0x9E3779B97F4A7C15
    assert out == 0xE220A8397B1DCDAF  # published first output of splitmix64 seeded with 0

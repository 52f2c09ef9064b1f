"""The knight's rectangle cores and their pure-Python twins (search_py, verify_py)
agree step for step, and knight.reference runs the twins."""

import itertools

import numpy as np
import pytest

import knight
from conftest import CORE, TWIN, assert_tour
from knight import reference

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
            args = (rows, cols, start, order, ordered, closed, limit, 0.0)
            same(CORE.engine.backtrack(*args), TWIN.engine.backtrack(*args))


@pytest.mark.parametrize("tie", range(4))
def test_warnsdorff_twins(tie):
    for (rows, cols), order, seed in itertools.product(
        [(5, 5), (8, 8), (7, 12), (16, 16), (25, 31)], ORDERS, [0, 99]
    ):
        for start in [(0, 0), (2, 3), (rows - 1, 1)]:
            for closed in (False, True):
                args = (rows, cols, start, order, tie, seed, closed, 0.0)
                same(CORE.engine.warnsdorff(*args), TWIN.engine.warnsdorff(*args))


SOLVE_CASES = [
    {"method": "backtrack"},
    {"method": "warnsdorff-backtrack", "closed": True},
    {"method": "warnsdorff", "tie_break": "pohl"},
    {"method": "warnsdorff", "tie_break": "random", "seed": 4},
    {"method": "auto", "start": (2, 3)},
]


def test_reference_solve_matches_solve():
    assert reference.PYTHON_ENGINE is TWIN.engine  # the public face of the twins
    for kwargs in SOLVE_CASES:
        a = CORE.solve(6, **kwargs)
        b = TWIN.solve(6, **kwargs)
        assert a == b
        assert (a.nodes, a.backtracks, a.method) == (b.nodes, b.backtracks, b.method)


@pytest.mark.parametrize("kwargs", SOLVE_CASES, ids=str)
def test_solve_finds_a_tour(impl, kwargs):
    tour = impl.solve(6, **kwargs)
    start = kwargs.get("start", (0, 0))
    assert_tour(tour, 6, 6, start, kwargs.get("closed", False))
    # the method names the rule that ran: auto's greedy walk breaks ties by Roth's rule
    want = {"auto": "warnsdorff/roth",
            "warnsdorff": f"warnsdorff/{kwargs.get('tie_break')}"}.get(kwargs["method"],
                                                                     kwargs["method"])
    assert tour.method == want


def test_the_same_errors(impl):
    with pytest.raises(knight.NoTourError):
        impl.solve(3, 4, start=(0, 1), method="backtrack")
    with pytest.raises(knight.SearchLimitError):
        impl.solve(8, closed=True, method="backtrack", max_nodes=500)
    with pytest.raises(ValueError, match="method"):
        impl.solve(8, method="nope")


def test_splitmix64_twin():
    # The core's random tie-breaks draw from splitmix64; the reference must match it.
    state, out = reference.splitmix64(0)
    assert state == 0x9E3779B97F4A7C15
    assert out == 0xE220A8397B1DCDAF  # published first output of splitmix64 seeded with 0


def test_reference_keeps_its_public_names():
    from knight._core import search_py, table_count_py, table_search_py, verify_py

    assert reference.PythonEngine is search_py.PythonEngine
    assert (reference.backtrack, reference.warnsdorff, reference.splitmix64) == (
        search_py.backtrack, search_py.warnsdorff, search_py.splitmix64)
    assert reference.verify_board is verify_py.verify_board
    assert reference.GraphPythonEngine is table_search_py.GraphPythonEngine
    assert (reference.graph_backtrack, reference.graph_warnsdorff) == (
        table_search_py.backtrack, table_search_py.warnsdorff)
    assert reference.GraphPathSearch is table_count_py.GraphPathSearch
    assert reference.count(5, start=(0, 0)) == 304
    assert all(hasattr(reference, name) for name in reference.__all__)

"""solve(method="warnsdorff") on small boards takes a cached fast path: it must
give exactly the general path's tours and refuse exactly what it refuses."""

import pytest

import knight
from knight import reference, solver


@pytest.mark.parametrize("size", [5, 6, 8, (6, 9), (10, 7)])
@pytest.mark.parametrize("tie_break", ["first", "roth", "pohl"])
def test_same_tours_as_the_general_path(size, tie_break):
    rows, cols = (size, size) if isinstance(size, int) else size
    for start in [(0, 0), (1, 2), (rows - 1, cols - 1), (rows // 2, cols // 2)]:
        for _ in range(2):  # the second call hits the cache
            try:
                got = knight.solve(rows, cols, start=start, method="warnsdorff",
                                   tie_break=tie_break)
            except (knight.DeadEndError, knight.NoTourError) as exc:
                with pytest.raises(type(exc)):
                    reference.solve(rows, cols, start=start, method="warnsdorff",
                                    tie_break=tie_break)
                continue
            want = reference.solve(rows, cols, start=start, method="warnsdorff",
                                   tie_break=tie_break)
            assert got == want
            assert (got.nodes, got.backtracks, got.method, got.start, got.closed, got.seed) == (
                want.nodes, want.backtracks, want.method, want.start, want.closed, want.seed)
            assert not got.board.flags.writeable


def test_cache_never_admits_what_validation_refuses():
    knight.solve(1, method="warnsdorff")
    knight.solve(8, start=(0, 0), method="warnsdorff")
    for bad in [{"rows": True}, {"rows": 8, "start": (0.0, 0)}, {"rows": 8, "closed": 1},
                {"rows": 8, "start": [0, 0, 0]}, {"rows": 8, "tie_break": "random", "seed": -1}]:
        kwargs = dict(bad)
        rows = kwargs.pop("rows")
        with pytest.raises((TypeError, ValueError)):
            knight.solve(rows, method="warnsdorff", **kwargs)


def test_dead_ends_and_closed_walks_still_raise_from_the_general_path():
    with pytest.raises(knight.DeadEndError) as info:
        knight.solve(8, start=(2, 4), method="warnsdorff")
    assert info.value.steps == 60 and len(info.value.path) == 60
    with pytest.raises(knight.NoTourError):
        knight.solve(5, start=(0, 1), method="warnsdorff")


def test_the_cache_is_bounded():
    for n in range(5, 40):
        try:
            knight.solve(n, method="warnsdorff", tie_break="roth")
        except knight.DeadEndError:
            pass
    assert len(solver._FAST_PLANS) <= solver._FAST_MAX_PLANS


# Every other solve with plain arguments keeps its validated Job and the
# planner's runner (solver._PLANS): the same tours, errors and refusals as
# the first call, which went through the checks and the planner.

PLAN_CASES = [
    (8, {}), (6, {"closed": True}), (5, {"start": (2, 2)}), (8, {"start": "e4"}),
    (8, {"method": "warnsdorff-backtrack"}), (100, {}), (8, {"start": (0, 0), "end": (7, 0)}),
    (knight.Board(8, holes=["d4"]), {}), (knight.Board(6, moves="king"), {"closed": True}),
    (5, {"method": "backtrack", "max_nodes": 10**6}), (8, {"timeout": 5.0}),
]


@pytest.mark.parametrize("rows, kwargs", PLAN_CASES)
def test_a_kept_plan_gives_the_first_calls_tour(rows, kwargs):
    solver._PLANS.clear()
    first = knight.solve(rows, **kwargs)
    assert solver._PLANS, "plain arguments are kept"
    again = knight.solve(rows, **kwargs)
    assert again == first and again.method == first.method and again.nodes == first.nodes
    assert again.seconds < 10 and again is not first


def test_a_kept_plan_never_admits_what_the_checks_refuse():
    solver._PLANS.clear()
    knight.solve(8)
    knight.solve(8, closed=True)
    for bad in [{"rows": True}, {"rows": 8, "start": (0.0, 0)}, {"rows": 8, "closed": 1},
                {"rows": 8, "start": [0, 0, 0]}, {"rows": 8, "method": "fast"},
                {"rows": 8, "max_nodes": 0}, {"rows": 8, "timeout": -1.0},
                {"rows": 8, "max_nodes": 1.0}]:
        kwargs = dict(bad)
        rows = kwargs.pop("rows")
        with pytest.raises((TypeError, ValueError)):
            knight.solve(rows, **kwargs)
    # Boards theory rules out are never kept: each call raises afresh.
    for _ in range(2):
        with pytest.raises(knight.NoTourError):
            knight.solve(4, 4)
    assert all(key[0] != 4 for key in solver._PLANS)
    # Large boards are not kept (the cache holds boards), nor are cancel tokens.
    knight.solve(knight.Board(70, holes=[(0, 0)]))
    knight.solve(8, cancel=knight.Cancel())
    assert all(not isinstance(key[0], knight.Board) or key[0].size <= 4096
               for key in solver._PLANS)
    assert len(solver._PLANS) == 2

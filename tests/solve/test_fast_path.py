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

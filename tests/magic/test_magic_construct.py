"""The construction of semi-magic tours on 4h x 4k boards (knight.magic_construct,
the engine magic-construct)."""

from __future__ import annotations

import numpy as np
import pytest

import knight
from knight import cli
from knight.magic_construct import (
    PATTERNS,
    block_cycle,
    block_paths,
    covers,
    pass_orders,
    patterns,
    semi_magic_steps,
)


def _check(steps: np.ndarray) -> None:
    """A knight's tour (every step once, knight moves), semi-magic, open."""
    rows, cols = steps.shape
    assert sorted(steps.ravel().tolist()) == list(range(rows * cols))
    order = np.argsort(steps.ravel())
    r, c = np.divmod(order, cols)
    hops = np.abs(np.diff(r)) * 10 + np.abs(np.diff(c))
    assert set(hops.tolist()) <= {12, 21}
    n = (rows // 4) * (cols // 4)
    # the module's proof: every rank sums to k(32n + 2), every file to h(32n + 2)
    assert set((steps + 1).sum(axis=1).tolist()) == {cols // 4 * (32 * n + 2)}
    assert set((steps + 1).sum(axis=0).tolist()) == {rows // 4 * (32 * n + 2)}
    assert knight.magic_kind(steps) == "semi-magic"


def test_patterns() -> None:
    p = patterns()
    assert p.shape == (PATTERNS, 4, 4, 2)
    assert len({x.tobytes() for x in p}) == PATTERNS
    for pattern in p[::7]:
        cells = pattern.reshape(16, 2)
        assert len({(int(a), int(b)) for a, b in cells}) == 16
        ranks, files = np.zeros(4, int), np.zeros(4, int)
        for path in pattern:
            assert sorted(path[:, 0].tolist()) == [0, 1, 2, 3] == sorted(path[:, 1].tolist())
            d = np.abs(np.diff(path, axis=0))
            assert all(sorted(x) == [1, 2] for x in d.tolist())
            for pos, (a, b) in enumerate(path, 1):
                ranks[a] += pos
                files[b] += pos
        assert ranks.tolist() == [10] * 4 == files.tolist()


@pytest.mark.parametrize("h,k", [(h, k) for h in range(2, 8) for k in range(2, 8)
                                 if h * k % 2 == 0])
def test_block_cycle(h: int, k: int) -> None:
    cyc = block_cycle(h, k)
    assert sorted(cyc) == [(r, c) for r in range(h) for c in range(k)]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cyc, cyc[1:] + cyc[:1]))
    assert cyc[0] == (0, 0)

    def turns(i: int) -> bool:
        a, b, c = cyc[i - 1], cyc[i], cyc[(i + 1) % len(cyc)]
        return (a[0] - b[0], a[1] - b[1]) != (b[0] - c[0], b[1] - c[1])

    assert turns(0) and turns(len(cyc) - 1)  # where the in-block links go


@pytest.mark.parametrize("rows,cols", [(8, 8), (8, 12), (12, 8), (12, 16), (16, 16),
                                       (8, 28), (24, 24), (40, 24), (16, 100),
                                       (12, 12), (12, 20), (20, 12), (20, 20), (12, 100)])
def test_semi_magic_steps(rows: int, cols: int) -> None:
    _check(semi_magic_steps(rows, cols))


def test_every_board_up_to_64() -> None:  # 120 boards in about a second
    for h in range(2, 17):
        for k in range(2, 17):
            if h * k % 2 == 0:
                _check(semi_magic_steps(4 * h, 4 * k))


@pytest.mark.slow
def test_every_odd_board_up_to_60() -> None:  # 49 boards in about 6 s
    for h in range(3, 17, 2):
        for k in range(3, 17, 2):
            _check(semi_magic_steps(4 * h, 4 * k))
            _check(semi_magic_steps(4 * h, 4 * k, seed=h + k))


@pytest.mark.parametrize("h,k", [(h, k) for h in range(3, 12, 2) for k in range(3, 12, 2)])
def test_block_paths(h: int, k: int) -> None:
    pi, sigma = block_paths(h, k)
    every = [(r, c) for r in range(h) for c in range(k)]
    for path in (pi, sigma):
        assert sorted(path) == every
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
        assert path[-1] == (1, 1)
    # the passes meet a diagonal step apart (0 -> 1, 2 -> 3) and in block (1, 1)
    assert (pi[0], sigma[0]) == ((0, 0), (0, 2))
    orders = pass_orders(h, k)
    place = {b: sum(order.index(b) for order in orders) for b in every}
    assert set(place.values()) == {2 * (h * k - 1)}  # what the line sums need
    with pytest.raises(ValueError, match="odd sides"):
        block_paths(h + 1, k)


def test_what_it_covers() -> None:
    assert covers(8, 8) and covers(16, 12) and covers(8, 20) and covers(400, 404)
    assert covers(12, 12) and covers(20, 12) and covers(12, 404)
    for rows, cols in [(4, 8), (4, 16), (8, 10), (6, 8), (8, 4), (12, 10), (4, 12)]:
        assert not covers(rows, cols)
        with pytest.raises(ValueError, match=f"not {rows}x{cols}"):
            semi_magic_steps(rows, cols)
    with pytest.raises(knight.BoardTooLargeError):  # before any work
        semi_magic_steps(400_000, 400_000)


def test_solve_picks_it() -> None:
    tour = knight.solve(16, magic="semi")
    assert tour.method == "magic-construct" and tour.magic == "semi-magic"
    assert not tour.closed and knight.is_tour(tour)
    assert knight.solve(12, 16, magic="semi", method="construct").magic == "semi-magic"
    assert knight.exists(24, magic="semi") and knight.why_not(16, 20, magic="semi") is None
    twelve = knight.solve(12, magic="semi")  # the search finds none in 20 minutes
    assert twelve.method == "magic-construct" and twelve.magic == "semi-magic"
    _check(twelve.board)
    assert knight.exists(20, 12, magic="semi") and knight.why_not(12, magic="semi") is None


@pytest.mark.parametrize("start", [(2, 3), (3, 2), (9, 8), (8, 9), (2, 8), (9, 3)])
def test_odd_boards_start_on_c3_and_its_images(start: tuple[int, int]) -> None:
    tour = knight.solve(12, magic="semi", start=start)
    assert tour.method == "magic-construct" and tour.start == start
    _check(tour.board)


@pytest.mark.parametrize("start", [(0, 0), (0, 15), (15, 0), (15, 15)])
def test_start_in_a_corner(start: tuple[int, int]) -> None:
    tour = knight.solve(16, magic="semi", start=start)
    assert tour.method == "magic-construct" and tour.start == start
    _check(tour.board)


def test_seed_draws_other_tours() -> None:
    boards = {knight.solve(16, magic="semi", seed=s).board.tobytes() for s in range(12)}
    assert len(boards) >= 10  # measured: 60 distinct of 60 seeds
    again = knight.solve(16, magic="semi", seed=5)
    assert again.board.tobytes() == knight.solve(16, magic="semi", seed=5).board.tobytes()
    for s in range(5):
        _check(semi_magic_steps(12, 24, seed=s))
    odd = {knight.solve(20, magic="semi", seed=s).board.tobytes() for s in range(8)}
    assert len(odd) >= 6  # measured: 8 distinct of 8
    for s in range(5):
        _check(semi_magic_steps(12, 12, seed=s))
        _check(semi_magic_steps(28, 20, seed=s))
    assert knight.solve(16, magic="semi", seed=3, start=(15, 0)).start == (15, 0)


def test_timeout_and_cancel_reach_the_construction() -> None:
    knight.solve(8, magic="semi")  # the tables, once a process
    with pytest.raises(knight.SearchLimitError, match="construction of a semi-magic tour"):
        knight.solve(1000, magic="semi", timeout=0.001)
    assert knight.solve(16, magic="semi", timeout=10).magic == "semi-magic"
    # the odd boards' search for patterns (204x204: 4 s) looks at the limits
    with pytest.raises(knight.SearchLimitError, match="construction of a semi-magic tour"):
        knight.solve(204, magic="semi", timeout=0.3)
    token = knight.Cancel()
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.solve(204, magic="semi", cancel=token)


def test_the_search_serves_the_rest() -> None:
    # a start no image of the constructed tour has, a closed tour: the search
    with pytest.raises(knight.SearchLimitError):
        knight.solve(16, magic="semi", start="e5", max_nodes=1000)
    with pytest.raises(knight.SearchLimitError):
        knight.solve(16, magic="semi", closed=True, max_nodes=1000)
    with pytest.raises(knight.SearchLimitError):
        knight.solve(12, magic="semi", start=(0, 0), max_nodes=1000)
    with pytest.raises(ValueError, match="its tours are open"):
        knight.solve(16, magic="semi", closed=True, method="construct")
    with pytest.raises(ValueError, match="starts on"):
        knight.solve(16, magic="semi", start="e5", method="construct")
    with pytest.raises(ValueError, match="no end= or clues="):
        knight.solve(16, magic="semi", clues={(0, 0): 0, (1, 2): 1}, method="construct")
    with pytest.raises(ValueError, match="not diagonally magic"):
        knight.solve(16, magic="diagonal", method="construct")
    with pytest.raises(ValueError, match="not a 12x10 board"):
        knight.solve(12, 10, magic="semi", method="construct")
    with pytest.raises(ValueError, match="does not take magic="):
        knight.solve(16, magic="semi", method="warnsdorff")
    token = knight.Cancel()
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.solve(16, magic="semi", cancel=token)


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["magic", "16", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert "magic-construct" in out

"""Uniformly random tours (knight.random_tour, knight.TourSampler).

Uniformity is tested by Pearson's chi-square over every tour of boards with
a few hundred of them, at significance 0.001, with seeds fixed (so the test
is deterministic) and chosen before the test was first run, never tuned;
the chi-square survival function is computed here (scipy is not a
dependency).
"""

from __future__ import annotations

import functools
import math
from collections import Counter

import numpy as np
import pytest

import knight
from conftest import CORE, TWIN
from knight import Board, BoardTooLargeError, NoTourError, TourSampler, random_tour
from knight.counting import sample as sample_mod

ALPHA = 0.001


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (Numerical
    Recipes' gammq: the series below a + 1, the continued fraction above)."""
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(-x + a * math.log(x) - lg)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - lg) * h


def chi2_sf(stat: float, df: int) -> float:
    """P(X >= stat) for X chi-square with ``df`` degrees of freedom."""
    return _gamma_q(df / 2, stat / 2)


def test_chi2_sf_matches_known_values() -> None:
    # tabulated critical values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4)
    assert chi2_sf(10.828, 1) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, rel=1e-3)
    assert chi2_sf(29.588, 10) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(124.342, 100) == pytest.approx(0.05, rel=1e-3)
    assert chi2_sf(0.0, 5) == 1.0


def key(tour: knight.Tour) -> tuple[tuple[int, int], ...]:
    return tuple(map(tuple, tour.path.tolist()))  # type: ignore[arg-type]


def cycle_key(tour: knight.Tour) -> frozenset[frozenset[tuple[int, int]]]:
    """An undirected cycle as its set of edges."""
    p = key(tour)
    return frozenset(frozenset((p[i], p[(i + 1) % len(p)])) for i in range(len(p)))


def chi_square_uniform(counts: Counter, categories: int) -> float:
    """The p-value of Pearson's test that ``counts`` (over ``categories``
    outcomes, those never seen included) come from the uniform law."""
    n = sum(counts.values())
    e = n / categories
    stat = sum((o - e) ** 2 / e for o in counts.values()) + (categories - len(counts)) * e
    return chi2_sf(stat, categories - 1)


def check_tours(tours: list[knight.Tour], board: Board, closed: bool,
                start: tuple[int, int] | None) -> None:
    for t in tours:
        assert t.method == "random-uniform"
        assert t.closed is closed
        assert knight.is_tour(t.board, closed=closed) if board.is_standard else True
        assert knight.verify(t) == t
        assert t.layout == board
        if start is not None:
            assert t.start == start


# (board, start, closed, samples per tour, seed): a few hundred tours each
UNIFORM = [
    pytest.param(Board(2, 4, moves="king"), None, False, 8, 11, id="king-2x4-open"),
    pytest.param(Board(4, 5, holes=[(0, 0)]), None, False, 8, 12, id="knight-4x5-holed-open"),
    pytest.param(Board(3, 12), None, True, 12, 13, id="knight-3x12-closed"),
    pytest.param(Board(4, 4, moves="king", holes=[(1, 1)]), None, True, 8, 14,
                 id="king-4x4-holed-closed"),
    pytest.param(Board(4, 4, moves="wazir"), None, False, 6, 15, id="wazir-4x4-open"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("board", "start", "closed", "per", "seed"), UNIFORM)
def test_uniform_by_chi_square(board: Board, start: tuple[int, int] | None, closed: bool,
                               per: int, seed: int) -> None:
    assert_uniform(TourSampler(board, start=start, closed=closed), per, seed)


def assert_uniform(sampler: TourSampler, per: int, seed: int) -> None:
    """``per`` draws a tour from ``sampler`` pass Pearson's test of uniformity
    over all the board's tours (the DP's count of them), and are tours."""
    board, start, closed = sampler.board, sampler.start, sampler.closed
    assert sampler.count == knight.count(board, start=start, closed=closed)
    tours = sampler.samples(per * sampler.count, seed=seed)
    check_tours(tours, board, closed, start)
    counts = Counter(cycle_key(t) if closed else key(t) for t in tours)
    assert len(counts) <= sampler.count
    p = chi_square_uniform(counts, sampler.count)
    assert p > ALPHA, f"chi-square p = {p:.2e} over {sampler.count} tours"


# The split tables (meet in the middle): (board, start, closed, samples per
# tour, seed), a few hundred tours each.
SPLIT_UNIFORM = [
    pytest.param(Board(5, 5), (0, 0), False, 8, 31, id="knight-5x5-corner-open"),
    pytest.param(Board(5, 6, holes=[(0, 0), (0, 1)]), None, True, 8, 32,
                 id="knight-5x6-holed-closed"),
    pytest.param(Board(3, 6, moves="wazir"), None, False, 4, 33, id="wazir-3x6-open"),
    pytest.param(Board(3, 7), None, False, 12, 34, id="knight-3x7-open"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("board", "start", "closed", "per", "seed"), SPLIT_UNIFORM)
def test_split_tables_are_uniform_by_chi_square(board: Board, start: tuple[int, int] | None,
                                                closed: bool, per: int, seed: int) -> None:
    sampler = TourSampler(board, start=start, closed=closed, method="split")
    assert sampler.method == "split"
    assert_uniform(sampler, per, seed)


@pytest.mark.parametrize(("board", "kw"), [
    (Board(3, 7), {"start": (0, 0)}),
    (Board(5, 5, holes=[(2, 2)]), {}),
    (Board(5, 6, holes=[(0, 0)]), {}),
    (Board(6, 6), {"closed": True}),
    (Board(4, 5), {"start": (0, 0)}),
    (Board(3, 10), {"closed": True}),
    (Board(4, 5, moves="wazir"), {}),
    (Board(3, 5, moves="king"), {"start": (1, 2)}),
    (Board(4, 6, moves="king", holes=[(1, 1)]), {"closed": True}),
    (Board(6, 5, moves="dabbaba", holes=[(0, 0)]), {}),
    (Board(5, 5, moves="king", holes=[(2, 2)]), {"closed": True}),
    (Board(5, 6, moves="wazir"), {"start": (0, 0)}),
    # starts on the boundary columns of the cut, which both halves hold
    (Board(5, 5), {"start": (2, 2)}),
    (Board(5, 6), {"start": (2, 3)}),
    (Board(6, 5), {"start": (3, 2)}),
])
def test_split_tables_count_what_the_dp_counts(board: Board, kw: dict) -> None:
    """The join of the two halves' tables (ways per final state, partners'
    ways per left state) sums to the frontier DP's count; every tour drawn
    is a tour of the board."""
    try:
        want = knight.count(board, **kw)
    except NoTourError:
        want = 0
    if want == 0:
        with pytest.raises(NoTourError):
            TourSampler(board, method="split", **kw)
        return
    sampler = TourSampler(board, method="split", **kw)
    assert sampler.method == "split" and sampler.count == want and sampler.states > 0
    check_tours(sampler.samples(30, seed=4), board, kw.get("closed", False), kw.get("start"))


def test_the_sampler_splits_where_the_dp_does() -> None:
    # 5 wide and longer than 4: meet in the middle, as the DP counts it
    six = TourSampler(6, 6, closed=True)
    assert six.method == "split" and six.count == 9862
    # fewer states than the one table of the whole sweep (5.9e5 there)
    assert six.states < TourSampler(6, 6, closed=True, method="table").states // 4
    assert TourSampler(3, 12, closed=True).method == "table"    # 3 wide: one table
    with pytest.raises(ValueError, match="split.*5 long"):
        TourSampler(3, 4, method="split")
    with pytest.raises(ValueError, match="split.*7 squares wide"):
        TourSampler(Board(8, 9, holes=[(0, 0)]), method="split")
    with pytest.raises(BoardTooLargeError, match="max_states=1,000"):
        TourSampler(6, 6, closed=True, method="split", max_states=1000)
    # auto: past max_states, recounting serves
    assert TourSampler(5, 5, start=(0, 0), max_states=1000).method == "recount"


def test_split_past_64_bits_reads_exact_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past the split tables' word (here made 5 bits: 3x7 open has 52
    # undirected paths, 5x5 open from a corner 304) every state keeps its
    # ways modulo primes, and the draw reads them exactly: still uniform.
    monkeypatch.setattr(sample_mod, "SPLIT_BITS", 5)
    sampler = TourSampler(3, 7, method="split")
    assert sampler._exact is not None and sampler.count == 104
    assert_uniform(sampler, 12, 35)
    corner = TourSampler(5, 5, start=(0, 0))
    assert corner.method == "split" and corner._exact is not None and corner.count == 304
    check_tours(corner.samples(20, seed=3), Board(5), False, (0, 0))


def test_split_counts_past_2_64() -> None:
    # 3x60 closed: 87 bits (two prime words kept for every state)
    sampler = TourSampler(3, 60, closed=True, method="split")
    assert sampler.count == knight.count(3, 60, closed=True) > 1 << 64
    assert sampler._exact is not None
    check_tours(sampler.samples(3, seed=2), Board(3, 60), True, (0, 0))


def test_stepper_half_tables_checks() -> None:
    from knight.counting import frontier_halves, frontier_moduli

    part = frontier_halves.make_part(5, 5, path_mode=True, cut=1, side=0)
    pb = part.board
    st = sample_mod._stepper(pb)
    with pytest.raises(RuntimeError, match="build_half"):
        st.final_table()
    with pytest.raises(RuntimeError, match="build_half"):
        st.walk_back(0, 0)
    u64 = functools.partial(np.array, dtype=np.uint64)
    with pytest.raises(ValueError, match="prime"):
        st.build_half(10**6, u64([1 << 63]))
    with pytest.raises(ValueError, match="1 to 16 primes"):
        st.build_half(10**6, u64([]))
    assert st.build_half(10, u64(frontier_moduli.primes(2))) == sample_mod.TOO_MANY
    got = st.build_half(10**6, u64(frontier_moduli.primes(2)))
    assert got > 0
    keys, ways, ways2 = st.final_table()
    assert len(keys) == len(ways) == len(ways2) > 0 and ways2.shape == (len(keys), 2)
    assert (ways == ways2[:, 0]).all() and (ways == ways2[:, 1]).all()  # small counts
    k = int(keys[0])
    with pytest.raises(ValueError, match="walk_back"):
        st.walk_back(k, int(ways[0]))
    with pytest.raises(ValueError, match="walk_back"):
        st.walk_back(0xFFFFFFFFFFFFFFF, 0)
    # the ways of one final state are distinct edge sets
    ways_of = {tuple(sorted(st.walk_back(k, r))) for r in range(int(ways[0]))}
    assert len(ways_of) == int(ways[0])
    with pytest.raises(RuntimeError, match="build\\(\\)"):
        st.total  # noqa: B018
    # the accessors of an exact walk (counts past 2^64)
    n = pb.N
    d = st.final_index(k)
    assert d >= 0 and st.final_index(0xFFFFFFFFFFFFFFF) == -1
    assert st.ways(n, d) == (int(ways[0]), int(ways2[0, 0]), int(ways2[0, 1]))
    with pytest.raises(RuntimeError, match="keep=True"):
        st.ways(n - 1, 0)
    src, c = st.edges_in(n, d)[0]
    assert st.choice_slots(n - 1, src, c) in ([], [0], [1], [2], [3]) or \
        len(st.choice_slots(n - 1, src, c)) == 2
    for bad in ((n + 1, 0), (-1, 0), (n, -1), (n, 10**9)):
        with pytest.raises(ValueError):
            st.edges_in(*bad)
    with pytest.raises(ValueError, match="no transitions in"):
        st.edges_in(0, 0)
    with pytest.raises(ValueError, match="final states"):
        st.choice_slots(n, d, 0)
    with pytest.raises(ValueError, match="transitions"):
        st.choice_slots(n - 1, src, 99)
    assert st.build_half(10**6, u64(frontier_moduli.primes(1)), True) == got
    assert len(st.ways(n - 1, src)) == 2       # kept for every layer
    # the exact walk draws the same ways as the 64-bit one
    mods = [1 << 64] + frontier_moduli.primes(1)
    for r in range(int(ways[0])):
        assert sample_mod._exact_walk(st, n, k, r, mods) == st.walk_back(k, r)


def test_join_helpers_check_their_arguments() -> None:
    from knight._core.frontier_join import join, pair_mask, wanted

    tg = np.zeros(6, dtype=np.int32)
    with pytest.raises(ValueError, match="2W"):
        wanted(3, True, np.zeros(4, dtype=np.int32), 0)
    assert wanted(3, False, tg, 0) == [0]
    slots = np.zeros(7, dtype=np.int32)
    with pytest.raises(ValueError, match="pair_mask"):
        pair_mask(3, True, 0, 0, slots, np.zeros(2, dtype=np.uint64),
                  np.zeros(3, dtype=np.uint64), slots, np.zeros(2, dtype=np.uint8))
    u = np.zeros(2, dtype=np.uint64)
    with pytest.raises(ValueError, match="per_left"):
        join(3, True, tg, u, u, u, slots, u, u, u, u, slots, u, np.zeros(1, dtype=np.uint64),
             np.zeros(1, dtype=np.uint64), np.zeros(3, dtype=np.int64), 0.0,
             np.zeros(1, dtype=np.uint64))


def test_closed_direction_and_start_are_fair() -> None:
    board = Board(3, 10)
    sampler = TourSampler(board, closed=True, start=(1, 4))
    tours = sampler.samples(2000, seed=21)
    check_tours(tours, board, True, (1, 4))
    # the two directions of each of the 16 cycles: 32 equally likely outcomes
    counts = Counter(key(t) for t in tours)
    assert len(counts) == 32
    assert chi_square_uniform(counts, 32) > ALPHA
    default = TourSampler(board, closed=True).sample(seed=1)
    assert default.start == (0, 0)
    holed = Board(4, 4, moves="king", holes=[(0, 0)])
    assert random_tour(holed, closed=True, seed=2).start == (0, 1)


def test_open_from_a_start_is_uniform() -> None:
    board = Board(5, 4, holes=[(0, 0)])
    sampler = TourSampler(board, start=(4, 3))
    assert sampler.count == knight.count(board, start=(4, 3)) == 77
    tours = sampler.samples(10 * 77, seed=22)
    check_tours(tours, board, False, (4, 3))
    assert chi_square_uniform(Counter(key(t) for t in tours), 77) > ALPHA


@pytest.mark.parametrize(("board", "kw"), [
    (Board(3, 4), {}),
    (Board(3, 3, moves="king"), {"closed": True}),
    (Board(4, 4, moves="wazir"), {"closed": True}),
    (Board(4, 5, holes=[(0, 0), (3, 4)]), {"start": (0, 1)}),
])
def test_every_tour_reachable(board: Board, kw: dict) -> None:
    sampler = TourSampler(board, **kw)
    closed = kw.get("closed", False)
    every = list(knight.tours(board, **kw))
    assert sampler.count == len(every)
    tours = sampler.samples(12 * len(every) + 60, seed=31)
    check_tours(tours, board, closed, kw.get("start"))
    if closed:
        assert {cycle_key(t) for t in tours} == {cycle_key(t) for t in every}
    else:
        assert {key(t) for t in tours} == {key(t) for t in every}


def test_reproducible_from_seed() -> None:
    sampler = TourSampler(Board(2, 4, moves="king"))
    a = sampler.samples(20, seed=5)
    assert a == sampler.samples(20, seed=5)
    assert a != sampler.samples(20, seed=6)
    g1, g2 = np.random.default_rng(9), np.random.default_rng(9)
    assert sampler.sample(seed=g1) == sampler.sample(seed=g2)
    assert sampler.sample(seed=g1) == sampler.sample(seed=g2)  # both advanced alike
    assert sampler.sample(seed=7).seed == 7 and sampler.sample(seed=g1).seed is None
    # random_tour keeps its sampler and draws as the sampler does
    assert random_tour(3, 4, seed=3) == TourSampler(3, 4).sample(seed=3)
    assert random_tour(Board(3, 4), seed=3) == random_tour(3, 4, seed=3)
    assert any(k[0] == Board(3, 4) for k in sample_mod._kept_samplers)
    # fresh entropy: valid tours
    assert knight.verify(random_tour(3, 4)) is not None


def test_random_tour_keeps_a_bounded_number_of_samplers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sample_mod, "_kept_samplers", type(sample_mod._kept_samplers)())
    first = sample_mod._sampler(Board(3, 4), None, False, None, "auto")
    assert sample_mod._sampler(Board(3, 4), None, False, None, "auto") is first
    for n in range(7, 17):
        random_tour(3, n, seed=1)
    assert len(sample_mod._kept_samplers) == sample_mod.KEEP_SAMPLERS
    assert (Board(3, 4), None, False, None, "auto") not in sample_mod._kept_samplers
    # a states budget too: the newest sampler stays, the older ones make room
    monkeypatch.setattr(sample_mod, "KEEP_STATES", 50_000)
    random_tour(5, 5, seed=1)   # 1.1e5 states
    assert list(sample_mod._kept_samplers) == [(Board(5, 5), None, False, None, "auto")]


def test_repr_of_a_sampler_that_failed_to_build() -> None:
    half = TourSampler.__new__(TourSampler)
    assert "not built" in repr(half)
    assert repr(TourSampler(3, 4)).startswith("TourSampler(Board(3, 4)")


def test_trivial_and_exact_big_counts() -> None:
    one = random_tour(1, 1, seed=0)
    assert one.path.tolist() == [[0, 0]]
    # 3x14 open: 1 292 544 tours, each drawn once in 30 draws
    sampler = TourSampler(3, 14)
    assert sampler.count == knight.count(3, 14, method="dp") == 1_292_544
    assert len(set(map(key, sampler.samples(30, seed=4)))) == 30
    # a count past 2^64: the walk's number is drawn 32 bits at a time
    rng = np.random.default_rng(0)
    big = (1 << 70) + 12345
    draws = [sample_mod._randbelow(rng, big) for _ in range(200)]
    assert all(0 <= d < big for d in draws) and max(draws) > 1 << 69


def test_boards_the_dp_cannot_count() -> None:
    hint = 'knight.solve(..., method="warnsdorff", tie_break="random", seed=...)'
    for board in (Board(6, wrap="torus"), Board(6, wrap="cylinder"), Board(6, moves="zebra")):
        with pytest.raises(ValueError, match="frontier DP") as e:
            random_tour(board, seed=1)
        assert hint in str(e.value)
    with pytest.raises(BoardTooLargeError) as big:
        TourSampler(14, 14)
    assert hint in str(big.value) and "13" in str(big.value)
    with pytest.raises(BoardTooLargeError) as many:
        TourSampler(5, 5, max_states=1000, method="table")
    assert hint in str(many.value) and "max_states=1,000" in str(many.value)
    # 5x5 from a corner: 58 712 states in the table; the C build stops past
    # the limit
    with pytest.raises(BoardTooLargeError, match="max_states=55,000"):
        TourSampler(5, 5, start=(0, 0), max_states=55_000, method="table")
    assert TourSampler(5, 5, start=(0, 0), max_states=58_712, method="table").states == 58_712
    # too large to table and to recount
    with pytest.raises(BoardTooLargeError) as both:
        TourSampler(8, 8, max_states=1000)
    assert hint in str(both.value) and "recounting" in str(both.value)


def test_recount_by_name_goes_past_its_size_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    # "auto" refuses a board whose counts look too large to recount; asked
    # for by name, recounting draws anyway (7x7 open: 15 minutes a tour, uniform).
    monkeypatch.setattr(sample_mod, "RECOUNT_MAX_STATES", 10)
    with pytest.raises(BoardTooLargeError, match="method='recount' draws one anyway"):
        TourSampler(5, 5, start=(0, 0), max_states=1000)
    named = TourSampler(5, 5, start=(0, 0), method="recount")
    assert named.method == "recount" and named.count == 304
    check_tours(named.samples(2, seed=1), Board(5), False, (0, 0))


def test_recount_when_the_table_is_too_large() -> None:
    auto = TourSampler(5, 5, start=(0, 0), max_states=1000)
    assert auto.method == "recount" and auto.count == 304 and auto.states == 0
    tours = auto.samples(3, seed=1)
    check_tours(tours, Board(5), False, (0, 0))
    assert tours == auto.samples(3, seed=1)
    # 5 wide: the DP splits, and so does the sampler; 4 wide: one table
    assert TourSampler(5, 5, start=(0, 0)).method == "split"
    assert TourSampler(4, 5, start=(0, 0)).method == "table"


def test_recount_after_the_second_half_is_too_large_keeps_no_states() -> None:
    # The split tables build half 0, then half 1: with max_states one short
    # of both, half 0 fits and half 1 does not, and "auto" recounts, keeping
    # no states (it once kept half 0's count).
    split = TourSampler(5, 5, start=(0, 0))
    assert split.method == "split"
    auto = TourSampler(5, 5, start=(0, 0), max_states=split.states - 1)
    assert auto.method == "recount" and auto.count == 304
    assert auto.states == 0
    assert "states=0)" in repr(auto)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "kw", "per", "seed"), [
    (Board(3, 4), {}, 10, 41),
    (Board(3, 3, moves="king"), {"closed": True, "start": (1, 1)}, 5, 42),
    (Board(4, 4, moves="wazir"), {"closed": True, "start": (1, 2)}, 10, 43),
])
def test_recount_is_uniform(board: Board, kw: dict, per: int, seed: int) -> None:
    sampler = TourSampler(board, method="recount", **kw)
    closed = kw.get("closed", False)
    assert sampler.method == "recount"
    assert sampler.count == knight.count(board, **kw)
    # closed: the directed tours from the start, two per cycle, all equally likely
    outcomes = 2 * sampler.count if closed else sampler.count
    tours = sampler.samples(per * outcomes, seed=seed)
    check_tours(tours, board, closed, kw.get("start"))
    counts = Counter(key(t) for t in tours)
    assert chi_square_uniform(counts, outcomes) > ALPHA


def test_boards_without_tours() -> None:
    for args, kw in [((4, 4), {}), ((3, 5), {"closed": True}), ((1, 1), {"closed": True}),
                     ((2, 2), {"closed": True}), ((Board(3, 4, moves="ferz"),), {}),
                     ((Board(5, holes=["c3"]),), {"closed": True})]:
        with pytest.raises(NoTourError):
            random_tour(*args, seed=0, **kw)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="hole"):
        TourSampler(Board(5, holes=["a1"]), start="a1")
    with pytest.raises(ValueError, match="start"):
        random_tour(5, start=(5, 0))
    with pytest.raises(TypeError, match="seed"):
        random_tour(3, 4, seed="x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        random_tour(3, 4, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        random_tour(3, 4, seed=-1)
    with pytest.raises(TypeError, match="closed"):
        random_tour(3, 4, closed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cols"):
        TourSampler(Board(3, 4), 4)
    with pytest.raises(ValueError, match="max_states"):
        TourSampler(3, 4, max_states=0)
    with pytest.raises(ValueError, match="method"):
        TourSampler(3, 4, method="dp")
    with pytest.raises(ValueError, match="k"):
        TourSampler(3, 4).samples(-1)
    assert TourSampler(3, 4).samples(0) == []


# -- the C transitions against the twin ----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols", "removed", "pinned", "path_mode", "moves"), [
    (4, 5, (), (), True, None),
    (4, 5, (0, 19), (1,), True, None),
    (4, 4, (), (0, 15), True, None),
    (3, 10, (), (), False, None),
    (4, 4, (5,), (), False, None),
    (3, 3, (), (), True, "king"),
    (4, 4, (), (), True, "wazir"),
    (4, 5, (), (), True, "dabbaba"),
    (4, 4, (), (), False, "king"),
])
def test_stepper_matches_the_twin(rows: int, cols: int, removed: tuple[int, ...],
                                  pinned: tuple[int, ...], path_mode: bool,
                                  moves: str | None) -> None:
    from knight._core.sample import Stepper
    from knight.counting import frontier_board

    mv = None if moves is None else frontier_board.check_moves(Board(3, moves=moves).moves)
    bd = frontier_board.prepare(rows, cols, removed=removed, pinned=pinned, path_mode=path_mode,
                                moves=mv)
    st, twin = CORE.stepper(bd), TWIN.stepper(bd)
    _, _, tables = TWIN.frontier_sweep(bd, range(bd.N))
    seen = 0
    for p in range(bd.N):
        for k in [0] if p == 0 else list(tables[p - 1]):
            choices = twin.choices(p, k)
            assert st.choices(p, k) == choices
            assert st.successors(p, k) == twin.successors(p, k) == [x for x, _ in choices]
            seen += 1
    assert seen == 1 + sum(len(t) for t in tables[:-1])
    with pytest.raises(ValueError, match="cell"):
        st.successors(bd.N, 0)
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    with pytest.raises(ValueError, match="widths"):
        Stepper(8, bd.N, i32(bd.target), i32(bd.back), i32(bd.rem), i32(bd.fwd),
                i32(bd.last_fwd), i32(bd.pinned), bd.last_needed, bd.path_mode)


def test_twin_path_draws_the_same_tours(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards wider than the stepper's keys take the twin's transitions:
    the same table, so the same tour for the same seed."""
    boards = [(Board(4, 5, holes=[(0, 0)]), {}), (Board(3, 12), {"closed": True}),
              (Board(3, 3, moves="king"), {"start": (1, 1)})]
    fast = [TourSampler(b, **kw) for b, kw in boards]
    monkeypatch.setattr(sample_mod, "STEPPER_WIDTH", 0)
    slow = [TourSampler(b, **kw) for b, kw in boards]
    for f, s in zip(fast, slow):
        assert s._stepper is None and f._stepper is not None
        assert f.count == s.count and f.states == s.states
        assert f.samples(25, seed=8) == s.samples(25, seed=8)


def test_wide_board_by_the_twin() -> None:
    # the wazir on the border of an 8x8 board: 8 wide once cropped, one cycle
    mask = np.zeros((8, 8), dtype=bool)
    mask[0, :] = mask[-1, :] = mask[:, 0] = mask[:, -1] = True
    board = Board(8, mask=mask, moves="wazir")
    sampler = TourSampler(board, closed=True)
    assert sampler._stepper is None
    assert sampler.count == knight.count(board, closed=True) == 1
    tour = sampler.sample(seed=3)
    assert len(tour) == 28 and tour.closed and tour.start == (0, 0)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "kw"), [
    (Board(5, 5), {"start": (0, 0)}),
    (Board(5, 5), {}),
    (Board(5, 6, holes=[(0, 0), (0, 1)]), {"closed": True}),
    (Board(3, 3, moves="king"), {"start": (1, 1)}),
    (Board(3, 30), {"closed": True}),
])
def test_c_table_matches_the_python_table(board: Board, kw: dict,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The C table (Stepper.build) keeps the same states with the same
    completions as the Python pass over the same transitions."""
    fast = TourSampler(board, method="table", **kw)
    assert fast._ctable and fast.method == "table"
    monkeypatch.setattr(TourSampler, "_table", lambda self: self._completions())
    slow = TourSampler(board, method="table", **kw)
    assert not slow._ctable
    assert fast.count == slow.count and fast.states == slow.states
    checked = 0
    for p, memo in enumerate(slow._memo):
        for k, v in memo.items():
            assert fast._comp(p, k) == v
            checked += 1
    assert checked > 0
    assert fast.samples(20, seed=5) == slow.samples(20, seed=5)


def test_counts_past_64_bits_take_exact_ints() -> None:
    # 3x60 closed: an 87-bit count; the C table detects the overflow and the
    # Python table with exact ints serves.
    sampler = TourSampler(3, 60, closed=True)
    assert not sampler._ctable and sampler.method == "table"
    assert sampler.count == knight.count(3, 60, closed=True) and sampler.count > 1 << 64
    check_tours(sampler.samples(3, seed=2), Board(3, 60), True, (0, 0))
    assert TourSampler(3, 40, closed=True)._ctable   # a 54-bit count fits


def test_stepper_table_states_and_limits() -> None:
    st = TourSampler(5, 5, start=(0, 0))._stepper
    assert st is not None
    assert st.build(58_712) == 58_712 and st.total == 304
    assert st.completions(0, 0) == 304 and st.completions(0, 12345) == 0
    with pytest.raises(ValueError, match="cell"):
        st.completions(st_n := 10_000, 0)
    assert st_n == 10_000
    assert st.build(1000) == sample_mod.TOO_MANY
    with pytest.raises(RuntimeError, match="build"):
        st.completions(0, 0)
    with pytest.raises(RuntimeError, match="build"):
        st.total  # noqa: B018


def test_max_states_is_a_bound_not_an_allocation(monkeypatch) -> None:
    # Issue 26: max_states=2**70 was refused (BoardTooLargeError, "GiB")
    # for a board whose table holds a few hundred states.
    king = Board(3, 4, moves="king")
    sampler = TourSampler(king, max_states=2**70)
    assert sampler.method == "table" and sampler.states == 374
    assert sampler.count == knight.count(king)
    check_tours(sampler.samples(2, seed=1), king, False, None)
    assert random_tour(king, max_states=2**70, seed=1) == sampler.sample(seed=1)
    assert TourSampler(5, 5, max_states=10**12).count == knight.count(5)
    # Past the memory available, the bound is as many states as it holds:
    # refused by name once a board needs more, or recounted.
    monkeypatch.setattr(sample_mod, "available_memory", lambda: 64 * 1000)
    for method in ("table", "split"):
        with pytest.raises(BoardTooLargeError,
                           match=r"more than the (1,000|800) that the memory available holds"):
            TourSampler(5, 5, start=(0, 0), max_states=10**9, method=method)
    auto = TourSampler(5, 5, start=(0, 0), max_states=2**70)
    assert auto.method == "recount" and auto.count == 304
    assert TourSampler(king, max_states=2**70).states == 374

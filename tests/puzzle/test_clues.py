"""Tours through given squares at given steps (``clues=``): knight's-tour
puzzles, Hidato (king), Numbrix (wazir), Hopido.

Every count is checked against a brute-force enumeration of the board's
Hamiltonian paths (tests/brute.py, which does not use the package); the
clue core is checked against its pure-Python twin, node for node.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
from brute import adjacency, hamiltonian_paths
from conftest import CORE, TWIN
from knight import Board, NoTourError
from knight._core import table_count
from knight.existence import clue_reason

HOPIDO = [(2, 2), (2, -2), (-2, 2), (-2, -2), (3, 0), (-3, 0), (0, 3), (0, -3)]

#: Small boards of every family, open and closed, each enumerated in well
#: under a second by the brute force.
BOARDS = [
    (Board(3, 4), False),
    (Board(3, 4, moves="king"), False),
    (Board(3, 3, moves="king"), True),
    (Board(4, moves="king", holes=["b2", "c3"]), False),
    (Board(4, moves="king", holes=["b2"]), True),
    (Board(3, 4, moves="wazir"), False),
    (Board(4, moves="wazir"), True),
    (Board(4, 3, moves=HOPIDO), False),
    (Board(5, moves="hopido", holes=["c3"]), True),
]


def _brute(board, closed, clues):
    """The tours meeting ``clues``, by the brute force (square numbers in step order)."""
    adj = adjacency(board.mask.tolist(), tuple(board.moves), board.wrap)
    fixed = {s: int(board.index[board.square(q, "clue")]) for q, s in clues.items()}
    return hamiltonian_paths(adj, closed, fixed)


def _squares(board):
    return [(int(r), int(c)) for r, c in board.squares]


def _random_clues(rng, board, paths, n_clues):
    """Half the time clues read off a real tour, else arbitrary ones."""
    sq = _squares(board)
    n = board.size
    if paths and rng.random() < 0.5:
        p = rng.choice(paths)
        return {sq[p[s]]: s for s in rng.sample(range(n), n_clues)}
    squares = rng.sample(range(n), n_clues)
    steps = rng.sample(range(n), n_clues)
    return dict(zip((sq[q] for q in squares), steps))


def _some_tours(board, closed):
    """Up to 40 tours to read clues off (the ground truth is the brute force)."""
    return [tuple(int(board.index[tuple(q)]) for q in t.path)
            for t in knight.tours(board, closed=closed, directed=closed, limit=40)]


@pytest.mark.slow
@pytest.mark.parametrize("board,closed", BOARDS, ids=lambda v: repr(v))
def test_counts_match_brute_force(board, closed):
    paths = _some_tours(board, closed)
    rng = random.Random(hash((board.shape, board.piece, closed)) & 0xFFFF)
    seen_some = seen_none = False
    for _ in range(25):
        clues = _random_clues(rng, board, paths, rng.randint(1, 4))
        want = _brute(board, closed, clues)
        assert knight.count(board, clues=clues, closed=closed) == len(want), clues
        assert knight.count(board, clues=clues, closed=closed, limit=2) == min(len(want), 2)
        listed = list(knight.tours(board, clues=clues, closed=closed))
        got = sorted(tuple(int(board.index[tuple(sq)]) for sq in t.path) for t in listed)
        assert got == sorted(want), clues
        assert all(t.closed == closed and knight.is_tour(t) for t in listed)
        assert knight.exists(board, clues=clues, closed=closed) == bool(want)
        if want:
            seen_some = True
            tour = knight.solve(board, clues=clues, closed=closed)
            assert all(tour.board[q] == s for q, s in clues.items())
            assert knight.why_not(board, clues=clues, closed=closed) is None
        else:
            seen_none = True
            with pytest.raises(NoTourError):
                knight.solve(board, clues=clues, closed=closed)
            assert knight.why_not(board, clues=clues, closed=closed).startswith("no ")
    assert seen_some or not paths
    assert seen_none


def test_plain_knight_rectangle_goes_through_the_clue_search():
    board = Board(3, 4)
    clues = {"a3": 0}
    info: dict = {}
    assert knight.count(3, 4, clues=clues, _info=info) == len(
        _brute(board, False, clues)) == knight.count(3, 4, start=(0, 0))
    assert info["engine"] == "clue-search"


def test_theory_reasons_agree_with_brute_force():
    """A reason is only ever given when the brute force finds no tour."""
    rng = random.Random(7)
    reasons = 0
    for board, closed in BOARDS:
        for _ in range(40):
            clues = _random_clues(rng, board, [], rng.randint(2, 4))
            at = {s: int(board.index[q]) for q, s in clues.items()}
            if clue_reason(board, dict(sorted(at.items())), closed) is not None:
                reasons += 1
                assert not _brute(board, closed, clues), clues
    assert reasons > 20


def test_start_and_end_are_clues():
    board = Board(3, 4, moves="king")
    want = len(_brute(board, False, {(0, 1): 0, (1, 2): 5, (2, 3): 11}))
    assert want > 0
    assert knight.count(board, start=(0, 1), end=(2, 3), clues={(1, 2): 5}) == want
    assert knight.count(board, clues={(0, 1): 0, (1, 2): 5, (2, 3): 11}) == want
    assert len(list(knight.tours(board, start="b3", end="d1", clues={"c2": 5}))) == want


def test_closed_clues_count_numbered_tours():
    """A closed tour's steps count from its start: clues fix the start only
    through step 0, and clued closed tours are numbered (both ways round)."""
    board = Board(4, moves="wazir")
    assert knight.count(board, closed=True, clues={(1, 1): 0}) == knight.count(
        board, closed=True, directed=True, start=(1, 1))
    # Without step 0, every start counts: 2 * 16 numbered tours per cycle,
    # each with (1, 1) at step 5 once.
    cycles = knight.count(board, closed=True)
    assert knight.count(board, closed=True, clues={(1, 1): 5}) == 2 * cycles
    tours = list(knight.tours(board, closed=True, clues={(1, 1): 5, (0, 0): 3}))
    assert tours and all(t.board[1, 1] == 5 and t.board[0, 0] == 3 for t in tours)
    assert len({t.start for t in tours}) > 1


def test_count_limit_stops_and_caps():
    assert knight.count(5, limit=10) == 10
    assert knight.count(5, limit=10**6) == 1728
    assert knight.count(3, 10, closed=True, limit=7) == 7
    assert knight.count(3, 10, closed=True, limit=100) == 16
    assert knight.count(Board(4, moves="king"), closed=True, limit=5) == 5
    assert knight.count(6, limit=3) == 3       # 6x6 open has millions: the search stops
    assert knight.count(8, closed=True, limit=2) == 2
    for bad, err in ((0, ValueError), (-2, ValueError), (1.5, TypeError), (True, TypeError)):
        with pytest.raises(err, match="limit"):
            knight.count(5, limit=bad)


# -- core against twin -----------------------------------------------------------


@pytest.mark.parametrize("board", [Board(5), Board(4, moves="king", holes=["b2"]),
                                   Board(4, moves="wazir"), Board(5, moves="hopido")],
                         ids=repr)
def test_clue_core_matches_twin(board):
    rng = random.Random(11)
    n = board.size
    nbr, deg = board.neighbours(), board.degrees()
    for _ in range(12):
        table = np.full(n, -1, dtype=np.int32)
        for q, k in zip(rng.sample(range(n), 3), rng.sample(range(n), 3)):
            table[k] = q
        start = rng.randrange(n)
        for ordered in (False, True):
            for ends in (np.zeros(0, np.uint8), (np.arange(n) % 3 > 0).astype(np.uint8)):
                args = (nbr, deg, [start], [], ends, -1, table, ordered)
                core, twin = CORE.path_search(*args), TWIN.path_search(*args)
                assert core.count() == twin.count()
                core, twin = CORE.path_search(*args), TWIN.path_search(*args)
                a, b = np.zeros((2, n), np.int32), np.zeros((2, n), np.int32)
                while True:
                    sa, ka = core.collect(a)
                    sb, kb = twin.collect(b)
                    assert (sa, ka) == (sb, kb)
                    assert (a[:ka] == b[:kb]).all()
                    if sa == table_count.DONE:
                        break
                assert core.nodes == twin.nodes


def test_count_limit(impl):
    board = Board(5)
    search = impl.path_search(board.neighbours(), board.degrees(), [0])
    core = CORE.path_search(board.neighbours(), board.degrees(), [0])
    first = search.count(0.0, 0, None, 7)
    assert first == core.count(0.0, 0, None, 7)
    assert first[:2] == (table_count.MORE, 7)
    # The limit counts all the paths found so far; the search resumes.
    assert search.count(0.0, 0, None, 10) == core.count(0.0, 0, None, 10)
    assert search.found == 10
    assert search.count() == core.count()
    assert search.found == 304


def test_distances(impl):
    for board in (Board(5), Board(4, moves="king", holes=["b2"]), Board(5, wrap="torus"),
                  Board(3, 3, holes=["b2"])):
        n = board.size
        out, bip = impl.distances(board.neighbours(), board.degrees(), range(n))
        core_out, core_bip = CORE.distances(board.neighbours(), board.degrees(), range(n))
        assert (out == core_out).all() and (bip == core_bip).all()
        # and by the plainest search: fewest moves from each square to each other
        adj = [set(row[row != n].tolist()) for row in board.neighbours()[:-1]]
        for s in range(n):
            dist, todo = {s: 0}, [s]
            for p in todo:
                for q in adj[p] - dist.keys():
                    dist[q] = dist[p] + 1
                    todo.append(q)
            assert out[s].tolist() == [dist.get(q, -1) for q in range(n)]
            # bipartite: no move joins two squares at the same distance
            assert bip[s] == all(dist[p] != dist[q] for p in dist for q in adj[p])


# -- hypothesis: clues read off a known tour always admit it ---------------------------


_KNOWN = {
    "knight 6x6": (Board(6), False),
    "knight 5x6 closed": (Board(5, 6), True),
    "king 5x5 holed": (Board(5, moves="king", holes=["b2", "d4"]), False),
    "wazir 6x6 closed": (Board(6, moves="wazir"), True),
    "hopido 6x6": (Board(6, moves="hopido"), False),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(_KNOWN)), data=st.data())
def test_hypothesis_clues_of_a_tour_admit_it(name, data):
    board, closed = _KNOWN[name]
    tour = knight.solve(board, closed=closed, start=_squares(board)[0])
    chosen = data.draw(st.lists(st.sampled_from(_squares(board)), max_size=6, unique=True))
    clues = {q: int(tour.board[q]) for q in chosen}
    if not clues:
        return
    assert knight.exists(board, clues=clues, closed=closed, max_nodes=10**7)
    found = knight.solve(board, clues=clues, closed=closed, max_nodes=10**7)
    assert all(found.board[q] == s for q, s in clues.items())
    assert knight.is_tour(found) and found.closed == closed
    assert knight.count(board, clues=clues, closed=closed, limit=1, timeout=60) == 1


# -- the families, with solutions checked by enumeration ------------------------------


#: A knight's-tour puzzle of our own on 8x8: 22 clues read off a tour
#: (steps from 0), with exactly one solution.
KNIGHT_8 = {(0, 2): 2, (1, 0): 3, (3, 1): 4, (7, 1): 6, (0, 6): 12, (2, 6): 14, (1, 5): 16,
            (7, 0): 21, (6, 2): 22, (4, 7): 25, (3, 6): 29, (2, 0): 34, (3, 7): 38, (6, 0): 42,
            (4, 5): 45, (2, 2): 48, (2, 3): 53, (5, 6): 55, (6, 5): 57, (4, 0): 60, (6, 1): 61,
            (3, 2): 63}


def test_knight_puzzle_8x8():
    found = knight.solve(8, clues=KNIGHT_8)
    assert knight.is_tour(found)
    assert all(found.board[q] == s for q, s in KNIGHT_8.items())
    assert knight.count(8, clues=KNIGHT_8, limit=2) == 1
    assert knight.count(8, clues=KNIGHT_8) == 1
    (only,) = knight.tours(8, clues=KNIGHT_8)
    assert (only.board == found.board).all()
    # Fewer clues: not unique, and the listing agrees with the capped count.
    fewer = {q: s for q, s in KNIGHT_8.items() if s % 3}
    assert knight.count(8, clues=fewer, limit=2) == 2
    assert len(list(knight.tours(8, clues=fewer, limit=2))) == 2


#: A 4x4 Hidato of our own (king moves, steps from 0; a printed puzzle shows
#: them from 1): 7 clues, one solution, checked by enumeration below.
HIDATO_4 = {(0, 0): 0, (0, 1): 11, (1, 0): 1, (1, 2): 13, (1, 3): 15, (2, 2): 8, (2, 3): 6}


def test_hidato_king_small_unique():
    board = Board(4, moves="king")
    assert knight.count(board, clues=HIDATO_4, limit=2) == 1
    adj = adjacency(board.mask.tolist(), tuple(board.moves), None)
    fixed = {s: int(board.index[q]) for q, s in HIDATO_4.items()}
    want = hamiltonian_paths(adj, False, fixed)
    assert len(want) == 1
    tour = knight.solve(board, clues=HIDATO_4)
    assert tuple(int(board.index[tuple(q)]) for q in tour.path) == want[0]


def test_numbrix_wazir():
    """A 5x5 Numbrix (wazir moves): clues on the rim read off a tour."""
    board = Board(5, moves="wazir")
    tour = knight.solve(board, start=(0, 0))
    clues = {q: int(tour.board[q]) for q in [(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)]}
    found = knight.solve(board, clues=clues)
    assert all(found.board[q] == s for q, s in clues.items())
    total = knight.count(board, clues=clues)
    assert total >= 1
    assert len(list(knight.tours(board, clues=clues))) == total


def test_hopido():
    board = Board(5, moves="hopido")
    tour = knight.solve(board, start=(0, 0))
    clues = {q: int(tour.board[q]) for q in [(0, 0), (2, 2), (4, 4), (1, 3)]}
    found = knight.solve(board, clues=clues)
    assert all(found.board[q] == s for q, s in clues.items())
    assert knight.count(board, clues=clues, limit=2) >= 1


# -- bad input -------------------------------------------------------------------


@pytest.mark.parametrize("clues,err,match", [
    ({(8, 0): 3}, ValueError, "clue square"),
    ({"e4": 3, "z9": 4}, ValueError, "clue square"),
    ({(3, 3): 3}, ValueError, "hole"),
    ({(0, 0): 64}, ValueError, "outside 0..62"),
    ({(0, 0): -1}, ValueError, "outside"),
    ({(0, 0): 1.0}, TypeError, "must be an int"),
    ({(0, 0): True}, TypeError, "must be an int"),
    ({(0, 0): "3"}, TypeError, "must be an int"),
    ({(0, 0): 3, (1, 1): 3}, ValueError, "step 3 twice"),
    ({"a8": 3, (0, 0): 4}, ValueError, "square .0, 0. twice"),
    ([((0, 0), 3), ((0, 0), 4)], ValueError, "twice"),
    ([((0, 0), 3, 4)], TypeError, "pairs"),
    ("e4", TypeError, "mapping"),
    (5, TypeError, "mapping"),
])
def test_bad_clues(clues, err, match):
    board = Board(8, holes=["d5"])
    for call in (knight.solve, knight.count, knight.exists, knight.why_not):
        with pytest.raises(err, match=match):
            call(board, clues=clues)
    with pytest.raises(err, match=match):
        next(knight.tours(board, clues=clues))


def test_start_must_agree_with_step_zero():
    with pytest.raises(ValueError, match="start .0, 1. disagrees"):
        knight.solve(5, start=(0, 1), clues={(0, 0): 0})
    with pytest.raises(ValueError, match="disagrees"):
        knight.solve(5, start=(0, 0), clues={(0, 0): 3})
    with pytest.raises(ValueError, match="end .4, 4. disagrees"):
        knight.count(5, end=(4, 4), clues={(0, 0): 24})
    assert knight.solve(5, start=(0, 0), clues={(0, 0): 0}).start == (0, 0)


def test_methods_that_cannot_take_clues():
    for method in ("warnsdorff", "construct"):
        with pytest.raises(ValueError, match="does not take clues"):
            knight.solve(8, clues={"a1": 0}, method=method)
    with pytest.raises(ValueError, match="does not take clues"):
        knight.count(5, clues={"a1": 0}, method="dp")
    with pytest.raises(ValueError, match="tie_break"):
        knight.solve(8, clues={"a1": 0}, tie_break="roth")


@pytest.mark.parametrize("board,closed,clues,match", [
    (Board(8), False, {"a1": 0, "h8": 3}, "more than the 3 steps"),
    (Board(8), False, {"a1": 0, "b3": 2}, "changes colour"),
    (Board(5), False, {"a2": 0}, "start"),
    (Board(5), False, {"a2": 24}, "end"),
    (Board(5), False, {"a5": 1}, "smaller|larger"),
    (Board(6), True, {"a1": 0, "b3": 34}, "changes colour"),
    (Board(8), True, {"a1": 0, "h8": 60}, "6 moves apart: more than the 4 steps"),
    (Board(8), True, {"a1": 0, "h8": 60}, "round the closed tour"),
    (Board(4, moves="king", holes=["a2", "b2", "b1"]), False, {"a3": 0}, "no move|parts"),
    (Board(3, 3, moves="wazir", holes=["b2"]), False, {"a3": 0, "c3": 3}, "colour"),
    (Board(3, 4, moves="king", holes=["b2", "b1", "c2"]), False, {"a1": 4}, "one move|1 move"),
])
def test_impossible_clues_are_refused_at_once(board, closed, clues, match):
    with pytest.raises(NoTourError, match=match) as exc:
        knight.solve(board, clues=clues, closed=closed)
    assert exc.value.nodes == 0
    assert knight.count(board, clues=clues, closed=closed) == 0
    assert knight.count(board, clues=clues, closed=closed, limit=2) == 0
    assert not knight.exists(board, clues=clues, closed=closed)
    assert list(knight.tours(board, clues=clues, closed=closed)) == []
    assert knight.why_not(board, clues=clues, closed=closed) == exc.value.reason


#: Three clues on 8x8 that depth-first search from the first start square
#: does not meet within 20000 nodes.
SPARSE_8 = {(7, 7): 61, (6, 2): 31, (0, 4): 51}


def test_limits_with_clues():
    clues = {"a1": 0, "h8": 62}
    with pytest.raises(knight.SearchLimitError):
        knight.count(8, clues=clues, timeout=0.05)
    with pytest.raises(knight.SearchLimitError, match="max_nodes"):
        knight.solve(8, clues=SPARSE_8, method="warnsdorff-backtrack", max_nodes=20000)
    with pytest.raises(knight.UndecidedError):
        knight.exists(8, clues=SPARSE_8, max_nodes=20000)
    cancel = knight.Cancel()
    cancel.set()
    with pytest.raises(knight.SearchCancelled):
        knight.count(8, clues=clues, cancel=cancel)


def test_empty_clues_are_no_clues():
    assert knight.count(5, clues={}) == 1728
    assert knight.solve(5, clues={}).start == (0, 0)


# -- published puzzles ---------------------------------------------------------------

#: The sample Hidato of Wikipedia's "Hidato" article, as given with its
#: solution in Rosetta Code's task "Solve a Hidato puzzle"
#: (https://rosettacode.org/wiki/Solve_a_Hidato_puzzle): king moves, numbers
#: from 1, 40 squares.
HIDATO_WIKIPEDIA = """
_  33 35 _  _  .  .  .
_  _  24 22 _  .  .  .
_  _  _  21 _  _  .  .
_  26 _  13 40 11 .  .
27 _  _  _  9  _  1  .
.  .  _  _  18 _  _  .
.  .  .  .  _  7  _  _
.  .  .  .  .  .  5  _
"""

HIDATO_WIKIPEDIA_SOLUTION = """
32 33 35 36 37 .  .  .
31 34 24 22 38 .  .  .
30 25 23 21 12 39 .  .
29 26 20 13 40 11 .  .
27 28 14 19 9  10 1  .
.  .  15 16 18 8  2  .
.  .  .  .  17 7  6  3
.  .  .  .  .  .  5  4
"""


def test_published_hidato():
    board = Board.from_text(HIDATO_WIKIPEDIA, moves="king")
    assert board.size == 40
    clues = {q: k - 1 for q, k in board.clues.items()}      # printed from 1
    solution = Board.from_text(HIDATO_WIKIPEDIA_SOLUTION, moves="king").clues
    assert knight.count(board, clues=clues, limit=2) == 1
    tour = knight.solve(board, clues=clues)
    assert {q: int(tour.board[q]) + 1 for q in solution} == solution
    (only,) = knight.tours(board, clues=clues)
    assert (only.board == tour.board).all()
    # The brute force agrees: one solution, the published one.
    adj = adjacency(board.mask.tolist(), tuple(board.moves), None)
    (path,) = hamiltonian_paths(adj, False, {s: int(board.index[q]) for q, s in clues.items()})
    assert [tuple(int(v) for v in board.squares[p]) for p in path] == [
        tuple(q) for q in tour.path]


#: The Hopido shape of Rosetta Code's task "Solve a Hopido puzzle"
#: (https://rosettacode.org/wiki/Solve_a_Hopido_puzzle): no clues given, a
#: path may start anywhere.
HOPIDO_ROSETTA = """
. o o . o o .
o o o o o o o
o o o o o o o
. o o o o o .
. . o o o . .
. . . o . . .
"""


def test_published_hopido_shape_and_a_clued_version():
    board = Board.from_text(HOPIDO_ROSETTA, moves="hopido")
    assert board.size == 27
    tour = knight.solve(board, start=(0, 1))
    assert knight.is_tour(tour)
    clues = {q: int(tour.board[q]) for q in [(0, 1), (2, 3), (5, 3), (1, 6)]}
    found = knight.solve(board, clues=clues)
    assert all(found.board[q] == s for q, s in clues.items())
    assert knight.count(board, clues=clues) == len(list(knight.tours(board, clues=clues))) >= 1

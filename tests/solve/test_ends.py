"""Tours from a chosen start to a chosen end (issue 20, ``end=``): theory,
search and the twins against exhaustive truth."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import knight
from brute import PIECE_OFFSETS, adjacency, find_path_between, path_matrix
from conftest import CORE, TWIN
from knight import Board, existence
from knight._core import table_search
from knight.counting.frontier_count import count_tours
from knight.errors import NoTourError, SearchLimitError, UndecidedError
from knight.search import FOUND, GraphEngine

# Boards small enough for a truth table of every (start, end) pair.
SMALL = [
    Board(3, 4), Board(3, 5), Board(4, 4), Board(3, 3, moves="king"),
    Board(3, 4, moves="king"), Board(3, 4, moves="wazir"), Board(4, 3, holes=["b2"]),
    Board(3, 4, wrap="cylinder"), Board(3, 4, wrap="torus"), Board(2, 6, moves="wazir"),
    Board(2, 7, wrap="cylinder"),
    Board(3, 4, moves="king", holes=["a1", "d3"]),
]
# Boards up to about 30 squares: truth by the frontier DP (flat boards of the
# pieces it serves) or by a brute-force search (the others).
MEDIUM = [
    Board(3, 7), Board(3, 8), Board(4, 5), Board(5, 5), Board(5, 6),
    Board(5, 5, holes=["c3"]), Board(4, 6, holes=["a1", "f4"]), Board(4, 5, moves="king"),
    Board(4, 6, moves="wazir", holes=["b2", "e3"]), Board(5, 6, moves="zebra"),
]


def _adj(board):
    offsets = PIECE_OFFSETS[board.piece] if board.piece else board.moves
    return adjacency(board.mask.tolist(), offsets, board.wrap)


def _truth(board):
    """T[i, j]: is there a Hamiltonian path from square number i to j?"""
    n = board.size
    adj = _adj(board)
    if n <= 14:
        return path_matrix(adj) > 0
    truth = np.zeros((n, n), dtype=bool)
    squares = [tuple(map(int, s)) for s in board.squares]
    # The DP on flat boards of the pieces it serves, but for knight boards
    # below 26 squares, where the brute force is the faster of the two.
    frontier = board.wrap is None and board.piece in ("knight", "king", "wazir") and not (
        board.piece == "knight" and n <= 25)
    for i in range(n):
        for j in range(i + 1, n):
            if frontier:
                (r, c), (rr, cc) = squares[i], squares[j]
                found = count_tours(board.rows, board.cols, start=r * board.cols + c,
                                    end=rr * board.cols + cc, mask=board.mask,
                                    moves=None if board.piece == "knight"
                                    else PIECE_OFFSETS[board.piece]) > 0
            else:
                found = find_path_between(adj, i, j) is not None
            truth[i, j] = truth[j, i] = found
    if n == 1:
        truth[0, 0] = True
    return truth


def _check_tour(tour, board, s, t):
    assert tour.start == s and tour.end == t and not tour.closed
    knight.verify(tour.board, board=board)
    path = [tuple(map(int, p)) for p in tour.path]
    assert path[0] == s and path[-1] == t and len(set(path)) == board.size


def _check_board(board, solve_every=1):
    truth = _truth(board)
    squares = [tuple(map(int, s)) for s in board.squares]
    for i, s in enumerate(squares):
        ends = knight.end_squares(board, start=s)
        want = np.zeros(board.shape, dtype=bool)
        for j, t in enumerate(squares):
            want[t] = truth[i, j] and (i != j or board.size == 1)
        np.testing.assert_array_equal(ends, want, err_msg=f"{board.describe()} from {s}")
        for j, t in enumerate(squares):
            if i == j:
                continue
            if (i * len(squares) + j) % solve_every:
                continue  # end_squares asked already: a sample asks exists and solve
            assert knight.exists(board, start=s, end=t) == bool(truth[i, j]), (board, s, t)
            if truth[i, j]:
                _check_tour(knight.solve(board, start=s, end=t), board, s, t)
            elif not truth[i, j]:
                with pytest.raises(NoTourError):
                    knight.solve(board, start=s, end=t)


@pytest.mark.parametrize("board", SMALL, ids=lambda b: b.describe())
def test_every_pair_small(board):
    _check_board(board)


@pytest.mark.slow
@pytest.mark.parametrize("board", MEDIUM, ids=lambda b: b.describe())
def test_every_pair_medium(board):
    _check_board(board, solve_every=5)


def test_plain_rectangles_match_boards():
    """A plain rectangle and the same Board answer alike (theory and search)."""
    for rows, cols in ((3, 4), (4, 5), (5, 5), (3, 7)):
        board = Board(rows, cols)
        for s in [(0, 0), (1, 1), (0, 1)]:
            ends = knight.end_squares(rows, cols, start=s)
            np.testing.assert_array_equal(ends, knight.end_squares(board, start=s))
            for t in zip(*np.nonzero(ends)):
                t = (int(t[0]), int(t[1]))
                _check_tour(knight.solve(rows, cols, start=s, end=t), board, s, t)


# -- Conrad, Hindrichs, Morsy and Wegener (1994) ---------------------------------


def _knight_count(n, s, t):
    return count_tours(n, n, start=s[0] * n + s[1], end=t[0] * n + t[1])


def _conrad_pairs(n):
    squares = [(r, c) for r in range(n) for c in range(n)]
    return [(s, t) for i, s in enumerate(squares) for t in squares[i + 1:]]


def _search_tour(n, s, t):
    """The end-pruned search alone (no theory): a verified tour from s to t."""
    board = Board(n)
    status, steps, _, _ = GraphEngine(board).between(s, t, board.moves, 10**7, 0.0)
    assert status == FOUND, (n, s, t)
    tour = knight.Tour(steps)
    assert tour.start == s and tour.end == t


def _check_conrad(n, dp_pairs):
    """Every pair of the n x n board: where the criterion says yes, the
    end-pruned search (no theory) finds a tour; where it says no, one of the
    two squares is on the wrong colour for the colour argument.  The
    frontier DP, which counts every tour from s to t, confirms both sides
    on ``dp_pairs`` (every pair: benchmarks/check_conrad.py)."""
    for s, t in _conrad_pairs(n):
        says = existence.conrad_between(n, s, t)
        assert knight.exists(n, start=s, end=t) == says
        if says:
            _search_tour(n, s, t)
        else:
            # The colour argument: even n, one colour; odd n, an end off the corner colour.
            colours = {(s[0] + s[1]) % 2, (t[0] + t[1]) % 2}
            assert len(colours) == 1 if n % 2 == 0 else 1 in colours, (s, t)
    for s, t in dp_pairs:
        assert (_knight_count(n, s, t) > 0) == existence.conrad_between(n, s, t), (s, t)


def test_conrad_6x6_every_pair():
    pairs = _conrad_pairs(6)
    sample = random.Random(6).sample(pairs, 10) + [((0, 0), (5, 5)), ((0, 0), (5, 4))]
    _check_conrad(6, sample)


def test_conrad_7x7_every_pair():
    # The 7x7 DP takes seconds a pair: benchmarks/check_conrad.py runs it.
    _check_conrad(7, [])


def test_conrad_larger_boards_by_theory():
    assert knight.exists(40, start=(0, 0), end=(39, 0))
    assert not knight.exists(40, start=(0, 0), end=(39, 39))
    assert not knight.exists(41, start=(0, 0), end=(0, 1))
    _check_tour(knight.solve(12, start=(5, 4), end=(0, 0)), Board(12), (5, 4), (0, 0))
    _check_tour(knight.solve(9, start=(8, 8), end=(4, 4)), Board(9), (8, 8), (4, 4))
    assert knight.end_squares(10, start=(0, 0)).sum() == 50
    with pytest.raises(ValueError, match="n >= 6"):
        existence.conrad_between(5, (0, 0), (4, 4))


# -- theory on other boards -----------------------------------------------------------


def test_reasons_name_the_argument():
    why = knight.why_not(8, start=(0, 0), end=(2, 2))
    assert "even number of squares" in why and "same colour" in why
    why = knight.why_not(5, start=(0, 0), end=(0, 1))
    assert "corner colour" in why
    # Two 2x3 king blocks joined through one square: both ends on one side.
    bridge = Board(3, 5, holes=["c1", "c3"], moves="king")
    why = knight.why_not(bridge, start=(0, 0), end=(0, 1))
    assert "both ends in one of them" in why
    assert knight.exists(bridge, start=(0, 0), end=(0, 4))
    assert "a tour starting there" in knight.why_not(bridge, start=(1, 2), end=(0, 4))
    # One-move squares must be ends.
    line = Board(1, 4, moves="wazir")
    assert knight.exists(line, start=(0, 0), end=(0, 3))
    why = knight.why_not(line, start=(0, 1), end=(0, 3))
    assert why is not None
    assert "only one move" in knight.why_not(Board(1, 5, moves="wazir"), start=(0, 0),
                                             end=(0, 3))
    # The only move from one end leads straight to the other.
    pendant = Board(3, 3, moves="wazir", holes=["b3", "c3"])
    assert "only move" in knight.why_not(pendant, start=(0, 0), end=(1, 0))
    assert knight.exists(pendant, start=(0, 0), end=(1, 1))


def test_end_without_start_means_any_start():
    for board in (Board(3, 4), Board(5, 5, holes=["c3"])):
        for t in map(tuple, board.squares.tolist()):
            assert knight.exists(board, end=t) == knight.exists(board, start=t)


def test_one_square_board():
    one = Board(1, 1)
    tour = knight.solve(one, start=(0, 0), end=(0, 0))
    assert tour.start == tour.end == (0, 0)
    assert knight.exists(1, start=(0, 0), end=(0, 0))
    assert knight.end_squares(1, start=(0, 0)).tolist() == [[True]]


# -- the core and its twin ----------------------------------------------------------

TWIN_BOARDS = [Board(5), Board(6), Board(5, 5, holes=["c3"]), Board(4, 5, moves="king"),
               Board(6, moves="zebra"), Board(4, 5, wrap="torus"), Board(3, 7)]


@pytest.mark.parametrize("board", TWIN_BOARDS, ids=lambda b: b.describe())
def test_twin_agrees(board, impl):
    nbr = board.neighbours()
    deg = board.degrees()
    n = board.size
    rng = random.Random(n)
    pairs = [(0, n - 1), (n - 1, 0)] + [tuple(rng.sample(range(n), 2)) for _ in range(6)]
    for s, t in pairs:
        for limit in (50, 3000):
            status, steps, nodes, backs = impl.between(nbr, deg, s, t, max_nodes=limit)
            c_status, c_steps, c_nodes, c_backs = CORE.between(nbr, deg, s, t, max_nodes=limit)
            assert (status, nodes, backs) == (c_status, c_nodes, c_backs), (board, s, t)
            np.testing.assert_array_equal(steps, c_steps)
            if status == FOUND:  # a path through every square, from s to t
                path = np.argsort(steps).tolist()
                assert sorted(steps.tolist()) == list(range(n))
                assert path[0] == s and path[-1] == t
                assert all(q in nbr[p, :deg[p]] for p, q in zip(path, path[1:]))


def test_trace_runs_the_twin():
    events = []
    board = Board(5, holes=["c3"])
    t = tuple(int(x) for x in np.argwhere(knight.end_squares(board, start=(0, 0)))[-1])
    tour = knight.solve(board, start=(0, 0), end=t, trace=events.append)
    plain = knight.solve(board, start=(0, 0), end=t)
    assert tour.nodes == plain.nodes and events
    np.testing.assert_array_equal(tour.board, plain.board)
    ref = TWIN.solve(board, start=(0, 0), end=t)
    np.testing.assert_array_equal(ref.board, plain.board)


# -- limits ----------------------------------------------------------------------------


def test_limits():
    hard = Board(9, holes=["e5"])
    with pytest.raises(SearchLimitError):
        knight.solve(hard, start=(0, 0), end=(0, 1), max_nodes=5)
    with pytest.raises(UndecidedError):
        knight.exists(hard, start=(0, 0), end=(0, 1), max_nodes=5)
    with pytest.raises(UndecidedError):
        knight.end_squares(hard, start=(0, 0), max_nodes=5)
    token = knight.Cancel()
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.solve(hard, start=(0, 0), end=(0, 1), cancel=token)


# The mutilated chessboard's classes differ by two, which only theory sees:
# the core alone searches it without end.
ENDLESS = Board(8, holes=["a1", "h8"])


def test_core_stops_at_deadline_and_cancel():
    nbr, deg = ENDLESS.neighbours(), ENDLESS.degrees()
    steps = np.empty(ENDLESS.size, dtype=np.int32)
    status, nodes, _ = table_search.between(steps, nbr, deg, 0, 2, 0, time.time() + 0.05)
    assert status == knight.search.TIME_LIMIT and nodes > 0
    token = knight.Cancel()
    timer = threading.Timer(0.05, token.set)
    timer.start()
    status, _, _ = table_search.between(steps, nbr, deg, 0, 2, 0, 0.0, token.flag)
    timer.join()
    assert status == knight.search.CANCELLED
    assert (steps == -1).all()


CTRL_C_CHILD = """
import signal, sys
import numpy as np
signal.signal(signal.SIGINT, signal.default_int_handler)
import knight
from knight._core import table_search
board = knight.Board(8, holes=["a1", "h8"])
steps = np.empty(board.size, dtype=np.int32)
print("ready", flush=True)
try:
    table_search.between(steps, board.neighbours(), board.degrees(), 0, 2, 0, 0.0)
    print("finished", flush=True)
except KeyboardInterrupt:
    tour = knight.solve(6, start=(0, 0), end=(5, 0))
    print("interrupted", tour.end, flush=True)
"""


def test_ctrl_c_interrupts_the_core():
    child = subprocess.Popen([sys.executable, "-c", CTRL_C_CHILD], stdout=subprocess.PIPE,
                             text=True, env=os.environ.copy())
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.3)
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out.strip() == "interrupted (5, 0)"


# -- bad input, refused before any work -------------------------------------------------


@pytest.mark.parametrize("kwargs, error, words", [
    ({"end": (8, 0)}, ValueError, "end"),
    ({"end": "z9"}, ValueError, "end"),
    ({"end": (0, 0)}, ValueError, "differ"),
    ({"end": (7, 0), "closed": True}, ValueError, "clash"),
    ({"end": (7, 0), "method": "warnsdorff"}, ValueError, "method"),
    ({"end": (7, 0), "method": "construct"}, ValueError, "method"),
    ({"end": 3.5}, TypeError, "end"),
    ({"end": [1, 2, 3]}, (TypeError, ValueError), "end"),
])
def test_bad_input(kwargs, error, words):
    with pytest.raises(error, match=words):
        knight.solve(8, **kwargs)


def test_bad_input_boards_and_decide():
    holed = Board(5, holes=["c3"])
    with pytest.raises(ValueError, match="end .* hole"):
        knight.solve(holed, start=(0, 0), end="c3")
    with pytest.raises(ValueError, match="end .* hole"):
        knight.exists(holed, start=(0, 0), end="c3")
    with pytest.raises(ValueError, match="clash"):
        knight.exists(8, start=(0, 0), end=(7, 0), closed=True)
    with pytest.raises(ValueError, match="differ"):
        knight.why_not(8, start=(0, 0), end=(0, 0))
    with pytest.raises(TypeError):
        knight.end_squares(8)  # start is required
    with pytest.raises(ValueError, match="start"):
        knight.end_squares(8, start=(9, 9))
    with pytest.raises(ValueError, match="start .* hole"):
        knight.end_squares(holed, start="c3")
    with pytest.raises(TypeError, match="cols"):
        knight.end_squares(holed, 5, start=(0, 0))


def test_end_squares_false_on_holes_and_theory_boards():
    holed = Board(5, holes=["c3"])
    ends = knight.end_squares(holed, start=(0, 0))
    assert not ends[2, 2]
    assert not knight.end_squares(4, 4, start=(0, 0)).any()  # no open tour at all
    assert not knight.end_squares(5, start=(0, 1)).any()     # off the corner colour


# -- the command line ----------------------------------------------------------------


def test_cli_end(capsys):
    from knight import cli

    assert cli.main(["8", "--start", "a1", "--end", "0", "0", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    board = np.array(data["board"])
    tour = knight.verify(board)
    assert tour.start == (7, 0) and tour.end == (0, 0)  # a1 is the bottom-left corner
    assert cli.main(["6", "--holes", "c3", "--end", "f1"]) == 0
    out = capsys.readouterr().out
    steps = np.array([[int(v) if v != "." else -1 for v in line.split()]
                      for line in out.strip().splitlines()])
    assert steps[0, 0] == 0 and steps[5, 5] == steps.max()  # f1: the bottom-right corner
    assert cli.main(["8", "--end", "h1"]) == 1  # (7, 7): the colour of (0, 0), no tour
    assert "same colour" in capsys.readouterr().err
    assert cli.main(["8", "--end", "b3", "--closed"]) == 2
    assert "clash" in capsys.readouterr().err


def test_planner_engines_for_between_have_runners():
    from knight import planner

    engines = [e for e in planner.ENGINES if "between" in e.tasks and e.name != "theory"]
    assert engines and all(callable(planner.runner(e)) for e in engines)
    for board in (Board(8), Board(5, holes=["c3"]), Board(6, moves="zebra", wrap="torus")):
        assert callable(planner.runner(planner.choose_between(board)))
    with pytest.raises(ValueError, match="no method"):
        planner.choose_between(Board(8), "construct")


def test_large_plain_rectangles_get_the_construction_between_two_squares():
    from knight.planner import choose_between

    assert choose_between(knight.Board(12)).name == "construct-between"
    assert choose_between(knight.Board(11, 40)).name == "table-between"
    assert choose_between(knight.Board(20, holes=[(0, 0)])).name == "table-between"
    for (rows, cols), s, t in [((12, 12), (0, 0), (0, 1)), ((41, 41), (0, 0), (40, 40)),
                               ((30, 51), (17, 3), (2, 45))]:
        tour = knight.solve(rows, cols, start=s, end=t)
        assert tour.method == "construct"
        assert knight.is_tour(tour) and tour.start == s and tuple(tour.path[-1]) == t
    # A pair theory rules out is refused before the construction is asked.
    with pytest.raises(knight.NoTourError):
        knight.solve(12, start=(0, 0), end=(1, 1))

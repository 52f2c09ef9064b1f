"""The table cores (table_search, table_count, board_graph) and their pure-Python twins
(table_search_py, table_count_py, board_graph_py) agree step for step."""

import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
from conftest import CORE, TWIN
from knight import Board
from knight._core import table_count, table_search_py
from knight.search import CYTHON_ENGINE, GraphEngine
from knight.trace import TraceEvent

# A move set of no piece, in no canonical order.
CUSTOM = [(1, 2), (0, -1), (-1, -2), (2, -1), (0, 1), (-2, 1)]
BOARDS = [
    Board(3, 4),
    Board(5, holes=["c3"]),
    Board(4, 5, holes=["a1", "d3"]),
    Board(3, 4, moves="king"),
    Board(4, moves="wazir"),
    Board(7, moves="zebra"),
    Board(6, moves="camel"),                  # colour-bound: the searches exhaust
    Board(4, 5, moves=CUSTOM),
    Board(3, 6, wrap="cylinder"),
    Board(4, 4, wrap="torus"),                # small torus: repeated targets dropped
    Board(3, 3, moves="king", wrap="torus"),
    Board(5, moves="gnu", holes=["b2", "d4"]),
]
LIMIT = 2_000


def starts(board):
    """The first, a middle and the last usable square."""
    sq = [tuple(map(int, s)) for s in board.squares]
    return sorted({sq[0], sq[len(sq) // 2], sq[-1]})


def orders(board):
    return [board.moves, tuple(reversed(board.moves))]


def same(a, b):
    status_a, board_a, nodes_a, back_a = a
    status_b, board_b, nodes_b, back_b = b
    assert (status_a, nodes_a, back_a) == (status_b, nodes_b, back_b)
    np.testing.assert_array_equal(board_a, board_b)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.describe())
def test_backtracking_twins(board):
    core, twin = CORE.graph_engine(board), TWIN.graph_engine(board)
    for order in orders(board):
        for start in starts(board):
            for ordered in (False, True):
                for closed in (False, True):
                    args = (board.rows, board.cols, start, order, ordered, closed, LIMIT, 0.0)
                    same(core.backtrack(*args), twin.backtrack(*args))


GREEDY_BOARDS = BOARDS + [
    Board(12, holes=["c3", "f7", "j10", "a12"]),
    Board(10, moves="zebra"),
    Board(9, moves="king"),
    Board(8, wrap="torus"),
    Board(7, 11, wrap="cylinder"),
    Board(11, moves="gnu"),
]


@pytest.mark.parametrize("board", GREEDY_BOARDS, ids=lambda b: b.describe())
def test_warnsdorff_twins(board):
    core, twin = CORE.graph_engine(board), TWIN.graph_engine(board)
    for order in orders(board):
        for start in starts(board):
            for tie in range(4):
                for seed in ([0, 99] if tie == 1 else [0]):
                    for closed in (False, True):
                        args = (board.rows, board.cols, start, order, tie, seed, closed, 0.0)
                        same(core.warnsdorff(*args), twin.warnsdorff(*args))


def test_pohl_ties_with_no_onward_square_go_to_the_first(impl):
    # At (0, 3) the wazir has two free neighbours, (0, 4) and (0, 2), neither
    # with a free square beyond: Pohl's second level is "no value" for both,
    # so the first in move order wins, whatever their visited neighbours hold.
    mask = np.array([[0, 1, 1, 1, 1], [0, 1, 1, 1, 0]], dtype=bool)
    board = Board(2, 5, mask=mask, moves="wazir")
    args = (2, 5, (0, 1), board.moves, 3, 0, False, 0.0)
    status, tour, reached, _ = impl.graph_engine(board).warnsdorff(*args)
    assert status == table_search_py.DEAD_END and reached == 6
    assert tour.tolist() == [[-1, 0, -1, 4, 5], [-1, 1, 2, 3, -1]]


@pytest.mark.parametrize("size", [(3, 4), (4, 5), (5, 5), (5, 6), (6, 6)])
def test_table_core_matches_the_knight_core(size):
    # On a full knight rectangle the table search makes the knight core's decisions.
    rows, cols = size
    board, knight_order = Board(rows, cols), knight.DEFAULT_ORDER
    for order in (knight_order, knight_order[3:] + knight_order[:3]):
        for start in [(0, 0), (1, 2), (rows - 1, cols - 1)]:
            for ordered in (False, True):
                for closed in (False, True):
                    args = (rows, cols, start, order, ordered, closed, 50_000, 0.0)
                    same(GraphEngine(board).backtrack(*args), CYTHON_ENGINE.backtrack(*args))
            for tie in range(4):
                for closed in (False, True):
                    args = (rows, cols, start, order, tie, 7, closed, 0.0)
                    same(GraphEngine(board).warnsdorff(*args),
                         CYTHON_ENGINE.warnsdorff(*args))


def test_table_core_matches_the_knight_core_on_large_greedy_walks():
    for rows, cols in [(8, 8), (7, 12), (25, 31)]:
        board = Board(rows, cols)
        for tie in range(4):
            for start in [(0, 0), (2, 3), (rows - 1, 1)]:
                args = (rows, cols, start, knight.DEFAULT_ORDER, tie, 5, False, 0.0)
                same(GraphEngine(board).warnsdorff(*args), CYTHON_ENGINE.warnsdorff(*args))


# -- traces ------------------------------------------------------------------


def replay(events, start):
    """The path the moves and retreats of a backtracking trace leave."""
    path = [start]
    for e in events:
        if e.kind == "move":
            assert e.square == path[-1] and e.step == len(path)
            assert e.chosen == e.candidates[0][0]  # the first still open is taken
            path.append(e.chosen)
        else:
            assert e.kind == "retreat" and e.square == path[-1] and e.step == len(path) - 1
            path.pop()
    return path


@pytest.mark.parametrize("ordered", [False, True])
@pytest.mark.parametrize("closed", [False, True])
def test_trace_reports_every_backtracking_decision(ordered, closed):
    # Open: found after some backtracking; closed: 19 squares, exhausted.
    board = Board(4, 5, holes=["a1"])  # a1: bottom left
    start = (0, 0)
    events = []
    engine = TWIN.graph_engine(board, trace=events.append)
    status, tour, nodes, backs = engine.backtrack(
        4, 5, start, board.moves, ordered, closed, None, 0.0)
    assert all(isinstance(e, TraceEvent) for e in events)
    assert sum(e.kind == "move" for e in events) == nodes - 1
    assert sum(e.kind == "retreat" for e in events) == backs
    path = replay(events, start)
    if status == table_search_py.FOUND:
        assert [tuple(map(int, np.argwhere(tour == i)[0])) for i in range(board.size)] == path
    else:
        assert status == table_search_py.EXHAUSTED and path == [start] and closed
    for e in events:
        if e.kind == "move":
            for sq, onward in e.candidates:
                assert board.adjacent(e.square, sq) and board.mask[sq]
                assert 0 <= onward <= len(board.moves)
            counts = [n for _, n in e.candidates]
            if ordered:  # the Warnsdorff order: fewest onward squares first
                assert counts == sorted(counts)


def test_trace_of_the_greedy_walk_on_a_zebra_board():
    board = Board(10, moves="zebra")
    events = []
    engine = TWIN.graph_engine(board, trace=events.append)
    status, tour, reached, _ = engine.warnsdorff(10, 10, (0, 0), board.moves, 2, 0, False, 0.0)
    moves = [e for e in events if e.kind == "move"]
    assert len(moves) == reached - 1
    for i, e in enumerate(moves, start=1):
        assert tour[e.chosen] == i and tour[e.square] == i - 1
        fewest = min(n for _, n in e.candidates)
        assert dict(e.candidates)[e.chosen] == fewest
    if status == table_search_py.DEAD_END:
        assert events[-1].kind == "dead-end" and events[-1].step == reached - 1
    else:
        assert status == table_search_py.FOUND and events[-1].kind == "move"


SOLVE_CASES = [
    (Board(5, holes=["c3"]), {}),
    (Board(5, holes=["c3"]), {"method": "backtrack", "start": (1, 0)}),
    (Board(6, moves="zebra", wrap="torus"), {"method": "warnsdorff-backtrack"}),
    (Board(6, 5, wrap="cylinder"), {"method": "warnsdorff-backtrack", "closed": True}),
    (Board(9, moves="king"), {"method": "warnsdorff", "tie_break": "pohl"}),
    (Board(8, holes=["d4", "d5"]), {"method": "warnsdorff", "tie_break": "random", "seed": 3}),
    (Board(8, holes=["d4", "d5"]), {"method": "warnsdorff", "tie_break": "roth"}),
    (Board(4, moves="wazir"), {"method": "backtrack", "closed": True}),
]


@pytest.mark.parametrize("board,kwargs", SOLVE_CASES)
def test_solve_with_trace_on_a_board_finds_the_same_tour(board, kwargs):
    events = []
    traced = knight.solve(board, trace=events.append, **kwargs)
    plain = knight.solve(board, **kwargs)
    assert traced == plain and knight.is_tour(traced)
    assert (traced.nodes, traced.backtracks, traced.method) == (
        plain.nodes, plain.backtracks, plain.method)
    assert sum(e.kind == "move" for e in events) >= board.size - 1
    assert TWIN.solve(board, **kwargs) == plain


def test_solve_with_trace_reports_the_same_errors():
    with pytest.raises(knight.SearchLimitError, match="max_nodes=300"):
        knight.solve(Board(8, holes=["a1"]), method="backtrack", max_nodes=300,
                     trace=lambda e: None)
    with pytest.raises(knight.NoTourError, match="exhaustive search visited 4,053 nodes"):
        knight.solve(Board(4, 5, holes=["b2"]), method="backtrack", trace=lambda e: None)
    board = Board(10, moves="zebra")
    errors = []
    for trace in (None, lambda e: None):
        with pytest.raises(knight.DeadEndError, match="after 68 of 100 squares") as info:
            knight.solve(board, start=(0, 1), method="warnsdorff", trace=trace)
        errors.append(info.value)
    np.testing.assert_array_equal(errors[0].board, errors[1].board)
    assert errors[0].steps == errors[1].steps == 68


def test_trace_honours_a_cancel_token():
    token = knight.Cancel()
    seen = []

    def callback(event):
        seen.append(event)
        if len(seen) == 5:
            token.set()

    with pytest.raises(knight.SearchCancelled):
        knight.solve(Board(9, holes=["e5"]), method="backtrack", trace=callback, cancel=token)
    assert len(seen) == 5


def test_twin_honours_timeout_and_cancel_without_trace():
    # The plain search of this board runs for hours in Python; the twin
    # polls the clock and the cancel flag every few thousand nodes.
    board = Board(8, holes=["h8"])
    with pytest.raises(knight.SearchLimitError, match="timeout"):
        TWIN.solve(board, method="backtrack", timeout=0.2)
    event = threading.Event()
    timer = threading.Timer(0.2, event.set)
    timer.start()
    try:
        with pytest.raises(knight.SearchCancelled):
            TWIN.solve(board, method="backtrack", cancel=event)
    finally:
        timer.cancel()


def test_twin_rejects_a_start_off_the_table():
    board = Board(3, 4)
    with pytest.raises(ValueError, match="start"):
        table_search_py.backtrack(board.neighbours(), board.degrees(), 12)
    with pytest.raises(ValueError, match="squares"):
        table_search_py.backtrack(board.neighbours(), board.degrees(), 0, trace=print)


# -- counting ------------------------------------------------------------------


def brute_force(board, prefix, blocked, ends):
    """Completions of ``prefix`` by the plainest search."""
    nb = [set(row[row != board.size].tolist()) for row in board.neighbours()[:-1]]
    total = board.size - len(blocked)
    on = [False] * board.size
    for p in list(prefix) + list(blocked):
        on[p] = True
    path = list(prefix)

    def go():
        if len(path) == total:
            return 1 if len(ends) == 0 or ends[path[-1]] else 0
        count = 0
        for q in nb[path[-1]]:
            if not on[q]:
                on[q] = True
                path.append(q)
                count += go()
                path.pop()
                on[q] = False
        return count

    return go()


def counting_cases(board):
    """(prefix, blocked, ends): open from a square, closed-style, ends restricted."""
    n = board.size
    nbr = board.neighbours()
    none = np.zeros(0, dtype=np.uint8)
    yield [0], [], none
    yield [n // 2], [], none
    first = [int(q) for q in nbr[0] if q != n]
    if first:
        ends = np.zeros(n, dtype=np.uint8)
        ends[first] = 1
        yield [0, first[0]], [], ends        # closed: back next to the start
        yield [first[0]], [0], ends          # the start blocked, as count's closed mode
    ends = np.zeros(n, dtype=np.uint8)
    ends[n - 1] = 1
    yield [0], [], ends


COUNT_BOARDS = [
    Board(3, 4),
    Board(4, 4, holes=["a1"]),
    Board(3, 4, moves="king"),
    Board(3, 3, wrap="torus"),
    Board(4, moves="wazir"),
    Board(3, 4, wrap="cylinder"),
    Board(4, 4, moves=CUSTOM),
    Board(5, moves="zebra", holes=["c3"]),
]


@pytest.mark.parametrize("board", COUNT_BOARDS, ids=lambda b: b.describe())
def test_counting_twin(board, impl):
    nbr, deg = board.neighbours(), board.degrees()
    for prefix, blocked, ends in counting_cases(board):
        want = brute_force(board, prefix, blocked, ends)
        for depth in (-1, 0, 3):
            search = impl.path_search(nbr, deg, prefix, blocked, ends, depth)
            status, found, nodes = search.count()
            assert (status, found) == (table_count.DONE, want) and search.found == want
            # the same nodes: the twin prunes exactly as the core
            assert nodes == CORE.path_search(nbr, deg, prefix, blocked, ends, depth).count()[2]


def test_counting_twin_collects_the_same_batches():
    board = Board(3, 4, moves="king")
    nbr, deg = board.neighbours(), board.degrees()
    core, twin = CORE.path_search(nbr, deg, [0]), TWIN.path_search(nbr, deg, [0])
    while True:
        a, b = np.zeros((100, 12), np.int32), np.zeros((100, 12), np.int32)
        (status_a, k_a), (status_b, k_b) = core.collect(a), twin.collect(b)
        assert (status_a, k_a) == (status_b, k_b)
        np.testing.assert_array_equal(a[:k_a], b[:k_b])
        if status_a != table_count.MORE:
            break
    assert (core.found, core.nodes) == (twin.found, twin.nodes) and core.found > 300


def test_counting_twin_stops_at_the_same_node_limit(impl):
    board = Board(3, 5, moves="king")
    nbr, deg = board.neighbours(), board.degrees()
    search = impl.path_search(nbr, deg, [0])
    a = search.count(max_nodes=20_000)
    assert a[0] == table_count.NODE_LIMIT
    assert a == CORE.path_search(nbr, deg, [0]).count(max_nodes=20_000)
    b = search.count()  # and resume alike
    assert b[0] == table_count.DONE and search.found == 10539
    core = CORE.path_search(nbr, deg, [0])
    core.count(max_nodes=20_000)
    assert b == core.count()


def test_counting_twin_single_square_and_dead_prefix(impl):
    board = Board(1, 1)
    args = (board.neighbours(), board.degrees())
    assert impl.path_search(*args, [0]).count() == (table_count.DONE, 1, 0)
    board = Board(3, 4)  # corner a1's two neighbours, each left with one way in
    args = (board.neighbours(), board.degrees())
    search = impl.path_search(*args, [5])
    assert search.count() == CORE.path_search(*args, [5]).count()
    assert search.found == brute_force(board, [5], [], [])


# -- random boards ---------------------------------------------------------------

OFFSETS = [(dr, dc) for dr in range(-3, 4) for dc in range(-3, 4) if (dr, dc) != (0, 0)]


@st.composite
def boards(draw, max_side=5, max_squares=25):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(2 if rows == 1 else 1, max_side))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    mask = np.array(cells, dtype=bool).reshape(rows, cols)
    if not mask.any():
        mask[0, 0] = True
    usable = np.argwhere(mask)
    if len(usable) > max_squares:
        for r, c in usable[max_squares:]:
            mask[r, c] = False
    moves: list = []
    for dr, dc in draw(st.lists(st.sampled_from(OFFSETS), min_size=1, max_size=5)):
        for m in ((dr, dc), (-dr, -dc)):
            if m not in moves:
                moves.append(m)
    wrap = draw(st.sampled_from([None, "cylinder", "torus"]))
    return Board(rows, cols, mask=mask, moves=moves, wrap=wrap)


SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(board=boards(), data=st.data())
def test_random_boards_searches(board, data):
    start = tuple(map(int, data.draw(st.sampled_from(list(board.squares)))))
    order = tuple(data.draw(st.permutations(board.moves)))
    closed = data.draw(st.booleans())
    core, twin = CORE.graph_engine(board), TWIN.graph_engine(board)
    for ordered in (False, True):
        args = (board.rows, board.cols, start, order, ordered, closed, 1_500, 0.0)
        same(core.backtrack(*args), twin.backtrack(*args))
    tie = data.draw(st.integers(0, 3))
    seed = data.draw(st.integers(0, 2**64 - 1))
    args = (board.rows, board.cols, start, order, tie, seed, closed, 0.0)
    same(core.warnsdorff(*args), twin.warnsdorff(*args))


@SETTINGS
@given(board=boards(max_side=4, max_squares=10), data=st.data())
def test_random_boards_counts(impl, board, data):
    nbr, deg = board.neighbours(), board.degrees()
    n = board.size
    start = data.draw(st.integers(0, n - 1))
    flags = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    ends = (np.array(flags, dtype=np.uint8) if data.draw(st.booleans())
            else np.zeros(0, dtype=np.uint8))
    search = impl.path_search(nbr, deg, [start], [], ends)
    assert search.count() == CORE.path_search(nbr, deg, [start], [], ends).count()
    assert search.found == brute_force(board, [start], [], ends)

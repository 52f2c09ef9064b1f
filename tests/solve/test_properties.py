"""Property-based tests (hypothesis): whatever the board, start, method,
move order, tie-break and options, solve() returns a tour that verifies or
raises one of the documented exceptions, and the package's answers agree
with each other (exists vs solve, count vs the plain reference count, a
Tour vs its own path, moves and picture).

Examples are bounded (max_nodes on the searches, small boards for the
exhaustive parts) so the whole file stays within a few seconds.
"""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import knight  # noqa: E402
from knight.counting import reference_count  # noqa: E402

SETTINGS = settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SEARCH_NODES = 200_000
DOCUMENTED = (knight.NoTourError, knight.DeadEndError, knight.SearchLimitError)

orders = st.permutations(knight.DEFAULT_ORDER)


def independent_check(board, rows, cols, start, closed):
    """A tour check that shares no code with knight.verify."""
    board = np.asarray(board)
    assert board.shape == (rows, cols)
    assert board.dtype == np.int32
    n = rows * cols
    where = {}
    for (r, c), v in np.ndenumerate(board):
        where[int(v)] = (r, c)
    assert sorted(where) == list(range(n))
    assert where[0] == tuple(start)
    for k in range(n - 1):
        (r0, c0), (r1, c1) = where[k], where[k + 1]
        assert {abs(r0 - r1), abs(c0 - c1)} == {1, 2}
    if closed and n > 1:
        (r0, c0), (r1, c1) = where[n - 1], where[0]
        assert {abs(r0 - r1), abs(c0 - c1)} == {1, 2}


@st.composite
def search_requests(draw, max_side=8):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    method = draw(st.sampled_from(["auto", "backtrack", "warnsdorff", "warnsdorff-backtrack"]))
    kwargs = {
        "start": start,
        "closed": draw(st.booleans()),
        "method": method,
        "order": draw(st.one_of(st.none(), orders)),
    }
    if method == "warnsdorff":
        tie = draw(st.sampled_from(sorted(knight.TIE_BREAKS)))
        kwargs["tie_break"] = tie
        if tie == "random":
            kwargs["seed"] = draw(st.integers(0, 2**64 - 1))
    else:
        kwargs["max_nodes"] = draw(st.integers(1, SEARCH_NODES))
    return rows, cols, kwargs


@SETTINGS
@given(search_requests())
def test_search_returns_a_verified_tour_or_a_documented_error(request):
    rows, cols, kwargs = request
    try:
        tour = knight.solve(rows, cols, **kwargs)
    except DOCUMENTED as exc:
        if isinstance(exc, knight.NoTourError):
            # A theorem or an exhaustive search said no: exists() must agree.
            assert not knight.exists(rows, cols, start=kwargs["start"], closed=kwargs["closed"])
            assert exc.reason
        if isinstance(exc, knight.SearchLimitError):
            limit = kwargs.get("max_nodes")
            assert limit is not None and exc.nodes <= limit
        if isinstance(exc, knight.DeadEndError):
            assert exc.steps == len(exc.path) <= rows * cols
            assert int((exc.board >= 0).sum()) == exc.steps
        return
    assert knight.exists(rows, cols, start=kwargs["start"], closed=kwargs["closed"])
    assert tour.start == kwargs["start"] and tour.closed == kwargs["closed"]
    independent_check(tour.board, rows, cols, kwargs["start"], kwargs["closed"])
    assert knight.verify(tour.board, closed=kwargs["closed"]) == tour
    if kwargs.get("max_nodes") is not None and tour.method != "warnsdorff":
        assert tour.nodes <= kwargs["max_nodes"]


@SETTINGS
@given(search_requests(max_side=7))
def test_search_is_deterministic(request):
    rows, cols, kwargs = request

    def run():
        try:
            t = knight.solve(rows, cols, **kwargs)
            return ("tour", t.board.tobytes(), t.nodes)
        except DOCUMENTED as exc:
            return (type(exc).__name__, str(exc).split(" after ")[0])

    assert run() == run()


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 60),
    st.integers(1, 60),
    st.data(),
    st.booleans(),
)
def test_construct_answers_exactly_what_exists_says(rows, cols, data, closed):
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    expected = knight.exists(rows, cols, start=start, closed=closed)
    for method in ("construct", "auto"):
        try:
            tour = knight.solve(rows, cols, start=start, closed=closed, method=method,
                                max_nodes=SEARCH_NODES)
        except knight.NoTourError as exc:
            assert not expected, (rows, cols, start, closed, method)
            assert exc.reason == knight.why_not(rows, cols, start=start, closed=closed)
            continue
        except knight.SearchLimitError:
            assert method == "auto"
            continue
        assert expected
        assert tour.start == start
        assert knight.is_tour(tour.board, closed=closed)
        assert int(tour.board[start]) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_exists_and_start_squares_agree_with_exhaustive_search(rows, cols, data):
    closed = data.draw(st.booleans())
    starts = knight.start_squares(rows, cols, closed=closed)
    assert starts.shape == (rows, cols) and starts.dtype == bool
    for r in range(rows):
        for c in range(cols):
            found = reference_count(rows, cols, start=(r, c), closed=closed,
                                    directed=closed) > 0
            assert found == bool(starts[r, c]) == knight.exists(rows, cols, start=(r, c),
                                                                closed=closed)


@st.composite
def count_requests(draw):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 16 // rows if rows > 1 else 6))
    sq = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    closed = draw(st.booleans())
    directed = draw(st.booleans())
    start = draw(st.one_of(st.none(), sq))
    end = draw(st.one_of(st.none(), sq))
    if closed and not directed and end is not None and start is None:
        start = (0, 0)
    return rows, cols, {"start": start, "end": end, "closed": closed, "directed": directed}


@settings(max_examples=300, deadline=None)
@given(count_requests())
def test_count_matches_the_plain_reference(request):
    rows, cols, kwargs = request
    assert knight.count(rows, cols, **kwargs) == reference_count(rows, cols, **kwargs)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.booleans())
def test_tours_lists_what_count_counts(rows, cols, closed):
    listed = list(knight.tours(rows, cols, start=None, closed=closed))
    assert len(listed) == knight.count(rows, cols, closed=closed)
    seen = set()
    for t in listed:
        assert knight.is_tour(t.board, closed=closed)
        seen.add(t.board.tobytes())
    assert len(seen) == len(listed)


@st.composite
def tours(draw):
    rows = draw(st.integers(1, 30))
    cols = draw(st.integers(1, 30))
    closed = draw(st.booleans())
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    if not knight.exists(rows, cols, start=start, closed=closed):
        closed = False
        ok = np.argwhere(knight.start_squares(rows, cols))
        if not len(ok):
            return None
        start = tuple(int(v) for v in ok[draw(st.integers(0, len(ok) - 1))])
    return knight.solve(rows, cols, start=start, closed=closed, method="construct")


def replay(start, codes, order):
    r, c = start
    out = [(r, c)]
    for k in codes:
        dr, dc = order[k - 1]
        r, c = r + dr, c + dc
        out.append((r, c))
    return out


@settings(max_examples=250, deadline=None)
@given(tours(), orders)
def test_tour_round_trips(tour, order):
    if tour is None:
        return
    rows, cols = tour.shape
    # Board and path give back the same tour.
    assert knight.verify(tour.board, closed=tour.closed) == tour
    if rows * cols > 1:
        assert knight.verify(tour.path, shape=tour.shape, closed=tour.closed) == tour
    assert knight.verify(tour) == tour
    assert tour.path.shape == (rows * cols, 2)
    assert [tuple(p) for p in tour.path.tolist()] == list(tour)
    assert tour.end == tuple(tour.path[-1].tolist())
    # Direction codes replay the path (and its closing move).
    codes = tour.moves(order).tolist()
    assert len(codes) == rows * cols - (0 if tour.closed else 1)
    assert set(codes) <= set(range(1, 9))
    walk = replay(tour.start, codes, order)
    expected = [tuple(p) for p in tour.path.tolist()]
    assert walk[: rows * cols] == expected
    if tour.closed:
        assert walk[-1] == tour.start
    d = tour.to_dict()
    assert d["path"] == tour.path.tolist() and d["board"] == tour.board.tolist()
    if cols <= 26:
        assert len(tour.algebraic()) == rows * cols


@settings(max_examples=40, deadline=None)
@given(tours(), st.integers(16, 900), st.one_of(st.none(), st.booleans()))
def test_svg_parses_and_draws_the_tour(tour, size, numbers):
    if tour is None:
        return
    ns = "{http://www.w3.org/2000/svg}"
    from knight.render import layout

    if not layout(tour.rows, tour.cols, size).path:
        # Squares too small for the path: a colour ramp, with no numbers.
        if numbers:
            with pytest.raises(ValueError, match="colour ramp"):
                tour.to_svg(size=size, numbers=numbers)
            return
        root = ET.fromstring(tour.to_svg(size=size, numbers=numbers))
        assert len(list(root.iter(f"{ns}image"))) == 1
        assert max(int(root.get("width")), int(root.get("height"))) <= size
        return
    root = ET.fromstring(tour.to_svg(size=size, numbers=numbers))
    assert root.tag == f"{ns}svg"
    (poly,) = root.iter(f"{ns}polyline")
    points = poly.get("points").split()
    assert len(points) == len(tour)
    xy = np.array([[float(v) for v in p.split(",")] for p in points])
    cell = float(root.get("width")) / tour.cols
    squares = np.floor(xy[:, ::-1] / cell).astype(int)
    assert np.array_equal(squares, tour.path)
    assert len(list(root.iter(f"{ns}line"))) == (1 if tour.closed else 0)

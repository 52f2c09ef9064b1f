"""The engine ``magic-search``: magic knight's tours for ``solve``, ``count`` and ``tours``.

The planner runs these for every job with ``magic=`` (checked by
:func:`knight.magic.check_magic`: plain knight rectangles only, theory
asked first).  All of them drive one core, :class:`MagicSearch` of
:mod:`knight._core.magic_search` (or its twin), which numbers the squares
1..N along the path and propagates the line sums:

* :func:`run_solve` finds one tour.  On boards of at most
  :data:`EXHAUSTIVE_SQUARES` squares it runs the exhaustive search once, so
  a board or a start with no magic tour gets a :class:`NoTourError`.  On
  larger boards it restarts with Luby budgets: each attempt first searches
  the centrally symmetric tours (a subset with far fewer choices, in which
  8x8 tours come within a second from central starts), from each start of
  a short portfolio, then the plain search from the first start, each with
  its own tie-break seed.  Restarts are not exhaustive: there only the
  limits (``timeout``, ``max_nodes``, ``cancel``) end a search that finds
  nothing.
* :func:`run_tours` lists every numbered tour (a closed tour counts once
  per start and direction, as a clued count's tours do: the numbering is
  what is magic), from the given start or from every square in row-major
  order.  The count (:func:`knight.counting.magic_count.run_count`) runs
  the same enumeration cut into ranges (:func:`range_plan`, one per orbit
  of first moves under the board's symmetries, :func:`run_range` each).  Enumerations past
  :data:`EXHAUSTIVE_SQUARES` squares are out of reach here (the 8x8 one
  took 61 CPU-days in 2003); a count without ``timeout`` or ``limit`` on such
  a board is refused with :class:`BoardTooLargeError` before any search.

Independent ranges: the core takes a list of starts and clues, so a range
of an enumeration is a start (or a prefix of first squares given as clues
at steps 1, 2, ...) run as its own search; the ranges' counts add up, and
ranges that a symmetry of the board and clues maps onto each other have
equal counts (:func:`range_plan` proves it).
"""

from __future__ import annotations

import importlib
import itertools
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from .. import existence
from .._core import magic_search as _compiled
from ..errors import BoardTooLargeError, NoTourError, SearchLimitError
from ..geometry import DEFAULT_ORDER, article, check_memory
from ..limits import cancelled, collected, watched
from ..magic import magic_reason
from ..tour import Tour
from .solving import luby

if TYPE_CHECKING:
    from ..board import Board
    from ..planner import Job

#: Boards up to this many squares are searched exhaustively (4x8's whole
#: enumeration is 4.8 million nodes, half a second); larger boards are
#: solved by restarts and their counts are out of reach without a limit.
EXHAUSTIVE_SQUARES = 32

#: An enumeration is in reach without a limit when at most this many squares
#: are free of clues (4x8's 32 squares: half a second; 4x10's 40: 30 s;
#: Beverley's 8x8 with its first 29 numbers given, 35 free: a second).
REACH_FREE_SQUARES = 36

#: The node budget of a restart's unit (Luby's sequence multiplies it):
#: on 8x8 a symmetric search from a central start that finds a tour does so
#: within 0.5-40 million nodes (0.1-6 s).
RESTART_NODES = 1 << 21

#: How many start squares a restart tries when the start is free: the
#: most central ones, one per class of the board's symmetries.
PORTFOLIO = 4


def reason(job: Job) -> str | None:
    """Why theory rules out the magic tours ``job`` asks for, or None: the
    board's magic (:func:`knight.magic.magic_reason`), then its tours from
    the start, then the clues.  Asked before any search."""
    rows, cols = job.board.shape
    why = magic_reason(rows, cols, job.option("magic"))
    if why is None:
        why = existence.board_reason(job.board, job.start, job.closed)
    if why is None and job.clues is not None:
        why = existence.clue_reason(job.board, job.clues.at, job.closed)
        if why is not None:
            why = f"no tour of the {job.board.describe()} meets the clues: {why}"
    return why


def tables(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """The knight's neighbour table (8 per square, -1 padded, in
    :data:`knight.DEFAULT_ORDER`) and the knight distances (int16, N x N)
    of a ``rows`` x ``cols`` rectangle, squares row-major."""
    n = rows * cols
    nbr = np.full((n, 8), -1, dtype=np.int32)
    r, c = np.divmod(np.arange(n), cols)
    fill = np.zeros(n, dtype=np.int64)
    # Per move, the squares it leaves from and lands on: one move maps
    # squares one to one (the table's j-th column does not).
    moves = []
    for dr, dc in DEFAULT_ORDER:
        rr, cc = r + dr, c + dc
        idx = np.flatnonzero((rr >= 0) & (rr < rows) & (cc >= 0) & (cc < cols))
        nbr[idx, fill[idx]] = (rr * cols + cc)[idx]
        fill[idx] += 1
        moves.append((idx, (rr * cols + cc)[idx]))
    dist = np.full((n, n), np.iinfo(np.int16).max, dtype=np.int16)
    # One breadth-first search from every square at once, a frontier a step.
    reached = np.eye(n, dtype=bool)
    dist[reached] = 0
    frontier = reached.copy()
    step = 0
    while frontier.any():
        step += 1
        nxt = np.zeros_like(frontier)
        for src, dst in moves:
            nxt[:, dst] |= frontier[:, src]
        nxt &= ~reached
        reached |= nxt
        dist[nxt] = step
        frontier = nxt
    return nbr, dist


def memory_estimate(n: int) -> int:
    """The bytes a search on ``n`` squares holds: the distances, the table, the state."""
    return 3 * n * n + 200 * n


def _core(twin: bool) -> Any:
    """The compiled core, or its pure-Python twin (loaded only when asked for)."""
    if twin:
        return importlib.import_module("knight._core.magic_search_py")
    return _compiled


def _clue_array(job: Job) -> np.ndarray:
    """Per square, the number (1..N) the clues, start and end give it, 0 for none."""
    clue_at = np.zeros(job.board.size, dtype=np.int32)
    if job.clues is not None:
        for step, sq in job.clues.at.items():
            clue_at[sq] = step + 1
    return clue_at


def symmetric_clues(clue_at: np.ndarray) -> np.ndarray | None:
    """The clues of a centrally symmetric tour: each clue with its image
    (number k + N/2 on the rotated square), or None when they clash."""
    n = clue_at.shape[0]
    half = n // 2
    out: np.ndarray = clue_at.copy()
    for sq in np.flatnonzero(clue_at):
        v = int(clue_at[sq])
        image = v + half if v <= half else v - half
        other = n - 1 - int(sq)
        if int(out[other]) not in (0, image):
            return None
        out[other] = image
    return out


def _portfolio(board: Board, clue_at: np.ndarray) -> list[int]:
    """Where restarts start: the clued start, else the most central square
    of each of the first :data:`PORTFOLIO` classes of the board's symmetries."""
    given = np.flatnonzero(clue_at == 1)
    if given.size:
        return [int(given[0])]
    rows, cols = board.shape
    seen: set[frozenset[tuple[int, int]]] = set()
    out: list[int] = []
    squares = sorted(range(rows * cols), key=lambda q: (
        (2 * (q // cols) - rows + 1) ** 2 + (2 * (q % cols) - cols + 1) ** 2, q))
    for q in squares:
        r, c = divmod(q, cols)
        images = {(r, c), (rows - 1 - r, c), (r, cols - 1 - c), (rows - 1 - r, cols - 1 - c)}
        if rows == cols:
            images |= {(b, a) for a, b in images}
        key = frozenset(images)
        if key in seen:
            continue
        seen.add(key)
        out.append(q)
        if len(out) == PORTFOLIO:
            break
    return out


def _symmetric_ok(board: Board) -> bool:
    rows, cols = board.shape
    return rows % 2 == 0 and cols % 2 == 0 and (rows * cols) % 4 == 0


def _tour(board: Board, numbers: np.ndarray, closed: bool, nodes: int, seconds: float,
          method: str) -> Tour:
    rows, cols = board.shape
    steps = (numbers.reshape(rows, cols) - 1).astype(np.int32)
    first = int(np.flatnonzero(numbers == 1)[0])
    return Tour(steps, closed=closed, method=method, nodes=nodes, seconds=seconds,
                _start=divmod(first, cols), _checked=True)


def _what(job: Job, lead: str = "the search for") -> str:
    kind = "diagonally magic" if job.option("magic") == "diagonal" else "semi-magic"
    shape = f"{'closed' if job.closed else 'open'} {kind} tour"
    return f"{lead} {shape if lead == 'no' else article(shape)} of the {job.board.describe()}"


class _Searches:
    """The searches of one job, made alike: the board's tables, the clues, the core."""

    def __init__(self, job: Job) -> None:
        board = job.board
        check_memory(memory_estimate(board.size), f"searching {board.describe()} for magic tours")
        self.job = job
        self.rows, self.cols = board.shape
        self.nbr, self.dist = tables(self.rows, self.cols)
        self.clue_at = _clue_array(job)
        self.diagonal = job.option("magic") == "diagonal"
        self.core = _core(bool(job.option("twin")))

    def make(self, starts: list[int], symmetric: bool = False, seed: int = 0,
             clue_at: np.ndarray | None = None) -> Any:
        return self.core.MagicSearch(
            self.rows, self.cols, self.nbr, self.dist, np.asarray(starts, dtype=np.int32),
            self.clue_at if clue_at is None else clue_at, self.job.closed, self.diagonal,
            symmetric, seed)

    def starts(self) -> list[int]:
        """Every start the clues allow, row-major."""
        given = np.flatnonzero(self.clue_at == 1)
        return [int(given[0])] if given.size else list(range(self.rows * self.cols))


def _limit_error(job: Job, status: int, nodes: int, core: Any) -> Exception:
    what = _what(job)
    if status == core.CANCELLED:
        return cancelled(what, job.began, nodes)
    seconds = time.perf_counter() - job.began
    limit = (f"timeout={job.limits.timeout}s" if status == core.TIME_LIMIT
             else f"max_nodes={job.limits.max_nodes}")
    return SearchLimitError(f"{what} stopped at {limit} after {nodes:,} nodes and "
                            f"{seconds:.3f} s", nodes, seconds)


def run_solve(job: Job) -> Tour:
    """The engine ``magic-search`` for :func:`knight.solve`: one magic tour."""
    s = _Searches(job)
    deadline, most = job.limits.deadline(), job.limits.max_nodes
    out = np.zeros((1, job.board.size), dtype=np.int32)
    nodes = 0
    with watched(job.limits.cancel) as flag:
        if job.board.size <= EXHAUSTIVE_SQUARES:
            search = s.make(s.starts())
            status, got = search.collect(out, deadline, flag, most or 0)
            nodes = search.nodes
            if got:
                return _tour(job.board, out[0], job.closed, nodes,
                             time.perf_counter() - job.began, "magic-search")
            if status != s.core.DONE:
                raise _limit_error(job, status, nodes, s.core)
            raise NoTourError(f"{_what(job, 'no')}: an exhaustive search visited "
                              f"{nodes:,} nodes", nodes)
        twins = symmetric_clues(s.clue_at) if _symmetric_ok(job.board) else None
        starts = _portfolio(job.board, s.clue_at)
        seed = int(job.option("seed") or 0) * 7919 + 1
        for attempt in itertools.count(1):
            budget = luby(attempt) * RESTART_NODES
            runs: list[tuple[int, bool]] = [(st, True) for st in starts] if twins is not None \
                else []
            runs.append((starts[0], False))
            for start, symmetric in runs:
                cap = budget if most is None else min(budget, most - nodes)
                if cap <= 0:
                    raise _limit_error(job, s.core.NODE_LIMIT, nodes, s.core)
                search = s.make([start], symmetric, seed, twins if symmetric else None)
                seed += 1
                status, got = search.collect(out, deadline, flag, cap)
                nodes += search.nodes
                if got:
                    method = "magic-search/symmetric" if symmetric else "magic-search"
                    return _tour(job.board, out[0], job.closed or symmetric, nodes,
                                 time.perf_counter() - job.began, method)
                if status in (s.core.TIME_LIMIT, s.core.CANCELLED):
                    raise _limit_error(job, status, nodes, s.core)
    raise AssertionError("unreachable")  # pragma: no cover


def check_reach(job: Job, bounded: bool) -> None:
    """Refuse an enumeration out of reach unless ``bounded`` (a limit bounds
    it, or the caller asked for a long run: checkpoints, an executor)."""
    clued = 0 if job.clues is None else len(job.clues.at)
    if job.board.size - clued > REACH_FREE_SQUARES and not bounded:
        raise BoardTooLargeError(
            f"{'counting' if job.task == 'count' else 'listing'} every magic tour of the "
            f"{job.board.describe()} is out of reach here "
            f"(the search enumerates up to {REACH_FREE_SQUARES} squares free of clues; the 8x8 "
            "enumeration of 2003 took 61.4 CPU-days): give timeout= (or limit=) to search "
            "for as long as you choose" + (", or checkpoint= (a run that resumes) or "
                                           "executor= (a cluster) to count it all"
                                           if job.task == "count" else ""))


def ranges(job: Job) -> list[np.ndarray]:
    """The enumeration of ``job`` cut into independent ranges: one per first
    move (the squares numbered 1 and 2, fixed as clues), in the search's
    order.  Each is a whole search of its own (:func:`count_range`), so the
    ranges can run anywhere, in any order, and their counts add up."""
    return _ranges(_Searches(job))


def _ranges(s: _Searches) -> list[np.ndarray]:
    out = []
    second = np.flatnonzero(s.clue_at == 2)
    for start in s.starts():
        if s.clue_at[start] not in (0, 1):
            continue
        for t in (int(v) for v in s.nbr[start] if v >= 0):
            if (second.size and t != second[0]) or s.clue_at[t] not in (0, 2):
                continue
            clue_at = s.clue_at.copy()
            clue_at[start], clue_at[t] = 1, 2
            out.append(clue_at)
    return out


def square_maps(rows: int, cols: int) -> list[np.ndarray]:
    """The rotations and reflections of a ``rows`` x ``cols`` rectangle as
    permutations of its squares, row-major (``perm[q]``: where square ``q``
    goes): the identity first, then the half turn and the two mirrors, and
    on a square board the two diagonal mirrors and the quarter turns.  Each
    maps knight moves to knight moves (the move set is the dihedral group's
    orbit of (1, 2)).

    >>> [p.tolist() for p in square_maps(1, 2)]
    [[0, 1], [1, 0], [0, 1], [1, 0]]
    """
    idx = np.arange(rows * cols).reshape(rows, cols)
    seen = [idx, idx[::-1, ::-1], idx[::-1, :], idx[:, ::-1]]
    if rows == cols:
        seen += [idx.T, idx.T[::-1, ::-1], np.rot90(idx), np.rot90(idx, 3)]
    # seen[p] = the square that lands on p; perm is its inverse
    return [np.argsort(a.ravel()).astype(np.int32) for a in seen]


def clue_symmetries(rows: int, cols: int, clue_at: np.ndarray,
                    reversal: bool) -> list[tuple[np.ndarray, bool]]:
    """The maps ``(perm, reversed)`` of :func:`square_maps`, with the numbering
    read backwards (k -> N + 1 - k) when ``reversed`` (only with
    ``reversal``), that map the clues ``clue_at`` to themselves: the square
    ``perm[q]`` carries the clue ``q`` does (``N + 1 -`` it when reversed).
    The identity comes first.

    Each maps the magic tours that meet the clues one to one onto
    themselves: the numbering of a tour carried by ``perm`` is a tour (knight
    moves go to knight moves), closed if it was; each rank and file goes to a
    rank or a file (on a square board, whose ranks and files share one sum,
    either; on a rectangle ranks to ranks), and the long diagonals of a
    square to the long diagonals, so every line sum is one of the old ones;
    reading the numbers backwards turns a line sum S of L squares into
    L (N + 1) - S, the same for all lines of a length, and a closed tour
    into a closed tour; the clues are kept by the choice of the maps.
    """
    n = rows * cols
    clued = np.flatnonzero(clue_at)
    out: list[tuple[np.ndarray, bool]] = []
    for perm in square_maps(rows, cols):
        for rev in (False, True) if reversal else (False,):
            want = n + 1 - clue_at[clued] if rev else clue_at[clued]
            if np.array_equal(clue_at[perm[clued]], want) and not any(
                    np.array_equal(perm, p) and rev == r for p, r in out):
                out.append((perm, rev))
    return out


class Classes(NamedTuple):
    """What a range needs to tell which of its tours stand for their class
    (:func:`is_canonical`): the maps of the class, ``perms`` (k x N) and
    ``reversed`` (k), and ``reps``, the ranges enumerated (``first * N +
    second`` of the squares numbered 1 and 2, sorted)."""

    perms: np.ndarray
    reversed: np.ndarray
    reps: np.ndarray


class RangePlan(NamedTuple):
    """The ranges :func:`range_plan` keeps: ``clues[i]`` (the clue array of
    range i, numbers 1 and 2 fixed) stands for ``weights[i]`` ranges of
    equal count; ``total`` ranges in all; ``classes`` when tours are counted
    up to symmetry."""

    clues: list[np.ndarray]
    weights: list[int]
    total: int
    classes: Classes | None

    def key(self) -> list[list[int]]:
        """Each range kept as ``[first, second, weight]``: what a checkpoint
        of the ranges records, so that it is read by the same cut only."""
        return [[int(np.flatnonzero(c == 1)[0]), int(np.flatnonzero(c == 2)[0]), w]
                for c, w in zip(self.clues, self.weights)]


def range_plan(job: Job, up_to_symmetry: bool = False) -> RangePlan:
    """The ranges of :func:`ranges` that ``job``'s count runs, one per orbit
    of the board's symmetries that keep the clues, each weighted by its
    orbit's size (the first of each orbit in the search's order stands for
    it); with ``up_to_symmetry``, the :class:`Classes` that tell which tours
    of those ranges count.

    Why the weights are exact: a map g of :func:`clue_symmetries` (without
    reversal) takes the magic tours meeting the clues whose squares numbered
    1 and 2 are (s, t) one to one onto those whose squares numbered 1 and 2
    are (g(s), g(t)) (its inverse takes them back), so the ranges of one
    orbit have equal counts; the ranges part the tours (each has one first
    move), so the count is the sum over orbits of the orbit's size times
    its first range's count.  On 8x8 without clues the 336 first moves make
    42 orbits of 8 (no first move is fixed by a non-trivial symmetry: the
    squares a mirror fixes are a line, never a knight's move apart).

    Up to symmetry (the maps of :func:`clue_symmetries` with reversal, a
    group H), every class of tours meets the ranges kept: a tour's images
    under the maps without reversal reach every range of its range's orbit.
    A tour counts iff it is the lexicographically least of its images that
    lie in the ranges kept (:func:`is_canonical`): exactly one tour a class.

    >>> import knight
    >>> from knight.counting.args import counting_job
    >>> plan = range_plan(counting_job("count", knight.Board(8), None, None, False, False,
    ...                                magic="semi"))
    >>> len(plan.clues), set(plan.weights), plan.total
    (42, {8}, 336)
    """
    s = _Searches(job)
    parts = _ranges(s)
    n = s.rows * s.cols
    maps = [p for p, _ in clue_symmetries(s.rows, s.cols, s.clue_at, False)]

    def pair(clue_at: np.ndarray) -> tuple[int, int]:
        return int(np.flatnonzero(clue_at == 1)[0]), int(np.flatnonzero(clue_at == 2)[0])

    have = {pair(c) for c in parts}
    seen: set[tuple[int, int]] = set()
    clues, weights = [], []
    for c in parts:
        a, b = pair(c)
        if (a, b) in seen:
            continue
        orbit = {(int(p[a]), int(p[b])) for p in maps}
        assert orbit <= have, "a symmetry of the clues maps a range outside the ranges"
        seen |= orbit
        clues.append(c)
        weights.append(len(orbit))
    classes = None
    if up_to_symmetry:
        both = clue_symmetries(s.rows, s.cols, s.clue_at, True)
        classes = Classes(np.array([p for p, _ in both], dtype=np.int32).reshape(-1, n),
                          np.array([r for _, r in both], dtype=bool),
                          np.array(sorted(a * n + b for a, b in map(pair, clues)),
                                   dtype=np.int64))
    return RangePlan(clues, weights, len(parts), classes)


def is_canonical(numbers: np.ndarray, classes: Classes) -> bool:
    """Whether the tour ``numbers`` (each square's number 1..N, row-major,
    in a range of ``classes.reps``) is the lexicographically least of its
    images under ``classes``' maps that lie in those ranges."""
    n = numbers.shape[0]
    img = np.empty_like(numbers)
    for perm, rev in zip(classes.perms, classes.reversed):
        img[perm] = n + 1 - numbers if rev else numbers
        code = int(np.flatnonzero(img == 1)[0]) * n + int(np.flatnonzero(img == 2)[0])
        k = int(np.searchsorted(classes.reps, code))
        if k == classes.reps.shape[0] or classes.reps[k] != code:
            continue
        diff = np.flatnonzero(img != numbers)
        if diff.size and img[diff[0]] < numbers[diff[0]]:
            return False
    return True


class RangeResult(NamedTuple):
    """One range's result (:func:`run_range`): its ``range_index``, the core's
    ``status``, the tours ``found`` (numbered tours), the ``nodes`` and
    ``seconds`` it took, and, when listed up to symmetry, the ``tours``
    among them that stand for their class (rows of numbers 1..N, int16)."""

    range_index: int
    status: int
    found: int
    nodes: int
    seconds: float
    tours: np.ndarray


def run_range(rows: int, cols: int, closed: bool, diagonal: bool, clue_at: np.ndarray,
              deadline: float = 0.0, index: int = 0, classes: Classes | None = None,
              limit: int = 0, cancel: np.ndarray | None = None,
              twin: bool = False) -> RangeResult:
    """Run one range of :func:`range_plan` (its clues fix its start): count
    its tours (``limit`` > 0: stop with MORE after that many), or with
    ``classes`` list them and keep those that stand for their class.  A
    top-level function of plain arguments, so any executor can ship it;
    ``cancel`` is a cancel flag, for runs in this process only.

    >>> import knight
    >>> from knight.counting.args import counting_job
    >>> job = counting_job("count", knight.Board(4, 6), None, None, False, False, magic="semi")
    >>> plan = range_plan(job)
    >>> len(plan.clues), plan.total, sum(plan.weights)
    (22, 88, 88)
    >>> run_range(4, 6, False, False, plan.clues[0])[1:3]
    (0, 0)
    """
    t0 = time.perf_counter()
    nbr, dist = tables(rows, cols)
    n = rows * cols
    start = int(np.flatnonzero(clue_at == 1)[0])
    core = _core(twin)
    search = core.MagicSearch(rows, cols, nbr, dist, np.array([start], dtype=np.int32),
                              np.ascontiguousarray(clue_at, dtype=np.int32), closed, diagonal)
    kept = np.zeros((0, n), dtype=np.int16)
    if classes is None:
        status, found = search.count(deadline, cancel, 0, limit)
    else:
        out = np.empty((64, n), dtype=np.int32)
        found, rows_kept = 0, []
        while True:
            status, got = search.collect(out, deadline, cancel)
            found += got
            rows_kept += [out[k].astype(np.int16) for k in range(got)
                          if is_canonical(out[k], classes)]
            if status != core.MORE:
                break
        if rows_kept:
            kept = np.array(rows_kept, dtype=np.int16)
    return RangeResult(index, int(status), int(found), int(search.nodes),
                       time.perf_counter() - t0, kept)


def count_range(rows: int, cols: int, closed: bool, diagonal: bool, clue_at: np.ndarray,
                deadline: float = 0.0, cancel: np.ndarray | None = None,
                twin: bool = False) -> tuple[int, int, int]:
    """Count one range of :func:`ranges` (its clues fix its start):
    ``(status, tours, nodes)``, the core's status."""
    got = run_range(rows, cols, closed, diagonal, clue_at, deadline, cancel=cancel, twin=twin)
    return got.status, got.found, got.nodes


def run_tours(job: Job) -> Iterator[Tour]:
    """The engine ``magic-search`` for :func:`knight.tours`: the generator of
    every magic numbered tour, in the search's order."""
    o = job.options
    if reason(job) is None:
        check_reach(job, o["until"] > 0 or o["most"] is not None)
    return _tours(job)


def _tours(job: Job) -> Iterator[Tour]:
    from ..limits import check_cancel

    o = job.options
    most = o["most"]
    token = check_cancel(o["token"] if "token" in o else job.limits.cancel)
    if most == 0 or reason(job) is not None:
        return
    s = _Searches(job)
    began = time.perf_counter()
    handed = [0]
    with watched(token) as flag:
        search = s.make(s.starts())
        codes = (s.core.DONE, s.core.TIME_LIMIT, s.core.CANCELLED)
        for row in collected(search, job.board.size,
                             lambda: None if most is None else most - handed[0],
                             o["until"], flag, began, "tours", codes):
            handed[0] += 1
            yield _tour(job.board, row.copy(), job.closed, search.nodes,
                        time.perf_counter() - began, "magic-search")


__all__ = ["EXHAUSTIVE_SQUARES", "REACH_FREE_SQUARES", "Classes", "RangePlan", "RangeResult",
           "check_reach", "clue_symmetries", "count_range", "is_canonical", "memory_estimate",
           "range_plan", "ranges", "reason", "run_range", "run_solve", "run_tours",
           "square_maps", "symmetric_clues", "tables"]

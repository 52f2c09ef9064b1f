"""What a count will cost, before it runs, and so which engine counts it.

:func:`estimate` reports the figures; :func:`choose` (a plain rectangle)
and :func:`choose_on_board` (any other board) make ``method="auto"``'s
choice by them, and :func:`ruled_out` / :func:`board_ruled_out` say when
theory makes the count 0 at once: the one place :func:`knight.count`,
:func:`knight.tours` and :func:`knight.estimate` ask.

The figures, turned into time: the frontier DP's estimated
peak states (:func:`knight.counting.frontier_estimate.estimate`, from measured
peaks) and the moduli its exact count needs, and for the search a rough
extrapolation of measured counts.  Honest rather than precise: within a
few times for the DP on the boards it was measured on, an order of
magnitude for the search, and "out of reach" where the figure would be
months or the tables do not fit in memory.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import existence, planner
from ..board import Board, as_board
from ..errors import BoardTooLargeError
from ..geometry import Square, available_memory
from . import frontier_board, frontier_disk, frontier_estimate
from .args import BYTES_PER_END, BYTES_PER_SQUARE, GraphTask, Task, counting_job

#: Counting methods: ``"dp"`` (frontier dynamic programming), ``"search"``
#: (exact depth-first search), ``"auto"`` (see :func:`knight.count`): the
#: planner's methods of the task ``"count"``.
METHODS = planner.methods("count")

#: The DP's cost per cell: ``states x (DP_PER_STATE + DP_PER_WORD x
#: words)`` seconds, fitted to the measured counts of the README and
#: benchmarks/bench_frontier.py (3x1000 closed 0.04 s, 4x200 open 3 s, 6x40
#: closed 30 s, 7x7 open 3.7 minutes, the one-minute reach table: all
#: within a factor of two; short boards of width 6 and 7 are over-stated).
DP_PER_STATE = 1.14e-7
DP_PER_WORD = 8.1e-10

#: The search: open tours over every start, measured 22 ms on 5x6 (30
#: squares), 0.53 s on 6x6, 6.3 s on 5x8 (40) and over a minute on 6x7
#: (42), taken as x1.8 a square up to 40 squares and x3 a square beyond;
#: closed tours 17 ms on 6x6 (36) and 1.5 s on 6x7 (42), x2.2 a square.
SEARCH_OPEN = (30, 0.022, 1.8, 40, 3.0)
SEARCH_CLOSED = (36, 0.017, 2.2)

#: Estimates above this many seconds (about four months) are "out of reach".
OUT_OF_REACH = 1e7


@dataclass(frozen=True)
class Estimate:
    """What :func:`estimate` says a count will cost.

    ``str(estimate)`` is :attr:`summary`.
    """

    #: ``"theory"`` (the count is 0 at once), ``"dp"`` or ``"search"``:
    #: the engine :func:`knight.count` would run with these arguments.
    engine: str
    #: Estimated seconds in one process, or None when out of reach (the
    #: estimate passes :data:`OUT_OF_REACH`, or the tables do not fit).
    seconds: float | None
    #: The DP's estimated peak states (None for the search).
    states: int | None
    #: Estimated peak bytes of the tables (None when not known).
    memory: int | None
    #: One line for people, for example
    #: ``"frontier DP: about 3 s (peak about 21,000 states, 2 MiB)"``.
    summary: str
    #: The planner's engine that ``count`` would run (:data:`knight.planner.ENGINES`):
    #: ``"frontier-dp"``, ``"knight-count"`` (the search on a plain knight
    #: rectangle), ``"table-count"`` (the search on any other board), or
    #: ``"theory"`` when the count is 0 at once.
    planner_engine: str = ""
    #: When the DP's tables do not fit in memory but, given a checkpoint
    #: directory (``count(..., checkpoint=DIR)``), the count goes on in
    #: pieces on disk instead (8x8 open): its estimated seconds there, on
    #: two processes (the DP's model scaled by the 8x8 open count on disk:
    #: a lower bound while that count is unfinished, which the summary
    #: says); else None.
    disk_seconds: float | None = None

    def __str__(self) -> str:
        return self.summary

    @property
    def out_of_reach(self) -> bool:
        """True when no finite estimate within reason exists (in memory: see
        :attr:`on_disk`)."""
        return self.seconds is None

    @property
    def on_disk(self) -> bool:
        """True when a count given a checkpoint directory goes on in pieces
        on disk (:attr:`disk_seconds`)."""
        return self.disk_seconds is not None


def board_dp_preferred(board: Board) -> bool:
    """As :func:`dp_preferred` for rectangles, on the board cut down to its
    usable rows and columns (the DP's width)."""
    rows, cols = board.box()[2:]
    return dp_preferred(Task(rows, cols, None, None, False, False))


def board_dp_mode(task: GraphTask) -> str:
    return "cycle" if task.closed and (task.start is None or task.end is None) else "path"


def board_dp_fits(task: GraphTask, limit: int | None) -> bool:
    """As :func:`dp_fits`: the DP's estimated tables fit ``limit``."""
    board = task.board
    try:
        _, need = frontier_estimate.estimate(*board.shape, board_dp_mode(task),
                                             **board_dp_args(board))
    except BoardTooLargeError:  # wider than the DP takes: the search it is
        return False
    return need <= (limit if limit is not None else available_memory())


def ruled_out(task: Task) -> bool:
    """True when a theorem (or the thin-board automaton) says the count is 0."""
    r, c = task.rows, task.cols
    if existence.reason(r, c, None, task.closed) is not None:
        return True
    return any(
        sq is not None and existence.reason(r, c, sq, task.closed) is not None
        for sq in (task.start, task.end)
    )


def dp_preferred(task: Task) -> bool:
    """Whether auto counts by DP: narrow, long boards (measured on this package).

    Measured (benchmarks/bench_frontier.py), DP against search: 5x6 open 53 ms
    against 22 ms, 5x8 closed 8 ms against 53 ms; 6x6 closed 27 ms against
    17 ms, 6x7 closed 79 ms against 1.5 s; 6x6 open 1.65 s against 0.53 s (and
    earlier: 5x7 open 1.3 s against 0.6 s, 5x8 open 3.2 s against 14 s, 6x7
    open 7.5 s against over 60 s).  The rule where the estimates are too
    close to call (:func:`choose` weighs them first: 7x7 open goes to the DP,
    under 4 minutes, against days of search).
    """
    width, length = sorted((task.rows, task.cols))
    if width <= 4:
        return True
    if width == 5:
        return length >= 8
    return width == 6 and length >= 7


def dp_mode(task: Task) -> str:
    return "cycle" if task.closed and task.start is None else "path"


def dp_fits(task: Task, limit: int | None) -> bool:
    """Whether the DP's estimated state tables fit ``limit`` (or the memory there is)."""
    if min(task.rows, task.cols) > frontier_board.MAX_WIDTH:
        return False
    _, need = frontier_estimate.estimate(task.rows, task.cols, dp_mode(task))
    return need <= (limit if limit is not None else available_memory())


def board_dp_args(board: Board) -> dict[str, Any]:
    """The mask and moves of a general board as the frontier DP takes them."""
    mask = None if board.is_full else np.ascontiguousarray(board.mask, dtype=np.bool_)
    return {"mask": mask, "moves": board.moves}


def no_tour(job: planner.Job) -> bool:
    """True when theory makes the count of ``job`` (from
    :func:`.args.counting_job`) 0 at once: :func:`ruled_out` on a plain
    rectangle's Task, :func:`board_ruled_out` on a GraphTask; a count with
    clues is the clue search's to answer."""
    task = job.options["task"]
    if task is None:
        return False
    return board_ruled_out(task) if isinstance(task, GraphTask) else ruled_out(task)


def board_ruled_out(task: GraphTask) -> bool:
    """True when theory says a general board has no tour for ``task`` (its
    start and end included): the count is 0 and the listing empty at once."""
    board = task.board
    squares = [None if v is None else board.squares[v] for v in (task.start, task.end)]
    return existence.board_reason(board, None, task.closed) is not None or any(
        v is not None and existence.board_reason(board, (int(v[0]), int(v[1])),
                                                 task.closed) is not None
        for v in squares)


def duration(seconds: float) -> str:
    """Seconds in words: ``"2 ms"``, ``"40 s"``, ``"3.5 minutes"``, ``"2 days"``.

    >>> duration(0.75), duration(42), duration(200), duration(3e12)
    ('750 ms', '42 s', '3.3 minutes', '95,064 years')
    """
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60), ("s", 1)):
        if seconds >= 2 * size or unit == "s" and seconds >= 1:
            return f"{_number(seconds / size)} {unit}"
    return f"{_number(max(seconds * 1000, 0.01))} ms"


def _number(v: float) -> str:
    if v >= 1e6:
        return f"{v:.1e}".replace("e+", "e")
    return f"{v:,.0f}" if v >= 100 else f"{v:.2g}"


def _size(nbytes: int) -> str:
    if nbytes >= 2**30:
        return f"{nbytes / 2**30:.1f} GiB"
    return f"{max(1, round(nbytes / 2**20))} MiB"


#: auto weighs the two engines' estimates, which are good to an order of
#: magnitude: it leaves the measured rule (:func:`dp_preferred`) for the
#: other engine only when that one's estimate is at least AUTO_MARGIN times
#: smaller and the preferred one's is at least AUTO_FLOOR seconds (so 7x7
#: open goes to the DP, minutes against days, while boards that take
#: seconds either way keep the measured choice).
AUTO_MARGIN = 10.0
AUTO_FLOOR = 1.0


def _weigh(preferred: str, dp: float | None, search: float | None) -> str:
    """auto's choice between ``"dp"`` and ``"search"`` by their estimated
    seconds (None: out of reach), ``preferred`` where they are close."""
    seconds = {"dp": math.inf if dp is None else dp,
               "search": math.inf if search is None else search}
    other = "search" if preferred == "dp" else "dp"
    if seconds[preferred] >= AUTO_FLOOR and seconds[other] * AUTO_MARGIN <= seconds[preferred] \
            and seconds[other] < math.inf:
        return other
    return preferred


def choose(task: Task, limit: int | None = None) -> str:
    """The engine ``method="auto"`` counts a plain rectangle's ``task`` with:
    ``"dp"`` or ``"search"`` (the DP only where its tables fit ``limit``
    bytes, or the memory available).

    >>> from knight.counting.args import validate
    >>> choose(validate(3, 30, None, None, True, False))
    'dp'
    >>> choose(validate(5, 5, None, None, False, False))
    'search'
    >>> choose(validate(7, 7, None, None, False, False))   # minutes, not days
    'dp'
    """
    return _lazy_weigh("dp" if dp_preferred(task) else "search", lambda: dp_fits(task, limit),
                       lambda: _dp(task, limit).seconds, lambda: _search(task).seconds)


def choose_on_board(task: GraphTask, limit: int | None = None, *, dp_serves: bool) -> str:
    """As :func:`choose`, on a general board (``dp_serves``: the planner says
    the frontier DP takes its moves and wrap)."""
    if not dp_serves:
        return "search"
    if not task.board.is_knight:
        # The search visits every tour, and the king's, wazir's, ferz's and
        # dabbaba's boards have far more than the knight's (measured: 5x5
        # king closed 2 ms by DP, 7.9 s by search; 4x5 king open 10 ms
        # against 3.9 s; 6x6 king closed 0.2 s against over 20 s).
        return "dp" if board_dp_fits(task, limit) else "search"
    return _lazy_weigh("dp" if board_dp_preferred(task.board) else "search",
                       lambda: board_dp_fits(task, limit), lambda: _board_dp(task, limit).seconds,
                       lambda: _board_search(task).seconds)


def dp_cost(job: planner.Job) -> float:
    """The frontier DP's cost for ``count(method="auto")``, as the planner
    asks it (:attr:`knight.planner.Engine.cost`): 0.0 where :func:`choose`
    (on a rectangle's :class:`.args.Task`) or :func:`choose_on_board` (on a
    :class:`.graph.GraphTask`) counts by DP, ``inf`` where it does not, so
    the planner takes the search engine that serves, which declares no cost.

    Not the DP's seconds: the choice weighs both engines' estimates with a
    preference (the DP on narrow, long boards, the search on small,
    squarish ones, unless the other is ten times cheaper on a count of a
    second or more) and asks for each estimate only when it needs it, which
    a plain cheapest-of-costs would not reproduce."""
    task, limit = job.options["task"], job.options["max_memory"]
    if isinstance(task, GraphTask):
        chosen = choose_on_board(task, limit, dp_serves=True)
    else:
        chosen = choose(task, limit)
    if chosen == "dp" and job.options.get("most") is not None:
        # count(limit=k): the search stops at k tours, the DP counts them all
        # (8x8 closed with limit=2: milliseconds against ten minutes), so the
        # DP keeps only the counts it finishes within AUTO_FLOOR anyway
        figures = _board_dp(task, limit) if isinstance(task, GraphTask) else _dp(task, limit)
        seconds = figures.seconds
        if seconds is None or seconds > AUTO_FLOOR:
            return math.inf
    return 0.0 if chosen == "dp" else math.inf


def search_out_of_reach(task: Task | GraphTask, limit: int | None = None) -> str | None:
    """Why counting ``task`` by search would not finish, with both engines'
    figures, or None when the search is in reach (or has no estimate: on
    other pieces' boards the knight's measured figures do not carry over).

    What :func:`knight.count` says, before any work, for a count with
    nothing to bound it (no ``timeout``, ``limit``, ``cancel`` or ``executor``) that
    only an out-of-reach search would serve: 8x8 open is some 70,000 years.

    >>> from knight.counting.args import validate
    >>> why = search_out_of_reach(validate(8, 8, None, None, False, False), 1 << 30)
    >>> print(why.replace("; ", ";\\n"))  # doctest: +ELLIPSIS
    search: out of reach (roughly 70,300 years, extrapolated from measured counts);
    frontier DP: out of reach in memory (peak about 1,500,000,000 states at up to 192 bytes ...);
    given a checkpoint directory, in 6 pieces on disk instead: ... hours on two processes (...)
    >>> search_out_of_reach(validate(5, 5, None, None, False, False)) is None
    True
    """
    if isinstance(task, GraphTask) and not task.board.is_knight:
        return None
    search = _board_search(task) if isinstance(task, GraphTask) else _search(task)
    if search.seconds is not None:
        return None
    try:
        dp = _board_dp(task, limit) if isinstance(task, GraphTask) else _dp(task, limit)
        return f"{search}; {dp}"
    except (BoardTooLargeError, ValueError):  # wider than the DP takes, or not its board
        return str(search)


def counts_on_disk(task: Task | GraphTask, limit: int | None = None) -> bool:
    """Whether ``task``'s count, its DP tables past ``limit`` bytes (or the
    memory available), goes on in pieces on disk given a checkpoint
    directory (:attr:`Estimate.on_disk`): what a refusal advises.

    >>> from knight.counting.args import validate
    >>> counts_on_disk(validate(8, 8, None, None, False, False), 20 * 2**30)
    True
    >>> counts_on_disk(validate(8, 8, (0, 0), None, False, False), 20 * 2**30)
    False
    """
    if isinstance(task, GraphTask):
        return False
    try:
        return _dp(task, limit).on_disk
    except (BoardTooLargeError, ValueError):  # wider than the DP takes
        return False


def _lazy_weigh(preferred: str, dp_fits_: Callable[[], bool],
                dp_seconds: Callable[[], float | None],
                search_seconds: Callable[[], float | None]) -> str:
    """:func:`_weigh`, asking for each figure only when the choice needs it: a
    small count, whose preferred engine takes under AUTO_FLOOR seconds, pays
    for no estimate of the other (the DP's costs a few tenths of a ms)."""
    if preferred == "search":
        search = search_seconds()
        if search is not None and search < AUTO_FLOOR:
            return "search"
        if not dp_fits_():
            return "search"
        return _weigh("search", dp_seconds(), search)
    if not dp_fits_():
        return "search"
    dp = dp_seconds()
    if dp is not None and dp < AUTO_FLOOR:
        return "dp"
    return _weigh("dp", dp, search_seconds())


def estimate(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    method: str = "auto",
) -> Estimate:
    """What :func:`knight.count` (and :func:`knight.tours` listing every
    tour, ``method="search"``) would cost with these arguments, before
    running it; the same arguments, checked the same way, on a plain
    rectangle or any :class:`knight.Board`.

    The engine is the one ``count`` would choose: the estimate builds the
    :class:`knight.planner.Job` count would, with the same checks in the
    same order, and asks :func:`knight.planner.plan` (for ``"auto"``, by
    :func:`choose`'s rule); ``engine`` names it as ``count``'s ``method``
    does (``"dp"``, ``"search"``, ``"theory"``), ``planner_engine`` as the
    planner does.  For the
    DP the time comes from its estimated peak states (measured peaks by
    width, see :mod:`knight.counting.frontier_estimate`) and the number of moduli
    its exact count needs; for the search from measured knight counts
    extrapolated by the number of squares (an order of magnitude, no
    better; on other pieces' boards rougher still).  ``seconds`` is None,
    "out of reach", past about four months or when the DP's tables cannot
    fit in memory.  ``knight count`` and ``knight tours`` print it as a
    warning above a minute.

    >>> import knight
    >>> knight.estimate(3, 1000, closed=True).engine
    'dp'
    >>> knight.estimate(7).engine
    'dp'
    >>> knight.estimate(5).engine, knight.estimate(5).planner_engine
    ('search', 'knight-count')
    >>> knight.estimate(knight.Board(5, holes=["c3"]), start=(0, 0)).planner_engine
    'table-count'
    >>> knight.estimate(8).out_of_reach
    True
    >>> print(knight.estimate(4, 4))
    theory: no tour exists, the count is 0 at once
    >>> knight.estimate(knight.Board(6, moves="king"), closed=True).engine
    'dp'
    """
    job = counting_job("estimate", as_board(rows, cols), start, end, closed, directed,
                       method=method)
    if no_tour(job):
        return _THEORY
    engine = planner.plan(job)  # frontier-dp, knight-count or table-count
    task = job.options["task"]
    if engine.name == "frontier-dp":
        figures = _board_dp(task) if isinstance(task, GraphTask) else _dp(task)
    else:
        figures = _board_search(task) if isinstance(task, GraphTask) else _search(task)
    return dataclasses.replace(figures, planner_engine=engine.name)


_THEORY = Estimate("theory", 0.0, None, None, "theory: no tour exists, the count is 0 at once",
                   "theory")


def _dp_figures(rows: int, cols: int, states: int, need: int, words: int,
                limit: int | None = None) -> Estimate:
    per = frontier_estimate.TABLE_ENTRIES * frontier_estimate.entry_bytes(min(rows, cols), words)
    per = max(per, need // max(1, states))  # a long leaper's keys take two words sooner
    held = "" if need >= states * per else " at once, side 1's last column in shards"
    # per: the budget of TABLE_ENTRIES entries a state, a bound (the tables
    # measured 15-65 bytes a state of 8x8 closed's side 1)
    figures = f"peak about {states:,} states at up to {per} bytes each, {_size(need)}{held}"
    # the memory the count may use: its max_memory, else what is free now
    room = available_memory() if limit is None else limit
    if need > room:
        return Estimate("dp", None, states, need,
                        f"frontier DP: out of reach ({figures}, more than the "
                        f"{_size(room)} available)")
    seconds = _dp_seconds(rows, cols, states, words)
    if seconds > OUT_OF_REACH:
        return Estimate("dp", None, states, need,
                        f"frontier DP: out of reach (about {duration(seconds)}; {figures})")
    return Estimate("dp", seconds, states, need,
                    f"frontier DP: about {duration(seconds)} ({figures})")


def _dp_seconds(rows: int, cols: int, states: int, words: int) -> float:
    """The DP's time model in one process (:data:`DP_PER_STATE`)."""
    return rows * cols * states * (DP_PER_STATE + DP_PER_WORD * words)


def _dp(task: Task, limit: int | None = None) -> Estimate:
    r, c = task.rows, task.cols
    mode = dp_mode(task)
    states, need = frontier_estimate.estimate(r, c, mode)
    words = frontier_estimate.plain_words(r, c, mode == "path")
    room = available_memory() if limit is None else limit  # one reading for both
    figures = _dp_figures(r, c, states, need, words, room)
    if figures.seconds is None and frontier_disk.goes_on_disk(
            r, c, not task.closed, task.start is not None or task.end is not None, room):
        pieces = len(frontier_disk.layout(r, c, not task.closed).pieces)
        # in memory, over two processes, times what pieces on disk cost more
        seconds = _dp_seconds(r, c, states, words) / 2 * frontier_disk.DISK_FACTOR
        summary = figures.summary.replace("frontier DP: out of reach (",
                                          "frontier DP: out of reach in memory (", 1)
        figures = dataclasses.replace(
            figures, disk_seconds=seconds,
            summary=f"{summary}; given a checkpoint directory, in {pieces} pieces on disk "
                    f"instead: {'about ' if frontier_disk.DISK_FINISHED else 'at least '}"
                    f"{duration(seconds)} on two processes ({frontier_disk.DISK_MEASURED})")
    return figures


def _board_dp(task: GraphTask, limit: int | None = None) -> Estimate:
    board, mode = task.board, board_dp_mode(task)
    args = board_dp_args(board)
    states, need = frontier_estimate.estimate(*board.shape, mode, **args)
    words = frontier_estimate.estimate_words(*board.shape, mode, **args)
    return _dp_figures(*board.shape, states, need, words, limit)


def _search_figures(n: int, closed: bool, orbits: int, start: bool, end: bool,
                    whence: str) -> Estimate:
    """The search's estimate on ``n`` squares (``orbits``: the board's
    symmetries, 8 square, 4 oblong; ``start``/``end``: pinned)."""
    memory = BYTES_PER_SQUARE * n
    # in logarithms: a big board's figure overflows a float
    if closed:
        base, at, grow = SEARCH_CLOSED
        log = math.log(at) + (n - base) * math.log(grow)
    else:
        base, at, grow, knee, steep = SEARCH_OPEN
        log = (math.log(at) + (min(n, knee) - base) * math.log(grow)
               + max(0, n - knee) * math.log(steep))
        if not start and not end:
            memory += BYTES_PER_END * (n // orbits) * (n // 2)
        else:
            # from one square: one orbit's share of the search over all
            log += math.log(orbits / n)
            if start and end:
                log -= math.log(2)
    seconds = math.exp(min(log, 600.0))
    if seconds > OUT_OF_REACH:
        what = duration(seconds) if log < 600.0 else "far more than a lifetime"
        return Estimate("search", None, None, memory,
                        f"search: out of reach (roughly {what}, extrapolated from {whence})")
    return Estimate("search", seconds, None, memory,
                    f"search: roughly {duration(seconds)} (extrapolated from {whence})")


def _search(task: Task) -> Estimate:
    return _search_figures(task.rows * task.cols, task.closed,
                           8 if task.rows == task.cols else 4, task.start is not None,
                           task.end is not None, "measured counts")


def _board_search(task: GraphTask) -> Estimate:
    board = task.board
    if not board.is_knight:
        return Estimate("search", None, None, BYTES_PER_SQUARE * board.size,
                        f"search: no estimate for the {board.piece}'s moves (the search visits "
                        "every tour, and the knight's measured figures do not carry over)")
    # No symmetry folding assumed: the figure is rougher than on rectangles anyway.
    return _search_figures(board.size, task.closed, 1, task.start is not None,
                           task.end is not None, "measured knight counts by squares")


__all__ = [
    "METHODS", "Estimate", "OUT_OF_REACH", "choose", "choose_on_board", "dp_cost", "duration",
    "estimate", "search_out_of_reach",
]

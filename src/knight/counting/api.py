"""``knight.count`` and ``knight.tours``: the counting entry points.

:func:`count` checks its arguments (:mod:`.args`), asks theory (a count it
rules out is 0 at once), and builds a :class:`knight.planner.Job` that
:func:`knight.planner.run` chooses an engine for and runs (the runners
are in :mod:`.engines`: the frontier DP, the counting search in this
process or on workers, the table search, the clue search; the choice of
``method="auto"`` is :mod:`.cost`'s, see :mod:`knight.planner`).
:func:`tours` does the same with a Job of the task ``"tours"``: its
engine's runner (:func:`.engines.run_tours`, :func:`.engines.run_clue_tours`)
returns the generator, so every argument error is raised at the call and
the work starts at the first ``next()``.

See :mod:`knight.counting` for the counting conventions.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Iterator
from typing import Any

from .. import planner
from ..board import Board, as_board, check_table_memory
from ..clues import Clues, check_clues, square_numbers, with_ends
from ..geometry import Square, as_int, used_box
from ..limits import (
    Cancel,
    Limits,
    check_bool,
    check_cancel,
    check_least,
)
from ..tour import Tour
from . import frontier_board
from .args import (
    check_limit,
    check_progress,
    check_search_memory,
    check_timeout,
    check_workers,
    deadline,
    validate,
)
from .cost import METHODS, board_ruled_out, ruled_out
from .graph import graph_task


def count(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    method: str = "auto",
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: bool = False,
    timeout: float | None = None,
    max_memory: int | None = None,
    cancel: Cancel | Any = None,
    clues: Any = None,
    limit: int | None = None,
    _info: dict[str, Any] | None = None,
) -> int:
    """The exact number of knight's tours of a ``rows`` x ``cols`` board, or
    of any :class:`knight.Board` given in place of ``rows``.

    Open tours are directed, from ``start`` (``start=None``: summed over all
    start squares, so each undirected open path counts twice); ``end``
    keeps those that finish there.  Closed tours are undirected cycles, or
    with ``directed=True`` directed closed tours from ``start`` (see
    :mod:`knight.counting` for every case).  The result is a Python int.

    ``workers=N`` counts on N local processes, at most as many as the CPUs
    this process may run on (``os.sched_getaffinity``; a larger N is
    reduced to that), in a pool started for the call and shut down when it
    ends, however it ends; ``executor`` runs the jobs on
    any ``concurrent.futures.Executor`` instead (a process pool, or a Dask
    client's ``get_executor()`` to use a cluster).  Counts too small to gain
    from it stay in this process.  ``progress=True`` shows a bar on stderr
    (``pip install 'knight-tour[progress]'``).  ``timeout`` (seconds) bounds
    the whole call, planning included, and raises
    :class:`knight.SearchLimitError` giving the seconds since the call
    began; Ctrl-C raises ``KeyboardInterrupt``.  :func:`knight.estimate`
    says beforehand what a count will cost.
    ``cancel`` (a :class:`knight.Cancel` or ``threading.Event``), set from
    another thread, raises :class:`knight.SearchCancelled` within a fraction
    of a second, and stops the worker processes' jobs too.
    A worker process that dies is replaced once; if it dies again,
    :class:`knight.WorkerLostError`.

    ``method="dp"`` counts by frontier dynamic programming
    (:mod:`knight.counting.frontier_count`): a sweep along the longer side whose
    cost grows linearly with the length, so long boards of width up to 5
    are counted at once (3x1000 closed in a fraction of a second; the
    numbers are exact however large).  ``method="search"`` is the exact
    depth-first search, fastest on small, squarish boards.  ``"auto"``
    (default) weighs the engines' own estimates (:func:`knight.estimate`):
    the DP on boards of width at most 4, and of width 5 at least 8 long, the
    search on small, squarish ones, unless the other's estimate is ten times
    smaller on a count of a second or more (7x7 goes to the DP), and the DP
    only when its estimated state tables fit ``max_memory`` (bytes;
    default: the memory available).  The DP
    refuses with :class:`knight.BoardTooLargeError`, naming its estimate,
    before allocating tables that do not fit.  Counts that theory rules out
    (a closed tour on an odd number of squares, a side of 1, 2 or 4, 3x4,
    3x6, 3x8; a start or an end that begins no tour) are 0 at once.

    >>> import knight
    >>> knight.count(5, start=(0, 0))
    304
    >>> knight.count(5)
    1728
    >>> knight.count(3, 10, closed=True)
    16
    >>> knight.count(3, 10, closed=True, directed=True, start=(0, 0))
    32
    >>> knight.count(knight.Board(3, 4, moves="king"), closed=True)
    120
    >>> knight.count(knight.Board(5, holes=["c3"]), start=(0, 0))
    16

    On a :class:`knight.Board` that is not a plain knight rectangle (holes,
    another piece, wrap-around) the count is by the table search
    (:mod:`knight.counting.graph`), in every mode, or by the frontier DP
    on flat boards (holes allowed) of the knight, king, wazir, ferz or
    dabbaba: always with ``method="dp"``, and with ``"auto"`` by the same
    rule as on rectangles (narrow and long once cut down to the usable
    rows and columns, tables within ``max_memory``).  ``method="dp"`` on
    other boards (a torus, a zebra) raises ``ValueError`` naming the boards
    it serves.

    ``limit=k`` (a positive int) stops the count once it reaches ``k`` and
    returns ``k``, which then means *at least k* (the search stops there;
    the frontier DP, which cannot stop part way, counts all and caps).
    ``clues`` (a mapping square -> step, steps from 0) counts the tours
    that stand on each given square at its given step (:mod:`knight.clues`);
    ``count(board, clues=..., limit=2)`` says whether a puzzle's solution
    is unique: 1 unique, 2 not, 0 none.  ``start`` is a clue for step 0 and
    ``end`` one for the last step.  A closed tour's steps count from its
    start, so clued closed tours are numbered tours: every start and
    direction that meets the clues counts (``directed`` makes no
    difference).  Clued counts run the clue search in this process (the
    ``workers`` are not used).

    >>> knight.count(5, clues={"a5": 0, "c3": 24}, limit=2)
    2
    >>> knight.count(knight.Board(3, moves="king"), clues={"a3": 0, "b2": 4, "c1": 8})
    10
    """
    most = _check_count_limit(limit)
    if clues is not None:
        board = as_board(rows, cols)
        given = check_clues(board, clues)
        if given is not None:
            return _clue_count(board, given, start, end, closed, directed, method, workers,
                               executor, progress, timeout, max_memory, cancel, most, _info)
    if most is not None:
        return _board_count(as_board(rows, cols), None, start, end, closed, directed, method,
                            workers, executor, progress, timeout, max_memory, cancel, _info,
                            most)
    if isinstance(rows, Board) and not rows.is_standard:
        return _board_count(rows, cols, start, end, closed, directed, method, workers, executor,
                            progress, timeout, max_memory, cancel, _info)
    if isinstance(rows, Board):
        rows, cols = as_board(rows, cols).shape  # refuses a cols beside it
    # The deadline covers the whole call, planning included: armed first.
    began = time.perf_counter()
    until = deadline(check_timeout(timeout))
    task = validate(rows, cols, start, end, closed, directed)
    planner.check_method("count", method)
    w = check_workers(workers, executor)
    show = check_progress(progress)
    limit = None if max_memory is None else as_int(max_memory, "max_memory")
    if limit is not None and limit < 1:
        raise ValueError(f"max_memory must be a positive number of bytes, got {limit}")
    if method == "dp":
        frontier_board.check_width(task.rows, task.cols)
    info = {} if _info is None else _info
    token = check_cancel(cancel)
    if ruled_out(task):
        info["method"], info["detail"] = "theory", "no tour exists: the count is 0"
        return 0
    total: int = planner.run(_count_job(
        as_board(rows, cols), method, task.start, task.end, task.closed,
        check_timeout(timeout), token, task=task, until=until, workers=w, executor=executor,
        progress=show, max_memory=limit, most=None, info=info, began=began))
    return total


def _check_count_limit(limit: Any) -> int | None:
    """count's ``limit``: None, or a positive int."""
    return check_least(limit, "limit", 1, "a positive int (stop at that many tours)")


def _clue_count(board: Board, given: Clues, start: Any, end: Any, closed: Any, directed: Any,
                method: Any, workers: Any, executor: Any, progress: Any, timeout: Any,
                max_memory: Any, cancel: Any, most: int | None,
                _info: dict[str, Any] | None) -> int:
    """:func:`count` with clues: the clue search, on any board."""
    closed = check_bool(closed, "closed")
    check_bool(directed, "directed")
    planner.check_method("count", method)
    planner.choose(board, "count", method, clues=True)
    if directed is True and not closed:
        raise ValueError("directed applies to closed tours (open tours are always directed)")
    spec = with_ends(given, board, *square_numbers(board, start, end))
    check_workers(workers, executor)
    check_progress(progress)
    until = deadline(check_timeout(timeout))
    if max_memory is not None and as_int(max_memory, "max_memory") < 1:
        raise ValueError(f"max_memory must be a positive number of bytes, got {max_memory}")
    check_table_memory(board, f"counting the tours of the {board.describe()}")
    total: int = planner.run(_count_job(
        board, method, None, None, closed, check_timeout(timeout), cancel, spec,
        until=until, most=most, info={} if _info is None else _info))
    return total


def _board_count(board: Board, cols: Any, start: Any, end: Any, closed: Any, directed: Any,
                 method: Any, workers: Any, executor: Any, progress: Any, timeout: Any,
                 max_memory: Any, cancel: Any, _info: dict[str, Any] | None,
                 most: int | None = None) -> int:
    """:func:`count` on a general board: checks, theory, then the frontier DP
    (method="dp", or "auto" on narrow, long boards whose tables fit) where
    the planner says it serves the board, else the table search.  ``most``:
    count's ``limit`` (plain knight rectangles come here with one: the
    table search stops at it)."""
    as_board(board, cols)  # refuses a cols beside it
    task = graph_task(board, start, end, check_bool(closed, "closed"),
                      check_bool(directed, "directed"))
    planner.check_method("count", method)
    planner.choose(board, "count", method)  # a method that does not serve the board: refused
    if method == "dp":  # too wide for the DP: refused before any work, as for rectangles
        frontier_board.check_width(*(board.shape if board.is_full else used_box(board.mask)[2:]))
    if directed is True and not task.closed:
        raise ValueError("directed applies to closed tours (open tours are always directed)")
    w = check_workers(workers, executor)
    check_progress(progress)
    until = deadline(check_timeout(timeout))
    if max_memory is not None and as_int(max_memory, "max_memory") < 1:
        raise ValueError(f"max_memory must be a positive number of bytes, got {max_memory}")
    check_table_memory(board, f"counting the tours of the {board.describe()}")
    info = {} if _info is None else _info
    token = check_cancel(cancel)
    if board_ruled_out(task):
        info["method"], info["detail"] = "theory", "no tour exists: the count is 0"
        return 0
    limit = None if max_memory is None else as_int(max_memory, "max_memory")
    start, end = (None if v is None else (int(board.squares[v][0]), int(board.squares[v][1]))
                  for v in (task.start, task.end))
    total: int = planner.run(_count_job(
        board, method, start, end, task.closed, check_timeout(timeout), token, task=task,
        until=until, workers=w, executor=executor, max_memory=limit, most=most, info=info))
    return total


def _count_job(board: Board, method: str, start: Square | None, end: Square | None,
               closed: bool, timeout: Any, token: Any, clues: Clues | None = None,
               began: float | None = None, **options: Any) -> planner.Job:
    """The validated count as the planner's :class:`knight.planner.Job`
    (``timeout`` checked already): its ``options`` are what the runners read
    (:mod:`.engines`), the validated task among them."""
    options["token"] = token
    limits = (Limits.check() if timeout is None and token is None  # the one shared value
              else Limits(timeout=timeout, cancel=token))
    if began is None:
        return planner.Job("count", board, method, start, end, closed, limits, options, clues)
    return planner.Job("count", board, method, start, end, closed, limits, options, clues,
                       began)


def tours(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    limit: int | None = None,
    timeout: float | None = None,
    cancel: Cancel | Any = None,
    clues: Any = None,
) -> Iterator[Tour]:
    """Every tour, lazily, in a fixed order: exactly the ones :func:`count` counts.

    Open tours start at ``start`` (``None``: every square in row-major
    order).  Closed tours start at ``start`` (default ``(0, 0)``), one per
    undirected cycle, or both directions (and every start when ``start`` is
    None) with ``directed=True``.  ``limit`` stops after that many tours.
    The search runs in batches inside the generator (the first tour as
    soon as it is found, then up to 256 at a time, never more than
    ``limit`` asks): stopping early (or dropping the generator) leaves
    nothing running.  ``cancel`` (a
    :class:`knight.Cancel` or ``threading.Event``), set from another thread
    while the generator searches, makes it raise
    :class:`knight.SearchCancelled`.

    >>> import knight
    >>> first = next(knight.tours(5, start=(0, 0)))
    >>> first.start, first.method, knight.is_tour(first)
    ((0, 0), 'enumerate', True)
    >>> sum(1 for _ in knight.tours(3, 10, closed=True))
    16
    >>> print(next(knight.tours(knight.Board(3, moves="king", wrap="torus"))).grid())
    0 4 8
    1 5 6
    2 3 7

    ``clues`` (a mapping square -> step) lists the tours :func:`count`
    counts with the same clues: those standing on each given square at its
    given step.

    >>> [int(t.board[2, 2]) for t in knight.tours(5, clues={"c3": 24, "a5": 0}, limit=3)]
    [24, 24, 24]
    """
    if clues is not None:
        board = as_board(rows, cols)
        given = check_clues(board, clues)
        if given is not None:
            closed = check_bool(closed, "closed")
            if check_bool(directed, "directed") and not closed:
                raise ValueError(
                    "directed applies to closed tours (open tours are always directed)")
            spec = with_ends(given, board, *square_numbers(board, start, end))
            return _listing(board, None, spec, closed, limit, timeout, cancel)
    if isinstance(rows, Board):
        as_board(rows, cols)  # refuses a cols beside it
        if not rows.is_standard:
            gtask = graph_task(rows, start, end, check_bool(closed, "closed"),
                               check_bool(directed, "directed"))
            return _listing(rows, gtask, None, gtask.closed, limit, timeout, cancel)
        rows, cols = rows.shape
    task = validate(rows, cols, start, end, closed, directed)
    return _listing(None, task, None, task.closed, limit, timeout, cancel)


def _listing(board: Board | None, task: Any, clues: Clues | None, closed: bool, limit: Any,
             timeout: Any, cancel: Any) -> Iterator[Tour]:
    """The rest of :func:`tours`' checks (the limit, the timeout, the memory,
    the cancel token's type), then the listing as the planner's
    :class:`knight.planner.Job` of the task ``"tours"``, run by
    :func:`knight.planner.run`: its engine's runner returns the generator.

    ``board`` None: a plain rectangle's :class:`.args.Task` (the search's
    memory is checked); else the board of a :class:`.graph.GraphTask`, or
    of the ``clues`` (``task`` None).  The job's ``options`` hold ``task``,
    ``most`` (tours' ``limit``) and ``until`` (the deadline); the cancel
    token, given unchecked, is checked at the first ``next()`` (a token set
    already stops the listing there, before any work)."""
    most = check_limit(limit)
    seconds = check_timeout(timeout)
    until = deadline(seconds)
    if board is None:
        check_search_memory(task)
        board = as_board(task.rows, task.cols)
    else:
        check_table_memory(board, f"listing the tours of the {board.describe()}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        check_cancel(cancel)  # the TypeError, now rather than at the first next()
    job = planner.Job("tours", board, "auto", closed=closed,
                      limits=Limits(timeout=seconds, cancel=cancel),
                      options={"task": task, "most": most, "until": until}, clues=clues)
    listed: Iterator[Tour] = planner.run(job)
    return listed


__all__ = ["METHODS", "count", "tours"]

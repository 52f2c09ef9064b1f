"""Counting and listing the tours of any :class:`knight.Board` by search.

Boards with holes, other pieces and wrap-around are counted by the table
search (:class:`knight._core.table_count.GraphPathSearch`), under the same
conventions as the knight's rectangles (:mod:`knight.counting`):

* open tours are directed paths; ``start=None`` sums over every start, so
  each undirected path counts twice (a one-square board has one tour);
* closed tours are undirected cycles; ``directed=True`` counts each cycle
  twice from ``start``, or ``2 * size`` times over every start; with both
  ``start`` and ``end`` it counts the cycles through the move end -> start;
* a closed tour needs at least three squares.

The plan is a list of jobs, each a path prefix and the squares allowed to
end it; a job counts (or lists) every completion of its prefix.  Open tours
over every start count each undirected path once, from its smaller end
(the job from square ``s`` allows only ends after ``s``).  Cycles are
counted from one square of fewest moves, where the search branches least.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from .._core import table_count as _table_count
from ..board import Board
from ..clues import square_numbers
from ..limits import collected, core_limit, raise_if_stopped, stopped
from ..tour import Tour
from .args import GraphTask
from .executor import run_jobs


class Job(NamedTuple):
    prefix: tuple[int, ...]
    # None: any last square.  A range for "every square after v" (open tours
    # over every start): n jobs of n ends would take memory ~ squares^2.
    ends: tuple[int, ...] | range | None


def graph_task(board: Board, start: Any, end: Any, closed: bool, directed: bool) -> GraphTask:
    """Validate the squares of a count on ``board`` (on it and not holes);
    the entry points check theirs with :func:`.args.counting_job`."""
    s, e = square_numbers(board, start, end)
    if closed and not directed and e is not None and s is None:
        # As on plain knight boards (counting.args.validate): an undirected
        # cycle has no last square without a first.
        raise ValueError(
            "end needs start for undirected closed tours (the cycles through the move "
            "start-end); pass start=, or directed=True"
        )
    return GraphTask(board, s, e, closed, directed)


def _neighbours(board: Board, v: int) -> tuple[int, ...]:
    row = board.neighbours()[v]
    return tuple(int(u) for u in row[: int(board.degrees()[v])])


def plan(task: GraphTask) -> tuple[list[Job], int, int]:
    """``(jobs, numerator, denominator)``: the count is the jobs' total times
    numerator / denominator."""
    board, s, e = task.board, task.start, task.end
    n = board.size
    if task.closed:
        if n < 3:
            return [], 0, 1
        if s is not None and e is not None:
            if e not in _neighbours(board, s):
                return [], 0, 1
            return [Job((s,), (e,))], 1, 1
        v0 = s if s is not None else (e if e is not None else int(np.argmin(board.degrees())))
        jobs = [Job((v0,), _neighbours(board, v0))]
        # The jobs count each cycle twice (once each way round from v0).
        if not task.directed:
            return jobs, 1, 2
        if s is None and e is None:
            return jobs, n, 1
        return jobs, 1, 1
    if s is None and e is not None:
        s, e = e, None  # reversing a path swaps its ends
    if s is not None and e is not None:
        if s == e:
            return ([Job((s,), None)], 1, 1) if n == 1 else ([], 0, 1)
        return [Job((s,), (e,))], 1, 1
    if s is not None:
        return [Job((s,), None)], 1, 1
    if n == 1:
        return [Job((0,), None)], 1, 1
    return [Job((v,), range(v + 1, n)) for v in range(n - 1)], 2, 1


def _search(board: Board, job: Job) -> _table_count.GraphPathSearch:
    n = board.size
    flags = np.zeros(0 if job.ends is None else n, dtype=np.uint8)
    if isinstance(job.ends, range):
        flags[job.ends.start:job.ends.stop] = 1
    elif job.ends is not None:
        flags[list(job.ends)] = 1
    return _table_count.GraphPathSearch(
        board.neighbours(), board.degrees(), np.asarray(job.prefix, dtype=np.int32),
        np.zeros(0, dtype=np.int32), flags,
    )


def run_job(board: Board, job: Job, deadline: float, cancel: np.ndarray | None = None,
            limit: int = 0) -> tuple[int, int, int]:
    """``(status, completions, nodes)`` of one job (top level: picklable for
    workers); ``limit`` > 0 stops it at that many completions."""
    if job.ends is not None and not job.ends:
        return _table_count.DONE, 0, 0
    return tuple(_search(board, job).count(deadline, 0, cancel, core_limit(limit)))  # type: ignore[return-value]


def count_on_board(task: GraphTask, deadline: float, cancel: np.ndarray | None,
                   workers: int, executor: cf.Executor | None, info: dict[str, Any],
                   limit: int | None = None) -> int:
    """The exact count of ``task`` (see the module's conventions), or
    ``limit`` once it reaches that (the jobs then run here, one by one, each
    stopped as soon as the total is reached)."""
    jobs, num, den = plan(task)
    info["method"] = "search"
    info["detail"] = f"table search, {len(jobs)} job{'s' if len(jobs) != 1 else ''}"
    began = time.perf_counter()
    total = nodes = 0
    if limit is not None:
        # total * num / den >= limit once total reaches need (rounded up).
        need = -(-limit * den // num) if num else 1
        for job in jobs:
            status, found, spent = run_job(task.board, job, deadline, cancel, need - total)
            nodes += spent
            total += found
            raise_if_stopped(status, _table_count.TIME_LIMIT, _table_count.CANCELLED, "count",
                             began, nodes)
            if total >= need:
                break
        info["nodes"] = nodes
        return min(total * num // den, limit)
    if (workers > 1 or executor is not None) and len(jobs) > 1:
        # The executor's pool runs them: the workers cannot see the cancel
        # token, so it is polled here and a set token stops the pool (its own
        # pool's processes, as in every count on workers).
        seen = [0]  # the nodes of the jobs back so far, for a cancel's message

        def back(result: tuple[int, int, int]) -> None:
            seen[0] += int(result[2])

        results = run_jobs(run_job, [(task.board, job, deadline) for job in jobs],
                           workers=workers, executor=executor, deadline=deadline, began=began,
                           on_result=back, cancel=cancel, tally=lambda: seen[0])
        for status, found, spent in results:
            nodes += spent
            if status == _table_count.TIME_LIMIT:
                raise stopped("count", began, nodes)
            total += found
    else:
        for job in jobs:
            status, found, spent = run_job(task.board, job, deadline, cancel)
            nodes += spent
            raise_if_stopped(status, _table_count.TIME_LIMIT, _table_count.CANCELLED, "count",
                             began, nodes)
            total += found
    info["nodes"] = nodes
    return total * num // den


def enumerate_on_board(task: GraphTask, limit: int | None, deadline: float,
                       flag: np.ndarray | None, began: float) -> Iterator[Tour]:
    """Every tour :func:`count_on_board` counts, lazily, in a fixed order.

    Closed tours start at ``start`` (default: the first usable square), one
    per undirected cycle, or both ways round (and from every start when
    ``start`` is None) with ``directed=True``.
    """
    board = task.board
    n = board.size
    if task.closed:
        if n < 3:
            return
        if task.start is not None and task.end is not None:
            jobs, one_way = plan(task)[0], False
        elif task.directed and task.start is None and task.end is not None:
            # The directed cycles that end on ``end``: from each of its
            # neighbours, the paths to it (2 per cycle, as count() says).
            last = task.end
            jobs = [Job((v,), (last,)) for v in _neighbours(board, last)]
            one_way = False
        elif task.directed and task.start is None:
            jobs = [Job((v,), _neighbours(board, v)) for v in range(n)]
            one_way = False
        else:
            v0 = task.start if task.start is not None else 0
            jobs, one_way = [Job((v0,), _neighbours(board, v0))], not task.directed
    else:
        s, e = task.start, task.end
        if s is None and e is None:
            jobs = [Job((v,), None) for v in range(n)]
        elif s is None and e is not None:
            jobs = [Job((v,), (e,)) for v in range(n) if v != e or n == 1]
        elif s is not None and e is not None and s == e:
            jobs = [Job((s,), None)] if n == 1 else []
        elif s is not None:
            jobs = [Job((s,), None if e is None else (e,))]
        one_way = False
    yielded = 0
    squares = board.squares
    steps = np.arange(n, dtype=np.int32)
    codes = (_table_count.DONE, _table_count.TIME_LIMIT, _table_count.CANCELLED)

    def left() -> int | None:
        # Reversed cycles are skipped, so a limit bounds the batch, not the count.
        return None if limit is None else limit - yielded
    for job in jobs:
        if job.ends is not None and not job.ends:
            continue
        for order in collected(_search(board, job), n, left, deadline, flag, began, "tours",
                               codes):
            if one_way and n > 2 and order[1] > order[-1]:
                continue  # the same cycle the other way round
            flat = np.empty(n, dtype=np.int32)
            flat[order] = steps
            grid = board.spread(flat)
            first = (int(squares[order[0], 0]), int(squares[order[0], 1]))
            yield Tour(grid, closed=task.closed, method="enumerate", layout=board,
                       _start=first, _checked=True)
            yielded += 1
            if limit is not None and yielded >= limit:
                return


__all__ = ["GraphTask", "count_on_board", "enumerate_on_board", "graph_task", "plan",
           "run_job"]

"""``knight.count`` and ``knight.tours``: the counting entry points.

See :mod:`knight.counting` for the counting conventions.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from .._core import count as _count
from ..geometry import Square
from ..limits import progress_bar, stopped
from ..tour import Tour
from .args import (
    Task,
    check_limit,
    check_progress,
    check_search_memory,
    check_timeout,
    check_workers,
    deadline,
    validate,
)
from .executor import (
    PROBE_NODES,
    SPLIT_PER_WORKER,
    executor_width,
    probe,
    run_here,
    search_on_workers,
)
from .plan import enumeration_roots, plan, split

#: Counting methods: ``"search"`` (exact depth-first search), ``"auto"``.
METHODS = ("auto", "search")


def count(
    rows: int,
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
    _info: dict[str, Any] | None = None,
) -> int:
    """The exact number of knight's tours of a ``rows`` x ``cols`` board.

    Open tours are directed, from ``start`` (``start=None``: summed over all
    start squares, so each undirected open path counts twice); ``end``
    keeps those that finish there.  Closed tours are undirected cycles, or
    with ``directed=True`` directed closed tours from ``start`` (see
    :mod:`knight.counting` for every case).  The result is a Python int.

    ``workers=N`` counts on N local processes; ``executor`` runs the jobs on
    any ``concurrent.futures.Executor`` instead (a process pool, or a Dask
    client's ``get_executor()`` to use a cluster).  Counts too small to gain
    from it stay in this process.  ``progress=True`` shows a bar on stderr
    (``pip install 'knight-tour[progress]'``).  ``timeout`` (seconds) raises
    :class:`knight.SearchLimitError`; Ctrl-C raises ``KeyboardInterrupt``.
    A worker process that dies is replaced once; if it dies again,
    :class:`knight.WorkerLostError`.

    >>> import knight
    >>> knight.count(5, start=(0, 0))
    304
    >>> knight.count(5)
    1728
    >>> knight.count(3, 10, closed=True)
    16
    >>> knight.count(3, 10, closed=True, directed=True, start=(0, 0))
    32
    """
    task = validate(rows, cols, start, end, closed, directed)
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got {method!r}")
    w = check_workers(workers, executor)
    show = check_progress(progress)
    until = deadline(check_timeout(timeout))
    check_search_memory(task)
    info = {} if _info is None else _info
    info["method"] = "search"
    return _search_count(task, w, executor, show, until)


def _search_count(task: Task, workers: int, executor: cf.Executor | None, show: bool,
                  until: float) -> int:
    """The count by the exact depth-first search, on the workers if any."""
    r, c, s, e = task.rows, task.cols, task.start, task.end
    n = r * c
    began = time.perf_counter()
    job, factor = plan(r, c, task.flat(s), task.flat(e), task.closed)
    if task.closed and task.directed:
        # plan counts cycles; a cycle is 2 directed tours from a square
        # (1 through a given last move), and 2 * squares from all of them.
        if s is not None and e is not None:
            factor = 1
        elif s is None and e is None:
            factor = 2 * n
        else:
            factor = 2
    parallel = executor is not None or workers > 1
    split(job, 1, 2)
    total = 0
    if not show and not (parallel and PROBE_NODES <= 0):
        # Search here first, for at most PROBE_NODES nodes when there are
        # workers to go to (to the end when there are not).
        total, _, finished = probe(job, PROBE_NODES if parallel else 0, until, began)
        if finished == len(job.tasks):
            return total * factor
        job.tasks = job.tasks[finished:]
    width = workers if executor is None else executor_width(executor)
    split(job, SPLIT_PER_WORKER * width if parallel else 64, 2)
    bar = progress_bar(len(job.tasks), f"{r}x{c} search", "subtree") if show else None
    try:
        if parallel:
            more = search_on_workers(job, workers=workers, executor=executor, deadline=until,
                                     began=began, bar=bar)
        else:
            more, _ = run_here(job, until, began, bar)
        return (total + more) * factor
    finally:
        if bar is not None:
            bar.close()


def tours(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    limit: int | None = None,
    timeout: float | None = None,
) -> Iterator[Tour]:
    """Every tour, lazily, in a fixed order: exactly the ones :func:`count` counts.

    Open tours start at ``start`` (``None``: every square in row-major
    order).  Closed tours start at ``start`` (default ``(0, 0)``), one per
    undirected cycle, or both directions (and every start when ``start`` is
    None) with ``directed=True``.  ``limit`` stops after that many tours.
    The search runs in batches inside the generator: stopping early (or
    dropping the generator) leaves nothing running.

    >>> import knight
    >>> first = next(knight.tours(5, start=(0, 0)))
    >>> first.start, first.method, knight.is_tour(first)
    ((0, 0), 'enumerate', True)
    >>> sum(1 for _ in knight.tours(3, 10, closed=True))
    16
    """
    task = validate(rows, cols, start, end, closed, directed)
    most = check_limit(limit)
    until = deadline(check_timeout(timeout))
    check_search_memory(task)
    return _tours(task, most, until)


def _tours(task: Task, limit: int | None, deadline: float) -> Iterator[Tour]:
    r, c, closed = task.rows, task.cols, task.closed
    n = r * c
    roots = enumeration_roots(r, c, task.flat(task.start), task.flat(task.end), closed,
                              task.directed)
    yielded = 0
    if limit == 0:
        return
    began = time.perf_counter()
    steps = np.arange(n, dtype=np.int32)
    for blocked, prefix, ends in roots:
        length = n - (blocked is not None)
        flags = np.zeros(0 if ends is None else n, dtype=np.uint8)
        if ends is not None:
            flags[list(ends)] = 1
        search = _count.PathSearch(
            r, c, np.asarray(prefix, dtype=np.int32),
            np.asarray(() if blocked is None else (blocked,), dtype=np.int32), flags,
        )
        batch = max(1, min(256, (1 << 20) // max(length, 1)))
        if limit is not None:
            batch = min(batch, limit - yielded)
        out = np.empty((batch, length), dtype=np.int32)
        while True:
            status, got = search.collect(out, deadline)
            for k in range(got):
                order = out[k] if blocked is None else np.concatenate(([blocked], out[k]))
                board = np.empty(n, dtype=np.int32)
                board[order] = steps
                first = int(order[0])
                yield Tour(
                    board.reshape(r, c), closed=closed, method="enumerate",
                    _start=(first // c, first % c), _checked=True,
                )
                yielded += 1
                if limit is not None and yielded >= limit:
                    return
            if status == _count.TIME_LIMIT:
                raise stopped("tours", began, search.nodes)
            if status == _count.DONE:
                break


__all__ = ["METHODS", "count", "tours"]

"""Where the subtrees of a count run: here, on a process pool, on any executor.

The subtrees of a count (see :mod:`.plan`) are independent: they run in this
process, on a local process pool of the call (``workers=N``, shut down when
the call ends: :class:`LocalPool`), or on
any ``concurrent.futures.Executor`` (a Dask client's ``get_executor()``
reaches a cluster).  :func:`run_task` is a top-level function of plain
arguments so that any executor can ship it.
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

import numpy as np

from .._core import count as _count
from .._core import poll as _poll
from ..errors import SearchCancelled, SearchLimitError, WorkerLostError
from ..limits import cancelled, raise_if_stopped, stopped
from .plan import Job

#: ``count`` first searches in this process for up to this many nodes
#: (about 10 ms), whatever ``workers`` says: a search that small costs less
#: than shipping it to other processes.  Subtrees finished by then are kept,
#: so a big search loses at most one partly searched subtree.  0: no probe,
#: every subtree goes to the workers.
PROBE_NODES = 1 << 19

#: Subtrees per worker: enough that uneven subtrees even out, few enough that
#: shipping them costs little (measured on 6x6 with 2 workers).
SPLIT_PER_WORKER = 12

#: How often (seconds) the wait for workers' results checks the cancel flag:
#: the workers cannot see it, so this loop cancels their jobs.
CANCEL_POLL = 0.02


def run_task(
    rows: int,
    cols: int,
    prefix: tuple[int, ...],
    blocked: tuple[int, ...],
    ends: tuple[int, ...] | None,
    deadline: float,
    max_nodes: int = 0,
    cancel: np.ndarray | None = None,
) -> tuple[int, int, int]:
    """Count the completions of one prefix: ``(status, tours, nodes)``.

    A top-level function of plain arguments, so any executor can ship it to
    another process or machine.  ``cancel`` is a cancel flag (see
    :func:`knight.limits.cancel_flag`), for runs in this process only.
    """
    flags = np.zeros(0 if ends is None else rows * cols, dtype=np.uint8)
    if ends is not None:
        flags[list(ends)] = 1
    search = _count.PathSearch(
        rows, cols, np.asarray(prefix, dtype=np.int32), np.asarray(blocked, dtype=np.int32), flags
    )
    return search.count(deadline, max_nodes, cancel)


#: The local process pools alive now, by ``id``: each belongs to one call
#: (see :class:`LocalPool`) and is shut down when that call ends, so the
#: dict is empty between calls.
POOLS: dict[int, cf.ProcessPoolExecutor] = {}

#: How many local pools have been started (the tests check that work did
#: go to worker processes).
pools_started = 0


class LocalPool:
    """The process pool of one call with ``workers=N``.

    Started on first use (about 50 ms), shut down when the call ends: a
    ``with`` block, whatever way it is left.  On an error or an interrupt
    the busy workers are terminated first (they cannot see a cancel token,
    and Ctrl-C sent to this process alone does not reach them); on success
    the idle workers are joined, so no child process outlives the call.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: cf.ProcessPoolExecutor | None = None

    def get(self) -> cf.ProcessPoolExecutor:
        """The pool, started now if it is not running."""
        global pools_started
        if self.pool is None:
            self.pool = cf.ProcessPoolExecutor(self.workers)
            POOLS[id(self)] = self.pool
            pools_started += 1
        return self.pool

    def drop(self, kill: bool = False) -> None:
        """Shut the pool down (``kill``: terminate busy workers first) and wait for it."""
        kept, self.pool = self.pool, None
        POOLS.pop(id(self), None)
        if kept is None:
            return
        procs = list((getattr(kept, "_processes", None) or {}).values())
        if kill:
            for proc in procs:
                proc.terminate()
        kept.shutdown(wait=True, cancel_futures=True)
        for proc in procs:  # shutdown joins them; a killed pool may not have
            proc.join(timeout=1.0)

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        self.drop(kill=kind is not None)


def ends_arg(ends: frozenset[int] | None) -> tuple[int, ...] | None:
    """A task's allowed ends as ``run_task`` takes them."""
    return None if ends is None else tuple(sorted(ends))


def probe(job: Job, budget: int, deadline: float, began: float,
          cancel: np.ndarray | None = None) -> tuple[int, int, int]:
    """Count the job's subtrees here, in order, until ``budget`` nodes are spent.

    Returns the weighted total and the nodes of the subtrees finished, and
    how many were (a subtree cut short by the budget is dropped; budget 0:
    no limit).
    """
    total = nodes = finished = 0
    for prefix, ends, weight in job.tasks:
        status, found, used = run_task(
            job.rows, job.cols, prefix, job.blocked, ends_arg(ends), deadline,
            budget - nodes if budget else 0, cancel,
        )
        raise_if_stopped(status, _count.TIME_LIMIT, _count.CANCELLED, "count", began,
                         nodes + used)
        if status == _count.NODE_LIMIT:
            break
        nodes += used
        total += found * weight
        finished += 1
        if budget and nodes >= budget:
            break
    return total, nodes, finished


def run_here(job: Job, deadline: float, began: float, bar: Any,
             cancel: np.ndarray | None = None) -> tuple[int, int]:
    """Count the job's subtrees in this process: ``(weighted total, nodes)``."""
    total = nodes = 0
    for prefix, ends, weight in job.tasks:
        status, found, used = run_task(
            job.rows, job.cols, prefix, job.blocked, ends_arg(ends), deadline, 0, cancel
        )
        nodes += used
        if status == _count.CANCELLED:
            raise cancelled("count", began, nodes)
        if status != _count.DONE:
            raise stopped("count", began, nodes)
        total += found * weight
        if bar is not None:
            bar.update(1)
    return total, nodes


def _on_pool(
    pool: cf.Executor, fn: Callable[..., Any], jobs: Sequence[tuple[Any, ...]],
    deadline: float, began: float, done: dict[int, Any], on_result: Callable[[Any], None],
    cancel: np.ndarray | None = None, local: bool = False, what: str = "count",
    tally: Callable[[], int] | None = None,
) -> None:
    """Run ``fn(*job)`` for the jobs not in ``done`` yet; record each result.

    Cancels what is left on any error.  Raises BrokenProcessPool (from the
    pool) when a worker died, with ``done`` holding what had finished, and
    SearchCancelled when the ``cancel`` flag is set (checked every
    CANCEL_POLL seconds while waiting).  ``local``: the pool is this
    module's, which :func:`run_jobs` kills on errors other than a timeout.
    ``what`` and ``tally`` (the nodes counted so far) go into those errors.
    """
    futures: dict[Any, int] = {}
    try:
        for k, job in enumerate(jobs):
            if k not in done:
                futures[pool.submit(fn, *job)] = k
        # Workers stop at the deadline themselves; the margin covers the
        # trip back (and a remote executor that ignores it).
        give_up = None if deadline == 0.0 else max(deadline, time.time()) + 5.0
        pending = set(futures)
        while pending:
            wait_for = None if give_up is None else max(give_up - time.time(), 0.0)
            if cancel is not None:
                wait_for = CANCEL_POLL if wait_for is None else min(wait_for, CANCEL_POLL)
            finished, pending = cf.wait(pending, timeout=wait_for,
                                        return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                result = fut.result()
                done[futures[fut]] = result
                on_result(result)
            if cancel is not None and pending and _poll.is_cancelled(cancel):
                raise cancelled(what, began, 0 if tally is None else tally())
            if not finished and give_up is not None and time.time() >= give_up:
                raise stopped(what, began, 0 if tally is None else tally())
    except BaseException as exc:
        if local and _kills(exc):
            # run_jobs terminates the workers next, and the pool then fails
            # every future left: one cancelled first makes its manager
            # thread raise InvalidStateError (CPython 3.11).
            futures.clear()
        raise
    finally:
        for fut in futures:
            fut.cancel()


def run_jobs(
    fn: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], *, workers: int,
    executor: cf.Executor | None, deadline: float, began: float,
    on_result: Callable[[Any], None], cancel: np.ndarray | None = None,
    local: LocalPool | None = None, what: str = "count", tally: Callable[[], int] | None = None,
) -> list[Any]:
    """``[fn(*job) for job in jobs]``, run on ``executor`` or a pool of ``workers``.

    ``on_result`` sees each result as it arrives (to stop early or to move a
    progress bar).  When a worker process dies (killed, out of memory), the
    jobs it lost run once more on a fresh pool; if that fails too, a
    :class:`WorkerLostError` says what happened.  Interrupted (Ctrl-C, an
    error, or the ``cancel`` flag: the workers cannot see it), the local
    pool's workers are stopped so nothing is left running.  ``local``: the
    call's :class:`LocalPool` of ``workers`` processes (shared by the call's
    runs, shut down by the call); without it a pool of this run only.
    ``what`` names the count in a timeout's or a cancel's error and
    ``tally()`` gives the nodes its jobs have counted so far (else 0).
    """
    if executor is None and local is None:
        with LocalPool(workers) as own:
            return run_jobs(fn, jobs, workers=workers, executor=None, deadline=deadline,
                            began=began, on_result=on_result, cancel=cancel, local=own,
                            what=what, tally=tally)
    done: dict[int, Any] = {}
    lost_errors: tuple[type[BaseException], ...] = (BrokenProcessPool, *_lost_worker_errors())
    for attempt in (1, 2):
        here = executor if executor is not None else cast(LocalPool, local).get()
        try:
            _on_pool(here, fn, jobs, deadline, began, done, on_result, cancel,
                     executor is None, what, tally)
            return [done[k] for k in range(len(jobs))]
        except lost_errors as exc:
            if local is not None and isinstance(exc, BrokenProcessPool):
                local.drop(kill=True)
            # a local pool is started afresh; a cluster replaces its lost
            # worker itself (Dask's KilledWorker): the jobs left go again once
            if attempt == 2 or (executor is not None and isinstance(exc, BrokenProcessPool)):
                lost = len(jobs) - len(done)
                what = "died again on a fresh pool" if attempt == 2 else "died"
                raise WorkerLostError(
                    f"a worker process of the count {what} ({_describe(exc)}) with {lost} of "
                    f"{len(jobs)} jobs unfinished: it was probably killed or ran out of "
                    "memory; try fewer workers"
                ) from exc
        except BaseException as exc:
            if local is not None and _kills(exc):
                # Interrupted: stop the workers' jobs too.
                local.drop(kill=True)
            raise
    raise AssertionError("unreachable")


def _describe(exc: BaseException) -> str:
    """An error in words, even one whose own text fails."""
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:  # a message must not hide the loss
        return type(exc).__name__


def _lost_worker_errors() -> tuple[type[BaseException], ...]:
    """The errors a cluster raises for a job whose worker died: Dask's
    ``KilledWorker`` (the worker was lost while running it), when Dask is
    imported at all (a Dask executor imports it)."""
    import sys
    scheduler = sys.modules.get("distributed.scheduler")
    killed = getattr(scheduler, "KilledWorker", None)
    return (killed,) if isinstance(killed, type) and issubclass(killed, BaseException) else ()


def _kills(exc: BaseException) -> bool:
    """Whether an error stops the local pool's workers: all but a timeout
    (they stop at the deadline themselves); a cancel they cannot see."""
    return not isinstance(exc, SearchLimitError) or isinstance(exc, SearchCancelled)


def search_on_workers(
    job: Job, *, workers: int, executor: cf.Executor | None, deadline: float, began: float,
    bar: Any, cancel: np.ndarray | None = None, local: LocalPool | None = None,
) -> int:
    """The weighted total of the job's subtrees, counted on the workers."""
    nodes = 0

    def check(result: tuple[int, int, int]) -> None:
        nonlocal nodes
        status, _, used = result
        nodes += used
        if status != _count.DONE:
            raise stopped("count", began, nodes)
        if bar is not None:
            bar.update(1)

    args = [
        (job.rows, job.cols, prefix, job.blocked, ends_arg(ends), deadline)
        for prefix, ends, _ in job.tasks
    ]
    results = run_jobs(run_task, args, workers=workers, executor=executor, deadline=deadline,
                       began=began, on_result=check, cancel=cancel, local=local,
                       tally=lambda: nodes)
    return sum(found * weight for (_, found, _), (_, _, weight) in zip(results, job.tasks))


def executor_width(executor: Any) -> int:
    """How many subtrees an executor runs at once (a guess when it won't say)."""
    width = getattr(executor, "_max_workers", None)
    if isinstance(width, int) and width > 0:
        return int(width)
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            return max(1, int(sum(nthreads().values())))
        except (OSError, TypeError, ValueError, AttributeError):
            pass
    return 8

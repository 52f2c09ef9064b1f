"""Where the subtrees of a count run: here, on a process pool, on any executor.

The subtrees of a count (see :mod:`.plan`) are independent: they run in this
process, on a local process pool kept for later calls (``workers=N``), or on
any ``concurrent.futures.Executor`` (a Dask client's ``get_executor()``
reaches a cluster).  :func:`run_task` is a top-level function of plain
arguments so that any executor can ship it.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import numpy as np

from .._core import count as _count
from .._core import poll as _poll
from ..errors import SearchCancelled, SearchLimitError, WorkerLostError
from ..limits import cancelled, stopped
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
    :func:`knight.search.cancel_flag`), for runs in this process only.
    """
    flags = np.zeros(0 if ends is None else rows * cols, dtype=np.uint8)
    if ends is not None:
        flags[list(ends)] = 1
    search = _count.PathSearch(
        rows, cols, np.asarray(prefix, dtype=np.int32), np.asarray(blocked, dtype=np.int32), flags
    )
    return search.count(deadline, max_nodes, cancel)


POOLS: dict[int, cf.ProcessPoolExecutor] = {}


def pool(workers: int) -> cf.ProcessPoolExecutor:
    """A process pool kept for later calls (starting one costs ~50 ms)."""
    kept = POOLS.get(workers)
    if kept is None:
        kept = POOLS[workers] = cf.ProcessPoolExecutor(workers)
    return kept


def drop_pool(workers: int, kill: bool = False) -> None:
    """Shut the kept pool of ``workers`` down (``kill``: stop busy workers too)."""
    kept = POOLS.pop(workers, None)
    if kept is not None:
        if kill:
            # Ctrl-C reaches only this process when it was sent to it alone
            # (not to the terminal's process group): busy workers would go
            # on until their subtree ends, and exit would wait for them.
            for proc in list(getattr(kept, "_processes", {}).values() or ()):
                proc.terminate()
        kept.shutdown(wait=False, cancel_futures=True)


@atexit.register
def close_pools() -> None:
    for workers in list(POOLS):
        drop_pool(workers)


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
        if status == _count.TIME_LIMIT:
            raise stopped("count", began, nodes + used)
        if status == _count.CANCELLED:
            raise cancelled("count", began, nodes + used)
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
    cancel: np.ndarray | None = None, local: bool = False,
) -> None:
    """Run ``fn(*job)`` for the jobs not in ``done`` yet; record each result.

    Cancels what is left on any error.  Raises BrokenProcessPool (from the
    pool) when a worker died, with ``done`` holding what had finished, and
    SearchCancelled when the ``cancel`` flag is set (checked every
    CANCEL_POLL seconds while waiting).  ``local``: the pool is this
    module's, which :func:`run_jobs` kills on errors other than a timeout.
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
                raise cancelled("count", began, 0)
            if not finished and give_up is not None and time.time() >= give_up:
                raise stopped("count", began, 0)
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
) -> list[Any]:
    """``[fn(*job) for job in jobs]``, run on ``executor`` or a pool of ``workers``.

    ``on_result`` sees each result as it arrives (to stop early or to move a
    progress bar).  When a worker process dies (killed, out of memory), the
    jobs it lost run once more on a fresh pool; if that fails too, a
    :class:`WorkerLostError` says what happened.  Interrupted (Ctrl-C, an
    error, or the ``cancel`` flag: the workers cannot see it), the local
    pool's workers are stopped so nothing is left running.
    """
    done: dict[int, Any] = {}
    for attempt in (1, 2):
        here = executor if executor is not None else pool(workers)
        try:
            _on_pool(here, fn, jobs, deadline, began, done, on_result, cancel,
                     executor is None)
            return [done[k] for k in range(len(jobs))]
        except BrokenProcessPool as exc:
            if executor is None:
                drop_pool(workers, kill=True)
            if attempt == 2 or executor is not None:
                lost = len(jobs) - len(done)
                what = "died again on a fresh pool" if attempt == 2 else "died"
                raise WorkerLostError(
                    f"a worker process of the count {what} ({exc}) with {lost} of "
                    f"{len(jobs)} jobs unfinished: it was probably killed or ran out of "
                    "memory; try fewer workers"
                ) from exc
        except BaseException as exc:
            if executor is None and _kills(exc):
                # Interrupted: stop the workers' jobs too; the next call
                # starts a fresh pool.
                drop_pool(workers, kill=True)
            raise
    raise AssertionError("unreachable")


def _kills(exc: BaseException) -> bool:
    """Whether an error stops the local pool's workers: all but a timeout
    (they stop at the deadline themselves); a cancel they cannot see."""
    return not isinstance(exc, SearchLimitError) or isinstance(exc, SearchCancelled)


def search_on_workers(
    job: Job, *, workers: int, executor: cf.Executor | None, deadline: float, began: float,
    bar: Any, cancel: np.ndarray | None = None,
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
                       began=began, on_result=check, cancel=cancel)
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

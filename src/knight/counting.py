"""Count and list knight's tours exactly: ``knight.count`` and ``knight.tours``.

Conventions (the numbers below are what :func:`count` returns):

* **Open tours** are directed Hamiltonian paths: a tour and its reverse are
  two tours.  With ``start`` given, the tours that begin there; with
  ``start=None``, the sum over every start square, so every undirected open
  path is counted twice (once from each end).  ``end`` keeps only the tours
  that finish on that square.  ``count(5)`` is 1728 (OEIS A165134).
* **Closed tours** are by default undirected cycles: a cycle, its reverse and
  its rotations are one tour, so ``start`` does not change the number
  (``count(6, closed=True)`` is 9862, OEIS A001230).  With ``start`` and
  ``end`` given, the cycles that use the move ``end``-``start`` (the tours
  from ``start`` whose last square is ``end``).  ``directed=True`` counts
  directed closed tours from ``start`` instead: 2 per cycle (``end`` given:
  1 per cycle through that move), summed over all starts when ``start`` is
  None (``2 * squares`` per cycle).

The work is one exact depth-first search (``knight._count``) split into
independent subtrees (path prefixes), folded by the symmetries of the board
(8 on a square board, 4 on a rectangle): subtrees that are images of each
other under a symmetry fixing the constraints are searched once and weighted.
The subtrees run in this process, on a local process pool (``workers=N``) or
on any ``concurrent.futures.Executor`` (``executor=``, for example
``dask.distributed.Client(...).get_executor()``).
"""

from __future__ import annotations

import argparse
import atexit
import concurrent.futures as cf
import functools
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from . import _count
from .errors import SearchLimitError
from .geometry import Square, as_int, board_size, check_memory, square
from .tour import Tour

__all__ = ["count", "count_command", "reference_count", "tours", "tours_command"]

#: ``count`` first searches in this process for up to this many nodes
#: (about 10 ms), whatever ``workers`` says: a search that small costs less
#: than shipping it to other processes.  Subtrees finished by then are kept,
#: so a big search loses at most one partly searched subtree.  0: no probe,
#: every subtree goes to the workers.
PROBE_NODES = 1 << 19

#: Subtrees per worker: enough that uneven subtrees even out, few enough that
#: shipping them costs little (measured on 6x6 with 2 workers).
SPLIT_PER_WORKER = 12

#: Memory needed per square of the board, a generous estimate.
BYTES_PER_SQUARE = 400

_MOVES = ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1))


# --------------------------------------------------------------------------
# Board geometry on flat squares (row * cols + col)


@functools.lru_cache(maxsize=64)
def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    nb: list[tuple[int, ...]] = []
    for r in range(rows):
        for c in range(cols):
            nb.append(
                tuple(
                    (r + dr) * cols + c + dc
                    for dr, dc in _MOVES
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
            )
    return tuple(nb)


@functools.lru_cache(maxsize=64)
def _symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The board's symmetries as permutations of the flat squares."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    perms = set()
    for f in maps:
        perm = []
        for r in range(rows):
            for c in range(cols):
                r2, c2 = f(r, c)
                perm.append(r2 * cols + c2)
        perms.add(tuple(perm))
    return tuple(sorted(perms))


def _prefix_alive(
    nb: Sequence[Sequence[int]], free: set[int], last: int, ends: frozenset[int] | None
) -> bool:
    """The exact local tests of the core, applied to a whole position.

    ``free`` are the squares not yet on the path, ``last`` the path's last
    square.  False means no completion exists.
    """
    remaining = len(free)
    if remaining == 0:
        return ends is None or last in ends
    if ends is not None and not (ends & free):
        return False
    pending = None
    common = free.intersection
    for u in free:
        f = len(common(nb[u]))
        adj = last in nb[u]
        if f == 0 and not (adj and remaining == 1):
            return False
        if f == 1 and not adj:
            if pending is not None or (ends is not None and u not in ends):
                return False
            pending = u
    return True


class _Job:
    """Independent subtrees of one search, with their weights."""

    def __init__(self, rows: int, cols: int, blocked: tuple[int, ...]) -> None:
        self.rows, self.cols = rows, cols
        self.blocked = blocked
        # (prefix, ends or None, weight); the search counts the completions
        # of prefix ending in ends, and the total is the weighted sum.
        self.tasks: list[tuple[tuple[int, ...], frozenset[int] | None, int]] = []


def _plan(
    rows: int,
    cols: int,
    start: int | None,
    end: int | None,
    closed: bool,
) -> tuple[_Job, int]:
    """The roots of the search and the factor its total is multiplied by."""
    n = rows * cols
    nb = _neighbours(rows, cols)
    if closed:
        if n < 2:
            return _Job(rows, cols, ()), 0
        if start is not None and end is not None:
            # Cycles through the move start-end: paths on the board without
            # start from end to another neighbour of start.
            if end not in nb[start]:
                return _Job(rows, cols, ()), 0
            job = _Job(rows, cols, (start,))
            others = frozenset(nb[start]) - {end}
            if others:
                job.tasks.append(((end,), others, 1))
            return job, 1
        # Every cycle passes through every square: root it at a square of
        # fewest neighbours a_0 < a_1 < ..., leave by a_i and come back by a
        # later a_j, so each undirected cycle is counted exactly once.
        s = min(range(n), key=lambda q: (len(nb[q]), q))
        job = _Job(rows, cols, (s,))
        a = nb[s]
        for i in range(len(a) - 1):
            job.tasks.append(((a[i],), frozenset(a[i + 1 :]), 1))
        return job, 1
    job = _Job(rows, cols, ())
    if start is None and end is not None:
        # Reversing a path swaps its ends.
        start, end = end, None
    ends = None if end is None else frozenset((end,))
    if start is not None:
        job.tasks.append(((start,), ends, 1))
        return job, 1
    weights: dict[int, int] = {}
    for q in range(n):
        rep = min(p[q] for p in _symmetries(rows, cols))
        weights[rep] = weights.get(rep, 0) + 1
    for q in sorted(weights):
        job.tasks.append(((q,), None, weights[q]))
    return job, 1


def _split(job: _Job, target: int, min_depth: int) -> None:
    """Deepen every task until there are ``target`` of them (or it is pointless).

    A child prefix is replaced by its smallest image under the symmetries
    that fix the root prefix, the blocked squares and the allowed ends; the
    images have equally many completions, so one is searched and weighted.
    """
    rows, cols = job.rows, job.cols
    nb = _neighbours(rows, cols)
    syms = _symmetries(rows, cols)
    blocked = set(job.blocked)
    tasks = job.tasks
    depth = 0
    max_tasks = max(4 * target, 64)
    while tasks and (depth < min_depth or len(tasks) < target):
        grown: dict[tuple[tuple[int, ...], frozenset[int] | None], int] = {}
        order: list[tuple[tuple[int, ...], frozenset[int] | None]] = []
        deeper = False
        for prefix, ends, weight in tasks:
            root_len = len(prefix) - depth
            fix = [
                p
                for p in syms
                if all(p[q] == q for q in prefix[:root_len])
                and {p[q] for q in blocked} == blocked
                and (ends is None or frozenset(p[q] for q in ends) == ends)
            ]
            on = set(prefix) | blocked
            free = {q for q in range(rows * cols) if q not in on}
            if not free:
                key = (prefix, ends)
                if key not in grown:
                    order.append(key)
                grown[key] = grown.get(key, 0) + weight
                continue
            for q in nb[prefix[-1]]:
                if q in on:
                    continue
                free.discard(q)
                if _prefix_alive(nb, free, q, ends):
                    child = prefix + (q,)
                    canon = min(tuple(p[v] for v in child) for p in fix)
                    key = (canon, ends)
                    if key not in grown:
                        order.append(key)
                    grown[key] = grown.get(key, 0) + weight
                    deeper = True
                free.add(q)
        tasks = [(k[0], k[1], grown[k]) for k in order]
        depth += 1
        if not deeper or len(tasks) > max_tasks:
            break
    job.tasks = tasks


def _run_task(
    rows: int,
    cols: int,
    prefix: tuple[int, ...],
    blocked: tuple[int, ...],
    ends: tuple[int, ...] | None,
    deadline: float,
    max_nodes: int = 0,
) -> tuple[int, int, int]:
    """Count the completions of one prefix: ``(status, tours, nodes)``.

    A top-level function of plain arguments, so any executor can ship it to
    another process or machine.
    """
    flags = np.zeros(0 if ends is None else rows * cols, dtype=np.uint8)
    if ends is not None:
        flags[list(ends)] = 1
    search = _count.PathSearch(
        rows, cols, np.asarray(prefix, dtype=np.int32), np.asarray(blocked, dtype=np.int32), flags
    )
    return search.count(deadline, max_nodes)


_POOLS: dict[int, cf.ProcessPoolExecutor] = {}


def _pool(workers: int) -> cf.ProcessPoolExecutor:
    """A process pool kept for later calls (starting one costs ~50 ms)."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = cf.ProcessPoolExecutor(workers)
    return pool


def _drop_pool(workers: int, kill: bool = False) -> None:
    pool = _POOLS.pop(workers, None)
    if pool is not None:
        if kill:
            # Ctrl-C reaches only this process when it was sent to it alone
            # (not to the terminal's process group): busy workers would go
            # on until their subtree ends, and exit would wait for them.
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _close_pools() -> None:
    for workers in list(_POOLS):
        _drop_pool(workers)


def _progress_bar(total: int, desc: str) -> Any:
    try:
        from tqdm import tqdm
    except ImportError:
        raise ImportError(
            "progress=True needs tqdm: pip install 'knight-tour[progress]'"
        ) from None
    return tqdm(total=total, desc=desc, unit="subtree", file=sys.stderr)


def _validate(
    rows: Any, cols: Any, start: Any, end: Any, closed: Any, directed: Any
) -> tuple[int, int, Square | None, Square | None]:
    r, c = board_size(rows, cols)
    # Per square: the Python-side tables (neighbours, up to 8 symmetries as
    # tuples of ints) and the core's arrays (about 70 bytes).
    check_memory(BYTES_PER_SQUARE * r * c, f"counting the tours of a {r}x{c} board")
    s = None if start is None else square(start, r, c, "start")
    e = None if end is None else square(end, r, c, "end")
    if not isinstance(closed, (bool, np.bool_)):
        raise TypeError(f"closed must be a bool, not {type(closed).__name__}")
    if not isinstance(directed, (bool, np.bool_)):
        raise TypeError(f"directed must be a bool, not {type(directed).__name__}")
    if closed and not directed and e is not None and s is None:
        raise ValueError(
            "end needs start for undirected closed tours (the cycles through the move "
            "start-end); pass start=, or directed=True"
        )
    return r, c, s, e


def _timeout(timeout: Any) -> float:
    if timeout is None:
        return 0.0
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float, np.integer, np.floating)):
        raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
    if not timeout > 0:
        raise ValueError(f"timeout must be positive, got {timeout!r}")
    return time.time() + float(timeout)


def count(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: bool = False,
    timeout: float | None = None,
) -> int:
    """The exact number of knight's tours of a ``rows`` x ``cols`` board.

    Open tours are directed, from ``start`` (``start=None``: summed over all
    start squares, so each undirected open path counts twice); ``end``
    keeps those that finish there.  Closed tours are undirected cycles, or
    with ``directed=True`` directed closed tours from ``start`` (see the
    module documentation for every case).  The result is a Python int.

    ``workers=N`` searches on N local processes; ``executor`` runs the
    subtrees on any ``concurrent.futures.Executor`` instead (a process pool,
    or a Dask client's ``get_executor()`` to use a cluster).  Searches too
    small to gain from it stay in this process.  ``progress=True`` shows a
    bar over the subtrees on stderr (``pip install 'knight-tour[progress]'``).
    ``timeout`` (seconds) raises :class:`knight.SearchLimitError`; Ctrl-C
    raises ``KeyboardInterrupt``.

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
    r, c, s, e = _validate(rows, cols, start, end, closed, directed)
    w = as_int(workers, "workers")
    if w < 1:
        raise ValueError(f"workers must be at least 1, got {w}")
    if (
        executor is not None
        and not isinstance(executor, cf.Executor)
        and not callable(getattr(executor, "submit", None))
    ):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    deadline = _timeout(timeout)
    if progress:
        # Fail before any work when the optional extra is missing.
        try:
            import tqdm  # noqa: F401
        except ImportError:
            raise ImportError(
                "progress=True needs tqdm: pip install 'knight-tour[progress]'"
            ) from None
    n = r * c
    began = time.perf_counter()
    job, factor = _plan(r, c, _flat(s, c), _flat(e, c), bool(closed))
    if closed and directed:
        # _plan counts cycles; a cycle is 2 directed tours from a square
        # (1 through a given last move), and 2 * squares from all of them.
        if s is not None and e is not None:
            factor = 1
        elif s is None and e is None:
            factor = 2 * n
        else:
            factor = 2
    parallel = executor is not None or w > 1
    _split(job, 1, 2)
    total = 0
    if not progress and not (parallel and PROBE_NODES <= 0):
        # Search here first, for at most PROBE_NODES nodes when there are
        # workers to go to (to the end when there are not).
        total, _, finished = _probe(job, PROBE_NODES if parallel else 0, deadline, began)
        if finished == len(job.tasks):
            return total * factor
        job.tasks = job.tasks[finished:]
    width = w if executor is None else _executor_width(executor)
    _split(job, SPLIT_PER_WORKER * width if parallel else 64, 2)
    bar = _progress_bar(len(job.tasks), f"{r}x{c}") if progress else None
    try:
        if parallel:
            pool = executor if executor is not None else _pool(w)
            try:
                more, _ = _run_on(pool, job, deadline, began, bar)
            except BaseException as exc:
                if executor is None and not isinstance(exc, SearchLimitError):
                    # Interrupted: stop the workers' subtrees too; the next
                    # call starts a fresh pool.
                    _drop_pool(w, kill=True)
                raise
        else:
            more, _ = _run_here(job, deadline, began, bar)
        return (total + more) * factor
    finally:
        if bar is not None:
            bar.close()


def _flat(sq: Square | None, cols: int) -> int | None:
    return None if sq is None else sq[0] * cols + sq[1]


def _stopped(what: str, began: float, nodes: int) -> SearchLimitError:
    seconds = time.perf_counter() - began
    return SearchLimitError(f"{what} stopped by the timeout after {seconds:.3f} s", nodes, seconds)


def _ends_arg(ends: frozenset[int] | None) -> tuple[int, ...] | None:
    return None if ends is None else tuple(sorted(ends))


def _probe(job: _Job, budget: int, deadline: float, began: float) -> tuple[int, int, int]:
    """Count the job's subtrees here, in order, until ``budget`` nodes are spent.

    Returns the weighted total and the nodes of the subtrees finished, and
    how many were (a subtree cut short by the budget is dropped; budget 0:
    no limit).
    """
    total = nodes = finished = 0
    for prefix, ends, weight in job.tasks:
        status, found, used = _run_task(
            job.rows, job.cols, prefix, job.blocked, _ends_arg(ends), deadline,
            budget - nodes if budget else 0,
        )
        if status == _count.TIME_LIMIT:
            raise _stopped("count", began, nodes + used)
        if status == _count.NODE_LIMIT:
            break
        nodes += used
        total += found * weight
        finished += 1
        if budget and nodes >= budget:
            break
    return total, nodes, finished


def _run_here(job: _Job, deadline: float, began: float, bar: Any) -> tuple[int, int]:
    total = nodes = 0
    for prefix, ends, weight in job.tasks:
        status, found, used = _run_task(
            job.rows, job.cols, prefix, job.blocked, _ends_arg(ends), deadline
        )
        nodes += used
        if status != _count.DONE:
            raise _stopped("count", began, nodes)
        total += found * weight
        if bar is not None:
            bar.update(1)
    return total, nodes


def _run_on(
    pool: cf.Executor, job: _Job, deadline: float, began: float, bar: Any
) -> tuple[int, int]:
    """Run the subtrees on an executor; cancel what is left on any error."""
    total = nodes = 0
    futures: dict[Any, int] = {}
    try:
        for prefix, ends, weight in job.tasks:
            fut = pool.submit(
                _run_task, job.rows, job.cols, prefix, job.blocked, _ends_arg(ends), deadline
            )
            futures[fut] = weight
        # Workers stop at the deadline themselves; the margin covers the
        # trip back (and a remote executor that ignores it).
        wait_for = None if deadline == 0.0 else max(deadline - time.time(), 0.0) + 5.0
        for fut in cf.as_completed(futures, timeout=wait_for):
            status, found, used = fut.result()
            nodes += used
            if status != _count.DONE:
                raise _stopped("count", began, nodes)
            total += found * futures[fut]
            if bar is not None:
                bar.update(1)
    except cf.TimeoutError:
        raise _stopped("count", began, nodes) from None
    finally:
        for fut in futures:
            fut.cancel()
    return total, nodes


def _executor_width(executor: Any) -> int:
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


def _enumeration_roots(
    rows: int, cols: int, start: int | None, end: int | None, closed: bool, directed: bool
) -> list[tuple[int | None, tuple[int, ...], frozenset[int] | None]]:
    """(blocked start or None, prefix, ends) in the order tours are listed."""
    n = rows * cols
    nb = _neighbours(rows, cols)
    roots: list[tuple[int | None, tuple[int, ...], frozenset[int] | None]] = []
    if not closed:
        starts = [start] if start is not None else list(range(n))
        ends = None if end is None else frozenset((end,))
        return [(None, (q,), ends) for q in starts]
    if n < 2:
        return []
    if start is None:
        starts = list(range(n)) if directed else [0]
    else:
        starts = [start]
    for s in starts:
        a = nb[s]
        for i, q in enumerate(a):
            if end is not None:
                if end in a and q != end:
                    roots.append((s, (q,), frozenset((end,))))
            elif directed:
                others = frozenset(a) - {q}
                if others:
                    roots.append((s, (q,), others))
            elif a[i + 1 :]:
                roots.append((s, (q,), frozenset(a[i + 1 :])))
    return roots


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
    r, c, s, e = _validate(rows, cols, start, end, closed, directed)
    if limit is not None:
        limit = as_int(limit, "limit")
        if limit < 0:
            raise ValueError(f"limit must be at least 0, got {limit}")
    deadline = _timeout(timeout)
    return _tours(r, c, s, e, bool(closed), bool(directed), limit, deadline)


def _tours(
    r: int,
    c: int,
    s: Square | None,
    e: Square | None,
    closed: bool,
    directed: bool,
    limit: int | None,
    deadline: float,
) -> Iterator[Tour]:
    n = r * c
    roots = _enumeration_roots(r, c, _flat(s, c), _flat(e, c), closed, directed)
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
                raise _stopped("tours", began, search.nodes)
            if status == _count.DONE:
                break


# --------------------------------------------------------------------------
# Pure-Python reference: plain depth-first search, no pruning, no symmetry.


def _ref_paths(
    nb: Sequence[Sequence[int]], n: int, path: list[int], on: list[bool], ends: set[int] | None
) -> int:
    if len(path) == n:
        return 1 if ends is None or path[-1] in ends else 0
    total = 0
    for q in nb[path[-1]]:
        if not on[q]:
            on[q] = True
            path.append(q)
            total += _ref_paths(nb, n, path, on, ends)
            path.pop()
            on[q] = False
    return total


def reference_count(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
) -> int:
    """:func:`count` by the plainest search, for cross-checking (small boards only).

    >>> reference_count(5, start=(0, 0))
    304
    """
    r, c, s, e = _validate(rows, cols, start, end, closed, directed)
    n = r * c
    nb = _neighbours(r, c)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 100))

    def paths(first: int, ends: set[int] | None) -> int:
        on = [False] * n
        on[first] = True
        return _ref_paths(nb, n, [first], on, ends)

    fs = None if s is None else s[0] * c + s[1]
    fe = None if e is None else e[0] * c + e[1]
    if not closed:
        starts = [fs] if fs is not None else range(n)
        return sum(paths(q, None if fe is None else {fe}) for q in starts)
    if n < 2:
        return 0

    def directed_from(q: int, last: int | None) -> int:
        back = set(nb[q]) if last is None else ({last} & set(nb[q]))
        return paths(q, back)

    if fs is not None and fe is not None:
        return directed_from(fs, fe)
    if not directed:
        return directed_from(0 if fs is None else fs, None) // 2
    if fs is not None:
        return directed_from(fs, None)
    if fe is not None:
        return sum(directed_from(q, fe) for q in range(n))
    return sum(directed_from(q, None) for q in range(n))


# --------------------------------------------------------------------------
# Command line: ``knight count`` and ``knight tours``


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("rows", type=int, metavar="ROWS", help="board rows")
    p.add_argument("cols", type=int, nargs="?", metavar="COLS",
                   help="board columns (default: ROWS)")
    p.add_argument("--start", nargs=2, type=int, metavar=("ROW", "COL"),
                   help="first square (default: every square; closed: any)")
    p.add_argument("--end", nargs=2, type=int, metavar=("ROW", "COL"), help="last square")
    p.add_argument("--closed", action="store_true", help="closed tours (undirected cycles)")
    p.add_argument("--directed", action="store_true",
                   help="with --closed: count each direction (and each start) separately")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")


def _guard(run: Callable[[], int]) -> int:
    from .cli import EXIT_INTERRUPTED, EXIT_NO_TOUR, EXIT_OK, EXIT_USAGE
    from .errors import KnightError

    err = sys.stderr
    try:
        return run()
    except KnightError as exc:
        err.write(f"knight: {exc}\n")
        return EXIT_NO_TOUR
    except ImportError as exc:
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except (TypeError, ValueError) as exc:
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        err.write("knight: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


def count_command(argv: list[str]) -> int:
    """``knight count ROWS [COLS] [--closed] [--workers N] [--progress] ...``"""
    from .cli import EXIT_OK, _Parser

    p = _Parser(prog="knight count", description="Count knight's tours exactly.",
                epilog="Open tours are directed (from every start unless --start); "
                "closed tours are undirected cycles unless --directed.")
    _common(p)
    p.add_argument("--workers", type=int, default=1, help="local processes (default: 1)")
    p.add_argument("--progress", action="store_true", help="progress bar on stderr")
    p.add_argument("--time", action="store_true", help="print the elapsed time on stderr")
    args = p.parse_args(argv)
    rows, cols = args.rows, args.cols

    def run() -> int:
        began = time.perf_counter()
        n = count(rows, cols, start=args.start, end=args.end, closed=args.closed,
                  directed=args.directed, workers=args.workers, progress=args.progress,
                  timeout=args.timeout)
        sys.stdout.write(f"{n}\n")
        if args.time:
            sys.stderr.write(f"{time.perf_counter() - began:.6f} s\n")
        return EXIT_OK

    return _guard(run)


def tours_command(argv: list[str]) -> int:
    """``knight tours ROWS [COLS] [--start R C] [--limit N] [--format ...]``"""
    from .cli import EXIT_OK, _Parser, render

    p = _Parser(prog="knight tours", description="List knight's tours in a fixed order.")
    _common(p)
    p.add_argument("--limit", type=int, help="stop after this many tours")
    p.add_argument("--base", type=int, choices=(0, 1), default=0,
                   help="number the steps from 0 or 1 (default: 0)")
    p.add_argument("--format", choices=("grid", "path", "json"), default="grid",
                   help="grid of step numbers, path of squares, or JSON lines (default: grid)")
    args = p.parse_args(argv)
    rows, cols = args.rows, args.cols

    def run() -> int:
        first = True
        for tour in tours(rows, cols, start=args.start, end=args.end, closed=args.closed,
                          directed=args.directed, limit=args.limit, timeout=args.timeout):
            if not first and args.format != "json":
                sys.stdout.write("\n")
            first = False
            sys.stdout.write(render(tour, args.format, args.base) + "\n")
        return EXIT_OK

    return _guard(run)

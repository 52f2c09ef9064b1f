"""The runners of :func:`knight.count`'s and :func:`knight.tours`'s engines:
what :mod:`knight.planner` runs once :func:`.args.counting_job` has checked
the arguments into a :class:`knight.planner.Job` and the planner has chosen.

The planner loads these by name (``"module:function"``), so it imports
nothing from counting.  Each runner reads the validated job: its
``options`` hold ``task`` (a rectangle's :class:`.args.Task`, or a
:class:`.graph.GraphTask` on any other board, and on a plain rectangle
counted with ``limit=``), ``until`` (the deadline, a ``time.time()``;
0.0: none), ``token`` (the checked cancel token), ``workers``,
``executor``, ``progress``, ``max_memory`` (bytes, or None), ``most``
(count's ``limit``) and ``info`` (the dict the count reports its engine
in).

- ``frontier-dp``: :func:`run_dp`, the frontier DP (:func:`_dp_count` on
  a rectangle, :func:`_board_dp_count` on a general board);
- ``knight-count``, ``table-count``: :func:`run_search`, the exact
  counting search (:func:`_search_count` by offset arithmetic on a
  rectangle, on the workers if any; :func:`.graph.count_on_board` over
  the neighbour table otherwise);
- ``clue-search``: :func:`run_clues`, the clue search (:func:`knight.clues.count`).

For :func:`knight.tours` (jobs of the task ``"tours"``, whose ``options``
hold ``task``, ``most`` (tours' ``limit``) and ``until``, the cancel token
unchecked in ``job.limits``) the runners return the generator of the
tours, which does its work, theory included, from its first ``next()``:

- ``knight-count``, ``table-count``: :func:`run_tours` (:func:`_tours`
  by offset arithmetic on a rectangle's :class:`.args.Task`,
  :func:`.graph.enumerate_on_board` over the neighbour table otherwise);
- ``clue-search``: :func:`run_clue_tours` (:func:`knight.clues.tours`).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import dataclasses
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from .._core import count as _count
from ..clues import Clues
from ..clues import count as clue_count
from ..clues import tours as clue_tours
from ..errors import BoardTooLargeError, SearchCancelled, SearchLimitError
from ..geometry import article, available_memory, is_knight_move
from ..limits import (
    cancelled,
    check_cancel,
    collected,
    planning,
    progress_bar,
    stopped,
    watched,
)
from ..planner import Job
from ..tour import Tour
from . import (
    frontier_count,
    frontier_disk,
    frontier_estimate,
    frontier_jobs,
    frontier_pieces,
    frontier_run,
    frontier_shards,
)
from .args import Task, check_search_memory
from .checkpoint import Checkpoint
from .cost import (
    board_dp_args,
    board_dp_mode,
    board_ruled_out,
    counts_on_disk,
    dp_mode,
    ruled_out,
    search_out_of_reach,
)
from .executor import (
    PROBE_NODES,
    SPLIT_PER_WORKER,
    LocalPool,
    executor_width,
    probe,
    run_here,
    run_jobs,
    search_on_workers,
)
from .frontier_halves import make_part
from .graph import GraphTask, count_on_board, enumerate_on_board
from .plan import enumeration_roots, plan, split


def run_dp(job: Job) -> int:
    """The engine ``frontier-dp``: the count by frontier DP."""
    task = job.options["task"]
    if isinstance(task, GraphTask):
        return _on_board(job, task, by_dp=True)
    return _on_rectangle(job, task, by_dp=True)


def run_search(job: Job) -> int:
    """The engines ``knight-count`` and ``table-count``: the exact counting
    search (by offset arithmetic on a plain rectangle's :class:`.args.Task`;
    over the neighbour table on a :class:`.graph.GraphTask`, which a plain
    rectangle counted with ``limit=`` is, as the table search stops there).
    A count that nothing bounds and whose search is out of reach is
    refused first (:func:`_check_reach`)."""
    task = job.options["task"]
    if isinstance(task, GraphTask):
        _check_reach(job, task)
        return _on_board(job, task, by_dp=False)
    check_search_memory(task, counting=True)  # what cannot fit is said first
    _check_reach(job, task)
    return _on_rectangle(job, task, by_dp=False)


def _check_reach(job: Job, task: Task | GraphTask) -> None:
    """Refuse, before any work, a count by search that would not finish (the
    8x8 board's open tours: some 70,000 years) when nothing bounds it: no
    ``timeout``, ``limit``, ``cancel`` token or ``executor`` (a cluster)
    was given.  Ctrl-C
    stops any count, but a call that could only hang is a mistake to say
    at once, with both engines' figures, rather than to start."""
    o = job.options
    if o["until"] or o["most"] is not None or o["executor"] is not None \
            or o["token"] is not None:
        return
    why = search_out_of_reach(task, o["max_memory"])
    if why is not None:
        disk = ("checkpoint=DIR to count it in pieces on disk (resumable: the same call goes "
                "on where a stop left it), " if counts_on_disk(task, o["max_memory"]) else "")
        raise BoardTooLargeError(
            f"counting the tours of {article(job.board.describe())} is out of reach here: {why}. "
            f"Give {disk}timeout= (or limit=) to search for as long as you choose, or "
            "executor= to search on a cluster")


def run_clues(job: Job) -> int:
    """The engine ``clue-search`` for :func:`knight.count`: the tours through
    the job's clues (``job.clues``, with its ends), in this process."""
    info = job.options["info"]
    info["engine"] = "clue-search"
    token = check_cancel(job.options["token"])  # given unchecked: checked here, as before
    with watched(token) as flag:
        return clue_count(job.clues, job.closed, job.options["until"], flag,
                          job.options["most"], info)


def run_tours(job: Job) -> Iterator[Tour]:
    """The engines ``knight-count`` and ``table-count`` for :func:`knight.tours`:
    the generator of the tours (by offset arithmetic on a plain rectangle's
    :class:`.args.Task`, over the neighbour table on a :class:`.graph.GraphTask`).
    Nothing runs before its first ``next()``."""
    o = job.options
    task = o["task"]
    if isinstance(task, GraphTask):
        return _board_tours(task, o["most"], o["until"], job.limits.cancel)
    return _tours(task, o["most"], o["until"], job.limits.cancel)


def run_clue_tours(job: Job) -> Iterator[Tour]:
    """The engine ``clue-search`` for :func:`knight.tours`: the generator of
    the tours through the job's clues (``job.clues``, with its ends)."""
    return _clue_tours(job.clues, job.closed, job.options["most"], job.options["until"],
                       job.limits.cancel)


def _on_rectangle(job: Job, task: Task, by_dp: bool) -> int:
    """A plain rectangle's count, by DP or search, in the call's pool if any."""
    o = job.options
    info, w, token, until, began = o["info"], o["workers"], o["token"], o["until"], job.began
    info["method"] = "dp" if by_dp else "search"
    info["workers"] = w
    with watched(token) as flag:
        try:
            # The Python planning stops at the deadline (or the token) too; the
            # call's pool, if it starts one, is shut down however the call ends.
            with planning(until, token, began=began, what="count"), LocalPool(w) as local:
                if by_dp:
                    # The DP's cores poll the same flag (its own poll); only
                    # passed when there is one.
                    extra = {} if flag is None else {"cancel": flag}
                    return _dp_count(task, w, o["executor"], o["progress"], until,
                                     o["max_memory"], info, began, local,
                                     checkpoint=o.get("checkpoint"),
                                     on_disk=o.get("on_disk"), **extra)
                return _search_count(task, w, o["executor"], o["progress"], until, began, local,
                                     flag)
        except frontier_run.Cancelled:
            raise cancelled("count", began, 0) from None


def _on_board(job: Job, task: GraphTask, by_dp: bool) -> int:
    """A general board's count (or a rectangle's with ``limit=``): the frontier
    DP, capped at ``most``, or the table search, which stops there."""
    o = job.options
    info, until, token, most = o["info"], o["until"], o["token"], o["most"]
    began = time.perf_counter()
    with watched(token) as flag:
        try:
            if by_dp:
                info["engine"], info["method"] = "frontier-dp", "dp"
                with planning(until, token, began=began, what="count"):
                    total = _board_dp_count(task, until, o["max_memory"], flag, info, began,
                                            o.get("checkpoint"))
                return total if most is None else min(total, most)
            info["engine"] = "table-count"
            return count_on_board(task, until, flag, o["workers"], o["executor"], info, most)
        except frontier_run.Cancelled:
            raise cancelled("count", began, 0) from None


def _dp_room(what: str, states: int, need: int, limit: int | None,
             info: dict[str, Any]) -> int:
    """The bytes the DP may use (``limit``, or the memory available), or the
    BoardTooLargeError naming its estimate (``states``, ``need`` bytes) when
    its tables would not fit; the estimate goes into ``info``."""
    allowed = limit if limit is not None else available_memory()
    if need > allowed:
        raise BoardTooLargeError(
            f"counting the tours of {article(what)} by frontier DP needs an estimated "
            f"{states:,} states, {need / 2**30:.2f} GiB, more than the {allowed / 2**30:.2f} "
            "GiB allowed (max_memory=, or the memory available)"
        )
    info["detail"] = f"frontier DP, estimated peak {states:,} states"
    return allowed


def _board_dp_count(task: GraphTask, until: float, limit: int | None,
                    cancel: np.ndarray | None, info: dict[str, Any], began: float,
                    checkpoint: Checkpoint | None = None) -> int:
    """The count on a general board by frontier DP (:func:`frontier_count.count_tours`,
    in this process), refused before any table that does not fit; ``checkpoint``:
    where its sweeps write checkpoints and resume from (:mod:`.checkpoint`)."""
    board = task.board
    rows, cols = board.shape
    args = board_dp_args(board)
    states, need = frontier_estimate.estimate(rows, cols, board_dp_mode(task), **args)
    allowed = _dp_room(board.describe(), states, need, limit, info)
    start, end = (None if v is None else int(board.squares[v][0]) * cols
                  + int(board.squares[v][1]) for v in (task.start, task.end))
    try:
        return frontier_count.count_tours(rows, cols, start=start, end=end, closed=task.closed,
                                    directed=task.directed, mask=args["mask"],
                                    moves=args["moves"], deadline=until, cancel=cancel,
                                    max_bytes=allowed, checkpoint=checkpoint)
    except SearchCancelled:
        raise
    except SearchLimitError:
        raise stopped("count", began, 0) from None


def _dp_count(task: Task, workers: int, executor: cf.Executor | None, show: bool,
              until: float, limit: int | None, info: dict[str, Any], began: float,
              local: LocalPool, cancel: np.ndarray | None = None,
              checkpoint: Checkpoint | None = None, on_disk: int | None = None) -> int:
    """The count by frontier DP, converted to the package's conventions.

    ``began``: when the call began (the time its errors report); ``local``:
    the call's process pool; ``cancel``: the uint8 flag the DP core polls
    (raises frontier_run.Cancelled); ``checkpoint``: where the sweeps write
    checkpoints and resume from (in this process; each write is a line
    above the progress bar); ``on_disk``: the memory of a count that goes
    on in pieces on disk there instead, as the arguments' check decided
    (:func:`.frontier_disk.goes_on_disk`), or None."""
    r, c, n = task.rows, task.cols, task.rows * task.cols
    s, e = task.flat(task.start), task.flat(task.end)
    states, need = frontier_estimate.estimate(r, c, dp_mode(task))
    if checkpoint is not None and on_disk is not None:
        return _dp_on_disk(task, workers, on_disk, until, cancel, checkpoint, info, began,
                           states, show)
    allowed = _dp_room(f"{r}x{c} board", states, need, limit, info)
    pinned: tuple[int, ...]
    if task.closed:
        if task.start is not None and task.end is not None and s is not None and e is not None:
            # The cycles through the move start-end: the paths from start to end.
            if not is_knight_move(task.start, task.end):
                return 0
            mode, pinned, factor = "path", (s, e), 1
        else:
            mode, pinned = "cycle", ()
            factor = (2 * n if s is None and e is None else 2) if task.directed else 1
    else:
        if s is None and e is not None:
            s, e = e, None  # reversing a path swaps its ends
        if s is not None and e is not None:
            if s == e:
                return 1 if n == 1 else 0
            mode, pinned, factor = "path", (s, e), 1
        elif s is not None:
            mode, pinned, factor = "path", (s,), 1
        else:
            # Each undirected path is two directed tours (one when it is a single square).
            mode, pinned, factor = "path", (), 1 if n == 1 else 2
    bar = progress_bar(n, f"{r}x{c} dp", "cell") if show else None
    if bar is not None and checkpoint is not None:
        checkpoint.notify = lambda line: bar.write(line, file=sys.stderr)

    def report(done: int, total: int, alive: int) -> None:
        if bar is not None:
            bar.n = done
            bar.set_postfix(states=f"{alive:,}", refresh=False)
            bar.refresh()

    with _counting(began, bar):
        if executor is not None or workers > 1:
            total = _dp_on_workers(r, c, mode, pinned, allowed, workers, executor, until,
                                   began, cancel, local)
        elif mode == "cycle":
            total = frontier_count.count_cycles(r, c, deadline=until, progress=report,
                                          max_bytes=allowed, cancel=cancel,
                                          checkpoint=checkpoint)
        else:
            total = frontier_count.count_paths(r, c, pinned=pinned, deadline=until,
                                         progress=report, max_bytes=allowed, cancel=cancel,
                                         checkpoint=checkpoint)
        report(n, n, 0)
    return total * factor


@contextlib.contextmanager
def _counting(began: float, bar: Any) -> Iterator[None]:
    """A DP count's block: its timeout (SearchLimitError, not a cancel,
    which is one too) as the package's ``stopped`` error, and its progress
    bar (or None) closed however it ends."""
    try:
        yield
    except SearchCancelled:
        raise
    except SearchLimitError:
        raise stopped("count", began, 0) from None
    finally:
        if bar is not None:
            bar.close()


def _dp_on_disk(task: Task, workers: int, room: int, until: float,
                cancel: np.ndarray | None, checkpoint: Checkpoint, info: dict[str, Any],
                began: float, states: int, show: bool = False) -> int:
    """A whole board's count whose halves do not fit whole, given a
    checkpoint directory: in pieces whose tables live there, each range of
    a piece recorded as it goes (:mod:`.frontier_disk`), on ``workers``
    processes; a timeout, a cancel or a kill leaves the record, and the
    same call resumes it (8x8 open, hours on two cores).  ``show``: a
    progress bar of the pieces, with each step of a piece (its held
    tables, each range recorded) a line above it."""
    r, c, n = task.rows, task.cols, task.rows * task.cols
    path_mode = not task.closed
    spec = frontier_disk.layout(r, c, path_mode)
    info["detail"] = (f"frontier DP in {len(spec.pieces)} pieces on disk (the halves whole: "
                      f"an estimated peak of {states:,} states)")
    bar = progress_bar(len(spec.pieces), f"{r}x{c} dp on disk", "piece") if show else None
    notify = checkpoint.notify

    def log(line: str) -> None:
        if bar is not None:
            bar.write(line, file=sys.stderr)
        elif notify is not None:
            notify(line)

    def report(done: int, total: int) -> None:
        if bar is not None:
            bar.n = done
            bar.refresh()

    with _counting(began, bar):
        total = frontier_disk.count_on_disk(
            spec, f"{r}x{c}{'o' if path_mode else 'c'}", checkpoint.directory,
            procs=max(1, workers), every=checkpoint.every, max_bytes=room, deadline=until,
            cancel=cancel, log=log, progress=report,
            close=() if checkpoint.lock is None else (checkpoint.lock.fileno(),))
    assert total is not None  # every piece was asked for
    if path_mode:
        return total * (1 if n == 1 else 2)  # each undirected path both ways
    return total * (2 * n if task.directed else 1)


def _dp_on_workers(r: int, c: int, mode: str, pinned: tuple[int, ...], allowed: int,
                   workers: int, executor: cf.Executor | None, until: float, began: float,
                   cancel: np.ndarray | None, local: LocalPool) -> int:
    """The DP count on ``workers`` processes or any executor: a split count's
    side 0 and side 1's stem side by side, then side 1's last column in
    shards (:mod:`.frontier_shards`), each swept and joined on a worker;
    an unsplit count's moduli in shares."""
    width = workers if executor is None else executor_width(executor)

    def run(fn: Any, args: list[tuple[Any, ...]]) -> list[Any]:
        return run_jobs(fn, args, workers=workers, executor=executor, deadline=until,
                        began=began, on_result=lambda result: None, cancel=cancel,
                        local=local)
    jobs = frontier_jobs.plan_jobs(r, c, mode, width, pinned=pinned, max_bytes=allowed)
    if jobs[0].side < 0:
        return frontier_jobs.combine(run(frontier_jobs.run_job, [(j, until) for j in jobs]),
                                     until)
    sides = [make_part(r, c, path_mode=mode == "path", cut=jobs[0].cut, side=s,
                       pinned=pinned) for s in (0, 1)]
    stem_at = frontier_shards.stem_cell(sides[1])
    # each worker holds the left side and one shard at a time; local workers
    # share this machine's memory, an executor's each have max_memory
    share = allowed // max(1, width) if executor is None else allowed
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    if client is not None and not hasattr(client, "scatter"):
        client = None
    try:
        left, stem = run(frontier_jobs.run_job,
                         [(jobs[0], until), (dataclasses.replace(jobs[1], stop=stem_at), until)])
    except BoardTooLargeError:
        # side 0's table does not fit whole: both halves in pieces
        return _dp_pieces(r, c, mode, pinned, jobs[0], allowed, share, until, run, client)
    left_job = frontier_jobs.left_for_join(left.table, sides, jobs[0].moduli)
    del left
    room = share - sum(a.nbytes for a in left_job.left)
    if room <= 0:
        del left_job, stem
        return _dp_pieces(r, c, mode, pinned, jobs[0], allowed, share, until, run, client)
    # at least one shard a worker
    m = frontier_shards.shard_cells(len(stem.table[0]), room, sides[1].board.W, width)
    keys = frontier_shards.shard_keys(range(stem_at, stem_at + m))
    spec = (r, c, mode == "path", jobs[0].cut, pinned, (), None)
    args: list[tuple[Any, ...]]
    if client is not None:
        # the left side and the stem go to each worker once, not with every shard
        big = client.scatter([left_job, stem.table], broadcast=True)
        shards = frontier_shards.shard_jobs(left_job, stem.table, stem_at, keys, room, spec=spec,
                                            apart=True)
        args = [(job, until, None, None, big[0], big[1]) for job in shards]
    else:
        shards = frontier_shards.shard_jobs(left_job, stem.table, stem_at, keys, room, spec=spec)
        args = [(job, until) for job in shards]
    shares = run(frontier_shards.run_shard, args)
    return frontier_shards.combine_shards(left_job, [share for share, _ in shares])


def _dp_pieces(r: int, c: int, mode: str, pinned: tuple[int, ...], job: frontier_jobs.Job,
               allowed: int, share: int, until: float, run: Any, client: Any) -> int:
    """The split count in pieces on the workers (:mod:`.frontier_pieces`),
    where side 0's table does not fit a worker whole: the two stems here,
    then one piece a job, each worker holding one piece's tables at a time."""
    spec = frontier_pieces.least_memory_spec(r, c, mode == "path", job.cut, job.moduli,
                                             pinned=pinned)
    s0, s1 = frontier_pieces.stems(spec, deadline=until, max_bytes=allowed)
    room = share - sum(a.nbytes for _, t in (s0, s1) for a in t)
    if room <= 0:
        raise BoardTooLargeError(
            f"counting the tours of {article(f'{r}x{c} board')} by frontier DP needs more "
            f"than the {share / 2**30:.2f} GiB a worker may use (side 0's table does not "
            f"fit, and the two halves' stems alone are {(share - room) / 2**30:.2f} GiB); "
            "allow more memory (max_memory=) or fewer workers")
    args: list[tuple[Any, ...]]
    if client is not None:
        # the stems go to each worker once, not with every piece
        big = client.scatter([s0, s1], broadcast=True)
        args = [(frontier_pieces.PieceJob(spec, i, room), until, big[0], big[1])
                for i in range(len(spec.pieces))]
    else:
        args = [(frontier_pieces.PieceJob(spec, i, room, s0, s1), until)
                for i in range(len(spec.pieces))]
    return frontier_pieces.combine_pieces(spec, run(frontier_pieces.run_piece_job, args))


def _search_count(task: Task, workers: int, executor: cf.Executor | None, show: bool,
                  until: float, began: float, local: LocalPool,
                  cancel: np.ndarray | None = None) -> int:
    """The count by the exact depth-first search, on the workers if any."""
    r, c, s, e = task.rows, task.cols, task.start, task.end
    n = r * c
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
        total, _, finished = probe(job, PROBE_NODES if parallel else 0, until, began, cancel)
        if finished == len(job.tasks):
            return total * factor
        job.tasks = job.tasks[finished:]
    width = workers if executor is None else executor_width(executor)
    split(job, SPLIT_PER_WORKER * width if parallel else 64, 2)
    bar = progress_bar(len(job.tasks), f"{r}x{c} search", "subtree") if show else None
    try:
        if parallel:
            more = search_on_workers(job, workers=workers, executor=executor, deadline=until,
                                     began=began, bar=bar, cancel=cancel, local=local)
        else:
            more, _ = run_here(job, until, began, bar, cancel)
        return (total + more) * factor
    finally:
        if bar is not None:
            bar.close()


def _clue_tours(spec: Clues, closed: bool, limit: int | None, until: float, cancel: Any,
                ) -> Iterator[Tour]:
    began = time.perf_counter()
    with watched(check_cancel(cancel)) as flag:
        yield from clue_tours(spec, closed, limit, until, flag, began)


def _board_tours(task: GraphTask, limit: int | None, until: float, cancel: Any,
                 ) -> Iterator[Tour]:
    token = check_cancel(cancel)  # set already: stopped before any work, theory included
    if limit == 0 or board_ruled_out(task):
        return  # theory: nothing to list, without a search
    began = time.perf_counter()
    with watched(token) as flag:
        yield from enumerate_on_board(task, limit, until, flag, began)


def _tours(task: Task, limit: int | None, deadline: float, cancel: Any = None,
           ) -> Iterator[Tour]:
    # A board theory rules out has no tours to list: none at once, where the
    # search would set up one root per square first (2x3000: 6000 roots, 0.7 s).
    # Checked at the first next(), when the generator starts its work (a token
    # set already stops it before any work, theory included).
    token = check_cancel(cancel)
    if limit == 0 or ruled_out(task):
        return
    began = time.perf_counter()
    # Bounded like the search (no yield inside: the context would leak).
    with planning(deadline, token, began=began, what="tours"):
        roots = enumeration_roots(task.rows, task.cols, task.flat(task.start),
                                  task.flat(task.end), task.closed, task.directed)
    with watched(token) as flag:
        yield from _enumerate(task, roots, limit, deadline, flag, began)


def _enumerate(task: Task, roots: Any, limit: int | None, deadline: float,
               flag: np.ndarray | None, began: float) -> Iterator[Tour]:
    r, c, closed = task.rows, task.cols, task.closed
    n = r * c
    yielded = 0
    steps = np.arange(n, dtype=np.int32)
    codes = (_count.DONE, _count.TIME_LIMIT, _count.CANCELLED)

    def left() -> int | None:
        return None if limit is None else limit - yielded

    for blocked, prefix, ends in roots:
        # Each root's set-up is O(squares) before its first poll: with one
        # root per square the deadline must be seen between roots too.
        if deadline and time.time() > deadline:
            raise stopped("tours", began, 0)
        if flag is not None and flag[0]:
            raise cancelled("tours", began, 0)
        length = n - (blocked is not None)
        flags = np.zeros(0 if ends is None else n, dtype=np.uint8)
        if ends is not None:
            flags[list(ends)] = 1
        search = _count.PathSearch(
            r, c, np.asarray(prefix, dtype=np.int32),
            np.asarray(() if blocked is None else (blocked,), dtype=np.int32), flags,
        )
        for row in collected(search, length, left, deadline, flag, began, "tours", codes):
            order = row if blocked is None else np.concatenate(([blocked], row))
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


__all__ = ["run_clue_tours", "run_clues", "run_dp", "run_search", "run_tours"]

"""One argument check for every counting entry point, and the Job it makes.

:func:`knight.count`, :func:`knight.tours` and :func:`knight.estimate` turn
their arguments into a :class:`knight.Board` at the top (``as_board``) and
hand it, with the rest, to :func:`counting_job`: the one check, in one order
for every board, and the :class:`knight.planner.Job` the planner runs.  The
task the engines read (``job.options["task"]``) is chosen there, in one
place: a plain knight rectangle's :class:`Task` (what the offset search and
the rectangle's frontier DP take), or a :class:`GraphTask` (squares as the
board's numbers) on any other board, and on a rectangle counted with
``limit=`` (the table search stops at it); with clues, none (the clues
carry the ends).  :func:`validate` is the reference count's check of a
plain rectangle.  Every check runs before any work or allocation, so each
entry point reports a bad argument the same way.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import os
import time
from typing import Any, NamedTuple

import numpy as np

from .. import planner
from ..board import Board, check_table_memory
from ..clues import Clues, check_clues, check_open_end, square_numbers, with_ends
from ..geometry import Square, as_int, available_memory, board_size, check_memory, square
from ..limits import (
    Limits,
    check_bool,
    check_cancel,
    check_cancel_type,
    check_least,
    check_progress,
    check_timeout,
    deadline,
)
from ..magic import check_magic
from . import frontier_board, frontier_disk
from .checkpoint import DEFAULT_EVERY, open_checkpoint

#: Memory needed per square of the board by the search, a generous estimate:
#: the Python-side tables (neighbours, up to 8 symmetries as tuples of ints)
#: and the core's arrays (about 70 bytes).
BYTES_PER_SQUARE = 400

#: An open count over every start keeps, for each orbit of start squares,
#: the set of the squares of the later orbits as its allowed ends: n/8
#: orbits on a square board (n/4 on a rectangle) of n/2 squares on average,
#: about 50 bytes a square in a frozenset.  Quadratic in the board.
BYTES_PER_END = 50


class Task(NamedTuple):
    """A checked counting question."""

    rows: int
    cols: int
    start: Square | None
    end: Square | None
    closed: bool
    directed: bool

    def flat(self, sq: Square | None) -> int | None:
        """``sq`` as a flat square ``row * cols + col`` (None stays None)."""
        return None if sq is None else sq[0] * self.cols + sq[1]


class GraphTask(NamedTuple):
    """A validated count or listing on a general board (squares as numbers)."""

    board: Board
    start: int | None
    end: int | None
    closed: bool
    directed: bool


def validate(rows: Any, cols: Any, start: Any, end: Any, closed: Any, directed: Any) -> Task:
    """The board, the squares and the flags of a count, checked."""
    r, c = board_size(rows, cols)
    s = None if start is None else square(start, r, c, "start")
    e = None if end is None else square(end, r, c, "end")
    if not isinstance(closed, (bool, np.bool_)):
        raise TypeError(f"closed must be a bool, not {type(closed).__name__}")
    if not isinstance(directed, (bool, np.bool_)):
        raise TypeError(f"directed must be a bool, not {type(directed).__name__}")
    if closed and not directed and e is not None and s is None:
        raise ValueError(_END_NEEDS_START)
    return Task(r, c, s, e, bool(closed), bool(directed))


def check_search_memory(task: Task, counting: bool = False) -> None:
    """Refuse, before allocating, a search whose tables cannot fit.

    ``counting``: for :func:`knight.count`, whose open count over every
    start keeps sets of allowed ends per orbit (:data:`BYTES_PER_END`)."""
    n = task.rows * task.cols
    need = BYTES_PER_SQUARE * n
    if counting and not task.closed and task.start is None and task.end is None:
        need += BYTES_PER_END * (n // (8 if task.rows == task.cols else 4)) * (n // 2)
    check_memory(need, f"counting the tours of the {task.rows}x{task.cols} board")


def usable_cpus() -> int:
    """How many CPUs this process may run on (its affinity mask, else the count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def check_workers(workers: Any, executor: Any) -> int:
    """The number of local processes, and the executor's type, checked.

    ``workers`` above the CPUs this process may use (:func:`usable_cpus`)
    is reduced to that number: more processes than CPUs only share them,
    and each one costs memory and a start-up (``workers=1000`` would fork
    a thousand).
    """
    w = as_int(workers, "workers")
    if w < 1:
        raise ValueError(f"workers must be at least 1, got {w}")
    w = min(w, usable_cpus())
    if (
        executor is not None
        and not isinstance(executor, cf.Executor)
        and not callable(getattr(executor, "submit", None))
    ):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    return w


def check_limit(limit: Any) -> int | None:
    """How many tours to list at most (None: all)."""
    return check_least(limit, "limit", 0)


def check_count_limit(limit: Any) -> int | None:
    """count's ``limit``: None, or a positive int."""
    return check_least(limit, "limit", 1, "a positive int (stop at that many tours)")


_END_NEEDS_START = ("end needs start for undirected closed tours (the cycles through the move "
                    "start-end); pass start=, or directed=True")


def counting_job(what: str, board: Board, start: Any, end: Any, closed: Any, directed: Any, *,
                 method: Any = "auto", limit: Any = None, clues: Any = None,
                 timeout: Any = None, workers: Any = None, executor: Any = None,
                 progress: Any = False, max_memory: Any = None, cancel: Any = None,
                 info: dict[str, Any] | None = None, began: float | None = None,
                 checkpoint: Any = None, checkpoint_every: Any = DEFAULT_EVERY,
                 magic: Any = None, up_to_symmetry: bool = False) -> planner.Job:
    """The arguments of :func:`knight.count` (``what="count"``),
    :func:`knight.tours` (``"tours"``) or :func:`knight.estimate`
    (``"estimate"``: a count's Job, never run) on ``board``, checked in one
    order, as the planner's :class:`knight.planner.Job`.

    The order: ``limit`` (count's: a positive int; tours': at least 0),
    ``timeout`` (the deadline is armed here: it bounds the planning too),
    ``clues``, ``start`` and ``end`` (on the board, not holes), ``closed``
    and ``directed``, an ``end`` without ``start`` on undirected closed
    tours, ``method`` (and the boards it serves), the DP's width for
    ``method="dp"``, ``directed`` on open tours where the table and clue
    searches refuse it, ``workers`` and ``executor`` (None: not taken),
    ``progress``, ``max_memory``, the memory of the tables, the cancel
    token (count: set already stops the call; tours: its type only, a set
    token stops the listing at the first ``next()``), and last, being the
    costliest, ``checkpoint`` (count only, see :func:`check_checkpoint`).

    The job's ``options`` hold ``task`` (see the module), ``until`` (the
    deadline, a ``time.time()``; 0.0: none), ``token`` (the checked
    cancel token), ``workers``, ``executor``, ``progress``,
    ``max_memory``, ``most`` (the limit), ``info`` and ``checkpoint`` (a
    :class:`.checkpoint.Checkpoint`, or None)."""
    counting = what != "tours"
    kind = check_magic(magic, board)
    most = check_count_limit(limit) if counting else check_limit(limit)
    seconds = check_timeout(timeout)
    until = deadline(seconds)
    given = None if clues is None else check_clues(board, clues)
    if kind is not None:
        return _magic_job(what, board, kind, start, end, closed, directed, given, method, most,
                          seconds, until, workers, executor, progress, cancel, info, began,
                          checkpoint, checkpoint_every, up_to_symmetry)
    s = None if start is None else board.square(start, "start")
    e = None if end is None else board.square(end, "end")
    closed = check_bool(closed, "closed")
    directed = check_bool(directed, "directed")
    if closed and not directed and e is not None and s is None and given is None:
        # An undirected cycle has no last square without a first (with
        # clues, end= is the clue for the last step).
        raise ValueError(_END_NEEDS_START)
    if counting:
        planner.check_method("count", method)
        if method != "auto":  # "auto" has an engine on every board, clues or not
            planner.choose(board, "count", method, clues=given is not None)
        if method == "dp":  # too wide for the DP: refused before any work
            frontier_board.check_width(*board.box()[2:])
    # The one place a plain knight rectangle parts from any other board: the
    # offset search and the rectangle's DP take its Task; the table search
    # (on a rectangle too when a count stops at a limit) a GraphTask.
    rectangle = board.is_standard and given is None and not (what == "count" and
                                                              most is not None)
    if directed and not closed and (given is not None or what == "count" and not rectangle):
        raise ValueError("directed applies to closed tours (open tours are always directed)")
    task: Task | GraphTask | None = None
    spec: Clues | None = None
    if rectangle:
        task = Task(board.rows, board.cols, s, e, closed, directed)
    else:
        s_, e_ = (None if sq is None else int(board.index[sq]) for sq in (s, e))
        if given is None:
            task = GraphTask(board, s_, e_, closed, directed)
        else:
            spec = with_ends(given, board, s_, e_)
            s = e = None  # the ends are clues
    w = 1 if workers is None else check_workers(workers, executor)
    show = check_progress(progress)
    room = None if max_memory is None else as_int(max_memory, "max_memory")
    if room is not None and room < 1:
        raise ValueError(f"max_memory must be a positive number of bytes, got {room}")
    if isinstance(task, Task):
        if not counting:  # a count's search checks its own, in its runner
            check_search_memory(task)
    elif what != "estimate":
        verb = "counting" if counting else "listing"
        check_table_memory(board, f"{verb} the tours of the {board.describe()}")
    if counting:
        token = check_cancel(cancel)
        limits = (Limits.check() if seconds is None and token is None  # the one shared value
                  else Limits(timeout=seconds, cancel=token))
    else:
        # given unchecked: a token set already stops the listing at its first next()
        token = check_cancel_type(cancel)
        limits = Limits(timeout=seconds, cancel=token)
    report = {} if info is None else info
    saved = None
    disk_room = None  # the memory of a count in pieces on disk, decided here once
    if checkpoint is not None and what == "count":
        mem = available_memory() if room is None else room
        if isinstance(task, Task) and frontier_disk.goes_on_disk(
                task.rows, task.cols, not closed, s is not None or e is not None, mem):
            disk_room = mem
        method = check_checkpoint(board, method, given is not None, w, executor,
                                  disk_room is not None)
        saved = open_checkpoint(checkpoint, _count_key(board, s, e, closed, directed),
                                _count_text(board, s, e, closed, directed), checkpoint_every,
                                report)
    options = {"task": task, "until": until, "token": token, "workers": w,
               "executor": executor, "progress": show, "max_memory": room, "most": most,
               "info": report, "checkpoint": saved, "on_disk": disk_room}
    return planner.Job("count" if counting else "tours", board, method if counting else "auto",
                       s, e, closed, limits, options, spec,
                       time.perf_counter() if began is None else began)


def _magic_job(what: str, board: Board, kind: str, start: Any, end: Any, closed: Any,
               directed: Any, given: Clues | None, method: Any, most: int | None,
               seconds: float | None, until: float, workers: Any, executor: Any,
               progress: Any, cancel: Any, info: dict[str, Any] | None,
               began: float | None, checkpoint: Any = None,
               checkpoint_every: Any = DEFAULT_EVERY,
               up_to_symmetry: bool = False) -> planner.Job:
    """:func:`counting_job` with ``magic=``: the magic search's Job.  Magic
    tours are numbered tours, so ``start`` and ``end`` are clues for the first
    and last numbers and ``directed`` makes no difference (every start and
    direction of a closed tour is its own numbering).  A count runs in
    ranges (:mod:`.magic_count`): on ``workers`` or an ``executor``, with
    ``checkpoint`` (the directory opened last, as for the DP) and
    ``up_to_symmetry``; neither of the last two takes ``limit``."""
    first, last = square_numbers(board, start, end)
    closed = check_open_end(closed, last)
    check_bool(directed, "directed")
    if what != "tours":
        planner.check_method("count", method)
    planner.choose(board, "count" if what != "tours" else "tours",
                   method if what != "tours" else "auto", magic=True)
    w = 1 if workers is None else check_workers(workers, executor)
    if most is not None and what != "tours":
        for name, value in (("checkpoint", checkpoint), ("up_to_symmetry", up_to_symmetry)):
            if value not in (None, False):
                raise ValueError(f"limit= stops a magic count early: not with {name}= (it "
                                 "counts the whole enumeration)")
    show = check_progress(progress)
    if what == "tours":
        token = check_cancel_type(cancel)
    else:
        token = check_cancel(cancel)
    limits = Limits(timeout=seconds, cancel=token)
    spec = with_ends(given, board, first, last)
    s = None if first is None else board.square(start, "start")
    report = {} if info is None else info
    saved = None
    if checkpoint is not None and what == "count":
        count_key = {**_count_key(board, None, None, closed, False), "magic": kind,
                     "clues": sorted([int(sq), int(step)] for step, sq in spec.at.items()),
                     "up_to_symmetry": up_to_symmetry}
        count_key.pop("directed")
        named = "semi-magic" if kind == "semi-magic" else "diagonally magic"
        text = _count_text(board, None, None, closed, False) + f", {named}" + (
            f", {len(spec.at)} clues" if spec.at else "") + (
            ", up to symmetry" if up_to_symmetry else "")
        # the ranges' records are the magic search's: its build, not the sweep's
        from .._core import magic_search
        saved = open_checkpoint(checkpoint, count_key, text, checkpoint_every, report,
                                core=magic_search)
    options = {"task": None, "until": until, "token": token, "workers": w,
               "executor": executor, "progress": show, "max_memory": None, "most": most,
               "magic": kind, "info": report, "checkpoint": saved,
               "up_to_symmetry": up_to_symmetry}
    return planner.Job("count" if what != "tours" else "tours", board, "auto", s, None, closed,
                       limits, options, spec, time.perf_counter() if began is None else began)


def check_checkpoint(board: Board, method: str, clues: bool, workers: int,
                     executor: Any, on_disk: bool = False) -> str:
    """The method of a count with ``checkpoint=``: only the frontier DP
    writes checkpoints, so ``"auto"`` becomes ``"dp"``, and ValueError for
    what cannot run by it here: ``method="search"``, clues, a board the DP
    does not serve, ``workers`` above 1 or an ``executor`` (a checkpointed
    count runs in this process; one that goes on in pieces on disk,
    ``on_disk``, runs on ``workers`` local processes).

    >>> from knight import Board
    >>> check_checkpoint(Board(6), "auto", False, 1, None)
    'dp'
    >>> check_checkpoint(Board(6), "search", False, 1, None)
    Traceback (most recent call last):
    ValueError: checkpoint= needs the frontier DP (method='dp' or 'auto'): the search writes none
    """
    if method == "search":
        raise ValueError("checkpoint= needs the frontier DP (method='dp' or 'auto'): "
                         "the search writes none")
    if clues:
        raise ValueError("checkpoint= needs the frontier DP, which counts no clues: "
                         "a count with clues= cannot write checkpoints")
    try:
        planner.choose(board, "count", "dp")
    except ValueError as exc:
        raise ValueError(f"checkpoint= needs the frontier DP: {exc}") from None
    if (workers > 1 and not on_disk) or executor is not None:
        raise ValueError("checkpoint= counts in this process: workers= above 1 and "
                         "executor= are not taken with it (except workers= by a count "
                         "that goes on in pieces on disk, its halves too large to hold)")
    frontier_board.check_width(*board.box()[2:])
    return "dp"


def _count_key(board: Board, start: Square | None, end: Square | None, closed: bool,
               directed: bool) -> dict[str, Any]:
    """The arguments that decide a count, as its checkpoints record them."""
    mask = board.mask
    return {"rows": board.rows, "cols": board.cols, "moves": sorted(board.moves),
            "wrap": board.wrap,
            "mask": None if board.is_full else hashlib.sha256(
                np.ascontiguousarray(mask, dtype=np.uint8).tobytes()).hexdigest(),
            "start": start, "end": end, "closed": closed, "directed": directed}


def _count_text(board: Board, start: Square | None, end: Square | None, closed: bool,
                directed: bool) -> str:
    """The same in words, for the messages."""
    words = [f"the {board.describe()}", "closed" if closed else "open"]
    if directed:
        words.append("directed")
    words += [f"{name} {sq}" for name, sq in (("start", start), ("end", end)) if sq is not None]
    return ", ".join(words)


__all__ = [
    "BYTES_PER_SQUARE",
    "GraphTask",
    "Task",
    "check_bool",
    "check_checkpoint",
    "check_count_limit",
    "check_limit",
    "check_progress",
    "check_search_memory",
    "check_timeout",
    "check_workers",
    "counting_job",
    "deadline",
    "usable_cpus",
    "validate",
]

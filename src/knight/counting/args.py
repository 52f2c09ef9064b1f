"""One argument check for every counting entry point.

:func:`knight.count`, :func:`knight.tours` and the reference count take the
same board, squares and flags; they are checked here, before any work or
allocation, so each entry point reports a bad argument the same way.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from typing import Any, NamedTuple

import numpy as np

from ..geometry import Square, as_int, board_size, check_memory, square
from ..limits import check_bool, check_least, check_progress, check_timeout, deadline

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
        raise ValueError(
            "end needs start for undirected closed tours (the cycles through the move "
            "start-end); pass start=, or directed=True"
        )
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


__all__ = [
    "BYTES_PER_SQUARE",
    "Task",
    "check_bool",
    "check_limit",
    "check_progress",
    "check_search_memory",
    "check_timeout",
    "check_workers",
    "deadline",
    "usable_cpus",
    "validate",
]

"""The engine ``magic-construct``: semi-magic tours of 4h x 4k boards by construction.

:func:`knight.solve` with ``magic="semi"`` (and :func:`knight.exists` /
:func:`knight.why_not`, which solve) on a board the construction covers
(:func:`knight.magic_construct.covers`: 8x8, 8x12, 12x12, 16x16, ... both
sides multiples of 4 and at least 8) gets the tour of
:func:`knight.magic_construct.semi_magic_steps` at once, where the search
would restart for minutes (12x12 and 16x16 find nothing in two).
``seed=`` draws another of its tours (another chain of block patterns).
Its tours are open; ``start=`` is met when one of the tour's images
under the board's symmetries and reversal (which keep it semi-magic)
starts there (the corners, and a few squares beside them; on boards of an
odd number of blocks each way, (2, 3) and its images).  A job that
fixes another start, the end or other clues, asks for a closed or a
diagonally magic tour, goes to the search (``method="auto"``), or is
refused before any work (``method="construct"``).
"""

from __future__ import annotations

import functools
import math
import time
from typing import TYPE_CHECKING

import numpy as np

from ..limits import check_cancel, check_planning, planning
from ..magic_construct import covers, semi_magic_steps
from ..tour import Tour

if TYPE_CHECKING:
    from ..planner import Job

__all__ = ["construct_cost", "fits", "run_solve"]

#: Seconds a square the construction takes (measured: 1000x1000 in 0.4 s),
#: plus its tables, built once a process (0.1 s).
SECONDS_PER_SQUARE = 4e-7
TABLES_SECONDS = 0.15

#: Seconds a 4x4 block takes on boards of an odd number of blocks each way,
#: where a search links the patterns (measured: 100x100 in 0.8 s, 204x204,
#: 2,601 blocks, in 4.4 s, 404x404, 10,201 blocks, in 23 s: a little more
#: than linear).
SECONDS_PER_ODD_BLOCK = 2.5e-3


def fits(job: Job) -> str | None:
    """Why the construction cannot serve ``job``, or None when it can."""
    rows, cols = job.board.shape
    if job.option("magic") != "semi-magic":
        return "it builds semi-magic tours, not diagonally magic ones"
    if not covers(rows, cols):
        return f"it builds 4h x 4k boards with h, k >= 2, not the {job.board.describe()}"
    if job.closed:
        return "its tours are open"
    given = {} if job.clues is None else dict(job.clues.at)
    if not given:
        return None
    if set(given) != {0}:
        return "it picks its own end and numbers (no end= or clues=)"
    sq = divmod(int(given[0]), cols)
    with planning(job.limits.deadline(), job.limits.cancel, began=job.began, what=_WHAT):
        reached = _oriented(rows, cols, sq, job.option("seed"))
    if reached is None:
        return (f"none of its tour's turned, mirrored or reversed images starts on "
                f"{sq} ({job.board.algebraic(sq)}); the corners do")
    return None


@functools.lru_cache(maxsize=1)
def _steps(rows: int, cols: int, seed: int | None) -> np.ndarray:
    """The constructed steps of a board, kept for the job that asked whether
    they fit and then runs (read-only)."""
    steps = semi_magic_steps(rows, cols, seed)
    steps.flags.writeable = False
    return steps


def _oriented(rows: int, cols: int, start: tuple[int, int] | None,
              seed: int | None = None) -> np.ndarray | None:
    """The constructed tour, turned, mirrored or read backwards (each keeps
    it semi-magic) so that it starts on ``start`` (None: as built), or None."""
    steps = _steps(rows, cols, seed)
    if start is None:
        return steps  # read-only, so the Tour may share it with the cache
    last = rows * cols - 1
    for transpose in (False, True) if rows == cols else (False,):
        for flip_r in (False, True):
            for flip_c in (False, True):
                v = steps.T if transpose else steps
                v = v[::-1] if flip_r else v
                v = v[:, ::-1] if flip_c else v
                for backwards in (False, True):
                    if (last - v[start] if backwards else v[start]) == 0:
                        return np.ascontiguousarray(last - v if backwards else v)
    return None


_WHAT = "the construction of a semi-magic tour"


def construct_cost(job: Job) -> float:
    """Seconds the construction takes for ``job``, or inf where it does not fit."""
    if fits(job) is not None:
        return math.inf
    rows, cols = job.board.shape
    h, k = rows // 4, cols // 4
    per_block = SECONDS_PER_ODD_BLOCK if h * k % 2 else 0.0
    return TABLES_SECONDS + SECONDS_PER_SQUARE * job.board.size + per_block * h * k


def run_solve(job: Job) -> Tour:
    """The engine ``magic-construct`` for :func:`knight.solve`: the
    constructed semi-magic tour, checked before it is handed out.

    >>> import knight
    >>> tour = knight.solve(16, magic="semi")
    >>> tour.method, tour.magic
    ('magic-construct', 'semi-magic')
    """
    check_cancel(job.limits.cancel)
    why = fits(job)
    if why is not None:
        raise ValueError(f"method='construct' cannot build this magic tour: {why}")
    rows, cols = job.board.shape
    given = {} if job.clues is None else dict(job.clues.at)
    # timeout= and cancel= reach the construction's loops (1000x1000: 0.5 s)
    with planning(job.limits.deadline(), job.limits.cancel, began=job.began, what=_WHAT):
        steps = _oriented(rows, cols, divmod(int(given[0]), cols) if given else None,
                          job.option("seed"))
        assert steps is not None  # fits() said so
        # Checked (a tour, and semi-magic) before it is handed out: a fault in
        # the construction is an error here, never a wrong tour.
        tour = Tour(steps, closed=False, method="magic-construct", nodes=0)
        if tour.magic is None:  # pragma: no cover - proved in knight.magic_construct
            raise AssertionError(f"the constructed tour of the {job.board.describe()} is not "
                                 "semi-magic")
        check_planning()
    tour.seconds = time.perf_counter() - job.began
    return tour

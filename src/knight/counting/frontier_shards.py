"""Meet in the middle in shards: side 1's last column swept in pieces.

A split count's two halves are not alike.  Side 1 owns the edges inside the
boundary, so its last column (the boundary column next to the cut) decides
far more edges than any other and its table grows there many times: 8x8
closed holds 4.0e6 states when side 1 starts that column and 1.67e8 at its
end (side 0 peaks at 1.4e7).  That one column is what needs memory.

Every tour takes a definite number of back edges (0, 1 or 2) at each cell.
Fixing that number at the first m cells of the last column cuts side 1's
tours into 3^m disjoint *shards*; each is swept from side 1's table at the
start of the column (the *stem*) with the other numbers refused
(``frontier_sweep.run``'s ``degmask``) and joined with side 0's whole table,
and the sums add up to the count, exactly.  Those cells are boundary cells,
whose degree a final state keeps, so the shards' final tables are disjoint
too: together they hold side 1's final table once, each about 1/3^m of it
(measured below), and only the first m cells are swept more than once.
:func:`plan_shards` picks m from the memory a shard may use; a shard that
still outgrows it is cut by the next cell and run again.

Keying shards by the stem's states instead (a hash of the key) does not
work: the states at the end of the column hardly depend on where in the
stem they came from, so every such shard held most of them (8x8 closed:
over 60 % of side 1's table in each of 3).

:class:`ShardJob` is one shard, picklable, for :func:`run_shard` on any
executor; :func:`count_in_shards` runs them here, in order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
import numpy.typing as npt

from ..errors import BoardTooLargeError
from .frontier_halves import Part, _Table, make_part, run_part
from .frontier_jobs import JoinJob, combine_joins, right_for_join, run_join
from .frontier_run import _Progress

__all__ = ["JOIN_BYTES", "ShardJob", "combine_shards", "count_in_shards", "plan_shards",
           "run_shard", "shard_cells", "shard_jobs", "shard_keys", "stem_cell"]

#: Peak bytes of side 1's last column over its stem's states, before the
#: first shard has measured it (8x8 closed: 1.89e10 bytes from 4.0e6
#: states, 4,700 a state; 7x8 closed 880; 6x8 closed 370), rounded up:
#: the number of shards is chosen so that a shard's share of it fits, and
#: the shards run measure the rest.
FIRST_GROWTH = 6_000

#: The join's bytes a right state beyond its table entry (its profile, the
#: sort's order, its mate words, the profile table at most half full).
JOIN_BYTES = 64

#: A shard's share of the whole, taken per cell it fixes: a third, for the
#: three degrees 0, 1, 2 (the largest measured share is about a half: see
#: :func:`plan_shards`).
SHARE_PER_CELL = 0.5


def stem_cell(part: Part) -> int:
    """The cell where side 1's last column starts: the stem's position."""
    return part.board.N - part.board.W


def shard_keys(cells: Sequence[int]) -> list[dict[int, int]]:
    """Every shard that fixes the degree of ``cells``: one dict
    {cell: back edges it takes} for each choice of 0, 1 or 2 at each.

    >>> shard_keys([32]), len(shard_keys([32, 33]))
    ([{32: 0}, {32: 1}, {32: 2}], 9)
    """
    return [dict(zip(cells, ds)) for ds in product((0, 1, 2), repeat=len(cells))]


@dataclass(frozen=True)
class ShardJob:
    """One shard of side 1's last column: the stem, the degrees it fixes,
    the board to rebuild side 1 from, and the left side as the join takes
    it.  Picklable: :func:`run_shard` runs it anywhere."""

    rows: int
    cols: int
    path_mode: bool
    cut: int
    pinned: tuple[int, ...]
    removed: tuple[int, ...]
    moves: tuple[tuple[int, int], ...] | None
    words: tuple[int, ...]
    stem_cell: int
    stem: _Table | None       # None: given to run_shard apart (a cluster's copy)
    degrees: tuple[tuple[int, int], ...]  # (cell, back edges it takes)
    left: JoinJob | None      # side 0's whole table, prepared; its right is empty
    max_bytes: int


def run_shard(job: ShardJob, deadline: float = 0.0,
              cancel: npt.NDArray[np.uint8] | None = None,
              progress: _Progress | None = None, left: JoinJob | None = None,
              stem: _Table | None = None) -> tuple[tuple[int, ...], int]:
    """Sweep one shard through side 1's last column and join it with the
    left side: the shard's residues (as ``run_join``'s) and the bytes the
    shard needed at its peak (its tables', or the join's when more: the
    final table, sorted, with its profiles and mate words).  A top-level
    function, so executors can ship it; raises ``BoardTooLargeError`` when
    the shard outgrows ``max_bytes``.  ``left`` and ``stem``, when the job
    leaves them out: the same for every shard, a cluster ships them to
    each worker once (``client.scatter``) rather than with every job."""
    left = job.left if left is None else left
    stem = job.stem if stem is None else stem
    if left is None or stem is None:
        raise ValueError("run_shard needs the left side and the stem")
    part = make_part(job.rows, job.cols, path_mode=job.path_mode, cut=job.cut, side=1,
                     pinned=job.pinned, removed=job.removed, moves=job.moves)
    table, ri = run_part(part, job.words, deadline=deadline, cancel=cancel,
                         max_bytes=job.max_bytes, progress=progress,
                         start=(job.stem_cell, stem), degrees=dict(job.degrees))
    entry = sum(a.itemsize * (a.size // max(1, len(table[0]))) for a in table)
    need = max(ri.peak_bytes, len(table[0]) * (2 * entry + JOIN_BYTES))
    arrays = list(table)
    del table
    jj = right_for_join(left, arrays, part)  # takes the arrays out of the list
    return run_join(jj, deadline), need


def plan_shards(stem_states: int, budget: int, cells: int,
                growth: float = FIRST_GROWTH) -> int:
    """How many cells of the last column a shard fixes (at most ``cells``)
    so that each shard's tables, taken as ``growth`` bytes a stem state
    times :data:`SHARE_PER_CELL` a cell fixed, fit ``budget`` bytes (the
    measured largest share of one degree is about 0.45 of the whole).

    >>> plan_shards(4_000_000, 16 * 2**30, 8), plan_shards(4_000_000, 4 * 2**30, 8)
    (1, 3)
    >>> plan_shards(1000, 2**30, 8)
    0
    """
    if budget <= 0:
        raise BoardTooLargeError("no memory left for side 1 of the split count")
    whole = stem_states * growth
    m = 0 if whole <= budget else math.ceil(math.log(whole / budget, 1 / SHARE_PER_CELL))
    return min(m, cells)


def shard_cells(stem_states: int, budget: int, width: int, at_least: int = 1) -> int:
    """How many cells of the last column the shards fix: as many as the
    memory calls for (:func:`plan_shards`), and enough for at least
    ``at_least`` shards (3 a cell: one shard a worker, or a caller's
    minimum), never more than the column's ``width`` cells.

    >>> shard_cells(1000, 2**30, 8), shard_cells(1000, 2**30, 8, at_least=2)
    (0, 1)
    """
    wanted = math.ceil(math.log(at_least, 3) - 1e-9) if at_least > 1 else 0
    return max(plan_shards(stem_states, budget, width), min(width, wanted))


def shard_jobs(left_job: JoinJob, stem: _Table, stem_at: int, keys: Sequence[dict[int, int]],
               room: int, *, spec: tuple[int, int, bool, int, tuple[int, ...],
                                         tuple[int, ...],
                                         tuple[tuple[int, int], ...] | None],
               apart: bool = False) -> list[ShardJob]:
    """One job for :func:`run_shard` per shard in ``keys`` (see
    :func:`shard_keys`), each with ``room`` bytes of tables; add their
    residues up with :func:`combine_shards`.  ``spec``: the board (rows,
    cols, path_mode, cut, pinned, removed, moves); ``apart``: leave the
    left side and the stem out of the jobs (given to run_shard apart)."""
    return [ShardJob(*spec[:4], spec[4], spec[5], spec[6], tuple(left_job.words), stem_at,
                     None if apart else stem, tuple(sorted(key.items())),
                     None if apart else left_job, room)
            for key in keys]


def combine_shards(left_job: JoinJob, shares: Sequence[tuple[int, ...]]) -> int:
    """The count from every shard's residues (``run_shard(job)[0]``)."""
    if not shares:
        return 0
    return combine_joins([left_job] * len(shares), shares)


def count_in_shards(left_job: JoinJob, stem: _Table, stem_at: int, width: int, *,
                    budget: int, shards: int = 1, deadline: float = 0.0,
                    cancel: npt.NDArray[np.uint8] | None = None,
                    progress: Callable[[float, int], object] | None = None,
                    spec: tuple[int, int, bool, int, tuple[int, ...], tuple[int, ...],
                                tuple[tuple[int, int], ...] | None],
                    cells: int | None = None,
                    pieces: Callable[[int, Callable[[int, int], list[int]]], list[int]]
                    | None = None) -> int:
    """The count from side 0's final table as the join takes it
    (``left_job``, from :func:`~.frontier_jobs.left_for_join`) and side 1's
    ``stem`` (its table after cell ``stem_at``; the last column has
    ``width`` cells), the column swept in shards that each fit ``budget``
    bytes of tables, joined one by one.  ``spec``: the board as
    :class:`ShardJob` keeps it (rows, cols, path_mode, cut, pinned, removed,
    moves).  ``progress(fraction, states)`` says how far the shards are
    (each counted as its share of a third a cell fixed) and the states of
    the one running; ``shards``: at least that many (the memory may call
    for more; rounded up to a power of 3); ``cells``: fix that many cells
    instead (a resumed count's).  ``pieces(n, run)``, if given, runs the
    n shards as ``run(a, b)`` does (the residues of shards a..b-1 added
    up) and adds the pieces up: a checkpoint's stage
    (:meth:`knight.counting.checkpoint.Checkpoint.pieces`)."""
    if cells is None:
        cells = shard_cells(len(stem[0]), budget, width, shards)
    keys = shard_keys(range(stem_at, stem_at + cells))
    words = left_job.words
    state = {"done": 0.0}

    def run(a: int, b: int) -> list[int]:
        """The residues of shards a..b-1 added up (each cut again, by the
        next cell, when it outgrows the budget)."""
        total = [0] * len(words)
        queue = list(keys[a:b])
        while queue:
            key = queue.pop(0)
            (job,) = shard_jobs(left_job, stem, stem_at, [key], budget, spec=spec)
            part = 3.0 ** -len(key)

            def inner(d: int, n: int, alive: int, base: float = state["done"],
                      part: float = part) -> None:
                if progress is not None:
                    progress(base + part * d / max(1, n), alive)
            try:
                share, _ = run_shard(job, deadline, cancel, inner)
            except BoardTooLargeError:
                if len(key) >= width:
                    raise
                nxt = stem_at + len(key)
                queue[:0] = [{**key, nxt: d} for d in (0, 1, 2)]
                continue
            total = [(t + x) % (1 << 64 if j == 0 else words[j])
                     for j, (t, x) in enumerate(zip(total, share))]
            state["done"] += part
        return total

    residues = run(0, len(keys)) if pieces is None else pieces(len(keys), run)
    return combine_shards(left_job, [tuple(residues)])

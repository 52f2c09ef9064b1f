"""A frontier DP count as independent jobs, for process pools and clusters.

:func:`plan_jobs` splits a count into at most a given number of picklable
:class:`Job` values: the two halves of a meet-in-the-middle split, or
shares of the moduli of one whole sweep; :func:`run_job` runs one (a
top-level function, so process pools can ship it) and :func:`combine` puts
their results together.  The join of two halves' final tables
(:mod:`knight._core.frontier_join`) can itself be spread:
:func:`plan_joins`, :func:`run_join`, :func:`combine_joins`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from .._core.frontier_join import ST_OK, ST_TIMEOUT, join, mirror_keys, profiles
from ..errors import SearchLimitError
from ..limits import planning, planning_active
from .frontier_board import (
    Moves,
    _board_args,
    _check_mode,
    can_split,
    check_moves,
    default_cut,
    prepare,
)
from .frontier_halves import Part, _Table, make_part, run_part
from .frontier_moduli import count_bound, crt, moduli_for
from .frontier_run import _run_core

__all__ = [
    "Job", "JobResult", "JoinJob", "combine", "combine_joins", "is_split", "left_for_join",
    "plan_joins", "plan_jobs", "right_for_join", "run_job", "run_join",
]

#: A table with the boundary profile of each state, as the join takes it.
_ProfiledTable: TypeAlias = tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64],
                                  npt.NDArray[np.uint64], npt.NDArray[np.uint64]]


@dataclass(frozen=True)
class Job:
    """One independent piece of a count.  Picklable.  Either one half of a
    meet-in-the-middle split (side 0 or 1, at column ``cut``), or (side -1)
    the whole sweep for a subset of the moduli."""

    rows: int
    cols: int
    path_mode: bool
    pinned: tuple[int, ...]
    removed: tuple[int, ...]
    moduli: tuple[int, ...]      # this job's moduli (2^64 only in job 0)
    all_moduli: tuple[int, ...]  # every modulus of the count, for combine
    max_bytes: int | None = None
    side: int = -1
    cut: int = -1
    moves: tuple[tuple[int, int], ...] | None = None  # None: the knight
    stop: int | None = None  # a half's sweep ends after this many cells (its stem)


@dataclass(frozen=True)
class JobResult:
    moduli: tuple[int, ...]
    residues: tuple[int, ...]
    all_moduli: tuple[int, ...]
    seconds: float
    job: Job | None = None
    table: _Table | None = None  # a half's final (lo, hi, residues) arrays


def plan_jobs(rows: int, cols: int, mode: str = "cycle", parts: int = 2, *,
              pinned: Sequence[int] = (), removed: Sequence[int] = (),
              max_bytes: int | None = None, cut: int | None = None,
              mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None) -> list[Job]:
    """Split a count into at most ``parts`` independent jobs.

    With two or more parts, boards of width >= 3 and length >= 5 are split
    by meet in the middle: two jobs, each sweeping about half the board
    from its own end (see :class:`~.frontier_halves.Part`); :func:`combine` joins their final
    tables at the cut.  That divides the enumeration itself.  Other boards
    are split by residues: each job runs the whole sweep for its share of
    the moduli (it divides only the arithmetic).  ``mask`` and ``moves`` as
    in :func:`~.frontier_count.count_cycles` (the jobs hold the board cut down to its usable
    rows and columns).
    """
    _check_parts(mode, parts)
    if mask is not None or moves is not None:
        bx, mv = _board_args(rows, cols, mask, removed, pinned, moves)
        rows, cols, removed, pinned, moves = bx.rows, bx.cols, bx.removed, bx.pinned, mv
    return _plan_jobs(rows, cols, mode, parts, pinned=pinned, removed=removed,
                      max_bytes=max_bytes, cut=cut, moves=moves)


def _check_parts(mode: str, parts: int) -> None:
    _check_mode(mode)
    if parts < 1:
        raise ValueError(f"parts must be at least 1, got {parts}")


def _plan_jobs(rows: int, cols: int, mode: str, parts: int, *, pinned: Sequence[int],
               removed: Sequence[int], max_bytes: int | None, cut: int | None,
               moves: Moves) -> list[Job]:
    _check_parts(mode, parts)
    bd = prepare(rows, cols, removed=removed, pinned=pinned,
                 path_mode=(mode == "path"), moves=moves)
    mods = moduli_for(count_bound(bd)) if bd.trivial is None else [1 << 64]
    common = (rows, cols, mode == "path", tuple(pinned), tuple(removed))
    mv = check_moves(moves)  # hashable, as prepare keeps it
    # a long leaper's edges cross more than the join's two boundary columns
    if parts >= 2 and bd.trivial is None and can_split(rows, cols) and not bd.long:
        c = default_cut(bd.L) if cut is None else cut
        # one bit more: the join may compute twice the count (see frontier_halves.Part.fold)
        mods = moduli_for(2 * count_bound(bd))
        return [Job(*common, tuple(mods), tuple(mods), max_bytes, side, c, mv)
                for side in (0, 1)]
    # word 0 rides with the first share; shares as even as possible
    parts = max(1, min(parts, len(mods) // 2))
    shares = [mods[i::parts] for i in range(parts)]
    shares.sort(key=lambda s: s[0] != 1 << 64)
    return [Job(*common, tuple(s), tuple(mods), max_bytes, moves=mv) for s in shares]


def run_job(job: Job, deadline: float = 0.0,
            cancel: npt.NDArray[np.uint8] | None = None) -> JobResult:
    """Run one job (a top-level function, so process pools can ship it).

    Its planning (the half's tables) stops at ``deadline`` too, also in a
    worker process, where the caller's :func:`knight.limits.planning` block
    does not reach."""
    if deadline > 0.0 and not planning_active():
        with planning(deadline, began=time.perf_counter(), what="frontier job"):
            return _run_job(job, deadline, cancel)
    return _run_job(job, deadline, cancel)


def _run_job(job: Job, deadline: float,
             cancel: npt.NDArray[np.uint8] | None) -> JobResult:
    t0 = time.perf_counter()
    if job.side >= 0:
        part = make_part(job.rows, job.cols, path_mode=job.path_mode, cut=job.cut,
                         side=job.side, pinned=job.pinned, removed=job.removed,
                         moves=job.moves)
        table, _ = run_part(part, job.moduli, deadline=deadline, cancel=cancel,
                            max_bytes=job.max_bytes, stop=job.stop)
        return JobResult(job.moduli, (), job.all_moduli, time.perf_counter() - t0,
                         job, table)
    bd = prepare(job.rows, job.cols, removed=job.removed, pinned=job.pinned,
                 path_mode=job.path_mode, moves=job.moves)
    if bd.trivial is not None:
        return JobResult(job.moduli, tuple(bd.trivial % q for q in job.moduli),
                         job.all_moduli, time.perf_counter() - t0)
    words = list(job.moduli)
    res: npt.NDArray[np.uint64] | list[int]  # the core's residues, then as ints
    has64 = words[0] == 1 << 64
    if not has64:  # the core's word 0 is always mod 2^64: carry it, ignore it
        words = [1 << 64] + words
    res, _ = _run_core(bd, words, deadline=deadline, cancel=cancel,
                       max_bytes=job.max_bytes)
    res = [int(x) for x in res]
    if not has64:
        res = res[1:]
    return JobResult(job.moduli, tuple(res), job.all_moduli,
                     time.perf_counter() - t0)


def combine(results: Sequence[JobResult], deadline: float = 0.0) -> int:
    """The count from the results of every job of one plan (a split's join
    runs here, in one share; see :func:`plan_joins` to run it on workers)."""
    if is_split(results):
        joins = plan_joins(results, 1)
        return combine_joins(joins, [run_join(j, deadline) for j in joins])
    mods: list[int] = []
    res: list[int] = []
    for r in results:
        mods.extend(r.moduli)
        res.extend(r.residues)
    assert sorted(mods) == sorted(results[0].all_moduli), "missing jobs"
    return crt(res, mods)


# --------------------------------------------------------------------------
# The join of two halves
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class JoinJob:
    """One share of the join at the cut: a slice of the left table against
    the whole right table (sorted by profile).  Picklable; see
    :func:`plan_joins`."""

    W: int
    path_mode: bool
    btarget: tuple[int, ...]
    lmap: tuple[int, ...]
    rmap: tuple[int, ...]
    words: tuple[int, ...]
    doubled: bool           # the sum is twice the count (both halves folded)
    left: _ProfiledTable    # (lo, hi, residues, profiles) of this slice
    right: _ProfiledTable   # (lo, hi, residues, profiles), sorted by profile


def _profiles(W: int, table: _Table, bmap: Sequence[int],
              btarget: Sequence[int]) -> npt.NDArray[np.uint64]:
    out = np.empty(len(table[0]), dtype=np.uint64)
    profiles(W, table[0], table[1], np.ascontiguousarray(bmap, dtype=np.int32),
             np.ascontiguousarray(btarget, dtype=np.int32), out)
    return out


def left_for_join(left: _Table, sides: Sequence[Part], words: Sequence[int]) -> JoinJob:
    """Side 0's final table as the join takes it (with its mirror states when
    both halves fold, and every state's boundary profile), in a JoinJob whose
    right table is still empty: :func:`right_for_join` adds one.  ``sides``:
    the two halves (:func:`~.frontier_halves.make_part`)."""
    W, tg = sides[0].board.W, sides[0].btarget
    doubled = sides[0].both_fold
    if doubled:
        # sum over s of A'(s) (C(s, r) + C(ms, r)): the left's mirrors join too
        mlo = np.empty_like(left[0])
        mhi = np.empty_like(left[1])
        mirror_keys(W, left[0], left[1], np.ascontiguousarray(sides[0].bmap, dtype=np.int32),
                    mlo, mhi)
        left = (np.concatenate((left[0], mlo)), np.concatenate((left[1], mhi)),
                np.concatenate((left[2], left[2])))
        del mlo, mhi
    lprof = _profiles(W, left, sides[0].bmap, tg)
    arrays = list(left)
    del left
    if sides[0].both_ends_twice:
        arrays[2] = _twice_where(arrays[2], (lprof & 3) == 2, words)
    # sorted by profile: the join finds the right states a profile pairs
    # with once for all the left states that have it, and reads them from
    # cache (6x8 open: the join 1.9x faster).  One array at a time, each
    # let go as its sorted copy is made.
    order = np.argsort(lprof, kind="stable")
    nw = len(words)
    lprof = lprof[order]
    arrays[0] = arrays[0][order]
    arrays[1] = arrays[1][order]
    arrays[2] = arrays[2].reshape(-1, nw)[order].reshape(-1)
    del order
    left = (arrays[0], arrays[1], arrays[2])
    none = np.empty(0, dtype=np.uint64)
    return JoinJob(W, sides[0].board.path_mode, tuple(tg), tuple(sides[0].bmap),
                   tuple(sides[1].bmap), tuple(words), doubled,
                   (left[0], left[1], left[2], lprof), (none, none, none, none))


def _twice_where(val: npt.NDArray[np.uint64], rows: npt.NDArray[np.bool_],
                 words: Sequence[int]) -> npt.NDArray[np.uint64]:
    """A copy of the residues ``val`` (``len(words)`` a state) with the
    states of ``rows`` counted twice (word 0 wraps modulo 2^64; the primes
    are below 2^63, so twice a residue fits before its reduction)."""
    nw = len(words)
    out = np.array(val, dtype=np.uint64).reshape(-1, nw)
    twice = out[rows] * np.uint64(2)
    for j in range(1, nw):
        twice[:, j] %= np.uint64(words[j])
    out[rows] = twice
    return out.reshape(-1)


def right_for_join(jj: JoinJob, right: _Table | list[npt.NDArray[np.uint64]],
                   side1: Part) -> JoinJob:
    """``jj`` with side 1's final table ``right`` as its right table, sorted
    by boundary profile as the join looks it up.  Given as a list, the
    arrays are taken out of it one by one, so that each is let go once its
    sorted copy is made (the peak is one array more than the table, not
    twice the table)."""
    nw = len(jj.words)
    rprof = _profiles(jj.W, (right[0], right[1], right[2]), side1.bmap, jj.btarget)
    order = np.argsort(rprof, kind="stable")
    rprof = rprof[order]
    if isinstance(right, list):
        val = right.pop()
        val = val.reshape(-1, nw)[order].reshape(-1)
        hi = right.pop()
        hi = hi[order]
        lo = right.pop()
        lo = lo[order]
    else:
        lo, hi = right[0][order], right[1][order]
        val = right[2].reshape(-1, nw)[order].reshape(-1)
    return replace(jj, right=(lo, hi, val, rprof))


def plan_joins(results: Sequence[JobResult], parts: int = 1) -> list[JoinJob]:
    """The join of two halves' results as ``parts`` independent jobs (the
    left table cut in slices), to run with :func:`run_join` and add up with
    :func:`combine_joins`."""
    halves = {r.job.side: r for r in results if r.job is not None}
    assert sorted(halves) == [0, 1], "missing half"
    job = halves[0].job
    assert job is not None and halves[0].table is not None and halves[1].table is not None
    sides = [make_part(job.rows, job.cols, path_mode=job.path_mode, cut=job.cut, side=s,
                       pinned=job.pinned, removed=job.removed, moves=job.moves)
             for s in (0, 1)]
    whole = right_for_join(left_for_join(halves[0].table, sides, job.moduli),
                           halves[1].table, sides[1])
    nw = len(job.moduli)
    lo, hi, val, prof = whole.left
    n = len(lo)
    cuts = [n * k // max(1, parts) for k in range(max(1, parts) + 1)]
    return [replace(whole, left=(lo[a:b], hi[a:b], val[a * nw:b * nw], prof[a:b]))
            for a, b in zip(cuts, cuts[1:])]


def run_join(jj: JoinJob, deadline: float = 0.0) -> tuple[int, ...]:
    """The residues of one share of the join (a top-level function, so
    process pools can ship it)."""
    i32: Callable[[Sequence[int]], npt.NDArray[np.int32]]
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    nw = len(jj.words)
    mods = np.array([0] + list(jj.words[1:]), dtype=np.uint64)
    res = np.zeros(nw, dtype=np.uint64)
    info = np.zeros(3, dtype=np.int64)
    lo, hi, val, prof = (np.ascontiguousarray(a) for a in jj.left)
    st = join(jj.W, jj.path_mode, i32(jj.btarget), lo, hi, val, i32(jj.lmap), prof,
              jj.right[0], jj.right[1], jj.right[2], i32(jj.rmap), jj.right[3], mods, res,
              info, float(deadline))
    if st == ST_TIMEOUT:
        raise SearchLimitError("frontier join passed its deadline", int(info[1]), 0.0)
    assert st == ST_OK
    return tuple(int(x) for x in res)


def combine_joins(jobs: Sequence[JoinJob], residues: Sequence[Sequence[int]]) -> int:
    """The count from every share of one join (``residues[i]`` from
    ``run_join(jobs[i])``)."""
    words = jobs[0].words
    tot = [sum(r[k] for r in residues) % q for k, q in enumerate(words)]
    if not jobs[0].doubled:
        return crt(tot, words)
    # twice the count: halve it modulo 2^63 and modulo each prime
    half = [tot[0] >> 1] + [r * ((q + 1) // 2) % q for r, q in zip(tot[1:], words[1:])]
    return crt(half, [1 << 63, *words[1:]])


def is_split(results: Sequence[JobResult]) -> bool:
    """Whether ``results`` are the two halves of a meet-in-the-middle plan."""
    return bool(results) and results[0].job is not None and results[0].job.side >= 0

"""Exact counts of knight's tours by frontier dynamic programming.

The engine layer over the Cython core :mod:`knight._core.frontier` (whose header documents
the state encoding and the rules).  Everything here is exact: the core keeps
each state's count modulo 2^64 and modulo as many primes below 2^63 as a
proven bound on the answer needs (Bregman's permanent bound, see
:func:`count_bound`), and :func:`crt` rebuilds the Python int.

Conventions: squares are flat indices ``row * cols + col``; every count is
of UNDIRECTED cycles or paths (the package's ``count()`` converts).  The
caller validates user input; this module only asserts its preconditions.

Public API: :func:`count_cycles`, :func:`count_paths`, :func:`estimate`,
and for distributed runs :func:`plan_jobs`, :func:`run_job`,
:func:`combine`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from .._core.frontier import ST_CANCELLED, ST_NOMEM, ST_OK, ST_TIMEOUT, run
from ..errors import BoardTooLargeError, KnightError, SearchLimitError

__all__ = [
    "count_cycles", "count_paths", "estimate", "count_bound",
    "plan_jobs", "run_job", "combine", "Job", "JobResult", "crt",
    "Cancelled", "BoardTooLargeError", "SearchLimitError",
]

# Slot codes of a state (see _core/frontier.pyx).
EMPTY, FULL, TERM = 0, 1, 2

#: Widest frontier the 4-bit, 128-bit-key encoding supports.
MAX_WIDTH = 13

#: Default memory limit for the state tables.
DEFAULT_MAX_BYTES = 12 * 2**30


class Cancelled(KnightError):
    """The caller's cancel flag stopped the count."""


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------

@dataclass
class Board:
    """A board prepared for the sweep (cells renumbered ``col * W + row``
    along the longer side).  ``trivial`` is the answer when the DP is not
    needed (fewer than two squares left), else None."""

    rows: int
    cols: int
    W: int
    L: int
    N: int
    target: list[int]
    back: list[int]
    rem: list[int]
    fwd: list[int]
    last_fwd: list[int]
    pinned: list[int]
    last_needed: int
    path_mode: bool
    degree: list[int] = field(default_factory=list)
    trivial: int | None = None


def _sweep_index(rows: int, cols: int) -> Callable[[int], int]:
    W = min(rows, cols)
    if rows <= cols:
        return lambda sq: (sq % cols) * W + sq // cols
    return lambda sq: (sq // cols) * W + sq % cols


def prepare(rows: int, cols: int, *, removed: Sequence[int] = (),
            pinned: Sequence[int] = (), path_mode: bool = False) -> Board:
    """Renumber the board for the sweep and precompute the edge tables."""
    assert rows >= 1 and cols >= 1
    assert len(pinned) <= 2 and len(set(pinned)) == len(pinned)
    assert not (set(pinned) & set(removed)), "a pinned square is removed"
    assert path_mode or not pinned
    W, L = min(rows, cols), max(rows, cols)
    assert W <= MAX_WIDTH, f"frontier width {W} > {MAX_WIDTH}"
    N = W * L
    idx = _sweep_index(rows, cols)
    for sq in (*removed, *pinned):
        assert 0 <= sq < rows * cols
    target = [2] * N
    for sq in removed:
        target[idx(sq)] = 0
    pin = sorted(idx(sq) for sq in pinned)
    for q in pin:
        target[q] = 1
    back = [-1] * (4 * N)
    fwdl: list[list[int]] = [[] for _ in range(N)]
    degree = [0] * N
    for p in range(N):
        if target[p] == 0:
            continue
        c, r = divmod(p, W)
        for j, (dc, dr) in enumerate(((-2, -1), (-2, 1), (-1, -2), (-1, 2))):
            cc, rr = c + dc, r + dr
            if cc >= 0 and 0 <= rr < W:
                q = cc * W + rr
                if target[q] > 0:
                    back[4 * p + j] = q
                    fwdl[q].append(p)
                    degree[p] += 1
                    degree[q] += 1
    fwd = [len(f) for f in fwdl]
    last_fwd = [max(f) if f else p for p, f in enumerate(fwdl)]
    rem = [0] * (4 * N)
    for p in range(N):
        for j in range(4):
            q = back[4 * p + j]
            if q >= 0:
                rem[4 * p + j] = sum(1 for x in fwdl[q] if x > p)
    active = [p for p in range(N) if target[p] > 0]
    last_needed = active[-1] if active else -1
    bd = Board(rows, cols, W, L, N, target, back, rem, fwd, last_fwd, pin,
               last_needed, path_mode, degree)
    if len(active) == 0:
        bd.trivial = 0
    elif len(active) == 1:
        # one square: a one-vertex path (both its ends on it), no cycle
        bd.trivial = 1 if path_mode else 0
    return bd


# --------------------------------------------------------------------------
# Exactness: a proven bound, the moduli, CRT
# --------------------------------------------------------------------------

def count_bound(bd: Board) -> int:
    """A proven upper bound on the count, as a power of two.

    Cycles: every undirected Hamiltonian cycle gives two directed cycle
    covers, and the number of cycle covers is the permanent of the
    adjacency matrix, at most prod_v (d_v!)^(1/d_v) (Bregman 1973).  Paths:
    a path is a Hamiltonian cycle of the graph plus one vertex joined to
    every allowed end (only the two pinned squares when both are pinned),
    so the same bound applies to that graph.  Evaluated in floating point
    with 8 bits of slack, far above its rounding error.
    """
    active = [p for p in range(bd.N) if bd.target[p] > 0]
    if any(bd.degree[p] == 0 for p in active) and len(active) > 1:
        return 1
    bits = 0.0
    if bd.path_mode:
        extra = set(bd.pinned) if len(bd.pinned) == 2 else set(active)
        for p in active:
            d = bd.degree[p] + (1 if p in extra else 0)
            bits += math.lgamma(d + 1) / d / math.log(2)
        d = len(extra)
        bits += math.lgamma(d + 1) / d / math.log(2)
    else:
        for p in active:
            d = bd.degree[p]
            bits += math.lgamma(d + 1) / d / math.log(2)
    return 1 << (math.ceil(bits) + 8)


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    for q in small:
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in small:  # deterministic for n < 3.3e24
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


_PRIMES: list[int] = []


def primes(k: int, offset: int = 0) -> list[int]:
    """The primes number offset .. offset+k-1 counted down from 2^63."""
    n = (1 << 63) - 1 if not _PRIMES else _PRIMES[-1] - 2
    while len(_PRIMES) < offset + k:
        if _is_prime(n):
            _PRIMES.append(n)
        n -= 2
    return _PRIMES[offset:offset + k]


def moduli_for(bound: int) -> list[int]:
    """2^64 first (free: wrapping adds), then primes until the product
    exceeds the bound."""
    mods = [1 << 64]
    prod = 1 << 64
    i = 0
    while prod <= bound:
        q = primes(1, i)[0]
        mods.append(q)
        prod *= q
        i += 1
    return mods


def crt(residues: Sequence[int], mods: Sequence[int]) -> int:
    """The unique x in [0, prod mods) with x = r_i (mod m_i)."""
    x, m = 0, 1
    for r, q in zip(residues, mods):
        r = int(r) % q
        t = ((r - x) * pow(m, -1, q)) % q
        x += m * t
        m *= q
    return x


# --------------------------------------------------------------------------
# Running the core
# --------------------------------------------------------------------------

def _arrays(bd: Board) -> dict:
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    return {"target": i32(bd.target), "back": i32(bd.back), "rem": i32(bd.rem),
                "fwd": i32(bd.fwd), "last_fwd": i32(bd.last_fwd), "pinned": i32(bd.pinned)}


@dataclass
class RunInfo:
    """What one core run measured."""

    sizes: np.ndarray          # states after each cell
    peak_states: int
    peak_bytes: int
    transitions: int
    seconds: float


def _run_core(bd: Board, words: Sequence[int], *, deadline: float = 0.0,
              cancel=None, progress=None, max_bytes: int | None = None,
              dump_step: int = -1, dump_size: int = 0):
    """Run the core for the moduli ``words`` (words[0] must be 2^64, the
    others odd primes < 2^63); return (residues, RunInfo[, dump])."""
    assert words[0] == 1 << 64 and all(q < 1 << 63 for q in words[1:])
    mods = np.array([0] + list(words[1:]), dtype=np.uint64)
    res = np.zeros(len(words), dtype=np.uint64)
    sizes = np.zeros(bd.N, dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    if cancel is not None:
        cancel = np.asarray(cancel)
        assert cancel.dtype == np.uint8 and cancel.shape == (1,)
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    dl = dh = dv = None
    if dump_step >= 0:
        dl = np.zeros(dump_size, np.uint64)
        dh = np.zeros(dump_size, np.uint64)
        dv = np.zeros(dump_size, np.uint64)
    t0 = time.perf_counter()
    st = run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=bd.path_mode,
             mods=mods, result=res, sizes=sizes, info=info, deadline=float(deadline),
             cancel=cancel, progress=progress, max_bytes=mb, dump_step=dump_step,
             dump_lo=dl, dump_hi=dh, dump_val=dv, **_arrays(bd))
    ri = RunInfo(sizes, int(info[0]), int(info[1]), int(info[2]),
                 time.perf_counter() - t0)
    if st == ST_CANCELLED:
        raise Cancelled("frontier count cancelled")
    if st == ST_TIMEOUT:
        raise SearchLimitError("frontier count passed its deadline", ri.transitions,
                               ri.seconds)
    if st == ST_NOMEM:
        est = estimate(bd.rows, bd.cols, "path" if bd.path_mode else "cycle",
                       words=len(words))
        raise BoardTooLargeError(
            f"frontier DP on {bd.rows}x{bd.cols} needs more than the "
            f"{mb / 2**30:.2f} GiB allowed (stopped after cell {int(info[3])} "
            f"of {bd.N} at {int(info[0])} states; estimate {est[0]} states, "
            f"{est[1] / 2**30:.2f} GiB)")
    if dump_step >= 0:
        if st != ST_OK:  # table larger than the buffer: retry bigger
            return _run_core(bd, words, max_bytes=max_bytes, dump_step=dump_step,
                             dump_size=int(sizes[dump_step]) if sizes[dump_step] else
                             max(1024, 4 * dump_size))
        n = int(sizes[dump_step])
        keys = [int(dl[i]) | (int(dh[i]) << 64) for i in range(n)]
        return res, ri, dict(zip(keys, (int(v) for v in dv[:n])))
    assert st == ST_OK
    return res, ri


def _count(bd: Board, *, deadline=0.0, cancel=None, progress=None,
           max_bytes=None, want_info=False):
    if bd.trivial is not None:
        return (bd.trivial, None) if want_info else bd.trivial
    mods = moduli_for(count_bound(bd))
    res, ri = _run_core(bd, mods, deadline=deadline, cancel=cancel,
                        progress=progress, max_bytes=max_bytes)
    n = crt([int(x) for x in res], mods)
    return (n, ri) if want_info else n


def count_cycles(rows: int, cols: int, *, removed: Sequence[int] = (),
                 pinned: Sequence[int] = (), deadline: float = 0.0, cancel=None,
                 progress=None, max_bytes: int | None = None) -> int:
    """The number of undirected Hamiltonian cycles of the knight graph of a
    ``rows`` x ``cols`` board without the squares ``removed``.

    ``pinned`` must be empty (an end makes no sense for a cycle; it is
    accepted so that both counters share one signature).  ``deadline`` is a
    ``time.time()`` value (0: none), ``cancel`` a ``uint8`` array of length 1
    the caller may set nonzero from another thread, ``progress`` a callable
    ``(cells_done, cells_total, states_alive)`` called at most every 0.1 s,
    ``max_bytes`` the limit on the state tables (BoardTooLargeError).
    """
    assert not pinned, "cycles have no ends"
    bd = prepare(rows, cols, removed=removed, path_mode=False)
    return _count(bd, deadline=deadline, cancel=cancel, progress=progress,
                  max_bytes=max_bytes)


def count_paths(rows: int, cols: int, *, pinned: Sequence[int] = (),
                free_ends: int | None = None, removed: Sequence[int] = (),
                deadline: float = 0.0, cancel=None, progress=None,
                max_bytes: int | None = None) -> int:
    """The number of undirected Hamiltonian paths covering every square not
    ``removed``, with each square of ``pinned`` (0, 1 or 2) an end and
    ``free_ends`` = 2 - len(pinned) ends anywhere else.

    A one-square board has one path (both ends on that square).  Other
    arguments as in :func:`count_cycles`.
    """
    if free_ends is None:
        free_ends = 2 - len(pinned)
    assert free_ends == 2 - len(pinned), "a path has exactly two ends"
    bd = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=True)
    return _count(bd, deadline=deadline, cancel=cancel, progress=progress,
                  max_bytes=max_bytes)


# --------------------------------------------------------------------------
# Estimates (before any allocation)
# --------------------------------------------------------------------------

#: Peak states measured with this core on long boards (the peak depends on
#: the width only once the board is a few columns long), by mode and width.
#: Filled from bench runs; widths not listed are extrapolated.
PEAK_STATES = {
    # measured (3..6, peak over the sweep of long boards; 6 open: 6x6)
    # and extrapolated x25-x30 per extra row (7, 8)
    "cycle": {1: 1, 2: 4, 3: 200, 4: 1_000, 5: 60_000, 6: 1_500_000,
              7: 40_000_000, 8: 1_000_000_000},
    "path": {1: 1, 2: 8, 3: 3_100, 4: 32_000, 5: 2_000_000, 6: 16_000_000,
             7: 500_000_000, 8: 15_000_000_000},
}


def estimate(rows: int, cols: int, mode: str = "cycle", *,
             words: int | None = None) -> tuple[int, int]:
    """Estimated (peak states, peak bytes) of the state tables.

    ``mode`` is "cycle" or "path" (pinned ends only shrink the tables).
    Computed from a table of measured peaks by width, scaled down for short
    boards; bytes count both tables at the worst load (1/4 after a
    doubling) with the words the count bound calls for.
    """
    assert mode in ("cycle", "path")
    W, L = min(rows, cols), max(rows, cols)
    tab = PEAK_STATES[mode]
    if W in tab:
        s = tab[W]
    else:  # about x25 per extra row, measured from 5 to 8
        s = tab[max(tab)] * 25 ** (W - max(tab))
    # short boards never reach the peak: at most ~3^(cells) anyway
    s = int(min(s, 3 ** min(W * L, 40)))
    if words is None:
        bd = prepare(rows, cols, path_mode=(mode == "path"))
        words = 1 if bd.trivial is not None else len(moduli_for(count_bound(bd)))
    esz = 16 + 8 * words
    return s, 2 * 4 * s * esz


# --------------------------------------------------------------------------
# Distribution
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """One independent piece of a count: the whole sweep for a subset of the
    moduli.  Picklable."""

    rows: int
    cols: int
    path_mode: bool
    pinned: tuple[int, ...]
    removed: tuple[int, ...]
    moduli: tuple[int, ...]      # this job's moduli (2^64 only in job 0)
    all_moduli: tuple[int, ...]  # every modulus of the count, for combine
    max_bytes: int | None = None


@dataclass(frozen=True)
class JobResult:
    moduli: tuple[int, ...]
    residues: tuple[int, ...]
    all_moduli: tuple[int, ...]
    seconds: float


def plan_jobs(rows: int, cols: int, mode: str = "cycle", parts: int = 2, *,
              pinned: Sequence[int] = (), removed: Sequence[int] = (),
              max_bytes: int | None = None) -> list[Job]:
    """Split a count into at most ``parts`` independent jobs.

    The split is by residues: each job runs the whole sweep but carries only
    its share of the moduli, and :func:`combine` rebuilds the count by CRT.
    It divides the arithmetic, not the state enumeration, so it pays off
    when the count needs many words (long boards: 3xn and 4xn for large n,
    5x60, 6x40 ...); a count that fits in one or two words gives one job.
    """
    assert mode in ("cycle", "path") and parts >= 1
    bd = prepare(rows, cols, removed=removed, pinned=pinned,
                 path_mode=(mode == "path"))
    mods = moduli_for(count_bound(bd)) if bd.trivial is None else [1 << 64]
    # word 0 rides with the first share; shares as even as possible
    parts = max(1, min(parts, len(mods) // 2))
    shares = [mods[i::parts] for i in range(parts)]
    shares.sort(key=lambda s: s[0] != 1 << 64)
    return [Job(rows, cols, mode == "path", tuple(pinned), tuple(removed),
                tuple(s), tuple(mods), max_bytes) for s in shares]


def run_job(job: Job, deadline: float = 0.0, cancel=None) -> JobResult:
    """Run one job (a top-level function, so process pools can ship it)."""
    t0 = time.perf_counter()
    bd = prepare(job.rows, job.cols, removed=job.removed, pinned=job.pinned,
                 path_mode=job.path_mode)
    if bd.trivial is not None:
        return JobResult(job.moduli, tuple(bd.trivial % q for q in job.moduli),
                         job.all_moduli, time.perf_counter() - t0)
    words = list(job.moduli)
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


def combine(results: Sequence[JobResult]) -> int:
    """The count from the results of every job of one plan."""
    mods, res = [], []
    for r in results:
        mods.extend(r.moduli)
        res.extend(r.residues)
    assert sorted(mods) == sorted(results[0].all_moduli), "missing jobs"
    return crt(res, mods)

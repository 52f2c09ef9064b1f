"""Exact counts of knight's tours by frontier dynamic programming.

The engine layer over the Cython cores :mod:`knight._core.frontier_sweep`
(whose header documents the state encoding and the rules) and
:mod:`knight._core.frontier_join`.  Everything here is exact: the core keeps
each state's count modulo 2^64 and modulo as many primes below 2^63 as a
proven bound on the answer needs (Bregman's permanent bound, see
:func:`count_bound`), and :func:`crt` rebuilds the Python int.

Conventions: squares are flat indices ``row * cols + col``; every count is
of UNDIRECTED cycles or paths (the package's ``count()`` converts).  The
caller validates user input; this module checks the preconditions of its
public functions as real errors (``ValueError``, :class:`BoardTooLargeError`
for a board wider than :data:`MAX_WIDTH`), never ``assert``.

Boards of width >= 5 are counted by meet in the middle (:func:`count_split`):
two partial sweeps, one from each end, joined at a cut in the middle.  Each
half stops at the cut instead of passing the middle of the board, where a
single sweep's states peak (6x7 open: 8 s against 130 s), and the two halves
are independent jobs for two workers.

Public API: :func:`count_cycles`, :func:`count_paths`, :func:`estimate`,
and for distributed runs :func:`plan_jobs`, :func:`run_job`,
:func:`combine` (or, to spread the join too, :func:`plan_joins`,
:func:`run_join`, :func:`combine_joins`).
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any, Literal, TypeAlias, TypedDict, overload

import numpy as np
import numpy.typing as npt

from .._core.frontier_join import join, mirror_keys, profiles
from .._core.frontier_sweep import (
    ST_CANCELLED,
    ST_NOMEM,
    ST_OK,
    ST_TIMEOUT,
    run,
)
from ..errors import BoardTooLargeError, KnightError, SearchLimitError
from ..geometry import sweep_back_moves, sweep_reason
from ..limits import check_planning, planning, planning_active

__all__ = [
    "count_cycles", "count_paths", "count_tours", "estimate", "estimate_words", "count_bound",
    "serves", "serve_reason", "check_moves", "check_mask", "crop", "Masked", "leaper",
    "KING", "KNIGHT_MOVES",
    "plan_jobs", "run_job", "combine", "count_split", "Job", "JobResult", "crt",
    "plan_joins", "run_join", "combine_joins", "is_split", "JoinJob",
    "Cancelled", "BoardTooLargeError", "SearchLimitError",
]

# Slot codes of a state (see _core/frontier_sweep.pyx).
EMPTY, FULL, TERM = 0, 1, 2

#: Widest frontier the 4-bit, 128-bit-key encoding supports.
MAX_WIDTH = 13

#: Default memory limit for the state tables.
DEFAULT_MAX_BYTES = 12 * 2**30


class Cancelled(KnightError):
    """The caller's cancel flag stopped the count."""


#: A progress callback, ``(cells_done, cells_total, states_alive)``.
_Progress: TypeAlias = Callable[[int, int, int], object]

#: A half's final table: the keys' low and high words, and the residues.
_Table: TypeAlias = tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]

#: A table with the boundary profile of each state, as the join takes it.
_ProfiledTable: TypeAlias = tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64],
                                  npt.NDArray[np.uint64], npt.NDArray[np.uint64]]


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
    #: The back-edge moves (dcol, drow) of the sweep, in slot order, and
    #: whether they are symmetric under reflecting the rows (mirror folding
    #: needs it); the move set itself as given to :func:`prepare` (None:
    #: the knight).
    bmoves: tuple[tuple[int, int], ...] = ()
    mirror: bool = True
    moves: tuple[tuple[int, int], ...] | None = None


def _check_mode(mode: str) -> None:
    if mode not in ("cycle", "path"):
        raise ValueError(f"mode must be 'cycle' or 'path', got {mode!r}")


def check_width(rows: int, cols: int) -> None:
    """Refuse a board the DP cannot encode (:class:`BoardTooLargeError`,
    before any work): a side below 1, or a frontier wider than :data:`MAX_WIDTH`."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a board has sides of at least 1, got {rows}x{cols}")
    if min(rows, cols) > MAX_WIDTH:
        raise BoardTooLargeError(
            f"frontier DP counts boards at most {MAX_WIDTH} squares wide (its states hold "
            f"{MAX_WIDTH} frontier squares); the {rows}x{cols} board is "
            f"{min(rows, cols)} wide: use method='search'"
        )


def _sweep_index(rows: int, cols: int) -> Callable[[int], int]:
    W = min(rows, cols)
    if rows <= cols:
        return lambda sq: (sq % cols) * W + sq // cols
    return lambda sq: (sq // cols) * W + sq % cols


def back_moves(rows: int, cols: int, moves: Sequence[tuple[int, int]] | None = None
               ) -> tuple[tuple[int, int], ...]:
    """The moves that reach an earlier cell of the sweep, as (dcol, drow) in
    the sweep's frame (columns along the longer side, ``col * W + row``),
    sorted: the core's back-edge slots in order.  ``moves``: (drow, dcol)
    offsets of the board (None: the knight); moves longer than the board
    are dropped.  Sorted by (dcol, drow), a cell's back neighbours come in
    increasing cell order (rows differ by less than W), as the core needs.

    >>> back_moves(8, 8)
    ((-2, -1), (-2, 1), (-1, -2), (-1, 2))
    >>> back_moves(3, 5, [(0, 1), (0, -1), (1, 0), (-1, 0)])  # the wazir
    ((-1, 0), (0, -1))
    """
    if moves is None:
        return _MOVES
    return sweep_back_moves(rows, cols, moves)


#: Boards up to this many cells are kept once prepared (a count prepares
#: the same board up to three times: the plan, then each half; a few MB
#: each); bigger ones would hold hundreds of MB after the call.
_KEEP_CELLS = 1 << 16


def prepare(rows: int, cols: int, *, removed: Sequence[int] = (),
            pinned: Sequence[int] = (), path_mode: bool = False,
            moves: Moves = None) -> Board:
    """Renumber the board for the sweep and precompute the edge tables.
    ``moves``: the (drow, dcol) offsets (None: the knight), one that
    :func:`serves` accepts.

    Its preconditions are checked as real errors (not ``assert``, which
    ``python -O`` drops): a board wider than :data:`MAX_WIDTH` raises
    :class:`BoardTooLargeError`, other bad arguments (a move set the
    frontier cannot take among them) ``ValueError``.  Inside a
    :func:`knight.limits.planning` block its loops stop at that block's
    deadline or cancel token.  Boards of at most 65536 cells are computed
    once and kept, by size, holes, ends, mode and move set (treat the
    result as read-only).
    """
    check_width(rows, cols)
    # normalised (None for the knight however spelled, else sorted pairs):
    # hashable for the cache, and one entry per move set
    mv = check_moves(moves)
    if mv is not None:
        why = serve_reason(rows, cols, moves=mv)
        if why is not None:
            raise ValueError(f"the frontier DP cannot count this board: {why}")
    if rows * cols <= _KEEP_CELLS:
        return _prepare_kept(rows, cols, tuple(removed), tuple(pinned), bool(path_mode), mv)
    return _prepare(rows, cols, removed, pinned, path_mode, mv)


@functools.lru_cache(maxsize=32)
def _prepare_kept(rows: int, cols: int, removed: tuple[int, ...], pinned: tuple[int, ...],
                  path_mode: bool, moves: tuple[tuple[int, int], ...] | None) -> Board:
    return _prepare(rows, cols, removed, pinned, path_mode, moves)


def _prepare(rows: int, cols: int, removed: Sequence[int], pinned: Sequence[int],
             path_mode: bool, moves: tuple[tuple[int, int], ...] | None = None) -> Board:
    if len(pinned) > 2 or len(set(pinned)) != len(pinned):
        raise ValueError(f"at most two distinct pinned squares, got {list(pinned)}")
    if set(pinned) & set(removed):
        raise ValueError("a pinned square is removed")
    if pinned and not path_mode:
        raise ValueError("pinned ends apply to paths only")
    check_planning()  # before allocating tables a passed deadline would throw away
    W, L = min(rows, cols), max(rows, cols)
    N = W * L
    idx = _sweep_index(rows, cols)
    for sq in (*removed, *pinned):
        if not 0 <= sq < rows * cols:
            raise ValueError(f"square {sq} is not on the {rows}x{cols} board")
    target = [2] * N
    for sq in removed:
        target[idx(sq)] = 0
    pin = sorted(idx(sq) for sq in pinned)
    for q in pin:
        target[q] = 1
    bmoves = back_moves(rows, cols, moves)
    if len(bmoves) > 4 or any(dc * W + dr < -2 * W - 1 for dc, dr in bmoves):
        # the core keeps 4 back-edge slots and a frontier of 2W + 1 cells
        raise ValueError(f"back moves {bmoves} do not fit the frontier's 4 slots and "
                         f"{2 * W + 1} cells (see serve_reason)")
    back = [-1] * (4 * N)
    # The forward edges of q in slot j of fwdc[4q:4q+4] (edge j of p = q's
    # slot j): flat, not a list per cell, whose millions of small lists
    # cost seconds of garbage collection on long boards.
    fwdc = [-1] * (4 * N)
    degree = [0] * N
    for p in range(N):
        if not p & 4095:
            check_planning()
        if target[p] == 0:
            continue
        c, r = divmod(p, W)
        for j, (dc, dr) in enumerate(bmoves):
            cc, rr = c + dc, r + dr
            if cc >= 0 and 0 <= rr < W:
                q = cc * W + rr
                if target[q] > 0:
                    back[4 * p + j] = q
                    fwdc[4 * q + j] = p
                    degree[p] += 1
                    degree[q] += 1
    fwd = [0] * N
    last_fwd = list(range(N))
    for q in range(N):
        for x in fwdc[4 * q:4 * q + 4]:
            if x >= 0:
                fwd[q] += 1
                if x > last_fwd[q]:
                    last_fwd[q] = x
    rem = [0] * (4 * N)
    for p in range(N):
        if not p & 4095:
            check_planning()
        for j in range(4):
            q = back[4 * p + j]
            if q >= 0:
                rem[4 * p + j] = sum(1 for x in fwdc[4 * q:4 * q + 4] if x > p)
    active = [p for p in range(N) if target[p] > 0]
    last_needed = active[-1] if active else -1
    bd = Board(rows, cols, W, L, N, target, back, rem, fwd, last_fwd, pin,
               last_needed, path_mode, degree, bmoves=bmoves,
               mirror=all((dc, -dr) in bmoves for dc, dr in bmoves if dc < 0),
               moves=moves)
    if len(active) == 0:
        bd.trivial = 0
    elif len(active) == 1:
        # one square: a one-vertex path (both its ends on it), no cycle
        bd.trivial = 1 if path_mode else 0
    return bd


# --------------------------------------------------------------------------
# Masked boards and other move sets
# --------------------------------------------------------------------------

#: The knight's moves, (drow, dcol).
KNIGHT_MOVES = tuple(sorted((dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2)
                            if abs(dr) != abs(dc)))

#: A move set as the frontier takes it: None (the knight) or (drow, dcol) offsets.
Moves: TypeAlias = "Sequence[tuple[int, int]] | None"


def check_moves(moves: Moves) -> tuple[tuple[int, int], ...] | None:
    """``moves`` checked and normalised: None for the knight (whose tables
    are the fast path, however it was spelled), else the sorted offsets.
    ValueError unless they are pairs of ints, without (0, 0), closed under
    negation.

    >>> check_moves([(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)])
    >>> check_moves([(0, 1), (0, -1), (1, 0), (-1, 0)])
    ((-1, 0), (0, -1), (0, 1), (1, 0))
    """
    if moves is None:
        return None
    offs = set()
    for m in moves:
        pair = tuple(m) if isinstance(m, (tuple, list)) else ()
        if len(pair) != 2 or not all(isinstance(x, (int, np.integer))
                                     and not isinstance(x, bool) for x in pair):
            raise ValueError(f"moves must be (drow, dcol) pairs of ints, got {m!r}")
        offs.add((int(pair[0]), int(pair[1])))
    if (0, 0) in offs:
        raise ValueError("moves must not hold (0, 0)")
    if any((-a, -b) not in offs for a, b in offs):
        raise ValueError("moves must be closed under negation (a move and its reverse)")
    if offs == set(KNIGHT_MOVES):
        return None
    return tuple(sorted(offs))


def check_mask(rows: int, cols: int, mask: Any) -> npt.NDArray[np.bool_]:
    """``mask`` checked: a 2-D numpy bool array of shape (rows, cols), True
    where a square is usable, with at least one usable square."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise TypeError(f"mask must be a numpy bool array, not {type(mask).__name__}"
                        + (f" of {mask.dtype}" if isinstance(mask, np.ndarray) else ""))
    if mask.shape != (rows, cols):
        raise ValueError(f"mask has shape {mask.shape}, the board is {rows}x{cols}")
    if not mask.any():
        raise ValueError("the mask has no usable square: there is nothing to count")
    return mask


@dataclass(frozen=True)
class Masked:
    """A masked board cut down to the rows and columns that hold usable
    squares (the knight graph is the same; a narrower frontier is cheaper):
    its size, its holes and pinned ends as flat squares of the cut-down
    board, and its number of usable squares."""

    rows: int
    cols: int
    removed: tuple[int, ...]
    pinned: tuple[int, ...]
    squares: int
    #: The first row and column kept, to map squares of the given board.
    top: int = 0
    left: int = 0

    def flat(self, sq: int, cols: int) -> int:
        """The square ``sq`` of the given board (``cols`` wide) on this one."""
        r, c = divmod(sq, cols)
        return (r - self.top) * self.cols + c - self.left


def crop(rows: int, cols: int, mask: npt.NDArray[np.bool_] | None,
         pinned: Sequence[int] = (), names: Sequence[str] | None = None) -> Masked:
    """The board ``mask`` marks (None: all of it), cut down to its usable
    rows and columns (see :class:`Masked`).  ValueError when a pinned
    square (named ``names[i]``, default "a pinned end") is a hole.

    >>> import numpy as np
    >>> m = np.ones((4, 5), dtype=bool); m[0] = False; m[:, 4] = False; m[2, 1] = False
    >>> crop(4, 5, m)
    Masked(rows=3, cols=4, removed=(5,), pinned=(), squares=11, top=1, left=0)
    """
    _check_squares(rows, cols, pinned)
    if mask is None:
        return Masked(rows, cols, (), tuple(pinned), rows * cols)
    mask = check_mask(rows, cols, mask)
    for i, sq in enumerate(pinned):
        if not mask[sq // cols, sq % cols]:
            name = names[i] if names is not None else "a pinned end (start= or end=)"
            raise ValueError(f"{name} square ({sq // cols}, {sq % cols}) is a hole of the "
                             "mask: no tour can use it")
    used_r = np.flatnonzero(mask.any(axis=1))
    used_c = np.flatnonzero(mask.any(axis=0))
    top, left = int(used_r[0]), int(used_c[0])
    sub = mask[top:int(used_r[-1]) + 1, left:int(used_c[-1]) + 1]
    r, c = sub.shape
    out = Masked(r, c, tuple(int(x) for x in np.flatnonzero(~sub.reshape(-1))), (),
                 int(sub.sum()), top, left)
    return Masked(r, c, out.removed, tuple(out.flat(sq, cols) for sq in pinned),
                  out.squares, top, left)


def serve_reason(rows: int, cols: int, *, mask: npt.NDArray[np.bool_] | None = None,
                 moves: Moves = None) -> str | None:
    """Why the frontier DP cannot count tours on this board, or None if it
    can.  It serves every knight board (masked or not) at most
    :data:`MAX_WIDTH` wide once cut down to its usable rows and columns,
    and any move set (``moves``: (drow, dcol) offsets, see
    :func:`check_moves`) whose moves, in the direction of the sweep (along
    the longer side), span at most two columns and, when they span two, at
    most one row, with at most four of them reaching back: the king, the
    wazir, the ferz, the dabbaba (0, 2), the knight; not the alfil (2, 2)
    nor any leaper longer than the knight (camel, zebra, giraffe, ...).

    >>> serve_reason(8, 8) is None, serve_reason(8, 8, moves=KING) is None
    (True, True)
    >>> serve_reason(8, 8, moves=leaper(1, 3))
    'a move (3, 1) spans more than two columns of the sweep'
    """
    mv = check_moves(moves)
    bx = crop(rows, cols, mask)
    W = min(bx.rows, bx.cols)
    if W > MAX_WIDTH:
        return f"the frontier is {W} wide, more than {MAX_WIDTH}"
    if mv is None:
        return None
    # the rule itself is geometry: the planner (a lower layer) applies it too
    return sweep_reason(bx.rows, bx.cols, mv)


def serves(rows: int, cols: int, *, mask: npt.NDArray[np.bool_] | None = None,
           moves: Moves = None) -> bool:
    """Whether the frontier DP counts tours on this board (see
    :func:`serve_reason`).

    >>> serves(6, 6, moves=leaper(0, 1)), serves(6, 6, moves=leaper(2, 3))
    (True, False)
    """
    return serve_reason(rows, cols, mask=mask, moves=moves) is None


def leaper(a: int, b: int) -> tuple[tuple[int, int], ...]:
    """The (a, b)-leaper's moves: (+-a, +-b) and (+-b, +-a).

    >>> len(leaper(1, 2)), len(leaper(0, 1)), len(leaper(1, 1))
    (8, 4, 4)
    """
    return tuple(sorted({(sa * x, sb * y) for x, y in ((a, b), (b, a))
                         for sa in (1, -1) for sb in (1, -1)}))


#: The king's moves (a ferz or a wazir move).
KING = tuple(sorted(set(leaper(0, 1)) | set(leaper(1, 1))))


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
    # By degree: a histogram (C speed) instead of a loop over the cells.
    hist = Counter(compress(bd.degree, bd.target))
    pinned = [bd.degree[p] for p in bd.pinned] if len(bd.pinned) == 2 else None
    return 1 << (_bound_bits(hist, bd.path_mode, pinned) + 8)


def _bound_bits(hist: Counter[int], path_mode: bool, pinned: list[int] | None) -> int:
    """ceil(log2) of Bregman's bound (see :func:`count_bound`) from the
    histogram of the active cells' degrees (``pinned``: the degrees of the
    two pinned ends, when both are)."""
    active = sum(hist.values())
    if hist.get(0) and active > 1:
        return -8  # an isolated square: no tour, the bound is 1

    def f(d: int) -> float:
        return math.lgamma(d + 1) / d / math.log(2) if d else 0.0

    if path_mode:
        if pinned is not None:  # one more edge at each pinned end
            hist = hist.copy()
            for d in pinned:
                hist[d] -= 1
                hist[d + 1] += 1
            extra = 2
        else:  # one more edge at every square
            hist = Counter({d + 1: k for d, k in hist.items()})
            extra = active
        bits = sum(k * f(d) for d, k in hist.items()) + f(extra)
    else:
        bits = sum(k * f(d) for d, k in hist.items())
    return math.ceil(bits)


#: Miller-Rabin bases that decide primality for every n < 2^64 (Sinclair,
#: 2011; checked against Feitsma's list of base-2 pseudoprimes): 7 tests
#: per prime instead of the 12 of the first twelve primes.
_MR_BASES = (2, 325, 9375, 28178, 450775, 9780504, 1795265022)


def _is_prime(n: int) -> bool:
    """Whether ``n`` is prime, for 1 < n < 2^64 (deterministic)."""
    if n < 2:
        return False
    for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _MR_BASES:
        a %= n
        if a == 0:
            continue
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

#: Odd primes below 2^12: the sieve that leaves Miller-Rabin only the
#: candidates without a small factor (about 1 in 7 of the odd numbers).
_SIEVE = [p for p in range(3, 1 << 12, 2) if all(p % q for q in range(3, math.isqrt(p) + 1, 2))]

#: Odd numbers sieved at a time (about 190 primes near 2^63, 60 ms).
_BLOCK = 1 << 12


def _primes_from(top: int) -> list[int]:
    """The primes among the odd numbers ``top, top - 2, ... `` (:data:`_BLOCK` of
    them), descending."""
    alive = np.ones(_BLOCK, dtype=bool)
    for p in _SIEVE:
        # index i holds top - 2i, a multiple of p when i = top / 2 (mod p)
        alive[(top % p) * ((p + 1) // 2) % p::p] = False
    found = []
    for k, i in enumerate(np.flatnonzero(alive).tolist()):
        if not k & 127:
            check_planning()  # Miller-Rabin is ~30 us a prime, more on a busy machine
        if _is_prime(top - 2 * i):
            found.append(top - 2 * i)
    return found


def primes(k: int, offset: int = 0) -> list[int]:
    """The primes number offset .. offset+k-1 counted down from 2^63.

    Found once per process and kept (a 3x10^5 closed count needs about 5,500
    of them: 0.2 s).  The search stops at the deadline of a
    :func:`knight.limits.planning` block; what it found is kept.
    """
    while len(_PRIMES) < offset + k:
        check_planning()
        with _PRIMES_LOCK:  # one block at a time, so threads do not repeat one
            if len(_PRIMES) < offset + k:
                top = _NEXT[0]
                _PRIMES.extend(_primes_from(top))
                _NEXT[0] = top - 2 * _BLOCK
    return _PRIMES[offset:offset + k]


#: Where the next block of candidates starts (below the last block sieved).
_NEXT = [(1 << 63) - 1]
_PRIMES_LOCK = threading.Lock()


#: Bits of margin over the bound's size: the moduli are chosen by the sum of
#: the primes' float logarithms, which round each prime near 2^63 to 63.0
#: (over by less than 2^-20 bits each); one bit covers that many times over.
_LOG_MARGIN = 1.0


def moduli_for(bound: int) -> list[int]:
    """2^64 first (free: wrapping adds), then primes until the product
    exceeds the bound (by at least :data:`_LOG_MARGIN` bits of logarithm).

    Computed once per bound size and kept."""
    return list(_moduli(max(bound, 1).bit_length()))


@functools.lru_cache(maxsize=256)
def _moduli(bits: int) -> tuple[int, ...]:
    # bound < 2^bits; summing logarithms avoids multiplying a product of
    # thousands of primes (quadratic in their number)
    mods = [1 << 64]
    have = 64.0
    i = 0
    while have < bits + _LOG_MARGIN:
        if i == len(_PRIMES):
            primes(1, i)
        q = _PRIMES[i]
        mods.append(q)
        have += math.log2(q)
        i += 1
    return tuple(mods)


def crt(residues: Sequence[int], mods: Sequence[int]) -> int:
    """The unique x in [0, prod mods) with x = r_i (mod m_i)."""
    x, m = 0, 1
    for i, (r, q) in enumerate(zip(residues, mods)):
        if not i & 63:
            check_planning()
        r = int(r) % q
        t = ((r - x) * pow(m, -1, q)) % q
        x += m * t
        m *= q
    return x


# --------------------------------------------------------------------------
# Running the core
# --------------------------------------------------------------------------

def fold_cells(bd: Board) -> npt.NDArray[np.uint8]:
    """fold[p] = 1 where the core may fold mirror states after cell p: the
    end of a column (not the first or the last) from which on the targets
    are symmetric under reflecting the rows, so that a state and its
    mirror have the same number of completions."""
    W, N = bd.W, bd.N
    f = np.zeros(N, dtype=np.uint8)
    if W < 2 or not bd.mirror:
        return f
    tg = bd.target
    ok = [True] * (N + 1)  # ok[q]: every cell from q on is symmetric
    for q in range(N - 1, -1, -1):
        if not q & 4095:
            check_planning()
        c, r = divmod(q, W)
        ok[q] = ok[q + 1] and tg[q] == tg[c * W + W - 1 - r]
    for c in range(1, bd.L - 1):
        p = c * W + W - 1
        if ok[max(0, p - 2 * W)]:
            f[p] = 1
    return f


def end_masks(bd: Board) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """The core's ends budget (path mode): per cell p, the key slots after p
    that are bound to be path ends while they have no edge, as two 64-bit
    words (bit 4k for slot k), and the number of pinned cells after p.

    A slot is such a cell when it is pinned and live, or wants two edges, is
    live and has exactly one edge left to decide (counting, for the
    boundary of a half board, the edges the other half owns: ``fwd``).
    """
    W, N = bd.W, bd.N
    S = 2 * W + 1
    fwd_of: list[list[int]] = [[] for _ in range(N)]
    for x in range(N):
        for j in range(4):
            q = bd.back[4 * x + j]
            if q >= 0:
                fwd_of[q].append(x)
    pins = set(bd.pinned)
    words = np.zeros(2 * N, dtype=np.uint64)
    after = np.zeros(N, dtype=np.int32)
    decided = [0] * N  # forward edges of each cell decided so far
    for p in range(N):
        if not p & 1023:
            check_planning()
        for q in bd.back[4 * p:4 * p + 4]:
            if q >= 0:
                decided[q] += 1
        lo = hi = 0
        for k in range(S):
            c = p - 2 * W + k
            if c < 0 or bd.last_fwd[c] <= p:  # before the board, or finished
                continue
            if c in pins or (bd.target[c] == 2 and bd.fwd[c] - decided[c] == 1):
                if k < 16:
                    lo |= 1 << (4 * k)
                else:
                    hi |= 1 << (4 * (k - 16))
        words[2 * p], words[2 * p + 1] = lo, hi
        after[p] = sum(1 for q in bd.pinned if q > p)
    return words, after


class _CoreBoard(TypedDict):
    """The edge tables of a board, as the core's keyword arguments."""

    target: npt.NDArray[np.int32]
    back: npt.NDArray[np.int32]
    rem: npt.NDArray[np.int32]
    fwd: npt.NDArray[np.int32]
    last_fwd: npt.NDArray[np.int32]
    pinned: npt.NDArray[np.int32]


class _CoreArrays(_CoreBoard, total=False):
    """With the ends budget (path mode) too."""

    endmask: npt.NDArray[np.uint64]
    pins_after: npt.NDArray[np.int32]


def _arrays(bd: Board, budget: bool = True) -> _CoreArrays:
    i32: Callable[[Sequence[int]], npt.NDArray[np.int32]]
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    arrays: _CoreArrays
    arrays = {"target": i32(bd.target), "back": i32(bd.back), "rem": i32(bd.rem),
              "fwd": i32(bd.fwd), "last_fwd": i32(bd.last_fwd), "pinned": i32(bd.pinned)}
    if bd.path_mode and budget:
        arrays["endmask"], arrays["pins_after"] = end_masks(bd)
    return arrays


@dataclass
class RunInfo:
    """What one core run measured."""

    sizes: npt.NDArray[np.int64]  # states after each cell
    peak_states: int
    peak_bytes: int
    transitions: int
    seconds: float


def _raise_for_status(st: int, bd: Board, ri: RunInfo, info: npt.NDArray[np.int64], mb: int,
                      words: int, where: str) -> None:
    """Raise what a failed sweep's status means (``where``: which sweep, for the message)."""
    if st == ST_CANCELLED:
        raise Cancelled("frontier count cancelled")
    if st == ST_TIMEOUT:
        raise SearchLimitError("frontier count passed its deadline", ri.transitions,
                               ri.seconds)
    if st == ST_NOMEM:
        est = estimate(bd.rows, bd.cols, "path" if bd.path_mode else "cycle", words=words)
        raise BoardTooLargeError(
            f"frontier DP on {bd.rows}x{bd.cols} needs more than the {mb / 2**30:.2f} GiB "
            f"allowed (stopped after cell {int(info[3])} of {bd.N}{where} at "
            f"{int(info[0])} states; estimate {est[0]} states, {est[1] / 2**30:.2f} GiB)")


@overload
def _run_core(bd: Board, words: Sequence[int], *, deadline: float = ...,
              cancel: npt.NDArray[np.uint8] | None = ..., progress: _Progress | None = ...,
              max_bytes: int | None = ..., dump_step: Literal[-1] = ..., dump_size: int = ...,
              fold: bool = ..., budget: bool = ...
              ) -> tuple[npt.NDArray[np.uint64], RunInfo]: ...
@overload
def _run_core(bd: Board, words: Sequence[int], *, deadline: float = ...,
              cancel: npt.NDArray[np.uint8] | None = ..., progress: _Progress | None = ...,
              max_bytes: int | None = ..., dump_step: int, dump_size: int = ...,
              fold: bool = ..., budget: bool = ...
              ) -> (tuple[npt.NDArray[np.uint64], RunInfo]
                    | tuple[npt.NDArray[np.uint64], RunInfo, dict[int, int]]): ...
def _run_core(bd: Board, words: Sequence[int], *, deadline: float = 0.0,
              cancel: npt.NDArray[np.uint8] | None = None, progress: _Progress | None = None,
              max_bytes: int | None = None,
              dump_step: int = -1, dump_size: int = 0, fold: bool = True,
              budget: bool = True
              ) -> (tuple[npt.NDArray[np.uint64], RunInfo]
                    | tuple[npt.NDArray[np.uint64], RunInfo, dict[int, int]]):
    """Run the core for the moduli ``words`` (words[0] must be 2^64, the
    others odd primes < 2^63); return (residues, RunInfo[, dump]).
    ``fold=False`` keeps mirror states apart (state-for-state comparisons
    with the twin); ``budget=False`` turns off the ends budget (tests show
    what it prunes)."""
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
        dv = np.zeros(dump_size * len(words), np.uint64)
    t0 = time.perf_counter()
    st = run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=bd.path_mode,
             mods=mods, result=res, sizes=sizes, info=info, deadline=float(deadline),
             cancel=cancel, progress=progress, max_bytes=mb, dump_step=dump_step,
             dump_lo=dl, dump_hi=dh, dump_val=dv,
             fold=fold_cells(bd) if fold else None, **_arrays(bd, budget))
    ri = RunInfo(sizes, int(info[0]), int(info[1]), int(info[2]),
                 time.perf_counter() - t0)
    _raise_for_status(st, bd, ri, info, mb, len(words), "")
    if dump_step >= 0:
        if st != ST_OK:  # table larger than the buffer: retry bigger
            return _run_core(bd, words, max_bytes=max_bytes, dump_step=dump_step,
                             dump_size=int(sizes[dump_step]) if sizes[dump_step] else
                             max(1024, 4 * dump_size), fold=fold, budget=budget)
        n = int(sizes[dump_step])
        assert dl is not None and dh is not None and dv is not None  # allocated: dump_step >= 0
        keys = [int(dl[i]) | (int(dh[i]) << 64) for i in range(n)]
        return res, ri, dict(zip(keys, (int(v) for v in dv[:n * len(words):len(words)])))
    assert st == ST_OK
    return res, ri


@overload
def _count(bd: Board, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: Literal[False] = ...) -> int: ...
@overload
def _count(bd: Board, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: Literal[True]) -> tuple[int, RunInfo | None]: ...
@overload
def _count(bd: Board, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: bool) -> int | tuple[int, RunInfo | None]: ...
def _count(bd: Board, *, deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
           progress: _Progress | None = None,
           max_bytes: int | None = None, want_info: bool = False
           ) -> int | tuple[int, RunInfo | None]:
    if bd.trivial is not None:
        return (bd.trivial, None) if want_info else bd.trivial
    mods = moduli_for(count_bound(bd))
    res, ri = _run_core(bd, mods, deadline=deadline, cancel=cancel,
                        progress=progress, max_bytes=max_bytes)
    n = crt([int(x) for x in res], mods)
    return (n, ri) if want_info else n


def count_cycles(rows: int, cols: int, *, removed: Sequence[int] = (),
                 pinned: Sequence[int] = (), deadline: float = 0.0,
                 cancel: npt.NDArray[np.uint8] | None = None,
                 progress: _Progress | None = None, max_bytes: int | None = None,
                 mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None) -> int:
    """The number of undirected Hamiltonian cycles of the knight graph of a
    ``rows`` x ``cols`` board without the squares ``removed``.

    ``mask`` (instead of ``removed``): a numpy bool array of shape (rows,
    cols), True where a square is usable; the holes take no edge.  The
    board is cut down to its usable rows and columns first (same graph, a
    narrower frontier).  ``moves``: another move set, (drow, dcol) offsets
    (None: the knight), one that :func:`serves` accepts.  ValueError for a
    mask without usable square, a pinned square on a hole, or moves the
    frontier cannot take.

    ``pinned`` must be empty (an end makes no sense for a cycle; it is
    accepted so that both counters share one signature).  ``deadline`` is a
    ``time.time()`` value (0: none), ``cancel`` a ``uint8`` array of length 1
    the caller may set nonzero from another thread, ``progress`` a callable
    ``(cells_done, cells_total, states_alive)`` called at most every 0.1 s,
    ``max_bytes`` the limit on the state tables (BoardTooLargeError).
    """
    if pinned:
        raise ValueError("cycles have no ends: pinned must be empty")
    if mask is None and moves is None:  # the plain board: as it always was
        return _count_board(rows, cols, "cycle", (), removed, deadline, cancel, progress,
                            max_bytes)
    bx, mv = _board_args(rows, cols, mask, removed, (), moves)
    return _count_board(bx.rows, bx.cols, "cycle", (), bx.removed, deadline, cancel,
                        progress, max_bytes, mv)


def count_paths(rows: int, cols: int, *, pinned: Sequence[int] = (),
                free_ends: int | None = None, removed: Sequence[int] = (),
                deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                progress: _Progress | None = None, max_bytes: int | None = None,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None) -> int:
    """The number of undirected Hamiltonian paths covering every square not
    ``removed``, with each square of ``pinned`` (0, 1 or 2) an end and
    ``free_ends`` = 2 - len(pinned) ends anywhere else.

    A one-square board has one path (both ends on that square).  Other
    arguments as in :func:`count_cycles`.
    """
    if free_ends is None:
        free_ends = 2 - len(pinned)
    if free_ends != 2 - len(pinned):
        raise ValueError("a path has exactly two ends: free_ends must be 2 - len(pinned)")
    if mask is None and moves is None:  # the plain board: as it always was
        return _count_board(rows, cols, "path", pinned, removed, deadline, cancel, progress,
                            max_bytes)
    bx, mv = _board_args(rows, cols, mask, removed, pinned, moves)
    return _count_board(bx.rows, bx.cols, "path", bx.pinned, bx.removed, deadline, cancel,
                        progress, max_bytes, mv)


def _board_args(rows: int, cols: int, mask: npt.NDArray[np.bool_] | None,
                removed: Sequence[int], pinned: Sequence[int], moves: Moves,
                names: Sequence[str] | None = None
                ) -> tuple[Masked, tuple[tuple[int, int], ...] | None]:
    """The board of a count with a mask or a move set, checked and cut down
    (ValueError for what the frontier cannot count)."""
    if mask is not None and len(removed):
        raise ValueError("give the holes as mask= or as removed=, not both")
    mv = check_moves(moves)
    _check_squares(rows, cols, removed)
    if mask is None and len(removed):
        mask = np.ones((rows, cols), dtype=np.bool_)
        mask.reshape(-1)[list(removed)] = False
    bx = crop(rows, cols, mask, pinned, names)
    if min(bx.rows, bx.cols) > MAX_WIDTH:  # a size limit, as for a plain board
        raise BoardTooLargeError(
            f"frontier DP counts boards at most {MAX_WIDTH} squares wide (its states hold "
            f"{MAX_WIDTH} frontier squares); the {rows}x{cols} board, cut down to its "
            f"usable rows and columns, is {bx.rows}x{bx.cols}: more than {MAX_WIDTH} "
            "wide: use method='search'")
    why = serve_reason(bx.rows, bx.cols, moves=mv)
    if why is not None:
        raise ValueError(f"the frontier DP cannot count this board: {why}")
    return bx, mv


def _check_squares(rows: int, cols: int, squares: Sequence[int]) -> None:
    """ValueError unless the board has sides of at least 1 and holds every
    square of ``squares`` (flat indices)."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a board has sides of at least 1, got {rows}x{cols}")
    for sq in squares:
        if not 0 <= sq < rows * cols:
            raise ValueError(f"square {sq} is not on the {rows}x{cols} board")


def count_tours(rows: int, cols: int, *, start: int | None = None, end: int | None = None,
                closed: bool = False, directed: bool = False,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                progress: _Progress | None = None, max_bytes: int | None = None) -> int:
    """The number of tours in the package's conventions (those of
    :func:`knight.count`: open tours directed, summed over every start when
    ``start`` is None; closed tours undirected cycles, or directed ones
    with ``directed=True``), on a board with holes (``mask``) and any move
    set the frontier serves (``moves``).  ``start`` and ``end`` are flat
    squares ``row * cols + col`` of the given board; ValueError, naming
    it, when one is a hole.  A one-square board has one open tour and no
    closed one, as the 1x1 board.  One sweep (or one meet-in-the-middle
    pair) in this process; other arguments as in :func:`count_cycles`.

    >>> import numpy as np
    >>> m = np.ones((5, 5), dtype=bool); m[2, 2] = False
    >>> count_tours(5, 5, mask=m), count_tours(5, 5, mask=m, closed=True)
    (128, 0)
    >>> m = np.ones((4, 5), dtype=bool); m[0, 0] = m[3, 4] = False
    >>> count_tours(4, 5, mask=m, start=1)
    69
    >>> count_tours(3, 4, moves=KING, closed=True)
    120
    """
    names = [n for n, sq in (("start", start), ("end", end)) if sq is not None]
    sqs = [sq for sq in (start, end) if sq is not None]
    bx, mv = _board_args(rows, cols, mask, (), sqs, moves, names)
    s, e = (bx.flat(start, cols) if start is not None else None,
            bx.flat(end, cols) if end is not None else None)
    r, c, n = bx.rows, bx.cols, bx.squares
    if closed:
        if n < 3:  # no cycle on one or two squares
            return 0
        if s is not None and e is not None:
            # The cycles through the move start-end: the paths from start to end.
            (sr, sc), (er, ec) = divmod(s, c), divmod(e, c)
            if (er - sr, ec - sc) not in (KNIGHT_MOVES if mv is None else mv):
                return 0
            return _count_board(r, c, "path", (s, e), bx.removed, deadline, cancel,
                                progress, max_bytes, mv)
        factor = (2 * n if s is None and e is None else 2) if directed else 1
        return factor * _count_board(r, c, "cycle", (), bx.removed, deadline, cancel,
                                     progress, max_bytes, mv)
    if s is None and e is not None:
        s, e = e, None  # reversing a path swaps its ends
    if s is not None and e is not None:
        if s == e:
            return 1 if n == 1 else 0
        pinned: tuple[int, ...] = (s, e)
    else:
        pinned = () if s is None else (s,)
    total = _count_board(r, c, "path", pinned, bx.removed, deadline, cancel, progress,
                         max_bytes, mv)
    # each undirected path is two directed tours (one when it is a single square)
    return total if pinned or n == 1 else 2 * total


# --------------------------------------------------------------------------
# Estimates (before any allocation)
# --------------------------------------------------------------------------

#: Peak states measured with this core on long boards (the peak depends on
#: the width only once the board is a few columns long), by mode and width.
#: Filled from bench runs; widths not listed are extrapolated.
PEAK_STATES = {
    # measured with mirror folding (peak over the sweep: cycles on 3x1000,
    # 4x200, 5x60, 6x12; paths on 3x1000, 4x200, 5x12, 6x12 -- width 6
    # open saturates from column 6 on at 4.39e6 states a column and peaks
    # at 2.09e7 inside a column: 6x10 2.07e7, 6x12 2.09e7), and
    # extrapolated about x30 per extra row (7, 8)
    "cycle": {1: 1, 2: 4, 3: 100, 4: 1_000, 5: 40_000, 6: 1_100_000,
              7: 30_000_000, 8: 900_000_000},
    "path": {1: 1, 2: 8, 3: 1_800, 4: 21_000, 5: 1_300_000, 6: 21_000_000,
             7: 2_000_000_000, 8: 60_000_000_000},
}


#: Peak states of one half when the board is counted by meet in the middle
#: (W >= SPLIT_WIDTH), measured: 7x7 open 3.4e7 (side 0; side 1 and the
#: final tables are smaller), 8x8 closed past 3.7e7 in side 1 (stopped by
#: the memory limit with 5 of its 40 cells to go), 6 and 5 from 6x10 / 5x20
#: open (6x10: 1.64e7 in side 1's last columns, side 0 6.6e6) and 6x12 /
#: 5x60 closed.
SPLIT_PEAK_STATES = {
    "cycle": {5: 40_000, 6: 1_100_000, 7: 15_000_000, 8: 150_000_000},
    "path": {5: 1_300_000, 6: 16_500_000, 7: 40_000_000, 8: 1_500_000_000},
}

#: Measured peaks of the halves of boards shorter than the one the table
#: above was measured on (the largest of the shared sweep's and both
#: tails'), where that table would over-state them many times: 6x6 open
#: peaks at 6.5e5.
SPLIT_PEAK_BY_LENGTH = {
    ("path", 6): {6: 660_000, 7: 1_230_000, 8: 5_700_000, 9: 6_600_000},
}

#: From this length on a half sweeps past the columns where a single sweep
#: saturates (6xn open: 4.39e6 states a column from column 6 on, 2.09e7
#: inside one before its cells finish), so it is taken to peak as the
#: single sweep does: side 1 of 6x10 already holds 1.64e7.
SATURATED_LENGTH = 11


#: How many times the full board's estimate a board with holes is taken to
#: peak at (see :func:`estimate`): the largest ratio measured, 7.6 (4x30
#: closed without three corners), rounded up.
HOLE_FACTOR = 8


def estimate(rows: int, cols: int, mode: str = "cycle", *,
             words: int | None = None, mask: npt.NDArray[np.bool_] | None = None,
             moves: Moves = None) -> tuple[int, int]:
    """Estimated (peak states, peak bytes) of the state tables.

    ``mode`` is "cycle" or "path" (pinned ends only shrink the tables).
    Computed from a table of measured peaks by width, scaled down for short
    boards; bytes count both tables at the worst load (1/4 after a
    doubling) with the words the count bound calls for.

    With a ``mask``, the estimate of the full board of the size it is cut
    down to (:func:`crop`), times :data:`HOLE_FACTOR` if a hole is left:
    holes do not only take choices away, they also lift the constraints
    that squares of few moves put on their neighbours, and a few holes on
    the edge raise the peak well past the full board's (measured: 4x30
    closed 403 states, 3 077 without three corners; 4x10 open 10 786 and
    44 181; 6x6 open, halves, 650 889 and 1 456 860 without two corners;
    random masks with more holes mostly lower it).  Other ``moves`` (those
    :func:`serves` accepts) get the knight's estimate: their states were
    far fewer in every measurement (peak states, knight against king /
    wazir on 5x16: 39 683 / 297 / 13 closed, 748 294 / 1 658 / 160 open;
    the ferz and the dabbaba, whose graphs fall apart, 1 to 141).  Neither
    is a proof: the core's memory guard stops a sweep that passes the
    limit anyway (BoardTooLargeError), so an estimate only chooses early.

    >>> import numpy as np
    >>> m = np.ones((8, 8), dtype=bool); m[:, 5:] = False; m[3, 3] = False
    >>> words = estimate_words(8, 5, "path", mask=m[:, :5])
    >>> full = estimate(8, 5, "path", words=words)
    >>> estimate(8, 8, "path", mask=m) == (HOLE_FACTOR * full[0], HOLE_FACTOR * full[1])
    True
    """
    _check_mode(mode)
    if mask is not None or moves is not None:
        bx, mv = _board_args(rows, cols, mask, (), (), moves)
        if words is None:
            words = estimate_words(bx.rows, bx.cols, mode, removed=bx.removed, moves=mv)
        states, need = estimate(bx.rows, bx.cols, mode, words=words)
        if not bx.removed:
            return states, need
        more = max(states, min(HOLE_FACTOR * states, 3 ** min(bx.squares, 40)))
        return more, need * more // states
    check_width(rows, cols)
    W, L = min(rows, cols), max(rows, cols)
    # halves of long boards peak as a single sweep does (SATURATED_LENGTH)
    halves = W >= SPLIT_WIDTH and can_split(rows, cols) and L < SATURATED_LENGTH
    tab = SPLIT_PEAK_STATES[mode] if halves else PEAK_STATES[mode]
    by_length = SPLIT_PEAK_BY_LENGTH.get((mode, W), {}) if halves else {}
    if L in by_length:
        s = by_length[L]
    elif W in tab:
        s = tab[W]
    else:  # the growth per extra row seen from 5 to 6, carried on
        s = tab[max(tab)] * 30 ** (W - max(tab))
    # short boards never reach the peak: at most ~3^(cells) anyway
    s = int(min(s, 3 ** min(W * L, 40)))
    if words is None:
        words = plain_words(rows, cols, mode == "path")
    esz = 8 * ((1 if 2 * W + 1 <= 15 else 2) + words)  # key words + residues
    return s, 2 * 4 * s * esz


@functools.lru_cache(maxsize=256)
def plain_words(rows: int, cols: int, path_mode: bool) -> int:
    """How many moduli a count of the whole board needs, as ``len(moduli_for(
    count_bound(prepare(rows, cols, path_mode=path_mode))))`` is, without
    preparing the board: the bound needs only how many squares have each
    degree (numpy), and the moduli only the size of the bound (each prime
    of :func:`primes` is 2^63 to a float).  Kept per board."""
    if rows * cols < 2:
        return 1
    W, L = min(rows, cols), max(rows, cols)
    # A square's degree depends only on its row and on how near (0, 1, 2 or
    # more columns) it is to each end: a board 9 long has every kind, its
    # middle column standing for the L - 8 middle columns of a longer one.
    short = min(L, 9)
    degree = _degrees(np.ones((W, short), dtype=np.bool_), KNIGHT_MOVES)
    hist: Counter[int] = Counter(degree.ravel().tolist())
    if L > short:
        for d in degree[:, 4].tolist():
            hist[d] += L - short
    return _hist_words(hist, path_mode)


def _degrees(usable: npt.NDArray[np.bool_], moves: Sequence[tuple[int, int]]
             ) -> npt.NDArray[np.int64]:
    """Each square's number of moves (``moves``: (drow, dcol)) to a usable
    square, by shifted slices of the array (C speed on long boards)."""
    R, C = usable.shape
    degree = np.zeros((R, C), dtype=np.int64)
    for dr, dc in moves:
        if abs(dr) >= R or abs(dc) >= C:
            continue
        # degree[r, c] += usable[r + dr, c + dc] wherever both are on the board
        degree[max(0, -dr):R - max(0, dr), max(0, -dc):C - max(0, dc)] += \
            usable[max(0, dr):R + min(0, dr), max(0, dc):C + min(0, dc)]
    return degree


def _hist_words(hist: Counter[int], path_mode: bool) -> int:
    """The moduli count bound calls for, from the histogram of the active
    squares' degrees (see :func:`plain_words`)."""
    if sum(hist.values()) < 2:
        return 1  # trivial: no table, one word
    bits = _bound_bits(hist, path_mode, None) + 8 + 1  # bit_length of the bound
    return 1 + max(0, math.ceil((bits + _LOG_MARGIN - 64) / 63))


def estimate_words(rows: int, cols: int, mode: str = "cycle", *,
                   mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                   removed: Sequence[int] = ()) -> int:
    """The residues each state carries on this board (see :func:`estimate`):
    how many moduli the count bound of the board (cut down to its usable
    rows and columns) calls for, from its squares' degrees (numpy, without
    preparing the board; holes as ``mask`` or ``removed``).

    >>> estimate_words(8, 8, "path"), estimate_words(3, 4, "cycle")
    (2, 1)
    """
    _check_mode(mode)
    if mask is None and moves is None and not len(removed):
        check_width(rows, cols)
        return plain_words(rows, cols, mode == "path")
    bx, mv = _board_args(rows, cols, mask, removed, (), moves)
    usable = np.ones((bx.rows, bx.cols), dtype=np.bool_)
    usable.reshape(-1)[list(bx.removed)] = False
    check_planning()
    degree = _degrees(usable, KNIGHT_MOVES if mv is None else mv)
    counts = np.bincount(degree[usable], minlength=1)
    hist: Counter[int] = Counter({d: int(k) for d, k in enumerate(counts.tolist()) if k})
    return _hist_words(hist, mode == "path")


# --------------------------------------------------------------------------
# Meet in the middle
# --------------------------------------------------------------------------

_MOVES = ((-2, -1), (-2, 1), (-1, -2), (-1, 2))  # back-edge slots j = 0..3


@dataclass
class Part:
    """One half of a count split at a cut: a board for the core whose last
    two columns (the boundary, columns cut and cut+1 of the sweep) are left
    open.  Side 0 sweeps columns 0..cut+1 forwards and owns every edge with
    an end left of the cut; side 1 sweeps columns L-1..cut (the board
    turned 180 degrees: cell p becomes N-1-p) and owns the others.
    ``bmap[slot]`` is the boundary cell (0..2W-1: column cut rows 0..W-1,
    then column cut+1) of each key slot of the final state, or -1."""

    board: Board
    bmap: list[int]
    btarget: list[int]
    #: Whether this side folds mirror states.  With A, B the two sides'
    #: unfolded final counts (mirror-invariant when the board is symmetric)
    #: and C(s, r) = 1 for pairs that make a tour, the count is
    #: sum A(s) B(r) C(s, r).  Folding one side keeps it as long as the other
    #: side's counts are mirror-invariant: so side 0 folds when the board is
    #: symmetric from the cut on.  When the whole board is symmetric both
    #: fold, and then sum A'(s) B'(r) (C(s, r) + C(ms, r)) = 2 x the count
    #: (ms: the mirror of s), which join_halves evaluates and halves.
    fold: bool = False
    both_fold: bool = False


def make_part(rows: int, cols: int, *, path_mode: bool, cut: int, side: int,
              pinned: Sequence[int] = (), removed: Sequence[int] = (),
              moves: Moves = None) -> Part:
    """The half ``side`` of the board split at column ``cut`` (see Part).
    Any move set :func:`prepare` takes splits: its moves span at most two
    columns, so the edges that cross the cut all end in the boundary."""
    full = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=path_mode,
                   moves=moves)
    W, L, N = full.W, full.L, full.N
    if W < 3 or not 1 <= cut <= L - 3 or side not in (0, 1):
        raise ValueError(f"no half {side} of a {rows}x{cols} board cut at column {cut} "
                         "(width at least 3, 1 <= cut <= length - 3, side 0 or 1)")
    lo_cell = cut * W
    bnd = range(lo_cell, lo_cell + 2 * W)
    if side == 0:
        cells = range(lo_cell + 2 * W)

        def pos(x: int) -> int:
            return x
    else:
        cells = range(lo_cell, N)

        def pos(x: int) -> int:
            return N - 1 - x
    n = len(cells)
    # every edge (q < p) of the full board, and who owns it
    mine: list[tuple[int, int]] = []
    odeg = [0] * N
    for p in range(N):
        if not p & 4095:
            check_planning()
        for j in range(4):
            q = full.back[4 * p + j]
            if q < 0:
                continue
            left = q // W <= cut - 1  # an end left of the cut (q is the earlier)
            if left == (side == 0):
                if p < cells.start + n and p >= cells.start:
                    mine.append((pos(q), pos(p)))
            else:
                odeg[p] += 1
                odeg[q] += 1
    target = [0] * n
    for x in cells:
        target[pos(x)] = full.target[x]
    back = [-1] * (4 * n)
    fwdl: list[list[int]] = [[] for _ in range(n)]
    degree = [0] * n
    for u, v in mine:
        q, p = min(u, v), max(u, v)
        (cq, rq), (cp, rp) = divmod(q, W), divmod(p, W)
        # side 1 is the board turned 180 degrees: its edges are the same
        # moves (the set is closed under negation), so the same slots
        j = full.bmoves.index((cq - cp, rq - rp))
        back[4 * p + j] = q
        fwdl[q].append(p)
        degree[p] += 1
        degree[q] += 1
    big = n + 1  # "never": boundary cells are not finished here
    fwd = [len(f) for f in fwdl]
    last_fwd = [max(f) if f else p for p, f in enumerate(fwdl)]
    rem = [0] * (4 * n)
    for p in range(n):
        for j in range(4):
            q = back[4 * p + j]
            if q >= 0:
                rem[4 * p + j] = sum(1 for x in fwdl[q] if x > p)
    for x in bnd:
        check_planning()
        px = pos(x)
        last_fwd[px] = big
        fwd[px] += odeg[x]
        for p in range(n):
            for j in range(4):
                if back[4 * p + j] == px:
                    rem[4 * p + j] += odeg[x]
    pin = sorted(pos(x) if x in cells else big for x in full.pinned)
    bd = Board(rows, cols, W, n // W, n, target, back, rem, fwd, last_fwd, pin, big,
               path_mode, degree, bmoves=full.bmoves, mirror=full.mirror, moves=full.moves)
    S = 2 * W + 1
    bmap = [-1] + [k - 1 if side == 0 else 2 * W - k for k in range(1, S)]
    tg = full.target
    def sym(cells: range) -> bool:
        return all(tg[x] == tg[(x // W) * W + W - 1 - x % W] for x in cells)
    both = full.mirror and sym(range(N))
    # Side 0 may fold when side 1's counts are mirror-invariant.  Those
    # depend on the board from the cut on and also on the edges side 0 owns
    # into the boundary (from the two columns before the cut): they are in
    # side 1's forward degrees of its boundary cells, which its pruning
    # reads.  A hole there (5x8 open, hole at (1, 1), cut 3) made side 1 drop
    # states whose mirrors it kept, and folding side 0 then lost tours.
    after = sym(range(max(0, lo_cell - 2 * W), N))
    return Part(bd, bmap, [tg[x] for x in bnd],
                fold=both or (full.mirror and side == 0 and after), both_fold=both)


def default_cut(L: int) -> int:
    """The cut where both halves cost about the same: side 0 sweeps cut + 2
    columns, side 1 L - cut, but side 1's last columns hold more states (it
    owns the edges inside the boundary), so side 0 gets one column more
    (measured: 6x7 open 10.6 s at cut 3, 23 s at cut 2, 55 s at cut 4)."""
    return max(1, min(L - 3, (L - 1) // 2))


def can_split(rows: int, cols: int) -> bool:
    """Whether meet in the middle applies (width >= 3, length >= 5)."""
    return min(rows, cols) >= 3 and max(rows, cols) >= 5


def run_part(part: Part, words: Sequence[int], *, deadline: float = 0.0,
             cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int | None = None,
             progress: _Progress | None = None, stop: int | None = None,
             start: tuple[int, _Table] | None = None) -> tuple[_Table, RunInfo]:
    """Sweep one half; return its final table (lo, hi, residues) and RunInfo.
    ``stop=P`` ends the sweep after its first P cells instead, and
    ``start=(P, table)`` resumes it from such a table (see
    :func:`shared_cells`)."""
    bd = part.board
    assert words[0] == 1 << 64
    mods = np.array([0] + list(words[1:]), dtype=np.uint64)
    res = np.zeros(len(words), dtype=np.uint64)
    sizes = np.zeros(bd.N, dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    out: list[npt.NDArray[np.uint64]] = []
    if cancel is not None:
        cancel = np.asarray(cancel)
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    resume: dict[str, Any] = {}
    if start is not None:
        resume = {"start_step": start[0], "start_lo": start[1][0], "start_hi": start[1][1],
                  "start_val": start[1][2]}
    t0 = time.perf_counter()
    st = run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=bd.path_mode, mods=mods,
             result=res, sizes=sizes, info=info, deadline=float(deadline), cancel=cancel,
             progress=progress, max_bytes=mb,
             dump_step=bd.N - 1 if stop is None else stop - 1, dump_out=out,
             fold=fold_cells(bd) if part.fold else None, **_arrays(bd), **resume)
    ri = RunInfo(sizes, int(info[0]), int(info[1]), int(info[2]),
                 time.perf_counter() - t0)
    _raise_for_status(st, bd, ri, info, mb, len(words), " of one half")
    assert st == ST_OK and len(out) == 3
    return (out[0], out[1], out[2]), ri


def shared_cells(a: Part, b: Part) -> int:
    """How many first cells the sweeps of two halves share: the largest P
    such that the core, run on either, holds the same table after cell
    P - 1.

    On a board that turning by 180 degrees maps to itself, side 1 is the
    same sweep as side 0 except near the cut (side 1 owns the edges inside
    the boundary, and its boundary columns are side 0's columns cut + 1 and
    cut when the cut is in the middle): both halves can then share one
    sweep up to the middle of the board, and split for the last columns.
    The tables after cell P - 1 agree when every rule the core applies at
    the cells before P reads the same values: each cell's target, back
    edges, edges left, forward degree, folding and ends budget, and its
    last forward edge as far as it compares with cells before P.  Pinned
    ends count cells ahead of the sweep, so a board with any has P = 0.
    """
    ba, bb = a.board, b.board
    if ba.W != bb.W or ba.path_mode != bb.path_mode or ba.pinned or bb.pinned \
            or a.fold != b.fold:
        return 0
    W, n = ba.W, min(ba.N, bb.N)
    xa, xb = _arrays(ba), _arrays(bb)
    fa = fold_cells(ba) if a.fold else np.zeros(ba.N, np.uint8)
    fb = fold_cells(bb) if b.fold else np.zeros(bb.N, np.uint8)

    def cell(x: _CoreArrays, f: npt.NDArray[np.uint8], p: int) -> tuple[int, ...]:
        row = [int(x["target"][p]), int(x["fwd"][p]), int(f[p])]
        row += [int(v) for v in x["back"][4 * p:4 * p + 4]]
        row += [int(v) for v in x["rem"][4 * p:4 * p + 4]]
        if "endmask" in x:
            row += [int(v) for v in x["endmask"][2 * p:2 * p + 2]]
            row.append(int(x["pins_after"][p]))
        return tuple(row)

    P = 0
    while P < n and cell(xa, fa, P) == cell(xb, fb, P):
        P += 1
        if not P & 1023:
            check_planning()
    # last_fwd only meets cells before P (finished at p < P, or not yet)
    la, lb = xa["last_fwd"], xb["last_fwd"]
    Q = P
    for p in range(P):
        if min(int(la[p]), P) != min(int(lb[p]), P):
            Q = p
            break
    # the core resumes at a cell of the board, never before the first
    # column is done (nothing to share there)
    return Q if Q >= 2 * W and Q < n else 0


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
    W, tg = sides[0].board.W, sides[0].btarget
    left, right = halves[0].table, halves[1].table
    doubled = sides[0].both_fold
    if doubled:
        # sum over s of A'(s) (C(s, r) + C(ms, r)): the left's mirrors join too
        mlo = np.empty_like(left[0])
        mhi = np.empty_like(left[1])
        mirror_keys(W, left[0], left[1], np.ascontiguousarray(sides[0].bmap, dtype=np.int32),
                    mlo, mhi)
        left = (np.concatenate((left[0], mlo)), np.concatenate((left[1], mhi)),
                np.concatenate((left[2], left[2])))
    nw = len(job.moduli)
    lprof = _profiles(W, left, sides[0].bmap, tg)
    rprof = _profiles(W, right, sides[1].bmap, tg)
    order = np.argsort(rprof, kind="stable")
    rsorted = (right[0][order], right[1][order],
               right[2].reshape(-1, nw)[order].reshape(-1), np.ascontiguousarray(rprof[order]))
    n = len(left[0])
    cuts = [n * k // max(1, parts) for k in range(max(1, parts) + 1)]
    return [JoinJob(W, job.path_mode, tuple(tg), tuple(sides[0].bmap), tuple(sides[1].bmap),
                    job.moduli, doubled,
                    (left[0][a:b], left[1][a:b], left[2][a * nw:b * nw], lprof[a:b]), rsorted)
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


def count_split(rows: int, cols: int, mode: str = "cycle", *, pinned: Sequence[int] = (),
                removed: Sequence[int] = (), cut: int | None = None, deadline: float = 0.0,
                cancel: npt.NDArray[np.uint8] | None = None, progress: _Progress | None = None,
                max_bytes: int | None = None, share: bool = True,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None) -> int:
    """The count by meet in the middle, both halves in this process, one
    after the other.  On wide boards this is much faster than one sweep
    (6x6 open: 2.2 s against 6.2 s; 6x20 closed 13.7 s against 18.9 s):
    each half ends at the boundary instead of passing the middle of the
    board, where the states of a single sweep peak.  Where the halves share
    their first cells (:func:`shared_cells`: boards that turning by 180
    degrees maps to themselves, such as every closed count and every open
    count over all starts) those are swept once (6x40 closed: 20 columns,
    then one more on each side, instead of 21 on each side; 6x20 closed
    13.7 s against 21.2 s with the halves apart); ``share=False`` sweeps
    both halves in full (tests compare the two).  Arguments as in
    :func:`count_paths`; ``cut`` is a column of the board cut down to its
    usable rows and columns, along its longer side."""
    _check_mode(mode)
    if mask is not None or moves is not None:
        bx, mv = _board_args(rows, cols, mask, removed, pinned, moves)
        rows, cols, removed, pinned, moves = bx.rows, bx.cols, bx.removed, bx.pinned, mv
    return _count_split(rows, cols, mode, pinned=pinned, removed=removed, cut=cut,
                        deadline=deadline, cancel=cancel, progress=progress,
                        max_bytes=max_bytes, share=share, moves=moves)


def _count_split(rows: int, cols: int, mode: str = "cycle", *, pinned: Sequence[int] = (),
                 removed: Sequence[int] = (), cut: int | None = None, deadline: float = 0.0,
                 cancel: npt.NDArray[np.uint8] | None = None,
                 progress: _Progress | None = None, max_bytes: int | None = None,
                 share: bool = True, moves: Moves = None) -> int:
    jobs = _plan_jobs(rows, cols, mode, 2, pinned=pinned, removed=removed, cut=cut,
                      max_bytes=max_bytes, moves=moves)
    if jobs[0].side < 0:
        return combine([run_job(j, deadline, cancel) for j in jobs])
    parts = [make_part(rows, cols, path_mode=mode == "path", cut=jobs[0].cut, side=s,
                       pinned=pinned, removed=removed, moves=moves) for s in (0, 1)]
    P = shared_cells(parts[0], parts[1]) if share else 0
    total = sum(p.board.N for p in parts) - P
    results = []
    done, held = 0, 0
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)

    def prog_from(off: int) -> _Progress | None:
        if progress is None:
            return None

        def prog(d: int, _t: int, alive: int) -> None:
            progress(off + d, total, alive)
        return prog

    start: tuple[int, _Table] | None = None
    t_shared = 0.0
    if P:
        t0 = time.perf_counter()
        shared, _ = run_part(parts[0], jobs[0].moduli, deadline=deadline, cancel=cancel,
                             max_bytes=mb, progress=prog_from(0), stop=P)
        held = sum(a.nbytes for a in shared)
        start = (P, shared)
        t_shared = time.perf_counter() - t0
        done = P
    for job, part in zip(jobs, parts):
        t0 = time.perf_counter()
        # a resumed sweep reports its cells from P on
        table, _ = run_part(part, job.moduli, deadline=deadline, cancel=cancel,
                            max_bytes=mb - held, progress=prog_from(done - P), start=start)
        held += sum(a.nbytes for a in table)
        done += part.board.N - P
        results.append(JobResult(job.moduli, (), job.all_moduli,
                                 time.perf_counter() - t0 + t_shared / 2, job, table))
    return combine(results, deadline)


#: Boards at least this wide (and splittable) are counted by
#: :func:`count_split` in one process rather than by one sweep.
SPLIT_WIDTH = 5


def _count_board(rows: int, cols: int, mode: str, pinned: Sequence[int],
                 removed: Sequence[int], deadline: float,
                 cancel: npt.NDArray[np.uint8] | None, progress: _Progress | None,
                 max_bytes: int | None, moves: Moves = None) -> int:
    bd = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=mode == "path",
                 moves=moves)
    if bd.trivial is None and bd.W >= SPLIT_WIDTH and can_split(rows, cols):
        return _count_split(rows, cols, mode, pinned=pinned, removed=removed,
                            deadline=deadline, cancel=cancel, progress=progress,
                            max_bytes=max_bytes, moves=moves)
    return _count(bd, deadline=deadline, cancel=cancel, progress=progress,
                  max_bytes=max_bytes)


# --------------------------------------------------------------------------
# Distribution
# --------------------------------------------------------------------------

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
    from its own end (see :class:`Part`); :func:`combine` joins their final
    tables at the cut.  That divides the enumeration itself.  Other boards
    are split by residues: each job runs the whole sweep for its share of
    the moduli (it divides only the arithmetic).  ``mask`` and ``moves`` as
    in :func:`count_cycles` (the jobs hold the board cut down to its usable
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
    if parts >= 2 and bd.trivial is None and can_split(rows, cols):
        c = default_cut(bd.L) if cut is None else cut
        # one bit more: the join may compute twice the count (see Part.fold)
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
                            max_bytes=job.max_bytes)
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

"""Exactness of the frontier DP: a proven bound on a count, the moduli that
cover it, and the Chinese remainder theorem.

The core keeps each state's count modulo 2^64 and modulo as many primes
below 2^63 as a proven bound on the answer needs (Bregman's permanent bound,
:func:`count_bound`); :func:`crt` rebuilds the Python int from the
residues.  The primes (:func:`primes`) and the moduli of each bound size
(:func:`moduli_for`) are found once per process and kept.
"""

from __future__ import annotations

import functools
import math
import threading
from collections import Counter
from collections.abc import Sequence
from itertools import compress

import numpy as np

from ..limits import check_planning
from .frontier_board import SweepBoard

__all__ = ["count_bound", "crt", "moduli_for", "primes"]


def count_bound(bd: SweepBoard) -> int:
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

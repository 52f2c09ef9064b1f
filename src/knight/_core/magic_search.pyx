"""The search for magic knight's tours: ``MagicSearch``.

This module owns the one search behind ``magic=`` (:mod:`knight.engines.magic`):
knight's paths of a plain ``rows`` x ``cols`` rectangle, their squares
numbered 1..N along the path, whose ranks all add up to ``cols*(N+1)/2`` and
whose files all add up to ``rows*(N+1)/2`` (semi-magic), and with
``diagonal`` both long diagonals of a square board too.  The search is
resumable: :meth:`MagicSearch.collect` hands over a batch of tours at a
time (one, for a solve), :meth:`MagicSearch.count` counts them; both stop
at a node budget, the deadline or the cancel flag with the state kept, and
go on from there when called again.  Its pure-Python twin is
``magic_search_py.py`` (same decisions, same node counts).

Lines (ranks, files, and the two diagonals when asked) each keep their
running sum, how many of their squares are still unnumbered and how many of
those carry odd numbers (a knight changes colour at every move, so a
square's colour fixes the parity of its number once the start is placed).
After each placement of number k on the current square:

* bounds: the smallest (largest) sum a line's free squares can still take
  is that of the smallest (largest) numbers above k of the right parities;
  a line whose target lies outside is dead;
* forced numbers: a line with one free square forces that square's number
  (target - sum), which must be above k, at most N, of the square's
  parity, within knight distance of the current square, agree with its
  clue, and not be claimed by another line for another square (nor the
  square for another number); a number forced to be k+1 makes the move;
* the tour: a free neighbour of the current square with no free neighbour
  of its own can only be the last square; more than two with one free
  neighbour is dead (they can only be the next and the last); a closed
  tour's start keeps a free neighbour; clued squares are entered at their
  own number only, and the next clue must stay within reach.

``symmetric`` searches the centrally symmetric tours only, a subset:
the square numbered k + N/2 is the 180-degree rotation of the square
numbered k, so each step places two squares and the tour closes by
itself.  With that symmetry rank r and rank R-1-r share a sum only when
the first half visits exactly C/2 squares of each rank (and R/2 of each
file): their sums differ by N/2 times the difference of those counts,
which sum to C.  That cap filters the moves and is what finds semi-magic
8x8 tours in a second.  It needs rows and cols even and N divisible by 4
(a square and its rotation share a colour, so k and k + N/2 must share a
parity); the caller checks that and makes the clues symmetric.

Candidates go fewest onward moves first; ties by move order, or, with a
non-zero ``seed``, by a xorshift draw (restarts of a solve).  The start is
tried in the order of ``starts``: a range of the enumeration is a set of
starts together with clues fixing the first squares, so ranges are
independent jobs.
"""

cimport cython
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from .status cimport (
    C_CANCELLED, C_DONE, C_MORE, C_NODE_LIMIT, C_TIME_LIMIT,
)

from .poll cimport cancel_address, passed_on, poll_status

import numpy as np

#: The statuses of ``count`` and ``collect``: status.pxd's, the one status of every core.
DONE, MORE, TIME_LIMIT, NODE_LIMIT, CANCELLED = (
    C_DONE, C_MORE, C_TIME_LIMIT, C_NODE_LIMIT, C_CANCELLED)

cdef enum:
    # Nodes between two polls.
    POLL_EVERY = 16384
    # Most lines a square lies on: its rank, its file, two diagonals.
    LINES_PER_SQUARE = 4


cdef inline int64_t _low_sum(int64_t m, int64_t k, int odd) noexcept nogil:
    """The sum of the ``m`` smallest numbers above ``k`` of parity ``odd``."""
    cdef int64_t f = k + 1
    if (f & 1) != odd:
        f += 1
    return m * f + m * (m - 1)


cdef inline int64_t _high_sum(int64_t m, int64_t top, int odd) noexcept nogil:
    """The sum of the ``m`` largest numbers up to ``top`` of parity ``odd``."""
    cdef int64_t f = top
    if (f & 1) != odd:
        f -= 1
    return m * f - m * (m - 1)


cdef inline int64_t _span_low(int64_t m, int64_t a, int64_t b, int odd,
                              int64_t* taken) noexcept nogil:
    """The sum of the (at most ``m``) smallest numbers of parity ``odd`` in
    ``[a, b]``; ``taken`` gets how many there were."""
    cdef int64_t f = a, t
    if (f & 1) != odd:
        f += 1
    if f > b:
        taken[0] = 0
        return 0
    t = (b - f) // 2 + 1
    if m < t:
        t = m
    taken[0] = t
    return t * f + t * (t - 1)


cdef inline int64_t _span_high(int64_t m, int64_t a, int64_t b, int odd,
                               int64_t* taken) noexcept nogil:
    """The sum of the (at most ``m``) largest numbers of parity ``odd`` in ``[a, b]``."""
    cdef int64_t f = b, t
    if (f & 1) != odd:
        f -= 1
    if f < a:
        taken[0] = 0
        return 0
    t = (f - a) // 2 + 1
    if m < t:
        t = m
    taken[0] = t
    return t * f - t * (t - 1)


@cython.auto_pickle(False)
cdef class MagicSearch:
    """Every magic numbering of a knight's path over a plain rectangle, resumable.

    ``nbr``: the knight's neighbour table, one row of 8 per square
    (row-major squares), padded with -1; ``dist``: knight distances, N x N;
    ``starts``: the start squares to try, in order; ``clue_at``: per square,
    the number it must carry (0: free).  ``closed`` asks the last square to
    be a knight move from the first; ``diagonal`` adds the two long
    diagonals (square boards); ``symmetric`` searches centrally symmetric
    tours only (see the module).  ``seed`` 0 breaks ties by move order.
    The caller validates everything (even sides, symmetric clues).
    """

    cdef Py_ssize_t R, C, N, H, top, nlines, k, si, nstarts
    cdef bint closed, diagonal, sym
    cdef int col0
    cdef uint64_t rng, seed
    cdef int64_t _nodes, _found
    cdef int deepest
    cdef const int32_t[:, ::1] nbr
    cdef const int16_t[:, ::1] dist
    cdef const int32_t[::1] starts
    cdef int32_t[::1] clue_at, clue_sq, next_clue
    cdef int32_t[::1] num, deg, nn, path, sqlines, nsl, lcnt, lodd, llen, lmem, fcnt
    cdef int32_t[::1] cand, ncand, ci, vsq, ssv
    cdef int64_t[::1] target, lsum, vstamp, sstamp

    def __init__(self, Py_ssize_t rows, Py_ssize_t cols, const int32_t[:, ::1] nbr,
                 const int16_t[:, ::1] dist, const int32_t[::1] starts,
                 const int32_t[::1] clue_at, bint closed=False, bint diagonal=False,
                 bint symmetric=False, uint64_t seed=0):
        cdef Py_ssize_t n = rows * cols, i, r, c, j, w = max(rows, cols), L
        self.R, self.C, self.N = rows, cols, n
        self.H = n // 2
        self.sym = symmetric
        self.top = self.H if symmetric else n
        self.closed, self.diagonal = closed, diagonal
        self.nbr, self.dist, self.starts = nbr, dist, starts
        self.nstarts = starts.shape[0]
        self.seed = seed
        self.rng = seed * 2654435761 + 88172645463325252
        self.nlines = rows + cols + (2 if diagonal else 0)
        self.clue_at = np.array(clue_at, dtype=np.int32)
        self.clue_sq = np.full(n + 2, -1, dtype=np.int32)
        for i in range(n):
            if clue_at[i] > 0:
                self.clue_sq[clue_at[i]] = i
        # The next clued number after each k, within the half searched.
        self.next_clue = np.zeros(n + 2, dtype=np.int32)
        j = 0
        for i in range(self.top, -1, -1):
            self.next_clue[i] = j
            if self.clue_sq[i] >= 0 and i > 0:
                j = i
        self.num = np.zeros(n, dtype=np.int32)
        self.nn = np.zeros(n, dtype=np.int32)
        for i in range(n):
            for j in range(8):
                if nbr[i, j] >= 0:
                    self.nn[i] += 1
        self.deg = np.array(self.nn, dtype=np.int32)
        self.path = np.zeros(n + 2, dtype=np.int32)
        self.sqlines = np.zeros(n * LINES_PER_SQUARE, dtype=np.int32)
        self.nsl = np.zeros(n, dtype=np.int32)
        self.llen = np.zeros(self.nlines, dtype=np.int32)
        self.lmem = np.zeros(self.nlines * w, dtype=np.int32)
        self.target = np.zeros(self.nlines, dtype=np.int64)
        for i in range(n):
            r, c = i // cols, i % cols
            self._join(i, r)
            self._join(i, rows + c)
            if diagonal and r == c:
                self._join(i, rows + cols)
            if diagonal and r + c == rows - 1:
                self._join(i, rows + cols + 1)
        for L in range(self.nlines):
            self.target[L] = self.llen[L] * (n + 1) // 2
        self.lsum = np.zeros(self.nlines, dtype=np.int64)
        self.lcnt = np.array(self.llen, dtype=np.int32)
        self.lodd = np.zeros(self.nlines, dtype=np.int32)
        self.fcnt = np.zeros(self.nlines, dtype=np.int32)
        self.cand = np.zeros((n + 2) * 8, dtype=np.int32)
        self.ncand = np.zeros(n + 2, dtype=np.int32)
        self.ci = np.zeros(n + 2, dtype=np.int32)
        self.vstamp = np.full(n + 2, -1, dtype=np.int64)
        self.vsq = np.zeros(n + 2, dtype=np.int32)
        self.sstamp = np.full(n, -1, dtype=np.int64)
        self.ssv = np.zeros(n, dtype=np.int32)
        self.k = 0
        self.si = 0
        self._nodes = 0
        self._found = 0
        self.deepest = 0

    cdef void _join(self, Py_ssize_t sq, Py_ssize_t line):
        cdef Py_ssize_t w = max(self.R, self.C)
        self.sqlines[sq * LINES_PER_SQUARE + self.nsl[sq]] = <int32_t>line
        self.nsl[sq] += 1
        self.lmem[line * w + self.llen[line]] = <int32_t>sq
        self.llen[line] += 1

    @property
    def nodes(self):
        """The squares placed so far (the start counts), over every call."""
        return self._nodes

    @property
    def found(self):
        """The tours found so far, over every call."""
        return self._found

    @property
    def depth(self):
        """The deepest number placed so far (N/2 in the symmetric search)."""
        return self.deepest

    cdef inline uint64_t _draw(self) noexcept nogil:
        self.rng ^= self.rng << 13
        self.rng ^= self.rng >> 7
        self.rng ^= self.rng << 17
        return self.rng

    cdef inline bint _odd(self, Py_ssize_t sq) noexcept nogil:
        """Whether ``sq`` carries an odd number: it has the start's colour."""
        return <int>((sq // self.C + sq % self.C) & 1) == self.col0

    cdef void _set_one(self, Py_ssize_t sq, int32_t v, int sign) noexcept nogil:
        """Number ``sq`` with ``v`` (sign 1), or take it back (sign -1)."""
        cdef Py_ssize_t i, L
        cdef bint odd = self._odd(sq)
        self.num[sq] = v if sign > 0 else 0
        for i in range(self.nn[sq]):
            self.deg[self.nbr[sq, i]] -= sign
        for i in range(self.nsl[sq]):
            L = self.sqlines[sq * LINES_PER_SQUARE + i]
            self.lsum[L] += sign * v
            self.lcnt[L] -= sign
            if odd:
                self.lodd[L] -= sign

    cdef void _place(self, Py_ssize_t sq, Py_ssize_t k) noexcept nogil:
        cdef Py_ssize_t i
        self.path[k] = <int32_t>sq
        self._set_one(sq, <int32_t>k, 1)
        if self.sym:
            self._set_one(self.N - 1 - sq, <int32_t>(k + self.H), 1)
            for i in range(self.nsl[sq]):
                self.fcnt[self.sqlines[sq * LINES_PER_SQUARE + i]] += 1

    cdef void _unplace(self, Py_ssize_t k) noexcept nogil:
        cdef Py_ssize_t i, sq = self.path[k]
        if self.sym:
            for i in range(self.nsl[sq]):
                self.fcnt[self.sqlines[sq * LINES_PER_SQUARE + i]] -= 1
            self._set_one(self.N - 1 - sq, <int32_t>(k + self.H), -1)
        self._set_one(sq, <int32_t>k, -1)

    cdef void _begin(self, Py_ssize_t start) noexcept nogil:
        """The parities of a new start: each line's free squares that carry odd numbers."""
        cdef Py_ssize_t sq, i
        self.col0 = <int>((start // self.C + start % self.C) & 1)
        for i in range(self.nlines):
            self.lodd[i] = 0
        for sq in range(self.N):
            if self._odd(sq):
                for i in range(self.nsl[sq]):
                    self.lodd[self.sqlines[sq * LINES_PER_SQUARE + i]] += 1

    cdef bint _bounds(self, Py_ssize_t L, Py_ssize_t k) noexcept nogil:
        """Whether line ``L``'s free squares can still bring it to its target."""
        cdef int64_t mo = self.lodd[L], me = self.lcnt[L] - self.lodd[L]
        cdef int64_t lo, hi, a, b, t1, t2
        cdef int64_t s = self.lsum[L], T = self.target[L], H = self.H
        cdef int odd
        if not self.sym:
            lo = s + _low_sum(mo, k, 1) + _low_sum(me, k, 0)
            hi = s + _high_sum(mo, self.N, 1) + _high_sum(me, self.N, 0)
            return lo <= T <= hi
        # The unused numbers are (k, H] and (k + H, N].
        lo = s
        hi = s
        for odd in range(2):
            a = mo if odd else me
            b = _span_low(a, k + 1, H, odd, &t1)
            if t1 < a:
                b += _span_low(a - t1, k + 1 + H, self.N, odd, &t2)
                if t1 + t2 < a:
                    return False
            lo += b
            b = _span_high(a, k + 1 + H, self.N, odd, &t1)
            if t1 < a:
                b += _span_high(a - t1, k + 1, H, odd, &t2)
            hi += b
        if lo > T or hi < T:
            return False
        if L < self.R + self.C:
            return self._split_bounds(L, k, mo, me)
        return True

    cdef bint _split_bounds(self, Py_ssize_t L, Py_ssize_t k, int64_t mo,
                            int64_t me) noexcept nogil:
        """Symmetric search, a rank or file: the cap fixes how many of its free
        squares take first-half numbers (half the line's length, less those it
        holds), so each split of them by parity bounds the sum more tightly."""
        cdef int64_t f = self.llen[L] // 2 - self.fcnt[L], g = self.lcnt[L] - f
        cdef int64_t fo, fe, go, ge, t, low, high, best_lo = -1, best_hi = -1
        cdef int64_t H = self.H, N = self.N, T = self.target[L] - self.lsum[L]
        if f < 0 or g < 0:
            return False
        for fo in range(max(0, f - me), min(f, mo) + 1):
            fe = f - fo
            go = mo - fo
            ge = me - fe
            low = _span_low(fo, k + 1, H, 1, &t)
            if t < fo:
                continue
            low += _span_low(fe, k + 1, H, 0, &t)
            if t < fe:
                continue
            low += _span_low(go, k + 1 + H, N, 1, &t)
            if t < go:
                continue
            low += _span_low(ge, k + 1 + H, N, 0, &t)
            if t < ge:
                continue
            high = (_span_high(fo, k + 1, H, 1, &t) + _span_high(fe, k + 1, H, 0, &t)
                    + _span_high(go, k + 1 + H, N, 1, &t) + _span_high(ge, k + 1 + H, N, 0, &t))
            if best_lo < 0 or low < best_lo:
                best_lo = low
            if high > best_hi:
                best_hi = high
        return best_lo >= 0 and best_lo <= T <= best_hi

    cdef bint _lines(self, Py_ssize_t k, Py_ssize_t cur, int32_t* forced) noexcept nogil:
        """The line sums after number ``k``: False when one is out of reach;
        ``forced`` gets the square that must be numbered k+1, or -1."""
        cdef Py_ssize_t L, i, sq, w = max(self.R, self.C), half
        cdef int64_t v, u, stamp = self._nodes
        forced[0] = -1
        for L in range(self.nlines):
            if self.lcnt[L] == 0:
                if self.lsum[L] != self.target[L]:
                    return False
                continue
            if not self._bounds(L, k):
                return False
            if self.lcnt[L] != 1:
                continue
            v = self.target[L] - self.lsum[L]
            sq = -1
            for i in range(self.llen[L]):
                if self.num[self.lmem[L * w + i]] == 0:
                    sq = self.lmem[L * w + i]
                    break
            if v <= k or v > self.N or ((v & 1) == 1) != self._odd(sq):
                return False
            if self.clue_at[sq] != 0 and self.clue_at[sq] != v:
                return False
            # The number and square of the half searched.
            u = v
            half = sq
            if self.sym:
                if v > self.H:
                    if v <= k + self.H:
                        return False
                    u = v - self.H
                    half = self.N - 1 - sq
            if self.dist[cur, half] > u - k:
                return False
            if self.vstamp[u] == stamp and self.vsq[u] != half:
                return False
            if self.sstamp[half] == stamp and self.ssv[half] != u:
                return False
            self.vstamp[u] = stamp
            self.vsq[u] = <int32_t>half
            self.sstamp[half] = stamp
            self.ssv[half] = <int32_t>u
            if u == k + 1:
                forced[0] = <int32_t>half
        return True

    cdef bint _touches(self, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
        cdef Py_ssize_t i
        for i in range(self.nn[a]):
            if self.nbr[a, i] == b:
                return True
        return False

    cdef bint _complete(self, Py_ssize_t cur) noexcept nogil:
        """Whether the path numbered up to ``top`` is a tour we want."""
        cdef Py_ssize_t L
        for L in range(self.nlines):
            if self.lsum[L] != self.target[L]:
                return False
        if self.sym:
            return self._touches(cur, self.N - 1 - self.path[1])
        return not self.closed or self._touches(cur, self.path[1])

    cdef int _expand(self, Py_ssize_t k) noexcept nogil:
        """The candidates for number k+1, kept at depth k (``cand``, ``ncand``,
        ``ci``): 2 when the path is a tour we want, 1 when there are
        candidates, 0 when the branch is dead."""
        cdef Py_ssize_t cur = self.path[k], i, j, u, nc = 0, d1 = 0, base = k * 8
        cdef int32_t fn, clue
        cdef int64_t keys[8]
        cdef int64_t key
        self.ncand[k] = 0
        self.ci[k] = 0
        if k > self.deepest:
            self.deepest = <int>k
        if k == self.top:
            return 2 if self._complete(cur) else 0
        if not self._lines(k, cur, &fn):
            return 0
        clue = self.clue_sq[k + 1]
        if clue >= 0:
            if fn >= 0 and fn != clue:
                return 0
            fn = clue
        j = self.next_clue[k]
        if j > 0 and self.dist[cur, self.clue_sq[j]] > j - k:
            return 0
        if self.closed and not self.sym and self.deg[self.path[1]] == 0:
            return 0
        for i in range(self.nn[cur]):
            u = self.nbr[cur, i]
            if self.num[u] != 0:
                continue
            if self.deg[u] == 0 and k + 1 != self.top:
                return 0
            if self.deg[u] == 1 and not self.sym:
                d1 += 1
            if fn >= 0 and u != fn:
                continue
            if self.clue_at[u] != 0 and self.clue_at[u] != k + 1:
                continue
            if self.sym and self._over_cap(u):
                continue
            key = <int64_t>self.deg[u] << 16
            key |= <int64_t>(self._draw() & 0xffff) if self.seed else i
            # Insertion, keeping candidates ascending by key.
            j = nc
            while j > 0 and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                self.cand[base + j] = self.cand[base + j - 1]
                j -= 1
            keys[j] = key
            self.cand[base + j] = <int32_t>u
            nc += 1
        if d1 > 2 or nc == 0:
            return 0
        self.ncand[k] = <int32_t>nc
        return 1

    cdef bint _over_cap(self, Py_ssize_t u) noexcept nogil:
        """Symmetric search: whether the first half already holds half of one
        of ``u``'s rank and file (the cap in the module's docstring)."""
        cdef int32_t r = self.sqlines[u * LINES_PER_SQUARE]
        cdef int32_t f = self.sqlines[u * LINES_PER_SQUARE + 1]
        return self.fcnt[r] * 2 >= self.C or self.fcnt[f] * 2 >= self.R

    cdef bint _start_ok(self, Py_ssize_t s) noexcept nogil:
        if self.clue_at[s] != 0 and self.clue_at[s] != 1:
            return False
        return not (self.clue_sq[1] >= 0 and self.clue_sq[1] != s)

    cdef void _write(self, int32_t[:, ::1] out, Py_ssize_t row) noexcept nogil:
        cdef Py_ssize_t sq
        for sq in range(self.N):
            out[row, sq] = self.num[sq]

    cdef int _run(self, int32_t[:, ::1] out, bint keep, int64_t limit, double deadline,
                  const uint8_t* flag, int64_t max_nodes) noexcept nogil:
        """Walk on until ``limit`` more tours (``keep``: written to ``out``'s
        rows), the end, or a limit; the state stays resumable."""
        cdef int64_t got = 0, polled = self._nodes
        cdef Py_ssize_t k, u
        cdef int status, r
        while True:
            k = self.k
            if k > 0 and self.ci[k] >= self.ncand[k]:
                self._unplace(k)
                self.k = k - 1
                continue
            if k == 0 and self.si >= self.nstarts:
                return C_DONE
            if max_nodes > 0 and self._nodes >= max_nodes:
                return C_NODE_LIMIT
            if self._nodes - polled >= POLL_EVERY:
                polled = self._nodes
                status = poll_status(deadline, flag)
                if status != C_DONE:
                    return status
            if k == 0:
                u = self.starts[self.si]
                self.si += 1
                if not self._start_ok(u):
                    continue
                self._begin(u)
            else:
                u = self.cand[k * 8 + self.ci[k]]
                self.ci[k] += 1
            self._place(u, k + 1)
            self.k = k + 1
            self._nodes += 1
            r = self._expand(k + 1)
            if r == 2:
                if keep:
                    self._write(out, got)
                got += 1
                self._found += 1
                if got >= limit:
                    return C_MORE
        return C_DONE

    def collect(self, int32_t[:, ::1] out, double deadline=0.0, const uint8_t[::1] cancel=None,
                int64_t max_nodes=0):
        """Fill ``out``'s rows with the next tours (each row: every square's
        number, row-major).  Returns ``(status, rows)``: MORE when the rows
        are full (call again for more), DONE at the end, NODE_LIMIT once
        ``nodes`` reaches ``max_nodes`` (> 0), TIME_LIMIT or CANCELLED."""
        cdef const uint8_t* flag = cancel_address(cancel)
        cdef int64_t before = self._found
        cdef int status
        if out.shape[0] == 0:
            return C_MORE, 0
        if out.shape[1] != self.N:
            raise ValueError(f"out needs rows of {self.N} cells, not {out.shape[1]}")
        with nogil:
            status = self._run(out, True, out.shape[0], deadline, flag, max_nodes)
        return passed_on(status), self._found - before

    def count(self, double deadline=0.0, const uint8_t[::1] cancel=None, int64_t max_nodes=0,
              int64_t limit=0):
        """Count the tours from here on: ``(status, found)``, as :meth:`collect`
        (``limit`` > 0 stops with MORE after that many)."""
        cdef const uint8_t* flag = cancel_address(cancel)
        cdef int64_t before = self._found
        cdef int64_t cap = limit if limit > 0 else (<int64_t>1 << 62)
        cdef int status
        cdef int32_t[:, ::1] none = np.zeros((1, 1), dtype=np.int32)
        with nogil:
            status = self._run(none, False, cap, deadline, flag, max_nodes)
        return passed_on(status), self._found - before

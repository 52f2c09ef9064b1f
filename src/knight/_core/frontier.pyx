"""Frontier (broken-profile) DP core counting Hamiltonian cycles and paths
of a knight graph, cell by cell.

Geometry (prepared in Python, ``frontier.prepare``)
---------------------------------------------------
The board is swept along its longer side: W = shorter side, cells are
numbered p = column * W + row, rows inside a column first.  A knight move
changes the column by 1 or 2, so the earlier neighbours ("back edges") of p
are p - 2W - 1, p - 2W + 1, p - W - 2, p - W + 2 (slots j = 0..3 of
``back``; -1 where off the board or removed).  Every edge is decided
exactly once: when its later end is added.

The state after cell p describes the 2W + 1 cells p - 2W .. p (the
"window"; slot i is cell p - 2W + i).  Every older cell has had all its
edges decided (its last forward neighbour is at most p, the cell
p - 2W - 1 being the last to go).

State encoding: 4 bits a slot, slot i at bits 4i..4i+3 of a 128-bit key:
  EMPTY (0)  the cell has no edge yet, or it is finished (all its edges
             decided; which of the two is known from the position alone,
             via last_fwd, so both can share one code -- that keeps the
             keys canonical)
  FULL  (1)  a live cell that reached its target degree: no more edges
  TERM  (2)  a live degree-1 cell whose path fragment ends, at its other
             end, in a terminal (a pinned end that has its edge, or a
             finished free end); path mode only
  3..15      a live degree-1 cell; the two ends of one path fragment carry
             the same label, labels numbered 3, 4, ... in order of first
             appearance (canonical relabelling)
At most W pairs fit in 2W + 1 slots, so labels stay below 16 for W <= 13,
and 2W + 1 <= 27 slots fit the 128 bits (two 64-bit words).

Rules (one transition = one subset of the back edges of p)
----------------------------------------------------------
* p takes at most target[p] edges (0 removed, 1 pinned end, 2 otherwise),
  never to a FULL cell.
* Joining two ends of one fragment closes a cycle: allowed in cycle mode
  only, and then only if it completes the tour.  In path mode the tour is
  complete when a fragment has a terminal at both ends.
* A cell whose last possible edge has just been decided (last_fwd == p)
  is finished: degree < target kills the state, except that in path mode a
  degree-1 cell becomes a free end of the path; the ends of the path
  (pinned ones, which are always ends, plus free ones) may never exceed 2:
  #TERM + #pinned ends still without their edge <= 2.
* A live cell touched by p must still be able to reach its (minimal)
  target with the forward edges it has left (``rem``), else the state dies
  now rather than columns later.
* A completed tour ("closure") is counted at once if nothing else is left:
  no fragment ends in the window, no live cell that still wants edges, no
  later cell that wants edges.  Its count goes to ``finished``.

Counts are kept as nw residues per state: word 0 modulo 2^64 (plain
wrapping), the others modulo primes below 2^63 (so a + b never wraps).
Python chooses nw from a proven bound on the answer and rebuilds the exact
count by CRT.  The arithmetic here is therefore exact, whatever the size.

Tables are open-addressing hash tables (linear probing, load <= 1/2,
doubling), malloc'ed here because their size is only known as they grow;
their total never passes max_bytes: growth that would is refused with
ST_NOMEM and Python raises.  Every failure comes back as a status code.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy
from cpython.exc cimport PyErr_CheckSignals

import time as _time

cdef extern from *:
    """
    #define EMPTY_HI (~(uint64_t)0)
    static inline uint64_t fr_hash2(uint64_t lo, uint64_t hi) {
        uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
        return h ^ (h >> 31);
    }
    """
    const uint64_t EMPTY_HI
    uint64_t fr_hash2(uint64_t lo, uint64_t hi) nogil

# Status codes shared with frontier.py.
cdef enum:
    S_OK = 0
    S_CANCELLED = 1
    S_TIMEOUT = 2
    S_NOMEM = 3
    S_DUMP_SMALL = 4

ST_OK = S_OK
ST_CANCELLED = S_CANCELLED
ST_TIMEOUT = S_TIMEOUT
ST_NOMEM = S_NOMEM
ST_DUMP_SMALL = S_DUMP_SMALL

DEF C_EMPTY = 0
DEF C_FULL = 1
DEF C_TERM = 2
DEF MAXS = 32
DEF POLL_MASK = 16383  # poll every 2^14 transitions

cdef struct Table:
    # cap entries of E = 2 + nw words each: key low word, key high word,
    # then the residues -- one cache line per probe instead of two
    uint64_t* data
    int64_t cap
    int64_t size


cdef int _table_alloc(Table* t, int64_t cap, int nw) noexcept nogil:
    t.data = <uint64_t*>malloc(cap * (2 + nw) * sizeof(uint64_t))
    if t.data == NULL:
        return -1
    t.cap = cap
    t.size = 0
    _table_clear(t, nw)
    return 0


cdef inline void _table_clear(Table* t, int nw) noexcept nogil:
    # a high word of all ones is never a key: at most 27 slots use 108 bits
    cdef int64_t i, E = 2 + nw
    for i in range(t.cap):
        t.data[i * E + 1] = EMPTY_HI
    t.size = 0


cdef inline void _add_vals(uint64_t* dst, const uint64_t* src, const uint64_t* mods,
                           int nw) noexcept nogil:
    cdef int j
    cdef uint64_t s, m
    dst[0] += src[0]  # word 0 is modulo 2^64
    for j in range(1, nw):
        m = mods[j]
        s = dst[j] + src[j]
        if s >= m:
            s -= m
        dst[j] = s


cdef inline int64_t _find_slot(Table* t, uint64_t lo, uint64_t hi, int E) noexcept nogil:
    """Index of the entry holding (lo, hi), or of the empty entry to use."""
    cdef uint64_t mask = <uint64_t>(t.cap - 1)
    cdef uint64_t i = fr_hash2(lo, hi) & mask
    cdef uint64_t* d
    while True:
        d = &t.data[i * E]
        if d[1] == EMPTY_HI or (d[0] == lo and d[1] == hi):
            return <int64_t>i
        i = (i + 1) & mask


cdef int _table_grow(Table* t, int nw, int64_t other_bytes, int64_t max_bytes) noexcept nogil:
    """Double t's capacity; -1 if that would pass max_bytes or malloc fails."""
    cdef Table n
    cdef int64_t i, s, E = 2 + nw
    # old and new arrays coexist during the rehash
    if other_bytes + 3 * t.cap * E * 8 > max_bytes:
        return -1
    if _table_alloc(&n, 2 * t.cap, nw) != 0:
        return -1
    for i in range(t.cap):
        if t.data[i * E + 1] != EMPTY_HI:
            s = _find_slot(&n, t.data[i * E], t.data[i * E + 1], E)
            memcpy(&n.data[s * E], &t.data[i * E], E * sizeof(uint64_t))
    n.size = t.size
    free(t.data)
    t[0] = n
    return 0


cdef int _poll(double deadline, uint8_t* cancel, object progress, int64_t done,
               int64_t total, int64_t alive, double* last) except -1 with gil:
    """Ctrl-C (raises), cancel flag (1), deadline (2), progress callback."""
    PyErr_CheckSignals()
    if cancel != NULL and cancel[0] != 0:
        return 1
    cdef double now = _time.time()
    if deadline > 0 and now > deadline:
        return 2
    if progress is not None and now - last[0] >= 0.1:
        last[0] = now
        progress(done, total, alive)
    return 0


cdef inline int _mate(const uint8_t* a, int n, int s) noexcept nogil:
    cdef int i
    cdef uint8_t v = a[s]
    for i in range(n):
        if a[i] == v and i != s:
            return i
    return -1  # unreachable for a well-formed state


cdef inline int _join(uint8_t* a, int n, int su, int ps, int tu, int tp,
                      bint path_mode, uint8_t fresh) noexcept nogil:
    """Edge between slots su and ps (targets tu, tp): -1 invalid, 1 closure, 0."""
    cdef uint8_t cu = a[su], cp = a[ps]
    cdef int e1, e2
    if cu >= 3 and cu == cp:
        if path_mode:
            return -1
        a[su] = C_FULL
        a[ps] = C_FULL
        return 1
    # the fragment ends that survive the join; -1 = terminal
    if cu == C_EMPTY:
        if tu == 1:
            a[su] = C_FULL
            e1 = -1
        else:
            e1 = su
    else:
        e1 = -1 if cu == C_TERM else _mate(a, n, su)
        a[su] = C_FULL
    if cp == C_EMPTY:
        if tp == 1:
            a[ps] = C_FULL
            e2 = -1
        else:
            e2 = ps
    else:
        e2 = -1 if cp == C_TERM else _mate(a, n, ps)
        a[ps] = C_FULL
    if e1 < 0 and e2 < 0:
        return 1
    if e1 < 0:
        a[e2] = C_TERM
    elif e2 < 0:
        a[e1] = C_TERM
    else:
        a[e1] = fresh
        a[e2] = fresh
    return 0


cdef inline int _need_min(uint8_t code, int target, bint path_mode) noexcept nogil:
    if code == C_FULL or target == 0:
        return 0
    if code == C_EMPTY:
        return 1 if (target == 1 or path_mode) else 2
    return 0 if path_mode else 1


def run(int W, int N, const int32_t[::1] target, const int32_t[::1] back,
        const int32_t[::1] rem, const int32_t[::1] fwd, const int32_t[::1] last_fwd,
        const int32_t[::1] pinned, int last_needed, bint path_mode,
        const uint64_t[::1] mods, uint64_t[::1] result, int64_t[::1] sizes,
        int64_t[::1] info, double deadline, uint8_t[::1] cancel, object progress,
        int64_t max_bytes, int dump_step=-1, uint64_t[::1] dump_lo=None,
        uint64_t[::1] dump_hi=None, uint64_t[::1] dump_val=None):
    """Run the sweep; return a status code (ST_*).

    result[:nw] receives the residues of the count (mods[0] is ignored:
    word 0 is modulo 2^64); sizes[p] the number of states after cell p;
    info = [peak states, peak bytes, transitions, cells done].
    With dump_step >= 0 the table after that cell is copied out (keys as
    lo/hi words, word 0 of the counts) and the run stops there.
    """
    cdef int nw = mods.shape[0]
    cdef int S = 2 * W + 1          # slots of a state
    cdef int npin = pinned.shape[0]
    cdef Table cur, nxt, tmp
    cur.data = NULL
    nxt.data = NULL
    cdef uint64_t* finished = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef uint64_t* mp = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef int64_t E = 2 + nw
    cdef int64_t esz = E * sizeof(uint64_t)
    cdef uint8_t* cflag = &cancel[0] if cancel is not None else NULL
    cdef int status = 0
    cdef double last = 0.0
    cdef int64_t ntrans = 0, peak = 1, peak_bytes = 0, i, s, slot
    cdef int p, j, k, q, ns, t, navail, nsub, base, r, closed, ok, su, nterm, npu, lbl
    cdef int avail[4]
    cdef int subs[11][2]
    cdef int subn[11]
    cdef uint8_t b[MAXS]
    cdef uint8_t a[MAXS]
    cdef uint8_t relabel[32]
    cdef uint64_t klo, khi
    cdef uint64_t* src
    cdef uint8_t fresh
    if W > 13 or nw < 1 or finished == NULL or mp == NULL:
        free(finished)
        free(mp)
        return S_NOMEM
    cdef int64_t dump_cap = dump_lo.shape[0] if dump_lo is not None else -1
    for j in range(nw):
        finished[j] = 0
        mp[j] = mods[j]
    try:
        with nogil:
            if 2 * 1024 * esz > max_bytes or _table_alloc(&cur, 1024, nw) != 0 \
                    or _table_alloc(&nxt, 1024, nw) != 0:
                status = S_NOMEM
            else:
                # the empty board: one state, count 1
                s = _find_slot(&cur, 0, 0, E)
                cur.data[s * E] = 0
                cur.data[s * E + 1] = 0
                for j in range(nw):
                    cur.data[s * E + 2 + j] = 1
                cur.size = 1
            p = 0
            while status == 0 and p < N:
                base = p - 1 - 2 * W     # cell of slot 0 in b / a
                ns = S + 1               # slots incl. the new cell p
                t = target[p]
                for i in range(cur.cap):
                    if cur.data[i * E + 1] == EMPTY_HI:
                        continue
                    # The key is two 64-bit words, 16 slots each (no 128-bit
                    # integers: MSVC has none).
                    klo = cur.data[i * E]
                    khi = cur.data[i * E + 1]
                    src = &cur.data[i * E + 2]
                    for k in range(S):
                        if k < 16:
                            b[k] = <uint8_t>((klo >> (4 * k)) & 15)
                        else:
                            b[k] = <uint8_t>((khi >> (4 * (k - 16))) & 15)
                    b[S] = C_EMPTY
                    # the subsets of usable back edges, sizes 0..target[p]
                    navail = 0
                    for j in range(4):
                        q = back[4 * p + j]
                        if q >= 0 and b[q - base] != C_FULL:
                            avail[navail] = j
                            navail += 1
                    nsub = 1
                    subn[0] = 0
                    if t >= 1:
                        for j in range(navail):
                            subs[nsub][0] = avail[j]
                            subn[nsub] = 1
                            nsub += 1
                    if t >= 2:
                        for j in range(navail):
                            for k in range(j + 1, navail):
                                subs[nsub][0] = avail[j]
                                subs[nsub][1] = avail[k]
                                subn[nsub] = 2
                                nsub += 1
                    for r in range(nsub):
                        ntrans += 1
                        if (ntrans & POLL_MASK) == 0:
                            status = _poll(deadline, cflag, progress, p, N,
                                           cur.size + nxt.size, &last)
                            if status != 0:
                                break
                        memcpy(a, b, ns)
                        closed = 0
                        ok = 1
                        fresh = 16
                        for k in range(subn[r]):
                            q = back[4 * p + subs[r][k]]
                            j = _join(a, ns, q - base, S, target[q], t, path_mode, fresh)
                            fresh += 1
                            if j < 0:
                                ok = 0
                                break
                            closed += j
                        if not ok:
                            continue
                        # finish the cells whose last edge was just decided,
                        # in increasing cell order (back slots are increasing)
                        for k in range(5):
                            if k < 4:
                                q = back[4 * p + k]
                                if q < 0 or last_fwd[q] != p:
                                    continue
                            else:
                                q = p
                                if last_fwd[p] != p:
                                    continue
                            su = q - base
                            if a[su] == C_EMPTY:
                                if target[q] > 0:
                                    ok = 0
                                    break
                            elif a[su] == C_FULL:
                                a[su] = C_EMPTY
                            else:
                                # degree 1 where 2 was wanted: a free end
                                if not path_mode:
                                    ok = 0
                                    break
                                if a[su] == C_TERM:
                                    a[su] = C_EMPTY
                                    closed += 1
                                    continue
                                nterm = 0
                                for j in range(ns):
                                    if a[j] == C_TERM:
                                        nterm += 1
                                j = _mate(a, ns, su)
                                a[j] = C_TERM
                                a[su] = C_EMPTY
                                npu = 0
                                for j in range(npin):
                                    if pinned[j] > p:
                                        npu += 1
                                    elif pinned[j] >= base and a[pinned[j] - base] == C_EMPTY \
                                            and last_fwd[pinned[j]] > p:
                                        npu += 1
                                if nterm + 1 + npu > 2:
                                    ok = 0
                                    break
                        if not ok:
                            continue
                        for k in range(4):
                            q = back[4 * p + k]
                            if q >= 0 and last_fwd[q] > p:
                                if _need_min(a[q - base], target[q], path_mode) > rem[4 * p + k]:
                                    ok = 0
                                    break
                        if not ok:
                            continue
                        if last_fwd[p] > p and _need_min(a[S], t, path_mode) > fwd[p]:
                            continue
                        if closed:
                            if closed != 1 or p < last_needed:
                                continue
                            for j in range(ns):
                                q = base + j
                                if a[j] >= C_TERM or (
                                        a[j] == C_EMPTY and q >= 0
                                        and target[q] > 0 and last_fwd[q] > p):
                                    ok = 0
                                    break
                            if ok:
                                _add_vals(finished, src, mp, nw)
                            continue
                        # canonical key of slots 1..S (slot 0 has left)
                        memset(relabel, 0, 32)
                        lbl = 3
                        klo = 0
                        khi = 0
                        for k in range(1, ns):
                            j = a[k]
                            if j >= 3:
                                if relabel[j] == 0:
                                    relabel[j] = lbl
                                    lbl += 1
                                j = relabel[j]
                            if k - 1 < 16:
                                klo |= (<uint64_t>j) << (4 * (k - 1))
                            else:
                                khi |= (<uint64_t>j) << (4 * (k - 17))
                        slot = _find_slot(&nxt, klo, khi, E)
                        if nxt.data[slot * E + 1] == EMPTY_HI:
                            nxt.data[slot * E] = klo
                            nxt.data[slot * E + 1] = khi
                            memcpy(&nxt.data[slot * E + 2], src, nw * sizeof(uint64_t))
                            nxt.size += 1
                            if 2 * nxt.size > nxt.cap:
                                if _table_grow(&nxt, nw, cur.cap * esz, max_bytes) != 0:
                                    status = S_NOMEM
                                    break
                        else:
                            _add_vals(&nxt.data[slot * E + 2], src, mp, nw)
                    if status != 0:
                        break
                if status != 0:
                    break
                sizes[p] = nxt.size
                if nxt.size > peak:
                    peak = nxt.size
                if (cur.cap + nxt.cap) * esz > peak_bytes:
                    peak_bytes = (cur.cap + nxt.cap) * esz
                if p == dump_step:
                    if dump_cap < nxt.size:
                        status = S_DUMP_SMALL
                    else:
                        s = 0
                        for i in range(nxt.cap):
                            if nxt.data[i * E + 1] != EMPTY_HI:
                                dump_lo[s] = nxt.data[i * E]
                                dump_hi[s] = nxt.data[i * E + 1]
                                dump_val[s] = nxt.data[i * E + 2]
                                s += 1
                    info[3] = p + 1
                    break
                # the old table becomes the next one: clear it
                tmp = cur
                cur = nxt
                nxt = tmp
                _table_clear(&nxt, nw)
                p += 1
                info[3] = p
            for j in range(nw):
                result[j] = finished[j]
    finally:
        free(cur.data)
        free(nxt.data)
        free(finished)
        free(mp)
    info[0] = peak
    info[1] = peak_bytes
    info[2] = ntrans
    return status

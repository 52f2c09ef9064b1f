"""Frontier (broken-profile) DP core counting Hamiltonian cycles and paths
of a knight graph, cell by cell: the sweep (``run``) and its state tables.
The join of two half sweeps at a cut is ``frontier_join.pyx``; what both
share (slot and status codes, the key hash and packing) ``frontier_state.pxd``.

Geometry (prepared in Python, ``frontier_board.prepare``)
---------------------------------------------------------
The board is swept along its longer side: W = shorter side, cells are
numbered p = column * W + row, rows inside a column first.  A knight move
changes the column by 1 or 2, so the earlier neighbours ("back edges") of p
are p - 2W - 1, p - 2W + 1, p - W - 2, p - W + 2 (slots j = 0..3 of
``back``, in increasing cell order; -1 where off the board or removed).
Every edge is decided exactly once: when its later end is added.

The state after cell p describes the S cells p - S + 1 .. p (the
"window"; slot i is cell p - S + 1 + i), S = 2W + 1 for the knight.
Every older cell has had all its edges decided (its last forward neighbour
is at most p, the cell p - S being the last to go).  Another move set
(at most 4 back moves) takes S = the longest back move in cells, at least
2W + 1 (``window``): a zebra (2, 3) reaches 3W + 2 cells back, a giraffe
(1, 4) 4W + 1.

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
At most S // 2 pairs fit in S slots, so labels stay below 16 for S <= 27
(the knight's W <= 13), and S <= 32 slots fit the 128 bits (two 64-bit
words).  A longer window may hold more fragments than labels: such a
state stops the run (C_TOO_MANY_LABELS), never a wrong key.

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
* The ends budget (path mode): the TERM ends, the pinned cells still
  without their edge, and the live cells that want two edges, have none
  and only one left to decide (each bound to be an end) never exceed the
  two ends of a path.  Without it such cells live on until they finish;
  with it 6x6 open peaks at 3.8 M states instead of 9.9 M.
* A completed tour ("closure") is counted at once if nothing else is left:
  no fragment ends in the window, no live cell that still wants edges, no
  later cell that wants edges.  Its count goes to ``finished``.

Counts are kept as nw residues per state: word 0 modulo 2^64 (plain
wrapping), the others modulo primes below 2^63 (so a + b never wraps).
Python chooses nw from a proven bound on the answer and rebuilds the exact
count by CRT.  The arithmetic here is therefore exact, whatever the size.

Tables are open-addressing hash tables (linear probing, load <= 3/4,
growth by half), malloc'ed here because their size is only known as they
grow; their total never passes max_bytes: growth that would is refused
with ST_NOMEM and Python raises.  Every failure comes back as a status
code.  Their capacity is any number of entries, not only a power of two:
a hash's home entry is the high word of hash x capacity (``fr_mulhi``).
Only the next table is probed: once a cell is done it is packed dense
(its entries moved to the front, the rest given back by realloc) and
becomes the current one, read in order; the old current table is freed,
and the new next table allocated for the states predicted (the same row's
growth one column back, a tenth more), so that it seldom grows.  Peak
bytes count the growth's transient too (old and new arrays both held).
An entry is kw key words (kw = 1 when the 2W + 1 slots fit 64 bits, i.e.
W <= 7, or squeezed into one when S is 16 or 17 -- the knight 8 wide: at
most 8 fragments keep every slot code below 11, so two slots take 7 bits
and the key 60; else 2) then the nw residues, in one run of words so that a probe
touches one cache line.  The sweep is bound by cache misses on the next
table, so each successor's hash is computed and its bucket prefetched
RING insertions before it is stored: both ends of the entry, which spans
two cache lines whenever E * 8 does not divide 64.

Mirror folding: at the end of a column the window is the S // W last
columns (the knight's two) after S mod W finished cells, and reflecting the rows maps a state to one
with the same number of completions whenever the rest of the board (the
targets of the window and of every later cell) is itself symmetric --
Python says where with ``fold``.  There the state and its mirror are
stored under the smaller of the two keys, their counts added: the sum over
states of count x completions is unchanged, and the tables hold about half
the states.

Meet in the middle: ``frontier_join.join`` combines the final tables of two
partial sweeps that meet at a cut (see ``knight.counting.frontier_jobs``,
``plan_jobs``).  ``run`` can resume from a table it dumped (``start_*``): on
a board that a half turn maps to itself the two halves are one sweep up to
near the cut, and share it (``knight.counting.frontier_halves``,
``shared_cells``).
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport malloc, free, realloc
from libc.string cimport memset, memcpy
from .status cimport (
    C_BUFFER_SMALL,
    C_CANCELLED,
    C_NO_MEMORY,
    C_OK,
    C_TIME_LIMIT,
    C_TOO_MANY_LABELS,
)
from .poll cimport POLL_CANCELLED, POLL_TIME_LIMIT, poll

from .frontier_state cimport (
    C_EMPTY,
    C_FULL,
    C_TERM,
    EMPTY_HI,
    FR_PREFETCH,
    MAXS,
    add_vals,
    fr_hash2,
    need_min,
    pack_key,
)

import time as _time

import numpy as _np

# The sweep's own C helpers (those the join needs too are in frontier_state.pxd).
cdef extern from *:
    """
    #define FR_TERMS 0x2222222222222222ULL  /* C_TERM in every nibble */
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* The high word of the 128-bit product a * b: the home slot of hash h in
       a table of cap entries is fr_mulhi(h, cap), for any cap (the top bits
       of h, scaled; no power of two needed).  GCC and Clang on 64-bit
       targets have a 128-bit type, MSVC on x64 and ARM64 the intrinsic;
       elsewhere (32-bit builds) four 32 x 32-bit products. */
    #if defined(__SIZEOF_INT128__)
    static inline uint64_t fr_mulhi(uint64_t a, uint64_t b) {
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    }
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    #include <intrin.h>
    static inline uint64_t fr_mulhi(uint64_t a, uint64_t b) {
        return __umulh(a, b);
    }
    #else
    static inline uint64_t fr_mulhi(uint64_t a, uint64_t b) {
        uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
        uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
        /* the carry out of the low word: at most 3 * (2^32 - 1), no wrap */
        uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
        return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    }
    #endif
    /* Large tables on 2 MiB pages where the system has them on request
       (Linux, transparent huge pages in "madvise" mode): the probes are
       random, and with 4 KiB pages nearly every one also misses the TLB. */
    static void* fr_alloc(size_t bytes) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= ((size_t)4 << 20)) {
            void* p = NULL;
            if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
                return NULL;
            madvise(p, bytes, MADV_HUGEPAGE);
            return p;
        }
    #endif
        return malloc(bytes);
    }
    /* Bit 4k of the result is set where nibble k of x is zero. */
    static inline uint64_t fr_zero_nibbles(uint64_t x) {
        x |= x >> 1;
        x |= x >> 2;
        return ~x & 0x1111111111111111ULL;
    }
    /* The number of bits of x, which are all at multiples of 4 (no popcnt
       instruction in a portable build: the builtin would be a libgcc call).
       The product sums the nibbles 0..14 into the top one (at most 15, so
       no carry is lost); nibble 15 is added apart. */
    static inline int fr_nibble_count(uint64_t x) {
        return (int)(((x & 0x0111111111111111ULL) * 0x1111111111111111ULL) >> 60)
               + (int)(x >> 60);
    }
    /* The TERM slots of the nibble key (lo, hi): the ends of the path it
       holds already (the ends budget, and max_ends). */
    static inline int fr_terms(uint64_t lo, uint64_t hi) {
        return fr_nibble_count(fr_zero_nibbles(lo ^ FR_TERMS))
               + fr_nibble_count(fr_zero_nibbles(hi ^ FR_TERMS));
    }
    #if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    #define FR_SSE2 1
    #endif
    /* The other slot among a[0..n-1] (n <= 33) with the label of slot s, or
       -1; a must have 32 readable bytes.  With SSE2 this is two compares and
       no loop: the loop's exit, at a different place each time, was
       mispredicted on nearly every call. */
    static inline int fr_mate(const uint8_t* a, int n, int s) {
        int i;
        if (n > 32) {
            /* 33 slots: only a long leaper's window, never the knight's */
            for (i = 0; i < n; i++)
                if (a[i] == a[s] && i != s)
                    return i;
            return -1;
        }
    #ifdef FR_SSE2
        __m128i v = _mm_set1_epi8((char)a[s]);
        uint32_t m = (uint32_t)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)a), v));
        if (n > 16)
            m |= (uint32_t)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(a + 16)), v)) << 16;
        m &= ~((uint32_t)1 << s);
        if (n < 32)
            m &= ((uint32_t)1 << n) - 1;
        return m ? fr_ctz(m) : -1;
    #else
        for (i = 0; i < n; i++)
            if (a[i] == a[s] && i != s)
                return i;
        return -1;
    #endif
    }
    """
    uint64_t fr_zero_nibbles(uint64_t x) nogil
    int fr_nibble_count(uint64_t x) nogil
    int fr_terms(uint64_t lo, uint64_t hi) nogil
    void* fr_alloc(size_t bytes) nogil
    uint64_t fr_mulhi(uint64_t a, uint64_t b) nogil
    int fr_mate(const uint8_t* a, int n, int s) nogil

# The status codes run returns, as the Python side reads them.
ST_OK = C_OK
ST_CANCELLED = C_CANCELLED
ST_TIMEOUT = C_TIME_LIMIT
ST_NOMEM = C_NO_MEMORY
ST_DUMP_SMALL = C_BUFFER_SMALL
ST_LABELS = C_TOO_MANY_LABELS

DEF POLL_MASK = 16383  # poll every 2^14 transitions
DEF RING = 32          # prefetch distance, in successors


cdef struct Table:
    # cap entries of E = kw + nw words: the key, then the residues
    uint64_t* data
    int64_t cap
    int64_t size


# One-word keys for windows of 16 or 17 slots (the knight 8 wide, the zebra
# 5 wide, the giraffe 4 wide): S // 2 <= 8 fragments keep every slot code
# below 11 (labels 3..10), so two slots fit 7 bits (c0 + 11 c1 < 121) and
# the key 8 x 7 + 4 = 60 bits, one word instead of two.  The tables store
# it squeezed; the sweep works on the nibble key, and dumps give it back.
cdef uint8_t _SQUEEZE[256]   # the byte of two slot nibbles -> 7 bits
cdef uint8_t _SPREAD[128]    # and back
cdef int _c0, _c1
for _c0 in range(256):
    _SQUEEZE[_c0] = 0
for _c0 in range(128):
    _SPREAD[_c0] = 0
for _c0 in range(11):
    for _c1 in range(11):
        _SQUEEZE[_c0 | (_c1 << 4)] = <uint8_t>(_c0 + 11 * _c1)
        _SPREAD[_c0 + 11 * _c1] = <uint8_t>(_c0 | (_c1 << 4))


cdef inline uint64_t _squeeze(uint64_t lo, uint64_t hi) noexcept nogil:
    """The 60-bit word of a nibble key of at most 17 slots, codes below 11."""
    cdef uint64_t out = (hi & 15) << 56
    cdef int i
    for i in range(8):
        out |= (<uint64_t>_SQUEEZE[(lo >> (8 * i)) & 255]) << (7 * i)
    return out


cdef inline void _spread(uint64_t w, uint64_t* lo, uint64_t* hi) noexcept nogil:
    """The nibble key (lo, hi) of a squeezed word."""
    cdef uint64_t out = 0
    cdef int i
    for i in range(8):
        out |= (<uint64_t>_SPREAD[(w >> (7 * i)) & 127]) << (8 * i)
    lo[0] = out
    hi[0] = (w >> 56) & 15


cdef int _table_alloc(Table* t, int64_t cap, int E, int kw) noexcept nogil:
    t.data = <uint64_t*>fr_alloc(cap * E * sizeof(uint64_t))
    if t.data == NULL:
        return -1
    t.cap = cap
    t.size = 0
    _table_clear(t, E, kw)
    return 0


cdef inline void _table_clear(Table* t, int E, int kw) noexcept nogil:
    # the top key word all ones is never a key: its top nibble is unused
    # (at most 15 slots in one word), or, with 32 slots in two words, it
    # would be 16 ends with label 15, which only two ends ever share
    cdef int64_t i
    for i in range(t.cap):
        t.data[i * E + kw - 1] = EMPTY_HI
    t.size = 0


cdef inline int64_t _find_slot(Table* t, uint64_t lo, uint64_t hi, uint64_t h,
                               int E, int kw) noexcept nogil:
    """Index of the entry holding (lo, hi), or of the empty entry to use."""
    cdef uint64_t cap = <uint64_t>t.cap
    cdef uint64_t i = fr_mulhi(h, cap)
    cdef uint64_t* d
    while True:
        d = &t.data[i * E]
        if d[kw - 1] == EMPTY_HI:
            return <int64_t>i
        if d[0] == lo and (kw == 1 or d[1] == hi):
            return <int64_t>i
        i += 1
        if i == cap:
            i = 0


cdef int _table_grow(Table* t, int E, int kw, int64_t other_bytes,
                     int64_t max_bytes, int64_t* peak_bytes) noexcept nogil:
    """Grow t's capacity by half; -1 if that would pass max_bytes or malloc
    fails.  The old and new arrays coexist during the rehash: their bytes
    and other_bytes raise *peak_bytes (the run's own peak, not a global:
    two runs may share the process)."""
    cdef Table n
    cdef int64_t i, s
    cdef int64_t ncap = t.cap + t.cap // 2 + 1
    cdef int64_t need = other_bytes + (t.cap + ncap) * E * 8
    cdef uint64_t lo, hi
    if need > max_bytes:
        return -1
    if _table_alloc(&n, ncap, E, kw) != 0:
        return -1
    if need > peak_bytes[0]:
        peak_bytes[0] = need
    for i in range(t.cap):
        if t.data[i * E + kw - 1] != EMPTY_HI:
            lo = t.data[i * E]
            hi = t.data[i * E + 1] if kw == 2 else 0
            s = _find_slot(&n, lo, hi, fr_hash2(lo, hi), E, kw)
            memcpy(&n.data[s * E], &t.data[i * E], E * sizeof(uint64_t))
    n.size = t.size
    free(t.data)
    t[0] = n
    return 0


cdef inline int _insert(Table* t, uint64_t lo, uint64_t hi, uint64_t h,
                        const uint64_t* src, const uint64_t* mp, int nw, int kw,
                        int64_t other_bytes, int64_t max_bytes,
                        int64_t* peak_bytes) noexcept nogil:
    """Add src's residues to the entry of (lo, hi); -1 when out of memory.
    The table grows by half when more than 3/4 full."""
    cdef int E = kw + nw
    cdef int64_t slot = _find_slot(t, lo, hi, h, E, kw)
    cdef uint64_t* d = &t.data[slot * E]
    if d[kw - 1] == EMPTY_HI:
        d[0] = lo
        if kw == 2:
            d[1] = hi
        memcpy(&d[kw], src, nw * sizeof(uint64_t))
        t.size += 1
        if 4 * t.size > 3 * t.cap:
            return _table_grow(t, E, kw, other_bytes, max_bytes, peak_bytes)
        return 0
    add_vals(&d[kw], src, mp, nw)
    return 0


cdef void _table_pack(Table* t, int E, int kw) noexcept nogil:
    """Move t's entries to its front, in slot order, and give the rest of the
    array back (realloc): E words a state.  t is no longer a hash table
    then, only a list of states, to be read in order (the current table,
    which is never probed)."""
    cdef int64_t i, s = 0
    cdef uint64_t* nd
    for i in range(t.cap):
        if t.data[i * E + kw - 1] != EMPTY_HI:
            if s != i:
                memcpy(&t.data[s * E], &t.data[i * E], E * sizeof(uint64_t))
            s += 1
    # a shrinking realloc that fails leaves the array as it was: keep it
    nd = <uint64_t*>realloc(t.data, (s if s > 0 else 1) * E * sizeof(uint64_t))
    if nd != NULL:
        t.data = nd
    t.cap = s
    t.size = s


cdef int _next_alloc(Table* nxt, const Table* cur, double pred, int E, int kw,
                     int64_t max_bytes) noexcept nogil:
    """Allocate the next table for pred states at load 3/4 (at least 1024
    entries), within what max_bytes leaves beside cur; -1 if that is not
    1024 entries or malloc fails."""
    cdef int64_t esz = E * 8
    cdef int64_t ncap
    if pred * 4.0 / 3.0 + 1024.0 > <double>(max_bytes // esz - cur.cap):
        ncap = max_bytes // esz - cur.cap
    else:
        ncap = <int64_t>(pred * 4.0 / 3.0) + 1024
    if ncap < 1024:
        return -1
    return _table_alloc(nxt, ncap, E, kw)


cdef int _poll(double deadline, uint8_t* cancel, object progress, int64_t done,
               int64_t total, int64_t alive, double* last) except -1 with gil:
    """Ctrl-C (raises), cancel flag (1), deadline (2), progress callback.

    The package's one poll (poll.pyx) reads the flag, and the
    ``threading.Event`` watched for it: reading the flag's cell alone, this
    core never saw an Event set."""
    cdef int stop = poll(deadline, cancel)
    if stop == POLL_CANCELLED:
        return C_CANCELLED
    if stop == POLL_TIME_LIMIT:
        return C_TIME_LIMIT
    cdef double now = _time.time()
    if progress is not None and now - last[0] >= 0.1:
        last[0] = now
        progress(done, total, alive)
    return 0


cdef inline int _mate(const uint8_t* a, int n, int s) noexcept nogil:
    # a is a MAXS-byte buffer (fr_mate reads 32 bytes)
    return fr_mate(a, n, s)


cdef inline int _joined_end(uint8_t* a, int n, int s, uint8_t code, int target) noexcept nogil:
    """The fragment end that survives an edge joined at slot ``s`` (its code
    before the join, its target degree): ``s`` itself while it still needs
    an edge, its fragment's other end, or -1 (a terminal); ``s`` is marked
    full when the edge completes it."""
    cdef int end
    if code == C_EMPTY:
        if target == 1:
            a[s] = C_FULL
            return -1
        return s
    end = -1 if code == C_TERM else _mate(a, n, s)
    a[s] = C_FULL
    return end


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
    e1 = _joined_end(a, n, su, cu, tu)
    e2 = _joined_end(a, n, ps, cp, tp)
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


def run(int W, int N, const int32_t[::1] target, const int32_t[::1] back,
        const int32_t[::1] rem, const int32_t[::1] fwd, const int32_t[::1] last_fwd,
        const int32_t[::1] pinned, int last_needed, bint path_mode,
        const uint64_t[::1] mods, uint64_t[::1] result, int64_t[::1] sizes,
        int64_t[::1] info, double deadline, uint8_t[::1] cancel, object progress,
        int64_t max_bytes, int dump_step=-1, uint64_t[::1] dump_lo=None,
        uint64_t[::1] dump_hi=None, uint64_t[::1] dump_val=None,
        const uint8_t[::1] fold=None, list dump_out=None,
        const uint64_t[::1] endmask=None, const int32_t[::1] pins_after=None,
        int start_step=0, const uint64_t[::1] start_lo=None,
        const uint64_t[::1] start_hi=None, const uint64_t[::1] start_val=None,
        const uint8_t[::1] degmask=None, int window=0, int max_ends=2):
    """Run the sweep; return a status code (ST_*).

    result[:nw] receives the residues of the count (mods[0] is ignored:
    word 0 is modulo 2^64); sizes[p] the number of states after cell p;
    info = [peak states, peak bytes, transitions, cells done].
    With dump_step >= 0 the table after that cell is copied out (keys as
    lo/hi words, the nw residues of state i at dump_val[i*nw:(i+1)*nw]) and
    the run stops there.  With dump_out (a list) instead of the buffers,
    the core appends arrays of the right size, (lo, hi, residues), so one
    run is enough whatever the table's size.  fold[p] != 0 folds mirror
    states after cell p (only at the end of a column; see the header).
    In path mode, endmask[2p], endmask[2p + 1] (the two key words) have bit
    4k set where key slot k after cell p is a cell that, still without an
    edge, is bound to be an end of the path (a pinned cell, or a live cell
    with one edge left to decide), and pins_after[p] counts the pinned
    cells after p: a state whose TERM ends plus such cells pass two dies
    (the ends budget).
    With start_lo/start_hi/start_val (a table dumped after cell
    start_step - 1 of a board whose tables of the first start_step cells
    are this board's) the sweep resumes at cell start_step from that table
    instead of starting at cell 0 from the empty board (completions found
    before start_step are the first run's to count, not this one's).
    With degmask, cell p takes d of its back edges only where bit d of
    degmask[p] is set: runs whose masks split {0, 1, 2} at some cells
    count disjoint sets of tours, which add up to the whole (shards of a
    split count, ``knight.counting.frontier_shards``).
    window: the slots S of a state (0: 2W + 1, the knight's), longer for
    long leapers (``frontier_board.window``), at most 32; a state that
    would need more than the 13 labels a nibble holds stops the run with
    C_TOO_MANY_LABELS (only possible when S >= 28).
    max_ends (path mode, 0..2): the TERMs a state may hold, i.e. the ends
    of the path on cells this run finishes (a path has 2; a half that
    leaves the others to the other half and to a symmetry takes fewer:
    ``knight.counting.frontier_halves``).  The ends budget still counts
    every end against the path's 2.  Resumed states with more TERMs are
    dropped as they are read.
    """
    cdef int nw = mods.shape[0]
    cdef int S = window if window > 0 else 2 * W + 1   # slots of a state
    # squeezed one-word keys for 16 or 17 slots (see _squeeze)
    cdef bint squeezed = S == 16 or S == 17
    cdef int kw = 1 if S <= 15 or squeezed else 2
    cdef int E = kw + nw
    cdef int npin = pinned.shape[0]
    cdef Table cur, nxt
    cur.data = NULL
    cur.cap = 0
    cur.size = 0
    nxt.data = NULL
    cdef uint64_t* finished = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef uint64_t* mp = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef int64_t esz = E * sizeof(uint64_t)
    cdef uint8_t* cflag = &cancel[0] if cancel is not None else NULL
    cdef int status = 0
    cdef double last = 0.0
    cdef int64_t ntrans = 0, peak = 1, peak_bytes = 0, i, s, nq = 0
    cdef int p, j, k, q, ns, t, navail, nsub, base, r, closed, ok, su, nterm, npu
    cdef int folding, must, dm = 7, fp
    # S // 2 fragments fit labels 3..15 up to S = 27 (W <= 13 for the knight)
    cdef bint lblchk = S >= 28
    cdef uint8_t mperm[MAXS]
    cdef bint has_dm = degmask is not None
    cdef double pred
    cdef int64_t ncap
    cdef bint dead0, dead1, early, direct = False
    cdef uint8_t c
    cdef uint8_t availc[4]
    cdef bint dump_into = dump_out is not None
    cdef bint has_fold = fold is not None
    cdef bint budget = path_mode and endmask is not None and pins_after is not None
    cdef const uint64_t* emask = NULL
    cdef int avail[4]
    cdef int subs[11][2]
    cdef int subn[11]
    cdef uint8_t b[MAXS]
    cdef uint8_t a[MAXS]
    cdef uint8_t m[MAXS]
    cdef uint64_t klo, khi, mlo, mhi
    cdef uint64_t* src
    cdef uint64_t* pf
    cdef uint8_t fresh
    # successors waiting for their prefetched bucket
    cdef uint64_t q_lo[RING]
    cdef uint64_t q_hi[RING]
    cdef uint64_t q_h[RING]
    cdef uint64_t* q_src[RING]
    if not 0 <= max_ends <= 2:
        free(finished)
        free(mp)
        raise ValueError(f"max_ends must be 0, 1 or 2, got {max_ends}")
    if W > 13 or nw < 1 or S < 2 * W + 1 or S > 32 or finished == NULL or mp == NULL:
        free(finished)
        free(mp)
        return C_NO_MEMORY
    if (fold is not None and fold.shape[0] < N) or (has_dm and degmask.shape[0] < N) \
            or (budget and (endmask.shape[0] < 2 * N or pins_after.shape[0] < N)):
        free(finished)
        free(mp)
        return C_NO_MEMORY
    if budget:
        emask = &endmask[0]
    cdef int64_t nstart = -1
    if start_lo is not None:
        nstart = start_lo.shape[0]
        if start_hi is None or start_val is None or start_hi.shape[0] != nstart \
                or start_val.shape[0] != nstart * nw or not 0 < start_step < N:
            free(finished)
            free(mp)
            raise ValueError("start tables of unequal lengths, or start_step off the board")
        if nstart == 0:
            # no state to resume from: no completion either
            for j in range(nw):
                result[j] = 0
            if dump_out is not None:
                dump_out.extend([_np.empty(0, dtype=_np.uint64) for _ in range(3)])
            free(finished)
            free(mp)
            return C_OK
    cdef int64_t dump_cap = dump_lo.shape[0] if dump_lo is not None else -1
    # The mirror of a state at the end of a column: the whole columns at the
    # end of the window (S // W of them) with their rows reversed; the fp
    # slots before them are cells of an older column, finished (folding
    # needs a move set symmetric under the mirror, so its reach in columns
    # is at most S // W) and kept in place.
    fp = S - (S // W) * W if W > 0 else 0
    for k in range(S):
        if k < fp:
            mperm[k] = <uint8_t>k
        else:
            mperm[k] = <uint8_t>(fp + ((k - fp) // W) * W + W - 1 - (k - fp) % W)
    for j in range(nw):
        finished[j] = 0
        mp[j] = mods[j]
    # fr_mate reads all 32 bytes of a (the copies from b fill only ns):
    # no byte of it uninitialised
    memset(a, 0, MAXS)
    try:
        with nogil:
            # A resumed sweep reads its first cell's states straight from
            # the start arrays, which are the caller's and are not copied:
            # a tree of tables resumed from one large table (the pieces of
            # a count, frontier_pieces) would otherwise hold a copy of it
            # per branch (8x8 open: 4.7 GB of a 197-million-state stem).
            # A key met twice there is swept twice, its successors added
            # up in the next table as they would have been from the sum.
            ncap = 1024
            if 2 * 1024 * esz > max_bytes:
                status = C_NO_MEMORY
            elif nstart >= 0:
                pass
            elif _table_alloc(&cur, ncap, E, kw) != 0:
                status = C_NO_MEMORY
            else:
                # the empty board: one state, count 1
                s = _find_slot(&cur, 0, 0, fr_hash2(0, 0), E, kw)
                cur.data[s * E] = 0
                if kw == 2:
                    cur.data[s * E + 1] = 0
                for j in range(nw):
                    cur.data[s * E + kw + j] = 1
                cur.size = 1
            if status == 0 and nstart < 0:
                if cur.cap * esz > peak_bytes:
                    peak_bytes = cur.cap * esz
                _table_pack(&cur, E, kw)
                if _next_alloc(&nxt, &cur, 2.0 * cur.size, E, kw, max_bytes) != 0:
                    status = C_NO_MEMORY
            elif status == 0:
                # twice the start's states (no growth seen yet to predict
                # from); half where the first cell takes one degree only
                # (8x8 open's stem: 28%, 36% and 8% for degrees 0, 1 and
                # 2; a quarter made the table grow twice, 3x the time)
                if has_dm and (degmask[start_step] == 1 or degmask[start_step] == 2
                               or degmask[start_step] == 4):
                    pred = 0.5 * nstart
                else:
                    pred = 2.0 * nstart
                if _next_alloc(&nxt, &cur, pred, E, kw, max_bytes) != 0:
                    status = C_NO_MEMORY
            p = start_step if nstart >= 0 else 0
            while status == 0 and p < N:
                base = p - S             # cell of slot 0 in b / a
                ns = S + 1               # slots incl. the new cell p
                t = target[p]
                if has_dm:
                    dm = degmask[p]
                folding = has_fold and fold[p] != 0
                # Whether p itself dies with no edge (it would never reach
                # its degree) or with one (cycle mode, no edge left after p).
                dead0 = t > 0 and (last_fwd[p] == p
                                   or need_min(C_EMPTY, t, path_mode) > fwd[p])
                dead1 = t == 2 and not path_mode and last_fwd[p] == p
                early = p < last_needed
                nq = 0
                direct = nstart >= 0 and p == start_step
                for i in range(nstart if direct else cur.cap):
                    if direct:
                        klo = start_lo[i]
                        khi = start_hi[i]
                        if path_mode and max_ends < 2 and fr_terms(klo, khi) > max_ends:
                            continue
                        src = <uint64_t*>&start_val[i * nw]
                    else:
                        if cur.data[i * E + kw - 1] == EMPTY_HI:
                            continue
                        # The key is one or two 64-bit words, 16 slots each
                        # (no 128-bit integers: MSVC has none).
                        klo = cur.data[i * E]
                        khi = cur.data[i * E + 1] if kw == 2 else 0
                        if squeezed:
                            _spread(klo, &klo, &khi)
                        src = &cur.data[i * E + kw]
                    for k in range(S):
                        if k < 16:
                            b[k] = <uint8_t>((klo >> (4 * k)) & 15)
                        else:
                            b[k] = <uint8_t>((khi >> (4 * (k - 16))) & 15)
                    b[S] = C_EMPTY
                    # The subsets of usable back edges, sizes 0..target[p],
                    # less those bound to fail a rule below, found here once
                    # a state rather than after copying the state for each:
                    # a back cell whose last chance this is, or that has no
                    # forward edge to spare, must take its edge ("must");
                    # two ends of one fragment (or two TERMs) may not both
                    # join p before the last cell that wants edges.  In
                    # cycle mode this skips most of the transitions.
                    navail = 0
                    must = 0
                    for j in range(4):
                        q = back[4 * p + j]
                        if q >= 0:
                            c = b[q - base]
                            if c != C_FULL:
                                avail[navail] = j
                                availc[navail] = c
                                if last_fwd[q] == p:
                                    if (c == C_EMPTY and target[q] > 0) or (
                                            c != C_EMPTY and not path_mode):
                                        must |= 1 << navail
                                elif need_min(c, target[q], path_mode) > rem[4 * p + j]:
                                    must |= 1 << navail
                                navail += 1
                    nsub = 0
                    if must == 0 and not dead0 and (dm & 1):
                        subn[0] = 0
                        nsub = 1
                    if t >= 1 and not dead1 and (dm & 2):
                        for j in range(navail):
                            if (must & ~(1 << j)) == 0:
                                subs[nsub][0] = avail[j]
                                subn[nsub] = 1
                                nsub += 1
                    if t >= 2 and (dm & 4):
                        for j in range(navail):
                            for k in range(j + 1, navail):
                                if (must & ~((1 << j) | (1 << k))) != 0 or (
                                        early and availc[j] == availc[k]
                                        and availc[j] >= C_TERM):
                                    continue
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
                                if nterm + 1 + npu > 2 or nterm + 1 > max_ends:
                                    ok = 0
                                    break
                        if not ok:
                            continue
                        for k in range(4):
                            q = back[4 * p + k]
                            if q >= 0 and last_fwd[q] > p:
                                if need_min(a[q - base], target[q], path_mode) > rem[4 * p + k]:
                                    ok = 0
                                    break
                        if not ok:
                            continue
                        if last_fwd[p] > p and need_min(a[S], t, path_mode) > fwd[p]:
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
                                add_vals(finished, src, mp, nw)
                            continue
                        # slot 0 has left: the key is slots 1..S
                        if (pack_key(&a[1], S, &klo, &khi) > (11 if squeezed else 16)
                                and (lblchk or squeezed)):
                            status = C_TOO_MANY_LABELS
                            info[3] = p  # the cell whose state overflowed
                            break
                        if budget:
                            # Every TERM is an end already used, every cell
                            # of the mask still without an edge an end to
                            # come: a path has two.  Cells with one edge
                            # left are otherwise only caught when they
                            # finish, columns later, so this prunes most of
                            # what path mode adds to cycle mode.
                            nterm = fr_terms(klo, khi)
                            if nterm > max_ends:
                                continue
                            nterm += (fr_nibble_count(fr_zero_nibbles(klo) & emask[2 * p])
                                      + fr_nibble_count(fr_zero_nibbles(khi) & emask[2 * p + 1])
                                      + pins_after[p])
                            if nterm > 2:
                                continue
                        if folding:
                            # rows reversed in each whole column
                            for k in range(S):
                                m[k] = a[1 + mperm[k]]
                            pack_key(m, S, &mlo, &mhi)
                            if mhi < khi or (mhi == khi and mlo < klo):
                                klo = mlo
                                khi = mhi
                        if squeezed:
                            klo = _squeeze(klo, khi)
                            khi = 0
                        # queue it; store the one queued RING successors ago
                        j = <int>(nq & (RING - 1))
                        if nq >= RING:
                            if _insert(&nxt, q_lo[j], q_hi[j], q_h[j], q_src[j], mp, nw,
                                       kw, cur.cap * esz, max_bytes, &peak_bytes) != 0:
                                status = C_NO_MEMORY
                                break
                        q_lo[j] = klo
                        q_hi[j] = khi
                        q_h[j] = fr_hash2(klo, khi)
                        q_src[j] = src
                        pf = &nxt.data[fr_mulhi(q_h[j], <uint64_t>nxt.cap) * E]
                        FR_PREFETCH(pf)
                        FR_PREFETCH(pf + E - 1)
                        nq += 1
                    if status != 0:
                        break
                # drain the queue
                s = nq - RING if nq > RING else 0
                while status == 0 and s < nq:
                    j = <int>(s & (RING - 1))
                    if _insert(&nxt, q_lo[j], q_hi[j], q_h[j], q_src[j], mp, nw,
                               kw, cur.cap * esz, max_bytes, &peak_bytes) != 0:
                        status = C_NO_MEMORY
                    s += 1
                if status != 0:
                    break
                sizes[p] = nxt.size
                if nxt.size > peak:
                    peak = nxt.size
                if (cur.cap + nxt.cap) * esz > peak_bytes:
                    peak_bytes = (cur.cap + nxt.cap) * esz
                if p == dump_step and dump_into:
                    # the current table is not needed for the copy out
                    free(cur.data)
                    cur.data = NULL
                    cur.cap = 0
                    _table_pack(&nxt, E, kw)
                    info[3] = p + 1
                    break
                if p == dump_step:
                    if dump_cap < nxt.size or dump_val.shape[0] < nxt.size * nw:
                        status = C_BUFFER_SMALL
                    else:
                        _copy_table(&nxt, E, kw, nw, dump_lo, dump_hi, dump_val, squeezed)
                    info[3] = p + 1
                    break
                # The next table, packed, becomes the current one (the old
                # one freed first: never three at once), and a new next
                # table is sized for the states predicted: this many times
                # the current ones as the same row grew one column back
                # (whose cell has the same place in its column: the same
                # folding, the same kind of edges), and a tenth more.
                free(cur.data)
                cur.data = NULL
                cur.cap = 0
                _table_pack(&nxt, E, kw)
                cur = nxt
                nxt.data = NULL
                p += 1
                info[3] = p
                if p == N:
                    break
                if p - W - 1 >= (start_step if nstart >= 0 else 0) \
                        and sizes[p - W - 1] > 0:
                    pred = 1.1 * cur.size * sizes[p - W] / sizes[p - W - 1]
                else:
                    pred = 2.0 * cur.size
                if _next_alloc(&nxt, &cur, pred, E, kw, max_bytes) != 0:
                    status = C_NO_MEMORY
                    break
            for j in range(nw):
                result[j] = finished[j]
        if status == C_OK and dump_into and p == dump_step:
            lo_a = _np.empty(nxt.size, dtype=_np.uint64)
            hi_a = _np.empty(nxt.size, dtype=_np.uint64)
            val_a = _np.empty(nxt.size * nw, dtype=_np.uint64)
            _copy_table(&nxt, E, kw, nw, lo_a, hi_a, val_a, squeezed)
            dump_out.extend((lo_a, hi_a, val_a))
    finally:
        free(cur.data)
        free(nxt.data)
        free(finished)
        free(mp)
    info[0] = peak
    info[1] = peak_bytes
    info[2] = ntrans
    return status


cdef void _copy_table(Table* t, int E, int kw, int nw, uint64_t[::1] lo,
                      uint64_t[::1] hi, uint64_t[::1] val, bint squeezed) noexcept nogil:
    """The table's states in slot order: keys to lo and hi (0 for one-word
    keys; squeezed keys as the nibble keys they stand for), each state's nw
    values to val[s*nw:(s+1)*nw]."""
    cdef int64_t i, s = 0
    cdef int j
    cdef uint64_t klo, khi
    for i in range(t.cap):
        if t.data[i * E + kw - 1] != EMPTY_HI:
            if squeezed:
                _spread(t.data[i * E], &klo, &khi)
                lo[s] = klo
                hi[s] = khi
            else:
                lo[s] = t.data[i * E]
                hi[s] = t.data[i * E + 1] if kw == 2 else 0
            for j in range(nw):
                val[s * nw + j] = t.data[i * E + kw + j]
            s += 1

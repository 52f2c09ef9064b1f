# What the frontier DP's two cores share: frontier_sweep.pyx builds the
# states cell by cell, frontier_join.pyx joins the final states of two half
# sweeps at a cut.  Both read the same keys (the encoding is documented at the
# top of frontier_sweep.pyx), so the slot codes, the status codes, the key
# hash, the canonical packing of a key and the addition of residue vectors
# are declared once, here (the sampler, sample.pyx, steps through the same
# states).  The functions are inline and the C helpers
# static inline: each core compiles them into its own loops, as when both
# were one module.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

cdef extern from *:
    """
    #define EMPTY_HI (~(uint64_t)0)
    static inline uint64_t fr_hash2(uint64_t lo, uint64_t hi) {
        uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
        return h ^ (h >> 31);
    }
    #if defined(__GNUC__) || defined(__clang__)
    #define FR_PREFETCH(p) __builtin_prefetch((const void*)(p), 1, 3)
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <xmmintrin.h>
    #define FR_PREFETCH(p) _mm_prefetch((const char*)(p), _MM_HINT_T0)
    #else
    #define FR_PREFETCH(p) ((void)0)
    #endif
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static inline int fr_ctz(uint32_t x) {
        unsigned long i;
        _BitScanForward(&i, x);
        return (int)i;
    }
    #else
    #define fr_ctz(x) __builtin_ctz(x)
    #endif
    """
    const uint64_t EMPTY_HI
    uint64_t fr_hash2(uint64_t lo, uint64_t hi) nogil
    void FR_PREFETCH(const void* p) nogil
    int fr_ctz(uint32_t x) nogil

# The status codes of both cores (their ST_*) are status.pxd's.

cdef enum:
    # Slot codes of a key (3..15: the labels of fragment ends).
    C_EMPTY = 0
    C_FULL = 1
    C_TERM = 2
    # Bytes of a decoded state: S + 1 <= 33 slots (S <= 32 key slots and the
    # new cell), and fr_mate reads 32 at a time.
    MAXS = 48


cdef inline int need_min(int code, int target, bint path_mode) noexcept nogil:
    """The fewest edges a cell (its slot code, its target degree) still needs."""
    if code == C_FULL or target == 0:
        return 0
    if code == C_EMPTY:
        return 1 if (target == 1 or path_mode) else 2
    return 0 if path_mode else 1


cdef inline void add_vals(uint64_t* dst, const uint64_t* src, const uint64_t* mods,
                          int nw) noexcept nogil:
    """dst += src, residue by residue: word 0 modulo 2^64, word j < nw modulo
    mods[j] (below 2^63, so the sum never wraps)."""
    cdef int j
    cdef uint64_t s, m
    dst[0] += src[0]  # word 0 is modulo 2^64
    for j in range(1, nw):
        m = mods[j]
        s = dst[j] + src[j]
        if s >= m:
            s -= m
        dst[j] = s


cdef inline int pack_key(const uint8_t* v, int n, uint64_t* lo, uint64_t* hi) noexcept nogil:
    """Canonical key of the n slot codes v: labels renumbered 3, 4, ... in
    order of first appearance; returns the label after the last one used.
    Above 16 the key is wrong (a label passed 15, its nibble): n <= 27
    slots hold at most 13 fragments, so only a longer window (long
    leapers) must check."""
    cdef uint8_t relabel[32]
    cdef int k, j, r, fresh, lbl = 3
    cdef uint64_t klo = 0, khi = 0
    memset(relabel, 0, 32)
    relabel[1] = 1
    relabel[2] = 2
    for k in range(n):
        j = v[k]
        r = relabel[j]
        fresh = (r == 0) & (j >= 3)
        r += fresh * lbl
        lbl += fresh
        relabel[j] = <uint8_t>r
        if k < 16:
            klo |= (<uint64_t>r) << (4 * k)
        else:
            khi |= (<uint64_t>r) << (4 * (k - 16))
    lo[0] = klo
    hi[0] = khi
    return lbl

"""Frontier DP core, meet in the middle: joining the final tables of two
partial sweeps at a cut.

Two sweeps (``frontier_sweep.run``), one from each end of the board, stop
at the same two columns, the boundary: 2W cells, which a final state's key
slots map to through ``lmap`` / ``rmap`` (see
``knight.counting.frontier_halves``, ``Part.bmap``).  Every edge belongs to
exactly one side, so a left state and a right state make a tour when the
degrees they give each boundary cell add up to its target (or to 1 on up to
two free ends, in path mode) and their path fragments close into one cycle
or one path.  ``join`` sums the products of the counts of all such pairs;
``profiles`` is the degree profile it looks the right states up by;
``mirror_keys`` reflects a side's final states in the rows (both halves
fold their mirror states on a symmetric board); ``wanted`` and
``pair_mask`` expose the lookup and the pair test to the uniform sampler.

Keys, slot codes and status codes are those of the sweep
(``frontier_state.pxd``; the encoding is documented at the top of
``frontier_sweep.pyx``).  Counts are residues, word 0 modulo 2^64, the
others modulo primes below 2^63, as in the sweep.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, free
from cpython.exc cimport PyErr_CheckSignals
from .status cimport C_NO_MEMORY, C_OK, C_TIME_LIMIT

from .frontier_state cimport (
    C_EMPTY,
    C_FULL,
    C_TERM,
    EMPTY_HI,
    FR_PREFETCH,
    MAXS,
    add_vals,
    fr_ctz,
    fr_hash2,
    pack_key,
)

import time as _time

# The join's own C helper (the shared ones are in frontier_state.pxd).

cdef inline void _powers_of_three(uint64_t* pw) noexcept nogil:
    """pw[k] = 3^k for k < 32: a boundary profile is a base-3 number, one
    digit a boundary cell."""
    cdef int k
    pw[0] = 1
    for k in range(1, 32):
        pw[k] = pw[k - 1] * 3

cdef extern from *:
    """
    /* a*b mod m for m < 2^63 without 128-bit integers (MSVC has none) */
    static inline uint64_t fr_mulmod(uint64_t a, uint64_t b, uint64_t m) {
        uint64_t r = 0;
        int i;
        a %= m;
        b %= m;
        for (i = 63; i >= 0; i--) {
            r <<= 1;
            if (r >= m) r -= m;
            if ((b >> i) & 1) {
                r += a;
                if (r >= m) r -= m;
            }
        }
        return r;
    }
    """
    uint64_t fr_mulmod(uint64_t a, uint64_t b, uint64_t m) nogil

# The status codes join returns, as the Python side reads them.
ST_OK = C_OK
ST_TIMEOUT = C_TIME_LIMIT
ST_NOMEM = C_NO_MEMORY


def profiles(int W, const uint64_t[::1] lo, const uint64_t[::1] hi,
             const int32_t[::1] bmap, const int32_t[::1] tgt, uint64_t[::1] out):
    """out[i] = 4 x the degree profile of state i on the 2W boundary cells
    (base 3, cell b weighing 3^b) + its number of TERM ends; bmap[slot] =
    boundary cell of each key slot, or -1."""
    cdef int64_t i, n = lo.shape[0]
    cdef int S = 2 * W + 1, k, c, d
    cdef uint64_t pr, nt
    cdef uint64_t pw[32]
    _powers_of_three(pw)
    with nogil:
        for i in range(n):
            pr = 0
            nt = 0
            for k in range(S):
                c = <int>(((lo[i] >> (4 * k)) if k < 16 else (hi[i] >> (4 * (k - 16)))) & 15)
                if bmap[k] < 0 or c == C_EMPTY:
                    continue
                d = tgt[bmap[k]] if c == C_FULL else 1
                pr += d * pw[bmap[k]]
                nt += c == C_TERM
            out[i] = 4 * pr + nt


def mirror_keys(int W, const uint64_t[::1] lo, const uint64_t[::1] hi,
                const int32_t[::1] bmap, uint64_t[::1] out_lo, uint64_t[::1] out_hi):
    """The canonical keys of the final states reflected in the rows: boundary
    cell col * W + row goes to col * W + W - 1 - row (bmap as in join)."""
    cdef int64_t i, n = lo.shape[0]
    cdef int S = 2 * W + 1, k, b
    cdef int slot_of[32]
    cdef uint8_t v[MAXS]
    cdef uint8_t m[MAXS]
    cdef uint64_t klo, khi
    for k in range(32):
        slot_of[k] = -1
    for k in range(S):
        if bmap[k] >= 0:
            slot_of[bmap[k]] = k
    with nogil:
        for i in range(n):
            for k in range(S):
                v[k] = <uint8_t>(((lo[i] >> (4 * k)) if k < 16
                                  else (hi[i] >> (4 * (k - 16)))) & 15)
            for k in range(S):
                b = bmap[k]
                if b < 0:
                    m[k] = v[k]
                else:
                    m[k] = v[slot_of[(b // W) * W + W - 1 - b % W]]
            pack_key(m, S, &klo, &khi)
            out_lo[i] = klo
            out_hi[i] = khi


cdef inline void _decode_mates(uint64_t lo, uint64_t hi, int S, const int32_t* bmap,
                               int nb, int8_t* mate) noexcept nogil:
    """mate[b]: the boundary cell at the other end of b's fragment, -2 when it
    ends in a terminal (TERM), -1 when b is no fragment end."""
    cdef int k, c, x
    cdef int8_t at[16]
    for k in range(16):
        at[k] = -1
    for k in range(nb):
        mate[k] = -1
    for k in range(S):
        c = <int>(((lo >> (4 * k)) if k < 16 else (hi >> (4 * (k - 16)))) & 15)
        if bmap[k] < 0 or c <= C_FULL:
            continue
        if c == C_TERM:
            mate[bmap[k]] = -2
        elif at[c] < 0:
            at[c] = <int8_t>bmap[k]
        else:
            x = at[c]
            mate[x] = <int8_t>bmap[k]
            mate[bmap[k]] = <int8_t>x


cdef inline bint _one_tour(const int8_t* lm, const int8_t* rm, int nb,
                           bint path_mode) noexcept nogil:
    """Whether the left and right fragments (mates lm, rm) join into one
    cycle (cycle mode) or one path whose two ends are terminals or free
    ends (path mode), through every fragment end on the cut."""
    cdef int b, ports = 0, start = -1, cur, side, nxt, seen
    cdef const int8_t* ms[2]
    ms[0] = lm
    ms[1] = rm
    for b in range(nb):
        if lm[b] != -1 or rm[b] != -1:
            ports += 1
            if start < 0 and not path_mode:
                start = b
            if path_mode and start < 0 and (lm[b] == -1 or rm[b] == -1
                                            or lm[b] == -2 or rm[b] == -2):
                start = b
    if ports == 0 or start < 0:
        return 0  # nothing crosses the cut, or only cycles in path mode
    if not path_mode:
        cur = start
        side = 0
        seen = 0
        while True:
            seen += 1
            nxt = ms[side][cur]
            if nxt < 0:
                return 0
            side ^= 1
            cur = ms[side][nxt]
            if cur < 0:
                return 0
            seen += 1
            side = 0
            if cur == start:
                return seen == ports
            if seen > nb:
                return 0
    # path: leave start by a side that is a fragment to another cell, if any
    cur = start
    seen = 1
    if lm[start] >= 0:
        side = 0
    elif rm[start] >= 0:
        side = 1
    else:
        return ports == 1
    while True:
        nxt = ms[side][cur]
        if nxt < 0:
            break  # a terminal
        cur = nxt
        seen += 1
        if seen > nb:
            return 0
        side ^= 1
        if ms[side][cur] == -1:
            break  # cur is a free end
    return seen == ports


cdef inline uint64_t _mate_word(const int8_t* m, int nb) noexcept nogil:
    """The mates m[0..nb) as nibbles, for _one_cycle (15 where b has no mate,
    which _one_cycle never reads: see there)."""
    cdef uint64_t w = ~<uint64_t>0
    cdef int b
    for b in range(nb):
        if m[b] >= 0:
            w &= ~((<uint64_t>15) << (4 * b))
            w |= (<uint64_t>m[b]) << (4 * b)
    return w


cdef inline bint _one_cycle(uint64_t lw, uint64_t rw, int start, int ports) noexcept nogil:
    """Cycle mode's _one_tour on mate words: whether the left and right
    fragments close into one cycle through all ``ports`` fragment ends of
    the cut, ``start`` being one of them.  The mates stay in registers, so
    following the cycle is a chain of shifts instead of loads: the join
    runs this on every pair of states with complementary profiles.  It
    reads only the mates of fragment ends: in cycle mode a boundary cell
    is a fragment end on one side exactly when its degree there is 1, and
    complementary profiles give it degree 1 on the other side too, so a
    walk from a fragment end stays on fragment ends.  That is what lets
    16 boundary cells (W = 8) use all 16 nibble values as cells."""
    cdef int cur = start, nxt, seen = 0
    while True:
        nxt = <int>((lw >> (4 * cur)) & 15)
        cur = <int>((rw >> (4 * nxt)) & 15)
        seen += 2
        if cur == start:
            return seen == ports
        if seen >= ports:
            return 0


cdef inline uint64_t _path_word(const int8_t* m, int nb, uint32_t* real,
                                uint32_t* ends) noexcept nogil:
    """Path mode's mate word (nb <= 16): nibble b is b's mate where b has
    one (bit b of ``real``), 15 elsewhere, which _one_path never reads (it
    tests ``real`` first): so all 16 nibble values name cells, and 8-wide
    boards (16 boundary cells) have words too.  real / ends get the masks
    of the cells with a mate / with any fragment end (a mate or a TERM)."""
    cdef uint64_t w = ~<uint64_t>0
    cdef uint32_t r = 0, e = 0
    cdef int b
    for b in range(nb):
        if m[b] != -1:
            e |= (<uint32_t>1) << b
            if m[b] >= 0:
                r |= (<uint32_t>1) << b
                w &= ~((<uint64_t>15) << (4 * b))
                w |= (<uint64_t>m[b]) << (4 * b)
    real[0] = r
    ends[0] = e
    return w


cdef inline int _bits(uint32_t x) noexcept nogil:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return <int>((((x + (x >> 4)) & 0x0F0F0F0F) * 0x01010101) >> 24)


cdef inline bint _one_path(uint64_t lw, uint64_t rw, uint32_t lreal, uint32_t rreal,
                           uint32_t ports, int nb) noexcept nogil:
    """Path mode's _one_tour on mate words (see _path_word): whether the
    fragments of both sides make one path through all the fragment ends
    on the cut (``ports``).  It starts at a cell where the path ends (a
    port without a mate on both sides) and follows mates, side by side,
    until an end: a TERM, or a cell with no fragment on that side (no bit
    in that side's ``real``).  A cell with a mate on one side only is an
    end of its piece of the union, so the walk never loops: the pair is
    one path exactly when it passes every port.  The two sides' words
    and masks swap in registers at each step (the join runs this on
    every pair of states with complementary profiles)."""
    cdef uint32_t cand = ports & ~(lreal & rreal)
    cdef uint64_t w, ow, tw
    cdef uint32_t real, oreal, treal
    cdef int cur, seen = 1
    if cand == 0:
        return 0  # only cycles
    cur = fr_ctz(cand)
    if (lreal >> cur) & 1:
        w, real, ow, oreal = lw, lreal, rw, rreal
    elif (rreal >> cur) & 1:
        w, real, ow, oreal = rw, rreal, lw, lreal
    else:
        return _bits(ports) == 1
    while (real >> cur) & 1:
        cur = <int>((w >> (4 * cur)) & 15)
        seen += 1
        if seen > nb:
            return 0
        tw = w
        w = ow
        ow = tw
        treal = real
        real = oreal
        oreal = treal
    return seen == _bits(ports)


cdef inline int _wanted(uint64_t lprof, const int32_t* tgt, int nb, bint path_mode,
                        const uint64_t* pw, uint64_t* wants) noexcept nogil:
    """The profiles of the right states that can complete a left state of
    profile ``lprof`` (see ``profiles``) into ``wants``; their number (at most
    1 + nb + nb (nb - 1) / 2)."""
    cdef int64_t x = <int64_t>(lprof >> 2)
    cdef int tl = <int>(lprof & 3), b, b2, nv = 0
    cdef int dl[32]
    cdef uint64_t need = 0
    # the left degrees, and the right profiles that complete them
    for b in range(nb):
        dl[b] = <int>(x % 3)
        x //= 3
        need += (tgt[b] - dl[b]) * pw[b]
    if not path_mode:
        wants[nv] = 4 * need
        nv += 1
    elif tl <= 2:
        # the right's TERM ends: 2 - the left's - the free ends
        wants[nv] = 4 * need + <uint64_t>(2 - tl)
        nv += 1
        for b in range(nb):
            if tgt[b] == 2 and dl[b] <= 1:
                if tl <= 1:
                    wants[nv] = 4 * (need - pw[b]) + <uint64_t>(1 - tl)
                    nv += 1
                if tl == 0:
                    for b2 in range(b + 1, nb):
                        if tgt[b2] == 2 and dl[b2] <= 1:
                            wants[nv] = 4 * (need - pw[b] - pw[b2])
                            nv += 1
    return nv


def wanted(int W, bint path_mode, const int32_t[::1] tgt, uint64_t lprof):
    """The profiles of the right states that can complete a left state of
    profile ``lprof`` into a tour (as ``join`` looks them up), as a list."""
    cdef uint64_t pw[32]
    cdef uint64_t wants[512]
    cdef int j, nv, nb = 2 * W
    if tgt.shape[0] != nb or nb > 26:
        raise ValueError(f"tgt must hold the 2W = {nb} boundary targets (W <= 13)")
    _powers_of_three(pw)
    nv = _wanted(lprof, &tgt[0], nb, path_mode, pw, wants)
    return [wants[j] for j in range(nv)]


def pair_mask(int W, bint path_mode, uint64_t llo, uint64_t lhi, const int32_t[::1] lmap,
              const uint64_t[::1] rlo, const uint64_t[::1] rhi, const int32_t[::1] rmap,
              uint8_t[::1] out):
    """out[x] = 1 where the left state (llo, lhi) and right state x make one
    tour (the test ``join`` applies to pairs of complementary profiles), else
    0; lmap / rmap as in ``join``."""
    cdef int nb = 2 * W, S = 2 * W + 1
    cdef int64_t x, n = rlo.shape[0]
    cdef int8_t lm[32]
    cdef int8_t rm[32]
    if rhi.shape[0] != n or out.shape[0] != n or lmap.shape[0] != S or rmap.shape[0] != S \
            or nb > 26:
        raise ValueError("pair_mask: rlo, rhi and out must match; lmap, rmap hold 2W + 1 slots")
    with nogil:
        _decode_mates(llo, lhi, S, &lmap[0], nb, lm)
        for x in range(n):
            _decode_mates(rlo[x], rhi[x], S, &rmap[0], nb, rm)
            out[x] = _one_tour(lm, rm, nb, path_mode)


def join(int W, bint path_mode, const int32_t[::1] tgt,
         const uint64_t[::1] llo, const uint64_t[::1] lhi, const uint64_t[::1] lval,
         const int32_t[::1] lmap, const uint64_t[::1] lprof,
         const uint64_t[::1] rlo, const uint64_t[::1] rhi, const uint64_t[::1] rval,
         const int32_t[::1] rmap, const uint64_t[::1] rprof,
         const uint64_t[::1] mods, uint64_t[::1] result, int64_t[::1] info,
         double deadline, uint64_t[::1] per_left=None):
    """Sum over compatible (left, right) state pairs of the product of their
    counts, into result[:nw] (word 0 modulo 2^64, the others modulo mods[j]).

    Both tables are the final states of two partial sweeps that meet on the
    2W boundary cells (lmap / rmap: boundary cell of each key slot); a pair
    is compatible when the degrees add up to each cell's target (or to 1 on
    up to two free ends, in path mode) and the fragments join into one tour
    (``_one_tour``).  The profiles (see ``profiles``) carry the number of
    TERM ends because a path has exactly two ends (TERM ends + free ends on
    the cut): the lookup then skips the right states with the wrong number,
    most of them.  The right table must be sorted by profile (rprof); the
    left need not be, but sorted by profile it joins faster (each run of
    one profile finds its right groups once and reads them from cache).
    info = [profile lookups, pairs tried, pairs joined].  ``per_left``, if
    given, gets each left state's sum of its partners' counts (the uniform
    sampler's weights): one value per left state (word 0, modulo 2^64), or
    with nl * nw values, every word (state i's at i * nw).  Returns ST_*.
    """
    cdef int nw = mods.shape[0]
    cdef int nb = 2 * W, S = 2 * W + 1
    cdef int64_t nl = llo.shape[0], nr = rlo.shape[0]
    cdef int64_t i, x, mid, tried = 0, joined = 0, looks = 0
    cdef int j, b, nv = 0, v
    cdef uint64_t need, want
    cdef uint64_t pw[32]
    cdef int8_t lm[32]
    # mate words hold cells 0..15 (see _one_cycle and _path_word)
    cdef bint words = not path_mode and nb <= 16
    cdef bint pwords = path_mode and nb <= 16
    # Per right state: its mates as bytes only where no word holds them,
    # the mate word where one does, the masks of _path_word in path mode.
    cdef int8_t* rms = <int8_t*>malloc(((nr if nr > 0 else 1) if not (words or pwords) else 1)
                                       * nb)
    cdef uint64_t* rmw = <uint64_t*>malloc((nr if (nr > 0 and (words or pwords)) else 1)
                                           * sizeof(uint64_t))
    cdef uint32_t* rreal = <uint32_t*>malloc((nr if (nr > 0 and pwords) else 1) * 2
                                             * sizeof(uint32_t))
    cdef int8_t rm1[32]
    cdef uint32_t lreal = 0, lends = 0
    # the profile table holds each distinct profile once: at most half full
    cdef int64_t hcap = 16, distinct = 0
    for x in range(nr):
        distinct += x == 0 or rprof[x] != rprof[x - 1]
    while hcap < 2 * distinct:
        hcap *= 2
    cdef uint64_t hmask = <uint64_t>(hcap - 1)
    # slot k: ht[3k] a profile, ht[3k + 1] its first state (EMPTY_HI: free),
    # ht[3k + 2] the state after its last
    cdef uint64_t* ht = <uint64_t*>malloc(hcap * 3 * sizeof(uint64_t))
    cdef int64_t x1, prev = -1
    cdef uint64_t ok, msk, sv
    cdef int64_t wslot[512]
    cdef int64_t gx0[512]
    cdef int64_t gx1[512]
    cdef int ng = 0
    cdef uint64_t* acc = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef uint64_t* tot = <uint64_t*>malloc(nw * sizeof(uint64_t))
    cdef uint64_t wants[512]  # 1 + 26 + 26 * 25 / 2 at most
    cdef uint64_t lmw = 0
    cdef int status = 0, ports = 0, start = -1
    cdef bint keep = per_left is not None, every = False
    try:
        # (the finally below frees whatever was allocated: free(NULL) is a no-op)
        if rms == NULL or rmw == NULL or rreal == NULL or acc == NULL or tot == NULL \
                or nb > 26 or ht == NULL:
            return C_NO_MEMORY
        _powers_of_three(pw)
        for j in range(nw):
            tot[j] = 0
        if keep and per_left.shape[0] != nl and per_left.shape[0] != nl * nw:
            raise ValueError("per_left must hold one value, or nw, per left state")
        every = keep and nw > 1 and per_left.shape[0] == nl * nw
        with nogil:
            # The right profiles' first states, in a hash table: a binary
            # search of rprof per lookup was half the join's time, a chain
            # of cache misses through a table of millions.
            for x in range(hcap):
                ht[3 * x + 1] = EMPTY_HI
            for x in range(nr):
                if x == 0 or rprof[x] != rprof[x - 1]:
                    mid = <int64_t>(fr_hash2(rprof[x], 0) & hmask)
                    while ht[3 * mid + 1] != EMPTY_HI:
                        mid = (mid + 1) & <int64_t>hmask
                    ht[3 * mid] = rprof[x]
                    ht[3 * mid + 1] = <uint64_t>x
                    if prev >= 0:
                        ht[3 * prev + 2] = <uint64_t>x
                    prev = mid
            if prev >= 0:
                ht[3 * prev + 2] = <uint64_t>nr
            for x in range(nr):
                if words:
                    _decode_mates(rlo[x], rhi[x], S, &rmap[0], nb, rm1)
                    rmw[x] = _mate_word(rm1, nb)
                elif pwords:
                    _decode_mates(rlo[x], rhi[x], S, &rmap[0], nb, rm1)
                    rmw[x] = _path_word(rm1, nb, &rreal[2 * x], &rreal[2 * x + 1])
                else:
                    _decode_mates(rlo[x], rhi[x], S, &rmap[0], nb, &rms[x * nb])
            for i in range(nl):
                if (i & 4095) == 0:
                    with gil:
                        PyErr_CheckSignals()
                        if deadline > 0 and _time.time() > deadline:
                            status = C_TIME_LIMIT
                    if status != 0:
                        break
                if i == 0 or lprof[i] != lprof[i - 1]:
                    # A new profile: its right groups, found once for the
                    # run of left states that share it (the left table
                    # comes sorted by profile, see frontier_jobs'
                    # left_for_join), whose pairs then read them from cache.
                    nv = _wanted(lprof[i], &tgt[0], nb, path_mode, pw, wants)
                    # The probes of the wanted profiles go to random places
                    # of a table of megabytes: start them all before using any.
                    for v in range(nv):
                        wslot[v] = <int64_t>(fr_hash2(wants[v], 0) & hmask)
                        FR_PREFETCH(&ht[3 * wslot[v]])
                    ng = 0
                    for v in range(nv):
                        want = wants[v]
                        mid = wslot[v]
                        while ht[3 * mid + 1] != EMPTY_HI and ht[3 * mid] != want:
                            mid = (mid + 1) & <int64_t>hmask
                        if ht[3 * mid + 1] != EMPTY_HI:
                            gx0[ng] = <int64_t>ht[3 * mid + 1]
                            gx1[ng] = <int64_t>ht[3 * mid + 2]
                            ng += 1
                looks += nv
                if ng == 0:
                    # no right state to pair with (most runs of a shard's
                    # join, whose right table holds a few degrees only)
                    if every:
                        for j in range(nw):
                            per_left[i * nw + j] = 0
                    elif keep:
                        per_left[i] = 0
                    continue
                _decode_mates(llo[i], lhi[i], S, &lmap[0], nb, lm)
                if pwords:
                    lmw = _path_word(lm, nb, &lreal, &lends)
                if words:
                    lmw = _mate_word(lm, nb)
                    ports = 0
                    start = -1
                    for b in range(nb):
                        if lm[b] >= 0:
                            ports += 1
                            if start < 0:
                                start = b
                for j in range(nw):
                    acc[j] = 0
                for v in range(ng):
                    x = gx0[v]
                    x1 = gx1[v]
                    tried += x1 - x
                    if pwords:
                        # without a branch on the outcome, which no
                        # predictor guesses (about 4 pairs in 10 join)
                        while x < x1:
                            ok = <uint64_t>_one_path(lmw, rmw[x], lreal, rreal[2 * x],
                                                     lends | rreal[2 * x + 1], nb)
                            joined += <int64_t>ok
                            msk = (<uint64_t>0) - ok
                            acc[0] += rval[x * nw] & msk
                            for j in range(1, nw):
                                sv = acc[j] + (rval[x * nw + j] & msk)
                                # less mods[j] where the sum reached it
                                acc[j] = sv - (mods[j] & ((<uint64_t>0)
                                                          - <uint64_t>(sv >= mods[j])))
                            x += 1
                        continue
                    while x < x1:
                        if ((start >= 0 and _one_cycle(lmw, rmw[x], start, ports))
                                if words else _one_tour(lm, &rms[x * nb], nb, path_mode)):
                            joined += 1
                            add_vals(acc, &rval[x * nw], &mods[0], nw)
                        x += 1
                if every:
                    for j in range(nw):
                        per_left[i * nw + j] = acc[j]
                elif keep:
                    per_left[i] = acc[0]
                tot[0] += acc[0] * lval[i * nw]  # modulo 2^64
                for j in range(1, nw):
                    if acc[j] != 0:
                        need = tot[j] + fr_mulmod(acc[j], lval[i * nw + j], mods[j])
                        tot[j] = need - mods[j] if need >= mods[j] else need
            for j in range(nw):
                result[j] = tot[j]
    finally:
        free(rms)
        free(rmw)
        free(rreal)
        free(ht)
        free(acc)
        free(tot)
    info[0] = looks
    info[1] = tried
    info[2] = joined
    return status


def half_turn_completions(int W, const uint64_t[::1] lo, const uint64_t[::1] hi,
                          const int32_t[::1] bmap, const int32_t[::1] tgt,
                          uint32_t[::1] out):
    """out[i]: in how many ways side 0's final state i completes into a tour
    that the half turn maps to itself (cycle mode, the cut in the middle of
    an even board: the half turn swaps the two boundary columns, boundary
    cell b <-> 2W - 1 - b).

    Such a tour is L (side 0's edges, state i), its half turn rho(L) (side
    1's edges outside the boundary) and a set X of the edges inside the
    boundary that rho maps to itself; every boundary cell must get its
    target degree from the three, and their fragments must close into one
    cycle.  The sum over i of count(i) * out[i] is the number of such tours
    (on a folded table too: a state and its mirror have the same out)."""
    cdef int64_t i, n = lo.shape[0]
    cdef int S = 2 * W + 1, nb = 2 * W, k, b, c, r, ne = 0, no = 0, m, ports, seen
    cdef int cur, came_t, came_nb, nt, t0, t1
    cdef int8_t lm[32]
    cdef int d[32]
    cdef int dx[32]
    cdef int ea[32]
    cdef int eb[32]
    cdef int orb_of[32]
    cdef int8_t inc_t[64]   # incidence type of cell b, slot s at 2b + s: 0 L, 1 rho(L), 2 X
    cdef int8_t inc_n[64]   # the cell at its other end
    cdef int ninc[32]
    cdef uint32_t ways
    cdef bint ok
    if W > 13 or lo.shape[0] != hi.shape[0] or out.shape[0] != n or bmap.shape[0] != S \
            or tgt.shape[0] != nb:
        raise ValueError("half_turn_completions: lo, hi, out of one length; bmap of 2W + 1 "
                         "slots, tgt of the 2W boundary cells")
    # the edges inside the boundary (column cut rows 0..W-1 are cells 0..W-1,
    # column cut + 1 cells W..2W-1): a knight move between them is +-2 rows
    for r in range(W):
        for c in (r + 2, r - 2):
            if 0 <= c < W and tgt[r] > 0 and tgt[W + c] > 0:
                ea[ne] = r
                eb[ne] = W + c
                ne += 1
    # rho maps the edge (a, b) to (2W-1-b, 2W-1-a): orbits of one or two edges
    for k in range(ne):
        orb_of[k] = -1
    for k in range(ne):
        if orb_of[k] >= 0:
            continue
        orb_of[k] = no
        for c in range(ne):
            if ea[c] == nb - 1 - eb[k] and eb[c] == nb - 1 - ea[k]:
                orb_of[c] = no
        no += 1
    if no > 20:
        raise ValueError("half_turn_completions: too many edges inside the boundary")
    with nogil:
        for i in range(n):
            _decode_mates(lo[i], hi[i], S, &bmap[0], nb, lm)
            for k in range(S):
                b = bmap[k]
                if b < 0:
                    continue
                c = <int>(((lo[i] >> (4 * k)) if k < 16 else (hi[i] >> (4 * (k - 16)))) & 15)
                d[b] = 0 if c == C_EMPTY else (tgt[b] if c == C_FULL else 1)
            ways = 0
            for m in range(1 << no):
                ok = 1
                for b in range(nb):
                    dx[b] = 0
                    ninc[b] = 0
                for k in range(ne):
                    if (m >> orb_of[k]) & 1:
                        dx[ea[k]] += 1
                        dx[eb[k]] += 1
                for b in range(nb):
                    if d[b] + d[nb - 1 - b] + dx[b] != tgt[b]:
                        ok = 0
                        break
                if not ok:
                    continue
                # the incidences of each boundary cell: its L fragment's end,
                # its rho(L) fragment's end, its X edges (two at most in all)
                ports = 0
                for b in range(nb):
                    if lm[b] >= 0:
                        inc_t[2 * b + ninc[b]] = 0
                        inc_n[2 * b + ninc[b]] = lm[b]
                        ninc[b] += 1
                    if lm[nb - 1 - b] >= 0:
                        inc_t[2 * b + ninc[b]] = 1
                        inc_n[2 * b + ninc[b]] = <int8_t>(nb - 1 - lm[nb - 1 - b])
                        ninc[b] += 1
                for k in range(ne):
                    if (m >> orb_of[k]) & 1:
                        inc_t[2 * ea[k] + ninc[ea[k]]] = 2
                        inc_n[2 * ea[k] + ninc[ea[k]]] = <int8_t>eb[k]
                        ninc[ea[k]] += 1
                        inc_t[2 * eb[k] + ninc[eb[k]]] = 2
                        inc_n[2 * eb[k] + ninc[eb[k]]] = <int8_t>ea[k]
                        ninc[eb[k]] += 1
                cur = -1
                for b in range(nb):
                    if ninc[b] == 2:
                        ports += 1
                        if cur < 0:
                            cur = b
                    elif ninc[b] != 0:
                        ok = 0
                if not ok or cur < 0:
                    continue
                # walk the cycle: leave by incidence 0, and at each cell by
                # the incidence other than the one arrived by
                t0 = cur
                came_t = inc_t[2 * cur]
                came_nb = cur
                cur = inc_n[2 * cur]
                seen = 1
                while cur != t0 or seen == 0:
                    seen += 1
                    if seen > ports:
                        break
                    # the incidence of cur that is the edge just used
                    if inc_t[2 * cur] == came_t and inc_n[2 * cur] == came_nb:
                        t1 = 1
                    else:
                        t1 = 0
                    nt = inc_t[2 * cur + t1]
                    came_nb = cur
                    came_t = nt
                    cur = inc_n[2 * cur + t1]
                if cur == t0 and seen == ports:
                    ways += 1
            out[i] = ways

# cython: boundscheck=False, wraparound=False, cdivision=True
"""The frontier DP's transitions one state at a time, for the uniform sampler.

``Stepper.successors(p, key)`` is ``frontier_sweep_py.step_choices`` for one
state, in C: the keys of the states after cell p (-1 for a completed tour)
and, from ``choices``, the back-edge slots each transition takes.  The
rules and the encoding are those of ``frontier_sweep.pyx`` (documented at its
top) as the twin restates them; the tests compare this with the twin state
for state.  Keys are one 64-bit word: the 2W + 1 slots of 4 bits fit it for
W <= 7 (Python keeps wider boards on the twin).

The sampler's memoised pass (``knight.counting.sample``) calls
``successors`` once per reachable state, and its walks call ``choices``
once per cell: the per-state work here is a few hundred machine
instructions against about 80 us of the twin's Python.
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy, memset

from .mix cimport mix64

import numpy as _np
from .poll cimport POLL_GO, poll_status, reraise_pending
from .frontier_state cimport C_EMPTY, C_FULL, C_TERM, MAXS, need_min
from .small_sort cimport insert_sorted

cdef enum:
    MAXP = 16

#: Widest board whose keys fit one word.
MAX_WIDTH = 7

cdef enum:
    T_TOO_MANY = -1         # more than max_states states
    T_OVERFLOW = -2         # a completion count passed 2^64 - 1 (exact ints needed)
    T_NO_MEMORY = -3
    T_INTERRUPTED = -4

#: What :meth:`Stepper.build` returns instead of the number of states.
TOO_MANY = T_TOO_MANY
OVERFLOW = T_OVERFLOW
NO_MEMORY = T_NO_MEMORY

# No key is all ones (2W + 1 <= 15 slots of 4 bits): the empty hash slot.
cdef uint64_t FREE_SLOT = 0xFFFFFFFFFFFFFFFFULL


cdef struct Layer:
    # One cell's states (open addressing, linear probing, at most half full)
    # and, once the backward pass has run, each one's completions (in a
    # half's table, build_half: the ways to reach it from the empty state).
    uint64_t* keys
    uint64_t* comp
    size_t cap
    size_t n
    # build_half only: the transitions into each slot, slot i's being
    # isrc / ich[ioff[i]:ioff[i + 1]] (the state's slot in the layer before,
    # the transition's place in _expand's list).
    uint32_t* ioff
    uint32_t* isrc
    uint8_t* ich
    uint64_t* comp2  # build_half: the ways modulo each of its primes, slot by slot


cdef inline size_t _slot_of(uint64_t x, size_t mask) noexcept nogil:
    # Mixed first: the keys' low bits alone cluster.
    return <size_t>(mix64(x) & mask)


cdef int _layer_init(Layer* L, size_t cap) noexcept nogil:
    L.keys = <uint64_t*>malloc(cap * sizeof(uint64_t))
    L.comp = NULL
    L.ioff = NULL
    L.isrc = NULL
    L.ich = NULL
    L.comp2 = NULL
    L.cap, L.n = cap, 0
    if L.keys == NULL:
        return -1
    memset(L.keys, 0xFF, cap * sizeof(uint64_t))
    return 0


cdef int _layer_add(Layer* L, uint64_t key) noexcept nogil:
    """Insert ``key``: 1 if new, 0 if there already, -1 out of memory."""
    cdef size_t i, j, mask, old_cap
    cdef uint64_t* old
    cdef uint64_t k
    if 2 * (L.n + 1) > L.cap:
        old, old_cap = L.keys, L.cap
        if _layer_init(L, 2 * old_cap) < 0:
            L.keys, L.cap = old, old_cap
            return -1
        mask = L.cap - 1
        for i in range(old_cap):
            k = old[i]
            if k != FREE_SLOT:
                j = _slot_of(k, mask)
                while L.keys[j] != FREE_SLOT:
                    j = (j + 1) & mask
                L.keys[j] = k
                L.n += 1
        free(old)
    mask = L.cap - 1
    i = _slot_of(key, mask)
    while L.keys[i] != FREE_SLOT:
        if L.keys[i] == key:
            return 0
        i = (i + 1) & mask
    L.keys[i] = key
    L.n += 1
    return 1


cdef inline int64_t _layer_find(const Layer* L, uint64_t key) noexcept nogil:
    cdef size_t mask = L.cap - 1, i = _slot_of(key, mask)
    while L.keys[i] != FREE_SLOT:
        if L.keys[i] == key:
            return <int64_t>i
        i = (i + 1) & mask
    return -1


cdef int _compact(Layer* L, Layer* nxt, int nprime, bint keep) noexcept nogil:
    """Once the layer after it is built, a half's layer is never searched by
    key again (walks go by slot): keep its states densely, about a third of
    the hash table's size, and point the next layer's transitions at the
    new places.  Its ways modulo the primes go too, unless ``keep`` (an
    exact walk needs them: counts past 2^64)."""
    cdef size_t slot, k = 0, e
    cdef int j
    cdef uint64_t* comp2 = NULL
    cdef uint32_t* where = <uint32_t*>malloc((L.cap if L.cap else 1) * sizeof(uint32_t))
    cdef uint64_t* keys = <uint64_t*>malloc((L.n if L.n else 1) * sizeof(uint64_t))
    cdef uint64_t* comp = <uint64_t*>malloc((L.n if L.n else 1) * sizeof(uint64_t))
    cdef uint32_t* ioff = NULL
    if L.ioff != NULL:
        ioff = <uint32_t*>malloc((L.n + 1) * sizeof(uint32_t))
    if keep:
        comp2 = <uint64_t*>malloc((L.n if L.n else 1) * nprime * sizeof(uint64_t))
    if where == NULL or keys == NULL or comp == NULL or (L.ioff != NULL and ioff == NULL) \
            or (keep and comp2 == NULL):
        free(where)
        free(keys)
        free(comp)
        free(ioff)
        free(comp2)
        return T_NO_MEMORY
    for slot in range(L.cap):
        if L.keys[slot] != FREE_SLOT:
            where[slot] = <uint32_t>k
            keys[k] = L.keys[slot]
            comp[k] = L.comp[slot]
            if ioff != NULL:  # the transitions in are sorted by slot already
                ioff[k] = L.ioff[slot]
            if keep:
                for j in range(nprime):
                    comp2[k * nprime + j] = L.comp2[slot * nprime + j]
            k += 1
    if ioff != NULL:
        ioff[k] = L.ioff[L.cap]
    for e in range(nxt.ioff[nxt.cap]):
        nxt.isrc[e] = where[nxt.isrc[e]]
    free(where)
    free(L.keys)
    free(L.comp)
    free(L.ioff)
    free(L.comp2)
    L.keys, L.comp, L.ioff, L.comp2 = keys, comp, ioff, comp2
    L.cap = L.n
    return 0


cdef inline int _mate(const uint8_t* a, int n, int s) noexcept nogil:
    cdef int i
    for i in range(n):
        if a[i] == a[s] and i != s:
            return i
    return -1


# Its tables are a view of one board's DP: nothing to pickle.
@cython.auto_pickle(False)
cdef class Stepper:
    """The transitions of one prepared board (``frontier_board.prepare``'s tables)."""

    cdef int W, N, S, last_needed, npin
    cdef int pins[2]
    cdef bint path_mode
    cdef int32_t[::1] target, back, rem, fwd, last_fwd
    # The table (build()): the states before each cell, with completions.
    cdef Layer* layers
    cdef int nlayers
    cdef uint64_t total_
    cdef bint half  # the table is build_half's (forward counts, edges in)
    # build_half's further moduli (primes below 2^63), at most MAXP
    cdef uint64_t primes[MAXP]
    cdef int nprime
    cdef bint keep  # build_half keeps every layer's ways modulo the primes

    def __cinit__(self):
        self.layers = NULL
        self.nlayers = 0
        self.half = False

    def __dealloc__(self):
        self._free_table()

    cdef void _free_table(self) noexcept nogil:
        cdef int i
        if self.layers != NULL:
            for i in range(self.nlayers):
                free(self.layers[i].keys)
                free(self.layers[i].comp)
                free(self.layers[i].ioff)
                free(self.layers[i].isrc)
                free(self.layers[i].ich)
                free(self.layers[i].comp2)
            free(self.layers)
        self.layers = NULL
        self.nlayers = 0

    def __init__(self, int W, int N, const int32_t[::1] target, const int32_t[::1] back,
                 const int32_t[::1] rem, const int32_t[::1] fwd,
                 const int32_t[::1] last_fwd, const int32_t[::1] pinned,
                 int last_needed, bint path_mode):
        cdef int i
        if W < 1 or W > MAX_WIDTH:
            raise ValueError(f"Stepper takes widths 1..{MAX_WIDTH}, got {W}")
        if (target.shape[0] != N or back.shape[0] != 4 * N or rem.shape[0] != 4 * N
                or fwd.shape[0] != N or last_fwd.shape[0] != N or pinned.shape[0] > 2):
            raise ValueError("Stepper: the tables do not match N")
        self.W, self.N, self.S = W, N, 2 * W + 1
        self.last_needed = last_needed
        self.path_mode = path_mode
        self.npin = pinned.shape[0]
        # copies: the stepper outlives the caller's arrays
        self.target = target.copy()
        self.back = back.copy()
        self.rem = rem.copy()
        self.fwd = fwd.copy()
        self.last_fwd = last_fwd.copy()
        for i in range(self.npin):
            self.pins[i] = pinned[i]

    cdef int _pinned_unedged(self, const uint8_t* a, int p, int base) noexcept nogil:
        cdef int i, q, n = 0
        for i in range(self.npin):
            q = self.pins[i]
            if q > p:
                n += 1
            elif q >= base and a[q - base] == C_EMPTY and self.last_fwd[q] > p:
                n += 1
        return n

    cdef int _join(self, uint8_t* a, int n, int su, int ps, int base,
                   int fresh) noexcept nogil:
        """Add the edge between slots su and ps: -1 invalid, 1 closed, else 0."""
        cdef int cu = a[su], cp = a[ps]
        cdef int ends[2]
        cdef int slots[2]
        cdef int codes[2]
        cdef int k, s, c
        if cu >= 3 and cu == cp:  # both ends of one fragment: a cycle
            if self.path_mode:
                return -1
            a[su] = C_FULL
            a[ps] = C_FULL
            return 1
        slots[0], slots[1] = su, ps
        codes[0], codes[1] = cu, cp
        for k in range(2):
            s, c = slots[k], codes[k]
            if c == C_EMPTY:
                if self.target[base + s] == 1:
                    a[s] = C_FULL
                    ends[k] = -1  # a terminal
                else:
                    a[s] = fresh
                    ends[k] = s
            else:
                ends[k] = -1 if c == C_TERM else _mate(a, n, s)
                a[s] = C_FULL
        if ends[0] < 0 and ends[1] < 0:
            return 1
        if ends[0] < 0:
            a[ends[1]] = C_TERM
        elif ends[1] < 0:
            a[ends[0]] = C_TERM
        else:
            a[ends[0]] = fresh
            a[ends[1]] = fresh
        return 0

    cdef int _finalize(self, uint8_t* a, int n, int s, int q, int p, int base) noexcept nogil:
        cdef int c = a[s], t = self.target[q], nterm = 0, i, m
        if c == C_EMPTY:
            return -1 if t > 0 else 0
        if c == C_FULL:
            a[s] = C_EMPTY
            return 0
        if not self.path_mode:  # degree 1 on a cell that wants 2
            return -1
        for i in range(n):
            if a[i] == C_TERM:
                nterm += 1
        if c == C_TERM:
            a[s] = C_EMPTY
            return 1
        m = _mate(a, n, s)
        a[m] = C_TERM
        a[s] = C_EMPTY
        if nterm + 1 + self._pinned_unedged(a, p, base) > 2:
            return -1
        return 0

    cdef bint _complete(self, const uint8_t* a, int n, int p, int base) noexcept nogil:
        cdef int i, q
        if p < self.last_needed:
            return False
        for i in range(n):
            if a[i] >= C_TERM:
                return False
            q = base + i
            if (a[i] == C_EMPTY and q >= 0 and self.target[q] > 0
                    and self.last_fwd[q] > p):
                return False
        return True

    cdef bint _ends_over(self, const uint8_t* a, int n, int p, int base) noexcept nogil:
        cdef int ends = 0, s, q, x, j, left
        for s in range(n):
            if a[s] == C_TERM:
                ends += 1
        ends += self._pinned_unedged(a, p, base)
        for s in range(1, n):
            q = base + s
            if (q < 0 or a[s] != C_EMPTY or self.target[q] != 2
                    or self.last_fwd[q] <= p):
                continue
            left = self.fwd[q]
            for x in range(q + 1, p + 1):
                for j in range(4):
                    if self.back[4 * x + j] == q:
                        left -= 1
            if left == 1:
                ends += 1
        return ends > 2

    cdef uint64_t _key(self, const uint8_t* a) noexcept nogil:
        """Slots 1..S of ``a`` relabelled in order of first appearance, packed."""
        cdef uint8_t relabel[MAXS]
        cdef int i, v, nxt = 3
        cdef uint64_t key = 0
        for i in range(MAXS):
            relabel[i] = 0
        for i in range(self.S):
            v = a[i + 1]
            if v >= 3:
                if relabel[v] == 0:
                    relabel[v] = nxt
                    nxt += 1
                v = relabel[v]
            key |= (<uint64_t>v) << (4 * i)
        return key

    cdef int _apply(self, const uint8_t* b, int p, const int* sub, int nsub,
                    uint64_t* out) noexcept nogil:
        """The transition taking the back-edge slots ``sub`` at cell p from
        the slots ``b``: -1 dead, 1 a completed tour, 0 the state ``*out``."""
        cdef uint8_t a[MAXS]
        cdef int n = self.S + 1, base = p - 1 - 2 * self.W, ps = self.S
        cdef int closed = 0, fresh = 16, k, j, q, r, nfin = 0, i, t
        cdef int fin[5]
        memcpy(a, b, n)
        for k in range(nsub):
            q = self.back[4 * p + sub[k]]
            r = self._join(a, n, q - base, ps, base, fresh)
            fresh += 1
            if r < 0:
                return -1
            closed += r
        # cells whose last possible edge was just decided leave now, in order
        for j in range(4):
            q = self.back[4 * p + j]
            if q >= 0 and self.last_fwd[q] == p:
                nfin = insert_sorted(fin, nfin, q)
        if self.last_fwd[p] == p:
            fin[nfin] = p
            nfin += 1
        for i in range(nfin):
            q = fin[i]
            r = self._finalize(a, n, q - base, q, p, base)
            if r < 0:
                return -1
            closed += r
        for j in range(4):
            q = self.back[4 * p + j]
            if q >= 0 and self.last_fwd[q] > p:
                if need_min(a[q - base], self.target[q], self.path_mode) > self.rem[4 * p + j]:
                    return -1
        t = self.target[p]
        if self.last_fwd[p] > p and need_min(a[ps], t, self.path_mode) > self.fwd[p]:
            return -1
        if closed:
            if closed == 1 and self._complete(a, n, p, base):
                return 1
            return -1
        if self.path_mode and self._ends_over(a, n, p, base):
            return -1
        out[0] = self._key(a)
        return 0

    cdef int _subsets(self, const uint8_t* b, int p, int* subs) noexcept nogil:
        """The subsets of p's usable back edges it may take, two ints each
        (-1: none); their number."""
        cdef int avail[4]
        cdef int na = 0, j, q, i, k, m = 0, t = self.target[p]
        cdef int base = p - 1 - 2 * self.W
        for j in range(4):
            q = self.back[4 * p + j]
            if q >= 0 and b[q - base] != C_FULL:
                avail[na] = j
                na += 1
        subs[0], subs[1] = -1, -1
        m = 1
        if t >= 1:
            for i in range(na):
                subs[2 * m], subs[2 * m + 1] = avail[i], -1
                m += 1
        if t >= 2:
            for i in range(na):
                for k in range(i + 1, na):
                    subs[2 * m], subs[2 * m + 1] = avail[i], avail[k]
                    m += 1
        return m

    cdef void _decode(self, uint64_t key, uint8_t* b) noexcept nogil:
        cdef int i
        for i in range(self.S):
            b[i] = (key >> (4 * i)) & 15
        b[self.S] = C_EMPTY

    cdef int _expand(self, int p, uint64_t key, uint64_t* outs, int* rs,
                     int* subs) noexcept nogil:
        """Every transition at cell p from ``key``: ``rs[i]`` as :meth:`_apply`
        returns (-1 dead, 1 closure, 0 the state ``outs[i]``), ``subs[2i:2i+2]``
        its back-edge slots (-1: none); their number."""
        cdef uint8_t b[MAXS]
        cdef int m, i, nsub
        self._decode(key, b)
        m = self._subsets(b, p, subs)
        for i in range(m):
            nsub = 0 if subs[2 * i] < 0 else (1 if subs[2 * i + 1] < 0 else 2)
            rs[i] = self._apply(b, p, &subs[2 * i], nsub, &outs[i])
        return m

    def successors(self, int p, uint64_t key):
        """The keys after cell p from the state ``key``, -1 for each completed tour."""
        return [k for k, _ in self.choices(p, key)]

    def choices(self, int p, uint64_t key):
        """As :meth:`successors`, as (key or -1, the back-edge slots taken) pairs."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef int m, i
        if not 0 <= p < self.N:
            raise ValueError(f"cell {p} is not in 0..{self.N - 1}")
        m = self._expand(p, key, outs, rs, subs)
        return [(-1 if rs[i] == 1 else outs[i],
                 tuple(subs[2 * i + k] for k in range(2) if subs[2 * i + k] >= 0))
                for i in range(m) if rs[i] >= 0]

    cdef int _forward(self, int p, int64_t* states, int64_t max_states) noexcept nogil:
        """Add the states after cell p's states to the next cell's layer."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef int m, i, r
        cdef size_t slot
        cdef uint64_t key
        cdef Layer* L = &self.layers[p]
        cdef Layer* nxt = &self.layers[p + 1]
        if _layer_init(nxt, 16) < 0:
            return T_NO_MEMORY
        for slot in range(L.cap):
            key = L.keys[slot]
            if key == FREE_SLOT:
                continue
            m = self._expand(p, key, outs, rs, subs)
            for i in range(m):
                if rs[i] == 0:
                    r = _layer_add(nxt, outs[i])
                    if r < 0:
                        return T_NO_MEMORY
                    states[0] += r
            if states[0] > max_states:
                return T_TOO_MANY
            if (slot & 4095) == 4095 and poll_status(0.0, NULL) != POLL_GO:
                return T_INTERRUPTED
        return 0

    cdef int _backward(self, int p) noexcept nogil:
        """Each state's completions before cell p: the sum over its transitions."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef int m, i
        cdef int64_t j
        cdef size_t slot
        cdef uint64_t key, acc, v
        cdef Layer* L = &self.layers[p]
        L.comp = <uint64_t*>malloc(L.cap * sizeof(uint64_t))
        if L.comp == NULL:
            return T_NO_MEMORY
        for slot in range(L.cap):
            key = L.keys[slot]
            if key == FREE_SLOT:
                continue
            acc = 0
            m = self._expand(p, key, outs, rs, subs)
            for i in range(m):
                v = 0
                if rs[i] == 1:
                    v = 1
                elif rs[i] == 0 and p + 1 < self.N:
                    j = _layer_find(&self.layers[p + 1], outs[i])
                    if j >= 0:
                        v = self.layers[p + 1].comp[j]
                if acc > FREE_SLOT - v:
                    return T_OVERFLOW
                acc += v
            L.comp[slot] = acc
            if (slot & 4095) == 4095 and poll_status(0.0, NULL) != POLL_GO:
                return T_INTERRUPTED
        return 0

    def build(self, int64_t max_states):
        """Keep every state reachable from the empty one, cell by cell, with
        its number of completions (the tours through it), in C.

        Returns the number of states kept, or ``TOO_MANY`` (past
        ``max_states``), ``OVERFLOW`` (a count passed 2^64 - 1: the caller
        needs exact integers) or ``NO_MEMORY``; on any of those nothing is
        kept.  Ctrl-C stops it (KeyboardInterrupt).  Memory: 32 to 64 bytes
        a state.
        """
        cdef int p, status = 0
        cdef int64_t states = 1
        self._free_table()
        self.half = False
        self.layers = <Layer*>malloc(self.N * sizeof(Layer))
        if self.layers == NULL:
            return T_NO_MEMORY
        memset(self.layers, 0, self.N * sizeof(Layer))
        self.nlayers = self.N
        with nogil:
            if _layer_init(&self.layers[0], 16) < 0 or _layer_add(&self.layers[0], 0) < 0:
                status = T_NO_MEMORY
            p = 0
            while status == 0 and p < self.N - 1:
                status = self._forward(p, &states, max_states)
                p += 1
            p = self.N - 1
            while status == 0 and p >= 0:
                status = self._backward(p)
                p -= 1
        if status != 0:
            self._free_table()
            if status == T_INTERRUPTED:
                reraise_pending()
            return status
        self.total_ = self.layers[0].comp[_layer_find(&self.layers[0], 0)]
        return states

    cdef int _forward_in(self, int p, int64_t* states, int64_t max_states) noexcept nogil:
        """build_half's step: the states after cell p, each with the ways to
        reach it (the sum over the transitions into it, modulo 2^64) and the
        list of those transitions."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef int m, i, r
        cdef size_t slot, e, ne = 0, ecap = 1024, at
        cdef uint64_t x
        cdef int j
        cdef int64_t d
        cdef uint64_t key
        cdef Layer* L = &self.layers[p]
        cdef Layer* nxt = &self.layers[p + 1]
        cdef uint32_t* esrc = <uint32_t*>malloc(ecap * sizeof(uint32_t))
        cdef uint8_t* ech = <uint8_t*>malloc(ecap)
        cdef uint64_t* ekey = <uint64_t*>malloc(ecap * sizeof(uint64_t))
        cdef void* grown
        cdef int status = 0
        if esrc == NULL or ech == NULL or ekey == NULL or _layer_init(nxt, 16) < 0:
            status = T_NO_MEMORY
        slot = 0
        while status == 0 and slot < L.cap:
            key = L.keys[slot]
            if key != FREE_SLOT:
                m = self._expand(p, key, outs, rs, subs)
                for i in range(m):
                    if rs[i] != 0:  # a closure never happens inside a half
                        continue
                    r = _layer_add(nxt, outs[i])
                    if r < 0:
                        status = T_NO_MEMORY
                        break
                    states[0] += r
                    if ne == ecap:
                        ecap *= 2
                        grown = realloc(esrc, ecap * sizeof(uint32_t))
                        if grown != NULL:
                            esrc = <uint32_t*>grown
                            grown = realloc(ech, ecap)
                        if grown != NULL:
                            ech = <uint8_t*>grown
                            grown = realloc(ekey, ecap * sizeof(uint64_t))
                        if grown == NULL:
                            status = T_NO_MEMORY
                            break
                        ekey = <uint64_t*>grown
                    esrc[ne] = <uint32_t>slot
                    ech[ne] = <uint8_t>i
                    ekey[ne] = outs[i]
                    ne += 1
                if states[0] > max_states:
                    status = T_TOO_MANY
                elif nxt.cap > 0xFFFFFFFFULL or ne > 0xFFFFFFFFULL:
                    status = T_NO_MEMORY  # slots and edges are 32-bit
            if (slot & 4095) == 4095 and status == 0 and poll_status(0.0, NULL) != POLL_GO:
                status = T_INTERRUPTED
            slot += 1
        if status == 0:
            # The slots are final now: sort the transitions by target slot.
            nxt.comp = <uint64_t*>calloc(nxt.cap, sizeof(uint64_t))
            nxt.comp2 = <uint64_t*>calloc(nxt.cap * self.nprime, sizeof(uint64_t))
            nxt.ioff = <uint32_t*>calloc(nxt.cap + 1, sizeof(uint32_t))
            nxt.isrc = <uint32_t*>malloc((ne if ne else 1) * sizeof(uint32_t))
            nxt.ich = <uint8_t*>malloc(ne if ne else 1)
            if (nxt.comp == NULL or nxt.comp2 == NULL or nxt.ioff == NULL or nxt.isrc == NULL
                    or nxt.ich == NULL):
                status = T_NO_MEMORY
        if status == 0:
            for e in range(ne):
                d = _layer_find(nxt, ekey[e])
                ekey[e] = <uint64_t>d  # the key's slot from here on
                nxt.ioff[d + 1] += 1
                nxt.comp[d] += L.comp[esrc[e]]
                for j in range(self.nprime):
                    # both below the prime, below 2^63: the sum fits
                    x = nxt.comp2[d * self.nprime + j] + L.comp2[esrc[e] * self.nprime + j]
                    if x >= self.primes[j]:
                        x -= self.primes[j]
                    nxt.comp2[d * self.nprime + j] = x
            for slot in range(nxt.cap):
                nxt.ioff[slot + 1] += nxt.ioff[slot]
            for e in range(ne):
                d = <int64_t>ekey[e]
                at = nxt.ioff[d]
                nxt.isrc[at] = esrc[e]
                nxt.ich[at] = ech[e]
                nxt.ioff[d] += 1
            # each ioff[d] moved on to the next slot's start: shift back
            for slot in range(nxt.cap, 0, -1):
                nxt.ioff[slot] = nxt.ioff[slot - 1]
            nxt.ioff[0] = 0
        free(esrc)
        free(ech)
        free(ekey)
        if status == 0:
            status = _compact(L, nxt, self.nprime, self.keep)
        return status

    def build_half(self, int64_t max_states, const uint64_t[::1] primes, bint keep=False):
        """The table of one half of a meet-in-the-middle split (the board of
        ``frontier_halves.make_part``): every state reachable from the empty one,
        cell by cell through the last, each with the number of ways to reach
        it (modulo 2^64: exact for every state that some tour passes when
        the board has fewer than 2^64 tours; and modulo each of ``primes``,
        below 2^63 and at most 16 of them, so that the caller can tell) and
        the transitions into it, so that :meth:`walk_back` can draw a way to
        any final state.  With ``keep``, every state keeps its ways modulo
        the primes too (:meth:`ways`), for walks whose counts pass 2^64
        (:meth:`edges_in`, :meth:`choice_slots`).

        Returns the number of states kept, or ``TOO_MANY`` / ``NO_MEMORY``
        (nothing kept).  Ctrl-C stops it.  Memory: about 64 bytes a state.
        """
        cdef int p, status = 0
        cdef int64_t states = 1
        cdef int j
        if primes.shape[0] < 1 or primes.shape[0] > MAXP:
            raise ValueError(f"build_half takes 1 to {MAXP} primes")
        for j in range(primes.shape[0]):
            if primes[j] < 2 or primes[j] >= (<uint64_t>1) << 63:
                raise ValueError("each prime must be in 2 .. 2^63 - 1")
        self._free_table()
        self.half = True
        self.keep = keep
        self.nprime = primes.shape[0]
        for j in range(self.nprime):
            self.primes[j] = primes[j]
        self.layers = <Layer*>malloc((self.N + 1) * sizeof(Layer))
        if self.layers == NULL:
            return T_NO_MEMORY
        memset(self.layers, 0, (self.N + 1) * sizeof(Layer))
        self.nlayers = self.N + 1
        with nogil:
            if _layer_init(&self.layers[0], 16) < 0 or _layer_add(&self.layers[0], 0) < 0:
                status = T_NO_MEMORY
            else:
                self.layers[0].comp = <uint64_t*>calloc(16, sizeof(uint64_t))
                self.layers[0].comp2 = <uint64_t*>calloc(16 * self.nprime, sizeof(uint64_t))
                if self.layers[0].comp == NULL or self.layers[0].comp2 == NULL:
                    status = T_NO_MEMORY
                else:
                    self.layers[0].comp[_layer_find(&self.layers[0], 0)] = 1
                    for j in range(self.nprime):
                        self.layers[0].comp2[_layer_find(&self.layers[0], 0) * self.nprime + j] = 1
            p = 0
            while status == 0 and p < self.N:
                status = self._forward_in(p, &states, max_states)
                p += 1
        if status != 0:
            self._free_table()
            if status == T_INTERRUPTED:
                reraise_pending()
            return status
        return states

    def final_table(self):
        """build_half's final states (after the last cell): (keys, ways, ways
        modulo the primes), uint64 arrays in one order, the last of shape
        (states, primes)."""
        cdef Layer* L
        cdef size_t slot, k = 0
        if self.layers == NULL or not self.half:
            raise RuntimeError("build_half() the table first")
        L = &self.layers[self.N]
        keys = _np.empty(L.n, dtype=_np.uint64)
        ways = _np.empty(L.n, dtype=_np.uint64)
        ways2 = _np.empty((L.n, self.nprime), dtype=_np.uint64)
        cdef uint64_t[::1] kv = keys
        cdef uint64_t[::1] wv = ways
        cdef uint64_t[:, ::1] w2 = ways2
        cdef int j
        for slot in range(L.cap):
            if L.keys[slot] != FREE_SLOT:
                kv[k] = L.keys[slot]
                wv[k] = L.comp[slot]
                for j in range(self.nprime):
                    w2[k, j] = L.comp2[slot * self.nprime + j]
                k += 1
        return keys, ways, ways2

    def walk_back(self, uint64_t key, uint64_t r):
        """The way numbered ``r`` (``0 <= r <`` its ways) from the empty state
        to the final state ``key``: its edges as (cell, back-edge slot)
        pairs, from the last cell back.  At each cell the transitions into
        the state split ``[0, ways)`` into blocks of their sources' ways, so
        every way is the walk of exactly one ``r``."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef int p, k, c
        cdef int64_t d
        cdef uint32_t e
        cdef uint64_t w
        cdef Layer* L
        cdef Layer* prev
        if self.layers == NULL or not self.half:
            raise RuntimeError("build_half() the table first")
        L = &self.layers[self.N]
        d = _layer_find(L, key)
        if d < 0 or r >= L.comp[d]:
            raise ValueError("walk_back: no such final state, or r past its ways")
        edges = []
        for p in range(self.N - 1, -1, -1):
            L = &self.layers[p + 1]
            prev = &self.layers[p]
            e = L.ioff[d]
            while True:
                if e >= L.ioff[d + 1]:
                    raise RuntimeError(f"half table inconsistent at cell {p}")
                w = prev.comp[L.isrc[e]]
                if r < w:
                    break
                r -= w
                e += 1
            c = L.ich[e]
            d = L.isrc[e]
            self._expand(p, prev.keys[d], outs, rs, subs)
            for k in range(2):
                if subs[2 * c + k] >= 0:
                    edges.append((p, subs[2 * c + k]))
        return edges

    cdef Layer* _half_layer(self, int p) except NULL:
        if self.layers == NULL or not self.half:
            raise RuntimeError("build_half() the table first")
        if not 0 <= p <= self.N:
            raise ValueError(f"layer {p} is not in 0..{self.N}")
        return &self.layers[p]

    cdef size_t _check_index(self, Layer* L, int p, int64_t d) except? 0:
        if d < 0 or <size_t>d >= L.cap or L.keys[d] == FREE_SLOT:
            raise ValueError(f"no state {d} in layer {p}")
        return <size_t>d

    def final_index(self, uint64_t key):
        """The index of the final state ``key`` (for :meth:`ways` and
        :meth:`edges_in` at layer N), or -1."""
        return _layer_find(self._half_layer(self.N), key)

    def ways(self, int p, int64_t d):
        """The ways of state ``d`` of layer p (before cell p; N: the final
        states), modulo 2^64 then modulo each prime: a tuple.  The primes'
        words are kept for the final layer, and for every layer with
        ``build_half(..., keep=True)``."""
        cdef Layer* L = self._half_layer(p)
        cdef size_t i = self._check_index(L, p, d)
        if L.comp2 == NULL:
            raise RuntimeError("build_half(..., keep=True) keeps the ways modulo the primes")
        return (L.comp[i],) + tuple(L.comp2[i * self.nprime + j] for j in range(self.nprime))

    def edges_in(self, int p, int64_t d):
        """The transitions into state ``d`` of layer p (p >= 1): (state of
        layer p - 1, its transition's place) pairs, in :meth:`walk_back`'s
        order."""
        cdef Layer* L = self._half_layer(p)
        cdef size_t i = self._check_index(L, p, d)
        cdef uint32_t e
        if p == 0:
            raise ValueError("layer 0 has no transitions in")
        return [(L.isrc[e], L.ich[e]) for e in range(L.ioff[i], L.ioff[i + 1])]

    def choice_slots(self, int p, int64_t d, int c):
        """The back-edge slots that transition ``c`` of state ``d`` of layer p
        takes at cell p."""
        cdef uint64_t outs[11]
        cdef int rs[11]
        cdef int subs[2 * 11]
        cdef Layer* L = self._half_layer(p)
        cdef size_t i = self._check_index(L, p, d)
        cdef int m
        if p == self.N:
            raise ValueError("the final states take no transition")
        m = self._expand(p, L.keys[i], outs, rs, subs)
        if not 0 <= c < m:
            raise ValueError(f"state {d} of layer {p} has {m} transitions, not {c + 1}")
        return [subs[2 * c + k] for k in range(2) if subs[2 * c + k] >= 0]

    @property
    def total(self):
        """The empty state's completions: the number of (undirected) tours."""
        if self.layers == NULL or self.half:
            raise RuntimeError("build() the table first")
        return self.total_

    def completions(self, int p, uint64_t key):
        """The completions of state ``key`` before cell p (0 if not kept)."""
        cdef int64_t j
        if self.layers == NULL or self.half:
            raise RuntimeError("build() the table first")
        if not 0 <= p < self.N:
            raise ValueError(f"cell {p} is not in 0..{self.N - 1}")
        j = _layer_find(&self.layers[p], key)
        return 0 if j < 0 else self.layers[p].comp[j]

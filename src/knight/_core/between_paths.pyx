"""The block paths of construct_between: Hamiltonian knight paths of a block
between two given squares, searched once and kept for the process.

:func:`knight.construct.construct_between` runs its path through a chain of
blocks (construct_between.pyx), each holding a Hamiltonian path from its
entry to its exit, the exit a knight move from the next block's entry.
:c:func:`_block_path` searches one (Warnsdorff-ordered backtracking with
the prunings of a fixed-end path); :c:func:`transition` picks a block's
exit and the next block's entry with a path between them, and
:c:func:`path_of` finds the path for given ends.  The answers depend only
on block sizes, ends, required edges and the next block's place, which
recur all along a chain and from board to board, so they are kept.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from .mix cimport mix64
from .move_order cimport DC, DR


# -- the search ------------------------------------------------------------------------

cdef int64_t _block_path(int h, int w, int start, int end, uint64_t seed, int64_t max_nodes,
                         const int32_t* partner, int32_t* out) noexcept nogil:
    """A Hamiltonian path of the h x w knight graph from ``start`` to ``end``.

    Warnsdorff-ordered backtracking (fewest free neighbours first, ties by a
    hash of ``seed``), with the exact prunings of a fixed-end path: a free
    square other than the end left with no free neighbour is dead, one left
    with a single free neighbour must be entered next (two such: dead), and
    the end is entered only last.  ``partner`` (NULL, or per square the
    square it must be joined to, -1 for none) asks for required edges: a
    square with a partner not yet beside it on the path moves to it next.
    Returns the nodes used (the path in
    ``out``, square numbers r * w + c) or -1 when ``max_nodes`` run out or no
    such path exists.
    """
    cdef int n = h * w, d, p, q, u, k, m, j, r, c, best, forced, left
    cdef int nb[BP_MAX][8]
    cdef int deg[BP_MAX]
    cdef int cnt[BP_MAX]
    cdef uint8_t seen[BP_MAX]
    cdef int cand[BP_MAX][8]
    cdef int ncand[BP_MAX]
    cdef int at[BP_MAX]
    cdef int path[BP_MAX]
    cdef uint64_t key[8]
    cdef uint64_t kk
    cdef int64_t nodes = 0
    if n < 1 or n > BP_MAX or start < 0 or start >= n or end < 0 or end >= n:
        return -1
    if n == 1:
        out[0] = start
        return 0 if start == end else -1
    if start == end:
        return -1
    for p in range(n):
        r, c = p // w, p % w
        deg[p] = 0
        seen[p] = 0
        for k in range(8):
            if 0 <= r + DR[k] < h and 0 <= c + DC[k] < w:
                nb[p][deg[p]] = (r + DR[k]) * w + c + DC[k]
                deg[p] += 1
        cnt[p] = deg[p]
    path[0] = start
    seen[start] = 1
    for k in range(deg[start]):
        cnt[nb[start][k]] -= 1
    d = 0
    forced = -1
    ncand[0] = -1
    while True:
        p = path[d]
        if ncand[d] < 0:
            # Candidates of this node, Warnsdorff order.
            m = 0
            left = n - d - 1
            u = -1
            if partner != NULL and partner[p] >= 0 and (d == 0 or path[d - 1] != partner[p]):
                u = partner[p]
            for k in range(deg[p]):
                q = nb[p][k]
                if seen[q] or (q == end and left != 1) or (forced >= 0 and q != forced):
                    continue
                if u >= 0 and q != u:
                    continue
                if partner != NULL and partner[q] >= 0 and partner[q] != p and (
                        seen[partner[q]] or q == end):
                    continue
                kk = (<uint64_t>cnt[q] << 32) | (mix64(seed ^ (<uint64_t>q * 0x9E3779B97F4A7C15ULL)
                                                       ^ (<uint64_t>d << 40)) & 0xFFFFFFFFULL)
                j = m
                while j > 0 and key[j - 1] > kk:
                    key[j] = key[j - 1]
                    cand[d][j] = cand[d][j - 1]
                    j -= 1
                key[j] = kk
                cand[d][j] = q
                m += 1
            ncand[d] = m
            at[d] = 0
        if at[d] >= ncand[d]:
            # Back up.
            if d == 0:
                return -1
            seen[p] = 0
            for k in range(deg[p]):
                cnt[nb[p][k]] += 1
            d -= 1
            continue
        q = cand[d][at[d]]
        at[d] += 1
        nodes += 1
        if max_nodes > 0 and nodes > max_nodes:
            return -1
        seen[q] = 1
        for k in range(deg[q]):
            cnt[nb[q][k]] -= 1
        if d + 1 == n - 1:
            path[d + 1] = q
            for k in range(n):
                out[k] = path[k]
            return nodes
        # Prune: q's free neighbours just lost one.
        best = -1
        forced = -1
        left = n - d - 2
        for k in range(deg[q]):
            u = nb[q][k]
            if seen[u]:
                continue
            if cnt[u] == 0 and not (u == end and left == 1):
                best = -2
                break
            if cnt[u] == 1 and u != end:
                if forced >= 0:
                    best = -2
                    break
                forced = u
        if best == -2 or (cnt[end] == 0 and left > 1):
            seen[q] = 0
            for k in range(deg[q]):
                cnt[nb[q][k]] += 1
            forced = -1
            continue
        d += 1
        path[d] = q
        ncand[d] = -1


def block_path(int h, int w, int start, int end, uint64_t seed, int64_t max_nodes,
               int32_t[::1] out not None, const int32_t[::1] partner=None):
    """Search a Hamiltonian knight path of an h x w block from ``start`` to ``end``.

    Squares are numbered r * w + c; ``out`` (h * w values) receives the path.
    Returns the nodes the search used, or -1 if it found none within
    ``max_nodes`` (0: no limit; try another ``seed``).  Blocks up to 256
    squares.  ``partner`` (optional, h * w values): each square's required
    neighbour on the path, or -1; the pairs must be knight moves and mutual.

    >>> import numpy as np
    >>> out = np.empty(36, dtype=np.int32)
    >>> block_path(6, 6, 0, 34, 1, 100000, out) >= 0, int(out[0]), int(out[35])
    (True, 0, 34)
    """
    cdef int64_t r
    cdef const int32_t* req = NULL
    if out.shape[0] < h * w:
        raise ValueError("out must hold h * w values")
    if partner is not None:
        if partner.shape[0] != h * w:
            raise ValueError("partner must hold h * w values")
        req = &partner[0]
    with nogil:
        r = _block_path(h, w, start, end, seed, max_nodes, req, &out[0])
    return r


# -- construct_between's block paths, searched once and kept for the process ---------
#
# A chain block's path depends only on the block's size, its entry and exit
# and the edges its swaps need; the link to the next block only on that and
# the next block's place and size.  Both are kept here in two hash tables
# (keys of three words, open addressing), the paths themselves end to end in
# one growing array.  They were Python dicts and numpy arrays: on a pair's
# first call, right after a board was written, that Python ran from cold
# caches and cost more than the searches.  Only touched with the GIL held.

cdef enum:
    PATH_SEEDS = 8          # seeds tried per path (seed k given k * PATH_NODES nodes)
    PATH_NODES = 20000
    MAX_LINKS = BP_MAX * 8  # links between a block and the next, at most
    EMPTY = -2              # a free slot of a table
    SEARCHED = 1            # key kinds: a block path ...
    STEPPED = 2             # ... and a chain step


cdef struct Table:
    uint64_t* keys          # three words per slot
    int32_t* vals           # EMPTY, or the value
    Py_ssize_t cap          # a power of two (0 before the first key)
    Py_ssize_t used


cdef struct Step:
    # The links to try, best first: exit square x of this block, entry e of
    # the next (in this block's coordinates); those tried so far, and the
    # working ones among them (path index, e in the next block's coordinates).
    int8_t xr[MAX_CANDS]
    int8_t xc[MAX_CANDS]
    int8_t yr[MAX_CANDS]
    int8_t yc[MAX_CANDS]
    int32_t pid[MAX_CANDS]
    int8_t nr_[MAX_CANDS]
    int8_t nc_[MAX_CANDS]
    int ncand, tried, nfound


cdef Table _path_keys, _step_keys
cdef Step* _steps = NULL
cdef Py_ssize_t _nsteps = 0, _steps_cap = 0
cdef int32_t* _flat = NULL             # the kept paths end to end
cdef Py_ssize_t _flat_cap = 0
cdef int64_t* _first = NULL            # path i is _flat[_first[i]:_first[i + 1]]
cdef Py_ssize_t _npaths = 0, _first_cap = 0


cdef void _forget() noexcept nogil:
    global _steps, _nsteps, _steps_cap, _flat, _flat_cap, _first, _npaths, _first_cap
    free(_path_keys.keys)
    free(_path_keys.vals)
    free(_step_keys.keys)
    free(_step_keys.vals)
    memset(&_path_keys, 0, sizeof(Table))
    memset(&_step_keys, 0, sizeof(Table))
    free(_steps)
    free(_flat)
    free(_first)
    _steps, _flat, _first = NULL, NULL, NULL
    _nsteps = _steps_cap = _flat_cap = _npaths = _first_cap = 0


def between_kept():
    """(block paths kept, chain steps kept) by construct_between's ``between_into``."""
    return _npaths, _nsteps


def between_forget():
    """Drop every block path and chain step construct_between's ``between_into`` kept."""
    _forget()


cdef inline uint64_t _hash(const uint64_t* key) noexcept nogil:
    return mix64(key[0] ^ mix64(key[1] ^ mix64(key[2] ^ <uint64_t>0x9E3779B97F4A7C15ULL)))


cdef int _reserve(Table* t) except -1:
    """Room for one more key (at most half the slots used)."""
    cdef Py_ssize_t cap, i, j
    cdef uint64_t* keys
    cdef int32_t* vals
    if (t.used + 1) * 2 <= t.cap:
        return 0
    cap = t.cap * 2 if t.cap else 1024
    keys = <uint64_t*>malloc(cap * 3 * sizeof(uint64_t))
    vals = <int32_t*>malloc(cap * sizeof(int32_t))
    if keys == NULL or vals == NULL:
        free(keys)
        free(vals)
        raise MemoryError()
    for i in range(cap):
        vals[i] = EMPTY
    for i in range(t.cap):
        if t.vals[i] != EMPTY:
            j = <Py_ssize_t>(_hash(&t.keys[3 * i]) & <uint64_t>(cap - 1))
            while vals[j] != EMPTY:
                j = (j + 1) & (cap - 1)
            memcpy(&keys[3 * j], &t.keys[3 * i], 3 * sizeof(uint64_t))
            vals[j] = t.vals[i]
    free(t.keys)
    free(t.vals)
    t.keys, t.vals, t.cap = keys, vals, cap
    return 0


cdef inline Py_ssize_t _find(const Table* t, const uint64_t* key) noexcept nogil:
    """The slot holding ``key``, or the free slot where it goes (cap > 0)."""
    cdef Py_ssize_t i = <Py_ssize_t>(_hash(key) & <uint64_t>(t.cap - 1))
    while t.vals[i] != EMPTY and (t.keys[3 * i] != key[0] or t.keys[3 * i + 1] != key[1]
                                  or t.keys[3 * i + 2] != key[2]):
        i = (i + 1) & (t.cap - 1)
    return i


cdef inline void _put(Table* t, Py_ssize_t i, const uint64_t* key, int32_t val) noexcept nogil:
    memcpy(&t.keys[3 * i], key, 3 * sizeof(uint64_t))
    t.vals[i] = val
    t.used += 1


cdef void _key(uint64_t* key, int kind, int h, int w, int entry, int exit_, const int32_t* req,
               int nreq, int dr, int dc, int hn, int wn) noexcept nogil:
    """Pack a key: sides 5..16, squares < 256, at most seven required edges
    (pairs of squares; construct_between asks for five at most), the next
    block's offset within +-16."""
    cdef int i
    cdef uint64_t v
    key[0] = (<uint64_t>h | <uint64_t>w << 5 | <uint64_t>entry << 10 | <uint64_t>exit_ << 18
              | <uint64_t>nreq << 27 | <uint64_t>kind << 30 | <uint64_t>(dr + 32) << 32
              | <uint64_t>(dc + 32) << 38 | <uint64_t>hn << 44 | <uint64_t>wn << 49)
    key[1] = key[2] = 0
    for i in range(nreq):
        v = <uint64_t>req[2 * i] | <uint64_t>req[2 * i + 1] << 8
        if i < 4:
            key[1] |= v << (16 * i)
        else:
            key[2] |= v << (16 * (i - 4))


cdef int32_t _add_path(const int32_t* path, int n) except -2:
    """Keep a path; its index."""
    global _flat, _flat_cap, _first, _first_cap, _npaths
    cdef Py_ssize_t end, cap
    cdef void* p
    if _npaths + 2 > _first_cap:
        cap = _first_cap * 2 if _first_cap else 64
        p = realloc(_first, cap * sizeof(int64_t))
        if p == NULL:
            raise MemoryError()
        _first, _first_cap = <int64_t*>p, cap
        if _npaths == 0:
            _first[0] = 0
    end = _first[_npaths]
    if end + n > _flat_cap:
        cap = _flat_cap * 2 if _flat_cap else 4096
        while end + n > cap:
            cap *= 2
        p = realloc(_flat, cap * sizeof(int32_t))
        if p == NULL:
            raise MemoryError()
        _flat, _flat_cap = <int32_t*>p, cap
    memcpy(_flat + end, path, n * sizeof(int32_t))
    _first[_npaths + 1] = end + n
    _npaths += 1
    return <int32_t>(_npaths - 1)


cdef const int32_t* kept_path(Py_ssize_t pid, Py_ssize_t* n) noexcept nogil:
    """Kept path ``pid``: its squares, and their number in ``n``.  Valid only
    until the next path is kept (the array grows), so copy it before."""
    n[0] = _first[pid + 1] - _first[pid]
    return _flat + _first[pid]


cdef int32_t path_of(int h, int w, int entry, int exit_, const int32_t* req,
                     int nreq) except -2:
    """The index of a kept Hamiltonian path of an h x w block from ``entry``
    to ``exit_`` through the ``req`` edges, searched the first time (seeds 1
    .. PATH_SEEDS in turn); -1 if none was found."""
    cdef uint64_t key[3]
    cdef int32_t partner[BP_MAX]
    cdef int32_t out[BP_MAX]
    cdef Py_ssize_t slot
    cdef int64_t r = -1
    cdef int32_t pid = -1
    cdef int k, seed
    _key(key, SEARCHED, h, w, entry, exit_, req, nreq, 0, 0, 0, 0)
    _reserve(&_path_keys)
    slot = _find(&_path_keys, key)
    if _path_keys.vals[slot] != EMPTY:
        return _path_keys.vals[slot]
    if nreq:
        for k in range(h * w):
            partner[k] = -1
        for k in range(nreq):
            partner[req[2 * k]], partner[req[2 * k + 1]] = req[2 * k + 1], req[2 * k]
    for seed in range(1, PATH_SEEDS + 1):
        r = _block_path(h, w, entry, exit_, seed, <int64_t>PATH_NODES * seed,
                        partner if nreq else NULL, out)
        if r >= 0:
            break
    if r >= 0:
        pid = _add_path(out, h * w)
    _put(&_path_keys, slot, key, pid)
    return pid


cdef int _links(int h, int w, int er, int ec, int dr, int dc, int hn, int wn,
                Step* st) noexcept nogil:
    """The first MAX_CANDS knight moves from a square of the h x w block
    (not its entry (er, ec); of the colour a path from the entry ends on) to
    the next block (corner (dr, dc), hn x wn), nearest the middle of their
    common side first, then by move order, row and column."""
    cdef int32_t order[MAX_LINKS]
    cdef int n = 0, r, c, k, colour, mid_r, mid_c, d, best, i, t
    if h * w % 2:
        if (er + ec) % 2:
            st.ncand = 0
            return 0
        colour = 0
    else:
        colour = 1 - (er + ec) % 2
    # Twice the middle of the common side (or the near edge).
    if h > dr and dr + hn > 0:
        mid_r = max(0, dr) + min(h, dr + hn)
    else:
        mid_r = 2 * (h if dr >= h else 0)
    if w > dc and dc + wn > 0:
        mid_c = max(0, dc) + min(w, dc + wn)
    else:
        mid_c = 2 * (w if dc >= w else 0)
    for r in range(max(0, dr - 2), min(h, dr + hn + 2)):
        for c in range(max(0, dc - 2), min(w, dc + wn + 2)):
            if (r + c) % 2 != colour or (r == er and c == ec):
                continue
            for k in range(8):
                if dr <= r + DR[k] < dr + hn and dc <= c + DC[k] < dc + wn:
                    d = abs(2 * r - mid_r) + abs(2 * c - mid_c)
                    order[n] = d << 16 | k << 12 | r << 6 | c
                    n += 1
    # The smallest MAX_CANDS, in order (a selection: n is a few dozen).
    t = 0
    while t < MAX_CANDS and t < n:
        best = t
        for i in range(t + 1, n):
            if order[i] < order[best]:
                best = i
        order[t], order[best] = order[best], order[t]
        r, c, k = order[t] >> 6 & 63, order[t] & 63, order[t] >> 12 & 15
        st.xr[t], st.xc[t] = r, c
        st.yr[t], st.yc[t] = r + DR[k], c + DC[k]
        t += 1
    st.ncand = t
    return t


cdef int transition(int h, int w, int er, int ec, int dr, int dc, int hn, int wn, int skip,
                    const int32_t* req, int nreq, int32_t* got) except -1:
    """A chain block's path and its link to the next block: the ``skip``-th
    working one by :func:`_links`' order, as (path index, entry row and
    column of the next block in its own coordinates) in ``got``; 1, or 0 if
    there is none.  Kept: the same corridor block recurs all along the chain."""
    global _steps, _steps_cap, _nsteps
    cdef uint64_t key[3]
    cdef Py_ssize_t slot, cap
    cdef int32_t at, pid
    cdef int t
    cdef void* p
    cdef Step* st
    _key(key, STEPPED, h, w, er * w + ec, 0, req, nreq, dr, dc, hn, wn)
    _reserve(&_step_keys)
    slot = _find(&_step_keys, key)
    if _step_keys.vals[slot] == EMPTY:
        if _nsteps == _steps_cap:
            cap = _steps_cap * 2 if _steps_cap else 256
            p = realloc(_steps, cap * sizeof(Step))
            if p == NULL:
                raise MemoryError()
            _steps, _steps_cap = <Step*>p, cap
        st = &_steps[_nsteps]
        st.tried = st.nfound = 0
        _links(h, w, er, ec, dr, dc, hn, wn, st)
        _put(&_step_keys, slot, key, <int32_t>_nsteps)
        _nsteps += 1
    at = _step_keys.vals[slot]
    # Working choices found so far; a later skip goes on from where the
    # last one stopped.
    while _steps[at].nfound <= skip and _steps[at].tried < _steps[at].ncand:
        st = &_steps[at]
        t = st.tried
        st.tried += 1
        pid = path_of(h, w, er * w + ec, st.xr[t] * w + st.xc[t], req, nreq)
        st = &_steps[at]
        if pid >= 0:
            st.pid[st.nfound] = pid
            st.nr_[st.nfound] = <int8_t>(st.yr[t] - dr)
            st.nc_[st.nfound] = <int8_t>(st.yc[t] - dc)
            st.nfound += 1
    st = &_steps[at]
    if skip >= st.nfound:
        return 0
    got[0], got[1], got[2] = st.pid[skip], st.nr_[skip], st.nc_[skip]
    return 1

"""The stored block tours of the construction: reading and checking them, and
cutting one into arcs.

The stored blocks (``knight/data/blocks.bin``, written by
``scripts/make_blocks.py``; format in :func:`parse_blocks`) are tours of
blocks with sides 5..11: closed tours, and for the start block of an odd x
odd board Hamiltonian paths from the start.  They are read and checked when
this module is imported -- about 0.1 ms, once -- and kept in C arrays for
the life of the process, so the construction (construct.pyx, which
cimports this module and so imports it first) never needs Python.  If the
file is missing or fails its checks, the import still succeeds,
:c:func:`stored_blocks` returns NULL and every construction returns
``C_BAD_DATA`` (:func:`blocks_error` says why).

:c:func:`configure` cuts a block's tour at its join edges into a few "arcs"
(runs of consecutive squares of the stored tour, at most ``ARCS``): the
pieces construct.pyx joins into a board's tour.  It also walks (and so
checks) a stored path the first time a board uses it.
"""

from libc.stdint cimport int8_t, uint8_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from .move_order cimport DC, DR
from .small_sort cimport insert_sorted

import os


cdef enum:
    NO_EDGE = 8          # direction code of a path's end
    HEADER = 32          # bytes before the block records in blocks.bin
    RECORD = 12          # bytes per block record

MAX_ARCS = ARCS
MAGIC = b"KNTBLK01"
cdef const char* C_MAGIC = "KNTBLK01"


cdef BlockSet _set
cdef bint _loaded = False
cdef str _error = "the stored blocks have not been loaded"


cdef const BlockSet* stored_blocks() noexcept nogil:
    """The loaded blocks, or NULL if they could not be loaded.

    Read-only once loaded, so any number of constructions may share them;
    only :func:`load_blocks` replaces them.
    """
    return &_set if _loaded else NULL


cdef void _free_set(BlockSet* s) noexcept nogil:
    free(s.offset)            # the one allocation behind every per-block field
    free(s.codes)
    free(s.order)
    memset(s, 0, sizeof(BlockSet))


cdef inline uint32_t _u32(const uint8_t* p) noexcept nogil:
    return p[0] | (<uint32_t>p[1] << 8) | (<uint32_t>p[2] << 16) | (<uint32_t>p[3] << 24)


cdef int _parse(const uint8_t[::1] buf, BlockSet* s, char** why, bint full) noexcept nogil:
    """Fill ``s`` from the bytes of blocks.bin; 0, or -1 with ``why`` set.

    Checks the header and every record (sides in range, offsets
    consecutive, path starts on the block), and for the closed blocks (or
    every block, if ``full``) each edge inside its block and mutual, the
    block one tour, and the join edges it claims present; their tour order
    goes to ``s.order``.  A path block (1,040 of the 1,073, 77,000 of the
    80,000 squares: checking them all costs about 1 ms) is walked and
    checked by :c:func:`configure` when a board uses it, which costs about a
    microsecond.  So no stored byte can send the walk astray either way.
    """
    cdef Py_ssize_t size = buf.shape[0], i, k, m, r, c, total
    cdef const uint8_t* p
    cdef uint32_t n, ncodes, off
    cdef int h, w, sr, sc, mask, d, t, tr, tc, ends, v, z
    memset(s, 0, sizeof(BlockSet))
    if size < HEADER:
        why[0] = "is too short"
        return -1
    p = &buf[0]
    for k in range(8):
        if p[k] != <uint8_t>C_MAGIC[k]:
            why[0] = "does not start with the blocks.bin magic KNTBLK01"
            return -1
    n = _u32(p + 8)
    ncodes = _u32(p + 12)
    for k in range(8):
        if <int8_t>p[16 + 2 * k] != DR[k] or <int8_t>p[17 + 2 * k] != DC[k]:
            why[0] = "was written for another move order"
            return -1
    if n == 0 or n > 100000 or ncodes > 100000000 or size != HEADER + RECORD * n + ncodes:
        why[0] = "has the wrong size for its header"
        return -1
    # One allocation for the per-block fields, one each for codes and order.
    s.offset = <uint32_t*>malloc(n * 9)
    s.codes = <uint8_t*>malloc(ncodes + 1)
    s.order = <uint8_t*>malloc(ncodes + 1)
    if s.offset == NULL or s.codes == NULL or s.order == NULL:
        _free_set(s)
        why[0] = "could not be loaded: out of memory"
        return -1
    s.n = n
    # The byte fields follow the 4-byte offsets in the same allocation.
    s.h = <uint8_t*>(s.offset + n)
    s.w = s.h + n
    s.sr = <int8_t*>(s.w + n)
    s.sc = s.sr + n
    s.mask = <uint8_t*>(s.sc + n)
    memcpy(s.codes, p + HEADER + RECORD * n, ncodes)
    memset(s.tile, -1, sizeof(s.tile))
    memset(s.path_first, -1, sizeof(s.path_first))
    memset(s.path_count, 0, sizeof(s.path_count))
    total = 0
    for i in range(n):
        h, w = p[HEADER + RECORD * i], p[HEADER + RECORD * i + 1]
        sr, sc = <int8_t>p[HEADER + RECORD * i + 2], <int8_t>p[HEADER + RECORD * i + 3]
        mask = p[HEADER + RECORD * i + 4]
        off = _u32(p + HEADER + RECORD * i + 8)
        if h < MIN_SIDE or h > MAX_SIDE or w < MIN_SIDE or w > MAX_SIDE or mask > 15:
            why[0] = "holds a block of a size or join mask out of range"
            _free_set(s)
            return -1
        if (sr < 0) != (sc < 0) or sr >= h or sc >= w or (sr < 0 and h % 2 and w % 2):
            why[0] = "holds a block with an impossible start square"
            _free_set(s)
            return -1
        if off != total:
            why[0] = "is inconsistent: block offsets are not consecutive"
            _free_set(s)
            return -1
        s.h[i], s.w[i], s.sr[i], s.sc[i], s.mask[i], s.offset[i] = h, w, sr, sc, mask, off
        m = h * w
        total += m
        if total > ncodes:
            why[0] = "is inconsistent: the blocks overrun the codes"
            _free_set(s)
            return -1
        # Every edge inside the block, and its reverse stored at the other end.
        ends = 0 if sr < 0 else 2
        k = off
        for r in range(h if full or sr < 0 else 0):
            for c in range(w):
                v = s.codes[k]
                for z in range(2):
                    d = v & 15 if z == 0 else v >> 4
                    if d == NO_EDGE:
                        ends += 1
                        continue
                    if d > NO_EDGE:
                        why[0] = "holds an invalid direction"
                        _free_set(s)
                        return -1
                    tr, tc = r + DR[d], c + DC[d]
                    if tr < 0 or tr >= h or tc < 0 or tc >= w:
                        why[0] = "holds an edge leaving its block"
                        _free_set(s)
                        return -1
                    t = s.codes[k + DR[d] * w + DC[d]]
                    if (t & 15) != ((d + 4) & 7) and (t >> 4) != ((d + 4) & 7):
                        why[0] = "holds an edge without its reverse"
                        _free_set(s)
                        return -1
                k += 1
        if ends != (0 if sr < 0 else 2) + (2 if full and sr >= 0 else 0):
            why[0] = "holds a block whose tour has the wrong number of ends"
            _free_set(s)
            return -1
        if not full and sr >= 0:
            # A path is walked (and so checked) by the construction that
            # uses it: one per odd x odd board, where a full check at import
            # would walk every stored path.
            pass
        elif _walk(s.codes + off, h, w, sr, sc, s.order + off) != 0:
            why[0] = "holds a block that is not one tour"
            _free_set(s)
            return -1
        # The join edges it claims.
        for k in range(4 if full or sr < 0 else 0):
            if mask & (1 << k) and not _has_join(s.codes + off, h, w, 1 << k):
                why[0] = "holds a block that lacks a join edge it claims"
                _free_set(s)
                return -1
        if sr < 0:
            for k in range(2):
                t = (J_U | J_R | J_D) if k == 0 else (J_L | J_R)
                if mask & t == t and s.tile[h][w][k] < 0:
                    s.tile[h][w][k] = i
        else:
            if s.path_count[h][w][sr][sc] == 0:
                s.path_first[h][w][sr][sc] = i
            elif s.path_first[h][w][sr][sc] + s.path_count[h][w][sr][sc] != i:
                why[0] = "holds the paths of one start apart from each other"
                _free_set(s)
                return -1
            s.path_count[h][w][sr][sc] += 1
    if total != ncodes:
        why[0] = "is inconsistent: codes left over after the last block"
        _free_set(s)
        return -1
    return 0


cdef int _walk(const uint8_t* code, int h, int w, int sr, int sc, uint8_t* order) noexcept nogil:
    """Follow a block's edges, writing its squares (r*w + c) in tour order; 0 if one tour.

    A closed tour (``sr`` < 0) is read from (0, 0) along its low-nibble edge
    first, a path from its start (which must be an end).  Returns -1 if an
    edge leaves the block, a square comes twice, the walk stops early, or a
    closed tour does not close -- so whatever the bytes, ``order`` is a
    permutation of the block's squares when this returns 0.
    """
    cdef uint8_t seen[MAX_SQ]
    cdef int m = h * w, k, r, c, d, lo, hi, back = NO_EDGE
    memset(seen, 0, MAX_SQ)
    r, c = sr, sc
    if sr < 0:
        r, c = 0, 0
    if sr >= 0 and (code[r * w + c] & 15) != NO_EDGE and (code[r * w + c] >> 4) != NO_EDGE:
        return -1
    for k in range(m):
        if r < 0 or r >= h or c < 0 or c >= w or seen[r * w + c]:
            return -1
        seen[r * w + c] = 1
        order[k] = r * w + c
        lo, hi = code[r * w + c] & 15, code[r * w + c] >> 4
        d = hi if lo == back else lo
        if k == m - 1:
            break
        if d >= NO_EDGE:
            return -1
        r += DR[d]
        c += DC[d]
        back = (d + 4) & 7
    if sr < 0 and r * r + c * c != 5:
        return -1            # the last square is no knight move from (0, 0)
    return 0


cdef inline void _join_squares(int h, int w, int bit, int* a, int* b,
                               int* ja, int* jb) noexcept nogil:
    """A join edge's two squares (r*w + c) and their join square codes.

    Code 0 (0,w-1) joins the right neighbour's 2 (1,1), 1 (2,w-2) its
    3 (3,0); 6 (h-1,0) joins the lower neighbour's 4 (1,1), 7 (h-2,2) its
    5 (0,3): the partner of code ``js`` is ``js ^ 2``.
    """
    if bit == J_R:
        a[0], ja[0], b[0], jb[0] = w - 1, 0, 2 * w + w - 2, 1
    elif bit == J_L:
        a[0], ja[0], b[0], jb[0] = w + 1, 2, 3 * w, 3
    elif bit == J_U:
        a[0], ja[0], b[0], jb[0] = w + 1, 4, 3, 5
    else:
        a[0], ja[0], b[0], jb[0] = (h - 1) * w, 6, (h - 2) * w + 2, 7


cdef bint _has_join(const uint8_t* code, int h, int w, int bit) noexcept nogil:
    cdef int a, b, ja, jb, d, v
    _join_squares(h, w, bit, &a, &b, &ja, &jb)
    for d in range(8):
        if (b // w - a // w) == DR[d] and (b % w - a % w) == DC[d]:
            v = code[a]
            return (v & 15) == d or (v >> 4) == d
    return False


def parse_blocks(const uint8_t[::1] data):
    """Check the bytes of a blocks.bin; None if they load, else what is wrong.

    The format (little-endian)::

        0   8 bytes   magic b"KNTBLK01"
        8   uint32    n, the number of blocks
        12  uint32    the number of code bytes (the sum of h*w)
        16  16 int8   the move order: (drow, dcol) of direction codes 0..7
        32  n records of 12 bytes: uint8 h, uint8 w, int8 sr, int8 sc
                      (a path's start; -1, -1 for a closed tour),
                      uint8 mask (join edges L=1 U=2 R=4 D=8), 3 zero
                      bytes, uint32 offset of the block's codes
        32+12n        the codes: per square, row-major, one byte whose low
                      and high nibbles are the direction codes of its two
                      tour edges (8: none, at a path's end)

    >>> parse_blocks(b"KNTBLK01")
    'the block data is too short'
    """
    cdef BlockSet tmp
    cdef char* why = NULL
    cdef int rc
    if data.shape[0] == 0:
        return "the block data is empty"
    with nogil:
        rc = _parse(data, &tmp, &why, True)
    if rc == 0:
        _free_set(&tmp)
        return None
    return "the block data " + why.decode()


def load_blocks(const uint8_t[::1] data):
    """Replace the blocks the core builds with (checked first); returns :func:`blocks_error`.

    The module calls it once, on import, with the installed blocks.bin.
    Not thread-safe: a construction running meanwhile could read freed
    memory, which is why nothing but the import and the tests calls it.
    """
    global _set, _loaded, _error
    cdef BlockSet tmp
    cdef char* why = NULL
    cdef int rc = -1
    if data.shape[0] > 0:
        with nogil:
            rc = _parse(data, &tmp, &why, False)
    if rc != 0:
        return "the block data " + (why.decode() if why != NULL else "is empty")
    if _loaded:
        _free_set(&_set)
    _set = tmp
    _loaded = True
    _error = None
    return None


def blocks_error():
    """None when the stored blocks loaded, else why not (the message of ``BAD_DATA``)."""
    return _error


def _load_installed():
    global _error
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "data", "blocks.bin")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        _error = f"the block data {path} could not be read: {exc}"
        return
    err = load_blocks(data)
    if err is not None:
        _error = f"{path}: {err}"


_load_installed()


# --------------------------------------------------------------------------
# Block configurations: a stored block cut into arcs at its join edges.


cdef int configure(const BlockSet* s, int b, int mask, int split,
                   Config* cfg) noexcept nogil:
    """Cut block ``b`` at the join edges in ``mask``; 0, or -1 if it cannot be.

    ``split`` >= 0 (closed blocks only) is the position, in tour order, of
    the start square: the arc holding it is cut there too, so that the tour
    can begin at the start and end on the square before it.  The C twin of
    knight.construct._Blocks._make_config.
    """
    cdef int h = s.h[b], w = s.w[b], m = h * w, x, y, t, n = 0, lo, ln, hi, d, jl, jh
    cfg.h, cfg.w, cfg.tab = h, w, NULL
    cdef int bit, a, bb, ja, jb, pa, pb, z
    cdef bint closed = s.sr[b] < 0
    cdef const uint8_t* o = s.order + s.offset[b]
    cdef uint8_t own[MAX_SQ]
    cdef int pos[MAX_SQ]
    cdef int link_at[MAX_SQ]
    cdef int cuts[4]
    cdef int alo[ARCS + 1]
    cdef int alen[ARCS + 1]
    cdef int q
    if not closed:
        # Paths are checked here, when used (see _parse).
        if _walk(s.codes + s.offset[b], h, w, s.sr[b], s.sc[b], own) != 0:
            return -1
        o = own
    for x in range(m):
        pos[o[x]] = x
        link_at[x] = -1
    for z in range(4):
        # The Python twin's order (R, L, U, D); the cuts are sorted anyway.
        bit = J_R if z == 0 else J_L if z == 1 else J_U if z == 2 else J_D
        if not mask & bit:
            continue
        _join_squares(h, w, bit, &a, &bb, &ja, &jb)
        pa, pb = pos[a], pos[bb]
        if (pa + 1) % m == pb and (closed or pa + 1 < m):
            t = pa
        elif (pb + 1) % m == pa and (closed or pb + 1 < m):
            t = pb
        else:
            return -1        # the stored block lacks this join edge
        n = insert_sorted(cuts, n, t)    # at most four cuts
        link_at[pa], link_at[pb] = ja, jb
    if closed and n == 0:
        # A lone block: its cycle, read from the start.
        alo[0], alen[0] = (split if split > 0 else 0), m
        n = 1
        split = -1
    elif closed:
        for x in range(n):
            t = cuts[x]
            y = cuts[(x + 1) % n]
            alo[x], alen[x] = (t + 1) % m, ((y - t - 1) % m + m) % m + 1
    else:
        for x in range(n + 1):
            lo = cuts[x - 1] + 1 if x > 0 else 0
            hi = cuts[x] if x < n else m - 1
            alo[x], alen[x] = lo, hi - lo + 1
        n += 1
    if n > ARCS:
        return -1
    cfg.start_arc = 0
    if split >= 0:
        for x in range(n):
            d = ((split - alo[x]) % m + m) % m
            if d < alen[x]:
                if d:
                    if n == ARCS:
                        return -1
                    for y in range(n, x + 1, -1):
                        alo[y], alen[y] = alo[y - 1], alen[y - 1]
                    alo[x + 1], alen[x + 1] = split, alen[x] - d
                    alen[x] = d
                    n += 1
                    cfg.start_arc = x + 1
                else:
                    # The start already begins an arc: the tour comes back
                    # to it across the join that cut the arc.
                    cfg.start_arc = x
                    split = -1
                break
    cfg.narcs = n
    memset(cfg.entry, -1, 8)
    q = 0
    for x in range(n):
        lo, ln = alo[x], alen[x]
        hi = (lo + ln - 1) % m
        # A split end and a path end link nowhere.
        jl = link_at[lo] if lo != split and (closed or lo > 0) else -1
        jh = link_at[hi] if (hi + 1) % m != split and (closed or hi < m - 1) else -1
        cfg.length[x] = ln
        cfg.exit_js[2 * x], cfg.exit_js[2 * x + 1] = jh, jl
        if jl >= 0:
            cfg.entry[jl] = 2 * x
        if jh >= 0:
            cfg.entry[jh] = 2 * x + 1
        for y in range(ln):
            t = o[(lo + y) % m]
            cfg.seq[q] = t
            q += 1
    return 0 if q == m else -1

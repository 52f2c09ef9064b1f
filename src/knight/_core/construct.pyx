"""Construction core: plan, join and number a tour from stored block tours, all in C.

The board is a grid of blocks with sides 5..11, each carrying a stored tour
of its own: a closed tour, or for the start block of an odd x odd board a
Hamiltonian path from the start.  Neighbouring blocks are joined along a
spanning tree of the grid (each block row left to right; block rows to each
other through their first block) by swapping two parallel edges, one in each
block: the cycle joining of Parberry (Discrete Applied Mathematics 1997) and
Lin & Wei (Discrete Applied Mathematics 2005).  The joins follow a tree, so
each meets two different components and the result is one cycle (or one
path).

Cutting a block's tour at its join edges leaves a few "arcs" (runs of
consecutive squares of the stored tour, at most ``ARCS`` per block), and the
joined tour is these arcs in some order, each run forwards or backwards.
:c:func:`construct_tour` does everything in C, without the GIL:

* plans the row and column cuts (the same choices as the Python planner
  ``knight.construct.plan``, which the tests compare it with);
* cuts each kind of block it needs into arcs once (a "configuration": a few
  dozen per board at most, whatever its size);
* follows the tour arc by arc -- a few arcs per block, not squares --
  noting each arc's first step and direction;
* writes the board block by block: a square's step is its arc's first step
  plus or minus its distance along the arc, so no store waits for the one
  before; each block is numbered in a small buffer and copied to the board
  row by row, in runs of contiguous stores.  (Writing each arc as
  the walk meets it is about twice as slow: the walk leaves a block and
  comes back to it a block row later, when its cache lines have gone.)

Beyond the caller's board it allocates 16 bytes per block (the arcs' first
steps, which also catch an arc met twice or never), a few bytes per block
row and column and about 0.2 MB of configurations.

The stored blocks (``knight/data/blocks.bin``, written by
``scripts/make_blocks.py``; format in :func:`parse_blocks`) are read and
checked when this module is imported -- about 0.1 ms, once -- and kept in C
arrays for the life of the process, so the C entry point never needs Python:
a C caller that cimports ``knight.capi`` imports this module first.  If the
file is missing or fails its checks, the import still succeeds and every
construction returns ``C_BAD_DATA`` (:func:`blocks_error` says why).
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from .poll cimport POLL_CANCELLED, POLL_GO, cancel_address, poll_status, reraise_pending
from .status cimport (
    C_BAD_ARGUMENT,
    C_BAD_DATA,
    C_CANCELLED,
    C_INTERRUPTED,
    C_NO_MEMORY,
    C_NO_TOUR,
    C_OK,
)
from .thin cimport thin_tour_c

import os

cdef enum:
    ARCS = 4             # arcs per block configuration, at most
    MIN_SIDE = 5
    MAX_SIDE = 11        # block sides are 5..11
    NSIDES = MAX_SIDE - MIN_SIDE + 1
    MAX_SQ = MAX_SIDE * MAX_SIDE
    # Join-edge bits of a stored block (scripts/make_blocks.py).
    J_L = 1
    J_U = 2
    J_R = 4
    J_D = 8
    NO_EDGE = 8          # direction code of a path's end
    # Arcs followed between two polls of the cancel flag and signals (the
    # board is then written with a poll every 64 block rows).
    POLL_ARCS = 1 << 14
    MAX_SQUARES = 2146435071   # knight.capi's KT_MAX_SQUARES: int32 step numbers
    HEADER = 32          # bytes before the block records in blocks.bin
    RECORD = 12          # bytes per block record

OK, CANCELLED, INTERRUPTED, BAD_ARGUMENT, NO_MEMORY, NO_TOUR, BAD_DATA = (
    C_OK, C_CANCELLED, C_INTERRUPTED, C_BAD_ARGUMENT, C_NO_MEMORY, C_NO_TOUR, C_BAD_DATA,
)
MAX_ARCS = ARCS
MAGIC = b"KNTBLK01"
cdef const char* C_MAGIC = "KNTBLK01"

# knight.DEFAULT_ORDER: the direction codes of the stored blocks index it.
cdef int DR[8]
cdef int DC[8]
DR[:] = [2, 1, -1, -2, -2, -1, 1, 2]
DC[:] = [1, 2, 2, 1, -1, -2, -2, -1]


cdef struct BlockSet:
    int n                   # number of stored blocks
    uint8_t* h
    uint8_t* w
    int8_t* sr              # a path's start, -1 for a closed tour
    int8_t* sc
    uint8_t* mask           # join edges the block's tour contains
    uint32_t* offset        # into codes and order
    uint8_t* codes          # two direction codes per square (low, high nibble)
    uint8_t* order          # squares r*w + c in tour order (closed: from (0, 0))
    # tile[h][w][k]: the closed h x w block for block column 0 (k = 0: has
    # U, R, D) or any other column (k = 1: has L, R); -1 if none.
    int tile[MAX_SIDE + 1][MAX_SIDE + 1][2]
    # The paths from (sr, sc) of an odd h x w block are blocks
    # path_first[..] .. path_first[..] + path_count[..] - 1.
    int path_first[MAX_SIDE + 1][MAX_SIDE + 1][MAX_SIDE][MAX_SIDE]
    int path_count[MAX_SIDE + 1][MAX_SIDE + 1][MAX_SIDE][MAX_SIDE]


cdef BlockSet _set
cdef bint _loaded = False
cdef str _error = "the stored blocks have not been loaded"


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
    checked by :func:`_configure` when a board uses it, which costs about a
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
# Planning: how a side is cut into parts (the same rules as knight.construct).


cdef int _even_parts(int n, uint8_t* out) noexcept nogil:
    """An even length (0 or >= 6) as parts 6, 8, 10, mostly 10; returns the count."""
    cdef int q = n // 10, r = n % 10, k
    if n == 0:
        return 0
    if r == 0 or r >= 6:
        for k in range(q):
            out[k] = 10
        if r:
            out[q] = r
            return q + 1
        return q
    for k in range(q - 1):
        out[k] = 10
    k = q - 1
    out[k] = 6 if r == 2 else 8
    out[k + 1] = 6
    return k + 2


cdef inline int _even_count(int n) noexcept nogil:
    return 0 if n == 0 else n // 10 + (n % 10 != 0)


cdef int _closed_parts(int n, uint8_t* out) noexcept nogil:
    """A side of a board with a closed-tour plan: one odd part at most."""
    if n % 2 == 0:
        return _even_parts(n, out)
    if n <= 9:
        out[0] = n
        return 1
    out[0] = 5
    return 1 + _even_parts(n - 5, out + 1)


cdef inline int _need(int i, int j, int nr, int nc) noexcept nogil:
    """The join edges block (i, j) gives up (see the module docstring)."""
    if j > 0:
        return J_L | (J_R if j < nc - 1 else 0)
    return (J_U if i > 0 else 0) | (J_D if i < nr - 1 else 0) | (J_R if nc > 1 else 0)


cdef int _path_block(const BlockSet* s, int h, int w, int sr, int sc, int need) noexcept nogil:
    """The first stored path of an h x w block from (sr, sc) with the ``need`` edges, or -1."""
    cdef int i, first = s.path_first[h][w][sr][sc]
    for i in range(first, first + s.path_count[h][w][sr][sc]):
        if s.mask[i] & need == need:
            return i
    return -1


cdef struct OddPlan:
    int a_r, o_r, a_c, o_c  # the even length before, and the odd part, of each side
    int block               # the stored path for the start block


cdef bint _odd_plan(const BlockSet* s, int rows, int cols, int sr, int sc,
                    OddPlan* out) noexcept nogil:
    """Cut an odd x odd board: one odd part per side, holding the start at an even offset.

    Tries the odd part sizes and places in the Python planner's order
    (knight.construct._odd_part_choices), rows outer, and takes the first
    whose start block has a stored path with the join edges it needs.
    """
    cdef int orr, ar, rr, oc, ac, rc, i, j, nr, nc, lo
    for orr in range(5, 12, 2):
        ar = sr - sr % 2
        lo = sr - orr if sr - orr > -1 else -1
        while ar > lo:
            rr = rows - ar - orr
            if (ar == 0 or ar >= 6) and (rr == 0 or rr >= 6):
                i = _even_count(ar)
                nr = i + 1 + _even_count(rr)
                for oc in range(5, 12, 2):
                    ac = sc - sc % 2
                    while ac > (sc - oc if sc - oc > -1 else -1):
                        rc = cols - ac - oc
                        if (ac == 0 or ac >= 6) and (rc == 0 or rc >= 6):
                            j = _even_count(ac)
                            nc = j + 1 + _even_count(rc)
                            out.block = _path_block(s, orr, oc, sr - ar, sc - ac,
                                                    _need(i, j, nr, nc))
                            if out.block >= 0:
                                out.a_r, out.o_r, out.a_c, out.o_c = ar, orr, ac, oc
                                return True
                        ac -= 2
            ar -= 2
    return False


# --------------------------------------------------------------------------
# Block configurations: a stored block cut into arcs at its join edges.


cdef struct Config:
    int narcs
    int start_arc
    int32_t length[ARCS]
    # Left through join square exit_js[2*arc + side] (-1: a tour end) when
    # entered at its low end (side 0) or high end (1).
    int8_t exit_js[2 * ARCS]
    # entry[js]: 2*arc + side of the arc end at join square js, or -1.
    int8_t entry[8]
    uint8_t seq[MAX_SQ]       # the squares (r*w + c), arc after arc, each from its low end


cdef int _configure(const BlockSet* s, int b, int mask, int split,
                    Config* cfg) noexcept nogil:
    """Cut block ``b`` at the join edges in ``mask``; 0, or -1 if it cannot be.

    ``split`` >= 0 (closed blocks only) is the position, in tour order, of
    the start square: the arc holding it is cut there too, so that the tour
    can begin at the start and end on the square before it.  The C twin of
    knight.construct._Blocks._make_config.
    """
    cdef int h = s.h[b], w = s.w[b], m = h * w, x, y, t, n = 0, lo, ln, hi, d, jl, jh
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
        # Insertion sort: at most four cuts.
        y = n
        while y > 0 and cuts[y - 1] > t:
            cuts[y] = cuts[y - 1]
            y -= 1
        cuts[y] = t
        n += 1
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


# --------------------------------------------------------------------------
# The construction


cdef enum:
    # Configuration slots of one board: block column 0 by (height, edge
    # mask), the other columns by (height, width, last column or not), and
    # the start block.
    FIRST_SLOTS = NSIDES * 16
    REST_SLOTS = NSIDES * NSIDES * 2
    START_SLOT = FIRST_SLOTS + REST_SLOTS
    SLOTS = START_SLOT + 1


cdef struct Work:
    uint8_t* rpart      # nr + nc parts, then the cuts
    uint8_t* cpart
    int64_t* rcut
    int64_t* ccut
    int16_t* slot_of    # per configuration slot: its index in cfgs, or -1
    Config* cfgs
    int32_t* mark       # per (block, arc): its first step + 1, negated if walked down


cdef void _free_work(Work* wk) noexcept nogil:
    free(wk.rpart)
    free(wk.rcut)
    free(wk.slot_of)
    free(wk.cfgs)
    free(wk.mark)


cdef int _slot(const BlockSet* s, Work* wk, int* ncfg, int key, int b, int mask,
               int split) noexcept nogil:
    """The configuration index of slot ``key``, cutting block ``b`` on first use (-1: fails)."""
    if wk.slot_of[key] < 0:
        if _configure(s, b, mask, split, &wk.cfgs[ncfg[0]]) != 0:
            return -1
        wk.slot_of[key] = ncfg[0]
        ncfg[0] += 1
    return wk.slot_of[key]


cdef inline const Config* _config_of(const Work* wk, Py_ssize_t bi, Py_ssize_t bj, Py_ssize_t nr,
                                     Py_ssize_t nc, Py_ssize_t i0, Py_ssize_t j0) noexcept nogil:
    """The configuration of block (bi, bj), or NULL if none was cut."""
    cdef int k
    if bi == i0 and bj == j0:
        k = wk.slot_of[START_SLOT]
    elif bj == 0:
        k = wk.slot_of[(wk.rpart[bi] - MIN_SIDE) * 16 + _need(bi, 0, nr, nc)]
    else:
        k = wk.slot_of[FIRST_SLOTS + ((wk.rpart[bi] - MIN_SIDE) * NSIDES
                                      + wk.cpart[bj] - MIN_SIDE) * 2 + (bj == nc - 1)]
    return &wk.cfgs[k] if k >= 0 else NULL


cdef inline void _copy_row(int32_t* dst, const int32_t* src, int w) noexcept nogil:
    """Copy one block row (5..11 values) with sizes known to the compiler.

    Fixed-size copies compile to a few vector moves; a variable-length loop
    becomes a ``rep movs`` (or a memcpy call), whose start-up costs more
    than such a short row -- it made the whole write twice as slow.
    """
    if w == 10:
        memcpy(dst, src, 40)
    elif w == 6:
        memcpy(dst, src, 24)
    elif w == 8:
        memcpy(dst, src, 32)
    elif w == 5:
        memcpy(dst, src, 20)
    elif w == 7:
        memcpy(dst, src, 28)
    elif w == 9:
        memcpy(dst, src, 36)
    else:
        memcpy(dst, src, 44)


cdef inline int _report(int state) noexcept nogil:
    return C_CANCELLED if state == POLL_CANCELLED else C_INTERRUPTED


cdef int construct_tour(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                        bint closed, const uint8_t* cancel) noexcept nogil:
    """Write a tour of ``board``'s shape from ``(start_row, start_col)``; a status code.

    Any board: a side of 3 or 4 goes to :c:func:`thin_tour_c` (the column
    automaton of knight.thin), both sides >= 5 to the block construction.
    Returns ``C_OK``; ``C_NO_TOUR`` when no such tour exists (a closed tour
    of an odd x odd board, an open one from a square of the other colour,
    a side of 1 or 2 but 1 x 1 open, what the thin automaton rules out);
    ``C_BAD_ARGUMENT`` (no board, a start off it, more squares than int32
    step numbers hold), ``C_NO_MEMORY``, ``C_BAD_DATA`` (the stored blocks
    or the automaton could not be had), ``C_CANCELLED`` or
    ``C_INTERRUPTED``.  On any status but ``C_OK`` the board may hold a
    partial tour.  Safe to call from any number of threads at once: the
    stored blocks and automata are only read.
    """
    cdef Py_ssize_t rows, cols, n, step = 0, since = 0
    cdef Py_ssize_t i, j, nr, nc, i0, j0, bi, bj, u
    cdef const BlockSet* s = &_set
    cdef Work wk
    cdef OddPlan op
    cdef int ncfg = 0, k, b, mask, split, a, side, js, e, status = C_OK, state, hh, ww
    cdef int heights
    cdef int64_t kinds
    cdef int32_t v, sgn, ln
    cdef int32_t* out
    cdef int32_t* p0
    cdef const uint8_t* q
    cdef int32_t local[MAX_SQ]
    cdef int bh, bw
    cdef const int32_t* row
    cdef const Config* cfg
    cdef const Config* start_cfg
    if board is None:
        return C_BAD_ARGUMENT
    rows, cols = board.shape[0], board.shape[1]
    if rows < 1 or cols < 1 or rows > MAX_SQUARES // cols:
        return C_BAD_ARGUMENT
    if start_row < 0 or start_row >= rows or start_col < 0 or start_col >= cols:
        return C_BAD_ARGUMENT
    n = rows * cols
    if rows == 1 and cols == 1:
        if closed:
            return C_NO_TOUR
        board[0, 0] = 0
        return C_OK
    if rows <= 2 or cols <= 2:
        return C_NO_TOUR
    if rows <= 4 or cols <= 4:
        return thin_tour_c(board, start_row, start_col, closed, cancel)
    if rows % 2 and cols % 2 and (closed or (start_row + start_col) % 2):
        return C_NO_TOUR
    if not _loaded:
        return C_BAD_DATA
    if cancel != NULL and cancel[0] != 0:
        return C_CANCELLED
    memset(&wk, 0, sizeof(Work))
    nr, nc = rows // MIN_SIDE + 1, cols // MIN_SIDE + 1
    wk.rpart = <uint8_t*>malloc(nr + nc)
    wk.rcut = <int64_t*>malloc((nr + nc + 2) * sizeof(int64_t))
    wk.slot_of = <int16_t*>malloc(SLOTS * sizeof(int16_t))
    if wk.rpart == NULL or wk.rcut == NULL or wk.slot_of == NULL:
        _free_work(&wk)
        return C_NO_MEMORY
    wk.cpart = wk.rpart + nr
    wk.ccut = wk.rcut + nr + 1
    # The plan.
    op.block = -1
    if rows % 2 and cols % 2:
        if not _odd_plan(s, rows, cols, start_row, start_col, &op):
            _free_work(&wk)
            return C_BAD_DATA
        nr = _even_parts(op.a_r, wk.rpart)
        wk.rpart[nr] = op.o_r
        nr += 1 + _even_parts(rows - op.a_r - op.o_r, wk.rpart + nr + 1)
        nc = _even_parts(op.a_c, wk.cpart)
        wk.cpart[nc] = op.o_c
        nc += 1 + _even_parts(cols - op.a_c - op.o_c, wk.cpart + nc + 1)
    else:
        nr = _closed_parts(rows, wk.rpart)
        nc = _closed_parts(cols, wk.cpart)
    wk.rcut[0] = 0
    for i in range(nr):
        wk.rcut[i + 1] = wk.rcut[i] + wk.rpart[i]
    wk.ccut[0] = 0
    for j in range(nc):
        wk.ccut[j + 1] = wk.ccut[j] + wk.cpart[j]
    i0, j0 = 0, 0
    while wk.rcut[i0 + 1] <= start_row:
        i0 += 1
    while wk.ccut[j0 + 1] <= start_col:
        j0 += 1
    # Configurations: a few dozen at most, cut when first needed.  Blocks
    # get theirs from their row's height and column's width alone (column 0
    # also by its place in the column), so no per-block table is kept.
    wk.cfgs = <Config*>malloc(SLOTS * sizeof(Config))
    wk.mark = <int32_t*>calloc(nr * nc * ARCS, sizeof(int32_t))
    if wk.cfgs == NULL or wk.mark == NULL:
        _free_work(&wk)
        return C_NO_MEMORY
    memset(wk.slot_of, -1, SLOTS * sizeof(int16_t))
    # Column 0: one slot per (height, edge mask) met; its odd x odd start
    # block (odd boards) gets the start slot instead.
    for i in range(nr):
        if wk.rpart[i] % 2 and wk.cpart[0] % 2:
            continue
        mask = _need(i, 0, nr, nc)
        b = s.tile[wk.rpart[i]][wk.cpart[0]][0]
        if b < 0 or _slot(s, &wk, &ncfg, (wk.rpart[i] - MIN_SIDE) * 16 + mask, b, mask, -1) < 0:
            status = C_BAD_DATA
    # The other columns: one slot per (height, width, last column) met, so
    # the heights and column kinds are gathered first (not nr * nc pairs).
    heights = 0
    kinds = 0
    for i in range(nr):
        heights |= 1 << (wk.rpart[i] - MIN_SIDE)
    for j in range(1, nc):
        kinds |= <int64_t>1 << ((wk.cpart[j] - MIN_SIDE) * 2 + (j == nc - 1))
    for hh in range(NSIDES):
        if not heights >> hh & 1:
            continue
        for ww in range(2 * NSIDES):
            if not kinds >> ww & 1 or ((hh + MIN_SIDE) % 2 and (ww // 2 + MIN_SIDE) % 2):
                continue
            mask = J_L | (0 if ww % 2 else J_R)
            b = s.tile[hh + MIN_SIDE][ww // 2 + MIN_SIDE][1]
            if b < 0 or _slot(s, &wk, &ncfg, FIRST_SLOTS + hh * 2 * NSIDES + ww, b, mask, -1) < 0:
                status = C_BAD_DATA
    # The start block gets a configuration of its own.
    mask = _need(i0, j0, nr, nc)
    split = -1
    if op.block >= 0:
        b = op.block
    else:
        b = s.tile[wk.rpart[i0]][wk.cpart[j0]][0 if j0 == 0 else 1]
        if b >= 0:
            k = (start_row - wk.rcut[i0]) * wk.cpart[j0] + start_col - wk.ccut[j0]
            split = 0
            while s.order[s.offset[b] + split] != k:
                split += 1
    if status != C_OK or b < 0 or _slot(s, &wk, &ncfg, START_SLOT, b, mask, split) < 0:
        _free_work(&wk)
        return C_BAD_DATA
    start_cfg = &wk.cfgs[wk.slot_of[START_SLOT]]
    # First the tour, arc by arc from the start (a short chain of dependent
    # loads per arc, no stores to the board): for each arc its first step,
    # +(step + 1) when the tour runs up its squares, -(step + 1) when down.
    bi, bj = i0, j0
    a, side = start_cfg.start_arc, 0
    cfg = start_cfg
    while True:
        u = ARCS * (bi * nc + bj) + a
        if wk.mark[u] != 0:
            status = C_BAD_DATA     # an arc met twice: the joins are not one tour
            break
        ln = cfg.length[a]
        wk.mark[u] = <int32_t>(step + 1 if side == 0 else -(step + ln))
        step += ln
        if step >= n:
            break
        since += 1
        if since >= POLL_ARCS:
            since = 0
            state = poll_status(0.0, cancel)
            if state != POLL_GO:
                status = _report(state)
                break
        js = cfg.exit_js[2 * a + side]
        if js < 0:
            status = C_BAD_DATA     # a tour end before the last square
            break
        # Join squares 0, 1 lead right, 2, 3 left, 4, 5 up, 6, 7 down.
        if js < 2:
            bj += 1
        elif js < 4:
            bj -= 1
        elif js < 6:
            bi -= 1
        else:
            bi += 1
        if bi < 0 or bi >= nr or bj < 0 or bj >= nc:
            status = C_BAD_DATA
            break
        cfg = _config_of(&wk, bi, bj, nr, nc, i0, j0)
        if cfg == NULL or cfg.entry[js ^ 2] < 0:
            status = C_BAD_DATA
            break
        e = cfg.entry[js ^ 2]
        a, side = e >> 1, e & 1
    if status == C_OK and step != n:
        status = C_BAD_DATA
    # Then the board, block by block in row-major order, so the stores of
    # neighbouring arcs land in cache lines still held: along each arc a
    # square's step is the arc's first step plus or minus its place, so no
    # store waits for the one before.
    out = &board[0, 0]
    for bi in range(nr if status == C_OK else 0):
        for bj in range(nc):
            cfg = _config_of(&wk, bi, bj, nr, nc, i0, j0)
            if cfg == NULL:
                status = C_BAD_DATA
                break
            u = ARCS * (bi * nc + bj)
            q = &cfg.seq[0]
            for a in range(cfg.narcs):
                e = wk.mark[u + a]
                if e == 0:
                    status = C_BAD_DATA     # an arc the tour never met
                    break
                ln = cfg.length[a]
                sgn = 1 if e > 0 else -1
                v = e - 1 if e > 0 else -e - 1
                for k in range(ln):
                    local[q[k]] = v
                    v += sgn
                q += ln
            # Numbered in a block-sized buffer (it stays in L1), then copied
            # to the board row by row: runs of contiguous stores, which its
            # fresh, not yet cached lines take best.
            bh, bw = wk.rpart[bi], wk.cpart[bj]
            p0 = out + wk.rcut[bi] * cols + wk.ccut[bj]
            row = local
            while bh > 0:
                _copy_row(p0, row, bw)
                p0 += cols
                row += bw
                bh -= 1
        if status != C_OK:
            break
        state = poll_status(0.0, cancel) if (bi & 63) == 63 else POLL_GO
        if state != POLL_GO:
            status = _report(state)
            break
    _free_work(&wk)
    return status


def construct_into(int32_t[:, ::1] board not None, Py_ssize_t start_row, Py_ssize_t start_col,
                   bint closed, const uint8_t[::1] cancel=None):
    """Run :c:func:`construct_tour` on ``board`` (the GIL released); returns its status.

    ``cancel`` is None or a one-byte uint8 flag (non-zero stops the walk).
    A ``KeyboardInterrupt`` that a poll met is raised here.

    >>> import numpy as np
    >>> board = np.empty((6, 6), dtype=np.int32)
    >>> construct_into(board, 0, 0, True) == OK, int(board[0, 0])
    (True, 0)
    >>> construct_into(np.empty((7, 7), dtype=np.int32), 0, 0, True) == NO_TOUR
    True
    """
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef int status
    with nogil:
        status = construct_tour(board, start_row, start_col, closed, flag)
    if status == C_INTERRUPTED:
        reraise_pending()
    return status

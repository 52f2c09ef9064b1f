"""Construction core: tile a board with stored block tours, join them, walk.

The tour is held as one byte per square (``codes``): its low and high nibbles
are the direction indices (into ``knight.DEFAULT_ORDER``) of the square's two
tour edges, ``NONE`` (8) marking the missing edge at each end of a path.
An undirected representation makes each join an O(1) edit, whatever the
orientation of the two cycles it merges.

``fill`` copies each block's stored tour into its place and applies the joins
along a spanning tree of the block grid (each block row left to right; block
rows to each other through their first block).  A join swaps two parallel
edges, one in each of two different cycles (or one in the start block's path
and one in a cycle), which merges them: this is the cycle joining of Parberry
(Discrete Applied Mathematics 1997) and Lin & Wei (Discrete Applied
Mathematics 2005).  Since the joins follow a tree, every join meets two
different components and the result is a single cycle (or path).

``walk`` then follows the edges from the start square writing step numbers.

The caller (``knight.construct``) plans the blocks, checks the stored blocks
once per process (every edge stays inside its block and is matched by the
reverse edge at its other end, so the walk cannot leave the board) and
allocates every array.  Both cores run without the GIL and take it for a
moment every ``POLL_MASK + 1`` squares so Ctrl-C gets through.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memcpy

cdef enum:
    NONE = 8
    POLL_MASK = 65535
    S_OK = 0
    S_MISSING_EDGE = 1
    S_BROKEN = 2
    S_NOT_CLOSED = 3

OK, MISSING_EDGE, BROKEN, NOT_CLOSED = range(4)
NO_EDGE = NONE

# Direction indices of knight.DEFAULT_ORDER:
# 0 (2,1)  1 (1,2)  2 (-1,2)  3 (-2,1)  4 (-2,-1)  5 (-1,-2)  6 (1,-2)  7 (2,-1);
# the reverse of k is (k + 4) & 7.
cdef int DR[8]
cdef int DC[8]
DR[:] = [2, 1, -1, -2, -2, -1, 1, 2]
DC[:] = [1, 2, 2, 1, -1, -2, -2, -1]


cdef int _poll() except -1 with gil:
    PyErr_CheckSignals()
    return 0


cdef inline int _relink(uint8_t* sq, int old, int new) noexcept nogil:
    """Replace the edge of direction ``old`` at a square by direction ``new``."""
    cdef int v = sq[0]
    if (v & 15) == old:
        sq[0] = <uint8_t>((v & 0xF0) | new)
        return 0
    if (v >> 4) == old:
        sq[0] = <uint8_t>((v & 0x0F) | (new << 4))
        return 0
    return 1


def fill(uint8_t[:, ::1] codes, const int32_t[::1] rcut, const int32_t[::1] ccut,
         const uint8_t[::1] tiles, const int64_t[:, :, ::1] tile_at,
         Py_ssize_t odd_i, Py_ssize_t odd_j, int64_t odd_offset):
    """Lay out the blocks and join them; returns a status code.

    Block (i, j) covers rows ``rcut[i]:rcut[i+1]`` and columns
    ``ccut[j]:ccut[j+1]``.  Its tour is ``tiles[off : off + h*w]`` (row-major)
    where ``off = tile_at[h, w, j > 0]``, except that block
    (``odd_i``, ``odd_j``), if ``odd_i >= 0``, uses ``odd_offset``.  Blocks in
    column 0 must carry the join edges U, R, D and the others L, R (see
    scripts/make_blocks.py).
    """
    cdef Py_ssize_t nr = rcut.shape[0] - 1, nc = ccut.shape[0] - 1
    cdef Py_ssize_t cols = codes.shape[1]
    cdef Py_ssize_t i, j, lr, y, x, h, w
    cdef int64_t off
    cdef int bad = 0
    cdef uint8_t* base = &codes[0, 0]
    cdef const uint8_t* src = &tiles[0]
    with nogil:
        for i in range(nr):
            y = rcut[i]
            h = rcut[i + 1] - y
            for j in range(nc):
                x = ccut[j]
                w = ccut[j + 1] - x
                if i == odd_i and j == odd_j:
                    off = odd_offset
                else:
                    off = tile_at[h, w, 1 if j > 0 else 0]
                for lr in range(h):
                    memcpy(base + (y + lr) * cols + x, src + off + lr * w, w)
            _poll()
        # Horizontal joins: block A = (i, j-1) left of B = (i, j), boundary
        # column x, top row y.  Remove A's corner edge a=(y,x-1)-b=(y+2,x-2)
        # and B's edge c=(y+1,x+1)-d=(y+3,x); add a-c and b-d.
        for i in range(nr):
            y = rcut[i]
            for j in range(1, nc):
                x = ccut[j]
                bad |= _relink(base + y * cols + x - 1, 7, 1)
                bad |= _relink(base + (y + 2) * cols + x - 2, 3, 1)
                bad |= _relink(base + (y + 1) * cols + x + 1, 7, 5)
                bad |= _relink(base + (y + 3) * cols + x, 3, 5)
        # Vertical joins in block column 0: C = (i-1, 0) above D = (i, 0),
        # boundary row y.  Remove C's corner edge a=(y-1,0)-b=(y-2,2) and D's
        # edge c=(y+1,1)-d=(y,3); add a-c and b-d.
        for i in range(1, nr):
            y = rcut[i]
            bad |= _relink(base + (y - 1) * cols, 2, 0)
            bad |= _relink(base + (y - 2) * cols + 2, 6, 0)
            bad |= _relink(base + (y + 1) * cols + 1, 2, 4)
            bad |= _relink(base + y * cols + 3, 6, 4)
    return S_MISSING_EDGE if bad else S_OK


def walk(int32_t[:, ::1] board, const uint8_t[:, ::1] codes,
         Py_ssize_t start_row, Py_ssize_t start_col, bint closed):
    """Write step numbers along the edges in ``codes`` from the start square.

    Returns ``OK``, ``BROKEN`` (an end of the path was met too early) or
    ``NOT_CLOSED`` (a closed tour was asked for but the last square is not a
    knight move from the first).
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t n = rows * cols, i, p, k
    cdef Py_ssize_t off[8]
    cdef int32_t* b = &board[0, 0]
    cdef const uint8_t* cd = &codes[0, 0]
    cdef int v, back = NONE, status = S_OK
    for k in range(8):
        off[k] = DR[k] * cols + DC[k]
    p = start_row * cols + start_col
    with nogil:
        i = 0
        while True:
            b[p] = <int32_t>i
            v = cd[p]
            k = v & 15
            if k == back:
                k = v >> 4
            i += 1
            if i == n:
                break
            if k >= NONE:
                status = S_BROKEN
                break
            if (i & POLL_MASK) == 0:
                _poll()
            p += off[k]
            back = (k + 4) & 7
        if status == S_OK and closed:
            if k >= NONE or p + off[k] != start_row * cols + start_col:
                status = S_NOT_CLOSED
    return status

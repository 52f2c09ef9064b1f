"""Construction core: number a tour joined from stored block tours.

The board is a grid of blocks (planned by ``knight.construct``), each carrying
a stored tour of its own: a closed tour, or for the start block of an odd x
odd board a Hamiltonian path from the start.  Neighbouring blocks are joined
along a spanning tree of the grid (each block row left to right; block rows
to each other through their first block) by swapping two parallel edges, one
in each block: the cycle joining of Parberry (Discrete Applied Mathematics
1997) and Lin & Wei (Discrete Applied Mathematics 2005).  The joins follow a
tree, so each meets two different components and the result is one cycle (or
one path).

Cutting a block's tour at its join edges leaves a few "arcs" (runs of
consecutive squares of the stored tour, at most ``ARCS`` per block), and the
joined tour is these arcs in some order, each run forwards or backwards.  So
the work is split in two:

* ``traverse`` follows the tour arc by arc (a few arcs per block, not squares)
  and records for each arc the step number of its low end and its direction;
* ``write`` fills the board block by block, arc by arc: a square's step is
  its arc's base plus or minus its distance along the arc, and the squares of
  each arc come from a per-block-type table.

Nothing in the per-square pass depends on the square before (unlike walking
the tour square by square, which chases pointers), and the only memory beyond
the int32 board is a few bytes per block.  The caller allocates every array;
both cores run without the GIL and take it for a moment every so often
(``POLL_MASK + 1`` arcs, or one block row of squares) so Ctrl-C gets through.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint16_t

from .poll cimport poll

cdef enum:
    ARCS = 4
    POLL_MASK = 65535
    S_OK = 0
    S_BROKEN = 1

OK, BROKEN = range(2)
MAX_ARCS = ARCS


def traverse(const uint16_t[::1] blkcfg, const int8_t[::1] arc_k,
             const int32_t[::1] arc_len, const int8_t[::1] exit_js,
             const int64_t[::1] exit_delta, const int32_t[::1] entry,
             Py_ssize_t start_blk, Py_ssize_t start_arc, int64_t n,
             int32_t[::1] base, int8_t[::1] sign, int64_t[::1] stats):
    """Number the arcs of the joined tour in tour order; returns a status code.

    Arcs are numbered globally over all block configurations: arc ``a`` is
    arc ``arc_k[a]`` (0 .. ``ARCS``-1) of its configuration, a run of
    ``arc_len[a]`` consecutive squares of the block's stored tour.  Entered
    at its low end (``side`` 0) or high end (1), it is left through join
    square ``exit_js[2*a + side]`` (-1: a tour end), into the block
    ``exit_delta[2*a + side]`` further on in row-major block order.  There
    ``entry[8*blkcfg[b] + js]`` is ``2*arc + side`` for the arc end at join
    square ``js`` (-1 if none).

    Join squares: 0 (0,w-1) and 1 (2,w-2) link to the right neighbour's 2
    (1,1) and 3 (3,0); 6 (h-1,0) and 7 (h-2,2) to the lower neighbour's 4
    (1,1) and 5 (0,3); so the partner of ``js`` is ``js ^ 2``.

    Writes ``base[ARCS*b + k]``, the step of arc k's low end in block b, and
    ``sign`` (+1 when the tour runs from the low end up, -1 down).  ``base``
    must come filled with -1: meeting an arc twice is reported as ``BROKEN``,
    and so is stopping before ``n`` squares, so a successful return means
    every arc was used exactly once.  ``stats[0]`` gets the number of arcs
    used.  The loop keeps its chain of dependent loads short (block
    configuration, entry, exit), which is what bounds its speed.
    """
    cdef Py_ssize_t nb = blkcfg.shape[0], blk = start_blk, a = start_arc, x, slot
    cdef int side = 0, js, e, status = S_OK
    cdef int64_t step = 0, arcs = 0
    cdef int32_t ln
    with nogil:
        while True:
            ln = arc_len[a]
            slot = ARCS * blk + arc_k[a]
            if base[slot] != -1:
                status = S_BROKEN
                break
            base[slot] = <int32_t>(step + side * (ln - 1))
            sign[slot] = <int8_t>(1 - 2 * side)
            step += ln
            arcs += 1
            if (arcs & POLL_MASK) == 0:
                poll(0.0)
            if step >= n:
                break
            x = 2 * a + side
            js = exit_js[x]
            if js < 0:
                status = S_BROKEN
                break
            blk += exit_delta[x]
            if blk < 0 or blk >= nb:
                status = S_BROKEN
                break
            e = entry[8 * blkcfg[blk] + (js ^ 2)]
            if e < 0:
                status = S_BROKEN
                break
            a = e >> 1
            side = e & 1
    stats[0] = arcs
    if status == S_OK and step != n:
        status = S_BROKEN
    return status


def write(int32_t[:, ::1] board, const int32_t[::1] rcut, const int32_t[::1] ccut,
          const uint16_t[::1] blkcfg, const int32_t[::1] seq_off, const int64_t[::1] seq,
          const int32_t[::1] arc_off, const int32_t[::1] arc_len,
          const int32_t[::1] base, const int8_t[::1] sign):
    """Write every square's step: along each arc, ``base`` then ``sign`` per square.

    ``seq[seq_off[cfg]:]`` lists configuration ``cfg``'s squares arc after
    arc, each arc from its low end, as offsets ``r * cols + c`` from the
    block's top-left square.  No store depends on the one before (unlike
    following the tour square by square, which chases a pointer per square),
    and a block's stores stay within its few rows.
    """
    cdef Py_ssize_t nr = rcut.shape[0] - 1, nc = ccut.shape[0] - 1
    cdef Py_ssize_t cols = board.shape[1]
    cdef Py_ssize_t i, j, blk, k, a, u, ln
    cdef int cfg
    cdef int32_t* out = &board[0, 0]
    cdef int32_t* p0
    cdef const int64_t* q
    cdef int32_t v, step
    with nogil:
        for i in range(nr):
            for j in range(nc):
                blk = i * nc + j
                cfg = blkcfg[blk]
                p0 = out + rcut[i] * cols + ccut[j]
                q = &seq[seq_off[cfg]]
                for k in range(arc_off[cfg + 1] - arc_off[cfg]):
                    a = arc_off[cfg] + k
                    ln = arc_len[a]
                    v = base[ARCS * blk + k]
                    step = sign[ARCS * blk + k]
                    for u in range(ln):
                        p0[q[u]] = v
                        v += step
                    q += ln
            poll(0.0)
    return S_OK

"""The construct_between core: an open tour between two chosen squares, in C.

:func:`knight.construct.construct_between` calls :func:`between_into` once
per cut of the board it tries.  It plans the chain of blocks from the
start's block along its block row and down the end's block column, the (at
most five) rectangles around the chain and a corner swap joining each
rectangle's closed tour to a chain block; has the chain's block paths
found (between_paths.pyx, which keeps them); and writes the board, without
the GIL: each rectangle's closed tour by the block construction straight
into its window (construct.pyx's :c:func:`construct_blocks`), then the
chain's blocks along their paths (:c:func:`_write_blocks`), a block's steps
after a rectangle moved on by the rectangle's size.
"""

from libc.stdint cimport int32_t, int64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from .between_paths cimport BP_MAX, MAX_CANDS, kept_path, path_of, transition
from .construct cimport MAX_SQUARES, construct_blocks
from .move_order cimport DC, DR
from .poll cimport reraise_pending
from .status cimport C_BAD_ARGUMENT, C_INTERRUPTED, C_OK


# The plan is in C, on every call, as well as the writes: the chain of blocks
# from s to t, the rectangles around it and their corner swaps are a few
# hundred integer operations, which in Python were a third of a 1000x1000
# call's time.  (The block paths are searched rarely and kept, in
# between_paths.pyx.)

cdef enum:
    # What between_into returns besides C_OK and a window's own status.
    B_NO_LAYOUT = 1         # a swap or a block path is missing: try another cut
    B_NO_SWAP_EDGE = 2      # a block path lacks the edge its swap needs
    B_NOT_COVERED = 3       # the chain and rectangles do not cover the board
    B_WINDOW_END = 4        # a rectangle's tour does not end beside where it began
    MAX_RECTS = 5

OK, NO_LAYOUT, NO_SWAP_EDGE, NOT_COVERED, WINDOW_END = (
    C_OK, B_NO_LAYOUT, B_NO_SWAP_EDGE, B_NOT_COVERED, B_WINDOW_END,
)


# -- numbering chain blocks along their paths ------------------------------------------

def write_blocks(int32_t[:, ::1] board not None, const int64_t[::1] r0 not None,
                 const int64_t[::1] c0 not None, const int64_t[::1] width not None,
                 const int64_t[::1] base not None, const int64_t[::1] which not None,
                 const int32_t[::1] flat not None, const int64_t[::1] first not None,
                 const int64_t[:, ::1] shifts=None):
    """Number blocks along stored paths: block i's path is
    ``flat[first[which[i]]:first[which[i] + 1]]`` (squares r * width[i] + c of
    the block whose corner is (r0[i], c0[i])), its k-th square gets
    ``base[i] + k``.  ``shifts`` (rows ``(block, k, by)``, sorted by block and
    k) moves the steps of a block's squares after its k-th on by ``by``: a
    rectangle's tour numbered into the path there.  The caller has checked
    every square is on the board and every block and path index.

    >>> import numpy as np
    >>> board = np.zeros((2, 4), dtype=np.int32)
    >>> write_blocks(board, np.zeros(2, dtype=np.int64), np.array([0, 2], dtype=np.int64),
    ...              np.array([2, 2], dtype=np.int64), np.array([0, 4], dtype=np.int64),
    ...              np.zeros(2, dtype=np.int64), np.array([0, 3, 1, 2], dtype=np.int32),
    ...              np.array([0, 4], dtype=np.int64))
    >>> board.tolist()
    [[0, 2, 4, 6], [3, 1, 7, 5]]
    >>> write_blocks(board, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
    ...              np.array([2], dtype=np.int64), np.zeros(1, dtype=np.int64),
    ...              np.zeros(1, dtype=np.int64), np.array([0, 3, 1, 2], dtype=np.int32),
    ...              np.array([0, 4], dtype=np.int64), np.array([[0, 1, 10]], dtype=np.int64))
    >>> board[:, :2].tolist()
    [[0, 12], [13, 1]]
    """
    cdef Py_ssize_t n = r0.shape[0], nshift = 0
    if c0.shape[0] != n or width.shape[0] != n or base.shape[0] != n or which.shape[0] != n:
        raise ValueError("r0, c0, width, base and which must have one value per block")
    if shifts is not None:
        if shifts.shape[1] != 3:
            raise ValueError("shifts must have rows (block, k, by)")
        nshift = shifts.shape[0]
    if n == 0:
        return
    with nogil:
        _write_blocks(&board[0, 0], board.shape[1], n, &r0[0], &c0[0], &width[0], &base[0],
                      &which[0], &flat[0], &first[0], &shifts[0, 0] if nshift else NULL, nshift)


cdef void _write_blocks(int32_t* board, Py_ssize_t stride, Py_ssize_t n, const int64_t* r0,
                        const int64_t* c0, const int64_t* width, const int64_t* base,
                        const int64_t* which, const int32_t* flat, const int64_t* first,
                        const int64_t* shifts, Py_ssize_t nshift) noexcept nogil:
    """:func:`write_blocks` on pointers (``shifts``: ``nshift`` rows of three).

    A path's squares become board offsets once per run of blocks with the
    same path and width (the chain's blocks repeat), not by a division per
    square."""
    cdef Py_ssize_t i, k, p, w, q = 0, m, last_p = -1, last_w = -1
    cdef int32_t* row0
    cdef int32_t b
    cdef int64_t sq
    cdef Py_ssize_t off[BP_MAX]
    for i in range(n):
        p = which[i]
        w = width[i]
        b = <int32_t>base[i]
        row0 = board + r0[i] * stride + c0[i]
        m = first[p + 1] - first[p]
        while q < nshift and shifts[3 * q] < i:
            q += 1
        if m > BP_MAX:
            # Longer than any block: no table, a division per square.
            for k in range(m):
                sq = flat[first[p] + k]
                row0[(sq // w) * stride + sq % w] = b + k
                while q < nshift and shifts[3 * q] == i and shifts[3 * q + 1] == k:
                    b += <int32_t>shifts[3 * q + 2]
                    q += 1
            last_p = -1
            continue
        if p != last_p or w != last_w:
            for k in range(m):
                sq = flat[first[p] + k]
                off[k] = (sq // w) * stride + sq % w
            last_p, last_w = p, w
        if q < nshift and shifts[3 * q] == i:
            # The block that takes a rectangle in: its later squares move on.
            for k in range(m):
                row0[off[k]] = b + k
                while q < nshift and shifts[3 * q] == i and shifts[3 * q + 1] == k:
                    b += <int32_t>shifts[3 * q + 2]
                    q += 1
        else:
            for k in range(m):
                row0[off[k]] = b + k


# -- the plan: the chain, the rectangles around it, their swaps ------------------------

cdef struct Chain:
    # Blocks in chain order: along s's block row (nh blocks) to t's block
    # column, then along that column to t's block.
    Py_ssize_t k, nh, si, sj, ti, tj
    int64_t* r0
    int64_t* c0
    int64_t* h
    int64_t* w


cdef struct Join:
    # Rectangle corner edge c-d, chain block `block` and its squares p, q
    # (p - c and q - d knight moves): swapping c-d and p-q for c-p and d-q
    # takes the rectangle's cycle into the chain's path.
    Py_ssize_t block
    int64_t pr, pc, qr, qc, cr, cc, dr, dc
    int64_t p, q            # p and q in block coordinates (r * w + c)


cdef inline Py_ssize_t _part_of(const int64_t[::1] cut, int64_t x) noexcept nogil:
    """``bisect_right(cut, x) - 1``: the part holding x (-1 below the first cut)."""
    cdef Py_ssize_t lo = 0, hi = cut.shape[0], mid
    while lo < hi:
        mid = (lo + hi) // 2
        if x < cut[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo - 1


cdef void _near(const Chain* ch, const int64_t[::1] rc, const int64_t[::1] cc, int64_t r,
                int64_t c, Py_ssize_t* lo, Py_ssize_t* hi) noexcept nogil:
    """The chain blocks with a square within two rows and two columns of (r, c),
    as two ranges of chain indices (``lo[0]..hi[0]`` along the row, then
    ``lo[1]..hi[1]`` down the column; empty when lo > hi), in chain order.
    The chain is one block row and one block column, so bisection on the
    cuts finds them without looking at the others."""
    cdef Py_ssize_t ilo, ihi, jlo, jhi, a, b
    ilo = max(_part_of(rc, r - 2), 0)
    ihi = min(_part_of(rc, r + 2), rc.shape[0] - 2)
    jlo = max(_part_of(cc, c - 2), 0)
    jhi = min(_part_of(cc, c + 2), cc.shape[0] - 2)
    lo[0] = lo[1] = 0
    hi[0] = hi[1] = -1
    if ilo <= ch.si <= ihi:
        a = max(jlo, min(ch.sj, ch.tj))
        b = min(jhi, max(ch.sj, ch.tj))
        if a <= b:
            if ch.tj >= ch.sj:
                lo[0], hi[0] = a - ch.sj, b - ch.sj
            else:
                lo[0], hi[0] = ch.sj - b, ch.sj - a
    if jlo <= ch.tj <= jhi and ch.ti != ch.si:
        if ch.ti > ch.si:
            a, b = max(ilo, ch.si + 1), min(ihi, ch.ti)
            if a <= b:
                lo[1], hi[1] = ch.nh + a - ch.si - 1, ch.nh + b - ch.si - 1
        else:
            a, b = max(ilo, ch.ti), min(ihi, ch.si - 1)
            if a <= b:
                lo[1], hi[1] = ch.nh + ch.si - b - 1, ch.nh + ch.si - a - 1


cdef inline void _box(Py_ssize_t* b, Py_ssize_t i0, Py_ssize_t i1, Py_ssize_t j0,
                      Py_ssize_t j1) noexcept nogil:
    b[0], b[1], b[2], b[3] = i0, i1, j0, j1


cdef int _rects(const int64_t[::1] rc, const int64_t[::1] cc, const Chain* ch,
                int64_t* out) noexcept nogil:
    """Rectangles (unions of blocks) covering the board outside the chain,
    each with a corner next to a chain block: rows y0..y1, columns x0..x1 as
    four values each in ``out``; returns how many (at most five)."""
    cdef Py_ssize_t nr = rc.shape[0] - 1, nc = cc.shape[0] - 1, a, b, p, q, x, n = 0
    cdef Py_ssize_t i0, i1, j0, j1, t
    cdef Py_ssize_t box[MAX_RECTS][4]
    cdef bint fi = ch.ti < ch.si, fj = ch.tj < ch.sj
    # Work as if t's block were below and right of s's, then flip back.
    a = nr - 1 - ch.si if fi else ch.si
    b = nc - 1 - ch.sj if fj else ch.sj
    p = nr - 1 - ch.ti if fi else ch.ti
    q = nc - 1 - ch.tj if fj else ch.tj
    if a == p and b == q:
        _box(box[0], 0, a, 0, b + 1)
        _box(box[1], 0, a + 1, b + 1, nc)
        _box(box[2], a, nr, 0, b)
        _box(box[3], a + 1, nr, b, nc)
        t = 4
    else:
        _box(box[0], 0, a, 0, q + 1)
        _box(box[1], 0, p + 1, q + 1, nc)
        _box(box[2], a, a + 1, 0, b)
        _box(box[3], a + 1, nr, 0, q)
        _box(box[4], p + 1, nr, q, nc)
        t = 5
    for x in range(t):
        i0, i1, j0, j1 = box[x][0], box[x][1], box[x][2], box[x][3]
        if i1 > i0 and j1 > j0:
            if fi:
                i0, i1 = nr - i1, nr - i0
            if fj:
                j0, j1 = nc - j1, nc - j0
            out[4 * n] = rc[i0]
            out[4 * n + 1] = rc[i1]
            out[4 * n + 2] = cc[j0]
            out[4 * n + 3] = cc[j1]
            n += 1
    return <int>n


cdef inline bint _taken(const int64_t* taken, int ntaken, int64_t r, int64_t c) noexcept nogil:
    cdef int i
    for i in range(ntaken):
        if taken[2 * i] == r and taken[2 * i + 1] == c:
            return True
    return False


cdef bint _corner_join(const Chain* ch, const int64_t[::1] rc, const int64_t[::1] cc,
                       const int64_t* box, const int64_t* taken, int ntaken,
                       Join* out) noexcept nogil:
    """A swap for the rectangle ``box`` through one of its corner edges (every
    closed tour of the rectangle has both edges at each corner), none of its
    chain squares ``taken`` by another swap: the first by corner, chain
    block, edge and move order; False if none."""
    cdef int corner, e, m, part
    cdef int64_t cr, ccn, sr, sc, dr, dc, b0, b1, b2, b3, lo_r, hi_r, lo_c, hi_c, mr, mc
    cdef Py_ssize_t lo[2]
    cdef Py_ssize_t hi[2]
    cdef Py_ssize_t bi
    for corner in range(4):
        cr = box[0] if corner < 2 else box[1] - 1
        ccn = box[2] if corner % 2 == 0 else box[3] - 1
        sr = 1 if corner < 2 else -1
        sc = 1 if corner % 2 == 0 else -1
        # Chain blocks within a knight move of the corner square.
        _near(ch, rc, cc, cr, ccn, lo, hi)
        for part in range(2):
            for bi in range(lo[part], hi[part] + 1):
                b0, b1 = ch.r0[bi], ch.r0[bi] + ch.h[bi]
                b2, b3 = ch.c0[bi], ch.c0[bi] + ch.w[bi]
                for e in range(2):
                    dr = 2 * sr if e == 0 else sr
                    dc = sc if e == 0 else 2 * sc
                    # The moves (mr, mc) that put both c + m and d + m in the block.
                    lo_r, hi_r = max(b0 - cr, b0 - cr - dr), min(b1 - cr, b1 - cr - dr)
                    lo_c, hi_c = max(b2 - ccn, b2 - ccn - dc), min(b3 - ccn, b3 - ccn - dc)
                    if lo_r >= hi_r or lo_c >= hi_c or lo_r > 2 or hi_r < -1 or lo_c > 2 or \
                            hi_c < -1:
                        continue
                    for m in range(8):
                        mr, mc = DR[m], DC[m]
                        if lo_r <= mr < hi_r and lo_c <= mc < hi_c and not _taken(
                                taken, ntaken, cr + mr, ccn + mc) and not _taken(
                                taken, ntaken, cr + dr + mr, ccn + dc + mc):
                            out.block = bi
                            out.pr, out.pc = cr + mr, ccn + mc
                            out.qr, out.qc = cr + dr + mr, ccn + dc + mc
                            out.cr, out.cc = cr, ccn
                            out.dr, out.dc = cr + dr, ccn + dc
                            out.p = (out.pr - b0) * ch.w[bi] + out.pc - b2
                            out.q = (out.qr - b0) * ch.w[bi] + out.qc - b2
                            return True
    return False


cdef inline bint _same_step(const Chain* ch, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
    """Whether chain blocks i and j have the same size, the same place of the
    next block relative to them and the same next block size."""
    return (ch.h[i] == ch.h[j] and ch.w[i] == ch.w[j] and ch.h[i + 1] == ch.h[j + 1]
            and ch.w[i + 1] == ch.w[j + 1] and ch.r0[i + 1] - ch.r0[i] == ch.r0[j + 1] - ch.r0[j]
            and ch.c0[i + 1] - ch.c0[i] == ch.c0[j + 1] - ch.c0[j])


# -- the chain's paths, the write, the entry point -------------------------------------

cdef int _block_req(const Join* joins, int nj, Py_ssize_t i, int32_t* req) noexcept nogil:
    """The edges chain block i's path must hold (its swaps' p-q, in join order)."""
    cdef int x, n = 0
    for x in range(nj):
        if joins[x].block == i:
            req[2 * n], req[2 * n + 1] = <int32_t>joins[x].p, <int32_t>joins[x].q
            n += 1
    return n


cdef int _chain_paths(const Chain* ch, int64_t sr, int64_t sc, int64_t tr, int64_t tc,
                      const Join* joins, int nj, int64_t* pid) except -1:
    """Fill ``pid`` with the kept path of each chain block; 0, or 1 if some
    block has none.

    Block i runs from its entry to its exit, the exit a knight move from
    block i + 1's entry; s is the first entry and t the last exit.  Colours
    decide the ends: a block of even area has ends of different colours, the
    odd x odd one (at most one, its corner of colour 0) both of colour 0.
    A block's path holds the p-q edges of the swaps through it.  Where
    blocks repeat (same size, same step to the next, same entry) the answer
    repeats, so the loop jumps to the end of each such run.
    """
    cdef Py_ssize_t k = ch.k, i, j, last, nxt_req, x
    cdef int64_t er, ec, hl, wl
    cdef int skip, nreq, nlast
    cdef int32_t got[3]
    cdef int32_t req[2 * MAX_RECTS]
    cdef int32_t req_last[2 * MAX_RECTS]
    cdef int32_t p
    cdef bint free_here
    hl, wl = ch.h[k - 1], ch.w[k - 1]
    nlast = _block_req(joins, nj, k - 1, req_last)
    if k == 1:
        p = path_of(hl, wl, (sr - ch.r0[0]) * wl + sc - ch.c0[0],
                    (tr - ch.r0[0]) * wl + tc - ch.c0[0], req_last, nlast)
        if p < 0:
            return 1
        pid[0] = p
        return 0
    er, ec = sr - ch.r0[0], sc - ch.c0[0]
    i = 0
    while i < k - 2:
        nreq = _block_req(joins, nj, i, req)
        if not transition(ch.h[i], ch.w[i], er, ec, ch.r0[i + 1] - ch.r0[i],
                          ch.c0[i + 1] - ch.c0[i], ch.h[i + 1], ch.w[i + 1], 0, req, nreq, got):
            return 1
        pid[i] = got[0]
        if got[1] == er and got[2] == ec and i + 1 < k - 2 and _same_step(ch, i, i + 1):
            free_here = True
            nxt_req = k
            for x in range(nj):
                if joins[x].block == i or joins[x].block == i + 1:
                    free_here = False
                if joins[x].block > i:
                    nxt_req = min(nxt_req, joins[x].block)
            if free_here:
                # Block i + 1 is block i again: so is every block to the run's
                # end (short of the next block with edges of its own).
                last = i + 1
                while last + 1 < k - 1 and _same_step(ch, last + 1, i):
                    last += 1
                j = min(last, k - 3, nxt_req - 1)
                for x in range(i + 1, j + 1):
                    pid[x] = got[0]
                i = j
        er, ec = got[1], got[2]
        i += 1
    # The last two together: the last block's exit is t, so try the one
    # before's choices until the last block has a path.
    i = k - 2
    nreq = _block_req(joins, nj, i, req)
    for skip in range(MAX_CANDS):
        if not transition(ch.h[i], ch.w[i], er, ec, ch.r0[i + 1] - ch.r0[i],
                          ch.c0[i + 1] - ch.c0[i], hl, wl, skip, req, nreq, got):
            return 1
        p = path_of(hl, wl, got[1] * wl + got[2],
                    (tr - ch.r0[k - 1]) * wl + tc - ch.c0[k - 1], req_last, nlast)
        if p >= 0:
            pid[k - 2], pid[k - 1] = got[0], p
            return 0
    return 1


cdef int _between_write(int32_t[:, ::1] board, const Chain* ch, const int64_t* rects, int nr,
                        const Join* joins, const int64_t* pid, const int32_t* flat,
                        const int64_t* first, int64_t* base) noexcept nogil:
    """Write the tour: each rectangle's closed tour into its window, numbered
    from where the chain's path enters it, then the chain's blocks along
    their paths, a block's squares after a rectangle moved on by its size.
    ``base``: k + 1 values of room.  C_OK or a status."""
    cdef Py_ssize_t k = ch.k, i, x, y, j, p
    cdef Py_ssize_t cols = board.shape[1]
    cdef int64_t at[MAX_RECTS]
    cdef int64_t shifts[3 * MAX_RECTS]
    cdef int64_t before, offset, y0, x0, h, w, ar, ac, br, bc, kp, kq
    cdef int order[MAX_RECTS]
    cdef bint enter_c[MAX_RECTS]
    cdef int status
    # Where each rectangle goes in: after the earlier of p, q on its block's path.
    for x in range(nr):
        i = joins[x].block
        p = pid[i]
        kp = kq = -1
        for j in range(first[p], first[p + 1]):
            if flat[j] == joins[x].p:
                kp = j - first[p]
            elif flat[j] == joins[x].q:
                kq = j - first[p]
        if kp < 0 or kq < 0 or (kp - kq != 1 and kq - kp != 1):
            return B_NO_SWAP_EDGE
        at[x] = min(kp, kq)
        enter_c[x] = kp < kq
    base[0] = 0
    for i in range(k):
        base[i + 1] = ch.h[i] * ch.w[i]
    for x in range(nr):
        base[joins[x].block + 1] += (rects[4 * x + 1] - rects[4 * x]) * (
            rects[4 * x + 3] - rects[4 * x + 2])
    for i in range(k):
        base[i + 1] += base[i]
    if base[k] != board.shape[0] * cols:
        return B_NOT_COVERED
    # Each rectangle's closed tour, numbered from where the path enters it to
    # where it leaves, straight into its window.
    for x in range(nr):
        y0, x0 = rects[4 * x], rects[4 * x + 2]
        h, w = rects[4 * x + 1] - y0, rects[4 * x + 3] - x0
        i = joins[x].block
        before = 0
        for y in range(nr):
            if joins[y].block == i and at[y] < at[x]:
                before += (rects[4 * y + 1] - rects[4 * y]) * (
                    rects[4 * y + 3] - rects[4 * y + 2])
        offset = base[i] + at[x] + 1 + before
        if enter_c[x]:
            ar, ac, br, bc = joins[x].cr, joins[x].cc, joins[x].dr, joins[x].dc
        else:
            ar, ac, br, bc = joins[x].dr, joins[x].dc, joins[x].cr, joins[x].cc
        if h < 5 or w < 5 or not (0 <= ar - y0 < h and 0 <= ac - x0 < w and 0 <= br - y0 < h
                                  and 0 <= bc - x0 < w):
            return C_BAD_ARGUMENT
        status = construct_blocks(&board[y0, x0], h, w, cols, ar - y0, ac - x0, True, NULL,
                                  <int32_t>offset, br - y0, bc - x0)
        if status != C_OK:
            return status
        if board[br, bc] != offset + h * w - 1:
            return B_WINDOW_END
    # The chain, a block's steps after a rectangle moved on by the
    # rectangle's size (shifts sorted by block and place on its path).
    for x in range(nr):
        order[x] = x
    for x in range(1, nr):
        j = x
        while j > 0 and (joins[order[j - 1]].block > joins[order[j]].block or (
                joins[order[j - 1]].block == joins[order[j]].block
                and at[order[j - 1]] > at[order[j]])):
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    for x in range(nr):
        y = order[x]
        shifts[3 * x] = joins[y].block
        shifts[3 * x + 1] = at[y]
        shifts[3 * x + 2] = (rects[4 * y + 1] - rects[4 * y]) * (
            rects[4 * y + 3] - rects[4 * y + 2])
    _write_blocks(&board[0, 0], cols, k, ch.r0, ch.c0, ch.w, base, pid, flat, first, shifts, nr)
    return C_OK


cdef bint _cuts_ok(const int64_t[::1] cut, Py_ssize_t n) noexcept:
    cdef Py_ssize_t i
    if cut.shape[0] < 2 or cut[0] != 0 or cut[cut.shape[0] - 1] != n:
        return False
    for i in range(cut.shape[0] - 1):
        if not 5 <= cut[i + 1] - cut[i] <= 16:
            return False
    return True


def between_into(int32_t[:, ::1] board not None, const int64_t[::1] rc not None,
                 const int64_t[::1] cc not None, Py_ssize_t sr, Py_ssize_t sc, Py_ssize_t tr,
                 Py_ssize_t tc):
    """One try of knight.construct.construct_between: the board cut at rows
    ``rc`` and columns ``cc``, an open tour from (sr, sc) to (tr, tc).

    Plans the chain of blocks from s's block along its block row to t's
    block column and down it to t's block, the (at most five) rectangles
    around it and a corner swap joining each rectangle to a chain block;
    finds the chain's block paths (kept for the process: see
    :func:`between_kept`), and writes the board (the GIL released).

    Returns ``OK``; ``NO_LAYOUT`` (a swap or a block path is missing: try
    another cut; the board is untouched), ``NO_SWAP_EDGE``, ``NOT_COVERED``,
    ``WINDOW_END`` or a window's status (the board partly written).
    ValueError for cuts that do not cut the board into parts of 5..16, or
    ends off it or the same.

    >>> import numpy as np
    >>> board = np.empty((12, 12), dtype=np.int32)
    >>> cuts = np.array([0, 6, 12], dtype=np.int64)
    >>> between_into(board, cuts, cuts, 0, 0, 11, 0) == OK
    True
    >>> int(board[0, 0]), int(board[11, 0]), sorted(board.ravel().tolist()) == list(range(144))
    (0, 143, True)
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1], i, k, nh, di, dj, total, m
    cdef int64_t prev
    cdef int64_t rect[4 * MAX_RECTS]
    cdef int64_t taken[4 * MAX_RECTS]
    cdef Join joins[MAX_RECTS]
    cdef Chain ch
    cdef int nrect, x, status
    cdef int64_t* mem
    cdef int64_t* pid
    cdef int64_t* base
    cdef int64_t* first = NULL
    cdef int32_t* flat = NULL
    cdef const int32_t* path
    cdef Py_ssize_t plen
    if rows < 1 or cols < 1 or rows > MAX_SQUARES // cols:
        raise ValueError("the board must have 1 to 2**31 - 2**20 - 1 squares")
    if not (_cuts_ok(rc, rows) and _cuts_ok(cc, cols)):
        raise ValueError("the cuts must run from 0 to the board's side, 5 to 16 apart")
    if not (0 <= sr < rows and 0 <= sc < cols and 0 <= tr < rows and 0 <= tc < cols) or (
            sr == tr and sc == tc):
        raise ValueError("start and end must be two different squares of the board")
    ch.si, ch.sj = _part_of(rc, sr), _part_of(cc, sc)
    ch.ti, ch.tj = _part_of(rc, tr), _part_of(cc, tc)
    dj = 1 if ch.tj >= ch.sj else -1
    di = 1 if ch.ti >= ch.si else -1
    nh = (ch.tj - ch.sj) * dj + 1
    k = nh + (ch.ti - ch.si) * di
    ch.k, ch.nh = k, nh
    # Per block: r0, c0, h, w, path index, and base (k + 1).
    mem = <int64_t*>malloc((6 * k + 1) * sizeof(int64_t))
    if mem == NULL:
        raise MemoryError()
    try:
        ch.r0, ch.c0, ch.h, ch.w = mem, mem + k, mem + 2 * k, mem + 3 * k
        pid, base = mem + 4 * k, mem + 5 * k
        for i in range(nh):
            ch.r0[i] = rc[ch.si]
            ch.h[i] = rc[ch.si + 1] - rc[ch.si]
            ch.c0[i] = cc[ch.sj + i * dj]
            ch.w[i] = cc[ch.sj + i * dj + 1] - cc[ch.sj + i * dj]
        for i in range(nh, k):
            ch.r0[i] = rc[ch.si + (i - nh + 1) * di]
            ch.h[i] = rc[ch.si + (i - nh + 1) * di + 1] - ch.r0[i]
            ch.c0[i] = cc[ch.tj]
            ch.w[i] = cc[ch.tj + 1] - cc[ch.tj]
        nrect = _rects(rc, cc, &ch, rect)
        for x in range(nrect):
            if not _corner_join(&ch, rc, cc, &rect[4 * x], taken, 2 * x, &joins[x]):
                return B_NO_LAYOUT
            taken[4 * x], taken[4 * x + 1] = joins[x].pr, joins[x].pc
            taken[4 * x + 2], taken[4 * x + 3] = joins[x].qr, joins[x].qc
        if _chain_paths(&ch, sr, sc, tr, tc, joins, nrect, pid):
            return B_NO_LAYOUT
        # The chain's paths, copied out of the kept ones (once per run of
        # blocks with one path): the write runs without the GIL, while
        # another thread may keep new paths and so move them.
        total = 0
        for i in range(k):
            if i == 0 or pid[i] != pid[i - 1]:
                kept_path(pid[i], &plen)
                total += plen
        flat = <int32_t*>malloc(total * sizeof(int32_t))
        first = <int64_t*>malloc((k + 1) * sizeof(int64_t))
        if flat == NULL or first == NULL:
            raise MemoryError()
        first[0] = 0
        m = 0
        prev = -1
        for i in range(k):
            if pid[i] != prev:
                prev = pid[i]
                path = kept_path(prev, &total)
                memcpy(flat + first[m], path, total * sizeof(int32_t))
                first[m + 1] = first[m] + total
                m += 1
            pid[i] = m - 1
        with nogil:
            status = _between_write(board, &ch, rect, nrect, joins, pid, flat, first, base)
        if status == C_INTERRUPTED:
            reraise_pending()
        return status
    finally:
        free(mem)
        free(flat)
        free(first)

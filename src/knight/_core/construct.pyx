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
  dozen per board at most, whatever its size: stored_blocks.pyx's
  :c:func:`configure`);
* follows the tour arc by arc -- a few arcs per block, not squares --
  noting each arc's first step and direction (a run of blocks of one kind,
  crossed sideways on the same arc, is marked in one loop without the
  lookups: the walk only repeats itself there);
* writes the board a block row at a time, in chunks of about a thousand
  columns: a square's step is its arc's first step plus or minus its
  distance along the arc, read from per-configuration tables (one per
  combination of arc directions, and a mask per arc) in a few vector adds
  and ands per four squares, with no branch or scatter per square; each
  chunk is numbered in a buffer that stays in cache, then its rows go to the
  board as long runs of stores, non-temporal on a board far bigger than the
  caches.  (Writing each arc as the walk meets it is about twice as slow:
  the walk leaves a block and comes back to it a block row later, when its
  cache lines have gone.)

Beyond the caller's board it allocates 16 bytes per block (the arcs' first
steps, which also catch an arc met twice or never; on Linux in transparent
huge pages when large), a few bytes per block row and column, about 45 KB
of chunk buffer and up to about 10 KB of tables per configuration.

The stored blocks are stored_blocks.pyx's, loaded when it is imported --
which cimporting it here does first, so a C caller that cimports
``knight.capi`` has them.  The write's SSE2 and non-temporal stores are C,
in construct_write.pxd.  :c:func:`construct_blocks` also writes a closed
tour into a window of a larger board, as construct_between (below) has its
rectangles written.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from .construct_write cimport (
    KT_CARRY,
    KT_LANES,
    kt_block,
    kt_fence,
    kt_flush_row,
    kt_prefetch_rows,
    kt_zalloc,
    kt_zfree,
    kt_zone,
)
from .mix cimport mix64
from .move_order cimport DC, DR
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
from .stored_blocks cimport (
    ARCS,
    J_D,
    J_L,
    J_R,
    J_U,
    MAX_SIDE,
    MAX_SQ,
    MIN_SIDE,
    NSIDES,
    BlockSet,
    Config,
    configure,
    stored_blocks,
)
from .thin cimport thin_tour_c


cdef enum:
    # Arcs followed between two polls of the cancel flag and signals (the
    # board is then written with a poll every 64 block rows).
    POLL_ARCS = 1 << 14

OK, CANCELLED, INTERRUPTED, BAD_ARGUMENT, NO_MEMORY, NO_TOUR, BAD_DATA = (
    C_OK, C_CANCELLED, C_INTERRUPTED, C_BAD_ARGUMENT, C_NO_MEMORY, C_NO_TOUR, C_BAD_DATA,
)


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
# The write's tables of a configuration


cdef inline Py_ssize_t _table_size(const Config* cfg) noexcept nogil:
    return ((1 << cfg.narcs) + cfg.narcs - 1) * cfg.h * KT_LANES


cdef void _tables(Config* cfg, int32_t* tab) noexcept nogil:
    """Fill ``tab`` (``_table_size`` values) with the tables kt_block reads.

    A square on arc ``a`` at distance ``off`` from its low end takes step
    ``e - 1 + off`` when the tour runs up the arc from step ``e - 1``, and
    ``e - 1 - off`` when it runs down from it: one table per combination of
    directions (at most 16) holds the ``+-off`` of every square, and the
    arc masks pick each square's ``e - 1``, with no branch per square.
    """
    cdef int arc[MAX_SQ]
    cdef int off[MAX_SQ]
    cdef int a, k, q = 0, sq, r, c, combo, ncombo = 1 << cfg.narcs
    cdef Py_ssize_t plane = cfg.h * KT_LANES
    cdef int32_t* mask = tab + ncombo * plane
    memset(tab, 0, _table_size(cfg) * sizeof(int32_t))
    for a in range(cfg.narcs):
        for k in range(cfg.length[a]):
            sq = cfg.seq[q]
            arc[sq], off[sq] = a, k
            q += 1
    for r in range(cfg.h):
        for c in range(cfg.w):
            sq = r * cfg.w + c
            k = r * KT_LANES + c
            for combo in range(ncombo):
                tab[combo * plane + k] = -off[sq] if combo >> arc[sq] & 1 else off[sq]
            if arc[sq] > 0:
                mask[(arc[sq] - 1) * plane + k] = -1
    cfg.tab = tab


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
    kt_zone mark_zone
    # Per block column: how many columns from it rightwards (run_r) and
    # leftwards (run_l) are of its kind (columns >= 1), and the first
    # column of each chunk the write fills at once.
    int32_t* run_r
    int32_t* run_l
    int32_t* chunk
    uint8_t* colkey     # per block column: its kind (width, last or not), COL0_KEY for 0
    int32_t* tabs       # every configuration's write tables
    int32_t* buf        # the write's chunk buffer (malloc'd; aligned copy in Work.rows)
    int32_t* rows


cdef void _free_work(Work* wk) noexcept nogil:
    free(wk.rpart)
    free(wk.rcut)
    free(wk.slot_of)
    free(wk.cfgs)
    kt_zfree(&wk.mark_zone)
    free(wk.run_r)
    free(wk.tabs)
    free(wk.buf)


cdef int _slot(const BlockSet* s, Work* wk, int* ncfg, int key, int b, int mask,
               int split) noexcept nogil:
    """The configuration index of slot ``key``, cutting block ``b`` on first use (-1: fails)."""
    if wk.slot_of[key] < 0:
        if configure(s, b, mask, split, &wk.cfgs[ncfg[0]]) != 0:
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


cdef enum:
    # Columns of board the write fills in its buffer before copying them out
    # (the buffer, MAX_SIDE rows of CHUNK + KT_CARRY, stays in the L1/L2 cache).
    CHUNK = 1024
    BUF_STRIDE = CHUNK + KT_CARRY
    COL0_KEY = 2 * NSIDES
    # Boards of at least this many squares are written with non-temporal
    # stores: far bigger than the caches, their lines would only be read in
    # to be overwritten and evicted.  Smaller ones stay cached for the caller.
    STREAM_SQUARES = 1 << 22
    # The write polls at least every 64 block rows and every this many squares.
    POLL_SQUARES = 1 << 22


cdef inline int _report(int state) noexcept nogil:
    return C_CANCELLED if state == POLL_CANCELLED else C_INTERRUPTED


cdef int64_t _step_at(const Work* wk, Py_ssize_t r, Py_ssize_t c, Py_ssize_t nr, Py_ssize_t nc,
                      Py_ssize_t i0, Py_ssize_t j0) noexcept nogil:
    """The step of square (r, c) after the walk: what the write would put
    there (the kt_block sum for one square), or -1."""
    cdef Py_ssize_t bi = 0, bj = 0, lr, lc, plane, at
    cdef const Config* cfg
    cdef const int32_t* mk
    cdef int a, combo = 0, e
    cdef int32_t base[ARCS]
    cdef int64_t v
    while bi < nr - 1 and wk.rcut[bi + 1] <= r:
        bi += 1
    while bj < nc - 1 and wk.ccut[bj + 1] <= c:
        bj += 1
    cfg = _config_of(wk, bi, bj, nr, nc, i0, j0)
    if cfg == NULL:
        return -1
    lr, lc = r - wk.rcut[bi], c - wk.ccut[bj]
    mk = wk.mark + ARCS * (bi * nc + bj)
    for a in range(cfg.narcs):
        e = mk[a]
        combo |= (e < 0) << a
        base[a] = e - 1 if e > 0 else -e - 1
    plane = wk.rpart[bi] * KT_LANES
    at = lr * KT_LANES + lc
    v = cfg.tab[combo * plane + at] + base[0]
    for a in range(cfg.narcs - 1):
        v += cfg.tab[((1 << cfg.narcs) + a) * plane + at] & (base[a + 1] - base[0])
    return v


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
    cdef Py_ssize_t rows, cols
    if board is None:
        return C_BAD_ARGUMENT
    rows, cols = board.shape[0], board.shape[1]
    if rows < 1 or cols < 1 or rows > MAX_SQUARES // cols:
        return C_BAD_ARGUMENT
    if start_row < 0 or start_row >= rows or start_col < 0 or start_col >= cols:
        return C_BAD_ARGUMENT
    if rows == 1 and cols == 1:
        if closed:
            return C_NO_TOUR
        board[0, 0] = 0
        return C_OK
    if rows <= 2 or cols <= 2:
        return C_NO_TOUR
    if rows <= 4 or cols <= 4:
        return thin_tour_c(board, start_row, start_col, closed, cancel)
    return construct_blocks(&board[0, 0], rows, cols, cols, start_row, start_col, closed,
                            cancel, 0, -1, -1)


cdef int construct_blocks(int32_t* out, Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t stride,
                          Py_ssize_t start_row, Py_ssize_t start_col, bint closed,
                          const uint8_t* cancel, int32_t offset, Py_ssize_t last_row,
                          Py_ssize_t last_col) noexcept nogil:
    """The block construction of :c:func:`construct_tour` (both sides >= 5), into
    ``out`` with rows ``stride`` values apart: a whole board or a window of one.

    Every step is written plus ``offset``.  With ``last_row >= 0`` (a closed
    tour, that square a knight move from the start on it) the tour is walked
    from the start in the direction that ends at (last_row, last_col): if
    the walk went there first, the board is written reversed (a square's
    step ``v`` becomes ``n - v``, the start's 0 staying 0) -- the same tour,
    the other way round, at no extra cost.
    """
    cdef Py_ssize_t n = rows * cols, step = 0, since = 0
    cdef Py_ssize_t i, j, nr, nc, i0, j0, bi, bj, u, du, x0, x1, done = 0
    cdef Py_ssize_t pend[MAX_SIDE]
    cdef const BlockSet* s = stored_blocks()
    cdef Work wk
    cdef OddPlan op
    cdef int ncfg = 0, k, b, mask, split, a, side, js, e, status = C_OK, state, hh, ww
    cdef int heights, dj, bh, combo, stream, c0
    cdef int64_t kinds, v, dv, t
    cdef int32_t ln, seen, b0
    cdef int32_t base[ARCS]
    cdef int32_t* p0
    cdef const int32_t* mk
    cdef Py_ssize_t total
    cdef const Config* cfg
    cdef const Config* start_cfg
    cdef const Config* rowcfg[COL0_KEY + 1]
    cdef bint reverse = False, fetch
    cdef int32_t flip = 0
    if rows % 2 and cols % 2 and (closed or (start_row + start_col) % 2):
        return C_NO_TOUR
    if s == NULL:
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
    wk.mark = <int32_t*>kt_zalloc(&wk.mark_zone, nr * nc * ARCS * sizeof(int32_t))
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
    # The write's tables, one allocation for every configuration.
    total = 0
    for k in range(ncfg):
        total += _table_size(&wk.cfgs[k])
    wk.tabs = <int32_t*>malloc(total * sizeof(int32_t))
    # Column kinds and runs of one kind (for both phases), and the chunks.
    wk.run_r = <int32_t*>malloc((3 * nc + 1) * sizeof(int32_t) + nc)
    wk.buf = <int32_t*>malloc((MAX_SIDE * BUF_STRIDE + 16) * sizeof(int32_t))
    if wk.tabs == NULL or wk.run_r == NULL or wk.buf == NULL:
        _free_work(&wk)
        return C_NO_MEMORY
    total = 0
    for k in range(ncfg):
        _tables(&wk.cfgs[k], wk.tabs + total)
        total += _table_size(&wk.cfgs[k])
    wk.run_l = wk.run_r + nc
    wk.chunk = wk.run_l + nc
    wk.colkey = <uint8_t*>(wk.chunk + nc + 1)
    wk.rows = <int32_t*>((<Py_ssize_t>wk.buf + 63) & ~(<Py_ssize_t>63))
    wk.colkey[0] = COL0_KEY
    for j in range(1, nc):
        wk.colkey[j] = (wk.cpart[j] - MIN_SIDE) * 2 + (j == nc - 1)
    wk.run_l[0] = wk.run_r[nc - 1] = 1
    for j in range(1, nc):
        wk.run_l[j] = wk.run_l[j - 1] + 1 if wk.colkey[j] == wk.colkey[j - 1] else 1
    for j in range(nc - 2, -1, -1):
        wk.run_r[j] = wk.run_r[j + 1] + 1 if wk.colkey[j] == wk.colkey[j + 1] else 1
    k = 0
    wk.chunk[0] = 0
    for j in range(1, nc + 1):
        if j == nc or wk.ccut[j + 1] - wk.ccut[wk.chunk[k]] > CHUNK:
            k += 1
            wk.chunk[k] = j
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
        if js < 4 and bj > 0 and cfg.entry[js ^ 2] == 2 * a + side and (bi != i0 or bj != j0):
            # Sideways into a block of the same kind, entered where this arc
            # was: the walk repeats itself up to the end of the run of that
            # kind (or the start block), so that stretch is marked without
            # the chain of lookups -- most of the board's arcs.  It stops
            # short of the tour's last square and of the next poll, which
            # the steps above then see as before.
            if js < 2:
                dj = 1
                t = wk.run_r[bj] - 1
                if bi == i0 and bj < j0 < bj + 1 + t:
                    t = j0 - bj - 1
            else:
                dj = -1
                t = wk.run_l[bj] - 1
                if bi == i0 and bj - 1 - t < j0 < bj:
                    t = bj - j0 - 1
            t = min(t, (n - 1 - step) // ln, POLL_ARCS - since)
            if t > 0:
                du = ARCS * dj
                v = step + 1 - ln if side == 0 else -step
                dv = ln if side == 0 else -ln
                seen = 0
                for _ in range(t):
                    u += du
                    v += dv
                    seen |= wk.mark[u]
                    wk.mark[u] = <int32_t>v
                if seen != 0:
                    status = C_BAD_DATA
                    break
                step += t * ln
                since += t
                bj += t * dj
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
    if status == C_OK and last_row >= 0:
        v = _step_at(&wk, last_row, last_col, nr, nc, i0, j0)
        if v == 1:
            reverse = True
            flip = (1 << ARCS) - 1
        elif v != n - 1:
            status = C_BAD_ARGUMENT     # not the start's neighbour on the tour
    # Then the board, a block row at a time in chunks of about CHUNK
    # columns: each block of a chunk is numbered into the buffer from its
    # configuration's tables (a square's step is its arc's first step plus
    # or minus its distance along the arc), and the chunk's rows are then
    # copied out as long runs of stores.
    stream = (2 if stride != cols else 1) if n >= STREAM_SQUARES else 0
    # Streamed stores skip the cache: no lines to fetch ahead for them.
    fetch = stream == 0
    for bi in range(nr if status == C_OK else 0):
        bh = wk.rpart[bi]
        for k in range(COL0_KEY):
            e = wk.slot_of[FIRST_SLOTS + (bh - MIN_SIDE) * NSIDES * 2 + k]
            rowcfg[k] = &wk.cfgs[e] if e >= 0 else NULL
        e = wk.slot_of[(bh - MIN_SIDE) * 16 + _need(bi, 0, nr, nc)]
        rowcfg[COL0_KEY] = &wk.cfgs[e] if e >= 0 else NULL
        c0 = 0
        for k in range(bh):
            pend[k] = 0
        while wk.chunk[c0] < nc:
            x0 = wk.ccut[wk.chunk[c0]]
            for bj in range(wk.chunk[c0], wk.chunk[c0 + 1]):
                cfg = start_cfg if bi == i0 and bj == j0 else rowcfg[wk.colkey[bj]]
                if cfg == NULL:
                    status = C_BAD_DATA
                    break
                mk = wk.mark + ARCS * (bi * nc + bj)
                combo = 0
                for a in range(cfg.narcs):
                    e = mk[a]
                    if e == 0:
                        status = C_BAD_DATA     # an arc the tour never met
                    combo |= (e < 0) << a
                    base[a] = e - 1 if e > 0 else -e - 1
                    base[a] = <int32_t>(offset + n - base[a]) if reverse else base[a] + offset
                combo ^= flip & ((1 << cfg.narcs) - 1)
                b0 = base[0]
                for a in range(cfg.narcs, ARCS):
                    base[a] = b0
                kt_block(wk.rows + KT_CARRY + (wk.ccut[bj] - x0), BUF_STRIDE,
                         cfg.tab + combo * bh * KT_LANES,
                         cfg.tab + (1 << cfg.narcs) * bh * KT_LANES,
                         bh, cfg.w, cfg.narcs - 1,
                         b0, base[1] - b0, base[2] - b0, base[3] - b0)
                if fetch:
                    kt_prefetch_rows(out + wk.rcut[bi] * stride + wk.ccut[bj], stride, bh)
            if status != C_OK:
                break
            c0 += 1
            x1 = wk.ccut[wk.chunk[c0]]
            p0 = out + wk.rcut[bi] * stride
            for k in range(bh):
                kt_flush_row(p0, wk.rows + k * BUF_STRIDE, x0, x1, cols, &pend[k], stream)
                p0 += stride
            done += (x1 - x0) * bh
            if done >= POLL_SQUARES and wk.chunk[c0] < nc:
                done = 0
                state = poll_status(0.0, cancel)
                if state != POLL_GO:
                    status = _report(state)
                    break
        if status != C_OK:
            break
        state = poll_status(0.0, cancel) if (bi & 63) == 63 else POLL_GO
        if state != POLL_GO:
            status = _report(state)
            break
    if stream:
        kt_fence()
    if reverse and status == C_OK:
        out[start_row * stride + start_col] = offset
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


def construct_window(int32_t[:, :] board not None, Py_ssize_t start_row, Py_ssize_t start_col,
                     bint closed, const uint8_t[::1] cancel=None, int32_t offset=0,
                     Py_ssize_t last_row=-1, Py_ssize_t last_col=-1):
    """:func:`construct_into` for a window of a larger board (rows any stride
    apart, each row contiguous), both sides >= 5; returns its status.

    Steps are written plus ``offset``.  With ``last_row >= 0`` (closed tours
    only) the closed tour is numbered from the start in the direction that
    ends at (last_row, last_col), which must be the start's neighbour on the
    tour (else ``BAD_ARGUMENT``, the window partly written).

    >>> import numpy as np
    >>> big = np.zeros((8, 9), dtype=np.int32)
    >>> construct_window(big[1:7, 2:8], 0, 0, True) == OK, int(big[1:7, 2:8].max())
    (True, 35)
    >>> construct_window(big[1:7, 2:8], 0, 0, True, None, 100, 1, 2) == OK
    True
    >>> int(big[1, 2]), int(big[2, 4])
    (100, 135)
    """
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t stride = board.strides[0] // <Py_ssize_t>sizeof(int32_t)
    cdef int status
    if board.strides[1] != sizeof(int32_t) or board.strides[0] % sizeof(int32_t):
        raise ValueError("each row of the window must be contiguous")
    if rows < 5 or cols < 5 or rows > MAX_SQUARES // cols or offset < 0 or (
            offset > MAX_SQUARES - rows * cols):
        return C_BAD_ARGUMENT
    if start_row < 0 or start_row >= rows or start_col < 0 or start_col >= cols:
        return C_BAD_ARGUMENT
    if last_row >= 0 and (not closed or last_row >= rows or last_col < 0 or last_col >= cols):
        return C_BAD_ARGUMENT
    with nogil:
        status = construct_blocks(&board[0, 0], rows, cols, stride, start_row, start_col,
                                  closed, flag, offset, last_row, last_col)
    if status == C_INTERRUPTED:
        reraise_pending()
    return status



cdef enum:
    BP_MAX = 256            # squares of the largest block block_path searches


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


# -- construct_between's plan and writes, on every call ------------------------------
#
# knight.construct._between_into runs this once per cut of the board it tries:
# the chain of blocks from s to t, the rectangles around it and their corner
# swaps are a few hundred integer operations, which in Python were a third of
# a 1000x1000 call's time.  The block paths are searched (rarely) and kept
# below.

cdef enum:
    # What between_into returns besides C_OK and a window's own status.
    B_NO_LAYOUT = 1         # a swap or a block path is missing: try another cut
    B_NO_SWAP_EDGE = 2      # a block path lacks the edge its swap needs
    B_NOT_COVERED = 3       # the chain and rectangles do not cover the board
    B_WINDOW_END = 4        # a rectangle's tour does not end beside where it began
    MAX_RECTS = 5

NO_LAYOUT, NO_SWAP_EDGE, NOT_COVERED, WINDOW_END = (
    B_NO_LAYOUT, B_NO_SWAP_EDGE, B_NOT_COVERED, B_WINDOW_END,
)


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
    MAX_CANDS = 12          # links tried per chain step
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
    """(block paths kept, chain steps kept) by :func:`between_into`."""
    return _npaths, _nsteps


def between_forget():
    """Drop every block path and chain step :func:`between_into` kept."""
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
    """Pack a key: sides 5..16, squares < 256, at most MAX_RECTS required
    edges (pairs of squares), the next block's offset within +-16."""
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


cdef int32_t _path_of(int h, int w, int entry, int exit_, const int32_t* req,
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


cdef int _transition(int h, int w, int er, int ec, int dr, int dc, int hn, int wn, int skip,
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
        pid = _path_of(h, w, er * w + ec, st.xr[t] * w + st.xc[t], req, nreq)
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
        p = _path_of(hl, wl, (sr - ch.r0[0]) * wl + sc - ch.c0[0],
                     (tr - ch.r0[0]) * wl + tc - ch.c0[0], req_last, nlast)
        if p < 0:
            return 1
        pid[0] = p
        return 0
    er, ec = sr - ch.r0[0], sc - ch.c0[0]
    i = 0
    while i < k - 2:
        nreq = _block_req(joins, nj, i, req)
        if not _transition(ch.h[i], ch.w[i], er, ec, ch.r0[i + 1] - ch.r0[i],
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
        if not _transition(ch.h[i], ch.w[i], er, ec, ch.r0[i + 1] - ch.r0[i],
                           ch.c0[i + 1] - ch.c0[i], hl, wl, skip, req, nreq, got):
            return 1
        p = _path_of(hl, wl, got[1] * wl + got[2],
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
                total += _first[pid[i] + 1] - _first[pid[i]]
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
                total = _first[prev + 1] - _first[prev]
                memcpy(flat + first[m], _flat + _first[prev], total * sizeof(int32_t))
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

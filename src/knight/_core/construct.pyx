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
  ``knight.construct_py.plan``, which the tests compare it with);
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
tour into a window of a larger board, as construct_between.pyx has its
rectangles written.
"""

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

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
from .poll cimport POLL_CANCELLED, POLL_GO, cancel_address, passed_on, poll_status
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
    Py_ssize_t nr, nc   # block rows and columns
    Py_ssize_t i0, j0   # the start's block
    int odd_block       # the stored path of an odd x odd board's start block, else -1
    int ncfg
    const Config* start_cfg
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


cdef int _slot(const BlockSet* s, Work* wk, int key, int b, int mask, int split) noexcept nogil:
    """The configuration index of slot ``key``, cutting block ``b`` on first use (-1: fails)."""
    if wk.slot_of[key] < 0:
        if configure(s, b, mask, split, &wk.cfgs[wk.ncfg]) != 0:
            return -1
        wk.slot_of[key] = wk.ncfg
        wk.ncfg += 1
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


cdef int64_t _step_at(const Work* wk, Py_ssize_t r, Py_ssize_t c) noexcept nogil:
    """The step of square (r, c) after the walk: what the write would put
    there (the kt_block sum for one square), or -1."""
    cdef Py_ssize_t bi = 0, bj = 0, lr, lc, plane, at, nr = wk.nr, nc = wk.nc
    cdef const Config* cfg
    cdef const int32_t* mk
    cdef int a, combo = 0, e
    cdef int32_t base[ARCS]
    cdef int64_t v
    while bi < nr - 1 and wk.rcut[bi + 1] <= r:
        bi += 1
    while bj < nc - 1 and wk.ccut[bj + 1] <= c:
        bj += 1
    cfg = _config_of(wk, bi, bj, nr, nc, wk.i0, wk.j0)
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

    Each phase is a function of its own, called once: the loops over blocks
    and arcs stay inside them.
    """
    cdef Py_ssize_t n = rows * cols
    cdef const BlockSet* s = stored_blocks()
    cdef Work wk
    cdef int status
    cdef int64_t v
    cdef bint reverse = False
    if rows % 2 and cols % 2 and (closed or (start_row + start_col) % 2):
        return C_NO_TOUR
    if s == NULL:
        return C_BAD_DATA
    if cancel != NULL and cancel[0] != 0:
        return C_CANCELLED
    memset(&wk, 0, sizeof(Work))
    status = _plan(s, &wk, rows, cols, start_row, start_col)
    if status == C_OK:
        status = _cut_blocks(s, &wk, start_row, start_col)
    if status == C_OK:
        status = _prepare_write(&wk)
    if status == C_OK:
        status = _walk_arcs(&wk, n, cancel)
    if status == C_OK and last_row >= 0:
        v = _step_at(&wk, last_row, last_col)
        if v == 1:
            reverse = True
        elif v != n - 1:
            status = C_BAD_ARGUMENT     # not the start's neighbour on the tour
    if status == C_OK:
        status = _write_board(&wk, out, cols, stride, n, offset, reverse, cancel)
        if reverse and status == C_OK:
            out[start_row * stride + start_col] = offset
    _free_work(&wk)
    return status


cdef int _plan(const BlockSet* s, Work* wk, Py_ssize_t rows, Py_ssize_t cols,
               Py_ssize_t start_row, Py_ssize_t start_col) noexcept nogil:
    """Cut the board's sides into parts (``wk.rpart``, ``wk.cpart``, their
    cuts, ``wk.nr`` x ``wk.nc`` blocks) and find the start's block; a status."""
    cdef Py_ssize_t i, j, nr, nc, i0, j0
    cdef OddPlan op
    nr, nc = rows // MIN_SIDE + 1, cols // MIN_SIDE + 1
    wk.rpart = <uint8_t*>malloc(nr + nc)
    wk.rcut = <int64_t*>malloc((nr + nc + 2) * sizeof(int64_t))
    wk.slot_of = <int16_t*>malloc(SLOTS * sizeof(int16_t))
    if wk.rpart == NULL or wk.rcut == NULL or wk.slot_of == NULL:
        return C_NO_MEMORY
    wk.cpart = wk.rpart + nr
    wk.ccut = wk.rcut + nr + 1
    op.block = -1
    if rows % 2 and cols % 2:
        if not _odd_plan(s, rows, cols, start_row, start_col, &op):
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
    wk.nr, wk.nc, wk.i0, wk.j0, wk.odd_block = nr, nc, i0, j0, op.block
    return C_OK


cdef int _cut_blocks(const BlockSet* s, Work* wk, Py_ssize_t start_row,
                     Py_ssize_t start_col) noexcept nogil:
    """Cut every kind of block the plan has into arcs (a few dozen
    configurations at most, each cut when first needed), the start block
    into its own; a status.

    Blocks get theirs from their row's height and column's width alone
    (column 0 also by its place in the column), so no per-block table is
    kept.
    """
    cdef Py_ssize_t i, j, nr = wk.nr, nc = wk.nc, i0 = wk.i0, j0 = wk.j0
    cdef int k, b, mask, split, hh, ww, heights, status = C_OK
    cdef int64_t kinds
    wk.cfgs = <Config*>malloc(SLOTS * sizeof(Config))
    wk.mark = <int32_t*>kt_zalloc(&wk.mark_zone, nr * nc * ARCS * sizeof(int32_t))
    if wk.cfgs == NULL or wk.mark == NULL:
        return C_NO_MEMORY
    memset(wk.slot_of, -1, SLOTS * sizeof(int16_t))
    # Column 0: one slot per (height, edge mask) met; its odd x odd start
    # block (odd boards) gets the start slot instead.
    for i in range(nr):
        if wk.rpart[i] % 2 and wk.cpart[0] % 2:
            continue
        mask = _need(i, 0, nr, nc)
        b = s.tile[wk.rpart[i]][wk.cpart[0]][0]
        if b < 0 or _slot(s, wk, (wk.rpart[i] - MIN_SIDE) * 16 + mask, b, mask, -1) < 0:
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
            if b < 0 or _slot(s, wk, FIRST_SLOTS + hh * 2 * NSIDES + ww, b, mask, -1) < 0:
                status = C_BAD_DATA
    # The start block gets a configuration of its own.
    mask = _need(i0, j0, nr, nc)
    split = -1
    if wk.odd_block >= 0:
        b = wk.odd_block
    else:
        b = s.tile[wk.rpart[i0]][wk.cpart[j0]][0 if j0 == 0 else 1]
        if b >= 0:
            k = (start_row - wk.rcut[i0]) * wk.cpart[j0] + start_col - wk.ccut[j0]
            split = 0
            while s.order[s.offset[b] + split] != k:
                split += 1
    if status != C_OK or b < 0 or _slot(s, wk, START_SLOT, b, mask, split) < 0:
        return C_BAD_DATA
    wk.start_cfg = &wk.cfgs[wk.slot_of[START_SLOT]]
    return C_OK


cdef int _prepare_write(Work* wk) noexcept nogil:
    """The write's tables (one allocation for every configuration), the
    column kinds and their runs (for the walk too), the chunks and the
    chunk buffer; a status."""
    cdef Py_ssize_t j, nc = wk.nc, total = 0
    cdef int k
    for k in range(wk.ncfg):
        total += _table_size(&wk.cfgs[k])
    wk.tabs = <int32_t*>malloc(total * sizeof(int32_t))
    wk.run_r = <int32_t*>malloc((3 * nc + 1) * sizeof(int32_t) + nc)
    wk.buf = <int32_t*>malloc((MAX_SIDE * BUF_STRIDE + 16) * sizeof(int32_t))
    if wk.tabs == NULL or wk.run_r == NULL or wk.buf == NULL:
        return C_NO_MEMORY
    total = 0
    for k in range(wk.ncfg):
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
    return C_OK


cdef int _walk_arcs(Work* wk, Py_ssize_t n, const uint8_t* cancel) noexcept nogil:
    """Follow the tour arc by arc from the start (a short chain of dependent
    loads per arc, no stores to the board), marking each arc's first step:
    +(step + 1) when the tour runs up its squares, -(step + 1) when down.
    A status: ``C_BAD_DATA`` if the joins do not make one tour of the n
    squares."""
    cdef Py_ssize_t step = 0, since = 0, u, du
    cdef Py_ssize_t nr = wk.nr, nc = wk.nc, i0 = wk.i0, j0 = wk.j0
    cdef Py_ssize_t bi = i0, bj = j0
    cdef int32_t* mark = wk.mark
    cdef const int32_t* run_r = wk.run_r
    cdef const int32_t* run_l = wk.run_l
    cdef const Config* cfg = wk.start_cfg
    cdef int a = cfg.start_arc, side = 0, js, e, dj, state, status = C_OK
    cdef int64_t v, dv, t
    cdef int32_t ln, seen
    while True:
        u = ARCS * (bi * nc + bj) + a
        if mark[u] != 0:
            status = C_BAD_DATA     # an arc met twice: the joins are not one tour
            break
        ln = cfg.length[a]
        mark[u] = <int32_t>(step + 1 if side == 0 else -(step + ln))
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
                t = run_r[bj] - 1
                if bi == i0 and bj < j0 < bj + 1 + t:
                    t = j0 - bj - 1
            else:
                dj = -1
                t = run_l[bj] - 1
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
                    seen |= mark[u]
                    mark[u] = <int32_t>v
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
        cfg = _config_of(wk, bi, bj, nr, nc, i0, j0)
        if cfg == NULL or cfg.entry[js ^ 2] < 0:
            status = C_BAD_DATA
            break
        e = cfg.entry[js ^ 2]
        a, side = e >> 1, e & 1
    if status == C_OK and step != n:
        status = C_BAD_DATA
    return status


cdef int _write_board(const Work* wk, int32_t* out, Py_ssize_t cols, Py_ssize_t stride,
                      Py_ssize_t n, int32_t offset, bint reverse,
                      const uint8_t* cancel) noexcept nogil:
    """Number the board from the walk's marks, a block row at a time in
    chunks of about CHUNK columns: each block of a chunk is numbered into
    the buffer from its configuration's tables (a square's step is its
    arc's first step plus or minus its distance along the arc), and the
    chunk's rows are then copied out as long runs of stores.  ``reverse``:
    each step ``v`` becomes ``n - v`` (the caller puts the start's 0 back).
    A status."""
    cdef Py_ssize_t nr = wk.nr, nc = wk.nc, i0 = wk.i0, j0 = wk.j0, bi, bj, x0, x1, done = 0
    cdef Py_ssize_t pend[MAX_SIDE]
    cdef int k, a, e, bh, combo, stream, c0, state, status = C_OK
    cdef int32_t b0
    cdef int32_t base[ARCS]
    cdef int32_t* p0
    cdef const int32_t* mk
    cdef const Config* cfg
    cdef const Config* start_cfg = wk.start_cfg
    cdef const Config* rowcfg[COL0_KEY + 1]
    cdef const int32_t* mark = wk.mark
    cdef const int64_t* rcut = wk.rcut
    cdef const int64_t* ccut = wk.ccut
    cdef const int32_t* chunk = wk.chunk
    cdef const uint8_t* colkey = wk.colkey
    cdef int32_t* rows = wk.rows
    cdef bint fetch
    cdef int32_t flip = (1 << ARCS) - 1 if reverse else 0
    stream = (2 if stride != cols else 1) if n >= STREAM_SQUARES else 0
    # Streamed stores skip the cache: no lines to fetch ahead for them.
    fetch = stream == 0
    for bi in range(nr):
        bh = wk.rpart[bi]
        for k in range(COL0_KEY):
            e = wk.slot_of[FIRST_SLOTS + (bh - MIN_SIDE) * NSIDES * 2 + k]
            rowcfg[k] = &wk.cfgs[e] if e >= 0 else NULL
        e = wk.slot_of[(bh - MIN_SIDE) * 16 + _need(bi, 0, nr, nc)]
        rowcfg[COL0_KEY] = &wk.cfgs[e] if e >= 0 else NULL
        c0 = 0
        for k in range(bh):
            pend[k] = 0
        while chunk[c0] < nc:
            x0 = ccut[chunk[c0]]
            for bj in range(chunk[c0], chunk[c0 + 1]):
                cfg = start_cfg if bi == i0 and bj == j0 else rowcfg[colkey[bj]]
                if cfg == NULL:
                    status = C_BAD_DATA
                    break
                mk = mark + ARCS * (bi * nc + bj)
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
                kt_block(rows + KT_CARRY + (ccut[bj] - x0), BUF_STRIDE,
                         cfg.tab + combo * bh * KT_LANES,
                         cfg.tab + (1 << cfg.narcs) * bh * KT_LANES,
                         bh, cfg.w, cfg.narcs - 1,
                         b0, base[1] - b0, base[2] - b0, base[3] - b0)
                if fetch:
                    kt_prefetch_rows(out + rcut[bi] * stride + ccut[bj], stride, bh)
            if status != C_OK:
                break
            c0 += 1
            x1 = ccut[chunk[c0]]
            p0 = out + rcut[bi] * stride
            for k in range(bh):
                kt_flush_row(p0, rows + k * BUF_STRIDE, x0, x1, cols, &pend[k], stream)
                p0 += stride
            done += (x1 - x0) * bh
            if done >= POLL_SQUARES and chunk[c0] < nc:
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
    return passed_on(status)


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
    return passed_on(status)

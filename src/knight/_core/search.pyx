"""Search cores: plain backtracking, Warnsdorff-ordered backtracking and
greedy Warnsdorff.

The cores work on a padded copy of the board: ``cells`` is a flat int32 array
of (rows + 4) x (cols + 4) cells whose two-cell border is permanently marked
visited, so a knight move never needs a bounds check.  They are ``noexcept
nogil`` C functions (declared in ``search.pxd``) that return a status code:
the ``def`` entry points below, which :mod:`knight.search` calls, and the
public C-level API :mod:`knight.capi` run the very same functions, so there
is one implementation.  Callers validate the arguments; ``run_*`` allocate
the work memory (``alloc_work``) and free it.  The search loops themselves
are ``search_loops.pxi.in``'s, shared with the cores over a neighbour table
(``table_search.pyx``); this module sets up the padded board around them.

Cell encoding (one array, so a probe touches one cache line):

* an unvisited square holds its number of unvisited neighbours, 0..8
  (the plain search does not keep counts; its unvisited squares hold 0);
* a visited square or a border cell holds ``VISITED`` more than that, and
  neighbour updates never bring it below ``FREE_BELOW``, so "unvisited" is
  just ``cells[q] < FREE_BELOW``.

Every ``POLL_MASK + 1`` nodes a core takes the GIL for a moment to check the
caller's cancel flag, the deadline and pending signals (``poll_status``).
A signal handler that raised (Ctrl-C) leaves its exception pending and the
core returns C_INTERRUPTED: the ``def`` entry points re-raise it.
"""

from libc.stdint cimport INT64_MAX, int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free
from .status cimport (
    C_CANCELLED,
    C_DEAD_END,
    C_EXHAUSTED,
    C_FOUND,
    C_INTERRUPTED,
    C_NODE_LIMIT,
    C_NOT_CLOSED,
    C_NO_MEMORY,
    C_TIME_LIMIT,
)

from .poll cimport cancel_address, now, reraise_pending

import time

cdef extern from *:
    """
    #include <stdlib.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Large work arrays on transparent huge pages where the system has them,
       as numpy does for its arrays of 4 MiB and more: the walks probe rows
       far apart, and 4 KiB pages would cost a TLB miss per row.
       knight_huge_work switches the advice (work_hugepages() below).

       The allocation policy (issue 19), chosen from measurements: keep
       MADV_HUGEPAGE here and keep numpy's own huge-page advice on the boards.
       The worry was the first call of a process: measured once on this
       2-core VM (THP enabled=madvise, defrag=madvise), the first
       solve(10000, closed=True) took 1.24 s against 0.06 s later, a 40 MB
       madvised region 121 ms to touch against 20 ms from calloc.  Measured
       again (benchmarks/bench_board.py, fresh processes, medians of 5, CPU
       seconds, load 4-5 on the 2 cores), first call / later calls:
                                    as shipped  work malloc'd  numpy's off  no advice
         solve(10000, closed=True)  0.26/0.23   0.24/0.22      0.47/0.47    0.47/0.47
         3000x3000 greedy dead end  0.33/0.33   0.38/0.36      0.34/0.33    0.38/0.39
       and touching 400 MB in a fresh C process: 180-340 ms madvised, 540-870
       ms on 4 KiB pages (malloc or calloc), 360-400 ms with
       MADV_POPULATE_WRITE.  No compaction stall was recorded
       (compact_stall 0, thp_fault_fallback 0).  So dropping the advice made
       first calls slower, not faster, and later calls up to 2x slower.
       The stall once seen most likely comes from the VM: its balloon reports free 2 MiB
       blocks to the host (page_reporting_order 9), which drops them, and
       the next touch of such memory faults in the host.  A huge page needs
       a whole free block, so it meets that cost first; an array bigger than
       the small free fragments meets it on 4 KiB pages too, so the page size
       does not remove it.  Revisit if the benchmark's "first call" rows show
       the "none" policy with a first call far cheaper than "default". */
    static int knight_huge_work = 1;
    static void *knight_alloc(size_t bytes) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (knight_huge_work && bytes >= ((size_t)4 << 20)) {
            void *p = NULL;
            if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0) return NULL;
            madvise(p, bytes, MADV_HUGEPAGE);
            return p;
        }
    #endif
        return malloc(bytes ? bytes : 1);
    }
    """
    int knight_huge_work
    void* knight_alloc(size_t bytes) noexcept nogil

cdef enum:
    VISITED = 64
    FREE_BELOW = 32
    POLL_MASK = 16383
    NO_VALUE = 99
    STRIDE = 10          # per-depth record of the ordered search: next, count, 8 moves
    PREPARE_BAND_CELLS = 1 << 20   # set-up between two polls (a few ms)

# For the callers that size the arrays.
MOVE_STRIDE = STRIDE

# Status codes (search.pxd; the same values as knight.capi's KT_* codes).
FOUND, EXHAUSTED, NODE_LIMIT, TIME_LIMIT, DEAD_END, NOT_CLOSED, CANCELLED = (
    C_FOUND, C_EXHAUSTED, C_NODE_LIMIT, C_TIME_LIMIT, C_DEAD_END, C_NOT_CLOSED, C_CANCELLED)
TIE_FIRST, TIE_RANDOM, TIE_ROTH, TIE_POHL = range(4)

cdef object _clock = time.perf_counter


include "search_loops.rect.pxi"


cdef inline void _board_graph(Graph* g, const int32_t* order, Py_ssize_t rows,
                              Py_ssize_t cols) noexcept nogil:
    """The padded board's moves (``order``: 8 (drow, dcol) pairs) as flat offsets."""
    cdef int k
    g.width = cols + 4
    g.rows = rows
    g.cols = cols
    for k in range(8):
        g.off[k] = order[2 * k] * g.width + order[2 * k + 1]


cdef void _count_neighbours(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols,
                            const Py_ssize_t* off) noexcept nogil:
    _count_rows(cells, cols, off, 0, rows)


cdef void _count_rows(int32_t* cells, Py_ssize_t cols, const Py_ssize_t* off, Py_ssize_t r0,
                      Py_ssize_t r1) noexcept nogil:
    """Free-neighbour counts of the squares of board rows r0..r1-1."""
    cdef Py_ssize_t r, _c, p, width = cols + 4
    cdef int k, n
    for r in range(r0, r1):
        p = (r + 2) * width + 2
        for _c in range(cols):
            n = 0
            for k in range(8):
                if cells[p + off[k]] < FREE_BELOW:
                    n += 1
            cells[p] = n
            p += 1


cdef int _prepare(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols, const Py_ssize_t* off,
                  bint counts, double deadline, const uint8_t* cancel) noexcept nogil:
    """``_clear`` (and ``_count_neighbours`` with ``counts``), in bands of rows
    with a poll between bands on big boards, so that a timeout or a cancel
    is seen during the set-up, which takes seconds on 10^8 squares; returns
    C_FOUND (go on) or the poll's status.  Small boards take one band."""
    cdef Py_ssize_t band, r0
    cdef int status
    if rows * cols < PREPARE_BAND_CELLS:
        _clear(cells, rows, cols)
        if counts:
            _count_neighbours(cells, rows, cols, off)
        return C_FOUND
    band = PREPARE_BAND_CELLS // (cols + 4) + 1
    r0 = 0
    while r0 < rows + 4:
        _clear_rows(cells, rows, cols, r0, min(r0 + band, rows + 4))
        r0 += band
        status = _polled(deadline, cancel)
        if status != C_FOUND:
            return status
    r0 = 0
    while counts and r0 < rows:
        _count_rows(cells, cols, off, r0, min(r0 + band, rows))
        r0 += band
        status = _polled(deadline, cancel)
        if status != C_FOUND:
            return status
    return C_FOUND


cdef void _clear(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """Mark the two-cell border visited and the board's squares free (0)."""
    _clear_rows(cells, rows, cols, 0, rows + 4)


cdef void _clear_rows(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t r0,
                      Py_ssize_t r1) noexcept nogil:
    """``_clear`` of the padded rows r0..r1-1."""
    cdef Py_ssize_t r, c, width = cols + 4
    for r in range(r0, r1):
        for c in range(width):
            cells[r * width + c] = 0 if (2 <= r < rows + 2 and 2 <= c < cols + 2) else VISITED


cdef Py_ssize_t work_entries(Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """Entries of the int32 work array: the padded board, then the path."""
    return (rows + 4) * (cols + 4) + rows * cols


cdef Py_ssize_t move_entries(Py_ssize_t rows, Py_ssize_t cols, bint ordered) noexcept nogil:
    """Entries of the int8 per-depth array of the backtracking searches."""
    return rows * cols * (STRIDE if ordered else 1)


cdef void* alloc_work(size_t bytes) noexcept nogil:
    """``malloc`` (huge pages for big arrays where Linux has them); release with ``free``."""
    return knight_alloc(bytes)


def work_hugepages(on=None):
    """Whether the work arrays of 4 MiB and more ask for transparent huge pages
    (``madvise(MADV_HUGEPAGE)``); ``on`` (a bool) sets it for the process.
    Returns the setting before the call.  For the benchmarks, which measure
    both policies in the same run."""
    global knight_huge_work
    cdef int before = knight_huge_work
    if on is not None:
        knight_huge_work = 1 if on else 0
    return bool(before)


def work_size(Py_ssize_t rows, Py_ssize_t cols):
    """Entries of the int32 work array the cores need: padded board and path."""
    return work_entries(rows, cols)


cdef int tree_search(int32_t* board, Py_ssize_t rows, Py_ssize_t cols, int32_t* work,
                     int8_t* moves, const int32_t* order, Py_ssize_t start_row,
                     Py_ssize_t start_col, bint ordered, bint closed, int64_t max_nodes,
                     double deadline, const uint8_t* cancel, Counters* counters) noexcept nogil:
    """One depth-first search from ``(start_row, start_col)``; returns its status.

    ``work`` has ``work_entries(rows, cols)`` entries, ``moves``
    ``move_entries(rows, cols, ordered)``; their contents on entry do not
    matter.  ``board`` (rows*cols, C order) receives the tour when the
    status is C_FOUND, -1s otherwise.  ``max_nodes`` <= 0: no limit.
    """
    cdef Graph g
    cdef Py_ssize_t s = (start_row + 2) * (cols + 4) + start_col + 2
    cdef int32_t* path = work + (rows + 4) * (cols + 4)
    cdef int status
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    _board_graph(&g, order, rows, cols)
    status = _prepare(work, rows, cols, g.off, ordered, deadline, cancel)
    if status != C_FOUND:
        counters.nodes = counters.backtracks = counters.depth = 0
        _fill(board, rows * cols, -1)
        return status
    if ordered:
        status = _dfs_ordered(work, &g, path, moves, s, rows * cols - 1, closed,
                              max_nodes, deadline, cancel, counters)
    else:
        status = _dfs_plain(work, &g, path, moves, s, rows * cols - 1, closed,
                            max_nodes, deadline, cancel, counters)
    if status == C_FOUND:
        _fill_path(board, rows * cols, &g, path, rows * cols)
    else:
        _fill(board, rows * cols, -1)
    return status


cdef int32_t* _work(Py_ssize_t rows, Py_ssize_t cols, Counters* counters) noexcept nogil:
    """A search's int32 work array (NULL: no memory), the counters zeroed
    first so that a caller reads zeros after a refusal."""
    counters.nodes = counters.backtracks = counters.depth = 0
    return <int32_t*>alloc_work(work_entries(rows, cols) * sizeof(int32_t))


cdef int run_tree_search(int32_t* board, Py_ssize_t rows, Py_ssize_t cols,
                         const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                         bint ordered, bint closed, int64_t max_nodes, double deadline,
                         const uint8_t* cancel, Counters* counters) noexcept nogil:
    """:c:func:`tree_search` on work memory allocated here and freed; C_NO_MEMORY
    (board untouched) when there is none."""
    cdef int32_t* work = _work(rows, cols, counters)
    cdef int8_t* moves = <int8_t*>alloc_work(move_entries(rows, cols, ordered))
    cdef int status = C_NO_MEMORY
    if work != NULL and moves != NULL:
        status = tree_search(board, rows, cols, work, moves, order, start_row, start_col,
                             ordered, closed, max_nodes, deadline, cancel, counters)
    free(work)
    free(moves)
    return status


cdef int _raise_for(int status, Py_ssize_t rows, Py_ssize_t cols, str arrays,
                    str what) except -1:
    """Raise what a core's status means for its Python caller: the pending
    interrupt, or MemoryError when its work memory could not be had."""
    if status == C_INTERRUPTED:
        reraise_pending()
    if status == C_NO_MEMORY:
        raise MemoryError(f"no memory for the {arrays} of the {rows}x{cols} {what}")
    return 0


cdef int _check_order(const int32_t[:, ::1] order) except -1:
    if order.shape[0] != 8 or order.shape[1] != 2:
        raise ValueError("order must have shape (8, 2)")
    return 0


def backtrack(int32_t[:, ::1] board, const int32_t[:, ::1] order, Py_ssize_t start_row,
              Py_ssize_t start_col, bint ordered, bint closed, int64_t max_nodes,
              double deadline, const uint8_t[::1] cancel=None):
    """Depth-first search for a tour; returns ``(status, nodes, backtracks)``.

    ``ordered=False`` is the textbook search: moves tried in ``order``.
    ``ordered=True`` tries them in Warnsdorff order (fewest onward squares
    first, ties in ``order``).  For a closed tour the last square must be a
    knight move from the first; the ordered search also abandons a branch as
    soon as the start square has no free neighbour left to come back from.

    ``board`` receives the tour when the status is FOUND, -1s otherwise.  A
    node is one placement of the knight, the start included; a backtrack is
    one retreat.  ``cancel`` (a uint8 array, or None) stops the search with
    status CANCELLED once its first cell is non-zero; Ctrl-C raises
    ``KeyboardInterrupt``.  The caller has validated the start and sizes.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef int status
    _check_order(order)
    with nogil:
        status = run_tree_search(&board[0, 0], rows, cols, &order[0, 0], start_row, start_col,
                                 ordered, closed, max_nodes, deadline, flag, &counters)
    _raise_for(status, rows, cols, "work arrays", "search")
    return status, counters.nodes, counters.backtracks


cdef double _now() except -1.0 with gil:
    return _clock()


def backtrack_starts(int32_t[:, :, ::1] boards, const int32_t[:, ::1] order,
                     const int32_t[:, ::1] starts, bint ordered, bint closed, int64_t max_nodes,
                     double timeout, int64_t[:, ::1] results, double[::1] seconds,
                     const uint8_t[::1] cancel=None):
    """:func:`backtrack` from each start in turn, in one call (for sweeps).

    ``boards[i]`` receives the tour from ``starts[i]`` (or -1s), ``results[i]``
    its ``(status, nodes, backtracks)`` and ``seconds[i]`` its time;
    ``max_nodes`` and ``timeout`` (seconds, 0 for none) apply to each start.
    One call instead of one per start keeps the per-start cost to the
    search itself.  Returns how many starts ran: fewer than ``len(starts)``
    when ``cancel`` stopped the sweep (that start's status is CANCELLED).
    """
    cdef Py_ssize_t k = starts.shape[0], i, done = 0
    cdef Py_ssize_t rows = boards.shape[1], cols = boards.shape[2]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef int32_t* work
    cdef int8_t* moves
    cdef Counters counters
    cdef int status = C_FOUND
    cdef double began, deadline
    _check_order(order)
    if boards.shape[0] < k or results.shape[0] < k or seconds.shape[0] < k:
        raise ValueError("arrays too small")
    if k == 0:
        return 0
    with nogil:
        work = <int32_t*>alloc_work(work_entries(rows, cols) * sizeof(int32_t))
        moves = <int8_t*>alloc_work(move_entries(rows, cols, ordered))
        if work == NULL or moves == NULL:
            status = C_NO_MEMORY
        else:
            for i in range(k):
                began = _now()
                deadline = now() + timeout if timeout > 0.0 else 0.0
                status = tree_search(&boards[i, 0, 0], rows, cols, work, moves, &order[0, 0],
                                     starts[i, 0], starts[i, 1], ordered, closed, max_nodes,
                                     deadline, flag, &counters)
                results[i, 0] = status
                results[i, 1] = counters.nodes
                results[i, 2] = counters.backtracks
                seconds[i] = _now() - began
                done = i + 1
                if status == C_CANCELLED or status == C_INTERRUPTED:
                    break
        free(work)
        free(moves)
    _raise_for(status, rows, cols, "work arrays", "search")
    return done


cdef int greedy_walk(int32_t* board, Py_ssize_t rows, Py_ssize_t cols, int32_t* work,
                     const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                     int tie_break, uint64_t seed, bint closed, double deadline,
                     const uint8_t* cancel, Counters* counters) noexcept nogil:
    """Greedy Warnsdorff walk without backtracking; returns its status.

    At each step the knight moves to the free square with the fewest free
    onward squares; ties go by ``tie_break`` (see ``_greedy`` in
    ``search_loops.pxi.in``), the first in ``order`` among equals.

    ``work`` is as for :c:func:`tree_search`; afterwards its path part (from
    entry ``(rows + 4) * (cols + 4)``) holds the walk's padded squares in
    order.  ``board`` receives the squares reached (-1 elsewhere) whatever
    the status; ``counters.nodes`` how many.
    """
    cdef Graph g
    cdef int32_t* pth = work + (rows + 4) * (cols + 4)
    cdef int status
    _board_graph(&g, order, rows, cols)
    status = _prepare(work, rows, cols, g.off, True, deadline, cancel)
    if status != C_FOUND:
        counters.nodes = counters.backtracks = counters.depth = 0
        _fill(board, rows * cols, -1)
        return status
    status = _greedy(work, &g, pth, (start_row + 2) * g.width + start_col + 2, rows * cols,
                     tie_break, seed, closed, deadline, cancel, counters)
    _fill_path(board, rows * cols, &g, pth, counters.nodes)
    return status


cdef int run_greedy_walk(int32_t* board, Py_ssize_t rows, Py_ssize_t cols,
                         const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                         int tie_break, uint64_t seed, bint closed, double deadline,
                         const uint8_t* cancel, Counters* counters) noexcept nogil:
    """:c:func:`greedy_walk` on work memory allocated here and freed; C_NO_MEMORY
    (board untouched) when there is none."""
    cdef int32_t* work = _work(rows, cols, counters)
    cdef int status = C_NO_MEMORY
    if work != NULL:
        status = greedy_walk(board, rows, cols, work, order, start_row, start_col, tie_break,
                             seed, closed, deadline, cancel, counters)
    free(work)
    return status


def warnsdorff(int32_t[:, ::1] board, const int32_t[:, ::1] order, Py_ssize_t start_row,
               Py_ssize_t start_col, int tie_break, uint64_t seed, bint closed,
               double deadline, const uint8_t[::1] cancel=None):
    """Greedy Warnsdorff walk (see :c:func:`greedy_walk`); returns ``(status, squares)``.

    ``board`` receives the squares reached (-1 elsewhere) whatever the
    status.  ``cancel`` and Ctrl-C as for :func:`backtrack`.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef int status
    _check_order(order)
    with nogil:
        status = run_greedy_walk(&board[0, 0], rows, cols, &order[0, 0], start_row, start_col,
                                 tie_break, seed, closed, deadline, flag, &counters)
    _raise_for(status, rows, cols, "work array", "walk")
    return status, counters.nodes

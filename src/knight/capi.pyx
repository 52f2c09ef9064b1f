"""knight.capi: the C-level API of knight-tour, for Cython extensions.

Declared in ``knight/capi.pxd`` (read it first: it states the conventions
every function follows); another extension ``cimport``\\ s it, built with
``include_path=[knight.get_include()]``.  These functions only check their
arguments and allocate the work memory: the searches are those of
``knight._core.search`` and ``knight._core.verify``, the very functions
:func:`knight.solve` and :func:`knight.verify` run.

The ``kt_board_*`` functions over any board's neighbour table run the
general cores of ``knight._core.table_search``, the very ones
:func:`knight.solve` runs on a :class:`knight.Board` with holes, another
leaper or wrap-around.

From Python this module says which API version it implements, and builds
the tables of a :class:`knight.Board` for a ``kt_board``:

>>> import knight.capi
>>> knight.capi.API_VERSION
2
>>> nbr, deg, roth = knight.capi.board_tables(knight.Board(3, 4))
>>> nbr.shape, nbr[0].tolist()[:deg[0]], int(roth[0])
((12, 8), [9, 6], 13)
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free

from knight._core.construct cimport construct_tour
from knight._core.poll cimport reraise_pending
from knight._core.status cimport C_NO_MEMORY
from knight._core.search cimport (
    Counters,
    alloc_work,
    run_greedy_walk,
    run_tree_search,
)
from knight._core.table_search cimport (
    table_greedy_walk,
    table_move_entries,
    table_tree_search,
    table_work_entries,
)
from knight._core.verify cimport verify_core

import numpy as np

from knight.board import Board

cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX

#: The version of the C-level API this build implements (``KT_API_VERSION``).
API_VERSION = KT_API_VERSION

# DEFAULT_ORDER of knight.geometry, as the cores take a move order.
cdef int32_t _DEFAULT_ORDER[16]
_DEFAULT_ORDER[:] = [2, 1, 1, 2, -1, 2, -2, 1, -2, -1, -1, -2, 1, -2, 2, -1]


cdef int kt_api_version() noexcept nogil:
    return KT_API_VERSION


cdef int kt_reraise() except -1:
    return reraise_pending()


cdef inline void _clear_stats(kt_stats* stats) noexcept nogil:
    if stats != NULL:
        stats.nodes = 0
        stats.backtracks = 0
        stats.squares = 0


cdef bint _good_size(Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """A board the cores can index: both sides >= 1, the padded board in int32."""
    if rows < 1 or cols < 1 or rows > KT_MAX_SQUARES or cols > KT_MAX_SQUARES:
        return False
    # Padded squares are stored as int32 in the path.
    return rows * cols <= KT_MAX_SQUARES and (rows + 4) * (cols + 4) <= 2147483647


cdef const int32_t* _order(const int32_t* order) noexcept nogil:
    """``order`` if it lists the eight knight moves once each, the default for
    NULL, NULL for anything else."""
    cdef int k, j, dr, dc
    if order == NULL:
        return _DEFAULT_ORDER
    for k in range(8):
        dr = order[2 * k]
        dc = order[2 * k + 1]
        if not ((dr == 1 or dr == -1) and (dc == 2 or dc == -2)
                or (dr == 2 or dr == -2) and (dc == 1 or dc == -1)):
            return NULL
        for j in range(k):
            if order[2 * j] == dr and order[2 * j + 1] == dc:
                return NULL
    return order


cdef int _check(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                const int32_t* order, const int32_t** moves, kt_stats* stats) noexcept nogil:
    """KT_OK, or KT_BAD_ARGUMENT for a board, start or order the cores cannot take;
    the stats are cleared either way, so a refused call never shows the last
    call's figures."""
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    _clear_stats(stats)
    if not _good_size(rows, cols):
        return KT_BAD_ARGUMENT
    if not (0 <= start_row < rows and 0 <= start_col < cols):
        return KT_BAD_ARGUMENT
    moves[0] = _order(order)
    if moves[0] == NULL:
        return KT_BAD_ARGUMENT
    return KT_OK


cdef inline void _stats(kt_stats* stats, Counters* counters, int64_t squares) noexcept nogil:
    if stats != NULL:
        stats.nodes = counters.nodes
        stats.backtracks = counters.backtracks
        stats.squares = squares


cdef int kt_warnsdorff(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                       const int32_t* order, int tie_break, uint64_t seed, bint closed,
                       double deadline, const uint8_t* cancel,
                       kt_stats* stats) noexcept nogil:
    cdef const int32_t* moves = NULL
    cdef Counters counters
    cdef int status = _check(board, start_row, start_col, order, &moves, stats)
    if status != KT_OK:
        return status
    if tie_break < <int>KT_TIE_FIRST or tie_break > <int>KT_TIE_POHL:
        return KT_BAD_ARGUMENT
    status = run_greedy_walk(&board[0, 0], board.shape[0], board.shape[1], moves, start_row,
                             start_col, tie_break, seed, closed, deadline, cancel, &counters)
    if status != C_NO_MEMORY:
        _stats(stats, &counters, counters.nodes)
    return status


cdef int _tree(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
               const int32_t* order, bint ordered, bint closed, int64_t max_nodes,
               double deadline, const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    cdef const int32_t* moves = NULL
    cdef Counters counters
    cdef int status = _check(board, start_row, start_col, order, &moves, stats)
    if status != KT_OK:
        return status
    status = run_tree_search(&board[0, 0], board.shape[0], board.shape[1], moves, start_row,
                             start_col, ordered, closed, max_nodes, deadline, cancel, &counters)
    if status != C_NO_MEMORY:
        _stats(stats, &counters,
               board.shape[0] * board.shape[1] if status == KT_FOUND else 0)
    return status


cdef int kt_warnsdorff_backtrack(int32_t[:, ::1] board, Py_ssize_t start_row,
                                 Py_ssize_t start_col, const int32_t* order, bint closed,
                                 int64_t max_nodes, double deadline, const uint8_t* cancel,
                                 kt_stats* stats) noexcept nogil:
    return _tree(board, start_row, start_col, order, True, closed, max_nodes, deadline,
                 cancel, stats)


cdef int kt_backtrack(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                      const int32_t* order, bint closed, int64_t max_nodes, double deadline,
                      const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    return _tree(board, start_row, start_col, order, False, closed, max_nodes, deadline,
                 cancel, stats)


cdef int kt_verify(const int32_t[:, ::1] board, bint closed,
                   Py_ssize_t* where) noexcept nogil:
    cdef Py_ssize_t at[2]
    cdef int status
    if not _good_size(board.shape[0], board.shape[1]):
        return KT_BAD_ARGUMENT
    status = verify_core(&board[0, 0], board.shape[0], board.shape[1], closed, at)
    if where != NULL:
        where[0] = at[0]
        where[1] = at[1]
    # The cores' statuses are the KT_* codes (status.pxd; tests/core/test_status.py).
    return <kt_status>status


cdef inline int _construct(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                           bint closed, const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    # construct_tour checks its arguments and returns KT_* values itself
    # (knight._core.status mirrors them; tests/solve/test_construct.py checks).
    cdef int status = construct_tour(board, start_row, start_col, closed, cancel)
    _clear_stats(stats)
    if status == KT_OK and stats != NULL:
        stats.squares = board.shape[0] * board.shape[1]
    return status


cdef int kt_construct_closed(int32_t[:, ::1] board, Py_ssize_t start_row,
                             Py_ssize_t start_col, const uint8_t* cancel,
                             kt_stats* stats) noexcept nogil:
    return _construct(board, start_row, start_col, True, cancel, stats)


cdef int kt_construct_open(int32_t[:, ::1] board, Py_ssize_t start_row,
                           Py_ssize_t start_col, const uint8_t* cancel,
                           kt_stats* stats) noexcept nogil:
    return _construct(board, start_row, start_col, False, cancel, stats)


# -- any board: a neighbour table ----------------------------------------------


cdef int _check_table(const kt_board* board) noexcept nogil:
    """KT_OK, or KT_BAD_ARGUMENT for a table the cores cannot trust.

    One pass over the table: the cores index ``steps``, their cells and
    their path by the neighbours they read, so every valid entry must be a
    square, and a row may hold no more than KT_MAX_DEGREE of them (the
    cores' per-square buffers hold 64)."""
    cdef Py_ssize_t n, width, p
    cdef const int32_t* row
    cdef int k, d
    cdef int32_t q
    if board == NULL or board.neighbours == NULL or board.degree == NULL:
        return KT_BAD_ARGUMENT
    n = board.squares
    width = board.width
    if n < 1 or n > KT_MAX_SQUARES or width < 1 or width > KT_MAX_DEGREE:
        return KT_BAD_ARGUMENT
    for p in range(n):
        d = board.degree[p]
        if d > width:
            return KT_BAD_ARGUMENT
        row = board.neighbours + p * width
        for k in range(d):
            q = row[k]
            if q < 0 or q >= n or q == p:
                return KT_BAD_ARGUMENT
    return KT_OK


cdef bint _balanced(const kt_board* board, int32_t* count) noexcept nogil:
    """Does each square appear exactly ``degree`` times among the valid entries?

    The cores' cells rely on it: a visit subtracts one from each neighbour
    listed, so a square listed more often than its degree could sink below
    the line between visited and free, and the closed search's "the start
    has no free neighbour left" test reads the start's count.  A symmetric
    table always passes.  ``count`` has ``squares`` entries (the work array).
    """
    cdef Py_ssize_t n = board.squares, width = board.width, p
    cdef const int32_t* row
    cdef int k
    cdef int32_t q
    for p in range(n):
        count[p] = 0
    for p in range(n):
        row = board.neighbours + p * width
        for k in range(board.degree[p]):
            q = row[k]
            count[q] += 1
            if count[q] > board.degree[q]:
                return False
    for p in range(n):
        if count[p] != board.degree[p]:
            return False
    return True


cdef bint _fits(Py_ssize_t n, Py_ssize_t width) noexcept nogil:
    """Do the work arrays' byte counts fit a Py_ssize_t?  (Always, on 64 bits.)"""
    return n <= (PY_SSIZE_T_MAX - 8) // 8 and n <= PY_SSIZE_T_MAX // (width + 2)


cdef int _check_search(const kt_board* board, const int32_t* steps, Py_ssize_t start,
                       kt_stats* stats) noexcept nogil:
    """What every search entry checks first (the stats are cleared even when
    it refuses, so a caller never reads the last call's figures)."""
    cdef int status = _check_table(board)
    _clear_stats(stats)
    if status != KT_OK:
        return status
    if steps == NULL or not 0 <= start < board.squares:
        return KT_BAD_ARGUMENT
    if not _fits(board.squares, board.width):
        return KT_NO_MEMORY
    return KT_OK


cdef int _work(const kt_board* board, int32_t** work) noexcept nogil:
    """Allocate a search's int32 work array into ``work`` (the caller frees it)
    and check in it that the table lists every move both ways."""
    work[0] = <int32_t*>alloc_work(table_work_entries(board.squares) * sizeof(int32_t))
    if work[0] == NULL:
        return KT_NO_MEMORY
    return KT_OK if _balanced(board, work[0]) else KT_BAD_ARGUMENT


cdef int kt_board_warnsdorff(const kt_board* board, int32_t* steps, Py_ssize_t start,
                             int tie_break, uint64_t seed, bint closed, double deadline,
                             const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    cdef Counters counters
    cdef int32_t* work = NULL
    cdef int status = _check_search(board, steps, start, stats)
    if status == KT_OK and (tie_break < <int>KT_TIE_FIRST or tie_break > <int>KT_TIE_POHL
                            or (tie_break == <int>KT_TIE_ROTH and board.roth == NULL)):
        status = KT_BAD_ARGUMENT
    if status == KT_OK:
        status = _work(board, &work)
    if status == KT_OK:
        counters.nodes = counters.backtracks = counters.depth = 0
        status = table_greedy_walk(steps, board.neighbours, board.degree, board.squares,
                                   board.width, work, board.roth, start, tie_break, seed, closed,
                                   deadline, cancel, &counters)
        _stats(stats, &counters, counters.nodes)
    free(work)
    return status


cdef int kt_board_backtrack(const kt_board* board, int32_t* steps, Py_ssize_t start,
                            bint ordered, bint closed, int64_t max_nodes, double deadline,
                            const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    cdef Counters counters
    cdef int32_t* work = NULL
    cdef uint8_t* moves = NULL
    cdef int status = _check_search(board, steps, start, stats)
    if status == KT_OK:
        status = _work(board, &work)
    if status == KT_OK:
        moves = <uint8_t*>alloc_work(table_move_entries(board.squares, board.width, ordered))
        if moves == NULL:
            status = KT_NO_MEMORY
    if status == KT_OK:
        counters.nodes = counters.backtracks = counters.depth = 0
        status = table_tree_search(steps, board.neighbours, board.degree, board.squares,
                                   board.width, work, moves, start, ordered, closed, max_nodes,
                                   deadline, cancel, &counters)
        _stats(stats, &counters, board.squares if status == KT_FOUND else 0)
    free(work)
    free(moves)
    return status


cdef inline bint _lists(const kt_board* board, Py_ssize_t p, int32_t square,
                        const int32_t* steps, int32_t step) noexcept nogil:
    """Does p's row list a square holding ``step`` (``square`` >= 0: that square)?"""
    cdef const int32_t* row = board.neighbours + p * board.width
    cdef int k
    for k in range(board.degree[p]):
        if (square >= 0 and row[k] == square) or (square < 0 and steps[row[k]] == step):
            return True
    return False


cdef int kt_board_verify(const kt_board* board, const int32_t* steps, bint closed,
                         Py_ssize_t* where) noexcept nogil:
    # One pass, as knight._core.verify's: if step 0 is present and every
    # square but the last has a neighbour holding the next step, the chain
    # from step 0 meets every value 0..n-1 once, so each appears exactly once.
    cdef Py_ssize_t n, p, start = -1, last = -1
    cdef int32_t v
    cdef int status = _check_table(board)
    if where != NULL:
        where[0] = -1
    if status != KT_OK:
        return status
    if steps == NULL:
        return KT_BAD_ARGUMENT
    n = board.squares
    for p in range(n):
        v = steps[p]
        if v < 0 or v >= n:
            status = KT_OUT_OF_RANGE
            break
        if v == 0:
            start = p
        if v == n - 1:
            last = p
        elif not _lists(board, p, -1, steps, v + 1):
            status = KT_NOT_A_KNIGHT_MOVE
            break
    if status == KT_OK and start < 0:
        status = KT_REPEATED
    elif status == KT_OK and closed and not _lists(board, last, <int32_t>start, steps, 0):
        status = KT_NOT_CLOSED
        p = last
    if where != NULL and status != KT_REPEATED:
        where[0] = start if status == KT_OK else p
    return status


def board_tables(board, order=None):
    """The tables of a :class:`knight.Board` for a ``kt_board``:
    ``(neighbours, degree, roth)``.

    ``neighbours`` is int32 ``(board.size, len(moves))``, C-contiguous: row
    ``p`` lists the usable neighbours of square ``p`` (the usable squares
    numbered row-major, as :attr:`knight.Board.squares`) in move order --
    ``order``, a permutation of ``board.moves``, or the board's own -- padded
    with ``board.size``.  ``degree`` is uint8 ``(board.size,)`` and ``roth``
    int64 ``(board.size,)``, Roth's key ``(2r-(rows-1))**2 + (2c-(cols-1))**2``.
    With them the ``kt_board_*`` functions make the decisions
    ``knight.solve(board, order=order, method=...)`` makes.  The first two
    are the board's cached tables, read-only (a ``const`` memoryview takes
    them); copy them to change them.

    >>> import knight, knight.capi
    >>> ring = knight.Board(2, 3, moves="wazir", wrap="cylinder")
    >>> nbr, deg, roth = knight.capi.board_tables(ring)
    >>> nbr.tolist()
    [[3, 1, 2, 6], [4, 2, 0, 6], [5, 0, 1, 6], [4, 0, 5, 6], [5, 1, 3, 6], [3, 2, 4, 6]]
    >>> deg.tolist(), roth.tolist()
    ([3, 3, 3, 3, 3, 3], [5, 1, 5, 5, 1, 5])
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a knight.Board, not {type(board).__name__}")
    if order is not None:
        # with_moves_order checks that order lists the board's moves, each once.
        board = board.with_moves_order([tuple(int(v) for v in m) for m in order])
    nbr = board.neighbours()[:board.size]
    sq = board.squares.astype(np.int64)
    roth = (2 * sq[:, 0] - (board.rows - 1)) ** 2 + (2 * sq[:, 1] - (board.cols - 1)) ** 2
    return nbr, board.degrees(), roth

"""knight.capi: the C-level API of knight-tour, for Cython extensions.

Declared in ``knight/capi.pxd`` (read it first: it states the conventions
every function follows); another extension ``cimport``\\ s it, built with
``include_path=[knight.get_include()]``.  These functions only check their
arguments and allocate the work memory: the searches are those of
``knight._core.search`` and ``knight._core.verify``, the very functions
:func:`knight.solve` and :func:`knight.verify` run.

From Python this module only says which API version it implements:

>>> import knight.capi
>>> knight.capi.API_VERSION
1
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from knight._core.construct cimport construct_tour
from knight._core.poll cimport reraise_pending
from knight._core.search cimport Counters, S_NO_MEMORY, run_greedy_walk, run_tree_search
from knight._core.verify cimport (
    S_BROKEN,
    S_NOT_CLOSED,
    S_OK,
    S_OUT_OF_RANGE,
    S_REPEATED,
    verify_core,
)

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
                const int32_t* order, const int32_t** moves) noexcept nogil:
    """KT_OK, or KT_BAD_ARGUMENT for a board, start or order the cores cannot take."""
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
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
    cdef int status = _check(board, start_row, start_col, order, &moves)
    _clear_stats(stats)
    if status != KT_OK:
        return status
    if tie_break < <int>KT_TIE_FIRST or tie_break > <int>KT_TIE_POHL:
        return KT_BAD_ARGUMENT
    status = run_greedy_walk(&board[0, 0], board.shape[0], board.shape[1], moves, start_row,
                             start_col, tie_break, seed, closed, deadline, cancel, &counters)
    if status != S_NO_MEMORY:
        _stats(stats, &counters, counters.nodes)
    return status


cdef int _tree(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
               const int32_t* order, bint ordered, bint closed, int64_t max_nodes,
               double deadline, const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    cdef const int32_t* moves = NULL
    cdef Counters counters
    cdef int status = _check(board, start_row, start_col, order, &moves)
    _clear_stats(stats)
    if status != KT_OK:
        return status
    status = run_tree_search(&board[0, 0], board.shape[0], board.shape[1], moves, start_row,
                             start_col, ordered, closed, max_nodes, deadline, cancel, &counters)
    if status != S_NO_MEMORY:
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
    if status == S_OK:
        return KT_OK
    if status == S_OUT_OF_RANGE:
        return KT_OUT_OF_RANGE
    if status == S_REPEATED:
        return KT_REPEATED
    if status == S_BROKEN:
        return KT_NOT_A_KNIGHT_MOVE
    if status == S_NOT_CLOSED:
        return KT_NOT_CLOSED
    return KT_BAD_ARGUMENT


cdef inline int _construct(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                           bint closed, const uint8_t* cancel, kt_stats* stats) noexcept nogil:
    # construct_tour checks its arguments and returns KT_* values itself
    # (knight._core.status mirrors them; tests/test_construct.py checks).
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

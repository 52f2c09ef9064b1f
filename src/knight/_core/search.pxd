# The search cores as C functions, shared by knight._core.search's def entry
# points and the public C-level API (knight.capi).  See search.pyx.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

# The cores' statuses are status.pxd's, the one status of every core.
cdef enum:
    # Tie-break rules of the greedy walk.
    T_FIRST = 0
    T_RANDOM = 1
    T_ROTH = 2
    T_POHL = 3

cdef struct Counters:
    int64_t nodes
    int64_t backtracks
    Py_ssize_t depth

cdef Py_ssize_t work_entries(Py_ssize_t rows, Py_ssize_t cols) noexcept nogil
cdef Py_ssize_t move_entries(Py_ssize_t rows, Py_ssize_t cols, bint ordered) noexcept nogil
cdef void* alloc_work(size_t bytes) noexcept nogil

cdef int tree_search(int32_t* board, Py_ssize_t rows, Py_ssize_t cols, int32_t* work,
                     int8_t* moves, const int32_t* order, Py_ssize_t start_row,
                     Py_ssize_t start_col, bint ordered, bint closed, int64_t max_nodes,
                     double deadline, const uint8_t* cancel, Counters* counters) noexcept nogil
cdef int run_tree_search(int32_t* board, Py_ssize_t rows, Py_ssize_t cols,
                         const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                         bint ordered, bint closed, int64_t max_nodes, double deadline,
                         const uint8_t* cancel, Counters* counters) noexcept nogil
cdef int greedy_walk(int32_t* board, Py_ssize_t rows, Py_ssize_t cols, int32_t* work,
                     const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                     int tie_break, uint64_t seed, bint closed, double deadline,
                     const uint8_t* cancel, Counters* counters) noexcept nogil
cdef int run_greedy_walk(int32_t* board, Py_ssize_t rows, Py_ssize_t cols,
                         const int32_t* order, Py_ssize_t start_row, Py_ssize_t start_col,
                         int tie_break, uint64_t seed, bint closed, double deadline,
                         const uint8_t* cancel, Counters* counters) noexcept nogil

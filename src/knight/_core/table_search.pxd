# The tour searches over a neighbour table as C functions, shared by
# knight._core.table_search's def entry points and the public C-level API
# (knight.capi).  See table_search.pyx.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from .search cimport Counters

cdef Py_ssize_t table_work_entries(Py_ssize_t n) noexcept nogil
cdef Py_ssize_t table_move_entries(Py_ssize_t n, Py_ssize_t width, bint ordered) noexcept nogil

cdef int table_tree_search(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work, uint8_t* moves,
                           Py_ssize_t start, bint ordered, bint closed, int64_t max_nodes,
                           double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil
cdef int table_greedy_walk(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work,
                           const int64_t* far, Py_ssize_t start, int tie_break, uint64_t seed,
                           bint closed, double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil

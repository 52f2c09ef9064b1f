# The breadth-first search of board_graph.pyx as a C function, shared by its
# ``distances`` and by table_count.pyx's clue distances.  See board_graph.pyx.
from libc.stdint cimport int32_t, uint8_t

cdef bint bfs_distances(const int32_t* nbr, const uint8_t* deg, Py_ssize_t n,
                        Py_ssize_t width, Py_ssize_t src, int32_t* dist,
                        int32_t* queue) noexcept nogil

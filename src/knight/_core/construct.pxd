# The construction core's C-level entry points (see construct.pyx):
# construct_tour for knight.capi and the Python facade knight.construct,
# which both call it; construct_blocks for construct_between.pyx, which
# writes its rectangles' closed tours straight into windows of its board.
# Their status codes are in status.pxd.
from libc.stdint cimport int32_t, uint8_t

cdef enum:
    MAX_SQUARES = 2146435071   # knight.capi's KT_MAX_SQUARES: int32 step numbers

cdef int construct_tour(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                        bint closed, const uint8_t* cancel) noexcept nogil
cdef int construct_blocks(int32_t* out, Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t stride,
                          Py_ssize_t start_row, Py_ssize_t start_col, bint closed,
                          const uint8_t* cancel, int32_t offset, Py_ssize_t last_row,
                          Py_ssize_t last_col) noexcept nogil

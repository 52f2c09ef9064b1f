# The construction core's C-level entry point (see construct.pyx), for
# knight.capi and the Python facade knight.construct, which both call it.
# Its status codes are in status.pxd.
from libc.stdint cimport int32_t, uint8_t

cdef enum:
    MAX_SQUARES = 2146435071   # knight.capi's KT_MAX_SQUARES: int32 step numbers

cdef int construct_tour(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                        bint closed, const uint8_t* cancel) noexcept nogil

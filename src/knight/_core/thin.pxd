# The thin-board construction in C (see thin.pyx), called by construct.pyx's
# construct_tour for boards with a side of 3 or 4.  Status codes: status.pxd.
from libc.stdint cimport int32_t, uint8_t

cdef int thin_tour_c(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                     bint closed, const uint8_t* cancel) noexcept nogil

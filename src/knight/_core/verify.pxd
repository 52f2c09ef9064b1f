# The verification core as a C function, shared by knight._core.verify and
# the C-level API (knight.capi).  See verify.pyx.
from libc.stdint cimport int32_t

# Its statuses are status.pxd's (C_OK, C_OUT_OF_RANGE, C_REPEATED,
# C_NOT_A_KNIGHT_MOVE, C_NOT_CLOSED): the KT_* codes of knight.capi.

cdef int verify_core(const int32_t* b, Py_ssize_t rows, Py_ssize_t cols, bint closed,
                     Py_ssize_t* where) noexcept nogil

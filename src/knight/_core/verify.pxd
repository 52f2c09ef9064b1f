# The verification core as a C function, shared by knight._core.verify and
# the C-level API (knight.capi).  See verify.pyx.
from libc.stdint cimport int32_t

cdef enum:
    S_OK = 0
    S_OUT_OF_RANGE = 1
    S_REPEATED = 2
    S_BROKEN = 3
    S_NOT_CLOSED = 4

cdef int verify_core(const int32_t* b, Py_ssize_t rows, Py_ssize_t cols, bint closed,
                     Py_ssize_t* where) noexcept nogil

# The one polling helper of every core (see poll.pyx).
from libc.stdint cimport uint8_t

cdef enum:
    # What poll() and poll_status() return (0: go on): the statuses of
    # status.pxd (C_OK, C_TIME_LIMIT, C_CANCELLED, C_INTERRUPTED), so a
    # core may pass them on as they are.
    POLL_GO = 0
    POLL_TIME_LIMIT = 3
    POLL_CANCELLED = 6
    POLL_INTERRUPTED = 7

cdef int poll(double deadline, const uint8_t* cancel) except -1 with gil
cdef int poll_status(double deadline, const uint8_t* cancel) noexcept with gil
cdef double now() except -1.0 with gil
cdef const uint8_t* cancel_address(const uint8_t[::1] cancel) except? NULL
cdef int reraise_pending() except -1
cdef int passed_on(int status) except -1

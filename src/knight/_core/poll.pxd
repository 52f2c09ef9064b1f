# The one polling helper of every core (see poll.pyx).
from libc.stdint cimport uint8_t

cdef enum:
    # What poll() and poll_status() return (0: go on).
    POLL_GO = 0
    POLL_TIME_LIMIT = 1
    POLL_CANCELLED = 2
    POLL_INTERRUPTED = 3

cdef int poll(double deadline, const uint8_t* cancel) except -1 with gil
cdef int poll_status(double deadline, const uint8_t* cancel) noexcept with gil
cdef double now() except -1.0 with gil
cdef const uint8_t* cancel_address(const uint8_t[::1] cancel) except? NULL
cdef int reraise_pending() except -1

# The one polling helper of every core (see poll.pyx).
cdef int poll(double deadline) except -1 with gil
cdef double now() except -1.0 with gil

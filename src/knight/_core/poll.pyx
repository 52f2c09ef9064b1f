"""The polling helper every core calls from its ``nogil`` loops.

A core runs with the GIL released; every few thousand nodes it calls
:c:func:`poll`, which takes the GIL for a moment so that a pending Ctrl-C
raises ``KeyboardInterrupt`` out of the core, and reports whether the
deadline has passed.  Deadlines are ``time.time()`` values (0: none), so a
deadline set in one process also holds in the worker processes it ships
work to.
"""

from cpython.exc cimport PyErr_CheckSignals

import time

cdef object _clock = time.time


cdef int poll(double deadline) except -1 with gil:
    """Raise a pending Ctrl-C; return 1 once ``deadline`` has passed, else 0."""
    PyErr_CheckSignals()
    if deadline > 0.0 and _clock() >= deadline:
        return 1
    return 0


cdef double now() except -1.0 with gil:
    """The clock deadlines are measured on (``time.time()``)."""
    return _clock()

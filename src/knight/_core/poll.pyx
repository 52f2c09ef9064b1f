"""The polling helper every core calls from its ``nogil`` loops.

A core runs with the GIL released; every few thousand nodes it calls
:c:func:`poll` (or :c:func:`poll_status`), which takes the GIL for a moment
so that a pending Ctrl-C stops the core, and reports whether the caller's
cancel flag is set or the deadline has passed.  Deadlines are
``time.time()`` values (0: none), so a deadline set in one process also
holds in the worker processes it ships work to.

Cancel flags are ``uint8`` cells the caller owns (``knight.Cancel`` keeps
one in a numpy array); signals reach only the main thread, so a flag is how
another thread, or a C caller, stops a core.  A ``threading.Event`` (any
object with ``is_set()``) stands for a flag through :func:`watch`: while it
is registered, a poll of that flag also asks the event.  The registry is
empty unless such a call is running, so the common poll pays one test.
"""

from cpython.exc cimport PyErr_CheckSignals, PyErr_Occurred
from libc.stdint cimport uint8_t, uintptr_t

cdef extern from "Python.h":
    # The same function declared without Cython's error check, so that
    # poll_status sees its -1 itself instead of Cython printing the
    # exception as unraisable and dropping it.
    int _signals_raised "PyErr_CheckSignals" () noexcept

import time

cdef object _clock = time.time

# Flag address -> the event that also sets it (see watch()).
cdef dict _events = {}


cdef inline int _flags(double deadline, const uint8_t* cancel):
    """The cancel flag (with its watched event) first, then the deadline."""
    if cancel != NULL:
        if cancel[0] != 0:
            return POLL_CANCELLED
        if _events:
            event = _events.get(<uintptr_t>cancel)
            if event is not None and event.is_set():
                # A watched flag is the private array watch() was given, so
                # writing it is safe; once set it answers the next polls,
                # and is_cancelled(), without asking the event again.
                (<uint8_t*>cancel)[0] = 1
                return POLL_CANCELLED
    if deadline > 0.0 and _clock() >= deadline:
        return POLL_TIME_LIMIT
    return POLL_GO


cdef int poll(double deadline, const uint8_t* cancel) except -1 with gil:
    """Raise a pending Ctrl-C; else POLL_CANCELLED, POLL_TIME_LIMIT or POLL_GO (0).

    For the cores that let exceptions through (``except -1`` functions).
    """
    PyErr_CheckSignals()
    return _flags(deadline, cancel)


cdef int poll_status(double deadline, const uint8_t* cancel) noexcept with gil:
    """As :c:func:`poll`, but never raises (for the ``noexcept`` cores of the C API).

    When a signal handler raises, returns POLL_INTERRUPTED and leaves its
    exception set as this thread's current exception, for the caller to
    re-raise once it holds the GIL again (it stays set across the release:
    the error indicator belongs to the thread state).  An event whose
    ``is_set()`` raises counts as set, and its error is dropped.
    """
    if _signals_raised() < 0:
        return POLL_INTERRUPTED
    try:
        return _flags(deadline, cancel)
    except BaseException:
        return POLL_CANCELLED


cdef double now() except -1.0 with gil:
    """The clock deadlines are measured on (``time.time()``)."""
    return _clock()


def watch(const uint8_t[::1] flag, object event):
    """While registered, polls of ``flag`` also stop when ``event.is_set()``.

    Returns a key for :func:`unwatch`; the caller unwatches in a ``finally``.
    """
    key = <uintptr_t>&flag[0]
    _events[key] = event
    return key


def unwatch(key):
    """Drop a registration made by :func:`watch`."""
    _events.pop(key, None)


def is_cancelled(const uint8_t[::1] flag):
    """Whether a poll of ``flag`` would stop (its cell, or its watched event, is set).

    For the Python loops that wait on other processes, where no core polls.
    """
    if flag.shape[0] < 1:
        raise ValueError("a cancel flag has one cell")
    return _flags(0.0, &flag[0]) == POLL_CANCELLED


cdef const uint8_t* cancel_address(const uint8_t[::1] cancel) except? NULL:
    """The address of a cancel token's flag, NULL for None (a flag has one cell or more)."""
    if cancel is None:
        return NULL
    if cancel.shape[0] < 1:
        raise ValueError("cancel must be a uint8 array of length 1")
    return &cancel[0]


cdef int passed_on(int status) except -1:
    """A core's status as its Python wrapper returns it: an INTERRUPTED
    status raises what the poll met (:func:`reraise_pending`) instead."""
    if status == POLL_INTERRUPTED:
        reraise_pending()
    return status


cdef int reraise_pending() except -1:
    """Raise what a poll met while a core ran without the GIL (an INTERRUPTED status):
    the exception the signal handler left pending, or KeyboardInterrupt if it was cleared."""
    if PyErr_Occurred() == NULL:
        raise KeyboardInterrupt
    return -1

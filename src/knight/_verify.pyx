"""Verification core: is a board of step numbers a knight's tour?

One streaming pass over the board, no extra memory.  It checks that every
value lies in 0..N-1, that step 0 appears, and that every square but the
last step has a knight-move neighbour holding the next step.  That is
enough: from the square holding 0 the neighbour condition reaches a square
holding every value 1..N-1 in turn, so each of the N values appears at least
once among N squares, hence exactly once, and consecutive steps are knight
moves.  The neighbour probes stay within five consecutive rows, which keeps
the pass cache-friendly on boards of 10^8 squares.

The core only says whether the board fails; the Python caller works out the
first failing step for the message, off the hot path.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t

cdef enum:
    S_OK = 0
    S_OUT_OF_RANGE = 1
    S_REPEATED = 2
    S_BROKEN = 3
    S_NOT_CLOSED = 4

OK, OUT_OF_RANGE, REPEATED, BROKEN, NOT_CLOSED = range(5)

cdef int DR[8]
cdef int DC[8]
DR[:] = [2, 1, -1, -2, -2, -1, 1, 2]
DC[:] = [1, 2, 2, 1, -1, -2, -2, -1]


cdef inline bint _edge_has(const int32_t* b, Py_ssize_t rows, Py_ssize_t cols,
                           Py_ssize_t r, Py_ssize_t c, int32_t value) noexcept nogil:
    """True when a knight move from (r, c) holds ``value`` (bounds checked)."""
    cdef Py_ssize_t rr, cc
    cdef int k
    for k in range(8):
        rr = r + DR[k]
        cc = c + DC[k]
        if 0 <= rr < rows and 0 <= cc < cols and b[rr * cols + cc] == value:
            return True
    return False


cdef inline bint _inner_has(const int32_t* p, const Py_ssize_t* off,
                            int32_t value) noexcept nogil:
    """The same for a square at least two squares from every edge."""
    return (p[off[0]] == value or p[off[1]] == value or p[off[2]] == value
            or p[off[3]] == value or p[off[4]] == value or p[off[5]] == value
            or p[off[6]] == value or p[off[7]] == value)


def verify_board(const int32_t[:, ::1] board, bint closed, int64_t[::1] where):
    """Check a board of step numbers; return OK or the failure's code.

    On failure ``where`` receives the row and column of the square where the
    failure was noticed.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t r = 0, c = 0, k
    cdef Py_ssize_t off[8]
    cdef int64_t n = rows * cols
    cdef const int32_t* b = &board[0, 0]
    cdef const int32_t* p
    cdef int32_t v, want
    cdef int status = S_OK
    cdef bint zero = False, inner_row, found
    for k in range(8):
        off[k] = DR[k] * cols + DC[k]
    with nogil:
        for r in range(rows):
            inner_row = 2 <= r < rows - 2
            p = b + r * cols
            for c in range(cols):
                v = p[c]
                if v < 0 or v >= n:
                    status = S_OUT_OF_RANGE
                    break
                if v == 0:
                    zero = True
                if v < n - 1:
                    want = v + 1
                elif closed:
                    want = 0
                else:
                    continue
                if inner_row and 2 <= c < cols - 2:
                    found = _inner_has(p + c, off, want)
                else:
                    found = _edge_has(b, rows, cols, r, c, want)
                if not found:
                    status = S_BROKEN if v < n - 1 else S_NOT_CLOSED
                    break
            if status != S_OK:
                break
        if status == S_OK and not zero:
            status = S_REPEATED
    if status != S_OK:
        where[0] = r
        where[1] = c
    return status

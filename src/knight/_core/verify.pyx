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

from libc.stdint cimport int32_t, int64_t, uint32_t
from .status cimport C_NOT_A_KNIGHT_MOVE, C_NOT_CLOSED, C_OK, C_OUT_OF_RANGE, C_REPEATED

from .move_order cimport DC, DR

OK, OUT_OF_RANGE, REPEATED, BROKEN, NOT_CLOSED = (
    C_OK, C_OUT_OF_RANGE, C_REPEATED, C_NOT_A_KNIGHT_MOVE, C_NOT_CLOSED)


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


cdef inline bint _inner_row(const int32_t* p, Py_ssize_t first, Py_ssize_t stop,
                            const Py_ssize_t* off, int32_t n, int32_t last_want,
                            bint* zero) noexcept nogil:
    """Check squares first..stop-1 of a row whose neighbours are all on the board.

    No early exit and no branches on the data: the loop stays simple enough
    for the compiler to vectorise, which is what makes verify memory-bound.
    Returns True when every square passes.
    """
    cdef Py_ssize_t c
    cdef int32_t v, want
    cdef int bad = 0, has_zero = 0
    for c in range(first, stop):
        v = p[c]
        want = last_want if v == n - 1 else v + 1
        bad |= ((<uint32_t>v >= <uint32_t>n)
                | ((p[c + off[0]] != want) & (p[c + off[1]] != want)
                   & (p[c + off[2]] != want) & (p[c + off[3]] != want)
                   & (p[c + off[4]] != want) & (p[c + off[5]] != want)
                   & (p[c + off[6]] != want) & (p[c + off[7]] != want)
                   & ((v != n - 1) | (last_want >= 0))))
        has_zero |= v == 0
    if has_zero:
        zero[0] = True
    return bad == 0


cdef inline int _check_square(const int32_t* b, Py_ssize_t rows, Py_ssize_t cols,
                              Py_ssize_t r, Py_ssize_t c, const Py_ssize_t* off,
                              int64_t n, bint closed, bint* zero) noexcept nogil:
    """The exact check of one square: C_OK or the failure's code."""
    cdef int32_t v = b[r * cols + c], want
    cdef bint found
    if v < 0 or v >= n:
        return C_OUT_OF_RANGE
    if v == 0:
        zero[0] = True
    if v < n - 1:
        want = v + 1
    elif closed:
        want = 0
    else:
        return C_OK
    if 2 <= r < rows - 2 and 2 <= c < cols - 2:
        found = _inner_has(b + r * cols + c, off, want)
    else:
        found = _edge_has(b, rows, cols, r, c, want)
    if found:
        return C_OK
    return C_NOT_A_KNIGHT_MOVE if v < n - 1 else C_NOT_CLOSED


cdef int verify_core(const int32_t* b, Py_ssize_t rows, Py_ssize_t cols, bint closed,
                     Py_ssize_t* where) noexcept nogil:
    """Check a C-order board of step numbers; return C_OK or the failure's code.

    Rows are checked by the vectorisable fast path first; a row that fails
    it (or an edge row) is checked square by square, which also finds where
    it fails.  ``where`` receives the row and column of the failing square,
    or on success those of step 0 (the start).  Shared by
    :func:`verify_board` and the C-level API (``knight.capi.kt_verify``).
    """
    cdef Py_ssize_t r = 0, c = 0, k, i
    cdef Py_ssize_t off[8]
    cdef Py_ssize_t edge[4]
    cdef int64_t n = rows * cols
    cdef int32_t last_want = 0 if closed else -1
    cdef int status = C_OK
    cdef bint zero = False, had_zero
    cdef Py_ssize_t zero_row = -1
    for k in range(8):
        off[k] = DR[k] * cols + DC[k]
    edge[0] = 0
    edge[1] = 1
    edge[2] = cols - 2
    edge[3] = cols - 1
    for r in range(rows):
        had_zero = zero
        if (cols > 4 and 2 <= r < rows - 2
                and _inner_row(b + r * cols, 2, cols - 2, off, <int32_t>n, last_want, &zero)):
            for i in range(4):
                c = edge[i]
                status = _check_square(b, rows, cols, r, c, off, n, closed, &zero)
                if status != C_OK:
                    break
        else:
            for c in range(cols):
                status = _check_square(b, rows, cols, r, c, off, n, closed, &zero)
                if status != C_OK:
                    break
        if status != C_OK:
            break
        if zero and not had_zero:
            zero_row = r
    if status == C_OK and not zero:
        status = C_REPEATED
    if status == C_OK:
        r = zero_row
        for c in range(cols):
            if b[r * cols + c] == 0:
                break
    where[0] = r
    where[1] = c
    return status


def verify_board(const int32_t[:, ::1] board, bint closed, int64_t[::1] where):
    """Check a board of step numbers; return OK or the failure's code.

    ``where`` receives the row and column of the failing square, or on
    success those of step 0 (the start); see :c:func:`verify_core`.
    """
    cdef Py_ssize_t at[2]
    cdef int status
    if board.shape[0] < 1 or board.shape[1] < 1 or where.shape[0] < 2:
        raise ValueError("verify_board needs a non-empty board and two cells of where")
    with nogil:
        status = verify_core(&board[0, 0], board.shape[0], board.shape[1], closed, at)
    where[0] = at[0]
    where[1] = at[1]
    return status

"""Verification core: is a board of step numbers a knight's tour?

One streaming pass over the board.  Every value must lie in 0..N-1 and be
new (a bitset of N bits, allocated by the caller, remembers which were seen),
and every square but the last step must have a knight-move neighbour holding
the next step.  Distinct values in range are a permutation, so together the
two conditions say exactly "consecutive steps are knight moves".  The
neighbour probes stay within five consecutive rows, which keeps the pass
cache-friendly on boards of 10^8 squares.

The core only says whether (and roughly where) the board fails; the Python
caller works out the first failing step for the message, off the hot path.
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


cdef inline bint _has_neighbour(const int32_t[:, ::1] board, Py_ssize_t r, Py_ssize_t c,
                                int32_t value, bint inside) noexcept nogil:
    """True when a knight move from (r, c) holds ``value``."""
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1], rr, cc
    cdef int k
    for k in range(8):
        rr = r + DR[k]
        cc = c + DC[k]
        if inside or (0 <= rr < rows and 0 <= cc < cols):
            if board[rr, cc] == value:
                return True
    return False


def verify_board(const int32_t[:, ::1] board, uint8_t[::1] seen, bint closed,
                 int64_t[::1] where):
    """Check a board of step numbers; return S_OK or the first failure's code.

    ``seen`` must hold at least N/8 + 1 zero bytes.  On failure ``where``
    receives the row and column of the square where the failure was noticed.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t r, c
    cdef int64_t n = rows * cols
    cdef int32_t v
    cdef uint8_t bit
    cdef int status = S_OK
    cdef bint inside
    with nogil:
        for r in range(rows):
            for c in range(cols):
                v = board[r, c]
                if v < 0 or v >= n:
                    status = S_OUT_OF_RANGE
                    break
                bit = <uint8_t>(1 << (v & 7))
                if seen[v >> 3] & bit:
                    status = S_REPEATED
                    break
                seen[v >> 3] |= bit
                inside = 2 <= r < rows - 2 and 2 <= c < cols - 2
                if v < n - 1:
                    if not _has_neighbour(board, r, c, v + 1, inside):
                        status = S_BROKEN
                        break
                elif closed and not _has_neighbour(board, r, c, 0, inside):
                    status = S_NOT_CLOSED
                    break
            if status != S_OK:
                break
    if status != S_OK:
        where[0] = r
        where[1] = c
    return status

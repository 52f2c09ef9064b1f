"""Cores of the thin-board construction (see ``knight.thin``).

``walk_states`` chooses, column by column, one move set per column so that
the sequence of automaton states is an accepted word: backwards from the
start column through states reachable from the empty board, forwards through
states that can still finish the board.  ``fill_board`` then follows the
chosen moves from the start square and writes step numbers.  Both are O(n)
and run without the GIL; every ``POLL_MASK + 1`` steps they take it for a
moment so that Ctrl-C is answered.  Python allocates every array.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t

from .poll cimport poll

cdef enum:
    POLL_MASK = 16383
    # Edge masks use the low bits (10 at most); the walk's states sit above.
    STATE_SHIFT = 16
    MAX_H = 4            # board heights fill_board handles

STATE_BITS = STATE_SHIFT

cdef enum:
    # Status codes of walk_states (0 = success), mirrored below for Python.
    S_OK = 0
    S_NO_PREDECESSOR = 1
    S_NO_SUCCESSOR = 2
    S_BAD_START = 3
    S_BAD_END = 4

OK, NO_PREDECESSOR, NO_SUCCESSOR, BAD_START, BAD_END = range(5)


cdef inline Py_ssize_t _cls(Py_ssize_t k, Py_ssize_t pre, Py_ssize_t per) noexcept nogil:
    if k < pre:
        return k
    return pre + (k - pre) % per


def walk_states(const int32_t[::1] succ_ptr, const int32_t[::1] succ_dst,
                const int32_t[::1] succ_mask, const int32_t[::1] pred_ptr,
                const int32_t[::1] pred_src, const int32_t[::1] pred_mask,
                const uint8_t[:, ::1] reach, Py_ssize_t reach_pre, Py_ssize_t reach_per,
                const uint8_t[:, ::1] finish, Py_ssize_t finish_pre, Py_ssize_t finish_per,
                Py_ssize_t col, int32_t before, int32_t after, int32_t accept,
                int32_t[::1] masks, int64_t[:, :, ::1] seen):
    """Fill ``masks`` (one edge mask per column) around the given ``masks[col]``.

    ``before``/``after`` are the states on either side of column ``col``.
    Column ``j < col`` gets the first listed predecessor that is reachable in
    ``j`` steps; column ``j > col`` the first successor that can finish the
    board in ``n - j - 1`` steps.  The reach tables guarantee such a choice
    exists, so a status other than ``OK`` means the tables are inconsistent.

    Each ``masks[j]`` (but ``masks[col]``) also keeps, above bit
    ``STATE_SHIFT``, the state the walk chose on its far side.  The choice at
    a column depends only on the current state and the column's reach class,
    so once that pair repeats the walk is periodic until the classes stop
    being periodic; ``seen`` (shape ``(2, states, classes)``, all -1; or
    empty to walk every column) records where each pair was met so the
    periodic stretch is copied instead of searched.
    """
    cdef Py_ssize_t n = masks.shape[0], j, jj, k, a, b, p
    cdef int64_t prev
    cdef int32_t state
    cdef bint found, skip = seen.shape[0] == 2
    cdef int status = S_OK
    with nogil:
        state = before
        j = col - 1
        while j >= 0:
            a = _cls(j, reach_pre, reach_per)
            if skip and j >= reach_pre:
                prev = seen[0, state, a]
                if prev >= 0:
                    # Same state, same class as at column prev: repeat the
                    # choices of columns prev.. down to the preperiod.
                    p = prev - j
                    jj = j
                    while jj >= reach_pre:
                        masks[jj] = masks[jj + p]
                        if (jj & POLL_MASK) == 0:
                            poll(0.0)
                        jj -= 1
                    state = masks[jj + 1] >> STATE_SHIFT
                    j = jj
                    skip = False
                    continue
                seen[0, state, a] = j
            found = False
            for k in range(pred_ptr[state], pred_ptr[state + 1]):
                if reach[a, pred_src[k]]:
                    masks[j] = pred_mask[k] | (pred_src[k] << STATE_SHIFT)
                    state = pred_src[k]
                    found = True
                    break
            if not found:
                status = S_NO_PREDECESSOR
                break
            if (j & POLL_MASK) == 0:
                poll(0.0)
            j -= 1
        if status == S_OK and state != 0:
            status = S_BAD_START
        skip = seen.shape[0] == 2
        state = after
        j = col + 1
        while status == S_OK and j < n:
            b = _cls(n - 1 - j, finish_pre, finish_per)
            if skip and n - 1 - j >= finish_pre:
                prev = seen[1, state, b]
                if prev >= 0:
                    p = j - prev
                    jj = j
                    while n - 1 - jj >= finish_pre:
                        masks[jj] = masks[jj - p]
                        if (jj & POLL_MASK) == 0:
                            poll(0.0)
                        jj += 1
                    state = masks[jj - 1] >> STATE_SHIFT
                    j = jj
                    skip = False
                    continue
                seen[1, state, b] = j
            found = False
            for k in range(succ_ptr[state], succ_ptr[state + 1]):
                if finish[b, succ_dst[k]]:
                    masks[j] = succ_mask[k] | (succ_dst[k] << STATE_SHIFT)
                    state = succ_dst[k]
                    found = True
                    break
            if not found:
                status = S_NO_SUCCESSOR
                break
            if (j & POLL_MASK) == 0:
                poll(0.0)
            j += 1
        if status == S_OK and state != accept:
            status = S_BAD_END
    return status


def fill_board(const int32_t[::1] masks, const int32_t[:, :, ::1] inc,
               const int32_t[::1] count, Py_ssize_t row, Py_ssize_t col,
               bint transposed, int32_t[:, ::1] board):
    """Follow the moves in ``masks`` from ``(row, col)``; return squares numbered.

    The board is ``h`` x ``n`` with ``h = count.shape[0]`` and ``n`` columns,
    written to ``board[row, col]`` or, if ``transposed``, ``board[col, row]``.
    Only the low ``STATE_BITS`` bits of a mask are read.
    ``inc[r, i] = (dcol, mask column offset, bit, row2)`` lists the moves that
    can touch a square of row ``r``; every square has one or two chosen moves,
    so the walk never branches.
    """
    cdef Py_ssize_t h = count.shape[0], n = masks.shape[0], total = h * n
    cdef Py_ssize_t step = 0, r = row, c = col, pr = -1, pc = -1, r2, c2, i, k
    # The move lists copied into fixed C arrays: the hot loop then indexes
    # plain arrays instead of a 3-d memoryview.
    cdef int32_t dcol[MAX_H][8]
    cdef int32_t moff[MAX_H][8]
    cdef int32_t bit[MAX_H][8]
    cdef int32_t row2[MAX_H][8]
    cdef int32_t cnt[MAX_H]
    cdef bint moved
    if h > MAX_H or inc.shape[0] != h or inc.shape[1] != 8 or inc.shape[2] != 4:
        raise ValueError(f"fill_board takes at most {MAX_H} rows and an (h, 8, 4) move table")
    for i in range(h):
        cnt[i] = count[i]
        for k in range(8):
            dcol[i][k] = inc[i, k, 0]
            moff[i][k] = inc[i, k, 1]
            bit[i][k] = inc[i, k, 2]
            row2[i][k] = inc[i, k, 3]
    with nogil:
        while True:
            if transposed:
                board[c, r] = <int32_t>step
            else:
                board[r, c] = <int32_t>step
            step += 1
            if step == total:
                break
            moved = False
            for i in range(cnt[r]):
                c2 = c + dcol[r][i]
                if c2 < 0 or c2 >= n:
                    continue
                if not ((masks[c + moff[r][i]] >> bit[r][i]) & 1):
                    continue
                r2 = row2[r][i]
                if r2 == pr and c2 == pc:
                    continue
                pr = r
                pc = c
                r = r2
                c = c2
                moved = True
                break
            if not moved:
                break
            if (step & POLL_MASK) == 0:
                poll(0.0)
    return step

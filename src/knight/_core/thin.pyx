"""Cores of the thin-board construction (see ``knight.thin``).

``walk_states`` chooses, column by column, one move set per column so that
the sequence of automaton states is an accepted word: backwards from the
start column through states reachable from the empty board, forwards through
states that can still finish the board.  ``fill_board`` then follows the
chosen moves from the start square and writes step numbers.  Both are O(n)
and run without the GIL; every ``POLL_MASK + 1`` steps they take it for a
moment so that Ctrl-C (or a cancel flag) is answered.

:c:func:`thin_tour_c` is the whole construction in C -- pick the transition
at the start column, walk the states, fill the board -- for the C API and
for :func:`thin_into`, which ``knight.thin.thin_tour`` calls.  It reads the
automata from C tables that ``knight.thin`` hands over (:func:`install`) when
it builds an automaton; ``knight.thin`` also registers itself
(:func:`set_loader`) at import, so the first C call for a height takes the
GIL once to have that automaton built and installed.  Installed tables are
never replaced or freed, so any number of threads may read them at once.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc


from .poll cimport POLL_CANCELLED, POLL_GO, cancel_address, passed_on, poll_status
from .status cimport (
    C_BAD_ARGUMENT,
    C_BAD_DATA,
    C_CANCELLED,
    C_INTERRUPTED,
    C_NO_MEMORY,
    C_NO_TOUR,
)

cdef enum:
    POLL_MASK = 16383
    # Edge masks use the low bits (10 at most); the walk's states sit above.
    STATE_SHIFT = 16
    MAX_H = 4            # board heights fill_board handles
    # Below this many columns the walk searches every column (as
    # knight.thin._SKIP_FROM): clearing the table of seen (state, class)
    # pairs would cost more than it saves.
    SKIP_FROM = 2048

STATE_BITS = STATE_SHIFT

cdef enum:
    # Status codes of walk_states (0 = success), mirrored below for Python.
    S_OK = 0
    S_NO_PREDECESSOR = 1
    S_NO_SUCCESSOR = 2
    S_BAD_START = 3
    S_BAD_END = 4

OK, NO_PREDECESSOR, NO_SUCCESSOR, BAD_START, BAD_END = range(5)
# thin_into's statuses beyond OK: knight.capi's KT_* values (see thin.pxd).
CANCELLED, INTERRUPTED, BAD_ARGUMENT, NO_MEMORY, NO_TOUR, BAD_DATA = (
    C_CANCELLED, C_INTERRUPTED, C_BAD_ARGUMENT, C_NO_MEMORY, C_NO_TOUR, C_BAD_DATA,
)


cdef inline Py_ssize_t _cls(Py_ssize_t k, Py_ssize_t pre, Py_ssize_t per) noexcept nogil:
    if k < pre:
        return k
    return pre + (k - pre) % per


cdef inline int _poll_code(const uint8_t* cancel) noexcept nogil:
    """0 to go on, else C_CANCELLED or C_INTERRUPTED (its exception left set)."""
    cdef int state = poll_status(0.0, cancel)
    if state == POLL_GO:
        return 0
    return C_CANCELLED if state == POLL_CANCELLED else C_INTERRUPTED


cdef struct Moves:
    # Per row, the moves touching a square (see knight.thin._incidence).
    int32_t cnt[MAX_H]
    int32_t dcol[MAX_H][8]
    int32_t moff[MAX_H][8]
    int32_t bit[MAX_H][8]
    int32_t row2[MAX_H][8]


cdef struct Auto:
    bint ready
    int h
    int32_t n_states, accept
    Py_ssize_t n_trans
    const int32_t* succ_ptr
    const int32_t* succ_dst
    const int32_t* succ_mask
    const int32_t* pred_ptr
    const int32_t* pred_src
    const int32_t* pred_mask
    const uint8_t* reach          # reach_rows x n_states
    Py_ssize_t reach_rows, reach_pre, reach_per
    const uint8_t* finish
    Py_ssize_t finish_rows, finish_pre, finish_per
    const int32_t* src            # the transitions, for choosing the start column's
    const int32_t* dst
    const int32_t* mask
    const int32_t* term
    Moves moves


# _autos[h - 3][closed]; the arrays behind their pointers stay in _keep.
cdef Auto _autos[2][2]
cdef list _keep = []
cdef object _loader = None


cdef int _walk_core(const int32_t* succ_ptr, const int32_t* succ_dst,
                    const int32_t* succ_mask, const int32_t* pred_ptr,
                    const int32_t* pred_src, const int32_t* pred_mask,
                    const uint8_t* reach, Py_ssize_t reach_pre, Py_ssize_t reach_per,
                    const uint8_t* finish, Py_ssize_t finish_pre, Py_ssize_t finish_per,
                    Py_ssize_t n_states, Py_ssize_t col, int32_t before, int32_t after,
                    int32_t accept, int32_t* masks, Py_ssize_t n, int64_t* seen,
                    Py_ssize_t classes, const uint8_t* cancel) noexcept nogil:
    """The body of :func:`walk_states` on raw arrays (``seen`` NULL: no skipping).

    ``reach``/``finish`` rows are ``n_states`` long; ``seen`` is
    ``2 x n_states x classes``.  Returns a walk status, or C_CANCELLED /
    C_INTERRUPTED from a poll.
    """
    cdef Py_ssize_t j, jj, k, a, b, p
    cdef int64_t prev
    cdef int32_t state
    cdef bint found, skip = seen != NULL
    cdef int status = S_OK
    state = before
    j = col - 1
    while j >= 0:
        a = _cls(j, reach_pre, reach_per)
        if skip and j >= reach_pre:
            prev = seen[state * classes + a]
            if prev >= 0:
                # Same state, same class as at column prev: repeat the
                # choices of columns prev.. down to the preperiod.
                p = prev - j
                jj = j
                while jj >= reach_pre:
                    masks[jj] = masks[jj + p]
                    if (jj & POLL_MASK) == 0:
                        status = _poll_code(cancel)
                        if status:
                            return status
                    jj -= 1
                state = masks[jj + 1] >> STATE_SHIFT
                j = jj
                skip = False
                continue
            seen[state * classes + a] = j
        found = False
        for k in range(pred_ptr[state], pred_ptr[state + 1]):
            if reach[a * n_states + pred_src[k]]:
                masks[j] = pred_mask[k] | (pred_src[k] << STATE_SHIFT)
                state = pred_src[k]
                found = True
                break
        if not found:
            return S_NO_PREDECESSOR
        if (j & POLL_MASK) == 0:
            status = _poll_code(cancel)
            if status:
                return status
        j -= 1
    if state != 0:
        return S_BAD_START
    skip = seen != NULL
    state = after
    j = col + 1
    while j < n:
        b = _cls(n - 1 - j, finish_pre, finish_per)
        if skip and n - 1 - j >= finish_pre:
            prev = seen[(n_states + state) * classes + b]
            if prev >= 0:
                p = j - prev
                jj = j
                while n - 1 - jj >= finish_pre:
                    masks[jj] = masks[jj - p]
                    if (jj & POLL_MASK) == 0:
                        status = _poll_code(cancel)
                        if status:
                            return status
                    jj += 1
                state = masks[jj - 1] >> STATE_SHIFT
                j = jj
                skip = False
                continue
            seen[(n_states + state) * classes + b] = j
        found = False
        for k in range(succ_ptr[state], succ_ptr[state + 1]):
            if finish[b * n_states + succ_dst[k]]:
                masks[j] = succ_mask[k] | (succ_dst[k] << STATE_SHIFT)
                state = succ_dst[k]
                found = True
                break
        if not found:
            return S_NO_SUCCESSOR
        if (j & POLL_MASK) == 0:
            status = _poll_code(cancel)
            if status:
                return status
        j += 1
    if state != accept:
        return S_BAD_END
    return S_OK


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
    cdef int status
    cdef int64_t* table = &seen[0, 0, 0] if seen.shape[0] == 2 else NULL
    cdef Py_ssize_t classes = seen.shape[2] if seen.shape[0] == 2 else 0
    if reach.shape[1] != finish.shape[1] or (table != NULL and seen.shape[1] < reach.shape[1]):
        raise ValueError("walk_states: reach, finish and seen disagree on the states")
    with nogil:
        status = _walk_core(&succ_ptr[0], &succ_dst[0], &succ_mask[0], &pred_ptr[0],
                            &pred_src[0], &pred_mask[0], &reach[0, 0], reach_pre, reach_per,
                            &finish[0, 0], finish_pre, finish_per, reach.shape[1], col, before,
                            after, accept, &masks[0], masks.shape[0], table, classes, NULL)
    return passed_on(status)


cdef Py_ssize_t _fill_core(const int32_t* masks, Py_ssize_t n, const Moves* mv, int h,
                           Py_ssize_t row, Py_ssize_t col, bint transposed, int32_t* out,
                           Py_ssize_t stride, const uint8_t* cancel, int* status) noexcept nogil:
    """The body of :func:`fill_board`: squares numbered; ``status`` set by a poll that stops."""
    cdef Py_ssize_t total = h * n, step = 0, r = row, c = col, pr = -1, pc = -1, r2, c2, i
    cdef bint moved
    status[0] = 0
    while True:
        if transposed:
            out[c * stride + r] = <int32_t>step
        else:
            out[r * stride + c] = <int32_t>step
        step += 1
        if step == total:
            break
        moved = False
        for i in range(mv.cnt[r]):
            c2 = c + mv.dcol[r][i]
            if c2 < 0 or c2 >= n:
                continue
            if not ((masks[c + mv.moff[r][i]] >> mv.bit[r][i]) & 1):
                continue
            r2 = mv.row2[r][i]
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
            status[0] = _poll_code(cancel)
            if status[0]:
                break
    return step


cdef int _moves(const int32_t[:, :, ::1] inc, const int32_t[::1] count, Moves* mv) except -1:
    """Copy the move lists into fixed C arrays: the hot loop then indexes plain arrays."""
    cdef Py_ssize_t h = count.shape[0], i, k
    if h > MAX_H or inc.shape[0] != h or inc.shape[1] != 8 or inc.shape[2] != 4:
        raise ValueError(f"fill_board takes at most {MAX_H} rows and an (h, 8, 4) move table")
    for i in range(h):
        if not 0 <= count[i] <= 8:
            raise ValueError("fill_board: a row lists more than 8 moves")
        mv.cnt[i] = count[i]
        for k in range(8):
            mv.dcol[i][k] = inc[i, k, 0]
            mv.moff[i][k] = inc[i, k, 1]
            mv.bit[i][k] = inc[i, k, 2]
            mv.row2[i][k] = inc[i, k, 3]
            # A move to the right lives in its own column's mask, one to
            # the left in the mask of the column it comes from: so the mask
            # read is always that of a column on the board.
            if k < count[i] and not (
                    0 <= inc[i, k, 3] < h and 0 <= inc[i, k, 2] < STATE_SHIFT
                    and inc[i, k, 0] in (-2, -1, 1, 2)
                    and inc[i, k, 1] == (inc[i, k, 0] if inc[i, k, 0] < 0 else 0)):
                raise ValueError("fill_board: a move table entry leaves the board")
    return 0


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
    cdef Py_ssize_t h = count.shape[0], n = masks.shape[0], step
    cdef Moves mv
    cdef int status
    _moves(inc, count, &mv)
    if (board.shape[0], board.shape[1]) != ((n, h) if transposed else (h, n)):
        raise ValueError("fill_board: the board is not the masks' shape")
    if not (0 <= row < h and 0 <= col < n):
        raise ValueError("fill_board: the start is off the board")
    with nogil:
        step = _fill_core(&masks[0], n, &mv, h, row, col, transposed, &board[0, 0],
                          board.shape[1], NULL, &status)
    passed_on(status)
    return step


# --------------------------------------------------------------------------
# The whole construction in C


def install(int h, bint closed, Py_ssize_t n_states, int32_t accept,
            const int32_t[::1] succ_ptr, const int32_t[::1] succ_dst,
            const int32_t[::1] succ_mask, const int32_t[::1] pred_ptr,
            const int32_t[::1] pred_src, const int32_t[::1] pred_mask,
            const uint8_t[:, ::1] reach, Py_ssize_t reach_pre, Py_ssize_t reach_per,
            const uint8_t[:, ::1] finish, Py_ssize_t finish_pre, Py_ssize_t finish_per,
            const int32_t[::1] src, const int32_t[::1] dst, const int32_t[::1] mask,
            const int32_t[::1] term, const int32_t[:, :, ::1] inc, const int32_t[::1] count):
    """Hand an automaton's tables to :c:func:`thin_tour_c` (knight.thin does, once each).

    The tables are checked first (every index they hold stays in range, so
    the walk cannot read astray), then kept alive here for good; a second
    install of the same height and kind is ignored, since a running
    construction may be reading the first.  Returns True if these tables
    were installed.
    """
    cdef Auto* A
    cdef Moves moves
    cdef Py_ssize_t k, t = 0
    if h not in (3, 4):
        raise ValueError(f"thin boards have 3 or 4 rows, not {h}")
    A = &_autos[h - 3][1 if closed else 0]
    if n_states > 0:
        t = src.shape[0]
        if not (succ_ptr.shape[0] == pred_ptr.shape[0] == n_states + 1
                and reach.shape[1] == finish.shape[1] == n_states
                and dst.shape[0] == mask.shape[0] == term.shape[0] == t
                and succ_dst.shape[0] == succ_mask.shape[0] == t
                and pred_src.shape[0] == pred_mask.shape[0] == t
                and 0 <= accept < n_states and 0 <= reach_pre < reach.shape[0]
                and 1 <= reach_per and reach_pre + reach_per == reach.shape[0]
                and 0 <= finish_pre < finish.shape[0] and 1 <= finish_per
                and finish_pre + finish_per == finish.shape[0]):
            raise ValueError("install: the automaton's tables disagree")
        for k in range(n_states):
            if not 0 <= succ_ptr[k] <= succ_ptr[k + 1] <= t or not (
                    0 <= pred_ptr[k] <= pred_ptr[k + 1] <= t):
                raise ValueError("install: bad transition lists")
        if n_states >= 1 << (31 - STATE_SHIFT):
            raise ValueError("install: too many states to pack above the edge masks")
        for k in range(t):
            if not (0 <= src[k] < n_states and 0 <= dst[k] < n_states
                    and 0 <= succ_dst[k] < n_states and 0 <= pred_src[k] < n_states):
                raise ValueError("install: a transition leads off the states")
            if not (0 <= mask[k] < 1 << STATE_SHIFT and 0 <= succ_mask[k] < 1 << STATE_SHIFT
                    and 0 <= pred_mask[k] < 1 << STATE_SHIFT):
                raise ValueError("install: an edge mask overlaps the packed states")
        if count.shape[0] != h:
            raise ValueError("install: the move table is not for this height")
        _moves(inc, count, &moves)
    if A.ready:
        return False
    if n_states > 0:
        A.moves = moves
        A.succ_ptr, A.succ_dst, A.succ_mask = &succ_ptr[0], &succ_dst[0], &succ_mask[0]
        A.pred_ptr, A.pred_src, A.pred_mask = &pred_ptr[0], &pred_src[0], &pred_mask[0]
        A.reach, A.reach_rows, A.reach_pre, A.reach_per = (
            &reach[0, 0], reach.shape[0], reach_pre, reach_per)
        A.finish, A.finish_rows, A.finish_pre, A.finish_per = (
            &finish[0, 0], finish.shape[0], finish_pre, finish_per)
        A.src, A.dst, A.mask, A.term = &src[0], &dst[0], &mask[0], &term[0]
        A.n_trans = t
        _keep.append((succ_ptr, succ_dst, succ_mask, pred_ptr, pred_src, pred_mask, reach,
                      finish, src, dst, mask, term))
    A.h = h
    A.n_states = <int32_t>n_states
    A.accept = accept
    A.ready = True
    return True


def set_loader(loader):
    """Register ``loader(h, closed)``, which builds and installs an automaton."""
    global _loader
    _loader = loader


cdef const Auto* _automaton(int h, bint closed) noexcept nogil:
    """The installed automaton, having ``knight.thin`` build it on first use; or NULL."""
    cdef Auto* A = &_autos[h - 3][1 if closed else 0]
    if not A.ready:
        with gil:
            try:
                if not A.ready and _loader is not None:
                    _loader(h, bool(closed))
            except BaseException:
                pass         # C_BAD_DATA below; a C caller has no exception to take
    return A if A.ready else NULL


cdef int thin_tour_c(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                     bint closed, const uint8_t* cancel) noexcept nogil:
    """Write a tour of a board with a side of 3 or 4 from the start; a status code.

    As knight.thin.thin_tour: the board seen with the 3 or 4 as its height
    (transposed if need be), the transition at the start column (column 0
    for a closed tour) that joins a reachable state to one that can finish,
    then the walk and the fill.  Returns C_OK, C_NO_TOUR (the automaton is
    exact: no such tour exists), C_BAD_ARGUMENT (no side of 3 or 4 within
    the other's reach, a start off the board), C_NO_MEMORY, C_BAD_DATA (the
    automaton could not be had), C_CANCELLED or C_INTERRUPTED.
    """
    cdef Py_ssize_t rows, cols, h, n, r, j, jj, a, b, k, classes, done
    cdef bint transposed
    cdef const Auto* A
    cdef int32_t* masks
    cdef int64_t* seen = NULL
    cdef int status
    if board is None:
        return C_BAD_ARGUMENT
    rows, cols = board.shape[0], board.shape[1]
    if rows < 1 or cols < 1 or rows > 2146435071 // cols:
        return C_BAD_ARGUMENT
    if not (0 <= start_row < rows and 0 <= start_col < cols):
        return C_BAD_ARGUMENT
    # knight.thin._frame: the 3 or 4 as the height.
    if (rows == 3 or rows == 4) and (rows <= cols or not (cols == 3 or cols == 4)):
        h, n, transposed = rows, cols, False
    elif cols == 3 or cols == 4:
        h, n, transposed = cols, rows, True
    else:
        return C_BAD_ARGUMENT
    r, j = start_row, start_col
    if transposed:
        r, j = start_col, start_row
    if cancel != NULL and cancel[0] != 0:
        return C_CANCELLED
    A = _automaton(h, closed)
    if A == NULL:
        return C_BAD_DATA
    if A.n_states == 0:
        return C_NO_TOUR
    # The transition at the start column (knight.thin_py.plan).
    jj = 0 if closed else j
    a = _cls(jj, A.reach_pre, A.reach_per)
    b = _cls(n - 1 - jj, A.finish_pre, A.finish_per)
    for k in range(A.n_trans):
        if (A.reach[a * A.n_states + A.src[k]] and A.finish[b * A.n_states + A.dst[k]]
                and (closed or (A.term[k] >> r) & 1)):
            break
    else:
        return C_NO_TOUR
    masks = <int32_t*>malloc(n * sizeof(int32_t))
    classes = A.reach_rows if A.reach_rows > A.finish_rows else A.finish_rows
    if n >= SKIP_FROM:
        seen = <int64_t*>malloc(2 * A.n_states * classes * sizeof(int64_t))
    if masks == NULL or (n >= SKIP_FROM and seen == NULL):
        free(masks)
        free(seen)
        return C_NO_MEMORY
    for done in range(2 * A.n_states * classes if seen != NULL else 0):
        seen[done] = -1
    masks[jj] = A.mask[k]
    status = _walk_core(A.succ_ptr, A.succ_dst, A.succ_mask, A.pred_ptr, A.pred_src,
                        A.pred_mask, A.reach, A.reach_pre, A.reach_per, A.finish,
                        A.finish_pre, A.finish_per, A.n_states, jj, A.src[k], A.dst[k],
                        A.accept, masks, n, seen, classes, cancel)
    free(seen)
    if status == S_OK:
        done = _fill_core(masks, n, &A.moves, <int>h, r, j, transposed, &board[0, 0], cols,
                          cancel, &status)
        if status == 0 and done != h * n:
            status = C_BAD_DATA
    elif status < C_CANCELLED:
        status = C_BAD_DATA      # the tables are inconsistent: no tour was walked
    free(masks)
    return status


def thin_into(int32_t[:, ::1] board not None, Py_ssize_t start_row, Py_ssize_t start_col,
              bint closed, const uint8_t[::1] cancel=None):
    """Run :c:func:`thin_tour_c` on ``board`` (the GIL released); returns its status.

    >>> import numpy as np
    >>> board = np.empty((3, 10), dtype=np.int32)
    >>> thin_into(board, 0, 0, True) == OK, int(board[0, 0])
    (True, 0)
    >>> thin_into(np.empty((3, 8), dtype=np.int32), 1, 2, False) == NO_TOUR
    True
    """
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef int status
    with nogil:
        status = thin_tour_c(board, start_row, start_col, closed, flag)
    return passed_on(status)

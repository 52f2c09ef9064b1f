"""Search cores: plain backtracking, Warnsdorff-ordered backtracking and
greedy Warnsdorff.

The cores work on a padded copy of the board: ``cells`` is a flat int32 array
of (rows + 4) x (cols + 4) cells whose two-cell border is permanently marked
visited, so a knight move never needs a bounds check.  The caller
(``knight.search`` and ``knight.solver``) validates the arguments and allocates every array; the
cores only fill them, with the GIL released.

Cell encoding (one array, so a probe touches one cache line):

* an unvisited square holds its number of unvisited neighbours, 0..8
  (the plain search does not keep counts; its unvisited squares hold 0);
* a visited square or a border cell holds ``VISITED`` more than that, and
  neighbour updates never bring it below ``FREE_BELOW``, so "unvisited" is
  just ``cells[q] < FREE_BELOW``.

Every ``POLL_MASK + 1`` nodes a core takes the GIL for a moment to let
Ctrl-C through and to check the deadline.
"""

from libc.stdint cimport INT64_MAX, int8_t, int32_t, int64_t, uint64_t

from .poll cimport now, poll

import time

cdef enum:
    VISITED = 64
    FREE_BELOW = 32
    POLL_MASK = 16383
    NO_VALUE = 99
    STRIDE = 10          # per-depth record of the ordered search: next, count, 8 moves

# For the callers that allocate the arrays.
MOVE_STRIDE = STRIDE

cdef enum:
    # Status codes returned by the cores (mirrored by knight.search).
    S_FOUND = 0
    S_EXHAUSTED = 1
    S_NODE_LIMIT = 2
    S_TIME_LIMIT = 3
    S_DEAD_END = 4
    S_NOT_CLOSED = 5
    # Tie-break rules of the greedy search.
    T_FIRST = 0
    T_RANDOM = 1
    T_ROTH = 2
    T_POHL = 3

FOUND, EXHAUSTED, NODE_LIMIT, TIME_LIMIT, DEAD_END, NOT_CLOSED = range(6)
TIE_FIRST, TIE_RANDOM, TIE_ROTH, TIE_POHL = range(4)

cdef object _clock = time.perf_counter


cdef inline void _offsets(const int32_t[:, ::1] order, Py_ssize_t width,
                          Py_ssize_t* off) noexcept nogil:
    cdef int k
    for k in range(8):
        off[k] = order[k, 0] * width + order[k, 1]


cdef inline bint _adjacent(Py_ssize_t p, Py_ssize_t s, const Py_ssize_t* off) noexcept nogil:
    cdef int k
    for k in range(8):
        if p + off[k] == s:
            return True
    return False


cdef void _count_neighbours(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols,
                            const Py_ssize_t* off) noexcept nogil:
    cdef Py_ssize_t r, _c, p, width = cols + 4
    cdef int k, n
    for r in range(rows):
        p = (r + 2) * width + 2
        for _c in range(cols):
            n = 0
            for k in range(8):
                if cells[p + off[k]] < FREE_BELOW:
                    n += 1
            cells[p] = n
            p += 1


cdef inline void _visit(int32_t* cells, Py_ssize_t p, const Py_ssize_t* off) noexcept nogil:
    cdef int k
    cells[p] += VISITED
    for k in range(8):
        cells[p + off[k]] -= 1


cdef inline void _unvisit(int32_t* cells, Py_ssize_t p, const Py_ssize_t* off) noexcept nogil:
    cdef int k
    cells[p] -= VISITED
    for k in range(8):
        cells[p + off[k]] += 1


cdef void _clear(int32_t* cells, Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """Mark the two-cell border visited and the board's squares free (0)."""
    cdef Py_ssize_t r, c, width = cols + 4
    for r in range(rows + 4):
        for c in range(width):
            cells[r * width + c] = 0 if (2 <= r < rows + 2 and 2 <= c < cols + 2) else VISITED


cdef void _fill_board(int32_t[:, ::1] board, const int32_t* path, Py_ssize_t length,
                      Py_ssize_t width) noexcept nogil:
    """Write step numbers along the path; squares off it get -1."""
    cdef Py_ssize_t i, p, r, c
    if length < board.shape[0] * board.shape[1]:
        for r in range(board.shape[0]):
            for c in range(board.shape[1]):
                board[r, c] = -1
    for i in range(length):
        p = path[i]
        board[p // width - 2, p % width - 2] = <int32_t>i


cdef inline int _order_candidates(const int32_t* cells, Py_ssize_t p, const Py_ssize_t* off,
                                  int8_t* out) noexcept nogil:
    """Write the free moves from p to out, stably sorted by onward count."""
    cdef int k, n = 0, i
    cdef int32_t d
    cdef int8_t keys[8]
    for k in range(8):
        d = cells[p + off[k]]
        if d < FREE_BELOW:
            i = n
            # Insertion sort; ">" (not ">=") keeps equal counts in move order.
            while i > 0 and keys[i - 1] > d:
                keys[i] = keys[i - 1]
                out[i] = out[i - 1]
                i -= 1
            keys[i] = <int8_t>d
            out[i] = <int8_t>k
            n += 1
    return n


cdef struct Counters:
    int64_t nodes
    int64_t backtracks
    Py_ssize_t depth


cdef int _dfs_plain(int32_t* c, int32_t* pth, int8_t* mv, const Py_ssize_t* off,
                    Py_ssize_t s, Py_ssize_t last, bint closed, int64_t max_nodes,
                    double deadline, Counters* out) except -1 nogil:
    """The textbook search: moves tried in order, the next one resumed on return.

    ``p`` (the square) and ``k`` (the next move to try) live in registers;
    ``mv[depth]`` stores ``k`` only when the search goes deeper.
    """
    cdef Py_ssize_t depth = 0, p = s, q = 0
    cdef int64_t nodes = 1, backtracks = 0
    cdef int k = 0, status
    c[s] += VISITED
    pth[0] = <int32_t>s
    if last == 0 and not closed:
        status = S_FOUND
    else:
        while True:
            while k < 8:
                q = p + off[k]
                k += 1
                if c[q] < FREE_BELOW:
                    break
            else:
                # No move left from p: retreat.
                c[p] -= VISITED
                if depth == 0:
                    status = S_EXHAUSTED
                    break
                depth -= 1
                backtracks += 1
                p = pth[depth]
                k = mv[depth]
                continue
            if nodes >= max_nodes:
                status = S_NODE_LIMIT
                break
            mv[depth] = <int8_t>k
            depth += 1
            pth[depth] = <int32_t>q
            c[q] += VISITED
            nodes += 1
            if depth == last and (not closed or _adjacent(q, s, off)):
                status = S_FOUND
                break
            p = q
            k = 8 if depth == last else 0    # a full board that cannot close: retreat
            if (nodes & POLL_MASK) == 0 and poll(deadline):
                status = S_TIME_LIMIT
                break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


cdef int _dfs_ordered(int32_t* c, int32_t* pth, int8_t* mv, const Py_ssize_t* off,
                      Py_ssize_t s, Py_ssize_t last, bint closed, int64_t max_nodes,
                      double deadline, Counters* out) except -1 nogil:
    """Backtracking with the moves of each square tried in Warnsdorff order.

    ``mv[depth * STRIDE]`` is the next candidate to try, ``+ 1`` how many
    there are and ``+ 2 ..`` the candidate moves, sorted when the square is
    entered: every deeper change is undone before the search returns to it,
    so the list stays valid.
    """
    cdef Py_ssize_t depth = 0, q, base = 0
    cdef int64_t nodes = 1, backtracks = 0
    cdef int i, status
    _visit(c, s, off)
    pth[0] = <int32_t>s
    mv[0] = 0
    mv[1] = <int8_t>_order_candidates(c, s, off, mv + 2)
    if last == 0 and not closed:
        status = S_FOUND
    else:
        while True:
            i = mv[base]
            if i >= mv[base + 1]:
                _unvisit(c, pth[depth], off)
                if depth == 0:
                    status = S_EXHAUSTED
                    break
                depth -= 1
                base -= STRIDE
                backtracks += 1
                continue
            if nodes >= max_nodes:
                status = S_NODE_LIMIT
                break
            mv[base] = <int8_t>(i + 1)
            q = pth[depth] + off[mv[base + 2 + i]]
            depth += 1
            base += STRIDE
            pth[depth] = <int32_t>q
            nodes += 1
            _visit(c, q, off)
            mv[base] = 0
            if depth == last:
                if not closed or _adjacent(q, s, off):
                    status = S_FOUND
                    break
                mv[base + 1] = 0          # a full board that cannot close: retreat
            elif closed and c[s] == VISITED:
                mv[base + 1] = 0          # the start has no free neighbour left to close
            else:
                mv[base + 1] = <int8_t>_order_candidates(c, q, off, mv + base + 2)
            if (nodes & POLL_MASK) == 0 and poll(deadline):
                status = S_TIME_LIMIT
                break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


def work_size(Py_ssize_t rows, Py_ssize_t cols):
    """Entries of the int32 work array the cores need: padded board and path."""
    return (rows + 4) * (cols + 4) + rows * cols


cdef int _search(int32_t* cells, int32_t* path, int8_t* moves, const Py_ssize_t* off,
                 Py_ssize_t rows, Py_ssize_t cols, Py_ssize_t s, bint ordered, bint closed,
                 int64_t max_nodes, double deadline, Counters* counters) except -1 nogil:
    """Reset the padded board and run one search from padded square ``s``."""
    _clear(cells, rows, cols)
    if ordered:
        _count_neighbours(cells, rows, cols, off)
        return _dfs_ordered(cells, path, moves, off, s, rows * cols - 1, closed,
                            max_nodes, deadline, counters)
    return _dfs_plain(cells, path, moves, off, s, rows * cols - 1, closed,
                      max_nodes, deadline, counters)


def backtrack(int32_t[:, ::1] board, int32_t[::1] work, int8_t[::1] moves,
              const int32_t[:, ::1] order, Py_ssize_t start_row, Py_ssize_t start_col,
              bint ordered, bint closed, int64_t max_nodes, double deadline):
    """Depth-first search for a tour; returns a status code.

    ``ordered=False`` is the textbook search: moves tried in ``order``.
    ``ordered=True`` tries them in Warnsdorff order (fewest onward squares
    first, ties in ``order``).  For a closed tour the last square must be a
    knight move from the first; the ordered search also abandons a branch as
    soon as the start square has no free neighbour left to come back from.

    ``work`` has ``work_size(rows, cols)`` entries (the padded board, then
    the path), ``moves`` rows*cols entries (plain) or rows*cols*MOVE_STRIDE
    (ordered); their contents on entry do not matter.  Returns ``(status,
    nodes, backtracks)``; ``board`` receives the tour when the status is
    FOUND.  A node is one placement of the knight, the start included; a
    backtrack is one retreat.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t width = cols + 4, last = rows * cols - 1
    cdef Py_ssize_t off[8]
    cdef Py_ssize_t s = (start_row + 2) * width + start_col + 2
    cdef int32_t* cells = &work[0]
    cdef int32_t* path = cells + (rows + 4) * width
    cdef Counters counters
    cdef int status
    if (work.shape[0] < work_size(rows, cols)
            or moves.shape[0] < (last + 1) * (STRIDE if ordered else 1)):
        raise ValueError("work arrays too small")
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    with nogil:
        _offsets(order, width, off)
        status = _search(cells, path, &moves[0], off, rows, cols, s, ordered, closed,
                         max_nodes, deadline, &counters)
        if status == S_FOUND:
            _fill_board(board, path, last + 1, width)
    return status, counters.nodes, counters.backtracks


cdef double _now() except -1.0 with gil:
    return _clock()


def backtrack_starts(int32_t[:, :, ::1] boards, int32_t[::1] work, int8_t[::1] moves,
                     const int32_t[:, ::1] order, const int32_t[:, ::1] starts,
                     bint ordered, bint closed, int64_t max_nodes, double timeout,
                     int64_t[:, ::1] results, double[::1] seconds):
    """:func:`backtrack` from each start in turn, in one call (for sweeps).

    ``boards[i]`` receives the tour from ``starts[i]`` (or -1s), ``results[i]``
    its ``(status, nodes, backtracks)`` and ``seconds[i]`` its time;
    ``max_nodes`` and ``timeout`` (seconds, 0 for none) apply to each start.
    One call instead of one per start keeps the per-start cost to the
    search itself.
    """
    cdef Py_ssize_t k = starts.shape[0], i
    cdef Py_ssize_t rows = boards.shape[1], cols = boards.shape[2]
    cdef Py_ssize_t width = cols + 4, last = rows * cols - 1, s, r, c
    cdef Py_ssize_t off[8]
    cdef int32_t* cells = &work[0]
    cdef int32_t* path = cells + (rows + 4) * width
    cdef Counters counters
    cdef int status
    cdef double began, deadline
    if (work.shape[0] < work_size(rows, cols)
            or moves.shape[0] < (last + 1) * (STRIDE if ordered else 1)
            or boards.shape[0] < k or results.shape[0] < k or seconds.shape[0] < k):
        raise ValueError("arrays too small")
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    with nogil:
        _offsets(order, width, off)
        for i in range(k):
            began = _now()
            deadline = now() + timeout if timeout > 0.0 else 0.0
            s = (starts[i, 0] + 2) * width + starts[i, 1] + 2
            status = _search(cells, path, &moves[0], off, rows, cols, s, ordered, closed,
                             max_nodes, deadline, &counters)
            if status == S_FOUND:
                _fill_board(boards[i], path, last + 1, width)
            else:
                for r in range(rows):
                    for c in range(cols):
                        boards[i, r, c] = -1
            results[i, 0] = status
            results[i, 1] = counters.nodes
            results[i, 2] = counters.backtracks
            seconds[i] = _now() - began
    return k


cdef inline uint64_t _splitmix64(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int64_t _centre_distance(Py_ssize_t q, Py_ssize_t width,
                                     Py_ssize_t rows, Py_ssize_t cols) noexcept nogil:
    """Squared distance from the board's centre, doubled to stay integral."""
    cdef int64_t dr = 2 * (q // width - 2) - (rows - 1)
    cdef int64_t dc = 2 * (q % width - 2) - (cols - 1)
    return dr * dr + dc * dc


cdef inline int32_t _second_level(const int32_t* cells, Py_ssize_t q,
                                  const Py_ssize_t* off) noexcept nogil:
    """Pohl's tie-break: the fewest onward squares among q's free neighbours."""
    cdef int k
    cdef int32_t d, best = NO_VALUE
    for k in range(8):
        d = cells[q + off[k]]
        if d < best:
            best = d
    return best if best < FREE_BELOW else NO_VALUE


def warnsdorff(int32_t[:, ::1] board, int32_t[::1] work, const int32_t[:, ::1] order,
               Py_ssize_t start_row, Py_ssize_t start_col, int tie_break, uint64_t seed,
               bint closed, double deadline):
    """Greedy Warnsdorff walk without backtracking; returns a status code.

    At each step the knight moves to the free square with the fewest free
    onward squares.  Ties go to the first in ``order`` (TIE_FIRST), a
    splitmix64 draw seeded by ``seed`` (TIE_RANDOM, one draw per tie of two
    or more), the square farthest from the centre (TIE_ROTH) or the square
    whose own free neighbours have the fewest onward squares (TIE_POHL); any
    remaining tie goes to the first in ``order``.  Onward counts are kept
    incrementally, so a step costs O(1).

    ``work`` is as for :func:`backtrack`.  Returns ``(status, squares, 0)``;
    ``board`` receives the squares reached (-1 elsewhere) whatever the status.
    """
    cdef Py_ssize_t rows = board.shape[0], cols = board.shape[1]
    cdef Py_ssize_t width = cols + 4, total = rows * cols
    cdef Py_ssize_t off[8]
    cdef Py_ssize_t ties[8]
    cdef Py_ssize_t s, p, q, steps = 1
    cdef int32_t* c = &work[0]
    cdef int32_t* pth = c + (rows + 4) * width
    cdef int32_t d, best, key, best_key
    cdef int64_t dist, best_dist
    cdef int status = S_FOUND, k, nt
    cdef uint64_t state = seed
    if work.shape[0] < work_size(rows, cols):
        raise ValueError("work array too small")
    with nogil:
        _offsets(order, width, off)
        _clear(c, rows, cols)
        _count_neighbours(c, rows, cols, off)
        s = (start_row + 2) * width + start_col + 2
        pth[0] = <int32_t>s
        _visit(c, s, off)
        while steps < total:
            p = pth[steps - 1]
            best = FREE_BELOW
            nt = 0
            for k in range(8):
                q = p + off[k]
                d = c[q]
                if d < best:
                    best = d
                    ties[0] = q
                    nt = 1
                elif d == best:
                    ties[nt] = q
                    nt += 1
            if nt == 0:
                status = S_DEAD_END
                break
            q = ties[0]
            if nt > 1:
                if tie_break == T_RANDOM:
                    q = ties[_splitmix64(&state) % <uint64_t>nt]
                elif tie_break == T_ROTH:
                    best_dist = -1
                    for k in range(nt):
                        dist = _centre_distance(ties[k], width, rows, cols)
                        if dist > best_dist:
                            best_dist = dist
                            q = ties[k]
                elif tie_break == T_POHL:
                    best_key = NO_VALUE + 1
                    for k in range(nt):
                        key = _second_level(c, ties[k], off)
                        if key < best_key:
                            best_key = key
                            q = ties[k]
            pth[steps] = <int32_t>q
            _visit(c, q, off)
            steps += 1
            if (steps & POLL_MASK) == 0 and poll(deadline):
                status = S_TIME_LIMIT
                break
        if status == S_FOUND and closed and not _adjacent(pth[steps - 1], s, off):
            status = S_NOT_CLOSED
        _fill_board(board, pth, steps, width)
    return status, steps, 0

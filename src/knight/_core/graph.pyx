"""Search cores for any board: holes, any move set, cylinders and tori.

The knight's cores (``search.pyx``) walk a padded rectangle by offset
arithmetic.  These walk a neighbour table instead, built once per board by
:meth:`knight.Board.neighbours`: square ``p`` (the usable squares numbered
row-major from 0) has ``deg[p]`` neighbours, ``nbr[p * width + k]`` for
``k < deg[p]``, in move order.  One table serves every board alike, so a
hole, a zebra or a torus costs nothing per node.

Cell encoding, as in ``search.pyx``: a free square holds its number of free
neighbours, a visited one ``VISITED`` more than that; a visit decrements the
counts of all the neighbours of the square (visited ones included: a square
has at most ``MAX_DEGREE`` neighbours, so it never falls below
``FREE_BELOW``), and the retreat undoes it.

With the same table order, the searches here make exactly the decisions the
knight's cores make on a full rectangle (the tests check node counts), so a
user can move from a plain board to a holed one and compare like with like.

``GraphPathSearch`` is the counting search over the same table: every
completion of a path prefix, resumable (``count`` to the end, ``collect`` a
batch of tours at a time for :func:`knight.tours`).
"""

from libc.stdint cimport INT64_MAX, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free

from .mix cimport splitmix64
from .poll cimport (
    POLL_CANCELLED,
    POLL_INTERRUPTED,
    POLL_TIME_LIMIT,
    cancel_address,
    poll,
    poll_status,
    reraise_pending,
)
from .search cimport (
    Counters,
    S_CANCELLED,
    S_DEAD_END,
    S_EXHAUSTED,
    S_FOUND,
    S_INTERRUPTED,
    S_NO_MEMORY,
    S_NODE_LIMIT,
    S_NOT_CLOSED,
    S_TIME_LIMIT,
    T_POHL,
    T_RANDOM,
    T_ROTH,
    alloc_work,
)

import numpy as np

cdef enum:
    VISITED = 1024
    FREE_BELOW = 512
    POLL_MASK = 16383
    NO_VALUE = 99999

#: A square has at most this many neighbours (knight.board.MAX_MOVES).
MAX_DEGREE = 64


cdef inline int _polled(double deadline, const uint8_t* cancel) noexcept nogil:
    cdef int p = poll_status(deadline, cancel)
    if p == POLL_TIME_LIMIT:
        return S_TIME_LIMIT
    if p == POLL_CANCELLED:
        return S_CANCELLED
    if p == POLL_INTERRUPTED:
        return S_INTERRUPTED
    return S_FOUND


cdef struct Graph:
    const int32_t* nbr      # n rows of `width` entries, valid ones first
    const uint8_t* deg      # neighbours of each square
    Py_ssize_t n
    Py_ssize_t width


cdef inline void _visit(int32_t* c, const Graph* g, Py_ssize_t p) noexcept nogil:
    cdef const int32_t* row = g.nbr + p * g.width
    cdef int k
    c[p] += VISITED
    for k in range(g.deg[p]):
        c[row[k]] -= 1


cdef inline void _unvisit(int32_t* c, const Graph* g, Py_ssize_t p) noexcept nogil:
    cdef const int32_t* row = g.nbr + p * g.width
    cdef int k
    c[p] -= VISITED
    for k in range(g.deg[p]):
        c[row[k]] += 1


cdef inline bint _adjacent(const Graph* g, Py_ssize_t p, Py_ssize_t s) noexcept nogil:
    cdef const int32_t* row = g.nbr + p * g.width
    cdef int k
    for k in range(g.deg[p]):
        if row[k] == s:
            return True
    return False


cdef void _count_all(int32_t* c, const Graph* g) noexcept nogil:
    cdef Py_ssize_t p
    for p in range(g.n):
        c[p] = g.deg[p]


cdef void _fill_steps(int32_t* steps, Py_ssize_t n, const int32_t* path,
                      Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t i
    if length < n:
        for i in range(n):
            steps[i] = -1
    for i in range(length):
        steps[path[i]] = <int32_t>i


cdef inline int _order_candidates(const int32_t* c, const Graph* g, Py_ssize_t p,
                                  uint8_t* out) noexcept nogil:
    """Write the slots of p's free neighbours to out, stably sorted by onward count."""
    cdef const int32_t* row = g.nbr + p * g.width
    cdef int k, n = 0, i
    cdef int32_t d
    cdef int32_t keys[64]
    for k in range(g.deg[p]):
        d = c[row[k]]
        if d < FREE_BELOW:
            i = n
            while i > 0 and keys[i - 1] > d:
                keys[i] = keys[i - 1]
                out[i] = out[i - 1]
                i -= 1
            keys[i] = d
            out[i] = <uint8_t>k
            n += 1
    return n


cdef int _dfs_plain(int32_t* c, const Graph* g, int32_t* pth, uint8_t* mv, Py_ssize_t s,
                    Py_ssize_t last, bint closed, int64_t max_nodes, double deadline,
                    const uint8_t* cancel, Counters* out) noexcept nogil:
    """The textbook search over the table (``search.pyx``'s ``_dfs_plain``)."""
    cdef Py_ssize_t depth = 0, p = s, q = 0
    cdef int64_t nodes = 1, backtracks = 0
    cdef int k = 0, status, dp = g.deg[s]
    cdef const int32_t* row = g.nbr + s * g.width
    c[s] += VISITED
    pth[0] = <int32_t>s
    if last == 0 and not closed:
        status = S_FOUND
    else:
        while True:
            while k < dp:
                q = row[k]
                k += 1
                if c[q] < FREE_BELOW:
                    break
            else:
                c[p] -= VISITED
                if depth == 0:
                    status = S_EXHAUSTED
                    break
                depth -= 1
                backtracks += 1
                p = pth[depth]
                k = mv[depth]
                dp = g.deg[p]
                row = g.nbr + p * g.width
                continue
            if nodes >= max_nodes:
                status = S_NODE_LIMIT
                break
            mv[depth] = <uint8_t>k
            depth += 1
            pth[depth] = <int32_t>q
            c[q] += VISITED
            nodes += 1
            if depth == last and (not closed or _adjacent(g, q, s)):
                status = S_FOUND
                break
            p = q
            dp = g.deg[p]
            row = g.nbr + p * g.width
            k = dp if depth == last else 0
            if (nodes & POLL_MASK) == 0:
                status = _polled(deadline, cancel)
                if status != S_FOUND:
                    break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


cdef inline int _visit_ordered(int32_t* c, const Graph* g, Py_ssize_t p,
                               uint8_t* out) noexcept nogil:
    """``_visit`` and ``_order_candidates`` in one pass over p's row.

    A visit lowers each neighbour's count once (a row lists a square once),
    so a neighbour's count right after its own decrement is its count after
    the whole visit: the candidates and their order are exactly those of
    ``_visit`` then ``_order_candidates``, for half the loads.
    """
    cdef const int32_t* row = g.nbr + p * g.width
    cdef int k, n = 0, i
    cdef int32_t d, u
    cdef int32_t keys[64]
    c[p] += VISITED
    for k in range(g.deg[p]):
        u = row[k]
        c[u] -= 1
        d = c[u]
        if d < FREE_BELOW:
            i = n
            while i > 0 and keys[i - 1] > d:
                keys[i] = keys[i - 1]
                out[i] = out[i - 1]
                i -= 1
            keys[i] = d
            out[i] = <uint8_t>k
            n += 1
    return n


cdef int _dfs_ordered(int32_t* c, const Graph* g, int32_t* pth, uint8_t* mv, Py_ssize_t s,
                      Py_ssize_t last, bint closed, int64_t max_nodes, double deadline,
                      const uint8_t* cancel, Counters* out) noexcept nogil:
    """Warnsdorff-ordered backtracking (``search.pyx``'s ``_dfs_ordered``)."""
    cdef Py_ssize_t depth = 0, q, base = 0, stride = g.width + 2
    cdef int64_t nodes = 1, backtracks = 0
    cdef int i, status
    _visit(c, g, s)
    pth[0] = <int32_t>s
    mv[0] = 0
    mv[1] = <uint8_t>_order_candidates(c, g, s, mv + 2)
    if last == 0 and not closed:
        status = S_FOUND
    else:
        while True:
            i = mv[base]
            if i >= mv[base + 1]:
                _unvisit(c, g, pth[depth])
                if depth == 0:
                    status = S_EXHAUSTED
                    break
                depth -= 1
                base -= stride
                backtracks += 1
                continue
            if nodes >= max_nodes:
                status = S_NODE_LIMIT
                break
            mv[base] = <uint8_t>(i + 1)
            q = g.nbr[pth[depth] * g.width + mv[base + 2 + i]]
            depth += 1
            base += stride
            pth[depth] = <int32_t>q
            nodes += 1
            i = _visit_ordered(c, g, q, mv + base + 2)
            mv[base] = 0
            if depth == last:
                if not closed or _adjacent(g, q, s):
                    status = S_FOUND
                    break
                mv[base + 1] = 0
            elif closed and c[s] == VISITED:
                mv[base + 1] = 0
            else:
                mv[base + 1] = <uint8_t>i
            if (nodes & POLL_MASK) == 0:
                status = _polled(deadline, cancel)
                if status != S_FOUND:
                    break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


cdef Py_ssize_t graph_work_entries(Py_ssize_t n) noexcept nogil:
    """Entries of the int32 work array: the cells (one spare), then the path."""
    return 2 * n + 1


cdef Py_ssize_t graph_move_entries(Py_ssize_t n, Py_ssize_t width, bint ordered) noexcept nogil:
    """Entries of the uint8 per-depth array of the backtracking searches."""
    return n * (width + 2 if ordered else 1)


cdef int graph_tree_search(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work, uint8_t* moves,
                           Py_ssize_t start, bint ordered, bint closed, int64_t max_nodes,
                           double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil:
    """One depth-first search from square ``start``; returns its status.

    ``steps`` (n entries) receives the step of each square when FOUND, -1s
    otherwise.  ``work`` has ``graph_work_entries(n)`` entries and ``moves``
    ``graph_move_entries(n, width, ordered)``.  ``max_nodes`` <= 0: no limit.
    """
    cdef Graph g
    cdef int status
    cdef Py_ssize_t i
    g.nbr = nbr
    g.deg = deg
    g.n = n
    g.width = width
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    if ordered:
        _count_all(work, &g)
        status = _dfs_ordered(work, &g, work + n + 1, moves, start, n - 1, closed, max_nodes,
                              deadline, cancel, counters)
    else:
        for i in range(n):
            work[i] = 0
        status = _dfs_plain(work, &g, work + n + 1, moves, start, n - 1, closed, max_nodes,
                            deadline, cancel, counters)
    if status == S_FOUND:
        _fill_steps(steps, n, work + n + 1, n)
    else:
        for i in range(n):
            steps[i] = -1
    return status


cdef inline int32_t _second_level(const int32_t* c, const Graph* g, Py_ssize_t q) noexcept nogil:
    cdef const int32_t* row = g.nbr + q * g.width
    cdef int k
    cdef int32_t d, best = NO_VALUE
    for k in range(g.deg[q]):
        d = c[row[k]]
        if d < best:
            best = d
    return best if best < FREE_BELOW else NO_VALUE


cdef int graph_greedy_walk(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work,
                           const int64_t* far, Py_ssize_t start, int tie_break, uint64_t seed,
                           bint closed, double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil:
    """Greedy Warnsdorff walk over the table (``search.pyx``'s ``greedy_walk``).

    ``far[p]`` is the Roth key of square p (larger: farther from the centre).
    ``steps`` receives the squares reached (-1 elsewhere) whatever the status.
    """
    cdef Graph g
    cdef Py_ssize_t ties[64]
    cdef Py_ssize_t p, q, steps_done = 1
    cdef const int32_t* row
    cdef int32_t* c = work
    cdef int32_t* pth = work + n + 1
    cdef int32_t d, best, key, best_key
    cdef int64_t dist, best_dist
    cdef int status = S_FOUND, k, nt
    cdef uint64_t state = seed
    g.nbr = nbr
    g.deg = deg
    g.n = n
    g.width = width
    _count_all(c, &g)
    pth[0] = <int32_t>start
    _visit(c, &g, start)
    while steps_done < n:
        p = pth[steps_done - 1]
        row = nbr + p * width
        best = FREE_BELOW
        nt = 0
        for k in range(deg[p]):
            q = row[k]
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
                q = ties[splitmix64(&state) % <uint64_t>nt]
            elif tie_break == T_ROTH:
                best_dist = -1
                for k in range(nt):
                    dist = far[ties[k]]
                    if dist > best_dist:
                        best_dist = dist
                        q = ties[k]
            elif tie_break == T_POHL:
                best_key = NO_VALUE + 1
                for k in range(nt):
                    key = _second_level(c, &g, ties[k])
                    if key < best_key:
                        best_key = key
                        q = ties[k]
        pth[steps_done] = <int32_t>q
        _visit(c, &g, q)
        steps_done += 1
        if (steps_done & POLL_MASK) == 0:
            status = _polled(deadline, cancel)
            if status != S_FOUND:
                break
    if status == S_FOUND and closed and not _adjacent(&g, pth[steps_done - 1], start):
        status = S_NOT_CLOSED
    _fill_steps(steps, n, pth, steps_done)
    counters.nodes = steps_done
    counters.backtracks = 0
    counters.depth = steps_done - 1
    return status


# -- from a chosen start to a chosen end ---------------------------------------------
#
# The Warnsdorff-ordered search of ``_dfs_ordered`` with the last square fixed.
# A fixed end makes strong exact pruning possible.  Let f(u) be the number of
# free neighbours of a free square u, q the current square, t the end:
#
# * t is entered only by the last move, so until then it is no candidate and
#   needs f(t) >= 1 (its way in);
# * any other free square must be entered and left: f(u) >= 2, or f(u) >= 1
#   when it is next to q (q is its way in);
# * a neighbour u != t of q with f(u) = 1 must be the next square (once q
#   moves on, u keeps one way in or out and would have to be an end); two of
#   them kill the branch;
# * in the first ``connect_depth`` levels a flood fill checks that the free
#   squares still hang together with q.
#
# f only drops for the neighbours of the square just entered, and "next to
# q" only changes for the neighbours of q and of the square just left, so
# each move checks those two rows; the root checks every square once.

cdef bint _between_root_ok(const int32_t* c, const Graph* g, Py_ssize_t s,
                           Py_ssize_t t, uint8_t* near) noexcept nogil:
    """The pruning rules on every free square after the first visit."""
    cdef const int32_t* row = g.nbr + s * g.width
    cdef Py_ssize_t u
    cdef int k
    cdef bint ok = True
    for k in range(g.deg[s]):
        near[row[k]] = 1
    for u in range(g.n):
        if c[u] >= FREE_BELOW or u == t:
            continue
        if c[u] < (1 if near[u] else 2):
            ok = False
            break
    for k in range(g.deg[s]):
        near[row[k]] = 0
    return ok


cdef int _between_candidates(const int32_t* c, const Graph* g, Py_ssize_t q, Py_ssize_t p,
                             Py_ssize_t t, Py_ssize_t remaining, uint8_t* near,
                             uint8_t* out) noexcept nogil:
    """The slots of q's next squares in Warnsdorff order (0: the branch is dead).

    ``p`` is the square just left (-1 at the root), ``remaining`` the free
    squares, t included.
    """
    cdef const int32_t* row = g.nbr + q * g.width
    cdef const int32_t* prow
    cdef int k, n = 0, i, forced = -1, nforced = 0
    cdef int32_t d, u
    cdef int32_t keys[64]
    cdef bint ok = True
    if remaining == 1:
        for k in range(g.deg[q]):
            if row[k] == t:
                out[0] = <uint8_t>k
                return 1
        return 0
    if c[t] == 0:
        return 0
    for k in range(g.deg[q]):
        near[row[k]] = 1
    if p >= 0:
        prow = g.nbr + p * g.width
        for k in range(g.deg[p]):
            u = prow[k]
            if u != t and c[u] < 2 and not near[u]:
                ok = False  # a free square left with one way in or out (visited ones are large)
                break
    if ok:
        for k in range(g.deg[q]):
            u = row[k]
            d = c[u]
            if d >= FREE_BELOW or u == t:
                continue
            if d == 0:
                ok = False
                break
            if d == 1:
                nforced += 1
                forced = k
            i = n
            while i > 0 and keys[i - 1] > d:
                keys[i] = keys[i - 1]
                out[i] = out[i - 1]
                i -= 1
            keys[i] = d
            out[i] = <uint8_t>k
            n += 1
    for k in range(g.deg[q]):
        near[row[k]] = 0
    if not ok or nforced > 1:
        return 0
    if nforced == 1:
        out[0] = <uint8_t>forced
        return 1
    return n


cdef bint _between_connected(const int32_t* c, const Graph* g, Py_ssize_t q,
                             Py_ssize_t remaining, uint8_t* seen,
                             int32_t* queue) noexcept nogil:
    """Do the ``remaining`` free squares all hang together with q?"""
    cdef Py_ssize_t head = 0, tail = 1, p, v, i
    cdef const int32_t* row
    cdef int k
    queue[0] = <int32_t>q
    seen[q] = 1
    while head < tail:
        p = queue[head]
        head += 1
        row = g.nbr + p * g.width
        for k in range(g.deg[p]):
            v = row[k]
            if c[v] < FREE_BELOW and not seen[v]:
                seen[v] = 1
                queue[tail] = <int32_t>v
                tail += 1
    for i in range(tail):
        seen[queue[i]] = 0
    return tail - 1 == remaining


cdef int _dfs_between(int32_t* c, const Graph* g, int32_t* pth, uint8_t* mv, uint8_t* near,
                      int32_t* queue, Py_ssize_t s, Py_ssize_t t, Py_ssize_t connect_depth,
                      int64_t max_nodes, double deadline, const uint8_t* cancel,
                      Counters* out) noexcept nogil:
    """Warnsdorff-ordered backtracking from s to t (the rules above)."""
    cdef Py_ssize_t depth = 0, q, p, base = 0, stride = g.width + 2, last = g.n - 1
    cdef int64_t nodes = 1, backtracks = 0
    cdef int i, status
    _visit(c, g, s)
    pth[0] = <int32_t>s
    mv[0] = 0
    mv[1] = 0
    if last == 0:
        status = S_FOUND if s == t else S_EXHAUSTED
    else:
        if _between_root_ok(c, g, s, t, near) and _between_connected(c, g, s, last, near,
                                                                     queue):
            mv[1] = <uint8_t>_between_candidates(c, g, s, -1, t, last, near, mv + 2)
        while True:
            i = mv[base]
            if i >= mv[base + 1]:
                _unvisit(c, g, pth[depth])
                if depth == 0:
                    status = S_EXHAUSTED
                    break
                depth -= 1
                base -= stride
                backtracks += 1
                continue
            if nodes >= max_nodes:
                status = S_NODE_LIMIT
                break
            mv[base] = <uint8_t>(i + 1)
            p = pth[depth]
            q = g.nbr[p * g.width + mv[base + 2 + i]]
            depth += 1
            base += stride
            pth[depth] = <int32_t>q
            nodes += 1
            _visit(c, g, q)
            mv[base] = 0
            if depth == last:
                status = S_FOUND
                break
            if depth <= connect_depth and not _between_connected(c, g, q, last - depth,
                                                                 near, queue):
                mv[base + 1] = 0
            else:
                mv[base + 1] = <uint8_t>_between_candidates(c, g, q, p, t, last - depth,
                                                            near, mv + base + 2)
            if (nodes & POLL_MASK) == 0:
                status = _polled(deadline, cancel)
                if status != S_FOUND:
                    break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


cdef int _check_table(const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                      Py_ssize_t n) except -1:
    if nbr.shape[0] < n or deg.shape[0] < n or nbr.shape[1] > MAX_DEGREE:
        raise ValueError("the neighbour table does not fit the board")
    return 0


cdef int _raise_for(int status, Py_ssize_t n, str what) except -1:
    if status == S_INTERRUPTED:
        reraise_pending()
    if status == S_NO_MEMORY:
        raise MemoryError(f"no memory for the work arrays of a {what} of {n} squares")
    return 0


def backtrack(int32_t[::1] steps, const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
              Py_ssize_t start, bint ordered, bint closed, int64_t max_nodes, double deadline,
              const uint8_t[::1] cancel=None):
    """Depth-first search for a tour over a neighbour table;
    returns ``(status, nodes, backtracks)`` (see ``search.backtrack``).

    ``steps`` (one entry per usable square) receives the tour when FOUND.
    """
    cdef Py_ssize_t n = steps.shape[0], width = nbr.shape[1]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef int status = S_NO_MEMORY
    cdef int32_t* work
    cdef uint8_t* moves
    _check_table(nbr, deg, n)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    counters.nodes = counters.backtracks = counters.depth = 0
    with nogil:
        work = <int32_t*>alloc_work(graph_work_entries(n) * sizeof(int32_t))
        moves = <uint8_t*>alloc_work(graph_move_entries(n, width, ordered))
        if work != NULL and moves != NULL:
            status = graph_tree_search(&steps[0], &nbr[0, 0], &deg[0], n, width, work, moves,
                                       start, ordered, closed, max_nodes, deadline, flag,
                                       &counters)
        free(work)
        free(moves)
    _raise_for(status, n, "search")
    return status, counters.nodes, counters.backtracks


def warnsdorff(int32_t[::1] steps, const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
               const int64_t[::1] far, Py_ssize_t start, int tie_break, uint64_t seed,
               bint closed, double deadline, const uint8_t[::1] cancel=None):
    """Greedy Warnsdorff walk over a neighbour table; returns ``(status, squares)``."""
    cdef Py_ssize_t n = steps.shape[0], width = nbr.shape[1]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef int status = S_NO_MEMORY
    cdef int32_t* work
    _check_table(nbr, deg, n)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    if far.shape[0] < n:
        raise ValueError("far must have one entry per square")
    counters.nodes = 0
    with nogil:
        work = <int32_t*>alloc_work(graph_work_entries(n) * sizeof(int32_t))
        if work != NULL:
            status = graph_greedy_walk(&steps[0], &nbr[0, 0], &deg[0], n, width, work, &far[0],
                                       start, tie_break, seed, closed, deadline, flag,
                                       &counters)
        free(work)
    _raise_for(status, n, "walk")
    return status, counters.nodes


# -- distances to clue squares ---------------------------------------------------

cdef bint _bfs(const int32_t* nbr, const uint8_t* deg, Py_ssize_t n, Py_ssize_t width,
               Py_ssize_t src, int32_t* dist, int32_t* queue) noexcept nogil:
    """Breadth-first distances from ``src`` over the whole graph (-1: unreachable);
    True when no edge of src's component joins two squares at equal distance
    (the component is bipartite, so every walk from src to p has the parity
    of ``dist[p]``)."""
    cdef Py_ssize_t head = 0, tail = 1, p, u
    cdef int k
    cdef bint bip = True
    for p in range(n):
        dist[p] = -1
    dist[src] = 0
    queue[0] = <int32_t>src
    while head < tail:
        p = queue[head]
        head += 1
        for k in range(deg[p]):
            u = nbr[p * width + k]
            if dist[u] < 0:
                dist[u] = dist[p] + 1
                queue[tail] = <int32_t>u
                tail += 1
            elif dist[u] == dist[p]:
                bip = False
    return bip


def distances(const int32_t[:, ::1] nbr, const uint8_t[::1] deg, const int32_t[::1] sources,
              int32_t[:, ::1] out, uint8_t[::1] bipartite):
    """Board-graph distances from each of ``sources`` (the clue squares).

    ``out[j, p]`` receives the fewest moves from ``sources[j]`` to square p
    (-1 when none reach it), ``bipartite[j]`` 1 when the component of
    ``sources[j]`` is bipartite (then every walk between two of its squares
    has the parity of their distance).  One breadth-first search per
    source, O(sources * squares * width), in C.
    """
    cdef Py_ssize_t n = deg.shape[0], j, m = sources.shape[0]
    cdef int32_t[::1] queue = np.empty(max(n, 1), dtype=np.int32)
    _check_table(nbr, deg, n)
    if out.shape[0] < m or out.shape[1] < n or bipartite.shape[0] < m:
        raise ValueError("out needs shape (sources, squares) and bipartite one flag a source")
    for j in range(m):
        if not 0 <= sources[j] < n:
            raise ValueError("a source is not a square of the table")
    with nogil:
        for j in range(m):
            bipartite[j] = _bfs(&nbr[0, 0], &deg[0], n, nbr.shape[1], sources[j], &out[j, 0],
                                &queue[0])


def between(int32_t[::1] steps, const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
            Py_ssize_t start, Py_ssize_t end, int64_t max_nodes, double deadline,
            const uint8_t[::1] cancel=None, Py_ssize_t connect_depth=0):
    """Warnsdorff-ordered search for a tour from ``start`` to ``end`` over a
    neighbour table; returns ``(status, nodes, backtracks)``.

    ``steps`` (one entry per usable square) receives the tour when FOUND,
    -1s otherwise.  ``connect_depth``: the levels below the root that run
    the flood fill (0: the root alone; measured on 5x6, holed 6x6, 7x7 and
    8x8 boards, a fill on the first quarter of the levels cut no node and
    doubled the time, and on 100x101 took 1.9 s for a 1.5 ms search).
    ``max_nodes`` <= 0: no limit.
    """
    cdef Py_ssize_t n = steps.shape[0], width = nbr.shape[1], i
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef Graph g
    cdef int status
    _check_table(nbr, deg, n)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    if not 0 <= end < n:
        raise ValueError("end is not a square of the table")
    if start == end and n > 1:
        raise ValueError("end must differ from start on a table of more than one square")
    if connect_depth < 0:
        raise ValueError(f"connect_depth must be 0 or more, got {connect_depth}")
    cdef int32_t[::1] work = np.empty(graph_work_entries(n), dtype=np.int32)
    cdef uint8_t[::1] moves = np.zeros(max(graph_move_entries(n, width, True), 2),
                                       dtype=np.uint8)
    cdef uint8_t[::1] near = np.zeros(n + 1, dtype=np.uint8)
    cdef int32_t[::1] queue = np.empty(n + 1, dtype=np.int32)
    g.nbr = &nbr[0, 0]
    g.deg = &deg[0]
    g.n = n
    g.width = width
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    counters.nodes = counters.backtracks = counters.depth = 0
    with nogil:
        _count_all(&work[0], &g)
        status = _dfs_between(&work[0], &g, &work[n + 1], &moves[0], &near[0], &queue[0],
                              start, end, connect_depth, max_nodes, deadline, flag, &counters)
        if status == S_FOUND:
            _fill_steps(&steps[0], n, &work[n + 1], n)
        else:
            for i in range(n):
                steps[i] = -1
    _raise_for(status, n, "search")
    return status, counters.nodes, counters.backtracks


# -- counting ------------------------------------------------------------------

DONE, MORE, TIME_LIMIT, NODE_LIMIT, CANCELLED = range(5)

cdef enum:
    C_DONE = 0
    C_MORE = 1
    C_TIME_LIMIT = 2
    C_NODE_LIMIT = 3
    C_CANCELLED = 4


cdef class GraphPathSearch:
    """All completions of a path prefix into a Hamiltonian path of a table's graph.

    ``prefix`` lists the first squares of the path; ``blocked`` squares are
    removed (a closed tour's start); ``ends`` is empty (any last square) or
    one uint8 flag per square marking the allowed last squares.  The caller
    validates everything; the prefix must be a path of the graph.

    ``clues`` (optional: None or empty for none) holds, for each position
    of the path (0 the first square of ``prefix``), the square that must
    stand there, or -1: the paths of a knight's-tour puzzle, a Hidato or a
    Numbrix.  ``ordered`` tries the candidates of each node by fewest
    onward moves first (Warnsdorff's order: finds a first path sooner; the
    set of paths is the same, only their order changes).

    Pruning, all exact, and valid on any graph (no bipartiteness needed).
    Let ``f(u)`` be the number of free neighbours of a free square ``u``.
    ``f(u)`` only drops while the current square is next to ``u``, so it is
    enough to look at the neighbours of the square just left that are not
    next to the new current square:

    * one with ``f = 0`` can never be reached: the branch is dead;
    * one with ``f = 1`` can only be the last square (the *pending end*):
      it must be an allowed end, and there can be only one;
    * a neighbour of the current square with ``f = 0`` must be the next and
      last square;
    * with restricted ends, the branch dies once every allowed end is used;
    * in the first ``connect_depth`` levels, a flood fill checks that the
      free squares are still connected to the current one.

    With clues: a clued square is entered at its own position only, and
    the square clued next is the only candidate there (a forced move); a
    clued square is never an allowed end unless clued last; and a square
    at position d is kept only when the next clue, at position k, is at
    most k - d moves away in the board's graph (distances by one
    breadth-first search from each clue square, at set-up), with the
    parity of k - d when that part of the graph is bipartite.
    """

    cdef Py_ssize_t n, width, total, base, depth, connect_depth, poll_every
    cdef bint restricted, dead, started, has_clues, ordered
    cdef int64_t ends_left
    cdef uint64_t _found
    cdef int64_t _nodes
    cdef const int32_t[:, ::1] nbr_view
    cdef const uint8_t[::1] deg_view
    cdef int32_t[::1] cells, path, idx, pend, mark, stack
    cdef int32_t[::1] clue_at_v, clue_of_v, next_v, dist_v, ncand_v, row_v
    cdef uint8_t[::1] is_end, bip_v, cand_v
    cdef int32_t stamp
    cdef const int32_t* nb
    cdef const uint8_t* dg
    cdef int32_t* cl
    cdef int32_t* pth
    cdef int32_t* ix
    cdef int32_t* pd
    cdef uint8_t* ise
    cdef int32_t* clue_at   # position -> square, or -1
    cdef int32_t* clue_of   # square -> position, or -1
    cdef int32_t* nxt       # position d -> the first clued position after d, or -1
    cdef int32_t* dist      # one row of n distances per clue, in position order
    cdef uint8_t* bip       # per clued position: its component is bipartite
    cdef int32_t* row_of    # per clued position: its row of dist
    cdef uint8_t* cand      # ordered: the slots of each depth's candidates, best first
    cdef int32_t* ncand

    def __init__(self, const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                 const int32_t[::1] prefix, const int32_t[::1] blocked,
                 const uint8_t[::1] ends, Py_ssize_t connect_depth=-1,
                 const int32_t[::1] clues=None, bint ordered=False):
        cdef Py_ssize_t i, p, k, n = deg.shape[0], last, rank, size
        cdef int32_t[::1] queue
        _check_table(nbr, deg, n)
        if prefix.shape[0] < 1:
            raise ValueError("the prefix must hold at least the start")
        self.n = n
        self.width = nbr.shape[1]
        self.nbr_view = nbr
        self.deg_view = deg
        self.nb = &nbr[0, 0]
        self.dg = &deg[0]
        self.total = n - blocked.shape[0]
        self.cells = np.zeros(n + 1, dtype=np.int32)
        self.is_end = np.zeros(n + 1, dtype=np.uint8)
        self.mark = np.zeros(n + 1, dtype=np.int32)
        self.stack = np.zeros(n + 1, dtype=np.int32)
        self.path = np.zeros(max(self.total, 1), dtype=np.int32)
        self.idx = np.zeros(max(self.total, 1), dtype=np.int32)
        self.pend = np.full(max(self.total, 1), -1, dtype=np.int32)
        self.cl = &self.cells[0]
        self.ise = &self.is_end[0]
        self.pth = &self.path[0]
        self.ix = &self.idx[0]
        self.pd = &self.pend[0]
        self.stamp = 0
        self.restricted = ends.shape[0] > 0
        self.connect_depth = connect_depth if connect_depth >= 0 else self.total // 4
        # Nodes between two polls: a node can cost a flood fill over the
        # board (the cut test), so on big boards poll more often, keeping
        # the work between two polls near 16384 small boards' nodes (a
        # 3x4000 closed listing overran a 0.17 s timeout by 2 s).
        self.poll_every = max(64, POLL_MASK * 64 // max(self.total, 64))
        for p in range(n):
            self.cl[p] = self.dg[p]
            if not self.restricted or ends[p]:
                self.ise[p] = 1
        self.cl[n] = VISITED
        self.has_clues = clues is not None and clues.shape[0] > 0
        self.ordered = ordered
        size = max(self.total, 1)
        self.clue_at_v = np.full(size + 1, -1, dtype=np.int32)
        self.clue_of_v = np.full(n + 1, -1, dtype=np.int32)
        self.next_v = np.full(size + 1, -1, dtype=np.int32)
        self.clue_at = &self.clue_at_v[0]
        self.clue_of = &self.clue_of_v[0]
        self.nxt = &self.next_v[0]
        self.ncand_v = np.zeros(size, dtype=np.int32)
        self.cand_v = np.zeros(size * self.width if ordered else 1, dtype=np.uint8)
        self.ncand = &self.ncand_v[0]
        self.cand = &self.cand_v[0]
        if self.has_clues:
            if clues.shape[0] != self.total:
                raise ValueError("clues needs one entry per position of the path")
            for k in range(self.total):
                p = clues[k]
                if p < -1 or p >= n:
                    raise ValueError("a clue is not a square of the table")
                if p >= 0:
                    if self.clue_of[p] >= 0:
                        raise ValueError("a square is clued at two positions")
                    self.clue_at[k] = <int32_t>p
                    self.clue_of[p] = <int32_t>k
            last = -1
            rank = 0
            for k in range(self.total - 1, -1, -1):
                self.nxt[k] = <int32_t>last
                if self.clue_at[k] >= 0:
                    last = k
                    rank += 1
            # One row of distances per clue: row_of[k] for the clue at position k.
            self.dist_v = np.full(max(rank, 1) * n, -1, dtype=np.int32)
            self.bip_v = np.zeros(size, dtype=np.uint8)
            self.row_v = np.zeros(size, dtype=np.int32)
            self.dist = &self.dist_v[0]
            self.bip = &self.bip_v[0]
            self.row_of = &self.row_v[0]
            queue = np.empty(max(n, 1), dtype=np.int32)
            rank = 0
            for k in range(self.total):
                if self.clue_at[k] >= 0:
                    self.row_of[k] = <int32_t>rank
                    self.bip[k] = _bfs(self.nb, self.dg, n, self.width, self.clue_at[k],
                                       self.dist + rank * n, &queue[0])
                    rank += 1
            # Only the last clue may end the path; a clued last square is the only end.
            for p in range(n):
                k = self.clue_of[p]
                if k >= 0 and k != self.total - 1:
                    self.ise[p] = 0
                    self.restricted = True
            p = self.clue_at[self.total - 1]
            if p >= 0:
                for i in range(n):
                    if i != p:
                        self.ise[i] = 0
                self.restricted = True
        else:
            self.dist_v = np.zeros(1, dtype=np.int32)
            self.bip_v = np.zeros(1, dtype=np.uint8)
            self.row_v = np.zeros(1, dtype=np.int32)
            self.dist = &self.dist_v[0]
            self.bip = &self.bip_v[0]
            self.row_of = &self.row_v[0]
        for i in range(blocked.shape[0]):
            self._visit(blocked[i])
        for i in range(prefix.shape[0]):
            self.pth[i] = prefix[i]
            self._visit(prefix[i])
        self.base = prefix.shape[0] - 1
        self.depth = self.base
        self._found = 0
        self._nodes = 0
        self.dead = False
        self.started = False
        self.ends_left = 0
        if self.restricted:
            for p in range(n):
                if self.ise[p] and self.cl[p] < FREE_BELOW:
                    self.ends_left += 1
        if self.has_clues:
            for i in range(blocked.shape[0]):
                if self.clue_of[blocked[i]] >= 0:
                    self.dead = True
            for i in range(prefix.shape[0]):
                if not self._may_enter(prefix[i], i):
                    self.dead = True
        self._setup()

    cdef inline bint _may_enter(self, Py_ssize_t u, Py_ssize_t k) noexcept nogil:
        """May square u stand at position k (its clue, or the clue there)?"""
        cdef int32_t c = self.clue_of[u]
        if c >= 0:
            return c == k
        return self.clue_at[k] < 0

    cdef inline bint _in_reach(self, Py_ssize_t d, Py_ssize_t q) noexcept nogil:
        """Can square q, at position d, still reach the next clue in time?"""
        cdef int32_t k = self.nxt[d]
        cdef int32_t dd, left
        if k < 0:
            return True
        dd = self.dist[self.row_of[k] * self.n + q]
        left = <int32_t>(k - d)
        if dd < 0 or dd > left:
            return False
        return not (self.bip[k] and ((left - dd) & 1))

    cdef inline void _visit(self, Py_ssize_t p) noexcept nogil:
        cdef const int32_t* row = self.nb + p * self.width
        cdef int k
        self.cl[p] += VISITED
        for k in range(self.dg[p]):
            self.cl[row[k]] -= 1

    cdef inline void _unvisit(self, Py_ssize_t p) noexcept nogil:
        cdef const int32_t* row = self.nb + p * self.width
        cdef int k
        self.cl[p] -= VISITED
        for k in range(self.dg[p]):
            self.cl[row[k]] += 1

    cdef void _setup(self):
        """The base node: is the prefix already dead?"""
        cdef Py_ssize_t p, remaining = self.total - self.base - 1
        cdef Py_ssize_t q = self.pth[self.base]
        cdef int32_t end = -1
        self.ix[self.base] = 0
        # Every free square not next to the current one needs f >= 2, but
        # for one allowed end with f = 1; next to it, f = 0 only as the last.
        for p in range(self.n):
            if self.cl[p] >= FREE_BELOW:
                continue
            if self._next_to(q, p):
                if self.cl[p] == 0 and remaining > 1:
                    self.dead = True
            elif self.cl[p] == 0:
                self.dead = True
            elif self.cl[p] == 1:
                if end >= 0 or not self.ise[p]:
                    self.dead = True
                end = <int32_t>p
        self.pd[self.base] = end
        if self.restricted and remaining > 0 and self.ends_left == 0:
            self.dead = True
        if self.has_clues and not self._in_reach(self.base, q):
            self.dead = True
        if self.ordered and not self.dead:
            self._order(self.base)

    cdef void _order(self, Py_ssize_t d) noexcept nogil:
        """The candidates at depth d, fewest onward moves first (stable, ties in
        table order), as slots of the current square's row."""
        cdef const int32_t* row = self.nb + self.pth[d] * self.width
        cdef uint8_t* out = self.cand + d * self.width
        cdef int k, m = 0, i
        cdef int32_t key, u
        cdef int32_t keys[64]
        for k in range(self.dg[self.pth[d]]):
            u = row[k]
            if self.cl[u] >= FREE_BELOW:
                continue
            if self.has_clues and not self._may_enter(u, d + 1):
                continue
            key = self.cl[u]
            i = m
            while i > 0 and keys[i - 1] > key:
                keys[i] = keys[i - 1]
                out[i] = out[i - 1]
                i -= 1
            keys[i] = key
            out[i] = <uint8_t>k
            m += 1
        self.ncand[d] = m

    cdef inline bint _next_to(self, Py_ssize_t p, Py_ssize_t u) noexcept nogil:
        cdef const int32_t* row = self.nb + p * self.width
        cdef int k
        for k in range(self.dg[p]):
            if row[k] == u:
                return True
        return False

    cdef bint _advance(self, Py_ssize_t d, Py_ssize_t q) noexcept nogil:
        """Move from the square at depth d to q; False (undone) when the node is dead."""
        cdef const int32_t* row
        cdef Py_ssize_t p = self.pth[d], u, remaining = self.total - d - 2
        cdef int32_t end = self.pd[d]
        cdef int k
        cdef bint ok = True
        self._nodes += 1
        if q == end and remaining > 0:
            return False
        if self.has_clues and not self._in_reach(d + 1, q):
            return False
        self.pth[d + 1] = <int32_t>q
        self._visit(q)
        if remaining == 0:
            ok = not self.restricted or self.ise[q]
        else:
            if self.restricted and self.ise[q]:
                self.ends_left -= 1
            if self.restricted and self.ends_left == 0:
                ok = False
            if ok and end >= 0 and self.cl[end] >= FREE_BELOW:
                end = -1
            # The neighbours of p that are no longer next to the current square.
            row = self.nb + p * self.width
            for k in range(self.dg[p]):
                u = row[k]
                if not ok:
                    break
                if self.cl[u] >= FREE_BELOW or self._next_to(q, u):
                    continue
                if self.cl[u] == 0:
                    ok = False
                elif self.cl[u] == 1:
                    if (end >= 0 and end != u) or not self.ise[u]:
                        ok = False
                    end = <int32_t>u
            # A neighbour of q with no other way in or out must come next and last.
            if ok and remaining > 1:
                row = self.nb + q * self.width
                for k in range(self.dg[q]):
                    if self.cl[row[k]] == 0:
                        ok = False
                        break
            if ok and d + 1 <= self.connect_depth and not self._connected(q, remaining):
                ok = False
            if not ok and self.restricted and self.ise[q]:
                self.ends_left += 1
        if not ok:
            self._unvisit(q)
            return False
        self.pd[d + 1] = end
        self.ix[d + 1] = 0
        if self.ordered and remaining > 0:
            self._order(d + 1)
        return True

    cdef void _retreat(self, Py_ssize_t d) noexcept nogil:
        cdef Py_ssize_t q = self.pth[d]
        if self.restricted and self.ise[q] and d < self.total - 1:
            self.ends_left += 1
        self._unvisit(q)

    cdef bint _connected(self, Py_ssize_t q, Py_ssize_t remaining) noexcept nogil:
        """Do the free squares all hang together with q?"""
        cdef int32_t* mk = &self.mark[0]
        cdef int32_t* st = &self.stack[0]
        cdef Py_ssize_t top = 0, seen = 0, p, v
        cdef const int32_t* row
        cdef int k
        cdef int32_t s
        self.stamp += 1
        if self.stamp == 0x7FFFFFFF:
            for p in range(self.n + 1):
                mk[p] = 0
            self.stamp = 1
        s = self.stamp
        st[top] = <int32_t>q
        top += 1
        mk[q] = s
        while top:
            top -= 1
            p = st[top]
            row = self.nb + p * self.width
            for k in range(self.dg[p]):
                v = row[k]
                if self.cl[v] < FREE_BELOW and mk[v] != s:
                    mk[v] = s
                    seen += 1
                    st[top] = <int32_t>v
                    top += 1
        return seen == remaining

    cdef inline Py_ssize_t _candidate(self, Py_ssize_t d) noexcept nogil:
        """The next square to try at depth d (advancing its cursor), or -1."""
        cdef Py_ssize_t i = self.ix[d], p = self.pth[d], u
        cdef const int32_t* row = self.nb + p * self.width
        if self.ordered:
            if i < self.ncand[d]:
                self.ix[d] = <int32_t>(i + 1)
                return row[self.cand[d * self.width + i]]
            return -1
        while i < self.dg[p]:
            u = row[i]
            i += 1
            if self.cl[u] >= FREE_BELOW:
                continue
            if self.has_clues and not self._may_enter(u, d + 1):
                continue
            self.ix[d] = <int32_t>i
            return u
        self.ix[d] = <int32_t>i
        return -1

    cdef int _run(self, int32_t* out, Py_ssize_t max_out, Py_ssize_t* n_out,
                  double deadline, int64_t max_nodes, const uint8_t* cancel,
                  uint64_t limit) except -1 nogil:
        cdef Py_ssize_t d = self.depth, j, q, stride = self.total
        cdef int64_t polled = self._nodes
        cdef int stop
        n_out[0] = 0
        if self.dead:
            return C_DONE
        if not self.started:
            self.started = True
            if self.total - self.base - 1 == 0:
                if not self.restricted or self.ise[self.pth[d]]:
                    self._found += 1
                    if out != NULL:
                        for j in range(stride):
                            out[j] = self.pth[j]
                        n_out[0] = 1
                self.dead = True
                return C_MORE if out != NULL else C_DONE
        while True:
            q = self._candidate(d)
            if q >= 0:
                if self._advance(d, q):
                    d += 1
                    if d == self.total - 1:
                        self._found += 1
                        if out != NULL:
                            for j in range(stride):
                                out[n_out[0] * stride + j] = self.pth[j]
                            n_out[0] += 1
                        self._retreat(d)
                        d -= 1
                        if out != NULL and n_out[0] == max_out:
                            self.depth = d
                            return C_MORE
                        if limit > 0 and self._found >= limit:
                            self.depth = d
                            return C_MORE
                if self._nodes - polled > self.poll_every:
                    polled = self._nodes
                    self.depth = d
                    if max_nodes > 0 and self._nodes >= max_nodes:
                        return C_NODE_LIMIT
                    stop = poll(deadline, cancel)
                    if stop:
                        return C_TIME_LIMIT if stop == POLL_TIME_LIMIT else C_CANCELLED
            else:
                if d == self.base:
                    self.depth = d
                    self.dead = True
                    return C_DONE
                self._retreat(d)
                d -= 1

    def count(self, double deadline=0.0, int64_t max_nodes=0,
              const uint8_t[::1] cancel=None, uint64_t limit=0):
        """Run to the end; returns ``(status, tours, nodes)`` (as ``count.PathSearch``).

        ``limit`` > 0 stops (status MORE, resumable) once ``limit`` paths
        have been found in all."""
        cdef Py_ssize_t n = 0
        cdef int status
        cdef const uint8_t* flag = cancel_address(cancel)
        with nogil:
            status = self._run(NULL, 0, &n, deadline, max_nodes, flag, limit)
        if status == C_MORE and self.dead:
            status = C_DONE
        return status, int(self._found), int(self._nodes)

    def collect(self, int32_t[:, ::1] out, double deadline=0.0,
                const uint8_t[::1] cancel=None, int64_t max_nodes=0):
        """Find up to ``out.shape[0]`` more paths (rows of square numbers);
        returns ``(status, n)`` (as ``count.PathSearch.collect``); ``max_nodes``
        > 0 stops at that many nodes in all (status NODE_LIMIT)."""
        cdef Py_ssize_t n = 0
        cdef int status
        cdef const uint8_t* flag = cancel_address(cancel)
        if out.shape[1] != self.total or out.shape[0] < 1:
            raise ValueError("out must have shape (k, squares), k >= 1")
        with nogil:
            status = self._run(&out[0, 0], out.shape[0], &n, deadline, max_nodes, flag, 0)
        if status == C_MORE and self.dead:
            status = C_DONE
        return status, n

    @property
    def found(self):
        return int(self._found)

    @property
    def nodes(self):
        return int(self._nodes)


# -- the board's shape as a graph ------------------------------------------------------

def label(const int32_t[:, ::1] nbr, const uint8_t[::1] deg, int32_t[::1] comp,
          uint8_t[::1] colour):
    """Components and a 2-colouring by breadth-first search; returns
    ``(components, bipartite)``.

    ``comp[p]`` receives the component of square p (numbered from 0 in square
    order), ``colour[p]`` 0 or 1, the first square of each component 0; the
    colouring is proper (``bipartite``) when no edge joins two squares of one
    colour.  O(squares * width), in C: the theory of :mod:`knight.existence`
    asks for it on every board a search is about to walk.
    """
    cdef Py_ssize_t n = deg.shape[0], head, tail, s, p, u
    cdef int32_t label_ = 0
    cdef int k
    cdef bint ok = True
    cdef int32_t[::1] queue = np.empty(max(n, 1), dtype=np.int32)
    _check_table(nbr, deg, n)
    if comp.shape[0] < n or colour.shape[0] < n:
        raise ValueError("comp and colour need one entry per square")
    with nogil:
        for p in range(n):
            comp[p] = -1
        for s in range(n):
            if comp[s] >= 0:
                continue
            comp[s] = label_
            colour[s] = 0
            head = 0
            tail = 1
            queue[0] = <int32_t>s
            while head < tail:
                p = queue[head]
                head += 1
                for k in range(deg[p]):
                    u = nbr[p, k]
                    if comp[u] < 0:
                        comp[u] = label_
                        colour[u] = 1 - colour[p]
                        queue[tail] = <int32_t>u
                        tail += 1
                    elif colour[u] == colour[p]:
                        ok = False
            label_ += 1
    return int(label_), bool(ok)


def cut_parts(const int32_t[:, ::1] nbr, const uint8_t[::1] deg, int32_t[::1] parts):
    """For each square, how many more parts its removal leaves its component in
    (0: not a cut square), by Tarjan's depth-first search, iteratively."""
    cdef Py_ssize_t n = deg.shape[0], root, v, w, top, timer = 0
    cdef int children
    cdef int64_t[::1] disc = np.full(max(n, 1), -1, dtype=np.int64)
    cdef int64_t[::1] low = np.zeros(max(n, 1), dtype=np.int64)
    cdef int32_t[::1] stack = np.empty(max(n, 1), dtype=np.int32)
    cdef int32_t[::1] parent = np.empty(max(n, 1), dtype=np.int32)
    cdef int32_t[::1] slot = np.zeros(max(n, 1), dtype=np.int32)
    _check_table(nbr, deg, n)
    if parts.shape[0] < n:
        raise ValueError("parts needs one entry per square")
    with nogil:
        for v in range(n):
            parts[v] = 0
        for root in range(n):
            if disc[root] >= 0:
                continue
            disc[root] = low[root] = timer
            timer += 1
            top = 0
            stack[0] = <int32_t>root
            parent[root] = -1
            children = 0
            while top >= 0:
                v = stack[top]
                if slot[v] < deg[v]:
                    w = nbr[v, slot[v]]
                    slot[v] += 1
                    if disc[w] < 0:
                        disc[w] = low[w] = timer
                        timer += 1
                        parent[w] = <int32_t>v
                        top += 1
                        stack[top] = <int32_t>w
                        if v == root:
                            children += 1
                    elif w != parent[v] and disc[w] < low[v]:
                        low[v] = disc[w]
                else:
                    top -= 1
                    w = parent[v]
                    if w >= 0:
                        if low[v] < low[w]:
                            low[w] = low[v]
                        if w != root and low[v] >= disc[w]:
                            parts[w] += 1
            parts[root] = children - 1 if children > 0 else 0


def build_table(const int32_t[:, ::1] index, const int32_t[:, ::1] moves, bint wrap_rows,
                bint wrap_cols, int32_t[:, ::1] table, uint8_t[::1] deg):
    """Fill the neighbour table of a board (see :meth:`knight.Board.neighbours`).

    ``index[r, c]`` is the number of square (r, c), -1 on holes; ``moves``
    the offsets in order.  Row p of ``table`` receives p's neighbours in move
    order, each once (two moves can reach one square on a small torus) and
    never p itself, then the sentinel (the number of squares); ``deg[p]``
    how many.  The last row is all sentinels.
    """
    cdef Py_ssize_t rows = index.shape[0], cols = index.shape[1], n = deg.shape[0]
    cdef Py_ssize_t width = moves.shape[0], r, c, rr, cc, p, j, i
    cdef int32_t q
    cdef int d
    if table.shape[0] != n + 1 or table.shape[1] != width or moves.shape[1] != 2:
        raise ValueError("table must have shape (squares + 1, moves)")
    with nogil:
        for r in range(rows):
            for c in range(cols):
                p = index[r, c]
                if p < 0:
                    continue
                d = 0
                for j in range(width):
                    rr = r + moves[j, 0]
                    cc = c + moves[j, 1]
                    if wrap_rows:
                        rr = ((rr % rows) + rows) % rows
                    if wrap_cols:
                        cc = ((cc % cols) + cols) % cols
                    if rr < 0 or rr >= rows or cc < 0 or cc >= cols:
                        continue
                    q = index[rr, cc]
                    if q < 0 or q == p:
                        continue
                    for i in range(d):
                        if table[p, i] == q:
                            break
                    else:
                        table[p, d] = q
                        d += 1
                deg[p] = <uint8_t>d
                for j in range(d, width):
                    table[p, j] = <int32_t>n
        for j in range(width):
            table[n, j] = <int32_t>n

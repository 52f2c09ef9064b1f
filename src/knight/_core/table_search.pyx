"""The tour searches over a neighbour table: any board (holes, any move set,
cylinders and tori).

This module owns the three searches :func:`knight.solve` runs on a
:class:`knight.Board` that is not a plain knight rectangle: ``backtrack``
(the textbook depth-first search, or Warnsdorff-ordered backtracking),
``warnsdorff`` (the greedy walk, with its tie-breaks) and ``between`` (the
ordered search from a chosen start to a chosen end), and their C functions
``table_tree_search`` and ``table_greedy_walk``, which ``table_search.pxd``
exports to the public C-level API (:mod:`knight.capi`).  Counting and
listing tours over the same table is ``table_count.pyx``; the table itself
and the board's shape as a graph are ``board_graph.pyx``.

The knight's cores (``search.pyx``) walk a padded rectangle by offset
arithmetic.  These walk a neighbour table instead, built once per board by
:meth:`knight.Board.neighbours`: square ``p`` (the usable squares numbered
row-major from 0) has ``deg[p]`` neighbours, ``nbr[p * width + k]`` for
``k < deg[p]``, in move order.  One table serves every board alike, so a
hole, a zebra or a torus costs nothing per node.

Cell encoding (``neighbour_table.pxd``), as in ``search.pyx``: a free square
holds its number of free neighbours, a visited one ``VISITED`` more than
that; a visit decrements the counts of all the neighbours of the square
(visited ones included: a square has at most ``MAX_TABLE_WIDTH`` neighbours,
so it never falls below ``FREE_BELOW``), and the retreat undoes it.

The search loops are ``search_loops.pxi.in``'s, the very source of the
knight's cores, rendered for the table's neighbour access: with the same
table order, the searches here make exactly the decisions the knight's cores
make on a full rectangle (the tests check node counts), so a user can move
from a plain board to a holed one and compare like with like.
"""

from libc.stdint cimport INT64_MAX, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free
from .status cimport C_EXHAUSTED, C_FOUND, C_INTERRUPTED, C_NODE_LIMIT, C_NO_MEMORY

from .neighbour_table cimport FREE_BELOW, MAX_TABLE_WIDTH, POLL_MASK, VISITED, check_table
from .poll cimport cancel_address, reraise_pending
from .search cimport (
    Counters,
    T_POHL,
    T_RANDOM,
    T_ROTH,
    alloc_work,
)

import numpy as np

from .table_args import check_between, check_square

cdef enum:
    NO_VALUE = 99999


include "search_loops.table.pxi"


cdef inline Graph _graph(const int32_t* nbr, const uint8_t* deg, Py_ssize_t n,
                         Py_ssize_t width, const int64_t* far) noexcept nogil:
    cdef Graph g
    g.nbr = nbr
    g.deg = deg
    g.far = far
    g.n = n
    g.width = width
    return g


cdef void _count_all(int32_t* c, const Graph* g) noexcept nogil:
    cdef Py_ssize_t p
    for p in range(g.n):
        c[p] = g.deg[p]


cdef Py_ssize_t table_work_entries(Py_ssize_t n) noexcept nogil:
    """Entries of the int32 work array: the cells (one spare), then the path."""
    return 2 * n + 1


cdef Py_ssize_t table_move_entries(Py_ssize_t n, Py_ssize_t width, bint ordered) noexcept nogil:
    """Entries of the uint8 per-depth array of the backtracking searches."""
    return n * (width + 2 if ordered else 1)


cdef int table_tree_search(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work, uint8_t* moves,
                           Py_ssize_t start, bint ordered, bint closed, int64_t max_nodes,
                           double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil:
    """One depth-first search from square ``start``; returns its status.

    ``steps`` (n entries) receives the step of each square when FOUND, -1s
    otherwise.  ``work`` has ``table_work_entries(n)`` entries and ``moves``
    ``table_move_entries(n, width, ordered)``.  ``max_nodes`` <= 0: no limit.
    """
    cdef Graph g = _graph(nbr, deg, n, width, NULL)
    cdef int status
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    if ordered:
        _count_all(work, &g)
        status = _dfs_ordered(work, &g, work + n + 1, moves, start, n - 1, closed, max_nodes,
                              deadline, cancel, counters)
    else:
        _fill(work, n, 0)
        status = _dfs_plain(work, &g, work + n + 1, moves, start, n - 1, closed, max_nodes,
                            deadline, cancel, counters)
    if status == C_FOUND:
        _fill_path(steps, n, &g, work + n + 1, n)
    else:
        _fill(steps, n, -1)
    return status


cdef int table_greedy_walk(int32_t* steps, const int32_t* nbr, const uint8_t* deg,
                           Py_ssize_t n, Py_ssize_t width, int32_t* work,
                           const int64_t* far, Py_ssize_t start, int tie_break, uint64_t seed,
                           bint closed, double deadline, const uint8_t* cancel,
                           Counters* counters) noexcept nogil:
    """Greedy Warnsdorff walk over the table (``search.pyx``'s ``greedy_walk``).

    ``far[p]`` is the Roth key of square p (larger: farther from the centre).
    ``steps`` receives the squares reached (-1 elsewhere) whatever the status.
    """
    cdef Graph g = _graph(nbr, deg, n, width, far)
    cdef int status
    _count_all(work, &g)
    status = _greedy(work, &g, work + n + 1, start, n, tie_break, seed, closed, deadline,
                     cancel, counters)
    _fill_path(steps, n, &g, work + n + 1, counters.nodes)
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
        status = C_FOUND if s == t else C_EXHAUSTED
    else:
        if _between_root_ok(c, g, s, t, near) and _between_connected(c, g, s, last, near,
                                                                     queue):
            mv[1] = <uint8_t>_between_candidates(c, g, s, -1, t, last, near, mv + 2)
        while True:
            i = mv[base]
            if i >= mv[base + 1]:
                _unvisit(c, g, pth[depth])
                if depth == 0:
                    status = C_EXHAUSTED
                    break
                depth -= 1
                base -= stride
                backtracks += 1
                continue
            if nodes >= max_nodes:
                status = C_NODE_LIMIT
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
                status = C_FOUND
                break
            if depth <= connect_depth and not _between_connected(c, g, q, last - depth,
                                                                 near, queue):
                mv[base + 1] = 0
            else:
                mv[base + 1] = <uint8_t>_between_candidates(c, g, q, p, t, last - depth,
                                                            near, mv + base + 2)
            if (nodes & POLL_MASK) == 0:
                status = _polled(deadline, cancel)
                if status != C_FOUND:
                    break
    out.nodes = nodes
    out.backtracks = backtracks
    out.depth = depth
    return status


cdef int _raise_for(int status, Py_ssize_t n, str what) except -1:
    if status == C_INTERRUPTED:
        reraise_pending()
    if status == C_NO_MEMORY:
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
    cdef int status = C_NO_MEMORY
    cdef int32_t* work
    cdef uint8_t* moves
    check_table(nbr, deg, n)
    check_square(start, n)
    counters.nodes = counters.backtracks = counters.depth = 0
    with nogil:
        work = <int32_t*>alloc_work(table_work_entries(n) * sizeof(int32_t))
        moves = <uint8_t*>alloc_work(table_move_entries(n, width, ordered))
        if work != NULL and moves != NULL:
            status = table_tree_search(&steps[0], &nbr[0, 0], &deg[0], n, width, work, moves,
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
    cdef int status = C_NO_MEMORY
    cdef int32_t* work
    check_table(nbr, deg, n)
    check_square(start, n)
    if far.shape[0] < n:
        raise ValueError("far must have one entry per square")
    counters.nodes = 0
    with nogil:
        work = <int32_t*>alloc_work(table_work_entries(n) * sizeof(int32_t))
        if work != NULL:
            status = table_greedy_walk(&steps[0], &nbr[0, 0], &deg[0], n, width, work, &far[0],
                                       start, tie_break, seed, closed, deadline, flag,
                                       &counters)
        free(work)
    _raise_for(status, n, "walk")
    return status, counters.nodes


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
    cdef Py_ssize_t n = steps.shape[0], width = nbr.shape[1]
    cdef const uint8_t* flag = cancel_address(cancel)
    cdef Counters counters
    cdef Graph g
    cdef int status
    check_table(nbr, deg, n)
    check_between(n, start, end, connect_depth)
    cdef int32_t[::1] work = np.empty(table_work_entries(n), dtype=np.int32)
    cdef uint8_t[::1] moves = np.zeros(max(table_move_entries(n, width, True), 2),
                                       dtype=np.uint8)
    cdef uint8_t[::1] near = np.zeros(n + 1, dtype=np.uint8)
    cdef int32_t[::1] queue = np.empty(n + 1, dtype=np.int32)
    g = _graph(&nbr[0, 0], &deg[0], n, width, NULL)
    if max_nodes <= 0:
        max_nodes = INT64_MAX
    counters.nodes = counters.backtracks = counters.depth = 0
    with nogil:
        _count_all(&work[0], &g)
        status = _dfs_between(&work[0], &g, &work[n + 1], &moves[0], &near[0], &queue[0],
                              start, end, connect_depth, max_nodes, deadline, flag, &counters)
        if status == C_FOUND:
            _fill_path(&steps[0], n, &g, &work[n + 1], n)
        else:
            _fill(&steps[0], n, -1)
    _raise_for(status, n, "search")
    return status, counters.nodes, counters.backtracks

"""The board's shape as a graph: its neighbour table, components, 2-colouring,
cut squares and distances.

This module owns the graph utilities over a neighbour table that no search
walks: ``build_table`` (the table itself, for :meth:`knight.Board.neighbours`),
``label`` (components and a 2-colouring), ``cut_parts`` (the cut squares,
by Tarjan's search) and ``distances`` (breadth-first distances to the clue
squares, whose C function ``bfs_distances`` ``board_graph.pxd`` exports to
``table_count.pyx``).  :class:`knight.Board` and the theory of
:mod:`knight.existence` and :mod:`knight.clues` ask for them.  The tour
searches over the table are ``table_search.pyx``, the counting search
``table_count.pyx``.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t

from .neighbour_table cimport MAX_TABLE_WIDTH, check_table

import numpy as np

#: A square has at most this many neighbours (knight.board.MAX_MOVES): the
#: widest neighbour table the cores take.
MAX_DEGREE = MAX_TABLE_WIDTH


cdef bint bfs_distances(const int32_t* nbr, const uint8_t* deg, Py_ssize_t n,
                        Py_ssize_t width, Py_ssize_t src, int32_t* dist,
                        int32_t* queue) noexcept nogil:
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
    check_table(nbr, deg, n)
    if out.shape[0] < m or out.shape[1] < n or bipartite.shape[0] < m:
        raise ValueError("out needs shape (sources, squares) and bipartite one flag a source")
    for j in range(m):
        if not 0 <= sources[j] < n:
            raise ValueError("a source is not a square of the table")
    with nogil:
        for j in range(m):
            bipartite[j] = bfs_distances(&nbr[0, 0], &deg[0], n, nbr.shape[1], sources[j],
                                         &out[j, 0], &queue[0])


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
    check_table(nbr, deg, n)
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
    check_table(nbr, deg, n)
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


cdef void _fill_table(const int32_t* index, Py_ssize_t rows, Py_ssize_t cols,
                      const int32_t* moves, Py_ssize_t width, bint wrap_rows, bint wrap_cols,
                      int32_t* table, uint8_t* deg, Py_ssize_t n) noexcept nogil:
    """The loop of ``build_table`` over its C-contiguous arrays (``index`` rows x
    cols, ``moves`` width x 2, ``table`` (n + 1) x width).  On raw pointers, not
    memoryviews: GCC lays the memoryview loop out 5-15% slower in this module
    than it did in the module it came from, with the same instructions."""
    cdef Py_ssize_t r, c, rr, cc, p, j, i
    cdef int32_t* row
    cdef int32_t q
    cdef int d
    for r in range(rows):
        for c in range(cols):
            p = index[r * cols + c]
            if p < 0:
                continue
            row = table + p * width
            d = 0
            for j in range(width):
                rr = r + moves[2 * j]
                cc = c + moves[2 * j + 1]
                if wrap_rows:
                    rr = ((rr % rows) + rows) % rows
                if wrap_cols:
                    cc = ((cc % cols) + cols) % cols
                if rr < 0 or rr >= rows or cc < 0 or cc >= cols:
                    continue
                q = index[rr * cols + cc]
                if q < 0 or q == p:
                    continue
                for i in range(d):
                    if row[i] == q:
                        break
                else:
                    row[d] = q
                    d += 1
            deg[p] = <uint8_t>d
            for j in range(d, width):
                row[j] = <int32_t>n
    row = table + n * width
    for j in range(width):
        row[j] = <int32_t>n


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
    cdef Py_ssize_t width = moves.shape[0]
    if table.shape[0] != n + 1 or table.shape[1] != width or moves.shape[1] != 2:
        raise ValueError("table must have shape (squares + 1, moves)")
    with nogil:
        _fill_table(&index[0, 0], rows, cols, &moves[0, 0], width, wrap_rows, wrap_cols,
                    &table[0, 0], &deg[0], n)

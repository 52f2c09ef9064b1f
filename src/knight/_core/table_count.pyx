"""Counting and listing paths over a neighbour table: ``GraphPathSearch``.

This module owns the one search behind :func:`knight.count` and
:func:`knight.tours` on any :class:`knight.Board` the frontier DP does not
take (:mod:`knight.counting.graph`), behind the puzzles' clue searches
(:mod:`knight.clues`, :mod:`knight.puzzle`) and behind the existence check
of a chosen end: every completion of a path prefix into a Hamiltonian path
of the table's graph, resumable (``count`` to the end, ``collect`` a batch
of tours at a time), with its status codes ``DONE`` .. ``CANCELLED``.

It walks the table of ``table_search.pyx`` (see there) with the same cell
encoding (``neighbour_table.pxd``); the clue distances come from
``board_graph.pxd``'s breadth-first search.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from .status cimport C_CANCELLED, C_DONE, C_MORE, C_NODE_LIMIT, C_TIME_LIMIT

from .board_graph cimport bfs_distances
from .neighbour_table cimport FREE_BELOW, POLL_MASK, VISITED, check_table
from .poll cimport POLL_TIME_LIMIT, cancel_address, poll

import numpy as np

#: The statuses of ``count`` and ``collect``.
# Status codes: status.pxd's, the one status of every core.
DONE, MORE, TIME_LIMIT, NODE_LIMIT, CANCELLED = (
    C_DONE, C_MORE, C_TIME_LIMIT, C_NODE_LIMIT, C_CANCELLED)


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
        check_table(nbr, deg, n)
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
                    self.bip[k] = bfs_distances(self.nb, self.dg, n, self.width,
                                                self.clue_at[k], self.dist + rank * n,
                                                &queue[0])
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

"""Counting core: exhaustive depth-first search for Hamiltonian knight paths.

One ``PathSearch`` holds the whole state of one search (a subtree: every
completion of a fixed prefix), so the search can run to the end (``count``)
or stop after a batch of tours and resume later (``collect``), which is what
lets ``knight.tours`` be a lazy generator with no thread left running.

The board is padded with a two-cell border (as in ``search.pyx``) in one
flat int8 array ``cells``: a free square holds its number of free
neighbours, a visited square or border cell holds ``VISITED`` or more, so
"free" is ``cells[q] < FREE_BELOW`` and no knight move needs a bounds check.
No bit masks are used, so there is no limit of 64 (or any) squares.

Pruning, all exact (a pruned branch provably holds no tour).  Let ``f(u)``
be the number of free neighbours of a free square ``u`` (the current square
is not free).  The knight graph is bipartite, so two neighbours of the
current square are never neighbours of each other; that keeps every test
local to the neighbours of the square just left or just entered:

* a free square with ``f = 0`` can only be entered from the current square
  and never left: it must be the next square and the last one;
* a free square not next to the current square with ``f = 1`` can only be
  entered and never left: it must be the last square.  There can be only one
  such square (the *pending end*), and it must be an allowed end;
* hence, with a pending end, a neighbour of the current square with
  ``f = 1`` must be the next square (a forced move), and without one, of
  three such neighbours the branch is dead and of two the next square is one
  of them;
* when only some squares may end the path (closed tours, ``end=``), the
  branch dies once all of them are visited;
* every free square must be reachable from the current one through free
  squares.  The free squares were connected at the parent node, so only a
  move onto a cut square can split them; a cheap local test (do the new
  square's free neighbours share free neighbours?) clears most moves and a
  flood fill settles the rest.  Measured, the cut rarely pays on knight
  graphs, so by default it runs in the first quarter of the path only.

Every ``POLL_MASK + 1`` nodes the core takes the GIL to let Ctrl-C through
and to check the deadline (``time.time()``, so a deadline set in one process
means the same in a worker process on the same machine).
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from .status cimport C_CANCELLED, C_DONE, C_MORE, C_NODE_LIMIT, C_TIME_LIMIT

from .poll cimport POLL_TIME_LIMIT, cancel_address, poll

import numpy as np

cdef enum:
    VISITED = 64
    FREE_BELOW = 32
    POLL_MASK = 16383

# Status codes: status.pxd's, the one status of every core.
DONE, MORE, TIME_LIMIT, NODE_LIMIT, CANCELLED = (
    C_DONE, C_MORE, C_TIME_LIMIT, C_NODE_LIMIT, C_CANCELLED)

# The eight knight moves, in knight.geometry.DEFAULT_ORDER.
cdef int _DR[8]
cdef int _DC[8]
_DR[:] = [2, 1, -1, -2, -2, -1, 1, 2]
_DC[:] = [1, 2, 2, 1, -1, -2, -2, -1]


cdef class PathSearch:
    """All completions of a path prefix into a Hamiltonian knight path.

    ``prefix`` lists the first squares of the path as ``row * cols + col``;
    ``blocked`` squares are removed from the board (a closed tour's start
    square); ``ends`` is empty (any last square) or a uint8 array of
    ``rows * cols`` flags marking the squares allowed to be last.
    The caller validates everything; the prefix must be a knight path.
    """

    cdef Py_ssize_t rows, cols, width, total, base, depth, connect_depth, poll_every
    cdef int off[8]
    cdef bint restricted, dead, started
    cdef int64_t ends_left
    cdef uint64_t _found
    cdef int64_t _nodes
    cdef int8_t[::1] cells
    cdef uint8_t[::1] is_end
    cdef int32_t[::1] path, cand, ncand, idx, pend, mark, stack, ones
    cdef int32_t stamp
    # Raw pointers into the arrays above, for the hot loop.
    cdef int8_t* cl
    cdef uint8_t* ise
    cdef int32_t* pth
    cdef int32_t* cnd
    cdef int32_t* ncd
    cdef int32_t* ix
    cdef int32_t* pd
    cdef int32_t* one

    def __init__(self, Py_ssize_t rows, Py_ssize_t cols, const int32_t[::1] prefix,
                 const int32_t[::1] blocked, const uint8_t[::1] ends,
                 Py_ssize_t connect_depth=-1):
        cdef Py_ssize_t i, r, c, p, size, k
        self.rows = rows
        self.cols = cols
        self.width = cols + 4
        size = (rows + 4) * self.width
        self.total = rows * cols - blocked.shape[0]
        for k in range(8):
            self.off[k] = _DR[k] * self.width + _DC[k]
        self.cells = np.full(size, VISITED, dtype=np.int8)
        self.is_end = np.zeros(size, dtype=np.uint8)
        self.mark = np.zeros(size, dtype=np.int32)
        self.stack = np.zeros(size, dtype=np.int32)
        self.path = np.zeros(max(self.total, 1), dtype=np.int32)
        self.cand = np.zeros(8 * max(self.total, 1), dtype=np.int32)
        self.ncand = np.zeros(max(self.total, 1), dtype=np.int32)
        self.idx = np.zeros(max(self.total, 1), dtype=np.int32)
        self.pend = np.full(max(self.total, 1), -1, dtype=np.int32)
        # Per depth: how many free neighbours have one free neighbour left
        # (0..2; more kills the node) and which, so a move needs no rescan.
        self.ones = np.zeros(3 * max(self.total, 1), dtype=np.int32)
        self.cl = &self.cells[0]
        self.ise = &self.is_end[0]
        self.pth = &self.path[0]
        self.cnd = &self.cand[0]
        self.ncd = &self.ncand[0]
        self.ix = &self.idx[0]
        self.pd = &self.pend[0]
        self.one = &self.ones[0]
        self.stamp = 0
        self.restricted = ends.shape[0] > 0
        # The flood-fill cut is exact but rarely pays on knight graphs.
        # Measured (benchmarks/bench_count.py --connect, CPU time): at every
        # depth it removes 30 % of the nodes of closed 3x18 and 0.3 % on open
        # 6x6 from the corner, and makes them 3.7x and 4.5x slower; kept to
        # the first quarter of the path it costs about 5 %.  So that is the
        # default (``connect_depth``: the deepest depth it runs at; 0: never).
        self.connect_depth = connect_depth if connect_depth >= 0 else self.total // 4
        # Nodes between two polls: a node can cost a flood fill over the
        # board (the cut test), so on big boards poll more often, keeping
        # the work between two polls near 16384 small boards' nodes (a
        # 3x4000 closed listing overran a 0.17 s timeout by 2 s).
        self.poll_every = max(64, POLL_MASK * 64 // max(self.total, 64))
        for r in range(rows):
            for c in range(cols):
                p = (r + 2) * self.width + c + 2
                self.cells[p] = 0
                if not self.restricted or ends[r * cols + c]:
                    self.ise[p] = 1
        for i in range(blocked.shape[0]):
            p = self._pad(blocked[i])
            self.cells[p] = VISITED
        for i in range(prefix.shape[0]):
            p = self._pad(prefix[i])
            self.pth[i] = <int32_t>p
            self.cells[p] = VISITED
        self.base = prefix.shape[0] - 1
        self.depth = self.base
        self._found = 0
        self._nodes = 0
        self.dead = False
        self.started = False
        self._setup()

    cdef inline Py_ssize_t _pad(self, int32_t sq):
        return (sq // self.cols + 2) * self.width + sq % self.cols + 2

    cdef void _setup(self):
        """Degrees, the pending end and the candidates of the prefix's last square."""
        cdef Py_ssize_t r, c, p, q, remaining
        cdef int k, f
        cdef int32_t end = -1
        cdef bint adj
        cdef int8_t* cl = self.cl
        self.ends_left = 0
        q = self.pth[self.depth]
        remaining = self.total - self.depth - 1
        for r in range(self.rows):
            for c in range(self.cols):
                p = (r + 2) * self.width + c + 2
                if cl[p] >= FREE_BELOW:
                    continue
                f = 0
                adj = False
                for k in range(8):
                    if cl[p + self.off[k]] < FREE_BELOW:
                        f += 1
                    if p + self.off[k] == q:
                        adj = True
                cl[p] = <int8_t>f
                if self.restricted and self.ise[p]:
                    self.ends_left += 1
                if f == 0 and not (adj and remaining == 1):
                    self.dead = True
                elif f == 1 and not adj:
                    if end >= 0 or not self.ise[p]:
                        self.dead = True
                    end = <int32_t>p
        if self.restricted and remaining > 0 and self.ends_left == 0:
            self.dead = True
        # The connectivity test of deeper nodes assumes a connected start.
        if not self.dead and remaining > 2 and not self._connected(q, remaining):
            self.dead = True
        self.pd[self.depth] = end
        if not self.dead:
            self._enter(self.depth)

    cdef inline void _enter(self, Py_ssize_t d) noexcept nogil:
        """Fill the candidate moves of node d (its square is already visited)."""
        cdef int8_t* cl = self.cl
        cdef int32_t* cd = self.cnd + d * 8
        cdef Py_ssize_t q = self.pth[d], u, remaining = self.total - d - 1
        cdef int k, n = 0, n0 = 0, n1 = 0
        cdef int32_t zero = -1, one0 = -1, one1 = -1
        cdef int8_t f
        self.ix[d] = 0
        if remaining == 0:
            self.ncd[d] = 0
            return
        for k in range(8):
            u = q + self.off[k]
            f = cl[u]
            if f < FREE_BELOW:
                cd[n] = <int32_t>u
                n += 1
                if f == 0:
                    n0 += 1
                    zero = <int32_t>u
                elif f == 1:
                    if n1 == 0:
                        one0 = <int32_t>u
                    else:
                        one1 = <int32_t>u
                    n1 += 1
        self.one[3 * d] = n1
        self.one[3 * d + 1] = one0
        self.one[3 * d + 2] = one1
        if n0 > 0:
            # A dead-end neighbour must be the next and last square.
            if n0 == 1 and remaining == 1:
                cd[0] = zero
                n = 1
            else:
                n = 0
        elif self.pd[d] >= 0:
            if n1 >= 2:
                n = 0
            elif n1 == 1:
                cd[0] = one0
                n = 1
        elif n1 >= 3:
            n = 0
        elif n1 == 2:
            cd[0] = one0
            cd[1] = one1
            n = 2
        self.ncd[d] = n

    cdef inline bint _advance(self, Py_ssize_t d, Py_ssize_t u) noexcept nogil:
        """Try to move from node d to u; on success node d + 1 is entered."""
        cdef int8_t* cl = self.cl
        cdef Py_ssize_t v, remaining
        cdef int32_t end = self.pd[d]
        cdef int k
        # Every other free neighbour of the current square with one free
        # neighbour left (listed by _enter)
        # becomes the path's end once the knight moves on to u.
        cdef int32_t* ones = self.one + 3 * d
        for k in range(ones[0]):
            v = ones[1 + k]
            if v != u:
                if end >= 0 or not self.ise[v]:
                    return False
                end = <int32_t>v
        remaining = self.total - d - 2
        if self.restricted and self.ise[u]:
            if remaining > 0 and self.ends_left == 1:
                return False
            self.ends_left -= 1
        cl[u] += VISITED
        for k in range(8):
            cl[u + self.off[k]] -= 1
        d += 1
        self.pth[d] = <int32_t>u
        self.pd[d] = end
        self._nodes += 1
        if (d <= self.connect_depth and remaining > 2 and not self._local_ok(u)
                and not self._connected(u, remaining)):
            self.ncd[d] = 0
            self.ix[d] = 0
        else:
            self._enter(d)
        return True

    cdef inline void _retreat(self, Py_ssize_t d) noexcept nogil:
        cdef int8_t* cl = self.cl
        cdef Py_ssize_t u = self.pth[d]
        cdef int k
        cl[u] -= VISITED
        for k in range(8):
            cl[u + self.off[k]] += 1
        if self.restricted and self.ise[u]:
            self.ends_left += 1

    cdef inline bint _local_ok(self, Py_ssize_t u) noexcept nogil:
        """True when visiting u cannot have split the free squares.

        They were connected before (checked at every shallower depth), so
        they still are when u's free neighbours all share a free neighbour
        with the first of them.  Knight graphs are locally well linked, so
        this settles most nodes without a flood fill.
        """
        cdef int8_t* cl = self.cl
        cdef int32_t* mk = &self.mark[0]
        cdef Py_ssize_t nbrs[8]
        cdef Py_ssize_t v, w
        cdef int k, i, n = 0
        cdef bint linked
        cdef int32_t s
        for k in range(8):
            v = u + self.off[k]
            if cl[v] < FREE_BELOW:
                nbrs[n] = v
                n += 1
        if n <= 1:
            return True
        s = self._next_stamp()
        for k in range(8):
            w = nbrs[0] + self.off[k]
            if cl[w] < FREE_BELOW:
                mk[w] = s
        for i in range(1, n):
            linked = False
            for k in range(8):
                w = nbrs[i] + self.off[k]
                if cl[w] < FREE_BELOW and mk[w] == s:
                    linked = True
                    break
            if not linked:
                return False
        return True

    cdef inline int32_t _next_stamp(self) noexcept nogil:
        cdef Py_ssize_t p
        self.stamp += 1
        if self.stamp == 0x7FFFFFFF:
            for p in range(self.mark.shape[0]):
                self.mark[p] = 0
            self.stamp = 1
        return self.stamp

    cdef bint _connected(self, Py_ssize_t u, Py_ssize_t remaining) noexcept nogil:
        """True when all ``remaining`` free squares are reachable from u."""
        cdef int8_t* cl = self.cl
        cdef int32_t* mk = &self.mark[0]
        cdef int32_t* st = &self.stack[0]
        cdef Py_ssize_t top = 0, seen = 0, p, v
        cdef int k
        cdef int32_t s
        s = self._next_stamp()
        for k in range(8):
            v = u + self.off[k]
            if cl[v] < FREE_BELOW and mk[v] != s:
                mk[v] = s
                st[top] = <int32_t>v
                top += 1
        while top > 0:
            top -= 1
            p = st[top]
            seen += 1
            for k in range(8):
                v = p + self.off[k]
                if cl[v] < FREE_BELOW and mk[v] != s:
                    mk[v] = s
                    st[top] = <int32_t>v
                    top += 1
        return seen == remaining

    cdef int _run(self, int32_t* out, Py_ssize_t max_out, Py_ssize_t* n_out,
                  double deadline, int64_t max_nodes, const uint8_t* cancel) except -1 nogil:
        """The search loop; resumes where the previous call stopped."""
        cdef Py_ssize_t d = self.depth, i, j, stride = self.total
        cdef int32_t u
        cdef int64_t polled = self._nodes
        cdef int stop
        n_out[0] = 0
        if self.dead:
            return C_DONE
        if not self.started:
            self.started = True
            if self.total - self.base - 1 == 0:
                # The prefix already is a whole path.
                if not self.restricted or self.ise[self.pth[d]]:
                    self._found += 1
                    if out != NULL:
                        for j in range(stride):
                            u = self.pth[j]
                            out[j] = <int32_t>((u // self.width - 2) * self.cols
                                               + u % self.width - 2)
                        n_out[0] = 1
                self.dead = True
                return C_MORE if out != NULL else C_DONE
        while True:
            i = self.ix[d]
            if i < self.ncd[d]:
                self.ix[d] = <int32_t>(i + 1)
                if self._advance(d, self.cnd[d * 8 + i]):
                    d += 1
                    if d == self.total - 1:
                        # _enter and _advance admit a last square only when
                        # it is an allowed end.
                        if not self.restricted or self.ise[self.pth[d]]:
                            self._found += 1
                            if out != NULL:
                                for j in range(stride):
                                    u = self.pth[j]
                                    out[n_out[0] * stride + j] = <int32_t>(
                                        (u // self.width - 2) * self.cols + u % self.width - 2)
                                n_out[0] += 1
                                if n_out[0] == max_out:
                                    self.depth = d
                                    return C_MORE
                    if self._nodes - polled > self.poll_every:
                        polled = self._nodes
                        # Saved first: Ctrl-C raises out of poll.
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

    def count(self, double deadline=0.0, int64_t max_nodes=0, const uint8_t[::1] cancel=None):
        """Run to the end; returns ``(status, tours, nodes)``.

        ``tours`` counts the completions found so far (all of them when the
        status is DONE); ``deadline`` is a ``time.time()`` value, 0 for none.
        ``max_nodes`` > 0 stops the search (status NODE_LIMIT, resumable) at
        the first poll after that many nodes, a deterministic budget.
        ``cancel`` (a uint8 array of length 1, or None) stops it with status
        CANCELLED, resumable, at the first poll after it turns non-zero.
        """
        cdef Py_ssize_t n = 0
        cdef int status
        cdef const uint8_t* flag = cancel_address(cancel)
        with nogil:
            status = self._run(NULL, 0, &n, deadline, max_nodes, flag)
        return status, int(self._found), int(self._nodes)

    def collect(self, int32_t[:, ::1] out, double deadline=0.0,
                const uint8_t[::1] cancel=None):
        """Find up to ``out.shape[0]`` more paths; returns ``(status, n)``.

        Row i of ``out`` receives the i-th path found, as flat squares
        ``row * cols + col`` (``out.shape[1]`` must be the number of squares
        not blocked).  Status MORE: the buffer is full (call again), DONE: the
        search is over, TIME_LIMIT: the deadline passed, CANCELLED: ``cancel``
        was set (call again to go on).
        """
        cdef Py_ssize_t n = 0
        cdef int status
        cdef const uint8_t* flag = cancel_address(cancel)
        if out.shape[1] != self.total or out.shape[0] < 1:
            raise ValueError("out must have shape (k, squares), k >= 1")
        with nogil:
            status = self._run(&out[0, 0], out.shape[0], &n, deadline, 0, flag)
        if status == C_MORE and self.dead:
            status = C_DONE
        return status, n

    @property
    def found(self):
        return int(self._found)

    @property
    def nodes(self):
        return int(self._nodes)

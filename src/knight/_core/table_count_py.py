"""The pure-Python twin of ``table_count.pyx``: counting and listing paths over a table.

:class:`GraphPathSearch` walks the same neighbour table as the core and
prunes exactly as it does, so it finds the same paths in the same order
with the same node counts; the statuses are the core's.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..status import Status
from .board_graph_py import distances
from .neighbour_table_py import FREE_BELOW, VISITED, stopped, table_rows, unvisit, visit
from .search_py import FOUND, TIME_LIMIT

#: GraphPathSearch checks its node limit (and polls) once more than this
#: many nodes have passed since the last check, as the core does: the
#: twin must stop at the same node to report the same counts.
COUNT_POLL_MASK = 16383

#: GraphPathSearch's statuses (as ``knight._core.table_count``).
DONE, MORE, COUNT_TIME_LIMIT, COUNT_NODE_LIMIT, COUNT_CANCELLED = (
    int(Status.OK), int(Status.MORE), int(Status.TIME_LIMIT), int(Status.NODE_LIMIT),
    int(Status.CANCELLED))


class GraphPathSearch:
    """The twin of ``table_count.GraphPathSearch``: every completion of a path prefix
    into a Hamiltonian path of a table's graph, with the same exact pruning
    (read the core's docstring), so the same tours and the same node counts.

    ``prefix`` lists the first squares; ``blocked`` squares are removed (a
    closed tour's start); ``ends`` is empty (any last square) or one flag per
    square marking the allowed last squares.  ``clues`` (None or empty: none)
    holds the square that must stand at each position of the path, or -1;
    ``ordered`` tries each node's candidates by fewest onward moves first.

    >>> from knight import Board
    >>> board = Board(5)
    >>> search = GraphPathSearch(board.neighbours(), board.degrees(), [0], [], [])
    >>> search.count()[:2]
    (0, 304)
    >>> clues = [-1] * 25
    >>> clues[24] = 4                  # the path ends on square 4, (0, 4)
    >>> GraphPathSearch(board.neighbours(), board.degrees(), [0], [], [], clues=clues).count()[:2]
    (0, 60)
    """

    def __init__(self, nbr: np.ndarray, deg: np.ndarray, prefix: Sequence[int],
                 blocked: Sequence[int], ends: Sequence[int], connect_depth: int = -1,
                 clues: Sequence[int] | None = None, ordered: bool = False) -> None:
        self.rows = table_rows(nbr, deg)
        n = self.n = len(self.rows)
        prefix = [int(p) for p in prefix]
        blocked = [int(p) for p in blocked]
        if len(prefix) < 1:
            raise ValueError("the prefix must hold at least the start")
        self.total = n - len(blocked)
        self.restricted = len(ends) > 0
        self.connect_depth = connect_depth if connect_depth >= 0 else self.total // 4
        self.cells = [len(row) for row in self.rows] + [VISITED]
        self.is_end = [not self.restricted or bool(ends[p]) for p in range(n)] + [False]
        size = max(self.total, 1)
        self.path = [0] * size
        self.idx = [0] * size
        self.pend = [-1] * size
        self.ordered = bool(ordered)
        self.cand: list[list[int]] = [[] for _ in range(size)]
        self.has_clues = clues is not None and len(clues) > 0
        self.clue_at = [-1] * (size + 1)
        self.clue_of = [-1] * (n + 1)
        self.nxt = [-1] * (size + 1)
        self.dist: dict[int, list[int]] = {}
        self.bip: dict[int, bool] = {}
        if clues is not None and len(clues) > 0:
            if len(clues) != self.total:
                raise ValueError("clues needs one entry per position of the path")
            for k, p in enumerate(int(x) for x in clues):
                if p < -1 or p >= n:
                    raise ValueError("a clue is not a square of the table")
                if p >= 0:
                    if self.clue_of[p] >= 0:
                        raise ValueError("a square is clued at two positions")
                    self.clue_at[k] = p
                    self.clue_of[p] = k
            last = -1
            for k in range(self.total - 1, -1, -1):
                self.nxt[k] = last
                if self.clue_at[k] >= 0:
                    last = k
            positions = [k for k in range(self.total) if self.clue_at[k] >= 0]
            out, bip = distances(nbr, deg, [self.clue_at[k] for k in positions])
            for j, k in enumerate(positions):
                self.dist[k] = out[j].tolist()
                self.bip[k] = bool(bip[j])
            for p in range(n):
                k = self.clue_of[p]
                if k >= 0 and k != self.total - 1:
                    self.is_end[p] = False
                    self.restricted = True
            e = self.clue_at[self.total - 1]
            if e >= 0:
                for p in range(n):
                    if p != e:
                        self.is_end[p] = False
                self.restricted = True
        for p in blocked:
            self._visit(p)
        for i, p in enumerate(prefix):
            self.path[i] = p
            self._visit(p)
        self.base = self.depth = len(prefix) - 1
        self.found = 0
        self.nodes = 0
        self.dead = False
        self.started = False
        self.ends_left = 0
        if self.restricted:
            self.ends_left = sum(
                1 for p in range(n) if self.is_end[p] and self.cells[p] < FREE_BELOW
            )
        if self.has_clues:
            if any(self.clue_of[p] >= 0 for p in blocked):
                self.dead = True
            if not all(self._may_enter(p, i) for i, p in enumerate(prefix)):
                self.dead = True
        self._setup()

    def _may_enter(self, u: int, k: int) -> bool:
        """May square u stand at position k (its clue, or the clue there)?"""
        c = self.clue_of[u]
        if c >= 0:
            return c == k
        return self.clue_at[k] < 0

    def _in_reach(self, d: int, q: int) -> bool:
        """Can square q, at position d, still reach the next clue in time?"""
        k = self.nxt[d]
        if k < 0:
            return True
        dd = self.dist[k][q]
        left = k - d
        if dd < 0 or dd > left:
            return False
        return not (self.bip[k] and (left - dd) & 1)

    def _visit(self, p: int) -> None:
        visit(self.cells, self.rows[p], p)

    def _unvisit(self, p: int) -> None:
        unvisit(self.cells, self.rows[p], p)

    def _setup(self) -> None:
        """The base node: is the prefix already dead?"""
        cl = self.cells
        remaining = self.total - self.base - 1
        q = self.path[self.base]
        end = -1
        self.idx[self.base] = 0
        for p in range(self.n):
            if cl[p] >= FREE_BELOW:
                continue
            if p in self.rows[q]:
                if cl[p] == 0 and remaining > 1:
                    self.dead = True
            elif cl[p] == 0:
                self.dead = True
            elif cl[p] == 1:
                if end >= 0 or not self.is_end[p]:
                    self.dead = True
                end = p
        self.pend[self.base] = end
        if self.restricted and remaining > 0 and self.ends_left == 0:
            self.dead = True
        if self.has_clues and not self._in_reach(self.base, q):
            self.dead = True
        if self.ordered and not self.dead:
            self._order(self.base)

    def _order(self, d: int) -> None:
        """The candidates at depth d, fewest onward moves first (stable)."""
        cl = self.cells
        self.cand[d] = sorted(
            (u for u in self.rows[self.path[d]]
             if cl[u] < FREE_BELOW and (not self.has_clues or self._may_enter(u, d + 1))),
            key=cl.__getitem__)

    def _advance(self, d: int, q: int) -> bool:
        """Move from the square at depth d to q; False (undone) when the node is dead."""
        cl = self.cells
        p = self.path[d]
        remaining = self.total - d - 2
        end = self.pend[d]
        self.nodes += 1
        if q == end and remaining > 0:
            return False
        if self.has_clues and not self._in_reach(d + 1, q):
            return False
        self.path[d + 1] = q
        self._visit(q)
        ok = True
        if remaining == 0:
            ok = not self.restricted or self.is_end[q]
        else:
            if self.restricted and self.is_end[q]:
                self.ends_left -= 1
            if self.restricted and self.ends_left == 0:
                ok = False
            if ok and end >= 0 and cl[end] >= FREE_BELOW:
                end = -1
            near = self.rows[q]
            for u in self.rows[p]:
                if not ok:
                    break
                if cl[u] >= FREE_BELOW or u in near:
                    continue
                if cl[u] == 0:
                    ok = False
                elif cl[u] == 1:
                    if (end >= 0 and end != u) or not self.is_end[u]:
                        ok = False
                    end = u
            if ok and remaining > 1 and any(cl[u] == 0 for u in near):
                ok = False
            if ok and d + 1 <= self.connect_depth and not self._connected(q, remaining):
                ok = False
            if not ok and self.restricted and self.is_end[q]:
                self.ends_left += 1
        if not ok:
            self._unvisit(q)
            return False
        self.pend[d + 1] = end
        self.idx[d + 1] = 0
        if self.ordered and remaining > 0:
            self._order(d + 1)
        return True

    def _retreat(self, d: int) -> None:
        q = self.path[d]
        if self.restricted and self.is_end[q] and d < self.total - 1:
            self.ends_left += 1
        self._unvisit(q)

    def _connected(self, q: int, remaining: int) -> bool:
        """Do the free squares all hang together with q?"""
        cl = self.cells
        seen = {q}
        stack = [q]
        while stack:
            p = stack.pop()
            for v in self.rows[p]:
                if cl[v] < FREE_BELOW and v not in seen:
                    seen.add(v)
                    stack.append(v)
        return len(seen) - 1 == remaining

    def _candidate(self, d: int) -> int:
        """The next square to try at depth d (advancing its cursor), or -1."""
        i = self.idx[d]
        if self.ordered:
            if i < len(self.cand[d]):
                self.idx[d] = i + 1
                return self.cand[d][i]
            return -1
        row = self.rows[self.path[d]]
        cl = self.cells
        while i < len(row):
            u = row[i]
            i += 1
            if cl[u] >= FREE_BELOW:
                continue
            if self.has_clues and not self._may_enter(u, d + 1):
                continue
            self.idx[d] = i
            return u
        self.idx[d] = i
        return -1

    def _run(self, out: np.ndarray | None, max_out: int, deadline: float, max_nodes: int,
             cancel: np.ndarray | None, limit: int = 0) -> tuple[int, int]:
        """The core's ``_run``: ``(status, paths written to out)``."""
        d = self.depth
        polled = self.nodes
        n_out = 0
        if self.dead:
            return DONE, 0
        if not self.started:
            self.started = True
            if self.total - self.base - 1 == 0:
                if not self.restricted or self.is_end[self.path[d]]:
                    self.found += 1
                    if out is not None:
                        out[0] = self.path[: self.total]
                        n_out = 1
                self.dead = True
                return (MORE if out is not None else DONE), n_out
        while True:
            q = self._candidate(d)
            if q >= 0:
                if self._advance(d, q):
                    d += 1
                    if d == self.total - 1:
                        self.found += 1
                        if out is not None:
                            out[n_out] = self.path[: self.total]
                            n_out += 1
                        self._retreat(d)
                        d -= 1
                        if out is not None and n_out == max_out:
                            self.depth = d
                            return MORE, n_out
                        if limit > 0 and self.found >= limit:
                            self.depth = d
                            return MORE, n_out
                if self.nodes - polled > max(64, COUNT_POLL_MASK * 64 // max(self.total, 64)):
                    polled = self.nodes
                    self.depth = d
                    if max_nodes > 0 and self.nodes >= max_nodes:
                        return COUNT_NODE_LIMIT, n_out
                    stop = stopped(deadline, cancel)
                    if stop != FOUND:
                        return (COUNT_TIME_LIMIT if stop == TIME_LIMIT else COUNT_CANCELLED), n_out
            else:
                if d == self.base:
                    self.depth = d
                    self.dead = True
                    return DONE, n_out
                self._retreat(d)
                d -= 1

    def count(self, deadline: float = 0.0, max_nodes: int = 0,
              cancel: np.ndarray | None = None, limit: int = 0) -> tuple[int, int, int]:
        """Run to the end, or until ``limit`` (> 0) paths in all (status MORE);
        returns ``(status, tours, nodes)``."""
        status, _ = self._run(None, 0, deadline, max_nodes, cancel, limit)
        if status == MORE and self.dead:
            status = DONE
        return status, self.found, self.nodes

    def collect(self, out: np.ndarray, deadline: float = 0.0,
                cancel: np.ndarray | None = None, max_nodes: int = 0) -> tuple[int, int]:
        """Find up to ``out.shape[0]`` more paths (rows of square numbers);
        returns ``(status, n)``."""
        if out.ndim != 2 or out.shape[1] != self.total or out.shape[0] < 1:
            raise ValueError("out must have shape (k, squares), k >= 1")
        status, n = self._run(out, out.shape[0], deadline, max_nodes, cancel)
        if status == MORE and self.dead:
            status = DONE
        return status, n


__all__ = ["GraphPathSearch"]

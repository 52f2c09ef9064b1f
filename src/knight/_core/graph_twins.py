"""Pure-Python references of the general-board cores (``table_search.pyx``,
``table_count.pyx`` and ``board_graph.distances``).

Each function here walks the same neighbour table as its Cython twin
(:meth:`knight.Board.neighbours` and the degrees of that order) and makes
exactly the same decisions: the same candidate order, tie-breaks, splitmix64
draws, Roth keys and Pohl second level, the same closed-tour rules, the same
node and backtrack counts.  :class:`GraphPythonEngine` adapts them to the
engine interface of :class:`knight.search.GraphEngine`, so
:func:`knight.solve` traces any :class:`~knight.Board` on them and
:func:`knight.reference.solve` runs on them.

Squares are numbered as the table numbers them (the usable squares
row-major from 0); trace events report them as ``(row, col)`` through the
board's :attr:`~knight.Board.squares`.  The cell encoding is the core's: a
free square holds its number of free neighbours (in the ordered searches and
the greedy walk), a visited one ``VISITED`` more than that.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..geometry import Move, Square
from ..status import Status
from ..trace import TraceEvent, Tracer
from .poll import is_cancelled
from .twins import (
    DEAD_END,
    EXHAUSTED,
    FOUND,
    MASK64,
    NODE_LIMIT,
    NOT_CLOSED,
    TIE_POHL,
    TIE_RANDOM,
    TIE_ROTH,
    TIME_LIMIT,
    splitmix64,
)

if TYPE_CHECKING:
    from ..board import Board

VISITED = 1024
FREE_BELOW = 512
NO_VALUE = 99999
CANCELLED = int(Status.CANCELLED)

#: The cores poll every 16384 nodes; Python is a hundred times slower, so
#: the twins look at the clock and the cancel flag every 4096.
POLL_MASK = 4095
#: GraphPathSearch checks its node limit (and polls) once more than this
#: many nodes have passed since the last check, as the core does: the
#: twin must stop at the same node to report the same counts.
COUNT_POLL_MASK = 16383

#: GraphPathSearch's statuses (as ``knight._core.table_count``).
DONE, MORE, COUNT_TIME_LIMIT, COUNT_NODE_LIMIT, COUNT_CANCELLED = (
    int(Status.OK), int(Status.MORE), int(Status.TIME_LIMIT), int(Status.NODE_LIMIT),
    int(Status.CANCELLED))

_NO_LIMIT = 1 << 62


def _rows(nbr: np.ndarray, deg: np.ndarray) -> list[list[int]]:
    """The table as Python lists: row p holds p's ``deg[p]`` neighbours in order."""
    n = len(deg)
    if nbr.ndim != 2 or nbr.shape[0] < n:
        raise ValueError("the neighbour table does not fit the board")
    table = nbr.tolist()
    return [table[p][: int(d)] for p, d in enumerate(deg.tolist())]


def _stopped(deadline: float, cancel: np.ndarray | None) -> int:
    """The core's poll: the cancel flag (or its watched event) first, then the deadline."""
    if cancel is not None and is_cancelled(cancel):
        return CANCELLED
    if deadline > 0.0 and time.time() >= deadline:
        return TIME_LIMIT
    return FOUND


def _labels(squares: np.ndarray | None, n: int, trace: Tracer | None) -> list[Square]:
    if trace is None:
        return []
    if squares is None or len(squares) < n:
        raise ValueError("trace needs squares: the (row, col) of each square of the table")
    return [(int(r), int(c)) for r, c in np.asarray(squares)[:n].tolist()]


def _steps(path: list[int], n: int) -> np.ndarray:
    steps = np.full(n, -1, dtype=np.int32)
    steps[path] = np.arange(len(path), dtype=np.int32)
    return steps


def _visit(c: list[int], row: list[int], p: int) -> None:
    c[p] += VISITED
    for q in row:
        c[q] -= 1


def _unvisit(c: list[int], row: list[int], p: int) -> None:
    c[p] -= VISITED
    for q in row:
        c[q] += 1


def backtrack(
    nbr: np.ndarray,
    deg: np.ndarray,
    start: int,
    *,
    ordered: bool = False,
    closed: bool = False,
    max_nodes: int | None = None,
    deadline: float = 0.0,
    cancel: np.ndarray | None = None,
    trace: Tracer | None = None,
    squares: np.ndarray | None = None,
) -> tuple[int, np.ndarray, int, int]:
    """Depth-first search over a neighbour table; ``(status, steps, nodes, backtracks)``.

    The twin of ``table_search.backtrack``: ``steps`` (one entry per square of the
    table) holds each square's step when the status is ``FOUND``, else -1s.
    ``ordered`` tries the free neighbours by fewest onward squares (a stable
    sort, ties in table order).  ``deadline`` is a ``time.time()`` (0: none),
    ``cancel`` a cancel flag (see :func:`knight.search.cancel_flag`); both are
    looked at every 4096 nodes.  ``trace`` receives a
    :class:`~knight.trace.TraceEvent` per move and retreat, squares given as
    ``squares[p]`` (``Board.squares``).

    >>> from knight import Board
    >>> board = Board(3, 4)
    >>> status, steps, nodes, backs = backtrack(board.neighbours(), board.degrees(), 0)
    >>> status, nodes, backs, steps.tolist()[:4]
    (0, 62, 50, [0, 3, 6, 9])
    """
    rows = _rows(nbr, deg)
    n = len(rows)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    label = _labels(squares, n, trace)
    limit = max_nodes if max_nodes is not None and max_nodes > 0 else _NO_LIMIT
    last = n - 1
    s = start
    nodes, backtracks = 1, 0
    path = [s]
    nxt = [0]
    if ordered:
        c = [len(row) for row in rows]
        _visit(c, rows[s], s)
        cands = [_ordered(c, rows[s])]
    else:
        c = [0] * n
        c[s] += VISITED
    if last == 0 and not closed:
        return FOUND, _steps(path, n), nodes, backtracks
    while True:
        depth = len(path) - 1
        p = path[depth]
        q = -1
        if ordered:
            i = nxt[depth]
            if i < len(cands[depth]):
                q = cands[depth][i]
                nxt[depth] = i + 1
                if trace is not None:
                    trace(TraceEvent(
                        "move", depth + 1, label[p],
                        tuple((label[u], c[u]) for u in cands[depth][i:]), label[q],
                    ))
        else:
            row = rows[p]
            k = first = nxt[depth]
            while k < len(row):
                u = row[k]
                k += 1
                if c[u] < FREE_BELOW:
                    q = u
                    break
            nxt[depth] = k
            if trace is not None and q >= 0:
                trace(TraceEvent(
                    "move", depth + 1, label[p],
                    tuple((label[u], _free(c, rows[u])) for u in row[first:] if c[u] < FREE_BELOW),
                    label[q],
                ))
        if q < 0:
            path.pop()
            nxt.pop()
            if ordered:
                cands.pop()
                _unvisit(c, rows[p], p)
            else:
                c[p] -= VISITED
            if depth == 0:
                return EXHAUSTED, _steps([], n), nodes, backtracks
            if trace is not None:
                trace(TraceEvent("retreat", depth, label[p]))
            backtracks += 1
            continue
        if nodes >= limit:
            return NODE_LIMIT, _steps([], n), nodes, backtracks
        path.append(q)
        nxt.append(0)
        nodes += 1
        depth += 1
        if ordered:
            _visit(c, rows[q], q)
            if depth == last:
                if not closed or s in rows[q]:
                    return FOUND, _steps(path, n), nodes, backtracks
                cands.append([])
            elif closed and c[s] == VISITED:
                # The start has no free neighbour left: the tour can never close.
                cands.append([])
            else:
                cands.append(_ordered(c, rows[q]))
        else:
            c[q] += VISITED
            if depth == last:
                if not closed or s in rows[q]:
                    return FOUND, _steps(path, n), nodes, backtracks
                nxt[depth] = len(rows[q])  # a full path that does not close: retreat
        # Traced, at every decision (as the knight's twin): a trace is slow
        # anyway, and the caller's cancel then stops it at the next event.
        if trace is not None or (nodes & POLL_MASK) == 0:
            stop = _stopped(deadline, cancel)
            if stop != FOUND:
                return stop, _steps([], n), nodes, backtracks


def _ordered(c: list[int], row: list[int]) -> list[int]:
    """The free squares of ``row``, stably sorted by onward count (ties in table order)."""
    return sorted((u for u in row if c[u] < FREE_BELOW), key=c.__getitem__)


def _free(c: list[int], row: list[int]) -> int:
    return sum(1 for u in row if c[u] < FREE_BELOW)


def roth_keys(board: Board) -> np.ndarray:
    """Roth's tie-break key of each usable square (:meth:`knight.Board.roth_keys`).

    >>> from knight import Board
    >>> roth_keys(Board(3, 3)).tolist()
    [8, 4, 8, 4, 0, 4, 8, 4, 8]
    """
    return board.roth_keys()


def warnsdorff(
    nbr: np.ndarray,
    deg: np.ndarray,
    far: np.ndarray,
    start: int,
    *,
    tie_break: int = 0,
    seed: int = 0,
    closed: bool = False,
    deadline: float = 0.0,
    cancel: np.ndarray | None = None,
    trace: Tracer | None = None,
    squares: np.ndarray | None = None,
) -> tuple[int, np.ndarray, int, int]:
    """Greedy Warnsdorff walk over a table; ``(status, steps, squares reached, 0)``.

    The twin of ``table_search.warnsdorff``: ``steps`` holds the squares reached
    (-1 elsewhere) whatever the status.  Ties among the fewest onward
    squares go by ``tie_break`` (0 first, 1 random by splitmix64 from
    ``seed``, 2 Roth: the largest ``far``, 3 Pohl: the fewest onward squares
    one level deeper), the first in table order among equals.  ``trace``
    receives a :class:`~knight.trace.TraceEvent` per step and at a dead end.

    >>> from knight import Board
    >>> board = Board(5, moves="zebra")
    >>> status, steps, reached, _ = warnsdorff(board.neighbours(), board.degrees(),
    ...                                        roth_keys(board), 0)
    >>> status == DEAD_END, reached
    (True, 8)
    """
    rows = _rows(nbr, deg)
    n = len(rows)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    if len(far) < n:
        raise ValueError("far must have one entry per square")
    keys = [int(x) for x in np.asarray(far)[:n].tolist()]
    label = _labels(squares, n, trace)
    c = [len(row) for row in rows]
    path = [start]
    _visit(c, rows[start], start)
    state = seed & MASK64
    status = FOUND
    while len(path) < n:
        p = path[-1]
        best = FREE_BELOW
        ties: list[int] = []
        for u in rows[p]:
            d = c[u]
            if d < best:
                best, ties = d, [u]
            elif d == best:
                ties.append(u)
        if not ties:
            if trace is not None:
                trace(TraceEvent("dead-end", len(path) - 1, label[p]))
            status = DEAD_END
            break
        q = ties[0]
        if len(ties) > 1:
            if tie_break == TIE_RANDOM:
                state, z = splitmix64(state)
                q = ties[z % len(ties)]
            elif tie_break == TIE_ROTH:
                q = max(ties, key=keys.__getitem__)  # max() keeps the first of equals
            elif tie_break == TIE_POHL:
                q = min(ties, key=lambda t: _second_level(c, rows[t]))
        if trace is not None:
            trace(TraceEvent(
                "move", len(path), label[p],
                tuple((label[u], c[u]) for u in rows[p] if c[u] < FREE_BELOW), label[q],
            ))
        path.append(q)
        _visit(c, rows[q], q)
        if trace is not None or (len(path) & POLL_MASK) == 0:
            status = _stopped(deadline, cancel)
            if status != FOUND:
                break
    if status == FOUND and closed and start not in rows[path[-1]]:
        status = NOT_CLOSED
    return status, _steps(path, n), len(path), 0


def _second_level(c: list[int], row: list[int]) -> int:
    """Pohl's key: the fewest onward squares among t's neighbours (NO_VALUE if none is free)."""
    best = min((c[u] for u in row), default=NO_VALUE)
    return best if best < FREE_BELOW else NO_VALUE


def distances(nbr: np.ndarray, deg: np.ndarray, sources: Sequence[int],
              ) -> tuple[np.ndarray, np.ndarray]:
    """The twin of ``board_graph.distances``: ``(out, bipartite)``, the fewest moves
    from each source to each square (-1: unreachable) and, per source,
    whether its component is bipartite.

    >>> from knight import Board
    >>> board = Board(3, 3, moves="king")
    >>> out, bip = distances(board.neighbours(), board.degrees(), [0])
    >>> out.tolist(), bip.tolist()
    ([[0, 1, 2, 1, 1, 2, 2, 2, 2]], [False])
    """
    rows = _rows(nbr, deg)
    n = len(rows)
    out = np.full((len(sources), n), -1, dtype=np.int32)
    bip = np.zeros(len(sources), dtype=bool)
    for j, src in enumerate(sources):
        if not 0 <= src < n:
            raise ValueError("a source is not a square of the table")
        dist = [-1] * n
        dist[src] = 0
        queue = [src]
        ok = True
        for p in queue:
            for u in rows[p]:
                if dist[u] < 0:
                    dist[u] = dist[p] + 1
                    queue.append(u)
                elif dist[u] == dist[p]:
                    ok = False
        out[j] = dist
        bip[j] = ok
    return out, bip


def _between_root_ok(c: list[int], rows: list[list[int]], s: int, t: int) -> bool:
    near = set(rows[s])
    return all(
        c[u] >= (1 if u in near else 2)
        for u in range(len(rows)) if c[u] < FREE_BELOW and u != t
    )


def _between_candidates(c: list[int], rows: list[list[int]], q: int, p: int, t: int,
                        remaining: int) -> list[int]:
    """The core's ``_between_candidates``: q's next squares in order ([]: dead)."""
    row = rows[q]
    if remaining == 1:
        return [t] if t in row else []
    if c[t] == 0:
        return []
    near = set(row)
    if p >= 0 and any(u != t and c[u] < 2 and u not in near for u in rows[p]):
        return []
    free = [u for u in row if c[u] < FREE_BELOW and u != t]
    if any(c[u] == 0 for u in free):
        return []
    forced = [u for u in free if c[u] == 1]
    if len(forced) > 1:
        return []
    if forced:
        return forced
    return sorted(free, key=c.__getitem__)


def _between_connected(c: list[int], rows: list[list[int]], q: int, remaining: int) -> bool:
    seen = {q}
    todo = [q]
    while todo:
        p = todo.pop()
        for v in rows[p]:
            if c[v] < FREE_BELOW and v not in seen:
                seen.add(v)
                todo.append(v)
    return len(seen) - 1 == remaining


def between(
    nbr: np.ndarray,
    deg: np.ndarray,
    start: int,
    end: int,
    *,
    max_nodes: int | None = None,
    deadline: float = 0.0,
    cancel: np.ndarray | None = None,
    connect_depth: int = 0,
    trace: Tracer | None = None,
    squares: np.ndarray | None = None,
) -> tuple[int, np.ndarray, int, int]:
    """Warnsdorff-ordered search for a tour from ``start`` to ``end``;
    ``(status, steps, nodes, backtracks)``.

    The twin of ``table_search.between`` (read the rules in ``table_search.pyx``): the
    same candidates in the same order, the same node and backtrack counts.

    >>> from knight import Board
    >>> board = Board(3, 4)
    >>> status, steps, nodes, backs = between(board.neighbours(), board.degrees(), 0, 11)
    >>> status, steps.reshape(3, 4).tolist()[0]
    (0, [0, 3, 6, 9])
    """
    rows = _rows(nbr, deg)
    n = len(rows)
    if not 0 <= start < n:
        raise ValueError("start is not a square of the table")
    if not 0 <= end < n:
        raise ValueError("end is not a square of the table")
    if start == end and n > 1:
        raise ValueError("end must differ from start on a table of more than one square")
    if connect_depth < 0:
        raise ValueError(f"connect_depth must be 0 or more, got {connect_depth}")
    label = _labels(squares, n, trace)
    limit = max_nodes if max_nodes is not None and max_nodes > 0 else _NO_LIMIT
    s, t, last = start, end, n - 1
    c = [len(row) for row in rows]
    _visit(c, rows[s], s)
    path = [s]
    nodes, backtracks = 1, 0
    if last == 0:
        return (FOUND if s == t else EXHAUSTED), _steps(path if s == t else [], n), 1, 0
    cands: list[list[int]] = [[]]
    if _between_root_ok(c, rows, s, t) and _between_connected(c, rows, s, last):
        cands[0] = _between_candidates(c, rows, s, -1, t, last)
    nxt = [0]
    while True:
        depth = len(path) - 1
        p = path[depth]
        i = nxt[depth]
        if i >= len(cands[depth]):
            path.pop()
            nxt.pop()
            cands.pop()
            _unvisit(c, rows[p], p)
            if depth == 0:
                return EXHAUSTED, _steps([], n), nodes, backtracks
            if trace is not None:
                trace(TraceEvent("retreat", depth, label[p]))
            backtracks += 1
            continue
        if nodes >= limit:
            return NODE_LIMIT, _steps([], n), nodes, backtracks
        q = cands[depth][i]
        nxt[depth] = i + 1
        if trace is not None:
            trace(TraceEvent("move", depth + 1, label[p],
                             tuple((label[u], c[u]) for u in cands[depth][i:]), label[q]))
        path.append(q)
        nxt.append(0)
        nodes += 1
        depth += 1
        _visit(c, rows[q], q)
        if depth == last:
            return FOUND, _steps(path, n), nodes, backtracks
        if depth <= connect_depth and not _between_connected(c, rows, q, last - depth):
            cands.append([])
        else:
            cands.append(_between_candidates(c, rows, q, p, t, last - depth))
        if trace is not None or (nodes & POLL_MASK) == 0:
            stop = _stopped(deadline, cancel)
            if stop != FOUND:
                return stop, _steps([], n), nodes, backtracks


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
        self.rows = _rows(nbr, deg)
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
        _visit(self.cells, self.rows[p], p)

    def _unvisit(self, p: int) -> None:
        _unvisit(self.cells, self.rows[p], p)

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
                    stop = _stopped(deadline, cancel)
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


class GraphPythonEngine:
    """Runs the twins on one :class:`~knight.Board`, with the interface of
    :class:`knight.search.GraphEngine`: squares are ``(row, col)``, ``order``
    a permutation of the board's moves, boards returned hold -1 on holes.

    With ``trace``, every decision is reported to it (see :mod:`knight.trace`).
    ``deadline`` and ``cancel`` are looked at every 4096 nodes.
    """

    name = "python-graph"

    def __init__(self, board: Board, trace: Tracer | None = None) -> None:
        self.board = board
        self.trace = trace

    def _table(self, order: tuple[Move, ...]) -> tuple[np.ndarray, np.ndarray]:
        return self.board.neighbours(order), self.board.degrees(order)

    def backtrack(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        nbr, deg = self._table(order)
        status, steps, nodes, backtracks = backtrack(
            nbr, deg, int(self.board.index[start]), ordered=ordered, closed=closed,
            max_nodes=max_nodes, deadline=deadline, cancel=cancel, trace=self.trace,
            squares=self.board.squares,
        )
        return status, self.board.spread(steps), nodes, backtracks

    def warnsdorff(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        nbr, deg = self._table(order)
        status, steps, reached, _ = warnsdorff(
            nbr, deg, self.board.roth_keys(), int(self.board.index[start]), tie_break=tie_break,
            seed=seed,
            closed=closed, deadline=deadline, cancel=cancel, trace=self.trace,
            squares=self.board.squares,
        )
        return status, self.board.spread(steps), reached, 0

    def between(
        self, start: Square, end: Square, order: tuple[Move, ...], max_nodes: int | None,
        deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        nbr, deg = self._table(order)
        index = self.board.index
        status, steps, nodes, backtracks = between(
            nbr, deg, int(index[start]), int(index[end]), max_nodes=max_nodes,
            deadline=deadline, cancel=cancel, trace=self.trace, squares=self.board.squares,
        )
        return status, self.board.spread(steps), nodes, backtracks


__all__ = [
    "GraphPathSearch", "GraphPythonEngine", "backtrack", "between", "distances", "roth_keys",
    "warnsdorff",
]

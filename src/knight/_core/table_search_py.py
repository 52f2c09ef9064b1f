"""The pure-Python twin of ``table_search.pyx``: the searches over a neighbour table.

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

from typing import TYPE_CHECKING

import numpy as np

from ..geometry import Square
from ..status import Status
from ..trace import TraceEvent, Tracer
from .neighbour_table_py import FREE_BELOW, VISITED, stopped, table_rows, unvisit, visit
from .search_py import (
    DEAD_END,
    EXHAUSTED,
    FOUND,
    MASK64,
    NODE_LIMIT,
    NOT_CLOSED,
    break_tie,
    next_free,
)
from .table_args import check_between, check_square
from .table_engine import TableEngine, TableResult

if TYPE_CHECKING:
    from ..board import Board

NO_VALUE = 99999
CANCELLED = int(Status.CANCELLED)

#: The cores poll every 16384 nodes; Python is a hundred times slower, so
#: the twins look at the clock and the cancel flag every 4096.
POLL_MASK = 4095
_NO_LIMIT = 1 << 62


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
    ``cancel`` a cancel flag (see :func:`knight.limits.cancel_flag`); both are
    looked at every 4096 nodes.  ``trace`` receives a
    :class:`~knight.trace.TraceEvent` per move and retreat, squares given as
    ``squares[p]`` (``Board.squares``).

    >>> from knight import Board
    >>> board = Board(3, 4)
    >>> status, steps, nodes, backs = backtrack(board.neighbours(), board.degrees(), 0)
    >>> status, nodes, backs, steps.tolist()[:4]
    (0, 62, 50, [0, 3, 6, 9])
    """
    rows = table_rows(nbr, deg)
    n = len(rows)
    check_square(start, n)
    label = _labels(squares, n, trace)
    limit = max_nodes if max_nodes is not None and max_nodes > 0 else _NO_LIMIT
    last = n - 1
    s = start
    nodes, backtracks = 1, 0
    path = [s]
    nxt = [0]
    if ordered:
        c = [len(row) for row in rows]
        visit(c, rows[s], s)
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
            first = nxt[depth]
            q, nxt[depth] = next_free(c, row, first, FREE_BELOW)
            if trace is not None and q >= 0:
                trace(TraceEvent(
                    "move", depth + 1, label[p],
                    tuple((label[u], _free(c, rows[u])) for u in row[first:] if c[u] < FREE_BELOW),
                    label[q],
                ))
        if q < 0:
            if not _retreat(c, rows, path, nxt, cands if ordered else None, trace, label):
                return EXHAUSTED, _steps([], n), nodes, backtracks
            backtracks += 1
            continue
        if nodes >= limit:
            return NODE_LIMIT, _steps([], n), nodes, backtracks
        path.append(q)
        nxt.append(0)
        nodes += 1
        depth += 1
        if ordered:
            visit(c, rows[q], q)
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
            stop = stopped(deadline, cancel)
            if stop != FOUND:
                return stop, _steps([], n), nodes, backtracks


def _retreat(c: list[int], rows: list[list[int]], path: list[int], nxt: list[int],
             cands: list[list[int]] | None, trace: Tracer | None, label: list[Square]) -> bool:
    """Step back from the last square of ``path``, as every table search does
    when a square has no candidate left: its cell freed (its neighbours' counts
    too, where the cells hold them: the searches that keep ``cands``, the
    candidates of each depth) and a retreat traced.  False when that square
    was the start: nothing is left to try, and no retreat is traced."""
    p = path.pop()
    nxt.pop()
    if cands is None:
        c[p] -= VISITED
    else:
        cands.pop()
        unvisit(c, rows[p], p)
    if not path:
        return False
    if trace is not None:
        trace(TraceEvent("retreat", len(path), label[p]))
    return True


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
    rows = table_rows(nbr, deg)
    n = len(rows)
    check_square(start, n)
    if len(far) < n:
        raise ValueError("far must have one entry per square")
    keys = [int(x) for x in np.asarray(far)[:n].tolist()]
    label = _labels(squares, n, trace)
    c = [len(row) for row in rows]
    path = [start]
    visit(c, rows[start], start)
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
        q, state = break_tie(ties, tie_break, state, keys.__getitem__,
                             lambda t: _second_level(c, rows[t]))
        if trace is not None:
            trace(TraceEvent(
                "move", len(path), label[p],
                tuple((label[u], c[u]) for u in rows[p] if c[u] < FREE_BELOW), label[q],
            ))
        path.append(q)
        visit(c, rows[q], q)
        if trace is not None or (len(path) & POLL_MASK) == 0:
            status = stopped(deadline, cancel)
            if status != FOUND:
                break
    if status == FOUND and closed and start not in rows[path[-1]]:
        status = NOT_CLOSED
    return status, _steps(path, n), len(path), 0


def _second_level(c: list[int], row: list[int]) -> int:
    """Pohl's key: the fewest onward squares among t's neighbours (NO_VALUE if none is free)."""
    best = min((c[u] for u in row), default=NO_VALUE)
    return best if best < FREE_BELOW else NO_VALUE


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
    rows = table_rows(nbr, deg)
    n = len(rows)
    check_between(n, start, end, connect_depth)
    label = _labels(squares, n, trace)
    limit = max_nodes if max_nodes is not None and max_nodes > 0 else _NO_LIMIT
    s, t, last = start, end, n - 1
    c = [len(row) for row in rows]
    visit(c, rows[s], s)
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
            if not _retreat(c, rows, path, nxt, cands, trace, label):
                return EXHAUSTED, _steps([], n), nodes, backtracks
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
        visit(c, rows[q], q)
        if depth == last:
            return FOUND, _steps(path, n), nodes, backtracks
        if depth <= connect_depth and not _between_connected(c, rows, q, last - depth):
            cands.append([])
        else:
            cands.append(_between_candidates(c, rows, q, p, t, last - depth))
        if trace is not None or (nodes & POLL_MASK) == 0:
            stop = stopped(deadline, cancel)
            if stop != FOUND:
                return stop, _steps([], n), nodes, backtracks


class GraphPythonEngine(TableEngine):
    """Runs the twins on one :class:`~knight.Board`, with the interface of
    :class:`knight.search.GraphEngine` (its translation between squares and
    the table is :class:`~.table_engine.TableEngine`'s, shared with it).

    With ``trace``, every decision is reported to it (see :mod:`knight.trace`).
    ``deadline`` and ``cancel`` are looked at every 4096 nodes.
    """

    name = "python-graph"

    def __init__(self, board: Board, trace: Tracer | None = None) -> None:
        super().__init__(board)
        self.trace = trace

    def _backtrack(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, ordered: bool, closed: bool,
        max_nodes: int | None, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        return backtrack(nbr, deg, start, ordered=ordered, closed=closed, max_nodes=max_nodes,
                         deadline=deadline, cancel=cancel, trace=self.trace,
                         squares=self.board.squares)

    def _warnsdorff(
        self, nbr: np.ndarray, deg: np.ndarray, far: np.ndarray, start: int, tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        return warnsdorff(nbr, deg, far, start, tie_break=tie_break, seed=seed, closed=closed,
                          deadline=deadline, cancel=cancel, trace=self.trace,
                          squares=self.board.squares)

    def _between(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, end: int, max_nodes: int | None,
        deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        return between(nbr, deg, start, end, max_nodes=max_nodes, deadline=deadline,
                       cancel=cancel, trace=self.trace, squares=self.board.squares)


__all__ = ["GraphPythonEngine", "backtrack", "between", "roth_keys", "warnsdorff"]

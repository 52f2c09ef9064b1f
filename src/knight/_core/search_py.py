"""The pure-Python twin of ``search.pyx``, the searches of the knight's rectangles.

Each function here does exactly what its Cython twin in ``search.pyx``
does, step for step: the same move order, the same
tie-breaks, the same random draws, the same node and backtrack counts.  They
exist so the tests can cross-check the cores and the benchmarks can measure
the speed-up; :func:`knight.reference.solve` is :func:`knight.solve` running
on them.

The board is kept padded by a two-square border, as in the cores, so the
two implementations cannot drift apart in how they treat the edges.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from ..geometry import Move
from ..status import Status
from ..trace import TraceEvent, Tracer
from . import poll as _poll

VISITED = 64
FREE_BELOW = 32
NO_VALUE = 99
MASK64 = (1 << 64) - 1

FOUND, EXHAUSTED, NODE_LIMIT, TIME_LIMIT, DEAD_END, NOT_CLOSED, CANCELLED = (
    int(Status.FOUND), int(Status.EXHAUSTED), int(Status.NODE_LIMIT), int(Status.TIME_LIMIT),
    int(Status.DEAD_END), int(Status.NOT_CLOSED), int(Status.CANCELLED))
TIE_FIRST, TIE_RANDOM, TIE_ROTH, TIE_POHL = range(4)

def stopped(deadline: float, cancel: np.ndarray | None) -> int:
    """CANCELLED, TIME_LIMIT or FOUND (0: go on): what the cores' poll
    answers, in Python, for every twin (the table twins take it through
    :mod:`.neighbour_table_py`).  The cancel flag comes first, then the deadline.

    ``cancel`` is a cancel flag (:func:`knight.limits.cancel_flag`); a
    watched ``threading.Event`` is seen through it, as by the cores.
    """
    if cancel is not None and _poll.is_cancelled(cancel):
        return CANCELLED
    if deadline > 0.0 and time.time() >= deadline:
        return TIME_LIMIT
    return FOUND


def _setup(
    rows: int, cols: int, start: tuple[int, int], order: Sequence[Move], counts: bool,
    deadline: float = 0.0, cancel: np.ndarray | None = None,
) -> tuple[list[int], list[int], int, int] | int:
    """The padded cells with the start square visited, the move offsets, the
    row width and the start's cell; or the status that stopped the set-up
    (the core's ``_prepare``, polled by rows: O(squares) in Python, seconds
    on a big board).  With ``counts`` (the ordered search and the greedy
    walk) a free cell holds its number of free neighbours, and visiting the
    start takes one from each of its neighbours, as in the cores."""
    width = cols + 4
    off = [dr * width + dc for dr, dc in order]
    cells = [VISITED] * ((rows + 4) * width)

    def clear(r: int) -> None:
        p = (r + 2) * width + 2
        cells[p:p + cols] = [0] * cols

    def count(r: int) -> None:
        p = (r + 2) * width + 2
        for q in range(p, p + cols):
            cells[q] = sum(1 for o in off if cells[q + o] < FREE_BELOW)

    stop = _by_rows(rows, clear, deadline, cancel)
    if counts and not stop:
        stop = _by_rows(rows, count, deadline, cancel)
    if stop:
        return stop
    s = (start[0] + 2) * width + start[1] + 2
    if counts:
        _visit(cells, s, off)
    else:
        cells[s] += VISITED
    return cells, off, width, s


def _by_rows(rows: int, step: Callable[[int], None], deadline: float,
             cancel: np.ndarray | None) -> int:
    """``step`` on each board row in turn, polled before each row (the core
    polls between bands of rows); the poll's status, or FOUND (0) when every
    row is done."""
    polls = deadline > 0.0 or cancel is not None
    for r in range(rows):
        if polls:
            stop = stopped(deadline, cancel)
            if stop:
                return stop
        step(r)
    return FOUND


def _visit(cells: list[int], p: int, off: list[int]) -> None:
    cells[p] += VISITED
    for o in off:
        cells[p + o] -= 1


def _unvisit(cells: list[int], p: int, off: list[int]) -> None:
    cells[p] -= VISITED
    for o in off:
        cells[p + o] += 1


def _ordered(cells: list[int], p: int, off: list[int]) -> list[int]:
    free = [k for k in range(8) if cells[p + off[k]] < FREE_BELOW]
    return sorted(free, key=lambda k: cells[p + off[k]])  # stable: ties keep move order


def next_free(cells: list[int], squares: Sequence[int], k: int,
              free_below: int) -> tuple[int, int]:
    """The plain search's scan, in both twins as in their one core loop: the
    first square of ``squares`` from slot ``k`` on whose cell is below
    ``free_below`` (free), and the slot after it; ``(-1, len(squares))`` if
    none is."""
    while k < len(squares):
        q = squares[k]
        k += 1
        if cells[q] < free_below:
            return q, k
    return -1, k


def _square(p: int, width: int) -> tuple[int, int]:
    return (p // width - 2, p % width - 2)


def _onward(cells: list[int], q: int, off: list[int], counts: bool) -> int:
    """Free squares one move beyond q (kept in ``cells`` when ``counts``)."""
    if counts:
        return cells[q]
    return sum(1 for o in off if cells[q + o] < FREE_BELOW)


def _candidates(
    cells: list[int], p: int, moves: Sequence[int], off: list[int], width: int, counts: bool
) -> tuple[tuple[tuple[int, int], int], ...]:
    return tuple(
        (_square(p + off[k], width), _onward(cells, p + off[k], off, counts))
        for k in moves
        if cells[p + off[k]] < FREE_BELOW
    )


def _no_board(rows: int, cols: int) -> np.ndarray:
    """The board a search returns without a tour: -1s."""
    return np.full((rows, cols), -1, np.int32)


def _board(path: list[int], rows: int, cols: int, width: int) -> np.ndarray:
    board = np.full((rows, cols), -1, dtype=np.int32)
    for i, p in enumerate(path):
        board[p // width - 2, p % width - 2] = i
    return board


def backtrack(
    rows: int,
    cols: int,
    start: tuple[int, int],
    order: Sequence[Move],
    *,
    ordered: bool = False,
    closed: bool = False,
    max_nodes: int | None = None,
    trace: Tracer | None = None,
    deadline: float = 0.0,
    cancel: np.ndarray | None = None,
) -> tuple[int, np.ndarray, int, int]:
    """Depth-first search; returns ``(status, board, nodes, backtracks)``.

    ``board`` holds the tour when the status is ``FOUND`` (0), else -1s.
    ``trace`` receives a :class:`~knight.trace.TraceEvent` per move and retreat.
    ``deadline`` (a ``time.time()`` value, 0: none) and ``cancel`` (a cancel
    flag) stop it, as they stop the core, with ``TIME_LIMIT`` or
    ``CANCELLED`` (checked at every decision).
    """
    setup = _setup(rows, cols, start, order, ordered, deadline, cancel)
    if isinstance(setup, int):
        return setup, _no_board(rows, cols), 0, 0
    cells, off, width, s = setup
    last = rows * cols - 1
    limit = max_nodes if max_nodes else 1 << 62
    path = [s]
    if ordered:
        cands: list[list[int]] = [_ordered(cells, s, off)]
    nxt = [0]
    nodes, backtracks = 1, 0
    # Polled at every decision (the cores every 2**14 nodes): a fraction of
    # a microsecond beside the Python search's own step, and a traced
    # search stops at the very decision after its token is set.
    polls = deadline > 0.0 or cancel is not None
    while True:
        if polls:
            stop = stopped(deadline, cancel)
            if stop:
                return stop, _no_board(rows, cols), nodes, backtracks
        depth = len(path) - 1
        q = -1
        if depth == last:
            if not closed or any(path[-1] + o == s for o in off):
                return FOUND, _board(path, rows, cols, width), nodes, backtracks
        elif ordered:
            i = nxt[depth]
            if i < len(cands[depth]):
                q = path[depth] + off[cands[depth][i]]
                nxt[depth] = i + 1
                if trace is not None:
                    trace(TraceEvent(
                        "move", depth + 1, _square(path[depth], width),
                        _candidates(cells, path[depth], cands[depth][i:], off, width, True),
                        _square(q, width),
                    ))
        else:
            first = nxt[depth]
            q, nxt[depth] = next_free(cells, [path[depth] + o for o in off], first, FREE_BELOW)
            if trace is not None and q >= 0:
                trace(TraceEvent(
                    "move", depth + 1, _square(path[depth], width),
                    _candidates(cells, path[depth], range(first, 8), off, width, False),
                    _square(q, width),
                ))
        if q >= 0:
            if nodes >= limit:
                return NODE_LIMIT, _no_board(rows, cols), nodes, backtracks
            path.append(q)
            nxt.append(0)
            nodes += 1
            if ordered:
                _visit(cells, q, off)
                if closed and depth + 1 < last and cells[s] == VISITED:
                    cands.append([])
                else:
                    cands.append(_ordered(cells, q, off))
            else:
                cells[q] += VISITED
        else:
            p = path.pop()
            nxt.pop()
            if trace is not None and path:
                trace(TraceEvent("retreat", len(path), _square(p, width)))
            if ordered:
                cands.pop()
                _unvisit(cells, p, off)
            else:
                cells[p] -= VISITED
            if not path:
                return EXHAUSTED, _no_board(rows, cols), nodes, backtracks
            backtracks += 1


def splitmix64(state: int) -> tuple[int, int]:
    """One splitmix64 step: ``(new_state, output)``, as in the core."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def break_tie(ties: list[int], tie_break: int, state: int, roth: Callable[[int], int],
              pohl: Callable[[int], int]) -> tuple[int, int]:
    """The square Warnsdorff's rule moves to among ``ties`` (its equal
    candidates, in the core's order) and the splitmix64 ``state`` after:
    the first (``TIE_FIRST``, or a single one), a random one
    (``TIE_RANDOM``), the first of the largest ``roth`` (``TIE_ROTH``, the
    distance from the centre) or of the smallest ``pohl`` (``TIE_POHL``, the
    second-level degree).  Shared by both twins, as their cores decide."""
    q = ties[0]
    if len(ties) > 1:
        if tie_break == TIE_RANDOM:
            state, z = splitmix64(state)
            q = ties[z % len(ties)]
        elif tie_break == TIE_ROTH:
            q = max(ties, key=roth)  # max() keeps the first of equals
        elif tie_break == TIE_POHL:
            q = min(ties, key=pohl)
    return q, state


def warnsdorff(
    rows: int,
    cols: int,
    start: tuple[int, int],
    order: Sequence[Move],
    *,
    tie_break: int = TIE_FIRST,
    seed: int = 0,
    closed: bool = False,
    trace: Tracer | None = None,
    deadline: float = 0.0,
    cancel: np.ndarray | None = None,
) -> tuple[int, np.ndarray, int, int]:
    """Greedy Warnsdorff walk; returns ``(status, board, nodes, 0)``.

    ``board`` holds the squares reached (-1 elsewhere) whatever the status.
    ``trace`` receives a :class:`~knight.trace.TraceEvent` per step.
    ``deadline`` and ``cancel`` as in :func:`backtrack`.
    """
    setup = _setup(rows, cols, start, order, True, deadline, cancel)
    if isinstance(setup, int):
        return setup, _no_board(rows, cols), 0, 0
    cells, off, width, s = setup
    total = rows * cols
    path = [s]
    state = seed & MASK64
    status = FOUND
    polls = deadline > 0.0 or cancel is not None
    while len(path) < total:
        if polls:
            stop = stopped(deadline, cancel)
            if stop:
                return stop, _board(path, rows, cols, width), len(path), 0
        p = path[-1]
        best = FREE_BELOW
        ties: list[int] = []
        for o in off:
            d = cells[p + o]
            if d < best:
                best, ties = d, [p + o]
            elif d == best:
                ties.append(p + o)
        if not ties:
            if trace is not None:
                trace(TraceEvent("dead-end", len(path) - 1, _square(p, width)))
            status = DEAD_END
            break

        def dist(t: int) -> int:
            dr = 2 * (t // width - 2) - (rows - 1)
            dc = 2 * (t % width - 2) - (cols - 1)
            return dr * dr + dc * dc

        def second(t: int) -> int:
            best2 = min(cells[t + o] for o in off)
            return best2 if best2 < FREE_BELOW else NO_VALUE

        q, state = break_tie(ties, tie_break, state, dist, second)
        if trace is not None:
            trace(TraceEvent("move", len(path), _square(p, width),
                             _candidates(cells, p, range(8), off, width, True), _square(q, width)))
        path.append(q)
        _visit(cells, q, off)
    if status == FOUND and closed and not any(path[-1] + o == s for o in off):
        status = NOT_CLOSED
    return status, _board(path, rows, cols, width), len(path), 0


class PythonEngine:
    """Adapts the references to the engine interface of :mod:`knight.search`.

    With ``trace``, every decision is reported to it (see :mod:`knight.trace`).
    """

    name = "python"

    def __init__(self, trace: Tracer | None = None) -> None:
        self.trace = trace

    def backtrack(
        self, rows: int, cols: int, start: tuple[int, int], order: Sequence[Move],
        ordered: bool, closed: bool, max_nodes: int | None, deadline: float,
        cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        return backtrack(rows, cols, start, order, ordered=ordered, closed=closed,
                         max_nodes=max_nodes, trace=self.trace, deadline=deadline,
                         cancel=cancel)

    def warnsdorff(
        self, rows: int, cols: int, start: tuple[int, int], order: Sequence[Move],
        tie_break: int, seed: int, closed: bool, deadline: float,
        cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        return warnsdorff(rows, cols, start, order, tie_break=tie_break, seed=seed,
                          closed=closed, trace=self.trace, deadline=deadline, cancel=cancel)


PYTHON_ENGINE = PythonEngine()

"""Finding tours: :func:`solve`, its argument checks and method dispatch.

The façade over the engines: it validates every argument, asks
:mod:`knight.existence` first, then runs the construction or a search engine
(:mod:`knight.search`) and wraps the result in a :class:`knight.Tour`.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from . import clues as _clues
from . import construct as _construct_mod
from . import existence, planner
from ._core import search as _search_core
from .board import Board, as_board
from .construct import construct
from .errors import DeadEndError, NoTourError, SearchLimitError
from .geometry import (
    DEFAULT_ORDER,
    Move,
    Square,
    as_int,
    board_size,
    check_memory,
    move_order,
    order_array,
    square,
)
from .limits import cancelled, check_bool, check_cancel, check_max_nodes, check_timeout, watched
from .limits import deadline as limits_deadline
from .search import (
    CANCELLED,
    CYTHON_ENGINE,
    EXHAUSTED,
    FOUND,
    METHODS,
    NODE_LIMIT,
    NOT_CLOSED,
    TIE_BREAKS,
    TIME_LIMIT,
    Engine,
    GraphEngine,
    graph_memory_estimate,
    memory_estimate,
)
from .tour import Tour

if TYPE_CHECKING:
    from threading import Event

    from .limits import Cancel
    from .trace import Tracer

# auto: how many placements a Warnsdorff-ordered attempt may take, per square,
# before auto restarts it with the next move order.  Lookahead searches that
# will succeed almost always do so with next to no backtracking; one that has
# wandered into a dead subtree is cheaper to restart than to finish.
AUTO_NODES_PER_SQUARE = 40
AUTO_MIN_NODES = 20_000

# auto: boards above these many squares are built by the linear-time
# construction (about 0.2 ms of planning, then linear), where Warnsdorff's
# rule starts to fail and closed-tour backtracking can stall (from some
# starts already on 10x10).  Below them the searches answer in microseconds.
AUTO_SHUFFLE_SEED = 0x6B6E69676874  # "knight": auto's restarts are reproducible

# auto with clues: the restarts' node budget is this many times the budget
# without clues.  Measured on 24 8x8 puzzles of 10 to 16 clues
# (benchmarks/bench_clues.py's), twice: mean 0.18 s at 1x, 0.11 s at 4x,
# 0.17 s at 10x (worst 1.7 / 0.8 / 1.8 s); a clue search refuted at one
# start often needs more than the plain budget to finish.
AUTO_CLUE_FACTOR = 4

AUTO_CONSTRUCT_OPEN = 400
AUTO_CONSTRUCT_CLOSED = 64


def _check_limits(max_nodes: Any, timeout: Any) -> tuple[int | None, float | None]:
    return check_max_nodes(max_nodes), check_timeout(timeout)


def _random_seed() -> int:
    return int.from_bytes(os.urandom(8), "little")


def _auto_orders(order: tuple[Move, ...]) -> Iterable[tuple[Move, ...]]:
    """The given order, then its other rotations (for auto's restarts)."""
    for shift in range(len(order)):
        yield order[shift:] + order[:shift]


def _auto_attempts(order: tuple[Move, ...], cap: int, general: bool,
                   ) -> Iterable[tuple[tuple[Move, ...], int | None]]:
    """auto's restarts: ``(order, node budget)`` pairs, None for no budget.

    The knight's rectangles: the rotations of ``order`` at ``cap`` nodes,
    the last without a cap.  Other boards, whose searches stall more often
    (on the antelope's 14x14 board no rotation finds a tour within its
    budget; the shuffled restarts find one in about 13 M nodes, under two
    seconds): the rotations, then shuffled orders from a fixed seed with
    budgets of ``cap`` times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...;
    Luby, Sinclair and Zuckerman 1993: within a logarithmic factor of the
    best restart plan for any run-time distribution, and no universal plan
    does better by more than a constant factor), so the search stays
    deterministic, never stalls for long in one subtree, and still proves
    that no tour exists once one attempt's budget covers the whole tree.
    """
    rotations = list(_auto_orders(order))
    for i, attempt in enumerate(rotations):
        yield attempt, (None if i == len(rotations) - 1 and not general else cap)
    if general:
        rng = random.Random(AUTO_SHUFFLE_SEED)
        i = 1
        while True:
            shuffled = list(order)
            rng.shuffle(shuffled)
            yield tuple(shuffled), cap * _luby(i)
            i += 1


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...

    >>> [_luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _solve(
    engine: Engine,
    rows: Any,
    cols: Any = None,
    *,
    start: Any = (0, 0),
    end: Any = None,
    closed: Any = False,
    method: Any = "auto",
    order: Any = None,
    tie_break: Any = "first",
    seed: Any = None,
    max_nodes: Any = None,
    timeout: Any = None,
    trace: Any = None,
    cancel: Any = None,
) -> Tour:
    began = time.perf_counter()
    layout: Board | None = None
    if isinstance(rows, Board):
        if cols is not None:
            raise TypeError("cols must not be given with a Board (the board has its own size)")
        layout = rows
        rows, cols = layout.shape
        if layout.is_standard:
            if order is None and layout.moves != DEFAULT_ORDER:
                order = layout.moves  # the board's own move order
            layout = None
    else:
        rows, cols = board_size(rows, cols)
    if layout is None:
        start = square(start, rows, cols, "start")
    else:
        start = layout.square(start, "start")
    if end is not None:
        end = square(end, rows, cols, "end") if layout is None else layout.square(end, "end")
    closed = check_bool(closed, "closed")
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got {method!r}")
    if end is not None:
        _check_between(rows * cols if layout is None else layout.size, start, end, closed,
                       method)
    if layout is not None:
        planner.choose(layout, "solve", method)  # a method that does not serve it: refused
    if layout is None or layout.is_knight:
        # A knight board keeps its own move order unless order= is given.
        moves = move_order(order if order is not None or layout is None else layout.moves)
    else:
        moves = layout.moves if order is None else layout.with_moves_order(order).moves
    if not isinstance(tie_break, str) or tie_break not in TIE_BREAKS:
        raise ValueError(
            f"tie_break must be one of {', '.join(map(repr, TIE_BREAKS))}; got {tie_break!r}"
        )
    if tie_break != "first" and method != "warnsdorff":
        raise ValueError(f"tie_break applies to method='warnsdorff' only, not {method!r}")
    if seed is not None:
        seed = as_int(seed, "seed")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
        if tie_break != "random":
            raise ValueError("seed applies to tie_break='random' only")
    elif tie_break == "random":
        seed = _random_seed()
    node_limit, seconds = _check_limits(max_nodes, timeout)
    if method == "construct":
        # The construction makes no search decisions: nothing to trace or order.
        for name, value in (("trace", trace), ("order", order)):
            if value is not None:
                raise ValueError(
                    f"{name} applies to the searches, not to method='construct' (the "
                    "linear-time construction makes no search decisions)"
                )
    if trace is not None:
        if not callable(trace):
            raise TypeError(
                f"trace must be a callable taking a TraceEvent, not {type(trace).__name__}"
            )
    # Last of the checks: a token set already stops the call here.
    token = check_cancel(cancel)
    if end is not None:
        return _solve_between(
            engine, layout if layout is not None else Board(rows, cols), layout is None,
            start, end, method, moves, node_limit, seconds, token, trace, began)
    if layout is not None:
        why = existence.board_reason(layout, start, closed)
        if why is not None:
            raise NoTourError(why)
        check_memory(graph_memory_estimate(layout, method), f"searching a {layout.describe()}")
        # A trace, or knight.reference, runs the table cores' pure-Python twins.
        graph: Engine = GraphEngine(layout)
        if trace is not None or _twin(engine):
            # The twins poll the deadline and the cancel flag as the cores do.
            from ._core.graph_twins import GraphPythonEngine

            graph = GraphPythonEngine(layout, trace)
        deadline = limits_deadline(seconds)
        with watched(token) as flag:
            return _search(graph, rows, cols, start, closed, method, moves,
                           tie_break, seed, node_limit, seconds, deadline, flag, began, layout)
    if trace is not None:
        # The twin polls the deadline and the cancel flag as the cores do.
        from ._core.twins import PythonEngine

        engine = PythonEngine(trace)
    # Theory first: a board with no tour is answered at once, however large.
    why = existence.reason(rows, cols, start, closed)
    if why is not None:
        raise NoTourError(why)
    if method == "construct" or (
        method == "auto" and trace is None
        and (
            min(rows, cols) <= 4
            or rows * cols > (AUTO_CONSTRUCT_CLOSED if closed else AUTO_CONSTRUCT_OPEN)
        )
    ):
        with watched(token) as flag:
            board = construct(rows, cols, start, closed, flag)
        return Tour(board, closed=closed, method="construct", seconds=time.perf_counter() - began,
                    _start=start, _checked=True)
    check_memory(memory_estimate(rows, cols, method), f"searching a {rows}x{cols} board")
    deadline = limits_deadline(seconds)
    with watched(token) as flag:
        return _search(engine, rows, cols, start, closed, method, moves, tie_break, seed,
                       node_limit, seconds, deadline, flag, began)


def _twin(engine: Engine) -> bool:
    """Whether ``engine`` is the search cores' pure-Python twin (``knight.reference``
    passes one): every engine but the compiled one is.  Checked without loading
    the twins, which only tracing and the reference need."""
    return engine is not CYTHON_ENGINE


#: The methods that serve ``end=``: both run the Warnsdorff-ordered search
#: with the end fixed (auto with restarts over move orders).
BETWEEN_METHODS = ("auto", "warnsdorff-backtrack")


def _check_between(size: int, start: Square, end: Square, closed: bool, method: str) -> None:
    """The arguments of a tour between two chosen squares (before any work)."""
    if closed:
        raise ValueError(
            "end and closed=True clash: end= asks for an open tour ending at end, closed=True "
            "for one that returns to its start; give one or the other"
        )
    if start == end and size > 1:
        raise ValueError(
            f"end must differ from start ({start}): a tour visits each square once; "
            "for a tour that returns to its start, use closed=True"
        )
    if method not in BETWEEN_METHODS:
        raise ValueError(
            f"end= is served by method={' or '.join(map(repr, BETWEEN_METHODS))}, not "
            f"{method!r} (the end-pruned Warnsdorff-ordered search)"
        )


def _solve_between(
    engine: Engine, board: Board, plain: bool, start: Square, end: Square, method: str,
    moves: tuple[Move, ...], node_limit: int | None, seconds: float | None, token: Any,
    trace: Any, began: float,
) -> Tour:
    """An open tour of ``board`` from ``start`` to ``end``, on validated arguments
    (``plain``: the caller gave a plain knight rectangle)."""
    chosen = planner.choose_between(board, method)
    why = existence.ends_reason(board, start, end)
    if why is not None:
        raise NoTourError(why)
    # Each engine the planner may choose for the task has its runner here (a
    # construction between two squares of large full knight rectangles,
    # "construct-between", would add its own).
    runner = _BETWEEN_RUNNERS[chosen.name]
    return runner(engine, board, plain, start, end, method, moves, node_limit, seconds, token,
                  trace, began)


def _search_between(
    engine: Engine, board: Board, plain: bool, start: Square, end: Square, method: str,
    moves: tuple[Move, ...], node_limit: int | None, seconds: float | None, token: Any,
    trace: Any, began: float,
) -> Tour:
    """The engine "table-between": the end-pruned Warnsdorff-ordered search
    (``graph.between``), restarted over move orders by ``"auto"``."""
    check_memory(graph_memory_estimate(board, method) + 5 * board.size,
                 f"searching a {board.describe()}")
    graph: Any = GraphEngine(board)
    if trace is not None or _twin(engine):
        from ._core.graph_twins import GraphPythonEngine

        graph = GraphPythonEngine(board, trace)
    where = f"the {board.describe()}"
    deadline = limits_deadline(seconds)
    layout = None if plain else board
    with watched(token) as flag:
        if method == "auto":
            cap = max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * board.size)
            attempts = _auto_attempts(moves, cap, True)
        else:
            attempts = iter([(moves, None)])
        total_nodes = total_backtracks = 0
        status = NODE_LIMIT
        for attempt, budget in attempts:
            if node_limit is not None:
                left = node_limit - total_nodes
                if left < 1:
                    status = NODE_LIMIT
                    break
                budget = left if budget is None else min(budget, left)
            status, steps, nodes, backs = graph.between(start, end, attempt, budget, deadline,
                                                        flag)
            total_nodes += nodes
            total_backtracks += backs
            if status == FOUND:
                return Tour(steps, closed=False, method="warnsdorff-backtrack",
                            nodes=total_nodes, backtracks=total_backtracks,
                            seconds=time.perf_counter() - began, layout=layout, _start=start,
                            _checked=True)
            if status == EXHAUSTED:
                raise NoTourError(
                    f"no open tour of {where} from {start} ends at {end}: an exhaustive "
                    f"search visited {nodes:,} nodes", total_nodes)
            if status in (TIME_LIMIT, CANCELLED) or (
                    node_limit is not None and total_nodes >= node_limit):
                break
        what = f"the search of {where} from {start} to {end}"
        if status == CANCELLED:
            raise cancelled(what, began, total_nodes, total_backtracks)
        spent = time.perf_counter() - began
        limit = f"timeout={seconds}s" if status == TIME_LIMIT else f"max_nodes={node_limit}"
        raise SearchLimitError(
            f"{what} stopped at {limit} after {total_nodes:,} nodes and {spent:.3f} s "
            "without finding a tour", total_nodes, spent, total_backtracks)


def _construct_between(
    engine: Engine, board: Board, plain: bool, start: Square, end: Square, method: str,
    moves: tuple[Move, ...], node_limit: int | None, seconds: float | None, token: Any,
    trace: Any, began: float,
) -> Tour:
    """The engine "construct-between": the linear-time construction, on the
    pairs it serves (theory has ruled out the rest); a trace, or a pair no
    layout of its blocks joins, goes to the search."""
    rows, cols = board.shape
    if trace is None and not _twin(engine) and \
            _construct_mod.between_serves(rows, cols, start, end):
        try:
            steps = _construct_mod.construct_between(rows, cols, start, end)
        except _construct_mod.NoLayoutError:
            pass
        else:
            return Tour(steps, closed=False, method="construct",
                        seconds=time.perf_counter() - began, layout=None if plain else board,
                        _start=start, _checked=True)
    return _search_between(engine, board, plain, start, end, method, moves, node_limit,
                           seconds, token, trace, began)


_BETWEEN_RUNNERS = {"construct-between": _construct_between, "table-between": _search_between}


def _search(
    engine: Engine, rows: int, cols: int, start: Square, closed: bool, method: str,
    moves: tuple[Move, ...], tie_break: str, seed: int | None, node_limit: int | None,
    seconds: float | None, deadline: float, flag: np.ndarray | None, began: float,
    layout: Board | None = None,
) -> Tour:
    """Run the searches of ``method`` on validated arguments (``layout``: the
    board, when it is not a plain knight rectangle)."""
    size = rows * cols if layout is None else layout.size
    where = f"the {rows}x{cols} board" if layout is None else f"the {layout.describe()}"

    def finish(board: np.ndarray, name: str, nodes: int, backtracks: int) -> Tour:
        return Tour(
            board, closed=closed, method=name, nodes=nodes, backtracks=backtracks,
            seconds=time.perf_counter() - began, seed=seed, layout=layout, _start=start,
            _checked=True,
        )

    def limit_error(status: int, nodes: int, backtracks: int = 0) -> SearchLimitError:
        if status == CANCELLED:
            return cancelled(f"the search of {where} from {start}", began,
                             nodes, backtracks)
        spent = time.perf_counter() - began
        what = f"max_nodes={node_limit}" if status == NODE_LIMIT else f"timeout={seconds}s"
        return SearchLimitError(
            f"the search stopped at {what} after {nodes:,} nodes and {spent:.3f} s "
            f"without finding {'a closed' if closed else 'an open'} tour of "
            f"{where} from {start}",
            nodes,
            spent,
            backtracks,
        )

    if method == "warnsdorff":
        status, board, nodes, _ = engine.warnsdorff(
            rows, cols, start, moves, TIE_BREAKS[tie_break], seed or 0, closed, deadline, flag
        )
        if status == FOUND:
            return finish(board, method, nodes, 0)
        if status == TIME_LIMIT or status == CANCELLED:
            raise limit_error(status, nodes)
        # The last step is the board's largest value: one vectorised pass, no
        # sort; DeadEndError builds its path only if it is asked for.
        last = int(board.argmax())
        end = (last // cols, last % cols)
        if status == NOT_CLOSED:
            msg = (
                f"Warnsdorff's rule ({tie_break} tie-break) covered {where} "
                f"from {start}, but its end {end} is not a move from the start, so "
                "the tour is not closed; try method='warnsdorff-backtrack'"
            )
        else:
            msg = (
                f"Warnsdorff's rule ({tie_break} tie-break) reached a dead end at {end} after "
                f"{nodes} of {size} squares; try another tie_break, or "
                "method='warnsdorff-backtrack'"
            )
        raise DeadEndError(msg, board, steps=nodes)

    if method == "auto":
        # Greedy first: O(N) and usually right for open tours.  Then
        # Warnsdorff-ordered backtracking with restarts over rotated orders, the
        # last attempt bounded only by the caller's limits.
        total_nodes = 0
        # The greedy walk cannot be stopped part way by max_nodes: with a
        # budget below one node per square it would overrun it, so skip it.
        if not closed and (node_limit is None or node_limit >= size):
            status, board, nodes, _ = engine.warnsdorff(
                rows, cols, start, moves, TIE_BREAKS["roth"], 0, False, deadline, flag
            )
            total_nodes += nodes
            if status == FOUND:
                return finish(board, "warnsdorff", total_nodes, 0)
            if status == CANCELLED:
                raise limit_error(status, total_nodes)
        cap = max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * size)
        total_backtracks = 0
        for attempt, budget in _auto_attempts(moves, cap, layout is not None):
            if node_limit is not None:
                left = node_limit - total_nodes
                if left < 1:
                    raise limit_error(NODE_LIMIT, total_nodes, total_backtracks)
                budget = left if budget is None else min(budget, left)
            status, board, nodes, backs = engine.backtrack(
                rows, cols, start, attempt, True, closed, budget, deadline, flag
            )
            total_nodes += nodes
            total_backtracks += backs
            if status == FOUND:
                return finish(board, "warnsdorff-backtrack", total_nodes, total_backtracks)
            if status == EXHAUSTED:
                raise NoTourError(
                    f"no {'closed' if closed else 'open'} tour of {where} "
                    f"starts at {start}: an exhaustive search visited {nodes:,} nodes",
                    total_nodes,
                )
            if (status in (TIME_LIMIT, CANCELLED)
                    or (node_limit is not None and total_nodes >= node_limit)):
                raise limit_error(status, total_nodes, total_backtracks)
        raise AssertionError("unreachable: the last auto attempt has no internal cap")

    status, board, nodes, backs = engine.backtrack(
        rows, cols, start, moves, method == "warnsdorff-backtrack", closed, node_limit, deadline,
        flag,
    )
    if status == FOUND:
        return finish(board, method, nodes, backs)
    if status == EXHAUSTED:
        raise NoTourError(
            f"no {'closed' if closed else 'open'} tour of {where} starts at "
            f"{start}: an exhaustive search visited {nodes:,} nodes",
            nodes,
        )
    raise limit_error(status, nodes, backs)


def solve(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    method: str = "auto",
    order: Iterable[Move] | None = None,
    tie_break: str = "first",
    seed: int | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    trace: Tracer | None = None,
    cancel: Cancel | Event | None = None,
    clues: Any = None,
) -> Tour:
    """Find a knight's tour of a ``rows`` x ``cols`` board from ``start``.

    ``cols`` defaults to ``rows``.  In place of ``rows`` a :class:`knight.Board`
    gives any board: holes, another piece or move set, a cylinder or a torus
    (then ``order`` is a permutation of the board's moves, and the searches
    walk its neighbour table).  Squares are ``(row, col)`` from 0, with
    ``(0, 0)`` top-left.  ``closed=True`` asks for a tour whose last square
    is a knight move from the first.

    Methods:

    * ``"backtrack"``: the textbook depth-first search, trying the moves in
      ``order``.  Exhaustive and exponential: bound it with ``max_nodes`` or
      ``timeout``.
    * ``"warnsdorff"``: Warnsdorff's greedy rule (go to the square with the
      fewest free onward squares), no backtracking, O(rows*cols).  Ties go
      by ``tie_break``: ``"first"`` in move order, ``"random"`` (reproducible
      with ``seed``), ``"roth"`` (farthest from the centre) or ``"pohl"``
      (the rule applied one level deeper: the candidate whose free
      neighbours have the fewest onward squares).  Raises
      :class:`DeadEndError`, with the partial tour, when it gets stuck.
    * ``"warnsdorff-backtrack"``: depth-first search that tries the moves in
      Warnsdorff order (a stable sort by onward count, ties in ``order``).
    * ``"construct"``: the linear-time divide-and-conquer construction
      (:mod:`knight.construct`; boards with a side of 3 or 4 by the exact
      automaton of :mod:`knight.thin`): a tour of any board that has one,
      from any square that starts one.  Takes no ``order`` or ``trace``;
      it needs no limits (they are accepted and never reached).
    * ``"auto"`` (default): the construction on boards with a side of 3 or
      4, on open boards above 400 squares and closed boards above 64; on
      smaller boards Warnsdorff's rule, then Warnsdorff-ordered backtracking
      restarted over rotations of ``order``.  The tour's ``method`` says
      which one answered.

    ``order`` is the eight knight moves ``(drow, dcol)`` in the order they are
    tried, default :data:`knight.DEFAULT_ORDER`.  With the same order every
    method is deterministic.  ``max_nodes`` bounds the knight placements and
    ``timeout`` the seconds; :class:`SearchLimitError` reports reaching either.
    Ctrl-C interrupts any search.  ``cancel`` (a :class:`knight.Cancel`, or a
    ``threading.Event``) stops it from another thread: setting it makes the
    search raise :class:`knight.SearchCancelled` within a fraction of a
    second.  ``trace`` is called with a
    :class:`knight.trace.TraceEvent` for every decision (tracing runs the
    pure-Python twin of the core, which decides identically, only slower).

    ``end`` asks for an open tour from ``start`` (default: see below) that
    ends on ``end``, on any board (not with ``closed=True``; ``end`` must
    differ from ``start`` but on a one-square board).  Theory answers first
    (:func:`knight.existence.ends_reason`: colours, Conrad, Hindrichs, Morsy
    and Wegener's criterion on n x n boards, n >= 6, cut squares, squares
    with one move); otherwise a Warnsdorff-ordered search that never enters
    ``end`` before the last step and prunes every branch that strands a
    square, restarted over move orders by ``"auto"`` (a single run with
    ``"warnsdorff-backtrack"``; no other method takes ``end``).

    Raises :class:`NoTourError` at once when a theorem rules the tour out,
    or after an exhaustive search finds none; ``TypeError``/``ValueError``
    name a bad argument before any work is done.

    ``start`` defaults to the first usable square in reading order (the top
    row first): ``(0, 0)`` on a full board, as in the ``knight`` command; with
    ``clues``, to any square.
    With ``clues``, ``end`` is a clue for the last step.
    ``clues`` (a mapping square -> step, steps from 0 as in
    :attr:`Tour.board`) asks for a tour that stands on each given square at
    its given step: a knight's-tour puzzle, or with a :class:`knight.Board`
    of the king, the wazir or the hopido a Hidato, a Numbrix or a Hopido
    (:mod:`knight.clues`).  A clue for step 0 fixes the start (``start``,
    if given too, must agree); on a closed tour steps count from its start.
    Clues run the clue search (methods ``"auto"``, the same as
    ``"warnsdorff-backtrack"``, or ``"backtrack"``), on plain rectangles
    too; clues no tour can meet raise :class:`NoTourError` with the reason.

    >>> import knight
    >>> tour = knight.solve(8)
    >>> tour.board.shape, tour.start, knight.is_tour(tour)
    ((8, 8), (0, 0), True)
    >>> knight.solve(6, start=(1, 5), closed=True, method="warnsdorff-backtrack").closed
    True
    >>> zebra = knight.solve(knight.Board(10, moves="zebra"), start=(0, 0))
    >>> zebra.layout.piece, len(zebra), knight.is_tour(zebra)
    ('zebra', 100, True)
    >>> tour = knight.solve(8, start=(0, 0), end=(7, 0))
    >>> tour.start, tour.end, knight.is_tour(tour)
    ((0, 0), (7, 0), True)
    >>> knight.solve(knight.Board(3, holes=["a3"], moves="king")).start  # (0, 0) is a hole
    (0, 1)
    >>> print(knight.solve(knight.Board(5, holes=["c3"])).grid())
     0 15 20  9  6
    21 10  7 14 19
    16  1  .  5  8
    11 22  3 18 13
     2 17 12 23  4
    >>> print(knight.solve(5, clues={"a5": 0, "c3": 24, "a1": 6}).grid())
     0 11 16 21  2
    17 22  1 10 15
    12  7 24  3 20
    23 18  5 14  9
     6 13  8 19  4
    """
    if clues is not None:
        found = _solve_clues(rows, cols, start, end, closed, method, order, tie_break, seed,
                             max_nodes, timeout, trace, cancel, clues)
        if found is not None:
            return found
    if start is None:
        start = _default_start(rows)
    if (
        method == "warnsdorff" and order is None and seed is None and max_nodes is None
        and timeout is None and trace is None and cancel is None and end is None
    ):
        tour = _fast_warnsdorff(rows, cols, start, closed, tie_break)
        if tour is not None:
            return tour
    return _solve(
        CYTHON_ENGINE, rows, cols, start=start, end=end, closed=closed, method=method,
        order=order,
        tie_break=tie_break, seed=seed, max_nodes=max_nodes, timeout=timeout, trace=trace,
        cancel=cancel,
    )


def _default_start(rows: Any) -> Square:
    """Where ``solve`` starts unless told: the first usable square in reading
    order, as the other entry points and the command start ((0, 0) on a
    full board; on a board whose (0, 0) is a hole, not a refusal)."""
    if isinstance(rows, Board) and not rows.is_full:
        r, c = divmod(int(np.argmax(rows.mask)), rows.cols)
        return (r, c)
    return (0, 0)


def _solve_clues(rows: Any, cols: Any, start: Any, end: Any, closed: Any, method: Any,
                 order: Any, tie_break: Any, seed: Any, max_nodes: Any, timeout: Any,
                 trace: Any, cancel: Any, clues: Any) -> Tour | None:
    """:func:`solve` with clues (None when there are none: the plain path)."""
    began = time.perf_counter()
    board = as_board(rows, cols)
    given = _clues.check_clues(board, clues)
    if given is None:
        return None
    first, last = _clues.square_numbers(board, start, end)
    closed = _clues.check_open_end(closed, last)
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got {method!r}")
    planner.choose(board, "solve", method, clues=True)
    if order is None:
        moves = board.moves
    elif board.is_knight:
        moves = board.with_moves_order(move_order(order)).moves
    else:
        moves = board.with_moves_order(order).moves
    for name, value, default in (("tie_break", tie_break, "first"), ("seed", seed, None),
                                 ("trace", trace, None)):
        if value != default:
            raise ValueError(f"{name} does not apply with clues (the clue search takes "
                             "method, order, max_nodes, timeout and cancel)")
    node_limit, seconds = _check_limits(max_nodes, timeout)
    spec = _clues.with_ends(given, board, first, last)
    token = check_cancel(cancel)
    # The search's arrays, and a row of distances per clue.
    check_memory(graph_memory_estimate(board, method) + 4 * board.size * (len(spec.at) + 8),
                 f"searching a {board.describe()} with clues")
    deadline = limits_deadline(seconds)
    with watched(token) as flag:
        # auto restarts as it does without clues (Luby budgets over rotated,
        # then shuffled move orders); the other methods search once, to the end.
        cap = AUTO_CLUE_FACTOR * max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * board.size)
        attempts = (_auto_attempts(moves, cap, True) if method == "auto"
                    else iter([(moves, None)]))
        return _clues.solve(spec, closed, method != "backtrack", attempts, node_limit,
                            seconds, deadline, flag, began)


#: Greedy Warnsdorff on small boards, keyed by arguments of exactly the types
#: the general path accepts unchanged: (rows, cols, start, closed, tie_break)
#: -> (rows, cols, start square, tie-break code).  Filled once the general
#: path has validated the arguments, so a repeated call skips straight to the
#: core (the issue's <= 2 us outside the core for solve(8, "warnsdorff")).
_FAST_PLANS: dict[tuple[Any, ...], tuple[int, int, Square, int]] = {}
_FAST_MAX_SQUARES = 4096  # above it the core dominates and the memory check matters
_FAST_MAX_PLANS = 4096
_FAST_ORDER = order_array(DEFAULT_ORDER)


def _fast_key(rows: Any, cols: Any, start: Any, closed: Any, tie_break: Any) -> Any:
    """The cache key, or None unless every argument has an exact plain type
    (``True == 1`` and ``(0.0, 0) == (0, 0)`` must never hit a validated entry)."""
    if type(rows) is not int or (cols is not None and type(cols) is not int):
        return None
    if type(closed) is not bool or type(tie_break) is not str or tie_break == "random":
        return None
    if type(start) is tuple:
        if len(start) != 2 or type(start[0]) is not int or type(start[1]) is not int:
            return None
    elif type(start) is not str:
        return None
    return (rows, cols, start, closed, tie_break)


def _fast_warnsdorff(rows: Any, cols: Any, start: Any, closed: Any, tie_break: Any,
                     ) -> Tour | None:
    """The greedy walk for validated small-board arguments, or None (general path)."""
    key = _fast_key(rows, cols, start, closed, tie_break)
    if key is None:
        return None
    plan = _FAST_PLANS.get(key)
    if plan is None:
        # Validate (raising as the general path does), then remember.
        r, c = board_size(rows, cols)
        if r * c > _FAST_MAX_SQUARES or tie_break not in TIE_BREAKS:
            return None
        sq = square(start, r, c, "start")
        if existence.reason(r, c, sq, closed) is not None:
            return None
        if len(_FAST_PLANS) >= _FAST_MAX_PLANS:
            _FAST_PLANS.clear()
        plan = _FAST_PLANS[key] = (r, c, sq, TIE_BREAKS[tie_break])
    began = time.perf_counter()
    r, c, sq, tie = plan
    board = np.empty((r, c), dtype=np.int32)
    status, squares = _search_core.warnsdorff(board, _FAST_ORDER, sq[0], sq[1], tie, 0, closed,
                                              0.0, None)
    if status != FOUND:
        return None  # a dead end: the general path builds the DeadEndError
    return Tour._trusted(board, closed, "warnsdorff", squares, time.perf_counter() - began, sq)


__all__ = ["DEFAULT_ORDER", "METHODS", "TIE_BREAKS", "solve"]

"""The engines of :func:`knight.solve`: what each runs, and what it costs.

The planner (:mod:`knight.planner`) names these runners in its table:

* ``construct`` -- :func:`run_construct`, the linear-time construction;
* ``knight-search`` and ``table-search`` -- :func:`run_search`: Warnsdorff's
  rule and backtracking, by offset arithmetic on a plain knight rectangle
  (:mod:`knight._core.search`) or over any board's neighbour table
  (:mod:`knight._core.table_search`), or their pure-Python twins when the job asks
  for a trace or for the twins (``knight.reference``);
* ``construct-between`` and ``table-between`` -- :func:`run_construct_between`
  and :func:`run_search_between`, tours between two chosen squares;
* ``clue-search`` -- :func:`run_clues`, tours through given squares at given
  steps.

and two costs that let ``method="auto"`` choose between the construction and
the search on plain rectangles (:func:`construct_cost`, :func:`search_cost`).
Every runner takes a validated :class:`~knight.planner.Job` whose theory
the planner has asked already.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import clues as _clues
from .. import construct as _construct_mod
from ..board import Board
from ..construct import construct
from ..errors import DeadEndError, NoTourError, SearchLimitError
from ..geometry import Move, check_memory
from ..limits import cancelled, watched
from ..search import (
    CANCELLED,
    CYTHON_ENGINE,
    EXHAUSTED,
    FOUND,
    NODE_LIMIT,
    NOT_CLOSED,
    TIE_BREAKS,
    TIME_LIMIT,
    Engine,
    GraphEngine,
    graph_memory_estimate,
    memory_estimate,
    rule_name,
)
from ..tour import Tour

if TYPE_CHECKING:
    from ..planner import Job

# auto: how many placements a Warnsdorff-ordered attempt may take, per square,
# before auto restarts it with the next move order.  Lookahead searches that
# will succeed almost always do so with next to no backtracking; one that has
# wandered into a dead subtree is cheaper to restart than to finish.
AUTO_NODES_PER_SQUARE = 40
AUTO_MIN_NODES = 20_000

AUTO_SHUFFLE_SEED = 0x6B6E69676874  # "knight": auto's restarts are reproducible

# auto with clues: the restarts' node budget is this many times the budget
# without clues.  Measured on 24 8x8 puzzles of 10 to 16 clues
# (benchmarks/bench_clues.py's), twice: mean 0.18 s at 1x, 0.11 s at 4x,
# 0.17 s at 10x (worst 1.7 / 0.8 / 1.8 s); a clue search refuted at one
# start often needs more than the plain budget to finish.
AUTO_CLUE_FACTOR = 4

# auto: boards above these many squares are built by the linear-time
# construction (about 0.2 ms of planning, then linear), where Warnsdorff's
# rule starts to fail and closed-tour backtracking can stall (from some
# starts already on 10x10).  Below them the searches answer in microseconds.
AUTO_CONSTRUCT_OPEN = 400
AUTO_CONSTRUCT_CLOSED = 64

#: The construction's cost: about 0.2 ms of planning, then a few ns a square.
CONSTRUCT_PLANNING = 2e-4
CONSTRUCT_PER_SQUARE = 5e-9
#: Warnsdorff's walk with restarts, where it is reliable: well under a
#: microsecond a square (8x8 in about 5 us).
SEARCH_PER_SQUARE = 1e-7


def construct_cost(job: Job) -> float:
    """Estimated seconds of the construction; ``inf`` where it cannot run the
    job: a trace (the construction makes no search decisions to trace)."""
    if job.option("trace") is not None:
        return math.inf
    return CONSTRUCT_PLANNING + CONSTRUCT_PER_SQUARE * job.board.size


def search_cost(job: Job) -> float:
    """Estimated seconds of auto's Warnsdorff-first search on a plain rectangle:
    microseconds up to AUTO_CONSTRUCT_OPEN squares (AUTO_CONSTRUCT_CLOSED for
    closed tours) on boards whose sides exceed 4; past them, or on the thin
    boards of sides 3 and 4, ``inf``: Warnsdorff's rule starts to fail and
    closed-tour backtracking can stall, from some starts already on 10x10."""
    rows, cols = job.board.shape
    if job.option("trace") is None and (
            min(rows, cols) <= 4
            or rows * cols > (AUTO_CONSTRUCT_CLOSED if job.closed else AUTO_CONSTRUCT_OPEN)):
        return math.inf
    return SEARCH_PER_SQUARE * rows * cols


def _random_seed() -> int:
    import os

    return int.from_bytes(os.urandom(8), "little")


def _auto_orders(order: tuple[Move, ...]) -> Iterable[tuple[Move, ...]]:
    """The given order, then its other rotations (for auto's restarts)."""
    for shift in range(len(order)):
        yield order[shift:] + order[:shift]


def auto_attempts(order: tuple[Move, ...], cap: int, general: bool,
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
            yield tuple(shuffled), cap * luby(i)
            i += 1


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...

    >>> [luby(i) for i in range(1, 16)]
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


def _layout(board: Board) -> Board | None:
    """The board a Tour records: None for a plain knight rectangle (it makes its own)."""
    return None if board.is_standard else board


def _graph_engine(job: Job) -> Any:
    """The table cores for ``job.board``, or their twins (a trace, or ``knight.reference``)."""
    if job.option("trace") is not None or job.option("twin"):
        # The twins poll the deadline and the cancel flag as the cores do.
        from .._core.table_search_py import GraphPythonEngine

        return GraphPythonEngine(job.board, job.option("trace"))
    return GraphEngine(job.board)


def _knight_engine(job: Job) -> Engine:
    """The knight's rectangle cores, or their twins."""
    if job.option("trace") is not None or job.option("twin"):
        from .._core.search_py import PythonEngine

        return PythonEngine(job.option("trace"))
    return CYTHON_ENGINE


def run_construct(job: Job) -> Tour:
    """The engine ``construct``: the linear-time construction."""
    rows, cols = job.board.shape
    assert job.start is not None
    with watched(job.limits.cancel) as flag:
        board = construct(rows, cols, job.start, job.closed, flag)
    return Tour(board, closed=job.closed, method="construct",
                seconds=time.perf_counter() - job.began, _start=job.start, _checked=True)


def run_search(job: Job) -> Tour:
    """The engines ``knight-search`` (plain knight rectangles, by offsets) and
    ``table-search`` (any board, over its neighbour table)."""
    board, method = job.board, job.method
    if board.is_standard:
        rows, cols = board.shape
        check_memory(memory_estimate(rows, cols, method), f"searching the {rows}x{cols} board")
        engine: Any = _knight_engine(job)
    else:
        check_memory(graph_memory_estimate(board, method), f"searching the {board.describe()}")
        engine = _graph_engine(job)
    with watched(job.limits.cancel) as flag:
        return _search(job, engine, job.limits.deadline(), flag)


def _search(job: Job, engine: Any, deadline: float, flag: np.ndarray | None) -> Tour:
    """Run the searches of ``job.method`` on ``engine`` (the knight's cores
    or the table cores: the same interface)."""
    board = job.board
    rows, cols = board.shape
    start, closed, method = job.start, job.closed, job.method
    assert start is not None
    options = job.options
    moves: tuple[Move, ...] = options["moves"]
    tie_break: str = options.get("tie_break", "first")
    seed: int | None = options.get("seed")
    node_limit, seconds = job.limits.max_nodes, job.limits.timeout
    size = board.size
    layout = _layout(board)

    def finish(steps: np.ndarray, name: str, nodes: int, backtracks: int) -> Tour:
        return Tour(
            steps, closed=closed, method=name, nodes=nodes, backtracks=backtracks,
            seconds=time.perf_counter() - job.began, seed=seed, layout=layout, _start=start,
            _checked=True,
        )

    def limit_error(status: int, nodes: int, backtracks: int = 0) -> SearchLimitError:
        where = f"the {board.describe()}"
        if status == CANCELLED:
            return cancelled(f"the search of {where} from {start}", job.began,
                             nodes, backtracks)
        spent = time.perf_counter() - job.began
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
        status, steps, nodes, _ = engine.warnsdorff(
            rows, cols, start, moves, TIE_BREAKS[tie_break], seed or 0, closed, deadline, flag
        )
        if status == FOUND:
            return finish(steps, rule_name(tie_break), nodes, 0)
        if status == TIME_LIMIT or status == CANCELLED:
            raise limit_error(status, nodes)
        # The last step is the board's largest value: one vectorised pass, no
        # sort; DeadEndError builds its path only if it is asked for.
        last = int(steps.argmax())
        end = (last // cols, last % cols)
        where = f"the {board.describe()}"
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
        raise DeadEndError(msg, steps, steps=nodes)

    if method == "auto":
        # Greedy first: O(N) and usually right for open tours.  Then
        # Warnsdorff-ordered backtracking with restarts over rotated orders, the
        # last attempt bounded only by the caller's limits.
        total_nodes = 0
        # The greedy walk cannot be stopped part way by max_nodes: with a
        # budget below one node per square it would overrun it, so skip it.
        if not closed and (node_limit is None or node_limit >= size):
            status, steps, nodes, _ = engine.warnsdorff(
                rows, cols, start, moves, TIE_BREAKS["roth"], 0, False, deadline, flag
            )
            total_nodes += nodes
            if status == FOUND:
                # the greedy walk breaks ties by Roth's rule: the tour says so
                return finish(steps, rule_name("roth"), total_nodes, 0)
            if status == CANCELLED:
                raise limit_error(status, total_nodes)
        cap = max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * size)
        total_backtracks = 0
        for attempt, budget in auto_attempts(moves, cap, layout is not None):
            if node_limit is not None:
                left = node_limit - total_nodes
                if left < 1:
                    raise limit_error(NODE_LIMIT, total_nodes, total_backtracks)
                budget = left if budget is None else min(budget, left)
            status, steps, nodes, backs = engine.backtrack(
                rows, cols, start, attempt, True, closed, budget, deadline, flag
            )
            total_nodes += nodes
            total_backtracks += backs
            if status == FOUND:
                return finish(steps, "warnsdorff-backtrack", total_nodes, total_backtracks)
            if status == EXHAUSTED:
                raise NoTourError(
                    f"no {'closed' if closed else 'open'} tour of the {board.describe()} "
                    f"starts at {start}: an exhaustive search visited {nodes:,} nodes",
                    total_nodes,
                )
            if (status in (TIME_LIMIT, CANCELLED)
                    or (node_limit is not None and total_nodes >= node_limit)):
                raise limit_error(status, total_nodes, total_backtracks)
        raise AssertionError("unreachable: the last auto attempt has no internal cap")

    status, steps, nodes, backs = engine.backtrack(
        rows, cols, start, moves, method == "warnsdorff-backtrack", closed, node_limit, deadline,
        flag,
    )
    if status == FOUND:
        return finish(steps, method, nodes, backs)
    if status == EXHAUSTED:
        raise NoTourError(
            f"no {'closed' if closed else 'open'} tour of the {board.describe()} starts at "
            f"{start}: an exhaustive search visited {nodes:,} nodes",
            nodes,
        )
    raise limit_error(status, nodes, backs)


def run_search_between(job: Job) -> Tour:
    """The engine ``table-between``: the end-pruned Warnsdorff-ordered search
    (``graph.between``), restarted over move orders by ``"auto"``."""
    board, start, end = job.board, job.start, job.end
    assert start is not None and end is not None
    check_memory(graph_memory_estimate(board, job.method) + 5 * board.size,
                 f"searching the {board.describe()}")
    graph = _graph_engine(job)
    where = f"the {board.describe()}"
    moves: tuple[Move, ...] = job.option("moves")
    node_limit, seconds = job.limits.max_nodes, job.limits.timeout
    deadline = job.limits.deadline()
    with watched(job.limits.cancel) as flag:
        if job.method == "auto":
            cap = max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * board.size)
            attempts = auto_attempts(moves, cap, True)
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
                            seconds=time.perf_counter() - job.began, layout=_layout(board),
                            _start=start, _checked=True)
            if status == EXHAUSTED:
                raise NoTourError(
                    f"no open tour of {where} from {start} ends at {end}: an exhaustive "
                    f"search visited {nodes:,} nodes", total_nodes)
            if status in (TIME_LIMIT, CANCELLED) or (
                    node_limit is not None and total_nodes >= node_limit):
                break
        what = f"the search of {where} from {start} to {end}"
        if status == CANCELLED:
            raise cancelled(what, job.began, total_nodes, total_backtracks)
        spent = time.perf_counter() - job.began
        limit = f"timeout={seconds}s" if status == TIME_LIMIT else f"max_nodes={node_limit}"
        raise SearchLimitError(
            f"{what} stopped at {limit} after {total_nodes:,} nodes and {spent:.3f} s "
            "without finding a tour", total_nodes, spent, total_backtracks)


def run_construct_between(job: Job) -> Tour:
    """The engine ``construct-between``: the linear-time construction, on the
    pairs it serves (theory has ruled out the rest); a trace, or a pair no
    layout of its blocks joins, goes to the search."""
    rows, cols = job.board.shape
    start, end = job.start, job.end
    assert start is not None and end is not None
    if job.option("trace") is None and not job.option("twin") and \
            _construct_mod.between_serves(rows, cols, start, end):
        try:
            steps = _construct_mod.construct_between(rows, cols, start, end)
        except _construct_mod.NoLayoutError:
            pass
        else:
            return Tour(steps, closed=False, method="construct",
                        seconds=time.perf_counter() - job.began, layout=_layout(job.board),
                        _start=start, _checked=True)
    return run_search_between(job)


def run_clues(job: Job) -> Tour:
    """The engine ``clue-search`` for :func:`knight.solve`: the tours through
    the job's clues (``job.clues``, with its ends), restarted as auto restarts
    without clues (Luby budgets over rotated, then shuffled move orders);
    the other methods search once, to the end."""
    board, spec = job.board, job.clues
    # The search's arrays, and a row of distances per clue.
    check_memory(graph_memory_estimate(board, job.method) + 4 * board.size * (len(spec.at) + 8),
                 f"searching the {board.describe()} with clues")
    moves: tuple[Move, ...] = job.option("moves")
    with watched(job.limits.cancel) as flag:
        cap = AUTO_CLUE_FACTOR * max(AUTO_MIN_NODES, AUTO_NODES_PER_SQUARE * board.size)
        attempts = (auto_attempts(moves, cap, True) if job.method == "auto"
                    else iter([(moves, None)]))
        return _clues.solve(spec, job.closed, job.method != "backtrack", attempts,
                            job.limits.max_nodes, job.limits.timeout, job.limits.deadline(),
                            flag, job.began)


__all__ = [
    "auto_attempts", "construct_cost", "luby", "run_clues", "run_construct",
    "run_construct_between", "run_search", "run_search_between", "search_cost",
]

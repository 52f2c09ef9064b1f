"""The searches of a board with clues: a solution (:func:`solve_clues`), a
count up to a limit (:func:`count_clues`), and the look for a second
solution within a budget of search nodes that :func:`knight.puzzle.make`
checks its clues with (:func:`solutions_within`).  They run the package's
Cython searches: those of :func:`knight.solve`, :func:`knight.count` and
:func:`knight.tours` with ``clues=``.  :func:`solve_clues` and
:func:`count_clues` call those entry points, so their jobs are checked and
chosen by the planner (the ``clue-search`` engine) with the entry points'
own messages and limits; :func:`solutions_within` drives the clue search
itself, as it needs a budget of nodes that ``count`` does not take.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .. import clues as _clues
from .. import existence as _existence
from .._core import table_count as _table_count
from ..board import Board
from ..counting import count as _count_tours
from ..errors import NoTourError, SearchLimitError
from ..geometry import Square
from ..limits import check_max_nodes, check_timeout
from ..solver import solve as _solve_tour
from ..tour import Tour


def solve_clues(board: Board, clues: dict[Square, int], closed: bool, timeout: Any,
                max_nodes: Any) -> Tour:
    """A tour of ``board`` that keeps the clues (see :func:`knight.puzzle.solve`)."""
    if not clues:
        return _solve_free(board, closed, timeout, max_nodes)
    return _solve_tour(board, clues=clues, closed=closed, timeout=timeout,
                       max_nodes=max_nodes)


def _solve_free(board: Board, closed: bool, timeout: Any, max_nodes: Any) -> Tour:
    """A puzzle with no clues (Hopido): a tour from any square, trying the
    squares in reading order under one shared budget (a closed tour passes
    every square: one start does)."""
    seconds = check_timeout(timeout)
    budget = check_max_nodes(max_nodes)
    began = time.perf_counter()
    nodes = 0
    kind = "closed" if closed else "open"
    squares = board.squares.tolist()
    last: NoTourError | None = None
    for r, c in squares[:1] if closed else squares:
        spent = time.perf_counter() - began
        left = None if seconds is None else seconds - spent
        if (left is not None and left <= 0) or (budget is not None and nodes >= budget):
            raise SearchLimitError(
                f"the search stopped at its limit after {nodes:,} nodes and {spent:.3f} s "
                f"without finding {'a closed' if closed else 'an open'} tour of the "
                f"{board.describe()}", nodes, spent)
        try:
            return _solve_tour(board, start=(r, c), closed=closed, timeout=left,
                               max_nodes=None if budget is None else budget - nodes)
        except NoTourError as exc:
            nodes += exc.nodes
            last = exc
    reason = "" if last is None else f": from {tuple(squares[-1])}, {last.reason}"
    raise NoTourError(f"no {kind} tour of the {board.describe()} from any square{reason}",
                      nodes)


def count_clues(board: Board, clues: dict[Square, int], closed: bool, limit: int,
                timeout: Any) -> int:
    """How many tours of ``board`` keep the clues, up to ``limit`` (see
    :func:`knight.puzzle.count`)."""
    extra: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
    if closed and not clues:
        # A puzzle's solutions are numbered tours: with clues, a closed tour
        # counts once per start and direction that meets them; with none,
        # every start and both directions are solutions (the count of
        # directed closed tours over every start), not the undirected cycles.
        extra["directed"] = True
    return _count_tours(board, clues=clues, closed=closed, limit=limit, **extra)


def solutions_within(board: Board, clues: dict[Square, int], closed: bool,
                     tour: Tour | None, max_nodes: int) -> list[np.ndarray] | None:
    """Up to two solutions of the clues (as steps per square number), by the
    clue search of :func:`knight.count` and :func:`knight.tours` run under a
    budget of ``max_nodes`` nodes; None when the budget runs out first.
    With ``tour``, a solution equal to it does not count towards the two.

    :func:`knight.count` takes no node limit, only a ``timeout``, which would
    make the puzzle of a seed depend on the machine's speed; so this drives
    the same searches (:mod:`knight.clues`) with one.
    """
    given = _clues.check_clues(board, clues)
    if given is None:
        # No clues at all (a board of one square, or one path, whose tours
        # one clue or none tells apart): every tour starts somewhere, so its
        # tours are those of the clue "step 0 here" on each square in turn.
        cases = [_clues.Clues(board, {0: p}) for p in range(board.size)]
    else:
        cases = [given]
    skip = None if tour is None else tour.board[board.mask]
    out: list[np.ndarray] = []
    nodes = 0
    rows = np.empty((2, board.size), dtype=np.int32)
    for case in cases:
        if _existence.clue_reason(board, case.at, closed) is not None:
            continue
        for job in _clues.plan(case, closed):
            search = _clues.search(board, job)
            while True:
                status, got = search.collect(rows, 0.0, None, max(1, max_nodes - nodes))
                for k in range(got):
                    steps = _clues.steps_of(job, rows[k])
                    if skip is None or not np.array_equal(steps, skip):
                        out.append(steps)
                        if len(out) == 2:
                            return out
                if status == _table_count.DONE:
                    break
                if status == _table_count.NODE_LIMIT or search.nodes + nodes >= max_nodes:
                    return None
            nodes += search.nodes
    return out

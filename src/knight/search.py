"""The search drivers: run the search cores on arrays they allocate.

:class:`Engine` is the interface the runners of :func:`knight.solve`'s
engines (:mod:`knight.engines.solving`) drive: :data:`CYTHON_ENGINE` runs
the knight's compiled cores of :mod:`knight._core.search`,
:class:`GraphEngine` the table cores on any :class:`~knight.Board`, and the
pure-Python twins in :mod:`knight._core.search_py` and
:mod:`knight._core.table_search_py` implement the same interface (the tests
cross-check them, and tracing runs the twins).  This module also names
solve's methods and tie-breaks, the status codes as plain ints and the
memory each search needs.  Results are raw boards, status codes and
counters: building the :class:`knight.Tour` is the runner's job.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ._core import search as _search
from ._core import table_search as _table_search
from ._core.table_engine import TableEngine, TableResult
from .board import Board
from .geometry import Move, Square, order_array
from .status import Status

METHODS = ("auto", "backtrack", "warnsdorff", "warnsdorff-backtrack", "construct")
TIE_BREAKS = {"first": 0, "random": 1, "roth": 2, "pohl": 3}


def rule_name(tie_break: str) -> str:
    """The name of Warnsdorff's rule with ``tie_break``, as :attr:`knight.Tour.method`
    and the sweep's records give it: ``"warnsdorff"`` for the first tie-break
    (ties in move order), ``"warnsdorff/roth"``, ``"warnsdorff/random"`` or
    ``"warnsdorff/pohl"`` for the others, so that a tour says which rule ran.

    >>> rule_name("first"), rule_name("roth")
    ('warnsdorff', 'warnsdorff/roth')
    """
    return "warnsdorff" if tie_break == "first" else f"warnsdorff/{tie_break}"

FOUND, EXHAUSTED, NODE_LIMIT, TIME_LIMIT, DEAD_END, NOT_CLOSED, CANCELLED = (
    int(Status.FOUND), int(Status.EXHAUSTED), int(Status.NODE_LIMIT), int(Status.TIME_LIMIT),
    int(Status.DEAD_END), int(Status.NOT_CLOSED), int(Status.CANCELLED))


class Engine(Protocol):
    """Runs the searches of :func:`knight.solve` and returns raw results.

    Each method returns ``(status, board, nodes, backtracks)``: a status code
    above, the board (the tour when FOUND, the partial walk of a greedy dead
    end), knight placements and retreats.  ``cancel`` is None or the
    ``uint8`` flag array of a cancel token (see :func:`knight.limits.cancel_flag`).
    """

    name: str

    def backtrack(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]: ...

    def warnsdorff(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]: ...


class _CythonEngine:
    """Runs the Cython cores; they allocate (and free) their own work memory."""

    name = "cython"

    @staticmethod
    def backtrack(
        rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        board = np.empty((rows, cols), dtype=np.int32)
        status, nodes, backtracks = _search.backtrack(
            board, order_array(order), start[0], start[1], ordered, closed, max_nodes or 0,
            deadline, cancel,
        )
        return status, board, nodes, backtracks

    @staticmethod
    def backtrack_starts(
        rows: int, cols: int, starts: np.ndarray, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, timeout: float | None,
        cancel: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """``(boards, results, seconds, done)`` of a search from each of ``starts``
        (``done`` < ``len(starts)`` when ``cancel`` stopped the run)."""
        k = len(starts)
        boards = np.empty((k, rows, cols), dtype=np.int32)
        results = np.zeros((k, 3), dtype=np.int64)
        seconds = np.zeros(k, dtype=np.float64)
        done = _search.backtrack_starts(
            boards, order_array(order),
            np.ascontiguousarray(starts, dtype=np.int32).reshape(k, 2), ordered, closed,
            max_nodes or 0, timeout or 0.0, results, seconds, cancel,
        )
        return boards, results, seconds, done

    @staticmethod
    def warnsdorff(
        rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        board = np.empty((rows, cols), dtype=np.int32)
        status, squares = _search.warnsdorff(
            board, order_array(order), start[0], start[1], tie_break, seed, closed, deadline,
            cancel,
        )
        return status, board, squares, 0


CYTHON_ENGINE = _CythonEngine()


class GraphEngine(TableEngine):
    """Runs the general cores (:mod:`knight._core.table_search`) on one :class:`Board`.

    The same interface as the knight's engine, so :func:`knight.solve`
    drives both alike: squares are ``(row, col)``, ``order`` a permutation
    of the board's moves, and the boards returned hold -1 on holes (the
    translation is :class:`~knight._core.table_engine.TableEngine`'s, shared
    with the twins' engine).  The cores write the steps into an array
    allocated here.
    """

    name = "graph"

    def _backtrack(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, ordered: bool, closed: bool,
        max_nodes: int | None, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        steps = np.empty(self.board.size, dtype=np.int32)
        status, nodes, backtracks = _table_search.backtrack(
            steps, nbr, deg, start, ordered, closed, max_nodes or 0, deadline, cancel)
        return status, steps, nodes, backtracks

    def _warnsdorff(
        self, nbr: np.ndarray, deg: np.ndarray, far: np.ndarray, start: int, tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        steps = np.empty(self.board.size, dtype=np.int32)
        status, reached = _table_search.warnsdorff(
            steps, nbr, deg, far, start, tie_break, seed, closed, deadline, cancel)
        return status, steps, reached, 0

    def _between(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, end: int, max_nodes: int | None,
        deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        steps = np.empty(self.board.size, dtype=np.int32)
        status, nodes, backtracks = _table_search.between(
            steps, nbr, deg, start, end, max_nodes or 0, deadline, cancel)
        return status, steps, nodes, backtracks


def graph_memory_estimate(board: Board, method: str) -> int:
    """Bytes a search of a general board allocates (an upper bound)."""
    n = board.size
    base = board.table_bytes() + 4 * board.rows * board.cols + 4 * (3 * n + 1)
    return base + n * (len(board.moves) + 2)


def memory_estimate(rows: int, cols: int, method: str) -> int:
    """Bytes :func:`solve` allocates for a board (an upper bound)."""
    n = rows * cols
    padded = (rows + 4) * (cols + 4)
    base = 4 * n + 4 * padded + 4 * n  # board, then the work array: padded cells and path
    if method in ("backtrack",):
        return base + n
    return base + n * _search.MOVE_STRIDE




__all__ = [
    "CYTHON_ENGINE", "Engine", "GraphEngine", "METHODS", "TIE_BREAKS",
    "graph_memory_estimate", "memory_estimate", "rule_name",
]

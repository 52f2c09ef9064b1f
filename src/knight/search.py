"""The search engine: runs the search cores on arrays it allocates.

:class:`Engine` is what :func:`knight.solve` drives; :data:`CYTHON_ENGINE`
runs the compiled cores of :mod:`knight._core.search`, and the pure-Python
twins in :mod:`knight._core.twins` implement the same interface (the tests
cross-check the two, and tracing runs the twins).  Results are raw boards,
status codes and counters: building the :class:`knight.Tour` is the
façade's job (:mod:`knight.solver`).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ._core import search as _search
from .geometry import Move, Square, order_array

METHODS = ("auto", "backtrack", "warnsdorff", "warnsdorff-backtrack", "construct")
TIE_BREAKS = {"first": 0, "random": 1, "roth": 2, "pohl": 3}

FOUND, EXHAUSTED, NODE_LIMIT, TIME_LIMIT, DEAD_END, NOT_CLOSED = range(6)

class Engine(Protocol):
    """Runs the searches of :func:`knight.solve` and returns raw results.

    Each method returns ``(status, board, nodes, backtracks)``: a status code
    above, the board (the tour when FOUND, the partial walk of a greedy dead
    end), knight placements and retreats.
    """

    name: str

    def backtrack(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float,
    ) -> tuple[int, np.ndarray, int, int]: ...

    def warnsdorff(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float,
    ) -> tuple[int, np.ndarray, int, int]: ...


def _backtrack_work(rows: int, cols: int, ordered: bool) -> tuple[np.ndarray, np.ndarray]:
    """The work arrays of the backtracking core: padded board and path, and
    a resume index (plain) or a sorted candidate record (ordered) per depth."""
    work = np.empty(_search.work_size(rows, cols), dtype=np.int32)
    moves = np.empty(rows * cols * (_search.MOVE_STRIDE if ordered else 1), dtype=np.int8)
    return work, moves


class _CythonEngine:
    """Allocates the work arrays and runs the Cython cores."""

    name = "cython"

    @staticmethod
    def backtrack(
        rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float,
    ) -> tuple[int, np.ndarray, int, int]:
        board = np.empty((rows, cols), dtype=np.int32)
        work, moves = _backtrack_work(rows, cols, ordered)
        status, nodes, backtracks = _search.backtrack(
            board, work, moves, order_array(order), start[0], start[1], ordered, closed,
            max_nodes or 0, deadline,
        )
        if status != FOUND:
            board.fill(-1)
        return status, board, nodes, backtracks

    @staticmethod
    def backtrack_starts(
        rows: int, cols: int, starts: np.ndarray, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, timeout: float | None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(boards, results, seconds)`` of a search from each of ``starts``."""
        k = len(starts)
        boards = np.empty((k, rows, cols), dtype=np.int32)
        work, moves = _backtrack_work(rows, cols, ordered)
        results = np.zeros((k, 3), dtype=np.int64)
        seconds = np.zeros(k, dtype=np.float64)
        _search.backtrack_starts(
            boards, work, moves, order_array(order),
            np.ascontiguousarray(starts, dtype=np.int32).reshape(k, 2), ordered, closed,
            max_nodes or 0, timeout or 0.0, results, seconds,
        )
        return boards, results, seconds

    @staticmethod
    def warnsdorff(
        rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float,
    ) -> tuple[int, np.ndarray, int, int]:
        board = np.empty((rows, cols), dtype=np.int32)
        work = np.empty(_search.work_size(rows, cols), dtype=np.int32)
        status, squares, _ = _search.warnsdorff(
            board, work, order_array(order), start[0], start[1], tie_break, seed, closed,
            deadline,
        )
        return status, board, squares, 0


CYTHON_ENGINE = _CythonEngine()


def memory_estimate(rows: int, cols: int, method: str) -> int:
    """Bytes :func:`solve` allocates for a board (an upper bound)."""
    n = rows * cols
    padded = (rows + 4) * (cols + 4)
    base = 4 * n + 4 * padded + 4 * n  # board, then the work array: padded cells and path
    if method in ("backtrack",):
        return base + n
    return base + n * _search.MOVE_STRIDE




__all__ = ["CYTHON_ENGINE", "Engine", "METHODS", "TIE_BREAKS", "memory_estimate"]

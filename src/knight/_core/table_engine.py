"""What the engines over a neighbour table share, compiled or twin.

:class:`knight.search.GraphEngine` runs the cores of ``table_search.pyx``
and :class:`knight._core.table_search_py.GraphPythonEngine` their
pure-Python twins, on one :class:`~knight.Board`, with the engine interface
of :mod:`knight.search` (squares ``(row, col)``, ``order`` a permutation of
the board's moves, boards returned with -1 on holes).  The translation
between that interface and the table is the same for both and lives here:
the table of the order, a square's number in it, the steps spread back
over the board.  A subclass only runs its searches on the table
(:meth:`TableEngine._backtrack`, :meth:`TableEngine._warnsdorff`,
:meth:`TableEngine._between`).

It sits here, not in :mod:`knight.search`, because the twins below that
layer adapt to it too; it is no twin itself, and a first ``knight.solve``
loads it with :mod:`knight.search`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ..board import Board
    from ..geometry import Move, Square

#: ``(status, steps, nodes, backtracks)``: ``steps`` holds one entry per
#: square of the table (its step in the tour, -1 off it).
TableResult = tuple[int, np.ndarray, int, int]


class TableEngine:
    """An engine of :mod:`knight.search` over the neighbour table of ``board``."""

    name = "table"

    def __init__(self, board: Board) -> None:
        self.board = board

    def _table(self, order: tuple[Move, ...]) -> tuple[np.ndarray, np.ndarray]:
        return self.board.neighbours(order), self.board.degrees(order)

    def backtrack(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], ordered: bool,
        closed: bool, max_nodes: int | None, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        nbr, deg = self._table(order)
        status, steps, nodes, backtracks = self._backtrack(
            nbr, deg, int(self.board.index[start]), ordered, closed, max_nodes, deadline, cancel)
        return status, self.board.spread(steps), nodes, backtracks

    def warnsdorff(
        self, rows: int, cols: int, start: Square, order: tuple[Move, ...], tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        nbr, deg = self._table(order)
        status, steps, reached, _ = self._warnsdorff(
            nbr, deg, self.board.roth_keys(), int(self.board.index[start]), tie_break, seed,
            closed, deadline, cancel)
        return status, self.board.spread(steps), reached, 0

    def between(
        self, start: Square, end: Square, order: tuple[Move, ...], max_nodes: int | None,
        deadline: float, cancel: np.ndarray | None = None,
    ) -> tuple[int, np.ndarray, int, int]:
        """The end-pruned ordered search from ``start`` to ``end`` (``table_search.between``)."""
        nbr, deg = self._table(order)
        index = self.board.index
        status, steps, nodes, backtracks = self._between(
            nbr, deg, int(index[start]), int(index[end]), max_nodes, deadline, cancel)
        return status, self.board.spread(steps), nodes, backtracks

    # The searches on the table, squares as its numbers; each subclass runs
    # its own (``max_nodes`` None or <= 0: no limit).

    def _backtrack(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, ordered: bool, closed: bool,
        max_nodes: int | None, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        raise NotImplementedError

    def _warnsdorff(
        self, nbr: np.ndarray, deg: np.ndarray, far: np.ndarray, start: int, tie_break: int,
        seed: int, closed: bool, deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        raise NotImplementedError

    def _between(
        self, nbr: np.ndarray, deg: np.ndarray, start: int, end: int, max_nodes: int | None,
        deadline: float, cancel: np.ndarray | None,
    ) -> TableResult:
        raise NotImplementedError

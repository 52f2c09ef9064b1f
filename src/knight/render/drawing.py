"""What a picture shows: a tour, or a partial tour checked and read for drawing.

Every format draws a :class:`_Drawing` (the step board, the path built only
when it is drawn, which ``-1`` squares are holes and which unreached, the
piece's board and a label), so a tour and a partial tour go through the same
drawing code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board
from ..errors import DeadEndError, _path_of
from ..geometry import article
from .sizing import _row_tiles

if TYPE_CHECKING:
    from ..tour import Tour


@dataclass(eq=False)
class _Drawing:
    """What a picture shows: a step board (``-1`` off the path) and, built
    only when the path is drawn, the path."""

    board: np.ndarray
    closed: bool
    path_of: Callable[[], np.ndarray]
    # A tour: every -1 is a hole.  A partial tour: -1 is unreached, except
    # where hole_mask says hole.
    holes_all: bool
    hole_mask: np.ndarray | None
    label: str
    # The moves and wrap-around the path follows (None: the knight on a flat
    # board): which moves are drawn as lines, which as seam stubs.
    geometry: Board | None = None
    rows: int = field(init=False)
    cols: int = field(init=False)

    def __post_init__(self) -> None:
        self.rows, self.cols = (int(n) for n in self.board.shape)

    def path(self) -> np.ndarray:
        return self.path_of()

    def unreached(self, rs: slice, cs: slice) -> np.ndarray | None:
        """The squares of ``board[rs, cs]`` a partial tour never reached (None: a tour)."""
        if self.holes_all:
            return None
        off: np.ndarray = self.board[rs, cs] < 0
        if self.hole_mask is not None:
            off &= ~self.hole_mask[rs, cs]
        return off

    def holes(self, rs: slice, cs: slice) -> np.ndarray | None:
        """The holes among ``board[rs, cs]`` (None: there are none)."""
        if self.holes_all:
            hole: np.ndarray = self.board[rs, cs] < 0
            return hole
        if self.hole_mask is not None:
            return self.hole_mask[rs, cs]
        return None


def _of_tour(tour: Tour) -> _Drawing:
    kind = "closed" if tour.closed else "open"
    geometry = tour.layout
    if geometry.is_standard:
        label = f"{kind} knight's tour of {article(f'{tour.rows}x{tour.cols}')} board"
    else:
        label = f"{kind} tour of the {geometry.describe()}"
    return _Drawing(
        tour.board, closed=tour.closed, path_of=lambda: tour.path, holes_all=True, hole_mask=None,
        label=label, geometry=geometry,
    )


def _of_partial(board_or_error: Any, holes: Any, geometry: Any = None) -> _Drawing:
    if isinstance(board_or_error, DeadEndError):
        error = board_or_error
        board = np.asarray(error.board)
        steps = error.steps
        _check_partial(board, "the error's board")

        def path() -> np.ndarray:
            return error.path
    else:
        board = np.asarray(board_or_error)
        steps = _check_partial(board, "board")

        def path() -> np.ndarray:
            on = board[board >= 0]
            if np.unique(on).size != steps:
                raise ValueError("board: a step number appears on more than one square")
            return _path_of(board, steps)
    if geometry is not None:
        if not isinstance(geometry, Board):
            raise TypeError(f"board must be a knight.Board, not {type(geometry).__name__}")
        if geometry.shape != board.shape:
            raise ValueError(
                f"board is {geometry.rows}x{geometry.cols}, but the partial tour is "
                f"{board.shape[0]}x{board.shape[1]}")
        if holes is None and not geometry.is_full:
            holes = ~geometry.mask
    mask = None
    if holes is not None:
        mask = np.asarray(holes)
        if mask.dtype != np.bool_ or mask.shape != board.shape:
            raise ValueError(
                f"holes must be a boolean array of the board's shape {board.shape}, "
                f"got {mask.dtype} {mask.shape}"
            )
        if (board[mask] >= 0).any():
            raise ValueError("holes marks a square that is on the path")
    rows, cols = board.shape
    total = rows * cols if mask is None else rows * cols - int(np.count_nonzero(mask))
    what = (f"knight's tour of {article(f'{rows}x{cols}')} board" if geometry is None
            or geometry.is_standard else f"tour of the {geometry.describe()}")
    return _Drawing(
        board, closed=False, path_of=path, holes_all=False, hole_mask=mask,
        label=f"partial {what}: {steps} of {total} squares", geometry=geometry,
    )


def _check_partial(board: np.ndarray, what: str) -> int:
    """The number of steps of a partial board (0..steps-1 on the path, -1
    elsewhere), or ValueError; read a tile at a time."""
    if board.ndim != 2 or 0 in board.shape or not np.issubdtype(board.dtype, np.integer):
        raise ValueError(
            f"{what} must be a 2-D integer array of step numbers, got "
            f"{board.dtype} {board.shape}"
        )
    steps, low, high = 0, 0, -1
    for _, tile in _row_tiles(board):
        steps += int(np.count_nonzero(tile >= 0))
        low, high = min(low, int(tile.min())), max(high, int(tile.max()))
    if low < -1 or steps == 0 or high != steps - 1:
        raise ValueError(
            f"{what} must hold the steps 0..n-1 of a partial tour and -1 elsewhere; "
            f"it holds {steps} steps from {low} to {high}"
        )
    return steps

"""The path on the page: the runs of lines, the stubs across a seam, the closing move.

Which moves of a path are drawn as lines and which (across the seam of a
cylinder or torus) as two stubs at the board's edges is decided here, once
for the SVG, the rasters and the puzzle sheets.  Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..board import Board, standard
from ..geometry import Square


def _on_page(path: np.ndarray, board: Board | None) -> np.ndarray:
    """bool (len(path) - 1,): whether each move is one of the piece's moves
    as drawn on the page, rather than a move across a seam (or no move)."""
    moves = (standard(1, 1) if board is None else board).moves
    d = np.diff(path.astype(np.int64), axis=0)
    code = d[:, 0] * (1 << 32) + d[:, 1]
    legal = np.array([dr * (1 << 32) + dc for dr, dc in moves], dtype=np.int64)
    found: np.ndarray = np.isin(code, legal)
    return found


def path_runs(path: np.ndarray, board: Board | None = None) -> list[np.ndarray]:
    """The path cut into runs of squares one move apart on the page.

    Every line of a picture's path goes through here.  ``board`` (a
    :class:`knight.Board`, the tour's :attr:`~knight.Tour.layout`) gives the
    piece's moves; ``None`` is the knight.  A tour of a flat board is one
    run, whatever the piece; a move across the seam of a cylinder or torus
    (not one of the piece's moves on the page) starts a new run, so no line
    crosses the board: the pictures draw such a move as two stubs at the
    edges instead.

    >>> import numpy as np
    >>> from knight import Board
    >>> from knight.render import path_runs
    >>> [r.tolist() for r in path_runs(np.array([[0, 0], [1, 2], [1, 7], [3, 6]]))]
    [[[0, 0], [1, 2]], [[1, 7], [3, 6]]]
    >>> king = np.array([[0, 0], [0, 1], [1, 1], [1, 0]])
    >>> len(path_runs(king)), len(path_runs(king, Board(2, moves="king")))
    (4, 1)
    """
    if len(path) < 2:
        return [path]
    cuts = np.flatnonzero(~_on_page(path, board)) + 1
    return np.split(path, cuts)


def _seam_move(a: Square, b: Square, board: Board) -> tuple[int, int] | None:
    """The move that takes ``a`` to ``b`` across a seam (the shortest, when
    a small torus offers several), or None when none does."""
    best: tuple[int, int] | None = None
    for (dr, dc), sq in board._landings(a):
        if sq == (b[0], b[1]) and (best is None or dr * dr + dc * dc
                                   < best[0] ** 2 + best[1] ** 2):
            best = (dr, dc)
    return best


def _clip(x: float, y: float, vx: float, vy: float, width: float,
          height: float) -> tuple[float, float]:
    """Where the segment from (x, y), inside the board, along (vx, vy) leaves it."""
    t = 1.0
    for p, v, top in ((x, vx, width), (y, vy, height)):
        if v > 0:
            t = min(t, (top - p) / v)
        elif v < 0:
            t = min(t, -p / v)
    return (x + t * vx, y + t * vy)


Segment = tuple[tuple[float, float], tuple[float, float]]


def _seam_stubs(path: np.ndarray, board: Board | None, closed: bool,
               cell: float) -> list[Segment]:
    """The moves across a seam of a cylinder or torus, as page segments.

    Each such move from ``a`` to ``b`` (the closing move too, when
    ``closed``) is two stubs: from the centre of ``a`` along the move to the
    edge of the board, and from the opposite edge along the move into the
    centre of ``b``.  Points are ``(x, y)`` in pixels of squares ``cell``
    wide, from the board's top-left corner.

    >>> import numpy as np
    >>> from knight import Board
    >>> from knight.render.path import _seam_stubs
    >>> _seam_stubs(np.array([[0, 3], [1, 0]]), Board(4, moves="king", wrap="cylinder"),
    ...            False, 10)
    [((35.0, 5.0), (40.0, 10.0)), ((0.0, 10.0), (5.0, 15.0))]
    """
    if board is None or board.wrap is None or len(path) < 2:
        return []
    ends = path
    if closed:
        ends = np.concatenate([path, path[:1]])
    width, height = board.cols * cell, board.rows * cell
    out: list[Segment] = []
    for i in np.flatnonzero(~_on_page(ends, board)).tolist():
        a = tuple(int(v) for v in ends[i])
        b = tuple(int(v) for v in ends[i + 1])
        move = _seam_move((a[0], a[1]), (b[0], b[1]), board)
        if move is None:
            continue
        vx, vy = move[1] * cell, move[0] * cell
        ax, ay = (a[1] + 0.5) * cell, (a[0] + 0.5) * cell
        bx, by = (b[1] + 0.5) * cell, (b[0] + 0.5) * cell
        out.append(((ax, ay), _clip(ax, ay, vx, vy, width, height)))
        out.append((_clip(bx, by, -vx, -vy, width, height), (bx, by)))
    return out


def _closing(path: np.ndarray, board: Board | None = None) -> tuple[Square, Square] | None:
    """The closing move (end, start) when it is one of the piece's moves on the page."""
    ends = np.stack([path[-1], path[0]])
    if not _on_page(ends, board)[0]:
        return None
    (r1, c1), (r0, c0) = ends.tolist()
    return ((r1, c1), (r0, c0))


def _steps_on_path(board: np.ndarray) -> Iterator[tuple[int, int, int]]:
    """(row, col, step) of each square on the path (small boards only)."""
    on = board >= 0
    for (r, c), v in zip(np.argwhere(on).tolist(), board[on].tolist()):
        yield r, c, v

"""Printable puzzle sheets: a puzzle's clues, or its solution, as SVG or PNG.

Ink on white paper, laid out by :func:`sheet_layout`; the solution's path
follows the board's moves and seams as a tour's picture does.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ..board import Board
from ..geometry import Square
from .palette import LINE, _rgb_tuple
from .path import Segment, _closing, _seam_stubs, path_runs
from .pillow import _centre, _line, _stubs, require_pillow
from .pixels import _stripes
from .sizing import DEFAULT_SIZE, MAX_CELL, check_size
from .svg import _fmt, _svg_hatch, _svg_open, _svg_squares, _svg_stubs

if TYPE_CHECKING:
    from ..tour import Tour


#: Puzzle sheets are ink on white paper, for printing: black clues, a grey
#: grid, hatched holes; a solution's filled-in numbers in blue, its path in
#: a light blue under them.
SHEET_PAPER = "#ffffff"
SHEET_INK = "#111111"
SHEET_GRID = "#555555"
SHEET_FILLED = LINE
SHEET_PATH = "#a9bbe8"
#: Holes on a sheet: light grey, hatched lighter (little ink on paper).
SHEET_HOLE = "#c8c8c8"
SHEET_HATCH = "#e4e4e4"
#: A sheet's numbers are at least this many pixels high (a larger board
#: needs a larger ``size``).
MIN_SHEET_FONT = 6


class SheetLayout(NamedTuple):
    """Where a puzzle sheet puts things: see :func:`sheet_layout`."""

    cell: float
    """Pixels per square."""
    margin: float
    """Pixels of paper around the grid."""
    font: float
    """The numbers' font size, in pixels."""
    width: int
    height: int


def sheet_layout(rows: int, cols: int, squares: int, size: int = DEFAULT_SIZE) -> SheetLayout:
    """How a puzzle sheet of a ``rows`` x ``cols`` board numbering
    ``squares`` squares is laid out at ``size`` pixels (the longer side,
    margins included; squares at most :data:`MAX_CELL` px).

    >>> from knight.render import sheet_layout
    >>> sheet_layout(8, 8, 64)
    SheetLayout(cell=64, margin=6.4, font=28.8, width=525, height=525)
    """
    size = check_size(size)
    cell = min(float(MAX_CELL), size / (max(rows, cols) + 0.2))
    digits = len(str(max(squares, 1)))
    font = cell * min(0.5, 0.9 / digits)
    if font < MIN_SHEET_FONT:
        need = int(np.ceil(MIN_SHEET_FONT / min(0.5, 0.9 / digits) * (max(rows, cols) + 0.2)))
        raise ValueError(
            f"a puzzle sheet of a {rows}x{cols} board needs size >= {need} px for numbers of "
            f"at least {MIN_SHEET_FONT} px, got size={size}")
    margin = cell * 0.1
    cell_out: float = int(cell) if cell == int(cell) else cell
    return SheetLayout(cell_out, round(margin, 2), round(font, 2),
                       round(cell * cols + 2 * margin), round(cell * rows + 2 * margin))


def _sheet_numbers(board: Board, clues: dict[Square, int],
                   solution: Tour | None) -> list[tuple[int, int, int, bool]]:
    """(row, col, number from 1, is a clue) of each number a sheet shows."""
    out = [(r, c, step + 1, True) for (r, c), step in clues.items()]
    if solution is not None:
        steps = solution.board
        for r, c in board.squares.tolist():
            if (r, c) not in clues:
                out.append((r, c, int(steps[r, c]) + 1, False))
    return out


def _sheet_stubs(tour_path: np.ndarray, board: Board, closed: bool,
                 cell: float) -> list[Segment]:
    """The dashed segments of a solution's path: its moves across a seam and,
    when it is one of the piece's moves on the page, a closed tour's closing
    move (a sheet dashes it as it dashes the stubs)."""
    stubs = _seam_stubs(tour_path, board, closed, cell)
    closing = _closing(tour_path, board) if closed else None
    if closing is not None:
        (r1, c1), (r0, c0) = closing
        stubs.append((((c1 + 0.5) * cell, (r1 + 0.5) * cell),
                      ((c0 + 0.5) * cell, (r0 + 0.5) * cell)))
    return stubs


def _check_sheet(board: Any, clues: Any, solution: Any, path: Any) -> None:
    if not isinstance(board, Board):
        raise TypeError(f"board must be a knight.Board, not {type(board).__name__}")
    if not isinstance(clues, dict):
        raise TypeError(f"clues must be a dict of squares to steps, not {type(clues).__name__}")
    if solution is not None:
        # Duck-typed: the renderer does not import the Tour it draws (see the layers).
        if not isinstance(getattr(solution, "board", None), np.ndarray) or \
                not hasattr(solution, "path"):
            raise TypeError(f"solution must be a knight.Tour, not {type(solution).__name__}")
        if solution.shape != board.shape:
            raise ValueError(f"solution is a {solution.rows}x{solution.cols} tour, but the board "
                             f"is {board.rows}x{board.cols}")
    if not isinstance(path, (bool, np.bool_)):
        raise ValueError(f"path must be True or False, got {path!r}")
    if path and solution is None:
        raise ValueError("path=True draws the solution's path: give the solution")


def puzzle_svg(
    board: Board, clues: dict[Square, int], *, solution: Tour | None = None,
    path: bool = False, size: int = DEFAULT_SIZE, title: str | None = None,
) -> str:
    """A printable puzzle sheet as an SVG document (a string).

    The puzzle sheet (no ``solution``): a white grid of the board's usable
    squares, holes hatched grey, and each clue (``clues``: square -> step
    from 0) written **from 1** in bold in its square; the other squares are
    blank, to be filled in.  The solution sheet (``solution``, a
    :class:`knight.Tour` of the board): every square numbered, the clues in
    black and the filled-in numbers in blue; ``path=True`` also draws the
    path through the squares in order, under the numbers (across the seam
    of a cylinder or torus as two dashed stubs, as a tour's picture does).
    ``size`` bounds the longer side in pixels (squares at most 64 px).

    :meth:`knight.puzzle.Puzzle.to_svg` draws a puzzle with it.

    >>> import knight
    >>> from knight.render import puzzle_svg
    >>> board = knight.Board(3, 4)
    >>> svg = puzzle_svg(board, {(0, 0): 0, (2, 3): 11})
    >>> svg.count("<text"), ">12</text>" in svg
    (2, True)
    >>> tour = knight.solve(board)
    >>> puzzle_svg(board, {}, solution=tour, path=True).count("<text")
    12
    """
    _check_sheet(board, clues, solution, path)
    lay = sheet_layout(board.rows, board.cols, board.size, size)
    cell, m = lay.cell, lay.margin
    kind = "solution of a" if solution is not None else "a"
    label = title if title is not None else (
        f"{kind} puzzle on the {board.describe()}, {len(clues)} "
        f"clue{'s' if len(clues) != 1 else ''}")
    out = [
        *_svg_open(lay.width, lay.height, label),
        "<defs>",
        *_svg_hatch(cell, SHEET_HOLE, SHEET_HATCH),
        "</defs>",
        f'<rect class="paper" width="{lay.width}" height="{lay.height}" fill="{SHEET_PAPER}"/>',
    ]
    holes = ~board.mask
    if holes.any():
        out.append(f'<path class="holes" fill="url(#hole)" d="{_svg_squares(holes, cell, m)}"/>')
    stroke = max(0.5, cell * 0.12)
    if path and solution is not None:
        tour_path = solution.path
        for run in path_runs(tour_path, board):
            points = " ".join(f"{_fmt(m + (c + 0.5) * cell)},{_fmt(m + (r + 0.5) * cell)}"
                              for r, c in run.tolist())
            out.append(
                f'<polyline class="path" points="{points}" fill="none" stroke="{SHEET_PATH}" '
                f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" '
                'stroke-linecap="round"/>')
        out.extend(_svg_stubs(_sheet_stubs(tour_path, board, solution.closed, cell), SHEET_PATH,
                              stroke, m))
    line = max(0.5, cell * 0.03)
    out.append(f'<path class="grid" fill="none" stroke="{SHEET_GRID}" '
               f'stroke-width="{_fmt(line)}" d="{_svg_squares(board.mask, cell, m)}"/>')
    halo = (f' stroke="{SHEET_PAPER}" stroke-width="{_fmt(lay.font * 0.2)}" '
            'stroke-linejoin="round" paint-order="stroke"') if path else ""
    numbers = _sheet_numbers(board, clues, solution)
    for kind_name, colour, weight, is_clue in (("clues", SHEET_INK, "bold", True),
                                              ("filled", SHEET_FILLED, "normal", False)):
        group = [(r, c, n) for r, c, n, clue in numbers if clue == is_clue]
        if not group:
            continue
        out.append(
            f'<g class="{kind_name}" font-family="sans-serif" font-size="{_fmt(lay.font)}" '
            f'font-weight="{weight}" fill="{colour}" text-anchor="middle"{halo}>')
        # The baseline a little below the centre: digits stand about 0.72
        # em tall (no dominant-baseline, which renderers treat differently).
        for r, c, n in group:
            out.append(f'<text x="{_fmt(m + (c + 0.5) * cell)}" '
                       f'y="{_fmt(m + (r + 0.5) * cell + 0.36 * lay.font)}">{n}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def puzzle_png(
    board: Board, clues: dict[Square, int], target: str | os.PathLike[str], *,
    solution: Tour | None = None, path: bool = False, size: int = DEFAULT_SIZE,
) -> None:
    """Save a puzzle sheet as a PNG (needs Pillow, the ``plot`` extra): the
    picture :func:`puzzle_svg` draws with the same arguments."""
    _check_sheet(board, clues, solution, path)
    lay = sheet_layout(board.rows, board.cols, board.size, size)
    Image, ImageDraw = require_pillow()
    from PIL import ImageFont

    cell, m = float(lay.cell), lay.margin
    rgb = np.empty((lay.height, lay.width, 3), dtype=np.uint8)
    rgb[...] = _rgb_tuple(SHEET_PAPER)
    holes = ~board.mask
    if holes.any():
        stripes = _stripes(lay.height, lay.width, max(4, round(cell / 3)))
        ys = np.minimum(((np.arange(lay.height) + 0.5 - m) // cell).astype(np.intp),
                        board.rows - 1)
        xs = np.minimum(((np.arange(lay.width) + 0.5 - m) // cell).astype(np.intp),
                        board.cols - 1)
        inside = (ys[:, None] >= 0) & (xs[None, :] >= 0)
        inside &= ((np.arange(lay.height) + 0.5) < m + cell * board.rows)[:, None]
        inside &= ((np.arange(lay.width) + 0.5) < m + cell * board.cols)[None, :]
        hole = inside & holes[np.maximum(ys, 0)[:, None], np.maximum(xs, 0)[None, :]]
        rgb[hole & ~stripes] = _rgb_tuple(SHEET_HOLE)
        rgb[hole & stripes] = _rgb_tuple(SHEET_HATCH)
    image = Image.fromarray(rgb, "RGB")
    draw = ImageDraw.Draw(image)
    stroke = max(1, round(max(0.5, cell * 0.12)))
    if path and solution is not None:
        tour_path = solution.path
        colour = _rgb_tuple(SHEET_PATH)
        _line(draw, tour_path, cell, colour, stroke, board, margin=m)
        _stubs(draw, _sheet_stubs(tour_path, board, solution.closed, cell), cell, colour, stroke,
               m)
    line = max(1, round(cell * 0.03))
    grid = _rgb_tuple(SHEET_GRID)
    for r, c in board.squares.tolist():
        x0, y0 = m + c * cell, m + r * cell
        draw.rectangle([round(x0), round(y0), round(x0 + cell), round(y0 + cell)], outline=grid,
                       width=line)
    font = ImageFont.load_default(size=max(1, round(lay.font)))
    halo = max(1, round(lay.font * 0.1)) if path else 0
    for r, c, n, clue in _sheet_numbers(board, clues, solution):
        colour = _rgb_tuple(SHEET_INK if clue else SHEET_FILLED)
        if halo:
            draw.text(_centre((r, c), cell, m), str(n), font=font, anchor="mm",
                      fill=_rgb_tuple(SHEET_PAPER),
                      stroke_width=halo, stroke_fill=_rgb_tuple(SHEET_PAPER))
        # A clue is bold: its glyphs stroked in their own colour.
        bold = max(1, round(lay.font * 0.04)) if clue else 0
        draw.text(_centre((r, c), cell, m), str(n), font=font, anchor="mm", fill=colour,
                  stroke_width=bold, stroke_fill=colour)
    image.save(target, format="PNG")

"""Printable puzzle sheets: a puzzle's clues, or its solution, as SVG or PNG
(and PDF, :mod:`.pdf`, from the same plan).

Ink on white paper: a title naming the kind of puzzle (:func:`puzzle_kind`),
the rule in a line or two (:func:`puzzle_rule`), then the grid laid out by
:func:`sheet_layout`; :func:`sheet_plan` places the three.  The solution's
path follows the board's moves and seams as a tour's picture does.
"""

from __future__ import annotations

import os
import textwrap
from typing import TYPE_CHECKING, Any, NamedTuple
from xml.sax.saxutils import escape

import numpy as np

from ..board import PIECES, Board
from ..geometry import Square, article
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
            f"a puzzle sheet of {article(f'{rows}x{cols}')} board needs size >= {need} px "
            "for numbers of "
            f"at least {MIN_SHEET_FONT} px, got size={size}")
    margin = cell * 0.1
    cell_out: float = int(cell) if cell == int(cell) else cell
    return SheetLayout(cell_out, round(margin, 2), round(font, 2),
                       round(cell * cols + 2 * margin), round(cell * rows + 2 * margin))


# -- what a sheet says: the kind of puzzle and its rule ---------------------------

#: Puzzle families by the board's piece: the default title of a sheet and of a
#: puzzle's page.  Another named piece makes a "<piece> path puzzle", a
#: custom set of moves a "Path puzzle".
PUZZLE_KINDS = {"knight": "Knight's tour puzzle", "king": "Hidato", "wazir": "Numbrix",
                "hopido": "Hopido"}

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count_words(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def _leaper_words(a: int, b: int) -> str:
    """How an (a, b)-leaper moves, in words: ``"three squares one way and two the other"``."""
    a, b = sorted((abs(a), abs(b)))
    if a == 0:
        return f"{_count_words(b)} square{'s' if b != 1 else ''} along a row or column"
    if a == b:
        return f"{_count_words(a)} square{'s' if a != 1 else ''} diagonally"
    return f"{_count_words(b)} squares one way and {_count_words(a)} the other"


def puzzle_kind(board: Board) -> str:
    """The kind of puzzle a board's piece makes: a sheet's default title.

    >>> import knight
    >>> from knight.render import puzzle_kind
    >>> [puzzle_kind(knight.Board(5, moves=m)) for m in ("knight", "king", "wazir", "hopido")]
    ["Knight's tour puzzle", 'Hidato', 'Numbrix', 'Hopido']
    >>> puzzle_kind(knight.Board(5, moves="zebra"))
    'Zebra path puzzle'
    >>> puzzle_kind(knight.Board(5, moves=[(1, 2), (-1, -2), (2, 1), (-2, -1)]))
    'Path puzzle'

    """
    piece = board.piece
    if piece is None:
        return "Path puzzle"
    return PUZZLE_KINDS.get(piece, f"{piece.capitalize()} path puzzle")


def _move_words(board: Board) -> tuple[str, str]:
    """A move of the board's piece as the rule says it, and how it moves in
    brackets for a less known piece: ``("a zebra's move", " (three ...)")``."""
    piece = board.piece
    if piece is None:
        listed = ", ".join(f"({dr}, {dc})" for dr, dc in board.moves)
        return "one move", f" (a move is one of {listed}: rows, columns)"
    if piece == "hopido":
        return "a hop", " (two squares diagonally, or three along a row or column)"
    article = "an" if piece[0] in "aeiou" else "a"
    gloss = "" if piece in ("knight", "king") else \
        f" ({' or '.join(_leaper_words(a, b) for a, b in PIECES[piece])})"
    return f"{article} {piece}'s move", gloss


def puzzle_rule(board: Board, closed: bool = False) -> str:
    """The rule of a puzzle on ``board``, in a line: what to write and how
    consecutive numbers lie (``closed``: the last number one move from 1
    too), the seams of a cylinder or torus, and that holes are not used.
    Every sheet prints it under its title, and a puzzle's page says it.

    >>> import knight
    >>> from knight.render import puzzle_rule
    >>> puzzle_rule(knight.Board(8, moves="king"))
    "Write 1–64 so that consecutive numbers are a king's move apart."
    >>> print(puzzle_rule(knight.Board(6), closed=True))  # doctest: +NORMALIZE_WHITESPACE
    Write 1–36 so that consecutive numbers are a knight's move apart, and 36 is a knight's move
    from 1.
    >>> print(puzzle_rule(knight.Board(3, moves="wazir", holes=["b2"])))
    ... # doctest: +NORMALIZE_WHITESPACE
    Write 1–8 so that consecutive numbers are a wazir's move apart (one square along a row or
    column). The shaded squares are not used.
    """
    n = board.size
    move, gloss = _move_words(board)
    text = f"Write 1–{n} so that consecutive numbers are {move} apart{gloss}"
    if closed:
        text += f", and {n} is {move} from 1"
    text += "."
    if board.wrap == "cylinder":
        text += " The left and right edges join: a move may cross from one to the other."
    elif board.wrap == "torus":
        text += " Opposite edges join: a move may cross from one to the other."
    if board.size < board.rows * board.cols:
        text += " The shaded squares are not used."
    return text


# -- the plan of a sheet: title, rule, grid ----------------------------------------

#: A sheet is at least this many pixels wide (at ``size`` >= it), so the rule
#: over a small board's grid wraps into a few lines, not one word a line.
HEADER_WIDTH = 360
#: Estimated advance of a character, in ems, for wrapping the title (bold)
#: and the rule: a little wider than Helvetica's average, so a line fits.
_TITLE_EM = 0.58
_RULE_EM = 0.52
#: The colour of the rule line: a dark grey, lighter than the title.
SHEET_RULE = "#333333"


class SheetColours(NamedTuple):
    """A sheet's colours, one value for the formats that draw sheets (the
    SVG and PNG here, the HTML page, the PDF) to take together."""

    paper: str
    ink: str
    grid: str
    filled: str
    path: str
    hole: str
    hatch: str
    rule: str


#: The colours of every sheet (the ``SHEET_*`` constants above).
SHEET = SheetColours(SHEET_PAPER, SHEET_INK, SHEET_GRID, SHEET_FILLED, SHEET_PATH, SHEET_HOLE,
                     SHEET_HATCH, SHEET_RULE)


class SheetPlan(NamedTuple):
    """Where everything on a puzzle sheet goes, in pixels from the top-left:
    see :func:`sheet_plan`.  The SVG, the PNG and the PDF all draw from it."""

    width: float
    """The sheet's width."""
    height: float
    """The sheet's height."""
    title: tuple[str, ...]
    """The title, wrapped into lines."""
    title_font: float
    title_y: tuple[float, ...]
    """The baseline of each title line (centred across the sheet)."""
    rule: tuple[str, ...]
    """The rule (:func:`puzzle_rule`), wrapped into lines."""
    rule_font: float
    rule_y: tuple[float, ...]
    """The baseline of each rule line (centred across the sheet)."""
    grid: SheetLayout
    """The grid's layout (:func:`sheet_layout`): its square and number sizes."""
    x: float
    """The left edge of the board's column 0."""
    y: float
    """The top edge of the board's row 0."""


def _header(width: float, title: str, rule: str) -> tuple[float, tuple[str, ...], float,
                                                          tuple[float, ...], tuple[str, ...],
                                                          float, tuple[float, ...], float]:
    """Fonts, lines and baselines of a header ``width`` px wide, and its height."""
    tf = min(24.0, max(8.0, width / 22))
    rf = max(MIN_SHEET_FONT, tf * 0.62)
    pad = tf * 0.6
    inner = width - 2 * pad
    title_lines = tuple(textwrap.wrap(title, max(12, int(inner / (_TITLE_EM * tf))))) or ("",)
    rule_lines = tuple(textwrap.wrap(rule, max(20, int(inner / (_RULE_EM * rf)))))
    y = pad
    title_y = []
    for _ in title_lines:
        y += tf
        title_y.append(round(y - tf * 0.2, 2))
        y += tf * 0.15
    y += rf * 0.3
    rule_y = []
    for _ in rule_lines:
        y += rf * 1.3
        rule_y.append(round(y - rf * 0.3, 2))
    y += pad * 0.6
    return (round(tf, 2), title_lines, round(rf, 2), tuple(title_y), rule_lines,
            round(rf, 2), tuple(rule_y), y)


def sheet_plan(board: Board, clues: dict[Square, int] | int = 0, *, closed: bool = False,
               size: int = DEFAULT_SIZE, title: str | None = None,
               solution: bool = False) -> SheetPlan:
    """Where a puzzle sheet of ``board`` puts its title, its rule and its grid,
    ``size`` bounding the whole sheet's longer side (squares at most
    :data:`MAX_CELL` px, as :func:`sheet_layout` lays them out).

    The title is ``title``, or the kind of puzzle (:func:`puzzle_kind`;
    ``solution=True``: "... : solution"); the rule is :func:`puzzle_rule`
    (``closed``: the last number one move from 1).  Both are centred and
    wrapped to the sheet's width, at least :data:`HEADER_WIDTH` px (or
    ``size``), the grid centred under them.  :func:`puzzle_svg`,
    :func:`puzzle_png` and the PDF sheets (:func:`knight.render.puzzle_pdf`)
    draw from it.

    >>> import knight
    >>> from knight.render import sheet_plan
    >>> plan = sheet_plan(knight.Board(8, moves="king"))
    >>> plan.title, plan.rule
    (('Hidato',), ("Write 1–64 so that consecutive numbers are a king's move apart.",))
    >>> plan.grid.cell, plan.width, plan.height <= 640
    (64, 525, True)
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a knight.Board, not {type(board).__name__}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")
    size = check_size(size)
    heading = title if title is not None else (
        puzzle_kind(board) + (": solution" if solution else ""))
    rule = puzzle_rule(board, bool(closed))
    rows, cols, longest = board.rows, board.cols, max(board.rows, board.cols)
    grid = sheet_layout(rows, cols, board.size, size)
    head = _header(max(grid.width, min(size, HEADER_WIDTH)), heading, rule)
    for _ in range(3):
        # The grid's share of the height shrinks by the header's; the header
        # wraps to the width the grid leaves it.  Three rounds settle it.
        room = size - head[-1]
        fit = int(min(size, room * (longest + 0.2) / (rows + 0.2)))
        if fit < 16:
            raise ValueError(f"a puzzle sheet of {article(f'{rows}x{cols}')} board with its "
                             "title and rule "
                             f"needs a larger size, got size={size}")
        grid = sheet_layout(rows, cols, board.size, fit)
        head = _header(max(grid.width, min(size, HEADER_WIDTH)), heading, rule)
    tf, title_lines, rf, title_y, rule_lines, _, rule_y, top = head
    width = max(grid.width, min(size, HEADER_WIDTH))
    cell = float(grid.cell)
    return SheetPlan(
        width=width, height=round(top + grid.height, 2), title=title_lines, title_font=tf,
        title_y=title_y, rule=rule_lines, rule_font=rf, rule_y=rule_y, grid=grid,
        x=round((width - cell * cols) / 2, 2), y=round(top + grid.margin, 2))


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
            raise ValueError(f"solution is {article(f'{solution.rows}x{solution.cols}')} "
                             "tour, but the board "
                             f"is {board.rows}x{board.cols}")
    if not isinstance(path, (bool, np.bool_)):
        raise ValueError(f"path must be True or False, got {path!r}")
    if path and solution is None:
        raise ValueError("path=True draws the solution's path: give the solution")


def _svg_header(plan: SheetPlan) -> list[str]:
    """The title and the rule lines, centred across the sheet."""
    mid = _fmt(plan.width / 2)
    out = [f'<g class="title" font-family="sans-serif" font-size="{_fmt(plan.title_font)}" '
           f'font-weight="bold" fill="{SHEET_INK}" text-anchor="middle">']
    out += [f'<text x="{mid}" y="{_fmt(y)}">{escape(line)}</text>'
            for line, y in zip(plan.title, plan.title_y)]
    out += ["</g>", f'<g class="rule" font-family="sans-serif" font-size="{_fmt(plan.rule_font)}" '
            f'fill="{SHEET_RULE}" text-anchor="middle">']
    out += [f'<text x="{mid}" y="{_fmt(y)}">{escape(line)}</text>'
            for line, y in zip(plan.rule, plan.rule_y)]
    out.append("</g>")
    return out


def puzzle_svg(
    board: Board, clues: dict[Square, int], *, solution: Tour | None = None,
    path: bool = False, size: int = DEFAULT_SIZE, title: str | None = None,
    closed: bool = False,
) -> str:
    """A printable puzzle sheet as an SVG document (a string).

    At the top, the title (``title``, or the kind of puzzle:
    :func:`puzzle_kind`) and the rule in a line or two (:func:`puzzle_rule`;
    ``closed``: the last number is one move from 1).  Under them, for the
    puzzle (no ``solution``): a white grid of the board's usable squares,
    holes hatched grey, and each clue (``clues``: square -> step from 0)
    written **from 1** in bold in its square; the other squares are blank,
    to be filled in.  The solution sheet (``solution``, a
    :class:`knight.Tour` of the board): every square numbered, the clues in
    black and the filled-in numbers in blue; ``path=True`` also draws the
    path through the squares in order, under the numbers (across the seam
    of a cylinder or torus as two dashed stubs, as a tour's picture does).
    ``size`` bounds the longer side in pixels (squares at most 64 px); see
    :func:`sheet_plan`.

    :meth:`knight.puzzle.Puzzle.to_svg` draws a puzzle with it.

    >>> import knight
    >>> from knight.render import puzzle_svg
    >>> board = knight.Board(3, 4)
    >>> svg = puzzle_svg(board, {(0, 0): 0, (2, 3): 11})
    >>> svg.count('<g class="clues"'), ">12</text>" in svg, "Knight's tour puzzle" in svg
    (1, True, True)
    >>> tour = knight.solve(board)
    >>> puzzle_svg(board, {}, solution=tour, path=True).count("<text") - svg.count("<text")
    10
    """
    _check_sheet(board, clues, solution, path)
    plan = sheet_plan(board, clues, closed=closed, size=size, title=title,
                      solution=solution is not None)
    lay = plan.grid
    cell = lay.cell
    label = " ".join((*plan.title, *plan.rule))
    out = [
        *_svg_open(plan.width, plan.height, label),
        "<defs>",
        *_svg_hatch(cell, SHEET_HOLE, SHEET_HATCH),
        "</defs>",
        f'<rect class="paper" width="{_fmt(plan.width)}" height="{_fmt(plan.height)}" '
        f'fill="{SHEET_PAPER}"/>',
        *_svg_header(plan),
        f'<g class="board" transform="translate({_fmt(plan.x)},{_fmt(plan.y)})">',
    ]
    holes = ~board.mask
    if holes.any():
        out.append(f'<path class="holes" fill="url(#hole)" d="{_svg_squares(holes, cell)}"/>')
    stroke = max(0.5, cell * 0.12)
    if path and solution is not None:
        tour_path = solution.path
        for run in path_runs(tour_path, board):
            points = " ".join(f"{_fmt((c + 0.5) * cell)},{_fmt((r + 0.5) * cell)}"
                              for r, c in run.tolist())
            out.append(
                f'<polyline class="path" points="{points}" fill="none" stroke="{SHEET_PATH}" '
                f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" '
                'stroke-linecap="round"/>')
        out.extend(_svg_stubs(_sheet_stubs(tour_path, board, solution.closed, cell), SHEET_PATH,
                              stroke))
    line = max(0.5, cell * 0.03)
    out.append(f'<path class="grid" fill="none" stroke="{SHEET_GRID}" '
               f'stroke-width="{_fmt(line)}" d="{_svg_squares(board.mask, cell)}"/>')
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
            out.append(f'<text x="{_fmt((c + 0.5) * cell)}" '
                       f'y="{_fmt((r + 0.5) * cell + 0.36 * lay.font)}">{n}</text>')
        out.append("</g>")
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


def puzzle_png(
    board: Board, clues: dict[Square, int], target: str | os.PathLike[str], *,
    solution: Tour | None = None, path: bool = False, size: int = DEFAULT_SIZE,
    title: str | None = None, closed: bool = False,
) -> None:
    """Save a puzzle sheet as a PNG (needs Pillow, the ``plot`` extra): the
    picture :func:`puzzle_svg` draws with the same arguments."""
    _check_sheet(board, clues, solution, path)
    plan = sheet_plan(board, clues, closed=closed, size=size, title=title,
                      solution=solution is not None)
    lay = plan.grid
    Image, ImageDraw = require_pillow()
    from PIL import ImageFont

    # The grid on its own canvas, as it always was, pasted under the header.
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
    sheet = Image.new("RGB", (round(plan.width), round(plan.height)), _rgb_tuple(SHEET_PAPER))
    sheet.paste(image, (round(plan.x - m), round(plan.y - m)))
    draw = ImageDraw.Draw(sheet)
    mid = plan.width / 2 - 0.5
    for lines, baselines, size_px, ink_hex, heavy in (
            (plan.title, plan.title_y, plan.title_font, SHEET_INK, True),
            (plan.rule, plan.rule_y, plan.rule_font, SHEET_RULE, False)):
        font = ImageFont.load_default(size=max(1, round(size_px)))
        ink = _rgb_tuple(ink_hex)
        for text, base in zip(lines, baselines):
            # Pillow's built-in font has no en dash.
            draw.text((mid, base), text.replace("–", "-"), font=font, anchor="ms", fill=ink,
                      stroke_width=max(1, round(size_px * 0.03)) if heavy else 0,
                      stroke_fill=ink)
    sheet.save(target, format="PNG")

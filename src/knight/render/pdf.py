"""Puzzle sheets as vector PDF: one sheet a page, or several, with ReportLab.

Each sheet is drawn from the plan the SVG draws from (:func:`.sheet_plan`:
the title, the rule, the grid, holes hatched, clues and, on a solution
sheet, the filled-in numbers and the path), scaled to its box on the page:
lines, rectangles and text in the PDF's standard Helvetica, no raster
image anywhere, so a sheet prints sharp at any size and its words can be
searched and copied.

ReportLab (BSD, the ``pdf`` extra) is imported on first use
(:func:`require_reportlab`): this module costs nothing until a PDF is
written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ..board import Board
from ..geometry import Square
from .path import path_runs
from .sheet import (
    SHEET,
    SheetPlan,
    _check_sheet,
    _sheet_numbers,
    _sheet_stubs,
    sheet_plan,
)

if TYPE_CHECKING:
    from ..tour import Tour

#: Paper sizes in points (1/72 inch), portrait: ISO A4 and US Letter.
PAPERS = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
#: How many sheets a page may hold, and how they are arranged (columns, rows).
SHEETS_PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 12: (3, 4)}
#: The paper left blank around a page's sheets, in points (15 mm).
PAGE_MARGIN = 42.52
#: Points between two sheets on a page.
SHEET_GAP = 20.0
#: A square is drawn at most this many points wide (an inch): a small board
#: is not blown up to fill an A4 page.
MAX_SQUARE_PT = 72.0
#: The size (px) sheets are planned at before they are scaled to their box:
#: the same proportions as the default SVG sheet.
PLAN_SIZE = 640

_HINT = ('writing PDF needs ReportLab, the "pdf" extra: pip install "knight-tour[pdf]" '
         '(from a source checkout: pip install ".[pdf]")')


def require_reportlab() -> Any:
    """ReportLab's ``canvas`` module, or an ImportError that says how to install it.

    >>> from knight.render import require_reportlab
    >>> require_reportlab().__name__
    'reportlab.pdfgen.canvas'
    """
    try:
        from reportlab.pdfgen import canvas
    except ImportError as exc:
        raise ImportError(_HINT) from exc
    return canvas


def check_paper(paper: Any) -> tuple[float, float]:
    """The (width, height) in points of ``paper``, ``"a4"`` or ``"letter"``
    (any case), or ValueError.

    >>> from knight.render import check_paper
    >>> check_paper("Letter")
    (612.0, 792.0)
    """
    if not isinstance(paper, str) or paper.lower() not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(map(repr, PAPERS))}, got {paper!r}")
    return PAPERS[paper.lower()]


def check_pdf_path(target: Any) -> str:
    """``target`` as a file name ending in ``.pdf`` (any case), or an error."""
    if not isinstance(target, (str, os.PathLike)):
        raise TypeError(f"the PDF's path must be a str or os.PathLike, not "
                        f"{type(target).__name__}")
    name = os.fspath(target)
    if not isinstance(name, str) or not name.lower().endswith(".pdf"):
        raise ValueError(f"a PDF's file name must end in .pdf, got {name!r}")
    return name


class PdfSheet(NamedTuple):
    """One sheet of a PDF: what :func:`.puzzle_svg` takes, as a value."""

    board: Board
    clues: dict[Square, int]
    solution: Tour | None = None
    """A :class:`knight.Tour` of the board: a solution sheet; None: the puzzle."""
    path: bool = False
    title: str | None = None
    closed: bool = False


def _check_sections(sections: Any) -> list[tuple[list[PdfSheet], int]]:
    if not isinstance(sections, Sequence) or not sections:
        raise ValueError("a PDF needs at least one section of sheets")
    out = []
    for sheets, per_page in sections:
        if per_page not in SHEETS_PER_PAGE or isinstance(per_page, bool):
            raise ValueError(f"per_page must be one of {', '.join(map(str, SHEETS_PER_PAGE))}, "
                             f"got {per_page!r}")
        sheets = list(sheets)
        for sheet in sheets:
            if not isinstance(sheet, PdfSheet):
                raise TypeError(f"a PDF's sheets are PdfSheet values, not "
                                f"{type(sheet).__name__}")
            _check_sheet(sheet.board, sheet.clues, sheet.solution, sheet.path)
        out.append((sheets, int(per_page)))
    if not any(sheets for sheets, _ in out):
        raise ValueError("a PDF needs at least one sheet")
    return out


class _Pen:
    """Draws a plan (pixels, y down) at ``scale`` points a pixel, its top-left at
    (``left``, ``top``) on the page (points, y up)."""

    def __init__(self, canvas: Any, left: float, top: float, scale: float) -> None:
        self.c, self.left, self.top, self.s = canvas, left, top, scale

    def x(self, x: float) -> float:
        return self.left + x * self.s

    def y(self, y: float) -> float:
        return self.top - y * self.s

    def text(self, x: float, y: float, text: str, font: str, size: float, colour: str,
             width: float | None = None, halo: float = 0.0) -> None:
        """``text`` centred on plan x, its baseline at plan y; narrowed to
        ``width`` plan px if it would be wider."""
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth

        pt = size * self.s
        wide = stringWidth(text, font, pt)
        if width is not None and wide > width * self.s:
            pt *= width * self.s / wide
            wide = stringWidth(text, font, pt)
        if halo:
            # A paper-coloured card under the digits, over the path: the SVG's
            # halo without a second copy of the text (which searching and
            # copying would find twice).
            pad = halo * self.s / 2
            self.c.saveState()
            self.c.setFillColor(HexColor(SHEET.paper))
            self.c.roundRect(self.x(x) - wide / 2 - pad, self.y(y) - pad, wide + 2 * pad,
                             0.72 * pt + 2 * pad, pad, stroke=0, fill=1)
            self.c.restoreState()
        t = self.c.beginText(self.x(x) - wide / 2, self.y(y))
        t.setFont(font, pt)
        t.setFillColor(HexColor(colour))
        t.textOut(text)
        self.c.drawText(t)


def _draw_sheet(canvas: Any, sheet: PdfSheet, plan: SheetPlan, left: float, top: float,
                scale: float) -> None:
    """One sheet, its plan's top-left at (left, top) points on the page."""
    from reportlab.lib.colors import HexColor

    pen = _Pen(canvas, left, top, scale)
    c, s = canvas, scale
    board, lay = sheet.board, plan.grid
    cell = float(lay.cell)
    for line, base in zip(plan.title, plan.title_y):
        pen.text(plan.width / 2, base, line, "Helvetica-Bold", plan.title_font, SHEET.ink,
                 plan.width)
    for line, base in zip(plan.rule, plan.rule_y):
        pen.text(plan.width / 2, base, line, "Helvetica", plan.rule_font, SHEET.rule,
                 plan.width)

    def square(r: int, col: int) -> tuple[float, float, float, float]:
        """A square as reportlab's rect: its bottom-left corner, width, height."""
        return (pen.x(plan.x + col * cell), pen.y(plan.y + (r + 1) * cell), cell * s, cell * s)

    holes = np.argwhere(~board.mask).tolist()
    if holes:
        # Grey squares, clipped to, with lighter stripes at 45 degrees across them.
        c.saveState()
        clip = c.beginPath()
        for r, col in holes:
            clip.rect(*square(r, col))
        c.setFillColor(HexColor(SHEET.hole))
        c.clipPath(clip, stroke=0, fill=1)
        hatch = max(4.0, cell / 3) * s
        c.setStrokeColor(HexColor(SHEET.hatch))
        c.setLineWidth(hatch / 3)
        x0, x1 = pen.x(plan.x), pen.x(plan.x + board.cols * cell)
        y1, y0 = pen.y(plan.y), pen.y(plan.y + board.rows * cell)
        reach = (x1 - x0) + (y1 - y0)
        k = 0.0
        while k <= reach:
            c.line(x0 + k, y0, x0 + k - (y1 - y0), y1)
            k += hatch * 2 ** 0.5
        c.restoreState()
    stroke = max(0.5, cell * 0.12) * s
    if sheet.path and sheet.solution is not None:
        tour_path = sheet.solution.path
        c.saveState()
        c.setStrokeColor(HexColor(SHEET.path))
        c.setLineWidth(stroke)
        c.setLineJoin(1)
        c.setLineCap(1)
        for run in path_runs(tour_path, board):
            points = run.tolist()
            if len(points) < 2:
                continue
            line = c.beginPath()
            line.moveTo(pen.x(plan.x + (points[0][1] + 0.5) * cell),
                        pen.y(plan.y + (points[0][0] + 0.5) * cell))
            for r, col in points[1:]:
                line.lineTo(pen.x(plan.x + (col + 0.5) * cell), pen.y(plan.y + (r + 0.5) * cell))
            c.drawPath(line, stroke=1, fill=0)
        c.setDash([stroke * 2, stroke * 1.5])
        for (xa, ya), (xb, yb) in _sheet_stubs(tour_path, board, sheet.solution.closed, cell):
            c.line(pen.x(plan.x + xa), pen.y(plan.y + ya), pen.x(plan.x + xb),
                   pen.y(plan.y + yb))
        c.restoreState()
    c.saveState()
    c.setStrokeColor(HexColor(SHEET.grid))
    c.setLineWidth(max(0.5, cell * 0.03) * s)
    grid = c.beginPath()
    for r, col in board.squares.tolist():
        grid.rect(*square(r, col))
    c.drawPath(grid, stroke=1, fill=0)
    c.restoreState()
    halo = lay.font * 0.2 if sheet.path else 0.0
    for r, col, n, clue in _sheet_numbers(board, sheet.clues, sheet.solution):
        pen.text(plan.x + (col + 0.5) * cell, plan.y + (r + 0.5) * cell + 0.36 * lay.font,
                 str(n), "Helvetica-Bold" if clue else "Helvetica", lay.font,
                 SHEET.ink if clue else SHEET.filled, halo=halo)


def sheets_pdf(target: str | os.PathLike[str], sections: Sequence[tuple[Sequence[PdfSheet], int]],
               *, paper: str = "a4", title: str | None = None) -> int:
    """Write PDF pages of puzzle sheets to ``target`` (a ``.pdf`` file);
    return the number of pages.

    ``sections``: (sheets, per_page) pairs, each section starting a new
    page, ``per_page`` sheets a page (1, 2, 4, 6 or 12, in a grid: see
    :data:`SHEETS_PER_PAGE`), each sheet (a :class:`PdfSheet`) scaled to
    fit its box and centred in it, squares at most an inch.  ``paper``:
    ``"a4"`` or ``"letter"``, margins of 15 mm.  ``title``: the document's
    title, printed at the top of every page when there is more than one
    sheet.  Pages of several sheets are numbered at the foot.

    >>> import knight, os, tempfile
    >>> from knight.render import PdfSheet, sheets_pdf
    >>> board = knight.Board(5)
    >>> sheets = [PdfSheet(board, {(0, 0): 0}, title=f"Puzzle {i}") for i in range(1, 6)]
    >>> target = os.path.join(tempfile.mkdtemp(), "sheets.pdf")
    >>> sheets_pdf(target, [(sheets, 4)], paper="letter")
    2
    """
    name = check_pdf_path(target)
    width, height = check_paper(paper)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")
    checked = _check_sections(sections)
    canvas_module = require_reportlab()
    from reportlab.lib.colors import HexColor

    pages = [(sheets[i:i + per_page], per_page) for sheets, per_page in checked
             for i in range(0, len(sheets), per_page)]
    many = sum(len(sheets) for sheets, _ in checked) > 1
    plans = [[sheet_plan(sheet.board, sheet.clues, closed=sheet.closed, size=PLAN_SIZE,
                         title=sheet.title, solution=sheet.solution is not None)
              for sheet in sheets] for sheets, _ in pages]
    c = canvas_module.Canvas(name, pagesize=(width, height), invariant=1, pageCompression=1)
    c.setCreator("knight-tour")
    c.setTitle(title if title is not None else " ".join(plans[0][0].title))
    head = 30.0 if many and title else 0.0
    foot = 20.0 if many else 0.0
    for number, ((sheets, per_page), page_plans) in enumerate(zip(pages, plans), 1):
        if head:
            c.setFont("Helvetica-Bold", 13)
            c.setFillColor(HexColor(SHEET.ink))
            c.drawCentredString(width / 2, height - PAGE_MARGIN - 13, str(title))
        if foot:
            c.setFont("Helvetica", 9)
            c.setFillColor(HexColor(SHEET.rule))
            c.drawCentredString(width / 2, PAGE_MARGIN - 12, f"{number} / {len(pages)}")
        cols, rows = SHEETS_PER_PAGE[per_page]
        box_w = (width - 2 * PAGE_MARGIN - (cols - 1) * SHEET_GAP) / cols
        box_h = (height - 2 * PAGE_MARGIN - head - foot - (rows - 1) * SHEET_GAP) / rows
        for k, (sheet, plan) in enumerate(zip(sheets, page_plans)):
            row, col = divmod(k, cols)
            scale = min(box_w / plan.width, box_h / plan.height,
                        MAX_SQUARE_PT / float(plan.grid.cell))
            left = PAGE_MARGIN + col * (box_w + SHEET_GAP) + (box_w - plan.width * scale) / 2
            top = (height - PAGE_MARGIN - head - row * (box_h + SHEET_GAP)
                   - (box_h - plan.height * scale) / 2)
            _draw_sheet(c, sheet, plan, left, top, scale)
        c.showPage()
    c.save()
    return len(pages)


def puzzle_pdf(
    board: Board, clues: dict[Square, int], target: str | os.PathLike[str], *,
    solution: Tour | None = None, path: bool = False, title: str | None = None,
    closed: bool = False, paper: str = "a4",
) -> None:
    """Save a puzzle sheet as a one-page vector PDF ``target`` (needs
    ReportLab, the ``pdf`` extra): the sheet :func:`.puzzle_svg` draws with
    the same arguments, centred on ``paper`` (``"a4"`` or ``"letter"``).

    :meth:`knight.puzzle.Puzzle.to_pdf` and ``Puzzle.save("x.pdf")`` write
    a puzzle's sheet with it; :func:`knight.puzzle.booklet` writes many.

    >>> import knight, os, tempfile
    >>> from knight.render import puzzle_pdf
    >>> target = os.path.join(tempfile.mkdtemp(), "sheet.pdf")
    >>> puzzle_pdf(knight.Board(3, 4), {(0, 0): 0, (2, 3): 11}, target)
    >>> open(target, "rb").read(5)
    b'%PDF-'
    """
    _check_sheet(board, clues, solution, path)
    sheets_pdf(target, [([PdfSheet(board, dict(clues), solution, bool(path), title,
                                   bool(closed))], 1)], paper=paper)


__all__ = ["MAX_SQUARE_PT", "PAGE_MARGIN", "PAPERS", "PLAN_SIZE", "SHEETS_PER_PAGE", "SHEET_GAP",
           "PdfSheet", "check_paper", "check_pdf_path", "puzzle_pdf", "require_reportlab",
           "sheets_pdf"]

"""Pictures of tours: SVG with no dependency, PNG and animated GIF with Pillow.

Every format draws a board one of two ways, chosen by the same rule
(:func:`layout`), so an SVG, a PNG and a GIF of one tour at one ``size`` agree:

**The path**, while each square gets at least :data:`.MIN_PATH_CELL` pixels
and the board has at most :data:`.MAX_VECTOR_SQUARES` squares: the checkered
board (in SVG one ``<pattern>``, not a rectangle per square), the path through
the square centres in tour order, the start (green) and end (red) marked, a
closed tour's closing move dashed and, where they fit, the step numbers in
the squares' corners, above the path with a light halo so they read on
either colour of square.  The path follows the tour's board
(:attr:`knight.Tour.layout`): any piece's moves are lines, and a move across
the seam of a cylinder or torus is two dashed, lighter stubs, one leaving an
edge and one entering the opposite edge (:func:`path_runs`).

**A colour ramp**, past either limit, where the path would only smear the
picture with one colour: each pixel shows the mean step of the squares it
covers through a perceptual colour map (viridis: dark purple for the first
steps, green halfway, yellow for the last), with the start and end marked.
An SVG then holds the ramp as one embedded PNG (an ``<image>``), so it stays
the size of its pixels whatever the board: the vector limit is what keeps an
SVG, and its memory, bounded (a 500x500 board is a few MB of SVG, a 4000x4000
one would be hundreds).

``size`` (640 px by default, at least 16) bounds the longer side of the
picture in every format; squares are at most 64 px.  The work and memory go
with the pixels, not the board: the ramp reads the step board in tiles and
never builds the tour's path, and the path is drawn only for boards small
enough to show it.

A square whose step is ``-1`` is not on the path.  In a tour it is a hole in
the board, drawn dark grey and hatched.  In a partial tour (:func:`partial_svg`,
:func:`partial_png`, :func:`partial_gif`: what a :class:`knight.DeadEndError` carries) it is a
square the knight never reached, drawn plain, unless the ``holes`` mask says
it is a hole.

The package's modules, each importing only those listed after it:

* :mod:`.html` -- pages you can play: a tour (:func:`tour_html`, with a
  step slider and play/pause) and a puzzle to solve (:func:`puzzle_html`),
  each one self-contained HTML file;
* :mod:`.pdf` -- puzzle sheets and booklets as vector PDF (:func:`puzzle_pdf`,
  :func:`sheets_pdf`), ReportLab (the ``pdf`` extra) imported on first use;
* :mod:`.sheet` -- printable puzzle sheets (:func:`puzzle_svg`, :func:`puzzle_png`),
  their plan (:func:`sheet_plan`) and what they say (:func:`puzzle_kind`,
  :func:`puzzle_rule`);
* :mod:`.svg`, :mod:`.png`, :mod:`.gif` -- one picture format each: a tour
  (:func:`to_svg`, :func:`to_png`, :func:`to_gif`) and a partial tour
  (:func:`partial_svg`, :func:`partial_png`, :func:`partial_gif`);
* :mod:`.pillow` -- strokes, dots and step numbers on a Pillow image (the
  ramp's marks too), Pillow imported on first use;
* :mod:`.ramp` -- the colour ramp: the step board reduced to pixels, a tile at a time;
* :mod:`.pixels` -- palette-index arrays with numpy alone: :func:`png_bytes`,
  the hatch, the checkered board;
* :mod:`.drawing` -- what a picture shows: a tour, or a checked partial tour;
* :mod:`.path` -- the path on the page: its runs (:func:`path_runs`), the
  stubs across a seam, the closing move;
* :mod:`.sizing` -- :func:`layout`, :func:`check_size` and the limits: one
  rule for every format;
* :mod:`.palette` -- the colours and the rasters' :data:`PALETTE`.

This module is the façade: every public name is imported from here, and
:func:`save` picks the format by the file's extension.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .gif import GIF_MAX_FRAMES, partial_gif, to_gif
from .html import PAGE_MAX_SQUARES, puzzle_html, tour_html
from .palette import (
    DARK,
    END,
    FAINT_BELOW,
    FAINT_DARK,
    FAINT_LIGHT,
    HALO,
    HATCH,
    HOLE,
    LIGHT,
    LINE,
    PALETTE,
    START,
    TEXT,
    UNREACHED,
    VIRIDIS,
    WRAP,
)
from .path import Segment, path_runs
from .pdf import (
    PAPERS,
    SHEETS_PER_PAGE,
    PdfSheet,
    check_paper,
    puzzle_pdf,
    require_reportlab,
    sheets_pdf,
)
from .pillow import require_pillow
from .pixels import png_bytes
from .png import partial_png, to_png
from .sheet import (
    HEADER_WIDTH,
    MIN_SHEET_FONT,
    PUZZLE_KINDS,
    SHEET,
    SHEET_FILLED,
    SHEET_GRID,
    SHEET_HATCH,
    SHEET_HOLE,
    SHEET_INK,
    SHEET_PAPER,
    SHEET_PATH,
    SHEET_RULE,
    SheetColours,
    SheetLayout,
    SheetPlan,
    puzzle_kind,
    puzzle_png,
    puzzle_rule,
    puzzle_svg,
    sheet_layout,
    sheet_plan,
)
from .sizing import (
    DEFAULT_SIZE,
    MAX_CELL,
    MAX_VECTOR_SQUARES,
    MIN_CELL_FOR_NUMBERS,
    MIN_FONT,
    MIN_PATH_CELL,
    MIN_SIZE,
    RASTER_BYTES_PER_PIXEL,
    SVG_BYTES_PER_SQUARE,
    TILE,
    Layout,
    check_size,
    layout,
)
from .svg import partial_svg, to_svg

if TYPE_CHECKING:
    from ..tour import Tour


def save(tour: Tour, path: str | os.PathLike[str], **options: Any) -> None:
    """Save by extension: ``.svg`` or ``.html`` (:func:`tour_html`; no
    dependency), ``.png`` or ``.gif`` (Pillow)."""
    name = os.fspath(path)
    ext = os.path.splitext(name)[1].lower()
    if ext == ".svg":
        # Drawn before the file is opened: a bad option or a refusal must
        # not leave an empty file behind (or truncate an existing one).
        svg = to_svg(tour, **options)
        with open(name, "w", encoding="utf-8") as f:
            f.write(svg)
    elif ext in (".html", ".htm"):
        page = tour_html(tour, **options)
        with open(name, "w", encoding="utf-8") as f:
            f.write(page)
    elif ext == ".png":
        to_png(tour, name, **options)
    elif ext == ".gif":
        to_gif(tour, name, **options)
    else:
        raise ValueError(f"cannot save a tour as {ext or 'a file without extension'!r}: "
                         "use .svg, .png, .gif or .html")


__all__ = [
    # Tours, partial tours and puzzle sheets, in every format.
    "to_svg", "to_png", "to_gif", "save", "partial_svg", "partial_png", "partial_gif",
    "puzzle_svg",
    "puzzle_png",
    # Puzzle sheets and booklets as vector PDF (ReportLab, the pdf extra).
    "puzzle_pdf", "sheets_pdf", "PdfSheet", "PAPERS", "SHEETS_PER_PAGE", "check_paper",
    "require_reportlab",
    # Pages to play: a tour, a puzzle.
    "tour_html", "puzzle_html", "PAGE_MAX_SQUARES",
    # What a puzzle sheet says: the kind of puzzle and its rule.
    "puzzle_kind", "puzzle_rule", "PUZZLE_KINDS",
    # How a picture is laid out; the path's runs, the PNG encoder, the Pillow check.
    "layout", "Layout", "sheet_layout", "SheetLayout", "sheet_plan", "SheetPlan", "HEADER_WIDTH",
    "check_size", "path_runs", "Segment",
    "png_bytes", "require_pillow",
    # Sizes and limits.
    "DEFAULT_SIZE", "MIN_SIZE", "MAX_CELL", "MIN_CELL_FOR_NUMBERS", "MIN_FONT", "MIN_PATH_CELL",
    "MAX_VECTOR_SQUARES", "SVG_BYTES_PER_SQUARE", "RASTER_BYTES_PER_PIXEL", "TILE",
    "MIN_SHEET_FONT", "GIF_MAX_FRAMES",
    # Colours.
    "LIGHT", "DARK", "FAINT_LIGHT", "FAINT_DARK", "FAINT_BELOW", "LINE", "WRAP", "START", "END",
    "HOLE", "HATCH", "UNREACHED", "TEXT", "HALO", "VIRIDIS", "PALETTE", "SHEET_PAPER",
    "SHEET_INK", "SHEET_GRID", "SHEET_FILLED", "SHEET_PATH", "SHEET_HOLE", "SHEET_HATCH",
    "SHEET",
    "SHEET_RULE",
    "SheetColours",
]

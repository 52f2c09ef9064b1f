"""SVG pictures of tours and partial tours: text, with no dependency.

The path drawn as vectors (a checkered ``<pattern>``, one polyline per run,
the seam stubs, the closing move, the step numbers, the start and end), or
past the vector limits the colour ramp as one embedded PNG.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

import numpy as np

from ..board import Board
from ..geometry import article, check_memory
from . import palette
from .drawing import _Drawing, _of_partial, _of_tour
from .path import Segment, _closing, _seam_stubs, _steps_on_path, path_runs
from .pixels import png_bytes
from .ramp import _ramp, _ramp_centre, _ramp_pixels, _ramp_radius
from .sizing import (
    DEFAULT_SIZE,
    SVG_BYTES_PER_SQUARE,
    Layout,
    _check_options,
    _refuse_numbers,
    _style,
    layout,
)

if TYPE_CHECKING:
    from ..tour import Tour


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


# The pieces below are shared by the tours' pictures and the puzzle sheets, so
# the two kinds of SVG draw holes and seam stubs alike.  ``margin`` shifts a
# sheet's grid inside its paper; 0 adds nothing, so a tour's numbers are exact.


def _svg_open(width: float, height: float, label: str) -> list[str]:
    """The opening tag and title of an SVG document ``width`` x ``height`` px."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" role="img">',
        f"<title>{escape(label)}</title>",
    ]


def _svg_hatch(cell: float, fill: str, stripe: str, name: str = "hole") -> list[str]:
    """The ``<pattern id="hole">`` holes are filled with: ``stripe`` on ``fill``, at 45 degrees
    (``name``: another id, for a page that holds several pictures)."""
    hatch = max(4.0, cell / 3)
    return [
        f'<pattern id="{name}" width="{_fmt(hatch)}" height="{_fmt(hatch)}" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
        f'<rect width="{_fmt(hatch)}" height="{_fmt(hatch)}" fill="{fill}"/>',
        f'<rect width="{_fmt(hatch / 3)}" height="{_fmt(hatch)}" fill="{stripe}"/>',
        "</pattern>",
    ]


def _svg_checker(cell: float, light: str, dark: str, name: str = "checker") -> list[str]:
    """The ``<pattern id="checker">`` a tour's board is filled with: squares ``cell`` px,
    ``light`` at the top-left (``name``: another id)."""
    return [
        f'<pattern id="{name}" width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" '
        'patternUnits="userSpaceOnUse">',
        f'<rect width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" fill="{light}"/>',
        f'<rect x="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        f'<rect y="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        "</pattern>",
    ]


def _svg_squares(where: np.ndarray, cell: float, margin: float = 0) -> str:
    """Path data of the squares where ``where`` is True: one path, not one element each."""
    return "".join(
        f"M{_fmt(margin + c * cell)} {_fmt(margin + r * cell)}h{_fmt(cell)}v{_fmt(cell)}"
        f"h{_fmt(-cell)}z" for r, c in np.argwhere(where).tolist())


def _svg_stubs(stubs: list[Segment], colour: str, stroke: float,
               margin: float = 0) -> list[str]:
    """Moves across a seam: one dashed stub at each edge, in one group (none: no group)."""
    if not stubs:
        return []
    out = [f'<g class="wrap" stroke="{colour}" stroke-width="{_fmt(stroke)}" '
           f'stroke-dasharray="{_fmt(stroke * 2)} {_fmt(stroke * 1.5)}" stroke-linecap="round">']
    for (xa, ya), (xb, yb) in stubs:
        out.append(f'<line x1="{_fmt(margin + xa)}" y1="{_fmt(margin + ya)}" '
                   f'x2="{_fmt(margin + xb)}" y2="{_fmt(margin + yb)}"/>')
    out.append("</g>")
    return out


def to_svg(
    tour: Tour,
    *,
    size: int = DEFAULT_SIZE,
    numbers: bool | None = None,
    base: int = 0,
    title: str | None = None,
) -> str:
    """The tour as an SVG document (a string).

    ``size`` bounds the longer side in pixels (squares never exceed 64 px);
    ``numbers`` writes the step numbers (from ``base``) in the squares, by
    default when they fit.  Boards past the vector limits (see the module)
    are drawn as a colour ramp of the step numbers in one embedded PNG, and
    have no numbers (``numbers=True`` is refused for them).

    >>> import knight
    >>> svg = knight.solve(5).to_svg()
    >>> svg.startswith("<svg") and svg.count("<polyline") == 1
    True
    >>> "<image" in knight.solve(1000).to_svg()     # 10^6 squares: the ramp
    True
    """
    return _svg(_of_tour(tour), size, numbers, base, title)


def _svg(d: _Drawing, size: int, numbers: bool | None, base: int, title: str | None) -> str:
    lay = layout(d.rows, d.cols, size)
    _check_options(numbers, base)
    label = title if title is not None else d.label
    if not lay.path:
        if numbers:
            _refuse_numbers(d.rows, d.cols, size)
        return _svg_ramp(d, lay, label)
    check_memory(SVG_BYTES_PER_SQUARE * d.rows * d.cols,
                 f"an SVG picture of the {d.rows}x{d.cols} board")
    rows, cols, cell = d.rows, d.cols, lay.cell
    width, height = cell * cols, cell * rows
    draw_numbers, font, light, dark, stroke = _style(rows, cols, cell, numbers, base)
    path = d.path()
    out = [
        *_svg_open(width, height, label),
        "<defs>",
        *_svg_checker(cell, light, dark),
        *_svg_hatch(cell, palette.HOLE, palette.HATCH),
        "</defs>",
        f'<rect class="board" width="{_fmt(width)}" height="{_fmt(height)}" fill="url(#checker)"/>',
    ]
    everywhere = (slice(None), slice(None))
    for kind, fill, where in (("holes", "url(#hole)", d.holes(*everywhere)),
                              ("unreached", palette.UNREACHED, d.unreached(*everywhere))):
        if where is not None and where.any():
            out.append(f'<path class="{kind}" fill="{fill}" d="{_svg_squares(where, cell)}"/>')
    centres = path.astype(np.float64) * cell + cell / 2
    for squares_run in path_runs(path, d.geometry):
        run = squares_run.astype(np.float64) * cell + cell / 2
        points = " ".join(f"{_fmt(x)},{_fmt(y)}" for y, x in run.tolist())
        out.append(
            f'<polyline class="path" points="{points}" fill="none" stroke="{palette.LINE}" '
            f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    # Moves across a seam: one dashed, lighter stub at each edge.
    out.extend(_svg_stubs(_seam_stubs(path, d.geometry, d.closed, cell), palette.WRAP, stroke))
    (y0, x0), (y1, x1) = centres[0].tolist(), centres[-1].tolist()
    if d.closed and _closing(path, d.geometry) is not None:
        out.append(
            f'<line class="closing" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x0)}" '
            f'y2="{_fmt(y0)}" stroke="{palette.LINE}" stroke-width="{_fmt(stroke)}" '
            f'stroke-dasharray="{_fmt(stroke * 3)} {_fmt(stroke * 2)}"/>'
        )
    if draw_numbers:
        # In the square's top-left corner, clear of the path's centre, and
        # above the path with a halo: readable on dark squares and lines.
        out.append(
            f'<g class="steps" font-family="sans-serif" font-size="{_fmt(font)}" '
            f'fill="{palette.TEXT}" stroke="{palette.HALO}" stroke-width="{_fmt(font * 0.2)}" '
            'stroke-linejoin="round" paint-order="stroke">'
        )
        for r, c, v in _steps_on_path(d.board):
            out.append(
                f'<text x="{_fmt(c * cell + cell * 0.06)}" '
                f'y="{_fmt(r * cell + cell * 0.06 + font)}">{v + base}</text>'
            )
        out.append("</g>")
    radius = max(0.6, cell * 0.16)
    start, end = tuple(path[0].tolist()), tuple(path[-1].tolist())
    out.append(_svg_mark("start", x0, y0, radius, palette.START, f"start {start}"))
    out.append(_svg_mark("end", x1, y1, radius, palette.END, f"end {end}"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_mark(kind: str, x: float, y: float, radius: float, colour: str, tip: str) -> str:
    return (
        f'<circle class="{kind}" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(radius)}" '
        f'fill="{colour}" stroke="{palette.HALO}" stroke-width="{_fmt(radius * 0.25)}">'
        f"<title>{escape(tip)}</title></circle>"
    )


def _svg_ramp(d: _Drawing, lay: Layout, label: str) -> str:
    ramp = _ramp(d, lay)
    index = _ramp_pixels(d, ramp, lay)
    data = base64.b64encode(png_bytes(index, palette.PALETTE)).decode("ascii")
    w, h = lay.width, lay.height
    radius = _ramp_radius(lay)
    (y0, x0), (y1, x1) = (_ramp_centre(lay, d, s) for s in (ramp.start, ramp.end))
    return "\n".join([
        *_svg_open(w, h, label),
        f"<desc>Step numbers as colours, from dark purple (the first) to yellow (the last): "
        f"{article(f'{d.rows}x{d.cols}')} board is past what an SVG draws as vectors.</desc>",
        f'<image class="ramp" width="{w}" height="{h}" preserveAspectRatio="none" '
        f'style="image-rendering:pixelated" href="data:image/png;base64,{data}"/>',
        _svg_mark("start", x0, y0, radius, palette.START, f"start {ramp.start}"),
        _svg_mark("end", x1, y1, radius, palette.END, f"end {ramp.end}"),
        "</svg>",
    ]) + "\n"


def partial_svg(
    board_or_error: Any, *, holes: Any = None, size: int = DEFAULT_SIZE,
    numbers: bool | None = None, base: int = 0, title: str | None = None,
    board: Board | None = None,
) -> str:
    """A partial tour as an SVG: a :class:`knight.DeadEndError`, or its board.

    The board holds the steps 0..n-1 and ``-1`` on the squares never
    reached, which are drawn plain (no path, no number); ``holes``, a boolean
    array of the board's shape, marks those of them that are holes, drawn
    as a tour's holes are.  The end of the path (red) is where the knight
    stuck.  ``board``, the :class:`knight.Board` searched, gives the piece's
    moves and wrap-around (the knight on a flat board by default) and, when
    ``holes`` is not given, the holes.  Options as :func:`to_svg`.

    >>> import knight
    >>> from knight.render import partial_svg
    >>> try:
    ...     knight.solve(8, start=(2, 4), method="warnsdorff", tie_break="first")
    ... except knight.DeadEndError as error:
    ...     svg = partial_svg(error, size=400)
    >>> svg.count("<text")       # a number on each of the 60 squares reached
    60
    """
    return _svg(_of_partial(board_or_error, holes, board), size, numbers, base, title)

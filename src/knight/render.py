"""Pictures of tours: SVG with no dependency, PNG and animated GIF with Pillow.

The SVG draws a checkered board (one ``<pattern>``, so a 500x500 board is
not 250 000 rectangles), the path as one ``<polyline>`` through the square
centres in tour order, the start and end marked, the closing move dashed for
closed tours and, where they fit, step numbers in the squares.  Sizes scale
so the picture stays about ``size`` pixels across whatever the board.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

import numpy as np

from .geometry import check_memory

if TYPE_CHECKING:
    from .tour import Tour

LIGHT = "#f0d9b5"
DARK = "#b58863"
#: On boards whose squares are only a few pixels, strong squares turn into a
#: moire that hides the path: draw them faint instead.
FAINT_LIGHT = "#f8f1e6"
FAINT_DARK = "#e6d3b8"
FAINT_BELOW = 12
LINE = "#1f3a93"
START = "#2e7d32"
END = "#c62828"

#: Squares smaller than this (in pixels) get no step numbers.
MIN_CELL_FOR_NUMBERS = 14


#: Peak memory of :func:`to_svg` per square, with room to spare.
SVG_BYTES_PER_SQUARE = 320


def _cell_size(rows: int, cols: int, size: int) -> float:
    return max(0.5, min(64.0, size / max(rows, cols)))


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def to_svg(
    tour: Tour,
    *,
    size: int = 640,
    numbers: bool | None = None,
    base: int = 0,
    title: str | None = None,
) -> str:
    """The tour as an SVG document (a string).

    ``size`` is the longer side in pixels (squares never exceed 64 px);
    ``numbers`` writes the step numbers (from ``base``) in the squares, by
    default when they fit.

    >>> import knight
    >>> svg = knight.solve(5).to_svg()
    >>> svg.startswith("<svg") and svg.count("<polyline") == 1
    True
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 16:
        raise ValueError(f"size must be an integer number of pixels >= 16, got {size!r}")
    if base not in (0, 1):
        raise ValueError(f"base must be 0 or 1, got {base!r}")
    rows, cols = tour.rows, tour.cols
    # The points go through Python floats and strings: about 280 bytes per
    # square at the peak (measured), 25 GiB for a 10^8-square tour.
    check_memory(SVG_BYTES_PER_SQUARE * rows * cols,
                 f"an SVG picture of a {rows}x{cols} tour")
    cell = _cell_size(rows, cols, size)
    width, height = cell * cols, cell * rows
    n = rows * cols
    digits = len(str(n - 1 + base))
    fits = cell >= MIN_CELL_FOR_NUMBERS and cell >= 6.5 * digits * 0.55
    if numbers is None:
        numbers = fits
    faint = cell < FAINT_BELOW
    light, dark = (FAINT_LIGHT, FAINT_DARK) if faint else (LIGHT, DARK)
    stroke = max(0.3, cell * (0.16 if faint else 0.07))
    path = tour.path.astype(np.float64) * cell + cell / 2
    points = " ".join(f"{_fmt(x)},{_fmt(y)}" for y, x in path.tolist())
    kind = "closed" if tour.closed else "open"
    label = title if title is not None else f"{kind} knight's tour of a {rows}x{cols} board"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" role="img">',
        f"<title>{escape(label)}</title>",
        "<defs>",
        f'<pattern id="checker" width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" '
        'patternUnits="userSpaceOnUse">',
        f'<rect width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" fill="{light}"/>',
        f'<rect x="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        f'<rect y="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        "</pattern>",
        "</defs>",
        f'<rect class="board" width="{_fmt(width)}" height="{_fmt(height)}" fill="url(#checker)"/>',
    ]
    if numbers:
        # In the square's top-left corner, clear of the path through its centre.
        font = cell * (0.3 if digits <= 2 else 0.85 / digits)
        out.append(
            f'<g class="steps" font-family="sans-serif" font-size="{_fmt(font)}" '
            'fill="#222" fill-opacity="0.8">'
        )
        for (r, c), v in np.ndenumerate(tour.board):
            out.append(
                f'<text x="{_fmt(c * cell + cell * 0.06)}" '
                f'y="{_fmt(r * cell + cell * 0.06 + font)}">'
                f"{v + base}</text>"
            )
        out.append("</g>")
    out.append(
        f'<polyline class="path" points="{points}" fill="none" stroke="{LINE}" '
        f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" stroke-linecap="round"/>'
    )
    (y0, x0), (y1, x1) = path[0].tolist(), path[-1].tolist()
    if tour.closed:
        out.append(
            f'<line class="closing" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x0)}" '
            f'y2="{_fmt(y0)}" stroke="{LINE}" stroke-width="{_fmt(stroke)}" '
            f'stroke-dasharray="{_fmt(stroke * 3)} {_fmt(stroke * 2)}"/>'
        )
    radius = max(0.6, cell * 0.16)
    out.append(
        f'<circle class="start" cx="{_fmt(x0)}" cy="{_fmt(y0)}" r="{_fmt(radius)}" '
        f'fill="{START}"><title>start {tour.start}</title></circle>'
    )
    out.append(
        f'<circle class="end" cx="{_fmt(x1)}" cy="{_fmt(y1)}" r="{_fmt(radius)}" '
        f'fill="{END}"><title>end {tour.end}</title></circle>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def require_pillow() -> Any:
    """Pillow's ``Image`` and ``ImageDraw``, or ImportError naming the extra."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise ImportError(
            "PNG and GIF output needs Pillow: pip install 'knight-tour[plot]'"
        ) from None
    return Image, ImageDraw


def _rgb_tuple(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _rgb(colour: str) -> np.ndarray:
    return np.array(_rgb_tuple(colour), dtype=np.uint8)


def _base_image(tour: Tour, cell: int) -> Any:
    Image, _ = require_pillow()
    rows, cols = tour.rows, tour.cols
    faint = cell < FAINT_BELOW
    light = _rgb(FAINT_LIGHT if faint else LIGHT)
    dark = _rgb(FAINT_DARK if faint else DARK)
    r = np.arange(rows * cell) // cell
    c = np.arange(cols * cell) // cell
    odd = ((r[:, None] + c[None, :]) & 1).astype(bool)
    pixels = np.where(odd[..., None], dark, light)
    return Image.fromarray(pixels, "RGB")


def _raster_cell(tour: Tour, size: int) -> int:
    return max(1, min(64, size // max(tour.rows, tour.cols)))


def _draw_path(draw: Any, tour: Tour, cell: int, upto: int) -> None:
    pts = (tour.path[:upto].astype(np.float64) * cell + (cell - 1) / 2)[:, ::-1]
    width = max(1, round(cell * (0.16 if cell < FAINT_BELOW else 0.08)))
    if upto > 1:
        draw.line([tuple(p) for p in pts.tolist()], fill=LINE, width=width, joint="curve")


def _marks(draw: Any, tour: Tour, cell: int, upto: int) -> None:
    rad = max(1.0, cell * 0.16)
    y0, x0 = (np.array(tour.path[0], dtype=float) * cell + (cell - 1) / 2).tolist()
    draw.ellipse([x0 - rad, y0 - rad, x0 + rad, y0 + rad], fill=START)
    if upto == len(tour):
        y1, x1 = (np.array(tour.path[-1], dtype=float) * cell + (cell - 1) / 2).tolist()
        if tour.closed:
            draw.line([(x1, y1), (x0, y0)], fill=END, width=max(1, round(cell * 0.08)))
        draw.ellipse([x1 - rad, y1 - rad, x1 + rad, y1 + rad], fill=END)


def to_png(tour: Tour, path: str | os.PathLike[str], *, size: int = 640) -> None:
    """Save the tour as a PNG (needs Pillow, the ``plot`` extra)."""
    cell = _raster_cell(tour, size)
    image = _base_image(tour, cell)
    _, ImageDraw = require_pillow()
    draw = ImageDraw.Draw(image)
    _draw_path(draw, tour, cell, len(tour))
    _marks(draw, tour, cell, len(tour))
    image.save(path, format="PNG")


def to_gif(
    tour: Tour, path: str | os.PathLike[str], *, size: int = 480, frames: int = 60,
    duration: int = 80,
) -> None:
    """Save an animated GIF of the knight's progress (needs Pillow).

    ``frames`` pictures (at most one per step), ``duration`` ms each; the last
    one is held three times as long.
    """
    if not isinstance(frames, int) or frames < 2:
        raise ValueError(f"frames must be an integer >= 2, got {frames!r}")
    cell = _raster_cell(tour, size)
    _, ImageDraw = require_pillow()
    board = _base_image(tour, cell)
    n = len(tour)
    stops = sorted({max(1, round(n * (i + 1) / frames)) for i in range(min(frames, n))})
    images = []
    for upto in stops:
        image = board.copy()
        draw = ImageDraw.Draw(image)
        _draw_path(draw, tour, cell, upto)
        _marks(draw, tour, cell, upto)
        images.append(image.convert("P", palette=1, colors=16))
    durations = [duration] * (len(images) - 1) + [duration * 3]
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:], loop=0,
                   duration=durations)


def save(tour: Tour, path: str | os.PathLike[str], **options: Any) -> None:
    """Save by extension: ``.svg`` (no dependency), ``.png`` or ``.gif`` (Pillow)."""
    name = os.fspath(path)
    ext = os.path.splitext(name)[1].lower()
    if ext == ".svg":
        # Drawn before the file is opened: a bad option or a refusal must
        # not leave an empty file behind (or truncate an existing one).
        svg = to_svg(tour, **options)
        with open(name, "w", encoding="utf-8") as f:
            f.write(svg)
    elif ext == ".png":
        to_png(tour, name, **options)
    elif ext == ".gif":
        to_gif(tour, name, **options)
    else:
        raise ValueError(f"cannot save a tour as {ext or 'a file without extension'!r}: "
                         "use .svg, .png or .gif")

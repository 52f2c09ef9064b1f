"""Strokes, dots and step numbers on a Pillow image: what PNG, GIF and sheets share.

Pillow is optional (the ``plot`` extra): it is imported only inside these
functions, on first use, and :func:`require_pillow` names the extra when it
is missing.  The dashes follow the SVG's dash pattern, so the formats agree.
The start and end marks over the colour ramp are drawn here too, which is
why this module sits above :mod:`~knight.render.ramp`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..board import Board
from ..geometry import Square
from .drawing import _Drawing
from .palette import HALO, TEXT, _rgb_tuple
from .path import Segment, _seam_stubs, _steps_on_path, path_runs
from .ramp import _ramp_centre, _ramp_radius
from .sizing import Layout, _stroke


def require_pillow() -> Any:
    """Pillow's ``Image`` and ``ImageDraw``, or ImportError naming the extra."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise ImportError(
            "PNG and GIF output needs Pillow: pip install 'knight-tour[plot]' (from a source "
            "checkout: pip install '.[plot]')"
        ) from None
    return Image, ImageDraw


# ``margin`` (pixels) shifts a puzzle sheet's grid inside its paper; a tour's
# picture has none, and 0.0 added changes no coordinate.


def _centre(square: Any, cell: float, margin: float = 0.0) -> tuple[float, float]:
    """Pixel coordinates (x, y) of a square's centre (Pillow: pixel centres at integers)."""
    r, c = square
    return (margin + (c + 0.5) * cell - 0.5, margin + (r + 0.5) * cell - 0.5)


def _line(draw: Any, path: np.ndarray, cell: float, fill: Any, width: int,
          geometry: Board | None = None, wrap_fill: Any = None, margin: float = 0.0) -> None:
    """The path's runs, and (in ``wrap_fill``) the stubs of its seam moves."""
    for run in path_runs(path, geometry):
        if len(run) > 1:
            draw.line([_centre(p, cell, margin) for p in run.tolist()], fill=fill, width=width,
                      joint="curve")
    if wrap_fill is not None:
        _stubs(draw, _seam_stubs(path, geometry, False, cell), cell, wrap_fill, width, margin)


def _stubs(draw: Any, stubs: list[Segment], cell: float, fill: Any, width: int,
           margin: float = 0.0) -> None:
    """Seam stubs dashed as in SVG (dash 2, gap 1.5 stroke widths), in pixel
    coordinates (Pillow puts pixel centres at integers)."""
    for (xa, ya), (xb, yb) in stubs:
        _dash(draw, (margin + xa - 0.5, margin + ya - 0.5), (margin + xb - 0.5, margin + yb - 0.5),
              cell, fill, width, 2.0, 1.5)


def _dashed(draw: Any, a: Square, b: Square, cell: float, fill: Any, width: int) -> None:
    """The closing move dashed as in SVG (dash 3, gap 2 stroke widths)."""
    _dash(draw, _centre(a, cell), _centre(b, cell), cell, fill, width, 3.0, 2.0)


def _dash(draw: Any, p0: tuple[float, float], p1: tuple[float, float], cell: float, fill: Any,
          width: int, on: float, off: float) -> None:
    (x0, y0), (x1, y1) = p0, p1
    length = float(np.hypot(x1 - x0, y1 - y0))
    if length == 0:
        return
    stroke = _stroke(cell)
    dash, gap = max(2.0, on * stroke), max(2.0, off * stroke)
    s = 0.0
    while s < length:
        e = min(s + dash, length)
        draw.line([(x0 + (x1 - x0) * s / length, y0 + (y1 - y0) * s / length),
                   (x0 + (x1 - x0) * e / length, y0 + (y1 - y0) * e / length)],
                  fill=fill, width=width)
        s = e + gap


def _dot(draw: Any, xy: tuple[float, float], radius: float, fill: Any, ring: Any) -> None:
    x, y = xy
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill, outline=ring,
                 width=max(1, round(radius * 0.25)) if radius >= 3 else 0)


def _ramp_dots(draw: Any, lay: Layout, d: _Drawing, marks: Iterable[tuple[Square, Any]],
               ring: Any) -> None:
    """Marks (square, colour) over the colour ramp: a dot at each square's pixels."""
    radius = _ramp_radius(lay)
    for square, colour in marks:
        y, x = _ramp_centre(lay, d, square)
        _dot(draw, (x - 0.5, y - 0.5), radius, colour, ring)


def _glyphs(size: float) -> tuple[dict[str, tuple[int, int, np.ndarray, np.ndarray, float]],
                                  int]:
    """Each digit drawn once: (left, top from the baseline, halo alpha, ink
    alpha, advance), and the halo width.  Pasting these is some twenty
    times faster than asking Pillow for each number."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(size=max(1, round(size)))
    halo = max(1, round(size * 0.1))
    glyphs = {}
    for ch in "0123456789":
        left, top, right, bottom = (
            int(v) for v in font.getbbox(ch, anchor="ls", stroke_width=halo))
        alphas = []
        for stroke in (halo, 0):
            image = Image.new("L", (right - left, bottom - top), 0)
            ImageDraw.Draw(image).text((-left, -top), ch, font=font, fill=255, anchor="ls",
                                       stroke_width=stroke, stroke_fill=255)
            alphas.append(np.asarray(image, dtype=np.uint16)[..., None])
        glyphs[ch] = (left, top, alphas[0], alphas[1], float(font.getlength(ch)))
    return glyphs, halo


def _number_places(d: _Drawing, cell: float, font_size: float, base: int
                   ) -> list[tuple[int, int, int, np.ndarray, np.ndarray]]:
    """Where each digit of the step numbers goes, as SVG places them: (step,
    left, top, halo alpha, ink alpha) for each digit, in reading order."""
    glyphs, _ = _glyphs(font_size)
    places: list[tuple[int, int, int, np.ndarray, np.ndarray]] = []
    for r, c, v in _steps_on_path(d.board):
        x = c * cell + cell * 0.06
        y = round(r * cell + cell * 0.06 + font_size)
        for ch in str(v + base):
            left, top, halo, ink, advance = glyphs[ch]
            places.append((v, round(x) + left, y + top, halo, ink))
            x += advance
    return places


def _clip(alpha: np.ndarray, x0: int, y0: int, height: int, width: int
          ) -> tuple[slice, slice, np.ndarray] | None:
    """The part of a glyph at (x0, y0) inside a ``height`` x ``width``
    picture: its rows and columns there, and its alpha; None if outside."""
    h, w = alpha.shape[:2]
    ys, xs = max(0, -y0), max(0, -x0)
    ye, xe = min(h, height - y0), min(w, width - x0)
    if ys >= ye or xs >= xe:
        return None
    return slice(y0 + ys, y0 + ye), slice(x0 + xs, x0 + xe), alpha[ys:ye, xs:xe]


def _numbers(rgb: np.ndarray, d: _Drawing, cell: float, font_size: float, base: int) -> None:
    """Write the step numbers into ``rgb`` as SVG places them: all the halos
    first, then the ink, so no halo covers a neighbouring digit."""
    height, width = rgb.shape[:2]
    places = _number_places(d, cell, font_size, base)
    for inked, colour in ((False, HALO), (True, TEXT)):
        value = np.array(_rgb_tuple(colour), dtype=np.uint16)
        for _, x0, y0, halo_alpha, ink_alpha in places:
            clipped = _clip(ink_alpha if inked else halo_alpha, x0, y0, height, width)
            if clipped is None:
                continue
            rs, cs, a = clipped
            region = rgb[rs, cs]
            region[...] = (region * (255 - a) + value * a + 127) // 255


class _NumberLayer:
    """The step numbers in palette indices, for a GIF: :meth:`add` writes the
    numbers of the steps the knight has reached so far, and :meth:`paste`
    lays them over a frame.  A palette has no blending, so each glyph's
    pixels are its halo or its ink where their alpha is at least half."""

    def __init__(self, d: _Drawing, cell: float, font_size: float, base: int, height: int,
                 width: int, halo: int, ink: int) -> None:
        self.places = sorted(_number_places(d, cell, font_size, base), key=lambda p: p[0])
        self.index = np.zeros((height, width), dtype=np.uint8)
        self.mask = np.zeros((height, width), dtype=np.uint8)
        self.inked = np.zeros((height, width), dtype=bool)
        self.colours = (halo, ink)
        self.done = 0

    def add(self, upto: int) -> None:
        """Write the numbers of the steps below ``upto`` (steps from 0)."""
        height, width = self.index.shape
        halo, ink = self.colours
        while self.done < len(self.places) and self.places[self.done][0] < upto:
            _, x0, y0, halo_alpha, ink_alpha = self.places[self.done]
            self.done += 1
            for inked, alpha in ((False, halo_alpha), (True, ink_alpha)):
                clipped = _clip(alpha[..., 0], x0, y0, height, width)
                if clipped is None:
                    continue
                rs, cs, a = clipped
                on = a >= 128
                if not inked:  # a halo never covers a digit already written
                    on &= ~self.inked[rs, cs]
                self.index[rs, cs][on] = ink if inked else halo
                self.mask[rs, cs][on] = 255
                if inked:
                    self.inked[rs, cs] |= on

    def paste(self, frame: Any) -> None:
        """Lay the numbers written so far over ``frame`` (a palette image)."""
        from PIL import Image

        frame.paste(Image.fromarray(self.index, "P"), (0, 0), Image.fromarray(self.mask, "L"))

"""PNG pictures of tours and partial tours (needs Pillow, the ``plot`` extra).

The picture :mod:`~knight.render.svg` draws at the same options, in pixels:
the path over the checkered board, or the colour ramp.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board
from .drawing import _Drawing, _of_partial, _of_tour
from .palette import END, HALO, LINE, PALETTE, START, WRAP
from .path import _closing, _seam_stubs
from .pillow import _centre, _dashed, _dot, _line, _numbers, _ramp_dots, _stubs, require_pillow
from .pixels import _board_pixels
from .ramp import _ramp, _ramp_pixels
from .sizing import DEFAULT_SIZE, _check_options, _numbering, _refuse_numbers, _stroke, layout

if TYPE_CHECKING:
    from ..tour import Tour


def to_png(
    tour: Tour, path: str | os.PathLike[str], *, size: int = DEFAULT_SIZE,
    numbers: bool | None = None, base: int = 0,
) -> None:
    """Save the tour as a PNG (needs Pillow, the ``plot`` extra).

    The same picture as :func:`to_svg` at the same ``size``, ``numbers``
    and ``base``: the path, or past the vector limits the colour ramp.
    """
    _png(_of_tour(tour), path, size, numbers, base)


def _png(d: _Drawing, target: str | os.PathLike[str], size: int, numbers: bool | None,
         base: int) -> None:
    lay = layout(d.rows, d.cols, size)
    _check_options(numbers, base)
    Image, ImageDraw = require_pillow()
    if not lay.path:
        if numbers:
            _refuse_numbers(d.rows, d.cols, size)
        ramp = _ramp(d, lay)
        image = Image.fromarray(PALETTE[_ramp_pixels(d, ramp, lay)], "RGB")
        _ramp_dots(ImageDraw.Draw(image), lay, d, ((ramp.start, START), (ramp.end, END)), HALO)
        image.save(target, format="PNG")
        return
    cell = lay.cell
    path = d.path()
    image = Image.fromarray(PALETTE[_board_pixels(d, lay)], "RGB")
    draw = ImageDraw.Draw(image)
    width = max(1, round(_stroke(cell)))
    _line(draw, path, cell, LINE, width, d.geometry)
    _stubs(draw, _seam_stubs(path, d.geometry, d.closed, cell), cell, WRAP, width)
    closing = _closing(path, d.geometry)
    if d.closed and closing is not None:
        _dashed(draw, *closing, cell, LINE, width)
    draw_numbers, font = _numbering(d.rows, d.cols, cell, numbers, base)
    if draw_numbers:
        rgb = np.array(image)
        _numbers(rgb, d, cell, font, base)
        image = Image.fromarray(rgb, "RGB")
        draw = ImageDraw.Draw(image)
    radius = max(1.0, cell * 0.16)
    _dot(draw, _centre(path[0], cell), radius, START, HALO)
    _dot(draw, _centre(path[-1], cell), radius, END, HALO)
    image.save(target, format="PNG")


def partial_png(
    board_or_error: Any, path: str | os.PathLike[str], *, holes: Any = None,
    size: int = DEFAULT_SIZE, numbers: bool | None = None, base: int = 0,
    board: Board | None = None,
) -> None:
    """Save a partial tour as a PNG, as :func:`partial_svg` draws it (needs Pillow)."""
    _png(_of_partial(board_or_error, holes, board), path, size, numbers, base)

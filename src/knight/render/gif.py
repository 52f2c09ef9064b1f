"""Animated GIFs of a tour's progress (needs Pillow, the ``plot`` extra).

Each frame is drawn straight in the palette's indices (no quantising that
could lose a mark): the path grows on one canvas, or past the vector limits
the colour ramp fills in as the knight goes.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from .drawing import _of_tour
from .palette import _END, _HALO, _LIGHT, _LINE, _START, _WRAP, PALETTE
from .path import _closing, _seam_stubs
from .pillow import _centre, _dashed, _dot, _line, _ramp_dots, _stubs, require_pillow
from .pixels import _board_pixels
from .ramp import _find_steps, _ramp, _ramp_pixels
from .sizing import DEFAULT_SIZE, _stroke, check_size, layout

if TYPE_CHECKING:
    from ..tour import Tour


def to_gif(
    tour: Tour, path: str | os.PathLike[str], *, size: int = DEFAULT_SIZE, frames: int = 60,
    duration: int = 80,
) -> None:
    """Save an animated GIF of the knight's progress (needs Pillow).

    ``frames`` pictures (at most one per step), ``duration`` ms each; the last
    one is held three times as long.  Each frame marks the knight's square
    in red.  The picture is :func:`to_png`'s at the same ``size``, without
    step numbers; past the vector limits the colour ramp fills in as the
    knight goes.
    """
    size = check_size(size)
    for name, value, least in (("frames", frames, 2), ("duration", duration, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, got {value!r}")
    d = _of_tour(tour)
    lay = layout(d.rows, d.cols, size)
    Image, ImageDraw = require_pillow()
    images = []
    if lay.path:
        cell = lay.cell
        tour_path = d.path()
        n = len(tour_path)
        width = max(1, round(_stroke(cell)))
        radius = max(1.0, cell * 0.16)
        canvas = Image.fromarray(_board_pixels(d, lay), "P")
        canvas.putpalette(PALETTE.tobytes())
        draw = ImageDraw.Draw(canvas)
        done = 1
        # The path grows on one canvas; each frame is a copy with the marks.
        closing = _closing(tour_path, d.geometry)
        for upto in _stops(n, frames):
            _line(draw, tour_path[done - 1:upto], cell, _LINE, width, d.geometry, _WRAP)
            done = upto
            frame = canvas.copy()
            marks = ImageDraw.Draw(frame)
            if upto == n and d.closed and closing is not None:
                _dashed(marks, *closing, cell, _LINE, width)
            if upto == n and d.closed and closing is None:
                _stubs(marks, _seam_stubs(tour_path[[-1, 0]], d.geometry, False, cell), cell,
                       _WRAP, width)
            _dot(marks, _centre(tour_path[0], cell), radius, _START, _HALO)
            _dot(marks, _centre(tour_path[upto - 1], cell), radius, _END, _HALO)
            images.append(frame)
    else:
        ramp = _ramp(d, lay)
        stops = _stops(ramp.last + 1, frames)
        where = _find_steps(d, np.array([s - 1 for s in stops], dtype=np.int64))
        full = _ramp_pixels(d, ramp, lay)
        ix = np.ix_(ramp.rows, ramp.cols)
        first, hole = ramp.first[ix], ramp.hole[ix]
        for upto in stops:
            # A pixel takes its colour when the knight first reaches it.
            frame = Image.fromarray(np.where((first < upto) | hole, full, np.uint8(_LIGHT)), "P")
            frame.putpalette(PALETTE.tobytes())
            _ramp_dots(ImageDraw.Draw(frame), lay, d,
                       ((ramp.start, _START), (where[upto - 1], _END)), _HALO)
            images.append(frame)
    durations = [duration] * (len(images) - 1) + [duration * 3]
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:], loop=0,
                   duration=durations, optimize=False)


def _stops(n: int, frames: int) -> list[int]:
    """How many steps each frame shows."""
    return sorted({max(1, round(n * (i + 1) / frames)) for i in range(min(frames, n))})

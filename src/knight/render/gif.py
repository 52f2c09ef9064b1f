"""Animated GIFs of a tour's progress (needs Pillow, the ``plot`` extra).

Each frame is drawn straight in the palette's indices (no quantising that
could lose a mark): the path grows on one canvas, the step numbers appear as
the knight reaches their squares, or past the vector limits the colour ramp
fills in as the knight goes.  There is one frame per square, the start then
one per move, up to :data:`GIF_MAX_FRAMES`; a longer tour gets that many
frames, the moves between them skipped evenly.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..board import Board
from .drawing import _Drawing, _of_partial, _of_tour
from .palette import _END, _HALO, _LIGHT, _LINE, _START, _TEXT, _WRAP, PALETTE
from .path import _closing, _seam_stubs
from .pillow import (
    _centre,
    _dashed,
    _dot,
    _line,
    _NumberLayer,
    _ramp_dots,
    _stubs,
    require_pillow,
)
from .pixels import _board_pixels
from .ramp import _find_steps, _ramp, _ramp_pixels
from .sizing import (
    DEFAULT_SIZE,
    _check_options,
    _numbering,
    _refuse_numbers,
    _stroke,
    check_size,
    layout,
)

if TYPE_CHECKING:
    from ..tour import Tour


#: The most frames a GIF gets by default: one per square up to this many (a
#: 16x16 board), and past it this many, the moves between them skipped
#: evenly.  The frames are held in memory until the file is written (some
#: 400 kB each at 640 px).
GIF_MAX_FRAMES = 256


def to_gif(
    tour: Tour, path: str | os.PathLike[str], *, size: int = DEFAULT_SIZE,
    frames: int | None = None, duration: int = 80, numbers: bool | None = None, base: int = 0,
) -> None:
    """Save an animated GIF of the knight's progress (needs Pillow).

    One frame per square by default: the start, then one per move, so every
    move is seen.  Past :data:`GIF_MAX_FRAMES` squares the GIF has that many
    frames and the moves between them are skipped evenly; ``frames`` asks
    for another number (at least 2, at most one per square).  Each frame
    shows ``duration`` ms, the last one three times as long, and marks the
    knight's square in red.  The picture is :func:`to_png`'s at the same
    ``size``; the step numbers (``numbers`` and ``base`` as there: by
    default when the squares are large enough) appear as the knight reaches
    their squares.  Past the vector limits the colour ramp fills in as the
    knight goes, with no numbers.
    """
    _gif(_of_tour(tour), path, size, frames, duration, numbers, base)


def partial_gif(
    board_or_error: Any, path: str | os.PathLike[str], *, holes: Any = None,
    size: int = DEFAULT_SIZE, frames: int | None = None, duration: int = 80,
    numbers: bool | None = None, base: int = 0, board: Board | None = None,
) -> None:
    """Save an animated GIF of a partial tour, up to the square where the
    knight stuck (red on the last frame): a :class:`knight.DeadEndError`, or
    its board.  ``holes`` and ``board`` as :func:`partial_svg`, the other
    options as :func:`to_gif` (needs Pillow)."""
    _gif(_of_partial(board_or_error, holes, board), path, size, frames, duration, numbers,
         base)


def _gif(d: _Drawing, path: str | os.PathLike[str], size: int, frames: int | None,
         duration: int, numbers: bool | None, base: int) -> None:
    size = check_size(size)
    for name, value, least in (("frames", frames, 2), ("duration", duration, 1)):
        if value is None and name == "frames":
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise ValueError(f"{name} must be an integer >= {least}, got {value!r}")
    _check_options(numbers, base)
    frames = GIF_MAX_FRAMES if frames is None else frames
    lay = layout(d.rows, d.cols, size)
    Image, ImageDraw = require_pillow()
    if not lay.path and numbers:
        _refuse_numbers(d.rows, d.cols, size)
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
        draw_numbers, font = _numbering(d.rows, d.cols, cell, numbers, base)
        layer = (_NumberLayer(d, cell, font, base, lay.height, lay.width, _HALO, _TEXT)
                 if draw_numbers else None)
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
            if layer is not None:  # the numbers over the path, under the marks
                layer.add(upto)
                layer.paste(frame)
                marks = ImageDraw.Draw(frame)
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
    """How many steps each frame shows: every step while ``frames`` >= ``n``,
    else ``frames`` stops spread evenly, the last showing all ``n``."""
    k = min(frames, n)
    return sorted({max(1, round(n * (i + 1) / k)) for i in range(k)})

"""How big a picture is, and what fits in it: one rule for every format.

:func:`layout` chooses between the path and the colour ramp and gives the
picture's size; the stroke width and whether step numbers fit are decided
here too, so every format draws one tour alike.  The limits (the least
square the path is drawn on, the most squares drawn as vectors, the memory
budgets) live here with the rule that uses them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from ..geometry import article
from . import palette
from .palette import FAINT_BELOW

#: The default ``size``, in pixels, of every format.
DEFAULT_SIZE = 640
#: The smallest ``size`` accepted.
MIN_SIZE = 16
#: Squares are never drawn larger than this, in pixels.
MAX_CELL = 64
#: Squares smaller than this (in pixels) get no step numbers by default...
MIN_CELL_FOR_NUMBERS = 14
#: ...nor do numbers whose font would be smaller than this (in pixels): at
#: 5x5 px a digit is a smudge in a PNG, and in an SVG at its own size.
MIN_FONT = 6
#: Below this many pixels a square, the path is a texture with no shape left
#: (a 200x200 tour at 640 px is a blue weave; its ramp shows the spiral):
#: the picture is the colour ramp instead.
MIN_PATH_CELL = 5
#: The most squares drawn as vectors (the path, one number per square): past
#: them an SVG holds the ramp as an embedded PNG, and PNG and GIF draw the ramp.
MAX_VECTOR_SQUARES = 250_000

#: Peak memory of a vector SVG per square, with room to spare.
SVG_BYTES_PER_SQUARE = 320
#: Peak memory of the rasters per pixel (index, RGB, ramp statistics).
RASTER_BYTES_PER_PIXEL = 64
#: Squares of the step board read at once by the ramp: its temporaries are a
#: few MB whatever the board.
TILE = 1 << 18


def _row_tiles(board: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
    """``board`` in bands of whole rows, about :data:`TILE` squares each:
    (the band's first row, the band).  What reads a whole step board reads
    it this way, so its temporaries stay a few MB whatever the board."""
    span = max(1, TILE // board.shape[1])
    for r0 in range(0, board.shape[0], span):
        yield r0, board[r0:r0 + span]


def check_size(size: Any) -> int:
    """``size`` as an int, or ValueError: every format checks it this way.

    >>> from knight.render import check_size
    >>> check_size(640)
    640
    >>> check_size(2.5)
    Traceback (most recent call last):
    ...
    ValueError: size must be an integer number of pixels >= 16, got 2.5
    """
    if (not isinstance(size, (int, np.integer)) or isinstance(size, (bool, np.bool_))
            or size < MIN_SIZE):
        raise ValueError(
            f"size must be an integer number of pixels >= {MIN_SIZE}, got {size!r}"
        )
    return int(size)


def _check_options(numbers: Any, base: Any) -> None:
    if numbers is not None and not isinstance(numbers, (bool, np.bool_)):
        raise ValueError(f"numbers must be True, False or None, got {numbers!r}")
    if base not in (0, 1) or isinstance(base, float):
        raise ValueError(f"base must be 0 or 1, got {base!r}")


class Layout(NamedTuple):
    """How a board is drawn at a size: see :func:`layout`."""

    path: bool
    """True: the path (vectors); False: the colour ramp."""
    cell: float
    """Pixels per square (a fraction of a pixel on big boards)."""
    width: int
    height: int


def layout(rows: int, cols: int, size: int = DEFAULT_SIZE) -> Layout:
    """How every format draws a ``rows`` x ``cols`` board at ``size`` pixels.

    The path while squares get at least :data:`.MIN_PATH_CELL` pixels and
    there are at most :data:`.MAX_VECTOR_SQUARES` of them, else the colour
    ramp; ``width`` and ``height`` are the picture's, in pixels.

    >>> from knight.render import layout
    >>> layout(8, 8)
    Layout(path=True, cell=64, width=512, height=512)
    >>> layout(1000, 1000).path, layout(1000, 1000).width
    (False, 640)
    """
    size = check_size(size)
    cell = min(float(MAX_CELL), size / max(rows, cols))
    vector = cell >= MIN_PATH_CELL and rows * cols <= MAX_VECTOR_SQUARES
    cell_out: float = int(cell) if cell == int(cell) else cell
    return Layout(vector, cell_out, max(1, round(cell * cols)), max(1, round(cell * rows)))


def _stroke(cell: float) -> float:
    return max(0.3, cell * (0.16 if cell < FAINT_BELOW else 0.07))


class _Style(NamedTuple):
    """How a path picture is drawn at a cell size: the numbers and their font,
    the two square colours (faint on small squares) and the path's stroke."""

    numbers: bool
    font: float
    light: str
    dark: str
    stroke: float


def _style(rows: int, cols: int, cell: float, numbers: bool | None, base: int) -> _Style:
    """The one rule the vector formats (SVG, the HTML page) draw a tour by."""
    draw_numbers, font = _numbering(rows, cols, cell, numbers, base)
    faint = cell < FAINT_BELOW
    light, dark = ((palette.FAINT_LIGHT, palette.FAINT_DARK) if faint
                   else (palette.LIGHT, palette.DARK))
    return _Style(draw_numbers, font, light, dark, _stroke(cell))


def _numbering(rows: int, cols: int, cell: float, numbers: bool | None,
               base: int) -> tuple[bool, float]:
    """Whether step numbers are drawn, and their font size: one rule for all formats."""
    digits = len(str(rows * cols - 1 + base))
    font = cell * (0.3 if digits <= 2 else 0.85 / digits)
    fits = cell >= MIN_CELL_FOR_NUMBERS and cell >= 6.5 * digits * 0.55 and font >= MIN_FONT
    return (fits if numbers is None else bool(numbers)), font


def _refuse_numbers(rows: int, cols: int, size: int) -> None:
    """ValueError for ``numbers=True`` on a board the layout draws as a colour ramp."""
    raise ValueError(
        f"numbers=True: {article(f'{rows}x{cols}')} board at size={size} is drawn as a "
        "colour ramp, "
        f"with no room for step numbers (the path is drawn up to {MAX_VECTOR_SQUARES:,} squares "
        f"of at least {MIN_PATH_CELL} px)"
    )

"""The colours of every picture, and the one palette the rasters are drawn in.

The colours are named once here so an SVG, a PNG and a GIF of one tour agree
to the pixel; :data:`PALETTE` holds them (then the viridis ramp) as the
indices a GIF is drawn in directly.
"""

from __future__ import annotations

import numpy as np

LIGHT = "#f0d9b5"
DARK = "#b58863"
#: On boards whose squares are only a few pixels, strong squares turn into a
#: moire that hides the path: draw them faint instead.
FAINT_LIGHT = "#f8f1e6"
FAINT_DARK = "#e6d3b8"
FAINT_BELOW = 12
LINE = "#1f3a93"
#: A move across the seam of a cylinder or torus: two dashed stubs in a
#: lighter blue, one leaving the board's edge and one entering the opposite
#: edge, so no line crosses the board.
WRAP = "#7d8fc4"
START = "#2e7d32"
END = "#c62828"
#: Holes (squares off the board, step -1 in a tour): dark grey, hatched lighter.
HOLE = "#3c3c3c"
HATCH = "#7a7a7a"
#: Squares a partial tour never reached: plain light grey, no path, no number.
UNREACHED = "#d6d6d6"
TEXT = "#222222"
HALO = "#ffffff"


#: Viridis (matplotlib's perceptual map, in nine stops), from the first step
#: to the last.
VIRIDIS = (
    "#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c",
    "#28ae80", "#5ec962", "#addc30", "#fde725",
)

# One palette for every raster: fixed colours first, then the ramp.  A GIF
# is drawn straight in these indices (no quantising that could lose a mark).
_FIXED = (LIGHT, DARK, FAINT_LIGHT, FAINT_DARK, HOLE, HATCH, LINE, START, END, TEXT, HALO,
          UNREACHED, WRAP)
(_LIGHT, _DARK, _FAINT_LIGHT, _FAINT_DARK, _HOLE, _HATCH, _LINE, _START, _END, _TEXT,
 _HALO, _UNREACHED, _WRAP) = range(len(_FIXED))
_RAMP0 = 16
_RAMP_LEVELS = 256 - _RAMP0


def _rgb_tuple(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _ramp_colours(t: np.ndarray) -> np.ndarray:
    """Viridis at ``t`` (floats in [0, 1]): uint8 RGB, one row per value."""
    table = np.array([_rgb_tuple(c) for c in VIRIDIS], dtype=np.float64)
    x = np.clip(t, 0.0, 1.0) * (len(table) - 1)
    i = np.minimum(x.astype(np.intp), len(table) - 2)
    f = (x - i)[..., None]
    rgb: np.ndarray = np.rint(table[i] * (1 - f) + table[i + 1] * f).astype(np.uint8)
    return rgb


def _palette() -> np.ndarray:
    pal = np.zeros((256, 3), dtype=np.uint8)
    pal[: len(_FIXED)] = [_rgb_tuple(c) for c in _FIXED]
    pal[_RAMP0:] = _ramp_colours(np.linspace(0.0, 1.0, _RAMP_LEVELS))
    return pal


PALETTE = _palette()

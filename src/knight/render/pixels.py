"""Pictures as arrays of palette indices, with numpy alone (no Pillow).

The PNG encoder (:func:`png_bytes`: an SVG embeds the colour ramp with it),
the diagonal hatch of holes, and the checkered board under the path that
PNG and GIF draw on.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

from ..geometry import check_memory
from .drawing import _Drawing
from .palette import (
    _DARK,
    _FAINT_DARK,
    _FAINT_LIGHT,
    _HATCH,
    _HOLE,
    _LIGHT,
    _UNREACHED,
    FAINT_BELOW,
)
from .sizing import RASTER_BYTES_PER_PIXEL, Layout


def png_bytes(index: np.ndarray, palette: np.ndarray) -> bytes:
    """A palette PNG of ``index`` (uint8, height x width) over ``palette``
    (up to 256 RGB rows), with the standard library's zlib: no Pillow.

    >>> import numpy as np
    >>> from knight.render import png_bytes, PALETTE
    >>> png_bytes(np.zeros((2, 3), np.uint8), PALETTE)[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    height, width = index.shape

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    raw = np.zeros((height, width + 1), dtype=np.uint8)  # filter byte 0 on each row
    raw[:, 1:] = index
    return b"".join([
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        chunk(b"PLTE", np.ascontiguousarray(palette, dtype=np.uint8).tobytes()),
        chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)),
        chunk(b"IEND", b""),
    ])


def _stripes(height: int, width: int, period: int) -> np.ndarray:
    """A diagonal hatch: True on one pixel in three of each ``period``."""
    y = np.arange(height, dtype=np.int64)[:, None]
    x = np.arange(width, dtype=np.int64)[None, :]
    stripes: np.ndarray = (x + y) % period < max(1, period // 3)
    return stripes


def _board_pixels(d: _Drawing, lay: Layout) -> np.ndarray:
    """Palette indices of the checkered board and its holes (path layout)."""
    check_memory(RASTER_BYTES_PER_PIXEL * lay.width * lay.height,
                 f"the {lay.width}x{lay.height} picture")
    cell = lay.cell
    r = np.minimum((np.arange(lay.height) + 0.5) / cell, d.rows - 1).astype(np.intp)
    c = np.minimum((np.arange(lay.width) + 0.5) / cell, d.cols - 1).astype(np.intp)
    odd = ((r[:, None] + c[None, :]) & 1).astype(bool)
    light, dark = (_FAINT_LIGHT, _FAINT_DARK) if cell < FAINT_BELOW else (_LIGHT, _DARK)
    index: np.ndarray = np.where(odd, np.uint8(dark), np.uint8(light))
    everywhere = (slice(None), slice(None))
    unreached = d.unreached(*everywhere)
    if unreached is not None and unreached.any():
        index[unreached[np.ix_(r, c)]] = _UNREACHED
    holes = d.holes(*everywhere)
    if holes is not None and holes.any():
        hole = holes[np.ix_(r, c)]
        stripes = _stripes(lay.height, lay.width, max(4, round(cell / 3)))
        index[hole] = np.where(stripes[hole], _HATCH, _HOLE)
    return index

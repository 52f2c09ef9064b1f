"""The colour ramp: the step board reduced to one mean step per pixel.

Boards past the vector limits are drawn this way in every format.  The step
board is read a tile at a time and the path is never built, so the work and
memory go with the picture's pixels, not with the board.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..geometry import Square, check_memory
from .drawing import _Drawing
from .palette import _HATCH, _HOLE, _LIGHT, _RAMP0, _RAMP_LEVELS, _UNREACHED
from .pixels import _stripes
from .sizing import RASTER_BYTES_PER_PIXEL, TILE, Layout, _row_tiles


class _Ramp(NamedTuple):
    mean: np.ndarray  # float64 (blocks down, blocks across): mean step, nan if none on the path
    first: np.ndarray  # int64: the smallest step of each block (big if none)
    hole: np.ndarray  # bool: most of the block's squares are holes
    rows: np.ndarray  # pixel row -> block row
    cols: np.ndarray  # pixel column -> block column
    last: int  # the largest step
    start: Square
    end: Square


def _blocks(n: int, pixels: int) -> tuple[np.ndarray, np.ndarray]:
    """Squares per pixel along one side: the block starts, and each pixel's block."""
    first = (np.arange(pixels, dtype=np.int64) * n) // pixels
    starts = np.unique(first)
    return starts, np.searchsorted(starts, first, side="right") - 1


def _groups(starts: np.ndarray, n: int, span: int) -> list[tuple[int, int]]:
    """Consecutive blocks [a, b) covering at most ``span`` squares (or one block)."""
    ends = np.append(starts[1:], n)
    out = []
    a = 0
    while a < len(starts):
        b = max(a + 1, int(np.searchsorted(ends, starts[a] + span, side="right")))
        out.append((a, b))
        a = b
    return out


def _ramp(d: _Drawing, lay: Layout) -> _Ramp:
    """The step board reduced to pixel blocks, reading it a tile at a time."""
    check_memory(RASTER_BYTES_PER_PIXEL * lay.width * lay.height + 64 * TILE,
                 f"the {lay.width}x{lay.height} picture")
    board = d.board
    rstarts, rindex = _blocks(d.rows, lay.height)
    cstarts, cindex = _blocks(d.cols, lay.width)
    rends, cends = np.append(rstarts[1:], d.rows), np.append(cstarts[1:], d.cols)
    shape = (len(rstarts), len(cstarts))
    sums = np.zeros(shape, dtype=np.float64)
    count = np.zeros(shape, dtype=np.int64)
    holes = np.zeros(shape, dtype=np.int64)
    first = np.zeros(shape, dtype=np.int64)
    big = np.iinfo(np.int64).max
    last, end = -1, (0, 0)
    start: Square | None = None
    area = np.outer(rends - rstarts, cends - cstarts)
    tallest = int((rends - rstarts).max())
    for ca, cb in _groups(cstarts, d.cols, max(1, TILE // tallest)):
        c0, c1 = int(cstarts[ca]), int(cends[cb - 1])
        for ra, rb in _groups(rstarts, d.rows, max(1, TILE // (c1 - c0))):
            r0, r1 = int(rstarts[ra]), int(rends[rb - 1])
            tile = board[r0:r1, c0:c1]
            rs, cs = rstarts[ra:rb] - r0, cstarts[ca:cb] - c0
            at = (slice(ra, rb), slice(ca, cb))
            if tile.min() >= 0:
                # All on the path (every tile of a tour without holes): no masks.
                sums[at] = _reduce(tile, rs, cs, np.add, np.float64)
                count[at] = area[at]
                first[at] = _reduce(tile, rs, cs, np.minimum, np.int64)
            else:
                on = tile >= 0
                sums[at] = _reduce(np.where(on, tile, 0), rs, cs, np.add, np.float64)
                count[at] = _reduce(on, rs, cs, np.add, np.int64)
                hole = d.holes(slice(r0, r1), slice(c0, c1))
                if hole is not None:
                    holes[at] = _reduce(hole, rs, cs, np.add, np.int64)
                first[at] = _reduce(np.where(on, tile, big), rs, cs, np.minimum, np.int64)
            top = int(tile.max())
            if top > last:
                last = top
                end = _square_of(np.argmax(tile), tile.shape[1], r0, c0)
            if start is None:
                zero = np.flatnonzero(tile == 0)
                if zero.size:
                    start = _square_of(zero[0], tile.shape[1], r0, c0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(count > 0, sums / np.maximum(count, 1), np.nan)
    return _Ramp(mean, first, holes * 2 > area, rindex, cindex, last, start or (0, 0), end)


def _reduce(a: np.ndarray, rs: np.ndarray, cs: np.ndarray, op: Any, dtype: Any) -> np.ndarray:
    """``op`` over the blocks of ``a`` that start at rows ``rs`` and columns ``cs``."""
    out: np.ndarray = op.reduceat(op.reduceat(a, cs, axis=1, dtype=dtype), rs, axis=0,
                                  dtype=dtype)
    return out


def _square_of(flat: Any, width: int, r0: int, c0: int) -> Square:
    r, c = divmod(int(flat), width)
    return (r0 + r, c0 + c)


def _ramp_pixels(d: _Drawing, ramp: _Ramp, lay: Layout) -> np.ndarray:
    """Palette indices of the ramp picture."""
    ix = np.ix_(ramp.rows, ramp.cols)
    mean = ramp.mean[ix]
    shown = ~np.isnan(mean)
    # Nothing on the path: a partial tour's unreached squares.
    index = np.full(mean.shape, _LIGHT if d.holes_all else _UNREACHED, dtype=np.uint8)
    level = mean[shown] / max(ramp.last, 1) * (_RAMP_LEVELS - 1)
    index[shown] = _RAMP0 + np.rint(level).astype(np.uint8)
    hole = ramp.hole[ix]
    if hole.any():
        index[hole] = np.where(_stripes(hole.shape[0], hole.shape[1], 6)[hole], _HATCH, _HOLE)
    return index


def _ramp_radius(lay: Layout) -> float:
    return max(2.0, min(lay.width, lay.height) / 80)


def _ramp_centre(lay: Layout, d: _Drawing, square: Square) -> tuple[float, float]:
    r, c = square
    return ((r + 0.5) * lay.height / d.rows, (c + 0.5) * lay.width / d.cols)


def _find_steps(d: _Drawing, steps: np.ndarray) -> dict[int, Square]:
    """The squares of the given steps (sorted), reading the board a tile at a time."""
    found: dict[int, Square] = {}
    for r0, tile in _row_tiles(d.board):
        flat = tile.ravel()
        i = np.minimum(np.searchsorted(steps, flat), len(steps) - 1)
        for k in np.flatnonzero(steps[i] == flat).tolist():
            found[int(flat[k])] = _square_of(k, d.cols, r0, 0)
    return found

"""Two small drawing helpers for the gallery, on top of :func:`knight.render.to_svg`.

``partial_svg`` draws the partial tour a :class:`knight.DeadEndError` carries
(the package draws only whole tours); ``shade_squares`` lays a tint over
chosen squares of a picture.
"""

from __future__ import annotations

import re

import numpy as np

import knight
from knight.render import to_svg


class _Partial:
    """Just enough of a Tour for ``to_svg``: the squares reached, in order."""

    closed = False

    def __init__(self, board: np.ndarray, path: np.ndarray) -> None:
        self.board, self.path = board, path
        self.rows, self.cols = board.shape
        self.start, self.end = tuple(path[0].tolist()), tuple(path[-1].tolist())


def _cell(svg: str, cols: int) -> float:
    return float(re.search(r'width="([0-9.]+)"', svg).group(1)) / cols


def shade_squares(svg: str, cols: int, squares, colour: str, opacity=0.55) -> str:
    """Tint ``squares`` ((row, col) pairs; ``opacity`` one value or one per
    square) of a picture of a board ``cols`` wide, under the numbers and the path."""
    cell = _cell(svg, cols)
    opacities = np.broadcast_to(np.asarray(opacity, dtype=float), (len(squares),))
    rects = "".join(
        f'<rect x="{c * cell:.2f}" y="{r * cell:.2f}" width="{cell:.2f}" height="{cell:.2f}" '
        f'fill="{colour}" fill-opacity="{o:.2f}"/>'
        for (r, c), o in zip(squares, opacities)
    )
    anchor = '<g class="steps"' if '<g class="steps"' in svg else "<polyline"
    return svg.replace(anchor, f'<g class="shade">{rects}</g>{anchor}', 1)


def partial_svg(error: knight.DeadEndError, size: int = 400) -> str:
    """The squares a greedy walk reached, numbered, the dead end in red and
    the squares it never reached shaded grey."""
    svg = to_svg(_Partial(error.board, error.path), size=size,
                 title=f"dead end after {error.steps} squares")
    svg = re.sub(r"<text [^>]*>-1</text>", "", svg)  # unreached squares hold -1
    missed = np.argwhere(error.board < 0).tolist()
    return shade_squares(svg, error.board.shape[1], missed, "#555555", 0.7)

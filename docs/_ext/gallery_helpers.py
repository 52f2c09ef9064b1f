"""A small drawing helper for the gallery, on top of :func:`knight.render.to_svg`.

``shade_squares`` lays a tint over chosen squares of a picture.  (Partial
tours, which the gallery once drew here, are drawn by the package itself:
:func:`knight.render.partial_svg`.)
"""

from __future__ import annotations

import re

import numpy as np


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
    # The numbers come after the path: before the first polyline is under both.
    return svg.replace("<polyline", f'<g class="shade">{rects}</g><polyline', 1)

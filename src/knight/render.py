"""Pictures of tours: SVG with no dependency, PNG and animated GIF with Pillow.

Every format draws a board one of two ways, chosen by the same rule
(:func:`layout`), so an SVG, a PNG and a GIF of one tour at one ``size`` agree:

**The path**, while each square gets at least :data:`MIN_PATH_CELL` pixels
and the board has at most :data:`MAX_VECTOR_SQUARES` squares: the checkered
board (in SVG one ``<pattern>``, not a rectangle per square), the path through
the square centres in tour order, the start (green) and end (red) marked, a
closed tour's closing move dashed and, where they fit, the step numbers in
the squares' corners, above the path with a light halo so they read on
either colour of square.  The path follows the tour's board
(:attr:`knight.Tour.layout`): any piece's moves are lines, and a move across
the seam of a cylinder or torus is two dashed, lighter stubs, one leaving an
edge and one entering the opposite edge (:func:`path_runs`).

**A colour ramp**, past either limit, where the path would only smear the
picture with one colour: each pixel shows the mean step of the squares it
covers through a perceptual colour map (viridis: dark purple for the first
steps, green halfway, yellow for the last), with the start and end marked.
An SVG then holds the ramp as one embedded PNG (an ``<image>``), so it stays
the size of its pixels whatever the board: the vector limit is what keeps an
SVG, and its memory, bounded (a 500x500 board is a few MB of SVG, a 4000x4000
one would be hundreds).

``size`` (640 px by default, at least 16) bounds the longer side of the
picture in every format; squares are at most 64 px.  The work and memory go
with the pixels, not the board: the ramp reads the step board in tiles and
never builds the tour's path, and the path is drawn only for boards small
enough to show it.

A square whose step is ``-1`` is not on the path.  In a tour it is a hole in
the board, drawn dark grey and hatched.  In a partial tour (:func:`partial_svg`,
:func:`partial_png`: what a :class:`knight.DeadEndError` carries) it is a
square the knight never reached, drawn plain, unless the ``holes`` mask says
it is a hole.
"""

from __future__ import annotations

import base64
import os
import struct
import zlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple
from xml.sax.saxutils import escape

import numpy as np

from .board import Board, standard
from .errors import DeadEndError, _path_of
from .geometry import Square, check_memory

if TYPE_CHECKING:
    from .tour import Tour

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


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


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

    The path while squares get at least :data:`MIN_PATH_CELL` pixels and
    there are at most :data:`MAX_VECTOR_SQUARES` of them, else the colour
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


class _Drawing:
    """What a picture shows: a step board (``-1`` off the path) and, built
    only when the path is drawn, the path."""

    def __init__(
        self, board: np.ndarray, *, closed: bool, path: Callable[[], np.ndarray],
        holes_all: bool, hole_mask: np.ndarray | None, label: str,
        geometry: Board | None = None,
    ) -> None:
        self.board = board
        self.rows, self.cols = (int(n) for n in board.shape)
        self.closed = closed
        # The moves and wrap-around the path follows (None: the knight on a
        # flat board): which moves are drawn as lines, which as seam stubs.
        self.geometry = geometry
        self._path = path
        # A tour: every -1 is a hole.  A partial tour: -1 is unreached,
        # except where hole_mask says hole.
        self.holes_all = holes_all
        self.hole_mask = hole_mask
        self.label = label

    def path(self) -> np.ndarray:
        return self._path()

    def unreached(self, rs: slice, cs: slice) -> np.ndarray | None:
        """The squares of ``board[rs, cs]`` a partial tour never reached (None: a tour)."""
        if self.holes_all:
            return None
        off: np.ndarray = self.board[rs, cs] < 0
        if self.hole_mask is not None:
            off &= ~self.hole_mask[rs, cs]
        return off

    def holes(self, rs: slice, cs: slice) -> np.ndarray | None:
        """The holes among ``board[rs, cs]`` (None: there are none)."""
        if self.holes_all:
            hole: np.ndarray = self.board[rs, cs] < 0
            return hole
        if self.hole_mask is not None:
            return self.hole_mask[rs, cs]
        return None


def _of_tour(tour: Tour) -> _Drawing:
    kind = "closed" if tour.closed else "open"
    geometry = tour.layout
    if geometry.is_standard:
        label = f"{kind} knight's tour of a {tour.rows}x{tour.cols} board"
    else:
        label = f"{kind} tour of the {geometry.describe()}"
    return _Drawing(
        tour.board, closed=tour.closed, path=lambda: tour.path, holes_all=True, hole_mask=None,
        label=label, geometry=geometry,
    )


# -- The path -------------------------------------------------------------


def _on_page(path: np.ndarray, board: Board | None) -> np.ndarray:
    """bool (len(path) - 1,): whether each move is one of the piece's moves
    as drawn on the page, rather than a move across a seam (or no move)."""
    moves = (standard(1, 1) if board is None else board).moves
    d = np.diff(path.astype(np.int64), axis=0)
    code = d[:, 0] * (1 << 32) + d[:, 1]
    legal = np.array([dr * (1 << 32) + dc for dr, dc in moves], dtype=np.int64)
    found: np.ndarray = np.isin(code, legal)
    return found


def path_runs(path: np.ndarray, board: Board | None = None) -> list[np.ndarray]:
    """The path cut into runs of squares one move apart on the page.

    Every line of a picture's path goes through here.  ``board`` (a
    :class:`knight.Board`, the tour's :attr:`~knight.Tour.layout`) gives the
    piece's moves; ``None`` is the knight.  A tour of a flat board is one
    run, whatever the piece; a move across the seam of a cylinder or torus
    (not one of the piece's moves on the page) starts a new run, so no line
    crosses the board: the pictures draw such a move as two stubs at the
    edges instead.

    >>> import numpy as np
    >>> from knight import Board
    >>> from knight.render import path_runs
    >>> [r.tolist() for r in path_runs(np.array([[0, 0], [1, 2], [1, 7], [3, 6]]))]
    [[[0, 0], [1, 2]], [[1, 7], [3, 6]]]
    >>> king = np.array([[0, 0], [0, 1], [1, 1], [1, 0]])
    >>> len(path_runs(king)), len(path_runs(king, Board(2, moves="king")))
    (4, 1)
    """
    if len(path) < 2:
        return [path]
    cuts = np.flatnonzero(~_on_page(path, board)) + 1
    return np.split(path, cuts)


def _seam_move(a: Square, b: Square, board: Board) -> tuple[int, int] | None:
    """The move that takes ``a`` to ``b`` across a seam (the shortest, when
    a small torus offers several), or None when none does."""
    best: tuple[int, int] | None = None
    for dr, dc in board.moves:
        r, c = a[0] + dr, a[1] + dc
        if board.wrap == "torus":
            r %= board.rows
        if board.wrap is not None:
            c %= board.cols
        if (r, c) == (b[0], b[1]) and (best is None or dr * dr + dc * dc
                                       < best[0] ** 2 + best[1] ** 2):
            best = (dr, dc)
    return best


def _clip(x: float, y: float, vx: float, vy: float, width: float,
          height: float) -> tuple[float, float]:
    """Where the segment from (x, y), inside the board, along (vx, vy) leaves it."""
    t = 1.0
    for p, v, top in ((x, vx, width), (y, vy, height)):
        if v > 0:
            t = min(t, (top - p) / v)
        elif v < 0:
            t = min(t, -p / v)
    return (x + t * vx, y + t * vy)


Segment = tuple[tuple[float, float], tuple[float, float]]


def _seam_stubs(path: np.ndarray, board: Board | None, closed: bool,
               cell: float) -> list[Segment]:
    """The moves across a seam of a cylinder or torus, as page segments.

    Each such move from ``a`` to ``b`` (the closing move too, when
    ``closed``) is two stubs: from the centre of ``a`` along the move to the
    edge of the board, and from the opposite edge along the move into the
    centre of ``b``.  Points are ``(x, y)`` in pixels of squares ``cell``
    wide, from the board's top-left corner.

    >>> import numpy as np
    >>> from knight import Board
    >>> from knight.render import _seam_stubs
    >>> _seam_stubs(np.array([[0, 3], [1, 0]]), Board(4, moves="king", wrap="cylinder"),
    ...            False, 10)
    [((35.0, 5.0), (40.0, 10.0)), ((0.0, 10.0), (5.0, 15.0))]
    """
    if board is None or board.wrap is None or len(path) < 2:
        return []
    ends = path
    if closed:
        ends = np.concatenate([path, path[:1]])
    width, height = board.cols * cell, board.rows * cell
    out: list[Segment] = []
    for i in np.flatnonzero(~_on_page(ends, board)).tolist():
        a = tuple(int(v) for v in ends[i])
        b = tuple(int(v) for v in ends[i + 1])
        move = _seam_move((a[0], a[1]), (b[0], b[1]), board)
        if move is None:
            continue
        vx, vy = move[1] * cell, move[0] * cell
        ax, ay = (a[1] + 0.5) * cell, (a[0] + 0.5) * cell
        bx, by = (b[1] + 0.5) * cell, (b[0] + 0.5) * cell
        out.append(((ax, ay), _clip(ax, ay, vx, vy, width, height)))
        out.append((_clip(bx, by, -vx, -vy, width, height), (bx, by)))
    return out


def _closing(path: np.ndarray, board: Board | None = None) -> tuple[Square, Square] | None:
    """The closing move (end, start) when it is one of the piece's moves on the page."""
    ends = np.stack([path[-1], path[0]])
    if not _on_page(ends, board)[0]:
        return None
    (r1, c1), (r0, c0) = ends.tolist()
    return ((r1, c1), (r0, c0))


def _stroke(cell: float) -> float:
    return max(0.3, cell * (0.16 if cell < FAINT_BELOW else 0.07))


def _numbering(rows: int, cols: int, cell: float, numbers: bool | None,
               base: int) -> tuple[bool, float]:
    """Whether step numbers are drawn, and their font size: one rule for all formats."""
    digits = len(str(rows * cols - 1 + base))
    font = cell * (0.3 if digits <= 2 else 0.85 / digits)
    fits = cell >= MIN_CELL_FOR_NUMBERS and cell >= 6.5 * digits * 0.55 and font >= MIN_FONT
    return (fits if numbers is None else bool(numbers)), font


def _steps_on_path(board: np.ndarray) -> Iterator[tuple[int, int, int]]:
    """(row, col, step) of each square on the path (small boards only)."""
    on = board >= 0
    for (r, c), v in zip(np.argwhere(on).tolist(), board[on].tolist()):
        yield r, c, v


# -- SVG ------------------------------------------------------------------


def to_svg(
    tour: Tour,
    *,
    size: int = DEFAULT_SIZE,
    numbers: bool | None = None,
    base: int = 0,
    title: str | None = None,
) -> str:
    """The tour as an SVG document (a string).

    ``size`` bounds the longer side in pixels (squares never exceed 64 px);
    ``numbers`` writes the step numbers (from ``base``) in the squares, by
    default when they fit.  Boards past the vector limits (see the module)
    are drawn as a colour ramp of the step numbers in one embedded PNG, and
    have no numbers (``numbers=True`` is refused for them).

    >>> import knight
    >>> svg = knight.solve(5).to_svg()
    >>> svg.startswith("<svg") and svg.count("<polyline") == 1
    True
    >>> "<image" in knight.solve(1000).to_svg()     # 10^6 squares: the ramp
    True
    """
    return _svg(_of_tour(tour), size, numbers, base, title)


def _svg(d: _Drawing, size: int, numbers: bool | None, base: int, title: str | None) -> str:
    lay = layout(d.rows, d.cols, size)
    _check_options(numbers, base)
    label = title if title is not None else d.label
    if not lay.path:
        if numbers:
            _refuse_numbers(d, size)
        return _svg_ramp(d, lay, label)
    check_memory(SVG_BYTES_PER_SQUARE * d.rows * d.cols,
                 f"an SVG picture of a {d.rows}x{d.cols} board")
    rows, cols, cell = d.rows, d.cols, lay.cell
    width, height = cell * cols, cell * rows
    draw_numbers, font = _numbering(rows, cols, cell, numbers, base)
    faint = cell < FAINT_BELOW
    light, dark = (FAINT_LIGHT, FAINT_DARK) if faint else (LIGHT, DARK)
    stroke = _stroke(cell)
    path = d.path()
    hatch = max(4.0, cell / 3)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" role="img">',
        f"<title>{escape(label)}</title>",
        "<defs>",
        f'<pattern id="checker" width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" '
        'patternUnits="userSpaceOnUse">',
        f'<rect width="{_fmt(2 * cell)}" height="{_fmt(2 * cell)}" fill="{light}"/>',
        f'<rect x="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        f'<rect y="{_fmt(cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{dark}"/>',
        "</pattern>",
        f'<pattern id="hole" width="{_fmt(hatch)}" height="{_fmt(hatch)}" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
        f'<rect width="{_fmt(hatch)}" height="{_fmt(hatch)}" fill="{HOLE}"/>',
        f'<rect width="{_fmt(hatch / 3)}" height="{_fmt(hatch)}" fill="{HATCH}"/>',
        "</pattern>",
        "</defs>",
        f'<rect class="board" width="{_fmt(width)}" height="{_fmt(height)}" fill="url(#checker)"/>',
    ]
    everywhere = (slice(None), slice(None))
    for kind, fill, where in (("holes", "url(#hole)", d.holes(*everywhere)),
                              ("unreached", UNREACHED, d.unreached(*everywhere))):
        if where is not None and where.any():
            # One path of squares, not one element each.
            squares = "".join(
                f"M{_fmt(c * cell)} {_fmt(r * cell)}h{_fmt(cell)}v{_fmt(cell)}h{_fmt(-cell)}z"
                for r, c in np.argwhere(where).tolist()
            )
            out.append(f'<path class="{kind}" fill="{fill}" d="{squares}"/>')
    centres = path.astype(np.float64) * cell + cell / 2
    for squares_run in path_runs(path, d.geometry):
        run = squares_run.astype(np.float64) * cell + cell / 2
        points = " ".join(f"{_fmt(x)},{_fmt(y)}" for y, x in run.tolist())
        out.append(
            f'<polyline class="path" points="{points}" fill="none" stroke="{LINE}" '
            f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    stubs = _seam_stubs(path, d.geometry, d.closed, cell)
    if stubs:
        # Moves across a seam: one dashed, lighter stub at each edge.
        out.append(
            f'<g class="wrap" stroke="{WRAP}" stroke-width="{_fmt(stroke)}" '
            f'stroke-dasharray="{_fmt(stroke * 2)} {_fmt(stroke * 1.5)}" stroke-linecap="round">'
        )
        for (xa, ya), (xb, yb) in stubs:
            out.append(f'<line x1="{_fmt(xa)}" y1="{_fmt(ya)}" x2="{_fmt(xb)}" y2="{_fmt(yb)}"/>')
        out.append("</g>")
    (y0, x0), (y1, x1) = centres[0].tolist(), centres[-1].tolist()
    if d.closed and _closing(path, d.geometry) is not None:
        out.append(
            f'<line class="closing" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x0)}" '
            f'y2="{_fmt(y0)}" stroke="{LINE}" stroke-width="{_fmt(stroke)}" '
            f'stroke-dasharray="{_fmt(stroke * 3)} {_fmt(stroke * 2)}"/>'
        )
    if draw_numbers:
        # In the square's top-left corner, clear of the path's centre, and
        # above the path with a halo: readable on dark squares and lines.
        out.append(
            f'<g class="steps" font-family="sans-serif" font-size="{_fmt(font)}" '
            f'fill="{TEXT}" stroke="{HALO}" stroke-width="{_fmt(font * 0.2)}" '
            'stroke-linejoin="round" paint-order="stroke">'
        )
        for r, c, v in _steps_on_path(d.board):
            out.append(
                f'<text x="{_fmt(c * cell + cell * 0.06)}" '
                f'y="{_fmt(r * cell + cell * 0.06 + font)}">{v + base}</text>'
            )
        out.append("</g>")
    radius = max(0.6, cell * 0.16)
    start, end = tuple(path[0].tolist()), tuple(path[-1].tolist())
    out.append(_svg_mark("start", x0, y0, radius, START, f"start {start}"))
    out.append(_svg_mark("end", x1, y1, radius, END, f"end {end}"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_mark(kind: str, x: float, y: float, radius: float, colour: str, tip: str) -> str:
    return (
        f'<circle class="{kind}" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(radius)}" '
        f'fill="{colour}" stroke="{HALO}" stroke-width="{_fmt(radius * 0.25)}">'
        f"<title>{escape(tip)}</title></circle>"
    )


def _refuse_numbers(d: _Drawing, size: int) -> None:
    raise ValueError(
        f"numbers=True: a {d.rows}x{d.cols} board at size={size} is drawn as a colour ramp, "
        f"with no room for step numbers (the path is drawn up to {MAX_VECTOR_SQUARES:,} squares "
        f"of at least {MIN_PATH_CELL} px)"
    )


def _svg_ramp(d: _Drawing, lay: Layout, label: str) -> str:
    ramp = _ramp(d, lay)
    index = _ramp_pixels(d, ramp, lay)
    data = base64.b64encode(png_bytes(index, PALETTE)).decode("ascii")
    w, h = lay.width, lay.height
    radius = _ramp_radius(lay)
    (y0, x0), (y1, x1) = (_ramp_centre(lay, d, s) for s in (ramp.start, ramp.end))
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img">',
        f"<title>{escape(label)}</title>",
        f"<desc>Step numbers as colours, from dark purple (the first) to yellow (the last): "
        f"a {d.rows}x{d.cols} board is past what an SVG draws as vectors.</desc>",
        f'<image class="ramp" width="{w}" height="{h}" preserveAspectRatio="none" '
        f'style="image-rendering:pixelated" href="data:image/png;base64,{data}"/>',
        _svg_mark("start", x0, y0, radius, START, f"start {ramp.start}"),
        _svg_mark("end", x1, y1, radius, END, f"end {ramp.end}"),
        "</svg>",
    ]) + "\n"


# -- The colour ramp ------------------------------------------------------


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
                 f"a {lay.width}x{lay.height} picture")
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


def _stripes(height: int, width: int, period: int) -> np.ndarray:
    """A diagonal hatch: True on one pixel in three of each ``period``."""
    y = np.arange(height, dtype=np.int64)[:, None]
    x = np.arange(width, dtype=np.int64)[None, :]
    stripes: np.ndarray = (x + y) % period < max(1, period // 3)
    return stripes


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
    span = max(1, TILE // d.cols)
    for r0 in range(0, d.rows, span):
        tile = d.board[r0:r0 + span]
        flat = tile.ravel()
        i = np.minimum(np.searchsorted(steps, flat), len(steps) - 1)
        for k in np.flatnonzero(steps[i] == flat).tolist():
            found[int(flat[k])] = _square_of(k, d.cols, r0, 0)
    return found


# -- PNG and GIF ----------------------------------------------------------


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


def require_pillow() -> Any:
    """Pillow's ``Image`` and ``ImageDraw``, or ImportError naming the extra."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise ImportError(
            "PNG and GIF output needs Pillow: pip install 'knight-tour[plot]'"
        ) from None
    return Image, ImageDraw


def _board_pixels(d: _Drawing, lay: Layout) -> np.ndarray:
    """Palette indices of the checkered board and its holes (path layout)."""
    check_memory(RASTER_BYTES_PER_PIXEL * lay.width * lay.height,
                 f"a {lay.width}x{lay.height} picture")
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


def _centre(square: Any, cell: float) -> tuple[float, float]:
    """Pixel coordinates (x, y) of a square's centre (Pillow: pixel centres at integers)."""
    r, c = square
    return ((c + 0.5) * cell - 0.5, (r + 0.5) * cell - 0.5)


def _line(draw: Any, path: np.ndarray, cell: float, fill: Any, width: int,
          geometry: Board | None = None, wrap_fill: Any = None) -> None:
    """The path's runs, and (in ``wrap_fill``) the stubs of its seam moves."""
    for run in path_runs(path, geometry):
        if len(run) > 1:
            draw.line([_centre(p, cell) for p in run.tolist()], fill=fill, width=width,
                      joint="curve")
    if wrap_fill is not None:
        _stubs(draw, _seam_stubs(path, geometry, False, cell), cell, wrap_fill, width)


def _stubs(draw: Any, stubs: list[Segment], cell: float, fill: Any, width: int) -> None:
    """Seam stubs dashed as in SVG (dash 2, gap 1.5 stroke widths), in pixel
    coordinates (Pillow puts pixel centres at integers)."""
    for (xa, ya), (xb, yb) in stubs:
        _dash(draw, (xa - 0.5, ya - 0.5), (xb - 0.5, yb - 0.5), cell, fill, width, 2.0, 1.5)


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


def _numbers(rgb: np.ndarray, d: _Drawing, cell: float, font_size: float, base: int) -> None:
    """Write the step numbers into ``rgb`` as SVG places them: all the halos
    first, then the ink, so no halo covers a neighbouring digit."""
    glyphs, _ = _glyphs(font_size)
    height, width = rgb.shape[:2]
    places: list[tuple[int, int, np.ndarray, np.ndarray]] = []
    for r, c, v in _steps_on_path(d.board):
        x = c * cell + cell * 0.06
        y = round(r * cell + cell * 0.06 + font_size)
        for ch in str(v + base):
            left, top, halo, ink, advance = glyphs[ch]
            places.append((round(x) + left, y + top, halo, ink))
            x += advance
    for inked, colour in ((False, HALO), (True, TEXT)):
        value = np.array(_rgb_tuple(colour), dtype=np.uint16)
        for x0, y0, halo_alpha, ink_alpha in places:
            alpha = ink_alpha if inked else halo_alpha
            h, w = alpha.shape[:2]
            # Clip at the picture's edges.
            ys, xs = max(0, -y0), max(0, -x0)
            ye, xe = min(h, height - y0), min(w, width - x0)
            if ys >= ye or xs >= xe:
                continue
            a = alpha[ys:ye, xs:xe]
            region = rgb[y0 + ys:y0 + ye, x0 + xs:x0 + xe]
            region[...] = (region * (255 - a) + value * a + 127) // 255


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
            _refuse_numbers(d, size)
        ramp = _ramp(d, lay)
        image = Image.fromarray(PALETTE[_ramp_pixels(d, ramp, lay)], "RGB")
        draw = ImageDraw.Draw(image)
        radius = _ramp_radius(lay)
        for square, colour in ((ramp.start, START), (ramp.end, END)):
            y, x = _ramp_centre(lay, d, square)
            _dot(draw, (x - 0.5, y - 0.5), radius, colour, HALO)
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
        radius = _ramp_radius(lay)
        full = _ramp_pixels(d, ramp, lay)
        ix = np.ix_(ramp.rows, ramp.cols)
        first, hole = ramp.first[ix], ramp.hole[ix]
        for upto in stops:
            # A pixel takes its colour when the knight first reaches it.
            frame = Image.fromarray(np.where((first < upto) | hole, full, np.uint8(_LIGHT)), "P")
            frame.putpalette(PALETTE.tobytes())
            marks = ImageDraw.Draw(frame)
            for square, colour in ((ramp.start, _START), (where[upto - 1], _END)):
                y, x = _ramp_centre(lay, d, square)
                _dot(marks, (x - 0.5, y - 0.5), radius, colour, _HALO)
            images.append(frame)
    durations = [duration] * (len(images) - 1) + [duration * 3]
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:], loop=0,
                   duration=durations, optimize=False)


def _stops(n: int, frames: int) -> list[int]:
    """How many steps each frame shows."""
    return sorted({max(1, round(n * (i + 1) / frames)) for i in range(min(frames, n))})


# -- Partial tours --------------------------------------------------------


def _of_partial(board_or_error: Any, holes: Any, geometry: Any = None) -> _Drawing:
    if isinstance(board_or_error, DeadEndError):
        error = board_or_error
        board = np.asarray(error.board)
        steps = error.steps
        _check_partial(board, "the error's board")

        def path() -> np.ndarray:
            return error.path
    else:
        board = np.asarray(board_or_error)
        steps = _check_partial(board, "board")

        def path() -> np.ndarray:
            on = board[board >= 0]
            if np.unique(on).size != steps:
                raise ValueError("board: a step number appears on more than one square")
            return _path_of(board, steps)
    if geometry is not None:
        if not isinstance(geometry, Board):
            raise TypeError(f"board must be a knight.Board, not {type(geometry).__name__}")
        if geometry.shape != board.shape:
            raise ValueError(
                f"board is {geometry.rows}x{geometry.cols}, but the partial tour is "
                f"{board.shape[0]}x{board.shape[1]}")
        if holes is None and not geometry.is_full:
            holes = ~geometry.mask
    mask = None
    if holes is not None:
        mask = np.asarray(holes)
        if mask.dtype != np.bool_ or mask.shape != board.shape:
            raise ValueError(
                f"holes must be a boolean array of the board's shape {board.shape}, "
                f"got {mask.dtype} {mask.shape}"
            )
        if (board[mask] >= 0).any():
            raise ValueError("holes marks a square that is on the path")
    rows, cols = board.shape
    total = rows * cols if mask is None else rows * cols - int(np.count_nonzero(mask))
    what = (f"knight's tour of a {rows}x{cols} board" if geometry is None
            or geometry.is_standard else f"tour of the {geometry.describe()}")
    return _Drawing(
        board, closed=False, path=path, holes_all=False, hole_mask=mask,
        label=f"partial {what}: {steps} of {total} squares", geometry=geometry,
    )


def _check_partial(board: np.ndarray, what: str) -> int:
    """The number of steps of a partial board (0..steps-1 on the path, -1
    elsewhere), or ValueError; read a tile at a time."""
    if board.ndim != 2 or 0 in board.shape or not np.issubdtype(board.dtype, np.integer):
        raise ValueError(
            f"{what} must be a 2-D integer array of step numbers, got "
            f"{board.dtype} {board.shape}"
        )
    steps, low, high = 0, 0, -1
    span = max(1, TILE // board.shape[1])
    for r0 in range(0, board.shape[0], span):
        tile = board[r0:r0 + span]
        steps += int(np.count_nonzero(tile >= 0))
        low, high = min(low, int(tile.min())), max(high, int(tile.max()))
    if low < -1 or steps == 0 or high != steps - 1:
        raise ValueError(
            f"{what} must hold the steps 0..n-1 of a partial tour and -1 elsewhere; "
            f"it holds {steps} steps from {low} to {high}"
        )
    return steps


def partial_svg(
    board_or_error: Any, *, holes: Any = None, size: int = DEFAULT_SIZE,
    numbers: bool | None = None, base: int = 0, title: str | None = None,
    board: Board | None = None,
) -> str:
    """A partial tour as an SVG: a :class:`knight.DeadEndError`, or its board.

    The board holds the steps 0..n-1 and ``-1`` on the squares never
    reached, which are drawn plain (no path, no number); ``holes``, a boolean
    array of the board's shape, marks those of them that are holes, drawn
    as a tour's holes are.  The end of the path (red) is where the knight
    stuck.  ``board``, the :class:`knight.Board` searched, gives the piece's
    moves and wrap-around (the knight on a flat board by default) and, when
    ``holes`` is not given, the holes.  Options as :func:`to_svg`.

    >>> import knight
    >>> from knight.render import partial_svg
    >>> try:
    ...     knight.solve(8, start=(2, 4), method="warnsdorff", tie_break="first")
    ... except knight.DeadEndError as error:
    ...     svg = partial_svg(error, size=400)
    >>> svg.count("<text")       # a number on each of the 60 squares reached
    60
    """
    return _svg(_of_partial(board_or_error, holes, board), size, numbers, base, title)


def partial_png(
    board_or_error: Any, path: str | os.PathLike[str], *, holes: Any = None,
    size: int = DEFAULT_SIZE, numbers: bool | None = None, base: int = 0,
    board: Board | None = None,
) -> None:
    """Save a partial tour as a PNG, as :func:`partial_svg` draws it (needs Pillow)."""
    _png(_of_partial(board_or_error, holes, board), path, size, numbers, base)


def save(tour: Tour, path: str | os.PathLike[str], **options: Any) -> None:
    """Save by extension: ``.svg`` (no dependency), ``.png`` or ``.gif`` (Pillow)."""
    name = os.fspath(path)
    ext = os.path.splitext(name)[1].lower()
    if ext == ".svg":
        # Drawn before the file is opened: a bad option or a refusal must
        # not leave an empty file behind (or truncate an existing one).
        svg = to_svg(tour, **options)
        with open(name, "w", encoding="utf-8") as f:
            f.write(svg)
    elif ext == ".png":
        to_png(tour, name, **options)
    elif ext == ".gif":
        to_gif(tour, name, **options)
    else:
        raise ValueError(f"cannot save a tour as {ext or 'a file without extension'!r}: "
                         "use .svg, .png or .gif")


# -- Puzzle sheets ----------------------------------------------------------

#: Puzzle sheets are ink on white paper, for printing: black clues, a grey
#: grid, hatched holes; a solution's filled-in numbers in blue, its path in
#: a light blue under them.
SHEET_PAPER = "#ffffff"
SHEET_INK = "#111111"
SHEET_GRID = "#555555"
SHEET_FILLED = LINE
SHEET_PATH = "#a9bbe8"
#: Holes on a sheet: light grey, hatched lighter (little ink on paper).
SHEET_HOLE = "#c8c8c8"
SHEET_HATCH = "#e4e4e4"
#: A sheet's numbers are at least this many pixels high (a larger board
#: needs a larger ``size``).
MIN_SHEET_FONT = 6


class SheetLayout(NamedTuple):
    """Where a puzzle sheet puts things: see :func:`sheet_layout`."""

    cell: float
    """Pixels per square."""
    margin: float
    """Pixels of paper around the grid."""
    font: float
    """The numbers' font size, in pixels."""
    width: int
    height: int


def sheet_layout(rows: int, cols: int, squares: int, size: int = DEFAULT_SIZE) -> SheetLayout:
    """How a puzzle sheet of a ``rows`` x ``cols`` board numbering
    ``squares`` squares is laid out at ``size`` pixels (the longer side,
    margins included; squares at most :data:`MAX_CELL` px).

    >>> from knight.render import sheet_layout
    >>> sheet_layout(8, 8, 64)
    SheetLayout(cell=64, margin=6.4, font=28.8, width=525, height=525)
    """
    size = check_size(size)
    cell = min(float(MAX_CELL), size / (max(rows, cols) + 0.2))
    digits = len(str(max(squares, 1)))
    font = cell * min(0.5, 0.9 / digits)
    if font < MIN_SHEET_FONT:
        need = int(np.ceil(MIN_SHEET_FONT / min(0.5, 0.9 / digits) * (max(rows, cols) + 0.2)))
        raise ValueError(
            f"a puzzle sheet of a {rows}x{cols} board needs size >= {need} px for numbers of "
            f"at least {MIN_SHEET_FONT} px, got size={size}")
    margin = cell * 0.1
    cell_out: float = int(cell) if cell == int(cell) else cell
    return SheetLayout(cell_out, round(margin, 2), round(font, 2),
                       round(cell * cols + 2 * margin), round(cell * rows + 2 * margin))


def _sheet_numbers(board: Board, clues: dict[Square, int],
                   solution: Tour | None) -> list[tuple[int, int, int, bool]]:
    """(row, col, number from 1, is a clue) of each number a sheet shows."""
    out = [(r, c, step + 1, True) for (r, c), step in clues.items()]
    if solution is not None:
        steps = solution.board
        for r, c in board.squares.tolist():
            if (r, c) not in clues:
                out.append((r, c, int(steps[r, c]) + 1, False))
    return out


def _check_sheet(board: Any, clues: Any, solution: Any, path: Any) -> None:
    if not isinstance(board, Board):
        raise TypeError(f"board must be a knight.Board, not {type(board).__name__}")
    if not isinstance(clues, dict):
        raise TypeError(f"clues must be a dict of squares to steps, not {type(clues).__name__}")
    if solution is not None:
        # Duck-typed: the renderer does not import the Tour it draws (see the layers).
        if not isinstance(getattr(solution, "board", None), np.ndarray) or \
                not hasattr(solution, "path"):
            raise TypeError(f"solution must be a knight.Tour, not {type(solution).__name__}")
        if solution.shape != board.shape:
            raise ValueError(f"solution is a {solution.rows}x{solution.cols} tour, but the board "
                             f"is {board.rows}x{board.cols}")
    if not isinstance(path, (bool, np.bool_)):
        raise ValueError(f"path must be True or False, got {path!r}")
    if path and solution is None:
        raise ValueError("path=True draws the solution's path: give the solution")


def puzzle_svg(
    board: Board, clues: dict[Square, int], *, solution: Tour | None = None,
    path: bool = False, size: int = DEFAULT_SIZE, title: str | None = None,
) -> str:
    """A printable puzzle sheet as an SVG document (a string).

    The puzzle sheet (no ``solution``): a white grid of the board's usable
    squares, holes hatched grey, and each clue (``clues``: square -> step
    from 0) written **from 1** in bold in its square; the other squares are
    blank, to be filled in.  The solution sheet (``solution``, a
    :class:`knight.Tour` of the board): every square numbered, the clues in
    black and the filled-in numbers in blue; ``path=True`` also draws the
    path through the squares in order, under the numbers (across the seam
    of a cylinder or torus as two dashed stubs, as a tour's picture does).
    ``size`` bounds the longer side in pixels (squares at most 64 px).

    :meth:`knight.puzzle.Puzzle.to_svg` draws a puzzle with it.

    >>> import knight
    >>> from knight.render import puzzle_svg
    >>> board = knight.Board(3, 4)
    >>> svg = puzzle_svg(board, {(0, 0): 0, (2, 3): 11})
    >>> svg.count("<text"), ">12</text>" in svg
    (2, True)
    >>> tour = knight.solve(board)
    >>> puzzle_svg(board, {}, solution=tour, path=True).count("<text")
    12
    """
    _check_sheet(board, clues, solution, path)
    lay = sheet_layout(board.rows, board.cols, board.size, size)
    cell, m = lay.cell, lay.margin
    kind = "solution of a" if solution is not None else "a"
    label = title if title is not None else (
        f"{kind} puzzle on the {board.describe()}, {len(clues)} "
        f"clue{'s' if len(clues) != 1 else ''}")
    hatch = max(4.0, cell / 3)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{lay.width}" height="{lay.height}" '
        f'viewBox="0 0 {lay.width} {lay.height}" role="img">',
        f"<title>{escape(label)}</title>",
        "<defs>",
        f'<pattern id="hole" width="{_fmt(hatch)}" height="{_fmt(hatch)}" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
        f'<rect width="{_fmt(hatch)}" height="{_fmt(hatch)}" fill="{SHEET_HOLE}"/>',
        f'<rect width="{_fmt(hatch / 3)}" height="{_fmt(hatch)}" fill="{SHEET_HATCH}"/>',
        "</pattern>",
        "</defs>",
        f'<rect class="paper" width="{lay.width}" height="{lay.height}" fill="{SHEET_PAPER}"/>',
    ]

    def squares(where: np.ndarray) -> str:
        return "".join(
            f"M{_fmt(m + c * cell)} {_fmt(m + r * cell)}h{_fmt(cell)}v{_fmt(cell)}"
            f"h{_fmt(-cell)}z" for r, c in np.argwhere(where).tolist())

    holes = ~board.mask
    if holes.any():
        out.append(f'<path class="holes" fill="url(#hole)" d="{squares(holes)}"/>')
    stroke = max(0.5, cell * 0.12)
    if path and solution is not None:
        tour_path = solution.path
        for run in path_runs(tour_path, board):
            points = " ".join(f"{_fmt(m + (c + 0.5) * cell)},{_fmt(m + (r + 0.5) * cell)}"
                              for r, c in run.tolist())
            out.append(
                f'<polyline class="path" points="{points}" fill="none" stroke="{SHEET_PATH}" '
                f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" '
                'stroke-linecap="round"/>')
        stubs = _seam_stubs(tour_path, board, solution.closed, cell)
        closing = _closing(tour_path, board) if solution.closed else None
        if closing is not None:
            (r1, c1), (r0, c0) = closing
            stubs.append((((c1 + 0.5) * cell, (r1 + 0.5) * cell),
                          ((c0 + 0.5) * cell, (r0 + 0.5) * cell)))
        if stubs:
            out.append(
                f'<g class="wrap" stroke="{SHEET_PATH}" stroke-width="{_fmt(stroke)}" '
                f'stroke-dasharray="{_fmt(stroke * 2)} {_fmt(stroke * 1.5)}" '
                'stroke-linecap="round">')
            for (xa, ya), (xb, yb) in stubs:
                out.append(f'<line x1="{_fmt(m + xa)}" y1="{_fmt(m + ya)}" '
                           f'x2="{_fmt(m + xb)}" y2="{_fmt(m + yb)}"/>')
            out.append("</g>")
    line = max(0.5, cell * 0.03)
    out.append(f'<path class="grid" fill="none" stroke="{SHEET_GRID}" '
               f'stroke-width="{_fmt(line)}" d="{squares(board.mask)}"/>')
    halo = (f' stroke="{SHEET_PAPER}" stroke-width="{_fmt(lay.font * 0.2)}" '
            'stroke-linejoin="round" paint-order="stroke"') if path else ""
    numbers = _sheet_numbers(board, clues, solution)
    for kind_name, colour, weight, is_clue in (("clues", SHEET_INK, "bold", True),
                                              ("filled", SHEET_FILLED, "normal", False)):
        group = [(r, c, n) for r, c, n, clue in numbers if clue == is_clue]
        if not group:
            continue
        out.append(
            f'<g class="{kind_name}" font-family="sans-serif" font-size="{_fmt(lay.font)}" '
            f'font-weight="{weight}" fill="{colour}" text-anchor="middle"{halo}>')
        # The baseline a little below the centre: digits stand about 0.72
        # em tall (no dominant-baseline, which renderers treat differently).
        for r, c, n in group:
            out.append(f'<text x="{_fmt(m + (c + 0.5) * cell)}" '
                       f'y="{_fmt(m + (r + 0.5) * cell + 0.36 * lay.font)}">{n}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def puzzle_png(
    board: Board, clues: dict[Square, int], target: str | os.PathLike[str], *,
    solution: Tour | None = None, path: bool = False, size: int = DEFAULT_SIZE,
) -> None:
    """Save a puzzle sheet as a PNG (needs Pillow, the ``plot`` extra): the
    picture :func:`puzzle_svg` draws with the same arguments."""
    _check_sheet(board, clues, solution, path)
    lay = sheet_layout(board.rows, board.cols, board.size, size)
    Image, ImageDraw = require_pillow()
    from PIL import ImageFont

    cell, m = float(lay.cell), lay.margin
    rgb = np.empty((lay.height, lay.width, 3), dtype=np.uint8)
    rgb[...] = _rgb_tuple(SHEET_PAPER)
    holes = ~board.mask
    if holes.any():
        stripes = _stripes(lay.height, lay.width, max(4, round(cell / 3)))
        ys = np.minimum(((np.arange(lay.height) + 0.5 - m) // cell).astype(np.intp),
                        board.rows - 1)
        xs = np.minimum(((np.arange(lay.width) + 0.5 - m) // cell).astype(np.intp),
                        board.cols - 1)
        inside = (ys[:, None] >= 0) & (xs[None, :] >= 0)
        inside &= ((np.arange(lay.height) + 0.5) < m + cell * board.rows)[:, None]
        inside &= ((np.arange(lay.width) + 0.5) < m + cell * board.cols)[None, :]
        hole = inside & holes[np.maximum(ys, 0)[:, None], np.maximum(xs, 0)[None, :]]
        rgb[hole & ~stripes] = _rgb_tuple(SHEET_HOLE)
        rgb[hole & stripes] = _rgb_tuple(SHEET_HATCH)
    image = Image.fromarray(rgb, "RGB")
    draw = ImageDraw.Draw(image)

    def at(r: float, c: float) -> tuple[float, float]:
        return (m + (c + 0.5) * cell - 0.5, m + (r + 0.5) * cell - 0.5)

    stroke = max(1, round(max(0.5, cell * 0.12)))
    if path and solution is not None:
        tour_path = solution.path
        colour = _rgb_tuple(SHEET_PATH)
        for run in path_runs(tour_path, board):
            if len(run) > 1:
                draw.line([at(r, c) for r, c in run.tolist()], fill=colour, width=stroke,
                          joint="curve")
        stubs = _seam_stubs(tour_path, board, solution.closed, cell)
        closing = _closing(tour_path, board) if solution.closed else None
        if closing is not None:
            (r1, c1), (r0, c0) = closing
            stubs.append((((c1 + 0.5) * cell, (r1 + 0.5) * cell),
                          ((c0 + 0.5) * cell, (r0 + 0.5) * cell)))
        for (xa, ya), (xb, yb) in stubs:
            _dash(draw, (m + xa - 0.5, m + ya - 0.5), (m + xb - 0.5, m + yb - 0.5), cell,
                  colour, stroke, 2.0, 1.5)
    line = max(1, round(cell * 0.03))
    grid = _rgb_tuple(SHEET_GRID)
    for r, c in board.squares.tolist():
        x0, y0 = m + c * cell, m + r * cell
        draw.rectangle([round(x0), round(y0), round(x0 + cell), round(y0 + cell)], outline=grid,
                       width=line)
    font = ImageFont.load_default(size=max(1, round(lay.font)))
    halo = max(1, round(lay.font * 0.1)) if path else 0
    for r, c, n, clue in _sheet_numbers(board, clues, solution):
        colour = _rgb_tuple(SHEET_INK if clue else SHEET_FILLED)
        if halo:
            draw.text(at(r, c), str(n), font=font, anchor="mm", fill=_rgb_tuple(SHEET_PAPER),
                      stroke_width=halo, stroke_fill=_rgb_tuple(SHEET_PAPER))
        # A clue is bold: its glyphs stroked in their own colour.
        bold = max(1, round(lay.font * 0.04)) if clue else 0
        draw.text(at(r, c), str(n), font=font, anchor="mm", fill=colour, stroke_width=bold,
                  stroke_fill=colour)
    image.save(target, format="PNG")

"""Pages you can play: a tour or a puzzle as one self-contained HTML page.

This module owns the HTML of the package, and only that:

* :func:`tour_html` -- a tour you can play: the board drawn as the SVG
  picture draws it (:mod:`.svg`: the checkered board, hatched holes, any
  piece's moves as lines, a move across the seam of a cylinder or torus as
  two dashed stubs, the start and end marked, the step numbers), with a
  step slider, play/pause, a speed control and the path drawn as it goes;
* :func:`puzzle_html` -- a puzzle you can solve: the grid of the printable
  sheet (:mod:`.sheet`) with a box to type a number in on every empty
  square, each entry checked as it is typed (a number out of range, one
  already on the board, or one that is not a move of the piece from the
  number before or after it is flagged), a Check, a Reveal and a Clear
  button, and print CSS that prints just the grid and the clues.

A page holds everything it needs -- CSS, JavaScript, SVG, the data -- and
loads nothing: no network, no CDN.  Without JavaScript (a notebook that is
not trusted, a sanitising viewer) a tour's page is its picture, the whole
tour drawn, and a puzzle's page its grid.

``standalone=False`` gives the page's ``<div>`` alone, which is how a
notebook shows a tour (:meth:`knight.Tour._repr_html_`): its CSS is scoped
to the page's classes, and its element ids (the page's, the SVG patterns')
carry a random suffix, so several outputs in one notebook never clash.  A
standalone document has fixed ids: the same tour gives the same file.
"""

from __future__ import annotations

import json
import math
import secrets
from html import escape
from typing import TYPE_CHECKING, Any

import numpy as np

from .._version import __version__
from ..board import Board
from ..geometry import Square, article
from . import palette
from .drawing import _of_tour
from .path import _closing, _on_page, _seam_stubs
from .sheet import (
    SHEET,
    _check_sheet,
    puzzle_kind,
    puzzle_rule,
    sheet_layout,
)
from .sizing import (
    DEFAULT_SIZE,
    MAX_VECTOR_SQUARES,
    MIN_PATH_CELL,
    _check_options,
    _style,
    check_size,
    layout,
)
from .svg import _fmt, _svg_checker, _svg_hatch, _svg_mark, _svg_open, _svg_squares

if TYPE_CHECKING:
    from ..tour import Tour

#: A tour's page plays this many steps a second unless ``speed`` says
#: otherwise, or faster on a big board: by default a play lasts at most about
#: :data:`PLAY_SECONDS` (the speed a power of two, up to :data:`MAX_SPEED`).
DEFAULT_SPEED = 8.0
PLAY_SECONDS = 30
#: ``speed`` runs from :data:`MIN_SPEED` to :data:`MAX_SPEED` steps a second
#: (the page's speed control too, in halvings and doublings).
MIN_SPEED = 1.0
MAX_SPEED = 1024.0
#: The most squares a tour's page draws: one step number and one piece of
#: path per square, about 150 bytes each (a 200x200 tour is a 6 MB page).
PAGE_MAX_SQUARES = 40_000

def _check_title(title: Any) -> None:
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")


def _check_standalone(standalone: Any) -> None:
    if not isinstance(standalone, (bool, np.bool_)):
        raise ValueError(f"standalone must be True or False, got {standalone!r}")


def check_speed(speed: Any) -> float:
    """``speed`` (steps a second) as a float, or ValueError.

    >>> from knight.render.html import check_speed
    >>> check_speed(16)
    16.0
    >>> check_speed(0)
    Traceback (most recent call last):
    ...
    ValueError: speed must be a number of steps a second from 1 to 1024, got 0
    """
    if (not isinstance(speed, (int, float, np.integer, np.floating))
            or isinstance(speed, (bool, np.bool_)) or not math.isfinite(speed)
            or not MIN_SPEED <= speed <= MAX_SPEED):
        raise ValueError(f"speed must be a number of steps a second from {MIN_SPEED:g} to "
                         f"{MAX_SPEED:g}, got {speed!r}")
    return float(speed)


def _default_speed(squares: int) -> float:
    """The speed a tour of ``squares`` squares plays at by default.

    >>> from knight.render.html import _default_speed
    >>> _default_speed(64), _default_speed(10_000), _default_speed(40_000)
    (8.0, 512.0, 1024.0)
    """
    need = squares / PLAY_SECONDS
    return float(min(MAX_SPEED, max(DEFAULT_SPEED, 2.0 ** math.ceil(math.log2(max(need, 1))))))


def _page_id(standalone: bool) -> str:
    """The page's id: fixed in a document of its own, random in a fragment."""
    return "knight-page" if standalone else f"knight-page-{secrets.token_hex(6)}"


def _json(data: Any) -> str:
    """``data`` as JSON that can sit inside a ``<script>`` element."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _script(code: str, uid: str, data: Any) -> str:
    """The ``<script>`` of a page: ``code`` given the page's id and its data."""
    code = code.replace("__KT_ID__", json.dumps(uid)).replace("__KT_DATA__", _json(data))
    return f"<script>{code}</script>"


def _page(opening: str, css: str, label: str, content: list[str], controls: list[str],
          code: str, uid: str, data: Any, standalone: bool) -> str:
    """A page's ``<div>`` (``opening`` its tag): its style, its title, the
    ``content``, a row of ``controls``, a status line and its script; the
    whole document around it when ``standalone``."""
    body = "\n".join([
        opening,
        f"<style>{css}</style>",
        f'<div class="kt-title">{escape(label)}</div>',
        *content,
        '<div class="kt-controls">',
        *controls,
        "</div>",
        '<div class="kt-status" role="status"></div>',
        _script(code, uid, data),
        "</div>",
    ])
    return _document(label, body) if standalone else body


def _document(title: str, body: str) -> str:
    """A whole HTML document around a page's ``<div>``."""
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="knight-tour {escape(__version__)}">',
        f"<title>{escape(title)}</title>",
        "<style>body{margin:1.5rem;font-family:system-ui,sans-serif;color:#222;"
        "background:#fff}</style>",
        "</head>",
        "<body>",
        body,
        "</body>",
        "</html>",
        "",
    ])


# -- a tour -------------------------------------------------------------------

_TOUR_CSS = """
.knight-tour{display:inline-block;min-width:22em;font-family:system-ui,sans-serif;font-size:14px;
  line-height:1.4;color:inherit}
.knight-tour .kt-title{font-weight:600;margin:0 0 .4em}
.knight-tour svg{display:block;max-width:100%;height:auto}
.knight-tour .kt-off{display:none}
.knight-tour .kt-controls{display:flex;flex-wrap:wrap;align-items:center;gap:.4em;
  margin-top:.5em}
.knight-tour button{font:inherit;min-width:2.4em;padding:.15em .5em;cursor:pointer}
.knight-tour .kt-slider{flex:1 1 10em;min-width:8em}
.knight-tour .kt-speed{width:8em}
.knight-tour .kt-speed-row{flex-basis:100%;display:flex;align-items:center;gap:.4em}
.knight-tour .kt-status{margin-top:.3em;font-variant-numeric:tabular-nums}
.knight-tour .kt-controls,.knight-tour .kt-status{display:none}
.knight-tour.kt-live .kt-controls{display:flex}
.knight-tour.kt-live .kt-status{display:block}
@media print{.knight-tour .kt-controls,.knight-tour .kt-status{display:none!important}}
"""

# The player.  D: the data (see _tour_data); the page starts on the last
# step, as drawn without JavaScript, and Play from the last step starts over.
_TOUR_JS = """
(function () {
  var root = document.getElementById(__KT_ID__), D = __KT_DATA__;
  if (!root || root.getAttribute("data-ready")) return;
  root.setAttribute("data-ready", "1");
  var n = D.pts.length, q = function (s) { return root.querySelector(s); };
  var line = q(".kt-line"), wrap = q(".kt-wrap"), knight = q(".kt-knight"),
      endMark = q(".end"), closing = root.querySelectorAll(".kt-closing"),
      texts = root.querySelectorAll(".kt-steps text"), slider = q(".kt-slider"),
      speedIn = q(".kt-speed"), speedOut = q(".kt-speed-out"), status = q(".kt-status"),
      playBtn = q(".kt-play");
  var at = function (i) { return D.pts[i][0] + " " + D.pts[i][1]; };
  var seam = function (i) { return D.seams.hasOwnProperty(i); };
  var lineParts = [], wrapParts = [];
  for (var i = 0; i + 1 < n; i++) {
    if (seam(i)) {
      lineParts.push("");
      wrapParts.push(D.seams[i].map(function (s) {
        return "M" + s[0] + " " + s[1] + "L" + s[2] + " " + s[3];
      }).join(""));
    } else {
      lineParts.push((i === 0 || seam(i - 1) ? "M" + at(i) : "") + "L" + at(i + 1));
      wrapParts.push("");
    }
  }
  var k = n - 1, shown = n - 1, speed = D.speed, timer = null, last = 0, owed = 0;
  function fmt(i) {
    var r = D.path[i][0], c = D.path[i][1], s = "(" + r + ", " + c + ")";
    return D.cols <= 26 ? s + " " + "abcdefghijklmnopqrstuvwxyz"[c] + (D.rows - r) : s;
  }
  function show(to) {
    to = Math.max(0, Math.min(n - 1, to | 0));
    var a = Math.min(shown, to), b = Math.max(shown, to);
    for (var j = a + 1; j <= b && j < texts.length; j++)
      texts[j].classList.toggle("kt-off", j > to);
    shown = k = to;
    line.setAttribute("d", lineParts.slice(0, k).join(""));
    wrap.setAttribute("d", wrapParts.slice(0, k).join(""));
    knight.setAttribute("cx", D.pts[k][0]);
    knight.setAttribute("cy", D.pts[k][1]);
    var done = k === n - 1;
    endMark.classList.toggle("kt-off", !done);
    for (var c = 0; c < closing.length; c++) closing[c].classList.toggle("kt-off", !done);
    slider.value = k;
    root.setAttribute("data-step", k);
    status.textContent = "Step " + (k + D.base) + " of " + D.base + "\\u2013" +
      (n - 1 + D.base) + " \\u00b7 " + fmt(k) + (done ? " \\u00b7 the end" : "");
  }
  function setSpeed(v) {
    speed = Math.pow(2, +v);
    speedOut.textContent = (speed < 10 ? speed.toFixed(1).replace(/\\.0$/, "") :
      Math.round(speed)) + " steps/s";
  }
  function pause() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    playBtn.textContent = "Play";
    root.setAttribute("data-playing", "0");
  }
  function tick() {
    var now = performance.now();
    owed += (now - last) * speed / 1000;
    last = now;
    var s = Math.floor(owed);
    if (s > 0) { owed -= s; show(k + s); }
    if (k >= n - 1) { pause(); return; }
    timer = setTimeout(tick, Math.max(15, Math.min(250, 1000 / speed)));
  }
  function play() {
    if (n < 2) return;
    if (k >= n - 1) show(0);
    playBtn.textContent = "Pause";
    root.setAttribute("data-playing", "1");
    last = performance.now();
    owed = 0;
    timer = setTimeout(tick, Math.max(15, Math.min(250, 1000 / speed)));
  }
  function toggle() { if (timer === null) play(); else pause(); }
  playBtn.addEventListener("click", toggle);
  q(".kt-first").addEventListener("click", function () { pause(); show(0); });
  q(".kt-back").addEventListener("click", function () { pause(); show(k - 1); });
  q(".kt-next").addEventListener("click", function () { pause(); show(k + 1); });
  q(".kt-last").addEventListener("click", function () { pause(); show(n - 1); });
  slider.addEventListener("input", function () { pause(); show(+slider.value); });
  speedIn.addEventListener("input", function () { setSpeed(speedIn.value); });
  root.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" || e.target.tagName === "BUTTON") return;
    var keys = {" ": toggle, ArrowLeft: function () { pause(); show(k - 1); },
      ArrowRight: function () { pause(); show(k + 1); },
      Home: function () { pause(); show(0); }, End: function () { pause(); show(n - 1); }};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  setSpeed(speedIn.value);
  root.classList.add("kt-live");
  show(n - 1);
})();
"""


def _tour_data(tour: Tour, cell: float, speed: float, base: int) -> dict[str, Any]:
    """What the player needs: the squares' centres in tour order, the moves
    across a seam as their stubs, the squares themselves (for the status)."""
    path = tour.path
    board = tour.layout
    pts = [[_num(c * cell + cell / 2), _num(r * cell + cell / 2)] for r, c in path.tolist()]
    seams: dict[str, list[list[float]]] = {}
    if board.wrap is not None and len(path) > 1:
        for i in np.flatnonzero(~_on_page(path, board)).tolist():
            stubs = _seam_stubs(path[i:i + 2], board, False, cell)
            seams[str(i)] = [[_num(v) for v in (*a, *b)] for a, b in stubs]
    return {"pts": pts, "path": path.tolist(), "seams": seams, "rows": tour.rows,
            "cols": tour.cols, "base": base, "speed": speed}


def _num(v: float) -> float:
    """``v`` rounded as the SVG writes it (an int when whole: shorter JSON)."""
    x = float(_fmt(v))
    return int(x) if x.is_integer() else x


def tour_html(
    tour: Tour,
    *,
    size: int = DEFAULT_SIZE,
    speed: float | None = None,
    numbers: bool | None = None,
    base: int = 0,
    title: str | None = None,
    standalone: bool = True,
) -> str:
    """A page that plays ``tour``: an HTML document (a string), self-contained.

    The board is drawn as :func:`knight.render.to_svg` draws it at ``size``
    px (``numbers`` and ``base`` as there; ``title`` heads the page and
    names the picture).  Under it a slider picks the step, Play/Pause runs
    the tour at ``speed`` steps a second (1 to 1024; a control on the page
    changes it; by default :data:`DEFAULT_SPEED`, or faster on a board too
    big to play in :data:`PLAY_SECONDS` at that speed), the path is drawn
    up to the step and the step numbers appear as the knight reaches them.
    The page opens on the last step, the whole tour, which is also what it
    shows without JavaScript.

    Boards the pictures draw as a colour ramp (see :func:`knight.render.layout`)
    and boards of more than :data:`PAGE_MAX_SQUARES` squares have no page:
    ValueError.  ``standalone=False`` gives the page's ``<div>`` alone, to
    sit in another page (a notebook's output), with ids of its own.

    >>> import knight
    >>> from knight.render.html import tour_html
    >>> page = tour_html(knight.solve(5), speed=16)
    >>> page.startswith("<!DOCTYPE html>"), page.count('class="kt-slider"')
    (True, 1)
    >>> page.count("<text"), "src=" in page
    (25, False)
    >>> tour_html(knight.solve(5), speed=0)
    Traceback (most recent call last):
    ...
    ValueError: speed must be a number of steps a second from 1 to 1024, got 0
    """
    size = check_size(size)
    if speed is not None:
        speed = check_speed(speed)
    _check_options(numbers, base)
    _check_title(title)
    _check_standalone(standalone)
    rows, cols = tour.shape
    squares = len(tour)
    if squares > PAGE_MAX_SQUARES:
        raise ValueError(
            f"{article(f'{rows}x{cols}')} tour has {squares:,} squares: a page plays at most "
            f"{PAGE_MAX_SQUARES:,} (save it as .svg or .png instead)")
    lay = layout(rows, cols, size)
    if not lay.path:
        need = math.ceil(MIN_PATH_CELL * max(rows, cols))
        raise ValueError(
            f"{article(f'{rows}x{cols}')} board at size={size} is drawn as a colour ramp, "
            "with no path to "
            f"play: a page needs squares of at least {MIN_PATH_CELL} px (size >= {need}) "
            f"and at most {MAX_VECTOR_SQUARES:,} squares")
    if speed is None:
        speed = _default_speed(squares)
    d = _of_tour(tour)
    label = title if title is not None else d.label.capitalize()
    uid = _page_id(bool(standalone))
    cell = lay.cell
    width, height = cell * cols, cell * rows
    draw_numbers, font, light, dark, stroke = _style(rows, cols, cell, numbers, base)
    path = tour.path
    board = tour.layout
    data = _tour_data(tour, cell, speed, base)
    # The whole path, as the page shows it without JavaScript: one M..L.. run
    # per stretch of moves on the page.
    line_d = _line_data(data["pts"], data["seams"])
    wrap_d = "".join(f"M{a} {b}L{c} {e}" for i in sorted(data["seams"], key=int)
                     for a, b, c, e in data["seams"][i])
    svg = [
        *_svg_open(width, height, label),
        "<defs>",
        *_svg_checker(cell, light, dark, f"{uid}-checker"),
        *_svg_hatch(cell, palette.HOLE, palette.HATCH, f"{uid}-hole"),
        "</defs>",
        f'<rect class="board" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'fill="url(#{uid}-checker)"/>',
    ]
    holes = ~board.mask
    if holes.any():
        svg.append(f'<path class="holes" fill="url(#{uid}-hole)" '
                   f'd="{_svg_squares(holes, cell)}"/>')
    svg.append(f'<path class="kt-line" d="{line_d}" fill="none" stroke="{palette.LINE}" '
               f'stroke-width="{_fmt(stroke)}" stroke-linejoin="round" stroke-linecap="round"/>')
    dashes = f'stroke-dasharray="{_fmt(stroke * 2)} {_fmt(stroke * 1.5)}"'
    svg.append(f'<path class="kt-wrap" d="{wrap_d}" fill="none" stroke="{palette.WRAP}" '
               f'stroke-width="{_fmt(stroke)}" {dashes} stroke-linecap="round"/>')
    (x0, y0), (x1, y1) = data["pts"][0], data["pts"][-1]
    if tour.closed and _closing(path, board) is not None:
        svg.append(
            f'<line class="kt-closing" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x0)}" '
            f'y2="{_fmt(y0)}" stroke="{palette.LINE}" stroke-width="{_fmt(stroke)}" '
            f'stroke-dasharray="{_fmt(stroke * 3)} {_fmt(stroke * 2)}"/>')
    elif tour.closed and len(path) > 1:
        stubs = _seam_stubs(np.stack([path[-1], path[0]]), board, False, cell)
        if stubs:
            closing_d = "".join(f"M{_fmt(xa)} {_fmt(ya)}L{_fmt(xb)} {_fmt(yb)}"
                                for (xa, ya), (xb, yb) in stubs)
            svg.append(f'<path class="kt-closing" d="{closing_d}" fill="none" '
                       f'stroke="{palette.WRAP}" stroke-width="{_fmt(stroke)}" {dashes} '
                       'stroke-linecap="round"/>')
    if draw_numbers:
        # As the SVG picture writes them (top-left corner, a halo), in tour
        # order: the player shows the first k + 1.
        svg.append(
            f'<g class="kt-steps" font-family="sans-serif" font-size="{_fmt(font)}" '
            f'fill="{palette.TEXT}" stroke="{palette.HALO}" stroke-width="{_fmt(font * 0.2)}" '
            'stroke-linejoin="round" paint-order="stroke">')
        for step, (r, c) in enumerate(path.tolist()):
            svg.append(f'<text x="{_fmt(c * cell + cell * 0.06)}" '
                       f'y="{_fmt(r * cell + cell * 0.06 + font)}">{step + base}</text>')
        svg.append("</g>")
    radius = max(0.6, cell * 0.16)
    start, end = tuple(path[0].tolist()), tuple(path[-1].tolist())
    svg.append(_svg_mark("start", x0, y0, radius, palette.START, f"start {start}"))
    svg.append(_svg_mark("end", x1, y1, radius, palette.END, f"end {end}"))
    svg.append(f'<circle class="kt-knight" cx="{_fmt(x1)}" cy="{_fmt(y1)}" '
               f'r="{_fmt(max(1.5, cell * 0.3))}" fill="none" stroke="{palette.LINE}" '
               f'stroke-width="{_fmt(max(0.8, stroke * 1.3))}" pointer-events="none"/>')
    svg.append("</svg>")
    last = squares - 1
    return _page(
        f'<div class="knight-tour" id="{uid}" tabindex="0" data-step="{last}" '
        f'data-steps="{squares}" data-playing="0">', _TOUR_CSS, label, svg, [
        '<button type="button" class="kt-first" title="first step (Home)">&laquo;</button>',
        '<button type="button" class="kt-back" title="one step back (left arrow)">'
        "&lsaquo;</button>",
        '<button type="button" class="kt-play" title="play or pause (space)">Play</button>',
        '<button type="button" class="kt-next" title="one step on (right arrow)">'
        "&rsaquo;</button>",
        '<button type="button" class="kt-last" title="last step (End)">&raquo;</button>',
        f'<input type="range" class="kt-slider" min="0" max="{last}" step="1" value="{last}" '
        'aria-label="step">',
        '<label class="kt-speed-row">Speed',
        f'<input type="range" class="kt-speed" min="0" max="10" step="0.5" '
        f'value="{_fmt(math.log2(speed))}" aria-label="speed, steps a second">',
        '<span class="kt-speed-out"></span></label>',
    ], _TOUR_JS, uid, data, standalone)


def _line_data(pts: list[list[float]], seams: dict[str, Any]) -> str:
    """Path data of the moves on the page: a new ``M`` after each seam."""
    out = []
    for i in range(1, len(pts)):
        if str(i - 1) in seams:
            continue
        if i == 1 or str(i - 2) in seams:
            out.append(f"M{pts[i - 1][0]} {pts[i - 1][1]}")
        out.append(f"L{pts[i][0]} {pts[i][1]}")
    return "".join(out)


# -- a puzzle -----------------------------------------------------------------

_PUZZLE_CSS = """
.knight-puzzle{display:inline-block;font-family:system-ui,sans-serif;font-size:14px;
  line-height:1.4;color:SHEET.ink}
.knight-puzzle .kt-title{font-weight:600;margin:0 0 .3em}
.knight-puzzle .kt-help{margin:0 0 .6em;max-width:40em}
.knight-puzzle .kt-grid{display:grid;grid-template-columns:repeat(var(--kt-cols),var(--kt-cell));
  grid-auto-rows:var(--kt-cell);border-top:1px solid SHEET.grid;
  border-left:1px solid SHEET.grid;width:max-content;background:SHEET.paper}
.knight-puzzle .kt-cell{box-sizing:border-box;border-right:1px solid SHEET.grid;
  border-bottom:1px solid SHEET.grid;display:flex;
  align-items:center;justify-content:center;font-size:var(--kt-font);
  font-variant-numeric:tabular-nums;background:SHEET.paper;position:relative}
.knight-puzzle .kt-clue{font-weight:700;color:SHEET.ink}
.knight-puzzle .kt-hole{background:repeating-linear-gradient(45deg,SHEET.hole 0 6px,
  SHEET.hatch 6px 9px);-webkit-print-color-adjust:exact;print-color-adjust:exact}
.knight-puzzle input{box-sizing:border-box;width:100%;height:100%;border:0;margin:0;padding:0;
  background:transparent;text-align:center;font:inherit;color:SHEET.filled;outline:none}
.knight-puzzle .kt-cell:focus-within{box-shadow:inset 0 0 0 3px #f2b600}
.knight-puzzle .kt-bad{background:#fde0e0}
.knight-puzzle .kt-bad input{color:#c62828;font-weight:700}
.knight-puzzle .kt-wrong input{color:#c62828;text-decoration:line-through}
.knight-puzzle .kt-revealed input{color:#6b6b6b}
.knight-puzzle .kt-controls{display:none;gap:.4em;margin-top:.6em}
.knight-puzzle.kt-live .kt-controls{display:flex}
.knight-puzzle button{font:inherit;padding:.15em .7em;cursor:pointer}
.knight-puzzle .kt-status{margin-top:.4em;min-height:1.4em;max-width:40em}
.knight-puzzle[data-state="solved"] .kt-status{color:#2e7d32;font-weight:600}
.knight-puzzle[data-state="solved"] .kt-grid{outline:3px solid #2e7d32}
@media print{
  .knight-puzzle .kt-title,.knight-puzzle .kt-help,.knight-puzzle .kt-controls,
  .knight-puzzle .kt-status{display:none!important}
  .knight-puzzle input{color:transparent!important}
  .knight-puzzle .kt-cell{background:SHEET.paper!important;box-shadow:none!important}
  .knight-puzzle .kt-hole{background:repeating-linear-gradient(45deg,SHEET.hole 0 6px,
    SHEET.hatch 6px 9px)!important}
  .knight-puzzle[data-state] .kt-grid{outline:none}
}
"""
for _name, _colour in (("SHEET.ink", SHEET.ink), ("SHEET.grid", SHEET.grid),
                       ("SHEET.paper", SHEET.paper), ("SHEET.filled", SHEET.filled),
                       ("SHEET.hole", SHEET.hole), ("SHEET.hatch", SHEET.hatch)):
    _PUZZLE_CSS = _PUZZLE_CSS.replace(_name, _colour)

# The checks.  D: the data (see puzzle_html).  Squares are numbered r * cols + c;
# D.adj[s] lists the squares one move of the piece from s (wrap included).
_PUZZLE_JS = """
(function () {
  var root = document.getElementById(__KT_ID__), D = __KT_DATA__;
  if (!root || root.getAttribute("data-ready")) return;
  root.setAttribute("data-ready", "1");
  var n = D.n, status = root.querySelector(".kt-status");
  var inputs = Array.prototype.slice.call(root.querySelectorAll(".kt-grid input"));
  var adj = {};
  Object.keys(D.adj).forEach(function (s) {
    adj[s] = {};
    D.adj[s].forEach(function (t) { adj[s][t] = true; });
  });
  function name(s) {
    var r = Math.floor(s / D.cols), c = s % D.cols;
    return "(" + r + ", " + c + ")" +
      (D.cols <= 26 ? " " + "abcdefghijklmnopqrstuvwxyz"[c] + (D.rows - r) : "");
  }
  function value(input) {
    var t = input.value.trim();
    if (t === "") return null;
    return /^[0-9]+$/.test(t) && +t >= 1 && +t <= n ? +t : NaN;
  }
  function neighbours(v) {
    var out = [];
    if (v > 1) out.push(v - 1); else if (D.closed && n > 2) out.push(n);
    if (v < n) out.push(v + 1); else if (D.closed && n > 2) out.push(1);
    return out;
  }
  // Flag every entry that breaks a rule; return [empty, flagged].
  function validate() {
    var where = {}, empty = 0, bad = 0;
    Object.keys(D.clues).forEach(function (s) {
      (where[D.clues[s]] = where[D.clues[s]] || []).push(+s);
    });
    inputs.forEach(function (input) {
      var v = value(input);
      if (v) (where[v] = where[v] || []).push(+input.getAttribute("data-sq"));
    });
    inputs.forEach(function (input) {
      var s = +input.getAttribute("data-sq"), v = value(input), why = [];
      var cell = input.parentNode;
      cell.classList.remove("kt-wrong");
      if (v === null) empty++;
      else if (isNaN(v)) why.push(JSON.stringify(input.value.trim()) +
        " is not a number from 1 to " + n);
      else {
        where[v].forEach(function (t) {
          if (t !== s) why.push(v + " is also on " + name(t));
        });
        neighbours(v).forEach(function (w) {
          (where[w] || []).forEach(function (t) {
            if (!adj[s][t]) why.push(v + " is not one " + D.piece + " move from " + w +
              " on " + name(t));
          });
        });
      }
      cell.classList.toggle("kt-bad", why.length > 0);
      input.title = why.join("; ");
      if (why.length) bad++;
    });
    return [empty, bad];
  }
  function report(fromCheck, focus) {
    var r = validate(), empty = r[0], bad = r[1];
    if (!empty && !bad) {
      root.setAttribute("data-state", "solved");
      status.textContent = "Solved! Every square is numbered 1 to " + n + ", each number one " +
        D.piece + " move from the next" + (D.closed ? ", and " + n + " from 1." : ".");
      return;
    }
    root.setAttribute("data-state", bad ? "wrong" : "playing");
    var wrong = 0;
    if (fromCheck && D.solution) {
      inputs.forEach(function (input) {
        var v = value(input), s = input.getAttribute("data-sq");
        if (v !== null && v !== D.solution[s]) {
          input.parentNode.classList.add("kt-wrong");
          wrong++;
        }
      });
    }
    var parts = [];
    if (bad) parts.push(bad + (bad === 1 ? " entry breaks" : " entries break") + " the rules");
    if (wrong) parts.push(wrong + (wrong === 1 ? " entry differs" : " entries differ") +
      " from the solution");
    if (empty) parts.push(empty + (empty === 1 ? " square" : " squares") + " to fill");
    var why = focus && focus.title ? " \\u2014 " + focus.title : "";
    if (fromCheck && !bad && !wrong) parts.unshift("No mistakes so far");
    status.textContent = parts.join(", ") + "." + why;
  }
  inputs.forEach(function (input, i) {
    input.addEventListener("input", function () {
      input.parentNode.classList.remove("kt-revealed");
      report(false, input);
    });
    input.addEventListener("keydown", function (e) {
      var step = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]};
      var d = step[e.key];
      if (!d) return;
      var s = +input.getAttribute("data-sq"), r = Math.floor(s / D.cols), c = s % D.cols;
      for (r += d[0], c += d[1]; r >= 0 && r < D.rows && c >= 0 && c < D.cols;
           r += d[0], c += d[1]) {
        var next = root.querySelector('input[data-sq="' + (r * D.cols + c) + '"]');
        if (next) { e.preventDefault(); next.focus(); next.select(); return; }
      }
    });
  });
  root.querySelector(".kt-check").addEventListener("click", function () { report(true); });
  var reveal = root.querySelector(".kt-reveal");
  if (D.solution) reveal.addEventListener("click", function () {
    inputs.forEach(function (input) {
      var s = input.getAttribute("data-sq");
      if (value(input) !== D.solution[s]) {
        input.value = D.solution[s];
        input.parentNode.classList.add("kt-revealed");
      }
    });
    report(false);
    status.textContent = "The solution, revealed. " + status.textContent;
  });
  else reveal.style.display = "none";
  root.querySelector(".kt-clear").addEventListener("click", function () {
    inputs.forEach(function (input) {
      input.value = "";
      input.parentNode.classList.remove("kt-revealed", "kt-wrong");
    });
    root.removeAttribute("data-state");
    validate();
    status.textContent = "";
  });
  root.classList.add("kt-live");
})();
"""


def _piece_name(board: Board) -> str:
    """How a page names the board's piece: ``"knight"``, or ``"piece"`` for bare offsets."""
    return board.piece if board.piece is not None else "piece"


def puzzle_html(
    board: Board,
    clues: dict[Square, int],
    *,
    closed: bool = False,
    solution: Tour | None = None,
    size: int = DEFAULT_SIZE,
    title: str | None = None,
    standalone: bool = True,
) -> str:
    """A page to solve a puzzle on: an HTML document (a string), self-contained.

    The grid is the printable sheet's (:func:`knight.render.puzzle_svg`:
    ``size`` bounds its longer side, clues from 1 in bold, holes hatched),
    every empty square a box to type a number in.  Each entry is checked as
    it is typed: a number out of 1..N, one already on the board, or one that
    is not a move of the board's piece (across the seam of a cylinder or
    torus too) from the number before or after it is flagged in red, the
    reason in its tooltip and under the grid.  A full grid with no flag is
    a solution (``closed``: N is also one move from 1), and the page says
    it is solved.  Check also marks the entries that differ from
    ``solution`` (a :class:`knight.Tour` of the board), and Reveal fills it
    in (no ``solution``: no Reveal).  Printed, the page is the grid and its
    clues alone.

    :meth:`knight.puzzle.Puzzle.to_html` makes a puzzle's page with it.

    >>> import knight
    >>> from knight.render.html import puzzle_html
    >>> board = knight.Board(3, 4)
    >>> page = puzzle_html(board, {(0, 0): 0, (2, 3): 11}, solution=knight.solve(board))
    >>> page.count("<input"), page.count('class="kt-cell kt-clue"')
    (10, 2)
    >>> puzzle_html(board, {}, title=3)
    Traceback (most recent call last):
    ...
    TypeError: title must be a string or None, not int
    """
    size = check_size(size)
    _check_title(title)
    _check_standalone(standalone)
    if not isinstance(closed, (bool, np.bool_)):
        raise ValueError(f"closed must be True or False, got {closed!r}")
    _check_sheet(board, clues, solution, False)
    lay = sheet_layout(board.rows, board.cols, board.size, size)
    rows, cols, n = board.rows, board.cols, board.size
    family = puzzle_kind(board)
    label = title if title is not None else (
        f"{family} on the {board.describe()}, {len(clues)} clue{'s' if len(clues) != 1 else ''}")
    uid = _page_id(bool(standalone))
    squares = board.squares.tolist()
    flat = [r * cols + c for r, c in squares]
    table = board.neighbours()[:n].tolist()  # the last row: the sentinel's
    adj = {str(flat[i]): [flat[j] for j in row if j < n] for i, row in enumerate(table)}
    given = {r * cols + c: step + 1 for (r, c), step in clues.items()}
    steps = None if solution is None else solution.board
    data = {
        "rows": rows, "cols": cols, "n": n, "closed": bool(closed), "piece": _piece_name(board),
        "clues": {str(s): v for s, v in given.items()}, "adj": adj,
        "solution": None if steps is None else {str(s): int(steps[divmod(s, cols)]) + 1
                                                for s in flat},
    }
    usable = board.mask
    digits = len(str(n))
    cells = []
    for r in range(rows):
        for c in range(cols):
            s = r * cols + c
            where = f"row {r}, column {c}"
            if not usable[r, c]:
                cells.append(f'<div class="kt-cell kt-hole" title="{where}: a hole"></div>')
            elif s in given:
                cells.append(f'<div class="kt-cell kt-clue" title="{where}">{given[s]}</div>')
            else:
                cells.append(
                    f'<div class="kt-cell"><input type="text" inputmode="numeric" '
                    f'autocomplete="off" maxlength="{digits}" data-sq="{s}" '
                    f'aria-label="{where}"></div>')
    # The rule the printed sheets state, word for word.
    help_text = (f"{puzzle_rule(board, bool(closed))} Click a square and type a number; arrow "
                 "keys move between squares.")
    style = (f"--kt-cols:{cols};--kt-cell:{_fmt(lay.cell)}px;--kt-font:{_fmt(lay.font)}px")
    return _page(f'<div class="knight-puzzle" id="{uid}" style="{style}">', _PUZZLE_CSS, label, [
        f'<p class="kt-help">{escape(help_text)}</p>',
        f'<div class="kt-grid" role="grid" aria-label="{escape(label)}">',
        *cells,
        "</div>",
    ], [
        '<button type="button" class="kt-check">Check</button>',
        '<button type="button" class="kt-reveal">Reveal</button>',
        '<button type="button" class="kt-clear">Clear</button>',
    ], _PUZZLE_JS, uid, data, standalone)


__all__ = ["DEFAULT_SPEED", "MAX_SPEED", "MIN_SPEED", "PAGE_MAX_SQUARES", "PLAY_SECONDS",
           "check_speed",
           "puzzle_html", "tour_html"]

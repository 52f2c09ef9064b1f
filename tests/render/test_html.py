"""Pages you can play (knight.render.html): self-contained, well-formed, every board.

What the pages do in a browser is tests/render/test_html_browser.py's.
"""

import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import numpy as np
import pytest

import knight
from knight.puzzle import Puzzle
from knight.render import html

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# SVG elements a page writes self-closed (<rect .../>).
SELF_CLOSED = {"rect", "path", "line", "circle", "polyline", "image", "stop"}


class Page(HTMLParser):
    """A page parsed: its elements (tag, attributes, text), checked to nest."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.stack, self.elements, self.scripts, self.styles = [], [], [], []
        self.feed(text)
        self.close()
        assert self.stack == [], f"unclosed elements: {self.stack}"

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        assert tag in SELF_CLOSED | VOID, f"<{tag}/> self-closed"
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": ""})

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1]["tag"] == tag, \
            f"</{tag}> closes <{self.stack[-1]['tag'] if self.stack else None}>"
        element = self.stack.pop()
        if tag == "script":
            self.scripts.append(element["text"])
        if tag == "style":
            self.styles.append(element["text"])

    def handle_data(self, data):
        if self.stack:
            self.stack[-1]["text"] += data

    def find(self, tag=None, cls=None):
        return [e for e in self.elements
                if (tag is None or e["tag"] == tag)
                and (cls is None or cls in e["attrs"].get("class", "").split())]


def data_of(page):
    """The data a page's script plays from."""
    found = re.search(r"D = (\{.*?\});\n", page)
    assert found, "no data in the page"
    return json.loads(found.group(1))


def assert_self_contained(page):
    parsed = Page(page)
    for element in parsed.elements:
        for name in ("src", "href", "xlink:href", "action", "poster", "data"):
            value = element["attrs"].get(name)
            assert value is None or not re.match(r"\s*(https?:)?//", value), (element, name)
        assert element["tag"] not in ("link", "iframe", "img", "object", "embed")
    for text in parsed.scripts + parsed.styles:
        assert not re.search(r"https?://|@import|url\(\s*['\"]?(https?:)?//", text)
        assert "fetch(" not in text and "XMLHttpRequest" not in text
    return parsed


BOARDS = {
    "knight5": knight.Board(5),
    "rect3x4": knight.Board(3, 4),
    "holes": knight.Board(8, holes=["d4", "e4"]),
    "zebra": knight.Board(8, moves="zebra"),
    "king-cylinder": knight.Board(5, moves="king", wrap="cylinder"),
    "torus": knight.Board(5, 7, wrap="torus"),
    "1x1": knight.Board(1),
}


@pytest.fixture(params=sorted(BOARDS))
def tour(request):
    board = BOARDS[request.param]
    if request.param == "zebra":
        # The zebra has no tour of a flat 8x8 board from a corner: one found once.
        return knight.solve(knight.Board(8, moves="zebra", wrap="torus"))
    return knight.solve(board, closed=request.param == "torus")


def test_a_tour_page_holds_every_step(tour):
    page = tour.to_html(size=320)
    parsed = assert_self_contained(page)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    (svg,) = parsed.find("svg")
    cell = float(svg["attrs"]["width"]) / tour.cols
    texts = list(parsed.find("text"))
    # The step numbers in tour order, each in its square's top-left corner.
    assert [int(t["text"]) for t in texts] == list(range(len(tour)))
    for t, (r, c) in zip(texts, tour.path.tolist()):
        assert int(float(t["attrs"]["x"]) // cell) == c
        assert int(float(t["attrs"]["y"]) // cell) == r
    data = data_of(page)
    assert [[round((y - cell / 2) / cell), round((x - cell / 2) / cell)]
            for x, y in data["pts"]] == tour.path.tolist()
    assert data["path"] == tour.path.tolist()
    (root,) = parsed.find("div", "knight-tour")
    assert root["attrs"]["data-step"] == str(len(tour) - 1)
    (slider,) = parsed.find("input", "kt-slider")
    assert slider["attrs"]["max"] == str(len(tour) - 1)
    assert parsed.find("button", "kt-play") and parsed.find("input", "kt-speed")
    # The seams: a move across one is two stubs, never a line across the board.
    moves = np.diff(tour.path.astype(int), axis=0)
    legal = {tuple(m) for m in tour.layout.moves}
    crossing = [i for i, m in enumerate(moves.tolist()) if tuple(m) not in legal]
    assert sorted(map(int, data["seams"])) == crossing
    assert all(len(stubs) == 2 for stubs in data["seams"].values())
    (line,) = parsed.find("path", "kt-line")
    assert line["attrs"]["d"].count("L") == len(tour) - 1 - len(crossing)


def test_holes_are_hatched_and_unnumbered():
    tour = knight.solve(knight.Board(8, holes=["d4", "e4"]))
    parsed = Page(tour.to_html())
    (holes,) = parsed.find("path", "holes")
    assert holes["attrs"]["fill"] == "url(#knight-page-hole)"
    assert len(parsed.find("text")) == 62


def test_the_page_matches_the_svg_picture():
    """The same geometry and colours as to_svg: squares, stroke, marks, numbers."""
    tour = knight.solve(6, closed=True)
    svg = tour.to_svg(size=400)
    page = tour.to_html(size=400)
    for piece in ('width="384" height="384"', knight.render.LINE, knight.render.START,
                  knight.render.END, 'class="start"', "knight's tour of a 6x6 board</title>"):
        assert piece in svg and piece in page, piece
    assert 'class="kt-closing"' in page


def test_a_page_without_numbers_still_plays():
    page = knight.solve(8).to_html(numbers=False)
    assert "<text" not in page and data_of(page)["pts"]


def test_big_boards_play_faster_by_default():
    assert data_of(knight.solve(8).to_html())["speed"] == html.DEFAULT_SPEED
    assert data_of(knight.solve(100).to_html())["speed"] == 512
    assert data_of(knight.solve(100).to_html(speed=2))["speed"] == 2


def test_base_one_and_a_title():
    parsed = Page(knight.solve(5).to_html(base=1, title="Mine & yours"))
    assert [int(t["text"]) for t in parsed.find("text")][:2] == [1, 2]
    assert parsed.find("title")[0]["text"] == "Mine & yours"


def test_a_standalone_page_is_the_same_every_time_and_a_fragment_has_its_own_ids():
    tour = knight.solve(6)
    assert tour.to_html() == tour.to_html()
    first, second = tour._repr_html_(), tour._repr_html_()
    ids = [re.search(r'id="(knight-page-[0-9a-f]+)"', f).group(1) for f in (first, second)]
    assert ids[0] != ids[1]
    for fragment, uid in zip((first, second), ids):
        assert not fragment.startswith("<!DOCTYPE")
        Page(fragment)
        assert f'url(#{uid}-checker)' in fragment
        assert f"getElementById({json.dumps(uid)})" in fragment
        # No id but the page's own.
        assert set(re.findall(r'\bid="([^"]+)"', fragment)) == {
            uid, f"{uid}-checker", f"{uid}-hole"}
        # The CSS is scoped to the page's classes.
        for rule in re.findall(r"([^{}]+)\{", re.search(r"<style>(.*?)</style>", fragment,
                                                         re.S).group(1)):
            for selector in rule.split(","):
                selector = selector.strip()
                assert selector.startswith((".knight-tour", "@media"))


def test_jupyter_gets_the_page_and_keeps_the_picture():
    tour = knight.solve(8)
    assert tour._repr_html_().startswith('<div class="knight-tour"')
    assert tour._repr_svg_().startswith("<svg")
    big = knight.solve(120)  # a ramp at the notebook's size: no page
    assert big._repr_html_() is None
    assert big._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("bad,message", [
    ({"size": 3}, "size must be an integer"),
    ({"size": "big"}, "size must be an integer"),
    ({"speed": 0}, "speed must be a number of steps a second from 1 to 1024"),
    ({"speed": 5000}, "speed must be"),
    ({"speed": float("nan")}, "speed must be"),
    ({"speed": True}, "speed must be"),
    ({"speed": "fast"}, "speed must be"),
    ({"numbers": "yes"}, "numbers must be"),
    ({"base": 2}, "base must be 0 or 1"),
    ({"standalone": "no"}, "standalone must be True or False"),
])
def test_bad_options_are_refused_first(bad, message):
    # A board with no page: the option is what the message names.
    huge = knight.solve(300, method="warnsdorff")
    with pytest.raises(ValueError, match=message):
        huge.to_html(**bad)
    with pytest.raises(TypeError, match="title must be a string or None, not int"):
        huge.to_html(title=3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        knight.solve(5).to_html(colour="red")


def test_boards_with_no_page_say_why():
    with pytest.raises(ValueError, match=r"a 300x300 tour has 90,000 squares: a page plays at "
                       r"most 40,000"):
        knight.solve(300, method="warnsdorff").to_html()
    with pytest.raises(ValueError, match=r"a 150x150 board at size=640 is drawn as a colour "
                       r"ramp.*size >= 750"):
        knight.solve(150, method="warnsdorff").to_html()
    assert "<svg" in knight.solve(150, method="warnsdorff").to_html(size=750, numbers=False)


def test_save_writes_a_page(tmp_path):
    tour = knight.solve(5)
    tour.save(tmp_path / "tour.html", speed=2)
    assert (tmp_path / "tour.html").read_text(encoding="utf-8") == tour.to_html(speed=2)
    with pytest.raises(ValueError, match="speed must be"):
        tour.save(tmp_path / "bad.html", speed=-1)
    assert not (tmp_path / "bad.html").exists()


def test_the_html_module_loads_on_first_use():
    code = ("import sys, knight\nknight.solve(5)\n"
            "print('knight.render.html' in sys.modules, 'knight.render' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "False"]


# -- puzzles ---------------------------------------------------------------------------------


PUZZLES = {
    "knight": lambda: knight.puzzle.make(6, seed=3),
    "hidato": lambda: knight.puzzle.make(knight.Board(5, moves="king"), seed=2),
    "numbrix": lambda: knight.puzzle.make(knight.Board(4, 5, moves="wazir", holes=["a1"]),
                                          seed=1),
    "hopido": lambda: knight.puzzle.make(knight.Board(6, moves="hopido"), seed=4),
    "holes": lambda: knight.puzzle.make(knight.Board(6, holes=["c3", "d3"]), seed=5),
    "torus": lambda: knight.puzzle.make(knight.Board(5, moves="king", wrap="torus"),
                                        seed=1, closed=True),
    "1x1": lambda: Puzzle(knight.Board(1), {(0, 0): 0}),
}


@pytest.fixture(params=sorted(PUZZLES))
def puzzle(request):
    return PUZZLES[request.param]()


def test_a_puzzle_page_has_a_box_for_every_empty_square(puzzle):
    page = puzzle.to_html()
    parsed = assert_self_contained(page)
    board = puzzle.board
    inputs = parsed.find("input")
    assert len(inputs) == board.size - len(puzzle.clues)
    clues = parsed.find("div", "kt-clue")
    cols = board.cols
    assert sorted(divmod(int(i["attrs"]["data-sq"]), cols) for i in inputs) == sorted(
        sq for sq in map(tuple, board.squares.tolist()) if sq not in puzzle.clues)
    assert sorted(int(c["text"]) for c in clues) == sorted(v + 1 for v in puzzle.clues.values())
    assert len(parsed.find("div", "kt-hole")) == len(board.holes)
    assert len(parsed.find("div", "kt-cell")) == board.rows * cols
    data = data_of(page)
    assert data["n"] == board.size and data["closed"] == puzzle.closed
    assert data["piece"] == board.piece
    # The moves the checks use are the board's: wrap-around included.
    squares = board.squares.tolist()
    table = board.neighbours()
    for i, (r, c) in enumerate(squares):
        expected = {squares[j][0] * cols + squares[j][1] for j in table[i] if j < board.size}
        assert set(data["adj"][str(r * cols + c)]) == expected
    solution = puzzle.solution if puzzle.solution is not None else knight.puzzle.solve(puzzle)
    assert data["solution"] == {str(r * cols + c): int(solution.board[r, c]) + 1
                                for r, c in squares}
    for button in ("kt-check", "kt-reveal", "kt-clear"):
        assert parsed.find("button", button)
    assert any("@media print" in style for style in parsed.styles)


def test_a_puzzle_page_without_a_solution_has_no_reveal():
    board = knight.Board(3, 4)
    page = knight.render.puzzle_html(board, {(0, 0): 0})
    assert data_of(page)["solution"] is None
    Page(page)


def test_a_puzzle_is_solved_for_its_page(monkeypatch):
    p = Puzzle(knight.Board(3, 4), {(0, 0): 0, (2, 3): 11})
    assert p.solution is None
    assert data_of(p.to_html())["solution"]["0"] == 1


def test_puzzle_titles_name_the_family():
    assert "Hidato on the 5x5 board" in PUZZLES["hidato"]().to_html()
    assert "Numbrix on the 4x5 board" in PUZZLES["numbrix"]().to_html()
    assert "<title>Mine</title>" in PUZZLES["knight"]().to_html(title="Mine")


def test_puzzle_page_bad_options():
    p = Puzzle(knight.Board(3, 4), {(0, 0): 0})
    with pytest.raises(ValueError, match="size must be an integer"):
        p.to_html(size=2)
    with pytest.raises(TypeError, match="title must be a string"):
        p.to_html(title=b"x")
    with pytest.raises(TypeError, match="unexpected keyword argument 'speed'"):
        p.to_html(speed=3)
    with pytest.raises(ValueError, match="closed must be True or False"):
        html.puzzle_html(p.board, {}, closed="yes")


def test_puzzle_save_html(tmp_path):
    p = PUZZLES["hidato"]()
    p.save(tmp_path / "p.html", size=300)
    assert (tmp_path / "p.html").read_text(encoding="utf-8") == p.to_html(size=300)
    with pytest.raises(ValueError, match=r"use \.svg, \.png, \.pdf, \.html, \.txt or \.json"):
        p.save(tmp_path / "p.doc")


# -- the command line ------------------------------------------------------------------------


def test_cli_html(knight_cli, tmp_path):
    page = tmp_path / "t.html"
    code, out, _ = knight_cli(["6", "--wrap", "torus", "--closed", "--html", str(page)])
    assert code == 0
    text = page.read_text(encoding="utf-8")
    assert_self_contained(text)
    assert len(data_of(text)["pts"]) == 36
    code, _, err = knight_cli(["6", "--html", str(tmp_path / "t.svg")])
    assert code == 2 and "--html needs a file name ending in .html" in err


def test_cli_puzzle_make_html(knight_cli, tmp_path):
    page = tmp_path / "p.html"
    code, out, _ = knight_cli(["puzzle", "make", "5", "--moves", "king", "--seed", "2",
                               "--html", str(page)])
    assert code == 0
    p = Puzzle.from_text(out)
    assert page.read_text(encoding="utf-8").count("<input") == p.size - len(p.clues)
    code, _, err = knight_cli(["puzzle", "make", "5", "--html", str(tmp_path / "p.txt")])
    assert code == 2 and "--html needs a file name ending in .html" in err


def test_notebook_pictures_are_readable():
    # issue 27: an 8x8 tour was 192 px wide in a notebook, its numbers 7 px
    import re

    tour = knight.solve(8)
    svg, page = tour._repr_svg_(), tour._repr_html_()
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))
    assert width >= 400
    assert f'width="{width}"' in page  # the page draws the same picture

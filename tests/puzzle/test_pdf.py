"""Sheets that print (issue 27): every sheet names the kind of puzzle and states
its rule; vector PDF sheets and booklets, read back with pypdf."""

import builtins
import html
import subprocess
import sys

import pytest

import knight
from conftest import sheet_numbers
from knight.puzzle import Puzzle, booklet, booklet_pages, make

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")


@pytest.fixture(scope="module")
def puzzles():
    return [make(6, seed=s) for s in range(7)]


def read(path):
    reader = pypdf.PdfReader(str(path))
    return reader, [page.extract_text() for page in reader.pages]


def strings(page):
    """The page's text as drawn, one string each (extract_text runs close numbers together)."""
    found = []
    page.extract_text(visitor_text=lambda text, *_: found.append(text.strip()))
    return {text for text in found if text}


def images(reader):
    """Every raster image of every page (a vector PDF has none)."""
    found = []
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        xobjects = resources.get("/XObject") or {}
        for ref in xobjects.values():
            if ref.get_object().get("/Subtype") == "/Image":
                found.append(ref)
        found.extend(page.images)
    return found


# -- what every sheet says --------------------------------------------------------------


RULES = {
    "knight": "Write 1–36 so that consecutive numbers are a knight's move apart.",
    "king": "Write 1–36 so that consecutive numbers are a king's move apart.",
    "wazir": "Write 1–36 so that consecutive numbers are a wazir's move apart (one square "
             "along a row or column).",
    "hopido": "Write 1–36 so that consecutive numbers are a hop apart (two squares "
              "diagonally, or three along a row or column).",
    "zebra": "Write 1–36 so that consecutive numbers are a zebra's move apart (three squares "
             "one way and two the other).",
}
KINDS = {"knight": "Knight's tour puzzle", "king": "Hidato", "wazir": "Numbrix",
         "hopido": "Hopido", "zebra": "Zebra path puzzle"}


def svg_words(svg):
    """The words of a sheet's title and rule, as one string."""
    import re

    head = svg.split('class="board"', 1)[0]
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", head)).replace("&amp;", "&")


@pytest.mark.parametrize("piece", sorted(RULES))
def test_every_sheet_names_the_kind_and_states_the_rule(piece):
    p = Puzzle(knight.Board(6, moves=piece), {(0, 0): 0})
    assert p.kind == KINDS[piece] and p.rule == RULES[piece]
    words = svg_words(p.to_svg())
    assert words == f"{KINDS[piece]} {RULES[piece]}"
    # The puzzle's page states the same rule, word for word (the zebra's has no solution).
    if piece != "zebra":
        assert RULES[piece] in html.unescape(p.to_html())


def test_closed_holes_and_wrap_rules():
    p = Puzzle(knight.Board(6, moves="king", holes=["a1"]), closed=True)
    assert p.rule == ("Write 1–35 so that consecutive numbers are a king's move apart, and 35 is "
                      "a king's move from 1. The shaded squares are not used.")
    assert svg_words(p.to_svg()).startswith("Hidato Write 1–35")
    assert "shaded squares are not used" in svg_words(p.to_svg())
    assert "Opposite edges join" in Puzzle(knight.Board(6, wrap="torus")).rule
    assert "left and right edges join" in Puzzle(knight.Board(6, wrap="cylinder")).rule
    custom = Puzzle(knight.Board(5, moves=[(1, 2), (-1, -2), (2, 1), (-2, -1)]))
    assert custom.kind == "Path puzzle" and "one move apart (a move is one of (1, 2)" in \
        custom.rule


def test_sheet_title_and_solution_title():
    p = make(5, seed=1)
    assert svg_words(p.to_svg(title="Sunday's puzzle")).startswith("Sunday's puzzle Write")
    assert svg_words(p.to_svg(solution=True)).startswith("Knight's tour puzzle: solution")
    with pytest.raises(TypeError, match="title must be a string"):
        p.to_svg(title=3)
    # The header sits above the grid: the numbers are still the clues.
    assert sheet_numbers(p.to_svg()) == len(p.clues)


def test_the_sheet_fits_its_size():
    for board in (knight.Board(8), knight.Board(3, 4), knight.Board(2, 30), knight.Board(20)):
        svg = Puzzle(board).to_svg(size=500)
        plan = knight.render.sheet_plan(board, size=500)
        assert f'width="{plan.width:g}"' in svg
        assert max(plan.width, plan.height) <= 501, board


def test_png_sheet_has_the_header(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    p = make(5, seed=1)
    p.to_png(tmp_path / "p.png")
    plan = knight.render.sheet_plan(p.board)
    with Image.open(tmp_path / "p.png") as im:
        assert im.size == (round(plan.width), round(plan.height))
        # Ink in the title's band, above the grid.
        band = im.crop((0, 0, im.size[0], int(plan.y) - 4)).convert("L")
        assert band.getextrema()[0] < 100


# -- one sheet as PDF -------------------------------------------------------------------


def test_puzzle_pdf_is_vector_with_its_words(tmp_path):
    p = Puzzle(knight.Board(6, moves="king", holes=["a1"]), {(0, 1): 0, (5, 5): 34})
    target = tmp_path / "p.pdf"
    p.save(target)
    reader, pages = read(target)
    assert len(reader.pages) == 1 and images(reader) == []
    text = pages[0]
    assert "Hidato" in text and "Write 1–35 so that consecutive numbers are a king's move" in text
    assert "shaded squares are not used" in text
    assert {"1", "35"} <= strings(reader.pages[0])
    # A4, portrait.
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_solution_pdf_letter_and_title(tmp_path):
    p = make(6, seed=4)
    target = tmp_path / "s.pdf"
    p.to_pdf(target, solution=True, path=True, paper="letter", title="Answer")
    reader, pages = read(target)
    assert images(reader) == []
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612, 792)
    assert "Answer" in pages[0] and "Write 1–36" in pages[0]
    assert set(map(str, range(1, 37))) <= strings(reader.pages[0])
    assert reader.metadata.title == "Answer"


def test_pdf_options_are_checked_first(tmp_path):
    p = make(5, seed=1)
    with pytest.raises(ValueError, match="paper must be one of 'a4', 'letter'"):
        p.to_pdf(tmp_path / "p.pdf", paper="a3")
    with pytest.raises(ValueError, match=r"must end in \.pdf"):
        p.to_pdf(tmp_path / "p.svgz")
    with pytest.raises(ValueError, match="path=True draws the solution's path"):
        p.to_pdf(tmp_path / "p.pdf", path=True)
    with pytest.raises(TypeError, match="takes no|unexpected keyword"):
        p.save(tmp_path / "p.pdf", size=300)
    assert list(tmp_path.iterdir()) == []


# -- booklets ---------------------------------------------------------------------------


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_booklet_pages(puzzles, tmp_path, per_page):
    target = tmp_path / "b.pdf"
    pages = booklet(puzzles, target, per_page=per_page, title="Seven tours")
    reader, texts = read(target)
    assert pages == len(reader.pages) == booklet_pages(7, per_page)
    puzzle_pages = -(-7 // per_page)
    assert pages - puzzle_pages == (1 if per_page == 6 else 2)  # 12 or 6 solutions a page
    assert images(reader) == []
    for i, text in enumerate(texts):
        assert "Seven tours" in text and f"{i + 1} / {pages}" in text
    # Every puzzle once, in order, on the first pages; its solution at the back.
    front = " ".join(texts[:puzzle_pages])
    back = " ".join(texts[puzzle_pages:])
    for k in range(1, 8):
        assert f"{k}. Knight's tour puzzle" in front
        assert f"{k}. Knight's tour puzzle: solution" in back
    assert "solution" not in front and "Write 1–36" in front and "Write 1–36" in back


def test_booklet_without_solutions_and_of_one(puzzles, tmp_path):
    target = tmp_path / "b.pdf"
    assert booklet(puzzles[:3], target, per_page=2, solutions=False, paper="letter") == 2
    reader, texts = read(target)
    assert "solution" not in " ".join(texts)
    assert booklet(puzzles[:1], target) == 2
    reader, texts = read(target)
    # One puzzle: the clues on page 1, every number on page 2.
    clues = {str(step + 1) for step in puzzles[0].clues.values()}
    assert clues <= strings(reader.pages[0]) and "1 / 2" in texts[0]
    assert set(map(str, range(1, 37))) <= strings(reader.pages[1])


def test_booklet_errors_come_before_any_work(puzzles, tmp_path):
    target = tmp_path / "b.pdf"
    with pytest.raises(ValueError, match="per_page must be one of 1, 2, 4, 6, got 3"):
        booklet(puzzles, target, per_page=3)
    with pytest.raises(ValueError, match="per_page must be one of"):
        booklet(puzzles, target, per_page=True)
    with pytest.raises(ValueError, match="at least one puzzle"):
        booklet([], target)
    with pytest.raises(TypeError, match=r"puzzles\[1\] is a str"):
        booklet([puzzles[0], "8"], target)
    with pytest.raises(TypeError, match="list of knight.puzzle.Puzzle"):
        booklet(puzzles[0], target)
    with pytest.raises(ValueError, match="paper must be one of"):
        booklet(puzzles, target, paper="A5")
    with pytest.raises(ValueError, match=r"must end in \.pdf"):
        booklet(puzzles, tmp_path / "b.png")
    with pytest.raises(TypeError, match="solutions must be True or False, not str"):
        booklet(puzzles, target, solutions="yes")  # a bool, as every flag of the package
    with pytest.raises(TypeError, match="title must be a string"):
        booklet(puzzles, target, title=7)
    assert list(tmp_path.iterdir()) == []


def test_without_reportlab_the_error_says_how_to_install(monkeypatch, tmp_path, puzzles):
    real = builtins.__import__

    def no_reportlab(name, *args, **kwargs):
        if name == "reportlab" or name.startswith("reportlab."):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_reportlab)
    for write in (lambda: booklet(puzzles, tmp_path / "b.pdf"),
                  lambda: puzzles[0].save(tmp_path / "p.pdf")):
        with pytest.raises(ImportError) as info:
            write()
        assert 'pip install "knight-tour[pdf]"' in str(info.value)
        assert 'pip install ".[pdf]"' in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_import_knight_loads_no_pdf_library():
    code = ("import sys, knight, knight.puzzle, knight.render\n"
            "print(any(m.startswith('reportlab') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


# -- the command line -------------------------------------------------------------------


def test_cli_make_pdf(knight_cli, tmp_path):
    sheet, answer = tmp_path / "p.pdf", tmp_path / "s.pdf"
    code, out, err = knight_cli(["puzzle", "make", "6", "--moves", "wazir", "--closed",
                                 "--seed", "3", "--pdf", str(sheet), "--solution-pdf",
                                 str(answer), "--path", "--paper", "letter", "--title", "Day 1"])
    assert code == 0, err
    p = Puzzle.from_text(out)
    _, texts = read(sheet)
    assert "Day 1" in texts[0] and p.rule.split(" (")[0] in texts[0]
    _, texts = read(answer)
    assert "Day 1: solution" in texts[0]
    code, _, err = knight_cli(["puzzle", "make", "6", "--seed", "3", "--pdf", str(tmp_path / "x")])
    assert code == 2 and "--pdf needs a file name ending in .pdf" in err
    code, _, err = knight_cli(["puzzle", "make", "6", "--seed", "3", "--paper", "letter"])
    assert code == 2 and "--paper applies only with --pdf or --solution-pdf" in err


def test_cli_book(knight_cli, tmp_path, puzzles):
    target = tmp_path / "book.pdf"
    code, out, err = knight_cli(["puzzle", "book", "7", "6", "--pdf", str(target), "--seed", "0",
                                 "--per-page", "4", "--title", "Week", "--paper", "letter"])
    assert code == 0, err
    assert out == f"{target}: 7 puzzles (seeds 0 to 6), 4 pages\n"
    reader, texts = read(target)
    assert len(reader.pages) == 4 and "Week" in texts[0]
    # Seeds 0..6 make the puzzles make(6, seed=k) makes.
    for k in range(1, 8):
        assert f"{k}. Knight's tour puzzle" in " ".join(texts[:2])
    first = {str(step + 1) for step in puzzles[0].clues.values()}
    assert first <= strings(reader.pages[0])
    code, out, err = knight_cli(["puzzle", "book", "2", "5", "--moves", "king", "--pdf",
                                 str(target), "--seed", "1", "--no-solutions"])
    assert code == 0 and "2 pages" in out and "Hidato" in read(target)[1][0]


@pytest.mark.parametrize("argv, message", [
    (["3", "6", "--pdf", "b.pdf", "--per-page", "3"], "invalid choice: 3"),
    (["3", "6", "--pdf", "b.txt"], "--pdf needs a file name ending in .pdf"),
    (["0", "6", "--pdf", "b.pdf"], "N must be at least 1"),
    (["3", "6"], "the following arguments are required: --pdf"),
    (["3", "6", "--pdf", "b.pdf", "--paper", "a3"], "invalid choice: 'a3'"),
])
def test_cli_book_errors(knight_cli, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = knight_cli(["puzzle", "book", *argv])
    assert code == 2 and message in err
    assert list(tmp_path.iterdir()) == []


def test_booklet_pages_checks_its_arguments():
    from knight.puzzle import booklet_pages

    assert booklet_pages(0) == 0 and booklet_pages(7, per_page=2, solutions=False) == 4
    with pytest.raises(ValueError, match="count must be 0 or more"):
        booklet_pages(-1)
    with pytest.raises(ValueError, match="per_page must be one of 1, 2, 4, 6"):
        booklet_pages(4, per_page=5)
    with pytest.raises(TypeError, match="solutions must be True or False"):
        booklet_pages(4, solutions=1)
    with pytest.raises(TypeError):
        booklet_pages("4")

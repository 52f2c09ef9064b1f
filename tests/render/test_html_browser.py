"""The pages in a real browser: chromium, headless, driven through selenium.

A tour's page is played to its end (its speed control pushed to the top,
then Play) and scrubbed with its slider; a puzzle's page is solved by typing
the solution into its squares, and a wrong entry is flagged; two pages sit
in one document as in a notebook; the print CSS leaves the grid and its
clues.  Screenshots go to pytest's tmp_path.

The browser: ``$KNIGHT_CHROMIUM`` and ``$KNIGHT_CHROMEDRIVER``, or
``chromium`` and ``chromedriver`` on the PATH (Debian: ``apt-get install
chromium chromium-driver``; .ci/run installs them).  Selenium is told where
the driver is, so it downloads nothing.  Without a browser the tests skip,
saying so.
"""

import os
import shutil

import pytest

import knight
from knight.puzzle import Puzzle

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed (it is in the 'test' extra)")
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# One browser for the module: starting it is most of the time (about 1 s).
pytestmark = pytest.mark.slow


def _which(env, *names):
    found = os.environ.get(env)
    if found:
        return found if os.path.exists(found) else None
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def browser():
    chromium = _which("KNIGHT_CHROMIUM", "chromium", "chromium-browser", "google-chrome")
    driver_path = _which("KNIGHT_CHROMEDRIVER", "chromedriver")
    if chromium is None or driver_path is None:
        pytest.skip("no browser to test the pages in: install chromium and its chromedriver "
                    "(Debian: apt-get install chromium chromium-driver), or set "
                    "KNIGHT_CHROMIUM and KNIGHT_CHROMEDRIVER")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=900,1000", "--allow-file-access-from-files"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
    except WebDriverException as exc:
        pytest.skip(f"chromium at {chromium} would not start under {driver_path}: "
                    f"{exc.msg or exc}")
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def load(browser, tmp_path, name, page):
    path = tmp_path / name
    path.write_text(page, encoding="utf-8")
    browser.get(path.as_uri())
    return browser.find_element(By.CSS_SELECTOR, ".knight-tour, .knight-puzzle")


def js_errors(browser):
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def visible_numbers(browser, root):
    return browser.execute_script(
        "return Array.prototype.filter.call(arguments[0].querySelectorAll('.kt-steps text'),"
        " function (t) { return getComputedStyle(t).display !== 'none'; })"
        ".map(function (t) { return +t.textContent; });", root)


def wait_for(browser, condition, timeout=15):
    return WebDriverWait(browser, timeout, poll_frequency=0.05).until(lambda _: condition())


TOURS = {
    "knight-6x6": lambda: knight.solve(6),
    "king-torus-hole-closed": lambda: knight.solve(
        knight.Board(6, moves="king", wrap="torus", holes=["c3"]), closed=True),
    "zebra-torus": lambda: knight.solve(knight.Board(8, moves="zebra", wrap="torus")),
    "knight-holes": lambda: knight.solve(knight.Board(8, holes=["d4", "e4"])),
    "1x1": lambda: knight.solve(1),
}


@pytest.mark.parametrize("name", sorted(TOURS))
def test_a_tour_page_plays_to_its_end(browser, tmp_path, name):
    tour = TOURS[name]()
    n = len(tour)
    root = load(browser, tmp_path, f"{name}.html", tour.to_html(size=400))
    assert js_errors(browser) == []
    # It opens on the whole tour, as it is drawn without scripts.
    assert root.get_attribute("data-step") == str(n - 1)
    assert visible_numbers(browser, root) == list(range(n))
    root.find_element(By.CSS_SELECTOR, ".kt-first").click()
    assert root.get_attribute("data-step") == "0"
    assert visible_numbers(browser, root) == [0]
    # The end is marked once reached (at once on a board of one square).
    assert root.find_element(By.CSS_SELECTOR, "circle.end").is_displayed() == (n == 1)
    # The slider: Home, then three steps on.
    slider = root.find_element(By.CSS_SELECTOR, ".kt-slider")
    slider.send_keys(Keys.HOME, *[Keys.ARROW_RIGHT] * 3)
    assert root.get_attribute("data-step") == str(min(3, n - 1))
    assert visible_numbers(browser, root) == list(range(min(4, n)))
    if n > 1:
        browser.save_screenshot(str(tmp_path / f"{name}-step3.png"))
    # The speed control to the top (1024 steps/s), then Play: it runs to the end.
    speed = root.find_element(By.CSS_SELECTOR, ".kt-speed")
    speed.send_keys(Keys.END)
    assert root.find_element(By.CSS_SELECTOR, ".kt-speed-out").text == "1024 steps/s"
    root.find_element(By.CSS_SELECTOR, ".kt-play").click()
    wait_for(browser, lambda: root.get_attribute("data-playing") == "0"
             and root.get_attribute("data-step") == str(n - 1))
    assert visible_numbers(browser, root) == list(range(n))
    assert root.find_element(By.CSS_SELECTOR, "circle.end").is_displayed()
    status = root.find_element(By.CSS_SELECTOR, ".kt-status").text
    assert status.startswith(f"Step {n - 1} of 0\u2013{n - 1}") and status.endswith("the end")
    assert root.find_element(By.CSS_SELECTOR, ".kt-play").text == "Play"
    line = root.find_element(By.CSS_SELECTOR, ".kt-line").get_attribute("d")
    seams = root.find_element(By.CSS_SELECTOR, ".kt-wrap").get_attribute("d")
    assert line.count("L") + seams.count("M") // 2 == n - 1
    for closing in root.find_elements(By.CSS_SELECTOR, ".kt-closing"):
        assert closing.is_displayed()
    assert js_errors(browser) == []
    browser.save_screenshot(str(tmp_path / f"{name}-end.png"))


def test_two_tours_in_one_notebook_play_apart(browser, tmp_path):
    first, second = knight.solve(5), knight.solve(knight.Board(5, moves="king"))
    page = ("<!DOCTYPE html><html><body>" + first._repr_html_() + "<hr>"
            + second._repr_html_() + "</body></html>")
    path = tmp_path / "notebook.html"
    path.write_text(page, encoding="utf-8")
    browser.get(path.as_uri())
    roots = browser.find_elements(By.CSS_SELECTOR, ".knight-tour")
    assert len(roots) == 2 and roots[0].get_attribute("id") != roots[1].get_attribute("id")
    roots[1].find_element(By.CSS_SELECTOR, ".kt-first").click()
    assert [r.get_attribute("data-step") for r in roots] == ["24", "0"]
    assert len(visible_numbers(browser, roots[0])) == 25
    assert visible_numbers(browser, roots[1]) == [0]
    assert js_errors(browser) == []


PUZZLES = {
    "hidato": lambda: knight.puzzle.make(knight.Board(5, moves="king"), seed=2),
    "numbrix-holes": lambda: knight.puzzle.make(
        knight.Board(4, 5, moves="wazir", holes=["a1"]), seed=1),
    "hopido": lambda: knight.puzzle.make(knight.Board(6, moves="hopido"), seed=4),
    "knight-torus-closed": lambda: knight.puzzle.make(
        knight.Board(5, 6, wrap="torus"), seed=2, closed=True),
}


def entries(root):
    return {int(i.get_attribute("data-sq")): i
            for i in root.find_elements(By.CSS_SELECTOR, ".kt-grid input")}


def answer(puzzle, square, cols):
    return int(puzzle.solution.board[divmod(square, cols)]) + 1


def flagged(root):
    return sorted(int(c.find_element(By.TAG_NAME, "input").get_attribute("data-sq"))
                  for c in root.find_elements(By.CSS_SELECTOR, ".kt-cell.kt-bad"))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_puzzle_page_is_solved_by_typing(browser, tmp_path, name):
    puzzle = PUZZLES[name]()
    board, cols = puzzle.board, puzzle.board.cols
    root = load(browser, tmp_path, f"{name}.html", puzzle.to_html(size=400))
    assert js_errors(browser) == []
    boxes = entries(root)
    assert len(boxes) == puzzle.size - len(puzzle.clues)
    # A wrong move: the number after a clue, typed on a square the piece cannot
    # reach from the clue.
    neighbours = board.neighbours()
    index = {tuple(sq): i for i, sq in enumerate(board.squares.tolist())}
    given = {v + 1 for v in puzzle.clues.values()}
    (clue_sq, clue), = [(sq, v + 1) for sq, v in puzzle.clues.items()
                        if v + 2 <= puzzle.size and v + 2 not in given][:1]
    reach = {int(j) for j in neighbours[index[clue_sq]] if j < puzzle.size}
    far = next(s for s in boxes if index[divmod(s, cols)] not in reach)
    boxes[far].send_keys(str(clue + 1))
    assert flagged(root) == [far]
    title = boxes[far].get_attribute("title")
    assert f"{clue + 1} is not one {board.piece} move from {clue} on {clue_sq}" in title
    assert "entry breaks the rules" in root.find_element(By.CSS_SELECTOR, ".kt-status").text
    browser.save_screenshot(str(tmp_path / f"{name}-flagged.png"))
    # A number already on the board is flagged too.
    boxes[far].send_keys(Keys.BACKSPACE * 3, str(clue))
    assert flagged(root) == [far] and "is also on" in boxes[far].get_attribute("title")
    boxes[far].send_keys(Keys.BACKSPACE * 3)
    assert flagged(root) == []
    # The solution, typed square by square: solved.
    for square, box in boxes.items():
        box.send_keys(str(answer(puzzle, square, cols)))
    assert flagged(root) == []
    assert root.get_attribute("data-state") == "solved"
    assert root.find_element(By.CSS_SELECTOR, ".kt-status").text.startswith("Solved!")
    root.find_element(By.CSS_SELECTOR, ".kt-check").click()
    assert root.get_attribute("data-state") == "solved"
    browser.save_screenshot(str(tmp_path / f"{name}-solved.png"))
    assert js_errors(browser) == []


def test_check_marks_what_differs_and_reveal_fills_in(browser, tmp_path):
    puzzle = PUZZLES["hidato"]()
    cols = puzzle.board.cols
    root = load(browser, tmp_path, "hidato.html", puzzle.to_html())
    boxes = entries(root)
    # A number that breaks no rule yet, but is not the solution's.
    square = next(iter(boxes))
    right = answer(puzzle, square, cols)
    used = {v + 1 for v in puzzle.clues.values()}
    wrong = next(v for v in range(1, puzzle.size + 1)
                 if v != right and v not in used and v - 1 not in used and v + 1 not in used)
    boxes[square].send_keys(str(wrong))
    assert flagged(root) == []
    root.find_element(By.CSS_SELECTOR, ".kt-check").click()
    marked = root.find_elements(By.CSS_SELECTOR, ".kt-cell.kt-wrong")
    assert len(marked) == 1
    status = root.find_element(By.CSS_SELECTOR, ".kt-status").text
    assert "1 entry differs from the solution" in status
    assert f"{len(boxes) - 1} squares to fill" in status
    root.find_element(By.CSS_SELECTOR, ".kt-reveal").click()
    assert root.get_attribute("data-state") == "solved"
    assert all(int(b.get_attribute("value")) == answer(puzzle, s, cols)
               for s, b in boxes.items())
    root.find_element(By.CSS_SELECTOR, ".kt-clear").click()
    assert all(b.get_attribute("value") == "" for b in boxes.values())
    assert root.get_attribute("data-state") is None


def test_a_puzzle_prints_as_its_grid_and_clues(browser, tmp_path):
    puzzle = Puzzle.from_text("moves: king\n 1 _ 3\n _ 9 _\n 7 _ 5\n")
    root = load(browser, tmp_path, "print.html", puzzle.to_html())
    entries(root)[1].send_keys("2")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        for part in (".kt-title", ".kt-help", ".kt-controls", ".kt-status"):
            assert not root.find_element(By.CSS_SELECTOR, part).is_displayed(), part
        assert root.find_element(By.CSS_SELECTOR, ".kt-grid").is_displayed()
        assert [c.text for c in root.find_elements(By.CSS_SELECTOR, ".kt-clue")] == \
            ["1", "3", "9", "7", "5"]
        colour = browser.execute_script(
            "return getComputedStyle(arguments[0]).color", entries(root)[1])
        assert colour == "rgba(0, 0, 0, 0)"  # what was typed in does not print
        browser.save_screenshot(str(tmp_path / "print.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

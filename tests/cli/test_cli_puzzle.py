"""``knight puzzle make|solve|check``: output, files, pictures and exit codes."""

import json

import numpy as np
import pytest

import knight
from conftest import sheet_numbers
from knight.cli.common import EXIT_NO_TOUR, EXIT_OK, EXIT_USAGE
from knight.cli.puzzle import EXIT_NOT_UNIQUE
from knight.puzzle import Puzzle

# Rosetta Code, "Solve a Hidato puzzle": the sample problem (from Wikipedia).
HIDATO = """\
moves: king
__ 33 35 __ __  .  .  .
__ __ 24 22 __  .  .  .
__ __ __ 21 __ __  .  .
__ 26 __ 13 40 11  .  .
27 __ __ __  9 __  1  .
 .  . __ __ 18 __ __  .
 .  .  .  . __  7 __ __
 .  .  .  .  .  .  5 __
"""


def test_make_prints_a_unique_puzzle(knight_cli, tmp_path):
    code, out, err = knight_cli(["puzzle", "make", "6", "--seed", "3"])
    assert code == EXIT_OK and err == ""
    p = Puzzle.from_text(out)
    assert p.board == knight.Board(6) and knight.puzzle.count(p) == 1
    assert p == knight.puzzle.make(6, seed=3)
    # Pictures and JSON.
    svg, sol = tmp_path / "p.svg", tmp_path / "s.svg"
    code, out, err = knight_cli(["puzzle", "make", "6", "--seed", "3", "--format", "json",
                                 "--svg", str(svg), "--solution-svg", str(sol), "--path"])
    assert code == EXIT_OK
    q = Puzzle.from_json(out)
    assert q == p and q.solution is not None
    assert sheet_numbers(svg.read_text()) == len(p.clues)
    assert sheet_numbers(sol.read_text()) == 36 and "<polyline" in sol.read_text()


def test_make_on_the_tiniest_boards(knight_cli):
    # Issue 26: `knight puzzle make 1 1` printed a traceback.
    code, out, err = knight_cli(["puzzle", "make", "1", "1", "--seed", "0"])
    assert code == EXIT_OK and err == "" and out == "_\n"
    assert Puzzle.from_text(out) == knight.puzzle.make(1, seed=0)
    code, out, err = knight_cli(["puzzle", "make", "4", "1", "--moves", "king", "--seed", "0"])
    assert code == EXIT_OK and err == ""
    assert knight.puzzle.count(Puzzle.from_text(out)) == 1


def test_make_options(knight_cli):
    code, out, _ = knight_cli(["puzzle", "make", "5", "--seed", "1", "--moves", "king",
                               "--holes", "c3", "--clues", "14", "--symmetric"])
    assert code == EXIT_OK
    p = Puzzle.from_text(out)
    assert p.board.piece == "king" and p.board.holes == ((2, 2),) and len(p.clues) == 14
    assert all((4 - r, 4 - c) in p.clues for r, c in p.clues)
    code, out, err = knight_cli(["puzzle", "make", "5", "--seed", "1", "--moves", "king",
                                 "--holes", "c3", "--clues", "9", "--symmetric"])
    assert code == EXIT_USAGE and "--clues 9 cannot be made of symmetric pairs" in err
    code, out, err = knight_cli(["puzzle", "make", "6", "--closed", "--time"])
    assert code == EXIT_OK and err.startswith("knight: seed ") and " s, " in err
    assert Puzzle.from_text(out).closed


def test_make_from_a_board_file(knight_cli, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("_ _ _ _\n_ _ _ _\n_ _ _ .\n")
    code, out, _ = knight_cli(["puzzle", "make", "--board", str(board), "--moves", "wazir",
                               "--seed", "2"])
    assert code == EXIT_OK
    assert Puzzle.from_text(out).board == knight.Board(3, 4, holes=["d1"], moves="wazir")


def test_solve_prints_the_solution(knight_cli, tmp_path):
    path = tmp_path / "hidato.txt"
    path.write_text(HIDATO)
    code, out, err = knight_cli(["puzzle", "solve", str(path)])
    assert code == EXIT_OK and err == ""
    rows = [line.split() for line in out.splitlines()]
    assert rows[4] == ["27", "28", "14", "19", "9", "10", "1", "."]
    code, out, _ = knight_cli(["puzzle", "solve", "-", "--format", "json"], stdin=HIDATO)
    solved = Puzzle.from_json(out)
    assert code == EXIT_OK and solved.solution is not None and int(solved.solution.board[4, 6]) == 0
    png = tmp_path / "s.png"
    svg = tmp_path / "s.svg"
    argv = ["puzzle", "solve", str(path), "--svg", str(svg), "--path"]
    if _has_pillow():
        argv += ["--png", str(png)]
    assert knight_cli(argv)[0] == EXIT_OK
    assert sheet_numbers(svg.read_text()) == 40
    # The same puzzle given by --moves instead of its header line.
    code, out2, _ = knight_cli(["puzzle", "solve", "-", "--moves", "king"],
                               stdin=HIDATO.split("\n", 1)[1])
    assert code == EXIT_OK and out2.splitlines()[4].split() == rows[4]


def _has_pillow():
    try:
        import PIL  # noqa: F401
    except ImportError:
        return False
    return True


def test_solve_without_a_solution_exits_1(knight_cli):
    code, out, err = knight_cli(["puzzle", "solve", "-"], stdin="1 2 _\n_ _ _\n_ _ _\n")
    assert code == EXIT_NO_TOUR and out == ""
    assert err.startswith("knight: no open tour") and err.count("\n") == 1


def test_check(knight_cli):
    assert knight_cli(["puzzle", "check", "-"], stdin=HIDATO) == (EXIT_OK, "unique\n", "")
    code, out, _ = knight_cli(["puzzle", "check", "-"], stdin="1 _ _ _\n_ _ _ _\n_ _ _ _\n")
    assert (code, out) == (EXIT_NOT_UNIQUE, "at least 2 solutions\n")
    code, out, _ = knight_cli(["puzzle", "check", "-", "--limit", "100"],
                              stdin="1 _ _ _\n_ _ _ _\n_ _ _ _\n")
    assert (code, out) == (EXIT_NOT_UNIQUE, f"{knight.count(3, 4, start=(0, 0))} solutions\n")
    code, out, err = knight_cli(["puzzle", "check", "-"], stdin="1 2 _\n_ _ _\n_ _ _\n")
    assert (code, out) == (EXIT_NO_TOUR, "none\n")
    assert err.startswith("knight: no open tour of the 3x3 board") and err.count("\n") == 1


FAR = "1 _ _ _ _\n_ _ _ _ _\n_ _ _ _ _\n_ _ _ _ _\n_ _ _ _ 3\n"


@pytest.mark.parametrize("action", ["solve", "check"])
def test_no_solution_says_why_in_the_puzzles_terms(knight_cli, action):
    # issue 27: check said only "none"; solve counted steps from 0 and named (row, col)
    # squares, while the puzzle numbers from 1: steps from 1, squares as "a5"
    code, _, err = knight_cli(["puzzle", action, "-"], stdin=FAR)
    assert code == EXIT_NO_TOUR
    assert err == ("knight: no open tour of the 5x5 board meets the clues: clues put step 1 on "
                   "a5 and step 3 on e1, 4 moves apart: more than the 2 steps between them\n")


def test_the_python_api_keeps_its_numbering():
    # Puzzle.clues and knight.puzzle.solve count steps from 0, squares as (row, col)
    p = knight.puzzle.Puzzle.from_text(FAR)
    assert p.clues == {(0, 0): 0, (4, 4): 2}
    with pytest.raises(knight.NoTourError, match=r"step 0 on \(0, 0\) and step 2 on \(4, 4\)"):
        knight.puzzle.solve(p)
    assert "step 1 on a5 and step 3 on e1" in knight.puzzle.reason(p, base=1, algebraic=True)


@pytest.mark.parametrize("argv, stdin, message", [
    (["puzzle"], None, "the following arguments are required: ACTION"),
    (["puzzle", "make"], None, "give the board size as ROWS [COLS]"),
    (["puzzle", "make", "5", "--svg", "p.png"], None, "--svg needs a file name ending in .svg"),
    (["puzzle", "make", "5", "--path"], None, "--path applies only with --solution-svg"),
    (["puzzle", "make", "5", "--seed", "x"], None, "invalid int value: 'x'"),
    (["puzzle", "make", "5", "--seed", "1", "--clues", "26"], None, "--clues must be from 0 "
                                                                  "to 25"),
    (["puzzle", "solve", "/nonexistent/p.txt"], None, "cannot read the puzzle"),
    (["puzzle", "solve", "-"], "1 _ x\n", "the puzzle in standard input: line 1, square (0, 2)"),
    (["puzzle", "solve", "-", "--moves", "wazir"], HIDATO, "--moves wazir contradicts the "
                                                          "header line 1 (moves: king)"),
    (["puzzle", "check", "-", "--limit", "1"], HIDATO, "--limit must be at least 2"),
    (["puzzle", "solve", "-", "--moves", "king"], '{"format": "knight-puzzle"}',
     "--moves applies only to a puzzle written as text"),
    # Past 4,300 digits: the entry named, not Python's advice on int().
    (["puzzle", "solve", "-"], '{"board": {"rows": 3, "cols": 4}, "clues": [[0, 0, '
     + "7" * 5000 + "]]}", "the puzzle in standard input: the puzzle JSON: data['clues'][0][2] "
     "'77777777777777777777...77777777777777777777' is not a usable number: it has 5,000 digits"),
])
def test_usage_errors(knight_cli, argv, stdin, message):
    code, out, err = knight_cli(argv, stdin)
    assert code == EXIT_USAGE and out == ""
    assert message in err and err.count("\n") == 1


def test_help_lists_the_actions(knight_cli):
    code, out, _ = knight_cli(["puzzle", "--help"])
    assert code == EXIT_OK
    for word in ("make", "solve", "check", "Hidato", "exits 0 unique, 1 none, 4 more than one"):
        assert word in " ".join(out.split())


def test_made_puzzle_round_trips_through_solve(knight_cli):
    code, text, _ = knight_cli(["puzzle", "make", "5", "6", "--seed", "9"])
    assert code == EXIT_OK
    code, out, _ = knight_cli(["puzzle", "solve", "-"], stdin=text)
    assert code == EXIT_OK
    made = knight.puzzle.make(knight.Board(5, 6), seed=9)
    steps = np.array([[int(v) - 1 for v in line.split()] for line in out.splitlines()])
    assert np.array_equal(steps, made.solution.board)
    assert json.loads(made.to_json())["clues"]

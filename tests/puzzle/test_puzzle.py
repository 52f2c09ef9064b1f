"""knight.puzzle: path puzzles with clues (knight's-tour puzzles, Hidato,
Numbrix, Hopido): the text and JSON formats, solving and counting, making
puzzles with a unique solution, and the printable sheets.

Published puzzles, with their published solutions where the source prints
one, come from Rosetta Code's tasks (each cited where it is used).
"""

import json
import re

import numpy as np
import pytest

import knight
from conftest import sheet_numbers
from knight.puzzle import Puzzle

# -- published puzzles --------------------------------------------------------

# Rosetta Code, "Solve a Hidato puzzle" (https://rosettacode.org/wiki/Solve_a_Hidato_puzzle):
# the sample problem, from Wikipedia's Hidato article, and its solution.  King moves.
HIDATO = """\
__ 33 35 __ __  .  .  .
__ __ 24 22 __  .  .  .
__ __ __ 21 __ __  .  .
__ 26 __ 13 40 11  .  .
27 __ __ __  9 __  1  .
 .  . __ __ 18 __ __  .
 .  .  .  . __  7 __ __
 .  .  .  .  .  .  5 __
"""
HIDATO_SOLUTION = """\
32 33 35 36 37  .  .  .
31 34 24 22 38  .  .  .
30 25 23 21 12 39  .  .
29 26 20 13 40 11  .  .
27 28 14 19  9 10  1  .
 .  . 15 16 18  8  2  .
 .  .  .  . 17  7  6  3
 .  .  .  .  .  .  5  4
"""

# Rosetta Code, "Solve a Numbrix puzzle" (https://rosettacode.org/wiki/Solve_a_Numbrix_puzzle):
# examples 1 and 2 and their solutions.  Wazir moves, zeros are empty squares.
NUMBRIX_1 = """\
 0  0  0  0  0  0  0  0  0
 0  0 46 45  0 55 74  0  0
 0 38  0  0 43  0  0 78  0
 0 35  0  0  0  0  0 71  0
 0  0 33  0  0  0 59  0  0
 0 17  0  0  0  0  0 67  0
 0 18  0  0 11  0  0 64  0
 0  0 24 21  0  1  2  0  0
 0  0  0  0  0  0  0  0  0
"""
NUMBRIX_1_SOLUTION = """\
49 50 51 52 53 54 75 76 81
48 47 46 45 44 55 74 77 80
37 38 39 40 43 56 73 78 79
36 35 34 41 42 57 72 71 70
31 32 33 14 13 58 59 68 69
30 17 16 15 12 61 60 67 66
29 18 19 20 11 62 63 64 65
28 25 24 21 10  1  2  3  4
27 26 23 22  9  8  7  6  5
"""
NUMBRIX_2 = """\
 0  0  0  0  0  0  0  0  0
 0 11 12 15 18 21 62 61  0
 0  6  0  0  0  0  0 60  0
 0 33  0  0  0  0  0 57  0
 0 32  0  0  0  0  0 56  0
 0 37  0  1  0  0  0 73  0
 0 38  0  0  0  0  0 72  0
 0 43 44 47 48 51 76 77  0
 0  0  0  0  0  0  0  0  0
"""
NUMBRIX_2_SOLUTION = """\
 9 10 13 14 19 20 63 64 65
 8 11 12 15 18 21 62 61 66
 7  6  5 16 17 22 59 60 67
34 33  4  3 24 23 58 57 68
35 32 31  2 25 54 55 56 69
36 37 30  1 26 53 74 73 70
39 38 29 28 27 52 75 72 71
40 43 44 47 48 51 76 77 78
41 42 45 46 49 50 81 80 79
"""

# Rosetta Code, "Solve a Hopido puzzle" (https://rosettacode.org/wiki/Solve_a_Hopido_puzzle):
# the example; hops over one square diagonally or two along a row or column, no clues.
HOPIDO = """\
. 0 0 . 0 0 .
0 0 0 0 0 0 0
0 0 0 0 0 0 0
. 0 0 0 0 0 .
. . 0 0 0 . .
. . . 0 . . .
"""
HOPIDO_MOVES = [(2, 2), (2, -2), (-2, 2), (-2, -2), (3, 0), (-3, 0), (0, 3), (0, -3)]

# Rosetta Code, "Solve a Holy Knight's tour"
# (https://rosettacode.org/wiki/Solve_a_Holy_Knight%27s_tour): the example board of its
# Python solution ('x' usable, 's' the start, '.' a penny), as a knight's-tour puzzle whose
# one clue is the start.
HOLY_KNIGHT = "".join(
    " ".join({"x": "_", "s": "1", ".": "."}[ch] for ch in row) + "\n"
    for row in (".xxx....", ".x.xx...", ".xxxxxxx", "xxx..x.x", "x.x..xxx", "sxxxxxx.",
                "..xx.x..", "...xxx.."))


def grid(text):
    """A printed solution: steps from 0, -1 on holes."""
    return np.array([[-1 if t == "." else int(t) - 1 for t in line.split()]
                     for line in text.strip().splitlines()])


def enumerate_solutions(puzzle):
    """Every solution, by listing every tour of the board (knight.tours, no clues)
    and keeping those that keep the clues: the reference for small boards."""
    out = []
    if puzzle.closed:
        tours = (t for sq in puzzle.board.squares.tolist()
                 for t in knight.tours(puzzle.board, closed=True, directed=True, start=tuple(sq)))
    else:
        tours = knight.tours(puzzle.board)
    for t in tours:
        if all(int(t.board[sq]) == step for sq, step in puzzle.clues.items()):
            out.append(t)
    return out


# -- the text format ----------------------------------------------------------


def test_text_is_one_based_and_clues_are_zero_based():
    p = Puzzle.from_text(HIDATO, moves="king")
    assert p.board.piece == "king" and p.board.size == 40
    assert p.clues[(4, 6)] == 0          # the printed 1
    assert p.clues[(3, 4)] == 39         # the printed 40, the last square
    assert len(p.clues) == 15 and p.solution is None
    assert list(p.clues.values()) == sorted(p.clues.values())
    assert p.board.holes[:3] == ((0, 5), (0, 6), (0, 7))


def test_text_round_trips():
    for text, moves in ((HIDATO, "king"), (NUMBRIX_1, "wazir"), (HOPIDO, HOPIDO_MOVES),
                        (HOLY_KNIGHT, "knight")):
        p = Puzzle.from_text(text, moves=moves)
        again = Puzzle.from_text(p.to_text())
        assert again == p and again.board.moves == p.board.moves
        assert hash(again) == hash(p)
    # Aligned columns, empty squares as wide as the numbers, holes as '.'.
    p = Puzzle.from_text(HIDATO, moves="king")
    assert p.to_text().splitlines() == ["moves: king", *HIDATO.splitlines()]
    assert Puzzle.from_text(HOLY_KNIGHT).to_text().splitlines()[0] == " . __ __ __  .  .  .  ."


def test_empty_square_spellings_and_comments():
    a = Puzzle.from_text("; a comment\n\n1 _ __\n// another\n0 ___ 6\n")
    b = Puzzle(knight.Board(2, 3), {(0, 0): 0, (1, 2): 5})
    assert a == b


def test_header_lines():
    p = Puzzle.from_text("moves: 2,2 2,-2 -2,2 -2,-2 3,0 -3,0 0,3 0,-3\nwrap: torus\n"
                         "closed: yes\n1 _ _\n_ _ _\n_ _ _\n")
    assert p.board.moves == tuple(HOPIDO_MOVES) and p.board.wrap == "torus" and p.closed
    assert p.board.piece == "hopido"
    assert Puzzle.from_text(p.to_text()) == p
    assert p.to_text().splitlines()[:3] == [
        "moves: 2,2 2,-2 -2,2 -2,-2 3,0 -3,0 0,3 0,-3", "wrap: torus", "closed: yes"]
    # The argument may repeat the header; it may not contradict it.
    assert Puzzle.from_text("moves: king\n1 _\n", moves="King").board.piece == "king"
    with pytest.raises(ValueError, match=r"moves='wazir' contradicts the header line 1"):
        Puzzle.from_text("moves: king\n1 _\n", moves="wazir")
    assert Puzzle.from_text("1 _\n", moves="wazir") != Puzzle.from_text("1 _\n")


@pytest.mark.parametrize("text, message", [
    ("1 _ _\n_ _\n", r"line 2 of the puzzle has 2 squares, but the first row has 3"),
    ("1 _ x\n", r"line 1, square \(0, 2\): 'x' is not a square of a puzzle"),
    ("1 _\n-3 _\n", r"line 2, square \(1, 0\): '-3' is not a square"),
    ("1 2\n2 _\n", r"the number 2 is written twice: on squares \(0, 1\) and \(1, 0\)"),
    ("1 _\n_ 5\n", r"the number 5 on square \(1, 1\) is out of range: the puzzle has 4 "
                   r"squares to number, so numbers run from 1 to 4"),
    ("1 _ .\n_ 6 _\n", r"the number 6 on square \(1, 1\) is out of range: the puzzle has 5"
                       r" squares"),
    ("; nothing\n\n", r"the puzzle text has no rows"),
    ("1 _\nmoves: king\n", r"line 2: the header line 'moves: king' comes after the grid"),
    ("size: 3\n1 _\n", r"line 1: unknown header 'size'"),
    ("moves: king\nmoves: king\n1 _\n", r"line 2: the header gives moves: twice"),
    ("moves: rook\n1 _\n", r"line 1: moves 'rook' is not a piece"),
    ("moves: 1,0 0,1\n1 _\n", r"line 1: moves must be closed under negation"),
    ("wrap: sphere\n1 _\n", r"line 1: wrap must be cylinder, torus or none"),
    ("closed: maybe\n1 _\n", r"line 1: closed must be yes or no"),
    (". .\n. .\n", r"no usable square"),
    # Issue 26: past 4,300 digits, int() failed with advice about the interpreter.
    ("; c\n1 _\n_ " + "5" * 5000 + "\n", r"line 3, square \(1, 1\): the token '5+\.\.\.5+' is not "
                                        r"a usable number: it has 5,000 digits"),
    ("moves: 1," + "2" * 5000 + " \n1 _\n", r"line 1: moves offset '2+\.\.\.2+' is not a usable "
                                           r"number: it has 5,000 digits"),
    ("1 _ ١\n", r"line 1, square \(0, 2\): '١' is not a square of a puzzle"),
])
def test_from_text_errors(text, message):
    with pytest.raises(ValueError, match=message):
        Puzzle.from_text(text)


def test_constructor_validates_clues():
    board = knight.Board(3, 4, holes=["a1"])
    with pytest.raises(ValueError, match=r"clues square \(2, 0\) is a hole of the 3x4 board"):
        Puzzle(board, {(2, 0): 3})
    with pytest.raises(ValueError, match=r"clues square \(5, 0\) is off the"):
        Puzzle(board, {(5, 0): 3})
    with pytest.raises(ValueError, match=r"clues\[\(0, 0\)\] = 11 is out of range: .* 11 "
                                         r"usable squares, so steps run from 0 to 10"):
        Puzzle(board, {(0, 0): 11})
    with pytest.raises(ValueError, match=r"clues give the step 4 twice: on \(0, 0\) and on "
                                         r"\(0, 1\)"):
        Puzzle(board, {(0, 0): 4, "b3": 4})
    with pytest.raises(TypeError, match=r"clues\[\(0, 0\)\] must be an integer"):
        Puzzle(board, {(0, 0): 1.0})
    with pytest.raises(TypeError, match="clues must be a mapping"):
        Puzzle(board, [((0, 0), 1)])
    with pytest.raises(TypeError, match="closed must be"):
        Puzzle(board, {}, closed="no")
    with pytest.raises(TypeError, match="text must be a str"):
        Puzzle.from_text(b"1 _")
    assert Puzzle(4).board == knight.Board(4)
    assert Puzzle(board, {"b3": 0}).clues == {(0, 1): 0}


def test_solution_must_keep_the_clues():
    board = knight.Board(3, 4)
    tour = knight.solve(board)
    good = {(0, 0): int(tour.board[0, 0]), (1, 2): int(tour.board[1, 2])}
    p = Puzzle(board, good, solution=tour)
    assert p.solution is tour and p == Puzzle(board, good)
    with pytest.raises(ValueError, match=r"does not keep the clues: it has step \d+ on \(1, 2\)"):
        Puzzle(board, {(1, 2): (int(tour.board[1, 2]) + 1) % 12}, solution=tour)
    with pytest.raises(ValueError, match="solution is a tour of the 3x4 board for the king, "
                                         "not of the puzzle's 3x4 board"):
        Puzzle(board, {}, solution=knight.solve(knight.Board(3, 4, moves="king")))
    with pytest.raises(TypeError, match="solution must be a knight.Tour"):
        Puzzle(board, {}, solution=tour.board)


# -- JSON -----------------------------------------------------------------------


def test_json_round_trips_with_the_solution():
    p = Puzzle.from_text(HIDATO, moves="king")
    solved = p.with_solution(knight.Tour(grid(HIDATO_SOLUTION), layout=p.board))
    d = json.loads(solved.to_json())
    assert d["format"] == "knight-puzzle" and d["version"] == 1
    assert d["board"]["moves"][:2] == [list(m) for m in p.board.moves[:2]]
    assert [4, 6, 0] in d["clues"]                      # steps from 0 in JSON
    assert d["solution"]["board"][4][6] == 0
    again = Puzzle.from_json(solved.to_json(indent=2))
    assert again == p and again.solution == solved.solution
    assert Puzzle.from_dict(p.to_dict()).solution is None
    one = solved.solution.to_dict(base=1)
    assert Puzzle.from_dict({**d, "solution": one}).solution == solved.solution


def test_from_json_errors():
    p = Puzzle(knight.Board(3, 4), {(0, 0): 0})
    d = p.to_dict()
    with pytest.raises(ValueError, match="does not parse"):
        Puzzle.from_json("{")
    with pytest.raises(ValueError, match="not a puzzle: its format is 'x'"):
        Puzzle.from_dict({**d, "format": "x"})
    with pytest.raises(ValueError, match="version 9"):
        Puzzle.from_dict({**d, "version": 9})
    with pytest.raises(ValueError, match="no 'clues' entry"):
        Puzzle.from_dict({k: v for k, v in d.items() if k != "clues"})
    with pytest.raises(ValueError, match=r"data\['clues'\]\[0\] must be \[row, col, step\]"):
        Puzzle.from_dict({**d, "clues": [[0, 0]]})
    with pytest.raises(ValueError, match=r"clues\[\(0, 0\)\] = 12 is out of range"):
        Puzzle.from_dict({**d, "clues": [[0, 0, 12]]})
    with pytest.raises(TypeError, match="data must be a mapping"):
        Puzzle.from_dict([])
    wrong = knight.solve(knight.Board(3, 4), start=(2, 3)).to_dict()
    with pytest.raises(ValueError, match="does not keep the clues"):
        Puzzle.from_dict({**d, "solution": wrong})


@pytest.mark.parametrize("entry, slot, path", [
    (lambda d: d["clues"][0], 2, r"data\['clues'\]\[0\]\[2\]"),
    (lambda d: d["board"], "rows", r"data\['board'\]\['rows'\]"),
    (lambda d: d["solution"]["board"][2], 3, r"data\['solution'\]\['board'\]\[2\]\[3\]"),
], ids=["clue", "rows", "solution"])
def test_from_json_names_a_number_past_4300_digits(entry, slot, path):
    # Python's int() refuses a number past 4,300 digits, and from_json said so
    # with advice about sys.set_int_max_str_digits: now it names the entry,
    # as from_text names the line and square.
    d = json.loads(knight.puzzle.make(knight.Board(3, 4), seed=1).to_json())
    entry(d)[slot] = "NUMBER"
    for sign in ("", "-"):
        text = json.dumps(d).replace('"NUMBER"', sign + "7" * 5000)
        with pytest.raises(ValueError) as info:
            Puzzle.from_json(text)
        message = str(info.value)
        assert re.fullmatch(rf"the puzzle JSON: {path} '{sign}7+\.\.\.7+' is not a usable "
                            r"number: it has 5,000 digits", message), message


def test_json_numbers_up_to_4300_digits_read():
    from knight.puzzle import json_format

    assert json_format.loads('{"a": [' + "7" * 4300 + "]}") == {"a": [int("7" * 4300)]}


# -- solving and counting: one example of each family -----------------------------


def test_published_hidato():
    p = Puzzle.from_text(HIDATO, moves="king")
    assert knight.puzzle.count(p) == 1
    assert np.array_equal(knight.puzzle.solve(p).board, grid(HIDATO_SOLUTION))
    # Without its 7 the sample is no longer proper.
    fewer = Puzzle(p.board, {sq: k for sq, k in p.clues.items() if k != 6})
    assert knight.puzzle.count(fewer) == 2


@pytest.mark.parametrize("problem, solution", [(NUMBRIX_1, NUMBRIX_1_SOLUTION),
                                               (NUMBRIX_2, NUMBRIX_2_SOLUTION)])
def test_published_numbrix(problem, solution):
    p = Puzzle.from_text(problem, moves="wazir")
    assert p.board.size == 81 and p.board.is_full
    assert knight.puzzle.count(p) == 1
    tour = knight.puzzle.solve(p)
    assert np.array_equal(tour.board, grid(solution))
    assert knight.verify(tour) == tour


def test_published_hopido():
    board = Puzzle.from_text(HOPIDO, moves=HOPIDO_MOVES).board
    assert set(board.moves) == set(knight.Board(1, moves="hopido").moves)
    p = Puzzle.from_text(HOPIDO, moves=HOPIDO_MOVES)
    assert p.clues == {} and p.size == 27
    tour = knight.puzzle.solve(p)
    assert knight.is_tour(tour, board=board)
    # No clues: every tour and its reverse are solutions.
    assert knight.puzzle.count(p) == 2
    assert knight.puzzle.count(p, limit=10 ** 6) == knight.count(board)


def test_holy_knights_tour():
    p = Puzzle.from_text(HOLY_KNIGHT)
    assert p.size == 36 and p.clues == {(5, 0): 0}
    tour = knight.puzzle.solve(p)
    assert tour.start == (5, 0) and knight.is_tour(tour, board=p.board)
    assert knight.puzzle.count(p) == 2


def test_knight_puzzle_checked_by_enumeration():
    board = knight.Board(5)
    p = Puzzle(board, {(0, 0): 0, (2, 2): 24, (1, 2): 7})
    found = enumerate_solutions(p)
    assert knight.puzzle.count(p, limit=1000) == len(found)
    assert knight.puzzle.count(p) == min(len(found), 2)
    tour = knight.puzzle.solve(p)
    assert any(np.array_equal(tour.board, t.board) for t in found)


def test_no_solution_says_why():
    board = knight.Board(5)
    # Steps 0 and 1 on squares no knight move apart.
    p = Puzzle(board, {(0, 0): 0, (0, 1): 1})
    assert knight.puzzle.count(p) == 0
    with pytest.raises(knight.NoTourError) as info:
        knight.puzzle.solve(p)
    assert info.value.reason
    with pytest.raises(knight.NoTourError, match="from any square"):
        knight.puzzle.solve(Puzzle(knight.Board(4)))


def test_solve_and_count_check_arguments():
    p = Puzzle(knight.Board(5), {(0, 0): 0})
    with pytest.raises(TypeError, match="puzzle must be a knight.puzzle.Puzzle"):
        knight.puzzle.solve(knight.Board(5))
    with pytest.raises(ValueError, match="limit must be at least 1"):
        knight.puzzle.count(p, limit=0)
    with pytest.raises(knight.SearchLimitError):
        knight.puzzle.count(Puzzle(knight.Board(6), {(0, 0): 0}), limit=10 ** 9, timeout=0.001)
    with pytest.raises(ValueError, match="timeout"):
        knight.puzzle.solve(p, timeout=-1)


# -- making puzzles ---------------------------------------------------------------


@pytest.mark.parametrize("board", [knight.Board(5), knight.Board(3, 4), knight.Board(5, 6),
                                   knight.Board(3, 4, moves="king"),
                                   knight.Board(4, 5, moves="wazir", holes=["a1"])],
                         ids=["knight5", "knight3x4", "knight5x6", "king3x4", "wazir4x5"])
def test_make_is_unique_by_count_and_by_enumeration(board):
    p = knight.puzzle.make(board, seed=7)
    assert p.solution is not None and knight.is_tour(p.solution, board=board)
    assert knight.puzzle.count(p) == 1
    if board.size <= 20:
        found = enumerate_solutions(p)
        assert len(found) == 1 and np.array_equal(found[0].board, p.solution.board)
    # No clue can go: each one's removal lets in a second solution.
    for sq in p.clues:
        fewer = Puzzle(board, {k: v for k, v in p.clues.items() if k != sq})
        assert knight.puzzle.count(fewer) == 2


def test_make_is_reproducible():
    a = knight.puzzle.make(8, seed=3)
    b = knight.puzzle.make(knight.Board(8), seed=3)
    assert a == b and a.to_text() == b.to_text() and a.solution == b.solution
    assert knight.puzzle.count(a) == 1 and len(a.clues) < 40
    assert any(knight.puzzle.make(8, seed=s) != a for s in (4, 5))


def test_make_symmetric():
    for board in (knight.Board(6), knight.Board(5), knight.Board(5, moves="king",
                                                                   holes=["a1", "e5"])):
        p = knight.puzzle.make(board, seed=2, symmetric=True)
        assert knight.puzzle.count(p) == 1
        for r, c in p.clues:
            assert (board.rows - 1 - r, board.cols - 1 - c) in p.clues
    with pytest.raises(ValueError, match="half turn"):
        knight.puzzle.make(knight.Board(5, holes=["a1"]), seed=1, symmetric=True)
    with pytest.raises(ValueError, match="no centre square, so a symmetric set of clues is even"):
        knight.puzzle.make(knight.Board(6), seed=1, symmetric=True, clues=13)


def test_make_with_a_number_of_clues():
    board = knight.Board(6)
    fewest = len(knight.puzzle.make(board, seed=5).clues)
    for n in (fewest + 3, 36):
        p = knight.puzzle.make(board, seed=5, clues=n)
        assert len(p.clues) == n and knight.puzzle.count(p) == 1
    p = knight.puzzle.make(board, seed=5, clues=fewest + 4, symmetric=True)
    assert len(p.clues) == fewest + 4 - (fewest % 2) or len(p.clues) == fewest + 4
    with pytest.raises(ValueError, match=r"could not make a puzzle with 1 clues .* the fewest"):
        knight.puzzle.make(board, seed=5, clues=1)
    with pytest.raises(ValueError, match="clues must be from 0 to 36"):
        knight.puzzle.make(board, seed=5, clues=37)


def test_make_closed_and_other_pieces():
    p = knight.puzzle.make(knight.Board(6), seed=1, closed=True)
    assert p.closed and p.solution.closed and knight.puzzle.count(p) == 1
    assert len(enumerate_solutions(Puzzle(knight.Board(3, 4, moves="king"),
                                          {(0, 0): 0, (2, 3): 11}, closed=False))) >= 1
    h = knight.puzzle.make(knight.Board(6, moves="hopido"), seed=4)
    assert knight.puzzle.count(h) == 1


@pytest.mark.parametrize("board, clues", [
    (knight.Board(1), 0),                     # one square: its one tour needs no clue
    (knight.Board(1, 2, moves="wazir"), 1),   # one path: one clue picks its direction
    (knight.Board(4, 1, moves="king"), 1),
    (knight.Board(1, 3, moves="wazir"), 1),
])
def test_make_on_boards_that_need_at_most_one_clue(board, clues):
    # Issue 26: the checks met the empty set of clues and raised AssertionError.
    for seed in range(4):
        p = knight.puzzle.make(board, seed=seed)
        assert len(p.clues) == clues and knight.puzzle.count(p, limit=10) == 1
        assert len(enumerate_solutions(p)) == 1
        assert knight.puzzle.make(board, seed=seed, clues=1).clues
    if clues:
        with pytest.raises(ValueError, match="could not make a puzzle with 0 clues"):
            knight.puzzle.make(board, seed=0, clues=0)
    else:
        assert knight.puzzle.make(board, seed=0, clues=0).clues == {}


def test_make_checks_arguments():
    with pytest.raises(TypeError, match="seed must be an integer"):
        knight.puzzle.make(5, seed="1")
    with pytest.raises(ValueError, match="seed must be in"):
        knight.puzzle.make(5, seed=-1)
    with pytest.raises(TypeError, match="symmetric must be"):
        knight.puzzle.make(5, seed=1, symmetric="yes")
    with pytest.raises(knight.NoTourError):
        knight.puzzle.make(4, seed=1)


# -- sheets ---------------------------------------------------------------------


def test_puzzle_sheet_svg():
    p = Puzzle.from_text(HIDATO, moves="king")
    svg = p.to_svg(size=400)
    assert svg.startswith("<svg") and sheet_numbers(svg) == 15
    assert ">40</text>" in svg and ">1</text>" in svg and 'class="holes"' in svg
    assert "<polyline" not in svg
    solved = p.with_solution(knight.Tour(grid(HIDATO_SOLUTION), layout=p.board))
    sheet = solved.to_svg(solution=True)
    assert sheet_numbers(sheet) == 40 and 'class="filled"' in sheet and "<polyline" not in sheet
    assert solved.to_svg(solution=True, path=True).count("<polyline") == 1
    with pytest.raises(ValueError, match="path=True draws the solution's path"):
        p.to_svg(path=True)
    with pytest.raises(ValueError, match="size"):
        p.to_svg(size=8)


def test_solution_sheet_solves_when_needed(tmp_path):
    p = Puzzle(knight.Board(5), {(0, 0): 0, (2, 2): 24})
    assert sheet_numbers(p.to_svg(solution=True)) == 25
    p.save(tmp_path / "p.svg")
    p.save(tmp_path / "p.txt")
    p.save(tmp_path / "p.json")
    assert (tmp_path / "p.svg").read_text().startswith("<svg")
    assert Puzzle.from_text((tmp_path / "p.txt").read_text()) == p
    assert Puzzle.from_json((tmp_path / "p.json").read_text()) == p
    with pytest.raises(ValueError, match="cannot save a puzzle as '.gif'"):
        p.save(tmp_path / "p.gif")


def test_puzzle_sheet_png(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    p = Puzzle.from_text(HIDATO, moves="king")
    p.to_png(tmp_path / "p.png", size=200)
    p.with_solution(knight.Tour(grid(HIDATO_SOLUTION), layout=p.board)).to_png(
        tmp_path / "s.png", solution=True, path=True, size=200)
    for name in ("p.png", "s.png"):
        with Image.open(tmp_path / name) as image:
            assert image.format == "PNG" and max(image.size) <= 200
            pixels = np.asarray(image.convert("RGB"))
            assert (pixels == 255).all(axis=2).mean() > 0.3   # mostly paper
            assert (pixels < 80).all(axis=2).any()            # and some ink


def test_a_closed_puzzle_without_clues_counts_numbered_tours():
    # Found by the board fuzz harness: with no clues a closed puzzle counted
    # the undirected cycles (2), while every clue counts numbered tours (each
    # start and direction): its solutions are the 24 numbered tours.
    board = knight.Board(1, 8, holes=[(0, 4), (0, 7)], moves=(1, 2), wrap="torus")
    assert knight.puzzle.count(Puzzle(board, None, closed=True), limit=100) == 24
    assert knight.count(board, closed=True, directed=True) == 24
    king = knight.Board(3, 4, moves="king")
    cycles = knight.count(king, closed=True)
    assert knight.puzzle.count(Puzzle(king, None, closed=True), limit=10**9) == cycles * 24
    assert knight.puzzle.count(Puzzle(king, {(0, 0): 0}, closed=True), limit=10**9) == cycles * 2

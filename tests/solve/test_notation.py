"""Answers in the user's own terms (issue 27): a square given in chess
notation gets its reasons in chess notation; a (row, col) pair, as before."""

import pytest

import knight
from knight.geometry import name_squares


def test_why_not_answers_in_the_notation_asked():
    algebraic = knight.why_not(5, start="b1")
    assert algebraic.endswith("; b1 is on the other colour") and "(4, 1)" not in algebraic
    assert knight.why_not(5, start=(4, 1)).endswith("; (4, 1) is on the other colour")
    assert knight.existence.why_not(5, start="b1").endswith("b1 is on the other colour")
    between = knight.why_not(8, start="a1", end="h8")
    assert "from a1 ends at h8" in between and "a1 and h8 have the same colour" in between
    assert "from (7, 0) ends at (0, 7)" in knight.why_not(8, start=(7, 0), end=(0, 7))
    holed = knight.why_not(knight.Board(5, holes=["c4", "b3", "d3", "c2"]), start="c3")
    assert holed.startswith("no open tour starts at c3") and "square a5 has no move" in holed
    clued = knight.why_not(5, clues={"a5": 0, "b5": 1})
    assert "step 0 on a5 and step 1 on b5" in clued


def test_solve_errors_answer_in_the_notation_asked():
    with pytest.raises(knight.NoTourError) as info:
        knight.solve(5, start="b1")
    assert info.value.reason.endswith("b1 is on the other colour") and "b1" in str(info.value)
    with pytest.raises(knight.NoTourError, match=r"\(4, 1\) is on the other colour"):
        knight.solve(5, start=(4, 1))
    with pytest.raises(knight.NoTourError, match="from a1 ends at h8"):
        knight.solve(8, start="a1", end="h8")
    with pytest.raises(knight.NoTourError, match="step 0 on a5 and step 1 on b5"):
        knight.solve(5, clues={"a5": 0, "b5": 1})


def test_name_squares_leaves_what_is_not_a_square():
    # a leaper, a board's list of moves, a pair off the board, a board too wide for letters
    text = "the (1, 3)-leaper; moves [(1, 2), (2, 1)]; (9, 9); (0, 0)"
    assert name_squares(text, 5, 5) == "the (1, 3)-leaper; moves [(1, 2), (2, 1)]; (9, 9); a5"
    assert name_squares("(0, 0)", 30, 30) == "(0, 0)"


def test_an_8x8_not_a_8x8():
    # issue 27: the article of a size is read aloud, "an 8x8", "an 11x11", "a 5x5"
    assert knight.why_not(8, start=(0, 0), end=(7, 7)).count("an 8x8 board has") == 1
    assert knight.why_not(11, start=(0, 1)).startswith("an 11x11 board has")
    assert knight.why_not(5, start=(0, 1)).startswith("a 5x5 board has")
    assert "open knight's tour of an 8x8 board" in knight.solve(8).to_svg()
    with pytest.raises(ValueError, match="not an 8x8 torus"):
        knight.count(knight.Board(8, wrap="torus"), method="dp")

"""knight.magic_kind, Tour.magic and the theory that rules magic tours out (issue 29)."""

import numpy as np
import pytest

import knight
from knight.magic import KINDS, _kind, magic_reason
from printed_tours import BEVERLEY

#: Dudeney's "best answer" to the magic knight's tour (Amusements in
#: Mathematics, 1917, problem 412; the tour is Francony's, 1882): re-entrant,
#: ranks and files 260, diagonals 264 and 256 -- "only" not diagonally magic.
DUDENEY = [
    [46, 55, 44, 19, 58, 9, 22, 7],
    [43, 18, 47, 56, 21, 6, 59, 10],
    [54, 45, 20, 41, 12, 57, 8, 23],
    [17, 42, 53, 48, 5, 24, 11, 60],
    [52, 3, 32, 13, 40, 61, 34, 25],
    [31, 16, 49, 4, 33, 28, 37, 62],
    [2, 51, 14, 29, 64, 39, 26, 35],
    [15, 30, 1, 50, 27, 36, 63, 38],
]

#: A closed semi-magic tour of the 14x8 board (G. P. Jelliss, "Magic Knight
#: Tours 8x10 and 8x14", blog post of 10 March 2020: a 8x10 tour by
#: Stertenbrink extended by a braid).  The post underlines the numbers over
#: 100 and prints their last two digits; the stored copy lost the
#: underlining, and the knight moves restore it (one way only).  Its 14 ranks
#: add to 452 and its 8 files to 791.
JELLISS_14x8 = [
    [7, 62, 107, 52, 109, 56, 1, 58],
    [106, 51, 6, 61, 4, 59, 110, 55],
    [49, 8, 63, 108, 53, 112, 57, 2],
    [64, 105, 50, 5, 60, 3, 54, 111],
    [9, 48, 65, 104, 27, 30, 83, 86],
    [102, 67, 46, 11, 82, 85, 28, 31],
    [47, 10, 103, 66, 29, 26, 87, 84],
    [68, 101, 12, 45, 88, 81, 32, 25],
    [13, 44, 99, 70, 23, 34, 89, 80],
    [100, 69, 14, 43, 90, 79, 24, 33],
    [41, 16, 71, 98, 35, 22, 77, 92],
    [72, 97, 42, 15, 78, 91, 36, 21],
    [17, 40, 95, 74, 19, 38, 93, 76],
    [96, 73, 18, 39, 94, 75, 20, 37],
]


def test_beverley_is_a_semi_magic_tour_with_sum_260():
    board = np.array(BEVERLEY)
    tour = knight.verify(board, base=1)
    assert not knight.is_tour(board, base=1, closed=True)
    assert set(board.sum(axis=0)) == set(board.sum(axis=1)) == {260}
    assert (int(np.trace(board)), int(np.trace(board[:, ::-1]))) == (282, 210)
    assert knight.magic_kind(BEVERLEY) == "semi-magic"
    assert knight.magic_kind(board) == "semi-magic"
    assert knight.magic_kind(tour) == tour.magic == "semi-magic"


def test_the_package_ships_beverley_as_printed():
    # knight.magic.BEVERLEY against the copy transcribed for the tests
    assert knight.magic.BEVERLEY == tuple(tuple(rank) for rank in BEVERLEY)
    assert knight.magic_kind(knight.magic.BEVERLEY) == "semi-magic"


def test_dudeney_francony_is_closed_and_semi_magic_but_not_diagonal():
    board = np.array(DUDENEY)
    assert knight.verify(board, base=1, closed=True).closed
    assert (int(np.trace(board)), int(np.trace(board[:, ::-1]))) == (264, 256)
    assert knight.magic_kind(board) == "semi-magic"


def test_a_rectangle_ranks_share_one_sum_and_files_another():
    board = np.array(JELLISS_14x8)
    tour = knight.verify(board, base=1, closed=True)
    assert set(board.sum(axis=1)) == {452} and set(board.sum(axis=0)) == {791}
    assert tour.magic == "semi-magic"
    assert knight.magic_kind(board.T) == "semi-magic"  # turned: files become ranks


def test_numbering_from_0_or_1_gives_the_same_kind():
    for printed in (BEVERLEY, DUDENEY, JELLISS_14x8):
        board = np.array(printed)
        assert knight.magic_kind(board - 1) == knight.magic_kind(board) == "semi-magic"
    plain = knight.solve(8).board
    assert knight.magic_kind(plain) is None and knight.magic_kind(plain + 1) is None
    assert knight.magic_kind([[0]]) == knight.magic_kind([[1]]) == "diagonal"


def test_a_plain_tour_is_not_magic():
    tour = knight.solve(8)
    assert tour.magic is None
    assert knight.magic_kind(tour) is None
    assert knight.solve(3, 4).magic is None


def test_ranks_alone_or_one_line_off_is_not_enough():
    # 4x8 (hand-checked): these ranks all add to 132, but the files do not
    # share a sum (66 each would be semi-magic).
    found = None
    for tour in knight.tours(4, 8):
        b = tour.board.astype(np.int64) + 1
        if len(set(b.sum(axis=1))) == 1:
            found = tour
            break
    assert found is not None
    b = found.board.astype(np.int64) + 1
    assert set(b.sum(axis=1)) == {132} and len(set(b.sum(axis=0))) > 1
    assert found.magic is None
    # Beverley reversed (65 - k) is semi-magic too: each line's sum L*65 - S.
    assert knight.magic_kind(65 - np.array(BEVERLEY)) == "semi-magic"


def test_the_diagonal_kind_needs_both_long_diagonals():
    # _kind reads the sums only (magic_kind checks the tour first): Duerer's
    # magic square, numbered from 0, is diagonally magic; a 3x3 semi-magic
    # square whose diagonals add to 9 and 21 (numbered from 0) is not.
    duerer = np.array([[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]]) - 1
    assert _kind(duerer) == "diagonal"
    latin = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]]) * 3 + np.array(
        [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    assert set(latin.sum(0)) == set(latin.sum(1)) == {12}
    assert _kind(latin) == "semi-magic"


def test_bad_input():
    with pytest.raises(ValueError, match="numbered 0..N-1 or 1..N; the smallest number here is 2"):
        knight.magic_kind([[2, 3], [4, 5]])
    with pytest.raises(ValueError, match="holes"):
        knight.magic_kind([[-1, 0], [1, 2]])
    with pytest.raises(knight.InvalidTourError, match="not a knight move"):
        knight.magic_kind([[1, 2], [3, 4]])  # a magic square is not enough: a tour
    with pytest.raises(knight.InvalidTourError, match="2-D"):
        knight.magic_kind([1, 2, 3])
    with pytest.raises(knight.InvalidTourError, match="integers"):
        knight.magic_kind([["a"]])
    with pytest.raises(TypeError, match="not a knight.Board"):
        knight.magic_kind(knight.Board(8))
    holed = knight.solve(knight.Board(5, holes=[(2, 2)]))
    with pytest.raises(ValueError, match="plain rectangles"):
        knight.magic_kind(holed)
    with pytest.raises(ValueError, match="plain rectangles"):
        holed.magic  # noqa: B018


# --------------------------------------------------------------------------
# The theory


def test_odd_sides_have_no_semi_magic_tour_parity():
    for rows, cols in [(3, 4), (5, 5), (5, 6), (7, 8), (3, 10)]:
        for kind in KINDS:
            why = magic_reason(rows, cols, kind)
            assert why is not None
        assert "odd length" in magic_reason(rows, cols) and "Jelliss" in magic_reason(rows, cols)


def test_the_parity_argument_on_every_3x4_tour():
    # The argument, checked: on 3x4 neighbouring files (length 3) never share a sum.
    for tour in knight.tours(3, 4):
        files = tour.board.sum(axis=0)
        assert all((files[i] - files[i + 1]) % 2 for i in range(3))


def test_4m_plus_2_boards_jelliss():
    for rows, cols in [(6, 6), (6, 10), (10, 10), (10, 14)]:
        why = magic_reason(rows, cols)
        assert "4k+2" in why and "Jelliss" in why
    assert magic_reason(8, 10) is None  # 4m x (4n+2): magic tours exist (Stertenbrink 2020)


def test_diagonal_needs_a_square_and_none_on_8x8():
    assert "square" in magic_reason(8, 12, "diagonal")
    why = magic_reason(8, 8, "diagonal")
    assert "2003" in why and "Stertenbrink" in why and "Meyrignac" in why
    assert magic_reason(8, 8) is None and magic_reason(8) is None
    assert magic_reason(12, 12, "diagonal") is None and magic_reason(16, 16, "diagonal") is None


def test_four_rank_boards():
    assert "Murray" in magic_reason(4, 8) and "Murray" in magic_reason(8, 4)
    assert "Kumar" in magic_reason(4, 16) and "1802.09340" in magic_reason(16, 4)
    assert magic_reason(4, 20) is None


def test_4x8_has_no_semi_magic_tour_by_listing():
    assert all(t.magic is None for t in knight.tours(4, 8))


def test_trivial_and_tourless_boards():
    assert magic_reason(1, 1) is None and magic_reason(1, 1, "diagonal") is None
    assert "no knight's tour" in magic_reason(4, 4)
    assert "no knight's tour" in magic_reason(2, 8)


def test_reason_bad_input():
    with pytest.raises(ValueError, match="kind must be"):
        magic_reason(8, 8, "semi")
    with pytest.raises(ValueError, match="rows must be at least 1"):
        magic_reason(0, 8)

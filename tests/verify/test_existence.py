"""exists / why_not / start_squares: instant answers for every board and start."""

from __future__ import annotations

import numpy as np
import pytest

import knight
from knight import existence, theory, thin
from knight.errors import BoardTooLargeError
from knight.geometry import DEFAULT_ORDER


def test_every_board_up_to_12x12_every_start():
    for rows in range(1, 13):
        for cols in range(1, 13):
            for closed in (False, True):
                table = existence.start_squares(rows, cols, closed=closed)
                assert table.shape == (rows, cols) and table.dtype == bool
                assert existence.exists(rows, cols, closed=closed) == bool(table.any())
                assert existence.exists(rows, cols, closed=closed) == (
                    theory.closed_tour_board(rows, cols)
                    if closed
                    else theory.open_tour_board(rows, cols)
                )
                for r in range(rows):
                    for c in range(cols):
                        why = existence.why_not(rows, cols, start=(r, c), closed=closed)
                        ok = existence.exists(rows, cols, start=(r, c), closed=closed)
                        assert ok == (why is None) == bool(table[r, c])
                        if why is not None:
                            assert isinstance(why, str) and len(why) > 20


def test_wide_boards_follow_schwenk_and_the_colour_argument():
    for rows in range(5, 13):
        for cols in range(5, 13):
            assert existence.exists(rows, cols, closed=True) == theory.closed_tour_board(rows, cols)
            for r in range(rows):
                for c in range(cols):
                    odd = (rows * cols) % 2 == 1
                    assert existence.exists(rows, cols, start=(r, c)) == (
                        not odd or (r + c) % 2 == 0
                    )
                    assert existence.exists(rows, cols, start=(r, c), closed=True) == (
                        theory.closed_tour_board(rows, cols)
                    )


def _search_finds(rows, cols, start, closed):
    """Warnsdorff-ordered backtracking, restarted over rotated move orders."""
    for shift in range(8):
        order = DEFAULT_ORDER[shift:] + DEFAULT_ORDER[:shift]
        try:
            tour = knight.solve(
                rows, cols, start=start, closed=closed, method="warnsdorff-backtrack",
                order=order, max_nodes=3_000_000,
            )
        except knight.SearchLimitError:
            continue
        knight.verify(tour.board, closed=closed)
        return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("rows", [5, 6, 7, 8])
def test_wide_boards_every_claimed_start_has_a_tour(rows):
    for cols in range(rows, 9):
        for closed in (False, True):
            table = existence.start_squares(rows, cols, closed=closed)
            for r, c in np.argwhere(table):
                assert _search_finds(rows, cols, (int(r), int(c)), closed), (rows, cols, r, c)


def test_one_by_one():
    assert existence.exists(1)
    assert existence.exists(1, 1, start=(0, 0))
    assert not existence.exists(1, closed=True)
    assert "1x1" in existence.why_not(1, closed=True)


def test_thin_answers_come_from_the_automaton():
    # 3x7: every corner-colour square except the centre starts a tour.
    assert not existence.exists(3, 7, start=(1, 3))
    assert existence.exists(3, 7, start=(1, 1))
    assert existence.exists(7, 3, start=(1, 1))
    why = existence.why_not(3, 7, start=(1, 3))
    assert "column-by-column" in why and "3x7" in why
    # 4xn: only the squares of the two long edges start a tour.
    for n in (5, 6, 17, 1000, 10**6):
        assert existence.exists(4, n, start=(0, n // 2))
        assert existence.exists(n, 4, start=(n // 3, 3))
        assert not existence.exists(4, n, start=(1, n // 2))
        assert not existence.exists(n, 4, start=(n // 3, 2))


def test_huge_boards_answer_at_once():
    assert existence.exists(4, 100_000_000, start=(3, 77_777_777))
    assert existence.exists(3, 100_000_000, start=(1, 5), closed=True)
    assert not existence.exists(3, 99_999_999, start=(1, 2))
    assert existence.exists(40_000, 40_000, start=(123, 4567), closed=True)
    assert not existence.exists(40_001, 40_001, start=(0, 1))


def test_bad_arguments():
    with pytest.raises(TypeError, match="rows"):
        existence.exists("8")
    with pytest.raises(TypeError, match="rows"):
        existence.exists(True)
    with pytest.raises(TypeError, match="cols"):
        existence.why_not(8, 8.5)
    with pytest.raises(ValueError, match="rows"):
        existence.exists(0)
    with pytest.raises(ValueError, match="cols"):
        existence.exists(3, -2)
    with pytest.raises(ValueError, match="start"):
        existence.exists(8, start=(8, 0))
    with pytest.raises(ValueError, match="start"):
        existence.exists(8, start=(1, 2, 3))
    with pytest.raises(TypeError, match="start"):
        existence.exists(8, start=17)
    with pytest.raises(ValueError, match="start"):
        existence.exists(8, start="j9")
    with pytest.raises(TypeError, match="start row"):
        existence.exists(8, start=(1.0, 2))
    with pytest.raises(TypeError, match="closed"):
        existence.exists(8, closed="no")
    with pytest.raises(TypeError, match="closed"):
        existence.start_squares(8, closed=None)
    with pytest.raises(BoardTooLargeError):
        existence.exists(3, 10**10)


def test_thin_module_agrees_with_existence_on_long_boards():
    for h in thin.HEIGHTS:
        for n in (41, 42, 99, 100, 1001, 1002):
            for closed in (False, True):
                a = existence.start_squares(h, n, closed=closed)
                b = existence.start_squares(n, h, closed=closed)
                assert np.array_equal(a, b.T)
                for r, c in [(0, 0), (1, n // 2), (h - 1, n - 1), (h // 2, n - 2)]:
                    assert existence.exists(h, n, start=(r, c), closed=closed) == a[r, c]


def test_chess_notation_starts():
    # geometry.square reads "a1" as the bottom-left square.
    assert existence.exists(3, 7, start="b2") == existence.exists(3, 7, start=(1, 1))
    assert existence.exists(3, 7, start="d2") == existence.exists(3, 7, start=(1, 3)) is False

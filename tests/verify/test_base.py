"""verify(..., base=1): tours numbered from 1, as printed tours are (issue 27)."""

from __future__ import annotations

import numpy as np
import pytest

import knight


def _from_one(tour: knight.Tour) -> np.ndarray:
    steps = tour.board.astype(np.int64)
    return np.where(steps >= 0, steps + 1, steps)


@pytest.mark.parametrize("board", [
    8, 5, knight.Board(4, 5, holes=["a1"]), knight.Board(5, moves="king"),
    knight.Board(4, moves="king", wrap="torus"),
])
def test_a_tour_numbered_from_one_is_accepted(board):
    tour = knight.solve(board)
    layout = tour.layout
    got = knight.verify(_from_one(tour), base=1,
                        board=None if layout.is_standard else layout)
    assert np.array_equal(got.board, tour.board)
    assert got.start == tour.start
    assert knight.is_tour(_from_one(tour), base=1,
                          board=None if layout.is_standard else layout)


def test_base_zero_says_when_the_numbers_run_from_one():
    printed = _from_one(knight.solve(8))
    with pytest.raises(knight.InvalidTourError,
                       match=r"holds 64, outside the steps 0\.\.63 of an 8x8 board \(the numbers "
                             r"run 1\.\.64: for a tour numbered from 1, pass base=1\)"):
        knight.verify(printed)
    holed = knight.Board(4, 5, holes=["a1"])
    with pytest.raises(knight.InvalidTourError, match=r"run 1\.\.19: .* pass base=1"):
        knight.verify(_from_one(knight.solve(holed)), board=holed)


def test_no_hint_when_the_numbers_do_not_run_from_one():
    bad = knight.solve(5).board.astype(np.int64)
    bad[0, 0] = 99
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(bad)
    assert "base=1" not in str(info.value)


def test_messages_quote_steps_as_numbered_from_one():
    printed = _from_one(knight.solve(6))
    a = tuple(np.argwhere(printed == 10)[0])
    b = tuple(np.argwhere(printed == 11)[0])
    printed[a], printed[b] = printed[b], printed[a]
    with pytest.raises(knight.InvalidTourError, match=r"^step 9 at .* to step 10 at .* is not a "
                                                      r"knight move") as info:
        knight.verify(printed, base=1)
    assert info.value.kind == "not-a-knight-move"
    zero = knight.solve(6).board.copy()
    zero[zero == 0] = 7  # 7 twice, 0 missing: in the user's numbering, 8 twice and 1 missing
    with pytest.raises(knight.InvalidTourError, match=r"step 8 appears 2 times.*step 1 is missing"):
        knight.verify(zero + 1, base=1)
    with pytest.raises(knight.InvalidTourError, match=r"holds 0, outside the steps 1\.\.36"):
        knight.verify(knight.solve(6).board, base=1)  # numbered from 0
    holed = knight.Board(4, 5, holes=["a1"])
    steps = _from_one(knight.solve(holed))
    steps[steps == 2] = 3
    with pytest.raises(knight.InvalidTourError, match=r"^step 2 is missing"):
        knight.verify(steps, board=holed, base=1)


def test_closed_and_paths_are_unaffected():
    tour = knight.solve(6, closed=True)
    assert knight.verify(_from_one(tour), base=1, closed=True).closed
    # base applies to step boards only: a path of squares has no numbering
    assert knight.verify(tour.path, base=1).start == tour.start


@pytest.mark.parametrize("base, error", [
    (True, TypeError), (2, ValueError), (-1, ValueError), ("1", TypeError), (1.0, TypeError),
    (None, TypeError),
])
def test_bad_base_is_refused_by_name(base, error):
    with pytest.raises(error, match="base must be 0"):
        knight.verify(knight.solve(5).board, base=base)
    with pytest.raises(error, match="base must be 0"):
        knight.is_tour(knight.solve(5).board, base=base)

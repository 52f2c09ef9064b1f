"""magic= on solve, exists, why_not, count and tours: checks, theory, limits, results."""

from __future__ import annotations

import re

import numpy as np
import pytest

import knight
import printed_tours
from knight import planner

BEVERLEY = np.array(printed_tours.BEVERLEY)  # William Beverley, 1848, numbered 1..64


def _clues(upto: int) -> dict[tuple[int, int], int]:
    return {(int(r), int(c)): int(BEVERLEY[r, c]) - 1 for r, c in np.argwhere(BEVERLEY <= upto)}


@pytest.mark.parametrize("call", [knight.solve, knight.exists, knight.why_not, knight.count,
                                  lambda *a, **k: next(knight.tours(*a, **k))])
def test_unknown_value_names_the_choices(call) -> None:
    with pytest.raises(ValueError, match="magic must be None, 'semi' or 'diagonal', not 'full'"):
        call(8, magic="full")


@pytest.mark.parametrize("board", [knight.Board(8, holes=["a1"]), knight.Board(8, wrap="torus"),
                                   knight.Board(8, moves="zebra")])
@pytest.mark.parametrize("call", [knight.solve, knight.exists, knight.count])
def test_other_boards_refused(board, call) -> None:
    with pytest.raises(ValueError, match="magic= reads plain knight rectangles"):
        call(board, magic="semi")


@pytest.mark.parametrize("call", [knight.solve, knight.exists, knight.count])
def test_diagonal_needs_a_square(call) -> None:
    with pytest.raises(ValueError, match="needs a square board"):
        call(8, 12, magic="diagonal")


def test_other_arguments_refused() -> None:
    with pytest.raises(ValueError, match="does not take magic="):
        knight.solve(8, magic="semi", method="warnsdorff")
    with pytest.raises(ValueError, match="does not take magic="):
        knight.count(8, magic="semi", method="dp")
    with pytest.raises(ValueError, match="order does not apply with magic="):
        knight.solve(8, magic="semi", order=knight.DEFAULT_ORDER[::-1])
    with pytest.raises(ValueError, match="clash"):
        knight.solve(8, magic="semi", end=(0, 1), closed=True)
    with pytest.raises(TypeError):
        knight.solve(8, magic="semi", timeout="soon")


@pytest.mark.parametrize("rows, cols, kind, words", [
    (6, 6, "semi", "4k\\+2"), (6, 10, "semi", "4k\\+2"), (5, 6, "semi", "odd length"),
    (4, 8, "semi", "Murray"), (4, 16, "semi", "Kumar"), (8, 8, "diagonal", "Stertenbrink"),
    (4, 4, "semi", "no knight.s tour"),
])
def test_theory_refusals(rows, cols, kind, words) -> None:
    assert knight.exists(rows, cols, magic=kind) is False
    assert re.search(words, knight.why_not(rows, cols, magic=kind))
    with pytest.raises(knight.NoTourError, match=words):
        # no search: a node budget of 1 would stop any
        knight.solve(rows, cols, magic=kind, max_nodes=1)
    assert knight.count(rows, cols, magic=kind) == 0
    assert list(knight.tours(rows, cols, magic=kind)) == []


def test_start_theory_refusal() -> None:
    with pytest.raises(knight.NoTourError):
        knight.solve(8, magic="semi", clues={(0, 0): 0, (0, 1): 1}, max_nodes=1)


def test_exhaustive_small_board() -> None:
    with pytest.raises(knight.NoTourError, match="exhaustive search"):
        knight.solve(4, 6, magic="semi")
    assert knight.count(4, 6, magic="semi", closed=True) == 0
    assert knight.count(4, 6, magic="semi", start=(1, 1)) == 0


@pytest.mark.parametrize("kwargs", [{}, {"closed": True}, {"start": (3, 3)},
                                    {"start": "d5", "closed": True}])
def test_solve_8x8(kwargs) -> None:
    tour = knight.solve(8, magic="semi", **kwargs)
    assert tour.magic == "semi-magic" and knight.is_tour(tour)
    assert knight.magic_kind(tour.board) == "semi-magic"
    # a free start goes to the construction (tests/magic/test_magic_construct.py)
    assert tour.method.startswith("magic-search" if kwargs else "magic-construct")
    if kwargs.get("closed"):
        assert tour.closed and knight.verify(tour.board, closed=True).closed
    if "start" in kwargs:
        assert tour.start == (3, 3)


def test_solve_with_clues_and_end() -> None:
    clues = _clues(30)
    tour = knight.solve(8, magic="semi", clues=clues, end=(7, 2))
    assert tour.magic == "semi-magic" and int(tour.board[7, 2]) == 63
    assert all(int(tour.board[sq]) == step for sq, step in clues.items())


def test_tours_and_count_with_clues_agree() -> None:
    clues = _clues(29)
    listed = list(knight.tours(8, magic="semi", clues=clues))
    assert len(listed) == knight.count(8, magic="semi", clues=clues) >= 1
    assert any((t.board + 1 == BEVERLEY).all() for t in listed)
    assert all(t.magic == "semi-magic" for t in listed)
    assert len(list(knight.tours(8, magic="semi", clues=clues, limit=1))) == 1


def test_limits() -> None:
    # from d5 (no image of the constructed tour starts there) the search runs
    with pytest.raises(knight.SearchLimitError, match="max_nodes=1000"):
        knight.solve(8, magic="semi", start="d5", max_nodes=1000)
    with pytest.raises(knight.SearchLimitError, match="timeout"):
        knight.solve(12, magic="diagonal", timeout=0.2)
    token = knight.Cancel()
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.solve(8, magic="semi", cancel=token)
    with pytest.raises(knight.UndecidedError):
        knight.exists(8, magic="semi", start=(3, 3), max_nodes=10_000)
    assert knight.exists(8, magic="semi", start=(0, 0), max_nodes=10_000)  # constructed


def test_out_of_reach_count() -> None:
    with pytest.raises(knight.BoardTooLargeError, match="out of reach"):
        knight.count(8, magic="semi")
    with pytest.raises(knight.BoardTooLargeError, match="out of reach"):
        knight.tours(8, magic="semi")
    with pytest.raises(knight.SearchLimitError, match="timeout"):
        knight.count(8, magic="semi", timeout=0.2)


def test_planner_picks_the_magic_engine() -> None:
    assert planner.choose(knight.Board(8), "count", magic=True).name == "magic-search"
    assert "magic-search" in [e.name for e in planner.ENGINES]


def test_checkpoint_applies_and_invariant_does_not(tmp_path) -> None:
    # once refused: a magic count now records its ranges (test_magic_ranges.py)
    assert knight.count(4, 6, magic="semi", checkpoint=tmp_path) == 0
    assert (tmp_path / "answer.kckpt").exists()
    with pytest.raises(ValueError, match="invariant= does not apply with magic="):
        knight.count(4, 6, magic="semi", invariant="half-turn")

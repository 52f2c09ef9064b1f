"""knight.count on general boards by the frontier DP (issue 19 in the API):
flat boards with holes, of the knight, king, wazir, ferz and dabbaba, give
the table search's counts in every mode; other boards are refused by name."""

from __future__ import annotations

import pytest

import knight
from knight import Board
from knight.planner import choose

#: (start, end, closed, directed): every mode of knight.count.
MODES = [
    (None, None, False, False), ((0, 0), None, False, False), (None, (0, 0), False, False),
    ((0, 0), (3, 4), False, False), (None, None, True, False), (None, None, True, True),
    ((0, 0), None, True, True), ((0, 0), (1, 2), True, False), ((0, 0), (2, 1), True, True),
]


def usable(board: Board, *squares: tuple[int, int] | None) -> bool:
    """Whether every square given is on the board and not a hole."""
    return all(sq is None or (sq[0] < board.rows and sq[1] < board.cols and board.mask[sq])
               for sq in squares)


def both(board: Board, **kw: object) -> tuple[int, int]:
    return knight.count(board, method="dp", **kw), knight.count(board, method="search", **kw)


@pytest.mark.parametrize("holes", [[(1, 1)], [(2, 2), (4, 0)], [(0, 3), (4, 3), (2, 5)]])
def test_knight_with_holes_5x8_dp_equals_search(holes):
    board = Board(5, 8, holes=holes)
    for start, end, closed, directed in MODES:
        if start is None and end is None and not closed:
            continue  # every start: seconds of search on 5x8; on 4x6 below
        kw = {"start": start, "end": end, "closed": closed, "directed": directed}
        dp, search = both(board, **kw)
        assert dp == search, kw


def test_every_mode_on_smaller_masked_boards():
    for board in (Board(4, 6, holes=[(0, 5)]), Board(5, 5, holes=[(2, 2)]),
                  Board(3, 7, holes=[(1, 3)])):
        for start, end, closed, directed in MODES:
            if not usable(board, start, end):
                continue
            kw = {"start": start, "end": end, "closed": closed, "directed": directed}
            dp, search = both(board, **kw)
            assert dp == search, (board, kw)


@pytest.mark.parametrize("piece,shape,holes", [
    ("king", (3, 5), []), ("king", (3, 6), [(1, 2)]), ("wazir", (4, 6), [(0, 0), (3, 5)]),
    ("wazir", (3, 7), []), ("ferz", (4, 4), []), ("dabbaba", (4, 4), [])])
def test_other_pieces_dp_equals_search(piece, shape, holes):
    board = Board(*shape, moves=piece, holes=holes)
    for start, end, closed, directed in MODES:
        if not usable(board, start, end):
            continue
        kw = {"start": start, "end": end, "closed": closed, "directed": directed}
        dp, search = both(board, **kw)
        assert dp == search, (piece, kw)


def test_auto_takes_the_dp_on_narrow_long_boards_only():
    info: dict = {}
    board = Board(3, 30, holes=[(1, 4)])
    assert knight.count(board, start=(0, 0), _info=info) == \
        knight.count(board, start=(0, 0), method="dp") > 0
    assert info["engine"] == "frontier-dp" and info["method"] == "dp"
    info.clear()
    knight.count(Board(5, 5, holes=[(2, 2)]), start=(0, 0), _info=info)
    assert info["engine"] == "table-count"  # squarish: the search
    # a masked board is judged by its usable rows and columns
    info.clear()
    wide = Board(9, 12, holes=[(r, c) for r in range(9) for c in range(12) if r > 2])
    knight.count(wide, start=(0, 0), _info=info)
    assert info["engine"] == "frontier-dp"


def test_theory_first_then_the_dp():
    info: dict = {}
    # 15 squares: no closed tour, said by theory before any table
    assert knight.count(Board(4, 4, holes=[(0, 0)]), closed=True, method="dp", _info=info) == 0
    assert info["method"] == "theory"


def test_dp_refuses_boards_it_does_not_serve_by_name():
    for board in (Board(8, moves="giraffe"), Board(6, wrap="torus"), Board(6, wrap="cylinder"),
                  Board(11, moves="camel", holes=[(0, 0)])):
        with pytest.raises(ValueError, match="method='dp' serves flat boards of the knight, "
                                             "king and other leapers \\(holes allowed\\)"):
            knight.count(board, method="dp")
    assert choose(Board(8, moves="giraffe"), "count").name == "table-count"
    # too wide for the DP once cut down: its size limit, before any work
    with pytest.raises(knight.BoardTooLargeError, match="13 squares wide"):
        knight.count(Board(14, 15, holes=[(0, 0)]), method="dp")
    with pytest.raises(knight.BoardTooLargeError, match="needs an estimated"):
        knight.count(Board(6, 9, holes=[(0, 0)]), method="dp", max_memory=1000)

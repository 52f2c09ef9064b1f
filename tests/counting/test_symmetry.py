"""Tours up to the board's symmetries and tours a symmetry fixes
(knight.counting.symmetry, frontier_symmetry): every figure against a
brute force over the listed tours, and the published ones."""

import pytest

import knight
from knight.counting import symmetry as SY
from knight.counting.frontier_symmetry import half_turn_cycles, serves_half_turn
from knight.errors import BoardTooLargeError


def _maps(board):
    maps = [lambda r, c: (r, c)]
    for name, ms in SY._maps(*board.shape).items():
        if name in SY.board_symmetries(board):
            maps += ms
    return maps


def _listed(board, closed):
    """Every undirected tour's edge set."""
    out = []
    for t in knight.tours(board, closed=closed):
        sq = [tuple(s) for s in t.path.tolist()]
        if not closed and sq[0] > sq[-1]:
            continue
        out.append(SY._edges(sq, closed))
    return out


def _image(f, edges):
    return frozenset(frozenset(f(*s) for s in e) for e in edges)


def _brute_classes(board, closed):
    maps = _maps(board)
    return len({min(tuple(sorted(tuple(sorted(e)) for e in _image(f, E))) for f in maps)
                for E in _listed(board, closed)})


BOARDS = [(3, 4), (3, 7), (3, 8), (3, 10), (4, 5), (4, 6), (5, 5), (3, 12)]
#: boards with more tours to list: the slow lane
MORE = [pytest.param(5, 6, marks=pytest.mark.slow), pytest.param(6, 6, marks=pytest.mark.slow),
        pytest.param(5, 8, marks=pytest.mark.slow)]


@pytest.mark.parametrize("rows,cols", BOARDS + MORE)
def test_classes_match_a_brute_force(rows, cols):
    board = knight.Board(rows, cols)
    for closed in (True, False):
        if knight.count(board, closed=closed) > 60_000:
            continue
        assert knight.count(board, closed=closed, up_to_symmetry=True) == \
            _brute_classes(board, closed), closed


@pytest.mark.parametrize("rows,cols", BOARDS + MORE)
def test_each_fixed_count_matches_the_listed_tours(rows, cols):
    """Theory's zeros and the DP's half turns are the listed tours' figures."""
    board = knight.Board(rows, cols)
    for closed in (True, False):
        if knight.count(board, closed=closed) > 100_000:
            continue
        listed = _listed(board, closed)
        for name in SY.board_symmetries(board):
            f = SY._maps(rows, cols)[name][0]
            want = sum(_image(f, E) == E for E in listed)
            if SY.theory_zero(rows, cols, name, closed) is not None:
                assert want == 0, (name, closed)
            got = knight.count(board, closed=closed, invariant=name)
            assert got == want * (1 if closed else 2), (name, closed)


def test_published_figures():
    # 6x6 closed: 1,245 classes: 5 with quarter-turn symmetry (classes of 2),
    # 17 with half-turn only (classes of 4), 1,223 without (Jelliss)
    assert knight.count(6, closed=True, up_to_symmetry=True) == 1245
    assert knight.count(6, closed=True, invariant="quarter-turn") == 5 * 2
    assert knight.count(6, closed=True, invariant="half-turn") == 5 * 2 + 17 * 4
    assert (9862 - 78) // 8 == 1223


def test_holes_and_other_pieces():
    for board, closed in [(knight.Board(5, holes=["c3"]), False),
                          (knight.Board(3, 4, moves="king"), True),
                          (knight.Board(3, 4, moves="king"), False)]:
        assert knight.count(board, closed=closed, up_to_symmetry=True) == \
            _brute_classes(board, closed), board


@pytest.mark.slow
def test_half_turn_by_the_dp_with_holes():
    # holes the half turn maps to one another, two of each colour (37,970 cycles)
    holes = [(0, 0), (5, 5), (0, 1), (5, 4)]
    board = knight.Board(6, holes=holes)
    assert SY.board_symmetries(board) == ["half-turn"]
    f = SY._maps(6, 6)["half-turn"][0]
    want = sum(_image(f, E) == E for E in _listed(board, True))
    assert half_turn_cycles(6, 6, removed=[r * 6 + c for r, c in holes]) == want
    assert knight.count(board, closed=True, invariant="half-turn") == want


def test_half_turn_by_the_dp_against_listing():
    for rows, cols in [(3, 10), (3, 14), (4, 10)]:
        board = knight.Board(rows, cols)
        f = SY._maps(rows, cols)["half-turn"][0]
        want = sum(_image(f, E) == E for E in _listed(board, True))
        assert half_turn_cycles(rows, cols) == want
    assert not serves_half_turn(5, 7) and not serves_half_turn(2, 8)
    with pytest.raises(ValueError, match="even length"):
        half_turn_cycles(5, 7)
    with pytest.raises(ValueError, match="removed squares to themselves"):
        half_turn_cycles(6, 6, removed=[0])


@pytest.mark.slow
def test_8x8_half_turn_tours():
    # Knuth: 608,233 classes of size 4, the centrally symmetric tours
    assert knight.count(8, closed=True, invariant="half-turn") == 4 * 608_233
    assert knight.count(8, invariant="half-turn") == 0  # no open 8x8 tour is symmetric
    assert knight.count(8, closed=True, invariant="quarter-turn") == 0


def test_bad_arguments():
    with pytest.raises(ValueError, match="invariant must be one of"):
        knight.count(6, closed=True, invariant="spin")
    with pytest.raises(ValueError, match="not both"):
        knight.count(6, closed=True, invariant="half-turn", up_to_symmetry=True)
    for kw in ({"start": (0, 0)}, {"end": (0, 0)}, {"limit": 3}, {"directed": True},
               {"clues": {(0, 0): 0}}):
        with pytest.raises(ValueError, match="counts whole tours"):
            knight.count(6, closed=True, up_to_symmetry=True, **kw)
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        knight.count(6, closed=True, up_to_symmetry=1)
    with pytest.raises(ValueError, match="no quarter-turn symmetry"):
        knight.count(6, 8, invariant="quarter-turn")
    with pytest.raises(ValueError, match="no half-turn symmetry"):
        knight.count(knight.Board(6, holes=["a1"]), invariant="half-turn")


def test_out_of_reach_is_refused_naming_the_symmetry(monkeypatch):
    monkeypatch.setattr(SY, "LIST_LIMIT", 100)
    with pytest.raises(BoardTooLargeError, match="quarter-turn"):
        knight.count(6, closed=True, invariant="quarter-turn")
    # the half turn comes from the DP, and every reflection from theory: no listing
    assert knight.count(6, closed=True, invariant="half-turn") == 78
    assert knight.count(6, closed=True, invariant="diagonal") == 0


def test_theory_zero_reasons():
    assert "quarter turn swaps the colours" in SY.theory_zero(8, 8, "quarter-turn", True)
    assert SY.theory_zero(8, 8, "half-turn", True) is None
    assert "two odd steps" in SY.theory_zero(8, 8, "half-turn", False)
    assert SY.theory_zero(5, 5, "half-turn", False) is None  # the centre can be the middle
    assert "fixes 5 squares" in SY.theory_zero(5, 5, "diagonal", False)


def test_the_command_line(capsys):
    from knight import cli
    assert cli.main(["count", "6", "--closed", "--up-to-symmetry", "--format", "plain"]) == 0
    assert capsys.readouterr().out == "1245\n"
    assert cli.main(["count", "6", "--closed", "--invariant", "quarter-turn",
                     "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"count": 10' in out and '"method": "symmetry"' in out
    assert cli.main(["count", "6", "8", "--invariant", "diagonal"]) == 2
    assert "no diagonal symmetry" in capsys.readouterr().err
    assert cli.main(["count", "6", "--up-to-symmetry", "--invariant", "half-turn"]) == 2
    assert "not allowed with" in capsys.readouterr().err

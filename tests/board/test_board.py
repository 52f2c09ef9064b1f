"""knight.Board as a value (issue 19): immutability, equality and hashing,
pickling, repr, text round trips, describe(), the neighbour table and the
colouring; bad input refused with a clear error before any work; and
hypothesis tests over masks, move sets and wrap against tests/brute.py."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import knight
from brute import adjacency, connected, leaper_offsets, path_matrix, squares_of
from knight import Board

# -- the value --------------------------------------------------------------------


def test_equal_spellings_of_the_knight_board():
    boards = [Board(8), Board(8, 8, moves=(1, 2)), Board(8, moves="knight"), Board(8, moves=(2, 1)),
              Board(mask=np.ones((8, 8), dtype=bool)), Board(8, holes=[])]
    for b in boards:
        assert b == boards[0] and hash(b) == hash(boards[0])
        assert b.is_standard and b.is_full and b.is_knight
    assert len(set(boards)) == 1
    assert Board(8) != Board(8, 7) and Board(8) != Board(8, wrap="torus")
    assert Board(8) != Board(8, moves="zebra") and Board(8) != Board(8, holes=["a1"])
    assert Board(8) != (8, 8)


def test_immutable():
    b = Board(4, holes=[(0, 0)])
    with pytest.raises(ValueError):
        b.mask[0, 0] = True
    with pytest.raises(ValueError):
        b.index[0, 1] = 5
    with pytest.raises(ValueError):
        b.neighbours()[0, 0] = 3
    with pytest.raises(ValueError):
        Board(4).mask[0, 0] = False
    for name in ("rows", "cols", "moves", "wrap", "mask", "size", "holes", "piece"):
        with pytest.raises(AttributeError):
            setattr(b, name, None)
    with pytest.raises(AttributeError):
        b.extra = 1
    clues = Board.from_text("1 _\n_ 2").clues
    clues[(0, 0)] = 9
    assert Board.from_text("1 _\n_ 2").clues == {(0, 0): 1, (1, 1): 2}


def test_a_mask_argument_is_copied():
    mask = np.ones((3, 4), dtype=bool)
    mask[0, 0] = False
    b = Board(mask=mask)
    mask[1, 1] = False
    assert b.holes == ((0, 0),) and b.size == 11


@pytest.mark.parametrize("board", [
    Board(8), Board(5, 7, holes=["c3", (0, 0)]), Board(6, moves="zebra", wrap="torus"),
    Board(4, moves=[(1, 0), (-1, 0), (0, 3), (0, -3)], wrap="cylinder"),
    Board(20, holes=[(i, i) for i in range(15)]), Board.from_text("_ 3 .\n1 _ _"),
    Board(5, moves="king").with_moves_order([(1, 1), (1, 0), (0, 1), (-1, 1), (-1, 0),
                                            (-1, -1), (0, -1), (1, -1)]),
])
def test_pickle_and_repr(board):
    again = pickle.loads(pickle.dumps(board))
    assert again == board and hash(again) == hash(board)
    assert again.moves == board.moves and again.piece == board.piece
    assert again.clues == board.clues
    assert np.array_equal(again.neighbours(), board.neighbours())
    text = repr(board)
    assert text.startswith("Board(")
    if "mask=<" not in text:
        assert eval(text, {"Board": Board}) == board


def test_repr_examples():
    assert repr(Board(8)) == "Board(8, 8)"
    assert repr(Board(8, holes=["d4", "e5"])) == "Board(8, 8, holes=[(3, 4), (4, 3)])"
    assert repr(Board(10, moves="zebra", wrap="torus")) == \
        "Board(10, 10, moves='zebra', wrap='torus')"
    assert repr(Board(20, holes=[(i, i) for i in range(15)])) == "Board(20, 20, mask=<15 holes>)"
    assert repr(Board(4, moves=[(1, 0), (-1, 0)])) == "Board(4, 4, moves=[(1, 0), (-1, 0)])"


def test_describe():
    assert Board(8).describe() == "8x8 board"
    assert Board(3, 5, wrap="cylinder").describe() == "3x5 cylinder"
    assert Board(10, moves="zebra", holes=["a1"], wrap="torus").describe() == \
        "10x10 torus for the zebra with 1 hole"
    assert Board(4, holes=["a1", "b2"]).describe() == "4x4 board with 2 holes"
    assert Board(4, moves=[(1, 0), (-1, 0)]).describe() == "4x4 board for moves [(1, 0), (-1, 0)]"
    assert Board(4, moves=(0, 1)).describe() == "4x4 board for the wazir"


def test_from_text_and_to_text():
    text = """
    ; a puzzle: comments, blank lines and ragged spacing are fine
    _  _ _ .

    // another comment
    _ 1   # 12
    - x  o   _
    """
    b = Board.from_text(text, moves="king", wrap="cylinder")
    assert b.shape == (3, 4) and b.size == 9
    assert b.holes == ((0, 3), (1, 2), (2, 0))
    assert b.clues == {(1, 1): 1, (1, 3): 12}
    assert b.piece == "king" and b.wrap == "cylinder"
    assert b.to_text() == " _  _  _  .\n _  1  . 12\n .  _  _  _"
    again = Board.from_text(b.to_text(), moves="king", wrap="cylinder")
    assert again == b and again.clues == b.clues
    with pytest.raises(ValueError, match="line 3 .* 2 squares.* 3"):
        Board.from_text("_ _ _\n_ _ _\n_ _")
    with pytest.raises(ValueError, match="no rows"):
        Board.from_text("; nothing\n\n")
    with pytest.raises(ValueError, match="no usable square"):
        Board.from_text(". #\n- .")
    with pytest.raises(TypeError, match="text"):
        Board.from_text(b"_ _")


def test_neighbours_dedup_on_tiny_tori():
    # 2x2 torus, king: the 8 moves reach the 3 other squares, each listed once.
    nbr = Board(2, moves="king", wrap="torus").neighbours()
    assert nbr.shape == (5, 8) and nbr.dtype == np.int32
    for i in range(4):
        row = nbr[i].tolist()
        assert sorted(row[:3]) == sorted(set(range(4)) - {i}) and row[3:] == [4] * 5
    assert nbr[4].tolist() == [4] * 8
    # 1x3 torus, knight: (1, 2) wraps to (0, 2) = (0, -1): both others, once each.
    nbr = Board(1, 3, wrap="torus").neighbours()
    assert all(sorted(nbr[i, :2].tolist()) == sorted({0, 1, 2} - {i}) for i in range(3))
    assert (nbr[:3, 2:] == 3).all()
    # A move back onto its own square (1x4 torus: (2, 0) wraps to itself) is dropped.
    assert Board(2, 2, moves="dabbaba", wrap="torus").degrees().tolist() == [0, 0, 0, 0]


def test_neighbours_in_move_order():
    b = Board(3, 4, holes=[(2, 3)])
    nbr = b.neighbours()
    assert nbr[0].tolist() == [9, 6, 11, 11, 11, 11, 11, 11]
    order = tuple(reversed(b.moves))
    assert b.neighbours(order)[0].tolist() == [6, 9, 11, 11, 11, 11, 11, 11]
    assert b.with_moves_order(order).moves == order
    assert b.with_moves_order(order) != b
    with pytest.raises(ValueError, match="order must list"):
        b.with_moves_order(order[:-1])


def test_colouring():
    # Knight on odd tori and the king: odd cycles, no 2-colouring.
    assert Board(3, wrap="torus").colouring() is None
    assert Board(5, 6, wrap="torus").colouring() is None
    assert Board(4, moves="king").colouring() is None
    assert Board(3, 5, moves="wazir", wrap="cylinder").colouring() is None
    # Knight on even tori and flat boards: (row + col) % 2 up to a swap.
    for b in (Board(4, 6, wrap="torus"), Board(5, holes=["c3"]), Board(4, 6, wrap="cylinder")):
        colour = b.colouring()
        sq = b.squares
        parity = (sq[:, 0] + sq[:, 1]) % 2
        assert np.array_equal(colour, parity) or np.array_equal(colour, 1 - parity)
    # The ferz never changes colour: two components, each coloured.
    b = Board(4, moves="ferz")
    assert int(b.components().max()) == 1 and b.colouring() is not None


# -- bad input --------------------------------------------------------------------


@pytest.mark.parametrize("mask, error, words", [
    (np.ones((3, 3), dtype=int), TypeError, "mask must be boolean"),
    (np.ones((3, 3)), TypeError, "mask must be boolean"),
    ([True, False], ValueError, "mask must be 2-D"),
    (np.ones((2, 2, 2), dtype=bool), ValueError, "mask must be 2-D"),
    (np.ones((0, 3), dtype=bool), ValueError, "mask must have at least one row"),
    ([], ValueError, "mask"),
    ([[True], [True, False]], ValueError, "mask is not a rectangular array"),
    (np.zeros((3, 3), dtype=bool), ValueError, "no usable square"),
    ("_ _\n_ _", TypeError, "mask"),
])
def test_bad_mask(mask, error, words):
    with pytest.raises(error, match=words):
        Board(mask=mask)


@pytest.mark.parametrize("moves, error, words", [
    ([(1, 0), (0, 1)], ValueError, "closed under negation"),
    ([(1, 0), (-1, 0), (0, 0)], ValueError, r"moves\[2\] is \(0, 0\)"),
    ([(1, 0), (-1, 0), (1, 0)], ValueError, "twice"),
    ([(a, b) for a in range(-5, 6) for b in range(-5, 6) if (a, b) != (0, 0)], ValueError,
     "at most 64"),
    ("queen", ValueError, "moves 'queen' is not a piece"),
    ((0, 0), ValueError, "moves"),
    ([], ValueError, "moves"),
    (5, TypeError, "moves"),
    ([(1, 2, 3)], ValueError, r"moves\[0\]"),
    ([(1.5, 0), (-1.5, 0)], TypeError, "moves"),
    # Issue 26: offsets past int32 were accepted, then every engine overflowed.
    ((2**31, 1), ValueError, r"moves \(2147483648, 1\) is longer than any board"),
    ((10**30, 1), ValueError, r"moves \(1000000000000000000000000000000, 1\) is longer"),
    ([(1, -(2**40)), (-1, 2**40)], ValueError, r"moves\[0\] \(1, -1099511627776\) is longer"),
])
def test_bad_moves(moves, error, words):
    with pytest.raises(error, match=words):
        Board(3, moves=moves)


@pytest.mark.parametrize("wrap", [None, "torus"])
def test_the_longest_offset_runs_on_every_engine(wrap):
    # Issue 26: an offset longer than the board has no move on a flat side
    # (and on a torus is its remainder), up to MAX_OFFSET, on every engine.
    far = knight.board.MAX_OFFSET
    board = Board(3, moves=(far, 1), wrap=wrap)
    near = Board(3, moves=(far % 3, 1), wrap=wrap)  # the same moves, on a torus
    if wrap is None:
        assert not board.degrees().any()
        assert not knight.exists(board) and not knight.start_squares(board).any()
        assert knight.count(board) == 0
        with pytest.raises(knight.NoTourError):
            knight.solve(board)
    else:
        assert knight.count(board) == knight.count(near) > 0
        tour = knight.solve(board)
        assert knight.is_tour(tour) and tour.to_svg()
        assert knight.puzzle.count(knight.puzzle.make(board, seed=0)) == 1
    assert knight.solve(Board(1, moves=(far, 1), wrap=wrap)).to_svg()


def test_bad_wrap_holes_and_sizes():
    for wrap in ("sphere", 1, True):
        with pytest.raises(ValueError, match="wrap"):
            Board(3, wrap=wrap)
    with pytest.raises(ValueError, match=r"holes\[0\] \(3, 0\) is off the 3x3 board"):
        Board(3, holes=[(3, 0)])
    with pytest.raises(ValueError, match=r"holes\[1\] 'z9' is off"):
        Board(3, holes=["a1", "z9"])
    with pytest.raises(TypeError, match="holes"):
        Board(3, holes=(1, 1))
    with pytest.raises(ValueError, match="no usable square"):
        Board(2, holes=["a1", "a2", "b1", "b2"])
    with pytest.raises(ValueError, match="does not agree"):
        Board(4, 3, mask=np.ones((3, 4), dtype=bool))
    with pytest.raises(ValueError, match="does not agree"):
        Board(3, mask=np.ones((3, 4), dtype=bool))
    with pytest.raises(ValueError, match="cols"):
        Board(cols=3, mask=np.ones((3, 3), dtype=bool))
    with pytest.raises(TypeError, match="size"):
        Board()
    with pytest.raises((TypeError, ValueError), match="rows"):
        Board(0)


def test_squares_and_numbers_in_text_are_ascii_and_usable():
    # Issue 26: str.isdigit() and int() took other scripts' digits, and int()
    # refused numbers past 4,300 digits with advice about the interpreter.
    board = Board(8)
    for text in ("a١", "a²", "a٣"):
        with pytest.raises(ValueError, match=f"start '{text}' is not a square"):
            board.square(text)
    with pytest.raises(ValueError, match=r"holes\[0\] 'a١' is not a square"):
        Board(8, holes="a١")
    with pytest.raises(ValueError, match=r"clue square 'b١' is not a square"):
        board.square("b١", "clue square")
    with pytest.raises(ValueError, match="is off the 8x8 board"):
        board.square("a" + "9" * 5000)
    assert board.square(" A01 ") == (7, 0)  # ASCII, with spaces and a leading zero, still reads
    long = "7" * 5000
    with pytest.raises(ValueError, match=r"line 3, square \(1, 1\): the token '7+\.\.\.7+' is "
                                         r"not a usable number: it has 5,000 digits"):
        Board.from_text(f"; a comment\n_ 1\n_ {long}\n")


ENTRY_POINTS = {
    "solve": lambda b, **kw: knight.solve(b, **kw),
    "count": lambda b, **kw: knight.count(b, **kw),
    "tours": lambda b, **kw: knight.tours(b, **kw),
    "exists": lambda b, **kw: knight.exists(b, **kw),
    "why_not": lambda b, **kw: knight.why_not(b, **kw),
}


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@pytest.mark.parametrize("board", [Board(3, 4, holes=[(1, 1)]),
                                   Board(3, 4, holes=[(1, 1)], moves="king", wrap="torus")])
def test_bad_start_and_cols(name, board):
    call = ENTRY_POINTS[name]
    with pytest.raises(ValueError, match=r"start \(1, 1\) is a hole of the 3x4"):
        call(board, start=(1, 1))
    with pytest.raises(ValueError, match=r"start \(5, 1\) is off the 3x4 board"):
        call(board, start=(5, 1))
    with pytest.raises(TypeError, match="cols must not be given with a Board"):
        getattr(knight, name)(board, 4)


def test_bad_end_and_start_squares():
    board = Board(3, 4, holes=[(1, 1)], moves="king")
    for f in (knight.count, knight.tours):
        with pytest.raises(ValueError, match=r"end \(1, 1\) is a hole"):
            f(board, start=(0, 0), end=(1, 1))
    with pytest.raises(TypeError, match="cols must not be given with a Board"):
        knight.start_squares(board, 4)
    with pytest.raises(TypeError, match="closed"):
        knight.start_squares(board, closed="yes")
    with pytest.raises(ValueError, match="construct"):
        knight.solve(board, method="construct")


# -- hypothesis: random boards against the brute force -----------------------------


@st.composite
def boards(draw, max_squares=12):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, max(1, min(5, max_squares // rows))))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    if not any(cells):
        cells[0] = True
    mask = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    kind = draw(st.sampled_from(["piece", "leaper", "offsets"]))
    if kind == "piece":
        moves = draw(st.sampled_from(["knight", "king", "wazir", "ferz", "camel", "zebra",
                                      "giraffe", "gnu", "hopido", "alfil"]))
    elif kind == "leaper":
        a, b = draw(st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(
            lambda p: p != (0, 0)))
        moves = (a, b)
    else:
        half = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 3)).filter(
            lambda m: m[1] > 0 or m[0] > 0), min_size=1, max_size=6, unique=True))
        flat = draw(st.permutations([m for h in half for m in (h, (-h[0], -h[1]))]))
        moves = [tuple(m) for m in flat]
    wrap = draw(st.sampled_from([None, "cylinder", "torus"]))
    return mask, moves, wrap


def offsets_of(moves) -> tuple[tuple[int, int], ...]:
    if isinstance(moves, str):
        from brute import PIECE_OFFSETS
        legs = {"ferz": [(1, 1)], "gnu": [(1, 2), (1, 3)], "hopido": [(2, 2), (0, 3)],
                "alfil": [(2, 2)]}.get(moves)
        if legs is None:
            return PIECE_OFFSETS[moves]
        return tuple(sorted({m for a, b in legs for m in leaper_offsets(a, b)}))
    if len(moves) == 2 and isinstance(moves[0], int):
        return leaper_offsets(*moves)
    return tuple(moves)


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards())
def test_hypothesis_board_matches_brute(spec):
    mask, moves, wrap = spec
    board = Board(mask=np.array(mask, dtype=bool), moves=moves, wrap=wrap)
    offsets = offsets_of(moves)
    assert set(board.moves) == set(offsets)
    adj = adjacency(mask, offsets, wrap)
    sq = squares_of(mask)
    assert board.size == len(sq)
    assert [tuple(s) for s in board.squares.tolist()] == sq
    nbr, deg = board.neighbours(), board.degrees()
    assert nbr.shape == (len(sq) + 1, len(offsets))
    for i in range(len(sq)):
        row = nbr[i].tolist()
        assert sorted(row[:deg[i]]) == list(adj[i])
        assert row[deg[i]:] == [len(sq)] * (len(offsets) - deg[i])
    # The count of open tours (the widest mode) against the dynamic programme.
    n = len(sq)
    want = int(path_matrix(adj).sum()) if n == 1 or connected(adj) else 0
    assert knight.count(board) == want
    # A tour from the first square exists iff solve finds one, and it is valid.
    from_first = n == 1 or (connected(adj) and path_matrix(adj)[0].sum() > 0)
    if from_first:
        tour = knight.solve(board, start=sq[0], method="warnsdorff-backtrack")
        path = [tuple(p) for p in np.asarray(tour.path).tolist()]
        assert path[0] == sq[0] and sorted(path) == sq
        index = {s: i for i, s in enumerate(sq)}
        assert all(index[b] in adj[index[a]] for a, b in zip(path, path[1:]))
    else:
        with pytest.raises(knight.NoTourError):
            knight.solve(board, start=sq[0], method="backtrack")


@SETTINGS
@given(boards(max_squares=20))
def test_hypothesis_round_trips(spec):
    mask, moves, wrap = spec
    board = Board(mask=np.array(mask, dtype=bool), moves=moves, wrap=wrap)
    again = pickle.loads(pickle.dumps(board))
    assert again == board and hash(again) == hash(board)
    text = Board.from_text(board.to_text(), moves=board.moves, wrap=board.wrap)
    assert text == board and hash(text) == hash(board)
    if "mask=<" not in repr(board):
        assert eval(repr(board), {"Board": Board}) == board
    same = Board(board.rows, board.cols, holes=board.holes, moves=board.moves, wrap=board.wrap)
    assert same == board and hash(same) == hash(board)
    assert np.array_equal(same.neighbours(), board.neighbours())


def test_tours_of_a_board_theory_rules_out_end_at_once():
    # Two holes of one colour: the colour classes cannot alternate.  The
    # listing must come back empty without an exhaustive search (it used to
    # search the 62 squares for ever).
    board = knight.Board(8, holes=["d4", "e5"])
    assert knight.why_not(board) is not None
    assert list(knight.tours(board, limit=1)) == []
    assert list(knight.tours(board, closed=True)) == []


@pytest.mark.parametrize("board", [
    Board(8), Board(3, 4), Board(1, 5), Board(8, holes=["a1"]), Board(5, holes=["c3"]),
    Board(6, moves="king"), Board(6, moves="zebra", wrap="torus"), Board(6, wrap="cylinder"),
    Board(8, moves=[(1, 2), (-1, -2)]), Board(7, 7, holes=["a1", "g7", "d4"]),
])
def test_symmetries_map_the_board_and_its_moves_onto_themselves(board):
    syms = board.symmetries()
    rows, cols = board.shape
    assert syms.shape[1] == rows * cols and len(syms) >= 1
    assert (syms[0] == np.arange(rows * cols)).all()  # the identity first
    assert len({tuple(p) for p in syms.tolist()}) == len(syms)
    usable = board.mask.reshape(-1)
    edges = set()
    table, degrees = board.neighbours(), board.degrees()
    for i, (r, c) in enumerate(board.squares.tolist()):
        for v in table[i, :degrees[i]].tolist():
            r2, c2 = board.squares[v].tolist()
            edges.add((r * cols + c, r2 * cols + c2))
    for perm in syms:
        assert (usable[perm] == usable).all()
        assert {(int(perm[a]), int(perm[b])) for a, b in edges} == edges
    with pytest.raises(ValueError):
        syms[0, 0] = 1  # read-only: kept on the value

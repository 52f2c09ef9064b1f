"""The board options of the knight command: --board, --holes, --moves, --wrap.

Every command (the solve command, count, tours, sweep, compare) and every
output format on boards with holes, other pieces and wrap-around; each
output is read back and checked as a tour of the board it claims to cover.
"""

import json
import re

import numpy as np
import pytest

import knight
from knight.cli.common import EXIT_NO_TOUR, EXIT_OK, EXIT_USAGE

BOARD_TEXT = """\
; a 4x4 board with two holes
_ _ _ .
_ _ _ _
. _ _ _
_ _ _ _
"""


@pytest.fixture
def board_file(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(BOARD_TEXT)
    return str(path)


def read_grid(text):
    """A printed grid: step numbers, -1 where it shows a hole ('.')."""
    return np.array([[-1 if v == "." else int(v) for v in line.split()]
                     for line in text.strip().splitlines()])


def board_of_path(path, shape):
    board = np.full(shape, -1)
    for step, (r, c) in enumerate(path):
        board[r, c] = step
    return board


def replay(layout, start, codes, order=None):
    """The squares visited from ``start`` by the move codes (wrap aware)."""
    moves = layout.moves if order is None else order
    path = [tuple(start)]
    for k in codes:
        dr, dc = moves[k - 1]
        r, c = path[-1][0] + dr, path[-1][1] + dc
        if layout.wrap == "torus":
            r %= layout.rows
        if layout.wrap is not None:
            c %= layout.cols
        path.append((r, c))
    return path


def check_tour(board, layout, closed=False):
    """A printed tour, checked by Tour itself against its board."""
    return knight.Tour(np.asarray(board, dtype=np.int32), layout=layout, closed=closed)


# (command-line arguments, the Board they describe, closed)
CASES = {
    "holes": (["8", "--holes", "d4,e4"], knight.Board(8, holes=["d4", "e4"]), False),
    "holes-pairs": (["6", "--holes", "0 1;5 5"], knight.Board(6, holes=[(0, 1), (5, 5)]),
                    False),
    "zebra": (["10", "--moves", "zebra"], knight.Board(10, moves="zebra"), False),
    "leaper": (["5", "--moves", "1,1 -1,1 -1,-1 1,-1 1,0 0,1 -1,0 0,-1"],
               knight.Board(5, moves=[(1, 1), (-1, 1), (-1, -1), (1, -1), (1, 0), (0, 1),
                                      (-1, 0), (0, -1)]), False),
    "wazir": (["4", "6", "--moves", "0,1"], knight.Board(4, 6, moves="wazir"), False),
    "torus": (["6", "--wrap", "torus", "--closed"], knight.Board(6, wrap="torus"), True),
    "cylinder": (["5", "6", "--wrap", "cylinder"], knight.Board(5, 6, wrap="cylinder"), False),
    "all": (["7", "--holes", "d4", "--moves", "king", "--wrap", "torus", "--closed"],
            knight.Board(7, holes=["d4"], moves="king", wrap="torus"), True),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("fmt", ["grid", "path", "moves", "json"])
def test_every_format_on_every_kind_of_board(knight_cli, case, fmt):
    argv, layout, closed = CASES[case]
    code, out, err = knight_cli([*argv, "--format", fmt])
    assert code == EXIT_OK and err == ""
    if fmt == "grid":
        board = read_grid(out)
    elif fmt == "path":
        path = [tuple(map(int, line.split())) for line in out.splitlines()]
        board = board_of_path(path, layout.shape)
    elif fmt == "moves":
        codes = [int(v) for v in out.split()]
        assert len(codes) == layout.size - (0 if closed else 1)
        assert max(codes) <= len(layout.moves)
        path = replay(layout, (0, 0), codes)
        if closed:
            assert path.pop() == path[0]
        board = board_of_path(path, layout.shape)
    else:
        data = json.loads(out)
        board = data["board"]
        assert data["layout"] == {
            "rows": layout.rows, "cols": layout.cols,
            "holes": [list(h) for h in layout.holes],
            "moves": [list(m) for m in layout.moves],
            "piece": layout.piece, "wrap": layout.wrap,
        }
        assert data["closed"] is closed and len(data["path"]) == layout.size
    tour = check_tour(board, layout, closed)
    assert tour.start == (0, 0) and len(tour) == layout.size
    if layout.holes:
        assert all(tour.board[h] == -1 for h in layout.holes)


def test_the_grid_shows_holes_as_dots(knight_cli):
    code, out, _ = knight_cli(["8", "--holes", "d4,e4"])
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[4].split()[3:5] == [".", "."]  # rank 4, files d and e
    assert out.count(".") == 2
    code, out, _ = knight_cli(["8", "--holes", "d4,e4", "--base", "1", "--notation",
                               "algebraic"])
    lines = out.splitlines()
    assert lines[4].split()[0] == "4" and lines[4].split()[4:6] == [".", "."]
    assert lines[-1].split() == list("abcdefgh")
    steps = [int(v) for line in lines[:-1] for v in line.split()[1:] if v != "."]
    assert sorted(steps) == list(range(1, 63))


def test_holes_as_names_pairs_and_repeated_flags_agree(knight_cli):
    outputs = {knight_cli(["8", *holes])[1]
               for holes in (["--holes", "d4,e4"], ["--holes", "4 3;4 4"],
                             ["--holes", "4,3 e4"], ["--holes", "d4", "--holes", "4 4"])}
    assert len(outputs) == 1


def test_leaper_pair_and_piece_name_agree(knight_cli):
    assert knight_cli(["10", "--moves", "2,3"]) == knight_cli(["10", "--moves", "Zebra"])


def test_json_base_one_keeps_holes_at_minus_one(knight_cli):
    code, out, _ = knight_cli(["5", "--holes", "c3", "--format", "json", "--base", "1"])
    data = json.loads(out)
    board = np.array(data["board"])
    assert code == EXIT_OK and board[2, 2] == -1 and data["base"] == 1
    assert sorted(board[board > 0].tolist()) == list(range(1, 25))


def test_json_of_the_plain_board_has_no_layout(knight_cli):
    code, out, _ = knight_cli(["5", "--format", "json"])
    assert code == EXIT_OK and "layout" not in json.loads(out)


def test_algebraic_moves_name_the_knight_only(knight_cli):
    code, out, _ = knight_cli(["5", "--holes", "c3", "--format", "moves", "--notation",
                               "algebraic"])
    words = out.split()
    assert code == EXIT_OK and words[0] == "a5" and len(words) == 24
    assert all(w.startswith("N") for w in words[1:])
    tour = knight.solve(knight.Board(5, holes=["c3"]))
    assert [w[1:] for w in words[1:]] == tour.algebraic()[1:]
    code, out, _ = knight_cli(["5", "--holes", "c3", "--moves", "king", "--format", "moves",
                               "--notation", "algebraic"])
    words = out.split()
    tour = knight.solve(knight.Board(5, holes=["c3"], moves="king"))
    assert code == EXIT_OK and words == tour.algebraic()
    # A closed tour returns to its first square.
    code, out, _ = knight_cli(["6", "--wrap", "torus", "--closed", "--format", "moves",
                               "--notation", "algebraic"])
    words = out.split()
    assert code == EXIT_OK and len(words) == 37 and words[-1] == "N" + words[0]


def test_path_in_algebraic_notation(knight_cli):
    code, out, _ = knight_cli(["10", "--moves", "zebra", "--format", "path", "--notation",
                               "algebraic"])
    assert code == EXIT_OK
    assert out.split() == knight.solve(knight.Board(10, moves="zebra")).algebraic()


def test_order_numbers_the_codes_of_another_piece(knight_cli):
    order = [(3, 2), (2, 3), (-2, 3), (-3, 2), (-3, -2), (-2, -3), (2, -3), (3, -2)][::-1]
    text = " ".join(f"{a},{b}" for a, b in order)
    code, out, _ = knight_cli(["10", "--moves", "zebra", "--order", text, "--format", "moves"])
    layout = knight.Board(10, moves="zebra")
    codes = [int(v) for v in out.split()]
    assert code == EXIT_OK
    check_tour(board_of_path(replay(layout, (0, 0), codes, order), (10, 10)), layout)
    code, _, err = knight_cli(["10", "--moves", "zebra", "--order", "2,1 1,2"])
    assert code == EXIT_USAGE and "--order must list the board's 8 moves" in err


def test_pictures_of_other_boards(knight_cli, tmp_path):
    for argv, layout, closed in (CASES["holes"], CASES["torus"], CASES["zebra"]):
        svg, png, gif = (str(tmp_path / f"t.{ext}") for ext in ("svg", "png", "gif"))
        code, out, err = knight_cli([*argv, "--svg", svg, "--png", png, "--gif", gif])
        assert code == EXIT_OK and err == ""
        tour = knight.solve(layout, closed=closed)
        assert open(svg).read() == tour.to_svg()
        assert open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
        assert open(gif, "rb").read(6) == b"GIF89a"


def test_trace_of_another_board_goes_to_stderr(knight_cli):
    code, out, err = knight_cli(["5", "--holes", "c3", "--moves", "king", "--trace",
                                 "--trace-limit", "2"])
    assert code == EXIT_OK
    check_tour(read_grid(out), knight.Board(5, holes=["c3"], moves="king"))
    assert err.startswith("step    1: (0, 0) -> ") and "(2, 2)" not in err


def test_start_defaults_to_the_first_usable_square(knight_cli):
    code, out, _ = knight_cli(["6", "--holes", "a6,b6"])
    board = read_grid(out)
    assert code == EXIT_OK and board[0, 2] == 0 and board[0, 0] == board[0, 1] == -1
    code, out, _ = knight_cli(["6", "--holes", "a6,b6", "--start", "2", "2"])
    assert code == EXIT_OK and read_grid(out)[2, 2] == 0


def test_standard_input_lines_with_board_options(knight_cli):
    code, out, err = knight_cli(["--holes", "1 1", "--moves", "king"],
                                stdin="0 0 4\n2 2 5\n0 1 1\n")
    grids = out.split("\n\n")
    assert code == EXIT_USAGE and len(grids) == 2
    for text, (start, n) in zip(grids, [((0, 0), 4), ((2, 2), 5)]):
        board = read_grid(text)
        tour = check_tour(board, knight.Board(n, holes=[(1, 1)], moves="king"))
        assert tour.start == start
    # The third line's 1x1 board has no square (1, 1): the line is named.
    assert err.startswith("knight: error: line 3: --holes square 1 (1, 1) is off the 1x1")


# -- --board FILE ------------------------------------------------------------------


def test_board_file(knight_cli, board_file):
    layout = knight.Board.from_text(BOARD_TEXT, moves="king")
    code, out, err = knight_cli(["--board", board_file, "--moves", "king"])
    assert code == EXIT_OK and err == ""
    board = read_grid(out)
    assert board[0, 3] == board[2, 0] == -1
    check_tour(board, layout)


def test_board_from_standard_input(knight_cli):
    layout = knight.Board.from_text(BOARD_TEXT, moves="king")
    code, out, err = knight_cli(["--board", "-", "--moves", "king", "--format", "json"],
                                stdin=BOARD_TEXT)
    assert code == EXIT_OK and err == ""
    data = json.loads(out)
    assert data["layout"]["holes"] == [[0, 3], [2, 0]]
    check_tour(data["board"], layout)


def test_board_file_with_more_holes_and_wrap(knight_cli, board_file):
    layout = knight.Board(mask=knight.Board.from_text(BOARD_TEXT).mask, holes=["a4"],
                          moves="king", wrap="cylinder")
    code, out, _ = knight_cli(["--board", board_file, "--holes", "a4", "--moves", "king",
                               "--wrap", "cylinder"])
    board = read_grid(out)
    assert code == EXIT_OK and board[0, 0] == -1 and board[0, 1] == 0
    check_tour(board, layout)


# -- count, tours, sweep, compare ------------------------------------------------------


def brute_count(layout, closed=False, start=None):
    """Tours by brute force: directed open paths, or undirected closed cycles."""
    nbr = layout.neighbours()
    n = layout.size
    seen = np.zeros(n, dtype=bool)

    def walk(sq, depth, first):
        if depth == n:
            return int(not closed or first in nbr[sq])
        total = 0
        for t in nbr[sq]:
            if t != n and not seen[t]:
                seen[t] = True
                total += walk(t, depth + 1, first)
                seen[t] = False
        return total

    firsts = [0] if closed else range(n) if start is None else [start]
    total = 0
    for s in firsts:
        seen[s] = True
        total += walk(s, 1, s)
        seen[s] = False
    return total // 2 if closed and n > 2 else total


COUNT_CASES = {
    "holes-king": (["3", "--holes", "1 1", "--moves", "king"],
                   knight.Board(3, holes=[(1, 1)], moves="king")),
    "wazir-torus": (["3", "--moves", "wazir", "--wrap", "torus"],
                    knight.Board(3, moves="wazir", wrap="torus")),
    "knight-holes": (["3", "4", "--holes", "a1"], knight.Board(3, 4, holes=["a1"])),
    "cylinder": (["2", "4", "--moves", "king", "--wrap", "cylinder"],
                 knight.Board(2, 4, moves="king", wrap="cylinder")),
}


@pytest.mark.parametrize("case", COUNT_CASES)
@pytest.mark.parametrize("closed", [False, True])
def test_count_on_other_boards(knight_cli, case, closed):
    argv, layout = COUNT_CASES[case]
    code, out, err = knight_cli(["count", *argv, "--format", "plain"]
                                + (["--closed"] if closed else []))
    assert (code, err) == (EXIT_OK, "")
    assert int(out) == brute_count(layout, closed)


def test_count_from_a_start_of_a_board_file(knight_cli, board_file):
    layout = knight.Board.from_text(BOARD_TEXT, moves="king")
    code, out, _ = knight_cli(["count", "--board", board_file, "--moves", "king", "--start",
                               "1", "1", "--format", "json"])
    assert code == EXIT_OK
    assert json.loads(out)["count"] == brute_count(layout, start=int(layout.index[1, 1]))


@pytest.mark.parametrize("fmt", ["grid", "path", "json"])
def test_tours_on_another_board(knight_cli, fmt):
    argv, layout = COUNT_CASES["holes-king"]
    code, out, err = knight_cli(["tours", *argv, "--start", "0", "0", "--format", fmt])
    assert (code, err) == (EXIT_OK, "")
    if fmt == "json":
        boards = [json.loads(line)["board"] for line in out.splitlines()]
    elif fmt == "grid":
        boards = [read_grid(text) for text in out.split("\n\n")]
    else:
        boards = [board_of_path([tuple(map(int, line.split())) for line in text.splitlines()],
                                layout.shape) for text in out.strip().split("\n\n")]
    tours = [check_tour(b, layout) for b in boards]
    assert all(t.start == (0, 0) for t in tours)
    assert len({t.board.tobytes() for t in tours}) == len(tours)
    assert len(tours) == brute_count(layout, start=0)


def test_tours_on_a_board_says_why_there_is_none(knight_cli):
    # a1 and c1 are both dark: 6 dark squares and 8 light are left.
    code, out, err = knight_cli(["tours", "4", "--holes", "a1,c1"])
    reason = knight.why_not(knight.Board(4, holes=["a1", "c1"]))
    assert code == EXIT_NO_TOUR and out == ""
    assert "classes" in reason and err == f"knight: {reason}\n"


def test_sweep_on_a_board_with_a_hole(knight_cli):
    code, out, err = knight_cli(["sweep", "5", "--holes", "c3", "--method",
                                 "warnsdorff-backtrack"])
    assert code == EXIT_OK
    starts = re.findall(r"^\((\d+), (\d+)\)", out, re.M)
    assert "(2, 2)" not in out and len(starts) == 24


def test_compare_on_a_board_file(knight_cli, board_file):
    code, out, _ = knight_cli(["compare", "--board", board_file, "--moves", "king"])
    assert code == EXIT_OK
    assert re.search(r"^warnsdorff-backtrack +yes", out, re.M)


# -- help and usage ----------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["count"], ["tours"], ["sweep"], ["compare"]])
def test_every_command_documents_the_board_options(knight_cli, command):
    code, out, _ = knight_cli([*command, "--help"])
    text = " ".join(out.split())
    assert code == EXIT_OK
    for flag in ("--board FILE", "--holes SQUARES", "--moves MOVES", "--wrap {cylinder,torus}"):
        assert flag in text
    assert "'e4,d5' or '3 4;5 6'" in text and "'DR,DC DR,DC ...'" in text
    assert "zebra" in text and "omit ROWS [COLS]" in text


# -- bad input -----------------------------------------------------------------------


@pytest.fixture
def bad_files(tmp_path):
    files = {"ragged": "_ _ _\n_ _\n", "empty": "; nothing\n\n", "holes": ". .\n# -\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00_")
    return tmp_path


@pytest.mark.parametrize(
    "argv,message",
    [
        (["8", "--moves", "foo"], "argument --moves: moves 'foo' is not a piece this package "
                                  "knows; the pieces are"),
        (["8", "--moves", "1,0 x"], "argument --moves: expected a piece name"),
        (["8", "--moves", "1;2"], "argument --moves: expected a piece name"),
        (["8", "--moves", "1,0 0,1"], "--moves must be closed under negation"),
        (["8", "--moves", "0,0"], "--moves (0, 0) is not a leaper"),
        (["8", "--moves", "1,0 1,0 -1,0"], "--moves lists the offset (1, 0) twice"),
        (["5", "--moves", "99999999999,1"], "--moves (99999999999, 1) is longer than any board"),
        (["count", "5", "--moves", "1,-3000000000 -1,3000000000"],
         "--moves offset 1 (1, -3000000000) is longer than any board"),
        (["8", "--holes", "z9"], "--holes square 1 'z9' is off the 8x8 board"),
        (["8", "--holes", "a1 9 9"], "--holes square 2 (9, 9) is off the 8x8 board"),
        (["8", "--holes", "3 4 5"], "argument --holes: expected squares such as 'e4,d5'"),
        (["8", "--holes", "e4;x"], "argument --holes: expected squares"),
        (["8", "--holes", ","], "argument --holes: expected squares"),
        (["8", "--holes", "e4", "--start", "e4"], "--start (4, 4) is a hole of the 8x8 board"),
        (["8", "--holes", "a8"] + ["--start", "0", "0"], "--start (0, 0) is a hole"),
        (["8", "--wrap", "sphere"], "argument --wrap: invalid choice: 'sphere'"),
        (["8", "--holes", "a1", "--method", "construct"],
         "--method construct serves plain knight rectangles"),
        (["--board", "{missing}"], "--board: cannot read"),
        (["--board", "{ragged}"], "line 2 of the board text has 2 squares"),
        (["--board", "{empty}"], "the board text has no rows"),
        (["--board", "{holes}"], "the board has no usable square"),
        (["--board", "{binary}"], "is not a text file"),
        (["8", "--board", "{ragged}"], "--board gives the board's size: omit ROWS [COLS]"),
        (["count", "5", "--board", "{ragged}"], "--board gives the board's size"),
        (["tours", "5", "--board", "{ragged}"], "--board gives the board's size"),
        (["sweep", "5", "5", "--board", "{ragged}"], "--board gives the board's size"),
        (["compare", "5", "--board", "{ragged}"], "--board gives the board's size"),
        (["count"], "give the board size as ROWS [COLS], or --board FILE"),
        (["tours", "--holes", "a1", "--wrap", "torus"],
         "give the board size as ROWS [COLS] with --holes, --wrap, or --board FILE"),
        (["sweep", "--moves", "king"], "give the board size as ROWS [COLS] with --moves"),
        (["compare", "5", "--moves", "camel", "--start", "e5", "--holes", "e5"],
         "--start (0, 4) is a hole"),
    ],
)
def test_bad_board_options_name_the_flag(knight_cli, bad_files, argv, message):
    argv = [a.format(**{p.name: str(p) for p in bad_files.iterdir()}, missing=str(
        bad_files / "missing")) for a in argv]
    code, out, err = knight_cli(argv, stdin="")
    assert code == EXIT_USAGE and out == ""
    assert err.startswith("knight: error: ") and err.count("\n") == 1, err
    assert message in err
    assert not re.search(r"\w=|\w\[\d", err), err


def test_board_file_errors_name_the_file(knight_cli, bad_files):
    ragged = str(bad_files / "ragged")
    code, _, err = knight_cli(["--board", ragged])
    assert code == EXIT_USAGE and err.startswith(f"knight: error: --board {ragged!r}: line 2")
    code, _, err = knight_cli(["--board", "-"], stdin="_ _\n_\n")
    assert code == EXIT_USAGE and err.startswith("knight: error: --board standard input: line 2")

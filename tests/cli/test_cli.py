"""The knight command: output formats, stdin mode and exit codes."""

import json
import subprocess
import sys

import numpy as np
import pytest

import knight
from knight import cli


def grid(text):
    return np.array([[int(v) for v in line.split()] for line in text.strip().splitlines()])


def test_square_board_grid(knight_cli):
    code, out, err = knight_cli(["8"])
    assert code == 0 and err == ""
    board = grid(out)
    assert board.shape == (8, 8) and board[0, 0] == 0
    assert knight.is_tour(board)
    assert knight.Tour(board) == knight.solve(8)


def test_rectangle_and_base_one(knight_cli):
    code, out, _ = knight_cli(["5", "7", "--base", "1"])
    board = grid(out)
    assert code == 0 and board.shape == (5, 7) and board.min() == 1
    assert knight.is_tour(board - 1)


def test_closed_from_start_with_method(knight_cli):
    code, out, _ = knight_cli(
        ["6", "--start", "1", "5", "--closed", "--method", "warnsdorff-backtrack"]
    )
    board = grid(out)
    assert code == 0 and board[1, 5] == 0 and knight.is_tour(board, closed=True)


def test_path_and_json_formats(knight_cli):
    code, out, _ = knight_cli(["5", "--format", "path"])
    path = [tuple(map(int, line.split())) for line in out.strip().splitlines()]
    assert code == 0 and len(path) == 25 and path[0] == (0, 0)
    assert knight.is_tour(path)
    code, out, _ = knight_cli(["6", "--format", "json", "--closed", "--base", "1"])
    data = json.loads(out)
    assert data["closed"] is True and data["rows"] == 6 and data["base"] == 1
    assert knight.is_tour(np.array(data["board"]) - 1, closed=True)
    assert data["path"][0] == data["start"] == [0, 0]


def test_time_goes_to_stderr(knight_cli):
    code, out, err = knight_cli(["8", "--time"])
    assert code == 0 and " s, " in err and "nodes" in err and "backtracks" in err
    assert knight.is_tour(grid(out))


def test_tie_break_seed_order_and_limits(knight_cli):
    code, out, _ = knight_cli(["10", "--method", "warnsdorff", "--tie-break", "random",
                               "--seed", "3"])
    assert code == 0
    assert knight.Tour(grid(out)) == knight.solve(10, method="warnsdorff", tie_break="random",
                                                  seed=3)
    order = "-2,1 -1,2 1,2 2,1 2,-1 1,-2 -1,-2 -2,-1"
    code, out, _ = knight_cli(["6", "--method", "backtrack", "--order", order])
    assert code == 0 and knight.is_tour(grid(out))
    code, out, err = knight_cli(["8", "--closed", "--method", "backtrack", "--max-nodes", "50"])
    assert code == 1 and "--max-nodes 50" in err and out == ""
    code, out, err = knight_cli(["8", "--closed", "--method", "backtrack", "--timeout", "0.05"])
    assert code == 1 and "timeout" in err


def test_stdin_lines(knight_cli):
    code, out, err = knight_cli([], stdin="1 5 6\n\n# a comment\n0 0 5\n")
    assert code == 0 and err == ""
    first, second = out.strip().split("\n\n")
    a, b = grid(first), grid(second)
    assert a.shape == (6, 6) and a[1, 5] == 0 and knight.is_tour(a)
    assert b.shape == (5, 5) and b[0, 0] == 0 and knight.is_tour(b)


def test_stdin_errors_name_the_line(knight_cli):
    code, out, err = knight_cli([], stdin="0 1 5\nx y\n0 0 5\n")
    assert code == 2
    assert "line 1:" in err and "corner colour" in err
    assert "line 2: expected 'row col size'" in err
    assert grid(out).shape == (5, 5)
    code, out, err = knight_cli([], stdin="0 1 5\n")
    assert code == 1 and out == ""
    code, out, err = knight_cli([], stdin="0 0 " + "5" * 5000 + "\n")
    assert code == 2 and out == "" and "line 1: expected 'row col size'" in err
    assert len(err) < 200, err  # the token is shown cut short


def test_stdin_empty_is_an_error(knight_cli):
    code, out, err = knight_cli([], stdin="")
    assert code == 2 and "no board size" in err


@pytest.mark.parametrize(
    "argv,code,message",
    [
        (["4"], 1, "no knight's tour"),
        (["5", "--start", "0", "1"], 1, "corner colour"),
        (["8", "--start", "9", "9"], 2, "off the 8x8 board"),
        (["0"], 2, "ROWS must be at least 1"),
        (["x"], 2, "invalid int value"),
        (["1", "2", "3"], 2, "ROWS or ROWS COLS"),
        (["8", "--method", "dfs"], 2, "invalid choice"),
        (["8", "--tie-break", "roth"], 2, "--tie-break applies"),
        (["8", "--order", "1,1 2,2 3,3 4,4 5,5 6,6 7,7 8,8"], 2, "not a knight move"),
        (["8", "--order", "2,1 1,2"], 2, "all 8 knight moves"),
        (["8", "--order", "a b c d e f g h"], 2, "expected moves"),
        (["8", "--base", "2"], 2, "invalid choice"),
        (["8", "--timeout", "-1"], 2, "--timeout must be a positive"),
        (["5", "--closed"], 1, "odd number of squares"),
        # Issue 26: other scripts' digits, and numbers too long for int().
        (["8", "--start", "a١"], 2, "--start 'a١' is not a square"),
        (["8", "--start", "a²"], 2, "--start 'a²' is not a square"),
        (["8", "--start", "a" + "1" * 5000], 2, "is off the 8x8 board"),
        (["1" * 5000], 2, "argument ROWS [COLS]: value '" + "1" * 20 + "..."),
        (["8", "--holes", "1,1" + "0" * 5000], 2, "is not a usable number: it has 5,001 digits"),
        (["8", "--moves", "2," + "1" * 5000], 2, "is not a usable number: it has 5,000 digits"),
    ],
)
def test_errors_are_one_line_with_exit_codes(knight_cli, argv, code, message):
    got, out, err = knight_cli(argv)
    assert got == code
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and err.startswith("knight: ")


def test_help_and_version(capsys):
    assert cli.main(["--help"]) == 0
    assert "--closed" in capsys.readouterr().out
    assert cli.main(["--version"]) == 0
    assert knight.__version__ in capsys.readouterr().out


def test_console_script_and_module_entry_points():
    proc = subprocess.run([sys.executable, "-m", "knight", "5", "--format", "path"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 25
    proc = subprocess.run([sys.executable, "-m", "knight", "3", "3"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stdout == "" and "no knight's tour" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "knight"], input="0 0 5\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 5


def test_algebraic_start_and_notation(knight_cli):
    code, out, _ = knight_cli(["8", "--start", "e4", "--format", "path", "--notation", "algebraic"])
    squares = out.split()
    assert code == 0 and squares[0] == "e4" and len(set(squares)) == 64
    assert squares == knight.solve(8, start=(4, 4)).algebraic()
    code, out, err = knight_cli(["8", "--start", "z9"])
    assert code == 2 and "off the 8x8 board" in err
    code, out, err = knight_cli(["8", "--start", "1", "2", "3"])
    assert code == 2 and "--start takes" in err


def test_moves_format(knight_cli):
    code, out, _ = knight_cli(["6", "--closed", "--format", "moves"])
    codes = [int(v) for v in out.split()]
    assert code == 0 and len(codes) == 36 and set(codes) <= set(range(1, 9))
    tour = knight.solve(6, closed=True)
    assert codes == tour.moves().tolist()
    # Replaying the codes from the start visits the tour's squares.
    r, c = tour.start
    seen = [(r, c)]
    for k in codes[:-1]:
        dr, dc = knight.DEFAULT_ORDER[k - 1]
        r, c = r + dr, c + dc
        seen.append((r, c))
    assert seen == list(tour)


def test_trace_output(knight_cli):
    code, out, err = knight_cli(["5", "--method", "warnsdorff", "--trace", "--trace-limit", "3"])
    lines = err.splitlines()
    assert code == 0
    assert lines[0].startswith("step    1: (0, 0) -> ") and "candidates" in lines[0]
    assert lines[3] == "... 21 more decisions not shown (--trace-limit)"
    assert lines[4] == "24 decisions by warnsdorff"  # the rule that ran (issue 27)
    assert len(lines) == 5 and knight.is_tour(grid(out))
    code, out, err = knight_cli(["6", "--trace", "--trace-limit", "1"])
    assert code == 0 and err.splitlines()[-1] == "35 decisions by warnsdorff/roth"
    code, out, err = knight_cli(["5", "--method", "backtrack", "--trace", "--trace-limit", "0"])
    assert code == 0 and "retreat from" in err
    tour = knight.solve(5, method="backtrack")
    assert err.count("retreat from") == tour.backtracks
    assert err.count(" -> ") == tour.nodes - 1


def test_pictures_from_the_cli(knight_cli, tmp_path):
    svg, png, gif = tmp_path / "t.svg", tmp_path / "t.png", tmp_path / "t.gif"
    code, out, err = knight_cli(["8", "--svg", str(svg), "--png", str(png), "--gif", str(gif)])
    assert code == 0, err
    assert svg.read_text().startswith("<svg")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert gif.read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    code, out, err = knight_cli(["8", "--png", str(tmp_path / "t.svg")])
    assert code == 2 and out == "" and "ending in .png" in err


def test_sweep_command(knight_cli):
    code, out, _ = knight_cli(["sweep", "5", "--method", "warnsdorff-backtrack"])
    lines = out.strip().splitlines()
    assert code == 0
    assert lines[0].split()[:3] == ["start", "success", "outcome"]
    body = lines[2:-2]
    assert len(body) == 25
    assert lines[-1].startswith("total 25  13 yes")
    assert sum("no-tour" in line for line in body) == 12


def test_sweep_ten_by_ten(knight_cli):
    code, out, _ = knight_cli(["sweep", "10"])
    assert code == 0 and out.strip().splitlines()[-1].startswith("total 100  100 yes")


def test_compare_command(knight_cli):
    code, out, _ = knight_cli(["compare", "8", "--start", "0", "0"])
    lines = out.strip().splitlines()
    methods = [line.split()[0] for line in lines[2:-2]]
    assert code == 0
    assert methods == ["backtrack", "warnsdorff", "warnsdorff-backtrack", "construct", "auto"]
    code, out, _ = knight_cli(["compare", "8", "--start", "a1", "--closed", "--timeout", "0.2"])
    rows = {line.split()[0]: line.split() for line in out.strip().splitlines()[2:-2]}
    assert code == 0 and rows["backtrack"][1:3] == ["no", "limit"]
    assert rows["warnsdorff-backtrack"][1] == "yes"


def test_uniform_random_tours(knight_cli):
    code, out, err = knight_cli(["5", "--uniform", "--seed", "3"])
    assert code == 0 and err == ""
    assert np.array_equal(grid(out), knight.random_tour(5, seed=3).board)
    code, out, _ = knight_cli(["6", "--uniform", "--closed", "--start", "c3", "--seed", "1",
                               "--format", "json"])
    tour = json.loads(out)
    assert code == 0 and tour["closed"] and tour["method"] == "random-uniform"
    assert knight.Tour(np.array(tour["board"])).start == knight.Board(6).square("c3")
    # standard-input lines give their starts
    code, out, _ = knight_cli(["--uniform", "--seed", "2", "--format", "path"],
                              stdin="0 0 5\n4 4 5\n")
    paths = out.strip().split("\n\n")
    assert code == 0 and [p.splitlines()[0] for p in paths] == ["0 0", "4 4"]


@pytest.mark.parametrize("extra", [["--end", "4", "4"], ["--method", "warnsdorff"],
                                   ["--tie-break", "random"], ["--trace"], ["--timeout", "1"],
                                   ["--max-nodes", "10"], ["--order", "1,2 2,1"]])
def test_uniform_refuses_search_options(knight_cli, extra):
    code, _, err = knight_cli(["5", "--uniform", *extra])
    assert code == 2 and "not with --uniform" in err and extra[0] in err


@pytest.mark.slow
def test_uniform_refuses_boards_beyond_the_tables(knight_cli):
    code, _, err = knight_cli(["8", "--uniform"])
    assert code == 2 and "--tie-break random" in err and "uniform" in err
    code, _, err = knight_cli(["6", "--wrap", "torus", "--uniform"])
    assert code == 2 and "frontier DP" in err and "--tie-break random" in err
    code, _, err = knight_cli(["7", "--uniform", "--closed"])
    assert code == 1 and "odd number of squares" in err

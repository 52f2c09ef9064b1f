"""What the knight command prints: clean standard output, flags named as typed, exit codes.

Regression tests for the "Output that breaks" items of issue 21.  They run
the command in this process (``knight.cli.main``), as tests/cli/test_cli.py does.
"""

import json
import re

import pytest

import knight
from knight import cli
from knight.cli.common import EXIT_NO_TOUR, EXIT_OK, EXIT_USAGE, flag_message

# -- --trace goes to standard error -------------------------------------------


@pytest.mark.parametrize("fmt", ["grid", "path", "moves", "json"])
def test_trace_leaves_stdout_to_the_tour(knight_cli, fmt):
    code, out, err = knight_cli(["8", "--trace", "--trace-limit", "2", "--format", fmt])
    assert code == 0
    assert "step" not in out and "candidates" not in out
    assert err.startswith("step    1: (0, 0) -> ") and "--trace-limit" in err
    if fmt == "json":  # one JSON object, the same tour (the times differ)
        got, want = json.loads(out), json.loads(cli.common.render(knight.solve(8), fmt))
        assert got.pop("seconds") > 0 and want.pop("seconds") > 0 and got == want
    else:
        assert out == cli.common.render(knight.solve(8), fmt) + "\n"


def test_trace_of_standard_input_lines_goes_to_stderr(knight_cli):
    code, out, err = knight_cli(["--trace", "--format", "json"], stdin="0 0 5\n1 5 6\n")
    assert code == 0
    assert [json.loads(line)["rows"] for line in out.splitlines()] == [5, 6]
    assert err.count("step    1: ") == 2


def test_help_says_where_the_trace_goes(knight_cli):
    code, out, _ = knight_cli(["--help"])
    assert code == 0 and "standard error" in " ".join(out.split())


# -- --start with standard input ----------------------------------------------


def test_start_with_standard_input_is_refused(knight_cli):
    code, out, err = knight_cli(["--start", "1", "1"], stdin="0 0 8\n")
    assert code == EXIT_USAGE and out == ""
    assert err.startswith("knight: error: --start applies only with a board size")
    code, out, err = knight_cli(["--start", "e4"], stdin="0 0 8\n")
    assert code == EXIT_USAGE and out == "" and "--start" in err


def test_help_says_start_is_refused_with_standard_input(knight_cli):
    _, out, _ = knight_cli(["--help"])
    text = " ".join(out.split())
    assert "--start is refused" in text and "refused with standard-input lines" in text


def test_start_defaults_to_the_corner_with_a_size(knight_cli):
    code, out, _ = knight_cli(["6", "--format", "path"])
    assert code == 0 and out.splitlines()[0] == "0 0"


# -- sweep and compare take one board -----------------------------------------


@pytest.mark.parametrize("command", ["sweep", "compare"])
def test_sweep_and_compare_usage_promise_one_board(knight_cli, command):
    code, out, _ = knight_cli([command, "--help"])
    assert code == 0
    usage = " ".join(out.split("\n\n")[0].split())
    assert usage.endswith("ROWS [COLS]") and "ROWS [COLS] [" not in usage
    # Every argument says what it is.
    assert re.search(r"^  ROWS +board rows$", out, re.M)
    assert re.search(r"^  COLS +board columns \(default: ROWS\)$", out, re.M)
    assert re.search(r"^  --closed +\S", out, re.M)
    code, out, err = knight_cli([command, "5", "6", "7"])
    assert code == EXIT_USAGE and out == "" and "unrecognized arguments: 7" in err


@pytest.mark.parametrize("command", ["sweep", "compare"])
def test_sweep_and_compare_take_rows_and_cols(knight_cli, command):
    code, out, _ = knight_cli([command, "3", "4", "--method", "warnsdorff-backtrack"]
                              if command == "sweep" else [command, "3", "4"])
    assert code == EXIT_OK and out.count("\n") > 4


# -- messages name the flags ----------------------------------------------------

WARNSDORFF_ALL_EIGHT = "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["8", "--tie-break", "roth"], "--tie-break applies to --method warnsdorff only"),
        (["8", "--method", "backtrack", "--max-nodes", "0"], "--max-nodes must be at least 1"),
        (["8", "--timeout", "-1"], "--timeout must be a positive"),
        (["8", "--method", "warnsdorff", "--seed", "3"],
         "--seed applies to --tie-break random only"),
        (["8", "--method", "warnsdorff", "--tie-break", "random", "--seed", "-1"],
         "--seed must be in 0..2**64-1"),
        (["8", "--start", "9", "9"], "--start (9, 9) is off the 8x8 board (rows 0..7"),
        (["8", "--start", "z9"], "--start 'z9' is off the 8x8 board"),
        (["0"], "ROWS must be at least 1"),
        (["5", "0"], "COLS must be at least 1"),
        (["8", "--order", "1,1 2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2"],
         "--order move 1 (1, 1) is not a knight move"),
        (["8", "--order", "2,1 1,2"], "--order must list all 8 knight moves"),
        (["8", "--order", "2,1 2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2"], "--order lists the move"),
        (["8", "--method", "construct", "--order", WARNSDORFF_ALL_EIGHT],
         "--order applies to the searches, not to --method construct"),
        (["8", "--method", "construct", "--trace"],
         "--trace applies to the searches, not to --method construct"),
        (["count", "0"], "ROWS must be at least 1"),
        (["count", "5", "--workers", "0"], "--workers"),
        (["count", "5", "--timeout", "0"], "--timeout must be a positive"),
        (["count", "5", "--start", "9", "9"], "--start (9, 9) is off the 5x5 board"),
        (["count", "5", "--end", "9", "9"], "--end (9, 9) is off the 5x5 board"),
        (["count", "6", "--closed", "--end", "0", "0"], "--end needs --start"),
        (["tours", "5", "--limit", "-1"], "--limit must be at least 0"),
        (["tours", "5", "--timeout", "-2"], "--timeout must be a positive"),
        (["sweep", "5", "--method", "backtrack", "--max-nodes", "0"], "--max-nodes must be"),
        (["sweep", "5", "--method", "backtrack", "--timeout", "-1"], "--timeout must be"),
        (["sweep", "5", "--method", "auto", "--tie-break", "roth"], "--tie-break applies"),
        (["sweep", "5", "--method", "warnsdorff", "--seed", "1"], "--seed applies"),
        (["compare", "5", "--max-nodes", "0"], "--max-nodes must be at least 1"),
        (["compare", "5", "--timeout", "-1"], "--timeout must be a positive"),
        (["compare", "8", "--start", "9", "9"], "--start (9, 9) is off the 8x8 board"),
    ],
)
def test_messages_name_the_flag_typed(knight_cli, argv, message):
    code, out, err = knight_cli(argv)
    assert code == EXIT_USAGE and out == ""
    assert err.startswith("knight: error: ") and err.count("\n") == 1
    assert message in err
    # No Python spelling is left: parameter names, keyword arguments, index syntax.
    assert not re.search(r"\b(tie_break|max_nodes|trace_limit)\b|\w=|\w\[\d", err), err


def test_standard_input_messages_name_the_line_and_the_flags(knight_cli):
    code, _, err = knight_cli(["--tie-break", "roth"], stdin="0 0 0\n9 9 8\n0 0 8\n")
    assert code == EXIT_USAGE
    lines = err.splitlines()
    assert lines[0] == "knight: error: line 1: size must be at least 1, got 0"
    # The line, not --start, gave the square.
    assert lines[1].startswith("knight: error: line 2: start (9, 9) is off the 8x8 board")
    assert lines[2].startswith("knight: error: line 3: --tie-break applies to --method")


def test_flag_message_leaves_prose_alone():
    assert flag_message("a tour must start and end on the corner colour") == (
        "a tour must start and end on the corner colour"
    )
    assert flag_message("--start takes 'ROW COL'") == "--start takes 'ROW COL'"
    assert flag_message("x (the move start-end) y") == "x (the move start-end) y"
    assert flag_message("end (9, 9) is off the board (rows 0..8); pass start") == (
        "--end (9, 9) is off the board (rows 0..8); pass start"
    )
    assert flag_message("closed must be True or False, not int; trace too") == (
        "--closed must be True or False, not int; --trace too"
    )


# -- ASCII digits only ----------------------------------------------------------

# Arabic-Indic, Devanagari and fullwidth digits: int() and float() take them all.
FIVE = ["٥", "५", "５"]


@pytest.mark.parametrize("five", FIVE)
@pytest.mark.parametrize(
    "argv",
    [
        ["{}"],
        ["5", "{}"],
        ["count", "{}"],
        ["count", "5", "{}"],
        ["count", "5", "--workers", "{}"],
        ["count", "5", "--timeout", "{}"],
        ["tours", "{}"],
        ["tours", "5", "--limit", "{}"],
        ["tours", "5", "--base", "1", "--limit", "{}"],
        ["sweep", "{}"],
        ["sweep", "5", "{}"],
        ["sweep", "5", "--seed", "{}"],
        ["sweep", "5", "--max-nodes", "{}"],
        ["sweep", "5", "--timeout", "{}"],
        ["compare", "{}"],
        ["compare", "5", "--max-nodes", "{}"],
        ["compare", "5", "--timeout", "{}"],
        ["8", "--seed", "{}"],
        ["8", "--max-nodes", "{}"],
        ["8", "--timeout", "{}"],
        ["8", "--trace", "--trace-limit", "{}"],
    ],
)
def test_only_ascii_digits_are_numbers(knight_cli, argv, five):
    code, out, err = knight_cli([a.format(five) for a in argv])
    assert code == EXIT_USAGE and out == ""
    assert f"invalid {'float' if '--timeout' in argv else 'int'} value: '{five}'" in err


@pytest.mark.parametrize("one", ["١", "１"])
def test_only_ascii_digits_in_squares_moves_and_lines(knight_cli, one):
    code, _, err = knight_cli(["8", "--base", one])
    assert code == EXIT_USAGE and "--base" in err
    code, _, err = knight_cli(["8", "--start", one, "2"])
    assert code == EXIT_USAGE and "--start takes 'ROW COL'" in err
    code, _, err = knight_cli(["count", "5", "--start", one, "2"])
    assert code == EXIT_USAGE and "--start takes 'ROW COL'" in err
    code, _, err = knight_cli(["8", "--order", WARNSDORFF_ALL_EIGHT.replace("1", one)])
    assert code == EXIT_USAGE and "expected moves" in err
    code, out, err = knight_cli([], stdin=f"0 0 {one}5\n")
    assert code == EXIT_USAGE and out == "" and "line 1: expected 'row col size'" in err


def test_ascii_numbers_still_parse(knight_cli):
    code, out, _ = knight_cli(["+5", "--timeout", "1e1", "--format", "path"])
    assert code == 0 and len(out.splitlines()) == 25


# -- a board too large for memory is a usage error -------------------------------


@pytest.mark.parametrize(
    "argv",
    [["100000000"], ["50000", "50000"], ["count", "100000000"], ["tours", "100000000"]],
)
def test_board_too_large_is_a_usage_error(knight_cli, argv):
    code, out, err = knight_cli(argv)
    assert code == EXIT_USAGE and out == ""
    assert err.startswith("knight: error: ") and "squares" in err


def test_board_too_large_on_standard_input_is_a_usage_error(knight_cli):
    code, out, err = knight_cli([], stdin="0 0 100000000\n")
    assert code == EXIT_USAGE and out == "" and "line 1: " in err and "squares" in err


def test_help_documents_the_too_large_exit_status(knight_cli):
    _, out, _ = knight_cli(["--help"])
    assert "2 bad or conflicting options or a board too large for memory" in " ".join(out.split())


# -- knight tours explains an empty list ----------------------------------------


def test_tours_explains_when_there_is_none(knight_cli):
    solve_code, _, solve_err = knight_cli(["4"])
    code, out, err = knight_cli(["tours", "4"])
    assert code == solve_code == EXIT_NO_TOUR and out == ""
    assert err == solve_err and "no knight's tour" in err
    code, out, err = knight_cli(["tours", "5", "--start", "0", "1"])
    assert code == EXIT_NO_TOUR and out == "" and "(0, 1) is on the other colour" in err
    code, out, err = knight_cli(["tours", "3", "--closed"])
    assert code == EXIT_NO_TOUR and "closed tour" in err


def test_tours_says_when_the_search_found_none(knight_cli):
    # Tours from a5 exist, but none ends at (0, 1): no theorem, the search says so.
    code, out, err = knight_cli(["tours", "5", "--start", "a5", "--end", "0", "1"])
    assert code == EXIT_NO_TOUR and out == ""
    assert err == "knight: the search found no open tour of the 5x5 board from a5 to (0, 1)\n"


def test_tours_limit_zero_lists_nothing_quietly(knight_cli):
    assert knight_cli(["tours", "5", "--limit", "0"]) == (EXIT_OK, "", "")


# -- count --verbose -------------------------------------------------------------


def test_count_verbose_has_no_dangling_separator(knight_cli):
    code, out, err = knight_cli(["count", "5", "--method", "search", "-v"])
    first = err.splitlines()[0]
    assert code == 0 and out.strip() == "1728"
    assert first == "method: search"
    code, _, err = knight_cli(["count", "3", "10", "--closed", "--method", "dp", "-v"])
    first = err.splitlines()[0]
    assert code == 0 and first.startswith("method: dp; ") and first.rstrip() == first
    assert not first.endswith(";")

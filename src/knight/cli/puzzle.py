"""``knight puzzle``: make, solve and check path puzzles with clues.

``knight puzzle make 8 --seed 3`` prints a knight's-tour puzzle with a
unique solution (``--svg``/``--png`` draw its sheet); ``knight puzzle solve
FILE`` prints the solution of a puzzle file (``-``: standard input);
``knight puzzle check FILE`` says whether its solution is unique.  A puzzle
file is the text of :meth:`knight.puzzle.Puzzle.from_text` or the JSON of
:meth:`~knight.puzzle.Puzzle.to_json`.

Exit status: as every command (:mod:`knight.cli.common`: 0 success, 1 no
solution or a limit, 2 usage, 3 output not written, 130 interrupted), and
``check`` exits 0 for a unique solution, 1 for none and
:data:`EXIT_NOT_UNIQUE` (4) for more than one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from ..board import Board
from ..puzzle import Puzzle, count, make, solve
from ..render import require_pillow
from .common import (
    EXIT_NO_TOUR,
    EXIT_OK,
    FLAGS,
    Parser,
    UsageError,
    ascii_float,
    ascii_int,
    board_arguments,
    board_or_size,
    flag_message,
    parse_moves,
    refuse,
    size_arguments,
)

#: ``knight puzzle check``: the puzzle has more than one solution.
EXIT_NOT_UNIQUE = 4

#: ``make``'s parameters as ``knight puzzle make`` spells them.
MAKE_FLAGS = {**FLAGS, "clues": "--clues", "symmetric": "--symmetric"}

_EPILOG = (
    "A puzzle file is a grid, one line per row: numbers are clues counted from 1, '_' (or "
    "'__', or 0) an empty square, '.' a hole; lines 'moves: king', 'wrap: torus' or "
    "'closed: yes' before the grid give the piece, the wrap and a closed tour; lines starting "
    "with ';' are comments.  The JSON that --format json prints is read too.  Exit status: 0 "
    "success, 1 no solution (or a limit stopped the search), 2 bad or conflicting options, 3 "
    "output not written, 130 interrupted; check exits 0 unique, 1 none, 4 more than one.")


def _pictures(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--svg", metavar="FILE", help=f"also save {what} as SVG")
    p.add_argument("--png", metavar="FILE",
                   help=f"also save {what} as PNG (needs knight-tour[plot])")


def _check_pictures(args: argparse.Namespace, names: tuple[str, ...]) -> None:
    for name in names:
        path = getattr(args, name)
        if path is None:
            continue
        ext = name.rsplit("_", 1)[-1]
        if not path.lower().endswith("." + ext):
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} needs a file name ending in .{ext}, got {path!r}")
        if ext == "png":
            require_pillow()


def _save(puzzle: Puzzle, args: argparse.Namespace, solution: bool, svg: str | None,
          png: str | None) -> None:
    if svg is not None:
        # Drawn before the file is opened: a refusal leaves no empty file behind.
        text = puzzle.to_svg(solution=solution, path=solution and args.path)
        with open(svg, "w", encoding="utf-8") as f:
            f.write(text)
    if png is not None:
        puzzle.to_png(png, solution=solution, path=solution and args.path)


def _read(args: argparse.Namespace) -> Puzzle:
    """The puzzle of FILE (``-``: standard input), text or JSON."""
    name = args.file
    where = "standard input" if name == "-" else repr(name)
    if name == "-":
        if sys.stdin is None:
            raise UsageError("FILE -: there is no standard input to read the puzzle from")
        text = sys.stdin.read()
    else:
        try:
            with open(name, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise UsageError(f"cannot read the puzzle {name!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise UsageError(f"the puzzle {name!r} is not a text file (UTF-8)") from None
    try:
        if text.lstrip().startswith("{"):
            for flag, value in (("--moves", args.moves), ("--wrap", args.wrap)):
                if value is not None:
                    refuse(flag, "to a puzzle written as text (the JSON gives its board)")
            return Puzzle.from_json(text)
        return Puzzle.from_text(text, args.moves, wrap=args.wrap)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, UsageError):
            raise
        raise UsageError(f"the puzzle in {where}: {flag_message(str(exc))}") from None


def _file_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="the puzzle, as text or JSON ('-': standard "
                   "input)")
    p.add_argument("--moves", type=parse_moves, metavar="MOVES",
                   help="the piece, for a text puzzle without a 'moves:' line: a name (king for "
                   "Hidato, wazir for Numbrix, hopido), 'A,B' for the (A,B)-leaper, or the "
                   "moves 'DR,DC DR,DC ...' (default: knight)")
    p.add_argument("--wrap", choices=("cylinder", "torus"),
                   help="the board's edges wrap round, for a text puzzle without a 'wrap:' line")
    p.add_argument("--timeout", type=ascii_float, help="stop after this many seconds")


def _make(args: argparse.Namespace) -> int:
    _check_pictures(args, ("svg", "png", "html", "solution_svg", "solution_png"))
    if args.path and args.solution_svg is None and args.solution_png is None:
        refuse("--path", "with --solution-svg or --solution-png")
    rows, cols = board_or_size(args)
    board = rows if isinstance(rows, Board) else Board(rows, cols)
    seed = args.seed
    if seed is None:
        seed = random.randrange(2**32)
        sys.stderr.write(f"knight: seed {seed}\n")
    began = time.perf_counter()
    try:
        puzzle = make(board, seed=seed, clues=args.clues, symmetric=args.symmetric,
                      closed=args.closed)
    except ValueError as exc:
        raise UsageError(flag_message(str(exc), MAKE_FLAGS)) from None
    seconds = time.perf_counter() - began
    if args.format == "json":
        sys.stdout.write(puzzle.to_json() + "\n")
    else:
        sys.stdout.write(puzzle.to_text() + "\n")
    if args.time:
        sys.stderr.write(f"{seconds:.6f} s, {len(puzzle.clues)} clues\n")
    _save(puzzle, args, False, args.svg, args.png)
    _save(puzzle, args, True, args.solution_svg, args.solution_png)
    if args.html is not None:
        page = puzzle.to_html()
        with open(args.html, "w", encoding="utf-8") as f:
            f.write(page)
    return EXIT_OK


def _solve(args: argparse.Namespace) -> int:
    _check_pictures(args, ("svg", "png"))
    if args.path and args.svg is None and args.png is None:
        refuse("--path", "with --svg or --png")
    puzzle = _read(args)
    tour = solve(puzzle, timeout=args.timeout, max_nodes=args.max_nodes)
    solved = puzzle.with_solution(tour)
    if args.format == "json":
        sys.stdout.write(solved.to_json() + "\n")
    else:
        sys.stdout.write(tour.grid(base=1) + "\n")
    _save(solved, args, True, args.svg, args.png)
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    if args.limit < 2:
        raise UsageError(f"--limit must be at least 2 (to tell unique from not), got "
                         f"{args.limit}")
    puzzle = _read(args)
    n = count(puzzle, limit=args.limit, timeout=args.timeout)
    if n == 0:
        sys.stdout.write("none\n")
        return EXIT_NO_TOUR
    if n == 1:
        sys.stdout.write("unique\n")
        return EXIT_OK
    more = "at least " if n >= args.limit else ""
    sys.stdout.write(f"{more}{n} solutions\n")
    return EXIT_NOT_UNIQUE


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``knight puzzle`` and its actions make, solve and check."""
    p = Parser(prog="knight puzzle",
               description="Make, solve and check path puzzles with clues: knight's-tour "
               "puzzles, Hidato (--moves king), Numbrix (--moves wazir), Hopido (--moves "
               "hopido).", epilog=_EPILOG)
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True,
                               parser_class=Parser)
    m = actions.add_parser(
        "make", help="make a puzzle with a unique solution and print it",
        description="Make a puzzle whose solution is unique, with as few clues as the "
        "procedure manages (knight.puzzle.make), and print it as text.", epilog=_EPILOG)
    size_arguments(m)
    m.add_argument("--seed", type=ascii_int,
                   help="the same seed makes the same puzzle (default: a random seed, "
                   "printed on standard error)")
    m.add_argument("--clues", type=ascii_int, metavar="N", help="exactly N clues")
    m.add_argument("--symmetric", action="store_true",
                   help="clues symmetric under a half turn of the board")
    m.add_argument("--closed", action="store_true", help="the solution is a closed tour")
    m.add_argument("--format", choices=("text", "json"), default="text",
                   help="the puzzle as text, or JSON with its solution (default: text)")
    _pictures(m, "the puzzle sheet")
    m.add_argument("--solution-svg", metavar="FILE", help="also save the solution sheet as SVG")
    m.add_argument("--solution-png", metavar="FILE",
                   help="also save the solution sheet as PNG (needs knight-tour[plot])")
    m.add_argument("--html", metavar="FILE",
                   help="also save a page to solve the puzzle on (one self-contained HTML "
                   "file: type numbers in, wrong moves flagged, check, reveal, print)")
    m.add_argument("--path", action="store_true", help="draw the path on the solution sheets")
    m.add_argument("--time", action="store_true",
                   help="print the seconds taken and the number of clues on standard error")
    board_arguments(m)
    s = actions.add_parser(
        "solve", help="print the solution of a puzzle",
        description="Solve a puzzle and print its solution, numbered from 1 ('.' on holes).",
        epilog=_EPILOG)
    _file_arguments(s)
    s.add_argument("--max-nodes", type=ascii_int, help="stop after this many placements")
    s.add_argument("--format", choices=("grid", "json"), default="grid",
                   help="the solution as a grid numbered from 1, or the puzzle with its "
                   "solution as JSON (default: grid)")
    _pictures(s, "the solution sheet")
    s.add_argument("--path", action="store_true", help="draw the path on the solution sheet")
    c = actions.add_parser(
        "check", help="say whether a puzzle's solution is unique",
        description="Count a puzzle's solutions up to --limit and print 'unique', 'none', "
        "'N solutions' or 'at least N solutions'.", epilog=_EPILOG)
    _file_arguments(c)
    c.add_argument("--limit", type=ascii_int, default=2,
                   help="stop counting at this many solutions (default: 2)")
    return p


def puzzle_command(argv: list[str]) -> int:
    """``knight puzzle make|solve|check ...``: parse, run, print; return the exit status."""
    args = build_parser().parse_args(argv)
    run: dict[str, Any] = {"make": _make, "solve": _solve, "check": _check}
    status: int = run[args.action](args)
    return status


__all__ = ["EXIT_NOT_UNIQUE", "build_parser", "puzzle_command"]

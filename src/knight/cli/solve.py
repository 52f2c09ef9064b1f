"""``knight ROWS [COLS]``: find a tour and print it.

``knight 8`` prints a tour of the 8x8 board; ``knight 5 7`` a rectangle;
``knight 6 --start 1 5 --closed --method warnsdorff-backtrack`` a closed tour
from a given square; ``knight 8 --holes d4,e4``, ``knight 10 --moves zebra``,
``knight 6 --wrap torus --closed`` and ``knight --board board.txt`` other
boards; ``knight 6 --uniform --seed 3`` a tour drawn uniformly at random.
With no size (and no ``--board``) and lines ``row col size`` on standard
input, it prints a board for each line.  Exit codes: see
:mod:`knight.cli.common`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from .. import planner
from .._version import __version__
from ..board import Board
from ..counting.sample import FAST_HINT, random_tour
from ..errors import BoardTooLargeError, DeadEndError, KnightError
from ..geometry import DEFAULT_ORDER, shown
from ..render import (
    DEFAULT_SIZE,
    GIF_MAX_FRAMES,
    MAX_CELL,
    partial_gif,
    partial_png,
    partial_svg,
    require_pillow,
)
from ..solver import TIE_BREAKS, solve
from ..tour import NOTATIONS, Tour
from ..trace import LimitedPrinter
from .common import (
    EXIT_NO_TOUR,
    EXIT_OK,
    EXIT_USAGE,
    FLAGS,
    STDIN_FLAGS,
    Parser,
    UsageError,
    ascii_float,
    ascii_int,
    board_arguments,
    board_from_args,
    board_from_file,
    default_start,
    flag_message,
    parse_square,
    pixels,
    refuse,
    render,
    start_argument,
)

PICTURES = ("svg", "png", "gif", "html")


def _moves(text: str) -> list[tuple[int, int]]:
    """Parse ``"2,1 1,2 ..."`` (pairs separated by spaces or semicolons)."""
    moves = []
    for item in text.replace(";", " ").split():
        try:
            dr, dc = (ascii_int(v) for v in item.split(","))
        except (ValueError, argparse.ArgumentTypeError):
            raise argparse.ArgumentTypeError(
                f"expected moves 'drow,dcol drow,dcol ...', got {item!r}"
            ) from None
        moves.append((dr, dc))
    return moves


def build_parser(subcommands: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser of the main command (``subcommands`` are named in its help)."""
    p = Parser(
        prog="knight",
        usage=("knight ROWS [COLS] [options]\n       knight {count,tours,sweep,compare,puzzle,"
               "help} ..."),
        description=("Find a knight's tour and print it.  Subcommands: "
                     + (", ".join(subcommands) if subcommands else
                        "count, tours, sweep, compare, puzzle")
                     + "; 'knight help COMMAND' or 'knight COMMAND --help' describes each."),
        epilog=(
            "Squares are 'row col' counted from 0, (0, 0) top-left, or chess squares such as "
            "e4 (a1 bottom-left).  With no size and lines 'row col size' on standard input, "
            "prints a board for each line (each line gives its start: --start is refused; "
            "--holes, --moves and --wrap apply to every line).  --board FILE gives the board "
            "instead of ROWS [COLS], and standard input holds no lines then (--board - reads "
            "the board itself from it).  "
            "--trace and --time write to standard error, so standard output holds the tour "
            "alone in every --format.  Exit status: 0 a tour, 1 no tour (none exists, a "
            "dead end or a limit), 2 bad or conflicting options or a board too large for "
            "memory, 3 output not written, 130 interrupted."
            + (f"  Subcommands: {', '.join(subcommands)} (knight NAME --help)."
               if subcommands else "")
        ),
    )
    p.add_argument("size", nargs="*", type=ascii_int, metavar="ROWS [COLS]",
                   help="board size; COLS defaults to ROWS")
    # None: not given, which standard-input mode needs to know (it refuses --start).
    start_argument(p, default=None, help_default="0 0, or the first usable square in "
                   "reading order on a board with holes; refused with standard-input lines")
    p.add_argument("--end", nargs="+", metavar="SQUARE",
                   help="ask for an open tour ending on this square, written e4 or 'ROW COL' "
                   "from 0 (not with --closed)")
    p.add_argument("--closed", action="store_true", help="ask for a closed tour")
    p.add_argument("--method", choices=planner.methods("solve"), default="auto",
                   help="search method (default: auto)")
    p.add_argument("--tie-break", choices=list(TIE_BREAKS), default="first",
                   help="Warnsdorff tie-break rule (with --method warnsdorff)")
    p.add_argument("--seed", type=ascii_int,
                   help="seed for --tie-break random and for --uniform")
    p.add_argument("--uniform", action="store_true",
                   help="draw the tour uniformly at random: every tour of the board equally "
                   "likely, from --start if given, else from any square (the frontier DP's "
                   "tables: flat boards up to 7 wide, 6x6 open in about 10 s; larger boards "
                   "are refused, and --tie-break random is the fast, non-uniform option)")
    p.add_argument("--max-states", type=ascii_int, metavar="N",
                   help="with --uniform: the most frontier-DP states the sampler's table may "
                   "hold (default: the library's, bounded by the memory available)")
    p.add_argument("--uniform-method", choices=planner.methods("sample"), default="auto",
                   help="with --uniform: how the sampler is built: table (the DP's states "
                   "in memory), split (two half tables), recount (little memory, each draw "
                   "recounts: slow), or auto (default: auto)")
    p.add_argument("--order", type=_moves, metavar="'DR,DC ...'",
                   help="the piece's moves in the order tried, quoted (default: the order of "
                   "--moves; for the knight '"
                   + " ".join(f"{a},{b}" for a, b in DEFAULT_ORDER) + "')")
    p.add_argument("--magic", choices=("semi", "diagonal"),
                   help="a magic tour, numbered 1..N: every rank one sum and every file one "
                   "sum (semi), and both long diagonals too (diagonal); from any square unless "
                   "--start (see knight help magic)")
    p.add_argument("--max-nodes", type=ascii_int, help="stop after this many placements")
    p.add_argument("--timeout", type=ascii_float, help="stop after this many seconds")
    p.add_argument("--base", type=ascii_int, choices=(0, 1),
                   help="number the steps from 0 or 1: in --format grid and json and in the "
                   "pictures (--svg, --png, --gif, --html) (default: 0)")
    p.add_argument("--format", choices=("grid", "path", "moves", "json"), default="grid",
                   help="grid of step numbers ('.' on holes), path of squares, moves as "
                   "direction codes 1..K (code k the k-th of the piece's K moves in --order; "
                   "1-8 for the knight), or JSON (default: grid)")
    p.add_argument("--notation", choices=NOTATIONS, default="coords",
                   help="squares as 'row col' or as in chess (a1 bottom-left): the grid gets "
                   "rank numbers and file letters, the path, moves and JSON chess squares; "
                   "moves name the square reached, after N for the knight and no letter for "
                   "other pieces (default: coords)")
    p.add_argument("--svg", metavar="FILE", help="also save a picture as SVG")
    p.add_argument("--png", metavar="FILE", help="also save a PNG (needs knight-tour[plot])")
    p.add_argument("--gif", metavar="FILE",
                   help="also save an animated GIF of the tour (needs knight-tour[plot]): one "
                   f"frame per move, or past {GIF_MAX_FRAMES} squares {GIF_MAX_FRAMES} frames "
                   "with the moves between them skipped evenly")
    p.add_argument("--html", metavar="FILE",
                   help="also save a page that plays the tour (one self-contained HTML file: "
                   "a step slider, play/pause, speed)")
    p.add_argument("--size", type=pixels, metavar="PIXELS", dest="pixels",
                   help=f"the pictures' longer side in pixels, squares at most {MAX_CELL} px "
                   f"(default: {DEFAULT_SIZE}; step numbers are drawn when the squares are "
                   "large enough)")
    p.add_argument("--trace", action="store_true",
                   help="print each decision of the search on standard error (runs the "
                   "pure-Python twin)")
    p.add_argument("--trace-limit", type=ascii_int, metavar="N",
                   help="with --trace: print at most N trace lines (default: 200; 0 for no "
                   "limit)")
    p.add_argument("--time", action="store_true",
                   help="print the elapsed time, nodes and backtracks on stderr (with --uniform "
                   "the time includes building the sampler's tables)")
    p.add_argument("--version", action="version", version=f"knight-tour {__version__}")
    board_arguments(p)
    return p


def check_options(args: argparse.Namespace) -> None:
    """Refuse options that do not apply to what was asked, before any work."""
    if args.uniform:
        for given, value in (("--end", args.end is not None),
                             ("--method", args.method != "auto"),
                             ("--tie-break", args.tie_break != "first"),
                             ("--order", args.order is not None),
                             ("--max-nodes", args.max_nodes is not None),
                             ("--timeout", args.timeout is not None),
                             ("--trace", args.trace)):
            if value:
                refuse(given, "to a search, not with --uniform")
    if args.magic is not None:
        for given, value in (("--uniform", args.uniform), ("--method", args.method != "auto"),
                             ("--tie-break", args.tie_break != "first"),
                             ("--order", args.order is not None), ("--trace", args.trace)):
            if value:
                refuse(given, "without --magic (the magic search takes --start, --end, "
                       "--closed, --seed, --max-nodes and --timeout)")
    if not args.uniform:
        for given, value in (("--max-states", args.max_states is not None),
                             ("--uniform-method", args.uniform_method != "auto")):
            if value:
                refuse(given, "with --uniform")
    if args.trace_limit is not None:
        if not args.trace:
            refuse("--trace-limit", "with --trace")
        if args.trace_limit < 0:
            raise ValueError(f"--trace-limit must be 0 (no limit) or more, got {args.trace_limit}")
    if (args.base is not None and args.format not in ("grid", "json")
            and not any(getattr(args, name) for name in PICTURES)):
        refuse("--base", "to --format grid and json and to the pictures (step numbers)")
    if args.order is not None and args.format == "moves" and args.notation == "algebraic":
        refuse("--order", "to direction codes, not to algebraic moves")
    if args.pixels is not None and not any(getattr(args, name) for name in PICTURES):
        refuse("--size", "to the pictures (--svg, --png, --gif, --html)")
    for name in PICTURES:
        path = getattr(args, name)
        if path is None:
            continue
        if not path.lower().endswith("." + name):
            raise ValueError(f"--{name} needs a file name ending in .{name}, got {path!r}")
        if name in ("png", "gif"):
            require_pillow()


def _solve_one(args: argparse.Namespace, size: Sequence[int] | Board, start: Any,
               err: TextIO) -> Tour:
    if isinstance(size, Board):
        rows: int | Board = size
        cols = None
    else:
        rows = size[0]
        cols = size[1] if len(size) > 1 else None
    if args.uniform:
        given = None if args.start is None and not args.stdin_start else start
        began = time.perf_counter()
        try:
            tour = random_tour(rows, cols, start=given, closed=args.closed, seed=args.seed,
                               max_states=args.max_states, method=args.uniform_method)
            # The tour's seconds are the walk's; --time counts the sampler's set-up
            # (the DP's tables) too, which is most of the wait.
            args.uniform_seconds = time.perf_counter() - began
            return tour
        except (BoardTooLargeError, ValueError) as exc:
            raise type(exc)(_uniform_message(str(exc))) from None
    printer = None
    if args.trace:
        limit = 200 if args.trace_limit is None else args.trace_limit
        printer = LimitedPrinter(err, limit or None)  # stdout holds the tour alone
    rule = None  # the trace's last line names the rule that ran (Tour.method)
    try:
        if args.magic is not None:
            # A magic tour starts anywhere unless --start says where.
            tour = solve(rows, cols, start=None if args.start is None else start,
                         end=parse_square(args.end, "--end"), closed=args.closed,
                         seed=args.seed, max_nodes=args.max_nodes, timeout=args.timeout,
                         magic=args.magic)
            return tour
        tour = solve(
            rows, cols, start=start, end=parse_square(args.end, "--end"), closed=args.closed,
            method=args.method,
            order=args.order, tie_break=args.tie_break, seed=args.seed,
            max_nodes=args.max_nodes, timeout=args.timeout, trace=printer,
        )
        rule = tour.method
        return tour
    except DeadEndError as exc:  # its message names the rule
        _draw_dead_end(exc, args, rows if isinstance(rows, Board) else None, err)
        raise
    finally:
        if printer is not None:
            printer.close(rule)


def _draw_dead_end(error: DeadEndError, args: argparse.Namespace, board: Board | None,
                   err: TextIO) -> None:
    """Draw the partial tour of a dead end in the pictures asked for, as
    :func:`knight.render.partial_svg` draws it; the exit status stays 1.
    The page (``--html``) plays whole tours only: it is not written."""
    for name in ("svg", "png", "gif"):
        path = getattr(args, name)
        if not path:
            continue
        options = {**_picture_options(args, name), "board": board}
        if name == "svg":
            svg = partial_svg(error, **options)  # drawn before the file is opened
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
        elif name == "png":
            partial_png(error, path, **options)
        else:
            partial_gif(error, path, **options)
    if args.html:
        err.write(f"knight: {args.html} not written: --html plays whole tours, and this search "
                  "ended in a dead end (--svg, --png and --gif draw the partial tour)\n")


#: The sampler's parameters, as the command line spells them.
UNIFORM_FLAGS = {**FLAGS, "max_states": "--max-states", "method": "--uniform-method"}


def _uniform_message(message: str) -> str:
    """The sampler's refusal with the command line's options in place of the
    Python parameters it names (``max_states=``, ``method='recount'``, and
    the call of the fast, non-uniform option)."""
    message = message.replace(
        FAST_HINT, "for a fast random tour that is not uniformly distributed use "
        "--method warnsdorff --tie-break random --seed N instead of --uniform")
    return flag_message(message, UNIFORM_FLAGS)


def _report(tour: Tour, args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    out.write(render(tour, args.format, args.base or 0, args.notation, args.order) + "\n")
    if args.time:
        seconds = args.uniform_seconds if args.uniform else tour.seconds
        err.write(
            f"{seconds:.6f} s, {tour.nodes:,} nodes, {tour.backtracks:,} backtracks "
            f"({tour.method})\n"
        )
    for name in PICTURES:
        path = getattr(args, name)
        if path:
            tour.save(path, **_picture_options(args, name))


def _picture_options(args: argparse.Namespace, name: str) -> dict[str, Any]:
    """What the picture options ask of the picture ``name`` (svg, png, gif, html)."""
    options: dict[str, Any] = {"base": args.base or 0}
    if args.pixels is not None:
        options["size"] = args.pixels
    return options


def _from_stdin(args: argparse.Namespace, inp: TextIO, out: TextIO, err: TextIO) -> int:
    args.stdin_start = True  # each line gives its start (--uniform draws from it)
    status = EXIT_OK
    first = True
    seen = False
    for number, line in enumerate(inp, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            fields = [ascii_int(v) for v in text.split()]
            if len(fields) != 3:
                raise ValueError
        except (ValueError, argparse.ArgumentTypeError):
            err.write(f"knight: error: line {number}: expected 'row col size', got "
                      f"{shown(text)}\n")
            status = max(status, EXIT_USAGE)
            continue
        seen = True
        row, col, size = fields
        try:
            board = board_from_args(args, size)
            tour = _solve_one(args, (size,) if board is None else board, (row, col), err)
        except (KnightError, TypeError, ValueError) as exc:
            usage = isinstance(exc, BoardTooLargeError) or not isinstance(exc, KnightError)
            # The line gave the size and start, the command line the rest.
            text = flag_message(str(exc), STDIN_FLAGS) if usage else str(exc)
            err.write(f"knight: error: line {number}: {text}\n")
            status = max(status, EXIT_USAGE if usage else EXIT_NO_TOUR)
            continue
        if not first and args.format != "json":
            out.write("\n")
        first = False
        _report(tour, args, out, err)
    if not seen and status == EXIT_OK:
        err.write(
            "knight: error: no board size given and no 'row col size' lines on standard input\n"
        )
        return EXIT_USAGE
    return status


def solve_command(argv: list[str], subcommands: Sequence[str] = ()) -> int:
    """Parse the main command's arguments, solve, print; return the exit status."""
    out, err = sys.stdout, sys.stderr
    args = build_parser(subcommands).parse_args(argv)
    args.stdin_start = False
    check_options(args)
    if len(args.size) > 2:
        err.write("knight: error: give the board size as ROWS or ROWS COLS\n")
        return EXIT_USAGE
    if args.board is not None:
        if args.size:
            raise UsageError("--board gives the board's size: omit ROWS [COLS]")
        drawn = board_from_file(args)
        start = default_start(drawn) if args.start is None else parse_square(args.start)
        _report(_solve_one(args, drawn, start, err), args, out, err)
        return EXIT_OK
    if not args.size:
        if sys.stdin is None or sys.stdin.isatty():
            err.write(
                "knight: error: give a board size (for example 'knight 8'), --board FILE, or "
                "lines 'row col size' on standard input\n"
            )
            return EXIT_USAGE
        if args.start is not None:
            refuse("--start", "with a board size: each standard-input line 'row col size' gives "
                   "its own start")
        if args.end is not None:
            refuse("--end", "with a board size (each standard-input line gives its own start)")
        return _from_stdin(args, sys.stdin, out, err)
    board = board_from_args(args, *args.size)
    if args.start is not None:
        start = parse_square(args.start)
    else:
        start = (0, 0) if board is None else default_start(board)
    tour = _solve_one(args, args.size if board is None else board, start, err)
    _report(tour, args, out, err)
    return EXIT_OK


__all__ = ["build_parser", "check_options", "solve_command"]

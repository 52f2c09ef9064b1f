"""``knight puzzle``: make, solve and check path puzzles with clues.

``knight puzzle make 8 --seed 3`` prints a knight's-tour puzzle with a
unique solution (``--svg``/``--png``/``--pdf`` draw its sheet); ``knight
puzzle book 12 8 --pdf book.pdf --seed 1`` writes twelve into one PDF
booklet, the solutions at the back; ``knight puzzle solve
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
from ..errors import NoTourError
from ..geometry import name_squares
from ..puzzle import BOOKLET_PER_PAGE, Puzzle, booklet, count, make, reason, solve
from ..render import PAPERS, require_pillow, require_reportlab
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
    pixels,
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
    p.add_argument("--size", type=pixels, metavar="PIXELS", dest="pixels",
                   help="the sheets' (and the page's) width in pixels (default: 640)")


def _check_pictures(args: argparse.Namespace, names: tuple[str, ...]) -> None:
    if getattr(args, "pixels", None) is not None and not any(
            getattr(args, name) is not None and not name.endswith("pdf") for name in names):
        refuse("--size", "to the pictures (" + ", ".join(
            "--" + n.replace("_", "-") for n in names if not n.endswith("pdf")) + ")")
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
        if ext == "pdf":
            require_reportlab()


def _save(puzzle: Puzzle, args: argparse.Namespace, solution: bool, svg: str | None,
          png: str | None) -> None:
    size = {} if args.pixels is None else {"size": args.pixels}
    if svg is not None:
        # Drawn before the file is opened: a refusal leaves no empty file behind.
        text = puzzle.to_svg(solution=solution, path=solution and args.path, **size)
        with open(svg, "w", encoding="utf-8") as f:
            f.write(text)
    if png is not None:
        puzzle.to_png(png, solution=solution, path=solution and args.path, **size)


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


def _pdf_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                   help="the PDF's paper (default: a4)")
    p.add_argument("--title", help="the title printed on the PDF (default: the kind of puzzle, "
                   "such as Hidato)")


def _board_and_seed(args: argparse.Namespace) -> tuple[Board, int]:
    """The board of ``make``/``book`` and their seed: ``--seed``, or a random
    one, said on standard error so that the puzzles can be made again."""
    rows, cols = board_or_size(args)
    board = rows if isinstance(rows, Board) else Board(rows, cols)
    seed = args.seed
    if seed is None:
        seed = random.randrange(2**32)
        sys.stderr.write(f"knight: seed {seed}\n")
    return board, seed


def _make(args: argparse.Namespace) -> int:
    _check_pictures(args, ("svg", "png", "pdf", "html", "solution_svg", "solution_png",
                           "solution_pdf"))
    if args.path and args.solution_svg is None and args.solution_png is None \
            and args.solution_pdf is None:
        refuse("--path", "with --solution-svg, --solution-png or --solution-pdf")
    for flag, given in (("--paper", args.paper != "a4"), ("--title", args.title is not None)):
        if given and args.pdf is None and args.solution_pdf is None:
            refuse(flag, "with --pdf or --solution-pdf")
    board, seed = _board_and_seed(args)
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
    if args.pdf is not None:
        puzzle.to_pdf(args.pdf, title=args.title, paper=args.paper)
    if args.solution_pdf is not None:
        puzzle.to_pdf(args.solution_pdf, solution=True, path=args.path, paper=args.paper,
                      title=None if args.title is None else f"{args.title}: solution")
    if args.html is not None:
        page = puzzle.to_html(**({} if args.pixels is None else {"size": args.pixels}))
        with open(args.html, "w", encoding="utf-8") as f:
            f.write(page)
    return EXIT_OK


def _book(args: argparse.Namespace) -> int:
    if args.count < 1:
        raise UsageError(f"N must be at least 1 (the number of puzzles), got {args.count}")
    _check_pictures(args, ("pdf",))
    board, seed = _board_and_seed(args)
    puzzles = []
    for k in range(args.count):
        try:
            puzzles.append(make(board, seed=seed + k, clues=args.clues,
                                symmetric=args.symmetric, closed=args.closed))
        except ValueError as exc:
            raise UsageError(flag_message(str(exc), MAKE_FLAGS)) from None
    pages = booklet(puzzles, args.pdf, per_page=args.per_page,
                    solutions=not args.no_solutions, title=args.title, paper=args.paper)
    sys.stdout.write(f"{args.pdf}: {len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''} "
                     f"(seeds {seed} to {seed + len(puzzles) - 1}), {pages} page"
                     f"{'s' if pages != 1 else ''}\n")
    return EXIT_OK


def _solve(args: argparse.Namespace) -> int:
    _check_pictures(args, ("svg", "png"))
    if args.path and args.svg is None and args.png is None:
        refuse("--path", "with --svg or --png")
    puzzle = _read(args)
    try:
        tour = solve(puzzle, timeout=args.timeout, max_nodes=args.max_nodes)
    except NoTourError as exc:
        raise NoTourError(_none(puzzle, exc.reason), exc.nodes) from None
    solved = puzzle.with_solution(tour)
    if args.format == "json":
        sys.stdout.write(solved.to_json() + "\n")
    else:
        sys.stdout.write(tour.grid(base=1) + "\n")
    _save(solved, args, True, args.svg, args.png)
    return EXIT_OK


def _none(puzzle: Puzzle, searched: str | None = None) -> str:
    """Why the puzzle has no solution, in its own terms: steps from 1 as its
    text numbers them, squares in chess notation ("c3") where the board has
    letters; ``searched`` is the search's message when theory has no reason."""
    board = puzzle.board
    kind = "closed" if puzzle.closed else "open"
    why = reason(puzzle, base=1, algebraic=True)
    if why is not None:
        return f"no {kind} tour of the {board.describe()} meets the clues: {why}"
    if searched is None:
        return (f"no {kind} tour of the {board.describe()} meets the clues: an exhaustive "
                "search found none")
    return name_squares(searched, board.rows, board.cols)


def _check(args: argparse.Namespace) -> int:
    if args.limit < 2:
        raise UsageError(f"--limit must be at least 2 (to tell unique from not), got "
                         f"{args.limit}")
    puzzle = _read(args)
    n = count(puzzle, limit=args.limit, timeout=args.timeout)
    if n == 0:
        sys.stdout.write("none\n")
        sys.stderr.write(f"knight: {_none(puzzle)}\n")  # why, beside the verdict
        return EXIT_NO_TOUR
    if n == 1:
        sys.stdout.write("unique\n")
        return EXIT_OK
    more = "at least " if n >= args.limit else ""
    sys.stdout.write(f"{more}{n} solutions\n")
    return EXIT_NOT_UNIQUE


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``knight puzzle`` and its actions make, book, solve and check."""
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
    m.add_argument("--pdf", metavar="FILE",
                   help="also save the puzzle sheet as a vector PDF page (needs "
                   "knight-tour[pdf])")
    m.add_argument("--solution-pdf", metavar="FILE",
                   help="also save the solution sheet as a vector PDF page (needs "
                   "knight-tour[pdf])")
    _pdf_arguments(m)
    m.add_argument("--html", metavar="FILE",
                   help="also save a page to solve the puzzle on (one self-contained HTML "
                   "file: type numbers in, wrong moves flagged, check, reveal, print)")
    m.add_argument("--path", action="store_true", help="draw the path on the solution sheets")
    m.add_argument("--time", action="store_true",
                   help="print the seconds taken and the number of clues on standard error")
    board_arguments(m)
    b = actions.add_parser(
        "book", help="make N puzzles and write them into one PDF booklet",
        description="Make N puzzles with unique solutions, with the seeds S, S+1, ..., and "
        "write them into one vector PDF (knight.puzzle.booklet): --per-page sheets a page, "
        "the solutions on the last pages.  Needs knight-tour[pdf].", epilog=_EPILOG)
    b.add_argument("count", type=ascii_int, metavar="N", help="how many puzzles")
    size_arguments(b)
    b.add_argument("--pdf", metavar="FILE", required=True, help="the booklet to write (.pdf)")
    b.add_argument("--seed", type=ascii_int, metavar="S",
                   help="the puzzles' seeds are S, S+1, ... (default: a random S, printed on "
                   "standard error)")
    b.add_argument("--clues", type=ascii_int, metavar="N", help="exactly N clues a puzzle")
    b.add_argument("--symmetric", action="store_true",
                   help="clues symmetric under a half turn of the board")
    b.add_argument("--closed", action="store_true", help="the solutions are closed tours")
    b.add_argument("--per-page", type=ascii_int, choices=BOOKLET_PER_PAGE, default=1,
                   metavar="K", help="puzzle sheets a page: 1, 2, 4 or 6 (default: 1)")
    b.add_argument("--no-solutions", action="store_true",
                   help="leave out the solution pages")
    b.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                   help="the paper (default: a4)")
    b.add_argument("--title", help="a title printed at the top of every page")
    board_arguments(b)
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
    """``knight puzzle make|book|solve|check ...``: parse, run, print; return the exit status."""
    args = build_parser().parse_args(argv)
    run: dict[str, Any] = {"make": _make, "book": _book, "solve": _solve, "check": _check}
    status: int = run[args.action](args)
    return status


__all__ = ["EXIT_NOT_UNIQUE", "build_parser", "puzzle_command"]

"""The ``knight`` command.

``knight 8`` prints a tour of the 8x8 board; ``knight 5 7`` a rectangle;
``knight 6 --start 1 5 --closed --method warnsdorff-backtrack`` a closed tour
from a given square.  With no size and lines ``row col size`` on standard
input, it prints a board for each line.

Exit status: 0 on success, 1 when no tour was found (none exists, a dead end,
or a search limit), 2 for bad arguments, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ._version import __version__
from .errors import KnightError
from .geometry import DEFAULT_ORDER
from .solver import METHODS, TIE_BREAKS, solve
from .tour import Tour

EXIT_OK, EXIT_NO_TOUR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

#: Subcommands (``knight NAME ...``), each a function taking the remaining
#: arguments and returning an exit status.
SUBCOMMANDS: dict[str, Callable[[list[str]], int]] = {}


class _Parser(argparse.ArgumentParser):
    """argparse with the package's one-line error format."""

    def error(self, message: str) -> Any:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _moves(text: str) -> list[tuple[int, int]]:
    """Parse ``"2,1 1,2 ..."`` (pairs separated by spaces or semicolons)."""
    moves = []
    for item in text.replace(";", " ").split():
        try:
            dr, dc = (int(v) for v in item.split(","))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected moves 'drow,dcol drow,dcol ...', got {item!r}"
            ) from None
        moves.append((dr, dc))
    return moves


def start_argument(p: argparse.ArgumentParser) -> None:
    """``--start ROW COL`` or ``--start e4`` (chess notation)."""
    p.add_argument("--start", nargs="+", metavar="SQUARE", default=["0", "0"],
                   help="start square: 'ROW COL' from 0 or chess notation such as e4 "
                   "(default: 0 0)")


def parse_start(tokens: Sequence[str]) -> tuple[int, int] | str:
    """The value of ``--start`` as solve() takes it."""
    if len(tokens) == 1:
        return tokens[0]
    if len(tokens) == 2:
        try:
            return int(tokens[0]), int(tokens[1])
        except ValueError:
            pass
    raise ValueError(f"--start takes 'ROW COL' or a square such as e4, got {' '.join(tokens)!r}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="knight",
        description="Find a knight's tour and print it.",
        epilog=(
            "Squares are 'row col' counted from 0, (0, 0) top-left.  With no size and "
            "lines 'row col size' on standard input, prints a board for each line.  "
            + (
                f"Subcommands: {', '.join(sorted(SUBCOMMANDS))} (knight NAME --help)."
                if SUBCOMMANDS
                else ""
            )
        ),
    )
    p.add_argument("size", nargs="*", type=int, metavar="ROWS [COLS]",
                   help="board size; COLS defaults to ROWS")
    start_argument(p)
    p.add_argument("--closed", action="store_true", help="ask for a closed tour")
    p.add_argument("--method", choices=METHODS, default="auto",
                   help="search method (default: auto)")
    p.add_argument("--tie-break", choices=list(TIE_BREAKS), default="first",
                   help="Warnsdorff tie-break rule (with --method warnsdorff)")
    p.add_argument("--seed", type=int, help="seed for --tie-break random")
    p.add_argument("--order", type=_moves, metavar="'DR,DC ...'",
                   help="the 8 knight moves in the order tried, quoted (default: '"
                   + " ".join(f"{a},{b}" for a, b in DEFAULT_ORDER) + "')")
    p.add_argument("--max-nodes", type=int, help="stop after this many knight placements")
    p.add_argument("--timeout", type=float, help="stop after this many seconds")
    p.add_argument("--base", type=int, choices=(0, 1), default=0,
                   help="number the steps from 0 or 1 (default: 0)")
    p.add_argument("--format", choices=("grid", "path", "moves", "json"), default="grid",
                   help="grid of step numbers, path of squares, moves as direction codes "
                   "1-8 (in --order), or JSON (default: grid)")
    p.add_argument("--notation", choices=("coords", "algebraic"), default="coords",
                   help="squares in --format path as 'row col' or as in chess (a1 bottom-left)")
    p.add_argument("--svg", metavar="FILE", help="also save a picture as SVG")
    p.add_argument("--png", metavar="FILE", help="also save a PNG (needs knight-tour[plot])")
    p.add_argument("--gif", metavar="FILE",
                   help="also save an animated GIF of the tour (needs knight-tour[plot])")
    p.add_argument("--trace", action="store_true",
                   help="print each decision of the search (runs the pure-Python twin)")
    p.add_argument("--trace-limit", type=int, default=200, metavar="N",
                   help="print at most N trace lines (default: 200; 0 for no limit)")
    p.add_argument("--time", action="store_true",
                   help="print the elapsed time, nodes and backtracks on stderr")
    p.add_argument("--version", action="version", version=f"knight-tour {__version__}")
    return p


def render(tour: Tour, fmt: str, base: int, notation: str = "coords",
           order: Sequence[tuple[int, int]] | None = None) -> str:
    """The tour as the CLI prints it."""
    if fmt == "json":
        return json.dumps(tour.to_dict(base))
    if fmt == "path":
        if notation == "algebraic":
            return "\n".join(tour.algebraic())
        return "\n".join(f"{r} {c}" for r, c in tour.path.tolist())
    if fmt == "moves":
        return " ".join(str(k) for k in tour.moves(order).tolist())
    return tour.grid(base)


def _solve_one(args: argparse.Namespace, size: Sequence[int], start: Any, out: TextIO) -> Tour:
    rows = size[0]
    cols = size[1] if len(size) > 1 else None
    printer = None
    if args.trace:
        from .trace import LimitedPrinter

        printer = LimitedPrinter(out, args.trace_limit or None)
    try:
        return solve(
            rows, cols, start=start, closed=args.closed, method=args.method,
            order=args.order, tie_break=args.tie_break, seed=args.seed,
            max_nodes=args.max_nodes, timeout=args.timeout, trace=printer,
        )
    finally:
        if printer is not None:
            printer.close()


def _report(tour: Tour, args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    out.write(render(tour, args.format, args.base, args.notation, args.order) + "\n")
    if args.time:
        err.write(
            f"{tour.seconds:.6f} s, {tour.nodes:,} nodes, {tour.backtracks:,} backtracks "
            f"({tour.method})\n"
        )
    for name in ("svg", "png", "gif"):
        path = getattr(args, name)
        if path:
            tour.save(path)


def _check_pictures(args: argparse.Namespace) -> None:
    """Refuse a bad picture request before solving anything."""
    for name in ("svg", "png", "gif"):
        path = getattr(args, name)
        if path is None:
            continue
        if not path.lower().endswith("." + name):
            raise ValueError(f"--{name} needs a file name ending in .{name}, got {path!r}")
        if name != "svg":
            from .render import _pillow

            _pillow()


def _from_stdin(args: argparse.Namespace, inp: TextIO, out: TextIO, err: TextIO) -> int:
    status = EXIT_OK
    first = True
    seen = False
    for number, line in enumerate(inp, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            fields = [int(v) for v in text.split()]
            if len(fields) != 3:
                raise ValueError
        except ValueError:
            err.write(f"knight: error: line {number}: expected 'row col size', got {text!r}\n")
            status = max(status, EXIT_USAGE)
            continue
        seen = True
        row, col, size = fields
        try:
            tour = _solve_one(args, (size,), (row, col), out)
        except (KnightError, TypeError, ValueError) as exc:
            err.write(f"knight: error: line {number}: {exc}\n")
            usage = isinstance(exc, (TypeError, ValueError)) and not isinstance(exc, KnightError)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``knight`` command; return its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    out, err = sys.stdout, sys.stderr
    try:
        if argv and argv[0] in SUBCOMMANDS:
            return SUBCOMMANDS[argv[0]](argv[1:])
        args = build_parser().parse_args(argv)
        _check_pictures(args)
        if args.trace_limit < 0:
            raise ValueError(f"--trace-limit must be 0 (no limit) or more, got {args.trace_limit}")
        if len(args.size) > 2:
            err.write("knight: error: give the board size as ROWS or ROWS COLS\n")
            return EXIT_USAGE
        if not args.size:
            if sys.stdin is None or sys.stdin.isatty():
                err.write(
                    "knight: error: give a board size (for example 'knight 8'), or lines "
                    "'row col size' on standard input\n"
                )
                return EXIT_USAGE
            return _from_stdin(args, sys.stdin, out, err)
        tour = _solve_one(args, args.size, parse_start(args.start), out)
        _report(tour, args, out, err)
        return EXIT_OK
    except KnightError as exc:
        err.write(f"knight: {exc}\n")
        return EXIT_NO_TOUR
    except (TypeError, ValueError, ImportError) as exc:
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # --svg/--png/--gif could not be written
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        err.write("knight: interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # argparse: --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


# ``knight count`` and ``knight tours`` (knight.counting imports this module
# only inside its functions, so registering here is free of import cycles).
from .counting import count_command as _count_command  # noqa: E402
from .counting import tours_command as _tours_command  # noqa: E402

SUBCOMMANDS["count"] = _count_command
SUBCOMMANDS["tours"] = _tours_command

# ``knight sweep`` and ``knight compare`` (knight.compare imports this module
# only inside its functions).
from .compare import compare_command as _compare_command  # noqa: E402
from .compare import sweep_command as _sweep_command  # noqa: E402

SUBCOMMANDS["sweep"] = _sweep_command
SUBCOMMANDS["compare"] = _compare_command

"""``knight sweep`` and ``knight compare``: the classic exercises as tables.

Both take the board as ``ROWS [COLS]`` or with the board options
(``--board``, ``--holes``, ``--moves``, ``--wrap``), as ``knight`` does.
"""

from __future__ import annotations

import argparse

from .. import planner
from ..board import Board
from ..compare import SWEEP_MAX_NODES, SWEEP_METHOD, compare, sweep, table
from ..solver import TIE_BREAKS
from .common import (
    EXIT_NO_TOUR,
    EXIT_OK,
    Parser,
    ascii_float,
    ascii_int,
    board_arguments,
    board_or_size,
    default_start,
    parse_square,
    size_arguments,
    start_argument,
)


def _main_args(parser: argparse.ArgumentParser) -> None:
    # Two positionals, not nargs="+": argparse's usage line for "+" promises
    # any number of boards ("ROWS [COLS] [ROWS [COLS] ...]").
    size_arguments(parser)
    parser.add_argument("--closed", action="store_true", help="look for closed tours")
    parser.add_argument("--max-nodes", type=ascii_int, help="node limit of each run")
    parser.add_argument("--timeout", type=ascii_float, help="seconds each run may take")


def sweep_command(argv: list[str]) -> int:
    """``knight sweep ROWS [COLS]``: solve from every start, print a table."""
    p = Parser(prog="knight sweep", description=(
        "Solve a board from every start square. No start runs unbounded: with a "
        "backtracking method (backtrack, warnsdorff-backtrack, auto) and neither "
        f"--max-nodes nor --timeout, each start stops after {SWEEP_MAX_NODES:,} nodes "
        "(outcome 'limit')."))
    _main_args(p)
    p.add_argument("--method", choices=planner.methods("solve"), default=SWEEP_METHOD,
                   help="how each start is solved (default: %(default)s)")
    p.add_argument("--tie-break", choices=list(TIE_BREAKS), default="first",
                   help="with --method warnsdorff")
    p.add_argument("--seed", type=ascii_int, help="with --tie-break random")
    p.add_argument("--progress", action="store_true",
                   help="progress bar on stderr, counting start squares (tqdm)")
    board_arguments(p)
    args = p.parse_args(argv)
    rows, cols = board_or_size(args)
    # max_nodes only when given: sweep's own default bounds each start.
    limits = {} if args.max_nodes is None else {"max_nodes": args.max_nodes}
    runs = sweep(rows, cols, method=args.method, closed=args.closed, progress=args.progress,
                 tie_break=args.tie_break, seed=args.seed, timeout=args.timeout, **limits)
    print(table(runs, by="start"))
    return EXIT_OK if runs["success"].any() else EXIT_NO_TOUR


def compare_command(argv: list[str]) -> int:
    """``knight compare ROWS [COLS] --start R C``: every method side by side."""
    p = Parser(prog="knight compare", description="Run every method on the same task.")
    _main_args(p)
    start_argument(p, default=None, help_default="0 0, or the first usable square in reading "
                   "order on a board with holes")
    board_arguments(p)
    args = p.parse_args(argv)
    rows, cols = board_or_size(args)
    if args.start is not None:
        start = parse_square(args.start)
    else:
        start = default_start(rows) if isinstance(rows, Board) else (0, 0)
    runs = compare(rows, cols, start=start, closed=args.closed,
                   timeout=args.timeout if args.timeout is not None else 2.0,
                   max_nodes=args.max_nodes)
    print(table(runs, by="method"))
    return EXIT_OK if runs["success"].any() else EXIT_NO_TOUR


__all__ = ["compare_command", "sweep_command"]

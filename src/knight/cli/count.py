"""``knight count`` and ``knight tours``: exact counts and lists of tours.

Both take the board as ``ROWS [COLS]`` or with the board options
(``--board``, ``--holes``, ``--moves``, ``--wrap``), as ``knight`` does.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from typing import Any

from .. import planner
from ..board import Board
from ..counting import count, estimate, tours
from ..counting.checkpoint import DEFAULT_EVERY
from ..counting.symmetry import NAMES as SYMMETRIES
from ..decide import why_not
from ..errors import BoardTooLargeError, UndecidedError
from ..geometry import available_memory
from ..tour import NOTATIONS
from .common import (
    EXIT_NO_TOUR,
    EXIT_OK,
    Parser,
    ascii_float,
    ascii_int,
    board_arguments,
    board_or_size,
    parse_square,
    refuse,
    render,
    size_arguments,
)


def _common(p: argparse.ArgumentParser) -> None:
    size_arguments(p)
    p.add_argument("--start", nargs="+", metavar="SQUARE",
                   help="first square, written e4 or 'ROW COL' from 0 (default: every "
                   "square, summed; closed: any)")
    p.add_argument("--end", nargs="+", metavar="SQUARE",
                   help="last square, written e4 or 'ROW COL' from 0")
    p.add_argument("--closed", action="store_true", help="closed tours (undirected cycles)")
    p.add_argument("--directed", action="store_true",
                   help="with --closed: count each direction (and each start) separately")
    p.add_argument("--timeout", type=ascii_float, help="stop after this many seconds")
    p.add_argument("--magic", choices=("semi", "diagonal"),
                   help="magic tours only, numbered tours whose ranks and files (semi), and "
                   "long diagonals (diagonal), share one sum (see knight help magic)")


def _check_directed(args: argparse.Namespace) -> None:
    if args.directed and not args.closed:
        refuse("--directed", "with --closed (open tours are always counted directed)")


#: Work the planner estimates above this many seconds gets a warning first.
WARN_SECONDS = 60.0


def _timeout_hint(args: argparse.Namespace, unbounded: str, more: str = "") -> str:
    """The advice of a long count's warning: how to bound it, or, when
    ``--timeout`` already does, when it will stop (advising the bound the
    user already gave reads as if it had been ignored)."""
    if args.timeout is None:
        return unbounded
    said = f"--timeout stops it after {args.timeout:g} s"
    return f"{said}, or {more}" if more else said


def _warn_if_long(args: argparse.Namespace, rows: int | Board, cols: int | None, what: str,
                  method: str, hint: str, others: bool = True) -> None:
    """Say on stderr, before it starts, that the work may not finish soon,
    and name the faster method when the planner knows one (``others``:
    when the work may run by another method).

    The estimate is :func:`knight.estimate`'s (the planner's own figures);
    nothing is said when ``--timeout`` bounds the work below a minute, nor
    for a search on a board of another piece, of which the planner has no
    estimate.
    """
    if args.timeout is not None and args.timeout <= WARN_SECONDS:
        return
    where = {"start": parse_square(args.start), "end": parse_square(args.end, "--end"),
             "closed": args.closed, "directed": args.directed}
    cost = estimate(rows, cols, method=method, **where)
    if cost.disk_seconds is not None and getattr(args, "checkpoint", None) is not None:
        # the DP's tables do not fit: the count goes on in pieces on disk
        if cost.disk_seconds > WARN_SECONDS:
            sys.stderr.write(f"knight: warning: {what} may take long: {cost}; {hint}\n")
            sys.stderr.flush()
        return
    if cost.seconds is not None and cost.seconds <= WARN_SECONDS:
        return
    if cost.memory is not None and cost.memory > available_memory():
        return  # the count refuses at once, with its own message: no warning first
    if (what == "this count" and cost.engine == "search" and cost.seconds is None
            and args.timeout is None and not (isinstance(rows, Board) and not rows.is_knight)):
        # as knight.count refuses it, in the command's words
        why, disk = str(cost), ""
        with contextlib.suppress(BoardTooLargeError, ValueError):  # the DP does not serve
            dp = estimate(rows, cols, method="dp", **where)
            why += f"; {dp}"
            if dp.on_disk:
                disk = "count it in pieces on disk with --checkpoint DIR, or "
        raise BoardTooLargeError(f"this count cannot finish: {why}; {disk}{hint} to search "
                                 "for as long as you choose")
    if isinstance(rows, Board) and not rows.is_knight and cost.seconds is None:
        return  # no estimate to give
    if method != "auto" and others:
        best = estimate(rows, cols, method="auto", **where)
        if best.engine != cost.engine and best.seconds is not None and (
                cost.seconds is None or best.seconds < cost.seconds):
            hint += f"; --method {best.engine} would take {best.summary.split(': ', 1)[1]}"
    when = "may never finish" if cost.seconds is None else "may take long"
    sys.stderr.write(f"knight: warning: {what} {when}: {cost}; {hint}\n")
    sys.stderr.flush()


def count_command(argv: list[str]) -> int:
    """``knight count ROWS [COLS] [--closed] [--method M] [--workers N] ...``"""
    p = Parser(prog="knight count", description="Count knight's tours exactly.",
               epilog="Open tours are counted directed, each path once in each direction, "
               "and summed over every start square unless --start "
               "or --end fixes it; "
               "closed tours are undirected cycles unless --directed. A count estimated "
               f"above {WARN_SECONDS:g} s is announced on stderr first, with the estimate "
               "(knight.estimate) and, when --method names the slower method, what the "
               "faster one would take.")
    _common(p)
    p.add_argument("--method", choices=planner.methods("count"), default="auto",
                   help="dp (frontier dynamic programming), search (depth-first), or auto: "
                   "the faster that fits in memory (default: auto)")
    p.add_argument("--workers", type=ascii_int, default=1,
                   help="local processes (default: 1); with --magic, the ranges of the "
                   "enumeration run on them")
    p.add_argument("--progress", action="store_true", help="progress bar on stderr (tqdm)")
    p.add_argument("--checkpoint", metavar="DIR",
                   help="count by the frontier DP, writing its state to DIR (made if missing); "
                   "with --magic, record each finished range of the enumeration there; run "
                   "the same command again after a kill to resume from it")
    p.add_argument("--checkpoint-every", type=ascii_float, default=DEFAULT_EVERY,
                   metavar="SECONDS", help="seconds between two checkpoints (default: "
                   f"{DEFAULT_EVERY:g}; 0: after every column)")
    sym = p.add_mutually_exclusive_group()
    sym.add_argument("--up-to-symmetry", action="store_true",
                     help="count the tours up to the board's rotations and reflections (each "
                     "class once, whatever its direction; with --magic, and the numbering read "
                     "backwards)")
    sym.add_argument("--invariant", choices=SYMMETRIES, metavar="SYMMETRY",
                     help="count the tours this symmetry maps to themselves: "
                     + ", ".join(SYMMETRIES))
    p.add_argument("--format", choices=("auto", "text", "plain", "json"), default="auto",
                   help="text: the number with thousands separators, for people; plain: the "
                   "digits alone, for scripts; json: an object with the number and the method; "
                   "auto: text on a terminal, plain otherwise (default: auto)")
    board_arguments(p)
    p.add_argument("--time", action="store_true", help="print the elapsed time on stderr")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="say on stderr which method counted and how long it took")
    args = p.parse_args(argv)
    _check_directed(args)
    if args.checkpoint is None and args.checkpoint_every != DEFAULT_EVERY:
        refuse("--checkpoint-every", "with --checkpoint")
    rows, cols = board_or_size(args)
    if args.magic is not None:
        pass  # the estimate knows nothing of magic; its count refuses at once
    elif args.checkpoint is None:
        _warn_if_long(args, rows, cols, "this count", args.method,
                      _timeout_hint(args, "bound it with --timeout SECONDS"))
    elif args.method != "search":
        # A checkpointed count is the DP's: its cost, and no other method to
        # name.  Where the DP does not serve, the count says so, naming
        # --checkpoint.
        with contextlib.suppress(ValueError):
            _warn_if_long(args, rows, cols, "this count", "dp",
                          f"if stopped, the same command resumes from {args.checkpoint}",
                          others=False)
    began = time.perf_counter()
    info: dict[str, Any] = {}
    n = count(rows, cols, start=parse_square(args.start),
              end=parse_square(args.end, "--end"), closed=args.closed,
              directed=args.directed, method=args.method, workers=args.workers,
              progress=args.progress, timeout=args.timeout, checkpoint=args.checkpoint,
              checkpoint_every=args.checkpoint_every, up_to_symmetry=args.up_to_symmetry,
              invariant=args.invariant, magic=args.magic,
              _info=info)
    seconds = time.perf_counter() - began
    if args.format == "json":
        sys.stdout.write(json.dumps({"count": n, "method": info.get("method"),
                                     "seconds": seconds}) + "\n")
    elif args.format == "text" or (args.format == "auto" and sys.stdout.isatty()):
        sys.stdout.write(f"{n:,}\n")
    else:
        sys.stdout.write(f"{n}\n")
    if args.verbose:
        detail = info.get("detail")
        sys.stderr.write(f"method: {info.get('method')}" + (f"; {detail}" if detail else "") + "\n")
        if "checkpoint" in info:
            sys.stderr.write(_checkpoint_summary(info["checkpoint"]) + "\n")
    if args.time or args.verbose:
        sys.stderr.write(f"{seconds:.6f} s\n")
    return EXIT_OK


def _checkpoint_summary(report: dict[str, Any]) -> str:
    """One line on what a count's checkpoints did (``--verbose``)."""
    text = f"checkpoint: {report['directory']}"
    if report.get("answer"):
        return text + ": the answer, read from it"
    resumed = ", ".join(f"{r['position']} of {r['cells']} ranges done" if r["stage"] == "ranges"
                        else f"{r['stage']} at cell {r['position']} of {r['cells']}"
                        for r in report["resumed"])
    text += f": resumed {resumed}" if resumed else ": nothing to resume"
    text += f"; {report['writes']} write{'s' if report['writes'] != 1 else ''}"
    last = report.get("last")
    if last is not None and last["stage"] != "answer":
        text += (f", the last of {last['bytes']:,} bytes in {last['seconds']:.2f} s")
    return text


def tours_command(argv: list[str]) -> int:
    """``knight tours ROWS [COLS] [--start R C] [--limit N] [--format ...]``"""
    p = Parser(prog="knight tours", description="List knight's tours in a fixed order.",
               epilog=f"Without --limit, a listing whose search is estimated above "
               f"{WARN_SECONDS:g} s is announced on stderr first, with the estimate.")
    _common(p)
    p.add_argument("--limit", type=ascii_int, help="stop after this many tours")
    p.add_argument("--base", type=ascii_int, choices=(0, 1),
                   help="number the steps from 0 or 1, in --format grid and json (default: 0)")
    p.add_argument("--format", choices=("grid", "path", "json"), default="grid",
                   help="grid of step numbers, path of squares, or JSON lines (default: grid)")
    p.add_argument("--notation", choices=NOTATIONS, default="coords",
                   help="squares as 'row col' or as in chess (default: coords)")
    board_arguments(p)
    args = p.parse_args(argv)
    _check_directed(args)
    if args.base is not None and args.format == "path":
        refuse("--base", "to --format grid and json (step numbers)")
    rows, cols = board_or_size(args)
    if args.limit is None and args.magic is None:
        # Listing every tour costs at least the search that counts them.
        _warn_if_long(args, rows, cols, "listing every tour", "search",
                      _timeout_hint(args, "bound it with --limit N or --timeout SECONDS",
                                    "bound it with --limit N too"))
    first = True
    start, end = parse_square(args.start), parse_square(args.end, "--end")
    for tour in tours(rows, cols, start=start, end=end, closed=args.closed,
                      directed=args.directed, limit=args.limit, timeout=args.timeout,
                      magic=args.magic):
        if not first and args.format != "json":
            sys.stdout.write("\n")
        first = False
        sys.stdout.write(render(tour, args.format, args.base or 0, args.notation) + "\n")
    if first and args.limit != 0:
        # Nothing listed: say why, as ``knight ROWS`` does, with its exit status.
        sys.stderr.write(f"knight: {_none_reason(args, rows, cols, start)}\n")
        return EXIT_NO_TOUR
    return EXIT_OK


def _none_reason(args: argparse.Namespace, rows: int | Board, cols: int | None,
                 start: Any) -> str:
    """Why ``knight tours`` listed nothing: the theorem when one applies."""
    if args.magic is not None:
        try:  # theory only: the search has just had its say
            reason = why_not(rows, cols, start=start, closed=args.closed, magic=args.magic,
                             max_nodes=1)
        except UndecidedError:
            reason = None
    else:
        reason = why_not(rows, cols, start=start, closed=args.closed)
    if reason is not None:
        return reason
    what = rows.describe() if isinstance(rows, Board) else f"{rows}x{cols or rows} board"
    where = "".join(f" {word} {value[0] if len(value) == 1 else '(' + ', '.join(value) + ')'}"
                    for word, value in (("from", args.start), ("to", args.end)) if value)
    kind = "closed" if args.closed else "open"
    return f"the search found no {kind} tour of the {what}{where}"


__all__ = ["count_command", "tours_command"]

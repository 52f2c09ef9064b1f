"""``knight magic``: magic knight's tours, found, counted or listed.

``knight magic ROWS [COLS]`` is ``knight ROWS [COLS] --magic semi``
(``--diagonal``: ``--magic diagonal``); with ``--count`` it is ``knight
count ... --magic``, with ``--list`` ``knight tours ... --magic``.  The
options after the size are those commands' own, passed on as given.
"""

from __future__ import annotations

import argparse

from .common import Parser, ascii_float, ascii_int
from .count import count_command, tours_command
from .solve import solve_command

_OWN = ("--diagonal", "--count", "--list")


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="knight magic",
        description="Find a magic knight's tour: numbered 1..N along its path, every rank adds "
        "up to one sum and every file to one sum (semi-magic; on a rectangle the ranks' sum "
        "and the files' differ), and with --diagonal both long diagonals too.",
        epilog="Theory answers first: no magic tour on a board with a side of odd length, "
        "none on (4m+2)x(4n+2) boards (Jelliss), none on 4x8 (Murray) or 4x16 (Kumar), none "
        "diagonally magic on 8x8 (the 2003 enumeration); those exit with status 1 at once. "
        "Otherwise the search numbers the squares along the path and keeps every rank's and "
        "file's sum within reach; on boards above 32 squares it restarts over centrally "
        "symmetric tours and runs until it finds one or a limit (--timeout, --max-nodes) "
        "stops it. The other options are those of 'knight' (pictures, --format), of 'knight "
        "count' with --count, of 'knight tours' with --list.")
    p.add_argument("rows", type=ascii_int, metavar="ROWS", help="the board's ranks")
    p.add_argument("cols", type=ascii_int, nargs="?", metavar="COLS",
                   help="the board's files (default: ROWS)")
    p.add_argument("--diagonal", action="store_true",
                   help="the long diagonals share the sum too (square boards)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true",
                      help="count the magic numbered tours (boards up to 32 squares, or "
                      "bounded by --timeout)")
    what.add_argument("--list", action="store_true",
                      help="list the magic tours (as 'knight tours'; bound with --limit)")
    p.add_argument("--start", nargs="+", metavar="SQUARE",
                   help="the square numbered 1, written e4 or 'ROW COL' from 0 (default: any)")
    p.add_argument("--end", nargs="+", metavar="SQUARE", help="the square numbered N")
    p.add_argument("--closed", action="store_true",
                   help="the square numbered N is a knight move from the one numbered 1")
    p.add_argument("--seed", type=ascii_int,
                   help="the tie-breaks of the search's restarts (default: fixed)")
    p.add_argument("--timeout", type=ascii_float, help="stop after this many seconds")
    p.add_argument("--max-nodes", type=ascii_int, help="stop after this many placements")
    p.add_argument("--format", help="as 'knight' (grid, path, moves, json), 'knight count' or "
                   "'knight tours'")
    p.add_argument("--base", type=ascii_int, choices=(0, 1),
                   help="number the steps from 0 or 1 (magic tours are read from 1)")
    for name in ("svg", "png", "html"):
        p.add_argument(f"--{name}", metavar="FILE", help=f"also save a picture as {name.upper()}")
    return p


def magic_command(argv: list[str]) -> int:
    """``knight magic ROWS [COLS] [--diagonal] [--count | --list] ...``"""
    args, _ = _parser().parse_known_args(argv)
    rest = [a for a in argv if a not in _OWN]
    kind = ["--magic", "diagonal" if args.diagonal else "semi"]
    if args.count:
        return count_command(rest + kind)
    if args.list:
        return tours_command(rest + kind)
    return solve_command(rest + kind)


__all__ = ["magic_command"]

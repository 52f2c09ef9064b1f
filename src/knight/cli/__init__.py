"""The ``knight`` command line: every command, its parsing, printing and exit codes.

``knight ROWS [COLS] ...`` finds and prints a tour (:mod:`.solve`);
``knight count`` and ``knight tours`` count and list tours (:mod:`.count`);
``knight sweep`` and ``knight compare`` run the classic exercises
(:mod:`.compare`); ``knight puzzle`` makes, solves and checks path puzzles
(:mod:`.puzzle`); ``knight magic`` finds, counts and lists magic tours
(:mod:`.magic`, over the other three).  What they share -- the parser, the output formats, the
exit codes -- is in :mod:`.common`.  The library never imports this package.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from .common import EXIT_INTERRUPTED, EXIT_IO, EXIT_NO_TOUR, EXIT_OK, EXIT_USAGE, guard
from .compare import compare_command, sweep_command
from .count import count_command, tours_command
from .magic import magic_command
from .puzzle import puzzle_command
from .solve import build_parser, solve_command

#: Subcommands (``knight NAME ...``), each a function taking the remaining
#: arguments and returning an exit status.
SUBCOMMANDS: dict[str, Callable[[list[str]], int]] = {
    "count": count_command,
    "tours": tours_command,
    "sweep": sweep_command,
    "compare": compare_command,
    "puzzle": puzzle_command,
    "magic": magic_command,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``knight`` command; return its exit status.

    >>> main(["5", "--format", "moves"])
    1 8 3 2 5 4 7 2 5 7 8 2 3 5 6 8 1 3 4 6 7 1 2 5
    0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "help":
        # ``knight help`` and ``knight help COMMAND``: that command's --help.
        if len(args) > 1 and args[1] in SUBCOMMANDS:
            args = [args[1], "--help"]
        elif len(args) > 1:
            sys.stderr.write(f"knight: error: no command {args[1]!r}; the commands are "
                             f"{', '.join(sorted(SUBCOMMANDS))}\n")
            return EXIT_USAGE
        else:
            args = ["--help"]
    if args and args[0] in SUBCOMMANDS:
        sub = SUBCOMMANDS[args[0]]
        return guard(lambda: sub(args[1:]))
    return guard(lambda: solve_command(args, sorted(SUBCOMMANDS)))


__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_IO",
    "EXIT_NO_TOUR",
    "EXIT_OK",
    "EXIT_USAGE",
    "SUBCOMMANDS",
    "build_parser",
    "main",
]

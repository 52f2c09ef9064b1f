"""What every ``knight`` command shares: the parser, exit codes, output, errors.

Exit status of every command:

* 0 -- success;
* 1 -- no tour: none exists, a greedy dead end, a search limit, or another
  :class:`knight.KnightError`;
* 2 -- usage: a bad or conflicting argument;
* 3 -- I/O: the output or a picture file could not be written (a full disk,
  a closed pipe is not an error: ``knight 8 | head -1`` exits 0);
* 130 -- interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..errors import KnightError
from ..tour import Tour

EXIT_OK, EXIT_NO_TOUR, EXIT_USAGE, EXIT_IO, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class Parser(argparse.ArgumentParser):
    """argparse with the package's one-line error format."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


class UsageError(ValueError):
    """Options that do not go together (reported like any bad argument)."""


def refuse(given: str, needs: str) -> NoReturn:
    """Raise the usage error for an option given where it does not apply."""
    raise UsageError(f"{given} applies only {needs}")


def start_argument(p: argparse.ArgumentParser, default: Any = ("0", "0"), help_default: str
                   = "0 0") -> None:
    """``--start ROW COL`` or ``--start e4`` (chess notation)."""
    p.add_argument("--start", nargs="+", metavar="SQUARE", default=default,
                   help="start square: 'ROW COL' from 0 or chess notation such as e4 "
                   f"(default: {help_default})")


def parse_square(tokens: Sequence[str] | None, option: str = "--start") -> Any:
    """The value of ``--start``/``--end`` as the library takes it."""
    if tokens is None:
        return None
    if len(tokens) == 1:
        return tokens[0]
    if len(tokens) == 2:
        try:
            return int(tokens[0]), int(tokens[1])
        except ValueError:
            pass
    raise ValueError(
        f"{option} takes 'ROW COL' or a square such as e4, got {' '.join(tokens)!r}"
    )


def board_args(size: Sequence[int]) -> tuple[int, int | None]:
    """``ROWS [COLS]`` from the positional size arguments."""
    if not size or len(size) > 2:
        raise UsageError("give the board size as ROWS or ROWS COLS")
    return size[0], (size[1] if len(size) > 1 else None)


def render(tour: Tour, fmt: str, base: int = 0, notation: str = "coords",
           order: Sequence[tuple[int, int]] | None = None) -> str:
    """The tour as the commands print it.

    ``grid``: step numbers (chess labels with algebraic notation); ``path``:
    a square a line; ``moves``: direction codes 1-8 in ``order`` (with
    algebraic notation the start square, then each move as a knight move to
    a square, ``Nf6``); ``json``: :meth:`knight.Tour.to_dict`.
    """
    if fmt == "json":
        return json.dumps(tour.to_dict(base, notation))
    if fmt == "path":
        if notation == "algebraic":
            return "\n".join(tour.algebraic())
        return "\n".join(f"{r} {c}" for r, c in tour.path.tolist())
    if fmt == "moves":
        if notation == "algebraic":
            squares = tour.algebraic()
            if tour.closed:
                squares.append(squares[0])
            return " ".join([squares[0], *(f"N{s}" for s in squares[1:])])
        return " ".join(str(k) for k in tour.moves(order).tolist())
    return tour.grid(base, notation)


def _silence_stdout() -> None:
    """Point stdout at the null device, so exit does not fail flushing it again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def guard(run: Callable[[], int]) -> int:
    """Run a command; map each failure to one stderr line and its exit status."""
    err = sys.stderr
    try:
        status = run()
        sys.stdout.flush()  # a write error shows here, not at exit
        return status
    except BrokenPipeError:
        # The reader went away (``knight 8 | head -1``): not an error.
        _silence_stdout()
        return EXIT_OK
    except KnightError as exc:
        err.write(f"knight: {exc}\n")
        return EXIT_NO_TOUR
    except (TypeError, ValueError, ImportError) as exc:
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except OSError as exc:  # the output, --svg/--png/--gif could not be written
        err.write(f"knight: error: cannot write: {exc}\n")
        _silence_stdout()
        return EXIT_IO
    except KeyboardInterrupt:
        err.write("knight: interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # argparse: --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_IO",
    "EXIT_NO_TOUR",
    "EXIT_OK",
    "EXIT_USAGE",
    "Parser",
    "UsageError",
    "board_args",
    "guard",
    "parse_square",
    "refuse",
    "render",
    "start_argument",
]

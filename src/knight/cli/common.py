"""What every ``knight`` command shares: the parser, exit codes, output, errors.

Exit status of every command:

* 0 -- success;
* 1 -- no tour: none exists, a greedy dead end, a search limit, or another
  :class:`knight.KnightError`;
* 2 -- usage: a bad or conflicting argument, or a board too large to hold
  in memory (:class:`knight.BoardTooLargeError`);
* 3 -- I/O: the output or a picture file could not be written (a full disk,
  a closed pipe is not an error: ``knight 8 | head -1`` exits 0);
* 130 -- interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..errors import BoardTooLargeError, KnightError
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


def ascii_int(text: str) -> int:
    """An ``int`` argument: ASCII digits with an optional sign, nothing else.

    Python's ``int()`` also takes other scripts' digits (``int("٨") == 8``),
    underscores and surrounding spaces; a board size typed by mistake in
    another script is refused instead.

    >>> ascii_int("-12")
    -12
    >>> ascii_int("٨")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: invalid int value: '٨' (digits 0-9 only)
    """
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r} (digits 0-9 only)")
    return int(text)


def ascii_float(text: str) -> float:
    """A ``float`` argument written in ASCII (``2``, ``0.5``, ``1e-3``).

    >>> ascii_float("0.5")
    0.5
    >>> ascii_float("٠.٥")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: invalid float value: '٠.٥' (digits 0-9 only)
    """
    if not re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", text):
        raise argparse.ArgumentTypeError(f"invalid float value: {text!r} (digits 0-9 only)")
    return float(text)


#: The library's parameter names and the CLI's spelling of them, to turn the
#: library's ``TypeError``/``ValueError`` messages into messages that name
#: what the user typed (see :func:`flag_message`).
FLAGS: dict[str, str] = {
    "rows": "ROWS",
    "cols": "COLS",
    "start": "--start",
    "end": "--end",
    "closed": "--closed",
    "directed": "--directed",
    "method": "--method",
    "order": "--order",
    "tie_break": "--tie-break",
    "seed": "--seed",
    "max_nodes": "--max-nodes",
    "timeout": "--timeout",
    "trace": "--trace",
    "workers": "--workers",
    "limit": "--limit",
    "progress": "--progress",
    "base": "--base",
    "notation": "--notation",
}
#: Standard-input mode: each line gives the start and the size, not --start or ROWS.
STDIN_FLAGS = {**{k: v for k, v in FLAGS.items() if k != "start"}, "rows": "size", "cols": "size"}

# A name as a whole word: not part of a flag, a dotted name or a hyphenated word.
_NAME = r"(?<![\w.'-])([a-z_]+)"
_ASSIGNED = re.compile(_NAME + r"=('[^']*'|[\w.+-]+)?")
_INDEXED = re.compile(_NAME + r"\[(\d+)\]( = )?")
_SUBJECT = re.compile(r"(?:(?<=^)|(?<=; )|(?<=needs ))([a-z_]+)(?![\w=\[-])")
_IDENTIFIER = re.compile(r"(?<![\w.'-])([a-z]+_[a-z_]+)(?![\w=\[-])")


def flag_message(message: str, flags: dict[str, str] = FLAGS) -> str:
    """A library error message with its parameter names spelled as CLI flags.

    A name is a parameter where it is written as one (``name=value``,
    ``order[0]``, ``tie_break``), or where it is the subject of the message
    (its first word, or the first after ``"; "``) or what the subject
    ``needs``; anywhere else ``start``, ``end``, ``rows`` ... are words.

    >>> flag_message("tie_break applies to method='warnsdorff' only, not 'auto'")
    "--tie-break applies to --method warnsdorff only, not 'auto'"
    >>> flag_message("start (9, 9) is off the 8x8 board (rows 0..7, cols 0..7)")
    '--start (9, 9) is off the 8x8 board (rows 0..7, cols 0..7)'
    >>> flag_message("end needs start for undirected closed tours; pass start=, or directed=True")
    '--end needs --start for undirected closed tours; pass --start, or --directed'
    >>> flag_message("order[0] = (1, 1) is not a knight move")
    '--order move 1 (1, 1) is not a knight move'
    """

    def assigned(m: re.Match[str]) -> str:
        name, value = m.group(1), m.group(2)
        if name not in flags:
            return m.group(0)
        if value in (None, "True"):
            return flags[name]
        return f"{flags[name]} {value.strip(chr(39))}"

    def indexed(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in flags:
            return m.group(0)
        return f"{flags[name]} move {int(m.group(2)) + 1}" + (" " if m.group(3) else "")

    def bare(m: re.Match[str]) -> str:
        return flags.get(m.group(1), m.group(0))

    for pattern, spell in ((_ASSIGNED, assigned), (_INDEXED, indexed), (_SUBJECT, bare),
                           (_IDENTIFIER, bare)):
        message = pattern.sub(spell, message)
    return message


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
            return ascii_int(tokens[0]), ascii_int(tokens[1])
        except argparse.ArgumentTypeError:
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
    except BoardTooLargeError as exc:  # a size out of reach: as bad as a size of 0
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except KnightError as exc:
        err.write(f"knight: {exc}\n")
        return EXIT_NO_TOUR
    except UsageError as exc:  # the CLI's own: it names the flags already
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except (TypeError, ValueError) as exc:  # the library's: it names its parameters
        err.write(f"knight: error: {flag_message(str(exc))}\n")
        return EXIT_USAGE
    except ImportError as exc:
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
    "ascii_float",
    "ascii_int",
    "board_args",
    "flag_message",
    "guard",
    "parse_square",
    "refuse",
    "render",
    "start_argument",
]

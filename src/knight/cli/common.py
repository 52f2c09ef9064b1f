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

import numpy as np

from ..board import PIECES, Board, moves_from_text
from ..errors import BoardTooLargeError, CheckpointError, KnightError
from ..geometry import shown, text_int
from ..render.sizing import MIN_SIZE as MIN_PICTURE_SIZE
from ..tour import Tour

EXIT_OK, EXIT_NO_TOUR, EXIT_USAGE, EXIT_IO, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with ``ROWS`` written as the usual argument it is.

    ``ROWS`` is optional to argparse only because ``--board FILE`` may give
    the size instead (see :func:`size_arguments`); the usage line keeps
    saying ``ROWS [COLS]``, one board, next to ``[--board FILE]``.
    """

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if action.dest == "rows" and not action.option_strings and action.nargs == "?":
            return str(action.metavar or default_metavar)
        if action.dest in ("start", "end") and action.option_strings and action.nargs == "+":
            # One square, written e4 or ROW COL: not "SQUARE [SQUARE ...]".
            return str(action.metavar or default_metavar)
        return super()._format_args(action, default_metavar)


class Parser(argparse.ArgumentParser):
    """argparse with the package's one-line error format."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

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
    another script is refused instead, and so is a number too long for
    ``int()`` (past 4,300 digits), by :func:`knight.geometry.text_int`.

    >>> ascii_int("-12")
    -12
    >>> ascii_int("٨")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: invalid int value: '٨' (digits 0-9 only)
    """
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"invalid int value: {shown(text)} (digits 0-9 only)")
    try:
        return text_int(text, "value")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    "checkpoint": "--checkpoint",
    "checkpoint_every": "--checkpoint-every",
    "base": "--base",
    "notation": "--notation",
    "board": "--board",
    "mask": "--board",
    "holes": "--holes",
    "moves": "--moves",
    "wrap": "--wrap",
}
#: What an indexed parameter counts (``holes[1]`` is the second square of --holes).
ITEMS: dict[str, str] = {"order": "move", "holes": "square", "moves": "offset"}
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
    >>> flag_message("holes[1] 'z9' is off the 8x8 board")
    "--holes square 2 'z9' is off the 8x8 board"
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
        noun = ITEMS.get(name, "item")
        return f"{flags[name]} {noun} {int(m.group(2)) + 1}" + (" " if m.group(3) else "")

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
                   help="start square, one square written as chess notation such as e4 or "
                   "as 'ROW COL' (two numbers counted from 0) "
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
        f"{option} takes 'ROW COL' or a square such as e4, got {shown(' '.join(tokens))}"
    )


def size_arguments(p: argparse.ArgumentParser) -> None:
    """``ROWS [COLS]``: the board size of a subcommand (omitted with ``--board``)."""
    p.add_argument("rows", type=ascii_int, nargs="?", metavar="ROWS", help="board rows")
    p.add_argument("cols", type=ascii_int, nargs="?", metavar="COLS",
                   help="board columns (default: ROWS)")


def board_args(size: Sequence[int]) -> tuple[int, int | None]:
    """``ROWS [COLS]`` from the positional size arguments."""
    if not size or len(size) > 2:
        raise UsageError("give the board size as ROWS or ROWS COLS")
    return size[0], (size[1] if len(size) > 1 else None)


# -- the board: --board, --holes, --moves, --wrap --------------------------------

#: The options that describe a board other than the plain knight rectangle.
BOARD_OPTIONS = ("--board", "--holes", "--moves", "--wrap")



def parse_holes(text: str) -> list[Any]:
    """The value of ``--holes``: chess squares and ``ROW COL`` pairs.

    Squares are separated by commas, semicolons or spaces; a chess square
    (``e4``) is one word, a pair is two numbers (``3 4`` or ``3,4``), counted
    from 0 with (0, 0) top-left.

    >>> parse_holes("e4,d5")
    ['e4', 'd5']
    >>> parse_holes("3 4;5 6")
    [(3, 4), (5, 6)]
    >>> parse_holes("a1, 0,1")
    ['a1', (0, 1)]
    >>> parse_holes("3 4 5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected squares such as ... (the row 5 has no column)
    """
    words = [w for w in re.split(r"[,;\s]+", text.strip()) if w]
    if not words:
        raise argparse.ArgumentTypeError("expected squares such as 'e4,d5' or 'ROW COL;ROW COL', "
                                         "got nothing")
    out: list[Any] = []
    number: int | None = None
    for word in words:
        if re.fullmatch(r"[0-9]+", word):
            if number is None:
                number = ascii_int(word)
            else:
                out.append((number, ascii_int(word)))
                number = None
            continue
        if number is not None or not re.fullmatch(r"[A-Za-z][0-9]+", word):
            break
        out.append(word)
    else:
        if number is None:
            return out
        raise argparse.ArgumentTypeError(
            f"expected squares such as 'e4,d5' or 'ROW COL;ROW COL', got {text!r} "
            f"(the row {number} has no column)")
    raise argparse.ArgumentTypeError(
        f"expected squares such as 'e4,d5' or 'ROW COL;ROW COL', got {text!r} "
        f"({word!r} is not a square)")


def pixels(text: str) -> int:
    """The value of ``--size``: a whole number of pixels, at least
    :data:`knight.render.MIN_SIZE` (16).

    >>> pixels("400")
    400
    """
    value = ascii_int(text)
    if value < MIN_PICTURE_SIZE:
        raise argparse.ArgumentTypeError(
            f"expected at least {MIN_PICTURE_SIZE} pixels, got {value}")
    return value


def parse_moves(text: str) -> Any:
    """The value of ``--moves``: a piece name, ``A,B`` or a list of offsets
    (:func:`knight.board.moves_from_text`, the one reader of that text).

    A name is one of :data:`knight.board.PIECES`; ``A,B`` is the
    (A, B)-leaper (its 8, or 4, symmetric moves); two or more ``DR,DC``
    pairs, separated by spaces or semicolons, are the moves themselves, in
    the order they are tried (a move's reverse must be listed too).

    >>> parse_moves("Zebra"), parse_moves("2,3")
    ('zebra', (2, 3))
    >>> parse_moves("1,0 -1,0; 0,1 0,-1")
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
    """
    try:
        return moves_from_text(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def board_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--board``, ``--holes``, ``--moves`` and ``--wrap`` to a command's parser."""
    g = p.add_argument_group(
        "board", "A board other than the plain rectangle for the knight: holes, another "
        "piece, edges that wrap round, or a board drawn in a file.")
    g.add_argument("--board", metavar="FILE",
                   help="read the board from FILE ('-': standard input), one line per row of "
                   "whitespace-separated squares, '.', '#' or '-' a hole and any other token "
                   "('o', '_') a usable square; the file gives the size: omit ROWS [COLS]")
    g.add_argument("--holes", type=parse_holes, action="append", metavar="SQUARES",
                   help="squares left out, as chess squares or 'ROW COL' pairs counted from 0, "
                   "separated by commas, semicolons or spaces: 'e4,d5' or '3 4;5 6' "
                   "(may be repeated)")
    g.add_argument("--moves", type=parse_moves, metavar="MOVES",
                   help="the piece: a name (" + ", ".join(PIECES) + "), 'A,B' for the "
                   "(A,B)-leaper (2,3 is the zebra), or the moves themselves, quoted, "
                   "'DR,DC DR,DC ...' in the order tried, each with its reverse (write "
                   "--moves=VALUE when VALUE starts with a minus) (default: knight)")
    g.add_argument("--wrap", choices=("cylinder", "torus"),
                   help="join the left and right edges (cylinder), or both pairs (torus)")


def board_options_given(args: argparse.Namespace) -> list[str]:
    """The board options given on the command line (as typed)."""
    return [flag for flag in BOARD_OPTIONS if getattr(args, flag[2:]) is not None]


def _read_board_text(name: str) -> str:
    if name == "-":
        if sys.stdin is None:
            raise UsageError("--board -: there is no standard input to read the board from")
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise UsageError(f"--board: cannot read {name!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--board: {name!r} is not a text file (UTF-8)") from None


def _holes(args: argparse.Namespace) -> list[Any] | None:
    return None if args.holes is None else [sq for group in args.holes for sq in group]


def board_from_file(args: argparse.Namespace) -> Board:
    """The board of ``--board FILE`` (``-``: standard input), with ``--holes``,
    ``--moves`` and ``--wrap`` applied to it."""
    text = _read_board_text(args.board)
    where = "standard input" if args.board == "-" else repr(args.board)
    moves = "knight" if args.moves is None else args.moves
    try:
        board = Board.from_text(text, moves=moves, wrap=args.wrap)
    except ValueError as exc:
        if str(exc).startswith(("moves", "wrap")):
            raise  # named by flag_message
        raise UsageError(f"--board {where}: {exc}") from None
    holes = _holes(args)
    if holes:
        board = Board(mask=board.mask, holes=holes, moves=moves, wrap=args.wrap)
    return board


def default_start(board: Board) -> tuple[int, int]:
    """Where a tour starts unless ``--start`` says: (0, 0), or on a board
    with holes the first usable square in reading order.

    >>> default_start(Board(3, 4, holes=[(0, 0), (0, 1)]))
    (0, 2)
    """
    if board.is_full:
        return (0, 0)
    r, c = divmod(int(np.argmax(board.mask)), board.cols)
    return (r, c)


def board_from_args(args: argparse.Namespace, rows: int | None,
                    cols: int | None = None) -> Board | None:
    """The :class:`knight.Board` the board options describe, or None without them.

    None means the plain ``rows`` x ``cols`` knight board, which the
    commands pass on as a size, exactly as before the options existed.
    ``--board`` gives the size itself, so ``rows`` must then be None
    (ROWS [COLS] omitted); ``--holes``, ``--moves`` and ``--wrap`` apply to
    it as to a size.
    """
    if args.board is not None:
        if rows is not None:
            raise UsageError("--board gives the board's size: omit ROWS [COLS]")
        return board_from_file(args)
    holes = _holes(args)
    moves = "knight" if args.moves is None else args.moves
    if rows is None:
        given = board_options_given(args)
        raise UsageError("give the board size as ROWS [COLS]"
                         + (f" with {', '.join(given)}" if given else "") + ", or --board FILE")
    if holes is None and args.moves is None and args.wrap is None:
        return None
    return Board(rows, cols, holes=holes, moves=moves, wrap=args.wrap)


def board_or_size(args: argparse.Namespace) -> tuple[int | Board, int | None]:
    """What a subcommand passes the library as ``rows, cols``: its ``ROWS
    [COLS]``, or the :class:`knight.Board` of the board options and None."""
    board = board_from_args(args, args.rows, args.cols)
    return (args.rows, args.cols) if board is None else (board, None)


def render(tour: Tour, fmt: str, base: int = 0, notation: str = "coords",
           order: Sequence[tuple[int, int]] | None = None) -> str:
    """The tour as the commands print it.

    ``grid``: step numbers (chess labels with algebraic notation), ``.`` on
    holes; ``path``: a square a line; ``moves``: direction codes 1..K, code
    k the k-th of the board's K moves in ``order`` (with algebraic notation
    the start square, then each move as the square it goes to, with the
    knight's letter for a knight, ``Nf6``, and no letter for other pieces,
    which chess has no letter for); ``json``: :meth:`knight.Tour.to_dict`.
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
            letter = "N" if tour.layout.is_knight else ""
            return " ".join([squares[0], *(letter + s for s in squares[1:])])
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
    except CheckpointError as exc:  # --checkpoint's directory: unwritable, or refused
        err.write(f"knight: error: {exc}\n")
        return EXIT_IO
    except BoardTooLargeError as exc:  # a size out of reach: as bad as a size of 0
        err.write(f"knight: error: {flag_message(str(exc))}\n")
        return EXIT_USAGE
    except KnightError as exc:  # no tour, a dead end, a limit: its advice in flags
        err.write(f"knight: {flag_message(str(exc))}\n")
        return EXIT_NO_TOUR
    except UsageError as exc:  # the CLI's own: it names the flags already
        err.write(f"knight: error: {exc}\n")
        return EXIT_USAGE
    except (TypeError, ValueError) as exc:  # the library's: it names its parameters
        err.write(f"knight: error: {flag_message(str(exc))}\n")
        return EXIT_USAGE
    except ImportError as exc:  # an extra missing: progress=True is --progress here
        err.write(f"knight: error: {flag_message(str(exc))}\n")
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
    "BOARD_OPTIONS",
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
    "board_arguments",
    "board_from_args",
    "board_from_file",
    "board_or_size",
    "board_options_given",
    "flag_message",
    "guard",
    "parse_holes",
    "parse_moves",
    "default_start",
    "parse_square",
    "refuse",
    "render",
    "size_arguments",
    "start_argument",
]

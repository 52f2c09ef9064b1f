"""The text format of a puzzle: the grid as published puzzles print it.

One line per row: a number is a clue counted **from 1**, ``_`` (any run of
underscores) or ``0`` an empty square, ``.`` (``#``, ``-``) a hole; lines
``moves:``, ``wrap:`` and ``closed:`` before the grid are a header.
:meth:`knight.puzzle.Puzzle.from_text` reads it (:func:`read`) and
:meth:`~knight.puzzle.Puzzle.to_text` writes it (:func:`write`).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ..board import HOLE_TOKENS, WRAPS, Board, moves_from_text, text_lines
from ..geometry import Square, text_int

#: Header keys of the text format (``moves: king``), in the order written.
HEADER_KEYS = ("moves", "wrap", "closed")

_HEADER = re.compile(r"([A-Za-z]+)\s*:\s*(.*)")
_NUMBER = re.compile(r"[0-9]+")
_BLANK = re.compile(r"_+")
_TRUE = ("yes", "true", "1", "on")
_FALSE = ("no", "false", "0", "off")


def _piece_order(name: str) -> tuple[tuple[int, int], ...]:
    return Board(1, moves=name).moves


def _moves_text(board: Board) -> str | None:
    """The ``moves:`` header of a board: None for the knight in its default
    order, the piece's name when its moves are the piece's own order, else
    the offsets."""
    if board.piece is not None and board.moves == _piece_order(board.piece):
        return None if board.piece == "knight" else board.piece
    return " ".join(f"{dr},{dc}" for dr, dc in board.moves)


def parse_moves(text: str) -> Any:
    """The value of a ``moves:`` header: a piece name, ``A,B`` (the
    (A, B)-leaper) or the offsets ``"DR,DC DR,DC ..."`` in the order tried,
    as :class:`knight.Board` takes ``moves=`` (read by
    :func:`knight.board.moves_from_text`, as the command line's ``--moves``).

    >>> parse_moves("King"), parse_moves("2,3")
    ('king', (2, 3))
    >>> parse_moves("1,0 -1,0 0,1 0,-1")
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
    """
    return moves_from_text(text)


def read(text: str, moves: Any = None, *, wrap: str | None = None,
         closed: bool | None = None) -> tuple[Board, dict[Square, int], bool]:
    """The board, the clues (square -> step from 0) and ``closed`` of a
    puzzle's text, for :meth:`knight.puzzle.Puzzle.from_text` (which says
    the format); the clues are not checked yet."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    header: dict[str, tuple[str, int]] = {}
    rows: list[list[str]] = []
    linenos: list[int] = []
    for lineno, stripped in text_lines(text):
        match = _HEADER.fullmatch(stripped)
        if match is not None:
            key = match.group(1).lower()
            if rows:
                raise ValueError(
                    f"line {lineno}: the header line {stripped!r} comes after the grid; "
                    "header lines (moves:, wrap:, closed:) go before the first row")
            if key not in HEADER_KEYS:
                raise ValueError(
                    f"line {lineno}: unknown header {match.group(1)!r}; the header keys "
                    f"are {', '.join(HEADER_KEYS)}")
            if key in header:
                raise ValueError(f"line {lineno}: the header gives {key}: twice")
            header[key] = (match.group(2).strip(), lineno)
            continue
        tokens = stripped.split()
        if rows and len(tokens) != len(rows[0]):
            raise ValueError(
                f"line {lineno} of the puzzle has {len(tokens)} squares, but the first row "
                f"has {len(rows[0])}: every row must have the same number of tokens")
        rows.append(tokens)
        linenos.append(lineno)
    if not rows:
        raise ValueError("the puzzle text has no rows")
    moves = _merge(moves, header, "moves", _header_moves)
    wrap = _merge(wrap, header, "wrap", _header_wrap)
    closed = _merge(closed, header, "closed", _header_closed)
    mask = np.ones((len(rows), len(rows[0])), dtype=bool)
    numbers: dict[int, Square] = {}
    for r, (tokens, lineno) in enumerate(zip(rows, linenos)):
        for c, token in enumerate(tokens):
            if token in HOLE_TOKENS:
                mask[r, c] = False
            elif _NUMBER.fullmatch(token):
                n = text_int(token, f"line {lineno}, square {(r, c)}: the token")
                if n == 0:
                    continue
                if n in numbers:
                    raise ValueError(
                        f"the number {n} is written twice: on squares {numbers[n]} and "
                        f"{(r, c)}")
                numbers[n] = (r, c)
            elif not _BLANK.fullmatch(token):
                raise ValueError(
                    f"line {lineno}, square {(r, c)}: {token!r} is not a square of a "
                    "puzzle: write a number from 1 (a clue), '_' or '0' (an empty square) "
                    "or '.' (a hole)")
    board = Board(mask=mask, moves="knight" if moves is None else moves, wrap=wrap)
    for n, sq in sorted(numbers.items()):
        if n > board.size:
            raise ValueError(
                f"the number {n} on square {sq} is out of range: the puzzle has "
                f"{board.size} squares to number, so numbers run from 1 to {board.size}")
    return board, {sq: n - 1 for n, sq in numbers.items()}, bool(closed)


def write(board: Board, clues: dict[Square, int], closed: bool) -> str:
    """The text of a puzzle, for :meth:`knight.puzzle.Puzzle.to_text`."""
    width = len(str(board.size))
    cells = np.where(board.mask, "_" * width, ".").astype(object)
    for (r, c), step in clues.items():
        cells[r, c] = str(step + 1)
    lines = []
    moves = _moves_text(board)
    if moves is not None:
        lines.append(f"moves: {moves}")
    if board.wrap is not None:
        lines.append(f"wrap: {board.wrap}")
    if closed:
        lines.append("closed: yes")
    lines.extend(" ".join(str(t).rjust(width) for t in row) for row in cells)
    return "\n".join(lines)


def _merge(given: Any, header: dict[str, tuple[str, int]], key: str, parse: Any) -> Any:
    """An argument of from_text and the header line that says the same."""
    if key not in header:
        return given
    text, lineno = header[key]
    try:
        value = parse(text)
    except ValueError as exc:
        raise ValueError(f"line {lineno}: {exc}") from None
    if given is not None and _canonical(key, given) != _canonical(key, value):
        raise ValueError(
            f"{key}={given!r} contradicts the header line {lineno} ({key}: {text})")
    return value


def _canonical(key: str, value: Any) -> Any:
    if key == "moves":
        return Board(1, moves=value).moves
    if key == "wrap":
        return Board(1, wrap=value).wrap
    return bool(value)


def _header_moves(text: str) -> Any:
    value = parse_moves(text)
    Board(1, moves=value)  # a bad move set is refused here, naming its line
    return value


def _header_wrap(text: str) -> str | None:
    t = text.strip().lower()
    if t in ("", "none", "flat"):
        return None
    if t not in WRAPS:
        raise ValueError(f"wrap must be cylinder, torus or none, not {text.strip()!r}")
    return t


def _header_closed(text: str) -> bool:
    t = text.strip().lower()
    if t in _TRUE:
        return True
    if t in _FALSE:
        return False
    raise ValueError(f"closed must be yes or no, not {text.strip()!r}")

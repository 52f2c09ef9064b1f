"""Path puzzles with clues: knight's-tour puzzles, Hidato, Numbrix, Hopido.

A :class:`Puzzle` is a board (any :class:`knight.Board`: holes, any piece,
wrap-around) with some squares numbered: the *clues*.  Solving it means
numbering every usable square so that consecutive numbers are one move of
the piece apart and every clue keeps its number; a proper puzzle has exactly
one such numbering.  The families differ only in the board's moves:

=====================  =====================================================
knight's-tour puzzle   ``moves="knight"`` (the default)
Hidato (Hidoku)        ``moves="king"``: a step to any of the 8 neighbours
Numbrix                ``moves="wazir"``: a step along a row or a column
Hopido                 ``moves="hopido"``: hops of (2, 2) and (3, 0), no clues
=====================  =====================================================

Clues are step numbers counted from 0 in the API (``puzzle.clues[(0, 0)] ==
0``: the first square), as everywhere in this package, and from 1 in the
text format, as published puzzles print them.

* :meth:`Puzzle.from_text` / :meth:`Puzzle.to_text`: the grid as text;
  :meth:`Puzzle.to_dict` / :meth:`Puzzle.from_dict` and ``to_json`` /
  ``from_json``: JSON with the board, the clues and the solution.
* :func:`solve` finds a solution, :func:`count` counts them up to a limit
  (``count(p) == 1``: the solution is unique).  Both run the Cython search
  that :func:`knight.solve` and :func:`knight.count` run with ``clues=``.
* :func:`make` makes a puzzle with a unique solution and few clues from a
  seed.
* :meth:`Puzzle.to_svg` / :meth:`Puzzle.to_png` draw a printable sheet: the
  puzzle, or its solution (see :func:`knight.render.puzzle_svg`).

>>> import knight
>>> from knight.puzzle import Puzzle
>>> p = Puzzle.from_text('''
... moves: king
...  1  _  3
...  _  9  _
...  7  _  5
... ''')
>>> p.clues
{(0, 0): 0, (0, 2): 2, (2, 2): 4, (2, 0): 6, (1, 1): 8}
>>> knight.puzzle.count(p)
1
>>> print(knight.puzzle.solve(p).grid(base=1))
1 2 3
8 9 4
7 6 5
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from . import clues as _clues
from . import existence as _existence
from ._core import table_count as _table_count
from .board import HOLE_TOKENS, PIECES, WRAPS, Board, as_board
from .counting import count as _count_tours
from .errors import DeadEndError, NoTourError, SearchLimitError
from .geometry import Square, as_int
from .limits import check_bool, check_max_nodes, check_timeout
from .solver import solve as _solve_tour
from .tour import Tour, _layout_dict

#: The ``"format"`` entry of :meth:`Puzzle.to_dict`, and its version.
JSON_FORMAT = "knight-puzzle"
JSON_VERSION = 1

#: Header keys of the text format (``moves: king``), in the order written.
HEADER_KEYS = ("moves", "wrap", "closed")

_HEADER = re.compile(r"([A-Za-z]+)\s*:\s*(.*)")
_NUMBER = re.compile(r"[0-9]+")
_BLANK = re.compile(r"_+")
_PAIR = re.compile(r"[+-]?[0-9]+,[+-]?[0-9]+")
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
    as :class:`knight.Board` takes ``moves=``.

    >>> parse_moves("King"), parse_moves("2,3")
    ('king', (2, 3))
    >>> parse_moves("1,0 -1,0 0,1 0,-1")
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
    """
    t = text.strip()
    if re.fullmatch(r"[A-Za-z]+", t):
        if t.lower() not in PIECES:
            raise ValueError(
                f"moves {t!r} is not a piece this package knows; the pieces are "
                f"{', '.join(sorted(PIECES))}, or give A,B for the (A,B)-leaper or the "
                "offsets 'DR,DC DR,DC ...'")
        return t.lower()
    items = [w for w in re.split(r"[;\s]+", t) if w]
    bad = next((w for w in items if not _PAIR.fullmatch(w)), None)
    if not items or bad is not None:
        raise ValueError(
            f"moves must be a piece name, A,B for the (A,B)-leaper, or offsets "
            f"'DR,DC DR,DC ...', got {text.strip()!r}")
    pairs = [(int(a), int(b)) for a, b in (w.split(",") for w in items)]
    return pairs[0] if len(pairs) == 1 else pairs


def _check_clues(board: Board, clues: Any) -> dict[Square, int]:
    """Validated clues: square -> step from 0, on usable squares, each step once."""
    if clues is None:
        return {}
    if not isinstance(clues, Mapping):
        raise TypeError(
            f"clues must be a mapping of squares to steps (from 0), not {type(clues).__name__}")
    out: dict[Square, int] = {}
    seen: dict[int, Square] = {}
    for key, value in clues.items():
        sq = board.square(key, "clues square")
        step = as_int(value, f"clues[{sq}]")
        if not 0 <= step < board.size:
            raise ValueError(
                f"clues[{sq}] = {step} is out of range: the {board.describe()} has "
                f"{board.size} usable squares, so steps run from 0 to {board.size - 1}")
        if step in seen:
            raise ValueError(
                f"clues give the step {step} twice: on {seen[step]} and on {sq}")
        if sq in out:
            raise ValueError(f"clues give the square {sq} twice")
        seen[step] = sq
        out[sq] = step
    return dict(sorted(out.items(), key=lambda item: item[1]))


class Puzzle:
    """A path puzzle: a board, clues (square -> step from 0) and, when known,
    its solution.

    ``Puzzle(board, clues=None, *, closed=False, solution=None)``

    * ``board``: a :class:`knight.Board` (holes, any piece, wrap-around), or
      a size for the plain knight board.
    * ``clues``: a mapping of squares (``(row, col)`` or ``"e4"``) to step
      numbers **from 0**, on usable squares, each step at most once.
    * ``closed``: the solution must be a closed tour (its last square one
      move from its first).
    * ``solution``: a :class:`knight.Tour` of the board that keeps every clue
      (checked), or None.

    Puzzles are immutable and hashable; two puzzles are equal when their
    boards, clues and ``closed`` are (the solution is not compared: it is
    what the rest determines, when the puzzle is proper).

    >>> import knight
    >>> from knight.puzzle import Puzzle
    >>> p = Puzzle(knight.Board(3, 4), {(0, 0): 0, "d1": 11})
    >>> p.clues
    {(0, 0): 0, (2, 3): 11}
    >>> print(p.to_text())
     1 __ __ __
    __ __ __ __
    __ __ __ 12
    >>> Puzzle(knight.Board(3, 4), {(0, 0): 12})
    Traceback (most recent call last):
    ValueError: clues[(0, 0)] = 12 is out of range: the 3x4 board has 12 usable squares, ...
    """

    __slots__ = ("_board", "_clues", "_closed", "_solution")

    def __init__(self, board: Board | int, clues: Mapping[Any, int] | None = None, *,
                 closed: bool = False, solution: Tour | None = None) -> None:
        if not isinstance(board, Board):
            board = as_board(board)
        self._board = board
        self._clues = _check_clues(board, clues)
        self._closed = check_bool(closed, "closed")
        self._solution = self._check_solution(solution)

    def _check_solution(self, solution: Any) -> Tour | None:
        if solution is None:
            return None
        if not isinstance(solution, Tour):
            raise TypeError(f"solution must be a knight.Tour, not {type(solution).__name__}")
        if not _same_board(solution.layout, self._board):
            raise ValueError(
                f"solution is a tour of the {solution.layout.describe()}, not of the puzzle's "
                f"{self._board.describe()}")
        if self._closed and not solution.closed:
            raise ValueError("solution must be a closed tour: the puzzle is closed")
        for sq, step in self._clues.items():
            found = int(solution.board[sq])
            if found != step:
                raise ValueError(
                    f"solution does not keep the clues: it has step {found} on {sq}, where the "
                    f"clue is {step}")
        return solution

    # -- the value -------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The :class:`knight.Board`: shape, holes, moves, wrap."""
        return self._board

    @property
    def clues(self) -> dict[Square, int]:
        """The clues, square -> step from 0, in step order (a copy)."""
        return dict(self._clues)

    @property
    def closed(self) -> bool:
        """True when the solution must be a closed tour."""
        return self._closed

    @property
    def solution(self) -> Tour | None:
        """The solution, when known (:func:`make` knows it), else None."""
        return self._solution

    @property
    def size(self) -> int:
        """How many squares the solution numbers (the board's usable squares)."""
        return self._board.size

    def with_solution(self, solution: Tour | None) -> Puzzle:
        """The same puzzle with ``solution`` (checked to keep the clues).

        >>> import knight
        >>> p = Puzzle(knight.Board(3, 4), {(0, 0): 0, (0, 1): 3})
        >>> p.with_solution(knight.puzzle.solve(p)).solution.board[0].tolist()
        [0, 3, 6, 9]
        """
        return Puzzle(self._board, self._clues, closed=self._closed, solution=solution)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return (self._board == other._board and self._clues == other._clues
                and self._closed == other._closed)

    def __hash__(self) -> int:
        return hash((self._board, tuple(self._clues.items()), self._closed))

    def __repr__(self) -> str:
        extra = ", closed=True" if self._closed else ""
        solved = "" if self._solution is None else ", solved"
        return (f"<Puzzle {self._board.describe()} with {len(self._clues)} "
                f"clue{'s' if len(self._clues) != 1 else ''}{extra}{solved}>")

    def __str__(self) -> str:
        return self.to_text()

    # -- text ------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, moves: Any = None, *, wrap: str | None = None,
                  closed: bool | None = None) -> Puzzle:
        """Read a puzzle written as a grid of tokens, one line per row.

        * A number is a clue, counted **from 1** as published puzzles print
          them (``1`` is the first square; :attr:`clues` holds it as step 0).
        * ``_`` (any run of underscores: ``__`` lines up with two-digit
          numbers) or ``0`` is an empty square to fill in.
        * ``.`` is a hole (``#`` and ``-`` too, as in
          :meth:`knight.Board.from_text`): a square that is not on the board.

        Tokens are separated by whitespace; every row must have as many as
        the first.  Blank lines, and lines starting with ``;`` or ``//``,
        are comments.  Lines ``key: value`` before the grid are a header:

        * ``moves: king``: the piece, as ``moves=`` takes it (a name, ``A,B``
          for the (A, B)-leaper, or the offsets ``DR,DC DR,DC ...``; default:
          the knight);
        * ``wrap: cylinder`` or ``wrap: torus``;
        * ``closed: yes``: the solution is a closed tour.

        The arguments ``moves``, ``wrap`` and ``closed`` say the same; one
        that contradicts the header is an error.  Mistakes raise
        ``ValueError`` naming the line and the square (from 0, as
        ``(row, col)``).

        >>> p = Puzzle.from_text('''
        ... ; Numbrix: steps along rows and columns
        ...  _  _  _
        ...  _  9  _
        ...  1  _  _
        ... ''', moves="wazir")
        >>> p.board.piece, p.clues
        ('wazir', {(2, 0): 0, (1, 1): 8})
        >>> Puzzle.from_text("1 2\\n2 _")
        Traceback (most recent call last):
        ValueError: the number 2 is written twice: on squares (0, 1) and (1, 0)
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        header: dict[str, tuple[str, int]] = {}
        rows: list[list[str]] = []
        linenos: list[int] = []
        for lineno, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if not stripped or stripped.startswith((";", "//")):
                continue
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
                    n = int(token)
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
        return cls(board, {sq: n - 1 for n, sq in numbers.items()}, closed=bool(closed))

    def to_text(self) -> str:
        """The puzzle as text (see :meth:`from_text`): a header for a board
        other than the knight's, then the grid with clues counted from 1,
        empty squares as underscores and holes as ``.``, in aligned columns.

        ``Puzzle.from_text(p.to_text()) == p``.

        >>> import knight
        >>> p = Puzzle(knight.Board(3, 4, moves="king", holes=["d3"]), {(0, 0): 0, (2, 3): 10})
        >>> print(p.to_text())
        moves: king
         1 __ __  .
        __ __ __ __
        __ __ __ 11
        >>> Puzzle.from_text(p.to_text()) == p
        True
        """
        board = self._board
        width = len(str(board.size))
        cells = np.where(board.mask, "_" * width, ".").astype(object)
        for (r, c), step in self._clues.items():
            cells[r, c] = str(step + 1)
        lines = []
        moves = _moves_text(board)
        if moves is not None:
            lines.append(f"moves: {moves}")
        if board.wrap is not None:
            lines.append(f"wrap: {board.wrap}")
        if self._closed:
            lines.append("closed: yes")
        lines.extend(" ".join(str(t).rjust(width) for t in row) for row in cells)
        return "\n".join(lines)

    # -- JSON ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: ``format`` and ``version``, the
        ``board`` (``rows``, ``cols``, ``holes``, ``moves``, ``piece``,
        ``wrap``, as in :meth:`knight.Tour.to_dict`'s ``layout``),
        ``closed``, the ``clues`` as ``[row, col, step]`` with steps **from
        0**, and the ``solution`` (:meth:`knight.Tour.to_dict`) or None.

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> d = p.to_dict()
        >>> d["board"]["rows"], d["clues"], d["solution"]
        (3, [[1, 1, 0]], None)
        """
        return {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "board": _layout_dict(self._board),
            "closed": self._closed,
            "clues": [[r, c, step] for (r, c), step in self._clues.items()],
            "solution": None if self._solution is None else self._solution.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """The puzzle :meth:`to_dict` describes (the solution is checked).

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> Puzzle.from_dict(p.to_dict()) == p
        True
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"data must be a mapping (a JSON object), not {type(data).__name__}")
        if data.get("format", JSON_FORMAT) != JSON_FORMAT:
            raise ValueError(f"data is not a puzzle: its format is {data.get('format')!r}, "
                             f"not {JSON_FORMAT!r}")
        version = data.get("version", JSON_VERSION)
        if version != JSON_VERSION:
            raise ValueError(f"puzzle version {version!r} is not one this release reads "
                             f"({JSON_VERSION})")
        for key in ("board", "clues"):
            if key not in data:
                raise ValueError(f"data has no {key!r} entry")
        board = _board_from_dict(data["board"])
        clues_in = data["clues"]
        if not isinstance(clues_in, list):
            raise TypeError("data['clues'] must be a list of [row, col, step]")
        clues: dict[Any, int] = {}
        for i, item in enumerate(clues_in):
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError(f"data['clues'][{i}] must be [row, col, step], got {item!r}")
            sq = (as_int(item[0], f"data['clues'][{i}] row"),
                  as_int(item[1], f"data['clues'][{i}] col"))
            if sq in clues:
                raise ValueError(f"data['clues'] gives the square {sq} twice")
            clues[sq] = item[2]
        closed = check_bool(data.get("closed", False), "data['closed']")
        solution = data.get("solution")
        tour = None if solution is None else _tour_from_dict(solution, board)
        return cls(board, clues, closed=closed, solution=tour)

    def to_json(self, **options: Any) -> str:
        """:meth:`to_dict` as a JSON string (``options`` go to :func:`json.dumps`).

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> Puzzle.from_json(p.to_json(indent=1)) == p
        True
        """
        return json.dumps(self.to_dict(), **options)

    @classmethod
    def from_json(cls, text: str | bytes) -> Puzzle:
        """The puzzle of a JSON string written by :meth:`to_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the puzzle JSON does not parse: {exc}") from None
        return cls.from_dict(data)

    # -- pictures --------------------------------------------------------------

    def _sheet(self, solution: Any, path: Any) -> Tour | None:
        if not isinstance(solution, (bool, np.bool_)):
            raise ValueError(f"solution must be True or False, got {solution!r}")
        if path and not solution:
            raise ValueError("path=True draws the solution's path: pass solution=True too")
        if not solution:
            return None
        return self._solution if self._solution is not None else solve(self)

    def to_svg(self, *, solution: bool = False, path: bool = False, size: int = 640,
               title: str | None = None) -> str:
        """A printable sheet as an SVG document: the puzzle (clues from 1,
        empty squares blank, holes hatched) or, with ``solution=True``, its
        solution (every square numbered; ``path=True`` draws the path too).
        The solution sheet uses :attr:`solution`, or solves the puzzle.  See
        :func:`knight.render.puzzle_svg`.

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> p.to_svg().count("<text")
        1
        """
        from .render import puzzle_svg

        return puzzle_svg(self._board, self._clues, solution=self._sheet(solution, path),
                          path=bool(path), size=size, title=title)

    def to_png(self, target: str | os.PathLike[str], *, solution: bool = False,
               path: bool = False, size: int = 640) -> None:
        """Save the sheet :meth:`to_svg` draws as a PNG file ``target``
        (needs Pillow, the ``plot`` extra)."""
        from .render import puzzle_png

        puzzle_png(self._board, self._clues, target, solution=self._sheet(solution, path),
                   path=bool(path), size=size)

    def save(self, path: str | os.PathLike[str], **options: Any) -> None:
        """Save the sheet by extension: ``.svg`` (no dependency) or ``.png``
        (Pillow); ``.txt`` writes :meth:`to_text` and ``.json``
        :meth:`to_json`."""
        name = os.fspath(path)
        ext = os.path.splitext(name)[1].lower()
        if ext == ".png":
            self.to_png(name, **options)
            return
        if ext not in (".svg", ".txt", ".json"):
            raise ValueError(f"cannot save a puzzle as {ext or 'a file without extension'!r}: "
                             "use .svg, .png, .txt or .json")
        if options and ext != ".svg":
            raise ValueError(f"{ext} takes no options, got {', '.join(sorted(options))}")
        if ext == ".svg":
            content = self.to_svg(**options)
        elif ext == ".txt":
            content = self.to_text() + "\n"
        else:
            content = self.to_json()
        with open(name, "w", encoding="utf-8") as f:
            f.write(content)


def _same_board(a: Board, b: Board) -> bool:
    """The same squares, moves (in any order) and wrap."""
    return (a.shape == b.shape and sorted(a.moves) == sorted(b.moves) and a.wrap == b.wrap
            and bool(np.array_equal(a.mask, b.mask)))


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


def _board_from_dict(data: Any) -> Board:
    if not isinstance(data, Mapping):
        raise TypeError("data['board'] must be an object with rows, cols, holes, moves, wrap")
    for key in ("rows", "cols"):
        if key not in data:
            raise ValueError(f"data['board'] has no {key!r} entry")
    moves = data.get("moves") or "knight"
    if isinstance(moves, list):
        moves = [tuple(m) if isinstance(m, list) else m for m in moves]
    holes = data.get("holes") or None
    if holes is not None:
        holes = [tuple(h) if isinstance(h, list) else h for h in holes]
    return Board(data["rows"], data["cols"], holes=holes, moves=moves, wrap=data.get("wrap"))


def _tour_from_dict(data: Any, board: Board) -> Tour:
    """The tour of a :meth:`knight.Tour.to_dict` entry, on ``board``."""
    if not isinstance(data, Mapping) or "board" not in data:
        raise ValueError("data['solution'] must be a tour's to_dict() (with its 'board') or null")
    base = data.get("base", 0)
    if base not in (0, 1):
        raise ValueError(f"data['solution']['base'] must be 0 or 1, got {base!r}")
    try:
        steps = np.array(data["board"], dtype=np.int64)
    except (TypeError, ValueError):
        raise ValueError("data['solution']['board'] must be a grid of step numbers") from None
    if steps.shape != board.shape:
        raise ValueError(
            f"data['solution']['board'] is {'x'.join(map(str, steps.shape))}, but the board is "
            f"{board.rows}x{board.cols}")
    steps = np.where(board.mask, steps - base, -1).astype(np.int32)
    closed = check_bool(data.get("closed", False), "data['solution']['closed']")
    return Tour(steps, closed=closed, layout=board)


# -- solving and counting ---------------------------------------------------------


def _check_puzzle(puzzle: Any) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a knight.puzzle.Puzzle, not {type(puzzle).__name__}")
    return puzzle


def solve(puzzle: Puzzle, *, timeout: float | None = None,
          max_nodes: int | None = None) -> Tour:
    """A solution of the puzzle: a :class:`knight.Tour` of its board that
    keeps every clue (closed when the puzzle is).

    Runs :func:`knight.solve` with ``clues=`` (the Cython search, which
    places each clue's square at its step).  Raises
    :class:`knight.NoTourError` saying why when there is no solution, and
    :class:`knight.SearchLimitError` when ``timeout`` (seconds) or
    ``max_nodes`` stops the search first.  Whether the solution is the only
    one is :func:`count`'s question.

    >>> import knight
    >>> p = Puzzle(knight.Board(5), {(0, 0): 0, (2, 2): 24, (1, 2): 7})
    >>> t = knight.puzzle.solve(p)
    >>> int(t.board[0, 0]), int(t.board[1, 2]), int(t.board[2, 2])
    (0, 7, 24)
    >>> knight.puzzle.solve(Puzzle(knight.Board(3, 4), {(0, 0): 0, (0, 1): 1}))
    Traceback (most recent call last):
    knight.errors.NoTourError: ...
    """
    p = _check_puzzle(puzzle)
    if not p.clues:
        return _solve_free(p.board, p.closed, timeout, max_nodes)
    return _solve_tour(p.board, clues=p.clues, closed=p.closed, timeout=timeout,
                       max_nodes=max_nodes)


def _solve_free(board: Board, closed: bool, timeout: Any, max_nodes: Any) -> Tour:
    """A puzzle with no clues (Hopido): a tour from any square, trying the
    squares in reading order under one shared budget (a closed tour passes
    every square: one start does)."""
    seconds = check_timeout(timeout)
    budget = check_max_nodes(max_nodes)
    began = time.perf_counter()
    nodes = 0
    kind = "closed" if closed else "open"
    squares = board.squares.tolist()
    last: NoTourError | None = None
    for r, c in squares[:1] if closed else squares:
        spent = time.perf_counter() - began
        left = None if seconds is None else seconds - spent
        if (left is not None and left <= 0) or (budget is not None and nodes >= budget):
            raise SearchLimitError(
                f"the search stopped at its limit after {nodes:,} nodes and {spent:.3f} s "
                f"without finding {'a closed' if closed else 'an open'} tour of the "
                f"{board.describe()}", nodes, spent)
        try:
            return _solve_tour(board, start=(r, c), closed=closed, timeout=left,
                               max_nodes=None if budget is None else budget - nodes)
        except NoTourError as exc:
            nodes += exc.nodes
            last = exc
    reason = "" if last is None else f": from {tuple(squares[-1])}, {last.reason}"
    raise NoTourError(f"no {kind} tour of the {board.describe()} from any square{reason}",
                      nodes)


def count(puzzle: Puzzle, limit: int = 2, *, timeout: float | None = None) -> int:
    """How many solutions the puzzle has, counting up to ``limit``:
    ``min(solutions, limit)``.

    With the default ``limit=2``: 0 (none), 1 (unique: a proper puzzle) or
    2 (two or more).  Runs :func:`knight.count` with ``clues=`` and
    ``limit=``, so it stops at the ``limit``-th solution.  ``timeout``
    (seconds) raises :class:`knight.SearchLimitError` if reached first.

    >>> import knight
    >>> knight.puzzle.count(Puzzle(knight.Board(5), {(0, 0): 0}))
    2
    >>> knight.puzzle.count(Puzzle(knight.Board(5), {(0, 0): 0}), limit=1000)
    304
    """
    p = _check_puzzle(puzzle)
    n = as_int(limit, "limit")
    if n < 1:
        raise ValueError(f"limit must be at least 1, got {n}")
    extra: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
    return _count_tours(p.board, clues=p.clues, closed=p.closed, limit=n, **extra)


# -- making puzzles -----------------------------------------------------------------

#: How many tours :func:`make` tries when ``clues=N`` asks for fewer clues
#: than one tour reached.
MAKE_TOURS = 8

#: :func:`make` starts from the clues on every ``MAKE_GAP``-th step of the
#: tour (from a random offset): gaps of at most ``MAKE_GAP - 1`` unknown
#: squares, so the first searches answer at once, and usually already a
#: unique solution.
MAKE_GAP = 3

#: The most search nodes one check of :func:`make` may take (the search
#: stops at the first multiple of 16384 nodes past it): a clue whose removal
#: a check cannot settle within them stays, and a second solution a check
#: cannot find within them counts as found.  Nodes, not seconds, so a seed
#: makes the same puzzle on every machine.  Proving a sparse 8x8 puzzle
#: unique can take a search of seconds; these checks take milliseconds.
MAKE_MAX_NODES = 1 << 15


def make(board: Board | int, *, seed: int, clues: int | None = None,
         symmetric: bool = False, closed: bool = False) -> Puzzle:
    """A puzzle on ``board`` with a unique solution and few clues, made from ``seed``.

    The same arguments make the same puzzle on every machine (every limit
    is counted in search nodes, not seconds).  The steps:

    1. A random tour of the board (closed with ``closed=True``): Warnsdorff's
       rule with random tie-breaks from random starts, and when that keeps
       failing (boards with holes, other pieces) a search in a shuffled move
       order.  It is the puzzle's :attr:`~Puzzle.solution`.
    2. Clues on every :data:`MAKE_GAP`-th step of the tour, from a random
       offset; then, while the clue search (that of :func:`knight.tours`
       with ``clues=``) finds a second solution, a square on which it differs
       from the tour becomes a clue, so each added clue rules out a solution
       the clues so far allow.
    3. The clues, in a random order, each removed when the solution stays
       unique without it (the search of :func:`knight.count` with
       ``limit=2``).  The result is a puzzle from which no clue can be
       removed, as far as the checks can tell.

    Every check is bounded by :data:`MAKE_MAX_NODES` search nodes: a clue
    whose removal a check cannot settle within them stays, and when step 2
    can neither find a second solution nor rule one out, a random clue is
    added.  So the clues are few, not always the fewest: proving a sparse
    8x8 puzzle unique can take a search of seconds, and the checks take
    milliseconds (an 8x8 knight puzzle takes about 0.2 s, with 10 to 20
    clues, 14 typically; see ``benchmarks/bench_puzzle.py``).

    ``symmetric=True`` chooses and removes clues in pairs of squares that a
    half turn of the board swaps (a centre square is its own pair); the
    board's holes must be symmetric that way.

    ``clues=N`` asks for exactly N clues: the removal stops at N, and when
    it reached fewer, clues from the solution are added back (uniqueness
    stays).  When one tour does not get down to N, other tours are tried
    (:data:`MAKE_TOURS` in all); when none does, ``ValueError`` says the
    fewest clues reached, and a larger N, or another seed, may work.
    With ``symmetric=True`` a board with no centre square has only even
    numbers of clues: an odd N is refused.

    >>> import knight
    >>> p = knight.puzzle.make(knight.Board(5, 5), seed=1)
    >>> knight.puzzle.count(p), len(p.clues) < 25
    (1, True)
    >>> knight.puzzle.make(knight.Board(5, 5), seed=1) == p
    True
    """
    b = board if isinstance(board, Board) else as_board(board)
    seed = as_int(seed, "seed")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    symmetric = check_bool(symmetric, "symmetric")
    closed = check_bool(closed, "closed")
    target = None if clues is None else as_int(clues, "clues")
    units = _units(b, symmetric)
    centre = any(len(u) == 1 for u in units) if symmetric else True
    if target is not None:
        if not 0 <= target <= b.size:
            raise ValueError(f"clues must be from 0 to {b.size} (the usable squares of the "
                             f"{b.describe()}), got {target}")
        if not centre and target % 2:
            raise ValueError(
                f"clues={target} cannot be made of symmetric pairs: the {b.describe()} has no "
                "centre square, so a symmetric set of clues is even")
    rng = random.Random(seed)
    fewest: int | None = None
    for _ in range(MAKE_TOURS if target is not None else 1):
        tour = _random_tour(b, closed, rng)
        chosen = _make_from(b, tour, closed, units, rng, target)
        if target is None:
            return _puzzle(b, tour, closed, chosen)
        done = _top_up(chosen, units, rng, target)
        if done is not None:
            return _puzzle(b, tour, closed, done)
        n = sum(len(u) for u in chosen)
        fewest = n if fewest is None else min(fewest, n)
    raise ValueError(
        f"could not make a puzzle with {target} clues on the {b.describe()} from seed {seed}: "
        f"the fewest that kept the solution unique, in {MAKE_TOURS} tours, were {fewest}; "
        "ask for more clues, or try another seed")


def _puzzle(board: Board, tour: Tour, closed: bool, chosen: list[tuple[Square, ...]]) -> Puzzle:
    return Puzzle(board, _clue_set(tour, chosen), closed=closed, solution=tour)


def _clue_set(tour: Tour, chosen: Iterable[tuple[Square, ...]]) -> dict[Square, int]:
    steps = tour.board
    return {sq: int(steps[sq]) for unit in chosen for sq in unit}


def _units(board: Board, symmetric: bool) -> list[tuple[Square, ...]]:
    """What clues come in: single squares, or with ``symmetric`` the orbits
    of a half turn (pairs, and the centre alone)."""
    squares = [(int(r), int(c)) for r, c in board.squares.tolist()]
    if not symmetric:
        return [(sq,) for sq in squares]
    mask = board.mask
    if not np.array_equal(mask, mask[::-1, ::-1]):
        raise ValueError(
            f"symmetric=True needs holes that a half turn maps onto holes, and the "
            f"{board.describe()} has holes {list(board.holes)} that it does not")
    out: list[tuple[Square, ...]] = []
    for r, c in squares:
        twin = (board.rows - 1 - r, board.cols - 1 - c)
        if twin == (r, c):
            out.append(((r, c),))
        elif (r, c) < twin:
            out.append(((r, c), twin))
    return out


def _random_tour(board: Board, closed: bool, rng: random.Random) -> Tour:
    """A tour from seeded random choices: Warnsdorff's rule with random
    tie-breaks from random starts, then searches in shuffled move orders."""
    squares = [(int(r), int(c)) for r, c in board.squares.tolist()]
    last: Exception | None = None
    found: Tour | None = None
    for _ in range(2 * len(squares) + 16):
        try:
            found = _solve_tour(board, start=rng.choice(squares), closed=closed,
                                method="warnsdorff", tie_break="random",
                                seed=rng.getrandbits(63))
            break
        except (DeadEndError, NoTourError) as exc:
            last = exc
    if found is None:
        moves = list(board.moves)
        for _ in range(64):
            rng.shuffle(moves)
            try:
                found = _solve_tour(board.with_moves_order(moves), start=rng.choice(squares),
                                    closed=closed, method="warnsdorff-backtrack",
                                    max_nodes=max(100_000, 100 * board.size))
                break
            except (NoTourError, SearchLimitError) as exc:
                last = exc
    if found is None:
        raise NoTourError(
            f"make found no {'closed ' if closed else ''}tour of the {board.describe()} to make "
            f"a puzzle from ({last})")
    if found.layout != board:
        # The same squares and moves, tried in another order: the puzzle's own board.
        found = Tour(found.board, closed=closed, layout=board)
    return found


def _unique(board: Board, clues: dict[Square, int], closed: bool) -> bool:
    """True when the clues have one solution, as far as MAKE_MAX_NODES nodes tell."""
    found = _solutions_within(board, clues, closed, None, MAKE_MAX_NODES)
    return found is not None and len(found) == 1


def _solutions_within(board: Board, clues: dict[Square, int], closed: bool,
                      tour: Tour | None, max_nodes: int) -> list[np.ndarray] | None:
    """Up to two solutions of the clues (as steps per square number), by the
    clue search of :func:`knight.count` and :func:`knight.tours` run under a
    budget of ``max_nodes`` nodes; None when the budget runs out first.
    With ``tour``, a solution equal to it does not count towards the two.

    :func:`knight.count` takes no node limit, only a ``timeout``, which would
    make the puzzle of a seed depend on the machine's speed; so this drives
    the same searches (:mod:`knight.clues`) with one.
    """
    given = _clues.check_clues(board, clues)
    if given is None:
        raise AssertionError("make always checks clues")
    if _existence.clue_reason(board, given.at, closed) is not None:
        return []
    skip = None if tour is None else tour.board[board.mask]
    out: list[np.ndarray] = []
    nodes = 0
    rows = np.empty((2, board.size), dtype=np.int32)
    for job in _clues.plan(given, closed):
        search = _clues.search(board, job)
        while True:
            status, got = search.collect(rows, 0.0, None, max(1, max_nodes - nodes))
            for k in range(got):
                steps = _clues.steps_of(job, rows[k])
                if skip is None or not np.array_equal(steps, skip):
                    out.append(steps)
                    if len(out) == 2:
                        return out
            if status == _table_count.DONE:
                break
            if status == _table_count.NODE_LIMIT or search.nodes + nodes >= max_nodes:
                return None
        nodes += search.nodes
    return out


def _make_from(board: Board, tour: Tour, closed: bool, units: list[tuple[Square, ...]],
               rng: random.Random, target: int | None) -> list[tuple[Square, ...]]:
    """The clue units of a unique puzzle whose solution is ``tour``: spaced
    clues, made unique, then thinned (see :func:`make`)."""
    steps = tour.board
    owner = {sq: unit for unit in units for sq in unit}
    offset = rng.randrange(MAKE_GAP)
    start = {owner[(int(r), int(c))] for r, c in tour.path[offset::MAKE_GAP].tolist()}
    chosen = [u for u in units if u in start]
    while True:
        found = _solutions_within(board, _clue_set(tour, chosen), closed, tour, MAKE_MAX_NODES)
        if found == []:
            break
        if found is None:
            # No second solution within the budget, and no proof of none: one
            # more clue anywhere, and look again.
            spare = [u for u in units if u not in chosen]
        else:
            other = board.spread(found[0])
            differ = np.argwhere((other != steps) & board.mask).tolist()
            spare = sorted({owner[(r, c)] for r, c in differ} - set(chosen))
        chosen.append(rng.choice(spare))
    order = list(chosen)
    rng.shuffle(order)
    for unit in order:
        if target is not None and sum(len(u) for u in chosen) <= target:
            break
        trial = [u for u in chosen if u != unit]
        if _unique(board, _clue_set(tour, trial), closed):
            chosen = trial
    return chosen


def _top_up(chosen: list[tuple[Square, ...]], units: list[tuple[Square, ...]],
            rng: random.Random, target: int) -> list[tuple[Square, ...]] | None:
    """``chosen`` with units added up to exactly ``target`` clues, or None
    when it has more, or when the sizes of the units cannot add up to it."""
    have = sum(len(u) for u in chosen)
    if have > target:
        return None
    spare = [u for u in units if u not in chosen]
    rng.shuffle(spare)
    out = list(chosen)
    need = target - have
    if need % 2:
        # An odd number to add: a unit of one square (always, unless symmetric).
        single = next((u for u in spare if len(u) == 1), None)
        if single is None:
            return None
        out.append(single)
        spare.remove(single)
        need -= 1
    pairs = any(len(u) == 2 for u in units)
    for unit in spare:
        if need == 0:
            break
        # Symmetric: pairs only now (the one single square is spent or not needed).
        if len(unit) <= need and (len(unit) == 2 or not pairs):
            out.append(unit)
            need -= len(unit)
    return out if need == 0 else None


__all__ = ["JSON_FORMAT", "JSON_VERSION", "MAKE_TOURS", "Puzzle", "count", "make",
           "parse_moves", "solve"]

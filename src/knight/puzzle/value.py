"""The puzzle value: :class:`Puzzle`, a board, its clues and, when known,
its solution, all checked; its text (:mod:`.text_format`), its JSON
(:mod:`.json_format`), its sheet (:mod:`.print_sheet`) and :meth:`Puzzle.save`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..board import Board, as_board
from ..geometry import Square, as_int
from ..limits import check_bool
from ..tour import Tour
from . import json_format, print_sheet, text_format


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

    @property
    def kind(self) -> str:
        """The kind of puzzle its piece makes, a sheet's default title:
        "Knight's tour puzzle", "Hidato" (king), "Numbrix" (wazir), "Hopido",
        or "<Piece> path puzzle" (see :func:`knight.render.puzzle_kind`).

        >>> import knight
        >>> Puzzle(knight.Board(4, moves="wazir")).kind
        'Numbrix'
        """
        from ..render import puzzle_kind

        return puzzle_kind(self._board)

    @property
    def rule(self) -> str:
        """The rule in a line, as every sheet and page states it (see
        :func:`knight.render.puzzle_rule`).

        >>> import knight
        >>> print(Puzzle(knight.Board(4, moves="king"), closed=True).rule)
        ... # doctest: +NORMALIZE_WHITESPACE
        Write 1–16 so that consecutive numbers are a king's move apart, and 16 is a king's
        move from 1.
        """
        from ..render import puzzle_rule

        return puzzle_rule(self._board, self._closed)

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
        board, clues, closed = text_format.read(text, moves, wrap=wrap, closed=closed)
        return cls(board, clues, closed=closed)

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
        return text_format.write(self._board, self._clues, self._closed)

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
        return json_format.to_dict(self._board, self._clues, self._closed, self._solution)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """The puzzle :meth:`to_dict` describes (the solution is checked).

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> Puzzle.from_dict(p.to_dict()) == p
        True
        """
        board, clues, closed, tour = json_format.from_dict(data)
        return cls(board, clues, closed=closed, solution=tour)

    def to_json(self, **options: Any) -> str:
        """:meth:`to_dict` as a JSON string (``options`` go to :func:`json.dumps`).

        >>> p = Puzzle(3, {(1, 1): 0})
        >>> Puzzle.from_json(p.to_json(indent=1)) == p
        True
        """
        return json_format.dumps(self.to_dict(), **options)

    @classmethod
    def from_json(cls, text: str | bytes) -> Puzzle:
        """The puzzle of a JSON string written by :meth:`to_json`."""
        return cls.from_dict(json_format.loads(text))

    # -- pictures --------------------------------------------------------------

    def to_svg(self, *, solution: bool = False, path: bool = False, size: int = 640,
               title: str | None = None) -> str:
        """A printable sheet as an SVG document: a title (``title``, or the
        kind of puzzle: :attr:`kind`) and the rule in a line (:attr:`rule`)
        over the puzzle (clues from 1, empty squares blank, holes hatched)
        or, with ``solution=True``, its solution (every square numbered;
        ``path=True`` draws the path too).  The solution sheet uses
        :attr:`solution`, or solves the puzzle.  See
        :func:`knight.render.puzzle_svg`.

        >>> import knight
        >>> p = Puzzle(knight.Board(3, moves="king"), {(1, 1): 0})
        >>> svg = p.to_svg()
        >>> "<text" in svg and ">Hidato</text>" in svg and p.rule in svg
        True
        """
        return print_sheet.svg(self, solution=solution, path=path, size=size, title=title)

    def to_png(self, target: str | os.PathLike[str], *, solution: bool = False,
               path: bool = False, size: int = 640, title: str | None = None) -> None:
        """Save the sheet :meth:`to_svg` draws as a PNG file ``target``
        (needs Pillow, the ``plot`` extra)."""
        print_sheet.png(self, target, solution=solution, path=path, size=size, title=title)

    def to_pdf(self, target: str | os.PathLike[str], *, solution: bool = False,
               path: bool = False, title: str | None = None, paper: str = "a4") -> None:
        """Save the sheet :meth:`to_svg` draws as a one-page vector PDF
        ``target`` (a ``.pdf`` file), centred on ``paper`` (``"a4"`` or
        ``"letter"``) with margins: lines and text, no raster image.  Needs
        ReportLab, the ``pdf`` extra (``pip install "knight-tour[pdf]"``; from
        a source checkout, ``pip install ".[pdf]"``).
        :func:`knight.puzzle.booklet` puts several puzzles in one PDF.

        >>> import knight, os, tempfile
        >>> p = knight.puzzle.make(6, seed=1)
        >>> target = os.path.join(tempfile.mkdtemp(), "puzzle.pdf")
        >>> p.to_pdf(target, paper="letter")
        >>> open(target, "rb").read(5)
        b'%PDF-'
        """
        print_sheet.pdf(self, target, solution=solution, path=path, title=title, paper=paper)

    def to_html(self, *, size: int = 640, title: str | None = None) -> str:
        """A page to solve the puzzle on, one self-contained HTML document:
        click a square and type a number; an entry that breaks the rules (out
        of range, a number already placed, not one move of the piece from
        the number before or after it) is flagged as it is typed; Check,
        Reveal (:attr:`solution`, or the puzzle solved now) and Clear; it
        prints as the grid and its clues.  ``size`` bounds the grid's longer
        side in pixels.  See :func:`knight.render.puzzle_html`.

        >>> import knight
        >>> p = Puzzle(knight.Board(3, 4), {(0, 0): 0, (2, 3): 11})
        >>> page = p.to_html()
        >>> page.startswith("<!DOCTYPE html>"), page.count("<input")
        (True, 10)
        """
        return print_sheet.html(self, size=size, title=title)

    def save(self, path: str | os.PathLike[str], **options: Any) -> None:
        """Save the sheet by extension: ``.svg`` (no dependency), ``.png``
        (Pillow) or ``.pdf`` (ReportLab: :meth:`to_pdf`, vector); ``.html``
        writes :meth:`to_html`, ``.txt`` :meth:`to_text` and ``.json``
        :meth:`to_json`."""
        name = os.fspath(path)
        ext = os.path.splitext(name)[1].lower()
        if ext == ".png":
            self.to_png(name, **options)
            return
        if ext == ".pdf":
            self.to_pdf(name, **options)
            return
        if ext not in (".svg", ".html", ".htm", ".txt", ".json"):
            raise ValueError(f"cannot save a puzzle as {ext or 'a file without extension'!r}: "
                             "use .svg, .png, .pdf, .html, .txt or .json")
        if options and ext not in (".svg", ".html", ".htm"):
            raise ValueError(f"{ext} takes no options, got {', '.join(sorted(options))}")
        if ext == ".svg":
            content = self.to_svg(**options)
        elif ext in (".html", ".htm"):
            content = self.to_html(**options)
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

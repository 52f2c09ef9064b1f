"""The board: its shape, its usable squares, the piece's moves and how its edges join.

A :class:`Board` is one immutable value that every engine takes: ``solve``,
``exists``, ``count``, ``tours``, ``verify``, the pictures and the CLI.  It
owns everything about the geometry of a task:

* the shape, ``rows`` x ``cols``;
* which squares are usable (``holes=`` or a boolean ``mask=``);
* the move set: the knight, a named fairy piece, any (a, b)-leaper or an
  explicit list of ``(drow, dcol)`` offsets;
* the topology: a flat board, a cylinder (the left and right edges joined)
  or a torus (both pairs of edges joined);

and it builds what the cores need from them: the usable squares numbered in
row-major order (:attr:`Board.squares`, :attr:`Board.index`) and the
neighbour table (:meth:`Board.neighbours`), one row per usable square
listing its neighbours in move order, padded with the sentinel ``size``.
Holes, other pieces and wrap-around cost the cores nothing per node: they
walk the table exactly as the knight's cores walk offsets.

``Board(8)`` is the plain 8x8 knight board, and a plain knight rectangle
(:attr:`Board.is_standard`) keeps every fast path of the package: the
construction, the offset-arithmetic cores, the exact existence theory and
the frontier counter.

>>> import knight
>>> b = knight.Board(8, holes=["d4", "e5"])
>>> b
Board(8, 8, holes=[(3, 4), (4, 3)])
>>> b.size, b.is_standard
(62, False)
>>> knight.Board(10, moves="zebra").moves[:2]
((3, 2), (2, 3))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from ._core import board_graph as _board_graph
from .errors import BoardTooLargeError
from .geometry import (
    DEFAULT_ORDER,
    FILES,
    MAX_SQUARES,
    Move,
    Square,
    as_int,
    board_size,
    check_memory,
    parse_algebraic,
    text_int,
    used_box,
)
from .geometry import square as geometry_square

#: Named pieces: name -> the (a, b) leapers they combine.  A name is data,
#: not a code path: every piece runs on the same cores.
PIECES: dict[str, tuple[tuple[int, int], ...]] = {
    "knight": ((1, 2),),
    "wazir": ((0, 1),),
    "ferz": ((1, 1),),
    "king": ((0, 1), (1, 1)),
    "dabbaba": ((0, 2),),
    "alfil": ((2, 2),),
    "threeleaper": ((0, 3),),
    "tripper": ((3, 3),),
    "camel": ((1, 3),),
    "zebra": ((2, 3),),
    "giraffe": ((1, 4),),
    "antelope": ((3, 4),),
    "flamingo": ((1, 6),),
    "gnu": ((1, 2), (1, 3)),
    "hopido": ((2, 2), (0, 3)),
}

#: Wrap-around topologies: ``None`` (a flat board), ``"cylinder"`` (columns
#: wrap: the left and right edges are joined) and ``"torus"`` (both pairs).
WRAPS = (None, "cylinder", "torus")

#: The cores keep move-slot numbers in bytes and onward counts below a flag
#: bit, so a move set has at most this many offsets.
MAX_MOVES = 64

#: The longest step of a move, in rows or in columns: no board has a side
#: this long (it would have more than :data:`~knight.geometry.MAX_SQUARES`
#: squares), so a longer offset could never land on a flat board; the
#: cores keep offsets in int32, and a longer one is refused by name.
MAX_OFFSET = MAX_SQUARES

#: Tokens that mark a hole in :meth:`Board.from_text`.
HOLE_TOKENS = frozenset({".", "#", "-"})


def text_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a board's or a puzzle's text that say something: each
    one's number (from 1) and the line stripped; blank lines and comments
    (lines starting with ``;`` or ``//``) are skipped."""
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith((";", "//")):
            yield lineno, stripped


def leaper(a: int, b: int) -> tuple[Move, ...]:
    """The offsets of the (a, b)-leaper in the package's canonical order.

    Eight offsets when ``a`` and ``b`` differ and neither is 0, else four;
    ordered as :data:`knight.DEFAULT_ORDER` orders the knight's (the
    knight is the (1, 2)-leaper), counter-clockwise from "down".

    >>> leaper(1, 2) == DEFAULT_ORDER
    True
    >>> leaper(0, 1)
    ((1, 0), (0, 1), (-1, 0), (0, -1))
    """
    a, b = sorted((abs(a), abs(b)))
    if b == 0:
        raise ValueError("the (0, 0)-leaper does not move")
    if a == 0:
        return ((b, 0), (0, b), (-b, 0), (0, -b))
    if a == b:
        return ((a, a), (-a, a), (-a, -a), (a, -a))
    return ((b, a), (a, b), (-a, b), (-b, a), (-b, -a), (-a, -b), (a, -b), (b, -a))


def piece_moves(name: str) -> tuple[Move, ...]:
    """The moves of the named piece (a key of :data:`PIECES`), in the order
    the searches try them.

    >>> piece_moves("king")[:4]
    ((1, 0), (0, 1), (-1, 0), (0, -1))
    """
    out: list[Move] = []
    for a, b in PIECES[name]:
        out.extend(m for m in leaper(a, b) if m not in out)
    return tuple(out)


_PAIR = re.compile(r"[+-]?[0-9]+,[+-]?[0-9]+")


def moves_from_text(text: str) -> Any:
    """A move set written as text, as ``moves=`` takes it: a piece name (one of
    :data:`PIECES`, any case), ``A,B`` (the (A, B)-leaper), or two or more
    ``DR,DC`` offsets separated by spaces or semicolons, in the order tried.
    The one reader of that text: the command line's ``--moves`` and a
    puzzle's ``moves:`` line both call it.

    >>> moves_from_text("Zebra"), moves_from_text("2,3")
    ('zebra', (2, 3))
    >>> moves_from_text("1,0 -1,0; 0,1 0,-1")
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
    >>> moves_from_text("1,2 x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: expected a piece name, ..., got '1,2 x' ('x' is not DR,DC)
    """
    t = text.strip()
    if re.fullmatch(r"[A-Za-z]+", t):
        if t.lower() not in PIECES:
            raise ValueError(
                f"moves {t!r} is not a piece this package knows; the pieces are "
                f"{', '.join(sorted(PIECES))}, or give A,B for the (A,B)-leaper, or the "
                "moves as 'DR,DC DR,DC ...'")
        return t.lower()
    items = [w for w in re.split(r"[;\s]+", t) if w]
    bad = next((w for w in items if not _PAIR.fullmatch(w)), None)
    if not items or bad is not None:
        raise ValueError(
            f"expected a piece name, A,B for the (A,B)-leaper, or moves 'DR,DC DR,DC ...', got "
            f"{text!r}" + (f" ({bad!r} is not DR,DC)" if bad and len(items) > 1 else ""))
    pairs = [(text_int(a, "moves offset"), text_int(b, "moves offset"))
             for a, b in (w.split(",") for w in items)]
    return pairs[0] if len(pairs) == 1 else pairs


def _parse_moves(moves: Any) -> tuple[tuple[Move, ...], str | None]:
    """Validate ``moves=``: (offsets in order, the piece's name or None)."""
    if isinstance(moves, str):
        name = moves.strip().lower()
        if name not in PIECES:
            raise ValueError(
                f"moves {moves!r} is not a piece this package knows; the pieces are "
                f"{', '.join(sorted(PIECES))}, or give an (a, b) leaper or a list of "
                "(drow, dcol) offsets"
            )
        return piece_moves(name), name
    if isinstance(moves, (bytes, Mapping)) or not isinstance(moves, (Sequence, np.ndarray)):
        raise TypeError(
            "moves must be a piece name, an (a, b) pair or a sequence of (drow, dcol) "
            f"offsets, not {type(moves).__name__}"
        )
    items = list(moves)
    if len(items) == 2 and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                               for v in items):
        a, b = (as_int(v, "moves") for v in items)
        if a == 0 and b == 0:
            raise ValueError("moves (0, 0) is not a leaper: it does not move")
        _check_offset((a, b), "moves")
        offsets = leaper(a, b)
        piece = next((n for n, legs in PIECES.items()
                      if len(legs) == 1 and sorted(map(abs, legs[0])) == sorted((abs(a), abs(b)))),
                     None)
        return offsets, piece
    if not items:
        raise ValueError("moves must hold at least one (drow, dcol) offset")
    out: list[Move] = []
    for i, m in enumerate(items):
        if isinstance(m, (str, bytes)) or not isinstance(m, (Sequence, np.ndarray)) \
                or len(m) != 2:
            raise ValueError(f"moves[{i}] must be a (drow, dcol) pair, got {m!r}")
        mv = (as_int(m[0], f"moves[{i}] drow"), as_int(m[1], f"moves[{i}] dcol"))
        if mv == (0, 0):
            raise ValueError(f"moves[{i}] is (0, 0): a move must leave its square")
        _check_offset(mv, f"moves[{i}]")
        if mv in out:
            raise ValueError(f"moves lists the offset {mv} twice")
        out.append(mv)
    missing = [m for m in out if (-m[0], -m[1]) not in out]
    if missing:
        m = missing[0]
        raise ValueError(
            f"moves must be closed under negation (a move and its reverse): {m} is listed "
            f"but {(-m[0], -m[1])} is not"
        )
    if len(out) > MAX_MOVES:
        raise ValueError(f"moves may hold at most {MAX_MOVES} offsets, got {len(out)}")
    offsets = tuple(out)
    found = next((n for n in PIECES if set(piece_moves(n)) == set(offsets)), None)
    return offsets, found


def _check_offset(move: Move, name: str) -> None:
    """Refuse an offset longer than any board (see :data:`MAX_OFFSET`)."""
    if max(abs(move[0]), abs(move[1])) > MAX_OFFSET:
        raise ValueError(
            f"{name} {move} is longer than any board: a move steps at most {MAX_OFFSET:,} rows "
            "or columns (on a cylinder or torus, reduce it modulo the board's size)")


def _parse_wrap(wrap: Any) -> str | None:
    if wrap is None:
        return None
    if isinstance(wrap, str) and wrap.strip().lower() in ("cylinder", "torus"):
        return wrap.strip().lower()
    if isinstance(wrap, str) and wrap.strip().lower() in ("", "none", "flat"):
        return None
    raise ValueError(f"wrap must be None, 'cylinder' or 'torus', not {wrap!r}")


def _parse_mask(mask: Any) -> np.ndarray:
    if isinstance(mask, (str, bytes)):
        raise TypeError("mask must be a 2-D boolean array, not a string (see Board.from_text)")
    try:
        arr = np.asarray(mask)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"mask is not a rectangular array: {exc}") from None
    if arr.ndim != 2:
        raise ValueError(f"mask must be 2-D (rows x cols), got {arr.ndim} dimension(s)")
    if arr.dtype != np.bool_:
        raise TypeError(
            f"mask must be boolean (True where a square is usable), got dtype {arr.dtype}; "
            "convert it, e.g. mask.astype(bool)"
        )
    if arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"mask must have at least one row and one column, got {arr.shape}")
    return arr


class Board:
    """A board for tours: shape, usable squares, move set and wrap-around.

    ``Board(rows, cols=None, *, holes=None, mask=None, moves="knight", wrap=None)``

    * ``rows``, ``cols``: the size (``cols`` defaults to ``rows``).  With
      ``mask`` they may be omitted, or must agree with its shape.
    * ``holes``: squares to leave out, as ``(row, col)`` pairs or chess
      names (``"e4"``); a string may list several, separated by commas or
      spaces.
    * ``mask``: a 2-D boolean array, True where a square is usable.
    * ``moves``: ``"knight"`` (default), a named piece (:data:`PIECES`:
      knight, wazir, ferz, king, dabbaba, alfil, threeleaper, tripper,
      camel, zebra, giraffe, antelope, flamingo, gnu, hopido), an ``(a, b)``
      pair for the (a, b)-leaper, or a sequence of ``(drow, dcol)`` offsets
      (closed under negation, without ``(0, 0)``), tried in that order.  An
      offset longer than the board is legal and simply never lands on it
      (on a flat side); one longer than any board could be
      (:data:`MAX_OFFSET` rows or columns) raises ``ValueError``.
    * ``wrap``: ``None``, ``"cylinder"`` (columns wrap round) or ``"torus"``
      (rows and columns wrap round).

    Boards are immutable, hashable, comparable and picklable.

    >>> from knight import Board
    >>> Board(8) == Board(8, 8, moves=(1, 2))
    True
    >>> Board(5, 7, wrap="torus").wrap
    'torus'
    >>> Board(mask=[[True, True, False], [True, True, True]]).holes
    ((0, 2),)
    >>> Board(4, moves=[(1, 0), (0, 1)])
    Traceback (most recent call last):
    ValueError: moves must be closed under negation (a move and its reverse): ...
    """

    __slots__ = ("_rows", "_cols", "_mask", "_moves", "_piece", "_wrap", "_clues", "_hash",
                 "_cache", "_size")

    def __init__(
        self,
        rows: int | None = None,
        cols: int | None = None,
        *,
        holes: Iterable[Any] | str | None = None,
        mask: Any = None,
        moves: Any = "knight",
        wrap: str | None = None,
    ) -> None:
        offsets, piece = _parse_moves(moves)
        topology = _parse_wrap(wrap)
        if mask is not None:
            arr = _parse_mask(mask)
            if rows is not None:
                r, c = board_size(rows, cols)
                if (r, c) != arr.shape:
                    raise ValueError(
                        f"the mask's shape {arr.shape[0]}x{arr.shape[1]} does not agree with "
                        f"the board size {r}x{c}"
                    )
            elif cols is not None:
                raise ValueError("cols given without rows; with a mask, give both or neither")
            r, c = board_size(*arr.shape)
            usable = np.array(arr, dtype=bool, order="C")
        else:
            if rows is None:
                raise TypeError("Board() needs a size (rows, cols) or a mask")
            r, c = board_size(rows, cols)
            usable = None
        if holes is not None:
            squares = _parse_holes(holes, r, c)
            if squares:
                if usable is None:
                    check_memory(r * c, f"the mask of the {r}x{c} board")
                    usable = np.ones((r, c), dtype=bool)
                for sq in squares:
                    usable[sq] = False
        if usable is not None and usable.all():
            usable = None
        self._init(r, c, usable, offsets, piece, topology, {})

    def _init(self, rows: int, cols: int, mask: np.ndarray | None, moves: tuple[Move, ...],
              piece: str | None, wrap: str | None, clues: dict[Square, int]) -> None:
        if mask is not None:
            mask.flags.writeable = False
            size = int(np.count_nonzero(mask))
            if size == 0:
                raise ValueError("the board has no usable square: every square is a hole")
        else:
            size = rows * cols
        self._rows = rows
        self._cols = cols
        self._mask = mask
        self._moves = moves
        self._piece = piece
        self._wrap = wrap
        self._clues = clues
        self._hash: int | None = None
        self._cache: dict[Any, Any] = {}
        self._size = size

    # -- construction from text ------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, moves: Any = "knight", wrap: str | None = None) -> Board:
        """A board drawn as text: one line per row, whitespace-separated tokens.

        ``.``, ``#`` and ``-`` are holes; any other token (``o``, ``_``,
        ``x``, a number) is a usable square.  Numbers are kept as
        :attr:`clues` (square -> the number as written), for puzzles.
        Blank lines and lines starting with ``;`` or ``//`` (comments) are
        skipped.  Every row must have the same number of tokens.

        >>> b = Board.from_text('''
        ... _ _ _ .
        ... _ 1 _ _
        ... . _ _ 12
        ... ''')
        >>> b.shape, b.size, b.clues
        ((3, 4), 10, {(1, 1): 1, (2, 3): 12})
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        rows: list[list[str]] = []
        linenos: list[int] = []
        for lineno, stripped in text_lines(text):
            tokens = stripped.split()
            if rows and len(tokens) != len(rows[0]):
                raise ValueError(
                    f"line {lineno} of the board text has {len(tokens)} squares, but the first "
                    f"row has {len(rows[0])}: every row must have the same number of tokens"
                )
            rows.append(tokens)
            linenos.append(lineno)
        if not rows:
            raise ValueError("the board text has no rows")
        mask = np.array([[t not in HOLE_TOKENS for t in row] for row in rows], dtype=bool)
        clues: dict[Square, int] = {}
        for r, (row, lineno) in enumerate(zip(rows, linenos)):
            for c, t in enumerate(row):
                if t not in HOLE_TOKENS and re.fullmatch(r"[0-9]+", t):
                    clues[(r, c)] = text_int(t, f"line {lineno}, square {(r, c)}: the token")
        board = cls(mask=mask, moves=moves, wrap=wrap)
        board._clues = clues
        return board

    def to_text(self) -> str:
        """The board as text (see :meth:`from_text`): ``.`` for holes, ``_`` for
        usable squares, clues as their numbers, columns aligned.

        >>> print(Board(3, 4, holes=[(0, 3), (2, 0)]).to_text())
        _ _ _ .
        _ _ _ _
        . _ _ _
        """
        tokens = np.where(self.mask, "_", ".").astype(object)
        for (r, c), v in self._clues.items():
            tokens[r, c] = str(v)
        width = max(len(str(t)) for t in tokens.flat)
        return "\n".join(" ".join(str(t).rjust(width) for t in row) for row in tokens)

    # -- the value ---------------------------------------------------------------

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def shape(self) -> tuple[int, int]:
        return (self._rows, self._cols)

    @property
    def size(self) -> int:
        """The number of usable squares (the length of a tour)."""
        return self._size

    @property
    def mask(self) -> np.ndarray:
        """A read-only bool ``rows`` x ``cols`` array, True where a square is usable."""
        if self._mask is None:
            return np.broadcast_to(np.True_, self.shape)  # no memory for a full board
        return self._mask

    @property
    def holes(self) -> tuple[Square, ...]:
        """The unusable squares, in row-major order."""
        if self._mask is None:
            return ()
        r, c = np.nonzero(~self._mask)
        return tuple(zip(r.tolist(), c.tolist()))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The move offsets ``(drow, dcol)``, in the order the searches try them."""
        return self._moves

    @property
    def piece(self) -> str | None:
        """The name of the piece whose moves these are, or None for a custom set."""
        return self._piece

    @property
    def wrap(self) -> str | None:
        """``None``, ``"cylinder"`` or ``"torus"``."""
        return self._wrap

    @property
    def clues(self) -> dict[Square, int]:
        """Numbers read by :meth:`from_text` (square -> number as written); a copy."""
        return dict(self._clues)

    @property
    def is_full(self) -> bool:
        """True when every square is usable."""
        return self._mask is None

    @property
    def is_knight(self) -> bool:
        """True when the piece moves as the knight (in any order)."""
        return self._piece == "knight"

    @property
    def is_standard(self) -> bool:
        """A full, flat rectangle for the knight: the board every engine serves."""
        return self._mask is None and self._wrap is None and self._piece == "knight"

    def with_moves_order(self, order: Sequence[Move]) -> Board:
        """The same board with its moves tried in ``order`` (a permutation of :attr:`moves`)."""
        order = tuple(order)
        if sorted(order) != sorted(self._moves):
            raise ValueError(
                f"order must list the board's {len(self._moves)} moves, each once: "
                f"{', '.join(map(str, self._moves))}"
            )
        return self._replace(moves=order)

    def _replace(self, **changes: Any) -> Board:
        new = object.__new__(Board)
        state: dict[str, Any] = {
            "rows": self._rows, "cols": self._cols, "mask": self._mask, "moves": self._moves,
            "piece": self._piece, "wrap": self._wrap, "clues": self._clues}
        state.update(changes)
        new._init(state["rows"], state["cols"], state["mask"], state["moves"], state["piece"],
                  state["wrap"], state["clues"])
        return new

    def _key(self) -> tuple[Any, ...]:
        mask = None if self._mask is None else (self._mask.shape, self._mask.tobytes())
        return (self._rows, self._cols, mask, self._moves, self._wrap)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        if self is other:
            return True
        if (self._rows, self._cols, self._moves, self._wrap, self._size) != \
                (other._rows, other._cols, other._moves, other._wrap, other._size):
            return False
        if self._mask is None or other._mask is None:
            return self._mask is None and other._mask is None
        return bool(np.array_equal(self._mask, other._mask))

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._rows, self._cols, self._mask, self._moves, self._piece,
                           self._wrap, self._clues))

    def __repr__(self) -> str:
        args = [str(self._rows), str(self._cols)]
        holes = self.rows * self.cols - self._size
        if 0 < holes <= 12:
            args.append(f"holes={list(self.holes)}")
        elif holes:
            args.append(f"mask=<{holes} holes>")
        if self._piece == "knight" and self._moves != DEFAULT_ORDER:
            args.append(f"moves={list(self._moves)}")
        elif self._piece != "knight":
            if self._piece is not None and self._moves == piece_moves(self._piece):
                args.append(f"moves={self._piece!r}")
            else:
                args.append(f"moves={list(self._moves)}")
        if self._wrap is not None:
            args.append(f"wrap={self._wrap!r}")
        return f"Board({', '.join(args)})"

    def describe(self) -> str:
        """A short phrase for messages: ``"8x8 board"``, ``"10x10 zebra board with 3 holes"``.

        >>> Board(10, moves="zebra", holes=["a1"], wrap="torus").describe()
        '10x10 torus for the zebra with 1 hole'
        """
        kind = {None: "board", "cylinder": "cylinder", "torus": "torus"}[self._wrap]
        text = f"{self._rows}x{self._cols} {kind}"
        if self._piece != "knight":
            text += f" for the {self._piece}" if self._piece else f" for moves {list(self._moves)}"
        holes = self._rows * self._cols - self._size
        if holes:
            text += f" with {holes} hole{'s' if holes != 1 else ''}"
        return text

    # -- squares -----------------------------------------------------------------

    def square(self, value: Any, name: str = "start") -> Square:
        """Validate a square: on the board and not a hole (``(row, col)`` or ``"e4"``).

        >>> Board(8, holes=["e4"]).square("e4")
        Traceback (most recent call last):
        ValueError: start (4, 4) is a hole of the 8x8 board with 1 hole
        """
        sq = _square(value, self._rows, self._cols, name)
        if self._mask is not None and not self._mask[sq]:
            raise ValueError(f"{name} {sq} is a hole of the {self.describe()}")
        return sq

    def algebraic(self, sq: Square) -> str:
        """A square in chess notation (rank 1 at the bottom)."""
        if self._cols > len(FILES):
            raise ValueError(
                f"algebraic notation needs at most 26 columns; the board has {self._cols}")
        return f"{FILES[sq[1]]}{self._rows - sq[0]}"

    # -- what the cores need -----------------------------------------------------

    @property
    def index(self) -> np.ndarray:
        """int32 ``rows`` x ``cols``: each usable square's number (row-major), -1 on holes."""
        idx = self._cache.get("index")
        if idx is None:
            check_memory(4 * self._rows * self._cols, f"the index of the {self.describe()}")
            if self._mask is None:
                idx = np.arange(self._rows * self._cols, dtype=np.int32).reshape(self.shape)
            else:
                idx = np.full(self.shape, -1, dtype=np.int32)
                idx[self._mask] = np.arange(self._size, dtype=np.int32)
            idx.flags.writeable = False
            self._cache["index"] = idx
        return idx

    @property
    def squares(self) -> np.ndarray:
        """int32 (size, 2): the usable squares ``(row, col)`` in row-major order."""
        sq = self._cache.get("squares")
        if sq is None:
            if self._mask is None:
                flat = np.arange(self._size, dtype=np.int32)
                sq = np.stack([flat // self._cols, flat % self._cols], axis=1)
            else:
                sq = np.argwhere(self._mask).astype(np.int32)
            sq.flags.writeable = False
            self._cache["squares"] = sq
        return sq

    def symmetries(self) -> np.ndarray:
        """The board's symmetries: the rotations and reflections of its
        rectangle that map it onto itself -- its usable squares, its moves
        and its wrap -- as an int32 array of shape ``(k, rows * cols)``:
        row ``i`` sends cell ``r * cols + c`` to the cell it lands on.  The
        identity comes first; 8 on a square board at most, 4 on an oblong one.
        Translations of a cylinder or torus are not listed.  Computed once
        and kept on the value (read-only).

        >>> Board(8).symmetries().shape, Board(3, 4).symmetries().shape
        ((8, 64), (4, 12))
        >>> len(Board(8, holes=["a1"]).symmetries())   # the a1-h8 diagonal only
        2
        >>> len(Board(8, moves=[(1, 2), (-1, -2)]).symmetries())  # the half turn only
        2
        """
        syms = self._cache.get("symmetries")
        if syms is None:
            check_memory(32 * self._rows * self._cols, f"the symmetries of the {self.describe()}")
            syms = _symmetries(self._rows, self._cols, self._mask, self._moves, self._wrap)
            syms.flags.writeable = False
            self._cache["symmetries"] = syms
        return syms

    def box(self) -> tuple[int, int, int, int]:
        """``(top, left, rows, cols)``: the smallest rectangle holding every
        usable square (the whole board when it has no holes), computed once
        and kept on the value.  The frontier DP sweeps this box, not the board.

        >>> Board(8).box(), Board(4, 5, holes=[(0, 0), (1, 0), (2, 0), (3, 0)]).box()
        ((0, 0, 8, 8), (0, 1, 4, 4))
        """
        found = self._cache.get("box")
        if found is None:
            found = self._cache["box"] = ((0, 0, self._rows, self._cols) if self._mask is None
                                          else used_box(self._mask))
        box: tuple[int, int, int, int] = found
        return box

    def table_bytes(self) -> int:
        """Bytes of the neighbour table and the index (for memory checks)."""
        return 4 * (self._size + 1) * len(self._moves) + 12 * self._rows * self._cols

    def analysis_bytes(self) -> int:
        """Bytes the theory's look at the board takes (for memory checks):
        the neighbour table and the index, then the components and colours
        (:meth:`components`, kept) and the cut squares (:meth:`cut_parts`,
        with Tarjan's scratch arrays).  Measured: 1.78 GiB peak on a
        5000x5000 board with a hole, whose table is 1.02 GiB."""
        return self.table_bytes() + (_LABEL_BYTES + _CUT_BYTES) * self._size

    def neighbours(self, order: Sequence[Move] | None = None) -> np.ndarray:
        """The neighbour table the general cores walk: int32 ``(size + 1, len(moves))``.

        Row ``i`` lists the usable neighbours of square ``i`` (numbered as in
        :attr:`squares`) in move order (``order``, a permutation of
        :attr:`moves`, or the board's own), compacted to the front and
        padded with the sentinel ``size``; the last row is all sentinels.  A
        neighbour reached by two moves (on a small torus) is listed once.

        >>> Board(3, 4).neighbours()[0].tolist()
        [9, 6, 12, 12, 12, 12, 12, 12]
        """
        moves = self._moves if order is None else tuple(order)
        found: tuple[np.ndarray, np.ndarray] | None = self._cache.get(("nbr", moves))
        if found is None:
            check_memory(self.table_bytes(), f"the neighbour table of the {self.describe()}")
            table, deg = _neighbour_table(self.index, moves, self._wrap, self._size)
            table.flags.writeable = False
            deg.flags.writeable = False
            if len(self._cache) > 16:
                self._cache.clear()
            found = self._cache[("nbr", moves)] = (table, deg)
        return found[0]

    def degrees(self, order: Sequence[Move] | None = None) -> np.ndarray:
        """uint8 (size,): how many usable neighbours each usable square has
        (read-only; the row lengths of ``neighbours(order)``)."""
        moves = self._moves if order is None else tuple(order)
        self.neighbours(moves)
        deg: np.ndarray = self._cache[("nbr", moves)][1]
        return deg

    def components(self) -> np.ndarray:
        """int32 (size,): the connected component of each usable square, from 0."""
        return self._labels()[0]

    def colouring(self) -> np.ndarray | None:
        """A 2-colouring of the move graph (0/1 per usable square), or None when
        it has an odd cycle.  Each component is coloured with the colour of its
        first square 0.  Leapers with ``a + b`` odd on flat boards are always
        2-coloured by ``(row + col) % 2``; wrap-around can break that."""
        comp, colour, ok = self._labels()
        return colour if ok else None

    def _labels(self) -> tuple[np.ndarray, np.ndarray, bool]:
        found: tuple[np.ndarray, np.ndarray, bool] | None = self._cache.get("labels")
        if found is None:
            table = self.neighbours()
            check_memory(_LABEL_BYTES * self._size, f"labelling the parts of the {self.describe()}")
            comp = np.empty(self._size, dtype=np.int32)
            colour = np.empty(self._size, dtype=np.uint8)
            _, ok = _board_graph.label(table, self.degrees(), comp, colour)
            comp.flags.writeable = False
            colour.flags.writeable = False
            found = self._cache["labels"] = (comp, colour, ok)
        return found

    def cut_parts(self) -> np.ndarray:
        """int32 (size,): how many more parts removing each square leaves (0: not a
        cut square), by Tarjan's algorithm in C."""
        parts: np.ndarray | None = self._cache.get("cut_parts")
        if parts is None:
            table = self.neighbours()
            check_memory(_CUT_BYTES * self._size,
                         f"finding the cut squares of the {self.describe()}")
            parts = np.empty(self._size, dtype=np.int32)
            _board_graph.cut_parts(table, self.degrees(), parts)
            parts.flags.writeable = False
            self._cache["cut_parts"] = parts
        return parts

    def roth_keys(self) -> np.ndarray:
        """int64 (size,): Roth's tie-break key of each usable square, its squared
        distance from the centre doubled to stay integral (larger: farther out),
        as the knight's core computes it.

        >>> Board(3, 3).roth_keys().tolist()
        [8, 4, 8, 4, 0, 4, 8, 4, 8]
        """
        keys: np.ndarray | None = self._cache.get("roth")
        if keys is None:
            sq = self.squares.astype(np.int64)
            keys = (2 * sq[:, 0] - (self._rows - 1)) ** 2 + (2 * sq[:, 1] - (self._cols - 1)) ** 2
            keys.flags.writeable = False
            self._cache["roth"] = keys
        return keys

    def spread(self, values: np.ndarray) -> np.ndarray:
        """One int32 value per usable square (in :attr:`squares` order) as the
        ``rows`` x ``cols`` board, -1 on the holes: a core's steps as a tour's board.

        >>> Board(2, 3, holes=["b2"]).spread(np.arange(5)).tolist()
        [[0, -1, 1], [2, 3, 4]]
        """
        if self._mask is None:
            return np.ascontiguousarray(values, dtype=np.int32).reshape(self.shape)
        out = np.full(self.shape, -1, dtype=np.int32)
        out[self._mask] = values
        return out

    def adjacent(self, a: Square, b: Square) -> bool:
        """True when one move takes a piece from square ``a`` to square ``b``."""
        return any(sq == tuple(b) and sq != tuple(a) for _, sq in self._landings(a))

    def _landings(self, a: Square) -> Iterator[tuple[Move, tuple[int, int]]]:
        """Each move in order, and where it takes a piece from ``a`` (across
        the seams of a cylinder or torus; maybe off a flat board, or a hole)."""
        for dr, dc in self._moves:
            r, c = a[0] + dr, a[1] + dc
            if self._wrap == "torus":
                r %= self._rows
            if self._wrap is not None:
                c %= self._cols
            yield (dr, dc), (r, c)

    @property
    def reach(self) -> tuple[int, int]:
        """The longest row and column step of a move: ``(2, 2)`` for the knight."""
        return (max(abs(m[0]) for m in self._moves), max(abs(m[1]) for m in self._moves))


def _restore(rows: int, cols: int, mask: np.ndarray | None, moves: tuple[Move, ...],
             piece: str | None, wrap: str | None, clues: dict[Square, int]) -> Board:
    board = object.__new__(Board)
    board._init(rows, cols, None if mask is None else np.array(mask, dtype=bool), moves, piece,
                wrap, dict(clues))
    return board


def _square(value: Any, rows: int, cols: int, name: str) -> Square:
    return geometry_square(value, rows, cols, name)


def _parse_holes(holes: Any, rows: int, cols: int) -> list[Square]:
    if isinstance(holes, str):
        items: list[Any] = [t for t in re.split(r"[,\s]+", holes.strip()) if t]
    elif isinstance(holes, (bytes, Mapping)) or not isinstance(holes, Iterable):
        raise TypeError(
            f"holes must be a sequence of squares, not {type(holes).__name__}")
    else:
        items = list(holes)
        if len(items) == 2 and all(isinstance(v, (int, np.integer)) for v in items):
            raise TypeError(
                "holes must be a sequence of squares; for one hole write holes=[(row, col)]")
    out = []
    for i, h in enumerate(items):
        if isinstance(h, str):
            out.append(parse_algebraic(h, rows, cols, f"holes[{i}]"))
        else:
            out.append(_square(h, rows, cols, f"holes[{i}]"))
    return out


#: Bytes a square of :meth:`Board.components`' labelling: the component
#: (int32) and colour (uint8) it keeps, and its queue (int32).
_LABEL_BYTES = 9
#: Bytes a square of :meth:`Board.cut_parts`: the parts it keeps (int32) and
#: Tarjan's discovery and low times (int64), stack, parent and slot (int32).
_CUT_BYTES = 32


def _neighbour_table(index: np.ndarray, moves: tuple[Move, ...], wrap: str | None,
                     size: int) -> tuple[np.ndarray, np.ndarray]:
    """The table and the degrees, built in C (numpy took seconds per million squares)."""
    table = np.empty((size + 1, len(moves)), dtype=np.int32)
    deg = np.empty(size, dtype=np.uint8)
    _board_graph.build_table(np.ascontiguousarray(index, dtype=np.int32),
                             np.array(moves, dtype=np.int32).reshape(-1, 2), wrap == "torus",
                             wrap is not None, table, deg)
    return table, deg


@functools.lru_cache(maxsize=64)
def standard(rows: int, cols: int) -> Board:
    """The plain knight board of a validated size (cached: the common case)."""
    board = object.__new__(Board)
    board._init(rows, cols, None, DEFAULT_ORDER, "knight", None, {})
    return board


def _symmetries(rows: int, cols: int, mask: np.ndarray | None, moves: tuple[Move, ...],
                wrap: str | None) -> np.ndarray:
    """:meth:`Board.symmetries` of a board's parts."""
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    # (maps a cell, maps a move (dr, dc)) for each element of the rectangle's group.
    maps: list[tuple[tuple[np.ndarray, np.ndarray], Callable[[int, int], Move]]] = [
        ((r, c), lambda dr, dc: (dr, dc)),
        ((rows - 1 - r, c), lambda dr, dc: (-dr, dc)),
        ((r, cols - 1 - c), lambda dr, dc: (dr, -dc)),
        ((rows - 1 - r, cols - 1 - c), lambda dr, dc: (-dr, -dc)),
    ]
    # A transposing map swaps rows and columns: the wrap must be the same both ways.
    if rows == cols and wrap != "cylinder":
        maps += [
            ((c, r), lambda dr, dc: (dc, dr)),
            ((cols - 1 - c, r), lambda dr, dc: (-dc, dr)),
            ((c, rows - 1 - r), lambda dr, dc: (dc, -dr)),
            ((cols - 1 - c, rows - 1 - r), lambda dr, dc: (-dc, -dr)),
        ]
    move_set = set(moves)
    flat = None if mask is None else mask.reshape(-1)
    found: list[np.ndarray] = []
    for (r2, c2), f in maps:
        if {f(dr, dc) for dr, dc in moves} != move_set:
            continue
        perm = r2 * cols + c2
        if flat is not None and not np.array_equal(flat[perm], flat):
            continue
        if not any(np.array_equal(perm, other) for other in found):  # 1-wide: flips agree
            found.append(perm)
    return np.array(found, dtype=np.int32).reshape(len(found), rows * cols)


def as_board(rows: Any, cols: Any = None) -> Board:
    """The :class:`Board` an entry point was given: a Board, or a size.

    Every public entry point takes either ``rows, cols`` (today's plain
    knight rectangle) or a :class:`Board` in place of ``rows``.
    """
    if isinstance(rows, Board):
        if cols is not None:
            raise TypeError("cols must not be given with a Board (the board has its own size)")
        return rows
    r, c = board_size(rows, cols)
    return standard(r, c)


def check_table_memory(board: Board, what: str) -> None:
    """Refuse, before allocating, a general-board job whose tables, and the
    theory's look at them (:meth:`Board.analysis_bytes`), cannot fit."""
    if board.size > MAX_SQUARES:
        raise BoardTooLargeError(f"{what}: the board has too many squares")
    check_analysis_memory(board, what)


def check_analysis_memory(board: Board, what: str) -> None:
    """Refuse, before allocating, the parts of :meth:`Board.analysis_bytes`
    the board has not built yet (a board keeps its tables: the memory they
    hold is no longer free, and no longer needed)."""
    cache = board._cache
    needed = 0 if ("nbr", board.moves) in cache else board.table_bytes()
    needed += 0 if "labels" in cache else _LABEL_BYTES * board.size
    needed += 0 if "cut_parts" in cache else _CUT_BYTES * board.size
    check_memory(needed, what)


__all__ = ["Board", "PIECES", "WRAPS", "as_board", "leaper", "moves_from_text", "piece_moves"]

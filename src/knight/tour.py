"""The result object: a verified knight's tour and how it was found."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from .board import Board, standard
from .checks import check_board, check_on_board, move_hits
from .geometry import DEFAULT_ORDER, FILES, Move, Square, algebraic, check_memory, move_order

#: Tours with more squares than this have no Jupyter picture (``_repr_svg_``).
SVG_REPR_MAX_SQUARES = 1_000_000

#: The width in px of a tour's picture in a notebook (``_repr_svg_`` and
#: ``_repr_html_`` alike): 60 px squares and readable numbers on 8x8 (it was
#: 24 px a square, 192 px on 8x8, with 7 px numbers).
NOTEBOOK_SIZE = 480


#: How squares are written: ``(row, col)`` pairs, or chess notation (``"e4"``).
NOTATIONS = ("coords", "algebraic")


def _check_notation(notation: Any, cols: int) -> bool:
    """True for algebraic notation (checked to fit the board), False for coords."""
    if not isinstance(notation, str) or notation not in NOTATIONS:
        raise ValueError(f"notation must be 'coords' or 'algebraic', not {notation!r}")
    if notation == "algebraic" and cols > len(FILES):
        raise ValueError(
            f"algebraic notation needs at most {len(FILES)} columns; the board has {cols}"
        )
    return notation == "algebraic"


class Tour:
    """A tour of a board: a knight's tour of a ``rows`` x ``cols`` board, or of
    any :class:`knight.Board` (holes, another piece, a cylinder or torus).

    ``board[r, c]`` is the step (from 0) at which the knight stands on square
    ``(r, c)``; ``path`` lists the squares in order.  A ``Tour`` is always a
    valid tour: building one from a board checks it (see :func:`knight.verify`).
    ``closed`` is true when the tour was asked for, and checked, as closed.

    :attr:`layout` is the :class:`knight.Board` the tour covers; on a board
    with holes, ``board`` holds -1 on them and ``path`` lists the usable
    squares only.

    ``method``, ``nodes`` (knight placements), ``backtracks`` (retreats),
    ``seconds`` and ``seed`` (for random tie-breaks) say how it was found;
    ``method`` names the rule that ran, a Warnsdorff tie-break other than
    ``"first"`` included (``"warnsdorff/roth"``, ``"warnsdorff/random"``,
    ``"warnsdorff/pohl"``: what ``method="auto"``'s greedy walk reports is
    ``"warnsdorff/roth"``).

    >>> import knight
    >>> tour = knight.solve(5, start=(2, 2))
    >>> tour.start, int(tour.board[2, 2]), len(tour), tour.shape
    ((2, 2), 0, 25, (5, 5))
    >>> tour.path[:3].tolist()
    [[2, 2], [4, 3], [2, 4]]
    """

    __slots__ = (
        "_board",
        "_unlocked",
        "_path",
        "_start",
        "_layout",
        "closed",
        "method",
        "nodes",
        "backtracks",
        "seconds",
        "seed",
    )

    def __init__(
        self,
        board: Any,
        *,
        closed: bool = False,
        method: str = "given",
        nodes: int = 0,
        backtracks: int = 0,
        seconds: float = 0.0,
        seed: int | None = None,
        layout: Board | None = None,
        _start: Square | None = None,
        _checked: bool = False,
    ) -> None:
        if not isinstance(closed, (bool, np.bool_)):
            # Truthiness would read closed="no" as a request for a closed tour.
            raise TypeError(f"closed must be True or False, not {type(closed).__name__}")
        if layout is not None and not isinstance(layout, Board):
            raise TypeError(f"layout must be a knight.Board, not {type(layout).__name__}")
        if layout is not None and layout.is_standard and layout.moves == DEFAULT_ORDER:
            layout = None  # the plain board of the tour's shape, made when asked for
        if layout is not None:
            if not _checked or _start is None:
                board, _start = check_on_board(board, layout, closed=closed)
        elif not _checked or _start is None:
            board, _start = check_board(board, closed=closed)
        # A read-only view: the caller's own array stays writeable.
        board = np.asarray(board).view()
        board.flags.writeable = False
        self._board: np.ndarray = board
        self._unlocked = False
        self._path: np.ndarray | None = None
        self._start = _start
        self._layout = layout
        self.closed = bool(closed)
        self.method = method
        self.nodes = int(nodes)
        self.backtracks = int(backtracks)
        self.seconds = float(seconds)
        self.seed = seed

    @classmethod
    def _trusted(cls, board: np.ndarray, closed: bool, method: str, nodes: int,
                 seconds: float, start: Square) -> Tour:
        """A tour a core has just built and checked: no second check, no copies.

        ``board`` must be the caller's fresh array, given up to the tour: it
        is made read-only only when :attr:`board` first hands it out, since
        setting the flag costs a quarter of a small board's whole solve.
        """
        self = cls.__new__(cls)
        self._board = board
        self._unlocked = True
        self._path = None
        self._start = start
        self._layout = None
        self.closed = closed
        self.method = method
        self.nodes = nodes
        self.backtracks = 0
        self.seconds = seconds
        self.seed = None
        return self

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        # numpy does not pickle the writeable flag: an unpickled (or copied)
        # tour would hand out a board that could be changed under it.
        self._board.flags.writeable = False
        self._unlocked = False
        if self._path is not None:
            self._path.flags.writeable = False

    @property
    def board(self) -> np.ndarray:
        """Step numbers, an int32 ``rows`` x ``cols`` array (read-only)."""
        if self._unlocked:
            self._board.flags.writeable = False
            self._unlocked = False
        return self._board

    @property
    def layout(self) -> Board:
        """The :class:`knight.Board` the tour covers: shape, holes, moves, wrap."""
        if self._layout is None:
            return standard(self.rows, self.cols)
        return self._layout

    @property
    def rows(self) -> int:
        return int(self._board.shape[0])

    @property
    def cols(self) -> int:
        return int(self._board.shape[1])

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    @property
    def start(self) -> Square:
        """The first square, ``(row, col)``."""
        return self._start

    @property
    def end(self) -> Square:
        """The last square, ``(row, col)``."""
        if self._path is None:
            # The square of the last step, without building the path: repr()
            # asks for the end, and on a 10^9-square board the path would
            # take tens of GiB.  Row blocks keep the scan's temporaries small.
            last = len(self) - 1
            step = max(1, (1 << 20) // self.cols)
            for r0 in range(0, self.rows, step):
                hit = np.flatnonzero(self._board[r0:r0 + step] == last)
                if hit.size:
                    r, c = divmod(int(hit[0]), self.cols)
                    return (r0 + r, c)
        r, c = self.path[-1]
        return (int(r), int(c))

    @property
    def path(self) -> np.ndarray:
        """The squares in tour order, an int32 (N, 2) array (read-only), N the
        number of usable squares.

        Computed from the board the first time it is asked for, in O(N).
        """
        if self._path is None and self._layout is not None:
            squares = self._layout.squares
            order = np.empty(len(self), dtype=np.int64)
            order[self._board[self._layout.mask]] = np.arange(len(self))
            path = np.ascontiguousarray(squares[order], dtype=np.int32)
            path.flags.writeable = False
            self._path = path
        if self._path is None:
            flat = self._board.ravel()
            # int32 throughout (a board has fewer than 2**31 squares), written
            # in place: 16 bytes per square at the peak, refused up front if
            # that cannot fit.
            check_memory(16 * flat.size, f"the path of the {self.rows}x{self.cols} tour")
            where = np.empty(flat.size, dtype=np.int32)
            where[flat] = np.arange(flat.size, dtype=np.int32)
            path = np.empty((flat.size, 2), dtype=np.int32)
            np.floor_divide(where, self.cols, out=path[:, 0])
            np.remainder(where, self.cols, out=path[:, 1])
            del where
            path.flags.writeable = False
            self._path = path
        return self._path

    @property
    def magic(self) -> str | None:
        """``"diagonal"``, ``"semi-magic"`` or ``None``: :func:`knight.magic_kind`
        of this tour (numbered 1..N: every rank one sum and every file one sum,
        and on a square board both long diagonals too).  Computed on each read;
        a tour of a board with holes, another piece or a wrap raises
        ``ValueError``.

        >>> import knight
        >>> print(knight.solve(8).magic)
        None
        >>> knight.verify([[1]], base=1).magic
        'diagonal'
        """
        # Lazily, as to_svg calls the renderer: knight.magic reads Tours.
        from .magic import magic_kind

        return magic_kind(self)

    def __len__(self) -> int:
        return self._layout.size if self._layout is not None else int(self._board.size)

    def __iter__(self) -> Iterator[Square]:
        yield from ((r, c) for r, c in self.path.tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tour):
            return NotImplemented
        return (
            self.shape == other.shape
            and self.closed == other.closed
            and self.layout == other.layout
            and bool(np.array_equal(self._board, other._board))
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        kind = "closed" if self.closed else "open"
        where = f"{self.rows}x{self.cols}" if self._layout is None else self._layout.describe()
        return (
            f"<Tour {where} {kind} start={self.start} end={self.end} "
            f"method={self.method!r} nodes={self.nodes} backtracks={self.backtracks} "
            f"seconds={self.seconds:.6f}>"
        )

    def grid(self, base: int = 0, notation: str = "coords") -> str:
        """The board as text: step numbers (from ``base``) in aligned columns.

        ``notation="algebraic"`` labels the board as a chess player reads
        it: rank numbers down the left (the top row is the highest rank) and
        file letters along the bottom (boards up to 26 columns wide).

        >>> import knight
        >>> print(knight.solve(5).grid(base=1))
         1 16 21 10  7
        22 11  8 15 20
        17  2 25  6  9
        12 23  4 19 14
         3 18 13 24  5
        >>> print(knight.solve(5).grid(base=1, notation="algebraic"))
        5   1 16 21 10  7
        4  22 11  8 15 20
        3  17  2 25  6  9
        2  12 23  4 19 14
        1   3 18 13 24  5
             a  b  c  d  e
        """
        if base not in (0, 1):
            raise ValueError(f"base must be 0 or 1, got {base!r}")
        algebraic_labels = _check_notation(notation, self.cols)
        width = len(str(len(self) - 1 + base))
        lines = [" ".join(f"{v + base:>{width}}" if v >= 0 else f"{'.':>{width}}" for v in row)
                 for row in self._board.tolist()]
        if not algebraic_labels:
            return "\n".join(lines)
        rank_width = len(str(self.rows))
        ranked = [f"{self.rows - r:>{rank_width}}  {line}" for r, line in enumerate(lines)]
        files = " ".join(f"{FILES[c]:>{width}}" for c in range(self.cols))
        return "\n".join([*ranked, " " * (rank_width + 2) + files])

    def __str__(self) -> str:
        return self.grid()

    def algebraic(self) -> list[str]:
        """The squares in order in chess notation (rank 1 at the bottom).

        Only for boards at most 26 columns wide.

        >>> import knight
        >>> knight.solve(8).algebraic()[:4]
        ['a8', 'b6', 'c8', 'a7']
        """
        rows, cols = self.rows, self.cols
        _check_notation("algebraic", cols)
        return [algebraic((r, c), rows, cols) for r, c in self.path.tolist()]

    def moves(self, order: Sequence[Move] | None = None) -> np.ndarray:
        """The moves as direction codes 1..8: code k is ``order[k - 1]``.

        ``order`` defaults to :data:`knight.DEFAULT_ORDER`; a closed tour
        includes its closing move, so it has as many moves as squares.

        >>> import knight
        >>> knight.solve(5).moves()[:5].tolist()
        [1, 8, 3, 2, 5]
        """
        path = self.path.astype(np.int64)
        if self.closed:
            path = np.vstack([path, path[:1]])
        if self._layout is not None:
            # Any board: code k is the board's k-th move (across the seam on
            # a cylinder or torus).
            layout = self._layout
            moves = layout.moves if order is None else layout.with_moves_order(order).moves
            out = np.zeros(len(path) - 1, dtype=np.int8)
            for k, mv in enumerate(moves, 1):
                hit = move_hits(layout, path[:-1], path[1:], mv)
                out[(out == 0) & hit] = k
            return out
        moves = move_order(order) if order is not None else DEFAULT_ORDER
        d = np.diff(path, axis=0)
        code = np.zeros((5, 5), dtype=np.int8)
        for k, (dr, dc) in enumerate(moves, 1):
            code[dr + 2, dc + 2] = k
        codes: np.ndarray = code[d[:, 0] + 2, d[:, 1] + 2]
        return codes

    def to_svg(self, **options: Any) -> str:
        """The tour as an SVG document; see :func:`knight.render.to_svg`.

        >>> import knight
        >>> knight.solve(6, closed=True).to_svg(size=120).count("<circle")
        2
        """
        from .render import to_svg

        return to_svg(self, **options)

    def to_html(self, **options: Any) -> str:
        """A page that plays the tour, one self-contained HTML document: the
        board as :meth:`to_svg` draws it, a step slider, play/pause and a
        speed control; see :func:`knight.render.html.tour_html` for
        ``size``, ``speed``, ``numbers``, ``base`` and ``title``.

        >>> import knight
        >>> page = knight.solve(6, closed=True).to_html(speed=32)
        >>> page.startswith("<!DOCTYPE html>"), page.count("<script")
        (True, 1)
        """
        from .render import tour_html

        return tour_html(self, **options)

    def _repr_html_(self) -> str | None:
        """Jupyter shows a tour as this page, ready to play (up to
        :data:`knight.render.html.PAGE_MAX_SQUARES` squares drawn as a path).

        A notebook prefers HTML to SVG, so this is what it shows; exports
        that cannot run scripts (PDF, LaTeX) take :meth:`_repr_svg_`, the
        same picture.  The page is a ``<div>`` with ids of its own, and
        shows the whole tour where scripts do not run.  Past the page's
        limits there is none (None) and Jupyter shows the SVG picture.
        """
        from .render import PAGE_MAX_SQUARES, layout, tour_html

        size = NOTEBOOK_SIZE
        if len(self) > PAGE_MAX_SQUARES or not layout(self.rows, self.cols, size).path:
            return None
        return tour_html(self, size=size, standalone=False)

    def _repr_svg_(self) -> str | None:
        """Jupyter draws a tour from this (up to 1000x1000 squares).

        Jupyter calls it on every tour it displays: on a bigger board the
        picture (a colour ramp, in memory of its pixels) still reads the
        whole board, seconds on the biggest, so there is none (None) and
        Jupyter shows the text ``repr``.
        """
        if len(self) > SVG_REPR_MAX_SQUARES:
            return None
        return self.to_svg(size=NOTEBOOK_SIZE)

    def save(self, path: str | os.PathLike[str], **options: Any) -> None:
        """Save a picture: ``.svg`` always; ``.png`` or animated ``.gif`` with
        the ``plot`` extra (Pillow); ``.html`` the page :meth:`to_html` makes.
        See :mod:`knight.render` for options.

        >>> import knight, os, tempfile
        >>> name = os.path.join(tempfile.mkdtemp(), "tour.svg")
        >>> knight.solve(8).save(name)
        >>> open(name).read().startswith("<svg")
        True
        """
        from .render import save

        save(self, path, **options)

    def to_dict(self, base: int = 0, notation: str = "coords") -> dict[str, Any]:
        """A JSON-ready description: size, start, end, board, path and statistics.

        With ``notation="algebraic"`` the squares (``start``, ``end`` and
        ``path``) are written as in chess (``"e4"``).

        >>> import knight
        >>> d = knight.solve(8, start="e4").to_dict(notation="algebraic")
        >>> d["start"], d["path"][:3], d["notation"]
        ('e4', ['e4', 'f2', 'h1'], 'algebraic')

        A tour of a board that is not a plain knight rectangle also has
        ``"layout"``: its ``rows``, ``cols``, ``holes``, ``moves``, ``piece``
        and ``wrap``; in ``"board"`` its holes hold -1 whatever ``base``.

        >>> t = knight.solve(knight.Board(5, holes=["c3"], moves="king"))
        >>> t.to_dict()["layout"]["holes"], t.to_dict(base=1)["board"][2]
        ([[2, 2]], [6, 11, -1, 18, 17])
        """
        if base not in (0, 1):
            raise ValueError(f"base must be 0 or 1, got {base!r}")
        if _check_notation(notation, self.cols):
            start: Any = algebraic(self.start, self.rows, self.cols)
            end: Any = algebraic(self.end, self.rows, self.cols)
            path: Any = self.algebraic()
        else:
            start, end, path = list(self.start), list(self.end), self.path.tolist()
        return {
            "rows": self.rows,
            "cols": self.cols,
            "closed": self.closed,
            "notation": notation,
            "start": start,
            "end": end,
            "base": base,
            "board": (np.where(self._board >= 0, self._board + base, -1)
                      if self._layout is not None and base else self._board + base).tolist(),
            "path": path,
            "method": self.method,
            "nodes": self.nodes,
            "backtracks": self.backtracks,
            "seconds": self.seconds,
            "seed": self.seed,
            "moves": self.moves().tolist(),
            **({} if self._layout is None else {"layout": _layout_dict(self._layout)}),
        }


def _layout_dict(board: Board) -> dict[str, Any]:
    """A board that is not a plain knight rectangle, for JSON (see ``to_dict``)."""
    return {
        "rows": board.rows,
        "cols": board.cols,
        "holes": [list(h) for h in board.holes],
        "moves": [list(m) for m in board.moves],
        "piece": board.piece,
        "wrap": board.wrap,
    }

"""Magic knight's tours (issue 29): what kind of magic a numbered tour has,
and the theorems that rule magic tours out.

This module owns the definition.  Number a tour 1..N along its path; the
tour is *semi-magic* when every rank has one sum and every file one sum (on
a rectangle the ranks share one sum and the files another), and *diagonally
magic* when, in addition, the board is square and both long diagonals have
that sum too.  Jelliss' *Knight's Tour Notes* calls the first a "magic tour"
and the second a "diagonally magic tour"; MathWorld ("Magic Tour") calls them
semimagic and magic.

* :func:`magic_kind` reads a tour (a :class:`knight.Tour`, or a step board
  numbered from 0 or from 1) and says ``"diagonal"``, ``"semi-magic"`` or
  ``None``; :attr:`knight.Tour.magic` is the same.
* :func:`magic_reason` says which theorem rules out a magic tour of a board
  (the search engine and ``exists``/``why_not`` will give it).

Numbering from 0 instead of 1 lowers each square by one, so each line's sum
by its length: every rank by ``cols``, every file by ``rows``, each long
diagonal of a square board by its side.  Lines of one direction stay equal
or unequal together, and the diagonals move with the ranks, so the kind does
not depend on the numbering; the sums quoted here are those from 1.

Only plain knight rectangles are read: a board with holes, another piece or
a wrap is refused (the sums over such lines are not defined here yet).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import Board
from .checks import _as_int_array, check_board
from .errors import InvalidTourError
from .geometry import article, board_size
from .theory import board_reason
from .tour import Tour

#: The kinds :func:`magic_kind` returns and :func:`magic_reason` reads, the
#: stronger last.
KINDS = ("semi-magic", "diagonal")

#: The values ``magic=`` takes (besides None), and the kind each asks for.
MAGIC = {"semi": "semi-magic", "diagonal": "diagonal"}

#: William Beverley's tour (*Philosophical Magazine*, 1848), the first
#: semi-magic knight's tour, numbered from 1 as printed, rank 8 first (MathWorld
#: "Magic Tour"; Jelliss, *Knight's Tour Notes*).  Open; its ranks and files add
#: up to 260, its diagonals to 282 and 210.  The construction of
#: :mod:`knight.magic_construct` generalises its structure.
#:
#: >>> import knight
#: >>> from knight.magic import BEVERLEY
#: >>> knight.magic_kind(BEVERLEY), sum(BEVERLEY[0])
#: ('semi-magic', 260)
BEVERLEY: tuple[tuple[int, ...], ...] = (
    (1, 30, 47, 52, 5, 28, 43, 54),
    (48, 51, 2, 29, 44, 53, 6, 27),
    (31, 46, 49, 4, 25, 8, 55, 42),
    (50, 3, 32, 45, 56, 41, 26, 7),
    (33, 62, 15, 20, 9, 24, 39, 58),
    (16, 19, 34, 61, 40, 57, 10, 23),
    (63, 14, 17, 36, 21, 12, 59, 38),
    (18, 35, 64, 13, 60, 37, 22, 11),
)


def check_magic(magic: Any, board: Board) -> str | None:
    """``magic=`` checked on ``board``: the kind it asks for (``"semi-magic"``
    or ``"diagonal"``), or None for None.

    Magic tours are searched on plain knight rectangles only: the sums of a
    line with holes, or of a board with another piece or a wrap, are not
    defined here, so such boards are refused rather than given a meaning
    (the same boards :func:`magic_kind` refuses).  ``"diagonal"`` needs a
    square board.

    >>> from knight import Board
    >>> check_magic("semi", Board(8)), check_magic(None, Board(8, holes=["a1"]))
    ('semi-magic', None)
    >>> check_magic("magic", Board(8))
    Traceback (most recent call last):
    ValueError: magic must be None, 'semi' or 'diagonal', not 'magic'
    >>> check_magic("diagonal", Board(4, 8))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: magic='diagonal' needs a square board (both long diagonals); the 4x8 board is ...
    >>> check_magic("semi", Board(8, wrap="torus"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: magic= reads plain knight rectangles (full, flat): ... not defined; not an 8x8 torus
    """
    if magic is None:
        return None
    if not isinstance(magic, str) or magic not in MAGIC:
        raise ValueError(f"magic must be None, 'semi' or 'diagonal', not {magic!r}")
    if not board.is_standard:
        raise ValueError("magic= reads plain knight rectangles (full, flat): the sums of lines "
                         "with holes, another piece or a wrap are not defined; not "
                         f"{article(board.describe())}")
    rows, cols = board.shape
    if magic == "diagonal" and rows != cols:
        raise ValueError("magic='diagonal' needs a square board (both long diagonals); the "
                         f"{rows}x{cols} board is not square")
    return MAGIC[magic]


def magic_kind(tour_or_board: Any) -> str | None:
    """The magic of a knight's tour: ``"diagonal"``, ``"semi-magic"`` or ``None``.

    ``tour_or_board`` is a :class:`knight.Tour` or a step board (a numpy
    array or nested lists) numbered from 0 (0..N-1) or from 1 (1..N, as
    printed tours are); which one is read from its smallest number.  A
    board is checked to be a knight's tour first (as :func:`knight.verify`
    checks it, open or closed): a magic tour is a tour, and a magic square
    that is not one raises :class:`knight.InvalidTourError` (a
    ``ValueError``) saying which move is wrong.

    ``"semi-magic"``: numbered 1..N, every rank has one sum and every file
    one sum (on a rectangle, the ranks' sum and the files' differ).
    ``"diagonal"``: semi-magic on a square board, with both long diagonals
    summing to the same number too.  The kind is the same whether the tour
    is numbered from 0 or from 1 (see the module's docstring).

    William Beverley's tour (1848), the first semi-magic knight's tour: its
    ranks and files add up to 260, its diagonals to 282 and 210.

    >>> import knight
    >>> beverley = [[ 1, 30, 47, 52,  5, 28, 43, 54],
    ...             [48, 51,  2, 29, 44, 53,  6, 27],
    ...             [31, 46, 49,  4, 25,  8, 55, 42],
    ...             [50,  3, 32, 45, 56, 41, 26,  7],
    ...             [33, 62, 15, 20,  9, 24, 39, 58],
    ...             [16, 19, 34, 61, 40, 57, 10, 23],
    ...             [63, 14, 17, 36, 21, 12, 59, 38],
    ...             [18, 35, 64, 13, 60, 37, 22, 11]]
    >>> knight.magic_kind(beverley)
    'semi-magic'
    >>> knight.verify(beverley, base=1).magic
    'semi-magic'
    >>> print(knight.magic_kind(knight.solve(8)))
    None
    >>> knight.magic_kind([[1]])
    'diagonal'

    A board with holes, another piece or a wrap, a knight.Board (a layout,
    not a numbering) and numbers that start neither at 0 nor at 1 are
    refused:

    >>> knight.magic_kind([[2, 3], [4, 5]])
    Traceback (most recent call last):
    ...
    ValueError: a tour's squares are numbered 0..N-1 or 1..N; the smallest number here is 2
    """
    if isinstance(tour_or_board, Tour):
        layout = tour_or_board.layout
        if not layout.is_standard:
            raise ValueError(
                f"magic_kind reads knight's tours of plain rectangles; this tour covers "
                f"the {layout.describe()}")
        return _kind(tour_or_board.board)
    if isinstance(tour_or_board, Board):
        raise TypeError("magic_kind reads a numbered tour (a Tour or a step board), "
                        "not a knight.Board (a layout)")
    arr = _as_int_array(tour_or_board, "board")
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 1:
        raise InvalidTourError(
            f"a board must be a non-empty 2-D array, got shape {arr.shape}", "shape")
    low = int(arr.min())
    if low not in (0, 1):
        raise ValueError(
            "a tour's squares are numbered 0..N-1 or 1..N; the smallest number here is "
            f"{low}" + (" (holes, -1, are not read: a magic tour covers a whole rectangle)"
                        if low == -1 else ""))
    steps, _ = check_board(arr.astype(np.int64) - low if low else arr, False, low)
    return _kind(steps)


def _kind(steps: np.ndarray) -> str | None:
    """The kind of a checked step board of a plain rectangle, numbered from 0."""
    rows, cols = steps.shape
    # Sums from 1 (each square's step + 1); int64, as a 46,000-square side's
    # lines would overflow int32.
    ranks = steps.sum(axis=1, dtype=np.int64) + cols
    files = steps.sum(axis=0, dtype=np.int64) + rows
    if np.any(ranks != ranks[0]) or np.any(files != files[0]):
        return None
    if rows == cols:
        main = int(np.trace(steps, dtype=np.int64)) + rows
        anti = int(np.trace(steps[:, ::-1], dtype=np.int64)) + rows
        if main == anti == int(ranks[0]):
            return "diagonal"
    return "semi-magic"


def magic_reason(rows: int, cols: int | None = None, kind: str = "semi-magic") -> str | None:
    """Why no knight's tour of a ``rows`` x ``cols`` board is magic of ``kind``
    (``"semi-magic"`` or ``"diagonal"``), or ``None`` when no theorem here
    rules one out (``None`` is not a promise that one exists).

    The reasons, each with its source:

    * No knight's tour at all (:func:`knight.why_not`'s reason).  A 1x1 board
      is trivially magic: its one tour has the sum 1 in every line.
    * Diagonal magic needs a square board (the two long diagonals).
    * A side of odd length (the parity argument; Jelliss, *Knight's Tour
      Notes*): a knight changes colour at every move, so step k (from 0)
      stands on a square with ``k = row + col + s (mod 2)`` for a fixed
      ``s``.  Along a rank of odd length L the steps add up to
      ``L*(row + s) + L*(L-1)/2 (mod 2)`` (numbering from 1 adds L to every
      rank alike), a parity that flips from one rank to the next: neighbouring
      ranks never share a sum.  Likewise files of odd length.
    * Both sides 2 mod 4, a (4m+2)x(4n+2) board such as 6x6 or 6x10: no
      semi-magic tour (G. P. Jelliss' proof, 2003, *Knight's Tour Notes*,
      "General theory of magic tours").
    * 4x8: no semi-magic tour (H. J. R. Murray, who listed the semi-magic
      arrangements, as reported by Jelliss; checked here by listing all
      62,176 open tours of the 4x8 board).
    * 4x10 and 4x12: no semi-magic tour (this package's exhaustive magic
      search, which enumerates every numbered tour the line sums allow:
      4x10 in half a minute, 4x12 in 19 CPU-minutes, both finding none;
      ``benchmarks/bench_magic.py --four-rank`` repeats them, the slow
      tests repeat 4x10).  Kumar finds semi-magic tours on 4x4k boards only
      from k = 5 on.
    * 4x16: no semi-magic tour (Awani Kumar's exhaustive search, "Studies in
      tours of knight on rectangular boards", arXiv:1802.09340, 2018, as
      reported in Jelliss' *Knight's Tour Notes*, "Magic knight's tours on
      oblong boards"; Kumar finds them on every 4x4k board with k >= 5).
    * 8x8, diagonal: none.  The exhaustive enumeration of 2003 (Günter
      Stertenbrink, with Jean-Charles Meyrignac's program, 61.4 CPU-days)
      found all 140 semi-magic 8x8 tours up to symmetry and reversal, and no
      diagonally magic one.

    >>> from knight.magic import magic_reason
    >>> print(magic_reason(8, 8))
    None
    >>> print(magic_reason(5, 6))
    a 5x6 board has a side of odd length, so no knight's tour of it is semi-magic: ...
    >>> print(magic_reason(8, 8, "diagonal"))
    no knight's tour of the 8x8 board is diagonally magic: ...Stertenbrink...
    >>> magic_reason(4, 8, "diagonal")
    'a diagonally magic tour needs a square board; a 4x8 board is not square'
    """
    r, c = board_size(rows, cols)
    if kind not in KINDS:
        raise ValueError(f"kind must be 'semi-magic' or 'diagonal', not {kind!r}")
    size = f"{r}x{c}"
    if kind == "diagonal" and r != c:
        return f"a diagonally magic tour needs a square board; {article(size)} board is not square"
    none = board_reason(r, c, closed=False)
    if none is not None:
        return none
    if r == c == 1:
        return None
    m, n = sorted((r, c))
    what = "semi-magic" if kind == "semi-magic" else "magic, diagonally or not"
    if r % 2 or c % 2:
        return (
            f"{article(size)} board has a side of odd length, so no knight's tour of it is "
            f"{what}: a knight changes colour at every move, so along a line of odd length "
            "the parity of the sum of the step numbers flips from one line to the next, and "
            "neighbouring lines never share a sum (the parity argument; Jelliss, Knight's "
            "Tour Notes)")
    if r % 4 == 2 and c % 4 == 2:
        return (
            f"{article(size)} board has both sides of the form 4k+2, and no knight's tour of "
            f"such a board is {what} (G. P. Jelliss' proof, 2003, Knight's Tour Notes: "
            "general theory of magic tours)")
    if (m, n) == (4, 8):
        return (
            f"no knight's tour of the {size} board is {what} (H. J. R. Murray, as reported "
            "by G. P. Jelliss; all 62,176 open tours of the board checked here)")
    if (m, n) in ((4, 10), (4, 12)):
        took = "half a minute" if n == 10 else "19 CPU-minutes"
        return (
            f"no knight's tour of the {size} board is {what} (the whole enumeration by this "
            f"package's magic search, {took}, finds none; benchmarks/bench_magic.py "
            "--four-rank repeats it)")
    if (m, n) == (4, 16):
        return (
            f"no knight's tour of the {size} board is {what} (Awani Kumar's exhaustive "
            "search, arXiv:1802.09340, 2018, as reported in G. P. Jelliss' Knight's Tour "
            "Notes)")
    if kind == "diagonal" and r == 8:
        return (
            "no knight's tour of the 8x8 board is diagonally magic: the exhaustive "
            "enumeration of 2003 (Günter Stertenbrink, with Jean-Charles Meyrignac's "
            "program) found all 140 semi-magic tours, up to symmetry and reversal, and "
            "none with magic diagonals")
    return None


__all__ = ["BEVERLEY", "KINDS", "MAGIC", "check_magic", "magic_kind", "magic_reason"]

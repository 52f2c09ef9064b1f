"""Tours up to the board's symmetries, and the tours a symmetry maps to itself.

The symmetries of a board are the rotations and reflections of the square
(the dihedral group of order 8) that map it, holes included, onto itself:
all eight on a square board, the half turn and the two mid-line
reflections on other rectangles.  :func:`fixed` counts the tours that one
of them maps to themselves, read without direction (a closed tour as its
cycle, an open one as its path, either way round); :func:`classes` counts
the tours up to all of them by Burnside's lemma: the number of classes is
the average, over the group, of the tours each element fixes.

Each fixed count comes from the cheapest of three sources, in this order:

* theory, on knight rectangles without holes (every move changes colour,
  none stays in a row or a column, and one of its two steps is odd): a
  symmetry that fixes more squares than a cycle's (two) or a path's (one)
  reversal can, or whose colour change disagrees with the number of steps
  it shifts the tour by, fixes none (:func:`theory_zero` gives the reason);
* the frontier DP, for the half turn on closed tours of even-length boards
  (:mod:`.frontier_symmetry`: side 0's states and the inside of the middle
  two columns, so 8x8 takes side 0's sweep only);
* listing every tour (``tours``) and testing each, where there are at most
  :data:`LIST_LIMIT`.

Beyond those the count is refused with a ``BoardTooLargeError`` naming the
symmetry it cannot count.  The entry points are ``count(...,
up_to_symmetry=True)`` and ``count(..., invariant=NAME)``; they pass their
own ``count`` and ``tours`` in (this module sits below them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..board import Board
from ..errors import BoardTooLargeError
from ..geometry import article
from .frontier_symmetry import half_turn_cycles, serves_half_turn

__all__ = ["LIST_LIMIT", "NAMES", "board_symmetries", "classes", "fixed", "theory_zero"]

#: The symmetries ``invariant=`` names (each besides the identity).
NAMES = ("half-turn", "quarter-turn", "horizontal", "vertical", "diagonal", "anti-diagonal")

#: The most tours (undirected) listed one by one to find those a symmetry fixes.
LIST_LIMIT = 200_000

_Map = Callable[[int, int], tuple[int, int]]


def _maps(rows: int, cols: int) -> dict[str, list[_Map]]:
    """Each symmetry's maps of (row, col); the quarter turn has two (a tour
    one fixes, the other fixes too: they are inverses)."""
    R, C = rows - 1, cols - 1
    out: dict[str, list[_Map]] = {
        "half-turn": [lambda r, c: (R - r, C - c)],
        "horizontal": [lambda r, c: (R - r, c)],
        "vertical": [lambda r, c: (r, C - c)],
    }
    if rows == cols:
        out["quarter-turn"] = [lambda r, c: (c, R - r), lambda r, c: (C - c, r)]
        out["diagonal"] = [lambda r, c: (c, r)]
        out["anti-diagonal"] = [lambda r, c: (C - c, R - r)]
    return out


def board_symmetries(board: Board) -> list[str]:
    """The symmetries (of :data:`NAMES`) that map ``board`` onto itself: its
    shape, its holes and its moves.

    >>> from knight import Board
    >>> board_symmetries(Board(8))
    ['half-turn', 'horizontal', 'vertical', 'quarter-turn', 'diagonal', 'anti-diagonal']
    >>> board_symmetries(Board(3, 4, holes=["a1"]))
    []
    """
    rows, cols = board.shape
    usable = {(r, c) for r in range(rows) for c in range(cols) if board.mask[r, c]}
    moves = set(board.moves)
    out = []
    for name, maps in _maps(rows, cols).items():
        f = maps[0]
        o = f(0, 0)
        # the map's linear part, applied to a move (the shift cancels out)
        turned = {tuple(a - b for a, b in zip(f(dr, dc), o)) for dr, dc in moves}
        if {f(r, c) for r, c in usable} == usable and turned == moves:
            out.append(name)
    return out


def theory_zero(rows: int, cols: int, name: str, closed: bool) -> str | None:
    """Why no knight's tour of a full ``rows`` x ``cols`` board is mapped to
    itself by the symmetry ``name`` (None: theory does not say).

    A symmetry g that maps a tour onto itself acts on it as an automorphism
    of a cycle (closed) or of a path (open).  A path's are the identity and
    the reversal, which fixes at most one square (the middle one of an odd
    path) and otherwise maps the middle edge to itself, {v, g(v)}; a
    cycle's involutions fix 0 or 2 squares, and its automorphisms without
    fixed squares are shifts, by N/2 steps for an involution and N/4 for a
    quarter turn.  Knight moves change colour, never stay in a row or a
    column, and have one odd and one even step.

    >>> theory_zero(8, 8, "quarter-turn", True)
    'a quarter turn swaps the colours, and a tour shifted by 16 steps keeps them'
    >>> theory_zero(6, 6, "quarter-turn", True) is None
    True
    """
    n = rows * cols
    fixed_sq = {  # squares the symmetry fixes
        "half-turn": int(rows % 2 == 1 and cols % 2 == 1),
        "horizontal": cols if rows % 2 else 0,
        "vertical": rows if cols % 2 else 0,
        "quarter-turn": int(rows % 2 == 1),
        "diagonal": rows,
        "anti-diagonal": rows,
    }[name]
    if not closed:
        if name == "quarter-turn":
            return "a path has no symmetry of order 4"
        if fixed_sq >= 2:
            return f"it fixes {fixed_sq} squares, and a reversed path at most one"
        if fixed_sq == 0 and n % 2 == 1:
            return "an odd path's middle square would be fixed, and it fixes none"
        if fixed_sq == 0 and name in ("horizontal", "vertical"):
            return "the middle edge would join a square to its mirror image, in one line"
        if name == "half-turn" and n % 2 == 0 and (rows + cols) % 2 == 0:
            return ("the middle edge would join a square to its half turn: two odd steps, "
                    "never a knight's move")
        return None
    if fixed_sq > 2:
        return f"it fixes {fixed_sq} squares, and a symmetry of a cycle at most two"
    if name == "quarter-turn":
        if rows % 2:
            return "it fixes the centre, and a quarter turn of a cycle fixes nothing"
        if n // 4 % 2 == 0:
            return (f"a quarter turn swaps the colours, and a tour shifted by {n // 4} steps "
                    "keeps them")
        return None
    if fixed_sq == 0 and name in ("horizontal", "vertical"):
        # no edge {v, g(v)} (one line): g shifts the cycle by n / 2; it swaps
        # the colours (the flipped side is even)
        if n // 2 % 2 == 0:
            return f"the reflection swaps the colours, and a tour shifted by {n // 2} steps " \
                   "keeps them"
    return None


def _edges(squares: Iterable[Any], closed: bool) -> frozenset[frozenset[tuple[int, int]]]:
    sq = [tuple(s) for s in squares]
    pairs = list(zip(sq, sq[1:])) + ([(sq[-1], sq[0])] if closed and len(sq) > 2 else [])
    return frozenset(frozenset(p) for p in pairs)


def _listed(board: Board, closed: bool, names: list[str], tours: Callable[..., Any],
            **kw: Any) -> dict[str, int]:
    """The tours each symmetry fixes, by listing every tour."""
    maps = _maps(*board.shape)
    got = dict.fromkeys(names, 0)
    for t in tours(board, closed=closed, **kw):
        sq = [tuple(s) for s in t.path.tolist()]
        if not closed and sq[0] > sq[-1]:
            continue  # each path once: the other direction is listed too
        edges = _edges(sq, closed)
        for name in names:
            f = maps[name][0]
            if frozenset(frozenset(f(*s) for s in e) for e in edges) == edges:
                got[name] += 1
    return got


def fixed(board: Board, closed: bool, names: list[str], *, count: Callable[..., int],
          tours: Callable[..., Any], total: int | None = None, **kw: Any) -> dict[str, int]:
    """The undirected tours (cycles when ``closed``, else paths) each symmetry
    in ``names`` maps to itself; ``count``/``tours``: the package's (with
    ``kw``: method, timeout, ...); ``total``: the undirected count, if
    known (it decides whether listing is in reach)."""
    rows, cols = board.shape
    plain = board.is_standard
    got: dict[str, int] = {}
    left = []
    for name in names:
        if plain and theory_zero(rows, cols, name, closed) is not None:
            got[name] = 0
        elif (name == "half-turn" and closed and serves_half_turn(rows, cols)
              and board.wrap is None and board.is_knight):
            removed = [r * cols + c for r in range(rows) for c in range(cols)
                       if not board.mask[r, c]]
            got[name] = half_turn_cycles(rows, cols, removed=removed)
        else:
            left.append(name)
    if left:
        if total is None:
            total = _undirected(board, closed, count, **kw)
        if total > LIST_LIMIT:
            raise BoardTooLargeError(
                f"counting the tours of {article(board.describe())} that the "
                f"{' and '.join(left)} map{'s' if len(left) == 1 else ''} to themselves "
                f"means listing all {total:,} (at most {LIST_LIMIT:,} are listed): out of reach")
        got.update(_listed(board, closed, left, tours, **kw))
    return got


def _undirected(board: Board, closed: bool, count: Callable[..., int], **kw: Any) -> int:
    n = count(board, closed=closed, **kw)
    return n if closed or board.size < 2 else n // 2


def classes(board: Board, closed: bool, *, count: Callable[..., int],
            tours: Callable[..., Any], **kw: Any) -> int:
    """The tours of ``board`` up to its symmetries (each class of cycles, or
    of paths whatever their direction, once), by Burnside's lemma."""
    names = board_symmetries(board)
    total = _undirected(board, closed, count, **kw)
    if total == 0:
        return 0
    got = fixed(board, closed, names, count=count, tours=tours, total=total, **kw)
    # the quarter turn is two elements (90 and 270 degrees), fixing the same tours
    s = total + sum(got[n] * (2 if n == "quarter-turn" else 1) for n in names)
    order = 1 + len(names) + (1 if "quarter-turn" in names else 0)
    assert s % order == 0, (s, order)
    return s // order

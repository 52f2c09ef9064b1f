"""Instant answers to "is there a knight's tour?" for every board and start.

* Whole boards: Schwenk's closed-tour theorem and the list of boards with
  open tours (:mod:`knight.theory`).
* Start squares on boards with both sides at least 5 (and 1x1): the colour
  argument is the only obstacle (an odd board's tour starts and ends on the
  corner colour); a closed tour passes every square, so it can start anywhere.
* Boards with a side of 3 or 4: which squares start a tour is decided exactly,
  for every length, by the column automaton of :mod:`knight.thin`.

Nothing here searches, so every answer is immediate, however large the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import theory, thin
from ._core import board_graph as _board_graph
from .board import PIECES, Board, check_analysis_memory
from .geometry import Square, article, board_size, check_memory, name_squares, square


def _check_closed(value: Any) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"closed must be True or False, not {type(value).__name__}")


def reason(rows: int, cols: int, start: Square | None, closed: bool) -> str | None:
    """:func:`why_not` for arguments already validated (no checks, no copies)."""
    if thin.is_thin(rows, cols):
        return thin.thin_reason(rows, cols, start, closed)
    why = theory.board_reason(rows, cols, closed)
    if why is None and start is not None:
        why = theory.start_reason(rows, cols, start, closed)
    return why


def why_not(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    closed: bool = False,
) -> str | None:
    """Why no tour exists, in words, or ``None`` when one does.

    ``cols`` defaults to ``rows``.  ``start=None`` asks about a tour from any
    square.  Arguments are checked first (``TypeError``/``ValueError`` naming
    the argument).  :func:`knight.why_not` answers a plain rectangle with
    this, so its examples are this function's too; and:

    >>> why_not(3, 8, start=(1, 2)).startswith("no open tour of the 3x8 board starts at (1, 2)")
    True
    """
    rows, cols = board_size(rows, cols)
    given = start
    if start is not None:
        start = square(start, rows, cols, "start")
    why = reason(rows, cols, start, _check_closed(closed))
    # a square given in chess notation gets its answer so ("b1")
    return name_squares(why, rows, cols) if why and isinstance(given, str) else why


def exists(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    closed: bool = False,
) -> bool:
    """Does a ``rows`` x ``cols`` board have a tour (from ``start``, if given)?

    Answers at once for every board, open or closed; see :func:`why_not`
    for the reason when the answer is no.  :func:`knight.exists` answers a
    plain rectangle as this does, so its first examples are this function's
    too (tests/verify/test_existence.py checks it against the theorems).
    """
    return why_not(rows, cols, start=start, closed=closed) is None


def start_squares(rows: int, cols: int | None = None, *, closed: bool = False) -> np.ndarray:
    """A bool ``rows`` x ``cols`` array: which squares start a tour.

    :func:`knight.start_squares` answers a plain rectangle with this, so its
    first examples are this function's too (tests/verify/test_existence.py
    checks it square by square).
    """
    rows, cols = board_size(rows, cols)
    closed = _check_closed(closed)
    # The bool answer, a transposed copy of it (thin boards) and the int64
    # per-column tables of thin.row_masks (about 41 bytes a column,
    # measured): refused up front when they cannot fit.
    check_memory(2 * rows * cols + 48 * max(rows, cols),
                 f"the start squares of the {rows}x{cols} board")
    if thin.is_thin(rows, cols):
        return thin.start_squares(rows, cols, closed=closed)
    if theory.board_reason(rows, cols, closed) is not None:
        return np.zeros((rows, cols), dtype=bool)
    if closed or (rows * cols) % 2 == 0:
        return np.ones((rows, cols), dtype=bool)
    # The corner colour, (r + c) even, written straight into the bool answer
    # (an int64 r + c grid would take 8 bytes per square).
    return np.equal.outer(np.arange(rows) % 2, np.arange(cols) % 2)


__all__ = ["exists", "start_squares", "why_not"]


# -- any board ------------------------------------------------------------------
#
# On a board with holes, another move set or wrap-around, existence is
# NP-hard in general (it is the Hamiltonian path problem), so theory gives
# necessary conditions only, cheapest first; each returns a reason or None.
# Where none applies, the caller decides by an exhaustive search.


def _square_name(board: Board, i: int) -> str:
    r, c = board.squares[i]
    return f"({int(r)}, {int(c)})"


def knuth_connected(a: int, b: int, rows: int, cols: int) -> bool:
    """Knuth's theorem ("Leaper graphs", Math. Gazette 1994): the (a, b)-leaper
    graph of a full flat ``rows`` x ``cols`` board, 2 <= rows <= cols, a < b,
    is connected iff a + b is odd, gcd(a, b) = 1, rows >= a + b and cols >= 2b.

    >>> knuth_connected(1, 2, 3, 4), knuth_connected(2, 3, 5, 6), knuth_connected(1, 3, 8, 8)
    (True, True, False)
    """
    from math import gcd

    a, b = sorted((a, b))
    m, n = sorted((rows, cols))
    return (a + b) % 2 == 1 and gcd(a, b) == 1 and m >= a + b and n >= 2 * b


def _disconnected(board: Board) -> str | None:
    comp = board.components()
    pieces = int(comp.max()) + 1 if comp.size else 0
    if pieces <= 1:
        return None
    legs = PIECES.get(board.piece or "", ())
    if (board.is_full and board.wrap is None and len(legs) == 1 and 0 < legs[0][0] < legs[0][1]
            and min(board.shape) >= 2):
        a, b = legs[0]
        why = (f"by Knuth's leaper theorem (1994) the ({a}, {b})-leaper graph of an m x n board "
               f"with 2 <= m <= n is connected only when a + b is odd, gcd(a, b) = 1, m >= a + b "
               f"and n >= 2b")
    else:
        lonely = np.flatnonzero(board.degrees() == 0)
        if lonely.size:
            why = f"square {_square_name(board, int(lonely[0]))} has no move to or from it"
        else:
            other = int(np.flatnonzero(comp != comp[0])[0])
            why = (f"no sequence of moves joins {_square_name(board, 0)} and "
                   f"{_square_name(board, other)}")
    return f"the {board.describe()} falls apart into {pieces} unconnected parts: {why}"


def _degree_one(board: Board, closed: bool) -> str | None:
    ones = np.flatnonzero(board.degrees() == 1)
    if closed and ones.size:
        return (f"square {_square_name(board, int(ones[0]))} of the {board.describe()} has only "
                "one move, but a closed tour enters and leaves every square")
    if not closed and ones.size > 2:
        names = ", ".join(_square_name(board, int(i)) for i in ones[:3])
        return (f"{ones.size} squares of the {board.describe()} have only one move ({names}"
                f"{', ...' if ones.size > 3 else ''}), but only the two ends of a tour may")
    return None


def _colours(board: Board, start: int | None, closed: bool) -> str | None:
    colour = board.colouring()
    if colour is None:
        return None
    ones = int(colour.sum())
    zeros = board.size - ones
    what = (f"every move of the {board.describe()} changes colour (its squares split into two "
            f"classes of {zeros} and {ones}, and no move joins two squares of one class)")
    if closed and zeros != ones:
        return f"{what}, so a closed tour needs classes of equal size"
    if abs(zeros - ones) > 1:
        return f"{what}, so a tour's classes differ by at most one square"
    if start is not None and zeros != ones:
        big = 0 if zeros > ones else 1
        if colour[start] != big:
            return (f"{what}, so a tour must start and end in the larger class; "
                    f"{_square_name(board, start)} is in the smaller one")
    return None


def _cut_squares(board: Board, closed: bool, start: int | None) -> str | None:
    """A square whose removal splits the board: no closed tour passes it; an
    open one cannot pass a square that leaves three or more parts, nor start
    on one (it could reach only one of the parts)."""
    if board.size < 3:
        return None
    parts = board.cut_parts()
    if not closed and start is not None and parts[start] >= 1:
        return (f"removing square {_square_name(board, start)} splits the "
                f"{board.describe()}, so a tour starting there could reach only one of the "
                f"{int(parts[start]) + 1} parts")
    worst = int(np.argmax(parts))
    if closed and parts[worst] >= 1:
        return (f"square {_square_name(board, worst)} of the {board.describe()} is a cut square "
                "(removing it splits the board), but a closed tour passes every square with "
                "the rest still joined")
    if not closed and parts[worst] >= 2:
        return (f"removing square {_square_name(board, worst)} splits the {board.describe()} "
                f"into {int(parts[worst]) + 1} parts, but an open tour passing it leaves at "
                "most two")
    return None


def torus_theorem(board: Board, closed: bool) -> bool:
    """True when a theorem guarantees a tour of ``board`` with no search:
    Watkins and Hoenigman ("Knight's tours on a torus", Math. Magazine
    1997): every m x n torus has a closed knight's tour (so an open one,
    from every square).  Checked against exhaustive search on small tori
    by the tests.

    >>> torus_theorem(Board(5, 7, wrap="torus"), closed=True)
    True
    """
    return (board.wrap == "torus" and board.is_full and board.is_knight
            and board.size >= 3)


def board_reason(board: Board, start: Square | None, closed: bool) -> str | None:
    """Why no tour of ``board`` (from ``start``) exists, by theory alone, or
    None when no theorem rules it out (which is not a promise that one does:
    see :func:`board_decided`).  Plain knight rectangles get the exact
    answers of :func:`reason`."""
    if board.is_standard:
        return reason(board.rows, board.cols, start, closed)
    if board.size == 1:
        return (f"the {board.describe()} has one square: no closed tour, the piece cannot "
                "move back to it") if closed else None
    if closed and board.size == 2:
        return (f"the {board.describe()} has two squares: a closed tour would use one move "
                "twice")
    # the checks build the move graph and look at it: refused here, before
    # any of it, where it cannot fit (the labelling and the cut squares
    # check their own scratch again as they allocate it)
    check_analysis_memory(board, f"checking whether the {board.describe()} can have a tour")
    idx = None if start is None else int(board.index[start])
    checks: tuple[Callable[[], str | None], ...] = (
        lambda: _disconnected(board), lambda: _degree_one(board, closed),
        lambda: _colours(board, idx, closed), lambda: _cut_squares(board, closed, idx))
    for check in checks:
        why = check()
        if why is not None:
            if start is not None:
                return f"no {'closed' if closed else 'open'} tour starts at {start}: {why}"
            return why
    return None


def board_decided(board: Board, closed: bool) -> bool:
    """True when theory alone settles the existence of a tour of ``board``
    (so no search is needed): plain knight rectangles, knight tori, and any
    board a reason rules out."""
    return board.is_standard or torus_theorem(board, closed) or board.size == 1


# -- clues ----------------------------------------------------------------------


def clue_reason(board: Board, at: dict[int, int], closed: bool, *, base: int = 0,
                algebraic: bool = False) -> str | None:
    """Why no tour of ``board`` meets the clues ``at`` (step -> square number),
    by theory alone, or None when none rules it out (a search decides).

    The reason counts steps from ``base`` (0, as :attr:`knight.Tour.board`
    and the ``clues=`` of :func:`knight.solve`; 1, as a puzzle's text)
    and names squares in chess notation when ``algebraic`` (on boards up
    to 26 columns wide), else as ``(row, col)`` pairs.

    The board itself (:func:`board_reason`, from the square clued 0, and
    for open tours to the square clued last); a square with one move clued
    between the ends; two clues k < k' on squares more than k' - k moves
    apart in the board's graph (for closed tours also the last clue and
    the first, round through the start), or joined by no moves; where every
    move changes colour, two clues whose steps differ by the wrong parity,
    and on open tours with colour classes of unequal sizes a clue whose
    step's parity puts it in the wrong class.

    >>> from knight import Board
    >>> print(clue_reason(Board(5), {0: 0, 2: 24}, False))
    clues put step 0 on (0, 0) and step 2 on (4, 4), 4 moves apart: more than the 2 steps ...
    >>> print(clue_reason(Board(4, moves="wazir"), {0: 0, 2: 1}, False))
    clues put step 0 on (0, 0) and step 2 on (0, 1): every move ... odd number of steps apart, not 2
    >>> print(clue_reason(Board(5), {0: 0, 2: 24}, False, base=1, algebraic=True))
    clues put step 1 on a5 and step 3 on e1, 4 moves apart: more than the 2 steps between them
    """
    why = _clue_reason(board, at, closed, base)
    if why is not None and algebraic:
        why = name_squares(why, board.rows, board.cols)
    return why


def _clue_reason(board: Board, at: dict[int, int], closed: bool, base: int) -> str | None:
    """:func:`clue_reason`, its squares as ``(row, col)`` pairs."""
    n = board.size
    kind = "closed" if closed else "open"
    if n < 3 and closed:
        return board_reason(board, None, closed)
    sq = board.squares

    def name(p: int) -> str:
        return f"({int(sq[p][0])}, {int(sq[p][1])})"

    start = at.get(0)
    why = board_reason(board, None if start is None else (int(sq[start][0]), int(sq[start][1])),
                       closed)
    if why is None and not closed and (n - 1) in at and n > 1:
        # A path read backwards starts where it ended.
        e = at[n - 1]
        why = board_reason(board, (int(sq[e][0]), int(sq[e][1])), closed)
        if why is not None:
            why = f"the tour would end on {name(e)}, but read backwards: {why}"
    if why is not None:
        return why
    deg = board.degrees()
    for k, p in at.items():
        if deg[p] < 2 and (closed or 0 < k < n - 1):
            return (f"a clue puts step {k + base} on {name(p)}, which has {int(deg[p])} move"
                    f"{'s' if deg[p] != 1 else ''}, but a {kind} tour enters and leaves every "
                    "square between its ends")
    steps = sorted(at)
    sources = np.array([at[k] for k in steps], dtype=np.int32)
    dist = np.empty((len(steps), n), dtype=np.int32)
    bip = np.empty(len(steps), dtype=np.uint8)
    _board_graph.distances(board.neighbours(), board.degrees(), sources, dist, bip)
    colour = board.colouring()
    if not closed and colour is not None:
        ones = int(colour.sum())
        zeros = n - ones
        if zeros != ones and board.components().max() == 0:
            big = 0 if zeros > ones else 1
            for k, p in at.items():
                if (colour[p] == big) != (k % 2 == 0):
                    # the steps of the start's parity stand in the larger class
                    shown = k + base
                    return (f"every move of the {board.describe()} changes colour and its "
                            f"classes hold {zeros} and {ones} squares, so a tour starts in the "
                            f"larger and its {'even' if shown % 2 == 0 else 'odd'} steps stand "
                            f"there{'' if k % 2 == 0 else ' not'}; a clue puts step {shown} "
                            f"on {name(p)}, in the "
                            f"{'smaller' if colour[p] != big else 'larger'}")
    pairs = [(i, i + 1, steps[i + 1] - steps[i]) for i in range(len(steps) - 1)]
    if closed and len(steps) > 1:
        pairs.append((len(steps) - 1, 0, n - steps[-1] + steps[0]))
    for i, j, gap in pairs:
        d = int(dist[i, sources[j]])
        what = (f"clues put step {steps[i] + base} on {name(int(sources[i]))} and step "
                f"{steps[j] + base} on {name(int(sources[j]))}")
        if closed and j == 0:
            what += f", {gap} steps apart round the closed tour"
        if d < 0:
            return f"{what}, but no sequence of moves joins them"
        if d > gap:
            return (f"{what}, {d} moves apart: more than the {gap} step"
                    f"{'s' if gap != 1 else ''} between them")
        if bip[i] and (gap - d) % 2:
            return (f"{what}: every move of the {board.describe()} changes colour, so squares "
                    f"{d} move{'s' if d != 1 else ''} apart are an "
                    f"{'even' if d % 2 == 0 else 'odd'} number of steps apart, not {gap}")
    return None


# -- tours between two chosen squares ----------------------------------------------
#
# A tour from s to t is a Hamiltonian path with both ends fixed.  Theory here
# is exact where it decides (the n x n knight board, n >= 6, by Conrad et
# al.) and otherwise a list of necessary conditions, each an argument, never
# a guess; the callers search where none applies.


def conrad_between(n: int, start: Square, end: Square) -> bool:
    """Conrad, Hindrichs, Morsy and Wegener, "Solution of the knight's
    Hamiltonian path problem on chessboards", Discrete Applied Mathematics
    50 (1994) 125-134: on the n x n board, n >= 6, an open knight's tour
    from ``start`` to ``end`` exists iff (n even) the two squares have
    different colours, or (n odd) they are distinct and both of the corner
    colour ((row + col) even).  The tests check it against exhaustive
    search for every pair of squares of the 6x6 and 7x7 boards.

    >>> conrad_between(8, (0, 0), (7, 0)), conrad_between(8, (0, 0), (7, 7))
    (True, False)
    >>> conrad_between(7, (0, 0), (6, 6)), conrad_between(7, (0, 0), (0, 1))
    (True, False)
    """
    if n < 6:
        raise ValueError(f"Conrad et al.'s criterion is for n >= 6, not n = {n}")
    a, b = (start[0] + start[1]) % 2, (end[0] + end[1]) % 2
    if n % 2 == 0:
        return a != b
    return start != end and a == 0 and b == 0


def _rect_ends_reason(rows: int, cols: int, start: Square, end: Square) -> str | None:
    """The plain knight rectangle: the whole-board, colour and thin-board arguments."""
    if rows * cols == 1:
        return None
    why = theory.board_reason(rows, cols, False)
    if why is not None:
        return why
    a, b = (start[0] + start[1]) % 2, (end[0] + end[1]) % 2
    if (rows * cols) % 2 == 0 and a == b:
        return (f"{article(f'{rows}x{cols}')} board has an even number of squares, and a "
                "tour alternates "
                f"colours, so its two ends have different colours; {start} and {end} have "
                "the same colour")
    if (rows * cols) % 2 == 1 and (a or b):
        odd = start if a else end
        return (f"{article(f'{rows}x{cols}')} board has an odd number of squares, so a tour "
                "starts and "
                f"ends on the corner colour; {odd} is on the other colour")
    if thin.is_thin(rows, cols):
        # A tour from s to t, read backwards, is a tour from t: both must start one.
        for sq in (start, end):
            why = thin.thin_reason(rows, cols, sq, False)
            if why is not None:
                return why
    return None


#: Above this many squares the per-cut-square flood fills of :func:`_ends_cuts`
#: are skipped (a necessary condition left out, never a wrong answer).
_CUT_FILL_WORK = 5_000_000


def _ends_cuts(board: Board, s: int, t: int) -> str | None:
    """Cut squares with both ends known.  A tour from s to t leaves through
    the rest of the board in one piece once s is gone, so s (and likewise t)
    is no cut square; a tour passing a cut square v splits at v into the part
    before and the part after, so removing v leaves exactly two parts, s in
    one and t in the other."""
    if board.size < 3:
        return None
    parts = board.cut_parts()
    for sq, what in ((s, "starting"), (t, "ending")):
        if parts[sq] >= 1:
            return (f"removing square {_square_name(board, sq)} splits the {board.describe()}, "
                    f"so a tour {what} there could reach only one of the {int(parts[sq]) + 1} "
                    "parts")
    worst = int(np.argmax(parts))
    if parts[worst] >= 2:
        return (f"removing square {_square_name(board, worst)} splits the {board.describe()} "
                f"into {int(parts[worst]) + 1} parts, but a tour passing it leaves at most two")
    cuts = np.flatnonzero(parts == 1)
    if cuts.size * board.size > _CUT_FILL_WORK:
        return None
    nbr, deg = board.neighbours(), board.degrees()
    rows = [nbr[p, : int(deg[p])].tolist() for p in range(board.size)]
    for v in cuts.tolist():
        seen = {s, v}
        todo = [s]
        while todo:
            p = todo.pop()
            for u in rows[p]:
                if u not in seen:
                    seen.add(u)
                    todo.append(u)
        if t in seen:
            return (f"removing square {_square_name(board, v)} splits the {board.describe()} "
                    f"into two parts with both ends in one of them, but a tour passing it "
                    "runs from one part into the other")
    return None


def _ends_graph_reason(board: Board, s: int, t: int) -> str | None:
    """The arguments valid on any board, with the squares numbered."""
    why = _disconnected(board)
    if why is not None:
        return why
    deg = board.degrees()
    ones = [int(i) for i in np.flatnonzero(deg == 1) if i != s and i != t]
    if ones:
        return (f"square {_square_name(board, ones[0])} has only one move, so it must be an "
                "end of a tour, but the ends are chosen")
    nbr = board.neighbours()
    for a, b in ((s, t), (t, s)):
        if board.size > 2 and deg[a] == 1 and int(nbr[a, 0]) == b:
            return (f"the only move from {_square_name(board, a)} leads to "
                    f"{_square_name(board, b)}, the other end, which a tour reaches last")
    colour = board.colouring()
    if colour is not None:
        ones_ = int(colour.sum())
        zeros = board.size - ones_
        what = (f"every move of the {board.describe()} changes colour (its squares split into "
                f"two classes of {zeros} and {ones_}, and no move joins two squares of one "
                "class)")
        if abs(zeros - ones_) > 1:
            return f"{what}, so a tour's classes differ by at most one square"
        if zeros == ones_ and colour[s] == colour[t]:
            return f"{what}, so with equal classes a tour's ends have different colours"
        if zeros != ones_:
            big = 0 if zeros > ones_ else 1
            for sq in (s, t):
                if colour[sq] != big:
                    return (f"{what}, so a tour starts and ends in the larger class; "
                            f"{_square_name(board, sq)} is in the smaller one")
    return _ends_cuts(board, s, t)


#: Plain knight rectangles up to this many squares also get the graph
#: arguments (cut squares, one-move squares) where the rectangle's own
#: theory does not decide; their tables cost about 40 bytes a square.
_RECT_GRAPH_SQUARES = 1 << 20


def ends_reason(board: Board, start: Square, end: Square) -> str | None:
    """Why no open tour of ``board`` runs from ``start`` to ``end``, by theory
    alone, or None when no argument rules it out (a promise only when
    :func:`ends_theorem` says so).  The squares are validated ones.

    >>> print(ends_reason(Board(8), (0, 0), (7, 7)))
    no open tour from (0, 0) ends at (7, 7): an 8x8 board has an even number of squares, ...
    >>> ends_reason(Board(3, 3, moves="king"), (0, 0), (2, 2)) is None
    True
    """
    if start == end:
        if board.size == 1:
            return None
        return (f"no open tour from {start} ends at {end}: a tour of the {board.describe()} "
                "visits each square once, so its ends differ")
    if board.is_standard:
        why = _rect_ends_reason(board.rows, board.cols, start, end)
        if why is None and not ends_theorem(board, start, end) and (
                board.size <= _RECT_GRAPH_SQUARES):
            why = _ends_graph_reason(board, int(board.index[start]), int(board.index[end]))
    else:
        why = _ends_graph_reason(board, int(board.index[start]), int(board.index[end]))
    if why is None:
        return None
    return f"no open tour from {start} ends at {end}: {why}"


def ends_theorem(board: Board, start: Square, end: Square) -> bool:
    """True when a theorem guarantees an open tour from ``start`` to ``end``:
    the one-square board, and the n x n knight board for n >= 6 by
    :func:`conrad_between`.

    >>> ends_theorem(Board(6), (0, 0), (0, 1)), ends_theorem(Board(6, 7), (0, 0), (0, 1))
    (True, False)
    """
    if board.size == 1:
        return start == end
    return (board.is_standard and board.rows == board.cols and board.rows >= 6
            and conrad_between(board.rows, start, end))

"""Is there a tour?  :func:`exists`, :func:`why_not`, :func:`start_squares` and
:func:`end_squares` for every board.

* Plain knight rectangles get the exact, instant answers of
  :mod:`knight.existence` (Schwenk's theorem, the open-tour boards, the
  colour argument, the thin-board automaton), however large the board.
* Knight tori: Watkins and Hoenigman (1997) prove a closed tour on every
  m x n torus, so every square starts one, open or closed.
* Any other board (holes, another piece, a cylinder): theory rules out what
  it can at once (a board in pieces, named by Knuth's leaper theorem where
  it applies; squares with one move; colour classes; cut squares), and an
  exhaustive search decides the rest, under the caller's ``max_nodes``,
  ``timeout`` and ``cancel``.  Long leapers (the zebra, the giraffe, ...),
  whose boards the search explores for minutes when they have no tour, are
  decided by a frontier DP count where its estimate is a few seconds
  (:data:`DP_SECONDS`).  A search stopped by a limit raises
  :class:`knight.UndecidedError`: an answer is never False for "don't know".
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from . import existence
from .board import Board, as_board
from .clues import check_clues, check_open_end, square_numbers, with_ends
from .counting import api as counting_api
from .counting import cost as counting_cost
from .errors import BoardTooLargeError, NoTourError, SearchLimitError, UndecidedError
from .geometry import Square, name_squares, sweep_window
from .limits import Limits, check_bool, check_cancel, check_max_nodes, check_timeout
from .solver import asked_algebraically, solve


def _stop_if_cancelled(cancel: Any) -> None:
    """SearchCancelled when the token is set already: once the arguments are
    checked (a bad one is still refused by name), before any work, theory
    included."""
    check_cancel(cancel)


def _board(rows: Any, cols: Any) -> Board | None:
    """The general board, or None for a plain knight rectangle (old path)."""
    if isinstance(rows, Board):
        board = as_board(rows, cols)  # refuses a cols beside it
        return None if board.is_standard else board
    return None


class _Budget:
    """The caller's limits, shared by every search one answer needs."""

    def __init__(self, max_nodes: Any, timeout: Any, cancel: Any) -> None:
        self.nodes_left = check_max_nodes(max_nodes)
        seconds = check_timeout(timeout)
        self.until = None if seconds is None else time.perf_counter() + seconds
        self.max_nodes = max_nodes
        self.timeout = timeout
        self.cancel = cancel
        self.spent = 0
        self.began = time.perf_counter()

    def search(self, board: Board, start: Square, closed: bool,
               end: Square | None = None) -> tuple[Square, ...] | None:
        """The ends of a tour from ``start`` (start, end), or None when an
        exhaustive search proves there is none; UndecidedError at a limit.
        ``end``: the tour must end there."""
        timeout = None
        if self.until is not None:
            timeout = max(self.until - time.perf_counter(), 1e-6)
        try:
            tour = solve(board, start=start, end=end, closed=closed, max_nodes=self.nodes_left,
                         timeout=timeout, cancel=self.cancel)
        except NoTourError as exc:
            self._spend(exc)
            return None
        except SearchLimitError as exc:
            self._spend(exc)
            limit = []
            if self.max_nodes is not None:
                limit.append(f"max_nodes={self.max_nodes}")
            if self.timeout is not None:
                limit.append(f"timeout={self.timeout}")
            what = " / ".join(limit) or "its cancel token"
            raise UndecidedError(
                f"no theorem decides whether the {board.describe()} has "
                f"{'a closed' if closed else 'an open'} tour from {start}"
                f"{'' if end is None else f' to {end}'}, and the search "
                f"stopped at {what} after {self.spent:,} nodes; raise the limit to decide",
                self.spent, time.perf_counter() - self.began) from exc
        self.spent += tour.nodes
        if self.nodes_left is not None:
            self.nodes_left = max(self.nodes_left - tour.nodes, 1)
        return (tour.start, tour.end)

    def _spend(self, exc: NoTourError | SearchLimitError) -> None:
        nodes = exc.nodes
        self.spent += nodes
        if self.nodes_left is not None:
            self.nodes_left = max(self.nodes_left - nodes, 1)


#: A long leaper's board is decided by a frontier DP count where the count's
#: estimate (:func:`knight.estimate`) is at most this many seconds.  The
#: search takes minutes where no tour exists: 451 s on the 5x10 board for
#: the zebra, which the DP settles in 0.1 s.
DP_SECONDS = 10.0


def _dp_decides(board: Board, start: Square | None, closed: bool) -> bool:
    """Whether a frontier DP count decides the board: a long leaper's flat
    board (a window longer than the knight's, see
    :func:`knight.geometry.sweep_window`) whose count is estimated cheap."""
    if board.wrap is not None or board.is_knight:
        return False
    rows, cols = board.box()[2:]
    if sweep_window(rows, cols, board.moves) <= 2 * min(rows, cols) + 1:
        return False
    try:
        est = counting_cost.estimate(board, start=start, closed=closed, method="dp")
    except (ValueError, BoardTooLargeError):  # not a board the frontier takes
        return False
    return est.seconds is not None and est.seconds <= DP_SECONDS


def _dp_count(board: Board, start: Square | None, closed: bool, budget: _Budget) -> int:
    """The frontier DP's count, under the caller's timeout and cancel token."""
    timeout = None
    if budget.until is not None:
        timeout = max(budget.until - time.perf_counter(), 1e-6)
    try:
        return counting_api.count(board, start=None if closed else start, closed=closed,
                                  method="dp", timeout=timeout, cancel=budget.cancel)
    except SearchLimitError as exc:
        raise UndecidedError(
            f"no theorem decides whether the {board.describe()} has "
            f"{'a closed' if closed else 'an open'} tour, and the frontier DP's count stopped "
            f"at timeout={budget.timeout}; raise the limit to decide",
            0, time.perf_counter() - budget.began) from exc


def _decide(board: Board, start: Square | None, closed: bool, budget: _Budget) -> str | None:
    """The reason no tour exists, or None when one does (search where needed)."""
    why = existence.board_reason(board, start, closed)
    if why is not None or existence.torus_theorem(board, closed) or board.size == 1:
        return why
    kind = "closed" if closed else "open"
    if _dp_decides(board, start, closed):
        if _dp_count(board, start, closed, budget):
            return None
        where = "" if start is None or closed else f" from {start}"
        return f"the frontier DP counts no {kind} tour of the {board.describe()}{where}"
    if start is not None:
        if budget.search(board, start, closed) is None:
            return (f"an exhaustive search of the {board.describe()} found no {kind} tour "
                    f"from {start} ({budget.spent:,} nodes)")
        return None
    if closed:
        # A closed tour passes every square: searching from one settles it.
        first = next(_fewest_moves(board))
        if budget.search(board, first, closed) is None:
            return (f"an exhaustive search of the {board.describe()} found no closed tour "
                    f"({budget.spent:,} nodes)")
        return None
    # An open tour starts at one of its ends: squares with fewest moves first
    # (a square with one move must be an end), each settled square crossed off.
    tried: set[Square] = set()
    for sq in _fewest_moves(board):
        if sq in tried or existence.board_reason(board, sq, closed) is not None:
            continue
        if budget.search(board, sq, closed) is not None:
            return None
        tried.add(sq)
        if board.degrees()[int(board.index[sq])] == 1:
            break  # every tour ends on a square with one move: this was one of them
    return (f"an exhaustive search of the {board.describe()} found no open tour from any "
            f"square ({budget.spent:,} nodes)")


def _fewest_moves(board: Board) -> Iterator[Square]:
    """The squares, fewest moves first, one at a time: a list of every square
    as tuples took 3.6 s and gigabytes on a 1500x1500 board, to try the first
    few."""
    order = np.argsort(board.degrees(), kind="stable")
    squares = board.squares
    for i in order:
        yield int(squares[i, 0]), int(squares[i, 1])


_NO_CLUES = object()


def _clue_why_not(rows: Any, cols: Any, start: Any, end: Any, closed: Any, max_nodes: Any,
                  timeout: Any, cancel: Any, clues: Any) -> object:
    """:func:`why_not` with clues, or ``_NO_CLUES`` when there are none."""
    board = as_board(rows, cols)
    given = check_clues(board, clues)
    if given is None:
        return _NO_CLUES
    first, last = square_numbers(board, start, end)
    closed = check_open_end(closed, last)
    spec = with_ends(given, board, first, last)
    _stop_if_cancelled(cancel)
    budget = _Budget(max_nodes, timeout, cancel)
    kind = "closed" if closed else "open"
    try:
        solve(board, clues=spec.squares(), closed=closed, max_nodes=budget.nodes_left,
              timeout=None if budget.until is None else max(budget.until - time.perf_counter(),
                                                            1e-6),
              cancel=cancel)
    except NoTourError as exc:
        return exc.reason
    except SearchLimitError as exc:
        limit = [f"{k}={v}" for k, v in (("max_nodes", max_nodes), ("timeout", timeout))
                 if v is not None]
        raise UndecidedError(
            f"no theorem decides whether a {kind} tour of the {board.describe()} meets the "
            f"clues, and the search stopped at {' / '.join(limit) or 'its cancel token'} after "
            f"{exc.nodes:,} nodes; raise the limit to decide",
            exc.nodes, time.perf_counter() - budget.began) from exc
    return None


def _magic_why_not(rows: Any, cols: Any, start: Any, end: Any, closed: Any, max_nodes: Any,
                   timeout: Any, cancel: Any, clues: Any, magic: Any) -> str | None:
    """:func:`why_not` with ``magic=``: the magic search's answer (its theory
    first), UndecidedError when a limit stops it."""
    try:
        solve(rows, cols, start=start, end=end, closed=closed, max_nodes=max_nodes,
              timeout=timeout, cancel=cancel, clues=clues, magic=magic)
    except NoTourError as exc:
        return exc.reason
    except SearchLimitError as exc:
        raise UndecidedError(
            f"no theorem here rules the magic tour out, and {exc.args[0]}; raise the limit "
            "to decide (a search that finds none on a board of more than 32 squares does not "
            "prove there is none)", exc.nodes, exc.seconds) from exc
    return None


def why_not(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    cancel: Any = None,
    clues: Any = None,
    magic: str | None = None,
) -> str | None:
    """Why no tour exists, in words, or ``None`` when one does.

    ``cols`` defaults to ``rows``; a :class:`knight.Board` in place of
    ``rows`` asks about any board.  ``start=None`` asks about a tour from
    any square.  Plain knight rectangles are answered at once by theory
    (the limits are not needed); other boards by theory where it decides and
    otherwise by an exhaustive search under ``max_nodes``, ``timeout`` and
    ``cancel``, which raises :class:`knight.UndecidedError` if it stops
    first.  Arguments are checked first (``TypeError``/``ValueError``).

    >>> why_not(8) is None
    True
    >>> print(why_not(4, closed=True))
    a 4x4 board has no closed tour (Schwenk 1991: no closed tour when the shorter side is 1, 2 or 4)
    >>> why_not(5, start=(0, 1)).endswith("(0, 1) is on the other colour")
    True
    >>> print(why_not(Board(8, moves="camel")))
    the 8x8 board for the camel falls apart into 2 unconnected parts: by Knuth's leaper ...
    >>> print(why_not(Board(5, holes=["c5"]), closed=True))
    an exhaustive search of the 5x5 board with 1 hole found no closed tour (... nodes)

    ``end`` asks for an open tour ending there (from ``start``; with
    ``start=None``, from any square: a tour ending at ``end`` read backwards
    starts there).  Exact theory where it decides (the colour argument,
    and Conrad, Hindrichs, Morsy and Wegener's theorem on n x n knight
    boards, n >= 6), else an exhaustive search under the limits, plain
    rectangles included.

    >>> print(why_not(6, start=(0, 0), end=(5, 5)))
    no open tour from (0, 0) ends at (5, 5): a 6x6 board has an even number of squares, ...
    >>> why_not(5, start=(0, 0), end=(4, 4)) is None
    True

    ``clues`` (a mapping square -> step, as :func:`knight.solve` takes
    them): is there a tour through those squares at those steps?  Theory
    answers what it can (:func:`knight.existence.clue_reason`: clues
    farther apart than their steps allow, colours, the board), a search
    the rest, on any board, plain rectangles too.  With ``clues``, ``end``
    is a clue for the last step (of an open tour).

    >>> print(why_not(5, clues={(0, 0): 0, (0, 1): 1}))
    no open tour of the 5x5 board meets the clues: clues put step 0 on (0, 0) ... between them

    The answer names squares in the notation asked: ``(row, col)`` pairs, or
    when a square (``start``, ``end`` or a clue's) is given in chess notation,
    chess notation throughout (on boards up to 26 columns wide).

    >>> print(why_not(5, start="b1"))
    a 5x5 board has an odd number of squares, ... corner colour; b1 is on the other colour
    >>> print(why_not(5, clues={"a5": 0, "b5": 1}))
    no open tour of the 5x5 board meets the clues: clues put step 0 on a5 and step 1 on b5, ... them

    ``magic="semi"`` or ``"diagonal"`` asks about magic tours (:doc:`/magic`):
    the theorems of :func:`knight.magic.magic_reason` first, then the magic
    search under the limits (exhaustive on boards of up to 32 squares; on
    larger ones it can find a tour but not prove there is none, so only a
    tour found answers, and a limit raises :class:`knight.UndecidedError`).

    >>> print(why_not(6, 10, magic="semi"))
    a 6x10 board has both sides of the form 4k+2, and no knight's tour of such a board is ...
    >>> print(why_not(4, 6, magic="semi"))
    no open semi-magic tour of the 4x6 board: an exhaustive search visited 86,300 nodes
    """
    if magic is not None:
        why = _magic_why_not(rows, cols, start, end, closed, max_nodes, timeout, cancel, clues,
                             magic)
    else:
        why = _why_not(rows, cols, start, end, closed, max_nodes, timeout, cancel, clues)
    if why is not None and asked_algebraically(start, end, clues):
        r, c = as_board(rows, cols).shape
        why = name_squares(why, r, c)
    return why


def _why_not(rows: Any, cols: Any, start: Any, end: Any, closed: Any, max_nodes: Any,
             timeout: Any, cancel: Any, clues: Any) -> str | None:
    """:func:`why_not`, its squares as the reasons print them: ``(row, col)``."""
    # Limits first, even where theory answers at once: a bad one is refused
    # the same way on every board.
    Limits.check(max_nodes, timeout, cancel)
    if clues is not None:
        why = _clue_why_not(rows, cols, start, end, closed, max_nodes, timeout, cancel, clues)
        if why is not _NO_CLUES:
            return why  # type: ignore[return-value]
    if end is not None:
        return _why_not_between(rows, cols, start, end, closed, max_nodes, timeout, cancel)
    board = _board(rows, cols)
    if board is None:
        plain = as_board(rows, cols)
        if start is not None:
            plain.square(start, "start")
        check_bool(closed, "closed")
        _stop_if_cancelled(cancel)
        return existence.why_not(*plain.shape, start=start, closed=closed)
    sq = None if start is None else board.square(start, "start")
    closed = check_bool(closed, "closed")
    _stop_if_cancelled(cancel)
    budget = _Budget(max_nodes, timeout, cancel)
    return _decide(board, sq, closed, budget)


def exists(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    cancel: Any = None,
    clues: Any = None,
    magic: str | None = None,
) -> bool:
    """Does a tour exist (from ``start``, if given; through ``clues``, if
    given)?  See :func:`why_not`.

    Plain knight rectangles answer at once, however large; other boards by
    theory or, where no theorem decides, an exhaustive search under the
    limits (:class:`knight.UndecidedError` when it stops first).

    >>> exists(8), exists(4, 4), exists(3, 10, closed=True)
    (True, False, True)
    >>> exists(3, 7, start=(1, 3)), exists(3, 7, start=(1, 1))
    (False, True)
    >>> exists(4, 1_000_000, start=(1, 0)), exists(4, 1_000_000, start=(0, 12345))
    (False, True)
    >>> exists(Board(8, holes=["d4", "d5"]), closed=True)
    True
    >>> exists(Board(1000, wrap="torus"), closed=True)    # Watkins & Hoenigman 1997
    True
    >>> exists(8, start=(0, 0), end=(7, 0)), exists(8, start=(0, 0), end=(7, 7))
    (True, False)
    >>> exists(Board(4, moves="wazir"), clues={"a4": 0, "d1": 15})
    False
    >>> exists(8, magic="semi", timeout=60), exists(8, magic="diagonal")
    (True, False)
    >>> exists(Board(5, 10, moves="zebra"))  # a frontier DP count of 0.2 s, not a search
    False
    """
    return why_not(rows, cols, start=start, end=end, closed=closed, max_nodes=max_nodes,
                   timeout=timeout, cancel=cancel, clues=clues, magic=magic) is None


def start_squares(
    rows: int | Board,
    cols: int | None = None,
    *,
    closed: bool = False,
    max_nodes: int | None = None,
    timeout: float | None = None,
    cancel: Any = None,
) -> np.ndarray:
    """A bool ``rows`` x ``cols`` array: which squares start a tour (False on holes).

    Plain knight rectangles are answered at once by theory.  On other boards
    each square theory does not settle is searched (a tour found from one
    square also shows that its last square starts one, the same tour
    reversed; a closed tour starts anywhere), under the limits shared by
    all the searches.

    >>> start_squares(3, 7).astype(int)
    array([[1, 0, 1, 0, 1, 0, 1],
           [0, 1, 0, 0, 0, 1, 0],
           [1, 0, 1, 0, 1, 0, 1]])
    >>> int(start_squares(5).sum()), bool(start_squares(6, closed=True).all())
    (13, True)
    >>> start_squares(Board(3, 3, holes=["b2"], moves="king")).astype(int)
    array([[1, 1, 1],
           [1, 0, 1],
           [1, 1, 1]])
    """
    Limits.check(max_nodes, timeout, cancel)
    board = _board(rows, cols)
    if board is None:
        plain = as_board(rows, cols)
        check_bool(closed, "closed")
        _stop_if_cancelled(cancel)
        return existence.start_squares(*plain.shape, closed=closed)
    closed = check_bool(closed, "closed")
    _stop_if_cancelled(cancel)
    budget = _Budget(max_nodes, timeout, cancel)
    out = np.zeros(board.shape, dtype=bool)
    if existence.board_reason(board, None, closed) is not None:
        return out
    if closed or existence.torus_theorem(board, closed) or board.size == 1:
        if _decide(board, None, closed, budget) is None:
            out[board.mask] = True
        return out
    settled = np.zeros(board.shape, dtype=bool)
    for sq in _fewest_moves(board):
        if settled[sq]:
            continue
        settled[sq] = True
        if existence.board_reason(board, sq, closed) is not None:
            continue
        ends = budget.search(board, sq, closed)
        if ends is not None:
            for e in ends:
                out[e] = settled[e] = True
    return out


def _ends_board(rows: Any, cols: Any) -> Board:
    """Any board as a :class:`Board` (a plain rectangle as the standard one)."""
    return as_board(rows, cols)


def _why_not_between(rows: Any, cols: Any, start: Any, end: Any, closed: Any, max_nodes: Any,
                     timeout: Any, cancel: Any) -> str | None:
    board = _ends_board(rows, cols)
    t = board.square(end, "end")
    s = None if start is None else board.square(start, "start")
    if check_bool(closed, "closed"):
        raise ValueError(
            "end and closed=True clash: end= asks for an open tour ending at end, closed=True "
            "for one that returns to its start; give one or the other")
    if s is None:
        # Read backwards, a tour ending at t is a tour starting there.
        return why_not(board, start=t, max_nodes=max_nodes, timeout=timeout, cancel=cancel)
    if s == t and board.size > 1:
        raise ValueError(f"end must differ from start ({s}): a tour visits each square once")
    _stop_if_cancelled(cancel)
    budget = _Budget(max_nodes, timeout, cancel)
    return _decide_between(board, s, t, budget)


def _decide_between(board: Board, s: Square, t: Square, budget: _Budget) -> str | None:
    """The reason no open tour runs from s to t, or None when one does."""
    why = existence.ends_reason(board, s, t)
    if why is not None or existence.ends_theorem(board, s, t):
        return why
    if budget.search(board, s, False, t) is None:
        return (f"an exhaustive search of the {board.describe()} found no open tour from {s} "
                f"to {t} ({budget.spent:,} nodes)")
    return None


def end_squares(
    board_or_rows: int | Board,
    cols: int | None = None,
    *,
    start: Square,
    max_nodes: int | None = None,
    timeout: float | None = None,
    cancel: Any = None,
) -> np.ndarray:
    """A bool array of the board's shape: the squares ``t`` for which an open
    tour runs from ``start`` to ``t`` (False on holes).

    ``start`` is required.  Theory settles what it can (on n x n knight
    boards, n >= 6, everything, by Conrad, Hindrichs, Morsy and Wegener
    1994); every other square is searched, under the limits shared by all
    the searches (:class:`knight.UndecidedError` when they stop first).

    >>> end_squares(5, start=(0, 0)).astype(int)
    array([[0, 0, 1, 0, 1],
           [0, 1, 0, 1, 0],
           [1, 0, 1, 0, 1],
           [0, 1, 0, 1, 0],
           [1, 0, 1, 0, 1]])
    >>> int(end_squares(8, start=(0, 0)).sum())
    32
    """
    Limits.check(max_nodes, timeout, cancel)
    board = _ends_board(board_or_rows, cols)
    s = board.square(start, "start")
    _stop_if_cancelled(cancel)
    budget = _Budget(max_nodes, timeout, cancel)
    out = np.zeros(board.shape, dtype=bool)
    if board.size == 1:
        out[s] = True
        return out
    if existence.board_reason(board, s, False) is not None:
        return out  # no open tour starts at s at all
    for r, c in board.squares.tolist():
        t = (int(r), int(c))
        if t != s and _decide_between(board, s, t, budget) is None:
            out[t] = True
    return out


__all__ = ["end_squares", "exists", "start_squares", "why_not"]

"""Finding tours: :func:`solve`, its argument checks, and the hand-over to the planner.

The façade of the solving engines: it turns the arguments into a
:class:`~knight.Board` and a validated :class:`~knight.planner.Job` once,
then :func:`knight.planner.run` asks theory and runs the engine it picks
(:mod:`knight.engines.solving`), which returns the :class:`knight.Tour`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from time import perf_counter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import clues as _clues
from . import existence, planner
from . import magic as _magic
from ._core import search as _search_core
from .board import Board, as_board
from .errors import DeadEndError, NoTourError, SearchLimitError
from .geometry import (
    DEFAULT_ORDER,
    Move,
    Square,
    as_int,
    board_size,
    move_order,
    name_squares,
    order_array,
    square,
)
from .limits import Limits, check_bool, check_cancel
from .search import FOUND, TIE_BREAKS, rule_name
from .tour import Tour

if TYPE_CHECKING:
    from threading import Event

    from .limits import Cancel
    from .trace import Tracer


def _random_seed() -> int:
    import os

    return int.from_bytes(os.urandom(8), "little")


def solve_job(
    rows: Any,
    cols: Any = None,
    *,
    start: Any = (0, 0),
    end: Any = None,
    closed: Any = False,
    method: Any = "auto",
    order: Any = None,
    tie_break: Any = "first",
    seed: Any = None,
    max_nodes: Any = None,
    timeout: Any = None,
    trace: Any = None,
    cancel: Any = None,
    twin: bool = False,
) -> planner.Job:
    """:func:`solve`'s arguments (without clues) checked once, as the planner's Job.

    ``twin``: run the cores' pure-Python twins (:mod:`knight.reference`).
    """
    began = perf_counter()
    board = as_board(rows, cols)
    start = board.square(start, "start")
    if end is not None:
        end = board.square(end, "end")
    closed = check_bool(closed, "closed")
    method = planner.check_method("solve", method)
    if end is not None:
        _check_between(board.size, start, end, closed, method)
    if board.is_knight:
        # A knight board keeps its own move order unless order= is given.
        moves = move_order(order if order is not None else board.moves)
    else:
        moves = board.moves if order is None else board.with_moves_order(order).moves
    if not isinstance(tie_break, str) or tie_break not in TIE_BREAKS:
        raise ValueError(
            f"tie_break must be one of {', '.join(map(repr, TIE_BREAKS))}; got {tie_break!r}"
        )
    if tie_break != "first" and method != "warnsdorff":
        raise ValueError(f"tie_break applies to method='warnsdorff' only, not {method!r}")
    if seed is not None:
        seed = as_int(seed, "seed")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
        if tie_break != "random":
            raise ValueError("seed applies to tie_break='random' only")
    elif tie_break == "random":
        seed = _random_seed()
    limits = Limits.check(max_nodes, timeout, cancel)
    if method == "construct":
        # The construction makes no search decisions: nothing to trace or order.
        for name, value in (("trace", trace), ("order", order)):
            if value is not None:
                raise ValueError(
                    f"{name} applies to the searches, not to method='construct' (the "
                    "linear-time construction makes no search decisions)"
                )
    if trace is not None and not callable(trace):
        raise TypeError(f"trace must be a callable taking a TraceEvent, not {type(trace).__name__}")
    # Last of the checks: a token set already stops the call here.
    check_cancel(cancel)
    options = {"moves": moves, "tie_break": tie_break, "seed": seed, "trace": trace,
               "twin": twin}
    return planner.Job("solve" if end is None else "between", board, method, start, end,
                       closed, limits, options, began=began)


#: The methods that serve ``end=``: both run the Warnsdorff-ordered search
#: with the end fixed (auto with restarts over move orders): the planner's
#: methods of the task ``"between"``.
BETWEEN_METHODS = planner.methods("between")

#: The methods of :func:`solve` (``knight.METHODS``): the planner's methods
#: of the task ``"solve"``.
METHODS = planner.methods("solve")


def _check_between(size: int, start: Square, end: Square, closed: bool, method: str) -> None:
    """The arguments of a tour between two chosen squares (before any work)."""
    if closed:
        raise ValueError(
            "end and closed=True clash: end= asks for an open tour ending at end, closed=True "
            "for one that returns to its start; give one or the other"
        )
    if start == end and size > 1:
        raise ValueError(
            f"end must differ from start ({start}): a tour visits each square once; "
            "for a tour that returns to its start, use closed=True"
        )
    planner.check_method("between", method)


def solve(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    method: str = "auto",
    order: Iterable[Move] | None = None,
    tie_break: str = "first",
    seed: int | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    trace: Tracer | None = None,
    cancel: Cancel | Event | None = None,
    clues: Any = None,
    magic: str | None = None,
) -> Tour:
    """Find a knight's tour of a ``rows`` x ``cols`` board from ``start``.

    ``cols`` defaults to ``rows``.  In place of ``rows`` a :class:`knight.Board`
    gives any board: holes, another piece or move set, a cylinder or a torus
    (then ``order`` is a permutation of the board's moves, and the searches
    walk its neighbour table).  Squares are ``(row, col)`` from 0, with
    ``(0, 0)`` top-left.  ``closed=True`` asks for a tour whose last square
    is a knight move from the first.

    Methods:

    * ``"backtrack"``: the textbook depth-first search, trying the moves in
      ``order``.  Exhaustive and exponential: bound it with ``max_nodes`` or
      ``timeout``.
    * ``"warnsdorff"``: Warnsdorff's greedy rule (go to the square with the
      fewest free onward squares), no backtracking, O(rows*cols).  Ties go
      by ``tie_break``: ``"first"`` in move order, ``"random"`` (reproducible
      with ``seed``), ``"roth"`` (farthest from the centre) or ``"pohl"``
      (the rule applied one level deeper: the candidate whose free
      neighbours have the fewest onward squares).  Raises
      :class:`DeadEndError`, with the partial tour, when it gets stuck.
    * ``"warnsdorff-backtrack"``: depth-first search that tries the moves in
      Warnsdorff order (a stable sort by onward count, ties in ``order``).
    * ``"construct"``: the linear-time divide-and-conquer construction
      (:mod:`knight.construct`; boards with a side of 3 or 4 by the exact
      automaton of :mod:`knight.thin`): a tour of any board that has one,
      from any square that starts one.  Takes no ``order`` or ``trace``;
      it needs no limits (they are accepted and never reached).
    * ``"auto"`` (default): the construction on boards with a side of 3 or
      4, on open boards above 400 squares and closed boards above 64; on
      smaller boards Warnsdorff's rule, then Warnsdorff-ordered backtracking
      restarted over rotations of ``order``.  The tour's ``method`` says
      which one answered: ``"construct"``, ``"warnsdorff/roth"`` (the greedy
      walk, whose ties auto breaks by Roth's rule) or ``"warnsdorff-backtrack"``.

    A tour found by ``"warnsdorff"`` names its tie-break in its ``method``
    unless it is ``"first"``: ``"warnsdorff/random"``, ``"warnsdorff/roth"``,
    ``"warnsdorff/pohl"``.

    ``order`` is the eight knight moves ``(drow, dcol)`` in the order they are
    tried, default :data:`knight.DEFAULT_ORDER`.  With the same order every
    method is deterministic.  ``max_nodes`` bounds the knight placements and
    ``timeout`` the seconds; :class:`SearchLimitError` reports reaching either.
    Ctrl-C interrupts any search.  ``cancel`` (a :class:`knight.Cancel`, or a
    ``threading.Event``) stops it from another thread: setting it makes the
    search raise :class:`knight.SearchCancelled` within a fraction of a
    second.  ``trace`` is called with a
    :class:`knight.trace.TraceEvent` for every decision (tracing runs the
    pure-Python twin of the core, which decides identically, only slower).

    ``end`` asks for an open tour from ``start`` (default: see below) that
    ends on ``end``, on any board (not with ``closed=True``; ``end`` must
    differ from ``start`` but on a one-square board).  Theory answers first
    (:func:`knight.existence.ends_reason`: colours, Conrad, Hindrichs, Morsy
    and Wegener's criterion on n x n boards, n >= 6, cut squares, squares
    with one move); otherwise a Warnsdorff-ordered search that never enters
    ``end`` before the last step and prunes every branch that strands a
    square, restarted over move orders by ``"auto"`` (a single run with
    ``"warnsdorff-backtrack"``; no other method takes ``end``).

    Raises :class:`NoTourError` at once when a theorem rules the tour out,
    or after an exhaustive search finds none; ``TypeError``/``ValueError``
    name a bad argument before any work is done.  The errors name squares
    as the caller did: ``(row, col)``, or in chess notation ("b1") when a
    square (``start``, ``end``, a clue's) was given so.

    ``start`` defaults to the first usable square in reading order (the top
    row first): ``(0, 0)`` on a full board, as in the ``knight`` command; with
    ``clues``, to any square.
    With ``clues``, ``end`` is a clue for the last step.
    ``clues`` (a mapping square -> step, steps from 0 as in
    :attr:`Tour.board`) asks for a tour that stands on each given square at
    its given step: a knight's-tour puzzle, or with a :class:`knight.Board`
    of the king, the wazir or the hopido a Hidato, a Numbrix or a Hopido
    (:mod:`knight.clues`).  A clue for step 0 fixes the start (``start``,
    if given too, must agree); on a closed tour steps count from its start.
    Clues run the clue search (methods ``"auto"``, the same as
    ``"warnsdorff-backtrack"``, or ``"backtrack"``), on plain rectangles
    too; clues no tour can meet raise :class:`NoTourError` with the reason.

    >>> import knight
    >>> tour = knight.solve(8)
    >>> tour.board.shape, tour.start, knight.is_tour(tour)
    ((8, 8), (0, 0), True)
    >>> knight.solve(6, start=(1, 5), closed=True, method="warnsdorff-backtrack").closed
    True
    >>> zebra = knight.solve(knight.Board(10, moves="zebra"), start=(0, 0))
    >>> zebra.layout.piece, len(zebra), knight.is_tour(zebra)
    ('zebra', 100, True)
    >>> tour = knight.solve(8, start=(0, 0), end=(7, 0))
    >>> tour.start, tour.end, knight.is_tour(tour)
    ((0, 0), (7, 0), True)
    >>> knight.solve(knight.Board(3, holes=["a3"], moves="king")).start  # (0, 0) is a hole
    (0, 1)
    >>> print(knight.solve(knight.Board(5, holes=["c3"])).grid())
     0 15 20  9  6
    21 10  7 14 19
    16  1  .  5  8
    11 22  3 18 13
     2 17 12 23  4
    >>> print(knight.solve(5, clues={"a5": 0, "c3": 24, "a1": 6}).grid())
     0 11 16 21  2
    17 22  1 10 15
    12  7 24  3 20
    23 18  5 14  9
     6 13  8 19  4
    """
    try:
        if magic is not None:
            found: Tour = planner.run(magic_job(rows, cols, start, end, closed, method, order,
                                                tie_break, seed, max_nodes, timeout, trace,
                                                cancel, clues, magic))
            return found
        if clues is not None:
            job = _clue_job(rows, cols, start, end, closed, method, order, tie_break, seed,
                            max_nodes, timeout, trace, cancel, clues)
            if job is not None:
                tour: Tour = planner.run(job)
                return tour
        if start is None:
            start = _default_start(rows)
        if (
            method == "warnsdorff" and order is None and seed is None and max_nodes is None
            and timeout is None and trace is None and cancel is None and end is None
        ):
            fast = _fast_warnsdorff(rows, cols, start, closed, tie_break)
            if fast is not None:
                return fast
        key = None
        if order is None and seed is None and trace is None and cancel is None:
            key = _plan_key(rows, cols, start, end, closed, method, tie_break, max_nodes, timeout)
            hit = _PLANS.get(key) if key is not None else None
            if hit is not None:
                (task, board, method_, start_, end_, closed_, limits, options), run = hit
                tour = run(planner.Job(task, board, method_, start_, end_, closed_, limits,
                                       options, began=perf_counter()))
                return tour
        job = solve_job(rows, cols, start=start, end=end, closed=closed, method=method, order=order,
                        tie_break=tie_break, seed=seed, max_nodes=max_nodes, timeout=timeout,
                        trace=trace, cancel=cancel)
        run = planner.prepare(job)
        if key is not None:
            if len(_PLANS) >= _FAST_MAX_PLANS:
                _PLANS.clear()
            _PLANS[key] = ((job.task, job.board, job.method, job.start, job.end, job.closed,
                            job.limits, job.options), run)
        tour = run(job)
        return tour
    except (NoTourError, DeadEndError, SearchLimitError) as exc:
        if asked_algebraically(start, end, clues):
            # the user named a square "b1": the message names squares so too
            r, c = as_board(rows, cols).shape
            _rename_squares(exc, r, c)
        raise


def asked_algebraically(start: Any, end: Any, clues: Any = None) -> bool:
    """True when the caller gave a square in chess notation ("b1"): the
    answer names squares so too (:func:`knight.geometry.name_squares`)."""
    return (isinstance(start, str) or isinstance(end, str)
            or (isinstance(clues, Mapping) and any(isinstance(k, str) for k in clues)))


def _rename_squares(exc: Exception, rows: int, cols: int) -> None:
    """``exc``'s message (and a NoTourError's ``reason``) with its squares in
    chess notation."""
    if exc.args and isinstance(exc.args[0], str):
        exc.args = (name_squares(exc.args[0], rows, cols), *exc.args[1:])
        if isinstance(exc, NoTourError):
            exc.reason = exc.args[0]


#: Validated jobs and their runners, keyed by arguments of exactly the types
#: the general path accepts unchanged (see :func:`_plan_key`): a repeated
#: solve(8) skips the checks and the planner's choice, as the greedy walk's
#: cache below does for method="warnsdorff".  Only jobs theory allows, with
#: no cancel token, trace or order, and no random tie-break, are kept (the
#: limits are values: each run counts its timeout from its own start).
_PLANS: dict[tuple[Any, ...], tuple[tuple[str, Board, str, Square | None, Square | None, bool,
                                           Limits, Mapping[str, Any]],
                                     Callable[[planner.Job], Any]]] = {}


def _plan_key(rows: Any, cols: Any, start: Any, end: Any, closed: Any, method: Any,
              tie_break: Any, max_nodes: Any, timeout: Any) -> tuple[Any, ...] | None:
    """The cache key of :data:`_PLANS`, or None unless every argument has an exact
    plain type (``True == 1`` and ``(0.0, 0) == (0, 0)`` must never hit a validated
    entry).  A Board is its own key (an immutable value that keeps its hash),
    up to _FAST_MAX_SQUARES squares: the checks matter nothing beside a
    larger board's search, and the cache should not hold large boards."""
    if type(rows) is not int and not (type(rows) is Board and rows.size <= _FAST_MAX_SQUARES):
        return None
    if (cols is not None and type(cols) is not int) or type(closed) is not bool:
        return None
    if type(method) is not str or type(tie_break) is not str or tie_break == "random":
        return None
    if (max_nodes is not None and type(max_nodes) is not int) or (
            timeout is not None and type(timeout) is not int and type(timeout) is not float):
        return None
    for sq in (start, end):
        if type(sq) is tuple:
            if len(sq) != 2 or type(sq[0]) is not int or type(sq[1]) is not int:
                return None
        elif sq is not None and type(sq) is not str:
            return None
    return (rows, cols, start, end, closed, method, tie_break, max_nodes, timeout)


def _default_start(rows: Any) -> Square:
    """Where ``solve`` starts unless told: the first usable square in reading
    order, as the other entry points and the command start ((0, 0) on a
    full board; on a board whose (0, 0) is a hole, not a refusal)."""
    if isinstance(rows, Board) and not rows.is_full and rows.size:
        r, c = rows.squares[0].tolist()  # kept on the board: no pass over its mask
        return (r, c)
    return (0, 0)


def magic_job(rows: Any, cols: Any, start: Any, end: Any, closed: Any, method: Any,
              order: Any, tie_break: Any, seed: Any, max_nodes: Any, timeout: Any,
              trace: Any, cancel: Any, clues: Any, magic: Any,
              twin: bool = False) -> planner.Job:
    """:func:`solve`'s arguments with ``magic=`` checked once, as the planner's
    Job: ``magic`` first (plain knight rectangles only), then the clues, the
    squares (``start`` and ``end`` become clues for the first and last
    numbers; ``start=None`` is any square), the method, the seed and the
    limits; ``order``, ``tie_break`` and ``trace`` do not apply."""
    began = perf_counter()
    board = as_board(rows, cols)
    kind = _magic.check_magic(magic, board)
    given = _clues.check_clues(board, clues)
    first, last = _clues.square_numbers(board, start, end)
    closed = _clues.check_open_end(closed, last)
    method = planner.check_method("solve", method)
    planner.choose(board, "solve", method, magic=True)
    for name, value, default in (("order", order, None), ("tie_break", tie_break, "first"),
                                 ("trace", trace, None)):
        if value != default:
            raise ValueError(f"{name} does not apply with magic= (the magic search takes "
                             "start, end, closed, clues, seed, max_nodes, timeout and cancel)")
    if seed is not None:
        seed = as_int(seed, "seed")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    limits = Limits.check(max_nodes, timeout, cancel)
    spec = _clues.with_ends(given, board, first, last)
    check_cancel(cancel)
    sq = None if first is None else board.square(start, "start")
    return planner.Job("solve", board, method, sq, None, closed, limits,
                       {"magic": kind, "seed": seed, "twin": twin}, spec,
                       began=began)


def _clue_job(rows: Any, cols: Any, start: Any, end: Any, closed: Any, method: Any,
              order: Any, tie_break: Any, seed: Any, max_nodes: Any, timeout: Any,
              trace: Any, cancel: Any, clues: Any) -> planner.Job | None:
    """:func:`solve`'s arguments with clues checked once, as the planner's Job
    (None when there are no clues: the plain path)."""
    began = perf_counter()
    board = as_board(rows, cols)
    given = _clues.check_clues(board, clues)
    if given is None:
        return None
    first, last = _clues.square_numbers(board, start, end)
    closed = _clues.check_open_end(closed, last)
    method = planner.check_method("solve", method)
    planner.choose(board, "solve", method, clues=True)
    if order is None:
        moves = board.moves
    elif board.is_knight:
        moves = board.with_moves_order(move_order(order)).moves
    else:
        moves = board.with_moves_order(order).moves
    for name, value, default in (("tie_break", tie_break, "first"), ("seed", seed, None),
                                 ("trace", trace, None)):
        if value != default:
            raise ValueError(f"{name} does not apply with clues (the clue search takes "
                             "method, order, max_nodes, timeout and cancel)")
    limits = Limits.check(max_nodes, timeout, cancel)
    spec = _clues.with_ends(given, board, first, last)
    check_cancel(cancel)
    return planner.Job("solve", board, method, closed=closed, limits=limits,
                       options={"moves": moves}, clues=spec, began=began)


#: Greedy Warnsdorff on small boards, keyed by arguments of exactly the types
#: the general path accepts unchanged: (rows, cols, start, closed, tie_break)
#: -> (rows, cols, start square, tie-break code, the rule's name).  Filled once the general
#: path has validated the arguments, so a repeated call skips straight to the
#: core (the issue's <= 2 us outside the core for solve(8, "warnsdorff")).
_FAST_PLANS: dict[tuple[Any, ...], tuple[int, int, Square, int, str]] = {}
_FAST_MAX_SQUARES = 4096  # above it the core dominates and the memory check matters
_FAST_MAX_PLANS = 4096
_FAST_ORDER = order_array(DEFAULT_ORDER)


def _fast_key(rows: Any, cols: Any, start: Any, closed: Any, tie_break: Any) -> Any:
    """The cache key, or None unless every argument has an exact plain type
    (``True == 1`` and ``(0.0, 0) == (0, 0)`` must never hit a validated entry)."""
    if type(rows) is not int or (cols is not None and type(cols) is not int):
        return None
    if type(closed) is not bool or type(tie_break) is not str or tie_break == "random":
        return None
    if type(start) is tuple:
        if len(start) != 2 or type(start[0]) is not int or type(start[1]) is not int:
            return None
    elif type(start) is not str:
        return None
    return (rows, cols, start, closed, tie_break)


def _fast_warnsdorff(rows: Any, cols: Any, start: Any, closed: Any, tie_break: Any,
                     ) -> Tour | None:
    """The greedy walk for validated small-board arguments, or None (general path)."""
    key = _fast_key(rows, cols, start, closed, tie_break)
    if key is None:
        return None
    plan = _FAST_PLANS.get(key)
    if plan is None:
        # Validate (raising as the general path does), then remember.
        r, c = board_size(rows, cols)
        if r * c > _FAST_MAX_SQUARES or tie_break not in TIE_BREAKS:
            return None
        sq = square(start, r, c, "start")
        if existence.reason(r, c, sq, closed) is not None:
            return None
        if len(_FAST_PLANS) >= _FAST_MAX_PLANS:
            _FAST_PLANS.clear()
        plan = _FAST_PLANS[key] = (r, c, sq, TIE_BREAKS[tie_break], rule_name(tie_break))
    began = perf_counter()
    r, c, sq, tie, name = plan
    board = np.empty((r, c), dtype=np.int32)
    status, squares = _search_core.warnsdorff(board, _FAST_ORDER, sq[0], sq[1], tie, 0, closed,
                                              0.0, None)
    if status != FOUND:
        return None  # a dead end: the general path builds the DeadEndError
    return Tour._trusted(board, closed, name, squares, perf_counter() - began, sq)


__all__ = ["DEFAULT_ORDER", "METHODS", "TIE_BREAKS", "solve", "solve_job"]

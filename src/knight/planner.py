"""Which engine serves which board: the one place the package chooses.

Each engine says which boards it serves (:attr:`Engine.serves`) and for
which tasks; :func:`choose` picks, for a task, a board and the method the
caller asked for, the engine that runs it, or raises a ``ValueError`` that
says which boards the asked-for method serves.  :func:`knight.solve`,
:func:`knight.count`, :func:`knight.tours` and :func:`knight.exists` all
ask here, so the table below is the whole story:

>>> from knight.planner import ENGINES
>>> for e in ENGINES:
...     print(f"{e.name:13} {', '.join(sorted(e.tasks)):13} {e.boards}")
construct     solve         plain knight rectangles (full, flat)
knight-search solve         plain knight rectangles (full, flat)
table-search  exists, solve every board
construct-between between       plain knight rectangles with both sides >= 12
table-between between       every board
theory        between, exists plain knight rectangles, knight tori; necessary conditions elsewhere
frontier-dp   count         flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)
knight-count  count, tours  plain knight rectangles (full, flat)
table-count   count, tours  every board
clue-search   count, exists, solve, tours every board

The task ``"between"`` is a tour from a chosen start to a chosen end
(``solve(..., end=)``, ``exists(..., end=)``, :func:`knight.end_squares`):
theory first (exact on n x n knight boards, n >= 6), then the engine
:func:`choose_between` picks.

With ``clues=`` (tours through given squares at given steps) every task
goes to the clue search, whatever the board: ``choose(board, task, method,
clues=True)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import Board
from .geometry import sweep_reason, used_box
from .theory import BETWEEN_MIN_SIDE

#: The tasks the planner chooses engines for.
TASKS = ("solve", "count", "tours", "exists", "between")


def _standard(board: Board) -> bool:
    return board.is_standard


def _any(board: Board) -> bool:
    return True


def _between_board(board: Board) -> bool:
    """A plain knight rectangle the construction between two squares takes;
    which pairs of squares it joins theory settles first (colours, Conrad)."""
    return board.is_standard and min(board.shape) >= BETWEEN_MIN_SIDE


def _frontier_board(board: Board) -> bool:
    """A flat board, with holes or not, whose move set the frontier's sweep
    takes (:func:`knight.geometry.sweep_reason` on the board cut down to its
    usable rows and columns, as :func:`knight.counting.frontier_board.serves`
    judges it): the knight, king, wazir, ferz, dabbaba.  Its width is the
    DP's own limit (BoardTooLargeError), not a question of which engine."""
    if board.wrap is not None:
        return False
    if board.is_knight:
        return FRONTIER_TAKES_HOLES or board.is_full
    if not FRONTIER_TAKES_HOLES and not board.is_full:
        return False
    rows, cols = board.shape if board.is_full else used_box(board.mask)[2:]
    return sweep_reason(rows, cols, board.moves) is None


#: Whether the frontier DP counts boards with holes (its core's capability:
#: it does since issue 19).
FRONTIER_TAKES_HOLES = True


@dataclass(frozen=True)
class Engine:
    """An engine: its name, the tasks it runs, and the boards it serves."""

    name: str
    tasks: frozenset[str]
    serves: Callable[[Board], bool]
    boards: str
    what: str


ENGINES: tuple[Engine, ...] = (
    Engine("construct", frozenset({"solve"}), _standard,
           "plain knight rectangles (full, flat)",
           "the linear-time divide-and-conquer construction (method='construct')"),
    Engine("knight-search", frozenset({"solve"}), _standard,
           "plain knight rectangles (full, flat)",
           "Warnsdorff and backtracking by offset arithmetic on the padded rectangle"),
    Engine("table-search", frozenset({"solve", "exists"}), _any,
           "every board",
           "Warnsdorff and backtracking over the board's neighbour table"),
    Engine("construct-between", frozenset({"between"}), _between_board,
           f"plain knight rectangles with both sides >= {BETWEEN_MIN_SIDE}",
           "the linear-time construction between two squares: a chain of block paths with "
           "the rest of the board's closed tours swapped in (construct_between)"),
    Engine("table-between", frozenset({"between"}), _any,
           "every board",
           "Warnsdorff-ordered backtracking from start to end over the neighbour table, "
           "never entering the end early and pruning squares it would strand"),
    Engine("theory", frozenset({"exists", "between"}), _any,
           "plain knight rectangles, knight tori; necessary conditions elsewhere",
           "theorems: exact answers, or reasons no tour exists"),
    Engine("frontier-dp", frozenset({"count"}), _frontier_board,
           "flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)",
           "frontier dynamic programming along the longer side (method='dp', counts only)"),
    Engine("knight-count", frozenset({"count", "tours"}), _standard,
           "plain knight rectangles (full, flat)",
           "the exact counting search with the rectangle's symmetries"),
    Engine("table-count", frozenset({"count", "tours"}), _any,
           "every board",
           "the exact counting search over the neighbour table"),
    Engine("clue-search", frozenset({"solve", "count", "tours", "exists"}), _any,
           "every board",
           "the counting search over the neighbour table, entering clued squares at their "
           "steps only (clues=; plain knight rectangles too)"),
)

_BY_NAME = {e.name: e for e in ENGINES}

#: The engines each method asks for, first choice first.
_METHODS: dict[tuple[str, str], tuple[str, ...]] = {
    ("solve", "construct"): ("construct",),
    ("solve", "auto"): ("knight-search", "table-search"),
    ("solve", "backtrack"): ("knight-search", "table-search"),
    ("solve", "warnsdorff"): ("knight-search", "table-search"),
    ("solve", "warnsdorff-backtrack"): ("knight-search", "table-search"),
    ("count", "dp"): ("frontier-dp",),
    ("count", "search"): ("knight-count", "table-count"),
    ("count", "auto"): ("frontier-dp", "knight-count", "table-count"),
    ("tours", "search"): ("knight-count", "table-count"),
    ("tours", "auto"): ("knight-count", "table-count"),
    ("exists", "auto"): ("theory", "table-search"),
    ("between", "auto"): ("construct-between", "table-between"),
    ("between", "warnsdorff-backtrack"): ("table-between",),
}


#: The methods that take clues, per task: all run the clue search (solve's
#: "auto" and "warnsdorff-backtrack" try fewest onward moves first).  The
#: greedy walk and the construction cannot aim at a clue; the frontier DP
#: counts every tour, not those through given squares at given steps.
_CLUE_METHODS: dict[str, tuple[str, ...]] = {
    "solve": ("auto", "backtrack", "warnsdorff-backtrack"),
    "count": ("auto", "search"),
    "tours": ("auto", "search"),
    "exists": ("auto",),
}


def engines(board: Board, task: str) -> list[Engine]:
    """The engines that serve ``task`` on ``board``."""
    return [e for e in ENGINES if task in e.tasks and e.serves(board)]


def choose(board: Board, task: str, method: str = "auto", clues: bool = False) -> Engine:
    """The first engine ``method`` asks for that serves ``board``.

    ``clues``: the task has clues (``clues=``): the clue search runs it, on
    every board, for the methods that can take clues; any other method is
    refused with a ``ValueError`` naming those that can.

    Sizes and estimates (the construction above some size, the DP when its
    tables fit) are the callers' further choice among engines that serve;
    this says which ones may.

    >>> choose(Board(8), "solve").name, choose(Board(8, moves="zebra"), "solve").name
    ('knight-search', 'table-search')
    >>> choose(Board(8, wrap="torus"), "count", "dp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: method='dp' serves flat boards of the knight, king, ... not a 8x8 torus
    >>> choose(Board(8), "solve", "auto", clues=True).name
    'clue-search'
    >>> choose(Board(8), "count", "dp", clues=True)
    Traceback (most recent call last):
    ValueError: method='dp' does not take clues; count with clues takes method='auto' or 'search'
    """
    if clues:
        allowed = _CLUE_METHODS.get(task, ())
        if method not in allowed:
            names_ = " or ".join(repr(m) for m in allowed)
            raise ValueError(f"method={method!r} does not take clues; {task} with clues takes "
                             f"method={names_}")
        return _BY_NAME["clue-search"]
    names = _METHODS.get((task, method))
    if names is None:
        raise ValueError(f"no method {method!r} for {task}")
    for name in names:
        engine = _BY_NAME[name]
        if engine.serves(board):
            return engine
    wanted = _BY_NAME[names[0]]
    raise ValueError(f"method={method!r} serves {wanted.boards}, not a {board.describe()}")


def choose_between(board: Board, method: str = "auto") -> Engine:
    """The engine that finds a tour of ``board`` between two chosen squares.

    Theory (:func:`knight.existence.ends_reason`) is asked first by every
    caller; this picks the engine that builds or searches for the tour.

    >>> choose_between(Board(8)).name, choose_between(Board(5, moves="king")).name
    ('table-between', 'table-between')
    """
    return choose(board, "between", method)


def serves(name: str, board: Board) -> bool:
    """Whether the engine called ``name`` serves ``board``."""
    return _BY_NAME[name].serves(board)


__all__ = ["ENGINES", "Engine", "TASKS", "choose", "choose_between", "engines", "serves"]

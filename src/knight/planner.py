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
theory        exists        plain knight rectangles, knight tori; necessary conditions elsewhere
frontier-dp   count         plain knight rectangles (full, flat)
knight-count  count, tours  plain knight rectangles (full, flat)
table-count   count, tours  every board
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import Board

#: The tasks the planner chooses engines for.
TASKS = ("solve", "count", "tours", "exists")


def _standard(board: Board) -> bool:
    return board.is_standard


def _any(board: Board) -> bool:
    return True


def _knight_rectangle(board: Board) -> bool:
    """A knight on a flat rectangle: what the frontier sweeps (holes once its
    core takes them: :data:`FRONTIER_TAKES_HOLES`)."""
    return board.is_knight and board.wrap is None and (board.is_full or FRONTIER_TAKES_HOLES)


#: Whether the frontier DP counts boards with holes (its core's capability).
FRONTIER_TAKES_HOLES = False


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
    Engine("theory", frozenset({"exists"}), _any,
           "plain knight rectangles, knight tori; necessary conditions elsewhere",
           "theorems: exact answers, or reasons no tour exists"),
    Engine("frontier-dp", frozenset({"count"}), _knight_rectangle,
           "plain knight rectangles (full, flat)",
           "frontier dynamic programming along the longer side (method='dp', counts only)"),
    Engine("knight-count", frozenset({"count", "tours"}), _standard,
           "plain knight rectangles (full, flat)",
           "the exact counting search with the rectangle's symmetries"),
    Engine("table-count", frozenset({"count", "tours"}), _any,
           "every board",
           "the exact counting search over the neighbour table"),
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
}


def engines(board: Board, task: str) -> list[Engine]:
    """The engines that serve ``task`` on ``board``."""
    return [e for e in ENGINES if task in e.tasks and e.serves(board)]


def choose(board: Board, task: str, method: str = "auto") -> Engine:
    """The first engine ``method`` asks for that serves ``board``.

    Sizes and estimates (the construction above some size, the DP when its
    tables fit) are the callers' further choice among engines that serve;
    this says which ones may.

    >>> choose(Board(8), "solve").name, choose(Board(8, moves="zebra"), "solve").name
    ('knight-search', 'table-search')
    >>> choose(Board(8, wrap="torus"), "count", "dp")
    Traceback (most recent call last):
    ValueError: method='dp' serves plain knight rectangles (full, flat), not a 8x8 torus
    """
    names = _METHODS.get((task, method))
    if names is None:
        raise ValueError(f"no method {method!r} for {task}")
    for name in names:
        engine = _BY_NAME[name]
        if engine.serves(board):
            return engine
    wanted = _BY_NAME[names[0]]
    raise ValueError(f"method={method!r} serves {wanted.boards}, not a {board.describe()}")


def serves(name: str, board: Board) -> bool:
    """Whether the engine called ``name`` serves ``board``."""
    return _BY_NAME[name].serves(board)


__all__ = ["ENGINES", "Engine", "TASKS", "choose", "engines", "serves"]

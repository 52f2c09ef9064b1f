"""Which engine serves which job, and running it: the one place the package chooses.

An entry point validates its arguments into a :class:`Job` (the
:class:`~knight.Board`, the task, the method, the squares, the limits and
the options of that task) and hands it to :func:`run`, which asks theory
first, picks the engine (:func:`plan`) and runs it.  Each engine below says
which tasks it runs, which boards it serves (:attr:`Engine.serves`), what
it would cost on a job (:attr:`Engine.cost`, estimated seconds; ``inf``
where it would not finish) and where its runner is (:attr:`Engine.runner`,
loaded on first use).  ``method="auto"`` takes the cheapest engine that
serves; a named method takes the first engine of its list that serves, or
is refused with one message saying which boards it serves.
:func:`knight.solve`, :func:`knight.count` and :func:`knight.tours` run
this way (their runners are in :mod:`knight.engines.solving` and
:mod:`knight.counting.engines`; a tours runner returns the generator).

How count jobs are chosen: a named method takes the first engine of its
list that serves (``"dp"``: ``frontier-dp``; ``"search"``:
``knight-count`` on a plain knight rectangle, else ``table-count``; with
clues, ``clue-search``).  For ``"auto"`` only ``frontier-dp`` declares a
cost, :func:`knight.counting.cost.dp_cost`: 0.0 where
``counting.cost.choose`` (``choose_on_board`` on a general board) picks
the DP, ``inf`` where it does not, so the search engine that serves, which
declares no cost, takes the rest.  That rule weighs both engines'
estimates with a preference (the DP on narrow, long boards, the search on
small, squarish ones, unless the other is ten times cheaper on a long
count) and asks for an estimate only when it needs it: a plain
cheapest-of-costs would choose otherwise, or pay for both estimates.
A count with ``limit=`` on a plain rectangle is a table search
(``knight-count``'s runner hands a general board's task to it).

>>> from knight.planner import ENGINES
>>> for e in ENGINES:
...     print(f"{e.name:15} {', '.join(sorted(e.tasks)):13} {e.boards}")
construct       solve         plain knight rectangles (full, flat)
knight-search   solve         plain knight rectangles (full, flat)
table-search    exists, solve every board
construct-between between       plain knight rectangles with both sides >= 12
table-between   between       every board
theory          between, exists plain knight rectangles, knight tori; necessary conditions elsewhere
frontier-dp     count         flat boards of the knight, king and other leapers (holes allowed)
knight-count    count, tours  plain knight rectangles (full, flat)
table-count     count, tours  every board
clue-search     count, exists, solve, tours every board
magic-construct solve         knight rectangles of 4h x 4k squares, h, k >= 2
magic-search    count, solve, tours plain knight rectangles (full, flat)
split-sampler   sample        flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)
table-sampler   sample        flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)
recount-sampler sample        flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)

The task ``"between"`` is a tour from a chosen start to a chosen end
(``solve(..., end=)``, ``exists(..., end=)``, :func:`knight.end_squares`).
The task ``"sample"`` is a uniformly random tour (:class:`knight.TourSampler`,
:func:`knight.random_tour`): its engines are the sampler's ways of drawing,
which the sampler picks among as it builds (``"auto"``: the split tables where
the DP splits and they fit, else one table, else recounting); the planner
holds their methods and the boards they serve.
With ``clues=`` (tours through given squares at given steps) every task
goes to the clue search, whatever the board.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import existence
from .board import Board
from .errors import NoTourError
from .geometry import Square, article, sweep_reason, sweep_window
from .limits import Limits
from .theory import BETWEEN_MIN_SIDE

#: The tasks the planner chooses engines for.
TASKS = ("solve", "count", "tours", "exists", "between", "sample")

_NO_OPTIONS: Mapping[str, Any] = MappingProxyType({})


@dataclass(slots=True)
class Job:
    """One validated request: what to do, on which board, how, within which limits.

    Treat it as a value: the planner and the engines only read it.  (Not a
    frozen dataclass: that would cost a microsecond a solve, a seventh of a
    small one.)

    ``options`` holds what only some engines read (for ``solve``: ``moves``,
    the move order; ``tie_break``, ``seed``, ``trace``, and ``twin``, True
    to run the cores' pure-Python twins); ``clues``, a :class:`knight.clues.Clues`.
    ``began`` is the ``time.perf_counter()`` of the call's start: the seconds
    a result or an error reports count from there.
    """

    task: str
    board: Board
    method: str = "auto"
    start: Square | None = None
    end: Square | None = None
    closed: bool = False
    limits: Limits = field(default_factory=Limits)
    options: Mapping[str, Any] = field(default_factory=lambda: _NO_OPTIONS)
    clues: Any = None
    began: float = field(default_factory=time.perf_counter)

    def option(self, name: str, default: Any = None) -> Any:
        """The option ``name``, or ``default`` when the caller gave none."""
        return self.options.get(name, default)


def _standard(board: Board) -> bool:
    return board.is_standard


def _any(board: Board) -> bool:
    return True


def _magic_construct_board(board: Board) -> bool:
    from .magic_construct import covers

    return board.is_standard and covers(*board.shape)


def _between_board(board: Board) -> bool:
    """A plain knight rectangle the construction between two squares takes;
    which pairs of squares it joins theory settles first (colours, Conrad)."""
    return board.is_standard and min(board.shape) >= BETWEEN_MIN_SIDE


def _frontier_board(board: Board) -> bool:
    """A flat board, with holes or not, whose move set the frontier's sweep
    takes (:func:`knight.geometry.sweep_reason` on the board cut down to its
    usable rows and columns): the knight, king, wazir, ferz, dabbaba, and
    any leaper whose moves reach at most 32 cells back along the sweep (the
    zebra up to 10 wide, the giraffe up to 7).  Its width is the DP's own
    limit (BoardTooLargeError), not a question of which engine."""
    if board.wrap is not None:
        return False
    if board.is_knight:
        return True
    rows, cols = board.box()[2:]
    return sweep_reason(rows, cols, board.moves) is None


def _sampler_board(board: Board) -> bool:
    """A frontier board whose states are the knight's 2W + 1 cells: the
    sampler walks those (and the split tables of two columns), not a long
    leaper's longer window."""
    if not _frontier_board(board):
        return False
    if board.is_knight:
        return True
    rows, cols = board.box()[2:]
    return sweep_window(rows, cols, board.moves) <= 2 * min(rows, cols) + 1


@dataclass(frozen=True)
class Engine:
    """An engine: its name, the tasks it runs, the boards it serves, its
    runner and its cost.

    ``runner`` maps each task the planner runs the engine for to a
    ``"module:function"`` name (relative to this package), as ``cost`` is
    one, loaded on first use so that choosing loads no engine: the runner
    takes the :class:`Job` and returns the task's result; the
    cost takes the Job and returns estimated seconds (``math.inf``: it
    would not finish, or cannot run this job).  An engine without a cost
    costs nothing (it is the only one for its jobs).
    """

    name: str
    tasks: frozenset[str]
    serves: Callable[[Board], bool]
    boards: str
    what: str
    runner: Mapping[str, str] = field(default_factory=lambda: _NO_OPTIONS)
    cost: str = ""


_SOLVING = ".engines.solving"
_COUNTING = ".counting.engines"
_MAGIC = ".engines.magic"

ENGINES: tuple[Engine, ...] = (
    Engine("construct", frozenset({"solve"}), _standard,
           "plain knight rectangles (full, flat)",
           "the linear-time divide-and-conquer construction (method='construct')",
           {"solve": f"{_SOLVING}:run_construct"}, f"{_SOLVING}:construct_cost"),
    Engine("knight-search", frozenset({"solve"}), _standard,
           "plain knight rectangles (full, flat)",
           "Warnsdorff and backtracking by offset arithmetic on the padded rectangle",
           {"solve": f"{_SOLVING}:run_search"}, f"{_SOLVING}:search_cost"),
    Engine("table-search", frozenset({"solve", "exists"}), _any,
           "every board",
           "Warnsdorff and backtracking over the board's neighbour table",
           {"solve": f"{_SOLVING}:run_search"}),
    Engine("construct-between", frozenset({"between"}), _between_board,
           f"plain knight rectangles with both sides >= {BETWEEN_MIN_SIDE}",
           "the linear-time construction between two squares: a chain of block paths with "
           "the rest of the board's closed tours swapped in (construct_between)",
           {"between": f"{_SOLVING}:run_construct_between"}),
    Engine("table-between", frozenset({"between"}), _any,
           "every board",
           "Warnsdorff-ordered backtracking from start to end over the neighbour table, "
           "never entering the end early and pruning squares it would strand",
           {"between": f"{_SOLVING}:run_search_between"}),
    Engine("theory", frozenset({"exists", "between"}), _any,
           "plain knight rectangles, knight tori; necessary conditions elsewhere",
           "theorems: exact answers, or reasons no tour exists"),
    Engine("frontier-dp", frozenset({"count"}), _frontier_board,
           "flat boards of the knight, king and other leapers (holes allowed)",
           "frontier dynamic programming along the longer side (method='dp', counts only)",
           {"count": f"{_COUNTING}:run_dp"}, ".counting.cost:dp_cost"),
    Engine("knight-count", frozenset({"count", "tours"}), _standard,
           "plain knight rectangles (full, flat)",
           "the exact counting search with the rectangle's symmetries",
           {"count": f"{_COUNTING}:run_search", "tours": f"{_COUNTING}:run_tours"}),
    Engine("table-count", frozenset({"count", "tours"}), _any,
           "every board",
           "the exact counting search over the neighbour table",
           {"count": f"{_COUNTING}:run_search", "tours": f"{_COUNTING}:run_tours"}),
    Engine("clue-search", frozenset({"solve", "count", "tours", "exists"}), _any,
           "every board",
           "the counting search over the neighbour table, entering clued squares at their "
           "steps only (clues=; plain knight rectangles too)",
           {"solve": f"{_SOLVING}:run_clues", "count": f"{_COUNTING}:run_clues",
            "tours": f"{_COUNTING}:run_clue_tours"}),
    Engine("magic-construct", frozenset({"solve"}), _magic_construct_board,
           "knight rectangles of 4h x 4k squares, h, k >= 2",
           "the construction of semi-magic tours from 4x4 blocks of latin paths in four "
           "passes along a cycle of the blocks (magic='semi', open, its own start)",
           {"solve": ".engines.magic_construct:run_solve"},
           ".engines.magic_construct:construct_cost"),
    Engine("magic-search", frozenset({"solve", "count", "tours"}), _standard,
           "plain knight rectangles (full, flat)",
           "the search for magic tours, propagating the line sums (magic=; restarts over "
           "centrally symmetric tours to solve, the whole search to count and list)",
           {"solve": f"{_MAGIC}:run_solve", "count": ".counting.magic_count:run_count",
            "tours": f"{_MAGIC}:run_tours"}),
    *(Engine(f"{name}-sampler", frozenset({"sample"}), _sampler_board,
             "flat boards of the knight, king, wazir, ferz, dabbaba (holes allowed)",
             f"uniform random tours {how} (method={name!r})")
      for name, how in (
          ("split", "from the two halves' tables of the frontier DP's meet in the middle "
                    "(boards 3 to 7 wide and 5 long once cropped)"),
          ("table", "from one table of the frontier DP's states and their completions"),
          ("recount", "square by square, each candidate weighted by a frontier DP count of "
                      "its completions (no table)"))),
)


_BY_NAME = {e.name: e for e in ENGINES}

#: The engines each method asks for, first choice first.
_METHODS: dict[tuple[str, str], tuple[str, ...]] = {
    ("solve", "auto"): ("construct", "knight-search", "table-search"),
    ("solve", "backtrack"): ("knight-search", "table-search"),
    ("solve", "warnsdorff"): ("knight-search", "table-search"),
    ("solve", "warnsdorff-backtrack"): ("knight-search", "table-search"),
    ("solve", "construct"): ("construct",),
    ("count", "auto"): ("frontier-dp", "knight-count", "table-count"),
    ("count", "dp"): ("frontier-dp",),
    ("count", "search"): ("knight-count", "table-count"),
    ("tours", "search"): ("knight-count", "table-count"),
    ("tours", "auto"): ("knight-count", "table-count"),
    ("exists", "auto"): ("theory", "table-search"),
    ("between", "auto"): ("construct-between", "table-between"),
    ("between", "warnsdorff-backtrack"): ("table-between",),
    ("sample", "auto"): ("split-sampler", "table-sampler", "recount-sampler"),
    ("sample", "split"): ("split-sampler",),
    ("sample", "table"): ("table-sampler",),
    ("sample", "recount"): ("recount-sampler",),
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


_TASK_METHODS: dict[str, tuple[str, ...]] = {
    task: tuple(m for (t, m) in _METHODS if t == task) for task in TASKS}


def methods(task: str) -> tuple[str, ...]:
    """The methods ``task`` takes, ``"auto"`` first.

    >>> methods("solve")
    ('auto', 'backtrack', 'warnsdorff', 'warnsdorff-backtrack', 'construct')
    """
    return _TASK_METHODS[task]


def check_method(task: str, method: Any) -> str:
    """``method`` if ``task`` takes it, else the one ValueError naming those it takes.

    Every entry point checks its ``method`` here, once: the message is the
    same everywhere (a tour between two given squares says ``with end=``).

    >>> check_method("count", "dp")
    'dp'
    >>> check_method("count", "fast")
    Traceback (most recent call last):
    ValueError: method must be one of 'auto', 'dp', 'search'; got 'fast'
    >>> check_method("between", "warnsdorff")
    Traceback (most recent call last):
    ValueError: method must be one of 'auto', 'warnsdorff-backtrack' with end=; got 'warnsdorff'
    """
    allowed = _TASK_METHODS[task]
    if not isinstance(method, str) or method not in allowed:
        raise ValueError(f"method must be one of {', '.join(map(repr, allowed))}"
                         f"{_WHEN.get(task, '')}; got {method!r}")
    return method


#: What a task's methods are for, where the entry point takes other methods too
#: (solve with ``end=`` is the task "between").
_WHEN = {"between": " with end="}


def engines(board: Board, task: str) -> list[Engine]:
    """The engines that serve ``task`` on ``board``."""
    return [e for e in ENGINES if task in e.tasks and e.serves(board)]


def choose(board: Board, task: str, method: str = "auto", clues: bool = False,
           magic: bool = False) -> Engine:
    """The first engine ``method`` asks for that serves ``board``.

    ``clues``: the task has clues (``clues=``): the clue search runs it, on
    every board, for the methods that can take clues; any other method is
    refused with a ``ValueError`` naming those that can.  Which of several
    serving engines ``"auto"`` runs is :func:`plan`'s choice, by their costs.

    >>> choose(Board(8), "solve", "warnsdorff").name, choose(Board(8, moves="zebra"), "solve").name
    ('knight-search', 'table-search')
    >>> choose(Board(8, wrap="torus"), "count", "dp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: method='dp' serves flat boards of the knight, king and ... not an 8x8 torus
    >>> choose(Board(8), "solve", "auto", clues=True).name
    'clue-search'
    >>> choose(Board(8), "count", "dp", clues=True)
    Traceback (most recent call last):
    ValueError: method='dp' does not take clues; count with clues takes method='auto' or 'search'

    ``magic``: the task asks for magic tours (``magic=``): the magic search
    runs it, clues or not, with ``method="auto"``; to solve on 4h x 4k
    boards (h, k >= 2) the construction comes first (it serves
    the job when its tour fits: open, semi-magic, a start it can give) and
    ``method="construct"`` asks for it alone.

    >>> choose(Board(8), "solve", magic=True).name
    'magic-construct'
    >>> choose(Board(12), "solve", magic=True).name
    'magic-construct'
    >>> choose(Board(10), "solve", magic=True).name
    'magic-search'
    >>> choose(Board(8), "solve", "warnsdorff", magic=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: method='warnsdorff' does not take magic=; magic tours take method='auto' or ...
    """
    return _serving(board, task, method, clues, magic)[0]


def _serving(board: Board, task: str, method: str, clues: bool = False,
             magic: bool = False) -> list[Engine]:
    """The engines ``method`` asks for that serve ``board`` (at least one), first choice
    first, or the ValueError that says which boards the method serves."""
    if magic:
        if method == "construct" and task == "solve":
            if not _BY_NAME["magic-construct"].serves(board):
                raise ValueError(f"method='construct' with magic= serves "
                                 f"{_BY_NAME['magic-construct'].boards}, not "
                                 f"{article(board.describe())}")
            return [_BY_NAME["magic-construct"]]
        if method != "auto":
            takes = "method='auto' or 'construct'" if task == "solve" else "method='auto'"
            raise ValueError(f"method={method!r} does not take magic=; magic tours take {takes}")
        if task == "solve" and _BY_NAME["magic-construct"].serves(board):
            return [_BY_NAME["magic-construct"], _BY_NAME["magic-search"]]
        return [_BY_NAME["magic-search"]]
    if clues:
        allowed = _CLUE_METHODS.get(task, ())
        if method not in allowed:
            names_ = " or ".join(repr(m) for m in allowed)
            raise ValueError(f"method={method!r} does not take clues; {task} with clues takes "
                             f"method={names_}")
        return [_BY_NAME["clue-search"]]
    names = _METHODS.get((task, method))
    if names is None:
        raise ValueError(f"no method {method!r} for {task}")
    found = [_BY_NAME[name] for name in names if _BY_NAME[name].serves(board)]
    if not found:
        wanted = _BY_NAME[names[0]]
        raise ValueError(f"method={method!r} serves {wanted.boards}, not "
                         f"{article(board.describe())}")
    return found


def choose_between(board: Board, method: str = "auto") -> Engine:
    """The engine that finds a tour of ``board`` between two chosen squares.

    >>> choose_between(Board(8)).name, choose_between(Board(5, moves="king")).name
    ('table-between', 'table-between')
    """
    return choose(board, "between", method)


def serves(name: str, board: Board) -> bool:
    """Whether the engine called ``name`` serves ``board``."""
    return _BY_NAME[name].serves(board)


_LOADED: dict[str, Callable[..., Any]] = {}


def _load(where: str) -> Callable[..., Any]:
    """The function named ``"module:function"`` (relative to this package), imported once."""
    fn = _LOADED.get(where)
    if fn is None:
        module, name = where.split(":")
        fn = _LOADED[where] = getattr(importlib.import_module(module, __package__), name)
    return fn


def cost(engine: Engine, job: Job) -> float:
    """The engine's estimated seconds for ``job`` (0.0 when it declares no cost)."""
    return float(_load(engine.cost)(job)) if engine.cost else 0.0


def plan(job: Job) -> Engine:
    """The engine that runs ``job``: with ``method="auto"`` the cheapest of
    those that serve and declare a cost (the earlier one on a tie; where
    every cost is ``inf``, the first that declares none, the most general),
    else the first that serves.

    >>> from knight.limits import Limits
    >>> plan(Job("solve", Board(8), start=(0, 0))).name
    'knight-search'
    >>> plan(Job("solve", Board(100), start=(0, 0))).name
    'construct'
    """
    found = _serving(job.board, job.task, job.method, job.clues is not None,
                     job.option("magic") is not None)
    costed = [e for e in found if e.cost]
    if job.method != "auto" or not costed:
        return found[0]
    costs = [cost(e, job) for e in costed]
    best = min(range(len(costed)), key=costs.__getitem__)
    if math.isinf(costs[best]):
        return next((e for e in found if not e.cost), costed[best])
    return costed[best]


def runner(engine: Engine, task: str | None = None) -> Callable[[Job], Any]:
    """The function that runs ``engine``'s jobs of ``task`` (None: of its one
    task the planner runs it for).

    >>> runner(_BY_NAME["clue-search"], "count").__name__
    'run_clues'
    """
    if task is None and len(engine.runner) > 1:
        raise ValueError(f"the engine {engine.name!r} runs {', '.join(sorted(engine.runner))}: "
                         "name the task")
    if task is None and len(engine.runner) == 1:
        (task,) = engine.runner
    where = engine.runner.get(task) if task is not None else None
    if where is None:
        what = "" if task is None else f" for {task}"
        raise ValueError(f"the engine {engine.name!r} is not run through the planner{what}")
    return _load(where)


def prepare(job: Job) -> Callable[[Job], Any]:
    """The runner of the engine :func:`plan` picks for ``job``, once theory
    has had its say: a method that serves no engine for the board is refused
    first, then a tour that theory rules out is a NoTourError at once,
    however large the board.  What :func:`run` does before running; a
    caller that runs many alike jobs may keep it."""
    engine = plan(job)
    if job.option("magic") is not None:
        # theory of magic tours, and of the start and clues: the magic engine's
        why = _load(".engines.magic:reason")(job) if job.task == "solve" else None
    elif job.task == "solve" and job.clues is None:
        why = existence.board_reason(job.board, job.start, job.closed)
    elif job.task == "between":
        assert job.start is not None and job.end is not None
        why = existence.ends_reason(job.board, job.start, job.end)
    else:
        why = None
    if why is not None:
        raise NoTourError(why)
    return runner(engine, job.task)


def run(job: Job) -> Any:
    """Run ``job``: :func:`prepare`, then the engine's runner."""
    return prepare(job)(job)


__all__ = [
    "ENGINES", "Engine", "Job", "TASKS", "check_method", "choose", "choose_between", "cost",
    "engines", "methods", "plan", "prepare", "run", "runner", "serves",
]

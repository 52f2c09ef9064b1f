"""Sweeps and comparisons: the classic exercises as data.

:func:`sweep` solves one board from every start square; :func:`compare`
runs every method on the same task.  Both return numpy structured arrays
(one record per run) that print as tables with :func:`table`.

Both check the board (``as_board``) and the method (the planner's
:func:`knight.planner.check_method`) once, then run each start or method
as :func:`knight.solve` would: its arguments checked into a
:class:`knight.planner.Job` (:func:`knight.solver.solve_job`) that
:func:`knight.planner.run` runs.  A backtracking sweep of a board the
planner gives to ``knight-search`` (a plain knight rectangle) runs in
batches of starts, one core call each (:func:`_sweep_batch`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from . import existence, planner
from .board import Board, as_board
from .errors import DeadEndError, NoTourError, SearchCancelled, SearchLimitError
from .geometry import check_memory, move_order
from .limits import (
    Cancel,
    cancelled,
    check_bool,
    check_cancel,
    check_max_nodes,
    check_timeout,
    tqdm_class,
    watched,
)
from .search import (
    CYTHON_ENGINE,
    EXHAUSTED,
    FOUND,
    memory_estimate,
    rule_name,
)
from .solver import solve, solve_job

#: The method :func:`sweep` and ``knight sweep`` use unless told otherwise
#: (one constant for both, shown in ``knight sweep --help``).
SWEEP_METHOD = "auto"

#: The node limit of each start of a sweep by a backtracking method
#: (``"backtrack"``, ``"warnsdorff-backtrack"``, and ``"auto"``, whose last
#: attempt backtracks) when neither ``max_nodes`` nor ``timeout`` is given:
#: about 20-50 ms of the core, so no start runs unbounded (plain
#: backtracking from one start of 8x8 can take hours).  A sweep then costs
#: at most about starts x this many nodes.
SWEEP_MAX_NODES = 1_000_000

#: Methods that backtrack, and so get :data:`SWEEP_MAX_NODES` by default.
_BACKTRACKING = ("auto", "backtrack", "warnsdorff-backtrack")

#: The methods the batch core sweeps (many starts a call), where the planner
#: gives the board to ``knight-search``.
_BATCHED = ("backtrack", "warnsdorff-backtrack")


class _Default:
    """The marker of an argument not given (``None`` means "no limit")."""

    def __repr__(self) -> str:
        return "SWEEP_MAX_NODES"


_NOT_GIVEN: Any = _Default()

#: One record per run.  ``outcome`` is ``"tour"``, ``"no-tour"``,
#: ``"dead-end"`` or ``"limit"``.
RECORD = np.dtype(
    [
        ("method", "U24"),
        ("row", np.int32),
        ("col", np.int32),
        ("success", np.bool_),
        ("outcome", "U8"),
        ("nodes", np.int64),
        ("backtracks", np.int64),
        ("seconds", np.float64),
    ]
)


#: The options :func:`knight.solver.solve_job` takes as :func:`knight.solve`
#: does (with ``clues=None``, the default); others go to ``solve`` itself,
#: which runs the clue search or raises the TypeError of a bad keyword.
_JOB_OPTIONS = frozenset({"end", "closed", "order", "tie_break", "seed", "max_nodes", "timeout",
                          "trace", "cancel", "clues"})


def _run(board: Board, start: tuple[int, int], method: str,
         options: dict[str, Any]) -> tuple[Any, ...]:
    """One run's record: the Job solve would run, run by the planner."""
    began = time.perf_counter()
    # the record names the rule as the tour does ("warnsdorff/roth")
    name = rule_name(options.get("tie_break", "first")) if method == "warnsdorff" else method
    try:
        if options.get("clues") is not None or not options.keys() <= _JOB_OPTIONS:
            tour = solve(board, start=start, method=method, **options)
        else:
            job = solve_job(board, start=start, method=method,
                            **{k: v for k, v in options.items() if k != "clues"})
            tour = planner.run(job)
    except DeadEndError as exc:
        return (name, *start, False, "dead-end", exc.steps, 0, time.perf_counter() - began)
    except SearchCancelled:
        # Not an outcome of this run: the whole sweep or comparison stops.
        raise
    except SearchLimitError as exc:
        return (name, *start, False, "limit", exc.nodes, exc.backtracks,
                time.perf_counter() - began)
    except NoTourError:
        return (name, *start, False, "no-tour", 0, 0, time.perf_counter() - began)
    return (name, *start, True, "tour", tour.nodes, tour.backtracks, tour.seconds)


def _progress(items: Sequence[Any], enabled: bool, what: str) -> Iterable[Any]:
    """``items`` (start squares), counted one start each by a bar when ``enabled``."""
    if not enabled:
        return items
    bar: Iterable[Any] = tqdm_class()(items, desc=what, unit="start", file=sys.stderr)
    return bar


def _chunk_progress(chunks: Sequence[np.ndarray], total: int, enabled: bool,
                    what: str) -> Iterator[np.ndarray]:
    """``chunks`` of start squares, the bar counting starts (not chunks) out of
    ``total``: the starts theory rules out count at once, each chunk's when
    it is done, so the bar's unit is the start as in :func:`_progress`."""
    if not enabled:
        yield from chunks
        return
    searched = sum(len(chunk) for chunk in chunks)
    with tqdm_class()(total=total, desc=what, unit="start", file=sys.stderr) as bar:
        bar.update(total - searched)
        for chunk in chunks:
            yield chunk
            bar.update(len(chunk))


def sweep(
    rows: int | Board,
    cols: int | None = None,
    *,
    method: str = SWEEP_METHOD,
    closed: bool = False,
    progress: bool = False,
    cancel: Cancel | Any = None,
    max_nodes: int | None = _NOT_GIVEN,
    **options: Any,
) -> np.ndarray:
    """Solve the board from every start square; one record per square.

    ``method`` defaults to :data:`SWEEP_METHOD` (``"auto"``, as ``knight
    sweep``).  ``options`` go to :func:`knight.solve` (``order``,
    ``tie_break``, ``seed``, ``timeout``); ``max_nodes`` and ``timeout`` apply
    per start.  No start runs unbounded by default: a backtracking method
    (``"backtrack"``, ``"warnsdorff-backtrack"``, ``"auto"``) given neither
    ``max_nodes`` nor ``timeout`` stops each start after
    :data:`SWEEP_MAX_NODES` (10**6) nodes, recorded as ``"limit"``; pass
    either to choose another bound, or ``max_nodes=None`` for none.
    Starts that theory rules out are recorded as ``"no-tour"`` without a
    search.  ``progress=True`` shows a bar on stderr (the ``progress`` extra).
    ``cancel`` (a :class:`knight.Cancel` or ``threading.Event``) stops the
    whole sweep with :class:`knight.SearchCancelled` once set.  Each record's
    ``method`` is the method asked, with Warnsdorff's rule named as its tours
    name it (``"warnsdorff/roth"`` for ``tie_break="roth"``, see
    :attr:`knight.Tour.method`).

    >>> import knight
    >>> runs = knight.sweep(5, method="warnsdorff-backtrack")
    >>> len(runs), int(runs["success"].sum())
    (25, 13)
    >>> runs = knight.sweep(5, method="backtrack")  # each start stops at 10**6 nodes
    >>> from knight.compare import SWEEP_MAX_NODES
    >>> int(runs["nodes"].max()) <= SWEEP_MAX_NODES
    True

    A :class:`knight.Board` in place of ``rows`` sweeps its usable squares:

    >>> runs = knight.sweep(knight.Board(4, moves="king", holes=["b2"]))
    >>> len(runs), bool(runs["success"].all())
    (15, True)
    """
    layout = as_board(rows, cols)
    planner.check_method("solve", method)
    if max_nodes is _NOT_GIVEN:
        bounded = options.get("timeout") is not None
        max_nodes = None if bounded or method not in _BACKTRACKING else SWEEP_MAX_NODES
    options = dict(options, closed=closed, max_nodes=max_nodes)
    if cancel is not None:
        options["cancel"] = cancel
    if (method in _BATCHED and _batchable(options)
            and planner.choose(layout, "solve", method).name == "knight-search"):
        rows, cols = layout.shape
        starts = [(r, c) for r in range(rows) for c in range(cols)]
        return _sweep_batch(rows, cols, starts, method, options, progress)
    starts = [(int(r), int(c)) for r, c in layout.squares]
    # A bad option raises TypeError/ValueError from the first run, before the rest.
    records = [_run(layout, s, method, options) for s in _progress(starts, progress, "sweep")]
    return np.array(records, dtype=RECORD)


def _batchable(options: dict[str, Any]) -> bool:
    """True when the options are ones the batch search core takes."""
    defaults = {"tie_break": "first", "seed": None, "trace": None}
    return all(k in ("closed", "order", "max_nodes", "timeout", "cancel")
               or defaults.get(k, 0) == v for k, v in options.items())


def _sweep_batch(rows: int, cols: int, starts: list[tuple[int, int]], method: str,
                 options: dict[str, Any], progress: bool) -> np.ndarray:
    """A backtracking sweep in one core call per board row (same records as
    solving start by start, without paying Python's per-call cost each time)."""
    closed = check_bool(options.get("closed", False), "closed")
    order = move_order(options.get("order"))
    max_nodes = check_max_nodes(options.get("max_nodes"))
    timeout = check_timeout(options.get("timeout"))
    token = check_cancel(options.get("cancel"))
    check_memory(memory_estimate(rows, cols, method), f"searching the {rows}x{cols} board")
    records = np.zeros(len(starts), dtype=RECORD)
    records["method"] = method
    records["row"], records["col"] = zip(*starts)
    records["outcome"] = "no-tour"
    # Theory rules starts out at once; only the others are searched.
    open_starts = np.flatnonzero(existence.start_squares(rows, cols, closed=closed).ravel())
    cells = np.array(starts, dtype=np.int32)
    # One core call; a board row per call when a progress bar wants updates.
    size = cols if progress else max(1, len(open_starts))
    chunks = [open_starts[i:i + size] for i in range(0, len(open_starts), size)]
    began = time.perf_counter()
    with watched(token) as flag:
        for chunk in _chunk_progress(chunks, len(starts), progress, "sweep"):
            _sweep_chunk(records, rows, cols, cells, chunk, method, order, closed, max_nodes,
                         timeout, flag, began)
    return records


def _sweep_chunk(records: np.ndarray, rows: int, cols: int, cells: np.ndarray,
                 chunk: np.ndarray, method: str, order: tuple[tuple[int, int], ...],
                 closed: bool, max_nodes: int | None, timeout: float | None,
                 flag: np.ndarray | None, began: float) -> None:
    """Search the starts of one chunk in one core call; fill their records."""
    _, results, seconds, done = CYTHON_ENGINE.backtrack_starts(
        rows, cols, cells[chunk], order, method == "warnsdorff-backtrack", closed,
        max_nodes, timeout, flag,
    )
    if done < len(chunk):
        raise cancelled(f"the sweep of the {rows}x{cols} board", began,
                        int(records["nodes"].sum() + results[:done, 1].sum()))
    status = results[:, 0]
    records["success"][chunk] = status == FOUND
    records["outcome"][chunk] = np.where(
        status == FOUND, "tour", np.where(status == EXHAUSTED, "no-tour", "limit"))
    records["nodes"][chunk] = results[:, 1]
    records["backtracks"][chunk] = results[:, 2]
    records["seconds"][chunk] = seconds


def compare(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Any = (0, 0),
    closed: bool = False,
    methods: Sequence[str] | None = None,
    timeout: float = 2.0,
    max_nodes: int | None = None,
    cancel: Cancel | Any = None,
    **options: Any,
) -> np.ndarray:
    """Run every method on the same task; one record per method.

    Each run is bounded by ``timeout`` seconds (and ``max_nodes``), because
    plain backtracking can take hours.  ``options`` go to every run.
    ``cancel`` (a :class:`knight.Cancel` or ``threading.Event``) stops the
    whole comparison with :class:`knight.SearchCancelled` once set.

    >>> import knight
    >>> runs = knight.compare(8, start=(0, 0))
    >>> [str(m) for m in runs["method"]]
    ['backtrack', 'warnsdorff', 'warnsdorff-backtrack', 'construct', 'auto']
    >>> bool(runs["success"].all())
    True
    """
    layout = as_board(rows, cols)
    start = layout.square(start, "start")
    # The construction serves plain knight rectangles only.
    default = [m for m in planner.methods("solve")
               if m != "auto" and (layout.is_standard or m != "construct")]
    chosen = list(methods) if methods is not None else default + ["auto"]
    for m in chosen:
        planner.check_method("solve", m)
    if cancel is not None:
        options = dict(options, cancel=cancel)
    records = [
        _run(layout, start, m, _options_for(m, dict(options, closed=closed, timeout=timeout,
                                                    max_nodes=max_nodes)))
        for m in chosen
    ]
    return np.array(records, dtype=RECORD)


def _options_for(method: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a comparison that apply to ``method``.

    The construction makes no search decisions, so an ``order`` or a
    ``trace`` (or a Warnsdorff tie-break) given for the searches is not
    passed to it: ``solve`` refuses them there.
    """
    if method == "construct":
        skip = ("order", "trace", "tie_break", "seed")
        return {k: v for k, v in options.items() if k not in skip}
    return options


def table(records: np.ndarray, *, by: str = "start") -> str:
    """Records as an aligned text table with totals.

    ``by="start"`` labels rows by start square, ``by="method"`` by method.
    """
    head = ("start" if by == "start" else "method", "success", "outcome", "nodes", "backtracks",
            "seconds")
    lines = []
    for rec in records:
        label = f"({rec['row']}, {rec['col']})" if by == "start" else str(rec["method"])
        lines.append((label, "yes" if rec["success"] else "no", str(rec["outcome"]),
                      f"{int(rec['nodes']):,}", f"{int(rec['backtracks']):,}",
                      f"{float(rec['seconds']):.6f}"))
    ok = int(records["success"].sum())
    total = (f"total {len(records)}", f"{ok} yes", "", f"{int(records['nodes'].sum()):,}",
             f"{int(records['backtracks'].sum()):,}", f"{float(records['seconds'].sum()):.6f}")
    widths = [max(len(row[i]) for row in [head, total, *lines]) for i in range(len(head))]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(v.ljust(w) if i < 3 else v.rjust(w) for i, (v, w) in
                         enumerate(zip(row, widths))).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(head), rule, *map(fmt, lines), rule, fmt(total)])


__all__ = ["sweep", "compare", "table", "RECORD", "SWEEP_MAX_NODES", "SWEEP_METHOD"]

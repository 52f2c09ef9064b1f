"""Tours through given squares at given steps: knight's-tour puzzles, Hidato,
Numbrix, Hopido.

A *clue* pins a square to a step of the tour: ``{"e4": 0, "d6": 17}`` asks
for tours that start on e4 and stand on d6 at step 17 (steps from 0, as in
:attr:`knight.Tour.board`).  With the king's moves that is a Hidato, with
the wazir's a Numbrix, with the hopido's a Hopido; with the knight's, a
knight's-tour puzzle.  :func:`knight.solve`, :func:`knight.count`,
:func:`knight.tours`, :func:`knight.exists` and :func:`knight.why_not` take
``clues=`` on any board and move set, open or closed.

Everything runs on one search, :class:`knight._core.table_count.GraphPathSearch`
(plain knight rectangles too, through their neighbour table), which enters
a clued square only at its step, goes straight to the square clued next,
and drops a square at step d when the next clue, at step k, is more than
k - d moves away in the board's graph (or at the wrong parity, where every
move changes colour).  This module validates the clues, gives the reasons
no tour can meet them (:func:`knight.existence.clue_reason`), and plans
the search:

* open tours: from the square clued 0 if there is one; else from the
  square clued last, each path read backwards; else one search from each
  first square within reach of the first clue (or, read backwards, each
  last square within reach of the last clue: whichever leaves fewer);
* closed tours: a closed tour's steps count from its start, and the same
  cycle started elsewhere is another tour with other steps.  Rotating the
  numbering so that the first clue becomes step 0 turns every clued closed
  tour into a closed tour from that clue's square, so one search counts
  them all, both ways round (clued closed tours are *numbered* tours: each
  start and direction is its own, as ``directed=True`` counts them).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

import numpy as np

from . import existence
from ._core import board_graph as _board_graph
from ._core import table_count as _table_count
from .board import Board
from .errors import NoTourError, SearchLimitError
from .limits import cancelled, check_bool, collected, core_limit, raise_if_stopped
from .tour import Tour


class Clues(NamedTuple):
    """Validated clues on a board: ``at`` maps step -> square number."""

    board: Board
    at: dict[int, int]

    def squares(self) -> dict[tuple[int, int], int]:
        """The clues as ``(row, col) -> step``."""
        sq = self.board.squares
        return {(int(sq[p][0]), int(sq[p][1])): k for k, p in sorted(self.at.items())}


def check_clues(board: Board, clues: Any) -> Clues | None:
    """Validate ``clues`` (a mapping square -> step, or a sequence of
    ``(square, step)`` pairs) on ``board``; None when there are none.

    Squares are ``(row, col)`` or names like ``"e4"`` (validated as
    :meth:`knight.Board.square` does: on the board, not a hole); steps are
    ints from 0 to ``board.size - 1``; a step or a square given twice is
    refused.

    >>> from knight import Board
    >>> check_clues(Board(5), {"a5": 0, (2, 2): 12}).at
    {0: 0, 12: 12}
    >>> check_clues(Board(5), {"a5": 0, (0, 0): 3})
    Traceback (most recent call last):
    ValueError: clues give square (0, 0) twice (steps 0 and 3)
    """
    if clues is None:
        return None
    if isinstance(clues, Mapping):
        pairs = list(clues.items())
    elif isinstance(clues, (str, bytes)) or not hasattr(clues, "__iter__"):
        raise TypeError(
            "clues must be a mapping square -> step (or a sequence of (square, step) pairs), "
            f"not {type(clues).__name__}")
    else:
        pairs = []
        for item in clues:
            if (isinstance(item, (str, bytes)) or not hasattr(item, "__len__")
                    or len(item) != 2):
                raise TypeError(f"clues must hold (square, step) pairs, got {item!r}")
            pairs.append((item[0], item[1]))
    n = board.size
    at: dict[int, int] = {}
    of: dict[int, int] = {}
    for sq, step in pairs:
        where = board.square(sq, "clue square")
        if isinstance(step, (bool, np.bool_)) or not isinstance(step, (int, np.integer)):
            raise TypeError(f"the step of clue {where} must be an int, not {type(step).__name__}")
        k = int(step)
        if not 0 <= k < n:
            raise ValueError(
                f"the step of clue {where} is {k}, outside 0..{n - 1} (the {board.describe()} "
                f"has {n} squares; steps count from 0)")
        p = int(board.index[where])
        if p in of:
            raise ValueError(f"clues give square {where} twice (steps {of[p]} and {k})")
        if k in at:
            other = tuple(int(v) for v in board.squares[at[k]])
            raise ValueError(f"clues give step {k} twice (squares {other} and {where})")
        at[k] = p
        of[p] = k
    if not at:
        return None
    return Clues(board, dict(sorted(at.items())))


def square_numbers(board: Board, start: Any, end: Any) -> tuple[int | None, int | None]:
    """``start=`` and ``end=`` as the board's square numbers (None: not
    given); ValueError for a square off the board or on a hole."""
    return (None if start is None else int(board.index[board.square(start, "start")]),
            None if end is None else int(board.index[board.square(end, "end")]))


def check_open_end(closed: Any, last: int | None) -> bool:
    """``closed`` as a bool; ValueError when it comes with an end square: with
    clues, ``end=`` is a clue for the last step of an open tour."""
    if check_bool(closed, "closed") and last is not None:
        raise ValueError("end and closed=True clash: with clues, end= is a clue for the last "
                         "step of an open tour")
    return bool(closed)


def with_ends(clues: Clues | None, board: Board, start: int | None, end: int | None,
              ) -> Clues:
    """The clues with ``start`` (step 0) and ``end`` (the last step) added,
    as square numbers; ValueError when they disagree with a clue."""
    at = {} if clues is None else dict(clues.at)
    n = board.size
    for name, p, k in (("start", start, 0), ("end", end, n - 1)):
        if p is None:
            continue
        sq = tuple(int(v) for v in board.squares[p])
        if k in at and at[k] != p:
            other = tuple(int(v) for v in board.squares[at[k]])
            raise ValueError(f"{name} {sq} disagrees with the clues, which put step {k} on "
                             f"{other}")
        clued = {q: s for s, q in at.items()}.get(p)
        if clued is not None and clued != k:
            raise ValueError(f"{name} {sq} disagrees with the clues, which put step {clued} "
                             "there")
        at[k] = p
    return Clues(board, dict(sorted(at.items())))


class ClueJob(NamedTuple):
    """One search: paths from ``prefix`` meeting ``clues`` (position -> square,
    -1: free), ending in ``ends`` (None: anywhere).  Path position p is tour
    step ``n - 1 - p`` when ``reverse``, else ``(p + shift) % n``."""

    prefix: tuple[int, ...]
    ends: tuple[int, ...] | None
    clues: np.ndarray
    shift: int
    reverse: bool


def _neighbours(board: Board, v: int) -> tuple[int, ...]:
    return tuple(int(u) for u in board.neighbours()[v][: int(board.degrees()[v])])


def plan(clues: Clues, closed: bool) -> list[ClueJob]:
    """The searches whose paths, mapped back to steps, are exactly the tours
    meeting ``clues`` (see the module's notes), each once."""
    board, at = clues.board, clues.at
    n = board.size
    if closed:
        if n < 3:
            return []
        first = min(at)
        table = np.full(n, -1, dtype=np.int32)
        for k, p in at.items():
            table[(k - first) % n] = p
        c = at[first]
        return [ClueJob((c,), _neighbours(board, c), table, first, False)]
    table = np.full(n, -1, dtype=np.int32)
    if 0 in at:
        for k, p in at.items():
            table[k] = p
        return [ClueJob((at[0],), None, table, 0, False)]
    low, high = min(at), max(at)
    if (n - 1) in at:
        for k, p in at.items():
            table[n - 1 - k] = p
        return [ClueJob((at[n - 1],), None, table, 0, True)]
    # One search per first square within reach of the first clue, or per
    # last square within reach of the last (the path read backwards):
    # whichever leaves fewer.
    dist = np.empty((2, n), dtype=np.int32)
    bip = np.empty(2, dtype=np.uint8)
    _board_graph.distances(board.neighbours(), board.degrees(),
                           np.array([at[low], at[high]], dtype=np.int32), dist, bip)
    clued = set(at.values())
    ends = []
    for row, k0 in ((0, low), (1, n - 1 - high)):
        d = dist[row]
        ok = (d >= 0) & (d <= k0)
        if bip[row]:
            ok &= (k0 - d) % 2 == 0
        ends.append([v for v in np.flatnonzero(ok).tolist() if v not in clued])
    reverse = len(ends[1]) < len(ends[0])
    for k, p in at.items():
        table[n - 1 - k if reverse else k] = p
    return [ClueJob((v,), None, table, 0, reverse) for v in ends[1 if reverse else 0]]


def ends_flags(board: Board, job: ClueJob) -> np.ndarray:
    flags = np.zeros(0 if job.ends is None else board.size, dtype=np.uint8)
    if job.ends is not None:
        flags[list(job.ends)] = 1
    return flags


def search(board: Board, job: ClueJob, ordered: bool = False,
           nbr: np.ndarray | None = None, deg: np.ndarray | None = None,
           ) -> _table_count.GraphPathSearch:
    """The core search of one job (``nbr``/``deg``: another move order's table)."""
    return _table_count.GraphPathSearch(
        board.neighbours() if nbr is None else nbr, board.degrees() if deg is None else deg,
        np.asarray(job.prefix, dtype=np.int32), np.zeros(0, dtype=np.int32),
        ends_flags(board, job), -1, job.clues, ordered)


def steps_of(job: ClueJob, path: np.ndarray) -> np.ndarray:
    """The tour step of each square (by number) for one path of ``job``."""
    n = len(path)
    steps = np.empty(n, dtype=np.int32)
    pos = np.arange(n, dtype=np.int32)
    steps[path] = (n - 1 - pos) if job.reverse else (pos + job.shift) % n
    return steps


def tour_of(board: Board, job: ClueJob, path: np.ndarray, closed: bool, method: str,
            nodes: int = 0, seconds: float = 0.0) -> Tour:
    steps = steps_of(job, path)
    first = int(np.flatnonzero(steps == 0)[0])
    start = (int(board.squares[first][0]), int(board.squares[first][1]))
    return Tour(board.spread(steps), closed=closed, method=method, nodes=nodes,
                seconds=seconds, layout=board, _start=start, _checked=True)


def count(clues: Clues, closed: bool, deadline: float, cancel: np.ndarray | None,
          limit: int | None, info: dict[str, Any]) -> int:
    """The number of tours meeting ``clues`` (at most ``limit``)."""
    why = existence.clue_reason(clues.board, clues.at, closed)
    if why is not None:
        info["method"], info["detail"] = "theory", f"no tour meets the clues: {why}"
        return 0
    jobs = plan(clues, closed)
    info["method"] = "search"
    info["detail"] = f"clue search, {len(jobs)} job{'s' if len(jobs) != 1 else ''}"
    began = time.perf_counter()
    total = nodes = 0
    for job in jobs:
        left = core_limit(None if limit is None else limit - total)
        status, found, spent = search(clues.board, job).count(deadline, 0, cancel, left)
        nodes += spent
        total += found
        raise_if_stopped(status, _table_count.TIME_LIMIT, _table_count.CANCELLED, "count",
                         began, nodes)
        if limit is not None and total >= limit:
            total = limit
            break
    info["nodes"] = nodes
    return total


def tours(clues: Clues, closed: bool, limit: int | None, deadline: float,
          cancel: np.ndarray | None, began: float) -> Iterator[Tour]:
    """Every tour meeting ``clues``, lazily, in a fixed order."""
    board = clues.board
    if limit == 0 or existence.clue_reason(board, clues.at, closed) is not None:
        return
    n = board.size
    yielded = 0
    codes = (_table_count.DONE, _table_count.TIME_LIMIT, _table_count.CANCELLED)

    def left() -> int | None:
        return None if limit is None else limit - yielded

    for job in plan(clues, closed):
        for row in collected(search(board, job), n, left, deadline, cancel, began, "tours",
                             codes):
            yield tour_of(board, job, row, closed, "enumerate")
            yielded += 1
            if limit is not None and yielded >= limit:
                return


def solve(clues: Clues, closed: bool, ordered: bool,
          attempts: Iterable[tuple[tuple[tuple[int, int], ...], int | None]],
          max_nodes: int | None, seconds: float | None, deadline: float,
          cancel: np.ndarray | None, began: float) -> Tour:
    """The first tour meeting ``clues``, by the clue search (Warnsdorff's
    candidate order when ``ordered``); NoTourError with the reason when none
    can, SearchLimitError at a limit.

    ``attempts`` are ``(move order, node budget or None)`` pairs, tried in
    turn: each runs every search not yet settled (a search that ends
    without a tour proves its share empty and is dropped), up to its budget
    each, so a search stuck in a barren subtree is restarted with another
    order (:func:`knight.solve`'s auto passes its Luby-budgeted restarts);
    an attempt without a budget runs to the end.
    """
    board = clues.board
    kind = "closed" if closed else "open"
    why = existence.clue_reason(board, clues.at, closed)
    if why is not None:
        raise NoTourError(f"no {kind} tour of the {board.describe()} meets the clues: {why}")
    method = "warnsdorff-backtrack" if ordered else "backtrack"
    nodes = 0
    out = np.empty((1, board.size), dtype=np.int32)
    live = plan(clues, closed)

    def limit_error(status: int) -> SearchLimitError:
        if status == _table_count.CANCELLED:
            return cancelled(f"the clue search of the {board.describe()}", began, nodes)
        spent = time.perf_counter() - began
        what = (f"timeout={seconds}s" if status == _table_count.TIME_LIMIT
                else f"max_nodes={max_nodes}")
        return SearchLimitError(
            f"the clue search stopped at {what} after {nodes:,} nodes and {spent:.3f} s "
            f"without finding {'a closed' if closed else 'an open'} tour of the "
            f"{board.describe()} that meets the clues", nodes, spent)

    for order, budget in attempts:
        if not live:
            break
        nbr, deg = board.neighbours(order), board.degrees(order)
        unsettled = []
        for job in live:
            cap = budget
            if max_nodes is not None:
                left = max_nodes - nodes
                if left < 1:
                    raise limit_error(_table_count.NODE_LIMIT)
                cap = left if cap is None else min(cap, left)
            s = search(board, job, ordered, nbr, deg)
            status, got = s.collect(out, deadline, cancel, cap or 0)
            nodes += s.nodes
            if got:
                return tour_of(board, job, out[0], closed, method, nodes,
                               time.perf_counter() - began)
            if status in (_table_count.TIME_LIMIT, _table_count.CANCELLED):
                raise limit_error(status)
            if status == _table_count.NODE_LIMIT:
                unsettled.append(job)
        live = unsettled
        if live and max_nodes is not None and nodes >= max_nodes:
            raise limit_error(_table_count.NODE_LIMIT)
    if live:  # the attempts ran out (only a finite list can)
        raise limit_error(_table_count.NODE_LIMIT)
    raise NoTourError(
        f"no {kind} tour of the {board.describe()} meets the clues: an exhaustive search "
        f"visited {nodes:,} nodes", nodes)


__all__ = ["ClueJob", "Clues", "check_clues", "count", "plan", "solve", "tours",
           "with_ends"]

"""Solving and counting a puzzle: :func:`solve` finds a solution and
:func:`count` counts them up to a limit (``count(p) == 1``: the solution is
unique), by the searches of :mod:`.clue_search`.

Both go through the planner as :func:`knight.solve` and :func:`knight.count`
with ``clues=`` do (those entry points check the clues into a
:class:`knight.planner.Job` that the ``clue-search`` engine runs; a puzzle
without clues runs the engine the planner picks for the bare board).
"""

from __future__ import annotations

from typing import Any

from ..geometry import as_int
from ..tour import Tour
from .clue_search import count_clues, solve_clues
from .value import Puzzle


def _check_puzzle(puzzle: Any) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a knight.puzzle.Puzzle, not {type(puzzle).__name__}")
    return puzzle


def solve(puzzle: Puzzle, *, timeout: float | None = None,
          max_nodes: int | None = None) -> Tour:
    """A solution of the puzzle: a :class:`knight.Tour` of its board that
    keeps every clue (closed when the puzzle is).

    Runs :func:`knight.solve` with ``clues=`` (the Cython search, which
    places each clue's square at its step).  Raises
    :class:`knight.NoTourError` saying why when there is no solution, and
    :class:`knight.SearchLimitError` when ``timeout`` (seconds) or
    ``max_nodes`` stops the search first.  Whether the solution is the only
    one is :func:`count`'s question.

    >>> import knight
    >>> p = Puzzle(knight.Board(5), {(0, 0): 0, (2, 2): 24, (1, 2): 7})
    >>> t = knight.puzzle.solve(p)
    >>> int(t.board[0, 0]), int(t.board[1, 2]), int(t.board[2, 2])
    (0, 7, 24)
    >>> knight.puzzle.solve(Puzzle(knight.Board(3, 4), {(0, 0): 0, (0, 1): 1}))
    Traceback (most recent call last):
    knight.errors.NoTourError: ...
    """
    p = _check_puzzle(puzzle)
    return solve_clues(p.board, p.clues, p.closed, timeout, max_nodes)


def count(puzzle: Puzzle, limit: int = 2, *, timeout: float | None = None) -> int:
    """How many solutions the puzzle has, counting up to ``limit``:
    ``min(solutions, limit)``.

    With the default ``limit=2``: 0 (none), 1 (unique: a proper puzzle) or
    2 (two or more).  Runs :func:`knight.count` with ``clues=`` and
    ``limit=``, so it stops at the ``limit``-th solution.  ``timeout``
    (seconds) raises :class:`knight.SearchLimitError` if reached first.

    >>> import knight
    >>> knight.puzzle.count(Puzzle(knight.Board(5), {(0, 0): 0}))
    2
    >>> knight.puzzle.count(Puzzle(knight.Board(5), {(0, 0): 0}), limit=1000)
    304
    """
    p = _check_puzzle(puzzle)
    n = as_int(limit, "limit")
    if n < 1:
        raise ValueError(f"limit must be at least 1, got {n}")
    return count_clues(p.board, p.clues, p.closed, n, timeout)

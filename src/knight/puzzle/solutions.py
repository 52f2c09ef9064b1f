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

from .. import existence
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


def reason(puzzle: Puzzle, *, base: int = 0, algebraic: bool = False) -> str | None:
    """Why no solution exists, by theory alone (clues farther apart than
    their steps allow, colours, the board: :func:`knight.existence.clue_reason`),
    or None when no theorem rules one out (then :func:`count` decides).

    Steps count from ``base``: 0 by default, as :attr:`Puzzle.clues` and
    :func:`solve`'s :class:`knight.NoTourError` number them; 1 as the
    puzzle's text and sheets do (``knight puzzle solve`` and ``check`` answer
    so).  ``algebraic=True`` names squares in chess notation ("c3"), else
    as ``(row, col)`` pairs.

    >>> import knight
    >>> p = Puzzle(knight.Board(5), {(0, 0): 0, (4, 4): 2})  # "1" on a5, "3" on e1
    >>> print(knight.puzzle.reason(p))
    clues put step 0 on (0, 0) and step 2 on (4, 4), 4 moves apart: more than the 2 steps ...
    >>> print(knight.puzzle.reason(p, base=1, algebraic=True))
    clues put step 1 on a5 and step 3 on e1, 4 moves apart: more than the 2 steps between them
    """
    p = _check_puzzle(puzzle)
    board = p.board
    at = {step: int(board.index[sq]) for sq, step in p.clues.items()}
    return existence.clue_reason(board, at, p.closed, base=as_int(base, "base"),
                                 algebraic=algebraic)


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

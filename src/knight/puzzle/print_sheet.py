"""The printable sheet of a puzzle: :meth:`knight.puzzle.Puzzle.to_svg`,
:meth:`~knight.puzzle.Puzzle.to_png` and :meth:`~knight.puzzle.Puzzle.to_pdf`
through :func:`knight.render.puzzle_svg`, :func:`~knight.render.puzzle_png`
and :func:`~knight.render.puzzle_pdf`, and the page to solve it on,
:meth:`~knight.puzzle.Puzzle.to_html` through :func:`knight.render.puzzle_html`,
which are imported on first use.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..tour import Tour
from .clue_search import solve_clues

if TYPE_CHECKING:
    from .value import Puzzle


def sheet_solution(puzzle: Puzzle, solution: Any, path: Any) -> Tour | None:
    """The tour a sheet draws: None for the puzzle, else its solution
    (:attr:`~knight.puzzle.Puzzle.solution`, or solved now)."""
    if not isinstance(solution, (bool, np.bool_)):
        raise ValueError(f"solution must be True or False, got {solution!r}")
    if path and not solution:
        raise ValueError("path=True draws the solution's path: pass solution=True too")
    if not solution:
        return None
    return puzzle.solution if puzzle.solution is not None else solve_clues(
        puzzle.board, puzzle.clues, puzzle.closed, None, None)


def svg(puzzle: Puzzle, *, solution: bool, path: bool, size: int, title: str | None) -> str:
    """The sheet as an SVG document (see :meth:`knight.puzzle.Puzzle.to_svg`)."""
    from ..render import puzzle_svg

    return puzzle_svg(puzzle.board, puzzle.clues, solution=sheet_solution(puzzle, solution, path),
                      path=bool(path), size=size, title=title, closed=puzzle.closed)


def png(puzzle: Puzzle, target: str | os.PathLike[str], *, solution: bool, path: bool,
        size: int, title: str | None) -> None:
    """Save the sheet as a PNG file (see :meth:`knight.puzzle.Puzzle.to_png`)."""
    from ..render import puzzle_png

    puzzle_png(puzzle.board, puzzle.clues, target, solution=sheet_solution(puzzle, solution, path),
               path=bool(path), size=size, title=title, closed=puzzle.closed)


def html(puzzle: Puzzle, *, size: int, title: str | None) -> str:
    """The page to solve the puzzle on (see :meth:`knight.puzzle.Puzzle.to_html`)."""
    from ..render import check_size, puzzle_html

    # The options first: a bad one costs no search for the solution.
    check_size(size)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")
    return puzzle_html(puzzle.board, puzzle.clues, closed=puzzle.closed,
                       solution=sheet_solution(puzzle, True, False), size=size, title=title)


def pdf(puzzle: Puzzle, target: str | os.PathLike[str], *, solution: bool, path: bool,
        title: str | None, paper: str) -> None:
    """Save the sheet as a one-page vector PDF (see :meth:`knight.puzzle.Puzzle.to_pdf`)."""
    from ..render import check_paper, require_reportlab
    from ..render.pdf import check_pdf_path

    # The options first: a bad one costs no search for the solution.
    check_pdf_path(target)
    check_paper(paper)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")
    require_reportlab()
    from ..render import puzzle_pdf

    puzzle_pdf(puzzle.board, puzzle.clues, target, solution=sheet_solution(puzzle, solution, path),
               path=bool(path), title=title, closed=puzzle.closed, paper=paper)

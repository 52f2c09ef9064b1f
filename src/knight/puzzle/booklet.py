""":func:`booklet`: several puzzles in one vector PDF, their solutions at the back."""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..geometry import as_int
from ..limits import check_bool
from .print_sheet import sheet_solution
from .value import Puzzle

#: How many puzzle sheets a booklet's page may hold (``per_page``).
BOOKLET_PER_PAGE = (1, 2, 4, 6)


def _solutions_per_page(per_page: int) -> int:
    """The solutions are smaller than the puzzles: 6 a page, or 12 after pages of 6."""
    return 12 if per_page >= 6 else 6


def booklet(puzzles: Iterable[Puzzle], path: str | os.PathLike[str], *, per_page: int = 1,
            solutions: bool = True, title: str | None = None, paper: str = "a4") -> int:
    """Write several puzzles into one vector PDF, ``path`` (a ``.pdf``
    file); return its number of pages.

    Each puzzle is its sheet (:meth:`Puzzle.to_pdf`: a title, the rule,
    the grid), titled with its number and kind ("3. Hidato"), ``per_page``
    sheets a page (1, 2, 4 or 6, in a grid of sheets).  With ``solutions``
    (the default) the solutions follow on the last pages, smaller: 6 a page
    (12 when ``per_page`` is 6), each from :attr:`Puzzle.solution` or solved
    now.  ``title`` heads every page (pages are numbered at the foot);
    ``paper`` is ``"a4"`` or ``"letter"``.  Needs ReportLab, the ``pdf``
    extra (``pip install "knight-tour[pdf]"``; from a source checkout,
    ``pip install ".[pdf]"``).

    Every option is checked before any puzzle is drawn or solved.

    >>> import knight, os, tempfile
    >>> from knight.puzzle import booklet, make
    >>> puzzles = [make(6, seed=s) for s in range(5)]
    >>> target = os.path.join(tempfile.mkdtemp(), "book.pdf")
    >>> booklet(puzzles, target, per_page=4, title="Five knight's tours")
    3
    >>> booklet(puzzles, target, per_page=3)
    Traceback (most recent call last):
    ...
    ValueError: per_page must be one of 1, 2, 4, 6, got 3
    """
    from ..render import check_paper, require_reportlab
    from ..render.pdf import check_pdf_path

    if isinstance(puzzles, (str, bytes, Puzzle)) or not isinstance(puzzles, Iterable):
        raise TypeError(f"puzzles must be a list of knight.puzzle.Puzzle values, not "
                        f"{type(puzzles).__name__}")
    items = list(puzzles)
    if not items:
        raise ValueError("a booklet needs at least one puzzle, got none")
    for i, item in enumerate(items):
        if not isinstance(item, Puzzle):
            raise TypeError(f"puzzles[{i}] is a {type(item).__name__}, not a "
                            "knight.puzzle.Puzzle")
    if isinstance(per_page, bool) or per_page not in BOOKLET_PER_PAGE:
        raise ValueError(f"per_page must be one of {', '.join(map(str, BOOKLET_PER_PAGE))}, "
                         f"got {per_page!r}")
    solutions = check_bool(solutions, "solutions")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, not {type(title).__name__}")
    check_paper(paper)
    name = check_pdf_path(path)
    require_reportlab()
    from ..render import PdfSheet, sheets_pdf

    sheets = [PdfSheet(p.board, p.clues, title=f"{i}. {p.kind}", closed=p.closed)
              for i, p in enumerate(items, 1)]
    sections: list[tuple[list[PdfSheet], int]] = [(sheets, int(per_page))]
    if solutions:
        answers = [PdfSheet(p.board, p.clues, solution=sheet_solution(p, True, False),
                            title=f"{i}. {p.kind}: solution", closed=p.closed)
                   for i, p in enumerate(items, 1)]
        sections.append((answers, _solutions_per_page(int(per_page))))
    return sheets_pdf(name, sections, paper=paper, title=title)


def booklet_pages(count: int, per_page: int = 1, solutions: bool = True) -> int:
    """How many pages :func:`booklet` writes for ``count`` puzzles.

    >>> from knight.puzzle import booklet_pages
    >>> booklet_pages(10, per_page=4), booklet_pages(10, per_page=6, solutions=False)
    (5, 2)
    """
    count = as_int(count, "count")
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    if isinstance(per_page, bool) or per_page not in BOOKLET_PER_PAGE:
        raise ValueError(f"per_page must be one of {', '.join(map(str, BOOKLET_PER_PAGE))}, "
                         f"got {per_page!r}")
    pages = -(-count // per_page)
    if check_bool(solutions, "solutions"):
        pages += -(-count // _solutions_per_page(per_page))
    return pages


__all__ = ["BOOKLET_PER_PAGE", "booklet", "booklet_pages"]

"""Path puzzles with clues: knight's-tour puzzles, Hidato, Numbrix, Hopido.

A :class:`Puzzle` is a board (any :class:`knight.Board`: holes, any piece,
wrap-around) with some squares numbered: the *clues*.  Solving it means
numbering every usable square so that consecutive numbers are one move of
the piece apart and every clue keeps its number; a proper puzzle has exactly
one such numbering.  The families differ only in the board's moves:

=====================  =====================================================
knight's-tour puzzle   ``moves="knight"`` (the default)
Hidato (Hidoku)        ``moves="king"``: a step to any of the 8 neighbours
Numbrix                ``moves="wazir"``: a step along a row or a column
Hopido                 ``moves="hopido"``: hops of (2, 2) and (3, 0), no clues
=====================  =====================================================

Clues are step numbers counted from 0 in the API (``puzzle.clues[(0, 0)] ==
0``: the first square), as everywhere in this package, and from 1 in the
text format, as published puzzles print them.

* :meth:`Puzzle.from_text` / :meth:`Puzzle.to_text`: the grid as text;
  :meth:`Puzzle.to_dict` / :meth:`Puzzle.from_dict` and ``to_json`` /
  ``from_json``: JSON with the board, the clues and the solution.
* :func:`solve` finds a solution, :func:`count` counts them up to a limit
  (``count(p) == 1``: the solution is unique).  Both run the Cython search
  that :func:`knight.solve` and :func:`knight.count` run with ``clues=``.
* :func:`make` makes a puzzle with a unique solution and few clues from a
  seed.
* :meth:`Puzzle.to_svg` / :meth:`Puzzle.to_png` / :meth:`Puzzle.to_pdf` draw
  a printable sheet: a title naming the kind of puzzle, the rule in a line
  (:attr:`Puzzle.rule`), then the puzzle, or its solution (see
  :func:`knight.render.puzzle_svg`); :func:`booklet` writes many puzzles into
  one PDF, their solutions at the back (the PDF needs the ``pdf`` extra).

>>> import knight
>>> from knight.puzzle import Puzzle
>>> p = Puzzle.from_text('''
... moves: king
...  1  _  3
...  _  9  _
...  7  _  5
... ''')
>>> p.clues
{(0, 0): 0, (0, 2): 2, (2, 2): 4, (2, 0): 6, (1, 1): 8}
>>> knight.puzzle.count(p)
1
>>> print(knight.puzzle.solve(p).grid(base=1))
1 2 3
8 9 4
7 6 5

The package's modules, each importing only those listed after it:

* :mod:`.making` -- :func:`make`: a random tour, clues spaced along it,
  made unique, then thinned, every check bounded in search nodes;
* :mod:`.booklet` -- :func:`booklet`: several puzzles' sheets in one PDF;
* :mod:`.solutions` -- :func:`solve` and :func:`count`: a puzzle's solutions,
  and :func:`reason`: why theory rules every one out;
* :mod:`.value` -- the :class:`Puzzle` value: its board, clues and solution,
  checked, and its files (:meth:`Puzzle.save`);
* :mod:`.print_sheet`, :mod:`.text_format`, :mod:`.json_format` -- the printable
  sheet (through :mod:`knight.render`), the text format
  (:func:`parse_moves` too) and the JSON;
* :mod:`.clue_search` -- the searches of a board with clues: a solution, a count,
  and the node-bounded look for a second solution that :func:`make` runs.

This module is the façade: every public name is imported from here.
"""

from __future__ import annotations

# MAKE_GAP, MAKE_MAX_NODES and HEADER_KEYS are public (documented) but, as
# before, not in __all__: the ``X as X`` form re-exports them.
from .booklet import BOOKLET_PER_PAGE, booklet, booklet_pages
from .json_format import JSON_FORMAT, JSON_VERSION
from .making import MAKE_GAP as MAKE_GAP
from .making import MAKE_MAX_NODES as MAKE_MAX_NODES
from .making import MAKE_TOURS, make
from .solutions import count, reason, solve
from .text_format import HEADER_KEYS as HEADER_KEYS
from .text_format import parse_moves
from .value import Puzzle

__all__ = ["BOOKLET_PER_PAGE", "JSON_FORMAT", "JSON_VERSION", "MAKE_TOURS", "Puzzle", "booklet",
           "booklet_pages", "count", "make", "parse_moves", "reason", "solve"]

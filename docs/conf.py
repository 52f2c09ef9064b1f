"""Sphinx configuration of the knight-tour documentation.

Build (warnings are errors):

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest

The pictures and the command-line output are made by the installed package
while the site builds (``_ext/knight_docs.py``), into ``_generated/``, which
git ignores.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import knight  # noqa: E402  (the installed package, never src/ by path)

project = "knight-tour"
author = "knight-tour maintainers"
copyright = "knight-tour maintainers"
release = knight.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "knight_docs",
]

exclude_patterns = ["_build", "_generated", "_ext", "Thumbs.db", ".DS_Store"]
root_doc = "index"
nitpicky = False

# -- API reference ------------------------------------------------------------
# The docstrings are plain reStructuredText prose with ``>>>`` examples (no
# Parameters/Returns sections); napoleon reads numpydoc-style sections should
# any docstring gain them, and leaves the rest as it is.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autosummary_generate = False
napoleon_google_docstring = False
napoleon_numpy_docstring = True

# -- doctest ------------------------------------------------------------------
# The doctest builder runs every ``>>>`` block of every page, the docstrings
# that autodoc pulls in included (doctest_test_doctest_blocks), with the flags
# the test suite uses.  Docstrings name their module's functions unqualified,
# so every page's tests start with the public names imported.  The puzzle
# module's solve/count/make would shadow knight's, so its docstrings qualify
# them (knight.puzzle.solve).
doctest_test_doctest_blocks = "default"
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
doctest_global_setup = """
import knight
from knight import *
from knight.board import PIECES, as_board, leaper
from knight.clues import check_clues
from knight.construct import between_serves, construct_between
from knight.existence import (
    board_decided, board_reason, clue_reason, knuth_connected, torus_theorem)
from knight.puzzle import Puzzle, parse_moves
from knight.limits import Limits
from knight.planner import Job, check_method, choose, engines, methods, plan, prepare, run, serves
from knight.trace import LimitedPrinter, TraceEvent
"""

# -- HTML ---------------------------------------------------------------------
html_theme = "furo"
html_title = f"knight-tour {release}"
html_short_title = "knight-tour"
html_copy_source = False
html_theme_options = {"navigation_with_keys": True}

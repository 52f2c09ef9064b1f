"""The pure-Python references, for cross-checking and for measuring speed-ups.

Every algorithm of the package has a plain-Python twin that decides exactly
as its Cython core does (the twins live beside the cores, in
:mod:`knight._core.search_py`): the same move order, tie-breaks, random draws,
node and backtrack counts.  :func:`solve` is :func:`knight.solve` running on
them; :func:`count` is :func:`knight.count` by the plainest search.

>>> import knight
>>> from knight import reference
>>> reference.solve(6, start=(0, 0)) == knight.solve(6, start=(0, 0))
True
>>> reference.count(5, start=(0, 0))
304
"""

from __future__ import annotations

from typing import Any

from ._core.search_py import (
    PYTHON_ENGINE,
    PythonEngine,
    backtrack,
    splitmix64,
    warnsdorff,
)
from ._core.table_count_py import GraphPathSearch
from ._core.table_search_py import GraphPythonEngine
from ._core.table_search_py import backtrack as graph_backtrack
from ._core.table_search_py import warnsdorff as graph_warnsdorff
from ._core.verify_py import verify_board
from .counting.reference import reference_count as count
from .solver import solve_job
from .tour import Tour


def solve(*args: Any, **kwargs: Any) -> Tour:
    """:func:`knight.solve` on the pure-Python references (same arguments, a
    :class:`knight.Board` in place of ``rows`` included).

    >>> from knight import reference
    >>> reference.solve(5, start=(2, 2), method="warnsdorff").method
    'warnsdorff'
    """
    from . import planner

    tour: Tour = planner.run(solve_job(*args, twin=True, **kwargs))
    return tour


__all__ = [
    "GraphPathSearch",
    "GraphPythonEngine",
    "PYTHON_ENGINE",
    "PythonEngine",
    "backtrack",
    "count",
    "graph_backtrack",
    "graph_warnsdorff",
    "solve",
    "splitmix64",
    "verify_board",
    "warnsdorff",
]

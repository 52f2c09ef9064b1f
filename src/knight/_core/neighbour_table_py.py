"""The pure-Python twin of ``neighbour_table.pxd``: what the table twins share.

As ``table_search.pyx``, ``table_count.pyx`` and ``board_graph.pyx`` share
``neighbour_table.pxd`` (the check of a table, the cell encoding),
:mod:`.table_search_py`, :mod:`.table_count_py` and :mod:`.board_graph_py`
share this: the table as Python lists, the cell encoding (a free square
holds its number of free neighbours, a visited one ``VISITED`` more than
that) and the poll of the deadline and the cancel flag.
"""

from __future__ import annotations

import numpy as np

# The poll is the knight's twin's: one for every twin, as the cores share poll.pyx.
from .search_py import stopped as stopped

VISITED = 1024
FREE_BELOW = 512


def table_rows(nbr: np.ndarray, deg: np.ndarray) -> list[list[int]]:
    """The table as Python lists: row p holds p's ``deg[p]`` neighbours in order."""
    n = len(deg)
    if nbr.ndim != 2 or nbr.shape[0] < n:
        raise ValueError("the neighbour table does not fit the board")
    table = nbr.tolist()
    return [table[p][: int(d)] for p, d in enumerate(deg.tolist())]


def visit(c: list[int], row: list[int], p: int) -> None:
    """Mark p visited: VISITED more on p, one free neighbour fewer on each of its neighbours."""
    c[p] += VISITED
    for q in row:
        c[q] -= 1


def unvisit(c: list[int], row: list[int], p: int) -> None:
    """Undo :func:`visit`."""
    c[p] -= VISITED
    for q in row:
        c[q] += 1

"""Counting and listing paths over a neighbour table: ``GraphPathSearch``.

This module owns the one search behind :func:`knight.count` and
:func:`knight.tours` on any :class:`knight.Board` the frontier DP does not
take (:mod:`knight.counting.graph`), behind the puzzles' clue searches
(:mod:`knight.clues`, :mod:`knight.puzzle`) and behind the existence check
of a chosen end: every completion of a path prefix into a Hamiltonian path
of the table's graph, resumable (``count`` to the end, ``collect`` a batch
of tours at a time), with its status codes ``DONE`` .. ``CANCELLED``.

It walks the table of ``table_search.pyx`` (see there) with the same cell
encoding (``neighbour_table.pxd``); the clue distances come from
``board_graph.pxd``'s breadth-first search.

The search itself is the one of ``count_loops.pxi.in``, shared with
``count.pyx``: this is its ``table`` variant.
"""

from .board_graph cimport bfs_distances
from .neighbour_table cimport FREE_BELOW, POLL_MASK, VISITED, check_table

# The class GraphPathSearch and the statuses DONE .. CANCELLED.
include "count_loops.table.pxi"

"""Counting core: exhaustive depth-first search for Hamiltonian knight paths.

One ``PathSearch`` holds the whole state of one search (a subtree: every
completion of a fixed prefix), so the search can run to the end (``count``)
or stop after a batch of tours and resume later (``collect``), which is what
lets ``knight.tours`` be a lazy generator with no thread left running.

The board is padded with a two-cell border (as in ``search.pyx``) in one
flat int8 array ``cells``: a free square holds its number of free
neighbours, a visited square or border cell holds ``VISITED`` or more, so
"free" is ``cells[q] < FREE_BELOW`` and no knight move needs a bounds check.
No bit masks are used, so there is no limit of 64 (or any) squares.

Pruning, all exact (a pruned branch provably holds no tour).  Let ``f(u)``
be the number of free neighbours of a free square ``u`` (the current square
is not free).  The knight graph is bipartite, so two neighbours of the
current square are never neighbours of each other; that keeps every test
local to the neighbours of the square just left or just entered:

* a free square with ``f = 0`` can only be entered from the current square
  and never left: it must be the next square and the last one;
* a free square not next to the current square with ``f = 1`` can only be
  entered and never left: it must be the last square.  There can be only one
  such square (the *pending end*), and it must be an allowed end;
* hence, with a pending end, a neighbour of the current square with
  ``f = 1`` must be the next square (a forced move), and without one, of
  three such neighbours the branch is dead and of two the next square is one
  of them;
* when only some squares may end the path (closed tours, ``end=``), the
  branch dies once all of them are visited;
* every free square must be reachable from the current one through free
  squares.  The free squares were connected at the parent node, so only a
  move onto a cut square can split them; a cheap local test (do the new
  square's free neighbours share free neighbours?) clears most moves and a
  flood fill settles the rest.  Measured, the cut rarely pays on knight
  graphs, so by default it runs in the first quarter of the path only.

Every ``POLL_MASK + 1`` nodes the core takes the GIL to let Ctrl-C through
and to check the deadline (``time.time()``, so a deadline set in one process
means the same in a worker process on the same machine).

The search itself (its state, resumable loop, polls and API) is the one of
``count_loops.pxi.in``, shared with ``table_count.pyx``; the rules above are
this variant's part of it.
"""

from .move_order cimport DC, DR

cdef enum:
    # The cell encoding (a free square holds its number of free neighbours,
    # a visited one VISITED more): int8 cells, at most 8 neighbours.
    VISITED = 64
    FREE_BELOW = 32
    POLL_MASK = 16383

# The class PathSearch and the statuses DONE .. CANCELLED.
include "count_loops.rect.pxi"

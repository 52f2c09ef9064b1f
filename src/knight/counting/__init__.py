"""Count and list knight's tours exactly: ``knight.count`` and ``knight.tours``.

Conventions (the numbers below are what :func:`count` returns):

* **Open tours** are directed Hamiltonian paths: a tour and its reverse are
  two tours.  With ``start`` given, the tours that begin there; with
  ``start=None``, the sum over every start square, so every undirected open
  path is counted twice (once from each end).  ``end`` keeps only the tours
  that finish on that square.  ``count(5)`` is 1728 (OEIS A165134).
* **Closed tours** are by default undirected cycles: a cycle, its reverse and
  its rotations are one tour, so ``start`` does not change the number
  (``count(6, closed=True)`` is 9862, OEIS A001230).  With ``start`` and
  ``end`` given, the cycles that use the move ``end``-``start`` (the tours
  from ``start`` whose last square is ``end``).  ``directed=True`` counts
  directed closed tours from ``start`` instead: 2 per cycle (``end`` given:
  1 per cycle through that move), summed over all starts when ``start`` is
  None (``2 * squares`` per cycle).

The package's modules:

* :mod:`.api` -- :func:`count` and :func:`tours`, the public entry points;
* :mod:`.frontier_count` and the ``frontier_*`` modules it lists -- the frontier DP;
* :mod:`.checkpoint` -- the DP's checkpoints (``count(..., checkpoint=DIR)``):
  its sweeps run in segments, their tables written to a directory, and
  resumed from there after a kill; a magic count's finished ranges too;
* :mod:`.magic_count` -- ``count(..., magic=...)``: the magic enumeration in
  ranges, one per orbit of first moves, here, on workers or an executor,
  with checkpoints and up to symmetry;
* :mod:`.args` -- the one argument check they share (:func:`count`,
  :func:`tours` and :func:`estimate`), which makes the planner's Job;
* :mod:`.plan` -- the search engine's planning: one exact depth-first search
  (:mod:`knight._core.count`) split into independent subtrees, folded by the
  symmetries of the board;
* :mod:`.executor` -- where the jobs run: here, on a local process pool
  (``workers=N``) or on any ``concurrent.futures.Executor`` (``executor=``,
  for example ``dask.distributed.Client(...).get_executor()``);
* :mod:`.cost` -- :func:`estimate`, what a count will cost before it runs, and
  ``method="auto"``'s choice of engine by those figures;
* :mod:`.graph` -- the count and the listing on any other :class:`knight.Board`,
  by the table search;
* :mod:`.reference` -- the plainest count, for cross-checking;
* :mod:`.sample` -- :func:`random_tour` and :class:`TourSampler`, uniformly random
  tours drawn through the frontier DP's table of completions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import loader

if TYPE_CHECKING:
    from .api import METHODS, count, tours
    from .cost import Estimate, estimate
    from .reference import reference_count
    from .sample import TourSampler, random_tour

__all__ = [
    "METHODS", "Estimate", "TourSampler", "count", "estimate", "random_tour", "reference_count",
    "tours",
]

#: Where each name is defined: loaded on first use (PEP 562), so counting
#: does not load the sampler, nor the estimate or the reference count.
_LAZY: dict[str, str] = {
    "METHODS": ".api",
    "count": ".api",
    "tours": ".api",
    "Estimate": ".cost",
    "estimate": ".cost",
    "reference_count": ".reference",
    "TourSampler": ".sample",
    "random_tour": ".sample",
}

#: The modules reachable as attributes (``knight.counting.executor``), imported
#: on first access as ``import knight.counting.NAME`` would.
_SUBMODULES = frozenset({
    "api", "args", "checkpoint", "cost", "engines", "executor", "frontier_board",
    "frontier_count", "frontier_disk",
    "frontier_estimate", "frontier_halves", "frontier_jobs", "frontier_moduli", "frontier_pieces",
    "frontier_run",
    "frontier_shards", "frontier_symmetry",
    "frontier_sweep_py", "graph", "magic_count", "plan", "reference", "sample", "sample_args",
    "symmetry",
})


#: ``knight.counting.NAME`` on first use: import its module, keep the value.
_load = loader(__name__, globals(), _LAZY, _SUBMODULES)


if not TYPE_CHECKING:
    # Hidden from type checkers (a misspelt name stays an error): they see the imports.
    __getattr__ = _load


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

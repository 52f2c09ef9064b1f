"""The engines the planner runs (:mod:`knight.planner`), one module per family.

* :mod:`.solving` -- the engines of :func:`knight.solve`: the construction,
  the searches over the knight's rectangle and over any board's neighbour
  table, the tours between two chosen squares and the clue search.

An engine's runner takes a validated :class:`knight.planner.Job` and returns
the task's result; it asks no more questions of the arguments, and chooses
nothing the planner has not chosen.
"""

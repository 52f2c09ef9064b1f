"""The Cython cores and their pure-Python twins.

Each compiled module here does one hot loop over typed memoryviews with the
GIL released; the Python layers above validate the arguments, allocate every
array and turn status codes into results and exceptions:

* :mod:`.search` -- plain backtracking, Warnsdorff-ordered backtracking and
  greedy Warnsdorff;
* :mod:`.verify` -- checking a tour in one streaming pass;
* :mod:`.construct` -- walking the joined block tours of the construction;
* :mod:`.stored_blocks` -- the construction's stored block tours: loading,
  checking, cutting one into arcs;
* :mod:`.construct_between` -- the tour between two chosen squares: the
  chain of blocks, the rectangles around it, the write;
* :mod:`.between_paths` -- the chain's block paths, searched once and kept;
* :mod:`.thin` -- the column automaton of boards with a side of 3 or 4;
* :mod:`.count` -- the exact depth-first path counter;
* :mod:`.table_search` -- the searches of :mod:`.search`, and the search
  between two chosen squares, over any board's neighbour table;
* :mod:`.table_count` -- counting and listing paths over a neighbour table;
* :mod:`.board_graph` -- the neighbour table itself and the board as a
  graph: components, 2-colouring, cut squares, distances;
* :mod:`.poll` -- the one place the cores let Ctrl-C through and check a
  deadline.

Pure-Python twins, one rule: the twin of the core ``X.pyx`` (or of the
shared header ``X.pxd``) is the module ``X_py.py``, named after the core
with the suffix ``_py`` and placed beside it, here: :mod:`.search_py`,
:mod:`.verify_py`, :mod:`.table_search_py`, :mod:`.table_count_py`,
:mod:`.board_graph_py` (its ``distances``), :mod:`.neighbour_table_py` (what
the table twins share, as ``neighbour_table.pxd``) and
:mod:`.construct_between_py`.  A twin that needs a Python layer above the
cores sits beside the module that drives its core, under the same name:
:mod:`knight.construct_py` (``construct.pyx``; it cuts the sides as
:mod:`knight.construct` does), :mod:`knight.thin_py` (``thin.pyx``; it
walks the automaton :mod:`knight.thin` loads) and
:mod:`knight.counting.frontier_sweep_py` (``frontier_sweep.pyx``, whose
transitions ``sample.pyx`` also runs; it sweeps the board
:mod:`knight.counting.frontier_board` prepares).  A twin makes the core's
decisions step for step; the tests run the same assertions on both
through one interface (the ``impl`` fixture of ``tests/conftest.py``), and
neither ``import knight`` nor a first ``knight.solve`` loads a twin.

One pure-Python module here is neither core nor twin: :mod:`.table_engine`,
the engine over a neighbour table that :class:`knight.search.GraphEngine`
(the cores) and :class:`.table_search_py.GraphPythonEngine` (the twins)
both extend; it sits at this layer so that the twins can extend it too.

Nothing here is public API: ``import knight`` is.
"""

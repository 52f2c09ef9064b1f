"""The Cython cores and their pure-Python twins.

Each compiled module here does one hot loop over typed memoryviews with the
GIL released; the Python layers above validate the arguments, allocate every
array and turn status codes into results and exceptions:

* :mod:`.search` -- plain backtracking, Warnsdorff-ordered backtracking and
  greedy Warnsdorff (twins in :mod:`.twins`);
* :mod:`.verify` -- checking a tour in one streaming pass (twin in
  :mod:`.twins`);
* :mod:`.construct` -- walking the joined block tours of the construction;
* :mod:`.stored_blocks` -- the construction's stored block tours: loading,
  checking, cutting one into arcs;
* :mod:`.construct_between` -- the tour between two chosen squares: the
  chain of blocks, the rectangles around it, the write (twin in
  :mod:`.between_twin`);
* :mod:`.between_paths` -- the chain's block paths, searched once and kept;
* :mod:`.thin` -- the column automaton of boards with a side of 3 or 4;
* :mod:`.count` -- the exact depth-first path counter;
* :mod:`.table_search` -- the searches of :mod:`.search`, and the search
  between two chosen squares, over any board's neighbour table (twins in
  :mod:`.graph_twins`);
* :mod:`.table_count` -- counting and listing paths over a neighbour table
  (twin in :mod:`.graph_twins`);
* :mod:`.board_graph` -- the neighbour table itself and the board as a
  graph: components, 2-colouring, cut squares, distances;
* :mod:`.poll` -- the one place the cores let Ctrl-C through and check a
  deadline.

Nothing here is public API: ``import knight`` is.
"""

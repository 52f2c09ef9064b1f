# knight.capi: the C-level API of knight-tour, for Cython extensions.
#
#     from knight.capi cimport kt_warnsdorff, kt_stats, KT_FOUND, KT_TIE_FIRST
#
# Build against it with ``include_path=[knight.get_include()]`` in ``cythonize``
# (see ``knight.get_include``).  The functions below are the very ones the
# Python API runs (``knight.solve`` and ``knight.verify`` call the same cdef
# implementations), exported by the compiled module ``knight.capi``, which
# Cython imports when the cimporting module is imported.
#
# CONVENTIONS (every function of this API, present and future, follows them)
# --------------------------------------------------------------------------
# * Every function is ``noexcept nogil`` and returns an ``int`` status code
#   from the ``KT_*`` enum below.  It never raises, never crashes on bad
#   arguments (it returns KT_BAD_ARGUMENT before any work) and never needs
#   the GIL held by its caller (it takes the GIL for a moment at each poll).
# * Knight rectangles are ``int32_t[:, ::1]`` (C-contiguous) memoryviews
#   owned by the caller; their shape is the board's size (rows, cols), both
#   >= 1, at most KT_MAX_SQUARES squares.  A function writes its result
#   there: step numbers 0..rows*cols-1, -1 on squares a partial result never
#   reached.  It writes nothing else the caller owns except ``stats``.
# * Any other board (holes, another leaper, a cylinder or torus, any graph)
#   is a ``kt_board`` (below): a neighbour table the caller owns, and the
#   ``kt_board_*`` functions write one step per square into a caller-owned
#   ``int32_t*`` of ``squares`` entries (-1 where not reached).
# * Work memory is allocated inside with ``malloc`` and freed before the
#   function returns, whatever the status; KT_NO_MEMORY when malloc fails
#   (the board is then left as it was).  No function keeps state between
#   calls, so any number of threads may call them at once, each with its
#   own board.
# * Squares are ``(row, col)`` from 0, ``(0, 0)`` top-left, passed as two
#   ``Py_ssize_t``; a start off the board is KT_BAD_ARGUMENT.
# * ``order`` is NULL (``knight.DEFAULT_ORDER``) or 16 ``int32_t``: the eight
#   knight moves as (drow, dcol) pairs, each exactly once, in the order they
#   are tried; anything else is KT_BAD_ARGUMENT.
# * Limits: ``max_nodes`` <= 0 means none; ``deadline`` is a ``time.time()``
#   value (seconds since the epoch), 0.0 for none.
# * Cancellation: ``cancel`` is NULL or points to a ``uint8_t`` flag the
#   caller owns; any non-zero value stops the work with KT_CANCELLED.  The
#   function only reads it, at each poll, so another thread may set it at
#   any time (``knight.Cancel().flag`` is such a flag, as a numpy array).
# * Polls: every KT_POLL_INTERVAL nodes (steps, for the greedy walk) a core
#   takes the GIL for a moment to check the cancel flag, the deadline and
#   pending signals.  A Python signal handler that raises (Ctrl-C's
#   KeyboardInterrupt) stops the work with KT_INTERRUPTED and leaves that
#   exception set as the calling thread's current Python exception: re-raise
#   it (``kt_reraise()`` with the GIL held, from a function declared
#   ``except -1``) or clear it.  Signals reach only the main thread.
# * Counters: ``stats`` is NULL or a ``kt_stats`` the function fills
#   (whatever the status, also on early exits; zeros for KT_BAD_ARGUMENT).
# * Stability: KT_API_VERSION is bumped when a signature changes; status
#   codes and constants keep their values; new ones are only appended.
#   ``kt_api_version()`` returns the version of the installed module.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

cdef enum:
    # The version of this API (KT_API_VERSION in the headers you compiled
    # against; kt_api_version() is the installed one).
    KT_API_VERSION = 2
    # Nodes (greedy steps) between two polls of the cancel flag, deadline and
    # signals.
    KT_POLL_INTERVAL = 16384
    # The largest board in squares (step numbers are int32).
    KT_MAX_SQUARES = 2146435071
    # The most neighbours a square of a kt_board may have (its largest width).
    KT_MAX_DEGREE = 64

cdef enum kt_status:
    KT_OK = 0                 # success: a tour was written, or a board verified
    KT_FOUND = 0              # the same code, as the searches name it
    KT_EXHAUSTED = 1          # an exhaustive search finished: no tour from this start
    KT_NODE_LIMIT = 2         # max_nodes reached (no tour written; board all -1)
    KT_TIME_LIMIT = 3         # the deadline passed (board all -1, greedy: partial walk)
    KT_DEAD_END = 4           # the greedy walk got stuck (board: the partial walk)
    KT_NOT_CLOSED = 5         # a closed tour was asked and the walk/board does not close
    KT_CANCELLED = 6          # the cancel flag was set
    KT_INTERRUPTED = 7        # a signal handler raised; its exception is pending
    KT_BAD_ARGUMENT = 8       # an argument is invalid; nothing was done
    KT_NO_MEMORY = 9          # malloc failed; nothing was done
    KT_OUT_OF_RANGE = 10      # verify: a step number outside 0..squares-1
    KT_REPEATED = 11          # verify: step 0 missing, so some step repeats
    KT_NOT_A_KNIGHT_MOVE = 12  # verify: consecutive steps not one move apart
    KT_NO_TOUR = 13           # construction: theory says no tour exists
    KT_BAD_DATA = 14          # construction: the stored blocks / thin automata could not be had

cdef enum kt_tie_break:
    # Tie-break rules of the greedy Warnsdorff walk (knight.TIE_BREAKS).
    KT_TIE_FIRST = 0          # the first in move order
    KT_TIE_RANDOM = 1         # a splitmix64 draw from the seed
    KT_TIE_ROTH = 2           # the farthest from the centre
    KT_TIE_POHL = 3           # the fewest onward squares one level deeper

cdef struct kt_stats:
    int64_t nodes             # knight placements (the start included); greedy: squares reached
    int64_t backtracks        # retreats (0 for the greedy walk)
    int64_t squares           # squares the result covers (rows*cols for a tour)

# The version of the installed knight.capi (compare with KT_API_VERSION).
cdef int kt_api_version() noexcept nogil

# Re-raise the exception a KT_INTERRUPTED status left pending; returns -1.
# Call it with the GIL held, from code declared ``except -1`` (or use the
# result as an error return value).
cdef int kt_reraise() except -1

# Greedy Warnsdorff walk, no backtracking, O(rows*cols).  At each step the
# knight goes to the free square with the fewest free onward squares, ties
# broken by ``tie_break`` (a KT_TIE_* value; ``seed`` is used by KT_TIE_RANDOM
# only).  Returns KT_FOUND (a tour; for ``closed`` it also closes),
# KT_NOT_CLOSED (covered the board, does not close), KT_DEAD_END,
# KT_TIME_LIMIT, KT_CANCELLED or KT_INTERRUPTED (the board holds the partial
# walk for all of these), KT_BAD_ARGUMENT or KT_NO_MEMORY.
cdef int kt_warnsdorff(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                       const int32_t* order, int tie_break, uint64_t seed, bint closed,
                       double deadline, const uint8_t* cancel,
                       kt_stats* stats) noexcept nogil

# Depth-first search with each square's moves tried in Warnsdorff order
# (fewest onward squares first, ties in ``order``).  Returns KT_FOUND (board:
# the tour), KT_EXHAUSTED, KT_NODE_LIMIT, KT_TIME_LIMIT, KT_CANCELLED,
# KT_INTERRUPTED (board all -1 for these), KT_BAD_ARGUMENT or KT_NO_MEMORY.
cdef int kt_warnsdorff_backtrack(int32_t[:, ::1] board, Py_ssize_t start_row,
                                 Py_ssize_t start_col, const int32_t* order, bint closed,
                                 int64_t max_nodes, double deadline, const uint8_t* cancel,
                                 kt_stats* stats) noexcept nogil

# The textbook depth-first search, moves tried in ``order``.  Exponential:
# bound it.  Statuses as kt_warnsdorff_backtrack.
cdef int kt_backtrack(int32_t[:, ::1] board, Py_ssize_t start_row, Py_ssize_t start_col,
                      const int32_t* order, bint closed, int64_t max_nodes, double deadline,
                      const uint8_t* cancel, kt_stats* stats) noexcept nogil

# Is ``board`` a knight's tour (closed, if ``closed``)?  One pass, no work
# memory, no polls.  Returns KT_OK, KT_OUT_OF_RANGE, KT_REPEATED,
# KT_NOT_A_KNIGHT_MOVE, KT_NOT_CLOSED or KT_BAD_ARGUMENT (an empty board).
# ``where`` is NULL or two Py_ssize_t: the (row, col) of the square found
# failing, or on KT_OK of the start (step 0).
cdef int kt_verify(const int32_t[:, ::1] board, bint closed, Py_ssize_t* where) noexcept nogil

# The linear-time construction (knight.construct; the very function
# ``knight.solve(..., method="construct")`` runs): a closed or open tour of
# any board that has one, from any square that starts one, written into
# ``board`` (its shape is the board).  Both sides >= 5: the stored block tours
# joined by corner-edge swaps (Parberry 1997; Lin & Wei 2005); a side of 3 or
# 4: the exact column automaton of knight.thin.  O(rows*cols) time; work
# memory beyond the board: about 0.2 MB of block tables and 16 bytes per
# block of about 100 squares (a side of 3 or 4: 4 bytes per column, and for
# 2,048 columns or more the automaton's table of seen states).  Returns KT_OK;
# KT_NO_TOUR when no such tour exists (a closed tour of an odd x odd board or
# of any 4 x n board, a start of the wrong colour, a side of 1 or 2 but the
# 1 x 1 open tour, a start the thin-board automaton rules out; the board is
# left untouched); KT_BAD_ARGUMENT, KT_NO_MEMORY, KT_CANCELLED or
# KT_INTERRUPTED (the board may then hold a partial tour); KT_BAD_DATA if
# the package's data could not be had.  ``stats.squares`` is rows*cols on
# KT_OK, else 0; nodes and backtracks are 0 (the construction searches
# nothing).  Data: the block tours are read and checked when knight.capi is
# imported (the cimport does that, with the GIL, before any call); a thin
# board's automaton is built the first time one of its height is
# constructed in the process, which takes the GIL once, for about 10 ms.
cdef int kt_construct_closed(int32_t[:, ::1] board, Py_ssize_t start_row,
                             Py_ssize_t start_col, const uint8_t* cancel,
                             kt_stats* stats) noexcept nogil
cdef int kt_construct_open(int32_t[:, ::1] board, Py_ssize_t start_row,
                           Py_ssize_t start_col, const uint8_t* cancel,
                           kt_stats* stats) noexcept nogil


# ---------------------------------------------------------------------------
# Any board: a neighbour table (API version 2)
# ---------------------------------------------------------------------------
#
# A board with holes, another leaper (a zebra, a camel, any move set), a
# cylinder or a torus, or any graph at all, described by its neighbour
# table.  The caller owns the arrays; the functions only read them.
# ``knight.capi.board_tables(knight.Board(...))`` builds them from Python.
#
# The table must be symmetric (p lists q whenever q lists p: an undirected
# graph, as every knight.Board's table is).  The searches check the part
# of that their cell counts rely on -- each square appears, among the valid
# entries of all rows, exactly ``degree`` times -- and return KT_BAD_ARGUMENT
# otherwise; a table that passes but is not symmetric is walked as a
# directed graph (a move p -> q for each q in p's row), with the Warnsdorff
# counts of in-neighbours.
cdef struct kt_board:
    # Usable squares, numbered 0..squares-1 (knight.Board numbers them
    # row-major, skipping holes); 1..KT_MAX_SQUARES.
    Py_ssize_t squares
    # Entries per neighbour row, 1..KT_MAX_DEGREE (knight.Board: its moves).
    Py_ssize_t width
    # squares*width entries: row p (entries p*width .. p*width+width-1)
    # lists p's neighbours in move order, the order the searches try them.
    # The first degree[p] are valid: each in 0..squares-1 and not p itself;
    # the rest are padding, never read (knight.Board pads with ``squares``).
    const int32_t* neighbours
    # squares entries: the valid neighbours of each square, <= width.
    const uint8_t* degree
    # squares entries, or NULL: Roth's key of each square for KT_TIE_ROTH
    # (larger = farther from the centre; knight.Board's squares use
    # (2r-(rows-1))**2 + (2c-(cols-1))**2).  NULL makes KT_TIE_ROTH
    # KT_BAD_ARGUMENT; the other functions never read it.
    const int64_t* roth

# Every kt_board_* function first checks the board in one O(squares*width)
# pass, before any work: ``board``, ``neighbours``, ``degree`` and ``steps``
# not NULL, ``squares`` and ``width`` in range, every degree <= width, every
# valid neighbour in 0..squares-1 and not the square itself, ``start`` in
# 0..squares-1; KT_BAD_ARGUMENT (nothing written but zeroed ``stats``)
# otherwise.  The searches then allocate their work memory (two int32 per
# square, and one byte per square -- width+2 for the ordered search) and
# check the table's balance there.  With the same table (a knight.Board's,
# in its move order) they make exactly the decisions of ``knight.solve(board,
# method=...)``: the same steps, nodes and backtracks.

# Greedy Warnsdorff walk over the table, O(squares*width); ``tie_break``,
# ``seed`` and the statuses as kt_warnsdorff (KT_TIE_ROTH needs ``roth``).
# ``steps`` holds the walk (-1 beyond it) whatever the status but
# KT_BAD_ARGUMENT and KT_NO_MEMORY.
cdef int kt_board_warnsdorff(const kt_board* board, int32_t* steps, Py_ssize_t start,
                             int tie_break, uint64_t seed, bint closed, double deadline,
                             const uint8_t* cancel, kt_stats* stats) noexcept nogil

# Depth-first search for a tour from ``start``: with ``ordered``, each
# square's moves tried in Warnsdorff order (fewest onward squares first,
# ties in table order; kt_warnsdorff_backtrack), else in table order
# (kt_backtrack).  Statuses as those: KT_FOUND (``steps``: the tour),
# KT_EXHAUSTED, KT_NODE_LIMIT, KT_TIME_LIMIT, KT_CANCELLED, KT_INTERRUPTED
# (``steps`` all -1 for these), KT_BAD_ARGUMENT or KT_NO_MEMORY (``steps``
# untouched).
cdef int kt_board_backtrack(const kt_board* board, int32_t* steps, Py_ssize_t start,
                            bint ordered, bint closed, int64_t max_nodes, double deadline,
                            const uint8_t* cancel, kt_stats* stats) noexcept nogil

# Are ``steps`` (one per square) a tour of the board (closed, if
# ``closed``)?  One pass, no work memory, no polls: every step in
# 0..squares-1, step 0 present, every step but the last followed by a
# neighbour in its row holding the next (and for ``closed`` the last's row
# holding the start).  Returns KT_OK, KT_OUT_OF_RANGE, KT_REPEATED,
# KT_NOT_A_KNIGHT_MOVE (consecutive steps not one move of the table apart),
# KT_NOT_CLOSED or KT_BAD_ARGUMENT.  ``where`` is NULL or one Py_ssize_t:
# the failing square, the start (step 0) on KT_OK, -1 for KT_REPEATED and
# KT_BAD_ARGUMENT.
cdef int kt_board_verify(const kt_board* board, const int32_t* steps, bint closed,
                         Py_ssize_t* where) noexcept nogil

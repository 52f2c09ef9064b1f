# The one status every core returns: the values of knight.capi's KT_* codes
# (the C-level API), and of knight.status.Status in Python, which
# tests/core/test_status.py checks against this file and capi.pxd.  (The
# cores cannot cimport knight.capi: it imports them.)  A new status goes
# here, in knight/status.py, and, if C callers can meet it, in capi.pxd.
cdef enum:
    C_OK = 0              # success; a count or a listing ran to its end
    C_FOUND = 0           # the same code, as the searches name it
    C_DONE = 0            # the same code, as the counting searches name it
    C_EXHAUSTED = 1       # an exhaustive search finished: no tour from this start
    C_NODE_LIMIT = 2      # max_nodes reached
    C_TIME_LIMIT = 3      # the deadline passed
    C_DEAD_END = 4        # the greedy walk got stuck
    C_NOT_CLOSED = 5      # a closed tour was asked and the walk does not close
    C_CANCELLED = 6       # the cancel flag was set
    C_INTERRUPTED = 7     # a signal handler raised; its exception is pending
    C_BAD_ARGUMENT = 8    # an argument is invalid; nothing was done
    C_NO_MEMORY = 9       # memory could not be had; nothing was done
    C_OUT_OF_RANGE = 10   # verify: a step number outside 0..squares-1
    C_REPEATED = 11       # verify: step 0 missing, so some step repeats
    C_NOT_A_KNIGHT_MOVE = 12  # verify: consecutive steps not one move apart
    C_NO_TOUR = 13        # construction: theory says no tour exists
    # The stored blocks or a thin-board automaton could not be had; see
    # knight._core.stored_blocks.blocks_error().
    C_BAD_DATA = 14
    C_MORE = 15           # a listing filled its rows, or a count reached its limit: go on
    C_BUFFER_SMALL = 16   # the frontier DP's dump buffer was too small for its states
    C_TOO_MANY_LABELS = 17  # a frontier DP state needs more fragment labels than 4 bits hold

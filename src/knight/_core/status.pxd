# Status codes of the construction cores (construct.pyx, construct_between.pyx,
# thin.pyx): the same values as knight.capi's KT_* codes, which
# tests/solve/test_construct.py checks.
# (The cores cannot cimport knight.capi: it imports them.)
cdef enum:
    C_OK = 0
    C_CANCELLED = 6
    C_INTERRUPTED = 7
    C_BAD_ARGUMENT = 8
    C_NO_MEMORY = 9
    C_NO_TOUR = 13
    # The stored blocks or a thin-board automaton could not be had; see
    # knight._core.stored_blocks.blocks_error().
    C_BAD_DATA = 14

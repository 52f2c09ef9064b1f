# What the cores over a neighbour table share (table_search.pyx, table_count.pyx,
# board_graph.pyx): the table's widest row and the check of a table against a
# board, and the cell encoding of the searches over it.  Header only: every
# module compiles its own copy of these inline functions.
from libc.stdint cimport int32_t, uint8_t

cdef enum:
    # A square has at most this many neighbours (knight.board.MAX_MOVES).
    MAX_TABLE_WIDTH = 64
    # Cell encoding: a free square holds its number of free neighbours, a
    # visited one VISITED more than that.  A square has at most
    # MAX_TABLE_WIDTH neighbours, so a visited cell never falls below
    # FREE_BELOW, however many of them are visited too.
    VISITED = 1024
    FREE_BELOW = 512
    # The searches poll the deadline and the cancel flag every POLL_MASK + 1 nodes.
    POLL_MASK = 16383


cdef inline int check_table(const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                            Py_ssize_t n) except -1:
    """Raise ValueError unless ``nbr`` and ``deg`` cover ``n`` squares in rows
    of at most MAX_TABLE_WIDTH entries."""
    if nbr.shape[0] < n or deg.shape[0] < n or nbr.shape[1] > MAX_TABLE_WIDTH:
        raise ValueError("the neighbour table does not fit the board")
    return 0

# knight.DEFAULT_ORDER as C constants: the direction codes of the stored
# blocks (stored_blocks.pyx) index it, and the block-path search and the
# corner swaps of construct_between try moves in it, so every board those
# cores write depends on this order.  Static const arrays, so each module
# that cimports them has the values at compile time.
cdef extern from *:
    """
    static const int kt_move_dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    static const int kt_move_dc[8] = {1, 2, 2, 1, -1, -2, -2, -1};
    """
    const int DR "kt_move_dr"[8]
    const int DC "kt_move_dc"[8]

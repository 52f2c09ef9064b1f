# The stored block tours (stored_blocks.pyx) as construct.pyx reads them: the
# loaded set, and a block cut into arcs at its join edges.
from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t

cdef enum:
    ARCS = 4             # arcs per block configuration, at most
    MIN_SIDE = 5
    MAX_SIDE = 11        # block sides are 5..11
    NSIDES = MAX_SIDE - MIN_SIDE + 1
    MAX_SQ = MAX_SIDE * MAX_SIDE
    # Join-edge bits of a stored block (scripts/make_blocks.py).
    J_L = 1
    J_U = 2
    J_R = 4
    J_D = 8


cdef struct BlockSet:
    int n                   # number of stored blocks
    uint8_t* h
    uint8_t* w
    int8_t* sr              # a path's start, -1 for a closed tour
    int8_t* sc
    uint8_t* mask           # join edges the block's tour contains
    uint32_t* offset        # into codes and order
    uint8_t* codes          # two direction codes per square (low, high nibble)
    uint8_t* order          # squares r*w + c in tour order (closed: from (0, 0))
    # tile[h][w][k]: the closed h x w block for block column 0 (k = 0: has
    # U, R, D) or any other column (k = 1: has L, R); -1 if none.
    int tile[MAX_SIDE + 1][MAX_SIDE + 1][2]
    # The paths from (sr, sc) of an odd h x w block are blocks
    # path_first[..] .. path_first[..] + path_count[..] - 1.
    int path_first[MAX_SIDE + 1][MAX_SIDE + 1][MAX_SIDE][MAX_SIDE]
    int path_count[MAX_SIDE + 1][MAX_SIDE + 1][MAX_SIDE][MAX_SIDE]


cdef struct Config:
    int narcs
    int start_arc
    int32_t length[ARCS]
    # Left through join square exit_js[2*arc + side] (-1: a tour end) when
    # entered at its low end (side 0) or high end (1).
    int8_t exit_js[2 * ARCS]
    # entry[js]: 2*arc + side of the arc end at join square js, or -1.
    int8_t entry[8]
    uint8_t seq[MAX_SQ]       # the squares (r*w + c), arc after arc, each from its low end
    int h, w
    # The write's tables (construct.pyx's _tables), KT_LANES values per
    # block row: per combination of arc directions (bit a set: arc a runs
    # down) each square's signed distance from its arc's first step, then
    # for arcs 1.. narcs - 1 a mask (-1 on the arc's squares).
    int32_t* tab


cdef const BlockSet* stored_blocks() noexcept nogil
cdef int configure(const BlockSet* s, int b, int mask, int split, Config* cfg) noexcept nogil

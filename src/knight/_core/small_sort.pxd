# Sorting a handful of ints in place, for the cores that keep a few values
# in order as they find them (cuts of a stored block, cells leaving the
# frontier): an insertion, cheaper than any sort at these sizes.

cdef inline int insert_sorted(int* a, int n, int v) noexcept nogil:
    """Insert ``v`` into the ascending ``a[0:n]`` (which has room for one
    more), after any equal values; returns the new length, ``n + 1``."""
    cdef int i = n
    while i > 0 and a[i - 1] > v:
        a[i] = a[i - 1]
        i -= 1
    a[i] = v
    return n + 1

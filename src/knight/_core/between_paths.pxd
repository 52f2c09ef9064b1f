# construct_between's block paths (between_paths.pyx), as its chain planner
# in construct_between.pyx asks for them.  Not thread-safe: the kept paths
# and steps are only touched with the GIL held.
from libc.stdint cimport int32_t

cdef enum:
    BP_MAX = 256            # squares of the largest block block_path searches
    MAX_CANDS = 12          # links tried per chain step

cdef int32_t path_of(int h, int w, int entry, int exit_, const int32_t* req,
                     int nreq) except -2
cdef int transition(int h, int w, int er, int ec, int dr, int dc, int hn, int wn, int skip,
                    const int32_t* req, int nreq, int32_t* got) except -1
cdef const int32_t* kept_path(Py_ssize_t pid, Py_ssize_t* n) noexcept nogil

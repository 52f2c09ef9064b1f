# splitmix64 (Steele, Lea and Flood 2014), the one 64-bit mixer of the cores:
# the random tie-breaks (search.pyx, table_search.pyx), the block-path searches'
# tie-breaks and kept-path tables (between_paths.pyx) and the sampler's hash
# tables (sample.pyx).
from libc.stdint cimport uint64_t


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """splitmix64's finaliser: a bijection that spreads each input bit over
    the whole output (so low bits alone make good hash slots)."""
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    """The next draw of the splitmix64 generator whose state is ``*state``."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    return mix64(state[0])

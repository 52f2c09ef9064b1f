"""Type stub for the compiled counting search over a neighbour table (see table_count.pyx)."""

from typing_extensions import disjoint_base

from ._arrays import I32, U8

# The statuses are the counting core's (both are status.pxd's).
from .count import CANCELLED as CANCELLED
from .count import DONE as DONE
from .count import MORE as MORE
from .count import NODE_LIMIT as NODE_LIMIT
from .count import TIME_LIMIT as TIME_LIMIT

# A cdef class: its C layout cannot be combined with another base's.
@disjoint_base
class GraphPathSearch:
    def __init__(
        self, nbr: I32, deg: U8, prefix: I32, blocked: I32, ends: U8,
        connect_depth: int = ..., clues: I32 | None = ..., ordered: bool = ...,
    ) -> None: ...
    def count(
        self, deadline: float = ..., max_nodes: int = ..., cancel: U8 | None = ...,
        limit: int = ...,
    ) -> tuple[int, int, int]: ...
    def collect(
        self, out: I32, deadline: float = ..., cancel: U8 | None = ..., max_nodes: int = ...
    ) -> tuple[int, int]: ...
    @property
    def found(self) -> int: ...
    @property
    def nodes(self) -> int: ...

"""Type stub for the compiled counting core (see count.pyx)."""

from typing_extensions import disjoint_base

from ._arrays import I32, U8

DONE: int
MORE: int
TIME_LIMIT: int
NODE_LIMIT: int
CANCELLED: int

# A cdef class: its C layout cannot be combined with another base's.
@disjoint_base
class PathSearch:
    def __init__(
        self, rows: int, cols: int, prefix: I32, blocked: I32, ends: U8,
        connect_depth: int = ...,
    ) -> None: ...
    def count(
        self, deadline: float = ..., max_nodes: int = ..., cancel: U8 | None = ...
    ) -> tuple[int, int, int]: ...
    def collect(
        self, out: I32, deadline: float = ..., cancel: U8 | None = ...
    ) -> tuple[int, int]: ...
    @property
    def found(self) -> int: ...
    @property
    def nodes(self) -> int: ...

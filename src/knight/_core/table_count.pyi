"""Type stub for the compiled counting search over a neighbour table (see table_count.pyx)."""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

DONE: int
MORE: int
TIME_LIMIT: int
NODE_LIMIT: int
CANCELLED: int

# A cdef class: its C layout cannot be combined with another base's.
@disjoint_base
class GraphPathSearch:
    def __init__(
        self,
        nbr: npt.NDArray[np.int32],
        deg: npt.NDArray[np.uint8],
        prefix: npt.NDArray[np.int32],
        blocked: npt.NDArray[np.int32],
        ends: npt.NDArray[np.uint8],
        connect_depth: int = ...,
        clues: npt.NDArray[np.int32] | None = ...,
        ordered: bool = ...,
    ) -> None: ...
    def count(
        self, deadline: float = ..., max_nodes: int = ...,
        cancel: npt.NDArray[np.uint8] | None = ..., limit: int = ...,
    ) -> tuple[int, int, int]: ...
    def collect(
        self, out: npt.NDArray[np.int32], deadline: float = ...,
        cancel: npt.NDArray[np.uint8] | None = ..., max_nodes: int = ...,
    ) -> tuple[int, int]: ...
    @property
    def found(self) -> int: ...
    @property
    def nodes(self) -> int: ...

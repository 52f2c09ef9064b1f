"""Type stub for the compiled magic-tour search (see magic_search.pyx)."""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from ._arrays import I32, U8

DONE: int
MORE: int
TIME_LIMIT: int
NODE_LIMIT: int
CANCELLED: int

# A cdef class: its C layout cannot be combined with another base's.
@disjoint_base
class MagicSearch:
    def __init__(
        self, rows: int, cols: int, nbr: I32, dist: npt.NDArray[np.int16], starts: I32,
        clue_at: I32, closed: bool = ..., diagonal: bool = ..., symmetric: bool = ...,
        seed: int = ...,
    ) -> None: ...
    def collect(
        self, out: I32, deadline: float = ..., cancel: U8 | None = ..., max_nodes: int = ...
    ) -> tuple[int, int]: ...
    def count(
        self, deadline: float = ..., cancel: U8 | None = ..., max_nodes: int = ...,
        limit: int = ...,
    ) -> tuple[int, int]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def found(self) -> int: ...
    @property
    def depth(self) -> int: ...

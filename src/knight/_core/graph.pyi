"""Type stub for the compiled general-board cores (see graph.pyx)."""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

MAX_DEGREE: int
DONE: int
MORE: int
TIME_LIMIT: int
NODE_LIMIT: int
CANCELLED: int

def backtrack(
    steps: npt.NDArray[np.int32],
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    start: int,
    ordered: bool,
    closed: bool,
    max_nodes: int,
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None = ...,
) -> tuple[int, int, int]: ...
def warnsdorff(
    steps: npt.NDArray[np.int32],
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    far: npt.NDArray[np.int64],
    start: int,
    tie_break: int,
    seed: int,
    closed: bool,
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None = ...,
) -> tuple[int, int]: ...

def label(
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    comp: npt.NDArray[np.int32],
    colour: npt.NDArray[np.uint8],
) -> tuple[int, bool]: ...
def cut_parts(
    nbr: npt.NDArray[np.int32], deg: npt.NDArray[np.uint8], parts: npt.NDArray[np.int32]
) -> None: ...

def distances(
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    sources: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    bipartite: npt.NDArray[np.uint8],
) -> None: ...

def build_table(
    index: npt.NDArray[np.int32],
    moves: npt.NDArray[np.int32],
    wrap_rows: bool,
    wrap_cols: bool,
    table: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
) -> None: ...

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

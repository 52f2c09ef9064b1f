"""Type stub for the compiled tour searches over a neighbour table (see table_search.pyx)."""

import numpy as np
import numpy.typing as npt

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
def between(
    steps: npt.NDArray[np.int32],
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    start: int,
    end: int,
    max_nodes: int,
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None = ...,
    connect_depth: int = ...,
) -> tuple[int, int, int]: ...

"""Type stubs for the search cores (knight/_core/search.pyx)."""

import numpy as np
import numpy.typing as npt

MOVE_STRIDE: int
FOUND: int
EXHAUSTED: int
NODE_LIMIT: int
TIME_LIMIT: int
DEAD_END: int
NOT_CLOSED: int
CANCELLED: int
TIE_FIRST: int
TIE_RANDOM: int
TIE_ROTH: int
TIE_POHL: int

def work_hugepages(on: bool | None = None) -> bool: ...
def work_size(rows: int, cols: int) -> int: ...
def backtrack(
    board: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    ordered: bool,
    closed: bool,
    max_nodes: int,
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None = None,
) -> tuple[int, int, int]: ...
def backtrack_starts(
    boards: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    starts: npt.NDArray[np.int32],
    ordered: bool,
    closed: bool,
    max_nodes: int,
    timeout: float,
    results: npt.NDArray[np.int64],
    seconds: npt.NDArray[np.float64],
    cancel: npt.NDArray[np.uint8] | None = None,
) -> int: ...
def warnsdorff(
    board: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    tie_break: int,
    seed: int,
    closed: bool,
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None = None,
) -> tuple[int, int]: ...

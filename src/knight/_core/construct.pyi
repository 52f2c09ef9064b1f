"""Type stub for the construction core (see construct.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
CANCELLED: int
INTERRUPTED: int
BAD_ARGUMENT: int
NO_MEMORY: int
NO_TOUR: int
BAD_DATA: int

def construct_into(
    board: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    closed: bool,
    cancel: npt.NDArray[np.uint8] | None = None,
) -> int: ...
def construct_window(
    board: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    closed: bool,
    cancel: npt.NDArray[np.uint8] | None = None,
    offset: int = 0,
    last_row: int = -1,
    last_col: int = -1,
) -> int: ...

"""Type stub for the construction core (see _construct.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
MISSING_EDGE: int
BROKEN: int
NOT_CLOSED: int
NO_EDGE: int

def fill(
    codes: npt.NDArray[np.uint8],
    rcut: npt.NDArray[np.int32],
    ccut: npt.NDArray[np.int32],
    tiles: npt.NDArray[np.uint8],
    tile_at: npt.NDArray[np.int64],
    odd_i: int,
    odd_j: int,
    odd_offset: int,
) -> int: ...
def walk(
    board: npt.NDArray[np.int32],
    codes: npt.NDArray[np.uint8],
    start_row: int,
    start_col: int,
    closed: bool,
) -> int: ...

"""Type stub for the construct_between core (see construct_between.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
NO_LAYOUT: int
NO_SWAP_EDGE: int
NOT_COVERED: int
WINDOW_END: int

def write_blocks(
    board: npt.NDArray[np.int32],
    r0: npt.NDArray[np.int64],
    c0: npt.NDArray[np.int64],
    width: npt.NDArray[np.int64],
    base: npt.NDArray[np.int64],
    which: npt.NDArray[np.int64],
    flat: npt.NDArray[np.int32],
    first: npt.NDArray[np.int64],
    shifts: npt.NDArray[np.int64] | None = None,
) -> None: ...
def between_into(
    board: npt.NDArray[np.int32],
    rc: npt.NDArray[np.int64],
    cc: npt.NDArray[np.int64],
    sr: int,
    sc: int,
    tr: int,
    tc: int,
) -> int: ...

"""Type stub for the construction core (see _construct.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
BROKEN: int
MAX_ARCS: int

def traverse(
    blkcfg: npt.NDArray[np.uint16],
    nc: int,
    arc_off: npt.NDArray[np.int32],
    arc_len: npt.NDArray[np.int32],
    arc_lo_link: npt.NDArray[np.int8],
    arc_hi_link: npt.NDArray[np.int8],
    entry: npt.NDArray[np.int8],
    start_blk: int,
    start_arc: int,
    n: int,
    base: npt.NDArray[np.int32],
    sign: npt.NDArray[np.int8],
    stats: npt.NDArray[np.int64],
) -> int: ...
def write(
    board: npt.NDArray[np.int32],
    rcut: npt.NDArray[np.int32],
    ccut: npt.NDArray[np.int32],
    blkcfg: npt.NDArray[np.uint16],
    seq_off: npt.NDArray[np.int32],
    seq: npt.NDArray[np.int64],
    arc_off: npt.NDArray[np.int32],
    arc_len: npt.NDArray[np.int32],
    base: npt.NDArray[np.int32],
    sign: npt.NDArray[np.int8],
) -> int: ...

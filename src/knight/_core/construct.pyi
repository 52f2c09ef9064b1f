"""Type stub for the construction core (see construct.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
BROKEN: int
MAX_ARCS: int

def traverse(
    blkcfg: npt.NDArray[np.uint16],
    arc_k: npt.NDArray[np.int8],
    arc_len: npt.NDArray[np.int32],
    exit_js: npt.NDArray[np.int8],
    exit_delta: npt.NDArray[np.int64],
    entry: npt.NDArray[np.int32],
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

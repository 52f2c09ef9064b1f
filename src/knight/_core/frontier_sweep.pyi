"""Type stub for the frontier DP core's sweep (see frontier_sweep.pyx)."""

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

ST_OK: int
ST_CANCELLED: int
ST_TIMEOUT: int
ST_NOMEM: int
ST_DUMP_SMALL: int

def run(
    W: int,
    N: int,
    target: npt.NDArray[np.int32],
    back: npt.NDArray[np.int32],
    rem: npt.NDArray[np.int32],
    fwd: npt.NDArray[np.int32],
    last_fwd: npt.NDArray[np.int32],
    pinned: npt.NDArray[np.int32],
    last_needed: int,
    path_mode: bool,
    mods: npt.NDArray[np.uint64],
    result: npt.NDArray[np.uint64],
    sizes: npt.NDArray[np.int64],
    info: npt.NDArray[np.int64],
    deadline: float,
    cancel: npt.NDArray[np.uint8] | None,
    progress: Callable[[int, int, int], object] | None,
    max_bytes: int,
    dump_step: int = ...,
    dump_lo: npt.NDArray[np.uint64] | None = ...,
    dump_hi: npt.NDArray[np.uint64] | None = ...,
    dump_val: npt.NDArray[np.uint64] | None = ...,
    fold: npt.NDArray[np.uint8] | None = ...,
    dump_out: list[npt.NDArray[np.uint64]] | None = ...,
    endmask: npt.NDArray[np.uint64] | None = ...,
    pins_after: npt.NDArray[np.int32] | None = ...,
    start_step: int = ...,
    start_lo: npt.NDArray[np.uint64] | None = ...,
    start_hi: npt.NDArray[np.uint64] | None = ...,
    start_val: npt.NDArray[np.uint64] | None = ...,
) -> int: ...

"""Type stub for the frontier DP core's join at a cut (see frontier_join.pyx)."""

import numpy as np
import numpy.typing as npt

ST_OK: int
ST_TIMEOUT: int
ST_NOMEM: int

def profiles(
    W: int,
    lo: npt.NDArray[np.uint64],
    hi: npt.NDArray[np.uint64],
    bmap: npt.NDArray[np.int32],
    tgt: npt.NDArray[np.int32],
    out: npt.NDArray[np.uint64],
) -> None: ...

def mirror_keys(
    W: int,
    lo: npt.NDArray[np.uint64],
    hi: npt.NDArray[np.uint64],
    bmap: npt.NDArray[np.int32],
    out_lo: npt.NDArray[np.uint64],
    out_hi: npt.NDArray[np.uint64],
) -> None: ...

def join(
    W: int,
    path_mode: bool,
    tgt: npt.NDArray[np.int32],
    llo: npt.NDArray[np.uint64],
    lhi: npt.NDArray[np.uint64],
    lval: npt.NDArray[np.uint64],
    lmap: npt.NDArray[np.int32],
    lprof: npt.NDArray[np.uint64],
    rlo: npt.NDArray[np.uint64],
    rhi: npt.NDArray[np.uint64],
    rval: npt.NDArray[np.uint64],
    rmap: npt.NDArray[np.int32],
    rprof: npt.NDArray[np.uint64],
    mods: npt.NDArray[np.uint64],
    result: npt.NDArray[np.uint64],
    info: npt.NDArray[np.int64],
    deadline: float,
    per_left: npt.NDArray[np.uint64] | None = None,
) -> int: ...

def wanted(
    W: int, path_mode: bool, tgt: npt.NDArray[np.int32], lprof: int
) -> list[int]: ...
def pair_mask(
    W: int,
    path_mode: bool,
    llo: int,
    lhi: int,
    lmap: npt.NDArray[np.int32],
    rlo: npt.NDArray[np.uint64],
    rhi: npt.NDArray[np.uint64],
    rmap: npt.NDArray[np.int32],
    out: npt.NDArray[np.uint8],
) -> None: ...

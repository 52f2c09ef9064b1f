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
def block_path(
    h: int,
    w: int,
    start: int,
    end: int,
    seed: int,
    max_nodes: int,
    out: npt.NDArray[np.int32],
    partner: npt.NDArray[np.int32] | None = None,
) -> int: ...
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

NO_LAYOUT: int
NO_SWAP_EDGE: int
NOT_COVERED: int
WINDOW_END: int

def between_into(
    board: npt.NDArray[np.int32],
    rc: npt.NDArray[np.int64],
    cc: npt.NDArray[np.int64],
    sr: int,
    sc: int,
    tr: int,
    tc: int,
) -> int: ...
def between_kept() -> tuple[int, int]: ...
def between_forget() -> None: ...

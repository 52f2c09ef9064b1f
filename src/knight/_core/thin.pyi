"""Type stub for the thin-board Cython cores (see knight.thin)."""

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

OK: int
NO_PREDECESSOR: int
NO_SUCCESSOR: int
BAD_START: int
BAD_END: int
STATE_BITS: int

def walk_states(
    succ_ptr: npt.NDArray[np.int32],
    succ_dst: npt.NDArray[np.int32],
    succ_mask: npt.NDArray[np.int32],
    pred_ptr: npt.NDArray[np.int32],
    pred_src: npt.NDArray[np.int32],
    pred_mask: npt.NDArray[np.int32],
    reach: npt.NDArray[np.uint8],
    reach_pre: int,
    reach_per: int,
    finish: npt.NDArray[np.uint8],
    finish_pre: int,
    finish_per: int,
    col: int,
    before: int,
    after: int,
    accept: int,
    masks: npt.NDArray[np.int32],
    seen: npt.NDArray[np.int64],
) -> int: ...
def fill_board(
    masks: npt.NDArray[np.int32],
    inc: npt.NDArray[np.int32],
    count: npt.NDArray[np.int32],
    row: int,
    col: int,
    transposed: bool,
    board: npt.NDArray[np.int32],
) -> int: ...

CANCELLED: int
INTERRUPTED: int
BAD_ARGUMENT: int
NO_MEMORY: int
NO_TOUR: int
BAD_DATA: int

def install(
    h: int,
    closed: bool,
    n_states: int,
    accept: int,
    succ_ptr: npt.NDArray[np.int32],
    succ_dst: npt.NDArray[np.int32],
    succ_mask: npt.NDArray[np.int32],
    pred_ptr: npt.NDArray[np.int32],
    pred_src: npt.NDArray[np.int32],
    pred_mask: npt.NDArray[np.int32],
    reach: npt.NDArray[np.uint8],
    reach_pre: int,
    reach_per: int,
    finish: npt.NDArray[np.uint8],
    finish_pre: int,
    finish_per: int,
    src: npt.NDArray[np.int32],
    dst: npt.NDArray[np.int32],
    mask: npt.NDArray[np.int32],
    term: npt.NDArray[np.int32],
    inc: npt.NDArray[np.int32],
    count: npt.NDArray[np.int32],
) -> bool: ...
def set_loader(loader: Callable[[int, bool], object]) -> None: ...
def thin_into(
    board: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    closed: bool,
    cancel: npt.NDArray[np.uint8] | None = None,
) -> int: ...

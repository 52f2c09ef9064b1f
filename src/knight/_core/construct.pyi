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
MAX_ARCS: int
MAGIC: bytes

def parse_blocks(data: bytes) -> str | None: ...
def load_blocks(data: bytes) -> str | None: ...
def blocks_error() -> str | None: ...
def construct_into(
    board: npt.NDArray[np.int32],
    start_row: int,
    start_col: int,
    closed: bool,
    cancel: npt.NDArray[np.uint8] | None = None,
) -> int: ...

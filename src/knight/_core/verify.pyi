"""Type stubs for the verification core (knight/_core/verify.pyx)."""

import numpy as np
import numpy.typing as npt

OK: int
OUT_OF_RANGE: int
REPEATED: int
BROKEN: int
NOT_CLOSED: int

def verify_board(
    board: npt.NDArray[np.int32],
    closed: bool,
    where: npt.NDArray[np.int64],
) -> int: ...

"""Type stub for construct_between's block paths (see between_paths.pyx)."""

import numpy as np
import numpy.typing as npt

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
def between_kept() -> tuple[int, int]: ...
def between_forget() -> None: ...

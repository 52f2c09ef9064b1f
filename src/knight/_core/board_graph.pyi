"""Type stub for the compiled graph utilities of a board (see board_graph.pyx)."""

import numpy as np
import numpy.typing as npt

MAX_DEGREE: int

def build_table(
    index: npt.NDArray[np.int32],
    moves: npt.NDArray[np.int32],
    wrap_rows: bool,
    wrap_cols: bool,
    table: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
) -> None: ...
def label(
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    comp: npt.NDArray[np.int32],
    colour: npt.NDArray[np.uint8],
) -> tuple[int, bool]: ...
def cut_parts(
    nbr: npt.NDArray[np.int32], deg: npt.NDArray[np.uint8], parts: npt.NDArray[np.int32]
) -> None: ...
def distances(
    nbr: npt.NDArray[np.int32],
    deg: npt.NDArray[np.uint8],
    sources: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    bipartite: npt.NDArray[np.uint8],
) -> None: ...

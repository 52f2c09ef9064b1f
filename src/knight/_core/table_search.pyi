"""Type stub for the compiled tour searches over a neighbour table (see table_search.pyx)."""

from ._arrays import I32, I64, U8

# Each writes the tour into steps, on the neighbour table nbr/deg.
def backtrack(
    steps: I32, nbr: I32, deg: U8, start: int, ordered: bool, closed: bool, max_nodes: int,
    deadline: float, cancel: U8 | None = ...,
) -> tuple[int, int, int]: ...
def warnsdorff(
    steps: I32, nbr: I32, deg: U8, far: I64, start: int, tie_break: int, seed: int,
    closed: bool, deadline: float, cancel: U8 | None = ...,
) -> tuple[int, int]: ...
def between(
    steps: I32, nbr: I32, deg: U8, start: int, end: int, max_nodes: int, deadline: float,
    cancel: U8 | None = ..., connect_depth: int = ...,
) -> tuple[int, int, int]: ...

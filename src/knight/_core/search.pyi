"""Type stubs for the search cores (knight/_core/search.pyx)."""

from ._arrays import F64, I32, I64, U8

MOVE_STRIDE: int
FOUND: int
EXHAUSTED: int
NODE_LIMIT: int
TIME_LIMIT: int
DEAD_END: int
NOT_CLOSED: int
CANCELLED: int
TIE_FIRST: int
TIE_RANDOM: int
TIE_ROTH: int
TIE_POHL: int

def work_hugepages(on: bool | None = None) -> bool: ...
def work_size(rows: int, cols: int) -> int: ...

# Each writes the tour into board (boards: one a start), the moves tried in order.
def backtrack(
    board: I32, order: I32, start_row: int, start_col: int, ordered: bool, closed: bool,
    max_nodes: int, deadline: float, cancel: U8 | None = None,
) -> tuple[int, int, int]: ...
def backtrack_starts(
    boards: I32, order: I32, starts: I32, ordered: bool, closed: bool, max_nodes: int,
    timeout: float, results: I64, seconds: F64, cancel: U8 | None = None,
) -> int: ...
def warnsdorff(
    board: I32, order: I32, start_row: int, start_col: int, tie_break: int, seed: int,
    closed: bool, deadline: float, cancel: U8 | None = None,
) -> tuple[int, int]: ...

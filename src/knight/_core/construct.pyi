"""Type stub for the construction core (see construct.pyx)."""

from ._arrays import I32, U8

OK: int
CANCELLED: int
INTERRUPTED: int
BAD_ARGUMENT: int
NO_MEMORY: int
NO_TOUR: int
BAD_DATA: int

def construct_into(
    board: I32, start_row: int, start_col: int, closed: bool, cancel: U8 | None = None
) -> int: ...

# construct_into's arguments, then the window's.
def construct_window(
    board: I32, start_row: int, start_col: int, closed: bool, cancel: U8 | None = None,
    offset: int = 0, last_row: int = -1, last_col: int = -1,
) -> int: ...

"""Type stub for the construct_between core (see construct_between.pyx)."""

from ._arrays import I32, I64

OK: int
NO_LAYOUT: int
NO_SWAP_EDGE: int
NOT_COVERED: int
WINDOW_END: int

def write_blocks(
    board: I32, r0: I64, c0: I64, width: I64, base: I64, which: I64, flat: I32, first: I64,
    shifts: I64 | None = None,
) -> None: ...
def between_into(
    board: I32, rc: I64, cc: I64, sr: int, sc: int, tr: int, tc: int
) -> int: ...

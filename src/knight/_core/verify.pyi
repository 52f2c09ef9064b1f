"""Type stubs for the verification core (knight/_core/verify.pyx)."""

from ._arrays import I32, I64

OK: int
OUT_OF_RANGE: int
REPEATED: int
BROKEN: int
NOT_CLOSED: int

def verify_board(board: I32, closed: bool, where: I64) -> int: ...

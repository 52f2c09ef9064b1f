"""Type stub for the thin-board Cython cores (see knight.thin)."""

from collections.abc import Callable

from ._arrays import I32, I64, U8

# The statuses the thin cores share with the construction's (status.pxd's codes).
from .construct import BAD_ARGUMENT as BAD_ARGUMENT
from .construct import BAD_DATA as BAD_DATA
from .construct import CANCELLED as CANCELLED
from .construct import INTERRUPTED as INTERRUPTED
from .construct import NO_MEMORY as NO_MEMORY
from .construct import NO_TOUR as NO_TOUR

OK: int
NO_PREDECESSOR: int
NO_SUCCESSOR: int
BAD_START: int
BAD_END: int
STATE_BITS: int

# The automaton's tables (succ_*, pred_*, reach*, finish*) as install() takes them too.
def walk_states(
    succ_ptr: I32, succ_dst: I32, succ_mask: I32, pred_ptr: I32, pred_src: I32, pred_mask: I32,
    reach: U8, reach_pre: int, reach_per: int, finish: U8, finish_pre: int, finish_per: int,
    col: int, before: int, after: int, accept: int, masks: I32, seen: I64,
) -> int: ...
def fill_board(
    masks: I32, inc: I32, count: I32, row: int, col: int, transposed: bool, board: I32
) -> int: ...


def install(
    h: int, closed: bool, n_states: int, accept: int,
    succ_ptr: I32, succ_dst: I32, succ_mask: I32, pred_ptr: I32, pred_src: I32, pred_mask: I32,
    reach: U8, reach_pre: int, reach_per: int, finish: U8, finish_pre: int, finish_per: int,
    src: I32, dst: I32, mask: I32, term: I32, inc: I32, count: I32,
) -> bool: ...
def set_loader(loader: Callable[[int, bool], object]) -> None: ...
def thin_into(
    board: I32, start_row: int, start_col: int, closed: bool, cancel: U8 | None = None
) -> int: ...

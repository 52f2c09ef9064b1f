"""Type stub for the frontier DP core's sweep (see frontier_sweep.pyx)."""

from collections.abc import Callable

from ._arrays import I32, I64, U8, U64

ST_OK: int
ST_CANCELLED: int
ST_TIMEOUT: int
ST_NOMEM: int
ST_DUMP_SMALL: int
ST_LABELS: int

# The board as prepared (W .. path_mode), as the sampler's Stepper takes it too.
def run(
    W: int, N: int, target: I32, back: I32, rem: I32, fwd: I32, last_fwd: I32, pinned: I32,
    last_needed: int, path_mode: bool,
    mods: U64, result: U64, sizes: I64, info: I64, deadline: float, cancel: U8 | None,
    progress: Callable[[int, int, int], object] | None, max_bytes: int,
    dump_step: int = ..., dump_lo: U64 | None = ..., dump_hi: U64 | None = ...,
    dump_val: U64 | None = ..., fold: U8 | None = ..., dump_out: list[U64] | None = ...,
    endmask: U64 | None = ..., pins_after: I32 | None = ...,
    start_step: int = ..., start_lo: U64 | None = ..., start_hi: U64 | None = ...,
    start_val: U64 | None = ..., degmask: U8 | None = ..., window: int = ...,
    max_ends: int = ...
) -> int: ...

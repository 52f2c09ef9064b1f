"""Type stub for the frontier DP core's join at a cut (see frontier_join.pyx)."""

from ._arrays import I32, I64, U8, U32, U64

ST_OK: int
ST_TIMEOUT: int
ST_NOMEM: int

def profiles(W: int, lo: U64, hi: U64, bmap: I32, tgt: I32, out: U64) -> None: ...
def mirror_keys(W: int, lo: U64, hi: U64, bmap: I32, out_lo: U64, out_hi: U64) -> None: ...

# The left half's keys, values, map and profiles (l*), then the right half's (r*).
def join(
    W: int, path_mode: bool, tgt: I32,
    llo: U64, lhi: U64, lval: U64, lmap: I32, lprof: U64,
    rlo: U64, rhi: U64, rval: U64, rmap: I32, rprof: U64,
    mods: U64, result: U64, info: I64, deadline: float, per_left: U64 | None = None,
) -> int: ...
def wanted(W: int, path_mode: bool, tgt: I32, lprof: int) -> list[int]: ...
def pair_mask(
    W: int, path_mode: bool, llo: int, lhi: int, lmap: I32, rlo: U64, rhi: U64, rmap: I32,
    out: U8,
) -> None: ...
def half_turn_completions(W: int, lo: U64, hi: U64, bmap: I32, tgt: I32, out: U32) -> None: ...

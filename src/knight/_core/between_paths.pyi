"""Type stub for construct_between's block paths (see between_paths.pyx)."""

from ._arrays import I32

def block_path(
    h: int, w: int, start: int, end: int, seed: int, max_nodes: int, out: I32,
    partner: I32 | None = None,
) -> int: ...
def between_kept() -> tuple[int, int]: ...
def between_forget() -> None: ...

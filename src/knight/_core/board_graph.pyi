"""Type stub for the compiled graph utilities of a board (see board_graph.pyx)."""

from ._arrays import I32, U8

MAX_DEGREE: int

def build_table(
    index: I32, moves: I32, wrap_rows: bool, wrap_cols: bool, table: I32, deg: U8
) -> None: ...

# A neighbour table: nbr (one row of neighbours a square) and deg (how many).
def label(nbr: I32, deg: U8, comp: I32, colour: U8) -> tuple[int, bool]: ...
def cut_parts(nbr: I32, deg: U8, parts: I32) -> None: ...
def distances(nbr: I32, deg: U8, sources: I32, out: I32, bipartite: U8) -> None: ...

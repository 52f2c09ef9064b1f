"""Tours that the half turn maps to itself, by the frontier DP.

A closed tour of an even-length board that turning by 180 degrees maps to
itself is fixed by its edges on one side of the middle: cut the board at
its middle (the boundary is the two middle columns, which the half turn
swaps), and the tour is L (its edges with an end left of the boundary:
side 0's, :mod:`.frontier_halves`), the half turn of L (every edge with an
end right of it) and a set X of the edges inside the boundary that the half
turn maps to itself.  So side 0's final table is all it takes: for each of
its states, the core counts the sets X that close L, rho(L) and X into one
cycle (``frontier_join.half_turn_completions``), and the tours are the sum
of the states' counts times those numbers.  Exact, as every DP count here
(residues and CRT), and a small part of a count's work: 8x8 closed needs
side 0 only (14 million states, under a minute), and gives 2,432,932, the
4 x 608,233 centrally symmetric tours of Knuth's table.

Used by :mod:`.symmetry` for Burnside's count of tours up to the board's
symmetries, and for ``count(..., invariant="half-turn")``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .._core.frontier_join import half_turn_completions
from .frontier_board import Moves, prepare
from .frontier_halves import make_part, run_part, shared_cells
from .frontier_moduli import count_bound, crt, moduli_for
from .frontier_run import DEFAULT_MAX_BYTES

__all__ = ["half_turn_cycles", "serves_half_turn"]


def serves_half_turn(rows: int, cols: int) -> bool:
    """Whether :func:`half_turn_cycles` serves the board: a split board (width
    at least 3) of even length, cut in its middle.

    >>> serves_half_turn(8, 8), serves_half_turn(6, 6), serves_half_turn(5, 7)
    (True, True, False)
    """
    W, L = min(rows, cols), max(rows, cols)
    return W >= 3 and L >= 6 and L % 2 == 0


def half_turn_cycles(rows: int, cols: int, *, removed: Sequence[int] = (),
                     moves: Moves = None, deadline: float = 0.0,
                     max_bytes: int | None = None) -> int:
    """The undirected Hamiltonian cycles of the board (without the squares
    ``removed``, flat indices ``row * cols + col``, a set the half turn must
    map to itself) that the half turn maps to themselves.

    >>> half_turn_cycles(6, 6)  # 17 classes of 4 and 5 of 2 (Jelliss)
    78
    """
    if not serves_half_turn(rows, cols):
        raise ValueError(f"half_turn_cycles counts boards of even length at least 6 and width "
                         f"at least 3, not {rows}x{cols}")
    n = rows * cols
    if sorted(n - 1 - x for x in removed) != sorted(removed):
        raise ValueError("the half turn must map the removed squares to themselves")
    full = prepare(rows, cols, removed=removed, path_mode=False, moves=moves)
    if full.trivial is not None:
        return 0
    cut = full.L // 2 - 1
    parts = [make_part(rows, cols, path_mode=False, cut=cut, side=s, removed=removed,
                       moves=moves) for s in (0, 1)]
    words = moduli_for(count_bound(full))
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    P = shared_cells(parts[0], parts[1])
    start = None
    if P:
        start = (P, run_part(parts[0], words, deadline=deadline, max_bytes=mb, stop=P)[0])
    lo, hi, val = run_part(parts[0], words, deadline=deadline, max_bytes=mb, start=start)[0]
    del start
    ways = np.zeros(len(lo), dtype=np.uint32)
    W = full.W
    half_turn_completions(W, lo, hi, np.ascontiguousarray(parts[0].bmap, dtype=np.int32),
                          np.ascontiguousarray(parts[0].btarget, dtype=np.int32), ways)
    nz = np.flatnonzero(ways)
    nw = len(words)
    vals = val.reshape(-1, nw)[nz]
    f = ways[nz].tolist()
    res = []
    for j, q in enumerate(words):
        col = vals[:, j].tolist()
        res.append(sum(c * k for c, k in zip(col, f)) % q)
    return crt(res, words)

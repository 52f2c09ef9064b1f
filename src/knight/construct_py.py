"""The pure-Python twin of ``construct.pyx``: the construction's planner, block cutter and walk.

:func:`plan` chooses the row and column cuts and the start block as the
core does, :class:`_Blocks` indexes the stored block tours as the core
cuts them, and :func:`construct` builds the same tour as
:func:`knight.construct.construct`, square by square (or the same tour
reversed); the tests check that the two agree.  The twin needs the side
splits and the block file reader of :mod:`knight.construct`, so it sits
beside that module instead of beside the core.
"""

from __future__ import annotations

import functools

import numpy as np

from . import theory
from .construct import MAX_PART, _check_args, _closed_parts, _odd_part_choices, read_block_file
from .errors import NoTourError
from .geometry import DEFAULT_ORDER, Square, article

# Join-edge bits of a stored block (see scripts/make_blocks.py).
L, U, R, D = 1, 2, 4, 8


class _Blocks:
    """The stored block tours indexed for the Python planner.

    Built from :func:`read_block_file`, whose arrays the core's loader has
    checked (every edge inside its block and mutual, every block one tour
    with the join edges it claims).
    """

    def __init__(self, data: dict[str, np.ndarray]) -> None:
        if [tuple(m) for m in data["order"].tolist()] != list(DEFAULT_ORDER):
            raise RuntimeError("data/blocks.bin was written for another move order")
        self.codes = np.ascontiguousarray(data["codes"], dtype=np.uint8)
        h, w = data["h"].astype(np.int64), data["w"].astype(np.int64)
        offset = data["offset"].astype(np.int64)
        # tile_at[h, w, k]: offset of a closed h x w block for block column
        # 0 (k = 0: needs U, R, D) or any other column (k = 1: needs L, R).
        self.tile_at = np.full((MAX_PART + 1, MAX_PART + 1, 2), -1, dtype=np.int64)
        self.paths: dict[tuple[int, int, int, int], list[tuple[int, int]]] = {}
        self.h, self.w, self.offset = h, w, offset
        self.sr, self.sc = data["sr"].astype(np.int64), data["sc"].astype(np.int64)
        for i in range(len(h)):
            hi, wi, sr, sc, mask = (int(v[i]) for v in (h, w, data["sr"], data["sc"], data["mask"]))
            if sr < 0:
                for k, need in enumerate((U | R | D, L | R)):
                    if mask & need == need and self.tile_at[hi, wi, k] < 0:
                        self.tile_at[hi, wi, k] = offset[i]
            else:
                self.paths.setdefault((hi, wi, sr, sc), []).append((mask, int(offset[i])))

    def path_offset(self, h: int, w: int, start: Square, need: int) -> int:
        """Offset of a stored path from ``start`` with the ``need`` edges, or -1."""
        for mask, off in self.paths.get((h, w, start[0], start[1]), ()):
            if mask & need == need:
                return off
        return -1


@functools.lru_cache(maxsize=1)
def _blocks() -> _Blocks:
    """The stored blocks for the Python twin (the core holds its own copy)."""
    from importlib import resources  # here: importing it costs more than this module

    raw = resources.files("knight").joinpath("data/blocks.bin").read_bytes()
    return _Blocks(read_block_file(raw))


def _cuts(parts: list[int]) -> np.ndarray:
    return np.cumsum([0] + parts).astype(np.int32)


class Plan:
    """Where the blocks go: row and column cuts and the start block's path."""

    def __init__(self, rows: list[int], cols: list[int], odd: tuple[int, int] = (-1, -1),
                 odd_offset: int = -1) -> None:
        self.rcut = _cuts(rows)
        self.ccut = _cuts(cols)
        self.odd = odd
        self.odd_offset = odd_offset


def plan(rows: int, cols: int, start: Square, closed: bool) -> Plan:
    """Choose the blocks for a board with both sides >= 5 (a tour must exist).

    >>> p = plan(13, 13, (6, 6), False)
    >>> p.rcut.tolist(), p.ccut.tolist(), p.odd
    ([0, 6, 13], [0, 6, 13], (1, 1))
    """
    if rows % 2 == 0 or cols % 2 == 0:
        return Plan(_closed_parts(rows), _closed_parts(cols))
    blocks = _blocks()
    for rparts, i in _odd_part_choices(rows, start[0]):
        for cparts, j in _odd_part_choices(cols, start[1]):
            nr, nc = len(rparts), len(cparts)
            if j > 0:
                need = L | (R if j < nc - 1 else 0)
            else:
                need = (U if i > 0 else 0) | (D if i < nr - 1 else 0) | (R if nc > 1 else 0)
            y0, x0 = sum(rparts[:i]), sum(cparts[:j])
            off = blocks.path_offset(rparts[i], cparts[j], (start[0] - y0, start[1] - x0), need)
            if off >= 0:
                return Plan(rparts, cparts, (i, j), off)
    raise AssertionError(f"no stored start block fits {article(f'{rows}x{cols}')} board "
                         f"from {start}")


def construct(rows: int, cols: int, start: Square, closed: bool) -> np.ndarray:
    """Pure-Python twin of :func:`knight.construct.construct` for boards with both sides >= 5.

    Same plan, same blocks, same joins and walk, written plainly; the tests
    check that it gives the same board as the Cython core.

    >>> import numpy as np
    >>> from knight.construct import construct as core_construct
    >>> ref, fast = construct(10, 13, (3, 4), True), core_construct(10, 13, (3, 4), True)
    >>> bool(np.array_equal(ref, fast) or np.array_equal((130 - ref) % 130, fast))
    True
    """
    rows, cols, start, closed = _check_args(rows, cols, start, closed)
    why = theory.reason(rows, cols, start, closed)
    if why is not None:
        raise NoTourError(why)
    if min(rows, cols) < 5:
        raise ValueError("construct_py.construct handles boards with both sides >= 5 only")
    p = plan(rows, cols, start, closed)
    blocks = _blocks()
    # edges[(r, c)] = set of neighbouring squares joined to (r, c) by the tour
    edges: dict[Square, set[Square]] = {}
    for i in range(len(p.rcut) - 1):
        y, h = int(p.rcut[i]), int(p.rcut[i + 1] - p.rcut[i])
        for j in range(len(p.ccut) - 1):
            x, w = int(p.ccut[j]), int(p.ccut[j + 1] - p.ccut[j])
            off = p.odd_offset if (i, j) == p.odd else int(blocks.tile_at[h, w, int(j > 0)])
            for lr in range(h):
                for lc in range(w):
                    v = int(blocks.codes[off + lr * w + lc])
                    edges[(y + lr, x + lc)] = {
                        (y + lr + DEFAULT_ORDER[k][0], x + lc + DEFAULT_ORDER[k][1])
                        for k in (v & 15, v >> 4) if k < 8
                    }

    def swap(a: Square, b: Square, c: Square, d: Square) -> None:
        for x, y in ((a, b), (c, d)):
            edges[x].remove(y)
            edges[y].remove(x)
        for x, y in ((a, c), (b, d)):
            edges[x].add(y)
            edges[y].add(x)

    for i in range(len(p.rcut) - 1):
        y = int(p.rcut[i])
        for j in range(1, len(p.ccut) - 1):
            x = int(p.ccut[j])
            swap((y, x - 1), (y + 2, x - 2), (y + 1, x + 1), (y + 3, x))
    for i in range(1, len(p.rcut) - 1):
        y = int(p.rcut[i])
        swap((y - 1, 0), (y - 2, 2), (y + 1, 1), (y, 3))
    board = np.full((rows, cols), -1, dtype=np.int32)
    prev: Square | None = None
    cur = start
    for step in range(rows * cols):
        board[cur] = step
        # Only the start of a cycle has two ways to go; either gives a tour
        # (the core may take the other, i.e. the same tour reversed).
        ahead = sorted(q for q in edges[cur] if q != prev)
        if step < rows * cols - 1:
            prev, cur = cur, ahead[0]
        elif closed and start not in edges[cur]:
            raise AssertionError("construct_py.construct: the tour does not close")
    return board


__all__ = ["Plan", "construct", "plan"]

"""Meet in the middle: the two halves of a frontier DP count.

A board cut at a column is counted by two partial sweeps, one from each
end, that stop at the same two columns (the boundary): :class:`Part` and
:func:`make_part` build each half's board for the core, :func:`run_part`
sweeps it to its final table, and :func:`shared_cells` finds the first cells
both sweeps have in common (swept once on a board that a half turn maps to
itself).  Joining the two final tables is :mod:`.frontier_jobs`'
(:func:`~.frontier_jobs.plan_joins`, over :mod:`knight._core.frontier_join`).
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .._core.frontier_sweep import ST_OK, run
from ..geometry import article
from ..limits import check_planning
from .frontier_board import Moves, SweepBoard, prepare
from .frontier_run import (
    DEFAULT_MAX_BYTES,
    RunInfo,
    _arrays,
    _CoreArrays,
    _Progress,
    _raise_for_status,
    fold_cells,
)

__all__ = ["Part", "make_part", "run_part", "shared_cells"]

#: A half's final table: the keys' low and high words, and the residues.
_Table: TypeAlias = tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]


@dataclass
class Part:
    """One half of a count split at a cut: a board for the core whose last
    two columns (the boundary, columns cut and cut+1 of the sweep) are left
    open.  Side 0 sweeps columns 0..cut+1 forwards and owns every edge with
    an end left of the cut; side 1 sweeps columns L-1..cut (the board
    turned 180 degrees: cell p becomes N-1-p) and owns the others.
    ``bmap[slot]`` is the boundary cell (0..2W-1: column cut rows 0..W-1,
    then column cut+1) of each key slot of the final state, or -1."""

    board: SweepBoard
    bmap: list[int]
    btarget: list[int]
    #: Whether this side folds mirror states.  With A, B the two sides'
    #: unfolded final counts (mirror-invariant when the board is symmetric)
    #: and C(s, r) = 1 for pairs that make a tour, the count is
    #: sum A(s) B(r) C(s, r).  Folding one side keeps it as long as the other
    #: side's counts are mirror-invariant: so side 0 folds when the board is
    #: symmetric from the cut on.  When the whole board is symmetric both
    #: fold, and then sum A'(s) B'(r) (C(s, r) + C(ms, r)) = 2 x the count
    #: (ms: the mirror of s), which the join (:mod:`.frontier_jobs`) evaluates and halves.
    fold: bool = False
    both_fold: bool = False
    #: The ends of the path this side's final states may hold (path mode):
    #: 1 on side 1 of a board that a half turn maps to itself, cut in the
    #: middle (see :func:`make_part`), else 2.
    max_ends: int = 2
    #: Whether the join counts this side's states that hold both ends of
    #: the path twice: side 0's, when side 1 holds at most one.
    both_ends_twice: bool = False


def make_part(rows: int, cols: int, *, path_mode: bool, cut: int, side: int,
              pinned: Sequence[int] = (), removed: Sequence[int] = (),
              moves: Moves = None, every_end: bool = False) -> Part:
    """The half ``side`` of the board split at column ``cut`` (see Part).
    Move sets whose state is the knight's 2W + 1 cells split: their moves
    span at most two columns, so the edges that cross the cut all end in
    the boundary; a long leaper's do not (ValueError).

    Paths with both ends on one side: a final state of side 0 holds as
    many ends of the path (TERMs) as the path has in the columns before
    the cut, which side 0 finishes, and side 1's as many as it has after
    the boundary.  When a half turn maps the board to itself and the cut
    is in the middle, those two sets of columns are each other's images,
    so as many paths have both ends before the cut as after it: side 1
    then keeps only the states with at most one end (``max_ends``; its
    tables shrink by about half, 6x8 open: 4.0 M states to 1.8 M) and the
    join counts side 0's states with two ends twice (``both_ends_twice``),
    once for their images.  ``every_end=True`` keeps every state (the
    uniform sampler draws its tours from them)."""
    full = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=path_mode,
                   moves=moves)
    W, L, N = full.W, full.L, full.N
    if full.long:
        raise ValueError(f"no half of {article(f'{rows}x{cols}')} board for a move set that "
                         f"reaches {full.S} cells back: the join's boundary is two columns "
                         "(count it in one sweep)")
    if W < 3 or not 1 <= cut <= L - 3 or side not in (0, 1):
        raise ValueError(f"no half {side} of {article(f'{rows}x{cols}')} board cut at column {cut} "
                         "(width at least 3, 1 <= cut <= length - 3, side 0 or 1)")
    lo_cell = cut * W
    bnd = range(lo_cell, lo_cell + 2 * W)
    if side == 0:
        cells = range(lo_cell + 2 * W)

        def pos(x: int) -> int:
            return x
    else:
        cells = range(lo_cell, N)

        def pos(x: int) -> int:
            return N - 1 - x
    n = len(cells)
    # every edge (q < p) of the full board, and who owns it
    mine: list[tuple[int, int]] = []
    odeg = [0] * N
    for p in range(N):
        if not p & 4095:
            check_planning()
        for j in range(4):
            q = full.back[4 * p + j]
            if q < 0:
                continue
            left = q // W <= cut - 1  # an end left of the cut (q is the earlier)
            if left == (side == 0):
                if p < cells.start + n and p >= cells.start:
                    mine.append((pos(q), pos(p)))
            else:
                odeg[p] += 1
                odeg[q] += 1
    target = [0] * n
    for x in cells:
        target[pos(x)] = full.target[x]
    back = [-1] * (4 * n)
    fwdl: list[list[int]] = [[] for _ in range(n)]
    degree = [0] * n
    for u, v in mine:
        q, p = min(u, v), max(u, v)
        (cq, rq), (cp, rp) = divmod(q, W), divmod(p, W)
        # side 1 is the board turned 180 degrees: its edges are the same
        # moves (the set is closed under negation), so the same slots
        j = full.bmoves.index((cq - cp, rq - rp))
        back[4 * p + j] = q
        fwdl[q].append(p)
        degree[p] += 1
        degree[q] += 1
    big = n + 1  # "never": boundary cells are not finished here
    fwd = [len(f) for f in fwdl]
    last_fwd = [max(f) if f else p for p, f in enumerate(fwdl)]
    rem = [0] * (4 * n)
    for p in range(n):
        for j in range(4):
            q = back[4 * p + j]
            if q >= 0:
                rem[4 * p + j] = sum(1 for x in fwdl[q] if x > p)
    for x in bnd:
        check_planning()
        px = pos(x)
        last_fwd[px] = big
        fwd[px] += odeg[x]
        for p in range(n):
            for j in range(4):
                if back[4 * p + j] == px:
                    rem[4 * p + j] += odeg[x]
    pin = sorted(pos(x) if x in cells else big for x in full.pinned)
    bd = SweepBoard(rows, cols, W, n // W, n, target, back, rem, fwd, last_fwd, pin, big,
               path_mode, degree, bmoves=full.bmoves, mirror=full.mirror, moves=full.moves)
    S = 2 * W + 1
    bmap = [-1] + [k - 1 if side == 0 else 2 * W - k for k in range(1, S)]
    tg = full.target
    def sym(cells: range) -> bool:
        return all(tg[x] == tg[(x // W) * W + W - 1 - x % W] for x in cells)
    both = full.mirror and sym(range(N))
    # Side 0 may fold when side 1's counts are mirror-invariant.  Those
    # depend on the board from the cut on and also on the edges side 0 owns
    # into the boundary (from the two columns before the cut): they are in
    # side 1's forward degrees of its boundary cells, which its pruning
    # reads.  A hole there (5x8 open, hole at (1, 1), cut 3) made side 1 drop
    # states whose mirrors it kept, and folding side 0 then lost tours.
    after = sym(range(max(0, lo_cell - 2 * W), N))
    # a half turn maps cell p of the sweep to N - 1 - p
    halves = (path_mode and not every_end and not full.pinned and 2 * cut + 2 == L
              and all(tg[x] == tg[N - 1 - x] for x in range(N)))
    return Part(bd, bmap, [tg[x] for x in bnd],
                fold=both or (full.mirror and side == 0 and after), both_fold=both,
                max_ends=1 if halves and side == 1 else 2,
                both_ends_twice=halves and side == 0)


def run_part(part: Part, words: Sequence[int], *, deadline: float = 0.0,
             cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int | None = None,
             progress: _Progress | None = None, stop: int | None = None,
             start: tuple[int, _Table] | None = None,
             degrees: Mapping[int, int | Collection[int]] | None = None
             ) -> tuple[_Table, RunInfo]:
    """Sweep one half; return its final table (lo, hi, residues) and RunInfo.
    ``stop=P`` ends the sweep after its first P cells instead, and
    ``start=(P, table)`` resumes it from such a table (see
    :func:`shared_cells`).  ``degrees={cell: d}`` keeps only the tours in
    which each such cell takes exactly d of its back edges (a shard, see
    :mod:`.frontier_shards`).  The RunInfo's ``residues`` are those of the
    completions found in this run (none on a half, which ends at the cut;
    a whole board swept in segments, as :mod:`.checkpoint` runs it, adds
    up its segments')."""
    bd = part.board
    assert words[0] == 1 << 64
    mods = np.array([0] + list(words[1:]), dtype=np.uint64)
    res = np.zeros(len(words), dtype=np.uint64)
    sizes = np.zeros(bd.N, dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    out: list[npt.NDArray[np.uint64]] = []
    if cancel is not None:
        cancel = np.asarray(cancel)
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    resume: dict[str, Any] = {}
    if start is not None:
        resume = {"start_step": start[0], "start_lo": start[1][0], "start_hi": start[1][1],
                  "start_val": start[1][2]}
    t0 = time.perf_counter()
    st = run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=bd.path_mode, mods=mods,
             result=res, sizes=sizes, info=info, deadline=float(deadline), cancel=cancel,
             progress=progress, max_bytes=mb,
             dump_step=bd.N - 1 if stop is None else stop - 1, dump_out=out,
             fold=fold_cells(bd) if part.fold else None, degmask=_degmask(bd.N, degrees),
             max_ends=part.max_ends, **_arrays(bd), **resume)
    ri = RunInfo(sizes, int(info[0]), int(info[1]), int(info[2]),
                 time.perf_counter() - t0, tuple(int(x) for x in res))
    _raise_for_status(st, bd, ri, info, mb, len(words), " of one half")
    assert st == ST_OK and len(out) == 3
    return (out[0], out[1], out[2]), ri


def _degmask(n: int, degrees: Mapping[int, int | Collection[int]] | None
             ) -> npt.NDArray[np.uint8] | None:
    """The core's ``degmask`` for ``degrees`` ({cell: the back edges it
    takes, a number or a collection of the numbers allowed})."""
    if not degrees:
        return None
    mask = np.full(n, 7, dtype=np.uint8)
    for cell, d in degrees.items():
        allowed = (d,) if isinstance(d, int) else tuple(d)
        if not 0 <= cell < n or not allowed or any(x not in (0, 1, 2) for x in allowed):
            raise ValueError(f"degrees: cell {cell} of {n}, {d} edges")
        mask[cell] = sum(1 << x for x in set(allowed))
    return mask


def shared_cells(a: Part, b: Part) -> int:
    """How many first cells the sweeps of two halves share: the largest P
    such that the core, run on either, holds the same table after cell
    P - 1.

    On a board that turning by 180 degrees maps to itself, side 1 is the
    same sweep as side 0 except near the cut (side 1 owns the edges inside
    the boundary, and its boundary columns are side 0's columns cut + 1 and
    cut when the cut is in the middle): both halves can then share one
    sweep up to the middle of the board, and split for the last columns.
    The tables after cell P - 1 agree when every rule the core applies at
    the cells before P reads the same values: each cell's target, back
    edges, edges left, forward degree, folding and ends budget, and its
    last forward edge as far as it compares with cells before P.  Pinned
    ends count cells ahead of the sweep, so a board with any has P = 0.
    """
    ba, bb = a.board, b.board
    if ba.W != bb.W or ba.path_mode != bb.path_mode or ba.pinned or bb.pinned \
            or a.fold != b.fold:
        return 0
    W, n = ba.W, min(ba.N, bb.N)
    xa, xb = _arrays(ba), _arrays(bb)
    fa = fold_cells(ba) if a.fold else np.zeros(ba.N, np.uint8)
    fb = fold_cells(bb) if b.fold else np.zeros(bb.N, np.uint8)

    def cell(x: _CoreArrays, f: npt.NDArray[np.uint8], p: int) -> tuple[int, ...]:
        row = [int(x["target"][p]), int(x["fwd"][p]), int(f[p])]
        row += [int(v) for v in x["back"][4 * p:4 * p + 4]]
        row += [int(v) for v in x["rem"][4 * p:4 * p + 4]]
        if "endmask" in x:
            row += [int(v) for v in x["endmask"][2 * p:2 * p + 2]]
            row.append(int(x["pins_after"][p]))
        return tuple(row)

    P = 0
    while P < n and cell(xa, fa, P) == cell(xb, fb, P):
        P += 1
        if not P & 1023:
            check_planning()
    # last_fwd only meets cells before P (finished at p < P, or not yet)
    la, lb = xa["last_fwd"], xb["last_fwd"]
    Q = P
    for p in range(P):
        if min(int(la[p]), P) != min(int(lb[p]), P):
            Q = p
            break
    # the core resumes at a cell of the board, never before the first
    # column is done (nothing to share there)
    return Q if Q >= 2 * W and Q < n else 0

"""Pure-Python twin of ``frontier_sweep.pyx``: the same frontier DP, dict-based.

Slow (about 10^4-10^5 transitions per second) but short enough to read in
one sitting.  Tests compare it with the Cython core state for state (the
packed keys of every step) and count for count; benchmarks use it to
measure the speed-up.  Counts here are plain Python ints, so this twin is
also an independent check of the core's modular arithmetic and CRT.

The encoding and every rule are documented once, at the top of
``frontier_sweep.pyx``; the names below follow it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, overload

from ..errors import BoardTooLargeError
from .frontier_board import EMPTY, FULL, TERM, SweepBoard, prepare

__all__ = ["run_reference", "count_cycles_ref", "count_paths_ref", "step_choices"]


def _need_min(code: int, target: int, path_mode: bool) -> int:
    """Fewest further edges the cell must still get (see the core)."""
    if code == FULL or target == 0:
        return 0
    if code == EMPTY:
        return 1 if (target == 1 or path_mode) else 2
    return 0 if path_mode else 1


def _step(b: list[int], p: int, bd: SweepBoard,
          path_mode: bool) -> Iterator[tuple[list[int] | None, int]]:
    """Apply the choices for cell p to every subset; yield (new_a, closed)."""
    for a, closed, _ in step_choices(b, p, bd, path_mode):
        yield a, closed


def step_choices(b: list[int], p: int, bd: SweepBoard, path_mode: bool
                 ) -> Iterator[tuple[list[int] | None, int, tuple[int, ...]]]:
    """As :func:`_step`, with the back-edge slots each transition takes:
    yield (new_a, closed, sub), the edges of cell p being
    ``(p, bd.back[4 * p + j]) for j in sub`` (the sampler walks these)."""
    base = p - bd.S  # cell of slot 0
    tgt = bd.target
    avail = [j for j in range(4)
             if bd.back[4 * p + j] >= 0 and b[bd.back[4 * p + j] - base] != FULL]
    t = tgt[p]
    subsets: list[tuple[int, ...]] = [()]
    if t >= 1:
        subsets += [(j,) for j in avail]
    if t >= 2:
        subsets += [(avail[i], avail[k]) for i in range(len(avail))
                    for k in range(i + 1, len(avail))]
    ps = p - base  # slot of the new cell
    for sub in subsets:
        a = list(b)
        # The new cell's edges join in turn (fresh labels from 16 on, as in
        # the core), then the cells whose last possible edge was just decided
        # leave; each step mutates ``a``, and the first dead one ends the subset.
        joined = _closed_or_dead(
            _join(a, bd.back[4 * p + j] - base, ps, base, tgt, path_mode, 16 + i)
            for i, j in enumerate(sub))
        if joined < 0:
            continue
        fin = [bd.back[4 * p + j] for j in range(4)
               if bd.back[4 * p + j] >= 0 and bd.last_fwd[bd.back[4 * p + j]] == p]
        fin.sort()
        if bd.last_fwd[p] == p:
            fin.append(p)
        finished = _closed_or_dead(_finalize(a, q - base, q, p, base, bd, path_mode) for q in fin)
        if finished < 0:
            continue
        closed = joined + finished
        ok = True
        # Live cells touched by this step must still be able to reach their
        # target with the edges they have left.
        for j in range(4):
            q = bd.back[4 * p + j]
            if q >= 0 and bd.last_fwd[q] > p:
                if _need_min(a[q - base], tgt[q], path_mode) > bd.rem[4 * p + j]:
                    ok = False
                    break
        if ok and bd.last_fwd[p] > p:
            if _need_min(a[ps], tgt[p], path_mode) > bd.fwd[p]:
                ok = False
        if not ok:
            continue
        assert a[0] == EMPTY
        if closed:
            if closed == 1 and _complete(a, p, base, bd):
                yield None, 1, sub
            continue
        if path_mode and _ends_over(a, p, base, bd):
            continue
        yield a[1:], 0, sub


def _closed_or_dead(steps: Iterable[int]) -> int:
    """The loops a run of joins or finalizes closes, or -1 at the first dead
    one (< 0); ``steps`` is lazy, so nothing after a dead step runs, as the
    core's loops break there."""
    closed = 0
    for r in steps:
        if r < 0:
            return -1
        closed += r
    return closed


def _ends_over(a: list[int], p: int, base: int, bd: SweepBoard) -> bool:
    """The ends budget: the ends used (TERM) and the ends bound to come
    (pinned cells without their edge, live cells wanting two edges with
    one left to decide) pass the two ends of a path."""
    ends = sum(1 for v in a if v == TERM) + _pinned_unedged(a, p, base, bd)
    for s in range(1, len(a)):
        q = base + s
        if q < 0 or a[s] != EMPTY or bd.target[q] != 2 or bd.last_fwd[q] <= p:
            continue
        left = bd.fwd[q] - sum(1 for x in range(q + 1, p + 1) if q in bd.back[4 * x:4 * x + 4])
        if left == 1:
            ends += 1
    return ends > 2


def _mate(a: list[int], s: int) -> int:
    for i, v in enumerate(a):
        if v == a[s] and i != s:
            return i
    raise AssertionError("unpaired label")


def _join(a: list[int], su: int, ps: int, base: int, tgt: list[int], path_mode: bool,
          fresh: int) -> int:
    """Add the edge between slots su and ps: -1 invalid, 1 closed, else 0."""
    cu, cp = a[su], a[ps]
    if cu >= 3 and cu == cp:  # both ends of one path: a cycle
        if path_mode:
            return -1
        a[su] = a[ps] = FULL
        return 1
    ends = []
    for s, c in ((su, cu), (ps, cp)):
        if c == EMPTY:
            if tgt[base + s] == 1:
                a[s] = FULL
                ends.append(-1)  # terminal
            else:
                a[s] = fresh  # placeholder, overwritten below
                ends.append(s)
        else:
            other = -1 if c == TERM else _mate(a, s)
            a[s] = FULL
            ends.append(other)
    e1, e2 = ends
    if e1 < 0 and e2 < 0:
        return 1
    if e1 < 0:
        a[e2] = TERM
    elif e2 < 0:
        a[e1] = TERM
    else:
        a[e1] = a[e2] = fresh
    return 0


def _pinned_unedged(a: list[int], p: int, base: int, bd: SweepBoard) -> int:
    n = 0
    for q in bd.pinned:
        if q > p:
            n += 1
        elif q >= base and a[q - base] == EMPTY and bd.last_fwd[q] > p:
            n += 1
    return n


def _finalize(a: list[int], s: int, q: int, p: int, base: int, bd: SweepBoard,
              path_mode: bool) -> int:
    c = a[s]
    t = bd.target[q]
    if c == EMPTY:
        return -1 if t > 0 else 0
    if c == FULL:
        a[s] = EMPTY
        return 0
    # degree 1 on a cell that wants 2: it becomes a free end of the path
    if not path_mode:
        return -1
    nterm = sum(1 for v in a if v == TERM)
    if c == TERM:
        a[s] = EMPTY
        return 1
    m = _mate(a, s)
    a[m] = TERM
    a[s] = EMPTY
    if nterm + 1 + _pinned_unedged(a, p, base, bd) > 2:
        return -1
    return 0


def _complete(a: list[int], p: int, base: int, bd: SweepBoard) -> bool:
    if p < bd.last_needed:
        return False
    for i, v in enumerate(a):
        if v >= TERM:
            return False
        q = base + i
        if v == EMPTY and q >= 0 and bd.target[q] > 0 and bd.last_fwd[q] > p:
            return False
    return True


def canon_key(a: list[int]) -> int:
    """Relabel paths in order of first appearance and pack 4 bits a slot;
    BoardTooLargeError past label 15, as the core stops (a long leaper's
    window may hold more fragments than a nibble has labels)."""
    m: dict[int, int] = {}
    key = 0
    for i, v in enumerate(a):
        if v >= 3:
            if v not in m:
                if len(m) == 13:
                    raise BoardTooLargeError("a frontier state holds more path fragments "
                                             "than the 13 labels a slot's 4 bits hold")
                m[v] = 3 + len(m)
            v = m[v]
        key |= v << (4 * i)
    return key


def decode(key: int, nslots: int) -> list[int]:
    return [(key >> (4 * i)) & 15 for i in range(nslots)]


@overload
def run_reference(bd: SweepBoard, path_mode: bool,
                  record: Literal[False] = ...) -> tuple[int, list[int]]: ...
@overload
def run_reference(bd: SweepBoard, path_mode: bool,
                  record: Literal[True]) -> tuple[int, list[int], list[dict[int, int]]]: ...
@overload
def run_reference(bd: SweepBoard, path_mode: bool, record: bool = ...
                  ) -> tuple[int, list[int]] | tuple[int, list[int], list[dict[int, int]]]: ...
def run_reference(bd: SweepBoard, path_mode: bool, record: bool = False
                  ) -> tuple[int, list[int]] | tuple[int, list[int], list[dict[int, int]]]:
    """Run the DP; return (count, states per step[, tables per step])."""
    S = bd.S
    table = {0: 1}
    finished = 0
    sizes = []
    tables = []
    for p in range(bd.N):
        nxt: dict[int, int] = {}
        for key, cnt in table.items():
            b = decode(key, S) + [EMPTY]
            for a, closed in _step(b, p, bd, path_mode):
                if closed:
                    finished += cnt
                else:
                    assert a is not None  # _step yields None only for a closed tour
                    k = canon_key(a)
                    nxt[k] = nxt.get(k, 0) + cnt
        table = nxt
        sizes.append(len(table))
        if record:
            tables.append(dict(table))
    if record:
        return finished, sizes, tables
    return finished, sizes


def count_cycles_ref(rows: int, cols: int, removed: Sequence[int] = (),
                     moves: Sequence[tuple[int, int]] | None = None) -> int:
    """Undirected Hamiltonian cycles of the board without ``removed``
    (``moves``: another move set the frontier serves; None: the knight)."""
    bd = prepare(rows, cols, removed=removed, pinned=(), moves=moves)
    if bd.trivial is not None:
        return bd.trivial
    return run_reference(bd, False)[0]


def count_paths_ref(rows: int, cols: int, pinned: Sequence[int] = (),
                    removed: Sequence[int] = (),
                    moves: Sequence[tuple[int, int]] | None = None) -> int:
    """Undirected Hamiltonian paths with the ends ``pinned`` (see
    :func:`count_cycles_ref`)."""
    bd = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=True, moves=moves)
    if bd.trivial is not None:
        return bd.trivial
    return run_reference(bd, True)[0]

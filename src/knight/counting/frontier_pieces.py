"""Meet in the middle in pieces: both halves cut by the degrees at the cut.

:mod:`.frontier_shards` sweeps side 1's last column in shards and joins each
with side 0's whole table, which must then fit in memory.  This module cuts
both halves.

Every tour takes a definite number of edges at each cell x of the cut
column (the first column of the boundary): d0 of them from side 0 (edges
to the two columns before) and d1 from side 1 (edges to the two after),
with d0 + d1 = 2, or 1 where the path ends (:func:`compatible`).  Fixing
the degrees at a set X of those cells (a *pattern*) cuts each side's tours
into disjoint sets (``frontier_sweep.run``'s ``degmask``), whose final
tables keep the degrees, and a table of side 0 joins with one of side 1
only where their patterns complement each other: the join checks every
pair anyway, so a pair of tables joined needlessly adds nothing, and the
count is the sum of the joins of every pair that can add something.

Mirror folding.  Where both halves fold (a board symmetric under
reflecting the rows), X is closed under the mirror and patterns go in
*classes*, a pattern and its mirror: a folded table of one pattern holds
states of the mirrored one too, so only whole classes are meaningful
(summed over a class, the mirrored left tables that the join takes are
twice the unfolded tours of the class, and the right tables, each sweep
linear in the stem it starts from, a folded form of the class's), and
every pattern of a class is joined with every pattern of each class it
pairs with.  Where only side 0 would fold, neither does here.

A *piece* (:class:`PieceSpec`) holds the classes of one side (``held``)
whose degrees agree on the outer rows of X, and joins them with the
tables of the other side's classes that pair with one of them, swept one
at a time; every compatible pair of classes is joined in exactly the
piece that holds its held class.  Each piece's tables are swept from its
half's table where X starts (the *stem*) as a tree that branches at each
cell of X (:func:`pattern_tables`), and a piece whose tables outgrow the
memory is cut finer, by more outer rows.  Pieces are independent: a
checkpoint records the sum of the pieces done (``count(...,
checkpoint=DIR)``), and a count killed resumes at its next piece.

It buys memory with time (``benchmarks/bench_pieces.py``), and the
split count falls back to it only where side 0's table does not fit
whole (:func:`~.frontier_count.count_split`).  A piece is resumable and
divisible: :func:`run_piece` reports each streamed table joined
(``step=``) and starts after one (``after=``, ``residues=``) or stops at
one (``upto=``), and :func:`held_tables` / :func:`held_arrays` and
:func:`stream_joins` are its two halves, so several processes can share
a piece (its held tables in shares, its streamed patterns in ranges).
``benchmarks/count_in_sessions.py`` counts 8x8 open so, over sessions:
side 1's stem where its last column starts holds 197 million states, and
a piece takes about half an hour to an hour on two cores.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import product

import numpy as np
import numpy.typing as npt

from ..errors import BoardTooLargeError
from .frontier_halves import Part, _Table, make_part, run_part, shared_cells
from .frontier_jobs import JoinJob, combine_joins, left_for_join, right_for_join, run_join
from .frontier_run import DEFAULT_MAX_BYTES

__all__ = ["PieceJob", "PieceSpec", "combine_pieces", "compatible", "count_in_pieces",
           "held_arrays", "held_job", "held_tables", "least_memory_spec", "make_spec",
           "mirror_pattern", "pattern_tables", "piece_rows", "run_piece", "run_piece_job",
           "stems", "stream_joins", "streamed_patterns", "tree_key"]

#: A pattern: the degree (0, 1 or 2) at each row of X, in the order of X.
Pattern = tuple[int, ...]


def compatible(d0: Pattern, d1: Pattern, free_ends: int) -> bool:
    """Whether side 0's degrees ``d0`` and side 1's ``d1`` at the same cells
    can belong to one tour: at each cell they add up to 2, or to 1 at
    most ``free_ends`` cells (the ends of a path that are not pinned).

    >>> compatible((2, 1), (0, 1), 0), compatible((2, 1), (0, 0), 0), compatible((2, 1), (0, 0), 1)
    (True, False, True)
    """
    ends = 0
    for a, b in zip(d0, d1):
        s = a + b
        if s == 1:
            ends += 1
        elif s != 2:
            return False
    return ends <= free_ends


def piece_rows(W: int, m: int) -> tuple[int, ...]:
    """The ``m`` rows of the cut column whose degrees cut the halves into
    pieces: the outer rows, closed under the mirror (r and W - 1 - r; m
    rounded up to even).  Side 0 sweeps the column from row 0, side 1 from
    row W - 1, so with the outer rows both halves' stems end where the
    column starts, before their tables grow in it: with the middle rows of
    8x8 open side 1's stem, two cells into its last column, outgrew 20 GiB.

    >>> piece_rows(8, 4), piece_rows(7, 3), piece_rows(8, 1)
    ((0, 1, 6, 7), (0, 1, 5, 6), (0, 7))
    """
    if not 1 <= m <= W:
        raise ValueError(f"piece rows: 1 <= m <= {W}, got {m}")
    k = min(-(-m // 2), W // 2)
    return tuple(sorted(set(range(k)) | set(range(W - k, W))))


def mirror_pattern(d: Pattern, xrows: Sequence[int], W: int) -> Pattern:
    """The pattern ``d`` (degrees at the rows ``xrows``) reflected: the
    degree at row r becomes the degree at row W - 1 - r.

    >>> mirror_pattern((0, 1, 2, 2), (0, 1, 6, 7), 8)
    (2, 2, 1, 0)
    """
    pos = {r: i for i, r in enumerate(xrows)}
    return tuple(d[pos[W - 1 - r]] for r in xrows)


@dataclass(frozen=True)
class PieceSpec:
    """A count in pieces (see the module): the board, the cut, the rows X
    of the cut column, the classes of patterns (one pattern, or a pattern
    and its mirror where the halves fold), and the pieces: each a tuple of
    the classes of the *held* side (``held``, 0 or 1) it sweeps and keeps,
    joined with every class of the other side compatible with one of them,
    swept in turn.  Every pair of compatible classes is joined in exactly
    one piece: the one that holds its class of the held side.  Picklable;
    the same arguments give the same spec, in the same order, so a
    checkpoint's position names the same pieces."""

    rows: int
    cols: int
    path_mode: bool
    cut: int
    pinned: tuple[int, ...]
    removed: tuple[int, ...]
    moves: tuple[tuple[int, int], ...] | None
    words: tuple[int, ...]
    fold: bool
    xrows: tuple[int, ...]
    classes: tuple[tuple[Pattern, ...], ...]
    held: int
    key: int
    pieces: tuple[tuple[int, ...], ...]

    def parts(self) -> list[Part]:
        """The two halves, folding as this count does."""
        parts = [make_part(self.rows, self.cols, path_mode=self.path_mode, cut=self.cut,
                           side=s, pinned=self.pinned, removed=self.removed, moves=self.moves)
                 for s in (0, 1)]
        if not self.fold:
            parts = [replace(p, fold=False, both_fold=False) for p in parts]
        return parts

    def cells(self, side: int, parts: Sequence[Part]) -> list[int]:
        """The cells of X in side ``side``'s numbering, in the order of X."""
        W = parts[0].board.W
        full = [self.cut * W + r for r in self.xrows]
        if side == 0:
            return full
        n1 = parts[1].board.N
        return [n1 - 1 - (x - self.cut * W) for x in full]

    def stem_at(self, side: int, parts: Sequence[Part]) -> int:
        """Where side ``side``'s stem ends: its first cell of X."""
        return min(self.cells(side, parts))

    def free_ends(self) -> int:
        """The ends of the path that are not pinned (0 for cycles)."""
        return 2 - len(self.pinned) if self.path_mode else 0

    def pairs(self, held: Sequence[int]) -> list[tuple[int, list[int]]]:
        """The classes of the other side that the held classes ``held`` (a
        piece's) are joined with, each with those of ``held`` it pairs with."""
        free = self.free_ends()
        out = []
        for j, other in enumerate(self.classes):
            mates = [i for i in held
                     if any(compatible(*((a, b) if self.held == 0 else (b, a)), free)
                            for a in self.classes[i] for b in other)]
            if mates:
                out.append((j, mates))
        return out

    def split(self, held: Sequence[int], k: int) -> list[tuple[int, ...]]:
        """The held classes ``held`` grouped by their degrees on the ``k``
        outermost rows of X on each side (up to the mirror where the halves
        fold): the pieces of a spec keyed by k rows, or a piece cut finer."""
        keys: dict[tuple[Pattern, ...], list[int]] = {}
        for i in held:
            outer = [d[:k] + d[len(d) - k:] if k else () for d in self.classes[i]]
            keys.setdefault(tuple(sorted(set(outer))), []).append(i)
        return [tuple(v) for _, v in sorted(keys.items())]


def make_spec(rows: int, cols: int, path_mode: bool, cut: int, words: Sequence[int], *,
              pinned: Sequence[int] = (), removed: Sequence[int] = (),
              moves: tuple[tuple[int, int], ...] | None = None, m: int = 4,
              held: int = 0, key_rows: int = 1) -> PieceSpec:
    """The pieces of a split count (``cut``, ``words`` as
    :func:`~.frontier_jobs.plan_jobs` chose them), with X the ``m`` outer
    rows of the cut column (:func:`piece_rows`; the rows that want two
    edges: holes and pinned ends are left out), side ``held`` kept a piece
    at a time.  A piece holds the classes whose degrees agree on the
    ``key_rows`` outermost rows of X on each side (up to the mirror): the
    other side's classes are joined with the held classes they can pair
    with, and pieces that agree there share most of those (a class of the
    other side is swept for about 3 pieces of 6, not for 6 classes of 45)."""
    if held not in (0, 1):
        raise ValueError(f"held must be side 0 or 1, got {held!r}")
    parts = [make_part(rows, cols, path_mode=path_mode, cut=cut, side=s, pinned=pinned,
                       removed=removed, moves=moves) for s in (0, 1)]
    fold = parts[0].both_fold
    W = parts[0].board.W
    bt = parts[0].btarget  # boundary cells: column cut rows 0..W-1 first
    xrows = tuple(r for r in piece_rows(W, min(m, W)) if bt[r] == 2)
    if fold:  # X closed under the mirror (targets are symmetric there)
        xrows = tuple(r for r in xrows if W - 1 - r in xrows)
    classes: list[tuple[Pattern, ...]] = []
    seen: set[Pattern] = set()
    for d in product((0, 1, 2), repeat=len(xrows)):
        if d not in seen:
            md = mirror_pattern(d, xrows, W) if fold else d
            group = (d,) if md == d else (d, md)
            seen.update(group)
            classes.append(group)
    k = min(key_rows, len(xrows) // 2)
    spec = PieceSpec(rows, cols, path_mode, cut, tuple(pinned), tuple(removed), moves,
                     tuple(words), fold, xrows, tuple(classes), held, k, ())
    return replace(spec, pieces=tuple(spec.split(range(len(classes)), k)))


def least_memory_spec(rows: int, cols: int, path_mode: bool, cut: int,
                      words: Sequence[int], *, pinned: Sequence[int] = (),
                      removed: Sequence[int] = (),
                      moves: tuple[tuple[int, int], ...] | None = None) -> PieceSpec:
    """The pieces a count falls back to when side 0's table does not fit
    whole: every row of the cut column in X and side 1 (the larger) held,
    keyed by one row a side, for the least memory (6x7 open: 6.2 MB against
    64 MB for the halves whole); a piece that outgrows it is cut finer."""
    W = make_part(rows, cols, path_mode=path_mode, cut=cut, side=0, pinned=pinned,
                  removed=removed, moves=moves).board.W
    return make_spec(rows, cols, path_mode, cut, words, pinned=pinned, removed=removed,
                     moves=moves, m=W, held=1, key_rows=1)


def stems(spec: PieceSpec, *, deadline: float = 0.0,
          cancel: npt.NDArray[np.uint8] | None = None,
          max_bytes: int | None = None) -> tuple[tuple[int, _Table], tuple[int, _Table]]:
    """Each half's table where its cells of X start, as (cell, table): the
    prefix both halves share swept once (:func:`~.frontier_halves.shared_cells`)."""
    parts = spec.parts()
    P = shared_cells(parts[0], parts[1])
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    out: list[tuple[int, _Table]] = []
    shared: tuple[int, _Table] | None = None
    for side in (0, 1):
        held = sum(a.nbytes for _, t in out for a in t) + (
            0 if shared is None else sum(a.nbytes for a in shared[1]))
        at = spec.stem_at(side, parts)
        start = None
        if P and at >= P:
            if shared is None:
                shared = (P, run_part(parts[0], spec.words, deadline=deadline, cancel=cancel,
                                      max_bytes=mb - held, stop=P)[0])
            start = shared if at > P else None
        if start is None and P and at == P and shared is not None:
            out.append((at, shared[1]))
            continue
        table = run_part(parts[side], spec.words, deadline=deadline, cancel=cancel,
                         max_bytes=mb - held, stop=at, start=start)[0]
        out.append((at, table))
    return out[0], out[1]


def pattern_tables(spec: PieceSpec, parts: Sequence[Part], side: int,
                   stem: tuple[int, _Table], wanted: Collection[Pattern], *,
                   deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                   max_bytes: int | Callable[[], int] = DEFAULT_MAX_BYTES,
                   spill_to: str | os.PathLike[str] | None = None
                   ) -> Iterator[tuple[Pattern, _Table]]:
    """Side ``side``'s final table for each pattern of ``wanted``, swept
    from its stem as a tree: the sweep stops after each cell of X (in the
    order the side sweeps them) and branches there by the cell's degree,
    depth first, each branch resumed from the table its parent stopped
    with.  Every level of the tree sweeps about what one sweep of the
    column would, so all the patterns cost about one sweep, not one each
    (81 sweeps of side 1's stem on 6x8 open: 10.7 s against 2.5 s).  The
    patterns come in the order of the tree, each of ``wanted`` once (empty
    tables too, where no state reaches a branch).  ``max_bytes``: the memory
    for the tables, or a function that says it at each sweep (what the
    caller keeps of the tables given before counts against it).
    ``spill_to``: a directory where the tables that branches sweep from are
    kept in files (a directory of its own in it, removed at the end)
    rather than in memory, which then holds one sweep's tables only: the
    ancestors of a branch of 8x8 open's side-1 tree held 7.4 GB."""
    cells = spec.cells(side, parts)
    spill: str | None = None
    order = sorted(range(len(cells)), key=lambda i: cells[i])  # X in sweep order
    wanted = set(wanted)

    def branch(at: tuple[int, _Table], depth: int, prefix: dict[int, int], above: int
               ) -> Iterator[tuple[Pattern, _Table]]:
        # above: the bytes of the tables this branch's ancestors keep
        i = order[depth]
        for d in (0, 1, 2):
            fixed = {**prefix, i: d}
            if not any(all(w[k] == v for k, v in fixed.items()) for w in wanted):
                continue
            last = depth == len(order) - 1
            table = run_part(parts[side], spec.words, deadline=deadline, cancel=cancel,
                             max_bytes=(max_bytes() if callable(max_bytes) else max_bytes)
                             - above, start=at,
                             stop=None if last else cells[i] + 1,
                             degrees={cells[i]: d})[0]
            if last:
                yield tuple(fixed[k] for k in range(len(cells))), table
            elif len(table[0]):
                nbytes = sum(a.nbytes for a in table)
                names = []
                if spill is not None:
                    # kept in files while its branches sweep from it: the
                    # page cache holds what memory allows (the sweep reads
                    # a start table in place, in order)
                    names = [os.path.join(spill, f"{depth}-{k}.npy") for k in range(3)]
                    for name, a in zip(names, table):
                        np.save(name, a)
                    table = (np.load(names[0], mmap_mode="r"),
                             np.load(names[1], mmap_mode="r"),
                             np.load(names[2], mmap_mode="r"))
                    nbytes = 0
                yield from branch((cells[i] + 1, table), depth + 1, fixed, above + nbytes)
                for name in names:
                    os.unlink(name)
            else:
                # No state reaches this branch: its patterns' tables are
                # empty, and given all the same, so that every pattern asked
                # for comes back (a range of streamed patterns cut at one of
                # them would otherwise run on past its end into the next).
                below = sorted((w for w in wanted
                                if all(w[k] == v for k, v in fixed.items())),
                               key=lambda w: tuple(w[k] for k in order))
                for w in below:
                    yield w, table
            del table

    if wanted and spill_to is not None:
        with tempfile.TemporaryDirectory(dir=spill_to, prefix="tree-") as spill:
            yield from branch(stem, 0, {}, 0)
    elif wanted:
        yield from branch(stem, 0, {}, 0)


def _base(spec: PieceSpec, parts: Sequence[Part]) -> JoinJob:
    """A JoinJob for this count with both tables empty."""
    none = np.empty(0, dtype=np.uint64)
    return JoinJob(parts[0].board.W, spec.path_mode, tuple(parts[0].btarget),
                   tuple(parts[0].bmap), tuple(parts[1].bmap), spec.words,
                   parts[0].both_fold, (none, none, none, none), (none, none, none, none))


def _prepared(spec: PieceSpec, parts: Sequence[Part], side: int, table: _Table,
              base: JoinJob) -> JoinJob:
    """``table`` of side ``side`` as the join takes it, in a copy of ``base``."""
    if side == 0:
        return replace(base, left=left_for_join(table, parts, spec.words).left)
    return replace(base, right=right_for_join(base, list(table), parts[1]).right)


def _add(total: Sequence[int], share: Sequence[int], words: Sequence[int]) -> list[int]:
    return [(t + x) % (1 << 64 if j == 0 else words[j])
            for j, (t, x) in enumerate(zip(total, share))]


def tree_key(spec: PieceSpec, parts: Sequence[Part], side: int) -> Callable[[Pattern], Pattern]:
    """The order :func:`pattern_tables` gives side ``side``'s patterns in,
    as a sort key: the degrees in the order the side sweeps X.

    >>> spec = make_spec(6, 6, True, 2, (1 << 64,), m=2)
    >>> spec.xrows, tree_key(spec, spec.parts(), 1)((0, 2))
    ((0, 5), (2, 0))
    """
    cells = spec.cells(side, parts)
    order = sorted(range(len(cells)), key=lambda i: cells[i])
    return lambda d: tuple(d[i] for i in order)


def streamed_patterns(spec: PieceSpec, mine: Sequence[int],
                      parts: Sequence[Part] | None = None) -> list[Pattern]:
    """The patterns of the side not held that a piece whose held classes
    are ``mine`` joins, in the order it sweeps them (:func:`tree_key`):
    what ``after`` and ``upto`` of :func:`run_piece` cut in ranges.

    >>> spec = make_spec(6, 6, True, 2, (1 << 64,), m=2)
    >>> streamed_patterns(spec, spec.pieces[0])[:3]
    [(1, 1), (2, 1), (1, 2)]
    """
    parts = spec.parts() if parts is None else parts
    key = tree_key(spec, parts, 1 - spec.held)
    return sorted((d for j, _ in spec.pairs(mine) for d in spec.classes[j]), key=key)


def held_tables(spec: PieceSpec, mine: Sequence[int], stem0: tuple[int, _Table],
                stem1: tuple[int, _Table], *, deadline: float = 0.0,
                cancel: npt.NDArray[np.uint8] | None = None,
                max_bytes: int | None = None) -> tuple[dict[Pattern, JoinJob], int]:
    """The held side's final tables of the patterns of the held classes
    ``mine``, as the join takes them (empty tables left out), and their
    states: the first half of a piece's work (:func:`stream_joins` is the
    other).  Read-only from then on, so processes forked after this share
    them (``benchmarks/count_in_sessions.py`` streams a piece so)."""
    held: dict[Pattern, JoinJob] = {}
    nheld = 0
    for d, arrays, n in held_arrays(spec, mine, stem0, stem1, deadline=deadline,
                                    cancel=cancel, max_bytes=max_bytes,
                                    keeping=lambda: sum(_held_bytes(j, spec.held)
                                                        for j in held.values())):
        nheld += n
        if arrays is not None:
            held[d] = held_job(spec, arrays)
    return held, nheld


def held_arrays(spec: PieceSpec, mine: Sequence[int], stem0: tuple[int, _Table],
                stem1: tuple[int, _Table], *, patterns: Collection[Pattern] | None = None,
                deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                max_bytes: int | None = None, keeping: Callable[[], int] | None = None,
                spill_to: str | os.PathLike[str] | None = None
                ) -> Iterator[tuple[Pattern, tuple[npt.NDArray[np.uint64], ...] | None, int]]:
    """The held tables of :func:`held_tables` one at a time, as the four
    arrays the join takes (None for an empty table), with their states:
    of ``patterns`` only if given (a share of the piece's held patterns,
    for processes that sweep them side by side and keep them in files,
    :func:`held_job` wraps them again).  ``keeping()``: the bytes the
    caller keeps of what came before, which ``max_bytes`` must hold too;
    ``spill_to``: as :func:`pattern_tables`."""
    parts = spec.parts()
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    h = spec.held
    base = _base(spec, parts)
    wanted = [d for i in mine for d in spec.classes[i]] if patterns is None else patterns
    def room() -> int:
        return mb - (keeping() if keeping is not None else 0)

    for d, table in pattern_tables(spec, parts, h, (stem0, stem1)[h], wanted,
                                   deadline=deadline, cancel=cancel, max_bytes=room,
                                   spill_to=spill_to):
        n = len(table[0])
        if not n:
            yield d, None, 0
            continue
        job = _prepared(spec, parts, h, table, base)
        del table
        yield d, (job.left if h == 0 else job.right), n


def held_job(spec: PieceSpec, arrays: Sequence[npt.NDArray[np.uint64]]) -> JoinJob:
    """A held table's four arrays (:func:`held_arrays`; memory maps of
    files will do: the join only reads them) as :func:`stream_joins` takes
    it in ``held``."""
    base = _base(spec, spec.parts())
    four = (arrays[0], arrays[1], arrays[2], arrays[3])
    return replace(base, left=four) if spec.held == 0 else replace(base, right=four)


def _held_bytes(job: JoinJob, side: int) -> int:
    return sum(a.nbytes for a in (job.left if side == 0 else job.right))


def stream_joins(spec: PieceSpec, mine: Sequence[int], held: dict[Pattern, JoinJob],
                 stem0: tuple[int, _Table], stem1: tuple[int, _Table], *,
                 deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                 max_bytes: int | None = None, after: Pattern | None = None,
                 upto: Pattern | None = None, residues: Sequence[int] | None = None,
                 step: Callable[[Pattern, tuple[int, ...]], object] | None = None
                 ) -> tuple[tuple[int, ...], int, float]:
    """The second half of a piece's work: the tables of the other side's
    patterns whose classes pair with the held classes ``mine`` (those
    after ``after`` up to ``upto`` in :func:`tree_key` order, all by
    default), swept one at a time and each joined with the held tables
    (``held``, :func:`held_tables`) it can pair with; the residues (added
    to ``residues``), the states streamed and the seconds spent joining.
    ``step``: as :func:`run_piece`.  A folded table of one pattern holds
    states of its mirror too, so the join is complete only over whole
    classes: every pattern of a class meets every pattern of each class it
    pairs with."""
    parts = spec.parts()
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    h, o = spec.held, 1 - spec.held
    used = sum(_held_bytes(j, h) for j in held.values())
    base = _base(spec, parts)
    of_class = {d: i for i, c in enumerate(spec.classes) for d in c}
    pairs = dict(spec.pairs(mine))
    theirs = streamed_patterns(spec, mine, parts)
    key = tree_key(spec, parts, o)
    if after is not None:
        theirs = [d for d in theirs if key(d) > key(after)]
    if upto is not None:
        theirs = [d for d in theirs if key(d) <= key(upto)]
    total = [0] * len(spec.words) if residues is None else [int(r) for r in residues]
    nother = 0
    tjoin = 0.0
    for e, table in pattern_tables(spec, parts, o, (stem0, stem1)[o], theirs,
                                   deadline=deadline, cancel=cancel, max_bytes=mb - used):
        nother += len(table[0])
        if not len(table[0]):
            if step is not None:
                step(e, tuple(total))
            continue
        other = _prepared(spec, parts, o, table, base)
        del table
        t2 = time.perf_counter()
        for i in pairs[of_class[e]]:
            for d in spec.classes[i]:
                if d not in held:
                    continue
                jj = (replace(held[d], right=other.right) if h == 0
                      else replace(held[d], left=other.left))
                total = _add(total, run_join(jj, deadline), spec.words)
        tjoin += time.perf_counter() - t2
        del other
        if step is not None:
            step(e, tuple(total))
    return tuple(total), nother, tjoin


def run_piece(spec: PieceSpec, index: int, stem0: tuple[int, _Table],
              stem1: tuple[int, _Table], *, deadline: float = 0.0,
              cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int | None = None,
              log: Callable[[str], object] | None = None, after: Pattern | None = None,
              upto: Pattern | None = None, residues: Sequence[int] | None = None,
              step: Callable[[Pattern, tuple[int, ...]], object] | None = None
              ) -> tuple[int, ...]:
    """The residues of piece ``index`` (see :func:`_run_classes`); add them
    up over every piece with :func:`combine_pieces`.

    A piece can be resumed: ``step(pattern, residues)`` is called after
    each table of the streamed side (the side not held) has been joined,
    with the residues so far; called again with ``after=pattern`` and
    ``residues=`` those, the piece sweeps its held tables again but skips
    the streamed patterns up to ``pattern`` (in :func:`tree_key` order)
    and ends with the same residues as a run without a stop.  ``upto``
    ends the streamed patterns there instead, so a piece's streamed
    patterns (:func:`streamed_patterns`) can be cut in ranges whose
    residues add up (a count that runs for days records and shares out its
    pieces so, ``benchmarks/count_in_sessions.py``).

    >>> spec = make_spec(6, 6, True, 2, (1 << 64,))
    >>> s0, s1 = stems(spec)
    >>> seen = []
    >>> whole = run_piece(spec, 0, s0, s1, step=lambda d, r: seen.append((d, r)))
    >>> d, r = seen[len(seen) // 2]
    >>> run_piece(spec, 0, s0, s1, after=d, residues=r) == whole
    True
    """
    return _run_classes(spec, spec.pieces[index], stem0, stem1, deadline=deadline,
                        cancel=cancel, max_bytes=max_bytes, log=log, after=after, upto=upto,
                        residues=residues, step=step)[0]


def _run_classes(spec: PieceSpec, mine: Sequence[int], stem0: tuple[int, _Table],
                 stem1: tuple[int, _Table], *, deadline: float = 0.0,
                 cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int | None = None,
                 log: Callable[[str], object] | None = None, after: Pattern | None = None,
                 upto: Pattern | None = None, residues: Sequence[int] | None = None,
                 step: Callable[[Pattern, tuple[int, ...]], object] | None = None
                 ) -> tuple[tuple[int, ...], int]:
    """The residues of a piece whose held classes are ``mine``
    (:func:`held_tables` then :func:`stream_joins`), and the states of all
    its tables.  ``after``, ``upto``, ``residues``, ``step``: resuming and
    ranges (:func:`run_piece`)."""
    t0 = time.perf_counter()
    held, nheld = held_tables(spec, mine, stem0, stem1, deadline=deadline, cancel=cancel,
                              max_bytes=max_bytes)
    t1 = time.perf_counter()
    total, nother, tjoin = stream_joins(spec, mine, held, stem0, stem1, deadline=deadline,
                                        cancel=cancel, max_bytes=max_bytes, after=after,
                                        upto=upto, residues=residues, step=step)
    if log is not None:
        log(f"piece {list(mine)}: {len(mine)} classes of side {spec.held}, {nheld} states "
            f"({t1 - t0:.1f} s); {len(spec.pairs(mine))} classes of side {1 - spec.held}, "
            f"{nother} states, joins {tjoin:.1f} s; {time.perf_counter() - t0:.1f} s")
    return total, nheld + nother


def _run_piece(spec: PieceSpec, mine: Sequence[int], stem0: tuple[int, _Table],
               stem1: tuple[int, _Table], k: int, *, deadline: float = 0.0,
               cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int | None = None,
               log: Callable[[str], object] | None = None) -> tuple[tuple[int, ...], int]:
    """:func:`_run_classes` on the held classes ``mine`` (a piece keyed by
    ``k`` rows), cut finer (keyed by k + 1 rows) and run again when its
    tables outgrow ``max_bytes``: a piece holds fewer states the more rows
    key it (6x7 open, all 6 rows in X: 6.2 MB in pieces cut so, against
    64 MB for the halves whole)."""
    try:
        return _run_classes(spec, mine, stem0, stem1, deadline=deadline, cancel=cancel,
                            max_bytes=max_bytes, log=log)
    except BoardTooLargeError:
        finer = spec.split(mine, k + 1)
        if k + 1 > len(spec.xrows) // 2 or len(finer) < 2:
            raise
    total: list[int] = [0] * len(spec.words)
    states = 0
    for sub in finer:
        share, n = _run_piece(spec, sub, stem0, stem1, k + 1, deadline=deadline,
                              cancel=cancel, max_bytes=max_bytes, log=log)
        total = _add(total, share, spec.words)
        states += n
    return tuple(total), states


@dataclass(frozen=True)
class PieceJob:
    """One piece of a count, for :func:`run_piece_job` on any executor:
    the spec, the piece, the memory it may use and the two stems (None:
    given to run_piece_job apart, as a cluster's copies).  Picklable."""

    spec: PieceSpec
    index: int
    max_bytes: int
    stem0: tuple[int, _Table] | None = None
    stem1: tuple[int, _Table] | None = None


def run_piece_job(job: PieceJob, deadline: float = 0.0,
                  stem0: tuple[int, _Table] | None = None,
                  stem1: tuple[int, _Table] | None = None) -> tuple[int, ...]:
    """The residues of one piece (a top-level function, so executors can
    ship it), cut finer where it outgrows ``job.max_bytes``; add them up
    with :func:`combine_pieces`.  ``stem0``, ``stem1``: the stems, when
    the job leaves them out (a cluster ships them to each worker once)."""
    s0 = job.stem0 if stem0 is None else stem0
    s1 = job.stem1 if stem1 is None else stem1
    if s0 is None or s1 is None:
        raise ValueError("run_piece_job needs both stems")
    spec = job.spec
    return _run_piece(spec, spec.pieces[job.index], s0, s1, spec.key, deadline=deadline,
                      max_bytes=job.max_bytes)[0]


def combine_pieces(spec: PieceSpec, shares: Sequence[Sequence[int]]) -> int:
    """The count from every piece's residues (halved where the join counts
    every tour twice: both halves folded)."""
    if not shares:
        return 0
    return combine_joins([_base(spec, spec.parts())] * len(shares), shares)


def count_in_pieces(spec: PieceSpec, *, deadline: float = 0.0,
                    cancel: npt.NDArray[np.uint8] | None = None,
                    max_bytes: int | None = None,
                    pieces: Callable[[int, Callable[[int, int], list[int]]], list[int]]
                    | None = None, progress: Callable[[int, int, int], object] | None = None,
                    log: Callable[[str], object] | None = None) -> int:
    """The count of ``spec`` (:func:`make_spec`), its pieces one after the
    other in this process, within ``max_bytes`` of tables.  ``pieces(n,
    run)``, if given, runs the n pieces as ``run(a, b)`` does (the residues
    of pieces a..b-1 added up) and adds them up: a checkpoint's stage.
    ``progress(done, n, states)`` is called after each piece (``states``:
    the tables it swept); ``log`` gets a line a piece, with its figures.

    >>> spec = make_spec(6, 6, True, 2, (1 << 64,))
    >>> len(spec.pieces), count_in_pieces(spec) == 3_318_960
    (6, True)
    """
    s0, s1 = stems(spec, deadline=deadline, cancel=cancel, max_bytes=max_bytes)
    words = spec.words
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    room = mb - sum(a.nbytes for _, t in (s0, s1) for a in t)
    if room <= 0:
        raise BoardTooLargeError(
            f"frontier DP on {spec.rows}x{spec.cols} in pieces needs more than the "
            f"{mb / 2**30:.3f} GiB allowed: the two halves' stems alone hold "
            f"{(mb - room) / 2**30:.3f} GiB")

    def run(a: int, b: int) -> list[int]:
        total = [0] * len(words)
        for i in range(a, b):
            share, states = _run_piece(spec, spec.pieces[i], s0, s1, spec.key,
                                       deadline=deadline, cancel=cancel, max_bytes=room,
                                       log=log)
            total = _add(total, share, words)
            if progress is not None:
                progress(i + 1, len(spec.pieces), states)
        return total

    n = len(spec.pieces)
    residues = run(0, n) if pieces is None else pieces(n, run)
    return combine_pieces(spec, [residues])

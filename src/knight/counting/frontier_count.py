"""Exact counts of knight's tours by frontier dynamic programming: the entry
points.

:func:`count_cycles` and :func:`count_paths` count undirected cycles and
paths, :func:`count_tours` tours in the package's conventions, all in this
process: one sweep, or meet in the middle (:func:`count_split`).  The DP is
spread over modules of one job each, each importing only those above it in
this list:

* :mod:`.frontier_board` -- the board as the sweep takes it: move sets,
  masks, the width limit, the renumbering and its edge tables, the cut;
* :mod:`.frontier_moduli` -- exactness: a proven bound, the moduli, CRT;
* :mod:`.frontier_estimate` -- peak states and bytes, before any allocation;
* :mod:`.frontier_run` -- one run of the Cython core
  (:mod:`knight._core.frontier_sweep`, whose header documents the state
  encoding and the rules) and its errors;
* :mod:`.frontier_halves` -- meet in the middle: the two partial sweeps;
* :mod:`.frontier_jobs` -- a count as picklable jobs for workers, and the
  join of two halves (:mod:`knight._core.frontier_join`);
* :mod:`.frontier_shards` -- side 1's last column in shards, each joined
  with side 0's whole table;
* :mod:`.frontier_pieces` -- both halves in pieces, when side 0's table
  does not fit whole;
* :mod:`.checkpoint` -- a sweep run in segments that writes its tables to a
  directory and resumes from them (``checkpoint=``);
* this module, the entry points.

Everything here is exact: the core keeps
each state's count modulo 2^64 and modulo as many primes below 2^63 as a
proven bound on the answer needs (Bregman's permanent bound, see
:func:`~.frontier_moduli.count_bound`), and :func:`~.frontier_moduli.crt`
rebuilds the Python int.

Conventions: squares are flat indices ``row * cols + col``; every count is
of UNDIRECTED cycles or paths (the package's ``count()`` converts).  The
caller validates user input; these modules check the preconditions of their
public functions as real errors (``ValueError``, :class:`BoardTooLargeError`
for a board wider than :data:`~.frontier_board.MAX_WIDTH`), never ``assert``.

Boards of width >= 5 are counted by meet in the middle (:func:`count_split`):
two partial sweeps, one from each end, joined at a cut in the middle.  Each
half stops at the cut instead of passing the middle of the board, where a
single sweep's states peak (6x7 open: 8 s against 130 s), and the two halves
are independent jobs for two workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ..errors import BoardTooLargeError
from .checkpoint import Checkpoint
from .frontier_board import (
    KNIGHT_MOVES,
    Moves,
    SweepBoard,
    _board_args,
    _check_mode,
    check_moves,
    counted_in_halves,
    prepare,
)
from .frontier_halves import Part, _Table, make_part, run_part, shared_cells
from .frontier_jobs import _plan_jobs, combine, left_for_join, run_job
from .frontier_moduli import count_bound, crt, moduli_for
from .frontier_pieces import count_in_pieces, least_memory_spec
from .frontier_run import DEFAULT_MAX_BYTES, _count, _Progress
from .frontier_shards import count_in_shards, stem_cell

__all__ = ["count_cycles", "count_paths", "count_split", "count_tours"]


def count_cycles(rows: int, cols: int, *, removed: Sequence[int] = (),
                 pinned: Sequence[int] = (), deadline: float = 0.0,
                 cancel: npt.NDArray[np.uint8] | None = None,
                 progress: _Progress | None = None, max_bytes: int | None = None,
                 mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                 checkpoint: Checkpoint | None = None) -> int:
    """The number of undirected Hamiltonian cycles of the knight graph of a
    ``rows`` x ``cols`` board without the squares ``removed``.

    ``mask`` (instead of ``removed``): a numpy bool array of shape (rows,
    cols), True where a square is usable; the holes take no edge.  The
    board is cut down to its usable rows and columns first (same graph, a
    narrower frontier).  ``moves``: another move set, (drow, dcol) offsets
    (None: the knight), one that :func:`~.frontier_board.serves` accepts.  ValueError for a
    mask without usable square, a pinned square on a hole, or moves the
    frontier cannot take.

    ``pinned`` must be empty (an end makes no sense for a cycle; it is
    accepted so that both counters share one signature).  ``deadline`` is a
    ``time.time()`` value (0: none), ``cancel`` a ``uint8`` array of length 1
    the caller may set nonzero from another thread, ``progress`` a callable
    ``(cells_done, cells_total, states_alive)`` called at most every 0.1 s,
    ``max_bytes`` the limit on the state tables (BoardTooLargeError),
    ``checkpoint`` a :class:`~.checkpoint.Checkpoint` the sweeps write to
    and resume from (:mod:`.checkpoint`).
    """
    if pinned:
        raise ValueError("cycles have no ends: pinned must be empty")
    if mask is None and moves is None:  # the plain board: as it always was
        return _count_board(rows, cols, "cycle", (), removed, deadline, cancel, progress,
                            max_bytes, checkpoint=checkpoint)
    bx, mv = _board_args(rows, cols, mask, removed, (), moves)
    return _count_board(bx.rows, bx.cols, "cycle", (), bx.removed, deadline, cancel,
                        progress, max_bytes, mv, checkpoint)


def count_paths(rows: int, cols: int, *, pinned: Sequence[int] = (),
                free_ends: int | None = None, removed: Sequence[int] = (),
                deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                progress: _Progress | None = None, max_bytes: int | None = None,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                checkpoint: Checkpoint | None = None) -> int:
    """The number of undirected Hamiltonian paths covering every square not
    ``removed``, with each square of ``pinned`` (0, 1 or 2) an end and
    ``free_ends`` = 2 - len(pinned) ends anywhere else.

    A one-square board has one path (both ends on that square).  Other
    arguments as in :func:`count_cycles`.
    """
    if free_ends is None:
        free_ends = 2 - len(pinned)
    if free_ends != 2 - len(pinned):
        raise ValueError("a path has exactly two ends: free_ends must be 2 - len(pinned)")
    if mask is None and moves is None:  # the plain board: as it always was
        return _count_board(rows, cols, "path", pinned, removed, deadline, cancel, progress,
                            max_bytes, checkpoint=checkpoint)
    bx, mv = _board_args(rows, cols, mask, removed, pinned, moves)
    return _count_board(bx.rows, bx.cols, "path", bx.pinned, bx.removed, deadline, cancel,
                        progress, max_bytes, mv, checkpoint)


def count_tours(rows: int, cols: int, *, start: int | None = None, end: int | None = None,
                closed: bool = False, directed: bool = False,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
                progress: _Progress | None = None, max_bytes: int | None = None,
                checkpoint: Checkpoint | None = None) -> int:
    """The number of tours in the package's conventions (those of
    :func:`knight.count`: open tours directed, summed over every start when
    ``start`` is None; closed tours undirected cycles, or directed ones
    with ``directed=True``), on a board with holes (``mask``) and any move
    set the frontier serves (``moves``).  ``start`` and ``end`` are flat
    squares ``row * cols + col`` of the given board; ValueError, naming
    it, when one is a hole.  A one-square board has one open tour and no
    closed one, as the 1x1 board.  One sweep (or one meet-in-the-middle
    pair) in this process; other arguments as in :func:`count_cycles`.

    >>> import numpy as np
    >>> m = np.ones((5, 5), dtype=bool); m[2, 2] = False
    >>> count_tours(5, 5, mask=m), count_tours(5, 5, mask=m, closed=True)
    (128, 0)
    >>> m = np.ones((4, 5), dtype=bool); m[0, 0] = m[3, 4] = False
    >>> count_tours(4, 5, mask=m, start=1)
    69
    >>> from knight.counting.frontier_board import KING
    >>> count_tours(3, 4, moves=KING, closed=True)
    120
    """
    names = [n for n, sq in (("start", start), ("end", end)) if sq is not None]
    sqs = [sq for sq in (start, end) if sq is not None]
    bx, mv = _board_args(rows, cols, mask, (), sqs, moves, names)
    s, e = (bx.flat(start, cols) if start is not None else None,
            bx.flat(end, cols) if end is not None else None)
    r, c, n = bx.rows, bx.cols, bx.squares
    if closed:
        if n < 3:  # no cycle on one or two squares
            return 0
        if s is not None and e is not None:
            # The cycles through the move start-end: the paths from start to end.
            (sr, sc), (er, ec) = divmod(s, c), divmod(e, c)
            if (er - sr, ec - sc) not in (KNIGHT_MOVES if mv is None else mv):
                return 0
            return _count_board(r, c, "path", (s, e), bx.removed, deadline, cancel,
                                progress, max_bytes, mv, checkpoint)
        factor = (2 * n if s is None and e is None else 2) if directed else 1
        return factor * _count_board(r, c, "cycle", (), bx.removed, deadline, cancel,
                                     progress, max_bytes, mv, checkpoint)
    if s is None and e is not None:
        s, e = e, None  # reversing a path swaps its ends
    if s is not None and e is not None:
        if s == e:
            return 1 if n == 1 else 0
        pinned: tuple[int, ...] = (s, e)
    else:
        pinned = () if s is None else (s,)
    total = _count_board(r, c, "path", pinned, bx.removed, deadline, cancel, progress,
                         max_bytes, mv, checkpoint)
    # each undirected path is two directed tours (one when it is a single square)
    return total if pinned or n == 1 else 2 * total


def count_split(rows: int, cols: int, mode: str = "cycle", *, pinned: Sequence[int] = (),
                removed: Sequence[int] = (), cut: int | None = None, deadline: float = 0.0,
                cancel: npt.NDArray[np.uint8] | None = None, progress: _Progress | None = None,
                max_bytes: int | None = None, share: bool = True,
                mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                shards: int = 1) -> int:
    """The count by meet in the middle, both halves in this process, one
    after the other.  On wide boards this is much faster than one sweep
    (6x6 open: 2.2 s against 6.2 s; 6x20 closed 13.7 s against 18.9 s):
    each half ends at the boundary instead of passing the middle of the
    board, where the states of a single sweep peak.  Where the halves share
    their first cells (:func:`~.frontier_halves.shared_cells`: boards that turning by 180
    degrees maps to themselves, such as every closed count and every open
    count over all starts) those are swept once (6x40 closed: 20 columns,
    then one more on each side, instead of 21 on each side; 6x20 closed
    13.7 s against 21.2 s with the halves apart); ``share=False`` sweeps
    both halves in full (tests compare the two).  Arguments as in
    :func:`count_paths`; ``cut`` is a column of the board cut down to its
    usable rows and columns, along its longer side.  Side 1's last column
    is swept in at least ``shards`` pieces (more when ``max_bytes`` calls
    for them; see :mod:`.frontier_shards`), each joined on its own.

    >>> count_split(6, 6, "cycle", shards=3) == count_split(6, 6, "cycle") == 9862
    True
    """
    _check_mode(mode)
    if mask is not None or moves is not None:
        bx, mv = _board_args(rows, cols, mask, removed, pinned, moves)
        rows, cols, removed, pinned, moves = bx.rows, bx.cols, bx.removed, bx.pinned, mv
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards must be a positive int, got {shards!r}")
    return _count_split(rows, cols, mode, pinned=pinned, removed=removed, cut=cut,
                        deadline=deadline, cancel=cancel, progress=progress,
                        max_bytes=max_bytes, share=share, moves=moves, shards=shards)


def _count_split(rows: int, cols: int, mode: str = "cycle", *, pinned: Sequence[int] = (),
                 removed: Sequence[int] = (), cut: int | None = None, deadline: float = 0.0,
                 cancel: npt.NDArray[np.uint8] | None = None,
                 progress: _Progress | None = None, max_bytes: int | None = None,
                 share: bool = True, moves: Moves = None, shards: int = 1,
                 checkpoint: Checkpoint | None = None) -> int:
    jobs = _plan_jobs(rows, cols, mode, 2, pinned=pinned, removed=removed, cut=cut,
                      max_bytes=max_bytes, moves=moves)
    if jobs[0].side < 0:  # not split (never so from _count_board, which checkpoints)
        return combine([run_job(j, deadline, cancel) for j in jobs])
    parts = [make_part(rows, cols, path_mode=mode == "path", cut=jobs[0].cut, side=s,
                       pinned=pinned, removed=removed, moves=moves) for s in (0, 1)]
    P = shared_cells(parts[0], parts[1]) if share else 0
    stem_at = stem_cell(parts[1])
    # side 1's stem resumes from the shared sweep when that stops before it
    total = sum(p.board.N for p in parts) - (P if stem_at >= P else 0)
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    words = jobs[0].moduli
    ck = checkpoint
    key = {**_board_key(rows, cols, mode, pinned, removed, moves), "cut": jobs[0].cut,
           "shared": P, "stem": stem_at, "words": list(words)}

    def prog_from(off: int) -> _Progress | None:
        if progress is None:
            return None

        def prog(d: int, _t: int, alive: int) -> None:
            progress(off + d, total, alive)
        return prog

    def sweep(stage: str, part: Part, begin: Callable[[], tuple[int, _Table] | None], *,
              end: int | None = None, release: Sequence[str] = (), held: int = 0,
              off: int = 0) -> _Table:
        """One stage: in one run, or with checkpoints (resumed, or read when done)."""
        if ck is None:
            return run_part(part, words, deadline=deadline, cancel=cancel, max_bytes=mb - held,
                            progress=prog_from(off), stop=end, start=begin())[0]
        return ck.sweep(stage, {**key, "stage": stage}, part, words, begin=begin, end=end,
                        release=release, deadline=deadline, cancel=cancel,
                        max_bytes=mb - held, progress=prog_from(off))[0]

    shared: list[tuple[int, _Table] | None] = []

    def shared_start() -> tuple[int, _Table] | None:
        """The shared sweep's table after P cells, swept once when first asked."""
        if not shared:
            shared.append((P, sweep("shared", parts[0], lambda: None, end=P)) if P else None)
        return shared[0]

    def in_pieces() -> int:
        """Side 0's table does not fit whole: both halves in pieces
        (:mod:`.frontier_pieces`), a checkpoint's stage ``pieces``."""
        shared.clear()
        spec = least_memory_spec(rows, cols, mode == "path", jobs[0].cut, words,
                                 pinned=pinned, removed=removed, moves=check_moves(moves))
        run_pieces = None
        if ck is not None:
            pkey = {**key, "stage": "pieces", "xrows": list(spec.xrows),
                    "pieces": len(spec.pieces)}

            def run_pieces(n: int, run: Callable[[int, int], list[int]]) -> list[int]:
                return ck.pieces("pieces", pkey, n, run, words)

        def piece_progress(d: int, n: int, alive: int) -> None:
            if progress is not None:
                progress(round(total * d / max(1, n)), total, alive)
        return count_in_pieces(spec, deadline=deadline, cancel=cancel, max_bytes=mb,
                               pieces=run_pieces, progress=piece_progress)

    if ck is not None and "pieces" in ck.found:
        return in_pieces()  # this count went on in pieces before
    # side 0 whole, taken as the join takes it (the raw table is let go)
    try:
        left = left_for_join(sweep("half0", parts[0], shared_start), parts, words)
    except BoardTooLargeError:
        return in_pieces()
    done = parts[0].board.N
    held = _nbytes(left.left)
    if P and stem_at == P:
        stem = cast(tuple[int, _Table], shared_start())[1]
    else:
        resumed = P if stem_at > P else 0
        stem = sweep("stem", parts[1], shared_start if resumed else lambda: None, end=stem_at,
                     release=("shared",), held=held, off=done - resumed)
        done += stem_at - resumed
    shared.clear()
    last = parts[1].board.N - stem_at

    def shard_progress(frac: float, alive: int) -> None:
        if progress is not None:
            progress(done + round(last * frac), total, alive)
    spec = (rows, cols, mode == "path", jobs[0].cut, tuple(pinned), tuple(removed),
            check_moves(moves))
    room = mb - held - _nbytes(stem)
    if room <= 0:
        # side 0's table and side 1's stem fill the memory: no room for a shard
        del left, stem
        return in_pieces()
    cells: int | None = None
    pieces: Callable[[int, Callable[[int, int], list[int]]], list[int]] | None = None
    if ck is not None:
        # the shards as pieces of one stage; a resumed count cuts them as
        # its first run did, whatever memory it has now
        skey = {**key, "stage": "shards"}
        known = ck.total("shards", skey)
        cells = None if known is None else round(math.log(known, 3))

        def pieces(n: int, run: Callable[[int, int], list[int]]) -> list[int]:
            return ck.pieces("shards", skey, n, run, words)
    return count_in_shards(left, stem, stem_at, parts[1].board.W, budget=room,
                           shards=shards, deadline=deadline, cancel=cancel,
                           progress=shard_progress, spec=spec, cells=cells, pieces=pieces)


def _nbytes(table: Sequence[npt.NDArray[np.uint64]] | None) -> int:
    """Bytes of a table held in memory (memory maps of checkpoint files are not)."""
    if table is None:
        return 0
    return sum(a.nbytes for a in table if not isinstance(a, np.memmap))


def _board_key(rows: int, cols: int, mode: str, pinned: Sequence[int],
               removed: Sequence[int], moves: Moves) -> dict[str, Any]:
    """What decides a count's sweeps, as a checkpoint records it (one of
    another is refused)."""
    return {"rows": rows, "cols": cols, "mode": mode, "pinned": list(pinned),
            "removed": sorted(removed), "moves": None if moves is None else sorted(moves)}


def _count_in_segments(bd: SweepBoard, ck: Checkpoint, key: dict[str, Any], deadline: float,
                       cancel: npt.NDArray[np.uint8] | None, progress: _Progress | None,
                       max_bytes: int | None) -> int:
    """:func:`~.frontier_run._count` with checkpoints: one sweep, a stage
    of ``ck``, its completions added up over its segments."""
    words = moduli_for(count_bound(bd))
    part = Part(bd, [], [], fold=True)  # the whole board folds where _count's core does
    _, residues = ck.sweep("sweep", {**key, "words": words}, part, words,
                           begin=lambda: None, keep=False, deadline=deadline, cancel=cancel,
                           max_bytes=DEFAULT_MAX_BYTES if max_bytes is None else max_bytes,
                           progress=progress)
    return crt(residues, words)


def _count_board(rows: int, cols: int, mode: str, pinned: Sequence[int],
                 removed: Sequence[int], deadline: float,
                 cancel: npt.NDArray[np.uint8] | None, progress: _Progress | None,
                 max_bytes: int | None, moves: Moves = None,
                 checkpoint: Checkpoint | None = None) -> int:
    bd = prepare(rows, cols, removed=removed, pinned=pinned, path_mode=mode == "path",
                 moves=moves)
    if checkpoint is not None and bd.trivial is None:
        key = _board_key(rows, cols, mode, pinned, removed, moves)
        known = checkpoint.answer(key)
        if known is not None:
            return known
        if counted_in_halves(bd.W, bd.L, bd.S):
            total = _count_split(rows, cols, mode, pinned=pinned, removed=removed,
                                 deadline=deadline, cancel=cancel, progress=progress,
                                 max_bytes=max_bytes, moves=moves, checkpoint=checkpoint)
        else:
            total = _count_in_segments(bd, checkpoint, key, deadline, cancel, progress,
                                       max_bytes)
        checkpoint.record_answer(key, total)
        return total
    if bd.trivial is None and counted_in_halves(bd.W, bd.L, bd.S):
        return _count_split(rows, cols, mode, pinned=pinned, removed=removed,
                            deadline=deadline, cancel=cancel, progress=progress,
                            max_bytes=max_bytes, moves=moves)
    return _count(bd, deadline=deadline, cancel=cancel, progress=progress,
                  max_bytes=max_bytes)

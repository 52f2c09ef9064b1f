"""One run of the frontier DP core on a prepared board.

The arrays :func:`knight._core.frontier_sweep.run` reads (the edge tables;
the cells where it folds mirror states, :func:`fold_cells`; the ends budget
of path mode, :func:`end_masks`), what it measured (:class:`RunInfo`), its
failures turned into the package's errors (:class:`Cancelled`,
``SearchLimitError``, ``BoardTooLargeError``), and the count of a whole
board by one sweep, rebuilt from its residues by CRT.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias, TypedDict, overload

import numpy as np
import numpy.typing as npt

from .._core.frontier_sweep import (
    ST_CANCELLED,
    ST_LABELS,
    ST_NOMEM,
    ST_OK,
    ST_TIMEOUT,
    run,
)
from ..errors import BoardTooLargeError, KnightError, SearchLimitError
from ..limits import check_planning
from .frontier_board import SweepBoard
from .frontier_estimate import estimate
from .frontier_moduli import count_bound, crt, moduli_for

__all__ = ["DEFAULT_MAX_BYTES", "Cancelled", "RunInfo", "end_masks", "fold_cells"]

#: Default memory limit for the state tables.
DEFAULT_MAX_BYTES = 12 * 2**30


class Cancelled(KnightError):
    """The caller's cancel flag stopped the count."""


#: A progress callback, ``(cells_done, cells_total, states_alive)``.
_Progress: TypeAlias = Callable[[int, int, int], object]


def fold_cells(bd: SweepBoard) -> npt.NDArray[np.uint8]:
    """fold[p] = 1 where the core may fold mirror states after cell p: the
    end of a column (not the first or the last) from which on the targets
    are symmetric under reflecting the rows, so that a state and its
    mirror have the same number of completions."""
    W, N = bd.W, bd.N
    f = np.zeros(N, dtype=np.uint8)
    if W < 2 or not bd.mirror:
        return f
    tg = bd.target
    ok = [True] * (N + 1)  # ok[q]: every cell from q on is symmetric
    for q in range(N - 1, -1, -1):
        if not q & 4095:
            check_planning()
        c, r = divmod(q, W)
        ok[q] = ok[q + 1] and tg[q] == tg[c * W + W - 1 - r]
    for c in range(1, bd.L - 1):
        p = c * W + W - 1
        if ok[max(0, p - bd.S + 1)]:
            f[p] = 1
    return f


def end_masks(bd: SweepBoard) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32]]:
    """The core's ends budget (path mode): per cell p, the key slots after p
    that are bound to be path ends while they have no edge, as two 64-bit
    words (bit 4k for slot k), and the number of pinned cells after p.

    A slot is such a cell when it is pinned and live, or wants two edges, is
    live and has exactly one edge left to decide (counting, for the
    boundary of a half board, the edges the other half owns: ``fwd``).
    """
    N = bd.N
    S = bd.S
    fwd_of: list[list[int]] = [[] for _ in range(N)]
    for x in range(N):
        for j in range(4):
            q = bd.back[4 * x + j]
            if q >= 0:
                fwd_of[q].append(x)
    pins = set(bd.pinned)
    words = np.zeros(2 * N, dtype=np.uint64)
    after = np.zeros(N, dtype=np.int32)
    decided = [0] * N  # forward edges of each cell decided so far
    for p in range(N):
        if not p & 1023:
            check_planning()
        for q in bd.back[4 * p:4 * p + 4]:
            if q >= 0:
                decided[q] += 1
        lo = hi = 0
        for k in range(S):
            c = p - S + 1 + k
            if c < 0 or bd.last_fwd[c] <= p:  # before the board, or finished
                continue
            if c in pins or (bd.target[c] == 2 and bd.fwd[c] - decided[c] == 1):
                if k < 16:
                    lo |= 1 << (4 * k)
                else:
                    hi |= 1 << (4 * (k - 16))
        words[2 * p], words[2 * p + 1] = lo, hi
        after[p] = sum(1 for q in bd.pinned if q > p)
    return words, after


class _CoreBoard(TypedDict):
    """The edge tables of a board, as the core's keyword arguments."""

    target: npt.NDArray[np.int32]
    back: npt.NDArray[np.int32]
    rem: npt.NDArray[np.int32]
    fwd: npt.NDArray[np.int32]
    last_fwd: npt.NDArray[np.int32]
    pinned: npt.NDArray[np.int32]


class _CoreArrays(_CoreBoard, total=False):
    """With the ends budget (path mode) too."""

    endmask: npt.NDArray[np.uint64]
    pins_after: npt.NDArray[np.int32]


def _arrays(bd: SweepBoard, budget: bool = True) -> _CoreArrays:
    i32: Callable[[Sequence[int]], npt.NDArray[np.int32]]
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    arrays: _CoreArrays
    arrays = {"target": i32(bd.target), "back": i32(bd.back), "rem": i32(bd.rem),
              "fwd": i32(bd.fwd), "last_fwd": i32(bd.last_fwd), "pinned": i32(bd.pinned)}
    if bd.path_mode and budget:
        arrays["endmask"], arrays["pins_after"] = end_masks(bd)
    return arrays


@dataclass
class RunInfo:
    """What one core run measured."""

    sizes: npt.NDArray[np.int64]  # states after each cell
    peak_states: int
    peak_bytes: int
    transitions: int
    seconds: float
    #: the residues of the completions this run found (run_part fills them:
    #: a sweep run in segments adds up its segments')
    residues: tuple[int, ...] = ()


def _raise_for_status(st: int, bd: SweepBoard, ri: RunInfo, info: npt.NDArray[np.int64], mb: int,
                      words: int, where: str) -> None:
    """Raise what a failed sweep's status means (``where``: which sweep, for the message)."""
    if st == ST_CANCELLED:
        raise Cancelled("frontier count cancelled")
    if st == ST_TIMEOUT:
        raise SearchLimitError("frontier count passed its deadline", ri.transitions,
                               ri.seconds)
    if st == ST_LABELS:
        raise BoardTooLargeError(
            f"frontier DP on the {bd.rows}x{bd.cols} board: a state after cell {int(info[3])} "
            f"of {bd.N}{where} holds more path fragments than the 13 labels a slot's 4 bits "
            f"hold (the move set's window is {bd.S} cells): use method='search'")
    if st == ST_NOMEM:
        est = estimate(bd.rows, bd.cols, "path" if bd.path_mode else "cycle", words=words,
                       moves=bd.moves if bd.long else None)
        raise BoardTooLargeError(
            f"frontier DP on {bd.rows}x{bd.cols} needs more than the {mb / 2**30:.2f} GiB "
            f"allowed (stopped after cell {int(info[3])} of {bd.N}{where} at "
            f"{int(info[0])} states; estimate {est[0]} states, {est[1] / 2**30:.2f} GiB)")


@overload
def _run_core(bd: SweepBoard, words: Sequence[int], *, deadline: float = ...,
              cancel: npt.NDArray[np.uint8] | None = ..., progress: _Progress | None = ...,
              max_bytes: int | None = ..., dump_step: Literal[-1] = ..., dump_size: int = ...,
              fold: bool = ..., budget: bool = ...
              ) -> tuple[npt.NDArray[np.uint64], RunInfo]: ...
@overload
def _run_core(bd: SweepBoard, words: Sequence[int], *, deadline: float = ...,
              cancel: npt.NDArray[np.uint8] | None = ..., progress: _Progress | None = ...,
              max_bytes: int | None = ..., dump_step: int, dump_size: int = ...,
              fold: bool = ..., budget: bool = ...
              ) -> (tuple[npt.NDArray[np.uint64], RunInfo]
                    | tuple[npt.NDArray[np.uint64], RunInfo, dict[int, int]]): ...
def _run_core(bd: SweepBoard, words: Sequence[int], *, deadline: float = 0.0,
              cancel: npt.NDArray[np.uint8] | None = None, progress: _Progress | None = None,
              max_bytes: int | None = None,
              dump_step: int = -1, dump_size: int = 0, fold: bool = True,
              budget: bool = True
              ) -> (tuple[npt.NDArray[np.uint64], RunInfo]
                    | tuple[npt.NDArray[np.uint64], RunInfo, dict[int, int]]):
    """Run the core for the moduli ``words`` (words[0] must be 2^64, the
    others odd primes < 2^63); return (residues, RunInfo[, dump]).
    ``fold=False`` keeps mirror states apart (state-for-state comparisons
    with the twin); ``budget=False`` turns off the ends budget (tests show
    what it prunes)."""
    assert words[0] == 1 << 64 and all(q < 1 << 63 for q in words[1:])
    mods = np.array([0] + list(words[1:]), dtype=np.uint64)
    res = np.zeros(len(words), dtype=np.uint64)
    sizes = np.zeros(bd.N, dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    if cancel is not None:
        cancel = np.asarray(cancel)
        assert cancel.dtype == np.uint8 and cancel.shape == (1,)
    mb = DEFAULT_MAX_BYTES if max_bytes is None else int(max_bytes)
    dl = dh = dv = None
    if dump_step >= 0:
        dl = np.zeros(dump_size, np.uint64)
        dh = np.zeros(dump_size, np.uint64)
        dv = np.zeros(dump_size * len(words), np.uint64)
    t0 = time.perf_counter()
    st = run(bd.W, bd.N, last_needed=bd.last_needed, path_mode=bd.path_mode,
             mods=mods, result=res, sizes=sizes, info=info, deadline=float(deadline),
             cancel=cancel, progress=progress, max_bytes=mb, dump_step=dump_step,
             dump_lo=dl, dump_hi=dh, dump_val=dv,
             fold=fold_cells(bd) if fold else None, window=bd.S, **_arrays(bd, budget))
    ri = RunInfo(sizes, int(info[0]), int(info[1]), int(info[2]),
                 time.perf_counter() - t0)
    _raise_for_status(st, bd, ri, info, mb, len(words), "")
    if dump_step >= 0:
        if st != ST_OK:  # table larger than the buffer: retry bigger
            return _run_core(bd, words, max_bytes=max_bytes, dump_step=dump_step,
                             dump_size=int(sizes[dump_step]) if sizes[dump_step] else
                             max(1024, 4 * dump_size), fold=fold, budget=budget)
        n = int(sizes[dump_step])
        assert dl is not None and dh is not None and dv is not None  # allocated: dump_step >= 0
        keys = [int(dl[i]) | (int(dh[i]) << 64) for i in range(n)]
        return res, ri, dict(zip(keys, (int(v) for v in dv[:n * len(words):len(words)])))
    assert st == ST_OK
    return res, ri


@overload
def _count(bd: SweepBoard, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: Literal[False] = ...) -> int: ...
@overload
def _count(bd: SweepBoard, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: Literal[True]) -> tuple[int, RunInfo | None]: ...
@overload
def _count(bd: SweepBoard, *, deadline: float = ..., cancel: npt.NDArray[np.uint8] | None = ...,
           progress: _Progress | None = ..., max_bytes: int | None = ...,
           want_info: bool) -> int | tuple[int, RunInfo | None]: ...
def _count(bd: SweepBoard, *, deadline: float = 0.0, cancel: npt.NDArray[np.uint8] | None = None,
           progress: _Progress | None = None,
           max_bytes: int | None = None, want_info: bool = False
           ) -> int | tuple[int, RunInfo | None]:
    if bd.trivial is not None:
        return (bd.trivial, None) if want_info else bd.trivial
    mods = moduli_for(count_bound(bd))
    res, ri = _run_core(bd, mods, deadline=deadline, cancel=cancel,
                        progress=progress, max_bytes=max_bytes)
    n = crt([int(x) for x in res], mods)
    return (n, ri) if want_info else n

"""The board as the frontier DP sweeps it: checked, cut down and renumbered.

What the DP needs to know about a board before any state exists: the move
sets it serves (:func:`serve_reason`, :func:`check_moves`, :func:`leaper`,
:data:`KING`), masks (:func:`check_mask`, :func:`crop` to the usable rows
and columns), its width limit (:data:`MAX_WIDTH`), the renumbering along the
longer side with the edge tables the core reads (:func:`prepare`,
:class:`SweepBoard`), and whether and where it is cut for meet in the middle
(:func:`can_split`, :func:`default_cut`, :data:`SPLIT_WIDTH`).  The entry
points are :mod:`.frontier_count`'s; the core's header
(:mod:`knight._core.frontier_sweep`) documents the state encoding and the
rules.

Squares are flat indices ``row * cols + col``.  Preconditions are checked as
real errors (``ValueError``, :class:`BoardTooLargeError` for a board wider
than :data:`MAX_WIDTH`), never ``assert``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from ..board import leaper as board_leaper
from ..board import piece_moves
from ..errors import BoardTooLargeError
from ..geometry import KNIGHT_MOVES as GEOMETRY_KNIGHT_MOVES
from ..geometry import MAX_WINDOW, sweep_back_moves, sweep_reason, sweep_window, used_box
from ..limits import check_planning

__all__ = [
    "EMPTY", "FULL", "TERM", "MAX_WIDTH", "SPLIT_WIDTH", "KING", "KNIGHT_MOVES", "Moves",
    "SweepBoard", "Masked", "back_moves", "can_split", "check_mask", "check_moves", "check_width",
    "counted_in_halves", "crop", "default_cut", "leaper", "prepare", "serve_reason", "serves",
]

# Slot codes of a state (see _core/frontier_sweep.pyx).
EMPTY, FULL, TERM = 0, 1, 2

#: Widest frontier the 4-bit, 128-bit-key encoding supports.
MAX_WIDTH = 13

#: Boards at least this wide (and splittable) are counted by
#: :func:`~.frontier_count.count_split` in one process rather than by one sweep.
SPLIT_WIDTH = 5

_MOVES = ((-2, -1), (-2, 1), (-1, -2), (-1, 2))  # back-edge slots j = 0..3


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------

@dataclass
class SweepBoard:
    """A board prepared for the sweep (cells renumbered ``col * W + row``
    along the longer side).  ``trivial`` is the answer when the DP is not
    needed (fewer than two squares left), else None."""

    rows: int
    cols: int
    W: int
    L: int
    N: int
    target: list[int]
    back: list[int]
    rem: list[int]
    fwd: list[int]
    last_fwd: list[int]
    pinned: list[int]
    last_needed: int
    path_mode: bool
    degree: list[int] = field(default_factory=list)
    trivial: int | None = None
    #: The back-edge moves (dcol, drow) of the sweep, in slot order, and
    #: whether they are symmetric under reflecting the rows (mirror folding
    #: needs it); the move set itself as given to :func:`prepare` (None:
    #: the knight).
    bmoves: tuple[tuple[int, int], ...] = ()
    mirror: bool = True
    moves: tuple[tuple[int, int], ...] | None = None
    #: The slots of a state (:func:`knight.geometry.sweep_window`): 2W + 1
    #: (0 is taken for that), more for a long leaper, whose board is then
    #: swept in one piece (see :func:`counted_in_halves`).
    S: int = 0

    def __post_init__(self) -> None:
        if self.S == 0:
            self.S = 2 * self.W + 1

    @property
    def long(self) -> bool:
        """Whether the window is longer than the knight's 2W + 1 (a long leaper)."""
        return self.S > 2 * self.W + 1


def _check_mode(mode: str) -> None:
    if mode not in ("cycle", "path"):
        raise ValueError(f"mode must be 'cycle' or 'path', got {mode!r}")


def check_width(rows: int, cols: int) -> None:
    """Refuse a board the DP cannot encode (:class:`BoardTooLargeError`,
    before any work): a side below 1, or a frontier wider than :data:`MAX_WIDTH`."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a board has sides of at least 1, got {rows}x{cols}")
    if min(rows, cols) > MAX_WIDTH:
        raise BoardTooLargeError(
            f"frontier DP counts boards at most {MAX_WIDTH} squares wide (its states hold "
            f"{MAX_WIDTH} frontier squares); the {rows}x{cols} board is "
            f"{min(rows, cols)} wide: use method='search'"
        )


def _sweep_index(rows: int, cols: int) -> Callable[[int], int]:
    W = min(rows, cols)
    if rows <= cols:
        return lambda sq: (sq % cols) * W + sq // cols
    return lambda sq: (sq // cols) * W + sq % cols


def back_moves(rows: int, cols: int, moves: Sequence[tuple[int, int]] | None = None
               ) -> tuple[tuple[int, int], ...]:
    """The moves that reach an earlier cell of the sweep, as (dcol, drow) in
    the sweep's frame (columns along the longer side, ``col * W + row``),
    sorted: the core's back-edge slots in order.  ``moves``: (drow, dcol)
    offsets of the board (None: the knight); moves longer than the board
    are dropped.  Sorted by (dcol, drow), a cell's back neighbours come in
    increasing cell order (rows differ by less than W), as the core needs.

    >>> back_moves(8, 8)
    ((-2, -1), (-2, 1), (-1, -2), (-1, 2))
    >>> back_moves(3, 5, [(0, 1), (0, -1), (1, 0), (-1, 0)])  # the wazir
    ((-1, 0), (0, -1))
    """
    if moves is None:
        return _MOVES
    return sweep_back_moves(rows, cols, moves)


#: Boards up to this many cells are kept once prepared (a count prepares
#: the same board up to three times: the plan, then each half; a few MB
#: each); bigger ones would hold hundreds of MB after the call.
_KEEP_CELLS = 1 << 16


def prepare(rows: int, cols: int, *, removed: Sequence[int] = (),
            pinned: Sequence[int] = (), path_mode: bool = False,
            moves: Moves = None) -> SweepBoard:
    """Renumber the board for the sweep and precompute the edge tables.
    ``moves``: the (drow, dcol) offsets (None: the knight), one that
    :func:`serves` accepts.

    Its preconditions are checked as real errors (not ``assert``, which
    ``python -O`` drops): a board wider than :data:`MAX_WIDTH` raises
    :class:`BoardTooLargeError`, other bad arguments (a move set the
    frontier cannot take among them) ``ValueError``.  Inside a
    :func:`knight.limits.planning` block its loops stop at that block's
    deadline or cancel token.  Boards of at most 65536 cells are computed
    once and kept, by size, holes, ends, mode and move set (treat the
    result as read-only).
    """
    check_width(rows, cols)
    # normalised (None for the knight however spelled, else sorted pairs):
    # hashable for the cache, and one entry per move set
    mv = check_moves(moves)
    if mv is not None:
        why = serve_reason(rows, cols, moves=mv)
        if why is not None:
            raise ValueError(f"the frontier DP cannot count this board: {why}")
    if rows * cols <= _KEEP_CELLS:
        return _prepare_kept(rows, cols, tuple(removed), tuple(pinned), bool(path_mode), mv)
    return _prepare(rows, cols, removed, pinned, path_mode, mv)


@functools.lru_cache(maxsize=32)
def _prepare_kept(rows: int, cols: int, removed: tuple[int, ...], pinned: tuple[int, ...],
                  path_mode: bool, moves: tuple[tuple[int, int], ...] | None) -> SweepBoard:
    return _prepare(rows, cols, removed, pinned, path_mode, moves)


def _prepare(rows: int, cols: int, removed: Sequence[int], pinned: Sequence[int],
             path_mode: bool, moves: tuple[tuple[int, int], ...] | None = None) -> SweepBoard:
    if len(pinned) > 2 or len(set(pinned)) != len(pinned):
        raise ValueError(f"at most two distinct pinned squares, got {list(pinned)}")
    if set(pinned) & set(removed):
        raise ValueError("a pinned square is removed")
    if pinned and not path_mode:
        raise ValueError("pinned ends apply to paths only")
    check_planning()  # before allocating tables a passed deadline would throw away
    W, L = min(rows, cols), max(rows, cols)
    N = W * L
    idx = _sweep_index(rows, cols)
    for sq in (*removed, *pinned):
        if not 0 <= sq < rows * cols:
            raise ValueError(f"square {sq} is not on the {rows}x{cols} board")
    target = [2] * N
    for sq in removed:
        target[idx(sq)] = 0
    pin = sorted(idx(sq) for sq in pinned)
    for q in pin:
        target[q] = 1
    bmoves = back_moves(rows, cols, moves)
    S = 2 * W + 1 if moves is None else sweep_window(rows, cols, moves)
    if len(bmoves) > 4 or S > MAX_WINDOW:
        # the core keeps 4 back-edge slots and a window of at most 32 cells
        raise ValueError(f"back moves {bmoves} do not fit the frontier's 4 slots and "
                         f"{MAX_WINDOW} cells (see serve_reason)")
    back = [-1] * (4 * N)
    # The forward edges of q in slot j of fwdc[4q:4q+4] (edge j of p = q's
    # slot j): flat, not a list per cell, whose millions of small lists
    # cost seconds of garbage collection on long boards.
    fwdc = [-1] * (4 * N)
    degree = [0] * N
    for p in range(N):
        if not p & 4095:
            check_planning()
        if target[p] == 0:
            continue
        c, r = divmod(p, W)
        for j, (dc, dr) in enumerate(bmoves):
            cc, rr = c + dc, r + dr
            if cc >= 0 and 0 <= rr < W:
                q = cc * W + rr
                if target[q] > 0:
                    back[4 * p + j] = q
                    fwdc[4 * q + j] = p
                    degree[p] += 1
                    degree[q] += 1
    fwd = [0] * N
    last_fwd = list(range(N))
    for q in range(N):
        for x in fwdc[4 * q:4 * q + 4]:
            if x >= 0:
                fwd[q] += 1
                if x > last_fwd[q]:
                    last_fwd[q] = x
    rem = [0] * (4 * N)
    for p in range(N):
        if not p & 4095:
            check_planning()
        for j in range(4):
            q = back[4 * p + j]
            if q >= 0:
                rem[4 * p + j] = sum(1 for x in fwdc[4 * q:4 * q + 4] if x > p)
    active = [p for p in range(N) if target[p] > 0]
    last_needed = active[-1] if active else -1
    bd = SweepBoard(rows, cols, W, L, N, target, back, rem, fwd, last_fwd, pin,
               last_needed, path_mode, degree, bmoves=bmoves,
               mirror=all((dc, -dr) in bmoves for dc, dr in bmoves if dc < 0),
               moves=moves, S=S)
    if len(active) == 0:
        bd.trivial = 0
    elif len(active) == 1:
        # one square: a one-vertex path (both its ends on it), no cycle
        bd.trivial = 1 if path_mode else 0
    return bd


# --------------------------------------------------------------------------
# Masked boards and other move sets
# --------------------------------------------------------------------------

#: The knight's moves, sorted (the frontier's fast path is the knight's).
KNIGHT_MOVES = tuple(sorted(GEOMETRY_KNIGHT_MOVES))

#: A move set as the frontier takes it: None (the knight) or (drow, dcol) offsets.
Moves: TypeAlias = "Sequence[tuple[int, int]] | None"


def check_moves(moves: Moves) -> tuple[tuple[int, int], ...] | None:
    """``moves`` checked and normalised: None for the knight (whose tables
    are the fast path, however it was spelled), else the sorted offsets.
    ValueError unless they are pairs of ints, without (0, 0), closed under
    negation.

    >>> check_moves([(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)])
    >>> check_moves([(0, 1), (0, -1), (1, 0), (-1, 0)])
    ((-1, 0), (0, -1), (0, 1), (1, 0))
    """
    if moves is None:
        return None
    offs = set()
    for m in moves:
        pair = tuple(m) if isinstance(m, (tuple, list)) else ()
        if len(pair) != 2 or not all(isinstance(x, (int, np.integer))
                                     and not isinstance(x, bool) for x in pair):
            raise ValueError(f"moves must be (drow, dcol) pairs of ints, got {m!r}")
        offs.add((int(pair[0]), int(pair[1])))
    if (0, 0) in offs:
        raise ValueError("moves must not hold (0, 0)")
    if any((-a, -b) not in offs for a, b in offs):
        raise ValueError("moves must be closed under negation (a move and its reverse)")
    if offs == set(KNIGHT_MOVES):
        return None
    return tuple(sorted(offs))


def check_mask(rows: int, cols: int, mask: Any) -> npt.NDArray[np.bool_]:
    """``mask`` checked: a 2-D numpy bool array of shape (rows, cols), True
    where a square is usable, with at least one usable square."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise TypeError(f"mask must be a numpy bool array, not {type(mask).__name__}"
                        + (f" of {mask.dtype}" if isinstance(mask, np.ndarray) else ""))
    if mask.shape != (rows, cols):
        raise ValueError(f"mask has shape {mask.shape}, the board is {rows}x{cols}")
    if not mask.any():
        raise ValueError("the mask has no usable square: there is nothing to count")
    return mask


@dataclass(frozen=True)
class Masked:
    """A masked board cut down to the rows and columns that hold usable
    squares (the knight graph is the same; a narrower frontier is cheaper):
    its size, its holes and pinned ends as flat squares of the cut-down
    board, and its number of usable squares."""

    rows: int
    cols: int
    removed: tuple[int, ...]
    pinned: tuple[int, ...]
    squares: int
    #: The first row and column kept, to map squares of the given board.
    top: int = 0
    left: int = 0

    def flat(self, sq: int, cols: int) -> int:
        """The square ``sq`` of the given board (``cols`` wide) on this one."""
        r, c = divmod(sq, cols)
        return (r - self.top) * self.cols + c - self.left


def crop(rows: int, cols: int, mask: npt.NDArray[np.bool_] | None,
         pinned: Sequence[int] = (), names: Sequence[str] | None = None) -> Masked:
    """The board ``mask`` marks (None: all of it), cut down to its usable
    rows and columns (see :class:`Masked`).  ValueError when a pinned
    square (named ``names[i]``, default "a pinned end") is a hole.

    >>> import numpy as np
    >>> m = np.ones((4, 5), dtype=bool); m[0] = False; m[:, 4] = False; m[2, 1] = False
    >>> crop(4, 5, m)
    Masked(rows=3, cols=4, removed=(5,), pinned=(), squares=11, top=1, left=0)
    """
    _check_squares(rows, cols, pinned)
    if mask is None:
        return Masked(rows, cols, (), tuple(pinned), rows * cols)
    mask = check_mask(rows, cols, mask)
    for i, sq in enumerate(pinned):
        if not mask[sq // cols, sq % cols]:
            name = names[i] if names is not None else "a pinned end (start= or end=)"
            raise ValueError(f"{name} square ({sq // cols}, {sq % cols}) is a hole of the "
                             "mask: no tour can use it")
    top, left, height, width = used_box(mask)
    sub = mask[top:top + height, left:left + width]
    r, c = sub.shape
    out = Masked(r, c, tuple(int(x) for x in np.flatnonzero(~sub.reshape(-1))), (),
                 int(sub.sum()), top, left)
    return Masked(r, c, out.removed, tuple(out.flat(sq, cols) for sq in pinned),
                  out.squares, top, left)


def serve_reason(rows: int, cols: int, *, mask: npt.NDArray[np.bool_] | None = None,
                 moves: Moves = None) -> str | None:
    """Why the frontier DP cannot count tours on this board, or None if it
    can.  It serves every knight board (masked or not) at most
    :data:`MAX_WIDTH` wide once cut down to its usable rows and columns,
    and any move set (``moves``: (drow, dcol) offsets, see
    :func:`check_moves`) with at most four moves reaching back along the
    sweep (along the longer side), the longest of them at most 32 cells
    back (:func:`knight.geometry.sweep_reason`): the king, wazir, ferz,
    dabbaba, alfil, and every leaper on a board narrow enough (the zebra
    (2, 3) and camel (1, 3) up to 10 wide, the giraffe (1, 4) and antelope
    (3, 4) up to 7).

    >>> serve_reason(8, 8) is None, serve_reason(8, 8, moves=KING) is None
    (True, True)
    >>> serve_reason(10, 10, moves=leaper(2, 3)) is None
    True
    >>> print(serve_reason(8, 8, moves=leaper(1, 4)))
    a move (4, 1) reaches 33 cells back along the sweep (the board is 8 wide), more than the 32 ...
    """
    mv = check_moves(moves)
    bx = crop(rows, cols, mask)
    W = min(bx.rows, bx.cols)
    if W > MAX_WIDTH:
        return f"the frontier is {W} wide, more than {MAX_WIDTH}"
    if mv is None:
        return None
    # the rule itself is geometry: the planner (a lower layer) applies it too
    return sweep_reason(bx.rows, bx.cols, mv)


def serves(rows: int, cols: int, *, mask: npt.NDArray[np.bool_] | None = None,
           moves: Moves = None) -> bool:
    """Whether the frontier DP counts tours on this board (see
    :func:`serve_reason`).

    >>> serves(6, 6, moves=leaper(0, 1)), serves(8, 8, moves=leaper(1, 4))
    (True, False)
    """
    return serve_reason(rows, cols, mask=mask, moves=moves) is None


def leaper(a: int, b: int) -> tuple[tuple[int, int], ...]:
    """The (a, b)-leaper's moves, sorted as :func:`check_moves` keeps a move set
    (the offsets are :func:`knight.board.leaper`'s).

    >>> len(leaper(1, 2)), len(leaper(0, 1)), len(leaper(1, 1))
    (8, 4, 4)
    """
    return tuple(sorted(board_leaper(a, b)))


#: The king's moves (a ferz or a wazir move), sorted.
KING = tuple(sorted(piece_moves("king")))


def _board_args(rows: int, cols: int, mask: npt.NDArray[np.bool_] | None,
                removed: Sequence[int], pinned: Sequence[int], moves: Moves,
                names: Sequence[str] | None = None
                ) -> tuple[Masked, tuple[tuple[int, int], ...] | None]:
    """The board of a count with a mask or a move set, checked and cut down
    (ValueError for what the frontier cannot count)."""
    if mask is not None and len(removed):
        raise ValueError("give the holes as mask= or as removed=, not both")
    mv = check_moves(moves)
    _check_squares(rows, cols, removed)
    if mask is None and len(removed):
        mask = np.ones((rows, cols), dtype=np.bool_)
        mask.reshape(-1)[list(removed)] = False
    bx = crop(rows, cols, mask, pinned, names)
    if min(bx.rows, bx.cols) > MAX_WIDTH:  # a size limit, as for a plain board
        raise BoardTooLargeError(
            f"frontier DP counts boards at most {MAX_WIDTH} squares wide (its states hold "
            f"{MAX_WIDTH} frontier squares); the {rows}x{cols} board, cut down to its "
            f"usable rows and columns, is {bx.rows}x{bx.cols}: more than {MAX_WIDTH} "
            "wide: use method='search'")
    why = serve_reason(bx.rows, bx.cols, moves=mv)
    if why is not None:
        raise ValueError(f"the frontier DP cannot count this board: {why}")
    return bx, mv


def _check_squares(rows: int, cols: int, squares: Sequence[int]) -> None:
    """ValueError unless the board has sides of at least 1 and holds every
    square of ``squares`` (flat indices)."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a board has sides of at least 1, got {rows}x{cols}")
    for sq in squares:
        if not 0 <= sq < rows * cols:
            raise ValueError(f"square {sq} is not on the {rows}x{cols} board")


# --------------------------------------------------------------------------
# Where a board is cut (meet in the middle)
# --------------------------------------------------------------------------

def default_cut(L: int) -> int:
    """The cut where both halves cost about the same: side 0 sweeps cut + 2
    columns, side 1 L - cut, but side 1's last columns hold more states (it
    owns the edges inside the boundary), so side 0 gets one column more
    (measured: 6x7 open 10.6 s at cut 3, 23 s at cut 2, 55 s at cut 4)."""
    return max(1, min(L - 3, (L - 1) // 2))


def can_split(rows: int, cols: int) -> bool:
    """Whether meet in the middle applies (width >= 3, length >= 5)."""
    return min(rows, cols) >= 3 and max(rows, cols) >= 5


def counted_in_halves(rows: int, cols: int, window: int = 0) -> bool:
    """Whether a count of this board (its usable rows and columns) runs as two
    half sweeps joined at a cut: boards at least :data:`SPLIT_WIDTH` wide that
    :func:`can_split`, for move sets whose state ``window`` (0: the
    knight's) is 2W + 1 cells: the join reads a boundary of two columns, and
    a long leaper's edges cross more, so its boards are swept in one piece.
    The count and its estimate ask the same question.

    >>> counted_in_halves(6, 6), counted_in_halves(4, 9), counted_in_halves(5, 4)
    (True, False, False)
    >>> counted_in_halves(5, 10, window=17)  # the zebra
    False
    """
    W = min(rows, cols)
    return W >= SPLIT_WIDTH and can_split(rows, cols) and window <= 2 * W + 1

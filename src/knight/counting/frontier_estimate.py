"""What a frontier DP count will hold, before anything is allocated.

:func:`estimate` gives the peak states and bytes of the state tables, from
peaks measured by width (:data:`PEAK_STATES`, and for the halves of a
meet-in-the-middle split :data:`SPLIT_PEAK_STATES`), scaled for short boards
and boards with holes; :func:`estimate_words` and :func:`plain_words` the
residues each state carries, from the squares' degrees, without preparing
the board.  The planner (:mod:`.cost`, :mod:`.api`) chooses by these; the
core's memory guard is what stops a sweep that passes its limit anyway.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..geometry import sweep_window
from ..limits import check_planning
from .frontier_board import (
    KNIGHT_MOVES,
    Moves,
    _board_args,
    _check_mode,
    check_width,
    counted_in_halves,
)
from .frontier_moduli import _LOG_MARGIN, _bound_bits

__all__ = [
    "HOLE_FACTOR", "LONG_GROWTH", "LONG_PEAK_STATES", "MAX_SHARDS", "PEAK_STATES",
    "SATURATED_LENGTH", "SPLIT_PEAK_BY_LENGTH", "SPLIT_PEAK_STATES", "UNSHARDED_PEAK_STATES",
    "WIDE_FACTOR", "WIDE_WINDOW",
    "entry_bytes", "estimate", "estimate_words", "plain_words", "state_bytes",
]


#: Peak states measured with this core on long boards (the peak depends on
#: the width only once the board is a few columns long), by mode and width.
#: Filled from bench runs; widths not listed are extrapolated.
PEAK_STATES = {
    # measured with mirror folding (peak over the sweep: cycles on 3x1000,
    # 4x200, 5x60, 6x12; paths on 3x1000, 4x200, 5x12, 6x12 -- width 6
    # open saturates from column 6 on at 4.39e6 states a column and peaks
    # at 2.09e7 inside a column: 6x10 2.07e7, 6x12 2.09e7), and
    # extrapolated about x30 per extra row (7, 8)
    "cycle": {1: 1, 2: 4, 3: 100, 4: 1_000, 5: 40_000, 6: 1_100_000,
              7: 30_000_000, 8: 900_000_000},
    "path": {1: 1, 2: 8, 3: 1_800, 4: 21_000, 5: 1_300_000, 6: 21_000_000,
             7: 2_000_000_000, 8: 60_000_000_000},
}


#: Peak states of one half when the board is counted by meet in the middle
#: (counted_in_halves), measured: 7x7 open 3.4e7 (side 0; side 1 and the
#: final tables are smaller), 8x8 closed 1.67e8 at the end of side 1 (the
#: shared sweep 5.1e6, side 0 1.40e7), 6 and 5 from 6x10 / 5x20
#: open (6x10: 1.64e7 in side 1's last columns, side 0 6.6e6) and 6x12 /
#: 5x60 closed.
SPLIT_PEAK_STATES = {
    "cycle": {5: 40_000, 6: 1_100_000, 7: 15_000_000, 8: 167_000_000},
    "path": {5: 1_300_000, 6: 16_500_000, 7: 40_000_000, 8: 1_500_000_000},
}

#: Measured peaks of the halves of boards shorter than the one the table
#: above was measured on (the largest of the shared sweep's and both
#: tails'), where that table would over-state them many times: 6x6 open
#: peaks at 6.5e5.
SPLIT_PEAK_BY_LENGTH = {
    ("path", 6): {6: 660_000, 7: 1_230_000, 8: 5_700_000, 9: 6_600_000},
}

#: From this length on a half sweeps past the columns where a single sweep
#: saturates (6xn open: 4.39e6 states a column from column 6 on, 2.09e7
#: inside one before its cells finish), so it is taken to peak as the
#: single sweep does: side 1 of 6x10 already holds 1.64e7.
SATURATED_LENGTH = 11


#: Where side 1's last column holds the peak (SPLIT_PEAK_STATES), the
#: count sweeps it in shards (:mod:`.frontier_shards`) that fit the memory
#: left, and the peak that has to fit at once is that of the parts not cut:
#: the shared sweep, side 0 and side 1's stem.  Measured: 8x8 closed 1.40e7
#: (side 0), against 1.67e8 in side 1.  Boards not listed are taken to hold
#: their whole peak at once.
UNSHARDED_PEAK_STATES = {("cycle", 8): 14_000_000}

#: The most shards the estimate counts on (more cost time: the left table
#: is read once a shard, and a state two shards reach is swept in both).
MAX_SHARDS = 16


#: Table entries a peak state is taken to cost.  The sweep's tables cost
#: less: the current table packed (one entry a state) and the next one at
#: load 1/2 to 3/4, 13/3 entries at the very worst (while the next one
#: grows by half), 3.0 to 3.8 measured (peak bytes over peak states: 6x8
#: and 6x12 closed, 6x7 open).  8 (the old tables: both at load 1/4 after
#: a doubling) is kept until the peaks of wider boards are known better:
#: with 13/3, 8x8 closed (150 000 000 states, itself extrapolated) would
#: be estimated at 19.4 GiB and "auto" would count it by DP on a machine
#: with 20 GiB free, where it is refused as out of reach now.
TABLE_ENTRIES = 8


#: Peak states of long leapers (a window longer than the knight's 2W + 1,
#: one sweep), by mode and number of squares: the upper envelope of the
#: peaks measured on zebra (2, 3) and giraffe (1, 4) boards.  Unlike the
#: knight's, they hardly depend on the width and vary a hundredfold between
#: boards of one size (zebra, cycles: 5x12 1 970, 5x14 36 771, 5x16 880 236,
#: 5x20 16 654 650, 6x16 14, 9x9 8 337, 10x10 past 1.3e7 by its 55th cell;
#: paths: 5x10 11 453, 5x12 704 241, 5x13 2 698 045, 6x12 440 632, 8x8
#: 28 703; giraffe, cycles 7x8 141 519; paths 5x8 173, 5x12 44 389, 6x8
#: 13 031, 7x8 14 584 078): the envelope errs high, so that a count the
#: memory cannot hold is refused before it starts rather than stopped by
#: the core's guard.  Between two sizes geometric, beyond the last
#: :data:`LONG_GROWTH` a square (zebra paths on 5-wide boards: x1.3).
LONG_PEAK_STATES = {
    "cycle": {56: 141_519, 80: 880_236, 100: 16_654_650},
    "path": {40: 173, 50: 13_031, 56: 14_584_078},
}
LONG_GROWTH = 1.3

#: Long leapers whose window reaches at least :data:`WIDE_WINDOW` cells back
#: (the zebra and the camel 10 wide) take :data:`WIDE_FACTOR` times the
#: envelope: the 10x10 zebra's closed count (window 32) passed 82 041 017
#: states by its 62nd cell of 100 and 14 GiB (measured 2026-12-05), where
#: the envelope at 100 squares, measured on 5x20 (window 17), is 1.67e7;
#: without it the count was estimated at 5 GiB and stopped after minutes
#: by the core's guard instead of being refused before it started.
WIDE_WINDOW = 30
WIDE_FACTOR = 5


def _long_states(squares: int, mode: str) -> int:
    """Peak states of a long leaper's board of this many squares (see
    :data:`LONG_PEAK_STATES`)."""
    pts = sorted(LONG_PEAK_STATES[mode].items())
    if squares <= pts[0][0]:
        s = float(pts[0][1])
    elif squares >= pts[-1][0]:
        s = pts[-1][1] * LONG_GROWTH ** (squares - pts[-1][0])
    else:
        (n0, s0), (n1, s1) = next((a, b) for a, b in zip(pts, pts[1:]) if b[0] >= squares)
        s = s0 * (s1 / s0) ** ((squares - n0) / (n1 - n0))
    return int(min(s, 3.0 ** min(squares, 40)))


#: How many times the full board's estimate a board with holes is taken to
#: peak at (see :func:`estimate`): the largest ratio measured, 7.6 (4x30
#: closed without three corners), rounded up.
HOLE_FACTOR = 8


def estimate(rows: int, cols: int, mode: str = "cycle", *,
             words: int | None = None, mask: npt.NDArray[np.bool_] | None = None,
             moves: Moves = None) -> tuple[int, int]:
    """Estimated (peak states, peak bytes) of the state tables: the most
    states one table holds, and the bytes the count needs at once (less
    than the peak's where side 1 of a split count is swept in shards, see
    :data:`UNSHARDED_PEAK_STATES`).

    ``mode`` is "cycle" or "path" (pinned ends only shrink the tables).
    Computed from a table of measured peaks by width, scaled down for short
    boards; bytes are :data:`TABLE_ENTRIES` entries a state, of the
    key words and the residues the count bound calls for.

    With a ``mask``, the estimate of the full board of the size it is cut
    down to (:func:`~.frontier_board.crop`), times :data:`HOLE_FACTOR` if a hole is left:
    holes do not only take choices away, they also lift the constraints
    that squares of few moves put on their neighbours, and a few holes on
    the edge raise the peak well past the full board's (measured: 4x30
    closed 403 states, 3 077 without three corners; 4x10 open 10 786 and
    44 181; 6x6 open, halves, 650 889 and 1 456 860 without two corners;
    random masks with more holes mostly lower it).  Long leapers (a window
    longer than the knight's) get :data:`LONG_PEAK_STATES`, by squares.
    Other ``moves`` (those
    :func:`~.frontier_board.serves` accepts) get the knight's estimate: their states were
    far fewer in every measurement (peak states, knight against king /
    wazir on 5x16: 39 683 / 297 / 13 closed, 748 294 / 1 658 / 160 open;
    the ferz and the dabbaba, whose graphs fall apart, 1 to 141).  Neither
    is a proof: the core's memory guard stops a sweep that passes the
    limit anyway (BoardTooLargeError), so an estimate only chooses early.

    >>> import numpy as np
    >>> m = np.ones((8, 8), dtype=bool); m[:, 5:] = False; m[3, 3] = False
    >>> words = estimate_words(8, 5, "path", mask=m[:, :5])
    >>> full = estimate(8, 5, "path", words=words)
    >>> estimate(8, 8, "path", mask=m) == (HOLE_FACTOR * full[0], HOLE_FACTOR * full[1])
    True
    """
    _check_mode(mode)
    if mask is not None or moves is not None:
        bx, mv = _board_args(rows, cols, mask, (), (), moves)
        if words is None:
            words = estimate_words(bx.rows, bx.cols, mode, removed=bx.removed, moves=mv)
        S = 0 if mv is None else sweep_window(bx.rows, bx.cols, mv)
        if S > 2 * min(bx.rows, bx.cols) + 1:
            states = max(1, _long_states(bx.rows * bx.cols, mode))
            if S >= WIDE_WINDOW:
                states *= WIDE_FACTOR
            need = TABLE_ENTRIES * states * 8 * ((1 if S <= 17 else 2) + words)
        else:
            states, need = estimate(bx.rows, bx.cols, mode, words=words)
        if not bx.removed:
            return states, need
        more = max(states, min(HOLE_FACTOR * states, 3 ** min(bx.squares, 40)))
        return more, need * more // states
    check_width(rows, cols)
    W, L = min(rows, cols), max(rows, cols)
    # halves of long boards peak as a single sweep does (SATURATED_LENGTH)
    halves = counted_in_halves(rows, cols) and L < SATURATED_LENGTH
    tab = SPLIT_PEAK_STATES[mode] if halves else PEAK_STATES[mode]
    by_length = SPLIT_PEAK_BY_LENGTH.get((mode, W), {}) if halves else {}
    if L in by_length:
        s = by_length[L]
    elif W in tab:
        s = tab[W]
    else:  # the growth per extra row seen from 5 to 6, carried on
        s = tab[max(tab)] * 30 ** (W - max(tab))
    # short boards never reach the peak: at most ~3^(cells) anyway
    s = int(min(s, 3 ** min(W * L, 40)))
    if words is None:
        words = plain_words(rows, cols, mode == "path")
    esz = entry_bytes(W, words)
    at_once = s
    if halves and (mode, W) in UNSHARDED_PEAK_STATES:
        at_once = min(s, max(UNSHARDED_PEAK_STATES[mode, W], -(-s // MAX_SHARDS)))
    return s, TABLE_ENTRIES * at_once * esz


def entry_bytes(width: int, words: int) -> int:
    """Bytes of one table entry: the key's words (one while its 2W + 1 slots
    fit 64 bits: 4 bits a slot up to 15 slots, squeezed to 60 bits at 16 or
    17; else two) and the ``words`` residues.

    >>> entry_bytes(7, 2), entry_bytes(8, 2), entry_bytes(9, 2)
    (24, 24, 32)
    """
    return 8 * ((1 if 2 * width + 1 <= 17 else 2) + words)


def state_bytes(rows: int, cols: int, mode: str = "cycle") -> int:
    """What the estimate takes a peak state to cost: :data:`TABLE_ENTRIES`
    entries (measured: 3.0 to 3.8; 8x8 closed 113 to 117 bytes a state, of
    32-byte entries, before its keys took one word).

    >>> state_bytes(8, 8)
    192
    """
    return TABLE_ENTRIES * entry_bytes(min(rows, cols), plain_words(rows, cols, mode == "path"))


@functools.lru_cache(maxsize=256)
def plain_words(rows: int, cols: int, path_mode: bool) -> int:
    """How many moduli a count of the whole board needs, as ``len(moduli_for(
    count_bound(prepare(rows, cols, path_mode=path_mode))))`` is, without
    preparing the board: the bound needs only how many squares have each
    degree (numpy), and the moduli only the size of the bound (each prime
    of :func:`~.frontier_moduli.primes` is 2^63 to a float).  Kept per board."""
    if rows * cols < 2:
        return 1
    W, L = min(rows, cols), max(rows, cols)
    # A square's degree depends only on its row and on how near (0, 1, 2 or
    # more columns) it is to each end: a board 9 long has every kind, its
    # middle column standing for the L - 8 middle columns of a longer one.
    short = min(L, 9)
    degree = _degrees(np.ones((W, short), dtype=np.bool_), KNIGHT_MOVES)
    hist: Counter[int] = Counter(degree.ravel().tolist())
    if L > short:
        for d in degree[:, 4].tolist():
            hist[d] += L - short
    return _hist_words(hist, path_mode)


def _degrees(usable: npt.NDArray[np.bool_], moves: Sequence[tuple[int, int]]
             ) -> npt.NDArray[np.int64]:
    """Each square's number of moves (``moves``: (drow, dcol)) to a usable
    square, by shifted slices of the array (C speed on long boards)."""
    R, C = usable.shape
    degree = np.zeros((R, C), dtype=np.int64)
    for dr, dc in moves:
        if abs(dr) >= R or abs(dc) >= C:
            continue
        # degree[r, c] += usable[r + dr, c + dc] wherever both are on the board
        degree[max(0, -dr):R - max(0, dr), max(0, -dc):C - max(0, dc)] += \
            usable[max(0, dr):R + min(0, dr), max(0, dc):C + min(0, dc)]
    return degree


def _hist_words(hist: Counter[int], path_mode: bool) -> int:
    """The moduli count bound calls for, from the histogram of the active
    squares' degrees (see :func:`plain_words`)."""
    if sum(hist.values()) < 2:
        return 1  # trivial: no table, one word
    bits = _bound_bits(hist, path_mode, None) + 8 + 1  # bit_length of the bound
    return 1 + max(0, math.ceil((bits + _LOG_MARGIN - 64) / 63))


def estimate_words(rows: int, cols: int, mode: str = "cycle", *,
                   mask: npt.NDArray[np.bool_] | None = None, moves: Moves = None,
                   removed: Sequence[int] = ()) -> int:
    """The residues each state carries on this board (see :func:`estimate`):
    how many moduli the count bound of the board (cut down to its usable
    rows and columns) calls for, from its squares' degrees (numpy, without
    preparing the board; holes as ``mask`` or ``removed``).

    >>> estimate_words(8, 8, "path"), estimate_words(3, 4, "cycle")
    (2, 1)
    """
    _check_mode(mode)
    if mask is None and moves is None and not len(removed):
        check_width(rows, cols)
        return plain_words(rows, cols, mode == "path")
    bx, mv = _board_args(rows, cols, mask, removed, (), moves)
    usable = np.ones((bx.rows, bx.cols), dtype=np.bool_)
    usable.reshape(-1)[list(bx.removed)] = False
    check_planning()
    degree = _degrees(usable, KNIGHT_MOVES if mv is None else mv)
    counts = np.bincount(degree[usable], minlength=1)
    hist: Counter[int] = Counter({d: int(k) for d, k in enumerate(counts.tolist()) if k})
    return _hist_words(hist, mode == "path")

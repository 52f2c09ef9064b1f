"""What the uniform sampler (:mod:`.sample`) takes: its board, its seed and
the boards it refuses (with why), and the uniform draw below any count it
makes (counts pass 2^64)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import planner
from ..board import Board, as_board
from ..geometry import article, sweep_reason, sweep_window

__all__: list[str] = []


def _as_board(board_or_rows: Any, cols: Any) -> Board:
    return as_board(board_or_rows, cols)


def _refusal(board: Board) -> str | None:
    """Why the frontier DP cannot count this board's tours (not its size), or
    the sampler cannot walk its states, or None."""
    if planner.serves("frontier-dp", board):
        rows, cols = board.box()[2:]
        S = 2 * min(rows, cols) + 1 if board.is_knight else sweep_window(rows, cols, board.moves)
        if S <= 2 * min(rows, cols) + 1:
            return None
        # the counts take it, in one sweep; the walks read the knight's
        # window of 2W + 1 cells and the split tables of two columns
        return (f"the sampler cannot walk the states of the {board.describe()}: its moves "
                f"reach {S} cells back along the sweep, the sampler's states hold 2W + 1 "
                "(long leapers are counted, not sampled)")
    if board.wrap is not None:
        return f"it counts flat boards only, not {article(board.describe())}"
    rows, cols = board.box()[2:]
    why = sweep_reason(rows, cols, board.moves)
    return f"it cannot take the moves of the {board.describe()}" + (f" ({why})" if why else "")


def _check_seed(seed: Any) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError("seed must be an int, a numpy Generator or None, not "
                            f"{type(seed).__name__}")
        if seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
    return np.random.default_rng(None if seed is None else int(seed))


def _randbelow(rng: np.random.Generator, n: int) -> int:
    """A uniform int in ``[0, n)`` for any ``n >= 1`` (counts pass 2^64):
    32 random bits at a time, rejecting draws of ``n`` or more."""
    bits = n.bit_length()
    words = (bits + 31) // 32
    while True:
        x = 0
        for w in rng.integers(0, 1 << 32, size=words, dtype=np.uint64).tolist():
            x = (x << 32) | w
        x >>= 32 * words - bits
        if x < n:
            return x

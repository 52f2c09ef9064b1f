"""The pure-Python twin of ``verify.pyx``: checking a tour of a knight's rectangle.

:func:`verify_board` answers as the core does, by a plain walk over the
board; the tests run the same assertions on both.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def verify_board(board: Any, closed: bool = False) -> bool:
    """True when ``board`` (2-D step numbers from 0) is a tour; the core's twin."""
    board = np.asarray(board)
    rows, cols = board.shape
    n = rows * cols
    seen = [False] * n
    grid = board.tolist()
    for r in range(rows):
        for c in range(cols):
            v = grid[r][c]
            if not 0 <= v < n or seen[v]:
                return False
            seen[v] = True
            target = v + 1 if v < n - 1 else (0 if closed else None)
            if target is None:
                continue
            if not any(
                0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] == target
                for dr, dc in (
                    (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)
                )
            ):
                return False
    return True

"""Type stub for knight.capi: the C-level API (declared in capi.pxd, for ``cimport``).

From Python the module says which version of the API it implements and
builds the tables of a :class:`knight.Board` for a ``kt_board``.
"""

from collections.abc import Sequence

import numpy as np

from knight.board import Board

API_VERSION: int

def board_tables(
    board: Board, order: Sequence[Sequence[int]] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...

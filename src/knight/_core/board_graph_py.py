"""The pure-Python twin of ``board_graph.pyx``: the board as a graph.

Only :func:`distances` has a twin (the other functions of the core have
plain answers the tests check directly).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .neighbour_table_py import table_rows


def distances(nbr: np.ndarray, deg: np.ndarray, sources: Sequence[int],
              ) -> tuple[np.ndarray, np.ndarray]:
    """The twin of ``board_graph.distances``: ``(out, bipartite)``, the fewest moves
    from each source to each square (-1: unreachable) and, per source,
    whether its component is bipartite.

    >>> from knight import Board
    >>> board = Board(3, 3, moves="king")
    >>> out, bip = distances(board.neighbours(), board.degrees(), [0])
    >>> out.tolist(), bip.tolist()
    ([[0, 1, 2, 1, 1, 2, 2, 2, 2]], [False])
    """
    rows = table_rows(nbr, deg)
    n = len(rows)
    out = np.full((len(sources), n), -1, dtype=np.int32)
    bip = np.zeros(len(sources), dtype=bool)
    for j, src in enumerate(sources):
        if not 0 <= src < n:
            raise ValueError("a source is not a square of the table")
        dist = [-1] * n
        dist[src] = 0
        queue = [src]
        ok = True
        for p in queue:
            for u in rows[p]:
                if dist[u] < 0:
                    dist[u] = dist[p] + 1
                    queue.append(u)
                elif dist[u] == dist[p]:
                    ok = False
        out[j] = dist
        bip[j] = ok
    return out, bip


__all__ = ["distances"]

import numpy as np
import pytest

import knight


@pytest.fixture
def tour5() -> knight.Tour:
    return knight.solve(5)


def boards_and_starts(sizes):
    """(rows, cols, start) for every square of every board size given."""
    for rows, cols in sizes:
        for r in range(rows):
            for c in range(cols):
                yield rows, cols, (r, c)


def assert_tour(tour, rows, cols, start, closed):
    assert isinstance(tour, knight.Tour)
    assert tour.shape == (rows, cols)
    assert tour.start == start
    assert tour.board.dtype == np.int32
    assert tour.board[start] == 0
    assert tour.closed == closed
    # Check independently of the core: every step once, every move a knight move.
    path = tour.path.astype(np.int64)
    assert sorted((path[:, 0] * cols + path[:, 1]).tolist()) == list(range(rows * cols))
    d = np.abs(np.diff(path, axis=0))
    assert np.all(d[:, 0] * d[:, 1] == 2)
    if closed:
        e = np.abs(path[-1] - path[0])
        assert e[0] * e[1] == 2
    knight.verify(tour.board, closed=closed)

"""verify() accepts tours and names exactly what is wrong with anything else."""

import numpy as np
import pytest

import knight


@pytest.fixture(scope="module")
def board():
    return knight.solve(6, closed=True).board.copy()


def test_accepts_tour_board_and_path(board):
    tour = knight.verify(board, closed=True)
    assert tour.closed and tour.start == tuple(int(v) for v in np.argwhere(board == 0)[0])
    assert knight.verify(tour) == tour
    assert knight.verify(tour.path, closed=True) == tour
    assert knight.verify(tour.path.tolist(), shape=(6, 6)) == knight.verify(board)
    assert knight.verify(board.tolist()) == knight.verify(board)
    assert knight.verify(board.astype(np.int64)) == knight.verify(board)
    assert knight.is_tour(board) and knight.is_tour(board, closed=True)


def test_open_tour_is_not_closed():
    board = knight.solve(5).board
    with pytest.raises(knight.InvalidTourError, match="not closed") as info:
        knight.verify(board, closed=True)
    assert info.value.kind == "not-closed"
    assert not knight.is_tour(board, closed=True)
    with pytest.raises(knight.InvalidTourError, match="not closed"):
        knight.verify(knight.solve(5), closed=True)


def test_swapped_steps_are_not_knight_moves(board):
    bad = board.copy()
    i, j = np.argwhere(bad == 10)[0], np.argwhere(bad == 20)[0]
    bad[tuple(i)], bad[tuple(j)] = 20, 10
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(bad)
    assert info.value.kind == "not-a-knight-move" and info.value.step == 9
    assert "step 9" in str(info.value) and "step 10" in str(info.value)


def test_repeated_and_missing_step(board):
    bad = board.copy()
    bad[np.argwhere(bad == 7)[0][0], np.argwhere(bad == 7)[0][1]] = 3
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(bad)
    assert info.value.kind == "repeated-step" and info.value.step == 3
    assert "step 7 is missing" in str(info.value)
    assert len(info.value.squares) == 2


def test_out_of_range(board):
    for value in (-1, 36, 10**6):
        bad = board.copy()
        bad[0, 0] = value
        with pytest.raises(knight.InvalidTourError) as info:
            knight.verify(bad)
        assert info.value.kind == "out-of-range" and info.value.squares == ((0, 0),)
    big = board.astype(np.int64)
    big[1, 1] = 2**40
    with pytest.raises(knight.InvalidTourError, match="outside the steps"):
        knight.verify(big)


@pytest.mark.parametrize(
    "obj,kind",
    [
        (np.zeros((0, 5), dtype=np.int32), "shape"),
        (np.zeros(5, dtype=np.int32), "shape"),
        (np.zeros((2, 2, 2), dtype=np.int32), "shape"),
        ([[0, 1], [2]], "shape"),
        (np.array([["a", "b", "c"]]), "shape"),
        (np.full((3, 3), 0.5), "shape"),
        (np.full((3, 3), np.nan), "shape"),
    ],
)
def test_malformed_input(obj, kind):
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(obj)
    assert info.value.kind == kind
    assert isinstance(info.value, ValueError)


def test_paths():
    tour = knight.solve(5, 6)
    path = tour.path.copy()
    assert knight.verify(path) == tour
    short = path[:-1]
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(short, shape=(5, 6))
    assert info.value.kind == "missing-step"
    rep = path.copy()
    rep[5] = rep[3]
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(rep)
    assert info.value.kind == "repeated-step"
    off = path.copy()
    off[4] = (9, 9)
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(off, shape=(5, 6))
    assert info.value.kind == "out-of-range"
    neg = path.copy()
    neg[2] = (-1, 0)
    with pytest.raises(knight.InvalidTourError, match="off the board"):
        knight.verify(neg)
    swapped = path.copy()
    swapped[[3, 4]] = swapped[[4, 3]]
    with pytest.raises(knight.InvalidTourError) as info:
        knight.verify(swapped)
    assert info.value.kind == "not-a-knight-move"


def plain_is_tour(board, closed):
    """Independent of the package: every step once, each the next a knight move away."""
    rows, cols = board.shape
    n = rows * cols
    if sorted(board.ravel().tolist()) != list(range(n)):
        return False
    r, c = np.divmod(np.argsort(board, axis=None), cols)
    if closed:
        r, c = np.append(r, r[0]), np.append(c, c[0])
    return bool(np.all(np.abs(np.diff(r)) * np.abs(np.diff(c)) == 2))


def test_core_and_twin_on_random_corruptions(impl):
    rng = np.random.default_rng(5)
    good = knight.solve(7, 8).board
    closed = knight.solve(6, 8, closed=True).board
    for base, cl in ((good, False), (closed, True), (closed, False)):
        assert impl.verify_board(base, cl) == knight.is_tour(base, closed=cl)
        assert impl.verify_board(base, cl) and plain_is_tour(base, cl)
        for _ in range(200):
            bad = base.copy()
            k = rng.integers(1, 4)
            for _ in range(k):
                a = tuple(rng.integers(0, s) for s in bad.shape)
                b = tuple(rng.integers(0, s) for s in bad.shape)
                if rng.random() < 0.5:
                    bad[a], bad[b] = bad[b], bad[a]
                else:
                    bad[a] = rng.integers(-2, bad.size + 2)
            assert impl.verify_board(bad, cl) == knight.is_tour(bad, closed=cl)
            assert impl.verify_board(bad, cl) == plain_is_tour(bad, cl)


def test_one_square_board():
    assert knight.is_tour([[0]])
    assert not knight.is_tour([[0]], closed=True)
    assert not knight.is_tour([[1]])


def test_verify_does_not_freeze_the_callers_array():
    board = knight.solve(6).board.copy()
    tour = knight.verify(board)
    assert board.flags.writeable and not tour.board.flags.writeable
    assert tour.start == (0, 0)


def test_start_comes_from_the_board():
    tour = knight.solve(7, start=(3, 5))
    assert knight.verify(tour.board.copy()).start == (3, 5)
    assert knight.verify(tour.path.copy()).start == (3, 5)

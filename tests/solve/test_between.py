"""knight.construct.construct_between: open tours from a given square to a given square."""

import random

import numpy as np
import pytest

import knight
import knight.construct as kc
from conftest import CORE, TWIN
from knight._core import between_paths as _paths
from knight._core import construct as _construct
from knight._core import construct_between as _between

MOVES = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}

EVEN_EVEN = [(12, 12), (12, 14), (14, 20), (16, 16), (22, 30), (40, 36)]
EVEN_ODD = [(12, 13), (13, 12), (13, 20), (21, 30), (33, 16), (60, 59)]
ODD_ODD = [(13, 13), (15, 17), (21, 23), (25, 13), (45, 47), (59, 61)]
BOARDS = EVEN_EVEN + EVEN_ODD + ODD_ODD


def check(board, rows, cols, s, t):
    """The board is an open tour from s to t (checked twice: by knight.verify and here)."""
    assert board.shape == (rows, cols) and board.dtype == np.int32
    n = rows * cols
    assert int(board[s]) == 0 and int(board[t]) == n - 1
    order = np.argsort(board, axis=None)
    assert np.array_equal(board.ravel()[order], np.arange(n))
    r, c = np.divmod(order, cols)
    steps = set(zip(np.diff(r).tolist(), np.diff(c).tolist()))
    assert steps <= MOVES, steps - MOVES
    tour = knight.verify(board, closed=False)
    assert tour.start == s


def allowed(rows, cols, s, t):
    if s == t:
        return False
    if rows % 2 and cols % 2:
        return (s[0] + s[1]) % 2 == 0 and (t[0] + t[1]) % 2 == 0
    return (s[0] + s[1]) % 2 != (t[0] + t[1]) % 2


def special_pairs(rows, cols):
    """Corners, edges, neighbours and near neighbours, s and t in one block."""
    corners = [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]
    edges = [(0, cols // 2), (rows // 2, 0), (rows - 1, cols // 2 + 1), (rows // 2 + 1, cols - 1)]
    squares = corners + edges + [(rows // 2, cols // 2), (1, 1), (rows - 2, cols - 3)]
    pairs = [(s, t) for s in squares for t in squares]
    for s in squares + [(5, 6), (rows // 3, cols // 2)]:
        for dr, dc in sorted(MOVES):
            t = (s[0] + dr, s[1] + dc)
            if 0 <= t[0] < rows and 0 <= t[1] < cols:
                pairs.append((s, t))          # t a knight move from s
        for dr, dc in ((0, 1), (1, 1), (2, 2), (0, 2), (3, 1), (4, 4)):
            t = (s[0] + dr, s[1] + dc)
            if 0 <= t[0] < rows and 0 <= t[1] < cols:
                pairs.append((s, t))          # same block, or the next
    return [(s, t) for s, t in pairs if allowed(rows, cols, s, t)]


def random_pairs(rows, cols, k, rng):
    out = []
    while len(out) < k:
        s = (rng.randrange(rows), rng.randrange(cols))
        t = (rng.randrange(rows), rng.randrange(cols))
        if allowed(rows, cols, s, t):
            out.append((s, t))
    return out


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_random_pairs(rows, cols):
    rng = random.Random(rows * 1000 + cols)
    for s, t in random_pairs(rows, cols, 12, rng):
        assert kc.between_serves(rows, cols, s, t)
        check(kc.construct_between(rows, cols, s, t), rows, cols, s, t)


@pytest.mark.parametrize("rows,cols", [(12, 12), (12, 13), (13, 13), (17, 19)])
def test_special_pairs(rows, cols):
    pairs = special_pairs(rows, cols)
    assert len(pairs) > 50
    for s, t in pairs:
        check(kc.construct_between(rows, cols, s, t), rows, cols, s, t)


def test_every_start_on_the_smallest_boards():
    # Every start square with a few ends on the smallest boards served: the
    # blocks are smallest there, so a block path is hardest to find.
    rng = random.Random(7)
    for rows, cols in ((12, 12), (13, 13), (12, 13)):
        for s in [(r, c) for r in range(rows) for c in range(cols)]:
            ends = [t for t in random_pairs(rows, cols, 60, rng) if allowed(rows, cols, s, t[1])]
            for _, t in ends[:1]:
                check(kc.construct_between(rows, cols, s, t), rows, cols, s, t)


def test_both_directions_and_transposes():
    for rows, cols, s, t in ((20, 31, (2, 3), (17, 29)), (31, 20, (17, 2), (3, 19))):
        for a, b in ((s, t), (t, s)):
            check(kc.construct_between(rows, cols, a, b), rows, cols, a, b)
        ts, tt = (s[1], s[0]), (t[1], t[0])
        check(kc.construct_between(cols, rows, ts, tt), cols, rows, ts, tt)


def test_serves_matches_construct():
    rng = random.Random(3)
    for rows, cols in ((12, 12), (13, 13), (12, 15), (11, 20), (20, 11)):
        for _ in range(40):
            s = (rng.randrange(rows), rng.randrange(cols))
            t = (rng.randrange(rows), rng.randrange(cols))
            if kc.between_serves(rows, cols, s, t):
                assert allowed(rows, cols, s, t) and min(rows, cols) >= kc.BETWEEN_MIN_SIDE
                check(kc.construct_between(rows, cols, s, t), rows, cols, s, t)
            else:
                with pytest.raises(ValueError):
                    kc.construct_between(rows, cols, s, t)


@pytest.mark.parametrize("args,message", [
    ((11, 40, (0, 0), (0, 1)), "both sides >= 12"),
    ((40, 8, (0, 0), (0, 1)), "both sides >= 12"),
    ((12, 12, (0, 0), (2, 2)), "different colours"),
    ((12, 13, (0, 1), (0, 3)), "different colours"),
    ((13, 13, (0, 1), (0, 4)), "corner colour"),
    ((13, 13, (0, 0), (0, 1)), "corner colour"),
    ((13, 13, (2, 2), (2, 2)), "different from start"),
    ((12, 12, (3, 4), (3, 4)), "different from start"),
])
def test_refusals(args, message):
    assert not kc.between_serves(*args)
    with pytest.raises(ValueError, match=message):
        kc.construct_between(*args)


def test_bad_arguments():
    with pytest.raises(ValueError, match="start"):
        kc.construct_between(12, 12, (12, 0), (0, 1))
    with pytest.raises(ValueError, match="end"):
        kc.construct_between(12, 12, (0, 0), (0, -1))
    with pytest.raises(TypeError, match="rows"):
        kc.construct_between(12.0, 12, (0, 0), (0, 1))
    with pytest.raises(TypeError):
        kc.construct_between(12, 12, None, (0, 1))
    with pytest.raises(TypeError, match="rows"):
        kc.between_serves(True, 12, (0, 0), (0, 1))
    assert not kc.between_serves(12, 12, (0, 12), (0, 1))
    assert not kc.between_serves(12, 12, (0, 0), (-1, 1))


def test_block_path_core():
    out = np.empty(10 * 10, dtype=np.int32)
    for h, w, a, b in ((10, 10, 0, 98), (10, 10, 45, 46), (7, 9, 0, 62), (5, 6, 0, 29)):
        assert any(_paths.block_path(h, w, a, b, seed, 10**6, out) >= 0
                   for seed in range(1, 6))
        path = out[:h * w]
        assert path[0] == a and path[-1] == b and sorted(path.tolist()) == list(range(h * w))
        r, c = np.divmod(path, w)
        assert set(zip(np.diff(r).tolist(), np.diff(c).tolist())) <= MOVES
    # Same colour on an even block: no path, found out (or given up) without a crash.
    assert _paths.block_path(6, 6, 0, 2, 1, 100000, out) == -1
    assert _paths.block_path(4, 4, 0, 0, 1, 0, out) == -1
    with pytest.raises(ValueError):
        _paths.block_path(10, 10, 0, 99, 1, 0, np.empty(50, dtype=np.int32))


def test_block_path_required_edges():
    out = np.empty(8 * 8, dtype=np.int32)
    partner = np.full(64, -1, dtype=np.int32)
    required = [(9, 26), (36, 53), (0, 10)]      # (1,1)-(3,2), (4,4)-(6,5), (0,0)-(1,2)
    for p, q in required:
        partner[p], partner[q] = q, p
    assert _paths.block_path(8, 8, 7, 63, 1, 200000, out, partner) >= 0
    edges = {frozenset(e) for e in zip(out[:-1].tolist(), out[1:].tolist())}
    assert all(frozenset(e) in edges for e in required)
    assert out[0] == 7 and out[-1] == 63 and sorted(out.tolist()) == list(range(64))


def test_construct_window():
    board = np.full((20, 30), -7, dtype=np.int32)
    window = board[3:15, 4:21]
    assert _construct.construct_window(window, 2, 5, True) == _construct.OK
    assert (board[:3] == -7).all() and (board[15:] == -7).all()
    assert (board[:, :4] == -7).all() and (board[:, 21:] == -7).all()
    assert knight.is_tour(window.copy(), closed=True) and window[2, 5] == 0
    # Numbered from a start towards a given tour neighbour's far side, plus an offset.
    r, c = np.argwhere(window == 1)[0]
    for last in ((int(r), int(c)), tuple(int(v) for v in np.argwhere(window == 203)[0])):
        assert _construct.construct_window(window, 2, 5, True, None, 1000, *last) == (
            _construct.OK)
        assert window[2, 5] == 1000 and window[last] == 1000 + 203
        assert knight.is_tour(window - 1000, closed=True)
    assert (board[:3] == -7).all() and (board[:, 21:] == -7).all()
    # Not a neighbour of the start on the tour: refused.
    far = tuple(int(v) for v in np.argwhere(window == 1100)[0])
    assert _construct.construct_window(window, 2, 5, True, None, 0, *far) == (
        _construct.BAD_ARGUMENT)
    with pytest.raises(ValueError):
        _construct.construct_window(board[::1, ::2][:10, :10], 0, 0, True)
    assert _construct.construct_window(board[:4, :10], 0, 0, True) == _construct.BAD_ARGUMENT
    assert _construct.construct_window(board[:6, :6], 0, 0, False, None, 0, 1, 2) == (
        _construct.BAD_ARGUMENT)


def test_write_blocks():
    board = np.full((4, 12), -1, dtype=np.int32)
    path = np.array([0, 5, 2, 3, 4, 1, 6, 7], dtype=np.int32)    # any order of a 2x4 block
    _between.write_blocks(board, np.array([0, 2, 2], dtype=np.int64),
                          np.array([0, 4, 8], dtype=np.int64), np.full(3, 4, dtype=np.int64),
                          np.array([0, 8, 16], dtype=np.int64), np.zeros(3, dtype=np.int64),
                          path, np.array([0, 8], dtype=np.int64))
    assert board[0, 0] == 0 and board[1, 1] == 1 and board[3, 7] == 15 and board[2, 8] == 16
    assert (board[2:, :4] == -1).all() and (board[:2, 4:] == -1).all()


def test_deterministic_and_contiguous():
    a = kc.construct_between(30, 31, (0, 1), (29, 29))
    b = kc.construct_between(30, 31, (0, 1), (29, 29))
    assert np.array_equal(a, b) and a.flags.c_contiguous


@pytest.mark.parametrize("n", [200, 201])
def test_larger_boards(n):
    rng = random.Random(n)
    for s, t in random_pairs(n, n + 2, 3, rng):
        check(kc.construct_between(n, n + 2, s, t), n, n + 2, s, t)


def _cuts(*parts):
    return np.cumsum((0,) + parts).astype(np.int64)


def test_between_into_core():
    # The core's one try is construct_between's board.
    rows, cols, s, t = 24, 26, (3, 4), (20, 2)
    board = np.full((rows, cols), -1, dtype=np.int32)
    rc, cc = _cuts(6, 6, 6, 6), _cuts(10, 8, 8)
    assert _between.between_into(board, rc, cc, *s, *t) == _construct.OK
    check(board, rows, cols, s, t)
    # Kept paths and steps can be dropped; the same board comes back.
    assert min(_paths.between_kept()) > 0
    _paths.between_forget()
    assert _paths.between_kept() == (0, 0)
    again = np.full((rows, cols), -1, dtype=np.int32)
    assert _between.between_into(again, rc, cc, *s, *t) == _construct.OK
    assert np.array_equal(board, again)
    # No layout for this cut (a block path is missing: construct_between then
    # tries other cuts): said so, the board untouched.
    for s2, t2 in (((1, 4), (3, 5)), ((3, 6), (1, 7))):
        fresh = np.full((12, 12), -1, dtype=np.int32)
        assert _between.between_into(fresh, _cuts(6, 6), _cuts(6, 6), *s2, *t2) == (
            _between.NO_LAYOUT)
        assert (fresh == -1).all()
        check(kc.construct_between(12, 12, s2, t2), 12, 12, s2, t2)


def test_between_into_refuses_bad_arguments():
    board = np.zeros((12, 12), dtype=np.int32)
    good = _cuts(6, 6)
    for rc in (_cuts(6, 5), _cuts(4, 8), _cuts(12, 0), _cuts(6, 6)[1:], np.zeros(1, np.int64),
               _cuts(3, 3, 6)):
        with pytest.raises(ValueError, match="cuts"):
            _between.between_into(board, rc, good, 0, 0, 11, 0)
        with pytest.raises(ValueError, match="cuts"):
            _between.between_into(board, good, rc, 0, 0, 11, 0)
    for sr, sc, tr, tc in ((0, 0, 0, 0), (12, 0, 0, 1), (0, 0, 0, -1), (-1, 0, 0, 1)):
        with pytest.raises(ValueError, match="squares"):
            _between.between_into(board, good, good, sr, sc, tr, tc)
    with pytest.raises(ValueError):
        _between.between_into(np.zeros((12, 0), dtype=np.int32), good, _cuts(), 0, 0, 1, 0)
    with pytest.raises(ValueError):      # not C-contiguous
        _between.between_into(np.zeros((12, 24), dtype=np.int32)[:, ::2], good, good, 0, 0,
                              11, 0)
    with pytest.raises(ValueError):      # not int64
        _between.between_into(board, good.astype(np.int32), good, 0, 0, 11, 0)
    with pytest.raises(TypeError):
        _between.between_into(board, None, good, 0, 0, 11, 0)


def test_between_into_big_blocks():
    # Merged parts up to 16 (the fallback splits): blocks of up to 256 squares.
    rows, cols = 32, 32
    rng = random.Random(4)
    for s, t in random_pairs(rows, cols, 6, rng):
        board = np.full((rows, cols), -1, dtype=np.int32)
        status = _between.between_into(board, _cuts(16, 16), _cuts(16, 16), *s, *t)
        assert status in (_construct.OK, _between.NO_LAYOUT)
        if status == _construct.OK:
            check(board, rows, cols, s, t)


def test_write_blocks_long_paths_and_repeats():
    # Paths longer than any block (no offset table) and runs of one path
    # (the table reused, then rebuilt for another width) give the same
    # numbers as writing square by square.
    rng = np.random.default_rng(5)
    board = np.full((20, 60), -1, dtype=np.int32)
    long_path = rng.permutation(400).astype(np.int32)            # a 20x20 block
    short = rng.permutation(100).astype(np.int32)                # 10x10 or 5x20
    flat = np.concatenate([long_path, short])
    first = np.array([0, 400, 500], dtype=np.int64)
    r0 = np.array([0, 0, 10, 0], dtype=np.int64)
    c0 = np.array([0, 20, 20, 30], dtype=np.int64)
    width = np.array([20, 10, 10, 20], dtype=np.int64)
    base = np.array([0, 400, 500, 600], dtype=np.int64)
    which = np.array([0, 1, 1, 1], dtype=np.int64)
    shifts = np.array([[0, 3, 7], [2, 50, 1000]], dtype=np.int64)
    _between.write_blocks(board, r0, c0, width, base, which, flat, first, shifts)
    want = np.full((20, 60), -1, dtype=np.int32)
    for i in range(4):
        path = flat[first[which[i]]:first[which[i] + 1]]
        b = int(base[i])
        for k, sq in enumerate(path.tolist()):
            want[r0[i] + sq // width[i], c0[i] + sq % width[i]] = b + k
            for bi, kk, by in shifts.tolist():
                if bi == i and kk == k:
                    b += by
    assert np.array_equal(board, want)


def test_threads_share_the_kept_paths():
    # Threads plan (keeping new paths) while others write without the GIL:
    # every board is the one a single thread builds.
    import concurrent.futures as cf
    rng = random.Random(11)
    jobs = [(rows, cols, s, t) for rows, cols in ((60, 61), (48, 50), (121, 120))
            for s, t in random_pairs(rows, cols, 12, rng)]
    _paths.between_forget()
    with cf.ThreadPoolExecutor(4) as pool:
        boards = list(pool.map(lambda job: kc.construct_between(*job), jobs))
    _paths.between_forget()
    for job, board in zip(jobs, boards):
        assert np.array_equal(board, kc.construct_between(*job))
        check(board, *job)


def test_kept_paths_are_bounded(monkeypatch):
    # Past the limit the core starts afresh; the boards do not change.
    rng = random.Random(12)
    jobs = [(40, 41, s, t) for s, t in random_pairs(40, 41, 8, rng)]
    want = [kc.construct_between(*job) for job in jobs]
    monkeypatch.setattr(kc, "_PATH_CACHE_LIMIT", 3)
    for job, board in zip(jobs, want):
        assert np.array_equal(kc.construct_between(*job), board)
        assert max(_paths.between_kept()) <= 3 + 2 * 12


def test_the_core_planner_and_its_python_twin_build_the_same_boards() -> None:
    """construct.pyx's between_into and its pure-Python twin (the planner
    construct_between had before it moved into the core) make the same
    choices: for every cut tried, both find a layout or both do not, and
    the boards agree square for square."""
    from itertools import islice

    from knight import construct as cons
    from knight._core import construct_between_py

    rng = random.Random(20261203)
    tried = joined = 0
    for rows, cols, pairs in ((12, 12, 12), (13, 13, 12), (12, 21, 8), (16, 17, 8),
                              (50, 50, 6), (101, 103, 4)):
        done = 0
        while done < pairs:
            s = (rng.randrange(rows), rng.randrange(cols))
            t = (rng.randrange(rows), rng.randrange(cols))
            if not cons.between_serves(rows, cols, s, t):
                continue
            done += 1
            for rparts in islice(cons._side_splits(rows, s[0]), 3):
                for cparts in islice(cons._side_splits(cols, t[1]), 2):
                    rc, cc = cons._cut_array(tuple(rparts)), cons._cut_array(tuple(cparts))
                    core = np.full((rows, cols), -1, dtype=np.int32)
                    twin = np.full((rows, cols), -1, dtype=np.int32)
                    ok = CORE.between_into(core, rc, cc, s, t)
                    assert TWIN.between_into(twin, rc, cc, s, t) == ok
                    tried += 1
                    if ok:
                        joined += 1
                        assert np.array_equal(core, twin), (rows, cols, s, t, rparts, cparts)
                        assert core[s] == 0 and core[t] == rows * cols - 1
                        assert knight.is_tour(core)
    assert joined > 0.8 * tried
    construct_between_py.forget()

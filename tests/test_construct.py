"""knight.construct: linear-time tours on every board with both sides >= 5."""

import doctest
import importlib.util
import itertools
import sys
from pathlib import Path

import numpy as np
import pytest

import knight
import knight.construct as kc
from knight import theory

ROOT = Path(__file__).resolve().parents[1]


def _load_script():
    path = ROOT / "scripts" / "make_blocks.py"
    spec = importlib.util.spec_from_file_location("make_blocks", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_blocks"] = mod
    spec.loader.exec_module(mod)
    return mod


make_blocks = _load_script()
# The block data of the knight package under test: src/ in a checkout, site-packages when the
# tests run against an installed wheel (then scripts/ is a copy and make_blocks.OUT is absent).
STORED = Path(kc.__file__).resolve().parent / "data" / "blocks.npz"


def check(board, rows, cols, start, closed):
    """Independent of knight.verify as well: every square once, knight moves."""
    assert board.shape == (rows, cols)
    assert board.dtype == np.int32 and board.flags.c_contiguous
    assert board[start] == 0
    knight.verify(board, closed=closed)
    order = np.argsort(board, axis=None)
    r, c = np.divmod(order, cols)
    assert np.array_equal(np.sort(board, axis=None), np.arange(rows * cols))
    dr, dc = np.abs(np.diff(r)), np.abs(np.diff(c))
    assert np.all(dr * dc == 2)
    if closed:
        assert abs(r[-1] - r[0]) * abs(c[-1] - c[0]) == 2


@pytest.mark.parametrize("rows", range(5, 13))
def test_every_board_5_to_12_every_start(rows):
    for cols in range(5, 13):
        for closed in (False, True):
            for sr in range(rows):
                for sc in range(cols):
                    why = theory.reason(rows, cols, (sr, sc), closed)
                    if why is not None:
                        with pytest.raises(knight.NoTourError, match="odd number of squares"):
                            kc.construct(rows, cols, (sr, sc), closed)
                        continue
                    check(kc.construct(rows, cols, (sr, sc), closed), rows, cols, (sr, sc), closed)


def test_odd_boards_open_from_every_corner_colour_square():
    # The start block of an odd x odd board must contain the start at any
    # place; sweep every start of a few boards with several block rows/cols.
    for rows, cols in [(13, 13), (15, 17), (19, 11), (23, 25)]:
        n = 0
        for sr in range(rows):
            for sc in range(cols):
                if (sr + sc) % 2 == 0:
                    check(kc.construct(rows, cols, (sr, sc), False), rows, cols, (sr, sc), False)
                    n += 1
                else:
                    with pytest.raises(knight.NoTourError):
                        kc.construct(rows, cols, (sr, sc), False)
        assert n == (rows * cols + 1) // 2


def test_even_boards_from_every_square():
    # Several block rows and columns, so every join kind is crossed.
    for rows, cols in [(14, 16), (21, 20), (17, 26)]:
        for sr in range(rows):
            for sc in range(cols):
                for closed in (False, True):
                    check(kc.construct(rows, cols, (sr, sc), closed), rows, cols, (sr, sc), closed)


def test_odd_side_split_for_every_length_and_start():
    # One odd part holding s at an even offset, every other part even and in
    # 6..10: this is what makes the start block's colour and place right.
    for n in range(5, 302, 2):
        for s in range(n):
            parts, i = next(kc._odd_part_choices(n, s))
            assert sum(parts) == n
            assert all(p in kc.EVEN_PARTS for k, p in enumerate(parts) if k != i)
            a = sum(parts[:i])
            assert parts[i] in kc.ODD_PARTS and a % 2 == 0 and a <= s < a + parts[i]


def test_closed_side_splits():
    for n in range(5, 302):
        parts = kc._closed_parts(n)
        assert sum(parts) == n and all(5 <= p <= kc.MAX_PART for p in parts)
        assert sum(p % 2 for p in parts) == n % 2


@pytest.mark.parametrize("seed", range(4))
def test_random_large_rectangles(seed):
    rng = np.random.default_rng(seed)
    for _ in range(10):
        if rng.random() < 0.5:
            rows, cols = int(rng.integers(5, 10)), int(rng.integers(5, 3001))
        else:
            rows, cols = int(rng.integers(5, 1501)), int(rng.integers(5, 1501))
        if rng.random() < 0.5:
            rows, cols = cols, rows
        for closed in (False, True):
            if closed and rows % 2 and cols % 2:
                cols += 1
            start = (int(rng.integers(rows)), int(rng.integers(cols)))
            if not closed and rows % 2 and cols % 2 and sum(start) % 2:
                start = (start[0], start[1] - 1 if start[1] else 1)
            check(kc.construct(rows, cols, start, closed), rows, cols, start, closed)


def test_both_parities_of_large_boards():
    for rows, cols, start, closed in [
        (1001, 999, (500, 334), False),
        (999, 1001, (998, 0), False),
        (1000, 1001, (999, 1000), True),
        (1001, 1000, (0, 999), False),
        (5, 2999, (2, 1500), False),
        (2999, 9, (1500, 4), False),
        (8, 3000, (7, 2999), True),
    ]:
        check(kc.construct(rows, cols, start, closed), rows, cols, start, closed)


def test_reference_twin_agrees():
    rng = np.random.default_rng(7)
    for _ in range(25):
        rows, cols = int(rng.integers(5, 40)), int(rng.integers(5, 40))
        closed = bool(rng.random() < 0.5) and not (rows % 2 and cols % 2)
        start = (int(rng.integers(rows)), int(rng.integers(cols)))
        if rows % 2 and cols % 2 and sum(start) % 2:
            start = (start[0] ^ 1 if start[0] < rows - 1 else start[0] - 1, start[1])
        fast = kc.construct(rows, cols, start, closed)
        ref = kc.reference_construct(rows, cols, start, closed)
        check(ref, rows, cols, start, closed)
        # The same tour: the same moves, the closing move included on boards
        # with a closed tour (walking a cycle, the two may go opposite ways).
        cycle = not (rows % 2 and cols % 2)
        assert _moves(ref, cycle) == _moves(fast, cycle)


def _moves(board, cycle):
    cols = board.shape[1]
    order = np.argsort(board, axis=None).tolist()
    if cycle:
        order.append(order[0])
    return {frozenset(divmod(q, cols) for q in pair) for pair in itertools.pairwise(order)}


def test_no_tour_boards_raise_at_once():
    with pytest.raises(knight.NoTourError, match="Schwenk"):
        kc.construct(9, 7, (0, 0), True)
    with pytest.raises(knight.NoTourError, match="other colour"):
        kc.construct(9, 7, (0, 1), False)
    with pytest.raises(knight.NoTourError):
        kc.construct(2, 8, (0, 0), False)
    with pytest.raises(knight.NoTourError):
        kc.construct(4, 9, (0, 0), True)
    with pytest.raises(knight.NoTourError):
        kc.construct(1, 1, (0, 0), True)
    assert kc.construct(1, 1, (0, 0), False).tolist() == [[0]]


def test_bad_inputs():
    with pytest.raises(TypeError, match="rows"):
        kc.construct("8", 8, (0, 0), False)
    with pytest.raises(TypeError, match="cols"):
        kc.construct(8, 8.0, (0, 0), False)
    with pytest.raises(ValueError, match="rows"):
        kc.construct(0, 8, (0, 0), False)
    with pytest.raises(ValueError, match="start"):
        kc.construct(8, 8, (8, 0), False)
    with pytest.raises(TypeError, match="start"):
        kc.construct(8, 8, 5, False)
    with pytest.raises(TypeError, match="closed"):
        kc.construct(8, 8, (0, 0), "yes")
    with pytest.raises(knight.BoardTooLargeError):
        kc.construct(100_000, 100_000, (0, 0), True)


def test_refuses_before_allocating(monkeypatch):
    monkeypatch.setattr(knight.geometry, "available_memory", lambda: 100 * 2**20)
    assert kc.memory_estimate(5000, 5000) == 125_000_000
    with pytest.raises(knight.BoardTooLargeError, match=r"5000x5000 board needs about 0\.1 GiB"):
        kc.construct(5000, 5000, (0, 0), True)
    # Small boards still fit.
    check(kc.construct(100, 100, (3, 3), True), 100, 100, (3, 3), True)


def test_every_stored_block_is_the_tour_it_claims():
    blocks = kc._blocks()
    with np.load(STORED) as data:
        d = {k: data[k] for k in data.files}
    for i in range(len(d["h"])):
        h, w, o = int(d["h"][i]), int(d["w"][i]), int(d["offset"][i])
        code = d["codes"][o:o + h * w].reshape(h, w)
        make_blocks.check_block(code, int(d["sr"][i]), int(d["sc"][i]), int(d["mask"][i]))
    # What the planner relies on: every closed type for both block columns,
    # every odd type from every corner-colour square with both join sets.
    for h in range(5, 12):
        for w in range(5, 12):
            if h % 2 and w % 2:
                for sr in range(h):
                    for sc in range(sr % 2, w, 2):
                        assert blocks.path_offset(h, w, (sr, sc), kc.U | kc.R | kc.D) >= 0
                        assert blocks.path_offset(h, w, (sr, sc), kc.L | kc.R) >= 0
            else:
                assert np.all(blocks.tile_at[h, w] >= 0)


@pytest.mark.parametrize("kind,h,w,start", [
    ("closed", 6, 6, None), ("closed", 10, 11, None), ("closed", 5, 6, None),
    ("path", 5, 5, (1, 1)), ("path", 9, 7, (4, 2)), ("path", 11, 11, (10, 10)),
])
def test_stored_blocks_regenerate(kind, h, w, start):
    # The script is seeded: re-running its search gives the stored bytes.
    with np.load(STORED) as data:
        d = {k: data[k] for k in data.files}
    sr, sc = start if start else (-1, -1)
    stored = [
        (int(d["mask"][i]), d["codes"][int(d["offset"][i]):int(d["offset"][i]) + h * w])
        for i in range(len(d["h"]))
        if (d["h"][i], d["w"][i], d["sr"][i], d["sc"][i]) == (h, w, sr, sc)
    ]
    if start is None:
        fresh = make_blocks.closed_blocks(h, w)
    else:
        fresh = make_blocks.path_blocks(h, w, start)
    assert [m for m, _ in fresh] == [m for m, _ in stored]
    for (m, code), (_, old) in zip(fresh, stored, strict=True):
        make_blocks.check_block(code, sr, sc, m)
        assert np.array_equal(code.ravel(), old)


def test_corrupt_block_data_is_refused():
    with np.load(STORED) as data:
        d = {k: data[k].copy() for k in data.files}
    kc._Blocks(d)  # the genuine data is accepted
    bad = dict(d)
    bad["codes"] = d["codes"].copy()
    bad["codes"][0] = (bad["codes"][0] & 0xF0) | 4  # (0, 0) pointing off the block
    with pytest.raises(RuntimeError, match="leaving its block"):
        kc._Blocks(bad)
    bad["codes"] = d["codes"].copy()
    o = int(d["offset"][0]) + 7
    bad["codes"][o] = (bad["codes"][o] & 0xF0) | ((bad["codes"][o] & 15) ^ 1)
    with pytest.raises(RuntimeError):
        kc._Blocks(bad)


def test_doctests():
    result = doctest.testmod(kc, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0

"""knight.construct: linear-time tours on every board with both sides >= 5."""

import doctest
import importlib.util
import itertools
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import knight
import knight.construct as kc
from conftest import CORE
from knight import construct_py, theory
from knight._core import construct as _construct
from knight._core import stored_blocks as _blocks
from knight.construct_py import D, L, R, U

ROOT = Path(__file__).resolve().parents[2]


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
STORED = Path(kc.__file__).resolve().parent / "data" / "blocks.bin"


def stored_arrays():
    return kc.read_block_file(STORED)


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


@pytest.mark.slow
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


def test_reference_twin_agrees(impl):
    rng = np.random.default_rng(7)
    for _ in range(25):
        rows, cols = int(rng.integers(5, 40)), int(rng.integers(5, 40))
        closed = bool(rng.random() < 0.5) and not (rows % 2 and cols % 2)
        start = (int(rng.integers(rows)), int(rng.integers(cols)))
        if rows % 2 and cols % 2 and sum(start) % 2:
            start = (start[0] ^ 1 if start[0] < rows - 1 else start[0] - 1, start[1])
        board = impl.construct(rows, cols, start, closed)
        check(board, rows, cols, start, closed)
        # The same tour: the same moves, the closing move included on boards
        # with a closed tour (walking a cycle, the two may go opposite ways).
        cycle = not (rows % 2 and cols % 2)
        assert _moves(board, cycle) == _moves(CORE.construct(rows, cols, start, closed), cycle)


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
    blocks = construct_py._blocks()
    d = stored_arrays()
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
                        assert blocks.path_offset(h, w, (sr, sc), U | R | D) >= 0
                        assert blocks.path_offset(h, w, (sr, sc), L | R) >= 0
            else:
                assert np.all(blocks.tile_at[h, w] >= 0)


@pytest.mark.parametrize("kind,h,w,start", [
    ("closed", 6, 6, None), ("closed", 10, 11, None), ("closed", 5, 6, None),
    ("path", 5, 5, (1, 1)), ("path", 9, 7, (4, 2)), ("path", 11, 11, (10, 10)),
])
def test_stored_blocks_regenerate(kind, h, w, start):
    # The script is seeded: re-running its search gives the stored bytes.
    d = stored_arrays()
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


def test_the_file_is_in_its_canonical_encoding():
    # What make_blocks.py writes for these blocks is byte for byte the file.
    raw = STORED.read_bytes()
    assert make_blocks.to_bytes(stored_arrays()) == raw
    assert raw[:8] == _blocks.MAGIC
    assert make_blocks.check_file(STORED) == len(stored_arrays()["h"])


def _corrupt(change):
    d = {k: v.copy() for k, v in stored_arrays().items()}
    change(d)
    return make_blocks.to_bytes(d)


def test_corrupt_block_data_is_refused():
    raw = STORED.read_bytes()
    assert _blocks.parse_blocks(raw) is None  # the genuine data is accepted
    o = int(stored_arrays()["offset"][1]) + 7

    def off_block(d):
        d["codes"][0] = (d["codes"][0] & 0xF0) | 4  # (0, 0) pointing off the block

    def one_way(d):
        d["codes"][o] = (d["codes"][o] & 0xF0) | ((d["codes"][o] & 15) ^ 1)

    def lacks_all(d, i):
        h, w, o = int(d["h"][i]), int(d["w"][i]), int(d["offset"][i])
        try:
            make_blocks.check_block(d["codes"][o:o + h * w].reshape(h, w), int(d["sr"][i]),
                                    int(d["sc"][i]), 15)
        except ValueError:
            return True
        return False

    def claims(d):
        # A stored path that lacks a join edge, made to claim them all.
        d["mask"][next(i for i in range(len(d["h"])) if lacks_all(d, i))] = 15

    def order(d):
        d["order"] = d["order"][::-1].copy()

    for change, message in [(off_block, "leaving its block"), (one_way, "reverse|not one tour"),
                            (claims, "lacks a join edge"), (order, "another move order")]:
        err = _blocks.parse_blocks(_corrupt(change))
        assert err is not None and re.search(message, err), err
        with pytest.raises(RuntimeError, match=message):
            kc.read_block_file(_corrupt(change))
    for bad in (b"", raw[:31], raw[:-1], raw + b"\0", b"XXXXXXXX" + raw[8:]):
        assert _blocks.parse_blocks(bad) is not None


def test_random_bytes_never_crash_the_loader():
    rng = np.random.default_rng(3)
    raw = bytearray(STORED.read_bytes())
    for _ in range(300):
        bad = bytearray(raw)
        for i in rng.integers(0, len(raw), size=int(rng.integers(1, 4))):
            bad[int(i)] = int(rng.integers(256))
        # Either refused with a reason or (a byte changed to an equal tour) accepted.
        err = _blocks.parse_blocks(bytes(bad))
        assert err is None or err.startswith("the block data ")


def test_a_refused_reload_keeps_the_blocks_in_use():
    assert _blocks.load_blocks(b"nonsense") is not None
    assert _blocks.blocks_error() is None
    check(kc.construct(20, 20, (3, 4), True), 20, 20, (3, 4), True)


def test_core_statuses():
    def run(rows, cols, sr, sc, closed, cancel=None):
        board = np.full((rows, cols), -1, dtype=np.int32)
        return _construct.construct_into(board, sr, sc, closed, cancel)

    assert run(8, 8, 0, 0, True) == _construct.OK
    assert run(7, 7, 0, 0, True) == _construct.NO_TOUR       # Schwenk
    assert run(7, 9, 0, 1, False) == _construct.NO_TOUR      # the other colour
    assert run(2, 8, 0, 0, False) == _construct.NO_TOUR
    assert run(1, 1, 0, 0, True) == _construct.NO_TOUR
    assert run(1, 1, 0, 0, False) == _construct.OK
    assert run(3, 10, 0, 0, True) == _construct.OK           # the thin automaton, in C
    assert run(10, 4, 5, 0, False) == _construct.OK
    assert run(3, 8, 1, 2, False) == _construct.NO_TOUR      # the automaton rules it out
    assert run(4, 10, 0, 0, True) == _construct.NO_TOUR      # Schwenk: never on 4xn
    assert run(3, 3, 0, 0, False) == _construct.NO_TOUR
    assert run(8, 8, 8, 0, True) == _construct.BAD_ARGUMENT
    assert run(8, 8, 0, -1, True) == _construct.BAD_ARGUMENT
    assert run(8, 8, 0, 0, True, np.ones(1, dtype=np.uint8)) == _construct.CANCELLED
    assert run(8, 8, 0, 0, True, np.zeros(1, dtype=np.uint8)) == _construct.OK
    with pytest.raises(ValueError, match="cancel"):
        run(8, 8, 0, 0, True, np.zeros(0, dtype=np.uint8))
    with pytest.raises(TypeError):
        _construct.construct_into(None, 0, 0, True)
    with pytest.raises(ValueError):
        _construct.construct_into(np.zeros((8, 8), dtype=np.int32)[:, ::2], 0, 0, True)


def test_status_codes_are_the_c_apis():
    # construct.pxd mirrors knight.capi's KT_* values (it cannot cimport them).  The
    # package under test ships capi.pxd (site-packages when run against a wheel).
    text = (Path(knight.__file__).parent / "capi.pxd").read_text(encoding="utf-8")
    for name in ("OK", "CANCELLED", "INTERRUPTED", "BAD_ARGUMENT", "NO_MEMORY", "NO_TOUR",
                 "BAD_DATA"):
        m = re.search(rf"^\s*KT_{name}\s*=\s*(\d+)", text, re.M)
        if m is None:
            pytest.skip(f"KT_{name} is not in capi.pxd yet")
        assert int(m.group(1)) == getattr(_construct, name), name


def test_the_c_entry_point_has_the_thin_automata_built_when_first_needed():
    # A C caller may be the first to need a thin automaton: the core takes
    # the GIL once and has knight.thin build and install it.
    out = subprocess.run(
        [sys.executable, "-c", "import numpy as np, knight, knight.thin as t; "
         "from knight._core import construct as c; "
         "before = t.automaton.cache_info().currsize; "
         "b = np.full((3, 12), -1, dtype=np.int32); s = c.construct_into(b, 1, 0, False); "
         "print(before, s, knight.is_tour(b), t.automaton.cache_info().currsize)"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.split() == ["0", "0", "True", "1"]


def test_first_construction_does_not_load_the_python_twin():
    # The core reads blocks.bin itself at import; the Python twin (and its
    # tables) loads only when the tests ask for it.
    out = subprocess.run(
        [sys.executable, "-c", "import sys, knight; "
         "knight.solve(100, closed=True, method='construct'); "
         "knight.solve(13, 13, start=(6, 6), method='construct'); "
         "print('knight.construct_py' in sys.modules)"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == "False"


def test_doctests():
    for module in (kc, construct_py, _construct):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0

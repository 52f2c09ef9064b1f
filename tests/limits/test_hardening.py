"""Hardening: malformed input never crashes or answers wrongly, the
array-taking entry points survive fuzzing, oversized requests are refused
before they allocate, and a long loop of calls does not grow the process.

Anything that could take the interpreter down runs in a child process, so a
crash is reported as a failed test instead of ending the run.
"""

import gc
import json
import os
import subprocess
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import knight  # noqa: E402
from knight import construct as construct_module  # noqa: E402
from knight.board import check_analysis_memory  # noqa: E402
from knight.decide import _fewest_moves  # noqa: E402

ARG_ERRORS = (TypeError, ValueError)


# --------------------------------------------------------------------------
# Malformed arguments to every public function

BAD_SIZES = [
    (5.0, TypeError, "rows must be an integer"),
    (np.float64(5), TypeError, "rows must be an integer"),
    (np.float32(5), TypeError, "rows must be an integer"),
    ("5", TypeError, "rows must be an integer"),
    (b"5", TypeError, "rows must be an integer"),
    (None, TypeError, "rows must be an integer"),
    (True, TypeError, "rows must be an integer"),
    (np.bool_(True), TypeError, "rows must be an integer"),
    (5 + 0j, TypeError, "rows must be an integer"),
    ([5], TypeError, "rows must be an integer"),
    (np.array([5]), TypeError, "rows must be an integer"),
    (float("nan"), TypeError, "rows must be an integer"),
    (float("inf"), TypeError, "rows must be an integer"),
    (0, ValueError, "rows must be at least 1"),
    (-1, ValueError, "rows must be at least 1"),
    (np.int64(-3), ValueError, "rows must be at least 1"),
    (-(2**70), ValueError, "rows must be at least 1"),
    (10**30, knight.BoardTooLargeError, "int32"),
    (2**63, knight.BoardTooLargeError, "int32"),
    (np.uint64(2**64 - 1), knight.BoardTooLargeError, "int32"),
]

# Every public function that takes a board size, called with everything else valid.
SIZED = {
    "solve": lambda rows: knight.solve(rows, 5),
    "solve-construct": lambda rows: knight.solve(rows, 6, method="construct"),
    "exists": lambda rows: knight.exists(rows, 5),
    "why_not": lambda rows: knight.why_not(rows, 5),
    "start_squares": lambda rows: knight.start_squares(rows, 5),
    "count": lambda rows: knight.count(rows, 3),
    "tours": lambda rows: knight.tours(rows, 3),
    "sweep": lambda rows: knight.sweep(rows, 5),
    "compare": lambda rows: knight.compare(rows, 5),
    "closed_tour_board": lambda rows: knight.closed_tour_board(rows, 5),
    "open_tour_board": lambda rows: knight.open_tour_board(rows, 5),
    "construct": lambda rows: construct_module.construct(rows, 6, (0, 0), False),
}


@pytest.mark.parametrize("value,exc,match", BAD_SIZES, ids=lambda v: repr(v)[:20])
@pytest.mark.parametrize("name", sorted(SIZED))
def test_bad_board_sizes_raise_a_named_error(name, value, exc, match):
    with pytest.raises(exc, match=match):
        SIZED[name](value)


@pytest.mark.parametrize("name", sorted(SIZED))
def test_bad_cols_are_named_too(name):
    call = {
        "solve": lambda c: knight.solve(5, c),
        "exists": lambda c: knight.exists(5, c),
        "count": lambda c: knight.count(3, c),
        "start_squares": lambda c: knight.start_squares(5, c),
    }.get(name)
    if call is None:
        return
    for value in (2.5, "x", np.float64(3), True, -2):
        with pytest.raises(ARG_ERRORS, match="cols"):
            call(value)


def test_numpy_integer_sizes_are_accepted_and_floats_are_not():
    for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        assert knight.solve(t(6)).shape == (6, 6)
        assert knight.exists(t(6), t(6))
    for t in (np.float16, np.float32, np.float64, np.longdouble, np.complex128):
        with pytest.raises(TypeError, match="rows must be an integer"):
            knight.solve(t(6))


BAD_STARTS = [
    ((5, 0), ValueError, r"off the 5x5 board"),
    ((0, 5), ValueError, r"off the 5x5 board"),
    ((-1, 0), ValueError, r"off the 5x5 board"),
    ((10**40, 0), ValueError, r"off the 5x5 board"),
    ((0, 0, 0), ValueError, "start must be a"),
    ((0,), ValueError, "start must be a"),
    ((), ValueError, "start must be a"),
    ((0.0, 0), TypeError, "start row must be an integer"),
    ((0, np.float64(1)), TypeError, "start col must be an integer"),
    ((True, 0), TypeError, "start row must be an integer"),
    ((np.bool_(False), 0), TypeError, "start row must be an integer"),
    (("0", 0), TypeError, "start row must be an integer"),
    ((None, None), TypeError, "start row must be an integer"),
    (3, TypeError, "start must be a"),
    (3.5, TypeError, "start must be a"),
    (b"a1", TypeError, "start must be a"),
    ({0, 1}, TypeError, "start must be a"),
    ({0: 0, 1: 0}, TypeError, "start must be a"),
    (np.array(3), TypeError, "start must be a"),
    (np.array([0.5, 1]), TypeError, "start row must be an integer"),
    (np.array([[0, 0]]), ValueError, "start must be a"),
    ("z9", ValueError, "off the 5x5 board"),
    ("", ValueError, "chess notation"),
    ("e", ValueError, "chess notation"),
    ("a-1", ValueError, "chess notation"),
    ("a0", ValueError, "off the 5x5 board"),
]

STARTED = {
    "solve": lambda s: knight.solve(5, start=s),
    "solve-construct": lambda s: knight.solve(5, start=s, method="construct"),
    "exists": lambda s: knight.exists(5, start=s),
    "why_not": lambda s: knight.why_not(5, start=s),
    "count": lambda s: knight.count(5, start=s),
    "count-end": lambda s: knight.count(5, start=(0, 0), end=s),
    "tours": lambda s: knight.tours(5, start=s),
    "compare": lambda s: knight.compare(5, start=s),
    "construct": lambda s: construct_module.construct(5, 5, s, False),
}


@pytest.mark.parametrize("value,exc,match", BAD_STARTS, ids=lambda v: repr(v)[:20])
@pytest.mark.parametrize("name", sorted(STARTED))
def test_bad_squares_raise_a_named_error(name, value, exc, match):
    if name == "count-end":
        match = match.replace("start", "end")
    with pytest.raises(exc, match=match):
        STARTED[name](value)


BAD_FLAGS = [1, 0, "yes", None, 1.0, np.int64(1), [True]]

FLAGGED = {
    "solve": lambda v: knight.solve(6, closed=v),
    "exists": lambda v: knight.exists(6, closed=v),
    "why_not": lambda v: knight.why_not(6, closed=v),
    "start_squares": lambda v: knight.start_squares(6, closed=v),
    "count": lambda v: knight.count(3, 4, closed=v),
    "count-directed": lambda v: knight.count(3, 4, directed=v),
    "count-progress": lambda v: knight.count(3, 4, progress=v),
    "tours": lambda v: knight.tours(3, 4, closed=v),
    "construct": lambda v: construct_module.construct(6, 6, (0, 0), v),
}


@pytest.mark.parametrize("value", BAD_FLAGS, ids=repr)
@pytest.mark.parametrize("name", sorted(FLAGGED))
def test_flags_must_be_bools(name, value):
    with pytest.raises(TypeError, match="must be"):
        FLAGGED[name](value)
    # numpy bools are bools.
    FLAGGED[name](np.bool_(False))


def test_closed_must_be_a_bool_when_checking_tours_too():
    board = knight.solve(6).board.copy()
    for value in ("no", "yes", 0, 1, 0.0, [], [True]):
        for call in (knight.verify, knight.is_tour, knight.Tour):
            with pytest.raises(TypeError, match="closed must be True"):
                call(board, closed=value)
    assert knight.is_tour(board, closed=None) and knight.is_tour(board, closed=np.bool_(False))
    assert knight.Tour(board, closed=np.bool_(False)).closed is False


KNIGHT = list(knight.DEFAULT_ORDER)

BAD_ORDERS = [
    ("abcdefgh", TypeError, "order must be"),
    (b"abcdefgh", TypeError, "order must be"),
    (5, TypeError, "order must be"),
    (5.0, TypeError, "order must be"),
    ([1] * 8, TypeError, "order must be"),
    (KNIGHT[:7], ValueError, "all 8 knight moves"),
    (KNIGHT + [KNIGHT[0]], ValueError, "twice"),
    ([], ValueError, "all 8 knight moves"),
    ([KNIGHT[0]] * 8, ValueError, "twice"),
    ([(0, 0)] + KNIGHT[1:], ValueError, "not a knight move"),
    ([(2, 2)] + KNIGHT[1:], ValueError, "not a knight move"),
    ([(3, 1)] + KNIGHT[1:], ValueError, "not a knight move"),
    ([(2**64 + 2, 1)] + KNIGHT[1:], ValueError, "not a knight move"),
    ([(2, 1, 0)] + KNIGHT[1:], ValueError, r"order\[0\] must be a \(drow, dcol\) pair"),
    ([(2.0, 1)] + KNIGHT[1:], TypeError, r"order\[0\] drow must be an integer"),
    ([(True, 1)] + KNIGHT[1:], TypeError, r"order\[0\] drow must be an integer"),
    ([("2", "1")] + KNIGHT[1:], TypeError, r"order\[0\] drow must be an integer"),
    (np.array(KNIGHT, dtype=float), TypeError, "must be an integer"),
    (np.array(KNIGHT)[:, ::-1][:, :1], ValueError, "pair"),
]


@pytest.mark.parametrize("order,exc,match", BAD_ORDERS, ids=lambda v: repr(v)[:24])
def test_orders_that_are_not_the_eight_knight_moves_are_refused(order, exc, match):
    for method in ("backtrack", "warnsdorff", "warnsdorff-backtrack", "auto"):
        with pytest.raises(exc, match=match):
            knight.solve(6, method=method, order=order)
    with pytest.raises(exc, match=match):
        knight.solve(6).moves(order)


def test_orders_in_any_container_work():
    for order in (np.array(KNIGHT), np.array(KNIGHT, dtype=np.int8), tuple(KNIGHT),
                  iter(KNIGHT), [list(m) for m in KNIGHT], np.asfortranarray(KNIGHT),
                  np.repeat(np.array(KNIGHT), 2, axis=0)[::2]):
        assert knight.solve(6, method="backtrack", order=order) == knight.solve(
            6, method="backtrack")


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"max_nodes": -1}, ValueError, "max_nodes"),
        ({"max_nodes": 0}, ValueError, "max_nodes"),
        ({"max_nodes": 1.5}, TypeError, "max_nodes"),
        ({"max_nodes": np.float64(10)}, TypeError, "max_nodes"),
        ({"max_nodes": True}, TypeError, "max_nodes"),
        ({"max_nodes": "10"}, TypeError, "max_nodes"),
        ({"timeout": -1}, ValueError, "timeout"),
        ({"timeout": 0.0}, ValueError, "timeout"),
        ({"timeout": float("nan")}, ValueError, "timeout"),
        ({"timeout": float("inf")}, ValueError, "timeout"),
        ({"timeout": float("-inf")}, ValueError, "timeout"),
        ({"timeout": np.float64("nan")}, ValueError, "timeout"),
        ({"timeout": True}, TypeError, "timeout"),
        ({"timeout": np.bool_(True)}, TypeError, "timeout"),
        ({"timeout": 1j}, TypeError, "timeout"),
        ({"timeout": "1"}, TypeError, "timeout"),
        ({"timeout": [1]}, TypeError, "timeout"),
        ({"method": "warnsdorff", "tie_break": "random", "seed": -1}, ValueError, "seed"),
        ({"method": "warnsdorff", "tie_break": "random", "seed": 2**64}, ValueError, "seed"),
        ({"method": "warnsdorff", "tie_break": "random", "seed": 1.0}, TypeError, "seed"),
        ({"method": "warnsdorff", "tie_break": "random", "seed": "1"}, TypeError, "seed"),
        ({"method": "warnsdorff", "tie_break": None}, ValueError, "tie_break"),
        ({"method": "warnsdorff", "tie_break": 0}, ValueError, "tie_break"),
        ({"method": 0}, ValueError, "method"),
        ({"method": "Backtrack"}, ValueError, "method"),
        ({"method": ["auto"]}, ValueError, "method"),
        ({"trace": 5}, TypeError, "trace"),
        ({"trace": "print"}, TypeError, "trace"),
    ],
    ids=lambda v: repr(v)[:40],
)
def test_bad_options_to_solve(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        knight.solve(6, **kwargs)


def test_huge_limits_are_accepted():
    # Beyond int64 a node limit is never reached; it must not overflow.
    assert knight.solve(6, method="backtrack", max_nodes=2**70) == knight.solve(
        6, method="backtrack")
    assert knight.solve(6, method="auto", max_nodes=np.uint64(2**64 - 1)).shape == (6, 6)
    assert knight.solve(6, method="backtrack", timeout=1e300).shape == (6, 6)
    assert knight.count(5, start=(0, 0), timeout=1e300) == 304


@pytest.mark.parametrize(
    "call,exc,match",
    [
        (lambda: knight.count(5, workers=0), ValueError, "workers"),
        (lambda: knight.count(5, workers=2.0), TypeError, "workers"),
        (lambda: knight.count(5, workers=True), TypeError, "workers"),
        (lambda: knight.count(5, executor=3), TypeError, "executor"),
        (lambda: knight.count(5, timeout=0), ValueError, "timeout"),
        (lambda: knight.count(5, timeout=float("nan")), ValueError, "timeout"),
        (lambda: knight.count(5, timeout="1"), TypeError, "timeout"),
        (lambda: knight.count(5, timeout=np.bool_(True)), TypeError, "timeout"),
        (lambda: knight.count(5, end=(0, 0), closed=True), ValueError, "end needs start"),
        (lambda: knight.tours(5, limit=-1), ValueError, "limit"),
        (lambda: knight.tours(5, limit=1.0), TypeError, "limit"),
        (lambda: knight.tours(5, timeout=-2), ValueError, "timeout"),
        (lambda: knight.sweep(5, method="dfs"), ValueError, "method"),
        (lambda: knight.sweep(5, method=["auto"]), ValueError, "method"),
        (lambda: knight.sweep(5, closed="no"), TypeError, "closed"),
        (lambda: knight.sweep(5, max_nodes=0), ValueError, "max_nodes"),
        (lambda: knight.sweep(5, bogus=1), TypeError, "bogus"),
        (lambda: knight.compare(5, methods=["dfs"]), ValueError, "method"),
        (lambda: knight.compare(5, methods="auto"), ValueError, "method"),
        (lambda: knight.compare(5, timeout="1"), TypeError, "timeout"),
        (lambda: knight.compare(5, timeout=-1), ValueError, "timeout"),
    ],
    ids=lambda v: "" if callable(v) else repr(v)[:30],
)
def test_bad_options_elsewhere(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


@pytest.mark.parametrize(
    "call,exc,match",
    [
        (lambda t: t.to_svg(size=10), ValueError, "size"),
        (lambda t: t.to_svg(size=100.0), ValueError, "size"),
        (lambda t: t.to_svg(size=True), ValueError, "size"),
        (lambda t: t.to_svg(size="100"), ValueError, "size"),
        (lambda t: t.to_svg(base=2), ValueError, "base"),
        (lambda t: t.to_svg(bogus=1), TypeError, "bogus"),
        (lambda t: t.save("tour.txt"), ValueError, "extension|.svg"),
        (lambda t: t.save("tour"), ValueError, "extension|.svg"),
        (lambda t: t.save(3), TypeError, None),
        (lambda t: t.save(None), TypeError, None),
        (lambda t: t.save("tour.svg", size=4), ValueError, "size"),
        (lambda t: t.save("tour.svg", bogus=1), TypeError, "bogus"),
        (lambda t: t.grid(base=2), ValueError, "base"),
        (lambda t: t.grid(base=-1), ValueError, "base"),
        (lambda t: t.to_dict(base=2), ValueError, "base"),
    ],
    ids=lambda v: "" if callable(v) else repr(v)[:30],
)
def test_bad_options_to_tour_methods(call, exc, match, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(exc, match=match):
        call(knight.solve(5))
    assert not any(tmp_path.iterdir())


def test_svg_title_is_escaped():
    svg = knight.solve(5).to_svg(title='<script>alert("x")</script> & more')
    assert "<script>" not in svg
    import xml.etree.ElementTree as ET

    ET.fromstring(svg)


def test_algebraic_needs_26_columns_or_fewer():
    with pytest.raises(ValueError, match="26 columns"):
        knight.solve(5, 27).algebraic()


# --------------------------------------------------------------------------
# Malformed arrays to verify / is_tour / Tour

GOOD = knight.solve(6, closed=True).board.copy()
GOOD_PATH = knight.solve(6, closed=True).path.copy()


def _readonly(a):
    a = a.copy()
    a.flags.writeable = False
    return a


# (array, valid?) -- valid arrays must verify, invalid ones raise InvalidTourError.
ARRAYS = {
    "int32": (GOOD, True),
    "int8": (GOOD.astype(np.int8), True),
    "int16": (GOOD.astype(np.int16), True),
    "int64": (GOOD.astype(np.int64), True),
    "uint8": (GOOD.astype(np.uint8), True),
    "uint32": (GOOD.astype(np.uint32), True),
    "uint64": (GOOD.astype(np.uint64), True),
    ">i4 big-endian": (GOOD.astype(">i4"), True),
    ">i8 big-endian": (GOOD.astype(">i8"), True),
    "float64 whole": (GOOD.astype(np.float64), True),
    "float32 whole": (GOOD.astype(np.float32), True),
    "list": (GOOD.tolist(), True),
    "tuple": (tuple(map(tuple, GOOD.tolist())), True),
    "fortran": (np.asfortranarray(GOOD), True),
    "non-contiguous": (np.repeat(GOOD, 2, axis=1)[:, ::2], True),
    "negative strides": (GOOD[::-1, ::-1].copy()[::-1, ::-1], True),
    "reversed view": (GOOD[::-1][::-1], True),
    "read-only": (_readonly(GOOD), True),
    "transposed view": (GOOD.T.copy().T, True),
    "path int32": (GOOD_PATH, True),
    "path float": (GOOD_PATH.astype(float), True),
    "path fortran": (np.asfortranarray(GOOD_PATH), True),
    "path read-only": (_readonly(GOOD_PATH), True),
    "path non-contiguous": (np.repeat(GOOD_PATH, 2, axis=0)[::2], True),
    "uint64 beyond int64": (GOOD.astype(np.uint64) + np.uint64(2**63), False),
    "uint64 max": (np.full((6, 6), 2**64 - 1, dtype=np.uint64), False),
    "int64 beyond int32": (GOOD.astype(np.int64) + 2**32, False),
    "int64 min": (np.full((6, 6), -(2**63), dtype=np.int64), False),
    "float NaN": (np.where(GOOD == 5, np.nan, GOOD.astype(float)), False),
    "float inf": (np.where(GOOD == 5, np.inf, GOOD.astype(float)), False),
    "float -inf": (np.where(GOOD == 5, -np.inf, GOOD.astype(float)), False),
    "float half": (GOOD + 0.5, False),
    "float 1e300": (GOOD * 1e300, False),
    "float -0.0 is 0": (np.where(GOOD == 0, -0.0, GOOD.astype(float)), True),
    "complex": (GOOD.astype(complex), False),
    "bool": (GOOD.astype(bool), False),
    "str": (GOOD.astype(str), False),
    "bytes": (GOOD.astype(bytes), False),
    "object ints": (GOOD.astype(object), False),
    "object mixed": (np.array([[0, "a"], [None, 1.5]], dtype=object), False),
    "datetime": (GOOD.astype("datetime64[s]"), False),
    "timedelta": (GOOD.astype("timedelta64[s]"), False),
    "structured": (np.zeros((6, 6), dtype=[("a", np.int32)]), False),
    "0-d": (np.array(0), False),
    "scalar": (0, False),
    "None": (None, False),
    "1-d": (GOOD.ravel(), False),
    "3-d": (GOOD[None], False),
    "4-d": (GOOD[None, None], False),
    "empty 0x0": (np.zeros((0, 0), dtype=np.int32), False),
    "empty 0x6": (np.zeros((0, 6), dtype=np.int32), False),
    "empty 6x0": (np.zeros((6, 0), dtype=np.int32), False),
    "empty list": ([], False),
    "ragged": ([[0, 1, 2], [3]], False),
    "ragged deep": ([[[0]], [1, 2]], False),
    "dict": ({"a": 1}, False),
    "string": ("0 1 2", False),
    "shifted": (GOOD + 1, False),
    "negative": (GOOD - 1, False),
    "swapped": (np.where(GOOD == 3, 4, np.where(GOOD == 4, 3, GOOD)), False),
    "transposed wrongly": (np.rot90(GOOD).copy() + 0 * 1, True),
    "all zeros": (np.zeros((6, 6), dtype=np.int32), False),
    "1x1 zero": (np.zeros((1, 1), dtype=np.int32), True),
    "1x1 one": (np.ones((1, 1), dtype=np.int32), False),
    "path off board": (np.array([[0, 0], [-1, 2]]), False),
    "path huge square": (np.array([[0, 0], [2**40, 1]]), False),
    "path int64 extremes": (np.array([[2**63 - 1, -(2**63)], [0, 0]]), False),
    "path repeated": (np.vstack([GOOD_PATH, GOOD_PATH[:1]]), False),
    "path short": (GOOD_PATH[:-1], False),
    "path empty": (np.zeros((0, 2), dtype=np.int32), False),
}


def _independent_is_tour(obj, closed):
    """A plain-Python check of the board-or-path rule, sharing no code with knight."""
    try:
        a = np.asarray(obj)
    except ValueError:
        return False
    if a.dtype.kind == "f":
        if not a.size or not np.all(np.isfinite(a)) or not np.all(a == np.round(a)):
            return False
        if np.any(np.abs(a) >= np.float64(2.0**62)):
            return False
        a = a.astype(np.int64)
    if a.dtype.kind not in "iu" or a.ndim != 2 or 0 in a.shape:
        return False
    rows = [[int(v) for v in row] for row in a.tolist()]
    if a.shape[1] == 2:  # a path of squares
        pts = [tuple(p) for p in rows]
        if min(min(p) for p in pts) < 0:
            return False
        h, w = max(p[0] for p in pts) + 1, max(p[1] for p in pts) + 1
        if h * w != len(pts) or len(set(pts)) != len(pts):
            return False
    else:
        n = a.size
        where = {}
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                where[v] = (r, c)
        if sorted(where) != list(range(n)) or len(where) != n:
            return False
        pts = [where[k] for k in range(n)]
    # A closed tour needs a move back to the start: never on a 1x1 board.
    steps = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if closed else [])
    return all({abs(p[0] - q[0]), abs(p[1] - q[1])} == {1, 2} for p, q in steps)


@pytest.mark.parametrize("name", sorted(ARRAYS))
def test_malformed_arrays_get_a_clear_answer(name):
    obj, valid = ARRAYS[name]
    for closed in (False, True):
        expected = _independent_is_tour(obj, closed)
        if not closed:
            assert expected == valid, "the table's own expectation"
        assert knight.is_tour(obj, closed=closed) is expected
        if expected:
            tour = knight.verify(obj, closed=closed)
            assert tour.closed == closed and tour.board.dtype == np.int32
            assert knight.is_tour(tour.board, closed=closed)
        else:
            with pytest.raises(knight.InvalidTourError) as info:
                knight.verify(obj, closed=closed)
            assert info.value.kind in {"shape", "out-of-range", "repeated-step",
                                       "missing-step", "not-a-knight-move", "not-closed"}
            assert str(info.value)
            if isinstance(obj, np.ndarray) and obj.ndim == 2 and obj.shape[1] != 2:
                with pytest.raises(knight.InvalidTourError):
                    knight.Tour(obj, closed=closed)


def test_messages_quote_the_real_values():
    with pytest.raises(knight.InvalidTourError, match=r"9223372036854775808 at index \(0, 0\)"):
        knight.verify(GOOD.astype(np.uint64) + np.uint64(2**63))
    with pytest.raises(knight.InvalidTourError, match="dtype float64"):
        knight.verify(np.where(GOOD == 5, np.nan, GOOD.astype(float)))
    with pytest.raises(knight.InvalidTourError, match="dtype timedelta64"):
        knight.verify(GOOD.astype("timedelta64[s]"))


def test_verify_leaves_the_callers_array_alone():
    for obj in (GOOD.copy(), np.asfortranarray(GOOD), GOOD.astype(np.int64),
                GOOD_PATH.copy(), _readonly(GOOD)):
        before = obj.copy()
        flags = obj.flags.writeable
        tour = knight.verify(obj)
        assert np.array_equal(obj, before) and obj.flags.writeable == flags
        assert not tour.board.flags.writeable
        with pytest.raises(ValueError):
            tour.board[0, 0] = 1


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"shape": (5,)}, TypeError, "shape must be a"),
        ({"shape": (5, 5, 5)}, TypeError, "shape must be a"),
        ({"shape": 5}, TypeError, "shape must be a"),
        ({"shape": "66"}, TypeError, "shape must be a"),
        ({"shape": (6.0, 6.0)}, TypeError, "rows must be an integer"),
        ({"shape": (-6, -6)}, ValueError, "rows must be at least 1"),
        ({"shape": (0, 6)}, ValueError, "rows must be at least 1"),
        ({"shape": (10**20, 10**20)}, knight.BoardTooLargeError, "int32"),
    ],
    ids=lambda v: repr(v)[:30],
)
def test_bad_verify_shapes(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        knight.verify(GOOD_PATH, **kwargs)


def test_a_short_path_on_a_huge_board_is_answered_without_a_huge_table():
    path = np.array([[0, 0], [1, 2]])
    assert not knight.is_tour(path, shape=(40000, 40000))
    with pytest.raises(knight.InvalidTourError, match=r"square \(0, 1\) is never visited"):
        knight.verify(path, shape=(40000, 40000))
    # The smallest board holding these squares is beyond int32: not a tour.
    assert not knight.is_tour(np.array([[0, 0], [2**40, 1]]))


# Fuzzing: arbitrary arrays of every dtype and shape.

DTYPES = st.sampled_from([
    np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
    np.float16, np.float32, np.float64, np.bool_, np.complex64,
])
FUZZ = settings(max_examples=1500, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.slow
@FUZZ
@given(hnp.arrays(DTYPES, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=7)),
       st.booleans())
def test_fuzz_arbitrary_arrays(arr, closed):
    expected = _independent_is_tour(arr, closed)
    assert knight.is_tour(arr, closed=closed) is expected
    if not expected:
        with pytest.raises(knight.InvalidTourError):
            knight.verify(arr, closed=closed)


@st.composite
def mutated_tours(draw):
    """A real tour, then a few random edits: the checker must notice exactly when it breaks."""
    rows = draw(st.integers(1, 9))
    cols = draw(st.integers(1, 9))
    starts = np.argwhere(knight.start_squares(rows, cols))
    if not len(starts):
        board = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    else:
        start = tuple(int(v) for v in starts[draw(st.integers(0, len(starts) - 1))])
        board = knight.solve(rows, cols, start=start, method="construct").board.astype(np.int64)
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["swap", "set", "add", "reverse", "transpose", "none"]))
        rows, cols = board.shape
        r1, c1 = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        r2, c2 = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        if kind == "swap":
            board[r1, c1], board[r2, c2] = board[r2, c2], board[r1, c1]
        elif kind == "set":
            board[r1, c1] = draw(st.integers(-(2**40), 2**40))
        elif kind == "add":
            board = board + draw(st.integers(-2, 2))
        elif kind == "reverse":
            board = board.size - 1 - board
        elif kind == "transpose":
            board = board.T
    dtype = draw(st.sampled_from([np.int32, np.int64, np.float64, np.uint64, np.int16]))
    if dtype in (np.uint64,) and board.min() < 0:
        dtype = np.int64
    if dtype is np.int16 and (board.min() < -(2**15) or board.max() >= 2**15):
        dtype = np.int64
    layout = draw(st.sampled_from(["c", "f", "view"]))
    arr = board.astype(dtype)
    if layout == "f":
        arr = np.asfortranarray(arr)
    elif layout == "view":
        arr = np.repeat(arr, 2, axis=1)[:, ::2]
    as_path = draw(st.booleans()) and knight.is_tour(board)
    if as_path:
        arr = knight.verify(board).path.astype(dtype if dtype is not np.uint64 else np.int64)
    return arr


@pytest.mark.slow
@FUZZ
@given(mutated_tours(), st.booleans())
def test_fuzz_mutated_tours(arr, closed):
    expected = _independent_is_tour(arr, closed)
    assert knight.is_tour(arr, closed=closed) is expected
    if expected:
        tour = knight.verify(arr, closed=closed)
        assert knight.is_tour(tour.board, closed=closed)
    else:
        with pytest.raises(knight.InvalidTourError):
            knight.verify(arr, closed=closed)
        if arr.shape[1] != 2:
            with pytest.raises(knight.InvalidTourError):
                knight.Tour(arr, closed=closed)


# --------------------------------------------------------------------------
# In a child process: nothing the public API is given can take it down.

CRASH_CHILD = textwrap.dedent(
    """
    import faulthandler, itertools, sys
    import numpy as np
    import knight
    faulthandler.enable()
    good = knight.solve(7, 8).board
    arrays = [
        good, good.astype(np.uint64) + np.uint64(2**63), good.astype(np.float32) * 1e38,
        np.full((3, 3), np.nan), np.zeros((0, 3)), np.zeros((3, 0), np.int32), np.array(5),
        np.zeros((2, 2, 2)), good.T, good[::-1], good[:, ::-2], np.asfortranarray(good),
        np.iinfo(np.int32).max * np.ones((5, 5), np.int64), np.full((2, 3), -1, np.int32),
        np.array([[0, 0], [2**62, 2**62]]), np.array([[-(2**63), 0]]), np.ones((1, 2)),
        np.array([[1]], dtype=np.int8), np.array([[0]]), np.array([["a"]]),
    ]
    n = 0
    for a, closed in itertools.product(arrays, (False, True)):
        for call in (knight.is_tour, knight.verify, knight.Tour):
            try:
                call(a, closed=closed)
            except (knight.KnightError, TypeError, ValueError):
                pass
            n += 1
    values = [0, -1, 1, 2, 3, 4, 5, 2**31, 2**62, -(2**63), 2**64, 1.5, None, "a1", (0, 0),
              (2**63, 0), (-1, -1), np.int64(3), np.uint64(2**63), [2, 1]]
    for rows, cols in itertools.product(values, repeat=2):
        for method in ("auto", "construct", "warnsdorff", "backtrack"):
            try:
                knight.solve(rows, cols, method=method, max_nodes=1000)
            except (knight.KnightError, TypeError, ValueError):
                pass
            n += 1
    for rows, start in itertools.product([1, 2, 3, 5, 8], values):
        for call in (
            lambda: knight.solve(rows, start=start, method="warnsdorff-backtrack", max_nodes=1000),
            lambda: knight.exists(rows, start=start),
            lambda: knight.count(rows, start=start, timeout=0.2),
            lambda: knight.count(rows, start=(0, 0), end=start, timeout=0.2),
        ):
            try:
                call()
            except (knight.KnightError, TypeError, ValueError):
                pass
            n += 1
    print(n)
    """
)


@pytest.mark.slow
def test_nothing_crashes_the_interpreter():
    out = subprocess.run([sys.executable, "-c", CRASH_CHILD], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert int(out.stdout.split()[-1]) > 1000


# --------------------------------------------------------------------------
# Memory: refused before allocating, with the estimate; no growth in a loop

def _run_child(code, timeout=120):
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


REFUSALS = textwrap.dedent(
    """
    import json, sys
    import knight, knight.geometry
    try:
        import resource
    except ImportError:  # Windows: the refusals are still checked, not the peak
        resource = None

    # Pretend this machine has 1 GiB free, so the test means the same everywhere.
    knight.geometry.available_memory = lambda: 2**30

    def peak_mib():
        if resource is None:
            return 0.0
        kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return kb / (2**20 if sys.platform == "darwin" else 2**10)

    calls = {
        "search": lambda: knight.solve(40000, 40000, method="warnsdorff-backtrack"),
        "backtrack": lambda: knight.solve(30000, 30000, method="backtrack"),
        "construct": lambda: knight.solve(40000, 40000, method="construct"),
        "auto": lambda: knight.solve(40000, 40000),
        "thin": lambda: knight.solve(4, 200_000_000, method="construct"),
        "count": lambda: knight.count(10000),
        "tours": lambda: knight.tours(10000),
        "start_squares": lambda: knight.start_squares(46001, 46001),
        "verify-path": lambda: knight.verify([[0, 0]], shape=(40000, 40000)),
    }
    before = peak_mib()
    report = {}
    for name, call in calls.items():
        try:
            call()
            report[name] = "no error"
        except MemoryError as exc:
            report[name] = [type(exc).__name__, str(exc)]
        except Exception as exc:
            report[name] = [type(exc).__name__, str(exc)]
    report["peak_growth_mib"] = peak_mib() - before
    print(json.dumps(report))
    """
)


def test_requests_that_cannot_fit_are_refused_before_allocating():
    report = _run_child(REFUSALS)
    growth = report.pop("peak_growth_mib")
    assert growth < 100, f"peak RSS grew by {growth:.0f} MiB while refusing"
    assert report.pop("verify-path")[0] == "InvalidTourError"
    for name, (kind, message) in report.items():
        assert kind == "BoardTooLargeError", (name, kind, message)
        assert "GiB" in message and "needs about" in message, (name, message)


def test_a_board_whose_table_fits_but_not_the_theorys_look_at_it_is_refused(monkeypatch):
    # Seen: count(Board(20000, holes=[(0, 0)])) passed its table check (16.4
    # GiB) and the theory then took 24 GiB (components, Tarjan's scratch): the
    # kernel killed the process.  The check now counts the whole look.
    board = knight.Board(1500, holes=[(0, 0)])
    assert board.table_bytes() < 110 * 2**20 < 180 * 2**20 < board.analysis_bytes()
    monkeypatch.setattr(knight.geometry, "available_memory", lambda: 150 * 2**20)
    for call in (lambda: knight.count(board), lambda: knight.exists(board),
                 lambda: knight.solve(board, start=(2, 3))):
        with pytest.raises(knight.BoardTooLargeError, match=r"1500x1500 board with 1 hole.*GiB"):
            call()
    assert not board._cache  # refused before anything was built
    # What a board has built already is not asked for again: its memory is in use.
    monkeypatch.undo()
    board.cut_parts()
    board.components()
    monkeypatch.setattr(knight.geometry, "available_memory", lambda: 2**20)
    check_analysis_memory(board, "looking again")


def test_an_open_tour_of_a_large_board_is_decided_without_listing_every_square():
    # exists() tries ends fewest moves first: it listed every square as a tuple
    # first (3.6 s and half a GiB here), to try a few
    board = knight.Board(300, holes=[(0, 0)])
    squares = _fewest_moves(board)
    assert iter(squares) is squares
    first = next(squares)
    assert board.degrees()[board.index[first]] == board.degrees().min() == 2  # a corner
    assert knight.exists(knight.Board(1500, holes=[(0, 0)]))


@pytest.mark.slow
def test_a_tour_too_big_to_list_refuses_its_path_but_still_prints():
    # A 2x10^8-square board fits; its path (16 bytes a square) does not,
    # with this process told it has 2 GiB: repr() must not need the path.
    report = _run_child(
        """
        import json, knight, knight.geometry
        knight.geometry.available_memory = lambda: 2 * 2**30
        tour = knight.solve(10000, 20000, closed=True)
        text = repr(tour)
        try:
            tour.path
            outcome = "built"
        except knight.BoardTooLargeError as exc:
            outcome = str(exc)
        print(json.dumps({"repr": text, "end": list(tour.end), "path": outcome}))
        """
    )
    assert report["repr"].startswith("<Tour 10000x20000 closed start=(0, 0)")
    assert "GiB" in report["path"] and "path" in report["path"]
    r, c = report["end"]
    assert {abs(r), abs(c)} == {1, 2}


def _rss_bytes():
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return None


LOOP = 100_000


@pytest.mark.slow
def test_a_hundred_thousand_calls_do_not_grow_the_process():
    # The resident size is read from /proc (Linux); elsewhere only the
    # tracemalloc half of the check runs.
    board = knight.solve(6).board.copy()
    path = knight.solve(6).path.copy()
    bad = board.copy()
    bad[0, 0] = 99
    starts = [(r, c) for r in range(5) for c in range(5) if (r + c) % 2 == 0]

    def five_calls(i):
        t = knight.solve(5, start=starts[i % len(starts)])
        assert t.start == starts[i % len(starts)]
        assert knight.is_tour(board) and not knight.is_tour(bad)
        knight.verify(path if i % 2 else board)
        try:
            if i % 2:
                knight.solve(5, start=(0, 1))
            else:
                knight.solve(6, method="backtrack", closed=True, max_nodes=20)
        except (knight.NoTourError, knight.SearchLimitError):
            pass

    for i in range(2000):  # warm-up: caches, allocator pools
        five_calls(i)
    gc.collect()
    rss_before = _rss_bytes()
    for i in range(LOOP // 5):
        five_calls(i)
    gc.collect()
    rss_after = _rss_bytes()
    # tracemalloc slows every allocation down: a shorter loop, same calls.
    tracemalloc.start()
    for i in range(500):
        five_calls(i)
    gc.collect()
    snap_before = tracemalloc.take_snapshot()
    for i in range(LOOP // 50):
        five_calls(i)
    gc.collect()
    snap_after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in snap_after.compare_to(snap_before, "filename"))
    print(f"{LOOP} calls: RSS {rss_before} -> {rss_after} bytes; "
          f"{LOOP // 10} traced calls: {grown / 1024:+.1f} KiB")
    assert grown < 64 * 1024, snap_after.compare_to(snap_before, "lineno")[:10]
    if rss_before is not None:
        assert rss_after - rss_before < 4 * 2**20


# --------------------------------------------------------------------------
# The command line: one clear line on stderr and a non-zero exit, never a traceback

@pytest.mark.parametrize(
    "argv",
    [
        ["-5"], ["5.0"], ["abc"], ["99999999999999999999"], ["5", "7", "9"],
        ["5", "--start", "9", "9"], ["5", "--start", "z9"], ["5", "--method", "x"],
        ["5", "--max-nodes", "-1"], ["5", "--timeout", "nan"], ["5", "--timeout", "inf"],
        ["5", "--order", "1"], ["8", "--base", "2"], ["5", "--format", "x"],
        ["8", "--seed", "-1"], ["5", "--tie-break", "x"],
        ["count", "-1"], ["count", "5", "--workers", "0"], ["count", "5", "--timeout", "0"],
        ["count", "10000"], ["tours", "5", "--limit", "-1"], ["tours", "5", "--start", "a", "b"],
        ["sweep", "0"], ["compare", "5", "--start", "0", "9"],
        ["40000", "40000", "--method", "warnsdorff-backtrack"],
    ],
    ids=" ".join,
)
def test_cli_bad_arguments_give_one_line_and_an_exit_code(argv, capsys):
    from knight import cli

    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code in (cli.EXIT_NO_TOUR, cli.EXIT_USAGE), (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("knight"), err
    assert "Traceback" not in err


def test_pictures_of_huge_tours_are_refused_not_attempted(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    tour = knight.solve(1001, 1000)
    # Jupyter asks every displayed tour for a picture: above 10^6 squares
    # there is none, and it falls back to the text repr.
    assert tour._repr_svg_() is None
    assert repr(tour).startswith("<Tour 1001x1000 open")
    monkeypatch.setattr(knight.geometry, "available_memory", lambda: 2**28)
    # A picture costs what its pixels cost (a colour ramp), whatever the
    # board: 640 px fit in 256 MiB, 100 000 px do not and are refused.
    assert "<image" in tour.to_svg()
    with pytest.raises(knight.BoardTooLargeError, match="GiB"):
        tour.to_svg(size=100_000)
    with pytest.raises(knight.BoardTooLargeError, match="GiB"):
        tour.save("never-written.svg", size=100_000)
    assert not os.path.exists("never-written.svg")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc: Linux")
def test_an_address_space_limit_is_part_of_the_memory_estimate():
    # Under `ulimit -v` the machine's free memory is not what the process
    # may take: the request is refused with the estimate, not a bare
    # MemoryError from numpy half way through.
    report = _run_child(
        """
        import json, resource
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, resource.RLIM_INFINITY))
        import knight
        try:
            knight.solve(25000, 25000, method="construct")
            outcome = "built"
        except MemoryError as exc:
            outcome = [type(exc).__name__, str(exc)]
        small = knight.solve(300, 301).shape
        print(json.dumps({"outcome": outcome, "small": small}))
        """
    )
    kind, message = report["outcome"]
    assert kind == "BoardTooLargeError" and "GiB" in message
    assert report["small"] == [300, 301]


def test_every_error_survives_the_unpicklers_of_clusters():
    """Dask ships a worker's exception with tblib, whose unpickler makes
    it by ``cls.__new__(cls)``: BoardTooLargeError (a MemoryError too)
    refused that once, and arrived from a cluster as a bare Exception."""
    import pickle

    import knight.errors as E
    for name in dir(E):
        cls = getattr(E, name)
        if isinstance(cls, type) and issubclass(cls, E.KnightError):
            assert type(cls.__new__(cls)) is cls
    err = E.BoardTooLargeError("too large")
    assert isinstance(err, MemoryError)
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is E.BoardTooLargeError and back.args == ("too large",)
    tblib = pytest.importorskip("tblib.pickling_support")
    tblib.install(err)
    assert type(pickle.loads(pickle.dumps(err))) is E.BoardTooLargeError

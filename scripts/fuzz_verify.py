"""Fuzz the array-taking entry points (verify, is_tour, Tour) for a fixed time.

Each case is an array of a random dtype, shape and memory layout: random
junk, or a real tour (board or path) with a few random edits.  For every
case ``knight.is_tour`` must agree with a plain-Python checker that shares
no code with the package, ``verify`` must return a tour exactly when it
does, and every refusal must be ``InvalidTourError``.  The process runs with
faulthandler on, so a crash in a core prints where it happened.

    python scripts/fuzz_verify.py --seconds 60 --seed 1

The test suite runs the same kind of cases through hypothesis
(tests/limits/test_hardening.py); this script is for longer runs by hand.
"""

from __future__ import annotations

import argparse
import faulthandler
import time
from typing import Any

import numpy as np

import knight

DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
          np.float16, np.float32, np.float64, np.bool_, np.complex64, ">i4", ">i8", "<u8"]


def expected(obj: Any, closed: bool) -> bool:
    """Is ``obj`` a tour (board of steps, or (N, 2) path)?  Plain Python."""
    a = np.asarray(obj)
    if a.dtype.kind == "f":
        if not a.size or not np.all(np.isfinite(a)) or not np.all(a == np.round(a)):
            return False
        if np.any(np.abs(a) >= np.float64(2.0**62)):
            return False
        a = a.astype(np.int64)
    if a.dtype.kind not in "iu" or a.ndim != 2 or 0 in a.shape:
        return False
    rows = [[int(v) for v in row] for row in a.tolist()]
    if a.shape[1] == 2:
        pts = [(r[0], r[1]) for r in rows]
        if min(min(p) for p in pts) < 0:
            return False
        h, w = max(p[0] for p in pts) + 1, max(p[1] for p in pts) + 1
        if h * w != len(pts) or len(set(pts)) != len(pts):
            return False
    else:
        where = {v: (r, c) for r, row in enumerate(rows) for c, v in enumerate(row)}
        if sorted(where) != list(range(a.size)):
            return False
        pts = [where[k] for k in range(a.size)]
    moves = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if closed else [])
    return all({abs(p[0] - q[0]), abs(p[1] - q[1])} == {1, 2} for p, q in moves)


def random_case(rng: np.random.Generator) -> np.ndarray:
    dtype = np.dtype(DTYPES[rng.integers(len(DTYPES))])
    if rng.random() < 0.3:
        ndim = int(rng.integers(0, 4))
        shape = tuple(int(v) for v in rng.integers(0, 7, ndim))
        size = int(np.prod(shape)) if shape else 1
        raw = rng.integers(-3, 40, size) if rng.random() < 0.8 else rng.integers(
            -(2**63), 2**63 - 1, size, dtype=np.int64)
        with np.errstate(all="ignore"):
            return np.asarray(raw).astype(dtype).reshape(shape)
    rows, cols = (int(v) for v in rng.integers(1, 10, 2))
    ok = np.argwhere(knight.start_squares(rows, cols))
    if len(ok):
        start = tuple(int(v) for v in ok[rng.integers(len(ok))])
        board = knight.solve(rows, cols, start=start, method="construct").board.astype(np.int64)
    else:
        board = rng.permutation(rows * cols).reshape(rows, cols).astype(np.int64)
    for _ in range(int(rng.integers(0, 3))):
        kind = rng.integers(5)
        r1, c1 = rng.integers(board.shape[0]), rng.integers(board.shape[1])
        r2, c2 = rng.integers(board.shape[0]), rng.integers(board.shape[1])
        if kind == 0:
            board[r1, c1], board[r2, c2] = board[r2, c2], board[r1, c1]
        elif kind == 1:
            board[r1, c1] = rng.integers(-(2**40), 2**40)
        elif kind == 2:
            board = board + int(rng.integers(-1, 2))
        elif kind == 3:
            board = board.T.copy()
        else:
            board = board.size - 1 - board
    arr: np.ndarray = board
    if rng.random() < 0.3 and knight.is_tour(board):
        arr = knight.verify(board).path.astype(np.int64)
    if dtype.kind in "iu" and (arr.min() < np.iinfo(dtype).min or arr.max() > np.iinfo(dtype).max):
        dtype = np.dtype(np.int64)
    if dtype.kind == "b":
        dtype = np.dtype(np.int64)
    with np.errstate(all="ignore"):  # float16 overflows to inf: a case like any other
        arr = arr.astype(dtype)
    layout = rng.integers(4)
    if layout == 1:
        arr = np.asfortranarray(arr)
    elif layout == 2:
        arr = np.repeat(arr, 2, axis=1)[:, ::2]
    elif layout == 3:
        arr = arr[::-1, ::-1].copy()[::-1, ::-1]
    if rng.random() < 0.2:
        arr.flags.writeable = False
    return arr


def check(arr: np.ndarray, closed: bool) -> None:
    want = expected(arr, closed)
    got = knight.is_tour(arr, closed=closed)
    if got is not want:
        raise AssertionError(f"is_tour says {got}, expected {want}:\n{arr!r}")
    try:
        tour = knight.verify(arr, closed=closed)
    except knight.InvalidTourError:
        if want:
            raise
    else:
        if not want or not knight.is_tour(tour.board, closed=closed):
            raise AssertionError(f"verify accepted a non-tour:\n{arr!r}")
    if arr.ndim == 2 and arr.shape[1] != 2 and not want:
        try:
            knight.Tour(arr, closed=closed)
        except knight.InvalidTourError:
            pass
        else:
            raise AssertionError(f"Tour accepted a non-tour:\n{arr!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    faulthandler.enable()
    rng = np.random.default_rng(args.seed)
    began = time.perf_counter()
    cases = tours = 0
    while time.perf_counter() - began < args.seconds:
        arr = random_case(rng)
        for closed in (False, True):
            check(arr, closed)
            cases += 1
        tours += bool(expected(arr, False))
    spent = time.perf_counter() - began
    print(f"{cases:,} cases in {spent:.1f} s ({cases / spent:,.0f}/s), "
          f"{tours:,} of them real tours; no crash, no disagreement")


if __name__ == "__main__":
    main()

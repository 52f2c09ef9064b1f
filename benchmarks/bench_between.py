"""Benchmark knight.construct.construct_between against today's open construction.

Run by hand from the repository root::

    python benchmarks/bench_between.py                 # 1000, 999 and 2000
    python benchmarks/bench_between.py --n 1000 --pairs 50 --reps 5
    python benchmarks/bench_between.py --twin          # also the Python twin's planning

For each board size, in the same process and interleaved (so both see the
same load), it times

* ``knight.solve(n, method="construct")``: the public open construction
  (argument checks, ``Tour`` object and all);
* ``knight.construct.construct(n, n, start, closed=False)``: the same
  construction returning the board -- the like-for-like reference, since
  ``construct_between`` returns a board too;
* ``construct_between(n, n, s, t)`` for ``--pairs`` random allowed pairs
  (s, t), each ``--reps`` times (the first call of a pair may search its
  start and end blocks; later calls find them kept).

and prints the minimum and the median of each, and the ratios
construct_between / construct (target: <= 2).  ``--twin`` also times the
pure-Python twin of the core's planner (``knight._core.construct_between_py``,
the same choices and the same board, with the core's writes) on the first
cuts of each pair, against the core's ``between_into`` on the same cuts.  On a shared machine the
medians carry the other processes' time slices (a call of a few
milliseconds is often preempted once); the minimum is the cost of the work.
Every board built is checked once per pair (``knight.is_tour`` and its ends).
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

import knight
from knight.construct import between_serves, construct, construct_between


def timed(fn, *args, **kw) -> float:
    t0 = time.perf_counter()
    fn(*args, **kw)
    return time.perf_counter() - t0


def allowed_pairs(n: int, pairs: int, seed: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """``pairs`` random (start, end) pairs that construct_between serves on n x n."""
    rng = random.Random(seed + n)
    todo = []
    while len(todo) < pairs:
        s = (rng.randrange(n), rng.randrange(n))
        t = (rng.randrange(n), rng.randrange(n))
        if between_serves(n, n, s, t):
            todo.append((s, t))
    return todo


def bench(n: int, pairs: int, reps: int, seed: int) -> None:
    todo = allowed_pairs(n, pairs, seed)
    start = (0, 0)
    for _ in range(2):      # warm-up: imports, first allocations
        construct(n, n, start, False)
        knight.solve(n, method="construct")
    t_solve, t_cons, t_first, t_between = [], [], [], []
    for s, t in todo:
        t_first.append(timed(construct_between, n, n, s, t))
        board = construct_between(n, n, s, t)
        assert board[s] == 0 and board[t] == n * n - 1 and knight.is_tour(board), (s, t)
        del board
        for _ in range(reps):
            t_cons.append(timed(construct, n, n, start, False))
            t_between.append(timed(construct_between, n, n, s, t))
            t_solve.append(timed(knight.solve, n, method="construct"))

    def row(name: str, xs: list[float]) -> tuple[float, float]:
        a = np.array(xs) * 1e3
        print(f"  {name:<44} min {a.min():8.2f} ms   median {np.median(a):8.2f} ms"
              f"   ({len(a)} runs)")
        return float(a.min()), float(np.median(a))

    print(f"{n}x{n}: {pairs} random allowed pairs, {reps} runs each; load {os.getloadavg()[0]:.1f}")
    row('knight.solve(n, method="construct")', t_solve)
    c_min, c_med = row("construct(n, n, (0, 0), closed=False)", t_cons)
    f_min, f_med = row("construct_between, first call of each pair", t_first)
    b_min, b_med = row("construct_between, later calls", t_between)
    print(f"  ratio construct_between / construct:  min {b_min / c_min:.2f}   median "
          f"{b_med / c_med:.2f}   (first calls: median {f_med / c_med:.2f})")


def bench_twin(n: int, pairs: int, seed: int) -> None:
    from knight import construct as cons
    from knight._core import construct_between_py

    todo = allowed_pairs(n, pairs, seed)
    board = np.empty((n, n), dtype=np.int32)
    t_core, t_twin = [], []
    for s, t in todo:
        rc = cons._first_cuts(n, s[0] if n % 2 else 0)
        cc = cons._first_cuts(n, t[1] if n % 2 else 0)
        rl, cl = rc.tolist(), cc.tolist()
        for _ in range(2):  # the second call of each finds its block paths kept
            t_core.append(timed(cons._between_into, board, rc, cc, s, t))
            t_twin.append(timed(construct_between_py.between_into, board, rl, cl, s, t))
    core, twin = np.median(t_core) * 1e3, np.median(t_twin) * 1e3
    print(f"{n}x{n}: one cut, {pairs} pairs x 2: core between_into median {core:.2f} ms, "
          f"Python twin {twin:.2f} ms: twin / core {twin / core:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1000, 999, 2000])
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--twin", action="store_true",
                        help="also time the Python twin of the core's planner")
    args = parser.parse_args()
    for n in args.n:
        bench(n, args.pairs, args.reps, args.seed)
        if args.twin:
            bench_twin(n, args.pairs, args.seed)


if __name__ == "__main__":
    main()

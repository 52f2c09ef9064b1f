"""Benchmark uniformly random tours (``knight.TourSampler``, ``knight.random_tour``).

Run by hand from the repository root (never as a timed test)::

    python benchmarks/bench_sample.py             # a few minutes (6x6 closed builds for ~20 s)
    python benchmarks/bench_sample.py --quick     # small boards only
    python benchmarks/bench_sample.py --self-reduction   # also the recounting sampler

For each board it prints the cost of the first sample (building the
sampler: the Cython core's bounded count of the states, then the Python
pass over them), the mean cost of each later sample (one walk through the
table, the tour verified), samples per second, and the ratio first/later,
all measured in this run.  Boards whose tables pass ``max_states`` (6x6
open: 2.4e7 states) are refused; the row gives the seconds to refuse.

``--self-reduction`` also times the other exact method the issue named:
fix one square at a time, weighting each candidate by the Cython DP's count
of the completions (``frontier.count_tours`` with the visited squares
masked out), which needs no table but recounts for every step of every
sample.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import knight
from knight import Board, BoardTooLargeError
from knight.counting import frontier


def load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def bench(name: str, board: Board, kw: dict, later: int) -> None:
    t0 = time.perf_counter()
    try:
        sampler = knight.TourSampler(board, **kw)
    except BoardTooLargeError as e:
        print(f"{name:24} refused in {time.perf_counter() - t0:7.2f} s "
              f"(BoardTooLargeError: {str(e)[:70]}...)  load {load()}")
        return
    sampler.sample(seed=0)
    first = time.perf_counter() - t0
    t1 = time.perf_counter()
    sampler.samples(later, seed=1)
    each = (time.perf_counter() - t1) / later
    print(f"{name:24} {sampler.count:>14,} {sampler.states:>10,} {first:9.2f} s "
          f"{each * 1e3:9.2f} ms {1 / each:9.0f}/s {first / each:10.0f}x  load {load()}")


def self_reduction(rows: int, cols: int, start: tuple[int, int],
                   rng: np.random.Generator) -> list[tuple[int, int]]:
    """One uniform directed open tour from ``start`` by recounting: the
    completions of a prefix ending at c are the Hamiltonian paths from c of
    c and the unvisited squares."""
    free = np.ones((rows, cols), dtype=np.bool_)
    path = [start]
    free[start] = False
    moves = frontier.KNIGHT_MOVES
    while free.any():
        r, c = path[-1]
        cands, weights = [], []
        for dr, dc in moves:
            q = (r + dr, c + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and free[q]:
                w = frontier.count_tours(rows, cols, start=q[0] * cols + q[1], mask=free)
                if w:
                    cands.append(q)
                    weights.append(w)
        x = int(rng.integers(0, sum(weights)))  # counts here are far below 2^63
        for q, w in zip(cands, weights):
            if x < w:
                break
            x -= w
        path.append(q)
        free[q] = False
    return path


def bench_self_reduction(rows: int, cols: int, start: tuple[int, int], k: int) -> None:
    rng = np.random.default_rng(1)
    t0 = time.perf_counter()
    for _ in range(k):
        path = self_reduction(rows, cols, start, rng)
        grid = np.full((rows, cols), -1, dtype=np.int32)
        for i, sq in enumerate(path):
            grid[sq] = i
        knight.verify(grid)
    each = (time.perf_counter() - t0) / k
    print(f"self-reduction {rows}x{cols} from {start}: {each * 1e3:9.1f} ms a sample "
          f"({1 / each:.1f}/s, no table)  load {load()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small boards only")
    ap.add_argument("--later", type=int, default=500, help="later samples timed per board")
    ap.add_argument("--self-reduction", action="store_true",
                    help="also time sampling by recounting (5x5 and 3x12 from a corner)")
    args = ap.parse_args()
    print(f"{'board':24} {'tours':>14} {'states':>10} {'first':>11} {'each later':>12} "
          f"{'later rate':>11} {'first/later':>11}")
    cases = [
        ("3x12 open", Board(3, 12), {}),
        ("5x5 open, from (0, 0)", Board(5), {"start": (0, 0)}),
        ("5x5 open", Board(5), {}),
        ("3x20 open", Board(3, 20), {}),
        ("king 4x4 open", Board(4, moves="king"), {}),
    ]
    if not args.quick:
        cases += [
            ("6x6 closed", Board(6), {"closed": True}),
            ("6x6 closed, 2 holes", Board(6, holes=[(0, 0), (5, 4)]), {"closed": True}),
            ("6x6 open, 2 holes", Board(6, holes=[(0, 0), (5, 5)]), {}),
            ("6x6 open, from (0, 0)", Board(6), {"start": (0, 0)}),
            ("6x6 open", Board(6), {}),
        ]
    for name, board, kw in cases:
        bench(name, board, kw, args.later)
    if args.self_reduction:
        bench_self_reduction(3, 12, (0, 0), 5)
        bench_self_reduction(5, 5, (0, 0), 5)
        if not args.quick:
            bench_self_reduction(6, 6, (0, 0), 1)


if __name__ == "__main__":
    main()

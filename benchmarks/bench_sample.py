"""Benchmark uniformly random tours (``knight.TourSampler``, ``knight.random_tour``).

Run by hand from the repository root (never as a timed test)::

    python benchmarks/bench_sample.py             # a few minutes (6x6 closed builds for ~20 s)
    python benchmarks/bench_sample.py --quick     # small boards only
    python benchmarks/bench_sample.py --recount   # also method="recount" on small boards

For each board it prints the cost of the first sample (building the
sampler: the Cython core's bounded count of the states, then the Python
pass over them), the mean cost of each later sample (one walk through the
table, the tour verified), samples per second, and the ratio first/later,
all measured in this run.  Boards whose tables pass ``max_states`` (6x6
open: 2.4e7 states) are served by recounting (``states`` is then "-"): the
first sample includes the sweep that found the table too large.

``--recount`` also times ``method="recount"`` where the table serves too:
each square drawn in turn, each candidate weighted by the Cython DP's count
of the completions (``frontier.count_tours`` with the visited squares
masked out), no table but many counts for every sample.
"""

from __future__ import annotations

import argparse
import os
import time

import knight
from knight import Board, BoardTooLargeError


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
    if sampler.method == "recount":  # seconds a tour: a few are enough
        later = 2
    t1 = time.perf_counter()
    sampler.samples(later, seed=1)
    each = (time.perf_counter() - t1) / later
    states = f"{sampler.states:,}" if sampler.method == "table" else "-"
    print(f"{name:24} {sampler.count:>14,} {states:>10} {first:9.2f} s "
          f"{each * 1e3:9.2f} ms {1 / each:9.2f}/s {first / each:10.1f}x  load {load()}")


def bench_recount(name: str, board: Board, kw: dict, k: int) -> None:
    t0 = time.perf_counter()
    sampler = knight.TourSampler(board, method="recount", **kw)
    sampler.sample(seed=0)
    first = time.perf_counter() - t0
    t1 = time.perf_counter()
    sampler.samples(k, seed=1)
    each = (time.perf_counter() - t1) / k
    print(f"{name + ' (recount)':24} {sampler.count:>14,} {'-':>10} {first:9.2f} s "
          f"{each * 1e3:9.0f} ms {1 / each:9.2f}/s {first / each:10.1f}x  load {load()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small boards only")
    ap.add_argument("--later", type=int, default=500, help="later samples timed per board")
    ap.add_argument("--recount", action="store_true",
                    help="also time method='recount' where the table serves too")
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
            ("6x6 open, 2 holes", Board(6, holes=[(0, 0), (5, 4)]), {}),
            ("6x6 open, from (0, 0)", Board(6), {"start": (0, 0)}),
            ("6x6 open", Board(6), {}),
        ]
    for name, board, kw in cases:
        bench(name, board, kw, args.later)
    if args.recount:
        bench_recount("3x12 open, from (0, 0)", Board(3, 12), {"start": (0, 0)}, 5)
        bench_recount("5x5 open, from (0, 0)", Board(5), {"start": (0, 0)}, 5)
        if not args.quick:
            bench_recount("6x6 closed", Board(6), {"closed": True}, 2)

if __name__ == "__main__":
    main()

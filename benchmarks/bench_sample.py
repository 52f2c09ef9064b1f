"""Benchmark uniformly random tours (``knight.TourSampler``, ``knight.random_tour``).

Run by hand from the repository root (never as a timed test)::

    python benchmarks/bench_sample.py             # a few minutes (6x6 closed builds for ~20 s)
    python benchmarks/bench_sample.py --quick     # small boards only
    python benchmarks/bench_sample.py --recount   # also method="recount" on small boards
    python benchmarks/bench_sample.py --big       # also 6x6 open by one 2.4e7-state table,
                                                  # and 6x7 open split (1.8e7 states)

The first lines compare the split tables (meet in the middle, the default
on boards 5 to 7 wide) with one table of the whole sweep, built in this
run: states kept and seconds.  Then, for each board, it prints the cost
of the first sample (building the sampler), the mean cost of each later sample (one walk through the
table, the tour verified), samples per second, and the ratio first/later,
all measured in this run.  Boards whose tables pass ``max_states`` (6x6
open: 2.4e7 states) are served by recounting (``states`` is then "-"): the
first sample includes the sweep that found the table too large.

The table is built in C (``Stepper.build``: the states cell by cell in hash
tables, then each one's completions, 64-bit); the first lines compare it
with the Python pass over the same transitions (exact ints, kept for counts
past 2^64 and boards wider than 7), both measured in this run.  ``--big``
builds 6x6 open's table (``max_states=30_000_000``, about a GB).

``--recount`` also times ``method="recount"`` where the table serves too:
each square drawn in turn, each candidate weighted by the Cython DP's count
of the completions (``frontier_count.count_tours`` with the visited squares
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
    states = f"{sampler.states:,}" if sampler.method != "recount" else "-"
    print(f"{name:24} {sampler.count:>14,} {states:>10} {first:9.2f} s "
          f"{each * 1e3:9.2f} ms {1 / each:9.2f}/s {first / each:10.1f}x  load {load()}")


def bench_c_vs_python(name: str, board: Board, kw: dict) -> None:
    """Build the table in C and by the Python pass; print both and the ratio."""
    times = {}
    for how in ("c", "python"):
        t0 = time.perf_counter()
        if how == "python":
            sampler = knight.TourSampler.__new__(knight.TourSampler)
            sampler._table = sampler._completions  # type: ignore[method-assign]
            sampler.__init__(board, method="table", **kw)  # type: ignore[misc]
        else:
            sampler = knight.TourSampler(board, method="table", **kw)
        times[how] = time.perf_counter() - t0
    print(f"{name:24} table: C {times['c']:7.2f} s, Python {times['python']:7.2f} s, "
          f"C/Python {times['c'] / times['python']:.2f} ({sampler.states:,} states)  "
          f"load {load()}")


def bench_split_vs_table(name: str, board: Board, kw: dict) -> None:
    """Build the split tables and the one table; print states, seconds, ratios."""
    got = {}
    for how in ("split", "table"):
        t0 = time.perf_counter()
        sampler = knight.TourSampler(board, method=how, max_states=30_000_000, **kw)
        got[how] = (time.perf_counter() - t0, sampler.states)
    (ts, ns), (tt, nt) = got["split"], got["table"]
    print(f"{name:24} split {ns:>11,} states {ts:7.2f} s | table {nt:>11,} states {tt:7.2f} s"
          f" | split/table: states {ns / nt:.2f}, time {ts / tt:.2f}  load {load()}")


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
    ap.add_argument("--big", action="store_true", help="also 6x6 open by its table")
    ap.add_argument("--recount", action="store_true",
                    help="also time method='recount' where the table serves too")
    args = ap.parse_args()
    bench_c_vs_python("5x5 open", Board(5), {})
    bench_split_vs_table("5x5 open", Board(5), {})
    if not args.quick:
        bench_c_vs_python("6x6 closed", Board(6), {"closed": True})
        bench_split_vs_table("6x6 closed", Board(6), {"closed": True})
        bench_split_vs_table("6x6 open, from (0, 0)", Board(6), {"start": (0, 0)})
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
            ("6x8 closed", Board(6, 8), {"closed": True}),
            ("5x10 open", Board(5, 10), {}),
            ("7x7 open", Board(7), {}),
        ]
    if args.big:
        cases.append(("6x6 open, table", Board(6),
                      {"method": "table", "max_states": 30_000_000}))
        cases.append(("6x7 open, split", Board(6, 7), {"max_states": 30_000_000}))
    for name, board, kw in cases:
        bench(name, board, kw, args.later)
    if args.recount:
        bench_recount("3x12 open, from (0, 0)", Board(3, 12), {"start": (0, 0)}, 5)
        bench_recount("5x5 open, from (0, 0)", Board(5), {"start": (0, 0)}, 5)
        if not args.quick:
            bench_recount("6x6 closed", Board(6), {"closed": True}, 2)

if __name__ == "__main__":
    main()

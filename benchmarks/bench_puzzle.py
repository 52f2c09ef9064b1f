"""Making puzzles (issue 20): the time ``knight.puzzle.make`` takes, over many seeds.

Run by hand from the repository root::

    python benchmarks/bench_puzzle.py                 # 100 seeds of each case
    python benchmarks/bench_puzzle.py --seeds 20      # fewer
    python benchmarks/bench_puzzle.py --quick         # the 8x8 knight only, 20 seeds
    python benchmarks/bench_puzzle.py --json out.json

For each case (the 8x8 knight, plain and symmetric; an 8x8 Hidato; a 9x9
Numbrix) it makes one puzzle per seed, each in this process after one warm-up
call, and prints the distribution of the seconds per puzzle (min, median,
90th percentile, max), of the clues the puzzles have, and the ratio of the
median to the median time of one uniqueness check of the finished puzzles
(``knight.puzzle.count(p)``, measured in the same run): about how many
checks' worth of work making a puzzle costs.  The issue's target: an 8x8
knight puzzle in at most 1 s, typically.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

import knight
from knight.puzzle import count, make

CASES = {
    "knight 8x8": {"board": knight.Board(8)},
    "knight 8x8 symmetric": {"board": knight.Board(8), "symmetric": True},
    "king 8x8 (Hidato)": {"board": knight.Board(8, moves="king")},
    "wazir 9x9 (Numbrix)": {"board": knight.Board(9, moves="wazir")},
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(parser, runs=3)
    parser.add_argument("--seeds", type=int, default=100, help="seeds per case (default 100)")
    args = parser.parse_args()
    seeds = 20 if args.quick else args.seeds
    cases = {"knight 8x8": CASES["knight 8x8"]} if args.quick else CASES
    m = _bench.machine()
    print(f"knight.puzzle.make over seeds 0..{seeds - 1}\n{m['cpu']}, {m['cores']} cores; "
          f"Python {m['python']}, knight {m['knight']} ({m['knight_path']})", flush=True)
    head = ("case", "min s", "median s", "p90 s", "max s", "clues min/med/max", "check s",
            "median/check")
    rows = []
    for name, options in cases.items():
        make(seed=10**6, **options)  # warm-up: tables, caches
        times, clues, checks = [], [], []
        for seed in range(seeds):
            began = time.perf_counter()
            p = make(seed=seed, **options)
            times.append(time.perf_counter() - began)
            clues.append(len(p.clues))
            began = time.perf_counter()
            assert count(p) == 1, (name, seed)
            checks.append(time.perf_counter() - began)
        med, check = statistics.median(times), statistics.median(checks)
        row = (name, f"{min(times):.3f}", f"{med:.3f}", f"{percentile(times, 0.9):.3f}",
               f"{max(times):.3f}",
               f"{min(clues)}/{statistics.median(clues):g}/{max(clues)}", f"{check:.5f}",
               f"{med / check:.0f}")
        rows.append({"case": name, "seeds": seeds, "times": times, "clues": clues,
                     "check_times": checks})
        print("  " + "  ".join(row), flush=True)
    table = []
    for r in rows:
        t, c = r["times"], r["clues"]
        med = statistics.median(t)
        table.append((r["case"], f"{min(t):.3f}", f"{med:.3f}", f"{percentile(t, 0.9):.3f}",
                      f"{max(t):.3f}", f"{min(c)}/{statistics.median(c):g}/{max(c)}",
                      f"{statistics.median(r['check_times']):.5f}",
                      f"{med / statistics.median(r['check_times']):.0f}"))
    widths = [max(len(str(x[i])) for x in [head, *table]) for i in range(len(head))]
    print("\n" + "  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip())
    for cells in table:
        print("  ".join(str(x).ljust(w) for x, w in zip(cells, widths)).rstrip())
    print(f"load average at the end: {os.getloadavg()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"benchmark": "bench_puzzle", "machine": m, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()

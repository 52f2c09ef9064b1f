"""Search cores against their pure-Python references, measured in one run.

Run by hand:  python benchmarks/bench_search.py [--quick]

Prints, for each task, the core's time, the reference's time and the
speed-up, plus the absolute rates the targets are stated in:

* the 10x10 board from all 100 starts (Warnsdorff-ordered backtracking,
  the classic exercise): core >= 100x faster than the reference;
* Warnsdorff's rule on 100x100 and 1000x1000: >= 30 million squares/s;
* plain backtracking on 6x6 from (1, 0): >= 80 million nodes/s (the search
  is bounded by max_nodes: with the default order it needs billions);
* solve(8) with method="auto": <= 50 us per call.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import knight
from knight import reference
from knight.solver import CYTHON_ENGINE


def best_of(repeat: int, fn: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def all_starts(solve: Callable[..., knight.Tour]) -> int:
    nodes = 0
    for r in range(10):
        for c in range(10):
            nodes += solve(10, start=(r, c), method="warnsdorff-backtrack").nodes
    return nodes


def all_starts_engine(engine: object) -> int:
    nodes = 0
    for r in range(10):
        for c in range(10):
            nodes += engine.backtrack(  # type: ignore[attr-defined]
                10, 10, (r, c), knight.DEFAULT_ORDER, True, False, None, 0.0
            )[2]
    return nodes


def warnsdorff(solve: Callable[..., knight.Tour], n: int) -> int:
    """Squares covered by Warnsdorff's rule (Roth tie-break) from the corner."""
    try:
        return solve(n, method="warnsdorff", tie_break="roth").nodes
    except knight.DeadEndError as exc:
        return exc.steps


def plain(solve: Callable[..., knight.Tour], nodes: int) -> int:
    try:
        return solve(6, start=(1, 0), method="backtrack", max_nodes=nodes).nodes
    except knight.SearchLimitError as exc:
        return exc.nodes


def row(task: str, core: float, ref: float, rate: str, target: str) -> None:
    print(f"{task:<38} {core * 1e3:>10.3f} ms {ref * 1e3:>11.1f} ms {ref / core:>9.0f}x  "
          f"{rate:<28} {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller reference runs")
    args = parser.parse_args()
    repeat = 3 if args.quick else 5

    print(f"knight-tour {knight.__version__}")
    print(f"{'task':<38} {'core':>13} {'reference':>14} {'speed-up':>10}  {'rate':<28} target")

    core, nodes = best_of(repeat, lambda: all_starts(knight.solve))
    ref, ref_nodes = best_of(1, lambda: all_starts(reference.solve))
    assert nodes == ref_nodes, "core and reference disagree"
    row("10x10 from all 100 starts, solve() each", core, ref, f"{nodes:,} nodes", "")
    # The classic exercise as one call: knight.sweep runs every start in one
    # core call, against the reference algorithm run from every start.
    core, runs = best_of(repeat, lambda: knight.sweep(10, method="warnsdorff-backtrack"))
    assert int(runs["nodes"].sum()) == nodes
    ref, _ = best_of(1, lambda: all_starts_engine(reference.PYTHON_ENGINE))
    row("10x10 from all 100 starts, sweep()", core, ref, f"{nodes:,} nodes", ">= 100x")
    starts = np.array([(r, c) for r in range(10) for c in range(10)])
    core, _ = best_of(repeat, lambda: CYTHON_ENGINE.backtrack_starts(
        10, 10, starts, knight.DEFAULT_ORDER, True, False, None, None))
    row("10x10 from all 100 starts, core only", core, ref, f"{nodes:,} nodes", ">= 100x")

    for n in (100, 1000):
        core, squares = best_of(repeat, lambda n=n: warnsdorff(knight.solve, n))
        ref_n = n if n <= 100 or not args.quick else 300
        ref, ref_squares = best_of(1, lambda ref_n=ref_n: warnsdorff(reference.solve, ref_n))
        ref_scaled = ref * (n * n) / (ref_n * ref_n)
        note = "" if ref_n == n else f" (reference on {ref_n}x{ref_n}, scaled)"
        row(f"warnsdorff {n}x{n}{note}", core, ref_scaled,
            f"{squares / core / 1e6:.1f} M squares/s ({squares:,})", ">= 30 M squares/s")

    core_nodes = 100_000_000 if not args.quick else 20_000_000
    ref_nodes_limit = 300_000
    core, done = best_of(3, lambda: plain(knight.solve, core_nodes))
    ref, ref_done = best_of(1, lambda: plain(reference.solve, ref_nodes_limit))
    core_rate, ref_rate = done / core, ref_done / ref
    print(f"{'plain backtracking 6x6 from (1, 0)':<38} {core_rate / 1e6:>10.1f} M/s "
          f"{ref_rate / 1e6:>10.3f} M/s {core_rate / ref_rate:>9.0f}x  "
          f"{'nodes per second':<28} >= 80 M nodes/s")

    calls = 20_000
    knight.solve(8)
    per_call, _ = best_of(repeat, lambda: [knight.solve(8) for _ in range(calls)])
    ref_call, _ = best_of(1, lambda: [reference.solve(8) for _ in range(100)])
    print(f"{'solve(8), method auto':<38} {per_call / calls * 1e6:>10.2f} us "
          f"{ref_call / 100 * 1e6:>11.1f} us {ref_call / 100 / (per_call / calls):>9.0f}x  "
          f"{'per call':<28} <= 50 us (a public Java library: 400 us)")


if __name__ == "__main__":
    main()

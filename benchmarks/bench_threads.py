"""Threads: the Cython cores release the GIL, so two threads should do
about twice the work of one on two cores.

For each workload the same list of jobs runs on 1 thread and then on
``--threads`` threads (default 2, the machine's cores), in the same run; the
ratio printed is (1-thread time) / (N-thread time): 2.0 is a perfect
speed-up on 2 cores, 1.0 none.  Every run's results are checked against the
single-threaded ones, so a speed-up can never come from skipped work.

"tiny calls" is the counter-case: calls of ~10 us are mostly Python (argument
checks, the Tour), hold the GIL most of the time and pay for handing it over
at every release, so threads do not help them; processes would.

    python benchmarks/bench_threads.py            # all workloads
    python benchmarks/bench_threads.py --repeat 5 --only construct verify
    python benchmarks/bench_threads.py --json threads.json   # the rows as JSON too
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

import knight

Job = Callable[[], Any]


def _key(result: Any) -> Any:
    """What the runs are compared by: for a tour, a checksum of every 61st
    step (copying whole boards would cost more than building them; the
    tests compare threaded tours in full)."""
    if isinstance(result, knight.Tour):
        sample = np.ascontiguousarray(result.board.ravel()[::61])
        return (result.start, zlib.crc32(sample), result.nodes)
    return result


def _limited(call: Job) -> Job:
    def run() -> Any:
        try:
            return call()
        except knight.SearchLimitError as exc:
            return ("limit", exc.nodes)

    return run


def workloads() -> dict[str, tuple[str, list[Job]]]:
    big = knight.solve(3000, 3000, closed=True).board.copy()
    wb = [
        _limited(lambda r=r, c=c: knight.solve(10, start=(r, c), closed=True,
                                               method="warnsdorff-backtrack",
                                               max_nodes=3_000_000))
        for r in range(10) for c in range(10)
    ]
    tiny = [
        (lambda r=r, c=c: knight.solve(10, start=(r, c), method="warnsdorff-backtrack"))
        for r in range(10) for c in range(10)
    ] * 20
    bt = [
        _limited(lambda r=r: knight.solve(8, start=(r, r % 3), method="backtrack",
                                          closed=True, max_nodes=4_000_000))
        for r in range(8)
    ]
    cons = [
        (lambda k=k: knight.solve(2000 + 2 * k, 2001, start=(k, 0), method="construct"))
        for k in range(32)
    ]
    ver = [(lambda: knight.is_tour(big, closed=True)) for _ in range(16)]
    warn = [
        (lambda k=k: knight.solve(1000, start=(k, 0), method="warnsdorff", tie_break="roth"))
        for k in range(0, 16, 2)
    ]
    cnt = [(lambda s=s: knight.count(4, 9, start=s)) for s in [(0, 0), (0, 1), (1, 1), (0, 2),
                                                              (1, 2), (0, 3), (1, 3), (0, 4)]]
    return {
        "warnsdorff-backtrack": ("10x10 closed, 100 starts, 3M nodes max", wb),
        "tiny calls": ("10x10 open, 100 starts x20 (~10 us each)", tiny),
        "backtrack": ("8x8 closed, 4M nodes each, 8 starts", bt),
        "warnsdorff": ("1000x1000 roth tie-break, 8 starts", warn),
        "construct": ("~2000x2001 open, 32 boards", cons),
        "verify": ("is_tour of a 3000x3000 board, x16", ver),
        "count": ("count(4, 9, start=s), 8 starts", cnt),
    }


def run(jobs: list[Job], threads: int) -> tuple[float, list[Any]]:
    began = time.perf_counter()
    if threads == 1:
        results = [_key(job()) for job in jobs]
    else:
        # Each thread takes the next job until none is left: balanced even
        # when a few jobs are long, and no future per job (its bookkeeping
        # would swamp the ~10 us calls).
        results = [None] * len(jobs)
        ticket = itertools.count()  # next() is atomic under the GIL

        def worker() -> None:
            for i in iter(ticket.__next__, None):
                if i >= len(jobs):
                    return
                results[i] = _key(jobs[i]())

        with ThreadPoolExecutor(threads) as pool:
            for f in [pool.submit(worker) for _ in range(threads)]:
                f.result()
    return time.perf_counter() - began, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting (median kept)")
    parser.add_argument("--only", nargs="*", help="workload names to run")
    parser.add_argument("--json", metavar="PATH", help="also write every row to PATH as JSON")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; "
          f"{args.threads} threads vs 1, median of {args.repeat} runs")
    print(f"{'workload':22} {'what':40} {'1 thread':>10} {f'{args.threads} threads':>10} "
          f"{'speed-up':>9}")
    for name, (what, jobs) in workloads().items():
        if args.only and name not in args.only:
            continue
        run(jobs[: max(1, len(jobs) // 10)], 1)  # warm-up: data files, caches
        one, many = [], []
        expected = None
        for _ in range(args.repeat):
            t, res = run(jobs, 1)
            one.append(t)
            expected = res if expected is None else expected
            assert res == expected, f"{name}: single-threaded results differ between runs"
            t, res = run(jobs, args.threads)
            many.append(t)
            assert res == expected, f"{name}: threaded results differ from single-threaded"
        t1, tn = statistics.median(one), statistics.median(many)
        print(f"{name:22} {what:40} {t1:9.3f}s {tn:9.3f}s {t1 / tn:8.2f}x")
        rows.append({"workload": name, "what": what, "threads": args.threads,
                     "one_thread_seconds": t1, "threads_seconds": tn, "speed_up": t1 / tn,
                     "runs": args.repeat, "load_average": os.getloadavg()[0]})
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"benchmark": "threads", "cpus": os.cpu_count(), "rows": rows}, f,
                      indent=2)
        print(f"wrote {args.json}")


if __name__ == "__main__":
    np.seterr(all="raise")
    main()

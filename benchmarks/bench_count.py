"""Benchmark knight.count against the published bar and the pure-Python reference.

Run by hand: ``python benchmarks/bench_count.py [--workers 2] [--skip-long]``.

The bar is a public C++/OpenMP bit-mask counter measured on this machine on
2 cores (figures from issue 4): it counts the 304 tours from the 5x5 corner
in 0.3 ms, the 9862 closed 6x6 tours in 0.03 s, and all 3 318 960 undirected
open 6x6 tours in 2.1 s, and cannot go past 64 squares.  The target is within
1.5x of each on 2 workers.  The closed tours of 3x20 and 3x22 (66 squares) are
compared with OEIS A169764 / A070030.  The speed-up over the package's
pure-Python reference (``knight.counting.reference_count``) is measured on a
small case in the same run.

Each figure is the best of a few runs (the machine is shared); the process
pool is started once before timing, as a long-lived program would.
"""

from __future__ import annotations

import argparse
import os
import time

import knight
from knight.counting import reference_count

BAR = {
    "5x5 open from the corner (304)": 0.0003,
    "6x6 closed, undirected (9862)": 0.03,
    "6x6 open, undirected (3318960)": 2.1,
}

# OEIS A169764 (closed tours on 3 x n), to compare with; the package
# computes its own numbers below.
OEIS_3XN_CLOSED = {20: 1448416, 22: 14060048}


def best(fn, repeat: int) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), result


def connect_table() -> None:
    """Nodes and CPU time of one subtree with the flood-fill cut off, default, everywhere."""
    import numpy as np

    from knight._core.count import PathSearch

    n = 18
    ends = np.zeros(3 * n, dtype=np.uint8)
    ends[n + 2] = 1  # closed 3x18: corner blocked, leave by (2, 1), return by (1, 2)
    cases = {
        "closed 3x18": (3, n, [2 * n + 1], [0], ends),
        "open 6x6 from the corner": (6, 6, [0], [], np.zeros(0, dtype=np.uint8)),
    }
    print(f"{'case':26} {'connect_depth':>14} {'tours':>8} {'nodes':>10} {'cpu s':>7}")
    for name, (rows, cols, prefix, blocked, flags) in cases.items():
        for depth, label in ((0, "0 (off)"), (-1, "default"), (10**6, "everywhere")):
            search = PathSearch(rows, cols, np.array(prefix, dtype=np.int32),
                                np.array(blocked, dtype=np.int32), flags, depth)
            t = time.process_time()
            _, found, nodes = search.count()
            t = time.process_time() - t
            print(f"{name:26} {label:>14} {found:>8} {nodes:>10} {t:>7.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--skip-long", action="store_true", help="skip 3x20 and 3x22")
    p.add_argument("--connect", action="store_true",
                   help="only measure the core's connectivity cut (off / default / everywhere)")
    args = p.parse_args()
    w = args.workers
    if args.connect:
        connect_table()
        return

    knight.count(6, closed=True, workers=w)  # start the pool

    rows = []
    t, n = best(lambda: knight.count(5, start=(0, 0), workers=w), 50)
    assert n == 304
    rows.append(("5x5 open from the corner (304)", n, t))
    t, n = best(lambda: knight.count(6, closed=True, workers=w), 7)
    assert n == 9862
    rows.append(("6x6 closed, undirected (9862)", n, t))
    t, n = best(lambda: knight.count(6, workers=w) // 2, 3)
    assert n == 3318960
    rows.append(("6x6 open, undirected (3318960)", n, t))

    print(f"knight.count on {w} worker(s); bar = C++/OpenMP bit-mask counter, 2 cores")
    # Other work on the machine slows every figure; say how busy it was.
    print(f"load average (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'case':34} {'count':>10} {'seconds':>10} {'bar':>8} {'ratio':>7}")
    for name, n, t in rows:
        bar = BAR[name]
        print(f"{name:34} {n:>10} {t:>10.5f} {bar:>8.4f} {t / bar:>6.2f}x")

    # The 5x5 and 6x6 closed counts finish inside count()'s in-process
    # probe (knight.counting.api.PROBE_NODES); for the record, the same counts
    # forced through the process pool:
    from knight import counting

    saved = counting.api.PROBE_NODES
    counting.api.PROBE_NODES = 0
    try:
        t5, _ = best(lambda: knight.count(5, start=(0, 0), workers=w), 20)
        t6, _ = best(lambda: knight.count(6, closed=True, workers=w), 7)
    finally:
        counting.api.PROBE_NODES = saved
    print(f"forced through the pool: 5x5 corner {t5:.5f} s ({t5 / BAR[rows[0][0]]:.2f}x), "
          f"6x6 closed {t6:.5f} s ({t6 / BAR[rows[1][0]]:.2f}x)")

    # Speed-up over the pure-Python reference, same run, same case.
    t_ref, n_ref = best(lambda: reference_count(5, start=(0, 0)), 1)
    t_core, n_core = best(lambda: knight.count(5, start=(0, 0)), 50)
    assert n_ref == n_core == 304
    print(
        f"\n5x5 corner, 1 process: reference {t_ref:.4f} s, core {t_core:.6f} s, "
        f"speed-up {t_ref / t_core:,.0f}x"
    )
    t_ref, n_ref = best(lambda: reference_count(3, 10, closed=True), 1)
    t_core, n_core = best(lambda: knight.count(3, 10, closed=True), 20)
    assert n_ref == n_core == 16
    print(
        f"3x10 closed, 1 process: reference {t_ref:.4f} s, core {t_core:.6f} s, "
        f"speed-up {t_ref / t_core:,.0f}x"
    )

    if not args.skip_long:
        print("\nPast 64 squares (closed tours, undirected):")
        for n_cols in (20, 22):
            t = time.perf_counter()
            n = knight.count(3, n_cols, closed=True, workers=w)
            t = time.perf_counter() - t
            ok = "matches" if n == OEIS_3XN_CLOSED[n_cols] else "DIFFERS FROM"
            print(
                f"3x{n_cols} ({3 * n_cols} squares): {n} in {t:.2f} s on {w} workers "
                f"({ok} OEIS A169764: {OEIS_3XN_CLOSED[n_cols]})"
            )


if __name__ == "__main__":
    main()

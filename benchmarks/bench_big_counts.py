"""The landmark counts the frontier DP reaches on one machine (issue 28).

Run by hand from the repository root (never as a test: the 8x8 count takes
about ten minutes of CPU)::

    python benchmarks/bench_big_counts.py                    # 7x8 and 8x8 closed
    python benchmarks/bench_big_counts.py --boards 7x7o,7x8c,8x8c --memory 12
    python benchmarks/bench_big_counts.py --shards 1,3,9 --boards 7x8c
    python benchmarks/bench_big_counts.py --boards 7x7o --dask 2   # a local 2-worker cluster

Each board is counted in a fresh process (so its peak RSS is its own), with
``knight.count(..., method="dp", max_memory=--memory GiB)``, and the row
gives the count, whether it is the published one, wall and CPU seconds,
peak RSS and the load average.  The reference in the same run is the one
the DP can be compared with at all: the same count with side 1's last column
in one piece against shards (``--shards``), on boards small enough for one
piece (7x8 closed), so the shards' cost is a ratio; no other library counts
8x8, and the published figures are the check:

* 8x8 closed, undirected: 13,267,364,410,532 (McKay 1997; OEIS A001230, A193055);
* 8x9 closed: 7,112,881,119,092,574 (A193055);
* 7x8 closed: 34,524,432,316 (A193054, A193055);
* 7x7 open, directed over every start: 165,575,218,320 (A165134).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

PUBLISHED = {
    "8x8c": 13_267_364_410_532,
    "8x9c": 7_112_881_119_092_574,
    "7x8c": 34_524_432_316,
    "6x8c": 55_488_142,
    "7x7o": 165_575_218_320,
    "6x6o": 6_637_920,
}

CHILD = r"""
import json, resource, sys, time
import knight
from knight.counting import frontier_count as FC
rows, cols, closed, gib, shards, dask = (int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "c",
                                         float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
t0, c0 = time.perf_counter(), time.process_time()
if dask:
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=dask, threads_per_worker=1, processes=True,
                      memory_limit=None, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        t0 = time.perf_counter()
        n = knight.count(rows, cols, closed=closed, method="dp",
                         executor=client.get_executor(), max_memory=int(gib * 2**30))
elif shards:
    n = FC.count_split(rows, cols, "cycle" if closed else "path", shards=shards,
                       max_bytes=int(gib * 2**30))
    if not closed:
        n *= 2  # count_split counts undirected paths
else:
    n = knight.count(rows, cols, closed=closed, method="dp", max_memory=int(gib * 2**30))
print(json.dumps({"count": n, "wall": time.perf_counter() - t0,
                  "cpu": time.process_time() - c0,
                  "rss_gib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20}))
"""
# (with --dask the CPU and RSS are the client's; the workers' time is in the wall time)


def run(board: str, gib: float, shards: int = 0, dask: int = 0) -> dict[str, float]:
    size, kind = board[:-1], board[-1]
    rows, cols = (int(x) for x in size.split("x"))
    load = os.getloadavg()[0]
    out = subprocess.run([sys.executable, "-c", CHILD, str(rows), str(cols), kind, str(gib),
                          str(shards), str(dask)], capture_output=True, text=True, check=True)
    row = json.loads(out.stdout.strip().splitlines()[-1])
    row["load"] = (load + os.getloadavg()[0]) / 2
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="7x8c,8x8c",
                    help="comma-separated ROWSxCOLS plus c (closed) or o (open, directed)")
    ap.add_argument("--memory", type=float, default=12.0, help="max_memory in GiB")
    ap.add_argument("--dask", type=int, default=0, metavar="N",
                    help="also count the boards on a local Dask cluster of N worker processes "
                         "(max_memory is then each worker's)")
    ap.add_argument("--shards", default="",
                    help="also count the first board with these shard counts (1 = one piece)")
    args = ap.parse_args()
    print(f"{'board':8} {'count':>22} {'published':>9} {'wall s':>8} {'cpu s':>8} "
          f"{'RSS GiB':>8} {'load':>5}")
    for board in args.boards.split(","):
        t = time.strftime("%H:%M:%S")
        row = run(board, args.memory)
        ok = {True: "yes", False: "NO"}.get(row["count"] == PUBLISHED.get(board), "-") \
            if board in PUBLISHED else "-"
        print(f"{board:8} {row['count']:>22,} {ok:>9} {row['wall']:8.1f} {row['cpu']:8.1f} "
              f"{row['rss_gib']:8.2f} {row['load']:5.2f}   (started {t})", flush=True)
        if args.dask:
            d = run(board, args.memory, dask=args.dask)
            ok = "yes" if d["count"] == PUBLISHED.get(board) else "NO"
            print(f"{board:8} on {args.dask} Dask workers: {d['count']:,} (published: {ok}), "
                  f"wall {d['wall']:.1f} s ({d['wall'] / row['wall']:.2f} of one process), "
                  f"load {d['load']:.2f}", flush=True)
    if args.shards:
        board = args.boards.split(",")[0]
        base = None
        for k in (int(x) for x in args.shards.split(",")):
            row = run(board, args.memory, k)
            base = row["cpu"] if base is None else base
            print(f"{board} in {k} shard(s): cpu {row['cpu']:.1f} s ({row['cpu'] / base:.2f} of "
                  f"the first), RSS {row['rss_gib']:.2f} GiB, load {row['load']:.2f}", flush=True)


if __name__ == "__main__":
    main()

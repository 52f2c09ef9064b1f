"""Benchmark knight.construct on 10^8 squares against numpy writing the same array.

Run by hand from the repository root::

    python benchmarks/bench_construct.py            # 10000x10000 closed, 9999x9999 open
    python benchmarks/bench_construct.py --n 3000   # smaller boards, same ratios
    python benchmarks/bench_construct.py --quick    # --n 2000: a fast smoke run
    python benchmarks/bench_construct.py --json out.json

Reference, measured in the same run: ``np.arange(rows*cols, dtype=np.int32)``
(numpy allocating and writing a fresh array of the board's size).  Printed:

* time ratio  = construct seconds / arange seconds      (target <= 2.0)
* memory ratio = peak memory of the construction / board bytes (target <= 1.5),
  measured twice: the rise of the process's peak resident size (VmHWM) over
  its size before the call, and tracemalloc's peak of numpy's allocations
  (numpy reports its data buffers to tracemalloc);
* verify ratio = knight.verify seconds on that board / arange seconds
  (target <= 2.0).

Every figure comes from fresh processes (see CHILD); times are the median of
``--runs`` runs (``--repeat`` is the same option), memory the worst; the
reference and the construction alternate, so both see the same load.  Only
the public API is used: the construction is ``knight.solve(...,
method="construct")``.  On a shared virtual machine the
reference itself swings: numpy asks for transparent huge pages, and when it
gets them arange writes 10^8 int32 in about 0.05-0.1 s, when it does not
(or the host has to supply the memory first) in 0.5-1.2 s.  The construction
pays the same page faults; run it a few times on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

# Each measurement runs in a fresh process, so that numpy's arange and the
# construction both get fresh pages from the kernel (a repeat in one process
# reuses freed memory and runs several times faster), and so that VmHWM (the
# process's peak resident size, reset by exec unlike ru_maxrss) measures the
# construction alone.
CHILD = r"""
import json, sys, time, tracemalloc
import numpy as np

def hwm():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0

job, rows, cols, sr, sc, closed = json.loads(sys.argv[1])
out = {}
if job == "arange":
    t = time.perf_counter()
    a = np.arange(rows * cols, dtype=np.int32)
    out["seconds"] = time.perf_counter() - t
else:
    import knight

    def construct(rows, cols, start, closed):
        return knight.solve(rows, cols, start=start, closed=closed, method="construct").board

    construct(12, 12, (0, 0), True)          # load the stored blocks first
    before = hwm()
    t = time.perf_counter()
    board = construct(rows, cols, (sr, sc), closed)
    out["seconds"] = time.perf_counter() - t
    out["rss"] = hwm() - before
    out["board"] = board.nbytes
    assert board[sr, sc] == 0
    t = time.perf_counter()
    knight.verify(board, closed=closed)
    out["verify"] = time.perf_counter() - t
    del board
    tracemalloc.start()
    board = construct(rows, cols, (sr, sc), closed)
    out["traced"] = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
print(json.dumps(out))
"""


def child(job: str, rows: int, cols: int, start: tuple[int, int], closed: bool) -> dict:
    arg = json.dumps([job, rows, cols, start[0], start[1], closed])
    res = subprocess.run([sys.executable, "-c", CHILD, arg], check=True, capture_output=True,
                         text=True)
    return json.loads(res.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=None, help="even side (default 10000, quick 2000)")
    _bench.add_arguments(ap, runs=3)
    ap.add_argument("--repeat", type=int, dest="runs", help="same as --runs")
    args = ap.parse_args(argv)
    runs = _bench.runs_of(args)
    n = args.n or (2000 if args.quick else 10000)
    rep = _bench.Report(f"bench_construct: construct and verify on {n}x{n} vs np.arange, "
                        f"fresh processes", args)
    cases = [
        (n, n, (n // 3, n // 7), True),
        (n - 1, n - 1, (n // 2 - 1, n // 3 - (n // 2 - 1 + n // 3) % 2), False),
    ]
    for rows, cols, start, closed in cases:
        before = _bench.load()
        refs, results = [], []
        for _ in range(runs):
            refs.append(child("arange", rows, cols, start, closed)["seconds"])
            results.append(child("construct", rows, cols, start, closed))
        after = _bench.load()
        ref = _bench.Measured(refs, None, before, after)
        cons = _bench.Measured([r["seconds"] for r in results], None, before, after)
        ver = _bench.Measured([r["verify"] for r in results], None, before, after)
        mem = {k: max(r[k] for r in results) for k in ("rss", "traced", "board")}
        b = mem["board"]
        kind = "closed" if closed else "open"
        rep.add(f"construct {rows}x{cols} {kind} from {start}", cons, ref, "np.arange",
                f"target <= 2.0; peak memory rss {mem['rss'] / b:.2f}x, traced "
                f"{mem['traced'] / b:.2f}x the board ({b / 2**20:.0f} MiB; target <= 1.5)")
        rep.add(f"verify {rows}x{cols} {kind}", ver, ref, "np.arange", "target <= 2.0")
        rep.rows[-2]["memory"] = mem
    rep.finish()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

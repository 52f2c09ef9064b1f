"""Benchmark knight.construct on 10^8 squares against numpy writing the same array.

Run by hand from the repository root::

    python benchmarks/bench_construct.py            # 10000x10000 closed, 9999x9999 open
    python benchmarks/bench_construct.py --n 3000   # smaller boards, same ratios

Reference, measured in the same run: ``np.arange(rows*cols, dtype=np.int32)``
(numpy allocating and writing a fresh array of the board's size).  Printed:

* time ratio  = construct seconds / arange seconds      (target <= 2.0)
* memory ratio = peak memory of the construction / board bytes (target <= 1.5),
  measured twice: the rise of the process's peak resident size (VmHWM) over
  its size before the call, and tracemalloc's peak of numpy's allocations
  (numpy reports its data buffers to tracemalloc);
* verify ratio = knight.verify seconds on that board / arange seconds
  (target <= 2.0).

Every figure comes from fresh processes (see CHILD); times are the best of
``--repeat`` runs, memory the worst.  On a shared virtual machine the
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

import numpy as np

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
    from knight.construct import construct
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
    ap.add_argument("--n", type=int, default=10000, help="even side (default 10000)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    import knight

    n = args.n
    cases = [
        (n, n, (n // 3, n // 7), True),
        (n - 1, n - 1, (n // 2 - 1, n // 3 - (n // 2 - 1 + n // 3) % 2), False),
    ]
    print(f"knight {knight.__version__}, numpy {np.__version__}; best of {args.repeat} "
          "fresh processes each")
    rows_out = []
    for rows, cols, start, closed in cases:
        refs, runs = [], []
        for _ in range(args.repeat):
            refs.append(child("arange", rows, cols, start, closed)["seconds"])
            runs.append(child("construct", rows, cols, start, closed))
        ref = min(refs)
        secs = min(r["seconds"] for r in runs)
        vsecs = min(r["verify"] for r in runs)
        print(f"{rows}x{cols}: arange runs {sorted(round(t, 3) for t in refs)}; construct runs "
              f"{sorted(round(r['seconds'], 3) for r in runs)}")
        mem = {k: max(r[k] for r in runs) for k in ("rss", "traced", "board")}
        kind = "closed" if closed else "open"
        rows_out.append((f"{rows}x{cols} {kind} from {start}", ref, secs, vsecs, mem))
    for name, ref, secs, vsecs, mem in rows_out:
        b = mem["board"]
        print(f"\n{name}")
        print(f"  np.arange reference   {ref:7.3f} s")
        print(f"  construct             {secs:7.3f} s   ratio {secs / ref:5.2f}"
              "   (target <= 2.0)")
        print(f"  verify                {vsecs:7.3f} s   ratio {vsecs / ref:5.2f}"
              "   (target <= 2.0)")
        print(f"  peak memory (rss)     {mem['rss'] / 2**20:7.0f} MiB ratio {mem['rss'] / b:5.2f}"
              f"   (target <= 1.5; board {b / 2**20:.0f} MiB)")
        print(f"  peak memory (traced)  {mem['traced'] / 2**20:7.0f} MiB ratio "
              f"{mem['traced'] / b:5.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

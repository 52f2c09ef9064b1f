"""Benchmark knight.construct against a C construction and against numpy writing the board.

Run by hand from the repository root::

    python benchmarks/bench_construct.py            # the C rows, then 10^8 squares
    python benchmarks/bench_construct.py --n 3000   # smaller large boards, same ratios
    python benchmarks/bench_construct.py --quick    # --n 2000: a fast smoke run
    python benchmarks/bench_construct.py --no-large # the C reference rows only
    python benchmarks/bench_construct.py --json out.json

First, small and medium boards (100x100 and 1000x1000 closed) against
``benchmarks/c/construct.c``, the divide-and-conquer construction written the
classic way in C (Parberry 1997: a table of each square's two tour
neighbours, corner-edge swaps to join the blocks, a square-by-square walk).
It is given the package's own block tours, exported at run time to a small
binary file (so no tour data is typed in), places them by the package's rules,
and its board is checked with ``knight.verify``.  Printed, same run, medians
of ``--runs`` runs (each run of the C program repeats the construction
``REPS`` times in one process, so its timings are warm, as the in-process
Python ones are):

* ``knight.solve(n, closed=True, method="construct")`` / C reference: the
  public call, argument checks, ``Tour`` object and all;
* the core alone (``knight._core.construct.construct_into`` on a board
  allocated once) / C reference;
* the Python share: (solve - core) / solve.

Then the large boards:

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


def export_blocks(path: Path) -> None:
    """Write the package's closed block tours in the C reference's format (see construct.c)."""
    import numpy as np

    from knight import construct as kc
    from knight import construct_py

    blocks = construct_py._blocks()   # the Python twin's tables: the stored file, read and checked
    words: list[int] = []
    count = 0
    for h in range(5, kc.MAX_PART + 1):
        for w in range(5, kc.MAX_PART + 1):
            for k in (0, 1):
                off = int(blocks.tile_at[h, w, k])
                if off >= 0:
                    words += [h, w, k] + blocks.codes[off:off + h * w].astype(int).tolist()
                    count += 1
    np.array([count] + words, dtype="<i4").tofile(path)


def bench_c_reference(rep: _bench.Report, runs: int, quick: bool) -> None:
    import tempfile

    import numpy as np

    import knight
    from knight._core import construct as core

    exe = _bench.compile_c("construct")
    with tempfile.TemporaryDirectory(prefix="knight-bench-") as tmp:
        blockfile = Path(tmp) / "blocks.i32"
        export_blocks(blockfile)
        for n, reps, per in ([(100, 200, 200)] if quick else [(100, 200, 200), (1000, 20, 5)]):
            start = (n // 3, n // 7)
            ref = None
            if exe is not None:
                out = Path(tmp) / "board.i32"
                ref = _bench.run_program(exe, [n, n, *start, blockfile, reps, out], runs)
                board = np.fromfile(out, dtype=np.int32).reshape(n, n)
                knight.verify(board, closed=True)   # raises unless a closed tour
                assert board[start] == 0

            def solve(n: int = n, start: tuple[int, int] = start, per: int = per) -> None:
                for _ in range(per):
                    knight.solve(n, closed=True, start=start, method="construct")

            board = np.empty((n, n), dtype=np.int32)

            def core_only(board: np.ndarray = board, start: tuple[int, int] = start,
                          per: int = per) -> None:
                for _ in range(per):
                    core.construct_into(board, start[0], start[1], True)

            full = _bench.measure(solve, runs, per=per)
            alone = _bench.measure(core_only, runs, per=per)
            knight.verify(board, closed=True)
            share = (full.seconds - alone.seconds) / full.seconds
            rep.add(f"solve {n}x{n} closed, construct", full, ref, "construct.c",
                    f"Python share {share:.0%} (all but the core)")
            rep.add(f"core alone {n}x{n} closed", alone, ref, "construct.c")


def warm(rep: _bench.Report, rows: int, cols: int, start: tuple[int, int], closed: bool,
         runs: int) -> None:
    """The core alone on a board already written once, against numpy filling
    the same board: the work of the construction without the page faults of
    a fresh board, which on a shared VM swing by 10x from run to run."""
    import numpy as np

    from knight._core import construct as core

    board = np.empty((rows, cols), dtype=np.int32)
    board.fill(1)
    fill = _bench.measure(lambda: board.fill(7), runs)
    alone = _bench.measure(lambda: core.construct_into(board, start[0], start[1], closed), runs)
    kind = "closed" if closed else "open"
    rep.add(f"core alone {rows}x{cols} {kind}, warm board", alone, fill, "board.fill",
            "the same board, already in memory")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=None, help="even side (default 10000, quick 2000)")
    _bench.add_arguments(ap, runs=3)
    ap.add_argument("--repeat", type=int, dest="runs", help="same as --runs")
    ap.add_argument("--no-large", action="store_true", help="only the rows against construct.c")
    args = ap.parse_args(argv)
    runs = _bench.runs_of(args)
    n = args.n or (2000 if args.quick else 10000)
    rep = _bench.Report(f"bench_construct: construct vs construct.c, then construct and verify "
                        f"on {n}x{n} vs np.arange in fresh processes", args)
    bench_c_reference(rep, runs, args.quick)
    cases = [] if args.no_large else [
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
        best = min(cons.times) / min(ref.times)
        rep.add(f"construct {rows}x{cols} {kind} from {start}", cons, ref, "np.arange",
                f"target <= 1.5; best run of each {best:.2f}; peak memory rss "
                f"{mem['rss'] / b:.2f}x, traced {mem['traced'] / b:.2f}x the board "
                f"({b / 2**20:.0f} MiB; target <= 1.5)")
        rep.add(f"verify {rows}x{cols} {kind}", ver, ref, "np.arange", "target <= 2.0")
        rep.rows[-2]["memory"] = mem
        warm(rep, rows, cols, start, closed, runs)
    rep.finish()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

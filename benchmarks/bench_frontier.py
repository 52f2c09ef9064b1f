"""Benchmark the frontier DP counter (``knight.count(..., method="dp")``).

Run by hand from the repository root (never as a timed test)::

    python benchmarks/bench_frontier.py            # about 30-60 minutes (the reach table)
    python benchmarks/bench_frontier.py --quick    # a smoke run, about a minute
    python benchmarks/bench_frontier.py --skip-reach
    python benchmarks/bench_frontier.py --reach-only --workers 2 --widths 5,6

In one run it prints:

1. the DP against the package's exact search (``method="search"``) on boards
   both finish, with the ratio (median of ``--runs`` runs, fewer on the slow
   ones; the load average is noted on every row);
2. the DP core against its pure-Python twin on small boards;
3. meet in the middle: in one process, the halves with their shared sweep
   against the halves swept apart (and the time of a single sweep); then
   the two halves and the join's two shares on a local
   ProcessPoolExecutor(2) against the one-process count;
4. states per column for a few boards;
5. the reach table: for 3xn .. 6xn, closed and open, the largest n whose
   count finishes within ``--limit`` seconds (default 60), found by
   doubling n and then bisecting (to within about 3 %), each run stopped by
   ``timeout=``;
6. with ``--saturation WIDTH,MODE,N`` (e.g. ``6,open,12``, about 8 minutes),
   one single sweep of a long board, timed column by column: past the
   first few columns the states per column stop growing, so the seconds of
   a saturated column give the time of any longer board.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

import knight

# The frontier DP's modules, one job each (see knight.counting.frontier_count).
import knight.counting.frontier_board as FB
import knight.counting.frontier_count as FC
import knight.counting.frontier_halves as FH
import knight.counting.frontier_jobs as FJ
import knight.counting.frontier_run as FR
from knight.counting.frontier_sweep_py import run_reference

# (rows, cols, kwargs, runs scale): boards the search and the DP both finish.
VERSUS = [
    (5, 5, {}, 1), (5, 6, {}, 1), (3, 14, {}, 1), (4, 10, {}, 1), (3, 16, {"closed": True}, 1),
    (6, 6, {"closed": True}, 1), (5, 8, {"closed": True}, 1), (6, 7, {"closed": True}, 0),
    (6, 6, {}, 0),
]
VERSUS_QUICK = [(5, 5, {}, 1), (3, 12, {"closed": True}, 1), (4, 8, {}, 1)]

TWIN = [(4, 5, "path"), (3, 10, "cycle"), (4, 6, "cycle"), (3, 9, "path")]
TWIN_QUICK = [(4, 5, "path"), (3, 10, "cycle")]

# (rows, cols, mode, pinned cells): the halves share a sweep only without pins
SPLIT = [(6, 20, "cycle", ()), (5, 20, "path", ()), (5, 20, "path", (0,))]
SPLIT_QUICK = [(5, 10, "path", ()), (5, 10, "path", (0,))]

COLUMNS = [(6, 12, "cycle"), (5, 12, "path"), (6, 6, "path"), (4, 100, "path")]
COLUMNS_QUICK = [(4, 12, "path"), (5, 8, "cycle")]


def _label(rows: int, cols: int, kw: dict) -> str:
    return f"{rows}x{cols} {'closed' if kw.get('closed') else 'open'}"


def versus(report: _bench.Report, cases: list, runs: int) -> None:
    print("\n1. DP against the package's search", flush=True)
    for rows, cols, kw, scale in cases:
        n = runs if scale else 1
        dp = _bench.measure(lambda r=rows, c=cols, k=kw: knight.count(r, c, method="dp", **k),
                            n, warmup=0)
        se = _bench.measure(
            lambda r=rows, c=cols, k=kw: knight.count(r, c, method="search", **k), n, warmup=0)
        assert dp.result == se.result, (rows, cols, kw)
        report.add(f"dp {_label(rows, cols, kw)}", dp, se, "search",
                   note=f"count {dp.result}")


def twin(report: _bench.Report, cases: list, runs: int) -> None:
    print("\n2. DP core against its pure-Python twin", flush=True)
    for rows, cols, mode in cases:
        bd = FB.prepare(rows, cols, path_mode=mode == "path")
        core = _bench.measure(lambda b=bd: FR._count(b), runs)
        ref = _bench.measure(lambda b=bd, m=mode: run_reference(b, m == "path")[0], 1,
                             warmup=0)
        assert core.result == ref.result
        report.add(f"core {rows}x{cols} {mode}", core, ref, "twin")


def split(report: _bench.Report, cases: list) -> None:
    print("\n3. Meet in the middle: shared sweep, and two halves on ProcessPoolExecutor(2)",
          flush=True)
    with ProcessPoolExecutor(2) as ex:
        list(ex.map(abs, (1, 2)))  # the workers start before the timing
        for rows, cols, mode, pinned in cases:
            label = f"{rows}x{cols} {mode}" + (f" pinned {pinned}" if pinned else "")
            sweep = _bench.measure(
                lambda r=rows, c=cols, m=mode, pn=pinned: FR._count(
                    FB.prepare(r, c, path_mode=m == "path", pinned=pn)), 1, warmup=0)
            # one process: the halves in turn, without and with their shared sweep
            apart = _bench.measure(
                lambda r=rows, c=cols, m=mode, pn=pinned: FC.count_split(
                    r, c, m, pinned=pn, share=False), 1, warmup=0)
            whole = _bench.measure(
                lambda r=rows, c=cols, m=mode, pn=pinned: FC.count_split(r, c, m, pinned=pn),
                1, warmup=0)
            assert whole.result == apart.result == sweep.result
            jobs = FJ.plan_jobs(rows, cols, mode, 2, pinned=pinned)
            parts = [FH.make_part(rows, cols, path_mode=mode == "path", cut=jobs[0].cut, side=s,
                                  pinned=pinned) for s in (0, 1)]
            shared = FH.shared_cells(*parts)
            report.add(f"split {label}, shared cells", whole, apart, "halves apart",
                       note=f"{shared} of {parts[0].board.N} / {parts[1].board.N} cells shared; "
                            f"speed-up {apart.seconds / whole.seconds:.2f}x; "
                            f"one sweep {sweep.seconds:.1f} s")
            halves: list = []

            def two(jobs: list = jobs, halves: list = halves) -> int:
                results = list(ex.map(FJ.run_job, jobs))
                halves[:] = [r.seconds for r in results]
                joins = FJ.plan_joins(results, 2)
                return FJ.combine_joins(joins, list(ex.map(FJ.run_join, joins)))

            parallel = _bench.measure(two, 1, warmup=0)
            assert parallel.result == whole.result
            report.add(f"split {label}, 2 workers", parallel, whole, "1 process",
                       note=f"cut {jobs[0].cut}, halves "
                            + ", ".join(f"{s:.1f} s" for s in halves)
                            + f"; speed-up {whole.seconds / parallel.seconds:.2f}x")


def columns(cases: list) -> None:
    print("\n4. States per column (after the last cell of each column)", flush=True)
    for rows, cols, mode in cases:
        bd = FB.prepare(rows, cols, path_mode=mode == "path")
        t = time.perf_counter()
        _, ri = FR._count(bd, want_info=True)
        dt = time.perf_counter() - t
        per = [int(ri.sizes[c * bd.W + bd.W - 1]) for c in range(bd.L)]
        shown = per if len(per) <= 16 else per[:12] + ["..."] + per[-2:]
        print(f"  {rows}x{cols} {mode}: {dt:.2f} s, peak {ri.peak_states:,} states "
              f"({ri.peak_bytes / 2**20:.0f} MiB), {ri.transitions:,} transitions "
              f"({dt / max(ri.transitions, 1) * 1e9:.0f} ns each); per column: {shown}",
              flush=True)


def _finishes(width: int, n: int, closed: bool, limit: float, workers: int) -> float | None:
    t = time.perf_counter()
    try:
        knight.count(width, n, closed=closed, method="dp", timeout=limit,
                     workers=workers)
    except (knight.SearchLimitError, knight.BoardTooLargeError):
        return None
    return time.perf_counter() - t


def reach(widths: list[int], limit: float, top: int, workers: int = 1) -> None:
    how = f"{workers} worker processes" if workers > 1 else "one process"
    print(f"\n5. Reach: the largest n counted within {limit:g} s on {how} "
          f"(doubling, then bisection)", flush=True)
    print(f"  {'board':10} {'largest n':>10} {'its time':>9} {'first n over':>13}  load")
    for width in widths:
        for closed in (True, False):
            # a closed tour needs an even number of squares (and width 3, 5: even n)
            step = 2 if closed and width % 2 else 1
            if closed and width == 4:
                print(f"  {width}xn closed  {'-':>10}  no closed tour exists (Schwenk)")
                continue
            good, good_t, n, hi = 0, 0.0, 8, 0
            bad = None
            while n <= top:
                took = _finishes(width, n, closed, limit, workers)
                if took is None:
                    bad = n
                    break
                good, good_t = n, took
                n *= 2
                n += n % step
            if bad is not None:
                lo, hi = good, bad
                # to within about 3 %: past a few hundred columns one more
                # bisection step is a minute for a digit nobody reads
                while hi - lo > max(step, lo // 32):
                    mid = (lo + hi) // 2
                    mid -= mid % step
                    if mid <= lo:
                        break
                    took = _finishes(width, mid, closed, limit, workers)
                    if took is None:
                        hi = mid
                    else:
                        lo, good_t = mid, took
                good = lo
            over = "-" if bad is None else str(bad if good == 0 else hi)
            kind = "closed" if closed else "open"
            print(f"  {width}xn {kind:6} {good:>10} {good_t:>8.1f}s {over:>13}  "
                  f"{os.getloadavg()[0]:.2f}" + ("" if bad else f"  (stopped at n <= {top})"),
                  flush=True)


def saturation_spec(spec: str) -> tuple[int, str, int]:
    """WIDTH,MODE,N of ``--saturation``, checked (an argparse type)."""
    parts = spec.split(",")
    if len(parts) != 3 or parts[1] not in ("open", "closed") \
            or not (parts[0].isdigit() and parts[2].isdigit()) \
            or not 3 <= int(parts[0]) <= int(parts[2]):
        raise argparse.ArgumentTypeError(
            f"{spec!r}: want WIDTH,MODE,N with MODE open or closed and 3 <= WIDTH <= N, "
            "e.g. 6,open,12")
    return int(parts[0]), parts[1], int(parts[2])


def saturation(rows: int, mode: str, cols: int) -> None:
    bd = FB.prepare(rows, cols, path_mode=mode == "open")
    print(f"\n6. Saturation: {rows}x{cols} {mode}, one sweep, column by column "
          f"(load {os.getloadavg()[0]:.2f})", flush=True)
    # the core reports progress at polls, a few per column on big boards:
    # the first report of each column stands for its start
    starts: dict[int, float] = {}
    t0 = time.perf_counter()

    def prog(done: int, _total: int, _alive: int) -> None:
        starts.setdefault(done // bd.W, time.perf_counter() - t0)

    _, ri = FR._count(bd, want_info=True, progress=prog)
    total = time.perf_counter() - t0
    assert ri is not None, "a board with a count by theorem has no sweep to time"
    per = [int(ri.sizes[c * bd.W + bd.W - 1]) for c in range(bd.L)]
    marks = sorted(starts.items()) + [(bd.L, total)]
    secs = {c: b - a for (c, a), (d, b) in zip(marks, marks[1:]) if d == c + 1}
    for c in range(bd.L):
        took = f"{secs[c]:8.1f} s" if c in secs else f"{'?':>10}"
        print(f"  column {c:3}: {took}, {per[c]:>12,} states after it", flush=True)
    print(f"  {total:.1f} s, peak {ri.peak_states:,} states ({ri.peak_bytes / 2**30:.2f} GiB), "
          f"{ri.transitions:,} transitions ({total / max(ri.transitions, 1) * 1e9:.0f} ns each)")
    # a longer board adds saturated columns: the slowest of the middle ones
    # (the last two finish cells and run faster)
    mid = [secs[c] for c in range(2, bd.L - 2) if c in secs]
    if mid:
        col = max(mid)
        for m in (20, 40):
            if m > bd.L:
                print(f"  projected {rows}x{m} {mode}, one sweep: about "
                      f"{total + col * (m - bd.L):.0f} s ({col:.1f} s a saturated column)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    _bench.add_arguments(parser, runs=3)
    parser.add_argument("--limit", type=float, default=60.0,
                        help="seconds per count in the reach table (default 60)")
    parser.add_argument("--skip-reach", action="store_true", help="no reach table")
    parser.add_argument("--reach-only", action="store_true", help="only the reach table")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes for the reach table's counts (default 1)")
    parser.add_argument("--widths", default="3,4,5,6",
                        help="board widths of the reach table (default 3,4,5,6)")
    parser.add_argument("--saturation", metavar="WIDTH,MODE,N", type=saturation_spec,
                        help="only time one sweep of a WIDTH x N board (MODE open or "
                        "closed) column by column, e.g. 6,open,12")
    args = parser.parse_args()
    runs = _bench.runs_of(args)
    q = args.quick
    if args.saturation:
        saturation(*args.saturation)
        return
    if not args.reach_only:
        report = _bench.Report("frontier DP", args)
        versus(report, VERSUS_QUICK if q else VERSUS, runs)
        twin(report, TWIN_QUICK if q else TWIN, runs)
        split(report, SPLIT_QUICK if q else SPLIT)
        columns(COLUMNS_QUICK if q else COLUMNS)
        report.finish()
    if not args.skip_reach:
        if q:
            reach([3, 4], 1.0, 64, args.workers)
        else:
            reach([int(w) for w in args.widths.split(",")], args.limit, 1 << 16, args.workers)


if __name__ == "__main__":
    main()

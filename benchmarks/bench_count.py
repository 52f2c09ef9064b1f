"""Benchmark knight.count against a C counting search and the pure-Python
reference, both measured in the same run.

Run by hand from the repository root::

    python benchmarks/bench_count.py                 # about 3 minutes
    python benchmarks/bench_count.py --quick         # 5x5 and 6x6 closed only
    python benchmarks/bench_count.py --workers 1 --skip-long
    python benchmarks/bench_count.py --long          # also 3x22 closed (several minutes more)
    python benchmarks/bench_count.py --connect       # the core's connectivity cut (internal)

Every ratio is ``time / reference time`` (< 1: faster than the reference).

The C reference, ``c/count.c``, is a one-thread depth-first search with
simple exact pruning (dead squares, at most one pending end, the allowed
ends of a closed tour); no connectivity test, no bit masks.  For open tours
from every start it folds the starts by the board's symmetries, as
knight.count does; from a given start it does not.  knight.count is run on
``--workers`` processes (default 2, the pool started before timing, as a
long-lived program would) and on 1.  The cases are the ones this benchmark
has always used: 5x5 open from the corner (304), 6x6 closed (9862), 6x6
open undirected (3 318 960), and past 64 squares the closed tours of 3x20
(and with ``--long`` 3x22), checked against OEIS A169764.  Each figure is
the median of ``--runs`` runs; the C program's time is measured inside it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

import knight

# OEIS A169764 (closed tours on 3 x n): correctness checks, not timings.
OEIS_3XN_CLOSED = {20: 1448416, 22: 14060048}


def connect_table() -> None:
    """Nodes and CPU time of one subtree with the flood-fill cut off, default, everywhere.

    Uses the counting core's internal ``PathSearch`` class.
    """
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(p, runs=5)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--skip-long", action="store_true", help="skip the 3xN closed counts")
    p.add_argument("--long", action="store_true", help="also 3x22 closed (minutes)")
    p.add_argument("--connect", action="store_true",
                   help="only measure the core's connectivity cut (off / default / everywhere)")
    args = p.parse_args(argv)
    if args.connect:
        connect_table()
        return 0
    w = args.workers
    runs = _bench.runs_of(args)
    rep = _bench.Report(f"bench_count: knight.count (workers={w} and 1) vs C and pure Python",
                        args)
    exe = _bench.compile_c("count")

    knight.count(6, closed=True, workers=w)  # start the pool

    # (name, knight.count arguments, expected, C arguments, count runs, C runs)
    cases: list[tuple[str, dict[str, object], int, list[object], int, int]] = [
        ("5x5 open from the corner", {"rows": 5, "start": (0, 0)}, 304,
         ["open", 5, 5, 0, 0, "--reps", 20], max(runs, 20), runs),
        ("6x6 closed, undirected", {"rows": 6, "closed": True}, 9862,
         ["closed", 6, 6, "--reps", 3], runs, runs),
    ]
    if not args.quick:
        # count(6) counts each undirected open path twice (once from each end).
        cases.append(("6x6 open, all starts (2 x 3318960)", {"rows": 6}, 2 * 3318960,
                      ["all", 6, 6], runs, _bench.MIN_RUNS))
    if not (args.quick or args.skip_long):
        cases.append(("3x20 closed (60 squares)", {"rows": 3, "cols": 20, "closed": True},
                      OEIS_3XN_CLOSED[20], ["closed", 3, 20], _bench.MIN_RUNS, _bench.MIN_RUNS))
    if args.long and not args.quick:
        cases.append(("3x22 closed (66 squares)", {"rows": 3, "cols": 22, "closed": True},
                      OEIS_3XN_CLOSED[22], ["closed", 3, 22], _bench.MIN_RUNS, _bench.MIN_RUNS))

    for name, kw, expected, cargs, n_runs, c_runs in cases:
        c = _bench.run_program(exe, cargs, c_runs)
        note = f"{expected:,}"
        if c is not None:
            note += ", C the same" if int(c.result["count"]) == expected else \
                f", C {c.result['count']} (DIFFERENT)"
            note += f"; C nodes {int(c.result['nodes']):,}"
        for workers in dict.fromkeys((w, 1)):
            warm = 1 if n_runs > _bench.MIN_RUNS else 0
            m = _bench.measure(lambda kw=kw, workers=workers: knight.count(**kw, workers=workers),
                               n_runs, warmup=warm)
            assert m.result == expected, f"{name}: knight.count gave {m.result}, not {expected}"
            rep.add(f"{name}, workers={workers}", m, c, "C count DFS", note)

    # The small counts finish inside count()'s in-process probe; for the record,
    # the same counts forced through the process pool (PROBE_NODES is internal).
    from knight.counting import api

    if w > 1:
        saved = api.PROBE_NODES
        api.PROBE_NODES = 0
        try:
            for name, kw, expected, cargs, n_runs, c_runs in cases[:2]:
                c = _bench.run_program(exe, cargs, c_runs)
                m = _bench.measure(lambda kw=kw: knight.count(**kw, workers=w), n_runs)
                assert m.result == expected
                rep.add(f"{name}, forced through the pool", m, c, "C count DFS",
                        "PROBE_NODES=0")
        finally:
            api.PROBE_NODES = saved

    ref_count = _bench.knight_reference_count()
    ref_runs = 1 if args.quick else _bench.MIN_RUNS
    for name, kw, expected, core_runs in (
        ("5x5 open from the corner, 1 process", {"rows": 5, "start": (0, 0)}, 304, 50),
        ("3x10 closed, 1 process", {"rows": 3, "cols": 10, "closed": True}, 16, 20),
    ):
        ref = _bench.measure(lambda kw=kw: ref_count(**kw), ref_runs, warmup=0)
        m = _bench.measure(lambda kw=kw: knight.count(**kw), core_runs)
        assert ref.result == m.result == expected
        rep.add(name, m, ref, "pure Python")

    rep.finish()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

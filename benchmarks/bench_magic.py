"""Benchmark the magic search (issue 29): time to a first semi-magic tour, and
the core against its pure-Python twin.

Run by hand from the repository root::

    python benchmarks/bench_magic.py                    # every case, 120 s each at most
    python benchmarks/bench_magic.py --timeout 300 --sizes 8 12 16
    python benchmarks/bench_magic.py --quick            # 8x8 and the twin ratio only
    python benchmarks/bench_magic.py --construct        # the construction, 8x8 to 1000x1000
    python benchmarks/bench_magic.py --construct 12 20 44 100 204   # odd numbers of blocks
    python benchmarks/bench_magic.py --four-rank --timeout 3600   # 4x10, 4x12, 4x14 whole

For each case it runs ``knight.solve(..., magic="semi")`` under ``--timeout``
and prints the seconds, the nodes (the squares placed over every restart)
and the method that answered (``magic-search/symmetric``: a centrally
symmetric tour), or the limit that stopped it: on 8x8 from a free start,
from the central starts d5 and c5, from the corner a8 (restarts that may
never find one), closed, and on 12x12 and 16x16 from a free start.  Every
tour found is checked (``knight.magic_kind`` and ``knight.is_tour``).

Then, in the same run, the core and its twin
(``knight._core.magic_search_py``) enumerate the same small search
(Beverley's 8x8 tour with its first 28 numbers given, every completion)
with the same node count; it prints both times and the speed-up.
Nothing here is a timed test: the figures are this machine's, at this load.

``--ranges K`` times instead K ranges of the whole 8x8 semi-magic
enumeration (``count(8, magic="semi")``): the 42 ranges (first moves) that
stand for all 336 by the board's symmetries
(:func:`knight.engines.magic.range_plan`), K of them evenly spaced, each
run with ``--seconds`` at most, in this process.  A range is far longer than
any sane ``--seconds`` (the whole enumeration took 61.4 CPU-days in 2003),
so with ``--depth D`` (> 2) each sampled range is measured by Knuth's
estimator: a random prefix of the range's first D squares (each square
drawn among the free knight's moves of the last, ``--probes`` draws a
range, round-robin until ``--budget`` CPU seconds are spent), that
prefix's sub-range run to the end as clues 1..D,
its nodes multiplied by the number of prefixes it stood for (the product
of the choices on the way).  The mean estimates the range's nodes, with a
large variance, and the nodes a CPU-second measured over every run turn
them into time; a sub-range stopped by ``--seconds`` counts its nodes so
far, so the projection is then a lower bound.
It prints each run (seconds, nodes, nodes/s, tours) and projects the
enumeration's CPU time, against Yann Denef's 0.7-0.9 day on 6 cores
(4.2-5.4 CPU-days), and the 61.4 CPU-days of 2003::

    nice python benchmarks/bench_magic.py --ranges 6 --seconds 60 --depth 13 --probes 100 \\
        --budget 1100
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import knight
from knight._core import magic_search, magic_search_py
from knight.counting.args import counting_job
from knight.engines.magic import range_plan, run_range, tables

BEVERLEY = np.array(knight.magic.BEVERLEY)  # numbered 1..64


def first_tour(label: str, timeout: float, *args, **kwargs) -> None:
    t0 = time.perf_counter()
    try:
        tour = knight.solve(*args, magic="semi", timeout=timeout, **kwargs)
    except knight.SearchLimitError as exc:
        print(f"{label:28} none in {time.perf_counter() - t0:8.2f} s  {exc.nodes:>13,} nodes"
              "  (stopped by the timeout)", flush=True)
        return
    seconds = time.perf_counter() - t0
    assert tour.magic == "semi-magic" and knight.is_tour(tour)
    if kwargs.get("closed"):
        assert tour.closed
    print(f"{label:28} {seconds:8.2f} s  {tour.nodes:>13,} nodes  {tour.method}, "
          f"start {tour.start}", flush=True)


def construction(sizes: list[int], timeout: float) -> None:
    """The construction (engine magic-construct) against the search's best
    case measured in the same run: a closed 8x8 tour (centrally symmetric
    restarts from central starts), which the construction does not build."""
    from knight import magic_construct

    t0 = time.perf_counter()
    magic_construct.patterns()
    magic_construct._links()
    magic_construct.semi_magic_steps(12, 12)  # the odd boards' link tables
    tables = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = knight.solve(8, magic="semi", closed=True, timeout=timeout)
    search = time.perf_counter() - t0
    print(f"\nconstruction: tables {tables:.3f} s (once a process); reference: the search's "
          f"closed 8x8 tour in {search:.3f} s ({ref.method})", flush=True)
    for n in sizes:
        t0 = time.perf_counter()
        tour = knight.solve(n, magic="semi")
        seconds = time.perf_counter() - t0
        assert tour.method == "magic-construct" and tour.magic == "semi-magic"
        odd = " (odd: a search links the blocks)" if (n // 4) % 2 else ""
        print(f"{n}x{n} constructed in {seconds:8.4f} s ({seconds / search:.3g} x the search's "
              f"8x8), solve() with its check{odd}", flush=True)


def four_rank(timeout: float) -> None:
    """The whole magic enumeration on 4x10, 4x12 and 4x14 (the first two are
    why knight.magic.magic_reason rules them out), by the core directly."""
    from knight._core import magic_search
    from knight.engines.magic import tables

    for cols in (10, 12, 14):
        nbr, dist = tables(4, cols)
        search = magic_search.MagicSearch(4, cols, nbr, dist, np.arange(4 * cols, dtype=np.int32),
                                          np.zeros(4 * cols, dtype=np.int32), False, False)
        t0, c0 = time.perf_counter(), time.process_time()
        status, found = search.count(time.time() + timeout)
        done = "the whole enumeration" if status == magic_search.DONE else "stopped by the timeout"
        print(f"4x{cols}: {found} semi-magic numbered tours, {search.nodes:,} nodes, "
              f"{time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU "
              f"({done})", flush=True)


def twin_ratio(given: int) -> None:
    flat = BEVERLEY.ravel()
    clue_at = np.where(flat <= given, flat, 0).astype(np.int32)
    nbr, dist = tables(8, 8)
    runs = []
    for impl in (magic_search, magic_search_py):
        search = impl.MagicSearch(8, 8, nbr, dist, np.array([0], np.int32), clue_at)
        t0 = time.perf_counter()
        status, found = search.count()
        runs.append((time.perf_counter() - t0, search.nodes, found))
    (tc, nc, fc), (tp, np_, fp) = runs
    assert (nc, fc) == (np_, fp)
    print(f"core vs twin, 8x8 with Beverley's first {given} numbers given: {nc:,} nodes, "
          f"{fc} tour(s); core {tc * 1e3:.1f} ms ({nc / tc / 1e6:.1f} M nodes/s), twin "
          f"{tp:.2f} s ({np_ / tp / 1e3:.0f} k nodes/s): {tp / tc:.0f}x", flush=True)


#: CPU-days of the published runs: Denef, 0.7-0.9 day on 6 cores; 2003, 61.4.
DENEF = (0.7 * 6, 0.9 * 6)
STERTENBRINK = 61.4


def _prefix(clue_at: np.ndarray, nbr: np.ndarray, depth: int,
            rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A random prefix of ``depth`` squares extending the range ``clue_at``
    (numbers 1 and 2 fixed), and how many prefixes it stands for (the
    product of the choices on the way; 0: a dead end before ``depth``)."""
    clue = clue_at.copy()
    last = int(np.flatnonzero(clue == 2)[0])
    weight = 1
    for k in range(3, depth + 1):
        free = [int(t) for t in nbr[last] if t >= 0 and clue[t] == 0]
        if not free:
            return clue, 0
        weight *= len(free)
        last = free[int(rng.integers(len(free)))]
        clue[last] = k
    return clue, weight


def sample_ranges(k: int, seconds: float, depth: int, probes: int, seed: int,
                  budget: float) -> None:
    plan = range_plan(counting_job("count", knight.Board(8), None, None, False, False,
                                   magic="semi"))
    reps = len(plan.clues)
    picks = sorted({round(i * reps / k) for i in range(k)})
    nbr, _ = tables(8, 8)
    rng = np.random.default_rng(seed)
    print(f"8x8 semi-magic enumeration: {plan.total} ranges (first moves), {reps} after the "
          f"board's symmetries (weights {sorted(set(plan.weights))}); sampling {len(picks)}: "
          f"{picks}; --seconds {seconds:g} a run, depth {depth}, {probes} probe(s) a range",
          flush=True)
    lower, cpu, nodes_all = False, 0.0, 0
    names: dict[int, str] = {}
    runs: dict[int, list[float]] = {i: [] for i in picks}
    for i in picks:
        a, b = (int(np.flatnonzero(plan.clues[i] == v)[0]) for v in (1, 2))
        names[i] = f"range {i:2} ({knight.geometry.algebraic(divmod(a, 8), 8, 8)}-" \
                   f"{knight.geometry.algebraic(divmod(b, 8), 8, 8)})"
    began = time.process_time()
    # round-robin over the ranges, a probe each, until --budget CPU seconds are
    # spent (or Ctrl-C / SIGINT: the runs so far are summed up)
    try:
        for _ in range(probes if depth > 2 else 1):
            if budget and time.process_time() - began >= budget:
                print(f"(--budget {budget:g} s spent: no more probes)", flush=True)
                break
            for i in picks:
                name = names[i]
                sub, weight = (plan.clues[i], 1) if depth <= 2 else \
                    _prefix(plan.clues[i], nbr, depth, rng)
                if weight == 0:
                    runs[i].append(0)
                    print(f"{name}: prefix dead before depth {depth}", flush=True)
                    continue
                c0 = time.process_time()
                got = run_range(8, 8, False, False, sub, time.time() + seconds)
                used = time.process_time() - c0
                cpu += used
                nodes_all += got.nodes
                done = got.status == magic_search.DONE
                lower |= not done
                runs[i].append(got.nodes * weight)
                print(f"{name}: {'done' if done else 'STOPPED'} in {used:8.2f} s CPU, "
                      f"{got.nodes:>14,} nodes ({got.nodes / max(used, 1e-9) / 1e6:5.2f} M/s), "
                      f"{got.found} tours; x {weight:,} prefixes -> "
                      f"{got.nodes * weight:.3e} nodes", flush=True)
    except KeyboardInterrupt:
        print("(interrupted: the runs so far)", flush=True)
    picks = [i for i in picks if runs[i]]
    if not picks:
        return
    estimates = []
    few, most = min(len(runs[i]) for i in picks), max(len(runs[i]) for i in picks)
    for i in picks:
        estimates.append(sum(runs[i]) / len(runs[i]))
        print(f"{names[i]}: estimate {estimates[-1]:.3e} nodes over {len(runs[i])} run(s) "
              f"(x{plan.weights[i]} by symmetry)", flush=True)
    rate = nodes_all / max(cpu, 1e-9)
    mean = sum(estimates) / len(estimates) / rate
    whole = mean * plan.total / 86400
    with_symmetry = mean * reps / 86400
    sign = ">=" if lower else "~"
    print(f"\nmeasured: {cpu:.1f} s CPU, {nodes_all:,} nodes, {rate / 1e6:.2f} M nodes/s "
          "(the rate that turns the estimated nodes into seconds)", flush=True)
    print(f"projection (mean of {len(estimates)} sampled ranges, {mean:,.0f} s a range): "
          f"{sign} {whole:.1f} CPU-days for all {plan.total} ranges; with the symmetry "
          f"({reps} ranges) {sign} {with_symmetry:.1f} CPU-days", flush=True)
    print(f"against Denef's {DENEF[0]:.1f}-{DENEF[1]:.1f} CPU-days (0.7-0.9 day on 6 cores): "
          f"{with_symmetry / DENEF[1]:.2f}-{with_symmetry / DENEF[0]:.2f}x; against 2003's "
          f"{STERTENBRINK} CPU-days: {with_symmetry / STERTENBRINK:.3f}x.  Caveat: "
          f"{len(estimates)} of {reps} ranges"
          + (f", Knuth's estimator over {few}-{most} random prefix(es) of depth {depth} a range "
             "(unbiased for the tree of knight's moves under each prefix, high variance; "
             "prefixes the search would prune before their end count their walk)"
             if depth > 2 else "")
          + ("; runs stopped by --seconds make it a lower bound" if lower else ""),
          flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--timeout", type=float, default=120.0, help="seconds a case at most")
    p.add_argument("--sizes", type=int, nargs="*", default=[12, 16],
                   help="square boards past 8x8 to solve from a free start")
    p.add_argument("--quick", action="store_true", help="8x8 from a free start, and the twin")
    p.add_argument("--ranges", type=int, metavar="K",
                   help="time K ranges of the 8x8 enumeration and project its CPU time")
    p.add_argument("--seconds", type=float, default=120.0,
                   help="with --ranges: seconds a run at most (default: 120)")
    p.add_argument("--depth", type=int, default=2,
                   help="with --ranges: squares fixed by a random prefix (2: the whole ranges)")
    p.add_argument("--probes", type=int, default=1, help="with --ranges: prefixes a range")
    p.add_argument("--seed", type=int, default=2003, help="with --ranges: the prefixes' seed")
    p.add_argument("--construct", type=int, nargs="*", metavar="N",
                   help="time the construction on these NxN boards (default 8 12 16 20 48 100 200 "
                        "204 1000)")
    p.add_argument("--four-rank", action="store_true",
                   help="enumerate 4x10, 4x12 and 4x14 whole (minutes; --timeout each)")
    p.add_argument("--budget", type=float, default=0.0,
                   help="with --ranges: no new round of probes after this many CPU seconds")
    args = p.parse_args()
    if args.ranges is not None:
        sample_ranges(args.ranges, args.seconds, args.depth, args.probes, args.seed,
                      args.budget)
        return
    if args.four_rank:
        four_rank(args.timeout)
        return
    if args.construct is not None:
        construction(args.construct or [8, 12, 16, 20, 48, 100, 200, 204, 1000], args.timeout)
        return
    first_tour("8x8, free start", args.timeout, 8)
    if not args.quick:
        first_tour("8x8, closed", args.timeout, 8, closed=True)
        for name in ("d5", "c5", "b6", "a8"):
            first_tour(f"8x8, start {name}", args.timeout, 8, start=name)
        first_tour("8x8, start c5, closed", args.timeout, 8, start="c5", closed=True)
        for n in args.sizes:
            first_tour(f"{n}x{n}, free start", args.timeout, n)
    twin_ratio(28)


if __name__ == "__main__":
    main()

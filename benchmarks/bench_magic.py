"""Benchmark the magic search (issue 29): time to a first semi-magic tour, and
the core against its pure-Python twin.

Run by hand from the repository root::

    python benchmarks/bench_magic.py                    # every case, 120 s each at most
    python benchmarks/bench_magic.py --timeout 300 --sizes 8 12 16
    python benchmarks/bench_magic.py --quick            # 8x8 and the twin ratio only

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
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import knight
from knight._core import magic_search, magic_search_py
from knight.engines.magic import tables

BEVERLEY = np.array([[1, 30, 47, 52, 5, 28, 43, 54],
                     [48, 51, 2, 29, 44, 53, 6, 27],
                     [31, 46, 49, 4, 25, 8, 55, 42],
                     [50, 3, 32, 45, 56, 41, 26, 7],
                     [33, 62, 15, 20, 9, 24, 39, 58],
                     [16, 19, 34, 61, 40, 57, 10, 23],
                     [63, 14, 17, 36, 21, 12, 59, 38],
                     [18, 35, 64, 13, 60, 37, 22, 11]])


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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--timeout", type=float, default=120.0, help="seconds a case at most")
    p.add_argument("--sizes", type=int, nargs="*", default=[12, 16],
                   help="square boards past 8x8 to solve from a free start")
    p.add_argument("--quick", action="store_true", help="8x8 from a free start, and the twin")
    args = p.parse_args()
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

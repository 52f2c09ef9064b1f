"""Benchmark the long leapers in the frontier DP (issue 28, item 5).

Run by hand from the repository root (never as a timed test)::

    python benchmarks/bench_leapers.py             # a minute or two
    python benchmarks/bench_leapers.py --zebra10   # and the 10x10 zebra's closed tours

It prints:

1. ``knight.exists(Board(5, 10, moves="zebra"))``, which the DP answers (the
   exhaustive search took 451 s before the DP took long leapers);
2. the DP against the exhaustive search (``method="search"``) on leaper
   boards both finish, with the peak states of the DP;
3. with ``--zebra10``, the closed tours of the 10x10 board for the zebra
   (80 320 in MathWorld's table) by whichever engine ``knight.count``'s
   planner picks (``knight.estimate`` says which, and its figures).  The
   DP's window is then 32 cells, the most a key holds, and its states pass
   1.3e7 by the 55th cell: the search is what a machine of a few GiB runs,
   for several minutes.
"""

from __future__ import annotations

import argparse
import os
import time

import knight
import knight.counting.frontier_board as FB
import knight.counting.frontier_run as FR
from knight import Board

# (board, count kwargs): leaper boards that both engines finish in seconds
VERSUS = [
    (Board(5, 8, moves="giraffe"), {}),
    (Board(5, 8, moves="giraffe"), {"start": (0, 0)}),
    (Board(5, 10, moves="zebra"), {}),
    (Board(5, 12, moves="zebra", holes=[(0, 0)]), {"closed": True}),
    (Board(4, 7, moves=[(-2, -3), (2, -3), (0, -1), (-1, 0), (2, 3), (-2, 3), (0, 1), (1, 0)]),
     {}),
]


def _timed(fn):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""


def exists_zebra() -> None:
    print("\n1. exists on the 5x10 board for the zebra", flush=True)
    board = Board(5, 10, moves="zebra")
    print(f"   estimate of its count: {knight.estimate(board)}")
    answer, secs = _timed(lambda: knight.why_not(board))
    print(f"   {answer!r}: {secs:.2f} s ({_load()}; 451 s by exhaustive search)")


def versus() -> None:
    print("\n2. DP against the exhaustive search on leaper boards", flush=True)
    for board, kw in VERSUS:
        dp, t_dp = _timed(lambda b=board, k=kw: knight.count(b, method="dp", **k))
        se, t_se = _timed(lambda b=board, k=kw: knight.count(b, method="search", **k))
        assert dp == se, (board, kw, dp, se)
        rows, cols = board.box()[2:]
        mv = FB.check_moves(board.moves)
        removed = tuple(int(r) * cols + int(c) for r, c in zip(*(~board.mask).nonzero()))
        bd = FB.prepare(rows, cols, removed=removed, moves=mv,
                        path_mode=not kw.get("closed", False),
                        pinned=[kw["start"][0] * cols + kw["start"][1]] if "start" in kw else ())
        _, ri = FR._count(bd, want_info=True)
        peak = 0 if ri is None else ri.peak_states
        print(f"   {board.describe()} {kw}: {dp} tours; dp {t_dp:.2f} s, search {t_se:.2f} s; "
              f"window {bd.S} cells, peak {peak:,} states ({_load()})", flush=True)


def zebra10() -> None:
    print("\n3. closed tours of the 10x10 board for the zebra (MathWorld: 80 320)", flush=True)
    board = Board(10, moves="zebra")
    est = knight.estimate(board, closed=True)
    print(f"   the planner picks {est.planner_engine}: {est}", flush=True)
    n, secs = _timed(lambda: knight.count(board, closed=True))
    print(f"   {n:,} undirected closed tours in {secs:.1f} s ({_load()})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zebra10", action="store_true",
                    help="count the 10x10 zebra's closed tours too (minutes)")
    args = ap.parse_args()
    exists_zebra()
    versus()
    if args.zebra10:
        zebra10()


if __name__ == "__main__":
    main()

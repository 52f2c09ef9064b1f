"""Conrad, Hindrichs, Morsy and Wegener (1994) against exhaustive search.

On the n x n knight board, n >= 6, an open tour from s to t exists iff (n
even) s and t have different colours, or (n odd) they are distinct squares
both of the corner colour (``knight.existence.conrad_between``).  For every
pair of squares of each board this script checks

* the "yes" side by the end-pruned search core alone (no theory): it must
  find a tour, which is verified;
* both sides by the frontier DP, which counts every tour from s to t
  (exhaustive, and independent of the search): ``--dp all`` for every
  pair, ``--dp K`` for a fixed sample of K pairs.  The DP takes about
  0.05 s a pair on 6x6 and 4 to 80 s a pair on 7x7.

Run by hand from the repository root::

    python benchmarks/check_conrad.py                    # 6x6 and 7x7, DP on every 6x6 pair
    python benchmarks/check_conrad.py --sizes 7 --dp all # every 7x7 pair by DP: hours

It prints each board's counts and times, and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import knight
from knight import Board, existence
from knight.counting.frontier_count import count_tours
from knight.search import FOUND, GraphEngine


def pairs(n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    squares = [(r, c) for r in range(n) for c in range(n)]
    return [(s, t) for i, s in enumerate(squares) for t in squares[i + 1:]]


def check(n: int, dp: str) -> bool:
    ok = True
    board = Board(n)
    engine = GraphEngine(board)
    every = pairs(n)
    began = time.perf_counter()
    yes = nodes = 0
    for s, t in every:
        if not existence.conrad_between(n, s, t):
            continue
        yes += 1
        status, steps, used, _ = engine.between(s, t, board.moves, None, 0.0)
        nodes += used
        tour = knight.Tour(steps)
        if status != FOUND or tour.start != s or tour.end != t:
            print(f"  {n}x{n}: no tour found from {s} to {t}")
            ok = False
    spent = time.perf_counter() - began
    print(f"{n}x{n}: {len(every)} pairs, {yes} where the criterion says yes: a search found "
          f"and verified every one ({nodes:,} nodes, {spent:.2f} s)")
    chosen = every if dp == "all" else random.Random(n).sample(every, min(int(dp), len(every)))
    began = time.perf_counter()
    agree = 0
    for i, (s, t) in enumerate(chosen, 1):
        count = count_tours(n, n, start=s[0] * n + s[1], end=t[0] * n + t[1])
        if (count > 0) == existence.conrad_between(n, s, t):
            agree += 1
        else:
            print(f"  {n}x{n}: the DP counts {count} tours from {s} to {t}, the criterion "
                  f"says {existence.conrad_between(n, s, t)}")
            ok = False
        if i % 50 == 0:
            print(f"  ... {i} of {len(chosen)} pairs, {time.perf_counter() - began:.0f} s",
                  flush=True)
    print(f"{n}x{n}: the frontier DP agrees with the criterion on {agree} of {len(chosen)} "
          f"pairs ({time.perf_counter() - began:.1f} s)", flush=True)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 7])
    parser.add_argument("--dp", default=None,
                        help="'all' or a number of sampled pairs (default: all on 6x6, 12 "
                        "on larger boards)")
    args = parser.parse_args()
    ok = True
    for n in args.sizes:
        dp = args.dp if args.dp is not None else ("all" if n <= 6 else "12")
        ok = check(n, dp) and ok
    print("agree" if ok else "DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

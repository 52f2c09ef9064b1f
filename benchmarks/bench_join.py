"""The join of a meet-in-the-middle count, with its left table sorted by
boundary profile (as ``frontier_jobs.left_for_join`` gives it) against the
same table in the sweep's own order (issue 28).

Run by hand from the repository root::

    python benchmarks/bench_join.py                        # 6x8 open, 6x7 open, 7x8 closed
    python benchmarks/bench_join.py --boards 7x8o --repeat 1   # about 10 minutes

Both halves are swept once per board; then the join runs ``--repeat``
times on each order, alternately, and the row gives the best of each, the
ratio sorted / own order (the reference, measured in the same run), the
pairs tried and the nanoseconds a pair.  Sorted, a run of left states
with one profile finds the right groups it pairs with once and reads them
from cache; in the table's order (the order of the sweep's hash table,
random in the profile) every state looks them up again.  Both give the
same residues, which the script checks.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from knight._core.frontier_join import join
from knight.counting.frontier_board import default_cut, prepare
from knight.counting.frontier_halves import make_part, run_part
from knight.counting.frontier_jobs import JoinJob, left_for_join, right_for_join
from knight.counting.frontier_moduli import count_bound, moduli_for


def _job(rows: int, cols: int, path_mode: bool) -> JoinJob:
    bd = prepare(rows, cols, path_mode=path_mode)
    words = moduli_for(count_bound(bd))
    parts = [make_part(rows, cols, path_mode=path_mode, cut=default_cut(bd.L), side=s)
             for s in (0, 1)]
    tables = [run_part(p, words)[0] for p in parts]
    return right_for_join(left_for_join(tables[0], parts, words), list(tables[1]), parts[1])


def _run(jj: JoinJob, left: tuple[np.ndarray, ...]) -> tuple[float, tuple[int, ...], int]:
    i32 = lambda v: np.ascontiguousarray(v, dtype=np.int32)  # noqa: E731
    nw = len(jj.words)
    mods = np.array([0] + list(jj.words[1:]), dtype=np.uint64)
    res = np.zeros(nw, dtype=np.uint64)
    info = np.zeros(3, dtype=np.int64)
    t0 = time.perf_counter()
    join(jj.W, jj.path_mode, i32(jj.btarget), left[0], left[1], left[2], i32(jj.lmap),
         left[3], jj.right[0], jj.right[1], jj.right[2], i32(jj.rmap), jj.right[3], mods, res,
         info, 0.0)
    return time.perf_counter() - t0, tuple(int(x) for x in res), int(info[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="6x8o,6x7o,7x8c",
                    help="ROWSxCOLS with o (open, every start) or c (closed), comma-separated")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'board':8} {'sorted s':>9} {'own order s':>12} {'ratio':>6} {'pairs':>15} "
          f"{'ns/pair':>8}")
    for board in args.boards.split(","):
        dims, kind = board[:-1], board[-1]
        rows, cols = (int(x) for x in dims.split("x"))
        jj = _job(rows, cols, kind == "o")
        nw = len(jj.words)
        order = np.random.default_rng(1).permutation(len(jj.left[0]))
        own = (jj.left[0][order], jj.left[1][order],
               jj.left[2].reshape(-1, nw)[order].reshape(-1), jj.left[3][order])
        best = {"sorted": float("inf"), "own": float("inf")}
        seen = set()
        pairs = 0
        for _ in range(max(1, args.repeat)):
            for name, left in (("sorted", jj.left), ("own", own)):
                dt, res, pairs = _run(jj, left)
                best[name] = min(best[name], dt)
                seen.add(res)
        assert len(seen) == 1, "the two orders disagree"
        print(f"{board:8} {best['sorted']:9.3f} {best['own']:12.3f} "
              f"{best['sorted'] / best['own']:6.3f} {pairs:15,} "
              f"{1e9 * best['sorted'] / max(1, pairs):8.1f}", flush=True)


if __name__ == "__main__":
    main()

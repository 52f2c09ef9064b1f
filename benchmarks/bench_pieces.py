"""A split count in pieces (``knight.counting.frontier_pieces``: both
halves cut by the degrees at the cut column) against the same count with
its halves whole (``count_split``, the reference, measured in the same
run): the least memory each needs, and its time (issue 28).

Run by hand from the repository root::

    python benchmarks/bench_pieces.py                  # 6x7 open, 6x8 open: a few minutes
    python benchmarks/bench_pieces.py --boards 6x6o,6x7c --key-rows 1,2

For each board the halves whole and each ``--key-rows`` (pieces keyed by
that many outer rows of the cut column on each side; every row of the
column in X, side 1 held, as the fallback of ``count_split`` runs them)
get a row: the least ``max_bytes`` (MB) the count succeeds in (bisection
to within ``--within``, a count a step, the memory guard of the core
refusing the rest), the time with memory to spare, and both as ratios to
the halves whole.  Each count is checked against the halves' answer.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import knight.counting.frontier_count as FC
from knight.counting.frontier_count import count_split
from knight.counting.frontier_jobs import _plan_jobs
from knight.counting.frontier_pieces import count_in_pieces, make_spec
from knight.errors import BoardTooLargeError


def _least(count: Callable[[int], int], answer: int, hi_mb: float, within: float) -> float:
    """The least MB (to within a factor ``within``) that ``count`` succeeds in."""
    def fits(mb: float) -> bool:
        try:
            got = count(int(mb * 2**20))
        except BoardTooLargeError:
            return False
        assert got == answer, (got, answer)
        return True
    lo, hi = 0.25, hi_mb
    while hi / lo > within:
        mid = (lo * hi) ** 0.5
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="6x7o,6x8o",
                    help="ROWSxCOLS with o (open, every start) or c (closed), comma-separated")
    ap.add_argument("--key-rows", default="1,2", help="comma-separated")
    ap.add_argument("--within", type=float, default=1.1)
    args = ap.parse_args()
    print(f"{'board':8} {'how':16} {'pieces':>6} {'least MB':>9} {'ratio':>6} "
          f"{'seconds':>8} {'ratio':>6}")
    for b in args.boards.split(","):
        rows, cols = (int(x) for x in b[:-1].split("x"))
        mode = "path" if b[-1] == "o" else "cycle"
        t0 = time.perf_counter()
        answer = count_split(rows, cols, mode)
        ref_t = time.perf_counter() - t0
        # the halves whole, never in pieces: a count that would fall back fails
        real = FC.count_in_pieces

        def refuse(*a: object, **k: object) -> int:
            raise BoardTooLargeError("no pieces")
        FC.count_in_pieces = refuse  # type: ignore[assignment]
        try:
            ref_mb = _least(lambda mb, r=rows, c=cols, md=mode:
                            count_split(r, c, md, max_bytes=mb), answer, 16384, args.within)
        finally:
            FC.count_in_pieces = real
        print(f"{b:8} {'halves whole':16} {'':>6} {ref_mb:9.1f} {1:6.2f} {ref_t:8.2f} {1:6.2f}",
              flush=True)
        jobs = _plan_jobs(rows, cols, mode, 2, pinned=(), removed=(), cut=None,
                          max_bytes=None, moves=None)
        W = min(rows, cols)
        for k in (int(x) for x in args.key_rows.split(",")):
            spec = make_spec(rows, cols, mode == "path", jobs[0].cut, jobs[0].moduli, m=W,
                             held=1, key_rows=k)
            t0 = time.perf_counter()
            assert count_in_pieces(spec) == answer
            t = time.perf_counter() - t0
            mb = _least(lambda m, sp=spec: count_in_pieces(sp, max_bytes=m), answer, ref_mb * 2,
                        args.within)
            print(f"{b:8} {f'pieces, {k} rows':16} {len(spec.pieces):6} {mb:9.1f} "
                  f"{mb / ref_mb:6.2f} {t:8.2f} {t / ref_t:6.2f}", flush=True)


if __name__ == "__main__":
    main()

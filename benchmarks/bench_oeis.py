"""Check values too long for the tests: OEIS terms counted by the frontier DP,
each printed with its time and whether it matches (issue 28, item 7).

Run by hand from the repository root::

    python benchmarks/bench_oeis.py              # every term below; about 15-20 minutes
    python benchmarks/bench_oeis.py --quick      # the engine ratios and a few terms of each
    python benchmarks/bench_oeis.py --only A175881 --only A193054
    python benchmarks/bench_oeis.py --long       # also 7x10 closed and 7x7 open (minutes each)

The published terms and their sources are in ``tests/counting/oeis_terms.py``
(``tests/counting/test_oeis.py`` checks the fast ones); the conventions are
explained there.  First a same-run reference: on terms that both engines
count in seconds, the DP's time against the exhaustive search's (ratio =
DP time / search time; < 1: the DP is faster), each engine checked against
the published term.  Then the long terms, one run each (a term is counted
once; ``--runs`` applies to the ratio rows), with "match" or "MISMATCH" in
the note.  The exit status is 1 if any term disagreed.

Each term stays under a few minutes and 3 GiB on this machine (2 cores,
24 GiB).  Left out: A001230(4) = A193055(8) (8x8 closed, about 11 GiB) and
A193055(9), which ``bench_big_counts.py`` checks; the rest of A193055
(8-wide), A165134(8) and A389760 past 8x5 (8-wide open), A193054 from 7x12
on (an estimated 7.2 GiB).  Only with ``--long``: A193054(5) (7x10 closed,
over 5 minutes on a loaded machine, under 1 GiB) and A165134(7) (7x7 open,
about 4 minutes and 4 GiB).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "counting"))

import _bench
import oeis_terms as T

import knight


def prefix_board(m: int, k: int) -> knight.Board:
    """The first ``k`` cells of an ``m``-row board, column by column (as in the tests)."""
    cols = -(-k // m)
    kept = k - m * (cols - 1)
    return knight.Board(m, cols, holes=[(r, cols - 1) for r in range(kept, m)])


def undirected(directed: int, squares: int) -> int:
    return directed if squares == 1 else directed // 2


Counter = Callable[[str], int]


def whole(rows: int, cols: int, closed: bool) -> Counter:
    """A whole-board term by the given engine (undirected, as the OEIS counts)."""
    def run(method: str) -> int:
        v = knight.count(rows, cols, closed=closed, method=method)
        return v if closed else undirected(v, rows * cols)
    return run


def directed_square(n: int) -> Counter:
    return lambda method: knight.count(n, n, method=method)


def prefix(m: int, k: int, closed: bool) -> Counter:
    def run(method: str) -> int:
        v = knight.count(prefix_board(m, k), closed=closed, method=method)
        return v if closed else undirected(v, k)
    return run


#: (sequence, n, board description, counter): terms both engines count in seconds.
RATIO_CASES = [
    (T.A175881, 6, "6x6 closed", whole(6, 6, True)),
    (T.A175855, 4, "5x8 closed", whole(5, 8, True)),
    (T.A175881, 7, "6x7 closed", whole(6, 7, True)),
    (T.A083386, 6, "5x6 open", whole(5, 6, False)),
    (T.A083386, 7, "5x7 open", whole(5, 7, False)),
    (T.A389755, 29, "first 29 cells of 5x6, open", prefix(5, 29, False)),
    (T.A383661, 17, "first 34 cells of 5x7, closed", prefix(5, 34, True)),
]


def long_cases(quick: bool, long: bool) -> list[tuple[T.Published, int, str, Counter]]:
    """The terms past the tests', by the DP."""
    cases: list[tuple[T.Published, int, str, Counter]] = []

    def upto(last_quick: int, last: int) -> int:
        return last_quick if quick else last

    for n in range(9, upto(10, 20) + 1):
        cases.append((T.A175855, n, f"5x{2 * n} closed", whole(5, 2 * n, True)))
    for n in range(9, upto(10, 40) + 1):
        cases.append((T.A175881, n, f"6x{n} closed", whole(6, n, True)))
    cases.append((T.A193054, 4, "7x8 closed", whole(7, 8, True)))
    cases.append((T.A193055, 7, "8x7 closed", whole(8, 7, True)))
    for n in range(9, upto(10, 18) + 1):
        cases.append((T.A083386, n, f"5x{n} open", whole(5, n, False)))
    for n in range(31, upto(32, 39) + 1):
        cases.append((T.A383661, n, f"first {2 * n} cells of 5 rows, closed",
                      prefix(5, 2 * n, True)))
    for n in range(31, upto(32, 49) + 1):
        cases.append((T.A389755, n, f"first {n} cells of 5 rows, open", prefix(5, n, False)))
    if long:
        cases.append((T.A193054, 5, "7x10 closed", whole(7, 10, True)))
        cases.append((T.A165134, 7, "7x7 open, directed", directed_square(7)))
    return cases


def verdict(seq: T.Published, n: int, got: int) -> tuple[bool, str]:
    want = seq[n]
    if got == want:
        return True, "match"
    return False, f"MISMATCH: counted {got}, published {want}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(parser, runs=3)
    parser.add_argument("--long", action="store_true",
                        help="also 7x10 closed and 7x7 open (A193054(5), A165134(7)): "
                             "several minutes each, 7x7 about 4 GiB")
    parser.add_argument("--only", action="append", metavar="ANUM",
                        help="only this sequence's terms (repeatable), e.g. A175881")
    args = parser.parse_args()
    only = {a.upper() for a in args.only} if args.only else None
    report = _bench.Report("OEIS check values: knight.count against published terms", args)
    bad = 0

    print("DP against the exhaustive search, same terms, same run:", flush=True)
    for seq, n, what, run in RATIO_CASES:
        if only and seq.anum not in only:
            continue
        dp = _bench.measure(lambda run=run: run("dp"), _bench.runs_of(args))
        search = _bench.measure(lambda run=run: run("search"), _bench.runs_of(args))
        ok_dp, note_dp = verdict(seq, n, dp.result)
        ok_s, note_s = verdict(seq, n, search.result)
        bad += (not ok_dp) + (not ok_s)
        print(f"    {seq.anum}({n}) = {dp.result} ({what}): dp {note_dp}, search {note_s}")
        report.add(f"{seq.anum}({n}) {what}, dp", dp, search, "search",
                   note=f"dp {note_dp}; search {note_s}")

    print("Longer terms, by the frontier DP (one run each):", flush=True)
    for seq, n, what, run in long_cases(args.quick, args.long):
        if only and seq.anum not in only:
            continue
        m = _bench.measure(lambda run=run: run("dp"), 1, warmup=0)
        ok, note = verdict(seq, n, m.result)
        bad += not ok
        print(f"    {seq.anum}({n}) = {m.result} ({what}): {note}")
        report.add(f"{seq.anum}({n}) {what}", m, note=note)

    report.finish()
    if bad:
        print(f"{bad} term(s) disagree with the published values", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

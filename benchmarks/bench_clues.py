"""Knight's-tour puzzles (``clues=``): solving and uniqueness checks on 8x8.

Run by hand from the repository root::

    python benchmarks/bench_clues.py              # ~2 minutes
    python benchmarks/bench_clues.py --quick      # fewer puzzles
    python benchmarks/bench_clues.py --json out.json

The puzzles: 8x8 open tours (Warnsdorff with random tie-breaks, fixed
seeds), each with 10, 12, 14 or 16 of its squares given as clues (a fixed
random subset).  For each number of clues the table gives, per puzzle:

* ``solve(8, clues=...)``: one tour meeting the clues (auto: the clue search
  in Warnsdorff's order with restarts);
* ``count(8, clues=..., limit=2)``: the uniqueness check (1 unique, 2 not).
  Puzzles whose check does not finish within ``--cap`` seconds (sparse clues
  can leave an exponential search) are left out of the time and counted in
  the note;
* core against twin: the same uniqueness check's searches run by the
  compiled ``GraphPathSearch`` and by its pure-Python twin
  (``knight._core.table_count_py``), on the puzzles the core settles within
  0.2 s (the twin is about a hundred times slower).

Every ratio is ``time / reference time``, both measured in this run.
"""

from __future__ import annotations

import argparse
import random
import time

import _bench

import knight
from knight import clues as kclues
from knight._core import table_count_py
from knight.existence import clue_reason


def puzzles(k: int, how_many: int, seed: int) -> list[dict[tuple[int, int], int]]:
    rng = random.Random(seed * 1000 + k)
    squares = [(r, c) for r in range(8) for c in range(8)]
    out = []
    while len(out) < how_many:
        try:
            tour = knight.solve(8, start=rng.choice(squares), method="warnsdorff",
                                tie_break="random", seed=rng.randrange(2**32))
        except knight.DeadEndError:
            continue
        out.append({q: int(tour.board[q]) for q in rng.sample(squares, k)})
    return out


def uniqueness(engine: str, clues: dict[tuple[int, int], int]) -> int:
    """count(limit=2) by hand over the plan's jobs, on the core or the twin."""
    board = knight.Board(8)
    spec = kclues.check_clues(board, clues)
    assert spec is not None
    if clue_reason(board, spec.at, False) is not None:
        return 0
    total = 0
    for job in kclues.plan(spec, False):
        if engine == "core":
            s = kclues.search(board, job)
        else:
            s = table_count_py.GraphPathSearch(
                board.neighbours(), board.degrees(), list(job.prefix), [],
                kclues.ends_flags(board, job).tolist(), -1, job.clues.tolist())
        _, found, _ = s.count(0.0, 0, None, 2 - total)
        total += found
        if total >= 2:
            return 2
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    _bench.add_arguments(parser, runs=3)
    parser.add_argument("--cap", type=float, default=2.0,
                        help="seconds a uniqueness check may take (default 2)")
    args = parser.parse_args()
    runs = _bench.runs_of(args)
    per = 8 if args.quick else 24
    rep = _bench.Report("knight's-tour puzzles on 8x8 (clues=)", args)
    for k in (16, 14, 12, 10):
        todo = puzzles(k, per, seed=1)
        settled, slow, answers = [], 0, []
        for clues in todo:
            t = time.perf_counter()
            try:
                answers.append(knight.count(8, clues=clues, limit=2, timeout=args.cap))
                settled.append((clues, time.perf_counter() - t))
            except knight.SearchLimitError:
                slow += 1
        ok = [c for c, _ in settled]
        note = (f"{len(ok)} puzzles, {answers.count(1)} unique"
                + (f", {slow} over {args.cap:g} s left out" if slow else ""))
        solve = _bench.measure(lambda todo=todo: [knight.solve(8, clues=c) for c in todo], runs,
                               per=len(todo))
        rep.add(f"solve, {k} clues, per puzzle", solve, note=f"{len(todo)} puzzles")
        if ok:
            check = _bench.measure(lambda ok=ok: [knight.count(8, clues=c, limit=2) for c in ok],
                                   runs, per=len(ok))
            rep.add(f"count(limit=2), {k} clues, per puzzle", check, note=note)
        quick = [c for c, s in settled if s < 0.2][: (3 if args.quick else 6)]
        if quick:
            core = _bench.measure(lambda quick=quick: [uniqueness("core", c) for c in quick], runs,
                                  per=len(quick))
            twin = _bench.measure(lambda quick=quick: [uniqueness("twin", c) for c in quick], 1,
                                  warmup=0, per=len(quick))
            assert core.result == twin.result
            rep.add(f"core uniqueness check, {k} clues", core, twin, "pure-Python twin",
                    note=f"{len(quick)} puzzles")
    rep.finish()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

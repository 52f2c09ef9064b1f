"""Search cores against references measured in the same run: C programs and
the pure-Python twins.

Run by hand from the repository root::

    python benchmarks/bench_search.py                  # everything, a few minutes
    python benchmarks/bench_search.py --quick          # smaller cases, under a minute
    python benchmarks/bench_search.py --json out.json  # also write the rows

Every ratio is ``time / reference time`` (< 1: faster than the reference):

* greedy Warnsdorff (``method="warnsdorff"``, ``tie_break="first"``) on
  100x100, 1000x1000 and 3000x3000 against ``c/warnsdorff.c``, which makes
  the same decisions (checked: both boards are compared square by square).
  With the first tie-break most starts on big boards dead-end; the starts
  below were found by experiment: ones that give a full tour on 100x100 and
  1000x1000, and the corner of 3000x3000, which dead-ends after 7 095 145 of
  9 000 000 squares, so that row measures building the
  :class:`knight.DeadEndError` (the partial board and its path) too, against
  the C walk building the same two things;
* plain backtracking (``method="backtrack"``) on 6x6 from (1, 0) at a node
  limit against ``c/backtrack.c`` at the same limit (the node counts are
  checked equal);
* the pure-Python references (``knight.reference.solve``): the 10x10 board
  from all 100 starts (Warnsdorff-ordered backtracking), Warnsdorff on
  100x100, plain backtracking at a small node limit, ``solve(8)``;
* ``solve(8, method="warnsdorff")`` per call, split into the time
  ``Tour.seconds`` reports (inside solve) and the rest, against the C walk of
  the same 8x8 board (which is what the core itself does).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

import knight

# Greedy Warnsdorff, first tie-break: (side, start, expected outcome).  Found
# by running c/warnsdorff.c from many starts: the corner dead-ends on all three
# sizes; (0, 2) and (0, 174) give full tours (3 of 1000 starts tried on
# 1000x1000 do); on 3000x3000 none of about 760 starts tried (the first 700 of
# row 0 and 60 random ones) gives a full tour, the best reaching 8 140 102 squares.
GREEDY_CASES = [
    (100, (0, 2), "found"),
    (1000, (0, 174), "found"),
    (3000, (0, 0), "dead_end"),
]


def greedy(n: int, start: tuple[int, int]) -> tuple[str, int, np.ndarray]:
    """(outcome, squares, board) of the package's greedy walk."""
    try:
        tour = knight.solve(n, start=start, method="warnsdorff")
        return "found", tour.nodes, tour.board
    except knight.DeadEndError as exc:
        return "dead_end", exc.steps, exc.board


def check_greedy(exe: Path | None, n: int, start: tuple[int, int]) -> str:
    """Run the C walk once with --dump and compare its board with the package's."""
    if exe is None:
        return "not checked (no C)"
    outcome, squares, board = greedy(n, start)
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "board.bin"
        m = _bench.run_program(exe, [n, n, *start, "--dump", dump], 1)
        assert m is not None
        cboard = np.fromfile(dump, dtype=np.int32).reshape(n, n)
    res = m.result
    same = (res["status"] == outcome and int(res["squares"]) == squares
            and np.array_equal(cboard, board))
    if not same:
        raise AssertionError(f"C and package greedy walks differ on {n}x{n} from {start}: "
                             f"C {res['status']} {res['squares']}, package {outcome} {squares}")
    return f"{outcome}, {squares:,} squares, same board as C"


def path_from_board(board: np.ndarray) -> np.ndarray:
    flat = board.ravel()
    idx = np.flatnonzero(flat >= 0)
    idx = idx[np.argsort(flat[idx], kind="stable")]
    return np.stack(np.divmod(idx, board.shape[1]), axis=1).astype(np.int32)


def plain(solve: Callable[..., Any], max_nodes: int) -> int:
    try:
        return int(solve(6, start=(1, 0), method="backtrack", max_nodes=max_nodes).nodes)
    except knight.SearchLimitError as exc:
        return int(exc.nodes)


def all_starts(solve: Callable[..., Any]) -> int:
    nodes = 0
    for r in range(10):
        for c in range(10):
            nodes += solve(10, start=(r, c), method="warnsdorff-backtrack").nodes
    return nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(parser, runs=5)
    parser.add_argument("--nodes", type=int, default=None,
                        help="node limit of the plain backtracking row (default 100M, "
                             "quick 10M)")
    args = parser.parse_args(argv)
    runs = _bench.runs_of(args)
    rep = _bench.Report("bench_search: search cores vs C and pure-Python references", args)
    ref_solve = _bench.knight_reference_solve()
    wexe = _bench.compile_c("warnsdorff")
    bexe = _bench.compile_c("backtrack")

    # --- greedy Warnsdorff vs the C walk --------------------------------------
    cases = list(GREEDY_CASES)
    if args.quick:
        cases = [c for c in cases if c[0] <= 1000]
    for n, start, expected in cases:
        note = check_greedy(wexe, n, start)
        if not note.startswith(expected) and wexe is not None:
            note += f" (expected {expected})"
        pkg = _bench.measure(lambda n=n, start=start: greedy(n, start), runs)
        c = _bench.run_program(wexe, [n, n, *start], runs)
        what = "DeadEndError raised" if expected == "dead_end" else "tour"
        rep.add(f"warnsdorff first {n}x{n} from {start} ({what})", pkg, c, "C greedy", note)
        if expected == "dead_end":
            # Diagnostic: recovering the path from the partial board with numpy (find
            # the reached squares, sort them by step), the way a DeadEndError can get
            # its path when the core hands back only the board.
            board = pkg.result[2]
            diag = _bench.measure(lambda board=board: path_from_board(board), runs)
            assert len(diag.result) == pkg.result[1]
            rep.add("  diagnostic: path from that board in numpy", diag, c, "C greedy",
                    "flatnonzero + stable argsort + divmod")

    # --- solve(8, method="warnsdorff"): per call, inside solve, the C walk ------
    calls = 2000 if args.quick else 20000

    inside_means: list[float] = []

    def many_8() -> None:
        inside = 0.0
        for _ in range(calls):
            inside += knight.solve(8, method="warnsdorff").seconds
        inside_means.append(inside / calls)

    per_call = _bench.measure(many_8, runs, per=calls)
    # Tour.seconds: from solve's entry to the Tour's construction, mean per call of each
    # timed batch (the warm-up batch left out).
    inside = _bench.Measured(inside_means[1:], None, per_call.load_before, per_call.load_after)
    c8 = _bench.run_program(wexe, [8, 8, 0, 0, "--reps", 5, "--inner", 20000], runs)
    rep.add("solve(8, warnsdorff) per call, wall", per_call, c8, "C greedy 8x8",
            f"{calls} calls")
    rep.add("  of which Tour.seconds (inside solve)", inside, c8, "C greedy 8x8",
            "mean per call, each batch")

    # --- plain backtracking at a node limit vs the C backtracker ---------------
    limit = args.nodes or (10_000_000 if args.quick else 100_000_000)
    nodes = plain(knight.solve, limit)
    pkg = _bench.measure(lambda: plain(knight.solve, limit), runs)
    c = _bench.run_program(bexe, [6, 6, 1, 0, limit], runs)
    note = f"{nodes:,} nodes"
    if c is not None:
        cn = int(c.result["nodes"])
        note += ", C the same" if cn == nodes else f", C {cn:,} (DIFFERENT)"
    rep.add(f"backtrack 6x6 from (1, 0), max_nodes={limit:,}", pkg, c, "C backtrack", note)
    # A full tour too: 5x5 from the corner, where the node counts must agree exactly.
    t5 = knight.solve(5, method="backtrack")
    pkg = _bench.measure(lambda: knight.solve(5, method="backtrack"), runs)
    c = _bench.run_program(bexe, [5, 5, 0, 0, 0, "--reps", 20], runs)
    note = f"{t5.nodes:,} nodes"
    if c is not None:
        ok = c.result["status"] == "found" and int(c.result["nodes"]) == t5.nodes
        note += ", C the same" if ok else f", C {c.result['nodes']} (DIFFERENT)"
    rep.add("backtrack 5x5 from (0, 0), full tour", pkg, c, "C backtrack", note)

    # --- the pure-Python references --------------------------------------------
    ref_runs = 1 if args.quick else _bench.MIN_RUNS
    nodes = all_starts(knight.solve)
    pkg = _bench.measure(lambda: all_starts(knight.solve), runs)
    ref = _bench.measure(lambda: all_starts(ref_solve), ref_runs, warmup=0)
    assert ref.result == nodes, "core and reference disagree"
    rep.add("10x10 all 100 starts, 100 x solve()", pkg, ref, "pure Python",
            f"{nodes:,} nodes")
    sweep = _bench.measure(lambda: knight.sweep(10, method="warnsdorff-backtrack"), runs)
    assert int(sweep.result["nodes"].sum()) == nodes
    rep.add("10x10 all 100 starts, sweep()", sweep, ref, "pure Python")
    core = _bench.Measured([float(sweep.result["seconds"].sum())], None,
                           sweep.load_before, sweep.load_after)
    rep.add("  of which in the core (sum of sweep seconds)", core, ref, "pure Python",
            "last sweep only")

    pkg = _bench.measure(lambda: greedy(100, (0, 2)), runs)
    ref = _bench.measure(lambda: greedy_ref(ref_solve, 100, (0, 2)), ref_runs, warmup=0)
    assert ref.result == pkg.result[1]
    rep.add("warnsdorff first 100x100 from (0, 2)", pkg, ref, "pure Python")

    small = 300_000
    pkg = _bench.measure(lambda: plain(knight.solve, small), runs)
    ref = _bench.measure(lambda: plain(ref_solve, small), ref_runs, warmup=0)
    assert pkg.result == ref.result
    rep.add(f"backtrack 6x6 from (1, 0), max_nodes={small:,}", pkg, ref, "pure Python")

    k = 200 if args.quick else 2000
    pkg = _bench.measure(lambda: [knight.solve(8) for _ in range(k)], runs, per=k)
    ref = _bench.measure(lambda: [ref_solve(8) for _ in range(50)], ref_runs, per=50,
                         warmup=0)
    rep.add("solve(8) auto, per call", pkg, ref, "pure Python")

    rep.finish()
    return 0


def greedy_ref(solve: Callable[..., Any], n: int, start: tuple[int, int]) -> int:
    try:
        return int(solve(n, start=start, method="warnsdorff").nodes)
    except knight.DeadEndError as exc:
        return int(exc.steps)


if __name__ == "__main__":
    raise SystemExit(main())

"""Boards as values (issue 19): the knight rectangle against the previous
release, holed boards and other pieces per search node, first calls of a
process and the allocation policy.

Run by hand from the repository root::

    python benchmarks/bench_board.py                     # everything, ~10 minutes
    python benchmarks/bench_board.py --quick             # smaller cases
    python benchmarks/bench_board.py --release-dir DIR   # build the release there once, reuse
    python benchmarks/bench_board.py --json out.json     # also write the rows

Every ratio is ``time / reference time`` with both measured in this run:

* **the release**: the previous release (``RELEASE`` below) is checked out
  from git into a temporary worktree (or ``--release-dir``) and built with
  ``setup.py build_ext --inplace``; the current tree and the release then run
  the same cases in fresh subprocesses, alternately (``PYTHONPATH`` pointing
  at each), each process timing one call after a warm-up: ``solve(8,
  method="warnsdorff")`` per call, plain backtracking 6x6 from (1, 0) at
  ``max_nodes=10**8`` and the 3000x3000 greedy dead end (``DeadEndError``).
  The target is a ratio of at most 1.05.  Without a compiler or git the rows
  say why they are skipped;
* **a holed board**: 100x100 less the first 1000 squares of a constructed
  tour, solved by Warnsdorff-ordered backtracking from the square of step
  1000 (next to the hole region), against the full 100x100 board;
* **time per node**: plain and ordered backtracking at a fixed node limit on
  holed boards (6x6 less one or two squares, 8x8 less four) and for the
  king (6x6) and the zebra (10x10), over the neighbour-table cores
  (``knight._core.table_search``), against the knight's offset cores
  (``knight._core.search``) on the full rectangle.  Where ``knight.solve``
  takes a :class:`knight.Board`, the rows go through ``solve`` instead;
* **first calls**: ``solve(10000, closed=True)`` and the 3000x3000 greedy dead
  end, the first call of a fresh process against the later calls of the same
  process, under each allocation policy (work arrays on transparent huge
  pages or not, numpy's board on huge pages or not); wall and CPU seconds.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

import knight

#: The release the knight rectangle is compared with: the commit before the
#: redesign of issue 25 (one Board, one planner); ``--release REV`` picks
#: another (3e2732e, the commit before the Board of issue 19).
RELEASE = "bdf4e4c"
ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.05


# --------------------------------------------------------------------------
# The cases run in subprocesses (current tree and release alike)


def _numpy_madvise(on: bool) -> None:
    try:
        from numpy._core import multiarray as ma
    except ImportError:  # numpy < 2
        from numpy.core import multiarray as ma  # type: ignore[no-redef]
    ma._set_madvise_hugepage(on)


def _dead_end_3000() -> int:
    try:
        knight.solve(3000, method="warnsdorff")
    except knight.DeadEndError as exc:
        return int(exc.steps)
    raise AssertionError("solve(3000, method='warnsdorff') from the corner found a tour")


def _plain_6(max_nodes: int) -> int:
    try:
        return int(knight.solve(6, start=(1, 0), method="backtrack", max_nodes=max_nodes).nodes)
    except knight.SearchLimitError as exc:
        return int(exc.nodes)


def _closed_10000() -> int:
    return int(knight.solve(10000, closed=True).board[0, 0])


def worker(case: str, arg: int, policy: str) -> dict[str, Any]:
    """One measurement in this (fresh) process; see :func:`run_worker`."""
    if case == "w8":
        def fn() -> int:
            for _ in range(arg):
                knight.solve(8, method="warnsdorff")
            return arg
        per = arg
    elif case == "bt6":
        def fn() -> int:
            return _plain_6(arg)
        per = 1
    elif case == "dead3000":
        fn, per = _dead_end_3000, 1
    elif case == "c10000":
        fn, per = _closed_10000, 1
    else:
        raise SystemExit(f"unknown worker case {case!r}")
    if policy != "default":
        huge_work = "work" in policy.split("+")
        huge_numpy = "numpy" in policy.split("+")
        _numpy_madvise(huge_numpy)
        from knight._core import search as core

        if not hasattr(core, "work_hugepages"):
            raise SystemExit("this tree has no knight._core.search.work_hugepages")
        core.work_hugepages(huge_work)
    walls: list[float] = []
    cpus: list[float] = []
    result = None
    # Call 0 is the process's first (cold); the rest are warm.
    for _ in range(1 + max(1, int(os.environ.get("BENCH_BOARD_WARM", "3")))):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append((time.perf_counter() - w) / per)
        cpus.append((time.process_time() - c) / per)
    return {"wall": walls, "cpu": cpus, "result": result,
            "knight": str(Path(knight.__file__).parent)}


def run_worker(src: Path, case: str, arg: int = 0, policy: str = "default",
               warm: int = 1) -> dict[str, Any]:
    """Run ``worker(case)`` in a fresh process with ``src`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(src), BENCH_BOARD_WARM=str(warm))
    res = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", case,
                          "--worker-arg", str(arg), "--policy", policy],
                         capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    for line in res.stdout.splitlines():
        if line.startswith("RESULT "):
            out: dict[str, Any] = json.loads(line[7:])
            if Path(out["knight"]).parent != src:
                raise RuntimeError(f"worker imported knight from {out['knight']}, not {src}")
            return out
    raise RuntimeError(f"worker {case} under {src} failed:\n{res.stdout}\n{res.stderr}")


# --------------------------------------------------------------------------
# The release, built from git


def build_release(where: str | None) -> Path | None:
    """The ``src`` directory of the release, built; None (with a message) if impossible."""
    def skip(why: str) -> None:
        print(f"NOTE: the rows against release {RELEASE} are skipped: {why}", flush=True)

    if _bench.compiler() is None:
        skip("no C compiler ($CC, cc, gcc, clang) to build it")
        return None
    if shutil.which("git") is None:
        skip("no git to check it out")
        return None
    if where is None:
        tmp = Path(tempfile.mkdtemp(prefix="knight-release-"))
        target = tmp / "tree"

        def cleanup() -> None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(target)], capture_output=True)
            shutil.rmtree(tmp, ignore_errors=True)
            subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)

        atexit.register(cleanup)
    else:
        target = Path(where).resolve()
    if not (target / "setup.py").exists():
        if target.exists() and any(target.iterdir()):
            skip(f"--release-dir {target} exists and is not a checkout of the package")
            return None
        res = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach",
                              str(target), RELEASE], capture_output=True, text=True)
        if res.returncode != 0:
            skip(f"git worktree add {RELEASE} failed: {res.stderr.strip()}")
            return None
    head = subprocess.run(["git", "-C", str(target), "rev-parse", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    if not head.startswith(RELEASE):
        skip(f"{target} is at {head or 'no commit'}, not {RELEASE}")
        return None
    src = target / "src"
    if not list((src / "knight" / "_core").glob("search*.so")) \
            and not list((src / "knight" / "_core").glob("search*.pyd")):
        print(f"building release {RELEASE} in {target} (a few minutes) ...", flush=True)
        t = time.perf_counter()
        res = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-j", "2"],
                             cwd=target, capture_output=True, text=True)
        if res.returncode != 0:
            skip(f"its build failed:\n{res.stderr[-2000:]}")
            return None
        print(f"  built in {time.perf_counter() - t:.0f} s", flush=True)
    return src


def versus_release(rep: _bench.Report, cur: Path, rel: Path | None, runs: int,
                   quick: bool) -> None:
    calls = 2000 if quick else 20000
    limit = 10**7 if quick else 10**8
    cases: list[tuple[str, str, int, str]] = [
        ("solve(8, warnsdorff) per call", "w8", calls, f"{calls} calls a process"),
        (f"backtrack 6x6 from (1, 0), max_nodes={limit:,}", "bt6", limit, ""),
        ("warnsdorff 3000x3000 dead end (DeadEndError)", "dead3000", 0, ""),
    ]
    ref_name = f"release {RELEASE}"
    for name, case, arg, note in cases:
        if rel is None:
            rep.add(name + " (current tree)", None, None, ref_name, note)
            continue
        mine: list[float] = []
        theirs: list[float] = []
        cpu: dict[Path, list[float]] = {cur: [], rel: []}
        results = set()
        before = _bench.load()
        for i in range(runs):
            order = [(cur, mine), (rel, theirs)]
            for src, out in order if i % 2 == 0 else order[::-1]:
                r = run_worker(src, case, arg, warm=1)
                out.append(r["wall"][-1])
                cpu[src].append(r["cpu"][-1])
                results.add(r["result"])
        after = _bench.load()
        # On a loaded machine the CPU seconds of the process are the steadier figure.
        note += (f"{'; ' if note else ''}CPU ratio "
                 f"{statistics.median(cpu[cur]) / statistics.median(cpu[rel]):.3f}")
        if len(results) != 1:
            note += f"; DIFFERENT results {sorted(results)}"
        else:
            note += (f"{'; ' if note else ''}result {results.pop():,}, same in both"
                     if case != "w8" else "")
        ratio = rep.add(name, _bench.Measured(mine, None, before, after),
                        _bench.Measured(theirs, None, before, after), ref_name,
                        note + f"; target <= {TARGET}")
        if ratio is not None and ratio > TARGET:
            rep.rows[-1]["note"] += " MISSED"


# --------------------------------------------------------------------------
# Holed boards and other pieces, per node


def solve_takes_board() -> bool:
    """Whether ``knight.solve`` accepts a :class:`knight.Board` yet."""
    try:
        knight.solve(knight.Board(5, holes=[(2, 2)]), start=(0, 0), method="backtrack",
                     max_nodes=10)
    except (knight.SearchLimitError, knight.NoTourError):
        return True
    except (TypeError, ValueError):
        return False
    return True


class Searcher:
    """Backtracking on a Board: through ``knight.solve`` when it takes a Board,
    else straight over the table core (neighbour table built beforehand)."""

    def __init__(self, board: knight.Board, via_solve: bool) -> None:
        self.board = board
        self.via_solve = via_solve
        self.nbr = board.neighbours()
        self.deg = board.degrees()
        self.steps = np.empty(board.size, dtype=np.int32)

    def run(self, start: tuple[int, int], ordered: bool, max_nodes: int,
            closed: bool = False) -> tuple[str, int]:
        if self.via_solve:
            method = "warnsdorff-backtrack" if ordered else "backtrack"
            try:
                t = knight.solve(self.board, start=start, method=method, closed=closed,
                                 max_nodes=max_nodes or None)
                return "found", int(t.nodes)
            except knight.SearchLimitError as exc:
                return "node limit", int(exc.nodes)
            except knight.NoTourError:
                # Refused before any search (say by colour counts): time the core instead.
                status, nodes = self._core(start, ordered, max_nodes, closed)
                return f"solve refuses at once; table core: {status}", nodes
        return self._core(start, ordered, max_nodes, closed)

    def _core(self, start: tuple[int, int], ordered: bool, max_nodes: int,
              closed: bool) -> tuple[str, int]:
        from knight._core import table_search

        status, nodes, _ = table_search.backtrack(self.steps, self.nbr, self.deg,
                                                  int(self.board.index[start]), ordered,
                                                  closed, max_nodes, 0.0)
        return STATUS.get(status, str(status)), int(nodes)


def knight_core(rows: int, cols: int, start: tuple[int, int], ordered: bool,
                max_nodes: int) -> tuple[str, int]:
    """The knight's offset core on the full rectangle (no solve() around it)."""
    from knight._core import search as core
    from knight.search import order_array

    board = np.empty((rows, cols), dtype=np.int32)
    status, nodes, _ = core.backtrack(board, order_array(knight.DEFAULT_ORDER), start[0],
                                      start[1], ordered, False, max_nodes, 0.0)
    return STATUS.get(status, str(status)), int(nodes)


STATUS = {0: "found", 1: "exhausted", 2: "node limit", 3: "time limit", 4: "dead end"}


def per_node(rep: _bench.Report, name: str, fn: Callable[[], tuple[str, int]],
             ref: _bench.Measured | None, ref_name: str, runs: int,
             note: str = "") -> _bench.Measured:
    outcome, nodes = fn()
    # Per 1000 nodes: the table prints microseconds to two decimals.
    m = _bench.measure(fn, runs, warmup=0, per=max(1, nodes) / 1000)
    rep.add(name + ", per 1000 nodes", m, ref, ref_name,
            f"{outcome}, {nodes:,} nodes" + (f"; {note}" if note else ""))
    return m


def holed_rows(rep: _bench.Report, runs: int, quick: bool) -> None:
    """Time per node at a node limit: every search below runs to the limit."""
    via = solve_takes_board()
    how = "solve(Board)" if via else "table core"
    limit = 10**6 if quick else 10**7

    # References: the knight's offset cores on full rectangles, searches that run to
    # the limit.  Plain: 6x6 from (1, 0) (as bench_search).  Ordered: 7x7 from (0, 1),
    # a square of the minority colour, from which no open tour starts (the ordered
    # search finds 8x8 tours at once, in 64 nodes, so it cannot time a node there).
    plain_ref = per_node(rep, f"knight core 6x6 plain from (1, 0), max_nodes={limit:,}",
                         lambda: knight_core(6, 6, (1, 0), False, limit), None, "", runs)
    ordered_ref = per_node(rep, f"knight core 7x7 ordered from (0, 1), max_nodes={limit:,}",
                           lambda: knight_core(7, 7, (0, 1), True, limit), None, "", runs)
    refs = {False: (plain_ref, "knight core 6x6 plain"),
            True: (ordered_ref, "knight core 7x7 ordered")}
    # (label, board, start, ordered, closed)
    cases: list[tuple[str, knight.Board, tuple[int, int], bool, bool]] = [
        ("6x6 full", knight.Board(6), (1, 0), False, False),
        ("6x6 less (5, 5)", knight.Board(6, holes=[(5, 5)]), (1, 0), False, False),
        ("6x6 less (2, 2), (3, 3)", knight.Board(6, holes=[(2, 2), (3, 3)]), (1, 0),
         False, False),
        ("7x7 full", knight.Board(7), (0, 1), True, False),
        # Four squares of one colour: no tour, so the search runs to the limit.
        ("8x8 less 4 of one colour", knight.Board(8, holes=[(3, 3), (4, 4), (0, 2), (7, 5)]),
         (0, 1), True, False),
        ("8x8 less 4 of one colour", knight.Board(8, holes=[(3, 3), (4, 4), (0, 2), (7, 5)]),
         (0, 1), False, False),
    ]
    # Other pieces.  The king finds tours at once on open boards; with its corner cut
    # off (three holes) there is none and the search runs to the limit.
    king = knight.Board(6, moves="king", holes=[(0, 1), (1, 0), (1, 1)])
    zebra = knight.Board(10, moves="zebra")
    for ordered in (False, True):
        cases.append(("6x6 king, corner cut off", king, (5, 5), ordered, False))
        cases.append(("10x10 zebra closed", zebra, (0, 0), ordered, True))
    searchers: dict[int, Searcher] = {}
    for label, board, start, ordered, closed in cases:
        s = searchers.setdefault(id(board), Searcher(board, via))
        ref, ref_name = refs[ordered]
        kind = "ordered" if ordered else "plain"
        per_node(rep, f"{how} {label} {kind} from {start}",
                 lambda s=s, st=start, o=ordered, c=closed: s.run(st, o, limit, c),
                 ref, ref_name, runs)


def big_holed_row(rep: _bench.Report, runs: int) -> None:
    via = solve_takes_board()
    tour = knight.solve(100, method="construct")
    path = tour.path
    holes = [tuple(map(int, sq)) for sq in path[:1000]]
    start = tuple(map(int, path[1000]))
    t = time.perf_counter()
    board = knight.Board(100, holes=holes)
    s = Searcher(board, via)
    table = time.perf_counter() - t
    limit = 10**7
    outcome, nodes = s.run(start, True, limit)
    m = _bench.measure(lambda: s.run(start, True, limit), runs)
    full = Searcher(knight.Board(100), via)
    fm = _bench.measure(lambda: full.run(start, True, limit), runs)
    fo, fn = fm.result
    how = "knight.solve(Board)" if via else "table core"
    rep.add(f"{how} 100x100 less 1000 tour squares, ordered from {start}", m,
            fm, "the same on the full 100x100",
            f"{outcome}, {nodes:,} nodes (full: {fo}, {fn:,}); Board + table "
            f"{table * 1e3:.1f} ms")


# --------------------------------------------------------------------------
# First calls and the allocation policy


POLICIES = [
    ("default", "as shipped"),
    ("work+numpy", "work arrays and numpy's board on huge pages"),
    ("numpy", "work arrays malloc'd, numpy's board on huge pages"),
    ("work", "work arrays on huge pages, numpy's madvise off"),
    ("none", "no huge-page advice at all"),
]


def cold_rows(rep: _bench.Report, cur: Path, runs: int, quick: bool) -> None:
    from knight._core import search as core

    policies = POLICIES if hasattr(core, "work_hugepages") else POLICIES[:1]
    cases = [("warnsdorff 3000x3000 dead end", "dead3000")]
    if not quick:
        cases.insert(0, ("solve(10000, closed=True)", "c10000"))
    for label, case in cases:
        for policy, what in policies:
            first: list[float] = []
            later: list[float] = []
            cfirst: list[float] = []
            clater: list[float] = []
            before = _bench.load()
            for _ in range(runs):
                r = run_worker(cur, case, 0, policy, warm=3)
                first.append(r["wall"][0])
                later.append(statistics.median(r["wall"][1:]))
                cfirst.append(r["cpu"][0])
                clater.append(statistics.median(r["cpu"][1:]))
            after = _bench.load()
            cold = _bench.Measured(first, None, before, after)
            warm = _bench.Measured(later, None, before, after)
            rep.add(f"{label}, first call [{policy}]", cold, warm,
                    "later calls, same process",
                    f"{what}; CPU {statistics.median(cfirst):.3f} s first, "
                    f"{statistics.median(clater):.3f} s later")


def main(argv: list[str] | None = None) -> int:
    global RELEASE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(parser, runs=5)
    parser.add_argument("--release", metavar="REV", default=RELEASE,
                        help=f"the commit to compare with (default: {RELEASE})")
    parser.add_argument("--release-dir", metavar="DIR",
                        help=f"build release {RELEASE} in DIR (a git worktree) and keep it, "
                             "or reuse the build already there; default: a temporary "
                             "directory, removed at exit")
    parser.add_argument("--no-release", action="store_true",
                        help="skip the rows against the release")
    parser.add_argument("--only", choices=["release", "holed", "cold"], action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--worker-arg", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--policy", default="default", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    RELEASE = args.release
    if args.worker:
        print("RESULT " + json.dumps(worker(args.worker, args.worker_arg, args.policy)),
              flush=True)
        return 0
    runs = _bench.runs_of(args)
    parts = set(args.only or ["release", "holed", "cold"])
    rep = _bench.Report("bench_board: boards as values, the release, first calls", args)
    cur = Path(knight.__file__).resolve().parent.parent
    if "release" in parts:
        rel = None if args.no_release else build_release(args.release_dir)
        versus_release(rep, cur, rel, runs, args.quick)
    if "holed" in parts:
        big_holed_row(rep, runs)
        holed_rows(rep, runs, args.quick)
    if "cold" in parts:
        cold_rows(rep, cur, runs, args.quick)
    print(POLICY_NOTE)
    rep.finish()
    return 0


POLICY_NOTE = """\
Allocation policy (knight_alloc in src/knight/_core/search.pyx, where the figures are):
work arrays of 4 MiB and more keep MADV_HUGEPAGE and numpy keeps its own huge-page
advice on the boards.  Measured in fresh processes (CPU s, first call / later calls):
solve(10000, closed=True) 0.26/0.23 as shipped, 0.47/0.47 with numpy's advice off;
3000x3000 greedy dead end 0.33/0.33 as shipped, 0.38/0.39 with no advice at all.
Dropping the advice made first calls slower, not faster, and later ones up to 2x
slower; the "first call" rows above are this run's figures for each policy."""


if __name__ == "__main__":
    raise SystemExit(main())

"""Fuzz the public API with random valid and invalid arguments, and check every limit.

Each call picks an entry point (solve, exists, why_not, start_squares, count,
tours, verify, sweep, compare) and arguments from a fixed seed: board sizes
from 1x1 to past the int32 limit, squares on and off the board, chess
names, wrong types, bad methods, limits valid and not.  Every call that
could run long gets a ``timeout``, and is checked against its bound:

* a call with ``timeout=T`` returns (or raises) within T + 0.5 s, planning
  included (sweep and compare: T per run, so runs x T + 0.5 s);
* it raises nothing but the documented classes: ``knight.KnightError``
  and its subclasses, ``TypeError`` and ``ValueError``;
* a count leaves no worker process behind;
* a call that runs past its bound by 30 s is a hang: the process prints
  every thread's stack and exits (faulthandler, status 1), as it does on a crash.

    python scripts/fuzz_api.py --calls 2000 --seed 1

SIGTERM (``timeout 600 python scripts/fuzz_api.py --calls 100000``) ends the
run after the current call, with the figures so far.  It prints the figures
(calls, rate, overruns, exceptions outside the documented classes, leaked
processes) and exits 1 if any check failed.
tests/limits/test_limits.py runs a short fixed-seed run.
"""

from __future__ import annotations

import argparse
import faulthandler
import itertools
import math
import multiprocessing
import operator
import os
import random
import signal
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

import knight

#: Slack over a timeout that a call may take (the issue's bound).
SLACK = 0.5
#: Past its bound by this much, a call is a hang: dump stacks and exit.
HANG = 30.0

DOCUMENTED = (knight.KnightError, TypeError, ValueError)

METHODS = ["auto", "backtrack", "warnsdorff", "warnsdorff-backtrack", "construct"]
COUNT_METHODS = ["auto", "dp", "search"]


class Args:
    """Random arguments, valid most of the time."""

    def __init__(self, rng: random.Random, max_timeout: float,
                 max_squares: int | None = None) -> None:
        self.rng = rng
        self.max_timeout = max_timeout
        self.max_squares = max_squares

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def size(self, big: int = 60) -> Any:
        r = self.rng.random()
        if r < 0.55:
            return self.rng.randint(1, 10)
        if r < 0.8:
            return self.rng.randint(1, big)
        if r < 0.88:
            return self.rng.choice([10**3, 3000, 10**5, 10**9, 2**31, 2**64])
        return self.rng.choice([0, -1, -(2**64), 2.5, "8", True, None, np.int64(6),
                                np.uint8(5), float("nan"), [8], 8.0, "٨"])

    def board(self, big: int = 60) -> tuple[Any, Any]:
        rows = self.size(big)
        cols = None if self.chance(0.4) else self.size(big)
        return rows, cols

    def square(self, rows: Any, cols: Any) -> Any:
        r = self.rng.random()
        rr = rows if isinstance(rows, int) and not isinstance(rows, bool) and rows > 0 else 8
        cc = cols if isinstance(cols, int) and not isinstance(cols, bool) and cols > 0 else rr
        if r < 0.6:
            return (self.rng.randrange(min(rr, 10**6)), self.rng.randrange(min(cc, 10**6)))
        if r < 0.7:
            return self.rng.choice(["a1", "e4", "h8", "z9", "a0", "", "e44"])
        return self.rng.choice([(rr, 0), (-1, 0), (0,), (0, 0, 0), 1.5, "0 0", (0.0, 1),
                                (True, 0), np.array([0, 1]), [0, 1], None])

    def flag(self) -> Any:
        if self.chance(0.93):
            return self.chance(0.5)
        return self.rng.choice([1, 0, "yes", None, np.bool_(True)])

    def timeout(self) -> Any:
        if self.chance(0.94):
            return round(self.rng.uniform(0.001, self.max_timeout), 3)
        return self.rng.choice([0, -1, float("nan"), float("inf"), "1", True, 10**400])

    def max_nodes(self) -> Any:
        if self.chance(0.6):
            return None
        if self.chance(0.9):
            return self.rng.choice([1, 10, 1000, 10**5, 10**7, 2**63, 2**80])
        return self.rng.choice([0, -5, 2.0, "10", True])

    def order(self) -> Any:
        if self.chance(0.8):
            return None
        moves = list(knight.DEFAULT_ORDER)
        if self.chance(0.7):
            self.rng.shuffle(moves)
            return moves
        return self.rng.choice([moves[:7], moves + moves[:1], [(1, 1)] * 8, "abc", 5])

    def method(self, choices: list[str]) -> Any:
        if self.chance(0.93):
            return self.rng.choice(choices)
        return self.rng.choice(["", "AUTO", "dfs", None, 3])

    def cancel(self) -> Any:
        r = self.rng.random()
        if r < 0.85:
            return None
        if r < 0.92:
            return knight.Cancel()
        if r < 0.96:
            token = knight.Cancel()
            token.set()
            return token
        return self.rng.choice([threading.Event(), "stop", 1])


def bound_of(timeout: Any, runs: int = 1) -> float | None:
    """The wall-clock bound of a call given ``timeout`` (None: not time-bounded)."""
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        return None
    try:
        seconds = float(timeout)
    except OverflowError:
        return None
    if not math.isfinite(seconds) or seconds <= 0:
        return None
    return runs * seconds + SLACK


def squares(rows: Any, cols: Any) -> int:
    """The squares of a valid board size, else 0."""
    sides = [rows, rows if cols is None else cols]
    if all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v > 0
           for v in sides):
        return int(sides[0]) * int(sides[1])
    return 0


def call_solve(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = a.board(big=2000)
    while a.max_squares is not None and squares(rows, cols) > a.max_squares:
        rows, cols = a.board(big=2000)
    kw: dict[str, Any] = {"start": a.square(rows, cols), "closed": a.flag(),
                          "method": a.method(METHODS), "timeout": a.timeout()}
    if a.chance(0.3):
        kw["max_nodes"] = a.max_nodes()
    if a.chance(0.2):
        kw["order"] = a.order()
    if a.chance(0.15):
        kw["tie_break"] = a.rng.choice(["first", "random", "roth", "pohl", "best"])
    if a.chance(0.1):
        kw["seed"] = a.rng.choice([0, 7, 2**64, -1, "s"])
    if a.chance(0.05):
        kw["trace"] = a.rng.choice([lambda event: None, "print", 3])
    if a.chance(0.1):
        kw["cancel"] = a.cancel()

    def run() -> Any:
        tour = knight.solve(rows, cols, **kw)
        if tour.rows * tour.cols <= 10**5 and not knight.is_tour(tour):
            raise AssertionError(f"solve returned a board that is not a tour: {tour!r}")
        return tour

    return "solve", run, bound_of(kw["timeout"]), dict(rows=rows, cols=cols, **kw)


def call_existence(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = a.board(big=10**6)
    name = a.rng.choice(["exists", "why_not", "start_squares"])
    kw: dict[str, Any] = {"closed": a.flag()}
    if name != "start_squares" and a.chance(0.6):
        kw["start"] = a.square(rows, cols)
    fn = getattr(knight, name)

    def run() -> Any:
        got = fn(rows, cols, **kw)
        if name == "exists" and got != (knight.why_not(rows, cols, **kw) is None):
            raise AssertionError("exists and why_not disagree")
        return got

    # Answers "in microseconds for any board": bounded without a timeout.
    return name, run, 2.0, dict(rows=rows, cols=cols, **kw)


def call_count(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = a.board(big=40)
    kw: dict[str, Any] = {"closed": a.flag(), "method": a.method(COUNT_METHODS),
                          "timeout": a.timeout()}
    if a.chance(0.4):
        kw["start"] = a.square(rows, cols)
    if a.chance(0.15):
        kw["end"] = a.square(rows, cols)
    if a.chance(0.1):
        kw["directed"] = a.flag()
    if a.chance(0.12):
        kw["workers"] = a.rng.choice([1, 2, 3, 1000, 2**64, 0, -1, 2.0])
    if a.chance(0.05):
        kw["max_memory"] = a.rng.choice([1, 10**6, 2**40, 0, -3, "1G"])
    if a.chance(0.08):
        kw["cancel"] = a.cancel()
    if a.chance(0.05):
        rows, cols = a.rng.choice([(3, 10**5), (3, 10**6), (5, 10**4), (50, None), (14, None)])

    def run() -> Any:
        n = knight.count(rows, cols, **kw)
        if type(n) is not int or n < 0:
            raise AssertionError(f"count returned {n!r}")
        return n

    return "count", run, bound_of(kw["timeout"]), dict(rows=rows, cols=cols, **kw)


def call_tours(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = a.board(big=40)
    kw: dict[str, Any] = {"closed": a.flag(), "timeout": a.timeout()}
    if a.chance(0.5):
        kw["start"] = a.square(rows, cols)
    if a.chance(0.1):
        kw["end"] = a.square(rows, cols)
    if a.chance(0.1):
        kw["directed"] = a.flag()
    if a.chance(0.7):
        kw["limit"] = a.rng.choice([0, 1, 3, 100, -1, 2.5, None])
    if a.chance(0.05):
        kw["cancel"] = a.cancel()
    take = a.rng.choice([1, 5, 50])

    def run() -> Any:
        got = list(itertools.islice(knight.tours(rows, cols, **kw), take))
        for tour in got[:3]:
            if not knight.is_tour(tour):
                raise AssertionError("tours yielded a board that is not a tour")
        return len(got)

    return "tours", run, bound_of(kw["timeout"]), dict(rows=rows, cols=cols, take=take, **kw)


def call_verify(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    r = a.rng.random()
    n = a.rng.randint(1, 9)
    if r < 0.4:
        board = knight.solve(n if n >= 5 else 5).board.copy()
        if a.chance(0.6):
            i, j = a.rng.randrange(board.shape[0]), a.rng.randrange(board.shape[1])
            board[i, j] = a.rng.choice([-1, 0, board.size, int(board[0, 0])])
        obj: Any = board if a.chance(0.7) else board.tolist()
    elif r < 0.6:
        obj = knight.solve(6).path.copy()
        if a.chance(0.5):
            obj[a.rng.randrange(len(obj))] = (a.rng.randrange(7), a.rng.randrange(7))
    elif r < 0.85:
        obj = np.asarray(a.rng.choice([[[0]], [[0, 1]], [], [[]], [[0, 1], [2]], "tour",
                                       None, 5, [[1.5, 0]], [[2**70]]]), dtype=object)
        if a.chance(0.5):
            obj = obj.tolist()
    else:
        obj = np.array([[a.rng.randrange(-3, 30) for _ in range(n)] for _ in range(n)])
    kw: dict[str, Any] = {}
    if a.chance(0.3):
        kw["closed"] = a.rng.choice([True, False, None, 1, "x"])
    if a.chance(0.15):
        kw["shape"] = a.rng.choice([(6, 6), (5, 5), (0, 0), "6x6", (6,), None])
    fn = knight.verify if a.chance(0.6) else knight.is_tour
    return fn.__name__, lambda: fn(obj, **kw), 2.0, dict(obj=repr(obj)[:60], **kw)


def small_board(a: Args, most: int) -> tuple[Any, Any]:
    """A board of at most ``most`` squares when its size is valid (one run per
    start or method: a sweep of 1000x1000 is 10**6 runs, each bounded)."""
    rows, cols = a.board(big=12)
    while squares(rows, cols) > most:
        rows, cols = a.board(big=12)
    return rows, cols


def start_count(rows: Any, cols: Any) -> int:
    """How many starts a sweep of rows x cols runs (1 for a size sweep
    refuses); numpy integers count as the library takes them."""
    try:
        r = operator.index(rows)
        c = r if cols is None else operator.index(cols)
    except TypeError:
        return 1
    return r * c if not isinstance(rows, bool) and r > 0 and c > 0 else 1


def call_sweep(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = small_board(a, 144)
    kw: dict[str, Any] = {"closed": a.flag(), "method": a.method(METHODS)}
    timeout = round(a.rng.uniform(0.001, 0.02), 3) if a.chance(0.9) else a.timeout()
    if a.chance(0.7):
        kw["timeout"] = timeout
    if a.chance(0.3):
        # Without a timeout, only bounds that end: max_nodes=None (or 2**80)
        # asks for an unbounded sweep, on purpose.
        kw["max_nodes"] = a.max_nodes() if "timeout" in kw else \
            a.rng.choice([1, 1000, 10**5, 10**6, 0, "10"])
    if a.chance(0.1):
        kw["cancel"] = a.cancel()
    runs = start_count(rows, cols)
    bound = bound_of(kw.get("timeout"), runs)
    if bound is None and "timeout" not in kw:
        # No timeout: each start stops at sweep's node bound (~50 ms of core).
        bound = runs * 0.3 + SLACK
    return "sweep", lambda: knight.sweep(rows, cols, **kw), bound, dict(rows=rows, cols=cols,
                                                                        **kw)


def call_compare(a: Args) -> tuple[str, Callable[[], Any], float | None, dict[str, Any]]:
    rows, cols = small_board(a, 10**4)
    kw: dict[str, Any] = {"start": a.square(rows, cols), "closed": a.flag(),
                          "timeout": round(a.rng.uniform(0.001, 0.05), 3)
                          if a.chance(0.9) else a.timeout()}
    if a.chance(0.2):
        kw["methods"] = a.rng.choice([["backtrack"], ["auto", "construct"], ["nope"], "auto"])
    if a.chance(0.1):
        kw["cancel"] = a.cancel()
    methods = kw.get("methods")
    runs = len(methods) if isinstance(methods, list) else len(METHODS)
    return "compare", lambda: knight.compare(rows, cols, **kw), bound_of(kw["timeout"], runs), \
        dict(rows=rows, cols=cols, **kw)


CALLS = [call_solve, call_existence, call_count, call_tours, call_verify, call_sweep,
         call_compare]
WEIGHTS = [3, 2, 3, 2, 2, 1, 1]


def timed(run: Callable[[], Any], watchdog: float | None,
          ) -> tuple[Any, BaseException | None, float, float]:
    """Run ``run()``: (its result or None, the exception it raised or None,
    wall-clock seconds, this process's CPU seconds).  Past ``watchdog``
    seconds (None: no watchdog) the call is a hang: faulthandler prints
    every thread's stack and ends the process.  KeyboardInterrupt passes."""
    if watchdog is not None:
        faulthandler.dump_traceback_later(min(watchdog, 3600.0), exit=True)
    t0, c0 = time.perf_counter(), time.process_time()
    result: Any = None
    error: BaseException | None = None
    try:
        result = run()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        error = exc
    finally:
        took = time.perf_counter() - t0
        cpu = time.process_time() - c0
        if watchdog is not None:
            faulthandler.cancel_dump_traceback_later()
    return result, error, took, cpu


def children() -> list[Any]:
    """Live child processes (multiprocessing's view, which reaps the finished)."""
    return multiprocessing.active_children()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=1000, help="how many calls (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--max-timeout", type=float, default=0.3,
                   help="largest timeout given to a call, seconds (default 0.3)")
    p.add_argument("--max-squares", type=int,
                   help="largest board solve() is given (default: up to 10**9 squares, where "
                        "the search cores' set-up, O(squares), runs before their first poll "
                        "of the deadline)")
    p.add_argument("--verbose", action="store_true", help="print every call")
    args = p.parse_args(argv)
    faulthandler.enable()
    rng = random.Random(args.seed)
    a = Args(rng, args.max_timeout, args.max_squares)
    outcomes: Counter[str] = Counter()
    overruns: list[str] = []
    cpu_overruns: list[str] = []
    unexpected: list[str] = []
    leaked: list[str] = []
    began = time.perf_counter()
    stop = []

    def on_term(signum: int, frame: Any) -> None:
        stop.append(signum)  # finish the call, then report what was done

    signal.signal(signal.SIGTERM, on_term)
    done = 0
    for i in range(args.calls):
        if stop:
            break
        if i and i % 1000 == 0:
            print(f"... {i} calls, {len(overruns)} overruns, {len(unexpected)} undocumented, "
                  f"{time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
        name, run, bound, shown = rng.choices(CALLS, WEIGHTS)[0](a)
        what = f"#{i} {name}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"
        if args.verbose:
            print(what, flush=True)
        _, exc, took, cpu = timed(run, None if bound is None else bound + HANG)
        if exc is None:
            outcomes[f"{name}: ok"] += 1
        elif isinstance(exc, DOCUMENTED):
            outcomes[f"{name}: {type(exc).__name__}"] += 1
        else:
            outcomes[f"{name}: {type(exc).__name__} (undocumented)"] += 1
            unexpected.append(f"{what}\n    {''.join(traceback.format_exception(exc))}")
        if bound is not None and took > bound:
            overruns.append(f"{what}: {took:.3f} s > {bound:.3f} s (CPU {cpu:.3f} s)")
            print(f"overrun: {overruns[-1]}", file=sys.stderr, flush=True)
            # On a loaded machine a call can pass its wall-clock bound while
            # waiting for a CPU; one whose own CPU time passed the bound too
            # overran whatever the load (count's worker processes not included).
            if cpu > bound:
                cpu_overruns.append(overruns[-1])
        if name == "count" and children():
            leaked.append(f"{what}: {len(children())} child processes left")
        done += 1
    seconds = time.perf_counter() - began
    print(f"{done} calls in {seconds:.1f} s ({done / seconds:.1f} calls/s), seed {args.seed}"
          + (" (stopped by SIGTERM)" if stop else ""))
    for key, k in sorted(outcomes.items()):
        print(f"  {key:48} {k}")
    print(f"crashes: 0 (the run finished); hangs: 0 (none past its bound + {HANG:g} s)")
    print(f"overruns (past T + {SLACK} s): {len(overruns)}")
    for line in overruns:
        print("  " + line)
    print(f"  of which past the bound in this process's CPU time too: {len(cpu_overruns)} "
          f"(load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())})")
    print(f"exceptions outside the documented classes: {len(unexpected)}")
    for line in unexpected:
        print("  " + line)
    print(f"leaked worker processes: {len(leaked)}")
    for line in leaked:
        print("  " + line)
    return 1 if overruns or unexpected or leaked else 0


if __name__ == "__main__":
    sys.exit(main())

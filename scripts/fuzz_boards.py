"""Fuzz boards, clues, puzzles, random tours, every limit and the command line.

scripts/fuzz_api.py fuzzes the entry points on plain rectangles; this
harness covers the rest of the surface (issue 26), with its argument makers
and its timed, watched call:

* ``knight.Board`` with holes, named pieces, (a, b) leapers and offset
  lists (huge ones too: (2**31, 1), (10**30, 1)), cylinder and torus;
* solve, exists, why_not, start_squares, end_squares, count and tours on
  them, with start=, end=, closed=, directed= and clues= (read off a tour,
  random, impossible, or malformed);
* ``knight.puzzle``: make from seeds, solve, count, a Puzzle given a
  solution (the check), text and JSON round trips, odd text (non-ASCII
  digits, 5000-digit numbers, odd headers);
* ``knight.random_tour`` and ``knight.TourSampler`` (seeds, max_states up to
  2**70, methods);
* limits on every call that takes them: timeout=, max_nodes=, cancel= (a
  knight.Cancel set by a threading.Timer), limit= (up to 2**70), and bad
  values, which must raise even where theory answers at once;
* the command line: ``python -m knight ...`` in a subprocess.

Checks on every call:

1. timeout=T: it returns or raises within T + 10% + 0.5 s (a tours()
   generator consumed to its end); a cancel is honoured within 0.1 s +
   --cancel-slack.  A call past its bound is run again: a second overrun is
   a finding, one that does not repeat is counted as load noise;
2. only knight.KnightError, TypeError and ValueError escape; a documented
   class carrying a raw Python message (int()'s "invalid literal", "Exceeds
   the limit (4300 digits)", "out of bounds for int32") is a finding too;
   arguments the harness knows to be bad must raise TypeError or
   ValueError, arguments it knows to be good must not;
3. every tour returned is checked by knight.is_tour and, independently,
   against the moves tests/brute.py computes (squares, moves, start, end,
   closing move, clues), and on boards of at most 14 squares every answer is
   compared with brute.Truth (exhaustive path counts; clues by brute
   enumeration), on 15 to 18 squares existence with brute's depth-first
   search;
4. no child process or thread is left behind;
5. a call past its bound by --hang seconds is a hang: faulthandler dumps
   every stack and ends the worker process; the supervisor records the hang
   (or a crash) and starts a new worker at the next call.

    python scripts/fuzz_boards.py --calls 500 --seed 1
    python scripts/fuzz_boards.py --seed 1 --only 17      # call 17 alone, shown in full

Each call draws its arguments from ``random.Random(f"{seed}:{call}")``, so
``--only`` reproduces one call alone; ``--corners`` first runs one call of
each kind issue 26 reported (their ids c0, c1, ...).  The run prints the
calls by kind and outcome, the findings by kind, each distinct one with a
reproducer line, and exits 1 if there are any.  tests/limits/test_limits.py runs a
short fixed-seed run.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT / "tests")]

import fuzz_api as api  # noqa: E402  (the shared machinery: argument makers, timed calls)

import knight  # noqa: E402
from brute import (  # noqa: E402  (the independent brute force of the tests)
    PIECE_OFFSETS,
    Truth,
    adjacency,
    find_path,
    find_path_between,
    hamiltonian_paths,
    leaper_offsets,
)
from knight.puzzle import Puzzle  # noqa: E402

#: The share of T a call with timeout=T may take past it, besides api.SLACK.
OVER = 0.10
#: The bound on calls that promise none (puzzle.make, random_tour, small boards):
#: a call past it by --hang is a hang all the same.
UNBOUNDED = 20.0
#: Seconds a ``python -m knight`` process may take to start, past its own bound.
STARTUP = 2.5
#: Boards up to this many squares get every answer compared with brute.Truth.
TRUTH_SQUARES = 14
#: Boards up to this many squares get existence from brute's depth-first search.
SEARCH_SQUARES = 18
#: Clued answers are enumerated by brute when the board has at most this many
#: Hamiltonian paths in all.
ENUMERATE_PATHS = 20_000

#: Raw messages of Python and numpy: a documented exception carrying one
#: reached the user from an unchecked conversion.
RAW = re.compile(
    r"invalid literal for int\(\)|Exceeds the limit \(\d+ digits\)|out of bounds for int"
    r"|too large to convert|cannot be interpreted as an integer|unsupported operand"
    r"|is not subscriptable|has no attribute|is not iterable|index out of range"
    r"|unhashable type|cannot convert float|could not convert string"
    r"|not supported between instances|takes \d+ positional argument")

PIECES = ["knight", "king", "wazir", "zebra", "giraffe", "ferz", "dabbaba", "camel", "alfil",
          "hopido", "gnu", "antelope"]
DP_PIECES = ("knight", "king", "wazir", "ferz", "dabbaba")
def _too_long(moves: Any) -> bool:
    """Whether a move set has an offset past knight.board.MAX_OFFSET (refused by Board)."""
    from knight.board import MAX_OFFSET
    pairs = [moves] if isinstance(moves, tuple) else list(moves)
    return any(abs(int(v)) > MAX_OFFSET for pair in pairs for v in pair)


HUGE_MOVES: list[Any] = [(2**31, 1), (2**31 - 1, 1), (10**30, 1), (1, 2**32), (2**63, 1),
                         (2**64, 2**64 + 1), [(2**31, 0), (-(2**31), 0), (0, 1), (0, -1)]]
ODD_DIGITS = ["\u0661", "\u00b2", "\u06f3", "\uff11", "\U0001d7d9", "\u2163", "\u00bd"]


# -- the board and the call, as data that can be shown ------------------------------------


class Literal:
    """A value shown as the Python text given (a Cancel, a Timer's token)."""

    def __init__(self, value: Any, text: str) -> None:
        self.value, self.text = value, text


def show(v: Any) -> str:
    """``v`` as Python text that rebuilds it (numbers as powers, runs as products)."""
    if isinstance(v, Literal):
        return v.text
    if isinstance(v, Spec):
        return v.text()
    if isinstance(v, np.bool_):
        return f"np.bool_({bool(v)})"
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, np.integer):
        return f"np.{type(v).__name__}({int(v)})"
    if isinstance(v, int):
        if v < 0:
            return "-" + show(-v)
        if v >= 2**16 and v & (v - 1) == 0:
            return f"2**{v.bit_length() - 1}"
        if v >= 2**16 and (v + 1) & v == 0:
            return f"2**{v.bit_length()} - 1"
        k = len(str(v)) - 1
        if v >= 10**9 and v == 10**k:
            return f"10**{k}"
        return repr(v)
    if isinstance(v, float):
        return f"float({str(v)!r})" if not math.isfinite(v) else repr(v)
    if isinstance(v, str):
        if len(v) > 60:
            parts, text = [], ""
            for run, ch in re.findall(r"((.)\2*)", v, re.S):
                if len(run) < 8:
                    text += run
                    continue
                parts += [ascii(text)] if text else []
                parts.append(f"{ascii(ch)} * {len(run)}")
                text = ""
            return " + ".join(parts + ([ascii(text)] if text else []))
        return ascii(v)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{show(k)}: {show(x)}" for k, x in v.items()) + "}"
    if isinstance(v, tuple):
        return "(" + ", ".join(map(show, v)) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ", ".join(map(show, v)) + "]"
    return repr(v)


def call_text(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    parts = [show(a) for a in args] + [f"{k}={show(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def plain(v: Any) -> Any:
    """The value a Literal stands for."""
    return v.value if isinstance(v, Literal) else v


@dataclass(frozen=True)
class Spec:
    """The arguments of a knight.Board, built inside the call (so that its
    construction is checked as the call is)."""

    rows: Any
    cols: Any = None
    holes: Any = None
    moves: Any = "knight"
    wrap: Any = None

    def kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {}
        if self.holes is not None:
            kw["holes"] = self.holes
        if not (isinstance(self.moves, str) and self.moves == "knight"):
            kw["moves"] = self.moves
        if self.wrap is not None:
            kw["wrap"] = self.wrap
        return kw

    def build(self) -> knight.Board:
        args = (self.rows,) if self.cols is None else (self.rows, self.cols)
        return knight.Board(*args, **self.kwargs())

    def text(self) -> str:
        args = (self.rows,) if self.cols is None else (self.rows, self.cols)
        return call_text("knight.Board", args, self.kwargs())

    def offsets(self) -> tuple[tuple[int, int], ...] | None:
        """The moves as the issue defines them, without the package: a
        piece's (a, b) leapers each way round, a pair's, or the list given."""
        m = self.moves
        if isinstance(m, str) and m.lower() in PIECE_OFFSETS:
            return PIECE_OFFSETS[m.lower()]
        if isinstance(m, str) and m.lower() in knight.board.PIECES:
            return tuple(sorted({o for a, b in knight.board.PIECES[m.lower()]
                                 for o in leaper_offsets(a, b)}))
        if isinstance(m, tuple) and len(m) == 2:
            return leaper_offsets(int(m[0]), int(m[1]))
        if isinstance(m, list):
            return tuple((int(a), int(b)) for a, b in m)
        return None


def resolve(v: Any) -> Any:
    """``v`` with every Spec built into its Board and every Literal unwrapped."""
    if isinstance(v, Spec):
        return v.build()
    return plain(v)


@dataclass
class Call:
    """One call: what it runs, how it is shown, and what must hold."""

    kind: str
    text: str
    run: Callable[[], Any]
    bound: float | None = None          # promised wall-clock bound (seconds)
    expect: str | None = "ok"           # "ok": no TypeError/ValueError; "bad": one of them
    check: Callable[[Any], list[tuple[str, str]]] | None = None  # findings on a result
    on_error: Callable[[BaseException], list[tuple[str, str]]] | None = None
    token: Any = None                   # set after ``delay`` seconds by a Timer
    delay: float | None = None
    preset: bool = False                # the cancel token was set before the call
    rerun: Callable[[], Call] | None = None  # the same call afresh, to confirm an overrun


class Listed:
    """A tours() generator consumed to its end: how many tours, the first
    few, and how many repeated one before (among the first 10**5)."""

    def __init__(self, tours: Any) -> None:
        self.n = self.repeats = 0
        self.first: list[Any] = []
        seen: set[bytes] = set()
        for t in tours:
            self.n += 1
            if self.n <= 20:
                self.first.append(t)
            if self.n <= 10**5:
                key = np.asarray(t.path).tobytes()
                self.repeats += key in seen
                seen.add(key)


class Gen(api.Args):
    """fuzz_api's argument maker, plus what this harness needs: boards, squares
    on them, clues, and limits that say whether they are valid."""

    def __init__(self, rng: random.Random, max_timeout: float) -> None:
        super().__init__(rng, max_timeout)
        self.expect: str | None = "ok"

    def bad(self) -> None:
        self.expect = "bad"

    def unsure(self) -> None:
        if self.expect == "ok":
            self.expect = None

    # -- boards

    def spec(self, most: int = 64, *, pieces: list[str] | None = None,
             wraps: bool = True, odd: bool = True) -> Spec:
        r = self.rng.random()
        if r < 0.55:
            size = self.rng.randint(1, TRUTH_SQUARES)
        elif r < 0.7:
            size = self.rng.randint(TRUTH_SQUARES + 1, SEARCH_SQUARES)
        else:
            size = self.rng.randint(SEARCH_SQUARES + 1, max(most, SEARCH_SQUARES + 1))
        size = min(size, most)
        rows = self.rng.randint(1, max(1, int(math.sqrt(size * 2))))
        cols = max(1, size // rows)
        if self.chance(0.5) and rows * cols <= most:
            rows, cols = cols, rows
        cols_arg: Any = None if rows == cols and self.chance(0.5) else cols
        holes: Any = None
        n = rows * cols
        if self.chance(0.45) and n > 1:
            k = self.rng.randint(1, max(1, n // 4))
            cells = self.rng.sample(range(n), k)
            holes = [(c // cols, c % cols) for c in cells]
            if self.chance(0.2) and rows <= 9 and cols <= 26:
                holes = ",".join(f"{chr(97 + c)}{rows - r}" for r, c in holes)
            if odd and self.chance(0.05):
                holes = self.rng.choice([[(rows, 0)], list(range(0)), "a" + ODD_DIGITS[0],
                                         [(r, c) for r in range(rows) for c in range(cols)]])
                if holes != []:
                    self.bad()
        p = self.rng.random()
        if pieces is not None:
            moves: Any = self.rng.choice(pieces)
            if not isinstance(moves, str) and _too_long(moves):
                self.bad()  # refused at Board(...), naming moves (documented)
        elif p < 0.3:
            moves = "knight"
        elif p < 0.6:
            moves = self.rng.choice(PIECES)
        elif p < 0.72:
            moves = self.rng.choice([(1, 2), (2, 3), (1, 1), (0, 1), (1, 3),
                                     (np.int64(2), np.int64(1)), "King"])
        elif p < 0.88:
            moves = self.rng.choice([[(1, 2), (-1, -2), (2, 1), (-2, -1)],
                                     [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)],
                                     [(2, 0), (-2, 0), (0, 1), (0, -1)]])
        elif p < 0.92 or not odd:
            moves = self.rng.choice(HUGE_MOVES)
            if _too_long(moves):
                self.bad()  # refused at Board(...), naming moves (documented)
        else:
            moves = self.rng.choice([(0, 0), "nope", [(1, 0)], (1.5, 2), [(1, 2, 3)]])
            self.bad()
        wrap = None
        if wraps:
            w = self.rng.random()
            if w < 0.2:
                wrap = "cylinder"
            elif w < 0.35:
                wrap = "torus"
            elif odd and w < 0.37:
                wrap = self.rng.choice(["klein", 1])
                self.bad()
        return Spec(rows, cols_arg, holes, moves, wrap)

    # -- squares on a board

    def square(self, board: knight.Board | None, *, allow_bad: bool = True) -> Any:
        """A usable square of ``board`` (sometimes in chess notation or numpy
        ints), or now and then one that is not: off the board, a hole, or
        text with non-ASCII digits or 5000 of them (expected refused)."""
        if board is None:
            self.unsure()
            return (0, 0)
        usable = [tuple(int(v) for v in s) for s in board.squares.tolist()]
        if allow_bad and self.chance(0.06):
            self.bad()
            holes = list(board.holes)
            return self.rng.choice([(board.rows, 0), (-1, 0), (0, board.cols), (2**70, 0),
                                    (0.0, 1), (True, 0), "", "a" + self.rng.choice(ODD_DIGITS),
                                    "a" + "9" * 5000, "0 0"]
                                   + ([holes[0]] if holes else []))
        r, c = self.rng.choice(usable)
        k = self.rng.random()
        if k < 0.12 and board.rows <= 9 and board.cols <= 26:
            return f"{chr(97 + c)}{board.rows - r}"
        if k < 0.18:
            return (np.int64(r), np.int32(c))
        return (r, c)

    # -- limits: (value, valid?)

    def timeout_value(self, big_ok: bool) -> Any:
        r = self.rng.random()
        if r < 0.88:
            return round(self.rng.uniform(0.001, self.max_timeout), 3)
        if r < 0.93 and big_ok:
            return self.rng.choice([5.0, 10**6, np.float64(3.0)])
        self.bad()
        return self.rng.choice(["x", "1", float("nan"), float("inf"), -1, 0, -0.0, 10**400,
                                True, [0.5]])

    def max_nodes_value(self) -> Any:
        if self.chance(0.92):
            return self.rng.choice([1, 10, 1000, 10**5, 10**6, 2**63 - 1, 2**63, 2**64, 2**80])
        self.bad()
        return self.rng.choice([0, -5, 2.0, "10", True, float("nan")])

    def limit_value(self) -> Any:
        r = self.rng.random()
        if r < 0.8:
            return self.rng.choice([1, 2, 3, 17, 100, 2**31, 2**63 - 1, 2**63, 2**64, 2**70,
                                    10**30])
        if r < 0.85:
            self.unsure()
            return 0
        self.bad()
        return self.rng.choice([-1, "3", 2.5, True, float("nan"), [1]])

    def limits(self, kw: dict[str, Any], *, big: bool, nodes: bool, timeout_always: bool,
               ) -> None:
        """timeout=, max_nodes= (when ``nodes``) and cancel= into ``kw``.  A
        big board always gets a bound (a timeout, a timed cancel or max_nodes)."""
        if timeout_always or self.chance(0.75):
            kw["timeout"] = self.timeout_value(big_ok=not big)
        if nodes and self.chance(0.3):
            kw["max_nodes"] = self.max_nodes_value()
        r = self.rng.random()
        if r < 0.2:
            kw["cancel"] = Literal(knight.Cancel(), "knight.Cancel()")
        elif r < 0.23:
            kw["cancel"] = Literal(threading.Event(), "threading.Event()")
        elif r < 0.25:
            token = knight.Cancel()
            token.set()
            kw["cancel"] = Literal(token, "preset_cancel()")
        elif r < 0.27:
            self.bad()
            kw["cancel"] = self.rng.choice(["stop", 1, Literal(object(), "object()")])
        if big and "timeout" not in kw and not isinstance(plain(kw.get("cancel")),
                                                          (knight.Cancel, threading.Event)):
            kw["timeout"] = round(self.rng.uniform(0.001, self.max_timeout), 3)


def bound_of(kw: dict[str, Any]) -> float | None:
    """The wall-clock bound of a call with these limits: T + 10% + 0.5 s."""
    t = kw.get("timeout")
    if isinstance(t, np.floating):
        t = float(t)
    b = api.bound_of(t)
    return None if b is None else b + OVER * (b - api.SLACK)


def timed_cancel(kw: dict[str, Any], g: Gen, call: Call) -> None:
    """A timed token in ``kw`` becomes the call's: set after a short delay."""
    token = plain(kw.get("cancel"))
    if isinstance(token, (knight.Cancel, threading.Event)):
        if token.is_set():
            call.preset = True
        else:
            call.token = token
            call.delay = round(g.rng.uniform(0.005, 0.25), 3)


# -- the brute force, cached per board ----------------------------------------------------


class Facts:
    """What the harness knows about one built board, without the package:
    the moves from the Spec, the graph from brute.adjacency, and for small
    boards brute.Truth."""

    def __init__(self, spec: Spec, board: knight.Board) -> None:
        self.board = board
        self.squares = [tuple(int(v) for v in s) for s in board.squares.tolist()]
        self.index = {s: i for i, s in enumerate(self.squares)}
        self.n = len(self.squares)
        self.offsets = spec.offsets()
        self.adj: list[tuple[int, ...]] | None = None
        self.truth: Truth | None = None
        self.problems: list[tuple[str, str]] = []
        if self.offsets is not None:
            want = {(int(a), int(b)) for a, b in self.offsets}
            got = {(int(a), int(b)) for a, b in board.moves}
            if want != got:
                self.problems.append(("wrong-answer", f"board.moves {sorted(got)[:8]} are not "
                                      f"the moves {sorted(want)[:8]} of moves={spec.moves!r}"))
            if self.n <= 2500:
                mask = np.asarray(board.mask).tolist()
                self.adj = adjacency(mask, tuple(sorted(want)), board.wrap)
                if self.n <= TRUTH_SQUARES:
                    self.truth = Truth(mask, tuple(sorted(want)), board.wrap)

    def at(self, sq: Any) -> int | None:
        """The number of a square as the package reads it (None: no square)."""
        if sq is None:
            return None
        return self.index[self.board.square(plain(sq), "square")]

    def exists(self, start: int | None, end: int | None, closed: bool) -> bool | None:
        t = self.truth
        if t is not None:
            if closed:
                return t.exists(None, True) if end is None else (
                    start is not None and t.count(start, end, True, False) > 0)
            if end is None:
                return t.exists(start, False)
            if start is None:
                return bool(t.paths[:, end].sum() > 0)
            return bool(t.paths[start, end] > 0)
        if self.adj is None or self.n > SEARCH_SQUARES or start is None:
            return None
        if end is not None:
            return None if closed else find_path_between(self.adj, start, end) is not None
        return find_path(self.adj, start, closed) is not None

    def clued(self, closed: bool, fixed: dict[int, int]) -> list[tuple[int, ...]] | None:
        """Every numbered tour meeting ``fixed`` (step -> square), when small enough."""
        t = self.truth
        if t is None or int(t.paths.sum()) > ENUMERATE_PATHS:
            return None
        return hamiltonian_paths(t.adj, closed, fixed)

    def tour_problems(self, tour: Any, *, start: int | None = None, end: int | None = None,
                      closed: bool = False, fixed: dict[int, int] | None = None,
                      ) -> list[tuple[str, str]]:
        """What is wrong with a tour the package returned for this board."""
        out: list[tuple[str, str]] = []
        if not isinstance(tour, knight.Tour):
            return [("wrong-answer", f"returned {type(tour).__name__}, not a knight.Tour")]
        try:
            if not knight.is_tour(tour):
                out.append(("invalid-tour", "knight.is_tour says the tour returned is not one"))
        except Exception as exc:
            out.append(("undocumented-exception", f"is_tour raised {type(exc).__name__}: {exc}"))
        path = [tuple(int(v) for v in p) for p in np.asarray(tour.path).tolist()]
        if sorted(path) != sorted(self.squares):
            return out + [("invalid-tour", "the path does not visit every usable square once")]
        nums = [self.index[p] for p in path]
        if self.adj is not None:
            for a, b in zip(nums, nums[1:]):
                if b not in self.adj[a]:
                    out.append(("invalid-tour", f"{self.squares[a]} -> {self.squares[b]} is not "
                                "a move of the board (brute.adjacency)"))
                    break
            if closed and self.n > 1 and nums[0] not in self.adj[nums[-1]]:
                out.append(("invalid-tour", "closed=True, but the last square does not reach "
                            "the first"))
        if start is not None and nums[0] != start:
            out.append(("invalid-tour", f"starts on {path[0]}, not {self.squares[start]}"))
        if end is not None and nums[-1] != end:
            out.append(("invalid-tour", f"ends on {path[-1]}, not {self.squares[end]}"))
        for step, q in (fixed or {}).items():
            if nums[step] != q:
                out.append(("invalid-tour", f"step {step} is on {path[step]}, not on the clue "
                            f"{self.squares[q]}"))
                break
        grid = np.asarray(tour.board)
        if grid.shape != self.board.shape or any(grid[p] != k for k, p in enumerate(path)):
            out.append(("invalid-tour", "tour.board does not number the path"))
        return out


_FACTS: dict[Any, Facts] = {}

#: How many answers of the current call were compared with the brute force.
COMPARED = [0]


def compared(want: Any) -> Any:
    """``want``, counted as a comparison with the brute force unless None."""
    if want is not None:
        COMPARED[0] += 1
    return want


def facts(spec: Spec, board: knight.Board) -> Facts:
    key = (spec.text(), board.mask.tobytes(), board.shape, board.moves, board.wrap)
    if key not in _FACTS:
        if len(_FACTS) > 200:
            _FACTS.clear()
        _FACTS[key] = Facts(spec, board)
    return _FACTS[key]


def same_square(board: knight.Board | None, a: Any, b: Any) -> bool:
    """Whether two squares, in any notation, are one square of ``board``."""
    try:
        return board is not None and board.square(a) == board.square(b)
    except Exception:  # not squares: the call refuses them anyway
        return False


def try_build(spec: Spec) -> knight.Board | None:
    try:
        return spec.build()
    except Exception:  # the call itself reports it
        return None


# -- clues --------------------------------------------------------------------------------


def make_clues(g: Gen, board: knight.Board | None, f: Facts | None, closed: bool) -> Any:
    """Clues for ``board``: read off a tour (brute's), random, impossible, empty
    or malformed (expected refused)."""
    if board is None:
        g.unsure()
        return {(0, 0): 0}
    squares = [tuple(int(v) for v in s) for s in board.squares.tolist()]
    n = len(squares)
    r = g.rng.random()
    k = g.rng.randint(1, max(1, min(n, 6)))
    if r < 0.4 and f is not None and f.adj is not None and n <= SEARCH_SQUARES:
        path = find_path(f.adj, g.rng.randrange(n), closed)
        if path is not None:
            steps = g.rng.sample(range(n), k)
            return {squares[path[s]]: s for s in steps}
    if r < 0.75 or n < 3:
        return dict(zip(g.rng.sample(squares, k), g.rng.sample(range(n), k)))
    if r < 0.82:
        # Steps 0 and 1 on two squares no move joins (when the board has any).
        far = [(a, b) for a in squares[:8] for b in squares[:8]
               if f is not None and f.adj is not None
               and f.index[b] not in f.adj[f.index[a]] and a != b]
        if far:
            a, b = g.rng.choice(far)
            return {a: 0, b: 1}
        return {squares[0]: n - 1}
    if r < 0.9:
        return {}
    g.bad()
    sq = squares[0]
    return g.rng.choice([{sq: n}, {sq: -1}, {sq: "3"}, {sq: 2**70}, {sq: 1.0},
                         {squares[0]: 0, squares[-1]: 0} if n > 1 else {sq: n},
                         {(board.rows, 0): 0}, [(sq, -1)], "a1=0",
                         {"a" + ODD_DIGITS[0]: 0}]
                        + ([{board.holes[0]: 0}] if board.holes else []))


def clue_fixed(f: Facts, clues: Any, start: Any, end: Any, closed: bool,
               ) -> dict[int, int] | None:
    """step -> square of the clues with start (step 0) and end (the last step)."""
    fixed: dict[int, int] = {}
    for q, s in (clues or {}).items():
        fixed[int(s)] = f.at(q)  # type: ignore[assignment]
    if start is not None:
        if fixed.get(0, f.at(start)) != f.at(start):
            return None
        fixed[0] = f.at(start)  # type: ignore[assignment]
    if end is not None:
        if closed or fixed.get(f.n - 1, f.at(end)) != f.at(end):
            return None
        fixed[f.n - 1] = f.at(end)  # type: ignore[assignment]
    return fixed


# -- the calls on boards --------------------------------------------------------------------

BOARD_FNS = ["solve", "exists", "why_not", "start_squares", "end_squares", "count", "tours"]


def call_board(g: Gen, name: str) -> Call:
    spec = g.spec(64)
    board = try_build(spec)
    f = facts(spec, board) if board is not None else None
    n = board.size if board is not None else 0
    big = n > SEARCH_SQUARES or board is None
    kw: dict[str, Any] = {}
    closed = g.chance(0.35)
    if closed or g.chance(0.5):
        kw["closed"] = closed
    if name == "end_squares":
        kw.pop("closed", None)
    if name in ("solve", "exists", "why_not", "count", "tours", "end_squares"):
        if name == "end_squares" or g.chance(0.5):
            kw["start"] = g.square(board)
        if name in ("solve", "exists", "why_not", "count", "tours") and g.chance(0.2):
            kw["end"] = g.square(board)
            if closed or same_square(board, kw["end"], kw.get("start")) or \
                    "start" not in kw and name == "solve":
                g.unsure()  # refused with closed=True (but for some counts), or as the start
        if name in ("solve", "exists", "why_not", "count", "tours") and g.chance(0.3):
            kw["clues"] = make_clues(g, board, f, closed)
            if "start" in kw or "end" in kw:
                g.unsure()  # start and end must agree with the clues
    if name in ("count", "tours") and g.chance(0.25):
        kw["directed"] = g.flag()
        if not isinstance(kw["directed"], (bool, np.bool_)):
            g.bad()
        elif kw["directed"] and not closed:
            g.unsure()  # directed applies to closed tours
    if name in ("count", "tours") and g.chance(0.5):
        kw["limit"] = g.limit_value()
    if name == "solve" and g.chance(0.25):
        kw["method"] = g.method(api.METHODS)
        g.unsure()
    if name == "count" and g.chance(0.15):
        kw["method"] = g.method(api.COUNT_METHODS)
        g.unsure()
    if name == "count" and g.chance(0.1):
        kw["workers"] = g.rng.choice([1, 2])
    g.limits(kw, big=big or name in ("count", "tours") and n > TRUTH_SQUARES,
             nodes=name not in ("count", "tours"), timeout_always=False)
    if name in ("end_squares",) and "start" not in kw:
        kw["start"] = g.square(board)
    fn = getattr(knight, name)
    text = call_text(f"knight.{name}", (spec,), kw)

    def run() -> Any:
        b = spec.build()
        args = {k: resolve(v) for k, v in kw.items()}
        got = fn(b, **args)
        if name == "tours":
            return Listed(got)  # consumed to its end, inside the bound
        return got

    call = Call(name, text, run, bound_of(kw), g.expect)
    timed_cancel(kw, g, call)
    if f is not None:
        call.check, call.on_error = board_checks(name, f, kw)
    return call


def board_checks(name: str, f: Facts, kw: dict[str, Any]) -> tuple[Any, Any]:
    """The checks on what a call on a board returned, or on what it raised."""
    closed = kw.get("closed") is True
    directed = kw.get("directed") is True
    clues = kw.get("clues")
    limit = kw.get("limit")

    def where() -> tuple[int | None, int | None, dict[int, int] | None] | None:
        try:
            s, e = f.at(kw.get("start")), f.at(kw.get("end"))
            fixed = clue_fixed(f, clues, kw.get("start"), kw.get("end"), closed) \
                if isinstance(clues, dict) and clues else None
        except Exception:  # not a square: the call was refused
            return None
        return s, e, fixed

    def truth_count(s: int | None, e: int | None, fixed: dict[int, int] | None) -> int | None:
        if isinstance(clues, dict) and clues:
            if fixed is None or (closed and e is not None):
                return None
            paths = f.clued(closed, fixed)
            return None if paths is None else len(paths)
        if f.truth is None:
            return None
        return f.truth.count(s, e, closed, directed)

    def check(got: Any) -> list[tuple[str, str]]:
        out = list(f.problems)
        w = where()
        if w is None:
            return out
        s, e, fixed = w
        if name == "solve":
            first = s if s is not None or closed or clues else 0
            return out + f.tour_problems(got, start=first if s is not None else None, end=e,
                                         closed=closed, fixed=fixed)
        if name in ("exists", "why_not"):
            yes = got if name == "exists" else got is None
            if not isinstance(yes, bool) or (name == "why_not" and not (
                    got is None or (isinstance(got, str) and got))):
                return out + [("wrong-answer", f"{name} returned {got!r}")]
            if isinstance(clues, dict) and clues:
                paths = None if fixed is None else f.clued(closed, fixed)
                want = None if paths is None else bool(paths)
            else:
                want = f.exists(s, e, closed)
            if compared(want) is not None and want != yes:
                out.append(("wrong-answer", f"{name} says {'yes' if yes else 'no'} ({got!r}); "
                            f"the brute force says {'yes' if want else 'no'}"))
            return out
        if name in ("start_squares", "end_squares"):
            t = f.truth
            if compared(t) is None:
                return out
            want = np.zeros(f.board.shape, dtype=bool)
            for i, q in enumerate(f.squares):
                if name == "start_squares":
                    want[q] = t.exists(i, closed) if not closed else t.exists(None, True)
                else:
                    want[q] = bool(t.paths[s, i] > 0)
            if not np.array_equal(np.asarray(got), want):
                out.append(("wrong-answer", f"{name} differs from the brute force: got "
                            f"{np.argwhere(np.asarray(got)).tolist()}, want "
                            f"{np.argwhere(want).tolist()}"))
            return out
        want = compared(truth_count(s, e, fixed))
        if name == "count":
            if type(got) is not int or got < 0:
                return out + [("wrong-answer", f"count returned {got!r}")]
            if want is not None and isinstance(limit, int) and limit > 0:
                want = min(want, limit)
            if want is not None and got != want and not (isinstance(limit, int) and limit == 0):
                out.append(("wrong-answer", f"count says {got}, the brute force {want}"))
            return out
        # tours: as many as count counts, all different, each a tour
        if got.repeats:
            out.append(("wrong-answer", f"tours yielded the same tour twice ({got.repeats} "
                        f"repeats in {got.n} tours)"))
        if want is not None and isinstance(limit, int) and limit > 0:
            want = min(want, limit)
        if want is not None and got.n != want and not (isinstance(limit, int) and limit == 0):
            out.append(("wrong-answer", f"tours yielded {got.n}, the brute force counts "
                        f"{want}"))
        for t in got.first:
            problems = f.tour_problems(t, start=s if s is not None and not (
                closed and directed) else None, end=e, closed=closed, fixed=fixed)
            if problems:
                return out + problems
        return out

    def on_error(exc: BaseException) -> list[tuple[str, str]]:
        if not isinstance(exc, knight.NoTourError) or isinstance(exc, knight.DeadEndError):
            return []
        w = where()
        if w is None or name not in ("solve", "exists", "why_not"):
            return []
        s, e, fixed = w
        if isinstance(clues, dict) and clues:
            paths = None if fixed is None else f.clued(closed, fixed)
            want = None if paths is None else bool(paths)
        else:
            if s is None and not closed:
                s = 0  # solve's default start: the first usable square
            want = f.exists(s, e, closed)
        if compared(want):
            return [("wrong-answer", f"{name} raised NoTourError ({exc}), but the brute force "
                     "finds a tour")]
        return []

    return check, on_error


# -- limits on plain rectangles: bad values must raise, theory or not ------------------------


def call_bad_limit(g: Gen) -> Call:
    name = g.rng.choice(["solve", "exists", "why_not", "start_squares", "count", "tours"])
    # Boards theory answers at once, and a few that search.
    size = g.rng.choice([(5,), (3, 4), (4,), (4, 4), (1,), (2, 5), (3, 10), (8,), (6,)])
    if g.chance(0.3):
        size = (g.spec(14, odd=False),)
    kw: dict[str, Any] = {}
    if g.chance(0.4):
        kw["closed"] = True
    which = g.rng.choice(["timeout", "max_nodes", "cancel", "limit"])
    if which == "limit" and name not in ("count", "tours"):
        which = "timeout"
    if which == "max_nodes" and name in ("count", "tours"):
        which = "timeout"
    kw[which] = g.rng.choice({
        "timeout": ["x", "1", float("nan"), float("inf"), -1, 0, 10**400, True, [0.5]],
        "max_nodes": [0, -5, -(2**70), 2.0, "10", True, float("nan")],
        "cancel": ["stop", 1, Literal(object(), "object()")],
        "limit": [-1, -(2**70), "3", 2.5, True, float("nan"), [1]],
    }[which])
    if which != "timeout":
        kw["timeout"] = 0.5
    fn = getattr(knight, name)
    text = call_text(f"knight.{name}", size, kw)

    def run() -> Any:
        got = fn(*(resolve(a) for a in size), **{k: resolve(v) for k, v in kw.items()})
        return Listed(got) if name == "tours" else got

    return Call("limits", text, run, bound_of({"timeout": 0.5}), "bad")


# -- random tours -----------------------------------------------------------------------------


def call_random(g: Gen, name: str, spec: Spec | None = None,
                kw: dict[str, Any] | None = None) -> Call:
    """random_tour, or a TourSampler's sample; ``spec`` and ``kw`` given: that call."""
    fixed = spec is not None
    spec = spec or g.spec(25, pieces=list(DP_PIECES) + ["zebra"], wraps=g.chance(0.1), odd=False)
    board = try_build(spec)
    f = facts(spec, board) if board is not None else None
    if spec.moves == "zebra" or spec.wrap is not None:
        g.unsure()  # the DP serves none of these: ValueError
    if fixed:
        return random_call(g, name, spec, f, kw or {}, 1)
    kw = {}
    if g.chance(0.4):
        kw["start"] = g.square(board)
    if g.chance(0.35):
        kw["closed"] = True
    if g.chance(0.5):
        v = g.rng.choice([None, 1, 10, 10**5, 6 * 10**6, 2**31, 2**63, 2**64, 2**70, 0, -1,
                          "x", 2.5])
        if v in (0, -1, "x", 2.5):
            g.bad()
        elif v is not None and v < 10**5:
            g.unsure()  # too few states: recounts, or refuses
        kw["max_states"] = v
    if g.chance(0.2):
        kw["method"] = g.rng.choice(["auto", "split", "table", "recount", "nope"])
        g.unsure()
    seed: Any = g.rng.choice([0, 1, 7, 2**32, 2**63, 2**64 - 1, None])
    if g.chance(0.05):
        seed = g.rng.choice(["x", 1.5])
        # A sampler checks the seed when it samples, after building (which may refuse).
        g.bad() if name == "random_tour" else g.unsure()
    return random_call(g, name, spec, f, kw, seed)


def random_call(g: Gen, name: str, spec: Spec, f: Facts | None, kw: dict[str, Any],
                seed: Any) -> Call:
    if name == "random_tour":
        kw["seed"] = seed
        text = call_text("knight.random_tour", (spec,), kw)
    else:
        text = call_text("knight.TourSampler", (spec,), kw) + f".sample(seed={show(seed)})"

    def make(kw: dict[str, Any]) -> Any:
        args = {k: resolve(v) for k, v in kw.items()}
        if name == "random_tour":
            return knight.random_tour(spec.build(), **args)
        sampler = knight.TourSampler(spec.build(), **args)
        return sampler, sampler.sample(seed=seed)

    def check(got: Any) -> list[tuple[str, str]]:
        if f is None:
            return []
        sampler, tour = (None, got) if name == "random_tour" else got
        try:
            s = f.at(kw.get("start"))
        except Exception:
            return []
        closed = kw.get("closed") is True
        out = list(f.problems) + f.tour_problems(tour, start=s if s is not None or closed else None,
                                                 closed=closed)
        if sampler is not None and compared(f.truth) is not None:
            want = f.truth.count(s, None, closed, False)
            if sampler.count != want:
                out.append(("wrong-answer", f"TourSampler.count is {sampler.count}, the brute "
                            f"force counts {want}"))
        if name == "random_tour" and seed is not None and not out:
            again = make(kw)
            if again != tour:
                out.append(("wrong-answer", "the same seed drew another tour"))
        return out

    def on_error(exc: BaseException) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if f is None:
            return out
        try:
            s = f.at(kw.get("start"))
        except Exception:
            return out
        closed = kw.get("closed") is True
        if isinstance(exc, knight.NoTourError) and compared(f.truth) is not None and \
                f.truth.exists(s, closed):
            out.append(("wrong-answer", "NoTourError, but the brute force finds a tour"))
        big = kw.get("max_states")
        if isinstance(exc, knight.BoardTooLargeError) and isinstance(big, int) \
                and big > 6 * 10**6:
            # More room than the default must not refuse what the default draws.
            try:
                make({k: v for k, v in kw.items() if k != "max_states"})
            except Exception:
                pass
            else:
                out.append(("refused-with-more-room", f"max_states={show(big)} refused a board "
                            f"the default max_states serves: {exc}"))
        return out

    return Call(name, text, lambda: make(kw), None, g.expect, check, on_error)


# -- puzzles ----------------------------------------------------------------------------------

PUZZLE_PIECES = ["king", "wazir", "knight", "hopido", "ferz", "zebra", (1, 2), (2**31, 1)]


def puzzle_spec(g: Gen) -> Spec | int:
    if g.chance(0.15):
        return g.rng.choice([1, 2, 3, 4, 5])
    return g.spec(30, pieces=PUZZLE_PIECES, odd=False)


def as_spec(b: Spec | int) -> Spec:
    return b if isinstance(b, Spec) else Spec(b)


def call_puzzle_make(g: Gen) -> Call:
    b = puzzle_spec(g)
    kw: dict[str, Any] = {"seed": g.rng.choice([0, 1, 2, 3, g.rng.randrange(2**64), 2**64 - 1])}
    if g.chance(0.05):
        kw["seed"] = g.rng.choice([2**64, -1, "7", 1.0, None])
        g.bad()
    if g.chance(0.2):
        kw["clues"] = g.rng.randint(0, 8)
        g.unsure()
    if g.chance(0.15):
        kw["symmetric"] = True
        g.unsure()
    if g.chance(0.2):
        kw["closed"] = True
    text = call_text("knight.puzzle.make", (b,), kw)

    def run() -> Any:
        board = resolve(b)
        return knight.puzzle.make(board, **{k: resolve(v) for k, v in kw.items()})

    def check(p: Any) -> list[tuple[str, str]]:
        board = try_build(as_spec(b))
        if board is None or not isinstance(p, Puzzle):
            return [("wrong-answer", f"make returned {type(p).__name__}")]
        f = facts(as_spec(b), board)
        fixed = {s: f.index[q] for q, s in p.clues.items()}
        out = list(f.problems) + f.tour_problems(p.solution, closed=p.closed, fixed=fixed)
        if "clues" in kw and len(p.clues) != kw["clues"]:
            out.append(("wrong-answer", f"clues={kw['clues']} made {len(p.clues)} clues"))
        paths = compared(f.clued(p.closed, fixed))
        if paths is not None and len(paths) != 1:
            out.append(("wrong-answer", f"the puzzle made has {len(paths)} solutions by the "
                        "brute force, not one"))
        again = knight.puzzle.make(resolve(b), **{k: resolve(v) for k, v in kw.items()}) \
            if f.n <= 16 else p
        if again != p:
            out.append(("wrong-answer", "the same seed made another puzzle"))
        out += round_trips(p)
        return out

    return Call("puzzle.make", text, run, None, g.expect, check)


def round_trips(p: Puzzle) -> list[tuple[str, str]]:
    out = []
    try:
        if Puzzle.from_text(p.to_text()) != p:
            out.append(("round-trip", f"Puzzle.from_text(p.to_text()) != p for {p.to_text()!r}"))
        back = Puzzle.from_json(p.to_json())
        if back != p or back.solution != p.solution:
            out.append(("round-trip", "Puzzle.from_json(p.to_json()) differs from p"))
    except Exception as exc:
        out.append(("round-trip", f"{type(exc).__name__}: {exc} on {p.to_text()!r}"))
    return out


def call_puzzle(g: Gen, name: str) -> Call:
    """puzzle.solve, puzzle.count, or a Puzzle given a solution (the check)."""
    spec = as_spec(puzzle_spec(g))
    board = try_build(spec)
    f = facts(spec, board) if board is not None else None
    closed = g.chance(0.2)
    clues = make_clues(g, board, f, closed) if g.chance(0.85) else None
    pkw: dict[str, Any] = {"closed": True} if closed else {}
    kw: dict[str, Any] = {}
    solution: Any = None
    if name == "puzzle.solve":
        if g.chance(0.7):
            kw["timeout"] = g.timeout_value(big_ok=True)
        if g.chance(0.3):
            kw["max_nodes"] = g.max_nodes_value()
    elif name == "puzzle.count":
        if g.chance(0.6):
            kw["limit"] = g.limit_value()
            if kw["limit"] == 0:
                g.bad()  # puzzle.count: limit at least 1
        kw["timeout"] = g.timeout_value(big_ok=True)
    else:
        # A solution: a tour of the board that may keep the clues or not.
        if f is not None and f.adj is not None and f.n <= SEARCH_SQUARES:
            path = find_path(f.adj, g.rng.randrange(f.n), closed)
            if path is not None:
                grid = -np.ones(board.shape, dtype=np.int64)  # type: ignore[union-attr]
                for k, q in enumerate(path):
                    grid[f.squares[q]] = k
                solution = grid
        if solution is None:
            g.unsure()
    if name == "puzzle.check":
        grid = None if solution is None else Literal(
            None, f"knight.Tour(np.array({solution.tolist()}), closed={closed}, layout=board)")
        text = call_text("Puzzle", (spec, clues), {**pkw, "solution": grid})
        text = f"board = {spec.text()}; " + text.replace(spec.text(), "board", 1)
    else:
        text = call_text(f"knight.{name}", (Literal(None, call_text("Puzzle", (spec, clues),
                                                                       pkw)),), kw)
    keeps = solution is not None and f is not None and all(
        isinstance(s, int) and 0 <= s < f.n and solution[f.board.square(q, "clue")] == s
        for q, s in (clues or {}).items()) if g.expect == "ok" else None
    if name == "puzzle.check" and keeps is False:
        g.bad()

    def run() -> Any:
        b = spec.build()
        if name == "puzzle.check":
            tour = None if solution is None else knight.Tour(solution, closed=closed, layout=b)
            return Puzzle(b, resolve(clues), closed=closed, solution=tour)
        p = Puzzle(b, resolve(clues), **pkw)
        fn = getattr(knight.puzzle, name.split(".")[1])
        return fn(p, **{k: resolve(v) for k, v in kw.items()})

    def check(got: Any) -> list[tuple[str, str]]:
        if f is None:
            return []
        fixed = {int(s): f.at(q) for q, s in (clues or {}).items()}
        out = list(f.problems)
        if name == "puzzle.check":
            return out + round_trips(got)
        paths = compared(f.clued(closed, fixed))  # type: ignore[arg-type]
        if name == "puzzle.solve":
            return out + f.tour_problems(got, closed=closed, fixed=fixed)  # type: ignore[arg-type]
        if paths is not None:
            limit = kw.get("limit", 2)
            if got != min(len(paths), limit):
                out.append(("wrong-answer", f"puzzle.count says {got}, the brute force "
                            f"{min(len(paths), limit)} (limit {show(limit)})"))
        return out

    def on_error(exc: BaseException) -> list[tuple[str, str]]:
        if f is None or name != "puzzle.solve" or not isinstance(exc, knight.NoTourError):
            return []
        try:
            fixed = {int(s): f.at(q) for q, s in (clues or {}).items()}
        except Exception:
            return []
        paths = compared(f.clued(closed, fixed))  # type: ignore[arg-type]
        return [("wrong-answer", "puzzle.solve raised NoTourError, the brute force finds a "
                 "solution")] if paths else []

    return Call(name, text, run, bound_of(kw), g.expect, check, on_error)


def odd_puzzle_text(g: Gen) -> str:
    """A puzzle as text with odd tokens or headers (expected refused unless
    the change keeps it a puzzle)."""
    rows, cols = g.rng.randint(1, 4), g.rng.randint(1, 5)
    n = rows * cols
    nums = g.rng.sample(range(1, n + 1), g.rng.randint(0, n))
    cells = [str(nums.pop()) if nums and g.chance(0.5) else g.rng.choice(["_", "__", "0", "."])
             for _ in range(n)]
    header = []
    if g.chance(0.4):
        header.append(g.rng.choice(["moves: king", "moves: wazir", "moves: 99999999999,1",
                                    "moves: 2147483648,1", "moves: 1,2 -1,-2 2,1 -2,-1",
                                    "moves: KING", "wrap: torus", "wrap: cylinder",
                                    "closed: yes", "closed: no"]))
        if header[-1] in ("moves: 99999999999,1", "moves: 2147483648,1"):
            g.bad()  # longer than any board: refused, naming the moves (documented)
    r = g.rng.random()
    if r < 0.3:
        i = g.rng.randrange(n)
        d = g.rng.choice(ODD_DIGITS)
        cells[i] = g.rng.choice([d, "1" + d, "9" * 5000, "0" * 4999 + "1", "-1", "+2", "1.0",
                                 "1_0", d * 2])
        g.bad()
    elif r < 0.4:
        header.append(g.rng.choice(["moves: \u0661,\u0662", "moves: 1,\u00b2", "wrap: klein",
                                    "closed: maybe", "closed: \u0661", "color: red",
                                    "moves: " + "9" * 5000 + ",1", "moves: 0,0"]))
        g.bad()
    elif r < 0.45:
        header.append("moves: king")
        header.append("moves: wazir")
        g.bad()
    else:
        if g.chance(0.2):
            # One more number than squares: out of range.
            cells[g.rng.randrange(n)] = str(n + 1 + g.rng.choice([0, 10**5]))
            g.bad()
    usable = sum(c != "." for c in cells)
    numbers = [int(c) for c in cells if re.fullmatch("[0-9]+", c) and len(c) < 10 and int(c)]
    if not usable or len(numbers) != len(set(numbers)) or any(k > usable for k in numbers):
        g.bad()  # no usable square, a number twice, or one past the squares
    lines = header + [" ".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)]
    return "\n".join(lines)


def call_puzzle_text(g: Gen) -> Call:
    text = odd_puzzle_text(g)

    def check(p: Any) -> list[tuple[str, str]]:
        out = round_trips(p)
        if p.board.size <= 12 and not out:
            try:
                n = knight.puzzle.count(p, timeout=2.0)
            except knight.KnightError:
                return out
            if not 0 <= n <= 2:
                out.append(("wrong-answer", f"puzzle.count returned {n!r}"))
        return out

    return Call("puzzle.text", f"Puzzle.from_text({show(text)})",
                lambda: Puzzle.from_text(text), None, g.expect, check)


# -- the command line -------------------------------------------------------------------------


@dataclass
class Cli:
    argv: list[str]
    expect: str | None
    bound: float | None
    files: dict[str, str] = field(default_factory=dict)


def cli_args(g: Gen) -> Cli:
    sub = g.rng.choice(["", "", "tours", "count", "puzzle make", "puzzle solve", "puzzle check"])
    argv = sub.split()
    files: dict[str, str] = {}
    expect: str | None = "ok"

    def bad(opt: list[str]) -> list[str]:
        nonlocal expect
        expect = "bad"
        return opt

    size = g.rng.choice([["5"], ["3", "4"], ["4"], ["3"], ["2", "3"], ["1"], ["4", "5"]])
    if g.chance(0.08):
        size = bad(g.rng.choice([["0"], ["-1"], ["x"], ["\u0665"], ["9" * 5000], ["2.5"]]))
    elif g.chance(0.04):
        size = ["99999999999"]  # too large: refused (exit 2), not a traceback
        expect = None
    if sub in ("puzzle solve", "puzzle check"):
        files["p.txt"] = g.rng.choice([
            "moves: king\n1 _ 3\n_ 9 _\n7 _ 5", "1 _ _\n_ _ _\n_ _ _\n_ _ 12",
            odd_puzzle_text(g)])
        argv.append("p.txt")
        expect = None
    else:
        argv += size
    if sub in ("", "tours", "count", "puzzle make"):
        r = g.rng.random()
        if r < 0.25:
            argv += ["--moves", g.rng.choice(["king", "wazir", "2,3", "1,2 -1,-2 2,1 -2,-1",
                                              "99999999999,1", "2147483648,1", "1,2147483648"])]
        elif r < 0.3:
            argv += bad(["--moves", g.rng.choice(["0,0", "nope", "1,\u0662"])])
        if g.chance(0.2):
            argv += ["--wrap", g.rng.choice(["torus", "cylinder"])]
        if g.chance(0.15):
            argv += ["--holes", g.rng.choice(["a1", "0 0", "a1,b2"])]
            expect = None  # may be every square, or the start
        if sub != "puzzle make" and g.chance(0.35):
            argv += ["--start"] + g.rng.choice([["a1"], ["0", "0"], ["1", "1"]])
            expect = None if expect == "ok" else expect
        elif sub != "puzzle make" and g.chance(0.1):
            argv += bad(["--start", g.rng.choice(["a\u0661", "a\u00b2", "z9", "a" + "9" * 5000,
                                                  "0"])])
        if g.chance(0.25):
            argv.append("--closed")
    timeout = None
    if sub in ("", "tours", "count", "puzzle solve"):
        if g.chance(0.9):
            timeout = round(g.rng.uniform(0.05, 0.6), 2)
            argv += ["--timeout", str(timeout)]
        else:
            argv += bad(["--timeout", g.rng.choice(["x", "nan", "-1", "0", "inf", "1e400"])])
    if sub == "tours":
        if g.chance(0.6):
            argv += ["--limit", g.rng.choice(["3", "1", str(2**64), str(2**70), "100"])]
        elif g.chance(0.2):
            argv += bad(["--limit", g.rng.choice(["-1", "x", "2.5"])])
    if sub == "" and g.chance(0.2):
        argv += ["--max-nodes", g.rng.choice(["1000", str(2**64)])]
    if sub == "puzzle make":
        seed = g.rng.choice(["0", "1", str(2**64 - 1), "12345"])
        if g.chance(0.1):
            seed = bad([g.rng.choice([str(2**64), "-1", "x"])])[0]
        argv += ["--seed", seed]
        if g.chance(0.2):
            argv += ["--clues", str(g.rng.randint(0, 9))]
            expect = None if expect == "ok" else expect
    if expect == "ok" and (sub in ("", "tours", "count") or "--closed" in argv):
        expect = None  # no tour, a limit: exit 1 is fine too
    bound = None if timeout is None else timeout * (1 + OVER) + api.SLACK
    return Cli(argv, expect, bound, files)


def call_cli(g: Gen, env: dict[str, str], c: Cli | None = None) -> Call:
    c = c or cli_args(g)
    shown = " ".join(a if re.fullmatch(r"[\w.,:=+-]+", a) and len(a) < 30 else show(a)
                     for a in c.argv)
    text = f"python -m knight {shown}" + (f"  # p.txt = {show(c.files['p.txt'])}"
                                          if c.files else "")
    cap = (c.bound if c.bound is not None else UNBOUNDED) + STARTUP

    def run() -> Any:
        with tempfile.TemporaryDirectory(prefix="fuzz-cli-") as tmp:
            for name, body in c.files.items():
                Path(tmp, name).write_text(body, encoding="utf-8")
            try:
                done = subprocess.run([sys.executable, "-m", "knight", *c.argv], cwd=tmp,
                                      env=env, capture_output=True, text=True, timeout=cap + 5,
                                      stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                return ("timeout", None, "")
        return ("done", done.returncode, done.stderr)

    allowed = {0, 1, 2} | ({4} if c.argv[:2] == ["puzzle", "check"] else set())

    def check(got: Any) -> list[tuple[str, str]]:
        how, rc, err = got
        if how == "timeout":
            return [("hang", f"still running {cap + 5:.1f} s after it started (killed)")]
        out = []
        if "Traceback (most recent call last)" in err:
            last = err.strip().splitlines()[-1]
            out.append(("cli-traceback", f"exit {rc}, traceback ending {last[:200]!r}"))
        elif rc not in allowed:
            out.append(("cli-exit", f"exit status {rc}: {err.strip()[-200:]!r}"))
        if c.expect == "bad" and rc != 2 and not out:
            out.append(("bad-arg-accepted", f"exit status {rc}, not 2 (bad options)"))
        if RAW.search(err) and not out:
            out.append(("raw-python-message", err.strip()[-200:]))
        return out

    call = Call("cli", text, run, None if c.bound is None else c.bound + STARTUP, None, check)
    return call


# -- the corners issue 26 reported ---------------------------------------------------------


def corner_calls() -> list[Callable[[Gen], Call]]:
    """One call of each kind issue 26 reported, so that a short run meets them all."""

    def plain_call(kind: str, text: str, fn: Callable[[], Any], *, bound: float | None = None,
                   expect: str | None = "ok", check: Any = None) -> Callable[[Gen], Call]:
        return lambda g: Call(kind, text, fn, bound, expect, check)

    torus = Spec(8, wrap="torus")
    king = Spec(3, 3, holes=[(0, 0)], moves="king")
    big = Spec(3, 3, moves=(2**31, 1))
    huge = Spec(3, 4, moves=(10**30, 1))
    env = cli_env()
    out = [
        plain_call("tours", call_text("knight.tours", (torus,), {"closed": True,
                                                                  "timeout": 0.2}),
                   lambda: list(knight.tours(torus.build(), closed=True, timeout=0.2)),
                   bound=bound_of({"timeout": 0.2})),
        plain_call("puzzle.make", "knight.puzzle.make(1, seed=0)",
                   lambda: knight.puzzle.make(1, seed=0)),
        # An offset longer than any board is refused at Board(...), naming moves.
        plain_call("solve", call_text("knight.solve", (big,), {}),
                   lambda: knight.solve(big.build()), expect="bad"),
        plain_call("count", call_text("knight.count", (huge,), {"timeout": 0.5}),
                   lambda: knight.count(huge.build(), timeout=0.5), bound=bound_of(
                       {"timeout": 0.5}), expect="bad"),
        plain_call("count", "knight.count(5, start=(0, 0), limit=2**64)",
                   lambda: knight.count(5, start=(0, 0), limit=2**64),
                   check=lambda n: [] if n == 304 else [("wrong-answer", f"{n} != 304")]),
        plain_call("limits", "knight.exists(5, timeout='x')",
                   lambda: knight.exists(5, timeout="x"), expect="bad"),
        plain_call("solve", "knight.solve(5, start='a\\u0661')",
                   lambda: knight.solve(5, start="a\u0661"), expect="bad"),
        plain_call("puzzle.text", "Puzzle.from_text('9' * 5000 + ' _\\n_ _')",
                   lambda: Puzzle.from_text("9" * 5000 + " _\n_ _"), expect="bad"),
        lambda g: call_random(g, "TourSampler", Spec(3, 4, moves="king"),
                              {"max_states": 2**70}),
        plain_call("solve", call_text("knight.solve", (king,), {}),
                   lambda: knight.solve(king.build())),
    ]
    for argv, expect in ((["5", "--moves", "99999999999,1", "--timeout", "0.5"], None),
                         (["5", "--start", "a\u0661", "--timeout", "0.5"], "bad"),
                         (["tours", "5", "--start", "a1", "--limit", str(2**64)], None)):
        out.append(lambda g, argv=argv, expect=expect: call_cli(
            g, env, Cli(argv, expect, 0.5 * (1 + OVER) + api.SLACK)))
    return out


def cli_env() -> dict[str, str]:
    home = str(Path(knight.__file__).resolve().parents[1])
    return dict(os.environ, PYTHONPATH=home)


# -- one call, its checks --------------------------------------------------------------------

KINDS: list[tuple[str, float]] = [
    ("solve", 3), ("exists", 1.5), ("why_not", 1), ("start_squares", 1), ("end_squares", 0.7),
    ("count", 3), ("tours", 2.5), ("limits", 1.5), ("random_tour", 1.2), ("TourSampler", 0.8),
    ("puzzle.make", 1), ("puzzle.solve", 1), ("puzzle.count", 1), ("puzzle.check", 0.6),
    ("puzzle.text", 1.2), ("cli", 0.5),
]


def make_call(seed: int, ident: str, max_timeout: float, env: dict[str, str]) -> Call:
    rng = random.Random(f"{seed}:{ident}")
    g = Gen(rng, max_timeout)
    if ident.startswith("c"):
        corners = corner_calls()
        c = corners[int(ident[1:]) % len(corners)](g)
        return c
    kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
    if kind in BOARD_FNS:
        return call_board(g, kind)
    if kind == "limits":
        return call_bad_limit(g)
    if kind in ("random_tour", "TourSampler"):
        return call_random(g, kind)
    if kind == "puzzle.make":
        return call_puzzle_make(g)
    if kind in ("puzzle.solve", "puzzle.count", "puzzle.check"):
        return call_puzzle(g, kind)
    if kind == "puzzle.text":
        return call_puzzle_text(g)
    return call_cli(g, env)


def threads_now() -> set[int]:
    return {t.ident for t in threading.enumerate() if t.ident is not None}


def execute(call: Call, hang: float, cancel_slack: float) -> tuple[str, list[tuple[str, str]]]:
    """Run one call and its checks: (outcome, findings as (kind, detail));
    COMPARED[0] says whether the brute force checked the answer."""
    findings: list[tuple[str, str]] = []
    COMPARED[0] = 0
    before = threads_now()
    fired: list[float] = []
    timer = None
    if call.token is not None:
        def fire(token: Any = call.token) -> None:
            fired.append(time.perf_counter())
            token.set()
        timer = threading.Timer(call.delay, fire)  # type: ignore[arg-type]
        timer.daemon = True
    watch = (call.bound if call.bound is not None else UNBOUNDED) + hang
    if timer is not None:
        timer.start()
    result, exc, took, cpu = api.timed(call.run, watch)
    ended = time.perf_counter()
    if timer is not None:
        timer.cancel()
        timer.join()
    if exc is None:
        outcome = "ok"
        if call.kind == "cli":
            outcome = "timeout" if result[0] == "timeout" else f"exit {result[1]}"
    else:
        outcome = type(exc).__name__ + ("" if isinstance(exc, api.DOCUMENTED) else
                                        " (undocumented)")
        if not isinstance(exc, api.DOCUMENTED):
            tb = traceback.extract_tb(exc.__traceback__)
            where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
            findings.append(("undocumented-exception",
                             f"{type(exc).__name__}: {str(exc)[:200]} (at {where})"))
        elif RAW.search(str(exc)):
            findings.append(("raw-python-message", f"{type(exc).__name__}: {str(exc)[:200]}"))
    bad_class = isinstance(exc, (TypeError, ValueError))
    if call.expect == "bad" and not bad_class and not findings:
        got = "returned" if exc is None else f"raised {type(exc).__name__}: {str(exc)[:120]}"
        findings.append(("bad-arg-accepted", f"bad arguments, but the call {got}"))
    if call.expect == "ok" and bad_class and isinstance(exc, api.DOCUMENTED):
        findings.append(("valid-call-refused", f"{type(exc).__name__}: {str(exc)[:200]}"))
    if call.preset and exc is None:
        findings.append(("preset-cancel-ignored", "the cancel token was set before the call, "
                         "and the call answered (knight.Cancel: 'a token already set when a "
                         "job starts stops it before any work')"))
    if call.bound is not None and took > call.bound:
        findings.append(("overrun", f"{took:.3f} s > bound {call.bound:.3f} s "
                         f"(CPU {cpu:.3f} s)"))
    if fired and ended - fired[0] > 0.1 + cancel_slack:
        findings.append(("cancel-late", f"ended {ended - fired[0]:.3f} s after the cancel was "
                         f"set ({call.delay} s into the call); "
                         f"{type(exc).__name__ if exc else 'returned'}"))
    try:
        if exc is None and call.check is not None:
            findings += call.check(result)
        elif exc is not None and call.on_error is not None:
            findings += call.on_error(exc)
    except Exception as err:
        tb = traceback.extract_tb(err.__traceback__)
        home = str(Path(knight.__file__).resolve().parent)
        inside = [t for t in tb if str(Path(t.filename).resolve()).startswith(home)]
        if inside and not isinstance(err, api.DOCUMENTED):
            # The check's own call into the package (a round trip, a count) failed.
            findings.append(("undocumented-exception", f"{type(err).__name__}: {str(err)[:200]} "
                             f"(at {Path(inside[-1].filename).name}:{inside[-1].lineno}, in the "
                             "check's follow-up call)"))
        else:
            findings.append(("harness-error", f"the check raised {type(err).__name__}: {err}: "
                             + "".join(traceback.format_exception(err))[-600:]))
    kids = multiprocessing.active_children()
    if kids:
        findings.append(("leaked-process", f"{len(kids)} child processes left"))
    extra = threads_now() - before
    if extra:
        time.sleep(0.2)  # a thread that is ending
        extra = threads_now() - before
        if extra:
            names = [t.name for t in threading.enumerate() if t.ident in extra]
            findings.append(("leaked-thread", f"threads left running: {names}"))
    return outcome, findings


def confirm(call_of: Callable[[], Call], hang: float, cancel_slack: float,
            findings: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], int]:
    """Run a call again when it overran or answered a cancel late: the second
    overrun is a finding, one that does not repeat is load noise (counted)."""
    timing = [x for x in findings if x[0] in ("overrun", "cancel-late")]
    if not timing:
        return findings, 0
    _, again = execute(call_of(), hang, cancel_slack)
    kinds = {k for k, _ in again}
    kept = [x for x in findings if x[0] not in ("overrun", "cancel-late") or x[0] in kinds]
    return kept, len(findings) - len(kept)


# -- worker and supervisor -----------------------------------------------------------------


def call_ids(args: argparse.Namespace) -> list[str]:
    if args.only is not None:
        return [args.only]
    ids = [f"c{i}" for i in range(len(corner_calls()))] if args.corners else []
    return ids + [str(i) for i in range(args.calls)]


def worker(args: argparse.Namespace) -> int:
    """Run the calls from position ``--first``, one JSON line per start and end of a call."""
    import faulthandler

    faulthandler.enable()
    env = cli_env()
    ids = call_ids(args)
    with open(args.out, "a", buffering=1, encoding="utf-8") as out:
        for ident in ids[args.first:]:
            if args.until and time.time() > args.until:
                out.write(json.dumps({"stopped": ident}) + "\n")
                break
            try:
                call = make_call(args.seed, ident, args.max_timeout, env)
            except Exception as err:
                out.write(json.dumps({"start": ident, "kind": "harness", "text": "?"}) + "\n")
                out.write(json.dumps({"done": ident, "outcome": "harness-error", "findings": [
                    ["harness-error", "".join(traceback.format_exception(err))[-800:]]],
                    "noise": 0}) + "\n")
                continue
            out.write(json.dumps({"start": ident, "kind": call.kind, "text": call.text}) + "\n")
            if args.verbose:
                print(f"[{ident}] {call.text}", file=sys.stderr, flush=True)
            outcome, findings = execute(call, args.hang, args.cancel_slack)
            brute = COMPARED[0] > 0
            findings, noise = confirm(
                lambda ident=ident: make_call(args.seed, ident, args.max_timeout, env),
                args.hang,
                args.cancel_slack, findings)
            out.write(json.dumps({"done": ident, "outcome": outcome, "findings": findings,
                                  "noise": noise, "brute": brute}) + "\n")
        out.write(json.dumps({"end": True}) + "\n")
    return 0


def supervise(args: argparse.Namespace) -> int:
    ids = call_ids(args)
    began = time.perf_counter()
    until = time.time() + args.seconds if args.seconds else 0.0
    calls: dict[str, dict[str, Any]] = {}
    restarts = 0
    first = 0
    stopped = False
    with tempfile.TemporaryDirectory(prefix="fuzz-boards-") as tmp:
        while first < len(ids) and not stopped:
            out = Path(tmp, f"run{restarts}.jsonl")
            err = Path(tmp, f"err{restarts}.txt")
            cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--out", str(out),
                   "--first", str(first), "--seed", str(args.seed), "--calls", str(args.calls),
                   "--max-timeout", str(args.max_timeout), "--hang", str(args.hang),
                   "--cancel-slack", str(args.cancel_slack), "--until", str(until)]
            if args.corners:
                cmd.append("--corners")
            if args.verbose:
                cmd.append("--verbose")
            # Each call has its watchdog; this one is for the harness itself.
            cap = None if not until else max(60.0, until - time.time() + 120.0)
            with open(err, "w", encoding="utf-8") as errf:
                try:
                    rc = subprocess.run(cmd, stderr=errf, stdin=subprocess.DEVNULL,
                                        timeout=cap).returncode
                except subprocess.TimeoutExpired:
                    rc = -9
            lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()
                     if x.strip()] if out.exists() else []
            pending: str | None = None
            ended = False
            for rec in lines:
                if "start" in rec:
                    calls[rec["start"]] = {"kind": rec["kind"], "text": rec["text"]}
                    pending = rec["start"]
                elif "done" in rec:
                    calls[rec["done"]].update(rec)
                    pending = None
                elif "stopped" in rec:
                    stopped = True
                elif "end" in rec:
                    ended = True
            stderr = err.read_text(encoding="utf-8", errors="replace")
            if args.verbose and stderr:
                sys.stderr.write(stderr)
            if ended:
                break
            if pending is None:  # died between calls: report it on the next one
                print(f"worker exited {rc} between calls:\n{stderr[-2000:]}", file=sys.stderr)
                return 2
            kind = "hang" if "Timeout (" in stderr else "crash"
            stack = "\n".join(stderr.strip().splitlines()[-12:])
            calls[pending].update({"done": pending, "outcome": kind, "noise": 0, "findings": [
                [kind, f"worker exit status {rc}; last lines of its stderr:\n{stack}"]]})
            print(f"{kind} at call {pending}: {calls[pending]['text']}\n{stack}",
                  file=sys.stderr, flush=True)
            first = ids.index(pending) + 1
            restarts += 1
    return report(args, calls, time.perf_counter() - began, restarts, stopped)


def signature(kind: str, detail: str) -> str:
    """Findings that differ only in numbers and squares are one finding."""
    first = detail.splitlines()[0] if detail else ""
    if kind in ("hang", "crash"):
        frames = re.findall(r'File "([^"]+)", line (\d+) in (\w+)', detail)
        first = " <- ".join(f"{Path(f).name}:{fn}" for f, _, fn in frames[:2])
    return re.sub(r"-?\d[\d,.]*", "#", re.sub(r"'[^']*'", "'…'", first))[:140]


def report(args: argparse.Namespace, calls: dict[str, dict[str, Any]], seconds: float,
           restarts: int, stopped: bool) -> int:
    by_kind: dict[str, Counter[str]] = defaultdict(Counter)
    found: dict[str, dict[tuple[str, str], list[tuple[str, str, str]]]] = defaultdict(dict)
    noise = 0
    brute: Counter[str] = Counter()
    for ident, c in calls.items():
        if "outcome" not in c:
            continue
        by_kind[c["kind"]][c["outcome"]] += 1
        brute[c["kind"]] += c.get("brute", False)
        noise += c.get("noise", 0)
        for kind, detail in c["findings"]:
            key = (c["kind"], signature(kind, detail))
            found[kind].setdefault(key, []).append((ident, c["text"], detail))
    done = sum(sum(v.values()) for v in by_kind.values())
    print(f"{done} calls in {seconds:.1f} s, seed {args.seed}, worker restarts {restarts}"
          + (" (stopped by --seconds)" if stopped else ""))
    print("calls by kind (brute: answers compared with the brute force):")
    for kind in sorted(by_kind):
        outcomes = ", ".join(f"{o} {n}" for o, n in by_kind[kind].most_common())
        print(f"  {kind:14} {sum(by_kind[kind].values()):5}   brute {brute[kind]:4}   {outcomes}")
    total = sum(len(v) for group in found.values() for v in group.values())
    distinct = sum(len(group) for group in found.values())
    print(f"findings: {total} ({distinct} distinct)")
    me = f"python {Path(sys.argv[0]).as_posix()} --seed {args.seed} --only"
    for kind in sorted(found):
        group = found[kind]
        print(f"  {kind}: {sum(len(v) for v in group.values())}")
        for (call_kind, _), hits in sorted(group.items(), key=lambda kv: -len(kv[1])):
            ident, text, detail = hits[0]
            lines = detail.splitlines() or [""]
            print(f"    [{call_kind}] {lines[0][:300]}" + (f"  ({len(hits)} calls)"
                                                          if len(hits) > 1 else ""))
            for extra in lines[1:] if kind in ("hang", "crash") else []:
                print(f"        {extra}")
            print(f"      {me} {ident}   # {text[:400]}")
    print(f"timing findings not repeated on a second run (load noise): {noise} "
          f"(load average {', '.join(f'{x:.1f}' for x in os.getloadavg())})")
    return 1 if total else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=300, help="random calls (default 300)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--corners", action="store_true",
                   help="first run one call of each kind issue 26 reported")
    p.add_argument("--only", help="run this call alone (an index, or c0.. for a corner), "
                   "showing it in full")
    p.add_argument("--max-timeout", type=float, default=0.3,
                   help="largest timeout given to a call, seconds (default 0.3)")
    p.add_argument("--hang", type=float, default=api.HANG,
                   help=f"seconds past its bound after which a call is a hang "
                        f"(default {api.HANG:g})")
    p.add_argument("--cancel-slack", type=float, default=0.25,
                   help="seconds a cancelled call may take past the 0.1 s it is allowed, for "
                        "the check itself (default 0.25)")
    p.add_argument("--seconds", type=float, help="start no call after this many seconds")
    p.add_argument("--verbose", action="store_true", help="print every call on stderr")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--out", help=argparse.SUPPRESS)
    p.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--until", type=float, default=0.0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        return worker(args)
    if args.only is not None:
        call = make_call(args.seed, args.only, args.max_timeout, cli_env())
        print(call.text)
        outcome, findings = execute(call, args.hang, args.cancel_slack)
        print(f"outcome: {outcome}")
        for kind, detail in findings:
            print(f"  {kind}: {detail}")
        return 1 if findings else 0
    return supervise(args)


if __name__ == "__main__":
    sys.exit(main())

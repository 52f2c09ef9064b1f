"""What a count will cost, before it runs: :func:`estimate`.

The planner's own figures, turned into time: the frontier DP's estimated
peak states (:func:`knight.counting.frontier_estimate.estimate`, from measured
peaks) and the moduli its exact count needs, and for the search a rough
extrapolation of measured counts.  Honest rather than precise: within a
few times for the DP on the boards it was measured on, an order of
magnitude for the search, and "out of reach" where the figure would be
months or the tables do not fit in memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..geometry import Square, available_memory
from . import frontier_board, frontier_estimate
from .api import METHODS, _dp_mode, dp_fits, dp_preferred, ruled_out
from .args import BYTES_PER_END, BYTES_PER_SQUARE, validate

#: The DP's cost per cell: ``states x (DP_PER_STATE + DP_PER_WORD x
#: words)`` seconds, fitted to the measured counts of the README and
#: benchmarks/bench_frontier.py (3x1000 closed 0.04 s, 4x200 open 3 s, 6x40
#: closed 30 s, 7x7 open 3.7 minutes, the one-minute reach table: all
#: within a factor of two; short boards of width 6 and 7 are over-stated).
DP_PER_STATE = 1.14e-7
DP_PER_WORD = 8.1e-10

#: The search: open tours over every start, measured 22 ms on 5x6 (30
#: squares), 0.53 s on 6x6, 6.3 s on 5x8 (40) and over a minute on 6x7
#: (42), taken as x1.8 a square up to 40 squares and x3 a square beyond;
#: closed tours 17 ms on 6x6 (36) and 1.5 s on 6x7 (42), x2.2 a square.
SEARCH_OPEN = (30, 0.022, 1.8, 40, 3.0)
SEARCH_CLOSED = (36, 0.017, 2.2)

#: Estimates above this many seconds (about four months) are "out of reach".
OUT_OF_REACH = 1e7


@dataclass(frozen=True)
class Estimate:
    """What :func:`estimate` says a count will cost.

    ``str(estimate)`` is :attr:`summary`.
    """

    #: ``"theory"`` (the count is 0 at once), ``"dp"`` or ``"search"``:
    #: the engine :func:`knight.count` would run with these arguments.
    engine: str
    #: Estimated seconds in one process, or None when out of reach (the
    #: estimate passes :data:`OUT_OF_REACH`, or the tables do not fit).
    seconds: float | None
    #: The DP's estimated peak states (None for the search).
    states: int | None
    #: Estimated peak bytes of the tables (None when not known).
    memory: int | None
    #: One line for people, for example
    #: ``"frontier DP: about 3 s (peak about 21,000 states, 2 MiB)"``.
    summary: str

    def __str__(self) -> str:
        return self.summary

    @property
    def out_of_reach(self) -> bool:
        """True when no finite estimate within reason exists."""
        return self.seconds is None


def duration(seconds: float) -> str:
    """Seconds in words: ``"2 ms"``, ``"40 s"``, ``"3.5 minutes"``, ``"2 days"``.

    >>> duration(0.75), duration(42), duration(200), duration(3e12)
    ('750 ms', '42 s', '3.3 minutes', '95,064 years')
    """
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60), ("s", 1)):
        if seconds >= 2 * size or unit == "s" and seconds >= 1:
            return f"{_number(seconds / size)} {unit}"
    return f"{_number(max(seconds * 1000, 0.01))} ms"


def _number(v: float) -> str:
    if v >= 1e6:
        return f"{v:.1e}".replace("e+", "e")
    return f"{v:,.0f}" if v >= 100 else f"{v:.2g}"


def _size(nbytes: int) -> str:
    if nbytes >= 2**30:
        return f"{nbytes / 2**30:.1f} GiB"
    return f"{max(1, round(nbytes / 2**20))} MiB"


def estimate(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    method: str = "auto",
) -> Estimate:
    """What :func:`knight.count` (and :func:`knight.tours` listing every
    tour, ``method="search"``) would cost with these arguments, before
    running it; the same arguments, checked the same way.

    The engine is the one ``count`` would choose.  For the DP the time
    comes from its estimated peak states (measured peaks by width, see
    :mod:`knight.counting.frontier_estimate`) and the number of moduli its exact
    count needs; for the search from measured counts extrapolated by the
    number of squares (an order of magnitude, no better).  ``seconds`` is
    None, "out of reach", past about four months or when the DP's tables
    cannot fit in memory.  ``knight count`` and ``knight tours`` print it
    as a warning above a minute.

    >>> import knight
    >>> knight.estimate(3, 1000, closed=True).engine
    'dp'
    >>> knight.estimate(8).out_of_reach
    True
    >>> print(knight.estimate(4, 4))
    theory: no tour exists, the count is 0 at once
    """
    task = validate(rows, cols, start, end, closed, directed)
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got {method!r}")
    if method == "dp":
        frontier_board.check_width(task.rows, task.cols)
    if ruled_out(task):
        return Estimate("theory", 0.0, None, None,
                        "theory: no tour exists, the count is 0 at once")
    chosen = method
    if method == "auto":
        chosen = "dp" if dp_preferred(task) and dp_fits(task, None) else "search"
    return _dp(task) if chosen == "dp" else _search(task)


def _dp(task: Any) -> Estimate:
    r, c = task.rows, task.cols
    mode = _dp_mode(task)
    states, need = frontier_estimate.estimate(r, c, mode)
    words = frontier_estimate.plain_words(r, c, mode == "path")
    figures = f"peak about {states:,} states, {_size(need)}"
    room = available_memory()
    if need > room:
        return Estimate("dp", None, states, need,
                        f"frontier DP: out of reach ({figures}, more than the "
                        f"{_size(room)} available)")
    seconds = r * c * states * (DP_PER_STATE + DP_PER_WORD * words)
    if seconds > OUT_OF_REACH:
        return Estimate("dp", None, states, need,
                        f"frontier DP: out of reach (about {duration(seconds)}; {figures})")
    return Estimate("dp", seconds, states, need,
                    f"frontier DP: about {duration(seconds)} ({figures})")


def _search(task: Any) -> Estimate:
    n = task.rows * task.cols
    memory = BYTES_PER_SQUARE * n
    # in logarithms: a big board's figure overflows a float
    if task.closed:
        base, at, grow = SEARCH_CLOSED
        log = math.log(at) + (n - base) * math.log(grow)
    else:
        base, at, grow, knee, steep = SEARCH_OPEN
        log = (math.log(at) + (min(n, knee) - base) * math.log(grow)
               + max(0, n - knee) * math.log(steep))
        if task.start is None and task.end is None:
            memory += BYTES_PER_END * (n // (8 if task.rows == task.cols else 4)) * (n // 2)
        else:
            # from one square: one orbit's share of the search over all
            log += math.log((8 if task.rows == task.cols else 4) / n)
            if task.start is not None and task.end is not None:
                log -= math.log(2)
    seconds = math.exp(min(log, 600.0))
    if seconds > OUT_OF_REACH:
        what = duration(seconds) if log < 600.0 else "far more than a lifetime"
        return Estimate("search", None, None, memory,
                        f"search: out of reach (roughly {what}, extrapolated "
                        "from measured counts)")
    return Estimate("search", seconds, None, memory,
                    f"search: roughly {duration(seconds)} (extrapolated from measured counts)")


__all__ = ["Estimate", "OUT_OF_REACH", "duration", "estimate"]

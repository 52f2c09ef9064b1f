"""Tracing a search: each decision as the classic "lookahead" program shows it.

``knight.solve(..., trace=callback)`` calls ``callback(event)`` with a
:class:`TraceEvent` for every decision.  Tracing runs the pure-Python twin of
the core (:mod:`knight.reference`), which makes exactly the same decisions,
so the traced search finds the same tour, only more slowly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TextIO

from .geometry import Square


class TraceEvent(NamedTuple):
    """One decision of a search.

    ``kind`` is ``"move"`` (the knight goes from ``square`` to ``chosen``,
    which becomes step ``step``), ``"retreat"`` (backtracking takes the
    knight off ``square``, step ``step``) or ``"dead-end"`` (a greedy walk
    stops at ``square``).  ``candidates`` lists the squares still open from
    ``square`` with their onward counts (free squares one move further), in
    the order the method considers them.
    """

    kind: str
    step: int
    square: Square
    candidates: tuple[tuple[Square, int], ...] = ()
    chosen: Square | None = None

    def __str__(self) -> str:
        if self.kind == "retreat":
            return f"step {self.step:>4}: retreat from {self.square}"
        cands = " ".join(f"{sq}:{n}" for sq, n in self.candidates) or "none"
        if self.kind == "dead-end":
            return f"step {self.step:>4}: dead end at {self.square}, candidates {cands}"
        return f"step {self.step:>4}: {self.square} -> {self.chosen}   candidates {cands}"


# A NamedTuple's fields get the docstring "Alias for field number N", which is
# what help() and the API reference would show; say what each one holds (no
# colon in a first line: napoleon would take what precedes it for a type).
TraceEvent.kind.__doc__ = (
    "What the search did, ``\"move\"``, ``\"retreat\"`` or ``\"dead-end\"``."
)
TraceEvent.step.__doc__ = (
    "The step number concerned, the one ``chosen`` becomes (a move) or the one of "
    "``square`` (a retreat, a dead end); the start is step 0."
)
TraceEvent.square.__doc__ = "The ``(row, col)`` square the knight stands on."
TraceEvent.candidates.__doc__ = (
    "The squares still open from ``square``, each with its onward count (the free squares "
    "one move further), in the order the method considers them; empty for a retreat."
)
TraceEvent.chosen.__doc__ = (
    "The square the knight moves to (a move); ``None`` for a retreat or a dead end."
)

Tracer = Callable[[TraceEvent], object]


class LimitedPrinter:
    """A trace callback printing at most ``limit`` events, then a count of the rest.

    >>> import io, knight
    >>> out = io.StringIO()
    >>> printer = LimitedPrinter(out, limit=2)
    >>> _ = knight.solve(5, method="warnsdorff", trace=printer)
    >>> printer.close()
    >>> print(out.getvalue().rstrip())
    step    1: (0, 0) -> (2, 1)   candidates (2, 1):5 (1, 2):5
    step    2: (2, 1) -> (4, 0)   candidates (4, 2):3 (3, 3):3 (1, 3):3 (0, 2):3 (4, 0):1
    ... 22 more decisions not shown (--trace-limit)
    """

    def __init__(self, out: TextIO, limit: int | None = 200) -> None:
        self.out = out
        self.limit = limit
        self.seen = 0

    def __call__(self, event: TraceEvent) -> None:
        self.seen += 1
        if self.limit is None or self.seen <= self.limit:
            self.out.write(f"{event}\n")

    def close(self, rule: str | None = None) -> None:
        """Say how many events were not printed, if any, and with ``rule`` (the
        :attr:`knight.Tour.method` of the tour found) which rule made them.

        >>> import io, knight
        >>> out = io.StringIO()
        >>> printer = LimitedPrinter(out, limit=0)
        >>> tour = knight.solve(8, trace=printer)
        >>> printer.close(tour.method)
        >>> out.getvalue().splitlines()
        ['... 63 more decisions not shown (--trace-limit)', '63 decisions by warnsdorff/roth']
        """
        if self.limit is not None and self.seen > self.limit:
            self.out.write(
                f"... {self.seen - self.limit} more decisions not shown (--trace-limit)\n"
            )
        if rule is not None:
            self.out.write(f"{self.seen} decisions by {rule}\n")

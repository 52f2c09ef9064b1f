"""The one status a core returns, as Python sees it: :class:`Status`.

Every Cython core (through ``knight/_core/status.pxd``, which they all
cimport, and the poll helper, which returns its codes), the pure-Python
twins and the C-level API (``knight/capi.pxd``'s ``KT_*`` codes) report how
a run ended with these numbers, so a status means the same thing wherever
it comes from: a cancelled run is 6 whichever core ran it.

>>> from knight.status import Status
>>> Status(6).name, int(Status.FOUND), Status.OK is Status.FOUND
('CANCELLED', 0, True)
"""

from __future__ import annotations

import enum


class Status(enum.IntEnum):
    """How a core's run ended (the values of ``knight.capi``'s ``KT_*`` codes)."""

    #: Success: a tour was found or written, a board verified, a count or a
    #: listing ran to its end.
    OK = 0
    #: An exhaustive search finished: no tour from this start.
    EXHAUSTED = 1
    #: ``max_nodes`` was reached.
    NODE_LIMIT = 2
    #: The deadline passed.
    TIME_LIMIT = 3
    #: The greedy walk got stuck (the board holds the partial walk).
    DEAD_END = 4
    #: A closed tour was asked for and the walk or board does not close.
    NOT_CLOSED = 5
    #: The cancel flag was set.
    CANCELLED = 6
    #: A signal handler raised; its exception is pending.
    INTERRUPTED = 7
    #: An argument is invalid; nothing was done.
    BAD_ARGUMENT = 8
    #: Memory could not be had; nothing was done.
    NO_MEMORY = 9
    #: verify: a step number outside 0..squares-1.
    OUT_OF_RANGE = 10
    #: verify: step 0 missing, so some step repeats.
    REPEATED = 11
    #: verify: consecutive steps are not one move apart.
    NOT_A_KNIGHT_MOVE = 12
    #: construction: theory says no tour exists.
    NO_TOUR = 13
    #: construction: the stored blocks or a thin-board automaton could not be had.
    BAD_DATA = 14
    #: A listing filled the rows it was given, or a count reached its limit:
    #: call again to go on (not a C API code).
    MORE = 15
    #: The frontier DP's dump buffer was too small for its states (not a C API code).
    BUFFER_SMALL = 16
    #: A frontier DP state would need more fragment labels (3..15) than a
    #: slot's 4 bits hold: long leapers on wide boards (not a C API code).
    TOO_MANY_LABELS = 17

    #: The searches' name for OK.
    FOUND = 0


__all__ = ["Status"]

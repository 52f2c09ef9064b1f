"""Search limits, cancel tokens, deadlines and progress bars, checked one way for every engine.

It owns the :class:`Limits` of a job (``max_nodes``, ``timeout``,
``cancel``, checked once by :meth:`Limits.check`), the :class:`Cancel`
token and the flag the cores poll for any token (:class:`watched`), the
deadline of a call's Python planning (:func:`planning`), the errors a
limit raises (:func:`stopped`, :func:`cancelled`), and the batches in which
a listing core hands over its tours (:func:`collected`).

Every long-running entry point (``solve``, ``count``, ``tours``, ``sweep``,
``compare``) takes the same ``max_nodes``, ``timeout``, ``progress`` and
``cancel`` arguments; they are validated here, before any work starts, and a timeout
becomes a deadline on the clock the cores poll (``time.time()``, so a
deadline set in this process also holds in the worker processes a count is
shipped to).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import sys
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

import numpy as np

from ._core import poll as _poll
from .errors import SearchCancelled, SearchLimitError
from .geometry import as_int


def check_bool(value: Any, name: str) -> bool:
    """``value`` as a bool, or TypeError naming ``name`` (no truthiness)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {type(value).__name__}")


def check_least(value: Any, name: str, least: int, must: str | None = None) -> int | None:
    """``value`` as an int of at least ``least``, or None for None; else
    ValueError "``name`` must be ``must``, got ..." (``must`` by default:
    "at least ``least``").

    >>> check_least(None, "limit", 0), check_least(3, "limit", 0)
    (None, 3)
    >>> check_least(0, "limit", 1, "a positive int")
    Traceback (most recent call last):
    ValueError: limit must be a positive int, got 0
    """
    if value is None:
        return None
    n = as_int(value, name)
    if n < least:
        raise ValueError(f"{name} must be {must or f'at least {least}'}, got {n}")
    return n


def check_max_nodes(max_nodes: Any) -> int | None:
    """A node budget of at least 1, or None for no limit."""
    nodes = check_least(max_nodes, "max_nodes", 1)
    # The cores count nodes in int64: a larger limit is never reached.
    return None if nodes is None else min(nodes, 2**63 - 1)


def check_timeout(timeout: Any) -> float | None:
    """A positive, finite number of seconds, or None for no limit."""
    if timeout is None:
        return None
    if isinstance(timeout, (bool, np.bool_)) or not isinstance(
        timeout, (int, float, np.integer, np.floating)
    ):
        raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
    try:
        seconds = float(timeout)
    except OverflowError:  # an int past the floats: not a finite number of seconds
        seconds = math.inf
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"timeout must be a positive, finite number of seconds, got {timeout!r}")
    return seconds


def core_limit(limit: int | None) -> int:
    """A count's ``limit`` as the cores take it: 0 for none, and a limit past
    their 64-bit counters as the largest they hold (no core counts that far
    in any time, and every non-negative int is a valid limit).

    >>> core_limit(None), core_limit(5), core_limit(2**70) == 2**64 - 1
    (0, 5, True)
    """
    return 0 if limit is None else min(limit, 2**64 - 1)


def deadline(seconds: float | None) -> float:
    """The ``time.time()`` at which ``seconds`` from now have passed; 0.0 for none."""
    return 0.0 if seconds is None else time.time() + seconds


def check_progress(progress: Any) -> bool:
    """``progress`` as a bool; True also needs tqdm, checked before any work."""
    if not check_bool(progress, "progress"):
        return False
    tqdm_class()
    return True


def tqdm_class() -> Any:
    """tqdm's progress bar class, or ImportError naming the extra that brings it."""
    try:
        from tqdm import tqdm
    except ImportError:
        raise ImportError("progress=True needs tqdm: pip install 'knight-tour[progress]' "
                          "(from a source checkout: pip install '.[progress]')") from None
    return tqdm


def progress_bar(total: int, desc: str, unit: str) -> Any:
    """A progress bar on stderr (the caller has checked ``progress``)."""
    return tqdm_class()(total=total, desc=desc, unit=unit, file=sys.stderr)


def stopped(what: str, began: float, nodes: int) -> SearchLimitError:
    """The error of a count or enumeration that its timeout stopped."""
    seconds = time.perf_counter() - began
    return SearchLimitError(f"{what} stopped by the timeout after {seconds:.3f} s", nodes, seconds)


#: The limits of the planning running in this thread (see :func:`planning`):
#: (deadline, cancel token, began, what), or None.
_PLANNING: ContextVar[tuple[float, Any, float, str] | None] = ContextVar(
    "knight_planning", default=None)


@contextlib.contextmanager
def planning(deadline: float, cancel: Any = None, *, began: float, what: str,
             ) -> Iterator[None]:
    """Bound the pure-Python planning run inside the block.

    The cores poll their deadline and cancel flag themselves; the Python
    code that prepares their work (a count's tables, its primes, its split
    into subtrees) calls :func:`check_planning` in its long loops, which
    raises :class:`SearchLimitError` past ``deadline`` (a ``time.time()``
    value, 0: none) and :class:`SearchCancelled` once ``cancel`` (anything
    with ``is_set()``) is set, naming ``what`` and the seconds since
    ``began`` (a ``time.perf_counter()`` value: the start of the call).
    Per thread (a context variable), so concurrent calls do not mix.
    """
    token = _PLANNING.set((deadline, cancel, began, what))
    try:
        yield
    finally:
        _PLANNING.reset(token)


def planning_active() -> bool:
    """Whether a :func:`planning` block bounds this thread's planning now."""
    return _PLANNING.get() is not None


def check_planning() -> None:
    """Raise if the limits of the :func:`planning` block around this call are reached."""
    limits = _PLANNING.get()
    if limits is None:
        return
    deadline_, token, began, what = limits
    if token is not None and token.is_set():
        raise cancelled(what, began, 0)
    if deadline_ > 0.0 and time.time() >= deadline_:
        raise stopped(what, began, 0)


class Cancel:
    """A cancellation token: :meth:`set` it, from any thread, to stop a job.

    Pass it as ``cancel=`` to :func:`knight.solve`, :func:`knight.count`,
    :func:`knight.tours`, :func:`knight.sweep` or :func:`knight.compare`;
    the job stops within a fraction of a second of :meth:`set` (the cores
    read the token every 2**14 nodes, where they also check for Ctrl-C,
    which only the main thread receives) and raises
    :class:`knight.SearchCancelled`.  A token already set when a job starts
    stops it before any work; :meth:`clear` it to reuse it.  A
    ``threading.Event`` works too (anything with ``is_set()``).

    ``flag`` is the ``uint8`` numpy array of one cell the cores read (0:
    go on); C-level callers pass its address as the ``cancel`` argument of
    the :mod:`knight.capi` functions.

    >>> import threading, knight
    >>> token = knight.Cancel()
    >>> timer = threading.Timer(0.05, token.set)
    >>> timer.start()
    >>> try:
    ...     knight.count(6, cancel=token)
    ... except knight.SearchCancelled:
    ...     print("stopped")
    stopped
    >>> token.is_set()
    True
    >>> token.clear(); token.is_set()
    False
    """

    __slots__ = ("flag",)

    def __init__(self) -> None:
        self.flag: np.ndarray = np.zeros(1, dtype=np.uint8)

    def set(self) -> None:
        """Ask the job to stop (safe from any thread)."""
        self.flag[0] = 1

    def clear(self) -> None:
        """Make the token unset again, for another job."""
        self.flag[0] = 0

    def is_set(self) -> bool:
        """True once :meth:`set` was called (and not cleared since)."""
        return bool(self.flag[0])

    def __repr__(self) -> str:
        return f"Cancel(set={self.is_set()})"


def check_cancel_type(cancel: Any) -> Any:
    """``cancel`` if it is None, a :class:`Cancel` or has an ``is_set()`` method
    (``threading.Event``), else TypeError."""
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise TypeError(
            "cancel must be a knight.Cancel or a threading.Event (anything with is_set()), "
            f"not {type(cancel).__name__}"
        )
    return cancel


def check_cancel(cancel: Any) -> Any:
    """As :func:`check_cancel_type`, and SearchCancelled if the token is set already."""
    if check_cancel_type(cancel) is not None and cancel.is_set():
        raise SearchCancelled("cancelled before it started: the cancel token was set", 0, 0.0)
    return cancel


@dataclasses.dataclass(frozen=True)
class Limits:
    """The limits of one job, checked once: a node budget, seconds, a cancel token.

    Every entry point that may search takes ``max_nodes``, ``timeout`` and
    ``cancel``; :meth:`check` turns them into this value at the top of the
    call, before any work, theory included, so a bad limit gets the same
    error wherever it is given.

    >>> Limits.check(max_nodes=10**30, timeout=2)
    Limits(max_nodes=9223372036854775807, timeout=2.0, cancel=None)
    >>> Limits.check(timeout="x")
    Traceback (most recent call last):
    TypeError: timeout must be a number of seconds, not str
    """

    max_nodes: int | None = None
    timeout: float | None = None
    cancel: Any = None

    @classmethod
    def check(cls, max_nodes: Any = None, timeout: Any = None, cancel: Any = None) -> Limits:
        """The limits, or TypeError/ValueError naming the bad one.

        A token that is set already is no error here: the job raises
        :class:`knight.SearchCancelled` when it starts work
        (:func:`check_cancel`)."""
        if max_nodes is None and timeout is None and cancel is None:
            return _NO_LIMITS  # the common call: one shared value, no checks to run
        return cls(check_max_nodes(max_nodes), check_timeout(timeout),
                   check_cancel_type(cancel))

    def deadline(self) -> float:
        """The ``time.time()`` at which the timeout, counted from now, runs out (0.0: none)."""
        return deadline(self.timeout)


_NO_LIMITS = Limits()


def cancelled(what: str, began: float, nodes: int, backtracks: int = 0) -> SearchCancelled:
    """The error of a job that its cancel token stopped."""
    seconds = time.perf_counter() - began
    return SearchCancelled(
        f"{what} cancelled after {seconds:.3f} s and {nodes:,} nodes: the cancel token was set",
        nodes, seconds, backtracks,
    )


def raise_if_stopped(status: int, time_limit: int, cancel_code: int, what: str,
                     began: float, nodes: int) -> None:
    """Raise :func:`stopped` if a core's ``status`` is its ``time_limit`` code,
    :func:`cancelled` if it is its ``cancel_code``; else nothing."""
    if status == time_limit:
        raise stopped(what, began, nodes)
    if status == cancel_code:
        raise cancelled(what, began, nodes)


def cancel_flag(token: Any) -> tuple[np.ndarray | None, int | None]:
    """The ``uint8`` flag the cores poll for a cancel token, and a watch key.

    A :class:`knight.Cancel` is its own flag.  Anything else with
    ``is_set()`` (a ``threading.Event``) gets a fresh flag that the poll
    helper reads together with the event while it is watched: pass the key
    to :func:`release` in a ``finally`` (None: nothing to release), or use
    :func:`watched`, which does both.
    """
    if token is None:
        return None, None
    flag = getattr(token, "flag", None)
    if isinstance(flag, np.ndarray) and flag.dtype == np.uint8 and flag.shape == (1,):
        return flag, None
    flag = np.zeros(1, dtype=np.uint8)
    return flag, _poll.watch(flag, token)


def release(key: int | None) -> None:
    """End the watch :func:`cancel_flag` started (None: there was none)."""
    if key is not None:
        _poll.unwatch(key)


class watched:
    """The cores' cancel flag for ``token`` (None: no token) while the block runs.

    The one place a watch on a ``threading.Event`` is started and ended::

        with watched(token) as flag:
            status = core(..., deadline, flag)

    (A class, not a generator: it runs on every search, and a generator-based
    context manager costs a microsecond of the few a small solve takes.)
    """

    __slots__ = ("_flag", "_key")

    def __init__(self, token: Any) -> None:
        self._flag, self._key = cancel_flag(token)

    def __enter__(self) -> np.ndarray | None:
        return self._flag

    def __exit__(self, *exc: object) -> None:
        release(self._key)


def is_cancelled(flag: np.ndarray | None) -> bool:
    """Whether the cores would stop at ``flag`` now (its cell, or its watched event)."""
    return flag is not None and bool(_poll.is_cancelled(flag))


#: Rows a listing core hands over at most per call (and at most 1 MiB of them).
BATCH = 256

#: Seconds between two looks at a cancel flag in :func:`collected` (cancel
#: is honoured within 0.1 s).
FLAG_EVERY = 0.002


def collected(search: Any, width: int, left: Callable[[], int | None], deadline: float,
              flag: np.ndarray | None, began: float, what: str,
              codes: tuple[int, int, int]) -> Iterator[np.ndarray]:
    """The tours a listing core's ``collect(out, deadline, flag)`` finds, as
    rows of ``width`` squares, one batch at a time: first one (so the first
    tour comes as soon as it is found), then doubling up to :data:`BATCH`,
    never more than ``left()`` (the tours still wanted, None: all) -- a core
    stops early only when its batch is full.  A row is valid until the next
    one is asked for.  ``codes`` are the core's (DONE, TIME_LIMIT,
    CANCELLED); the last two raise :func:`stopped` / :func:`cancelled`.

    The deadline and the cancel flag are also checked here, before each
    batch and after each tour handed over: a core polls them only every few
    thousand nodes of one call, and when tours come faster than that (a
    torus has a closed tour every few nodes) every call ends on a full
    batch before its first poll; a slow consumer, too, spends its time
    between the core's calls.
    """
    done, time_limit, cancel_code = codes
    cap = max(1, min(BATCH, (1 << 20) // max(width, 1)))
    out = np.empty((cap, width), dtype=np.int32)
    batch = 1

    # The flag is asked at most every FLAG_EVERY seconds (asking a watched
    # event costs a microsecond, as much as a tour); the clock every time.
    flag_due = 0.0

    def check() -> None:
        nonlocal flag_due
        now = time.time()
        if flag is not None and now >= flag_due:
            flag_due = now + FLAG_EVERY
            if is_cancelled(flag):
                raise cancelled(what, began, search.nodes)
        if 0.0 < deadline <= now:
            raise stopped(what, began, search.nodes)

    while True:
        wanted = left()
        if wanted is not None:
            if wanted <= 0:
                return
            batch = min(batch, wanted)
        check()
        status, got = search.collect(out[:batch], deadline, flag)
        for k in range(got):
            yield out[k]
            if k + 1 < got:
                check()
        raise_if_stopped(status, time_limit, cancel_code, what, began, search.nodes)
        if status == done:
            return
        batch = min(2 * batch, cap)

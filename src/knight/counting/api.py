"""``knight.count`` and ``knight.tours``: the counting entry points.

Both take one path on every board: the arguments become a
:class:`knight.Board` at the top (``as_board``), and
:func:`.args.counting_job` checks the rest in one order into a
:class:`knight.planner.Job` (clues are data of the job; whether the
engines get a plain rectangle's task or a general board's is chosen
there, not here).  :func:`count` asks theory (a count it rules out is 0
at once) and :func:`knight.planner.run` chooses an engine and runs it (the runners
are in :mod:`.engines`: the frontier DP, the counting search in this
process or on workers, the table search, the clue search; the choice of
``method="auto"`` is :mod:`.cost`'s, see :mod:`knight.planner`).
:func:`tours` does the same with a Job of the task ``"tours"``: its
engine's runner (:func:`.engines.run_tours`, :func:`.engines.run_clue_tours`)
returns the generator, so every argument error is raised at the call and
the work starts at the first ``next()``.

See :mod:`knight.counting` for the counting conventions.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
from collections.abc import Iterator
from typing import Any

from .. import planner
from ..board import Board, as_board
from ..geometry import Square, article
from ..limits import Cancel
from ..tour import Tour
from . import symmetry
from .args import counting_job
from .checkpoint import DEFAULT_EVERY
from .cost import METHODS, no_tour


def count(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    method: str = "auto",
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: bool = False,
    timeout: float | None = None,
    max_memory: int | None = None,
    cancel: Cancel | Any = None,
    clues: Any = None,
    limit: int | None = None,
    magic: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_every: float = DEFAULT_EVERY,
    up_to_symmetry: bool = False,
    invariant: str | None = None,
    _info: dict[str, Any] | None = None,
) -> int:
    """The exact number of knight's tours of a ``rows`` x ``cols`` board, or
    of any :class:`knight.Board` given in place of ``rows``.

    Open tours are directed, from ``start`` (``start=None``: summed over all
    start squares, so each undirected open path counts twice); ``end``
    keeps those that finish there.  Closed tours are undirected cycles, or
    with ``directed=True`` directed closed tours from ``start`` (see
    :mod:`knight.counting` for every case).  The result is a Python int.

    ``workers=N`` counts on N local processes, at most as many as the CPUs
    this process may run on (``os.sched_getaffinity``; a larger N is
    reduced to that), in a pool started for the call and shut down when it
    ends, however it ends; ``executor`` runs the jobs on
    any ``concurrent.futures.Executor`` instead (a process pool, or a Dask
    client's ``get_executor()`` to use a cluster).  Counts too small to gain
    from it stay in this process.  ``progress=True`` shows a bar on stderr
    (``pip install 'knight-tour[progress]'``).  ``timeout`` (seconds) bounds
    the whole call, planning included, and raises
    :class:`knight.SearchLimitError` giving the seconds since the call
    began; Ctrl-C raises ``KeyboardInterrupt``.  :func:`knight.estimate`
    says beforehand what a count will cost.  A count that only a search
    estimated out of reach (past about four months) could serve, with
    nothing to bound it (no ``timeout``, ``limit``, ``cancel`` or
    ``executor``), raises
    :class:`knight.BoardTooLargeError` at once, naming both engines'
    estimates: the 8x8 board's open tours are some 70,000 years of search,
    and their DP tables do not fit in memory whole (``benchmarks/``
    ``count_in_sessions.py`` counts them in pieces over several sessions).

    >>> import knight
    >>> knight.count(8)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    knight.errors.BoardTooLargeError: counting the tours of an 8x8 board is out of reach here: ...

    ``cancel`` (a :class:`knight.Cancel` or ``threading.Event``), set from
    another thread, raises :class:`knight.SearchCancelled` within a fraction
    of a second, and stops the worker processes' jobs too.
    A worker process that dies is replaced once; if it dies again,
    :class:`knight.WorkerLostError`.

    ``method="dp"`` counts by frontier dynamic programming
    (:mod:`knight.counting.frontier_count`): a sweep along the longer side whose
    cost grows linearly with the length, so long boards of width up to 5
    are counted at once (3x1000 closed in a fraction of a second; the
    numbers are exact however large).  ``method="search"`` is the exact
    depth-first search, fastest on small, squarish boards.  ``"auto"``
    (default) weighs the engines' own estimates (:func:`knight.estimate`):
    the DP on boards of width at most 4, and of width 5 at least 8 long, the
    search on small, squarish ones, unless the other's estimate is ten times
    smaller on a count of a second or more (7x7 goes to the DP), and the DP
    only when its estimated state tables fit ``max_memory`` (bytes;
    default: the memory available).  The DP
    refuses with :class:`knight.BoardTooLargeError`, naming its estimate,
    before allocating tables that do not fit.  Counts that theory rules out
    (a closed tour on an odd number of squares, a side of 1, 2 or 4, 3x4,
    3x6, 3x8; a start or an end that begins no tour) are 0 at once.

    >>> import knight
    >>> knight.count(5, start=(0, 0))
    304
    >>> knight.count(5)
    1728
    >>> knight.count(3, 10, closed=True)
    16
    >>> knight.count(3, 10, closed=True, directed=True, start=(0, 0))
    32
    >>> knight.count(knight.Board(3, 4, moves="king"), closed=True)
    120
    >>> knight.count(knight.Board(5, holes=["c3"]), start=(0, 0))
    16

    On a :class:`knight.Board` that is not a plain knight rectangle (holes,
    another piece, wrap-around) the count is by the table search
    (:mod:`knight.counting.graph`), in every mode, or by the frontier DP
    on flat boards (holes allowed) of the knight, king, wazir, ferz or
    dabbaba: always with ``method="dp"``, and with ``"auto"`` by the same
    rule as on rectangles (narrow and long once cut down to the usable
    rows and columns, tables within ``max_memory``).  ``method="dp"`` on
    other boards (a torus, a zebra) raises ``ValueError`` naming the boards
    it serves.

    ``limit=k`` (a positive int) stops the count once it reaches ``k`` and
    returns ``k``, which then means *at least k* (the search stops there;
    the frontier DP, which cannot stop part way, counts all and caps).
    ``clues`` (a mapping square -> step, steps from 0) counts the tours
    that stand on each given square at its given step (:mod:`knight.clues`);
    ``count(board, clues=..., limit=2)`` says whether a puzzle's solution
    is unique: 1 unique, 2 not, 0 none.  ``start`` is a clue for step 0 and
    ``end`` one for the last step.  A closed tour's steps count from its
    start, so clued closed tours are numbered tours: every start and
    direction that meets the clues counts (``directed`` makes no
    difference).  Clued counts run the clue search in this process (the
    ``workers`` are not used).

    >>> knight.count(5, clues={"a5": 0, "c3": 24}, limit=2)
    2
    >>> knight.count(knight.Board(3, moves="king"), clues={"a3": 0, "b2": 4, "c1": 8})
    10

    ``magic="semi"`` (or ``"diagonal"``) counts the magic tours
    (:doc:`/magic`): numbered tours, so every start and direction of a
    closed tour counts, and ``directed`` makes no difference.  Boards theory
    rules out are 0 at once.  The enumeration runs in ranges, one per first
    move, and of those one per orbit of the board's symmetries that keep
    the clues, weighted by the orbit's size (42 ranges stand for the 336 of
    8x8): here, on ``workers`` or on any ``executor`` (a Dask client's
    ``get_executor()``), where a lost job runs once more, then
    :class:`knight.WorkerLostError`.  ``checkpoint=DIR`` records each finished
    range (at most every ``checkpoint_every`` seconds, and when the count
    stops), so a count killed and run again skips them, with workers too;
    ``up_to_symmetry=True`` counts classes under the board's symmetries that
    keep the clues and the numbering read backwards (``limit`` takes
    neither).  Past 36 squares free of clues the enumeration is out of
    reach here (the 8x8 one took 61 CPU-days in 2003): a count without
    ``timeout``, ``limit``, ``checkpoint`` or ``executor`` raises
    :class:`knight.BoardTooLargeError` at once.  See :doc:`/magic`.

    >>> knight.count(4, 6, magic="semi"), knight.count(6, magic="semi")
    (0, 0)
    >>> knight.count(4, 6, magic="semi", workers=2, up_to_symmetry=True)
    0

    ``checkpoint=DIR`` (a directory, made if missing) counts by the
    frontier DP in this process and writes its state there at safe points
    (column boundaries), at most every ``checkpoint_every`` seconds (default
    600; 0: after every column): a count that is killed (SIGKILL, a power
    loss) or stopped by ``timeout``, called again with the same arguments
    and directory, resumes from the last checkpoint and gives the same
    answer.  Once done, the directory keeps only the answer, which a call
    with the same arguments returns at once.  ``method="auto"`` then means
    the DP; ``method="search"``, ``clues``, ``workers`` above 1, an
    ``executor`` or a board the DP does not serve raise ``ValueError``
    (with ``magic=`` the count's ranges are recorded instead, see above).  A
    directory that cannot be written, or that holds a checkpoint of another
    count, of another format or build of the package, or a damaged one, raises
    :class:`knight.CheckpointError` naming it, before any work; so does a
    write that fails (a full disk), leaving the previous checkpoint as it
    was.  With ``progress=True`` each write is a line above the bar.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> knight.count(6, closed=True, checkpoint=where, checkpoint_every=0)
    9862
    >>> knight.count(6, closed=True, checkpoint=where)  # read from the directory
    9862

    ``up_to_symmetry=True`` counts the tours up to the board's symmetries
    (the rotations and reflections that map it, holes included, onto
    itself), each class once, and a tour whatever its direction: classes of
    cycles for closed tours, of paths for open ones.  It is Burnside's
    count: the average, over the symmetries, of the tours each maps to
    itself.  ``invariant=NAME`` counts the tours that one symmetry maps to
    themselves, NAME one of ``"half-turn"``, ``"quarter-turn"``,
    ``"horizontal"`` (the reflection that swaps the top and bottom rows),
    ``"vertical"``, ``"diagonal"`` and ``"anti-diagonal"``, in this
    function's conventions (closed tours as cycles; open tours directed,
    each such path twice).  Theory answers where it can (knight
    rectangles: a symmetry that fixes too many squares, or whose colour
    change a tour cannot match), the frontier DP counts the half turn's
    closed tours on boards of even length (from side 0 of the split count:
    8x8 in under a minute), and otherwise the tours are listed, up to
    :data:`knight.counting.symmetry.LIST_LIMIT` of them; past that,
    :class:`knight.BoardTooLargeError`.  Neither takes ``start``, ``end``,
    ``clues``, ``limit``, ``checkpoint`` or ``directed=True``; ``timeout``
    bounds every count they run.  See :mod:`knight.counting.symmetry`.

    >>> knight.count(6, closed=True, up_to_symmetry=True)  # Jelliss: 1,245
    1245
    >>> knight.count(6, closed=True, invariant="half-turn"), knight.count(6, closed=True,
    ...                                                                   invariant="quarter-turn")
    (78, 10)
    >>> knight.count(8, closed=True, invariant="half-turn")  # 4 x 608,233 # doctest: +SKIP
    2432932
    """
    if magic is not None and invariant is not None:
        raise ValueError("invariant= does not apply with magic= (up_to_symmetry=True counts "
                         "magic tours up to the board's symmetries and reversal)")
    if magic is None and (up_to_symmetry is not False or invariant is not None):
        return _symmetric(as_board(rows, cols), closed, up_to_symmetry, invariant,
                          start=start, end=end, directed=directed, clues=clues, limit=limit,
                          checkpoint=checkpoint, info=_info,
                          pass_on={"method": method, "workers": workers, "executor": executor,
                                   "progress": progress, "timeout": timeout,
                                   "max_memory": max_memory, "cancel": cancel})
    # The deadline covers the whole call, planning included: armed first.
    began = time.perf_counter()
    job = counting_job("count", as_board(rows, cols), start, end, closed, directed,
                       method=method, limit=limit, clues=clues, timeout=timeout,
                       workers=workers, executor=executor, progress=progress,
                       max_memory=max_memory, cancel=cancel, info=_info, began=began,
                       checkpoint=checkpoint, checkpoint_every=checkpoint_every,
                       magic=magic, up_to_symmetry=_check_up_to(up_to_symmetry))
    saved = job.options["checkpoint"]
    try:
        if no_tour(job):
            job.options["info"]["method"] = "theory"
            job.options["info"]["detail"] = "no tour exists: the count is 0"
            return 0
        total: int = planner.run(job)
        return total
    finally:
        if saved is not None:  # the directory's lock, however the count ends
            saved.close()


def _check_up_to(up_to_symmetry: Any) -> bool:
    if not isinstance(up_to_symmetry, bool):
        raise TypeError(f"up_to_symmetry must be True or False, not {up_to_symmetry!r}")
    return up_to_symmetry


def _symmetric(board: Board, closed: bool, up_to_symmetry: Any, invariant: Any, *,
               pass_on: dict[str, Any], info: dict[str, Any] | None, **alone: Any) -> int:
    """``count(..., up_to_symmetry=True)`` and ``count(..., invariant=NAME)``:
    the arguments checked, then :mod:`.symmetry`'s counts over this
    module's ``count`` and ``tours``."""
    _check_up_to(up_to_symmetry)
    if invariant is not None and invariant not in symmetry.NAMES:
        raise ValueError(f"invariant must be one of {', '.join(map(repr, symmetry.NAMES))}, "
                         f"not {invariant!r}")
    if up_to_symmetry and invariant is not None:
        raise ValueError("give up_to_symmetry=True or invariant=, not both")
    for name, value in alone.items():
        if value not in (None, False):
            what = "up_to_symmetry=True" if up_to_symmetry else "invariant="
            raise ValueError(f"{what} counts whole tours of the board: not with {name}=")
    if not isinstance(closed, bool):
        raise ValueError("closed must be True or False")
    deadline = None if pass_on["timeout"] is None else time.time() + float(pass_on["timeout"])

    def left() -> dict[str, Any]:
        if deadline is None:
            return {}
        return {"timeout": max(deadline - time.time(), 1e-3)}

    def inner_count(b: Board, **kw: Any) -> int:
        return count(b, **{**pass_on, **kw, **left()})

    def inner_tours(b: Board, **kw: Any) -> Iterator[Tour]:
        return tours(b, cancel=pass_on["cancel"], **{**kw, **left()})

    if info is not None:
        info["method"] = "symmetry"
        info["detail"] = ("Burnside's count over the board's symmetries" if up_to_symmetry
                          else f"the tours the {invariant} maps to themselves")
    if up_to_symmetry:
        return symmetry.classes(board, closed, count=inner_count, tours=inner_tours)
    names = symmetry.board_symmetries(board)
    if invariant not in names:
        have = ", ".join(names) if names else "none"
        raise ValueError(f"{article(board.describe())} has no {invariant} symmetry "
                         f"(its symmetries: {have})")
    got = symmetry.fixed(board, closed, [invariant], count=inner_count, tours=inner_tours)
    return got[invariant] * (1 if closed or board.size < 2 else 2)


def tours(
    rows: int | Board,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
    limit: int | None = None,
    timeout: float | None = None,
    cancel: Cancel | Any = None,
    clues: Any = None,
    magic: str | None = None,
) -> Iterator[Tour]:
    """Every tour, lazily, in a fixed order: exactly the ones :func:`count` counts.

    Open tours start at ``start`` (``None``: every square in row-major
    order).  Closed tours start at ``start`` (default ``(0, 0)``), one per
    undirected cycle, or both directions (and every start when ``start`` is
    None) with ``directed=True``.  ``limit`` stops after that many tours.
    The search runs in batches inside the generator (the first tour as
    soon as it is found, then up to 256 at a time, never more than
    ``limit`` asks): stopping early (or dropping the generator) leaves
    nothing running.  ``cancel`` (a
    :class:`knight.Cancel` or ``threading.Event``), set from another thread
    while the generator searches, makes it raise
    :class:`knight.SearchCancelled`.

    >>> import knight
    >>> first = next(knight.tours(5, start=(0, 0)))
    >>> first.start, first.method, knight.is_tour(first)
    ((0, 0), 'enumerate', True)
    >>> sum(1 for _ in knight.tours(3, 10, closed=True))
    16
    >>> print(next(knight.tours(knight.Board(3, moves="king", wrap="torus"))).grid())
    0 4 8
    1 5 6
    2 3 7

    ``clues`` (a mapping square -> step) lists the tours :func:`count`
    counts with the same clues: those standing on each given square at its
    given step.

    >>> [int(t.board[2, 2]) for t in knight.tours(5, clues={"c3": 24, "a5": 0}, limit=3)]
    [24, 24, 24]

    ``magic="semi"`` (or ``"diagonal"``) lists the magic tours :func:`count`
    counts with it, in the search's order; on boards above 32 squares only
    with ``timeout`` or ``limit``.

    >>> print(next(knight.tours(4, 6, magic="semi"), None))  # 4x6 has none
    None
    """
    listed: Iterator[Tour] = planner.run(counting_job(
        "tours", as_board(rows, cols), start, end, closed, directed, limit=limit,
        clues=clues, timeout=timeout, cancel=cancel, magic=magic))
    return listed


__all__ = ["METHODS", "count", "tours"]

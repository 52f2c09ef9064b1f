"""Uniformly random tours, drawn through the frontier DP's layers.

The frontier DP (:mod:`.frontier_count`, whose rules :mod:`.frontier_sweep_py`
restates in Python and :class:`knight._core.sample.Stepper` in C, one state
at a time) decides the board's edges cell by cell; every tour is exactly
one walk through its states, from the empty state to a closure.

*Split tables* (the default where the DP counts by meet in the middle:
boards 5 to 7 wide and 5 or more long): the board is
cut where the DP cuts it, and each half keeps, in C
(:meth:`Stepper.build_half`), its states cell by cell with their numbers
of *ways* (partial configurations reaching them) and the transitions into
them.  The join of the two halves' final states (the DP's own) gives each
left state the sum of its partners' ways; a sample draws ``r`` uniform in
``[0, total)`` and reads from it a left final state, its partner, and one
way to each, walking back through the transitions
(:meth:`TourSampler._split_build` proves the bijection).  Each half stops
at the middle, where one sweep's states peak: 6x6 open keeps 5.6e6 states
instead of 2.4e7.  Ways are 64-bit where the count is below 2^64, else
read exactly from residues modulo primes kept for every state.

*Table* (boards narrower than 5, or where the split does not serve):
:class:`TourSampler` computes, once,
for every state the walk can reach, its number of *completions* (the tours
that pass through it).  In C (:meth:`Stepper.build`): the states cell by
cell in hash tables, then each one's completions from the last cell back,
in 64 bits; where a count passes 2^64 (long boards) or the keys pass one
word (boards wider than 7), by a memoised depth-first pass in Python with
exact ints.  A sample then draws one number ``r`` uniform in
``[0, total)`` and walks from the empty state, at each cell taking the
transition whose block of completions holds ``r``: each tour is the end of
exactly one such walk, so each is drawn with probability ``1 / total``.

*Recount* (where the tables would pass ``max_states``): self-reduction.
Each square of the path is drawn in turn, every candidate weighted by the
DP's count (:func:`.frontier_count.count_tours`, in C) of the paths that complete
the prefix through it: the Hamiltonian paths of the unvisited squares from
that candidate (to the square before the start, for a closed tour, drawn
first).  No table, but about ``squares x moves`` counts a tour.

Measured (benchmarks/bench_sample.py, two cores shared with other work):
split tables 6x6 closed 1.2e5 states in 0.08 s (one table: 5.9e5, 0.9 s),
6x6 open 5.6e6 states in 8 s and 0.4 GB (one table: 2.4e7, 82 s, 1.05 GB),
5x10 open 5.5e6 in 9 s, 6x8 closed 1.5e6 in 1.5 s, 6x7 open 1.8e7 in 27 s
and 0.9 GB (``max_states`` raised); each later sample 0.5-0.8 ms.  One
table: 5x5 open from a corner 0.1 s, 3x12 closed instantly.  Recounting:
about 0.2 s a tour on 3x12, 0.4 s on 5x5.  7x7 open (about 4e8 split
states) and 8x8 are refused.
"""

from __future__ import annotations

import bisect
import collections
import functools
import itertools
import threading
from typing import Any, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import existence, planner
from .._core.frontier_join import join, pair_mask, profiles, wanted
from .._core.sample import MAX_WIDTH as STEPPER_WIDTH
from .._core.sample import NO_MEMORY, OVERFLOW, TOO_MANY, Stepper
from ..board import Board
from ..errors import BoardTooLargeError, NoTourError
from ..geometry import (
    SMALL_JOB,
    Square,
    as_int,
    available_memory,
    check_memory,
)
from ..limits import check_bool
from ..tour import Tour
from . import (
    frontier_board,
    frontier_count,
    frontier_estimate,
    frontier_halves,
    frontier_moduli,
    frontier_run,
)
from .frontier_board import EMPTY
from .frontier_sweep_py import canon_key, decode, step_choices
from .sample_args import _as_board, _check_seed, _randbelow, _refusal

__all__ = [
    "DEFAULT_MAX_STATES", "METHOD", "METHODS", "RECOUNT_MAX_STATES", "TourSampler",
    "random_tour",
]

#: The ``method`` of the tours drawn here.
METHOD = "random-uniform"

#: The most DP states (summed over the cells and halves) a sampler's tables
#: keep by default when built in C: 6x6 open's split tables (5.6e6 states,
#: 8 s, 0.4 GB) fit; 7x7 open's (about 4e8) do not.
DEFAULT_MAX_STATES = 6_000_000

#: A ``max_states`` past this many is no bound but memory's: 2^40 states at
#: 64 bytes each are 64 TiB, more than a machine holds (and the C builds
#: take the bound as an int64).
MAX_STATES_BOUND = 2**40

#: The default for a table built in Python (boards wider than 7, or counts
#: past 2^64), at about 80 us a state instead of one or two.
PYTHON_MAX_STATES = 2_000_000

#: A state's transitions that lead to tours: (completions, next state's key
#: or -1 after a closure, the edges taken as square pairs).
_Choices: TypeAlias = "list[tuple[int, int, tuple[tuple[Square, Square], ...]]]"

#: The most states whose transitions a sampler keeps for later walks (the
#: first ones walked, near the start of the sweep, serve every walk; past
#: this many, a few hundred MB, they are recomputed).
KEEP_CHOICES = 200_000

#: How a sampler draws: from the two tables of a meet-in-the-middle split
#: ("split"), from one table of the whole sweep ("table"), by recounting
#: ("recount"), or ("auto") the split where the DP counts by splitting and
#: the tables fit, else the whole table where it fits, else recounting: the
#: planner's methods of the task ``"sample"`` (its engines ``split-sampler``,
#: ``table-sampler``, ``recount-sampler``).
METHODS = planner.methods("sample")

#: The largest estimated peak of one DP count that "auto" recounts with
#: (:func:`.frontier_estimate.estimate`; 6x6 open: 6.6e5 states, 5.3e6 with holes;
#: 6x8 open 5.7e6, minutes a tour; 7x7 open 4e7, 8x8 1.5e9: refused unless
#: method="recount" is asked for by name).
RECOUNT_MAX_STATES = 6_000_000


class _TableTooLarge(Exception):
    """The table would pass ``max_states`` (recounting may still serve)."""


#: The split tables' word: past 2^SPLIT_BITS tours they keep every state's
#: ways modulo primes too, and draws read exact ways.
SPLIT_BITS = 64

#: The most primes the split tables carry to tell the count exactly
#: (:meth:`Stepper.build_half` takes 16).
SPLIT_PRIMES = 16


#: Boards at least this wide (and splittable) are drawn from split tables by
#: default, as the DP counts them by meet in the middle
#: (:data:`.frontier_board.SPLIT_WIDTH`).
SPLIT_WIDTH = frontier_board.SPLIT_WIDTH


#: The fast alternative that error messages name.
FAST_HINT = ('for a fast random tour that is not uniformly distributed use '
             'knight.solve(..., method="warnsdorff", tie_break="random", seed=...)')


def _stepper(bd: frontier_board.SweepBoard) -> Stepper:
    """The C transitions of a prepared board (a whole one, or a half's)."""
    i32 = functools.partial(np.ascontiguousarray, dtype=np.int32)
    return Stepper(bd.W, bd.N, i32(bd.target), i32(bd.back), i32(bd.rem), i32(bd.fwd),
                   i32(bd.last_fwd), i32(bd.pinned), bd.last_needed, bd.path_mode)


def _exact_walk(st: Stepper, n: int, key: int, r: int,
                mods: list[int]) -> list[tuple[int, int]]:
    """:meth:`Stepper.walk_back` with exact ways (read modulo ``mods`` and put
    together by the Chinese remainder theorem), for counts past 2^64: the way
    numbered ``r`` to the final state ``key`` of a half of ``n`` cells, as
    (cell, back-edge slot) pairs from the last cell back."""
    d = st.final_index(key)
    edges: list[tuple[int, int]] = []
    for p in range(n - 1, -1, -1):
        chosen = None
        for src, c in st.edges_in(p + 1, d):
            w = frontier_moduli.crt(list(st.ways(p, src)), mods)
            if r < w:
                chosen = (src, c)
                break
            r -= w
        if chosen is None:
            raise RuntimeError(f"split tables inconsistent at cell {p}")
        d = chosen[0]
        edges.extend((p, j) for j in st.choice_slots(p, d, chosen[1]))
    return edges


class _HalfTables(NamedTuple):
    """One half's tables, as a sampler keeps them: its part of the board and
    the stepper that built them; its final states' keys, ways (word 0; then
    the prime words, one row a state) and profiles (the right half's sorted
    by profile); its slot map of the boundary."""

    part: frontier_halves.Part
    stepper: Stepper
    keys: npt.NDArray[np.uint64]
    ways: npt.NDArray[np.uint64]
    prof: npt.NDArray[np.uint64]
    ways2: npt.NDArray[np.uint64]
    bmap: npt.NDArray[np.int32]

    def join_args(self) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64],
                                 npt.NDArray[np.uint64], npt.NDArray[np.int32],
                                 npt.NDArray[np.uint64]]:
        """This half's arguments of ``join``: the keys' two words (the second
        zero), the ways of each state in a row, the map, the profiles."""
        return (self.keys, np.zeros_like(self.keys),
                np.column_stack((self.ways, self.ways2)).ravel(), self.bmap, self.prof)


class _SplitTables(NamedTuple):
    """The two halves' tables and the join's inputs, as a sampler keeps them:
    the left (half 0) and right (half 1) tables, the boundary's targets and
    the moduli of the ways' words."""

    left: _HalfTables
    right: _HalfTables
    tg: npt.NDArray[np.int32]
    mods: list[int]


class TourSampler:
    """Uniformly random tours of one board, the DP built once for many draws.

    ``board_or_rows``, ``cols``: a ``rows`` x ``cols`` knight board, or a
    :class:`knight.Board` (``cols`` not given) that the frontier DP counts:
    flat, holes allowed, for the knight, king, wazir, ferz or dabbaba.

    The distribution:

    * open tours (``closed=False``): every directed tour from ``start``
      equally likely, or with ``start=None`` every directed tour from
      every start (an undirected path uniformly, then one of its two
      directions by a fair coin).  :attr:`count` is then
      ``knight.count(board, start=start)``;
    * closed tours: every undirected cycle equally likely
      (:attr:`count` is ``knight.count(board, closed=True)``), returned
      from ``start`` (default: the first usable square in row-major order,
      ``(0, 0)`` on a full board) in one of its two directions by a fair
      coin: so every directed closed tour from that square has probability
      ``1 / (2 * count)``.

    ``method``: ``"split"`` cuts the board where the DP's meet in the
    middle cuts it and keeps both halves' states with their ways and the
    transitions into them, about 60 bytes a state, built in C (6x6 closed:
    1.2e5 states, 0.1 s; 6x6 open: 5.6e6, 8 s and 0.4 GB; 6x7 open: 1.8e7,
    27 s, with ``max_states`` raised); ``"table"`` keeps every state of one
    sweep with its number of completions, 32 to 64 bytes each (5x5 open:
    1.1e5 states, 0.2 s; 6x6 open: 2.4e7, over a minute and a GB); each
    later sample is a walk of a millisecond or less.  ``"recount"`` keeps
    nothing and draws each square of the tour in turn, weighted by the DP's
    counts of the completions (about 10 s a tour on 6x6 open); asked for by
    name it takes any board the DP counts, however long its counts take
    (7x7 open from a corner: a first count of 97 s, then 15 min a tour,
    120 counts of up to 2 min).  ``"auto"``
    (default) splits boards 5 to 7 wide and 5 or more long (their counts
    past 2^64 too: 5x30 closed), takes one table for the others, and
    recounts where the
    tables pass ``max_states`` states (default :data:`DEFAULT_MAX_STATES`,
    six million, or :data:`PYTHON_MAX_STATES`, two million, for a table
    built in Python); after building, :attr:`method` says which one serves.
    ``max_states`` is a bound, not an allocation: the tables grow with the
    states the board needs, so a bound past the memory available means as
    many as fit, and only a board that needs more is recounted (or, with
    ``method="table"`` or ``"split"``, refused).
    :attr:`states` is the number of states kept (0 when recounting).

    Boards wider than the DP takes, and (unless ``method="recount"``)
    boards too large both to table and to recount quickly (7x7 open: about
    4e8 split states, and counts of an estimated 4e7 states to recount;
    8x8), raise
    :class:`knight.BoardTooLargeError`; boards it cannot count at all (a
    cylinder or torus, another leaper) ``ValueError``; both messages name
    the fast, non-uniform ``knight.solve(..., method="warnsdorff",
    tie_break="random", seed=...)``.  A board without such a tour raises
    :class:`knight.NoTourError`, before any table where a theorem answers
    (7x7 closed: an odd number of squares).

    >>> import knight
    >>> sampler = knight.TourSampler(knight.Board(5, holes=["c3"]), start=(0, 0))
    >>> sampler.count
    16
    >>> tour = sampler.sample(seed=1)
    >>> tour.start, len(tour), tour.method
    ((0, 0), 24, 'random-uniform')
    >>> tour == sampler.sample(seed=1)
    True
    >>> len(sampler.samples(3, seed=2))
    3
    """

    def __init__(self, board_or_rows: int | Board, cols: int | None = None, *,
                 start: Square | str | None = None, closed: bool = False,
                 max_states: int | None = None, method: str = "auto") -> None:
        board = _as_board(board_or_rows, cols)
        self.closed = check_bool(closed, "closed")
        planner.check_method("sample", method)
        limit = DEFAULT_MAX_STATES if max_states is None else as_int(max_states, "max_states")
        if limit < 1:
            raise ValueError(f"max_states must be at least 1, got {limit}")
        limit = min(limit, MAX_STATES_BOUND)
        #: The limit of a table built in Python.
        self._py_limit = PYTHON_MAX_STATES if max_states is None else limit
        why = _refusal(board)
        if why is not None:
            raise ValueError(f"random tours are uniform only where the frontier DP counts "
                             f"the tours, and {why}: {FAST_HINT}")
        sq = None if start is None else board.square(start, "start")
        # The colour arguments and theorems answer "none" before any table.
        why = existence.board_reason(board, sq, self.closed)
        if why is not None:
            kind = "closed" if self.closed else "open"
            where = "" if sq is None else f" from {sq}"
            raise NoTourError(f"the {board.describe()} has no {kind} tour{where}: {why}")
        self.board = board
        self.start: Square | None = sq
        self.max_states = limit
        #: How the tours are drawn: "split", "table" or "recount" (see the class notes).
        self.method = method
        self._build()

    # -- the table --------------------------------------------------------------

    def _build(self) -> None:
        board = self.board
        rows, cols = board.shape
        mask = None if board.is_full else np.ascontiguousarray(board.mask, dtype=np.bool_)
        pin = [] if self.closed or self.start is None else [self.start[0] * cols + self.start[1]]
        bx = frontier_board.crop(rows, cols, mask, pin)
        self._box = bx
        n = bx.squares
        desc = board.describe()
        kind = "closed" if self.closed else "open"
        where = "" if self.start is None else f" from {self.start}"
        if self.closed and n < 3:
            raise NoTourError(f"a closed tour needs at least 3 squares; the {desc} has {n}")
        try:
            bd = frontier_board.prepare(bx.rows, bx.cols, removed=bx.removed, pinned=bx.pinned,
                                  path_mode=not self.closed,
                                  moves=frontier_board.check_moves(board.moves))
        except BoardTooLargeError:
            raise BoardTooLargeError(
                f"the frontier DP counts boards at most {frontier_board.MAX_WIDTH} squares wide, "
                f"and the {desc} is {min(bx.rows, bx.cols)} wide once cut down to its usable "
                f"rows and columns: {FAST_HINT}") from None
        self._bd = bd
        self._S = 2 * bd.W + 1
        self._stepper: Stepper | None = None
        if bd.W <= STEPPER_WIDTH:  # keys of one word: the C transitions
            self._stepper = _stepper(bd)
        self._memo: list[dict[int, int]] = []
        self._ctable = False
        self._kept: dict[tuple[int, int], _Choices] = {}
        self.states = 0
        if bd.trivial is not None:
            undirected = bd.trivial
            self.method = "table"
        elif self.method == "recount":
            undirected = self._recount_setup()
        else:
            split_why = self._split_reason()
            if self.method == "split" and split_why:
                raise ValueError(f"method='split' needs {split_why}")
            try:
                undirected = -1
                if self.method == "split" or (self.method == "auto" and not split_why
                                              and bd.W >= SPLIT_WIDTH):
                    undirected = self._split_build()
                    self.method = "split"
                if undirected < 0:
                    if self._stepper is None:  # the C build stops at max_states itself
                        self._precheck(bd)
                    undirected = self._table()
                    self.method = "table"
            except _TableTooLarge as e:
                if self.method in ("table", "split"):
                    raise BoardTooLargeError(str(e)) from None
                # A split that fails at its second half has counted the first's states.
                self._memo = []
                self.states = 0
                undirected = self._recount_setup(str(e))
                self.method = "recount"
        if undirected == 0:
            raise NoTourError(f"the {desc} has no {kind} tour{where} (frontier DP count 0)")
        self._undirected = undirected
        if self.closed or self.start is not None or n == 1:
            self.count = undirected
        else:
            self.count = 2 * undirected  # each path from either end

    def _refusal(self, limit: int | None = None, memory: bool = False) -> str:
        bound = (f"the {limit:,} that the memory available holds" if memory
                 else f"max_states={self.max_states if limit is None else limit:,}")
        return (f"a uniform random tour of the {self.board.describe()} needs the frontier "
                f"DP's states in a table, and there are more than {bound}; {FAST_HINT}")

    def _room(self, per_state: int) -> int:
        """The most states to keep at ``per_state`` bytes each: ``max_states``,
        or fewer where the memory available holds fewer.  A bound is not an
        allocation (the tables grow with the states the board needs), so it
        is clamped, not refused: only a board that needs more states than
        fit is refused, once its build passes them."""
        if per_state * self.max_states < SMALL_JOB:
            return self.max_states
        return max(1, min(self.max_states, available_memory() // per_state))

    def _precheck(self, bd: frontier_board.SweepBoard) -> None:
        """Refuse, at C speed, a board whose states pass ``max_states``: the
        Cython core's sweep with mirror folding keeps at most as many states
        per cell as the table would (at least half as many), and it stops as
        soon as one cell's table passes that many entries' memory."""
        mods = frontier_moduli.moduli_for(frontier_moduli.count_bound(bd))
        esz = 8 * ((1 if self._S <= 15 else 2) + len(mods))
        try:
            _, info = frontier_run._run_core(bd, mods,
                                         max_bytes=max(1 << 20, 8 * self._py_limit * esz))
        except BoardTooLargeError:
            raise _TableTooLarge(self._refusal(self._py_limit)) from None
        folded = int(info.sizes.sum())
        if folded > self._py_limit:
            raise _TableTooLarge(self._refusal(self._py_limit).replace(
                "more than", f"at least {folded:,}, more than"))

    def _table(self) -> int:
        """Build the table; return the number of undirected tours.  In C
        (:meth:`Stepper.build`, counts in 64 bits) where the keys fit one
        word, else, or when a count passes 2^64, in Python with exact ints."""
        if self._stepper is not None:
            # At most 64 bytes a state: two words a slot, the tables at least 1/4 full.
            limit = self._room(64)
            got = self._stepper.build(limit)
            if got == TOO_MANY:
                raise _TableTooLarge(self._refusal(limit, memory=limit < self.max_states))
            if got == NO_MEMORY:
                raise MemoryError(f"the sampler's table of the {self.board.describe()}: "
                                  "out of memory")
            if got != OVERFLOW:
                self.states = got
                self._ctable = True
                return int(self._stepper.total)
        return self._completions()

    def _comp(self, p: int, key: int) -> int:
        """The completions of state ``key`` before cell p (0: none)."""
        if self._ctable:
            return int(self._stepper.completions(p, key))  # type: ignore[union-attr]
        return self._memo[p].get(key, 0)

    def _successors(self, p: int, key: int) -> list[int]:
        """The keys of the states after cell p from state ``key`` (-1: a closure)."""
        if self._stepper is not None:
            return self._stepper.successors(p, key)
        b = decode(key, self._S) + [EMPTY]
        return [-1 if closed else canon_key(a)  # type: ignore[arg-type]
                for a, closed, _ in step_choices(b, p, self._bd, self._bd.path_mode)]

    def _transitions(self, p: int, key: int) -> list[tuple[int, tuple[int, ...]]]:
        """(next key or -1, back-edge slots taken) for each transition."""
        if self._stepper is not None:
            return self._stepper.choices(p, key)
        b = decode(key, self._S) + [EMPTY]
        return [(-1 if closed else canon_key(a), sub)  # type: ignore[arg-type]
                for a, closed, sub in step_choices(b, p, self._bd, self._bd.path_mode)]

    def _completions(self) -> int:
        """Fill ``_memo[p]`` (state before cell p -> its completions) for every
        state reachable from the empty one; return the empty state's count,
        the number of undirected tours.  Depth-first with an explicit stack
        (boards are up to thousands of cells long), each state expanded once."""
        N, limit, states = self._bd.N, self._py_limit, 1
        memo: list[dict[int, int]] = [{} for _ in range(N + 1)]
        frames: list[list[Any]] = [[0, 0, self._successors(0, 0), 0, 0]]
        while frames:
            f = frames[-1]
            p, key, succ, i, acc = f
            nxt = memo[p + 1]
            child = None
            while i < len(succ):
                k = succ[i]
                i += 1
                if k < 0:
                    acc += 1
                elif p + 1 < N:  # states left after the last cell close nothing
                    v = nxt.get(k)
                    if v is None:
                        child = k
                        break
                    acc += v
            if child is not None:
                f[3], f[4] = i, acc
                states += 1
                if states > limit:
                    raise _TableTooLarge(self._refusal(limit))
                frames.append([p + 1, child, self._successors(p + 1, child), 0, 0])
                continue
            memo[p][key] = acc
            frames.pop()
            if frames:
                frames[-1][4] += acc
        total = memo[0][0]
        self.states = states
        # the walk only asks for states with completions
        self._memo = [{k: v for k, v in m.items() if v} for m in memo]
        return total

    # -- the split tables (meet in the middle) ---------------------------------

    def _split_reason(self) -> str:
        """Why the split tables cannot serve this board ('' when they can)."""
        bd = self._bd
        if bd.trivial is not None:
            return "a board of two or more squares"
        if bd.W > STEPPER_WIDTH:
            return f"a board at most {STEPPER_WIDTH} squares wide once cropped"
        if bd.W < 3 or bd.L < 5:
            return "a board at least 3 squares wide and 5 long once cropped"
        if len(frontier_moduli.moduli_for(frontier_moduli.count_bound(bd))) > 1 + SPLIT_PRIMES:
            return f"a board the DP bounds below 2^{64 + 62 * SPLIT_PRIMES} tours"
        return ""

    def _split_build(self) -> int:
        """Build both halves' tables and the weights of the join; return the
        number of undirected tours.

        The board is cut where the DP's meet in the middle cuts it
        (:func:`.frontier_halves.make_part`): half 0 sweeps from the first column
        to the cut, half 1 (the board turned 180 degrees) from the last.
        Each keeps its states cell by cell with their numbers of *ways*
        (partial configurations reaching them) and the transitions into
        them (:meth:`Stepper.build_half`).  A tour is one way to a final
        state ``a`` of half 0, one way to a final state ``b`` of half 1,
        the two compatible (the join's test).  With ``F``, ``G`` their ways
        and ``J(a)`` the sum of ``G(b)`` over ``a``'s partners (the join,
        per left state), the tours number ``sum F(a) J(a)``; a draw of
        ``r`` in ``[0, total)`` picks ``a`` by the prefix sums of
        ``F(a) J(a)``, then ``b`` among the partners by ``G(b)``, then each
        half's way by walking back through its transitions: a bijection,
        so every tour is drawn with probability ``1 / total``.

        The ways are kept modulo 2^64, which is exact for every state on
        some tour when ``total < 2^64`` (such a state has at most ``total``
        ways; the others are never drawn), and modulo as many primes near
        2^63 as the DP's bound on ``total`` needs (:func:`.frontier_moduli.moduli_for`,
        as the count itself), so that the join's sums tell ``total`` exactly.
        Past 2^64 (long boards) the tables are built again keeping every
        state's ways modulo the primes that ``total`` needs, and the draw
        reads exact ways by the Chinese remainder theorem (:func:`_exact_walk`).
        """
        bd = self._bd
        limit = self._room(80)
        cut = frontier_board.default_cut(bd.L)
        moves = frontier_board.check_moves(self.board.moves)
        bx = self._box
        parts = [frontier_halves.make_part(bx.rows, bx.cols, path_mode=bd.path_mode, cut=cut,
                                    side=side, pinned=bx.pinned, removed=bx.removed,
                                    moves=moves, every_end=True) for side in (0, 1)]
        words = frontier_moduli.moduli_for(frontier_moduli.count_bound(bd))
        total, per_left = self._halves(parts, words, limit, keep=False)
        self._exact: tuple[list[int], list[int], list[int]] | None = None
        if total >> SPLIT_BITS:
            words = frontier_moduli.moduli_for(total)
            check_memory((80 + 8 * len(words)) * self.states,
                         f"the split tables of the {self.board.describe()} with its ways "
                         f"modulo {len(words) - 1} primes")
            again, per_left = self._halves(parts, words, limit, keep=True)
            if again != total:
                raise RuntimeError("split tables inconsistent: two builds differ")
            self._exact = self._exact_weights(per_left)
            return total
        cum = np.cumsum(self._split.left.ways * per_left, dtype=np.uint64)  # F(a) J(a)
        if total != (int(cum[-1]) if len(cum) else 0):
            raise RuntimeError("split tables inconsistent: the join's sum differs")
        self._cum, self._per_left = cum, per_left
        return total

    def _halves(self, parts: list[frontier_halves.Part], words: list[int], limit: int,
                keep: bool) -> tuple[int, npt.NDArray[np.uint64]]:
        """Build both halves' tables (ways modulo ``words``: 2^64, then
        primes) and join their final states, keeping at most ``limit``
        states in all; return the exact total and each left state's
        partners' ways (every word when ``keep``, else word 0)."""
        bd = self._bd
        i32 = functools.partial(np.ascontiguousarray, dtype=np.int32)
        primes = np.array(words[1:] or frontier_moduli.primes(1), dtype=np.uint64)
        mods = [1 << 64] + primes.tolist()
        tables = []
        room = limit  # the states the halves built so far leave
        self.states = 0
        for part in parts:
            st = _stepper(part.board)
            got = st.build_half(room, primes, keep)
            if got == TOO_MANY:
                raise _TableTooLarge(self._refusal(limit, memory=limit < self.max_states))
            if got == NO_MEMORY:
                raise MemoryError(f"the sampler's split tables of the "
                                  f"{self.board.describe()}: out of memory")
            room -= got
            self.states += got
            tables.append((st, *st.final_table()))
        W, tg = bd.W, i32(parts[0].btarget)
        halves = []
        for side, (part, (st, keys, ways, ways2)) in enumerate(zip(parts, tables)):
            bmap = i32(part.bmap)
            prof = np.empty(len(keys), dtype=np.uint64)
            profiles(W, keys, np.zeros_like(keys), bmap, tg, prof)
            if side:  # the right half by profile: a draw looks its partners up there
                order = np.argsort(prof, kind="stable")
                keys, ways, ways2, prof = (np.ascontiguousarray(a[order])
                                           for a in (keys, ways, ways2, prof))
            halves.append(_HalfTables(part, st, keys, ways, prof, ways2, bmap))
        left, right = halves
        per_left = np.zeros(len(left.keys) * (len(mods) if keep else 1), dtype=np.uint64)
        result = np.zeros(len(mods), dtype=np.uint64)
        info = np.zeros(3, dtype=np.int64)
        join(W, bd.path_mode, tg, *left.join_args(), *right.join_args(),
             np.array([0] + mods[1:], dtype=np.uint64), result, info, 0.0, per_left)
        self._split = _SplitTables(left, right, tg, mods)
        return frontier_moduli.crt(result.tolist(), mods), per_left

    def _exact_weights(self, per_left: npt.NDArray[np.uint64]
                       ) -> tuple[list[int], list[int], list[int]]:
        """Exact ints for a count past 2^64: each left final state's partners'
        ways ``J``, its ways ``F`` and the prefix sums of ``F J``."""
        left, mods = self._split.left, self._split.mods
        nw = len(mods)
        rows = per_left.reshape(-1, nw).tolist()
        J = [frontier_moduli.crt(row, mods) if any(row) else 0 for row in rows]
        F = [frontier_moduli.crt([int(w)] + r, mods) if j else 0
             for w, r, j in zip(left.ways.tolist(), left.ways2.tolist(), J)]
        return J, F, list(itertools.accumulate(f * j for f, j in zip(F, J)))

    def _split_walk(self, r: int) -> list[tuple[Square, Square]]:
        """The edges of the tour numbered ``r`` in ``[0, total)`` (see
        :meth:`_split_build`)."""
        left, right, tg, mods = self._split
        rkeys, rways, rprof, rways2 = right.keys, right.ways, right.prof, right.ways2
        bd, exact = self._bd, self._exact
        if exact is None:
            i = int(np.searchsorted(self._cum, np.uint64(r), side="right"))
            r -= int(self._cum[i - 1]) if i else 0
            J = int(self._per_left[i])
        else:
            i = bisect.bisect_right(exact[2], r)
            r -= exact[2][i - 1] if i else 0
            J = exact[0][i]
        u, v = divmod(r, J)  # u: half 0's way, v: the partner and its way
        lkey = int(left.keys[i])
        pick = None
        for want in wanted(bd.W, bd.path_mode, tg, int(left.prof[i])):
            a = int(np.searchsorted(rprof, np.uint64(want), side="left"))
            b = int(np.searchsorted(rprof, np.uint64(want), side="right"))
            if a == b:
                continue
            ok = np.empty(b - a, dtype=np.uint8)
            pair_mask(bd.W, bd.path_mode, lkey, 0, left.bmap, rkeys[a:b],
                      np.zeros(b - a, dtype=np.uint64), right.bmap, ok)
            for x in np.flatnonzero(ok).tolist():
                w = int(rways[a + x]) if exact is None else \
                    frontier_moduli.crt([int(rways[a + x])] + rways2[a + x].tolist(), mods)
                if v < w:
                    pick = a + x
                    break
                v -= w
            if pick is not None:
                break
        if pick is None:
            raise RuntimeError("split tables inconsistent: no partner for the draw")
        N = bd.N
        edges = []
        for side, (half, key, way) in enumerate(((left, lkey, u), (right, int(rkeys[pick]), v))):
            back = half.part.board.back
            for p, j in (half.stepper.walk_back(key, way) if exact is None else
                         _exact_walk(half.stepper, half.part.board.N, key, way, mods)):
                q = back[4 * p + j]
                if side:  # half 1 is the board turned 180 degrees
                    p, q = N - 1 - p, N - 1 - q
                edges.append((self._square(p), self._square(q)))
        return edges

    # -- drawing ----------------------------------------------------------------

    def _choices(self, p: int, key: int) -> _Choices:
        """The transitions at cell p from state ``key`` that lead to tours:
        (completions, next key or -1 after a closure, the edges as square
        pairs), computed once per state the walks visit and kept."""
        got = self._kept.get((p, key))
        if got is not None:
            return got
        bd, N = self._bd, self._bd.N
        out = []
        for nk, sub in self._transitions(p, key):
            if nk < 0:
                w = 1
            elif p + 1 < N:
                w = self._comp(p + 1, nk)
            else:
                continue
            if w:
                here = self._square(p)
                out.append((w, nk, tuple((here, self._square(bd.back[4 * p + j]))
                                         for j in sub)))
        if len(self._kept) < KEEP_CHOICES:
            self._kept[(p, key)] = out
        return out

    def _walk(self, r: int) -> list[tuple[Square, Square]]:
        """The edges of the tour numbered ``r`` in ``[0, total)``."""
        key = 0
        edges: list[tuple[Square, Square]] = []
        for p in range(self._bd.N):
            for choice in self._choices(p, key):
                if r < choice[0]:
                    break
                r -= choice[0]
            else:  # the completions of each state sum to its count
                raise RuntimeError(f"sampler table inconsistent at cell {p}")
            edges.extend(choice[2])
            if choice[1] < 0:
                return edges
            key = choice[1]
        raise RuntimeError("sampler walk ran past the last cell")

    def _square(self, cell: int) -> Square:
        """The square of the given board at a cell of the sweep."""
        bd, bx = self._bd, self._box
        if bx.rows <= bx.cols:
            r, c = cell % bd.W, cell // bd.W
        else:
            r, c = divmod(cell, bd.W)
        return (r + bx.top, c + bx.left)

    def _path(self, rng: np.random.Generator) -> list[Square]:
        if self._bd.trivial is not None:  # one square
            return [self._square(self._bd.pinned[0]) if self._bd.pinned else
                    self._square(self._bd.target.index(2))]
        if self.method == "recount":
            return self._recount_path(rng)
        r = _randbelow(rng, self._undirected)
        edges = self._split_walk(r) if self.method == "split" else self._walk(r)
        adj: dict[Square, list[Square]] = {}
        for su, sv in edges:
            adj.setdefault(su, []).append(sv)
            adj.setdefault(sv, []).append(su)
        flip = int(rng.integers(0, 2))
        if self.closed:
            first = self.start if self.start is not None else \
                (int(self.board.squares[0][0]), int(self.board.squares[0][1]))
            path, prev, cur = [first], first, adj[first][flip]
            while cur != first:
                path.append(cur)
                prev, cur = cur, next(x for x in adj[cur] if x != prev)
        else:
            ends = sorted(sq for sq, nb in adj.items() if len(nb) == 1)
            cur = self.start if self.start is not None else ends[flip]
            path, prev = [cur], cur
            while len(path) < len(adj):
                prev, cur = cur, next(x for x in adj[cur] if x != prev)
                path.append(cur)
        return path

    # -- recounting (boards whose table is too large) ---------------------------------

    def _first_square(self) -> Square:
        if self.start is not None:
            return self.start
        return (int(self.board.squares[0][0]), int(self.board.squares[0][1]))

    def _neighbours(self, sq: Square, free: npt.NDArray[np.bool_]) -> list[Square]:
        rows, cols = self.board.shape
        out = []
        for dr, dc in sorted(set(self.board.moves)):
            q = (sq[0] + dr, sq[1] + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and free[q]:
                out.append(q)
        return out

    def _paths(self, free: npt.NDArray[np.bool_], start: Square, end: Square | None) -> int:
        """Directed paths over the squares ``free`` from ``start`` (to ``end``):
        one frontier DP count, in C."""
        cols = self.board.cols
        return frontier_count.count_tours(
            self.board.rows, cols, start=start[0] * cols + start[1],
            end=None if end is None else end[0] * cols + end[1], mask=free,
            moves=self._moves)

    def _recount_setup(self, why: str = "") -> int:
        """Recounting draws each square of the path in turn, weighting every
        next square by the DP's count of the paths that complete the prefix
        through it; here, the weights of the first choice (the start, or for
        a closed tour the last square before returning to the start), kept.
        Returns the number of undirected tours."""
        board = self.board
        self._moves = frontier_board.check_moves(board.moves)
        rows, cols = board.shape
        mask = np.ascontiguousarray(board.mask, dtype=np.bool_)
        est, _ = frontier_estimate.estimate(rows, cols, "path",
                                            mask=None if board.is_full else mask,
                                            moves=self._moves)
        # Asked for by name, recounting goes ahead however long its counts
        # take (7x7 open from a corner: 120 counts, 15 min a tour); chosen
        # by "auto", it stops here and says so.
        if est > RECOUNT_MAX_STATES and why:
            raise BoardTooLargeError(
                why.replace(f"; {FAST_HINT}", "") + ", and recounting it needs counts of an "
                f"estimated {est:,} states each, more than {RECOUNT_MAX_STATES:,} (method="
                f"'recount' draws one anyway, at about squares x moves such counts a tour); "
                f"{FAST_HINT}")
        self._free = mask
        if self.closed:
            # a directed closed tour from f is a path from f to a neighbour e of f
            f = self._first_square()
            ends = self._neighbours(f, mask)
            self._firsts = [(e, self._paths(mask, f, e)) for e in ends]
            return sum(w for _, w in self._firsts) // 2
        starts = [self.start] if self.start is not None else \
            [(int(r), int(c)) for r, c in board.squares]
        self._firsts = [(sq, self._paths(mask, sq, None)) for sq in starts]
        total = sum(w for _, w in self._firsts)
        return total if self.start is not None else total // 2

    def _recount_path(self, rng: np.random.Generator) -> list[Square]:
        def pick(weighted: list[tuple[Square, int]]) -> Square:
            r = _randbelow(rng, sum(w for _, w in weighted))
            for sq, w in weighted:
                if r < w:
                    return sq
                r -= w
            raise RuntimeError("recount weights inconsistent")

        free = self._free.copy()
        end: Square | None = None
        if self.closed:
            end = pick(self._firsts)
            first = self._first_square()
        else:
            first = pick(self._firsts)
        path = [first]
        free[first] = False
        left = int(free.sum())
        while left:
            c = path[-1]
            weighted = []
            for q in self._neighbours(c, free):
                if left == 1:
                    w = 1 if end is None or q == end else 0
                else:
                    w = self._paths(free, q, end)
                if w:
                    weighted.append((q, w))
            q = pick(weighted)
            path.append(q)
            free[q] = False
            left -= 1
        return path

    def sample(self, seed: int | np.random.Generator | None = None) -> Tour:
        """One tour, drawn from the distribution described above (seeded:
        ``seed`` an int or a ``numpy.random.Generator``, None for fresh
        entropy).  The tour is verified as every :class:`knight.Tour` is."""
        rng = _check_seed(seed)
        return self._tour(rng, seed)

    def samples(self, k: int, seed: int | np.random.Generator | None = None) -> list[Tour]:
        """``k`` independent tours, drawn with one generator made from ``seed``
        (each tour's ``seed`` attribute is that of the whole sequence)."""
        k = as_int(k, "k")
        if k < 0:
            raise ValueError(f"k must be non-negative, got {k}")
        rng = _check_seed(seed)
        return [self._tour(rng, seed) for _ in range(k)]

    def _tour(self, rng: np.random.Generator, seed: Any) -> Tour:
        import time

        t0 = time.perf_counter()
        path = self._path(rng)
        grid = np.full(self.board.shape, -1, dtype=np.int32)
        for i, sq in enumerate(path):
            grid[sq] = i
        return Tour(grid, closed=self.closed, method=METHOD,
                    seconds=time.perf_counter() - t0,
                    seed=int(seed) if isinstance(seed, (int, np.integer)) else None,
                    layout=self.board)

    def __repr__(self) -> str:
        if not hasattr(self, "count"):  # raised while building (a traceback shows it)
            return f"<TourSampler of {getattr(self, 'board', '?')!r}, not built>"
        return (f"TourSampler({self.board!r}, start={self.start}, closed={self.closed}, "
                f"count={self.count}, states={self.states})")


#: random_tour keeps the samplers of its last boards: at most this many, and
#: beyond the last one built, at most KEEP_STATES states in all (one 6x6 open
#: table, or many small ones; not eight of 0.4 GB each).
KEEP_SAMPLERS = 8
KEEP_STATES = DEFAULT_MAX_STATES

_kept_samplers: collections.OrderedDict[tuple[Any, ...], TourSampler] = \
    collections.OrderedDict()
_kept_lock = threading.Lock()


def _sampler(board: Board, start: Square | None, closed: bool, max_states: int | None,
             method: str) -> TourSampler:
    """The kept sampler of these arguments, or a new one, kept (the oldest
    ones dropped past :data:`KEEP_SAMPLERS` or the states budget)."""
    args = (board, start, closed, max_states, method)
    with _kept_lock:
        got = _kept_samplers.get(args)
        if got is not None:
            _kept_samplers.move_to_end(args)
            return got
    made = TourSampler(board, start=start, closed=closed, max_states=max_states, method=method)
    with _kept_lock:
        _kept_samplers[args] = made
        _kept_samplers.move_to_end(args)
        while len(_kept_samplers) > 1 and (
                len(_kept_samplers) > KEEP_SAMPLERS
                or sum(k.states for k in _kept_samplers.values()) > KEEP_STATES):
            _kept_samplers.popitem(last=False)
    return made


def random_tour(board_or_rows: int | Board, cols: int | None = None, *,
                start: Square | str | None = None, closed: bool = False,
                seed: int | np.random.Generator | None = None,
                max_states: int | None = None, method: str = "auto") -> Tour:
    """A uniformly random tour: every tour of the board equally likely.

    The distribution, the boards served, the errors, ``max_states`` and
    ``method`` are those of :class:`knight.TourSampler`: open tours are
    directed, from ``start`` or from any square; a closed tour is a
    uniformly random undirected cycle, returned from ``start`` (default:
    the first usable square) in a random direction.  ``seed``: an int or a
    ``numpy.random.Generator`` (None: fresh entropy); the same seed gives
    the same tour.  The samplers of the last eight boards are kept, so the
    first call on a board pays for the DP's table and later ones only for
    a walk (as long as they hold six million states in all: past that the
    oldest go); build a :class:`knight.TourSampler` to hold one yourself.

    >>> import knight
    >>> tour = knight.random_tour(3, 4, seed=7)
    >>> len(tour), tour.method
    (12, 'random-uniform')
    >>> knight.random_tour(3, 10, closed=True, seed=3).closed
    True
    """
    board = _as_board(board_or_rows, cols)
    check_bool(closed, "closed")
    rng = _check_seed(seed)
    sq = None if start is None else board.square(start, "start")
    limit = None if max_states is None else as_int(max_states, "max_states")
    planner.check_method("sample", method)
    sampler = _sampler(board, sq, bool(closed), limit, method)
    return sampler._tour(rng, seed)

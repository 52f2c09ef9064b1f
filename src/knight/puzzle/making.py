"""Making puzzles: :func:`make`, a puzzle with a unique solution and few
clues from a seed, every check bounded in search nodes so that a seed makes
the same puzzle on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

from ..board import Board, as_board
from ..errors import DeadEndError, NoTourError, SearchLimitError
from ..geometry import Square, as_int
from ..limits import check_bool
from ..solver import solve as _solve_tour
from ..tour import Tour
from .clue_search import solutions_within
from .value import Puzzle

#: How many tours :func:`make` tries when ``clues=N`` asks for fewer clues
#: than one tour reached.
MAKE_TOURS = 8

#: :func:`make` starts from the clues on every ``MAKE_GAP``-th step of the
#: tour (from a random offset): gaps of at most ``MAKE_GAP - 1`` unknown
#: squares, so the first searches answer at once, and usually already a
#: unique solution.
MAKE_GAP = 3

#: The most search nodes one check of :func:`make` may take (the search
#: stops at the first multiple of 16384 nodes past it): a clue whose removal
#: a check cannot settle within them stays, and a second solution a check
#: cannot find within them counts as found.  Nodes, not seconds, so a seed
#: makes the same puzzle on every machine.  Proving a sparse 8x8 puzzle
#: unique can take a search of seconds; these checks take milliseconds.
MAKE_MAX_NODES = 1 << 15


def make(board: Board | int, *, seed: int, clues: int | None = None,
         symmetric: bool = False, closed: bool = False) -> Puzzle:
    """A puzzle on ``board`` with a unique solution and few clues, made from ``seed``.

    The same arguments make the same puzzle on every machine (every limit
    is counted in search nodes, not seconds).  The steps:

    1. A random tour of the board (closed with ``closed=True``): Warnsdorff's
       rule with random tie-breaks from random starts, and when that keeps
       failing (boards with holes, other pieces) a search in a shuffled move
       order.  It is the puzzle's :attr:`~Puzzle.solution`.
    2. Clues on every :data:`.MAKE_GAP`-th step of the tour, from a random
       offset; then, while the clue search (that of :func:`knight.tours`
       with ``clues=``) finds a second solution, a square on which it differs
       from the tour becomes a clue, so each added clue rules out a solution
       the clues so far allow.
    3. The clues, in a random order, each removed when the solution stays
       unique without it (the search of :func:`knight.count` with
       ``limit=2``).  The result is a puzzle from which no clue can be
       removed, as far as the checks can tell.

    Every check is bounded by :data:`.MAKE_MAX_NODES` search nodes: a clue
    whose removal a check cannot settle within them stays, and when step 2
    can neither find a second solution nor rule one out, a random clue is
    added.  So the clues are few, not always the fewest: proving a sparse
    8x8 puzzle unique can take a search of seconds, and the checks take
    milliseconds (an 8x8 knight puzzle takes about 0.2 s, with 10 to 20
    clues, 14 typically; see ``benchmarks/bench_puzzle.py``).

    ``symmetric=True`` chooses and removes clues in pairs of squares that a
    half turn of the board swaps (a centre square is its own pair); the
    board's holes must be symmetric that way.

    ``clues=N`` asks for exactly N clues: the removal stops at N, and when
    it reached fewer, clues from the solution are added back (uniqueness
    stays).  When one tour does not get down to N, other tours are tried
    (:data:`.MAKE_TOURS` in all); when none does, ``ValueError`` says the
    fewest clues reached, and a larger N, or another seed, may work.
    With ``symmetric=True`` a board with no centre square has only even
    numbers of clues: an odd N is refused.

    The tiniest boards make puzzles too: a one-square board's has no clue
    (its one tour is the solution), and a board that is one path (1x2 for
    the wazir, 4x1 for the king) needs one clue, which tells the path's two
    directions apart.

    >>> import knight
    >>> p = knight.puzzle.make(knight.Board(5, 5), seed=1)
    >>> knight.puzzle.count(p), len(p.clues) < 25
    (1, True)
    >>> knight.puzzle.make(knight.Board(5, 5), seed=1) == p
    True
    >>> king = knight.Board(4, 1, moves="king")
    >>> knight.puzzle.make(1, seed=0).clues, knight.puzzle.make(king, seed=0).clues
    ({}, {(2, 0): 1})
    """
    b = board if isinstance(board, Board) else as_board(board)
    seed = as_int(seed, "seed")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    symmetric = check_bool(symmetric, "symmetric")
    closed = check_bool(closed, "closed")
    target = None if clues is None else as_int(clues, "clues")
    units = _units(b, symmetric)
    centre = any(len(u) == 1 for u in units) if symmetric else True
    if target is not None:
        if not 0 <= target <= b.size:
            raise ValueError(f"clues must be from 0 to {b.size} (the usable squares of the "
                             f"{b.describe()}), got {target}")
        if not centre and target % 2:
            raise ValueError(
                f"clues={target} cannot be made of symmetric pairs: the {b.describe()} has no "
                "centre square, so a symmetric set of clues is even")
    rng = random.Random(seed)
    fewest: int | None = None
    for _ in range(MAKE_TOURS if target is not None else 1):
        tour = _random_tour(b, closed, rng)
        chosen = _make_from(b, tour, closed, units, rng, target)
        if target is None:
            return _puzzle(b, tour, closed, chosen)
        done = _top_up(chosen, units, rng, target)
        if done is not None:
            return _puzzle(b, tour, closed, done)
        n = sum(len(u) for u in chosen)
        fewest = n if fewest is None else min(fewest, n)
    raise ValueError(
        f"could not make a puzzle with {target} clues on the {b.describe()} from seed {seed}: "
        f"the fewest that kept the solution unique, in {MAKE_TOURS} tours, were {fewest}; "
        "ask for more clues, or try another seed")


def _puzzle(board: Board, tour: Tour, closed: bool, chosen: list[tuple[Square, ...]]) -> Puzzle:
    return Puzzle(board, _clue_set(tour, chosen), closed=closed, solution=tour)


def _clue_set(tour: Tour, chosen: Iterable[tuple[Square, ...]]) -> dict[Square, int]:
    steps = tour.board
    return {sq: int(steps[sq]) for unit in chosen for sq in unit}


def _units(board: Board, symmetric: bool) -> list[tuple[Square, ...]]:
    """What clues come in: single squares, or with ``symmetric`` the orbits
    of a half turn (pairs, and the centre alone)."""
    squares = [(int(r), int(c)) for r, c in board.squares.tolist()]
    if not symmetric:
        return [(sq,) for sq in squares]
    mask = board.mask
    if not np.array_equal(mask, mask[::-1, ::-1]):
        raise ValueError(
            f"symmetric=True needs holes that a half turn maps onto holes, and the "
            f"{board.describe()} has holes {list(board.holes)} that it does not")
    out: list[tuple[Square, ...]] = []
    for r, c in squares:
        twin = (board.rows - 1 - r, board.cols - 1 - c)
        if twin == (r, c):
            out.append(((r, c),))
        elif (r, c) < twin:
            out.append(((r, c), twin))
    return out


def _random_tour(board: Board, closed: bool, rng: random.Random) -> Tour:
    """A tour from seeded random choices: Warnsdorff's rule with random
    tie-breaks from random starts, then searches in shuffled move orders."""
    squares = [(int(r), int(c)) for r, c in board.squares.tolist()]
    last: Exception | None = None
    found: Tour | None = None
    for _ in range(2 * len(squares) + 16):
        try:
            found = _solve_tour(board, start=rng.choice(squares), closed=closed,
                                method="warnsdorff", tie_break="random",
                                seed=rng.getrandbits(63))
            break
        except (DeadEndError, NoTourError) as exc:
            last = exc
    if found is None:
        moves = list(board.moves)
        for _ in range(64):
            rng.shuffle(moves)
            try:
                found = _solve_tour(board.with_moves_order(moves), start=rng.choice(squares),
                                    closed=closed, method="warnsdorff-backtrack",
                                    max_nodes=max(100_000, 100 * board.size))
                break
            except (NoTourError, SearchLimitError) as exc:
                last = exc
    if found is None:
        raise NoTourError(
            f"make found no {'closed ' if closed else ''}tour of the {board.describe()} to make "
            f"a puzzle from ({last})")
    if found.layout != board:
        # The same squares and moves, tried in another order: the puzzle's own board.
        found = Tour(found.board, closed=closed, layout=board)
    return found


def _unique(board: Board, clues: dict[Square, int], closed: bool) -> bool:
    """True when the clues have one solution, as far as MAKE_MAX_NODES nodes tell."""
    found = solutions_within(board, clues, closed, None, MAKE_MAX_NODES)
    return found is not None and len(found) == 1


def _make_from(board: Board, tour: Tour, closed: bool, units: list[tuple[Square, ...]],
               rng: random.Random, target: int | None) -> list[tuple[Square, ...]]:
    """The clue units of a unique puzzle whose solution is ``tour``: spaced
    clues, made unique, then thinned (see :func:`make`)."""
    steps = tour.board
    owner = {sq: unit for unit in units for sq in unit}
    offset = rng.randrange(MAKE_GAP)
    start = {owner[(int(r), int(c))] for r, c in tour.path[offset::MAKE_GAP].tolist()}
    chosen = [u for u in units if u in start]
    while True:
        found = solutions_within(board, _clue_set(tour, chosen), closed, tour, MAKE_MAX_NODES)
        if found == []:
            break
        if found is None:
            # No second solution within the budget, and no proof of none: one
            # more clue anywhere, and look again.
            spare = [u for u in units if u not in chosen]
        else:
            other = board.spread(found[0])
            differ = np.argwhere((other != steps) & board.mask).tolist()
            spare = sorted({owner[(r, c)] for r, c in differ} - set(chosen))
        chosen.append(rng.choice(spare))
    order = list(chosen)
    rng.shuffle(order)
    for unit in order:
        if target is not None and sum(len(u) for u in chosen) <= target:
            break
        trial = [u for u in chosen if u != unit]
        if _unique(board, _clue_set(tour, trial), closed):
            chosen = trial
    return chosen


def _top_up(chosen: list[tuple[Square, ...]], units: list[tuple[Square, ...]],
            rng: random.Random, target: int) -> list[tuple[Square, ...]] | None:
    """``chosen`` with units added up to exactly ``target`` clues, or None
    when it has more, or when the sizes of the units cannot add up to it."""
    have = sum(len(u) for u in chosen)
    if have > target:
        return None
    spare = [u for u in units if u not in chosen]
    rng.shuffle(spare)
    out = list(chosen)
    need = target - have
    if need % 2:
        # An odd number to add: a unit of one square (always, unless symmetric).
        single = next((u for u in spare if len(u) == 1), None)
        if single is None:
            return None
        out.append(single)
        spare.remove(single)
        need -= 1
    pairs = any(len(u) == 2 for u in units)
    for unit in spare:
        if need == 0:
            break
        # Symmetric: pairs only now (the one single square is spent or not needed).
        if len(unit) <= need and (len(unit) == 2 or not pairs):
            out.append(unit)
            need -= len(unit)
    return out if need == 0 else None

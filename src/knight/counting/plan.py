"""Planning a counting search: its roots, its split into subtrees, symmetry.

A count is one exact depth-first search (:mod:`knight._core.count`) split
into independent subtrees (path prefixes), folded by the symmetries of the
board (8 on a square board, 4 on a rectangle): subtrees that are images of
each other under a symmetry fixing the constraints are searched once and
weighted.  Squares are flat here, ``row * cols + col``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..geometry import DEFAULT_ORDER
from ..limits import check_planning

# --------------------------------------------------------------------------
# Board geometry on flat squares (row * cols + col)


@functools.lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    nb: list[tuple[int, ...]] = []
    for r in range(rows):
        for c in range(cols):
            if not c & 4095:
                check_planning()
            nb.append(
                tuple(
                    (r + dr) * cols + c + dc
                    for dr, dc in DEFAULT_ORDER
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
            )
    return tuple(nb)


@functools.lru_cache(maxsize=64)
def symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The board's symmetries as permutations of the flat squares
    (:meth:`knight.Board.symmetries`, sorted, as tuples)."""
    from ..board import standard

    return tuple(sorted(tuple(p) for p in standard(rows, cols).symmetries().tolist()))


def prefix_alive(
    nb: Sequence[Sequence[int]], free: set[int], last: int, ends: frozenset[int] | None
) -> bool:
    """The exact local tests of the core, applied to a whole position.

    ``free`` are the squares not yet on the path, ``last`` the path's last
    square.  False means no completion exists.
    """
    remaining = len(free)
    if remaining == 0:
        return ends is None or last in ends
    if ends is not None and not (ends & free):
        return False
    pending = None
    common = free.intersection
    for i, u in enumerate(free):
        if not i & 16383:
            check_planning()
        f = len(common(nb[u]))
        adj = last in nb[u]
        if f == 0 and not (adj and remaining == 1):
            return False
        if f == 1 and not adj:
            if pending is not None or (ends is not None and u not in ends):
                return False
            pending = u
    return True


class Job:
    """Independent subtrees of one search, with their weights."""

    def __init__(self, rows: int, cols: int, blocked: tuple[int, ...]) -> None:
        self.rows, self.cols = rows, cols
        self.blocked = blocked
        # (prefix, ends or None, weight); the search counts the completions
        # of prefix ending in ends, and the total is the weighted sum.
        self.tasks: list[tuple[tuple[int, ...], frozenset[int] | None, int]] = []


def plan(
    rows: int,
    cols: int,
    start: int | None,
    end: int | None,
    closed: bool,
) -> tuple[Job, int]:
    """The roots of the search and the factor its total is multiplied by."""
    n = rows * cols
    nb = neighbours(rows, cols)
    if closed:
        if n < 2:
            return Job(rows, cols, ()), 0
        if start is not None and end is not None:
            # Cycles through the move start-end: paths on the board without
            # start from end to another neighbour of start.
            if end not in nb[start]:
                return Job(rows, cols, ()), 0
            job = Job(rows, cols, (start,))
            others = frozenset(nb[start]) - {end}
            if others:
                job.tasks.append(((end,), others, 1))
            return job, 1
        # Every cycle passes through every square: root it at a square of
        # fewest neighbours a_0 < a_1 < ..., leave by a_i and come back by a
        # later a_j, so each undirected cycle is counted exactly once.
        fewest = min(map(len, nb))  # C speed; then the first square with that many
        s = next(q for q in range(n) if len(nb[q]) == fewest)
        job = Job(rows, cols, (s,))
        a = nb[s]
        for i in range(len(a) - 1):
            job.tasks.append(((a[i],), frozenset(a[i + 1 :]), 1))
        return job, 1
    job = Job(rows, cols, ())
    if start is None and end is not None:
        # Reversing a path swaps its ends.
        start, end = end, None
    ends = None if end is None else frozenset((end,))
    if start is not None:
        job.tasks.append(((start,), ends, 1))
        return job, 1
    if n == 1:  # the one path starts and ends on the one square
        job.tasks.append(((0,), None, 1))
        return job, 1
    orbits: dict[int, set[int]] = {}
    syms = symmetries(rows, cols)
    for q in range(n):
        if not q & 4095:
            check_planning()
        orbits.setdefault(min(p[q] for p in syms), set()).add(q)
    # Search from one square of each orbit of starts, weighted by the
    # orbit's size; and count each undirected path once rather than once
    # from each end: from a representative r, only the paths that end in r's
    # own orbit (weight |O_r|) or in a later orbit (weight 2 |O_r|, the path
    # and its reverse).  Ends confined to fewer squares prune the search
    # early (a square left with one free neighbour must be the end).
    # The order matters: square order (corners first) is 1.4-1.6x faster
    # than the reverse or most neighbours first (6x6 open 0.52 / 0.78 s, 5x7
    # 0.22 / 0.34 s, 5x8 6.3 / 9.0 s); fewest neighbours first is the same
    # within noise.
    reps = sorted(orbits)
    for k, q in enumerate(reps):
        check_planning()
        size = len(orbits[q])
        job.tasks.append(((q,), frozenset(orbits[q]), size))
        later = frozenset().union(*(orbits[x] for x in reps[k + 1:]))
        if later:
            job.tasks.append(((q,), later, 2 * size))
    return job, 1


def split(job: Job, target: int, min_depth: int) -> None:
    """Deepen every task until there are ``target`` of them (or it is pointless).

    A child prefix is replaced by its smallest image under the symmetries
    that fix the root prefix, the blocked squares and the allowed ends; the
    images have equally many completions, so one is searched and weighted.
    """
    rows, cols = job.rows, job.cols
    nb = neighbours(rows, cols)
    syms = symmetries(rows, cols)
    blocked = set(job.blocked)
    tasks = job.tasks
    depth = 0
    max_tasks = max(4 * target, 64)
    while tasks and (depth < min_depth or len(tasks) < target):
        grown: dict[tuple[tuple[int, ...], frozenset[int] | None], int] = {}
        order: list[tuple[tuple[int, ...], frozenset[int] | None]] = []
        deeper = False
        for prefix, ends, weight in tasks:
            check_planning()
            root_len = len(prefix) - depth
            fix = [
                p
                for p in syms
                if all(p[q] == q for q in prefix[:root_len])
                and {p[q] for q in blocked} == blocked
                and (ends is None or frozenset(p[q] for q in ends) == ends)
            ]
            on = set(prefix) | blocked
            free = set(range(rows * cols)).difference(on)
            if not free:
                key = (prefix, ends)
                if key not in grown:
                    order.append(key)
                grown[key] = grown.get(key, 0) + weight
                continue
            for q in nb[prefix[-1]]:
                if q in on:
                    continue
                free.discard(q)
                if prefix_alive(nb, free, q, ends):
                    child = prefix + (q,)
                    canon = min(tuple(p[v] for v in child) for p in fix)
                    key = (canon, ends)
                    if key not in grown:
                        order.append(key)
                    grown[key] = grown.get(key, 0) + weight
                    deeper = True
                free.add(q)
        tasks = [(k[0], k[1], grown[k]) for k in order]
        depth += 1
        if not deeper or len(tasks) > max_tasks:
            break
    job.tasks = tasks




def enumeration_roots(
    rows: int, cols: int, start: int | None, end: int | None, closed: bool, directed: bool
) -> list[tuple[int | None, tuple[int, ...], frozenset[int] | None]]:
    """(blocked start or None, prefix, ends) in the order tours are listed."""
    n = rows * cols
    nb = neighbours(rows, cols)
    roots: list[tuple[int | None, tuple[int, ...], frozenset[int] | None]] = []
    if not closed:
        starts = [start] if start is not None else list(range(n))
        ends = None if end is None else frozenset((end,))
        return [(None, (q,), ends) for q in starts]
    if n < 2:
        return []
    if start is None:
        starts = list(range(n)) if directed else [0]
    else:
        starts = [start]
    for s in starts:
        a = nb[s]
        for i, q in enumerate(a):
            if end is not None:
                if end in a and q != end:
                    roots.append((s, (q,), frozenset((end,))))
            elif directed:
                others = frozenset(a) - {q}
                if others:
                    roots.append((s, (q,), others))
            elif a[i + 1 :]:
                roots.append((s, (q,), frozenset(a[i + 1 :])))
    return roots

"""An independent brute force for the cross-checks of knight.Board engines.

Nothing here uses the package: the moves come from the offsets and the wrap
as the issue defines them, and tours are found by a plain depth-first
search or counted by a dynamic programme over subsets of squares.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

Offsets = tuple[tuple[int, int], ...]


def leaper_offsets(a: int, b: int) -> Offsets:
    """Every (±a, ±b) and (±b, ±a), once each (a set: order is irrelevant here)."""
    out = {(sa * a, sb * b) for sa in (1, -1) for sb in (1, -1)}
    out |= {(sb * b, sa * a) for sa in (1, -1) for sb in (1, -1)}
    return tuple(sorted(out))


PIECE_OFFSETS: dict[str, Offsets] = {
    "knight": leaper_offsets(1, 2),
    "wazir": leaper_offsets(0, 1),
    "king": tuple(sorted(set(leaper_offsets(0, 1)) | set(leaper_offsets(1, 1)))),
    "zebra": leaper_offsets(2, 3),
    "giraffe": leaper_offsets(1, 4),
    "camel": leaper_offsets(1, 3),
    "antelope": leaper_offsets(3, 4),
}


def squares_of(mask: Sequence[Sequence[bool]]) -> list[tuple[int, int]]:
    """The usable squares, row-major (the numbering the package documents)."""
    return [(r, c) for r, row in enumerate(mask) for c, ok in enumerate(row) if ok]


def adjacency(mask: Sequence[Sequence[bool]], offsets: Offsets, wrap: str | None,
              ) -> list[tuple[int, ...]]:
    """The neighbours of each usable square (by number), from the offsets:
    a cylinder joins the left and right edges, a torus both pairs."""
    rows, cols = len(mask), len(mask[0])
    sq = squares_of(mask)
    number = {s: i for i, s in enumerate(sq)}
    adj = []
    for r, c in sq:
        out = set()
        for dr, dc in offsets:
            rr, cc = r + dr, c + dc
            if wrap == "torus":
                rr %= rows
            if wrap in ("torus", "cylinder"):
                cc %= cols
            if (rr, cc) != (r, c) and (rr, cc) in number:
                out.add(number[(rr, cc)])
        adj.append(tuple(sorted(out)))
    # The move graph is undirected: a square reaches another iff it is reached back.
    assert all(i in adj[j] for i in range(len(adj)) for j in adj[i])
    return adj


def connected(adj: Sequence[Sequence[int]]) -> bool:
    n = len(adj)
    seen = {0}
    todo = [0]
    while todo:
        v = todo.pop()
        for u in adj[v]:
            if u not in seen:
                seen.add(u)
                todo.append(u)
    return len(seen) == n


def colours_fit(adj: Sequence[Sequence[int]], start: int | None, closed: bool) -> bool:
    """False when the graph is 2-coloured (every move changes colour) and
    the classes cannot hold a tour: a path alternates colours, so the
    classes differ by at most one, a cycle needs them equal, and with
    unequal classes a path starts (and ends) in the larger."""
    colour = {0: 0}
    todo = [0]
    while todo:
        v = todo.pop()
        for u in adj[v]:
            if u not in colour:
                colour[u] = 1 - colour[v]
                todo.append(u)
            elif colour[u] == colour[v]:
                return True  # an odd cycle: no colour argument
    if len(colour) < len(adj):
        return True  # in pieces: the search finds that out at once
    ones = sum(colour.values())
    zeros = len(adj) - ones
    if closed:
        return zeros == ones
    if abs(zeros - ones) > 1:
        return False
    return start is None or zeros == ones or colour[start] == (0 if zeros > ones else 1)


@lru_cache(maxsize=32)
def _layers(n: int) -> list[np.ndarray]:
    masks = np.arange(1 << n, dtype=np.int64)
    pop = np.zeros(1 << n, dtype=np.int64)
    for b in range(n):
        pop += (masks >> b) & 1
    return [masks[pop == k] for k in range(n + 1)]


def path_matrix(adj: Sequence[Sequence[int]]) -> np.ndarray:
    """P[s, e]: the number of Hamiltonian paths from s to e (P[0, 0] = 1 on one
    square).  A dynamic programme over (set of squares visited, last square),
    vectorised over the first square; for up to about 13 squares."""
    n = len(adj)
    if n == 1:
        return np.ones((1, 1), dtype=np.int64)
    if n > 14:
        raise ValueError("path_matrix is for small boards")
    dp = np.zeros((1 << n, n, n), dtype=np.int64)  # dp[visited, last, first]
    for s in range(n):
        dp[1 << s, s, s] = 1
    layers = _layers(n)
    for k in range(1, n):
        masks = layers[k]
        for v in range(n):
            if not adj[v]:
                continue
            sel = masks[((masks >> v) & 1) == 0]
            # dp[m, u, :] is zero unless u is in m, so summing over every
            # neighbour u of v extends exactly the paths that end next to v.
            dp[sel | (1 << v), v, :] = dp[sel][:, list(adj[v]), :].sum(axis=1)
    return dp[(1 << n) - 1].T.copy()


def cycles(adj: Sequence[Sequence[int]], paths: np.ndarray) -> int:
    """The number of undirected Hamiltonian cycles (at least three squares)."""
    n = len(adj)
    if n < 3:
        return 0
    return int(sum(paths[0, e] for e in adj[0])) // 2


class Truth:
    """What the brute force says about one board (at most 14 usable squares):
    its graph, the Hamiltonian path counts between every two squares, the
    cycles, and from them every count and existence question."""

    def __init__(self, mask: Sequence[Sequence[bool]], offsets: Offsets, wrap: str | None,
                 ) -> None:
        self.mask = mask
        self.adj = adjacency(mask, offsets, wrap)
        self.squares = squares_of(mask)
        self.n = len(self.squares)
        if self.n == 1 or connected(self.adj):
            self.paths = path_matrix(self.adj)
        else:
            self.paths = np.zeros((self.n, self.n), dtype=np.int64)
        self.cycles = cycles(self.adj, self.paths)

    def count(self, start: int | None, end: int | None, closed: bool, directed: bool,
              ) -> int:
        p, n = self.paths, self.n
        if closed:
            if n < 3:
                return 0
            if start is not None and end is not None:
                return int(p[start, end]) if end in self.adj[start] else 0
            if not directed:
                return self.cycles
            if start is None and end is None:
                return 2 * n * self.cycles
            return 2 * self.cycles
        if start is not None and end is not None:
            return int(p[start, end])
        if start is not None:
            return int(p[start].sum())
        if end is not None:
            return int(p[:, end].sum())
        return int(p.sum())

    def exists(self, start: int | None, closed: bool) -> bool:
        if closed:
            return self.cycles > 0
        if start is None:
            return bool(self.paths.sum() > 0)
        return bool(self.paths[start].sum() > 0)


def find_path(adj: Sequence[Sequence[int]], start: int, closed: bool,
              ) -> list[int] | None:
    """A Hamiltonian path from ``start`` (closing back to it if ``closed``),
    or None: a plain depth-first search, pruned only by necessary conditions
    (the colour classes fit; the squares left stay joined to the current
    one; at most one of them, besides the next square, can be a dead end;
    on a cycle every square left keeps two ways in and out)."""
    n = len(adj)
    full = (1 << n) - 1
    if closed and n < 3:
        return None
    if not colours_fit(adj, start, closed):
        return None  # else the search would walk the whole tree to find out
    nbits = [sum(1 << u for u in a) for a in adj]
    path = [start]
    home = nbits[start]

    def viable(v: int, seen: int) -> bool:
        left = full & ~seen
        if not left:
            return True
        # Every square left must be reachable from v through squares left.
        reach = nbits[v] & left
        frontier = reach
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = nbits[low.bit_length() - 1] & left & ~reach
            reach |= new
            frontier |= new
        if reach != left:
            return False
        # A square left with one way in or out (among v and the squares
        # left) must end the path; with closed tours, also the way home.
        ends = 0
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            u = low.bit_length() - 1
            ways = bin(nbits[u] & (left | (1 << v))).count("1")
            if closed and home & low:
                ways += 1
            if ways == 0 or (closed and ways == 1):
                return False  # a cycle enters and leaves every square
            if ways == 1 and not (nbits[v] & low):
                ends += 1
        return ends <= 1

    def go(v: int, seen: int) -> bool:
        if seen == full:
            return not closed or bool(home & (1 << v))
        if not viable(v, seen):
            return False
        for u in adj[v]:
            if seen & (1 << u):
                continue
            path.append(u)
            if go(u, seen | (1 << u)):
                return True
            path.pop()
        return False

    return path if go(start, 1 << start) else None


def hamiltonian_paths(adj: Sequence[Sequence[int]], closed: bool,
                      fixed: dict[int, int] | None = None) -> list[tuple[int, ...]]:
    """Every directed Hamiltonian path (``closed``: every numbered closed tour,
    each start and direction its own) as a tuple of squares in step order:
    a plain depth-first search, for small boards.  ``fixed`` (step ->
    square) keeps only the paths with those squares at those steps, placing
    each fixed square at its step only (no other pruning)."""
    n = len(adj)
    out: list[tuple[int, ...]] = []
    if closed and n < 3:
        return out
    fixed = fixed or {}
    pinned = {q: k for k, q in fixed.items()}

    def fits(q: int, k: int) -> bool:
        return pinned.get(q, k) == k and fixed.get(k, q) == q

    def go(path: list[int], seen: int) -> None:
        if len(path) == n:
            if not closed or path[0] in adj[path[-1]]:
                out.append(tuple(path))
            return
        for u in adj[path[-1]]:
            if not seen >> u & 1 and fits(u, len(path)):
                path.append(u)
                go(path, seen | 1 << u)
                path.pop()

    for s in range(n):
        if fits(s, 0):
            go([s], 1 << s)
    return out


def find_path_between(adj: Sequence[Sequence[int]], start: int, end: int) -> list[int] | None:
    """A Hamiltonian path from ``start`` to ``end``, or None: a plain
    depth-first search, pruned only by necessary conditions (the colour
    classes fit both ends; the squares left stay joined to the current one;
    each of them but the end keeps two ways in and out, the end one)."""
    n = len(adj)
    if start == end:
        return [start] if n == 1 else None
    if not colours_fit(adj, start, False) or not colours_fit(adj, end, False):
        return None
    colour = {start: 0}
    todo = [start]
    bipartite = True
    while todo:
        v = todo.pop()
        for u in adj[v]:
            if u not in colour:
                colour[u] = 1 - colour[v]
                todo.append(u)
            elif colour[u] == colour[v]:
                bipartite = False
    if bipartite and len(colour) == n and n % 2 == 0 and colour.get(end) == colour[start]:
        return None  # an even path alternates colours: its ends differ
    full = (1 << n) - 1
    nbits = [sum(1 << u for u in a) for a in adj]
    path = [start]

    def viable(v: int, seen: int) -> bool:
        left = full & ~seen
        reach = nbits[v] & left
        frontier = reach
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = nbits[low.bit_length() - 1] & left & ~reach
            reach |= new
            frontier |= new
        if reach != left:
            return False
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            u = low.bit_length() - 1
            ways = bin(nbits[u] & (left | (1 << v))).count("1")
            if ways < (1 if u == end else 2):
                return False
        return True

    def go(v: int, seen: int) -> bool:
        if seen == full:
            return v == end
        if v == end or not viable(v, seen):
            return False
        for u in adj[v]:
            if seen & (1 << u):
                continue
            path.append(u)
            if go(u, seen | (1 << u)):
                return True
            path.pop()
        return False

    return path if go(start, 1 << start) else None

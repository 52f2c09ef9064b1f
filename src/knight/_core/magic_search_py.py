"""The pure-Python twin of ``magic_search.pyx``: the same search, the same
decisions, the same node counts (read the core's docstring for the search).

The tests run both on small boards and compare the tours found, their order
and the nodes; ``knight.engines.magic`` runs this one when asked for the
twins.
"""

from __future__ import annotations

import numpy as np

from ..status import Status
from .search_py import stopped

DONE, MORE, TIME_LIMIT, NODE_LIMIT, CANCELLED = (
    int(Status.OK), int(Status.MORE), int(Status.TIME_LIMIT), int(Status.NODE_LIMIT),
    int(Status.CANCELLED))

_MASK = 2**64 - 1
# Nodes between two looks at the deadline and the cancel flag, as in the core.
_POLL_EVERY = 16384


def _low_sum(m: int, k: int, odd: int) -> int:
    f = k + 1
    if (f & 1) != odd:
        f += 1
    return m * f + m * (m - 1)


def _high_sum(m: int, top: int, odd: int) -> int:
    f = top
    if (f & 1) != odd:
        f -= 1
    return m * f - m * (m - 1)


def _span_low(m: int, a: int, b: int, odd: int) -> tuple[int, int]:
    f = a + ((a & 1) != odd)
    if f > b:
        return 0, 0
    t = min(m, (b - f) // 2 + 1)
    return t * f + t * (t - 1), t


def _span_high(m: int, a: int, b: int, odd: int) -> tuple[int, int]:
    f = b - ((b & 1) != odd)
    if f < a:
        return 0, 0
    t = min(m, (f - a) // 2 + 1)
    return t * f - t * (t - 1), t


class MagicSearch:
    """The twin of the core's ``MagicSearch``: same arguments, same methods."""

    def __init__(self, rows: int, cols: int, nbr: np.ndarray, dist: np.ndarray,
                 starts: np.ndarray, clue_at: np.ndarray, closed: bool = False,
                 diagonal: bool = False, symmetric: bool = False, seed: int = 0) -> None:
        n = rows * cols
        self.R, self.C, self.N, self.H = rows, cols, n, n // 2
        self.sym = bool(symmetric)
        self.top = self.H if self.sym else n
        self.closed, self.diagonal = bool(closed), bool(diagonal)
        self.nbr = [[int(v) for v in row if v >= 0] for row in nbr]
        self.dist = dist
        self.starts = [int(s) for s in starts]
        self.seed = int(seed)
        self.rng = (self.seed * 2654435761 + 88172645463325252) & _MASK
        self.clue_at = [int(v) for v in clue_at]
        self.clue_sq = [-1] * (n + 2)
        for sq, v in enumerate(self.clue_at):
            if v > 0:
                self.clue_sq[v] = sq
        self.next_clue = [0] * (n + 2)
        j = 0
        for i in range(self.top, -1, -1):
            self.next_clue[i] = j
            if self.clue_sq[i] >= 0 and i > 0:
                j = i
        self.num = [0] * n
        self.deg = [len(row) for row in self.nbr]
        self.path = [0] * (n + 2)
        lines: list[list[int]] = [[] for _ in range(rows + cols + 2 * self.diagonal)]
        self.sqlines: list[list[int]] = []
        for sq in range(n):
            r, c = divmod(sq, cols)
            mine = [r, rows + c]
            if self.diagonal and r == c:
                mine.append(rows + cols)
            if self.diagonal and r + c == rows - 1:
                mine.append(rows + cols + 1)
            for line in mine:
                lines[line].append(sq)
            self.sqlines.append(mine)
        self.lmem = lines
        self.nlines = len(lines)
        self.target = [len(m) * (n + 1) // 2 for m in lines]
        self.lsum = [0] * self.nlines
        self.lcnt = [len(m) for m in lines]
        self.lodd = [0] * self.nlines
        self.fcnt = [0] * self.nlines
        self.cand: list[list[int]] = [[] for _ in range(n + 2)]
        self.ci = [0] * (n + 2)
        self.col0 = 0
        self.k = 0
        self.si = 0
        self.nodes = 0
        self.found = 0
        self.depth = 0

    def _draw(self) -> int:
        x = self.rng
        x ^= (x << 13) & _MASK
        x ^= x >> 7
        x ^= (x << 17) & _MASK
        self.rng = x
        return x

    def _odd(self, sq: int) -> bool:
        return ((sq // self.C + sq % self.C) & 1) == self.col0

    def _set_one(self, sq: int, v: int, sign: int) -> None:
        odd = self._odd(sq)
        self.num[sq] = v if sign > 0 else 0
        for u in self.nbr[sq]:
            self.deg[u] -= sign
        for line in self.sqlines[sq]:
            self.lsum[line] += sign * v
            self.lcnt[line] -= sign
            if odd:
                self.lodd[line] -= sign

    def _place(self, sq: int, k: int) -> None:
        self.path[k] = sq
        self._set_one(sq, k, 1)
        if self.sym:
            self._set_one(self.N - 1 - sq, k + self.H, 1)
            for line in self.sqlines[sq]:
                self.fcnt[line] += 1

    def _unplace(self, k: int) -> None:
        sq = self.path[k]
        if self.sym:
            for line in self.sqlines[sq]:
                self.fcnt[line] -= 1
            self._set_one(self.N - 1 - sq, k + self.H, -1)
        self._set_one(sq, k, -1)

    def _begin(self, start: int) -> None:
        self.col0 = (start // self.C + start % self.C) & 1
        self.lodd = [sum(1 for sq in m if self._odd(sq)) for m in self.lmem]

    def _bounds(self, line: int, k: int) -> bool:
        mo = self.lodd[line]
        me = self.lcnt[line] - mo
        s, target, half, n = self.lsum[line], self.target[line], self.H, self.N
        if not self.sym:
            lo = s + _low_sum(mo, k, 1) + _low_sum(me, k, 0)
            hi = s + _high_sum(mo, n, 1) + _high_sum(me, n, 0)
            return lo <= target <= hi
        lo = hi = s
        for odd in (0, 1):
            a = mo if odd else me
            b, t1 = _span_low(a, k + 1, half, odd)
            if t1 < a:
                more, t2 = _span_low(a - t1, k + 1 + half, n, odd)
                b += more
                if t1 + t2 < a:
                    return False
            lo += b
            b, t1 = _span_high(a, k + 1 + half, n, odd)
            if t1 < a:
                b += _span_high(a - t1, k + 1, half, odd)[0]
            hi += b
        if lo > target or hi < target:
            return False
        if line < self.R + self.C:
            return self._split_bounds(line, k, mo, me)
        return True

    def _split_bounds(self, line: int, k: int, mo: int, me: int) -> bool:
        f = len(self.lmem[line]) // 2 - self.fcnt[line]
        g = self.lcnt[line] - f
        half, n = self.H, self.N
        want = self.target[line] - self.lsum[line]
        if f < 0 or g < 0:
            return False
        best_lo = best_hi = -1
        for fo in range(max(0, f - me), min(f, mo) + 1):
            fe, go = f - fo, mo - fo
            ge = me - fe
            parts = ((fo, k + 1, half, 1), (fe, k + 1, half, 0), (go, k + 1 + half, n, 1),
                     (ge, k + 1 + half, n, 0))
            lows = [_span_low(*part) for part in parts]
            if any(got < part[0] for (_, got), part in zip(lows, parts)):
                continue
            low = sum(v for v, _ in lows)
            high = sum(_span_high(*part)[0] for part in parts)
            if best_lo < 0 or low < best_lo:
                best_lo = low
            best_hi = max(best_hi, high)
        return best_lo >= 0 and best_lo <= want <= best_hi

    def _lines(self, k: int, cur: int) -> tuple[bool, int]:
        forced = -1
        claimed: dict[int, int] = {}
        holder: dict[int, int] = {}
        for line in range(self.nlines):
            if self.lcnt[line] == 0:
                if self.lsum[line] != self.target[line]:
                    return False, -1
                continue
            if not self._bounds(line, k):
                return False, -1
            if self.lcnt[line] != 1:
                continue
            v = self.target[line] - self.lsum[line]
            sq = next(q for q in self.lmem[line] if self.num[q] == 0)
            if v <= k or v > self.N or ((v & 1) == 1) != self._odd(sq):
                return False, -1
            if self.clue_at[sq] not in (0, v):
                return False, -1
            u, half = v, sq
            if self.sym and v > self.H:
                if v <= k + self.H:
                    return False, -1
                u, half = v - self.H, self.N - 1 - sq
            if self.dist[cur, half] > u - k:
                return False, -1
            if claimed.get(u, half) != half or holder.get(half, u) != u:
                return False, -1
            claimed[u] = half
            holder[half] = u
            if u == k + 1:
                forced = half
        return True, forced

    def _complete(self, cur: int) -> bool:
        if self.lsum != self.target:
            return False
        if self.sym:
            return self.N - 1 - self.path[1] in self.nbr[cur]
        return not self.closed or self.path[1] in self.nbr[cur]

    def _over_cap(self, u: int) -> bool:
        rank, file = self.sqlines[u][0], self.sqlines[u][1]
        return self.fcnt[rank] * 2 >= self.C or self.fcnt[file] * 2 >= self.R

    def _expand(self, k: int) -> int:
        cur = self.path[k]
        self.cand[k] = []
        self.ci[k] = 0
        self.depth = max(self.depth, k)
        if k == self.top:
            return 2 if self._complete(cur) else 0
        ok, fn = self._lines(k, cur)
        if not ok:
            return 0
        clue = self.clue_sq[k + 1]
        if clue >= 0:
            if fn >= 0 and fn != clue:
                return 0
            fn = clue
        j = self.next_clue[k]
        if j > 0 and self.dist[cur, self.clue_sq[j]] > j - k:
            return 0
        if self.closed and not self.sym and self.deg[self.path[1]] == 0:
            return 0
        keyed = []
        d1 = 0
        for i, u in enumerate(self.nbr[cur]):
            if self.num[u] != 0:
                continue
            if self.deg[u] == 0 and k + 1 != self.top:
                return 0
            if self.deg[u] == 1 and not self.sym:
                d1 += 1
            if fn >= 0 and u != fn:
                continue
            if self.clue_at[u] not in (0, k + 1):
                continue
            if self.sym and self._over_cap(u):
                continue
            key = (self.deg[u] << 16) | ((self._draw() & 0xFFFF) if self.seed else i)
            keyed.append((key, u))
        if d1 > 2 or not keyed:
            return 0
        # A stable sort, as the core's insertion keeps equal keys in order.
        keyed.sort(key=lambda pair: pair[0])
        self.cand[k] = [u for _, u in keyed]
        return 1

    def _start_ok(self, s: int) -> bool:
        if self.clue_at[s] not in (0, 1):
            return False
        return not (self.clue_sq[1] >= 0 and self.clue_sq[1] != s)

    def _run(self, out: np.ndarray | None, limit: int, deadline: float,
             cancel: np.ndarray | None, max_nodes: int) -> tuple[int, int]:
        got = 0
        polled = self.nodes
        while True:
            k = self.k
            if k > 0 and self.ci[k] >= len(self.cand[k]):
                self._unplace(k)
                self.k = k - 1
                continue
            if k == 0 and self.si >= len(self.starts):
                return DONE, got
            if max_nodes > 0 and self.nodes >= max_nodes:
                return NODE_LIMIT, got
            if self.nodes - polled >= _POLL_EVERY:
                polled = self.nodes
                status = stopped(deadline, cancel)
                if status != DONE:
                    return status, got
            if k == 0:
                u = self.starts[self.si]
                self.si += 1
                if not self._start_ok(u):
                    continue
                self._begin(u)
            else:
                u = self.cand[k][self.ci[k]]
                self.ci[k] += 1
            self._place(u, k + 1)
            self.k = k + 1
            self.nodes += 1
            if self._expand(k + 1) == 2:
                if out is not None:
                    out[got] = self.num
                got += 1
                self.found += 1
                if got >= limit:
                    return MORE, got

    def collect(self, out: np.ndarray, deadline: float = 0.0, cancel: np.ndarray | None = None,
                max_nodes: int = 0) -> tuple[int, int]:
        """As the core's ``collect``."""
        if out.shape[0] == 0:
            return MORE, 0
        if out.shape[1] != self.N:
            raise ValueError(f"out needs rows of {self.N} cells, not {out.shape[1]}")
        return self._run(out, out.shape[0], deadline, cancel, max_nodes)

    def count(self, deadline: float = 0.0, cancel: np.ndarray | None = None, max_nodes: int = 0,
              limit: int = 0) -> tuple[int, int]:
        """As the core's ``count``."""
        return self._run(None, limit if limit > 0 else 1 << 62, deadline, cancel, max_nodes)


__all__ = ["CANCELLED", "DONE", "MORE", "MagicSearch", "NODE_LIMIT", "TIME_LIMIT"]

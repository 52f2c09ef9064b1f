"""The plainest count, for cross-checking :func:`knight.count` on small boards."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..geometry import Square
from .args import check_search_memory, validate
from .plan import neighbours


def _ref_paths(
    nb: Sequence[Sequence[int]], n: int, path: list[int], on: list[bool], ends: set[int] | None
) -> int:
    if len(path) == n:
        return 1 if ends is None or path[-1] in ends else 0
    total = 0
    for q in nb[path[-1]]:
        if not on[q]:
            on[q] = True
            path.append(q)
            total += _ref_paths(nb, n, path, on, ends)
            path.pop()
            on[q] = False
    return total


def reference_count(
    rows: int,
    cols: int | None = None,
    *,
    start: Square | None = None,
    end: Square | None = None,
    closed: bool = False,
    directed: bool = False,
) -> int:
    """:func:`count` by the plainest search, for cross-checking (small boards only).

    >>> from knight.counting import reference_count
    >>> reference_count(5, start=(0, 0))
    304
    """
    task = validate(rows, cols, start, end, closed, directed)
    check_search_memory(task)
    r, c, s, e = task.rows, task.cols, task.start, task.end
    n = r * c
    nb = neighbours(r, c)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n + 100))

    def paths(first: int, ends: set[int] | None) -> int:
        on = [False] * n
        on[first] = True
        return _ref_paths(nb, n, [first], on, ends)

    fs = None if s is None else s[0] * c + s[1]
    fe = None if e is None else e[0] * c + e[1]
    if not closed:
        starts = [fs] if fs is not None else range(n)
        return sum(paths(q, None if fe is None else {fe}) for q in starts)
    if n < 2:
        return 0

    def directed_from(q: int, last: int | None) -> int:
        back = set(nb[q]) if last is None else ({last} & set(nb[q]))
        return paths(q, back)

    if fs is not None and fe is not None:
        return directed_from(fs, fe)
    if not directed:
        return directed_from(0 if fs is None else fs, None) // 2
    if fs is not None:
        return directed_from(fs, None)
    if fe is not None:
        return sum(directed_from(q, fe) for q in range(n))
    return sum(directed_from(q, None) for q in range(n))


__all__ = ["reference_count"]

"""The pure-Python twin of ``thin.pyx``: walking the thin boards' automaton.

:func:`plan` picks the transition at the start column as the core's
``thin_into`` does, :func:`walk_states` the per-column edge masks the core's
``walk_states`` picks, and :func:`fill_board` reads the tour off them as
the core's ``fill_board`` does.  The twin needs the automaton :mod:`knight.thin`
loads, so it sits beside that module instead of beside the core.
"""

from __future__ import annotations

import numpy as np

from .thin import _Automaton, _cls, _incidence


def plan(auto: _Automaton, n: int, r: int, j: int) -> tuple[int, int, int, int]:
    """Pick the transition at the start column: (column, state before, after, mask).

    The choice :func:`knight._core.thin.thin_into` makes in C (the first
    transition in table order that fits), for :func:`walk_states`.
    """
    if auto.closed:
        j = 0   # a closed tour passes every square: walk it from the first column
    a = auto.reach[_cls(j, auto.reach_pre, auto.reach_per)]
    b = auto.finish[_cls(n - 1 - j, auto.finish_pre, auto.finish_per)]
    ok = a[auto.src].astype(bool) & b[auto.dst].astype(bool)
    if not auto.closed:
        ok &= ((auto.term >> r) & 1).astype(bool)
    k = int(np.argmax(ok))
    if not ok[k]:
        raise AssertionError(f"thin automaton has no transition at column {j} of {n}")
    return j, int(auto.src[k]), int(auto.dst[k]), int(auto.mask[k])


def walk_states(auto: _Automaton, n: int, col: int, before: int, after: int,
                mask: int) -> np.ndarray:
    """The per-column edge masks :func:`knight._core.thin.walk_states` picks."""
    masks = np.empty(n, dtype=np.int32)
    masks[col] = mask
    state = before
    for j in range(col - 1, -1, -1):
        a = _cls(j, auto.reach_pre, auto.reach_per)
        for k in range(auto.pred_ptr[state], auto.pred_ptr[state + 1]):
            if auto.reach[a, auto.pred_src[k]]:
                masks[j] = auto.pred_mask[k]
                state = int(auto.pred_src[k])
                break
        else:
            raise AssertionError("no predecessor")
    assert state == 0
    state = after
    for j in range(col + 1, n):
        b = _cls(n - 1 - j, auto.finish_pre, auto.finish_per)
        for k in range(auto.succ_ptr[state], auto.succ_ptr[state + 1]):
            if auto.finish[b, auto.succ_dst[k]]:
                masks[j] = auto.succ_mask[k]
                state = int(auto.succ_dst[k])
                break
        else:
            raise AssertionError("no successor")
    assert state == auto.accept
    return masks


def fill_board(masks: np.ndarray, h: int, r: int, j: int) -> np.ndarray:
    """The ``h`` x ``n`` board :func:`knight._core.thin.fill_board` writes (not transposed)."""
    n = len(masks)
    inc, count = _incidence(h)
    board = np.full((h, n), -1, dtype=np.int32)
    prev = (-1, -1)
    cur = (r, j)
    for step in range(h * n):
        board[cur] = step
        nxt = None
        for dcol, off, bit, r2 in inc[cur[0], : count[cur[0]]]:
            c2 = cur[1] + dcol
            if 0 <= c2 < n and masks[cur[1] + off] >> bit & 1 and (r2, c2) != prev:
                nxt = (int(r2), int(c2))
                break
        if nxt is None:
            break
        prev, cur = cur, nxt
    return board


__all__ = ["fill_board", "plan", "walk_states"]

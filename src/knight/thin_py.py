"""The pure-Python twin of ``thin.pyx``: walking the thin boards' automaton.

:func:`plan` picks the transition at the start column as the core's
``thin_into`` does, :func:`walk_states` the per-column edge masks the core's
``walk_states`` picks, and :func:`fill_board` reads the tour off them as
the core's ``fill_board`` does.  The twin needs the automaton :mod:`knight.thin`
loads, so it sits beside that module instead of beside the core.
"""

from __future__ import annotations

from collections.abc import Callable

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
    # Left of the start column back to state 0 through the predecessors, then
    # right of it on to the accepting state through the successors.
    state = _walk(masks, range(col - 1, -1, -1), before, auto.pred_ptr, auto.pred_src,
                  auto.pred_mask, auto.reach,
                  lambda j: _cls(j, auto.reach_pre, auto.reach_per), "no predecessor")
    assert state == 0
    state = _walk(masks, range(col + 1, n), after, auto.succ_ptr, auto.succ_dst,
                  auto.succ_mask, auto.finish,
                  lambda j: _cls(n - 1 - j, auto.finish_pre, auto.finish_per), "no successor")
    assert state == auto.accept
    return masks


def _walk(masks: np.ndarray, columns: range, state: int, ptr: np.ndarray, other: np.ndarray,
          edge_mask: np.ndarray, ok: np.ndarray, cls: Callable[[int], int], missing: str) -> int:
    """One direction of :func:`walk_states`: through ``columns``, each
    column's first edge of ``state`` (``ptr``/``other``/``edge_mask``) to a
    state ``ok[cls(column)]`` allows; its mask into ``masks``.  The last state."""
    for j in columns:
        a = cls(j)
        for k in range(ptr[state], ptr[state + 1]):
            if ok[a, other[k]]:
                masks[j] = edge_mask[k]
                state = int(other[k])
                break
        else:
            raise AssertionError(missing)
    return state


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

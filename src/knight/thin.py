"""Knight's tours of thin boards (one side 3 or 4): exact answers and O(n) tours.

Search cannot settle the thin boards: a 3 x 1000 board is far beyond
backtracking, and Warnsdorff's rule has no guarantee.  Instead this module
treats a ``h`` x ``n`` board (``h`` = 3 or 4) as a word of ``n`` columns and
decides everything with a finite automaton, built once by a column-by-column
*frontier* (transfer-matrix) dynamic programme over the knight graph:

* Processing column ``j`` means choosing which of its knight moves to the right
  (to column ``j + 1``, two rows up or down, or to column ``j + 2``, one row up
  or down) belong to the tour.  Moves never stay in a column and span at most
  two columns, so after column ``j`` every square left of ``j + 1`` is final.
* The *state* between columns is all the future needs: the degree so far
  (0, 1 or 2) of the ``2h`` squares of the next two columns, which pairs of
  their loose path ends are joined by a path fragment, which loose ends lead
  back to a finished end of the tour (a *terminal*), how many terminals exist,
  and whether the tour is already complete.  Cycles are refused unless they
  finish a closed tour; a third terminal is refused.
* A board of ``n`` columns has a tour iff the word of ``n`` transitions leads
  from the empty state to the complete state with nothing beyond column
  ``n - 1``.  A square ``(r, j)`` starts an open tour iff some transition at
  column ``j`` that makes ``(r, j)`` a terminal joins a state reachable in
  ``j`` steps to one that can finish in ``n - j - 1`` steps.

The sets of states reachable in ``k`` steps, and of states that can finish in
``k`` steps, are eventually periodic in ``k`` (after fewer than a dozen
columns, with period 1 or 2), so :func:`start_squares` answers every ``n``
exactly from a small table.  Tours are built by walking the automaton (the
Cython core :mod:`knight._core.thin`): backwards from the start column through
reachable states and forwards through finishable ones, in O(n), then reading
the tour off the chosen moves.

The automata are written to ``knight/data/thin_automaton.npz`` by
``scripts/make_existence_data.py`` (which calls :func:`build_automaton`), so
no import pays the two seconds the 4-row one takes to build; the tests rebuild
them and compare.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np

from . import theory
from ._core import thin as _thin
from .errors import NoTourError, SearchCancelled
from .geometry import Square, article, board_size, check_memory, square

#: The board heights (shorter sides) this module handles.
HEIGHTS = (3, 4)

DATA_FILE = "thin_automaton.npz"

_NONE = -2      # partner of a square with degree 0 or 2: it has no loose end
_TERMINAL = -1  # partner of a loose end whose fragment leads back to a terminal


def right_moves(h: int) -> list[tuple[int, int, int]]:
    """The knight moves from a column to the right, as ``(row, dcol, row2)``.

    Bit ``e`` of a column's edge mask stands for move ``e`` of this list.

    >>> right_moves(3)
    [(0, 1, 2), (0, 2, 1), (1, 2, 0), (1, 2, 2), (2, 1, 0), (2, 2, 1)]
    """
    out = []
    for r1 in range(h):
        for dr, dc in ((-2, 1), (2, 1), (-1, 2), (1, 2)):
            r2 = r1 + dr
            if 0 <= r2 < h:
                out.append((r1, dc, r2))
    return out


def build_automaton(h: int, closed: bool) -> dict[str, Any]:
    """Build the column automaton of ``h``-row boards (pure Python, exhaustive).

    Returns a dict of arrays: ``src``, ``dst``, ``mask`` (the moves chosen
    from the column, bits as in :func:`right_moves`) and ``term`` (rows of the
    column that become tour ends, as a bit mask) for every transition, plus
    ``n_states`` and ``accept``.  State 0 is the empty start; only states on
    some accepted word are kept (``n_states`` is 0 when no board of this
    height has such a tour).

    >>> a = build_automaton(3, closed=True)
    >>> a["n_states"] > 0, int(a["accept"]) > 0
    (True, True)
    >>> build_automaton(4, closed=True)["n_states"]   # Schwenk: never on 4xn
    0
    """
    moves = right_moves(h)
    by_row = [[(e, dc, r2) for e, (r1, dc, r2) in enumerate(moves) if r1 == i] for i in range(h)]
    width = 2 * h
    blank = (_NONE,) * width
    # A state: (complete, degrees of the next two columns, partners, terminals).
    initial = (False, (0,) * width, blank, 0)
    index = {initial: 0}
    states = [initial]
    trans: list[tuple[int, int, int, int]] = []

    def intern(state: tuple[Any, ...]) -> int:
        if state not in index:
            index[state] = len(states)
            states.append(state)
        return index[state]

    q = 0
    while q < len(states):
        complete, degs, parts, nterm = states[q]
        if complete:
            # A finished tour takes no more moves; a later column may only hold
            # squares it already passed through twice.
            if all(d == 2 for d in degs[:h]):
                trans.append((q, intern((True, degs[h:] + (0,) * h, blank, nterm)), 0, 0))
            q += 1
            continue
        found: list[tuple[list[int], list[int], int, bool]] = []

        def choose(
            i: int, deg: list[int], par: list[int], mask: int, done: bool,
            found: list[tuple[list[int], list[int], int, bool]] = found,
        ) -> None:
            if i == h:
                found.append((deg, par, mask, done))
                return
            # Square i of the current column is final after this: degree 2, or
            # 1 if it is a tour end (never in a closed tour).
            lo = 2 - deg[i] if closed else max(0, 1 - deg[i])
            for k in range(lo, 2 - deg[i] + 1):
                for combo in itertools.combinations(by_row[i], k):
                    dg, pr, m, dn = deg[:], par[:], mask, done
                    ok = True
                    for e, dc, r2 in combo:
                        a, b = i, (h if dc == 1 else 2 * h) + r2
                        if dn or dg[b] >= 2:
                            ok = False
                            break
                        oa = a if dg[a] == 0 else pr[a]   # far end of a's fragment
                        ob = b if dg[b] == 0 else pr[b]
                        if oa == b:
                            if not closed:
                                ok = False
                                break
                            dn = True                     # the cycle closes
                        elif oa == _TERMINAL and ob == _TERMINAL:
                            dn = True                     # both tour ends joined
                        dg[a] += 1
                        dg[b] += 1
                        if dg[a] == 2:
                            pr[a] = _NONE
                        if dg[b] == 2:
                            pr[b] = _NONE
                        if not dn:
                            if oa >= 0:
                                pr[oa] = ob
                            if ob >= 0:
                                pr[ob] = oa
                        m |= 1 << e
                    if ok:
                        choose(i + 1, dg, pr, m, dn, found)

        choose(0, list(degs) + [0] * h, list(parts) + [_NONE] * h, 0, False)
        for deg, par, mask, done in found:
            tmask = 0
            finished = done
            bad = False
            for i in range(h):
                if deg[i] == 0 or (done and deg[i] == 1):
                    bad = True   # a square left out, or an end beside a finished tour
                    break
                if deg[i] == 1:
                    tmask |= 1 << i
                    p = par[i]
                    if p == _TERMINAL:
                        finished = True
                    else:
                        par[p] = _TERMINAL
                    par[i] = _NONE
            if bad:
                continue
            nt = nterm + bin(tmask).count("1")
            if nt > 2:
                continue
            nd = tuple(deg[h:])
            if finished:
                if 1 in nd:
                    continue
                nxt = (True, nd, blank, nt)
            else:
                npar = tuple(p - h if p >= 0 else p for p in par[h:])
                nxt = (False, nd, npar, nt)
            trans.append((q, intern(nxt), mask, tmask))
        q += 1

    accept = index.get((True, (0,) * width, blank, 0 if closed else 2))
    src, dst, msk, trm = (np.array(x, dtype=np.int32).reshape(-1) for x in zip(*trans, strict=True))
    keep = _useful(len(states), src, dst, accept)
    if accept is None or not keep[0]:
        empty = np.zeros(0, dtype=np.int32)
        return {"n_states": 0, "accept": -1, "src": empty, "dst": empty, "mask": empty,
                "term": empty}
    # Renumber the useful states in discovery order (so the start stays 0).
    new_id = np.cumsum(keep, dtype=np.int64) - 1
    sel = keep[src] & keep[dst]
    return {
        "n_states": int(keep.sum()),
        "accept": int(new_id[accept]),
        "src": new_id[src[sel]].astype(np.int32),
        "dst": new_id[dst[sel]].astype(np.int32),
        "mask": msk[sel],
        "term": trm[sel],
    }


def _closure(n: int, start: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """States reachable from ``start`` along arcs ``a[i] -> b[i]``."""
    seen = np.zeros(n, dtype=bool)
    seen[start] = True
    while True:
        grow = seen.copy()
        grow[b[seen[a]]] = True
        if np.array_equal(grow, seen):
            return seen
        seen = grow


def _useful(n: int, src: np.ndarray, dst: np.ndarray, accept: int | None) -> np.ndarray:
    if accept is None:
        return np.zeros(n, dtype=bool)
    both: np.ndarray = _closure(n, np.array([0]), src, dst) & _closure(
        n, np.array([accept]), dst, src
    )
    return both


def _periodic(first: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, int, int]:
    """The sets S_0 = first, S_{k+1} = {b[i] : a[i] in S_k} until they repeat.

    Returns the table of distinct sets (uint8 rows), the preperiod and period.
    """
    seen: dict[bytes, int] = {}
    rows: list[np.ndarray] = []
    cur = first
    while cur.tobytes() not in seen:
        seen[cur.tobytes()] = len(rows)
        rows.append(cur)
        nxt = np.zeros_like(cur)
        nxt[b[cur[a].astype(bool)]] = 1
        cur = nxt
    pre = seen[cur.tobytes()]
    return np.ascontiguousarray(np.array(rows, dtype=np.uint8)), pre, len(rows) - pre


def _cls(k: Any, pre: int, per: int) -> Any:
    """Row of a periodic table for step ``k`` (int or int array)."""
    if isinstance(k, np.ndarray):
        return np.where(k < pre, k, pre + (k - pre) % per)
    return k if k < pre else pre + (k - pre) % per


class _Automaton:
    """A loaded automaton with its CSR lists and periodic reach tables."""

    def __init__(self, h: int, closed: bool, data: dict[str, Any]) -> None:
        self.h = h
        self.closed = closed
        self.n_states = n = int(data["n_states"])
        # The walk packs a state above the edge mask in one int32.
        if n >= 1 << (31 - _thin.STATE_BITS) or len(right_moves(h)) > _thin.STATE_BITS:
            raise ValueError(f"the {h}-row automaton is too large to pack ({n} states)")
        self.accept = int(data["accept"])
        src, dst = data["src"], data["dst"]
        self.src, self.dst, self.mask, self.term = src, dst, data["mask"], data["term"]
        o = np.lexsort((dst, src))
        self.succ_ptr = np.searchsorted(src[o], np.arange(n + 1)).astype(np.int32)
        self.succ_dst = np.ascontiguousarray(dst[o], dtype=np.int32)
        self.succ_mask = np.ascontiguousarray(self.mask[o], dtype=np.int32)
        o = np.lexsort((src, dst))
        self.pred_ptr = np.searchsorted(dst[o], np.arange(n + 1)).astype(np.int32)
        self.pred_src = np.ascontiguousarray(src[o], dtype=np.int32)
        self.pred_mask = np.ascontiguousarray(self.mask[o], dtype=np.int32)
        first = np.zeros(max(n, 1), dtype=np.uint8)
        if n:
            first[0] = 1
        # reach[k]: states after k columns; finish[k]: states that can end the
        # board in exactly k more columns.
        self.reach, self.reach_pre, self.reach_per = _periodic(first, src, dst)
        last = np.zeros(max(n, 1), dtype=np.uint8)
        if n:
            last[self.accept] = 1
        self.finish, self.finish_pre, self.finish_per = _periodic(last, dst, src)
        # rows[a, b]: bit mask of the rows of a column j that can hold a tour
        # end when j is reach class a and n - j - 1 is finish class b (for
        # closed tours: all rows if the column can be crossed at all).
        full = (1 << h) - 1
        table = np.zeros((len(self.reach), len(self.finish)), dtype=np.int32)
        for i, ra in enumerate(self.reach):
            live = ra[src].astype(bool)
            for j, fb in enumerate(self.finish):
                sel = live & fb[dst].astype(bool)
                if closed:
                    table[i, j] = full if sel.any() else 0
                elif sel.any():
                    table[i, j] = int(np.bitwise_or.reduce(self.term[sel]))
        self.rows = table

    def row_masks(self, n: int) -> np.ndarray:
        """For each column of an ``h`` x ``n`` board, the rows that start a tour."""
        j = np.arange(n, dtype=np.int64)
        a = _cls(j, self.reach_pre, self.reach_per)
        b = _cls(n - 1 - j, self.finish_pre, self.finish_per)
        out: np.ndarray = self.rows[a, b]
        return out

    def row_mask(self, n: int, j: int) -> int:
        a = _cls(j, self.reach_pre, self.reach_per)
        b = _cls(n - 1 - j, self.finish_pre, self.finish_per)
        return int(self.rows[a, b])


@functools.cache
def _stored() -> dict[str, np.ndarray] | None:
    from importlib import resources  # here: importing it costs more than this module

    try:
        ref = resources.files("knight").joinpath("data").joinpath(DATA_FILE)
        with ref.open("rb") as f, np.load(f) as npz:
            return {k: npz[k] for k in npz.files}
    except (FileNotFoundError, OSError):
        return None


@functools.cache
def automaton(h: int, closed: bool) -> _Automaton:
    """The automaton of ``h``-row boards (from the data file, else built now).

    Its tables are also handed to the C core (:func:`_install`), where the
    construction -- :func:`thin_tour` and the C API alike -- reads them.
    """
    if h not in HEIGHTS:
        raise ValueError(f"thin boards have 3 or 4 rows, not {h}")
    stored = _stored()
    key = f"h{h}_{'closed' if closed else 'open'}"
    if stored is not None and f"{key}_src" in stored:
        data: dict[str, Any] = {
            name: stored[f"{key}_{name}"] for name in ("src", "dst", "mask", "term")
        }
        data["n_states"] = int(stored[f"{key}_n_states"])
        data["accept"] = int(stored[f"{key}_accept"])
    else:
        data = build_automaton(h, closed)
    auto = _Automaton(h, closed, data)
    _install(auto)
    return auto


def _install(auto: _Automaton) -> None:
    """Give the C core the automaton's tables (it keeps them for the process's life)."""
    inc, count = _incidence(auto.h)

    def i32(a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(a, dtype=np.int32)

    _thin.install(
        auto.h, auto.closed, auto.n_states, auto.accept,
        auto.succ_ptr, auto.succ_dst, auto.succ_mask,
        auto.pred_ptr, auto.pred_src, auto.pred_mask,
        auto.reach, auto.reach_pre, auto.reach_per,
        auto.finish, auto.finish_pre, auto.finish_per,
        i32(auto.src), i32(auto.dst), i32(auto.mask), i32(auto.term), inc, count,
    )


# A C caller of the construction (knight.capi) may be the first to need an
# automaton: the core then takes the GIL once and has it built here.
_thin.set_loader(automaton)


def _frame(rows: int, cols: int) -> tuple[int, int, bool]:
    """(height, length, transposed): the board seen with a side of 3 or 4 as rows.

    The shorter side is the height when it is 3 or 4; a 3x1 or 4x2 board
    (nothing to find, but a fair question) is read with the 3 or 4 as height.
    """
    if rows in HEIGHTS and (rows <= cols or cols not in HEIGHTS):
        return rows, cols, False
    if cols in HEIGHTS:
        return cols, rows, True
    return min(rows, cols), max(rows, cols), rows > cols


def is_thin(rows: int, cols: int) -> bool:
    """True when a side is 3 or 4 (the boards this module settles)."""
    return rows in HEIGHTS or cols in HEIGHTS


def start_squares(rows: int, cols: int | None = None, *, closed: bool = False) -> np.ndarray:
    """Which squares of a thin board start a tour: a bool ``rows`` x ``cols`` array.

    Exact for every size, from the column automaton.

    >>> start_squares(3, 4).astype(int)
    array([[1, 0, 0, 1],
           [1, 0, 0, 1],
           [1, 0, 0, 1]])
    >>> bool(start_squares(10, 3, closed=True).all())
    True
    """
    rows, cols = board_size(rows, cols)
    h, n, transposed = _frame(rows, cols)
    if h not in HEIGHTS:
        raise ValueError(f"{article(f'{rows}x{cols}')} board is not thin: neither side is 3 or 4")
    masks = automaton(h, bool(closed)).row_masks(n)
    # Row by row into the bool answer: a broadcast shift would make int64
    # temporaries of 8 bytes per square.
    out = np.empty((h, n), dtype=bool)
    for i in range(h):
        np.not_equal((masks >> i) & 1, 0, out=out[i])
    return np.ascontiguousarray(out.T if transposed else out)


def thin_reason(rows: int, cols: int, start: Square | None, closed: bool) -> str | None:
    """Why no tour of a thin board starts at ``start`` (anywhere if None), or None."""
    why = theory.board_reason(rows, cols, closed)
    if why is not None:
        return why
    if start is not None:
        why = theory.start_reason(rows, cols, start, closed)
        if why is not None:
            return why
    h, n, transposed = _frame(rows, cols)
    auto = automaton(h, closed)
    kind = "closed" if closed else "open"
    if start is None:
        if any(_row_counts(auto, n)):
            return None
        return (
            f"{article(f'{rows}x{cols}')} board has no {kind} tour: the exact column-by-column "
            f"analysis of every knight path on {h}-row boards finds none"
        )
    r, j = (start[1], start[0]) if transposed else start
    if auto.row_mask(n, j) >> r & 1:
        return None
    return (
        f"no {kind} tour of the {rows}x{cols} board starts at {start}: the exact "
        f"column-by-column analysis of every knight path on {h}-row boards shows "
        f"that no tour of this board has an end there ({_describe(rows, cols)})"
    )


def _row_counts(auto: _Automaton, n: int) -> list[int]:
    """For each row of an ``h`` x ``n`` board, how many of its squares start a tour.

    O(1) memory and time for any ``n``: beyond the preperiods the start rows
    of column ``j`` depend only on ``j`` modulo the periods.
    """
    period = auto.reach_per * auto.finish_per
    edge = max(auto.reach_pre, auto.finish_pre) + period
    if n <= 2 * edge + 2 * period:
        masks = [auto.row_mask(n, j) for j in range(n)]
        weights = [1] * n
    else:
        cols = list(range(edge)) + list(range(n - edge, n))
        weights = [1] * len(cols)
        # Middle columns edge..n-edge-1, grouped by residue modulo the period.
        for t in range(period):
            first = edge + t
            cols.append(first)
            weights.append(len(range(first, n - edge, period)))
        masks = [auto.row_mask(n, j) for j in cols]
    pairs = list(zip(masks, weights, strict=True))
    return [sum(w for m, w in pairs if m >> i & 1) for i in range(auto.h)]


def _describe(rows: int, cols: int) -> str:
    """Where open tours of a thin board do start, in words, from the automaton."""
    h, n, transposed = _frame(rows, cols)
    counts = _row_counts(automaton(h, False), n)
    count = sum(counts)
    full = [i for i in range(h) if counts[i] == n]
    if full and count == len(full) * n:
        axis = "columns" if transposed else "rows"
        names = " and ".join(str(i) for i in full)
        return f"tours start only on the {count:,} squares of {axis} {names}"
    return f"only {count:,} of its {rows * cols:,} squares start one"


def _check_closed(value: Any) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"closed must be True or False, not {type(value).__name__}")


def memory_estimate(rows: int, cols: int) -> int:
    """Bytes :func:`thin_tour` allocates: the board and one edge mask per column."""
    return 4 * rows * cols + 4 * max(rows, cols) + (1 << 16)


@functools.cache
def _incidence(h: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the moves touching a square: (dcol, mask column offset, bit, row2).

    A move to the right lives in the square's own column mask (offset 0); a
    move to the left lives in the mask of the column it comes from.
    """
    moves = right_moves(h)
    inc = np.zeros((h, 8, 4), dtype=np.int32)
    count = np.zeros(h, dtype=np.int32)
    for r in range(h):
        for e, (r1, dc, r2) in enumerate(moves):
            if r1 == r:
                inc[r, count[r]] = (dc, 0, e, r2)
                count[r] += 1
            if r2 == r:
                inc[r, count[r]] = (-dc, -dc, e, r1)
                count[r] += 1
    return inc, count


#: Below this many columns the walk searches every column: clearing the
#: table of seen (state, class) pairs would cost more than it saves.
_SKIP_FROM = 2048


def _seen(auto: _Automaton, n: int) -> np.ndarray:
    """The -1-filled table :func:`knight._core.thin.walk_states` uses to skip periods."""
    if n < _SKIP_FROM:
        return np.empty((0, 0, 0), dtype=np.int64)
    classes = max(len(auto.reach), len(auto.finish))
    return np.full((2, auto.n_states, classes), -1, dtype=np.int64)


def thin_tour(rows: int, cols: int, start: Square, closed: bool,
              cancel: np.ndarray | None = None) -> np.ndarray:
    """A tour of a board whose shorter side is 3 or 4, in O(rows * cols) time.

    Returns a C-contiguous int32 board of step numbers with step 0 at
    ``start``; the tour is closed if ``closed``.  Raises
    :class:`~knight.errors.NoTourError` at once, with the reason, when no
    such tour exists; ``TypeError``/``ValueError`` for bad arguments.
    ``cancel`` is None or the one-byte ``uint8`` flag of a cancel token:
    non-zero stops the walk with :class:`~knight.SearchCancelled`.

    >>> import knight
    >>> b = thin_tour(3, 10, (0, 0), closed=True)
    >>> knight.is_tour(b, closed=True), int(b[0, 0])
    (True, 0)
    >>> knight.is_tour(thin_tour(1000, 4, (500, 0), closed=False))
    True
    >>> thin_tour(3, 8, (1, 2), closed=False)
    Traceback (most recent call last):
    ...
    knight.errors.NoTourError: no open tour of the 3x8 board starts at (1, 2): ...
    """
    rows, cols = board_size(rows, cols)
    start = square(start, rows, cols, "start")
    closed = _check_closed(closed)
    h, n, transposed = _frame(rows, cols)
    if h not in HEIGHTS:
        raise ValueError(f"thin_tour needs a side of 3 or 4; {article(f'{rows}x{cols}')} "
                         "board has none")
    why = thin_reason(rows, cols, start, closed)
    if why is not None:
        raise NoTourError(why)
    check_memory(memory_estimate(rows, cols), f"a tour of the {rows}x{cols} board")
    board = np.empty((rows, cols), dtype=np.int32)
    # The C construction (the one the C API runs): the transition at the
    # start column, the walk through the states, the fill.
    status = _thin.thin_into(board, start[0], start[1], closed, cancel)
    if status == _thin.CANCELLED:
        raise construction_cancelled(rows, cols)
    if status == _thin.NO_MEMORY:
        raise MemoryError(f"a tour of the {rows}x{cols} board: out of memory")
    if status != _thin.OK:
        # thin_reason above already refused every board without a tour.
        raise AssertionError(f"thin automaton walk failed (status {status}) on {rows}x{cols}")
    return board



def construction_cancelled(rows: int, cols: int) -> SearchCancelled:
    """The error of a construction (:func:`thin_tour`, :func:`knight.construct.construct`)
    that its cancel token stopped."""
    return SearchCancelled(
        f"the construction of {article(f'{rows}x{cols}')} tour was cancelled: the cancel "
        "token was set",
        0, 0.0,
    )


__all__ = ["HEIGHTS", "build_automaton", "is_thin", "start_squares", "thin_reason", "thin_tour"]

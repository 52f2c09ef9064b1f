"""The magic search's core and its pure-Python twin: the same tours, in the
same order, with the same node counts; and every tour they hand over magic."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

import knight
import printed_tours
from knight._core import magic_search as core
from knight._core import magic_search_py as twin
from knight.engines.magic import symmetric_clues, tables

BEVERLEY = np.array(printed_tours.BEVERLEY)  # William Beverley, 1848, numbered 1..64


def _bfs(rows: int, cols: int, source: int) -> list[int]:
    dist = [-1] * (rows * cols)
    dist[source] = 0
    queue = deque([source])
    while queue:
        q = queue.popleft()
        r, c = divmod(q, cols)
        for dr, dc in knight.DEFAULT_ORDER:
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and dist[rr * cols + cc] < 0:
                dist[rr * cols + cc] = dist[q] + 1
                queue.append(rr * cols + cc)
    return dist


@pytest.mark.parametrize("rows, cols", [(4, 6), (8, 8), (5, 7), (3, 4)])
def test_tables_are_the_knight_graph(rows: int, cols: int) -> None:
    nbr, dist = tables(rows, cols)
    for sq in range(rows * cols):
        r, c = divmod(sq, cols)
        want = [(r + dr) * cols + c + dc for dr, dc in knight.DEFAULT_ORDER
                if 0 <= r + dr < rows and 0 <= c + dc < cols]
        assert [int(v) for v in nbr[sq] if v >= 0] == want
        assert all(v == -1 for v in nbr[sq][len(want):])
        far = _bfs(rows, cols, sq)
        assert [int(d) if d < 32767 else -1 for d in dist[sq]] == far


def _run(impl, rows, cols, starts, clue_at=None, closed=False, diagonal=False,
         symmetric=False, seed=0, batch=3, max_nodes=0):
    nbr, dist = tables(rows, cols)
    n = rows * cols
    clue_at = np.zeros(n, np.int32) if clue_at is None else clue_at
    search = impl.MagicSearch(rows, cols, nbr, dist, np.asarray(starts, np.int32), clue_at,
                              closed, diagonal, symmetric, seed)
    out = np.zeros((batch, n), np.int32)
    found = []
    while True:
        status, got = search.collect(out, 0.0, None, max_nodes)
        found += [row.copy() for row in out[:got]]
        if status != impl.MORE:
            return status, found, search.nodes, search.depth


def _agree(*args, **kwargs):
    a = _run(core, *args, **kwargs)
    b = _run(twin, *args, **kwargs)
    assert a[0] == b[0] and a[2:] == b[2:]
    assert len(a[1]) == len(b[1]) and all((x == y).all() for x, y in zip(a[1], b[1]))
    return a


def _clues(upto: int) -> np.ndarray:
    """Beverley's numbers up to ``upto`` as clues, the rest free."""
    flat = BEVERLEY.ravel()
    return np.where(flat <= upto, flat, 0).astype(np.int32)


def test_4x6_every_start_none() -> None:
    status, found, nodes, _ = _agree(4, 6, range(24))
    assert status == core.DONE and found == [] and nodes > 1000


def test_4x6_closed_and_symmetric_agree() -> None:
    assert _agree(4, 6, range(24), closed=True)[1] == []
    assert _agree(4, 6, range(6), symmetric=True)[1] == []


@pytest.mark.parametrize("upto", [32, 29])
def test_completions_of_beverley_agree(upto: int) -> None:
    status, found, nodes, depth = _agree(8, 8, [0], _clues(upto))
    assert status == core.DONE and depth == 64
    assert any((row.reshape(8, 8) == BEVERLEY).all() for row in found)
    for row in found:
        board = row.reshape(8, 8)
        assert knight.magic_kind(board) == "semi-magic"
        assert (board.ravel()[_clues(upto) > 0] == _clues(upto)[_clues(upto) > 0]).all()


def test_beverley_is_not_closed_nor_diagonal() -> None:
    # Its 64 (row 7, col 2) is no knight move from its 1 (row 0, col 0).
    assert _agree(8, 8, [0], _clues(32), closed=True)[1] == []
    assert _agree(8, 8, [0], _clues(32), diagonal=True)[1] == []


@pytest.mark.parametrize("seed", [0, 5])
def test_node_budget_stops_both_alike(seed: int) -> None:
    status, found, nodes, _ = _agree(8, 8, [27], symmetric=True, seed=seed, max_nodes=10_000)
    assert status == core.NODE_LIMIT and nodes == 10_000


def test_symmetric_tour_found_and_closed() -> None:
    nbr, dist = tables(8, 8)
    search = core.MagicSearch(8, 8, nbr, dist, np.array([27], np.int32), np.zeros(64, np.int32),
                              symmetric=True, seed=1)
    out = np.zeros((1, 64), np.int32)
    assert search.collect(out) == (core.MORE, 1) and search.depth == 32
    board = out[0].reshape(8, 8)
    assert knight.magic_kind(board) == "semi-magic"
    tour = knight.verify(board, base=1, closed=True)
    assert tour.closed and tour.start == (3, 3)
    # Centrally symmetric: k + 32 stands on the rotation of k's square.
    assert ((board + 32 - 1) % 64 + 1 == board[::-1, ::-1]).all()


def test_resumed_batches_list_the_same_tours() -> None:
    one = _run(core, 8, 8, [0], _clues(29), batch=1)
    many = _run(core, 8, 8, [0], _clues(29), batch=50)
    assert one[2] == many[2] and len(one[1]) == len(many[1]) >= 1
    assert all((a == b).all() for a, b in zip(one[1], many[1]))


def test_count_matches_collect() -> None:
    nbr, dist = tables(8, 8)
    search = core.MagicSearch(8, 8, nbr, dist, np.array([0], np.int32), _clues(29))
    status, found = search.count()
    assert status == core.DONE
    assert found == len(_run(core, 8, 8, [0], _clues(29))[1])
    again = twin.MagicSearch(8, 8, nbr, dist, np.array([0], np.int32), _clues(29))
    assert again.count() == (status, found) and again.nodes == search.nodes


def test_symmetric_clues() -> None:
    clue_at = np.zeros(16, np.int32)
    clue_at[0], clue_at[5] = 1, 12
    out = symmetric_clues(clue_at)
    assert out is not None and out[15] == 9 and out[10] == 4
    clue_at[15] = 2
    assert symmetric_clues(clue_at) is None


def test_bad_rows_refused() -> None:
    nbr, dist = tables(4, 6)
    search = core.MagicSearch(4, 6, nbr, dist, np.array([0], np.int32), np.zeros(24, np.int32))
    with pytest.raises(ValueError, match="rows of 24"):
        search.collect(np.zeros((1, 5), np.int32))


def test_ranges_add_up() -> None:
    from knight.engines.magic import count_range, ranges
    from knight.solver import magic_job

    # Beverley's numbers 3..30 given, the first two free: every start and first move.
    clues = {(int(r), int(c)): int(BEVERLEY[r, c]) - 1
             for r, c in np.argwhere((BEVERLEY >= 3) & (BEVERLEY <= 30))}
    job = magic_job(8, None, None, None, False, "auto", None, "first", None, None, None, None,
                    None, clues, "semi")
    parts = ranges(job)
    assert len(parts) > 1 and all((p == 1).sum() == 1 and (p == 2).sum() == 1 for p in parts)
    counted = [count_range(8, 8, False, False, p) for p in parts]
    assert all(status == core.DONE for status, _, _ in counted)
    assert sum(found for _, found, _ in counted) == knight.count(8, magic="semi", clues=clues) >= 1
    assert count_range(8, 8, False, False, parts[0], twin=True) == counted[0]


def _count_all(rows: int, cols: int) -> tuple[int, int]:
    nbr, dist = tables(rows, cols)
    search = core.MagicSearch(rows, cols, nbr, dist, np.arange(rows * cols, dtype=np.int32),
                              np.zeros(rows * cols, np.int32))
    status, found = search.count()
    assert status == core.DONE
    return found, search.nodes


def test_search_confirms_murray_on_4x8() -> None:
    # magic_reason rules 4x8 out (Murray); the whole search agrees.
    assert knight.magic.magic_reason(4, 8) is not None
    assert _count_all(4, 8)[0] == 0


@pytest.mark.slow
def test_no_semi_magic_tour_on_4x10() -> None:
    # magic_reason cites this enumeration (about 2.3e8 nodes, half a
    # minute), which finds none; 4x12's (19 CPU-minutes) is in bench_magic.py.
    assert "enumeration" in knight.magic.magic_reason(4, 10)
    assert _count_all(4, 10)[0] == 0

"""knight.count and knight.tours: published counts, cross-checks, parallel runs."""

from __future__ import annotations

import concurrent.futures as cf
import sys

import numpy as np
import pytest

import knight
from knight import counting
from knight.cli import main
from knight.counting import reference_count

# Published counts (OEIS); the package computes every one of them below.
# A118067: directed Hamiltonian paths (open tours) on 3 x n, n = 4, 7..12.
OPEN_3XN = {4: 16, 5: 0, 6: 0, 7: 104, 8: 792, 9: 1120, 10: 6096, 11: 21344, 12: 114496}
# A079137: undirected open tours on 4 x n (n = 3, 5..8); directed = twice.
OPEN_4XN_UNDIRECTED = {3: 8, 4: 0, 5: 82, 6: 744, 7: 6378, 8: 31088}


@pytest.mark.slow
def test_5x5_open_total_and_every_start():
    assert knight.count(5) == 1728  # A165134
    per = {(r, c): knight.count(5, start=(r, c)) for r in range(5) for c in range(5)}
    assert sum(per.values()) == 1728
    for (r, c), n in per.items():
        if (r + c) % 2:
            assert n == 0, (r, c)
        elif (r, c) in ((0, 0), (0, 4), (4, 0), (4, 4)):
            assert n == 304, (r, c)
        else:
            assert n in (56, 64), (r, c)
    assert per[(2, 2)] == 64
    # The per-square numbers are the board's symmetry classes, not typed in.
    assert per[(0, 2)] == reference_count(5, start=(0, 2))
    assert per[(0, 0)] == reference_count(5, start=(0, 0))


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [(6, 6, 9862), (3, 10, 16), (3, 12, 176), (5, 6, 8), (6, 5, 8), (3, 8, 0), (4, 6, 0),
     (5, 5, 0)],
)
def test_closed_published(rows, cols, expected):
    # A001230 (6x6), A070030 (3 x 2n), A175881 (6 x 5), Schwenk's zeros.
    assert knight.count(rows, cols, closed=True) == expected


@pytest.mark.parametrize("n", sorted(OPEN_3XN))
def test_open_3xn_oeis(n):
    assert knight.count(3, n) == OPEN_3XN[n]
    assert knight.count(n, 3) == OPEN_3XN[n]


@pytest.mark.parametrize("n", sorted(OPEN_4XN_UNDIRECTED))
def test_open_4xn_oeis(n):
    assert knight.count(4, n) == 2 * OPEN_4XN_UNDIRECTED[n]


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (3, 7), (3, 8), (4, 5), (1, 1), (2, 3)])
def test_open_against_reference(rows, cols):
    assert knight.count(rows, cols) == reference_count(rows, cols)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"start": (0, 0)},
        {"start": (1, 1)},
        {"start": (0, 0), "end": (3, 4)},
        {"end": (3, 4)},
        {"start": (0, 1), "end": (2, 0)},
        {"start": (0, 1), "end": (0, 1)},
    ],
)
def test_constraints_against_reference_4x5(kwargs):
    assert knight.count(4, 5, **kwargs) == reference_count(4, 5, **kwargs)


@pytest.mark.slow
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"directed": True, "start": (0, 0)},
        {"directed": True, "start": (1, 4)},
        {"start": (0, 0), "end": (1, 2)},
        {"start": (0, 0), "end": (2, 1)},
        {"start": (0, 0), "end": (0, 1)},
        {"start": (1, 3), "end": (0, 5)},
        {"directed": True, "start": (1, 3), "end": (0, 5)},
        {"start": (2, 9)},
    ],
)
def test_closed_against_reference_3x10(kwargs):
    expected = reference_count(3, 10, closed=True, **kwargs)
    assert knight.count(3, 10, closed=True, **kwargs) == expected


def test_closed_conventions():
    cycles = knight.count(3, 10, closed=True)
    assert knight.count(3, 10, closed=True, start=(1, 4)) == cycles
    assert knight.count(3, 10, closed=True, directed=True, start=(1, 4)) == 2 * cycles
    assert knight.count(3, 10, closed=True, directed=True) == 2 * 30 * cycles
    # Directed paths whose ends are a knight move apart = 2 * squares * cycles.
    through = sum(
        knight.count(3, 10, closed=True, start=(0, 0), end=e) for e in ((1, 2), (2, 1))
    )
    assert through == 2 * cycles  # each cycle uses both moves at the corner
    # The sums over starts, from the per-start counts (checked against the
    # reference above), not from the formula.
    squares = [(r, c) for r in range(3) for c in range(10)]
    every = [knight.count(3, 10, closed=True, directed=True, start=s) for s in squares]
    assert knight.count(3, 10, closed=True, directed=True) == sum(every)
    ending = [knight.count(3, 10, closed=True, directed=True, start=s, end=(1, 4)) for s in squares]
    assert knight.count(3, 10, closed=True, directed=True, end=(1, 4)) == sum(ending)


def test_symmetry_folding_matches_every_start():
    total = sum(knight.count(4, 6, start=(r, c)) for r in range(4) for c in range(6))
    assert knight.count(4, 6) == total == 1488


def test_results_are_python_ints():
    assert type(knight.count(6, closed=True)) is int
    assert type(knight.count(3, 4, workers=2)) is int


def test_tiny_boards():
    assert knight.count(1) == 1
    assert knight.count(1, closed=True) == 0
    assert knight.count(2) == 0
    assert knight.count(1, 5) == 0
    assert [t.start for t in knight.tours(1)] == [(0, 0)]
    assert list(knight.tours(1, closed=True)) == []


# ---------------------------------------------------------------------------
# Parallel runs: the same numbers on 1 process, 2 processes, any executor, Dask


@pytest.fixture
def no_probe(monkeypatch):
    """Send even small searches to the executor (normally they stay here)."""
    monkeypatch.setattr(counting.engines, "PROBE_NODES", 0)


CASES = [
    ((5, 5), {}),
    ((5, 5), {"start": (0, 2)}),
    ((4, 6), {"end": (0, 1)}),
    ((3, 10), {"closed": True}),
    ((3, 10), {"closed": True, "directed": True, "start": (2, 3)}),
    ((5, 6), {"closed": True}),
]


class _Tally(cf.Executor):
    """An executor that counts what it is given and hands it on."""

    def __init__(self, inner):
        self.inner = inner
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        return self.inner.submit(fn, *args, **kwargs)


def test_workers_two_same_counts(no_probe):
    started = counting.executor.pools_started
    for args, kwargs in CASES:
        assert knight.count(*args, workers=2, **kwargs) == knight.count(*args, **kwargs), args
    assert counting.executor.pools_started > started  # the work did go to a pool
    assert not counting.executor.POOLS  # shut down when each call ended
    # Big enough to pass the in-process probe without help.
    assert knight.count(6, closed=True, workers=2) == 9862


def test_any_executor(no_probe):
    with cf.ThreadPoolExecutor(2) as pool:
        ex = _Tally(pool)
        for args, kwargs in CASES:
            assert knight.count(*args, executor=ex, **kwargs) == knight.count(*args, **kwargs)
        assert ex.submitted >= len(CASES)


@pytest.mark.slow
def test_dask_local_cluster(no_probe):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        ex = client.get_executor()
        for args, kwargs in CASES[:4]:
            assert knight.count(*args, executor=ex, **kwargs) == knight.count(*args, **kwargs)
        tally = _Tally(ex)
        assert knight.count(6, closed=True, executor=tally) == 9862
        assert tally.submitted > 1  # the subtrees went to Dask


def test_progress_bar_on_stderr(capsys):
    pytest.importorskip("tqdm")
    assert knight.count(3, 10, closed=True, progress=True, method="search") == 16
    err = capsys.readouterr().err
    assert "subtree" in err and "100%" in err
    # The DP's bar counts the cells of its sweep and names the method.
    assert knight.count(3, 10, closed=True, progress=True, method="dp") == 16
    err = capsys.readouterr().err
    assert "dp" in err and "cell" in err and "100%" in err


def test_progress_without_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    with pytest.raises(ImportError, match=r"knight-tour\[progress\]"):
        knight.count(5, progress=True)


def test_timeout():
    with pytest.raises(knight.SearchLimitError, match="timeout"):
        knight.count(7, timeout=0.05)
    with pytest.raises(knight.SearchLimitError):
        knight.count(7, workers=2, timeout=0.3)
    with pytest.raises(knight.SearchLimitError):
        list(knight.tours(8, start=(0, 0), timeout=0.05))


# ---------------------------------------------------------------------------
# Enumeration


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((5,), {"start": (0, 0)}),
        ((5,), {"start": (0, 2), "end": (4, 4)}),
        ((3, 4), {}),
        ((3, 7), {"end": (0, 0)}),
        ((3, 10), {"closed": True}),
        ((3, 10), {"closed": True, "directed": True, "start": (1, 1)}),
        ((3, 10), {"closed": True, "start": (0, 0), "end": (1, 2)}),
        ((5, 6), {"closed": True}),
        ((5, 6), {"closed": True, "start": (2, 3)}),
    ],
)
def test_tours_match_count_and_verify(args, kwargs):
    found = list(knight.tours(*args, **kwargs))
    closed = kwargs.get("closed", False)
    assert len(found) == knight.count(*args, **kwargs)
    boards = set()
    for t in found:
        assert isinstance(t, knight.Tour)
        assert t.method == "enumerate" and t.closed == closed
        knight.verify(t.board, closed=closed)
        assert knight.verify(t.path, closed=closed) == t
        assert t.board[t.start] == 0
        if "start" in kwargs:
            assert t.start == kwargs["start"]
        if "end" in kwargs:
            assert t.end == kwargs["end"]
        boards.add(t.board.tobytes())
    assert len(boards) == len(found)
    if closed and not kwargs.get("directed"):
        # One per undirected cycle: no tour is the reverse of another.
        cycles = set()
        for t in found:
            steps = zip(map(tuple, t.path), map(tuple, np.roll(t.path, -1, 0)), strict=True)
            cycles.add(frozenset(frozenset(step) for step in steps))
        assert len(cycles) == len(found)


def test_tours_deterministic_limit_and_early_stop():
    first = [t.board.copy() for t in knight.tours(5, start=(0, 0), limit=10)]
    again = [t.board for t in knight.tours(5, start=(0, 0), limit=10)]
    assert len(first) == 10
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    everything = knight.tours(5, start=(0, 0))
    head = [next(everything).board for _ in range(10)]
    everything.close()  # nothing keeps running after this
    assert all(np.array_equal(a, b) for a, b in zip(first, head, strict=True))
    assert list(knight.tours(5, limit=0)) == []
    assert len(list(knight.tours(5, limit=400))) == 400


def test_tours_beyond_64_squares():
    # 3 x 22 has 66 squares: no bit-mask limit in the core.
    found = list(knight.tours(3, 22, closed=True, limit=3))
    assert len(found) == 3
    for t in found:
        assert knight.is_tour(t, closed=True) and t.rows * t.cols == 66


# ---------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("kwargs", "exc", "name"),
    [
        ({"rows": "5"}, TypeError, "rows"),
        ({"rows": 0}, ValueError, "rows"),
        ({"rows": 5, "cols": 2.0}, TypeError, "cols"),
        ({"rows": 5, "start": (5, 0)}, ValueError, "start"),
        ({"rows": 5, "start": 7}, TypeError, "start"),
        ({"rows": 5, "start": "z9"}, ValueError, "start"),
        ({"rows": 5, "end": (0, 0, 0)}, ValueError, "end"),
        ({"rows": 5, "closed": "yes"}, TypeError, "closed"),
        ({"rows": 5, "directed": 1}, TypeError, "directed"),
        ({"rows": 5, "closed": True, "end": (1, 2)}, ValueError, "start"),
        ({"rows": 5, "workers": 0}, ValueError, "workers"),
        ({"rows": 5, "workers": 1.5}, TypeError, "workers"),
        ({"rows": 5, "executor": object()}, TypeError, "executor"),
        ({"rows": 5, "progress": "no"}, TypeError, "progress"),
        ({"rows": 5, "timeout": -1}, ValueError, "timeout"),
        ({"rows": 5, "timeout": "1"}, TypeError, "timeout"),
    ],
)
def test_count_bad_input(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        knight.count(**kwargs)


def test_board_too_large_refused_before_work():
    with pytest.raises(knight.BoardTooLargeError, match="GiB"):
        knight.count(40000, 40000)
    with pytest.raises(knight.BoardTooLargeError, match="GiB"):
        knight.tours(40000, 40000)


@pytest.mark.parametrize(
    ("kwargs", "exc", "name"),
    [
        ({"rows": 5, "limit": -1}, ValueError, "limit"),
        ({"rows": 5, "limit": "3"}, TypeError, "limit"),
        ({"rows": -5}, ValueError, "rows"),
        ({"rows": 5, "start": (0, 9)}, ValueError, "start"),
    ],
)
def test_tours_bad_input_raised_at_call(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        knight.tours(**kwargs)  # before the first next()


# ---------------------------------------------------------------------------
# Command line


def test_cli_count(capsys):
    assert main(["count", "5"]) == 0
    assert capsys.readouterr().out == "1728\n"
    assert main(["count", "6", "--closed", "--workers", "2", "--progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "9862\n"
    assert "subtree" in captured.err
    assert main(["count", "3", "10", "--closed", "--directed", "--start", "0", "0"]) == 0
    assert capsys.readouterr().out == "32\n"


def test_cli_tours(capsys):
    assert main(["tours", "5", "--start", "0", "0", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    grids = out.rstrip("\n").split("\n\n")
    assert len(grids) == 3
    expected = [t.grid() for t in knight.tours(5, start=(0, 0), limit=3)]
    assert grids == expected
    assert main(["tours", "3", "4", "--format", "json", "--limit", "2"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["count"],
        ["count", "5", "6", "7"],
        ["count", "x"],
        ["count", "5", "--start", "9", "9"],
        ["count", "5", "--workers", "0"],
        ["tours", "5", "--limit", "-2"],
    ],
)
def test_cli_bad_arguments(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


@pytest.mark.parametrize("connect_depth", [0, 5, 1000])
def test_core_connectivity_cut_is_exact(connect_depth):
    # The flood-fill cut (off, shallow, everywhere) never changes a count.
    from knight._core.count import PathSearch

    none = np.zeros(0, dtype=np.uint8)
    ends = np.zeros(30, dtype=np.uint8)
    ends[12] = 1  # 3x10 closed: corner 0 blocked, leave by 21, return by 12
    cases = [
        ((5, 5, [0], [], none), 304),
        ((4, 6, [1], [], none), knight.count(4, 6, start=(0, 1))),
        ((3, 10, [21], [0], ends), 16),
    ]
    for (rows, cols, prefix, blocked, flags), expected in cases:
        search = PathSearch(rows, cols, np.array(prefix, dtype=np.int32),
                            np.array(blocked, dtype=np.int32), flags, connect_depth)
        status, found, nodes = search.count()
        assert (status, found) == (0, expected)
        assert nodes > 0


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32",
                    reason="POSIX signals: Windows has no SIGINT for one process")
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_long_count(workers, spawn_session):
    import signal
    import subprocess
    import time

    # The child turns Ctrl-C into KeyboardInterrupt itself: started from a
    # shell's background job, it would inherit SIGINT ignored.
    code = (
        "import signal, sys, knight; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "print('ready', flush=True); "
        # (a day's timeout: unbounded, a count out of reach is refused at once)
        f"knight.count(8, start=(0, 0), workers={workers}, timeout=86400)"
    )
    proc = spawn_session([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(0.5)  # let the search start (an 8x8 count never ends)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert "KeyboardInterrupt" in err
    assert proc.returncode != 0

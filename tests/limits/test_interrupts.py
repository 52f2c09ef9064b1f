"""Ctrl-C, timeout and max_nodes: long work stops when asked, promptly, and
leaves the process usable.

Ctrl-C is tested in a child process sent a real SIGINT (a signal reaching
pytest itself would end the run).  The child starts the long job, the parent
waits until it is deep in the work, records the time and sends SIGINT; the
child records when the KeyboardInterrupt arrived, solves a small board to
show it is still usable, and reports.  Both sides read ``time.monotonic()``,
one system-wide clock on Linux and macOS.  Each job is interrupted several
times; the median latency must be under the issue's 0.3 s.
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import knight

ROUNDS = 3
LATENCY_LIMIT = 0.3

CHILD = textwrap.dedent(
    """
    import json, signal, sys, time
    import knight

    # Ctrl-C as KeyboardInterrupt even when the suite runs as a shell's
    # background job, whose children inherit SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    def forever(make):
        while True:
            make()

    JOBS = {
        "backtrack": lambda: knight.solve(8, method="backtrack", closed=True),
        "warnsdorff-backtrack": lambda: knight.solve(
            10, start=(1, 9), closed=True, method="warnsdorff-backtrack"),
        "count": lambda: knight.count(7),
        "count-closed": lambda: knight.count(8, closed=True),
        "tours": lambda: sum(1 for _ in knight.tours(8, start=(0, 0))),
        "construct": lambda: forever(lambda: knight.solve(12000, closed=True)),
        "construct-open": lambda: forever(
            lambda: knight.solve(11999, 12001, start=(5, 7), method="construct")),
        "thin": lambda: forever(lambda: knight.solve(3, 40_000_000, method="construct")),
        # the sampler's C table of 6x6 open: 2.4e7 states, a minute or more
        "sample-table": lambda: knight.TourSampler(6, 6, method="table",
                                                   max_states=30_000_000),
        # its split tables of 6x7 open: 1.8e7 states, half a minute
        "sample-split": lambda: knight.TourSampler(6, 7, method="split",
                                                   max_states=30_000_000),
    }
    job = JOBS[sys.argv[1]]
    for _ in range(int(sys.argv[2])):
        print("ready", flush=True)
        try:
            job()
            print(json.dumps({"error": "the job finished before the interrupt"}), flush=True)
            sys.exit(1)
        except KeyboardInterrupt:
            caught = time.monotonic()
        small = knight.solve(6, closed=True)
        assert knight.is_tour(small, closed=True)
        print(json.dumps({"caught": caught}), flush=True)
    """
)

posix_signals = pytest.mark.skipif(
    sys.platform == "win32", reason="POSIX signals: Windows has no SIGINT for one process"
)


def interrupt_latencies(spawn, job, rounds=ROUNDS, settle=0.4):
    proc = spawn(
        [sys.executable, "-c", CHILD, job, str(rounds)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    latencies = []
    for _ in range(rounds):
        line = proc.stdout.readline()
        assert line.strip() == "ready", (line, proc.stderr.read() if proc.poll() else "")
        time.sleep(settle)  # let it get deep into the work
        assert proc.poll() is None, proc.stderr.read()
        sent = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)
        report = json.loads(proc.stdout.readline() or '{"error": "no report"}')
        assert "caught" in report, (report, proc.stderr.read())
        latencies.append(report["caught"] - sent)
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    return latencies


@posix_signals
@pytest.mark.parametrize(
    "job",
    ["backtrack"] + [pytest.param(job, marks=pytest.mark.slow) for job in [
        "warnsdorff-backtrack", "count", "count-closed", "tours", "construct",
        "construct-open", "thin", "sample-table", "sample-split"]],
)
def test_ctrl_c_stops_long_work_promptly_and_the_process_stays_usable(job, spawn_session):
    latencies = interrupt_latencies(spawn_session, job)
    print(f"{job}: Ctrl-C latencies {', '.join(f'{v * 1000:.1f} ms' for v in latencies)}")
    assert all(v >= 0 for v in latencies)
    assert statistics.median(latencies) < LATENCY_LIMIT, latencies


# --------------------------------------------------------------------------
# timeout and max_nodes

def within_timeout(call, timeout):
    """Run ``call`` (which must hit its timeout); return (reported, elapsed)."""
    began = time.perf_counter()
    with pytest.raises(knight.SearchLimitError) as info:
        call()
    elapsed = time.perf_counter() - began
    return info.value, elapsed


def assert_timeout_honoured(call, timeout, attempts=3):
    # At least the timeout, and at most 10 % over it plus a little for the
    # process's own noise on a shared machine; a retry absorbs a rare stall.
    slack = 0.05
    for _ in range(attempts):
        exc, elapsed = within_timeout(call, timeout)
        # Deadlines are time.time() values (a worker process shares them), durations
        # perf_counter() ones: while the wall clock is being slewed (0.5 % measured on
        # a VM) the deadline comes up to that much early by perf_counter; 2 % allowed.
        assert exc.seconds >= timeout * 0.98 and elapsed >= timeout * 0.98
        if elapsed <= 1.1 * timeout + slack:
            return elapsed
    pytest.fail(f"timeout={timeout} s: stopped after {elapsed:.3f} s")


@pytest.mark.parametrize("timeout", [0.2, pytest.param(0.6, marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    "make",
    [
        lambda t: knight.solve(8, method="backtrack", closed=True, timeout=t),
        # A start from which the Warnsdorff-ordered closed search stalls.
        lambda t: knight.solve(10, start=(1, 9), closed=True, method="warnsdorff-backtrack",
                               timeout=t),
        lambda t: knight.count(7, timeout=t),
        lambda t: knight.count(7, workers=2, timeout=t),
        lambda t: sum(1 for _ in knight.tours(8, start=(0, 0), timeout=t)),
    ],
    ids=["backtrack", "warnsdorff-backtrack", "count", "count-pool", "tours"],
)
def test_timeout_is_honoured_within_ten_percent(make, timeout):
    assert_timeout_honoured(lambda: make(timeout), timeout)


@pytest.mark.parametrize("method", ["backtrack", "warnsdorff-backtrack"])
@pytest.mark.parametrize("limit", [1, 2, 16383, 16384, 16385, 100_000, 1_234_567])
def test_max_nodes_is_exact_for_the_search_cores(method, limit):
    with pytest.raises(knight.SearchLimitError) as info:
        knight.solve(10, start=(1, 9), method=method, closed=True, max_nodes=limit)
    assert info.value.nodes == limit
    assert f"max_nodes={limit}" in str(info.value)


@pytest.mark.parametrize("limit", [1, 1000, 50_000, 300_000])
def test_max_nodes_bounds_auto_and_is_reported(limit):
    order = [(-2, -1), (2, 1), (-1, 2), (1, -2), (-2, 1), (2, -1), (-1, -2), (1, 2)]
    try:
        tour = knight.solve(7, 8, start=(3, 3), closed=True, method="auto", order=order,
                            max_nodes=limit)
    except knight.SearchLimitError as exc:
        assert exc.nodes == limit
    else:
        assert tour.nodes <= limit and knight.is_tour(tour, closed=True)


@pytest.mark.parametrize("limit", [1, 28, 29, 30, 35, 36, 100])
def test_auto_never_overruns_max_nodes_with_its_greedy_first_try(limit):
    # From (0, 2) on 5x7 Warnsdorff's rule dies after 29 squares.
    with pytest.raises(knight.SearchLimitError) as info:
        knight.solve(5, 7, start=(0, 2), max_nodes=limit)
    assert info.value.nodes == limit


def test_a_found_tour_reports_no_more_nodes_than_allowed():
    tour = knight.solve(6, method="backtrack", max_nodes=10**6)
    free = knight.solve(6, method="backtrack")
    assert tour == free and tour.nodes == free.nodes <= 10**6
    with pytest.raises(knight.SearchLimitError) as info:
        knight.solve(6, method="backtrack", max_nodes=free.nodes - 1)
    assert info.value.nodes == free.nodes - 1
    exact = knight.solve(6, method="backtrack", max_nodes=free.nodes)
    assert exact == free


def test_interrupted_search_leaves_no_state_behind():
    # A search stopped by its limit and a fresh one give the same answers.
    for _ in range(3):
        with pytest.raises(knight.SearchLimitError):
            knight.solve(8, method="backtrack", closed=True, max_nodes=50_000)
    a = knight.solve(8, method="backtrack", max_nodes=10**7)
    b = knight.solve(8, method="backtrack", max_nodes=10**7)
    assert a == b and a.nodes == b.nodes
    assert np.array_equal(a.board, b.board)

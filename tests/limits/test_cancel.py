"""Cancellation tokens: another thread stops solve, count, tours, sweep and
compare promptly, with knight.SearchCancelled, and leaves nothing running.

Signals reach only the main thread, so a worker thread's job is stopped by a
token (knight.Cancel, or any threading.Event) that the cores poll where they
poll for Ctrl-C.  Each job below runs for many seconds unless stopped; the
latency is measured from set() to the moment the job's thread has the error.
"""

from __future__ import annotations

import statistics
import threading
import time

import pytest

import knight
from knight.counting import executor

#: The cores poll every 2**14 nodes (well under a millisecond); allow a loaded
#: machine a wide margin.  The measured medians print with ``pytest -s``.
LATENCY_LIMIT = 1.0
ROUNDS = 3

JOBS = {
    "solve-backtrack": lambda t: knight.solve(8, method="backtrack", closed=True, cancel=t),
    "solve-warnsdorff-backtrack": lambda t: knight.solve(
        10, start=(1, 9), closed=True, method="warnsdorff-backtrack", cancel=t),
    "count": lambda t: knight.count(7, cancel=t),
    "count-workers": lambda t: knight.count(7, workers=2, cancel=t),
    "tours": lambda t: sum(1 for _ in knight.tours(8, start=(0, 0), cancel=t)),
    "sweep": lambda t: knight.sweep(8, method="backtrack", closed=True, cancel=t),
    "compare": lambda t: knight.compare(8, closed=True, timeout=1000, cancel=t),
}


def cancel_latency(job, token, settle=0.3):
    """Run ``job(token)`` in a thread, set the token, return the latency (s)."""
    out: dict[str, object] = {}

    def work():
        try:
            job(token)
            out["error"] = "the job finished before it was cancelled"
        except knight.SearchCancelled as exc:
            out["at"] = time.perf_counter()
            out["exc"] = exc
        except BaseException as exc:  # reported in the main thread
            out["error"] = repr(exc)

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(settle)
    assert thread.is_alive(), out
    sent = time.perf_counter()
    token.set()
    thread.join(30)
    assert not thread.is_alive(), "the job did not stop"
    assert "at" in out, out
    assert isinstance(out["exc"], knight.SearchLimitError)
    return out["at"] - sent


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["Cancel", "Event"])
@pytest.mark.parametrize("name", list(JOBS))
def test_a_thread_cancels_each_entry_point_promptly(name, kind):
    job = JOBS[name]
    make = knight.Cancel if kind == "Cancel" else threading.Event
    latencies = [cancel_latency(job, make()) for _ in range(ROUNDS)]
    print(f"{name} ({kind}): cancel latencies "
          f"{', '.join(f'{v * 1000:.1f} ms' for v in latencies)}, "
          f"median {statistics.median(latencies) * 1000:.1f} ms")
    assert statistics.median(latencies) < LATENCY_LIMIT, latencies
    if name == "count-workers":
        # The workers could not see the token: the pool was stopped.
        assert not executor.POOLS
    # A fresh token: the next run of the same entry point is not disturbed.
    assert AGAIN[name.split("-")[0]](make())


AGAIN = {
    "solve": lambda t: knight.is_tour(knight.solve(8, closed=True, cancel=t)),
    "count": lambda t: knight.count(5, workers=2, cancel=t) == knight.count(5, cancel=t) == 1728,
    "tours": lambda t: sum(1 for _ in knight.tours(5, start=(0, 0), cancel=t)) == 304,
    "sweep": lambda t: len(knight.sweep(5, method="warnsdorff-backtrack", cancel=t)) == 25,
    "compare": lambda t: bool(knight.compare(6, cancel=t)["success"].all()),
}


def test_a_token_set_before_the_call_stops_it_at_once():
    token = knight.Cancel()
    token.set()
    for call in (
        lambda: knight.solve(8, cancel=token),
        lambda: knight.count(7, cancel=token),
        lambda: next(knight.tours(8, cancel=token)),
        lambda: knight.sweep(8, method="backtrack", cancel=token),
        lambda: knight.compare(8, cancel=token),
    ):
        with pytest.raises(knight.SearchCancelled, match="cancel"):
            call()
    token.clear()
    assert not token.is_set() and knight.is_tour(knight.solve(8, cancel=token))


def test_cancel_is_checked_before_any_work():
    with pytest.raises(TypeError, match="cancel must be"):
        knight.solve(8, cancel=True)
    with pytest.raises(TypeError, match="cancel must be"):
        knight.count(5, cancel="stop")
    with pytest.raises(TypeError, match="cancel must be"):
        knight.tours(5, cancel=1)


def test_a_traced_search_is_cancelled_too():
    token = knight.Cancel()
    seen = []

    def trace(event):
        seen.append(event)
        if len(seen) == 100:
            token.set()

    with pytest.raises(knight.SearchCancelled):
        knight.solve(8, method="backtrack", closed=True, trace=trace, cancel=token)
    assert len(seen) == 100


def test_the_token_and_the_error():
    token = knight.Cancel()
    assert not token.is_set() and repr(token) == "Cancel(set=False)"
    token.set()
    assert token.is_set() and token.flag.dtype.name == "uint8" and token.flag.shape == (1,)
    assert issubclass(knight.SearchCancelled, knight.SearchLimitError)
    assert issubclass(knight.SearchCancelled, knight.KnightError)


@pytest.mark.parametrize("rows,cols,start", [(2000, 2000, (0, 0)), (4, 400_000, (0, 0))])
def test_construction_polls_the_token(rows, cols, start):
    # The construction is linear and fast, but a 10^8-square board still takes
    # a tenth of a second: its cores poll the token too.
    import numpy as np

    from knight import construct

    flag = np.ones(1, dtype=np.uint8)
    with pytest.raises(knight.SearchCancelled, match="cancelled"):
        construct.construct(rows, cols, start, rows != 4, flag)
    flag[0] = 0
    assert knight.is_tour(construct.construct(rows, cols, start, rows != 4, flag))


def test_solve_construct_takes_a_token():
    token = knight.Cancel()
    tour = knight.solve(300, closed=True, method="construct", cancel=token)
    assert tour.method == "construct" and knight.is_tour(tour)
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.solve(300, closed=True, method="construct", cancel=token)


def test_a_threading_event_stops_the_frontier_dp():
    # The DP's core read its flag's cell only, never the Event watched for
    # it: knight.count(7, cancel=event) ran on once auto chose the DP.
    event = threading.Event()
    timer = threading.Timer(0.2, event.set)
    timer.start()
    began = time.perf_counter()
    try:
        with pytest.raises(knight.SearchCancelled):
            knight.count(7, method="dp", cancel=event)
    finally:
        timer.cancel()
    assert time.perf_counter() - began < 5


def test_a_token_stops_the_frontier_dp_on_workers():
    # The DP's jobs on worker processes were not given the token: count(7,
    # workers=2, cancel=token) ran on for a minute once auto chose the DP.
    token = knight.Cancel()
    timer = threading.Timer(0.2, token.set)
    timer.start()
    began = time.perf_counter()
    try:
        with pytest.raises(knight.SearchCancelled):
            knight.count(7, method="dp", workers=2, cancel=token)
    finally:
        timer.cancel()
    assert time.perf_counter() - began < 5
    assert not executor_children()


def executor_children():
    import multiprocessing

    time.sleep(0.2)  # the pool's processes are reaped as they end
    return multiprocessing.active_children()


@pytest.mark.parametrize("kind", [knight.Cancel, threading.Event])
def test_a_token_stops_the_table_count_on_workers(kind):
    # Found by the board fuzz harness: the table search's jobs on workers
    # never looked at the token (an Event set 0.016 s in: the count ran on
    # for 5.6 s and returned).  The executor's pool polls it now.
    board = knight.Board(6, 9, holes=[(5, 4), (1, 6), (1, 5), (3, 0), (4, 5), (3, 7)],
                         moves="giraffe", wrap="cylinder")
    token = kind()
    timer = threading.Timer(0.1, token.set)
    timer.start()
    began = time.perf_counter()
    try:
        with pytest.raises(knight.SearchCancelled):
            knight.count(board, workers=2, cancel=token)
    finally:
        timer.cancel()
    assert time.perf_counter() - began < 3
    assert not executor_children()

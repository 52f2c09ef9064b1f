"""Side 1's last column in shards (knight.counting.frontier_shards): fixing
how many back edges the first cells of the column take cuts side 1's tours
into disjoint shards, so joining each on its own must give the same count,
whatever the number of shards, with holes, pinned ends and other move sets
too."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import TallyExecutor
from knight.counting import frontier_board as FB
from knight.counting import frontier_count as FC
from knight.counting import frontier_halves as FH
from knight.counting import frontier_jobs as FJ
from knight.counting import frontier_run as FR
from knight.counting import frontier_shards as FS
from knight.errors import BoardTooLargeError


@pytest.mark.parametrize("rows,cols,mode", [(5, 5, "cycle"), (6, 6, "cycle"), (6, 6, "path"),
                                            (5, 8, "path"), (4, 9, "cycle"), (6, 7, "cycle")])
def test_any_number_of_shards_gives_the_count(rows, cols, mode):
    whole = FC.count_split(rows, cols, mode)
    for k in (2, 3, 7, 40):
        assert FC.count_split(rows, cols, mode, shards=k) == whole, k


def test_shards_agree_with_one_sweep_and_known_counts():
    assert FC.count_split(6, 6, "cycle", shards=4) == 9862
    assert FC.count_split(6, 6, "path", shards=4) == 6_637_920 // 2
    # not shared with side 0 (a hole breaks the half-turn symmetry): the stem
    # is swept on its own, from the first cell
    removed = (1,)
    assert FC.count_split(5, 8, "cycle", removed=removed, shards=3) == \
        FR._count(FB.prepare(5, 8, removed=removed))


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([(4, 6), (5, 5), (5, 6), (3, 8)]), st.data())
def test_shards_with_pinned_ends_holes_and_cuts(board, data):
    rows, cols = board
    n = rows * cols
    pinned = data.draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True))
    removed = tuple(sorted(data.draw(st.sets(st.integers(0, n - 1), max_size=2)) - set(pinned)))
    cut = data.draw(st.integers(1, max(rows, cols) - 3))
    k = data.draw(st.integers(1, 9))
    mode = "path" if pinned else data.draw(st.sampled_from(["cycle", "path"]))
    whole = FR._count(FB.prepare(rows, cols, path_mode=mode == "path", pinned=pinned,
                                 removed=removed))
    assert FC.count_split(rows, cols, mode, pinned=pinned, removed=removed, cut=cut,
                          shards=k) == whole


def test_other_move_sets_in_shards():
    whole = FC.count_split(5, 7, "path", moves=FB.KING)
    assert FC.count_split(5, 7, "path", moves=FB.KING, shards=5) == whole


def test_shards_are_disjoint_and_cover_side_1():
    """The shards' final tables hold side 1's final table exactly once: the
    cells they fix are boundary cells, whose degree a final state keeps."""
    rows, cols, mode = 6, 7, "cycle"
    jobs = FJ.plan_jobs(rows, cols, mode, 2)
    parts = [FH.make_part(rows, cols, path_mode=False, cut=jobs[0].cut, side=s)
             for s in (0, 1)]
    words = jobs[0].moduli
    whole = FH.run_part(parts[1], words)[0]
    at = FS.stem_cell(parts[1])
    stem = FH.run_part(parts[1], words, stop=at)[0]
    seen = {}
    for key in FS.shard_keys([at, at + 1]):
        lo, hi, val = FH.run_part(parts[1], words, start=(at, stem), degrees=key)[0]
        for i, k in enumerate(zip(lo.tolist(), hi.tolist())):
            assert k not in seen
            seen[k] = val[i * len(words)]
    want = {k: whole[2][i * len(words)] for i, k in enumerate(zip(whole[0].tolist(),
                                                                   whole[1].tolist()))}
    assert seen == want


def test_shard_keys():
    assert FS.shard_keys([]) == [{}]
    keys = FS.shard_keys([5, 6, 7])
    assert len(keys) == 27 and len({tuple(k.items()) for k in keys}) == 27
    assert all(set(k) == {5, 6, 7} and set(k.values()) <= {0, 1, 2} for k in keys)


def test_a_shard_that_outgrows_its_room_is_cut_again():
    """With too little memory for one shard, each failing piece is cut in
    two and run again; the count is unchanged."""
    whole = FC.count_split(6, 6, "path")
    calls = []
    real = FS.run_shard

    def tight(job, *a, **kw):
        calls.append(len(job.degrees))
        if len(job.degrees) < 2:
            raise BoardTooLargeError("pretend the shard outgrew its room")
        return real(job, *a, **kw)

    FS.run_shard = tight
    try:
        assert FC.count_split(6, 6, "path") == whole
    finally:
        FS.run_shard = real
    # one try unsharded, three with one cell fixed, nine with two
    assert calls == [0] + [1] * 3 + [2] * 9 or sorted(calls) == [0] + [1] * 3 + [2] * 9


def test_a_single_state_that_cannot_fit_is_an_error():
    with pytest.raises(BoardTooLargeError):
        FC.count_split(6, 6, "path", max_bytes=3_000_000)


def test_shards_argument_is_checked():
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="shards must be a positive int"):
            FC.count_split(5, 5, shards=bad)


def test_plan_shards():
    assert FS.plan_shards(10, 1 << 40, 8) == 0
    assert FS.plan_shards(4_000_000, 2 * 2**30, 8) == 4
    assert FS.plan_shards(4_000_000, 1000, 8) == 8  # never more cells than the column has
    with pytest.raises(BoardTooLargeError):
        FS.plan_shards(10, 0, 8)


def test_dp_on_workers_runs_shards():
    """count(workers=2) and count(executor=...) run side 0 and side 1's stem
    side by side, then the shards, at least one a worker."""
    import concurrent.futures as cf

    import knight
    submitted: list[str] = []
    with cf.ProcessPoolExecutor(2) as pool:
        tally = TallyExecutor(pool, submitted)
        assert knight.count(6, method="dp", executor=tally) == 6_637_920
        assert knight.count(6, 7, closed=True, method="dp", executor=tally) == 1_067_638
    assert submitted.count("run_job") == 4 and submitted.count("run_shard") >= 6
    assert knight.count(5, 8, method="dp", workers=2) == 36_122_108


@pytest.mark.slow
def test_dp_shards_on_a_dask_cluster_of_two_processes():
    distributed = pytest.importorskip("distributed")
    import knight
    # two workers of one thread each, in this process (as test_count's cluster:
    # worker processes spawned late in a long test session hung once in CI);
    # the timeout turns any hang of the cluster into an error
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        ex = client.get_executor()
        assert len(client.scheduler_info()["workers"]) == 2
        assert knight.count(6, method="dp", executor=ex, timeout=120) == 6_637_920
        assert knight.count(6, 8, closed=True, method="dp", executor=ex, timeout=120) == \
            55_488_142


def test_a_shard_lost_on_a_cluster_worker_runs_again_once():
    """Dask raises KilledWorker for a job whose worker died: the jobs left
    run once more (the cluster replaces the worker), then WorkerLostError."""
    import concurrent.futures as cf
    import time

    from knight.counting.executor import run_jobs
    from knight.errors import WorkerLostError
    scheduler = pytest.importorskip("distributed.scheduler")

    class Worker:
        address = "tcp://127.0.0.1:1"

    class Flaky(cf.Executor):
        def __init__(self, deaths):
            self.deaths = deaths
            self.calls = 0

        def submit(self, fn, /, *args, **kwargs):
            self.calls += 1
            fut = cf.Future()
            if self.deaths > 0 and args[0] == 2:
                self.deaths -= 1
                fut.set_exception(scheduler.KilledWorker("job", Worker(), 3))
            else:
                fut.set_result(fn(*args, **kwargs))
            return fut

    def square(x):
        return x * x

    ex = Flaky(1)
    assert run_jobs(square, [(1,), (2,), (3,)], workers=1, executor=ex, deadline=0.0,
                    began=time.perf_counter(), on_result=lambda r: None) == [1, 4, 9]
    # the lost job went again (with those whose results were not read yet)
    assert 4 <= ex.calls <= 6 and ex.deaths == 0
    with pytest.raises(WorkerLostError, match="died again"):
        run_jobs(square, [(1,), (2,)], workers=1, executor=Flaky(2), deadline=0.0,
                 began=time.perf_counter(), on_result=lambda r: None)


def test_a_cancel_on_the_pool_names_the_count_and_its_nodes():
    """run_jobs' own errors (the workers cannot see the token) say which count
    stopped and the nodes its finished jobs counted, not 'count ... 0 nodes'."""
    import concurrent.futures as cf
    import threading
    import time

    import numpy as np

    from knight.counting.executor import run_jobs
    from knight.errors import SearchCancelled

    gate = threading.Event()

    def job(k):
        if k > 0:
            gate.wait(10)  # held until the test is done: only job 0 comes back
        return 1000 * (k + 1)

    token = np.zeros(1, dtype=np.uint8)  # the flag a count polls for its cancel token
    nodes = [0]

    def back(result):
        nodes[0] += result
        token[0] = 1  # once the first job is back

    with cf.ThreadPoolExecutor(2) as ex:
        try:
            with pytest.raises(SearchCancelled, match=r"of the 5x5 board cancelled .* 1,000 nodes"):
                run_jobs(job, [(0,), (1,)], workers=2, executor=ex, deadline=0.0,
                         began=time.perf_counter(), on_result=back, cancel=token,
                         what="count of the tours of the 5x5 board", tally=lambda: nodes[0])
        finally:
            gate.set()

"""count(..., magic=) in ranges: the symmetry weights, workers and executors,
checkpoints (a SIGKILL too) and up_to_symmetry, against in-process counts and
brute force (listing and orbits)."""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import knight
import printed_tours
from knight.counting import checkpoint as CK
from knight.counting.args import counting_job
from knight.engines.magic import (
    clue_symmetries,
    count_range,
    range_plan,
    ranges,
    run_range,
    square_maps,
)

BEVERLEY = np.array(printed_tours.BEVERLEY)  # numbered 1..64


def _clues(keep: np.ndarray, board: np.ndarray = BEVERLEY) -> dict[tuple[int, int], int]:
    return {(int(r), int(c)): int(board[r, c]) - 1 for r, c in np.argwhere(keep)}


#: Beverley's numbers 3..30: 130 first moves, one tour (his), 0.1 s.
FREE_START = _clues((BEVERLEY >= 3) & (BEVERLEY <= 30))
#: Beverley's tour is its own mirror image (top to bottom) read backwards on
#: 48 squares: clues on some of those pairs are kept by that map with the
#: numbering reversed.  20 clues: 6 tours in 3 classes (1.2 s); 28: 2 in 1.
_MIRRORED = BEVERLEY + np.flipud(BEVERLEY) == 65
SIX = _clues(_MIRRORED & (((BEVERLEY >= 9) & (BEVERLEY <= 22))
                          | ((BEVERLEY >= 43) & (BEVERLEY <= 56))))
TWO = _clues(_MIRRORED & ((BEVERLEY <= 20) | (BEVERLEY > 44)))


class _StopAfterLooks:
    """A cancel token set from its ``looks``-th look on.  The core looks every
    16,384 nodes, so a count in one process stops at the same node on every
    machine (a timeout races the machine's speed: 8x8 with SIX takes 0.8 s on
    two workers, 1.5 s in one process)."""

    def __init__(self, looks: int) -> None:
        self.looks = looks

    def is_set(self) -> bool:
        self.looks -= 1
        return self.looks < 0


class _StopOnceWritten:
    """A cancel token set once the ranges' checkpoint exists: with workers,
    the calling process looks after each finished range it records, so the
    count stops after its first write, whatever the machine's speed."""

    def __init__(self, where) -> None:
        self.path = where / "ranges.kckpt"

    def is_set(self) -> bool:
        return self.path.exists()


def _job(rows=8, cols=None, **kw):
    return counting_job("count", knight.Board(rows, cols), None, None, False, False,
                        magic="semi", **kw)


# --------------------------------------------------------------------------
# The ranges and their symmetry
# --------------------------------------------------------------------------

def test_the_plan_of_8x8_and_4x8() -> None:
    plan = range_plan(_job())
    assert (len(plan.clues), plan.total, set(plan.weights)) == (42, 336, {8})
    # the 42 first moves of the plan and their images are all 336, once each
    seen = {(int(p[np.flatnonzero(c == 1)[0]]), int(p[np.flatnonzero(c == 2)[0]]))
            for c in plan.clues for p in square_maps(8, 8)}
    assert len(seen) == 336 == len(ranges(_job()))
    plan = range_plan(_job(4, 8))
    assert sum(plan.weights) == plan.total == len(ranges(_job(4, 8)))
    assert set(plan.weights) == {4}  # no symmetry of 4x8 fixes a square


def test_clue_symmetries() -> None:
    clue = np.zeros(64, np.int32)
    assert len(clue_symmetries(8, 8, clue, False)) == 8
    assert len(clue_symmetries(8, 8, clue, True)) == 16
    assert len(clue_symmetries(4, 8, np.zeros(32, np.int32), True)) == 8
    clue[0] = 5  # a corner: the diagonal mirror through it keeps it
    assert len(clue_symmetries(8, 8, clue, False)) == 2
    flat = np.zeros(64, np.int32)
    for (r, c), step in SIX.items():
        flat[r * 8 + c] = step + 1
    maps = clue_symmetries(8, 8, flat, True)
    assert len(maps) == 2 and maps[1][1]  # the identity, the mirror read backwards


@pytest.mark.parametrize("g", range(8))
def test_a_symmetry_maps_ranges_to_ranges_of_equal_count(g) -> None:
    # The lemma behind the weights: g takes the tours of a range with clues C
    # one to one onto those of the image range with clues g(C).
    perm = square_maps(8, 8)[g]
    flat = np.zeros(64, np.int32)
    for (r, c), step in FREE_START.items():
        flat[r * 8 + c] = step + 1
    image = np.zeros(64, np.int32)
    image[perm] = flat
    moved = {divmod(q, 8): int(v) - 1 for q, v in enumerate(image) if v}
    assert knight.count(8, magic="semi", clues=moved) == \
        knight.count(8, magic="semi", clues=FREE_START) == 1
    if g in (0, 4):  # range by range, for the identity and the diagonal mirror
        for part in ranges(_job(clues=FREE_START)):
            other = np.zeros(64, np.int32)
            other[perm] = part
            assert count_range(8, 8, False, False, other)[1] == \
                count_range(8, 8, False, False, part)[1]


def test_weighted_and_unweighted_sums_agree_where_they_finish() -> None:
    for job in (_job(4, 8), _job(4, 6), _job(clues=TWO)):
        plan = range_plan(job)
        weighted = sum(w * run_range(*job.board.shape, False, False, c).found
                       for c, w in zip(plan.clues, plan.weights))
        every = sum(count_range(*job.board.shape, False, False, c)[1] for c in ranges(job))
        assert weighted == every


# --------------------------------------------------------------------------
# Workers and executors
# --------------------------------------------------------------------------

@pytest.mark.parametrize("clues, want", [(FREE_START, 1), (TWO, 2)])
def test_workers_and_executors_count_alike(clues, want) -> None:
    assert knight.count(8, magic="semi", clues=clues) == want
    assert knight.count(8, magic="semi", clues=clues, workers=2) == want
    with cf.ThreadPoolExecutor(2) as ex:
        assert knight.count(8, magic="semi", clues=clues, executor=ex) == want
    with cf.ProcessPoolExecutor(2) as ex:
        assert knight.count(8, magic="semi", clues=clues, executor=ex) == want


def test_limit_on_workers_and_here() -> None:
    assert knight.count(8, magic="semi", clues=TWO, limit=1) == 1
    assert knight.count(8, magic="semi", clues=TWO, limit=1, workers=2) == 1
    assert knight.count(8, magic="semi", clues=TWO, limit=5, workers=2) == 2


def test_limits_with_workers() -> None:
    with pytest.raises(knight.SearchLimitError, match="timeout"):
        knight.count(8, magic="semi", workers=2, timeout=0.3)
    with cf.ThreadPoolExecutor(2) as ex, pytest.raises(knight.SearchLimitError):
        knight.count(8, magic="semi", executor=ex, timeout=0.3)
    token = knight.Cancel()
    token.set()
    with pytest.raises(knight.SearchCancelled):
        knight.count(8, magic="semi", workers=2, cancel=token, timeout=5)


def test_a_lost_worker_is_retried_once(monkeypatch) -> None:
    from concurrent.futures.process import BrokenProcessPool

    from knight.counting import executor as EX

    calls = []
    real = EX._on_pool

    def flaky(pool, fn, jobs, *args, **kwargs):
        calls.append(len(jobs))
        if len(calls) == 1:
            raise BrokenProcessPool("a worker died")
        return real(pool, fn, jobs, *args, **kwargs)

    monkeypatch.setattr(EX, "_on_pool", flaky)
    assert knight.count(8, magic="semi", clues=FREE_START, workers=2) == 1
    assert len(calls) == 2
    monkeypatch.setattr(EX, "_on_pool", lambda *a, **k: (_ for _ in ()).throw(
        BrokenProcessPool("again")))
    with pytest.raises(knight.WorkerLostError, match="died again"):
        knight.count(8, magic="semi", clues=FREE_START, workers=2)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="magic must be None, 'semi' or 'diagonal'"):
        knight.count(8, magic="full", workers=2)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        knight.count(8, magic="semi", workers=0, clues=FREE_START)
    with pytest.raises(TypeError, match="executor must be"):
        knight.count(8, magic="semi", executor="cluster", clues=FREE_START)
    with pytest.raises(ValueError, match="invariant= does not apply with magic="):
        knight.count(8, magic="semi", invariant="half-turn")
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        knight.count(8, magic="semi", up_to_symmetry="yes")
    with pytest.raises(ValueError, match="not with up_to_symmetry="):
        knight.count(8, magic="semi", up_to_symmetry=True, limit=3)
    # a long count with local workers alone is still refused (no checkpoint to resume)
    with pytest.raises(knight.BoardTooLargeError, match="checkpoint="):
        knight.count(8, magic="semi", workers=2)


# --------------------------------------------------------------------------
# Up to symmetry, against brute force
# --------------------------------------------------------------------------

def _brute_classes(clues: dict[tuple[int, int], int]) -> tuple[int, int]:
    """The tours (listed) and their classes: orbits under the board's
    symmetries and reversal that keep the clues, found on the 2-D boards."""
    n = 64
    maps = [lambda a: a, np.rot90, lambda a: np.rot90(a, 2), lambda a: np.rot90(a, 3),
            np.flipud, np.fliplr, np.transpose, lambda a: np.rot90(a, 2).T]
    grid = np.zeros((8, 8), np.int64)
    for (r, c), step in clues.items():
        grid[r, c] = step + 1
    keep = []
    for f in maps:
        for rev in (False, True):
            img = f(np.where(grid > 0, n + 1 - grid, 0) if rev else grid)
            if (img == grid).all():
                keep.append((f, rev))
    listed = [t.board + 1 for t in knight.tours(8, magic="semi", clues=clues, timeout=60)]
    classes = {min(f(n + 1 - b if rev else b).tobytes() for f, rev in keep) for b in listed}
    return len(listed), len(classes)


@pytest.mark.parametrize("clues, want", [(TWO, (2, 1)), (SIX, (6, 3)),
                                         (FREE_START, (1, 1))])
def test_up_to_symmetry_against_brute_force(clues, want) -> None:
    assert _brute_classes(clues) == want
    info: dict = {}
    assert knight.count(8, magic="semi", clues=clues, up_to_symmetry=True, _info=info,
                        timeout=60) == \
        want[1]
    assert info["tours"] == want[0]
    assert knight.count(8, magic="semi", clues=clues, up_to_symmetry=True, workers=2,
                        timeout=60) == \
        want[1]


def test_up_to_symmetry_on_boards_theory_rules_out() -> None:
    assert knight.count(6, magic="semi", up_to_symmetry=True) == 0
    assert knight.count(4, 6, magic="semi", up_to_symmetry=True) == 0  # searched: none


# --------------------------------------------------------------------------
# Checkpoints
# --------------------------------------------------------------------------

def test_a_stopped_count_resumes_and_skips_finished_ranges(tmp_path) -> None:
    where = tmp_path / "ck"
    with pytest.raises(knight.SearchLimitError):
        knight.count(8, magic="semi", clues=SIX, checkpoint=where, checkpoint_every=600,
                     cancel=_StopAfterLooks(100))
    header = CK.read_header(where / "ranges.kckpt")  # written as it stopped
    assert header["text"] == "the 8x8 board, open, semi-magic, 20 clues"
    done = header["position"]
    assert 0 < done < header["cells"]
    info: dict = {}
    assert knight.count(8, magic="semi", clues=SIX, checkpoint=where, _info=info) == 6
    assert info["checkpoint"]["resumed"] == [{"stage": "ranges", "position": done,
                                              "cells": header["cells"]}]
    assert info["nodes"] > 0
    answer = CK.read_header(where / "answer.kckpt")
    assert answer["answer"] == "6" and not (where / "ranges.kckpt").exists()
    records = answer["extra"]["ranges"]
    assert len(records) == header["cells"] and sum(r["found"] for r in records) == 6
    assert set(records[0]) == {"index", "weight", "found", "kept", "nodes", "seconds"}
    info = {}
    assert knight.count(8, magic="semi", clues=SIX, checkpoint=where, _info=info) == 6
    assert info["checkpoint"]["answer"]


def test_checkpoints_with_workers_and_up_to_symmetry(tmp_path) -> None:
    where = tmp_path / "ck"
    with pytest.raises(knight.SearchCancelled, match="magic tours of the 8x8 board cancelled"):
        knight.count(8, magic="semi", clues=SIX, up_to_symmetry=True, checkpoint=where,
                     checkpoint_every=0, workers=2, cancel=_StopOnceWritten(where))
    info: dict = {}
    assert knight.count(8, magic="semi", clues=SIX, up_to_symmetry=True, checkpoint=where,
                        checkpoint_every=0, workers=2, _info=info) == 3
    assert info["checkpoint"]["writes"] >= 1
    loaded = CK.read_header(where / "answer.kckpt")
    assert loaded["arrays"][0]["shape"] == [3, 64]  # the three tours standing for the classes
    # the kept tours are read back (memory maps) by the checkpoint's own reader
    from knight._core import magic_search
    ck = CK.open_checkpoint(where, loaded["count"], loaded["text"], core=magic_search)
    try:
        tours, owner = ck._load("answer", ck.found["answer"])
        for row in np.asarray(tours):
            assert knight.magic_kind(row.reshape(8, 8)) == "semi-magic"
    finally:
        ck.close()
    # a count (not up to symmetry) is another count: refused, naming the directory
    with pytest.raises(knight.CheckpointError, match=f"{where}.*another count"):
        knight.count(8, magic="semi", clues=SIX, checkpoint=where)


def test_checkpoint_refusals(tmp_path) -> None:
    where = tmp_path / "ck"
    with pytest.raises(ValueError, match="not with checkpoint="):
        knight.count(8, magic="semi", clues=TWO, limit=1, checkpoint=where)
    # a DP's checkpoint is another count's
    knight.count(4, 5, checkpoint=where)
    with pytest.raises(knight.CheckpointError, match=f"checkpoint directory {where}"):
        knight.count(4, 5, magic="semi", checkpoint=where)
    other = tmp_path / "other"
    with pytest.raises(knight.SearchLimitError):
        knight.count(8, magic="semi", clues=SIX, checkpoint=other, checkpoint_every=0,
                     cancel=_StopAfterLooks(100))
    path = other / "ranges.kckpt"
    raw = bytearray(path.read_bytes())
    raw[-40] ^= 1  # one bit of the tours' region
    path.write_bytes(bytes(raw))
    with pytest.raises(knight.CheckpointError, match=f"{other}: ranges.kckpt has (a )?damaged"):
        knight.count(8, magic="semi", clues=SIX, checkpoint=other)
    path.write_bytes(bytes(raw[:100]))
    with pytest.raises(knight.CheckpointError, match="truncated"):
        knight.count(8, magic="semi", clues=SIX, checkpoint=other)
    with pytest.raises(TypeError, match="checkpoint_every"):
        knight.count(8, magic="semi", clues=SIX, checkpoint=tmp_path / "x",
                     checkpoint_every="often")


def test_the_command_line(tmp_path, knight_cli) -> None:
    where = tmp_path / "ck"
    argv = ["count", "4", "6", "--magic", "semi", "--checkpoint", str(where),
            "--workers", "2", "--format", "plain", "-v"]
    code, out, err = knight_cli(argv)
    assert (code, out) == (0, "0\n")
    assert "method: magic-search; the magic search in 22 ranges" in err
    assert f"checkpoint: {where}: nothing to resume" in err
    code, out, err = knight_cli(argv)
    assert (code, out) == (0, "0\n") and "the answer, read from it" in err
    code, out, err = knight_cli(["count", "4", "6", "--magic", "semi", "--up-to-symmetry",
                                 "--format", "plain"])
    assert (code, out) == (0, "0\n")


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_count_killed_by_sigkill_resumes(tmp_path, spawn_session) -> None:
    where = tmp_path / "ck"
    code = ("import sys, json, knight; "
            "print(knight.count(8, magic='semi', clues={tuple(k): v for k, v in "
            "json.loads(sys.argv[2])}, checkpoint=sys.argv[1], checkpoint_every=0))")
    arg = str([[list(k), v] for k, v in SIX.items()]).replace("(", "[").replace(")", "]")
    proc = spawn_session([sys.executable, "-c", code, str(where), arg],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t0 = time.monotonic()
    while not (where / "ranges.kckpt").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() - t0 < 120
        time.sleep(0.005)
    time.sleep(0.2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    header = CK.read_header(where / "ranges.kckpt")
    assert not (where / "answer.kckpt").exists() and header["position"] >= 1
    info: dict = {}
    assert knight.count(8, magic="semi", clues=SIX, checkpoint=where, _info=info) == 6
    assert info["checkpoint"]["resumed"][0]["position"] >= header["position"]


@pytest.mark.slow
def test_a_dask_cluster(tmp_path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        ex = client.get_executor()
        assert knight.count(8, magic="semi", clues=TWO, executor=ex) == 2
        assert knight.count(8, magic="semi", clues=TWO, executor=ex, up_to_symmetry=True,
                            checkpoint=tmp_path, checkpoint_every=0) == 1


def test_progress_bar_counts_ranges(capsys) -> None:
    pytest.importorskip("tqdm")
    assert knight.count(8, magic="semi", clues=TWO, progress=True) == 2
    err = capsys.readouterr().err
    assert "8x8 magic" in err and "range" in err and "100%" in err


def test_a_checkpoint_is_tied_to_the_magic_core_not_the_sweep(tmp_path, monkeypatch) -> None:
    from knight._core import magic_search
    where = tmp_path / "ck"
    with pytest.raises(knight.SearchCancelled):
        knight.count(8, magic="semi", clues=SIX, checkpoint=where, checkpoint_every=0,
                     cancel=_StopAfterLooks(100))
    header = CK.read_header(where / "ranges.kckpt")
    assert header["core"] == CK.core_digest(magic_search) != CK.core_digest()
    # a rebuilt sweep core (another file) leaves the magic count's checkpoint usable
    other = tmp_path / "other.so"
    other.write_bytes(b"another build")
    monkeypatch.setattr(CK.frontier_sweep, "__file__", str(other))
    assert knight.count(8, magic="semi", clues=SIX, checkpoint=where) == 6
    # a rebuilt magic core is another build: refused, naming it
    where2 = tmp_path / "ck2"
    monkeypatch.undo()
    with pytest.raises(knight.SearchCancelled):
        knight.count(8, magic="semi", clues=SIX, checkpoint=where2, checkpoint_every=0,
                     cancel=_StopAfterLooks(100))
    monkeypatch.setattr(magic_search, "__file__", str(other))
    with pytest.raises(knight.CheckpointError, match="another build of knight-tour"):
        knight.count(8, magic="semi", clues=SIX, checkpoint=where2)

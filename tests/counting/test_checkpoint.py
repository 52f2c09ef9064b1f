"""Checkpoints of the frontier DP (``knight.count(..., checkpoint=DIR)``).

A count stopped right after any of its checkpoint writes resumes from the
directory and gives the same answer, starting its sweep where the file
says; a real SIGKILL too.  A checkpoint of other arguments, of another
format or build, truncated or with a bit flipped is refused naming the
directory, and left as it was; an unwritable directory and a full disk are
clear errors.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import knight
import knight.counting.checkpoint as CK
import knight.counting.engines as EN
import knight.counting.frontier_shards as FS
from knight import cli

# Each case: (count's arguments, its answer); checked against the DP
# without checkpoints in test_the_cases_answers.
CASES = [
    pytest.param(((6, 6), {"closed": True}), 9862, id="6x6-closed-halves-shared"),
    pytest.param(((4, 7), {}), None, id="4x7-open-one-sweep"),
    pytest.param(((3, 12), {"closed": True}), 176, id="3x12-closed-one-sweep"),
    pytest.param(((5, 8), {"start": (0, 0)}), 3742739, id="5x8-from-a-corner-halves",
                 marks=pytest.mark.slow),
    pytest.param(((4, 12), {}), 72972656, id="4x12-open-one-sweep", marks=pytest.mark.slow),
    pytest.param(((knight.Board(6, 7, holes=[(2, 3), (3, 3)]),), {"closed": True}), None,
                 id="6x7-holes-closed"),
    pytest.param(((knight.Board(4, 9, moves="king"),), {"closed": True}), None,
                 id="4x9-king-closed"),
]


def _files(where: Path) -> list[str]:
    """The files of a checkpoint directory, but for the lock a count holds."""
    return sorted(p.name for p in where.iterdir() if p.name != CK.LOCK)


class Killed(BaseException):
    """Stands in for a SIGKILL right after a checkpoint write."""


def _writes_then_kill(monkeypatch, after: int) -> None:
    """Make the count die right after its ``after``-th checkpoint write."""
    real = CK.Checkpoint._write
    done = [0]

    def write(self, *args, **kwargs):
        header = real(self, *args, **kwargs)
        done[0] += 1
        if done[0] == after:
            raise Killed
        return header

    monkeypatch.setattr(CK.Checkpoint, "_write", write)


def _starts(monkeypatch) -> list[int]:
    """Record where each segment the checkpointed sweeps run starts."""
    seen: list[int] = []
    real = CK.run_part

    def run_part(part, words, **kwargs):
        start = kwargs.get("start")
        seen.append(0 if start is None else start[0])
        return real(part, words, **kwargs)

    monkeypatch.setattr(CK, "run_part", run_part)
    return seen



@pytest.mark.parametrize(("args", "answer"), CASES)
def test_the_cases_answers(args, answer):
    pos, kw = args
    expected = knight.count(*pos, method="dp", **kw)
    if answer is not None:
        assert expected == answer
    assert expected > 0


@pytest.mark.parametrize(("args", "answer"), CASES)
def test_a_count_stopped_after_any_write_resumes_to_the_same_answer(args, answer, tmp_path,
                                                                     monkeypatch):
    pos, kw = args
    expected = knight.count(*pos, method="dp", **kw)
    info: dict = {}
    assert knight.count(*pos, checkpoint=tmp_path / "all", checkpoint_every=0, _info=info,
                        **kw) == expected
    writes = info["checkpoint"]["writes"]
    assert writes >= 3  # several segments, and the answer
    assert _files(tmp_path / "all") == ["answer.kckpt"]
    for after in range(1, writes):
        where = tmp_path / f"killed-{after}"
        with monkeypatch.context() as m:
            _writes_then_kill(m, after)
            with pytest.raises(Killed):
                knight.count(*pos, checkpoint=where, checkpoint_every=0, **kw)
        headers = {p.stem: CK.read_header(p) for p in where.glob("*.kckpt")}
        assert headers
        with monkeypatch.context() as m:
            starts = _starts(m)
            joined = _joined(m)
            info = {}
            assert knight.count(*pos, checkpoint=where, checkpoint_every=0, _info=info,
                                **kw) == expected
        assert _files(where) == ["answer.kckpt"]
        resumed = info["checkpoint"]["resumed"]
        assert all(headers[r["stage"]]["position"] == r["position"] for r in resumed)
        first = _first_start(headers)
        assert starts[:1] == ([] if first is None else [first])
        if "shards" in headers:  # the shards go on from the one they had reached
            assert len(joined) == headers["shards"]["cells"] - headers["shards"]["position"] > 0
        if "answer" not in headers:
            assert resumed


def _joined(monkeypatch) -> list[int]:
    """Record the shards swept and joined (the degrees each fixes)."""
    seen: list[int] = []
    real = FS.run_shard

    def run_shard(job, *args, **kwargs):
        seen.append(len(job.degrees))
        return real(job, *args, **kwargs)

    monkeypatch.setattr(FS, "run_shard", run_shard)
    return seen


def _first_start(headers: dict) -> int | None:
    """Where a resumed count's first segment must start: at the first
    unfinished stage's position (a stage not begun starts where the shared
    prefix ended, or at 0); None when nothing is left to sweep."""
    if "answer" in headers or "shards" in headers:
        return None
    if "sweep" in headers:
        return headers["sweep"]["position"]
    shared = headers.get("shared")
    if shared is not None and not shared["complete"]:
        return shared["position"]
    # side 0, then side 1's stem where it is a stage of its own (where the
    # shared sweep does not end at it), from the shared table when there is one
    for stage in ("half0", "stem"):
        if stage in headers and headers[stage]["complete"]:
            continue
        if stage in headers:
            return headers[stage]["position"]
        key = next(iter(headers.values()))["key"]
        if stage == "stem" and key["stem"] == key["shared"]:
            return None  # the shards start from the shared table
        if stage == "stem" and key["stem"] < key["shared"]:
            return 0  # the shared sweep passes the stem: side 1 sweeps it alone
        return 0 if shared is None else shared["position"]
    return None


# --------------------------------------------------------------------------
# Refusals: nothing of a refused checkpoint is used, nor changed
# --------------------------------------------------------------------------

def _stopped_count(monkeypatch, where: Path, after: int = 2, size: int = 6) -> None:
    """A 6x6 closed count killed after its ``after``-th write."""
    with monkeypatch.context() as m:
        _writes_then_kill(m, after)
        with pytest.raises(Killed):
            knight.count(size, closed=True, checkpoint=where, checkpoint_every=0)


def _snapshot(where: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(where.iterdir())}


def _refused(monkeypatch, where: Path, *args, match: str, **kw) -> None:
    """The count refuses the directory before any sweep, naming it, and
    leaves its files as they were."""
    before = _snapshot(where)
    with monkeypatch.context() as m:
        starts = _starts(m)
        with pytest.raises(knight.CheckpointError, match=match) as err:
            knight.count(*args, checkpoint=where, checkpoint_every=0, **kw)
    assert str(where) in str(err.value)
    assert "not used" in str(err.value)
    assert starts == []
    assert _snapshot(where) == before


def test_a_checkpoint_of_other_arguments_is_refused(tmp_path, monkeypatch):
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    _refused(monkeypatch, where, 6, match="another count .the 6x6 board, closed; this is "
             "the 6x6 board, open")
    _refused(monkeypatch, where, 6, closed=True, directed=True, match="another count")
    _refused(monkeypatch, where, 6, closed=True, start=(0, 0), end=(1, 2),
             match="another count")
    _refused(monkeypatch, where, knight.Board(6, holes=["a1"]), closed=True,
             match="another count")
    _refused(monkeypatch, where, knight.Board(6, moves="king"), closed=True,
             match="another count")
    # a finished count's answer is refused to another count too
    assert knight.count(6, closed=True, checkpoint=where) == 9862
    _refused(monkeypatch, where, 5, match="another count")
    assert knight.count(6, closed=True, checkpoint=where) == 9862


def _rewrite_header(path: Path, **changes) -> None:
    """Change header fields and give the file a matching header checksum,
    as another version of the package would have written it."""
    blob = path.read_bytes()
    header = CK.read_header(path)
    n = int.from_bytes(blob[8:16], "little")
    raw = json.loads(blob[16:16 + n])
    raw.update(changes)
    new = json.dumps(raw, sort_keys=True, separators=(",", ":")).encode()
    # same length keeps the arrays' offsets: pad a field that is free text
    assert len(new) <= n
    raw["text"] = raw["text"] + " " * (n - len(new))
    new = json.dumps(raw, sort_keys=True, separators=(",", ":")).encode()
    assert len(new) == n
    body = blob[:16] + new + hashlib.sha256(new).digest() + blob[16 + n + 32:]
    assert len(body) == header["file_size"]
    path.write_bytes(body)


@pytest.mark.parametrize(("change", "match"), [
    ({"format": 2}, "checkpoint format 2; this knight-tour reads format 1"),
    ({"knight": "0.0.9"}, "another build of knight-tour .0.0.9"),
    ({"core": "0" * 64}, "another build of knight-tour"),
], ids=["format", "version", "core"])
def test_a_checkpoint_of_another_format_or_build_is_refused(change, match, tmp_path,
                                                            monkeypatch):
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    (path,) = list(where.glob("*.kckpt"))
    _rewrite_header(path, **change)
    CK.read_header(path)  # well formed: refused for what it says
    _refused(monkeypatch, where, 6, closed=True, match=match)


def test_the_header_rewrite_alone_is_accepted(tmp_path, monkeypatch):
    # the helper above changes nothing else: a rewrite without a change reads
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    (path,) = list(where.glob("*.kckpt"))
    _rewrite_header(path)
    assert knight.count(6, closed=True, checkpoint=where) == 9862


@pytest.mark.parametrize("keep", [0, 7, 20, 100, -1, -33], ids=lambda k: f"keep{k}")
def test_a_truncated_checkpoint_is_refused(keep, tmp_path, monkeypatch):
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    (path,) = list(where.glob("*.kckpt"))
    blob = path.read_bytes()
    path.write_bytes(blob[:keep])
    _refused(monkeypatch, where, 6, closed=True, match="truncated|damaged|not a knight")


def test_a_longer_checkpoint_is_refused(tmp_path, monkeypatch):
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    (path,) = list(where.glob("*.kckpt"))
    path.write_bytes(path.read_bytes() + b"\0")
    _refused(monkeypatch, where, 6, closed=True, match="too long")


def _flip_places(path: Path) -> dict[str, int]:
    header = CK.read_header(path)
    n = int.from_bytes(path.read_bytes()[8:16], "little")
    a = header["arrays"][0]
    return {"magic": 3, "length": 9, "header": 16 + n // 2, "header-digest": 16 + n + 5,
            "table": header["data"] + a["offset"] + 11, "trailer": header["size"] - 1}


@pytest.mark.parametrize("place", ["magic", "length", "header", "header-digest", "table",
                                   "trailer"])
@pytest.mark.parametrize("bit", [0, 7])
def test_a_checkpoint_with_one_bit_flipped_is_refused(place, bit, tmp_path, monkeypatch):
    where = tmp_path / "ck"
    _stopped_count(monkeypatch, where)
    (path,) = list(where.glob("*.kckpt"))
    blob = bytearray(path.read_bytes())
    at = _flip_places(path)[place]
    blob[at] ^= 1 << bit
    path.write_bytes(bytes(blob))
    _refused(monkeypatch, where, 6, closed=True,
             match="damaged|not a knight|truncated|too long")


@pytest.mark.slow
def test_every_bit_of_a_small_checkpoint_is_checked(tmp_path, monkeypatch):
    where = tmp_path / "ck"
    with monkeypatch.context() as m:
        _writes_then_kill(m, 1)
        with pytest.raises(Killed):
            knight.count(3, 10, closed=True, checkpoint=where, checkpoint_every=0)
    (path,) = list(where.glob("*.kckpt"))
    header = CK.read_header(path)
    blob = path.read_bytes()
    assert header["size"] == len(blob) < 4096
    for at in range(len(blob)):
        for bit in (0, 5):
            damaged = bytearray(blob)
            damaged[at] ^= 1 << bit
            path.write_bytes(bytes(damaged))
            with pytest.raises(knight.CheckpointError, match=str(where)):
                CK.open_checkpoint(where, header["count"], header["text"], 0)
    path.write_bytes(blob)
    ck = CK.open_checkpoint(where, header["count"], header["text"], 0)
    assert ck.found
    ck.close()


# --------------------------------------------------------------------------
# The directory, the disk, the arguments
# --------------------------------------------------------------------------

def test_a_directory_that_cannot_be_made_is_refused_before_any_work(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    starts = _starts(monkeypatch)
    for where in (blocker, blocker / "below"):
        with pytest.raises(knight.CheckpointError, match="cannot write checkpoints in") as err:
            knight.count(6, closed=True, checkpoint=where)
        assert str(where) in str(err.value)
    assert starts == []
    assert blocker.read_text() == "not a directory"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="permissions: root writes anywhere")
def test_a_read_only_directory_is_refused_before_any_work(tmp_path, monkeypatch):
    where = tmp_path / "ro"
    where.mkdir()
    where.chmod(0o500)
    starts = _starts(monkeypatch)
    try:
        with pytest.raises(knight.CheckpointError, match="cannot write checkpoints in"):
            knight.count(6, closed=True, checkpoint=where)
    finally:
        where.chmod(0o700)
    assert starts == []


def test_a_full_disk_is_a_clear_error_and_keeps_the_last_checkpoint(tmp_path, monkeypatch):
    where = tmp_path / "ck"
    real = CK._write_chunk
    writes = [0]

    def write_chunk(f, chunk):
        # the disk fills up in the second checkpoint write
        if writes[0] >= 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(f, chunk)

    real_write = CK.Checkpoint._write

    def counted(self, *args, **kwargs):
        try:
            return real_write(self, *args, **kwargs)
        finally:
            writes[0] += 1

    monkeypatch.setattr(CK, "_write_chunk", write_chunk)
    monkeypatch.setattr(CK.Checkpoint, "_write", counted)
    with pytest.raises(knight.CheckpointError, match="No space left on device") as err:
        knight.count(6, closed=True, checkpoint=where, checkpoint_every=0)
    assert f"cannot write the checkpoint in {where}" in str(err.value)
    assert "left as it was" in str(err.value)
    monkeypatch.undo()
    # the first checkpoint, whole; no temporary file left behind
    assert _files(where) == ["shared.kckpt"]
    assert CK.read_header(where / "shared.kckpt")["position"] == 12
    info: dict = {}
    assert knight.count(6, closed=True, checkpoint=where, _info=info) == 9862
    assert info["checkpoint"]["resumed"] == [{"stage": "shared", "position": 12, "cells": 18}]


def test_checkpoint_arguments_are_checked(tmp_path):
    with pytest.raises(TypeError, match="checkpoint must be a directory's path"):
        knight.count(6, closed=True, checkpoint=5)
    with pytest.raises(TypeError, match="checkpoint must be a directory's path"):
        knight.count(6, closed=True, checkpoint=b"/tmp")
    for bad in ("10", None, True):
        with pytest.raises(TypeError, match="checkpoint_every must be a number of seconds"):
            knight.count(6, closed=True, checkpoint=tmp_path, checkpoint_every=bad)
    for bad in (-1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="checkpoint_every must be a finite number"):
            knight.count(6, closed=True, checkpoint=tmp_path, checkpoint_every=bad)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("kw", "match"), [
    ({"method": "search"}, "checkpoint= needs the frontier DP .method='dp' or 'auto'.: the "
                           "search writes none"),
    ({"clues": {"a1": 0}}, "a count with clues= cannot write checkpoints"),
    ({"workers": 2}, "checkpoint= counts in this process"),
    ({"board": knight.Board(6, wrap="torus")}, "checkpoint= needs the frontier DP: "
                                               "method='dp' serves flat boards"),
    # the giraffe reaches 4W + 1 cells back: 33 on 8 rows, past the 32 a state holds
    ({"board": knight.Board(8, moves="giraffe")}, "checkpoint= needs the frontier DP"),
], ids=["search", "clues", "workers", "torus", "giraffe"])
def test_what_cannot_checkpoint_is_refused(kw, match, tmp_path, monkeypatch):
    if os.cpu_count() == 1 and "workers" in kw:
        pytest.skip("workers=2 is reduced to the one CPU")
    kw = dict(kw)
    board = kw.pop("board", 6)
    with pytest.raises(ValueError, match=match):
        knight.count(board, checkpoint=tmp_path / "ck", **kw)
    assert not (tmp_path / "ck").exists()


def test_an_executor_is_refused_with_checkpoint(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="executor="):
        knight.count(6, closed=True, checkpoint=tmp_path, executor=pool)


def test_auto_counts_by_the_dp_with_checkpoint(tmp_path):
    info: dict = {}
    # 5x5 open goes to the search without checkpoint=
    knight.count(5, _info=info)
    assert info["method"] == "search"
    info = {}
    assert knight.count(5, checkpoint=tmp_path, checkpoint_every=0, _info=info) == 1728
    assert info["method"] == "dp"
    assert info["checkpoint"]["writes"] >= 2


def test_a_finished_count_is_read_from_its_answer(tmp_path, monkeypatch):
    assert knight.count(6, closed=True, checkpoint=tmp_path, checkpoint_every=0) == 9862
    starts = _starts(monkeypatch)
    info: dict = {}
    assert knight.count(6, closed=True, checkpoint=tmp_path, _info=info) == 9862
    assert starts == [] and info["checkpoint"]["answer"] is True
    # directed closed tours of the same board are another count: refused
    with pytest.raises(knight.CheckpointError, match="another count"):
        knight.count(6, closed=True, directed=True, checkpoint=tmp_path)


def test_a_limit_caps_a_checkpointed_count(tmp_path):
    # count's limit= on a rectangle is the board path of the DP, which caps
    assert knight.count(6, closed=True, limit=100, checkpoint=tmp_path) == 100
    assert knight.count(6, closed=True, limit=100_000, checkpoint=tmp_path) == 9862


def test_checkpoint_every_spaces_the_writes(tmp_path):
    info: dict = {}
    knight.count(6, closed=True, checkpoint=tmp_path, checkpoint_every=3600, _info=info)
    # nothing falls due in an hour: the final tables later stages read (the
    # shared prefix, which is side 1's stem too, and side 0's) and the answer
    assert [info["checkpoint"]["last"]["stage"], info["checkpoint"]["writes"]] == ["answer", 3]


def test_progress_shows_each_write(tmp_path, monkeypatch):
    lines: list[str] = []

    class Bar:
        n = 0

        def set_postfix(self, **kw):
            pass

        def refresh(self):
            pass

        def close(self):
            pass

        def write(self, line, file=None):
            assert file is sys.stderr
            lines.append(line)

    monkeypatch.setattr(EN, "progress_bar", lambda *args: Bar())
    knight.count(6, closed=True, checkpoint=tmp_path, checkpoint_every=0, progress=True)
    assert lines[0].startswith(f"checkpoint: shared at cell 12 of 18 written to {tmp_path}")
    assert lines[-1].startswith(f"checkpoint: the answer written to {tmp_path}")
    stages = [line.split(" at ")[0].split(": ")[1] for line in lines[:-1]]
    # the shared prefix (which is side 1's stem too), side 0; one shard: no sum to write
    assert stages == ["shared"] * 2 + ["half0"]


# --------------------------------------------------------------------------
# A real kill, and the command line
# --------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_count_killed_by_sigkill_resumes(tmp_path, spawn_session):
    where = tmp_path / "ck"
    code = ("import sys, knight; "
            "print(knight.count(6, 7, checkpoint=sys.argv[1], checkpoint_every=0))")
    proc = spawn_session([sys.executable, "-c", code, str(where)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # kill it once a half has a checkpoint: in the middle of the count
    t0 = time.monotonic()
    while not (where / "half0.kckpt").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() - t0 < 120
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    headers = {p.stem: CK.read_header(p) for p in where.glob("*.kckpt")}
    assert "answer" not in headers and "half0" in headers
    info: dict = {}
    assert knight.count(6, 7, checkpoint=where, checkpoint_every=0, _info=info) == 779938932
    resumed = {r["stage"]: r["position"] for r in info["checkpoint"]["resumed"]}
    assert resumed["half0"] == headers["half0"]["position"] > headers["shared"]["position"]


def test_the_command_line_flag(tmp_path, capsys):
    where = tmp_path / "ck"
    argv = ["count", "6", "--closed", "--checkpoint", str(where), "--format", "plain"]
    assert cli.main([*argv, "--checkpoint-every", "0", "-v"]) == 0
    out, err = capsys.readouterr()
    assert out == "9862\n"
    assert f"checkpoint: {where}: nothing to resume; 4 writes" in err
    assert cli.main([*argv, "-v"]) == 0
    out, err = capsys.readouterr()
    assert out == "9862\n" and f"checkpoint: {where}: the answer, read from it" in err
    assert cli.main(["count", "6", "--checkpoint", str(where)]) == 3
    _, err = capsys.readouterr()
    assert err.startswith(f"knight: error: checkpoint directory {where}: answer.kckpt was "
                          "written for another count")
    assert cli.main(["count", "6", "--method", "search", "--checkpoint", str(where)]) == 2
    _, err = capsys.readouterr()
    assert "--checkpoint needs the frontier DP" in err
    assert cli.main(["count", "6", "--checkpoint-every", "5"]) == 2
    _, err = capsys.readouterr()
    assert "--checkpoint-every applies only with --checkpoint" in err


def test_segments_grow_at_most_twofold_and_end_at_columns(tmp_path):
    ck = CK.open_checkpoint(tmp_path, {"n": 1}, "a count", 3600)
    W, last = 5, 500
    # the first cells predict far too little: the segments double instead
    stops, pos, cells = [], 0, 0
    while pos < last:
        stop = ck._next_stop(pos, last, W, 1e-9, cells)
        cells, pos = stop - pos, stop
        stops.append(stop)
    assert stops == [10, 30, 70, 150, 310, 500]
    # a column longer than the interval: segments of as many cells as fit
    assert ck._next_stop(12, last, W, 1000.0, 5) == 16
    # due already: one column at a time, never before the second column ends
    ck.every = 0.0
    assert [ck._next_stop(p, last, W, 1.0, 8) for p in (0, 3, 10, 13)] == [10, 10, 15, 15]
    assert ck._next_stop(495, last, W, 1.0, 1) == 500


@pytest.mark.parametrize(("args", "answer"), CASES)
def test_segments_of_single_cells_give_the_same_answers(args, answer, tmp_path, monkeypatch):
    pos, kw = args
    expected = knight.count(*pos, method="dp", **kw)
    monkeypatch.setattr(CK.Checkpoint, "_next_stop",
                        lambda self, p, last, W, per_cell, cells: min(max(p + 1, 2 * W), last))
    starts = _starts(monkeypatch)
    assert knight.count(*pos, checkpoint=tmp_path, checkpoint_every=0, **kw) == expected
    assert any(p % 2 for p in starts)  # mid-column starts, of both parities


def test_the_command_line_warns_of_a_long_checkpointed_count_as_the_dp(capsys, monkeypatch):
    import argparse

    from knight.cli import count as cli_count

    # the warning is skipped where the count would be refused for memory:
    # not this test's subject (and the machine's free memory varies)
    from knight.counting import cost
    monkeypatch.setattr(cli_count, "available_memory", lambda: 1 << 40)
    monkeypatch.setattr(cost, "available_memory", lambda: 1 << 40)

    args = argparse.Namespace(timeout=None, start=None, end=None, closed=False, directed=False)
    # 7x7 open by the DP: minutes; no other method to name, as only the DP checkpoints
    cli_count._warn_if_long(args, 7, 7, "this count", "dp", "the same command resumes from D",
                            others=False)
    err = capsys.readouterr().err
    assert err.startswith("knight: warning: this count may take long: frontier DP")
    assert err.rstrip().endswith("; the same command resumes from D")


def test_a_count_cancelled_mid_sweep_resumes(tmp_path, monkeypatch):
    # stopped by the core itself (cancel, as a timeout would): the files stay
    import threading

    token = threading.Event()
    real = CK.Checkpoint._write

    def write(self, *args, **kwargs):
        header = real(self, *args, **kwargs)
        if self.report["writes"] == 2:
            token.set()
        return header

    with monkeypatch.context() as m:
        m.setattr(CK.Checkpoint, "_write", write)
        with pytest.raises(knight.SearchCancelled):
            knight.count(5, 10, checkpoint=tmp_path, checkpoint_every=0, cancel=token)
    headers = {p.stem: CK.read_header(p) for p in tmp_path.glob("*.kckpt")}
    assert "answer" not in headers
    info: dict = {}
    assert knight.count(5, 10, checkpoint=tmp_path, _info=info) == 15772235644
    assert info["checkpoint"]["resumed"]


@pytest.mark.skipif(os.name != "posix", reason="the lock is POSIX's flock")
def test_a_directory_in_use_by_another_count_is_refused(tmp_path):
    held = CK.open_checkpoint(tmp_path, {"n": 1}, "a count", 0)
    with pytest.raises(knight.CheckpointError, match=f"{tmp_path} is in use by another count"):
        knight.count(6, closed=True, checkpoint=tmp_path)
    held.close()
    assert knight.count(6, closed=True, checkpoint=tmp_path) == 9862
    # the count let go of it as it ended, and so does a count that fails
    with pytest.raises(knight.CheckpointError, match="another count"):
        knight.count(5, checkpoint=tmp_path)
    CK._lock(tmp_path).close()  # free


def test_the_shared_table_goes_once_side_1_has_its_stem(tmp_path, monkeypatch):
    # one-cell segments: side 1's stem writes several times
    monkeypatch.setattr(CK.Checkpoint, "_next_stop",
                        lambda self, p, last, W, per_cell, cells: min(max(p + 1, 2 * W), last))
    seen: list[tuple[str, list[str]]] = []
    real = CK.Checkpoint._write

    def write(self, stage, *args, **kwargs):
        seen.append((stage, _files(self.directory)))
        return real(self, stage, *args, **kwargs)

    monkeypatch.setattr(CK.Checkpoint, "_write", write)
    # the shared prefix (23 cells) passes side 1's stem (18): side 1 sweeps
    # its stem alone, and the shared table is not needed once it has its own
    board = knight.Board(6, 7, holes=[(2, 3), (3, 3)])
    assert knight.count(board, closed=True, checkpoint=tmp_path, checkpoint_every=0) == \
        knight.count(board, closed=True, method="dp")
    stem = [files for stage, files in seen if stage == "stem"]
    assert len(stem) > 2
    assert stem[0] == ["half0.kckpt", "shared.kckpt"]
    assert all(files == ["half0.kckpt", "stem.kckpt"] for files in stem[1:])
    # where the stem is the shared table, that stays until the answer
    seen.clear()
    assert knight.count(6, closed=True, checkpoint=tmp_path / "b", checkpoint_every=0) == 9862
    assert seen[-1] == ("answer", ["half0.kckpt", "shared.kckpt"])
    assert _files(tmp_path / "b") == ["answer.kckpt"]


def test_shards_resume_from_the_last_one_written(tmp_path, monkeypatch):
    """With side 1's last column in 9 shards, their running sum is a stage:
    a count killed after any of its writes resumes with the shards not yet
    added, cut as the first run cut them (whatever memory it has now)."""
    monkeypatch.setattr(FS, "plan_shards", lambda *args, **kwargs: 2)
    info: dict = {}
    assert knight.count(6, closed=True, checkpoint=tmp_path / "all", checkpoint_every=0,
                        _info=info) == 9862
    writes = info["checkpoint"]["writes"]
    resumed_shards = 0
    for after in range(1, writes):
        where = tmp_path / f"killed-{after}"
        with monkeypatch.context() as m:
            _writes_then_kill(m, after)
            with pytest.raises(Killed):
                knight.count(6, closed=True, checkpoint=where, checkpoint_every=0)
        headers = {p.stem: CK.read_header(p) for p in where.glob("*.kckpt")}
        with monkeypatch.context() as m:
            joined = _joined(m)
            m.setattr(FS, "plan_shards", lambda *args, **kwargs: 1)  # less memory now
            assert knight.count(6, closed=True, checkpoint=where, checkpoint_every=0) == 9862
        if "shards" in headers:
            resumed_shards += 1
            assert headers["shards"]["cells"] == 9
            assert len(joined) == 9 - headers["shards"]["position"] > 0
            assert all(d == 2 for d in joined)
    assert resumed_shards >= 1

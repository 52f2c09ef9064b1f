"""Meet in the middle in pieces (knight.counting.frontier_pieces): both
halves cut by the degrees at the cut column, joined class pair by class
pair, checked against the halves whole and against known counts."""

from __future__ import annotations

import pytest

import knight.counting.checkpoint as CK
import knight.counting.frontier_count as FC
import knight.counting.frontier_pieces as FP
from conftest import TallyExecutor
from knight.counting.frontier_count import count_paths, count_split
from knight.counting.frontier_jobs import _plan_jobs
from knight.errors import BoardTooLargeError


def _spec(rows, cols, mode="path", pinned=(), removed=(), **kw):
    jobs = _plan_jobs(rows, cols, mode, 2, pinned=pinned, removed=removed, cut=None,
                      max_bytes=None, moves=None)
    return FP.make_spec(rows, cols, mode == "path", jobs[0].cut, jobs[0].moduli,
                        pinned=pinned, removed=removed, **kw)


@pytest.mark.parametrize(("rows", "cols", "mode", "known"), [
    (6, 6, "cycle", 9_862), (6, 6, "path", 3_318_960), (5, 6, "path", 18_784),
    (5, 8, "path", 18_061_054), (6, 7, "cycle", 1_067_638)])
@pytest.mark.parametrize(("m", "held", "key_rows"), [
    (2, 0, 1), (4, 1, 1), pytest.param(6, 0, 2, marks=pytest.mark.slow), (6, 1, 0),
    pytest.param(4, 0, 2, marks=pytest.mark.slow)])
def test_pieces_give_the_known_counts(rows, cols, mode, known, m, held, key_rows):
    spec = _spec(rows, cols, mode, m=m, held=held, key_rows=key_rows)
    assert FP.count_in_pieces(spec) == known


@pytest.mark.parametrize(("pinned", "removed", "mode"), [
    ((0,), (), "path"), pytest.param((2, 33), (), "path", marks=pytest.mark.slow),
    ((), (7,), "path"), ((), (7, 28), "cycle"),
    ((), (0, 35), "cycle"), ((), (14,), "cycle")])
@pytest.mark.parametrize("held", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_pieces_with_pinned_ends_and_holes_agree_with_the_halves_whole(pinned, removed,
                                                                        mode, held):
    """Boards without the mirror symmetry: a class is one pattern, and
    nothing folds."""
    spec = _spec(6, 6, mode, pinned=pinned, removed=removed, m=6, held=held)
    assert FP.count_in_pieces(spec) == count_split(6, 6, mode, pinned=pinned, removed=removed)


def test_every_compatible_class_pair_is_joined_in_exactly_one_piece():
    for held in (0, 1):
        for key_rows in (0, 1, 2, 3):
            spec = _spec(6, 7, m=4, held=held, key_rows=key_rows)
            free = spec.free_ends()
            joined = [(i, j) for piece in spec.pieces for j, mates in spec.pairs(piece)
                      for i in mates]
            assert len(joined) == len(set(joined))
            everything = {(i, j) for i, a in enumerate(spec.classes)
                          for j, b in enumerate(spec.classes)
                          if any(FP.compatible(*((x, y) if held == 0 else (y, x)), free)
                                 for x in a for y in b)}
            assert set(joined) == everything
            held_classes = sorted(i for piece in spec.pieces for i in piece)
            assert held_classes == list(range(len(spec.classes)))


def test_classes_are_patterns_up_to_the_mirror():
    spec = _spec(6, 6, m=4)
    assert spec.fold and spec.xrows == (0, 1, 4, 5)
    assert sum(len(c) for c in spec.classes) == 3 ** 4
    for c in spec.classes:
        assert set(c) == {FP.mirror_pattern(d, spec.xrows, 6) for d in c}
    plain = _spec(6, 6, pinned=(0,), m=4)
    assert not plain.fold and all(len(c) == 1 for c in plain.classes)


def test_compatible_degrees():
    assert FP.compatible((0, 1, 2), (2, 1, 0), 0)
    assert not FP.compatible((0, 1, 2), (2, 0, 0), 0)
    assert FP.compatible((0, 1, 2), (2, 0, 0), 1)
    assert FP.compatible((0, 1, 2), (1, 0, 0), 2)
    assert not FP.compatible((0, 1, 2), (1, 0, 0), 1)
    assert not FP.compatible((2,), (1,), 2)


def test_piece_rows():
    assert FP.piece_rows(8, 8) == tuple(range(8))
    assert FP.piece_rows(5, 5) == (0, 1, 3, 4)
    with pytest.raises(ValueError, match="piece rows"):
        FP.piece_rows(6, 0)
    with pytest.raises(ValueError, match="held"):
        _spec(6, 6, held=2)


def test_a_split_count_whose_halves_do_not_fit_goes_on_in_pieces(monkeypatch):
    """6x6 open needs 16 MB for its halves whole: in 8 MB it is counted in
    pieces, with memory to spare not."""
    used = []
    real = FC.count_in_pieces

    def count(*args, **kwargs):
        used.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(FC, "count_in_pieces", count)
    assert count_split(6, 6, "path", max_bytes=8 << 20) == 3_318_960
    assert used
    used.clear()
    assert count_split(6, 6, "path", max_bytes=64 << 20) == 3_318_960
    assert not used


def test_a_piece_that_outgrows_its_room_is_cut_finer(monkeypatch):
    spec = _spec(6, 6, m=6, held=1, key_rows=0)  # one piece: every class held
    cut = []
    real = FP.PieceSpec.split

    def split(self, held, k):
        cut.append(k)
        return real(self, held, k)
    monkeypatch.setattr(FP.PieceSpec, "split", split)
    assert FP.count_in_pieces(spec, max_bytes=16 << 20) == 3_318_960
    assert not cut
    assert FP.count_in_pieces(spec, max_bytes=6 << 20) == 3_318_960
    assert 1 in cut  # cut by the outer row on each side, where none was planned


def test_too_little_memory_even_for_pieces_is_an_error():
    with pytest.raises(BoardTooLargeError, match="6x6"):
        count_split(6, 6, "path", max_bytes=2 << 20)
    with pytest.raises(BoardTooLargeError, match="6x6"):
        FP.count_in_pieces(_spec(6, 6, m=6, held=1), max_bytes=1 << 20)


class Killed(BaseException):
    """Stands in for a SIGKILL right after a checkpoint write."""


def test_pieces_resume_from_the_last_sum_written(tmp_path, monkeypatch):
    """A count in pieces records the sum of the pieces done (the stage
    ``pieces``); killed after a write, it resumes there, straight in pieces."""
    count = {"board": "6x6 open"}
    real = CK.Checkpoint._write
    writes: list[str] = []

    def write(self, stage, *args, **kwargs):
        header = real(self, stage, *args, **kwargs)
        writes.append(stage)
        if stage == "pieces":
            raise Killed
        return header
    monkeypatch.setattr(CK.Checkpoint, "_write", write)
    ck = CK.open_checkpoint(tmp_path, count, "6x6 open", 0)
    with pytest.raises(Killed):
        count_paths(6, 6, max_bytes=8 << 20, checkpoint=ck)
    ck.close()
    assert "pieces" in writes
    header = CK.read_header(tmp_path / "pieces.kckpt")
    assert 0 < header["position"] < header["cells"]
    monkeypatch.setattr(CK.Checkpoint, "_write", real)
    run = []
    real_piece = FP._run_piece

    def piece(*args, **kwargs):
        run.append(1)
        return real_piece(*args, **kwargs)
    monkeypatch.setattr(FP, "_run_piece", piece)
    halves = []
    monkeypatch.setattr(FC, "left_for_join", lambda *a, **k: halves.append(1))
    ck = CK.open_checkpoint(tmp_path, count, "6x6 open", 0)
    try:
        assert count_paths(6, 6, max_bytes=8 << 20, checkpoint=ck) == 3_318_960
    finally:
        ck.close()
    assert not halves  # straight to the pieces
    assert len(run) == header["cells"] - header["position"]


def _on_workers(executor, allowed):
    import time

    from knight.counting import engines as EN
    from knight.counting.executor import LocalPool
    with LocalPool(2) as local:
        return EN._dp_on_workers(6, 6, "path", (), allowed, 2, executor, 0.0, time.time(),
                                 None, local)


def test_pieces_on_workers_when_side_0_does_not_fit_one():
    """On an executor whose workers each have 6 MB (6x6 open's halves whole
    need 16 MB), the count goes on in pieces, one job a piece."""
    import concurrent.futures as cf
    submitted: list[str] = []
    with cf.ProcessPoolExecutor(2) as pool:
        assert _on_workers(TallyExecutor(pool, submitted), 6 << 20) == 3_318_960
    assert submitted.count("run_piece_job") == 6
    with cf.ProcessPoolExecutor(2) as pool, pytest.raises(BoardTooLargeError, match="6x6"):
        _on_workers(pool, 1 << 20)


@pytest.mark.slow
def test_pieces_on_a_dask_cluster_of_two():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert _on_workers(client.get_executor(), 6 << 20) == 3_318_960


def test_a_piece_job_needs_its_stems():
    spec = _spec(6, 6, m=6, held=1)
    with pytest.raises(ValueError, match="stems"):
        FP.run_piece_job(FP.PieceJob(spec, 0, 1 << 30))
    s0, s1 = FP.stems(spec)
    shares = [FP.run_piece_job(FP.PieceJob(spec, i, 1 << 30), 0.0, s0, s1)
              for i in range(len(spec.pieces))]
    assert FP.combine_pieces(spec, shares) == 3_318_960
    assert FP.combine_pieces(spec, []) == 0


class _Stop(Exception):
    pass


@pytest.mark.parametrize(("rows", "cols", "mode", "held"), [
    (6, 6, "path", 1), (5, 6, "path", 0),
    pytest.param(6, 6, "cycle", 1, marks=pytest.mark.slow)])
def test_a_piece_stopped_anywhere_resumes_to_the_same_residues(rows, cols, mode, held):
    # A count that runs for days stops between two streamed tables (a kill
    # after step() recorded them) and goes on from there: every stop point
    # of a piece gives back the residues of the piece run without a stop.
    spec = _spec(rows, cols, mode, m=min(rows, cols), held=held)
    s0, s1 = FP.stems(spec)
    for index in range(len(spec.pieces)):
        seen = []
        whole = FP.run_piece(spec, index, s0, s1, step=lambda d, r, seen=seen: seen.append((d, r)))
        assert seen, "every piece streams some table"
        assert seen[-1][1] == whole
        key = FP.tree_key(spec, spec.parts(), 1 - held)
        assert [key(d) for d, _ in seen] == sorted(key(d) for d, _ in seen)
        for at in sorted({0, len(seen) // 3, len(seen) - 1}):
            calls = []

            def stop_after(d, r, at=at, calls=calls):
                calls.append(d)
                if len(calls) > at:
                    raise _Stop

            with pytest.raises(_Stop):
                FP.run_piece(spec, index, s0, s1, step=stop_after)
            d, r = seen[at]
            assert calls[-1] == d
            assert FP.run_piece(spec, index, s0, s1, after=d, residues=r) == whole
    shares = [FP.run_piece(spec, i, s0, s1) for i in range(len(spec.pieces))]
    assert FP.combine_pieces(spec, shares) == (count_paths(rows, cols) if mode == "path"
                                               else FC.count_cycles(rows, cols))


@pytest.mark.parametrize(("rows", "cols", "mode", "held"), [(6, 6, "path", 1), (5, 6, "path", 0)])
def test_ranges_of_a_piece_s_streamed_patterns_add_up_to_the_piece(rows, cols, mode, held):
    # The streamed patterns of a piece cut in ranges (after, upto] that
    # processes share out: their residues add up to the piece's.
    spec = _spec(rows, cols, mode, m=min(rows, cols), held=held)
    s0, s1 = FP.stems(spec)
    for index in range(len(spec.pieces)):
        mine = spec.pieces[index]
        order = FP.streamed_patterns(spec, mine)
        key = FP.tree_key(spec, spec.parts(), 1 - held)
        assert order == sorted(order, key=key) and len(set(order)) == len(order)
        whole = FP.run_piece(spec, index, s0, s1)
        held_, _ = FP.held_tables(spec, mine, s0, s1)
        cuts = [None, order[len(order) // 3], order[2 * len(order) // 3], None]
        total = [0] * len(spec.words)
        for a, b in zip(cuts, cuts[1:]):
            share, _, _ = FP.stream_joins(spec, mine, held_, s0, s1, after=a, upto=b)
            total = [(t + x) % (1 << 64 if j == 0 else spec.words[j])
                     for j, (t, x) in enumerate(zip(total, share))]
        assert tuple(total) == whole


def test_held_tables_swept_in_shares_and_kept_in_files_give_the_piece(tmp_path):
    # A piece's held patterns swept in two shares (side by side on two
    # cores, the tree's inner tables in files), their tables written to
    # files and read back as memory maps: the streamed joins give the
    # piece's residues.
    import numpy as np
    spec = _spec(6, 6, "path", m=6, held=1)
    s0, s1 = FP.stems(spec)
    index = 1
    mine = spec.pieces[index]
    key = FP.tree_key(spec, spec.parts(), spec.held)
    pats = sorted((d for i in mine for d in spec.classes[i]), key=key)
    held = {}
    for share in (pats[:len(pats) // 2], pats[len(pats) // 2:]):
        spilled = tmp_path / "tree"
        spilled.mkdir(exist_ok=True)
        for d, arrays, n in FP.held_arrays(spec, mine, s0, s1, patterns=share,
                                           spill_to=spilled):
            assert d in share and (arrays is None) == (n == 0)
            if arrays is not None:
                names = []
                for k, a in enumerate(arrays):
                    names.append(tmp_path / f"{''.join(map(str, d))}-{k}.npy")
                    np.save(names[-1], a)
                held[d] = FP.held_job(spec, [np.load(f, mmap_mode="r") for f in names])
        assert not list(spilled.iterdir())  # the tree's files are gone
    whole, _ = FP.held_tables(spec, mine, s0, s1)
    assert sorted(held) == sorted(whole)
    got, _, _ = FP.stream_joins(spec, mine, held, s0, s1)
    assert got == FP.run_piece(spec, index, s0, s1)

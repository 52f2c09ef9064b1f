"""The count in pieces on disk (``knight.counting.frontier_disk``), the
machinery behind ``benchmarks/count_in_sessions.py`` (8x8 open over
several sessions): answers, resumption after a stop at any point, and the
refusal of a record that is not this count's."""

import json
import time

import pytest

import knight
from knight.counting import frontier_disk as disk
from knight.counting import frontier_pieces as fp
from knight.errors import CheckpointError, SearchLimitError


def _count(spec, board, where, **kw):
    kw.setdefault("procs", 1)
    kw.setdefault("max_bytes", 2**28)
    return disk.count_on_disk(spec, board, where, **kw)


@pytest.mark.parametrize("rows, cols, path", [(4, 6, True), (5, 6, True), (6, 6, False)])
def test_the_count_on_disk_is_the_count(rows, cols, path, tmp_path):
    spec = disk.layout(rows, cols, path)
    got = _count(spec, f"{rows}x{cols}", tmp_path, procs=2)
    want = knight.count(rows, cols, closed=not path)
    assert (2 * got if path else got) == want
    body = disk.load_state(tmp_path / disk.STATE, f"{rows}x{cols}", spec)
    assert all(body["records"][str(i)]["done"] for i in range(len(spec.pieces)))
    # a piece's held tables are removed with the piece done; the stems stay
    assert not any((tmp_path / "held").iterdir())


def test_every_pattern_asked_for_comes_back_in_tree_order():
    # 6x6 closed has branches no state reaches; their patterns used to be
    # left out, and a range of streamed patterns cut at one of them ran on
    # past its end into the next range's.
    spec = disk.layout(6, 6, False)
    parts = spec.parts()
    s0, s1 = fp.stems(spec, max_bytes=2**28)
    for index in range(len(spec.pieces)):
        wanted = fp.streamed_patterns(spec, spec.pieces[index], parts)
        side = 1 - spec.held
        got = [d for d, _ in fp.pattern_tables(spec, parts, side, (s0, s1)[side], wanted)]
        assert got == wanted
    empty = [d for d, t in fp.pattern_tables(spec, parts, 1 - spec.held,
                                             (s0, s1)[1 - spec.held],
                                             fp.streamed_patterns(spec, spec.pieces[0], parts))
             if not len(t[0])]
    assert empty, "the case this test is about: some patterns have no states"


def test_a_count_stopped_anywhere_resumes_to_the_same_answer(tmp_path):
    spec = disk.layout(6, 6, True)
    want = knight.count(6, 6) // 2
    stops = 0
    for _ in range(40):
        try:
            got = _count(spec, "6x6o", tmp_path, procs=2, every=0.0,
                         deadline=time.perf_counter() + 1.5)
        except SearchLimitError as e:
            assert "the same call resumes it" in str(e)
            stops += 1
            continue
        break
    else:
        pytest.fail("the count did not end in 40 runs")
    assert stops >= 1 and got == want


def test_only_some_pieces(tmp_path):
    spec = disk.layout(4, 6, True)
    assert _count(spec, "4x6o", tmp_path, only={0}) is None
    body = disk.load_state(tmp_path / disk.STATE, "4x6o", spec)
    assert body["records"]["0"]["done"] and set(body["records"]) == {"0"}
    assert "1 of" in disk.status(body)
    assert 2 * _count(spec, "4x6o", tmp_path) == knight.count(4, 6)


def test_a_record_not_of_this_count_is_refused(tmp_path):
    spec = disk.layout(4, 6, True)
    _count(spec, "4x6o", tmp_path)
    path = tmp_path / disk.STATE
    with pytest.raises(CheckpointError, match="another layout"):
        disk.load_state(path, "5x6o", disk.layout(5, 6, True))
    doc = json.loads(path.read_text())
    doc["body"]["records"]["0"]["residues"][0] = "1"
    path.write_text(json.dumps(doc))
    with pytest.raises(CheckpointError, match="damaged"):
        _count(spec, "4x6o", tmp_path)
    path.write_text(path.read_text()[:40])
    with pytest.raises(CheckpointError, match="not the record"):
        _count(spec, "4x6o", tmp_path)
    doc["body"]["format"] = 99
    doc["sha256"] = disk._seal(doc["body"])
    path.write_text(json.dumps(doc))
    with pytest.raises(CheckpointError, match="format 99"):
        _count(spec, "4x6o", tmp_path)

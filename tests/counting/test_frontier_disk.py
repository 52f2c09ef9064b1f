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
    for k in range(40):
        # each run longer than the last, so that a loaded machine ends it too
        try:
            got = _count(spec, "6x6o", tmp_path, procs=2, every=0.0,
                         deadline=time.time() + 1.0 * 1.2**k)
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


# -- through knight.count: checkpoint= where the halves do not fit whole ------------

SMALL = 100 * 2**20  # below the estimate of 6x6's halves whole (0.12 GiB open, 0.13 closed)


def test_count_with_a_checkpoint_goes_on_in_pieces_on_disk(tmp_path):
    with pytest.raises(knight.BoardTooLargeError, match="more than the 0.10 GiB allowed"):
        knight.count(6, 6, method="dp", max_memory=SMALL)  # no checkpoint: refused
    info = {}
    assert knight.count(6, 6, checkpoint=tmp_path / "o", max_memory=SMALL, workers=2,
                        _info=info) == knight.count(6, 6)
    assert "pieces on disk" in info["detail"]
    assert (tmp_path / "o" / disk.STATE).exists()
    # the same call again reads the record
    assert knight.count(6, 6, checkpoint=tmp_path / "o", max_memory=SMALL) == 6_637_920
    for directed in (False, True):
        got = knight.count(6, 6, closed=True, directed=directed,
                           checkpoint=tmp_path / f"c{directed}", max_memory=SMALL)
        assert got == knight.count(6, 6, closed=True, directed=directed)


def test_count_in_pieces_on_disk_resumes_after_its_timeout(tmp_path):
    stops = 0
    for k in range(40):
        try:
            got = knight.count(6, 6, checkpoint=tmp_path, checkpoint_every=0,
                               timeout=1.0 * 1.2**k, max_memory=SMALL)
        except knight.SearchLimitError as e:
            assert "stopped by the timeout" in str(e)
            stops += 1
            continue
        break
    else:
        pytest.fail("the count did not end in 40 runs")
    assert stops >= 1 and got == 6_637_920


def test_the_command_line_counts_in_pieces_on_disk(tmp_path, monkeypatch, capsys):
    from knight.cli import main
    from knight.counting import args, engines

    # a machine where 6x6's halves whole do not fit
    monkeypatch.setattr(args, "available_memory", lambda: SMALL)
    monkeypatch.setattr(engines, "available_memory", lambda: SMALL)
    assert main(["count", "6", "--checkpoint", str(tmp_path), "--workers", "2"]) == 0
    assert capsys.readouterr().out.strip() == "6637920"
    assert (tmp_path / disk.STATE).exists()


def test_progress_shows_the_pieces_with_their_steps_above(tmp_path, monkeypatch):
    import sys

    from knight.counting import engines

    bars = []

    class Bar:
        def __init__(self, total, desc, unit):
            self.total, self.desc, self.unit, self.n = total, desc, unit, 0
            self.seen, self.lines, self.closed = [], [], False
            bars.append(self)

        def refresh(self):
            self.seen.append(self.n)

        def close(self):
            self.closed = True

        def write(self, line, file=None):
            assert file is sys.stderr
            self.lines.append(line)

    monkeypatch.setattr(engines, "progress_bar", Bar)
    assert knight.count(6, 6, checkpoint=tmp_path, max_memory=SMALL, progress=True) == 6_637_920
    (bar,) = bars
    pieces = len(disk.layout(6, 6, True).pieces)
    assert (bar.total, bar.desc, bar.unit) == (pieces, "6x6 dp on disk", "piece")
    assert bar.seen == list(range(pieces + 1)) and bar.closed
    assert any("piece 0: held tables" in line for line in bar.lines)
    assert bar.lines[-1].startswith(f"6x6o: {pieces} of {pieces} pieces done")
    # read back: the bar starts full
    knight.count(6, 6, checkpoint=tmp_path, max_memory=SMALL, progress=True)
    assert bars[1].seen == [pieces]

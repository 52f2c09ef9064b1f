"""sweep() and compare() as data."""

import numpy as np
import pytest

import knight
from knight.compare import table


def test_sweep_records_every_start():
    runs = knight.sweep(6, method="warnsdorff-backtrack")
    assert runs.dtype.names == ("method", "row", "col", "success", "outcome", "nodes",
                                "backtracks", "seconds")
    assert len(runs) == 36 and runs["success"].all()
    assert sorted(zip(runs["row"].tolist(), runs["col"].tolist())) == [
        (r, c) for r in range(6) for c in range(6)
    ]
    for rec in runs[:5]:
        tour = knight.solve(6, start=(int(rec["row"]), int(rec["col"])),
                            method="warnsdorff-backtrack")
        assert rec["nodes"] == tour.nodes and rec["backtracks"] == tour.backtracks


def test_sweep_outcomes():
    runs = knight.sweep(5, method="warnsdorff")
    assert set(runs["outcome"].tolist()) <= {"tour", "no-tour", "dead-end"}
    odd = (runs["row"] + runs["col"]) % 2 == 1
    assert (runs["outcome"][odd] == "no-tour").all()
    limited = knight.sweep(8, method="backtrack", closed=True, max_nodes=100)
    assert (limited["outcome"] == "limit").all() and (limited["nodes"] == 100).all()


def test_sweep_progress_bar(capsys):
    pytest.importorskip("tqdm")
    knight.sweep(5, progress=True)
    assert "25/25" in capsys.readouterr().err


def test_sweep_bad_arguments():
    with pytest.raises(ValueError, match="method"):
        knight.sweep(5, method="nope")
    with pytest.raises(TypeError):
        knight.sweep(5.0)
    with pytest.raises(ValueError, match="tie_break"):
        knight.sweep(5, method="warnsdorff", tie_break="nope")


def test_compare_runs_every_method():
    runs = knight.compare(6, start=(1, 0), timeout=0.2)
    assert runs["method"].tolist() == [
        "backtrack", "warnsdorff", "warnsdorff-backtrack", "construct", "auto"
    ]
    by = dict(zip(runs["method"].tolist(), runs))
    assert by["backtrack"]["outcome"] == "limit"       # needs billions of nodes from (1, 0)
    assert by["warnsdorff-backtrack"]["success"]
    runs = knight.compare(8, start="a1", methods=["warnsdorff"])
    assert len(runs) == 1
    with pytest.raises(ValueError, match="method must be one of"):
        knight.compare(8, methods=["dfs"])
    with pytest.raises(ValueError, match="off the"):
        knight.compare(8, start=(8, 8))


def test_table_text():
    runs = knight.compare(8, methods=["warnsdorff", "auto"])
    text = table(runs, by="method")
    lines = text.splitlines()
    assert lines[0].split() == ["method", "success", "outcome", "nodes", "backtracks", "seconds"]
    assert lines[2].startswith("warnsdorff") and lines[-1].split()[:4] == ["total", "2", "2", "yes"]
    assert np.all(runs["seconds"] >= 0)


@pytest.mark.parametrize("method", ["backtrack", "warnsdorff-backtrack"])
@pytest.mark.parametrize("closed", [False, True])
def test_batch_sweep_matches_one_solve_per_start(method, closed):
    from knight.compare import _run

    rows, cols = (6, 6) if closed else (5, 6)
    options = {"closed": closed, "max_nodes": 20_000}
    runs = knight.sweep(rows, cols, method=method, **options)
    one_by_one = [_run(knight.Board(rows, cols), (r, c), method, options)
                  for r in range(rows) for c in range(cols)]
    for rec, (m, r, c, success, outcome, nodes, backtracks, _) in zip(runs, one_by_one):
        assert (str(rec["method"]), int(rec["row"]), int(rec["col"])) == (m, r, c)
        assert (bool(rec["success"]), str(rec["outcome"]), int(rec["nodes"])) == (
            success, outcome, nodes)
        if outcome == "tour":
            assert int(rec["backtracks"]) == backtracks

"""The package's shape (issue 11): one-way imports, the CLI in its own package, and
options that do not apply to the request refused instead of ignored."""

import concurrent.futures as cf
import json
import os
import subprocess
import sys

import pytest

import knight
from knight import cli
from knight.counting import executor


def run(argv, capsys):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------
# Imports flow one way


def test_library_modules_never_import_the_cli():
    # A fresh interpreter: importing the library must not load any CLI module.
    code = "import sys, knight; print(sorted(m for m in sys.modules if m.startswith('knight.cli')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
    # The layers themselves are checked by import-linter (pyproject.toml's
    # [tool.importlinter], run by scripts/check_release.sh).


# --------------------------------------------------------------------------
# A light import (issue 25): the rest loads on first use


#: What neither ``import knight`` nor a first ``knight.solve`` may load: the
#: counting, the puzzles, the rendering, the sampler, compare/sweep and the
#: pure-Python twins (and knight.trace, which only the twins use).  A twin is
#: named after the core it mirrors with the suffix ``_py`` (knight._core's
#: docstring), so ``heavy`` finds every twin by its name.
HEAVY = ("knight.counting", "knight.puzzle", "knight.render", "knight.compare",
         "knight.reference", "knight.trace", "knight._core.sample", "knight._core.count",
         "knight._core.frontier_sweep", "knight._core.frontier_join")


def loaded_after(code):
    """The package's modules a fresh interpreter has loaded after running ``code``."""
    code += ("\nimport sys\nprint(' '.join(m for m in sys.modules "
             "if m == 'knight' or m.startswith('knight.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return set(out.split())


def heavy(modules):
    return sorted(m for m in modules if m.startswith(HEAVY) or m.endswith("_py"))


def test_import_knight_is_light():
    loaded = loaded_after("import knight")
    assert "knight" in loaded and len(loaded) <= 20, sorted(loaded)
    assert heavy(loaded) == []
    # The timing (at most 25 ms over import numpy) is benchmarks/bench_import.py's.


def test_a_first_solve_loads_only_the_search():
    loaded = loaded_after("import knight\nknight.solve(8)\nknight.verify(knight.solve(6))")
    assert {"knight.solver", "knight.verify"} <= loaded
    assert heavy(loaded) == []


def test_every_public_name_loads_on_first_use():
    code = """
import knight.cli, knight.compare, knight.verify  # modules named like the functions, first
import knight
from knight import tours, puzzle
assert knight.compare.__module__ == "knight.compare" and callable(knight.verify), knight.verify
assert puzzle.__name__ == "knight.puzzle" and tours is knight.counting.tours
for name in knight.__all__:
    getattr(knight, name)
assert set(knight.__all__) <= set(dir(knight))
assert knight.counting.executor.POOLS == {}
"""
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_lazy_tables_name_every_module_and_public_name():
    import importlib
    import pkgutil

    for package in (knight, knight.counting):
        modules = {m.name for m in pkgutil.iter_modules(package.__path__)} - {"__main__"}
        assert package._SUBMODULES == modules, package.__name__
    assert set(knight._LAZY) | {"__version__", "get_include", "puzzle"} == set(knight.__all__)
    assert set(knight.counting._LAZY) == set(knight.counting.__all__)
    for package in (knight, knight.counting):
        for name, where in package._LAZY.items():
            module = importlib.import_module(package.__name__ + where)
            assert getattr(package, name) is getattr(module, name), name


# --------------------------------------------------------------------------
# Chess notation everywhere it is asked for


def test_algebraic_grid_has_ranks_and_files(capsys):
    code, out, _ = run(["8", "--start", "e4", "--notation", "algebraic"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 9
    assert [line.split()[0] for line in lines[:8]] == [str(r) for r in range(8, 0, -1)]
    assert lines[-1].split() == list("abcdefgh")
    # The start square e4 holds step 0: rank 4 is the fifth line, file e the fifth column.
    assert lines[4].split()[1:][4] == "0"
    plain = run(["8", "--start", "e4"], capsys)[1]
    assert out != plain


def test_algebraic_moves_and_json(capsys):
    code, out, _ = run(["8", "--start", "e4", "--format", "moves", "--notation", "algebraic"],
                       capsys)
    assert code == 0
    words = out.split()
    assert words[0] == "e4" and len(words) == 64 and all(w.startswith("N") for w in words[1:])
    tour = knight.solve(8, start="e4")
    assert words == [tour.algebraic()[0], *("N" + s for s in tour.algebraic()[1:])]
    code, out, _ = run(["8", "--start", "e4", "--format", "json", "--notation", "algebraic"],
                       capsys)
    data = json.loads(out)
    assert data["notation"] == "algebraic" and data["start"] == "e4"
    assert data["path"] == tour.algebraic()


def test_algebraic_closed_moves_return_to_the_start(capsys):
    code, out, _ = run(["6", "--closed", "--format", "moves", "--notation", "algebraic"], capsys)
    words = out.split()
    assert code == 0 and len(words) == 37 and words[-1] == "N" + words[0]


def test_algebraic_needs_a_board_of_at_most_26_files(capsys):
    code, out, err = run(["30", "--notation", "algebraic"], capsys)
    assert code == 2 and out == "" and "26 columns" in err


# --------------------------------------------------------------------------
# Options that do not apply are usage errors


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["5", "--trace-limit", "3"], "--trace-limit applies only with --trace"),
        (["8", "--base", "1", "--format", "path"], "--base applies only"),
        (["8", "--method", "construct", "--trace"], "trace applies to the searches"),
        (["8", "--method", "construct", "--order", "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"],
         "order applies to the searches"),
        (["count", "5", "--directed"], "--directed applies only with --closed"),
        (["tours", "5", "--base", "1", "--format", "path"], "--base applies only"),
    ],
    ids=" ".join,
)
def test_options_that_do_not_apply_are_refused(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == cli.EXIT_USAGE, err
    assert out == "" and needle in err and err.count("\n") == 1


def test_trace_limit_with_trace_still_works(capsys):
    code, _, err = run(["5", "--method", "warnsdorff", "--trace", "--trace-limit", "3"], capsys)
    assert code == 0 and "more decisions not shown" in err


def test_library_refuses_trace_and_order_for_the_construction():
    with pytest.raises(ValueError, match="trace applies to the searches"):
        knight.solve(8, method="construct", trace=lambda event: None)
    with pytest.raises(ValueError, match="order applies to the searches"):
        knight.solve(8, method="construct", order=knight.DEFAULT_ORDER)
    # compare leaves them out of the construction's run instead of failing it.
    runs = knight.compare(8, order=knight.DEFAULT_ORDER)
    assert bool(runs[runs["method"] == "construct"]["success"][0])


# --------------------------------------------------------------------------
# compare shows what a limited search did


def test_compare_reports_backtracks_of_limited_runs():
    runs = knight.compare(6, start=(1, 0), methods=["backtrack"], max_nodes=100_000)
    (rec,) = runs
    assert str(rec["outcome"]) == "limit"
    assert int(rec["nodes"]) >= 100_000 and int(rec["backtracks"]) > 0
    with pytest.raises(knight.SearchLimitError) as info:
        knight.solve(6, start=(1, 0), method="backtrack", max_nodes=100_000)
    assert info.value.backtracks == int(rec["backtracks"])


# --------------------------------------------------------------------------
# Exit codes: I/O errors have their own


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_write_error_exits_with_the_io_code():
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "knight", "8"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert proc.returncode == cli.EXIT_IO == 3
    assert proc.stderr.count("\n") == 1 and "cannot write" in proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_picture_write_error_exits_with_the_io_code(tmp_path, capsys):
    code, _, err = run(["5", "--svg", str(tmp_path / "missing" / "t.svg")], capsys)
    assert code == cli.EXIT_IO and "cannot write" in err


def test_closed_pipe_is_not_an_error():
    proc = subprocess.run(f"{sys.executable} -m knight 200 --method construct | head -c 10",
                          shell=True, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and len(proc.stdout) == 10
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_count_output_for_people_and_for_scripts(capsys):
    assert run(["count", "5", "--format", "text"], capsys)[1] == "1,728\n"
    assert run(["count", "5", "--format", "plain"], capsys)[1] == "1728\n"
    assert run(["count", "5"], capsys)[1] == "1728\n"  # not a terminal: plain
    data = json.loads(run(["count", "5", "--format", "json"], capsys)[1])
    assert data["count"] == 1728 and data["method"] in knight.counting.METHODS


def test_count_verbose_names_the_method(capsys):
    code, out, err = run(["count", "5", "--verbose"], capsys)
    assert code == 0 and "method: " in err


# --------------------------------------------------------------------------
# A worker that dies is replaced once, then reported


def _die_once(marker, value):
    """Kill this worker the first time it is called with a marker file absent."""
    if marker is not None and not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(1)
    return value * 2


def _always_die(value):
    os._exit(1)


def test_a_lost_worker_is_retried_on_a_fresh_pool(tmp_path):
    marker = str(tmp_path / "died")
    jobs = [(marker if k == 3 else None, k) for k in range(8)]
    got = executor.run_jobs(_die_once, jobs, workers=2, executor=None, deadline=0.0, began=0.0,
                            on_result=lambda r: None)
    assert got == [2 * k for k in range(8)]
    assert os.path.exists(marker)
    assert not executor.POOLS  # the run's pools were shut down


def test_a_worker_that_dies_twice_is_a_knight_error():
    with pytest.raises(knight.WorkerLostError, match="died again on a fresh pool") as info:
        executor.run_jobs(_always_die, [(k,) for k in range(4)], workers=2, executor=None,
                          deadline=0.0, began=0.0, on_result=lambda r: None)
    assert isinstance(info.value, knight.KnightError)
    assert isinstance(info.value.__cause__, cf.process.BrokenProcessPool)
    assert not executor.POOLS  # nothing left running


def test_every_subcommand_is_registered():
    assert set(cli.SUBCOMMANDS) == {"count", "tours", "sweep", "compare", "puzzle",
                                    "magic"}

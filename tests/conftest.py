import contextlib
import io
import os
import signal
import subprocess
import sys

import numpy as np
import pytest

import knight


@pytest.fixture
def spawn_session():
    """Start a child with ``subprocess.Popen`` in a session of its own, and
    end the whole session when the test ends: should the test fail midway,
    the child's worker processes (``workers=2``) die with it instead of
    running on and slowing every later test."""
    procs = []

    def start(args, **kwargs):
        proc = subprocess.Popen(args, start_new_session=True, **kwargs)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture
def tour5() -> knight.Tour:
    return knight.solve(5)


def boards_and_starts(sizes):
    """(rows, cols, start) for every square of every board size given."""
    for rows, cols in sizes:
        for r in range(rows):
            for c in range(cols):
                yield rows, cols, (r, c)


def assert_tour(tour, rows, cols, start, closed):
    assert isinstance(tour, knight.Tour)
    assert tour.shape == (rows, cols)
    assert tour.start == start
    assert tour.board.dtype == np.int32
    assert tour.board[start] == 0
    assert tour.closed == closed
    # Check independently of the core: every step once, every move a knight move.
    path = tour.path.astype(np.int64)
    assert sorted((path[:, 0] * cols + path[:, 1]).tolist()) == list(range(rows * cols))
    d = np.abs(np.diff(path, axis=0))
    assert np.all(d[:, 0] * d[:, 1] == 2)
    if closed:
        e = np.abs(path[-1] - path[0])
        assert e[0] * e[1] == 2
    knight.verify(tour.board, closed=closed)


@pytest.fixture
def knight_cli(monkeypatch, capsys):
    """Run the ``knight`` command in this process: ``knight_cli(argv,
    stdin=None)`` returns (exit code, stdout, stderr).  Help is wrapped at
    80 columns, as argparse does for a terminal of that width."""
    monkeypatch.setenv("COLUMNS", "80")

    def run(argv, stdin=None):
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        from knight import cli

        code = cli.main(argv)
        out, err = capsys.readouterr()
        return code, out, err

    return run

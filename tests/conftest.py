import concurrent.futures
import contextlib
import functools
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


# -- the cores and their pure-Python twins ------------------------------------------


class Impl:
    """One implementation, the compiled cores or their pure-Python twins, behind
    one interface: a test calls ``impl.NAME(...)`` alike on both and checks the
    same things (as RapidFuzz's tests wrap each scorer's C++ and Python
    versions).  The twins follow one rule (``knight._core``'s docstring): the
    twin of the core ``X.pyx`` is the module ``X_py``.

    Take the ``impl`` fixture to run a test's assertions once on each; a test
    that compares the two step by step (node counts, states) uses
    :data:`CORE` and :data:`TWIN`, the same interface."""

    def __init__(self, name):
        self.name = name
        self.twin = name == "twin"

    def __repr__(self):
        return self.name

    # -- the knight's rectangles: search, verify, construct ------------------------

    @property
    def engine(self):
        """The rectangle searches (``backtrack``, ``warnsdorff``), with the engine
        interface of :mod:`knight.search`."""
        if self.twin:
            from knight._core.search_py import PYTHON_ENGINE

            return PYTHON_ENGINE
        from knight.search import CYTHON_ENGINE

        return CYTHON_ENGINE

    def solve(self, *args, **kwargs):
        """:func:`knight.solve`, or :func:`knight.reference.solve` (the twins)."""
        if self.twin:
            from knight import reference

            return reference.solve(*args, **kwargs)
        return knight.solve(*args, **kwargs)

    def verify_board(self, board, closed=False):
        """True when ``board`` is a tour (``verify.pyx`` / ``verify_py``)."""
        if self.twin:
            from knight._core import verify_py

            return verify_py.verify_board(board, closed)
        from knight._core import verify

        where = np.zeros(2, dtype=np.int64)
        arr = np.ascontiguousarray(board, dtype=np.int32)
        return verify.verify_board(arr, bool(closed), where) == verify.OK

    def construct(self, rows, cols, start, closed):
        """The construction's tour (``construct.pyx`` / ``construct_py``)."""
        if self.twin:
            from knight import construct_py

            return construct_py.construct(rows, cols, start, closed)
        from knight import construct

        return construct.construct(rows, cols, start, closed)

    def between_into(self, board, rc, cc, s, t):
        """One try of ``construct_between`` at the cuts ``rc``, ``cc`` (int64):
        writes ``board``, True if it found a layout."""
        if self.twin:
            from knight._core import construct_between_py

            return construct_between_py.between_into(board, rc.tolist(), cc.tolist(), s, t)
        from knight import construct

        return construct._between_into(board, rc, cc, s, t)

    # -- neighbour tables: table_search, table_count, board_graph -------------------

    def graph_engine(self, board, trace=None):
        """The table searches on ``board`` with the engine interface of
        :class:`knight.search.GraphEngine` (``trace``: the twin only)."""
        if self.twin:
            from knight._core.table_search_py import GraphPythonEngine

            return GraphPythonEngine(board, trace=trace)
        from knight.search import GraphEngine

        assert trace is None, "the cores do not trace"
        return GraphEngine(board)

    def between(self, nbr, deg, start, end, max_nodes=0):
        """The search from ``start`` to ``end``: ``(status, steps, nodes, backtracks)``."""
        if self.twin:
            from knight._core import table_search_py

            return table_search_py.between(nbr, deg, start, end, max_nodes=max_nodes)
        from knight._core import table_search

        steps = np.empty(len(deg), dtype=np.int32)
        status, nodes, backs = table_search.between(steps, nbr, deg, start, end, max_nodes, 0.0)
        return status, steps, nodes, backs

    def path_search(self, nbr, deg, prefix, blocked=(), ends=(), connect_depth=-1, clues=None,
                    ordered=False):
        """A ``GraphPathSearch`` (``count``, ``collect``, ``found``, ``nodes``)."""
        if self.twin:
            from knight._core.table_count_py import GraphPathSearch

            return GraphPathSearch(nbr, deg, list(prefix), list(blocked), list(ends),
                                   connect_depth, None if clues is None else list(clues),
                                   ordered)
        from knight._core.table_count import GraphPathSearch

        i32 = functools.partial(np.asarray, dtype=np.int32)
        return GraphPathSearch(nbr, deg, i32(prefix), i32(blocked),
                               np.asarray(ends, dtype=np.uint8), connect_depth,
                               None if clues is None else i32(clues), ordered)

    def distances(self, nbr, deg, sources):
        """``(out, bipartite)``: the fewest moves from each source to each square,
        and whether each source's component is bipartite."""
        if self.twin:
            from knight._core import board_graph_py

            return board_graph_py.distances(nbr, deg, list(sources))
        from knight._core import board_graph

        out = np.empty((len(sources), len(deg)), np.int32)
        bip = np.empty(len(sources), np.uint8)
        board_graph.distances(nbr, deg, np.asarray(sources, dtype=np.int32), out, bip)
        return out, bip.astype(bool)

    # -- thin boards --------------------------------------------------------------

    def walk_states(self, auto, n, col, before, after, mask):
        """The edge masks of each column (``knight.thin_py.plan`` gives the start)."""
        from knight import thin, thin_py

        if self.twin:
            return thin_py.walk_states(auto, n, col, before, after, mask)
        from knight._core import thin as core

        masks = np.empty(n, dtype=np.int32)
        masks[col] = mask
        status = core.walk_states(
            auto.succ_ptr, auto.succ_dst, auto.succ_mask,
            auto.pred_ptr, auto.pred_src, auto.pred_mask,
            auto.reach, auto.reach_pre, auto.reach_per,
            auto.finish, auto.finish_pre, auto.finish_per,
            col, before, after, auto.accept, masks, thin._seen(auto, n),
        )
        assert status == core.OK
        # Above the edge bits the core keeps its states (and skips periodic
        # stretches of long boards): the moves are the low bits.
        return masks & ((1 << core.STATE_BITS) - 1)

    def fill_board(self, masks, h, r, j):
        """The ``h`` x ``len(masks)`` tour the masks describe, from ``(r, j)``."""
        from knight import thin, thin_py

        if self.twin:
            return thin_py.fill_board(masks, h, r, j)
        from knight._core import thin as core

        inc, count = thin._incidence(h)
        board = np.full((h, len(masks)), -1, dtype=np.int32)
        core.fill_board(np.ascontiguousarray(masks, dtype=np.int32), inc, count, r, j, False,
                        board)  # the squares numbered: the rest stay -1, as in the twin's
        return board

    # -- the frontier DP and the sampler's transitions -------------------------------

    def frontier_sweep(self, bd, steps=()):
        """``(count, sizes, tables)``: the sweep of ``bd`` (count modulo 2^64 for
        the core, folding off), its states per step and its tables at ``steps``."""
        if self.twin:
            from knight.counting.frontier_sweep_py import run_reference

            count, sizes, tables = run_reference(bd, bd.path_mode, record=True)
            return count, sizes, [tables[s] for s in steps]
        from knight.counting import frontier_run

        res, info = frontier_run._run_core(bd, [1 << 64], fold=False)
        tables = [frontier_run._run_core(bd, [1 << 64], dump_step=s, dump_size=16,
                                         fold=False)[2] for s in steps]
        return int(res[0]), info.sizes.tolist(), tables

    def frontier_count(self, bd):
        """The exact count of the prepared board ``bd`` (the core's by CRT)."""
        if bd.trivial is not None:
            return bd.trivial
        if self.twin:
            from knight.counting.frontier_sweep_py import run_reference

            return run_reference(bd, bd.path_mode)[0]
        from knight.counting import frontier_run

        return frontier_run._count(bd)

    def stepper(self, bd):
        """The transitions of ``bd`` one state at a time: ``choices(p, key)``
        lists ``(key after, back-edge slots)``, -1 for a completed tour, and
        ``successors(p, key)`` the keys alone (``sample.pyx``'s ``Stepper``, or
        ``frontier_sweep_py.step_choices``)."""
        if self.twin:
            return _TwinStepper(bd)
        from knight.counting import sample

        return sample._stepper(bd)


class _TwinStepper:
    """``Stepper``'s interface over the twin's ``step_choices``."""

    def __init__(self, bd):
        self.bd = bd

    def choices(self, p, key):
        from knight.counting.frontier_board import EMPTY
        from knight.counting.frontier_sweep_py import canon_key, decode, step_choices

        b = decode(key, 2 * self.bd.W + 1) + [EMPTY]
        return [(-1 if closed else canon_key(a), sub)
                for a, closed, sub in step_choices(b, p, self.bd, self.bd.path_mode)]

    def successors(self, p, key):
        return [k for k, _ in self.choices(p, key)]


CORE, TWIN = Impl("core"), Impl("twin")


@pytest.fixture(params=[CORE, TWIN], ids=repr, scope="session")
def impl(request):
    """The cores, then their pure-Python twins, behind one interface (:class:`Impl`)."""
    return request.param


def sheet_numbers(svg):
    """How many numbers a puzzle sheet's grid shows (its title and rule are
    text too, above the grid)."""
    return svg.split('class="board"', 1)[1].count("<text")


def table_dict(table):
    """A frontier table (keys' low and high words, residues) as a dict
    {(lo, hi): residues}, to compare two tables whatever their order."""
    lo, hi, val = table
    nw = len(val) // max(1, len(lo))
    return {(int(a), int(b)): tuple(int(v) for v in val[i * nw:(i + 1) * nw])
            for i, (a, b) in enumerate(zip(lo, hi))}


class TallyExecutor(concurrent.futures.Executor):
    """An executor that runs on ``inner`` and records the name of each
    function submitted to it (``submitted``): which jobs a count shipped."""

    def __init__(self, inner, submitted):
        self.inner = inner
        self.submitted = submitted

    def submit(self, fn, /, *args, **kwargs):
        self.submitted.append(fn.__name__)
        return self.inner.submit(fn, *args, **kwargs)

"""The C-level API (knight.capi): a Cython extension built against the installed
package cimports it, and its tours are real tours, the same as the Python API's.

The extension is compiled once per session in a temporary directory, the way
a user's setup.py would build it (``cythonize(..., include_path=[knight.get_include()])``),
so this also checks that the .pxd files ship with the installed package.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import threading
import time

import numpy as np
import pytest

import knight
import knight.capi

EXTENSION = textwrap.dedent(
    """
    # cython: language_level=3, boundscheck=False, wraparound=False
    from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
    from knight.capi cimport (
        KT_API_VERSION, KT_BAD_ARGUMENT, KT_CANCELLED, KT_FOUND, KT_INTERRUPTED, KT_OK,
        kt_api_version, kt_backtrack, kt_reraise, kt_stats, kt_verify, kt_warnsdorff,
        kt_warnsdorff_backtrack,
    )

    HEADER_VERSION = KT_API_VERSION

    def installed_version():
        return kt_api_version()

    cdef const int32_t* _order(const int32_t[::1] order):
        return NULL if order is None or order.shape[0] == 0 else &order[0]

    cdef const uint8_t* _flag(const uint8_t[::1] flag):
        return NULL if flag is None else &flag[0]

    def warnsdorff(int32_t[:, ::1] board, Py_ssize_t r, Py_ssize_t c, int tie,
                   uint64_t seed, bint closed, const int32_t[::1] order=None,
                   const uint8_t[::1] cancel=None):
        cdef kt_stats st
        cdef int status
        cdef const int32_t* o = _order(order)
        cdef const uint8_t* f = _flag(cancel)
        with nogil:
            status = kt_warnsdorff(board, r, c, o, tie, seed, closed, 0.0, f, &st)
        if status == KT_INTERRUPTED:
            kt_reraise()
        return status, st.nodes, st.backtracks, st.squares

    def search(int32_t[:, ::1] board, Py_ssize_t r, Py_ssize_t c, bint ordered, bint closed,
               int64_t max_nodes=0, double deadline=0.0, const int32_t[::1] order=None,
               const uint8_t[::1] cancel=None):
        cdef kt_stats st
        cdef int status
        cdef const int32_t* o = _order(order)
        cdef const uint8_t* f = _flag(cancel)
        with nogil:
            if ordered:
                status = kt_warnsdorff_backtrack(board, r, c, o, closed, max_nodes, deadline,
                                                 f, &st)
            else:
                status = kt_backtrack(board, r, c, o, closed, max_nodes, deadline, f, &st)
        if status == KT_INTERRUPTED:
            kt_reraise()
        return status, st.nodes, st.backtracks, st.squares

    def verify(const int32_t[:, ::1] board, bint closed):
        cdef Py_ssize_t where[2]
        cdef int status
        with nogil:
            status = kt_verify(board, closed, where)
        return status, (where[0], where[1])

    def null_stats(int32_t[:, ::1] board):
        # stats and where may be NULL.
        return (kt_warnsdorff(board, 0, 0, NULL, 0, 0, False, 0.0, NULL, NULL),
                kt_verify(board, False, NULL))

    from knight.capi cimport KT_BAD_DATA, KT_NO_TOUR, kt_construct_closed, kt_construct_open

    CONSTRUCT_CODES = (KT_NO_TOUR, KT_BAD_DATA)

    def construct(int32_t[:, ::1] board, Py_ssize_t r, Py_ssize_t c, bint closed,
                  const uint8_t[::1] cancel=None):
        cdef kt_stats st
        cdef int status
        cdef const uint8_t* f = _flag(cancel)
        with nogil:
            if closed:
                status = kt_construct_closed(board, r, c, f, &st)
            else:
                status = kt_construct_open(board, r, c, f, &st)
        if status == KT_INTERRUPTED:
            kt_reraise()
        return status, st.nodes, st.backtracks, st.squares
    """
)

SETUP = textwrap.dedent(
    """
    import knight
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    setup(
        name="capi_user",
        ext_modules=cythonize(
            [Extension("capi_user", ["capi_user.pyx"])],
            include_path=[knight.get_include()],
            quiet=True,
        ),
    )
    """
)

# Status codes and tie-breaks, as capi.pxd states them (the numbers are part
# of the API: they never change).
KT_FOUND, KT_EXHAUSTED, KT_NODE_LIMIT, KT_TIME_LIMIT, KT_DEAD_END, KT_NOT_CLOSED = range(6)
KT_OK = KT_FOUND
KT_CANCELLED, KT_INTERRUPTED, KT_BAD_ARGUMENT, KT_NO_MEMORY = range(6, 10)
KT_OUT_OF_RANGE, KT_REPEATED, KT_NOT_A_KNIGHT_MOVE = range(10, 13)
TIES = {"first": 0, "random": 1, "roth": 2, "pohl": 3}


def _compiler() -> str | None:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    return shutil.which(words[0]) if words else None


@pytest.fixture(scope="module")
def ext(tmp_path_factory):
    if sys.platform != "win32" and _compiler() is None:
        pytest.skip("no C compiler ($CC, or the one Python was built with): the C-level API "
                    "test needs one to build an extension against knight.capi")
    pytest.importorskip("Cython", reason="building against knight.capi needs Cython")
    where = tmp_path_factory.mktemp("capi")
    (where / "capi_user.pyx").write_text(EXTENSION)
    (where / "setup.py").write_text(SETUP)
    res = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"], cwd=where,
        capture_output=True, text=True, timeout=600,
    )
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    built = [p for p in where.iterdir() if p.name.startswith("capi_user.")
             and p.suffix in (".so", ".pyd")]
    assert built, list(where.iterdir())
    spec = importlib.util.spec_from_file_location("capi_user", built[0])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_versions_agree(ext):
    assert ext.HEADER_VERSION == ext.installed_version() == knight.capi.API_VERSION >= 1


def test_the_pxd_ships_where_get_include_says():
    root = knight.get_include()
    assert os.path.isfile(os.path.join(root, "knight", "capi.pxd"))
    assert os.path.isfile(os.path.join(root, "knight", "__init__.py"))


@pytest.mark.parametrize("tie", list(TIES))
def test_greedy_tours_are_tours_and_match_solve(ext, tie):
    seed = 12345 if tie == "random" else 0
    for rows, cols, start in [(8, 8, (0, 0)), (10, 12, (3, 4)), (1, 1, (0, 0))]:
        board = np.empty((rows, cols), dtype=np.int32)
        status, nodes, backtracks, squares = ext.warnsdorff(board, *start, TIES[tie], seed,
                                                            False)
        kwargs = {"seed": seed} if tie == "random" else {}
        try:
            tour = knight.solve(rows, cols, start=start, method="warnsdorff", tie_break=tie,
                                **kwargs)
        except knight.DeadEndError as exc:
            assert status == KT_DEAD_END
            assert np.array_equal(board, exc.board) and nodes == squares == exc.steps
            continue
        assert status == KT_FOUND and nodes == squares == rows * cols and backtracks == 0
        assert np.array_equal(board, tour.board)
        assert knight.verify(board) is not None


@pytest.mark.parametrize("ordered", [False, True])
def test_backtracking_tours_are_tours(ext, ordered):
    method = "warnsdorff-backtrack" if ordered else "backtrack"
    # Plain backtracking is exponential: small boards only.
    cases = ([(5, (0, 0), False), (6, (1, 5), True), (8, (0, 0), False)] if ordered
             else [(5, (0, 0), False), (5, (2, 2), False)])
    for n, start, closed in cases:
        board = np.empty((n, n), dtype=np.int32)
        status, nodes, backtracks, squares = ext.search(board, *start, ordered, closed)
        assert status == KT_FOUND and squares == n * n
        tour = knight.solve(n, start=start, closed=closed, method=method)
        assert np.array_equal(board, tour.board)
        assert (nodes, backtracks) == (tour.nodes, tour.backtracks)
        knight.verify(board, closed=closed)
        assert ext.verify(board, closed) == (KT_OK, start)


def test_move_order_and_limits(ext):
    order = [(1, 2), (2, 1), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]
    flat = np.array(order, dtype=np.int32).ravel()
    board = np.empty((6, 6), dtype=np.int32)
    assert ext.search(board, 0, 0, True, False, order=flat)[0] == KT_FOUND
    tour = knight.solve(6, method="warnsdorff-backtrack", order=order)
    assert np.array_equal(board, tour.board)
    # Exhausted, and the node limit, with the board left all -1.
    small = np.empty((5, 5), dtype=np.int32)
    status, nodes, _, squares = ext.search(small, 0, 1, False, False)  # the wrong colour
    assert status == KT_EXHAUSTED and squares == 0 and (small == -1).all()
    status, nodes, _, _ = ext.search(board, 1, 0, False, True, max_nodes=1000)
    assert status == KT_NODE_LIMIT and nodes == 1000 and (board == -1).all()
    status = ext.search(board, 1, 0, False, True, deadline=time.time() - 1)[0]
    assert status in (KT_FOUND, KT_TIME_LIMIT)


def test_bad_arguments_never_crash(ext):
    board = np.empty((8, 8), dtype=np.int32)
    for start in [(8, 0), (0, 8), (-1, 0), (0, -1)]:
        assert ext.warnsdorff(board, *start, 0, 0, False)[0] == KT_BAD_ARGUMENT
        assert ext.search(board, *start, True, False)[0] == KT_BAD_ARGUMENT
    assert ext.warnsdorff(board, 0, 0, 7, 0, False)[0] == KT_BAD_ARGUMENT
    assert ext.warnsdorff(board, 0, 0, -1, 0, False)[0] == KT_BAD_ARGUMENT
    twice = np.array([2, 1] * 8, dtype=np.int32)
    not_knight = np.array([2, 1, 1, 2, -1, 2, -2, 1, -2, -1, -1, -2, 1, -2, 2, 2],
                          dtype=np.int32)
    for bad in (twice, not_knight):
        assert ext.search(board, 0, 0, True, False, order=bad)[0] == KT_BAD_ARGUMENT
    empty = np.empty((0, 5), dtype=np.int32)
    assert ext.warnsdorff(empty, 0, 0, 0, 0, False) == (KT_BAD_ARGUMENT, 0, 0, 0)
    assert ext.search(empty, 0, 0, False, False)[0] == KT_BAD_ARGUMENT
    assert ext.verify(empty, False)[0] == KT_BAD_ARGUMENT
    assert ext.null_stats(np.empty((5, 5), dtype=np.int32)) == (KT_FOUND, KT_OK)


def test_verify_statuses(ext):
    good = knight.solve(6, closed=True).board.copy()
    assert ext.verify(good, True)[0] == KT_OK
    bad = good.copy()
    bad[0, 0] = 36
    assert ext.verify(bad, False) == (KT_OUT_OF_RANGE, (0, 0))
    repeated = good.copy()
    repeated[good == 0] = 1
    assert ext.verify(repeated, False)[0] in (KT_REPEATED, KT_NOT_A_KNIGHT_MOVE)
    swapped = good.copy()
    a, b = np.argwhere(good == 5)[0], np.argwhere(good == 20)[0]
    swapped[tuple(a)], swapped[tuple(b)] = 20, 5
    assert ext.verify(swapped, False)[0] == KT_NOT_A_KNIGHT_MOVE
    open_tour = knight.solve(5).board.copy()
    assert ext.verify(open_tour, True)[0] == KT_NOT_CLOSED


def test_a_thread_cancels_a_c_level_search(ext):
    token = knight.Cancel()
    board = np.empty((8, 8), dtype=np.int32)
    out = {}

    def work():
        out["result"] = ext.search(board, 0, 0, False, True, cancel=token.flag)
        out["at"] = time.perf_counter()

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.2)
    sent = time.perf_counter()
    token.set()
    thread.join(10)
    assert not thread.is_alive()
    assert out["result"][0] == KT_CANCELLED and (board == -1).all()
    assert out["at"] - sent < 1.0
    # A set flag stops at the first poll; a clear one lets the work finish.
    assert ext.warnsdorff(np.empty((200, 200), dtype=np.int32), 0, 0, 0, 0, False,
                          cancel=token.flag)[0] == KT_CANCELLED
    token.clear()
    assert ext.warnsdorff(board, 0, 0, 0, 0, False, cancel=token.flag)[0] == KT_FOUND


def test_construction_is_the_python_apis(ext):
    # kt_construct_* run the very core knight.solve(method="construct") runs:
    # the same boards, thin boards (a side of 3 or 4) included.
    assert ext.CONSTRUCT_CODES == (13, 14)
    for rows, cols, start, closed in [(100, 100, (33, 14), True), (9, 11, (4, 6), False),
                                      (12, 17, (5, 9), False), (3, 10, (0, 0), True),
                                      (1000, 4, (500, 0), False), (1, 1, (0, 0), False)]:
        board = np.full((rows, cols), -1, dtype=np.int32)
        assert ext.construct(board, *start, closed) == (KT_OK, 0, 0, rows * cols)
        knight.verify(board, closed=closed)
        tour = knight.solve(rows, cols, start=start, closed=closed, method="construct")
        assert np.array_equal(board, tour.board)
    # No tour: the board is left as it was.
    for rows, cols, start, closed in [(7, 7, (0, 0), True), (4, 10, (0, 0), True),
                                      (3, 8, (1, 2), False), (9, 7, (0, 1), False),
                                      (2, 8, (0, 0), False), (1, 1, (0, 0), True)]:
        board = np.full((rows, cols), -1, dtype=np.int32)
        assert ext.construct(board, *start, closed) == (13, 0, 0, 0)
        assert (board == -1).all()
    board = np.full((8, 8), -1, dtype=np.int32)
    for start in [(8, 0), (0, 8), (-1, 0), (0, -1)]:
        assert ext.construct(board, *start, True)[0] == KT_BAD_ARGUMENT
    assert ext.construct(np.empty((0, 5), dtype=np.int32), 0, 0, False)[0] == KT_BAD_ARGUMENT
    assert ext.construct(board, 0, 0, True, cancel=np.ones(1, dtype=np.uint8))[0] == KT_CANCELLED

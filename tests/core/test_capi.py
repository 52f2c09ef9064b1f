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

    # -- any board (API version 2) ----------------------------------------------
    from knight.capi cimport (
        KT_MAX_DEGREE, kt_board, kt_board_backtrack, kt_board_verify, kt_board_warnsdorff,
    )

    MAX_DEGREE = KT_MAX_DEGREE

    cdef kt_board _table(const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                         const int64_t[::1] roth, Py_ssize_t squares, Py_ssize_t width):
        # None gives a NULL pointer; squares and width may lie about the arrays
        # (the tests pass them consistent, or too large only with NULL arrays).
        cdef kt_board b
        b.squares = squares
        b.width = width
        b.neighbours = NULL if nbr is None else &nbr[0, 0]
        b.degree = NULL if deg is None else &deg[0]
        b.roth = NULL if roth is None else &roth[0]
        return b

    def board_warnsdorff(const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                         const int64_t[::1] roth, int32_t[::1] steps, Py_ssize_t start,
                         int tie, uint64_t seed, bint closed, Py_ssize_t squares=-1,
                         Py_ssize_t width=-1, const uint8_t[::1] cancel=None,
                         bint null_board=False):
        cdef kt_stats st
        cdef int status
        cdef kt_board b = _table(nbr, deg, roth,
                                 squares if squares >= 0 else steps.shape[0],
                                 width if width >= 0 else nbr.shape[1])
        cdef int32_t* out = NULL if steps is None else &steps[0]
        cdef const uint8_t* f = _flag(cancel)
        with nogil:
            status = kt_board_warnsdorff(NULL if null_board else &b, out, start, tie, seed,
                                         closed, 0.0, f, &st)
        if status == KT_INTERRUPTED:
            kt_reraise()
        return status, st.nodes, st.backtracks, st.squares

    def board_search(const int32_t[:, ::1] nbr, const uint8_t[::1] deg, int32_t[::1] steps,
                     Py_ssize_t start, bint ordered, bint closed, int64_t max_nodes=0,
                     double deadline=0.0, Py_ssize_t squares=-1, Py_ssize_t width=-1,
                     const uint8_t[::1] cancel=None):
        cdef kt_stats st
        cdef int status
        cdef kt_board b = _table(nbr, deg, None,
                                 squares if squares >= 0 else steps.shape[0],
                                 width if width >= 0 else nbr.shape[1])
        cdef int32_t* out = NULL if steps is None else &steps[0]
        cdef const uint8_t* f = _flag(cancel)
        with nogil:
            status = kt_board_backtrack(&b, out, start, ordered, closed, max_nodes, deadline,
                                        f, &st)
        if status == KT_INTERRUPTED:
            kt_reraise()
        return status, st.nodes, st.backtracks, st.squares

    def board_verify(const int32_t[:, ::1] nbr, const uint8_t[::1] deg,
                     const int32_t[::1] steps, bint closed):
        cdef Py_ssize_t where = -2
        cdef int status
        cdef kt_board b = _table(nbr, deg, None, deg.shape[0], nbr.shape[1])
        with nogil:
            status = kt_board_verify(&b, &steps[0], closed, &where)
        return status, where
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


# Building the extension takes seconds of compiling: the tests that use it are marked slow.
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


@pytest.mark.slow
def test_versions_agree(ext):
    assert ext.HEADER_VERSION == ext.installed_version() == knight.capi.API_VERSION >= 1


def test_the_pxd_ships_where_get_include_says():
    root = knight.get_include()
    assert os.path.isfile(os.path.join(root, "knight", "capi.pxd"))
    assert os.path.isfile(os.path.join(root, "knight", "__init__.py"))


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


# -- any board: kt_board and the kt_board_* functions (API version 2) ----------

Board = knight.Board
HOLED = Board(8, 8, holes=[(3, 3), (3, 4)])
ZEBRA = Board(10, 10, moves="zebra")
TORUS = Board(5, 5, wrap="torus")
BIG_TORUS = Board(8, 8, wrap="torus")
CYLINDER = Board(6, 6, wrap="cylinder")


def _steps_board(board: knight.Board, steps: np.ndarray) -> np.ndarray:
    """A kt_board result as knight.solve returns it: -1 on holes."""
    out = np.full(board.shape, -1, dtype=np.int32)
    out[board.mask] = steps
    return out


@pytest.mark.slow
def test_api_version_2_and_max_degree(ext):
    assert knight.capi.API_VERSION == ext.HEADER_VERSION == 2
    assert ext.MAX_DEGREE == knight.board.MAX_MOVES == 64


def test_board_tables_describe_the_board():
    nbr, deg, roth = knight.capi.board_tables(HOLED)
    assert nbr.dtype == np.int32 and nbr.flags.c_contiguous and nbr.shape == (62, 8)
    assert deg.dtype == np.uint8 and deg.shape == (62,)
    assert roth.dtype == np.int64 and roth.shape == (62,)
    assert np.array_equal(nbr, HOLED.neighbours()[:-1])
    assert np.array_equal(deg, HOLED.degrees())
    r, c = HOLED.squares[:, 0].astype(np.int64), HOLED.squares[:, 1].astype(np.int64)
    assert np.array_equal(roth, (2 * r - 7) ** 2 + (2 * c - 7) ** 2)
    order = HOLED.moves[::-1]
    turned, deg2, _ = knight.capi.board_tables(HOLED, order=[list(m) for m in order])
    assert np.array_equal(turned, HOLED.neighbours(order)[:-1]) and np.array_equal(deg2, deg)
    with pytest.raises(TypeError, match="knight.Board"):
        knight.capi.board_tables((8, 8))
    with pytest.raises(ValueError, match="moves, each once"):
        knight.capi.board_tables(HOLED, order=HOLED.moves[:7])


GREEDY_CASES = [(HOLED, (0, 0)), (ZEBRA, (0, 0)), (ZEBRA, (4, 5)), (TORUS, (2, 1)),
                (BIG_TORUS, (0, 0)), (Board(7, 7, holes=[(3, 3)]), (0, 0))]


@pytest.mark.slow
@pytest.mark.parametrize("tie", list(TIES))
def test_board_greedy_matches_solve(ext, tie):
    seed = 99 if tie == "random" else 0
    kwargs = {"seed": seed} if tie == "random" else {}
    for board, start in GREEDY_CASES:
        nbr, deg, roth = knight.capi.board_tables(board)
        s = int(board.index[start])
        for closed in (False, True):
            steps = np.full(board.size, 77, dtype=np.int32)
            status, nodes, backtracks, squares = ext.board_warnsdorff(
                nbr, deg, roth, steps, s, TIES[tie], seed, closed)
            try:
                tour = knight.solve(board, start=start, closed=closed, method="warnsdorff",
                                    tie_break=tie, **kwargs)
            except knight.DeadEndError as exc:
                assert status in (KT_DEAD_END, KT_NOT_CLOSED), (board, start, closed)
                assert (status == KT_NOT_CLOSED) == (exc.steps == board.size)
                assert np.array_equal(_steps_board(board, steps), exc.board)
                assert nodes == squares == exc.steps and backtracks == 0
                continue
            assert status == KT_FOUND and nodes == squares == board.size
            assert np.array_equal(_steps_board(board, steps), tour.board)
            assert ext.board_verify(nbr, deg, steps, closed) == (KT_OK, s)


SEARCH_CASES = [  # (board, start, ordered, closed): each finds a tour in few nodes
    (HOLED, (0, 0), True, False), (HOLED, (0, 0), True, True),
    (Board(7, 7, holes=[(3, 3)]), (0, 0), True, True), (ZEBRA, (0, 0), True, False),
    (TORUS, (2, 1), True, True), (TORUS, (2, 1), False, True),
    (BIG_TORUS, (0, 0), True, True), (BIG_TORUS, (0, 0), False, False),
    (CYLINDER, (0, 0), False, True), (CYLINDER, (0, 0), True, True),
]


@pytest.mark.slow
@pytest.mark.parametrize("case", SEARCH_CASES, ids=lambda c: f"{c[0].describe()}-{c[2]}-{c[3]}")
def test_board_backtracking_matches_solve(ext, case):
    board, start, ordered, closed = case
    method = "warnsdorff-backtrack" if ordered else "backtrack"
    nbr, deg, _ = knight.capi.board_tables(board)
    steps = np.full(board.size, 77, dtype=np.int32)
    status, nodes, backtracks, squares = ext.board_search(nbr, deg, steps,
                                                          int(board.index[start]), ordered,
                                                          closed)
    tour = knight.solve(board, start=start, closed=closed, method=method)
    assert status == KT_FOUND and squares == board.size
    assert (nodes, backtracks) == (tour.nodes, tour.backtracks)
    assert np.array_equal(_steps_board(board, steps), tour.board)
    knight.verify(_steps_board(board, steps), board=board, closed=closed)


@pytest.mark.slow
def test_board_move_order_is_the_table_order(ext):
    # The table lists moves in the order they are tried: board_tables(order=)
    # gives solve(order=)'s decisions.
    order = BIG_TORUS.moves[::-1]
    nbr, deg, _ = knight.capi.board_tables(BIG_TORUS, order=order)
    steps = np.empty(BIG_TORUS.size, dtype=np.int32)
    status, nodes, backtracks, _ = ext.board_search(nbr, deg, steps, 9, True, True)
    tour = knight.solve(BIG_TORUS, start=(1, 1), closed=True, method="warnsdorff-backtrack",
                        order=order)
    assert status == KT_FOUND and (nodes, backtracks) == (tour.nodes, tour.backtracks)
    assert np.array_equal(_steps_board(BIG_TORUS, steps), tour.board)
    default = np.empty_like(steps)
    ext.board_search(*knight.capi.board_tables(BIG_TORUS)[:2], default, 9, True, True)
    assert not np.array_equal(default, steps)


@pytest.mark.slow
def test_board_search_limits_and_exhaustion(ext):
    # 3x3: the centre has no knight move, so no tour: exhausted, steps all -1.
    small = Board(3, 3)
    nbr, deg, _ = knight.capi.board_tables(small)
    steps = np.full(9, 77, dtype=np.int32)
    for ordered in (False, True):
        status, _, _, squares = ext.board_search(nbr, deg, steps, 0, ordered, False)
        assert status == KT_EXHAUSTED and squares == 0 and (steps == -1).all()
    nbr, deg, _ = knight.capi.board_tables(HOLED)
    steps = np.full(HOLED.size, 77, dtype=np.int32)
    status, nodes, _, _ = ext.board_search(nbr, deg, steps, 0, False, True, max_nodes=1000)
    assert status == KT_NODE_LIMIT and nodes == 1000 and (steps == -1).all()
    # The deadline is read at the first poll (KT_POLL_INTERVAL nodes).
    status, nodes, _, _ = ext.board_search(nbr, deg, steps, 0, False, True,
                                           deadline=time.time() - 1)
    assert status == KT_TIME_LIMIT and nodes == 16384 and (steps == -1).all()


@pytest.mark.slow
def test_board_cancel_flag_is_honoured(ext):
    token = knight.Cancel()
    token.set()
    nbr, deg, roth = knight.capi.board_tables(HOLED)
    steps = np.full(HOLED.size, 77, dtype=np.int32)
    status, nodes, _, _ = ext.board_search(nbr, deg, steps, 0, False, True,
                                           cancel=token.flag)
    assert status == KT_CANCELLED and nodes == 16384 and (steps == -1).all()
    big = Board(200, 200, wrap="torus")
    nbr, deg, roth = knight.capi.board_tables(big)
    steps = np.empty(big.size, dtype=np.int32)
    status, nodes, _, _ = ext.board_warnsdorff(nbr, deg, roth, steps, 0, 0, 0, False,
                                               cancel=token.flag)
    assert status == KT_CANCELLED and nodes == 16384
    assert np.count_nonzero(steps >= 0) == 16384
    token.clear()
    status, nodes, _, _ = ext.board_warnsdorff(nbr, deg, roth, steps, 0, 0, 0, False,
                                               cancel=token.flag)
    assert status == KT_FOUND and nodes == big.size


@pytest.mark.slow
def test_board_verify_statuses(ext):
    nbr, deg, _ = knight.capi.board_tables(TORUS)
    tour = knight.solve(TORUS, start=(2, 1), closed=True, method="warnsdorff-backtrack")
    steps = tour.board[TORUS.mask].astype(np.int32)
    assert ext.board_verify(nbr, deg, steps, True) == (KT_OK, 11)
    bad = steps.copy()
    bad[4] = 25
    assert ext.board_verify(nbr, deg, bad, False) == (KT_OUT_OF_RANGE, 4)
    bad = steps.copy()
    bad[bad == 0] = 1
    assert ext.board_verify(nbr, deg, bad, False) == (KT_REPEATED, -1)
    # Swap two steps that are not neighbours: the square before one breaks.
    a, b = int(np.flatnonzero(steps == 5)[0]), int(np.flatnonzero(steps == 20)[0])
    assert not TORUS.adjacent(tuple(TORUS.squares[a]), tuple(TORUS.squares[b]))
    bad = steps.copy()
    bad[a], bad[b] = 20, 5
    status, where = ext.board_verify(nbr, deg, bad, False)
    assert status == KT_NOT_A_KNIGHT_MOVE and bad[where] in (4, 5, 19, 20)
    with pytest.raises(knight.InvalidTourError):
        knight.verify(_steps_board(TORUS, bad), board=TORUS)
    nbr, deg, _ = knight.capi.board_tables(ZEBRA)
    open_tour = knight.solve(ZEBRA, method="warnsdorff").board.ravel().astype(np.int32)
    last = int(np.flatnonzero(open_tour == 99)[0])
    assert ext.board_verify(nbr, deg, open_tour, False) == (KT_OK, 0)
    assert ext.board_verify(nbr, deg, open_tour, True) == (KT_NOT_CLOSED, last)


def _bad(ext, nbr, deg, roth, n, start=0, tie=0, **kw):
    """Every kt_board_* function on one bad argument: KT_BAD_ARGUMENT, nothing written."""
    steps = np.full(n, 77, dtype=np.int32)
    got = [ext.board_warnsdorff(nbr, deg, roth, steps, start, tie, 0, False, **kw)]
    if tie == 0 and "null_board" not in kw:
        for ordered in (False, True):
            got.append(ext.board_search(nbr, deg, steps, start, ordered, False, **kw))
    assert got == [(KT_BAD_ARGUMENT, 0, 0, 0)] * len(got)
    assert (steps == 77).all()


@pytest.mark.slow
def test_board_bad_arguments_never_crash(ext):
    nbr, deg, roth = knight.capi.board_tables(HOLED)
    n = HOLED.size
    _bad(ext, nbr, deg, roth, n, null_board=True)
    _bad(ext, None, deg, roth, n, width=8)
    _bad(ext, nbr, None, roth, n)
    _bad(ext, nbr, deg, None, n, tie=TIES["roth"])   # Roth's key needed, NULL given
    for start in (-1, n):
        _bad(ext, nbr, deg, roth, n, start=start)
    for tie in (-1, 4):
        _bad(ext, nbr, deg, roth, n, tie=tie)
    for width in (0, 65):
        _bad(ext, nbr, deg, roth, n, width=width)
    # squares 0, and past KT_MAX_SQUARES: rejected before the arrays are read.
    _bad(ext, nbr, deg, roth, n, squares=0)
    _bad(ext, nbr, deg, roth, n, squares=2146435072)
    assert ext.board_warnsdorff(nbr, deg, roth, None, 0, 0, 0, False,
                                squares=n) == (KT_BAD_ARGUMENT, 0, 0, 0)
    # The table itself: a degree past the width, a neighbour off the board or
    # the square itself, a square listed more often than its degree.
    for p, value in [(5, -1), (5, n), (5, 5)]:
        table = nbr.copy()
        table[p, 0] = value
        _bad(ext, table, deg, roth, n)
        assert ext.board_verify(table, deg, np.arange(n, dtype=np.int32), False) \
            == (KT_BAD_ARGUMENT, -1)
    wide = deg.copy()
    wide[0] = 9
    _bad(ext, nbr, wide, roth, n)
    one_way = nbr.copy()  # square 0 lists square 1, which does not list it back
    one_way[0, deg[0]] = 1
    one_more = deg.copy()
    one_more[0] += 1
    assert not HOLED.adjacent((0, 0), (0, 1))
    _bad(ext, one_way, one_more, roth, n)
    # Padding beyond degree[p] is never read: any value there is fine.
    padded = nbr.copy()
    for p in range(n):
        padded[p, deg[p]:] = -12345
    steps = np.empty(n, dtype=np.int32)
    assert ext.board_search(padded, deg, steps, 0, True, False)[0] == KT_FOUND
    assert ext.board_verify(padded, deg, steps, False) == (KT_OK, 0)


@pytest.mark.slow
def test_board_one_square(ext):
    nbr = np.full((1, 8), 1, dtype=np.int32)
    deg = np.zeros(1, dtype=np.uint8)
    steps = np.full(1, 77, dtype=np.int32)
    assert ext.board_search(nbr, deg, steps, 0, True, False) == (KT_FOUND, 1, 0, 1)
    assert steps.tolist() == [0] and ext.board_verify(nbr, deg, steps, False) == (KT_OK, 0)
    assert ext.board_search(nbr, deg, steps, 0, True, True)[0] == KT_EXHAUSTED
    assert ext.board_warnsdorff(nbr, deg, None, steps, 0, 0, 0, True)[0] == KT_NOT_CLOSED
    assert ext.board_verify(nbr, deg, steps, True) == (KT_NOT_CLOSED, 0)

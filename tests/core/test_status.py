"""One status for every core (issue 25): status.pxd's codes, knight.Status and
knight.capi's KT_* codes are the same numbers, and every core reports them."""

import re
from pathlib import Path

import pytest

import knight
from knight import Status
from knight import search as search_engine
from knight._core import (
    construct,
    count,
    frontier_join,
    frontier_sweep,
    search,
    search_py,
    table_count,
    table_count_py,
    verify,
)

HERE = Path(knight.__file__).parent


def _enum(path: Path, prefix: str) -> dict[str, int]:
    text = path.read_text(encoding="utf-8")
    return {m.group(1): int(m.group(2))
            for m in re.finditer(rf"^\s*{prefix}(\w+)\s*=\s*(\d+)", text, re.M)}


def test_the_c_api_codes_are_the_status():
    codes = _enum(HERE / "capi.pxd", "KT_")
    statuses = {name: code for name, code in codes.items()
                if name not in ("API_VERSION", "POLL_INTERVAL", "MAX_SQUARES", "MAX_DEGREE")
                and not name.startswith("TIE_")}
    assert len(statuses) >= 15
    for name, code in statuses.items():
        assert Status[name] == code, name


def test_the_cores_enum_is_the_status():
    codes = _enum(HERE / "_core" / "status.pxd", "C_")
    assert set(codes.values()) == {int(s) for s in Status}
    for name, code in codes.items():
        assert Status[name if name != "DONE" else "OK"] == code, name


@pytest.mark.parametrize("module, names", [
    (search, ("FOUND", "EXHAUSTED", "NODE_LIMIT", "TIME_LIMIT", "DEAD_END", "NOT_CLOSED",
              "CANCELLED")),
    (search_engine, ("FOUND", "EXHAUSTED", "NODE_LIMIT", "TIME_LIMIT", "DEAD_END",
                     "NOT_CLOSED", "CANCELLED")),
    (search_py, ("FOUND", "EXHAUSTED", "NODE_LIMIT", "TIME_LIMIT", "DEAD_END", "NOT_CLOSED",
             "CANCELLED")),
    (count, ("MORE", "TIME_LIMIT", "NODE_LIMIT", "CANCELLED")),
    (table_count, ("MORE", "TIME_LIMIT", "NODE_LIMIT", "CANCELLED")),
    (construct, ("OK", "CANCELLED", "INTERRUPTED", "BAD_ARGUMENT", "NO_MEMORY", "NO_TOUR",
                 "BAD_DATA")),
    (verify, ("OK", "OUT_OF_RANGE", "REPEATED", "NOT_CLOSED")),
])
def test_every_core_reports_the_status(module, names):
    for name in names:
        assert getattr(module, name) == Status[name], (module.__name__, name)


def test_the_aliases_and_the_frontier_dp():
    assert count.DONE == table_count.DONE == table_count_py.DONE == Status.OK
    assert table_count_py.MORE == Status.MORE
    assert table_count_py.COUNT_CANCELLED == search_py.CANCELLED == Status.CANCELLED
    assert verify.BROKEN == Status.NOT_A_KNIGHT_MOVE
    for core in (frontier_sweep, frontier_join):
        assert (core.ST_OK, core.ST_TIMEOUT, core.ST_NOMEM) == (
            Status.OK, Status.TIME_LIMIT, Status.NO_MEMORY)
    assert (frontier_sweep.ST_CANCELLED, frontier_sweep.ST_DUMP_SMALL) == (
        Status.CANCELLED, Status.BUFFER_SMALL)


def test_a_cancelled_run_is_one_status_whatever_the_core():
    # The example: a cancelled run was 1, 2, 4 or 6 depending on the core.
    cancelled = {search.CANCELLED, count.CANCELLED, table_count.CANCELLED,
                 construct.CANCELLED, frontier_sweep.ST_CANCELLED, search_py.CANCELLED,
                 table_count_py.COUNT_CANCELLED}
    assert cancelled == {Status.CANCELLED} == {6}

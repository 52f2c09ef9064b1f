"""A count in pieces whose tables live on disk and whose progress is
recorded as it goes, so that it runs over many sessions and resumes where
any kill stopped it: 8x8 open (issue 28) takes hours on two cores, longer
than a session.  ``benchmarks/count_in_sessions.py`` is its command line.

The layout is the one a split count falls back to when side 0's table
does not fit whole (:func:`layout`, :func:`.frontier_pieces.least_memory_spec`):
every row of the cut column fixed, side 1 held.  :func:`count_on_disk`

* sweeps the two stems once and keeps them in files, read back as memory
  maps (8x8 open: side 1's stem 197 million states, ~8 minutes, 21.8 GiB
  at its peak);
* runs a piece at a time in a process group of its own: its held tables
  swept in ``procs`` shares side by side and kept in files, then its
  streamed patterns cut in ranges, one process a range, reading the held
  tables as memory maps; a process that ends while another still has
  patterns left takes the second half of what that one has left (the
  patterns' costs vary a thousandfold);
* records, every ``every`` seconds and when a range ends, each range's
  residues and the last pattern it joined in ``pieces.json``, written
  atomically and sealed with a sha256 of its content, so a run killed at
  any moment loses at most ``every`` seconds a range;
* refuses a record written for another board or layout, by another
  format, or damaged (:class:`~knight.errors.CheckpointError`).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import hashlib
import json
import multiprocessing as mp
import os
import queue
import resource
import shutil
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import (
    BoardTooLargeError,
    CheckpointError,
    SearchCancelled,
    SearchLimitError,
    WorkerLostError,
)
from .checkpoint import core_digest
from .frontier_board import counted_in_halves
from .frontier_estimate import estimate
from .frontier_jobs import _plan_jobs
from .frontier_pieces import (
    PieceSpec,
    combine_pieces,
    held_arrays,
    held_job,
    least_memory_spec,
    stems,
    stream_joins,
    streamed_patterns,
    tree_key,
)

__all__ = ["FORMAT", "count_on_disk", "goes_on_disk", "layout", "load_state", "save_state",
           "spec_digest", "status"]

#: The format of ``pieces.json``; a record of another format is refused.
FORMAT = 1

#: The state file in the count's directory.
STATE = "pieces.json"

Log = Callable[[str], object]

#: The count in pieces on disk on two processes against the in-memory DP's
#: time model (:data:`knight.counting.cost.DP_PER_STATE`, whose figure for
#: 8x8 open is 5,550 s on two processes): what :func:`knight.estimate`
#: scales for any board that goes on disk.  From the one board it ran on,
#: 8x8 open on two cores and 24 GiB (issue 28), a lower bound while that
#: count is not finished (:data:`DISK_MEASURED`, ``DISK_FINISHED``).
DISK_FACTOR = 4.6
#: That count's figure, in the words :func:`knight.estimate` quotes.
DISK_MEASURED = "8x8 open: over 7.1 hours of two cores so far, not finished"
DISK_FINISHED = False


def layout(rows: int, cols: int, path_mode: bool) -> PieceSpec:
    """The pieces a split count of the whole ``rows`` x ``cols`` board falls
    back to when side 0's table does not fit whole (the cut and moduli of
    its plan for two jobs)."""
    jobs = _plan_jobs(rows, cols, "path" if path_mode else "cycle", 2, pinned=(), removed=(),
                      cut=None, max_bytes=None, moves=None)
    return least_memory_spec(rows, cols, path_mode, jobs[0].cut, jobs[0].moduli)


def goes_on_disk(rows: int, cols: int, path_mode: bool, ends: bool, max_bytes: int) -> bool:
    """Whether a count of the whole ``rows`` x ``cols`` knight board given a
    checkpoint directory goes on in pieces on disk: no end fixed
    (``ends``), counted in halves, and the halves whole estimated past
    ``max_bytes``.

    >>> goes_on_disk(8, 8, True, False, 20 * 2**30), goes_on_disk(8, 8, False, False, 20 * 2**30)
    (True, False)
    """
    if ends or not counted_in_halves(rows, cols):
        return False
    return estimate(rows, cols, "path" if path_mode else "cycle")[1] > max_bytes


def spec_digest(spec: PieceSpec) -> str:
    """What the pieces are (board, cut, moduli, classes, pieces): a record
    of one layout's residues means nothing for another."""
    return hashlib.sha256(repr(spec).encode()).hexdigest()


def _seal(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def load_state(path: Path, board: str, spec: PieceSpec) -> dict[str, Any]:
    """The state in ``path`` (a fresh one when there is none); a
    CheckpointError naming the file when it is damaged or was written for
    another board, layout or format."""
    if not path.exists():
        return {"format": FORMAT, "board": board, "spec": spec_digest(spec),
                "words": [str(w) for w in spec.words], "pieces": len(spec.pieces),
                "records": {}}
    try:
        doc = json.loads(path.read_text())
        body, seal = doc["body"], doc["sha256"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CheckpointError(f"{path}: not the record of a count in pieces ({e})") from None
    if _seal(body) != seal:
        raise CheckpointError(f"{path}: damaged (its sha256 does not match its content)")
    if body.get("format") != FORMAT:
        raise CheckpointError(f"{path}: format {body.get('format')}, this build reads {FORMAT}")
    if body.get("board") != board or body.get("spec") != spec_digest(spec):
        raise CheckpointError(f"{path}: written for {body.get('board')} with another layout "
                              f"of pieces, not for {board} as this build lays it out")
    return dict(body)


def save_state(path: Path, body: dict[str, Any]) -> None:
    """Write atomically: a kill leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w") as f:
        json.dump({"body": body, "sha256": _seal(body)}, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def get_stems(spec: PieceSpec, where: Path, max_bytes: int, log: Log) -> tuple[Any, Any]:
    """Both stems, from ``where`` when this layout's are there, else swept
    (and saved there for the next run)."""
    tag = spec_digest(spec)[:16]
    meta = where / f"{tag}.json"
    if meta.exists():
        info = json.loads(meta.read_text())
        out = []
        for side in (0, 1):
            at, n = info[str(side)]
            # memory maps: pages of the page cache that the workers share
            # and the kernel can drop (side 1's stem is read once a tree)
            out.append((at, tuple(np.load(where / f"{tag}-{side}-{k}.npy", mmap_mode="r")
                                  for k in range(n))))
        log(f"stems read from {where}")
        return out[0], out[1]
    t0 = time.perf_counter()
    s0, s1 = stems(spec, max_bytes=max_bytes)
    log(f"stems swept: side 0 {len(s0[1][0]):,} states at cell {s0[0]}, side 1 "
        f"{len(s1[1][0]):,} at cell {s1[0]}, {time.perf_counter() - t0:.0f} s, peak RSS "
        f"{_rss_gib():.1f} GiB")
    where.mkdir(parents=True, exist_ok=True)
    for side, (_at, table) in enumerate((s0, s1)):
        for k, a in enumerate(table):
            np.save(where / f"{tag}-{side}-{k}.npy", a)
    meta.write_text(json.dumps({"0": [s0[0], len(s0[1])], "1": [s1[0], len(s1[1])]}))
    del s0, s1
    return get_stems(spec, where, max_bytes, log)  # as memory maps


def _rss_gib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def _fresh(spec: PieceSpec) -> dict[str, Any]:
    return {"after": None, "upto": None, "residues": ["0"] * len(spec.words), "done": False}


def plan_streams(spec: PieceSpec, index: int, rec: dict[str, Any], n: int
                 ) -> list[tuple[int, ...]]:
    """Cut what is left of piece ``index``'s streamed patterns in ``n``
    ranges (``rec["streams"]``, each (after, upto], done up to its
    ``after``): the unfinished range with most left is halved, its second
    half a new range, until n have more than a little left.  Ranges only ever split, so
    the residues recorded stay each range's own.  Returns the streamed
    patterns in order (seconds to list on 8x8: listed once a run)."""
    order = [tuple(int(c) for c in d) for d in streamed_patterns(spec, spec.pieces[index])]
    at = {d: k for k, d in enumerate(order)}
    streams = rec.setdefault("streams", [_fresh(spec)])

    def left(st: dict[str, Any]) -> tuple[int, int]:
        lo = -1 if st["after"] is None else at[tuple(st["after"])]
        hi = len(order) - 1 if st["upto"] is None else at[tuple(st["upto"])]
        return lo, hi

    for st in streams:
        lo, hi = left(st)
        if hi <= lo:
            st["done"] = True
    def busy() -> int:
        # a range with little left (an eighth of a process's share) ends
        # soon and leaves its process idle: it does not count
        sizes = [left(st)[1] - left(st)[0] for st in streams if not st["done"]]
        return sum(z * 4 * n >= sum(sizes) for z in sizes)

    while busy() < n:
        open_ = [st for st in streams if not st["done"]]
        if not open_:
            break
        st = max(open_, key=lambda t: left(t)[1] - left(t)[0])
        lo, hi = left(st)
        if hi - lo < 2:
            break
        mid = order[(lo + hi) // 2]
        streams.append({**_fresh(spec), "after": list(mid), "upto": st["upto"]})
        st["upto"] = list(mid)
    return order


class _Split(Exception):
    """A range's process reached the end its piece cut it back to."""


def _stream(spec: PieceSpec, index: int, sid: int, st: dict[str, Any], held: Any, s0: Any,
            s1: Any, out: Any, every: float, max_bytes: int, ctl: Any = None,
            at: dict[tuple[int, ...], int] | None = None) -> None:
    """One range of a piece's streamed patterns (``st``), in this process.
    ``ctl`` (shared with the piece, under its lock): the index of the last
    pattern joined, which this process writes, and of the range's last
    pattern, which the piece lowers to hand the rest to another process;
    ``at``: each pattern's index."""
    t0 = time.perf_counter()
    last = [t0]
    steps = [0]

    def step(d: tuple[int, ...], r: tuple[int, ...]) -> None:
        steps[0] += 1
        now = time.perf_counter()
        stop = False
        if ctl is not None and at is not None:
            with ctl.get_lock():
                ctl[0] = at[d]
                stop = at[d] >= ctl[1]
        if stop:
            # the range ends here: this pattern is its last (the piece
            # lowers the end only past the pattern being joined)
            out.put(("sdone", index, sid, list(d), [str(x) for x in r], now - t0, steps[0],
                     _rss_gib(), None, None))
            raise _Split
        if now - last[0] >= every:
            last[0] = now
            out.put(("step", index, sid, list(d), [str(x) for x in r], now - t0, steps[0],
                     _rss_gib()))

    mine = spec.pieces[index]
    try:
        res, states, tjoin = stream_joins(
            spec, mine, held, s0, s1, max_bytes=max_bytes,
            after=None if st["after"] is None else tuple(st["after"]),
            upto=None if st["upto"] is None else tuple(st["upto"]),
            residues=[int(x) for x in st["residues"]], step=step)
    except _Split:
        return
    out.put(("sdone", index, sid, None, [str(x) for x in res], time.perf_counter() - t0,
             steps[0], _rss_gib(), states, tjoin))


def _held_share(spec: PieceSpec, index: int, share: list[tuple[int, ...]], s0: Any, s1: Any,
                where: Path, j: int, max_bytes: int) -> None:
    """Share ``j`` of piece ``index``'s held tables, swept here and written
    to ``where`` a table at a time (so only the tree is in memory), then
    a marker naming the tables, which makes the share done."""
    t0 = time.perf_counter()
    names, states = [], 0
    tree = where / f"tree{j}"  # the tree's inner tables: 7.4 GB in memory
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir()
    for d, arrays, n in held_arrays(spec, spec.pieces[index], s0, s1, patterns=share,
                                    max_bytes=max_bytes, spill_to=tree):
        states += n
        if arrays is None:
            continue
        name = "".join(map(str, d))
        for k, a in enumerate(arrays):
            np.save(where / f"{name}-{k}.tmp.npy", a)
            os.replace(where / f"{name}-{k}.tmp.npy", where / f"{name}-{k}.npy")
        names.append(name)
        del arrays
    (where / f"share{j}.json").write_text(json.dumps(
        {"tables": names, "states": states, "seconds": time.perf_counter() - t0,
         "peak_rss_gib": _rss_gib()}))


def _piece(spec: PieceSpec, index: int, streams: list[dict[str, Any]],
           order: list[tuple[int, ...]], s0: Any, s1: Any, out: Any, every: float,
           max_bytes: int, held_dir: Path, procs: int) -> None:
    """A piece in a process group of its own: its held tables swept in
    ``procs`` shares side by side and kept in files (shares a killed run
    finished are read, not swept again), then one process a range of the
    streamed patterns, each reading the held tables as memory maps (the
    page cache holds them once for all)."""
    os.setpgrp()  # the parent stops the piece and its processes at once
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        # short of memory, the kernel kills this (the piece resumes from
        # its last record), not the parent that writes the records
        Path("/proc/self/oom_score_adj").write_text("1000")
    except OSError:
        pass
    t0 = time.perf_counter()
    ctx = mp.get_context("fork")
    where = held_dir
    where.mkdir(parents=True, exist_ok=True)
    key = tree_key(spec, spec.parts(), spec.held)
    pats = sorted((d for i in spec.pieces[index] for d in spec.classes[i]), key=key)
    shares = [pats[len(pats) * j // procs:len(pats) * (j + 1) // procs] for j in range(procs)]
    kids = [ctx.Process(target=_held_share, args=(spec, index, sh, s0, s1, where, j,
                                                  max_bytes // procs))
            for j, sh in enumerate(shares) if not (where / f"share{j}.json").exists()]
    for p in kids:
        p.start()
    for p in kids:
        p.join()
        if p.exitcode != 0:
            out.put(("toolarge", index, f"a share of the held tables failed ({p.exitcode})"))
            return
    held, nheld, peak = {}, 0, 0.0
    for j in range(procs):
        info = json.loads((where / f"share{j}.json").read_text())
        nheld += info["states"]
        peak = max(peak, info["peak_rss_gib"])
        for name in info["tables"]:
            d = tuple(int(c) for c in name)
            held[d] = held_job(spec, [np.load(where / f"{name}-{k}.npy", mmap_mode="r")
                                      for k in range(4)])
    out.put(("held", index, nheld, time.perf_counter() - t0, peak))
    _stream_ranges(spec, index, streams, order, held, s0, s1, out, every, max_bytes, procs)


def _stream_ranges(spec: PieceSpec, index: int, streams: list[dict[str, Any]],
                   order: list[tuple[int, ...]], held: Any, s0: Any, s1: Any, out: Any,
                   every: float, max_bytes: int, procs: int) -> None:
    """The ranges of a piece's streamed patterns left, ``procs`` processes
    at a time; when one is idle and none is left to start, the range with
    most patterns left is cut in two at the middle of what is left and the
    second half given to a new process.  The costs of the patterns vary a
    thousandfold (the tables near "degree 1 at every cell" take minutes
    each), so ranges of equal numbers of patterns ended half an hour
    apart, one core idle meanwhile.  Every message of the ranges' processes
    passes through here, after the split that made their range, so the
    record of the ranges is always one the next run can resume."""
    ctx = mp.get_context("fork")
    inner = ctx.Queue()
    at = {d: k for k, d in enumerate(order)}
    pending = [k for k, st in enumerate(streams) if not st["done"]]
    running: dict[int, tuple[Any, Any]] = {}

    def start(sid: int) -> None:
        st = streams[sid]
        lo = -1 if st["after"] is None else at[tuple(st["after"])]
        hi = len(order) - 1 if st["upto"] is None else at[tuple(st["upto"])]
        ctl = ctx.Array("q", [lo, hi])
        p = ctx.Process(target=_stream, args=(spec, index, sid, st, held, s0, s1, inner,
                                              every, max_bytes, ctl, at))
        p.start()
        running[sid] = (p, ctl)

    def split() -> None:
        def left(sid: int) -> int:
            ctl = running[sid][1]
            with ctl.get_lock():
                return int(ctl[1] - ctl[0])

        if not running:
            return
        sid = max(running, key=left)
        ctl = running[sid][1]
        with ctl.get_lock():
            cur, hi = int(ctl[0]), int(ctl[1])
            if hi - cur < 2:
                return  # the pattern under way is the last but one at most
            mid = (cur + hi) // 2  # after the one under way (cur + 1), before hi
            ctl[1] = mid
        new = {**_fresh(spec), "after": list(order[mid]), "upto": streams[sid]["upto"]}
        streams[sid]["upto"] = list(order[mid])
        streams.append(new)
        out.put(("split", index, sid, list(order[mid]), new, len(streams) - 1))
        start(len(streams) - 1)

    while pending or running:
        while pending and len(running) < procs:
            start(pending.pop(0))
        if len(running) < procs:
            split()
        try:
            msg = inner.get(timeout=2)
        except queue.Empty:
            msg = None
        if msg is not None:
            out.put(msg)
            if msg[0] == "sdone":
                running.pop(msg[2])[0].join()
        for p, _ in list(running.values()):
            if p.exitcode not in (None, 0):
                sys.exit(3)  # the parent resumes every range from its last record


def status(body: dict[str, Any]) -> str:
    recs = body["records"]
    done = [i for i, r in recs.items() if r.get("done")]
    part = [i for i, r in recs.items() if not r.get("done")]
    secs = sum(run["seconds"] for r in recs.values() for run in r.get("runs", []))
    return (f"{body['board']}: {len(done)} of {body['pieces']} pieces done "
            f"({', '.join(sorted(done, key=int)) or 'none'}), "
            f"{len(part)} under way ({', '.join(sorted(part, key=int)) or 'none'}); "
            f"{secs / 3600:.2f} hours of pieces so far (wall clock, every run)")


def _upgrade(rec: dict[str, Any]) -> None:
    """A record of one range (the first runs' layout) as ranges."""
    if "streams" not in rec and "residues" in rec:
        rec["streams"] = [{"after": rec.pop("after", None), "upto": None,
                           "residues": rec.pop("residues"), "done": rec.get("done", False)}]
        rec.pop("steps_total", None)
        rec.pop("steps_before", None)


def _fresh_context(fn: Callable[..., object], close: Sequence[int], *args: Any) -> None:
    """``fn(*args)`` in a forked process, out of the caller's context: the
    limits of a ``knight.count`` call's planning (a context variable) stay
    with the parent, which stops the piece at the deadline itself.  The
    descriptors ``close`` are closed first: the checkpoint directory's lock
    (a flock, which a fork shares) would otherwise outlive the parent's
    count in a process still being killed, and refuse the next call."""
    for fd in close:
        with contextlib.suppress(OSError):
            os.close(fd)
    contextvars.Context().run(fn, *args)


def held_dir(spec: PieceSpec, index: int, root: Path, procs: int) -> Path:
    """Where piece ``index`` keeps its held tables until it is done."""
    return root / f"{spec_digest(spec)[:16]}-piece{index}-{procs}"


def run_one(spec: PieceSpec, index: int, body: dict[str, Any], path: Path, s0: Any, s1: Any,
            *, procs: int, every: float, max_bytes: int, held_root: Path, until: float,
            cancel: Any, log: Log, run_info: dict[str, Any], close: Sequence[int] = ()
            ) -> bool:
    """Piece ``index`` until it is done (True).  SearchLimitError past
    ``until``, SearchCancelled when ``cancel`` (a uint8 flag) is set,
    BoardTooLargeError when the piece does not fit ``max_bytes``,
    WorkerLostError when its process dies (killed for memory), and
    KeyboardInterrupt passed on: the record is saved whatever stops it,
    and the piece's processes are killed."""
    recs = body["records"]
    rec = recs.setdefault(str(index), {"runs": []})
    _upgrade(rec)
    order = plan_streams(spec, index, rec, procs)
    save_state(path, body)
    streams = rec["streams"]
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    proc = ctx.Process(target=_fresh_context,
                       args=(_piece, close, spec, index, streams, order, s0, s1, out, every,
                             max_bytes, held_dir(spec, index, held_root, procs), procs))
    began = time.perf_counter()
    run: dict[str, Any] = {"date": datetime.datetime.now().isoformat(timespec="seconds"),
                           **run_info, "core": core_digest()[:16],
                           "ranges": sum(not st["done"] for st in streams), "seconds": 0.0}
    rec["runs"].append(run)
    proc.start()
    log(f"[{datetime.datetime.now():%H:%M}] piece {index}: {len(spec.pieces[index])} "
        f"classes held, {run['ranges']} ranges of the streamed patterns left")
    finished = False
    try:
        while True:
            if until and time.time() > until:
                log("time is up: stopping the piece")
                raise SearchLimitError(f"the count in pieces passed its deadline (its record "
                                       f"is in {path}: the same call resumes it)", 0,
                                       time.perf_counter() - began)
            if cancel is not None and cancel[0]:
                raise SearchCancelled("the count in pieces was cancelled", 0,
                                      time.perf_counter() - began)
            try:
                msg = out.get(timeout=2)
            except queue.Empty:
                if not proc.is_alive():
                    raise WorkerLostError(
                        f"piece {index}'s process ended (exit code {proc.exitcode}; killed "
                        f"for memory?): its record in {path} stands, the same call resumes it"
                    ) from None
                continue
            kind = msg[0]
            run["seconds"] = round(time.perf_counter() - began, 1)
            if kind == "toolarge":
                raise BoardTooLargeError(f"piece {index} of the count in pieces does not fit "
                                         f"in {max_bytes / 2**30:.2f} GiB: {msg[2]}")
            if kind == "held":
                run.update(held_states=msg[2], held_seconds=round(msg[3], 1),
                           held_rss_gib=round(msg[4], 2))
                save_state(path, body)
                log(f"[{datetime.datetime.now():%H:%M}] piece {index}: held tables "
                    f"{msg[2]:,} states in {msg[3]:.0f} s, peak RSS {msg[4]:.1f} GiB")
                continue
            if kind == "split":
                sid, mid, new, nsid = msg[2:6]
                assert nsid == len(streams), (nsid, len(streams))
                streams[sid]["upto"] = mid
                streams.append(new)
                save_state(path, body)
                log(f"[{datetime.datetime.now():%H:%M}] piece {index} range {sid}: cut, the "
                    f"rest is range {nsid}")
                continue
            sid, after, res, secs, steps, rss = msg[2:8]
            st = streams[sid]
            if (kind == "sdone" and after is not None and st["upto"] is not None
                    and after != st["upto"]):
                # a range cut back stopped past its new end: what it joined
                # beyond is the next range's, so none of it is recorded
                raise RuntimeError(f"piece {index} range {sid} ran past its end "
                                   f"({after} after {st['upto']}); its last record stands")
            st["residues"] = res
            if kind == "sdone":
                st["done"] = True
                st["after"] = st["upto"] if st["upto"] is not None else after
                if msg[8] is not None:
                    st.update(states=msg[8], join_seconds=round(msg[9], 1))
            else:
                st["after"] = after
            st["seconds"] = round(secs, 1)
            run["peak_rss_gib"] = max(run.get("peak_rss_gib", 0.0), round(rss, 2))
            if all(x["done"] for x in streams):
                rec["done"] = True
                for d in held_root.glob(f"{spec_digest(spec)[:16]}-piece{index}-*"):
                    shutil.rmtree(d, ignore_errors=True)
                words = spec.words
                rec["residues"] = [str(sum(int(x["residues"][j]) for x in streams)
                                       % (1 << 64 if j == 0 else words[j]))
                                   for j in range(len(words))]
                finished = True
            save_state(path, body)
            log(f"[{datetime.datetime.now():%H:%M}] piece {index} range {sid}: "
                f"{'done' if kind == 'sdone' else 'recorded'} ({steps} tables, "
                f"{secs:.0f} s, peak RSS {rss:.1f} GiB)")
            if finished:
                break
    finally:
        if proc.is_alive() and proc.pid is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.join()
        run["seconds"] = round(time.perf_counter() - began, 1)
        save_state(path, body)
    return finished


def count_on_disk(spec: PieceSpec, board: str, directory: Path, *, procs: int = 2,
                  every: float = 120.0, max_bytes: int, deadline: float = 0.0,
                  cancel: Any = None, stems_dir: Path | None = None,
                  held_root: Path | None = None, only: set[int] | None = None,
                  log: Log = lambda line: None,
                  run_info: dict[str, Any] | None = None,
                  close: Sequence[int] = (),
                  progress: Callable[[int, int], object] | None = None) -> int | None:
    """Run the pieces of ``spec`` (laid out for ``board``, a name such as
    "8x8o" that the record keeps) not yet done, on ``procs`` processes,
    recording them in ``directory/pieces.json``.  Returns the pieces'
    residues combined (:func:`.frontier_pieces.combine_pieces`: each
    undirected path once, for a count of paths) once every piece is done;
    None when ``only`` (piece indices) left some out.  ``deadline`` (a
    ``time.time()`` value, as everywhere in the package; 0 for none) stops
    it with SearchLimitError, ``cancel`` (a uint8 flag) with SearchCancelled, Ctrl-C with
    KeyboardInterrupt, the record saved each time: the same call resumes
    it.  ``stems_dir`` and ``held_root`` (where the stems and a piece's
    held tables are kept) default to subdirectories of ``directory``;
    ``log`` takes a line at each step; ``run_info`` goes into each run's
    record; ``close``: descriptors the pieces' processes close (the
    checkpoint's lock); ``progress``: called with the pieces done and the
    pieces in all, at the start and as each piece ends.

    >>> import tempfile
    >>> from pathlib import Path
    >>> spec = layout(4, 6, True)
    >>> where = Path(tempfile.mkdtemp())
    >>> count_on_disk(spec, "4x6o", where, procs=1, max_bytes=2**28)  # undirected
    744
    >>> count_on_disk(spec, "4x6o", where, procs=1, max_bytes=2**28)  # read back
    744
    """
    path = directory / STATE
    body = load_state(path, board, spec)
    recs: dict[str, Any] = body["records"]
    todo = [i for i in range(len(spec.pieces)) if not recs.get(str(i), {}).get("done")]
    if only is not None:
        todo = [i for i in todo if i in only]
    # pieces under way first: what they did is only worth something once done
    todo.sort(key=lambda i: (str(i) not in recs, i))

    def report() -> None:
        if progress is not None:
            progress(sum(bool(r.get("done")) for r in recs.values()), len(spec.pieces))
    report()
    if todo:
        s0, s1 = get_stems(spec, stems_dir or directory / "stems", max_bytes, log)
        log(f"{len(todo)} pieces to run, {procs} processes each; state in {path}")
        for i in todo:
            run_one(spec, i, body, path, s0, s1, procs=procs, every=every,
                    max_bytes=max_bytes, held_root=held_root or directory / "held",
                    until=deadline, cancel=cancel, log=log, run_info=run_info or {},
                    close=close)
            report()
    log(status(body))
    if not all(recs.get(str(i), {}).get("done") for i in range(len(spec.pieces))):
        return None  # only some pieces were asked for
    shares = [[int(x) for x in recs[str(i)]["residues"]] for i in range(len(spec.pieces))]
    return combine_pieces(spec, shares)



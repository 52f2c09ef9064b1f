"""A meet-in-the-middle count in pieces that runs over many sessions: the
8x8 board's open tours (issue 28), 19,591,828,170,979,904 directed.

On 24 GiB the halves of 8x8 open do not fit whole (side 0's final table
holds ~8e8 states), so the count runs in pieces
(``knight.counting.frontier_pieces``, the layout ``count_split`` falls
back to: every row of the cut column fixed, side 1 held, 6 pieces).  A
piece takes half an hour to an hour on two cores, the whole count a few
hours, longer than a session, so this script

* sweeps the two stems once (side 1's: 197 million states, ~8 minutes,
  21.8 GiB at its peak) and keeps them in ``--stems`` for the next run on
  the same machine, read back as memory maps;
* runs a piece at a time in a process group of its own: its held tables
  swept in ``--streams`` shares side by side (``held_arrays``; the trees'
  inner tables and the held tables kept in files under ``--held``), then
  its streamed patterns cut in as many ranges, each on a process that
  reads the held tables as memory maps (``stream_joins``); a process
  that ends while another still has patterns left takes the second half
  of what is left (the patterns' costs vary a thousandfold);
* records, every ``--every`` seconds and when a range ends, each range's
  residues and the last streamed table it joined in ``STATE/pieces.json``,
  written atomically and sealed with a sha256 of its content, so a run
  killed at any moment loses at most ``--every`` seconds a range, and the
  next run (another session, another machine) resumes every range where
  it stopped (``after=``, ``residues=``); the ranges left are halved until
  each process has one;
* refuses a state file written for another board or layout, by another
  format, or damaged, naming the file;
* prints the count when every piece is done, checked against the known
  value (``knight.count`` on small boards).

The state of the 8x8 open count is committed in
``benchmarks/checkpoints/8x8o/pieces.json``: each session runs ::

    python benchmarks/count_in_sessions.py --hours 2.5
    git add benchmarks/checkpoints/8x8o/pieces.json && git commit

and ``--status`` says where it stands.  ``--board 6x7o --state /tmp/s``
runs a small board the same way in seconds (a check of the machinery).
On a machine with ~128 GB the halves would fit whole (side 0's table as
the join takes it, ~60 GB), but ``knight.count(8)`` refuses before any
work there too: its estimate for 8x8 open (1.5e9 states, 268 GiB) is a
bound, not a measurement.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import multiprocessing as mp
import os
import queue
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from knight.counting.checkpoint import core_digest
from knight.counting.frontier_jobs import _plan_jobs
from knight.counting.frontier_pieces import (
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

FORMAT = 1
#: from the issue: directed open tours (OEIS A165134) and closed tours
#: (McKay 1997); smaller boards are checked against ``knight.count``
KNOWN = {"8x8o": 19_591_828_170_979_904, "8x8c": 13_267_364_410_532}
ROOT = Path(__file__).resolve().parent


def parse_board(text: str) -> tuple[int, int, bool]:
    """``8x8o`` -> (8, 8, open)."""
    if len(text) < 4 or text[-1] not in "oc" or "x" not in text:
        raise SystemExit(f"--board: ROWSxCOLS then o (open) or c (closed), got {text!r}")
    r, c = (int(x) for x in text[:-1].split("x"))
    return r, c, text[-1] == "o"


def make_layout(board: str) -> PieceSpec:
    """The pieces ``count_split`` falls back to for this board."""
    r, c, path = parse_board(board)
    mode = "path" if path else "cycle"
    jobs = _plan_jobs(r, c, mode, 2, pinned=(), removed=(), cut=None, max_bytes=None,
                      moves=None)
    return least_memory_spec(r, c, path, jobs[0].cut, jobs[0].moduli)


def spec_digest(spec: PieceSpec) -> str:
    """What the pieces are (board, cut, moduli, classes, pieces): a record
    of one layout's residues means nothing for another."""
    return hashlib.sha256(repr(spec).encode()).hexdigest()


def _seal(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def load_state(path: Path, board: str, spec: PieceSpec) -> dict[str, Any]:
    """The state in ``path`` (a fresh one when there is none), refused when
    it is damaged or was written for another board, layout or format."""
    if not path.exists():
        return {"format": FORMAT, "board": board, "spec": spec_digest(spec),
                "words": [str(w) for w in spec.words], "pieces": len(spec.pieces),
                "records": {}}
    try:
        doc = json.loads(path.read_text())
        body, seal = doc["body"], doc["sha256"]
    except (ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a state file of this script ({e})") from None
    if _seal(body) != seal:
        raise SystemExit(f"{path}: damaged (its sha256 does not match its content)")
    if body.get("format") != FORMAT:
        raise SystemExit(f"{path}: format {body.get('format')}, this script reads {FORMAT}")
    if body.get("board") != board or body.get("spec") != spec_digest(spec):
        raise SystemExit(f"{path}: written for {body.get('board')} with another layout of "
                         f"pieces, not for {board} as this script lays it out")
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


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def get_stems(spec: PieceSpec, where: Path, max_bytes: int) -> tuple[Any, Any]:
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
        print(f"stems read from {where}", flush=True)
        return out[0], out[1]
    t0 = time.perf_counter()
    s0, s1 = stems(spec, max_bytes=max_bytes)
    print(f"stems swept: side 0 {len(s0[1][0]):,} states at cell {s0[0]}, side 1 "
          f"{len(s1[1][0]):,} at cell {s1[0]}, {time.perf_counter() - t0:.0f} s, peak RSS "
          f"{_rss_gib():.1f} GiB", flush=True)
    where.mkdir(parents=True, exist_ok=True)
    for side, (_at, table) in enumerate((s0, s1)):
        for k, a in enumerate(table):
            np.save(where / f"{tag}-{side}-{k}.npy", a)
    meta.write_text(json.dumps({"0": [s0[0], len(s0[1])], "1": [s1[0], len(s1[1])]}))
    del s0, s1
    return get_stems(spec, where, max_bytes)  # as memory maps


def _rss_gib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def _fresh(spec: PieceSpec) -> dict[str, Any]:
    return {"after": None, "upto": None, "residues": ["0"] * len(spec.words), "done": False}


def plan_streams(spec: PieceSpec, index: int, rec: dict[str, Any], n: int) -> None:
    """Cut what is left of piece ``index``'s streamed patterns in ``n``
    ranges (``rec["streams"]``, each (after, upto], done up to its
    ``after``): the unfinished range with most left is halved, its second
    half a new range, until n have more than a little left.  Ranges only ever split, so
    the residues recorded stay each range's own."""
    order = [tuple(d) for d in streamed_patterns(spec, spec.pieces[index])]
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
            return
        st = max(open_, key=lambda t: left(t)[1] - left(t)[0])
        lo, hi = left(st)
        if hi - lo < 2:
            return
        mid = order[(lo + hi) // 2]
        streams.append({**_fresh(spec), "after": list(mid), "upto": st["upto"]})
        st["upto"] = list(mid)


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


def _piece(spec: PieceSpec, index: int, streams: list[dict[str, Any]], s0: Any, s1: Any,
           out: Any, every: float, max_bytes: int, held_dir: Path, procs: int) -> None:
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
    _stream_ranges(spec, index, streams, held, s0, s1, out, every, max_bytes, procs)


def _stream_ranges(spec: PieceSpec, index: int, streams: list[dict[str, Any]], held: Any,
                   s0: Any, s1: Any, out: Any, every: float, max_bytes: int,
                   procs: int) -> None:
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
    order = streamed_patterns(spec, spec.pieces[index])
    at = {tuple(d): k for k, d in enumerate(order)}
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


def held_dir(spec: PieceSpec, index: int, args: argparse.Namespace) -> Path:
    """Where piece ``index`` keeps its held tables until it is done."""
    root = args.held or Path("/tmp/knight-held")
    return root / f"{spec_digest(spec)[:16]}-piece{index}-{args.streams}"


def run_one(spec: PieceSpec, index: int, body: dict[str, Any], path: Path, s0: Any, s1: Any,
            args: argparse.Namespace, until: float) -> bool:
    """Piece ``index`` until it is done (True) or time is up (False)."""
    recs = body["records"]
    rec = recs.setdefault(str(index), {"runs": []})
    _upgrade(rec)
    plan_streams(spec, index, rec, args.streams)
    save_state(path, body)
    streams = rec["streams"]
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    proc = ctx.Process(target=_piece, args=(spec, index, streams, s0, s1, out, args.every,
                                            int(args.max_gib * 2**30),
                                            held_dir(spec, index, args), args.streams))
    began = time.perf_counter()
    run: dict[str, Any] = {"date": datetime.datetime.now().isoformat(timespec="seconds"),
                           "commit": _commit(), "core": core_digest()[:16],
                           "ranges": sum(not st["done"] for st in streams), "seconds": 0.0}
    rec["runs"].append(run)
    proc.start()
    print(f"[{datetime.datetime.now():%H:%M}] piece {index}: {len(spec.pieces[index])} "
          f"classes held, {run['ranges']} ranges of the streamed patterns left", flush=True)
    finished = False
    try:
        while True:
            if until and time.perf_counter() > until:
                print("time is up: stopping the piece", flush=True)
                break
            try:
                msg = out.get(timeout=5)
            except queue.Empty:
                if not proc.is_alive():
                    print(f"the piece's process ended (exit code {proc.exitcode}; killed "
                          "for memory?): it resumes from its last record", flush=True)
                    break
                continue
            kind = msg[0]
            run["seconds"] = round(time.perf_counter() - began, 1)
            if kind == "toolarge":
                print(f"piece {index} does not fit: {msg[2]}", flush=True)
                break
            if kind == "held":
                run.update(held_states=msg[2], held_seconds=round(msg[3], 1),
                           held_rss_gib=round(msg[4], 2))
                save_state(path, body)
                print(f"[{datetime.datetime.now():%H:%M}] piece {index}: held tables "
                      f"{msg[2]:,} states in {msg[3]:.0f} s, peak RSS {msg[4]:.1f} GiB",
                      flush=True)
                continue
            if kind == "split":
                sid, mid, new, nsid = msg[2:6]
                assert nsid == len(streams), (nsid, len(streams))
                streams[sid]["upto"] = mid
                streams.append(new)
                save_state(path, body)
                print(f"[{datetime.datetime.now():%H:%M}] piece {index} range {sid}: cut, the "
                      f"rest is range {nsid}", flush=True)
                continue
            sid, after, res, secs, steps, rss = msg[2:8]
            st = streams[sid]
            st["residues"] = res
            if kind == "sdone":
                st["done"] = True
                if after is not None and st["upto"] is not None:  # its last pattern
                    assert after == st["upto"], (after, st["upto"])
                st["after"] = st["upto"] if st["upto"] is not None else after
                if msg[8] is not None:
                    st.update(states=msg[8], join_seconds=round(msg[9], 1))
            else:
                st["after"] = after
            st["seconds"] = round(secs, 1)
            run["peak_rss_gib"] = max(run.get("peak_rss_gib", 0.0), round(rss, 2))
            if all(x["done"] for x in streams):
                rec["done"] = True
                for d in held_dir(spec, index, args).parent.glob(
                        f"{spec_digest(spec)[:16]}-piece{index}-*"):
                    shutil.rmtree(d, ignore_errors=True)
                words = spec.words
                rec["residues"] = [str(sum(int(x["residues"][j]) for x in streams)
                                       % (1 << 64 if j == 0 else words[j]))
                                   for j in range(len(words))]
                finished = True
            save_state(path, body)
            print(f"[{datetime.datetime.now():%H:%M}] piece {index} range {sid}: "
                  f"{'done' if kind == 'sdone' else 'recorded'} ({steps} tables, "
                  f"{secs:.0f} s, peak RSS {rss:.1f} GiB)", flush=True)
            if finished:
                break
    except KeyboardInterrupt:
        print("interrupted: stopping the piece", flush=True)
        until = -1.0
    finally:
        if proc.is_alive():
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.join()
        run["seconds"] = round(time.perf_counter() - began, 1)
        save_state(path, body)
    return finished and until >= 0


def _stop_on_term(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="8x8o", help="ROWSxCOLS then o (open) or c (closed)")
    ap.add_argument("--state", type=Path, help="default benchmarks/checkpoints/BOARD")
    ap.add_argument("--stems", type=Path, help="default /tmp/knight-stems")
    ap.add_argument("--streams", type=int, default=2,
                    help="processes a piece's streamed patterns are shared out to")
    ap.add_argument("--held", type=Path, help="default /tmp/knight-held: a piece's held "
                    "tables, kept until it is done (a run killed on the same machine reads "
                    "them again)")
    ap.add_argument("--hours", type=float, default=0.0, help="stop after so long (0: never)")
    ap.add_argument("--every", type=float, default=120.0, help="seconds between records")
    ap.add_argument("--max-gib", type=float, default=20.0, help="a piece's tables at most")
    ap.add_argument("--pieces", help="only these pieces (comma-separated)")
    ap.add_argument("--status", action="store_true", help="say where the count stands")
    args = ap.parse_args()
    # kill (SIGTERM) and Ctrl-C stop the run as cleanly, the pieces' records
    # saved; a run started in the background (nohup ... &) has Ctrl-C's
    # signal ignored, which this undoes
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop_on_term)
    spec = make_layout(args.board)
    path = (args.state or ROOT / "checkpoints" / args.board) / "pieces.json"
    body = load_state(path, args.board, spec)
    if args.status:
        print(status(body))
        return
    recs: dict[str, Any] = body["records"]
    todo = [i for i in range(len(spec.pieces)) if not recs.get(str(i), {}).get("done")]
    if args.pieces:
        want = {int(x) for x in args.pieces.split(",")}
        todo = [i for i in todo if i in want]
    # pieces under way first: what they did is only worth something once done
    todo.sort(key=lambda i: (str(i) not in recs, i))
    until = time.perf_counter() + args.hours * 3600 if args.hours else 0.0
    if todo:
        s0, s1 = get_stems(spec, args.stems or Path("/tmp/knight-stems"),
                           int(args.max_gib * 2**30))
        print(f"{len(todo)} pieces to run, {args.streams} processes each; state in {path}",
              flush=True)
        for i in todo:
            if not run_one(spec, i, body, path, s0, s1, args, until):
                break
    print(status(body), flush=True)
    if all(recs.get(str(i), {}).get("done") for i in range(len(spec.pieces))):
        shares = [[int(x) for x in recs[str(i)]["residues"]] for i in range(len(spec.pieces))]
        count = combine_pieces(spec, shares)
        r, c, path_mode = parse_board(args.board)
        if path_mode and r * c > 1:
            count *= 2  # every undirected path, both ways
        known = KNOWN.get(args.board)
        if known is None and r * c <= 48:
            import knight
            known = knight.count(r, c, closed=not path_mode)
        print(f"{args.board}: {count:,} {'directed open' if path_mode else 'closed'} tours"
              + ("" if known is None else f" (known {known:,}: "
                 f"{'agrees' if count == known else 'DISAGREES'})"), flush=True)
        if known is not None and count != known:
            sys.exit(1)


if __name__ == "__main__":
    main()

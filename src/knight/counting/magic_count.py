"""The engine ``magic-search`` for :func:`knight.count`: magic tours counted in ranges.

The enumeration is cut into independent ranges, one per first move (the
squares numbered 1 and 2 fixed as clues), and of those only one per orbit
of the board's symmetries that keep the clues runs, weighted by the
orbit's size (:func:`knight.engines.magic.range_plan` proves it exact:
on 8x8 without clues 42 ranges of weight 8 stand for all 336).  The
ranges run

* in this process, one after the other (``limit=`` stops at the range
  that reaches it; ``timeout=`` and ``cancel=`` reach into the core);
* on ``workers=N`` local processes or any ``executor`` (a process or
  thread pool, a Dask client's ``get_executor()``), through
  :func:`.executor.run_jobs`: a job lost with its worker runs once more,
  then :class:`knight.WorkerLostError`, as the frontier DP's shards do.

With ``checkpoint=DIR`` each finished range is recorded as it comes
back, once ``checkpoint_every`` seconds have passed since the last write
(:meth:`.checkpoint.Checkpoint.record_ranges`), and whatever finished is
written when the count stops (a timeout, a cancel, an error): a count run
again with the same arguments and directory skips the ranges recorded and
gives the same answer.  With ``up_to_symmetry=True`` every range lists its
tours and keeps those that stand for their class
(:func:`knight.engines.magic.is_canonical`); the count is how many it kept.
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any

import numpy as np

from ..engines import magic
from ..errors import CheckpointError, SearchLimitError
from ..limits import cancelled, progress_bar, watched
from ..planner import Job
from .checkpoint import Checkpoint
from .executor import LocalPool, run_jobs

__all__ = ["run_count"]


class _Enough(Exception):
    """The count reached its ``limit``: the ranges still running are not needed."""


def run_count(job: Job) -> int:
    """The engine ``magic-search`` for :func:`knight.count`: every magic
    numbered tour (or class, with ``up_to_symmetry``), range by range."""
    o = job.options
    info = o["info"]
    why = magic.reason(job)
    if why is not None:
        info["method"], info["detail"] = "theory", f"no magic tour: {why}"
        return 0
    ck: Checkpoint | None = o["checkpoint"]
    until, most, classes = o["until"], o["most"], bool(o.get("up_to_symmetry"))
    executor, workers = o["executor"], o["workers"]
    magic.check_reach(job, until > 0 or most is not None or ck is not None
                      or executor is not None)
    plan = magic.range_plan(job, classes)
    rows, cols = job.board.shape
    n = rows * cols
    key = {"magic-ranges": plan.key()}
    info["method"] = "magic-search"
    info["detail"] = (f"the magic search in {len(plan.clues)} ranges (first moves) standing for "
                      f"{plan.total} by the board's symmetries"
                      + (", each tour counted iff it is its class's least" if classes else ""))
    if ck is not None:
        answer = ck.answer(key)
        if answer is not None:
            return answer
    records: dict[int, dict[str, Any]] = {}
    kept = np.zeros((0, n), np.int16)
    owner = np.zeros(0, np.int32)
    if ck is not None:
        records, kept, owner = ck.done_ranges(key)
        kept = kept.reshape(-1, n)
    diagonal = o["magic"] == "diagonal"
    twin = bool(job.option("twin"))
    what = f"count of the magic tours of the {job.board.describe()}"
    state = {"nodes": sum(int(r["nodes"]) for r in records.values()), "unsaved": 0,
             "late": 0, "apart": 0}
    bar = progress_bar(len(plan.clues), f"{rows}x{cols} magic", "range") if o["progress"] \
        else None
    if bar is not None:
        bar.update(len(records))
        if ck is not None:
            ck.notify = lambda line: bar.write(line, file=sys.stderr)

    def total() -> int:
        if classes:
            return sum(int(r["kept"]) for r in records.values())
        return sum(int(r["found"]) * int(r["weight"]) for r in records.values())

    def save(force: bool) -> None:
        if ck is not None and state["unsaved"] and ck.record_ranges(
                key, len(plan.clues), records, kept, owner, force):
            state["unsaved"] = 0

    def stop() -> None:
        seconds = time.perf_counter() - job.began
        raise SearchLimitError(
            f"{what} stopped by the timeout after {seconds:.3f} s ({state['nodes']:,} "
            f"nodes; {len(records)} of {len(plan.clues)} ranges done, {total():,} "
            "tours so far)", state["nodes"], seconds)

    def take(got: magic.RangeResult) -> None:
        nonlocal kept, owner
        state["nodes"] += got.nodes
        if got.status == job_core.CANCELLED:
            raise cancelled(what, job.began, state["nodes"])
        if got.status not in (job_core.DONE, job_core.MORE):
            if state["apart"]:
                # on workers: the others stop at the same deadline; wait for
                # them (a pool killed with jobs still queued trips over its
                # cancelled futures), then say so
                state["late"] += 1
                return
            stop()
        if got.status == job_core.MORE:  # the limit, reached in this range
            raise _Enough
        i = got.range_index
        records[i] = {"index": i, "weight": plan.weights[i], "found": got.found,
                      "kept": int(got.tours.shape[0]), "nodes": got.nodes,
                      "seconds": round(got.seconds, 6)}
        if got.tours.shape[0]:
            kept = np.concatenate([kept, got.tours.reshape(-1, n)])
            owner = np.concatenate([owner, np.full(got.tours.shape[0], i, np.int32)])
        state["unsaved"] += 1
        if bar is not None:
            bar.update(1)
        save(False)
        if most is not None and total() >= most:
            raise _Enough

    job_core = magic._core(twin)
    left = [i for i in range(len(plan.clues)) if i not in records]
    try:
        with watched(o["token"]) as flag:
            if executor is None and workers <= 1:
                for i in left:
                    limit = 0
                    if most is not None:  # the tours still wanted, in this range's weight
                        w = plan.weights[i]
                        limit = -(-(most - total()) // w)
                    take(magic.run_range(rows, cols, job.closed, diagonal, plan.clues[i], until,
                                         i, plan.classes, limit, flag, twin))
            else:
                args = [(rows, cols, job.closed, diagonal, plan.clues[i], until, i,
                         plan.classes, 0, None, twin) for i in left]
                state["apart"] = 1
                with LocalPool(workers) as local:
                    run_jobs(magic.run_range, args, workers=workers, executor=executor,
                             deadline=until, began=job.began, on_result=take, cancel=flag,
                             local=local, what=what, tally=lambda: int(state["nodes"]))
                if state["late"]:
                    stop()
    except _Enough:
        save(True)
        return int(most)
    except BaseException as exc:
        # what finished is kept, however the count stops (a write that
        # fails now does not hide why it stopped)
        with contextlib.suppress(CheckpointError):
            if not isinstance(exc, CheckpointError):
                save(True)
        raise
    finally:
        info["nodes"] = state["nodes"]
        if bar is not None:
            bar.close()
    found = total()
    info["ranges"] = len(plan.clues)
    if classes:
        info["tours"] = sum(int(r["found"]) * int(r["weight"]) for r in records.values())
    if ck is not None:
        order = np.argsort(owner, kind="stable")
        ck.record_answer(key, found, (kept[order], owner[order]),
                         {"ranges": [records[k] for k in sorted(records)]})
    return found if most is None else min(found, most)

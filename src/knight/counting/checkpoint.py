"""Checkpoints of the frontier DP: a long count that is killed resumes
where it was.

``knight.count(..., checkpoint=DIR)`` opens a :class:`Checkpoint` on the
directory (:func:`open_checkpoint`, from the count's argument check: the
directory is made and written to once, and every file already there is
read and verified, before any work).  The DP then runs each of its sweeps
through :meth:`Checkpoint.sweep`: in segments that end at column
boundaries (the safe points: :func:`knight._core.frontier_sweep.run`
stops there and resumes from the table it dumped; see the end of this
docstring for cells), writing the table to
``DIR`` after a segment once ``every`` seconds have passed since the last
write.  A sweep's final table (a half of a meet-in-the-middle count, or
the prefix the halves share) is written when it is done, and the answer
when the count is, after which the tables are deleted; a later call with
the same arguments reads the answer.

One file a stage (``sweep``, ``shared``, ``half0``, ``stem`` (side 1's
table where its last column starts, when the shared prefix does not end
there), ``shards`` (the sum of the shards of that column joined so far,
see :mod:`.frontier_shards`), ``pieces`` (the sum of the pieces done, when side
0's table does not fit whole, see :mod:`.frontier_pieces`), ``answer``, with
the suffix :data:`SUFFIX`;
a magic count's ``ranges``, see below),
replaced atomically (written
to a temporary file, flushed to disk, renamed over the old one, the
directory flushed): the directory always holds the last complete
checkpoint, whatever moment the process dies at.  A file is::

    MAGIC (8 bytes) | header length (8 bytes, little-endian) | header (JSON)
    | sha256 of the header (32 bytes) | zeros to a multiple of 64
    | each array's bytes, each starting at a multiple of 64 (zeros between)
    | sha256 of every byte before it (32 bytes)

The header holds the checkpoint format (:data:`FORMAT`), the package's
version and a digest of the compiled sweep core that wrote it (the table
is that core's: another build may lay it out otherwise), the count's
arguments (``count``; ``text`` says them in words), the stage and the
sweep's own arguments (``key``: board, mode, pinned and removed cells,
moves, moduli, cut), the position (cells swept), the residues of the
completions found so far, and each array's dtype, shape and offset.  The
tables are arrays of any dtypes (whatever the core's tuple holds), written
and hashed in chunks of :data:`CHUNK` bytes and read back as memory maps,
so a checkpoint costs little memory beyond the tables themselves.  A file
for other arguments, of another format or build, truncated or with any bit
changed is refused with :class:`knight.errors.CheckpointError` naming the
directory, never used.

A magic count (``count(..., magic=..., checkpoint=DIR)``, run in ranges by
:mod:`.magic_count`) writes no tables: the stage ``ranges`` records each
finished range (:meth:`Checkpoint.record_ranges`: its index, count, nodes
and seconds in the header, under ``extra``, and the tours kept up to
symmetry as an array), and its answer keeps those records and tours
(:meth:`Checkpoint.done_ranges` reads them back).  The stage's ``key`` is
the cut into ranges, so a checkpoint is read by the same cut only; the
same files, checks and refusals serve it.

The core resumes at any cell from the table dumped after the cell before
(the halves' shared prefix ends mid-column too); segments end at column
boundaries unless a column takes longer than the interval between writes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import struct
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .._core import frontier_sweep
from .._version import __version__
from ..errors import CheckpointError
from .frontier_halves import Part, _Table, run_part
from .frontier_run import _Progress

__all__ = ["CHUNK", "DEFAULT_EVERY", "FORMAT", "LOCK", "MAGIC", "SUFFIX", "Checkpoint",
           "check_every", "open_checkpoint", "read_header"]

#: The version of the file format; a file of another is refused.
FORMAT = 1

#: The first bytes of every checkpoint file.
MAGIC = b"KNTCKPT\x00"

#: The suffix of the checkpoint files (one a stage).
SUFFIX = ".kckpt"

#: Seconds between two writes of a running sweep's table, by default: a
#: killed count loses at most about this much work, and writing a table of
#: many GB takes seconds to a minute.
DEFAULT_EVERY = 600.0

#: The lock file a count holds in its directory (POSIX).
LOCK = ".knight-lock"

#: Bytes written or hashed at a time: the memory a write or a check needs
#: beyond the table.
CHUNK = 1 << 26

_ALIGN = 64
_DIGEST = 32
_STAGES = ("sweep", "shared", "half0", "stem", "shards", "pieces", "ranges", "answer")
_PREFIX = struct.Struct("<8sQ")


def core_digest(core: Any = None) -> str:
    """The sha256 of a compiled core's file (what a checkpoint holds is laid
    out by that build): ``core`` the module, by default the sweep core
    (:mod:`knight._core.frontier_sweep`); "" when it has no file."""
    return _file_digest(getattr(frontier_sweep if core is None else core, "__file__", None))


@functools.lru_cache(maxsize=8)
def _file_digest(path: str | None) -> str:
    if not path:
        return ""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


def check_every(every: Any) -> float:
    """``checkpoint_every``: a number of seconds, at least 0 (0: after every
    column), else TypeError or ValueError naming it."""
    if isinstance(every, bool) or not isinstance(every, (int, float, np.integer, np.floating)):
        raise TypeError(f"checkpoint_every must be a number of seconds, not "
                        f"{type(every).__name__}")
    value = float(every)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"checkpoint_every must be a finite number of seconds >= 0, "
                         f"got {every!r}")
    return value


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples as lists), for comparisons."""
    return json.loads(json.dumps(value))


def _header_bytes(header: Mapping[str, Any]) -> bytes:
    return json.dumps(header, sort_keys=True, separators=(",", ":")).encode()


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def read_header(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The header of the checkpoint file ``path`` (its magic and its digest
    checked; the arrays are not read), with ``data`` the offset of the
    arrays' region and ``size`` the file's expected length added.  Raises
    ValueError saying what is wrong.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> ck = open_checkpoint(d, {"board": "3x4"}, "the 3x4 board", 0)
    >>> ck.record_answer({"mode": "cycle"}, 0)
    >>> ck.close()
    >>> read_header(f"{d}/answer.kckpt")["answer"]
    '0'
    """
    with open(path, "rb") as f:
        prefix = f.read(_PREFIX.size)
        if len(prefix) < _PREFIX.size:
            raise ValueError("is truncated (no header)")
        magic, n = _PREFIX.unpack(prefix)
        if magic != MAGIC:
            raise ValueError("is not a knight-tour checkpoint (no magic bytes)")
        if n > 1 << 24:
            raise ValueError("has a damaged header (its length is off)")
        raw = f.read(n)
        digest = f.read(_DIGEST)
        total = os.fstat(f.fileno()).st_size
    if len(raw) < n or len(digest) < _DIGEST:
        raise ValueError("is truncated (in its header)")
    if hashlib.sha256(raw).digest() != digest:
        raise ValueError("has a damaged header (its checksum does not match)")
    header: dict[str, Any] = json.loads(raw)
    data = _aligned(_PREFIX.size + n + _DIGEST)
    end = data
    for a in header.get("arrays", ()):
        end = _aligned(end)
        if a["offset"] != end - data:
            raise ValueError("has a damaged header (an array's offset is off)")
        end += int(np.dtype(a["dtype"]).itemsize * math.prod(a["shape"]))
    header["data"], header["size"], header["file_size"] = data, end + _DIGEST, total
    header["digest"] = digest.hex()
    return header


def _check_data(path: Path, header: Mapping[str, Any]) -> None:
    """Raise ValueError unless the file's bytes match its closing checksum
    (read in chunks)."""
    h = hashlib.sha256()
    left = header["size"] - _DIGEST
    with open(path, "rb") as f:
        while left:
            chunk = f.read(min(CHUNK, left))
            if not chunk:
                raise ValueError("is truncated (in its tables)")
            h.update(chunk)
            left -= len(chunk)
        if f.read(_DIGEST) != h.digest():
            raise ValueError("has damaged tables (their checksum does not match)")


def _fsync_dir(directory: Path) -> None:
    """Flush the directory's entries (the rename) to disk, where the system allows."""
    if os.name == "nt":  # no directory handles to flush there
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_chunk(f: Any, chunk: memoryview) -> None:
    # One place every byte goes through: a full disk raises here (tests
    # stand a full disk in for it).
    f.write(chunk)


@dataclass
class Checkpoint:
    """The checkpoints of one count in ``directory`` (see the module).

    Made by :func:`open_checkpoint`; the DP's sweeps run through
    :meth:`sweep`, and the count ends with :meth:`record_answer`.
    ``info`` (the count's ``_info`` dict) gets ``"checkpoint"``: the
    directory, where the count resumed, how many writes, the last one's
    stage, position, bytes and seconds.  ``notify``, when set, is called
    with one line after each write (the progress bar prints it).
    """

    directory: Path
    count: dict[str, Any]
    text: str
    every: float
    info: dict[str, Any] = field(default_factory=dict)
    notify: Callable[[str], object] | None = None
    found: dict[str, dict[str, Any]] = field(default_factory=dict)
    earlier: set[str] = field(default_factory=set)  # stages found at the start
    last: float = field(default_factory=time.perf_counter)

    lock: Any = None  # the open lock file, while the count runs
    core: str = field(default_factory=core_digest)  # the digest of the core that lays it out

    def __post_init__(self) -> None:
        self.report = self.info.setdefault("checkpoint", {
            "directory": str(self.directory), "resumed": [], "writes": 0})

    def close(self) -> None:
        """Let another count use the directory (the count's end, however it ends)."""
        if self.lock is not None:
            self.lock.close()  # closing the file releases its lock
            self.lock = None

    # -- reading ----------------------------------------------------------

    def _refuse(self, name: str, why: str) -> CheckpointError:
        return CheckpointError(f"checkpoint directory {self.directory}: {name} {why}; it is "
                               "not used (delete it, or pass another directory)")

    def _stage(self, stage: str, key: Mapping[str, Any]) -> dict[str, Any] | None:
        """The verified header of ``stage``'s file, or None when there is
        none; CheckpointError when it is of another sweep."""
        header = self.found.get(stage)
        if header is not None and header["key"] != _plain(key):
            raise self._refuse(stage + SUFFIX, "was written for another sweep of this count "
                               f"({header['key']}, not {_plain(key)})")
        return header

    def total(self, stage: str, key: Mapping[str, Any]) -> int | None:
        """The ``total`` a :meth:`pieces` stage recorded (None: no file yet),
        so that a resumed count cuts its work in the same pieces."""
        header = self._stage(stage, key)
        return None if header is None else int(header["cells"])

    def _load(self, stage: str, header: Mapping[str, Any]) -> _Table:
        """The arrays of ``stage``'s file, as read-only memory maps."""
        path = self.directory / (stage + SUFFIX)
        try:
            now = read_header(path)
        except (OSError, ValueError) as exc:
            raise self._refuse(path.name, str(exc)) from exc
        if now["digest"] != header["digest"] or now["file_size"] != header["size"]:
            raise self._refuse(path.name, "changed since it was checked")
        arrays = []
        for a in header["arrays"]:
            dtype = np.dtype(a["dtype"])
            if math.prod(a["shape"]) == 0:
                arrays.append(np.empty(a["shape"], dtype))
            else:
                arrays.append(np.memmap(path, dtype=dtype, mode="r",
                                        offset=header["data"] + a["offset"],
                                        shape=tuple(a["shape"])))
        return cast(_Table, tuple(arrays))

    def done_ranges(self, key: Mapping[str, Any]) -> tuple[dict[int, dict[str, Any]],
                                                          npt.NDArray[np.int16],
                                                          npt.NDArray[np.int32]]:
        """The ranges of the cut ``key`` recorded finished (by index: what
        :meth:`record_ranges` was given), the tours kept (rows) and the
        index of the range each came from; none when nothing is recorded."""
        header = self._stage("ranges", key)
        if header is None:
            return {}, np.zeros((0, 0), np.int16), np.zeros(0, np.int32)
        loaded = self._load("ranges", header)
        tours, owner = loaded[0], loaded[1]
        records = {int(r["index"]): dict(r) for r in (header.get("extra") or {})["ranges"]}
        if "ranges" in self.earlier:
            self.report["resumed"].append({"stage": "ranges", "position": header["position"],
                                           "cells": header["cells"]})
            self.earlier.discard("ranges")
        return records, np.array(tours, dtype=np.int16), np.array(owner, dtype=np.int32)

    def record_ranges(self, key: Mapping[str, Any], cells: int,
                      records: Mapping[int, Mapping[str, Any]], tours: npt.NDArray[Any],
                      owner: npt.NDArray[Any], force: bool = False) -> bool:
        """Write the finished ranges of the cut ``key`` (``cells`` ranges in
        all): ``records`` by index (JSON-able), the ``tours`` kept (rows) and
        the range each came from (``owner``), once ``every`` seconds have
        passed since the last write, or at once with ``force``; whether it
        wrote."""
        if not force and not self._due():
            return False
        self._write("ranges", key, len(records), cells, (),
                    (np.asarray(tours, np.int16), np.asarray(owner, np.int32)), False,
                    extra={"ranges": [records[k] for k in sorted(records)]})
        return True

    def answer(self, key: Mapping[str, Any]) -> int | None:
        """The count recorded for the sweep ``key``, or None."""
        header = self._stage("answer", key)
        if header is None:
            return None
        self.report["answer"] = True
        self._drop(_STAGES[:-1])  # left by a count killed as it recorded its answer
        return int(header["answer"])

    # -- writing ----------------------------------------------------------

    def _write(self, stage: str, key: Mapping[str, Any], position: int, cells: int,
               residues: Sequence[int], arrays: Sequence[npt.NDArray[Any]],
               complete: bool, answer: int | None = None,
               extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Write ``stage``'s file atomically; return its header as read back
        (``extra``: JSON-able, kept in the header under that name)."""
        t0 = time.perf_counter()
        arrays = [np.ascontiguousarray(a) for a in arrays]
        layout, off = [], 0
        for a in arrays:
            off = _aligned(off)
            layout.append({"dtype": a.dtype.str, "shape": list(a.shape), "offset": off})
            off += a.nbytes
        header = {"format": FORMAT, "knight": __version__, "core": self.core,
                  "count": self.count, "text": self.text, "stage": stage, "key": _plain(key),
                  "position": position, "cells": cells, "complete": complete,
                  "residues": [int(r) for r in residues],
                  "answer": None if answer is None else str(answer), "arrays": layout}
        if extra is not None:
            header["extra"] = _plain(extra)
        raw = _header_bytes(header)
        digest = hashlib.sha256(raw).digest()
        final = self.directory / (stage + SUFFIX)
        tmp = self.directory / f"{stage}{SUFFIX}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as f:
                h = hashlib.sha256()

                def put(chunk: memoryview) -> None:
                    _write_chunk(f, chunk)
                    h.update(chunk)

                head = _PREFIX.pack(MAGIC, len(raw)) + raw + digest
                put(memoryview(head + bytes(_aligned(len(head)) - len(head))))
                pos = 0
                for a, place in zip(arrays, layout):
                    if place["offset"] > pos:
                        put(memoryview(bytes(place["offset"] - pos)))
                    flat = a.reshape(-1).view(np.uint8).data
                    for i in range(0, len(flat), CHUNK):
                        put(flat[i:i + CHUNK])
                    pos = place["offset"] + a.nbytes
                _write_chunk(f, memoryview(h.digest()))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, final)
            _fsync_dir(self.directory)
        except OSError as exc:
            try:
                tmp.unlink()
            except OSError:
                pass
            why = exc.strerror or str(exc)
            raise CheckpointError(
                f"cannot write the checkpoint in {self.directory}: {why} (the previous "
                "checkpoint there, if any, is left as it was)") from exc
        written = read_header(final)
        self.found[stage] = written
        seconds = time.perf_counter() - t0
        self.last = time.perf_counter()
        self.report["writes"] += 1
        self.report["last"] = {"stage": stage, "position": position, "cells": cells,
                               "bytes": written["size"], "seconds": seconds}
        if self.notify is not None:
            what = ("the answer" if answer is not None
                    else f"{position} of {cells} ranges" if stage == "ranges"
                    else f"{stage} at cell {position} of {cells}")
            self.notify(f"checkpoint: {what} written to {final} "
                        f"({written['size'] / 2**20:.1f} MiB, {seconds:.2f} s)")
        return written

    def record_answer(self, key: Mapping[str, Any], total: int,
                      arrays: Sequence[npt.NDArray[Any]] = (),
                      extra: Mapping[str, Any] | None = None) -> None:
        """Record the count of the sweep ``key`` (with ``arrays`` and
        ``extra`` kept beside it: a magic count's ranges), then delete the
        tables (a later call with the same arguments reads the answer)."""
        self._write("answer", key, 0, 0, (), arrays, True, total, extra)
        self._drop(_STAGES[:-1])

    def _drop(self, stages: Sequence[str]) -> None:
        """Delete the files of ``stages`` (those there are)."""
        for stage in stages:
            self.found.pop(stage, None)
            try:
                (self.directory / (stage + SUFFIX)).unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise CheckpointError(f"cannot delete a finished table in {self.directory}: "
                                      f"{exc.strerror or exc}") from exc

    # -- the sweep --------------------------------------------------------

    def sweep(self, stage: str, key: Mapping[str, Any], part: Part, words: Sequence[int], *,
              begin: Callable[[], tuple[int, _Table] | None], end: int | None = None,
              keep: bool = True, release: Sequence[str] = (), deadline: float = 0.0,
              cancel: npt.NDArray[np.uint8] | None = None, max_bytes: int,
              progress: _Progress | None = None) -> tuple[_Table, list[int]]:
        """Sweep ``part`` for the moduli ``words`` up to cell ``end`` (None:
        the last) as the stage ``stage`` of the sweep ``key``, from where
        its checkpoint is, else from ``begin()`` (``(P, table)``: resume a
        table after P cells; None: the empty board); return its final
        table and the residues of the completions found on the way.

        Segments end at column boundaries (or, where one column takes
        longer than ``every``, at cells: see :meth:`_next_stop`); after
        one, the table is written once ``every`` seconds have passed since
        the last write, and held as a memory map of the file from then on.
        ``keep``: write the final table too (when a later stage needs it).  ``release``: the
        stages whose files this one no longer needs once it has its own
        (deleted then: the disk holds fewer tables).  A stage whose file is
        complete is read, not swept.
        """
        bd = part.board
        W, last = bd.W, bd.N if end is None else end
        header = self._stage(stage, key)
        table: _Table | None
        if header is not None:
            self._drop(release)
            table = self._load(stage, header)
            residues = [int(r) for r in header["residues"]]
            if stage in self.earlier:
                self.report["resumed"].append({"stage": stage, "position": header["position"],
                                               "cells": header["cells"]})
                self.earlier.discard(stage)
            if header["complete"]:
                return table, residues
            pos = int(header["position"])
        else:
            first = begin()
            pos, table = (0, None) if first is None else first
            residues = [0] * len(words)
        per_cell, cells = 0.0, 0
        while pos < last:
            stop = self._next_stop(pos, last, W, per_cell, cells)
            cells = stop - pos
            held = 0 if table is None else sum(a.nbytes for a in table
                                               if not isinstance(a, np.memmap))
            t0 = time.perf_counter()
            out, ri = run_part(part, words, deadline=deadline, cancel=cancel,
                               max_bytes=max_bytes - held, progress=progress,
                               stop=None if stop == bd.N else stop,
                               start=None if table is None else (pos, table))
            per_cell = (time.perf_counter() - t0) / (stop - pos)
            residues = [(r + x) % (1 << 64 if j == 0 else words[j])
                        for j, (r, x) in enumerate(zip(residues, ri.residues))]
            table, pos = out, stop
            if pos < last and self._due() or pos == last and keep:
                self._write(stage, key, pos, last, residues, table, pos == last)
                self._drop(release)
                table = self._load(stage, self.found[stage])
        assert table is not None
        return table, residues

    def pieces(self, stage: str, key: Mapping[str, Any], total: int,
               run: Callable[[int, int], Sequence[int]], words: Sequence[int]) -> list[int]:
        """The residues (modulo ``words``, word 0 modulo 2^64) of ``run(a,
        b)`` added up over the pieces ``[a, b)`` of ``range(total)``, as
        the stage ``stage`` of the work ``key``: from where its checkpoint
        is, in pieces sized as the segments of :meth:`sweep` are (4 units
        of ``total / 4`` standing for columns: each piece of the join costs
        a pass over the right table, so pieces are few), the sum and the
        position written once ``every`` seconds have passed.  The join of two
        halves' tables runs so, in slices of the left table."""
        header = self._stage(stage, key)
        pos, residues = 0, [0] * len(words)
        if header is not None:
            pos, residues = int(header["position"]), [int(r) for r in header["residues"]]
            if stage in self.earlier:
                self.report["resumed"].append({"stage": stage, "position": pos,
                                               "cells": total})
                self.earlier.discard(stage)
        unit = max(1, -(-total // 4))
        per, done = 0.0, 0
        while pos < total:
            # not self._next_stop, which the tests that cut sweeps to
            # single cells replace: the join's pieces stay few
            stop = _next_stop(self.every - (time.perf_counter() - self.last), pos, total,
                              unit, per, done)
            done = stop - pos
            t0 = time.perf_counter()
            got = run(pos, stop)
            per = (time.perf_counter() - t0) / done
            residues = [(r + x) % (1 << 64 if j == 0 else words[j])
                        for j, (r, x) in enumerate(zip(residues, got))]
            pos = stop
            if pos < total and self._due():
                self._write(stage, key, pos, total, residues, (), False)
        return residues

    def _due(self) -> bool:
        return time.perf_counter() - self.last >= self.every

    def _next_stop(self, pos: int, last: int, W: int, per_cell: float, cells: int) -> int:
        """Where the next segment of a sweep ends (:func:`_next_stop`)."""
        return _next_stop(self.every - (time.perf_counter() - self.last), pos, last, W,
                          per_cell, cells)


def _next_stop(wait: float, pos: int, last: int, W: int, per_cell: float, cells: int) -> int:
    """Where the next segment ends, ``wait`` seconds before the next write
    falls due (never before the second column ends: the core resumes after
    it; at most ``last``).

    When a write is due already (``every`` 0), at the next column
    boundary.  Else where the next write falls due as the last segment's
    seconds a cell predict, but at most twice the last segment's ``cells``
    (at least a column: the tables grow as the sweep goes, so the first
    cells predict too little): at the column boundary after that cell, or
    at the cell itself when the interval is shorter than a column (wide
    boards, whose columns near the middle take long: the core resumes at
    any cell as well)."""
    if wait <= 0.0 or per_cell <= 0.0:
        stop = (pos // W + 1) * W if wait <= 0.0 else pos + 2 * W
    else:
        more = min(math.ceil(wait / per_cell), 2 * max(cells, W))
        stop = pos + more if more < W else -(-(pos + more) // W) * W
    return min(max(stop, 2 * W), last)


def _describe_refusal(header: Mapping[str, Any], count: Mapping[str, Any], text: str,
                      core: str) -> str:
    """Why a file of a well-formed header is not this count's (whose core's
    digest is ``core``), or ""."""
    if header.get("format") != FORMAT:
        return (f"was written in checkpoint format {header.get('format')!r}; this "
                f"knight-tour reads format {FORMAT}")
    if header.get("knight") != __version__ or header.get("core") != core:
        return (f"was written by another build of knight-tour ({header.get('knight')}, core "
                f"{str(header.get('core'))[:12]}; this is {__version__}, core "
                f"{core[:12]}), whose tables may be laid out otherwise")
    if header.get("count") != _plain(count):
        return f"was written for another count ({header.get('text')}; this is {text})"
    if header.get("stage") not in _STAGES:
        return f"is of an unknown stage {header.get('stage')!r}"
    return ""


def open_checkpoint(directory: Any, count: Mapping[str, Any], text: str,
                    every: Any = DEFAULT_EVERY, info: dict[str, Any] | None = None,
                    core: Any = None) -> Checkpoint:
    """The checkpoints of the count ``count`` (the arguments that decide
    it, JSON-able; ``text`` says them in words) in ``directory``, made if
    missing: before any work, the directory is written to once, and each
    checkpoint file already there is read in full and verified (format,
    build, arguments, checksums).  ``every``: seconds between two writes
    of a running sweep (:func:`check_every`); ``info``: the count's
    ``_info`` dict, where the checkpoint reports (see :class:`Checkpoint`);
    ``core``: the compiled core whose build lays out what is saved (a file
    written by another build is refused), by default the sweep core.

    TypeError for a ``directory`` that is not a path;
    :class:`knight.errors.CheckpointError` naming the directory when it
    cannot be written, another count holds it (a lock file, :data:`LOCK`,
    on POSIX systems: call :meth:`Checkpoint.close` at the count's end), or
    a file in it is not this count's or is damaged.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> ck = open_checkpoint(d, {"board": "3x4"}, "the 3x4 board", 0)
    >>> ck.record_answer({"mode": "cycle"}, 0)
    >>> ck.close()
    >>> open_checkpoint(d, {"board": "5x5"}, "the 5x5 board")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    knight.errors.CheckpointError: ...another count (the 3x4 board; this is the 5x5 board)...
    """
    if isinstance(directory, bytes) or not isinstance(directory, (str, os.PathLike)):
        raise TypeError("checkpoint must be a directory's path (str or os.PathLike), not "
                        f"{type(directory).__name__}")
    seconds = check_every(every)
    where = Path(os.fspath(directory))
    try:
        where.mkdir(parents=True, exist_ok=True)
        probe = where / f".knight-probe.{os.getpid()}"
        with open(probe, "wb") as f:
            f.write(b"\0")
            f.flush()
            os.fsync(f.fileno())
        probe.unlink()
    except OSError as exc:
        raise CheckpointError(f"cannot write checkpoints in {where}: "
                              f"{exc.strerror or exc}") from exc
    ck = Checkpoint(where, dict(_plain(count)), text, seconds, {} if info is None else info,
                    core=core_digest(core))
    ck.lock = _lock(where)
    try:
        _read_all(ck, count, text)
    except BaseException:
        ck.close()
        raise
    return ck


def _lock(where: Path) -> Any:
    """The directory's lock file, locked for this count, or CheckpointError
    when another count holds it (POSIX; elsewhere no lock)."""
    try:
        import fcntl
    except ImportError:  # Windows: one count a directory is the user's to keep
        return None
    f = open(where / LOCK, "ab")  # held open while the count runs
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        f.close()
        raise CheckpointError(f"checkpoint directory {where} is in use by another count "
                              f"({exc.strerror or exc}); wait for it, or pass another "
                              "directory") from exc
    return f


def _read_all(ck: Checkpoint, count: Mapping[str, Any], text: str) -> None:
    """Check every checkpoint file in the directory, and keep their headers."""
    where = ck.directory
    for tmp in where.glob(f"*{SUFFIX}.*.tmp"):  # a write that a kill cut short
        try:
            tmp.unlink()
        except OSError:
            pass
    for path in sorted(where.glob(f"*{SUFFIX}")):
        try:
            header = read_header(path)
            why = _describe_refusal(header, count, text, ck.core)
            if not why and header["file_size"] != header["size"]:
                why = (f"is {'truncated' if header['file_size'] < header['size'] else 'too long'}"
                       f" ({header['file_size']:,} bytes, not {header['size']:,})")
            if not why:
                _check_data(path, header)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            why = str(exc)
        if why:
            raise ck._refuse(path.name, why)
        if path.stem != header["stage"]:
            raise ck._refuse(path.name, f"holds the stage {header['stage']!r}")
        ck.found[header["stage"]] = header
    ck.earlier = set(ck.found)

"""Shared helpers of the benchmarks: same-run references, medians, tables and JSON.

Every ratio a benchmark prints is ``time / reference time`` with both measured
in the same run, on the same machine, a few minutes apart at most:

* :func:`compile_c` builds one of the C reference programs in ``benchmarks/c/``
  with the system compiler (``$CC``, else ``cc``, ``gcc`` or ``clang``) at
  ``-O2`` into a temporary directory, once per run.  Extra flags come from
  ``$BENCH_CFLAGS`` (for example ``BENCH_CFLAGS=-march=native``; off by
  default).  Without a compiler it prints why and returns None, and the rows
  that need it say "skipped".
* :func:`run_program` runs such a program N times; each prints
  ``RESULT key=value ...`` lines whose ``seconds`` were measured inside the
  program (``clock_gettime(CLOCK_MONOTONIC)``), so process start-up is not
  counted.  :func:`measure` times a Python callable N times.  Both keep the
  median and note the load average before and after.
* :class:`Report` prints an aligned table and, with ``--json PATH``, writes
  every row with the machine's description.
"""

from __future__ import annotations

import argparse
import atexit
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

C_DIR = Path(__file__).resolve().parent / "c"
CFLAGS = ["-std=c99", "-O2"]
MIN_RUNS = 3


def add_arguments(parser: argparse.ArgumentParser, runs: int = 5) -> None:
    """The options every benchmark takes: --runs, --quick, --json."""
    parser.add_argument("--runs", type=int, default=runs,
                        help=f"runs per measurement, median kept (at least {MIN_RUNS}; "
                             f"default {runs})")
    parser.add_argument("--quick", action="store_true", help="smaller cases: a fast smoke run")
    parser.add_argument("--json", metavar="PATH", help="also write every row to PATH as JSON")


def runs_of(args: argparse.Namespace) -> int:
    return max(MIN_RUNS, int(args.runs))


# --------------------------------------------------------------------------
# The package's pure-Python references


def knight_reference_solve() -> Callable[..., Any]:
    """``knight.reference.solve`` (the pure-Python twin of the search cores)."""
    from knight import reference

    return reference.solve


def knight_reference_count() -> Callable[..., int]:
    """The pure-Python counting reference (``knight.reference.count``)."""
    from knight import reference

    return reference.count


# --------------------------------------------------------------------------
# Compiling the C references


_build_dir: Path | None = None
_built: dict[str, Path | None] = {}
_compiler: list[str] | None = None
_warned = False


def compiler() -> list[str] | None:
    """The C compiler command: $CC, else the first of cc, gcc, clang on PATH."""
    global _compiler
    if _compiler is None:
        cc = os.environ.get("CC")
        if cc and shutil.which(shlex.split(cc)[0]):
            _compiler = shlex.split(cc)
        else:
            for name in ("cc", "gcc", "clang"):
                path = shutil.which(name)
                if path:
                    _compiler = [path]
                    break
    return _compiler


def compiler_flags() -> list[str]:
    return CFLAGS + shlex.split(os.environ.get("BENCH_CFLAGS", ""))


def compiler_version() -> str:
    cc = compiler()
    if cc is None:
        return "none"
    try:
        out = subprocess.run(cc + ["--version"], capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).splitlines()[0].strip()
    except (OSError, subprocess.SubprocessError, IndexError):
        return cc[0]


def compile_c(name: str) -> Path | None:
    """Build ``benchmarks/c/NAME.c`` once per run; None (and a message) if impossible."""
    global _build_dir, _warned
    if name in _built:
        return _built[name]
    cc = compiler()
    if cc is None:
        if not _warned:
            print("NOTE: no C compiler found ($CC, cc, gcc, clang): the rows measured against "
                  "the C references are skipped", flush=True)
            _warned = True
        _built[name] = None
        return None
    if _build_dir is None:
        _build_dir = Path(tempfile.mkdtemp(prefix="knight-bench-"))
        atexit.register(shutil.rmtree, _build_dir, True)
    exe = _build_dir / name
    cmd = cc + compiler_flags() + ["-o", str(exe), str(C_DIR / f"{name}.c")]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        print(f"NOTE: compiling {name}.c failed, its rows are skipped:\n  {shlex.join(cmd)}\n"
              f"{res.stderr}", flush=True)
        _built[name] = None
        return None
    _built[name] = exe
    return exe


# --------------------------------------------------------------------------
# Measuring


def load() -> float:
    """The 1-minute load average (0.0 where the system has none)."""
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return 0.0


@dataclass
class Measured:
    """Times of one measurement (seconds), their median and what was computed."""

    times: list[float]
    result: Any = None
    load_before: float = 0.0
    load_after: float = 0.0
    detail: list[dict[str, str]] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return statistics.median(self.times)


def measure(fn: Callable[[], Any], runs: int, warmup: int = 1, per: int = 1) -> Measured:
    """Time ``fn()`` ``runs`` times after ``warmup`` untimed calls; ``per``
    divides each time (for a callable that repeats a short call ``per`` times)."""
    before = load()
    result = None
    for _ in range(warmup):
        result = fn()
    times = []
    for _ in range(max(1, runs)):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) / per)
    return Measured(times, result, before, load())


def parse_result(line: str) -> dict[str, str]:
    """``RESULT a=1 b=x`` -> ``{"a": "1", "b": "x"}``."""
    return dict(item.split("=", 1) for item in line.split()[1:] if "=" in item)


def run_program(exe: Path | None, args: Sequence[Any], runs: int) -> Measured | None:
    """Run ``exe args`` ``runs`` times; every RESULT line's ``seconds`` is one time."""
    if exe is None:
        return None
    before = load()
    times: list[float] = []
    detail: list[dict[str, str]] = []
    for _ in range(max(1, runs)):
        res = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True,
                             check=True)
        for line in res.stdout.splitlines():
            if line.startswith("RESULT "):
                d = parse_result(line)
                detail.append(d)
                times.append(float(d["seconds"]))
    if not times:
        raise RuntimeError(f"{exe.name} printed no RESULT line")
    return Measured(times, detail[-1], before, load(), detail)


# --------------------------------------------------------------------------
# Reporting


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    import numpy as np

    try:
        import knight

        kv, kpath = knight.__version__, str(Path(knight.__file__).parent)
    except ImportError:
        kv, kpath = "not importable", ""
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = os.cpu_count()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "knight": kv,
        "knight_path": kpath,
        "cc": compiler_version(),
        "cflags": " ".join(compiler_flags()),
        # The flags the package's own C extensions were (most likely) built with.
        "python_cflags": sysconfig.get_config_var("CFLAGS") or "",
    }


def _fmt_time(s: float | None) -> str:
    if s is None:
        return "-"
    if s >= 1:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.2f} us"


def _fmt_ratio(r: float | None) -> str:
    if r is None:
        return "-"
    if r >= 0.1:
        return f"{r:.2f}"
    return f"{r:.4f} ({1 / r:,.0f}x faster)"


class Report:
    """Rows of ``name, time, reference, reference time, ratio``; a table and JSON."""

    def __init__(self, title: str, args: argparse.Namespace | None = None) -> None:
        self.title = title
        self.args = args
        self.rows: list[dict[str, Any]] = []
        self.started = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
        self.load_start = _loadavg()
        self.machine = machine()
        m = self.machine
        print(f"{title}\n{m['cpu']}, {m['cores']} cores ({m['usable_cores']} usable); "
              f"Python {m['python']}, numpy {m['numpy']}, knight {m['knight']}; "
              f"C: {m['cc']} {m['cflags']} (Python's CFLAGS, which extensions are built with "
              f"by default: {m['python_cflags']})")
        print(f"load average at start (1, 5, 15 min): {_fmt_load(self.load_start)}", flush=True)

    def add(self, name: str, value: Measured | None, reference: Measured | None = None,
            ref_name: str = "", note: str = "") -> float | None:
        """Record (and print at once) a row; returns the ratio, if there is one."""
        ratio = None
        if value is not None and reference is not None and reference.seconds > 0:
            ratio = value.seconds / reference.seconds
        parts = [m for m in (value, reference) if m is not None]
        row = {
            "name": name,
            "seconds": value.seconds if value else None,
            "times": value.times if value else None,
            "runs": len(value.times) if value else 0,
            "reference": ref_name or None,
            "reference_seconds": reference.seconds if reference else None,
            "reference_times": reference.times if reference else None,
            "reference_runs": len(reference.times) if reference else 0,
            "ratio": ratio,
            "load_before": min((m.load_before for m in parts), default=None),
            "load_after": max((m.load_after for m in parts), default=None),
            "note": note,
        }
        if ref_name and reference is None:
            row["note"] = (note + "; " if note else "") + "reference skipped"
        self.rows.append(row)
        print(f"  . {name}: {_fmt_time(row['seconds'])} vs {ref_name or '-'} "
              f"{_fmt_time(row['reference_seconds'])}  ratio {_fmt_ratio(ratio)}", flush=True)
        return ratio

    def print_table(self) -> None:
        head = ("case", "time", "reference", "ref time", "ratio", "runs", "load", "note")
        lines = []
        for r in self.rows:
            load_txt = ("" if r["load_before"] is None
                        else f"{r['load_before']:.2f}-{r['load_after']:.2f}")
            runs = f"{r['runs']}/{r['reference_runs']}" if r["reference_runs"] else str(r["runs"])
            lines.append((r["name"], _fmt_time(r["seconds"]), r["reference"] or "-",
                          _fmt_time(r["reference_seconds"]), _fmt_ratio(r["ratio"]), runs,
                          load_txt, r["note"]))
        widths = [max(len(str(x[i])) for x in [head, *lines]) for i in range(len(head))]
        right = {1, 3, 4, 5}

        def fmt(cells: Sequence[Any]) -> str:
            return "  ".join(str(c).rjust(w) if i in right else str(c).ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        print(f"\n{self.title}: medians; ratio = time / reference time, same run "
              "(< 1: faster than the reference)")
        print(fmt(head))
        print("  ".join("-" * w for w in widths))
        for line in lines:
            print(fmt(line))
        print(f"load average (1, 5, 15 min): at start {_fmt_load(self.load_start)}, "
              f"at end {_fmt_load(_loadavg())}", flush=True)

    def finish(self) -> None:
        """Print the table; write the JSON file if --json was given."""
        self.print_table()
        path = getattr(self.args, "json", None) if self.args is not None else None
        if path:
            data = {
                "benchmark": self.title,
                "argv": sys.argv,
                "started": self.started,
                "finished": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
                "load_start": self.load_start,
                "load_end": _loadavg(),
                "machine": self.machine,
                "rows": self.rows,
            }
            Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
            print(f"wrote {path}")


def _loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        return []


def _fmt_load(la: Sequence[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in la) if la else "n/a"

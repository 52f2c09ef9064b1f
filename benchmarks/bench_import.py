"""A light import (issue 25): ``import knight`` against ``import numpy``.

Run by hand from the repository root::

    python benchmarks/bench_import.py                     # 9 fresh processes per case
    python benchmarks/bench_import.py --runs 21
    python benchmarks/bench_import.py --baseline OLD/src  # also another build, same run
    python benchmarks/bench_import.py --json out.json     # also write the rows

Each case runs in fresh processes (``python -c ...``), one per measurement,
the cases taking turns so that all see the same load; each process times
its own import statement (``time.perf_counter`` around it: the interpreter's
start-up, the same for every case, is left out) and counts the package's
modules it has loaded.  The medians:

* ``import numpy``: the reference, knight's one dependency (which
  ``import knight`` leaves to the first use of a name that needs it);
* ``import knight``: the targets are at most 25 ms over ``import numpy``
  and at most 20 of the package's own modules;
* ``import knight`` then ``knight.solve(8)``: what the first call adds
  (the search's modules, loaded on first use);
* with ``--baseline SRC``, ``import knight`` from the ``knight`` package in
  the directory SRC (a built checkout's ``src``, e.g. of the commit before),
  for a before/after in one run.

``PYTHONDONTWRITEBYTECODE`` is dropped from the processes' environment and
one untimed process per case runs first, so knight is imported from cached
bytecode, as numpy (installed with its ``.pyc`` files) is.  ``python -X
importtime -c "import knight"`` shows what each module costs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bench

TARGET_MS = 25.0
TARGET_MODULES = 20

#: What each process runs: time the statements, count knight's modules.
CHILD = """
import sys, time
began = time.perf_counter()
{statements}
seconds = time.perf_counter() - began
mods = sorted(m for m in sys.modules if m == "knight" or m.startswith("knight."))
where = sys.modules["knight"].__file__ if "knight" in sys.modules else "-"
print(f"RESULT seconds={{seconds!r}} modules={{len(mods)}} where={{where}} "
      f"loaded={{','.join(mods) or '-'}}")
"""


def environment(src: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if src is not None:
        env["PYTHONPATH"] = src
    return env


def once(statements: str, env: dict[str, str]) -> dict[str, str]:
    res = subprocess.run([sys.executable, "-c", CHILD.format(statements=statements)],
                         capture_output=True, text=True, env=env, check=True)
    for line in res.stdout.splitlines():
        if line.startswith("RESULT "):
            return _bench.parse_result(line)
    raise RuntimeError(f"no RESULT from {statements!r}:\n{res.stdout}\n{res.stderr}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _bench.add_arguments(p, runs=9)
    p.add_argument("--baseline", metavar="SRC",
                   help="also time import knight from the knight package in SRC")
    args = p.parse_args(argv)
    runs = 5 if args.quick else _bench.runs_of(args)
    rep = _bench.Report(f"bench_import: import knight vs import numpy, medians of {runs} "
                        "fresh processes", args)
    here = environment(None)
    cases = {
        "import numpy": ("import numpy", here),
        "import knight": ("import knight", here),
        "import knight; knight.solve(8)": ("import knight\nknight.solve(8)", here),
    }
    if args.baseline:
        src = str(Path(args.baseline).resolve())
        cases["import knight (baseline)"] = ("import knight", environment(src))
    for statements, env in cases.values():
        once(statements, env)  # untimed: writes the bytecode caches, warms the file cache
    got: dict[str, _bench.Measured] = {}
    for name in cases:
        got[name] = _bench.Measured([], load_before=_bench.load())
    for _ in range(runs):
        for name, (statements, env) in cases.items():
            d = once(statements, env)
            got[name].times.append(float(d["seconds"]))
            got[name].detail.append(d)
    for m in got.values():
        m.load_after = _bench.load()
    numpy = got["import numpy"]
    rep.add("import numpy", numpy)
    for name, m in got.items():
        if name == "import numpy":
            continue
        d = m.detail[-1]
        modules = int(d["modules"])
        over = (m.seconds - numpy.seconds) * 1e3
        note = f"{over:+.1f} ms over numpy; {modules} knight modules"
        if name == "import knight":
            ok = over <= TARGET_MS and modules <= TARGET_MODULES
            note += (f" (targets: <= {TARGET_MS:g} ms, <= {TARGET_MODULES}: "
                     f"{'met' if ok else 'NOT MET'})")
        rep.add(name, m, numpy, "import numpy", note)
        print(f"    from {Path(d['where']).parent}; loaded: {d['loaded'].replace(',', ' ')}",
              flush=True)
    rep.finish()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

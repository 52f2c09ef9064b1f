"""Build the Cython cores.

Every ``src/knight/_core/*.pyx`` becomes an extension module
``knight._core.<name>``, and ``src/knight/capi.pyx`` the public C-level API
``knight.capi`` (its ``capi.pxd`` ships in the wheel as package data, for
other extensions to ``cimport``).
Compiler directives are set here once for all of them.  Set the environment
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

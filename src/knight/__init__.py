"""knight-tour: find, check, count and draw knight's tours.

>>> import knight
>>> tour = knight.solve(8)
>>> knight.verify(tour) == tour
True
"""

from __future__ import annotations

import sys as _sys
import types as _types

# A light import (issue 25): ``import knight`` loads only this module and the
# version.  Every other public name is loaded on first use by the module
# ``__getattr__`` below (PEP 562), from the module that defines it, so
# ``knight.solve(8)`` never loads the counting, the puzzles, the rendering or
# the pure-Python twins.  Type checkers see plain imports.  (Not ``typing``:
# importing it would cost more than the rest of ``import knight``.)
from ._lazy import loader as _loader
from ._version import __version__

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from . import puzzle
    from .board import Board
    from .compare import compare, sweep
    from .counting import Estimate, TourSampler, count, estimate, random_tour, tours
    from .decide import end_squares, exists, start_squares, why_not
    from .errors import (
        BoardTooLargeError,
        CheckpointError,
        DeadEndError,
        InvalidTourError,
        KnightError,
        NoTourError,
        SearchCancelled,
        SearchLimitError,
        UndecidedError,
        WorkerLostError,
    )
    from .geometry import DEFAULT_ORDER
    from .limits import Cancel
    from .magic import magic_kind
    from .solver import METHODS, TIE_BREAKS, solve
    from .status import Status
    from .theory import closed_tour_board, open_tour_board
    from .tour import Tour
    from .verify import is_tour, verify

__all__ = [
    "__version__",
    "Board",
    "BoardTooLargeError",
    "Cancel",
    "CheckpointError",
    "DEFAULT_ORDER",
    "DeadEndError",
    "Estimate",
    "InvalidTourError",
    "KnightError",
    "METHODS",
    "NoTourError",
    "SearchCancelled",
    "SearchLimitError",
    "Status",
    "TIE_BREAKS",
    "Tour",
    "TourSampler",
    "UndecidedError",
    "WorkerLostError",
    "closed_tour_board",
    "compare",
    "count",
    "end_squares",
    "estimate",
    "exists",
    "get_include",
    "is_tour",
    "magic_kind",
    "open_tour_board",
    "puzzle",
    "random_tour",
    "solve",
    "start_squares",
    "sweep",
    "tours",
    "verify",
    "why_not",
]


def get_include() -> str:
    """The directory to put on a C compiler's include path to ``cimport knight.capi``.

    :mod:`knight.capi` is the C-level API (``noexcept nogil`` functions over
    ``int32_t[:, ::1]`` knight boards, and over any board described by a
    ``kt_board`` neighbour table; declared in ``knight/capi.pxd``; see the
    documentation's "C-level API" page).  A ``setup.py`` that builds a
    Cython extension against it passes this directory to ``cythonize``,
    as with ``numpy.get_include()``::

        import knight
        from Cython.Build import cythonize
        from setuptools import Extension, setup

        setup(ext_modules=cythonize(
            [Extension("mytours", ["mytours.pyx"])],
            include_path=[knight.get_include()],
        ))

    and ``mytours.pyx`` starts with ``from knight.capi cimport kt_warnsdorff``.
    No C headers are needed: the functions are found at import time, from
    the installed ``knight.capi`` module.

    >>> import os, knight
    >>> os.path.isfile(os.path.join(knight.get_include(), "knight", "capi.pxd"))
    True
    """
    import os

    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


#: Where each public name loaded on first use is defined (relative to this package).
_LAZY: dict[str, str] = {
    "Board": ".board",
    "BoardTooLargeError": ".errors",
    "Cancel": ".limits",
    "CheckpointError": ".errors",
    "DEFAULT_ORDER": ".geometry",
    "DeadEndError": ".errors",
    "Estimate": ".counting",
    "InvalidTourError": ".errors",
    "KnightError": ".errors",
    "METHODS": ".solver",
    "NoTourError": ".errors",
    "SearchCancelled": ".errors",
    "SearchLimitError": ".errors",
    "Status": ".status",
    "TIE_BREAKS": ".solver",
    "Tour": ".tour",
    "TourSampler": ".counting",
    "UndecidedError": ".errors",
    "WorkerLostError": ".errors",
    "closed_tour_board": ".theory",
    "compare": ".compare",
    "count": ".counting",
    "end_squares": ".decide",
    "estimate": ".counting",
    "exists": ".decide",
    "is_tour": ".verify",
    "magic_kind": ".magic",
    "open_tour_board": ".theory",
    "random_tour": ".counting",
    "solve": ".solver",
    "start_squares": ".decide",
    "sweep": ".compare",
    "tours": ".counting",
    "verify": ".verify",
    "why_not": ".decide",
}

#: The modules and subpackages reachable as attributes (``knight.counting``,
#: ``knight.puzzle``), imported on first access as ``import knight.NAME`` would.
_SUBMODULES = frozenset({
    "_core", "_lazy", "_version", "board", "capi", "checks", "cli", "clues", "compare",
    "construct", "construct_py", "counting", "decide", "engines", "errors", "existence",
    "geometry", "limits", "magic", "magic_construct", "planner", "puzzle", "reference", "render",
    "search", "solver", "status", "theory", "thin", "thin_py", "tour", "trace", "verify",
})


#: ``knight.NAME`` on first use: import the module that defines it, keep the
#: value (later look-ups are plain attribute reads).
_load = _loader(__name__, globals(), _LAZY, _SUBMODULES)


if not TYPE_CHECKING:
    # Hidden from type checkers: a module __getattr__ would make every misspelt
    # ``knight.NAME`` an Any instead of an error; they see the imports above.
    __getattr__ = _load


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(_types.ModuleType):
    """This package's module type, for one job.  The import system binds a
    submodule to the package attribute of its name when it first loads it
    (``knight.compare = <module knight.compare>``), and ``knight.compare`` and
    ``knight.verify`` are the functions of those modules: whichever loads
    them first (the CLI, a test, the function itself), they stay functions, as
    they were when this package imported them eagerly."""

    def __setattr__(self, name: str, value: Any) -> None:
        where = _LAZY.get(name)
        if (where is not None and isinstance(value, _types.ModuleType)
                and value.__name__ == __name__ + where):
            value = getattr(value, name)
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
del TYPE_CHECKING  # not a public name

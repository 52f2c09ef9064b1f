"""knight-tour: find, check, count and draw knight's tours.

>>> import knight
>>> tour = knight.solve(8)
>>> knight.verify(tour) == tour
True
"""

from . import puzzle
from ._version import __version__
from .board import Board
from .compare import compare, sweep
from .counting import Estimate, TourSampler, count, estimate, random_tour, tours
from .decide import end_squares, exists, start_squares, why_not
from .errors import (
    BoardTooLargeError,
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
from .solver import METHODS, TIE_BREAKS, solve
from .theory import closed_tour_board, open_tour_board
from .tour import Tour
from .verify import is_tour, verify

__all__ = [
    "__version__",
    "Board",
    "BoardTooLargeError",
    "Cancel",
    "DEFAULT_ORDER",
    "DeadEndError",
    "Estimate",
    "InvalidTourError",
    "KnightError",
    "METHODS",
    "NoTourError",
    "SearchCancelled",
    "SearchLimitError",
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

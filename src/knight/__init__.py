"""knight-tour: find, check, count and draw knight's tours.

>>> import knight
>>> tour = knight.solve(8)
>>> knight.verify(tour) == tour
True
"""

from ._version import __version__
from .compare import compare, sweep
from .counting import count, tours
from .errors import (
    BoardTooLargeError,
    DeadEndError,
    InvalidTourError,
    KnightError,
    NoTourError,
    SearchLimitError,
    WorkerLostError,
)
from .existence import exists, start_squares, why_not
from .geometry import DEFAULT_ORDER
from .solver import METHODS, TIE_BREAKS, solve
from .theory import closed_tour_board, open_tour_board
from .tour import Tour
from .verify import is_tour, verify

__all__ = [
    "__version__",
    "BoardTooLargeError",
    "DEFAULT_ORDER",
    "DeadEndError",
    "InvalidTourError",
    "KnightError",
    "METHODS",
    "NoTourError",
    "SearchLimitError",
    "TIE_BREAKS",
    "Tour",
    "WorkerLostError",
    "closed_tour_board",
    "compare",
    "count",
    "exists",
    "is_tour",
    "open_tour_board",
    "solve",
    "start_squares",
    "sweep",
    "tours",
    "verify",
    "why_not",
]

"""Search limits, deadlines and progress bars, checked one way for every engine.

Every long-running entry point (``solve``, ``count``, ``tours``, ``sweep``,
``compare``) takes the same ``max_nodes``, ``timeout`` and ``progress``
arguments; they are validated here, before any work starts, and a timeout
becomes a deadline on the clock the cores poll (``time.time()``, so a
deadline set in this process also holds in the worker processes a count is
shipped to).
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

from .errors import SearchLimitError
from .geometry import as_int


def check_bool(value: Any, name: str) -> bool:
    """``value`` as a bool, or TypeError naming ``name`` (no truthiness)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {type(value).__name__}")


def check_max_nodes(max_nodes: Any) -> int | None:
    """A node budget of at least 1, or None for no limit."""
    if max_nodes is None:
        return None
    nodes = as_int(max_nodes, "max_nodes")
    if nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, got {nodes}")
    # The cores count nodes in int64: a larger limit is never reached.
    return min(nodes, 2**63 - 1)


def check_timeout(timeout: Any) -> float | None:
    """A positive, finite number of seconds, or None for no limit."""
    if timeout is None:
        return None
    if isinstance(timeout, (bool, np.bool_)) or not isinstance(
        timeout, (int, float, np.integer, np.floating)
    ):
        raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
    seconds = float(timeout)
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"timeout must be a positive, finite number of seconds, got {timeout!r}")
    return seconds


def deadline(seconds: float | None) -> float:
    """The ``time.time()`` at which ``seconds`` from now have passed; 0.0 for none."""
    return 0.0 if seconds is None else time.time() + seconds


def check_progress(progress: Any) -> bool:
    """``progress`` as a bool; True also needs tqdm, checked before any work."""
    if not check_bool(progress, "progress"):
        return False
    tqdm_class()
    return True


def tqdm_class() -> Any:
    """tqdm's progress bar class, or ImportError naming the extra that brings it."""
    try:
        from tqdm import tqdm
    except ImportError:
        raise ImportError("progress=True needs tqdm: pip install 'knight-tour[progress]'") from None
    return tqdm


def progress_bar(total: int, desc: str, unit: str) -> Any:
    """A progress bar on stderr (the caller has checked ``progress``)."""
    return tqdm_class()(total=total, desc=desc, unit=unit, file=sys.stderr)


def stopped(what: str, began: float, nodes: int) -> SearchLimitError:
    """The error of a count or enumeration that its timeout stopped."""
    seconds = time.perf_counter() - began
    return SearchLimitError(f"{what} stopped by the timeout after {seconds:.3f} s", nodes, seconds)

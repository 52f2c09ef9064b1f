"""Type stub for the polling helper of the cores (its C functions are cimported, not called)."""

from typing import Any

import numpy as np
import numpy.typing as npt

# event: anything with an is_set() method (threading.Event, knight.Cancel).
def watch(flag: npt.NDArray[np.uint8], event: Any) -> int: ...
def unwatch(key: int) -> None: ...
def is_cancelled(flag: npt.NDArray[np.uint8]) -> bool: ...

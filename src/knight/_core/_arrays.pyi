"""The array types the core stubs share: I32 is an int32 NumPy array, and so on.

A stub only (as typeshed's ``_typeshed``): no module stands behind it at run
time, and only stubs import it.
"""

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

I32: TypeAlias = npt.NDArray[np.int32]
I64: TypeAlias = npt.NDArray[np.int64]
U8: TypeAlias = npt.NDArray[np.uint8]
U32: TypeAlias = npt.NDArray[np.uint32]
U64: TypeAlias = npt.NDArray[np.uint64]
F64: TypeAlias = npt.NDArray[np.float64]

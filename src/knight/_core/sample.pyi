"""Type stub for the sampler's transition core (see sample.pyx)."""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

MAX_WIDTH: int
TOO_MANY: int
OVERFLOW: int
NO_MEMORY: int

# A cdef class: its C layout cannot be combined with another base's.
@disjoint_base
class Stepper:
    def __init__(
        self,
        W: int,
        N: int,
        target: npt.NDArray[np.int32],
        back: npt.NDArray[np.int32],
        rem: npt.NDArray[np.int32],
        fwd: npt.NDArray[np.int32],
        last_fwd: npt.NDArray[np.int32],
        pinned: npt.NDArray[np.int32],
        last_needed: int,
        path_mode: bool,
    ) -> None: ...
    def successors(self, p: int, key: int) -> list[int]: ...
    def choices(self, p: int, key: int) -> list[tuple[int, tuple[int, ...]]]: ...
    def build(self, max_states: int) -> int: ...
    def build_half(
        self, max_states: int, primes: npt.NDArray[np.uint64], keep: bool = False
    ) -> int: ...
    def final_index(self, key: int) -> int: ...
    def ways(self, p: int, d: int) -> tuple[int, ...]: ...
    def edges_in(self, p: int, d: int) -> list[tuple[int, int]]: ...
    def choice_slots(self, p: int, d: int, c: int) -> list[int]: ...
    def final_table(
        self,
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]: ...
    def walk_back(self, key: int, r: int) -> list[tuple[int, int]]: ...
    @property
    def total(self) -> int: ...
    def completions(self, p: int, key: int) -> int: ...

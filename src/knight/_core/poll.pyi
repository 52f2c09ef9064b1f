"""Type stub for the polling helper of the cores (its C functions are cimported, not called)."""

from typing import Any

from ._arrays import U8

# event: anything with an is_set() method (threading.Event, knight.Cancel).
def watch(flag: U8, event: Any) -> int: ...
def unwatch(key: int) -> None: ...
def is_cancelled(flag: U8) -> bool: ...

"""A package's names loaded on first use (PEP 562): the module ``__getattr__``
that ``knight`` and ``knight.counting`` share.

Light, as ``import knight`` must be: it imports neither ``typing`` nor
anything of the package.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping
    from collections.abc import Set as AbstractSet
    from typing import Any


def loader(package: str, namespace: MutableMapping[str, Any], lazy: Mapping[str, str],
           submodules: AbstractSet[str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package`` (its globals: ``namespace``).

    A name of ``lazy`` is imported from the module it maps to (relative to
    the package), a name of ``submodules`` is that submodule, imported as
    ``import package.NAME`` would; the value is kept in ``namespace``, so
    later look-ups are plain attribute reads.  Any other name is an
    :class:`AttributeError`.
    """

    def load(name: str) -> Any:
        where = lazy.get(name)
        if where is not None:
            value = getattr(importlib.import_module(where, package), name)
        elif name in submodules:
            value = importlib.import_module(f".{name}", package)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    return load

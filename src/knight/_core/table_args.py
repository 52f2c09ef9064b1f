"""The argument checks of the searches over a neighbour table, written once for
the cores (``table_search.pyx``) and their twins (``table_search_py.py``), so
that both refuse the same arguments with the same message.

>>> check_between(12, 0, 11, 0)
>>> check_between(12, 0, 12, 0)
Traceback (most recent call last):
ValueError: end is not a square of the table
"""

from __future__ import annotations


def check_square(square: int, n: int, name: str = "start") -> None:
    """ValueError unless ``square`` is one of the table's ``n`` squares."""
    if not 0 <= square < n:
        raise ValueError(f"{name} is not a square of the table")


def check_between(n: int, start: int, end: int, connect_depth: int) -> None:
    """The checks of a search from ``start`` to ``end`` on a table of ``n`` squares."""
    check_square(start, n)
    check_square(end, n, "end")
    if start == end and n > 1:
        raise ValueError("end must differ from start on a table of more than one square")
    if connect_depth < 0:
        raise ValueError(f"connect_depth must be 0 or more, got {connect_depth}")


__all__ = ["check_between", "check_square"]

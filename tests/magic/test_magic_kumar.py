"""Awani Kumar's counts of 4-rank tours whose short lines are magic (OEIS A309273).

Kumar (arXiv:1802.09340; OEIS A309273, A328816) counts the knight's tours of
4 x n boards whose files (the short lines, 4 squares) all share one sum, the
ranks free: 9, 16, 38, 104 for n = 7..10.  His definition, checked here: the
numbered tours (each start and direction its own numbering) up to the four
symmetries of the rectangle, reversal not identified -- the numbered tours
divided by 4 (no such tour is fixed by a symmetry).  Reproduced by listing
every tour with :func:`knight.tours`, which these numbers check in turn.
"""

from __future__ import annotations

import numpy as np
import pytest

import knight

#: OEIS A309273(n) for n = 7..10 (4 x n boards, short lines magic)
A309273 = {7: 9, 8: 16, 9: 38, 10: 104}


def _short_lines_magic(cols: int) -> tuple[int, int]:
    """(numbered tours of 4 x cols whose files share one sum, their classes
    under the rectangle's four symmetries)."""
    found = []
    for tour in knight.tours(4, cols):
        sums = tour.board.sum(axis=0)
        if (sums == sums[0]).all():
            found.append(np.array(tour.board))
    classes = {min(x.tobytes() for x in (b, b[::-1], b[:, ::-1], b[::-1, ::-1])) for b in found}
    return len(found), len(classes)


@pytest.mark.parametrize("cols", [
    7, 8, pytest.param(9, marks=pytest.mark.slow), pytest.param(10, marks=pytest.mark.slow)])
def test_kumar_a309273(cols: int) -> None:
    numbered, classes = _short_lines_magic(cols)
    assert classes == A309273[cols] and numbered == 4 * classes


def test_no_short_lines_magic_tour_below_4x7() -> None:
    # A309273(5) = A309273(6) = 0 (4x5: 164 numbered tours, 4x6: 1488)
    assert _short_lines_magic(5) == (0, 0) == _short_lines_magic(6)

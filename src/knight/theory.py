"""What the theorems say about which boards and start squares have tours.

* Closed tours (Schwenk 1991): an m x n board, m <= n, has one unless m and n
  are both odd; or m is 1, 2 or 4; or m = 3 and n is 4, 6 or 8.
* Open tours: 1x1, 3x4, 3xn for n >= 7, 4xn for n >= 5, and every board with
  both sides at least 5; no other board.
* Colour: a knight changes colour at every move, so on a board with an odd
  number of squares both ends of an open tour lie on the corner colour.

These rules settle every board; on the thin 3xn and 4xn boards some start
squares of the right colour still have no tour, which only search settles.
"""

from __future__ import annotations

from .geometry import Square, article, board_size


def closed_tour_board(rows: int, cols: int) -> bool:
    """Schwenk's theorem: does a ``rows`` x ``cols`` board have a closed tour?

    >>> closed_tour_board(8, 8), closed_tour_board(4, 9), closed_tour_board(3, 10)
    (True, False, True)
    """
    m, n = sorted(board_size(rows, cols))
    if m % 2 and n % 2:
        return False
    if m in (1, 2, 4):
        return False
    if m == 3 and n in (4, 6, 8):
        return False
    return True


def open_tour_board(rows: int, cols: int) -> bool:
    """Does a ``rows`` x ``cols`` board have an open tour (a Hamiltonian path)?

    >>> open_tour_board(1, 1), open_tour_board(3, 4), open_tour_board(4, 4)
    (True, True, False)
    """
    m, n = sorted(board_size(rows, cols))
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n == 4 or n >= 7
    if m == 4:
        return n >= 5
    return True


def board_reason(rows: int, cols: int, closed: bool) -> str | None:
    """Why no tour of the board exists at all, or ``None`` if tours exist."""
    m, n = sorted((rows, cols))
    size = f"{rows}x{cols}"
    if closed:
        if closed_tour_board(rows, cols):
            return None
        if m == 1 and n == 1:
            return "a 1x1 board has no closed tour: the knight cannot move back to its square"
        if m % 2 and n % 2:
            return (
                f"{article(size)} board has an odd number of squares, and a closed tour "
                "alternates colours, so it needs an even number (Schwenk 1991)"
            )
        return f"{article(size)} board has no closed tour (Schwenk 1991: no closed tour when " + (
            "the shorter side is 1, 2 or 4)" if m in (1, 2, 4) else "the board is 3x4, 3x6 or 3x8)"
        )
    if open_tour_board(rows, cols):
        return None
    return (
        f"{article(size)} board has no knight's tour: open tours exist only on 1x1, 3x4, "
        "3xn for n >= 7, 4xn for n >= 5 and boards with both sides at least 5"
    )


def start_reason(rows: int, cols: int, start: Square, closed: bool) -> str | None:
    """Why no tour can start on ``start`` by the colour argument, or ``None``."""
    if closed or (rows * cols) % 2 == 0:
        return None
    if (start[0] + start[1]) % 2:
        return (
            f"{article(f'{rows}x{cols}')} board has an odd number of squares, so a tour must start "
            f"and end on the corner colour; {start} is on the other colour"
        )
    return None


def reason(rows: int, cols: int, start: Square, closed: bool) -> str | None:
    """The theorem or argument that rules out a tour from ``start``, if any."""
    return board_reason(rows, cols, closed) or start_reason(rows, cols, start, closed)

#: :func:`knight.construct.construct_between` builds a tour between two chosen
#: squares on plain knight rectangles whose sides are both at least this (its
#: chain of blocks needs two block rows and columns); the planner routes such
#: boards to it.
BETWEEN_MIN_SIDE = 12

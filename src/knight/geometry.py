"""Squares, chess notation, move orders and memory: the checks every layer shares.

Squares are ``(row, col)`` pairs counted from 0, with ``(0, 0)`` in the
top-left corner and rows growing downward.  The checks of a board's size, a
square, a move order or an integer argument, and of the memory a request
needs, live here, below the board (:mod:`knight.board`) and the limits
(:mod:`knight.limits`), so that a mistake is reported by name before any
search starts or any array is allocated, instead of surfacing as a crash
deep inside a core.
"""

from __future__ import annotations

import functools
import operator
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from .errors import BoardTooLargeError

Square = tuple[int, int]
Move = tuple[int, int]

#: The order in which the eight knight moves are tried, as ``(drow, dcol)``
#: offsets.  It is the order of the classic textbook backtracking program
#: (two rows down and one column right first, then counter-clockwise as drawn
#: on the page).  Direction code ``k`` (1 to 8) names ``DEFAULT_ORDER[k - 1]``.
DEFAULT_ORDER: tuple[Move, ...] = (
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
)

KNIGHT_MOVES: frozenset[Move] = frozenset(DEFAULT_ORDER)

#: Step numbers are int32, so a board may have at most this many squares
#: (the searches also keep a two-square border around the board).
MAX_SQUARES = 2**31 - 1 - 2**20


#: Integers this long or longer are refused by :func:`as_int`: no size, square,
#: step, seed or limit needs them, and Python cannot even print one past 4,300
#: digits (every message that names the value would fail instead).
_HUGE = 10**4000


def as_int(value: Any, name: str) -> int:
    """Return ``value`` as a Python int, refusing bools, floats, strings and
    integers of 4,000 digits or more.

    >>> as_int(10**5000, "rows")
    Traceback (most recent call last):
    ValueError: rows is an integer of 5,001 digits: far too large to use
    """
    if type(value) is int:
        n = value
    elif isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    else:
        try:
            n = operator.index(value)
        except TypeError:
            raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    if -_HUGE < n < _HUGE:
        return n
    digits = len(str(abs(n) // 10**3000)) + 3000  # str() of the whole would refuse
    raise ValueError(f"{name} is an integer of {digits:,} digits: far too large to use")


def board_size(rows: Any, cols: Any = None) -> tuple[int, int]:
    """Validate a board size; ``cols`` defaults to ``rows`` (a square board)."""
    r = as_int(rows, "rows")
    c = r if cols is None else as_int(cols, "cols")
    if r < 1:
        raise ValueError(f"rows must be at least 1, got {r}")
    if c < 1:
        raise ValueError(f"cols must be at least 1, got {c}")
    if (r + 4) * (c + 4) > MAX_SQUARES:
        raise BoardTooLargeError(
            f"{article(f'{r}x{c}')} board has {r * c:,} squares; step numbers are int32, "
            f"so at most about {MAX_SQUARES:,} squares are supported"
        )
    return r, c


#: Files (columns) in algebraic notation; boards wider than this have none.
FILES = "abcdefghijklmnopqrstuvwxyz"


def algebraic(sq: Square, rows: int, cols: int) -> str:
    """A square in chess notation: file letter from the left, rank 1 at the bottom.

    >>> algebraic((7, 0), 8, 8), algebraic((0, 7), 8, 8), algebraic((4, 4), 8, 8)
    ('a1', 'h8', 'e4')
    """
    if cols > len(FILES):
        raise ValueError(f"algebraic notation needs at most 26 columns; the board has {cols}")
    return f"{FILES[sq[1]]}{rows - sq[0]}"


#: A ``(row, col)`` square as a message prints it: not a leaper's ``(1, 3)-leaper``.
_PAIR_TEXT = re.compile(r"\((\d+), (\d+)\)(?!-)")
#: A list of moves, as a board's description prints them: no squares inside.
_LIST_TEXT = re.compile(r"\[[^\]]*\]")


def name_squares(text: str, rows: int, cols: int) -> str:
    """``text`` with its ``(row, col)`` squares named in chess notation, for a
    user who gave a square so ("b1"): a message answers in the notation asked.

    Only pairs on the ``rows`` x ``cols`` board are squares; the moves listed
    in brackets (a board's description) and an ``(a, b)-leaper`` are left as
    they are, and so is all of ``text`` on a board too wide for letters.

    >>> name_squares("no open tour starts at (4, 1); (0, 0) is fine", 5, 5)
    'no open tour starts at b1; a5 is fine'
    >>> name_squares("the (1, 3)-leaper; moves [(1, 2), (2, 1)]; (9, 9)", 5, 5)
    'the (1, 3)-leaper; moves [(1, 2), (2, 1)]; (9, 9)'
    """
    if cols > len(FILES):
        return text

    def one(m: re.Match[str]) -> str:
        r, c = int(m.group(1)), int(m.group(2))
        return algebraic((r, c), rows, cols) if r < rows and c < cols else m.group(0)

    parts = []
    last = 0
    for m in _LIST_TEXT.finditer(text):
        parts.append(_PAIR_TEXT.sub(one, text[last:m.start()]))
        parts.append(m.group(0))
        last = m.end()
    parts.append(_PAIR_TEXT.sub(one, text[last:]))
    return "".join(parts)


#: A square in chess notation, lower-cased: a file letter and a rank, ASCII only.
_ALGEBRAIC = re.compile(r"([a-z])([0-9]+)")


def article(phrase: str) -> str:
    """``phrase`` with "a" or "an" before it, as it is read aloud: a board
    size or a number reads "an" when it is spoken from "eight", "eleven" or
    "eighteen" ("an 8x8 board", "an 11x4", "an 18,000"), else "a".

    >>> article("8x8"), article("5x5"), article("11x11"), article("110x3"), article("18000x1")
    ('an 8x8', 'a 5x5', 'an 11x11', 'a 110x3', 'an 18000x1')
    >>> article("king's tour"), article("open tour")
    ("a king's tour", 'an open tour')
    """
    head = phrase.lstrip()
    digits = ""
    for ch in head:
        if ch.isdigit():
            digits += ch
        elif ch != "," or not digits:
            break
    if digits:
        lead = digits[: len(digits) % 3 or 3]  # the group spoken first: "18" of 18,000
        vowel = lead.startswith("8") or lead in ("11", "18")
    else:
        vowel = head[:1].lower() in ("a", "e", "i", "o", "u")
    return ("an " if vowel else "a ") + phrase


def shown(text: str, width: int = 40) -> str:
    """``repr(text)`` for a message, cut in the middle past ``width``
    characters: a token of thousands of characters would bury the message.

    >>> shown("e4"), shown("1" * 5000)
    ("'e4'", "'11111111111111111111...11111111111111111111'")
    """
    if len(text) <= width:
        return repr(text)
    half = width // 2
    return repr(text[:half] + "..." + text[-half:])


def text_int(token: str, what: str) -> int:
    """The integer written as ``token``: ASCII digits with an optional sign.

    The one reader of numbers typed as text (board and puzzle text, the
    CLI's arguments).  ``int()`` alone is not enough: it takes other
    scripts' digits (``int("١") == 1``), underscores and spaces, and refuses
    a number past 4,300 digits with advice about
    ``sys.set_int_max_str_digits``; here either is a ``ValueError`` that
    names ``what`` and the token.

    >>> text_int("-12", "the size")
    -12
    >>> text_int("1" * 5000, "line 3: the token")
    Traceback (most recent call last):
    ValueError: line 3: the token '111...111' is not a usable number: it has 5,000 digits
    """
    if not re.fullmatch(r"[+-]?[0-9]+", token):
        raise ValueError(f"{what} {shown(token)} is not a number (digits 0-9 only)")
    try:
        return int(token)
    except ValueError:  # past the interpreter's limit on digits
        digits = len(token.lstrip("+-"))
        raise ValueError(
            f"{what} {shown(token)} is not a usable number: it has {digits:,} digits") from None


def parse_algebraic(text: str, rows: int, cols: int, name: str = "start") -> Square:
    """Read a square written as in chess (``"e4"``): rank 1 is the bottom row.

    ASCII only: ``str.isdigit()`` and ``int()`` take other scripts' digits
    (``"a١"`` would read as a1, ``"a²"`` would fail inside ``int()``).

    >>> parse_algebraic("a1", 8, 8), parse_algebraic("e4", 8, 8)
    ((7, 0), (4, 4))
    >>> parse_algebraic("a١", 8, 8)
    Traceback (most recent call last):
    ValueError: start 'a١' is not a square: use (row, col) or chess notation such as 'e4' ...
    """
    t = text.strip()
    # ASCII before lower(), which folds the Kelvin sign into "k".
    match = _ALGEBRAIC.fullmatch(t.lower()) if t.isascii() else None
    if match is None:
        raise ValueError(
            f"{name} {shown(text)} is not a square: use (row, col) or chess notation such as "
            "'e4' (ASCII letters and digits)"
        )
    if cols > len(FILES):
        raise ValueError(f"{name} {shown(text)}: algebraic notation needs at most 26 columns")
    digits = match.group(2).lstrip("0")
    # A rank with more digits than the board's rows is off the board; int()
    # is not asked (it refuses past 4,300 digits).
    rank = int(digits or "0") if len(digits) <= len(str(rows)) else rows + 1
    c = FILES.index(match.group(1))
    if not (c < cols and 1 <= rank <= rows):
        raise ValueError(
            f"{name} {shown(text)} is off the {rows}x{cols} board (files a..{FILES[cols - 1]}, "
            f"ranks 1..{rows})"
        )
    return rows - rank, c


def square(value: Any, rows: int, cols: int, name: str = "start") -> Square:
    """Validate a square on a ``rows`` x ``cols`` board.

    A square is a ``(row, col)`` pair or, on boards up to 26 columns wide, a
    string in chess notation such as ``"e4"``.
    """
    if type(value) is tuple and len(value) == 2:
        r, c = value
        if type(r) is int and type(c) is int and 0 <= r < rows and 0 <= c < cols:
            return value
    if isinstance(value, str):
        return parse_algebraic(value, rows, cols, name)
    if (isinstance(value, bytes) or not isinstance(value, (Sequence, np.ndarray))
            or (isinstance(value, np.ndarray) and value.ndim == 0)):
        raise TypeError(f"{name} must be a (row, col) pair, not {type(value).__name__}")
    if len(value) != 2:
        raise ValueError(f"{name} must be a (row, col) pair, got {len(value)} values")
    r = as_int(value[0], f"{name} row")
    c = as_int(value[1], f"{name} col")
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(
            f"{name} {(r, c)} is off the {rows}x{cols} board "
            f"(rows 0..{rows - 1}, cols 0..{cols - 1})"
        )
    return r, c


def move_order(order: Iterable[Any] | None) -> tuple[Move, ...]:
    """Validate a move order: the eight knight moves, each exactly once.

    Orders given as a tuple or list of ``(drow, dcol)`` pairs of plain ints
    are validated once and then answered from a cache (validation costs
    microseconds, a hit a fraction of one); anything else (numpy arrays,
    numpy integers, generators) is validated each time.

    >>> move_order([(1, 2), (2, 1), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)])[:2]
    ((1, 2), (2, 1))
    """
    if order is None or order is DEFAULT_ORDER:
        return DEFAULT_ORDER
    if type(order) is tuple or type(order) is list:
        # The cache key holds only exact ints (True == 1 and 2.0 == 2 hash
        # alike, but must still be refused), in tuples (lists are unhashable).
        key = tuple([tuple(m) if type(m) is list else m for m in order])
        if all(type(m) is tuple and len(m) == 2 and type(m[0]) is int and type(m[1]) is int
               for m in key):
            return _cached_order(key)
    return _check_order(order)


def _check_order(order: Iterable[Any]) -> tuple[Move, ...]:
    if isinstance(order, (str, bytes)):
        raise TypeError("order must be a sequence of 8 (drow, dcol) pairs, not a string")
    try:
        moves = [tuple(m) for m in order]
    except TypeError:
        raise TypeError("order must be a sequence of 8 (drow, dcol) pairs") from None
    result: list[Move] = []
    for i, m in enumerate(moves):
        if len(m) != 2:
            raise ValueError(f"order[{i}] must be a (drow, dcol) pair, got {m!r}")
        mv = (as_int(m[0], f"order[{i}] drow"), as_int(m[1], f"order[{i}] dcol"))
        if mv not in KNIGHT_MOVES:
            raise ValueError(f"order[{i}] = {mv} is not a knight move")
        if mv in result:
            raise ValueError(f"order lists the move {mv} twice")
        result.append(mv)
    if len(result) != 8:
        raise ValueError(f"order must list all 8 knight moves, got {len(result)}")
    return tuple(result)


# Errors are not cached (lru_cache stores only returned values), so a bad
# order raises every time.  Orders are few: 8! of them at most, and a
# program uses a handful.
_cached_order = functools.lru_cache(maxsize=256)(_check_order)


@functools.lru_cache(maxsize=256)
def _order_array(order: tuple[Move, ...]) -> np.ndarray:
    arr = np.array(order, dtype=np.int32).reshape(8, 2)
    arr.flags.writeable = False
    return arr


_DEFAULT_ORDER_ARRAY = _order_array(DEFAULT_ORDER)


def order_array(order: Sequence[Move]) -> np.ndarray:
    """The move order as the contiguous, read-only ``int32`` (8, 2) array the cores take."""
    if order is DEFAULT_ORDER:
        return _DEFAULT_ORDER_ARRAY
    if type(order) is tuple:
        try:
            return _order_array(order)
        except TypeError:  # unhashable pairs (lists): not cached
            pass
    return np.ascontiguousarray(order, dtype=np.int32).reshape(8, 2)


def colour(sq: Square) -> int:
    """0 for the corner colour (the colour of ``(0, 0)``), 1 for the other."""
    return (sq[0] + sq[1]) & 1


def is_knight_move(a: Square, b: Square) -> bool:
    """True when ``b`` is one knight move from ``a``."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) in ((1, 2), (2, 1))


def available_memory() -> int:
    """Bytes of memory this process can reasonably use (best effort).

    The machine's available memory, or less when a container's memory limit
    (cgroup) or an address-space limit (``ulimit -v``) leaves less: there
    the machine's figure is not what the process may take, and going over
    the limit gets it killed (cgroup) or a bare MemoryError (rlimit).
    """
    avail = _machine_memory()
    room = _limit_room()
    return avail if room is None else min(avail, room)


def _machine_memory() -> int:
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return 2**63 - 1


_CGROUP_FILES = (
    ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),  # cgroup v2
    ("/sys/fs/cgroup/memory/memory.limit_in_bytes",  # cgroup v1
     "/sys/fs/cgroup/memory/memory.usage_in_bytes"),
)


def _limit_room() -> int | None:
    """Bytes left under a cgroup memory limit or RLIMIT_AS, if either is set."""
    room: list[int] = []
    for limit_file, usage_file in _CGROUP_FILES:
        try:
            with open(limit_file, encoding="ascii") as f:
                text = f.read().strip()
            if text == "max" or int(text) >= 2**60:  # no limit (v2, v1)
                continue
            with open(usage_file, encoding="ascii") as f:
                used = int(f.read().strip())
            room.append(max(int(text) - used, 0))
        except (OSError, ValueError):
            pass
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            with open("/proc/self/statm", encoding="ascii") as f:
                size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            room.append(max(soft - size, 0))
    except (ImportError, OSError, ValueError, AttributeError):
        pass
    return min(room) if room else None


#: Jobs below this size are not checked: they always fit, and reading the
#: system's free memory costs more than solving a small board.
SMALL_JOB = 64 * 2**20


def check_memory(needed: int, what: str) -> None:
    """Refuse, before allocating, a job that would not fit in memory."""
    if needed < SMALL_JOB:
        return
    avail = available_memory()
    if needed > avail:
        raise BoardTooLargeError(
            f"{what} needs about {needed / 2**30:.1f} GiB of memory, "
            f"but only {avail / 2**30:.1f} GiB is available"
        )


def sweep_back_moves(rows: int, cols: int, moves: Iterable[Move]) -> tuple[Move, ...]:
    """The moves that reach an earlier square of a sweep along the longer
    side of a ``rows`` x ``cols`` board (the frontier DP's), as ``(dcol,
    drow)`` in the sweep's frame (columns along the longer side), sorted;
    ``moves`` are ``(drow, dcol)`` offsets of the board, and moves longer
    than the board are dropped.

    >>> sweep_back_moves(3, 5, [(0, 1), (0, -1), (1, 0), (-1, 0)])  # the wazir
    ((-1, 0), (0, -1))
    """
    W, L = min(rows, cols), max(rows, cols)
    out = set()
    for dr, dc in moves:
        a, b = (dc, dr) if rows <= cols else (dr, dc)  # (along, across) the sweep
        if abs(b) < W and abs(a) < L and (a < 0 or (a == 0 and b < 0)):
            out.add((a, b))
    return tuple(sorted(out))


def sweep_window(rows: int, cols: int, moves: Iterable[Move]) -> int:
    """The slots of the frontier DP's state on a ``rows`` x ``cols`` board
    for the move set ``moves`` ((drow, dcol) offsets): the cells a sweep
    along the longer side keeps, the longest back move in cells (``dcol *
    W + drow`` in the sweep's frame, W the shorter side) and at least the
    knight's 2W + 1, whose layout every shorter move set shares.

    >>> sweep_window(8, 8, [(0, 1), (0, -1), (1, 0), (-1, 0)])  # the wazir
    17
    >>> zebra = [(2, 3), (3, 2), (-2, 3), (-3, 2), (2, -3), (3, -2), (-2, -3), (-3, -2)]
    >>> sweep_window(5, 10, zebra)  # 3 columns and 2 rows back: 3 x 5 + 2
    17
    """
    W = min(rows, cols)
    bm = sweep_back_moves(rows, cols, moves)
    return max([2 * W + 1] + [-dc * W - dr for dc, dr in bm])


#: The most slots a frontier DP state holds: 32 of 4 bits, its 128-bit key.
MAX_WINDOW = 32


def sweep_reason(rows: int, cols: int, moves: Iterable[Move]) -> str | None:
    """Why a sweep along the longer side of a ``rows`` x ``cols`` board (the
    frontier DP's) cannot take the move set ``moves`` ((drow, dcol) offsets),
    or None if it can: the moves must be closed under negation (an
    undirected graph), at most four of them may reach back (the core's
    slots), and the longest back move must fit the state's window
    (:func:`sweep_window`, at most :data:`MAX_WINDOW` cells).  Every leaper
    fits a narrow enough board: the knight, king, wazir, ferz and dabbaba
    any board the DP takes, the zebra (2, 3) and the camel (1, 3) boards up
    to 10 wide, the giraffe (1, 4) and the antelope (3, 4) up to 7.  The
    width limit of the knight's frontier is not judged here.

    >>> sweep_reason(8, 8, [(0, 1), (0, -1), (1, 0), (-1, 0)]) is None
    True
    >>> zebra = [(2, 3), (3, 2), (-2, 3), (-3, 2), (2, -3), (3, -2), (-2, -3), (-3, -2)]
    >>> sweep_reason(10, 10, zebra) is None
    True
    >>> print(sweep_reason(11, 11, zebra))
    a move (3, 2) reaches 35 cells back along the sweep (the board is 11 wide), more than ...
    """
    offs = set(moves)
    if any((-a, -b) not in offs for a, b in offs):
        return "the moves are not closed under negation (a move and its reverse)"
    bm = sweep_back_moves(rows, cols, offs)
    if len(bm) > 4:
        return f"{len(bm)} moves reach back in the sweep, more than the 4 the core keeps"
    W = min(rows, cols)
    S = sweep_window(rows, cols, offs)
    if S > MAX_WINDOW:
        dc, dr = max(bm, key=lambda m: -m[0] * W - m[1])
        return (f"a move ({-dc}, {-dr}) reaches {S} cells back along the sweep (the board is "
                f"{W} wide), more than the {MAX_WINDOW} a state holds")
    return None


def used_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """``(top, left, rows, cols)`` of the smallest rectangle holding every
    True square of the 2-D bool array ``mask`` (which holds one)."""
    used_r = np.flatnonzero(mask.any(axis=1))
    used_c = np.flatnonzero(mask.any(axis=0))
    top, left = int(used_r[0]), int(used_c[0])
    return top, left, int(used_r[-1]) + 1 - top, int(used_c[-1]) + 1 - left

"""The JSON of a puzzle: ``format`` and ``version``, the board, ``closed``,
the clues as ``[row, col, step]`` (steps from 0) and the solution, as
:meth:`knight.puzzle.Puzzle.to_dict` describes; :func:`from_dict` reads it
back and :func:`loads` and :func:`dumps` are the JSON text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NoReturn

import numpy as np

from ..board import Board
from ..geometry import Square, as_int, text_int
from ..limits import check_bool
from ..tour import Tour, _layout_dict

#: The ``"format"`` entry of :meth:`knight.puzzle.Puzzle.to_dict`, and its version.
JSON_FORMAT = "knight-puzzle"
JSON_VERSION = 1


def to_dict(board: Board, clues: dict[Square, int], closed: bool,
            solution: Tour | None) -> dict[str, Any]:
    """The JSON-ready description of a puzzle, for :meth:`knight.puzzle.Puzzle.to_dict`."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "board": _layout_dict(board),
        "closed": closed,
        "clues": [[r, c, step] for (r, c), step in clues.items()],
        "solution": None if solution is None else solution.to_dict(),
    }


def from_dict(data: Mapping[str, Any]) -> tuple[Board, dict[Any, int], bool, Tour | None]:
    """The board, the clues, ``closed`` and the solution that :func:`to_dict`
    describes, for :meth:`knight.puzzle.Puzzle.from_dict` (which checks the
    clues, and the solution against them)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"data must be a mapping (a JSON object), not {type(data).__name__}")
    if data.get("format", JSON_FORMAT) != JSON_FORMAT:
        raise ValueError(f"data is not a puzzle: its format is {data.get('format')!r}, "
                         f"not {JSON_FORMAT!r}")
    version = data.get("version", JSON_VERSION)
    if version != JSON_VERSION:
        raise ValueError(f"puzzle version {version!r} is not one this release reads "
                         f"({JSON_VERSION})")
    for key in ("board", "clues"):
        if key not in data:
            raise ValueError(f"data has no {key!r} entry")
    board = _board_from_dict(data["board"])
    clues_in = data["clues"]
    if not isinstance(clues_in, list):
        raise TypeError("data['clues'] must be a list of [row, col, step]")
    clues: dict[Any, int] = {}
    for i, item in enumerate(clues_in):
        if not isinstance(item, list) or len(item) != 3:
            raise ValueError(f"data['clues'][{i}] must be [row, col, step], got {item!r}")
        sq = (as_int(item[0], f"data['clues'][{i}] row"),
              as_int(item[1], f"data['clues'][{i}] col"))
        if sq in clues:
            raise ValueError(f"data['clues'] gives the square {sq} twice")
        clues[sq] = item[2]
    closed = check_bool(data.get("closed", False), "data['closed']")
    solution = data.get("solution")
    tour = None if solution is None else _tour_from_dict(solution, board)
    return board, clues, closed, tour


def dumps(data: dict[str, Any], **options: Any) -> str:
    """``data`` as JSON text (``options`` go to :func:`json.dumps`)."""
    return json.dumps(data, **options)


def loads(text: str | bytes) -> Any:
    """The JSON value of ``text``: ``ValueError`` when it does not parse, and
    when it writes an integer too long for ``int()`` (past 4,300 digits),
    naming where, as :func:`knight.geometry.text_int` does in the text
    format.

    >>> loads('{"clues": [[0, 0, 7]]}')
    {'clues': [[0, 0, 7]]}
    >>> loads('{"clues": [[0, 0, ' + "7" * 5000 + ']]}')
    Traceback (most recent call last):
    ValueError: the puzzle JSON: data['clues'][0][2] '777...777' is not a usable number: ...
    """
    unusable = False

    def integer(token: str) -> Any:
        nonlocal unusable
        try:
            return int(token)
        except ValueError:  # past the interpreter's limit on digits
            unusable = True
            return _Unusable(token)

    try:
        data = json.loads(text, parse_int=integer)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the puzzle JSON does not parse: {exc}") from None
    if unusable:
        _refuse_unusable(data)
    return data


class _Unusable(str):
    """An integer of the JSON that ``int()`` refuses, as written, until
    :func:`_refuse_unusable` finds where it is."""


def _refuse_unusable(data: Any) -> NoReturn:
    """Raise the ``ValueError`` of :func:`knight.geometry.text_int` for the
    first :class:`_Unusable` number in ``data``, named by its place
    (``data['clues'][0][2]``), as :meth:`knight.puzzle.Puzzle.from_dict`
    names the entries."""
    stack: list[tuple[str, Any]] = [("data", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, _Unusable):
            text_int(value, f"the puzzle JSON: {path}")  # raises: int() refused it
        elif isinstance(value, dict):
            stack.extend((f"{path}[{k!r}]", v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
    raise AssertionError("an unusable number that is not in the data")


def _board_from_dict(data: Any) -> Board:
    if not isinstance(data, Mapping):
        raise TypeError("data['board'] must be an object with rows, cols, holes, moves, wrap")
    for key in ("rows", "cols"):
        if key not in data:
            raise ValueError(f"data['board'] has no {key!r} entry")
    moves = data.get("moves") or "knight"
    if isinstance(moves, list):
        moves = [tuple(m) if isinstance(m, list) else m for m in moves]
    holes = data.get("holes") or None
    if holes is not None:
        holes = [tuple(h) if isinstance(h, list) else h for h in holes]
    return Board(data["rows"], data["cols"], holes=holes, moves=moves, wrap=data.get("wrap"))


def _tour_from_dict(data: Any, board: Board) -> Tour:
    """The tour of a :meth:`knight.Tour.to_dict` entry, on ``board``."""
    if not isinstance(data, Mapping) or "board" not in data:
        raise ValueError("data['solution'] must be a tour's to_dict() (with its 'board') or null")
    base = data.get("base", 0)
    if base not in (0, 1):
        raise ValueError(f"data['solution']['base'] must be 0 or 1, got {base!r}")
    try:
        steps = np.array(data["board"], dtype=np.int64)
    except (TypeError, ValueError):
        raise ValueError("data['solution']['board'] must be a grid of step numbers") from None
    if steps.shape != board.shape:
        raise ValueError(
            f"data['solution']['board'] is {'x'.join(map(str, steps.shape))}, but the board is "
            f"{board.rows}x{board.cols}")
    steps = np.where(board.mask, steps - base, -1).astype(np.int32)
    closed = check_bool(data.get("closed", False), "data['solution']['closed']")
    return Tour(steps, closed=closed, layout=board)

"""The exceptions knight-tour raises.

Everything the package raises on purpose derives from :class:`KnightError`,
except argument mistakes, which raise the built-in ``TypeError`` or
``ValueError`` naming the argument::

    KnightError
    ├── NoTourError          no tour exists (theory or exhaustive search says so)
    ├── DeadEndError         a greedy method got stuck; carries the partial tour
    ├── SearchLimitError     max_nodes or timeout reached before an answer
    │   └── SearchCancelled  the caller's cancel token stopped the work
    ├── WorkerLostError      a worker process of a count died (killed, out of memory)
    ├── InvalidTourError     verify() found a problem (also a ValueError)
    ├── CheckpointError      a checkpoint unwritable or refused (also a ValueError)
    └── BoardTooLargeError   the job cannot fit in memory (also a MemoryError)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


class KnightError(Exception):
    """Base class of the package's own exceptions."""


class NoTourError(KnightError):
    """No tour exists for the request.

    ``reason`` says why in words (a theorem, the colour argument, or an
    exhaustive search and how many nodes it visited); ``nodes`` is that
    search's node count (0 when theory answered).
    """

    def __init__(self, reason: str, nodes: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.nodes = nodes


class DeadEndError(KnightError):
    """A greedy method (Warnsdorff's rule) stopped before the tour was done.

    It does not prove that no tour exists: a backtracking method may still
    find one.  ``board`` holds the partial tour (step numbers, ``-1`` on the
    squares never reached), ``path`` its squares in order and ``steps`` how
    many squares it covered.
    """

    def __init__(
        self, message: str, board: np.ndarray, path: np.ndarray | None = None, *,
        steps: int | None = None,
    ) -> None:
        super().__init__(message)
        self.board = board
        # The path is built on first use: most callers only want the message
        # or the step count, and on a big board the path costs as much memory
        # as the board twice over.
        self._path = path
        if steps is None:
            steps = len(path) if path is not None else int((board >= 0).sum())
        self.steps = steps

    @property
    def path(self) -> np.ndarray:
        """The squares reached, in order: an int32 ``(steps, 2)`` array of ``(row, col)``."""
        if self._path is None:
            self._path = _path_of(self.board, self.steps)
        return self._path


def _path_of(board: np.ndarray, steps: int) -> np.ndarray:
    """The squares of a partial board (steps 0..steps-1, -1 elsewhere) in step
    order, in linear time: each reached square is written to its step's slot,
    no sort."""
    import numpy as np

    flat = board.ravel()
    reached = np.flatnonzero(flat >= 0)
    order = np.empty(steps, dtype=np.intp)
    order[flat[reached]] = reached
    rows, cols = np.divmod(order, board.shape[1])
    path = np.empty((steps, 2), dtype=np.int32)
    path[:, 0] = rows
    path[:, 1] = cols
    return path


class SearchLimitError(KnightError):
    """A search reached ``max_nodes`` or ``timeout`` before it finished.

    ``nodes``, ``backtracks`` and ``seconds`` say what it did until then.
    """

    def __init__(self, message: str, nodes: int, seconds: float, backtracks: int = 0) -> None:
        super().__init__(message)
        self.nodes = nodes
        self.seconds = seconds
        self.backtracks = backtracks

    def __reduce__(self) -> tuple[type, tuple[str, int, float, int]]:
        # Pickled with all its fields: a worker process of a count raises it
        # at its deadline, and the default (the message alone) cannot be
        # unpickled, which broke the pool.
        return (type(self), (str(self), self.nodes, self.seconds, self.backtracks))


class SearchCancelled(SearchLimitError):
    """The caller's cancel token (``cancel=``, a :class:`knight.Cancel` or a
    ``threading.Event``) was set, and the work stopped.

    A subclass of :class:`SearchLimitError` (a limit the caller chose to
    reach); ``nodes``, ``backtracks`` and ``seconds`` say what was done.
    """


class UndecidedError(SearchLimitError):
    """No theorem decides whether a tour exists, and the search that would
    decide stopped at its limit (``max_nodes``, ``timeout`` or ``cancel``).

    :func:`knight.exists` and :func:`knight.why_not` raise it instead of
    answering False for "don't know"; raise the limit to decide.
    """


class WorkerLostError(KnightError):
    """A worker process of a parallel count died (killed, or out of memory).

    The jobs it lost were run once more on a fresh pool before this is
    raised, so it means the count cannot finish on these workers.
    """


class InvalidTourError(KnightError, ValueError):
    """:func:`knight.verify` found that a board or path is not a valid tour.

    ``kind`` names the problem: ``"shape"``, ``"out-of-range"``,
    ``"repeated-step"``, ``"missing-step"``, ``"not-a-knight-move"`` or
    ``"not-closed"``.  ``step`` is the step number concerned and ``squares``
    the squares involved, where that applies.
    """

    def __init__(
        self,
        message: str,
        kind: str,
        step: int | None = None,
        squares: tuple[tuple[int, int], ...] = (),
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.step = step
        self.squares = squares


class CheckpointError(KnightError, ValueError):
    """A count's checkpoint directory (``checkpoint=``) cannot be written
    (not a directory, no permission, the disk full), or holds a checkpoint
    that is refused: written for other arguments, by another checkpoint
    format or build of the package, truncated or damaged.  The message
    names the directory; a refused checkpoint is never used.
    """


class BoardTooLargeError(KnightError, MemoryError):
    """The request cannot fit in memory or in int32 step numbers."""

    # Looked up along the MRO, __new__ would be MemoryError's, which refuses
    # to make an instance of a class whose layout comes from KnightError
    # ("MemoryError.__new__(BoardTooLargeError) is not safe"): unpicklers
    # that call cls.__new__(cls), as Dask's for a worker's exception, failed
    # and a cluster's BoardTooLargeError arrived as a bare Exception.
    __new__ = Exception.__new__  # type: ignore[assignment]

"""Bad arguments raise TypeError/ValueError naming the argument, before any work."""

import numpy as np
import pytest

import knight


@pytest.mark.parametrize(
    "args,kwargs,exc,match",
    [
        ((8.0,), {}, TypeError, "rows must be an integer"),
        (("8",), {}, TypeError, "rows must be an integer"),
        ((True,), {}, TypeError, "rows must be an integer"),
        ((8, 2.5), {}, TypeError, "cols must be an integer"),
        ((0,), {}, ValueError, "rows must be at least 1"),
        ((5, -1), {}, ValueError, "cols must be at least 1"),
        ((8,), {"start": (8, 0)}, ValueError, r"start \(8, 0\) is off the 8x8 board"),
        ((8,), {"start": (0, -1)}, ValueError, "off the 8x8 board"),
        ((8,), {"start": 3}, TypeError, "start must be a"),
        ((8,), {"start": b"a1"}, TypeError, "start must be a"),
        ((8,), {"start": "i1"}, ValueError, "off the 8x8 board"),
        ((8,), {"start": "a9"}, ValueError, "off the 8x8 board"),
        ((8,), {"start": "e"}, ValueError, "chess notation"),
        # Other scripts' digits are not ranks (issue 26): "a١" is not a1.
        ((8,), {"start": "a١"}, ValueError, "start 'a١' is not a square"),
        ((8,), {"start": "a²"}, ValueError, "start 'a²' is not a square"),
        ((26,), {"start": "\u212a1"}, ValueError, "is not a square"),  # the Kelvin sign
        ((8,), {"start": "a" + "1" * 5000}, ValueError, r"start 'a1+\.\.\.1+' is off the 8x8"),
        ((30,), {"start": "a1"}, ValueError, "at most 26 columns"),
        ((8,), {"start": (1, 2, 3)}, ValueError, "start must be a"),
        ((8,), {"start": (1.0, 2)}, TypeError, "start row must be an integer"),
        ((8,), {"closed": "yes"}, TypeError, "closed must be True or False"),
        ((8,), {"method": "dfs"}, ValueError, "method must be one of"),
        ((8,), {"method": None}, ValueError, "method must be one of"),
        ((8,), {"tie_break": "last", "method": "warnsdorff"}, ValueError, "tie_break must be"),
        ((8,), {"tie_break": "roth"}, ValueError, "tie_break applies to method='warnsdorff'"),
        ((8,), {"seed": 3, "method": "warnsdorff"}, ValueError, "seed applies to"),
        ((8,), {"seed": -1, "method": "warnsdorff", "tie_break": "random"}, ValueError, "seed"),
        ((8,), {"seed": 1.5, "method": "warnsdorff", "tie_break": "random"}, TypeError, "seed"),
        ((8,), {"max_nodes": 0}, ValueError, "max_nodes must be at least 1"),
        ((8,), {"max_nodes": 1.0}, TypeError, "max_nodes must be an integer"),
        ((8,), {"timeout": 0}, ValueError, "timeout must be a positive"),
        ((8,), {"timeout": float("nan")}, ValueError, "timeout must be a positive"),
        ((8,), {"timeout": "1"}, TypeError, "timeout must be a number"),
        ((8,), {"order": [(2, 1)] * 8}, ValueError, "twice"),
        ((8,), {"order": [(2, 1), (1, 2)]}, ValueError, "all 8 knight moves"),
        (
            (8,),
            {"order": [(1, 1)] + list(knight.DEFAULT_ORDER[1:])},
            ValueError,
            "not a knight move",
        ),
        ((8,), {"order": "abcdefgh"}, TypeError, "order must be"),
        ((8,), {"order": 5}, TypeError, "order must be"),
    ],
)
def test_bad_arguments(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        knight.solve(*args, **kwargs)


def test_numpy_integers_are_accepted():
    tour = knight.solve(np.int64(6), np.int32(6), start=(np.int8(1), np.uint16(2)))
    assert tour.shape == (6, 6) and tour.start == (1, 2)


def test_any_valid_order_is_accepted():
    order = list(reversed(knight.DEFAULT_ORDER))
    assert knight.solve(8, order=order, method="warnsdorff-backtrack").shape == (8, 8)


def test_board_too_large_is_refused_before_allocating():
    with pytest.raises(knight.BoardTooLargeError, match="int32"):
        knight.solve(100_000, 100_000)
    with pytest.raises(MemoryError):
        knight.solve(46_000, 46_000, method="warnsdorff-backtrack")


def test_argument_errors_precede_theory():
    # A bad argument is reported even when no tour could exist anyway.
    with pytest.raises(ValueError, match="method"):
        knight.solve(4, method="nope")


# Issue 26 (item 7, and what the fuzz harness found beside it): an int that
# Python cannot print (past 4,300 digits) is refused by name, never with
# Python's own "Exceeds the limit" message from inside another message.
@pytest.mark.parametrize("call", [
    lambda: knight.Board(10**5000),
    lambda: knight.solve(10**5000),
    lambda: knight.solve(5, start=(10**5000, 0)),
    lambda: knight.solve(5, max_nodes=-(10**5000)),
    lambda: knight.count(5, limit=-(10**5000)),
    lambda: knight.puzzle.make(5, seed=10**5000),
    lambda: knight.puzzle.Puzzle(3, {(0, 0): 10**5000}),
])
def test_an_int_too_long_to_print_is_refused_by_name(call):
    with pytest.raises(ValueError, match="is an integer of 5,001 digits: far too large"):
        call()

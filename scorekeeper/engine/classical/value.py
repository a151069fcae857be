"""From points and doubles to a hand's value (seed 003, C "Scoring Formula").

``value = points x multiplier(doubles)``, where the multiplier is 2^doubles up to a slam (six doubles) and each
double beyond it adds instead of multiplying: ``2^6 + 2^(n-6)`` ("26 + 24 = 64 + 16 = 80 NOT 210=1024", the
superscripts lost in print). The points are first rounded to 10, the value optionally rounded and capped.
"""

from __future__ import annotations

from typing import assert_never

from scorekeeper.engine.classical.rules import ClassicalRules, PointsRounding, ValueRounding
from scorekeeper.errors import InvalidValueError

__all__ = ["SLAM", "cap_value", "multiplier", "round_points", "round_value"]

#: Doubles that make a slam (seed 003, C: "counting six doubles as a slam").
SLAM = 6


def multiplier(doubles: int, *, slam: bool = True) -> int:
    """What the points are multiplied by for ``doubles`` doubles.

    With the slam rule (seed 003, C): 2^n up to six doubles, then 2^6 + 2^(n-6): 9 doubles -> 64 + 8 = 72,
    10 -> 64 + 16 = 80, 12 (two slams) -> 128. Without it, 2^n.

    Raises:
        InvalidValueError: for a negative number of doubles.
    """
    if doubles < 0:
        raise InvalidValueError(f"a hand cannot have {doubles} doubles")
    if not slam or doubles <= SLAM:
        return int(2**doubles)
    return int(2**SLAM + 2 ** (doubles - SLAM))


def round_points(points: int, rounding: PointsRounding) -> int:
    """Round the total of points to 10 (seed 003, C: 22 -> 20, 38 -> 40; "if over 5 points, rounded to the next 10").

    Raises:
        InvalidValueError: for negative points.
    """
    if points < 0:
        raise InvalidValueError(f"points cannot be negative, got {points}")
    match rounding:
        case PointsRounding.HALF_DOWN:
            tens, ones = divmod(points, 10)
            return (tens + (ones > 5)) * 10
        case PointsRounding.UP:
            return -(-points // 10) * 10
        case PointsRounding.NONE:
            return points
        case _:
            assert_never(rounding)


def round_value(value: int, rounding: ValueRounding) -> int:
    """Round the hand's value as the knob says (by default not at all, as the seed's first example)."""
    match rounding:
        case ValueRounding.NONE:
            return value
        case ValueRounding.DOWN_100:
            return value // 100 * 100
        case _:
            assert_never(rounding)


def cap_value(value: int, rules: ClassicalRules) -> int:
    """The value capped at the rules' limit, if any (seed 003, C: "limited to a maximum, such as 1,000")."""
    return value if rules.limit is None else min(value, rules.limit)

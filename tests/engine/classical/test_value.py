"""The formula's pieces: rounding, the slam multiplier, the limit (seed 003, C)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.classical import (
    ClassicalRules,
    PointsRounding,
    ValueRounding,
    cap_value,
    multiplier,
    round_points,
    round_value,
)


@pytest.mark.parametrize(
    ("doubles", "expected"),
    [
        pytest.param(0, 1, id="none"),
        pytest.param(5, 32, id="seed-example-1-5-doubles"),
        pytest.param(6, 64, id="slam"),
        pytest.param(7, 66, id="slam-plus-1"),
        pytest.param(9, 72, id="seed-example-2-9-doubles"),
        pytest.param(10, 80, id="seed-10-doubles"),
        pytest.param(12, 128, id="two-slams"),
    ],
)
def test_multiplier_with_the_slam_rule(doubles: int, expected: int) -> None:
    assert multiplier(doubles) == expected


def test_negative_doubles_and_points_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="doubles"):
        multiplier(-1)
    with pytest.raises(ValueError, match="negative"):
        round_points(-1, PointsRounding.HALF_DOWN)


@pytest.mark.parametrize(
    ("points", "rounding", "expected"),
    [
        pytest.param(20, PointsRounding.HALF_DOWN, 20, id="half-down-exact"),
        pytest.param(26, PointsRounding.HALF_DOWN, 30, id="half-down-26"),
        pytest.param(21, PointsRounding.UP, 30, id="up-21"),
        pytest.param(20, PointsRounding.UP, 20, id="up-exact"),
        pytest.param(23, PointsRounding.NONE, 23, id="none"),
    ],
)
def test_round_points(points: int, rounding: PointsRounding, expected: int) -> None:
    assert round_points(points, rounding) == expected


def test_round_value_and_cap() -> None:
    assert round_value(2880, ValueRounding.NONE) == 2880
    assert round_value(2880, ValueRounding.DOWN_100) == 2800
    assert cap_value(2880, ClassicalRules(name="x", limit=1000)) == 1000
    assert cap_value(2880, ClassicalRules(name="x")) == 2880

"""Every point source of seed 003, A.1 with a positive and a negative example, and the point knobs."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.classical import PointSource
from tests.engine.classical.builders import classical as c
from tests.engine.classical.builders import points_of, scored

P = PointSource
AS_EXPOSED = {"preset": "classical", "overrides": {"concealed_quartet": "as_exposed"}}

CASES = [
    pytest.param(c("234m567p789s55s", "5s", "555m+pon"), P.EXPOSED_TRIPLET, 2, id="exposed-triplet-2-8"),
    pytest.param(c("234m567p789s55s", "5s", "111z+pon"), P.EXPOSED_TRIPLET, 4, id="exposed-triplet-honour"),
    pytest.param(c("234m567p789s55s", "5s", "123p+chi"), P.EXPOSED_TRIPLET, 0, id="exposed-triplet-no-sequence"),
    pytest.param(c("555m234m567p789s11s", "1s"), P.CONCEALED_TRIPLET, 4, id="concealed-triplet-2-8"),
    pytest.param(c("999m234m567p789s11s", "1s"), P.CONCEALED_TRIPLET, 8, id="concealed-triplet-terminal"),
    pytest.param(c("555m234m567p789s11s", "5m"), P.CONCEALED_TRIPLET, 0, id="concealed-triplet-not-on-discard"),
    pytest.param(c("555m234m567p789s11s", "5m"), P.EXPOSED_TRIPLET, 2, id="triplet-on-discard-is-exposed"),
    pytest.param(c("555m234m567p789s11s", "5m", tsumo=True), P.CONCEALED_TRIPLET, 4, id="triplet-self-drawn"),
    pytest.param(c("234m567p789s11s", "1s", "5555m+minkan"), P.EXPOSED_QUARTET, 8, id="exposed-quartet-2-8"),
    pytest.param(c("234m567p789s11s", "1s", "7777z+shouminkan"), P.EXPOSED_QUARTET, 16, id="exposed-quartet-honour"),
    pytest.param(c("234m567p789s11s", "1s", "555m+pon"), P.EXPOSED_QUARTET, 0, id="exposed-quartet-not-a-pong"),
    pytest.param(c("234m567p789s11s", "1s", "5555m+ankan"), P.CONCEALED_QUARTET, 16, id="concealed-quartet-2-8"),
    pytest.param(c("234m567p789s11s", "1s", "9999m+ankan"), P.CONCEALED_QUARTET, 32, id="concealed-quartet-terminal"),
    pytest.param(
        c("234m567p789s11s", "1s", "9999m+ankan", ruleset=AS_EXPOSED), P.CONCEALED_QUARTET, 16, id="knob-as-exposed"
    ),
    pytest.param(c("234m567p789s11s", "1s", "9999m+minkan"), P.CONCEALED_QUARTET, 0, id="concealed-quartet-no"),
    pytest.param(c("123m456m789p234s33z", "3s"), P.HONOR_PAIR, 2, id="honour-pair-other-wind"),
    pytest.param(c("123m456m789p234s77z", "3s"), P.HONOR_PAIR, 2, id="honour-pair-dragon"),
    pytest.param(c("123m456m789p234s77s", "3s"), P.HONOR_PAIR, 0, id="honour-pair-no-number-pair"),
    pytest.param(c("123m456m789p234s22z", "3s", seat="S"), P.SEAT_WIND_PAIR, 4, id="seat-wind-pair"),
    pytest.param(c("123m456m789p234s22z", "3s", seat="W"), P.SEAT_WIND_PAIR, 0, id="seat-wind-pair-no"),
    pytest.param(c("123m456m789p234s11z", "3s", prevailing="E"), P.ROUND_WIND_PAIR, 4, id="round-wind-pair"),
    pytest.param(c("123m456m789p234s11z", "3s", prevailing="S", seat="W"), P.ROUND_WIND_PAIR, 0, id="round-no"),
    pytest.param(c("123m456m789p234s11z", "3s", seat="E"), P.DOUBLE_WIND_PAIR, 8, id="double-wind-pair"),
    pytest.param(c("123m456m789p234s11z", "3s", seat="S"), P.DOUBLE_WIND_PAIR, 0, id="double-wind-pair-no"),
    pytest.param(c("123m456m789p234s55s", "3s", flowers=["3f"]), P.EXTRA_TILE, 4, id="extra-tile"),
    pytest.param(c("123m456m789p234s55s", "3s"), P.EXTRA_TILE, 0, id="extra-tile-none"),
    pytest.param(c("123m456m789p234s55s", "3s", seat="S", flowers=["2f"]), P.SEAT_EXTRA_TILE, 8, id="seat-extra"),
    pytest.param(c("123m456m789p234s55s", "3s", seat="S", flowers=["3f"]), P.SEAT_EXTRA_TILE, 0, id="seat-extra-no"),
    pytest.param(c("123m456m789p234s55s", "3s", prevailing="E", flowers=["5f"]), P.ROUND_EXTRA_TILE, 8, id="round-x"),
    pytest.param(
        c("123m456m789p234s55s", "3s", prevailing="E", flowers=["6f"]), P.ROUND_EXTRA_TILE, 0, id="round-x-no"
    ),
    pytest.param(c("123m456m789p234s55s", "3s", seat="E", flowers=["5f"]), P.DOUBLE_EXTRA_TILE, 16, id="double-x"),
    pytest.param(c("123m456m789p234s55s", "3s", seat="S", flowers=["5f"]), P.DOUBLE_EXTRA_TILE, 0, id="double-x-no"),
    pytest.param(c("123m456m789p234s55s", "3s"), P.COMPLETING, 20, id="completing"),
    pytest.param(c("123m456m789p234s55s", "3s", ruleset="classical-doubles"), P.COMPLETING, 0, id="completing-no"),
    pytest.param(c("123m456m789p234s55s", "5s"), P.MAKING_A_PAIR, 2, id="making-a-pair"),
    pytest.param(c("123m456m789p234s55s", "4s"), P.MAKING_A_PAIR, 0, id="making-a-pair-no"),
    pytest.param(c("123m456m789p234s55s", "3s"), P.ONE_CHANCE_WAIT, 2, id="one-chance-middle"),
    pytest.param(c("123m456m789p234s55s", "3m"), P.ONE_CHANCE_WAIT, 2, id="one-chance-marginal-12-3"),
    pytest.param(c("123m456m789p234s55s", "7p"), P.ONE_CHANCE_WAIT, 2, id="one-chance-marginal-7-89"),
    pytest.param(c("123m456m789p234s55s", "2s"), P.ONE_CHANCE_WAIT, 0, id="one-chance-no-open-wait"),
    pytest.param(c("123m456m789p234s55s", "3s", tsumo=True), P.SELF_DRAWING, 2, id="self-drawing"),
    pytest.param(c("123m456m789p234s55s", "3s"), P.SELF_DRAWING, 0, id="self-drawing-no"),
    pytest.param(c("123m456m789p234s55s", "3s", ruleset="classical-doubles"), P.UNIT, 10, id="unit"),
    pytest.param(c("123m456m789p234s55s", "3s"), P.UNIT, 0, id="unit-not-with-points"),
]


@pytest.mark.parametrize(("obj", "source", "expected"), CASES)
def test_point_source(obj: dict[str, Any], source: PointSource, expected: int) -> None:
    assert points_of(scored(obj))[source.value] == expected


def test_every_point_source_has_a_positive_and_a_negative_example() -> None:
    positive = {case.values[1] for case in CASES if case.values[2]}
    negative = {case.values[1] for case in CASES if not case.values[2]}
    assert positive == set(PointSource)
    assert negative == set(PointSource)


def test_the_wait_chosen_pays_most_pair_wait_or_one_chance() -> None:
    # 3m completes 1-2-3m at the margin (one chance, 2 points) or 3-4-5m from an open wait (none): 2 points win.
    answer = scored(c("123345m456p789s11z", "3m"))
    assert points_of(answer)[PointSource.ONE_CHANCE_WAIT.value] == 2


@pytest.mark.parametrize(
    ("rounding", "expected"),
    [
        pytest.param("half_down", 20, id="half-down"),
        pytest.param("up", 30, id="up"),
        pytest.param("none", 22, id="none"),
    ],
)
def test_points_rounding_knob(rounding: str, expected: int) -> None:
    rules = {"preset": "classical", "overrides": {"points_rounding": rounding}}
    assert scored(c("123m456m789p234s55s", "3s", ruleset=rules))["points"] == expected

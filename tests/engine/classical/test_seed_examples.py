"""Seed 003's worked examples and Exercise VI, as tests."""

from __future__ import annotations

import pytest

from scorekeeper.engine.classical import Double, PointSource, classical_rules, multiplier, round_points
from scorekeeper.engine.classical.rules import PointsRounding
from tests.engine.classical.builders import classical, doubles_of, points_of, scored

# Seed 003, C, first example: won on a discarded two; 0 fundamental points, 20 + 2 (one chance) = 22 -> 20;
# doubles: sequences with no wind or dragon, two suits, young and old, twin, one chance = 5; 20 x 2^5 = 640.
# The seed shows no tiles; this hand has exactly those facts: 123m 123m (twin) 789m (with 123m: young and old),
# 1-3p waiting on the middle 2p (one chance, both the wait points and the double), pair 66p (not 2, 5 or 8),
# and a called 789m, so that the hand is not concealed.
EXAMPLE_1 = classical("123m123m123p66p", "2p", "789m+chi")

# Seed 003, C, second example: won on the four of circles; points: a triplet 2, a quartet 16, completing 20 = 38
# -> 40; doubles: two suits 1, a pair of two 1, twin 1, two sequences and a pair with four matching tiles 3, all
# below five 3 = 9. Our hand: 234p 234p 22p concealed (four 2p in two sequences and the pair), an exposed 333s
# (2 points) and an exposed 1111s (16 points: a 1 keeps "all below five" and rules out "all simples").
EXAMPLE_2 = classical("234p234p22p", "4p", "333s+pon", "1111s+minkan")


def test_seed_example_1_640_points() -> None:
    answer = scored(EXAMPLE_1)
    assert answer["raw_points"] == 22
    assert answer["points"] == 20
    assert points_of(answer) == {"completing": 20, "one_chance_wait": 2}
    assert doubles_of(answer) == {
        "all_sequences": 1,
        "two_suits": 1,
        "young_and_old": 1,
        "twin": 1,
        "one_chance": 1,
    }
    assert answer["doubles"] == 5
    assert answer["value"] == 640


def test_seed_example_2_is_2880_not_the_printed_2800() -> None:
    """The seed prints "40 x (2^6 + 2^3) = 40 x 72 = 2,800"; 40 x 72 is 2,880.

    No single rounding rule explains the seed: rounding the value down to 100 gives 2,800 here, but would turn the
    first example's printed 640 into 600; rounding to the nearest 100 gives 2,900. So 2,800 is a misprint and the
    default keeps the arithmetic (2,880). The ``value_rounding="down_100"`` knob reproduces the printed figure for
    tables that do round down to 100 (see the next test and docs/classical.md).
    """
    answer = scored(EXAMPLE_2)
    assert points_of(answer) == {"exposed_triplet": 2, "exposed_quartet": 16, "completing": 20}
    assert answer["raw_points"] == 38
    assert answer["points"] == 40
    assert doubles_of(answer) == {
        "two_suits": 1,
        "pair_258": 1,
        "twin": 1,
        "four_in_two_sequences_and_pair": 1,
        "all_below_five": 1,
    }
    assert answer["doubles"] == 9
    assert answer["multiplier"] == 72
    assert answer["value"] == 2880


def test_seed_example_2_printed_2800_under_down_100_rounding_which_breaks_example_1() -> None:
    rounded = {"preset": "classical", "overrides": {"value_rounding": "down_100"}}
    assert scored({**EXAMPLE_2, "ruleset": rounded})["value"] == 2800
    assert scored({**EXAMPLE_1, "ruleset": rounded})["value"] == 600  # the seed prints 640: not the seed's rule


@pytest.mark.parametrize(
    ("points", "expected"),
    [pytest.param(22, 20, id="22->20"), pytest.param(38, 40, id="38->40"), pytest.param(25, 20, id="25->20")],
)
def test_seed_rounding_if_over_5_points_rounded_to_the_next_10(points: int, expected: int) -> None:
    assert round_points(points, PointsRounding.HALF_DOWN) == expected


def test_seed_slam_ten_doubles_are_2_6_plus_2_4_equals_80_not_1024() -> None:
    assert multiplier(10) == 80
    assert multiplier(10, slam=False) == 1024


def test_seed_points_limit_such_as_1000() -> None:
    limited = classical_rules("classical", {"limit": 1000})
    answer = scored({**EXAMPLE_2, "ruleset": {"preset": "classical", "overrides": {"limit": 1000}}})
    assert limited.limit == 1000
    assert answer["value"] == 1000
    assert answer["uncapped_value"] == 2880
    assert answer["limited"] is True


# Exercise VI, A: fundamental points (answers: (1) B 4, (2) 2. 4, (3) 3. 8, (4) 2. 4).
@pytest.mark.parametrize(
    ("obj", "source", "expected"),
    [
        pytest.param(
            classical("234m567p789s55s", "5s", "111p+pon"), PointSource.EXPOSED_TRIPLET, 4, id="1-exposed-111p"
        ),
        pytest.param(classical("555m234m567p789s11s", "1s"), PointSource.CONCEALED_TRIPLET, 4, id="2-concealed-555m"),
        pytest.param(classical("234m567p789s11s", "1s", "5555m+minkan"), PointSource.EXPOSED_QUARTET, 8, id="3-5555m"),
        pytest.param(classical("234m567p789s123p22z", "2z", seat="S"), PointSource.SEAT_WIND_PAIR, 4, id="4-seat-pair"),
    ],
)
def test_exercise_vi_a_fundamental_points(obj: dict[str, object], source: PointSource, expected: int) -> None:
    assert points_of(scored(obj))[source.value] == expected


_B1, _B2, _B3, _B4 = 1, 2, 3, 6


# Exercise VI, B: "select as many correct answers as you can" -- an option is correct exactly when its double
# counts the question's number of doubles (seed 003, A.2). Our reading of each option's words is the Double named.
@pytest.mark.parametrize(
    ("question", "double", "correct"),
    [
        pytest.param(_B1, Double.ALL_SEQUENCES, True, id="1A-sequences-no-wind-or-dragon"),
        pytest.param(_B1, Double.OUTSIDE_HAND, True, id="1B-1-9-wind-dragon-in-all"),
        pytest.param(_B1, Double.FOUR_IN_TRIPLET_AND_SEQUENCE, True, id="1C-four-of-one-kind"),
        pytest.param(_B1, Double.DOUBLE_TWINS, False, id="1D-double-twins"),
        pytest.param(_B1, Double.DOUBLE_YOUNG_AND_OLD, False, id="1E-double-young-and-old"),
        pytest.param(_B1, Double.PAIR_258, True, id="1F-pair-of-two"),
        pytest.param(_B1, Double.ROBBING_THE_KONG, True, id="1G-robbing-the-kong"),
        pytest.param(_B2, Double.ONE_CHANCE, False, id="2A-one-chance"),
        pytest.param(_B2, Double.REPLACEMENT_TILE, False, id="2B-far-end-of-the-wall"),
        pytest.param(_B2, Double.LAST_TILE_OF_WALL, False, id="2C-last-tile-of-the-wall"),
        pytest.param(_B2, Double.SEAT_WIND, False, id="2D-seat-wind"),
        pytest.param(_B2, Double.SEAT_EXTRA_TILE, False, id="2E-seat-season-or-plant"),
        pytest.param(_B2, Double.DOUBLE_WIND, True, id="2F-double-winds"),
        pytest.param(_B2, Double.ALL_SELF_DRAWN, True, id="2G-all-by-self-drawing"),
        pytest.param(_B3, Double.FIVE_KINDS, True, id="3A-five-kinds"),
        pytest.param(_B3, Double.ALL_FROM_DISCARDS, False, id="3B-all-by-discards"),
        pytest.param(_B3, Double.PURE_STRAIGHT, False, id="3C-one-to-nine-one-kind"),
        pytest.param(_B3, Double.THREE_CONCEALED_TRIPLETS, False, id="3D-three-concealed-triplets"),
        pytest.param(_B3, Double.ALL_TRIPLETS, False, id="3E-pong-and-kong"),
        pytest.param(_B3, Double.UNRELATED_TILES, False, id="3F-unrelated-tiles"),
        pytest.param(_B3, Double.SEAT_WIND, False, id="3G-seat-wind"),
        pytest.param(_B4, Double.DOUBLE_WIND, False, id="4A-double-winds"),
        pytest.param(_B4, Double.DOUBLE_TWINS, True, id="4B-double-twins"),
        pytest.param(_B4, Double.FLUSH, True, id="4C-all-one-kind"),
        pytest.param(_B4, Double.LITTLE_FOUR_WINDS, True, id="4D-three-wind-sets-wind-pair"),
        pytest.param(_B4, Double.BIG_FOUR_WINDS, False, id="4E-four-winds"),
        pytest.param(_B4, Double.TERMINALS_IN_ALL, False, id="4F-one-and-nine-in-each-set"),
        pytest.param(_B4, Double.SEVEN_PAIRS, False, id="4G-seven-pairs"),
    ],
)
def test_exercise_vi_b_answers(question: int, double: Double, correct: bool) -> None:
    assert (double.doubles == question) is correct

"""Every double of seed 003, A.2 with a positive and a negative example (the readings are in docs/classical.md)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.classical import Double
from tests.engine.classical.builders import classical as c
from tests.engine.classical.builders import doubles_of, scored

PLAIN = c("123m456m789p234s55s", "3s")  # a hand with few doubles, as the negative of special shapes
D = Double

CASES = [
    # a. One double
    (D.ALL_SEQUENCES, True, c("123m456m789p234s55s", "3s")),
    (D.ALL_SEQUENCES, False, c("123m456m789p234s11z", "3s")),  # a wind pair
    (D.TWO_SUITS, True, c("123m456m789p234p55p", "3p")),
    (D.TWO_SUITS, False, c("123m456m789p234s55s", "3s")),
    (D.MIXED_STRAIGHT, True, c("123m456m789p234s55s", "3s")),
    (D.MIXED_STRAIGHT, False, c("123m456p789s234s55s", "3s")),  # three suits: not "two combinations of kinds"
    (D.FOUR_IN_TRIPLET_AND_SEQUENCE, True, c("555p456p123m789s11z", "1z")),
    (D.FOUR_IN_TRIPLET_AND_SEQUENCE, False, c("555p678p123m789s11z", "1z")),
    (D.OUTSIDE_HAND, True, c("123m789p999s111z22z", "2z")),
    (D.OUTSIDE_HAND, False, c("123m789p456s111z22z", "2z")),
    (D.ALL_SIMPLES, True, c("234m567p345s666s88m", "8m")),
    (D.ALL_SIMPLES, False, c("123m567p345s666s88m", "8m")),
    (D.TWIN, True, c("123m123m456p789s55s", "5s")),
    (D.TWIN, False, c("123m234m456p789s55s", "5s")),
    (D.YOUNG_AND_OLD, True, c("123m789m456p234s55s", "5s")),
    (D.YOUNG_AND_OLD, False, c("123m789p456p234s55s", "5s")),  # 1-2-3 and 7-8-9 of different suits
    (D.THREE_COUSINS, True, c("345m345p345s789s11z", "1z")),
    (D.THREE_COUSINS, False, c("345m345p456s789s11z", "1z")),
    (D.CONCEALED_HAND, True, c("123m456m789p234s55s", "3s")),
    (D.CONCEALED_HAND, True, c("456m789p234s55s", "3s", "1111z+ankan")),  # "excluding concealed pong or kong"
    (D.CONCEALED_HAND, False, c("456m789p234s55s", "3s", "123m+chi")),
    (D.SEAT_WIND, True, c("222z123m456p789s55s", "5s", seat="S")),
    (D.SEAT_WIND, False, c("222z123m456p789s55s", "5s", seat="W")),
    (D.ROUND_WIND, True, c("111z123m456p789s55s", "5s", prevailing="E")),
    (D.ROUND_WIND, False, c("111z123m456p789s55s", "5s", prevailing="S", seat="W")),
    (D.DRAGON_SET, True, c("555z123m456p789s55s", "5s")),
    (D.DRAGON_SET, False, c("123m456p789s234s55z", "5z")),  # a dragon pair is not a set
    (D.LAST_TILE_OF_WALL, True, c("123m456m789p234s55s", "3s", tsumo=True, last_tile_of_wall=True)),
    (D.LAST_TILE_OF_WALL, False, c("123m456m789p234s55s", "3s", tsumo=True)),
    (D.ONE_CHANCE, True, c("123m456p789s123p55s", "2p")),  # 1-3p waits on 2p alone
    (D.ONE_CHANCE, True, c("123m456p789s234p55s", "4p", one_chance=True)),  # the table says the 1p are all out
    (D.ONE_CHANCE, False, c("123m456p789s234p55s", "4p")),  # 2-3p waits on 1p and 4p
    (D.LAST_TILE_OF_KIND, True, c("123m456m789p234s55s", "3s", last_tile_of_kind=True)),
    (D.LAST_TILE_OF_KIND, False, c("123m456m789p234s55s", "3s")),
    (D.REPLACEMENT_TILE, True, c("123m456p789s55s", "5s", "1111z+minkan", tsumo=True, replacement_tile=True)),
    (D.REPLACEMENT_TILE, False, c("123m456p789s55s", "5s", "1111z+minkan", tsumo=True)),
    (D.PAIR_258, True, c("123m456m789p234s55s", "3s")),
    (D.PAIR_258, False, c("123m456m789p234s66s", "3s")),
    (D.ROBBING_THE_KONG, True, c("123m456m789p234s55s", "3s", robbing_the_kong=True)),
    (D.ROBBING_THE_KONG, False, c("123m456m789p234s55s", "3s")),
    (D.SELF_DRAWING, True, c("456m789p234s55s", "3s", "123m+chi", tsumo=True)),
    (D.SELF_DRAWING, False, c("456m789p234s55s", "3s", "123m+chi")),
    (D.SEAT_EXTRA_TILE, True, c("123m456m789p234s55s", "3s", seat="S", flowers=["2f"])),
    (D.SEAT_EXTRA_TILE, True, c("123m456m789p234s55s", "3s", seat="S", flowers=["6f"])),  # orchid, plant 2
    (D.SEAT_EXTRA_TILE, False, c("123m456m789p234s55s", "3s", seat="S", flowers=["3f"])),
    (D.ROUND_EXTRA_TILE, True, c("123m456m789p234s55s", "3s", prevailing="E", flowers=["1f"])),
    (D.ROUND_EXTRA_TILE, False, c("123m456m789p234s55s", "3s", prevailing="E", flowers=["3f"])),
    # b. Two doubles
    (D.ALL_TRIPLETS, True, c("222m555p888s111z99m", "9m")),
    (D.ALL_TRIPLETS, False, c("222m555p888s123m99m", "9m")),
    (D.PURE_STRAIGHT, True, c("123m456m789m234p55s", "5s")),
    (D.PURE_STRAIGHT, False, c("123m456m789p234s55s", "5s")),
    (D.HALF_FLUSH, True, c("123m456m789m111z55m", "5m")),
    (D.HALF_FLUSH, False, c("123m456m789m111z55p", "5p")),
    (D.UNRELATED_TILES, True, c("147m258p369s12345z", "5z")),
    (D.UNRELATED_TILES, False, PLAIN),
    (D.DOUBLE_WIND, True, c("111z123m456p789s55s", "5s", seat="E", prevailing="E")),
    (D.DOUBLE_WIND, False, c("111z123m456p789s55s", "5s", seat="S", prevailing="E")),
    (D.THREE_CONCEALED_TRIPLETS, True, c("222m555p888s123m99s", "3m")),
    (D.THREE_CONCEALED_TRIPLETS, False, c("222m555p888s123m99s", "8s")),  # 888s completed by a discard is exposed
    (D.TWO_CONCEALED_QUARTETS, True, c("123s456s99s", "9s", "2222m+ankan", "5555p+ankan")),
    (D.TWO_CONCEALED_QUARTETS, False, c("123s456s99s", "9s", "2222m+ankan", "5555p+minkan")),
    (D.ALL_FROM_DISCARDS, True, c("55s", "5s", "123m+chi", "456p+chi", "777s+pon", "1111z+minkan")),
    (D.ALL_FROM_DISCARDS, False, c("55s", "5s", "123m+chi", "456p+chi", "777s+pon", "1111z+minkan", tsumo=True)),
    (D.ALL_SELF_DRAWN, True, c("123m456m789p234s55s", "3s", tsumo=True)),
    (D.ALL_SELF_DRAWN, False, c("123m456m789p234s55s", "3s")),
    (D.DOUBLE_EXTRA_TILE, True, c("123m456m789p234s55s", "3s", seat="E", prevailing="E", flowers=["1f"])),
    (D.DOUBLE_EXTRA_TILE, False, c("123m456m789p234s55s", "3s", seat="S", prevailing="E", flowers=["1f"])),
    # c. Three doubles
    (D.FOUR_IN_TWO_SEQUENCES_AND_PAIR, True, c("234p234p22p", "4p", "333s+pon", "1111s+minkan")),
    (D.FOUR_IN_TWO_SEQUENCES_AND_PAIR, False, c("123m234p234p789s55s", "5s")),
    (D.SEVEN_PAIRS, True, c("11m22m33p44p55s66s77z", "7z")),
    (D.SEVEN_PAIRS, False, PLAIN),
    (D.TERMINALS_IN_ALL, True, c("123m789m999p111s99s", "9s")),
    (D.TERMINALS_IN_ALL, False, c("123m789m999p111s11z", "1z")),  # with an honour it is the outside hand a(5)
    (D.FIVE_KINDS, True, c("123m456p789s111z55z", "5z")),
    (D.FIVE_KINDS, False, c("123m456p789s111z55s", "5s")),
    (D.ALL_ABOVE_FIVE, True, c("678m789p666s789s99m", "9m")),
    (D.ALL_ABOVE_FIVE, False, c("567m789p666s789s99m", "9m")),
    (D.ALL_BELOW_FIVE, True, c("123m234p444s123s11m", "3s")),
    (D.ALL_BELOW_FIVE, False, c("123m234p444s345s11m", "3s")),
    (D.FOUR_CONCEALED_TRIPLETS, True, c("222m555p888s111z99m", "9m")),
    (D.FOUR_CONCEALED_TRIPLETS, False, c("222m555p888s111z99m", "2m")),
    (D.THREE_CONCEALED_QUARTETS, True, c("123s99s", "9s", "2222m+ankan", "5555p+ankan", "7777p+ankan")),
    (D.THREE_CONCEALED_QUARTETS, False, c("123s99s", "9s", "2222m+ankan", "5555p+ankan", "7777p+minkan")),
    # d. Six doubles
    (D.FLUSH, True, c("123m456m789m234m55m", "5m")),
    (D.FLUSH, False, c("123m456m789m111z55m", "5m")),
    (D.DOUBLE_TWINS, True, c("123m123m456p456p55s", "5s")),
    (D.DOUBLE_TWINS, False, c("123m123m456p567p55s", "5s")),
    (D.DOUBLE_YOUNG_AND_OLD, True, c("123m789m123p789p55s", "5s")),
    (D.DOUBLE_YOUNG_AND_OLD, False, c("123m789m123p678p55s", "5s")),
    (D.ONE_NUMBER, True, c("345m555p567s456m55s", "3m")),
    (D.ONE_NUMBER, False, c("345m555p567s456m66s", "3m")),
    (D.THIRTEEN_ORPHANS, True, c("19m19p19s12345677z", "7z")),
    (D.THIRTEEN_ORPHANS, False, PLAIN),
    (D.FOUR_IN_FOUR_SEQUENCES, True, c("123p234p345p234p99s", "9s")),
    (D.FOUR_IN_FOUR_SEQUENCES, False, c("123p234p345p678p99s", "9s")),
    (D.LITTLE_FOUR_WINDS, True, c("111z222z333z44z123m", "3m")),
    (D.LITTLE_FOUR_WINDS, False, c("111z222z555z44z123m", "3m")),
    (D.LITTLE_THREE_DRAGONS, True, c("555z666z77z123m456p", "3m")),
    (D.LITTLE_THREE_DRAGONS, False, c("555z666z11z123m456p", "3m")),
    (D.FOUR_EXTRA_TILES, True, c("123m456m789p234s55s", "3s", flowers=["1234f"])),
    (D.FOUR_EXTRA_TILES, True, c("123m456m789p234s55s", "3s", flowers="5678f")),
    (D.FOUR_EXTRA_TILES, False, c("123m456m789p234s55s", "3s", flowers=["1235f"])),
    # e. Twelve doubles
    (D.HEAVENLY_HAND, True, c("123m456m789p234s55s", "3s", tsumo=True, heavenly_hand=True)),
    (D.HEAVENLY_HAND, False, c("123m456m789p234s55s", "3s", tsumo=True)),
    (D.BIG_FOUR_WINDS, True, c("111z222z333z444z55m", "5m")),
    (D.BIG_FOUR_WINDS, False, c("111z222z333z44z123m", "3m")),
    (D.BIG_THREE_DRAGONS, True, c("555z666z777z123m55p", "5p")),
    (D.BIG_THREE_DRAGONS, False, c("555z666z77z123m456p", "3m")),
    (D.FOUR_CONCEALED_QUARTETS, True, c("55p", "5p", "2222m+ankan", "5555s+ankan", "7777p+ankan", "1111z+ankan")),
    (D.FOUR_CONCEALED_QUARTETS, False, c("55p", "5p", "2222m+ankan", "5555s+ankan", "7777p+ankan", "1111z+minkan")),
    (
        D.ALL_EIGHT_EXTRA_TILES,
        True,
        {"ruleset": "classical", "hand": "", "seat_wind": "S", "round_wind": "E", "flowers": ["12345678f"]},
    ),
    (D.ALL_EIGHT_EXTRA_TILES, True, c("123m456m789p234s55s", "3s", flowers=["12345678f"])),
    (D.ALL_EIGHT_EXTRA_TILES, False, c("123m456m789p234s55s", "3s", flowers=["1234567f"])),
]


def _id(case: tuple[Double, bool, dict[str, Any]]) -> str:
    return f"{case[0].value}-{'yes' if case[1] else 'no'}-{case[2].get('hand')}"


@pytest.mark.parametrize(("double", "present", "obj"), CASES, ids=[_id(case) for case in CASES])
def test_double_positive_and_negative(double: Double, present: bool, obj: dict[str, Any]) -> None:
    answer = scored(obj)
    assert (double.value in doubles_of(answer)) is present, answer["breakdown"]


def test_every_double_has_a_positive_and_a_negative_example() -> None:
    assert {d for d, present, _ in CASES if present} == set(Double)
    assert {d for d, present, _ in CASES if not present} == set(Double)


@pytest.mark.parametrize(
    ("obj", "present", "absent"),
    [
        pytest.param(
            c("111z123m456p789s55s", "5s", seat="E", prevailing="E"),
            D.DOUBLE_WIND,
            {D.SEAT_WIND, D.ROUND_WIND},
            id="double-wind-replaces-seat-and-round",
        ),
        pytest.param(
            c("123m456m789p234s55s", "3s", tsumo=True),
            D.ALL_SELF_DRAWN,
            {D.CONCEALED_HAND, D.SELF_DRAWING},
            id="all-self-drawn-replaces-concealed-and-self-drawing",
        ),
        pytest.param(
            c("123m789m999p111s99s", "9s"), D.TERMINALS_IN_ALL, {D.OUTSIDE_HAND}, id="terminals-replace-outside"
        ),
        pytest.param(c("123m123m456p456p55s", "5s"), D.DOUBLE_TWINS, {D.TWIN}, id="double-twins-replace-twin"),
        pytest.param(
            c("123m789m123p789p55s", "5s"), D.DOUBLE_YOUNG_AND_OLD, {D.YOUNG_AND_OLD}, id="double-young-and-old"
        ),
        pytest.param(
            c("222m555p888s111z99m", "9m"),
            D.FOUR_CONCEALED_TRIPLETS,
            {D.THREE_CONCEALED_TRIPLETS},
            id="four-over-three",
        ),
        pytest.param(
            c("123m456m789p234s55s", "3s", flowers="12345678f"),
            D.ALL_EIGHT_EXTRA_TILES,
            {D.FOUR_EXTRA_TILES},
            id="all-eight-replaces-four-and-four",
        ),
    ],
)
def test_a_double_naming_the_sum_of_others_replaces_them(
    obj: dict[str, Any], present: Double, absent: set[Double]
) -> None:
    names = doubles_of(scored(obj))
    assert present.value in names
    assert not {d.value for d in absent} & set(names)


def test_each_dragon_set_counts_and_stacks_with_big_three_dragons() -> None:
    names = doubles_of(scored(c("555z666z777z123m55p", "5p")))
    assert names[D.DRAGON_SET.value] == 3
    assert names[D.BIG_THREE_DRAGONS.value] == 1


def test_seat_season_and_seat_plant_are_a_double_each() -> None:
    names = doubles_of(scored(c("123m456m789p234s55s", "3s", seat="S", flowers=["26f"])))
    assert names[D.SEAT_EXTRA_TILE.value] == 2


def test_the_best_reading_is_chosen_111222333m_as_triplets_or_sequences() -> None:
    # Read as three concealed triplets (2 doubles and 3 x 8 points) or as three 1-2-3 sequences.
    answer = scored(c("111222333m456p99s", "4p", tsumo=True))
    assert D.THREE_CONCEALED_TRIPLETS.value in doubles_of(answer)

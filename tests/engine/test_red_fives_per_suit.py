"""The ruleset's red fives per suit (``red_fives_per_suit``): a hand holding more red fives of a suit than the set has
is refused by name, where the ruleset is known (the scorer and the JSON reader), never by the Hand.

tenhou.net's set has one red 5m, 5p and 5s (riichi.wiki "Dora", Akadora); many sets hold two red 5p.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.hand import Hand
from scorekeeper.engine.jsonio import hand_from_json
from scorekeeper.engine.rules import PRESET_NAMES, check_red_fives, hand_rules
from scorekeeper.engine.scoring import score_hand
from scorekeeper.errors import InvalidHandError, InvalidRulesetError
from tests.builders import hand, pon, score, score_ok

# 234m 555m 55p 345s 678s and 234m 55m 555p 345s 678s, each with two of the five triplet's fives red.
_TWO_RED_5M = "234m005m55p345s678s"
_TWO_RED_5P = "234m55m005p345s678s"


def test_two_red_5m_under_tenhou_are_refused_by_name() -> None:
    result = score(hand(_TWO_RED_5M, win="2m", tsumo=True))
    assert result == {
        "ok": False,
        "error": "two red 5m: the tenhou set has one (ruleset knob red_fives_per_suit)",
        "kind": "InvalidHandError",
    }


def test_two_red_5p_under_mleague_are_refused_by_name() -> None:
    result = score(hand(_TWO_RED_5P, win="2m", tsumo=True, ruleset="mleague"))
    assert result["kind"] == "InvalidHandError"
    assert result["error"].startswith("two red 5p: the mleague set has one")


def test_a_red_five_in_a_meld_counts_toward_its_suit() -> None:
    result = score(hand("234m55m340s678p", win="2m", tsumo=True, melds=[pon("055s")]))
    assert result["error"].startswith("two red 5s: the tenhou set has one")


def test_a_red_five_indicator_counts_toward_its_suit() -> None:
    # An indicator is a tile of the same set (doubt 9): a red 5m in the hand and a red 5m turned over as the dora
    # indicator are two red 5m, which tenhou.net's set does not have.
    result = score(hand("234m055m55p345s678s", win="2m", tsumo=True, dora=["0m"]))
    assert result == {
        "ok": False,
        "error": "two red 5m counting the dora indicator 0m: the tenhou set has one (ruleset knob red_fives_per_suit)",
        "kind": "InvalidHandError",
    }
    both = score(hand("234m555m55p345s678s", win="2m", tsumo=True, riichi=True, dora=["0p"], ura=["0p"]))
    assert both["error"].startswith("two red 5p counting the dora indicator 0p and the ura indicator 0p: ")


def test_a_red_five_indicator_of_another_suit_or_a_set_with_room_is_accepted() -> None:
    assert score_ok(hand("234m055m55p345s678s", win="2m", tsumo=True, dora=["0p"]))["aka"] == 1
    two_red_5p = {"red_fives_per_suit": [1, 2, 1]}
    result = score_ok(hand("234m55m055p345s678s", win="2m", tsumo=True, dora=["0p"], overrides=two_red_5p))
    assert result["aka"] == 1
    assert score_ok(hand("234m055m55p345s678s", win="2m", tsumo=True, dora=["0m"], ruleset="ema2016"))["aka"] == 0


def test_one_red_five_of_each_suit_is_the_tenhou_set() -> None:
    assert score_ok(hand("234m055m05p345s678s", win="2m", tsumo=True))["aka"] == 2
    assert score_ok(hand("234m055m05p340s678s", win="2m", tsumo=True))["aka"] == 3


def test_a_set_with_two_red_5p_counts_both_as_aka() -> None:
    two_red_5p = {"red_fives_per_suit": [1, 2, 1]}
    result = score_ok(hand(_TWO_RED_5P, win="2m", tsumo=True, overrides=two_red_5p))
    assert result["aka"] == 2
    three = score(hand("234m55m000p345s678s", win="2m", tsumo=True, overrides=two_red_5p))
    assert three["error"] == "three red 5p: the custom set has two (ruleset knob red_fives_per_suit)"
    assert score(hand(_TWO_RED_5M, win="2m", tsumo=True, overrides=two_red_5p))["kind"] == "InvalidHandError"


def test_without_red_fives_a_red_five_is_an_ordinary_five_and_any_number_is_accepted() -> None:
    result = score_ok(hand(_TWO_RED_5M, win="2m", tsumo=True, ruleset="ema2016"))
    assert result["aka"] == 0
    assert score_ok(hand(_TWO_RED_5M, win="2m", tsumo=True, overrides={"red_fives": False}))["aka"] == 0


def test_the_set_is_checked_where_a_hand_comes_in_not_by_the_scorer() -> None:
    # A Hand knows no ruleset: two red 5m are a hand. The scorer scores them (a game stored before the knob keeps
    # loading, tests/session/test_red_fives_stored.py); the ruleset's check refuses them where a hand comes in.
    parsed, rules = hand_from_json(hand(_TWO_RED_5M, win="2m", tsumo=True))
    assert isinstance(parsed, Hand)
    assert score_hand(parsed, rules).aka == 2
    with pytest.raises(InvalidHandError, match=r"^two red 5m: the tenhou set has one"):
        check_red_fives(parsed, rules)


def test_every_preset_holds_one_red_five_per_suit() -> None:
    for name in PRESET_NAMES:
        assert hand_rules(name).red_fives_per_suit == (1, 1, 1)


@pytest.mark.parametrize(
    "value",
    [[1, 1], [1, 1, 1, 1], [0, 1, 1], [1, 5, 1], [1, True, 1], [1, 1.0, 1], "1,1,1"],
    ids=["two", "four", "zero", "five", "bool", "float", "text"],
)
def test_red_fives_per_suit_must_be_three_whole_numbers_from_1_to_4(value: Any) -> None:
    with pytest.raises(InvalidRulesetError, match="red_fives_per_suit must be"):
        hand_rules("tenhou", {"red_fives_per_suit": value})

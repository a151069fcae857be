"""Tests of the hand-scoring rulesets (scorekeeper.engine.rules)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.rules import PRESET_NAMES, KazoeLimit, RenhouValue, hand_rules
from scorekeeper.errors import InvalidRulesetError


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_exists(name: str) -> None:
    assert hand_rules(name).name == name


@pytest.mark.parametrize(
    ("name", "knobs"),
    [
        ("tenhou", {"red_fives": True, "kiriage_mangan": False, "kazoe": KazoeLimit.YAKUMAN, "double_wind_pair_fu": 4}),
        ("mleague", {"red_fives": True, "kiriage_mangan": True, "double_wind_pair_fu": 2}),
        ("ema2016", {"red_fives": False, "kazoe": KazoeLimit.SANBAIMAN, "renhou": RenhouValue.MANGAN}),
        ("wrc2022", {"compound_yakuman": False, "double_wind_pair_fu": 2, "renhou": RenhouValue.FIVE_HAN}),
    ],
)
def test_presets_carry_their_cited_knobs(name: str, knobs: dict[str, object]) -> None:
    rules = hand_rules(name)
    assert {k: getattr(rules, k) for k in knobs} == knobs


def test_overrides_make_a_custom_ruleset() -> None:
    rules = hand_rules("ema2016", {"red_fives": True, "kazoe": "yakuman"})
    assert rules.name == "custom" and rules.red_fives and rules.kazoe is KazoeLimit.YAKUMAN
    assert hand_rules("custom").name == "custom"


@pytest.mark.parametrize(
    ("name", "overrides", "message"),
    [
        ("nosuch", None, "unknown ruleset"),
        ("tenhou", {"nosuch": True}, "unknown hand-scoring knob"),
        ("tenhou", {"name": "x"}, "unknown hand-scoring knob"),
        ("tenhou", {"red_fives": 1}, "must be a bool"),
        ("tenhou", {"kazoe": "lots"}, "kazoe must be one of"),
        ("tenhou", {"double_wind_pair_fu": 3}, "must be 2 or 4"),
    ],
)
def test_bad_rulesets_are_refused(name: str, overrides: dict[str, object] | None, message: str) -> None:
    with pytest.raises(InvalidRulesetError, match=message):
        hand_rules(name, overrides)

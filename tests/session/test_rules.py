"""Table rules and rulesets: presets, overrides, and refusal of impossible knob values."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import InvalidRulesetError
from scorekeeper.session import CLASSICAL_PRESET_NAMES, PRESET_NAMES, AbortReason, Ruleset, ruleset, table_rules
from scorekeeper.session.rules import LIABLE_YAKUMAN


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_pairs_hand_and_table_rules_of_the_same_name(preset: str) -> None:
    rules = ruleset(preset)
    assert rules.hand.name == rules.table.name == preset
    assert rules.name == preset
    assert rules.to_json() == preset
    assert sum(rules.table.uma) == 0


def test_tenhou_oka_is_20000_and_ema_has_none() -> None:
    assert table_rules("tenhou").oka == 20000
    assert table_rules("ema2016").oka == 0


def test_overrides_mix_hand_and_table_knobs_and_make_custom() -> None:
    rules = ruleset("ema2016", {"red_fives": True, "abortive_draws": ["kyuushu"], "pao_yakuman": ["suukantsu"]})
    assert rules.name == "custom"
    assert rules.hand.red_fives
    assert rules.table.abortive_draws == {AbortReason.KYUUSHU}
    assert rules.table.pao_yakuman == {"suukantsu"}
    assert rules.to_json() == {
        "preset": "ema2016",
        "overrides": {"abortive_draws": ["kyuushu"], "pao_yakuman": ["suukantsu"], "red_fives": True},
    }
    assert ruleset("ema2016", rules.overrides_dict()) == rules
    assert hash(rules)


def test_every_yakuman_that_can_be_fed_is_an_engine_yakuman_and_a_ruleset_may_list_them_all() -> None:
    assert all(Yaku(name).is_yakuman for name in LIABLE_YAKUMAN)
    assert ruleset("tenhou", {"pao_yakuman": list(LIABLE_YAKUMAN)}).table.pao_yakuman == set(LIABLE_YAKUMAN)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param({"nope": 1}, "unknown ruleset knob 'nope'", id="unknown-knob"),
        pytest.param({"name": "x"}, "unknown ruleset knob 'name'", id="name"),
        pytest.param({"start_points": 25050}, "start_points must be a positive multiple of 100", id="start"),
        pytest.param({"uma": [10, 10, 10, 10]}, "summing to 0", id="uma-sum"),
        pytest.param({"uma": [-10, 0, 0, 10]}, "must not rise", id="uma-order"),
        pytest.param({"uma": "big"}, "list of integers", id="uma-type"),
        pytest.param({"honba_points": 100}, "multiple of 300", id="honba"),
        pytest.param({"noten_payment": 1000}, "multiple of 300", id="noten"),
        pytest.param({"chombo_points": 0}, "chombo_points", id="chombo"),
        pytest.param({"double_ron": False, "triple_ron": "allowed"}, "needs double_ron", id="triple"),
        pytest.param({"triple_ron": "sometimes"}, "triple_ron must be one of", id="enum"),
        pytest.param({"bust": 1}, "bust must be a bool", id="bool"),
        pytest.param({"abortive_draws": ["boredom"]}, "unknown abortive draw", id="abort"),
        pytest.param({"abortive_draws": "kyuushu"}, "must be a list", id="abort-type"),
        pytest.param({"pao_yakuman": ["chiitoitsu"]}, "not a yakuman that can be fed", id="pao"),
    ],
)
def test_bad_overrides_are_refused(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRulesetError, match=message):
        ruleset("tenhou", overrides)


def test_unknown_preset() -> None:
    with pytest.raises(InvalidRulesetError, match="unknown ruleset 'house'"):
        ruleset("house")
    with pytest.raises(InvalidRulesetError, match="unknown ruleset 'house'"):
        table_rules("house")


def test_custom_alone_is_tenhou_renamed() -> None:
    assert table_rules("custom").start_points == table_rules("tenhou").start_points
    assert table_rules("custom").name == "custom"


@pytest.mark.parametrize(
    ("value", "name"),
    [
        pytest.param("tenhou", "tenhou", id="preset-name"),
        pytest.param({"preset": "ema2016", "overrides": {"red_fives": True}}, "custom", id="preset-with-overrides"),
        pytest.param({"preset": "classical"}, "classical", id="classical-without-overrides"),
    ],
)
def test_ruleset_from_the_record_format(value: object, name: str) -> None:
    assert Ruleset.from_json(value).name == name


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param(42, "not a preset name or {preset, overrides}: 42", id="number"),
        pytest.param({"preset": 5}, "'preset' is not a preset name: 5", id="number-preset"),
        pytest.param({"preset": "tenhou", "extra": 1}, "unknown key 'extra'", id="unknown-key"),
        pytest.param({"preset": "tenhou", "overrides": [1]}, "'overrides' must be an object", id="list-overrides"),
        pytest.param("mahjong-soul", "unknown ruleset 'mahjong-soul'", id="unknown-preset"),
    ],
)
def test_ruleset_from_nonsense_is_refused_with_the_reason(value: object, message: str) -> None:
    with pytest.raises(InvalidRulesetError, match=re.escape(message)):
        Ruleset.from_json(value)


@pytest.mark.parametrize("preset", [*PRESET_NAMES, *CLASSICAL_PRESET_NAMES])
def test_ruleset_json_round_trips(preset: str) -> None:
    rules = ruleset(preset)
    assert Ruleset.from_json(rules.to_json()) == rules
    knob = "start_points"
    changed = ruleset(preset, {knob: 30000})
    assert Ruleset.from_json(json.loads(json.dumps(changed.to_json()))) == changed

"""The JSON face: ``score_json`` answers every input, good or bad, and the rules objects."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.classical import (
    CLASSICAL_PRESET_NAMES,
    ClassicalRules,
    ScoringSystem,
    classical_rules,
    classical_rules_from_json,
    score_json,
)
from scorekeeper.errors import InvalidRulesetError
from tests.engine.classical.builders import classical as c
from tests.engine.classical.builders import scored


@pytest.mark.parametrize(
    ("obj", "kind", "words"),
    [
        pytest.param([], "InvalidHandError", "JSON object", id="not-an-object"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "riichi": True}, "InvalidHandError", "riichi", id="riichi"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "hand": 5}, "InvalidHandError", "hand must", id="hand-type"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "win": "3s4s"}, "InvalidHandError", "exactly one", id="win-2"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "tsumo": 1}, "InvalidContextError", "true or false", id="flag"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "seat_wind": "X"}, "InvalidContextError", "seat_wind", id="w"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "melds": {}}, "InvalidHandError", "list", id="melds-type"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "melds": [1]}, "InvalidHandError", "meld", id="meld-type"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "flowers": [1]}, "InvalidHandError", "flowers", id="flowers"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "flowers": "9f"}, "TileParseError", "9f", id="flower-9"),
        pytest.param({**c("123m456m789p234s55s", "3s"), "ruleset": "classical-x"}, "InvalidRulesetError", "unknown"),
        pytest.param(
            {**c("123m456m789p234s55s", "3s"), "ruleset": {"preset": "classical", "overrides": {"limit": "x"}}},
            "InvalidRulesetError",
            "limit",
            id="limit-type",
        ),
        pytest.param({**c("123m456m789p234s55s", "3s"), "ruleset": 3}, "InvalidRulesetError", "ruleset", id="rs-type"),
        pytest.param(c("123m456m789p234s56s", "3s"), "NotWinningError", "not a winning hand", id="not-winning"),
        pytest.param(
            {"ruleset": "classical", "hand": "123m", "seat_wind": "E", "round_wind": "E"},
            "InvalidHandError",
            "win is required",
            id="no-win",
        ),
    ],
)
def test_bad_input_is_answered_not_raised(obj: Any, kind: str, words: str) -> None:
    answer = score_json(obj)
    assert answer["ok"] is False
    assert answer["kind"] == kind
    assert words in answer["error"]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet="123456789mpszf0 +", max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_fields = st.fixed_dictionaries(
    {},
    optional={
        "ruleset": st.sampled_from(["classical", "classical-doubles", "x"]) | _json,
        "hand": st.text(alphabet="123456789mpsz", max_size=16) | _json,
        "win": st.text(alphabet="123456789mpsz", max_size=3) | _json,
        "melds": _json,
        "seat_wind": st.sampled_from(["E", "S", "W", "N"]) | _json,
        "round_wind": st.sampled_from(["E", "S", "W", "N"]) | _json,
        "flowers": _json,
        "tsumo": _json,
        "one_chance": _json,
    },
)


@settings(max_examples=200, deadline=None)
@given(_fields)
def test_score_json_never_raises_and_answers_json(obj: dict[str, Any]) -> None:
    answer = score_json(obj)
    json.dumps(answer)
    assert answer["ok"] in (True, False)
    if not answer["ok"]:
        assert set(answer) == {"ok", "error", "kind"}


def test_answer_shape() -> None:
    answer = scored(c("123m456m789p234s55s", "3s"))
    assert set(answer) == {
        "ok",
        "ruleset",
        "shape",
        "points",
        "raw_points",
        "doubles",
        "multiplier",
        "value",
        "uncapped_value",
        "limited",
        "breakdown",
    }
    assert answer["value"] == answer["points"] * answer["multiplier"]
    assert answer["doubles"] == sum(i["doubles"] for i in answer["breakdown"] if i["type"] == "double")
    assert answer["raw_points"] == sum(i["points"] for i in answer["breakdown"] if i["type"] == "points")


def test_flowers_as_a_string_or_a_list() -> None:
    a = scored(c("123m456m789p234s55s", "3s", flowers="15f"))
    b = scored(c("123m456m789p234s55s", "3s", flowers=["1f", "5f"]))
    assert a == b


def test_presets() -> None:
    assert CLASSICAL_PRESET_NAMES == ("classical", "classical-doubles")
    assert classical_rules("classical-doubles").system is ScoringSystem.DOUBLES_ONLY
    custom = classical_rules_from_json({"preset": "classical", "overrides": {"limit": 1000, "unit": 5}})
    assert custom == ClassicalRules(name="custom", limit=1000, unit=5)


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"name": "x"}, id="name"),
        pytest.param({"riichi": True}, id="unknown"),
        pytest.param({"unit": 0}, id="unit-zero"),
        pytest.param({"unit": "5"}, id="unit-type"),
        pytest.param({"limit": 0}, id="limit-zero"),
        pytest.param({"system": "chips"}, id="enum"),
        pytest.param({"slam": 1}, id="bool"),
    ],
)
def test_bad_knobs_are_refused(overrides: dict[str, Any]) -> None:
    with pytest.raises(InvalidRulesetError):
        classical_rules("classical", overrides)


def test_double_system_alone_is_unit_times_the_multiplier() -> None:
    rules = {"preset": "classical-doubles", "overrides": {"unit": 3}}
    answer = scored(c("123m456m789p234s55s", "3s", ruleset=rules))
    assert answer["points"] == 3
    assert answer["value"] == 3 * answer["multiplier"]


def test_eight_extra_tiles_win_at_once_with_only_the_extra_tiles_scored() -> None:
    obj = {"ruleset": "classical", "hand": "", "seat_wind": "S", "round_wind": "E", "flowers": ["12345678f"]}
    answer = scored(obj)
    assert answer["shape"] == "all_eight_extra_tiles"
    # 1f, 5f round (8 each), 2f, 6f seat (8 each), four others 4 each, completing 20: 68 -> 70.
    assert answer["raw_points"] == 68
    assert answer["points"] == 70


def test_flowers_of_the_wrong_type_are_refused() -> None:
    answer = score_json(c("123m456m789p234s55s", "3s", flowers=5))
    assert answer["kind"] == "InvalidHandError"


def test_red_winning_tile_is_refused() -> None:
    answer = score_json(c("123m456m789p234s05s", "0s"))
    assert answer["ok"] is False
    assert "red fives" in answer["error"]

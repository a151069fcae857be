"""Tests of the public JSON shapes (scorekeeper.engine.jsonio): strict input, exact output, never raising."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.engine.jsonio import hand_from_json, rules_from_json, score_json
from scorekeeper.engine.tiles import Wind

BASE: dict[str, Any] = {
    "hand": "234m456p678s34588s",
    "win": "2m",
    "seat_wind": "S",
    "round_wind": "E",
    "ruleset": "tenhou",
}


def with_(**changes: Any) -> dict[str, Any]:
    return {**BASE, **changes}


def test_answer_has_exactly_the_issue_fields() -> None:
    answer = score_json(with_(riichi=True, dora=["1m"], ura=["7s"]))
    assert list(answer) == [
        "ok",
        "han",
        "fu",
        "yakuman",
        "limit",
        "yaku",
        "dora",
        "aka",
        "ura",
        "fu_breakdown",
        "points",
        "payments",
    ]
    assert answer["ok"] is True
    assert answer["yaku"] == [{"name": "riichi", "han": 1}, {"name": "pinfu", "han": 1}, {"name": "tanyao", "han": 1}]
    assert (answer["han"], answer["fu"], answer["dora"], answer["ura"]) == (7, 30, 1, 3)
    assert answer["limit"] == "haneman" and answer["payments"] == {"ron": 12000} and answer["points"] == 12000
    assert answer["fu_breakdown"] == [{"reason": "base", "fu": 20}, {"reason": "closed_ron", "fu": 10}]
    json.dumps(answer)


def test_yakuman_answer_shape() -> None:
    answer = score_json(with_(hand="19m19p19s12345677z", win="7z", tsumo=True, seat_wind="E"))
    assert answer["han"] is None and answer["fu"] is None
    assert answer["yakuman"] == 1 and answer["limit"] == "yakuman"
    assert answer["yaku"] == [{"name": "kokushi_musou_13", "yakuman": 1}]
    assert answer["payments"] == {"all": 16000} and answer["points"] == 48000
    assert answer["fu_breakdown"] == []


def test_melds_and_tsumo_payments() -> None:
    answer = score_json(with_(hand="22m345p678s234s", win="3p", tsumo=True, melds=[{"type": "chi", "tiles": "406m"}]))
    assert answer["ok"] and answer["aka"] == 1 and answer["payments"] == {"dealer": 1000, "non_dealer": 500}


@pytest.mark.parametrize(
    ("obj", "kind", "message"),
    [
        pytest.param([1, 2], "InvalidHandError", "JSON object", id="not-object"),
        pytest.param(with_(colour="red"), "InvalidHandError", "unknown field", id="unknown-field"),
        pytest.param({"win": "1m"}, "InvalidHandError", "missing field 'hand'", id="missing"),
        pytest.param(with_(hand=123), "InvalidHandError", "hand must be a string", id="hand-type"),
        pytest.param(with_(hand="12x"), "TileParseError", "unexpected character", id="notation"),
        pytest.param(with_(win="23m"), "InvalidHandError", "exactly one tile", id="win-two"),
        pytest.param(with_(riichi="yes"), "InvalidContextError", "true or false", id="flag-type"),
        pytest.param(with_(seat_wind="X"), "InvalidContextError", "seat_wind must be one of", id="wind"),
        pytest.param(with_(dora="1m"), "InvalidHandError", "must be a list", id="dora-type"),
        pytest.param(with_(melds=[{"type": "chi"}]), "InvalidHandError", "needs both", id="meld-missing"),
        pytest.param(with_(melds=[{"type": "x", "tiles": "123m"}]), "InvalidHandError", "unknown meld", id="mk"),
        pytest.param(
            with_(melds=[{"type": "chi", "tiles": "123m", "x": 1}]), "InvalidHandError", "unknown meld", id="mf"
        ),
        pytest.param(with_(melds={"a": 1}), "InvalidHandError", "melds must be a list", id="melds-type"),
        pytest.param(with_(ruleset="nosuch"), "InvalidRulesetError", "unknown ruleset", id="ruleset"),
        pytest.param(with_(ruleset=7), "InvalidRulesetError", "preset name", id="ruleset-type"),
        pytest.param(with_(hand="234m456p678s34589s"), "NotWinningError", "not a winning hand", id="not-winning"),
        pytest.param(with_(hand="123m456p789s11z555s", win="1z"), "NoYakuError", "no yaku", id="no-yaku"),
        pytest.param(with_(ippatsu=True), "InvalidContextError", "ippatsu without riichi", id="context"),
    ],
)
def test_bad_input_is_answered_not_raised(obj: object, kind: str, message: str) -> None:
    answer = score_json(obj)
    assert answer["ok"] is False
    assert answer["kind"] == kind
    assert message in answer["error"]


def test_ruleset_object_with_overrides() -> None:
    rules = rules_from_json({"preset": "tenhou", "overrides": {"red_fives": False}})
    assert rules.name == "custom" and not rules.red_fives
    answer = score_json(with_(ruleset={"preset": "tenhou", "overrides": {"double_wind_pair_fu": 2}}))
    assert answer["ok"]
    assert score_json(with_(ruleset={"preset": "tenhou", "extra": 1}))["kind"] == "InvalidRulesetError"


def test_hand_from_json_defaults() -> None:
    hand, rules = hand_from_json({"hand": "234m456p678s34588s", "win": "2m", "seat_wind": "E", "round_wind": "S"})
    assert rules.name == "tenhou" and not hand.tsumo and hand.melds == () and hand.seat_wind is Wind.EAST


def test_a_key_list_met_before_is_refused_and_accepted_as_the_first_time() -> None:
    """Known key lists skip the field checks (issue 15); the flags' values are still checked, first bad one named."""
    flagged = with_(riichi="yes", tsumo=1, ippatsu=True)
    first = score_json(flagged)
    assert first["kind"] == "InvalidContextError" and first["error"] == "riichi must be true or false, got 'yes'"
    assert score_json(flagged) == first
    same_keys = with_(riichi=True, tsumo=False, ippatsu=True)
    assert list(same_keys) == list(flagged) and score_json(same_keys)["ok"] is True
    assert score_json(with_(riichi=True, tsumo=0, ippatsu=True))["error"] == "tsumo must be true or false, got 0"
    flagless = score_json(BASE)
    assert flagless["ok"] is True and score_json(BASE) == flagless
    assert score_json(with_(melds=0))["error"] == "melds must be a list, got 0"
    assert score_json(with_(melds=[]))["ok"] is True

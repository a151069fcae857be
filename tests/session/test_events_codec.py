"""The event JSON codec that storage persists: round trips and strict refusal of anything else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from scorekeeper.errors import GameRecordError, IllegalActionError, InvalidHandError
from scorekeeper.session import Event, HandWin, HanFuWin, Ron, Seat, event_from_json, event_to_json
from tests.session.strategies import events


@settings(max_examples=300, deadline=None)
@given(events())
def test_event_json_round_trips(event: Event) -> None:
    obj = event_to_json(event)
    assert event_from_json(json.loads(json.dumps(obj))) == event


def test_full_hand_win_compares_by_content_not_key_order() -> None:
    a = HandWin.from_input(Seat.SEAT_1, {"tiles": "123m", "win": "3m", "tsumo": True})
    b = HandWin.from_input(1, {"tsumo": True, "win": "3m", "tiles": "123m"})
    assert a == b
    assert a.input == {"tiles": "123m", "win": "3m", "tsumo": True}


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        pytest.param([], "expected a JSON object", id="not-an-object"),
        pytest.param({"type": "nope"}, "unknown event type", id="unknown-type"),
        pytest.param({"type": "riichi"}, "missing key 'seat'", id="missing-key"),
        pytest.param({"type": "riichi", "seat": 4}, "0-3", id="seat-4"),
        pytest.param({"type": "riichi", "seat": True}, "must be an integer", id="bool-seat"),
        pytest.param({"type": "riichi", "seat": 1, "x": 0}, "unknown key 'x'", id="extra-key"),
        pytest.param({"type": "tsumo", "win": {"seat": 1, "yakuman": 99}}, "1 to 6 yakuman", id="huge-yakuman"),
        pytest.param({"type": "tsumo", "win": {"seat": 1, "han": 1, "fu": 25}}, "25 fu is chiitoitsu", id="fu-25"),
        pytest.param({"type": "tsumo", "win": {"seat": 1, "han": 2, "fu": 35}}, "fu must be", id="fu-35"),
        pytest.param({"type": "tsumo", "win": {"seat": 1, "yakuman": 1, "pao": 1}}, "own win", id="self-pao"),
        pytest.param(
            {"type": "tsumo", "win": {"seat": 1, "hand": {"ruleset": "ema2016"}}}, "must not name a ruleset", id="hand"
        ),
        pytest.param({"type": "ron", "from": 0, "wins": []}, "1 to 3 wins", id="no-winner"),
        pytest.param(
            {"type": "ron", "from": 0, "wins": [{"seat": 1, "han": 1, "fu": 30}, {"seat": 1, "han": 1, "fu": 30}]},
            "winner seat twice",
            id="same-winner-twice",
        ),
        pytest.param({"type": "draw", "tenpai": [1, 1]}, "lists a seat twice", id="tenpai-twice"),
        pytest.param({"type": "nagashi", "seats": []}, "at least one nagashi seat", id="nagashi-empty"),
        pytest.param({"type": "abort", "reason": "boredom"}, "unknown abortive draw reason", id="abort-reason"),
        pytest.param({"type": "penalty", "seat": 1, "points": 0, "reason": ""}, "non-zero", id="zero-penalty"),
        pytest.param({"type": "penalty", "seat": 1, "points": -(10**12), "reason": ""}, "up to", id="huge-penalty"),
        pytest.param({"type": "delete_hand", "index": -1}, "hand number", id="negative-index"),
        pytest.param({"type": "end", "reason": "x" * 501}, "at most 500", id="long-reason"),
        pytest.param({"type": "tsumo", "win": []}, "win: expected a JSON object, got \\[\\]", id="win-not-an-object"),
        pytest.param({"type": "tsumo", "win": {"seat": 1, "hand": "123m"}}, "'hand' must be the JSON", id="hand-text"),
        pytest.param(
            {"type": "tsumo", "win": {"seat": 1, "han": 3, "fu": 30, "pao": 2}},
            "pao \\(liability\\) applies only to yakuman; seat 1's win is 3 han 30 fu",
            id="han-fu-pao",
        ),
        pytest.param({"type": "draw", "tenpai": "0"}, "'tenpai' must be a list of at most 4 seats", id="tenpai-text"),
        pytest.param({"type": "draw", "tenpai": [0, 1, 2, 3, 0]}, "a list of at most 4 seats", id="five-tenpai"),
        pytest.param({"type": "draw", "tenpai": [7]}, "'tenpai': .*0-3", id="tenpai-seat-7"),
        pytest.param({"type": "abort", "reason": 9}, "'reason' must be a text, got 9", id="abort-reason-number"),
    ],
)
def test_bad_event_json_is_refused_clearly(obj: Any, message: str) -> None:
    with pytest.raises(GameRecordError, match=message):
        event_from_json(obj)


def test_a_han_fu_wins_yaku_must_be_a_list_of_names() -> None:
    with pytest.raises(InvalidHandError, match="a win's yaku must be a list of yaku names, got 'riichi'"):
        HanFuWin(seat=Seat(1), han=3, fu=30, yaku="riichi")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        pytest.param("{not json", "needs the hand as JSON text", id="not-json"),
        pytest.param(None, "needs the hand as JSON text", id="none"),
        pytest.param("[1, 2]", "must be a JSON object", id="a-list"),
    ],
)
def test_a_full_hand_win_needs_its_hand_as_a_json_object(hand: Any, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        HandWin(seat=Seat(1), hand=hand)


def test_a_ron_without_a_winner_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="a ron has 1 to 3 winners, got 0"):
        Ron(Seat(0), ())

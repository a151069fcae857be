"""The event JSON codec that storage persists: round trips and strict refusal of anything else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from scorekeeper.errors import GameRecordError
from scorekeeper.session import Event, HandWin, Seat, event_from_json, event_to_json
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
    ],
)
def test_bad_event_json_is_refused_clearly(obj: Any, message: str) -> None:
    with pytest.raises(GameRecordError, match=message):
        event_from_json(obj)

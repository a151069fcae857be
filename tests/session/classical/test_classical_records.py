"""Bad classical game records and events: each refused with a clear error naming the hand and the broken rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.errors import GameRecordError, IllegalActionError, InvalidRulesetError, ScorekeeperError
from scorekeeper.session import (
    ExhaustiveDraw,
    HanFuWin,
    Ron,
    Seat,
    Session,
    Tsumo,
    ValueWin,
    event_from_json,
    event_to_json,
    format_record,
    parse_record,
    ruleset,
)

EXAMPLE_1 = {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]}


def _record(hands: list[dict[str, Any]], rules: Any = "classical") -> dict[str, Any]:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": rules,
        "players": ["a", "b", "c", "d"],
        "hands": hands,
    }


def _ron(win: dict[str, Any], discarder: int = 0) -> dict[str, Any]:
    return {"riichi": [], "result": {"type": "ron", "from": discarder, "wins": [win]}}


GOOD = _ron({"seat": 1, "value": 100})

# (id, hands, what the error must say): every one is refused at replay, naming hand 2 (after a good first hand).
REFUSED_AT_REPLAY = [
    ("han_fu_win", _ron({"seat": 2, "han": 3, "fu": 40}, 1), "han and fu"),
    ("yakuman_win", _ron({"seat": 2, "yakuman": 1}, 1), "han and fu or yakuman"),
    ("riichi", {"riichi": [2], "result": {"type": "draw", "tenpai": [2]}}, "no riichi"),
    ("tenpai_at_draw", {"riichi": [], "result": {"type": "draw", "tenpai": [1]}}, "tenpai list must be empty"),
    ("nagashi", {"riichi": [], "result": {"type": "nagashi", "seats": [1], "tenpai": []}}, "no nagashi"),
    ("abort", {"riichi": [], "result": {"type": "abort", "reason": "kyuushu"}}, "no abortive draw 'kyuushu'"),
    ("chombo", {"riichi": [], "result": {"type": "chombo", "seat": 1}}, "referee penalty"),
    (
        "two_winners",
        {
            "riichi": [],
            "result": {"type": "ron", "from": 0, "wins": [{"seat": 1, "value": 10}, {"seat": 2, "value": 10}]},
        },
        "one winner per hand",
    ),
    ("riichi_field_in_hand", _ron({"seat": 2, "hand": {**EXAMPLE_1, "riichi": True}}, 1), "unknown field"),
    ("not_winning", _ron({"seat": 2, "hand": {**EXAMPLE_1, "hand": "123m123m124p66p"}}, 1), "hand 2"),
    ("red_five", _ron({"seat": 2, "hand": {"hand": "123m406m123p66p", "win": "2p"}}, 1), "red fives"),
    ("wrong_round_wind", _ron({"seat": 2, "hand": {**EXAMPLE_1, "round_wind": "S"}}, 1), "round wind"),
]


@pytest.mark.parametrize(("hand", "message"), [pytest.param(h, m, id=i) for i, h, m in REFUSED_AT_REPLAY])
def test_bad_classical_hand_is_refused_naming_the_hand(hand: dict[str, Any], message: str) -> None:
    record = parse_record(_record([GOOD, hand]))
    with pytest.raises(ScorekeeperError) as caught:
        record.replay()
    assert str(caught.value).startswith("hand 2 (E2): ")
    assert message in str(caught.value)


def test_value_above_the_limit_is_refused() -> None:
    record = parse_record(
        _record([_ron({"seat": 1, "value": 1200})], {"preset": "classical", "overrides": {"limit": 1000}})
    )
    with pytest.raises(IllegalActionError, match="above the limit of 1000"):
        record.replay()


# (id, record changes, what the error must say): refused when the record is read, before any hand is played.
REFUSED_AT_PARSE = [
    ("value_zero", {"hands": [_ron({"seat": 1, "value": 0})]}, "1 to 100,000,000 points"),
    ("value_text", {"hands": [_ron({"seat": 1, "value": "640"})]}, "'value' must be an integer"),
    ("value_bool", {"hands": [_ron({"seat": 1, "value": True})]}, "'value' must be an integer"),
    ("value_huge", {"hands": [_ron({"seat": 1, "value": 10**12})]}, "1 to 100,000,000 points"),
    ("value_with_pao", {"hands": [_ron({"seat": 1, "value": 640, "pao": 2})]}, "pao (liability) is not part"),
    ("value_and_hand", {"hands": [_ron({"seat": 1, "value": 640, "hand": EXAMPLE_1})]}, "exactly one of"),
    ("unknown_knob", {"ruleset": {"preset": "classical", "overrides": {"uma_points": 1}}}, "unknown classical knob"),
    ("riichi_knob", {"ruleset": {"preset": "classical", "overrides": {"honba_points": 300}}}, "unknown classical knob"),
    ("bad_rounds", {"ruleset": {"preset": "classical", "overrides": {"rounds": 5}}}, "rounds must be 1 to 4"),
    ("bad_uma", {"ruleset": {"preset": "classical", "overrides": {"uma": [1, 0, 0, 0]}}}, "summing to 0"),
    ("bad_start", {"ruleset": {"preset": "classical", "overrides": {"start_points": -1}}}, "start_points"),
    (
        "loser_is_the_winner",
        {
            "hands": [
                {
                    "riichi": [],
                    "result": {"type": "tsumo", "win": {"seat": 1, "value": 10}, "losers": [{"seat": 1, "value": 0}]},
                }
            ]
        },
        "seat 1 won",
    ),
    (
        "loser_twice",
        {
            "hands": [
                {
                    "riichi": [],
                    "result": {
                        "type": "tsumo",
                        "win": {"seat": 1, "value": 10},
                        "losers": [{"seat": 2, "value": 0}, {"seat": 2, "value": 4}],
                    },
                }
            ]
        },
        "list a seat twice",
    ),
    (
        "loser_negative",
        {
            "hands": [
                {
                    "riichi": [],
                    "result": {"type": "tsumo", "win": {"seat": 1, "value": 10}, "losers": [{"seat": 2, "value": -4}]},
                }
            ]
        },
        "0 to 100,000,000",
    ),
    (
        "losers_empty",
        {"hands": [{"riichi": [], "result": {"type": "tsumo", "win": {"seat": 1, "value": 10}, "losers": []}}]},
        "1 to 3 losers' values",
    ),
    ("unknown_preset", {"ruleset": "classical-hk"}, "known rulesets: "),
]


@pytest.mark.parametrize(("changes", "message"), [pytest.param(c, m, id=i) for i, c, m in REFUSED_AT_PARSE])
def test_bad_classical_record_is_refused_when_read(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(GameRecordError) as caught:
        parse_record({**_record([]), **changes})
    assert message in str(caught.value)


def test_losers_settle_the_differences_of_their_own_hands() -> None:
    """docs/classical.md, losers_settle: each pair of losers settles the difference, doubled where East is in it."""
    tsumo = {
        "type": "tsumo",
        "win": {"seat": 1, "value": 100},
        "losers": [{"seat": 0, "value": 40}, {"seat": 2, "value": 20}],
    }
    record = parse_record(
        _record([{"riichi": [], "result": tsumo}], {"preset": "classical", "overrides": {"losers": "losers_settle"}})
    )
    # To the winner: East (seat 0) 200, seats 2 and 3 100 each. Between losers (seat 3 held nothing: 0):
    # seat 2 pays East 2 x (40 - 20) = 40, seat 3 pays East 2 x 40 = 80, seat 3 pays seat 2 20.
    assert record.replay().hands[0].deltas == (-200 + 40 + 80, 400, -100 - 40 + 20, -100 - 80 - 20)
    assert parse_record(json.loads(json.dumps(format_record(record)))) == record
    assert format_record(record)["hands"][0]["result"]["losers"] == tsumo["losers"]


def test_losers_values_without_losers_settle_are_refused() -> None:
    tsumo = {"type": "tsumo", "win": {"seat": 1, "value": 100}, "losers": [{"seat": 0, "value": 40}]}
    with pytest.raises(IllegalActionError, match=r"hand 1 \(E1\): .*settle only with the winner"):
        parse_record(_record([{"riichi": [], "result": tsumo}])).replay()
    ron = {"type": "ron", "from": 0, "wins": [{"seat": 1, "han": 1, "fu": 30}], "losers": [{"seat": 0, "value": 40}]}
    with pytest.raises(IllegalActionError, match="belong to the classical family"):
        parse_record(_record([{"riichi": [], "result": ron}], "tenhou")).replay()


def test_value_win_in_a_riichi_game_is_refused() -> None:
    record = parse_record(_record([_ron({"seat": 1, "value": 640})], "tenhou"))
    with pytest.raises(IllegalActionError, match="belongs to the classical family"):
        record.replay()


def test_riichi_declared_in_a_classical_session_is_refused_and_changes_nothing() -> None:
    session = Session(ruleset("classical"), ["a", "b", "c", "d"])
    with pytest.raises(IllegalActionError, match="has no riichi"):
        session.declare_riichi(Seat.SEAT_1)
    assert session.events == ()
    with pytest.raises(IllegalActionError, match="han and fu"):
        session.tsumo(HanFuWin(seat=Seat.SEAT_1, han=3, fu=40))
    assert session.events == ()


def test_riichi_rules_of_a_classical_ruleset_are_refused_by_name() -> None:
    rules = ruleset("classical")
    with pytest.raises(InvalidRulesetError, match="'classical' is of the classical family"):
        _ = rules.table
    with pytest.raises(InvalidRulesetError, match="no riichi hand-scoring rules"):
        _ = rules.hand


def test_bad_classical_file_replay_prints_the_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_record([GOOD, REFUSED_AT_REPLAY[0][1]])), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert out["error"].startswith(f"{path}: hand 2 (E2): ")


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(Ron(Seat.SEAT_0, (ValueWin(seat=Seat.SEAT_1, value=640),)), id="ron_value"),
        pytest.param(Tsumo(ValueWin(seat=Seat.SEAT_3, value=2880)), id="tsumo_value"),
        pytest.param(ExhaustiveDraw(()), id="draw"),
    ],
)
def test_classical_events_round_trip_through_json(event: Any) -> None:
    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event


def test_score_cli_sends_a_classical_preset_object_to_the_classical_scorer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    line = {
        "ruleset": {"preset": "classical", "overrides": {"limit": 1000}},
        **EXAMPLE_1,
        "seat_wind": "S",
        "round_wind": "E",
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(line) + "\n"))
    assert main(["score", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["value"] == 640 and out["doubles"] == 5

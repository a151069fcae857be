"""The public game-record format: parse, format, replay; real tenhou.net games; bad records name the bad hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.errors import GameRecordError, IllegalActionError, UnsupportedVersionError
from scorekeeper.session import (
    EndGame,
    ExhaustiveDraw,
    HandRecord,
    RefereePenalty,
    Ron,
    Tsumo,
    format_record,
    parse_record,
    record_from_session,
    session_from_record,
)
from tests.session.builders import S0, S1, S2, S3, game, hf, ym

SAMPLES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "tenhou_games_sample.jsonl").read_text().splitlines()
]


@pytest.mark.parametrize("case", SAMPLES, ids=[f"tenhou-game-{k}" for k in range(len(SAMPLES))])
def test_real_tenhou_games_replay_exactly(case: dict[str, Any]) -> None:
    # tenhou.net's own scores after each hand, sticks, final scores and plus-minus ([issue3] tenhou preset).
    state = parse_record(case["record"]).replay()
    expected = case["expected"]
    assert [list(h.scores) for h in state.hands] == expected["scores_after_each_hand"]
    assert [h.riichi_sticks for h in state.hands] == expected["riichi_sticks_after_each_hand"]
    assert state.ended
    assert state.final is not None
    assert list(state.final.scores) == expected["final_scores"]
    assert list(state.final.points) == expected["final_points"]


@pytest.mark.parametrize("case", SAMPLES[:2], ids=["tenhou-game-0", "tenhou-game-1"])
def test_record_round_trips(case: dict[str, Any]) -> None:
    record = parse_record(case["record"])
    assert format_record(record) == case["record"]
    assert parse_record(json.loads(json.dumps(format_record(record)))) == record


def test_session_record_round_trip_keeps_penalties_overrides_and_referee_end() -> None:
    session = game("ema2016", uma=[20, 10, -10, -20], red_fives=True)
    session.declare_riichi(S1)
    session.apply(Ron(S0, (hf(1, 3, 30), ym(3, pao=S2))))
    session.apply(Tsumo(hf(2, 2, 30)))
    session.penalty(S3, -2000, "late arrival")
    session.end_game("time limit")
    record = record_from_session(session)
    obj = format_record(record)
    assert obj["ruleset"] == {"preset": "ema2016", "overrides": {"red_fives": True, "uma": [20, 10, -10, -20]}}
    assert obj["penalties"] == [{"seat": 3, "points": -2000, "reason": "late arrival"}]
    assert obj["end"] == {"reason": "time limit"}
    back = parse_record(json.loads(json.dumps(obj)))
    assert back == record
    assert session_from_record(back).state == session.state


def _record(hands: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": ["a", "b", "c", "d"],
        "hands": hands,
        **extra,
    }


def _ron(frm: int, seat: int, han: int = 1, fu: int = 30) -> dict[str, Any]:
    return {"riichi": [], "result": {"type": "ron", "from": frm, "wins": [{"seat": seat, "han": han, "fu": fu}]}}


def test_hand_after_the_end_names_the_hand() -> None:
    bust = {"riichi": [], "result": {"type": "ron", "from": 2, "wins": [{"seat": 1, "yakuman": 1}]}}
    with pytest.raises(IllegalActionError, match=r"hand 2: the game has already ended \(bust\)"):
        parse_record(_record([bust, _ron(0, 1)])).replay()


def test_winner_who_is_the_discarder_names_the_hand() -> None:
    with pytest.raises(GameRecordError, match=r"hand 2, result: seat 1 cannot win on their own discard"):
        parse_record(_record([_ron(0, 1), _ron(1, 1)]))


def test_riichi_under_1000_names_the_hand() -> None:
    baiman = {"riichi": [2], "result": {"type": "ron", "from": 2, "wins": [{"seat": 0, "han": 8, "fu": 30}]}}
    again = {"riichi": [2], "result": {"type": "draw", "tenpai": [2]}}
    with pytest.raises(IllegalActionError, match=r"hand 2 \(E1, 1 honba\): seat 2 \(c\) has 0 points"):
        parse_record(_record([baiman, again])).replay()


@pytest.mark.parametrize(
    ("mutate", "error", "message"),
    [
        pytest.param(lambda r: r.update(version=2), UnsupportedVersionError, "version 2", id="newer-version"),
        pytest.param(lambda r: r.update(format="x"), GameRecordError, "not a scorekeeper game record", id="format"),
        pytest.param(lambda r: r.update(extra=1), GameRecordError, "unknown key 'extra'", id="unknown-key"),
        pytest.param(lambda r: r.update(players=["a"]), GameRecordError, "four names", id="three-players"),
        pytest.param(lambda r: r.update(ruleset="nope"), GameRecordError, "unknown ruleset 'nope'", id="ruleset"),
        pytest.param(
            lambda r: r.update(ruleset={"preset": "tenhou", "overrides": {"uma": [1, 2, 3, 4]}}),
            GameRecordError,
            "uma must be four numbers",
            id="bad-override",
        ),
        pytest.param(lambda r: r["hands"].append({"riichi": [-1], "result": {}}), GameRecordError, "0-3", id="seat"),
        pytest.param(
            lambda r: r["hands"].append({"riichi": [], "result": {"type": "win"}}),
            GameRecordError,
            "unknown result type",
            id="type",
        ),
        pytest.param(lambda r: r["hands"].append(_ron(0, 1, han=10**9)), GameRecordError, "1 to 78 han", id="huge-han"),
        pytest.param(
            lambda r: r.update(penalties=[{"seat": 1, "points": -50, "reason": "x"}]),
            GameRecordError,
            "multiple of 100",
            id="penalty",
        ),
        pytest.param(lambda r: r.update(hands={}), GameRecordError, "'hands' must be a list", id="hands-object"),
        pytest.param(
            lambda r: r.update(penalties={"seat": 1}), GameRecordError, "'penalties' must be a list", id="penalties"
        ),
        pytest.param(
            lambda r: r.update(penalties=[{"seat": 1, "points": -1000}]),
            GameRecordError,
            'penalty 1: must be {"seat": s, "points": n, "reason": text}',
            id="penalty-without-reason",
        ),
        pytest.param(lambda r: r.update(end="time"), GameRecordError, "'end' must be", id="end-text"),
        pytest.param(lambda r: r.update(end={"reason": 1}), GameRecordError, "'end' must be", id="end-reason-number"),
        pytest.param(lambda r: r.update(end={"reason": "x" * 501}), GameRecordError, "end: .*500", id="end-too-long"),
    ],
)
def test_bad_records_give_a_clear_error(mutate: Any, error: type[Exception], message: str) -> None:
    record = _record([_ron(0, 1)])
    mutate(record)
    with pytest.raises(error, match=message):
        parse_record(record)


def test_record_events_order() -> None:
    record = parse_record(_record([{"riichi": [1, 3], "result": {"type": "draw", "tenpai": [1, 3]}}]))
    assert record.hands == (HandRecord((S1, S3), ExhaustiveDraw((S1, S3))),)
    full = parse_record(
        _record(
            [{"riichi": [], "result": {"type": "draw", "tenpai": []}}],
            penalties=[{"seat": 2, "points": -1000, "reason": "r"}],
            end={"reason": "time"},
        )
    )
    events = full.events()
    assert events[-2:] == (RefereePenalty(seat=S2, points=-1000, reason="r"), EndGame("time"))

"""Time is called: the hand in play is the last (``LastHandCalled``), then the game ends as an ``EndGame`` would.

A tournament's ``finish_hand`` time-limit rule (docs/tournament.md; the call is made explicitly here, since the EMA
presets' own rule leaves one more hand: tests/session/test_timed_sessions.py): the referee calls time, the table
finishes the hand it is playing, and that hand's result ends the game with the referee's end reason and the same
sheet as an ``EndGame`` right after it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import GameRecordError, IllegalActionError
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    EndGame,
    EndReason,
    Event,
    ExhaustiveDraw,
    HandRecord,
    LastHandCalled,
    RiichiDeclared,
    Ron,
    Session,
    Tsumo,
    event_from_json,
    event_to_json,
)
from scorekeeper.session.record import format_record, parse_record, record_from_session, session_from_record
from scorekeeper.storage.store import GameStore
from tests.session.builders import PLAYERS, S0, S1, S2, S3, game, hf, rules

_OPENING: tuple[Event, ...] = (Ron(S1, (hf(0, 3, 30),)), RiichiDeclared(S2), Tsumo(hf(3, 2, 30)))


def _played(preset: str = "ema2016", events: tuple[Event, ...] = _OPENING) -> Session:
    return Session(rules(preset), PLAYERS, events)


def _ended_by_referee_after(events: tuple[Event, ...], preset: str = "ema2016") -> Session:
    """The same game with the referee's EndGame right after the last hand instead of the call."""
    plain = tuple(e for e in events if not isinstance(e, LastHandCalled))
    return Session(rules(preset), PLAYERS, (*plain, EndGame("time limit")))


def test_a_ron_after_time_is_called_ends_the_game_with_the_sheet_of_an_end_right_after_it() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    assert session.state.last_hand_called
    assert not session.state.ended
    session.declare_riichi(S0)  # play goes on in the last hand: riichi, then the win
    session.ron(S3, [hf(1, 4, 30)])
    state = session.state
    expected = _ended_by_referee_after(session.events).state
    assert state.ended
    assert state.end_reason is EndReason.REFEREE
    assert state.final == expected.final
    assert state.final is not None and state.final.uma_oka_tenths is not None  # the uma and oka of any end
    assert (state.scores, state.riichi_sticks, state.hands) == (expected.scores, expected.riichi_sticks, expected.hands)
    assert state.ended_by_last_hand_call and not state.last_hand_called


def test_a_draw_after_time_is_called_ends_the_game_with_the_riichi_stick_left_to_the_sheet() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    session.declare_riichi(S1)
    session.draw([S1])
    expected = _ended_by_referee_after(session.events).state
    assert session.state.ended
    assert session.state.final == expected.final
    assert session.state.final is not None and session.state.final.leftover_sticks == expected.riichi_sticks


@pytest.mark.parametrize(
    "result",
    [AbortiveDraw(AbortReason.KYUUSHU), Chombo(S2), ExhaustiveDraw(())],
    ids=["abortive-draw", "chombo", "draw-all-noten"],
)
def test_any_finished_hand_after_time_is_called_ends_the_game(result: Event) -> None:
    session = _played("tenhou", (Ron(S1, (hf(0, 3, 30),)),))
    session.apply(LastHandCalled("time"))
    session.apply(result)
    assert session.state.ended
    assert session.state.end_reason is EndReason.REFEREE
    assert session.state.final == _ended_by_referee_after(session.events, "tenhou").state.final


def test_a_hand_that_ends_the_game_itself_keeps_its_own_end_reason() -> None:
    session = _played("tenhou")
    session.apply(LastHandCalled("time"))
    session.ron(S0, [hf(1, 13, 30)])  # a kazoe yakuman from seat 0: seat 0 goes below zero, tenhou's bust
    assert session.state.ended
    assert session.state.end_reason is EndReason.BUST


def test_time_called_after_the_game_ended_is_refused() -> None:
    session = _played()
    session.end_game("time limit")
    with pytest.raises(IllegalActionError, match=r"the game has already ended \(referee\).*LastHandCalled refused"):
        session.apply(LastHandCalled("time limit"))


def test_time_called_twice_is_refused_and_changes_nothing() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    before = session.state
    with pytest.raises(IllegalActionError, match=r"time was already called in E2 \(time limit\)"):
        session.apply(LastHandCalled("again"))
    assert session.state == before


def test_the_referee_may_still_end_the_game_outright_after_calling_time() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    session.end_game("table too slow")
    assert session.state.ended
    assert not session.state.ended_by_last_hand_call
    assert session.state.final == _ended_by_referee_after(_OPENING).state.final
    with pytest.raises(IllegalActionError, match="already ended"):
        session.draw([])


def test_undo_takes_the_call_back_like_any_event() -> None:
    session = _played()
    before = session.state
    session.apply(LastHandCalled("time limit"))
    assert session.undo() == LastHandCalled("time limit")
    assert session.state == before
    session.redo()
    assert session.state.last_hand_reason == "time limit"


def test_a_correction_of_an_earlier_hand_keeps_the_call_of_the_hand_in_play() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    session.declare_riichi(S3)
    session.edit_hand(0, HandRecord((), Ron(S1, (hf(0, 4, 30),))))
    assert session.state.last_hand_called
    assert session.state.in_riichi == {S3}
    session.draw([S3])
    assert session.state.ended


def test_a_correction_after_the_call_ended_the_game_keeps_it_ended_after_the_last_hand() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    session.draw([])
    hands = len(session.state.hands)
    session.edit_hand(0, HandRecord((), Ron(S1, (hf(0, 4, 30),))))
    assert session.state.ended and session.state.end_reason is EndReason.REFEREE
    assert session.state.ended_by_last_hand_call
    expected = _ended_by_referee_after(session.events)
    assert len(session.state.hands) == hands
    assert session.state.final is not None and session.state.final.scores == expected.state.final.scores  # type: ignore[union-attr]
    session.insert_hand(1, HandRecord((), ExhaustiveDraw(())))
    assert session.state.ended and len(session.state.hands) == hands + 1
    assert session.state.last_hand_index == hands


def test_deleting_the_last_hand_leaves_the_call_after_the_new_last_hand_and_the_game_ends_there() -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    session.draw([])
    session.delete_hand(len(session.state.hands) - 1)
    state = session.state
    assert state.ended and state.end_reason is EndReason.REFEREE
    assert len(state.hands) == 2
    assert state.final == Session(rules("ema2016"), PLAYERS, (*_OPENING, EndGame(""))).state.final


def test_the_call_round_trips_through_the_event_codec() -> None:
    event = LastHandCalled("time limit")
    assert event_to_json(event) == {"type": "last_hand", "reason": "time limit"}
    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
    with pytest.raises(GameRecordError, match="unknown key 'hand'"):
        event_from_json({"type": "last_hand", "reason": "", "hand": 1})


@pytest.mark.parametrize("finished", [False, True], ids=["hand-in-play", "ended-by-the-call"])
def test_the_record_keeps_the_call_in_its_place(finished: bool) -> None:
    session = _played()
    session.apply(LastHandCalled("time limit"))
    if finished:
        session.draw([])
    record = record_from_session(session)
    obj = format_record(record)
    assert obj["last_hand"] == {"reason": "time limit", "hand": 3}
    assert "end" not in obj
    back = parse_record(json.loads(json.dumps(obj)))
    assert back == record
    assert back.replay() == session.state
    assert session_from_record(back).state == session.state


def test_a_record_with_a_hand_after_the_last_is_refused() -> None:
    obj = format_record(record_from_session(_played()))
    obj["last_hand"] = {"reason": "time", "hand": 1}
    with pytest.raises(IllegalActionError, match="hand 2: the game has already ended"):
        parse_record(obj).replay()
    obj["last_hand"] = {"reason": "time", "hand": 4}
    with pytest.raises(GameRecordError, match="'hand' is the hand in play when time was called, 1 to 3, got 4"):
        parse_record(obj)
    obj["last_hand"] = {"reason": "time"}
    with pytest.raises(GameRecordError, match="'last_hand' must be"):
        parse_record(obj)


def test_a_record_without_a_call_is_written_exactly_as_before() -> None:
    session = _played()
    session.end_game("time")
    assert "last_hand" not in format_record(record_from_session(session))


def test_the_game_store_keeps_the_call_through_a_restart(tmp_path: Path) -> None:
    session = game("ema2016")
    events = (*_OPENING, LastHandCalled("time limit"), ExhaustiveDraw(()))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game(players=PLAYERS, ruleset="ema2016")
        for event in events:
            store.append(game_id, event, at=store.position(game_id))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        loaded = store.load(game_id)
    assert loaded.events == events
    reopened = Session(session.rules, PLAYERS, loaded.events)
    assert reopened.state.ended and reopened.state.last_hand_reason == "time limit"

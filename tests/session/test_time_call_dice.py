"""The dice at a time call (RCR 2016 5.9): "A hand begins when the dice are thrown after the walls have been built.
If the dice have not been thrown yet when the time signal sounds, the players will play only the current hand."

A call that reaches a table (the referee's through the server, or the table's own) leaves the hand in play and one
more; the table answers once whether the dice of the hand in play had been thrown (``DiceAtTimeCall``), and "no"
leaves that hand only. EMA 2025 7.4 ("a hand is considered to begin immediately after the previous hand ends") asks
nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import GameRecordError, IllegalActionError
from scorekeeper.session import HandRecord, Session, event_from_json, event_to_json
from scorekeeper.session.events import Chombo, DiceAtTimeCall, ExhaustiveDraw
from scorekeeper.session.record import format_record, parse_record, record_from_session
from scorekeeper.storage.store import GameStore
from scorekeeper.tournament import TournamentSettings, time_limit_end
from tests.session.builders import PLAYERS, S0, S1, game, hf


def _called_between_hands(preset: str) -> Session:
    """One hand played, then the referee's call as the server sends it (the tournament's rule: the preset's)."""
    session = game(preset)
    session.ron(S0, [hf(1, 2, 30)])
    (call,) = time_limit_end(session.state, TournamentSettings(name="Open", preset=preset).time_limit)
    session.apply(call)
    return session


def test_rcr2016_5_9_dice_not_thrown_when_time_was_called_leaves_only_this_hand() -> None:
    session = _called_between_hands("ema2016")
    assert session.state.asks_about_the_dice
    assert session.state.hands_left_on_time == 2  # what the referee's call said, until the table answers
    session.apply(DiceAtTimeCall(thrown=False))
    assert not session.state.asks_about_the_dice
    assert session.state.hands_left_on_time == 1
    session.draw([S1])
    assert session.state.ended_by_last_hand_call


def test_rcr2016_5_9_dice_thrown_when_time_was_called_leaves_this_hand_and_one_more() -> None:
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=True))
    assert not session.state.asks_about_the_dice  # asked once
    assert session.state.hands_left_on_time == 2
    session.draw([S1])
    assert session.state.hands_left_on_time == 1
    session.draw([])
    assert session.state.ended


def test_rcr2016_5_9_a_chombo_is_a_re_deal_so_the_dice_are_still_asked_and_the_re_deal_is_the_last() -> None:
    session = _called_between_hands("ema2016")
    session.chombo(S1)  # "In case of chombo there is a complete re-deal, i.e. it does not count as a hand played"
    assert session.state.asks_about_the_dice
    session.apply(DiceAtTimeCall(thrown=False))
    assert session.state.hands_left_on_time == 1
    session.draw([])
    assert session.state.ended


def test_ema2025_7_4_starts_a_hand_when_the_previous_ends_so_it_never_asks() -> None:
    session = _called_between_hands("ema2025")
    assert not session.state.asks_about_the_dice
    assert session.state.hands_left_on_time == 2
    with pytest.raises(IllegalActionError, match="DiceAtTimeCall refused"):
        session.apply(DiceAtTimeCall(thrown=False))


@pytest.mark.parametrize("preset", ["tenhou", "ema2016"])
def test_no_call_no_question(preset: str) -> None:
    session = game(preset)
    assert not session.state.asks_about_the_dice
    with pytest.raises(IllegalActionError, match="DiceAtTimeCall refused"):
        session.apply(DiceAtTimeCall(thrown=False))


def test_the_dice_are_answered_once_and_not_after_a_hand_was_counted() -> None:
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=True))
    with pytest.raises(IllegalActionError, match="DiceAtTimeCall refused"):
        session.apply(DiceAtTimeCall(thrown=False))
    late = _called_between_hands("ema2016")
    late.draw([])  # the hand in play was finished: too late to say its dice were not thrown
    assert not late.state.asks_about_the_dice
    with pytest.raises(IllegalActionError, match="DiceAtTimeCall refused"):
        late.apply(DiceAtTimeCall(thrown=False))


def test_undoing_the_answer_asks_again() -> None:
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=False))
    session.undo()
    assert session.state.asks_about_the_dice
    assert session.state.hands_left_on_time == 2


def test_a_correction_of_an_earlier_hand_keeps_the_answer() -> None:
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=False))
    session.edit_hand(0, HandRecord((), ExhaustiveDraw((S0,))))
    assert session.state.dice_at_time_call is False
    assert session.state.hands_left_on_time == 1
    assert not session.state.asks_about_the_dice


def test_the_answer_survives_json_the_store_and_the_record(tmp_path: Path) -> None:
    for thrown in (False, True):
        event = DiceAtTimeCall(thrown=thrown)
        assert event_to_json(event) == {"type": "time_call_dice", "thrown": thrown}
        assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
    with pytest.raises(GameRecordError, match="'thrown' must be true or false"):
        event_from_json({"type": "time_call_dice", "thrown": 0})
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=False))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game(players=PLAYERS, ruleset="ema2016")
        for stored in session.events:
            store.append(game_id, stored, at=store.position(game_id))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        assert Session(session.rules, PLAYERS, store.load(game_id).events).state == session.state
    session.draw([])
    # A record keeps the call as answered: only the hand in play was left.
    record = format_record(record_from_session(session))
    assert record["last_hand"] == {"reason": "time limit", "hand": 2, "chombo_counts": False}
    replayed = parse_record(json.loads(json.dumps(record))).replay()
    assert replayed.ended and replayed.hands == session.state.hands


def test_a_chombo_after_the_answer_is_still_not_counted_under_rcr2016() -> None:
    session = _called_between_hands("ema2016")
    session.apply(DiceAtTimeCall(thrown=False))
    session.apply(Chombo(S1))
    assert session.state.hands_left_on_time == 1 and not session.state.ended

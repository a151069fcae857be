"""Timed sessions: what the time signal leaves of a game, by the rule of each text (``TableRules.time_limit``).

RCR 2016 5.9 (``ema2016``): "After the sound the current hand is finished, and one more hand is played"; a hand
begins when the dice are thrown (a signal before them leaves only that hand), and a chombo "does not count as a
hand played". EMA 2025 7.4 (``ema2025``): the same two hands, a hand starting the moment the previous one ends, and
"A chombo after the time signal is treated as one of the remaining hands". ``finish_hand`` (tenhou, M-League, WRC)
is today's rule: the hand in play is the last (tests/session/test_last_hand.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session import (
    EndReason,
    ExhaustiveDraw,
    HandRecord,
    LastHandCalled,
    Ron,
    Session,
    TimeLimitRule,
    event_from_json,
    event_to_json,
    last_hand_call,
)
from scorekeeper.session.record import format_record, parse_record, record_from_session
from scorekeeper.storage.store import GameStore
from scorekeeper.tournament import TournamentSettings, time_limit_end
from tests.session.builders import PLAYERS, S0, S1, S2, S3, game, hf


@pytest.mark.parametrize(
    ("preset", "rule"),
    [
        ("ema2016", TimeLimitRule.ONE_MORE_HAND),
        ("ema2025", TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS),
        ("wrc2015", TimeLimitRule.FINISH_HAND),
        ("wrc2022", TimeLimitRule.FINISH_HAND),
        ("tenhou", TimeLimitRule.FINISH_HAND),
        ("mleague", TimeLimitRule.FINISH_HAND),
    ],
)
def test_each_preset_takes_the_time_rule_of_its_text(preset: str, rule: TimeLimitRule) -> None:
    assert game(preset).rules.table.time_limit is rule
    # A tournament plays its ruleset's rule unless its settings name another (docs/tournament.md).
    assert TournamentSettings(name="Open", preset=preset).time_limit is rule
    other = TournamentSettings(name="Open", preset=preset, time_limit_rule=TimeLimitRule.STOP_NOW)
    assert other.time_limit is TimeLimitRule.STOP_NOW


@pytest.mark.parametrize("preset", ["ema2016", "ema2025"])
def test_ema_time_signal_leaves_this_hand_and_one_more(preset: str) -> None:
    """RCR 2016 5.9 and EMA 2025 7.4: the hand in play when the signal sounds, then one more hand."""
    session = game(preset)
    session.ron(S0, [hf(1, 2, 30)])
    session.call_last_hand("time limit")
    assert session.state.hands_left_on_time == 2  # "Time: two hands left"
    session.ron(S2, [hf(3, 1, 30)])
    assert not session.state.ended
    assert session.state.hands_left_on_time == 1  # "Time: this hand is the last"
    session.draw([S1])
    state = session.state
    assert state.ended and state.end_reason is EndReason.REFEREE and state.ended_by_last_hand_call
    assert len(state.hands) == 3
    assert state.hands_left_on_time is None


def test_rcr2016_5_9_a_chombo_after_the_signal_does_not_count_as_a_hand() -> None:
    """RCR 2016 5.9: "In case of chombo there is a complete re-deal, i.e. it does not count as a hand played"."""
    session = game("ema2016")
    session.call_last_hand("time limit")
    session.ron(S0, [hf(1, 2, 30)])
    session.chombo(S3)
    assert not session.state.ended
    assert session.state.hands_left_on_time == 1
    session.chombo(S2)  # a second re-deal: still not a hand played
    assert session.state.hands_left_on_time == 1
    session.draw([])
    assert session.state.ended and len(session.state.hands) == 4


def test_ema2025_7_4_a_chombo_after_the_signal_is_one_of_the_remaining_hands() -> None:
    """EMA 2025 7.4: "A chombo after the time signal is treated as one of the remaining hands"."""
    session = game("ema2025")
    session.call_last_hand("time limit")
    session.ron(S0, [hf(1, 2, 30)])
    session.chombo(S3)
    state = session.state
    assert state.ended and state.ended_by_last_hand_call and len(state.hands) == 2


def test_rcr2016_5_9_a_signal_before_the_dice_leaves_only_that_hand() -> None:
    """RCR 2016 5.9: "If the dice have not been thrown yet when the time signal sounds, the players will play only
    the current hand." The table says so when it enters the call."""
    session = game("ema2016")
    session.ron(S0, [hf(1, 2, 30)])
    session.call_last_hand("time limit", hand_started=False)
    assert session.state.hands_left_on_time == 1
    session.draw([S1])
    assert session.state.ended and len(session.state.hands) == 2


def test_the_ema2025_signal_does_not_ask_about_the_dice() -> None:
    # EMA 2025 7.4: "A subsequent hand starts immediately after the previous one": always two hands.
    assert last_hand_call(TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS, "t", hand_started=False).more == 1
    assert last_hand_call(TimeLimitRule.ONE_MORE_HAND, "t", hand_started=False).more == 0
    assert last_hand_call(TimeLimitRule.FINISH_HAND, "t") == LastHandCalled("t")


def test_finish_hand_presets_end_after_the_hand_in_play() -> None:
    session = game("tenhou")
    session.call_last_hand("time limit")
    assert session.state.hands_left_on_time == 1
    session.ron(S0, [hf(1, 2, 30)])
    assert session.state.ended and len(session.state.hands) == 1


@pytest.mark.parametrize(
    ("preset", "more", "chombo_counts"), [("ema2016", 1, False), ("ema2025", 1, True), ("tenhou", 0, True)]
)
def test_the_tournament_time_limit_makes_the_call_of_the_ruleset(preset: str, more: int, chombo_counts: bool) -> None:
    settings = TournamentSettings(name="Open", preset=preset)
    (call,) = time_limit_end(game(preset).state, settings.time_limit)
    assert call == LastHandCalled("time limit", more=more, chombo_counts=chombo_counts)


def test_the_call_survives_json_the_record_and_the_store(tmp_path: Path) -> None:
    session = game("ema2016")
    session.ron(S0, [hf(1, 2, 30)])
    session.call_last_hand("time limit")
    session.ron(S2, [hf(3, 1, 30)])
    session.chombo(S1)
    event = session.events[1]
    assert event_to_json(event) == {"type": "last_hand", "reason": "time limit", "more": 1, "chombo_counts": False}
    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
    record = format_record(record_from_session(session))
    assert record["last_hand"] == {"reason": "time limit", "hand": 2, "more": 1, "chombo_counts": False}
    replayed = parse_record(json.loads(json.dumps(record))).replay()
    assert replayed.hands == session.state.hands and replayed.hands_left_on_time == 1
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game(players=PLAYERS, ruleset="ema2016")
        for stored in session.events:
            store.append(game_id, stored, at=store.position(game_id))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        assert Session(session.rules, PLAYERS, store.load(game_id).events).state == session.state


def test_a_correction_keeps_the_call_before_the_same_last_hands() -> None:
    session = game("ema2025")
    session.ron(S0, [hf(1, 2, 30)])
    session.call_last_hand("time limit")
    session.ron(S2, [hf(3, 1, 30)])
    session.draw([S1])
    assert session.state.ended
    session.edit_hand(1, HandRecord((), Ron(S3, (hf(2, 3, 30),))))
    state = session.state
    assert state.ended and state.ended_by_last_hand_call and len(state.hands) == 3
    assert state.last_hand_index == 1
    # A forgotten hand before the call: the call moves with its hands, the game still ends after the same two.
    session.insert_hand(0, HandRecord((), ExhaustiveDraw(())))
    state = session.state
    assert state.ended and len(state.hands) == 4 and state.last_hand_index == 2

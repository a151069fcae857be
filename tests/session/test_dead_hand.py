"""Dead hand (RCR 2016 3.4.7, EMA 2025 3.3.14 and chapter 6): a hand declared dead cannot win or declare riichi and
is noten at an exhaustive draw; a riichi player whose hand was declared dead pays the noten payment, not a chombo
(RCR 2016 3.4.6 and 3.4.7: "it is not considered a chombo, and only the noten penalty is paid"; EMA 2025 6.7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import ErrorCode, IllegalActionError
from scorekeeper.session import (
    DeadHand,
    HandRecord,
    RiichiRefusal,
    Ron,
    Session,
    Tsumo,
    event_from_json,
    event_to_json,
)
from scorekeeper.session.record import format_record, parse_record, record_from_session
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.store import GameStore
from tests.session.builders import PLAYERS, S0, S1, S2, S3, game, hf


@pytest.mark.parametrize("preset", ["ema2016", "ema2025", "tenhou"])
def test_a_dead_hand_cannot_win(preset: str) -> None:
    session = game(preset)
    session.declare_dead_hand(S1, "too many tiles")
    for result in (Ron(S0, (hf(1, 2, 30),)), Tsumo(hf(1, 2, 30)), Ron(S0, (hf(2, 2, 30), hf(1, 2, 30)))):
        with pytest.raises(IllegalActionError, match="declared dead") as refused:
            session.apply(result)
        assert refused.value.code is ErrorCode.DEAD_HAND_REFUSED
    session.ron(S0, [hf(2, 2, 30)])  # another player may
    assert session.state.dead_this_hand == ()  # the next hand starts alive
    assert session.state.hands[0].record.dead == (S1,)


def test_a_dead_hand_cannot_declare_riichi() -> None:
    session = game("ema2016")
    session.declare_dead_hand(S2)
    assert session.state.riichi_refusal(S2) is RiichiRefusal.DEAD_HAND
    with pytest.raises(IllegalActionError) as refused:
        session.declare_riichi(S2)
    assert refused.value.code is ErrorCode.RIICHI_DEAD_HAND


def test_a_dead_hand_is_never_tenpai_at_a_draw() -> None:
    session = game("ema2025")
    session.declare_dead_hand(S3)
    with pytest.raises(IllegalActionError, match="cannot be tenpai"):
        session.draw([S0, S3])


def test_rcr2016_3_4_7_a_riichi_hand_declared_dead_pays_the_noten_payment_not_a_chombo() -> None:
    """Seat 1 declared riichi, then their hand was declared dead; at the draw only seat 0 is tenpai: seat 1 pays
    1,000 like the other noten players (3,000 in all, RCR 2016 3.4.2), and their riichi stick stays on the table."""
    session = game("ema2016")
    session.declare_riichi(S1)
    with pytest.raises(IllegalActionError, match="noten riichi is a chombo"):
        session.draw([S0])  # without the dead hand, a noten riichi is a chombo (RCR 2016 3.4.6)
    session.declare_dead_hand(S1, "invalid kong")
    session.draw([S0])
    state = session.state
    assert state.hands[0].deltas == (3000, -2000, -1000, -1000)
    assert state.riichi_sticks == 1
    assert state.scores == (33000, 28000, 29000, 29000)


def test_a_hand_is_declared_dead_once() -> None:
    session = game("ema2016")
    session.declare_dead_hand(S1)
    with pytest.raises(IllegalActionError) as refused:
        session.declare_dead_hand(S1)
    assert refused.value.code is ErrorCode.DEAD_HAND_ALREADY


def test_undo_takes_the_dead_hand_back() -> None:
    session = game("ema2016")
    before = session.state
    session.declare_dead_hand(S1)
    session.undo()
    assert session.state == before
    session.tsumo(hf(1, 1, 30))  # alive again
    assert session.state.hands[0].record.dead == ()


def test_the_dead_hand_survives_json_the_record_the_store_and_a_correction(tmp_path: Path) -> None:
    session = game("ema2016")
    session.declare_riichi(S1)
    session.declare_dead_hand(S1, "riichi without calling")
    session.draw([S0])
    session.declare_dead_hand(S2, "empty ron call")
    event = DeadHand(S1, "riichi without calling")
    assert event_to_json(event) == {"type": "dead_hand", "seat": 1, "reason": "riichi without calling"}
    assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
    record = format_record(record_from_session(session))
    assert record["hands"][0]["dead"] == [1]
    assert parse_record(json.loads(json.dumps(record))).replay().hands == session.state.hands
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        game_id = store.create_game(players=PLAYERS, ruleset="ema2016")
        for stored in session.events:
            store.append(game_id, stored, at=store.position(game_id))
    with GameStore.open(tmp_path / "games.sqlite3") as store:
        assert Session(session.rules, PLAYERS, store.load(game_id).events).state == session.state
    # A correction of that hand keeps its dead hand: a win by the dead seat is refused, another's is taken.
    with pytest.raises(IllegalActionError, match="declared dead"):
        session.edit_hand(0, HandRecord((S1,), Ron(S0, (hf(1, 2, 30),)), (S1,)))
    session.edit_hand(0, HandRecord((S1,), Ron(S1, (hf(0, 2, 30),)), (S1,)))
    assert session.state.hands[0].record.dead == (S1,)
    assert session.state.dead_this_hand == (S2,)  # the hand in play keeps its own


def test_the_hand_sheet_names_the_dead_hands() -> None:
    """The history and the game PDF read the sheet's row: it lists whose hands were declared dead."""
    session = game("ema2016")
    session.declare_dead_hand(S3, "too few tiles")
    session.draw([S0])
    assert game_sheet(session.state).hands[0].dead == (S3,)

"""Red fives beyond the set (``red_fives_per_suit``): a game refuses such a hand when it comes in, and a game stored
before the knob existed keeps loading and scoring as it did ("nothing may be lost": a stored game is never made
unreadable by a newer check; the same rule as player names, scorekeeper.session.names)."""

from __future__ import annotations

import pytest

from scorekeeper.errors import InvalidHandError
from scorekeeper.session import Session
from scorekeeper.session.events import HandEdited, HandRecord, HandWin, Tsumo
from scorekeeper.session.record import format_record, parse_record, record_from_session, session_from_record
from tests.session.builders import PLAYERS, S0, game, rules

# 234m 555m 55p 345s 678s with two of the 5m triplet's fives red: tenhou's set has one red 5m.
_TWO_RED_5M = {"hand": "234m005m55p345s678s", "win": "2m"}
_ONE_RED_5M = {"hand": "234m055m55p345s678s", "win": "2m"}


def test_a_new_win_with_more_red_fives_than_the_set_is_refused_and_nothing_is_recorded() -> None:
    session = game("tenhou")
    with pytest.raises(InvalidHandError, match=r"^two red 5m: the tenhou set has one"):
        session.tsumo(HandWin.from_input(S0, _TWO_RED_5M))
    assert session.events == ()


def test_a_correction_to_such_a_hand_is_refused_too() -> None:
    session = game("tenhou")
    session.tsumo(HandWin.from_input(S0, _ONE_RED_5M))
    with pytest.raises(InvalidHandError, match=r"^two red 5m"):
        session.apply(HandEdited(0, HandRecord((), Tsumo(HandWin.from_input(S0, _TWO_RED_5M)))))
    assert len(session.events) == 1


def test_a_stored_game_holding_such_a_hand_still_loads_and_scores_as_it_did() -> None:
    stored = [Tsumo(HandWin.from_input(S0, _TWO_RED_5M))]
    session = Session(rules("tenhou"), PLAYERS, stored)
    settled = session.state.hands[0].settlement
    assert settled.wins[0].value.han is not None  # type: ignore[attr-defined]
    again = session_from_record(parse_record(format_record(record_from_session(session))))
    assert again.state.scores == session.state.scores


def test_a_set_with_two_red_5m_takes_the_hand() -> None:
    session = game("tenhou", red_fives_per_suit=[2, 1, 1])
    session.tsumo(HandWin.from_input(S0, _TWO_RED_5M))
    assert len(session.events) == 1

"""Taking a substitution out of a game (``SubstitutionRemoved``): the way past a correction that would end the game
before the substitute came in.

A substitute cannot come in after the end, so such a correction is refused; before this event the substitution
could only be taken out of the log by hand. Now the refusal names the substitution
(``StrandedSubstituteError``), the referee takes it out (an event of its own, after the ``PlayerReplaced`` it undoes,
so the log keeps both), and the correction goes through. Whoever sat there before is then credited with the seat's
whole result (scorekeeper/session/substitution.py).

tenhou: 25,000 start; a player below zero ends the game (tobi). A non-dealer yakuman ron moves 32,000.
"""

from __future__ import annotations

import pytest

from scorekeeper.errors import ErrorCode, IllegalActionError
from scorekeeper.session import (
    HandDeleted,
    HandEdited,
    HandRecord,
    Ron,
    Session,
    StrandedSubstituteError,
    SubstitutionRemoved,
    event_from_json,
    event_to_json,
    seat_shares,
)
from scorekeeper.session.corrections import correction_events, redo_group, substitutions_taken_out, undo_group
from scorekeeper.session.record import format_record, parse_record, record_from_session, session_from_record
from scorekeeper.session.state import apply_events
from tests.session.builders import S0, S1, S2, S3, game, hf, ym

_BUST = HandRecord(riichi=(), result=Ron(S3, (ym(2),)))  # Cy's yakuman from Di: Di at -7,000, the game ends


def _sub_before_hand_3() -> Session:
    """E1: Bo wins 3,900 from Cy. E2: Ann wins 2,000 from Di. Bo leaves for Sub, who is to play hand 3."""
    session = game("tenhou")
    session.ron(S2, [hf(1, 3, 30)])
    session.ron(S3, [hf(0, 2, 30)])
    session.replace_player(S1, "Sub", "fell ill")
    return session


def test_a_correction_that_ends_the_game_before_the_substitute_came_in_names_the_substitution() -> None:
    session = _sub_before_hand_3()
    with pytest.raises(
        StrandedSubstituteError, match="editing hand 2 is refused: the game would end after hand 2"
    ) as caught:
        session.edit_hand(1, _BUST)
    assert [(sub.player, sub.left, sub.hand) for sub in caught.value.substitutions] == [("Sub", "Bo", 2)]
    assert "(Sub came in for Bo at seat 1 before hand 3); take that substitution out first" in str(caught.value)
    assert session.state.players == ("Ann", "Sub", "Cy", "Di")  # nothing recorded


def test_taking_the_substitution_out_lets_the_correction_through_and_the_leaver_has_the_whole_seat() -> None:
    session = _sub_before_hand_3()
    session.remove_substitution(S1, "Sub", "the correction ends the game after hand 2")
    assert session.state.players == ("Ann", "Bo", "Cy", "Di")
    assert session.state.substitutions == ()
    session.edit_hand(1, _BUST)
    state = session.state
    assert state.ended
    shares = seat_shares(state)
    assert [share.player for share in shares] == ["Ann", "Bo", "Cy", "Di"]
    assert shares[1].points_tenths == state.standings().points_before_penalties_tenths[1]
    assert shares[1].place is not None
    # The log keeps the substitution and its removal; undoing the correction and the removal brings Sub back.
    assert [type(e).__name__ for e in session.events][-3:] == ["PlayerReplaced", "SubstitutionRemoved", "HandEdited"]
    session.undo()
    session.undo()
    assert session.state.players == ("Ann", "Sub", "Cy", "Di")


def test_a_substitution_entered_by_mistake_is_taken_out_and_its_hands_are_the_leavers() -> None:
    session = _sub_before_hand_3()
    session.ron(S0, [hf(1, 1, 30)])  # hand 3: Sub wins from Ann
    session.replace_player(S1, "Sub2")
    session.remove_substitution(S1, "Sub")  # not the latest at the seat: Sub2 now comes in for Bo
    state = session.state
    assert [(sub.player, sub.left, sub.hand) for sub in state.substitutions] == [("Sub2", "Bo", 3)]
    assert [share.player for share in seat_shares(state) if share.seat == S1] == ["Bo", "Sub2"]
    assert state.player_at(S1, 2) == "Bo"


def test_only_a_substitution_the_game_has_can_be_taken_out() -> None:
    session = _sub_before_hand_3()
    with pytest.raises(
        IllegalActionError, match="Sub did not come in at seat 2 \\(Cy's\\): no substitution to take out"
    ):
        session.remove_substitution(S2, "Sub")
    session.remove_substitution(S1, "sub")  # the names judge's comparison: the same player
    with pytest.raises(IllegalActionError, match="no substitution to take out"):
        session.remove_substitution(S1, "Sub")


def test_taking_out_a_substitution_after_the_end_is_a_correction() -> None:
    session = _sub_before_hand_3()
    session.ron(S0, [hf(1, 1, 30)])
    session.end_game("time")
    session.remove_substitution(S1, "Sub")
    assert session.state.ended
    assert [share.player for share in seat_shares(session.state)] == ["Ann", "Bo", "Cy", "Di"]


def test_the_event_round_trips_through_json_and_the_game_record() -> None:
    event = SubstitutionRemoved(seat=S1, player="Sub", reason="entered by mistake")
    assert event_to_json(event) == {
        "type": "substitute_removed",
        "seat": 1,
        "player": "Sub",
        "reason": "entered by mistake",
    }
    assert event_from_json(event_to_json(event)) == event
    session = _sub_before_hand_3()
    session.remove_substitution(S1, "Sub")
    session.edit_hand(1, _BUST)
    again = session_from_record(parse_record(format_record(record_from_session(session))))
    assert again.state.final == session.state.final
    assert again.state.substitutions == ()
    assert Session(session.rules, session.players, session.events).state == session.state


def test_a_bad_name_in_the_event_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="a substitute's name must be a text of 1 to 100 characters"):
        SubstitutionRemoved(seat=S1, player="")


def test_the_refusals_carry_a_code_and_the_values_they_name() -> None:
    # For a window that words them in its language (gui/error_words.py); the English message stays as it was.
    session = _sub_before_hand_3()
    with pytest.raises(StrandedSubstituteError) as stranded:
        session.edit_hand(1, _BUST)
    assert stranded.value.code is ErrorCode.SUBSTITUTE_STRANDED
    assert dict(stranded.value.fields) == {"player": "Sub", "leaving": "Bo", "hand": 3, "hands": 2}
    with pytest.raises(IllegalActionError) as missing:
        session.remove_substitution(S2, "Sub")
    assert missing.value.code is ErrorCode.NO_SUCH_SUBSTITUTION
    assert dict(missing.value.fields) == {"player": "Sub", "leaving": "Cy"}


def test_a_deletion_that_ends_the_game_before_the_substitute_came_in_takes_the_substitution_out() -> None:
    """E1: Di wins a mangan from Cy (Di 33,000). E2: Ann's yakuman from Di (32,000: Di at 1,000). Bo leaves for Sub
    before hand 3. Deleting E1 makes the yakuman the first hand, dealt by Ann (48,000): the game ends after hand 1."""
    session = game("tenhou")
    session.ron(S2, [hf(3, 5, 30)])
    session.ron(S3, [ym(0)])
    session.replace_player(S1, "Sub", "fell ill")
    state = session.state
    assert not state.ended
    with pytest.raises(StrandedSubstituteError, match="deleting hand 1 is refused: the game would end after hand 1"):
        session.delete_hand(0)
    taken = substitutions_taken_out(state, HandDeleted(0))
    assert [(sub.player, sub.left, sub.hand) for sub in taken] == [("Sub", "Bo", 2)]
    events = correction_events(state, HandDeleted(0))
    assert events == (
        SubstitutionRemoved(
            seat=S1, player="Sub", reason="deleting hand 1: the game ends after hand 1, before they came in"
        ),
        HandDeleted(0),
    )
    after = apply_events(state, events)
    assert after.ended and after.players == ("Ann", "Bo", "Cy", "Di") and after.scores[3] < 0
    assert substitutions_taken_out(state, HandDeleted(1)) == ()  # deleting E2 ends nothing early


def test_one_undo_takes_back_a_correction_with_the_substitution_it_took_out_and_one_redo_puts_both_back() -> None:
    """What one Save recorded (``correction_events``) one Undo takes back; a removal made on its own is its own step."""
    session = _sub_before_hand_3()
    for event in correction_events(session.state, HandEdited(1, _BUST)):
        session.apply(event)
    assert undo_group(session.events, session.state_at) == 2
    session.undo()
    session.undo()
    assert session.state.players[1] == "Sub"
    assert redo_group(session.state, session.redo_events) == 2
    assert redo_group(session.state, session.redo_events[1:]) == 1  # the correction alone would not stand


def test_a_removal_the_referee_made_before_a_correction_is_undone_on_its_own() -> None:
    session = _sub_before_hand_3()
    session.remove_substitution(S1, "Sub", "entered by mistake")
    session.edit_hand(1, _BUST)
    assert undo_group(session.events, session.state_at) == 1
    session.undo()
    assert undo_group(session.events, session.state_at) == 1  # the removal: one event
    assert redo_group(session.state, session.redo_events) == 1
    assert undo_group((), session.state_at) == 1

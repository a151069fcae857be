"""A substitute takes a seat mid-game (PlayerReplaced): the seat's points carry on, the log keeps who sat when."""

from __future__ import annotations

import pytest

from scorekeeper.errors import GameRecordError, IllegalActionError
from scorekeeper.session import (
    Chombo,
    ExhaustiveDraw,
    HandRecord,
    PlayerReplaced,
    Ron,
    Seat,
    Session,
    Tsumo,
    event_from_json,
    event_to_json,
    format_record,
    parse_record,
    record_from_session,
    seat_shares,
    session_from_record,
)
from scorekeeper.session.names import PlayerNameError
from tests.session.builders import PLAYERS, S0, S1, S2, S3, game, hf


def _two_hands_then_sub(preset: str = "tenhou") -> Session:
    session = game(preset)
    session.ron(S2, [hf(1, 3, 30)])  # Bo wins 3,900 from Cy
    session.tsumo(hf(0, 2, 30))  # Ann tsumo in E2 (Bo deals)
    session.replace_player(S1, "Sub", "fell ill")
    return session


def test_a_substitute_takes_the_seat_and_its_points_carry_on() -> None:
    session = _two_hands_then_sub()
    before = session.state_at(len(session.events) - 1)
    state = session.state
    assert state.players == ("Ann", "Sub", "Cy", "Di")
    assert state.starting_players == PLAYERS
    assert state.scores == before.scores
    assert (state.dealer, state.honba, state.round_index) == (before.dealer, before.honba, before.round_index)
    session.ron(S1, [hf(3, 1, 30)])  # Sub deals in: the seat pays
    assert session.state.scores[S1] == before.scores[S1] - 1000
    assert session.players == PLAYERS  # the game was started by these four
    assert session.state.player_at(S1, 1) == "Bo"
    assert session.state.player_at(S1, 2) == "Sub"


def test_the_one_who_left_is_credited_with_the_seats_change_while_they_sat_and_the_substitute_with_the_rest() -> None:
    session = _two_hands_then_sub()
    left_at = session.state.scores[S1]
    session.ron(S1, [hf(3, 1, 30)])
    session.end_game("time")
    sheet = session.state.final
    assert sheet is not None
    shares = [share for share in seat_shares(session.state) if share.seat == S1]
    assert [(s.player, s.first_hand, s.place) for s in shares] == [("Bo", 0, None), ("Sub", 2, sheet.places[S1])]
    assert shares[0].points_tenths == (left_at - 25000) // 100
    assert shares[0].points_tenths + shares[1].points_tenths == sheet.points_before_penalties_tenths[S1]
    everyone = seat_shares(session.state)
    assert sum(s.points_tenths + s.penalties_tenths for s in everyone) == sum(sheet.points_tenths)


def test_without_a_substitute_each_seat_is_one_share_of_the_sheet() -> None:
    session = game()
    session.ron(S2, [hf(1, 3, 30)])
    sheet = session.state.standings()
    shares = seat_shares(session.state)
    assert [s.player for s in shares] == list(PLAYERS)
    assert [s.points_tenths for s in shares] == list(sheet.points_before_penalties_tenths)
    assert [s.place for s in shares] == list(sheet.places)


def test_a_chombo_after_uma_is_the_one_who_made_it_and_a_table_penalty_the_seats_at_the_end() -> None:
    session = game("ema2016")
    session.apply(Chombo(S1))  # Bo's chombo, settled after uma under EMA 2016
    session.replace_player(S1, "Sub")
    session.penalty(S1, -2000, "slow play")
    session.end_game()
    shares = {s.player: s for s in seat_shares(session.state) if s.seat == S1}
    assert [p.points for p in shares["Bo"].penalties] == [-20000]
    assert [p.points for p in shares["Sub"].penalties] == [-2000]


def test_undo_takes_the_substitute_out_again() -> None:
    session = _two_hands_then_sub()
    session.undo()
    assert session.state.players == PLAYERS
    assert session.state.substitutions == ()
    session.redo()
    assert session.state.players[S1] == "Sub"


@pytest.mark.parametrize(("correction", "first"), [("insert", 3), ("delete", 1), ("edit", 2)])
def test_a_correction_of_an_earlier_hand_keeps_the_substitute_before_the_same_hand(correction: str, first: int) -> None:
    session = _two_hands_then_sub()
    session.apply(ExhaustiveDraw((S0,)))
    draw = HandRecord((), ExhaustiveDraw(()))
    if correction == "insert":
        session.insert_hand(0, draw)
    elif correction == "delete":
        session.delete_hand(0)
    else:
        session.edit_hand(0, HandRecord((), Ron(S3, (hf(1, 2, 30),))))
    (sub,) = session.state.substitutions
    assert (sub.hand, sub.player, sub.left) == (first, "Sub", "Bo")
    assert session.state.players == ("Ann", "Sub", "Cy", "Di")
    assert session.state.player_at(S1, first - 1) == "Bo"


def test_a_substitution_survives_a_reopening_from_its_log() -> None:
    session = _two_hands_then_sub()
    reopened = Session(session.rules, session.players, [event_from_json(event_to_json(e)) for e in session.events])
    assert reopened.state == session.state


def test_a_substitution_round_trips_through_the_game_record() -> None:
    session = _two_hands_then_sub()
    session.apply(Tsumo(hf(1, 1, 30)))
    record = record_from_session(session)
    assert record.players == PLAYERS
    text = format_record(record)
    assert text["substitutes"] == [{"hand": 3, "seat": 1, "player": "Sub", "reason": "fell ill"}]
    again = parse_record(text)
    assert again == record
    assert again.replay() == session_from_record(again).state
    assert again.replay().scores == session.state.scores
    assert again.replay().players == session.state.players


def test_a_record_without_substitutes_reads_as_before() -> None:
    record = record_from_session(game())
    assert "substitutes" not in format_record(record)
    assert parse_record(format_record(record)).substitutes == ()


@pytest.mark.parametrize(
    ("substitutes", "message"),
    [
        ([{"hand": 5, "seat": 1, "player": "X", "reason": ""}], "1 to 1"),
        ([{"hand": 1, "seat": 7, "player": "X", "reason": ""}], "seat"),
        ([{"hand": 1, "seat": 1, "player": "", "reason": ""}], "1 to 100 characters"),
        ([{"hand": 1, "seat": 1, "player": "X"}], "must be"),
        ("X", "a list"),
    ],
)
def test_a_bad_substitute_in_a_record_is_refused_naming_it(substitutes: object, message: str) -> None:
    text = format_record(record_from_session(game()))
    text["substitutes"] = substitutes
    with pytest.raises(GameRecordError, match=message):
        parse_record(text)


def test_a_name_already_at_the_table_cannot_come_in() -> None:
    session = game()
    with pytest.raises(IllegalActionError, match="already sits at this table"):
        session.replace_player(S1, "cy")
    with pytest.raises(IllegalActionError, match="nobody to replace"):
        session.replace_player(S1, "Bo")


def test_a_substitute_needs_a_name_a_new_game_would_take() -> None:
    with pytest.raises(PlayerNameError):
        game().replace_player(S2, " Padded ")
    with pytest.raises(IllegalActionError):
        PlayerReplaced(seat=S2, player="")


def test_nobody_comes_in_after_the_game_ended() -> None:
    session = game()
    session.end_game()
    with pytest.raises(IllegalActionError, match="already ended"):
        session.replace_player(S3, "Sub")


def test_a_substitute_may_be_replaced_in_turn_and_each_is_credited_their_part() -> None:
    session = _two_hands_then_sub()
    session.ron(S0, [hf(1, 2, 30)])
    session.replace_player(Seat.SEAT_1, "Sub2")
    session.ron(S2, [hf(1, 1, 30)])
    session.end_game()
    sheet = session.state.final
    assert sheet is not None
    shares = [s for s in seat_shares(session.state) if s.seat == S1]
    assert [s.player for s in shares] == ["Bo", "Sub", "Sub2"]
    assert sum(s.points_tenths for s in shares) == sheet.points_before_penalties_tenths[S1]
    assert session.state.starting_players == PLAYERS

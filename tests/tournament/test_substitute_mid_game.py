"""A substitute takes a seat during a tournament game: the seat's points carry on and each is credited their part
(the seat_shares knob value of the standings; the EMA texts' rule is tests/tournament/test_absence_ema.py).

Our reading (scorekeeper/session/substitution.py, docs/tournament.md): the one who leaves is credited with the
seat's change in points while they sat; the one who finishes the game at the seat with the rest (their change, the
uma and oka, the place); a substitute is ranked nowhere, as for a whole session.

EMA 2016: 30,000 start and return, no oka, uma +15/+5/-5/-15, exact points. A non-dealer mangan ron moves 8,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import Chombo, EndGame, HandDeleted, PlayerReplaced, Seat
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import (
    AbsenceRule,
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    compute_standings,
    correction_lines,
    penalty_lines,
)
from tests.tournament.builders import ron, settings

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))


def _game(*events: object, table: int = 1) -> TableGame:
    seats = _SEATING.table(table).seats
    return TableGame(game_id=f"s1-t{table}", session=1, table=table, players=seats, events=tuple(events))  # type: ignore[arg-type]


def _tournament() -> Tournament:
    return Tournament(settings=settings(sessions=2, absence=AbsenceRule.SEAT_SHARES), players=_PLAYERS).with_seating(
        _SEATING
    )


def test_the_one_who_left_is_credited_with_the_seats_change_while_they_sat_and_the_substitute_is_ranked_nowhere() -> (
    None
):
    # B wins a mangan from A (38,000) and leaves; Sub takes seat 1 and deals in a mangan to C. At the end: C 38,000,
    # B's seat 30,000 and D 30,000 (tied second), A 22,000.
    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        ron(winner=2, discarder=1),
        EndGame("time"),
    )
    standings = compute_standings(_tournament().with_game(game))
    rows = {row.player: row for row in standings.rows}
    assert "Sub" not in rows
    assert rows["B"].points_tenths == 80  # +8.0: the seat's change while B sat, no uma
    assert rows["B"].games == 1
    assert rows["B"].places == ()  # the place is the one's who finished the game at the seat
    sheet = game.result(_tournament().settings).sheet
    # The seat (30,000, tied second with D) took 0.0 after uma; Sub is credited -8.0, ranked nowhere.
    assert sheet.points_before_penalties_tenths[1] == 0
    assert rows["C"].points_tenths == 230
    assert rows["A"].points_tenths == -230
    substitutes_share = -80  # the seat's 0.0 less B's +8.0
    assert sum(row.points_tenths for row in rows.values() if row.player in "ABCD") + substitutes_share == 0


def test_a_ranked_player_who_finishes_a_seat_takes_its_place() -> None:
    # Not the usual case (a substitute comes in), but the rule is the same for anyone registered and free: here
    # the game at table 2 has not started, so H may not come in (seated there); a late entrant may.
    tournament = _tournament().with_player(Player(name="Late"))
    game = _game(ron(winner=1, discarder=0), PlayerReplaced(seat=Seat.SEAT_1, player="Late"), EndGame("time"))
    rows = {row.player: row for row in compute_standings(tournament.with_game(game)).rows}
    assert rows["B"].points_tenths == 80
    assert rows["Late"].points_tenths == 150  # the seat's 38,000 first place: +8.0 +15, less B's +8.0
    assert rows["Late"].places == (1,)


def test_a_chombo_before_leaving_is_the_leavers_penalty() -> None:
    game = _game(Chombo(Seat.SEAT_1), PlayerReplaced(seat=Seat.SEAT_1, player="Sub"), EndGame("time"))
    tournament = _tournament().with_game(game)
    lines = [(line.player, line.points) for line in penalty_lines(tournament)]
    assert lines == [("B", -20000)]
    rows = {row.player: row for row in compute_standings(tournament).rows}
    assert rows["B"].penalties_tenths == -200


def test_a_substitute_who_sits_at_another_table_cannot_come_in() -> None:
    with pytest.raises(TournamentError, match="sits at table 2"):
        _tournament().with_game(_game()).substitution(1, 1, "B", "E")
    game = _game(PlayerReplaced(seat=Seat.SEAT_1, player="E"))
    with pytest.raises(TournamentError, match="sits at table 2"):
        _tournament().with_game(game)


def test_a_substitute_must_be_registered() -> None:
    tournament = _tournament().with_game(_game())
    with pytest.raises(TournamentError, match="not a player of this tournament"):
        tournament.substitution(1, 1, "B", "Stranger")


def test_the_leaving_player_must_sit_at_the_table_now() -> None:
    tournament = _tournament().with_game(_game(PlayerReplaced(seat=Seat.SEAT_1, player="Sub")))
    with pytest.raises(TournamentError, match="does not sit there now"):
        tournament.substitution(1, 1, "B", "Sub")
    with pytest.raises(TournamentError, match="has no game yet"):
        tournament.substitution(1, 2, "E", "Sub")


def test_the_substitution_names_the_seat_and_the_registered_spelling() -> None:
    tournament = _tournament().with_game(_game(ron(winner=1, discarder=0)))
    assert tournament.substitution(1, 1, "c", "sub", "ill") == PlayerReplaced(
        seat=Seat.SEAT_2, player="Sub", reason="ill"
    )


def test_a_substitution_is_stored_and_read_back_with_the_same_standings(tmp_path: Path) -> None:
    with TournamentStore.open_sqlite(tmp_path / "t.sqlite") as store:
        store.create(settings(sessions=2, absence=AbsenceRule.SEAT_SHARES), _PLAYERS)
        store.save_seating(_SEATING)
        store.add_game(_game(ron(winner=1, discarder=0)))
        tournament = store.load()
        event = tournament.substitution(1, 1, "B", "Sub", "fell ill")
        store.append_events("s1-t1", 1, [event, ron(winner=2, discarder=1), EndGame("time")])
        loaded = store.load()
    game = loaded.game(1, 1)
    assert game is not None
    assert game.state(loaded.settings).players == ("A", "Sub", "C", "D")
    rows = {row.player: row.points_tenths for row in compute_standings(loaded).rows}
    assert rows["B"] == 80


def test_a_correction_before_the_substitute_came_in_is_the_leavers_in_the_corrections_list() -> None:
    # B's mangan from A is corrected away after Sub took B's seat: the +8.0 taken back is B's (who sat then), the
    # uma the seat no longer earns the substitute's; the corrections list says so, as the standings credit it.
    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub"),
        HandDeleted(0),
        EndGame("time"),
    )
    tournament = _tournament().with_game(game)
    (line,) = correction_lines(tournament)
    changes = dict(line.points_tenths)
    assert changes["B"] == -80
    assert changes["Sub"] == -150  # the seat's first place and its uma (+15) were the substitute's: four now tie
    rows = {row.player: row for row in compute_standings(tournament).rows}
    assert rows["B"].points_tenths == 0

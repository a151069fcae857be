"""A tournament game's substitution taken out (``Tournament.substitution_removal``): the referee's way past a
correction that would end the game before the substitute came in, or a substitution entered by mistake.

tenhou rules (25,000 start, a player below zero ends the game). The leaver gets the seat's whole result back,
uma and place included (scorekeeper/session/substitution.py).
"""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import HandEdited, HandRecord, PlayerReplaced, Ron, Seat, SubstitutionRemoved
from scorekeeper.session.events import YakumanWin
from scorekeeper.tournament import (
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    compute_standings,
    correction_lines,
)
from tests.tournament.builders import ron, settings

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))
# C's yakuman from D corrects hand 2: D falls to -8,000 and the game ends after hand 2.
_BUST = HandEdited(1, HandRecord(riichi=(), result=Ron(Seat.SEAT_3, (YakumanWin(seat=Seat.SEAT_2, yakuman=1),))))


def _tournament(*events: object) -> Tournament:
    """B wins hand 1 and C hand 2 (3 han 30 fu each); Sub comes in for B before hand 3."""
    base = Tournament(settings=settings(sessions=2, preset="tenhou"), players=_PLAYERS).with_seating(_SEATING)
    game = TableGame(
        game_id="s1-t1",
        session=1,
        table=1,
        players=("A", "B", "C", "D"),
        events=(
            ron(winner=1, discarder=0, han=3),
            ron(winner=2, discarder=3, han=3),
            PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
            *events,  # type: ignore[arg-type]
        ),
    )
    return base.with_game(game)


def test_a_correction_that_ends_the_game_before_the_substitute_came_in_is_refused_naming_the_substitution() -> None:
    with pytest.raises(TournamentError, match=r"before a substitute came in \(Sub came in for B at seat 1"):
        _tournament(_BUST)


def test_taking_the_substitution_out_first_lets_the_correction_through_and_the_leaver_has_the_seat() -> None:
    tournament = _tournament()
    (preview,) = tournament.substitution_removal(1, 1, "sub", "hand 2 corrected")
    assert preview.event == SubstitutionRemoved(seat=Seat.SEAT_1, player="Sub", reason="hand 2 corrected")
    assert [share.player for share in preview.before] == ["B", "Sub"]
    assert [share.player for share in preview.after] == ["B"]
    assert preview.after[0].total_tenths == sum(share.total_tenths for share in preview.before)
    game = tournament.game(1, 1)
    assert game is not None
    corrected = dataclasses.replace(game, events=(*game.events, preview.event, _BUST))
    after = dataclasses.replace(tournament, games=(corrected,))
    after.check_game(corrected)
    state = corrected.state(after.settings)
    assert state.ended
    rows = {row.player: row for row in compute_standings(after).rows}
    assert "Sub" not in rows
    assert rows["B"].places == (state.standings().places[1],)
    assert rows["B"].points_tenths == state.standings().points_tenths[1]


def test_only_someone_who_came_in_can_be_taken_out() -> None:
    tournament = _tournament()
    with pytest.raises(TournamentError, match=r"'C' did not come in during the game \(came in: Sub\)"):
        tournament.substitution_removal(1, 1, "C")
    with pytest.raises(TournamentError, match="table 2 has no game yet"):
        tournament.substitution_removal(1, 2, "Sub")


def test_the_corrections_list_shows_the_substitution_taken_out_and_what_it_moved() -> None:
    # Sub came in during hand 3 (not played yet): the seat's result as it stands, uma and oka included, was Sub's
    # share (B's was the seat's change while B sat); taken out, it is all B's. Nobody else's points move.
    tournament = _tournament()
    (preview,) = tournament.substitution_removal(1, 1, "Sub")
    game = tournament.game(1, 1)
    assert game is not None
    after = dataclasses.replace(tournament, games=(dataclasses.replace(game, events=(*game.events, preview.event)),))
    (line,) = correction_lines(after)
    assert (line.kind, line.hand, line.event) == ("substitute removed", "3", 3)
    moved = dict(line.points_tenths)
    assert moved["B"] == -moved["Sub"] == preview.before[1].total_tenths
    assert moved["A"] == moved["C"] == moved["D"] == 0

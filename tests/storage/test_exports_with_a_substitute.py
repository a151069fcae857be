"""A game with a substitute: every tournament export says who played what, with the standings' own figures.

A seat a substitute took during the game is shared as the standings share it (``scorekeeper.session.substitution.
seat_shares``; our reading, docs/tournament.md): the one who left has the seat's change while they sat, the one who
finished the rest with the uma and the place. The games CSV, the corrections CSV and the tournament PDF read those
shares, so each player's figures add up to the seat's result and to the standings. EMA 2016 rules (30,000 start
and return, uma +15/+5/-5/-15): a non-dealer mangan ron moves 8,000.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict

from scorekeeper.session import Chombo, EndGame, Event, HandEdited, HandRecord, PlayerReplaced, Seat
from scorekeeper.storage.tournament_export import (
    CORRECTIONS_COLUMNS,
    GAMES_COLUMNS,
    format_corrections_csv,
    format_games_csv,
    seat_spells,
)
from scorekeeper.tournament import (
    AbsenceRule,
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    TournamentPenalty,
    compute_standings,
    correction_lines,
    format_tenths,
)
from tests.tournament.builders import ron, settings

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), *(Player(name=n, substitute=True) for n in ("Sub", "Sub2")))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))


def _tenths(text: str) -> int:
    return round(float(text) * 10)


def _rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def _tournament(*corrections: Event) -> Tournament:
    """Table 1: B wins a mangan from A, makes a chombo, leaves for Sub; Sub deals in a mangan to C; Sub leaves for
    Sub2, who wins a mangan from D; time. Table 2: E wins a mangan from F, no substitute; time. A referee's
    tournament penalty for E."""
    table1 = TableGame(
        game_id="s1-t1",
        session=1,
        table=1,
        players=("A", "B", "C", "D"),
        events=(
            ron(winner=1, discarder=0),
            Chombo(Seat.SEAT_1),
            PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
            ron(winner=2, discarder=1),
            PlayerReplaced(seat=Seat.SEAT_1, player="Sub2"),
            ron(winner=1, discarder=3),
            EndGame("time limit"),
            *corrections,
        ),
    )
    table2 = TableGame(
        game_id="s1-t2",
        session=1,
        table=2,
        players=("E", "F", "G", "H"),
        events=(ron(winner=0, discarder=1), EndGame("time limit")),
    )
    tournament = Tournament(
        settings=settings(sessions=2, absence=AbsenceRule.SEAT_SHARES), players=_PLAYERS
    ).with_seating(_SEATING)
    tournament = tournament.with_game(table1).with_game(table2)
    return tournament.with_penalty(TournamentPenalty(player="E", points=-10000, reason="late", session=1))


def test_the_games_csv_gives_each_player_who_sat_a_row_whose_points_add_up_to_the_seat_and_the_standings() -> None:
    tournament = _tournament()
    rows = _rows(format_games_csv(tournament))
    assert tuple(rows[0]) == GAMES_COLUMNS
    table1 = [r for r in rows if r["game"] == "s1-t1"]
    assert [(r["seat"], r["player"]) for r in table1] == [
        ("east", "A"),
        ("south", "B"),
        ("south", "Sub"),
        ("south", "Sub2"),
        ("west", "C"),
        ("north", "D"),
    ]
    # Every seat's rows add up to the seat's result on the game's own sheet (after penalties).
    for game in tournament.games:
        sheet = game.result(tournament.settings).sheet
        for seat, wind in enumerate(("east", "south", "west", "north")):
            seat_rows = [r for r in rows if r["game"] == game.game_id and r["seat"] == wind]
            assert sum(_tenths(r["points"]) for r in seat_rows) == sheet.points_tenths[seat]
            assert seat_rows[-1]["place"] == str(sheet.places[seat])
            assert seat_rows[-1]["score"] == str(sheet.scores[seat])
            assert all(r["place"] == "" and r["left"] == "yes" for r in seat_rows[:-1])
    # Every ranked player's rows, with the referee's tournament penalties, are their standings total.
    credited: dict[str, int] = defaultdict(int)
    for r in rows:
        credited[r["player"]] += _tenths(r["points"])
    for penalty in tournament.penalties:
        credited[penalty.player] += penalty.points // 100
    standings = compute_standings(tournament)
    assert {row.player: row.points_tenths for row in standings.rows} == {name: credited[name] for name in "ABCDEFGH"}
    # B: +8.0 from the mangan, -20.0 for the chombo (after uma, B's own), one hand; left at 38,000.
    b, sub, sub2 = table1[1:4]
    assert (b["first hand"], b["hands played"], b["score"], b["points"]) == ("1", "2", "38000", "-12.0")
    assert (sub["first hand"], sub["hands played"], sub["score"], sub["points"]) == ("3", "1", "30000", "-8.0")
    assert (sub2["first hand"], sub2["hands played"], sub2["left"]) == ("4", "1", "")
    assert b["hands"] == sub["hands"] == sub2["hands"] == "4"


def test_a_game_without_a_substitute_gives_one_games_csv_row_per_seat_with_its_sheet() -> None:
    tournament = _tournament()
    game = tournament.games[1]
    sheet = game.result(tournament.settings).sheet
    rows = [r for r in _rows(format_games_csv(tournament)) if r["game"] == "s1-t2"]
    assert [(r["seat"], r["player"], r["first hand"], r["hands played"], r["left"]) for r in rows] == [
        ("east", "E", "1", "1", ""),
        ("south", "F", "1", "1", ""),
        ("west", "G", "1", "1", ""),
        ("north", "H", "1", "1", ""),
    ]
    assert [(r["score"], r["points"], r["place"]) for r in rows] == [
        (str(sheet.scores[k]), format_tenths(sheet.points_tenths[k]), str(sheet.places[k])) for k in range(4)
    ]
    assert rows[0]["state"] == "finished"


def test_seat_spells_are_the_standings_shares_in_seat_order() -> None:
    tournament = _tournament()
    game = tournament.games[0]
    shares = game.result(tournament.settings).shares
    spells = seat_spells(game, tournament.settings)
    assert [(s.seat, s.player, s.first_hand, s.place) for s in spells] == [
        (share.seat, share.player, share.first_hand + 1, share.place) for share in shares
    ]
    assert [s.points_tenths for s in spells] == [share.points_tenths + share.penalties_tenths for share in shares]


def test_the_corrections_csv_gives_each_player_who_sat_a_row_with_the_change_credited_as_the_standings_do() -> None:
    # The referee corrects the first hand after the game: B's mangan was a 3 han 30 fu (3,900).
    before = compute_standings(_tournament())
    tournament = _tournament(HandEdited(0, HandRecord(riichi=(), result=ron(winner=1, discarder=0, han=3))))
    after = compute_standings(tournament)
    rows = _rows(format_corrections_csv(tournament))
    assert tuple(rows[0]) == CORRECTIONS_COLUMNS
    assert [(r["hand"], r["player"]) for r in rows] == [
        ("1 (E1)", "A"),
        ("1 (E1)", "B"),
        ("1 (E1)", "Sub"),
        ("1 (E1)", "Sub2"),
        ("1 (E1)", "C"),
        ("1 (E1)", "D"),
    ]
    (line,) = correction_lines(tournament)
    assert [(r["player"], _tenths(r["change"])) for r in rows] == list(line.points_tenths)
    # The hand's change while B sat is B's alone (-4.1, no uma: the seat's uma is whoever finished it); the
    # correction's changes add up to nothing, and each ranked player's change is what moved in the standings.
    change = {r["player"]: _tenths(r["change"]) for r in rows}
    assert change["B"] == -41
    assert sum(change.values()) == 0
    earlier = {row.player: row.points_tenths for row in before.rows}
    moved = {row.player: row.points_tenths - earlier[row.player] for row in after.rows}
    assert {name: value for name, value in change.items() if name not in ("Sub", "Sub2")} == {
        name: moved[name] for name in "ABCD"
    }

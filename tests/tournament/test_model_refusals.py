"""Every value the tournament model refuses, refused with a message that names the problem (issue 23 item 5 puts
``scorekeeper.tournament`` under the core's coverage floor: these are the refusals no other test reached)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import EndGame, PlayerReplaced, Seat
from scorekeeper.tournament import (
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    TournamentPenalty,
    TournamentSettings,
    parse_seating_csv,
    settings_from_json,
)
from tests.tournament.builders import ron, roster, settings

_SEATS = ("P001", "P002", "P003", "P004")
_OTHERS = ("P005", "P006", "P007", "P008")


def _game(**changes: object) -> TableGame:
    values: dict[str, object] = {"game_id": "g", "session": 1, "table": 1, "players": _SEATS, "events": ()}
    values.update(changes)
    return TableGame(**values)  # type: ignore[arg-type]


def _seated(sessions: int = 2) -> Tournament:
    """Eight players and two substitutes; session 1 seated (P001-P004 at table 1, P005-P008 at table 2)."""
    seating = Seating(session=1, tables=(TableSeating(1, _SEATS), TableSeating(2, _OTHERS)))
    return Tournament(settings=settings(sessions), players=roster(8, 2)).with_seating(seating)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda: _game(game_id=""), "a game id is a text of 1 to 100", id="empty-id"),
        pytest.param(lambda: _game(players=("A", "B", "C")), "four players, East first", id="three-players"),
        pytest.param(lambda: _game(session=0), "session number is 1 or more", id="session-0"),
        pytest.param(lambda: _game(table=True), "table number is 1 or more", id="table-bool"),
        pytest.param(lambda: TournamentPenalty(player="A", points=150, reason="x"), "multiple of 100", id="points"),
        pytest.param(lambda: TournamentPenalty(player="A", points=-20_000_000, reason="x"), "out of range", id="huge"),
        pytest.param(lambda: TournamentPenalty(player="A", points=-100, reason=" "), "needs a reason", id="reason"),
        pytest.param(
            lambda: TournamentPenalty(player="A", points=-100, reason="x", session=0), "session is 1 or more", id="s0"
        ),
        pytest.param(lambda: TableSeating(0, _SEATS), "table number is 1 or more", id="table-0"),
        pytest.param(
            lambda: TableSeating(1, ("A", "B", "C")),  # type: ignore[arg-type]
            "needs four names",
            id="three-names",
        ),
        pytest.param(lambda: Seating(session=0, tables=(TableSeating(1, _SEATS),)), "session number", id="seating-0"),
        pytest.param(
            lambda: Seating(session=1, tables=(TableSeating(1, _SEATS),)).table(2), "tables 1 to 1", id="no-table"
        ),
        pytest.param(lambda: Player(name="A", substitute=1), "substitute flag", id="substitute-int"),  # type: ignore[arg-type]
        pytest.param(lambda: Player(name="A", dropped_after=-1), "drop-out session must be 0", id="dropped-neg"),
        pytest.param(lambda: settings(venue="a\nb"), "must be a one-line text", id="venue-lines"),
        pytest.param(
            lambda: settings(sessions=2.5),  # type: ignore[arg-type]
            "must be a whole number",
            id="sessions-float",
        ),
        pytest.param(lambda: settings(teams="yes"), "teams must be true or false", id="teams-text"),
    ],
)
def test_a_bad_value_is_refused_with_its_reason(make: Callable[[], object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        make()


def _settings_json(**changes: object) -> dict[str, object]:
    obj = settings().to_json()
    obj.update(changes)
    return obj


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"ruleset": 7}, "bad ruleset", id="ruleset-number"),
        pytest.param({"dates": "2026-01-01"}, "dates must be a list", id="dates-text"),
    ],
)
def test_stored_settings_that_cannot_be_read_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        settings_from_json(_settings_json(**changes))


def test_stored_settings_read_back_with_a_ruleset_written_as_preset_and_overrides() -> None:
    obj = _settings_json(ruleset={"preset": "ema2016", "overrides": {}})
    assert settings_from_json(obj) == settings()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("", "seating CSV is empty", id="empty"),
        pytest.param('"table\n', "seating CSV", id="unclosed-quote"),
        pytest.param("table,east,south,west,north\n1,A,B,C\n", "line 2: 4 fields, the header has 5", id="short"),
        pytest.param(
            "session,table,east,south,west,north\nx,1,A,B,C,D\n", "session must be a number", id="session-text"
        ),
        pytest.param(
            "table,east,south,west,north\n1,A,A,C,D\n", "line 2: table 1: a player is seated twice", id="twice"
        ),
    ],
)
def test_a_seating_csv_that_cannot_be_used_names_the_line(text: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        parse_seating_csv(text, 1)


def test_a_seating_csv_skips_blank_lines_and_other_sessions() -> None:
    text = "session,table,east,south,west,north\n\n2,1,E,F,G,H\n1,1,A,B,C,D\n"
    assert parse_seating_csv(text, 1) == Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),))


def test_a_seating_for_a_session_the_tournament_has_not_is_refused() -> None:
    t = _seated(sessions=2)
    with pytest.raises(TournamentError, match="has 2 sessions, not 3"):
        t.with_seating(Seating(session=3, tables=(TableSeating(1, _SEATS),)))
    with pytest.raises(TournamentError, match="'Stranger' is not a player"):
        t.with_seating(Seating(session=2, tables=(TableSeating(1, ("Stranger", "P001", "P002", "P003")),)))


def test_a_game_of_a_session_not_seated_or_a_log_that_cannot_play_is_refused() -> None:
    t = _seated()
    with pytest.raises(TournamentError, match="session 2 has no seating yet"):
        t.with_game(_game(session=2))
    bad = _game(events=(EndGame("time"), ron(1, 0)))  # a hand after the game ended
    with pytest.raises(TournamentError, match="session 1 table 1"):
        t.with_game(bad)
    with pytest.raises(TournamentError, match="session 1 table 1"):
        bad.result(t.settings)


def test_a_seating_with_games_recorded_is_fixed() -> None:
    t = _seated().with_game(_game())
    with pytest.raises(TournamentError, match="already has games recorded"):
        t.with_seating(t.seatings[0])


def test_a_substitution_is_refused_for_who_may_not_come_in() -> None:
    t = _seated().with_game(_game(events=(ron(1, 0),)))
    with pytest.raises(TournamentError, match="has no game yet: seat the substitute instead"):
        t.substitution(1, 2, "P005", "Sub001")
    with pytest.raises(TournamentError, match="does not sit there now"):
        t.substitution(1, 1, "P009", "Sub001")
    with pytest.raises(TournamentError, match="not a player of this tournament"):
        t.substitution(1, 1, "P001", "Stranger")
    with pytest.raises(TournamentError, match="sits at table 2 in session 1"):
        t.substitution(1, 1, "P001", "P005")
    dropped = dataclasses.replace(
        t, players=tuple(dataclasses.replace(p, dropped_after=0) if p.name == "Sub001" else p for p in t.players)
    )
    with pytest.raises(TournamentError, match="dropped out after session 0: cannot come in"):
        dropped.substitution(1, 1, "P001", "Sub001")


def test_a_substitute_already_sitting_in_another_game_cannot_come_in_here() -> None:
    t = _seated()
    t = t.with_game(_game(game_id="t2", table=2, players=_OTHERS, events=(ron(1, 0),)))
    t = t.with_game(_game(events=(ron(1, 0),)))
    came_in = PlayerReplaced(seat=Seat(0), player="Sub001")
    t = dataclasses.replace(
        t, games=tuple(dataclasses.replace(g, events=(*g.events, came_in)) if g.table == 2 else g for g in t.games)
    )
    with pytest.raises(TournamentError, match="Sub001 sits at table 2 now"):
        t.substitution(1, 1, "P001", "Sub001")


def test_a_penalty_for_a_session_the_tournament_has_not_is_refused() -> None:
    with pytest.raises(TournamentError, match="has 2 sessions, not 3"):
        _seated().with_penalty(TournamentPenalty(player="P001", points=-1000, reason="late", session=3))


def test_the_settings_accept_a_whole_tournament_day() -> None:
    made = TournamentSettings(name="Day", sessions=1, dates=("2026-11-28",), venue="Hall")
    assert made.dates == ("2026-11-28",)


def test_nobody_comes_in_to_a_game_that_has_ended() -> None:
    t = _seated().with_game(_game(events=(ron(1, 0), EndGame("time"))))
    with pytest.raises(TournamentError, match="the game has ended; nobody can come in"):
        t.substitution(1, 1, "P001", "Sub001")

"""Players: fields, the players CSV, substitutes and drop-outs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError, TournamentError
from scorekeeper.tournament import (
    Player,
    Seating,
    TableSeating,
    Tournament,
    compute_standings,
    format_players_csv,
    name_key,
    parse_players_csv,
)
from tests.tournament.builders import ron, roster, settings, table_game


def test_players_csv_needs_only_a_name_column() -> None:
    players = parse_players_csv("name\nAnn\nBo\n\n")
    assert players == (Player(name="Ann"), Player(name="Bo"))


def test_players_csv_reads_every_optional_column_in_any_order() -> None:
    text = "team,name,country,ema_id,club,substitute\nRed,Ann,FR,04010001,Paris,\n,Sam,DE,,,yes\n"
    ann, sam = parse_players_csv(text)
    assert ann == Player(name="Ann", ema_id="04010001", country="FR", club="Paris", team="Red")
    assert sam.substitute
    assert sam.country == "DE"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("", "empty", id="empty"),
        pytest.param("ema_id\n1\n", "'name' column", id="no-name-column"),
        pytest.param("name,rating\nAnn,3\n", "unknown column 'rating'", id="unknown-column"),
        pytest.param("name\nAnn\nann\n", "listed twice", id="duplicate-ignoring-case"),
        pytest.param("name\n", "no players", id="header-only"),
        pytest.param("name,substitute\nAnn,maybe\n", "line 2: substitute", id="bad-flag"),
        pytest.param("name\nAnn,extra\n", "line 2: 2 fields", id="too-many-fields"),
    ],
)
def test_players_csv_refuses_bad_files_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        parse_players_csv(text)


def test_a_player_needs_a_one_line_name() -> None:
    with pytest.raises(TournamentError, match="must not be empty"):
        Player(name="")
    with pytest.raises(ScorekeeperError, match="one-line"):
        Player(name="Ann\nBo")


def test_a_player_who_dropped_out_plays_only_the_sessions_before() -> None:
    player = Player(name="Ann", dropped_after=2)
    assert [player.plays_in(k) for k in (1, 2, 3)] == [True, True, False]


_field = st.text(alphabet=st.characters(categories=("L", "N", "P", "S"), exclude_characters='"'), max_size=12)


@given(st.lists(st.tuples(_field.filter(bool), _field, _field, st.booleans()), min_size=1, max_size=8))
def test_players_csv_round_trips(rows: list[tuple[str, str, str, bool]]) -> None:
    seen: set[str] = set()
    players = []
    for name, country, team, substitute in rows:
        if name_key(name) in seen:
            continue
        seen.add(name_key(name))
        players.append(Player(name=name, country=country, team=team, substitute=substitute))
    assert parse_players_csv(format_players_csv(players)) == tuple(players)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("Zo\u00eb \u00c5ngstr\u00f6m", "Zoe\u0308 A\u030angstro\u0308m", id="nfc-and-nfd"),
        pytest.param("Anna Kowalska", "\uff21nna Kowalska", id="full-width-letter"),
        pytest.param("Stra\u00dfe", "STRASSE", id="case-folded"),
    ],
)
def test_names_that_read_the_same_are_one_player(first: str, second: str) -> None:
    # Two laptops may type one name in two Unicode forms; on every sheet they look the same.
    with pytest.raises(TournamentError, match="listed twice"):
        parse_players_csv(f"name\n{first}\n{second}\n")
    tournament = Tournament(settings=settings(), players=(Player(name=first), *roster(3)))
    assert tournament.player(second).name == first


def test_a_game_recorded_with_a_name_in_another_unicode_form_counts_for_its_player() -> None:
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    players = (Player(name=nfc), *roster(3))
    seats = (nfc, "P001", "P002", "P003")
    tournament = Tournament(settings=settings(), players=players).with_seating(
        Seating(session=1, tables=(TableSeating(1, seats),))
    )
    tournament = tournament.with_game(table_game(1, 1, (nfd, *seats[1:]), ron(winner=0, discarder=1)))
    row = next(r for r in compute_standings(tournament).rows if r.player == nfc)
    assert (row.games, row.points_tenths) == (1, 270)  # a dealer mangan ron: +12.0 and the uma of first, +15

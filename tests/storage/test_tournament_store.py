"""The SQLite tournament store: round trips, idempotent games and events, refusals, and the schema description."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError, TournamentError, UnsupportedVersionError
from scorekeeper.session import RiichiDeclared, Seat
from scorekeeper.storage import GameStore
from scorekeeper.storage.tournament_schema import CURRENT_VERSION, Dialect, migration_statements
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store
from scorekeeper.tournament import Player, TableGame, TournamentPenalty, compute_standings, seat_random
from tests.tournament.builders import ron, roster, settings, table_game


def _store_with_session(path: Path) -> TournamentStore:
    store = open_tournament_store(path)
    store.create(settings(), roster(8), fixed=(("P002", 2),))
    tournament = store.load()
    store.save_seating(seat_random(1, tournament.ranked_in(1), fixed=tournament.fixed_tables(), seed=1))
    return store


def test_a_tournament_reads_back_as_it_was_written(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with _store_with_session(path) as store:
        seating = store.load().seatings[0]
        table = seating.table(1)
        assert store.add_game(table_game(1, 1, table.seats, ron(1, 0)))
        store.add_penalty(TournamentPenalty(player="p003", points=-4000, reason="slow play", session=1))
        store.add_player(Player(name="Late", substitute=True))
        store.drop_player("P004", 1)
        written = store.load()
    with open_tournament_store(path) as store:
        again = store.load("test open")
    assert again == written
    assert again.penalties[0].player == "P003"  # stored as registered
    assert again.fixed_tables() == {"P002": 2}
    assert compute_standings(again) == compute_standings(written)


def test_adding_the_same_game_twice_changes_nothing(tmp_path: Path) -> None:
    with _store_with_session(tmp_path / "t.db") as store:
        seats = store.load().seatings[0].table(2).seats
        assert store.add_game(table_game(1, 2, seats, ron(2, 1)))
        before = store.load()
        assert not store.add_game(table_game(1, 2, seats, ron(2, 1)))
        assert store.load() == before


def test_a_game_that_does_not_match_the_seating_leaves_the_store_unchanged(tmp_path: Path) -> None:
    with _store_with_session(tmp_path / "t.db") as store:
        seats = store.load().seatings[0].table(1).seats
        before = store.load()
        with pytest.raises(TournamentError, match="but the seating has"):
            store.add_game(table_game(1, 1, (seats[1], seats[0], seats[2], seats[3])))
        assert store.load() == before


def test_events_keyed_by_game_and_sequence_are_idempotent(tmp_path: Path) -> None:
    with _store_with_session(tmp_path / "t.db") as store:
        seats = store.load().seatings[0].table(1).seats
        game = table_game(1, 1, seats)
        store.add_game(type(game)(game_id="g1", session=1, table=1, players=seats, events=()))
        assert store.append_events("g1", 0, [RiichiDeclared(Seat.SEAT_0), ron(1, 0)]) == 2
        assert store.append_events("g1", 1, [ron(1, 0)]) == 2  # a duplicate delivery
        assert store.load().games[0].events == (RiichiDeclared(Seat.SEAT_0), ron(1, 0))
        with pytest.raises(TournamentError, match="already stored and differs"):
            store.append_events("g1", 1, [ron(2, 0)])
        with pytest.raises(TournamentError, match="gap"):
            store.append_events("g1", 5, [ron(2, 0)])


def test_a_game_store_file_is_not_taken_for_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    GameStore.open(path).close()
    with pytest.raises(SaveFileError, match="not a scorekeeper tournament database"):
        open_tournament_store(path)


def test_a_newer_tournament_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    open_tournament_store(path).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE schema_version SET version = ?", (CURRENT_VERSION + 1,))
    connection.close()
    data = path.read_bytes()
    with pytest.raises(UnsupportedVersionError, match="newer than this program's"):
        open_tournament_store(path)
    assert path.read_bytes() == data


def test_no_tournament_or_an_unknown_name_is_a_clear_error(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        with pytest.raises(TournamentError, match="holds no tournament"):
            store.load()
        store.create(settings(), roster(4))
        with pytest.raises(TournamentError, match="no tournament called 'Other'"):
            store.load("Other")
        with pytest.raises(TournamentError, match="already has a tournament called"):
            store.create(settings(), roster(4))


def test_one_schema_description_renders_for_both_engines() -> None:
    sqlite_ddl = migration_statements(Dialect.SQLITE, 0)
    postgres_ddl = migration_statements(Dialect.POSTGRESQL, 0)
    assert len(sqlite_ddl) == len(postgres_ddl)
    assert any("PRIMARY KEY (game_id, seq)" in s for s in postgres_ddl)
    assert all("BIGINT" not in s for s in sqlite_ddl)
    assert any("BIGINT" in s for s in postgres_ddl)
    connection = sqlite3.connect(":memory:")
    for statement in sqlite_ddl:
        connection.execute(statement)
    assert connection.execute("SELECT version FROM schema_version").fetchall() == [(CURRENT_VERSION,)]
    connection.close()


def test_a_postgresql_url_without_the_backend_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "scorekeeper.storage.tournament_pg", None)
    with pytest.raises(TournamentError, match="PostgreSQL backend"):
        open_tournament_store("postgresql://referee@localhost/open")


def test_a_reload_after_another_program_wrote_equals_a_fresh_read(tmp_path: Path) -> None:
    """The store remembers parsed events by their text: what another connection wrote still reads back exactly."""
    path = tmp_path / "t.db"
    with _store_with_session(path) as referee:
        seating = referee.load().seatings[0]
        for table in seating.tables:
            referee.add_game(
                TableGame(
                    game_id=f"g{table.table}", session=1, table=table.table, players=table.seats, events=(ron(1, 0),)
                )
            )
        referee.load()  # remembered
        with open_tournament_store(path) as other:
            game = other.load().games[0]
            other.append_events(game.game_id, len(game.events), (RiichiDeclared(Seat(2)), ron(2, 3)))
        reloaded = referee.load()
        with open_tournament_store(path) as fresh:
            assert reloaded == fresh.load()
        assert len(reloaded.games[0].events) == len(game.events) + 2


def test_a_change_by_another_connection_changes_the_data_version(tmp_path: Path) -> None:
    """A referee's window polls the data version to redraw within a poll of a change made elsewhere."""
    path = tmp_path / "t.db"
    with _store_with_session(path) as window:
        seen = window.data_version()
        assert window.data_version() == seen  # nothing changed
        with open_tournament_store(path) as command_line:
            command_line.add_penalty(TournamentPenalty(player="P001", points=-1000, reason="late"))
        assert window.data_version() != seen


def test_several_tournaments_in_one_file_must_be_named(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        store.create(settings(), roster(4))
        store.create(dataclasses.replace(settings(), name="Spring Cup"), roster(4))
        assert store.tournament_names() == ("Test Open", "Spring Cup")
        with pytest.raises(TournamentError, match=r"holds several tournaments \('Test Open', 'Spring Cup'\): name one"):
            store.load()
        assert store.load("spring cup").settings.name == "Spring Cup"


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        pytest.param("UPDATE game_events SET body = '{not json'", "game g1 event: ", id="event-not-json"),
        pytest.param("UPDATE game_events SET body = X'7B7D'", "game g1 event is not text", id="event-a-blob"),
        pytest.param(
            """UPDATE game_events SET body = '{"type": "riichi", "seat": 9}'""", "game g1: ", id="event-impossible"
        ),
        pytest.param(
            """UPDATE games SET players = '["a", "b"]'""", "game g1: players must be four names", id="players"
        ),
    ],
)
def test_a_damaged_stored_game_is_held_apart_with_a_clear_reason(tmp_path: Path, sql: str, message: str) -> None:
    # Issue 23 item 1: one game that cannot be read back no longer fails the whole load (it locked the referee out);
    # it is held apart with the reason, and the rest of the tournament loads.
    path = tmp_path / "t.db"
    with _store_with_session(path) as store:
        seats = store.load().seatings[0].table(1).seats
        store.add_game(TableGame(game_id="g1", session=1, table=1, players=seats, events=(ron(1, 0),)))
    with sqlite3.connect(path) as connection:
        connection.execute(sql)
    connection.close()
    with open_tournament_store(path) as store:
        loaded = store.load()
    assert loaded.games == ()
    (held,) = loaded.unreplayable
    assert (held.game_id, held.session, held.table, held.replayable) == ("g1", 1, 1, 0)
    assert message in held.reason, held.reason


def test_events_for_a_game_not_in_the_store_are_refused(tmp_path: Path) -> None:
    with _store_with_session(tmp_path / "t.db") as store:
        with pytest.raises(TournamentError, match="no game 'nowhere' in "):
            store.append_events("nowhere", 0, [ron(1, 0)])
        assert store.load().games == ()

"""Several tournaments in one database: a listener wakes only for its own tournament's writes.

Before, every write of every tournament was announced on one channel (``sk_games``; the triggers' announcements of
the referee's writes carried no tournament), so the referee's window of one tournament woke, and read the store
again, for every hand and penalty of another.
"""

from __future__ import annotations

import select
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.channels import CHANNEL
from scorekeeper.sync.live import Change, LiveFeed
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.setup import create_table_login, upgrade
from scorekeeper.sync.table import TableLogin, TableSync, join
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentPenalty, TournamentSettings
from tests.sync import steps
from tests.tournament_db import Tournament

_OTHER = "Second Open"
_OTHER_PLAYERS = ("Ida", "Jo", "Kim", "Lu")


def _second_tournament(tournament: Tournament) -> None:
    """A second tournament in the fixture's database, its table 1 seated in session 1."""
    with open_postgresql_store(tournament.admin_url) as store:
        store.create(
            TournamentSettings(name=_OTHER, preset="tenhou", sessions=4), [Player(name=n) for n in _OTHER_PLAYERS]
        )
        store.save_seating(Seating(session=1, tables=(TableSeating(1, _OTHER_PLAYERS),)), tournament=_OTHER)


def _readable(feed: LiveFeed, seconds: float) -> bool:
    return bool(select.select([feed.fileno()], [], [], seconds)[0])


def test_the_referees_feed_does_not_wake_for_another_tournaments_writes_in_the_same_database(
    tournament: Tournament, tmp_path: Path
) -> None:
    _second_tournament(tournament)
    code = create_table_login(tournament.admin_url, 1, tournament=_OTHER)
    other_url = tournament.server.url(tournament.database, user=f"{tournament.database}_t2_table1", password=code)
    folder = tmp_path / "other"
    folder.mkdir()
    with (
        LiveFeed.connect(tournament.referee_url, tournament="Test Open") as feed,
        GameStore.open(folder / "games.sqlite3", durable=False) as other_store,
        tournament.store() as referee_store,
    ):
        game = join(other_store, TableLogin(url=other_url, session=1, table_no=1)).game_id
        with TableSync(other_store.path, other_url) as sync:
            steps.append(other_store, game, RiichiDeclared(Seat(0)))
            assert sync.push().synced  # a hand of the other tournament's table
        referee_store.add_penalty(TournamentPenalty(player="Ida", points=-4000, reason="late"), tournament=_OTHER)
        referee_store.drop_player("Lu", after_session=1, tournament=_OTHER)
        with TournamentServer.connect(tournament.referee_url, tournament=_OTHER) as referee:
            assert referee.games()[0]["head"] == 1  # all of it committed
        assert not _readable(feed, 0.5)  # before: woken four times
        assert feed.drain() == ()
        referee_store.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"), tournament="Test Open")
        assert _readable(feed, 5.0)
        assert feed.wait(1.0) == (Change(game=None, what="penalties"),)


def test_the_referees_feed_hears_its_own_tournaments_table_and_not_the_others(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    _second_tournament(tournament)
    with (
        LiveFeed.connect(tournament.referee_url, tournament="Test Open") as feed,
        TableSync(store.path, login.url) as sync,
    ):
        steps.append(store, game, RiichiDeclared(Seat(0)))
        assert sync.push().synced
        changes = feed.wait(5.0)
    assert [(c.session, c.table_no, c.head) for c in changes] == [(1, 1, 1)]


def test_a_feed_in_a_database_of_several_tournaments_must_name_one(tournament: Tournament) -> None:
    _second_tournament(tournament)
    with pytest.raises(TournamentError, match="name one"):
        LiveFeed.connect(tournament.referee_url)


def test_the_feed_still_hears_what_the_older_program_announces_on_the_shared_channel(tournament: Tournament) -> None:
    # A table running the program before per-tournament channels, or a server whose triggers were not upgraded.
    with LiveFeed.connect(tournament.referee_url) as feed, psycopg.connect(tournament.admin_url) as older:
        older.execute("SELECT pg_notify(%s, %s)", (CHANNEL, '{"changed": "penalties"}'))
        older.commit()
        assert feed.wait(5.0) == (Change(game=None, what="penalties"),)


def _triggers(tournament: Tournament) -> list[tuple[str, str]]:
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE tgname LIKE 'sk\\_%' ORDER BY 1, 2"
        ).fetchall()
    return [(str(table), str(name)) for table, name in rows]


def test_upgrade_replaces_the_statement_triggers_that_announced_every_tournament_on_one_channel(
    tournament: Tournament,
) -> None:
    announced = [(table, "sk_announce_row") for table in ("penalties", "players", "seats", "tournaments")]
    expected = [("game_events", "sk_check_event"), *announced]  # and the event check (tests/sync/test_unreplayable.py)
    assert _triggers(tournament) == expected
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:  # a server set up by the older program
        admin.execute(
            "CREATE FUNCTION sk_announce() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " PERFORM pg_notify('sk_games', json_build_object('changed', TG_TABLE_NAME)::text); RETURN NULL; END $$"
        )
        for table in ("penalties", "players", "seats", "tournaments"):
            admin.execute(f"DROP TRIGGER sk_announce_row ON {table}")
            admin.execute(
                f"CREATE TRIGGER sk_announce AFTER INSERT OR UPDATE OR DELETE ON {table} FOR EACH STATEMENT"
                " EXECUTE FUNCTION sk_announce()"
            )
    upgrade(tournament.admin_url)
    assert _triggers(tournament) == expected
    with psycopg.connect(tournament.admin_url, autocommit=True) as admin:
        assert admin.execute("SELECT to_regprocedure('sk_announce()')").fetchone() == (None,)
    upgrade(tournament.admin_url)  # again: nothing changes
    assert _triggers(tournament) == expected


def test_a_referees_server_connection_listening_hears_its_own_tournaments_games_only(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game, login = tournament.join(tmp_path, 1)
    _second_tournament(tournament)
    code = create_table_login(tournament.admin_url, 1, tournament=_OTHER)
    other_url = tournament.server.url(tournament.database, user=f"{tournament.database}_t2_table1", password=code)
    folder = tmp_path / "other"
    folder.mkdir()
    with (
        TournamentServer.connect(tournament.referee_url, tournament="Test Open") as referee,
        GameStore.open(folder / "games.sqlite3", durable=False) as other_store,
    ):
        referee.listen()
        other_game = join(other_store, TableLogin(url=other_url, session=1, table_no=1)).game_id
        with TableSync(other_store.path, other_url) as other_sync, TableSync(store.path, login.url) as sync:
            steps.append(other_store, other_game, RiichiDeclared(Seat(0)))
            assert other_sync.push().synced
            steps.append(store, game, RiichiDeclared(Seat(0)))
            assert sync.push().synced
        select.select([referee.fileno()], [], [], 5.0)
        heard = referee.heard()
        (own,) = (g["id"] for g in referee.games())
    assert heard == frozenset({own})

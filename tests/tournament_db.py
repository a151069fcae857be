"""The ``tournament`` fixture: a fresh tournament database per test on the session's PostgreSQL server.

A pytest plugin (tests/conftest.py names it), so the sync tests and the GUI's table tests share it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest

from scorekeeper.storage import tournament_schema as schema
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.setup import create_table_login, install
from scorekeeper.sync.table import TableLogin, join
from scorekeeper.tournament import Player, Seating, TableSeating, TournamentSettings
from tests.pgserver import TestServer

PLAYERS = {1: ("Ann", "Bo", "Chie", "Dai"), 2: ("Eve", "Fay", "Gus", "Hal")}

_numbers = itertools.count(1)


@dataclass
class Tournament:
    """A laid-out tournament database: the admin's and referee's URLs, and a login per table on demand."""

    server: TestServer
    database: str
    admin_url: str
    referee_url: str
    codes: dict[int, str] = field(default_factory=dict)

    def table_url(self, table_no: int) -> str:
        """The URL of table ``table_no``'s login (made on first use)."""
        if table_no not in self.codes:
            self.codes[table_no] = create_table_login(self.admin_url, table_no)
        return self.server.url(self.database, user=f"{self.database}_table{table_no}", password=self.codes[table_no])

    def referee(self) -> TournamentServer:
        """The referee's connection to the server."""
        return TournamentServer.connect(self.referee_url)

    def store(self) -> TournamentStore:
        """The tournament store over the referee's login (what the referee's window and the CLI use)."""
        return open_postgresql_store(self.referee_url)

    def join(self, tmp_path: Path, table_no: int, session: int = 1) -> tuple[GameStore, int, TableLogin]:
        """A table laptop's store under ``tmp_path`` joined to its game; returns the store, local game, login."""
        folder = tmp_path / f"table{table_no}"
        folder.mkdir(exist_ok=True)
        store = GameStore.open(folder / "games.sqlite3", durable=False)
        login = TableLogin(url=self.table_url(table_no), session=session, table_no=table_no)
        return store, join(store, login).game_id, login


def pretend_newer_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make this program know a version 3 of the tournament tables (one more table) that no server has yet."""
    pretend_v3 = schema.CreateTable(
        name="pretend_v3", columns=(schema.Column(name="id", type=schema.ColumnType.INTEGER),), primary_key=("id",)
    )
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, (pretend_v3,)))
    monkeypatch.setattr(schema, "CURRENT_VERSION", len(schema.MIGRATIONS))


@contextlib.contextmanager
def _laid_out(pg_server: TestServer, preset: str) -> Iterator[Tournament]:
    """A tournament under ``preset`` in a new database, tables 1 and 2 seated in session 1; dropped afterwards."""
    database = f"sk_t{os.getpid()}_{next(_numbers)}"
    admin_url = pg_server.create_database(database)
    with open_postgresql_store(admin_url) as store:
        store.create(
            TournamentSettings(name="Test Open", preset=preset, sessions=4),
            [Player(name=name) for players in PLAYERS.values() for name in players],
        )
        store.save_seating(Seating(session=1, tables=tuple(TableSeating(n, players) for n, players in PLAYERS.items())))
    password = install(admin_url)
    made = Tournament(
        server=pg_server,
        database=database,
        admin_url=admin_url,
        referee_url=pg_server.url(database, user=f"{database}_referee", password=password),
    )
    try:
        yield made
    finally:
        if pg_server.running:
            with psycopg.connect(pg_server.url(), autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
                roles = connection.execute("SELECT rolname FROM pg_roles WHERE rolname LIKE %s", (database + "\\_%",))
                for (role,) in roles.fetchall():
                    connection.execute(f'DROP ROLE "{role}"')


@pytest.fixture
def tournament(pg_server: TestServer) -> Iterator[Tournament]:
    """A tournament (tenhou rules) in a new database, tables 1 and 2 seated in session 1; dropped afterwards."""
    with _laid_out(pg_server, "tenhou") as made:
        yield made


@pytest.fixture
def ema2016_tournament(pg_server: TestServer) -> Iterator[Tournament]:
    """The same under ``ema2016``: its time rule is RCR 2016 5.9's (this hand and one more, dice asked)."""
    with _laid_out(pg_server, "ema2016") as made:
        yield made

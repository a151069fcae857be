"""A server whose tables are of another version than the program's is refused with what to do, wherever it is opened.

A referee's or a table's login may not create or alter tables, so a newer program (a future version-3 layout) must not
try to migrate through them: the admin runs ``server upgrade``. A server newer than the program is left alone: this
program is older than the server. Checked on a real PostgreSQL (tests/pgserver.py) with a pretend version 3.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from scorekeeper.cli import main
from scorekeeper.errors import OutdatedSchemaError, TournamentServerError, UnsupportedVersionError
from scorekeeper.storage import tournament_schema as schema
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync.server import TournamentServer
from tests.tournament_db import Tournament, pretend_newer_program

#: The layout this program writes, and the pretend next one (pretend_newer_program).
_NOW = schema.CURRENT_VERSION
_NEXT = _NOW + 1


@pytest.fixture
def newer_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """This program knows a version 3 of the tournament tables that the server does not have yet."""
    pretend_newer_program(monkeypatch)


def _server_version(tournament: Tournament) -> int:
    with psycopg.connect(tournament.admin_url) as connection:
        row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    assert row is not None
    return int(row[0])


def _set_server_version(tournament: Tournament, version: int) -> None:
    with psycopg.connect(tournament.admin_url, autocommit=True) as connection:
        connection.execute("UPDATE schema_version SET version = %s", (version,))


def test_a_referee_opening_an_out_of_date_server_is_told_that_the_admin_runs_server_upgrade(
    tournament: Tournament, newer_program: None
) -> None:
    with pytest.raises(OutdatedSchemaError) as refused:
        open_postgresql_store(tournament.referee_url)
    message = str(refused.value)
    assert f"tables of version {_NOW}, and this program needs version {_NEXT}" in message
    assert f"the login '{tournament.database}_referee' may not update them" in message
    assert "the tournament's admin runs `scorekeeper server upgrade --db ADMIN_URL`" in message
    assert "the referee's password and the tables' codes stay as they are" in message
    assert tournament.server.password not in message
    assert _server_version(tournament) == _NOW  # left untouched


def test_once_the_admin_has_run_server_upgrade_the_referee_opens_the_updated_server_with_the_same_password(
    tournament: Tournament, newer_program: None
) -> None:
    assert main(["server", "upgrade", "--db", tournament.admin_url]) == 0
    assert _server_version(tournament) == _NEXT
    with open_postgresql_store(tournament.referee_url) as store:
        assert store.tournament_names() == ("Test Open",)


def test_once_the_admin_has_run_server_setup_the_referee_opens_the_updated_server(
    tournament: Tournament, newer_program: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["server", "setup", "--db", tournament.admin_url, "--tables", "2", "--json"]) == 0
    referee = json.loads(capsys.readouterr().out)["referee"]  # setup renews the referee's password
    assert _server_version(tournament) == _NEXT
    with open_postgresql_store(tournament.server.url(tournament.database, **referee)) as store:
        assert store.tournament_names() == ("Test Open",)


def test_the_command_line_on_an_out_of_date_server_says_that_the_admin_runs_server_upgrade(
    tournament: Tournament, newer_program: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "standings", "--db", tournament.referee_url]) == 1
    err = capsys.readouterr().err
    assert "scorekeeper server upgrade" in err
    assert "Traceback" not in err
    assert "permission denied" not in err


def test_a_table_joining_an_out_of_date_server_is_told_that_the_admin_runs_server_upgrade(
    tournament: Tournament, newer_program: None, tmp_path: Path
) -> None:
    with pytest.raises(TournamentServerError, match=r"the tournament's admin runs `scorekeeper server upgrade"):
        tournament.join(tmp_path, 1)


def test_a_referee_on_a_server_newer_than_the_program_is_told_the_program_is_older(tournament: Tournament) -> None:
    _set_server_version(tournament, _NEXT)
    with pytest.raises(UnsupportedVersionError, match="this program is older than the server"):
        open_postgresql_store(tournament.referee_url)
    with pytest.raises(TournamentServerError, match="this program is older than the server"):
        TournamentServer.connect(tournament.referee_url)
    assert _server_version(tournament) == _NEXT  # left untouched


def test_a_table_joining_a_server_newer_than_the_program_is_told_the_program_is_older(
    tournament: Tournament, tmp_path: Path
) -> None:
    _set_server_version(tournament, _NEXT)
    with pytest.raises(TournamentServerError, match=rf"newer than this program\'s \({_NOW}\)"):
        tournament.join(tmp_path, 1)


def test_an_admin_opening_an_out_of_date_server_updates_it(tournament: Tournament, newer_program: None) -> None:
    with open_postgresql_store(tournament.admin_url):
        pass
    assert _server_version(tournament) == _NEXT

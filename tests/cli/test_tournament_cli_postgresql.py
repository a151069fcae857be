"""The 16-player, 4-session tournament from the command line on PostgreSQL gives the standings it gives on SQLite.

The server is the test run's throw-away one (``pg_server``, tests/conftest.py); without PostgreSQL the test is
skipped and says why, and with ``SCOREKEEPER_REQUIRE_PG=1`` (CI) that is a failure.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from scorekeeper.storage.tournament_store import open_tournament_store
from tests.cli.test_tournament_cli import run_sixteen_player_tournament
from tests.pgserver import TestServer

_numbers = itertools.count(1)


def test_the_same_tournament_on_postgresql_and_sqlite_gives_the_same_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pg_server: TestServer
) -> None:
    url = pg_server.create_database(f"sk_cli{os.getpid()}_{next(_numbers)}")
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "postgresql").mkdir()
    on_sqlite = run_sixteen_player_tournament(tmp_path / "sqlite", capsys)
    on_postgresql = run_sixteen_player_tournament(tmp_path / "postgresql", capsys, url)
    assert on_postgresql == on_sqlite
    assert len(on_sqlite) == 16


def test_postgresql_messages_leave_the_password_out(pg_server: TestServer, capsys: pytest.CaptureFixture[str]) -> None:
    url = pg_server.create_database(f"sk_cli{os.getpid()}_{next(_numbers)}")
    with open_tournament_store(url) as store:
        assert pg_server.password not in store.where
        assert store.data_version() is not None
    from scorekeeper.cli import main

    assert main(["tournament", "standings", "--db", url]) == 1
    err = capsys.readouterr().err
    assert "holds no tournament" in err
    assert pg_server.password not in err

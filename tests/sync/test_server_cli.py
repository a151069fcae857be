"""``scorekeeper server setup|code``: the referee's password and the tables' codes, and nothing else printed."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.errors import TournamentServerError
from scorekeeper.sync.server import TournamentServer
from tests.tournament_db import Tournament


def test_setup_prints_a_referee_password_and_a_code_per_table_that_log_in(
    tournament: Tournament, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["server", "setup", "--db", tournament.admin_url, "--tables", "2", "--json"]) == 0
    out = capsys.readouterr().out
    printed = json.loads(out)
    assert tournament.server.password not in out
    assert [t["table"] for t in printed["tables"]] == [1, 2]
    for entry in printed["tables"]:
        url = tournament.server.url(
            tournament.database, user=f"{tournament.database}_table{entry['table']}", password=entry["code"]
        )
        with TournamentServer.connect(url) as server:
            assert server.my_table() == entry["table"]
    referee = printed["referee"]
    with TournamentServer.connect(tournament.server.url(tournament.database, **referee)) as server:
        assert server.my_table() is None


def test_a_new_code_replaces_the_old_one(tournament: Tournament, capsys: pytest.CaptureFixture[str]) -> None:
    old = tournament.table_url(1)
    assert main(["server", "code", "--db", tournament.admin_url, "--table", "1"]) == 0
    assert capsys.readouterr().out.startswith("table 1: code ")
    with pytest.raises(TournamentServerError, match="password authentication failed"):
        TournamentServer.connect(old)


def test_setup_refuses_a_file_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["server", "setup", "--db", "tournament.db", "--tables", "2"]) == 1
    assert "--db must be a postgresql:// URL" in capsys.readouterr().err

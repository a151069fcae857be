"""The join dialog takes the one join code ``server setup`` prints (issue 23 item 4): the server's certificate is
fetched and checked against the code's pin before the code is sent, and the table joins over verified TLS."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.cli import main
from scorekeeper.gui.table_sync import JoinTournamentDialog, join_in_two_parts
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import JoinedGame, TableLogin
from tests.gui.conftest import click
from tests.tournament_db import PLAYERS, Tournament

pytestmark = pytest.mark.gui


def _join_code(tournament: Tournament, capsys: pytest.CaptureFixture[str], table: int) -> str:
    argv = ["server", "code", "--db", tournament.admin_url, "--table", str(table), "--json"]
    assert main([*argv, "--certificate", str(tournament.server.certificate)]) == 0
    code: str = json.loads(capsys.readouterr().out)["tables"][0]["join_code"]
    return code


def test_a_table_joins_by_typing_the_join_code(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament, capsys: pytest.CaptureFixture[str]
) -> None:
    store = GameStore.open(tmp_path / "games.sqlite3", durable=False)
    dialog = JoinTournamentDialog(join=partial(join_in_two_parts, store), certificates=tmp_path / "data")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.join_code_edit, _join_code(tournament, capsys, 1).lower())
    assert not dialog.server_edit.isEnabled() and not dialog.code_edit.isEnabled()
    click(qtbot, dialog.join_button)
    qtbot.waitUntil(lambda: dialog.result() == JoinTournamentDialog.DialogCode.Accepted, timeout=15_000)
    assert dialog.joined is not None and dialog.joined.players == PLAYERS[1]
    login = dialog.login()
    assert "sslmode=verify-full" in login.url and login.table_no == 1
    assert list((tmp_path / "data").glob("tournament-server-*.crt"))
    with TournamentServer.connect(login.url) as server:
        assert server.my_table() == 1
    store.close()


def test_a_text_that_is_no_join_code_is_said_in_the_dialog_and_nothing_is_sent(qtbot: QtBot, tmp_path: Path) -> None:
    sent: list[TableLogin] = []

    def join(login: TableLogin) -> Callable[[], JoinedGame]:
        sent.append(login)
        raise AssertionError("nothing is sent for a text that is no join code")

    dialog = JoinTournamentDialog(join=join, certificates=tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.join_code_edit, "192.168.1.10:5432/spring_open/3")
    click(qtbot, dialog.join_button)
    assert "a join code is SERVER:PORT/DATABASE/TABLE/CODE" in dialog.status_label.text()
    assert not dialog.connecting and sent == []

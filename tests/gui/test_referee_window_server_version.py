"""The referee's window on a server whose tables are older than the program: what to do is shown, nothing opens."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from scorekeeper.gui.app import open_referee_window
from tests.tournament_db import Tournament, pretend_newer_program


def test_the_referee_window_on_an_out_of_date_server_shows_that_the_admin_runs_server_upgrade_and_opens_nothing(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch, qapp: QApplication
) -> None:
    pretend_newer_program(monkeypatch)
    shown: list[str] = []
    assert open_referee_window(tournament.referee_url, shown.append, live=False) is None
    assert len(shown) == 1
    assert "the tournament's admin runs `scorekeeper server upgrade --db ADMIN_URL`" in shown[0]
    assert qapp.topLevelWidgets() == []

"""The referee's window on a server whose path goes silent: the live feed is given up, the window says so once, and
it recovers by itself (the store connects again, the feed listens again) once the server answers."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.tournament import TournamentController
from scorekeeper.gui.tournament import controller as controller_module
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import server as server_module
from scorekeeper.tournament import TournamentPenalty
from tests.sync import steps
from tests.tournament_db import Tournament

pytestmark = pytest.mark.gui


def test_a_live_referee_window_whose_server_goes_silent_says_so_once_and_recovers_by_itself(
    qtbot: QtBot, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3)
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    monkeypatch.setattr(controller_module, "STORE_RETRY_MS", 300)
    errors: list[str] = []
    with steps.StallingProxy(tournament.server.port) as proxy:
        url = proxy.url(tournament.referee_url, tournament.server.port)
        store = open_postgresql_store(url)
        controller = TournamentController(store, live_url=url)
        controller.error_occurred.connect(errors.append)
        try:
            assert controller.listening
            proxy.stall()
            # Before: nothing was asked of a quiet feed, and the window stayed "live" for good.
            qtbot.waitUntil(lambda: not controller.listening, timeout=10_000)
            assert "Live updates:" in errors[0]
            assert "did not answer within 1 s" in errors[0]
            # Its poll over the same silent path is given up too, said once, and tried again on a new connection
            # (which the relay lets through, as a network that came back): the window listens again by itself.
            qtbot.waitUntil(lambda: controller.listening and not controller.store_problem, timeout=15_000)
            assert [e.split(":")[0] for e in errors] == ["Live updates", "Reload"]
            with tournament.store() as other:
                other.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
            qtbot.waitUntil(lambda: len(controller.tournament.penalties) == 1, timeout=5_000)
        finally:
            controller.shutdown()
            store.close()

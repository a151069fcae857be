"""The referee's window on a server whose path goes silent: the live feed is given up, the window says so once, and
it recovers by itself (the store connects again, the feed listens again) once the server answers."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.referee import TournamentController
from scorekeeper.gui.referee import controller as controller_module
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import server as server_module
from scorekeeper.tournament import TournamentPenalty
from tests.sync import steps
from tests.tournament_db import Tournament

pytestmark = pytest.mark.gui


def test_a_referee_window_whose_server_goes_silent_says_so_once_and_reads_again_by_itself(
    qtbot: QtBot, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    monkeypatch.setattr(controller_module, "STORE_RETRY_MS", 300)
    monkeypatch.setattr(controller_module, "WATCH_MS", 200)  # the poll and the sign of life: 1 s in the app
    errors: list[str] = []
    with steps.StallingProxy(tournament.server.port) as proxy:
        store = open_postgresql_store(proxy.url(tournament.referee_url, tournament.server.port))
        controller = TournamentController(store)  # polling the store (every WATCH_MS)
        controller.error_occurred.connect(errors.append)
        try:
            proxy.stall()
            qtbot.waitUntil(lambda: controller.store_problem != "", timeout=10_000)
            assert "did not answer within 1 s" in controller.store_problem
            # Tried again on a new connection (which the relay lets through, as a network that came back). Before,
            # the poll stopped for good at the first failure, and every later read failed until the window was
            # opened again.
            qtbot.waitUntil(lambda: controller.store_problem == "", timeout=10_000)
            with tournament.store() as other:
                other.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
            qtbot.waitUntil(lambda: len(controller.tournament.penalties) == 1, timeout=5_000)
            assert len(errors) == 1  # said once
            assert errors[0].startswith("Reload:")
        finally:
            controller.shutdown()
            store.close()


def test_a_referee_window_that_lost_its_live_feed_polls_and_listens_again_by_itself(
    qtbot: QtBot, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: once the feed was lost the window polled once a second for good.
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3)
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    monkeypatch.setattr(controller_module, "STORE_RETRY_MS", 300)
    monkeypatch.setattr(controller_module, "WATCH_MS", 200)  # the poll and the sign of life: 1 s in the app
    errors: list[str] = []
    with steps.StallingProxy(tournament.server.port) as proxy, tournament.store() as store:
        controller = TournamentController(store, live_url=proxy.url(tournament.referee_url, tournament.server.port))
        controller.error_occurred.connect(errors.append)
        try:
            assert controller.listening
            proxy.stall()  # the feed's path only: the store's connection does not pass through the relay
            qtbot.waitUntil(lambda: not controller.listening, timeout=10_000)
            qtbot.waitUntil(lambda: controller.listening, timeout=10_000)
            with tournament.store() as other:  # heard through the new feed (the window does not poll while it listens)
                other.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
            qtbot.waitUntil(lambda: len(controller.tournament.penalties) == 1, timeout=5_000)
            assert len(errors) == 1
            assert errors[0].startswith("Live updates:")
            assert controller.store_problem == ""
        finally:
            controller.shutdown()

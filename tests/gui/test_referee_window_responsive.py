"""The referee's window never freezes while its server is away: the store's retry, listening again and the tables'
links connect in the background (a connect over a dead path waits its whole timeout), the window answers clicks
meanwhile, says the lost server once, and recovers by itself once the server answers."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
from scorekeeper.gui.referee import controller as controller_module
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.sync import connection as connection_module
from scorekeeper.sync import live as live_module
from scorekeeper.sync import server as server_module
from scorekeeper.sync.server import TableLink
from scorekeeper.tournament import TournamentPenalty
from tests.sync import steps
from tests.tournament_db import Tournament

pytestmark = pytest.mark.gui

#: The connect timeout the tests give every connection (libpq's least): a connect over the held relay waits this
#: long, and the window must answer a click well within it (within 1 s, below).
_CONNECT_S = 2


@pytest.fixture
def short_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    monkeypatch.setattr(tournament_pg, "_CONNECT_TIMEOUT_S", _CONNECT_S)
    monkeypatch.setattr(connection_module, "CONNECT_TIMEOUT", _CONNECT_S)
    monkeypatch.setattr(live_module, "CONNECT_TIMEOUT", _CONNECT_S)
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3)
    monkeypatch.setattr(controller_module, "STORE_RETRY_MS", 300)
    monkeypatch.setattr(controller_module, "WATCH_MS", 200)  # the poll and the sign of life: 1 s in the app


def _close(window: RefereeWindow) -> None:
    window.controller.shutdown()
    window.close()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _click_tab(qtbot: QtBot, window: RefereeWindow, index: int) -> None:
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


@pytest.mark.usefixtures("short_times")
def test_the_referee_window_answers_clicks_while_it_connects_to_a_server_that_went_away(
    qtbot: QtBot, tournament: Tournament
) -> None:
    # Before: each 30 s retry connected on the window's thread, so over a dead path the window hung for the whole
    # connect timeout (5-10 s) every 30 s, and a click waited as long.
    errors: list[str] = []
    with steps.StallingProxy(tournament.server.port) as proxy:
        url = proxy.url(tournament.referee_url, tournament.server.port)
        store = open_postgresql_store(url)
        window = RefereeWindow(
            TournamentController(store, live_url=url),
            dialogs=RefereeDialogs(error=lambda _w, text: errors.append(text)),
        )
        qtbot.addWidget(window)
        window.show()
        controller = window.controller
        try:
            assert controller.listening
            qtbot.waitUntil(lambda: controller.links == {} and controller.links_problem == "")
            proxy.hold_new()  # the server's host is gone: connects wait their whole timeout
            proxy.stall()  # and the open connections (feed, store, links) go silent
            qtbot.waitUntil(lambda: controller.store_problem != "", timeout=10_000)
            tried = len(proxy.accepted_at)
            qtbot.waitUntil(lambda: len(proxy.accepted_at) > tried, timeout=5_000)  # the retry connects, and waits
            _click_tab(qtbot, window, 3)
            handled = time.monotonic() - proxy.accepted_at[tried]
            assert window.tabs.currentIndex() == 3
            assert handled < 1.0, f"the window answered a click {handled:.1f} s after its retry began to connect"
            window.session_spin.setValue(2)  # the links of session 2: read in the background, over the dead path
            qtbot.waitUntil(lambda: controller.links_problem != "", timeout=10_000)
            proxy.pass_new()  # the network comes back
            qtbot.waitUntil(lambda: controller.store_problem == "" and controller.listening, timeout=20_000)
            window.session_spin.setValue(1)
            qtbot.waitUntil(lambda: controller.links_problem == "", timeout=10_000)
            with tournament.store() as other:  # heard through the new feed
                other.add_penalty(TournamentPenalty(player="Ann", points=-4000, reason="late"))
            qtbot.waitUntil(lambda: len(controller.tournament.penalties) == 1, timeout=5_000)
            assert [text.split(":")[0] for text in errors] == ["Live updates", "Reload"]  # each loss said once
        finally:
            _close(window)
            store.close()


@pytest.mark.usefixtures("short_times")
def test_closing_the_window_while_it_connects_does_not_wait_and_keeps_nothing_open(
    qtbot: QtBot, tournament: Tournament
) -> None:
    with steps.StallingProxy(tournament.server.port) as proxy, tournament.store() as store:
        url = proxy.url(tournament.referee_url, tournament.server.port)
        controller = TournamentController(store, live_url=url)
        errors: list[str] = []
        controller.error_occurred.connect(errors.append)
        assert controller.listening
        proxy.hold_new()
        proxy.stall()  # the feed's path: the store's connection does not pass through the relay
        qtbot.waitUntil(lambda: not controller.listening, timeout=10_000)
        tried = len(proxy.accepted_at)
        qtbot.waitUntil(lambda: len(proxy.accepted_at) > tried, timeout=5_000)  # listening again: a connect waits
        started = time.monotonic()
        controller.shutdown()
        assert time.monotonic() - started < 0.5
        proxy.pass_new()
        qtbot.wait(_CONNECT_S * 1000 + 500)  # the held connect gives up in its own thread; nothing comes back
        assert not controller.listening
        assert len(errors) == 1


def test_a_links_read_for_a_session_no_longer_on_show_is_dropped(
    qtbot: QtBot, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A read under way when the referee turns to another session: its links are not the new session's.
    release = threading.Event()
    asked: list[int] = []

    def read(_reader: object, session: int) -> tuple[int, dict[int, TableLink]]:
        asked.append(session)
        if session == 1:
            release.wait(10)
        link = TableLink(table_no=session, joined=True, last_write=None, finished=False, held=session)
        return session, {session: link}

    monkeypatch.setattr(controller_module._LinksReader, "read", read)
    with tournament.store() as store:
        controller = TournamentController(store, server_url=tournament.referee_url)
        try:
            qtbot.waitUntil(lambda: asked == [1])
            controller.show_session(2)
            assert controller.links == {}
            release.set()
            qtbot.waitUntil(lambda: asked == [1, 2])
            qtbot.waitUntil(
                lambda: (
                    controller.links == {2: TableLink(table_no=2, joined=True, last_write=None, finished=False, held=2)}
                )
            )
        finally:
            release.set()
            controller.shutdown()

"""The referee's window through a restart of the real PostgreSQL while the tables push (issue 23 item 3).

Before: every problem was a modal message box opened inside the controller's signal (the polls and retries waited
behind it), listening again after the restart read nothing, and exports were written from the window's copy: 51 s
after a restart the window showed 1 hand of 3 and its CSV export disagreed with the standings.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
from scorekeeper.gui.referee import controller as controller_module
from scorekeeper.session import HanFuWin, Ron, Seat
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_export import format_standings_csv
from scorekeeper.sync import server as server_module
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import compute_standings
from tests.sync import steps
from tests.tournament_db import Tournament

pytestmark = pytest.mark.gui

HANDS = 8  # each table's hands in all: 2 before the window opens, the rest across the restart


def _hand(number: int) -> Ron:
    """A 1 han 30 fu ron (1,000 points): small enough that nobody busts in HANDS hands."""
    winner = number % 4
    return Ron(Seat((winner + 1) % 4), (HanFuWin(seat=Seat(winner), han=1, fu=30),))


def _push_hands(path: Path, game: int, url: str, hands: range, stop: threading.Event) -> None:
    """A table laptop: enter each hand, and push until the server has it (retrying while it is away)."""
    with GameStore.open(path, durable=False) as store, TableSync(path, url) as sync:
        for number in hands:
            steps.append(store, game, _hand(number))
            deadline = time.monotonic() + 90
            while not sync.push().synced:
                if stop.is_set() or time.monotonic() > deadline:
                    return
                time.sleep(0.1)
            time.sleep(0.15)


def test_after_a_server_restart_the_window_shows_every_hand_and_exports_what_the_database_holds(
    qtbot: QtBot, tournament: Tournament, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3)
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 2.0)
    monkeypatch.setattr(controller_module, "STORE_RETRY_MS", 300)
    monkeypatch.setattr(controller_module, "WATCH_MS", 200)  # the poll and the sign of life: 1 s in the app
    tables = {table: tournament.join(tmp_path, table) for table in (1, 2)}
    for store, game, login in tables.values():
        for number in range(2):
            steps.append(store, game, _hand(number))
        with TableSync(store.path, login.url) as sync:
            assert sync.push().synced
    boxes: list[str] = []

    def close_any_box() -> None:  # a modal box would hold the test (and the window) until someone closes it
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            boxes.append(box.text())
            box.done(0)

    watcher = QTimer()
    watcher.setInterval(50)
    watcher.timeout.connect(close_any_box)
    watcher.start()
    export_path = tmp_path / "standings.csv"
    dialogs = RefereeDialogs(save_file=lambda *_: export_path)  # the window's own way of saying problems
    with tournament.store() as referee_store:
        controller = TournamentController(referee_store, live_url=tournament.referee_url)
        window = RefereeWindow(controller, dialogs=dialogs)
        qtbot.addWidget(window)
        window.show()
        try:
            assert controller.listening
            stop = threading.Event()
            pushers = [
                threading.Thread(target=_push_hands, args=(store.path, game, login.url, range(2, HANDS), stop))
                for store, game, login in tables.values()
            ]
            for pusher in pushers:
                pusher.start()
            qtbot.wait(400)
            tournament.server.stop(mode="fast")
            qtbot.wait(1500)
            tournament.server.start()
            tournament.server.wait_ready()
            try:
                qtbot.waitUntil(lambda: not any(p.is_alive() for p in pushers), timeout=90_000)
            finally:
                stop.set()
                for pusher in pushers:
                    pusher.join()

            def every_hand_shown() -> bool:
                games = [controller.tournament.game(1, table) for table in tables]
                return all(game is not None and len(game.events) == HANDS for game in games)

            qtbot.waitUntil(every_hand_shown, timeout=20_000)
            assert boxes == []  # nothing blocked the window
            assert window.problem_banner.isVisible()  # the restart was said, in the banner
            said = window.problem_label.text()
            assert "Live updates" in said or "Reload" in said
            # All of the driver's words, not its last line alone ("before or while processing the request.").
            assert "before or while processing" not in said or "server closed the connection" in said, said
            # One more hand, then at once (the window has not heard of it) an export: from the database now.
            store, game, login = tables[1]
            steps.append(store, game, _hand(HANDS))
            with TableSync(store.path, login.url) as sync:
                assert sync.push().synced
            window._export("standings")
            with tournament.store() as fresh:
                now = fresh.load()
            assert export_path.read_bytes() == format_standings_csv(now, compute_standings(now))
            assert boxes == []
        finally:
            watcher.stop()
            controller.shutdown()
            window.close()
            window.deleteLater()
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.mark.parametrize("kind", ["standings", "ema"])
def test_an_export_is_made_from_the_database_at_the_moment_of_export(qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    from scorekeeper.storage.tournament_export import format_ema_csv
    from scorekeeper.storage.tournament_store import TournamentStore
    from scorekeeper.tournament import TournamentPenalty
    from tests.tournament.builders import roster, settings

    with TournamentStore.open_sqlite(tmp_path / "t.db") as store:
        store.create(settings(), roster(8))
        export_path = tmp_path / f"{kind}.csv"
        window = RefereeWindow(TournamentController(store), dialogs=RefereeDialogs(save_file=lambda *_: export_path))
        qtbot.addWidget(window)
        try:
            with TournamentStore.open_sqlite(tmp_path / "t.db") as other:  # the command line, a second laptop
                other.add_penalty(TournamentPenalty(player="P001", points=-20_000, reason="late", session=None))
            window._export(kind)  # before the window's poll heard of the penalty
            now = store.load()
            made = format_standings_csv if kind == "standings" else format_ema_csv
            assert export_path.read_bytes() == made(now, compute_standings(now))
            assert window.controller.tournament.penalties == now.penalties  # and the window shows what it wrote
        finally:
            window.controller.shutdown()
            window.close()

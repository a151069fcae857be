"""A table laptop joins a tournament table, plays the ordinary table view, and the status line tells the sync."""

from __future__ import annotations

import datetime
import select
import socket
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui import table_sync as table_sync_module
from scorekeeper.gui.app import create_main_window
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import Dialogs, MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.table_sync import JoinTournamentDialog, TableJoin, status_text
from scorekeeper.session.events import LastHandCalled, RefereePenalty, RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage import tournament_pg
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.sync import connection as connection_module
from scorekeeper.sync import server as server_module
from scorekeeper.sync.table import JoinedGame, SyncStatus, TableLogin, TableSync
from tests.gui.conftest import click
from tests.sync import steps
from tests.tournament_db import PLAYERS, Tournament

pytestmark = pytest.mark.gui


@pytest.fixture
def quick_cycle(monkeypatch: pytest.MonkeyPatch) -> int:
    """A push cycle of 0.5 s instead of the app's 3 s, for tests that wait for the next cycle (what it then does is
    what is tested, not how long the table waits for it); returns the cycle in milliseconds."""
    monkeypatch.setattr(table_sync_module, "PUSH_INTERVAL_MS", 500)
    return 500


def _window(qtbot: QtBot, data_dir: Path, join: Dialogs) -> MainWindow:
    window = create_main_window(data_dir, settings=AppSettings(), dialogs=join)
    qtbot.addWidget(window)
    window.show()
    return window


def _joining(qtbot: QtBot, tournament: Tournament, *, port: int | None = None) -> Dialogs:
    """Dialogs whose join dialog is filled in as a player types what the referee shows, then Join is tapped."""
    code = tournament.table_url(1).rsplit("@", 1)[0].rsplit(":", 1)[1]

    def fill(parent: QWidget, join: TableJoin) -> tuple[TableLogin, JoinedGame] | None:
        dialog = JoinTournamentDialog(parent, join=join)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.keyClicks(dialog.server_edit, f"127.0.0.1:{port or tournament.server.port}")
        qtbot.keyClicks(dialog.tournament_edit, tournament.database)
        dialog.table_spin.setValue(1)
        qtbot.keyClicks(dialog.code_edit, code.lower())
        click(qtbot, dialog.join_button)
        qtbot.waitUntil(lambda: dialog.result() == JoinTournamentDialog.DialogCode.Accepted, timeout=15_000)
        assert dialog.joined is not None
        return dialog.login(), dialog.joined

    return Dialogs(join_tournament=fill)


def _typing_a_server(
    qtbot: QtBot, server: str, then: Callable[[JoinTournamentDialog], None]
) -> tuple[Dialogs, list[JoinTournamentDialog]]:
    """Dialogs whose join dialog gets ``server`` and a table's login typed, Join tapped, then ``then`` (the user's
    next steps, which end by closing the dialog); and the list the dialog is put in."""
    opened: list[JoinTournamentDialog] = []

    def fill(parent: QWidget, join: TableJoin) -> tuple[TableLogin, JoinedGame] | None:
        dialog = JoinTournamentDialog(parent, join=join)
        qtbot.addWidget(dialog)
        opened.append(dialog)
        dialog.show()
        qtbot.keyClicks(dialog.server_edit, server)
        qtbot.keyClicks(dialog.tournament_edit, "spring")
        qtbot.keyClicks(dialog.code_edit, "k7qx-m2pd-9tra")
        click(qtbot, dialog.join_button)
        then(dialog)
        assert dialog.isHidden()
        return None if dialog.joined is None else (dialog.login(), dialog.joined)

    return Dialogs(join_tournament=fill), opened


def _joining_threads() -> bool:
    return any(thread.name == "table-join" and thread.is_alive() for thread in threading.enumerate())


def test_joining_a_server_that_does_not_answer_says_connecting_keeps_the_window_live_and_cancel_closes_at_once(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Before, Join ran the connect on the GUI thread: the window froze up to the 5 s connect timeout.
    with steps.SilentServer() as silent:
        host_port = silent.url.rsplit("@", 1)[1].split("/", 1)[0]
        ticks: list[int] = []

        def wait_then_cancel(dialog: JoinTournamentDialog) -> None:
            assert dialog.isVisible()
            assert dialog.connecting
            assert dialog.status_label.text() == f"Connecting to {host_port}…"
            assert dialog.busy_bar.isVisible()
            assert not dialog.join_button.isEnabled() and not dialog.code_edit.isEnabled()
            assert dialog.cancel_button.isEnabled()
            timer = QTimer(dialog)
            timer.timeout.connect(lambda: ticks.append(1))
            timer.start(10)
            qtbot.waitUntil(silent.someone_waits, timeout=10_000)  # the connect attempt waits for the server...
            qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=3_000)  # ...while the GUI thread goes on working
            assert dialog.connecting and _joining_threads()
            click(qtbot, dialog.cancel_button)
            assert dialog.result() == JoinTournamentDialog.DialogCode.Rejected
            assert not dialog.connecting

        dialogs, opened = _typing_a_server(qtbot, host_port, wait_then_cancel)
        window = _window(qtbot, tmp_path / "data", dialogs)
        _join_action(window)
        assert len(opened) == 1
        assert _joining_threads()  # cancelled while the attempt still waits: the window did not wait for it
        assert window.controller.session is None and window.link.sync is None
        assert window.message_label.text() == ""
    qtbot.waitUntil(lambda: not _joining_threads(), timeout=15_000)  # it failed with the silent server gone
    assert window.message_label.text() == "" and window.link.sync is None  # and nothing was said of it
    assert not (tmp_path / "data" / "tournament-login.json").exists()
    window.close()


def test_a_join_the_server_refuses_is_said_in_the_dialog_which_stays_open_to_correct_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with socket.socket() as closed:  # a port nobody listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]

    def read_then_cancel(dialog: JoinTournamentDialog) -> None:
        qtbot.waitUntil(lambda: not dialog.connecting, timeout=15_000)
        assert dialog.isVisible()
        plain, reason = dialog.status_label.text().split("\n")
        assert plain == (
            f"Nothing answers at 127.0.0.1:{port}: check the address and the port, and that the server is running."
        )
        assert reason.startswith(f"cannot reach the tournament server spring_table1@127.0.0.1:{port}/spring: ")
        text = plain + reason
        assert "k7qx" not in text.lower()  # never the code
        assert dialog.status_label.property("role") == "error"
        assert not dialog.busy_bar.isVisible()
        assert dialog.join_button.isEnabled() and dialog.code_edit.isEnabled()
        click(qtbot, dialog.cancel_button)

    dialogs, _opened = _typing_a_server(qtbot, f"127.0.0.1:{port}", read_then_cancel)
    window = _window(qtbot, tmp_path / "data", dialogs)
    _join_action(window)
    assert window.controller.session is None and window.link.sync is None
    window.close()


def test_a_wrong_code_is_said_to_be_refused_in_the_dialog(qtbot: QtBot, tmp_path: Path, tournament: Tournament) -> None:
    def read_then_cancel(dialog: JoinTournamentDialog) -> None:
        qtbot.waitUntil(lambda: not dialog.connecting, timeout=15_000)
        plain = dialog.status_label.text().split("\n")[0]
        assert plain == (
            "The server refused this table's login: check the tournament's name, the table number and the code."
        )
        click(qtbot, dialog.cancel_button)

    dialogs, _opened = _typing_a_server(qtbot, f"127.0.0.1:{tournament.server.port}", read_then_cancel)
    window = _window(qtbot, tmp_path / "data", dialogs)
    _join_action(window)
    assert window.controller.session is None
    window.close()


def test_a_join_that_times_out_says_so_after_the_connect_timeout_with_the_window_live(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The words name the connect timeout in force: the app's 5 s, here libpq's least (2 s), so every run waits less.
    assert connection_module.CONNECT_TIMEOUT == 5
    monkeypatch.setattr(connection_module, "CONNECT_TIMEOUT", 2)
    with steps.SilentServer() as silent:
        host_port = silent.url.rsplit("@", 1)[1].split("/", 1)[0]

        def wait_for_the_timeout(dialog: JoinTournamentDialog) -> None:
            qtbot.waitUntil(lambda: not dialog.connecting, timeout=20_000)
            plain, reason = dialog.status_label.text().split("\n")
            assert plain == (
                f"The server at {host_port} did not answer within 2 s. Check the address, and that this laptop is "
                "on the tournament's network."
            )
            assert reason.startswith("cannot reach the tournament server")
            click(qtbot, dialog.cancel_button)

        dialogs, _opened = _typing_a_server(qtbot, host_port, wait_for_the_timeout)
        window = _window(qtbot, tmp_path / "data", dialogs)
        _join_action(window)
    assert window.controller.session is None
    window.close()


def _join_action(window: MainWindow) -> None:
    action = next(a for a in window.actions() if a.text().replace("&", "").startswith("Join a tournament"))
    action.trigger()


def test_a_joined_table_plays_with_the_seating_and_ruleset_and_says_synced(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament
) -> None:
    window = _window(qtbot, tmp_path / "data", _joining(qtbot, tournament))
    _join_action(window)
    assert window.controller.session is not None
    assert window.controller.session.players == PLAYERS[1]
    assert window.controller.session.rules.to_json() == "tenhou"
    assert window.link.status.isVisible()
    qtbot.waitUntil(lambda: window.link.status.text() == "Synced", timeout=10_000)
    click(qtbot, window.table.seat_panels[0].riichi_button)
    with tournament.referee() as referee:
        qtbot.waitUntil(lambda: referee.games()[0]["head"] == 1, timeout=10_000)
    qtbot.waitUntil(lambda: window.link.status.text() == "Synced", timeout=10_000)
    assert (tmp_path / "data" / "tournament-login.json").exists()
    window.close()


def test_a_table_that_cannot_reach_the_server_says_since_when_and_what_waits(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament
) -> None:
    window = _window(qtbot, tmp_path / "data", _joining(qtbot, tournament))
    _join_action(window)
    assert window.link.sync is not None
    login = window.link.sync.login
    window.link.start(TableLogin(url=login.url.replace(f":{tournament.server.port}/", ":1/"), session=1, table_no=1))
    # Nothing waits in the outbox, but no push has had an answer: not "Synced" (it said so, server or none).
    assert window.link.status.text() == "Checking with the server…"
    click(qtbot, window.table.seat_panels[1].riichi_button)
    qtbot.waitUntil(lambda: window.link.status.text().startswith("Offline since"), timeout=15_000)
    qtbot.waitUntil(lambda: "1 event waiting" in window.link.status.text(), timeout=15_000)
    window.link.start(login)  # the network is back
    qtbot.waitUntil(lambda: window.link.status.text() == "Synced", timeout=15_000)
    window.close()


def test_a_table_whose_server_goes_silent_says_offline_since_within_the_answer_time(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament, monkeypatch: pytest.MonkeyPatch, quick_cycle: int
) -> None:
    # A path that takes every byte and answers none (no reset, the keepalive probes answered by the nearest hop):
    # the table asks for a sign of life after PING_AFTER of silence and gives the server ANSWER_TIMEOUT.
    monkeypatch.setattr(server_module, "PING_AFTER", 0.3)
    monkeypatch.setattr(tournament_pg, "ANSWER_TIMEOUT", 1.0)
    window = _window(qtbot, tmp_path / "data", _joining(qtbot, tournament))
    _join_action(window)
    assert window.link.sync is not None
    login = window.link.sync.login
    with steps.StallingProxy(tournament.server.port) as proxy:
        window.link.start(TableLogin(url=proxy.url(login.url, tournament.server.port), session=1, table_no=1))
        link = window.link.sync
        assert link is not None
        # At the start the status is the outbox's ("Checking with the server…"); a push's answer replaces it (on
        # this thread, so not before the wait below). Before, the relay was stalled as soon as it took the connection:
        # in the middle of the login, so the table said offline after the connect timeout (5 s), not the answer time.
        from_the_file = link.status
        qtbot.waitUntil(lambda: link.status is not from_the_file, timeout=10_000)  # connected and listening through it
        assert proxy.connections > 0
        assert window.link.status.text() == "Synced"
        proxy.stall()
        # a push cycle (0.5 s here) and the answer time (1 s), and room for a loaded machine
        qtbot.waitUntil(lambda: window.link.status.text().startswith("Offline since"), timeout=10_000)
        assert "did not answer within 1 s" in link._sync.last_error  # given up at the answer time, not a connect's
        window.close()


def test_the_status_words() -> None:
    since = datetime.datetime(2026, 5, 1, 14, 5).astimezone()
    assert status_text(SyncStatus(waiting=0)) == "Synced"
    assert status_text(SyncStatus(waiting=0), answered=False) == "Checking with the server…"
    assert status_text(SyncStatus(waiting=3), answered=False) == "3 events waiting"
    assert status_text(SyncStatus(waiting=3)) == "3 events waiting"
    assert status_text(SyncStatus(waiting=1, offline_since=since)) == "Offline since 14:05 – 1 event waiting"
    assert status_text(SyncStatus(waiting=0, offline_since=since)) == "Offline since 14:05"
    assert status_text(SyncStatus(waiting=2, problem="x")).startswith("Stopped")
    held = SyncStatus(waiting=2, held="game s1-t1-x: under review")
    assert status_text(held) == "2 events waiting: the server did not take them (game s1-t1-x: under review)"
    assert status_text(SyncStatus(waiting=2, held="x", offline_since=since)) == "Offline since 14:05 – 2 events waiting"


def test_a_stopped_game_blames_nobody_and_asks_for_nothing_the_window_lacks() -> None:
    # Issue 24: "Stopped: the referee changed this game. Reload it from the server." showed for another laptop's
    # write and a server that lost changes too (sync.table's problems), and the table window has no reload: the
    # server's copy is taken at the next push that can read it.
    for problem in (
        "game s1-t1-x changed on the server (the referee wrote to it)",
        "game s1-t1-x changed on the server: another laptop of this table wrote to it",
        "game s1-t1-x: the server lacks changes 4 to 6, which it had taken before",
    ):
        words = status_text(SyncStatus(waiting=0, problem=problem))
        assert words.startswith("Stopped: the server's copy of this game differs from this laptop's.")
        assert "referee" not in words and "Reload" not in words


def test_the_japanese_status_says_the_servers_reason_is_in_its_own_words() -> None:
    # The server's reason for holding changes back is its own English text: the Japanese line says so.
    install_language(Language.JAPANESE)
    try:
        words = status_text(SyncStatus(waiting=2, held="game s1-t1-x: under review"))
        assert words == "未送信 2 件: サーバーが受け付けませんでした (サーバーの説明・英語: game s1-t1-x: under review)"
        assert status_text(SyncStatus(waiting=0, problem="x")).startswith("停止中: サーバー上のこの対局の記録が")
    finally:
        install_language(Language.ENGLISH)


def _joined_with_one_riichi_pushed(qtbot: QtBot, tmp_path: Path, tournament: Tournament) -> tuple[MainWindow, str]:
    """A table window joined to its game, with East's riichi on the server; the window and the server's game id."""
    window = _window(qtbot, tmp_path / "data", _joining(qtbot, tournament))
    _join_action(window)
    click(qtbot, window.table.seat_panels[0].riichi_button)
    with tournament.referee() as referee:
        qtbot.waitUntil(lambda: referee.games()[0]["head"] == 1, timeout=10_000)
        game: str = referee.games()[0]["id"]
    return window, game


def test_a_referee_correction_made_while_the_table_wrote_reloads_the_game_and_says_so(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament
) -> None:
    window, game = _joined_with_one_riichi_pushed(qtbot, tmp_path, tournament)
    with tournament.referee() as referee:
        assert window.link.sync is not None
        window.link.sync.close()  # the table is between two pushes while the referee corrects
        penalty = RefereePenalty(seat=Seat(1), points=-1000, reason="late")
        referee.append_as_referee(game, dump_json(event_to_json(penalty)), version=referee.game(game).version)
    click(qtbot, window.table.seat_panels[2].riichi_button)  # built on the table's old position
    assert window.link.sync is not None
    window.link.start(window.link.sync.login)
    qtbot.waitUntil(lambda: "This game changed on the server" in window.message_label.text(), timeout=15_000)
    assert window.controller.session is not None
    assert window.controller.session.events == (RiichiDeclared(Seat(0)), penalty)
    qtbot.waitUntil(lambda: window.link.status.text() == "Synced", timeout=10_000)
    window.close()


def test_a_table_with_nothing_to_send_takes_the_referees_call_of_the_last_hand_and_its_next_hand_ends_the_game(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament, quick_cycle: int
) -> None:
    # Before, the table learned of the call only when its next hand was refused, and had to enter it again.
    window, game = _joined_with_one_riichi_pushed(qtbot, tmp_path, tournament)
    with tournament.referee() as referee:
        referee.correct_as_referee(game, (LastHandCalled("time limit"),), version=referee.game(game).version)
    centre = window.table.centre
    qtbot.waitUntil(lambda: centre.status_label.text() == "Time: last hand.", timeout=15_000)
    assert window.message_label.text() == (
        "This game changed on the server (the referee or another laptop of this table wrote to it): it was reloaded"
        " from there."
    )
    assert window.controller.draw([0])
    assert window.controller.session is not None and window.controller.session.state.ended
    with tournament.referee() as referee:
        qtbot.waitUntil(lambda: bool(referee.games()[0]["finished"]), timeout=15_000)
        assert referee.games()[0]["head"] == 3
    window.close()


def test_closing_the_window_while_a_push_waits_on_the_server_is_immediate_and_the_hand_goes_at_the_next_start(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament
) -> None:
    # Before, closing waited for the push under way: up to the 5 s connect timeout when the server did not answer.
    window, _game = _joined_with_one_riichi_pushed(qtbot, tmp_path, tournament)
    assert window.link.sync is not None
    login = window.link.sync.login
    store_path = window.controller.store.path
    with steps.SilentServer() as silent:
        window.link.start(TableLogin(url=silent.url, session=1, table_no=1))  # the server stops answering
        click(qtbot, window.table.seat_panels[1].riichi_button)
        qtbot.waitUntil(silent.someone_waits, timeout=10_000)
        window.close()
        assert _pushing()  # the window closed while the push still waits for the server
    qtbot.waitUntil(lambda: not _pushing(), timeout=15_000)  # gone with the silent server; it closed the sync
    with LocalOutbox.open(store_path) as outbox:
        assert [link.waiting for link in outbox.links()] == [1]  # South's riichi waits for the next start
    with TableSync(store_path, login.url) as sync:
        assert sync.push().synced
    with tournament.referee() as referee:
        assert referee.games()[0]["head"] == 2


def _pushing() -> bool:
    return any(thread.name == "table-push" and thread.is_alive() for thread in threading.enumerate())


class _HeldServer:
    """A slow server in front of a real one: connections wait, unanswered, until :meth:`release`; then each is
    passed on to the real server both ways (a server that answers only after the table gave up waiting)."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(8)
        self.address = f"127.0.0.1:{self._listener.getsockname()[1]}"
        self._threads: list[threading.Thread] = []

    def someone_waits(self) -> bool:
        return bool(select.select([self._listener], [], [], 0)[0])

    def release(self) -> None:
        """Answer: each waiting connection (and any later one, for a second) is passed on to the real server."""
        self._listener.settimeout(1.0)
        while True:
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                return
            thread = threading.Thread(target=self._pipe, args=(client,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _pipe(self, client: socket.socket) -> None:
        with client, socket.create_connection(("127.0.0.1", self._port)) as server:
            ends = {client: server, server: client}
            while True:
                readable, _, _ = select.select(list(ends), [], [], 10.0)
                if not readable:
                    return
                for end in readable:
                    data = end.recv(65536)
                    if not data:
                        return
                    ends[end].sendall(data)

    def close(self) -> None:
        self._listener.close()
        for thread in self._threads:
            thread.join(timeout=15)


def test_a_join_cancelled_before_the_server_answered_leaves_nothing_behind_when_it_later_succeeds(
    qtbot: QtBot, tmp_path: Path, tournament: Tournament
) -> None:
    # Before, the late success still made the local game and linked it (not opened): a game the user never saw,
    # found again by the next join.
    code = tournament.table_url(1).rsplit("@", 1)[0].rsplit(":", 1)[1]
    held = _HeldServer(tournament.server.port)

    def cancel_then_the_server_answers(dialog: JoinTournamentDialog) -> None:
        qtbot.waitUntil(held.someone_waits, timeout=10_000)
        assert dialog.connecting
        click(qtbot, dialog.cancel_button)
        assert dialog.result() == JoinTournamentDialog.DialogCode.Rejected
        held.release()  # the server answers after all: the join goes through on the server's side

    def fill(parent: QWidget, join: TableJoin) -> tuple[TableLogin, JoinedGame] | None:
        dialog = JoinTournamentDialog(parent, join=join)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.keyClicks(dialog.server_edit, held.address)
        qtbot.keyClicks(dialog.tournament_edit, tournament.database)
        dialog.table_spin.setValue(1)
        qtbot.keyClicks(dialog.code_edit, code)
        click(qtbot, dialog.join_button)
        cancel_then_the_server_answers(dialog)
        return None if dialog.joined is None else (dialog.login(), dialog.joined)

    try:
        window = _window(qtbot, tmp_path / "data", Dialogs(join_tournament=fill))
        _join_action(window)
        qtbot.waitUntil(lambda: not _joining_threads(), timeout=15_000)
        with tournament.referee() as referee:
            assert len(referee.games()) == 1  # the server made the table's game: the join succeeded late
        QApplication.processEvents()  # anything the late success might still send the window arrives now
        assert window.controller.session is None and window.link.sync is None
        assert window.controller.store.list_games() == ()
        with LocalOutbox.open(window.controller.store.path) as outbox:
            assert outbox.links() == ()
        assert not (tmp_path / "data" / "tournament-login.json").exists()
        window.close()
    finally:
        held.close()

"""A table laptop in a tournament: join the table's game on the tournament server, push, and say how it stands.

``JoinTournamentDialog`` asks what the referee hands out: the server, the tournament (its database), the session,
the table number and the table's code, then joins in a worker thread: a server that does not answer keeps the dialog
saying "Connecting…" with Cancel, never a frozen window (before, up to the 5 s connect timeout).
:class:`TableSyncController` pushes the outbox (:class:`scorekeeper.sync.table.TableSync`) after every change and
every few seconds, in a worker thread so a dead network never freezes the table, and tells the window's status
line: "Checking with the server…" until the first push's answer, then "Synced", "3 events waiting", "Offline since
14:05 – 3 events waiting". The table view itself is the ordinary
one: the joined game comes with the seating and the tournament's ruleset from the server (the ruleset is not asked
for, so it cannot be changed at the table).

The main window holds one :class:`TableLink`, which joins a table and keeps it synced; its status line sits under
the History (at the window's foot with no game open) and shows once the laptop has joined a tournament table.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias
from urllib.parse import quote, urlsplit

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QWidget,
)

from scorekeeper.errors import ErrorCode, ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.error_words import error_text
from scorekeeper.storage.files import standard_data_folder

if TYPE_CHECKING:
    # The sync modules (and the PostgreSQL driver under them) are imported when a table joins or pushes: the table
    # window imports this module, and they would double its cold start (benchmarks/bench_gui.py).
    from scorekeeper.storage.store import GameStore
    from scorekeeper.sync.join_code import JoinCode
    from scorekeeper.sync.table import JoinedGame, SyncStatus, TableLogin, TableSync

__all__ = [
    "LOGIN_FILE",
    "JoinTournamentDialog",
    "TableJoin",
    "TableLink",
    "TableSyncController",
    "join_in_two_parts",
    "status_text",
]

#: The login file in the app's data folder (mode 0600; see scorekeeper.sync.table.save_login).
LOGIN_FILE = "tournament-login.json"
#: How often the table tries to push when nothing happens (milliseconds).
PUSH_INTERVAL_MS = 3_000


_CONTEXT = "TableSyncController"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


#: The longest server's reason the status line quotes (cut with "…" past it).
_REASON_CHARS = 160


def status_text(status: SyncStatus, *, answered: bool = True) -> str:
    """The status line's words for ``status``; ``answered``: whether a push has had the server's answer since the
    link started (until then the outbox's own count says nothing of the server: "Synced" would claim too much)."""
    if status.problem:
        # Said while the server's copy cannot be read yet (a push that stops takes it at once: ``_push``). Who
        # changed it is not known here: the referee, another laptop of this table, or a server that lost changes
        # (sync.table's problems); and there is nothing to do but wait (issue 24: it blamed the referee and asked
        # for a reload the table window does not have).
        return _t(
            "Stopped: the server's copy of this game differs from this laptop's. It is taken from the server as"
            " soon as the server can be read."
        )
    waiting = _t("1 event waiting") if status.waiting == 1 else _t("{n} events waiting").format(n=status.waiting)
    if status.offline_since is not None:
        since = _t("Offline since {time}").format(time=status.offline_since.strftime("%H:%M"))
        return f"{since} – {waiting}" if status.waiting else since
    if status.held:  # the server answered and did not take a game's changes: say why (its words, as the server's)
        reason = status.held if len(status.held) <= _REASON_CHARS else status.held[: _REASON_CHARS - 1] + "…"
        return _t("{waiting}: the server did not take them ({reason})").format(waiting=waiting, reason=reason)
    if status.waiting:
        return waiting
    return _t("Synced") if answered else _t("Checking with the server…")


#: How a window joins a table: the server's part, run in a worker thread (it must not touch Qt or the window's game
#: file; raises ScorekeeperError when the server cannot be reached or refuses), which gives the local part, run on
#: the GUI thread only if the dialog still waits for it (raises ScorekeeperError when the file cannot be written).
TableJoin: TypeAlias = "Callable[[TableLogin], Callable[[], JoinedGame]]"


class JoinTournamentDialog(QDialog):
    """Server, tournament, session, table and code; Join runs ``join`` off the GUI thread and waits for it, cancellably.

    While ``join`` reaches the server the fields are locked and the dialog says it is connecting; Cancel closes the
    dialog at once (the attempt goes on in its daemon thread and is not heard of again). Its local part (the game
    made in the window's file) runs only once the server answered and while the dialog still waits: a join cancelled
    before the server answered leaves nothing behind, however late it succeeds. A refusal or an unreachable server
    is said in the dialog, the fields unlocked to correct them. Once joined, :attr:`joined` holds the game and the
    dialog is accepted; :meth:`login` is the login that joined.

    Args:
        parent: the window.
        join: joins a table with a login (:data:`TableJoin`).
    """

    def __init__(self, parent: QWidget | None = None, *, join: TableJoin, certificates: Path | None = None) -> None:
        super().__init__(parent)
        from scorekeeper.gui.background import BackgroundCalls

        self._join = join
        # Where a join code's pinned server certificate is kept (the app's data folder, beside the login file).
        self._certificates = certificates if certificates is not None else standard_data_folder()
        # The server's part runs in a worker; once the dialog is closed, an answer is dropped (gui/background.py).
        self._calls = BackgroundCalls(self, name="table")
        self._started = 0.0
        self.joined: JoinedGame | None = None
        self.setWindowTitle(self.tr("Join a tournament"))
        self.join_code_edit = QLineEdit()
        self.join_code_edit.setObjectName("join_code_text")
        self.join_code_edit.setPlaceholderText(self.tr("the join code the referee gives, e.g. 192.168.1.10:5432/…"))
        self.join_code_edit.setToolTip(
            self.tr(
                "Server, tournament, table, code and the server's certificate in one: the other fields are not needed"
            )
        )
        self.join_code_edit.textChanged.connect(self._on_join_code_edit_text_changed)
        self.server_edit = QLineEdit()
        self.server_edit.setObjectName("join_server")
        self.server_edit.setPlaceholderText(self.tr("e.g. 192.168.1.10:5432"))
        self.tournament_edit = QLineEdit()
        self.tournament_edit.setObjectName("join_tournament")
        self.tournament_edit.setPlaceholderText(self.tr("the tournament's name on the server"))
        self.session_spin = QSpinBox()
        self.session_spin.setObjectName("join_session")
        self.session_spin.setRange(1, 99)
        self.table_spin = QSpinBox()
        self.table_spin.setObjectName("join_table")
        self.table_spin.setRange(1, 999)
        self.code_edit = QLineEdit()
        self.code_edit.setObjectName("join_code")
        self.code_edit.setPlaceholderText(self.tr("the code the referee shows, e.g. K7QX-M2PD-9TRA"))
        self.code_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form = self._form = QFormLayout(self)
        form.addRow(self.tr("Join code"), self.join_code_edit)
        form.addRow(self.tr("Server"), self.server_edit)
        form.addRow(self.tr("Tournament"), self.tournament_edit)
        form.addRow(self.tr("Session"), self.session_spin)
        form.addRow(self.tr("Table number"), self.table_spin)
        form.addRow(self.tr("Code"), self.code_edit)
        self.status_label = QLabel()
        self.status_label.setObjectName("join_status")
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.hide()
        self.busy_bar = QProgressBar()
        self.busy_bar.setObjectName("join_busy")
        self.busy_bar.setRange(0, 0)  # no end known: the bar moves to show the attempt is alive
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        form.addRow(self.status_label)
        form.addRow(self.busy_bar)
        self.join_button = QPushButton(self.tr("Join"))
        self.join_button.setObjectName("join_button")
        self.join_button.setProperty("role", "primary")
        self.join_button.setDefault(True)
        self.join_button.clicked.connect(self._on_join_button_clicked)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("join_cancel")
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.join_button)
        form.addRow(buttons)
        self.resize(520, 300)

    @property
    def connecting(self) -> bool:
        """Whether a join attempt is under way."""
        return self._calls.running("join")

    def _join_code(self) -> JoinCode | None:
        """The join code typed, or None when the field is empty.

        Raises:
            TournamentError: the text is not a join code.
        """
        from scorekeeper.sync.join_code import parse_join_code

        text = self.join_code_edit.text().strip()
        return parse_join_code(text) if text else None

    def _on_join_code_edit_text_changed(self, text: str) -> None:
        given = bool(text.strip())
        for field in (self.server_edit, self.tournament_edit, self.table_spin, self.code_edit):
            field.setEnabled(not given)

    def login(self) -> TableLogin:
        """The login the fields describe: the table's own role on the server, with the code as its password (a join
        code names the role, which a second tournament of the database needs, and how the connection is secured).

        Raises:
            TournamentError: the join code typed is not one.
        """
        from scorekeeper.sync.table import TableLogin

        join = self._join_code()
        if join is not None:
            return TableLogin(
                url=join.url(self._certificates), session=self.session_spin.value(), table_no=join.table_no
            )
        database = self.tournament_edit.text().strip()
        table_no = self.table_spin.value()
        user = f"{database}_table{table_no}"
        code = self.code_edit.text().strip().upper()
        url = f"postgresql://{quote(user, safe='')}:{quote(code, safe='')}@{self._server()}/{quote(database, safe='')}"
        return TableLogin(url=url, session=self.session_spin.value(), table_no=table_no)

    def _server(self) -> str:
        try:
            join = self._join_code()
        except ScorekeeperError:
            join = None
        return join.server if join is not None else self.server_edit.text().strip() or "localhost:5432"

    def _on_join_button_clicked(self) -> None:
        if self.connecting:
            return
        try:
            join, login = self._join_code(), self.login()
        except ScorekeeperError as error:  # a join code that is not one: said here, nothing sent
            self.status_label.setProperty("role", "error")
            self._show_status(error_text(error))
            return
        self._started = time.monotonic()
        self._show_connecting(True)
        self.status_label.setProperty("role", "")
        self._show_status(self.tr("Connecting to {server}…").format(server=self._server()))
        work = functools.partial(_pin_then_join, self._join, login, join, self._certificates)
        self._calls.start("join", work, self._on_joining_done)

    def _on_joining_done(self, outcome: object) -> None:
        """The server's answer, while the dialog still waits: the local part runs here, or the refusal is said."""
        if not isinstance(outcome, ScorekeeperError):
            assert callable(outcome)
            try:
                self.joined = outcome()  # the local part, on this thread: the dialog still waits for it
            except ScorekeeperError as error:
                outcome = error
            else:
                self.accept()
                return
        self._show_connecting(False)
        self.status_label.setProperty("role", "error")
        plain = self._problem(outcome, time.monotonic() - self._started)
        self._show_status(f"{plain}\n{error_text(outcome)}")  # the core's reason, in the window's language

    def _problem(self, error: ScorekeeperError, waited: float) -> str:
        """The plain words for why the join failed, above the core's own reason.

        Told apart by the stage the connection reached (the error's code, ``sync.connection._connect_failure``), not by
        the driver's words, which libpq writes in the laptop's language and the server in its own; a connect that
        failed after the whole connect timeout is a server that did not answer, whatever the stage.
        """
        from scorekeeper.sync.connection import CONNECT_TIMEOUT

        if waited >= CONNECT_TIMEOUT - 0.5 or error.code is ErrorCode.SERVER_NO_ANSWER:
            return self.tr(
                "The server at {server} did not answer within {n} s. Check the address, and that this laptop is on "
                "the tournament's network."
            ).format(server=self._server(), n=CONNECT_TIMEOUT)
        if error.code is ErrorCode.SERVER_LOGIN_REFUSED:
            return self.tr(
                "The server refused this table's login: check the tournament's name, the table number and the code."
            )
        if error.code is ErrorCode.SERVER_CONNECTION_REFUSED:
            return self.tr(
                "Nothing answers at {server}: check the address and the port, and that the server is running."
            ).format(server=self._server())
        if error.code is ErrorCode.SERVER_UNKNOWN_HOST:
            host = urlsplit(f"//{self._server()}").hostname or self._server()
            return self.tr("No computer called {host} was found: check the server's address.").format(host=host)
        return self.tr("Could not join the tournament.")

    def _show_connecting(self, connecting: bool) -> None:
        given = bool(self.join_code_edit.text().strip())
        self.join_code_edit.setEnabled(not connecting)
        self.session_spin.setEnabled(not connecting)
        for field in (self.server_edit, self.tournament_edit, self.table_spin, self.code_edit):
            field.setEnabled(not connecting and not given)
        self.join_button.setEnabled(not connecting)
        self.busy_bar.setVisible(connecting)
        if connecting:
            self.cancel_button.setFocus()

    def _show_status(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.style().unpolish(self.status_label)  # the role changed: restyle
        self.status_label.style().polish(self.status_label)
        self.status_label.show()
        self._form.activate()
        # Grow to the wrapped text's height at this width (a dialog keeps its size when a label gets longer).
        self.resize(self.width(), max(self.height(), self._form.totalHeightForWidth(self.width())))

    @override
    def done(self, arg__1: int) -> None:
        """Close (Cancel, Escape, the window's close button or a join): an attempt under way is not heard of again."""
        self._calls.close()
        super().done(arg__1)


def _pin_then_join(
    join: TableJoin, login: TableLogin, code: JoinCode | None, certificates: Path
) -> Callable[[], JoinedGame]:
    """In the worker: a join code's pinned certificate fetched and checked (before any password is sent), then the
    server's part of the join."""
    if code is not None:
        from scorekeeper.sync.join_code import pin_certificate

        pin_certificate(code, certificates)
    return join(login)


class TableSyncController(QObject):
    """Pushes a joined table's outbox in the background and reports the status.

    Signals:
        status_changed: the status line's text changed (emitted on the GUI thread).
    """

    status_changed = Signal(str)
    #: The referee corrected a game on the server while this table wrote: the local game (id) is now the server's
    #: copy, and this many of the table's own changes were not taken (to be entered again if they still stand).
    game_replaced = Signal(int, int)

    def __init__(self, store_path: Path, login: TableLogin, parent: QObject | None = None) -> None:
        from scorekeeper.gui.background import BackgroundCalls
        from scorekeeper.sync.table import TableSync

        super().__init__(parent)
        self.login = login
        self._sync = TableSync(store_path, login.url)
        # One push at a time, in a worker; once closed, a push under way tells nobody (gui/background.py).
        self._calls = BackgroundCalls(self, name="table")
        self._again = False
        self._closed = False
        self.status: SyncStatus = self._sync.status()
        self._answered = False  # no push's answer yet: the status is the outbox's alone
        self._timer = QTimer(self)
        self._timer.setInterval(PUSH_INTERVAL_MS)
        self._timer.timeout.connect(self.push_soon)
        self._timer.start()

    @property
    def text(self) -> str:
        """What the status line says now."""
        return status_text(self.status, answered=self._answered)

    def push_soon(self) -> None:
        """Push in a worker thread now (or right after the push under way)."""
        if self._closed:
            return
        if not self._calls.start("push", functools.partial(_push, self._sync), self._on_pushed):
            self._again = True  # a push is under way: another follows it

    def _on_pushed(self, outcome: object) -> None:
        from scorekeeper.sync.table import SyncStatus

        status = outcome.status if isinstance(outcome, _Pushed) else outcome
        if isinstance(outcome, _Pushed):
            for game_id, refused in outcome.replaced.items():
                self.game_replaced.emit(game_id, len(refused))
        if isinstance(status, SyncStatus):
            self.status = status
            self._answered = True
        self.status_changed.emit(self.text if isinstance(status, SyncStatus) else str(status))
        if self._again:
            self._again = False
            self.push_soon()

    def close(self) -> None:
        """Stop pushing and close the outbox, at once: never waits for the network.

        A push under way (a connect attempt to a server that does not answer can take the connect timeout) goes on
        in its daemon thread without this object, stops at its next step and closes the sync itself; what it did
        not send stays in the outbox for the next start (:meth:`TableSync.close`).
        """
        self._closed = True
        self._calls.close()
        self._timer.stop()
        self._sync.close()


@dataclass(frozen=True, slots=True)
class _Pushed:
    """What one push found: the sync's status, and the games the referee's copy replaced (each with the table's
    changes that were not taken)."""

    status: SyncStatus
    replaced: dict[int, tuple[str, ...]]


def _push(sync: TableSync) -> _Pushed:
    """One push (and the server's copy after a conflict), in the worker thread: touches the sync only, never the
    controller (once the controller is closed, and perhaps deleted, a push under way goes on without it).

    Raises:
        ScorekeeperError: the local file failed (or the sync was closed): the status line says so, the table runs on.
    """
    status = sync.push()
    replaced: dict[int, tuple[str, ...]] = {}
    if status.problem:
        replaced = sync.resolve_conflicts()
        status = sync.status()
    return _Pushed(status, replaced)


def join_in_two_parts(store: GameStore, login: TableLogin) -> Callable[[], JoinedGame]:
    """Reach ``login``'s table on the server (safe in a worker thread: the window's game file is not touched) and
    give the local part, which makes or finds the linked game in ``store`` (run it on the thread that owns the store,
    and only if the join is still wanted: a join cancelled before the server answered leaves nothing behind).

    Raises:
        TournamentServerError: the server cannot be reached, refuses the login, or the table is not seated.
    """
    from scorekeeper.sync.table import join_reached, reach_table

    game = reach_table(login)
    return functools.partial(join_reached, store, login, game)


class TableLink:
    """Joining a tournament table and keeping it synced.

    Args:
        parent: the window (the join dialog's parent, and the sync controller's owner).
        controller: the game's controller (its store is pushed; a joined game is opened in it).
        ask_join: asks for the login and joins with the callable given (the window's ``Dialogs.join_tournament``).
        data_dir: where the login is kept for the next start.
        show_message: shows a refusal above the table; an empty text clears it.
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        ask_join: Callable[[QWidget, TableJoin], tuple[TableLogin, JoinedGame] | None],
        data_dir: Path,
        show_message: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._ask_join = ask_join
        self._data_dir = data_dir
        self._show_message = show_message
        self.sync: TableSyncController | None = None
        self.status = QLabel()

    def make_status_line(self) -> QLabel:
        """A new status line (the window makes its widgets again on a language change)."""
        self.status = QLabel()
        self.status.setObjectName("sync_status")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)  # a server's reason for holding a game back may be long: never widen the window
        self.status.setVisible(self.sync is not None)
        return self.status

    def join(self) -> None:
        """Join a tournament table: the game on the server, with its seating and ruleset, then push as we play.

        The dialog reaches the server in a worker thread (the window stays live while the server is slow or silent)
        and makes the local game on this thread only if it still waits (:func:`join_in_two_parts`).
        """
        from scorekeeper.sync.table import save_login

        answer = self._ask_join(self._parent, functools.partial(join_in_two_parts, self._controller.store))
        if answer is None:
            return
        login, joined = answer
        try:
            save_login(self._data_dir / LOGIN_FILE, login)
        except ScorekeeperError as error:
            text = QCoreApplication.translate("MainWindow", "Could not join the tournament: {reason}")
            self._show_message(text.format(reason=error_text(error)))
            return
        if self._controller.open_game(joined.game_id):
            self._show_message("")
        self.start(login)

    def start(self, login: TableLogin) -> None:
        """Push this store's tournament games to the server in the background and show the status line."""
        if self.sync is not None:
            self.sync.close()
            self.sync.deleteLater()
        try:
            self.sync = TableSyncController(self._controller.store.path, login, parent=self._parent)
        except ScorekeeperError as error:
            self._show_message(error_text(error))
            return
        self.sync.status_changed.connect(self.status.setText)
        self.sync.game_replaced.connect(self._on_sync_game_replaced)
        self._controller.state_changed.connect(self.sync.push_soon)
        self.status.setText(self.sync.text)
        self.status.show()
        self.sync.push_soon()

    def _on_sync_game_replaced(self, game_id: int, refused: int) -> None:
        if self._controller.game_id == game_id:
            self._controller.open_game(game_id)
        if not refused:
            # Nothing of the table's was lost: the referee wrote (time called for the last hand, a correction), or
            # another laptop of this table (a spare) did. Another game of this laptop's (an earlier session's) is
            # taken silently: the message would name this one.
            if self._controller.game_id != game_id:
                return
            self._show_message(
                QCoreApplication.translate(
                    "MainWindow",
                    "This game changed on the server (the referee or another laptop of this table wrote to it): it was"
                    " reloaded from there.",
                )
            )
            return
        text = QCoreApplication.translate(
            "MainWindow",
            "This game changed on the server (the referee corrected it, or another laptop joined to this table "
            "wrote to it), so it was reloaded from there. {n} of the last changes made here were not taken: enter "
            "them again if they still stand.",
        )
        self._show_message(text.format(n=refused))

    def close(self) -> None:
        """Stop pushing (what is not pushed yet waits in the outbox for the next start)."""
        if self.sync is not None:
            self.sync.close()

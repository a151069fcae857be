"""A tournament table's link to the server (issue 13): join a table, push the game in the background, show status.

The main window holds one :class:`TableLink`; its status line sits under the table and shows once the laptop has
joined a tournament table ("Synced", "3 events waiting", "Offline since 14:05").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.openers import Dialogs

if TYPE_CHECKING:
    from scorekeeper.gui.tournament_table import TableSyncController
    from scorekeeper.storage.store import GameStore
    from scorekeeper.sync.table import JoinedGame, TableLogin

__all__ = ["TableLink", "join_in_two_parts"]


def join_in_two_parts(store: GameStore, login: TableLogin) -> Callable[[], JoinedGame]:
    """Reach ``login``'s table on the server (safe in a worker thread: the window's game file is not touched) and
    give the local part, which makes or finds the linked game in ``store`` (run it on the thread that owns the store,
    and only if the join is still wanted: a join cancelled before the server answered leaves nothing behind).

    Raises:
        TournamentServerError: the server cannot be reached, refuses the login, or the table is not seated.
    """
    from scorekeeper.sync.table import join_reached, reach_table

    game = reach_table(login)
    return partial(join_reached, store, login, game)


class TableLink:
    """Joining a tournament table and keeping it synced.

    Args:
        parent: the window (the join dialog's parent, and the sync controller's owner).
        controller: the game's controller (its store is pushed; a joined game is opened in it).
        dialogs: how to ask for the login.
        data_dir: where the login is kept for the next start.
        show_message: shows a refusal above the table; an empty text clears it.
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        dialogs: Dialogs,
        data_dir: Path,
        show_message: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs = dialogs
        self._data_dir = data_dir
        self._show_message = show_message
        self.sync: TableSyncController | None = None
        self.status = QLabel()

    def make_status_line(self) -> QLabel:
        """A new status line (the window makes its widgets again on a language change)."""
        self.status = QLabel()
        self.status.setObjectName("sync_status")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setVisible(self.sync is not None)
        return self.status

    def join(self) -> None:
        """Join a tournament table: the game on the server, with its seating and ruleset, then push as we play.

        The dialog reaches the server in a worker thread (the window stays live while the server is slow or silent)
        and makes the local game on this thread only if it still waits (:func:`join_in_two_parts`).
        """
        from scorekeeper.gui.tournament_table import LOGIN_FILE
        from scorekeeper.sync.table import save_login

        answer = self._dialogs.join_tournament(self._parent, partial(join_in_two_parts, self._controller.store))
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
        from scorekeeper.gui.tournament_table import TableSyncController

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
            # Nothing of the table's was lost: the referee wrote (time called for the last hand, a correction).
            # Another game of this laptop's (an earlier session's) is taken silently: the message would name this one.
            if self._controller.game_id != game_id:
                return
            self._show_message(
                QCoreApplication.translate(
                    "MainWindow", "The referee changed this game on the server: it was reloaded from there."
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

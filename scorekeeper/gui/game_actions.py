"""The main window's game lifecycle: start, open and import a game, the players window, the referee's end and
penalty, and a write another window refused.

The window holds one :class:`GameActions`; it asks through the window's :class:`~scorekeeper.gui.openers.Dialogs`
(tests answer them) and has the :class:`~scorekeeper.gui.controller.GameController` act; the window redraws when
the controller says the state changed. Words keep the window's translation context (``MainWindow``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.import_report import import_report_text
from scorekeeper.session import ReasonCode, format_reason

if TYPE_CHECKING:
    from scorekeeper.gui.main_window import MainWindow
    from scorekeeper.gui.players.window import PlayersWindow
    from scorekeeper.storage.registry import Player

__all__ = ["GameActions"]

_CONTEXT = "MainWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class GameActions:
    """What the Game menu and the "no game" page do with whole games.

    Args:
        window: the main window (the dialogs' parent; its controller, settings and message line).
    """

    def __init__(self, window: MainWindow) -> None:
        self._window = window
        #: The Players window once opened (kept, and brought to the front again).
        self.players_window: PlayersWindow | None = None

    def new_game(self) -> None:
        """Ask for players and ruleset and start a new game (the running one stays stored)."""
        window = self._window
        state = window.controller.state
        if (
            state is not None
            and not state.ended
            and not window.dialogs.confirm(
                window, _t("This game is not finished. It stays saved, but start a new game instead?")
            )
        ):
            return
        answer = window.dialogs.new_game(window, window.settings)
        if answer is None:
            return
        choice, settings = answer
        window.save_settings(settings.with_players(choice.players))
        if window.controller.new_game(choice.players, choice.ruleset, guests=choice.guests):
            window.clear_message()

    def open_game(self) -> None:
        """Reopen a stored game (a finished one shows its results again)."""
        window = self._window
        try:
            games = window.controller.store.list_games()
        except ScorekeeperError as error:
            window.show_message(error_text(error))  # in the window's language (gui/error_words.py)
            return
        game_id = window.dialogs.open_game(window, games)
        if game_id is None or not window.controller.open_game(game_id):
            return
        self._opened()

    def import_game(self) -> None:
        """Store a game-record JSON file as a new game and open it (a finished one shows its results), and say how
        its names joined the players list, or that it was already stored (where there is anything to say)."""
        window = self._window
        path = window.dialogs.ask_open_path(window)
        choose_player = window.dialogs.choose_player

        def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
            return choose_player(window, name, candidates, substitute=substitute)

        if path is None:
            return
        report = window.controller.import_game(path, choose=choose)
        if report is None:
            return
        text = import_report_text(report)
        if text:
            window.dialogs.import_report(window, text)
        self._opened()

    def _opened(self) -> None:
        self._window.clear_message()
        state = self._window.controller.state
        if state is not None and state.final is not None:
            self._window.show_results()

    def show_players(self) -> None:
        """Open the Players window (registry, statistics, league table), or bring it to the front."""
        from scorekeeper.gui.players.window import PlayersWindow

        if self.players_window is None:
            self.players_window = PlayersWindow(self._window.controller.store, parent=self._window)
        else:
            self.players_window.reload()
        self.players_window.show()
        self.players_window.activateWindow()

    def enter_penalty(self) -> None:
        """A referee's penalty or correction for one player (after uma; undoable)."""
        window = self._window
        state = window.controller.state
        if state is None:
            return
        answer = window.dialogs.penalty(window, state.players)
        if answer is not None and window.controller.penalty(*answer):
            window.clear_message()

    def end_game_now(self) -> None:
        """The referee ends the game (time limit); undoable."""
        window = self._window
        if window.controller.state is None:
            return
        if window.dialogs.confirm(window, _t("End the game now and show the final results?")):
            window.controller.end_game(format_reason(ReasonCode.REFEREE))

    def on_write_refused(self, text: str) -> None:
        """Another window changed the game: show what changed and offer the refused action again."""
        window = self._window
        window.show_message(text)
        refused = window.controller.refused
        if refused is None:
            return
        if refused == "undo":
            question = _t("Take back the last event of the game as it is now?")
        elif refused == "redo":
            question = _t("Put back the next undone event of the game as it is now?")
        else:
            question = _t("Record your action again on the game as it is now?")
        if window.dialogs.confirm(window, f"{text}\n\n{question}") and window.controller.retry_refused():
            window.clear_message()

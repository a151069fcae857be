"""The main window's game lifecycle: start, open and import a game, the players window, the referee's end and
penalty, and a write another window refused.

The window holds one :class:`GameActions`, given what it uses (not the window): it asks through the window's
:class:`~scorekeeper.gui.openers.Dialogs` (tests answer them) and has the
:class:`~scorekeeper.gui.controller.GameController` act; the window redraws when the controller says the state
changed. Words keep the window's translation context (``MainWindow``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.openers import Dialogs
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session import ReasonCode, TimeLimitRule, format_reason, last_hand_call
from scorekeeper.session.events import DiceAtTimeCall

if TYPE_CHECKING:
    from scorekeeper.gui.players.window import PlayersWindow
    from scorekeeper.storage.registry import Player

__all__ = ["GameActions"]

_CONTEXT = "MainWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class GameActions:
    """What the Game menu and the "no game" page do with whole games.

    Args:
        parent: the window (the dialogs' and the Players window's parent).
        controller: the game's controller.
        dialogs: how to ask now (tests answer them, or give the window other dialogs).
        settings: the settings now (the window replaces its settings as they change).
        save_settings: stores changed settings.
        show_message: shows a refusal above the table; an empty text clears it.
        show_results: shows the results screen of an ended game.
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        dialogs: Callable[[], Dialogs],
        *,
        settings: Callable[[], AppSettings],
        save_settings: Callable[[AppSettings], None],
        show_message: Callable[[str], None],
        show_results: Callable[[], None],
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs = dialogs
        self._settings = settings
        self._save_settings = save_settings
        self._show_message = show_message
        self._show_results = show_results
        #: The Players window once opened (kept, and brought to the front again).
        self.players_window: PlayersWindow | None = None
        #: The time calls the table was asked about the dice of (game, hand in play at the call): asked once each.
        self._dice_asked: set[tuple[int | None, int]] = set()
        #: Whether a time call that asks about the dice is asked when it arrives (not in the referee's correction
        #: view of a table's game: the table answers; Game ▸ Time signal still asks there).
        self.asks_dice_on_arrival = True
        controller.state_changed.connect(self._on_controller_state_changed)

    def new_game(self) -> None:
        """Ask for players and ruleset and start a new game (the running one stays stored)."""
        state = self._controller.state
        if (
            state is not None
            and not state.ended
            and not self._dialogs().confirm(
                self._parent, _t("This game is not finished. It stays saved, but start a new game instead?")
            )
        ):
            return
        answer = self._dialogs().new_game(self._parent, self._settings())
        if answer is None:
            return
        choice, settings = answer
        self._save_settings(settings.with_players(choice.players))
        if self._controller.new_game(choice.players, choice.ruleset, guests=choice.guests):
            self._show_message("")

    def open_game(self) -> None:
        """Reopen a stored game (a finished one shows its results again)."""
        try:
            games = self._controller.store.list_games()
        except ScorekeeperError as error:
            self._show_message(error_text(error))  # in the window's language (gui/error_words.py)
            return
        game_id = self._dialogs().open_game(self._parent, games)
        if game_id is None or not self._controller.open_game(game_id):
            return
        self._opened()

    def import_game(self) -> None:
        """Store a game-record JSON file as a new game and open it (a finished one shows its results), and say how
        its names joined the players list, or that it was already stored (where there is anything to say)."""
        path = self._dialogs().ask_open_path(self._parent)
        choose_player = self._dialogs().choose_player

        def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
            return choose_player(self._parent, name, candidates, substitute=substitute)

        if path is None:
            return
        report = self._controller.import_game(path, choose=choose)
        if report is None:
            return
        from scorekeeper.gui.import_report import import_report_text  # with storage.imports: not at start

        text = import_report_text(report)
        if text:
            self._dialogs().import_report(self._parent, text)
        self._opened()

    def _opened(self) -> None:
        self._show_message("")
        state = self._controller.state
        if state is not None and state.final is not None:
            self._show_results()

    def show_players(self) -> None:
        """Open the Players window (registry, statistics, league table), or bring it to the front."""
        from scorekeeper.gui.players.window import PlayersWindow

        if self.players_window is None:
            self.players_window = PlayersWindow(self._controller.store, parent=self._parent)
        else:
            self.players_window.reload()
        self.players_window.show()
        self.players_window.activateWindow()

    def enter_penalty(self) -> None:
        """A referee's penalty or correction for one player (after uma; undoable)."""
        state = self._controller.state
        if state is None:
            return
        answer = self._dialogs().penalty(self._parent, state.players)
        if answer is not None and self._controller.penalty(*answer):
            self._show_message("")

    def end_game_now(self) -> None:
        """The referee ends the game (time limit); undoable."""
        if self._controller.state is None:
            return
        if self._dialogs().confirm(self._parent, _t("End the game now and show the final results?")):
            self._controller.end_game(format_reason(ReasonCode.REFEREE))

    def time_signal(self) -> None:
        """Game ▸ Time signal: time is called at this table (a timed session). What it leaves is the ruleset's rule
        (RCR 2016 5.9, EMA 2025 7.4, or the hand in play); under RCR 2016 the table then says whether the dice of the
        hand in play were thrown (:meth:`ask_dice`). With time already called and that question open (an undone
        answer), it asks the question again. Undoable."""
        state = self._controller.state
        if state is None or state.ended:
            return
        if state.asks_about_the_dice:
            self.ask_dice()
            return
        rule = state.rules.time_limit
        reason = format_reason(ReasonCode.TIME_LIMIT)
        if rule is TimeLimitRule.STOP_NOW:
            self._controller.end_game(reason)
            return
        if self._controller.apply(last_hand_call(rule, reason)):
            self._show_message("")
            self.ask_dice()  # at once: the question a referee's call through the server gets too

    def ask_dice(self) -> None:
        """Under RCR 2016 5.9 ("A hand begins when the dice are thrown"), ask once whether the dice of the hand in
        play had been thrown when time was called, and record the answer (``DiceAtTimeCall``, undoable): "no" leaves
        only this hand. Nothing when the game does not ask (EMA 2025 7.4, or already answered); a closed question
        records nothing (the call stands: this hand and one more), and Game ▸ Time signal asks it again."""
        state = self._controller.state
        if state is None or not state.asks_about_the_dice:
            return
        assert state.last_hand_index is not None  # asks_about_the_dice
        self._dice_asked.add((self._controller.game_id, state.last_hand_index))
        thrown = self._dialogs().dice(self._parent)
        if thrown is not None and self._controller.apply(DiceAtTimeCall(thrown=thrown)):
            self._show_message("")

    def _on_controller_state_changed(self) -> None:
        # A time call that asks about the dice, new to this window (the referee's, taken from the server): ask once,
        # after the redraw (not inside it). An undone answer is asked again from Game ▸ Time signal.
        state = self._controller.state
        if (
            not self.asks_dice_on_arrival
            or state is None
            or not state.asks_about_the_dice
            or state.last_hand_index is None
            or self._controller.read_only
        ):
            return
        if (self._controller.game_id, state.last_hand_index) not in self._dice_asked:
            self._dice_asked.add((self._controller.game_id, state.last_hand_index))
            QTimer.singleShot(0, self._parent, self._ask_dice_once)  # not once the window is gone

    def _ask_dice_once(self) -> None:
        state = self._controller.state
        if state is not None and state.asks_about_the_dice:
            self.ask_dice()

    def on_write_refused(self, text: str) -> None:
        """Another window changed the game: show what changed and offer the refused action again."""
        self._show_message(text)
        refused = self._controller.refused
        if refused is None:
            return
        if refused == "undo":
            question = _t("Take back the last event of the game as it is now?")
        elif refused == "redo":
            question = _t("Put back the next undone event of the game as it is now?")
        else:
            question = _t("Record your action again on the game as it is now?")
        if self._dialogs().confirm(self._parent, f"{text}\n\n{question}") and self._controller.retry_refused():
            self._show_message("")

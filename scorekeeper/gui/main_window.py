"""The main window: menus, refresh and slots over the table view, the action bar and the history.

The window asks the :class:`GameController` to act and redraws from its state when told (``state_changed``). Every
dialog is reached through :class:`Dialogs` (``gui/openers.py``), which tests replace, so no test runs ``exec()``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QSplitter, QVBoxLayout, QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.export_actions import ExportActions
from scorekeeper.gui.hand_questions import HandQuestions
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.labels import is_riichi, round_name, seat_winds, short_label
from scorekeeper.gui.openers import Dialogs
from scorekeeper.gui.settings import AppSettings, save_settings
from scorekeeper.gui.table.action_bar import ActionBarWidget
from scorekeeper.gui.table.history import HistoryWidget
from scorekeeper.gui.table.table_view import TableViewWidget
from scorekeeper.gui.table_link import TableLink
from scorekeeper.gui.tiles import set_corner_indices
from scorekeeper.gui.tournament_actions import TournamentActions
from scorekeeper.gui.window_geometry import remembered_geometry, toggle_full_screen
from scorekeeper.session import HandResult, ReasonCode, Seat, format_reason, seat_gaps
from scorekeeper.session.corrections import is_same_hand
from scorekeeper.session.sheet import game_sheet

if TYPE_CHECKING:
    # The dialogs are imported when first opened: it keeps them out of the cold start (benchmarks/bench_gui.py).
    from scorekeeper.engine.rules import HandRules
    from scorekeeper.gui.dialogs.results import ResultsDialog
    from scorekeeper.gui.dialogs.win_dialog import WinContext
    from scorekeeper.gui.help.menu import HelpMenu
    from scorekeeper.gui.players.window import PlayersWindow

__all__ = ["Dialogs", "MainWindow"]


class MainWindow(QMainWindow):
    """The table-side app's window.

    Args:
        controller: the game's controller (it owns the session and the store).
        settings: the app's settings (recent players, saved rulesets).
        data_dir: where the settings file lives.
        dialogs: how to ask the user things (tests inject their own).
    """

    def __init__(
        self,
        controller: GameController,
        *,
        settings: AppSettings,
        data_dir: Path,
        dialogs: Dialogs | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.settings = settings
        self.data_dir = data_dir
        self.dialogs = dialogs or Dialogs()
        self.exports = ExportActions(self, controller, self.dialogs, self.show_message)
        self.tournaments = TournamentActions(self, self.dialogs, self.show_message)
        self.link = TableLink(self, controller, self.dialogs, data_dir, self.show_message)
        self.questions = HandQuestions(
            self, controller, self.dialogs, settings=lambda: self.settings, save_settings=self._save_settings
        )
        self.results_dialog: ResultsDialog | None = None
        self.players_window: PlayersWindow | None = None
        self._build()
        controller.state_changed.connect(self.refresh)
        controller.error_occurred.connect(self.show_message)
        controller.write_refused.connect(self._on_controller_write_refused)
        controller.game_ended.connect(self.show_results)
        self.resize(1440, 900)
        self.refresh()

    def _build(self) -> None:
        """Make the widgets, the action bar and the menus, in the language installed now."""
        self.setWindowTitle(self.tr("Scorekeeper"))
        self.table = TableViewWidget()
        self.table.riichi_requested.connect(self._on_table_riichi_requested)
        self.table.win_requested.connect(self._on_table_win_requested)
        self.table.ron_chosen.connect(functools.partial(self._enter_win, False))  # (winner, discarder)
        self.table.tsumo_chosen.connect(functools.partial(self._enter_win, True))  # (winner)
        self.table.empty_state.new_game_requested.connect(self.new_game)
        self.table.empty_state.open_requested.connect(self.open_game)
        self.table.empty_state.import_requested.connect(self.import_game)
        self.table.centre.results_requested.connect(self.show_results)
        self.history = HistoryWidget()
        self.history.edit_requested.connect(self.edit_hand)
        self.history.delete_requested.connect(self.delete_hand)
        self.history.insert_requested.connect(self.insert_hand)

        self.message_label = QLabel()
        self.message_label.setObjectName("message")
        self.message_label.setProperty("role", "error")
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)  # messages quote player names
        self.message_label.hide()
        # Shown when another copy of the program has this database (issue 10): this window only reads.
        self.read_only_banner = QLabel(
            self.tr("Read-only: another scorekeeper window has these games open. Nothing can be changed here.")
        )
        self.read_only_banner.setObjectName("readOnlyBanner")
        self.read_only_banner.setProperty("role", "error")
        self.read_only_banner.setWordWrap(True)
        self.read_only_banner.setTextFormat(Qt.TextFormat.PlainText)
        self.read_only_banner.setVisible(self.controller.read_only)

        self.action_bar = ActionBarWidget()
        self.buttons = self.action_bar.buttons
        for key, slot in (
            ("ron", self.enter_ron),
            ("tsumo", self.enter_tsumo),
            ("draw", lambda: self.enter_draw("draw")),
            ("abort", lambda: self.enter_draw("abort")),
            ("chombo", lambda: self.enter_draw("chombo")),
            ("undo", self.undo),
            ("redo", self.redo),
        ):
            self.buttons[key].clicked.connect(slot)

        self.history_box = history_box = QWidget()
        history_layout = QVBoxLayout(history_box)
        history_title = QLabel(self.tr("History"))
        history_title.setProperty("role", "title")
        history_layout.addWidget(history_title)
        history_layout.addWidget(self.history, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(history_box)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([880, 540])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.read_only_banner)
        layout.addWidget(self.message_label)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.action_bar)
        layout.addWidget(self.link.make_status_line())  # a tournament table's sync status (issue 13)
        self.setCentralWidget(central)
        self._build_menus()
        self.help_menu = self._install_help()

    # -- menus and shortcuts -------------------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        menu = self.menuBar()
        game = menu.addMenu(self.tr("&Game"))
        self.new_game_action = self._action(self.tr("&New game…"), self.new_game, QKeySequence.StandardKey.New)
        game.addAction(self.new_game_action)
        game.addAction(self._action(self.tr("&Open a game…"), self.open_game, QKeySequence.StandardKey.Open))
        self.import_action = self._action(self.tr("&Import a game record…"), self.import_game, "Ctrl+I")
        game.addAction(self.import_action)
        game.addAction(self._action(self.tr("&Join a tournament table…"), self.link.join))
        self.players_action = self._action(self.tr("&Players and statistics…"), self.show_players, "Ctrl+Shift+P")
        game.addAction(self.players_action)
        self.results_action = self._action(self.tr("&Results"), self.show_results, "Ctrl+R")
        game.addAction(self.results_action)
        self.end_game_action = self._action(self.tr("&End the game now…"), self.end_game_now)
        game.addAction(self.end_game_action)
        self.penalty_action = self._action(self.tr("Referee &penalty…"), self.enter_penalty)
        game.addAction(self.penalty_action)
        game.addSeparator()
        game.addAction(self._action(self.tr("Export &CSV…"), lambda: self.export(".csv")))
        game.addAction(self._action(self.tr("Export game &record…"), lambda: self.export(".json")))
        game.addAction(self._action(self.tr("Save as &PDF…"), lambda: self.export(".pdf")))
        edit = menu.addMenu(self.tr("&Edit"))
        self.undo_action = self._action(self.tr("&Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(self.tr("&Redo"), self.redo, "Ctrl+Shift+Z")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        view = menu.addMenu(self.tr("&View"))
        themes = view.addMenu(self.tr("&Theme"))
        for value, text in (
            ("system", self.tr("Follow the system")),
            ("light", self.tr("Light")),
            ("dark", self.tr("Dark")),
        ):
            themes.addAction(self._action(text, functools.partial(self.set_theme, value)))
        languages = view.addMenu(self.tr("&Language"))
        for value, text in (("en", "English"), ("ja", "日本語")):
            languages.addAction(self._action(text, functools.partial(self.set_language, value)))
        view.addAction(self._action(self.tr("&Rotate table"), self.table.rotate, "Ctrl+T"))
        view.addAction(self._action(self.tr("F&ull screen"), lambda: toggle_full_screen(self), "F11"))
        self.face_action = self._action(self.tr("&Face the players"), self.toggle_face_players, "Ctrl+F")
        self.face_action.setCheckable(True)
        self.face_action.setChecked(self.settings.face_players)
        self.table.set_face_players(self.settings.face_players)
        view.addAction(self.face_action)
        self.tile_labels_action = self._action(self.tr("Tile &labels for beginners (1m, E …)"), self.toggle_tile_labels)
        self.tile_labels_action.setCheckable(True)
        self.tile_labels_action.setChecked(self.settings.tile_labels)
        set_corner_indices(self.settings.tile_labels)
        view.addAction(self.tile_labels_action)
        for number in range(4):
            view.addAction(
                self._action(
                    self.tr("Riichi, seat {n}").format(n=number + 1),
                    functools.partial(self._on_table_riichi_requested, number),
                    f"Ctrl+{number + 1}",
                )
            )
        hand = menu.addMenu(self.tr("&Hand"))
        hand.addAction(self._action(self.tr("&Ron…"), self.enter_ron, "Ctrl+Alt+R"))
        hand.addAction(self._action(self.tr("&Tsumo…"), self.enter_tsumo, "Ctrl+Alt+T"))
        hand.addAction(self._action(self.tr("&Draw…"), lambda: self.enter_draw("draw"), "Ctrl+Alt+D"))
        hand.addAction(self._action(self.tr("&Abortive draw…"), lambda: self.enter_draw("abort"), "Ctrl+Alt+A"))
        hand.addAction(self._action(self.tr("&Chombo…"), lambda: self.enter_draw("chombo"), "Ctrl+Alt+C"))
        tournament = menu.addMenu(self.tr("T&ournament"))
        tournament.addAction(self._action(self.tr("&Referee's window…"), self.tournaments.open_file))
        tournament.addAction(self._action(self.tr("Referee's window on a &server…"), self.tournaments.open_server))
        tournament.addAction(self._action(self.tr("&New tournament…"), self.tournaments.new))

    def _install_help(self) -> HelpMenu:
        """The Help menu (guide, yaku, score tables, about) from ``scorekeeper.gui.help`` (docs/help.md)."""
        from scorekeeper.gui.help.menu import install_help_menu

        return install_help_menu(
            self,
            settings_get=lambda: self.settings.skip_guide,
            settings_set=lambda skip: self._save_settings(replace(self.settings, skip_guide=skip)),
            hand_rules=self._hand_rules,
        )

    def _hand_rules(self) -> HandRules | None:
        return None if self.controller.state is None else self.controller.state.rules.hand

    def show_first_run_guide(self) -> None:
        """Show the newcomer's guide unless the user turned it off (the app calls this once at start)."""
        self.help_menu.show_first_run_guide()

    def refresh(self) -> None:
        """Redraw everything from the controller's state."""
        state = self.controller.state
        self.action_bar.show_state(state, can_undo=self.controller.can_undo, can_redo=self.controller.can_redo)
        self.results_action.setEnabled(state is not None and state.final is not None)
        self.end_game_action.setEnabled(state is not None and not state.ended)
        self.penalty_action.setEnabled(state is not None)
        self.history.set_state(state)
        if self.results_dialog is not None and (state is None or state.final is None):
            self.results_dialog.close()  # an undo took the end of the game back
            self.results_dialog = None
        # No game: the "no game" page instead of made-up panels, and no empty history beside it.
        self.table.set_empty(state is None)
        self.history_box.setVisible(state is not None)
        if state is None or state.ended:
            self.table.stop_asking()  # no hand to win: "who dealt in?" has no answer
        if state is None:
            self.setWindowTitle(self.tr("Scorekeeper"))
            return
        riichi_game = is_riichi(state.rules)
        winds = seat_winds(int(state.dealer))
        # Penalties taken after uma (an EMA chombo's 20,000...), as the session's standings have them: on the
        # table at once, not only on the result sheet (issue 12).
        pending = {row.seat: row.penalties for row in game_sheet(state).final if row.penalties}
        for panel in self.table.seat_panels:
            seat = panel.seat
            riichi = Seat(seat) in state.in_riichi
            panel.show_seat(
                name=state.players[seat],
                wind=winds[seat],
                dealer=seat == int(state.dealer),
                points=state.scores[seat],
                riichi=riichi,
                riichi_refusal=state.riichi_refusal(Seat(seat)),  # the session says whether, and why not
                gaps=seat_gaps(state, seat),
                names=state.players,
                riichi_game=riichi_game,
                penalty=pending.get(Seat(seat), 0),
                can_win=not state.ended,
            )
        ended = state.ended and bool(state.hands)
        status = self.tr("Ended after {round}.").format(round=round_name(state.hands[-1].label)) if ended else ""
        if state.last_hand_called:
            # The referee called time (the session's LastHandCalled): this hand ends the game.
            status = self.tr("Time: last hand.")
        self.table.centre.show_round(
            label=state.label,
            honba=state.honba,
            riichi_sticks=state.riichi_sticks,
            status=status,
            counters=riichi_game,
            ended=state.ended,
            alert=state.last_hand_called,
        )
        self.setWindowTitle(self.tr("Scorekeeper — {round}").format(round=round_name(state.label)))

    def show_message(self, text: str) -> None:
        """Show a refusal or problem as a plain sentence above the table (cleared by the next success)."""
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    def _clear_message(self) -> None:
        self.show_message("")

    def _on_controller_write_refused(self, text: str) -> None:
        """Another window changed the game: show what changed and offer the refused action again."""
        self.show_message(text)
        refused = self.controller.refused
        if refused is None:
            return
        if refused == "undo":
            question = self.tr("Take back the last event of the game as it is now?")
        elif refused == "redo":
            question = self.tr("Put back the next undone event of the game as it is now?")
        else:
            question = self.tr("Record your action again on the game as it is now?")
        if self.dialogs.confirm(self, f"{text}\n\n{question}") and self.controller.retry_refused():
            self._clear_message()

    def new_game(self) -> None:
        """Ask for players and ruleset and start a new game (the running one stays stored)."""
        state = self.controller.state
        if (
            state is not None
            and not state.ended
            and not self.dialogs.confirm(
                self, self.tr("This game is not finished. It stays saved, but start a new game instead?")
            )
        ):
            return
        answer = self.dialogs.new_game(self, self.settings)
        if answer is None:
            return
        choice, settings = answer
        self._save_settings(settings.with_players(choice.players))
        if self.controller.new_game(choice.players, choice.ruleset, guests=choice.guests):
            self._clear_message()

    def open_game(self) -> None:
        """Reopen a stored game (a finished one shows its results again)."""
        try:
            games = self.controller.store.list_games()
        except ScorekeeperError as error:
            self.show_message(str(error))
            return
        game_id = self.dialogs.open_game(self, games)
        if game_id is None or not self.controller.open_game(game_id):
            return
        self._clear_message()
        if self.controller.state is not None and self.controller.state.final is not None:
            self.show_results()

    def import_game(self) -> None:
        """Store a game-record JSON file as a new game and open it (a finished one shows its results)."""
        path = self.dialogs.ask_open_path(self)
        choose = functools.partial(self.dialogs.choose_player, self)
        if path is None or not self.controller.import_game(path, choose=choose):
            return
        self._clear_message()
        if self.controller.state is not None and self.controller.state.final is not None:
            self.show_results()

    def known_players(self) -> tuple[str, ...]:
        """The registry's names, the most played first (New game offers them as you type)."""
        return self.controller.known_players()

    def show_players(self) -> None:
        """Open the Players window (registry, statistics, league table), or bring it to the front."""
        from scorekeeper.gui.players.window import PlayersWindow

        if self.players_window is None:
            self.players_window = PlayersWindow(self.controller.store, parent=self)
        else:
            self.players_window.reload()
        self.players_window.show()
        self.players_window.activateWindow()

    def _on_table_riichi_requested(self, seat: int) -> None:
        if self.controller.declare_riichi(seat):
            self._clear_message()

    def win_context(self, index: int | None = None, riichi: tuple[int, ...] | None = None) -> WinContext:
        """The table as the win dialog needs it: now, or as hand ``index`` found it with ``riichi`` declared."""
        return self.questions.win_context(index, riichi)

    def preview_text(self, result: HandResult) -> str:
        """The payment preview of ``result`` now, as lines of text (raises ScorekeeperError when refused)."""
        return self.questions.preview_text(result)

    def _on_table_win_requested(self, seat: int) -> None:
        """A panel's Win: the table asks who dealt in (a panel tap) or Tsumo; nothing is recorded yet."""
        state = self.controller.state
        if state is None or state.ended:
            return
        self.table.ask_who_dealt_in(seat, state.players[seat])

    def _enter_win(self, tsumo: bool, winner: int | None = None, discarder: int | None = None) -> None:
        """The win dialog, opened with the winner and the discarder chosen on the table, if they were."""
        self.table.stop_asking()
        if self.controller.state is None or self.controller.state.ended:
            return
        context = replace(self.win_context(), winner=winner, discarder=discarder)
        result = self.questions.ask_win(context, tsumo, self.preview_text)
        if result is not None and self.controller.record_result(result):
            self._clear_message()

    def enter_ron(self) -> None:
        """Open the win dialog on ron."""
        self._enter_win(False)

    def enter_tsumo(self) -> None:
        """Open the win dialog on tsumo."""
        self._enter_win(True)

    def enter_draw(self, kind: str) -> None:
        """Open the draw dialog on its ``draw``, ``abort`` or ``chombo`` page."""
        from scorekeeper.gui.dialogs.draw_dialog import DrawKind

        state = self.controller.state
        if state is None or state.ended:
            return
        riichi = tuple(int(s) for s in state.riichi_this_hand)
        result = self.dialogs.draw(self, state, riichi, DrawKind(kind), self.preview_text)
        if result is not None and self.controller.record_result(result):
            self._clear_message()

    def undo(self) -> None:
        """Take back the last event."""
        if self.controller.undo():
            self._clear_message()

    def redo(self) -> None:
        """Put back the last undone event."""
        if self.controller.redo():
            self._clear_message()

    def edit_hand(self, index: int) -> None:
        """Open a past hand for correction; the correction is recorded (and undoable) like any event."""
        self._correct(index, edit=True)

    def insert_hand(self, index: int) -> None:
        """Enter a forgotten hand played just before hand ``index``; recorded (and undoable) like any event."""
        self._correct(index, edit=False)

    def _correct(self, index: int, *, edit: bool) -> None:
        state = self.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        old = state.hands[index].record if edit else None
        record = self.questions.ask_hand(index, old)
        if record is None or (edit and is_same_hand(state, index, record)):
            return  # saved unchanged: no correction (by value, not by the text the hand was recorded in)
        if self.controller.edit_hand(index, record) if edit else self.controller.insert_hand(index, record):
            self._clear_message()

    def delete_hand(self, index: int) -> None:
        """Delete a past hand after confirmation (undoable)."""
        state = self.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        entry = state.hands[index]
        question = self.tr("Delete hand {label}? Every later hand is recomputed; Undo brings it back.").format(
            label=short_label(entry.label, entry.honba)
        )
        if self.dialogs.confirm(self, question) and self.controller.delete_hand(index):
            self._clear_message()

    def set_theme(self, value: str) -> None:
        """Choose light, dark or the system's theme (applied now and remembered)."""
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        theme.apply_theme(app, None if value == "system" else theme.Theme(value))
        self._save_settings(replace(self.settings, theme=value))
        self.refresh()

    def toggle_face_players(self) -> None:
        """Turn the across seat's points toward that player, or back toward the laptop (remembered)."""
        face = not self.settings.face_players
        self.face_action.setChecked(face)
        self.table.set_face_players(face)
        self._save_settings(replace(self.settings, face_players=face))

    def toggle_tile_labels(self) -> None:
        """Show or hide the small corner index on every tile, everywhere in the app (remembered)."""
        visible = not self.settings.tile_labels
        self.tile_labels_action.setChecked(visible)
        set_corner_indices(visible)
        self._save_settings(replace(self.settings, tile_labels=visible))
        for widget in QApplication.allWidgets():
            widget.update()

    def set_language(self, value: str) -> None:
        """Choose the interface language: applied at once (the window is rebuilt in it) and remembered."""
        self._save_settings(replace(self.settings, language=value))
        install_language(Language(value))
        self.retranslate()

    def retranslate(self) -> None:
        """Build the window again in the language installed now; the game, the view's turn and any message stay.

        Widgets keep the text they were given: the window makes its widgets and menus again with the code that made
        them first, so nothing is missed. The controller and its game are not touched; an open results screen too.
        """
        bottom_seat = self.table.bottom_seat
        message = self.message_label.text() if self.message_label.isVisible() else ""
        # Only a results screen still open is made again: one the user closed stays closed (issue 12).
        results_open = self.results_dialog is not None and self.results_dialog.isVisible()
        if self.results_dialog is not None:
            self.results_dialog.close()
            self.results_dialog = None
        for action in self.actions():
            self.removeAction(action)
            action.deleteLater()
        self.menuBar().clear()
        self.help_menu.deleteLater()
        old = self.takeCentralWidget()
        if old is not None:
            old.deleteLater()
        self._build()
        central = self.centralWidget()
        if central is not None and self.isVisible():
            central.show()  # a widget put into a shown window appears only after the next event loop pass otherwise
        self.table.set_bottom_seat(bottom_seat)
        self.refresh()
        self.show_message(message)
        if results_open:
            self.show_results()

    def _save_settings(self, settings: AppSettings) -> None:
        self.settings = settings
        try:
            save_settings(self.data_dir, settings)
        except OSError as error:
            self.show_message(self.tr("The settings could not be saved: {error}").format(error=error))

    def enter_penalty(self) -> None:
        """A referee's penalty or correction for one player (after uma; undoable)."""
        state = self.controller.state
        if state is None:
            return
        answer = self.dialogs.penalty(self, state.players)
        if answer is not None and self.controller.penalty(*answer):
            self._clear_message()

    def end_game_now(self) -> None:
        """The referee ends the game (time limit); undoable."""
        if self.controller.state is None:
            return
        if self.dialogs.confirm(self, self.tr("End the game now and show the final results?")):
            self.controller.end_game(format_reason(ReasonCode.REFEREE))

    def build_results_dialog(self) -> ResultsDialog | None:
        """The results screen of the ended game, or None while it is running."""
        return self.exports.results_dialog()

    def show_results(self) -> None:
        """Show the results screen (after the game ended)."""
        dialog = self.build_results_dialog()
        if dialog is None:
            return
        self.results_dialog = dialog
        self.dialogs.results(self, dialog)

    def export(self, suffix: str) -> None:
        """Export the game (PDF, CSV or game-record JSON) to a file the user picks."""
        self.exports.export(suffix)

    @override
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        # Nothing to save: every confirmed event is already committed. Close the database cleanly.
        self.link.close()  # what is not pushed yet waits in the outbox for the next start
        self.controller.store.close()
        # Where the window was, on this screen, for the next start (issue 12; gui/window_geometry.py).
        place = remembered_geometry(self) if self.isVisible() else None
        if place is not None:
            self._save_settings(self.settings.with_window_geometry(*place))
        event.accept()

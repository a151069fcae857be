"""The main window: its widgets, refresh, messages, language and theme, over the table view, the action bar and
the history.

The window asks the :class:`GameController` to act and redraws from its state when told (``state_changed``). Every
dialog is reached through :class:`Dialogs` (``gui/openers.py``), which tests replace, so no test runs ``exec()``.
Its parts: the menus (``window_menus.py``), whole games (``game_actions.py``), hands and corrections
(``hand_actions.py``), the questions about hands (``hand_questions.py``), files (``export_actions.py``), the
Tournament menu (``tournament_actions.py``) and a tournament table's link (``table_sync.py``).
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from scorekeeper.gui._compat import override
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.settings import save_settings as write_settings

if TYPE_CHECKING:
    # The window's parts are imported when it is built (:meth:`MainWindow.complete`), the dialogs when first
    # opened: until then the window is a frame that a kept picture of the table can fill (issue 24, the cold start;
    # gui/table_picture.py). Nothing here imports PySide6's ``Qt`` namespace (~17 ms of CPU) either.
    from PySide6.QtGui import QAction, QCloseEvent

    from scorekeeper.engine.rules import HandRules
    from scorekeeper.gui.controller import GameController
    from scorekeeper.gui.dialogs.results import ResultsDialog
    from scorekeeper.gui.dialogs.win_dialog import WinContext
    from scorekeeper.gui.help.menu import HelpMenu
    from scorekeeper.gui.openers import Dialogs
    from scorekeeper.gui.players.window import PlayersWindow
    from scorekeeper.gui.table.table_view import TableViewWidget
    from scorekeeper.gui.table_picture import Picture, PictureView
    from scorekeeper.gui.table_sync import TableJoin
    from scorekeeper.gui.tournament_actions import OpenRefereeWindow
    from scorekeeper.session import GameState, Gap, HandResult
    from scorekeeper.sync.table import JoinedGame, TableLogin

__all__ = ["Dialogs", "MainWindow"]


def __getattr__(name: str) -> object:
    # ``Dialogs`` is the openers' (tests import it from here); read when asked, not at the window's first paint.
    if name == "Dialogs":
        from scorekeeper.gui.openers import Dialogs

        return Dialogs
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _seat_gaps(state: GameState, seat: int) -> tuple[Gap, ...]:
    """``scorekeeper.session.seat_gaps``, imported when a seat's gaps are first shown (not the cold start's)."""
    from scorekeeper.session.gaps import seat_gaps

    return seat_gaps(state, seat)


class MainWindow(QMainWindow):
    """The table-side app's window.

    Args:
        controller: the game's controller (it owns the session and the store).
        settings: the app's settings (recent players, saved rulesets).
        data_dir: where the settings file lives.
        dialogs: how to ask the user things (tests inject their own).
        open_referee: opens the referee's window (the app's: the two windows do not import each other).
        menus_later: show the menus' titles alone until :meth:`build_menus` is called (the app calls it once the
            window is painted: issue 24, the cold start); their entries and shortcuts work from then on.
    """

    # The actions a refresh enables or checks (made by window_menus.build_menus).
    new_game_action: QAction
    import_action: QAction
    players_action: QAction
    results_action: QAction
    end_game_action: QAction
    penalty_action: QAction
    undo_action: QAction
    redo_action: QAction
    face_action: QAction
    tile_labels_action: QAction

    def __init__(
        self,
        controller: GameController | None,
        *,
        settings: AppSettings,
        data_dir: Path,
        dialogs: Dialogs | None = None,
        open_referee: OpenRefereeWindow | None = None,
        menus_later: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.menus_built = False
        self._menus_later = menus_later
        self.completed = False
        self.settings = settings
        self.data_dir = data_dir
        self.results_dialog: ResultsDialog | None = None
        #: Where the app keeps the picture of the table at close (gui/table_picture.py): its own window alone.
        self.picture_files: tuple[Path, Path, Path] | None = None
        self.picture_view: PictureView | None = None  # the kept picture shown until complete()
        self.resize(1440, 900)
        if controller is not None:
            assert open_referee is not None, "a window with a game opens the referee's window through the app"
            self.complete(controller, dialogs=dialogs, open_referee=open_referee)

    def show_picture(self, picture: Picture) -> bool:
        """Until :meth:`complete`, show the kept ``picture`` of the table in the frame, under the menus' titles and
        the window's title as they were; False (and nothing shown) when its pixels do not decode."""
        from scorekeeper.gui.table_picture import PictureView
        from scorekeeper.gui.window_menus import build_menu_titles

        view = PictureView.of(picture)
        if view is None:
            return False
        self.picture_view = view
        self.setWindowTitle(picture.title)
        build_menu_titles(self)
        self.setCentralWidget(view)
        return True

    def complete(self, controller: GameController, *, dialogs: Dialogs | None, open_referee: OpenRefereeWindow) -> None:
        """Build the window's parts for ``controller``'s game, in place of a picture shown until now, if any."""
        from scorekeeper.gui.export_actions import ExportActions
        from scorekeeper.gui.game_actions import GameActions
        from scorekeeper.gui.hand_actions import HandActions
        from scorekeeper.gui.hand_questions import HandQuestions
        from scorekeeper.gui.openers import Dialogs
        from scorekeeper.gui.table_sync import TableLink
        from scorekeeper.gui.tournament_actions import TournamentActions

        self.controller = controller
        self.dialogs = dialogs or Dialogs()
        dialogs_now = self._dialogs_now
        self.exports = ExportActions(self, controller, dialogs_now, self.show_message)
        self.tournaments = TournamentActions(self, self.dialogs, self.show_message, open_referee)
        self.link = TableLink(self, controller, self._ask_join, self.data_dir, self.show_message)
        self.questions = HandQuestions(
            self, controller, dialogs_now, settings=self._settings_now, save_settings=self.save_settings
        )
        self.games = GameActions(
            self,
            controller,
            dialogs_now,
            settings=self._settings_now,
            save_settings=self.save_settings,
            show_message=self.show_message,
            show_results=self.show_results,
        )
        self.hands = HandActions(
            self,
            controller,
            dialogs_now,
            self.questions,
            table=self._table_now,
            show_message=self.show_message,
            show_notice=self.show_notice,
        )
        self._build()
        if self.picture_view is not None:
            self.picture_view.release()  # gone with the central widget it was; its file unmapped
        self.picture_view = None
        self.completed = True
        controller.state_changed.connect(self.refresh)
        controller.error_occurred.connect(self.show_message)
        controller.write_refused.connect(self.games.on_write_refused)
        controller.game_ended.connect(self.show_results)
        self.refresh()

    # The window's parts ask for these when they act: a test may give the window other dialogs, the settings change,
    # and a language change makes the table view again.
    def _dialogs_now(self) -> Dialogs:
        return self.dialogs

    def _settings_now(self) -> AppSettings:
        return self.settings

    def _table_now(self) -> TableViewWidget:
        return self.table

    def _ask_join(self, parent: QWidget, join: TableJoin) -> tuple[TableLogin, JoinedGame] | None:
        return self.dialogs.join_tournament(parent, join)

    def _build(self) -> None:
        """Make the widgets, the action bar and the menus, in the language installed now."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout

        from scorekeeper.gui.table.action_bar import ActionBarWidget
        from scorekeeper.gui.table.history import HistoryWidget
        from scorekeeper.gui.table.table_view import TableViewWidget
        from scorekeeper.gui.tile_labels import set_corner_indices
        from scorekeeper.gui.window_menus import build_menu_titles

        self.setWindowTitle(self.tr("Scorekeeper"))
        self.table = TableViewWidget()
        self.table.riichi_requested.connect(self.hands.declare_riichi)
        self.table.win_requested.connect(self.hands.on_win_requested)
        self.table.ron_chosen.connect(functools.partial(self.hands.enter_win, False))  # (winner, discarder)
        self.table.tsumo_chosen.connect(functools.partial(self.hands.enter_win, True))  # (winner)
        self.table.empty_state.new_game_requested.connect(self.new_game)
        self.table.empty_state.open_requested.connect(self.open_game)
        self.table.empty_state.import_requested.connect(self.import_game)
        self.table.centre.results_requested.connect(self.show_results)
        self.history = HistoryWidget()
        self.history.edit_requested.connect(self.hands.edit_hand)
        self.history.delete_requested.connect(self.hands.delete_hand)
        self.history.insert_requested.connect(self.hands.insert_hand)

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
        hands = self.hands
        for key, slot in (
            ("ron", hands.enter_ron),
            ("tsumo", hands.enter_tsumo),
            ("draw", lambda: hands.enter_draw("draw")),
            ("abort", lambda: hands.enter_draw("abort")),
            ("chombo", lambda: hands.enter_draw("chombo")),
            ("undo", hands.undo),
            ("redo", hands.redo),
        ):
            self.buttons[key].clicked.connect(slot)

        # Put together from the window down: a widget moved into another is restyled with all its children, so
        # each part moves once, not once more with each container (issue 24: ~10 ms of CPU at start). The order
        # in which the parts come in is the Tab order.
        central = QWidget()
        self.setCentralWidget(central)
        layout = QVBoxLayout(central)
        layout.addWidget(self.read_only_banner)
        layout.addWidget(self.message_label)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)  # a stray drag of its handle hid the whole table or History
        layout.addWidget(self.splitter, 1)
        self.splitter.addWidget(self.table)
        self.history_box = history_box = QWidget()
        self.splitter.addWidget(history_box)
        history_layout = QVBoxLayout(history_box)
        history_title = QLabel(self.tr("History"))
        history_title.setProperty("role", "title")
        history_layout.addWidget(history_title)
        history_layout.addWidget(self.history, 1)
        self._layouts = (layout, history_layout)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([880, 540])
        layout.addWidget(self.action_bar)
        # A tournament table's sync status (issue 13): under the History while a game is open, else at the foot.
        history_layout.addWidget(self.link.make_status_line())
        # The View menu's choices as remembered, shown from the first paint whenever the menus are made.
        self.table.set_face_players(self.settings.face_players)
        set_corner_indices(self.settings.tile_labels)
        if self._menus_later and not self.menus_built:
            if not self.menuBar().actions():  # shown already over a kept picture of the table
                build_menu_titles(self)
        else:
            self.build_menus()

    def build_menus(self) -> None:
        """Make the menus with their entries and shortcuts (in place of their titles alone, if shown first)."""
        from scorekeeper.gui.window_menus import build_menus

        build_menus(self, self)
        self.help_menu = self._install_help()
        self.menus_built = True
        self._show_actions(self.controller.state)

    def _install_help(self) -> HelpMenu:
        """The Help menu (guide, yaku, score tables, about) from ``scorekeeper.gui.help`` (docs/help.md)."""
        from scorekeeper.gui.help.menu import install_help_menu

        return install_help_menu(
            self,
            settings_get=lambda: self.settings.skip_guide,
            settings_set=lambda skip: self.save_settings(replace(self.settings, skip_guide=skip)),
            hand_rules=self._hand_rules,
        )

    def _hand_rules(self) -> HandRules | None:
        return None if self.controller.state is None else self.controller.state.rules.hand

    def show_first_run_guide(self) -> None:
        """Show the newcomer's guide unless the user turned it off (the app calls this once at start)."""
        self.help_menu.show_first_run_guide()

    def _show_actions(self, state: GameState | None) -> None:
        """Enable the menus' entries that need a game (or its end), once the menus are made."""
        if not self.menus_built:
            return
        self.results_action.setEnabled(state is not None and state.final is not None)
        self.end_game_action.setEnabled(state is not None and not state.ended)
        self.penalty_action.setEnabled(state is not None)

    def refresh(self) -> None:
        """Redraw everything from the controller's state."""
        from scorekeeper.gui.labels import round_name, seat_winds
        from scorekeeper.session import Seat, family_of
        from scorekeeper.session.sheet import game_sheet

        state = self.controller.state
        self.action_bar.show_state(state, can_undo=self.controller.can_undo, can_redo=self.controller.can_redo)
        self._show_actions(state)
        self.history.set_state(state)
        if self.results_dialog is not None and (state is None or state.final is None):
            self.results_dialog.close()  # an undo took the end of the game back
            self.results_dialog = None
        # No game: the "no game" page instead of made-up panels, and no empty history beside it.
        self.table.set_empty(state is None)
        self.history_box.setVisible(state is not None)
        self._place_sync_line(under_history=state is not None)
        if state is None or state.ended:
            self.table.stop_asking()  # no hand to win: "who dealt in?" has no answer
        if state is None:
            self.setWindowTitle(self.tr("Scorekeeper"))
            return
        family = family_of(state.rules)
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
                gaps=functools.partial(_seat_gaps, state, seat),  # worked out when a tap shows them
                names=state.players,
                riichi_game=family.has_riichi,
                penalty=pending.get(Seat(seat), 0),
                can_win=not state.ended,
            )
        ended = state.ended and bool(state.hands)
        status = self.tr("Ended after {round}.").format(round=round_name(state.hands[-1].label)) if ended else ""
        if state.hands_left_on_time == 2:
            # Time was called under the EMA texts' rule (RCR 2016 5.9, EMA 2025 7.4): this hand and one more.
            status = self.tr("Time: two hands left.")
        elif state.last_hand_called:
            # The referee called time (the session's LastHandCalled): this hand ends the game.
            status = self.tr("Time: last hand.")
        if state.dead_this_hand and not state.ended:
            # RCR 2016 3.4.7, EMA 2025 3.3.14: the table must know whose hand is dead.
            names = ", ".join(state.players[seat] for seat in state.dead_this_hand)
            status = "\n".join(line for line in (status, self.tr("Dead hand: {names}.").format(names=names)) if line)
        self.table.centre.show_round(
            label=state.label,
            honba=state.honba,
            riichi_sticks=state.riichi_sticks,
            status=status,
            counters=family.has_honba,  # honba and the riichi sticks on the table
            ended=state.ended,
            alert=state.last_hand_called or (bool(state.dead_this_hand) and not state.ended),
        )
        self.setWindowTitle(self.tr("Scorekeeper — {round}").format(round=round_name(state.label)))

    def _place_sync_line(self, *, under_history: bool) -> None:
        """The tournament table's sync line under the History while a game is open: under the action bar it made
        the window ~20 px taller than a 1280x720 screen leaves under a task bar and a title bar. With no game the
        History is hidden, and the line sits at the window's foot."""
        line = self.link.status
        window_layout, history_layout = self._layouts
        target, other = (history_layout, window_layout) if under_history else (window_layout, history_layout)
        if target.indexOf(line) < 0:
            other.removeWidget(line)
            target.addWidget(line)

    def show_message(self, text: str) -> None:
        """Show a refusal or problem as a plain sentence above the table (cleared by the next success)."""
        self._message(text, "error")

    def show_notice(self, text: str) -> None:
        """Say what just happened (Undo: what it took back) on the message line, muted: not a problem."""
        self._message(text, "muted")

    def _message(self, text: str, role: str) -> None:
        if self.message_label.property("role") != role:
            self.message_label.setProperty("role", role)
            self.message_label.style().unpolish(self.message_label)
            self.message_label.style().polish(self.message_label)
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    def clear_message(self) -> None:
        """Clear the message line (an action went through)."""
        self.show_message("")

    def new_game(self) -> None:
        """Ask for players and ruleset and start a new game (the running one stays stored)."""
        self.games.new_game()

    def open_game(self) -> None:
        """Reopen a stored game (a finished one shows its results again)."""
        self.games.open_game()

    def import_game(self) -> None:
        """Store a game-record JSON file as a new game and open it (a finished one shows its results)."""
        self.games.import_game()

    def enter_penalty(self) -> None:
        """A referee's penalty or correction for one player (after uma; undoable)."""
        self.games.enter_penalty()

    def end_game_now(self) -> None:
        """The referee ends the game (time limit); undoable."""
        self.games.end_game_now()

    @property
    def players_window(self) -> PlayersWindow | None:
        """The Players window, once the Game menu opened it."""
        return self.games.players_window

    def known_players(self) -> tuple[str, ...]:
        """The registry's names, the most played first (New game offers them as you type)."""
        return self.controller.known_players()

    def win_context(self, index: int | None = None, riichi: tuple[int, ...] | None = None) -> WinContext:
        """The table as the win dialog needs it: now, or as hand ``index`` found it with ``riichi`` declared."""
        return self.questions.win_context(index, riichi)

    def preview_text(self, result: HandResult) -> str:
        """The payment preview of ``result`` now, as lines of text (raises ScorekeeperError when refused)."""
        return self.questions.preview_text(result)

    def set_theme(self, value: str) -> None:
        """Choose light, dark or the system's theme (applied now and remembered)."""
        from scorekeeper.gui import theme

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        theme.apply_theme(app, None if value == "system" else theme.Theme(value))
        self.save_settings(replace(self.settings, theme=value))
        self.refresh()

    def toggle_face_players(self) -> None:
        """Turn the across seat's points toward that player, or back toward the laptop (remembered)."""
        face = not self.settings.face_players
        self.face_action.setChecked(face)
        self.table.set_face_players(face)
        self.save_settings(replace(self.settings, face_players=face))

    def toggle_tile_labels(self) -> None:
        """Show or hide the small corner index on every tile, everywhere in the app (remembered)."""
        from scorekeeper.gui.tile_labels import set_corner_indices

        visible = not self.settings.tile_labels
        self.tile_labels_action.setChecked(visible)
        set_corner_indices(visible)
        self.save_settings(replace(self.settings, tile_labels=visible))
        for widget in QApplication.allWidgets():
            widget.update()

    def set_language(self, value: str) -> None:
        """Choose the interface language: applied at once (the window is rebuilt in it) and remembered."""
        from scorekeeper.gui.i18n import Language, install_language

        self.save_settings(replace(self.settings, language=value))
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
        if self.menus_built:
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

    def save_settings(self, settings: AppSettings) -> None:
        """Take ``settings`` as the window's and write them to the settings file (a failure is shown, not raised)."""
        self.settings = settings
        try:
            write_settings(self.data_dir, settings)
        except OSError as error:
            self.show_message(self.tr("The settings could not be saved: {error}").format(error=error))

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
        from scorekeeper.gui.window_geometry import remembered_geometry

        # Nothing to save: every confirmed event is already committed. Close the database cleanly.
        if self.completed:
            self.link.close()  # what is not pushed yet waits in the outbox for the next start
            self.controller.store.close()
        # Where the window was, on this screen, for the next start (issue 12; gui/window_geometry.py).
        place = remembered_geometry(self) if self.isVisible() else None
        if place is not None:
            self.save_settings(self.settings.with_window_geometry(*place))
        if self.completed and self.picture_files is not None:
            self._keep_picture(*self.picture_files)
        event.accept()

    def _keep_picture(self, folder: Path, database: Path, settings_file: Path) -> None:
        """Keep the picture of the table for the next start (gui/table_picture.py), or forget the old one when the
        next start would not show the window as it is now. Called with the store closed and the settings written.
        """
        from scorekeeper.gui.table_picture import forget_picture, keep_picture
        from scorekeeper.gui.theme import current_theme

        contents = self.centralWidget()
        shows_the_table = (
            contents is not None
            and self.isVisible()
            and not self.isMinimized()
            and not self.controller.read_only
            and self.controller.state is not None
            and not self.message_label.isVisible()  # a message is not shown again at the next start
            and (self.results_dialog is None or not self.results_dialog.isVisible())
        )
        if contents is None or not shows_the_table:
            forget_picture(folder)
            return
        keep_picture(contents, folder, database, settings_file, theme=current_theme().value)

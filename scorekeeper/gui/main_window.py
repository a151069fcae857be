"""The main window: the table view, the action bar (Ron, Tsumo, Draw, Abort, Chombo, Undo, Redo) and the history.

The window asks the :class:`GameController` to act and redraws from its state when told (``state_changed``). Every
dialog is reached through :class:`Dialogs`, a set of callables: the app opens real dialogs, the tests inject
functions that fill them in with qtbot and return what they built, so no test ever runs ``exec()``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.describe import describe_settlement
from scorekeeper.gui.exports import export_csv, export_json, export_pdf, suggested_file_name
from scorekeeper.gui.gaps import Gap, point_gaps
from scorekeeper.gui.labels import format_points, is_riichi, round_name, short_label
from scorekeeper.gui.settings import AppSettings, save_settings
from scorekeeper.gui.table.history import HistoryWidget
from scorekeeper.gui.table.table_view import TableViewWidget
from scorekeeper.gui.tiles import set_corner_indices
from scorekeeper.gui.window_geometry import remembered_geometry, toggle_full_screen
from scorekeeper.session.corrections import correction_preview
from scorekeeper.session.events import HandRecord, HandResult
from scorekeeper.session.seats import ROUND_LETTERS, Seat
from scorekeeper.session.settlement import RIICHI_STICK, settle
from scorekeeper.session.sheet import game_sheet
from scorekeeper.session.state import GameState
from scorekeeper.storage.imports import NEW_PLAYER

if TYPE_CHECKING:
    # The dialogs are imported when first opened: it keeps them out of the cold start (benchmarks/bench_gui.py).
    from scorekeeper.engine.rules import HandRules
    from scorekeeper.gui.dialogs.draw_dialog import DrawKind
    from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
    from scorekeeper.gui.dialogs.new_game import NewGameChoice
    from scorekeeper.gui.dialogs.results import ResultsDialog
    from scorekeeper.gui.dialogs.win_dialog import WinContext
    from scorekeeper.gui.tournament.new_tournament import NewTournament
    from scorekeeper.gui.tournament_table import TableSyncController
    from scorekeeper.storage.registry import Player
    from scorekeeper.storage.store import GameSummary
    from scorekeeper.sync.table import TableLogin

__all__ = ["Dialogs", "MainWindow", "explain", "seat_winds"]


def seat_winds(dealer: int) -> tuple[str, str, str, str]:
    """Each seat's wind when ``dealer`` deals: the dealer is East, the next seat South..."""
    winds = tuple("ESWN"[(seat - dealer) % 4] for seat in range(4))
    return winds[0], winds[1], winds[2], winds[3]


_CONTEXT = "MainWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _page_tip(page: QWidget) -> str:
    """A plain-words tooltip for one of the win dialog's value modes, by the kind of page it is."""
    kind = type(page).__name__
    if kind == "TilesPageWidget":
        return _t("Tap the tiles of the winning hand: the app finds the yaku, fu and points for you.")
    if kind == "QuickEntryWidget":
        return _t("Just tap the han and fu the table counted (or the number of yakuman).")
    if kind == "YakuListWidget":
        return _t("Tick the yaku the hand has, count the dora and pick the fu: no tiles needed.")
    if kind == "ClassicalTilesPageWidget":
        return _t("Tap the tiles of the winning hand: the app works out its points and doubles.")
    return _t("Type the hand's value in points, as the table worked it out.")


def _explain_modes(root: QWidget) -> None:
    from PySide6.QtWidgets import QTabWidget

    for tabs in root.findChildren(QTabWidget):
        if tabs.objectName().startswith("modes_"):
            for index in range(tabs.count()):
                page = tabs.widget(index)
                if page is not None and not tabs.tabToolTip(index):
                    tabs.setTabToolTip(index, _page_tip(page))


def _on_winner_tabs_current_changed(winners: QWidget, _index: int) -> None:
    _explain_modes(winners)


def explain(dialog: QWidget) -> None:
    """Give the win and draw dialogs' modes and action buttons tooltips in plain words (issue 5).

    Tooltips a dialog already has are kept. The dialogs are found by their widgets' object names (the same names
    the tests click), so that the words for a newcomer live with the window's other tooltips.
    """
    from PySide6.QtWidgets import QAbstractButton, QTabWidget

    _explain_modes(dialog)
    # The win dialog makes a winner's value modes when the winner is tapped: explain those as they come.
    for winners in dialog.findChildren(QTabWidget, "winner_tabs"):
        winners.currentChanged.connect(functools.partial(_on_winner_tabs_current_changed, winners))
    tips = {
        "mode_ron": _t("The winner took another player's discard."),
        "mode_tsumo": _t("The winner drew the winning tile themselves."),
        "confirm_button": _t("Record this result. Undo (Ctrl+Z) takes it back."),
        "winner": _t("Tap the player who won (tap more than one for a double ron)."),
        "discarder": _t("Tap the player whose discard was taken: they pay."),
        "tenpai": _t("Tick this player if their hand was one tile from winning."),
        "nagashi": _t("This player's discards were all terminals and honours, none taken (nagashi mangan)."),
        "chombo": _t("This player broke the rule and pays the chombo penalty."),
        "abort": _t("Why the hand was abandoned."),
    }
    for button in dialog.findChildren(QAbstractButton):
        name = button.objectName()
        if button.toolTip() or not name:
            continue
        tip = tips.get(name) or tips.get(name.split("_", 1)[0])
        if tip is not None:
            button.setToolTip(tip)


def _run(dialog: QWidget) -> bool:
    """Open a dialog modally (the app only; tests inject their own callables)."""
    from PySide6.QtWidgets import QDialog

    assert isinstance(dialog, QDialog)
    explain(dialog)
    return dialog.exec() == QDialog.DialogCode.Accepted


def _new_game(parent: QWidget, settings: AppSettings) -> tuple[NewGameChoice, AppSettings] | None:
    from scorekeeper.gui.dialogs.new_game import NewGameDialog

    known = parent.known_players() if isinstance(parent, MainWindow) else ()
    dialog = NewGameDialog(settings, parent, known_players=known)
    return (dialog.choice(), dialog.settings) if _run(dialog) else None


def _win(parent: QWidget, context: WinContext, tsumo: bool, preview: Callable[[HandResult], str]) -> HandResult | None:
    from scorekeeper.gui.dialogs.win_dialog import WinDialog

    dialog = WinDialog(context, tsumo=tsumo, preview=preview, parent=parent)
    return dialog.hand_result() if _run(dialog) else None


def _draw(
    parent: QWidget,
    state: GameState,
    riichi: tuple[int, ...],
    kind: DrawKind,
    preview: Callable[[HandResult], str] | None,
) -> HandResult | None:
    from scorekeeper.gui.dialogs.draw_dialog import DrawDialog

    table = state.rules.table if is_riichi(state.rules) else None
    dialog = DrawDialog(names=state.players, riichi=riichi, table=table, kind=kind, preview=preview, parent=parent)
    return dialog.hand_result() if _run(dialog) else None


def _edit(parent: QWidget, dialog: EditHandDialog) -> HandRecord | None:
    dialog.setParent(parent, dialog.windowFlags())
    return dialog.hand_record() if _run(dialog) else None


def _penalty(parent: QWidget, names: tuple[str, ...]) -> tuple[int, int, str] | None:
    from scorekeeper.gui.dialogs.penalty import PenaltyDialog

    dialog = PenaltyDialog(names, parent)
    return dialog.penalty() if _run(dialog) else None


def _open_game(parent: QWidget, games: tuple[GameSummary, ...]) -> int | None:
    from scorekeeper.gui.dialogs.open_game import OpenGameDialog

    dialog = OpenGameDialog(games, parent)
    return dialog.chosen() if _run(dialog) else None


def _ask_open_path(parent: QWidget) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(
        parent,
        QCoreApplication.translate("MainWindow", "Import a game record"),
        "",
        QCoreApplication.translate("MainWindow", "Game records (*.json);;All files (*)"),
    )
    return Path(name) if name else None


def _ask_tournament_path(parent: QWidget) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(
        parent,
        QCoreApplication.translate("MainWindow", "Open a tournament"),
        "",
        QCoreApplication.translate("MainWindow", "Tournament databases (*.db *.sqlite3);;All files (*)"),
    )
    return Path(name) if name else None


def _join_tournament(parent: QWidget) -> TableLogin | None:
    from scorekeeper.gui.tournament_table import JoinTournamentDialog

    dialog = JoinTournamentDialog(parent)
    return dialog.login() if _run(dialog) else None


def _new_tournament(parent: QWidget) -> NewTournament | None:
    from scorekeeper.gui.tournament.new_tournament import NewTournamentDialog

    def ask_open(owner: QWidget) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            owner,
            QCoreApplication.translate("MainWindow", "Players"),
            "",
            QCoreApplication.translate("MainWindow", "CSV files (*.csv);;All files (*)"),
        )
        return Path(name) if name else None

    def ask_save(owner: QWidget) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(
            owner,
            QCoreApplication.translate("MainWindow", "Save the tournament as"),
            "",
            QCoreApplication.translate("MainWindow", "Tournament databases (*.db *.sqlite3);;All files (*)"),
        )
        return Path(name) if name else None

    dialog = NewTournamentDialog(ask_open=ask_open, ask_save=ask_save, parent=parent)
    try:
        dialog.exec()
        return dialog.created
    finally:
        dialog.deleteLater()


def _ask_tournament_url(parent: QWidget) -> str | None:
    text, ok = QInputDialog.getText(
        parent,
        QCoreApplication.translate("MainWindow", "Tournament server"),
        QCoreApplication.translate("MainWindow", "The referee's address (postgresql://user:password@host/tournament):"),
        QLineEdit.EchoMode.PasswordEchoOnEdit,
    )
    return text.strip() if ok and text.strip() else None


def _choose_player(parent: QWidget, name: str, candidates: tuple[Player, ...]) -> int | None:
    """Ask which registry entry an imported name means (None: the usual join; NEW_PLAYER: a new entry)."""
    from PySide6.QtWidgets import QInputDialog

    items = [
        QCoreApplication.translate("MainWindow", "{name} ({n} games)").format(name=p.name, n=p.games)
        for p in candidates
    ]
    items.append(QCoreApplication.translate("MainWindow", "A new player named {name}").format(name=name))
    answer, ok = QInputDialog.getItem(
        parent,
        QCoreApplication.translate("MainWindow", "Which player?"),
        QCoreApplication.translate(
            "MainWindow", "More than one player is called {name}. Which one played this game?"
        ).format(name=name),
        items,
        0,
        False,
    )
    if not ok or answer not in items:
        return None  # the usual join: the oldest entry of exactly that name
    index = items.index(answer)
    return NEW_PLAYER if index == len(candidates) else candidates[index].id


def _confirm(parent: QWidget, question: str) -> bool:
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("MainWindow", "Please confirm"),
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # questions quote player names
    return box.exec() == QMessageBox.StandardButton.Yes


def _results(parent: QWidget, dialog: ResultsDialog) -> None:
    dialog.setParent(parent, dialog.windowFlags())
    dialog.open()


def _ask_path(parent: QWidget, suggested: str) -> Path | None:
    """Ask where to save; ``suggested`` is a file name (``2026-11-23 Aiko Bruno Chen Dana.pdf``) or a bare suffix."""
    suffix = Path(suggested).suffix or suggested
    filters = {".csv": "CSV (*.csv)", ".json": "JSON (*.json)", ".pdf": "PDF (*.pdf)"}
    # Start in the user's documents folder (issue 12), not wherever the program was started.
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    start = str(Path(folder) / suggested) if folder and suggested != suffix else folder or suggested
    name, _ = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("MainWindow", "Save as"), start, filters.get(suffix, "")
    )
    if not name:
        return None
    path = Path(name)
    return path if path.suffix else path.with_suffix(suffix)


@dataclass(slots=True, kw_only=True)
class Dialogs:
    """How the window asks the user things. Each default opens the real dialog; tests replace them."""

    new_game: Callable[[QWidget, AppSettings], tuple[NewGameChoice, AppSettings] | None] = _new_game
    win: Callable[[QWidget, WinContext, bool, Callable[[HandResult], str]], HandResult | None] = _win
    draw: Callable[
        [QWidget, GameState, tuple[int, ...], DrawKind, Callable[[HandResult], str] | None], HandResult | None
    ] = _draw
    edit_hand: Callable[[QWidget, EditHandDialog], HandRecord | None] = _edit
    penalty: Callable[[QWidget, tuple[str, ...]], tuple[int, int, str] | None] = _penalty
    open_game: Callable[[QWidget, tuple[GameSummary, ...]], int | None] = _open_game
    confirm: Callable[[QWidget, str], bool] = _confirm
    results: Callable[[QWidget, ResultsDialog], None] = _results
    ask_path: Callable[[QWidget, str], Path | None] = _ask_path
    ask_open_path: Callable[[QWidget], Path | None] = _ask_open_path
    ask_tournament_path: Callable[[QWidget], Path | None] = _ask_tournament_path
    ask_tournament_url: Callable[[QWidget], str | None] = _ask_tournament_url
    new_tournament: Callable[[QWidget], NewTournament | None] = _new_tournament
    join_tournament: Callable[[QWidget], TableLogin | None] = _join_tournament
    choose_player: Callable[[QWidget, str, tuple[Player, ...]], int | None] = _choose_player


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
        self.results_dialog: ResultsDialog | None = None
        self.tournament_sync: TableSyncController | None = None
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

        self.buttons: dict[str, QPushButton] = {}
        self._button_tips: dict[str, str] = {}
        bar = QHBoxLayout()
        for key, text, slot in (
            ("ron", self.tr("Ron"), self.enter_ron),
            ("tsumo", self.tr("Tsumo"), self.enter_tsumo),
            ("draw", self.tr("Draw"), lambda: self.enter_draw("draw")),
            ("abort", self.tr("Abort"), lambda: self.enter_draw("abort")),
            ("chombo", self.tr("Chombo"), lambda: self.enter_draw("chombo")),
        ):
            button = QPushButton(text)
            button.setObjectName(f"{key}_button")
            button.setMinimumHeight(50)
            button.clicked.connect(slot)
            self.buttons[key] = button
            bar.addWidget(button, 1)
        bar.addSpacing(24)
        for key, text, slot in (
            ("undo", self.tr("↶ Undo"), self.undo),
            ("redo", self.tr("↷ Redo"), self.redo),
        ):
            button = QPushButton(text)
            button.setObjectName(f"{key}_button")
            button.setMinimumHeight(50)
            button.clicked.connect(slot)
            self.buttons[key] = button
            bar.addWidget(button)
        self.buttons["ron"].setProperty("role", "primary")
        self.buttons["tsumo"].setProperty("role", "primary")
        # Plain words for a newcomer (issue 5, "tooltips in plain words"): what the button records, not its name.
        for key, tip in (
            ("ron", self.tr("Someone won off another player's discard. Pick the winner, who dealt in, and the hand.")),
            ("tsumo", self.tr("Someone won with a tile they drew themselves. Pick the winner and the hand.")),
            ("draw", self.tr("The wall ran out with no winner. Tick who was ready (tenpai).")),
            ("abort", self.tr("The hand was abandoned early (nine terminals, four winds, four riichi...).")),
            ("chombo", self.tr("A player broke a rule (a false win...) and pays the penalty. The hand is replayed.")),
            ("undo", self.tr("Take back the last thing recorded (Ctrl+Z).")),
            ("redo", self.tr("Put back what Undo took back (Ctrl+Shift+Z).")),
        ):
            self.buttons[key].setToolTip(tip)
            self._button_tips[key] = tip
        self._riichi_tip = self.tr("This player declares riichi and puts a 1,000-point stick on the table.")
        for panel in self.table.seat_panels:
            if not panel.riichi_button.toolTip():
                panel.riichi_button.setToolTip(self._riichi_tip)

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
        layout.addLayout(bar)
        # A tournament table's sync status (issue 13): shown once the table has joined a tournament.
        self.sync_status = QLabel()
        self.sync_status.setObjectName("sync_status")
        self.sync_status.setTextFormat(Qt.TextFormat.PlainText)
        self.sync_status.setVisible(self.tournament_sync is not None)
        layout.addWidget(self.sync_status)
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
        game.addAction(self._action(self.tr("&Join a tournament table…"), self.join_tournament))
        self.results_action = self._action(self.tr("&Results"), self.show_results, "Ctrl+R")
        game.addAction(self.results_action)
        self.end_game_action = self._action(self.tr("&End the game now…"), self.end_game_now)
        game.addAction(self.end_game_action)
        self.penalty_action = self._action(self.tr("Referee &penalty…"), self.enter_penalty)
        game.addAction(self.penalty_action)
        self.players_action = self._action(self.tr("&Players and statistics…"), self.show_players, "Ctrl+Shift+P")
        game.addAction(self.players_action)
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
        tournament.addAction(self._action(self.tr("&New tournament…"), self.new_tournament))
        tournament.addAction(self._action(self.tr("&Referee's window…"), self.open_referee_window))
        tournament.addAction(self._action(self.tr("Referee's window on a &server…"), self.open_referee_server))

    def new_tournament(self) -> QWidget | None:
        """Ask for a new tournament (settings, players CSV, file), store it and open the referee's window on it."""
        answer = self.dialogs.new_tournament(self)
        if answer is None:
            return None
        from scorekeeper.storage.tournament_store import open_tournament_store

        path, settings, players = answer
        try:
            with open_tournament_store(path) as store:
                store.create(settings, players)
        except ScorekeeperError as error:
            self.show_message(str(error))
            return None
        return self._open_referee(str(path), live=False)

    def open_referee_window(self) -> QWidget | None:
        """Ask for a tournament database file and open the referee's window on it (docs/tournament.md)."""
        path = self.dialogs.ask_tournament_path(self)
        return None if path is None else self._open_referee(str(path), live=False)

    def open_referee_server(self) -> QWidget | None:
        """Ask for a tournament server's postgresql:// URL and open the referee's window on it, live."""
        url = self.dialogs.ask_tournament_url(self)
        return None if url is None else self._open_referee(url, live=True)

    def _open_referee(self, db: str, *, live: bool) -> QWidget | None:
        from scorekeeper.gui.tournament import RefereeWindow, TournamentController
        from scorekeeper.storage.tournament_store import open_tournament_store

        try:
            store = open_tournament_store(db)
        except ScorekeeperError as error:
            self.show_message(str(error))
            return None
        try:
            controller = TournamentController(store, live_url=db if live else None)
        except ScorekeeperError as error:
            store.close()
            self.show_message(str(error))
            return None
        window = RefereeWindow(controller)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def release(*_: object) -> None:
            controller.shutdown()
            store.close()

        window.destroyed.connect(release)
        window.show()
        return window

    def _install_help(self) -> QObject | None:
        """The Help menu (guide, yaku, score tables, about) from ``scorekeeper.gui.help`` (docs/help.md)."""
        try:
            from scorekeeper.gui.help.menu import install_help_menu
        except ImportError:  # a partial install without the help pages: the app works without them
            return None

        def hand_rules() -> HandRules | None:
            state = self.controller.state
            return None if state is None else state.rules.hand

        return install_help_menu(
            self,
            settings_get=lambda: self.settings.skip_guide,
            settings_set=lambda skip: self._save_settings(replace(self.settings, skip_guide=skip)),
            hand_rules=hand_rules,
        )

    def show_first_run_guide(self) -> None:
        """Show the newcomer's guide unless the user turned it off (the app calls this once at start)."""
        show = getattr(self.help_menu, "show_first_run_guide", None)
        if show is not None:
            show()

    # -- drawing -------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the controller's state."""
        state = self.controller.state
        self._refresh_buttons(state)
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
        if state is None:
            self.setWindowTitle(self.tr("Scorekeeper"))
            return
        playing = not state.ended
        riichi_game = is_riichi(state.rules)
        winds = seat_winds(int(state.dealer))
        # Penalties taken after uma (an EMA chombo's 20,000...), as the session's standings have them: on the
        # table at once, not only on the result sheet (issue 12).
        pending = {row.seat: row.penalties for row in game_sheet(state).final if row.penalties}
        for panel in self.table.seat_panels:
            seat = panel.seat
            riichi = Seat(seat) in state.in_riichi
            can = playing and riichi_game and (state.scores[seat] >= 1000 or state.rules.table.riichi_below_1000)
            panel.show_seat(
                name=state.players[seat],
                wind=winds[seat],
                dealer=seat == int(state.dealer),
                points=state.scores[seat],
                riichi=riichi,
                can_riichi=can,
                gaps=self._gaps(state, seat),
                names=state.players,
                riichi_game=riichi_game,
                penalty=pending.get(Seat(seat), 0),
            )
            if not playing:
                panel.riichi_button.setToolTip(self.tr("The game is over."))
            elif not can and riichi_game:
                # The ruleset's riichi_below_1000 knob (tenhou preset: refused below 1,000; session/rules.py).
                panel.riichi_button.setToolTip(
                    self.tr("Riichi needs 1,000 points: {name} has {points}.").format(
                        name=state.players[seat], points=format_points(state.scores[seat])
                    )
                )
            else:
                panel.riichi_button.setToolTip(self._riichi_tip)
        status = (
            self.tr("Ended after {round}.").format(round=round_name(state.hands[-1].label))
            if (state.ended and state.hands)
            else ""
        )
        self.table.centre.show_round(
            label=state.label,
            honba=state.honba,
            riichi_sticks=state.riichi_sticks,
            status=status,
            counters=riichi_game,
            ended=state.ended,
        )
        self.setWindowTitle(self.tr("Scorekeeper — {round}").format(round=round_name(state.label)))

    def _refresh_buttons(self, state: GameState | None) -> None:
        """Enable the action bar's buttons that can act now; a disabled one's tooltip says why it is off."""
        why: dict[str, str | None] = {}
        if state is None:
            no_game = self.tr("No game is open: start a new game (Ctrl+N), or open or import one.")
            why.update(dict.fromkeys(("ron", "tsumo", "draw", "abort", "chombo"), no_game))
        elif state.ended:
            over = self.tr("The game is over: see the results (Ctrl+R). Undo (Ctrl+Z) takes back its end.")
            why.update(dict.fromkeys(("ron", "tsumo", "draw", "abort", "chombo"), over))
        elif not is_riichi(state.rules):
            # The classical family (seed 003) has no chombo, no abortive draws and no riichi (session/classical.py).
            why["chombo"] = self.tr("The classical rules have no chombo: use Game ▸ Referee penalty for a false win.")
            why["abort"] = self.tr("The classical rules have no abortive draws: record a draw.")
        elif not state.rules.table.abortive_draws:
            why["abort"] = self.tr("This game's rules have no abortive draws: record a draw.")
        if not self.controller.can_undo:
            why["undo"] = self.tr("Nothing to undo yet.")
        if not self.controller.can_redo:
            why["redo"] = self.tr("Nothing to redo: Redo puts back what Undo took back.")
        for key, button in self.buttons.items():
            reason = why.get(key)
            button.setEnabled(reason is None)
            button.setToolTip(reason or self._button_tips.get(key, ""))

    @staticmethod
    def _gaps(state: GameState, seat: int) -> tuple[Gap, ...]:
        """``seat``'s gaps with the honba and sticks now on the table (the classical family: differences only)."""
        if not is_riichi(state.rules):
            return point_gaps(state.scores, seat, int(state.dealer), rules=None)
        return point_gaps(
            state.scores,
            seat,
            int(state.dealer),
            rules=state.rules.hand,
            honba=state.honba,
            riichi_sticks=state.riichi_sticks,
            honba_points=state.rules.table.honba_points,
        )

    def show_message(self, text: str) -> None:
        """Show a refusal or problem as a plain sentence above the table (cleared by the next success)."""
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    def _clear_message(self) -> None:
        self.show_message("")

    def bring_to_front(self) -> None:
        """Show the window above the others (a second start of the app on this database asked for it)."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

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

    # -- actions -------------------------------------------------------------------------------------------

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
        self.settings = settings.with_players(choice.players)
        try:
            save_settings(self.data_dir, self.settings)
        except OSError as error:
            self.show_message(self.tr("The settings could not be saved: {error}").format(error=error))
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

    def known_players(self) -> tuple[str, ...]:
        """The registry's names, the most played first (New game offers them as you type)."""
        from scorekeeper.storage.registry import suggest_players

        try:
            return suggest_players(self.controller.store, "", limit=1000)
        except ScorekeeperError:
            return ()

    def show_players(self) -> None:
        """Open the Players window (registry, statistics, league table), or bring it to the front."""
        from scorekeeper.gui.players.window import PlayersWindow

        window = getattr(self, "players_window", None)
        if window is None:
            window = PlayersWindow(self.controller.store, parent=self)
            self.players_window = window
        else:
            window.reload()
        window.show()
        window.activateWindow()

    def import_game(self) -> None:
        """Store a game-record JSON file as a new game and open it (a finished one shows its results)."""
        path = self.dialogs.ask_open_path(self)

        def choose(name: str, candidates: tuple[Player, ...]) -> int | None:
            return self.dialogs.choose_player(self, name, candidates)

        if path is None or not self.controller.import_game(path, choose=choose):
            return
        self._clear_message()
        if self.controller.state is not None and self.controller.state.final is not None:
            self.show_results()

    def join_tournament(self) -> None:
        """Join a tournament table: the game on the server, with its seating and ruleset, then push as we play."""
        from scorekeeper.gui.tournament_table import LOGIN_FILE
        from scorekeeper.sync.table import join, save_login

        login = self.dialogs.join_tournament(self)
        if login is None:
            return
        try:
            joined = join(self.controller.store, login)
            save_login(self.data_dir / LOGIN_FILE, login)
        except ScorekeeperError as error:
            self.show_message(self.tr("Could not join the tournament: {reason}").format(reason=error))
            return
        if self.controller.open_game(joined.game_id):
            self._clear_message()
        self.start_tournament_sync(login)

    def start_tournament_sync(self, login: TableLogin) -> None:
        """Push this store's tournament games to the server in the background and show the status line."""
        from scorekeeper.gui.tournament_table import TableSyncController

        if self.tournament_sync is not None:
            self.tournament_sync.close()
            self.tournament_sync.deleteLater()
        try:
            self.tournament_sync = TableSyncController(self.controller.store.path, login, parent=self)
        except ScorekeeperError as error:
            self.show_message(str(error))
            return
        self.tournament_sync.status_changed.connect(self.sync_status.setText)
        self.tournament_sync.game_replaced.connect(self._on_tournament_sync_game_replaced)
        self.controller.state_changed.connect(self.tournament_sync.push_soon)
        self.sync_status.setText(self.tournament_sync.text)
        self.sync_status.show()
        self.tournament_sync.push_soon()

    def _on_tournament_sync_game_replaced(self, game_id: int, refused: int) -> None:
        if self.controller.game_id == game_id:
            self.controller.open_game(game_id)
        self.show_message(
            self.tr(
                "The referee corrected this game on the server, so it was reloaded from there. {n} of the last "
                "changes made here were not taken: enter them again if they still stand."
            ).format(n=refused)
        )

    def _on_table_riichi_requested(self, seat: int) -> None:
        if self.controller.declare_riichi(seat):
            self._clear_message()

    def win_context(self) -> WinContext:
        """The table as the win dialog needs it."""
        from scorekeeper.gui.dialogs.win_dialog import WinContext

        state = self.controller.state
        assert state is not None
        return WinContext(
            names=state.players,
            dealer=int(state.dealer),
            seat_winds=seat_winds(int(state.dealer)),
            round_wind=ROUND_LETTERS[state.round_index % 4],
            riichi=tuple(int(s) for s in state.riichi_this_hand),
            ruleset=state.rules,
        )

    def preview_text(self, result: HandResult) -> str:
        """The payment preview of ``result`` now, as lines of text.

        Raises:
            ScorekeeperError: when the result is not allowed now.
        """
        state = self.controller.state
        assert state is not None
        return describe_settlement(self.controller.preview(result), state.players)

    def _enter_win(self, tsumo: bool) -> None:
        if self.controller.state is None or self.controller.state.ended:
            return
        result = self.dialogs.win(self, self.win_context(), tsumo, self.preview_text)
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
        state = self.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        entry = state.hands[index]
        record = self._ask_hand(index, entry.record)
        if record is not None and record != entry.record and self.controller.edit_hand(index, record):
            self._clear_message()

    def insert_hand(self, index: int) -> None:
        """Enter a forgotten hand played just before hand ``index``; recorded (and undoable) like any event."""
        state = self.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        record = self._ask_hand(index, None)
        if record is not None and self.controller.insert_hand(index, record):
            self._clear_message()

    def _ask_hand(self, index: int, record: HandRecord | None) -> HandRecord | None:
        """Ask for hand ``index`` again (``record``), or for a forgotten hand played in its place (None).

        A forgotten hand was played with the table as hand ``index`` found it (same dealer, round, honba and
        sticks), so the win and draw dialogs and the payment preview use that position.
        """
        from scorekeeper.gui.dialogs.draw_dialog import DrawKind
        from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
        from scorekeeper.gui.dialogs.win_dialog import WinContext

        state = self.controller.state
        assert state is not None
        entry = state.hands[index]
        sticks_before = state.hands[index - 1].riichi_sticks if index else 0
        winds = seat_winds(int(entry.dealer))
        round_wind = ROUND_LETTERS[entry.round_index % 4]

        def preview(result: HandResult, riichi: tuple[int, ...]) -> str:
            if not is_riichi(state.rules):
                return ""  # the classical family's settlement needs the whole position; shown after saving
            settlement = settle(
                state.rules,
                result,
                dealer=entry.dealer,
                honba=entry.honba,
                riichi_sticks=sticks_before + len(riichi),
                riichi_this_hand=tuple(Seat(s) for s in riichi),
            )
            return describe_settlement(settlement, state.players)

        def enter_win(tsumo: bool, riichi: tuple[int, ...]) -> HandResult | None:
            context = WinContext(
                names=state.players,
                dealer=int(entry.dealer),
                seat_winds=winds,
                round_wind=round_wind,
                riichi=riichi,
                ruleset=state.rules,
            )
            return self.dialogs.win(self, context, tsumo, lambda r: preview(r, riichi))

        def enter_draw(riichi: tuple[int, ...]) -> HandResult | None:
            return self.dialogs.draw(self, state, riichi, DrawKind.DRAW, lambda r: preview(r, riichi))

        label = short_label(entry.label, entry.honba)
        dialog = EditHandDialog(
            names=state.players,
            title=label,
            record=record,
            enter_win=enter_win,
            enter_draw=enter_draw,
            classical=not is_riichi(state.rules),
            # Before -> after as the session computes it (issue 12); the same fold that saving runs.
            preview=lambda corrected: correction_preview(state, index, corrected, insert=record is None),
        )
        return self.dialogs.edit_hand(self, dialog)

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
        from PySide6.QtWidgets import QApplication

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
        from PySide6.QtWidgets import QApplication

        visible = not self.settings.tile_labels
        self.tile_labels_action.setChecked(visible)
        set_corner_indices(visible)
        self._save_settings(replace(self.settings, tile_labels=visible))
        for widget in QApplication.allWidgets():
            widget.update()

    def set_language(self, value: str) -> None:
        """Choose the interface language: applied at once (the window is rebuilt in it) and remembered."""
        from scorekeeper.gui.i18n import Language, install_language

        self._save_settings(replace(self.settings, language=value))
        install_language(Language(value))
        self.retranslate()

    def retranslate(self) -> None:
        """Build the window again in the language installed now; the game, the view's turn and any message stay.

        Qt widgets keep the text they were given, so rather than re-set every string of every child widget (many
        of them owned by other modules), the window makes its widgets and menus again: the same code that made
        them first, so nothing can be missed. The controller and its game are not touched. An open results
        screen is made again too.
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
        if isinstance(self.help_menu, QObject):
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
            self.controller.end_game(self.tr("ended by the referee"))

    def build_results_dialog(self) -> ResultsDialog | None:
        """The results screen of the ended game, or None while it is running."""
        from scorekeeper.gui.dialogs.results import ResultsDialog

        state = self.controller.state
        if state is None or state.final is None:
            return None
        if state.hands:
            first = state.hands[0]
            s0, s1, s2, s3 = (score - delta for score, delta in zip(first.scores, first.deltas, strict=True))
            start = (s0, s1, s2, s3)
        else:
            # No hand finished: the scores now, with the sticks of riichi declared in the hand being played back.
            s0, s1, s2, s3 = (
                score + (RIICHI_STICK if Seat(seat) in state.riichi_this_hand else 0)
                for seat, score in enumerate(state.scores)
            )
            start = (s0, s1, s2, s3)
        series: tuple[tuple[int, int, int, int], ...] = (start, *(hand.scores for hand in state.hands))
        labels = tuple(short_label(hand.label, hand.honba) for hand in state.hands)
        if state.final.scores != series[-1]:
            # Sticks left on the table (given to first place), or a riichi after the last hand: the chart ends on
            # the scores the table shows, so its last point and the sheet agree.
            series = (*series, state.final.scores)
            labels = (*labels, self.tr("End"))
        return ResultsDialog(
            names=state.players,
            result=state.final,
            labels=labels,
            series=series,
            table_rules=state.rules.table if is_riichi(state.rules) else None,
            ask_path=lambda suffix: self.dialogs.ask_path(self, self._suggested(suffix)),
            export_csv=self._export_csv,
            export_json=self._export_json,
            export_pdf=self._export_pdf,
        )

    def show_results(self) -> None:
        """Show the results screen (after the game ended)."""
        dialog = self.build_results_dialog()
        if dialog is None:
            return
        self.results_dialog = dialog
        self.dialogs.results(self, dialog)

    def _export_csv(self, path: Path) -> None:
        assert self.controller.session is not None
        try:
            export_csv(self.controller.session, path)
        except ScorekeeperError as error:
            self.show_message(str(error))

    def _export_json(self, path: Path) -> None:
        assert self.controller.session is not None
        try:
            export_json(self.controller.session, path)
        except ScorekeeperError as error:
            self.show_message(str(error))

    def _export_pdf(self, path: Path) -> None:
        assert self.controller.session is not None
        try:
            export_pdf(self.controller.session, path)
        except ScorekeeperError as error:
            self.show_message(str(error))

    def _suggested(self, suffix: str) -> str:
        """The file name a save dialog offers for the game: ``2026-11-23 Aiko Bruno Chen Dana.pdf``."""
        session = self.controller.session
        return suffix if session is None else suggested_file_name(session, suffix)

    def export(self, suffix: str) -> None:
        """Export the game (PDF, CSV or game-record JSON) to a file the user picks."""
        if self.controller.session is None:
            return
        path = self.dialogs.ask_path(self, self._suggested(suffix))
        if path is None:
            return
        writers = {".csv": self._export_csv, ".pdf": self._export_pdf}
        writers.get(suffix, self._export_json)(path)

    @override
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        # Nothing to save: every confirmed event is already committed (what is not pushed yet waits in the
        # outbox for the next start). Close the database cleanly.
        if self.tournament_sync is not None:
            self.tournament_sync.close()
        self.controller.store.close()
        # Where the window was, on this screen, for the next start (issue 12; gui/window_geometry.py).
        place = remembered_geometry(self) if self.isVisible() else None
        if place is not None:
            self._save_settings(self.settings.with_window_geometry(*place))
        event.accept()

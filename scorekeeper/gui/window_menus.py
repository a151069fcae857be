"""The main window's menus and keyboard shortcuts: Game, Edit, View, Hand and Tournament (Help: ``gui/help``).

Every entry calls one of the window's slots (or of its parts: the link, the tournament actions, the table); the
menus hold no behaviour of their own. Their words keep the window's translation context (``MainWindow``), which the
guide quotes too (``gui/help/guide.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

if TYPE_CHECKING:
    # Only the types: the titles alone are the window's first paint, before its parts exist (issue 24).
    from scorekeeper.gui.game_actions import GameActions
    from scorekeeper.gui.hand_actions import HandActions
    from scorekeeper.gui.settings import AppSettings
    from scorekeeper.gui.table.table_view import TableViewWidget
    from scorekeeper.gui.table_sync import TableLink
    from scorekeeper.gui.tournament_actions import TournamentActions

__all__ = ["MenuWindow", "build_menu_titles", "build_menus"]

_CONTEXT = "MainWindow"
#: The Help menu's context and title, as ``gui/help/menu.py`` names it (and translates it, with the help's words):
#: tests/gui/test_menus_later.py checks the two agree.
_HELP_TITLE = ("HelpMenu", "&Help")


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class MenuWindow(Protocol):
    """What the menus need of the table window (``MainWindow``): its slots and parts, and the actions a refresh
    enables or checks, which :func:`build_menus` keeps on it."""

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
    settings: AppSettings
    table: TableViewWidget
    games: GameActions
    hands: HandActions
    link: TableLink
    tournaments: TournamentActions

    def new_game(self) -> None: ...
    def open_game(self) -> None: ...
    def import_game(self) -> None: ...
    def show_results(self) -> None: ...
    def end_game_now(self) -> None: ...
    def enter_penalty(self) -> None: ...
    def export(self, suffix: str) -> None: ...
    def set_theme(self, value: str) -> None: ...
    def set_language(self, value: str) -> None: ...
    def toggle_face_players(self) -> None: ...
    def toggle_tile_labels(self) -> None: ...


def _action(
    window: QMainWindow,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
) -> QAction:
    """An action of the window (its shortcut works anywhere in the window) that calls ``slot``."""
    from PySide6.QtCore import Qt

    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(lambda _=False: slot())
    window.addAction(action)
    return action


def build_menu_titles(qt_window: QMainWindow) -> None:
    """Put the menus' titles alone in ``qt_window``'s menu bar (Help's too), as :func:`build_menus` and the Help menu
    name them: the app's first paint shows the bar this way, and :func:`build_menus` replaces them with the menus
    themselves once the window is painted (issue 24: the ~45 actions and their shortcuts, ~6 ms of CPU, are not the
    cold start's). The titles are actions of the bar, not yet menus (six empty menus cost ~3 ms more)."""
    menu = qt_window.menuBar()
    for title in (_t("&Game"), _t("&Edit"), _t("&View"), _t("&Hand"), _t("T&ournament")):
        menu.addAction(title)
    menu.addAction(QCoreApplication.translate(*_HELP_TITLE))


def build_menus(qt_window: QMainWindow, window: MenuWindow) -> None:
    """Fill ``qt_window``'s menu bar with actions calling ``window``'s slots (the table window is both); the actions a
    refresh enables or checks are kept on ``window``. Titles already in the bar (:func:`build_menu_titles`) go."""
    from PySide6.QtCore import Qt

    from scorekeeper.gui.window_geometry import toggle_full_screen

    menu = qt_window.menuBar()
    for placeholder in menu.findChildren(QMenu, options=Qt.FindChildOption.FindDirectChildrenOnly):
        placeholder.deleteLater()
    menu.clear()
    act = functools.partial(_action, qt_window)
    game = menu.addMenu(_t("&Game"))
    window.new_game_action = act(_t("&New game…"), window.new_game, QKeySequence.StandardKey.New)
    game.addAction(window.new_game_action)
    game.addAction(act(_t("&Open a game…"), window.open_game, QKeySequence.StandardKey.Open))
    window.import_action = act(_t("&Import a game record…"), window.import_game, "Ctrl+I")
    game.addAction(window.import_action)
    game.addAction(act(_t("&Join a tournament table…"), window.link.join))
    window.players_action = act(_t("&Players and statistics…"), window.games.show_players, "Ctrl+Shift+P")
    game.addAction(window.players_action)
    window.results_action = act(_t("&Results"), window.show_results, "Ctrl+R")
    game.addAction(window.results_action)
    window.end_game_action = act(_t("&End the game now…"), window.end_game_now)
    game.addAction(window.end_game_action)
    game.addAction(act(_t("&Time signal (time is called)…"), window.games.time_signal))
    window.penalty_action = act(_t("Referee &penalty…"), window.enter_penalty)
    game.addAction(window.penalty_action)
    game.addSeparator()
    game.addAction(act(_t("Export &CSV…"), lambda: window.export(".csv")))
    game.addAction(act(_t("Export game &record…"), lambda: window.export(".json")))
    game.addAction(act(_t("Save as &PDF…"), lambda: window.export(".pdf")))
    game.addSeparator()
    # Issue 24: no Quit in the Game menu. It closes the window as its close box does (the game is saved as it goes;
    # the window's closeEvent does what closing needs).
    quit_action = act(_t("&Quit"), qt_window.close, QKeySequence.StandardKey.Quit)
    quit_action.setObjectName("quit_action")
    quit_action.setMenuRole(QAction.MenuRole.QuitRole)
    game.addAction(quit_action)
    hands = window.hands
    edit = menu.addMenu(_t("&Edit"))
    window.undo_action = act(_t("&Undo"), hands.undo, QKeySequence.StandardKey.Undo)
    window.redo_action = act(_t("&Redo"), hands.redo, "Ctrl+Shift+Z")
    edit.addAction(window.undo_action)
    edit.addAction(window.redo_action)
    view = menu.addMenu(_t("&View"))
    themes = view.addMenu(_t("&Theme"))
    for value, text in (("system", _t("Follow the system")), ("light", _t("Light")), ("dark", _t("Dark"))):
        themes.addAction(act(text, functools.partial(window.set_theme, value)))
    languages = view.addMenu(_t("&Language"))
    for value, text in (("en", "English"), ("ja", "日本語")):
        languages.addAction(act(text, functools.partial(window.set_language, value)))
    view.addAction(act(_t("&Rotate table"), window.table.rotate, "Ctrl+T"))
    view.addAction(act(_t("F&ull screen"), lambda: toggle_full_screen(qt_window), "F11"))
    window.face_action = act(_t("&Face the players"), window.toggle_face_players, "Ctrl+F")
    window.face_action.setCheckable(True)
    window.face_action.setChecked(window.settings.face_players)
    view.addAction(window.face_action)
    window.tile_labels_action = act(_t("Tile &labels for beginners (1m, E …)"), window.toggle_tile_labels)
    window.tile_labels_action.setCheckable(True)
    window.tile_labels_action.setChecked(window.settings.tile_labels)
    view.addAction(window.tile_labels_action)
    for number in range(4):
        riichi = functools.partial(hands.declare_riichi, number)
        view.addAction(act(_t("Riichi, seat {n}").format(n=number + 1), riichi, f"Ctrl+{number + 1}"))
    hand = menu.addMenu(_t("&Hand"))
    hand.addAction(act(_t("&Ron…"), hands.enter_ron, "Ctrl+Alt+R"))
    hand.addAction(act(_t("&Tsumo…"), hands.enter_tsumo, "Ctrl+Alt+T"))
    hand.addAction(act(_t("&Draw…"), lambda: hands.enter_draw("draw"), "Ctrl+Alt+D"))
    hand.addAction(act(_t("&Abortive draw…"), lambda: hands.enter_draw("abort"), "Ctrl+Alt+A"))
    hand.addAction(act(_t("&Chombo…"), lambda: hands.enter_draw("chombo"), "Ctrl+Alt+C"))
    hand.addAction(act(_t("D&ead hand…"), hands.declare_dead_hand, "Ctrl+Alt+E"))
    tournament = menu.addMenu(_t("T&ournament"))
    tournament.addAction(act(_t("&Referee's window…"), window.tournaments.open_file))
    tournament.addAction(act(_t("Referee's window on a &server…"), window.tournaments.open_server))
    tournament.addAction(act(_t("&New tournament…"), window.tournaments.new))

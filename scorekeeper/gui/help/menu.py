"""The one entry point for the main window: :func:`install_help_menu` adds Help ▸ Guide, Yaku, Score tables, About.

The help windows are modeless (they can stay open beside the table) and one of each kind is kept: asking again
raises the open one. They are built on first use, which keeps them out of the app's cold start.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QMenu, QWidget

from scorekeeper.engine.rules import HandRules
from scorekeeper.errors import ScorekeeperError

__all__ = ["HelpMenu", "install_help_menu"]


class HelpMenu(QObject):
    """The Help menu of a window and the help windows it opens.

    Attributes:
        menu: the menu added to the window's menu bar.
        guide_action, yaku_action, tables_action, about_action: its actions (F1 is the guide).
        dialogs: the help windows opened so far, by kind (``guide``, ``yaku``, ``tables``, ``about``).
    """

    def __init__(
        self,
        window: QMainWindow,
        *,
        settings_get: Callable[[], bool],
        settings_set: Callable[[bool], None],
        hand_rules: Callable[[], HandRules | None] | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self._skip_guide = settings_get
        self._set_skip_guide = settings_set
        self._hand_rules_of_game = hand_rules or (lambda: None)
        self.dialogs: dict[str, QDialog] = {}

        self.menu = QMenu(self.tr("&Help"), window)
        self.menu.setObjectName("help_menu")
        self.guide_action = self._action(self.tr("&Guide"), self.show_guide, QKeySequence(Qt.Key.Key_F1))
        self.guide_action.setToolTip(self.tr("Where to tap for riichi, ron, tsumo, draws and undo"))
        self.yaku_action = self._action(self.tr("&Yaku"), self.show_yaku, QKeySequence("Ctrl+F1"))
        self.yaku_action.setToolTip(self.tr("Every yaku with its han and an example hand"))
        self.tables_action = self._action(self.tr("&Score tables"), self.show_tables, QKeySequence("Shift+F1"))
        self.tables_action.setToolTip(self.tr("What each han and fu pays, for the rules of this game"))
        self.about_action = self._action(self.tr("&About Scorekeeper"), self.show_about)
        self.menu.addAction(self.guide_action)
        self.menu.addSeparator()
        self.menu.addAction(self.yaku_action)
        self.menu.addAction(self.tables_action)
        self.menu.addSeparator()
        self.menu.addAction(self.about_action)
        self.menu.setToolTipsVisible(True)
        window.menuBar().addMenu(self.menu)

    def _action(self, text: str, slot: Callable[[], object], shortcut: QKeySequence | None = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)  # the shortcut works even while the menu bar is hidden
        return action

    # -- opening ---------------------------------------------------------------------------------------------

    def _open(self, kind: str, build: Callable[[], QDialog]) -> QDialog:
        if QApplication.activeModalWidget() is not None:
            # Asked from inside a modal dialog (say a "?" in the win dialog): a window parented to the main window
            # would be blocked, so this one belongs to the modal dialog and goes with it (not kept).
            child = build()
            child.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            child.show()
            return child
        dialog = self.dialogs.get(kind)
        if dialog is None:
            dialog = build()
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
            self.dialogs[kind] = dialog
        was_open = dialog.isVisible()
        dialog.show()
        if was_open and QGuiApplication.platformName() != "offscreen":  # offscreen cannot raise (and says so)
            dialog.raise_()
            dialog.activateWindow()
        return dialog

    def _hand_rules(self) -> HandRules | None:
        # A game of the classical family has no riichi hand rules (``Ruleset.hand`` refuses): show the presets.
        try:
            return self._hand_rules_of_game()
        except ScorekeeperError:
            return None

    def _parent(self) -> QWidget:
        return QApplication.activeModalWidget() or self.window

    def show_guide(self) -> QDialog:
        """Open the guide at its first page."""
        from scorekeeper.gui.help.guide import GuideDialog

        dialog = self._open(
            "guide",
            lambda: GuideDialog(
                skip_next_time=self._skip_guide(), on_skip_changed=self._set_skip_guide, parent=self._parent()
            ),
        )
        assert isinstance(dialog, GuideDialog)
        dialog.show_page(0)
        return dialog

    def show_first_run_guide(self) -> QDialog | None:
        """Open the guide unless the user chose not to see it at start; return it (None when skipped).

        The main window calls this once, after it is shown.
        """
        if self._skip_guide():
            return None
        return self.show_guide()

    def show_yaku(self) -> QDialog:
        """Open the yaku reference (values under the current game's rules)."""
        from scorekeeper.gui.help.yaku_reference import YakuReferenceDialog

        rules = self._hand_rules()
        dialog = self.dialogs.get("yaku")
        if isinstance(dialog, YakuReferenceDialog) and dialog.rules != (rules or dialog.rules):
            dialog.close()  # the game's rules changed: rebuild with the new values
            del self.dialogs["yaku"]
        return self._open("yaku", lambda: YakuReferenceDialog(rules, parent=self._parent()))

    def show_tables(self) -> QDialog:
        """Open the score tables (the current game's rules first)."""
        from scorekeeper.gui.help.score_tables import ScoreTablesDialog

        rules = self._hand_rules()
        dialog = self.dialogs.get("tables")
        if isinstance(dialog, ScoreTablesDialog) and rules is not None and dialog.rules_combo.itemData(0) != rules:
            dialog.close()
            del self.dialogs["tables"]
        return self._open("tables", lambda: ScoreTablesDialog(rules, parent=self._parent()))

    def show_about(self) -> QDialog:
        """Open the About window."""
        from scorekeeper.gui.help.about import AboutDialog

        return self._open("about", lambda: AboutDialog(parent=self._parent()))


def install_help_menu(
    window: QMainWindow,
    *,
    settings_get: Callable[[], bool],
    settings_set: Callable[[bool], None],
    hand_rules: Callable[[], HandRules | None] | None = None,
) -> HelpMenu:
    """Add the Help menu to ``window`` and return it; call ``show_first_run_guide()`` on it once shown.

    Args:
        window: the main window (the menu goes at the end of its menu bar; F1, Ctrl+F1, Shift+F1 work
            window-wide).
        settings_get: whether the user chose not to see the guide at start.
        settings_set: remember that choice (called each time the guide's box is ticked or unticked).
        hand_rules: the current game's hand rules (None when there is no riichi game); the yaku values and
            the score tables follow them. Without it, the Tenhou preset is shown.

    When the app runs in Japanese (``scorekeeper.gui.i18n.install_language`` sets the default locale), the
    help's own Japanese strings are installed too, until they are merged into ``translations/ja.qm``
    (docs/help.md).
    """
    if QLocale().language() == QLocale.Language.Japanese:
        from scorekeeper.gui.help.ja import install_help_translator

        install_help_translator()
    return HelpMenu(window, settings_get=settings_get, settings_set=settings_set, hand_rules=hand_rules)

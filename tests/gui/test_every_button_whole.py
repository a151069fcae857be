"""Every button of every window and dialog shows its whole text at 1280x720, in English and Japanese.

The theme gives buttons a touch-sized ``min-width``; Qt's style sheet makes that the button's minimum width, so a
layout short of room may squeeze a button below its words (the History's buttons lost 2-3 px of "Delete" at
1280x720). Here each screen the app has (the table and its states, every dialog, the players window, the referee's
window on each tab, the help) is laid out as a window manager would on a 1280x720 screen (less a task bar and a
title bar), and every visible push or tool button must hold its text, focused and not.

No widget is squeezed below its minimum either: the window is at least its minimum size, every widget laid out in
it at least its own minimum width, and a scroll area that never scrolls sideways shows its content's whole width
(the classical win dialog opened 32 px narrower than its laid-out tiles, the conditions column cut). The win dialog
is checked at the size it opens itself at (``WinDialog.fit_to_screen``), not resized here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QTabWidget,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from scorekeeper.engine.rules import hand_rules
from scorekeeper.errors import TournamentServerError
from scorekeeper.gui import screenshots
from scorekeeper.gui.dialogs.player_name import PlayerNameDialog
from scorekeeper.gui.dialogs.win_dialog import TITLE_BAR_ALLOWANCE, WinDialog
from scorekeeper.gui.help.about import AboutDialog
from scorekeeper.gui.help.guide import GuideDialog
from scorekeeper.gui.help.score_tables import ScoreTablesDialog
from scorekeeper.gui.help.yaku_reference import YakuReferenceDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.players.window import PlayersWindow
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.new_tournament import NewTournamentDialog
from scorekeeper.gui.referee.screenshots import build_demo
from scorekeeper.gui.referee.substitute import SubstituteDialog, TakeOutSubstitutionDialog
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.gui.table_sync import JoinTournamentDialog
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.sync.connection import describe_url
from scorekeeper.sync.table import JoinedGame, TableLogin

pytestmark = pytest.mark.gui

#: 1280x720 as a window has it: a 40 px task bar and a 32 px title bar taken off (as tests/gui/test_screen_sizes.py).
SCREEN = QSize(1280, 720 - 40 - 32)
LANGUAGES = [pytest.param(Language.ENGLISH, id="en"), pytest.param(Language.JAPANESE, id="ja")]

Build = Callable[[Path], QWidget]


#: The main window's screens, as the screenshot script builds them (scorekeeper.gui.screenshots): the table in
#: its states, every dialog it opens.
APP_SCREENS = tuple(screenshots._screens(Path()))


def _app_screen(name: str) -> Build:
    return lambda folder: screenshots._screens(folder)[name]()[0]


def _players(folder: Path) -> QWidget:
    window = screenshots._window(folder / "players", screenshots.SAMPLE_EVENTS)
    window.controller.end_game("time")
    players = PlayersWindow(window.controller.store)
    players.reload()
    window.close()
    return players


def _referee(folder: Path) -> QWidget:
    store = build_demo(folder / "demo.db")
    controller = TournamentController(store)
    controller.show_session(2)
    window = RefereeWindow(controller)
    window.destroyed.connect(store.close)
    return window


def _never_joins(login: TableLogin) -> Callable[[], JoinedGame]:
    raise TournamentServerError(
        f"cannot reach the tournament server {describe_url(login.url)}: connection to server at "
        '"192.168.1.10", port 5432 failed: timeout expired'
    )


def _join_refused(_folder: Path) -> QWidget:
    """The join dialog saying why the server could not be joined (the longest text it shows)."""
    dialog = JoinTournamentDialog(join=_never_joins)
    dialog.server_edit.setText("192.168.1.10:5432")
    dialog.tournament_edit.setText("spring")
    dialog.join_button.click()
    deadline = time.monotonic() + 10
    while dialog.connecting and time.monotonic() < deadline:
        QCoreApplication.processEvents()
    assert not dialog.connecting
    return dialog


def _guide(page: int) -> Build:
    def build(_folder: Path) -> QWidget:
        dialog = GuideDialog()
        dialog.show_page(page)
        return dialog

    return build


OTHER_SCREENS: dict[str, Build] = {
    "players": _players,
    "referee": _referee,
    "new-tournament": lambda _folder: NewTournamentDialog(ask_open=lambda _owner: None, ask_save=lambda _owner: None),
    "join-tournament": lambda _folder: JoinTournamentDialog(join=_never_joins),
    "join-tournament-refused": _join_refused,
    "substitute-name": lambda _folder: PlayerNameDialog("Add a substitute", ("Ann",)),
    "substitute-mid-game": lambda _folder: SubstituteDialog(2, ("Ann", "Bo", "Cy", "Di"), ("Sam Reyes",)),
    "take-out-substitution": lambda _folder: TakeOutSubstitutionDialog(
        2, (("Sam Reyes for Bo, from hand 5", "Bo: 3.9 → -40.0\nSam Reyes: -12.0 → nothing (not in this game)"),)
    ),
    **{f"guide-{n + 1}": _guide(n) for n in range(7)},
    "yaku-reference": lambda _folder: YakuReferenceDialog(hand_rules("mleague")),
    "score-tables": lambda _folder: ScoreTablesDialog(hand_rules("mleague")),
    "about": lambda _folder: AboutDialog(),
}


@pytest.fixture(autouse=True)
def themed_and_english_after() -> Iterator[None]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)  # as the app runs: the style sheet's touch targets set the sizes
    yield
    install_language(Language.ENGLISH)


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _place(widget: QWidget) -> None:
    """Lay ``widget`` out as a window manager would at 1280x720: a window fills the screen, a dialog takes its
    preferred size within it (never below its minimum)."""
    if isinstance(widget, WinDialog):  # it sizes itself to the screen's room (as it opens) and its laid-out content
        widget.fit_to_screen(QRect(0, 0, SCREEN.width(), SCREEN.height() + TITLE_BAR_ALLOWANCE))
    widget.show()
    _settle()
    if isinstance(widget, WinDialog):
        pass
    elif isinstance(widget, QMainWindow | PlayersWindow):
        widget.resize(SCREEN.expandedTo(widget.minimumSizeHint()))
    else:
        widget.resize(widget.sizeHint().boundedTo(SCREEN).expandedTo(widget.minimumSizeHint()))
    _settle()
    # A screen that needs more room than 1280x720 gives would have its buttons pushed off it instead.
    assert widget.width() <= SCREEN.width(), f"{type(widget).__name__} needs {widget.minimumSizeHint()}"
    assert widget.height() <= SCREEN.height(), f"{type(widget).__name__} needs {widget.minimumSizeHint()}"


def _plain(text: str) -> list[str]:
    """A button's text as it shows: mnemonics' ``&`` taken out (``&&`` is one ``&``), line by line."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").split("\n")


def _cut_short(button: QAbstractButton) -> str | None:
    """How the button's text does not fit, or None when it shows whole (a push button focused and not: the focus
    frame is thicker than the plain border)."""
    metrics = button.fontMetrics()
    needed = max(metrics.horizontalAdvance(line) for line in _plain(button.text()))
    if not button.icon().isNull():
        needed += button.iconSize().width() + 4
    if isinstance(button, QPushButton):
        for focused in (True, False):
            option = QStyleOptionButton()
            button.initStyleOption(option)
            if focused:
                option.state |= QStyle.StateFlag.State_HasFocus
            else:
                option.state &= ~QStyle.StateFlag.State_HasFocus
            contents = button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, button)
            if contents.width() < needed:
                return f"{contents.width()} px for {needed} px of text{' (focused)' if focused else ''}"
        return None
    if button.width() < button.sizeHint().width():
        return f"{button.width()} px wide, its text needs {button.sizeHint().width()} px"
    return None


def _cut_buttons(window: QWidget) -> list[str]:
    found = []
    for button in window.findChildren(QAbstractButton):
        if not isinstance(button, QPushButton | QToolButton) or not button.text() or not button.isVisibleTo(window):
            continue
        problem = _cut_short(button)
        if problem is not None:
            name = button.objectName() or type(button).__name__
            found.append(f"{type(window).__name__} {name} {button.text()!r}: {problem}")
    return found


def _squeezed(window: QWidget) -> list[str]:
    """The window below its minimum size, a widget laid out below its minimum width, or a scroll area that never
    scrolls sideways narrower than its content's minimum width (the content cut at the right)."""
    found = []
    minimum = window.minimumSizeHint()
    if window.width() < minimum.width() or window.height() < minimum.height():
        found.append(f"{type(window).__name__} is {window.size().toTuple()}, its content needs {minimum.toTuple()}")
    for child in window.findChildren(QWidget):
        if not child.isVisibleTo(window):
            continue
        name = f"{type(child).__name__} {child.objectName()}".strip()
        ignored = child.sizePolicy().horizontalPolicy() == QSizePolicy.Policy.Ignored
        needed = child.minimumSizeHint().width()
        parent = child.parentWidget()
        if parent is not None and parent.layout() is not None and not ignored:
            needed = max(needed, child.minimumWidth())
            if child.width() < needed:
                found.append(f"{name} is {child.width()} px wide, needs {needed} px")
        content_widget = child.widget() if isinstance(child, QScrollArea) else None
        if isinstance(child, QScrollArea) and content_widget is not None:
            off = child.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            content = content_widget.minimumSizeHint().width()
            if off and child.widgetResizable() and child.viewport().width() < content:
                found.append(f"{name} shows {child.viewport().width()} px of its content's {content} px")
    return found


def _problems(window: QWidget) -> list[str]:
    return _cut_buttons(window) + _squeezed(window)


def _check(widget: QWidget) -> list[str]:
    """Every visible button of ``widget`` whole and no widget squeezed, on every page of each of its tab widgets."""
    _place(widget)
    found = _problems(widget)
    for tabs in widget.findChildren(QTabWidget):
        if not tabs.isVisibleTo(widget):
            continue
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            _settle()
            found += [f"tab {tabs.tabText(index)!r}: {problem}" for problem in _problems(widget)]
    return list(dict.fromkeys(found))


def _close_made(before: set[QWidget]) -> None:
    for made in set(QApplication.topLevelWidgets()) - before:
        made.close()
        made.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [*APP_SCREENS, *OTHER_SCREENS])
def test_every_button_shows_its_whole_text_at_1280x720(
    qtbot: QtBot, tmp_path: Path, language: Language, name: str
) -> None:
    install_language(language)
    build = OTHER_SCREENS[name] if name in OTHER_SCREENS else _app_screen(name)
    before = set(QApplication.topLevelWidgets())
    try:
        widget = build(tmp_path)
        problems = _check(widget)
    finally:
        _close_made(before)
    assert problems == []

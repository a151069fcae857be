"""The referee's window and the Players window open inside their screen with their title bar (issue 24).

Checked under Xvfb with openbox at 1280x720: the referee's window opened at its 1280x720 client size, so with a
title bar on top its frame was 1282x745 and the standings' team table and the Seating tab's quality line lay under
the screen's bottom edge; the Players window (1240x700) likewise, 5 px past it and its buttons under any task bar.
Dialogs were already fitted as they show (``window_geometry.fit_dialog``, by the app-wide filter); plain windows now
are too. Here each window is given its screen's whole available room before it shows, as those windows have on a
1280x720 laptop: it must open with the room of a title bar kept, its bottom on the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.players.window import PlayersWindow
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.screenshots import build_demo
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.gui.wheel_guard import install_wheel_guard
from scorekeeper.gui.window_geometry import TITLE_BAR_ALLOWANCE
from scorekeeper.storage import GameStore, default_database_path

pytestmark = pytest.mark.gui


def _referee(folder: Path) -> QWidget:
    store = build_demo(folder / "demo.db")
    window = RefereeWindow(TournamentController(store))
    window.destroyed.connect(store.close)
    return window


def _players(folder: Path) -> QWidget:
    store = GameStore.open(default_database_path(folder))
    window = PlayersWindow(store)
    window.destroyed.connect(store.close)
    return window


@pytest.mark.parametrize("build", [pytest.param(_referee, id="referee"), pytest.param(_players, id="players")])
def test_a_window_as_tall_as_the_screen_opens_with_room_for_its_title_bar(
    qtbot: QtBot, tmp_path: Path, build: Callable[[Path], QWidget]
) -> None:
    install_wheel_guard(QGuiApplication.instance())  # type: ignore[arg-type]
    window = build(tmp_path)
    qtbot.addWidget(window)
    available = window.screen().availableGeometry()
    window.resize(available.size().expandedTo(window.minimumSizeHint()))  # its own size fills a 1280x720 laptop
    window.show()
    qtbot.waitExposed(window)
    assert window.height() <= available.height() - TITLE_BAR_ALLOWANCE, "its bottom under the screen's edge"
    assert window.y() >= available.y()
    assert window.geometry().bottom() <= available.bottom()
    window.close()


def test_a_maximized_window_is_left_to_the_window_manager(qtbot: QtBot) -> None:
    install_wheel_guard(QGuiApplication.instance())  # type: ignore[arg-type]
    window = QMainWindow()
    qtbot.addWidget(window)
    available = window.screen().availableGeometry()
    window.setGeometry(available)
    window.setWindowState(Qt.WindowState.WindowMaximized)
    window.show()
    qtbot.waitExposed(window)
    assert window.height() == available.height()
    window.close()

"""The History's cells are made once per refresh (issue 24: the view asks for each many times as it lays the rows
out): what a cell shows still follows the game and the theme at every refresh."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.theme import Theme, apply_theme, colors
from scorekeeper.session.rules import ruleset

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def light_after() -> Iterator[None]:
    yield
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)


def _foreground(window: MainWindow, row: int, column: int) -> str:
    model = window.history.model
    brush = model.data(model.index(row, column), Qt.ItemDataRole.ForegroundRole)
    assert isinstance(brush, QBrush)
    return brush.color().name()


def test_a_cells_text_follows_a_correction_and_its_colour_the_theme(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.draw([0])  # Aiko tenpai: +3,000, the others -1,000
    model = window.history.model
    assert model.data(model.index(0, 2)) == "+3,000"
    assert _foreground(window, 0, 2) == colors(Theme.LIGHT).positive
    assert _foreground(window, 0, 3) == colors(Theme.LIGHT).negative
    window.set_theme("dark")
    assert _foreground(window, 0, 2) == colors(Theme.DARK).positive
    window.controller.undo()
    window.controller.draw([1])  # now Bruno tenpai
    assert model.data(model.index(0, 2)) == "-1,000"
    assert model.data(model.index(0, 3)) == "+3,000"

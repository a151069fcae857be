"""The interface language changes at once from View ▸ Language, and is remembered (issue 4, "Look and feel")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import load_settings
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, click

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    install_language(Language.ENGLISH)  # no Japanese left installed for the next test


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_switching_to_japanese_applies_at_once_and_keeps_the_game(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.draw([0])
    window.table.rotate()
    before = window.controller.state
    menus = len(menu_titles(window))
    window.set_language("ja")
    assert len(menu_titles(window)) == menus  # the menus are made again, not added twice (Help included)
    assert load_settings(window.data_dir).language == "ja"
    assert window.buttons["ron"].text() == "ロン"
    assert "ゲーム(&G)" in menu_titles(window)
    assert window.table.seat_panels[0].name_label.text() == "Aiko"
    assert window.controller.state == before and window.table.bottom_seat == 1
    assert window.history.model.rowCount() == 1
    assert not window.message_label.isVisible()
    # Everything still works after the rebuild: buttons, shortcuts (one action per shortcut), the history.
    shortcuts = [a.shortcut().toString() for a in window.actions() if not a.shortcut().isEmpty()]
    assert len(shortcuts) == len(set(shortcuts))
    click(qtbot, window.buttons["undo"])
    assert window.controller.state is not None and not window.controller.state.hands
    window.set_language("en")
    assert window.buttons["ron"].text() == "Ron"
    assert "&Game" in menu_titles(window)
    assert QCoreApplication.translate("MainWindow", "Ron") == "Ron"


def test_an_open_results_screen_is_made_again_in_the_new_language(window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.end_game("time")
    assert len(script.results_dialogs) == 1
    window.set_language("ja")
    assert len(script.results_dialogs) == 2
    assert window.results_dialog is script.results_dialogs[-1]
    assert not script.results_dialogs[0].isVisible()

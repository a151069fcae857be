"""The app shows the menus' titles alone until its window is painted, then makes the menus (issue 24: their ~45
actions and shortcuts are not the cold start's): the bar reads the same before and after, in English and Japanese,
and every entry, shortcut and remembered View choice works once they are made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from scorekeeper.gui.app import create_main_window
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.gui.tile_labels import corner_indices, set_corner_indices
from scorekeeper.session.rules import ruleset
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    install_language(Language.ENGLISH)


def _titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def _window(qtbot: QtBot, data: Path, *, menus_later: bool, settings: AppSettings | None = None) -> MainWindow:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)
    window = create_main_window(data, settings=settings or AppSettings(), menus_later=menus_later)
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_menu_titles_shown_first_are_the_menus_made_after_the_first_paint(
    qtbot: QtBot, tmp_path: Path, language: Language
) -> None:
    install_language(language)
    made = _window(qtbot, tmp_path / "a", menus_later=False)
    later = _window(qtbot, tmp_path / "b", menus_later=True)
    assert not later.menus_built
    assert _titles(later) == _titles(made)  # the bar does not change when the menus come
    later.build_menus()
    assert later.menus_built
    assert _titles(later) == _titles(made)
    assert all(isinstance(action.menu(), QMenu) and action.menu().actions() for action in later.menuBar().actions())
    made.close()
    later.close()


def test_the_menus_made_after_the_first_paint_have_their_shortcuts_and_states(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with GameStore.open(default_database_path(data)) as store:
        store.create_game(players=("Ann", "Bo", "Chie", "Dai"), ruleset=ruleset("tenhou").to_json())
    settings = AppSettings(face_players=True, tile_labels=True)
    window = _window(qtbot, data, menus_later=True, settings=settings)
    # The View menu's remembered choices show from the first paint, before the menus are made.
    assert window.table.face_players
    assert corner_indices()
    window.build_menus()
    assert window.face_action.isChecked() and window.tile_labels_action.isChecked()
    assert window.end_game_action.isEnabled() and window.penalty_action.isEnabled()  # a game is open
    assert not window.results_action.isEnabled()  # not ended
    shortcuts = {action.shortcut() for action in window.actions()}
    for key in (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.New, QKeySequence.StandardKey.Quit):
        assert QKeySequence(key) in shortcuts
    assert QKeySequence("F1") in shortcuts  # Help's
    window.close()
    set_corner_indices(False)  # as every other test expects

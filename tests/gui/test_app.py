"""Start-up, crash safety, settings, languages and the screenshot command."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.errors import SaveFileError
from scorekeeper.gui.app import DATA_DIR_ENV, create_main_window, data_folder, smoke_test
from scorekeeper.gui.crash import CRASH_LOG, install_excepthook
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.screenshots import render_all
from scorekeeper.gui.settings import AppSettings, load_settings, save_settings
from scorekeeper.gui.translations import build
from scorekeeper.gui.translations.ja import JA
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, open_window

pytestmark = pytest.mark.gui


def test_data_folder_can_be_overridden(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "portable"))
    assert data_folder() == tmp_path / "portable"


def test_an_unexpected_exception_is_logged_and_shown(tmp_path: Path) -> None:
    shown: list[BaseException] = []
    previous = install_excepthook(tmp_path, show=lambda _path, error: shown.append(error))
    try:
        try:
            raise ZeroDivisionError("boom")
        except ZeroDivisionError as error:
            sys.excepthook(type(error), error, error.__traceback__)
    finally:
        sys.excepthook = previous
    assert isinstance(shown[0], ZeroDivisionError)
    log = (tmp_path / CRASH_LOG).read_text(encoding="utf-8")
    assert "ZeroDivisionError: boom" in log and "Traceback" in log


def test_a_crash_loses_nothing_confirmed(qtbot: QtBot, tmp_path: Path, script: Script) -> None:
    window = open_window(qtbot, tmp_path, script)
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    window.controller.declare_riichi(2)
    state = window.controller.state
    # No close, no save: the next start reads the database as the dead process left it.
    again = open_window(qtbot, tmp_path, script)
    assert again.controller.state == state


def test_a_failed_write_is_reported_and_the_table_shows_the_file(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))

    def fail(*_args: object, **_kwargs: object) -> None:
        raise SaveFileError("disk full", path="games.sqlite3")

    monkeypatch.setattr(window.controller.store, "append", fail)
    assert not window.controller.declare_riichi(0)
    assert "disk full" in window.message_label.text()
    assert window.controller.state is not None
    assert window.controller.state.riichi_sticks == 0


def test_settings_survive_a_bad_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert load_settings(tmp_path) == AppSettings()
    settings = AppSettings(theme="dark", language="ja").with_players(("Ana", "Ben"))
    save_settings(tmp_path, settings)
    assert load_settings(tmp_path) == settings


def test_every_string_of_the_app_has_japanese() -> None:
    # Only the app's own modules (gui/*.py, gui/dialogs, gui/table): other engineers' widgets and pages are
    # checked by the build script's report instead, so a new string there does not break this test.
    gui = Path(build.__file__).resolve().parent.parent
    ours = [*gui.glob("*.py"), *(gui / "dialogs").glob("*.py"), *(gui / "table").glob("*.py")]
    sources = {text for path in ours for _context, text in build._strings_in(path)}
    assert len(sources) > 150
    missing = sorted(sources - set(JA))
    assert not missing, f"run python -m scorekeeper.gui.translations.build and add Japanese for {missing}"


def test_japanese_is_installed_from_the_qt_translation(qtbot: QtBot) -> None:
    try:
        install_language(Language.JAPANESE)
        assert QCoreApplication.translate("Labels", "East") == "東"
        assert QCoreApplication.translate("ActionBarWidget", "Ron") == "ロン"
    finally:
        install_language(Language.ENGLISH)
    assert QCoreApplication.translate("Labels", "East") == "East"


def test_the_japanese_window_asks_with_japanese_yes_and_no(qtbot: QtBot) -> None:
    # Issue 24: "End the game now" asked in Japanese with English Yes/No: the standard buttons are Qt's words.
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    try:
        install_language(Language.JAPANESE)
        box = QMessageBox(QMessageBox.Icon.Question, "?", "?", buttons)
        qtbot.addWidget(box)
        assert "はい" in box.button(QMessageBox.StandardButton.Yes).text()
        assert "いいえ" in box.button(QMessageBox.StandardButton.No).text()
    finally:
        install_language(Language.ENGLISH)
    box = QMessageBox(QMessageBox.Icon.Question, "?", "?", buttons)
    qtbot.addWidget(box)
    assert box.button(QMessageBox.StandardButton.Yes).text() == "&Yes"


def test_screenshots_render_light_dark_english_japanese(tmp_path: Path) -> None:
    written = render_all(tmp_path, only=("draw",))
    assert sorted(p.name for p in written) == [
        "draw-dark-en.png",
        "draw-dark-ja.png",
        "draw-light-en.png",
        "draw-light-ja.png",
    ]
    assert all(p.stat().st_size > 1000 for p in written)


def test_smoke_test_paints_a_new_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert smoke_test(tmp_path) == 0
    assert "table view painted" in capsys.readouterr().out
    assert (tmp_path / "scorekeeper.sqlite3").exists()


@pytest.mark.qt_log_ignore("does not support raise")  # the offscreen platform cannot raise a window
def test_help_menu_and_first_run_guide(qtbot: QtBot, window: MainWindow) -> None:
    menu = window.help_menu
    assert menu is not None
    window.show_first_run_guide()
    guide = menu.dialogs.get("guide")
    assert guide is not None and guide.isVisible()
    guide.close()
    window.settings = AppSettings(skip_guide=True)
    menu.dialogs.clear()
    window.show_first_run_guide()
    assert "guide" not in menu.dialogs


def test_the_game_menu_has_quit_and_it_closes_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    # Issue 24: no Quit in the Game menu.
    window = create_main_window(tmp_path / "data", settings=AppSettings())
    qtbot.addWidget(window)
    window.show()
    game_menu = window.menuBar().actions()[0].menu()
    assert isinstance(game_menu, QMenu)
    quit_action = next(a for a in game_menu.actions() if a.objectName() == "quit_action")
    assert quit_action.text() == "&Quit" and quit_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    quit_action.trigger()
    assert not window.isVisible()

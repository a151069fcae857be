"""The win dialog opens in the value mode last used, remembered in the settings file (not in a class attribute)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import load_settings
from scorekeeper.session import ruleset
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import choose_tab

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def test_the_mode_used_is_remembered_for_the_next_win(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.settings.win_mode == WinValueWidget.QUICK

    def choose_yaku_list(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        widget = dialog.value_widgets[1]
        assert widget.modes.currentIndex() == WinValueWidget.QUICK
        choose_tab(qtbot, widget.modes, WinValueWidget.YAKU)
        dialog.reject()

    def opens_in_yaku_list(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[2])
        assert dialog.value_widgets[2].modes.currentIndex() == WinValueWidget.YAKU
        dialog.reject()

    script.then("win", choose_yaku_list)
    click(qtbot, window.buttons["ron"])
    assert window.settings.win_mode == WinValueWidget.YAKU
    assert load_settings(window.data_dir).win_mode == WinValueWidget.YAKU
    script.then("win", opens_in_yaku_list)
    click(qtbot, window.buttons["tsumo"])


@pytest.mark.parametrize("value", [7, -1, "2", True, None], ids=repr)
def test_a_bad_remembered_mode_falls_back_to_quick(tmp_path: Path, value: object) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"win_mode": value}), encoding="utf-8")
    assert load_settings(tmp_path).win_mode == WinValueWidget.QUICK

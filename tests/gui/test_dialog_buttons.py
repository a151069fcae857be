"""The one Confirm/Cancel pair every dialog ends with (issue 24: nine dialogs built it by hand)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel
from scorekeeper.gui.dialogs.penalty import PenaltyDialog
from scorekeeper.gui.i18n import Language, install_language
from tests.gui.conftest import click

pytestmark = pytest.mark.gui


def _dialog(qtbot: QtBot) -> tuple[QDialog, list[str]]:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    pressed: list[str] = []
    primary, cancel = primary_and_cancel(dialog, lambda: pressed.append("primary"), tooltip="Record it.")
    layout = QVBoxLayout(dialog)
    layout.addLayout(button_row(primary, cancel))
    dialog.show()
    return dialog, pressed


def test_the_primary_button_is_the_default_and_does_what_it_is_given(qtbot: QtBot) -> None:
    dialog, pressed = _dialog(qtbot)
    primary = dialog.findChild(QPushButton, "confirm_button")
    assert primary is not None
    assert primary.isDefault() and primary.property("role") == "primary" and primary.toolTip() == "Record it."
    assert primary.text() == "Confirm"
    click(qtbot, primary)
    assert pressed == ["primary"]
    assert dialog.isVisible()  # the caller decides whether the dialog ends


def test_cancel_rejects_the_dialog(qtbot: QtBot) -> None:
    dialog, pressed = _dialog(qtbot)
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert pressed == []


def test_a_dialog_s_pair_reads_in_japanese(qtbot: QtBot) -> None:
    install_language(Language.JAPANESE)
    try:
        dialog = PenaltyDialog(("Aiko", "Bruno", "Chen", "Dana"))
        qtbot.addWidget(dialog)
        assert dialog.confirm_button.text() == "確定"
        assert "キャンセル" in [button.text() for button in dialog.findChildren(QPushButton)]
    finally:
        install_language(Language.ENGLISH)

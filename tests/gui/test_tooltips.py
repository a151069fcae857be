"""Tooltips in plain words on every action button and on the value modes (issue 5, "The newcomer's first ten
minutes"). A plain-words tooltip is a sentence (several words), not the button's own label again."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtWidgets import QAbstractButton, QTabWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.draw_dialog import DrawDialog, DrawKind
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import click

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def is_plain_words(button_text: str, tip: str) -> bool:
    return len(tip.split()) >= 4 and tip.strip() != button_text.strip()


def assert_explained(buttons: Sequence[QAbstractButton]) -> None:
    missing = [b.objectName() or b.text() for b in buttons if not is_plain_words(b.text(), b.toolTip())]
    assert not missing, f"buttons without a plain-words tooltip: {missing}"


def test_every_action_button_of_the_table_says_what_it_does(window: MainWindow) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))
    buttons = [
        *window.buttons.values(),
        *(panel.riichi_button for panel in window.table.seat_panels),
        window.history.edit_button,
        window.history.delete_button,
        window.history.insert_button,
    ]
    assert_explained(buttons)
    assert "discard" in window.buttons["ron"].toolTip() and "drew" in window.buttons["tsumo"].toolTip()


def test_the_value_modes_and_win_buttons_are_explained(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))
    dialog = WinDialog(window.win_context(), tsumo=False, preview=window.preview_text, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.winner_buttons[1])  # the value modes appear with the winner
    click(qtbot, dialog.winner_buttons[2])  # double ron: a second winner's modes
    modes = [tabs for tabs in dialog.findChildren(QTabWidget) if tabs.objectName().startswith("modes_")]
    assert len(modes) == 2
    for tabs in modes:
        tips = [tabs.tabToolTip(i) for i in range(tabs.count())]
        assert tabs.count() == 3 and all(len(tip.split()) >= 8 for tip in tips), tips
        assert "tiles" in tips[0] and "han and fu" in tips[1] and "Tick the yaku" in tips[2]
    assert_explained(
        [
            dialog.ron_button,
            dialog.tsumo_button,
            dialog.confirm_button,
            *dialog.winner_buttons,
            *dialog.discarder_buttons,
        ]
    )


def test_the_classical_value_modes_are_explained(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(NAMES, ruleset("classical"))
    dialog = WinDialog(window.win_context(), tsumo=True, preview=window.preview_text, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.winner_buttons[0])
    tabs = next(t for t in dialog.findChildren(QTabWidget) if t.objectName().startswith("modes_"))
    tips = [tabs.tabToolTip(i) for i in range(tabs.count())]
    assert "tiles" in tips[0] and "value in points" in tips[1]


def test_the_draw_dialog_buttons_are_explained(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))
    state = window.controller.state
    assert state is not None
    for kind in DrawKind:
        dialog = DrawDialog(names=NAMES, riichi=(), table=state.rules.table, kind=kind, preview=None, parent=window)
        qtbot.addWidget(dialog)
        named = [
            b
            for b in dialog.findChildren(QAbstractButton)
            if b.objectName().split("_", 1)[0] in ("tenpai", "nagashi", "chombo", "abort", "confirm")
        ]
        assert named
        assert all(b.toolTip() for b in named), [b.objectName() for b in named if not b.toolTip()]

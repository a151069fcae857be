"""Regressions of issue 11: editing a past hand previews it in that hand's own position, for both families.

The win dialog of an edit or an insert asks the session (``preview_at``) instead of settling in the window: a hand
entered by tiles in the South round could not be edited (the window's own ``settle`` call forgot the round and
refused it as "the round wind is East"), and a classical edit had no preview at all.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import ExhaustiveDraw, HandWin, HanFuWin, Ron, Seat, Tsumo, ValueWin, ruleset
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import choose_tab

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _tiles(qtbot: QtBot, dialog: WinDialog, seat: int, text: str) -> None:
    widget = dialog.value_widgets[seat]
    choose_tab(qtbot, widget.modes, widget.TILES)
    entry = widget.tiles.entry
    assert entry is not None
    qtbot.keyClicks(entry.text_field, text)
    qtbot.waitUntil(lambda: entry.result() is not None)


def test_a_south_hand_entered_by_tiles_can_be_edited(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    controller = window.controller
    controller.new_game(NAMES, ruleset("tenhou"))
    assert controller.record_result(Ron(Seat(2), (HanFuWin(seat=Seat(1), han=2, fu=30),)))
    for _ in range(3):
        assert controller.record_result(ExhaustiveDraw(()))
    assert controller.state is not None and controller.state.label == "S1"

    # S1: Bruno (South seat) rons Chen with tanyao pinfu, entered by tiles.
    def ron_by_tiles(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        click(qtbot, dialog.discarder_buttons[2])
        _tiles(qtbot, dialog, 1, "234m456p678s55p23s4s")
        click(qtbot, dialog.confirm_button)

    script.then("win", ron_by_tiles)
    click(qtbot, window.buttons["ron"])
    state = controller.state
    assert state is not None and isinstance(state.hands[-1].record.result, Ron)
    assert isinstance(state.hands[-1].record.result.wins[0], HandWin)

    # The referee corrects it: it was Dana who dealt in. The preview is the South hand's, and Confirm is on.
    def ron_off_dana(dialog: WinDialog) -> None:
        # The recorded ron is filled in (issue 12): Bruno's hand by tiles; only the discarder changes.
        assert dialog.winner_buttons[1].isChecked() and dialog.discarder == 2
        assert dialog.value_widgets[1].tiles.entry.winning_tile() == Tile.parse("4s")
        click(qtbot, dialog.discarder_buttons[3])
        text = dialog.preview_label.text()
        assert "round wind" not in text and "2,000" in text.replace("2000", "2,000"), text
        assert dialog.confirm_button.isEnabled()
        click(qtbot, dialog.confirm_button)

    def edit(dialog: EditHandDialog) -> None:
        script.then("win", ron_off_dana)
        click(qtbot, dialog.ron_button)
        click(qtbot, dialog.save_button)

    script.then("edit", edit)
    index = len(state.hands) - 1
    window.history.select(index)
    with qtbot.waitSignal(controller.state_changed):
        click(qtbot, window.history.edit_button)
    edited = controller.state
    assert edited is not None
    result = edited.hands[index].record.result
    assert isinstance(result, Ron) and result.discarder == Seat(3)


def test_a_classical_edit_gets_a_payment_preview(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    controller = window.controller
    controller.new_game(NAMES, ruleset("classical"))
    assert controller.record_result(Tsumo(ValueWin(seat=Seat(1), value=100)))
    assert controller.state is not None

    def tsumo_by_value(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[2])
        widget = dialog.value_widgets[2]
        choose_tab(qtbot, widget.modes, WinValueWidget.CLASSICAL_VALUE)
        widget.value_spin.setValue(120)
        expected = controller.preview_at(0, Tsumo(ValueWin(seat=Seat(2), value=120)), ())
        assert dialog.preview_label.text(), "a classical edit previews its payments"
        assert f"{expected.deltas[2]:,}" in dialog.preview_label.text()
        click(qtbot, dialog.confirm_button)

    def edit(dialog: EditHandDialog) -> None:
        script.then("win", tsumo_by_value)
        click(qtbot, dialog.tsumo_button)
        click(qtbot, dialog.save_button)

    script.then("edit", edit)
    window.history.select(0)
    with qtbot.waitSignal(controller.state_changed):
        click(qtbot, window.history.edit_button)
    state = controller.state
    assert state is not None and state.hands[0].record.result == Tsumo(ValueWin(seat=Seat(2), value=120))

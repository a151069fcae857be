"""A game of the classical Chinese family (seed 003) through the GUI: the value called out, a draw, the results.

The family has no riichi, no honba, no abortive draws and no chombo (scorekeeper.session.classical), so those
buttons are off, and a win is entered as the value the table worked out (the session's ValueWin).
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.draw_dialog import DrawDialog
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import ValueWin
from tests.gui.conftest import Script, click

pytestmark = pytest.mark.gui


def test_a_classical_game_through_the_gui(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    def new_game(dialog: NewGameDialog) -> None:
        dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findText("classical"))
        assert "east_double" in dialog.knob_widgets
        click(qtbot, dialog.start_button)

    script.then("new_game", new_game)
    window.new_game()
    state = window.controller.state
    assert state is not None and str(state.rules.family) == "classical"
    assert not window.buttons["chombo"].isEnabled() and not window.buttons["abort"].isEnabled()
    assert not window.table.seat_panels[0].riichi_button.isVisible()
    assert not window.table.centre.counters_label.isVisible()  # no honba, no sticks in this family
    start = state.scores

    def tsumo_by_value(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        widget = dialog.value_widgets[1]
        assert widget.modes.count() == 1
        widget.value_spin.setValue(120)
        assert dialog.confirm_button.isEnabled()
        click(qtbot, dialog.confirm_button)

    script.then("win", tsumo_by_value)
    click(qtbot, window.buttons["tsumo"])
    state = window.controller.state
    assert state is not None
    assert state.hands[-1].record.result.win == ValueWin(seat=1, value=120)  # type: ignore[union-attr]
    # seed 003 as the session settles it: each other player pays the value, East (seat 0) double.
    assert sum(state.scores) == sum(start)
    assert state.scores[1] - start[1] == 120 * 4

    def draw(dialog: DrawDialog) -> None:
        assert dialog.abort_page is None and not dialog.nagashi_boxes
        assert dialog.tabs.count() == 1  # no chombo page either
        click(qtbot, dialog.confirm_button)

    script.then("draw", draw)
    click(qtbot, window.buttons["draw"])
    assert len(window.controller.state.hands) == 2
    assert window.history.model.data(window.history.model.index(0, 1)) == "Tsumo: Player 2 (120 points)"

    script.confirm_answers.append(True)
    window.end_game_now()
    results = script.results_dialogs[-1]
    assert results.table.item(0, 1).text() == "Player 2"  # the winner; no names were typed
    assert results.table.item(0, 3).text() == ""  # no uma/oka column values in this family

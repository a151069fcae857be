"""A seat a substitute took during the game: the table's History and the Results name who played each hand.

The records, exports and standings already credit a hand won before the substitute came in to the one who left
(session/substitution.py); the History's rows and detail, its column headings and the Results dialog say the same.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HanFuWin, Ron, Tsumo
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import cell

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _bruno_wins_then_leaves(window: MainWindow) -> None:
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.record_result(Ron(Seat(2), (HanFuWin(seat=Seat(1), han=3, fu=40),)))
    session = window.controller.session
    assert session is not None
    session.replace_player(Seat(1), "Sub", "fell ill")
    assert window.controller.record_result(Tsumo(HanFuWin(seat=Seat(1), han=1, fu=30)))
    window.refresh()


def test_a_hand_won_before_the_substitute_came_in_is_the_leavers_in_the_history(window: MainWindow) -> None:
    _bruno_wins_then_leaves(window)
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Ron: Bruno 3 han 40 fu, paid by Chen"
    assert model.data(model.index(1, 1)) == "Tsumo: Sub 1 han 30 fu, paid by all"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "Chen → Bruno" in tip and "Sub" not in tip
    headings = [model.headerData(column, Qt.Orientation.Horizontal) for column in range(2, 6)]
    assert headings == ["Aiko", "Bruno / Sub", "Chen", "Dana"]
    window.history.select(0)
    assert window.history.detail_label.text().startswith("After E1: Aiko 25,000   Bruno 30,200")


def test_the_results_head_a_shared_seat_with_both_names(window: MainWindow) -> None:
    _bruno_wins_then_leaves(window)
    assert window.controller.end_game()
    dialog = window.exports.results_dialog()
    assert dialog is not None
    try:
        assert "Bruno / Sub" in dialog.chart.names
        assert "Bruno / Sub" in [cell(dialog.table, row, 1) for row in range(4)]
    finally:
        dialog.close()
        dialog.deleteLater()

"""Edit hand on a classical hand entered by its tiles opens with those tiles filled in (issue 12).

Before the hand draft (issue 11) the classical Tiles page had no way in, and the edit opened blank: the referee had
to enter the whole hand again to correct a discarder.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.engine.classical import ExtraTile
from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HandWin, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click, edit_unchanged_by_ron, state_of

pytestmark = pytest.mark.gui

#: Seed 003, C, second example: 234p 234p 22p won on 4p from a discard, exposed 333s and 1111s; South's summer
#: and the orchid held (the seat's season doubles). Seat 1 is South in the first hand.
HAND = {
    "hand": "22223344p",  # as the Tiles page writes it (the winning tile last)
    "win": "4p",
    "melds": [{"type": "pon", "tiles": "333s"}, {"type": "minkan", "tiles": "1111s"}],
    "flowers": "26f",
    "tsumo": False,
    "seat_wind": "S",
    "round_wind": "E",
}


def test_edit_hand_opens_a_classical_hand_by_tiles_with_its_tiles(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("classical"))
    assert window.controller.record_result(Ron(Seat.SEAT_0, (HandWin.from_input(Seat.SEAT_1, HAND),)))
    recorded = state_of(window).hands[0].record.result
    seen: list[str] = []

    def filled(dialog: WinDialog) -> None:
        widget = dialog.value_widgets[1]
        assert widget.modes.currentIndex() == WinValueWidget.CLASSICAL_TILES
        assert widget.classical_tiles is not None
        entry = widget.classical_tiles.entry
        assert entry.text_field.text() == "2222334p 4p 333s+pon 1111s+minkan 26f"
        assert entry.winning_tile() == Tile.parse("4p")
        assert entry.extras() == (ExtraTile.SUMMER, ExtraTile.ORCHID)
        assert [b.isChecked() for b in dialog.discarder_buttons] == [True, False, False, False]
        score = entry.result()
        assert score is not None and score.value > 0
        assert dialog.hand_result() == recorded  # exactly the recorded result
        seen.append("tiles")
        click(qtbot, dialog.confirm_button)

    edit_unchanged_by_ron(qtbot, window, script, 0, filled)
    assert seen == ["tiles"]
    script.assert_used_up()

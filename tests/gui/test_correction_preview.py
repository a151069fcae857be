"""A referee's correction shows every player's change before it is saved (issue 12), as the session records it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import quick


def test_edit_hand_shows_before_and_after_then_saves_exactly_that(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    # E1: Bruno rons Aiko's discard, 2 han 30 fu (2,000); then Chen rons Dana, 1 han 30 fu (1,000).
    window.controller.record_result(Ron(Seat.SEAT_0, (HanFuWin(seat=Seat.SEAT_1, han=2, fu=30),)))
    window.controller.record_result(Ron(Seat.SEAT_3, (HanFuWin(seat=Seat.SEAT_2, han=1, fu=30),)))
    shown: list[str] = []

    def three_han(dialog: WinDialog) -> None:
        # The dialog opens with the recorded ron filled in: Bruno won on Aiko's discard (issue 12).
        assert dialog.winner_buttons[1].isChecked() and dialog.discarder == 0
        quick(qtbot, dialog, 1, han=3, fu=30)
        click(qtbot, dialog.confirm_button)

    def edit(dialog: EditHandDialog) -> None:
        assert dialog.correction is not None and not dialog.correction.changes_anything  # nothing changed yet
        script.then("win", three_han)
        click(qtbot, dialog.ron_button)
        preview = dialog.correction
        assert preview is not None
        shown.append(dialog.correction_label.text())
        # 3 han 30 fu non-dealer ron is 3,900 (seed 001 table): Aiko -2,000 -> -3,900, Bruno +2,000 -> +3,900.
        assert preview.hand_before == (-2000, 2000, 0, 0)
        assert preview.hand_after == (-3900, 3900, 0, 0)
        assert preview.end_before == (23000, 27000, 26000, 24000)
        assert preview.end_after == (21100, 28900, 26000, 24000)
        click(qtbot, dialog.save_button)

    script.then("edit", edit)
    window.history.select(0)
    click(qtbot, window.history.edit_button)
    state = window.controller.state
    assert state is not None
    assert state.hands[0].deltas == (-3900, 3900, 0, 0)
    assert state.scores == (21100, 28900, 26000, 24000)
    text = shown[0]
    for figure in ("-2,000 → <b>-3,900</b>", "+2,000 → <b>+3,900</b>", "23,000 → <b>21,100</b>", "Bruno"):
        assert figure in text

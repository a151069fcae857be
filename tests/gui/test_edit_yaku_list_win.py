"""Edit hand reopens a win entered with the yaku list on the yaku list, its yaku ticked (issues 12 and 14)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from scorekeeper.engine.yaku import Yaku
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HanFuWin, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click, edit_unchanged_by_ron, state_of

#: (yaku, han, fu, open hand, dora): tanyao pinfu closed plus one dora; honitsu and haku need an open hand (2 + 1).
HANDS = (
    ((Yaku.PINFU, Yaku.TANYAO), 3, 30, False, 1),
    ((Yaku.YAKUHAI_HAKU, Yaku.HONITSU), 3, 40, True, 0),
)


def test_editing_a_yaku_list_win_shows_its_yaku_and_saving_it_unchanged_keeps_them(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    for yaku, han, fu, _, _ in HANDS:
        window.controller.record_result(Ron(Seat.SEAT_0, (HanFuWin(seat=Seat.SEAT_1, han=han, fu=fu, yaku=yaku),)))
    before = state_of(window)
    check: list[str] = []
    for index in range(len(HANDS)):

        def filled(dialog: WinDialog, index: int = index) -> None:
            page = dialog.value_widgets[1]
            assert page.modes.currentIndex() == WinValueWidget.YAKU
            assert set(page.yaku.ticked()) == {y.value for y in HANDS[index][0]}
            assert page.yaku.open_box.isChecked() == HANDS[index][3]
            assert page.yaku.dora_spin.value() == HANDS[index][4]
            assert dialog.hand_result() == state_of(window).hands[index].record.result
            check.append(f"win {index}")
            click(qtbot, dialog.confirm_button)

        edit_unchanged_by_ron(qtbot, window, script, index, filled)
    assert check == ["win 0", "win 1"]
    after = state_of(window)
    assert after.hands == before.hands and after.scores == before.scores
    script.assert_used_up()

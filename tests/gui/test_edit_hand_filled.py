"""Edit hand opens the win dialog with the recorded result filled in, in the mode it was entered (issue 12)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.engine.yaku import Yaku
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HandWin, HanFuWin, Ron, YakumanWin
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click, edit_unchanged_by_ron, state_of

#: 234m 456p 678s 55p 23s won on 4s by ron, riichi, one dora indicator 1p (pinfu, tanyao, riichi).
TILES_HAND = {
    "hand": "234m45556p236784s",
    "melds": [],
    "win": "4s",
    "tsumo": False,
    "seat_wind": "E",
    "round_wind": "E",
    "dora": ["1p"],
    "ura": [],
    "riichi": True,
}


def _edit(qtbot: QtBot, window: MainWindow, script: Script, index: int, check: list[str]) -> None:
    """Open Edit hand on hand ``index``, open Ron, check the filled dialog (``check``), confirm and save."""

    def filled(dialog: WinDialog) -> None:
        _fields(dialog, index, check)
        check.append("win")
        assert dialog.hand_result() == state_of(window).hands[index].record.result  # exactly the recorded result
        click(qtbot, dialog.confirm_button)

    edit_unchanged_by_ron(qtbot, window, script, index, filled)


def _fields(dialog: WinDialog, index: int, check: list[str]) -> None:
    assert not dialog.tsumo and dialog.ron_button.isChecked()
    assert [b.isChecked() for b in dialog.winner_buttons] == [False, True, False, False]
    assert [b.isChecked() for b in dialog.discarder_buttons] == [True, False, False, False]
    widget = dialog.value_widgets[1]
    if index == 0:  # by Quick: 3 han 30 fu
        assert widget.modes.currentIndex() == WinValueWidget.QUICK
        assert widget.quick.han_fu() == (3, 30)
        assert widget.quick.han_buttons[3].isChecked() and widget.quick.fu_buttons[30].isChecked()
    elif index == 1:  # by tiles: the hand, its winning tile, the dora indicator and riichi
        entry = widget.tiles.entry
        assert widget.modes.currentIndex() == WinValueWidget.TILES
        assert entry.text_field.text() == "234m45556p23678s 4s"
        assert entry.winning_tile() == Tile.parse("4s")
        assert entry.dora_indicators() == (Tile.parse("1p"),)
        assert entry.conditions()["riichi"]
    elif index == 2:  # by the yaku list: tanyao and pinfu ticked, 30 fu, the third han a dora
        assert widget.modes.currentIndex() == WinValueWidget.YAKU
        assert set(widget.yaku.ticked()) == {"tanyao", "pinfu"}
        assert widget.yaku.dora_spin.value() == 1 and widget.yaku.han_fu() == (3, 30)
    else:  # a counted yakuman with pao: Quick's yakuman count and the liable player
        assert widget.modes.currentIndex() == WinValueWidget.QUICK
        assert widget.quick.yakuman == 1
        assert widget.pao_combo.isVisible() and widget.pao_combo.currentData() == 2
    check.append(f"fields {index}")


def test_edit_hand_opens_with_the_recorded_ron_and_saving_it_unchanged_changes_nothing(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    # E1 by Quick; E2 (Bruno, now East, rons again in riichi) by tiles; E2-1 by the yaku list; E2-2 a yakuman
    # with Chen liable.
    window.controller.record_result(Ron(Seat.SEAT_0, (HanFuWin(seat=Seat.SEAT_1, han=3, fu=30),)))
    window.controller.declare_riichi(1)
    hand = dict(TILES_HAND)
    window.controller.record_result(Ron(Seat.SEAT_0, (HandWin.from_input(Seat.SEAT_1, hand),)))
    by_yaku = HanFuWin(seat=Seat.SEAT_1, han=3, fu=30, yaku=(Yaku.PINFU, Yaku.TANYAO))
    window.controller.record_result(Ron(Seat.SEAT_0, (by_yaku,)))
    assert window.controller.record_result(
        Ron(Seat.SEAT_0, (YakumanWin(seat=Seat.SEAT_1, yakuman=1, pao=Seat.SEAT_2),))
    )
    assert len(state_of(window).hands) == 4
    before = state_of(window)
    check: list[str] = []
    for index in range(4):
        _edit(qtbot, window, script, index, check)
    assert check == ["fields 0", "win", "fields 1", "win", "fields 2", "win", "fields 3", "win"]
    after = state_of(window)
    assert after.hands == before.hands and after.scores == before.scores
    script.assert_used_up()


def test_a_hand_recorded_in_another_tile_order_saved_unchanged_records_no_correction(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    # As a record file or the CLI may hold it: the tiles in any order, the table's facts (ron, winds) left out.
    cli_hand = {"hand": "4s55p678s23s456p234m", "win": "4s", "riichi": True, "dora": ["1p"]}
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.declare_riichi(1)
    assert window.controller.record_result(Ron(Seat.SEAT_0, (HandWin.from_input(Seat.SEAT_1, cli_hand),)))
    controller = window.controller
    assert controller.session is not None and controller.game_id is not None
    events = controller.session.events

    def filled(dialog: WinDialog) -> None:
        assert dialog.value_widgets[1].tiles.entry.text_field.text() == "234m45556p23678s 4s"
        click(qtbot, dialog.confirm_button)

    edit_unchanged_by_ron(qtbot, window, script, 0, filled)
    assert controller.session.events == events  # no correction entry ...
    assert controller.store.load_session(controller.game_id).events == events  # ... saved either
    assert not window.message_label.isVisible()  # and nothing to read about it
    script.assert_used_up()

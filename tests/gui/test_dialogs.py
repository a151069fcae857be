"""The dialogs on their own: new game, quick entry, yaku list, win (multiple ron per ruleset), draw, results."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QPushButton
from pytestqt.qtbot import QtBot

from scorekeeper.engine.conditions import WinKind
from scorekeeper.engine.han_fu import is_valid_han_fu
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.yaku import YAKU_WIN_KIND, Yaku
from scorekeeper.gui.dialogs.draw_dialog import DrawDialog, DrawKind
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.penalty import PenaltyDialog
from scorekeeper.gui.dialogs.quick_entry import QuickEntryWidget
from scorekeeper.gui.dialogs.win_dialog import WinContext, WinDialog
from scorekeeper.gui.dialogs.yaku_list import YakuListWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings, load_settings, save_settings
from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    ExhaustiveDraw,
    HandResult,
    HanFuWin,
    NagashiMangan,
    Tsumo,
)
from scorekeeper.session.rules import LIABLE_YAKUMAN, Ruleset, ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "valid"),
    [
        pytest.param(1, 20, True, False, id="20fu-needs-pinfu-tsumo-2han"),
        pytest.param(2, 20, True, True, id="pinfu-tsumo"),
        pytest.param(2, 20, False, False, id="20fu-never-by-ron"),
        pytest.param(1, 25, False, False, id="chiitoitsu-is-2han"),
        pytest.param(2, 25, False, True, id="chiitoitsu-ron"),
        pytest.param(2, 25, True, False, id="chiitoitsu-tsumo-is-3han"),
        pytest.param(1, 30, False, True, id="1han-30fu"),
        pytest.param(5, 20, True, True, id="pinfu-tsumo-at-mangan"),
        pytest.param(5, 20, False, False, id="20fu-never-by-ron-even-at-mangan"),
    ],
)
def test_quick_entry_offers_only_valid_han_fu(han: int, fu: int, tsumo: bool, valid: bool) -> None:
    assert is_valid_han_fu(han, fu, tsumo=tsumo) is valid


def test_quick_entry_greys_out_impossible_fu(qtbot: QtBot) -> None:
    widget = QuickEntryWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou"), tsumo=False, dealer=False)
    widget.set_han(1)
    assert not widget.fu_buttons[20].isEnabled()
    assert not widget.fu_buttons[25].isEnabled()
    widget.set_fu(30)
    assert widget.han_fu() == (1, 30)
    assert "1,000" in widget.summary_label.text()
    widget.set_han(6)
    assert not any(b.isEnabled() for b in widget.fu_buttons.values())  # haneman: fu are not asked
    assert widget.han_fu() == (6, 30)
    widget.set_yakuman(2)
    point_value = widget.point_value()
    assert point_value is not None and point_value.base == 16000


def test_yaku_list_adds_the_engine_han_and_dora(qtbot: QtBot) -> None:
    widget = YakuListWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou"), tsumo=False)
    assert "dora alone" in widget.summary_label.text()
    widget.yaku_boxes["honitsu"].setChecked(True)
    widget.yaku_boxes["yakuhai_chun"].setChecked(True)
    widget.dora_spin.setValue(1)
    assert widget.han() == 5  # closed honitsu 3 + chun 1 + dora 1
    widget.open_box.setChecked(True)
    assert widget.han() == 4  # open honitsu 2
    assert not widget.yaku_boxes["pinfu"].isEnabled()  # closed only
    widget.set_fu(40)
    assert widget.han_fu() == (4, 40)
    widget.yaku_boxes["daisangen"].setChecked(True)
    assert widget.yakuman_count() == 1


@pytest.mark.parametrize("tsumo", [False, True], ids=["ron", "tsumo"])
def test_the_yaku_list_offers_a_situational_yaku_only_on_the_win_kind_the_engine_names(
    qtbot: QtBot, tsumo: bool
) -> None:
    # Chankan and houtei only on a ron, haitei and rinshan kaihou only on a tsumo (seed 000, "Yaku"): the widget
    # asks the engine's YAKU_WIN_KIND (also menzen tsumo, renhou, tenhou, chiihou) instead of its own table.
    widget = YakuListWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou", {"renhou": "mangan"}), tsumo=tsumo)
    kind = WinKind.TSUMO if tsumo else WinKind.RON
    for yaku, needs in YAKU_WIN_KIND.items():
        assert widget.yaku_boxes[yaku.value].isEnabled() is (needs is kind), yaku
    assert widget.yaku_boxes["riichi"].isEnabled()
    assert widget.yaku_boxes["daisangen"].isEnabled()


def context(rules: Ruleset) -> WinContext:
    return WinContext(names=NAMES, dealer=0, seat_winds=("E", "S", "W", "N"), round_wind="E", riichi=(), ruleset=rules)


def preview(result: HandResult) -> str:
    return f"preview of {type(result).__name__}"


@pytest.mark.parametrize(
    ("preset", "overrides", "max_winners"),
    [
        pytest.param("tenhou", {}, 2, id="tenhou-double-ron-triple-aborts"),
        pytest.param("ema2016", {}, 3, id="ema-triple-ron-allowed"),
        pytest.param("tenhou", {"double_ron": False, "triple_ron": "head_bump"}, 1, id="head-bump"),
    ],
)
def test_multiple_ron_only_where_the_ruleset_allows(
    qtbot: QtBot, preset: str, overrides: dict[str, object], max_winners: int
) -> None:
    rules = ruleset(preset, overrides)
    dialog = WinDialog(context(rules), tsumo=False, preview=preview)
    qtbot.addWidget(dialog)
    dialog.show()
    for seat in (1, 2, 3):
        click(qtbot, dialog.winner_buttons[seat])
    assert len(dialog.value_widgets) == max_winners
    click(qtbot, dialog.tsumo_button)
    assert len(dialog.value_widgets) == 1
    assert not dialog.discarder_buttons[0].isVisible()


def test_win_dialog_says_what_is_missing_and_previews(qtbot: QtBot) -> None:
    dialog = WinDialog(context(ruleset("tenhou")), tsumo=False, preview=preview)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.confirm_button.isEnabled()
    assert "winner" in dialog.preview_label.text().lower()
    click(qtbot, dialog.winner_buttons[1])
    assert "discard" in dialog.preview_label.text().lower()
    click(qtbot, dialog.discarder_buttons[0])
    assert not dialog.discarder_buttons[1].isEnabled()  # the winner cannot be the discarder
    widget = dialog.value_widgets[1]
    widget.quick.set_han(2)
    widget.quick.set_fu(30)
    assert dialog.confirm_button.isEnabled()
    assert dialog.preview_label.text() == "preview of Ron"


def draw_dialog(qtbot: QtBot, rules: Ruleset, kind: DrawKind, riichi: tuple[int, ...] = ()) -> DrawDialog:
    dialog = DrawDialog(names=NAMES, riichi=riichi, table=rules.table, kind=kind)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_draw_ticks_riichi_players_tenpai(qtbot: QtBot) -> None:
    dialog = draw_dialog(qtbot, ruleset("tenhou"), DrawKind.DRAW, riichi=(0, 2))
    assert [b.isChecked() for b in dialog.tenpai_boxes] == [True, False, True, False]
    assert dialog.hand_result() == ExhaustiveDraw((Seat(0), Seat(2)))
    click(qtbot, dialog.nagashi_boxes[3])
    assert dialog.hand_result() == NagashiMangan((Seat(3),), (Seat(0), Seat(2)))


def test_nagashi_and_aborts_only_where_allowed(qtbot: QtBot) -> None:
    ema = draw_dialog(qtbot, ruleset("ema2016"), DrawKind.ABORT)
    assert not ema.nagashi_boxes
    assert ema.abort_page is None
    tenhou = draw_dialog(qtbot, ruleset("tenhou"), DrawKind.ABORT)
    assert tenhou.tabs.currentWidget() is tenhou.abort_page
    click(qtbot, tenhou.abort_buttons[AbortReason.SUUFON])
    assert tenhou.hand_result() == AbortiveDraw(AbortReason.SUUFON)


def test_chombo_needs_an_offender(qtbot: QtBot) -> None:
    dialog = draw_dialog(qtbot, ruleset("tenhou"), DrawKind.CHOMBO)
    assert dialog.hand_result() is None
    click(qtbot, dialog.confirm_button)
    assert dialog.isVisible()
    assert "chombo" in dialog.hint_label.text().lower()
    click(qtbot, dialog.chombo_buttons[3])
    assert dialog.hand_result() == Chombo(Seat(3))


def test_new_game_remembers_players_and_seats_them(qtbot: QtBot, tmp_path: Path) -> None:
    settings = AppSettings(recent_players=("Kim", "Lea", "Max", "Noa", "Oli"))
    dialog = NewGameDialog(settings, rng=random.Random(1))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.players() == ("Kim", "Lea", "Max", "Noa")
    assert dialog.name_edits[0].completer().model().rowCount() == 5
    move_up = dialog.findChild(QPushButton, "move_up_1")
    assert move_up is not None
    click(qtbot, move_up)
    assert dialog.players()[:2] == ("Lea", "Kim")
    click(qtbot, dialog.shuffle_button)
    assert sorted(dialog.players()) == ["Kim", "Lea", "Max", "Noa"]
    save_settings(tmp_path, settings.with_players(dialog.players()))
    assert load_settings(tmp_path).recent_players[:4] == dialog.players()


def test_new_game_shows_every_knob_and_saves_a_custom_ruleset(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings(), ask_name=lambda _parent: "club")
    qtbot.addWidget(dialog)
    dialog.show()
    rules = ruleset("tenhou")
    import dataclasses

    knobs = {f.name for f in dataclasses.fields(rules.hand)} | {f.name for f in dataclasses.fields(rules.table)}
    assert set(dialog.knob_widgets) == knobs - {"name"}
    assert dialog.current_ruleset() == rules
    red_fives = dialog.knob_widgets["red_fives"]
    assert isinstance(red_fives, QCheckBox)
    click(qtbot, red_fives)
    changed = dialog.current_ruleset()
    assert changed.overrides_dict() == {"red_fives": False}
    click(qtbot, dialog.save_button)
    assert dialog.settings.ruleset("club") == {"preset": "tenhou", "overrides": {"red_fives": False}}
    assert "club" in dialog.preset_combo.currentText()
    assert dialog.choice().ruleset == changed


def test_new_game_offers_the_session_s_yakuman_that_can_be_fed_for_pao(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings())
    qtbot.addWidget(dialog)
    boxes = dialog.knob_widgets["pao_yakuman"].findChildren(QCheckBox)
    assert tuple(box.text() for box in boxes) == LIABLE_YAKUMAN
    assert {box.text() for box in boxes if box.isChecked()} == ruleset("tenhou").table.pao_yakuman


def test_a_referee_penalty_is_applied_after_uma(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))

    def penalty(parent: object, names: tuple[str, ...]) -> tuple[int, int, str] | None:
        dialog = PenaltyDialog(names)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.seat_combo.setCurrentIndex(2)
        dialog.points_spin.setValue(-20000)
        qtbot.keyClicks(dialog.reason_edit, "slow play")
        click(qtbot, dialog.confirm_button)
        return dialog.penalty()

    window.dialogs.penalty = penalty
    window.enter_penalty()
    state = window.controller.state
    assert state is not None
    assert [(int(p.seat), p.points, p.reason) for p in state.penalties] == [(2, -20000, "slow play")]
    assert state.scores == (25000,) * 4  # after uma: the table's scores do not move


def test_theme_can_be_chosen_and_is_remembered(window: MainWindow) -> None:
    window.set_theme("dark")
    assert load_settings(window.data_dir).theme == "dark"
    window.set_theme("light")
    assert load_settings(window.data_dir).theme == "light"


@pytest.mark.parametrize(
    ("renhou", "expected_han"),
    [
        pytest.param("five_han", 7, id="wrc-five-han-adds-up"),
        pytest.param("mangan", 5, id="ema-mangan-unless-worth-more"),
    ],
)
def test_renhou_in_the_yaku_list_follows_the_ruleset(qtbot: QtBot, renhou: str, expected_han: int) -> None:
    widget = YakuListWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou", {"renhou": renhou}), tsumo=False)
    widget.yaku_boxes["renhou"].setChecked(True)
    widget.yaku_boxes["tanyao"].setChecked(True)
    widget.dora_spin.setValue(1)
    assert widget.han() == expected_han


def test_new_game_takes_nul_characters_out_of_typed_names(qtbot: QtBot) -> None:
    """Issue 10: a NUL cuts a name short in C libraries, terminals and spreadsheets."""
    dialog = NewGameDialog(AppSettings(), rng=random.Random(1))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.name_edits[0].setText("A\x00nn")
    dialog.name_edits[1].setText("\x00")
    assert dialog.players()[:2] == ("Ann", "Player 2")
    dialog.close()


def test_the_yaku_list_counts_menzen_tsumo_on_a_closed_tsumo(qtbot: QtBot) -> None:
    # Chiitoitsu alone ticked on a tsumo was 2 han 25 fu, which no tsumo has, and the dialog showed the session's
    # refusal. A closed hand won by tsumo has menzen tsumo (engine.declared, issue 24): 3 han 25 fu, ticked for all
    # to see, and recorded with the yaku.
    dialog = WinDialog(context(ruleset("tenhou")), tsumo=True, preview=preview)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.winner_buttons[1])
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentWidget(widget.yaku)
    widget.yaku.yaku_boxes["chiitoitsu"].setChecked(True)
    assert widget.yaku.yaku_boxes["menzen_tsumo"].isChecked()
    assert widget.yaku.han_fu() == (3, 25)
    assert dialog.confirm_button.isEnabled()
    assert dialog.preview_label.text() == "preview of Tsumo"
    win = widget.win()
    assert isinstance(win, HanFuWin) and set(win.yaku) == {Yaku.CHIITOITSU, Yaku.MENZEN_TSUMO}


def test_the_yaku_list_passes_its_yaku_with_the_han_and_fu_for_statistics(qtbot: QtBot) -> None:
    # Issue 14: a win entered with the yaku list keeps the ticked yaku (docs/statistics.md); Quick has none.
    dialog = WinDialog(context(ruleset("tenhou")), tsumo=True, preview=preview)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.winner_buttons[1])
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentWidget(widget.yaku)
    widget.yaku.yaku_boxes["chiitoitsu"].setChecked(True)
    widget.yaku.yaku_boxes["menzen_tsumo"].setChecked(True)
    widget.yaku.dora_spin.setValue(1)
    result = dialog.hand_result()
    assert isinstance(result, Tsumo)
    assert result.win == HanFuWin(seat=Seat(1), han=4, fu=25, yaku=(Yaku.MENZEN_TSUMO, Yaku.CHIITOITSU))
    widget.modes.setCurrentWidget(widget.quick)
    widget.quick.set_han(4)
    widget.quick.set_fu(25)
    quick = dialog.hand_result()
    assert isinstance(quick, Tsumo)
    assert quick.win == HanFuWin(seat=Seat(1), han=4, fu=25)


def test_the_yaku_list_records_pinfu_tsumo_at_20_fu_and_asks_no_fu_the_yaku_decide(qtbot: QtBot) -> None:
    # Issue 24: riichi pinfu menzen tsumo was recorded at 30 fu; pinfu with dora at 4 han asked for the fu.
    widget = YakuListWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou"), tsumo=True, riichi=True)
    for name in ("pinfu", "menzen_tsumo"):
        widget.yaku_boxes[name].setChecked(True)
    assert widget.han_fu() == (3, 20)
    assert not any(button.isEnabled() for button in widget.fu_buttons.values())
    widget.set_context(rules=hand_rules("tenhou"), tsumo=False, riichi=False)
    widget.yaku_boxes["riichi"].setChecked(False)
    widget.dora_spin.setValue(3)
    assert widget.han_fu() == (4, 30)  # pinfu by ron: 30 fu, not asked
    assert not any(button.isEnabled() for button in widget.fu_buttons.values())


@pytest.mark.parametrize("aotenjou", [False, True], ids=["limits", "aotenjou"])
def test_quick_entry_records_the_same_value_whatever_the_order_of_the_taps(qtbot: QtBot, aotenjou: bool) -> None:
    # Issue 24: under aotenjou 6 han then 40 fu recorded 30 fu (30,720) and 40 fu then 6 han 40 fu (40,960).
    rules = hand_rules("tenhou", {"aotenjou": aotenjou})
    recorded = []
    for taps in (("han", "fu"), ("fu", "han")):
        widget = QuickEntryWidget()
        qtbot.addWidget(widget)
        widget.set_context(rules=rules, tsumo=False, dealer=False)
        for tap in taps:
            button = widget.han_buttons[6] if tap == "han" else widget.fu_buttons[40]
            if button.isEnabled():
                button.click()
        recorded.append((widget.han_fu(), widget.point_value()))
    assert recorded[0] == recorded[1]
    assert recorded[0][0] == ((6, 40) if aotenjou else (6, 30))

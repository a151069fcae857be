"""The hand-entry widget: tiles in by taps or by typing, the engine's result live, waits, melds, conditions."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.engine.hand import MeldKind
from scorekeeper.engine.jsonio import hand_from_json
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, TileKind, parse_tiles
from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import InvalidHandError
from scorekeeper.gui.widgets.hand_entry import EntryTarget, HandEntryWidget
from scorekeeper.gui.widgets.tile_picker import picker_tiles

pytestmark = pytest.mark.gui


LEFT = Qt.MouseButton.LeftButton


def T(text: str) -> Tile:
    return Tile.parse(text)


@pytest.fixture
def entry(qtbot: QtBot) -> HandEntryWidget:
    widget = HandEntryWidget()
    qtbot.addWidget(widget)
    widget.set_context(rules=hand_rules("tenhou"), tsumo=False, seat_wind="S", round_wind="E")
    widget.show()
    return widget


def tap_tiles(qtbot: QtBot, entry: HandEntryWidget, text: str) -> None:
    for tile in parse_tiles(text):
        qtbot.mouseClick(entry.picker.button(tile), LEFT)


def tap_target(qtbot: QtBot, entry: HandEntryWidget, target: EntryTarget) -> None:
    qtbot.mouseClick(entry.target_buttons[target], LEFT)


def yaku_of(score: HandScore | None) -> set[Yaku]:
    assert score is not None
    return {item.yaku for item in score.yaku}


def test_empty_widget_says_what_to_do(entry: HandEntryWidget) -> None:
    assert entry.result() is None
    assert "Enter the winning hand" in entry.message()
    assert entry.message_label.text() == entry.message()


def test_tapping_fourteen_tiles_scores_the_hand_with_the_last_tile_as_winning_tile(
    qtbot: QtBot, entry: HandEntryWidget
) -> None:
    # Tanyao and pinfu by ron on 2m (3-4m waiting two-sided), 30 fu: 2 han 30 fu = 2,000 for a non-dealer.
    tap_tiles(qtbot, entry, "34m456p345678s22p2m")
    assert entry.winning_tile() == T("2m")
    score = entry.result()
    assert yaku_of(score) == {Yaku.TANYAO, Yaku.PINFU}
    assert score is not None
    assert (score.han, score.fu, score.points) == (2, 30, 2000)
    assert entry.text_field.text() == "34m22456p345678s 2m"
    assert "2 han 30 fu" in entry.headline_label.text()
    assert "2,000" in entry.headline_label.text()
    assert "Ron: 2,000" in entry.details_label.text()


def test_result_changed_is_emitted_on_every_tap(qtbot: QtBot, entry: HandEntryWidget) -> None:
    with qtbot.waitSignal(entry.result_changed):
        qtbot.mouseClick(entry.picker.button(T("1z")), LEFT)


def test_typing_mpsz_fills_the_hand_and_the_picker_knows(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "123m406p789s11z")
    assert entry.concealed() == parse_tiles("123m406p789s11z")
    assert entry.winning_tile() is None
    assert "11 tile(s)" in entry.message()
    assert not entry.picker.button(T("0p")).isEnabled()  # the one red five of pinzu is in the hand
    assert entry.picker.button(T("1z")).badge == 2


def test_typing_an_error_shows_it_and_keeps_the_hand(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "123m")
    qtbot.keyClicks(entry.text_field, "8z")
    assert "8z" in entry.text_error.text()
    assert entry.concealed() == parse_tiles("123m")


def test_thirteen_tiles_list_the_waits_with_ron_and_tsumo_values(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m456p789s3355z")
    kinds = [wait.kind for wait in entry.waits()]
    assert kinds == [TileKind.WEST, TileKind.WHITE]
    assert len(entry.wait_buttons) == 2
    white = entry.waits()[1]
    assert isinstance(white.ron, HandScore)
    assert isinstance(white.tsumo, HandScore)
    assert "no yaku" in entry.wait_buttons[0].text()  # West for the South seat in the East round, by ron
    assert "Ron" in entry.wait_buttons[1].text()
    assert "Tsumo" in entry.wait_buttons[1].text()


def test_tapping_a_wait_makes_it_the_winning_tile(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m456p789s3355z")
    with qtbot.waitSignal(entry.result_changed):
        qtbot.mouseClick(entry.wait_buttons[1], LEFT)
    assert entry.winning_tile() == T("5z")
    assert yaku_of(entry.result()) == {Yaku.YAKUHAI_HAKU}
    assert entry.text_field.text() == "234m456p789s3355z 5z"


def test_no_yaku_is_said_in_a_plain_sentence(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m456p678s11s 789m+chi")
    assert entry.result() is None
    assert entry.message().startswith("No yaku")
    assert len(entry.melds()) == 1


def test_not_a_winning_hand_is_said_in_a_plain_sentence(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "123m456p789s1357z 1z")
    assert entry.result() is None
    assert entry.message().startswith("Not a winning hand")


def test_tapping_a_hand_tile_removes_it(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_tiles(qtbot, entry, "19m5z")
    qtbot.mouseClick(entry.hand_row.buttons[1], LEFT)
    assert entry.concealed() == parse_tiles("1m5z")
    assert entry.text_field.text() == "1m5z"


def test_winning_tile_mode_picks_a_tile_of_the_hand(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_tiles(qtbot, entry, "34m456p345678s22p2m")
    tap_target(qtbot, entry, EntryTarget.WIN)
    qtbot.mouseClick(entry.hand_row.buttons[0], LEFT)  # 3m, the first tile shown
    assert entry.winning_tile() == T("3m")
    assert entry.concealed()[0] == T("2m")
    assert entry.target() is EntryTarget.HAND
    score = entry.result()
    assert score is not None
    # 3m in 2-3-4 is a closed wait: 20 base + 10 closed ron + 2 = 32, rounded to 40; no pinfu (seed 004, 6.3).
    assert (score.han, score.fu) == (1, 40)


def test_a_fifth_copy_cannot_be_tapped(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_tiles(qtbot, entry, "1111m")
    assert not entry.picker.button(T("1m")).isEnabled()
    qtbot.mouseClick(entry.picker.button(T("1m")), LEFT)
    assert len(entry.concealed()) == 4


def test_a_full_hand_takes_no_fifteenth_tile(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_tiles(qtbot, entry, "34m456p345678s22p2m")
    tap_tiles(qtbot, entry, "9s")
    assert len(entry.concealed()) == 13
    assert "full" in entry.target_hint.text()


def test_pon_builder_makes_a_pon_from_one_tap(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_target(qtbot, entry, EntryTarget.PON)
    tap_tiles(qtbot, entry, "7z")
    assert [(m.kind, m.tiles) for m in entry.melds()] == [(MeldKind.PON, parse_tiles("777z"))]
    assert entry.target() is EntryTarget.HAND
    assert entry.text_field.text() == "777z+pon"
    assert entry.picker.button(T("7z")).badge == 3


def test_chi_builder_takes_three_taps_with_a_red_five(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_target(qtbot, entry, EntryTarget.CHI)
    tap_tiles(qtbot, entry, "3m4m")
    assert "Finish the chi" in entry.message()
    tap_tiles(qtbot, entry, "0m")
    assert [(m.kind, m.tiles) for m in entry.melds()] == [(MeldKind.CHI, parse_tiles("340m"))]


def test_chi_builder_refuses_a_broken_run(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_target(qtbot, entry, EntryTarget.CHI)
    tap_tiles(qtbot, entry, "13m5m")
    assert entry.melds() == ()
    assert "chi" in entry.target_hint.text()


def test_kan_of_fives_includes_the_red_five_when_red_fives_are_in_play(qtbot: QtBot, entry: HandEntryWidget) -> None:
    tap_target(qtbot, entry, EntryTarget.ANKAN)
    tap_tiles(qtbot, entry, "5p")
    assert entry.melds()[0].tiles == parse_tiles("5550p")


def test_closed_kan_hand_scores_with_rinshan(qtbot: QtBot, entry: HandEntryWidget) -> None:
    entry.set_context(rules=hand_rules("tenhou"), tsumo=True, seat_wind="S", round_wind="E")
    tap_target(qtbot, entry, EntryTarget.ANKAN)
    tap_tiles(qtbot, entry, "9s")
    tap_tiles(qtbot, entry, "234m456p11z78p9p")
    assert entry.winning_tile() == T("9p")
    qtbot.mouseClick(entry.condition_boxes["rinshan"], LEFT)
    assert yaku_of(entry.result()) == {Yaku.MENZEN_TSUMO, Yaku.RINSHAN_KAIHOU}


def test_dora_indicators_count(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m456p789s3355z 5z")
    tap_target(qtbot, entry, EntryTarget.DORA)
    tap_tiles(qtbot, entry, "1m4z")  # 2m and East: one dora in the hand (2m)
    assert entry.dora_indicators() == parse_tiles("1m4z")
    score = entry.result()
    assert score is not None
    assert score.dora == 1
    qtbot.mouseClick(entry.dora_row.buttons[0], LEFT)
    assert entry.dora_indicators() == parse_tiles("4z")


def test_ura_is_offered_only_with_riichi(qtbot: QtBot, entry: HandEntryWidget) -> None:
    assert not entry.target_buttons[EntryTarget.URA].isVisible()
    assert not entry.ura_row.isVisible()
    qtbot.mouseClick(entry.condition_boxes["riichi"], LEFT)
    assert entry.target_buttons[EntryTarget.URA].isVisible()
    assert entry.ura_row.isVisible()


def test_session_riichi_is_ticked_and_locked(entry: HandEntryWidget) -> None:
    entry.set_context(rules=hand_rules("tenhou"), tsumo=False, seat_wind="S", round_wind="E", riichi=True)
    box = entry.condition_boxes["riichi"]
    assert box.isChecked()
    assert not box.isEnabled()
    assert entry.condition_boxes["ippatsu"].isVisible()


@pytest.mark.parametrize(
    ("tsumo", "seat", "shown", "hidden"),
    [
        (False, "S", {"houtei", "chankan", "riichi", "double_riichi"}, {"haitei", "rinshan", "tenhou", "chiihou"}),
        (True, "S", {"haitei", "chiihou"}, {"houtei", "chankan", "tenhou", "renhou", "rinshan"}),
        (True, "E", {"haitei", "tenhou"}, {"chiihou", "houtei"}),
    ],
    ids=["ron-non-dealer", "tsumo-non-dealer", "tsumo-dealer"],
)
def test_conditions_are_offered_only_when_possible(
    entry: HandEntryWidget, tsumo: bool, seat: str, shown: set[str], hidden: set[str]
) -> None:
    entry.set_context(rules=hand_rules("tenhou"), tsumo=tsumo, seat_wind=seat, round_wind="E")
    for name in shown:
        assert entry.condition_boxes[name].isVisible(), name
    for name in hidden:
        assert not entry.condition_boxes[name].isVisible(), name


def test_ippatsu_appears_after_riichi_and_riichi_disappears_with_an_open_meld(
    qtbot: QtBot, entry: HandEntryWidget
) -> None:
    assert not entry.condition_boxes["ippatsu"].isVisible()
    qtbot.mouseClick(entry.condition_boxes["riichi"], LEFT)
    assert entry.condition_boxes["ippatsu"].isVisible()
    qtbot.mouseClick(entry.condition_boxes["riichi"], LEFT)
    tap_target(qtbot, entry, EntryTarget.PON)
    tap_tiles(qtbot, entry, "1z")
    assert not entry.condition_boxes["riichi"].isVisible()


def test_hand_input_is_the_engine_json_and_scores_the_same(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.mouseClick(entry.condition_boxes["riichi"], LEFT)
    qtbot.keyClicks(entry.text_field, "234m406p789s5566z 6z")
    tap_target(qtbot, entry, EntryTarget.DORA)
    tap_tiles(qtbot, entry, "4p")
    tap_target(qtbot, entry, EntryTarget.URA)
    tap_tiles(qtbot, entry, "9s")
    obj = entry.hand_input()
    assert obj["hand"] == "234m406p789s55666z"
    assert obj["win"] == "6z"
    assert obj["riichi"] is True
    assert obj["dora"] == ["4p"]
    assert obj["ura"] == ["9s"]
    hand, rules = hand_from_json(obj)
    assert score_hand(hand, rules) == entry.result()


def test_clear_empties_everything(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m406p789s5566z 6z")
    qtbot.mouseClick(entry.clear_button, LEFT)
    assert entry.concealed() == ()
    assert entry.winning_tile() is None
    assert entry.text_field.text() == ""


def test_screens_render(qtbot: QtBot, entry: HandEntryWidget, tmp_path: Path) -> None:
    for name, text in (
        ("empty", ""),
        ("complete", "234m406p789s5566z 6z"),
        ("waits", "234m456p789s3355z"),
        ("error", "123m456p789s1357z 1z"),
    ):
        entry.set_hand_text(text)
        entry.resize(1180, 800)
        image = entry.grab()
        assert not image.isNull()
        assert image.save(str(tmp_path / f"{name}.png"))


def test_without_red_fives_the_picker_hides_them_and_a_kan_of_fives_is_ordinary(
    qtbot: QtBot, entry: HandEntryWidget
) -> None:
    entry.set_context(rules=hand_rules("ema2016"), tsumo=False, seat_wind="S", round_wind="E")
    assert not entry.picker.button(T("0s")).isVisible()
    tap_target(qtbot, entry, EntryTarget.MINKAN)
    tap_tiles(qtbot, entry, "5s")
    assert entry.melds()[0].tiles == parse_tiles("5555s")


def test_session_riichi_withdrawn_unticks_riichi(entry: HandEntryWidget) -> None:
    entry.set_context(rules=hand_rules("tenhou"), tsumo=False, seat_wind="S", round_wind="E", riichi=True)
    entry.set_context(rules=hand_rules("tenhou"), tsumo=False, seat_wind="S", round_wind="E", riichi=False)
    assert not entry.conditions()["riichi"]
    assert entry.condition_boxes["riichi"].isEnabled()


def test_a_tap_on_the_winning_tile_in_the_hand_removes_it(qtbot: QtBot, entry: HandEntryWidget) -> None:
    qtbot.keyClicks(entry.text_field, "234m456p789s3355z 5z")
    qtbot.mouseClick(entry.hand_row.buttons[-1], LEFT)
    assert entry.winning_tile() is None
    assert len(entry.waits()) == 2


_ALL_PICKS = [tile for row in picker_tiles() for tile in row]
_TARGETS = list(EntryTarget)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(_ALL_PICKS), st.sampled_from(_TARGETS)),
        min_size=1,
        max_size=30,
    )
)
def test_random_taps_never_place_a_fifth_copy_or_a_second_red_five(
    qapp: QApplication, actions: list[Tile | EntryTarget]
) -> None:
    widget = HandEntryWidget()
    widget.set_context(rules=hand_rules("tenhou"), tsumo=True, seat_wind="E", round_wind="E")
    try:
        for action in actions:
            if isinstance(action, EntryTarget):
                if widget.target_buttons[action].isVisibleTo(widget):
                    widget.target_buttons[action].click()
            elif widget.picker.button(action).isEnabled():
                widget.picker.button(action).click()
            in_use = [*widget.concealed(), *widget.dora_indicators(), *widget.ura_indicators()]
            in_use += [t for m in widget.melds() for t in m.tiles]
            win = widget.winning_tile()
            if win is not None:
                in_use.append(win)
            kinds = Counter(t.kind for t in in_use)
            reds = Counter(t.kind for t in in_use if t.red)
            assert max(kinds.values(), default=0) <= 4
            assert max(reds.values(), default=0) <= 1
            assert widget.result() is None or widget.message() == ""
    finally:
        widget.deleteLater()


def test_hand_input_carries_a_custom_ruleset_as_preset_and_overrides(qtbot: QtBot, entry: HandEntryWidget) -> None:
    rules = hand_rules("mleague", {"open_tanyao": False})
    entry.set_context(rules=rules, tsumo=False, seat_wind="S", round_wind="E")
    qtbot.keyClicks(entry.text_field, "234m406p789s5566z 6z")
    obj = entry.hand_input()
    assert isinstance(obj["ruleset"], dict)
    _hand, read_back = hand_from_json(obj)
    assert dataclasses.replace(read_back, name=rules.name) == rules


def test_hand_input_needs_a_winning_tile(entry: HandEntryWidget) -> None:
    with pytest.raises(InvalidHandError, match="no winning tile"):
        entry.hand_input()


def test_tab_reaches_the_text_field_and_targets_before_the_picker(entry: HandEntryWidget) -> None:
    chain: list[object] = []
    widget: QWidget | None = entry.text_field
    while widget is not None and widget not in chain:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    picker_first = chain.index(entry.picker.button(T("1m")))
    assert chain.index(entry.clear_button) < chain.index(entry.target_buttons[EntryTarget.HAND]) < picker_first

"""The tile picker: tap to pick, a fifth copy impossible, red fives as copies of their five, keyboard reachable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.classical import ExtraTile
from scorekeeper.engine.tiles import Tile, parse_tiles
from scorekeeper.gui.widgets.tile_picker import MIN_TILE_HEIGHT, TilePickerWidget, picker_tiles

pytestmark = pytest.mark.gui


def T(text: str) -> Tile:
    return Tile.parse(text)


@pytest.fixture
def picker(qtbot: QtBot) -> TilePickerWidget:
    widget = TilePickerWidget()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_picker_offers_all_34_kinds_and_three_red_fives(picker: TilePickerWidget) -> None:
    tiles = [tile for row in picker_tiles() for tile in row]
    assert len(tiles) == 37
    assert len(set(tiles)) == 37
    assert sum(tile.red for tile in tiles) == 3


def test_buttons_are_touch_targets_of_at_least_44_px(picker: TilePickerWidget) -> None:
    for button in picker.buttons():
        assert button.width() >= 44
        assert button.height() >= MIN_TILE_HEIGHT


def test_tap_emits_tile_picked(qtbot: QtBot, picker: TilePickerWidget) -> None:
    with qtbot.waitSignal(picker.tile_picked) as blocker:
        qtbot.mouseClick(picker.button(T("7z")), Qt.MouseButton.LeftButton)
    assert blocker.args == [T("7z")]


def test_tap_on_red_five_picks_the_red_five(qtbot: QtBot, picker: TilePickerWidget) -> None:
    with qtbot.waitSignal(picker.tile_picked) as blocker:
        qtbot.mouseClick(picker.button(T("0p")), Qt.MouseButton.LeftButton)
    assert blocker.args == [T("0p")]


def test_fifth_copy_is_impossible(qtbot: QtBot, picker: TilePickerWidget) -> None:
    picker.set_tiles_in_use(parse_tiles("1111m"))
    button = picker.button(T("1m"))
    assert not button.isEnabled()
    assert not picker.is_available(T("1m"))
    with qtbot.assertNotEmitted(picker.tile_picked):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_three_copies_leave_one(picker: TilePickerWidget) -> None:
    picker.set_tiles_in_use(parse_tiles("999s"))
    assert picker.copies_left(T("9s")) == 1
    assert picker.button(T("9s")).isEnabled()
    assert picker.button(T("9s")).badge == 3


@pytest.mark.parametrize(
    ("in_use", "ordinary_ok", "red_ok"),
    [
        ("0m", True, False),  # only one red five per suit
        ("555m", False, True),  # three ordinary fives: the fourth five is the red one
        ("055m", True, False),
        ("0555m", False, False),  # a red five counts as a copy of its five
    ],
    ids=["one-red", "three-ordinary", "red-and-two", "all-four"],
)
def test_red_five_counts_as_a_copy_of_its_five(
    picker: TilePickerWidget, in_use: str, ordinary_ok: bool, red_ok: bool
) -> None:
    picker.set_tiles_in_use(parse_tiles(in_use))
    assert picker.button(T("5m")).isEnabled() is ordinary_ok
    assert picker.button(T("0m")).isEnabled() is red_ok


def test_without_red_fives_the_red_buttons_hide_and_four_ordinary_fives_exist(picker: TilePickerWidget) -> None:
    picker.set_red_fives(False)
    assert not picker.button(T("0s")).isVisible()
    picker.set_tiles_in_use(parse_tiles("555s"))
    assert picker.button(T("5s")).isEnabled()
    picker.set_tiles_in_use(parse_tiles("5555s"))
    assert not picker.button(T("5s")).isEnabled()


def test_keyboard_arrows_move_focus_and_enter_picks(qtbot: QtBot, picker: TilePickerWidget) -> None:
    picker.button(T("1m")).setFocus()
    qtbot.keyClick(picker.button(T("1m")), Qt.Key.Key_Right)
    assert picker.button(T("2m")).hasFocus()
    qtbot.keyClick(picker.button(T("2m")), Qt.Key.Key_Down)
    assert picker.button(T("2p")).hasFocus()
    with qtbot.waitSignal(picker.tile_picked) as blocker:
        qtbot.keyClick(picker.button(T("2p")), Qt.Key.Key_Return)
    assert blocker.args == [T("2p")]


def test_keyboard_skips_exhausted_tiles(qtbot: QtBot, picker: TilePickerWidget) -> None:
    picker.set_tiles_in_use(parse_tiles("2222m"))
    picker.button(T("1m")).setFocus()
    qtbot.keyClick(picker.button(T("1m")), Qt.Key.Key_Right)
    assert picker.button(T("3m")).hasFocus()


def test_space_picks_the_focused_tile(qtbot: QtBot, picker: TilePickerWidget) -> None:
    picker.button(T("4z")).setFocus()
    with qtbot.waitSignal(picker.tile_picked) as blocker:
        qtbot.keyClick(picker.button(T("4z")), Qt.Key.Key_Space)
    assert blocker.args == [T("4z")]


def test_index_and_size_can_change(picker: TilePickerWidget) -> None:
    picker.set_index_visible(True)
    picker.set_tile_height(80)
    assert picker.button(T("1z")).sizeHint().height() >= 80
    picker.set_tile_height(10)
    assert picker.button(T("1z")).sizeHint().height() >= MIN_TILE_HEIGHT
    assert not picker.grab().isNull()


# -- the classical family (seed 003, issue 6): no red fives, a row of eight extra tiles -----------------------------


@pytest.fixture
def classical_picker(qtbot: QtBot) -> TilePickerWidget:
    widget = TilePickerWidget(red_fives=False, extra_tiles=True)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_extra_tiles_are_hidden_unless_asked_for(picker: TilePickerWidget) -> None:
    assert not picker.extra_tiles
    assert not any(picker.button(extra).isVisible() for extra in ExtraTile)
    assert len(picker.buttons()) == 37


def test_classical_picker_shows_eight_extra_tiles_and_no_red_fives(classical_picker: TilePickerWidget) -> None:
    assert all(classical_picker.button(extra).isVisible() for extra in ExtraTile)
    assert not any(classical_picker.button(T(red)).isVisible() for red in ("0m", "0p", "0s"))
    assert len(classical_picker.buttons()) == 45
    for button in classical_picker.buttons():
        if button.isVisible():
            assert button.width() >= 44 and button.height() >= MIN_TILE_HEIGHT


def test_tap_on_an_extra_tile_emits_extra_picked_not_tile_picked(
    qtbot: QtBot, classical_picker: TilePickerWidget
) -> None:
    tiles: list[object] = []
    classical_picker.tile_picked.connect(tiles.append)
    with qtbot.waitSignal(classical_picker.extra_picked) as blocker:
        qtbot.mouseClick(classical_picker.button(ExtraTile.ORCHID), Qt.MouseButton.LeftButton)
    assert blocker.args == [ExtraTile.ORCHID]
    assert tiles == []


def test_a_held_extra_tile_greys_out_as_each_exists_once(qtbot: QtBot, classical_picker: TilePickerWidget) -> None:
    classical_picker.set_extras_in_use([ExtraTile.SPRING, ExtraTile.BAMBOO])
    assert not classical_picker.button(ExtraTile.SPRING).isEnabled()
    assert classical_picker.copies_left(ExtraTile.BAMBOO) == 0
    assert classical_picker.copies_left(ExtraTile.SUMMER) == 1
    picked: list[object] = []
    classical_picker.extra_picked.connect(picked.append)
    qtbot.mouseClick(classical_picker.button(ExtraTile.SPRING), Qt.MouseButton.LeftButton)
    assert picked == []


def test_without_red_fives_all_four_ordinary_fives_can_be_taken(classical_picker: TilePickerWidget) -> None:
    classical_picker.set_tiles_in_use(parse_tiles("555m"))
    assert classical_picker.copies_left(T("5m")) == 1
    assert classical_picker.copies_left(T("0m")) == 0

"""The tile picker greys out a red five once the ruleset's set has no more of that suit (``red_fives_per_suit``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.tiles import Tile, parse_tiles
from scorekeeper.gui.widgets.tile_picker import TilePickerWidget


def test_the_picker_offers_a_second_red_5p_only_when_the_set_has_two(qtbot: QtBot) -> None:
    picker = TilePickerWidget()
    qtbot.addWidget(picker)
    picker.show()
    red_5p = Tile.parse("0p")
    picker.set_tiles_in_use(parse_tiles("0p"))
    assert not picker.button(red_5p).isEnabled()
    with qtbot.assertNotEmitted(picker.tile_picked):
        qtbot.mouseClick(picker.button(red_5p), Qt.MouseButton.LeftButton)
    rules = hand_rules("tenhou", {"red_fives_per_suit": [1, 2, 1]})
    picker.set_red_fives(rules.red_fives, rules.red_fives_per_suit)
    assert picker.button(red_5p).isEnabled()
    assert picker.copies_left(Tile.parse("0m")) == 1
    with qtbot.waitSignal(picker.tile_picked) as blocker:
        qtbot.mouseClick(picker.button(red_5p), Qt.MouseButton.LeftButton)
    assert blocker.args == [red_5p]
    picker.set_tiles_in_use(parse_tiles("00p"))
    assert not picker.button(red_5p).isEnabled()
    assert picker.copies_left(Tile.parse("5p")) == 2

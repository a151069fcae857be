"""How many taps an ordinary ron takes (issue 12, "Fewer taps"): by tiles and by Quick, counted as a user taps.

The counts are written in docs/gui.md. Each tap goes through ``tap`` below, which clicks like a user and counts.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import choose_tab

#: An ordinary closed hand: 234m 456p 678s 55p 23s, won on 4s (pinfu, tanyao).
HAND = ("2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5p", "5p", "2s", "3s", "4s")


def test_an_ordinary_ron_by_tiles_takes_19_taps_then_18(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def by_tiles(dialog: WinDialog) -> None:
        count = 0
        click(qtbot, dialog.winner_buttons[1])
        click(qtbot, dialog.discarder_buttons[0])
        count += 2
        widget = dialog.value_widgets[1]
        if widget.modes.currentIndex() != WinValueWidget.TILES:
            choose_tab(qtbot, widget.modes, WinValueWidget.TILES)
            count += 1
        entry = widget.tiles.entry
        for text in HAND:
            click(qtbot, entry.picker.button(Tile.parse(text)))
            count += 1
        assert entry.winning_tile() == Tile.parse("4s")  # the last tile tapped into a full hand
        click(qtbot, dialog.confirm_button)
        taps.append(count + 1 + 1)  # Confirm, and the Ron button that opened the dialog

    for _ in range(2):
        script.then("win", by_tiles)
        click(qtbot, window.buttons["ron"])
    assert taps == [19, 18]  # the second ron opens on Tiles, the mode used last
    state = window.controller.state
    assert state is not None and len(state.hands) == 2


def test_an_ordinary_ron_by_quick_takes_6_taps(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def by_quick(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        click(qtbot, dialog.discarder_buttons[0])
        quick = dialog.value_widgets[1].quick
        click(qtbot, quick.han_buttons[3])
        click(qtbot, quick.fu_buttons[30])
        click(qtbot, dialog.confirm_button)
        taps.append(5 + 1)

    script.then("win", by_quick)
    click(qtbot, window.buttons["ron"])
    assert taps == [6]
    state = window.controller.state
    assert state is not None and state.hands[0].deltas == (-3900, 3900, 0, 0)

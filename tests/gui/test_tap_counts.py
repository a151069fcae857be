"""How many taps an ordinary ron takes (issue 12, "Fewer taps"): by tiles and by Quick, counted as a user taps.

Two ways in: the action bar's Ron (then winner and discarder in the dialog), and the table (the winner's Win
button, then a tap on the discarder's seat panel: one tap fewer). The counts are written in docs/gui.md.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.win_dialog import WinDialog, WinValueWidget
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.widgets.hand_entry import EntryTarget
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import choose_tab

#: An ordinary closed hand: 234m 456p 678s 55p 23s, won on 4s (pinfu, tanyao).
HAND = ("2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5p", "5p", "2s", "3s", "4s")


def _ron_by_tiles(qtbot: QtBot, dialog: WinDialog, winner: int) -> int:
    """Enter HAND for ``winner`` on the Tiles tab and confirm; the taps this took."""
    count = 0
    widget = dialog.value_widgets[winner]
    if widget.modes.currentIndex() != WinValueWidget.TILES:
        choose_tab(qtbot, widget.modes, WinValueWidget.TILES)
        count += 1
    entry = widget.tiles.entry
    for text in HAND:
        click(qtbot, entry.picker.button(Tile.parse(text)))
        count += 1
    assert entry.winning_tile() == Tile.parse("4s")  # the last tile tapped into a full hand
    click(qtbot, dialog.confirm_button)
    return count + 1


def test_an_ordinary_ron_by_tiles_takes_19_taps_then_18(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def by_tiles(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        click(qtbot, dialog.discarder_buttons[0])
        taps.append(1 + 2 + _ron_by_tiles(qtbot, dialog, 1))  # the Ron button, winner, discarder, the rest

    for _ in range(2):
        script.then("win", by_tiles)
        click(qtbot, window.buttons["ron"])
    assert taps == [19, 18]  # the second ron opens on Tiles, the mode used last
    state = window.controller.state
    assert state is not None and len(state.hands) == 2


def test_an_ordinary_ron_by_tiles_from_the_table_takes_18_taps_then_17(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    """Bruno's Win, Aiko's panel: the dialog opens with both chosen; one tap fewer than by the Ron button."""
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def by_tiles(dialog: WinDialog) -> None:
        assert list(dialog.value_widgets) == [1]
        assert dialog.discarder == 0 and not dialog.tsumo
        taps.append(2 + _ron_by_tiles(qtbot, dialog, 1))  # Win and the discarder's panel, on the table

    panels = window.table.seat_panels
    for _ in range(2):
        script.then("win", by_tiles)
        click(qtbot, panels[1].win_button)
        assert window.table.centre.asking
        qtbot.mouseClick(panels[0], Qt.MouseButton.LeftButton)
        assert not window.table.centre.asking
    assert taps == [18, 17]  # 19 and 18 by the Ron button
    state = window.controller.state
    assert state is not None and len(state.hands) == 2
    assert state.hands[0].deltas == (-2000, 2000, 0, 0)  # pinfu tanyao 2 han 30 fu, Aiko paid


def test_an_ordinary_ron_by_quick_from_the_table_takes_5_taps(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def by_quick(dialog: WinDialog) -> None:
        quick = dialog.value_widgets[1].quick
        click(qtbot, quick.han_buttons[3])
        click(qtbot, quick.fu_buttons[30])
        click(qtbot, dialog.confirm_button)
        taps.append(2 + 3)

    script.then("win", by_quick)
    click(qtbot, window.table.seat_panels[1].win_button)
    qtbot.mouseClick(window.table.seat_panels[0], Qt.MouseButton.LeftButton)
    assert taps == [5]  # 6 by the Ron button
    state = window.controller.state
    assert state is not None and state.hands[0].deltas == (-3900, 3900, 0, 0)


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


#: Chen's hand in the same double ron: 123m 789m 345p 99p 56s, won on 4s (pinfu).
SECOND_HAND = ("1m", "2m", "3m", "7m", "8m", "9m", "3p", "4p", "5p", "9p", "9p", "5s", "6s", "4s")


def test_a_double_ron_by_tiles_enters_the_dora_indicator_once(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    """The second winner's page has the indicator the first entered and opens on Tiles, the mode the first used.

    3 taps fewer (issue 12): 38 taps, was 41.
    """
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    taps: list[int] = []

    def double_by_tiles(dialog: WinDialog) -> None:
        count = 0
        for button in (dialog.winner_buttons[1], dialog.winner_buttons[2], dialog.discarder_buttons[0]):
            click(qtbot, button)
            count += 1
        for seat, hand in ((1, HAND), (2, SECOND_HAND)):
            widget = dialog.value_widgets[seat]
            if dialog.winner_tabs.currentWidget() is not widget:
                choose_tab(qtbot, dialog.winner_tabs, dialog.winner_tabs.indexOf(widget))
                count += 1
            if widget.modes.currentIndex() != WinValueWidget.TILES:
                choose_tab(qtbot, widget.modes, WinValueWidget.TILES)
                count += 1
            entry = widget.tiles.entry
            for text in hand:
                click(qtbot, entry.picker.button(Tile.parse(text)))
                count += 1
            if not entry.dora_indicators():  # only the first winner: the second page has it already
                click(qtbot, entry.target_buttons[EntryTarget.DORA])
                click(qtbot, entry.picker.button(Tile.parse("1p")))
                count += 2
            assert entry.dora_indicators() == (Tile.parse("1p"),)
        click(qtbot, dialog.confirm_button)
        taps.append(count + 1 + 1)  # Confirm, and the Ron button

    script.then("win", double_by_tiles)
    click(qtbot, window.buttons["ron"])
    assert taps == [38]  # 41 before: the second winner's Tiles tab, "Dora indicator" and 1p
    state = window.controller.state
    assert state is not None and len(state.hands) == 1
    wins = getattr(state.hands[0].record.result, "wins", ())
    assert [w.input["dora"] for w in wins] == [["1p"], ["1p"]]

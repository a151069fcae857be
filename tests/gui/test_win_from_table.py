"""A win from the table (issue 12, fewer taps): the winner's Win, then the discarder's panel (or Tsumo).

Nothing changes by accident: while the table asks who dealt in, a panel tap picks the discarder instead of showing
the gaps, the riichi buttons are off, Cancel (or Esc, or the winner's Win again) goes back, and the dialog opens with
winner and discarder chosen but changeable, so a wrong tap is put right before Confirm.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.widgets.entry_base import TileEntryWidget
from scorekeeper.session.events import Ron, Tsumo
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click, state_of
from tests.gui.test_hanchan import choose_tab, quick

pytestmark = pytest.mark.gui


@pytest.fixture
def playing(window: MainWindow) -> MainWindow:
    assert window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    return window


def test_win_asks_who_dealt_in_and_a_panel_tap_then_picks_instead_of_showing_gaps(
    qtbot: QtBot, playing: MainWindow, script: Script
) -> None:
    panels = playing.table.seat_panels
    click(qtbot, panels[2].win_button)
    centre = playing.table.centre
    assert centre.asking and "Chen won. Who dealt in?" in centre.question_label.text()
    assert panels[2].win_button.isChecked()
    assert not any(p.riichi_button.isEnabled() for p in panels)  # a tap meant for a panel never declares riichi
    qtbot.mouseClick(panels[2], Qt.MouseButton.LeftButton)  # the winner's own panel: nothing happens
    assert centre.asking and not panels[2].showing_gaps
    opened: list[tuple[list[int], int | None, bool]] = []

    def look(dialog: WinDialog) -> None:
        opened.append((list(dialog.value_widgets), dialog.discarder, dialog.tsumo))
        dialog.reject()

    script.then("win", look)
    qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)
    assert opened == [([2], 3, False)]
    assert not panels[3].showing_gaps  # the tap picked; it did not open the gaps
    assert not centre.asking and all(p.riichi_button.isEnabled() for p in panels)
    qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)  # afterwards a tap shows the gaps again
    assert panels[3].showing_gaps
    state = playing.controller.state
    assert state is not None and not state.hands  # the cancelled dialog recorded nothing


def test_cancel_esc_or_the_same_win_again_go_back_to_the_table(qtbot: QtBot, playing: MainWindow) -> None:
    panels = playing.table.seat_panels
    centre = playing.table.centre
    click(qtbot, panels[1].win_button)
    click(qtbot, centre.cancel_button)
    assert not centre.asking and centre.round_label.isVisible() and not panels[1].win_button.isChecked()
    click(qtbot, panels[1].win_button)
    qtbot.keyClick(panels[1].win_button, Qt.Key.Key_Escape)
    assert not centre.asking
    click(qtbot, panels[1].win_button)
    click(qtbot, panels[1].win_button)
    assert not centre.asking
    click(qtbot, panels[1].win_button)
    click(qtbot, panels[0].win_button)  # another Win: that player is the winner now
    assert centre.asking and "Aiko won." in centre.question_label.text()
    assert panels[0].win_button.isChecked() and not panels[1].win_button.isChecked()


@pytest.mark.parametrize("where", ["history", "undo"])
def test_esc_cancels_the_question_wherever_the_focus_is_in_the_window(
    qtbot: QtBot, playing: MainWindow, where: str
) -> None:
    panels = playing.table.seat_panels
    centre = playing.table.centre
    playing.activateWindow()
    qtbot.waitUntil(playing.isActiveWindow)
    playing.controller.declare_riichi(0)  # so that Undo can take the focus
    click(qtbot, panels[1].win_button)
    assert centre.asking
    # The referee taps the history (or Undo) before thinking better of the win: the focus leaves the table.
    elsewhere = playing.history.view if where == "history" else playing.buttons["undo"]
    elsewhere.setFocus()
    qtbot.waitUntil(elsewhere.hasFocus)
    focused = QApplication.focusWidget()
    assert focused is elsewhere and not playing.table.isAncestorOf(focused)
    qtbot.keyClick(elsewhere, Qt.Key.Key_Escape)
    assert not centre.asking and not panels[1].win_button.isChecked()
    assert elsewhere.hasFocus()  # the focus stays where the referee put it
    state = playing.controller.state
    assert state is not None and state.riichi_this_hand == (Seat(0),)  # Esc took nothing else back


def test_a_wrong_discarder_tap_is_put_right_in_the_dialog(qtbot: QtBot, playing: MainWindow, script: Script) -> None:
    def correct(dialog: WinDialog) -> None:
        assert dialog.discarder == 0  # the wrong one, tapped on the table
        click(qtbot, dialog.discarder_buttons[3])
        quick(qtbot, dialog, 1, han=1, fu=30)
        click(qtbot, dialog.confirm_button)

    script.then("win", correct)
    click(qtbot, playing.table.seat_panels[1].win_button)
    qtbot.mouseClick(playing.table.seat_panels[0], Qt.MouseButton.LeftButton)
    state = playing.controller.state
    assert state is not None
    result = state.hands[0].record.result
    assert isinstance(result, Ron) and result.discarder == Seat(3) and result.wins[0].seat == Seat(1)


def test_tsumo_from_the_table(qtbot: QtBot, playing: MainWindow, script: Script) -> None:
    def by_quick(dialog: WinDialog) -> None:
        assert dialog.tsumo and list(dialog.value_widgets) == [2]
        quick(qtbot, dialog, 2, han=1, fu=30)
        click(qtbot, dialog.confirm_button)

    script.then("win", by_quick)
    click(qtbot, playing.table.seat_panels[2].win_button)
    click(qtbot, playing.table.centre.tsumo_button)
    state = playing.controller.state
    assert state is not None and isinstance(state.hands[0].record.result, Tsumo)


def test_no_win_from_the_table_after_the_game_ends(qtbot: QtBot, playing: MainWindow) -> None:
    click(qtbot, playing.table.seat_panels[1].win_button)
    assert playing.controller.end_game("time")
    assert not playing.table.centre.asking  # the question went with the hand
    assert not any(p.win_button.isEnabled() for p in playing.table.seat_panels)
    assert "over" in playing.table.seat_panels[1].win_button.toolTip()


def test_a_classical_ron_from_the_table(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    # The classical family (seed 003) has no riichi button, but Win works the same way.
    assert window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("classical"))
    panels = window.table.seat_panels
    assert not panels[3].riichi_button.isVisible() and panels[3].win_button.isVisible()

    def by_value(dialog: WinDialog) -> None:
        assert list(dialog.value_widgets) == [3] and dialog.discarder == 0
        widget = dialog.value_widgets[3]
        choose_tab(qtbot, widget.modes, widget.CLASSICAL_VALUE)
        widget.value_spin.setValue(120)
        click(qtbot, dialog.confirm_button)

    script.then("win", by_value)
    click(qtbot, panels[3].win_button)
    qtbot.mouseClick(panels[0], Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state is not None
    result = state.hands[0].record.result
    assert isinstance(result, Ron) and result.discarder == Seat(0) and result.wins[0].seat == Seat(3)


def test_a_double_ron_asks_for_the_value_of_the_winner_whose_page_is_open(
    qtbot: QtBot, playing: MainWindow, script: Script
) -> None:
    """Issue 24: the second winner's page opened while the sentence asked for the first winner's value."""

    def second_winner(dialog: WinDialog) -> None:
        assert list(dialog.value_widgets) == [0]
        click(qtbot, dialog.winner_buttons[1])  # Bruno rons the same discard
        shown = dialog.winner_tabs.currentWidget()
        assert shown is dialog.value_widgets[1]
        assert dialog.preview_label.text() == "Enter the value of Bruno's hand."
        # The value tapped on the open page is Bruno's, as the sentence said.
        choose_tab(qtbot, shown.modes, shown.QUICK)
        click(qtbot, shown.quick.han_buttons[3])
        click(qtbot, shown.quick.fu_buttons[40])
        assert dialog.preview_label.text() == "Now Aiko's value: tap the tab “Aiko's hand” above."
        choose_tab(qtbot, dialog.winner_tabs, 0)
        assert dialog.preview_label.text() == "Enter the value of Aiko's hand."
        quick(qtbot, dialog, 0, han=1, fu=30)
        click(qtbot, dialog.confirm_button)

    script.then("win", second_winner)
    click(qtbot, playing.table.seat_panels[0].win_button)
    qtbot.mouseClick(playing.table.seat_panels[3], Qt.MouseButton.LeftButton)
    state = playing.controller.state
    assert state is not None
    result = state.hands[0].record.result
    assert isinstance(result, Ron)
    values = {int(win.seat): (getattr(win, "han", 0), getattr(win, "fu", 0)) for win in result.wins}
    assert values == {0: (1, 30), 1: (3, 40)}


def _tiles_page(qtbot: QtBot, dialog: WinDialog, seat: int) -> TileEntryWidget:
    widget = dialog.value_widgets[seat]
    choose_tab(qtbot, widget.modes, widget.TILES)
    return widget.tiles.entry


@pytest.mark.parametrize("how", ["cancel", "esc", "close"])
def test_a_cancelled_win_is_offered_back_when_the_dialog_opens_again_for_the_same_hand(
    qtbot: QtBot, playing: MainWindow, script: Script, how: str
) -> None:
    """Issue 24: Cancel, Esc or the close box threw away up to ~20 taps."""
    panels = playing.table.seat_panels

    def tap_then_leave(dialog: WinDialog) -> None:
        widget = dialog.value_widgets[0]
        choose_tab(qtbot, widget.modes, widget.QUICK)
        click(qtbot, widget.quick.han_buttons[2])  # Quick is kept too, though the Tiles page is shown at the end
        entry = _tiles_page(qtbot, dialog, 0)
        for text in ("1m", "2m", "3m", "4p", "5p"):
            click(qtbot, entry.picker.button(Tile.parse(text)))
        if how == "cancel":
            click(qtbot, dialog.cancel_button)
        elif how == "esc":
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        else:
            dialog.close()  # the window manager's close box
        assert dialog.result() == QDialog.DialogCode.Rejected.value

    def find_it_back(dialog: WinDialog) -> None:
        assert list(dialog.value_widgets) == [0] and dialog.discarder == 3
        widget = dialog.value_widgets[0]
        assert widget.modes.currentIndex() == widget.TILES
        assert widget.tiles.entry.text_field.text() == "123m45p"
        assert widget.quick.han == 2
        assert dialog.preview_label.text().startswith("What you entered before you cancelled is back.")
        widget.tiles.entry.set_hand_text("234m456p678s55p23s4s")
        click(qtbot, dialog.confirm_button)

    script.then("win", tap_then_leave)
    click(qtbot, panels[0].win_button)
    qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)
    assert not state_of(playing).hands
    script.then("win", find_it_back)
    click(qtbot, panels[0].win_button)
    qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)
    assert len(state_of(playing).hands) == 1

    # The next hand opens empty: what was kept belonged to the hand recorded.
    def fresh(dialog: WinDialog) -> None:
        assert not dialog.restored
        assert not dialog.value_widgets[0].tiles.entry.hand_row.buttons
        dialog.reject()

    script.then("win", fresh)
    click(qtbot, panels[0].win_button)
    qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)


def test_another_winner_tapped_on_the_table_opens_an_empty_dialog(
    qtbot: QtBot, playing: MainWindow, script: Script
) -> None:
    panels = playing.table.seat_panels

    def tap_then_cancel(dialog: WinDialog) -> None:
        click(qtbot, dialog.value_widgets[0].quick.han_buttons[3])
        click(qtbot, dialog.cancel_button)

    def fresh(dialog: WinDialog) -> None:
        assert list(dialog.value_widgets) == [1] and not dialog.restored
        assert dialog.value_widgets[1].quick.han is None
        dialog.reject()

    def back(dialog: WinDialog) -> None:  # the kept entry waits for its own winner
        assert dialog.restored and dialog.value_widgets[0].quick.han == 3
        dialog.reject()

    script.then("win", tap_then_cancel)
    script.then("win", fresh)
    script.then("win", back)
    for winner in (0, 1, 0):
        click(qtbot, panels[winner].win_button)
        qtbot.mouseClick(panels[3], Qt.MouseButton.LeftButton)

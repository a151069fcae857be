"""A whole hanchan entered by keyboard alone (issue 24, "At the table" 6).

In the win dialog Tab stopped on the scroll area around the pages (no focus ring) and never reached the tabs, the
text field or Confirm: a win could not be entered without a mouse. Here no mouse is used at all: the window's
shortcuts open the dialogs (Ctrl+N, Ctrl+Alt+R / T / D, Ctrl+1 for riichi, Ctrl+Z and Ctrl+Shift+Z), Tab and the
arrow keys move the focus, Space presses what has the focus, letters type a hand, and Enter confirms. Every key
goes to the widget that has the focus, as a keyboard sends it. EMA 2016 rules: the game ends after South 4.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QPushButton, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.draw_dialog import DrawDialog
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import ExhaustiveDraw, HandWin, HanFuWin, Ron, Tsumo
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, state_of

pytestmark = pytest.mark.gui

A, B, C, D = 0, 1, 2, 3


def _focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key, sent to the widget with the focus (as a keyboard sends it); the layouts queued run first."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    qtbot.keyClick(_focused(), key, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    """Letters typed into the widget with the focus."""
    qtbot.keyClicks(_focused(), text)


def tab_to(qtbot: QtBot, target: QWidget, *, most: int = 80) -> None:
    """Press Tab until ``target`` has the focus (it must be reachable by Tab, or the test fails)."""
    for _ in range(most):
        if _focused() is target:
            return
        press(qtbot, Qt.Key.Key_Tab)
    assert _focused() is target, f"Tab never reached {target.objectName() or type(target).__name__}"


def tab_and_press(qtbot: QtBot, button: QAbstractButton) -> None:
    """Tab to a button and press Space on it."""
    tab_to(qtbot, button)
    press(qtbot, Qt.Key.Key_Space)


def choose_in_group(qtbot: QtBot, buttons: list[QPushButton], target: QPushButton) -> None:
    """One of an exclusive group (the discarder): Tab into the group, the arrow keys to ``target``, Space.

    Tab stops once in an exclusive group (on its checked button, if any), as in any group of radio buttons; the
    arrow keys move within it.
    """
    for _ in range(80):
        if _focused() in buttons:
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert _focused() in buttons, "Tab never reached the group"
    for _ in range(len(buttons)):
        if _focused() is target:
            break
        forward = buttons.index(target) > buttons.index(_focused())  # type: ignore[arg-type]
        press(qtbot, Qt.Key.Key_Right if forward else Qt.Key.Key_Left)
    assert _focused() is target, f"the arrow keys never reached {target.objectName()}"
    press(qtbot, Qt.Key.Key_Space)


def choose_page(qtbot: QtBot, bar: QTabBar, index: int) -> None:
    """Tab to a tab bar and move to page ``index`` with the arrow keys."""
    tab_to(qtbot, bar)
    while bar.currentIndex() != index:
        press(qtbot, Qt.Key.Key_Right if bar.currentIndex() < index else Qt.Key.Key_Left)


def shortcut(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifier: Qt.KeyboardModifier) -> None:
    """A window shortcut, pressed while the window has the focus."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    press(qtbot, key, modifier)


CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def ron_by_tiles(qtbot: QtBot, winner: int, discarder: int, hand: str) -> Callable[[WinDialog], None]:
    def fill(dialog: WinDialog) -> None:
        qtbot.waitUntil(dialog.isActiveWindow)
        tab_and_press(qtbot, dialog.winner_buttons[winner])
        choose_in_group(qtbot, dialog.discarder_buttons, dialog.discarder_buttons[discarder])
        widget = dialog.value_widgets[winner]
        choose_page(qtbot, widget.modes.tabBar(), widget.TILES)
        tab_to(qtbot, widget.tiles.entry.text_field)
        type_text(qtbot, hand)
        assert dialog.confirm_button.isEnabled(), dialog.preview_label.text()
        press(qtbot, Qt.Key.Key_Return)  # Confirm is the default button

    return fill


def win_by_quick(qtbot: QtBot, winner: int, discarder: int | None, han: int, fu: int) -> Callable[[WinDialog], None]:
    def fill(dialog: WinDialog) -> None:
        qtbot.waitUntil(dialog.isActiveWindow)
        tab_and_press(qtbot, dialog.winner_buttons[winner])
        if discarder is not None:
            choose_in_group(qtbot, dialog.discarder_buttons, dialog.discarder_buttons[discarder])
        widget = dialog.value_widgets[winner]
        choose_page(qtbot, widget.modes.tabBar(), widget.QUICK)
        tab_and_press(qtbot, widget.quick.han_buttons[han])
        tab_and_press(qtbot, widget.quick.fu_buttons[fu])
        tab_and_press(qtbot, dialog.confirm_button)

    return fill


def draw_nobody_tenpai(qtbot: QtBot) -> Callable[[DrawDialog], None]:
    def fill(dialog: DrawDialog) -> None:
        qtbot.waitUntil(dialog.isActiveWindow)
        tab_and_press(qtbot, dialog.confirm_button)

    return fill


def test_a_whole_hanchan_by_keyboard_alone(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    def new_game(dialog: NewGameDialog) -> None:
        qtbot.waitUntil(dialog.isActiveWindow)
        for edit, name in zip(dialog.name_edits, ("Aiko", "Bruno", "Chen", "Dana"), strict=True):
            tab_to(qtbot, edit)
            press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            type_text(qtbot, name)
        tab_to(qtbot, dialog.preset_combo)
        while dialog.preset_combo.currentText() != "ema2016":
            press(qtbot, Qt.Key.Key_Down)
        press(qtbot, Qt.Key.Key_Return)

    script.then("new_game", new_game)
    shortcut(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    state = state_of(window)
    assert state.players == ("Aiko", "Bruno", "Chen", "Dana") and state.rules.preset == "ema2016"

    # E1: Bruno rons Aiko by tiles, typed: tanyao pinfu (ron); the dealer moves on.
    script.then("win", ron_by_tiles(qtbot, B, A, "234m456p678s55p23s4s"))
    shortcut(qtbot, window, Qt.Key.Key_R, CTRL_ALT)
    # E2: Chen declares riichi (Ctrl+3), then tsumo 3 han 30 fu by Quick.
    shortcut(qtbot, window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    script.then("win", win_by_quick(qtbot, C, None, 3, 30))
    shortcut(qtbot, window, Qt.Key.Key_T, CTRL_ALT)
    # E3: an exhaustive draw, nobody tenpai; taken back (Ctrl+Z) and put back (Ctrl+Shift+Z).
    script.then("draw", draw_nobody_tenpai(qtbot))
    shortcut(qtbot, window, Qt.Key.Key_D, CTRL_ALT)
    hands = len(state_of(window).hands)
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(state_of(window).hands) == hands - 1
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(state_of(window).hands) == hands
    # E3 again (a honba), E4 and the South round: a non-dealer wins each hand, so the deal moves on each time.
    for winner, discarder, han, fu in (
        (D, A, 2, 40),  # E3-1
        (A, B, 1, 30),  # E4
        (B, C, 4, 30),  # S1
        (C, D, 2, 30),  # S2
        (D, A, 1, 40),  # S3
        (A, B, 3, 40),  # S4: the last hand
    ):
        script.then("win", win_by_quick(qtbot, winner, discarder, han, fu))
        shortcut(qtbot, window, Qt.Key.Key_R, CTRL_ALT)

    state = state_of(window)
    assert state.ended, [hand.label for hand in state.hands]
    results = [hand.record.result for hand in state.hands]
    assert isinstance(results[0], Ron) and isinstance(results[0].wins[0], HandWin)
    assert isinstance(results[1], Tsumo) and results[1].win == HanFuWin(seat=Seat(C), han=3, fu=30)
    assert isinstance(results[2], ExhaustiveDraw)
    assert len(results) == 9 and sum(state.scores) + 1000 * state.riichi_sticks == 4 * 30000

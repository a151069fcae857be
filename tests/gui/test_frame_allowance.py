"""The room a dialog keeps for its window manager's frame is the frame the window system reports, where Qt knows one.

A fixed 36 px title bar allowance was short of a tall title bar (GNOME's is about 37 px, with a border below) and
wasted room under a thin one (openbox frames a dialog 20 px on top and 5 below). ``title_bar_allowance`` takes the
dialog's own frame once the window manager has framed it, else the frame of the window it opens over (plus the
borders a maximized window loses), else the safe ``TITLE_BAR_ALLOWANCE`` (offscreen, nothing framed yet).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QDialog, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui._compat import override
from scorekeeper.gui.dialogs.win_dialog import WinContext, WinDialog
from scorekeeper.gui.wheel_guard import install_wheel_guard
from scorekeeper.gui.window_geometry import BORDER_ALLOWANCE, TITLE_BAR_ALLOWANCE, title_bar_allowance
from scorekeeper.session.rules import ruleset

pytestmark = pytest.mark.gui


class FramedWindow(QWidget):
    """A table window as a window manager frames it: ``top`` px of title bar above, ``bottom`` px of border below
    (the offscreen platform frames nothing, so the frame the window system would report is given here)."""

    def __init__(self, top: int, bottom: int) -> None:
        super().__init__()
        self.top = top
        self.bottom = bottom

    @override
    def frameGeometry(self) -> QRect:
        return self.geometry().adjusted(-1, -self.top, 1, self.bottom)


def _over(qtbot: QtBot, top: int, bottom: int, *, maximized: bool) -> tuple[FramedWindow, QDialog]:
    window = FramedWindow(top, bottom)
    qtbot.addWidget(window)
    if maximized:
        window.setWindowState(Qt.WindowState.WindowMaximized)
    window.show()
    dialog = QDialog(window)
    return window, dialog


def test_nothing_framed_keeps_the_safe_allowance(qtbot: QtBot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    assert title_bar_allowance(dialog) == TITLE_BAR_ALLOWANCE
    dialog.show()  # the offscreen platform shows it without a frame
    assert title_bar_allowance(dialog) == TITLE_BAR_ALLOWANCE
    dialog.close()


@pytest.mark.parametrize(
    ("top", "bottom", "maximized", "expected"),
    [
        pytest.param(19, 0, True, 19 + BORDER_ALLOWANCE, id="openbox-maximized-table-window"),
        pytest.param(20, 5, False, 25, id="openbox-normal-table-window"),
        pytest.param(37, 0, True, 37 + BORDER_ALLOWANCE, id="gnome-maximized-table-window"),
    ],
)
def test_a_dialog_takes_the_frame_of_the_window_it_opens_over(
    qtbot: QtBot, top: int, bottom: int, maximized: bool, expected: int
) -> None:
    window, dialog = _over(qtbot, top, bottom, maximized=maximized)
    assert title_bar_allowance(dialog) == expected
    assert title_bar_allowance(dialog) == title_bar_allowance(window) + (BORDER_ALLOWANCE if maximized else 0)
    window.close()


def test_a_framed_window_takes_its_own_frame(qtbot: QtBot) -> None:
    window = FramedWindow(31, 1)
    qtbot.addWidget(window)
    assert title_bar_allowance(window) == TITLE_BAR_ALLOWANCE  # not shown: not framed yet
    window.show()
    assert title_bar_allowance(window) == 32
    window.close()


def test_a_dialog_under_a_tall_title_bar_is_shrunk_by_that_frame(qtbot: QtBot, qapp: QApplication) -> None:
    install_wheel_guard(qapp)
    window, dialog = _over(qtbot, 44, 0, maximized=True)
    screen = dialog.screen()
    assert screen is not None
    room = screen.availableGeometry()
    dialog.resize(room.width() - 100, room.height())
    dialog.show()  # the app-wide guard fits it (window_geometry.fit_dialog)
    frame = 44 + BORDER_ALLOWANCE
    assert frame > TITLE_BAR_ALLOWANCE
    assert dialog.height() == room.height() - frame
    assert dialog.y() == room.y()  # the frame's top at the room's top: its title bar on the screen
    dialog.close()
    window.close()


def test_the_riichi_win_dialog_parents_its_unused_value_box(qtbot: QtBot) -> None:
    context = WinContext(
        names=("Aiko", "Bruno", "Chen", "Dana"),
        dealer=0,
        seat_winds=("E", "S", "W", "N"),
        round_wind="E",
        riichi=(),
        ruleset=ruleset("tenhou"),
    )
    dialog = WinDialog(context, tsumo=True, preview=lambda _result: "")
    qtbot.addWidget(dialog)
    dialog.toggle_winner(2)
    spins = [widget.value_spin for widget in dialog.value_widgets.values()]
    assert 2 in dialog.value_widgets
    for spin in spins:
        assert not spin.isWindow()
        assert not spin.isVisibleTo(dialog)
    dialog.show()
    dialog.close()
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, QSpinBox)]

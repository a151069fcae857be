"""The tiles tapped into the hand are drawn in the win dialog as the app shows it (issue 24, "At the table" 1).

In the app the dialog opens, lays itself out with the hand row empty, and only then do the taps come: the row kept
the width 0 its layout measured while it was empty (``TileRowWidget`` told its layout of a new size only when its
number of lines changed), so nothing the players tapped could be seen or tapped out, until the dialog was resized.
The older tests entered the hand before the first layout and never saw it. Here the window opens the dialog from
the table, the dialog is shown and laid out, then the tiles are tapped on the picker, and the test looks at what is
drawn: the row's geometry, each tile button inside it, and the pixels of the row grabbed as the screen shows it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.widgets.entry_base import TileEntryWidget
from scorekeeper.gui.widgets.tile_picker import TileRowWidget
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import choose_tab

pytestmark = pytest.mark.gui

#: What a laptop screen leaves a dialog: a 40 px task bar (``fit_to_screen`` keeps a title bar's room).
ROOMS = {"1366x768": QRect(0, 0, 1366, 768 - 40), "1280x720": QRect(0, 0, 1280, 720 - 40)}
#: Three tiles tapped into the hand, then the rest of a hand with its winning tile.
TAPS = ("1m", "2m", "3m")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    install_language(Language.ENGLISH)


def _settle() -> None:
    """Let the layouts and paints Qt has queued run, as the event loop does between two taps."""
    for _ in range(8):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def _colours(image: QImage, rect: QRect) -> int:
    """How many different colours the pixels in ``rect`` of ``image`` have (a blank area has one or two)."""
    seen = {
        image.pixel(x, y)
        for x in range(rect.left(), rect.right() + 1, 3)
        for y in range(rect.top(), rect.bottom() + 1, 3)
    }
    return len(seen)


def _assert_drawn(row: TileRowWidget, count: int) -> None:
    """The row shows ``count`` tiles: it is wide enough for them, each lies inside it, and each is painted."""
    assert row.isVisible()
    assert len(row.buttons) == count
    assert row.width() >= row.width_at(row.buttons[0].tile_height) - 1, f"the row is {row.width()} px wide"
    picture = row.grab().toImage()
    for button in row.buttons:
        assert button.isVisible()
        assert row.rect().contains(button.geometry()), f"{button.objectName()} lies outside the row"
        assert not button.visibleRegion().isEmpty(), f"{button.objectName()} is not drawn"
        assert _colours(picture, button.geometry()) > 4, f"{button.objectName()} is blank in the row's picture"


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
@pytest.mark.parametrize("room", list(ROOMS), ids=list(ROOMS))
@pytest.mark.parametrize("preset", ["tenhou", "classical"])
def test_tiles_tapped_after_the_dialog_is_laid_out_are_drawn_in_the_hand_row(
    qtbot: QtBot, window: MainWindow, script: Script, preset: str, room: str, language: Language
) -> None:
    install_language(language)
    assert window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset(preset))
    seen: list[int] = []

    def tap_tiles(dialog: WinDialog) -> None:
        dialog.fit_to_screen(ROOMS[room])
        qtbot.waitExposed(dialog)
        _settle()  # shown and laid out, the hand row empty, before any tap
        value = dialog.value_widgets[1]
        choose_tab(qtbot, value.modes, 0)  # Tiles, in both families
        _settle()
        entry = value.modes.currentWidget().findChild(TileEntryWidget)
        assert entry is not None
        assert not entry.hand_row.buttons and entry.hand_row.isVisible()
        for count, text in enumerate(TAPS, start=1):
            click(qtbot, entry.picker.button(Tile.parse(text)))
            _settle()
            _assert_drawn(entry.hand_row, count)
        # A tile tapped out of the hand again: the row shrinks to what is left, drawn.
        click(qtbot, entry.hand_row.buttons[0])
        _settle()
        _assert_drawn(entry.hand_row, len(TAPS) - 1)
        seen.append(len(entry.hand_row.buttons))
        dialog.reject()

    script.then("win", tap_tiles)
    click(qtbot, window.table.seat_panels[1].win_button)
    qtbot.mouseClick(window.table.seat_panels[0], Qt.MouseButton.LeftButton)
    assert seen == [len(TAPS) - 1]

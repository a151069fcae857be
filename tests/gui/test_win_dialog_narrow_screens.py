"""The win dialog's Tiles tab fits a 1024x768 and a 1280x720 screen with kongs entered, whole.

A classical hand with kongs needed 1,180 px in the Tiles tab's three columns (picker, targets, result; a riichi
hand with four kans 1,350): on a screen narrower than about 1,190 px the dialog opened at the left edge and ran
off the right. Where three columns would not fit the screen, the Tiles pages now take two (the text field, targets
and hint atop the result column) and the hand line wraps; what does not fit in height scrolls in the middle (the
buttons and the payment preview below never scroll). Every tile stays a 44 px touch target.

The rooms are what those screens leave a dialog: a 40 px task bar (``fit_to_screen`` keeps a title bar's room).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect
from PySide6.QtWidgets import QAbstractButton, QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.win_dialog import TITLE_BAR_ALLOWANCE, WinContext, WinDialog, WinValueWidget
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.gui.widgets.entry_base import TileEntryWidget
from scorekeeper.gui.widgets.hand_entry import HandEntryWidget
from scorekeeper.session.rules import ruleset

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")
ROOMS = {"1024x768": QRect(0, 0, 1024, 768 - 40), "1280x720": QRect(0, 0, 1280, 720 - 40)}
#: Hands by notation: the issue's (a pung and an exposed kong beside a concealed hand), and four kongs.
CLASSICAL = {
    "kong": "2222334p 4p 333s+pon 1111s+minkan 26f",
    "four-kongs": "4z 4z 1111m+minkan 2222p+ankan 3333s+minkan 5555s+minkan",
}
RIICHI_KANS = "5m 5m 1111p+ankan 9999s+minkan 7777z+ankan 2222s+minkan"  # four kans


@pytest.fixture(autouse=True)
def themed() -> Iterator[None]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)  # the style sheet's 44 px touch targets set the sizes, as the app runs
    yield
    install_language(Language.ENGLISH)


def _settle() -> None:
    for _ in range(8):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def _dialog(qtbot: QtBot, preset: str, room: QRect, hand: str = "") -> tuple[WinDialog, TileEntryWidget]:
    """The win dialog with Bruno's hand on the Tiles tab, fitted to ``room`` and shown, as Edit hand opens it."""
    context = WinContext(
        names=NAMES, dealer=0, seat_winds=("E", "S", "W", "N"), round_wind="E", riichi=(), ruleset=ruleset(preset)
    )
    dialog = WinDialog(context, tsumo=True, preview=lambda _result: "Bruno: 120")
    qtbot.addWidget(dialog)
    dialog.toggle_winner(1)
    value = dialog.value_widgets[1]
    value.modes.setCurrentIndex(WinValueWidget.CLASSICAL_TILES if preset == "classical" else WinValueWidget.TILES)
    page = value.modes.currentWidget()
    entry = getattr(page, "entry")  # noqa: B009 - both Tiles pages have one
    assert isinstance(entry, TileEntryWidget)
    if hand:
        entry.set_hand_text(hand)
    dialog.refresh()
    dialog.fit_to_screen(room)
    dialog.show()
    _settle()
    # Once a table window has been made in this process (another test), the app's wheel guard fits every dialog
    # to its real screen as it is shown: offscreen, an 800x600 one. Fitted to ``room`` again, as on that screen.
    dialog.fit_to_screen(room)
    _settle()
    return dialog, entry


def _assert_whole(dialog: WinDialog, entry: TileEntryWidget, room: QRect) -> None:
    assert dialog.width() <= room.width(), f"{dialog.width()} px on a {room.width()} px screen"
    assert dialog.height() <= room.height() - TITLE_BAR_ALLOWANCE
    for widget in (dialog.confirm_button, dialog.preview_label):
        where = QRect(widget.mapTo(dialog, widget.rect().topLeft()), widget.size())
        assert dialog.rect().contains(where), widget.objectName()  # below the middle: never scrolled away
    middle = dialog.middle_area
    pages = middle.widget()
    assert pages is not None
    assert pages.width() <= middle.viewport().width()  # nothing runs off sideways: only the height scrolls
    buttons = [b for b in entry.findChildren(QAbstractButton) if b.isVisibleTo(dialog)]
    assert buttons
    for button in buttons:
        if isinstance(button.parentWidget(), QScrollArea) or button.parentWidget() is entry.result_holder:
            continue
        left = button.mapTo(pages, button.rect().topLeft()).x()
        assert left >= 0 and left + button.width() <= pages.width(), button.objectName()
        assert button.height() >= 44, button.objectName()
    for row in (entry.hand_row, entry.meld_row):
        for tile in row.buttons:
            assert tile.width() >= 44 and tile.height() >= 44  # touch targets, on every line
            assert row.rect().contains(QRect(tile.pos(), tile.size()).adjusted(tile.gap, 0, 0, 0)), tile.objectName()


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
@pytest.mark.parametrize("hand", list(CLASSICAL.values()), ids=list(CLASSICAL))
@pytest.mark.parametrize("screen", list(ROOMS))
def test_the_classical_tiles_tab_with_kongs_fits_the_screen_whole(
    qtbot: QtBot, screen: str, hand: str, language: Language
) -> None:
    install_language(language)
    room = ROOMS[screen]
    dialog, entry = _dialog(qtbot, "classical", room, hand)
    _assert_whole(dialog, entry, room)
    assert len(entry.meld_row.buttons) >= 7  # the melds are shown, all of them


def test_at_1024_px_the_tiles_pages_take_two_columns_and_at_1366_three(qtbot: QtBot) -> None:
    _narrow_dialog, narrow_entry = _dialog(qtbot, "classical", ROOMS["1024x768"], CLASSICAL["kong"])
    assert narrow_entry.narrow
    # The text field, targets and hint stand atop the result column, right of the picker.
    picker_right = narrow_entry.picker.mapTo(narrow_entry, narrow_entry.picker.rect().topRight()).x()
    assert narrow_entry.text_field.mapTo(narrow_entry, narrow_entry.text_field.rect().topLeft()).x() > picker_right
    conditions = next(box for box in narrow_entry.condition_boxes.values() if box.isVisible())
    assert narrow_entry.text_field.mapTo(narrow_entry, narrow_entry.text_field.rect().topLeft()).y() < (
        conditions.mapTo(narrow_entry, conditions.rect().topLeft()).y()
    )
    wide, wide_entry = _dialog(qtbot, "classical", QRect(0, 0, 1366, 768 - 40), CLASSICAL["kong"])
    assert not wide_entry.narrow
    assert wide.width() >= 1180  # three columns, the hand line on one line as before
    assert wide_entry.hand_row.height() == wide_entry.meld_row.height() == wide_entry.hand_row.sizeHint().height()
    assert wide_entry.hand_row.mapTo(wide_entry, wide_entry.hand_row.rect().topLeft()).y() == (
        wide_entry.meld_row.mapTo(wide_entry, wide_entry.meld_row.rect().topLeft()).y()
    )


@pytest.mark.parametrize("screen", list(ROOMS))
def test_the_riichi_tiles_tab_with_four_kans_fits_the_screen_whole(qtbot: QtBot, screen: str) -> None:
    room = ROOMS[screen]
    dialog, entry = _dialog(qtbot, "tenhou", room, RIICHI_KANS)
    _assert_whole(dialog, entry, room)
    assert len(entry.meld_row.buttons) == 16


def test_kongs_typed_in_at_1280_px_take_two_columns_instead_of_running_off(qtbot: QtBot) -> None:
    room = ROOMS["1280x720"]
    dialog, entry = _dialog(qtbot, "classical", room)
    assert not entry.narrow and dialog.width() <= room.width()
    qtbot.keyClicks(entry.text_field, CLASSICAL["four-kongs"])  # typed as a user types: the line grows kong by kong
    _settle()
    assert len(entry.meld_row.buttons) == 16
    assert entry.narrow  # three columns would need 1,396 px
    _assert_whole(dialog, entry, room)


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_text_field_holds_a_whole_hand_at_1280x720(qtbot: QtBot, language: Language) -> None:
    # Issue 24: beside "クリア" the Japanese text field was too narrow for a hand at 1280x720; Clear now takes the
    # free cell after the targets and the field the column's width.
    install_language(language)
    hand = "234567m22p34567s 8s"  # as the field writes a whole hand: the winning tile apart
    dialog, entry = _dialog(qtbot, "tenhou", ROOMS["1280x720"], hand)
    field = entry.text_field
    assert field.text() == hand
    margins = field.textMargins()
    needed = field.fontMetrics().horizontalAdvance(hand) + margins.left() + margins.right() + 12  # the frame
    assert needed <= field.width(), f"{needed} px of text in a {field.width()} px field"
    assert entry.clear_button.isVisible() and not entry.clear_button.rect().isEmpty()
    dialog.close()


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_waits_of_limit_hands_fit_the_result_column_at_1280x720(qtbot: QtBot, language: Language) -> None:
    # Issue 24: "Tsumo: Baiman (9 han 20 fu): 4,000/8,0…" went behind a sideways scroll bar. A wait too wide for the
    # column puts each payment on a line of its own; the column never scrolls sideways.
    install_language(language)
    dialog, entry = _dialog(qtbot, "tenhou", ROOMS["1280x720"], "2233445566778p")  # chinitsu, three waits
    assert isinstance(entry, HandEntryWidget) and len(entry.wait_buttons) == 3
    viewport = entry.result_area.viewport()
    assert not entry.result_area.horizontalScrollBar().isVisible()
    for button in entry.wait_buttons:
        right = button.mapTo(viewport, button.rect().topRight()).x()
        assert right <= viewport.width(), f"{button.objectName()} ends at {right} in a {viewport.width()} px column"
        widest = max(button.fontMetrics().horizontalAdvance(line) for line in button.text().splitlines())
        assert widest + button.iconSize().width() <= button.width(), button.text()
    dialog.close()

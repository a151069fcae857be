"""The win dialog fits a laptop screen (issue 4): 1366x768 in every mode, and its tiles grow on a larger one.

A 1366x768 screen leaves the dialog about 1366x696: a 40 px task bar (Windows; GNOME's top bar is 27 px) and a
title bar of about 32 px. Every mode must fit that with its Confirm/Cancel row and payment preview showing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QApplication, QCheckBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.win_dialog import (
    MAX_OPEN_SIZE,
    TITLE_BAR_ALLOWANCE,
    PreviewLabel,
    WinContext,
    WinDialog,
    WinValueWidget,
)
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.theme import Theme, apply_theme
from scorekeeper.gui.widgets.flow import FlowLayout
from scorekeeper.gui.widgets.tile_picker import MAX_TILE_HEIGHT, MIN_TILE_HEIGHT, fit_tile_height
from scorekeeper.session.events import HandResult
from scorekeeper.session.rules import ruleset

pytestmark = pytest.mark.gui

#: What a 1366x768 laptop screen leaves a dialog: the task bar and the title bar taken off (module docstring).
LAPTOP = QSize(1366, 768 - 40 - 32)
#: A 1440x900 screen, the same way.
LARGER = QSize(1440, 900 - 40 - 32)

NAMES = ("Aiko", "Bruno", "Chen", "Dana")

#: A double ron with honba, riichi sticks and pao: the longest preview the dialog shows (eight lines).
LONG_PREVIEW = "\n".join(
    [
        "Bruno: 2 han 30 fu",
        "Dana: Yakuman",
        "Aiko → Bruno: 2,000 (hand)",
        "Aiko → Bruno: 300 (honba)",
        "Chen → Dana: 32,000 (hand, pao)",
        "Chen → Dana: 300 (honba, pao)",
        "the table → Bruno: 2,000 (riichi sticks)",
        "Aiko -2,300   Bruno +4,300   Chen -32,300   Dana +32,300",
    ]
)


def _preview(_result: HandResult) -> str:
    return LONG_PREVIEW


@pytest.fixture(autouse=True)
def themed() -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, Theme.LIGHT)  # as the app runs: the style sheet's 44 px touch targets set the sizes


def _context(preset: str, riichi: tuple[int, ...] = ()) -> WinContext:
    return WinContext(
        names=NAMES, dealer=0, seat_winds=("E", "S", "W", "N"), round_wind="E", riichi=riichi, ruleset=ruleset(preset)
    )


def _riichi_tiles(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    dialog.set_discarder(0)
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentIndex(WinValueWidget.TILES)
    widget.tiles.entry.set_hand_text("234m456p678s55p23s4s")


def _riichi_waits(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentIndex(WinValueWidget.TILES)
    widget.tiles.entry.set_hand_text("234m456p678s55p23s")  # 13 tiles: the waits are listed


def _riichi_kans(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    dialog.set_discarder(0)
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentIndex(WinValueWidget.TILES)
    # The longest hand line there is: three kans beside the hand, and the indicators of four dora.
    widget.tiles.entry.set_hand_text("55m 5m 1111p+ankan 9999s+minkan 7777z+ankan 234s+chi")


def _quick(dialog: WinDialog) -> None:
    dialog.toggle_winner(2)
    dialog.set_discarder(0)
    widget = dialog.value_widgets[2]
    widget.modes.setCurrentIndex(WinValueWidget.QUICK)
    widget.quick.set_han(3)
    widget.quick.set_fu(40)


def _yaku_list(dialog: WinDialog) -> None:
    dialog.toggle_winner(3)
    widget = dialog.value_widgets[3]
    widget.modes.setCurrentIndex(WinValueWidget.YAKU)
    widget.yaku.yaku_boxes["riichi"].setChecked(True)


def _double_ron_pao(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    dialog.toggle_winner(3)
    dialog.set_discarder(0)
    for seat in (1, 3):
        dialog.value_widgets[seat].modes.setCurrentIndex(WinValueWidget.TILES)
    dialog.value_widgets[1].tiles.entry.set_hand_text("234m456p678s55p23s4s")
    dialog.value_widgets[3].tiles.entry.set_hand_text("555z666z777z1z234m 1z")  # daisangen: the pao question


def _classical_tiles(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentIndex(WinValueWidget.CLASSICAL_TILES)
    assert widget.classical_tiles is not None
    widget.classical_tiles.entry.set_hand_text("2222334p 4p 333s+pon 1111s+minkan 26f")


def _classical_value(dialog: WinDialog) -> None:
    dialog.toggle_winner(1)
    widget = dialog.value_widgets[1]
    widget.modes.setCurrentIndex(WinValueWidget.CLASSICAL_VALUE)
    widget.value_spin.setValue(120)


MODES: list[tuple[str, str, bool, Callable[[WinDialog], None]]] = [
    ("riichi-tiles-ron", "tenhou", False, _riichi_tiles),
    ("riichi-tiles-waits-tsumo", "tenhou", True, _riichi_waits),
    ("riichi-tiles-kans", "tenhou", False, _riichi_kans),
    ("riichi-quick", "tenhou", False, _quick),
    ("riichi-yaku-list", "tenhou", True, _yaku_list),
    ("double-ron-pao", "tenhou", False, _double_ron_pao),
    ("classical-tiles", "classical", True, _classical_tiles),
    ("classical-value", "classical", True, _classical_value),
]


def _dialog(qtbot: QtBot, preset: str, tsumo: bool, setup: Callable[[WinDialog], None]) -> WinDialog:
    dialog = WinDialog(_context(preset, riichi=(1,) if preset == "tenhou" else ()), tsumo=tsumo, preview=_preview)
    qtbot.addWidget(dialog)
    setup(dialog)
    dialog.refresh()
    dialog.show()
    return dialog


def _settle() -> None:
    # A tile height set in a resize is laid out in the next pass of the event loop.
    for _ in range(3):
        QApplication.processEvents()


def _inside(widget: QWidget, dialog: WinDialog) -> bool:
    top_left = widget.mapTo(dialog, widget.rect().topLeft())
    return dialog.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
@pytest.mark.parametrize(("preset", "tsumo", "setup"), [pytest.param(p, t, s, id=name) for name, p, t, s in MODES])
def test_win_dialog_size_hints_fit_a_1366x768_laptop(
    qtbot: QtBot, language: Language, preset: str, tsumo: bool, setup: Callable[[WinDialog], None]
) -> None:
    install_language(language)
    try:
        dialog = _dialog(qtbot, preset, tsumo, setup)
        for hint in (dialog.minimumSizeHint(), dialog.sizeHint()):
            assert hint.width() <= LAPTOP.width(), hint
            assert hint.height() <= LAPTOP.height(), hint
    finally:
        install_language(Language.ENGLISH)


@pytest.mark.parametrize(("preset", "tsumo", "setup"), [pytest.param(p, t, s, id=name) for name, p, t, s in MODES])
def test_at_1366x768_confirm_and_the_preview_show_and_tiles_stay_touch_targets(
    qtbot: QtBot, preset: str, tsumo: bool, setup: Callable[[WinDialog], None]
) -> None:
    dialog = _dialog(qtbot, preset, tsumo, setup)
    dialog.resize(LAPTOP)
    _settle()
    assert dialog.size() == LAPTOP  # not held larger by a minimum size
    for widget in (dialog.confirm_button, dialog.preview_label):
        assert widget.isVisible() and _inside(widget, dialog), widget.objectName()
    assert dialog.preview_label.height() >= dialog.preview_label.sizeHint().height()  # the preview is not cut
    for value in dialog.value_widgets.values():
        if value.needs_pao_question() and value.isVisible():
            assert value.pao_combo.isVisible() and _inside(value.pao_combo, dialog)  # beside the tabs
        page = value.modes.currentWidget()
        entry = getattr(page, "entry", None)
        if entry is None or not page.isVisible():
            continue
        for button in (*entry.picker.buttons(), *entry.hand_row.buttons, *entry.meld_row.buttons):
            if button.isVisible():
                assert button.width() >= 44 and button.height() >= 44, button.objectName()
                assert _inside(button, dialog), button.objectName()
        for box in entry.condition_boxes.values():
            if box.isVisible():
                assert _inside(box, dialog), box.objectName()


@pytest.mark.parametrize("preset", ["tenhou", "classical"])
def test_tiles_grow_on_a_larger_screen(qtbot: QtBot, preset: str) -> None:
    setup = _riichi_tiles if preset == "tenhou" else _classical_tiles
    dialog = _dialog(qtbot, preset, preset == "classical", setup)
    page = dialog.value_widgets[1].modes.currentWidget()
    entry = getattr(page, "entry")  # noqa: B009 - both pages have one
    dialog.resize(LAPTOP)
    _settle()
    small = entry.tile_height
    dialog.resize(LARGER)
    _settle()
    assert MIN_TILE_HEIGHT <= small < entry.tile_height <= MAX_TILE_HEIGHT
    dialog.resize(LAPTOP)  # and shrink back: the bigger tiles do not hold the dialog large
    _settle()
    assert entry.tile_height == small
    assert dialog.size() == LAPTOP


def test_dialog_opens_within_the_screens_room(qtbot: QtBot) -> None:
    dialog = WinDialog(_context("tenhou"), tsumo=False, preview=_preview)
    qtbot.addWidget(dialog)
    screen = dialog.screen()
    assert screen is not None
    room = screen.availableGeometry()
    expected_height = max(min(room.height() - TITLE_BAR_ALLOWANCE, MAX_OPEN_SIZE.height()), dialog.minimumHeight())
    assert dialog.height() == max(expected_height, dialog.minimumSizeHint().height())
    assert dialog.width() <= max(MAX_OPEN_SIZE.width(), dialog.minimumSizeHint().width())
    assert dialog.y() >= room.y()


@pytest.mark.parametrize(
    ("width", "height", "rows", "expected"),
    [
        pytest.param(100, 100, 4, MIN_TILE_HEIGHT, id="too-small-keeps-the-touch-minimum"),
        pytest.param(5000, 5000, 4, MAX_TILE_HEIGHT, id="huge-stops-at-the-cap"),
        pytest.param(5000, 6 * 76 + 5 * 2, 6, 70, id="height-bound"),
    ],
)
def test_fit_tile_height(width: int, height: int, rows: int, expected: int) -> None:
    assert fit_tile_height(width, height, columns=10, rows=rows) == expected


def test_preview_label_flows_long_previews_into_columns_of_three_lines(qtbot: QtBot) -> None:
    label = PreviewLabel()
    qtbot.addWidget(label)
    label.setText(LONG_PREVIEW)
    assert label.text() == LONG_PREVIEW  # read back as given
    three_lines = label.fontMetrics().lineSpacing() * PreviewLabel.LINES
    assert label.sizeHint().height() <= three_lines + 2
    label.setText("Tap the winner.")
    assert label.sizeHint().height() < three_lines


def test_flow_layout_wraps_and_hidden_boxes_leave_no_holes(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host, spacing=10)
    flow.setContentsMargins(0, 0, 0, 0)
    boxes = [QCheckBox(f"Condition number {n}") for n in range(6)]
    for box in boxes:
        flow.addWidget(box)
    host.show()
    widest = max(box.sizeHint().width() for box in boxes)
    one_a_line = flow.heightForWidth(widest)
    assert flow.heightForWidth(6 * (widest + 10)) < one_a_line  # wider: fewer lines
    boxes[0].hide()
    host.resize(3 * widest + 20, flow.heightForWidth(3 * widest + 20))
    _settle()
    assert boxes[1].geometry().topLeft() == host.rect().topLeft()  # the next box takes the hidden one's place


def test_a_hand_entered_before_the_dialog_opens_shows_whole_at_the_first_paint(qtbot: QtBot) -> None:
    # Edit hand fills the recorded hand before the dialog opens (and sizes itself): a classical hand with kongs
    # lays its tiles' line out wider than the hidden pages measured, and the dialog opened 32 px narrower than
    # its content, the conditions column cut (on a screen narrower than the content, as the tests' 800x800 one).
    dialog = WinDialog(_context("classical"), tsumo=True, preview=_preview)
    qtbot.addWidget(dialog)
    _classical_tiles(dialog)
    dialog.refresh()
    dialog.fit_to_screen()
    dialog.show()
    QApplication.processEvents()  # the first paint
    pages = dialog.middle_area.widget()
    assert pages is not None
    assert dialog.width() >= dialog.minimumSizeHint().width()
    assert dialog.middle_area.viewport().width() >= pages.minimumSizeHint().width()
    entry = dialog.value_widgets[1].classical_tiles
    assert entry is not None
    for box in entry.entry.condition_boxes.values():
        if box.isVisible():
            assert _inside(box, dialog), box.objectName()
    screen = dialog.screen()
    assert screen is not None
    assert dialog.x() >= screen.availableGeometry().x()  # grown leftwards, not off the screen's left edge

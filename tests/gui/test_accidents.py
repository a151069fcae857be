"""Nothing changes by accident (issue 12): the wheel, a modified preset, the New game tab order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.app import first_steps
from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.theme import Theme, apply_theme, colors
from scorekeeper.gui.wheel_guard import WheelGuard, install_wheel_guard
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, open_window
from tests.gui.test_win_dialog_size import _context, _preview


@pytest.fixture
def dialog(qtbot: QtBot, qapp: QApplication) -> Iterator[NewGameDialog]:
    install_wheel_guard(qapp)
    new_game = NewGameDialog(AppSettings())
    qtbot.addWidget(new_game)
    new_game.show()
    qtbot.waitExposed(new_game)
    yield new_game
    new_game.close()


def _wheel(widget: QWidget, notches: int) -> None:
    """Turn the wheel over the middle of ``widget`` (down for positive notches), as a mouse does."""
    centre = QPointF(widget.rect().center())
    for _ in range(notches):
        event = QWheelEvent(
            centre,
            QPointF(widget.mapToGlobal(centre.toPoint())),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(widget, event)


def test_the_wheel_over_an_unfocused_combo_box_scrolls_the_form_instead(dialog: NewGameDialog) -> None:
    kazoe = dialog.knob_widgets["kazoe"]
    assert isinstance(kazoe, QComboBox)
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None
    before = kazoe.currentIndex()
    scrolled = scroll.verticalScrollBar().value()
    _wheel(kazoe, 18)  # issue 12: 18 notches once changed "13+ han without a yakuman" silently
    assert kazoe.currentIndex() == before
    assert scroll.verticalScrollBar().value() > scrolled
    assert dialog.preset_combo.currentText() == "tenhou"


def test_the_wheel_over_an_unfocused_spin_box_leaves_it(dialog: NewGameDialog) -> None:
    spin = dialog.knob_widgets["chombo_points"]
    assert isinstance(spin, QSpinBox)
    value = spin.value()
    _wheel(spin, 3)
    assert spin.value() == value
    assert not spin.hasFocus()


def test_the_wheel_changes_a_combo_box_that_has_the_focus(qtbot: QtBot, dialog: NewGameDialog) -> None:
    kazoe = dialog.knob_widgets["kazoe"]
    assert isinstance(kazoe, QComboBox)
    assert kazoe.focusPolicy() == Qt.FocusPolicy.StrongFocus
    kazoe.setFocus()
    qtbot.waitUntil(kazoe.hasFocus)
    before = kazoe.currentIndex()
    _wheel(kazoe, 1)
    assert kazoe.currentIndex() != before


def test_boxes_made_before_the_guard_take_the_focus_by_click_or_tab_once_it_is_installed(
    qtbot: QtBot, qapp: QApplication
) -> None:
    # The app installs the guard once its window is shown (issue 24, cold start): the boxes that window already has
    # were polished without it.
    previous = qapp.findChild(WheelGuard)
    if previous is not None:
        qapp.removeEventFilter(previous)
        previous.setParent(None)
    form = QWidget()
    qtbot.addWidget(form)
    combo, spin = QComboBox(form), QSpinBox(form)
    form.show()
    qtbot.waitExposed(form)
    assert combo.focusPolicy() == Qt.FocusPolicy.WheelFocus  # Qt's own, without the guard
    install_wheel_guard(qapp)
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_a_changed_knob_marks_the_preset_modified_and_the_record_keeps_it(dialog: NewGameDialog) -> None:
    spin = dialog.knob_widgets["chombo_points"]
    assert isinstance(spin, QSpinBox)
    assert dialog.preset_combo.currentText() == "tenhou"
    spin.setValue(spin.value() + 1000)
    assert dialog.preset_combo.currentText() == "tenhou (modified)"
    assert dialog.is_modified()
    choice = dialog.choice()
    assert choice.ruleset == ruleset("tenhou", {"chombo_points": spin.value()})
    assert choice.ruleset.to_json() == {"preset": "tenhou", "overrides": {"chombo_points": spin.value()}}
    spin.setValue(spin.value() - 1000)
    assert dialog.preset_combo.currentText() == "tenhou"
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findText("ema2016"))
    assert dialog.preset_combo.currentText() == "ema2016"


def test_tab_goes_through_the_names_seat_by_seat(qtbot: QtBot, dialog: NewGameDialog) -> None:
    dialog.name_edits[0].setFocus()
    qtbot.waitUntil(dialog.name_edits[0].hasFocus)
    for name, edit in zip(("Aiko", "Bruno", "Chen", "Dana"), dialog.name_edits, strict=True):
        assert edit.hasFocus()
        edit.selectAll()
        qtbot.keyClicks(edit, name)
        qtbot.keyClick(edit, Qt.Key.Key_Tab)
    assert dialog.players() == ("Aiko", "Bruno", "Chen", "Dana")


def test_no_dialog_pops_over_a_restored_game(window: MainWindow, script: Script) -> None:
    # Issue 12: the guide never pops up over a game reopened at start (nor does New game).
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    first_steps(window)
    assert window.help_menu is not None
    assert "guide" not in window.help_menu.dialogs


def test_the_guide_shows_at_the_first_start_only(qtbot: QtBot, tmp_path: Path, script: Script) -> None:
    # Issue 24: the guide came back at every start after a finished game, over every New game there.
    first = open_window(qtbot, tmp_path / "club", script)
    assert first.help_menu is not None
    script.then("new_game", lambda dialog: dialog.reject())
    first_steps(first)  # the first start: no game stored
    assert "guide" in first.help_menu.dialogs
    assert first.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    assert first.controller.end_game("time")  # a finished game is not reopened at the next start
    first.close()
    second = open_window(qtbot, tmp_path / "club", script)
    assert second.controller.state is None and second.help_menu is not None
    script.then("new_game", lambda dialog: dialog.reject())
    first_steps(second)
    assert "guide" not in second.help_menu.dialogs
    second.close()


def test_changing_the_language_does_not_reopen_closed_results(window: MainWindow, script: Script) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.end_game("time")
    assert len(script.results_dialogs) == 1
    script.results_dialogs[0].close()
    window.set_language("ja")
    window.set_language("en")
    assert len(script.results_dialogs) == 1


@pytest.mark.parametrize("chosen", [Theme.LIGHT, Theme.DARK])
def test_focus_and_selection_look_different(qapp: QApplication, chosen: Theme) -> None:
    # Issue 12: a focused button looked selected. Selected fills with the accent; focus is a dashed outline in a
    # colour of its own; a checked radio button is an accent dot (clear in dark mode too).
    apply_theme(qapp, chosen)
    try:
        c = colors(chosen)
        assert c.focus not in (c.accent, c.panel, c.window)
        sheet = qapp.styleSheet()
        assert f"QPushButton:focus, QToolButton:focus {{ border: 3px dashed {c.focus};" in sheet
        assert f"QPushButton:checked, QToolButton:checked {{ background: {c.accent};" in sheet
        assert "QRadioButton::indicator:checked" in sheet
    finally:
        apply_theme(qapp, Theme.LIGHT)


def test_ron_and_tsumo_keep_the_tabs_and_values_in_the_same_place(qtbot: QtBot) -> None:
    places = []
    for tsumo in (False, True):
        dialog = WinDialog(_context("tenhou"), tsumo=tsumo, preview=_preview)
        qtbot.addWidget(dialog)
        dialog.toggle_winner(1)
        dialog.resize(1366, 696)
        dialog.show()
        for _ in range(3):
            QApplication.processEvents()
        tabs = dialog.value_widgets[1].modes
        places.append((dialog.winner_tabs.mapTo(dialog, QPoint(0, 0)), tabs.mapTo(dialog, QPoint(0, 0))))
        dialog.close()
    assert places[0] == places[1]


def test_a_double_ron_has_one_page_per_winner_named_for_whose_hand_it_is(qtbot: QtBot) -> None:
    dialog = WinDialog(_context("tenhou"), tsumo=False, preview=_preview)
    qtbot.addWidget(dialog)
    dialog.toggle_winner(1)
    dialog.toggle_winner(3)
    tabs = dialog.winner_tabs
    assert [tabs.tabText(k) for k in range(tabs.count())] == ["Bruno's hand", "Dana's hand"]
    assert tabs.widget(1) is dialog.value_widgets[3]


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    q = QColor(colour)
    return 0.2126 * channel(q.red()) + 0.7152 * channel(q.green()) + 0.0722 * channel(q.blue())


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("chosen", [Theme.LIGHT, Theme.DARK])
def test_check_boxes_stand_out_in_either_theme(qapp: QApplication, chosen: Theme) -> None:
    # Issue 24: in the dark theme Fusion's box had a frame of a grey close to the background. The style sheet draws
    # the frame in the muted text colour (WCAG 2.1 1.4.11: 3:1 for a control's parts) and a ticked box filled with
    # the accent and a check mark of its own.
    apply_theme(qapp, chosen)
    try:
        c = colors(chosen)
        sheet = qapp.styleSheet()
        assert f"QCheckBox::indicator {{ border: 2px solid {c.muted};" in sheet
        assert _contrast(c.muted, c.window) >= 3 and _contrast(c.muted, c.panel) >= 3
        assert _contrast(c.accent, c.window) >= 3
        mark = re.search(r"QCheckBox::indicator:checked \{[^}]*image: url\(([^)]+)\)", sheet)
        assert mark is not None and Path(mark.group(1)).is_file()
    finally:
        apply_theme(qapp, Theme.LIGHT)

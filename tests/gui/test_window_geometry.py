"""The main window on its screen (issue 12): the available size or where it was, never larger; F11; memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings, load_settings, save_settings
from scorekeeper.gui.wheel_guard import install_wheel_guard
from scorekeeper.gui.window_geometry import (
    TITLE_BAR_ALLOWANCE,
    fitted_geometry,
    initial_placement,
    place_on_screen,
    remembered_geometry,
)

AVAILABLE = QRect(0, 27, 1366, 741)  # a 1366x768 screen under a 27 px top bar


@pytest.mark.parametrize(
    ("wanted", "expected"),
    [
        pytest.param(QRect(100, 100, 800, 600), QRect(100, 100, 800, 600), id="inside-stays"),
        pytest.param(QRect(0, 0, 1440, 900), QRect(0, 27, 1366, 741), id="larger-shrinks"),
        pytest.param(QRect(1200, 600, 800, 600), QRect(566, 168, 800, 600), id="off-the-edge-moves-in"),
        pytest.param(QRect(-50, -50, 400, 300), QRect(0, 27, 600, 400), id="never-below-the-minimum"),
    ],
)
def test_fitted_geometry_lies_inside_the_screen(wanted: QRect, expected: QRect) -> None:
    fitted = fitted_geometry(AVAILABLE, wanted, QSize(600, 400))
    assert fitted == expected
    assert AVAILABLE.contains(fitted)


def test_a_minimum_larger_than_the_screen_gives_way_to_the_screen() -> None:
    assert fitted_geometry(AVAILABLE, QRect(0, 0, 100, 100), QSize(2000, 2000)) == AVAILABLE


MINIMUM = QSize(1088, 640)  # about the table window's minimum (test_screen_sizes checks the real one)


def test_first_start_on_a_screen_opens_maximized() -> None:
    geometry, maximized = initial_placement(AVAILABLE, None, MINIMUM)
    assert maximized
    assert AVAILABLE.contains(geometry)


@pytest.mark.parametrize("maximized", [0, 1])
def test_the_remembered_place_comes_back(maximized: int) -> None:
    geometry, was_maximized = initial_placement(AVAILABLE, (40, 60, 1200, 680, maximized), MINIMUM)
    assert geometry == QRect(40, 60, 1200, 680)
    assert was_maximized is bool(maximized)


def test_a_place_remembered_on_a_bigger_screen_is_shrunk_onto_this_one() -> None:
    geometry, _ = initial_placement(AVAILABLE, (-200, -200, 2560, 1400, 0), MINIMUM)
    assert geometry == AVAILABLE


def test_placing_the_window_maximizes_it_on_a_new_screen(window: MainWindow) -> None:
    window.hide()
    place_on_screen(window, {})
    assert window.windowState() & Qt.WindowState.WindowMaximized
    place = remembered_geometry(window)
    assert place is not None and place[1][4] == 1


def test_f11_toggles_full_screen(window: MainWindow) -> None:
    action = next(a for a in window.actions() if a.shortcut().toString() == "F11")
    action.trigger()
    assert window.windowState() & Qt.WindowState.WindowFullScreen
    action.trigger()
    assert not window.windowState() & Qt.WindowState.WindowFullScreen


def test_closing_remembers_the_place_per_screen(window: MainWindow) -> None:
    screen = window.screen()
    assert screen is not None
    window.close()
    remembered = dict(load_settings(window.data_dir).window_geometry)
    assert screen.name() in remembered
    assert remembered[screen.name()][2:4] == (window.normalGeometry().width(), window.normalGeometry().height())


def test_window_places_round_trip_and_bad_ones_are_dropped(tmp_path: Path) -> None:
    settings = AppSettings().with_window_geometry("eDP-1", (0, 0, 1366, 741, 1))
    save_settings(tmp_path, settings)
    assert load_settings(tmp_path).window_geometry == (("eDP-1", (0, 0, 1366, 741, 1)),)
    (tmp_path / "settings.json").write_text(
        '{"window_geometry": {"a": [1, 2, 3], "b": [0, 0, 0, 10, 0], "c": [0, 0, 10, 10, true], "d": [1, 2, 3, 4, 0]}}',
        encoding="utf-8",
    )
    assert load_settings(tmp_path).window_geometry == (("d", (1, 2, 3, 4, 0)),)


def test_a_dialog_larger_than_its_screen_is_shrunk_onto_it(qtbot: QtBot, qapp: QApplication) -> None:
    # Issue 12: New game opened at 720x760 with its Start button under a 1280x720 laptop's edge.
    install_wheel_guard(qapp)
    dialog = QDialog()
    qtbot.addWidget(dialog)
    screen = dialog.screen()
    assert screen is not None
    room = screen.availableGeometry()
    dialog.resize(room.width() + 300, room.height() + 300)
    dialog.show()
    assert dialog.width() <= room.width()
    assert dialog.height() <= room.height() - TITLE_BAR_ALLOWANCE
    dialog.close()


def test_a_dialog_that_fits_keeps_its_size(qtbot: QtBot, qapp: QApplication) -> None:
    install_wheel_guard(qapp)
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.resize(300, 200)
    dialog.show()
    assert dialog.size() == QSize(300, 200)
    dialog.close()

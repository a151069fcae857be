"""View > Tile labels: the beginners' corner indices ("1m", "E" ...) on every tile, app-wide, remembered."""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.engine.tiles import Tile
from scorekeeper.gui.app import create_main_window
from scorekeeper.gui.settings import AppSettings, load_settings
from scorekeeper.gui.tiles import corner_indices, set_corner_indices, tile_pixmap

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _labels_off_after() -> object:
    yield
    set_corner_indices(False)


def test_tile_labels_menu_turns_corner_indices_on_and_off_and_remembers(qtbot: QtBot, tmp_path: Path) -> None:
    window = create_main_window(tmp_path, settings=AppSettings())
    qtbot.addWidget(window)
    assert not window.tile_labels_action.isChecked()
    assert not corner_indices()
    window.tile_labels_action.trigger()
    assert window.tile_labels_action.isChecked()
    assert corner_indices()
    assert load_settings(tmp_path).tile_labels
    window.tile_labels_action.trigger()
    assert not corner_indices()
    assert not load_settings(tmp_path).tile_labels


def test_a_remembered_choice_applies_at_start(qtbot: QtBot, tmp_path: Path) -> None:
    window = create_main_window(tmp_path, settings=AppSettings(tile_labels=True))
    qtbot.addWidget(window)
    assert window.tile_labels_action.isChecked()
    assert corner_indices()


def test_tiles_drawn_without_an_explicit_choice_follow_the_app_wide_labels(qtbot: QtBot) -> None:
    tile = Tile.parse("1m")
    plain = tile_pixmap(tile, 64, index=False).toImage()
    labelled = tile_pixmap(tile, 64, index=True).toImage()
    assert plain != labelled
    set_corner_indices(True)
    assert tile_pixmap(tile, 64).toImage() == labelled
    set_corner_indices(False)
    assert tile_pixmap(tile, 64).toImage() == plain

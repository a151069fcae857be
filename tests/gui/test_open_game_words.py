"""Open a game when the games cannot be listed: the refusal is shown in the window's language (gui/error_words.py).

A store read SQLite refuses carries ``FILE_UNREADABLE`` (storage/store.py ``_read``); the window words it. Here
another program renamed the games table under the open store, so listing the games fails for real.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from tests.gui.conftest import click

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _break_the_games_table(window: MainWindow) -> str:
    """Rename the games table behind the window's store; the sentence the store now says when asked for the list."""
    path = window.controller.store.path
    other = sqlite3.connect(path)
    try:
        other.execute("ALTER TABLE games RENAME TO gone")
        other.commit()
    finally:
        other.close()
    return f"{path}: cannot list the games: no such table: games"


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


@pytest.mark.usefixtures("japanese")
def test_open_a_game_says_why_the_games_cannot_be_listed_in_japanese(qtbot: QtBot, window: MainWindow) -> None:
    english = _break_the_games_table(window)
    click(qtbot, window.table.empty_state.open_button)  # the script would fail on an unexpected Open dialog
    shown = window.message_label.text()
    assert window.message_label.isVisible()
    assert _JAPANESE.search(shown), shown
    assert "cannot list the games" not in shown and english not in shown
    assert str(window.controller.store.path) in shown  # which file


def test_an_english_window_shows_the_stores_sentence(qtbot: QtBot, window: MainWindow) -> None:
    english = _break_the_games_table(window)
    click(qtbot, window.table.empty_state.open_button)
    assert window.message_label.text() == english

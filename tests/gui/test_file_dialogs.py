"""The file choosers (scorekeeper.gui.file_dialogs): a chosen name is a Path, an empty answer is a cancel.

Qt's static dialogs are replaced by recorders (tests never run a modal dialog); the main window's save question
adds the suffix asked for when the user typed a bare name.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.file_dialogs import ask_open_file, ask_save_file
from scorekeeper.gui.openers import Dialogs

pytestmark = pytest.mark.gui


class _Answer:
    """Stands in for QFileDialog.getOpenFileName / getSaveFileName: records the question, gives a set answer."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.asked: list[tuple[str, str, str]] = []

    def __call__(self, _parent: QWidget, title: str, start: str, filters: str) -> tuple[str, str]:
        self.asked.append((title, start, filters))
        return self.name, ""


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_an_opened_file_is_a_path_and_a_cancel_is_none(monkeypatch: pytest.MonkeyPatch, parent: QWidget) -> None:
    answer = _Answer("/tmp/players.csv")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    assert ask_open_file(parent, "Players", "CSV files (*.csv)") == Path("/tmp/players.csv")
    assert answer.asked == [("Players", "", "CSV files (*.csv)")]
    answer.name = ""
    assert ask_open_file(parent, "Players", "CSV files (*.csv)") is None


def test_a_save_starts_where_asked_and_a_cancel_is_none(monkeypatch: pytest.MonkeyPatch, parent: QWidget) -> None:
    answer = _Answer("/tmp/league.pdf")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    assert ask_save_file(parent, "Save", "PDF (*.pdf)", "league.pdf") == Path("/tmp/league.pdf")
    assert answer.asked == [("Save", "league.pdf", "PDF (*.pdf)")]
    answer.name = ""
    assert ask_save_file(parent, "Save", "PDF (*.pdf)") is None


def test_the_main_window_s_save_question_adds_the_suffix_to_a_bare_name(
    monkeypatch: pytest.MonkeyPatch, parent: QWidget
) -> None:
    answer = _Answer("/tmp/game")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    assert Dialogs().ask_path(parent, ".csv") == Path("/tmp/game.csv")
    assert answer.asked[0][2] == "CSV (*.csv)"
    answer.name = ""
    assert Dialogs().ask_path(parent, ".csv") is None

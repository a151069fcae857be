"""The file choosers (scorekeeper.gui.file_dialogs): a chosen name is a Path, an empty answer is a cancel.

Qt's static dialogs are replaced by recorders (tests never run a modal dialog); the main window's save question
adds the suffix asked for when the user typed a bare name.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui import file_dialogs
from scorekeeper.gui.file_dialogs import ask_open_file, ask_save_file, start_folder
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


@pytest.fixture(autouse=True)
def fresh_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each test is a fresh run (no folder chosen yet) whose documents folder is ``tmp_path / "Documents"``."""
    monkeypatch.setattr(file_dialogs, "_last_folder", None)
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda _location: str(documents))


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_an_opened_file_is_a_path_and_a_cancel_is_none(monkeypatch: pytest.MonkeyPatch, parent: QWidget) -> None:
    answer = _Answer("/tmp/players.csv")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    documents = str(start_folder())
    assert ask_open_file(parent, "Players", "CSV files (*.csv)") == Path("/tmp/players.csv")
    assert answer.asked == [("Players", documents, "CSV files (*.csv)")]
    answer.name = ""
    assert ask_open_file(parent, "Players", "CSV files (*.csv)") is None


def test_a_save_starts_where_asked_and_a_cancel_is_none(monkeypatch: pytest.MonkeyPatch, parent: QWidget) -> None:
    answer = _Answer("/tmp/league.pdf")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    assert ask_save_file(parent, "Save", "PDF (*.pdf)", "/srv/league.pdf") == Path("/tmp/league.pdf")
    assert answer.asked == [("Save", "/srv/league.pdf", "PDF (*.pdf)")]  # a folder named is where it starts
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


def test_a_chooser_starts_in_the_documents_folder_then_in_the_folder_last_chosen(
    monkeypatch: pytest.MonkeyPatch, parent: QWidget, tmp_path: Path
) -> None:
    # Issue 24: save dialogs opened in the folder the program was started from.
    answer = _Answer(str(tmp_path / "club" / "league.pdf"))
    (tmp_path / "club").mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    ask_save_file(parent, "Save", "PDF (*.pdf)", "league.pdf")  # a bare name: into the documents folder
    assert answer.asked[-1][1] == str(tmp_path / "Documents" / "league.pdf")
    ask_open_file(parent, "Players", "CSV files (*.csv)")  # next: where the last file went
    assert answer.asked[-1][1] == str(tmp_path / "club")
    Dialogs().ask_path(parent, "2026-11-28 Aiko Bruno Chen Dana.csv")  # the main window's exports too
    assert answer.asked[-1][1] == str(tmp_path / "club" / "2026-11-28 Aiko Bruno Chen Dana.csv")


def test_a_missing_documents_folder_is_never_offered_as_a_files_name(
    monkeypatch: pytest.MonkeyPatch, parent: QWidget, tmp_path: Path
) -> None:
    # Under Xvfb with a fresh home (no Documents folder) the referee's seating export offered to save a file named
    # "Documents": Qt's chooser takes a start path that is not a folder for the file's name.
    home = tmp_path / "home"
    home.mkdir()
    places = {
        QStandardPaths.StandardLocation.DocumentsLocation: str(home / "Documents"),  # not there
        QStandardPaths.StandardLocation.HomeLocation: str(home),
    }
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda location: places[location])
    assert start_folder() == home
    answer = _Answer("")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    ask_save_file(parent, "Export", "CSV files (*.csv)")
    assert answer.asked == [("Export", str(home), "CSV files (*.csv)")]

"""Game ▸ Import tells how the imported game's names joined the players list, or that the game was already stored.

Before, the import's report (``ImportReport``: how each substitute joined, a name the registry refuses) was only
printed by ``scorekeeper import``; the window opened the game and said nothing. It is shown in the window's
language (``Dialogs.import_report``), and only where there is something to tell. The real openers (the report's
message box, the "Which player?" question) are checked with their ``exec`` replaced.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.import_report import import_report_lines
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.openers import Dialogs, choose_player_question
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.imports import ImportedName, ImportReport, JoinKind
from scorekeeper.storage.registry import Player, add_player
from tests.gui.conftest import Script
from tests.session.test_statistics import game_1
from tests.session.test_statistics_substitution import _substituted

STORED = "The game is stored. How its players joined the players list:"


def _write(path: Path, record: dict[str, object]) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _import(window: MainWindow, script: Script, path: Path) -> None:
    script.open_paths.append(path)
    window.import_game()


def test_an_imported_substitute_new_to_the_players_list_is_reported_as_a_new_player(
    window: MainWindow, script: Script, tmp_path: Path
) -> None:
    path = _write(tmp_path / "game.json", format_record(record_from_session(_substituted())))
    _import(window, script, path)
    assert script.import_reports == [f"{STORED}\n• Substitute Sub is a new player."]
    assert window.controller.game_id is not None


def test_an_imported_substitute_who_joined_the_one_player_of_that_name_is_reported(
    window: MainWindow, script: Script, tmp_path: Path
) -> None:
    add_player(window.controller.store, "Sub")
    path = _write(tmp_path / "game.json", format_record(record_from_session(_substituted())))
    _import(window, script, path)
    assert script.import_reports == [f"{STORED}\n• Substitute Sub joined the player of that name."]


def test_a_game_already_stored_is_reported_as_skipped_and_opened(
    window: MainWindow, script: Script, tmp_path: Path
) -> None:
    path = _write(tmp_path / "game.json", format_record(record_from_session(_substituted())))
    _import(window, script, path)
    first = window.controller.game_id
    _import(window, script, path)
    assert script.import_reports[1:] == ["This game was already stored: it is opened, not stored again."]
    assert window.controller.game_id == first
    assert len(window.controller.store.list_games()) == 1


def test_a_seated_name_the_players_list_refuses_is_reported_as_a_guest_with_the_reason(
    window: MainWindow, script: Script, tmp_path: Path
) -> None:
    record = format_record(record_from_session(game_1()))
    record["players"][1] = "Ben\nJamin"
    _import(window, script, _write(tmp_path / "game.json", record))
    assert script.import_reports == [
        f"{STORED}\n• Ben\\u000aJamin sits as a guest: the players list refuses the name. "
        "One line of text: no line breaks, tabs or control characters."
    ]


def test_a_game_whose_four_names_joined_plainly_tells_nothing(
    window: MainWindow, script: Script, tmp_path: Path
) -> None:
    _import(window, script, _write(tmp_path / "game.json", format_record(record_from_session(game_1()))))
    assert script.import_reports == []
    assert window.controller.game_id is not None


def test_the_import_report_is_in_the_windows_language(window: MainWindow, script: Script, tmp_path: Path) -> None:
    path = _write(tmp_path / "game.json", format_record(record_from_session(_substituted())))
    install_language(Language.JAPANESE)
    try:
        _import(window, script, path)
        _import(window, script, path)
    finally:
        install_language(Language.ENGLISH)
    assert script.import_reports == [
        "対局を保存しました。プレイヤー一覧への登録:\n• 交代で入った Sub: 新しいプレイヤーとして登録しました。",
        "この対局はすでに保存されています。保存し直さずに開きました。",
    ]


def _name(how: JoinKind, *, substitute: bool = True, namesakes: int = 1) -> ImportedName:
    return ImportedName(
        game_id=1,
        where="game.json",
        seat=1,
        name="Sub",
        substitute=substitute,
        player=None if how in {JoinKind.GUEST, JoinKind.REFUSED} else 2,
        how=how,
        namesakes=namesakes,
    )


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (_name(JoinKind.EXISTING, namesakes=3), "Substitute Sub joined the oldest of the 3 players called Sub."),
        (_name(JoinKind.EXISTING), "Substitute Sub joined the player of that name."),
        (_name(JoinKind.NEW, substitute=False, namesakes=0), "Sub is a new player."),
        (_name(JoinKind.CHOSEN, namesakes=2), "Substitute Sub joined the player you chose."),
        (_name(JoinKind.GUEST), "Substitute Sub is a guest: counted in no statistics."),
        (
            _name(JoinKind.RETURNING),
            "Substitute Sub sat down in this game and came back: the same player as at the start.",
        ),
    ],
    ids=lambda value: value.how.value if isinstance(value, ImportedName) else "",
)
def test_each_way_a_name_joins_has_its_sentence(qapp: QApplication, name: ImportedName, said: str) -> None:
    report = ImportReport(imported=(1,), skipped=(), names=(name,))
    assert import_report_lines(report) == (STORED, said)


def test_the_report_box_shows_the_text_as_plain_text(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str, Qt.TextFormat]] = []

    def exec_box(box: QMessageBox) -> int:
        shown.append((box.windowTitle(), box.text(), box.textFormat()))
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", exec_box)
    Dialogs().import_report(window, "• <b>Sub</b> is a new player.")
    assert shown == [("Import", "• <b>Sub</b> is a new player.", Qt.TextFormat.PlainText)]  # names are not markup


@pytest.mark.parametrize("substitute", [True, False], ids=["substitute", "seated"])
def test_the_which_player_dialog_asks_the_question_for_the_name_met(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, substitute: bool
) -> None:
    candidates = (
        Player(id=4, name="Sub", merged_into=None, games=3),
        Player(id=7, name="SUB", merged_into=None, games=0),
    )
    asked: list[tuple[str, str, list[str]]] = []

    def get_item(
        parent: QWidget, title: str, label: str, items: list[str], current: int, editable: bool
    ) -> tuple[str, bool]:
        asked.append((title, label, items))
        return items[1], True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(get_item))
    assert Dialogs().choose_player(window, "Sub", candidates, substitute=substitute) == 7
    assert asked == [
        (
            "Which player?",
            choose_player_question("Sub", substitute=substitute),
            ["Sub (3 games)", "SUB (0 games)", "A new player named Sub"],
        )
    ]
    assert ("came in as a substitute" in asked[0][1]) is substitute

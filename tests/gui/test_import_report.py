"""Game ▸ Import tells how the imported game's names joined the players list, or that the game was already stored.

Before, the import's report (``ImportReport``: how each substitute joined, a name the registry refuses) was only
printed by ``scorekeeper import``; the window opened the game and said nothing. It is shown in the window's
language (``Dialogs.import_report``), and only where there is something to tell.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.import_report import import_report_lines
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.imports import ImportedName, ImportReport, JoinKind
from scorekeeper.storage.registry import add_player
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

"""Game ▸ Import asks which registry player a substitute is where several carry their name, before storing, and
the question says the name is a substitute's.

Before, only the four who sat down were asked; a substitute joined the oldest entry of exactly their name unasked.
The question is the one the four get (``Dialogs.choose_player``), shown before anything is stored.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.openers import choose_player_question
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.registry import Player, add_player, game_substitutes
from tests.gui.conftest import Script
from tests.session.test_statistics_substitution import _substituted


def test_an_imported_substitute_whose_name_several_players_carry_is_asked_about_before_storing(
    qtbot: QtBot, window: MainWindow, script: Script, tmp_path: Path
) -> None:
    store = window.controller.store
    first, second = add_player(store, "Sub"), add_player(store, "sub")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(format_record(record_from_session(_substituted()))), encoding="utf-8")
    asked: list[tuple[str, tuple[int, ...], bool, int]] = []

    def choose_player(parent: QWidget, name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
        asked.append((name, tuple(p.id for p in candidates), substitute, len(store.list_games())))
        return second

    window.dialogs = replace(window.dialogs, choose_player=choose_player)
    script.open_paths.append(record)
    window.import_game()
    assert asked == [("Sub", (first, second), True, 0)]  # asked, as a substitute, while no game was stored yet
    game = window.controller.game_id
    assert game is not None
    assert [s.player for s in game_substitutes(store, game)] == [second]


@pytest.mark.parametrize(
    ("language", "substitute", "expected"),
    [
        (
            Language.ENGLISH,
            True,
            "More than one player is called Sub. Sub came in as a substitute during this game: which one was it?",
        ),
        (Language.ENGLISH, False, "More than one player is called Sub. Which one played this game?"),
        (
            Language.JAPANESE,
            True,
            "Sub という名前のプレイヤーが複数います。Sub はこの対局の途中で交代して入りました。どちらですか?",
        ),
        (Language.JAPANESE, False, "Sub という名前のプレイヤーが複数います。この対局をしたのはどちらですか?"),
    ],
    ids=["en-substitute", "en-seated", "ja-substitute", "ja-seated"],
)
def test_the_which_player_question_says_when_the_name_is_a_substitutes(
    qapp: QApplication, language: Language, substitute: bool, expected: str
) -> None:
    install_language(language)
    try:
        assert choose_player_question("Sub", substitute=substitute) == expected
    finally:
        install_language(Language.ENGLISH)

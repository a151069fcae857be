"""New tournament: a refused players CSV is said in the window's language, from the reader's structured error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.referee.new_tournament import NewTournamentDialog, players_csv_problem_text
from scorekeeper.tournament import PlayersCsvError, PlayersCsvProblem, parse_players_csv
from tests.gui.conftest import click
from tests.tournament.test_players_csv_errors import CASES

pytestmark = pytest.mark.gui


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


def _refuse(qtbot: QtBot, tmp_path: Path, csv_text: str) -> NewTournamentDialog:
    """The dialog with a name and ``csv_text`` as its players file, Create tapped."""
    players = tmp_path / "players.csv"
    players.write_text(csv_text, encoding="utf-8")
    dialog = NewTournamentDialog(ask_open=lambda _owner: players, ask_save=lambda _owner: tmp_path / "t.db")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edit, "Autumn Open")
    click(qtbot, dialog.browse_button)
    click(qtbot, dialog.create_button)
    assert dialog.created is None
    return dialog


@pytest.mark.usefixtures("japanese")
def test_a_repeated_name_in_the_players_csv_is_said_in_japanese_with_both_lines(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _refuse(qtbot, tmp_path, "name\nAnn\nBo\nann\n")
    assert dialog.problem_label.text() == (
        "選手ファイル 4 行目: ann は 2 行目にすでにあります (名前は大文字・小文字を区別せずに異なる必要があります)。"
    )
    dialog.close()


@pytest.mark.usefixtures("japanese")
def test_a_name_the_session_refuses_is_said_in_japanese_with_its_line(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _refuse(qtbot, tmp_path, "name\nAnn\n\u200b\n")
    assert dialog.problem_label.text() == "選手ファイル 3 行目: どの参加者にも名前が必要です。"
    dialog.close()


def test_a_refused_players_csv_is_said_in_english_by_line_and_column(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _refuse(qtbot, tmp_path, "name,substitute\nAnn,maybe\n")
    assert dialog.problem_label.text() == "Players file, line 2, column 'substitute': write yes or no (not 'maybe')."
    dialog.close()


@pytest.mark.parametrize(("text", "kind", "line", "field"), CASES)
@pytest.mark.usefixtures("japanese")
def test_every_kind_of_refusal_has_japanese_words(
    text: str, kind: PlayersCsvProblem, line: int | None, field: str
) -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv(text)
    words = players_csv_problem_text(caught.value)
    install_language(Language.ENGLISH)
    english = players_csv_problem_text(caught.value)
    assert words != english  # translated, not the English source
    assert not words.isascii()
    if line is not None and line > 1:
        assert f"{line}" in words and f"line {line}" in english
    if field and kind is not PlayersCsvProblem.BAD_NAME and kind is not PlayersCsvProblem.DUPLICATE_NAME:
        assert f"'{field}'" in english and f"'{field}'" in words

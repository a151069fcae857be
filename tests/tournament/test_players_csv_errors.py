"""A refused players CSV says where and what, as data: the line, the column and the kind of problem (for a GUI to
word in its own language), and the English message as before (the CLI prints it)."""

from __future__ import annotations

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session.names import NameProblemKind
from scorekeeper.tournament import PlayersCsvError, PlayersCsvProblem, parse_players_csv

CASES = [
    pytest.param("", PlayersCsvProblem.EMPTY_FILE, None, "", id="empty-file"),
    pytest.param("club\nRed\n", PlayersCsvProblem.NO_NAME_COLUMN, 1, "", id="no-name-column"),
    pytest.param("name,rating\nAnn,3\n", PlayersCsvProblem.UNKNOWN_COLUMN, 1, "rating", id="unknown-column"),
    pytest.param("name,club,club\nAnn,a,b\n", PlayersCsvProblem.REPEATED_COLUMN, 1, "club", id="repeated-column"),
    pytest.param("name\nAnn\nBo,Red\n", PlayersCsvProblem.TOO_MANY_FIELDS, 3, "", id="too-many-fields"),
    pytest.param("name,club\nAnn,a\n\u200b,b\n", PlayersCsvProblem.BAD_NAME, 3, "name", id="invisible-name"),
    pytest.param("name,club\nAnn,a\n,b\n", PlayersCsvProblem.BAD_NAME, 3, "name", id="empty-name"),
    pytest.param("name,club\nAnn," + "c" * 101 + "\n", PlayersCsvProblem.BAD_FIELD, 2, "club", id="long-club"),
    pytest.param("name,substitute\nAnn,maybe\n", PlayersCsvProblem.BAD_SUBSTITUTE, 2, "substitute", id="substitute"),
    pytest.param("name\nAnn\nBo\n\nANN\n", PlayersCsvProblem.DUPLICATE_NAME, 5, "name", id="duplicate"),
    pytest.param("name,club\n", PlayersCsvProblem.NO_PLAYERS, None, "", id="no-players"),
    pytest.param("name\nAnn\n" + "a" * 200_000 + "\n", PlayersCsvProblem.NOT_CSV, 3, "", id="field-over-csv-limit"),
]


@pytest.mark.parametrize(("text", "kind", "line", "field"), CASES)
def test_a_refused_players_csv_names_the_line_the_column_and_the_kind(
    text: str, kind: PlayersCsvProblem, line: int | None, field: str
) -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv(text)
    error = caught.value
    assert (error.kind, error.line, error.field) == (kind, line, field)
    assert isinstance(error, TournamentError)  # the CLI and every caller catch it as before
    assert str(error).startswith("players CSV")
    if line is not None and line > 1 and kind not in {PlayersCsvProblem.DUPLICATE_NAME, PlayersCsvProblem.NOT_CSV}:
        assert f"line {line}" in str(error)


def test_a_refused_name_carries_the_sessions_reason() -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv("name\nAnn\n\u200b\n")
    assert caught.value.name_problem is not None
    assert caught.value.name_problem.kind is NameProblemKind.EMPTY
    assert str(caught.value) == "players CSV line 3: a player has no name ('\\u200b'): every player needs a name"


def test_a_repeated_name_names_both_lines_and_keeps_its_message() -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv("name\nAnn\nBo\nann\n")
    assert (caught.value.line, caught.value.other_line, caught.value.value) == (4, 2, "ann")
    assert str(caught.value) == "players CSV: player 'ann' is listed twice (names must differ, ignoring case)"


def test_a_bad_row_before_a_repeated_name_is_said_first_as_before() -> None:
    # The repeat is found while reading, but said after the whole file is read (as validate_roster said it).
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv("name,substitute\nAnn,\nann,\nBo,maybe\n")
    assert caught.value.kind is PlayersCsvProblem.BAD_SUBSTITUTE
    assert (caught.value.line, caught.value.value) == (4, "maybe")


def test_too_many_fields_counts_them() -> None:
    with pytest.raises(PlayersCsvError) as caught:
        parse_players_csv("name,club\nAnn,a,b,c\n")
    assert (caught.value.count, caught.value.columns) == (4, 2)

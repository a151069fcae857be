"""Player names: a new game refuses a name nobody could read in a column (empty, multi-line, control characters,
outer spaces, too long) or a name two players share; a stored game keeps loading whatever names it has."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import (
    EndGame,
    NameProblemKind,
    PlayerNameError,
    Session,
    format_record,
    parse_record,
    record_from_session,
    ruleset,
    session_from_record,
    validate_player_names,
)
from scorekeeper.session.names import MAX_NAME, name_key, player_name_problem

RULES = ruleset("tenhou")


def _kinds(names: list[str]) -> list[tuple[int, NameProblemKind]]:
    return [(p.index, p.kind) for p in validate_player_names(names)]


@pytest.mark.parametrize(
    ("names", "seat", "other"),
    [
        (["Ann", "Bo", "Cy", "Ann"], 3, 0),
        (["Ann", "ANN", "Cy", "Di"], 1, 0),  # case does not make another player
        (["Zoe\u0308", "Zo\u00eb", "Cy", "Di"], 1, 0),  # NFD and NFC of one name
        (["Ann", "Bo", "\uff21\uff4e\uff4e", "Di"], 2, 0),  # full-width letters from an input method
    ],
    ids=["exact", "case", "nfd-nfc", "full-width"],
)
def test_a_new_game_refuses_a_name_two_players_share(names: list[str], seat: int, other: int) -> None:
    with pytest.raises(PlayerNameError, match="name too") as caught:
        Session.start(RULES, names)
    (problem,) = caught.value.problems
    assert (problem.index, problem.kind, problem.other) == (seat, NameProblemKind.DUPLICATE, other)
    assert f"player {seat + 1}'s name" in str(caught.value)


@pytest.mark.parametrize(
    "name",
    ["", " ", "\u3000", "\u200b", " \u200b "],
    ids=["empty", "space", "ideographic-space", "zero-width-space", "spaces-and-zero-width"],
)
def test_a_new_game_refuses_an_empty_or_blank_name(name: str) -> None:
    with pytest.raises(PlayerNameError, match="has no name"):
        Session.start(RULES, ["Ann", name, "Cy", "Di"])
    assert _kinds(["Ann", name, "Cy", "Di"]) == [(1, NameProblemKind.EMPTY)]


@pytest.mark.parametrize(
    "name",
    ["Ann\nBo", "Ann\r", "Ann\tBo", "Ann\x00", "Ann\x1b[31m", "Ann\u2028Bo", "Ann\u2029", "\u202eAnn", "Ann\u2066x"],
    ids=["newline", "return", "tab", "nul", "escape", "line-separator", "paragraph-separator", "rtl", "isolate"],
)
def test_a_new_game_refuses_a_name_with_a_line_break_or_control_character(name: str) -> None:
    with pytest.raises(PlayerNameError, match="line break or control character"):
        Session.start(RULES, [name, "Bo", "Cy", "Di"])
    assert _kinds([name, "Bo", "Cy", "Di"]) == [(0, NameProblemKind.CONTROL)]


def test_a_new_game_refuses_a_name_with_outer_spaces_or_over_the_length_limit() -> None:
    names = [" Ann", "Bo ", "C" * MAX_NAME, "D" * (MAX_NAME + 1)]
    assert _kinds(names) == [(0, NameProblemKind.SPACES), (1, NameProblemKind.SPACES), (3, NameProblemKind.TOO_LONG)]
    with pytest.raises(PlayerNameError, match=r"player 1's name ' Ann' starts or ends with spaces \(and 2 more\)"):
        Session.start(RULES, names)


def test_every_refused_name_is_listed_with_its_seat_and_a_bad_name_is_not_also_a_duplicate() -> None:
    problems = validate_player_names(["Ann\n", "Ann\n", "", "ann"])
    assert [(p.index, p.kind) for p in problems] == [
        (0, NameProblemKind.CONTROL),
        (1, NameProblemKind.CONTROL),
        (2, NameProblemKind.EMPTY),
    ]


def test_a_name_that_is_not_text_is_refused_by_name() -> None:
    problem = player_name_problem(42, 2)
    assert problem is not None
    assert (problem.index, problem.kind) == (2, NameProblemKind.NOT_TEXT)
    assert problem.message == "player 3's name must be a text, got '42'"


@pytest.mark.parametrize(
    "names",
    [
        ["Ann", "Bo", "Cy", "Di"],
        ["山田 太郎", "佐藤花子", "ＴＡＲＯ", "Kim"],
        ["Mehr\u200cnaz", "Zoë", "O'Brien", "Anne-Marie"],  # ZWNJ in a Persian name stays allowed
        ["\U0001f469\u200d\U0001f4bb", "Ann Bo", "A", "B" * MAX_NAME],  # an emoji sequence joined by ZWJ
    ],
    ids=["latin", "japanese", "joiners", "emoji-and-longest"],
)
def test_a_new_game_takes_any_four_different_one_line_names(names: list[str]) -> None:
    assert validate_player_names(names) == ()
    assert Session.start(RULES, names).players == tuple(names)


def test_a_new_game_has_four_names() -> None:
    with pytest.raises(IllegalActionError, match="four player names, got 3"):
        Session.start(RULES, ["Ann", "Bo", "Cy"])


def test_a_stored_game_with_shared_blank_or_multiline_names_still_loads() -> None:
    # Records written before names were judged: refusing them now would lose the game, so only creation asks.
    names = ["Ann", "Ann", "", "Di\nx"]
    game = Session(RULES, names, [EndGame("time limit")])
    text = json.dumps(format_record(record_from_session(game)))
    again = session_from_record(parse_record(json.loads(text)))
    assert again.players == tuple(names)
    assert again.state.ended


_NAME = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs", "Cc", "Cf", "Zl")), max_size=6
)


@given(st.lists(_NAME, min_size=4, max_size=4))
def test_names_a_new_game_accepts_are_one_line_visible_and_all_different(names: list[str]) -> None:
    problems = validate_player_names(names)
    if problems:
        with pytest.raises(PlayerNameError) as caught:
            Session.start(RULES, names)
        assert caught.value.problems == problems
        return
    session = Session.start(RULES, names)
    assert session.players == tuple(names)
    assert len({name_key(n) for n in names}) == 4
    for name in names:
        assert name == name.strip()
        assert not any(unicodedata.category(c) in {"Cc", "Zl", "Zp"} for c in name)
        assert any(unicodedata.category(c)[0] in "LNPS" for c in name)  # something shows

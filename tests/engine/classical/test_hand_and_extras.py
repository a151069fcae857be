"""The classical hand's checks and the extra-tile notation."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.classical import (
    CLASSICAL_CONDITION_NAMES,
    ClassicalHand,
    ExtraGroup,
    ExtraTile,
    classical_hand_from_json,
    format_extras,
    parse_extras,
    validate_classical_hand,
)
from scorekeeper.engine.hand import Meld
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import InvalidContextError, InvalidHandError, TileParseError
from tests.engine.classical.builders import classical as c


def test_extra_tiles_notation_seasons_then_plants() -> None:
    assert parse_extras("15f") == (ExtraTile.SPRING, ExtraTile.PLUM)
    assert ExtraTile.WINTER.group is ExtraGroup.SEASON
    assert ExtraTile.BAMBOO.group is ExtraGroup.PLANT
    assert ExtraTile.ORCHID.number == 2
    assert ExtraTile.ORCHID.wind is Wind.SOUTH
    assert format_extras([ExtraTile.SUMMER, ExtraTile.CHRYSANTHEMUM]) == "27f"
    assert format_extras([]) == ""
    assert repr(ExtraTile.PLUM) == "ExtraTile('5f')"


@settings(max_examples=100)
@given(st.lists(st.sampled_from(list(ExtraTile)), max_size=8))
def test_extra_tiles_round_trip(tiles: list[ExtraTile]) -> None:
    assert parse_extras(format_extras(tiles)) == tuple(tiles)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        pytest.param("9f", 0, id="no-ninth-extra-tile"),
        pytest.param("0f", 0, id="no-zero"),
        pytest.param("1fx", 2, id="unknown-character"),
        pytest.param("f", 0, id="f-without-digits"),
        pytest.param("12", 0, id="digits-without-f"),
    ],
)
def test_extra_tiles_parse_errors_point_at_the_character(text: str, position: int) -> None:
    with pytest.raises(TileParseError) as info:
        parse_extras(text)
    assert info.value.position == position


def _hand(**kw: Any) -> ClassicalHand:
    base: dict[str, Any] = {"concealed": parse_tiles("123m456m789p234s55s"), "win": Tile.parse("3s")}
    base.update(kw)
    return ClassicalHand(**base)


@pytest.mark.parametrize(
    ("kw", "error", "words"),
    [
        pytest.param({"win": Tile.parse("9s")}, InvalidHandError, "not in the hand", id="win-not-in-hand"),
        pytest.param(
            {"concealed": parse_tiles("123m456m789p234s5s")}, InvalidHandError, "wrong tile count", id="count"
        ),
        pytest.param({"concealed": parse_tiles("11111m456m789p55s")}, InvalidHandError, "five copies", id="fifth"),
        pytest.param({"concealed": parse_tiles("123m406m789p234s55s")}, InvalidHandError, "red fives", id="red-five"),
        pytest.param({"extras": (ExtraTile.PLUM, ExtraTile.PLUM)}, InvalidHandError, "twice", id="extra-twice"),
        pytest.param({"win": None}, InvalidHandError, "eight extra tiles", id="no-win-without-eight-extras"),
        pytest.param({"robbing_the_kong": True, "tsumo": True}, InvalidContextError, "robbing", id="rob-with-tsumo"),
        pytest.param({"last_tile_of_wall": True}, InvalidContextError, "last tile of the wall", id="last-on-discard"),
        pytest.param(
            {"replacement_tile": True, "tsumo": True}, InvalidContextError, "no quartet", id="replacement-no-kong"
        ),
        pytest.param({"replacement_tile": True}, InvalidContextError, "without self-drawing", id="replacement-ron"),
        pytest.param({"heavenly_hand": True}, InvalidContextError, "heavenly", id="heavenly-on-discard"),
        pytest.param(
            {"heavenly_hand": True, "tsumo": True, "last_tile_of_wall": True},
            InvalidContextError,
            "another way",
            id="heavenly-and-last-tile",
        ),
    ],
)
def test_invalid_hands_are_refused_with_the_rule_named(kw: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        _hand(**kw)


def test_replacement_with_last_tile_of_wall_is_a_contradiction() -> None:
    problems = validate_classical_hand(
        parse_tiles("123m456p789s55s"),
        [Meld.parse("minkan", "1111z")],
        Tile.parse("5s"),
        tsumo=True,
        replacement_tile=True,
        last_tile_of_wall=True,
    )
    assert [type(p) for p in problems] == [InvalidContextError]
    assert "one place" in str(problems[0])


def test_heavenly_hand_with_melds_is_refused() -> None:
    problems = validate_classical_hand(
        parse_tiles("123m456p789s55s"), [Meld.parse("pon", "111z")], Tile.parse("5s"), tsumo=True, heavenly_hand=True
    )
    assert any("melds" in str(p) for p in problems)


def test_validate_unknown_condition_is_refused() -> None:
    with pytest.raises(InvalidContextError, match="riichi"):
        validate_classical_hand((), (), None, riichi=True)


def test_hand_is_concealed_with_a_concealed_kong_only() -> None:
    closed = ClassicalHand(
        concealed=parse_tiles("456m789p234s55s"), melds=(Meld.parse("ankan", "1111z"),), win=Tile.parse("5s")
    )
    assert closed.is_concealed
    assert closed.all_kind_counts()[27] == 4


def test_extra_tiles_refused_when_the_rules_play_without_them() -> None:
    from scorekeeper.engine.classical import score_json

    rules = {"preset": "classical", "overrides": {"extra_tiles": False}}
    answer = score_json(c("123m456m789p234s55s", "3s", flowers=["1f"], ruleset=rules))
    assert answer["ok"] is False
    assert answer["kind"] == "InvalidHandError"
    assert "without them" in answer["error"]


def test_repeated_extra_tiles_are_one_problem_naming_the_first_few() -> None:
    """Issue 10: one message per repeat, each quoting the whole list, made a 14 KB line take 28 s."""
    extras = [ExtraTile.SPRING] * 4000 + [ExtraTile.PLUM, ExtraTile.PLUM, *ExtraTile, *ExtraTile]
    problems = validate_classical_hand(parse_tiles("123m456m789p234s55s"), (), Tile.parse("3s"), extras=extras)
    assert len(problems) == 1
    message = str(problems[0])
    assert message.startswith("extra tile 1f, 5f, 2f and 5 more twice or more among 4,018 extra tiles")
    assert len(message) < 200


def test_the_condition_names_are_the_hands_boolean_fields_and_the_json_flags() -> None:
    # One list (issue 11): the hand's fields besides tsumo, in the order declared, and each one a JSON flag.
    booleans = tuple(f.name for f in dataclasses.fields(ClassicalHand) if f.type == "bool" and f.name != "tsumo")
    assert booleans == CLASSICAL_CONDITION_NAMES
    for name in CLASSICAL_CONDITION_NAMES:  # each is a flag the JSON input reads
        with pytest.raises(InvalidContextError, match=f"^{name} must be true or false"):
            classical_hand_from_json({"hand": "123m456m789m123p55p", name: "yes"})
    with pytest.raises(InvalidContextError, match="unknown classical condition"):
        validate_classical_hand((), (), None, riichi=True)

"""Tests of tiles and their mpsz notation (scorekeeper.engine.tiles)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.tiles import (
    Tile,
    TileKind,
    Wind,
    _parse_tiles_carefully,
    format_kinds,
    format_tiles,
    parse_kinds,
    parse_tiles,
)
from scorekeeper.errors import TileParseError

_ALL_TILES = parse_tiles("123456789m123456789p123456789s1234567z0m0p0s")


def test_notation_reads_suits_honours_and_red_fives() -> None:
    tiles = parse_tiles("123m406p789s1122z")
    assert [str(t) for t in tiles][:6] == ["1m", "2m", "3m", "4p", "0p", "6p"]
    assert tiles[4] == Tile(TileKind.P5, red=True)
    assert parse_kinds("0s") == (TileKind.S5,)
    assert parse_tiles("1 2m") == parse_tiles("12m")


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        pytest.param("12x", 2, "unexpected character 'x'", id="unknown-char"),
        pytest.param("123", 0, "no suit letter", id="trailing-digits"),
        pytest.param("m12", 0, "no digits before it", id="lonely-suit"),
        pytest.param("08z", 0, "no such tile 0z", id="red-honour"),
        pytest.param("18z", 1, "no such tile 8z", id="eighth-honour"),
    ],
)
def test_bad_notation_points_at_the_character(text: str, position: int, message: str) -> None:
    with pytest.raises(TileParseError, match=message) as info:
        parse_tiles(text)
    assert info.value.position == position
    assert info.value.text == text


def test_tile_parse_takes_exactly_one_tile() -> None:
    assert Tile.parse("0p") == Tile(TileKind.P5, red=True)
    with pytest.raises(TileParseError, match="expected one tile"):
        Tile.parse("12m")
    with pytest.raises(ValueError, match="only a five"):
        Tile(TileKind.M4, red=True)


def test_repr_can_be_pasted_back() -> None:
    tile = Tile.parse("0s")
    assert repr(tile) == "Tile.parse('0s')"
    assert eval(repr(tile)) == tile


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("4z", "1z"), ("1z", "2z"), ("7z", "5z"), ("5z", "6z"), ("0s", "6s")],
)
def test_dora_follows_its_indicator_cyclically(indicator: str, dora: str) -> None:
    assert TileKind.parse(indicator).dora_from_indicator() == TileKind.parse(dora)


def test_kind_properties() -> None:
    assert TileKind.M1.is_terminal and TileKind.M1.is_terminal_or_honor and not TileKind.M1.is_simple
    assert TileKind.EAST.is_wind and TileKind.EAST.is_honor and not TileKind.EAST.is_terminal
    assert TileKind.RED.is_dragon and TileKind.RED.number == 7
    assert TileKind.S5.is_simple and TileKind.S5.suit.value == "s"
    assert Wind.EAST.kind is TileKind.EAST and Wind.NORTH.next() is Wind.EAST


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_ALL_TILES), max_size=20))
def test_notation_round_trips(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert parse_tiles(text) == tuple(tiles)
    assert format_kinds(t.kind for t in tiles) == format_tiles(Tile(t.kind) for t in tiles)


@settings(max_examples=500)
@given(st.text(alphabet="0123456789mpsz x", max_size=16))
def test_fast_reader_agrees_with_the_careful_one(text: str) -> None:
    # parse_tiles reads well-formed text on its own (backwards, see there) and hands anything else to the careful
    # reader: on any text, both give the same tiles or the same error at the same position.
    def read(parse: Callable[[str], tuple[Tile, ...]]) -> tuple[Tile, ...] | tuple[str, int]:
        try:
            return parse(text)
        except TileParseError as error:
            return (str(error), error.position)

    assert read(parse_tiles) == read(_parse_tiles_carefully)

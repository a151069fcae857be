"""Tests of Hand and Meld validation (scorekeeper.engine.hand): an invalid hand cannot exist."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.hand import Hand, Meld, MeldKind, validate_hand, validate_tiles
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import InvalidContextError, InvalidHandError, TileParseError


def make(tiles: str = "123m456p789s11122z", win: str = "1z", melds: tuple[Meld, ...] = (), **kw: Any) -> Hand:
    args: dict[str, Any] = {"tsumo": False, "seat_wind": Wind.SOUTH, "round_wind": Wind.EAST}
    args.update(kw)
    return Hand(concealed=parse_tiles(tiles), melds=melds, win=Tile.parse(win), **args)


def test_valid_hand_keeps_its_counts_and_properties() -> None:
    hand = make()
    assert hand.counts[27] == 3 and hand.counts[28] == 2
    assert hand.is_closed and not hand.is_dealer and not hand.is_riichi
    assert len(hand.all_tiles) == 14
    assert str(hand) == "123m456p789s11122z win 1z ron"


def test_meld_parse_sorts_and_reads_red_fives() -> None:
    meld = Meld.parse("chi", "640m")
    assert meld.tiles == parse_tiles("406m")
    assert meld.first == 3
    assert str(meld) == "406m+chi"
    assert repr(meld) == "Meld.parse('chi', '406m')"
    assert MeldKind.ANKAN.is_kan and not MeldKind.ANKAN.is_open
    assert MeldKind.PON.is_open and not MeldKind.PON.is_kan


@pytest.mark.parametrize(
    ("kind", "tiles", "message"),
    [
        pytest.param("chi", "135m", "three consecutive", id="chi-gap"),
        pytest.param("chi", "123z", "number suit", id="chi-honours"),
        pytest.param("chi", "891m", "three consecutive", id="chi-wraps"),
        pytest.param("pon", "112m", "of one kind", id="pon-mixed"),
        pytest.param("pon", "1111m", "3 tiles", id="pon-four"),
        pytest.param("ankan", "111m", "4 tiles", id="kan-three"),
        pytest.param("kong", "111m", "unknown meld type", id="unknown-kind"),
    ],
)
def test_malformed_meld_is_refused(kind: str, tiles: str, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        Meld.parse(kind, tiles)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"tiles": "55555m56p789s111z", "win": "5m"}, "five copies of 5m", id="fifth-copy"),
        pytest.param(
            {"tiles": "55m456p789s11122z", "win": "5m", "melds": (Meld.parse("pon", "555m"),)},
            "five copies of 5m",
            id="fifth-copy-with-meld",
        ),
        pytest.param({"tiles": "123m456p789s1122z"}, "wrong tile count: 13", id="thirteen-tiles"),
        pytest.param(
            {"tiles": "123m456p789s11122z", "melds": (Meld.parse("ankan", "9999m"),)},
            "a winning hand has 11 concealed tiles",
            id="kan-count",
        ),
        pytest.param({"win": "3m", "tiles": "124m456p789s11122z"}, "the winning tile 3m is not in the hand", id="win"),
        pytest.param({"tiles": "123m406p789s11122z", "win": "5p"}, "only the red five is", id="red-win"),
    ],
)
def test_impossible_tiles_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        make(**kwargs)


_OPEN = (Meld.parse("chi", "789s"),)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param(
            {"tiles": "123m456p11122z", "melds": _OPEN, "riichi": True}, "riichi with an open hand", id="riichi"
        ),
        pytest.param({"ippatsu": True}, "ippatsu without riichi", id="ippatsu"),
        pytest.param({"chankan": True, "tsumo": True}, "chankan with tsumo", id="chankan-tsumo"),
        pytest.param({"tiles": "123m456p789s11222z", "win": "2z", "chankan": True}, "robbed kong", id="chankan-copies"),
        pytest.param({"haitei": True}, "haitei with ron", id="haitei-ron"),
        pytest.param({"houtei": True, "tsumo": True}, "houtei with tsumo", id="houtei-tsumo"),
        pytest.param(
            {
                "tiles": "123m456p11122z",
                "melds": (Meld.parse("ankan", "7777s"),),
                "tsumo": True,
                "haitei": True,
                "rinshan": True,
            },
            "haitei together with rinshan",
            id="haitei-rinshan",
        ),
        pytest.param({"rinshan": True, "tsumo": True}, "rinshan without a kong", id="rinshan-no-kan"),
        pytest.param({"tenhou": True, "tsumo": True}, "tenhou for a non-dealer", id="tenhou-non-dealer"),
        pytest.param({"tenhou": True, "seat_wind": Wind.EAST}, "tenhou with ron", id="tenhou-ron"),
        pytest.param({"chiihou": True, "tsumo": True, "seat_wind": Wind.EAST}, "chiihou for the dealer", id="chiihou"),
        pytest.param({"renhou": True, "tsumo": True}, "renhou with tsumo", id="renhou-tsumo"),
        pytest.param({"renhou": True, "riichi": True}, "renhou with riichi", id="renhou-riichi"),
        pytest.param(
            {"riichi": True, "ippatsu": True, "rinshan": True, "tsumo": True}, "ippatsu with rinshan", id="ip"
        ),
        pytest.param({"dora": parse_tiles("1111122m")}, "7 dora indicators", id="too-many-dora"),
    ],
)
def test_contradictory_conditions_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidContextError, match=message):
        make(**kwargs)


def test_valid_special_conditions_are_accepted() -> None:
    make(riichi=True, ippatsu=True, tsumo=True, haitei=True)
    make(double_riichi=True, houtei=True)
    make(tenhou=True, tsumo=True, seat_wind=Wind.EAST)
    make(chiihou=True, tsumo=True)
    make(renhou=True)
    make(tiles="123m456p11122z", melds=(Meld.parse("ankan", "7777s"),), rinshan=True, tsumo=True, riichi=True)


def test_validate_tiles_lists_problems_without_raising() -> None:
    problems = validate_tiles(parse_tiles("55555m"), (), None)
    assert [p.error for p in problems] == [InvalidHandError, InvalidHandError]
    assert "five copies of 5m" in problems[0].message
    assert validate_tiles(parse_tiles("123m456p789s11122z"), (), Tile.parse("1z")) == []


def test_validate_hand_lists_every_problem() -> None:
    problems = validate_hand(
        parse_tiles("123m456p789s1122z"), (), Tile.parse("3z"), False, Wind.SOUTH, ippatsu=True, chankan=False
    )
    messages = [p.message for p in problems]
    assert any("wrong tile count" in m for m in messages)
    assert any("not in the hand" in m for m in messages)
    assert any("ippatsu without riichi" in m for m in messages)
    with pytest.raises(InvalidContextError, match="furiten"):
        validate_hand(parse_tiles("11z"), (), Tile.parse("1z"), False, Wind.SOUTH, furiten=True)


def test_bad_notation_raises_tile_parse_error() -> None:
    with pytest.raises(TileParseError):
        Meld.parse("pon", "11x")

"""Tests of the wait list with ron and tsumo values (scorekeeper.engine.waits)."""

from __future__ import annotations

import time

import pytest

from scorekeeper.engine.hand import Meld
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.scoring import HandScore
from scorekeeper.engine.tiles import Tile, Wind, format_kinds, parse_tiles
from scorekeeper.engine.waits import Refusal, list_waits
from scorekeeper.errors import InvalidContextError, InvalidHandError, NoYakuError

TENHOU = hand_rules("tenhou")


def waits(tiles: str, melds: tuple[Meld, ...] = (), **kw: bool) -> dict[str, tuple[object, object]]:
    found = list_waits(
        parse_tiles(tiles), melds, seat_wind=Wind.SOUTH, round_wind=Wind.EAST, rules=TENHOU, dora=(), ura=(), **kw
    )
    return {format_kinds([w.kind]): (w.ron, w.tsumo) for w in found}


def points(result: object) -> int | str:
    return result.points if isinstance(result, HandScore) else "no"


def test_two_sided_wait_with_values() -> None:
    found = waits("234m456p678s3488s", riichi=True)
    assert set(found) == {"2s", "5s"}
    ron, tsumo = found["2s"]
    # Riichi pinfu tanyao: 3 han 30 fu ron 3900; with tsumo 4 han 20 fu, 1300-2600.
    assert points(ron) == 3900 and points(tsumo) == 5200


def test_shanpon_and_tanki_shapes() -> None:
    assert set(waits("123m456p789s1122z")) == {"1z", "2z"}
    assert set(waits("1112345678999m")) == set(parse_kinds_text("123456789m"))


def parse_kinds_text(text: str) -> list[str]:
    return [str(tile) for tile in parse_tiles(text)]


def test_seven_pairs_and_thirteen_orphans_waits() -> None:
    assert set(waits("1133m5577p99s226z")) == {"6z"}
    assert len(waits("19m19p19s1234567z")) == 13


def test_a_win_without_yaku_is_refused_with_the_reason() -> None:
    ron, tsumo = waits("123m456p789s3344z")["4z"]
    assert isinstance(ron, Refusal) and ron.error is NoYakuError
    assert isinstance(tsumo, HandScore)  # menzen tsumo


def test_conditions_apply_to_their_own_way_of_winning() -> None:
    ron, tsumo = waits("234m456p678s3488s", haitei=True, houtei=False)["2s"]
    assert isinstance(ron, HandScore) and isinstance(tsumo, HandScore)
    assert "haitei" in {y.yaku.value for y in tsumo.yaku}
    assert "haitei" not in {y.yaku.value for y in ron.yaku}


def test_no_wait_on_a_fifth_copy() -> None:
    assert "1p" not in waits("11112233p55z777z")
    assert "4p" in waits("11112233p55z777z")


def test_open_hand_waits() -> None:
    found = waits("234m456p3488s", (Meld.parse("chi", "678s"),))
    assert set(found) == {"2s", "5s"}
    assert all(isinstance(result, HandScore) for pair in found.values() for result in pair)  # open tanyao


@pytest.mark.parametrize(
    ("tiles", "message"),
    [("123m", "wrong tile count"), ("1111m456p789s11z", "wrong tile count"), ("11111m456p789s12z", "five copies")],
)
def test_bad_waiting_hands_are_refused(tiles: str, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        waits(tiles)


def test_unknown_condition_is_refused() -> None:
    with pytest.raises(InvalidContextError, match="furiten"):
        waits("234m456p678s3488s", furiten=True)


def test_wait_list_is_fast() -> None:
    """Issue 2: under 2 ms for a typical 13-tile hand (measured generously here: the best of several runs)."""
    tiles = parse_tiles("234m456p678s3488s")
    best = min(_timed(tiles) for _ in range(20))
    assert best < 0.002


def _timed(tiles: tuple[Tile, ...]) -> float:
    start = time.perf_counter()
    list_waits(tiles, (), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, rules=TENHOU, riichi=True)
    return time.perf_counter() - start

"""Tests of fu: the per-set table, rounding, and fu per wait and per pair through the scorer (seed 004 6.3)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.fu import FuReason, round_fu, set_fu
from scorekeeper.engine.hand import Hand, Meld
from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.scoring import WaitKind, score_hand
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles


def score(tiles: str, win: str, melds: tuple[Meld, ...] = (), rules: str = "tenhou", **kw: Any) -> Any:
    args: dict[str, Any] = {"tsumo": False, "seat_wind": Wind.SOUTH, "round_wind": Wind.EAST}
    args.update(kw)
    hand = Hand(concealed=parse_tiles(tiles), melds=melds, win=Tile.parse(win), **args)
    return score_hand(hand, hand_rules(rules))


@pytest.mark.parametrize(
    ("kan", "closed", "terminal", "fu"),
    [
        (False, False, False, 2),
        (False, True, False, 4),
        (False, False, True, 4),
        (False, True, True, 8),
        (True, False, False, 8),
        (True, True, False, 16),
        (True, False, True, 16),
        (True, True, True, 32),
    ],
)
def test_set_fu_table_seed_004_6_3(kan: bool, closed: bool, terminal: bool, fu: int) -> None:
    assert set_fu(kan=kan, closed=closed, terminal_or_honor=terminal)[1] == fu


def test_round_fu_goes_up_to_the_next_ten() -> None:
    assert [round_fu(x) for x in (22, 30, 32, 102)] == [30, 30, 40, 110]


@pytest.mark.parametrize(
    ("tiles", "win", "wait", "fu", "reason"),
    [
        pytest.param("12m456p789s44z555z", "3m", WaitKind.PENCHAN, 40, FuReason.EDGE_WAIT, id="edge-12-on-3"),
        pytest.param("89m456p123s44z555z", "7m", WaitKind.PENCHAN, 40, FuReason.EDGE_WAIT, id="edge-89-on-7"),
        pytest.param("13m456p789s44z555z", "2m", WaitKind.KANCHAN, 40, FuReason.CLOSED_WAIT, id="closed-13-on-2"),
        pytest.param("123m456p789s4z555z", "4z", WaitKind.TANKI, 40, FuReason.PAIR_WAIT, id="pair-wait"),
        pytest.param("23m456p789s44z555z", "1m", WaitKind.RYANMEN, 40, None, id="two-sided"),
    ],
)
def test_wait_fu(tiles: str, win: str, wait: WaitKind, fu: int, reason: FuReason | None) -> None:
    """Yakuhai haku (closed, 8 fu) + closed ron 10 + base 20 = 38: 40 with or without the 2 fu of the wait."""
    # Complete the hand with the winning tile (tiles lists the 13 waiting tiles in these rows).
    result = score(tiles + win, win)
    assert result.wait is wait
    assert result.fu == fu
    reasons = {item.reason for item in result.fu_breakdown}
    if reason is not None:
        assert reason in reasons
    else:
        assert not reasons & {FuReason.EDGE_WAIT, FuReason.CLOSED_WAIT, FuReason.PAIR_WAIT}


def test_1111_22_33p_on_4p_has_no_wait_fu() -> None:
    """Seed 004 6.3: 1111-22-33p can only win on 4p, yet that tile finishes no edge, closed or pair wait."""
    result = score("11112233p4p55m678s", "4p", riichi=True)
    assert result.wait is WaitKind.RYANMEN
    assert not {i.reason for i in result.fu_breakdown} & {FuReason.EDGE_WAIT, FuReason.CLOSED_WAIT, FuReason.PAIR_WAIT}
    assert result.fu == 40  # 20 + 10 closed ron + 8 concealed 111p = 38


def test_56789p_on_7p_is_read_the_best_way() -> None:
    """Seed 004 6.3: 5-6-7-8-9p on 7p is a two-sided 5-6-7 (pinfu) or an edge 8-9 (2 fu); the higher score wins."""
    result = score("234m345s88s56789p7p", "7p", tsumo=True)
    assert {y.yaku.value for y in result.yaku} >= {"pinfu", "menzen_tsumo"}
    assert result.fu == 20


def test_shanpon_by_ron_counts_as_an_open_triplet() -> None:
    ron = score("234m456p22s555s99s2s", "2s", riichi=True)
    reasons = [item.reason for item in ron.fu_breakdown]
    assert FuReason.OPEN_TRIPLET_SIMPLE in reasons and reasons.count(FuReason.CLOSED_TRIPLET_SIMPLE) == 1
    tsumo = score("234m456p22s555s99s2s", "2s", riichi=True, tsumo=True)
    assert [item.reason for item in tsumo.fu_breakdown].count(FuReason.CLOSED_TRIPLET_SIMPLE) == 2


@pytest.mark.parametrize(
    ("pair", "seat", "round_wind", "rules", "fu_item"),
    [
        ("55z", Wind.SOUTH, Wind.EAST, "tenhou", (FuReason.DRAGON_PAIR, 2)),
        ("22z", Wind.SOUTH, Wind.EAST, "tenhou", (FuReason.SEAT_WIND_PAIR, 2)),
        ("11z", Wind.SOUTH, Wind.EAST, "tenhou", (FuReason.ROUND_WIND_PAIR, 2)),
        ("11z", Wind.EAST, Wind.EAST, "tenhou", (FuReason.DOUBLE_WIND_PAIR, 4)),
        ("11z", Wind.EAST, Wind.EAST, "wrc2022", (FuReason.DOUBLE_WIND_PAIR, 2)),
    ],
)
def test_pair_fu(pair: str, seat: Wind, round_wind: Wind, rules: str, fu_item: tuple[FuReason, int]) -> None:
    result = score("234m456p678s345s" + pair, "2m", rules=rules, riichi=True, seat_wind=seat, round_wind=round_wind)
    assert fu_item in [(i.reason, i.fu) for i in result.fu_breakdown]


def test_chiitoitsu_is_25_fu_unrounded() -> None:
    result = score("1133m5577p99s2266z", "1m", riichi=True)
    assert result.fu == 25 and [(i.reason, i.fu) for i in result.fu_breakdown] == [(FuReason.CHIITOITSU, 25)]


def test_open_pinfu_shape_is_30_fu() -> None:
    result = score("22m345p678s234s", "3p", melds=(Meld.parse("chi", "345m"),))
    assert result.fu == 30 and (FuReason.OPEN_PINFU, 2) in [(i.reason, i.fu) for i in result.fu_breakdown]


def test_pinfu_tsumo_is_20_fu_and_pinfu_ron_30() -> None:
    assert score("234m456p678s23s55m1s", "1s", tsumo=True).fu == 20
    assert score("234m456p678s23s55m1s", "1s", riichi=True).fu == 30


def test_kans_fu_the_110_fu_example_of_seed_000() -> None:
    melds = (Meld.parse("ankan", "1111s"), Meld.parse("ankan", "9999s"))
    result = score("678p11777z", "7z", melds=melds, seat_wind=Wind.EAST, round_wind=Wind.EAST)
    assert (result.han, result.fu, result.points) == (1, 110, 5300)
    other = score("678p11177z", "1z", melds=melds, seat_wind=Wind.EAST, round_wind=Wind.EAST)
    assert (other.han, other.fu, other.points) == (2, 100, 9600)

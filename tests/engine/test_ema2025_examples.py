"""EMA 2025 (the EMA Rules for Japanese Mahjong, 2025 edition, version 1.1, ../shared/rules/Riichi-rules-2025-EN.pdf)
4.3: the ten scoring examples, under ``ema2025``, for East and for another winner wherever the example gives both.

The figures are RCR 2016's (tests/engine/test_rcr2016_examples.py); the values differ where the edition does:
examples 2 and 8 are 4 han 30 minipoints, a mangan since 4.1.2 ("any base value greater than 1,900 becomes
2,000"). Then the other hand value this edition changed: a pair of both seat and round wind (4.1.1).
"""

from __future__ import annotations

import pytest

from tests.builders import assert_score, chi, hand, pon, score

#: Examples 1 and 2: 33m 123m 123s 456s 78s, won on 9s (a two-sided wait): pinfu and a concealed pure straight.
_EXAMPLE_1_2 = "12333m123456789s"
#: Examples 4 and 5: 333m 222p 444p 33s 88s, won on 8s (a pair wait on 3s or 8s).
_EXAMPLE_4_5 = "333m222444p33888s"

_EAST_OR_NOT = [pytest.param("E", id="east"), pytest.param("S", id="non-east")]


def _tsumo(seat: str, east: int, dealer: int, others: int) -> dict[str, int]:
    """A self-draw's payments: ``east`` from each to East, else ``dealer`` from East and ``others`` from the rest."""
    return {"all": east} if seat == "E" else {"dealer": dealer, "non_dealer": others}


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_ema2025_4_3_example_1_riichi_tsumo_pinfu_pure_straight_is_a_mangan(seat: str) -> None:
    """EMA 2025 4.3 example 1: 9 bamboo by self-draw, concealed, riichi: riichi 1, fully concealed hand 1, pinfu 1, pure
    straight 2 (concealed): 5 han, a mangan: 4,000 from each to East; else 4,000 from East, 2,000 from the others."""
    result = score(hand(_EXAMPLE_1_2, win="9s", tsumo=True, seat=seat, riichi=True, ruleset="ema2025"))
    assert_score(
        result,
        han=5,
        fu=20,
        payments=_tsumo(seat, 4000, 4000, 2000),
        yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ittsu": 2},
        limit="mangan",
        dora=0,
    )


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("E", 12000, id="east"), pytest.param("S", 8000, id="non-east")])
def test_ema2025_4_3_example_2_riichi_pinfu_pure_straight_on_a_discard_is_4_han_30_minipoints(
    seat: str, ron: int
) -> None:
    """EMA 2025 4.3 example 2: the same hand, 9 bamboo by discard, riichi: riichi 1, pinfu 1, pure straight 2 (still
    concealed): 4 han, 30 minipoints.
    Rounded up to mangan (4.1.2): 12,000 from the discarder to East, 8,000 to another winner."""
    result = score(hand(_EXAMPLE_1_2, win="9s", seat=seat, riichi=True, ruleset="ema2025"))
    assert_score(
        result,
        han=4,
        fu=30,
        payments={"ron": ron},
        yaku={"riichi": 1, "pinfu": 1, "ittsu": 2},
        limit="mangan",
        dora=0,
    )


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("E", 2900, id="east"), pytest.param("S", 2000, id="non-east")])
def test_ema2025_4_3_example_3_open_pure_straight_with_a_dora_is_2_han_30_minipoints(seat: str, ron: int) -> None:
    """EMA 2025 4.3 example 3: 33m 123s 123s, a called 4-5-6 bamboo, 78s, won on 9 bamboo by discard; 7 bamboo is dora.
    Pure straight 1 (open) and a dora: 2 han; 20 + 2 for an open pinfu, 30 minipoints: 2,900 to East, else 2,000."""
    result = score(hand("33m123123789s", win="9s", melds=[chi("456s")], seat=seat, dora=["6s"], ruleset="ema2025"))
    assert_score(result, han=2, fu=30, payments={"ron": ron}, yaku={"ittsu": 1}, limit=None, dora=1)


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_ema2025_4_3_example_4_four_concealed_pungs_by_self_draw_is_a_yakuman(seat: str) -> None:
    """EMA 2025 4.3 example 4: 333m 222p 444p 33s 88s, 8 bamboo by self-draw: four concealed pungs, a yakuman:
    16,000 from each to East (48,000); else 16,000 from East and 8,000 from the others (32,000)."""
    result = score(hand(_EXAMPLE_4_5, win="8s", tsumo=True, seat=seat, ruleset="ema2025"))
    assert_score(result, han=None, fu=None, payments=_tsumo(seat, 16000, 16000, 8000), yaku={"suuankou": 1}, yakuman=1)


@pytest.mark.parametrize(
    ("seat", "ron"), [pytest.param("E", 24000, id="east"), pytest.param("S", 16000, id="non-east")]
)
def test_ema2025_4_3_example_5_the_same_hand_on_a_discard_with_three_dora_is_a_baiman(seat: str, ron: int) -> None:
    """EMA 2025 4.3 example 5: the same hand, 8 bamboo by discard (that pung counts as open), 4 circles dora: three
    concealed pungs 2, all pungs 2, all simples 1, three dora: 8 han, a baiman: 24,000 to East, else 16,000."""
    result = score(hand(_EXAMPLE_4_5, win="8s", seat=seat, dora=["3p"], ruleset="ema2025"))
    assert_score(
        result,
        han=8,
        fu=50,
        payments={"ron": ron},
        yaku={"sanankou": 2, "toitoi": 2, "tanyao": 1},
        limit="baiman",
        dora=3,
    )


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_ema2025_4_3_example_6_riichi_ippatsu_tsumo_seven_pairs_all_simples_is_a_haneman(seat: str) -> None:
    """EMA 2025 4.3 example 6: seven pairs of simples, 4 bamboo by self-draw in the set of turns after riichi: riichi 1,
    ippatsu 1, fully concealed hand 1, all simples 1, seven pairs 2: 6 han, a haneman: 6,000 from each to East;
    else 6,000 from East and 3,000 from the others."""
    result = score(
        hand("223355m2266p3344s", win="4s", tsumo=True, seat=seat, riichi=True, ippatsu=True, ruleset="ema2025")
    )
    assert_score(
        result,
        han=6,
        fu=25,
        payments=_tsumo(seat, 6000, 6000, 3000),
        yaku={"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "tanyao": 1, "chiitoitsu": 2},
        limit="haneman",
    )


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("E", 2400, id="east"), pytest.param("S", 1600, id="non-east")])
def test_ema2025_4_3_example_7_seven_pairs_on_a_discard_is_2_han_25_minipoints(seat: str, ron: int) -> None:
    """EMA 2025 4.3 example 7: seven pairs with a pair of green dragons, 4 bamboo by discard, no riichi: seven pairs 2,
    exactly 25 minipoints (no more for the dragon pair or the pair wait): 2,400 to East, else 1,600."""
    result = score(hand("3355m2266p3344s66z", win="4s", seat=seat, ruleset="ema2025"))
    assert_score(result, han=2, fu=25, payments={"ron": ron}, yaku={"chiitoitsu": 2}, limit=None)


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_ema2025_4_3_example_8_twice_pure_double_chow_by_self_draw_is_4_han_30_minipoints(seat: str) -> None:
    """EMA 2025 4.3 example 8: 334455m 112233p and a pair of red dragons, won on the red dragon by self-draw: read
    as four sets and a pair (worth more than seven pairs), twice pure double chow 3 and fully concealed hand 1:
    4 han; 20 + 2 (pair wait) + 2 (self-draw) + 2 (dragon pair) = 26, 30 minipoints.
    Equivalent to a mangan in payment: 4,000 from each to East (12,000); else 4,000 from East and
    2,000 from the others (8,000)."""
    result = score(hand("334455m112233p77z", win="7z", tsumo=True, seat=seat, ruleset="ema2025"))
    assert_score(
        result,
        han=4,
        fu=30,
        payments=_tsumo(seat, 4000, 4000, 2000),
        yaku={"ryanpeikou": 3, "menzen_tsumo": 1},
        limit="mangan",
        dora=0,
    )


def test_ema2025_4_3_example_9_east_half_flush_with_a_called_east_pung_and_a_dora_is_a_haneman() -> None:
    """EMA 2025 4.3 example 9: 11s 123s 789s, a called East pung, a pair of West, won on West by discard; East in
    the east round; 7 bamboo dora. Half flush 2 (open), seat wind 1, round wind 1, outside hand 1, a dora: 6 han,
    a haneman: 18,000 from the discarder (the example gives East's only)."""
    result = score(hand("11123789s333z", win="3z", melds=[pon("111z")], seat="E", dora=["6s"], ruleset="ema2025"))
    assert_score(
        result,
        han=6,
        fu=30,
        payments={"ron": 18000},
        yaku={"honitsu": 2, "yakuhai_seat_wind": 1, "yakuhai_round_wind": 1, "chanta": 1},
        limit="haneman",
        dora=1,
    )


def test_ema2025_4_3_example_10_concealed_half_flush_by_self_draw_on_an_edge_wait_is_4_han_40_minipoints() -> None:
    """EMA 2025 4.3 example 10: a concealed North pung, 11p 234p 567p 89p, won on 7 circles by self-draw by South. Half
    flush 3 (concealed), fully concealed hand 1: 4 han; the winner reads the three-sided wait as the edge 8-9:
    20 + 8 (concealed honour pung) + 2 (self-draw) + 2 (edge wait) = 32, 40 minipoints: a mangan's payment, 4,000
    from East and 2,000 from the others (the example gives a non-East winner's only)."""
    result = score(hand("11234567789p444z", win="7p", tsumo=True, seat="S", ruleset="ema2025"))
    assert_score(
        result,
        han=4,
        fu=40,
        payments={"dealer": 4000, "non_dealer": 2000},
        yaku={"honitsu": 3, "menzen_tsumo": 1},
        limit="mangan",
    )


# --- 4.1.1: "A pair of both seat and round winds is worth only 2 minipoints" ---------------------------------------


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("S", 1300, id="south"), pytest.param("E", 2000, id="east")])
def test_ema2025_4_1_1_a_pair_of_both_seat_and_round_wind_is_2_minipoints(seat: str, ron: int) -> None:
    """EMA 2025 4.1.1 (revision notes: "treated as 2 minipoints instead of 4"): the seat's own wind in its own round,
    riichi, a concealed 999s, won by discard on a two-sided wait: 20 + 10 + 8 + 2 = 40 minipoints, 1 han: 1,300 to
    a non-East winner, 2,000 to East (with 4 minipoints it would be 50: 1,600 and 2,400, as under ``ema2016``)."""
    pair = "22z" if seat == "S" else "11z"
    result = score(hand(f"234m456p678999s{pair}", win="4m", seat=seat, round_wind=seat, riichi=True, ruleset="ema2025"))
    assert_score(result, han=1, fu=40, payments={"ron": ron})

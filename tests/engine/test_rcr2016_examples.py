"""RCR 2016 (the EMA Riichi Competition Rules, 2016 edition, ../shared/rules/Riichi-rules-2016-EN.pdf) 4.3: the ten
scoring examples, under ``ema2016``, for East and for another winner wherever the example gives both.

Each hand is the example's figure (the PDF's tile font, read on the rendered page: characters, circles, bamboo,
winds, dragons), with the facts the text states: the winning tile, self-draw or discard, riichi and ippatsu, the
seat, the dora. The expected values are the text's: yaku, fan, minipoints and payments. Then the rounding this
edition has not (4 fan 30 minipoints and 3 fan 60 minipoints stay below mangan: revision notes, "4-30 is not
rounded to mangan payment") and its double-wind pair (4.1.1).
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.points import pay, value_from_han_fu
from scorekeeper.engine.rules import hand_rules
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
def test_rcr2016_4_3_example_1_riichi_tsumo_pinfu_pure_straight_is_a_mangan(seat: str) -> None:
    """RCR 2016 4.3 example 1: 9 bamboo by self-draw, concealed, riichi: riichi 1, fully concealed hand 1, pinfu 1, pure
    straight 2 (concealed): 5 fan, a mangan: 4,000 from each to East; else 4,000 from East, 2,000 from the others."""
    result = score(hand(_EXAMPLE_1_2, win="9s", tsumo=True, seat=seat, riichi=True, ruleset="ema2016"))
    assert_score(
        result,
        han=5,
        fu=20,
        payments=_tsumo(seat, 4000, 4000, 2000),
        yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ittsu": 2},
        limit="mangan",
        dora=0,
    )


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("E", 11600, id="east"), pytest.param("S", 7700, id="non-east")])
def test_rcr2016_4_3_example_2_riichi_pinfu_pure_straight_on_a_discard_is_4_fan_30_minipoints(
    seat: str, ron: int
) -> None:
    """RCR 2016 4.3 example 2: the same hand, 9 bamboo by discard, riichi: riichi 1, pinfu 1, pure straight 2 (still
    concealed): 4 fan, 30 minipoints.
    No rounding up in this edition: 11,600 from the discarder to East, 7,700 to another
    winner."""
    result = score(hand(_EXAMPLE_1_2, win="9s", seat=seat, riichi=True, ruleset="ema2016"))
    assert_score(
        result,
        han=4,
        fu=30,
        payments={"ron": ron},
        yaku={"riichi": 1, "pinfu": 1, "ittsu": 2},
        limit=None,
        dora=0,
    )


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("E", 2900, id="east"), pytest.param("S", 2000, id="non-east")])
def test_rcr2016_4_3_example_3_open_pure_straight_with_a_dora_is_2_fan_30_minipoints(seat: str, ron: int) -> None:
    """RCR 2016 4.3 example 3: 33m 123s 123s, a called 4-5-6 bamboo, 78s, won on 9 bamboo by discard; 7 bamboo is dora.
    Pure straight 1 (open) and a dora: 2 fan; 20 + 2 for an open pinfu, 30 minipoints: 2,900 to East, else 2,000."""
    result = score(hand("33m123123789s", win="9s", melds=[chi("456s")], seat=seat, dora=["6s"], ruleset="ema2016"))
    assert_score(result, han=2, fu=30, payments={"ron": ron}, yaku={"ittsu": 1}, limit=None, dora=1)


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_rcr2016_4_3_example_4_four_concealed_pungs_by_self_draw_is_a_yakuman(seat: str) -> None:
    """RCR 2016 4.3 example 4: 333m 222p 444p 33s 88s, 8 bamboo by self-draw: four concealed pungs, a yakuman:
    16,000 from each to East (48,000); else 16,000 from East and 8,000 from the others (32,000)."""
    result = score(hand(_EXAMPLE_4_5, win="8s", tsumo=True, seat=seat, ruleset="ema2016"))
    assert_score(result, han=None, fu=None, payments=_tsumo(seat, 16000, 16000, 8000), yaku={"suuankou": 1}, yakuman=1)


@pytest.mark.parametrize(
    ("seat", "ron"), [pytest.param("E", 24000, id="east"), pytest.param("S", 16000, id="non-east")]
)
def test_rcr2016_4_3_example_5_the_same_hand_on_a_discard_with_three_dora_is_a_baiman(seat: str, ron: int) -> None:
    """RCR 2016 4.3 example 5: the same hand, 8 bamboo by discard (that pung counts as open), 4 circles dora: three
    concealed pungs 2, all pungs 2, all simples 1, three dora: 8 fan, a baiman: 24,000 to East, else 16,000."""
    result = score(hand(_EXAMPLE_4_5, win="8s", seat=seat, dora=["3p"], ruleset="ema2016"))
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
def test_rcr2016_4_3_example_6_riichi_ippatsu_tsumo_seven_pairs_all_simples_is_a_haneman(seat: str) -> None:
    """RCR 2016 4.3 example 6: seven pairs of simples, 4 bamboo by self-draw in the set of turns after riichi: riichi 1,
    ippatsu 1, fully concealed hand 1, all simples 1, seven pairs 2: 6 fan, a haneman: 6,000 from each to East;
    else 6,000 from East and 3,000 from the others."""
    result = score(
        hand("223355m2266p3344s", win="4s", tsumo=True, seat=seat, riichi=True, ippatsu=True, ruleset="ema2016")
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
def test_rcr2016_4_3_example_7_seven_pairs_on_a_discard_is_2_fan_25_minipoints(seat: str, ron: int) -> None:
    """RCR 2016 4.3 example 7: seven pairs with a pair of green dragons, 4 bamboo by discard, no riichi: seven pairs 2,
    exactly 25 minipoints (no more for the dragon pair or the pair wait): 2,400 to East, else 1,600."""
    result = score(hand("3355m2266p3344s66z", win="4s", seat=seat, ruleset="ema2016"))
    assert_score(result, han=2, fu=25, payments={"ron": ron}, yaku={"chiitoitsu": 2}, limit=None)


@pytest.mark.parametrize("seat", _EAST_OR_NOT)
def test_rcr2016_4_3_example_8_twice_pure_double_chow_by_self_draw_is_4_fan_30_minipoints(seat: str) -> None:
    """RCR 2016 4.3 example 8: 334455m 112233p and a pair of red dragons, won on the red dragon by self-draw: read
    as four sets and a pair (worth more than seven pairs), twice pure double chow 3 and fully concealed hand 1:
    4 fan; 20 + 2 (pair wait) + 2 (self-draw) + 2 (dragon pair) = 26, 30 minipoints.
    3,900 from each to East (11,700); else 3,900 from East and 2,000 from the others
    (7,900)."""
    result = score(hand("334455m112233p77z", win="7z", tsumo=True, seat=seat, ruleset="ema2016"))
    assert_score(
        result,
        han=4,
        fu=30,
        payments=_tsumo(seat, 3900, 3900, 2000),
        yaku={"ryanpeikou": 3, "menzen_tsumo": 1},
        limit=None,
        dora=0,
    )


def test_rcr2016_4_3_example_9_east_half_flush_with_a_called_east_pung_and_a_dora_is_a_haneman() -> None:
    """RCR 2016 4.3 example 9: 11s 123s 789s, a called East pung, a pair of West, won on West by discard; East in
    the east round; 7 bamboo dora. Half flush 2 (open), seat wind 1, round wind 1, outside hand 1, a dora: 6 fan,
    a haneman: 18,000 from the discarder (the example gives East's only)."""
    result = score(hand("11123789s333z", win="3z", melds=[pon("111z")], seat="E", dora=["6s"], ruleset="ema2016"))
    assert_score(
        result,
        han=6,
        fu=30,
        payments={"ron": 18000},
        yaku={"honitsu": 2, "yakuhai_seat_wind": 1, "yakuhai_round_wind": 1, "chanta": 1},
        limit="haneman",
        dora=1,
    )


def test_rcr2016_4_3_example_10_concealed_half_flush_by_self_draw_on_an_edge_wait_is_4_fan_40_minipoints() -> None:
    """RCR 2016 4.3 example 10: a concealed North pung, 11p 234p 567p 89p, won on 7 circles by self-draw by South. Half
    flush 3 (concealed), fully concealed hand 1: 4 fan; the winner reads the three-sided wait as the edge 8-9:
    20 + 8 (concealed honour pung) + 2 (self-draw) + 2 (edge wait) = 32, 40 minipoints: a mangan's payment, 4,000
    from East and 2,000 from the others (the example gives a non-East winner's only)."""
    result = score(hand("11234567789p444z", win="7p", tsumo=True, seat="S", ruleset="ema2016"))
    assert_score(
        result,
        han=4,
        fu=40,
        payments={"dealer": 4000, "non_dealer": 2000},
        yaku={"honitsu": 3, "menzen_tsumo": 1},
        limit="mangan",
    )


# --- no rounding up in this edition (revision notes: "4-30 is not rounded to mangan payment") --------------------

#: Riichi, pinfu, tanyao and one dora (indicator 1m): 4 fan 30 minipoints by ron (20 + 10 for a concealed ron).
_PINFU_TANYAO = "234m456p88p345678s"
#: Riichi, menzen tsumo, tanyao and one dora, won on the closed wait 6-8s: 20 + 2 + 2 = 24, 30 minipoints.
_CLOSED_WAIT = "234m456p88p345s678s"


@pytest.mark.parametrize(
    ("seat", "ron"),
    [pytest.param("S", 7700, id="non-dealer-7700"), pytest.param("E", 11600, id="east-11600")],
)
def test_rcr2016_no_kiriage_4_fan_30_minipoints_by_ron_is_not_a_mangan(seat: str, ron: int) -> None:
    result = score(hand(_PINFU_TANYAO, win="8s", seat=seat, riichi=True, dora=["1m"], ruleset="ema2016"))
    assert_score(result, han=4, fu=30, payments={"ron": ron}, limit=None)


@pytest.mark.parametrize(
    ("seat", "payments"),
    [
        pytest.param("S", {"dealer": 3900, "non_dealer": 2000}, id="non-dealer-2000-3900"),
        pytest.param("E", {"all": 3900}, id="east-3900-all"),
    ],
)
def test_rcr2016_no_kiriage_4_fan_30_minipoints_by_self_draw_is_not_a_mangan(
    seat: str, payments: dict[str, int]
) -> None:
    result = score(hand(_CLOSED_WAIT, win="7s", tsumo=True, seat=seat, riichi=True, dora=["1m"], ruleset="ema2016"))
    assert_score(result, han=4, fu=30, payments=payments, limit=None)


def test_rcr2016_3_fan_60_minipoints_is_not_rounded_either() -> None:
    # The other 1,920 base: 3 fan 60 minipoints: 7,700 / 11,600 under RCR 2016 (6, the tables); a mangan under EMA
    # 2025 4.1.3 ("3 han and 60 or more fu, are worth mangan").
    edition_2016, edition_2025 = hand_rules("ema2016"), hand_rules("ema2025")
    assert pay(value_from_han_fu(3, 60, edition_2016), dealer=False, tsumo=False).total == 7700
    assert pay(value_from_han_fu(3, 60, edition_2016), dealer=True, tsumo=False).total == 11600
    assert pay(value_from_han_fu(3, 60, edition_2025), dealer=False, tsumo=False).total == 8000


@pytest.mark.parametrize(("seat", "ron"), [pytest.param("S", 1600, id="south"), pytest.param("E", 2400, id="east")])
def test_rcr2016_4_1_1_a_pair_of_seat_and_prevalent_wind_is_4_minipoints(seat: str, ron: int) -> None:
    """RCR 2016 4.1.1: 2 minipoints "for each of the following": "Pair of seat wind", "Pair of prevalent wind". The
    seat's own wind in its own round, riichi, a concealed 999s, won by discard on a two-sided wait: 20 + 10 + 8 + 4
    = 42, 50 minipoints, 1 fan: 1,600 to a non-East winner, 2,400 to East."""
    pair = "22z" if seat == "S" else "11z"
    result = score(hand(f"234m456p678999s{pair}", win="4m", seat=seat, round_wind=seat, riichi=True, ruleset="ema2016"))
    assert_score(result, han=1, fu=50, payments={"ron": ron})

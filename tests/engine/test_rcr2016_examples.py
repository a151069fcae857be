"""RCR 2016 (the EMA Riichi Competition Rules, 2016 edition) under ``ema2016``; the later text (seed 004) under
``ema2025`` (issue 9, section 2).

RCR 2016 4.3 has four scoring examples; the text was read on ooyamaneko.net ("RCR_2016_en", chapter 4.3). The
example hands themselves are pictures there, so each test below builds a hand that has every fact the text states
(winning tile, self-draw or discard, concealed or open, riichi, the yaku, the dora, the minipoints) and checks the
value and payments the text gives, for East and for another winner. Example 4 states no payment: its payments are
the yakuman row of the limit table, and the test says so.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.points import pay, value_from_han_fu
from scorekeeper.engine.rules import hand_rules
from tests.builders import assert_score, chi, hand, score

# --- RCR 2016 4.3, the four scoring examples -------------------------------------------------------------------

#: Examples 1 and 2: a concealed pure straight 123-456-789s (the 9s finishing 78s, a two-sided wait), a run of
#: characters and a valueless pair of circles: nothing else scores, so the yaku are exactly the ones the text lists.
_EXAMPLE_1_2 = "123456789s234m55p"


@pytest.mark.parametrize(
    ("seat", "payments"),
    [
        pytest.param("E", {"all": 4000}, id="east-4000-each-12000"),
        pytest.param("S", {"dealer": 4000, "non_dealer": 2000}, id="non-east-4000-2000-8000"),
    ],
)
def test_rcr2016_4_3_example_1_riichi_tsumo_pinfu_pure_straight_self_draw_is_a_mangan(
    seat: str, payments: dict[str, int]
) -> None:
    """RCR 2016 4.3 example 1: 9 bamboo by self-draw, concealed, riichi. Riichi 1, fully concealed hand 1, pinfu 1,
    pure straight 2 (concealed): 5 fan, no dora, a mangan: 4,000 from each to East (12,000), else 4,000 from East
    and 2,000 from each other opponent (8,000). The hand is ours, built to match every fact stated."""
    result = score(hand(_EXAMPLE_1_2, win="9s", tsumo=True, seat=seat, riichi=True, ruleset="ema2016"))
    assert_score(
        result,
        han=5,
        fu=20,
        payments=payments,
        yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ittsu": 2},
        limit="mangan",
        dora=0,
    )


@pytest.mark.parametrize(
    ("seat", "ron"),
    [pytest.param("E", 11600, id="east-11600"), pytest.param("S", 7700, id="non-east-7700")],
)
def test_rcr2016_4_3_example_2_riichi_pinfu_pure_straight_on_a_discard_is_4_fan_30_minipoints(
    seat: str, ron: int
) -> None:
    """RCR 2016 4.3 example 2: the same hand, 9 bamboo on a discard. Riichi 1, pinfu 1, pure straight 2 (still
    concealed although the discard finishes it): 4 fan; 30 minipoints (a concealed hand on a discard; a pinfu hand
    has no others). No kiriage in this edition: 11,600 from the discarder to East, 7,700 to another winner."""
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


@pytest.mark.parametrize(
    ("seat", "ron"),
    [pytest.param("E", 2900, id="east-2900"), pytest.param("S", 2000, id="non-east-2000")],
)
def test_rcr2016_4_3_example_3_open_pure_straight_with_a_dora_is_2_fan_30_minipoints(seat: str, ron: int) -> None:
    """RCR 2016 4.3 example 3: 9 bamboo on a discard, one melded set, 7 bamboo dora (indicator 6 bamboo). Pure
    straight 1 (open) and 1 dora: 2 fan; 20 minipoints for an open hand plus 2 for an open pinfu, 22 rounded up to
    30. 2,900 from the discarder to East, 2,000 to another winner. Our hand: the 123s run called (chi), the rest as
    in examples 1 and 2, so the one dora is the 7s in the 789s run."""
    result = score(
        hand(
            "456789s234m55p",
            win="9s",
            melds=[chi("123s")],
            seat=seat,
            dora=["6s"],
            ruleset="ema2016",
        )
    )
    assert_score(result, han=2, fu=30, payments={"ron": ron}, yaku={"ittsu": 1}, limit=None, dora=1)


@pytest.mark.parametrize(
    ("seat", "payments"),
    [
        pytest.param("E", {"all": 16000}, id="east-16000-each-48000"),
        pytest.param("S", {"dealer": 16000, "non_dealer": 8000}, id="non-east-16000-8000-32000"),
    ],
)
def test_rcr2016_4_3_example_4_four_concealed_pungs_by_self_draw_is_a_yakuman(
    seat: str, payments: dict[str, int]
) -> None:
    """RCR 2016 4.3 example 4: 8 bamboo by self-draw, concealed, four concealed pungs: a yakuman, other yaku and
    dora do not count. The text gives no payment: these are the yakuman payments of the limit table (East 16,000
    from each; another winner 16,000 from East and 8,000 from each other). Our hand waits on 8s or 9s (two pairs),
    the drawn 8s making the fourth concealed pung; a dora (indicator 7s) shows that dora add nothing."""
    result = score(hand("111m555p777888s99s", win="8s", tsumo=True, seat=seat, dora=["7s"], ruleset="ema2016"))
    assert_score(result, han=None, fu=None, payments=payments, yaku={"suuankou": 1}, yakuman=1)


# --- the one difference between the two editions: kiriage --------------------------------------------------------

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


@pytest.mark.parametrize(
    ("seat", "ron"),
    [pytest.param("S", 8000, id="non-dealer-8000"), pytest.param("E", 12000, id="east-12000")],
)
def test_seed_004_6_1_the_same_hand_rounds_1920_up_to_mangan(seat: str, ron: int) -> None:
    result = score(hand(_PINFU_TANYAO, win="8s", seat=seat, riichi=True, dora=["1m"], ruleset="ema2025"))
    assert_score(result, han=4, fu=30, payments={"ron": ron}, limit="mangan")


def test_rcr2016_3_fan_60_minipoints_is_not_rounded_either() -> None:
    # The other 1,920 base: 3 fan 60 minipoints. 7,700 / 11,600 under RCR 2016; a mangan under seed 004 6.1.
    edition_2016, later = hand_rules("ema2016"), hand_rules("ema2025")
    assert pay(value_from_han_fu(3, 60, edition_2016), dealer=False, tsumo=False).total == 7700
    assert pay(value_from_han_fu(3, 60, edition_2016), dealer=True, tsumo=False).total == 11600
    assert pay(value_from_han_fu(3, 60, later), dealer=False, tsumo=False).total == 8000


def test_the_two_editions_differ_in_kiriage_only() -> None:
    # Where the texts differ the presets differ; seed 004 says nothing against RCR 2016's other hand values.
    edition_2016, later = hand_rules("ema2016"), hand_rules("ema2025")
    fields = [f for f in type(edition_2016).__dataclass_fields__ if f != "name"]
    differing = [f for f in fields if getattr(edition_2016, f) != getattr(later, f)]
    assert differing == ["kiriage_mangan"]

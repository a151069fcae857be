"""RCR 2016 (the EMA Riichi Competition Rules, 2016 edition) under ``ema2016``; the later text (seed 004) under
``ema2025`` (issue 9, section 2).

The 2016 text itself could not be read here (docs/engine.md, "EMA 2016 and the later text"): the one fact of its
4.3 scoring examples these tests hold is the one issue 9 quotes from them, that 4 fan 30 minipoints is not rounded
up: 7,700, and 11,600 to East. The later text rounds the same 1,920 base up to a mangan (seed 004 6.1).
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.points import pay, value_from_han_fu
from scorekeeper.engine.rules import hand_rules
from tests.builders import assert_score, hand, score

#: Riichi, pinfu, tanyao and one dora (indicator 1m): 4 fan 30 minipoints by ron (20 + 10 for a concealed ron).
_PINFU_TANYAO = "234m456p88p345678s"
#: Riichi, menzen tsumo, tanyao and one dora, won on the closed wait 6-8s: 20 + 2 + 2 = 24, 30 minipoints.
_CLOSED_WAIT = "234m456p88p345s678s"


@pytest.mark.parametrize(
    ("seat", "ron"),
    [pytest.param("S", 7700, id="non-dealer-7700"), pytest.param("E", 11600, id="east-11600")],
)
def test_rcr2016_4_3_four_fan_30_minipoints_by_ron_is_not_a_mangan(seat: str, ron: int) -> None:
    result = score(hand(_PINFU_TANYAO, win="8s", seat=seat, riichi=True, dora=["1m"], ruleset="ema2016"))
    assert_score(result, han=4, fu=30, payments={"ron": ron}, limit=None)


@pytest.mark.parametrize(
    ("seat", "payments"),
    [
        pytest.param("S", {"dealer": 3900, "non_dealer": 2000}, id="non-dealer-2000-3900"),
        pytest.param("E", {"all": 3900}, id="east-3900-all"),
    ],
)
def test_rcr2016_4_3_four_fan_30_minipoints_by_self_draw_is_not_a_mangan(seat: str, payments: dict[str, int]) -> None:
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

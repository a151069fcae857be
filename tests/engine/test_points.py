"""Tests of base points, limits and payments (scorekeeper.engine.points)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.points import Limit, Payment, base_points, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import hand_rules

TENHOU = hand_rules("tenhou")
EMA = hand_rules("ema2016")


@pytest.mark.parametrize(
    ("han", "fu", "limit", "base"),
    [
        (1, 30, None, 240),
        (3, 60, None, 1920),
        (4, 40, Limit.MANGAN, 2000),
        (5, 20, Limit.MANGAN, 2000),
        (6, 30, Limit.HANEMAN, 3000),
        (8, 30, Limit.BAIMAN, 4000),
        (11, 30, Limit.SANBAIMAN, 6000),
        (13, 30, Limit.YAKUMAN, 8000),
    ],
)
def test_limits_follow_seed_000_table(han: int, fu: int, limit: Limit | None, base: int) -> None:
    value = value_from_han_fu(han, fu, TENHOU)
    assert (value.limit, value.base) == (limit, base)


def test_kiriage_rounds_1920_to_mangan_and_kazoe_by_ruleset() -> None:
    assert value_from_han_fu(4, 30, hand_rules("ema2025")).limit is Limit.MANGAN  # EMA 2025 4.1.2
    assert value_from_han_fu(4, 30, EMA).limit is None  # RCR 2016 4.3: 7,700
    assert value_from_han_fu(4, 30, TENHOU).limit is None
    assert value_from_han_fu(13, 30, EMA).limit is Limit.SANBAIMAN


def test_payments_round_up_to_100() -> None:
    assert pay(value_from_han_fu(1, 30, TENHOU), dealer=False, tsumo=True) == Payment(dealer=500, non_dealer=300)
    assert pay(240, dealer=True, tsumo=False) == Payment(ron=1500)
    assert pay(2000, dealer=True, tsumo=True) == Payment(all=4000)
    assert Payment(dealer=500, non_dealer=300).total == 1100
    assert Payment(all=4000).as_dict() == {"all": 4000}


def test_aotenjou_has_no_limit_and_exact_payments() -> None:
    rules = TENHOU.with_overrides({"aotenjou": True})
    value = value_from_han_fu(5, 30, rules)
    assert value.base == 3840 and value.limit is None and value.exact
    assert pay(value, dealer=False, tsumo=False) == Payment(ron=15360)
    assert value_from_yakuman(1, rules, fu=30).han == 13


def test_yakuman_multiplier() -> None:
    assert value_from_yakuman(2, TENHOU).base == 16000
    with pytest.raises(ValueError, match="at least 1"):
        value_from_yakuman(0, TENHOU)


@pytest.mark.parametrize(("han", "fu"), [(0, 30), (1, 35), (1, 25), (1, 180)])
def test_impossible_han_fu_are_refused(han: int, fu: int) -> None:
    with pytest.raises(ValueError, match=r"han|fu"):
        value_from_han_fu(han, fu, TENHOU)


def test_fu_up_to_170_is_valid() -> None:
    assert value_from_han_fu(2, 170, TENHOU).limit is Limit.MANGAN
    assert base_points(2, 170) == 2720


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=13),
    st.sampled_from([30, 40, 50, 60, 70, 80, 90, 100]),
    st.booleans(),
    st.booleans(),
)
def test_payments_are_multiples_of_100_and_monotonic(han: int, fu: int, dealer: bool, tsumo: bool) -> None:
    payment = pay(value_from_han_fu(han, fu, TENHOU), dealer=dealer, tsumo=tsumo)
    assert all(v % 100 == 0 for v in payment.as_dict().values())
    more = pay(value_from_han_fu(han + 1, fu, TENHOU), dealer=dealer, tsumo=tsumo)
    assert more.total >= payment.total

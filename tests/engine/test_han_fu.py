"""The one table of valid han and fu (issue 9, section 3): every rule with its reason, asked by every layer."""

from __future__ import annotations

import pytest

from scorekeeper.engine.han_fu import FU_VALUES, MAX_FU, check_han_fu, is_valid_han_fu, valid_fu, validate_han_fu
from scorekeeper.engine.points import value_from_han_fu
from scorekeeper.engine.rules import hand_rules
from scorekeeper.errors import InvalidHandError


def test_fu_values_are_20_25_then_30_to_170_by_tens() -> None:
    assert FU_VALUES == (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170)
    assert MAX_FU == 170


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "rule"),
    [
        pytest.param(1, 20, False, "20 fu is pinfu by tsumo only", id="20fu-1han-ron"),
        pytest.param(2, 20, False, "20 fu is pinfu by tsumo only", id="20fu-2han-ron"),
        pytest.param(6, 20, False, "20 fu is pinfu by tsumo only", id="20fu-haneman-ron"),
        pytest.param(1, 20, True, "at least 2 han", id="20fu-1han-tsumo"),
        pytest.param(1, 25, False, "chiitoitsu, which has at least 2 han", id="25fu-1han-ron"),
        pytest.param(2, 25, True, "at least 3 han", id="25fu-2han-tsumo"),
        pytest.param(1, 110, True, "at most 100 fu", id="110fu-1han-tsumo-seed000-table"),
        pytest.param(1, 120, False, "at most 110 fu", id="120fu-1han-ron"),
        pytest.param(2, 35, False, "multiple of 10", id="35fu"),
        pytest.param(2, 180, True, "multiple of 10 from 30 to 170", id="180fu"),
        pytest.param(0, 30, False, "at least 1 han", id="0han"),
    ],
)
def test_impossible_combinations_name_their_rule(han: int, fu: int, tsumo: bool, rule: str) -> None:
    problems = validate_han_fu(han, fu, tsumo=tsumo)
    assert len(problems) == 1 and rule in problems[0]
    assert not is_valid_han_fu(han, fu, tsumo=tsumo)
    with pytest.raises(InvalidHandError, match=f"seat 2's win: {han} han {fu} fu is not a possible win"):
        check_han_fu(han, fu, tsumo=tsumo, what="seat 2's win")


@pytest.mark.parametrize(
    ("han", "fu", "tsumo"),
    [
        pytest.param(2, 20, True, id="pinfu-tsumo"),
        pytest.param(2, 25, False, id="chiitoitsu-ron"),
        pytest.param(3, 25, True, id="chiitoitsu-tsumo"),
        pytest.param(1, 30, False, id="1han-30fu"),
        pytest.param(1, 110, False, id="110fu-1han-ron"),
        pytest.param(1, 100, True, id="100fu-1han-tsumo"),
        pytest.param(2, 170, True, id="170fu"),
    ],
)
def test_possible_combinations(han: int, fu: int, tsumo: bool) -> None:
    assert validate_han_fu(han, fu, tsumo=tsumo) == ()
    check_han_fu(han, fu, tsumo=tsumo)


def test_the_points_table_takes_a_combination_some_win_has() -> None:
    # The engine's points table has no win kind: it takes what a tsumo or a ron can have, and nothing else.
    rules = hand_rules("tenhou")
    assert value_from_han_fu(2, 20, rules).base == 320
    assert value_from_han_fu(1, 110, rules).base == 880
    for han, fu in ((1, 20), (1, 25), (1, 120)):
        with pytest.raises(InvalidHandError, match="not a possible win"):
            value_from_han_fu(han, fu, rules)


def test_valid_fu_per_han_and_win() -> None:
    assert valid_fu(1, tsumo=True) == (30, 40, 50, 60, 70, 80, 90, 100)
    assert valid_fu(1, tsumo=False) == (30, 40, 50, 60, 70, 80, 90, 100, 110)
    assert valid_fu(2, tsumo=True)[:2] == (20, 30)
    assert valid_fu(2, tsumo=False)[:2] == (25, 30)
    assert valid_fu(1) == valid_fu(1, tsumo=False)

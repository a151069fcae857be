"""The value of a declared hand (``engine.declared``): han and fu called out, or the yaku named (issue 24).

Quick entry, the Yaku list and the help's score tables ask these functions; each ruleset knob is checked here,
with the rule it follows (the sources are in the module's docstring).
"""

from __future__ import annotations

import dataclasses
from itertools import permutations

import pytest

from scorekeeper.engine.declared import (
    LIMIT_HAN,
    STAND_IN_FU,
    DeclaredValue,
    decided_fu,
    fu_count,
    is_declarable,
    value_called,
    value_declared,
)
from scorekeeper.engine.points import Limit, base_points
from scorekeeper.engine.rules import HandRules, hand_rules
from scorekeeper.engine.yaku import Yaku

TENHOU = hand_rules("tenhou")
AOTENJOU = hand_rules("tenhou", {"aotenjou": True})

Y = Yaku


def _declared(
    *yaku: Yaku,
    is_open: bool = False,
    dora: int = 0,
    fu: int | None = None,
    tsumo: bool = False,
    rules: HandRules = TENHOU,
) -> DeclaredValue:
    return value_declared(yaku, is_open=is_open, dora=dora, fu=fu, tsumo=tsumo, rules=rules)


# -- whether the fu count ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("han", range(1, 14))
def test_the_fu_count_below_five_han_and_from_five_only_under_aotenjou(han: int) -> None:
    assert fu_count(han, TENHOU) is (han < LIMIT_HAN)
    assert fu_count(han, AOTENJOU)


# -- fu the yaku decide ----------------------------------------------------------------------------------------------


def test_pinfu_tsumo_is_20_fu_and_pinfu_ron_30() -> None:
    assert decided_fu({Y.PINFU}, tsumo=True) == 20
    assert decided_fu({Y.PINFU}, tsumo=False) == 30
    assert decided_fu({Y.CHIITOITSU}, tsumo=True) == 25
    assert decided_fu({Y.RIICHI, Y.TANYAO}, tsumo=True) is None


def test_pinfu_with_menzen_tsumo_is_recorded_at_20_fu() -> None:
    # The case: riichi pinfu tsumo was recorded at 30 fu (1,300/2,600 instead of 700/1,300).
    declared = _declared(Y.RIICHI, Y.PINFU, Y.MENZEN_TSUMO, tsumo=True)
    assert (declared.han, declared.fu, declared.fu_choices) == (3, 20, ())
    assert declared.value is not None and declared.value.base == base_points(3, 20)


def test_a_closed_tsumo_counts_menzen_tsumo_even_when_not_named() -> None:
    declared = _declared(Y.PINFU, tsumo=True)
    assert declared.yaku == (Y.PINFU, Y.MENZEN_TSUMO) and (declared.han, declared.fu) == (2, 20)
    assert _declared(Y.YAKUHAI_HAKU, is_open=True, tsumo=True, fu=30).yaku == (Y.YAKUHAI_HAKU,)  # open: none


def test_the_fu_are_not_asked_where_the_yaku_decide_them_even_below_five_han() -> None:
    # Pinfu with three dora by ron: 4 han 30 fu, no fu to pick (the issue: "asks for fu at 4 han").
    declared = _declared(Y.PINFU, dora=3)
    assert (declared.han, declared.fu, declared.fu_choices) == (4, 30, ())
    chiitoitsu = _declared(Y.CHIITOITSU, Y.TANYAO, dora=1)
    assert (chiitoitsu.han, chiitoitsu.fu, chiitoitsu.fu_choices) == (4, 25, ())


def test_without_pinfu_or_chiitoitsu_the_fu_start_at_30() -> None:
    declared = _declared(Y.RIICHI, Y.TANYAO)
    assert declared.fu is None and declared.value is None
    assert declared.fu_choices[0] == 30 and 20 not in declared.fu_choices and 25 not in declared.fu_choices
    assert _declared(Y.RIICHI, Y.TANYAO, fu=40).fu == 40


def test_from_five_han_the_fu_are_not_asked_and_the_stand_in_is_recorded() -> None:
    declared = _declared(Y.RIICHI, Y.TANYAO, dora=3, fu=70)
    assert (declared.han, declared.fu, declared.fu_choices) == (5, STAND_IN_FU, ())
    assert declared.value is not None and declared.value.limit is Limit.MANGAN


def test_dora_alone_are_never_a_yaku() -> None:
    declared = _declared(dora=3)
    assert declared.han == 0 and declared.value is None


# -- Quick entry -------------------------------------------------------------------------------------------------------


def test_quick_entry_waits_for_a_fu_this_han_can_have() -> None:
    assert value_called(han=1, fu=None, yakuman=None, tsumo=False, rules=TENHOU).value is None
    one = value_called(han=1, fu=20, yakuman=None, tsumo=False, rules=TENHOU)  # 20 fu is pinfu tsumo only
    assert one.value is None and 20 not in one.fu_choices
    assert value_called(han=2, fu=20, yakuman=None, tsumo=True, rules=TENHOU).fu == 20


@pytest.mark.parametrize("rules", [TENHOU, AOTENJOU], ids=["limits", "aotenjou"])
def test_quick_entry_does_not_depend_on_the_order_of_the_taps(rules: HandRules) -> None:
    # The issue: under aotenjou 6 han then 40 fu recorded 30 fu (30,720), 40 fu then 6 han 40,960. Both orders
    # reach the same (han, fu) state, and the engine reads only the state; the widget test taps both orders.
    value = value_called(han=6, fu=40, yakuman=None, tsumo=False, rules=rules)
    if rules.aotenjou:
        assert value.fu == 40 and 40 in value.fu_choices
        assert value.value is not None and value.value.base == base_points(6, 40)
        assert value_called(han=6, fu=None, yakuman=None, tsumo=False, rules=rules).value is None  # fu asked
    else:
        assert (value.fu, value.fu_choices) == (STAND_IN_FU, ())
        assert value.value is not None and value.value.limit is Limit.HANEMAN


def test_quick_entry_yakuman_by_count() -> None:
    value = value_called(han=None, fu=None, yakuman=2, tsumo=True, rules=TENHOU)
    assert value.yakuman == 2 and value.value is not None and value.value.base == 16000


# -- every knob ----------------------------------------------------------------------------------------------------


def test_knob_open_tanyao() -> None:
    assert is_declarable(Y.TANYAO, is_open=True, tsumo=False, rules=hand_rules("tenhou", {"open_tanyao": True}))
    assert not is_declarable(Y.TANYAO, is_open=True, tsumo=False, rules=hand_rules("tenhou", {"open_tanyao": False}))
    closed_only = _declared(Y.TANYAO, Y.PINFU, is_open=True, fu=30, rules=hand_rules("tenhou", {"open_tanyao": False}))
    assert closed_only.han == 0  # neither counts on an open hand there


@pytest.mark.parametrize(("kiriage", "limit"), [(True, Limit.MANGAN), (False, None)])
def test_knob_kiriage_mangan(kiriage: bool, limit: Limit | None) -> None:
    rules = hand_rules("tenhou", {"kiriage_mangan": kiriage})
    declared = _declared(Y.RIICHI, Y.TANYAO, dora=2, fu=30, rules=rules)
    assert declared.value is not None and declared.value.limit is limit


@pytest.mark.parametrize(("kazoe", "limit"), [("yakuman", Limit.YAKUMAN), ("sanbaiman", Limit.SANBAIMAN)])
def test_knob_kazoe(kazoe: str, limit: Limit) -> None:
    rules = hand_rules("tenhou", {"kazoe": kazoe})
    declared = _declared(Y.RIICHI, Y.CHINITSU, dora=6, rules=rules)
    assert declared.han == 13 and declared.value is not None and declared.value.limit is limit
    assert value_called(han=13, fu=None, yakuman=None, tsumo=False, rules=rules).value == declared.value


@pytest.mark.parametrize(("double", "count"), [(True, 2), (False, 1)])
def test_knob_double_yakuman(double: bool, count: int) -> None:
    rules = hand_rules("tenhou", {"double_yakuman": double})
    assert _declared(Y.KOKUSHI_MUSOU_13, rules=rules).yakuman == count
    assert _declared(Y.KOKUSHI_MUSOU, rules=rules).yakuman == 1


@pytest.mark.parametrize(("compound", "count"), [(True, 2), (False, 1)])
def test_knob_compound_yakuman(compound: bool, count: int) -> None:
    rules = hand_rules("tenhou", {"compound_yakuman": compound})
    assert _declared(Y.DAISANGEN, Y.TSUUIISOU, rules=rules).yakuman == count


@pytest.mark.parametrize(
    ("renhou", "declarable", "han", "yakuman"),
    [("none", False, 2, 0), ("mangan", True, 5, 0), ("five_han", True, 7, 0), ("yakuman", True, 0, 1)],
)
def test_knob_renhou(renhou: str, declarable: bool, han: int, yakuman: int) -> None:
    rules = hand_rules("tenhou", {"renhou": renhou})
    assert is_declarable(Y.RENHOU, is_open=False, tsumo=False, rules=rules) is declarable
    assert not is_declarable(Y.RENHOU, is_open=False, tsumo=True, rules=rules)  # renhou is a ron
    declared = _declared(Y.RENHOU, Y.TANYAO, dora=1, rules=rules)  # tanyao 1 + dora 1 beside it
    assert (declared.han, declared.yakuman) == (han, yakuman)


def test_knob_renhou_mangan_keeps_a_hand_worth_more_without_it() -> None:
    rules = hand_rules("tenhou", {"renhou": "mangan"})
    assert _declared(Y.RENHOU, Y.CHINITSU, dora=1, rules=rules).han == 7


def test_knob_aotenjou_counts_the_fu_at_every_han() -> None:
    declared = _declared(Y.RIICHI, Y.CHINITSU, dora=2, rules=AOTENJOU)
    assert declared.han == 9 and declared.fu is None and 40 in declared.fu_choices
    chosen = _declared(Y.RIICHI, Y.CHINITSU, dora=2, fu=40, rules=AOTENJOU)
    assert chosen.value is not None and chosen.value.base == base_points(9, 40) and chosen.value.exact


#: Knobs that play no part in a declared value: the table counts the dora (red fives included) and the fu itself.
_NOT_DECLARED = {"name", "red_fives", "red_fives_per_suit", "double_wind_pair_fu"}
_TESTED = {"open_tanyao", "kiriage_mangan", "kazoe", "double_yakuman", "compound_yakuman", "renhou", "aotenjou"}


def test_every_knob_of_the_hand_rules_is_tested_or_plays_no_part() -> None:
    knobs = {field.name for field in dataclasses.fields(HandRules)}
    assert knobs == _NOT_DECLARED | _TESTED, "a new knob: say how it changes a declared hand's value, and test it"


@pytest.mark.parametrize("knob", sorted(_NOT_DECLARED - {"name"}))
def test_a_knob_that_plays_no_part_leaves_the_value_as_it_was(knob: str) -> None:
    changed = {"red_fives": False, "red_fives_per_suit": [1, 2, 1], "double_wind_pair_fu": 2}[knob]
    rules = hand_rules("tenhou", {knob: changed})
    for yaku in permutations((Y.RIICHI, Y.TANYAO, Y.IIPEIKOU), 2):
        assert _declared(*yaku, dora=1, fu=40, rules=rules).value == _declared(*yaku, dora=1, fu=40).value

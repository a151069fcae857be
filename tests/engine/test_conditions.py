"""The win conditions: one enum, the names every input, option and tick list uses (issue 11)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    CONDITION_NAMES,
    CONDITION_WIN_KIND,
    YAKU_CONDITION,
    YAKU_WIN_KIND,
    WinCondition,
    WinKind,
    Yaku,
    hand_from_json,
    score_hand,
)
from scorekeeper.errors import InvalidContextError

_HAND = {"hand": "234m456p678s55p234s", "win": "4s", "seat_wind": "S", "round_wind": "E"}


def test_the_names_are_the_enum_values_in_order() -> None:
    assert tuple(c.value for c in WinCondition) == CONDITION_NAMES
    assert CONDITION_NAMES[:3] == ("riichi", "double_riichi", "ippatsu")


@pytest.mark.parametrize("condition", [c for c in WinCondition if c.tsumo_only], ids=str)
def test_a_tsumo_only_condition_is_refused_on_a_ron(condition: WinCondition) -> None:
    with pytest.raises(InvalidContextError):
        hand_from_json({**_HAND, condition.value: True, "tsumo": False, "riichi": False})


@pytest.mark.parametrize("condition", [c for c in WinCondition if c.ron_only], ids=str)
def test_a_ron_only_condition_is_refused_on_a_tsumo(condition: WinCondition) -> None:
    with pytest.raises(InvalidContextError):
        hand_from_json({**_HAND, condition.value: True, "tsumo": True, "riichi": False})


def test_every_condition_is_a_flag_of_the_json_input() -> None:
    for name in CONDITION_NAMES:
        hand_from_json({**_HAND, "riichi": False, name: False})


def test_the_win_kind_of_a_condition_is_what_the_hand_refuses_otherwise() -> None:
    for condition in WinCondition:
        kind = CONDITION_WIN_KIND.get(condition)
        assert condition.tsumo_only is (kind is WinKind.TSUMO)
        assert condition.ron_only is (kind is WinKind.RON)
    assert set(CONDITION_WIN_KIND) == set(WinCondition) - {
        WinCondition.RIICHI,
        WinCondition.DOUBLE_RIICHI,
        WinCondition.IPPATSU,
    }
    for tsumo in (False, True):  # riichi and ippatsu go with either kind of win
        hand_from_json({**_HAND, "tsumo": tsumo, "riichi": True, "ippatsu": True})


# One winning input per situational yaku, on the kind of win it needs (the seat and melds its condition asks for).
_KAN = {"hand": "234m456p55p234s", "melds": [{"type": "ankan", "tiles": "7777s"}], "win": "4s"}
_SITUATIONAL: dict[Yaku, dict[str, object]] = {
    Yaku.HAITEI: {"haitei": True},
    Yaku.HOUTEI: {"houtei": True},
    Yaku.CHANKAN: {"chankan": True},
    Yaku.RINSHAN_KAIHOU: {**_KAN, "rinshan": True},
    Yaku.TENHOU: {"tenhou": True, "seat_wind": "E"},
    Yaku.CHIIHOU: {"chiihou": True},
    Yaku.RENHOU: {"renhou": True, "ruleset": "ema2016"},
    Yaku.MENZEN_TSUMO: {},
}


@pytest.mark.parametrize("yaku", list(YAKU_WIN_KIND), ids=str)
def test_a_situational_yaku_is_awarded_on_its_win_kind_only(yaku: Yaku) -> None:
    # The yaku list entry greys a yaku out by YAKU_WIN_KIND: the engine awards it on that kind and refuses (or,
    # for menzen tsumo, does not award) it on the other.
    needs_tsumo = YAKU_WIN_KIND[yaku] is WinKind.TSUMO
    obj = {**_HAND, "riichi": False, **_SITUATIONAL[yaku]}
    hand, rules = hand_from_json({**obj, "tsumo": needs_tsumo})
    assert yaku in {item.yaku for item in score_hand(hand, rules).yaku}
    if yaku in YAKU_CONDITION:
        assert YAKU_WIN_KIND[yaku] is CONDITION_WIN_KIND[YAKU_CONDITION[yaku]]
        with pytest.raises(InvalidContextError):
            hand_from_json({**obj, "tsumo": not needs_tsumo})
    else:
        hand, rules = hand_from_json({**obj, "tsumo": not needs_tsumo})
        assert yaku not in {item.yaku for item in score_hand(hand, rules).yaku}

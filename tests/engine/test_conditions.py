"""The win conditions: one enum, the names every input, option and tick list uses (issue 11)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import CONDITION_NAMES, WinCondition, hand_from_json
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

"""The ``ema2016`` hand values that the EMA's own list of the 2016 edition's changes states.

The sections of RCR 2016 that decide these values (1.3, 4.1.3, 4.2.1, 4.2.4, 4.2.5) could not be read through the
search tool (docs/engine.md). The EMA's announcement of the 2016 edition (Tina Christensen, 2015; copies on kasu.at
and mahjong.ru, docs/sources.md) lists each of them as a change since 2012, or a difference from WRC 2015; each test
id quotes the line it pins.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.rules import KazoeLimit, RenhouValue, hand_rules


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        pytest.param("red_fives", False, id="red-fives-have-been-removed"),
        pytest.param("open_tanyao", True, id="tanyao-can-be-an-open-hand"),
        pytest.param("renhou", RenhouValue.MANGAN, id="renho-is-a-mangan-not-a-yakuman"),
        pytest.param("double_yakuman", False, id="dai-suushii-is-a-yakuman-not-a-double-yakuman"),
        pytest.param("kazoe", KazoeLimit.SANBAIMAN, id="13-fan-is-a-sanbaiman-not-a-yakuman"),
        pytest.param("kiriage_mangan", False, id="4-30-is-not-rounded-to-mangan"),
    ],
)
def test_ema_2016_change_list_hand_value(knob: str, value: object) -> None:
    assert getattr(hand_rules("ema2016"), knob) == value

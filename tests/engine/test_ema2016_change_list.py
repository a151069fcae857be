"""The ``ema2016`` hand values that RCR 2016's revision notes state (page 5 of ../shared/rules/Riichi-rules-2016-EN.pdf:
"Main changes since the 2012 edition" and "Differences to World Championship Rules 2015"; the EMA announced the same
list in 2015). The sections that decide them (1.3, 4.1.3, 4.2.1, 4.2.4, 4.2.5) are cited in engine/rules.py and
tested through the 4.3 examples (test_rcr2016_examples.py); each test id here quotes the line it pins.
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

"""One reader of a knob's new value for every family's hand and table knobs (issue 11)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.knobs import coerce_knob
from scorekeeper.engine.rules import KazoeLimit
from scorekeeper.errors import InvalidRulesetError


@pytest.mark.parametrize(
    ("current", "value", "expected"),
    [
        pytest.param(KazoeLimit.YAKUMAN, "sanbaiman", KazoeLimit.SANBAIMAN, id="enum-by-value"),
        pytest.param((15, 5, -5, -15), [20, 10, -10, -20], (20, 10, -10, -20), id="list-to-tuple"),
        pytest.param(True, False, False, id="bool"),
        pytest.param(300, 100, 100, id="int"),
    ],
)
def test_a_value_is_read_in_the_type_of_the_preset(current: object, value: object, expected: object) -> None:
    assert coerce_knob("knob", current, value) == expected


@pytest.mark.parametrize(
    ("current", "value", "message"),
    [
        pytest.param(KazoeLimit.YAKUMAN, "lots", "kazoe must be one of", id="enum"),
        pytest.param((15, 5), [1, "2"], "kazoe must be a list of integers", id="list"),
        pytest.param(True, 1, "kazoe must be a bool, got 1", id="int-for-bool"),
        pytest.param(300, True, "kazoe must be a int, got True", id="bool-for-int"),
    ],
)
def test_a_wrong_value_is_refused_naming_the_knob(current: object, value: object, message: str) -> None:
    with pytest.raises(InvalidRulesetError, match=message):
        coerce_knob("kazoe", current, value)


def test_a_knob_that_may_be_off_takes_null_or_its_type() -> None:
    assert coerce_knob("limit", None, None, or_none=int) is None
    assert coerce_knob("limit", None, 1000, or_none=int) == 1000
    with pytest.raises(InvalidRulesetError, match="limit must be a whole number or null"):
        coerce_knob("limit", None, "1000", or_none=int)

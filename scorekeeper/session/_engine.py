"""The bridge to the engine's full-hand scoring (``scorekeeper.engine.jsonio`` and ``scoring``).

Kept in one place so the rest of the session deals only in :class:`~scorekeeper.engine.points.PointValue`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from typing import Any, cast

from scorekeeper.engine.points import PointValue
from scorekeeper.engine.rules import HandRules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.errors import IllegalActionError

__all__ = ["score_full_hand"]


def _hand_from_json() -> Callable[[dict[str, Any]], tuple[Any, HandRules]]:
    try:
        jsonio = importlib.import_module("scorekeeper.engine.jsonio")
    except ModuleNotFoundError:
        raise IllegalActionError("full-hand wins need the engine's JSON hand reader, which is not installed") from None
    return cast(Callable[[dict[str, Any]], tuple[Any, HandRules]], jsonio.hand_from_json)


def score_full_hand(hand: dict[str, Any], rules: HandRules, liable: Collection[str]) -> tuple[PointValue, int]:
    """Score a full hand with the engine: its value, and how many of its yakuman are ``liable`` ones.

    Args:
        hand: the input object of ``scorekeeper score``, without ``ruleset``.
        rules: the game's hand rules (the hand's own ruleset, if any, is ignored).
        liable: the yakuman names (``Yaku`` values) a feeding player can be liable for under the ruleset.

    Raises:
        ScorekeeperError: whatever the engine raises for a hand it cannot read or score.
    """
    parsed, _ = _hand_from_json()(hand)
    score: HandScore = score_hand(parsed, rules)
    liable_count = sum(y.yakuman for y in score.yaku if y.yaku.value in liable)
    return score.value, liable_count

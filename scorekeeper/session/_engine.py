"""The bridge to the engine's full-hand scoring (``scorekeeper.engine.jsonio`` and ``scoring``).

Kept in one place so the rest of the session deals only in :class:`~scorekeeper.engine.points.PointValue`.
"""

from __future__ import annotations

import importlib
from typing import Any

from scorekeeper.engine.points import PointValue
from scorekeeper.engine.rules import HandRules
from scorekeeper.errors import IllegalActionError

__all__ = ["LIABLE_YAKUMAN", "score_full_hand"]

#: The yakuman a feeding player can be liable for: big three dragons and big four winds (seed 004, 6.2).
LIABLE_YAKUMAN = frozenset({"daisangen", "daisuushii"})


def score_full_hand(hand: dict[str, Any], rules: HandRules) -> tuple[PointValue, int]:
    """Score a full hand with the engine: its value and how many yakuman of it are liable ones.

    Raises:
        IllegalActionError: when the engine's full-hand scoring is not available.
        ScorekeeperError: whatever the engine raises for a hand it cannot score.
    """
    try:
        jsonio: Any = importlib.import_module("scorekeeper.engine.jsonio")
        scoring: Any = importlib.import_module("scorekeeper.engine.scoring")
    except ModuleNotFoundError:
        raise IllegalActionError("full-hand wins need the engine's hand scoring, which is not installed") from None
    parsed, _ = jsonio.hand_from_json(hand)
    score = scoring.score_hand(parsed, rules)
    value: PointValue = score.value
    liable = 0
    for yaku in getattr(score, "yaku", ()):
        name = str(getattr(yaku, "name", yaku)).lower()
        if name in LIABLE_YAKUMAN:
            liable += int(getattr(yaku, "yakuman", 1) or 1)
    return value, liable

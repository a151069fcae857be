"""Builders for classical-family tests: a hand as a JSON object, scored, with its doubles and points by name."""

from __future__ import annotations

from collections import Counter
from typing import Any

from scorekeeper.engine.classical import score_json


def classical(hand: str, win: str, *melds: str, seat: str = "S", prevailing: str = "E", **extra: Any) -> dict[str, Any]:
    """A JSON input; each meld is written ``"123m+chi"``; the seat defaults to South in the East round."""
    obj: dict[str, Any] = {
        "ruleset": extra.pop("ruleset", "classical"),
        "hand": hand,
        "win": win,
        "seat_wind": seat,
        "round_wind": prevailing,
        "melds": [{"type": m.split("+")[1], "tiles": m.split("+")[0]} for m in melds],
    }
    obj.update(extra)
    return obj


def scored(obj: dict[str, Any]) -> dict[str, Any]:
    """Score and insist that it worked."""
    answer = score_json(obj)
    assert answer["ok"], answer
    return answer


def doubles_of(answer: dict[str, Any]) -> Counter[str]:
    """The doubles in an answer, by name, with how many times each appears."""
    return Counter(item["name"] for item in answer["breakdown"] if item["type"] == "double")


def points_of(answer: dict[str, Any]) -> Counter[str]:
    """The points in an answer by source name (summed)."""
    out: Counter[str] = Counter()
    for item in answer["breakdown"]:
        if item["type"] == "points":
            out[item["name"]] += item["points"]
    return out

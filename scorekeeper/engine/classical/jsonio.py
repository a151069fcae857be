"""The public JSON shapes of a classical hand and its score (``scorekeeper score --json`` with a classical ruleset).

Input (one object per hand)::

    {"ruleset": "classical", "hand": "123m789m123p45p66p", "melds": [], "win": "6p", "tsumo": false,
     "seat_wind": "S", "round_wind": "E", "flowers": ["1f", "5f"], "one_chance": false, ...}

``ruleset`` is ``"classical"`` (seed 003, A: points and doubles) or ``"classical-doubles"`` (B: the double system
alone), or an object ``{"preset": name, "overrides": {knob: value}}`` (knobs: ``ClassicalRules``). ``hand``
(concealed tiles including the winning tile, mpsz, no red fives), ``win``, ``seat_wind`` and ``round_wind`` are
required, except that a hand holding all eight extra tiles may leave ``hand`` empty and ``win`` out (seed 003
e(5)). ``melds`` are riichi-style (``{"type": "chi"|"pon"|"minkan"|"shouminkan"|"ankan", "tiles": "123m"}``).
``flowers`` is a list of extra tiles (``"1f"``..``"8f"``: 1-4 seasons, 5-8 plants; an item may hold several,
``"15f"``) or one such string. The conditions are booleans, absent = false: ``tsumo`` (self-drawing),
``last_tile_of_wall``, ``replacement_tile``, ``robbing_the_kong``, ``heavenly_hand``, ``one_chance``,
``last_tile_of_kind``. Unknown fields and wrong types are refused.

Output: ``{"ok": true, "ruleset", "shape", "points", "raw_points", "doubles", "multiplier", "value",
"uncapped_value", "limited", "breakdown": [...]}`` where each breakdown item is either
``{"type": "points", "name": <PointSource>, "tiles": str, "points": n}`` or
``{"type": "double", "name": <Double>, "doubles": n, "detail": str, "description": <the seed's words>}``;
or ``{"ok": false, "error": "a clear message", "kind": "the exception class"}``.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.classical.extras import ExtraTile, parse_extras
from scorekeeper.engine.classical.hand import CLASSICAL_CONDITION_NAMES, ClassicalHand
from scorekeeper.engine.classical.rules import ClassicalRules, classical_rules
from scorekeeper.engine.classical.scoring import ClassicalScore, score_classical
from scorekeeper.engine.hand import Meld
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import InvalidContextError, InvalidHandError, InvalidRulesetError, ScorekeeperError, quote

__all__ = ["classical_hand_from_json", "classical_rules_from_json", "score_json", "score_to_json"]

_FLAGS = ("tsumo", *CLASSICAL_CONDITION_NAMES)
_FIELDS = frozenset({"ruleset", "hand", "melds", "win", "seat_wind", "round_wind", "flowers", *_FLAGS})


def _string(obj: dict[str, Any], field: str) -> str:
    value = obj.get(field)
    if not isinstance(value, str):
        raise InvalidHandError(f"{field} must be a string of tiles in mpsz notation, got {quote(value)}")
    return value


def _wind(obj: dict[str, Any], field: str) -> Wind:
    value = obj.get(field)
    if isinstance(value, str) and value in {w.value for w in Wind}:
        return Wind(value)
    raise InvalidContextError(f'{field} must be one of "E", "S", "W", "N", got {quote(value)}')


def _meld(value: object) -> Meld:
    if not isinstance(value, dict) or set(value) != {"type", "tiles"}:
        raise InvalidHandError(f'a meld must be an object {{"type": ..., "tiles": ...}}, got {quote(value)}')
    kind, tiles = value["type"], value["tiles"]
    if not isinstance(kind, str) or not isinstance(tiles, str):
        raise InvalidHandError(f"a meld's type and tiles must be strings, got {quote(value)}")
    return Meld.parse(kind, tiles)


def _flowers(value: object) -> tuple[ExtraTile, ...]:
    if isinstance(value, str):
        return parse_extras(value)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InvalidHandError(f'flowers must be a list of extra tiles such as ["1f", "5f"], got {quote(value)}')
    return tuple(tile for item in value for tile in parse_extras(item))


def classical_rules_from_json(value: object) -> ClassicalRules:
    """The rules from a preset name or ``{"preset": name, "overrides": {...}}``.

    Raises:
        InvalidRulesetError: for an unknown preset or knob, or a malformed object.
    """
    if isinstance(value, str):
        return classical_rules(value)
    if isinstance(value, dict) and set(value) <= {"preset", "overrides"}:
        preset = value.get("preset")
        overrides = value.get("overrides", {})
        if isinstance(preset, str) and isinstance(overrides, dict):
            return classical_rules(preset, overrides)
    raise InvalidRulesetError(
        f'ruleset must be "classical", "classical-doubles" or {{"preset", "overrides"}}: {quote(value)}'
    )


def classical_hand_from_json(obj: object) -> tuple[ClassicalHand, ClassicalRules]:
    """A classical hand and its rules from the JSON input object (see the module docstring).

    Raises:
        InvalidHandError: wrong types, unknown fields, bad tiles (also ``TileParseError``), an invalid hand.
        InvalidContextError: bad winds or contradictory conditions.
        InvalidRulesetError: an unknown preset or knob.
    """
    if not isinstance(obj, dict):
        raise InvalidHandError(f"a hand must be a JSON object, got {quote(obj)}")
    unknown = set(obj) - _FIELDS
    if unknown:
        raise InvalidHandError(
            f"unknown field(s) {quote(sorted(unknown))} for a classical hand; fields are {', '.join(sorted(_FIELDS))}"
        )
    rules = classical_rules_from_json(obj.get("ruleset", "classical"))
    flags: dict[str, bool] = {}
    for name in _FLAGS:
        value = obj.get(name, False)
        if not isinstance(value, bool):
            raise InvalidContextError(f"{name} must be true or false, got {quote(value)}")
        flags[name] = value
    melds_value = obj.get("melds", [])
    if not isinstance(melds_value, list):
        raise InvalidHandError(f"melds must be a list, got {quote(melds_value)}")
    melds = tuple(_meld(m) for m in melds_value)
    concealed: tuple[Tile, ...] = parse_tiles(_string(obj, "hand")) if "hand" in obj else ()
    win: Tile | None = None
    if "win" in obj:
        wins = parse_tiles(_string(obj, "win"))
        if len(wins) != 1:
            raise InvalidHandError(f"win must be exactly one tile, got {quote(obj['win'])}")
        win = wins[0]
    elif concealed or "hand" not in obj:
        raise InvalidHandError("win is required: the winning tile (only all eight extra tiles win without one)")
    hand = ClassicalHand(
        concealed=concealed,
        melds=melds,
        win=win,
        seat_wind=_wind(obj, "seat_wind"),
        round_wind=_wind(obj, "round_wind"),
        extras=_flowers(obj.get("flowers", [])),
        **flags,
    )
    return hand, rules


def score_to_json(score: ClassicalScore, rules: ClassicalRules) -> dict[str, Any]:
    """The public JSON answer for a score (see the module docstring)."""
    breakdown: list[dict[str, Any]] = [
        {"type": "points", "name": item.source.value, "tiles": item.tiles, "points": item.points}
        for item in score.point_items
    ]
    breakdown.extend(
        {
            "type": "double",
            "name": item.double.value,
            "doubles": item.doubles,
            "detail": item.detail,
            "description": item.double.description,
        }
        for item in score.double_items
    )
    return {
        "ok": True,
        "ruleset": rules.name,
        "shape": score.shape.value,
        "points": score.points,
        "raw_points": score.raw_points,
        "doubles": score.doubles,
        "multiplier": score.multiplier,
        "value": score.value,
        "uncapped_value": score.uncapped,
        "limited": score.limited,
        "breakdown": breakdown,
    }


def score_json(obj: object) -> dict[str, Any]:
    """Score one classical hand given as a JSON object; never raises for bad input (the answer says what is wrong)."""
    try:
        hand, rules = classical_hand_from_json(obj)
        return score_to_json(score_classical(hand, rules), rules)
    except ScorekeeperError as error:
        return {"ok": False, "error": str(error), "kind": type(error).__name__}

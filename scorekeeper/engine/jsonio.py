"""The public JSON shapes of a hand and of its score (the ``scorekeeper score --json`` interface).

Input (one object per hand)::

    {"hand": "234m567p11s345s", "melds": [{"type": "chi", "tiles": "406m"}], "win": "2m", "tsumo": false,
     "seat_wind": "E", "round_wind": "S", "dora": ["3p"], "ura": [], "riichi": true, ..., "ruleset": "tenhou"}

``hand`` and ``win`` are required, as are ``seat_wind`` and ``round_wind``; ``melds``, ``dora`` and ``ura``
default to empty lists, every boolean (``tsumo`` and the win conditions) to false, and ``ruleset`` to
``"tenhou"``. ``ruleset`` is a preset name, or an object ``{"preset": name, "overrides": {knob: value}}``.
Unknown fields and wrong types are refused.

Output: see :func:`score_to_json` and :func:`score_json`.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.fu import FuReason
from scorekeeper.engine.hand import Hand, Meld, _new_hand
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import InvalidContextError, InvalidHandError, InvalidRulesetError, ScorekeeperError, quote

__all__ = ["hand_from_json", "rules_from_json", "score_json", "score_to_json"]

_FLAGS = ("tsumo", *CONDITION_NAMES)
_FIELDS = frozenset({"hand", "melds", "win", "seat_wind", "round_wind", "dora", "ura", "ruleset", *_FLAGS})
_DEFAULT_RULESET = "tenhou"


def _tiles(value: object, field: str) -> tuple[Tile, ...]:
    if not isinstance(value, str):
        raise InvalidHandError(f"{field} must be a string of tiles in mpsz notation, got {quote(value)}")
    return parse_tiles(value)


_SINGLE_TILES = {str(tile): tile for tile in parse_tiles("123456789m123456789p123456789s1234567z0m0p0s")}
_SINGLE_TILE = _SINGLE_TILES.__getitem__
_WINDS = {wind.value: wind for wind in Wind}
_FLAG_SET = frozenset(_FLAGS)
_REQUIRED = frozenset({"hand", "win", "seat_wind", "round_wind"})
_PRESET_RULES = {name: hand_rules(name) for name in PRESET_NAMES}
_YAKU_NAMES = {yaku: yaku.value for yaku in Yaku}
_FU_REASONS = {reason: reason.value for reason in FuReason}
_MELDS: dict[tuple[str, str], Meld] = {}


def _one_tile(value: object, field: str) -> Tile:
    if isinstance(value, str):
        tile = _SINGLE_TILES.get(value)
        if tile is not None:
            return tile
    tiles = _tiles(value, field)
    if len(tiles) != 1:
        raise InvalidHandError(f"{field} must be exactly one tile, got {quote(value)}")
    return tiles[0]


def _indicators(value: object, field: str) -> tuple[Tile, ...]:
    if value == ():
        return ()
    if not isinstance(value, list):
        raise InvalidHandError(f'{field} must be a list of indicator tiles such as ["3p"], got {quote(value)}')
    out = []
    for item in value:
        tile = _SINGLE_TILES.get(item) if isinstance(item, str) else None
        out.append(tile if tile is not None else _one_tile(item, f"each {field} indicator"))
    return tuple(out)


def _wind(value: object, field: str) -> Wind:
    wind = _WINDS.get(value) if isinstance(value, str) else None
    if wind is None:
        raise InvalidContextError(f'{field} must be one of "E", "S", "W", "N", got {quote(value)}')
    return wind


def _meld(value: object) -> Meld:
    if type(value) is dict and len(value) == 2:
        # The common, well-formed meld: one shared Meld per (type, tiles) text; anything else is checked below.
        kind, tiles = value.get("type"), value.get("tiles")
        if type(kind) is str and type(tiles) is str:
            meld = _MELDS.get((kind, tiles))
            if meld is not None:
                return meld
    if not isinstance(value, dict):
        raise InvalidHandError(f'a meld must be an object {{"type": ..., "tiles": ...}}, got {quote(value)}')
    unknown = set(value) - {"type", "tiles"}
    if unknown:
        raise InvalidHandError(
            f"unknown meld field(s) {quote(sorted(unknown))} in {quote(value)}; a meld has type and tiles"
        )
    if "type" not in value or "tiles" not in value:
        raise InvalidHandError(f"a meld needs both type and tiles, got {quote(value)}")
    kind = value["type"]
    if not isinstance(kind, str):
        raise InvalidHandError(f"meld type must be a string, got {quote(kind)}")
    tiles = value["tiles"]
    if not isinstance(tiles, str):
        raise InvalidHandError(f"meld tiles must be a string of tiles in mpsz notation, got {quote(tiles)}")
    meld = Meld.parse(kind, tiles)
    if len(_MELDS) < 4096:  # melds are few ("123m" chi, "555z" pon...); bad ones raise above and are not kept
        _MELDS[(kind, tiles)] = meld
    return meld


def rules_from_json(value: object) -> HandRules:
    """A ruleset from a preset name or ``{"preset": name, "overrides": {...}}``.

    Raises:
        InvalidRulesetError: for an unknown preset or knob, or a wrong shape.
    """
    if isinstance(value, str):
        return hand_rules(value)
    if isinstance(value, dict):
        unknown = set(value) - {"preset", "overrides"}
        if unknown:
            raise InvalidRulesetError(f"unknown ruleset field(s) {quote(sorted(unknown))}; use preset and overrides")
        preset = value.get("preset", _DEFAULT_RULESET)
        overrides = value.get("overrides", {})
        if not isinstance(preset, str) or not isinstance(overrides, dict):
            raise InvalidRulesetError(f'ruleset must be {{"preset": name, "overrides": {{...}}}}, got {quote(value)}')
        return hand_rules(preset, overrides)
    raise InvalidRulesetError(f"ruleset must be a preset name or an object, got {quote(value)}")


def hand_from_json(obj: object) -> tuple[Hand, HandRules]:
    """Read a hand and its ruleset from the public JSON shape (already decoded).

    Raises:
        InvalidHandError: for a wrong shape, an unknown field or impossible tiles.
        InvalidContextError: for a bad wind or contradictory conditions.
        InvalidRulesetError: for an unknown ruleset.
        TileParseError: for bad tile notation.
    """
    if not isinstance(obj, dict):
        raise InvalidHandError(f"a hand must be a JSON object, got {quote(obj)}")
    if not _FIELDS.issuperset(obj):
        unknown = sorted(set(obj) - _FIELDS)
        raise InvalidHandError(f"unknown field(s) {quote(unknown)}; known fields: {', '.join(sorted(_FIELDS))}")
    if not obj.keys() >= _REQUIRED:
        for required in ("hand", "win", "seat_wind", "round_wind"):
            if required not in obj:
                raise InvalidHandError(f"missing field {quote(required)}")
    for name in _FLAG_SET.intersection(obj):
        value = obj[name]
        if value is not True and value is not False:
            # Name the first bad flag in the object's own order (a set has none).
            for name in obj:
                value = obj[name]
                if name in _FLAG_SET and value is not True and value is not False:
                    raise InvalidContextError(f"{name} must be true or false, got {quote(value)}")
    melds = obj.get("melds", ())
    if melds == ():
        meld_values: tuple[Meld, ...] = ()
    elif isinstance(melds, list):
        meld_values = tuple(map(_meld, melds))
    else:
        raise InvalidHandError(f"melds must be a list, got {quote(melds)}")
    ruleset = obj.get("ruleset", _DEFAULT_RULESET)
    rules = _PRESET_RULES.get(ruleset) if isinstance(ruleset, str) else None
    if rules is None:
        rules = rules_from_json(ruleset)
    # The common, well-typed values are read inline; anything else goes through the helpers, which name the
    # problem. The order of the reads is the order in which problems are reported.
    text = obj["hand"]
    concealed = parse_tiles(text) if type(text) is str else _tiles(text, "hand")
    value = obj["win"]
    win = _SINGLE_TILES.get(value) if type(value) is str else None
    if win is None:
        win = _one_tile(value, "win")
    value = obj["seat_wind"]
    seat_wind = _WINDS.get(value) if type(value) is str else None
    if seat_wind is None:
        seat_wind = _wind(value, "seat_wind")
    value = obj["round_wind"]
    round_wind = _WINDS.get(value) if type(value) is str else None
    if round_wind is None:
        round_wind = _wind(value, "round_wind")
    get = obj.get
    # A list of known single tiles is read by one C-level map; anything else (a missing list, a bad item) by the
    # helper, which names the problem.
    value = get("dora", ())
    try:
        dora = tuple(map(_SINGLE_TILE, value)) if type(value) is list else _indicators(value, "dora")
    except (KeyError, TypeError):
        dora = _indicators(value, "dora")
    value = get("ura", ())
    try:
        ura = tuple(map(_SINGLE_TILE, value)) if type(value) is list else _indicators(value, "ura")
    except (KeyError, TypeError):
        ura = _indicators(value, "ura")
    # Hand(...) with positional arguments (the same slots and checks, see hand._new_hand); every flag present was
    # checked above to be a bool.
    hand = _new_hand(
        concealed,
        meld_values,
        win,
        get("tsumo", False),
        seat_wind,
        round_wind,
        dora,
        ura,
        get("riichi", False),
        get("double_riichi", False),
        get("ippatsu", False),
        get("haitei", False),
        get("houtei", False),
        get("rinshan", False),
        get("chankan", False),
        get("tenhou", False),
        get("chiihou", False),
        get("renhou", False),
    )
    return hand, rules


def score_to_json(score: HandScore) -> dict[str, Any]:
    """The public JSON shape of a score (``"ok": true`` and the issue's fields)."""
    # Loops rather than comprehensions: on Python 3.11 each comprehension makes and calls a function, and this runs
    # for every line of ``score --json`` (issue 15).
    value = score.value
    yaku: list[dict[str, Any]] = []
    for y in score.yaku:
        if y.yakuman:
            yaku.append({"name": _YAKU_NAMES[y.yaku], "yakuman": y.yakuman})
        else:
            yaku.append({"name": _YAKU_NAMES[y.yaku], "han": y.han})
    breakdown: list[dict[str, Any]] = []
    for item in score.explanation.fu_breakdown():
        breakdown.append({"reason": _FU_REASONS[item.reason], "fu": item.fu})
    payment = score.payment
    return {
        "ok": True,
        "han": value.han,
        "fu": value.fu,
        "yakuman": value.yakuman,
        "limit": None if value.limit is None else str(value.limit),
        "yaku": yaku,
        "dora": score.dora,
        "aka": score.aka,
        "ura": score.ura,
        "fu_breakdown": breakdown,
        "points": payment.total,
        "payments": payment.as_dict(),
    }


def error_to_json(error: ScorekeeperError) -> dict[str, Any]:
    """The public JSON shape of a refusal: ``{"ok": false, "error": message, "kind": class name}``."""
    return {"ok": False, "error": str(error), "kind": type(error).__name__}


def score_json(obj: object) -> dict[str, Any]:
    """Score one decoded JSON hand; never raises for bad input, answering ``{"ok": false, ...}`` instead."""
    try:
        hand, rules = hand_from_json(obj)
        return score_to_json(score_hand(hand, rules))
    except ScorekeeperError as error:
        return error_to_json(error)

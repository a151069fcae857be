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

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.fu import FuItem, FuReason
from scorekeeper.engine.hand import Hand, Meld, _new_hand
from scorekeeper.engine.points import Payment, PointValue
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, check_red_fives, hand_rules
from scorekeeper.engine.scoring import HandScore, YakuValue, score_hand
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.engine.yaku import Yaku
from scorekeeper.errors import InvalidContextError, InvalidHandError, InvalidRulesetError, ScorekeeperError, quote

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "hand_from_json",
    "read_hand",
    "read_hands",
    "rules_from_json",
    "score_json",
    "score_json_line",
    "score_line",
    "score_object",
    "score_to_json",
]

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
    arguments, rules = _hand_arguments(obj)
    return _new_hand(*arguments), rules


# hand._new_hand's arguments, in its order.
_HandArguments = tuple[
    tuple[Tile, ...], tuple[Meld, ...], Tile, bool, Wind, Wind, tuple[Tile, ...], tuple[Tile, ...],
    bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int | None,
]  # fmt: skip


# The key lists met so far (an object's keys in order), each with the flags among them in that order: the keys of an
# object whose key list is known need no checking, only its flags' values (three set operations a line; issue 15).
_KEY_LISTS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _checked_keys(obj: dict[Any, Any]) -> tuple[str, ...]:
    """The flags among a hand object's keys, in its order, once its keys are known good; remembered by key list.

    Raises:
        InvalidHandError: for an unknown field or a missing one.
    """
    if not _FIELDS.issuperset(obj):
        unknown = sorted(set(obj) - _FIELDS)
        raise InvalidHandError(f"unknown field(s) {quote(unknown)}; known fields: {', '.join(sorted(_FIELDS))}")
    if not obj.keys() >= _REQUIRED:
        for required in ("hand", "win", "seat_wind", "round_wind"):
            if required not in obj:
                raise InvalidHandError(f"missing field {quote(required)}")
    flags = tuple([name for name in obj if name in _FLAG_SET])
    if len(_KEY_LISTS) < 1024:  # a few key lists in practice; a flood of new ones is not kept
        _KEY_LISTS[tuple(obj)] = flags
    return flags


def _hand_arguments(obj: object) -> tuple[_HandArguments, HandRules]:
    """What :func:`hand_from_json` reads from the object: the new Hand's arguments (not yet checked together, as
    the Hand checks them) and the ruleset; raises as it does for the fields' own problems."""
    if type(obj) is not dict and not isinstance(obj, dict):
        raise InvalidHandError(f"a hand must be a JSON object, got {quote(obj)}")
    flags = _KEY_LISTS.get(tuple(obj))
    if flags is None:
        flags = _checked_keys(obj)
    for name in flags:  # in the object's order: the first bad flag is the one named
        value = obj[name]
        if value is not True and value is not False:
            raise InvalidContextError(f"{name} must be true or false, got {quote(value)}")
    melds = obj.get("melds", ())
    if type(melds) is list:
        meld_values: tuple[Meld, ...] = tuple(map(_meld, melds)) if melds else ()
    elif melds == ():
        meld_values = ()
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
    if type(text) is str:
        concealed = parse_tiles(text)
        # Every 0 of well-formed text is a red five; a meld knows its own.
        red = text.count("0")
        for meld in meld_values:
            red += meld._red
    else:
        concealed, red = _tiles(text, "hand"), None  # refused: not text
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
    # Hand(...)'s arguments, positional (the same slots and checks, see hand._new_hand); every flag present was
    # checked above to be a bool.
    arguments: _HandArguments = (
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
        red,
    )
    return arguments, rules


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


# The parts of an answer line, each written once (issue 15: building the answer dict and writing it was an eighth
# of a line's cost). The scorer shares its values between hands (point values, payments, yaku and fu items are
# looked up, not made; see _result.py), so a part is found by the identity of its value, or of the values in its
# tuple; each entry holds what it was made from, so that no identity it is keyed by is reused while it lives. The
# tables are bounded; past their size a part is written each time. Every name and reason is a plain ASCII word
# (the Yaku and FuReason values), so the parts are written as ``json.dumps(..., separators=(",", ":"))`` would.
_PARTS_MAX = 16_384
_HEADS: dict[int, tuple[PointValue, bytes]] = {}
_TAILS: dict[int, tuple[Payment, bytes]] = {}
_YAKU_PARTS: dict[tuple[int, ...], tuple[tuple[YakuValue, ...], bytes]] = {}
_FU_PARTS: dict[tuple[int, ...], tuple[tuple[FuItem, ...], bytes]] = {}
_FU_ITEM_TEXTS: dict[int, tuple[FuItem, bytes]] = {}  # a few dozen shared items


def _number(value: int | None) -> bytes:
    return b"null" if value is None else b"%d" % value


def _head(value: PointValue) -> bytes:
    limit = b"null" if value.limit is None else b'"%s"' % value.limit.value.encode()
    head = b'{"ok":true,"han":%b,"fu":%b,"yakuman":%d,"limit":%b,"yaku":' % (
        _number(value.han),
        _number(value.fu),
        value.yakuman,
        limit,
    )
    if len(_HEADS) < _PARTS_MAX and not value.exact:  # an exact (aotenjou) yakuman value is made per hand
        _HEADS[id(value)] = (value, head)
    return head


def _tail(payment: Payment) -> bytes:
    paid = b",".join([b'"%s":%d' % (name.encode(), points) for name, points in payment.as_dict().items()])
    tail = b',"points":%d,"payments":{%b}}\n' % (payment.total, paid)
    if len(_TAILS) < _PARTS_MAX:
        _TAILS[id(payment)] = (payment, tail)
    return tail


def _yaku_part(key: tuple[int, ...], yaku: tuple[YakuValue, ...]) -> bytes:
    items = []
    for item in yaku:
        name = item.yaku.value.encode()
        if item.yakuman:
            items.append(b'{"name":"%s","yakuman":%d}' % (name, item.yakuman))
        else:
            items.append(b'{"name":"%s","han":%d}' % (name, item.han))
    part = b"[%b]" % b",".join(items)
    if len(_YAKU_PARTS) < _PARTS_MAX:
        _YAKU_PARTS[key] = (yaku, part)
    return part


def _fu_part(key: tuple[int, ...], items: tuple[FuItem, ...]) -> bytes:
    texts = []
    for item in items:
        entry = _FU_ITEM_TEXTS.get(id(item))
        if entry is None:
            entry = (item, b'{"reason":"%s","fu":%d}' % (item.reason.value.encode(), item.fu))
            if len(_FU_ITEM_TEXTS) < _PARTS_MAX:
                _FU_ITEM_TEXTS[id(item)] = entry
        texts.append(entry[1])
    part = b"[%b]" % b",".join(texts)
    if len(_FU_PARTS) < _PARTS_MAX:
        _FU_PARTS[key] = (items, part)
    return part


def score_line(score: HandScore) -> bytes:
    """:func:`score_to_json` as one compact JSON line with its line feed: the bytes ``json.dumps(score_to_json(
    score), separators=(",", ":"))`` writes, put together from parts written once."""
    value = score.value
    entry = _HEADS.get(id(value))
    head = entry[1] if entry is not None and entry[0] is value else _head(value)
    payment = score.payment
    entry_tail = _TAILS.get(id(payment))
    tail = entry_tail[1] if entry_tail is not None and entry_tail[0] is payment else _tail(payment)
    yaku = score.yaku
    key = tuple(map(id, yaku))
    entry_yaku = _YAKU_PARTS.get(key)
    yaku_part = entry_yaku[1] if entry_yaku is not None else _yaku_part(key, yaku)
    items = score.explanation.fu_breakdown()
    key = tuple(map(id, items))
    entry_fu = _FU_PARTS.get(key)
    fu_part = entry_fu[1] if entry_fu is not None else _fu_part(key, items)
    return b'%b%b,"dora":%d,"aka":%d,"ura":%d,"fu_breakdown":%b%b' % (
        head,
        yaku_part,
        score.dora,
        score.aka,
        score.ura,
        fu_part,
        tail,
    )


def error_to_json(error: ScorekeeperError) -> dict[str, Any]:
    """The public JSON shape of a refusal: ``{"ok": false, "error": message, "kind": class name}``."""
    return {"ok": False, "error": str(error), "kind": type(error).__name__}


def read_hand(obj: object) -> tuple[Hand, HandRules]:
    """:func:`hand_from_json` with what a hand coming in must meet besides: the red fives of the ruleset's set
    (``rules.check_red_fives``).

    Raises:
        ScorekeeperError: whatever :func:`hand_from_json` or the set check refuses.
    """
    hand, rules = hand_from_json(obj)
    check_red_fives(hand, rules)
    return hand, rules


def read_hands(objects: list[dict[str, Any]]) -> list[tuple[Hand, HandRules] | Exception]:
    """:func:`read_hand` of each decoded JSON hand, in order, with what it raises in place of the hand.

    In stages over the list (every object's fields read, then every Hand made and checked with its red fives), so
    that each stage's code stays warm in the processor's caches: the command line's bulk answers (issue 15). An
    error is given back without its traceback, whose frames would hold the lists that hold the error: a cycle only
    the garbage collector would free.
    """
    read: list[tuple[_HandArguments, HandRules] | Exception] = []
    for obj in objects:
        try:
            read.append(_hand_arguments(obj))
        except Exception as error:  # given back in the hand's place
            read.append(error.with_traceback(None))
    hands: list[tuple[Hand, HandRules] | Exception] = []
    for entry in read:
        if isinstance(entry, Exception):
            hands.append(entry)
            continue
        arguments, rules = entry
        try:
            hand = _new_hand(*arguments)
            check_red_fives(hand, rules)
        except Exception as error:  # given back in the hand's place
            hands.append(error.with_traceback(None))
        else:
            hands.append((hand, rules))
    return hands


def score_object(obj: object) -> HandScore:
    """Read and score one decoded JSON hand under its own ruleset (:func:`read_hand`, then :func:`score_hand`).

    Raises:
        ScorekeeperError: whatever :func:`read_hand` or :func:`score_hand` refuses.
    """
    hand, rules = read_hand(obj)
    return score_hand(hand, rules)


def score_json_line(obj: object) -> bytes | dict[str, Any]:
    """:func:`score_json` for the command line: an accepted hand as its answer line (:func:`score_line`), a
    refusal as its dict (``{"ok": false, ...}``); never raises for bad input."""
    try:
        return score_line(score_object(obj))
    except ScorekeeperError as error:
        return error_to_json(error)


def score_json(obj: object) -> dict[str, Any]:
    """Score one decoded JSON hand; never raises for bad input, answering ``{"ok": false, ...}`` instead."""
    try:
        return score_to_json(score_object(obj))
    except ScorekeeperError as error:
        return error_to_json(error)

"""Pure hand scoring, standard library only: tiles, melds, hands, decomposition, yaku, fu, points, rules.

The names below are read from their modules when first asked for (PEP 562), so that a command importing one
module (``score`` imports the scorer, not the wait lists or the entry text) does not import them all (issue 15:
3 ms of start-up).
"""

from __future__ import annotations

from scorekeeper.engine._lazy import lazy_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from scorekeeper.engine.conditions import CONDITION_NAMES, CONDITION_WIN_KIND, WinCondition, WinKind
    from scorekeeper.engine.entry_text import EntryText, format_entry_text, parse_entry_text
    from scorekeeper.engine.fu import FuItem, FuReason
    from scorekeeper.engine.han_fu import FU_VALUES, MAX_FU, is_valid_han_fu, valid_fu, validate_han_fu
    from scorekeeper.engine.hand import Hand, HandProblem, Meld, MeldKind, validate_hand, validate_tiles
    from scorekeeper.engine.jsonio import hand_from_json, rules_from_json, score_json, score_to_json
    from scorekeeper.engine.points import Limit, Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
    from scorekeeper.engine.rules import PRESET_NAMES, HandRules, KazoeLimit, RenhouValue, hand_rules
    from scorekeeper.engine.scoring import HandScore, WaitKind, YakuValue, score_hand
    from scorekeeper.engine.tiles import (
        Suit,
        Tile,
        TileKind,
        Wind,
        format_kinds,
        format_tiles,
        parse_kinds,
        parse_tiles,
    )
    from scorekeeper.engine.waits import Refusal, Wait, list_waits
    from scorekeeper.engine.yaku import YAKU_CONDITION, YAKU_WIN_KIND, Yaku

__all__ = [
    "CONDITION_NAMES",
    "CONDITION_WIN_KIND",
    "FU_VALUES",
    "MAX_FU",
    "PRESET_NAMES",
    "YAKU_CONDITION",
    "YAKU_WIN_KIND",
    "EntryText",
    "FuItem",
    "FuReason",
    "Hand",
    "HandProblem",
    "HandRules",
    "HandScore",
    "KazoeLimit",
    "Limit",
    "Meld",
    "MeldKind",
    "Payment",
    "PointValue",
    "Refusal",
    "RenhouValue",
    "Suit",
    "Tile",
    "TileKind",
    "Wait",
    "WaitKind",
    "WinCondition",
    "WinKind",
    "Wind",
    "Yaku",
    "YakuValue",
    "format_entry_text",
    "format_kinds",
    "format_tiles",
    "hand_from_json",
    "hand_rules",
    "is_valid_han_fu",
    "list_waits",
    "parse_entry_text",
    "parse_kinds",
    "parse_tiles",
    "pay",
    "rules_from_json",
    "score_hand",
    "score_json",
    "score_to_json",
    "valid_fu",
    "validate_han_fu",
    "validate_hand",
    "validate_tiles",
    "value_from_han_fu",
    "value_from_yakuman",
]

#: The module of each public name.
_MODULES = {
    "CONDITION_NAMES": "conditions",
    "CONDITION_WIN_KIND": "conditions",
    "WinCondition": "conditions",
    "WinKind": "conditions",
    "EntryText": "entry_text",
    "format_entry_text": "entry_text",
    "parse_entry_text": "entry_text",
    "FuItem": "fu",
    "FuReason": "fu",
    "FU_VALUES": "han_fu",
    "MAX_FU": "han_fu",
    "is_valid_han_fu": "han_fu",
    "valid_fu": "han_fu",
    "validate_han_fu": "han_fu",
    "Hand": "hand",
    "HandProblem": "hand",
    "Meld": "hand",
    "MeldKind": "hand",
    "validate_hand": "hand",
    "validate_tiles": "hand",
    "hand_from_json": "jsonio",
    "rules_from_json": "jsonio",
    "score_json": "jsonio",
    "score_to_json": "jsonio",
    "Limit": "points",
    "Payment": "points",
    "PointValue": "points",
    "pay": "points",
    "value_from_han_fu": "points",
    "value_from_yakuman": "points",
    "HandRules": "rules",
    "KazoeLimit": "rules",
    "PRESET_NAMES": "rules",
    "RenhouValue": "rules",
    "hand_rules": "rules",
    "HandScore": "scoring",
    "WaitKind": "scoring",
    "YakuValue": "scoring",
    "score_hand": "scoring",
    "Suit": "tiles",
    "Tile": "tiles",
    "TileKind": "tiles",
    "Wind": "tiles",
    "format_kinds": "tiles",
    "format_tiles": "tiles",
    "parse_kinds": "tiles",
    "parse_tiles": "tiles",
    "Refusal": "waits",
    "Wait": "waits",
    "list_waits": "waits",
    "YAKU_CONDITION": "yaku",
    "YAKU_WIN_KIND": "yaku",
    "Yaku": "yaku",
}


__getattr__, __dir__ = lazy_names(__name__, _MODULES, __all__, globals())

"""Pure hand scoring, standard library only: tiles, melds, hands, decomposition, yaku, fu, points, rules."""

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

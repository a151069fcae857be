"""Pure hand scoring, standard library only: tiles, melds, hands, decomposition, yaku, fu, points, rules."""

from scorekeeper.engine.points import Limit, Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, KazoeLimit, RenhouValue, hand_rules
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

__all__ = [
    "PRESET_NAMES",
    "HandRules",
    "KazoeLimit",
    "Limit",
    "Payment",
    "PointValue",
    "RenhouValue",
    "Suit",
    "Tile",
    "TileKind",
    "Wind",
    "format_kinds",
    "format_tiles",
    "hand_rules",
    "parse_kinds",
    "parse_tiles",
    "pay",
    "value_from_han_fu",
    "value_from_yakuman",
]

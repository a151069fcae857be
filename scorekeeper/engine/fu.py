"""Fu (minipoints): the reasons a hand earns them, and their values.

Values follow the EMA rules (seed 004, 6.3 and 4.1.1), the riichi book (seed 000, "Minipoint calculation") and
the beginner's lesson (seed 001): 20 for winning, 25 fixed for chiitoitsu, 10 for a closed ron, 2 for tsumo
(not with pinfu), 2 for an edge, closed or pair wait, 2 for open pinfu; triplets 2/4 (simple, open/closed),
4/8 (terminal or honour), kongs four times that; 2 for a pair of dragons, of the seat wind or of the round wind,
and 4 or 2 for a pair of a wind that is both (a ruleset knob). The total is rounded up to the next 10, except
for chiitoitsu.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["FuItem", "FuReason", "round_fu", "set_fu"]


class FuReason(enum.StrEnum):
    """Why a hand earns some fu; persisted and shown by value."""

    BASE = "base"
    CHIITOITSU = "chiitoitsu"
    CLOSED_RON = "closed_ron"
    TSUMO = "tsumo"
    EDGE_WAIT = "edge_wait"
    CLOSED_WAIT = "closed_wait"
    PAIR_WAIT = "pair_wait"
    OPEN_PINFU = "open_pinfu"
    OPEN_TRIPLET_SIMPLE = "open_triplet_simple"
    OPEN_TRIPLET_TERMINAL_OR_HONOR = "open_triplet_terminal_or_honor"
    CLOSED_TRIPLET_SIMPLE = "closed_triplet_simple"
    CLOSED_TRIPLET_TERMINAL_OR_HONOR = "closed_triplet_terminal_or_honor"
    OPEN_KAN_SIMPLE = "open_kan_simple"
    OPEN_KAN_TERMINAL_OR_HONOR = "open_kan_terminal_or_honor"
    CLOSED_KAN_SIMPLE = "closed_kan_simple"
    CLOSED_KAN_TERMINAL_OR_HONOR = "closed_kan_terminal_or_honor"
    DRAGON_PAIR = "dragon_pair"
    SEAT_WIND_PAIR = "seat_wind_pair"
    ROUND_WIND_PAIR = "round_wind_pair"
    DOUBLE_WIND_PAIR = "double_wind_pair"


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of a fu breakdown."""

    reason: FuReason
    fu: int


# Indexed by (kan, closed, terminal_or_honor) as 4*kan + 2*closed + terminal_or_honor.
_SET_FU = (2, 4, 4, 8, 8, 16, 16, 32)
_SET_REASON = (
    FuReason.OPEN_TRIPLET_SIMPLE,
    FuReason.OPEN_TRIPLET_TERMINAL_OR_HONOR,
    FuReason.CLOSED_TRIPLET_SIMPLE,
    FuReason.CLOSED_TRIPLET_TERMINAL_OR_HONOR,
    FuReason.OPEN_KAN_SIMPLE,
    FuReason.OPEN_KAN_TERMINAL_OR_HONOR,
    FuReason.CLOSED_KAN_SIMPLE,
    FuReason.CLOSED_KAN_TERMINAL_OR_HONOR,
)


def set_fu(*, kan: bool, closed: bool, terminal_or_honor: bool) -> tuple[FuReason, int]:
    """The fu of a triplet or kong (seed 004, 6.3 table; seed 000, "Minipoint contributions")."""
    index = 4 * kan + 2 * closed + terminal_or_honor
    return _SET_REASON[index], _SET_FU[index]


def round_fu(fu: int) -> int:
    """Round fu up to the next 10 (seed 004, 6.1); 25 (chiitoitsu) is never passed here."""
    return -(-fu // 10) * 10

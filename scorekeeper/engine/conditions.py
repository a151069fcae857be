"""The win conditions a hand's input states besides its tiles: riichi, ippatsu, haitei... (one list, issue 11).

Their names are the JSON input's flags (docs/engine.md), the CLI's options and the Tiles page's ticks; every
place that lists them takes them from here, in this order (the order the engine's JSON and the GUI offer them).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["CONDITION_NAMES", "CONDITION_WIN_KIND", "WinCondition", "WinKind"]


class WinKind(enum.StrEnum):
    """How a hand is won: off another player's discard or by drawing the winning tile oneself."""

    RON = "ron"
    TSUMO = "tsumo"


class WinCondition(enum.StrEnum):
    """A situational condition of a win; persisted (in hand inputs) by value."""

    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    IPPATSU = "ippatsu"
    HAITEI = "haitei"  # won on the last tile of the wall, by tsumo (seed 000, "Yaku")
    HOUTEI = "houtei"  # won on the last discard, by ron
    RINSHAN = "rinshan"  # won on a kan's replacement tile, by tsumo
    CHANKAN = "chankan"  # robbing a kan, by ron
    TENHOU = "tenhou"  # the dealer's first draw, by tsumo
    CHIIHOU = "chiihou"  # a non-dealer's first draw, by tsumo
    RENHOU = "renhou"  # a non-dealer's win on a discard before their first draw, by ron

    @property
    def tsumo_only(self) -> bool:
        """Whether the condition exists only on a self-drawn win."""
        return CONDITION_WIN_KIND.get(self) is WinKind.TSUMO

    @property
    def ron_only(self) -> bool:
        """Whether the condition exists only on a win off a discard."""
        return CONDITION_WIN_KIND.get(self) is WinKind.RON


#: The one kind of win each situational condition exists on (seed 000, "Yaku"; EMA 2016): haitei, rinshan, tenhou
#: and chiihou are self-draws, houtei, chankan and renhou wins on a discard. Riichi, double riichi and ippatsu go
#: with either and are not listed. ``Hand`` refuses a condition on the other kind (``InvalidContextError``).
CONDITION_WIN_KIND: Mapping[WinCondition, WinKind] = MappingProxyType(
    {
        WinCondition.HAITEI: WinKind.TSUMO,
        WinCondition.RINSHAN: WinKind.TSUMO,
        WinCondition.TENHOU: WinKind.TSUMO,
        WinCondition.CHIIHOU: WinKind.TSUMO,
        WinCondition.HOUTEI: WinKind.RON,
        WinCondition.CHANKAN: WinKind.RON,
        WinCondition.RENHOU: WinKind.RON,
    }
)

#: The conditions' names as plain strings, in order (dict keys and JSON flags: a ``StrEnum`` member hashes by its
#: member name, so sets and dicts of names use these).
CONDITION_NAMES: tuple[str, ...] = tuple(condition.value for condition in WinCondition)

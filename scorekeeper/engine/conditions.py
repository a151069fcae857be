"""The win conditions a hand's input states besides its tiles: riichi, ippatsu, haitei... (one list, issue 11).

Their names are the JSON input's flags (docs/engine.md), the CLI's options and the Tiles page's ticks; every
place that lists them takes them from here, in this order (the order the engine's JSON and the GUI offer them).
"""

from __future__ import annotations

import enum

__all__ = ["CONDITION_NAMES", "WinCondition"]


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
        return self in _TSUMO_ONLY

    @property
    def ron_only(self) -> bool:
        """Whether the condition exists only on a win off a discard."""
        return self in _RON_ONLY


_TSUMO_ONLY = frozenset({WinCondition.HAITEI, WinCondition.RINSHAN, WinCondition.TENHOU, WinCondition.CHIIHOU})
_RON_ONLY = frozenset({WinCondition.HOUTEI, WinCondition.CHANKAN, WinCondition.RENHOU})

#: The conditions' names as plain strings, in order (dict keys and JSON flags: a ``StrEnum`` member hashes by its
#: member name, so sets and dicts of names use these).
CONDITION_NAMES: tuple[str, ...] = tuple(condition.value for condition in WinCondition)

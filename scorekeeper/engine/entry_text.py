"""The hand-entry notation the Tiles pages read and write: ``123m406p789s1z 1z 789s+chi 5555z+ankan 1f5f``.

The concealed tiles first (sorted), then the winning tile on its own, then each meld as its tiles, ``+`` and its
kind (``chi``, ``pon``, ``minkan``, ``ankan``, ``shouminkan``), then the classical family's extra tiles (``1f``..
``8f``, seed 003; only where ``extras=True``). When the tiles make a full hand (14, a kong counting as three), the
last concealed tile written is the winning tile: the formatter always writes it last, so ``parse`` and ``format``
round-trip (``tests/engine/test_entry_text.py``). The notation is ours, built on mpsz (STYLE 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine.hand import Meld
from scorekeeper.engine.tiles import Tile, format_tiles, parse_tiles

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    # The classical family is imported only where extra tiles are read or written: `scorekeeper score` starts
    # without it (issue 15).
    from scorekeeper.engine.classical.extras import ExtraTile

__all__ = ["HAND_SIZE", "EntryText", "format_entry_text", "parse_entry_text"]

#: Tiles in a winning hand, each kong counted as three (seed 000, "Hand").
HAND_SIZE = 14


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryText:
    """What the notation holds.

    Attributes:
        concealed: the concealed tiles, without the winning tile.
        win: the winning tile, once the hand is full.
        melds: the called and declared sets, in the order given.
        extras: the classical family's seasons and plants.
    """

    concealed: tuple[Tile, ...] = ()
    win: Tile | None = None
    melds: tuple[Meld, ...] = ()
    extras: tuple[ExtraTile, ...] = ()


def _sort_key(tile: Tile) -> tuple[int, bool]:
    return (int(tile.kind), tile.red)


def format_entry_text(entry: EntryText) -> str:
    """The notation: the concealed tiles sorted, the winning tile after a space, the melds, the extra tiles."""
    parts = [format_tiles(sorted(entry.concealed, key=_sort_key))] if entry.concealed else []
    if entry.win is not None:
        parts.append(str(entry.win))
    parts.extend(f"{format_tiles(m.tiles)}+{m.kind.value}" for m in entry.melds)
    if entry.extras:
        from scorekeeper.engine.classical.extras import format_extras

        parts.append(format_extras(sorted(entry.extras, key=lambda e: e.digit)))
    return " ".join(parts)


def parse_entry_text(text: str, *, extras: bool = False) -> EntryText:
    """Read the notation: concealed tiles, the winning tile (the last one, when the hand is full), melds, extras.

    Args:
        text: the notation.
        extras: read ``1f``..``8f`` as extra tiles (the classical family); otherwise they are bad tile notation.

    Raises:
        TileParseError: for bad tile or extra-tile notation.
        InvalidHandError: for an unknown meld type or a malformed meld.
    """
    concealed: list[Tile] = []
    melds: list[Meld] = []
    extra_tiles: list[ExtraTile] = []
    for token in text.split():
        if "+" in token:
            tiles, _, kind = token.partition("+")
            melds.append(Meld.parse(kind.strip().lower(), tiles))
        elif extras and token.endswith("f"):
            from scorekeeper.engine.classical.extras import parse_extras

            extra_tiles.extend(parse_extras(token))
        else:
            concealed.extend(parse_tiles(token))
    win: Tile | None = None
    if concealed and len(concealed) + 3 * len(melds) == HAND_SIZE:
        win = concealed.pop()
    return EntryText(concealed=tuple(concealed), win=win, melds=tuple(melds), extras=tuple(extra_tiles))

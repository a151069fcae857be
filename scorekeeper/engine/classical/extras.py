"""The extra tiles of the classical family: four seasons and four plants (seed 003, "If extra tiles are used").

Notation (ours; the seed gives none): digits ``1``-``8`` followed by ``f``. ``1f``..``4f`` are the seasons
(spring, summer, autumn, winter) and ``5f``..``8f`` the plants (plum, orchid, chrysanthemum, bamboo). On the
physical tiles each group is numbered 1 to 4, and number ``n`` belongs to the ``n``-th seat and round wind
(1 = East, 2 = South, 3 = West, 4 = North): this is what makes a "seat season or plant" and a "round season or
plant" (seed 003, points and doubles (21), (22)). ``15f`` is spring and plum; ``parse_extras`` and
``format_extras`` round-trip.

The extra tiles are a kind of their own (:class:`ExtraTile`), never a :class:`~scorekeeper.engine.tiles.TileKind`:
they are not part of any set, so the shared decomposition never sees them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import TileParseError, quote

__all__ = ["ExtraGroup", "ExtraTile", "format_extras", "parse_extras"]

_WINDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


class ExtraGroup(enum.StrEnum):
    """The two groups of extra tiles."""

    SEASON = "season"
    PLANT = "plant"


class ExtraTile(enum.StrEnum):
    """One of the eight extra tiles, persisted by its notation."""

    SPRING = "1f"
    SUMMER = "2f"
    AUTUMN = "3f"
    WINTER = "4f"
    PLUM = "5f"
    ORCHID = "6f"
    CHRYSANTHEMUM = "7f"
    BAMBOO = "8f"

    @property
    def digit(self) -> int:
        """The notation digit, 1..8."""
        return int(self.value[0])

    @property
    def group(self) -> ExtraGroup:
        """Season (1f..4f) or plant (5f..8f)."""
        return ExtraGroup.SEASON if self.digit <= 4 else ExtraGroup.PLANT

    @property
    def number(self) -> int:
        """The number printed on the tile within its group, 1..4."""
        return (self.digit - 1) % 4 + 1

    @property
    def wind(self) -> Wind:
        """The seat or round wind this tile belongs to (1 = East ... 4 = North)."""
        return _WINDS[self.number - 1]

    def __repr__(self) -> str:
        return f"ExtraTile({self.value!r})"


def parse_extras(text: str) -> tuple[ExtraTile, ...]:
    """Read extra tiles such as ``15f`` or ``1f 5f`` (spaces ignored), in the order written.

    Raises:
        TileParseError: naming the bad character and its position (an unknown character, a digit that is not
            1..8, digits without the ``f`` after them, an ``f`` with no digits before it).
    """
    tiles: list[ExtraTile] = []
    pending: list[int] = []
    for position, char in enumerate(text):
        if char.isascii() and char.isdigit():
            if char not in "12345678":
                raise TileParseError(
                    f"no such extra tile {char}f (position {position} in {quote(text)}): extra tiles are 1f..8f",
                    text=text,
                    position=position,
                )
            pending.append(position)
        elif char == "f":
            if not pending:
                raise TileParseError(
                    f"'f' at position {position} has no digits before it in {quote(text)}", text=text, position=position
                )
            tiles.extend(ExtraTile(f"{text[p]}f") for p in pending)
            pending.clear()
        elif not char.isspace():
            raise TileParseError(
                f"unexpected character {quote(char)} at position {position} in {quote(text)}; "
                "extra tiles are digits 1-8 followed by f (1f-4f seasons, 5f-8f plants)",
                text=text,
                position=position,
            )
    if pending:
        raise TileParseError(
            f"digits at the end of {quote(text)} have no 'f' after them", text=text, position=pending[0]
        )
    return tuple(tiles)


def format_extras(tiles: Iterable[ExtraTile]) -> str:
    """Write extra tiles as digits followed by one ``f`` (``""`` for none), in the given order."""
    digits = "".join(str(tile.digit) for tile in tiles)
    return f"{digits}f" if digits else ""

"""Tiles and their mpsz notation.

Notation: digits followed by a suit letter, ``m`` (manzu, characters), ``p`` (pinzu, circles), ``s`` (souzu,
bamboo), ``z`` (honours: ``1z``..``7z`` are East, South, West, North, white, green and red dragon). ``0`` is a
red five in a number suit. ``123m406p789s1122z`` reads as 1-2-3 manzu, 4 pinzu, red 5 pinzu, 6 pinzu, ...
Every parser has its formatter and they round-trip: ``parse_tiles(format_tiles(t)) == t``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.errors import ErrorCode, InvalidHandError, TileParseError, quote

__all__ = [
    "DRAGONS",
    "HONORS",
    "TERMINALS",
    "WINDS",
    "Suit",
    "Tile",
    "TileKind",
    "Wind",
    "format_kinds",
    "format_tiles",
    "parse_kinds",
    "parse_tiles",
]


class Suit(enum.StrEnum):
    """A suit, by its mpsz letter."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOR = "z"


_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOR)


class TileKind(enum.IntEnum):
    """The 34 kinds of tile in mpsz order: 1m..9m, 1p..9p, 1s..9s, East, South, West, North, white, green, red.

    An ``IntEnum`` so that a kind indexes a 34-slot count array directly; the public API still takes kinds,
    never bare ints.
    """

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33

    @property
    def suit(self) -> Suit:
        """The suit of this kind."""
        return _SUITS[self // 9]

    @property
    def number(self) -> int:
        """The number within the suit: 1..9 for number tiles, 1..7 for honours (mpsz ``z`` digits)."""
        return self % 9 + 1

    @property
    def is_honor(self) -> bool:
        """Whether this is a wind or a dragon."""
        return self >= 27

    @property
    def is_terminal(self) -> bool:
        """Whether this is a 1 or a 9 of a number suit."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        """Whether this is a terminal or an honour (a yaochuu tile)."""
        return self >= 27 or self % 9 in (0, 8)

    @property
    def is_simple(self) -> bool:
        """Whether this is a 2..8 of a number suit."""
        return self < 27 and self % 9 not in (0, 8)

    @property
    def is_wind(self) -> bool:
        """Whether this is East, South, West or North."""
        return 27 <= self <= 30

    @property
    def is_dragon(self) -> bool:
        """Whether this is a white, green or red dragon."""
        return self >= 31

    def dora_from_indicator(self) -> TileKind:
        """The dora that this kind indicates: the next in its suit, cyclically (9->1, N->E, red->white)."""
        if self < 27:
            return TileKind(self // 9 * 9 + (self % 9 + 1) % 9)
        if self <= 30:
            return TileKind(27 + (self - 27 + 1) % 4)
        return TileKind(31 + (self - 31 + 1) % 3)

    def __str__(self) -> str:
        return _KIND_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> TileKind:
        """Read one kind such as ``5p`` or ``7z`` (a red ``0p`` reads as 5p).

        Raises:
            TileParseError: if ``text`` is not exactly one tile.
        """
        return Tile.parse(text).kind


class Wind(enum.StrEnum):
    """A wind as a seat wind or a round wind; persisted by its letter."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def kind(self) -> TileKind:
        """The tile kind of this wind."""
        return _WIND_KINDS[self]

    def next(self) -> Wind:
        """The following wind in turn order (East -> South -> West -> North -> East)."""
        order = _WIND_ORDER
        return order[(order.index(self) + 1) % 4]


WINDS = (TileKind.EAST, TileKind.SOUTH, TileKind.WEST, TileKind.NORTH)
DRAGONS = (TileKind.WHITE, TileKind.GREEN, TileKind.RED)
HONORS = WINDS + DRAGONS
_WIND_ORDER = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
_WIND_KINDS = dict(zip(_WIND_ORDER, WINDS, strict=True))
TERMINALS = tuple(k for k in TileKind if k.is_terminal)


_FIVES = frozenset({TileKind.M5, TileKind.P5, TileKind.S5})  # the kinds a red five can be


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile: its kind and, for a five of a number suit, whether it is a red five (``0`` in mpsz)."""

    kind: TileKind
    red: bool = False

    def __post_init__(self) -> None:
        if self.red and self.kind not in _FIVES:
            raise InvalidHandError(
                f"only a five of a number suit can be red, not {self.kind}",
                code=ErrorCode.HAND_RED_NOT_A_FIVE,
                fields={"tile": str(self.kind)},
            )

    def __str__(self) -> str:
        if self.red:
            return _RED_TEXT[self.kind]
        return _KIND_TEXT[self.kind]

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read exactly one tile such as ``5p``, ``0p`` (red five) or ``7z``.

        Raises:
            TileParseError: if ``text`` is not exactly one tile.
        """
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise TileParseError(
                f"expected one tile, got {len(tiles)} in {quote(text)}",
                text=text,
                position=0,
                code=ErrorCode.TILE_NOT_ONE_TILE,
                fields={"count": len(tiles)},
            )
        return tiles[0]


def _make_tile_table() -> dict[tuple[str, str], Tile]:
    table: dict[tuple[str, str], Tile] = {}
    for kind in TileKind:
        table[(str(kind.number), kind.suit.value)] = Tile(kind)
    for kind in (TileKind.M5, TileKind.P5, TileKind.S5):
        table[("0", kind.suit.value)] = Tile(kind, red=True)
    return table


_TILES = _make_tile_table()
_SUIT_LETTERS = frozenset("mpsz")


_BY_SUIT: dict[str, dict[str, Tile]] = {
    letter: {digit: tile for (digit, suit), tile in _TILES.items() if suit == letter} for letter in "mpsz"
}
_NO_SUIT: dict[str, Tile] = {}  # no suit letter read yet


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read mpsz notation into tiles, in the order written. Spaces are ignored.

    Raises:
        TileParseError: naming the bad character and its position: an unknown character, digits with no suit
            letter after them, a suit letter with no digits before it, ``0z``, ``8z`` or ``9z``.
    """
    # Fast path for well-formed text (the scorer reads thousands of hands a second); anything unusual, spaces
    # included, goes to the careful reader below, which finds and names the problem. The text is read backwards, so
    # that each suit letter comes before its digits: a letter picks the suit's table, a digit is one lookup in it
    # (no digits held back until their letter), and the tiles are put back in the order written at the end.
    tiles: list[Tile] = []
    append = tiles.append
    table = _NO_SUIT
    read = -1  # the number of tiles read when the current suit letter was met: each letter needs digits before it
    for char in reversed(text):
        tile = table.get(char)
        if tile is not None:
            append(tile)
            continue
        table = _BY_SUIT.get(char, _NO_SUIT)
        if table is _NO_SUIT or len(tiles) == read:
            return _parse_tiles_carefully(text)
        read = len(tiles)
    if len(tiles) == read:
        return _parse_tiles_carefully(text)
    tiles.reverse()
    return tuple(tiles)


def _parse_tiles_carefully(text: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    pending: list[int] = []
    for position, char in enumerate(text):
        if char.isdigit() and char.isascii():
            pending.append(position)
        elif char in _SUIT_LETTERS:
            if not pending:
                raise TileParseError(
                    f"suit letter {quote(char)} at position {position} has no digits before it in {quote(text)}",
                    text=text,
                    position=position,
                )
            for digit_position in pending:
                digit = text[digit_position]
                tile = _TILES.get((digit, char))
                if tile is None:
                    reason = "a red five (0) exists only in m, p and s" if digit == "0" else "honours are 1z..7z"
                    raise TileParseError(
                        f"no such tile {digit}{char} (position {digit_position} in {quote(text)}): {reason}",
                        text=text,
                        position=digit_position,
                    )
                tiles.append(tile)
            pending.clear()
        elif char.isspace():
            continue
        else:
            raise TileParseError(
                f"unexpected character {quote(char)} at position {position} in {quote(text)}; "
                "tiles are digits followed by m, p, s or z",
                text=text,
                position=position,
            )
    if pending:
        raise TileParseError(
            f"digits at the end of {quote(text)} have no suit letter (m, p, s or z) after them",
            text=text,
            position=pending[0],
        )
    return tuple(tiles)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in mpsz notation, in the given order, one suit letter per run of the same suit."""
    out: list[str] = []
    current = ""
    for tile in tiles:
        kind = tile.kind
        suit = _SUIT_LETTER[kind]
        if suit != current and current:
            out.append(current)
        out.append("0" if tile.red else _DIGIT[kind])
        current = suit
    if current:
        out.append(current)
    return "".join(out)


# Per-kind tables for the formatter (error messages quote hands, and the scorer refuses thousands a second).
_SUIT_LETTER = tuple("mpsz"[kind // 9] for kind in range(34))
_DIGIT = tuple(str(kind % 9 + 1) for kind in range(34))
_KIND_TEXT = tuple(digit + letter for digit, letter in zip(_DIGIT, _SUIT_LETTER, strict=True))
_RED_TEXT = tuple("0" + letter for letter in _SUIT_LETTER)  # read only for the fives


def parse_kinds(text: str) -> tuple[TileKind, ...]:
    """Read mpsz notation into kinds (a red five reads as its kind).

    Raises:
        TileParseError: as :func:`parse_tiles`.
    """
    return tuple(tile.kind for tile in parse_tiles(text))


def format_kinds(kinds: Iterable[TileKind]) -> str:
    """Write kinds in mpsz notation, in the given order."""
    return format_tiles(Tile(kind) for kind in kinds)

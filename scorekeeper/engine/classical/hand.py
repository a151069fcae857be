"""A classical winning hand: tiles, melds, extra tiles, seat and round wind, and the family's win conditions.

The tiles, melds and their checks are the riichi engine's own (``scorekeeper.engine.tiles``, ``.hand``): the two
families share them. What differs is here: the extra tiles, the win conditions of seed 003 (self-drawing, the
last tile of the wall, the replacement tile "from the far end of the wall", robbing the kong, the heavenly hand,
one chance, the last tile of a kind) and their contradictions. There are no red fives, riichi or dora.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.engine.classical.extras import ExtraTile, format_extras
from scorekeeper.engine.hand import Meld, MeldKind, validate_tiles
from scorekeeper.engine.tiles import Tile, Wind, format_tiles
from scorekeeper.errors import ErrorCode, InvalidContextError, InvalidHandError, quote

__all__ = ["CLASSICAL_CONDITION_NAMES", "ClassicalHand", "validate_classical_hand"]

#: The family's win conditions besides self-drawing (seed 003 a(14)-a(19), e(1)), in the order the JSON input, the
#: hand draft and the Tiles page's ticks list them: the boolean fields of :class:`ClassicalHand` and the JSON flags.
#: Every place that lists them takes them from here (one list, issue 11).
CLASSICAL_CONDITION_NAMES: tuple[str, ...] = (
    "last_tile_of_wall",
    "replacement_tile",
    "robbing_the_kong",
    "heavenly_hand",
    "one_chance",
    "last_tile_of_kind",
)

#: How many repeated extra tiles a message names.
_REPEATS_SHOWN = 3


def _tile_problems(
    concealed: tuple[Tile, ...], melds: tuple[Meld, ...], win: Tile | None, extras: tuple[ExtraTile, ...]
) -> list[InvalidHandError]:
    problems: list[InvalidHandError] = []
    reds = [t for t in (*concealed, *(t for m in melds for t in m.tiles)) if t.red]
    if win is not None and win.red:
        reds.append(win)
    if reds:
        problems.append(
            InvalidHandError(
                f"red fives {quote(format_tiles(reds))}: the classical family has none",
                code=ErrorCode.HAND_NO_RED_FIVES,
                fields={"tiles": format_tiles(reds)},
            )
        )
    # One pass and one message naming the first few repeats: a message per repeat, each quoting the whole list,
    # made a 14 KB line take 28 s (issue 10).
    seen: set[ExtraTile] = set()
    repeated: dict[ExtraTile, None] = {}
    for tile in extras:
        if tile in seen:
            repeated[tile] = None
        seen.add(tile)
    if repeated:
        names = [t.value for t in repeated]
        shown = ", ".join(names[:_REPEATS_SHOWN]) + (
            f" and {len(names) - _REPEATS_SHOWN} more" if len(names) > _REPEATS_SHOWN else ""
        )
        problems.append(
            InvalidHandError(
                f"extra tile {shown} twice or more among {len(extras):,} extra tiles "
                f"{quote(format_extras(extras[:16]))}{'...' if len(extras) > 16 else ''}: each is unique",
                code=ErrorCode.EXTRA_TILE_REPEATED,
                fields={"extras": shown},
            )
        )
    if win is None:
        # Seed 003, A.2 e(5): "The player who has all eight extra tiles completes his game at once."
        if len(seen) != 8 or concealed or melds:
            problems.append(
                InvalidHandError(
                    "no winning tile: only a player holding all eight extra tiles wins without one",
                    code=ErrorCode.HAND_NO_WINNING_TILE,
                )
            )
        return problems
    problems.extend(
        InvalidHandError(p.message, code=p.code, fields=p.fields) for p in validate_tiles(concealed, melds, win)
    )
    return problems


def _context_problems(melds: tuple[Meld, ...], tsumo: bool, flags: dict[str, bool]) -> list[InvalidContextError]:
    out: list[InvalidContextError] = []

    def add(message: str, code: ErrorCode, **fields: object) -> None:
        out.append(InvalidContextError(message, code=code, fields=fields))

    if flags.get("robbing_the_kong") and tsumo:
        add(
            "robbing the kong with self-drawing: the robbed tile is another player's",
            ErrorCode.CLASSICAL_ROBBING_SELF_DRAWN,
        )
    if flags.get("last_tile_of_wall") and not tsumo:
        add(
            "the last tile of the wall without self-drawing: it is drawn, not taken from a discard",
            ErrorCode.CLASSICAL_NEEDS_SELF_DRAW,
            condition="last_tile_of_wall",
        )
    if flags.get("replacement_tile") and not tsumo:
        add(
            "a replacement tile without self-drawing: it is drawn from the far end of the wall",
            ErrorCode.CLASSICAL_NEEDS_SELF_DRAW,
            condition="replacement_tile",
        )
    if flags.get("replacement_tile") and not any(m.kind.is_kan for m in melds):
        add(
            "a replacement tile with no quartet: it is drawn only after declaring a kong",
            ErrorCode.CLASSICAL_REPLACEMENT_WITHOUT_KONG,
        )
    if flags.get("replacement_tile") and flags.get("last_tile_of_wall"):
        add(
            "the last tile of the wall together with a replacement tile: a win is drawn from one place",
            ErrorCode.CLASSICAL_LAST_TILE_AND_REPLACEMENT,
        )
    if flags.get("heavenly_hand"):
        if not tsumo:
            add(
                "a heavenly hand without self-drawing: it is complete on the first fourteen tiles",
                ErrorCode.CLASSICAL_NEEDS_SELF_DRAW,
                condition="heavenly_hand",
            )
        if melds:
            add(
                "a heavenly hand with melds: nothing can be called before the first draw",
                ErrorCode.CLASSICAL_HEAVENLY_WITH_MELDS,
            )
        if flags.get("robbing_the_kong") or flags.get("last_tile_of_wall") or flags.get("replacement_tile"):
            add(
                "a heavenly hand with another way of drawing the winning tile",
                ErrorCode.CLASSICAL_HEAVENLY_WITH_OTHER_DRAW,
            )
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalHand:
    """A winning hand in the classical family; an invalid one cannot exist.

    Attributes:
        concealed: the concealed tiles, including the winning tile (empty only for the eight-extra-tiles win).
        melds: called or declared sets (``Meld`` of the riichi engine: chi, pon, minkan, shouminkan, ankan).
        win: the winning tile, or None for the eight-extra-tiles win (seed 003, A.2 e(5)).
        tsumo: self-drawn (seed 003 "self-drawing"), else taken from a discard.
        seat_wind: the winner's seat wind (East is the dealer).
        round_wind: the prevailing wind.
        extras: the seasons and plants held (:mod:`scorekeeper.engine.classical.extras`).
        last_tile_of_wall: drawn the last tile of the wall, a(14).
        replacement_tile: drawn the replacement tile after a kong "from the far end of the wall", a(17).
        robbing_the_kong: taken the tile another player added to make a kong, a(19).
        heavenly_hand: complete on the first fourteen tiles, e(1).
        one_chance: the table agrees only one type of tile could complete the hand, a(15), even though the tiles
            alone wait on more (the other waits all visible). The engine finds a single wait by itself.
        last_tile_of_kind: the winning tile is the last of its kind, the others exposed or discarded, a(16).

    Raises:
        InvalidHandError: a fifth copy, a wrong count, a malformed meld, the winning tile not in the hand,
            a red five, an extra tile twice.
        InvalidContextError: contradictory conditions (robbing the kong with self-drawing, ...).
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win: Tile | None
    tsumo: bool = False
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    extras: tuple[ExtraTile, ...] = ()
    last_tile_of_wall: bool = False
    replacement_tile: bool = False
    robbing_the_kong: bool = False
    heavenly_hand: bool = False
    one_chance: bool = False
    last_tile_of_kind: bool = False
    counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(self.concealed))
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "extras", tuple(self.extras))
        problems = validate_classical_hand(
            self.concealed,
            self.melds,
            self.win,
            tsumo=self.tsumo,
            extras=self.extras,
            **{name: getattr(self, name) for name in CLASSICAL_CONDITION_NAMES},
        )
        if problems:
            raise problems[0]
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile.kind] += 1
        object.__setattr__(self, "counts", tuple(counts))

    @property
    def is_concealed(self) -> bool:
        """No chi, pong or exposed kong (a concealed kong keeps the hand concealed, seed 003 a(10))."""
        return all(m.kind is MeldKind.ANKAN for m in self.melds)

    def all_kind_counts(self) -> tuple[int, ...]:
        """The 34 counts of every tile in the hand, melds included."""
        counts = list(self.counts)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
        return tuple(counts)


def validate_classical_hand(
    concealed: Iterable[Tile],
    melds: Iterable[Meld],
    win: Tile | None,
    *,
    tsumo: bool = False,
    extras: Iterable[ExtraTile] = (),
    **conditions: bool,
) -> list[InvalidHandError | InvalidContextError]:
    """Every problem with a (possibly half-built) hand, without raising: for live feedback in the tile picker.

    ``conditions`` are the boolean fields of :class:`ClassicalHand` (``robbing_the_kong=True``...).

    Raises:
        InvalidContextError: for an unknown condition name.
    """
    unknown = set(conditions) - set(CLASSICAL_CONDITION_NAMES)
    if unknown:
        raise InvalidContextError(
            f"unknown classical condition(s) {quote(sorted(unknown))}",
            code=ErrorCode.CONDITION_UNKNOWN,
            fields={"conditions": ", ".join(sorted(unknown))},
        )
    melds = tuple(melds)
    problems: list[InvalidHandError | InvalidContextError] = []
    problems.extend(_tile_problems(tuple(concealed), melds, win, tuple(extras)))
    problems.extend(_context_problems(melds, tsumo, conditions))
    return problems

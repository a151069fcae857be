"""A winning hand as the table shows it: concealed tiles, called melds, the winning tile and the win conditions.

A :class:`Hand` is validated when it is made, so that an invalid hand cannot exist: a fifth copy, a wrong tile
count, a malformed meld or a winning tile that is not in the hand raise :class:`InvalidHandError`; conditions
that contradict each other or the hand (riichi with an open hand, chankan with tsumo, tenhou for a non-dealer...)
raise :class:`InvalidContextError`. For live feedback while tiles are being tapped in, :func:`validate_tiles`
and :func:`validate_hand` return the problems instead of raising.

The conditions follow the EMA rules (seed 004) and the riichi book (seed 000): ippatsu needs riichi and is ended
by any call, a concealed kong included (EMA 2016, "Ippatsu"); haitei is a self-draw of the last tile and houtei
a win on the last discard, so neither goes with the replacement tile of a kong or with robbing a kong; chankan
is a win on a discard-like tile, never a self-draw; tenhou is the dealer's self-draw on the first draw, chiihou
a non-dealer's, renhou a non-dealer's win on a discard before their first draw, all with no call made.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.decomposition import RUN
from scorekeeper.engine.tiles import Tile, TileKind, Wind, format_tiles, parse_tiles
from scorekeeper.errors import ErrorCode, InvalidContextError, InvalidHandError, ScorekeeperError, quote

__all__ = [
    "Hand",
    "HandProblem",
    "Meld",
    "MeldKind",
    "validate_hand",
    "validate_tiles",
]


class MeldKind(enum.StrEnum):
    """A called or declared set; persisted by value."""

    CHI = "chi"  # a run called from the player on the left
    PON = "pon"  # a triplet called from a discard
    MINKAN = "minkan"  # an open kong called from a discard
    SHOUMINKAN = "shouminkan"  # a pon upgraded to a kong with a self-drawn fourth tile (open)
    ANKAN = "ankan"  # a concealed kong of four self-drawn tiles

    @property
    def is_kan(self) -> bool:
        """Whether this meld is a kong (four tiles)."""
        return self in (MeldKind.MINKAN, MeldKind.SHOUMINKAN, MeldKind.ANKAN)

    @property
    def is_open(self) -> bool:
        """Whether this meld opens the hand (every meld except a concealed kong)."""
        return self is not MeldKind.ANKAN


def _meld_problem(kind: MeldKind, tiles: Sequence[Tile]) -> InvalidHandError | None:
    size = 4 if kind in _KAN_KINDS else 3
    if len(tiles) != size:
        return InvalidHandError(
            f"malformed meld {kind} {quote(format_tiles(tiles))}: a {kind} has {size} tiles, not {len(tiles)}",
            code=ErrorCode.MELD_WRONG_SIZE,
            fields={"meld": kind.value, "tiles": format_tiles(tiles), "size": size, "count": len(tiles)},
        )
    kinds = sorted([tile.kind for tile in tiles])
    if kind is MeldKind.CHI:
        first = kinds[0]
        if first >= 27 or first % 9 > 6 or kinds != [first, first + 1, first + 2]:
            return InvalidHandError(
                f"malformed meld chi {quote(format_tiles(tiles))}: a chi is three consecutive tiles of one number suit",
                code=ErrorCode.CHI_NOT_A_RUN,
                fields={"tiles": format_tiles(tiles)},
            )
    elif kinds[0] != kinds[-1]:
        return InvalidHandError(
            f"malformed meld {kind} {quote(format_tiles(tiles))}: a {kind} is {size} tiles of one kind",
            code=ErrorCode.MELD_NOT_ONE_KIND,
            fields={"meld": kind.value, "tiles": format_tiles(tiles), "size": size},
        )
    return None


_KAN_KINDS = frozenset({MeldKind.MINKAN, MeldKind.SHOUMINKAN, MeldKind.ANKAN})
_MELD_KINDS = {kind.value: kind for kind in MeldKind}


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set, red fives allowed inside.

    Attributes:
        kind: chi, pon, minkan, shouminkan or ankan.
        tiles: its tiles, lowest first (3, or 4 for a kong).
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    #: The meld's shape as ints, worked out once here for the scorer (engine-private): its set code (the kind of
    #: a triplet or kong, ``RUN + first kind`` for a chi; see :mod:`scorekeeper.engine.decomposition`), whether it
    #: opens the hand, whether it is a kong, whether a concealed one, an index ``4*kan + 2*concealed +
    #: terminal_or_honour`` (8 for a chi) into a table of set fu, and the bits of the kinds it holds.
    _shape: tuple[int, int, int, int, int, int] = field(init=False, repr=False, compare=False)
    #: How many of its tiles are red fives (engine-private, for the Hand's count).
    _red: int = field(init=False, repr=False, compare=False)
    #: Its text (``str``), written once: refusals quote hands with their melds by the thousand (engine-private).
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = _meld_problem(self.kind, self.tiles)
        if problem is not None:
            raise problem
        tiles = self.tiles
        keys = [(tile.kind, tile.red) for tile in tiles]
        if keys != sorted(keys):
            tiles = tuple(sorted(tiles, key=lambda t: (t.kind, t.red)))
            object.__setattr__(self, "tiles", tiles)
        first = int(tiles[0].kind)
        if self.kind is MeldKind.CHI:
            shape = (RUN + first, 1, 0, 0, 8, 7 << first)
        else:
            kan = int(self.kind in _KAN_KINDS)
            concealed = int(self.kind is MeldKind.ANKAN)
            outside = int(first >= 27 or first % 9 in (0, 8))
            shape = (first, 1 - concealed, kan, kan & concealed, 4 * kan + 2 * concealed + outside, 1 << first)
        object.__setattr__(self, "_shape", shape)
        object.__setattr__(self, "_red", sum(tile.red for tile in tiles))
        object.__setattr__(self, "_text", f"{format_tiles(tiles)}+{self.kind}")

    @classmethod
    def parse(cls, kind: MeldKind | str, text: str) -> Meld:
        """A meld from its kind and its tiles in mpsz, e.g. ``Meld.parse("chi", "406m")``.

        Raises:
            InvalidHandError: for an unknown kind or a malformed meld.
            TileParseError: for bad notation.
        """
        meld_kind = _MELD_KINDS.get(kind) if isinstance(kind, str) else None
        if meld_kind is None:
            known = ", ".join(m.value for m in MeldKind)
            raise InvalidHandError(
                f"unknown meld type {quote(kind)}; meld types are {known}",
                code=ErrorCode.MELD_UNKNOWN_TYPE,
                fields={"meld": str(kind)},
            )
        if cls is not Meld:
            return cls(meld_kind, parse_tiles(text))
        # Melds are immutable and few ("123m" chi, "555z" pon...), so parsed ones are shared; errors are not cached.
        key = (meld_kind, text)
        meld = _PARSED_MELDS.get(key)
        if meld is None:
            meld = cls(meld_kind, parse_tiles(text))
            if len(_PARSED_MELDS) < 4096:
                _PARSED_MELDS[key] = meld
        return meld

    @property
    def first(self) -> TileKind:
        """The lowest kind in the meld."""
        return self.tiles[0].kind

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Meld.parse({self.kind.value!r}, {format_tiles(self.tiles)!r})"


_PARSED_MELDS: dict[tuple[MeldKind, str], Meld] = {}


@dataclass(frozen=True, slots=True)
class HandProblem:
    """One reason a hand cannot be scored, for live feedback.

    Attributes:
        message: what is wrong, quoting the input and naming the rule.
        error: the exception class :class:`Hand` raises for it.
        code: what is wrong by a stable name (the ``code`` of the error raised for it).
        fields: the values the message names (the error's ``fields``).
    """

    message: str
    error: type[ScorekeeperError]
    code: ErrorCode | None = None
    fields: Mapping[str, object] = field(default_factory=dict, compare=False)


def _tile_problems(concealed: Sequence[Tile], melds: Sequence[Meld], win: Tile | None) -> list[HandProblem]:
    problems: list[HandProblem] = []
    counts = [0] * 34
    for tile in concealed:
        counts[tile.kind] += 1
    for meld in melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    for kind in TileKind:
        if counts[kind] > 4:
            problems.append(
                HandProblem(
                    f"{_copies(counts[kind])} copies of {kind}: a set has four",
                    InvalidHandError,
                    ErrorCode.HAND_FIFTH_COPY,
                    {"tile": str(kind), "copies": counts[kind]},
                )
            )
    if len(melds) > 4:
        problems.append(
            HandProblem(
                f"{len(melds)} melds: a hand has at most four",
                InvalidHandError,
                ErrorCode.HAND_TOO_MANY_MELDS,
                {"melds": len(melds)},
            )
        )
    expected = 14 - 3 * len(melds)
    if len(concealed) != expected:
        kans = sum(1 for m in melds if m.kind.is_kan)
        problems.append(
            HandProblem(
                f"wrong tile count: {len(concealed)} concealed tiles {quote(format_tiles(concealed))} with "
                f"{len(melds)} meld(s) ({kans} kan); a winning hand has {expected} concealed tiles "
                "including the winning tile",
                InvalidHandError,
                ErrorCode.HAND_WRONG_TILE_COUNT,
                {"count": len(concealed), "melds": len(melds), "kans": kans, "expected": expected},
            )
        )
    if win is not None and win not in concealed:
        fields = {"win": str(win), "tiles": format_tiles(concealed)}
        if any(tile.kind == win.kind for tile in concealed):
            other = "red" if not win.red else "ordinary"
            problems.append(
                HandProblem(
                    f"the winning tile {win} is not in the hand {quote(format_tiles(concealed))} "
                    f"(only the {other} five is)",
                    InvalidHandError,
                    ErrorCode.HAND_WIN_OTHER_FIVE,
                    fields,
                )
            )
        else:
            problems.append(
                HandProblem(
                    f"the winning tile {win} is not in the hand {quote(format_tiles(concealed))}",
                    InvalidHandError,
                    ErrorCode.HAND_WIN_NOT_IN_HAND,
                    fields,
                )
            )
    return problems


def _copies(n: int) -> str:
    return {5: "five", 6: "six", 7: "seven", 8: "eight"}.get(n, str(n))


def validate_tiles(concealed: Iterable[Tile], melds: Iterable[Meld] = (), win: Tile | None = None) -> list[HandProblem]:
    """The problems with a hand's tiles alone (copies, count, winning tile), without raising.

    For the tile picker: it greys out a fifth copy and says why "Score" is not available yet.
    """
    return _tile_problems(tuple(concealed), tuple(melds), win)


def _context_problems(  # noqa: PLR0917
    melds: Sequence[Meld],
    win: Tile,
    tsumo: bool,
    seat_wind: Wind,
    flags: dict[str, bool],
    counts_of_win: int,
    dora: Sequence[Tile],
    ura: Sequence[Tile],
) -> list[HandProblem]:
    out: list[HandProblem] = []

    def add(message: str, code: ErrorCode, **fields: object) -> None:
        out.append(HandProblem(message, InvalidContextError, code, fields))

    is_open = any(m.kind.is_open for m in melds)
    riichi = flags["riichi"] or flags["double_riichi"]
    dealer = seat_wind is Wind.EAST
    has_kan = any(m.kind.is_kan for m in melds)
    if riichi and is_open:
        add("riichi with an open hand: riichi needs a concealed hand", ErrorCode.CONDITION_RIICHI_OPEN_HAND)
    if flags["ippatsu"] and not riichi:
        add(
            "ippatsu without riichi: ippatsu is a win within one turn of declaring riichi",
            ErrorCode.CONDITION_IPPATSU_WITHOUT_RIICHI,
        )
    if flags["ippatsu"] and flags["rinshan"]:
        add(
            "ippatsu with rinshan: the kong, even a concealed one, ends ippatsu (EMA 2016)",
            ErrorCode.CONDITION_IPPATSU_WITH_RINSHAN,
        )
    if flags["chankan"] and tsumo:
        add(
            "chankan with tsumo: robbing a kong is a win on another player's tile",
            ErrorCode.CONDITION_CHANKAN_WITH_TSUMO,
        )
    if flags["chankan"] and counts_of_win > 1:
        add(
            f"chankan on {win} while the hand holds {counts_of_win} of it: the robbed kong holds the others",
            ErrorCode.CONDITION_CHANKAN_TILE_HELD,
            tile=str(win),
            copies=counts_of_win,
        )
    if flags["haitei"] and not tsumo:
        add(
            "haitei with ron: haitei is a self-draw of the last tile (a win on the last discard is houtei)",
            ErrorCode.CONDITION_HAITEI_WITH_RON,
        )
    if flags["houtei"] and tsumo:
        add(
            "houtei with tsumo: houtei is a win on the last discard (a self-draw of the last tile is haitei)",
            ErrorCode.CONDITION_HOUTEI_WITH_TSUMO,
        )
    if flags["haitei"] and flags["rinshan"]:
        add(
            "haitei together with rinshan: a kong replacement tile is never the last tile of the wall",
            ErrorCode.CONDITION_HAITEI_WITH_RINSHAN,
        )
    if flags["chankan"] and (flags["haitei"] or flags["houtei"]):
        add(
            "chankan with haitei or houtei: no kong can be declared on the last tile",
            ErrorCode.CONDITION_CHANKAN_ON_LAST_TILE,
        )
    if flags["rinshan"] and not tsumo:
        add(
            "rinshan with ron: rinshan is a self-draw of the kong replacement tile",
            ErrorCode.CONDITION_RINSHAN_WITH_RON,
        )
    if flags["rinshan"] and not has_kan:
        add(
            "rinshan without a kong: the replacement tile comes after declaring a kong",
            ErrorCode.CONDITION_RINSHAN_WITHOUT_KONG,
        )
    for name, needs_dealer, needs_tsumo in (
        ("tenhou", True, True),
        ("chiihou", False, True),
        ("renhou", False, False),
    ):
        if not flags[name]:
            continue
        if needs_dealer and not dealer:
            add(
                f"{name} for a non-dealer: {name} is the dealer's win on the first draw",
                ErrorCode.CONDITION_FIRST_TURN_NOT_DEALER,
                condition=name,
            )
        if not needs_dealer and dealer:
            add(
                f"{name} for the dealer: {name} is a non-dealer's win before their first draw",
                ErrorCode.CONDITION_FIRST_TURN_DEALER,
                condition=name,
            )
        if needs_tsumo and not tsumo:
            add(f"{name} with ron: {name} is a self-draw", ErrorCode.CONDITION_FIRST_TURN_WITH_RON, condition=name)
        if not needs_tsumo and tsumo:
            add(
                f"{name} with tsumo: {name} is a win on a discard before the first draw",
                ErrorCode.CONDITION_FIRST_TURN_WITH_TSUMO,
                condition=name,
            )
        if melds:
            add(
                f"{name} with melds: no call or kong can come before {name}",
                ErrorCode.CONDITION_FIRST_TURN_WITH_MELDS,
                condition=name,
            )
        if riichi:
            add(
                f"{name} with riichi: there is no turn to declare riichi before {name}",
                ErrorCode.CONDITION_FIRST_TURN_WITH_RIICHI,
                condition=name,
            )
        for other in ("haitei", "houtei", "rinshan", "chankan"):
            if flags[other]:
                add(
                    f"{name} with {other}: they cannot happen on the first turn",
                    ErrorCode.CONDITION_FIRST_TURN_WITH_OTHER,
                    condition=name,
                    other_condition=other,
                )
    if sum(flags[n] for n in ("tenhou", "chiihou", "renhou")) > 1:
        add(
            "more than one of tenhou, chiihou and renhou: they exclude each other",
            ErrorCode.CONDITION_FIRST_TURN_EXCLUSIVE,
        )
    if len(dora) > 5:
        add(
            f"{len(dora)} dora indicators: there are at most five (one and four kan dora)",
            ErrorCode.CONDITION_TOO_MANY_DORA,
            count=len(dora),
        )
    if len(ura) > 5:
        add(f"{len(ura)} ura dora indicators: there are at most five", ErrorCode.CONDITION_TOO_MANY_URA, count=len(ura))
    return out


_FIVES = frozenset({TileKind.M5, TileKind.P5, TileKind.S5})


_RED = operator.attrgetter("red")
_UP_TO_FOUR = frozenset(range(5))
_ANKAN = MeldKind.ANKAN  # a global: reading a member through its class costs ten times as much on 3.11


def _plain_five_held(concealed: Sequence[Tile], kind: TileKind) -> bool:
    """Whether the concealed tiles hold an ordinary (not red) five of ``kind``."""
    return any(tile.kind == kind and not tile.red for tile in concealed)


_FLAGS = CONDITION_NAMES


def validate_hand(  # noqa: PLR0917
    concealed: Iterable[Tile],
    melds: Iterable[Meld],
    win: Tile,
    tsumo: bool,
    seat_wind: Wind,
    dora: Iterable[Tile] = (),
    ura: Iterable[Tile] = (),
    **flags: bool,
) -> list[HandProblem]:
    """Every problem with a hand and its win conditions, without raising (tile problems first).

    Args:
        concealed: the concealed tiles, including the winning tile.
        melds: the called melds.
        win: the winning tile.
        tsumo: a self-draw.
        seat_wind: the winner's seat wind (East is the dealer).
        dora: the dora indicators.
        ura: the ura dora indicators.
        **flags: the win conditions by name (``riichi``, ``ippatsu``...); absent means false.

    Raises:
        InvalidContextError: for an unknown condition name.
    """
    unknown = set(flags) - set(_FLAGS)
    if unknown:
        raise InvalidContextError(
            f"unknown win conditions {quote(sorted(unknown))}",
            code=ErrorCode.CONDITION_UNKNOWN,
            fields={"conditions": ", ".join(sorted(unknown))},
        )
    all_flags = {name: bool(flags.get(name, False)) for name in _FLAGS}
    concealed_t = tuple(concealed)
    melds_t = tuple(melds)
    copies = sum(1 for t in concealed_t if t.kind == win.kind) + sum(
        1 for m in melds_t for t in m.tiles if t.kind == win.kind
    )
    return _tile_problems(concealed_t, melds_t, win) + _context_problems(
        melds_t, win, tsumo, seat_wind, all_flags, copies, tuple(dora), tuple(ura)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Hand:
    """A complete hand to score, with everything the table knows about the win.

    Attributes:
        concealed: the concealed tiles, including the winning tile (14 minus 3 per meld).
        melds: the called melds and concealed kongs.
        win: the winning tile (a red five if it was one).
        tsumo: won by self-draw (otherwise by ron).
        seat_wind: the winner's seat wind; the dealer is the player whose seat wind is East.
        round_wind: the prevailing wind.
        dora: dora indicators, kan dora indicators included (each counts, even when several show the same tile).
        ura: ura dora indicators; they count only with riichi.
        riichi: riichi was declared.
        double_riichi: riichi was declared on the first turn (it implies riichi; ``riichi`` may be set or not).
        ippatsu: won within one uninterrupted turn of riichi.
        haitei: self-draw of the last tile of the wall.
        houtei: win on the last discard.
        rinshan: self-draw of a kong's replacement tile.
        chankan: win by robbing a kong.
        tenhou: the dealer's self-draw on the first draw.
        chiihou: a non-dealer's self-draw on their first draw, no call made before.
        renhou: a non-dealer's ron before their first draw, no call made before.

    Raises:
        InvalidHandError: for tiles that cannot exist together (the first problem found).
        InvalidContextError: for conditions that contradict each other or the hand.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win: Tile
    tsumo: bool
    seat_wind: Wind
    round_wind: Wind
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    #: Counts of the concealed tiles per kind (34 slots), computed on creation.
    counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: Counts of every tile per kind, melds included, and the number of red fives among them: worked out once
    #: here, where validation needs them anyway, for the scorer (engine-private).
    _held: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _red: int = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        *,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...] = (),
        win: Tile,
        tsumo: bool,
        seat_wind: Wind,
        round_wind: Wind,
        dora: tuple[Tile, ...] = (),
        ura: tuple[Tile, ...] = (),
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
    ) -> None:
        # Written out rather than generated by dataclass; same signature and defaults as the fields above. The
        # checks and derived slots are _new_hand's (the JSON reader's path); its slots are copied here through the
        # slot descriptors.
        made = _new_hand(
            concealed,
            melds,
            win,
            tsumo,
            seat_wind,
            round_wind,
            dora,
            ura,
            riichi,
            double_riichi,
            ippatsu,
            haitei,
            houtei,
            rinshan,
            chankan,
            tenhou,
            chiihou,
            renhou,
        )
        for setter, name in zip(_SETTERS, Hand.__slots__, strict=True):
            setter(self, getattr(made, name))

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (seat wind East)."""
        return self.seat_wind is Wind.EAST

    @property
    def is_closed(self) -> bool:
        """Whether no meld opens the hand (concealed kongs keep it closed)."""
        return not any(m.kind.is_open for m in self.melds)

    @property
    def is_riichi(self) -> bool:
        """Whether riichi or double riichi was declared."""
        return self.riichi or self.double_riichi

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand: the concealed ones, then each meld's."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    def __str__(self) -> str:
        # Error messages quote the hand, and the scorer refuses hands without a yaku by the thousand: no joins.
        text = format_tiles(self.concealed)
        for meld in self.melds:
            text = f"{text} {meld}"
        return f"{text} win {self.win} {'tsumo' if self.tsumo else 'ron'}"


def _check_indicator_copies(held: Sequence[int], dora: tuple[Tile, ...], ura: tuple[Tile, ...]) -> None:
    """Refuse an indicator that would be a fifth copy: indicators are tiles of the same set as the hand.

    Each indicator is a tile of the set turned over in the dead wall, and the set holds four of each tile, so the
    hand, its melds and the indicators together hold at most four of a kind. A typo in an indicator would otherwise
    count dora silently. (Other players' tiles are not known here, so only these are counted.)

    Raises:
        InvalidHandError: naming the indicator and the count.
    """
    seen: dict[int, int] = {}
    for field_name, indicators in (("dora", dora), ("ura", ura)):
        for tile in indicators:
            kind = tile.kind
            copies = seen.get(kind, held[kind]) + 1
            if copies > 4:
                raise InvalidHandError(
                    f"five copies of {kind} counting the {field_name} indicator {tile}: a set has four (the hand "
                    f"and its melds hold {held[kind]})",
                    code=ErrorCode.HAND_INDICATOR_FIFTH_COPY,
                    fields={"tile": str(kind), "indicator": field_name, "held": held[kind]},
                )
            seen[kind] = copies


def _new_hand(  # noqa: PLR0917
    concealed: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    win: Tile,
    tsumo: bool,
    seat_wind: Wind,
    round_wind: Wind,
    dora: tuple[Tile, ...],
    ura: tuple[Tile, ...],
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    red: int | None = None,
    /,
) -> Hand:
    """``Hand(...)`` with positional arguments in field order, for the engine's hot paths (JSON input): the same
    slots and the same checks as the constructor, without binding eighteen keywords. ``red``, when given, is the
    number of red fives among the tiles and melds (the JSON reader counts them in the text).

    Raises:
        InvalidHandError: for tiles that cannot exist together (the first problem found).
        InvalidContextError: for conditions that contradict each other or the hand.
    """
    counts = [0] * 34
    for tile in concealed:
        counts[tile.kind] += 1
    counts_t = tuple(counts)
    # Fast path: the common, valid hand is checked with a few int operations; the full (slower) listing of
    # problems runs only when something is off, so that its first problem is the one raised.
    held = counts
    if melds:
        held = counts.copy()
        for meld in melds:
            for tile in meld.tiles:
                held[tile.kind] += 1
    if red is None:  # the caller may know it already (the JSON reader counts the 0s of the text)
        red = 0
        if held[4] or held[13] or held[22]:
            red = sum(map(_RED, concealed))
            for meld in melds:
                red += meld._red
    win_kind = win.kind
    if not (
        len(concealed) == 14 - 3 * len(melds)
        and len(melds) <= 4
        and _UP_TO_FOUR.issuperset(held)
        and counts[win_kind] > 0
        and (not win.red or win in concealed)
        and (win.red or win_kind not in _FIVES or red < counts[win_kind] or _plain_five_held(concealed, win_kind))
    ):
        problems = _tile_problems(concealed, melds, win)
        if problems:
            raise problems[0].error(problems[0].message, code=problems[0].code, fields=problems[0].fields)
    # The conditions are listed in full (``_context_problems``) only when one of its checks fails: each line below
    # is one of them, so a hand won with ippatsu, haitei, houtei, rinshan or chankan as the rules allow (one in
    # seven of the bench's) is let through here (issue 15).
    if (
        ((riichi or double_riichi) and melds and not all(m.kind is _ANKAN for m in melds))
        or (ippatsu and (rinshan or not (riichi or double_riichi)))
        or (chankan and (tsumo or haitei or houtei or held[win_kind] > 1))
        or (haitei and (rinshan or not tsumo))
        or (houtei and tsumo)
        or (rinshan and (not tsumo or not any(m.kind in _KAN_KINDS for m in melds)))
        or tenhou
        or chiihou
        or renhou
        or len(dora) > 5
        or len(ura) > 5
    ):
        flags = dict(
            zip(
                _FLAGS,
                (riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou),
                strict=True,
            )
        )
        problems = _context_problems(melds, win, tsumo, seat_wind, flags, held[win_kind], dora, ura)
        if problems:
            raise problems[0].error(problems[0].message, code=problems[0].code, fields=problems[0].fields)
    if dora or ura:
        # No kind can reach five while each indicated kind, with every indicator added, stays within four.
        indicators = dora + ura if ura else dora
        most = 4 - len(indicators)
        for tile in indicators:
            if held[tile.kind] > most:
                _check_indicator_copies(held, dora, ura)
                break
    # The slots are filled on a writable twin, which then becomes a Hand (CPython lets an object change class
    # between two classes with the same slots): plain slot stores instead of 21 calls of the frozen class's slot
    # descriptors, a third of building a Hand from JSON (issue 15).
    hand = _WritableHand()
    hand.concealed = concealed
    hand.melds = melds
    hand.win = win
    hand.tsumo = tsumo
    hand.seat_wind = seat_wind
    hand.round_wind = round_wind
    hand.dora = dora
    hand.ura = ura
    hand.riichi = riichi
    hand.double_riichi = double_riichi
    hand.ippatsu = ippatsu
    hand.haitei = haitei
    hand.houtei = houtei
    hand.rinshan = rinshan
    hand.chankan = chankan
    hand.tenhou = tenhou
    hand.chiihou = chiihou
    hand.renhou = renhou
    hand.counts = counts_t
    hand._held = tuple(held) if melds else counts_t
    hand._red = red
    hand.__class__ = Hand  # type: ignore[assignment]
    return hand  # type: ignore[return-value]  # a Hand now (typing.cast would be one more call a line)


class _WritableHand:
    """Hand's slots, in the same order, writable: ``_new_hand`` fills one and makes it a Hand."""

    __slots__ = Hand.__slots__
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win: Tile
    tsumo: bool
    seat_wind: Wind
    round_wind: Wind
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    counts: tuple[int, ...]
    _held: tuple[int, ...]
    _red: int


# The slot setters of Hand's fields, in field order (see Hand.__init__).
_SETTERS = tuple(getattr(Hand, f.name).__set__ for f in dataclasses.fields(Hand))

"""The hand draft: a winning hand being entered tile by tile, valued live by the engine (issue 11).

What the Tiles pages of the win dialog hold, without Qt: the concealed tiles, the winning tile, the melds and a
chi being built, the dora and ura indicators, the win conditions, the extra tiles (the classical family), which
target the next tapped tile fills, the copies left of each tile, and the evaluation (the engine's score, the waits
of a hand one tile short, or why there is none). The entry widgets (``gui/widgets/hand_entry.py``,
``classical_entry.py``) only show a draft and forward taps to it.

One draft class, a small subclass per family (python-chess's ``variant.py`` subclasses one board the same way):
:class:`RiichiDraft` asks :mod:`scorekeeper.engine.scoring` and :mod:`scorekeeper.engine.waits`;
:class:`ClassicalDraft` asks :mod:`scorekeeper.engine.classical` (seed 003). The taps are the same for both.
Operations change the draft in place (like ``chess.Board.push``); what a reader gets back is an immutable value
(tuples, :class:`Notice`, :class:`DraftEvaluation`). A refused tap leaves the draft as it was and says why in
:attr:`HandDraft.notice`. Words are the GUI's: notices and statuses are enums, worded by the widgets.

The text form is ``scorekeeper.engine.entry_text`` (``123m406p789s1z 1z 789s+chi 1f5f``).
"""

from __future__ import annotations

import abc
import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from scorekeeper.engine.classical import (
    CLASSICAL_CONDITION_NAMES,
    ClassicalHand,
    ClassicalRules,
    ClassicalScore,
    ExtraTile,
    classical_rules,
    format_extras,
    parse_extras,
    score_classical,
    validate_classical_hand,
)
from scorekeeper.engine.conditions import CONDITION_NAMES, WinCondition
from scorekeeper.engine.entry_text import HAND_SIZE, EntryText, format_entry_text, parse_entry_text
from scorekeeper.engine.hand import Hand, Meld, MeldKind, validate_hand
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, RenhouValue, check_red_fives, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, TileKind, Wind, format_tiles, parse_tiles
from scorekeeper.engine.waits import Wait, list_waits
from scorekeeper.errors import ErrorCode, InvalidContextError, InvalidHandError, ScorekeeperError

__all__ = [
    "MAX_INDICATORS",
    "ClassicalDraft",
    "DraftEvaluation",
    "DraftStatus",
    "EntryTarget",
    "HandDraft",
    "Notice",
    "NoticeKind",
    "RiichiDraft",
    "copies_left",
]

#: At most one dora and four kan dora indicators (seed 000, "Dora"); the ura indicators likewise.
MAX_INDICATORS = 5
_FIVES = frozenset({TileKind.M5, TileKind.P5, TileKind.S5})
_COPIES = 4


def _recorded_tiles(obj: Mapping[str, Any]) -> tuple[list[Tile], Tile | None, list[Meld]]:
    """A recorded input object's concealed tiles (the winning tile taken out), winning tile and melds.

    Raises:
        TileParseError: for bad notation.
        InvalidHandError: for a malformed meld.
    """
    tiles = list(parse_tiles(str(obj.get("hand", ""))))
    win = Tile.parse(str(obj["win"])) if obj.get("win") else None
    if win is not None and win in tiles:
        # The input's hand holds the winning tile (hand_input() writes it last; a hand from elsewhere may not).
        del tiles[len(tiles) - 1 - tiles[::-1].index(win)]
    return tiles, win, [Meld(MeldKind(str(m["type"])), parse_tiles(str(m["tiles"]))) for m in obj.get("melds", ())]


class EntryTarget(enum.StrEnum):
    """Where the next tapped tile goes: the hand, the winning tile, an indicator, or a meld of that kind."""

    HAND = "hand"
    WIN = "win"
    DORA = "dora"
    URA = "ura"
    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    SHOUMINKAN = "shouminkan"
    # The classical family's words for the same sets (seed 003): aliases, the same members.
    CHOW = "chi"
    PUNG = "pon"
    EXPOSED_KONG = "minkan"
    CONCEALED_KONG = "ankan"

    @property
    def meld_kind(self) -> MeldKind | None:
        """The kind of meld this target builds, or None for the hand, the winning tile and the indicators."""
        return MeldKind(self.value) if self.value in MeldKind._value2member_map_ else None


class NoticeKind(enum.StrEnum):
    """Why a tap changed nothing."""

    HAND_FULL = "hand_full"  # a winning hand has 14 tiles, a kan counting as 3
    INDICATORS_FULL = "indicators_full"  # MAX_INDICATORS
    WIN_NOT_IN_FULL_HAND = "win_not_in_full_hand"  # a full hand's winning tile is one of its tiles
    NO_ROOM_FOR_MELD = "no_room_for_meld"
    NOT_ENOUGH_COPIES = "not_enough_copies"  # four of each tile (the tile named)
    BAD_MELD = "bad_meld"  # the engine refused the meld (its error given)


@dataclass(frozen=True, slots=True)
class Notice:
    """Why the last tap changed nothing: its kind, with the tile or the engine's error where there is one."""

    kind: NoticeKind
    tile: Tile | None = None
    error: ScorekeeperError | None = None


class DraftStatus(enum.StrEnum):
    """What the evaluation of a draft found."""

    SCORED = "scored"  # the engine's score is in ``score``
    REFUSED = "refused"  # the engine refused the hand: ``error`` says why
    EMPTY = "empty"
    COUNTING = "counting"  # fewer tiles than a winning hand (``count``)
    TOO_MANY = "too_many"  # more tiles than a winning hand, or 14 without a winning tile (riichi)
    PENDING_CHI = "pending_chi"  # a chi is being built: ``count`` tiles of it are missing
    READY = "ready"  # 13 tiles and waits: ``waits``
    NOT_READY = "not_ready"  # 13 tiles and no wait
    NO_WINNING_TILE = "no_winning_tile"  # a full hand whose winning tile is not chosen (classical)


ScoreT = TypeVar("ScoreT", bound=HandScore | ClassicalScore)


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftEvaluation(Generic[ScoreT]):
    """The engine's answer for a draft: a score, the waits, or why there is none."""

    status: DraftStatus
    count: int = 0
    score: ScoreT | None = None
    waits: tuple[Wait, ...] = ()
    error: ScorekeeperError | None = None


def _sort_key(tile: Tile) -> tuple[int, bool]:
    return (int(tile.kind), tile.red)


def copies_left(
    tile: Tile, in_use: Iterable[Tile], *, red_fives: bool, red_fives_per_suit: tuple[int, ...] = (1, 1, 1)
) -> int:
    """How many more copies of this exact tile (red or not) the set holds once ``in_use`` are placed.

    A set has four of each kind (seed 000, "The tiles"); with red fives in play ``red_fives_per_suit`` (man, pin,
    sou) of a suit's fives are red (one each in the Tenhou and M-League sets: three ordinary fives and one red),
    the rest ordinary; without them there is no red tile (rules.py, ``red_fives`` and ``red_fives_per_suit``).
    The tile picker greys a tile out by this count too.
    """
    used = [t for t in in_use if t.kind is tile.kind]
    total_left = _COPIES - len(used)
    if tile.kind not in _FIVES or not red_fives:
        return 0 if tile.red else max(0, total_left)
    reds = red_fives_per_suit[tile.kind // 9]
    red_used = sum(1 for t in used if t.red)
    if tile.red:
        return max(0, min(total_left, reds - red_used))
    return max(0, min(total_left, _COPIES - reds - (len(used) - red_used)))


class HandDraft(abc.ABC, Generic[ScoreT]):
    """A hand being entered; a family subclass says how it is valued (see the module docstring).

    Attributes:
        conditions_offered: the family's win conditions, in the order they are offered.
        targets: the entry targets the family offers.
        extras_allowed: whether the family has extra tiles (seasons and plants).
    """

    conditions_offered: ClassVar[tuple[str, ...]] = ()
    targets: ClassVar[tuple[EntryTarget, ...]] = ()
    extras_allowed: ClassVar[bool] = False

    def __init__(self) -> None:
        self._tsumo = False
        self._seat_wind = Wind.EAST
        self._round_wind = Wind.EAST
        self._concealed: list[Tile] = []
        self._win: Tile | None = None
        self._melds: list[Meld] = []
        self._pending: list[Tile] = []
        self._dora: list[Tile] = []
        self._ura: list[Tile] = []
        self._extras: list[ExtraTile] = []
        self._flags: dict[str, bool] = dict.fromkeys(self.conditions_offered, False)
        self._target = EntryTarget.HAND
        self._notice: Notice | None = None
        self._evaluation: DraftEvaluation[ScoreT] | None = None

    # -- reading ------------------------------------------------------------------------------------------------

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles without the winning tile, in the order entered."""
        return tuple(self._concealed)

    @property
    def sorted_concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles without the winning tile, sorted as the hand row shows them."""
        return tuple(sorted(self._concealed, key=_sort_key))

    @property
    def win(self) -> Tile | None:
        """The winning tile, once chosen."""
        return self._win

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds built."""
        return tuple(self._melds)

    @property
    def pending(self) -> tuple[Tile, ...]:
        """The tiles of a chi being built."""
        return tuple(self._pending)

    @property
    def dora(self) -> tuple[Tile, ...]:
        """The dora and kan dora indicators."""
        return tuple(self._dora)

    @property
    def ura(self) -> tuple[Tile, ...]:
        """The ura dora indicators entered (kept while riichi is off: they are the table's)."""
        return tuple(self._ura)

    @property
    def extras(self) -> tuple[ExtraTile, ...]:
        """The seasons and plants held, by their digit."""
        return tuple(self._extras)

    @property
    def conditions(self) -> dict[str, bool]:
        """The win conditions as ticked (a copy)."""
        return dict(self._flags)

    @property
    def target(self) -> EntryTarget:
        """Where the next tapped tile goes."""
        return self._target

    @property
    def notice(self) -> Notice | None:
        """Why the last tap changed nothing, or None."""
        return self._notice

    @property
    def tsumo(self) -> bool:
        """Whether the win is self-drawn."""
        return self._tsumo

    @property
    def red_fives(self) -> bool:
        """Whether the ruleset plays with red fives (then each five is three ordinary copies and one red)."""
        return False

    @property
    def red_fives_per_suit(self) -> tuple[int, int, int]:
        """How many of each number suit's fives (man, pin, sou) are red, when :attr:`red_fives` is on."""
        return (1, 1, 1)

    def tile_count(self) -> int:
        """Tiles toward the 14 of a winning hand: a meld counts 3 (a kan's fourth tile is a replacement)."""
        return len(self._concealed) + (self._win is not None) + 3 * len(self._melds) + len(self._pending)

    def tiles_in_use(self) -> tuple[Tile, ...]:
        """Every tile placed: hand, winning tile, melds, the chi being built, indicators."""
        tiles = [*self._concealed, *self._dora, *self._ura, *self._pending]
        if self._win is not None:
            tiles.append(self._win)
        for meld in self._melds:
            tiles.extend(meld.tiles)
        return tuple(tiles)

    def copies_left(self, tile: Tile | ExtraTile) -> int:
        """How many more copies of this exact tile (red or not; or this extra tile) the set still holds."""
        if isinstance(tile, ExtraTile):
            return 0 if tile in self._extras or not self.extras_allowed else 1
        return copies_left(
            tile, self.tiles_in_use(), red_fives=self.red_fives, red_fives_per_suit=self.red_fives_per_suit
        )

    def meld_row(self) -> tuple[tuple[Tile, ...], frozenset[int]]:
        """The tiles of the melds and of a chi being built, and where a gap sets each apart."""
        tiles: list[Tile] = []
        gaps: set[int] = set()
        for group in (*(m.tiles for m in self._melds), *((tuple(self._pending),) if self._pending else ())):
            if tiles:
                gaps.add(len(tiles))
            tiles.extend(group)
        return tuple(tiles), frozenset(gaps)

    def text(self) -> str:
        """The draft in the entry notation (``scorekeeper.engine.entry_text``)."""
        return format_entry_text(
            EntryText(
                concealed=tuple(self._concealed), win=self._win, melds=tuple(self._melds), extras=tuple(self._extras)
            )
        )

    def evaluation(self) -> DraftEvaluation[ScoreT]:
        """The engine's answer for the draft as it stands (computed once per change)."""
        if self._evaluation is None:
            self._evaluation = self._evaluate()
        return self._evaluation

    @abc.abstractmethod
    def offered_conditions(self) -> dict[str, bool]:
        """Which conditions to show: those the engine allows with the others as ticked, and every ticked one."""

    @abc.abstractmethod
    def hand_input(self) -> dict[str, Any]:
        """The hand as the family engine's JSON input object.

        Raises:
            InvalidHandError: if no winning tile is chosen yet.
        """

    @abc.abstractmethod
    def set_hand_input(self, obj: Mapping[str, Any]) -> None:
        """Enter a recorded hand, the input object :meth:`hand_input` gave (Edit hand, issue 12).

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """

    # -- operations ---------------------------------------------------------------------------------------------

    def set_target(self, target: EntryTarget) -> None:
        """Send the next tapped tiles to the hand, the winning tile, the indicators or a meld being built."""
        self._target = target
        self._pending.clear()
        self._notice = None
        self._changed()

    def set_text(self, text: str) -> None:
        """Enter the tiles, melds (and extra tiles) as written; conditions and indicators stay.

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        entry = parse_entry_text(text, extras=self.extras_allowed)
        self._concealed, self._win, self._melds = list(entry.concealed), entry.win, list(entry.melds)
        self._extras = sorted(dict.fromkeys(entry.extras), key=lambda e: e.digit)
        self._pending.clear()
        self._notice = None
        self._changed()

    def set_condition(self, name: str, on: bool) -> None:
        """Tick or untick a win condition by its name (``WinCondition`` or the classical names)."""
        if name not in self._flags:
            raise InvalidContextError(f"unknown win condition {name!r}: expected one of {', '.join(self._flags)}")
        self._flags[name] = on
        self._changed()

    def tap_tile(self, tile: Tile) -> None:
        """A tile tapped in the picker: it goes where the target says."""
        self._notice = None
        if self.copies_left(tile) == 0:
            # The picker greys such a tile out; the draft refuses it too, so that no fifth copy can be entered.
            self._notice = Notice(NoticeKind.NOT_ENOUGH_COPIES, tile=tile)
            return
        target = self._target
        kind = target.meld_kind
        if target is EntryTarget.HAND:
            self._add_to_hand(tile)
        elif target is EntryTarget.WIN:
            self._make_winning(tile)
        elif target in (EntryTarget.DORA, EntryTarget.URA):
            indicators = self._dora if target is EntryTarget.DORA else self._ura
            if len(indicators) >= MAX_INDICATORS:
                self._notice = Notice(NoticeKind.INDICATORS_FULL)
            else:
                indicators.append(tile)
        elif kind is not None:
            self._add_to_meld(kind, tile)
        self._changed()

    def tap_extra(self, extra: ExtraTile) -> None:
        """An extra tile tapped in the picker: held (each exists once)."""
        if self.extras_allowed and extra not in self._extras:
            self._extras.append(extra)
            self._extras.sort(key=lambda e: e.digit)
        self._changed()

    def tap_hand(self, position: int) -> None:
        """A tile of the hand row tapped (sorted concealed tiles, then the winning tile): removed, or made the win."""
        self._notice = None
        tiles = self.sorted_concealed
        if position >= len(tiles):
            if self._target is not EntryTarget.WIN:
                self._win = None
        elif self._target is EntryTarget.WIN:
            self._make_winning(tiles[position])
        else:
            self._concealed.remove(tiles[position])
        self._changed()

    def tap_meld(self, position: int) -> None:
        """A tile of the meld row tapped: its meld is removed (or the chi being built is dropped)."""
        self._notice = None
        if self._pending and position >= sum(len(m.tiles) for m in self._melds):
            self._pending.clear()
        else:
            offset = 0
            for index, meld in enumerate(self._melds):
                if position < offset + len(meld.tiles):
                    del self._melds[index]
                    break
                offset += len(meld.tiles)
        self._changed()

    def remove_dora(self, position: int) -> None:
        """Remove the dora indicator at ``position``."""
        del self._dora[position]
        self._changed()

    def remove_ura(self, position: int) -> None:
        """Remove the ura indicator at ``position``."""
        del self._ura[position]
        self._changed()

    def remove_extra(self, position: int) -> None:
        """Remove the extra tile at ``position``."""
        if position < len(self._extras):
            del self._extras[position]
        self._changed()

    def choose_wait(self, kind: TileKind) -> None:
        """Make a wait of a hand one tile short its winning tile."""
        self._notice = None
        self._win = Tile(kind)
        self._changed()

    def clear(self) -> None:
        """Start again: no tiles, melds, indicators, extra tiles or conditions; the target is the hand."""
        self._concealed, self._win, self._melds, self._pending = [], None, [], []
        self._dora, self._ura, self._extras = [], [], []
        self._flags = dict.fromkeys(self.conditions_offered, False)
        self._target = EntryTarget.HAND
        self._notice = None
        self._changed()

    def set_indicators(self, dora: Iterable[Tile], ura: Iterable[Tile]) -> None:
        """Enter the table's indicators (another winner of the same discard entered them: a double ron)."""
        self._dora, self._ura = list(dora), list(ura)
        self._changed()

    # -- the family's part --------------------------------------------------------------------------------------

    def _changed(self) -> None:
        """After every operation: the family's own consistency, and the evaluation computed again on demand."""
        self._evaluation = None

    @abc.abstractmethod
    def _evaluate(self) -> DraftEvaluation[ScoreT]:
        """The family engine's answer for the draft as it stands."""

    # -- taps ---------------------------------------------------------------------------------------------------

    def _add_to_hand(self, tile: Tile) -> None:
        if self.tile_count() >= HAND_SIZE:
            self._notice = Notice(NoticeKind.HAND_FULL)
            return
        self._concealed.append(tile)
        if self._win is None and self.tile_count() == HAND_SIZE:
            # The last tile tapped into a full hand is the winning tile, as when the tile is drawn or called.
            self._win = self._concealed.pop()

    def _make_winning(self, tile: Tile) -> None:
        if tile in self._concealed:
            self._concealed.remove(tile)
            if self._win is not None:
                self._concealed.append(self._win)
            self._win = tile
        elif self._win is not None or self.tile_count() < HAND_SIZE:
            self._win = tile
        else:
            self._notice = Notice(NoticeKind.WIN_NOT_IN_FULL_HAND)
            return
        self._target = EntryTarget.HAND

    def _add_to_meld(self, kind: MeldKind, tile: Tile) -> None:
        # A chi's tiles count as they are tapped, so the room is checked for the whole set on each tap.
        if self.tile_count() - len(self._pending) + 3 > HAND_SIZE:
            self._notice = Notice(NoticeKind.NO_ROOM_FOR_MELD)
            self._pending.clear()
            return
        if kind is MeldKind.CHI:
            self._pending.append(tile)
            if len(self._pending) < 3:
                return
            tiles = tuple(sorted(self._pending, key=_sort_key))
            self._pending.clear()
        else:
            picked = self._copies_for_meld(tile, 4 if kind.is_kan else 3)
            if picked is None:
                self._notice = Notice(NoticeKind.NOT_ENOUGH_COPIES, tile=tile)
                return
            tiles = picked
        try:
            meld = Meld(kind, tiles)
        except InvalidHandError as error:
            if kind is MeldKind.CHI:  # three tapped tiles that make no run (pon and kan take copies of one tile)
                fields = {"tiles": format_tiles(tiles)}
                error = InvalidHandError(str(error), code=ErrorCode.CHI_NOT_A_RUN, fields=fields)
            self._notice = Notice(NoticeKind.BAD_MELD, error=error)
            return
        self._melds.append(meld)
        self._target = EntryTarget.HAND

    def _copies_for_meld(self, tile: Tile, size: int) -> tuple[Tile, ...] | None:
        """The tapped tile and ``size - 1`` more of its kind that are still free, or None if there are too few.

        Ordinary copies come first; the red five is taken only when the ordinary ones run out (with red fives in
        play the set holds three ordinary fives and one red, so a kan of fives always holds the red one).
        """
        ordinary = Tile(tile.kind)
        free_ordinary = self.copies_left(ordinary) - (0 if tile.red else 1)
        red: Tile | None = None
        free_red = 0
        if tile.kind in _FIVES and self.red_fives:
            red = Tile(tile.kind, red=True)
            free_red = self.copies_left(red) - (1 if tile.red else 0)
        need = size - 1
        take_ordinary = min(need, max(free_ordinary, 0))
        take_red = min(need - take_ordinary, max(free_red, 0))
        if take_ordinary + take_red < need:
            return None
        reds = [red] * take_red if red is not None else []
        return (tile, *[ordinary] * take_ordinary, *reds)


def _rules_json(rules: HandRules) -> str | dict[str, Any]:
    """The ruleset as the JSON input names it: the preset's name, or a preset with overrides."""
    if rules.name in PRESET_NAMES and rules.name != "custom" and hand_rules(rules.name) == rules:
        return rules.name
    base = hand_rules("tenhou")
    overrides: dict[str, Any] = {}
    for field in dataclasses.fields(rules):
        if field.name == "name":
            continue
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            overrides[field.name] = value.value if isinstance(value, enum.Enum) else value
    return {"preset": "tenhou", "overrides": overrides}


class RiichiDraft(HandDraft[HandScore]):
    """A riichi hand: red fives as the ruleset says, dora and ura indicators, ``WinCondition``, waits."""

    conditions_offered = CONDITION_NAMES
    targets = (
        EntryTarget.HAND,
        EntryTarget.WIN,
        EntryTarget.DORA,
        EntryTarget.URA,
        EntryTarget.CHI,
        EntryTarget.PON,
        EntryTarget.MINKAN,
        EntryTarget.ANKAN,
        EntryTarget.SHOUMINKAN,
    )

    def __init__(self, rules: HandRules | None = None) -> None:
        super().__init__()
        self._rules = rules if rules is not None else hand_rules("tenhou")
        self._session_riichi = False

    @property
    def rules(self) -> HandRules:
        """The hand rules the engine values the draft with."""
        return self._rules

    @property
    def red_fives(self) -> bool:
        """Whether the ruleset plays with red fives (rules.py, ``red_fives``)."""
        return self._rules.red_fives

    @property
    def red_fives_per_suit(self) -> tuple[int, int, int]:
        """How many of each suit's fives are red in the ruleset's set (rules.py, ``red_fives_per_suit``)."""
        return self._rules.red_fives_per_suit

    @property
    def riichi_on(self) -> bool:
        """Whether riichi or double riichi is ticked (then the ura indicators count)."""
        return self._flags[WinCondition.RIICHI.value] or self._flags[WinCondition.DOUBLE_RIICHI.value]

    @property
    def riichi_locked(self) -> bool:
        """Whether the session says the winner is in riichi (the riichi tick is then the table's, not a choice)."""
        return self._session_riichi

    @property
    def ura_counted(self) -> tuple[Tile, ...]:
        """The ura indicators that count: only with riichi."""
        return tuple(self._ura) if self.riichi_on else ()

    def set_context(
        self, *, rules: HandRules, tsumo: bool, seat_wind: Wind | str, round_wind: Wind | str, riichi: bool = False
    ) -> None:
        """The table: ruleset, ron or tsumo, winds, and whether the session has the winner in riichi.

        With ``riichi`` the riichi condition is ticked (double riichi may replace it); without red fives in the
        ruleset a red five entered becomes an ordinary five (rules.py, ``red_fives``).
        """
        self._rules = rules
        self._tsumo = tsumo
        self._seat_wind = Wind(seat_wind)
        self._round_wind = Wind(round_wind)
        if riichi and not self._flags["double_riichi"]:
            self._flags["riichi"] = True
        elif self._session_riichi and not riichi:
            self._flags["riichi"] = False  # the riichi came from the session, which now says there is none
        self._session_riichi = riichi
        if not rules.red_fives:
            self._concealed = [Tile(t.kind) for t in self._concealed]
            self._win = None if self._win is None else Tile(self._win.kind)
            self._melds = [Meld(m.kind, tuple(Tile(t.kind) for t in m.tiles)) for m in self._melds]
            self._dora = [Tile(t.kind) for t in self._dora]
            self._ura = [Tile(t.kind) for t in self._ura]
            self._pending = [Tile(t.kind) for t in self._pending]
        self._changed()

    def clear(self) -> None:
        """Start again; riichi stays ticked when the session says so."""
        super().clear()
        self._flags["riichi"] = self._session_riichi
        self._changed()

    def hand_input(self) -> dict[str, Any]:
        """The hand as the engine's JSON input object (``scorekeeper score --json``, issue 2).

        Raises:
            InvalidHandError: if no winning tile is chosen yet.
        """
        if self._win is None:
            raise InvalidHandError("no winning tile chosen yet")
        obj: dict[str, Any] = {
            "hand": format_tiles([*self.sorted_concealed, self._win]),
            "melds": [{"type": m.kind.value, "tiles": format_tiles(m.tiles)} for m in self._melds],
            "win": str(self._win),
            "tsumo": self._tsumo,
            "seat_wind": self._seat_wind.value,
            "round_wind": self._round_wind.value,
            "dora": [str(t) for t in self._dora],
            "ura": [str(t) for t in self.ura_counted],
            "ruleset": _rules_json(self._rules),
        }
        obj.update({name: True for name, on in self._flags.items() if on})
        return obj

    def set_hand_input(self, obj: Mapping[str, Any]) -> None:
        """Enter a recorded hand, the engine's input object :meth:`hand_input` gave (Edit hand, issue 12).

        The tiles, winning tile, melds, indicators and conditions; the table's context stays as set.

        Raises:
            TileParseError: for bad notation.
            InvalidHandError: for a malformed meld.
        """
        tiles, win, melds = _recorded_tiles(obj)
        self._concealed, self._win, self._melds = tiles, win, melds
        self._dora = [Tile.parse(str(t)) for t in obj.get("dora", ())]
        self._ura = [Tile.parse(str(t)) for t in obj.get("ura", ())]
        self._flags = {name: bool(obj.get(name, False)) for name in self.conditions_offered}
        self._pending.clear()
        self._changed()

    def offered_conditions(self) -> dict[str, bool]:
        """Which conditions to show (see :meth:`HandDraft.offered_conditions`).

        Renhou is offered only where the ruleset counts it; riichi is hidden while double riichi replaces the
        session's riichi.
        """
        win = self._win or Tile(TileKind.M1)

        def context_problems(flags: dict[str, bool]) -> int:
            problems = validate_hand(
                self._concealed, self._melds, win, self._tsumo, self._seat_wind, self._dora, (), **flags
            )
            return sum(1 for p in problems if p.error is InvalidContextError)

        baseline = context_problems(self._flags)
        shown: dict[str, bool] = {}
        for name in self.conditions_offered:
            if self._flags[name]:
                shown[name] = True
                continue
            trial = dict(self._flags)
            trial[name] = True
            if name == "double_riichi":
                trial["riichi"] = False
            shown[name] = context_problems(trial) <= baseline
        if self._rules.renhou is RenhouValue.NONE:
            # Renhou is not a yaku in this ruleset (rules.py, RenhouValue.NONE: Tenhou, M-League, EMA 2016).
            shown["renhou"] = self._flags["renhou"]
        if self._session_riichi and self._flags["double_riichi"]:
            shown["riichi"] = False
        return shown

    def _changed(self) -> None:
        if self._flags["double_riichi"]:
            self._flags["riichi"] = False
        if not self.riichi_on and self._target is EntryTarget.URA:
            self._target = EntryTarget.HAND
        super()._changed()

    def _evaluate(self) -> DraftEvaluation[HandScore]:
        """Ask the engine: a score for a full hand, the waits for a hand one tile short, else why not."""
        count = self.tile_count()
        if self._pending:
            return DraftEvaluation(status=DraftStatus.PENDING_CHI, count=3 - len(self._pending))
        if count == HAND_SIZE and self._win is not None:
            try:
                hand = Hand(
                    concealed=(*self._concealed, self._win),
                    melds=tuple(self._melds),
                    win=self._win,
                    tsumo=self._tsumo,
                    seat_wind=self._seat_wind,
                    round_wind=self._round_wind,
                    dora=tuple(self._dora),
                    ura=self.ura_counted,
                    **self._flags,
                )
                check_red_fives(hand, self._rules)  # the set this ruleset plays with (a hand comes in here)
                return DraftEvaluation(status=DraftStatus.SCORED, count=count, score=score_hand(hand, self._rules))
            except ScorekeeperError as error:
                return DraftEvaluation(status=DraftStatus.REFUSED, count=count, error=error)
        if count == HAND_SIZE - 1 and self._win is None:
            try:
                waits = list_waits(
                    self._concealed,
                    self._melds,
                    seat_wind=self._seat_wind,
                    round_wind=self._round_wind,
                    rules=self._rules,
                    dora=self._dora,
                    ura=self.ura_counted,
                    **self._flags,
                )
            except ScorekeeperError as error:
                return DraftEvaluation(status=DraftStatus.REFUSED, count=count, error=error)
            status = DraftStatus.READY if waits else DraftStatus.NOT_READY
            return DraftEvaluation(status=status, count=count, waits=waits)
        if count == 0:
            return DraftEvaluation(status=DraftStatus.EMPTY)
        return DraftEvaluation(status=DraftStatus.COUNTING if count < HAND_SIZE else DraftStatus.TOO_MANY, count=count)


class ClassicalDraft(HandDraft[ClassicalScore]):
    """A classical hand (seed 003): no red fives, the extra tiles, the family's conditions and engine."""

    conditions_offered = CLASSICAL_CONDITION_NAMES
    targets = (
        EntryTarget.HAND,
        EntryTarget.WIN,
        EntryTarget.CHOW,
        EntryTarget.PUNG,
        EntryTarget.EXPOSED_KONG,
        EntryTarget.CONCEALED_KONG,
    )
    extras_allowed = True

    def __init__(self, rules: ClassicalRules | None = None) -> None:
        super().__init__()
        self._rules = rules if rules is not None else classical_rules("classical")

    @property
    def rules(self) -> ClassicalRules:
        """The classical rules the engine values the draft with."""
        return self._rules

    def set_context(self, *, rules: ClassicalRules, tsumo: bool, seat_wind: Wind | str, round_wind: Wind | str) -> None:
        """The table: the rules, self-drawn or not, and the winds; a condition made impossible is unticked."""
        self._rules = rules
        self._tsumo = tsumo
        self._seat_wind = Wind(seat_wind)
        self._round_wind = Wind(round_wind)
        for name in self.conditions_offered:
            if self._flags[name] and self._context_problems(self._flags):
                self._flags[name] = False
        self._changed()

    def is_eight_extras(self) -> bool:
        """Whether the draft is the all-eight-extra-tiles win, which needs no hand (seed 003, A.2 e(5))."""
        return len(set(self._extras)) == len(ExtraTile) and not self._concealed and not self._melds and not self._win

    def hand_input(self) -> dict[str, Any]:
        """The hand as the classical engine's JSON input (docs/classical.md), without a ruleset.

        Raises:
            InvalidHandError: no winning tile yet (and not the all-eight-extra-tiles win).
        """
        if self._win is None and not self.is_eight_extras():
            raise InvalidHandError("the hand has no winning tile yet: tap one, or fill the hand to 14 tiles")
        data: dict[str, Any] = {}
        if self._win is not None:
            data["hand"] = format_tiles([*self._concealed, self._win])
            data["win"] = str(self._win)
        if self._melds:
            data["melds"] = [{"type": m.kind.value, "tiles": format_tiles(m.tiles)} for m in self._melds]
        if self._extras:
            data["flowers"] = format_extras(self._extras)
        data["tsumo"] = self._tsumo
        data["seat_wind"] = self._seat_wind.value
        data["round_wind"] = self._round_wind.value
        data.update({name: True for name, on in self._flags.items() if on})
        return data

    def set_hand_input(self, obj: Mapping[str, Any]) -> None:
        """Enter a recorded hand, the classical input object :meth:`hand_input` gave (Edit hand, issue 12).

        Raises:
            TileParseError: for bad tile or extra-tile notation.
            InvalidHandError: for a malformed meld.
        """
        tiles, win, melds = _recorded_tiles(obj)
        extras = parse_extras(str(obj["flowers"])) if obj.get("flowers") else ()
        self._concealed, self._win, self._melds = tiles, win, melds
        self._extras = sorted(dict.fromkeys(extras), key=lambda e: e.digit)
        self._flags = {name: bool(obj.get(name, False)) for name in self.conditions_offered}
        self._pending.clear()
        self._changed()

    def offered_conditions(self) -> dict[str, bool]:
        """Which conditions to show: a ticked one, or one the engine allows with the others as ticked."""
        return {
            name: self._flags[name] or not self._context_problems({**self._flags, name: True})
            for name in self.conditions_offered
        }

    def _context_problems(self, flags: dict[str, bool]) -> list[InvalidHandError | InvalidContextError]:
        problems = validate_classical_hand((), self._melds, None, tsumo=self._tsumo, extras=(), **flags)
        return [p for p in problems if isinstance(p, InvalidContextError)]

    def _evaluate(self) -> DraftEvaluation[ClassicalScore]:
        count = self.tile_count()
        if not self.is_eight_extras():
            if count < HAND_SIZE:
                return DraftEvaluation(status=DraftStatus.COUNTING, count=count)
            if self._win is None:
                return DraftEvaluation(status=DraftStatus.NO_WINNING_TILE, count=count)
        flags = {name: on for name, on in self._flags.items() if on}
        try:
            hand = ClassicalHand(
                concealed=(*self._concealed, self._win) if self._win is not None else (),
                melds=tuple(self._melds),
                win=self._win,
                tsumo=self._tsumo,
                seat_wind=self._seat_wind,
                round_wind=self._round_wind,
                extras=tuple(self._extras),
                **flags,
            )
            return DraftEvaluation(status=DraftStatus.SCORED, count=count, score=score_classical(hand, self._rules))
        except ScorekeeperError as error:
            return DraftEvaluation(status=DraftStatus.REFUSED, count=count, error=error)

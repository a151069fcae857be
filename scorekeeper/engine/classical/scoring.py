"""Score a classical hand: every reading of the tiles, each point source and each double, the best one chosen.

Source: seed 003 ("HOW TO SCORE"). The tiles are read by the shared decomposition
(``scorekeeper.engine.decomposition``); everything that gives points or doubles is this family's own. Where
several readings exist (which sets the tiles form, which set the winning tile completes) the one worth most is
taken, as in every mahjong family; ties go to more doubles, then more points.

Stacking (our reading, seed 003 is silent; see docs/classical.md): every description that is true of the hand
counts, except that a double which *names the sum of two others* replaces them: double wind b(5) replaces seat
wind a(11) + round wind a(12); all by self-drawing b(9) replaces concealed a(10) + self-drawing a(20); double
season b(10) replaces seat + round season; and a stronger rung of one ladder replaces the weaker (terminals in
all c(3) over outside hand a(5); double twins over twin; double young and old over young and old; four concealed
triplets over three; all eight extra tiles over four of a group).
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.engine import decomposition as dec
from scorekeeper.engine.classical.catalogue import Double, PointSource
from scorekeeper.engine.classical.extras import ExtraGroup, ExtraTile, format_extras
from scorekeeper.engine.classical.hand import ClassicalHand
from scorekeeper.engine.classical.rules import (
    ClassicalRules,
    ConcealedQuartetPoints,
    ScoringSystem,
)
from scorekeeper.engine.classical.value import cap_value, multiplier, round_points, round_value
from scorekeeper.engine.hand import MeldKind
from scorekeeper.engine.tiles import TileKind, format_kinds, format_tiles
from scorekeeper.errors import ErrorCode, InvalidHandError, NotWinningError, quote

__all__ = ["ClassicalScore", "DoubleItem", "PointItem", "Shape", "score_classical"]

_RUN, _TRIPLET, _QUARTET = 0, 1, 2


class Shape(enum.StrEnum):
    """The shape a hand was read as, persisted by value (the JSON answer's ``shape``)."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    UNRELATED_TILES = "unrelated_tiles"
    EXTRA_TILES = "all_eight_extra_tiles"


@dataclass(frozen=True, slots=True)
class PointItem:
    """One source of points: what it is, the tiles it is for (mpsz, or extra-tile notation), its points."""

    source: PointSource
    tiles: str
    points: int


@dataclass(frozen=True, slots=True)
class DoubleItem:
    """One double that the hand has, with the tiles or condition that earn it (``detail``)."""

    double: Double
    detail: str = ""

    @property
    def doubles(self) -> int:
        """How many doubles it counts."""
        return self.double.doubles


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalScore:
    """A classical hand's value, explained.

    Attributes:
        shape: how the tiles were read (``standard``, ``seven_pairs``...).
        raw_points: the points before rounding (the unit under the double system alone).
        points: the points after rounding to 10 (the unit under the double system alone).
        doubles: the total number of doubles.
        multiplier: what the points are multiplied by (2^doubles, with the slam rule).
        value: the hand's value: points x multiplier, rounded and capped as the rules say.
        uncapped: the value before the limit.
        point_items: each point source.
        double_items: each double.
    """

    shape: Shape
    raw_points: int
    points: int
    doubles: int
    multiplier: int
    value: int
    uncapped: int
    point_items: tuple[PointItem, ...]
    double_items: tuple[DoubleItem, ...]

    @property
    def limited(self) -> bool:
        """Whether the limit cut the value."""
        return self.value < self.uncapped


# A group is (form, first kind, concealed); the pair is a kind.
_Group = tuple[int, int, bool]


def _group_tiles(group: _Group) -> str:
    form, first, _ = group
    if form == _RUN:
        return format_kinds((TileKind(first), TileKind(first + 1), TileKind(first + 2)))
    return format_kinds([TileKind(first)] * (4 if form == _QUARTET else 3))


def _is_yaochuu(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def _group_kinds(group: _Group) -> tuple[int, ...]:
    form, first, _ = group
    return (first, first + 1, first + 2) if form == _RUN else (first,)


# ---------------------------------------------------------------------------------------------------------------
# Points (seed 003, A.1)


def _set_points(group: _Group, rules: ClassicalRules) -> PointItem | None:
    form, first, concealed = group
    if form == _RUN:
        return None
    high = _is_yaochuu(first)
    if form == _TRIPLET:
        base = 4 if high else 2
        if concealed:
            return PointItem(PointSource.CONCEALED_TRIPLET, _group_tiles(group), base * 2)
        return PointItem(PointSource.EXPOSED_TRIPLET, _group_tiles(group), base)
    base = 16 if high else 8
    if concealed:
        doubled = rules.concealed_quartet is ConcealedQuartetPoints.DOUBLED
        return PointItem(PointSource.CONCEALED_QUARTET, _group_tiles(group), base * 2 if doubled else base)
    return PointItem(PointSource.EXPOSED_QUARTET, _group_tiles(group), base)


def _pair_points(pair: int, hand: ClassicalHand) -> PointItem | None:
    if pair < 27:
        return None
    tiles = format_kinds([TileKind(pair)] * 2)
    seat = pair == hand.seat_wind.kind
    prevailing = pair == hand.round_wind.kind
    if seat and prevailing:
        return PointItem(PointSource.DOUBLE_WIND_PAIR, tiles, 8)
    if seat:
        return PointItem(PointSource.SEAT_WIND_PAIR, tiles, 4)
    if prevailing:
        return PointItem(PointSource.ROUND_WIND_PAIR, tiles, 4)
    return PointItem(PointSource.HONOR_PAIR, tiles, 2)


def _extra_points(hand: ClassicalHand) -> list[PointItem]:
    out = []
    for tile in hand.extras:
        seat = tile.wind is hand.seat_wind
        prevailing = tile.wind is hand.round_wind
        text = format_extras([tile])
        if seat and prevailing:
            out.append(PointItem(PointSource.DOUBLE_EXTRA_TILE, text, 16))
        elif seat:
            out.append(PointItem(PointSource.SEAT_EXTRA_TILE, text, 8))
        elif prevailing:
            out.append(PointItem(PointSource.ROUND_EXTRA_TILE, text, 8))
        else:
            out.append(PointItem(PointSource.EXTRA_TILE, text, 4))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Doubles that every shape can have: conditions, concealment, extra tiles (seed 003, A.2)


def _condition_doubles(hand: ClassicalHand, one_chance: bool) -> list[DoubleItem]:
    out = []
    if hand.win is not None:
        if hand.is_concealed and hand.tsumo:
            out.append(DoubleItem(Double.ALL_SELF_DRAWN))  # b(9), replaces a(10) + a(20)
        elif hand.is_concealed:
            out.append(DoubleItem(Double.CONCEALED_HAND))
        elif hand.tsumo:
            out.append(DoubleItem(Double.SELF_DRAWING))
    flags = (
        (hand.last_tile_of_wall, Double.LAST_TILE_OF_WALL),
        (one_chance, Double.ONE_CHANCE),
        (hand.last_tile_of_kind, Double.LAST_TILE_OF_KIND),
        (hand.replacement_tile, Double.REPLACEMENT_TILE),
        (hand.robbing_the_kong, Double.ROBBING_THE_KONG),
        (hand.heavenly_hand, Double.HEAVENLY_HAND),
    )
    out.extend(DoubleItem(double, str(hand.win) if hand.win else "") for flag, double in flags if flag)
    return out


def _extra_doubles(hand: ClassicalHand) -> list[DoubleItem]:
    out = []
    for tile in hand.extras:
        seat = tile.wind is hand.seat_wind
        prevailing = tile.wind is hand.round_wind
        text = format_extras([tile])
        if seat and prevailing:
            out.append(DoubleItem(Double.DOUBLE_EXTRA_TILE, text))
        elif seat:
            out.append(DoubleItem(Double.SEAT_EXTRA_TILE, text))
        elif prevailing:
            out.append(DoubleItem(Double.ROUND_EXTRA_TILE, text))
    held = set(hand.extras)
    if len(held) == 8:
        out.append(DoubleItem(Double.ALL_EIGHT_EXTRA_TILES, format_extras(sorted(held, key=lambda t: t.digit))))
    else:
        for group in ExtraGroup:
            tiles = [t for t in ExtraTile if t.group is group]
            if held.issuperset(tiles):
                out.append(DoubleItem(Double.FOUR_EXTRA_TILES, format_extras(tiles)))
    return out


def _tile_doubles(kinds: Iterable[int]) -> list[DoubleItem]:
    """Doubles about the tiles as a whole: suits, simples, numbers above or below five."""
    kinds = set(kinds)
    numbers = [k for k in kinds if k < 27]
    honors = [k for k in kinds if k >= 27]
    suits = {k // 9 for k in numbers}
    out = []
    if len(suits) == 2 and not honors:
        out.append(DoubleItem(Double.TWO_SUITS))  # a(2): the hand uses exactly two of the three suits
    if len(suits) == 1 and not honors:
        out.append(DoubleItem(Double.FLUSH))
    if len(suits) == 1 and honors:
        out.append(DoubleItem(Double.HALF_FLUSH))
    if not honors and all(k % 9 not in (0, 8) for k in numbers):
        out.append(DoubleItem(Double.ALL_SIMPLES))
    if not honors and all(k % 9 + 1 > 5 for k in numbers):
        out.append(DoubleItem(Double.ALL_ABOVE_FIVE))
    if not honors and all(k % 9 + 1 < 5 for k in numbers):
        out.append(DoubleItem(Double.ALL_BELOW_FIVE))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Doubles of four sets and a pair


def _set_doubles(
    groups: Sequence[_Group], pair: int, hand: ClassicalHand, all_counts: Sequence[int]
) -> list[DoubleItem]:
    out: list[DoubleItem] = []
    runs = sorted(first for form, first, _ in groups if form == _RUN)
    pungs = [(first, form, concealed) for form, first, concealed in groups if form != _RUN]
    pair_text = format_kinds([TileKind(pair)] * 2)

    if not pungs and pair < 27:
        out.append(DoubleItem(Double.ALL_SEQUENCES))
    if not runs:
        out.append(DoubleItem(Double.ALL_TRIPLETS))

    # Straights: 1-2-3, 4-5-6, 7-8-9 in one suit b(2), or from exactly two suits a(3).
    starts = {n: [r for r in runs if r % 9 == n] for n in (0, 3, 6)}
    straight_suits = {len({a // 9, b // 9, c // 9}) for a, b, c in itertools.product(starts[0], starts[3], starts[6])}
    if 1 in straight_suits:
        out.append(DoubleItem(Double.PURE_STRAIGHT))
    elif 2 in straight_suits:
        out.append(DoubleItem(Double.MIXED_STRAIGHT))

    # All four tiles of one number kind spread over sets (never a quartet): a(4), c(1), d(6).
    for kind in range(27):
        if all_counts[kind] != 4:
            continue
        in_runs = sum(1 for r in runs if r <= kind <= r + 2 and r // 9 == kind // 9)
        text = str(TileKind(kind))
        if in_runs == 1 and any(first == kind and form == _TRIPLET for first, form, _ in pungs):
            out.append(DoubleItem(Double.FOUR_IN_TRIPLET_AND_SEQUENCE, text))
        elif in_runs == 2 and pair == kind:
            out.append(DoubleItem(Double.FOUR_IN_TWO_SEQUENCES_AND_PAIR, text))
        elif in_runs == 4:
            out.append(DoubleItem(Double.FOUR_IN_FOUR_SEQUENCES, text))

    # Outside hand a(5) / terminals in all c(3).
    units = [_group_kinds(g) for g in groups] + [(pair,)]
    if all(any(_is_yaochuu(k) for k in unit) for unit in units):
        if any(k >= 27 for unit in units for k in unit):
            out.append(DoubleItem(Double.OUTSIDE_HAND))
        else:
            out.append(DoubleItem(Double.TERMINALS_IN_ALL))

    # Twins a(7) / double twins d(2): identical sequences.
    run_counts = Counter(runs)
    twins = [r for r, c in run_counts.items() for _ in range(c // 2)]
    if len(twins) >= 2:
        out.append(DoubleItem(Double.DOUBLE_TWINS, " ".join(_group_tiles((_RUN, r, True)) for r in twins)))
    elif twins:
        out.append(DoubleItem(Double.TWIN, _group_tiles((_RUN, twins[0], True))))

    # Young and old a(8) / double d(3): 1-2-3 with 7-8-9 of the same suit.
    young_old = [s for s in range(3) for _ in range(min(run_counts[9 * s], run_counts[9 * s + 6]))]
    if len(young_old) >= 2:
        out.append(DoubleItem(Double.DOUBLE_YOUNG_AND_OLD))
    elif young_old:
        out.append(DoubleItem(Double.YOUNG_AND_OLD, "123" + "mps"[young_old[0]] + " 789" + "mps"[young_old[0]]))

    # Three cousins a(9): the same sequence in all three suits.
    for n in range(7):
        if all(run_counts[9 * s + n] for s in range(3)):
            out.append(DoubleItem(Double.THREE_COUSINS, f"{n + 1}{n + 2}{n + 3}"))
            break

    # Wind and dragon sets a(11), a(12), a(13), b(5); little/big winds and dragons d(7), d(8), e(2), e(3).
    wind_sets = [first for first, _, _ in pungs if 27 <= first <= 30]
    dragon_sets = [first for first, _, _ in pungs if first >= 31]
    for first in wind_sets:
        seat = first == hand.seat_wind.kind
        prevailing = first == hand.round_wind.kind
        text = str(TileKind(first))
        if seat and prevailing:
            out.append(DoubleItem(Double.DOUBLE_WIND, text))
        elif seat:
            out.append(DoubleItem(Double.SEAT_WIND, text))
        elif prevailing:
            out.append(DoubleItem(Double.ROUND_WIND, text))
    out.extend(DoubleItem(Double.DRAGON_SET, str(TileKind(first))) for first in dragon_sets)
    if len(wind_sets) == 4:
        out.append(DoubleItem(Double.BIG_FOUR_WINDS))
    elif len(wind_sets) == 3 and 27 <= pair <= 30:
        out.append(DoubleItem(Double.LITTLE_FOUR_WINDS, pair_text))
    if len(dragon_sets) == 3:
        out.append(DoubleItem(Double.BIG_THREE_DRAGONS))
    elif len(dragon_sets) == 2 and pair >= 31:
        out.append(DoubleItem(Double.LITTLE_THREE_DRAGONS, pair_text))

    # Concealed triplets b(6), c(7) (a concealed quartet is a concealed triplet and more) and quartets b(7), c(8), e(4).
    concealed_pungs = sum(1 for _, _, concealed in pungs if concealed)
    if concealed_pungs == 4:
        out.append(DoubleItem(Double.FOUR_CONCEALED_TRIPLETS))
    elif concealed_pungs == 3:
        out.append(DoubleItem(Double.THREE_CONCEALED_TRIPLETS))
    concealed_quartets = sum(1 for _, form, concealed in pungs if concealed and form == _QUARTET)
    quartet_double = {2: Double.TWO_CONCEALED_QUARTETS, 3: Double.THREE_CONCEALED_QUARTETS}
    if concealed_quartets == 4:
        out.append(DoubleItem(Double.FOUR_CONCEALED_QUARTETS))
    elif concealed_quartets in quartet_double:
        out.append(DoubleItem(quartet_double[concealed_quartets]))

    # All sets and the pair from discards b(8): four melds called from discards and the pair on a discard.
    called = [m for m in hand.melds if m.kind is not MeldKind.ANKAN]
    if len(called) == 4 and not hand.tsumo:
        out.append(DoubleItem(Double.ALL_FROM_DISCARDS))

    # Five kinds c(4): sets and pair cover crack, bamboo, circle, wind and dragon.
    families = {0 if k < 9 else 1 if k < 18 else 2 if k < 27 else 3 if k <= 30 else 4 for unit in units for k in unit}
    if len(families) == 5:
        out.append(DoubleItem(Double.FIVE_KINDS))

    # One number in all sets and the pair d(4).
    if pair < 27 and all(k < 27 for unit in units for k in unit):
        for number in range(9):
            if all(any(k % 9 == number for k in unit) for unit in units):
                out.append(DoubleItem(Double.ONE_NUMBER, str(number + 1)))
                break

    if pair < 27 and pair % 9 in (1, 4, 7):
        out.append(DoubleItem(Double.PAIR_258, pair_text))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Shapes and waits


def _is_unrelated(counts: Sequence[int]) -> bool:
    """Unrelated tiles b(4) (our reading, see docs/classical.md): fourteen different tiles, no two tiles of one
    suit closer than three apart, so that no two could ever belong to one set."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return False
    for suit in range(3):
        held = [n for n in range(9) if counts[9 * suit + n]]
        if any(b - a < 3 for a, b in itertools.pairwise(held)):
            return False
    return True


def _special_shapes(counts: Sequence[int], rules: ClassicalRules) -> list[Shape]:
    shapes = []
    if dec.is_seven_pairs(counts, allow_four=rules.seven_pairs_four_of_a_kind):
        shapes.append(Shape.SEVEN_PAIRS)
    if dec.is_thirteen_orphans(counts):
        shapes.append(Shape.THIRTEEN_ORPHANS)
    if _is_unrelated(counts):
        shapes.append(Shape.UNRELATED_TILES)
    return shapes


def _wait_kinds(hand: ClassicalHand, rules: ClassicalRules) -> set[int]:
    """The kinds that would have completed the hand before the winning tile (a fifth copy excluded)."""
    assert hand.win is not None
    counts = list(hand.counts)
    counts[hand.win.kind] -= 1
    held = hand.all_kind_counts()
    waits = set(dec.completing_kinds(counts))
    if not hand.melds:
        for kind in range(34):
            counts[kind] += 1
            if _special_shapes(counts, rules):
                waits.add(kind)
            counts[kind] -= 1
    return {k for k in waits if held[k] < 4 or k == hand.win.kind}


def _readings(hand: ClassicalHand) -> Iterable[tuple[list[_Group], int, PointSource | None]]:
    """Every standard reading with every placement of the winning tile: (groups, pair, wait point source)."""
    assert hand.win is not None
    win = int(hand.win.kind)
    meld_groups: list[_Group] = []
    for meld in hand.melds:
        form = _RUN if meld.kind is MeldKind.CHI else _QUARTET if meld.kind.is_kan else _TRIPLET
        meld_groups.append((form, int(meld.first), meld.kind is MeldKind.ANKAN))
    for pair, sets in dec.decompose(hand.counts):
        placements: list[tuple[int, PointSource | None]] = []
        if pair == win:
            placements.append((-1, PointSource.MAKING_A_PAIR))
        seen: set[int] = set()
        for index, code in enumerate(sets):
            if code in seen or win not in dec.set_kinds(code):
                continue
            seen.add(code)
            wait: PointSource | None = None
            if dec.is_run(code):
                first = dec.set_first(code)
                middle = win == first + 1
                marginal = (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6)
                wait = PointSource.ONE_CHANCE_WAIT if middle or marginal else None
            placements.append((index, wait))
        for index, wait in placements:
            groups = list(meld_groups)
            for i, code in enumerate(sets):
                if dec.is_run(code):
                    groups.append((_RUN, dec.set_first(code), True))
                else:
                    # A triplet completed by a discard counts as exposed (docs/classical.md, decision 21).
                    groups.append((_TRIPLET, code, hand.tsumo or i != index))
            yield groups, pair, wait


# ---------------------------------------------------------------------------------------------------------------


def _finish(
    shape: Shape, point_items: list[PointItem], double_items: list[DoubleItem], rules: ClassicalRules
) -> ClassicalScore:
    raw = sum(item.points for item in point_items)
    if rules.system is ScoringSystem.DOUBLES_ONLY:
        point_items = [PointItem(PointSource.UNIT, "", rules.unit)]
        raw = points = rules.unit
    else:
        points = round_points(raw, rules.points_rounding)
    doubles = sum(item.doubles for item in double_items)
    factor = multiplier(doubles, slam=rules.slam)
    uncapped = round_value(points * factor, rules.value_rounding)
    return ClassicalScore(
        shape=shape,
        raw_points=raw,
        points=points,
        doubles=doubles,
        multiplier=factor,
        value=cap_value(uncapped, rules),
        uncapped=uncapped,
        point_items=tuple(point_items),
        double_items=tuple(double_items),
    )


def _common_points(hand: ClassicalHand) -> list[PointItem]:
    items = [*_extra_points(hand), PointItem(PointSource.COMPLETING, "", 20)]
    if hand.tsumo:
        items.append(PointItem(PointSource.SELF_DRAWING, str(hand.win), 2))
    return items


def score_classical(hand: ClassicalHand, rules: ClassicalRules) -> ClassicalScore:
    """Value a classical hand under ``rules``: the best reading, with every point source and double explained.

    Raises:
        InvalidHandError: extra tiles held when the rules play without them.
        NotWinningError: the tiles form no winning shape (four sets and a pair, seven pairs, thirteen orphans,
            unrelated tiles), and the hand is not the eight-extra-tiles win.
    """
    if hand.extras and not rules.extra_tiles:
        raise InvalidHandError(
            f"extra tiles {quote(format_extras(hand.extras))} held, but these rules play without them",
            code=ErrorCode.EXTRA_TILES_NOT_PLAYED,
            fields={"extras": format_extras(hand.extras)},
        )
    if hand.win is None:
        # Seed 003, A.2 e(5): all eight extra tiles complete the game at once; only they are scored.
        items = [*_extra_points(hand), PointItem(PointSource.COMPLETING, "", 20)]
        return _finish(Shape.EXTRA_TILES, items, _extra_doubles(hand), rules)
    counts = hand.counts
    all_counts = hand.all_kind_counts()
    one_chance = hand.one_chance or len(_wait_kinds(hand, rules)) == 1
    common_doubles = _condition_doubles(hand, one_chance) + _extra_doubles(hand)
    candidates: list[ClassicalScore] = []
    kinds_held = [k for k in range(34) if all_counts[k]]
    for groups, pair, wait in _readings(hand):
        items = [item for group in groups if (item := _set_points(group, rules)) is not None]
        pair_item = _pair_points(pair, hand)
        if pair_item is not None:
            items.append(pair_item)
        items.extend(_common_points(hand))
        if wait is not None:
            items.append(PointItem(wait, str(hand.win), 2))
        doubles = _tile_doubles(kinds_held) + _set_doubles(groups, pair, hand, all_counts) + common_doubles
        candidates.append(_finish(Shape.STANDARD, items, doubles, rules))
    if not hand.melds:
        for shape in _special_shapes(counts, rules):
            items = _common_points(hand)
            doubles = list(common_doubles)
            if shape == Shape.SEVEN_PAIRS:
                for kind in range(27, 34):
                    for _ in range(counts[kind] // 2):
                        pair_item = _pair_points(kind, hand)
                        assert pair_item is not None
                        items.append(pair_item)
                items.append(PointItem(PointSource.MAKING_A_PAIR, str(hand.win), 2))
                doubles += [DoubleItem(Double.SEVEN_PAIRS), *_tile_doubles(kinds_held)]
            elif shape == Shape.THIRTEEN_ORPHANS:
                doubles.append(DoubleItem(Double.THIRTEEN_ORPHANS))
            else:
                doubles.append(DoubleItem(Double.UNRELATED_TILES))
            candidates.append(_finish(shape, items, doubles, rules))
    if not candidates:
        raise NotWinningError(
            f"the tiles {quote(format_tiles(hand.concealed))} with "
            f"{len(hand.melds)} meld(s) are not a winning hand: four sets and a pair, seven pairs, "
            "thirteen orphans or unrelated tiles"
        )
    return max(candidates, key=lambda s: (s.value, s.uncapped, s.doubles, s.raw_points))

"""The value of a scored hand (:class:`HandScore`) and how it is put together from the best reading.

:func:`scorekeeper.engine.scoring.score_hand` finds the best reading with plain ints and records it in a
:class:`_Best`; :func:`build_score` turns that into the public :class:`HandScore` with shared immutable values
(yaku, fu items, point values and payments are looked up, not made, for every hand after the first of a kind).
The explanation of a score (its fu breakdown and its reading as groups) is worked out only when asked for.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.engine.decomposition import RUN, format_set
from scorekeeper.engine.fu import FuItem, FuReason, set_fu
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.points import (
    BAIMAN_BASE,
    HANEMAN_BASE,
    KIRIAGE_BASE,
    MANGAN_BASE,
    SANBAIMAN_BASE,
    YAKUMAN_BASE,
    Payment,
    PointValue,
    pay,
    value_from_han_fu,
    value_from_yakuman,
)
from scorekeeper.engine.rules import HandRules, KazoeLimit, RenhouValue
from scorekeeper.engine.tiles import Wind, format_tiles
from scorekeeper.engine.yaku import DOUBLE_YAKUMAN, Yaku, closed_han

__all__ = ["HandScore", "WaitKind", "YakuValue", "build_score"]


class WaitKind(enum.StrEnum):
    """How the winning tile completed the hand in the chosen reading."""

    RYANMEN = "ryanmen"  # two-sided: 23 waiting on 1 or 4
    KANCHAN = "kanchan"  # closed: 24 waiting on 3
    PENCHAN = "penchan"  # edge: 12 waiting on 3, 89 on 7
    SHANPON = "shanpon"  # dual pon: the tile completed a triplet
    TANKI = "tanki"  # pair wait (also every chiitoitsu wait)
    KOKUSHI = "kokushi"  # thirteen orphans on a single tile
    KOKUSHI_13 = "kokushi_13"  # thirteen orphans waiting on all thirteen


@dataclass(frozen=True, slots=True, kw_only=True)
class YakuValue:
    """A yaku in a scored hand: its han, or for a yakuman its multiplier (han is then 0)."""

    yaku: Yaku
    han: int = 0
    yakuman: int = 0

    def as_dict(self) -> dict[str, object]:
        """The public JSON shape: ``{"name", "han"}`` or ``{"name", "yakuman"}``."""
        if self.yakuman:
            return {"name": self.yaku.value, "yakuman": self.yakuman}
        return {"name": self.yaku.value, "han": self.han}


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScore:
    """The value of a winning hand and how it was reached.

    Attributes:
        yaku: the yaku counted, in the public list's order (only yakuman for a yakuman hand).
        dora: han from dora indicators (kan dora included; each indicator counts).
        aka: han from red fives (0 when the ruleset has none).
        ura: han from ura dora indicators (0 without riichi).
        value: han, fu, yakuman multiplier, limit and base points.
        payment: who pays how much (before honba).
        wait: how the winning tile completed the chosen reading.

    The explanation (:attr:`fu_breakdown`, :attr:`groups`) is worked out when asked for, not while scoring:
    the GUI's wait list and the benchmark score many hands whose breakdown nobody reads.
    """

    yaku: tuple[YakuValue, ...]
    dora: int
    aka: int
    ura: int
    value: PointValue
    payment: Payment
    wait: WaitKind
    explanation: _Best = field(repr=False, compare=False)

    def __init__(
        self,
        *,
        yaku: tuple[YakuValue, ...],
        dora: int,
        aka: int,
        ura: int,
        value: PointValue,
        payment: Payment,
        wait: WaitKind,
        explanation: _Best,
    ) -> None:
        # Written out rather than generated: the slot descriptors set faster than object.__setattr__ (see Hand).
        set_yaku, set_dora, set_aka, set_ura, set_value, set_payment, set_wait, set_explanation = _SCORE_SETTERS
        set_yaku(self, yaku)
        set_dora(self, dora)
        set_aka(self, aka)
        set_ura(self, ura)
        set_value(self, value)
        set_payment(self, payment)
        set_wait(self, wait)
        set_explanation(self, explanation)

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """Every fu item before rounding, in counting order (empty for a yakuman hand)."""
        return self.explanation.fu_breakdown()

    @property
    def groups(self) -> tuple[str, ...]:
        """The chosen reading as mpsz groups: the pair, the concealed sets, then the melds (``123m+chi``)."""
        return self.explanation.groups()

    @property
    def han(self) -> int | None:
        """Total han (None for a yakuman hand outside aotenjou)."""
        return self.value.han

    @property
    def fu(self) -> int | None:
        """Rounded fu (25 for chiitoitsu; None for a yakuman hand outside aotenjou)."""
        return self.value.fu

    @property
    def points(self) -> int:
        """The hand's value before honba: the ron payment or the sum of the tsumo payments."""
        return self.payment.total


# The slot setters of HandScore's fields, in field order (see HandScore.__init__).
_SCORE_SETTERS = tuple(getattr(HandScore, f.name).__set__ for f in dataclasses.fields(HandScore))


class _WritableScore:
    """HandScore's slots, in the same order, writable: ``build_score`` fills one and makes it a HandScore."""

    __slots__ = HandScore.__slots__
    yaku: tuple[YakuValue, ...]
    dora: int
    aka: int
    ura: int
    value: PointValue
    payment: Payment
    wait: WaitKind
    explanation: _Best


_YAKU_ORDER = {y: i for i, y in enumerate(Yaku)}
# Members read per hand, as globals (reading one through its class costs ten times as much on 3.11; scoring.py).
_EAST = Wind.EAST
_RENHOU_MANGAN = RenhouValue.MANGAN
_PINFU_1 = (Yaku.PINFU, 1)
_SANANKOU_2 = (Yaku.SANANKOU, 2)
_CHIITOITSU_2 = (Yaku.CHIITOITSU, 2)
#: Whether each of the 34 kinds is a terminal or an honour (yaochuu), by kind.
IS_TERMINAL_OR_HONOR = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_TH = IS_TERMINAL_OR_HONOR
# The yakuman that count double under the double_yakuman knob.
_DOUBLE = DOUBLE_YAKUMAN
# Base points by han from 5 to 12 (seed 004, 6.1): mangan, haneman, baiman, sanbaiman.
LIMIT_BY_HAN = (
    *(0,) * 5,
    MANGAN_BASE,
    HANEMAN_BASE,
    HANEMAN_BASE,
    BAIMAN_BASE,
    BAIMAN_BASE,
    BAIMAN_BASE,
    SANBAIMAN_BASE,
    SANBAIMAN_BASE,
)

# Wait codes used inside the loop (ints are cheaper than enum members there).
_RYANMEN, _KANCHAN, _PENCHAN, _SHANPON, _TANKI, _KOKUSHI, _KOKUSHI_13 = range(7)
_WAIT_KINDS = (
    WaitKind.RYANMEN,
    WaitKind.KANCHAN,
    WaitKind.PENCHAN,
    WaitKind.SHANPON,
    WaitKind.TANKI,
    WaitKind.KOKUSHI,
    WaitKind.KOKUSHI_13,
)
_WAIT_FU_REASON = {_KANCHAN: FuReason.CLOSED_WAIT, _PENCHAN: FuReason.EDGE_WAIT, _TANKI: FuReason.PAIR_WAIT}


def _base(han: int, fu: int, rules: HandRules) -> int:
    """Base points for han and rounded fu; the same rules as :func:`points.value_from_han_fu`, as one int."""
    if rules.aotenjou:
        return fu << (2 + han)
    if han >= 13:
        return YAKUMAN_BASE if rules.kazoe is KazoeLimit.YAKUMAN else SANBAIMAN_BASE
    if han >= 5:
        return LIMIT_BY_HAN[han]
    raw = fu << (2 + han)
    if raw >= MANGAN_BASE or (raw == KIRIAGE_BASE and rules.kiriage_mangan):
        return MANGAN_BASE
    return raw


def _yakuman_multiplier(yakuman: Sequence[Yaku], rules: HandRules) -> int:
    parts = [2 if rules.double_yakuman and y in _DOUBLE else 1 for y in yakuman]
    return sum(parts) if rules.compound_yakuman else max(parts)


# Under aotenjou a yakuman is a 13-han yaku and the hand's other yaku still count (seed 002), except those the
# yakuman already contains, which would count twice: its precursors.
_PRECURSORS: dict[Yaku, frozenset[Yaku]] = {
    Yaku.DAISANGEN: frozenset({Yaku.YAKUHAI_HAKU, Yaku.YAKUHAI_HATSU, Yaku.YAKUHAI_CHUN, Yaku.SHOUSANGEN}),
    Yaku.TSUUIISOU: frozenset({Yaku.TOITOI, Yaku.HONROUTOU}),
    Yaku.DAISUUSHII: frozenset({Yaku.TOITOI}),
    Yaku.SUUANKOU: frozenset({Yaku.TOITOI, Yaku.SANANKOU}),
    Yaku.SUUANKOU_TANKI: frozenset({Yaku.TOITOI, Yaku.SANANKOU}),
    Yaku.CHINROUTOU: frozenset({Yaku.TOITOI, Yaku.HONROUTOU}),
    Yaku.SUUKANTSU: frozenset({Yaku.TOITOI, Yaku.SANKANTSU}),
    Yaku.CHUUREN_POUTOU: frozenset({Yaku.CHINITSU}),
    Yaku.JUNSEI_CHUUREN_POUTOU: frozenset({Yaku.CHINITSU}),
    Yaku.RYUUIISOU: frozenset({Yaku.HONITSU}),
}


def _aotenjou_other_yaku(yakuman: Sequence[Yaku], others: Sequence[tuple[Yaku, int]]) -> list[tuple[Yaku, int]]:
    """The non-yakuman yaku that add to a yakuman hand's han under aotenjou."""
    dropped: set[Yaku] = set()
    for yaku in yakuman:
        dropped |= _PRECURSORS.get(yaku, frozenset())
    return [(yaku, han) for yaku, han in others if yaku not in dropped]


# Yaku that describe how the hand was won rather than its shape: the only ones that go with thirteen orphans.
_SITUATIONAL = frozenset(
    {
        Yaku.RIICHI,
        Yaku.DOUBLE_RIICHI,
        Yaku.IPPATSU,
        Yaku.MENZEN_TSUMO,
        Yaku.CHANKAN,
        Yaku.RINSHAN_KAIHOU,
        Yaku.HAITEI,
        Yaku.HOUTEI,
    }
)


class _Best:
    """The best candidate so far, then the explanation of the chosen one (fu breakdown, reading).

    One mutable object per call, so the loop creates no objects per candidate; the attributes of a standard
    reading (``pair``, ``sets``...) are set only when such a reading is kept, and read only then.
    """

    __slots__ = (
        "closed",
        "fu",
        "hand",
        "key",
        "pair",
        "pinfu",
        "place",
        "prevailing",
        "reading_yaku",
        "rules",
        "sanankou",
        "seat",
        "sets",
        "shape",
        "wait",
        "yakuman",
    )

    def __init__(self) -> None:
        self.key: tuple[int, int, int, int, int] = (-1, 0, 0, 0, 0)
        self.shape = ""
        self.yakuman: list[Yaku] = []
        self.pair: int
        self.sets: tuple[int, ...]
        self.place: int
        self.wait: int
        self.fu: int
        self.pinfu: bool
        self.sanankou: bool
        self.reading_yaku: tuple[tuple[Yaku, int], ...]
        self.hand: Hand
        self.rules: HandRules
        self.closed: bool
        self.seat: int
        self.prevailing: int

    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """The fu items of the chosen reading (see :attr:`HandScore.fu_breakdown`)."""
        if self.yakuman and not self.rules.aotenjou:
            return ()  # fu only matter for a yakuman under aotenjou
        if self.shape == "chiitoitsu":
            return (_fu_item(FuReason.CHIITOITSU, 25),)
        if self.shape == "kokushi":
            way = (FuReason.TSUMO, 2) if self.hand.tsumo else (FuReason.CLOSED_RON, 10)
            return tuple(_fu_item(*item) for item in ((FuReason.BASE, 20), (FuReason.PAIR_WAIT, 2), way))
        return _standard_fu_items(self)

    def groups(self) -> tuple[str, ...]:
        """The chosen reading as mpsz groups (see :attr:`HandScore.groups`)."""
        hand = self.hand
        if self.shape == "standard":
            return (
                _PAIR_TEXT[self.pair],
                *[_SET_TEXT[code] for code in self.sets],
                *[str(meld) for meld in hand.melds],
            )
        if self.shape == "chiitoitsu":
            return tuple(_PAIR_TEXT[k] for k in range(34) if hand.counts[k])
        return (format_tiles(hand.concealed),)


# Triplet and kong fu items, indexed like _SET_FU (4*kan + 2*closed + terminal_or_honor), and the other items:
# shared immutable values, so that a breakdown is a tuple of table lookups.
_SET_ITEMS = tuple(
    FuItem(*set_fu(kan=bool(i & 4), closed=bool(i & 2), terminal_or_honor=bool(i & 1))) for i in range(8)
)
# A called set's item by its shape's fu index (Meld._shape; a chi, index 8, has none).
_MELD_ITEMS: tuple[FuItem | None, ...] = (*_SET_ITEMS, None)
_BASE_ITEM = FuItem(FuReason.BASE, 20)
_DRAGON_PAIR_ITEM = FuItem(FuReason.DRAGON_PAIR, 2)
_SEAT_WIND_PAIR_ITEM = FuItem(FuReason.SEAT_WIND_PAIR, 2)
_ROUND_WIND_PAIR_ITEM = FuItem(FuReason.ROUND_WIND_PAIR, 2)
_DOUBLE_WIND_PAIR_ITEMS = {fu: FuItem(FuReason.DOUBLE_WIND_PAIR, fu) for fu in (2, 4)}
_WAIT_ITEMS = {wait: FuItem(reason, 2) for wait, reason in _WAIT_FU_REASON.items()}
_TSUMO_ITEM = FuItem(FuReason.TSUMO, 2)
_CLOSED_RON_ITEM = FuItem(FuReason.CLOSED_RON, 10)
_OPEN_PINFU_ITEM = FuItem(FuReason.OPEN_PINFU, 2)


def _standard_fu_items(best: _Best) -> tuple[FuItem, ...]:
    """The fu breakdown of the chosen standard reading (the loop above only adds the numbers)."""
    tsumo = best.hand.tsumo
    closed = best.closed
    items = [_BASE_ITEM]
    place = best.place
    for index, code in enumerate(best.sets):
        if code >= RUN:
            break  # triplets come first
        # A triplet completed by ron counts as open (seed 004, 6.3).
        items.append(_SET_ITEMS[2 * (tsumo or index != place) + _TH[code]])
    for meld in best.hand.melds:
        item = _MELD_ITEMS[meld._shape[4]]
        if item is not None:
            items.append(item)
    pair = best.pair
    if pair >= 31:
        items.append(_DRAGON_PAIR_ITEM)
    elif pair == best.seat and pair == best.prevailing:
        items.append(_DOUBLE_WIND_PAIR_ITEMS[best.rules.double_wind_pair_fu])
    elif pair == best.seat:
        items.append(_SEAT_WIND_PAIR_ITEM)
    elif pair == best.prevailing:
        items.append(_ROUND_WIND_PAIR_ITEM)
    wait_item = _WAIT_ITEMS.get(best.wait)
    if wait_item is not None:
        items.append(wait_item)
    if tsumo:
        if not best.pinfu:
            items.append(_TSUMO_ITEM)
    elif closed:
        items.append(_CLOSED_RON_ITEM)
    total = 0
    for item in items:
        total += item.fu
    if total == 20 and not closed:
        items.append(_OPEN_PINFU_ITEM)
        total = 22
    assert (total if total == 20 else -(-total // 10) * 10) == best.fu, (items, best.fu)  # round_fu, inlined
    return tuple(items)


def _kind_text(kind: int, copies: int) -> str:
    return f"{str(kind % 9 + 1) * copies}{'mpsz'[kind // 9]}"


# Lookup tables and small caches for building the result: the values are immutable, so sharing them is safe.
_PAIR_TEXT = tuple(_kind_text(k, 2) for k in range(34))
_SET_TEXT = tuple(format_set(code) if code < 34 or (code - RUN) % 9 <= 6 else "" for code in range(RUN + 27))
_YAKU_VALUES: dict[tuple[Yaku, int, int], YakuValue] = {}


class _FuItems(dict[tuple[FuReason, int], FuItem]):
    """The shared :class:`FuItem` of each (reason, fu) pair: a hit is one dict subscript, no Python call."""

    def __missing__(self, key: tuple[FuReason, int]) -> FuItem:
        item = self[key] = FuItem(*key)
        return item


class _HanYaku(dict[tuple[Yaku, int], YakuValue]):
    """The shared :class:`YakuValue` of each (yaku, han) pair of a non-yakuman yaku."""

    def __missing__(self, key: tuple[Yaku, int]) -> YakuValue:
        value = self[key] = YakuValue(yaku=key[0], han=key[1])
        return value


class _YakumanYaku(dict[tuple[Yaku, int], YakuValue]):
    """The shared :class:`YakuValue` of each (yakuman, multiplier) pair."""

    def __missing__(self, key: tuple[Yaku, int]) -> YakuValue:
        value = self[key] = YakuValue(yaku=key[0], yakuman=key[1])
        return value


class _YakuOrder(dict[tuple[Yaku, int], int]):
    """The place of a (yaku, han) pair in the public list's order (a C-level sort key)."""

    def __missing__(self, key: tuple[Yaku, int]) -> int:
        order = self[key] = _YAKU_ORDER[key[0]]
        return order


_FU_ITEMS = _FuItems()
_HAN_YAKU = _HanYaku()
_YAKUMAN_YAKU = _YakumanYaku()
# The value of a yakuman hand outside aotenjou depends on its multiplier alone (points.value_from_yakuman).
_YAKUMAN_VALUES: dict[int, PointValue] = {}
_ORDER_KEY = _YakuOrder().__getitem__
_VALUES: dict[tuple[int, int, bool, KazoeLimit, bool], PointValue] = {}
_PAYMENTS: dict[tuple[int, bool, bool, bool], Payment] = {}


def _fu_item(reason: FuReason, fu: int) -> FuItem:
    return _FU_ITEMS[(reason, fu)]


def _yaku_value(yaku: Yaku, han: int, yakuman: int) -> YakuValue:
    value = _YAKU_VALUES.get((yaku, han, yakuman))
    if value is None:
        value = _YAKU_VALUES[(yaku, han, yakuman)] = YakuValue(yaku=yaku, han=han, yakuman=yakuman)
    return value


def _yakuman_value(mult: int, rules: HandRules) -> PointValue:
    value = _YAKUMAN_VALUES[mult] = value_from_yakuman(mult, rules)
    return value


def _han_fu_value(han: int, fu: int, rules: HandRules) -> PointValue:
    key = (han, fu, rules.kiriage_mangan, rules.kazoe, rules.aotenjou)
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = value_from_han_fu(han, fu, rules)
    return value


def _payment(value: PointValue, dealer: bool, tsumo: bool) -> Payment:
    key = (value.base, value.exact, dealer, tsumo)
    payment = _PAYMENTS.get(key)
    if payment is None:
        payment = _PAYMENTS[key] = pay(value, dealer=dealer, tsumo=tsumo)
    return payment


# The public yaku tuple of each list of (yaku, han) pairs in the order the scorer finds them: sorting and looking up
# the shared YakuValue of each pair is done once per list. Keyed by the yaku of a hand, not by its tiles; bounded.
_YAKU_TUPLES: dict[tuple[tuple[Yaku, int], ...], tuple[YakuValue, ...]] = {}
_YAKU_TUPLES_MAX = 65_536


def _yaku_tuple(
    found: list[tuple[Yaku, int]], hand: Hand, rules: HandRules, best: _Best, han: int
) -> tuple[tuple[YakuValue, ...], PointValue | None]:
    """The sorted yaku of a hand valued by han and fu, and its value when renhou as a mangan changes it."""
    key = tuple(found)
    if len(found) > 1:
        found = sorted(found, key=_ORDER_KEY)
    value = None
    if rules.renhou is RenhouValue.MANGAN and hand.renhou:
        # EMA 2016: renhou is "a strict mangan": the hand is a mangan, or what it is worth without renhou if
        # that is more (the highest-scoring possibility, seed 004 6).
        found = [item for item in found if item[0] is not Yaku.RENHOU]
        without = han - closed_han(Yaku.RENHOU)
        if found and _base(without, best.fu, rules) > MANGAN_BASE:
            value = _han_fu_value(without, best.fu, rules)
        else:
            found = [(Yaku.RENHOU, closed_han(Yaku.RENHOU))]
            value = _han_fu_value(closed_han(Yaku.RENHOU), best.fu, rules)
        return tuple([_HAN_YAKU[item] for item in found]), value
    yaku = tuple([_HAN_YAKU[item] for item in found])
    if len(_YAKU_TUPLES) < _YAKU_TUPLES_MAX:
        _YAKU_TUPLES[key] = yaku
    return yaku, value


def build_score(  # noqa: PLR0917
    hand: Hand,
    rules: HandRules,
    best: _Best,
    base_yaku: list[tuple[Yaku, int]],
    dora: int,
    aka: int,
    ura: int,
    seat: int,
    prevailing: int,
    closed: bool,
) -> HandScore:
    best.hand = hand
    best.rules = rules
    best.closed = closed
    best.seat = seat
    best.prevailing = prevailing
    if best.yakuman:
        double = rules.double_yakuman
        parts = [(y, 2 if double and y in _DOUBLE else 1) for y in best.yakuman]
        if len(parts) > 1:
            parts.sort(key=_ORDER_KEY)
        mult = _yakuman_multiplier(best.yakuman, rules)
        yaku = tuple([_YAKUMAN_YAKU[part] for part in parts])
        if rules.aotenjou:
            if best.shape == "kokushi":
                others = [(y, h) for y, h in base_yaku if y in _SITUATIONAL]
            elif best.shape == "chiitoitsu":
                others = _aotenjou_other_yaku(best.yakuman, [*base_yaku, (Yaku.CHIITOITSU, 2)])
            else:
                found = [*base_yaku, *best.reading_yaku]
                if best.pinfu:
                    found.append(_PINFU_1)
                if best.sanankou:
                    found.append(_SANANKOU_2)
                others = _aotenjou_other_yaku(best.yakuman, found)
            others.sort(key=lambda p: _YAKU_ORDER[p[0]])
            han = 13 * mult + dora + aka + ura + sum(h for _, h in others)
            value = PointValue(han=han, fu=best.fu, yakuman=mult, limit=None, base=best.fu << (2 + han), exact=True)
            yaku += tuple(_yaku_value(y, h, 0) for y, h in others)
        else:
            value = _YAKUMAN_VALUES.get(mult) or _yakuman_value(mult, rules)
    else:
        found = list(base_yaku)
        if best.shape == "standard":
            found.extend(best.reading_yaku)
            if best.pinfu:
                found.append(_PINFU_1)
            if best.sanankou:
                found.append(_SANANKOU_2)
        else:
            found.append(_CHIITOITSU_2)
        han = best.key[2]  # the loop's total: the yaku found plus dora, aka and ura
        value = _VALUES.get((han, best.fu, rules.kiriage_mangan, rules.kazoe, rules.aotenjou)) or _han_fu_value(
            han, best.fu, rules
        )
        cached = _YAKU_TUPLES.get(tuple(found))
        if cached is not None and not (hand.renhou and rules.renhou is _RENHOU_MANGAN):
            yaku = cached
        else:
            yaku, renhou_value = _yaku_tuple(found, hand, rules, best, han)
            if renhou_value is not None:
                value = renhou_value
    dealer = hand.seat_wind is _EAST
    payment = _PAYMENTS.get((value.base, value.exact, dealer, hand.tsumo)) or _payment(value, dealer, hand.tsumo)
    # The slots are filled on a writable twin that then becomes a HandScore, as hand._new_hand does for a Hand:
    # plain slot stores instead of eight descriptor calls, without binding eight keywords on the hot path.
    score = _WritableScore()
    score.yaku = yaku
    score.dora = dora
    score.aka = aka
    score.ura = ura
    score.value = value
    score.payment = payment
    score.wait = _WAIT_KINDS[best.wait]
    score.explanation = best
    score.__class__ = HandScore  # type: ignore[assignment]
    return score  # type: ignore[return-value]  # a HandScore now (typing.cast would be one more call a line)

"""Score a riichi hand: every decomposition, every reading of the wait, the one that pays most.

"When there are several ways to score the hand, the highest-scoring possibility must always be chosen"
(EMA 2016, 6; seed 004). :func:`score_hand` reads the concealed tiles in every way (four sets and a pair via
:mod:`scorekeeper.engine.decomposition`, seven pairs, thirteen orphans), places the winning tile in every set it
could have completed (so 5-6-7-8-9p won on 7p is read both as 5-6-7 two-sided and 7-8-9 edge, seed 004 6.3),
values each reading and keeps the best by base points, then yakuman count, han, fu and fu before rounding.

Yaku that do not depend on the reading (riichi, tsumo, tanyao, flushes, yakuhai, dora...) are counted once per
hand; only the reading-dependent ones and the fu are counted in the loop, with plain ints.
"""

from __future__ import annotations

import dataclasses
import enum
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.engine.decomposition import RUN, decompose_with_mask, format_set, is_thirteen_orphans
from scorekeeper.engine.fu import FuItem, FuReason, set_fu
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.points import Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules, KazoeLimit, RenhouValue
from scorekeeper.engine.tiles import TileKind, Wind, format_tiles
from scorekeeper.engine.yaku import Yaku, closed_han
from scorekeeper.errors import NotWinningError, NoYakuError

__all__ = ["HandScore", "WaitKind", "YakuValue", "score_hand"]


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
_NEW_SCORE = object.__new__
_YAKU_ORDER = {y: i for i, y in enumerate(Yaku)}
_TH = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_BIT = tuple(1 << k for k in range(34))
_TH_MASK = sum(_BIT[k] for k in range(34) if _TH[k])
_WIND_KIND = {wind: int(wind.kind) for wind in Wind}
_SIMPLE_MASK = sum(_BIT[k] for k in range(34) if not _TH[k])
_HONOR_MASK = sum(_BIT[k] for k in range(27, 34))
_TERMINAL_MASK = sum(_BIT[k] for k in (0, 8, 9, 17, 18, 26))
_OUTSIDE_RUN = tuple(code >= RUN and (code - RUN) % 9 in (0, 6) for code in range(RUN + 27))
_RUN_SUITS = (RUN, RUN + 9, RUN + 18)
_MIDDLE_MASK = sum(_BIT[k] for k in range(27) if k % 9 in (3, 4, 5))
_GREEN_MASK = sum(_BIT[k] for k in (TileKind.S2, TileKind.S3, TileKind.S4, TileKind.S6, TileKind.S8, TileKind.GREEN))
_SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_DORA_NEXT = tuple(int(TileKind(k).dora_from_indicator()) for k in range(34))
_DOUBLE = frozenset({Yaku.KOKUSHI_MUSOU_13, Yaku.SUUANKOU_TANKI, Yaku.JUNSEI_CHUUREN_POUTOU, Yaku.DAISUUSHII})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# Triplet and kong fu, indexed by 4*kan + 2*closed + terminal_or_honor (seed 004, 6.3); a chi (index 8) has none.
_SET_FU = (2, 4, 4, 8, 8, 16, 16, 32, 0)
_CHIITOITSU_YAKUMAN = frozenset({Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU, Yaku.TSUUIISOU})
_RENHOU_HAN = frozenset({RenhouValue.MANGAN, RenhouValue.FIVE_HAN})
_KOKUSHI_YAKUMAN = frozenset({Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU})
_LIMIT_BY_HAN = (0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000)

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
        return 8000 if rules.kazoe is KazoeLimit.YAKUMAN else 6000
    if han >= 5:
        return _LIMIT_BY_HAN[han]
    raw = fu << (2 + han)
    if raw >= 2000 or (raw == 1920 and rules.kiriage_mangan):
        return 2000
    return raw


def _yakuman_multiplier(yakuman: Sequence[Yaku], rules: HandRules) -> int:
    parts = [2 if rules.double_yakuman and y in _DOUBLE else 1 for y in yakuman]
    return sum(parts) if rules.compound_yakuman else max(parts)


def _yakuman_base(mult: int, fu: int, rules: HandRules, extra: int = 0) -> int:
    if rules.aotenjou:
        # Seed 002, "Aotenjou": each yakuman counts as a 13-han yaku, so the hand's other han (``extra``: the
        # win-condition yaku and the dora) add to it, on the hand's fu.
        return fu << (2 + 13 * mult + extra)
    return 8000 * mult


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


def score_hand(hand: Hand, rules: HandRules) -> HandScore:
    """Value a winning hand under a ruleset, choosing the reading that pays most.

    Raises:
        NotWinningError: if the tiles form no winning shape.
        NoYakuError: if no reading has a yaku (dora, red fives and ura alone never are).
    """
    counts = hand.counts
    win = int(hand.win.kind)
    tsumo = hand.tsumo
    melds = hand.melds
    closed = True
    called_runs: list[int] = []
    called_trips: list[int] = []
    meld_fu = 0
    kans = 0
    closed_kans = 0
    all_counts = hand._held  # every tile, melds included (counted once, by the Hand)
    meld_mask = 0
    if melds:
        for meld in melds:
            code, opens, kan, closed_kan, fu_index, bits = meld._shape
            if code >= RUN:
                called_runs.append(code)
            else:
                called_trips.append(code)
            if opens:
                closed = False
            kans += kan
            closed_kans += closed_kan
            meld_fu += _SET_FU[fu_index]
            meld_mask |= bits
    readings, mask = decompose_with_mask(counts)
    mask |= meld_mask
    seat = _WIND_KIND[hand.seat_wind]
    prevailing = _WIND_KIND[hand.round_wind]

    # Yaku that do not depend on the reading.
    base_yaku: list[tuple[Yaku, int]] = []
    special = (
        hand.riichi
        or hand.double_riichi
        or hand.ippatsu
        or hand.chankan
        or hand.rinshan
        or hand.haitei
        or hand.houtei
        or hand.renhou
        or hand.tenhou
        or hand.chiihou
    )
    if special:
        if hand.double_riichi:
            base_yaku.append((Yaku.DOUBLE_RIICHI, 2))
        elif hand.riichi:
            base_yaku.append((Yaku.RIICHI, 1))
        if hand.ippatsu:
            base_yaku.append((Yaku.IPPATSU, 1))
        if hand.chankan:
            base_yaku.append((Yaku.CHANKAN, 1))
        if hand.rinshan:
            base_yaku.append((Yaku.RINSHAN_KAIHOU, 1))
        if hand.haitei:
            base_yaku.append((Yaku.HAITEI, 1))
        if hand.houtei:
            base_yaku.append((Yaku.HOUTEI, 1))
        if hand.renhou and rules.renhou in _RENHOU_HAN:
            # Counted as a 5-han yaku here; a flat mangan (EMA 2016) is settled in _build.
            base_yaku.append((Yaku.RENHOU, closed_han(Yaku.RENHOU)))
    if closed and tsumo:
        base_yaku.append((Yaku.MENZEN_TSUMO, 1))
    if not mask & _TH_MASK and (closed or rules.open_tanyao):
        # Tanyao; on an open hand only with open tanyao (kuitan), a ruleset knob.
        base_yaku.append((Yaku.TANYAO, 1))
    number_suits = (mask & _SUIT_MASKS[0] != 0) + (mask & _SUIT_MASKS[1] != 0) + (mask & _SUIT_MASKS[2] != 0)
    honors = mask & _HONOR_MASK
    if number_suits == 1:
        if honors:
            base_yaku.append((Yaku.HONITSU, 3 if closed else 2))
        else:
            base_yaku.append((Yaku.CHINITSU, 6 if closed else 5))
    if honors:
        if number_suits and not mask & ~_TH_MASK:
            base_yaku.append((Yaku.HONROUTOU, 2))
        if all_counts[31] >= 3:
            base_yaku.append((Yaku.YAKUHAI_HAKU, 1))
        if all_counts[32] >= 3:
            base_yaku.append((Yaku.YAKUHAI_HATSU, 1))
        if all_counts[33] >= 3:
            base_yaku.append((Yaku.YAKUHAI_CHUN, 1))
        if all_counts[seat] >= 3:
            base_yaku.append((Yaku.YAKUHAI_SEAT_WIND, 1))
        if all_counts[prevailing] >= 3:
            base_yaku.append((Yaku.YAKUHAI_ROUND_WIND, 1))
        if all_counts[31] + all_counts[32] + all_counts[33] >= 8:  # shousangen holds at least 3 + 3 + 2
            dragons = sorted(all_counts[31:34])
            if dragons[0] == 2 and dragons[1] >= 3:
                base_yaku.append((Yaku.SHOUSANGEN, 2))
    if kans == 3:
        base_yaku.append((Yaku.SANKANTSU, 2))
    base_han = 0
    for _, han in base_yaku:
        base_han += han

    # Yakuman that do not depend on the reading.
    fixed_yakuman: list[Yaku] = []
    if special:
        if hand.tenhou:
            fixed_yakuman.append(Yaku.TENHOU)
        if hand.chiihou:
            fixed_yakuman.append(Yaku.CHIIHOU)
        if hand.renhou and rules.renhou is RenhouValue.YAKUMAN:
            fixed_yakuman.append(Yaku.RENHOU)
    if not mask & _SIMPLE_MASK:
        if not mask & ~_HONOR_MASK:
            fixed_yakuman.append(Yaku.TSUUIISOU)
        if not mask & ~_TERMINAL_MASK:
            fixed_yakuman.append(Yaku.CHINROUTOU)
    if not mask & ~_GREEN_MASK:
        fixed_yakuman.append(Yaku.RYUUIISOU)
    if honors:
        if all_counts[31] >= 3 and all_counts[32] >= 3 and all_counts[33] >= 3:
            fixed_yakuman.append(Yaku.DAISANGEN)
        if all_counts[27] + all_counts[28] + all_counts[29] + all_counts[30] >= 11:  # 3 + 3 + 3 + 2 at least
            winds = sorted(all_counts[27:31])
            if winds[0] >= 3:
                fixed_yakuman.append(Yaku.DAISUUSHII)
            elif winds[0] == 2 and winds[1] >= 3:
                fixed_yakuman.append(Yaku.SHOUSUUSHII)
    elif number_suits == 1 and not melds:
        suit = win // 9 * 9
        own = counts[suit : suit + 9]
        if all(own[i] >= _CHUUREN[i] for i in range(9)):
            before = list(own)
            before[win - suit] -= 1
            fixed_yakuman.append(Yaku.JUNSEI_CHUUREN_POUTOU if tuple(before) == _CHUUREN else Yaku.CHUUREN_POUTOU)
    if kans == 4:
        fixed_yakuman.append(Yaku.SUUKANTSU)

    # Dora (each indicator counts, seed 004 6.4), red fives, ura (only with riichi).
    dora = 0
    for indicator in hand.dora:
        dora += all_counts[_DORA_NEXT[indicator.kind]]
    aka = hand._red if rules.red_fives else 0
    ura = 0
    if hand.riichi or hand.double_riichi:
        for indicator in hand.ura:
            ura += all_counts[_DORA_NEXT[indicator.kind]]
    extra = dora + aka + ura
    yakuman_extra = 0  # the han added to a yakuman's 13 under aotenjou, worked out per reading

    best = _Best()
    shaped = bool(readings)
    if readings:
        # Every reading and every placement of the winning tile, valued with plain ints; the best is kept in
        # ``best``. (Written inline: a call binding nineteen arguments cost more than the loop on a one-reading
        # hand.)
        no_melds = not melds
        outside_only = not mask & _MIDDLE_MASK  # no 4, 5 or 6 anywhere: chanta and junchan are possible
        meld_runs = tuple(called_runs)
        meld_trips = tuple(called_trips)
        double_wind_fu = rules.double_wind_pair_fu
        # Below 5 han and without aotenjou, base points are fu x 2^(2 + han) capped at mangan: inlined (see _base).
        plain_limits = not rules.aotenjou
        kiriage = rules.kiriage_mangan
        run_yaku = _CLOSED_RUN_YAKU if closed else _OPEN_RUN_YAKU
        # The codes of the runs that hold the winning tile: RUN + first kind, first <= win <= first + 2.
        low_run = RUN + win - 2
        high_run = RUN + win
        for pair, sets in readings:
            # Sets are sorted, triplet codes (< RUN) first: one C-level search splits them. Runs stay as codes here
            # (RUN + first kind); ``meld_runs`` are codes too.
            split = bisect_left(sets, RUN)
            trips = sets[:split]
            runs = sets[split:]
            all_runs = runs + meld_runs if meld_runs else runs
            all_trips = trips + meld_trips if meld_trips else trips

            if all_runs:
                # Peikou, ittsu and sanshoku depend on the runs alone: one lookup (see _RunYaku).
                reading_yaku, reading_han = run_yaku[all_runs]
                if (
                    outside_only
                    and _TH[pair]
                    and all(_OUTSIDE_RUN[r] for r in all_runs)
                    and all(_TH[t] for t in all_trips)
                ):
                    if pair >= 27 or any(t >= 27 for t in all_trips):
                        han = 2 if closed else 1
                        reading_yaku = (*reading_yaku, (Yaku.CHANTA, han))
                    else:
                        han = 3 if closed else 2
                        reading_yaku = (*reading_yaku, (Yaku.JUNCHAN, han))
                    reading_han += han
            else:
                reading_yaku = _TOITOI_YAKU
                reading_han = 2
            if len(all_trips) >= 3:
                trip_set = set(all_trips)
                for first in trip_set:
                    if first < 9 and first + 9 in trip_set and first + 18 in trip_set:
                        reading_yaku = (*reading_yaku, (Yaku.SANSHOKU_DOUKOU, 2))
                        reading_han += 2
                        break

            if pair >= 31:
                pair_fu = 2
            elif pair == seat:
                pair_fu = double_wind_fu if pair == prevailing else 2
            elif pair == prevailing:
                pair_fu = 2
            else:
                pair_fu = 0
            fixed_fu = 20 + meld_fu + pair_fu
            for t in trips:
                fixed_fu += 8 if _TH[t] else 4
            pinfu_shape = no_melds and not trips and not pair_fu

            # Placements of the winning tile: -1 for the pair, else an index into the concealed sets (triplets, then
            # runs; a repeated run is tried once).
            places = [-1] if pair == win else []
            if win in trips:
                places.append(trips.index(win))
            tried = -1
            for index, code in enumerate(runs, split):
                if low_run <= code <= high_run and code != tried:
                    places.append(index)
                    tried = code
            for place in places:
                fu = fixed_fu
                ankou = len(trips) + closed_kans
                if place < 0:
                    wait = _TANKI
                    fu += 2
                else:
                    code = sets[place]
                    if code < RUN:
                        wait = _SHANPON
                        if not tsumo:
                            # A shanpon completed by ron counts as an open triplet (seed 004, 6.3; seed 001).
                            ankou -= 1
                            fu -= 4 if _TH[code] else 2
                    else:
                        first = code - RUN
                        position = win - first
                        if position == 1:
                            wait = _KANCHAN
                            fu += 2
                        elif (position == 2 and first % 9 == 0) or (position == 0 and first % 9 == 6):
                            # Edge wait: 12 waiting on 3, or 89 waiting on 7.
                            wait = _PENCHAN
                            fu += 2
                        else:
                            wait = _RYANMEN
                pinfu = pinfu_shape and wait == _RYANMEN
                if tsumo:
                    if not pinfu:
                        fu += 2
                elif closed:
                    fu += 10
                raw_fu = fu  # the last tie-break: of equal readings, show the one with the most fu before rounding
                if fu == 20:
                    if not closed:
                        fu = 30  # open pinfu: 20 + 2, rounded (seed 004, 6.3)
                else:
                    fu = (fu + 9) // 10 * 10
                yakuman = fixed_yakuman
                if ankou == 4:
                    yakuman = [*fixed_yakuman, Yaku.SUUANKOU_TANKI if wait == _TANKI else Yaku.SUUANKOU]
                if yakuman:
                    mult = _yakuman_multiplier(yakuman, rules)
                    if rules.aotenjou:
                        others = [*base_yaku, *reading_yaku]
                        if pinfu:
                            others.append((Yaku.PINFU, 1))
                        if ankou == 3:
                            others.append((Yaku.SANANKOU, 2))
                        yakuman_extra = extra + sum(h for _, h in _aotenjou_other_yaku(yakuman, others))
                    key = (_yakuman_base(mult, fu, rules, yakuman_extra), mult, 0, fu, raw_fu)
                else:
                    han_yaku = base_han + reading_han + pinfu + 2 * (ankou == 3)
                    if not han_yaku:
                        continue
                    han = han_yaku + extra
                    if han < 5 and plain_limits:
                        base = fu << (2 + han)
                        if base >= 2000 or (base == 1920 and kiriage):
                            base = 2000
                    else:
                        base = _base(han, fu, rules)
                    key = (base, 0, han, fu, raw_fu)
                if key > best.key:
                    best.key = key
                    best.shape = "standard"
                    best.pair = pair
                    best.sets = sets
                    best.place = place
                    best.wait = wait
                    best.fu = fu
                    best.pinfu = pinfu
                    best.sanankou = ankou == 3
                    best.reading_yaku = reading_yaku
                    best.yakuman = yakuman
    if not melds and mask.bit_count() == 7 and counts.count(2) == 7:
        shaped = True
        yakuman = [y for y in fixed_yakuman if y in _CHIITOITSU_YAKUMAN]
        if yakuman:
            mult = _yakuman_multiplier(yakuman, rules)
            if rules.aotenjou:
                others = _aotenjou_other_yaku(yakuman, [*base_yaku, (Yaku.CHIITOITSU, 2)])
                yakuman_extra = extra + sum(h for _, h in others)
            key = (_yakuman_base(mult, 25, rules, yakuman_extra), mult, 0, 25, 25)
        else:
            han = base_han + 2 + extra
            key = (_base(han, 25, rules), 0, han, 25, 25)
        if key > best.key:
            best.key, best.shape, best.fu, best.wait, best.yakuman = key, "chiitoitsu", 25, _TANKI, yakuman
    elif not melds and not readings and not mask & ~_TH_MASK and is_thirteen_orphans(counts):
        shaped = True
        thirteen = counts[win] == 2
        yakuman = [Yaku.KOKUSHI_MUSOU_13 if thirteen else Yaku.KOKUSHI_MUSOU]
        yakuman.extend(y for y in fixed_yakuman if y in _KOKUSHI_YAKUMAN)
        mult = _yakuman_multiplier(yakuman, rules)
        # Its fu matter only under aotenjou: 20 + 10 closed ron (or 2 tsumo) + 2 single wait, rounded.
        fu = 30 if tsumo else 40
        if rules.aotenjou:
            yakuman_extra = extra + sum(han for yaku, han in base_yaku if yaku in _SITUATIONAL)
        best.key = (_yakuman_base(mult, fu, rules, yakuman_extra), mult, 0, fu, fu)
        best.shape, best.fu, best.wait, best.yakuman = "kokushi", fu, _KOKUSHI_13 if thirteen else _KOKUSHI, yakuman
    if not shaped:
        raise NotWinningError(
            f"{hand} is not a winning hand: the tiles form neither four sets and a pair, "
            "seven pairs nor thirteen orphans"
        )
    if best.key[0] < 0:
        raise NoYakuError(f"{hand} has no yaku: it cannot win (dora, red fives and ura alone are never a yaku)")
    return _build(hand, rules, best, base_yaku, dora, aka, ura, seat, prevailing, closed)


class _RunYaku(dict[tuple[int, ...], tuple[tuple[tuple[Yaku, int], ...], int]]):
    """The yaku a reading's runs make (peikou, ittsu, sanshoku) and their han, by the tuple of run codes.

    Keyed by the runs of one reading (concealed runs sorted, then called ones in meld order), a small part of a
    hand: at most four of 21 run codes, so the table is bounded (under 200,000 keys in theory; 50,000 generated
    hands make about 12,000 over both tables). A closed hand's table counts iipeikou/ryanpeikou (closed only)
    and the closed han of ittsu and sanshoku; an open hand's, their open han (as in yaku.py: EMA, seed 004 section 7).
    """

    def __init__(self, closed: bool) -> None:
        super().__init__()
        self.closed = closed

    def __missing__(self, runs: tuple[int, ...]) -> tuple[tuple[tuple[Yaku, int], ...], int]:
        closed = self.closed
        found: list[tuple[Yaku, int]] = []
        if closed:
            # Runs repeated within the concealed part (a closed hand has no called run).
            peikou = sum(runs.count(code) // 2 for code in set(runs))
            if peikou >= 2:
                found.append((Yaku.RYANPEIKOU, 3))
            elif peikou:
                found.append((Yaku.IIPEIKOU, 1))
        run_set = set(runs)
        if any(suit in run_set and suit + 3 in run_set and suit + 6 in run_set for suit in _RUN_SUITS):
            found.append((Yaku.ITTSU, 2 if closed else 1))
        if any(code < RUN + 9 and code + 9 in run_set and code + 18 in run_set for code in run_set):
            found.append((Yaku.SANSHOKU_DOUJUN, 2 if closed else 1))
        entry = self[runs] = (tuple(found), sum(han for _, han in found))
        return entry


_CLOSED_RUN_YAKU = _RunYaku(closed=True)
_OPEN_RUN_YAKU = _RunYaku(closed=False)
_TOITOI_YAKU = ((Yaku.TOITOI, 2),)


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


def _build(  # noqa: PLR0917
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
                    found.append((Yaku.PINFU, 1))
                if best.sanankou:
                    found.append((Yaku.SANANKOU, 2))
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
                found.append((Yaku.PINFU, 1))
            if best.sanankou:
                found.append((Yaku.SANANKOU, 2))
        else:
            found.append((Yaku.CHIITOITSU, 2))
        if len(found) > 1:
            found.sort(key=_ORDER_KEY)
        han = best.key[2]  # the loop's total: the yaku found plus dora, aka and ura
        value = _VALUES.get((han, best.fu, rules.kiriage_mangan, rules.kazoe, rules.aotenjou)) or _han_fu_value(
            han, best.fu, rules
        )
        if rules.renhou is RenhouValue.MANGAN and hand.renhou:
            # EMA 2016: renhou is "a strict mangan": the hand is a mangan, or what it is worth without renhou if
            # that is more (the highest-scoring possibility, seed 004 6).
            found = [item for item in found if item[0] is not Yaku.RENHOU]
            without = han - closed_han(Yaku.RENHOU)
            if found and _base(without, best.fu, rules) > 2000:
                value = _han_fu_value(without, best.fu, rules)
            else:
                found = [(Yaku.RENHOU, closed_han(Yaku.RENHOU))]
                value = _han_fu_value(closed_han(Yaku.RENHOU), best.fu, rules)
        han_yaku = _HAN_YAKU
        yaku = tuple([han_yaku[item] for item in found])
    dealer = hand.seat_wind is Wind.EAST
    payment = _PAYMENTS.get((value.base, value.exact, dealer, hand.tsumo)) or _payment(value, dealer, hand.tsumo)
    # The slots are set as HandScore.__init__ sets them, without binding eight keywords on the hot path.
    score: HandScore = _NEW_SCORE(HandScore)
    set_yaku, set_dora, set_aka, set_ura, set_value, set_payment, set_wait, set_explanation = _SCORE_SETTERS
    set_yaku(score, yaku)
    set_dora(score, dora)
    set_aka(score, aka)
    set_ura(score, ura)
    set_value(score, value)
    set_payment(score, payment)
    set_wait(score, _WAIT_KINDS[best.wait])
    set_explanation(score, best)
    return score

"""Score a riichi hand: every decomposition, every reading of the wait, the one that pays most.

"When there are several ways to score the hand, the highest-scoring possibility must always be chosen"
(EMA 2016, 6; seed 004). :func:`score_hand` reads the concealed tiles in every way (four sets and a pair via
:mod:`scorekeeper.engine.decomposition`, seven pairs, thirteen orphans), places the winning tile in every set it
could have completed (so 5-6-7-8-9p won on 7p is read both as 5-6-7 two-sided and 7-8-9 edge, seed 004 6.3),
values each reading and keeps the best by base points, then yakuman count, han and fu.

Yaku that do not depend on the reading (riichi, tsumo, tanyao, flushes, yakuhai, dora...) are counted once per
hand; only the reading-dependent ones and the fu are counted in the loop, with plain ints.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine.decomposition import RUN, decompose, format_set, is_seven_pairs, is_thirteen_orphans
from scorekeeper.engine.fu import FuItem, FuReason, round_fu, set_fu
from scorekeeper.engine.hand import Hand, MeldKind
from scorekeeper.engine.points import Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules, RenhouValue
from scorekeeper.engine.tiles import TileKind, Wind, format_tiles
from scorekeeper.engine.yaku import Yaku, closed_han, open_han
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
        fu_breakdown: every fu item before rounding (empty for a yakuman hand).
        value: han, fu, yakuman multiplier, limit and base points.
        payment: who pays how much (before honba).
        wait: how the winning tile completed the chosen reading.
        groups: the chosen reading, as mpsz groups (the pair first, then concealed sets, then melds).
    """

    yaku: tuple[YakuValue, ...]
    dora: int
    aka: int
    ura: int
    fu_breakdown: tuple[FuItem, ...]
    value: PointValue
    payment: Payment
    wait: WaitKind
    groups: tuple[str, ...]

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


_YAKU_ORDER = {y: i for i, y in enumerate(Yaku)}
_DRAGON_YAKU = {TileKind.WHITE: Yaku.YAKUHAI_HAKU, TileKind.GREEN: Yaku.YAKUHAI_HATSU, TileKind.RED: Yaku.YAKUHAI_CHUN}
_GREEN = frozenset({TileKind.S2, TileKind.S3, TileKind.S4, TileKind.S6, TileKind.S8, TileKind.GREEN})
_TERMINAL_OR_HONOR = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_DOUBLE = frozenset({Yaku.KOKUSHI_MUSOU_13, Yaku.SUUANKOU_TANKI, Yaku.JUNSEI_CHUUREN_POUTOU, Yaku.DAISUUSHII})
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class _Context:
    """Everything about a hand that does not depend on the reading, computed once."""

    __slots__ = (
        "all_counts",
        "base_yaku",
        "closed",
        "dealer",
        "double_wind_fu",
        "fixed_yakuman",
        "meld_sets",
        "round_kind",
        "rules",
        "seat_kind",
        "tsumo",
        "win",
    )

    def __init__(self, hand: Hand, rules: HandRules) -> None:
        self.rules = rules
        self.tsumo = hand.tsumo
        self.win = int(hand.win.kind)
        self.dealer = hand.seat_wind is Wind.EAST
        self.closed = hand.is_closed
        self.seat_kind = int(hand.seat_wind.kind)
        self.round_kind = int(hand.round_wind.kind)
        self.double_wind_fu = rules.double_wind_pair_fu
        counts = list(hand.counts)
        # Meld sets as (code, closed, kan).
        meld_sets: list[tuple[int, bool, bool]] = []
        for meld in hand.melds:
            first = int(meld.first)
            for tile in meld.tiles:
                counts[tile.kind] += 1
            if meld.kind is MeldKind.CHI:
                meld_sets.append((RUN + first, False, False))
            else:
                meld_sets.append((first, meld.kind is MeldKind.ANKAN, meld.kind.is_kan))
        self.meld_sets = tuple(meld_sets)
        self.all_counts = counts
        self.base_yaku = self._base_yaku(hand, rules, counts)
        self.fixed_yakuman = self._fixed_yakuman(hand, rules, counts)

    def han(self, yaku: Yaku) -> int:
        if self.closed:
            return closed_han(yaku)
        value = open_han(yaku)
        assert value is not None
        return value

    def _base_yaku(self, hand: Hand, rules: HandRules, counts: list[int]) -> list[tuple[Yaku, int]]:
        out: list[tuple[Yaku, int]] = []
        closed = self.closed
        if hand.double_riichi:
            out.append((Yaku.DOUBLE_RIICHI, 2))
        elif hand.riichi:
            out.append((Yaku.RIICHI, 1))
        if hand.ippatsu:
            out.append((Yaku.IPPATSU, 1))
        if closed and hand.tsumo:
            out.append((Yaku.MENZEN_TSUMO, 1))
        if hand.chankan:
            out.append((Yaku.CHANKAN, 1))
        if hand.rinshan:
            out.append((Yaku.RINSHAN_KAIHOU, 1))
        if hand.haitei:
            out.append((Yaku.HAITEI, 1))
        if hand.houtei:
            out.append((Yaku.HOUTEI, 1))
        if hand.renhou and rules.renhou is RenhouValue.MANGAN:
            out.append((Yaku.RENHOU, closed_han(Yaku.RENHOU)))
        present = [k for k in range(34) if counts[k]]
        # Tanyao: all simples; on an open hand only with open tanyao (kuitan), a ruleset knob.
        if all(not _TERMINAL_OR_HONOR[k] for k in present) and (closed or rules.open_tanyao):
            out.append((Yaku.TANYAO, 1))
        suits = {k // 9 for k in present}
        number_suits = suits - {3}
        if len(number_suits) == 1:
            out.append(
                (Yaku.CHINITSU, self.han(Yaku.CHINITSU)) if 3 not in suits else (Yaku.HONITSU, self.han(Yaku.HONITSU))
            )
        if all(_TERMINAL_OR_HONOR[k] for k in present) and number_suits and 3 in suits:
            # Honroutou needs terminals and honours both; all terminals is chinroutou, all honours tsuuiisou.
            out.append((Yaku.HONROUTOU, 2))
        for dragon, yaku in _DRAGON_YAKU.items():
            if counts[dragon] >= 3:
                out.append((yaku, 1))
        if counts[self.seat_kind] >= 3:
            out.append((Yaku.YAKUHAI_SEAT_WIND, 1))
        if counts[self.round_kind] >= 3:
            out.append((Yaku.YAKUHAI_ROUND_WIND, 1))
        dragons = sorted(counts[TileKind.WHITE :])
        if dragons[0] == 2 and dragons[1] >= 3:
            out.append((Yaku.SHOUSANGEN, 2))
        kans = sum(1 for _, _, kan in self.meld_sets if kan)
        if kans == 3:
            out.append((Yaku.SANKANTSU, 2))
        return out

    def _fixed_yakuman(self, hand: Hand, rules: HandRules, counts: list[int]) -> list[Yaku]:
        out: list[Yaku] = []
        if hand.tenhou:
            out.append(Yaku.TENHOU)
        if hand.chiihou:
            out.append(Yaku.CHIIHOU)
        if hand.renhou and rules.renhou is RenhouValue.YAKUMAN:
            out.append(Yaku.RENHOU)
        present = [k for k in range(34) if counts[k]]
        if all(k >= 27 for k in present):
            out.append(Yaku.TSUUIISOU)
        if all(k in _GREEN for k in present):
            out.append(Yaku.RYUUIISOU)
        if all(k < 27 and k % 9 in (0, 8) for k in present):
            out.append(Yaku.CHINROUTOU)
        if all(counts[d] >= 3 for d in (TileKind.WHITE, TileKind.GREEN, TileKind.RED)):
            out.append(Yaku.DAISANGEN)
        winds = sorted(counts[27:31])
        if winds[0] >= 3:
            out.append(Yaku.DAISUUSHII)
        elif winds[0] == 2 and winds[1] >= 3:
            out.append(Yaku.SHOUSUUSHII)
        if sum(1 for _, _, kan in self.meld_sets if kan) == 4:
            out.append(Yaku.SUUKANTSU)
        if not hand.melds and len({k // 9 for k in present}) == 1 and present[0] < 27:
            suit = present[0] // 9 * 9
            own = hand.counts[suit : suit + 9]
            if all(own[i] >= _CHUUREN[i] for i in range(9)):
                before = list(own)
                before[self.win - suit] -= 1
                out.append(Yaku.JUNSEI_CHUUREN_POUTOU if tuple(before) == _CHUUREN else Yaku.CHUUREN_POUTOU)
        return out


def _multiplier(yaku: Yaku, rules: HandRules) -> int:
    return 2 if rules.double_yakuman and yaku in _DOUBLE else 1


@dataclass(frozen=True, slots=True)
class _Choice:
    key: tuple[int, int, int, int]
    yaku: tuple[tuple[Yaku, int], ...]
    yakuman: tuple[Yaku, ...]
    fu_items: tuple[tuple[FuReason, int], ...]
    fu: int
    wait: WaitKind
    groups: tuple[str, ...]


def _dora(hand: Hand, rules: HandRules, counts: list[int]) -> tuple[int, int, int]:
    dora = sum(counts[ind.kind.dora_from_indicator()] for ind in hand.dora)
    aka = sum(1 for t in hand.all_tiles if t.red) if rules.red_fives else 0
    ura = sum(counts[ind.kind.dora_from_indicator()] for ind in hand.ura) if hand.is_riichi else 0
    return dora, aka, ura


def _value(ctx: _Context, han_yaku: int, extra: int, fu: int, yakuman: Sequence[Yaku]) -> tuple[PointValue | None, int]:
    """The point value of one candidate and its yakuman multiplier (None when it has no yaku)."""
    rules = ctx.rules
    if yakuman:
        parts = [_multiplier(y, rules) for y in yakuman]
        mult = sum(parts) if rules.compound_yakuman else max(parts)
        return value_from_yakuman(mult, rules, fu=fu), mult
    if han_yaku == 0:
        return None, 0
    return value_from_han_fu(han_yaku + extra, fu, rules), 0


def _groups(pair: int, sets: tuple[int, ...], ctx: _Context) -> tuple[str, ...]:
    out = [_kind_text(pair, 2)]
    out.extend(format_set(code) for code in sets)
    out.extend(format_set(code) + ("+kan" if kan else "") for code, _, kan in ctx.meld_sets)
    return tuple(out)


def _score_standard(ctx: _Context, pair: int, sets: tuple[int, ...], extra: int) -> list[_Choice]:
    """Every placement of the winning tile in one reading, valued."""
    win = ctx.win
    tsumo = ctx.tsumo
    closed = ctx.closed
    meld_sets = ctx.meld_sets
    no_melds = not meld_sets
    all_sets = sets + tuple(code for code, _, _ in meld_sets)
    runs = [code - RUN for code in all_sets if code >= RUN]
    triplets = [code for code in all_sets if code < RUN]

    # Reading-dependent yaku that do not depend on where the winning tile sits.
    common: list[tuple[Yaku, int]] = []
    if closed:
        concealed_runs = [code for code in sets if code >= RUN]
        peikou = 0
        seen: set[int] = set()
        for code in concealed_runs:
            if code not in seen:
                seen.add(code)
                peikou += concealed_runs.count(code) // 2
        if peikou >= 2:
            common.append((Yaku.RYANPEIKOU, 3))
        elif peikou == 1:
            common.append((Yaku.IIPEIKOU, 1))
    if runs:
        if (
            _TERMINAL_OR_HONOR[pair]
            and all(r % 9 in (0, 6) for r in runs)
            and all(_TERMINAL_OR_HONOR[t] for t in triplets)
        ):
            honors = pair >= 27 or any(t >= 27 for t in triplets)
            common.append((Yaku.CHANTA, ctx.han(Yaku.CHANTA)) if honors else (Yaku.JUNCHAN, ctx.han(Yaku.JUNCHAN)))
        run_set = set(runs)
        for suit in (0, 9, 18):
            if suit in run_set and suit + 3 in run_set and suit + 6 in run_set:
                common.append((Yaku.ITTSU, ctx.han(Yaku.ITTSU)))
                break
        for r in run_set:
            if r < 9 and r + 9 in run_set and r + 18 in run_set:
                common.append((Yaku.SANSHOKU_DOUJUN, ctx.han(Yaku.SANSHOKU_DOUJUN)))
                break
    else:
        common.append((Yaku.TOITOI, 2))
    if len(triplets) >= 3:
        trip_set = set(triplets)
        for t in trip_set:
            if t < 9 and t + 9 in trip_set and t + 18 in trip_set:
                common.append((Yaku.SANSHOKU_DOUKOU, 2))
                break

    # Fu that do not depend on the placement: melds, and the pair.
    fixed_fu: list[tuple[FuReason, int]] = []
    for code, meld_closed, kan in meld_sets:
        if code < RUN:
            fixed_fu.append(set_fu(kan=kan, closed=meld_closed, terminal_or_honor=_TERMINAL_OR_HONOR[code]))
    seat = pair == ctx.seat_kind
    prevailing = pair == ctx.round_kind
    valued_pair = pair >= 31 or seat or prevailing
    if pair >= 31:
        fixed_fu.append((FuReason.DRAGON_PAIR, 2))
    elif seat and prevailing:
        fixed_fu.append((FuReason.DOUBLE_WIND_PAIR, ctx.double_wind_fu))
    elif seat:
        fixed_fu.append((FuReason.SEAT_WIND_PAIR, 2))
    elif prevailing:
        fixed_fu.append((FuReason.ROUND_WIND_PAIR, 2))
    closed_kans = sum(1 for code, meld_closed, kan in meld_sets if meld_closed and kan)

    choices: list[_Choice] = []
    tried: set[int] = set()
    # Placements: -1 for the pair (tanki), else an index into the concealed sets.
    placements = [-1] if pair == win else []
    for index, code in enumerate(sets):
        if code in tried:
            continue
        if (code >= RUN and code - RUN <= win <= code - RUN + 2) or code == win:
            tried.add(code)
            placements.append(index)
    for place in placements:
        fu_items: list[tuple[FuReason, int]] = [(FuReason.BASE, 20)]
        ankou = closed_kans
        ron_triplet = -1
        if place < 0:
            wait = WaitKind.TANKI
        else:
            code = sets[place]
            if code < RUN:
                wait = WaitKind.SHANPON
                if not tsumo:
                    ron_triplet = place
            else:
                pos = win - (code - RUN)
                if pos == 1:
                    wait = WaitKind.KANCHAN
                elif (pos == 2 and (code - RUN) % 9 == 0) or (pos == 0 and (code - RUN) % 9 == 6):
                    wait = WaitKind.PENCHAN
                else:
                    wait = WaitKind.RYANMEN
        for index, code in enumerate(sets):
            if code < RUN:
                concealed = index != ron_triplet
                ankou += concealed
                fu_items.append(set_fu(kan=False, closed=concealed, terminal_or_honor=_TERMINAL_OR_HONOR[code]))
        fu_items.extend(fixed_fu)
        pinfu = no_melds and not triplets and not valued_pair and wait is WaitKind.RYANMEN
        yaku = list(common)
        if pinfu:
            yaku.append((Yaku.PINFU, 1))
        if ankou == 3:
            yaku.append((Yaku.SANANKOU, 2))
        yakuman = list(ctx.fixed_yakuman)
        if ankou == 4:
            yakuman.append(Yaku.SUUANKOU_TANKI if wait is WaitKind.TANKI else Yaku.SUUANKOU)
        if wait is WaitKind.KANCHAN:
            fu_items.append((FuReason.CLOSED_WAIT, 2))
        elif wait is WaitKind.PENCHAN:
            fu_items.append((FuReason.EDGE_WAIT, 2))
        elif wait is WaitKind.TANKI:
            fu_items.append((FuReason.PAIR_WAIT, 2))
        if tsumo:
            if not pinfu:
                fu_items.append((FuReason.TSUMO, 2))
        elif closed:
            fu_items.append((FuReason.CLOSED_RON, 10))
        total = sum(f for _, f in fu_items)
        if total == 20 and not closed:
            # Open pinfu: an open hand with no fu beyond the 20 for winning gets 2 (seed 004, 6.3).
            fu_items.append((FuReason.OPEN_PINFU, 2))
            total = 22
        fu = total if total == 20 else round_fu(total)
        han_yaku = sum(h for _, h in yaku) + sum(h for _, h in ctx.base_yaku)
        value, mult = _value(ctx, han_yaku, extra, fu, yakuman)
        if value is None:
            continue
        choices.append(
            _Choice(
                key=(value.base, mult, value.han or 0, fu),
                yaku=tuple(yaku),
                yakuman=tuple(yakuman),
                fu_items=tuple(fu_items),
                fu=fu,
                wait=wait,
                groups=_groups(pair, sets, ctx),
            )
        )
    return choices


def _score_chiitoitsu(ctx: _Context, extra: int) -> _Choice:
    yaku = [(Yaku.CHIITOITSU, 2)]
    han_yaku = 2 + sum(h for _, h in ctx.base_yaku)
    yakuman = [y for y in ctx.fixed_yakuman if y in (Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU, Yaku.TSUUIISOU)]
    value, mult = _value(ctx, han_yaku, extra, 25, yakuman)
    assert value is not None
    counts = ctx.all_counts
    groups = tuple(_kind_text(k, 2) for k in range(34) if counts[k])
    return _Choice(
        key=(value.base, mult, value.han or 0, 25),
        yaku=tuple(yaku),
        yakuman=tuple(yakuman),
        fu_items=((FuReason.CHIITOITSU, 25),),
        fu=25,
        wait=WaitKind.TANKI,
        groups=groups,
    )


def _kind_text(kind: int, copies: int) -> str:
    return f"{str(kind % 9 + 1) * copies}{'mpsz'[kind // 9]}"


def _score_kokushi(ctx: _Context, hand: Hand) -> _Choice:
    thirteen = hand.counts[ctx.win] == 2
    main = Yaku.KOKUSHI_MUSOU_13 if thirteen else Yaku.KOKUSHI_MUSOU
    yakuman = [main, *(y for y in ctx.fixed_yakuman if y in (Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU))]
    value, mult = _value(ctx, 0, 0, 30, yakuman)
    assert value is not None
    return _Choice(
        key=(value.base, mult, value.han or 0, 30),
        yaku=(),
        yakuman=tuple(yakuman),
        fu_items=(),
        fu=30,
        wait=WaitKind.KOKUSHI_13 if thirteen else WaitKind.KOKUSHI,
        groups=(format_tiles(hand.concealed),),
    )


def score_hand(hand: Hand, rules: HandRules) -> HandScore:
    """Value a winning hand under a ruleset, choosing the reading that pays most.

    Raises:
        NotWinningError: if the tiles form no winning shape.
        NoYakuError: if no reading has a yaku (dora, red fives and ura alone never are).
    """
    ctx = _Context(hand, rules)
    dora, aka, ura = _dora(hand, rules, ctx.all_counts)
    extra = dora + aka + ura
    counts = hand.counts
    choices: list[_Choice] = []
    readings = decompose(counts)
    for pair, sets in readings:
        choices.extend(_score_standard(ctx, pair, sets, extra))
    shaped = bool(readings)
    if not hand.melds:
        if is_seven_pairs(counts):
            shaped = True
            choices.append(_score_chiitoitsu(ctx, extra))
        elif is_thirteen_orphans(counts):
            shaped = True
            choices.append(_score_kokushi(ctx, hand))
    if not shaped:
        raise NotWinningError(
            f"{hand} is not a winning hand: the tiles form neither four sets and a pair, "
            "seven pairs nor thirteen orphans"
        )
    if not choices:
        raise NoYakuError(f"{hand} has no yaku: it cannot win (dora, red fives and ura alone are never a yaku)")
    best = max(choices, key=lambda c: c.key)
    return _build(ctx, hand, best, dora=dora, aka=aka, ura=ura)


def _build(ctx: _Context, hand: Hand, best: _Choice, *, dora: int, aka: int, ura: int) -> HandScore:
    rules = ctx.rules
    if best.yakuman:
        parts = [(y, _multiplier(y, rules)) for y in best.yakuman]
        mult = sum(m for _, m in parts) if rules.compound_yakuman else max(m for _, m in parts)
        value = value_from_yakuman(mult, rules, fu=best.fu)
        yaku = tuple(YakuValue(yaku=y, yakuman=m) for y, m in sorted(parts, key=lambda p: _YAKU_ORDER[p[0]]))
        fu_items: tuple[FuItem, ...] = ()
    else:
        all_yaku = sorted([*ctx.base_yaku, *best.yaku], key=lambda p: _YAKU_ORDER[p[0]])
        han = sum(h for _, h in all_yaku) + dora + aka + ura
        value = value_from_han_fu(han, best.fu, rules)
        yaku = tuple(YakuValue(yaku=y, han=h) for y, h in all_yaku)
        fu_items = tuple(FuItem(reason, fu) for reason, fu in best.fu_items)
    return HandScore(
        yaku=yaku,
        dora=dora,
        aka=aka,
        ura=ura,
        fu_breakdown=fu_items,
        value=value,
        payment=pay(value, dealer=ctx.dealer, tsumo=hand.tsumo),
        wait=best.wait,
        groups=best.groups,
    )

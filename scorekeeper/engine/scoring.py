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

from bisect import bisect_left
from collections.abc import Sequence

from scorekeeper.engine._result import (
    _KANCHAN,
    _KOKUSHI,
    _KOKUSHI_13,
    _PENCHAN,
    _RYANMEN,
    _SHANPON,
    _SITUATIONAL,
    _TANKI,
    IS_TERMINAL_OR_HONOR,
    HandScore,
    WaitKind,
    YakuValue,
    _aotenjou_other_yaku,
    _base,
    _Best,
    _yakuman_multiplier,
    build_score,
)
from scorekeeper.engine._run_yaku import CLOSED_RUN_YAKU, OPEN_RUN_YAKU
from scorekeeper.engine.decomposition import RUN, Reading, decompose_with_mask, is_thirteen_orphans
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.points import KIRIAGE_BASE, MANGAN_BASE, YAKUMAN_BASE
from scorekeeper.engine.rules import HandRules, RenhouValue
from scorekeeper.engine.tiles import TileKind, Wind
from scorekeeper.engine.yaku import Yaku, closed_han
from scorekeeper.errors import NotWinningError, NoYakuError

__all__ = ["HandScore", "WaitKind", "YakuValue", "score_hand", "score_hands"]

# Tile kinds by name, as ints (a 34-slot count array is indexed by kind). Honours are kinds 27..33: the four
# winds, then the three dragons; a number suit spans nine kinds (man 0..8, pin 9..17, sou 18..26).
_FIRST_HONOR = int(TileKind.EAST)
_FIRST_DRAGON = int(TileKind.WHITE)
_WHITE, _GREEN, _RED = int(TileKind.WHITE), int(TileKind.GREEN), int(TileKind.RED)
_WINDS = slice(_FIRST_HONOR, _FIRST_DRAGON)
_DRAGONS = slice(_FIRST_DRAGON, _RED + 1)
_SUIT_SIZE = 9
_PIN_OFFSET, _SOU_OFFSET = 9, 18
_TH = IS_TERMINAL_OR_HONOR

# Bit masks over the 34 kinds (bit k is kind k): the hand's ``mask`` has a bit for each kind it holds, so a
# tile-set condition (all simples, one suit, no 4-5-6...) is one test.
_KINDS = 34
_BIT = tuple(1 << k for k in range(_KINDS))
_TERMINAL_OR_HONOR_MASK = sum(_BIT[k] for k in range(_KINDS) if _TH[k])
_SIMPLE_MASK = sum(_BIT[k] for k in range(_KINDS) if not _TH[k])
_HONOR_MASK = sum(_BIT[k] for k in range(_FIRST_HONOR, _KINDS))
_TERMINAL_MASK = sum(_BIT[k] for k in range(_FIRST_HONOR) if k % _SUIT_SIZE in (0, 8))
_MIDDLE_MASK = sum(_BIT[k] for k in range(_FIRST_HONOR) if k % _SUIT_SIZE in (3, 4, 5))  # no chanta with these
_GREEN_MASK = sum(_BIT[k] for k in (TileKind.S2, TileKind.S3, TileKind.S4, TileKind.S6, TileKind.S8, TileKind.GREEN))
_MAN_MASK = (1 << _SUIT_SIZE) - 1
_SUIT_MASKS = (_MAN_MASK, _MAN_MASK << _PIN_OFFSET, _MAN_MASK << _SOU_OFFSET)

# Run codes (RUN + first kind) of runs that touch a terminal (1-2-3 or 7-8-9), and of 1-2-3 in each suit.
_OUTSIDE_RUN = tuple(code >= RUN and (code - RUN) % _SUIT_SIZE in (0, 6) for code in range(RUN + _FIRST_HONOR))
_WIND_KIND = {wind: int(wind.kind) for wind in Wind}
_DORA_NEXT = tuple(int(TileKind(k).dora_from_indicator()) for k in range(_KINDS))
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# Triplet and kong fu, indexed by 4*kan + 2*closed + terminal_or_honor (seed 004, 6.3); a chi (index 8) has none.
_SET_FU = (2, 4, 4, 8, 8, 16, 16, 32, 0)
_CHIITOITSU_YAKUMAN = frozenset({Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU, Yaku.TSUUIISOU})
_RENHOU_HAN = frozenset({RenhouValue.MANGAN, RenhouValue.FIVE_HAN})
_KOKUSHI_YAKUMAN = frozenset({Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU})


# Enum members and (yaku, han) pairs used per hand, as module constants: on Python 3.11 reading a member through its
# class (Yaku.RIICHI) goes through EnumType.__getattr__'s hook and costs ten times a global (issue 15).
_CHANKAN_1 = (Yaku.CHANKAN, 1)
_CHIITOITSU_2 = (Yaku.CHIITOITSU, 2)
_DOUBLE_RIICHI_2 = (Yaku.DOUBLE_RIICHI, 2)
_HAITEI_1 = (Yaku.HAITEI, 1)
_HONROUTOU_2 = (Yaku.HONROUTOU, 2)
_HOUTEI_1 = (Yaku.HOUTEI, 1)
_IPPATSU_1 = (Yaku.IPPATSU, 1)
_MENZEN_TSUMO_1 = (Yaku.MENZEN_TSUMO, 1)
_PINFU_1 = (Yaku.PINFU, 1)
_RIICHI_1 = (Yaku.RIICHI, 1)
_RINSHAN_KAIHOU_1 = (Yaku.RINSHAN_KAIHOU, 1)
_SANANKOU_2 = (Yaku.SANANKOU, 2)
_SANKANTSU_2 = (Yaku.SANKANTSU, 2)
_SANSHOKU_DOUKOU_2 = (Yaku.SANSHOKU_DOUKOU, 2)
_SHOUSANGEN_2 = (Yaku.SHOUSANGEN, 2)
_TANYAO_1 = (Yaku.TANYAO, 1)
_TOITOI_2 = (Yaku.TOITOI, 2)
_YAKUHAI_CHUN_1 = (Yaku.YAKUHAI_CHUN, 1)
_YAKUHAI_HAKU_1 = (Yaku.YAKUHAI_HAKU, 1)
_YAKUHAI_HATSU_1 = (Yaku.YAKUHAI_HATSU, 1)
_YAKUHAI_ROUND_WIND_1 = (Yaku.YAKUHAI_ROUND_WIND, 1)
_YAKUHAI_SEAT_WIND_1 = (Yaku.YAKUHAI_SEAT_WIND, 1)
_Y_CHANTA = Yaku.CHANTA
_Y_CHIIHOU = Yaku.CHIIHOU
_Y_CHINITSU = Yaku.CHINITSU
_Y_CHINROUTOU = Yaku.CHINROUTOU
_Y_CHUUREN_POUTOU = Yaku.CHUUREN_POUTOU
_Y_DAISANGEN = Yaku.DAISANGEN
_Y_DAISUUSHII = Yaku.DAISUUSHII
_Y_HONITSU = Yaku.HONITSU
_Y_JUNCHAN = Yaku.JUNCHAN
_Y_JUNSEI_CHUUREN_POUTOU = Yaku.JUNSEI_CHUUREN_POUTOU
_Y_KOKUSHI_MUSOU = Yaku.KOKUSHI_MUSOU
_Y_KOKUSHI_MUSOU_13 = Yaku.KOKUSHI_MUSOU_13
_Y_RENHOU = Yaku.RENHOU
_Y_RYUUIISOU = Yaku.RYUUIISOU
_Y_SHOUSUUSHII = Yaku.SHOUSUUSHII
_Y_SUUANKOU = Yaku.SUUANKOU
_Y_SUUANKOU_TANKI = Yaku.SUUANKOU_TANKI
_Y_SUUKANTSU = Yaku.SUUKANTSU
_Y_TENHOU = Yaku.TENHOU
_Y_TSUUIISOU = Yaku.TSUUIISOU
_RENHOU_YAKUMAN = RenhouValue.YAKUMAN


def _yakuman_base(mult: int, fu: int, rules: HandRules, extra: int = 0) -> int:
    if rules.aotenjou:
        # Seed 002, "Aotenjou": each yakuman counts as a 13-han yaku, so the hand's other han (``extra``: the
        # win-condition yaku and the dora) add to it, on the hand's fu.
        return fu << (2 + 13 * mult + extra)
    return YAKUMAN_BASE * mult


def _situational_yaku(hand: Hand, rules: HandRules, closed: bool) -> list[tuple[Yaku, int]]:
    """The yaku of how the hand was won (riichi, ippatsu, chankan, rinshan, haitei, houtei, renhou, tsumo)."""
    found: list[tuple[Yaku, int]] = []
    if (
        hand.riichi
        or hand.double_riichi
        or hand.ippatsu
        or hand.chankan
        or hand.rinshan
        or hand.haitei
        or hand.houtei
        or hand.renhou
    ):
        if hand.double_riichi:
            found.append(_DOUBLE_RIICHI_2)
        elif hand.riichi:
            found.append(_RIICHI_1)
        if hand.ippatsu:
            found.append(_IPPATSU_1)
        if hand.chankan:
            found.append(_CHANKAN_1)
        if hand.rinshan:
            found.append(_RINSHAN_KAIHOU_1)
        if hand.haitei:
            found.append(_HAITEI_1)
        if hand.houtei:
            found.append(_HOUTEI_1)
        if hand.renhou and rules.renhou in _RENHOU_HAN:
            # Counted as a 5-han yaku here; a flat mangan (EMA 2016) is settled in build_score.
            found.append((_Y_RENHOU, closed_han(_Y_RENHOU)))
    if closed and hand.tsumo:
        found.append(_MENZEN_TSUMO_1)
    return found


def _shape_yaku(  # noqa: PLR0917
    found: list[tuple[Yaku, int]],
    held: tuple[int, ...],
    mask: int,
    number_suits: int,
    closed: bool,
    rules: HandRules,
    kans: int,
    seat: int,
    prevailing: int,
) -> None:
    """Add the yaku of the tiles held, whatever the reading: tanyao, the flushes, honroutou, yakuhai, shousangen,
    sankantsu."""
    if not mask & _TERMINAL_OR_HONOR_MASK and (closed or rules.open_tanyao):
        # Tanyao; on an open hand only with open tanyao (kuitan), a ruleset knob.
        found.append(_TANYAO_1)
    honors = mask & _HONOR_MASK
    if number_suits == 1:
        if honors:
            found.append((_Y_HONITSU, 3 if closed else 2))
        else:
            found.append((_Y_CHINITSU, 6 if closed else 5))
    if honors:
        if number_suits and not mask & ~_TERMINAL_OR_HONOR_MASK:
            found.append(_HONROUTOU_2)
        if held[_WHITE] >= 3:
            found.append(_YAKUHAI_HAKU_1)
        if held[_GREEN] >= 3:
            found.append(_YAKUHAI_HATSU_1)
        if held[_RED] >= 3:
            found.append(_YAKUHAI_CHUN_1)
        if held[seat] >= 3:
            found.append(_YAKUHAI_SEAT_WIND_1)
        if held[prevailing] >= 3:
            found.append(_YAKUHAI_ROUND_WIND_1)
        if held[_WHITE] + held[_GREEN] + held[_RED] >= 8:  # shousangen holds at least 3 + 3 + 2
            dragons = sorted(held[_DRAGONS])
            if dragons[0] == 2 and dragons[1] >= 3:
                found.append(_SHOUSANGEN_2)
    if kans == 3:
        found.append(_SANKANTSU_2)


def _fixed_yakuman(  # noqa: PLR0917
    hand: Hand, rules: HandRules, held: tuple[int, ...], mask: int, number_suits: int, win: int, kans: int
) -> list[Yaku]:
    """The yakuman that do not depend on the reading (all but suuankou and the shapes of their own)."""
    found: list[Yaku] = []
    if hand.tenhou:
        found.append(_Y_TENHOU)
    if hand.chiihou:
        found.append(_Y_CHIIHOU)
    if hand.renhou and rules.renhou is _RENHOU_YAKUMAN:
        found.append(_Y_RENHOU)
    if not mask & _SIMPLE_MASK:
        if not mask & ~_HONOR_MASK:
            found.append(_Y_TSUUIISOU)
        if not mask & ~_TERMINAL_MASK:
            found.append(_Y_CHINROUTOU)
    if not mask & ~_GREEN_MASK:
        found.append(_Y_RYUUIISOU)
    if mask & _HONOR_MASK:
        if held[_WHITE] >= 3 and held[_GREEN] >= 3 and held[_RED] >= 3:
            found.append(_Y_DAISANGEN)
        if sum(held[_WINDS]) >= 11:  # 3 + 3 + 3 + 2 at least
            winds = sorted(held[_WINDS])
            if winds[0] >= 3:
                found.append(_Y_DAISUUSHII)
            elif winds[0] == 2 and winds[1] >= 3:
                found.append(_Y_SHOUSUUSHII)
    elif number_suits == 1 and not hand.melds:
        suit = win // _SUIT_SIZE * _SUIT_SIZE
        own = hand.counts[suit : suit + _SUIT_SIZE]
        if all(own[i] >= _CHUUREN[i] for i in range(_SUIT_SIZE)):
            before = list(own)
            before[win - suit] -= 1
            found.append(_Y_JUNSEI_CHUUREN_POUTOU if tuple(before) == _CHUUREN else _Y_CHUUREN_POUTOU)
    if kans == 4:
        found.append(_Y_SUUKANTSU)
    return found


def _value_chiitoitsu(  # noqa: PLR0917
    best: _Best,
    rules: HandRules,
    fixed_yakuman: list[Yaku],
    situational_and_shape: list[tuple[Yaku, int]],
    han_before: int,
    extra: int,
) -> None:
    """Value the hand as seven pairs (25 fu, 2 han; seed 004 6.3) and keep it if it is the best so far."""
    yakuman = [y for y in fixed_yakuman if y in _CHIITOITSU_YAKUMAN]
    yakuman_extra = 0
    if yakuman:
        mult = _yakuman_multiplier(yakuman, rules)
        if rules.aotenjou:
            others = _aotenjou_other_yaku(yakuman, [*situational_and_shape, _CHIITOITSU_2])
            yakuman_extra = extra + sum(h for _, h in others)
        key = (_yakuman_base(mult, 25, rules, yakuman_extra), mult, 0, 25, 25)
    else:
        han = han_before + 2 + extra
        key = (_base(han, 25, rules), 0, han, 25, 25)
    if key > best.key:
        best.key, best.shape, best.fu, best.wait, best.yakuman = key, "chiitoitsu", 25, _TANKI, yakuman


def _value_kokushi(  # noqa: PLR0917
    best: _Best,
    rules: HandRules,
    counts: tuple[int, ...],
    win: int,
    tsumo: bool,
    fixed_yakuman: list[Yaku],
    situational_and_shape: list[tuple[Yaku, int]],
    extra: int,
) -> None:
    """Value the hand as thirteen orphans (the only reading such tiles have)."""
    thirteen = counts[win] == 2
    yakuman = [_Y_KOKUSHI_MUSOU_13 if thirteen else _Y_KOKUSHI_MUSOU]
    yakuman.extend(y for y in fixed_yakuman if y in _KOKUSHI_YAKUMAN)
    mult = _yakuman_multiplier(yakuman, rules)
    # Its fu matter only under aotenjou: 20 + 10 closed ron (or 2 tsumo) + 2 single wait, rounded.
    fu = 30 if tsumo else 40
    yakuman_extra = 0
    if rules.aotenjou:
        yakuman_extra = extra + sum(han for yaku, han in situational_and_shape if yaku in _SITUATIONAL)
    best.key = (_yakuman_base(mult, fu, rules, yakuman_extra), mult, 0, fu, fu)
    best.shape, best.fu, best.wait, best.yakuman = "kokushi", fu, _KOKUSHI_13 if thirteen else _KOKUSHI, yakuman


def score_hand(hand: Hand, rules: HandRules) -> HandScore:
    """Value a winning hand under a ruleset, choosing the reading that pays most.

    Raises:
        NotWinningError: if the tiles form no winning shape.
        NoYakuError: if no reading has a yaku (dora, red fives and ura alone never are).

    Red fives beyond the ruleset's set (``red_fives_per_suit``) are refused where a hand comes in (the JSON answers,
    the command line, hand entry, a session's new win: ``rules.check_red_fives``), not here: a game stored before
    the knob existed keeps loading and scoring as it did.
    """
    return _score(hand, rules, decompose_with_mask(hand.counts))


def score_hands(hands: Sequence[tuple[Hand, HandRules]]) -> list[HandScore | Exception]:
    """:func:`score_hand` of each hand, in order, with what it raises (without its traceback) in place of a score.

    In two stages over the list, every hand's concealed tiles read into sets, then every hand valued, so that
    each stage's code and tables stay warm in the processor's caches: the command line's bulk answers (issue 15:
    5% of the whole ``score --json`` process against one hand at a time).
    """
    decomposed: list[tuple[tuple[Reading, ...], int] | Exception] = []
    for hand, _ in hands:
        try:
            decomposed.append(decompose_with_mask(hand.counts))
        except Exception as error:  # given back in the hand's place
            decomposed.append(error.with_traceback(None))
    scores: list[HandScore | Exception] = []
    for (hand, rules), readings in zip(hands, decomposed, strict=True):
        if isinstance(readings, Exception):
            scores.append(readings)
            continue
        try:
            scores.append(_score(hand, rules, readings))
        except Exception as error:  # given back in the hand's place
            scores.append(error.with_traceback(None))
    return scores


def _score(hand: Hand, rules: HandRules, decomposed: tuple[tuple[Reading, ...], int]) -> HandScore:
    """:func:`score_hand`, given the concealed tiles' readings and kinds (``decompose_with_mask``)."""
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
    readings, mask = decomposed
    mask |= meld_mask
    seat = _WIND_KIND[hand.seat_wind]
    prevailing = _WIND_KIND[hand.round_wind]

    # What does not depend on the reading is counted once: the yaku of how the hand was won and of the tiles
    # held, the yakuman of the tiles held, the dora.
    base_yaku = _situational_yaku(hand, rules, closed)
    number_suits = (mask & _SUIT_MASKS[0] != 0) + (mask & _SUIT_MASKS[1] != 0) + (mask & _SUIT_MASKS[2] != 0)
    _shape_yaku(base_yaku, all_counts, mask, number_suits, closed, rules, kans, seat, prevailing)
    base_han = 0
    for _, han in base_yaku:
        base_han += han
    # Most hands hold simples of two suits or more and no honour: they can have no fixed yakuman but a flag's.
    if (
        number_suits > 1
        and mask & _SIMPLE_MASK
        and not mask & _HONOR_MASK
        and kans < 4
        and not (hand.tenhou or hand.chiihou or hand.renhou)
    ):
        fixed_yakuman: list[Yaku] = []
    else:
        fixed_yakuman = _fixed_yakuman(hand, rules, all_counts, mask, number_suits, win, kans)
    # Dora (each indicator counts, seed 004 6.4), red fives, ura dora (only with riichi).
    dora = 0
    for indicator in hand.dora:
        dora += all_counts[_DORA_NEXT[indicator.kind]]
    ura = 0
    if hand.riichi or hand.double_riichi:
        for indicator in hand.ura:
            ura += all_counts[_DORA_NEXT[indicator.kind]]
    aka = hand._red if rules.red_fives else 0
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
        run_yaku = CLOSED_RUN_YAKU if closed else OPEN_RUN_YAKU
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
                # Peikou, ittsu and sanshoku depend on the runs alone: one lookup (see _run_yaku.py).
                reading_yaku, reading_han = run_yaku[all_runs]
                if (
                    outside_only
                    and _TH[pair]
                    and all(_OUTSIDE_RUN[r] for r in all_runs)
                    and all(_TH[t] for t in all_trips)
                ):
                    if pair >= _FIRST_HONOR or any(t >= _FIRST_HONOR for t in all_trips):
                        han = 2 if closed else 1
                        reading_yaku = (*reading_yaku, (_Y_CHANTA, han))
                    else:
                        han = 3 if closed else 2
                        reading_yaku = (*reading_yaku, (_Y_JUNCHAN, han))
                    reading_han += han
            else:
                reading_yaku = _TOITOI_YAKU
                reading_han = 2
            if len(all_trips) >= 3:
                trip_set = set(all_trips)
                for first in trip_set:
                    if first < _PIN_OFFSET and first + _PIN_OFFSET in trip_set and first + _SOU_OFFSET in trip_set:
                        reading_yaku = (*reading_yaku, _SANSHOKU_DOUKOU_2)
                        reading_han += 2
                        break

            if pair >= _FIRST_DRAGON:
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
                        elif (position == 2 and first % _SUIT_SIZE == 0) or (position == 0 and first % _SUIT_SIZE == 6):
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
                    yakuman = [*fixed_yakuman, _Y_SUUANKOU_TANKI if wait == _TANKI else _Y_SUUANKOU]
                if yakuman:
                    mult = _yakuman_multiplier(yakuman, rules)
                    if rules.aotenjou:
                        others = [*base_yaku, *reading_yaku]
                        if pinfu:
                            others.append(_PINFU_1)
                        if ankou == 3:
                            others.append(_SANANKOU_2)
                        yakuman_extra = extra + sum(h for _, h in _aotenjou_other_yaku(yakuman, others))
                    key = (_yakuman_base(mult, fu, rules, yakuman_extra), mult, 0, fu, raw_fu)
                else:
                    han_yaku = base_han + reading_han + pinfu + 2 * (ankou == 3)
                    if not han_yaku:
                        continue
                    han = han_yaku + extra
                    if han < 5 and plain_limits:
                        base = fu << (2 + han)
                        if base >= MANGAN_BASE or (base == KIRIAGE_BASE and kiriage):
                            base = MANGAN_BASE
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
        _value_chiitoitsu(best, rules, fixed_yakuman, base_yaku, base_han, extra)
    elif not melds and not readings and not mask & ~_TERMINAL_OR_HONOR_MASK and is_thirteen_orphans(counts):
        shaped = True
        _value_kokushi(best, rules, counts, win, tsumo, fixed_yakuman, base_yaku, extra)
    if not shaped:
        raise NotWinningError(
            f"{hand} is not a winning hand: the tiles form neither four sets and a pair, "
            "seven pairs nor thirteen orphans"
        )
    if best.key[0] < 0:
        raise NoYakuError(f"{hand} has no yaku: it cannot win (dora, red fives and ura alone are never a yaku)")
    return build_score(hand, rules, best, base_yaku, dora, aka, ura, seat, prevailing, closed)


_TOITOI_YAKU = (_TOITOI_2,)

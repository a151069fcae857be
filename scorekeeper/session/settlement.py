"""Settling one hand at the table: who pays whom for the hand, the honba, the riichi sticks, noten, pao, chombo.

The engine values a hand (``scorekeeper.engine.points``); this module adds what the table owns: honba, riichi
sticks, noten payments, nagashi, liability (pao), multiple ron and chombo, each per the ruleset's table knobs
(``scorekeeper.session.rules``). :func:`settle` is pure: the game state applies its result, and the GUI shows it
as a preview before the hand is confirmed.
"""

from __future__ import annotations

import abc
import enum
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, assert_never

from scorekeeper.engine.points import Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.errors import IllegalActionError
from scorekeeper.session._engine import score_full_hand
from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    ExhaustiveDraw,
    HandResult,
    HandWin,
    HanFuWin,
    NagashiMangan,
    Ron,
    Tsumo,
    ValueWin,
    Win,
    YakumanWin,
)
from scorekeeper.session.rules import ChomboSettlement, HonbaSplit, PaoScope, Ruleset, StickSplit, TripleRon
from scorekeeper.session.seats import Seat

if TYPE_CHECKING:
    from scorekeeper.engine.scoring import HandScore

__all__ = [
    "RIICHI_STICK",
    "RiichiSettlement",
    "Settlement",
    "Transfer",
    "TransferReason",
    "WinContext",
    "WinValue",
    "settle",
    "value_win",
]

#: What one riichi stick is worth (every ruleset we know: seed 001, seed 004 "riichi bet").
RIICHI_STICK = 1000
#: Mangan base points, for nagashi mangan and the reverse-mangan chombo (seed 000 score table; seed 004 6.1).
_MANGAN_BASE = 2000


class TransferReason(enum.StrEnum):
    """Why points move; persisted by value (storage may keep settlements in exports)."""

    HAND = "hand"  # the hand's value
    HONBA = "honba"  # the honba (repeat counters)
    RIICHI_STICKS = "riichi_sticks"  # riichi sticks collected from the table
    RIICHI_RETURNED = "riichi_returned"  # a riichi stick given back (chombo, or a winner's own stick)
    NOTEN = "noten"  # noten payments at an exhaustive draw
    NAGASHI = "nagashi"  # nagashi mangan
    CHOMBO = "chombo"  # a reverse-mangan chombo


@dataclass(frozen=True, slots=True, kw_only=True)
class Transfer:
    """One payment. ``payer`` None means the table (the riichi sticks lying there).

    Attributes:
        payer: who pays, or None for the table.
        payee: who receives.
        points: how much (positive).
        reason: what it is for.
        pao: paid by a liable player (pao) rather than by the discarder or as an ordinary tsumo share.
    """

    payer: Seat | None
    payee: Seat
    points: int
    reason: TransferReason
    pao: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class WinValue:
    """A paid win's value.

    Attributes:
        seat: the winner.
        value: the hand's value (han, fu, limit, base).
        liable_yakuman: how many of its yakuman the liable player covers (0 without pao).
        pao: the liable player, if any.
        score: the engine's scoring of a win entered as the full hand (its yaku and dora, for statistics), or
            None for a win called out as han and fu or as yakuman.
    """

    seat: Seat
    value: PointValue
    liable_yakuman: int = 0
    pao: Seat | None = None
    score: HandScore | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settlement(abc.ABC):
    """What a hand result does to the table, in the shape every family shares (``scorekeeper.session.families``).

    A family settles into its own subclass, which adds only what that family has: :class:`RiichiSettlement` (wins
    valued in han and fu, honba, riichi sticks, aborts, chombo replays) and
    ``scorekeeper.session.classical.ClassicalHandSettlement`` (the classical hand values). What the history, the
    sheet and the statistics read from every hand is here; the rest is asked of the family's own type.

    Attributes:
        result: the result as entered.
        transfers: every payment, in order (for riichi: hands, honba, sticks).
        deltas: each seat's score change from this settlement (riichi sticks put down earlier in the hand are not
            in it: they were paid when declared).
        dealer_repeats: the dealer keeps the deal (renchan), or the hand is replayed (chombo).
    """

    result: HandResult
    transfers: tuple[Transfer, ...]
    deltas: tuple[int, int, int, int]
    dealer_repeats: bool

    @property
    @abc.abstractmethod
    def winners(self) -> tuple[Seat, ...]:
        """The seats that were paid for a win (a head-bumped or aborted ron's winners are not)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiSettlement(Settlement):
    """What a hand result does to a table of the riichi family (:func:`settle`).

    Attributes:
        wins: the wins that were paid, nearest the discarder first (a head-bumped win is not among them).
        honba_after: honba for the next hand.
        riichi_sticks_after: sticks on the table for the next hand.
        abort: the abortive draw this turned out to be (a triple ron where it aborts), or the one entered.
        replayed: the hand is played again as it was (chombo): no honba added, the round does not move.
    """

    wins: tuple[WinValue, ...]
    honba_after: int
    riichi_sticks_after: int
    abort: AbortReason | None = None
    replayed: bool = False

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats that were paid for a win, nearest the discarder first."""
        return tuple(w.seat for w in self.wins)


def _round_up_100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True, slots=True, kw_only=True)
class WinContext:
    """Where a win happens, for checking a full hand's own conditions against the table."""

    dealer: Seat
    round_index: int
    tsumo: bool
    riichi_this_hand: tuple[Seat, ...]


def value_win(win: Win, rules: Ruleset, table: WinContext | None = None) -> WinValue:
    """The value of a win under the ruleset's hand rules, with how much of it a liable player covers.

    A full-hand win is scored by the engine; its ``tsumo``, winds and riichi must agree with ``table`` (East 1
    ron without riichi when no table is given) and are filled in where the hand leaves them out.

    Raises:
        IllegalActionError: a yakuman count the ruleset cannot reach, or pao on a hand without a liable yakuman.
        ScorekeeperError: any engine error for a full hand (not winning, no yaku...).
    """
    match win:
        case HanFuWin():
            return WinValue(seat=win.seat, value=value_from_han_fu(win.han, win.fu, rules.hand))
        case YakumanWin():
            if win.yakuman > 1 and not (rules.hand.compound_yakuman or rules.hand.double_yakuman):
                raise IllegalActionError(
                    f"seat {int(win.seat)}: {win.yakuman} yakuman, but ruleset {rules.name!r} counts a hand as at most"
                    " one yakuman (compound_yakuman and double_yakuman are off)"
                )
            value = value_from_yakuman(win.yakuman, rules.hand)
            liable = 0
            if win.pao is not None:
                # A yakuman count does not say which yakuman the hand has: under Japanese rules the liable player
                # covers one yakuman (the liable one), under EMA 6.2 the whole hand.
                liable = win.yakuman if rules.table.pao_scope is PaoScope.FULL else 1
            return WinValue(seat=win.seat, value=value, liable_yakuman=liable, pao=win.pao)
        case HandWin():
            where = table or WinContext(dealer=Seat.SEAT_0, round_index=0, tsumo=False, riichi_this_hand=())
            score, liable_yakuman = score_full_hand(
                win.input,
                rules.hand,
                rules.table.pao_yakuman,
                seat=int(win.seat),
                dealer=int(where.dealer),
                round_index=where.round_index,
                tsumo=where.tsumo,
                in_riichi=win.seat in where.riichi_this_hand,
            )
            value = score.value
            liable = 0
            if win.pao is not None:
                if liable_yakuman == 0:
                    raise IllegalActionError(
                        f"seat {int(win.seat)}: pao needs a liable yakuman"
                        f" ({', '.join(sorted(rules.table.pao_yakuman))} under ruleset {rules.name!r}),"
                        " and this hand has none"
                    )
                liable = value.yakuman if rules.table.pao_scope is PaoScope.FULL else liable_yakuman
            return WinValue(seat=win.seat, value=value, liable_yakuman=liable, pao=win.pao, score=score)
        case ValueWin():
            raise IllegalActionError(
                f"seat {int(win.seat)}: a win called out as a value ({win.value}) belongs to the classical family;"
                f" under ruleset {rules.name!r} a win is han and fu, a number of yakuman, or the full hand"
            )
        case _:
            assert_never(win)


class _Ledger:
    def __init__(self) -> None:
        self.transfers: list[Transfer] = []

    def add(self, payer: Seat | None, payee: Seat, points: int, reason: TransferReason, *, pao: bool = False) -> None:
        if points > 0:
            self.transfers.append(Transfer(payer=payer, payee=payee, points=points, reason=reason, pao=pao))

    def deltas(self) -> tuple[int, int, int, int]:
        out = [0, 0, 0, 0]
        for t in self.transfers:
            out[t.payee] += t.points
            if t.payer is not None:
                out[t.payer] -= t.points
        return (out[0], out[1], out[2], out[3])


def _liable_part(total: int, win: WinValue) -> int:
    """The part of a hand's full payment that the liable player's yakuman account for."""
    if win.pao is None or win.liable_yakuman == 0:
        return 0
    if win.value.yakuman == 0 or win.liable_yakuman >= win.value.yakuman:
        return total
    return _round_up_100(total * win.liable_yakuman // win.value.yakuman)


def _settle_ron_win(ledger: _Ledger, win: WinValue, *, discarder: Seat, dealer: Seat, honba_points: int) -> None:
    total = pay(win.value, dealer=win.seat == dealer, tsumo=False).total
    liable = _liable_part(total, win)
    if win.pao is not None and win.pao != discarder and liable:
        # EMA 6.2 / Japanese rules: the liable player and the discarder share the liable value equally; the
        # discarder alone pays the rest of the hand and the honba.
        pao_share = _round_up_100(liable // 2)
        ledger.add(win.pao, win.seat, pao_share, TransferReason.HAND, pao=True)
        ledger.add(discarder, win.seat, total - pao_share, TransferReason.HAND)
    else:
        ledger.add(discarder, win.seat, total, TransferReason.HAND)
    ledger.add(discarder, win.seat, honba_points, TransferReason.HONBA)


def _settle_tsumo_win(ledger: _Ledger, win: WinValue, *, dealer: Seat, honba_points: int) -> None:
    is_dealer = win.seat == dealer
    others = [s for s in Seat if s != win.seat]
    if win.pao is not None and win.liable_yakuman:
        # EMA 6.2: on a self-draw the liable player pays the full value "including all continuance counters".
        # Under Japanese rules with another yakuman besides the liable one, the rest is an ordinary tsumo.
        full = pay(win.value, dealer=is_dealer, tsumo=False).total
        liable = _liable_part(full, win)
        ledger.add(win.pao, win.seat, liable, TransferReason.HAND, pao=True)
        rest_yakuman = win.value.yakuman - win.liable_yakuman
        if liable < full and rest_yakuman > 0:
            rest = pay(8000 * rest_yakuman, dealer=is_dealer, tsumo=True)
            for payer in others:
                ledger.add(
                    payer, win.seat, _tsumo_share(rest_payment=rest, payer=payer, dealer=dealer), TransferReason.HAND
                )
        ledger.add(win.pao, win.seat, honba_points, TransferReason.HONBA, pao=True)
        return
    payment = pay(win.value, dealer=is_dealer, tsumo=True)
    for payer in others:
        ledger.add(payer, win.seat, _tsumo_share(rest_payment=payment, payer=payer, dealer=dealer), TransferReason.HAND)
        ledger.add(payer, win.seat, honba_points // 3, TransferReason.HONBA)


def _tsumo_share(*, rest_payment: Payment, payer: Seat, dealer: Seat) -> int:
    """One payer's share of a tsumo payment: the dealer pays the dealer's part."""
    if rest_payment.all is not None:
        return rest_payment.all
    assert rest_payment.dealer is not None and rest_payment.non_dealer is not None
    return rest_payment.dealer if payer == dealer else rest_payment.non_dealer


def settle(
    rules: Ruleset,
    result: HandResult,
    *,
    dealer: Seat,
    honba: int,
    riichi_sticks: int,
    riichi_this_hand: tuple[Seat, ...],
    round_index: int = 0,
    dead_this_hand: tuple[Seat, ...] = (),
) -> RiichiSettlement:
    """Settle one hand result at a table in the given position.

    Args:
        rules: the game's ruleset.
        result: how the hand ended.
        dealer: the dealer of this hand.
        honba: the honba of this hand.
        riichi_sticks: the sticks on the table, including those put down in this hand.
        riichi_this_hand: who declared riichi in this hand (their sticks are already on the table).
        round_index: 0 for the East round, 1 for South... (checked against a full hand's round wind).
        dead_this_hand: whose hands were declared dead in this hand: a riichi player among them is noten at a draw
            and pays the noten payment, not a chombo (RCR 2016 3.4.7, EMA 2025 6.7).

    Raises:
        IllegalActionError: a result the ruleset does not allow or that contradicts the hand (an abortive draw the
            ruleset lacks, nagashi where there is none, a riichi player not tenpai at a draw...).
    """
    table = rules.table
    ledger = _Ledger()
    honba_value = honba * table.honba_points
    if isinstance(result, (Ron, Tsumo)) and result.losers:
        raise IllegalActionError(
            f"losers' hand values belong to the classical family's losers_settle; ruleset {rules.name!r} is riichi"
        )
    match result:
        case Ron():
            ranked = sorted(result.wins, key=lambda w: w.seat.distance_from(result.discarder))
            if len(ranked) == 3 and table.triple_ron is TripleRon.ABORT:
                return _abort(
                    rules,
                    result,
                    AbortReason.SANCHAHOU,
                    dealer=dealer,
                    honba=honba,
                    riichi_sticks=riichi_sticks,
                    riichi_this_hand=riichi_this_hand,
                )
            if len(ranked) == 3 and table.triple_ron is TripleRon.HEAD_BUMP:
                ranked = ranked[:1]
            if len(ranked) >= 2 and not table.double_ron:
                ranked = ranked[:1]  # head bump (atamahane): only the nearest winner to the discarder's right
            where = WinContext(dealer=dealer, round_index=round_index, tsumo=False, riichi_this_hand=riichi_this_hand)
            values = tuple(value_win(w, rules, where) for w in ranked)
            for k, win in enumerate(values):
                gets_honba = k == 0 or table.multiple_ron_honba is HonbaSplit.EACH
                _settle_ron_win(
                    ledger,
                    win,
                    discarder=result.discarder,
                    dealer=dealer,
                    honba_points=honba_value if gets_honba else 0,
                )
            sticks_left = riichi_sticks
            if table.multiple_ron_sticks is StickSplit.OWN_BACK:
                # EMA 4.1: "Riichi declarers that win, always get their riichi bet back."
                for win in values[1:]:
                    if win.seat in riichi_this_hand and sticks_left > 0:
                        ledger.add(None, win.seat, RIICHI_STICK, TransferReason.RIICHI_RETURNED)
                        sticks_left -= 1
            ledger.add(None, values[0].seat, sticks_left * RIICHI_STICK, TransferReason.RIICHI_STICKS)
            repeats = any(w.seat == dealer for w in values)
            return RiichiSettlement(
                result=result,
                transfers=tuple(ledger.transfers),
                deltas=ledger.deltas(),
                wins=values,
                dealer_repeats=repeats,
                honba_after=honba + 1 if repeats else 0,
                riichi_sticks_after=0,
            )
        case Tsumo():
            where = WinContext(dealer=dealer, round_index=round_index, tsumo=True, riichi_this_hand=riichi_this_hand)
            value = value_win(result.win, rules, where)
            if table.pao_scope is PaoScope.FULL_ON_TSUMO and value.liable_yakuman:
                # tenhou.net (issue 25, 4): on a tsumo the liable player pays the whole hand, every yakuman of it.
                value = replace(value, liable_yakuman=max(value.value.yakuman, value.liable_yakuman))
            _settle_tsumo_win(ledger, value, dealer=dealer, honba_points=honba_value)
            ledger.add(None, value.seat, riichi_sticks * RIICHI_STICK, TransferReason.RIICHI_STICKS)
            repeats = value.seat == dealer
            return RiichiSettlement(
                result=result,
                transfers=tuple(ledger.transfers),
                deltas=ledger.deltas(),
                wins=(value,),
                dealer_repeats=repeats,
                honba_after=honba + 1 if repeats else 0,
                riichi_sticks_after=0,
            )
        case ExhaustiveDraw():
            _check_riichi_tenpai(result.tenpai, riichi_this_hand, dead_this_hand)
            _noten_payments(ledger, result.tenpai, table.noten_payment)
            return _draw_like(
                ledger, result, rules, dealer=dealer, honba=honba, riichi_sticks=riichi_sticks, tenpai=result.tenpai
            )
        case NagashiMangan():
            if not table.nagashi:
                raise IllegalActionError(f"ruleset {rules.name!r} has no nagashi mangan")
            _check_riichi_tenpai(result.tenpai, riichi_this_hand, dead_this_hand)
            for seat in result.seats:
                # [issue3] tenhou.net: paid as a mangan tsumo by each nagashi player, with no honba; sticks stay;
                # no noten payments.
                payment = pay(_MANGAN_BASE, dealer=seat == dealer, tsumo=True)
                for payer in Seat:
                    if payer != seat:
                        ledger.add(
                            payer,
                            seat,
                            _tsumo_share(rest_payment=payment, payer=payer, dealer=dealer),
                            TransferReason.NAGASHI,
                        )
            return _draw_like(
                ledger, result, rules, dealer=dealer, honba=honba, riichi_sticks=riichi_sticks, tenpai=result.tenpai
            )
        case AbortiveDraw():
            return _abort(
                rules,
                result,
                result.reason,
                dealer=dealer,
                honba=honba,
                riichi_sticks=riichi_sticks,
                riichi_this_hand=riichi_this_hand,
            )
        case Chombo():
            if table.chombo is ChomboSettlement.REVERSE_MANGAN:
                # A mangan tsumo paid the other way: the offender pays each other player what they would pay them.
                payment = pay(_MANGAN_BASE, dealer=result.seat == dealer, tsumo=True)
                for payee in Seat:
                    if payee != result.seat:
                        share = _tsumo_share(rest_payment=payment, payer=payee, dealer=dealer)
                        ledger.add(result.seat, payee, share, TransferReason.CHOMBO)
            sticks = riichi_sticks
            if table.chombo_returns_riichi:
                # [issue3] the hand is replayed with the riichi sticks of this hand returned.
                for seat in riichi_this_hand:
                    ledger.add(None, seat, RIICHI_STICK, TransferReason.RIICHI_RETURNED)
                    sticks -= 1
            return RiichiSettlement(
                result=result,
                transfers=tuple(ledger.transfers),
                deltas=ledger.deltas(),
                wins=(),
                dealer_repeats=True,
                honba_after=honba,
                riichi_sticks_after=sticks,
                replayed=True,
            )
        case _:
            assert_never(result)


def _check_riichi_tenpai(
    tenpai: tuple[Seat, ...], riichi_this_hand: tuple[Seat, ...], dead_this_hand: tuple[Seat, ...]
) -> None:
    # RCR 2016 3.4.6-3.4.7, EMA 2025 3.3.14 and 6.7: a riichi hand declared dead is noten at the draw and pays the
    # noten payment, "not punished with a chombo".
    noten_riichi = [int(s) for s in riichi_this_hand if s not in tenpai and s not in dead_this_hand]
    if noten_riichi:
        raise IllegalActionError(
            f"seat {noten_riichi[0]} declared riichi this hand but is not listed tenpai at the draw"
            " (a noten riichi is a chombo: record it as one)"
        )


def _noten_payments(ledger: _Ledger, tenpai: tuple[Seat, ...], total: int) -> None:
    """Noten payments: ``total`` split between the tenpai players, paid equally by the noten players (seed 004)."""
    count = len(tenpai)
    if count in (0, 4) or total == 0:
        return
    each = total // (count * (4 - count))  # every noten player pays every tenpai player the same
    for payer in Seat:
        if payer not in tenpai:
            for payee in tenpai:
                ledger.add(payer, payee, each, TransferReason.NOTEN)


def _draw_like(
    ledger: _Ledger,
    result: HandResult,
    rules: Ruleset,
    *,
    dealer: Seat,
    honba: int,
    riichi_sticks: int,
    tenpai: tuple[Seat, ...],
) -> RiichiSettlement:
    repeats = rules.table.renchan_on_tenpai and dealer in tenpai
    return RiichiSettlement(
        result=result,
        transfers=tuple(ledger.transfers),
        deltas=ledger.deltas(),
        wins=(),
        dealer_repeats=repeats,
        honba_after=honba + 1,  # every draw adds a honba (seed 004; [issue3] tenhou)
        riichi_sticks_after=riichi_sticks,  # sticks carry over draws
    )


def _abort(
    rules: Ruleset,
    result: HandResult,
    reason: AbortReason,
    *,
    dealer: Seat,
    honba: int,
    riichi_sticks: int,
    riichi_this_hand: tuple[Seat, ...],
) -> RiichiSettlement:
    table = rules.table
    triple_ron_abort = reason is AbortReason.SANCHAHOU and table.triple_ron is TripleRon.ABORT
    if reason not in table.abortive_draws and not triple_ron_abort:
        allowed = ", ".join(sorted(r.value for r in table.abortive_draws)) or "none"
        raise IllegalActionError(f"ruleset {rules.name!r} has no abortive draw {reason.value!r} (allowed: {allowed})")
    if reason is AbortReason.SUUCHA_RIICHI and len(riichi_this_hand) != 4:
        raise IllegalActionError(
            f"an abortive draw for four riichi needs all four seats in riichi this hand, got {len(riichi_this_hand)}"
        )
    return RiichiSettlement(
        result=result,
        transfers=(),
        deltas=(0, 0, 0, 0),
        wins=(),
        dealer_repeats=table.renchan_on_abort,
        honba_after=honba + 1,  # [issue3] tenhou: honba +1, sticks stay
        riichi_sticks_after=riichi_sticks,
        abort=reason,
    )

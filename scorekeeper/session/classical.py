"""Settlement and East rotation for the classical Chinese point-and-double family (seed 003); pure functions.

Seed 003 says how a hand is valued, not who pays whom. Our defaults, each a knob in :class:`ClassicalTableRules`
(reasons in docs/classical.md):

* **Who pays.** Each of the three others pays the winner the hand's value; East (the dealer) pays double when
  another wins and receives double from each when East wins. The doubled payment may be capped at the hand
  rules' limit (``cap_east_double``), since the seed's limit exists "so that players will not pay excessive
  points".
* **Losers settle among themselves** (``losers_settle``): the older Western habit where the three losers also
  score their hands and each pair of them settles the difference, doubled when East is one of the pair.
* **East rotation.** East keeps the deal after winning (``dealer_repeats_on_win``) and after a draw
  (``dealer_repeats_on_draw``); otherwise the deal passes to the right. When the deal comes back to the first
  dealer (seat 0) the round wind advances; the game ends after the North round (``rounds``).
* There are no riichi sticks and no honba in this family.

The game state's fold (``scorekeeper.session.state``) calls :func:`settle_classical_result` for a hand's result
(which values the win with :func:`value_classical_win`, from ``scorekeeper.engine.classical`` for a full hand or as
called out by the players, and pays it with :func:`settle_classical_win` / :func:`settle_classical_draw`),
:func:`advance_classical` for the next hand, and :func:`classical_final_result` at the
end. The table knobs are in :mod:`scorekeeper.session.classical_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from scorekeeper.engine.classical import ClassicalRules, ClassicalScore, classical_hand_from_json, score_classical
from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import IllegalActionError
from scorekeeper.session._engine import agree
from scorekeeper.session.classical_rules import (
    ClassicalGameRules,
    ClassicalTableRules,
    LoserSettlement,
    classical_game_rules,
)
from scorekeeper.session.events import (
    AbortiveDraw,
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
from scorekeeper.session.seats import Seat, seat_wind
from scorekeeper.session.settlement import Settlement, Transfer, TransferReason
from scorekeeper.session.standings import FinalResult, Penalty, split_evenly

__all__ = [
    "ClassicalGameRules",
    "ClassicalHandSettlement",
    "ClassicalSettlement",
    "ClassicalTableRules",
    "ClassicalWinValue",
    "LoserSettlement",
    "advance_classical",
    "classical_final_result",
    "classical_game_rules",
    "settle_classical_draw",
    "settle_classical_result",
    "settle_classical_win",
    "value_classical_win",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalSettlement:
    """What a classical hand result does to the table.

    Attributes:
        transfers: every payment (reason ``hand``).
        deltas: each seat's score change; they sum to zero.
        dealer_repeats: East keeps the deal.
    """

    transfers: tuple[Transfer, ...]
    deltas: tuple[int, int, int, int]
    dealer_repeats: bool


def _payment(value: int, doubled: bool, hand_rules: ClassicalRules, rules: ClassicalTableRules) -> int:
    if not doubled:
        return value
    paid = 2 * value
    if rules.cap_east_double and hand_rules.limit is not None:
        paid = min(paid, hand_rules.limit)
    return paid


def _deltas(transfers: list[Transfer]) -> tuple[int, int, int, int]:
    deltas = [0, 0, 0, 0]
    for transfer in transfers:
        assert transfer.payer is not None
        deltas[transfer.payer] -= transfer.points
        deltas[transfer.payee] += transfer.points
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def settle_classical_win(
    *,
    winner: Seat,
    dealer: Seat,
    value: int,
    hand_rules: ClassicalRules,
    rules: ClassicalTableRules,
    loser_values: Mapping[Seat, int] | None = None,
) -> ClassicalSettlement:
    """Who pays whom for a win worth ``value`` (already capped at the hand rules' limit by the engine).

    Args:
        winner: the seat that won.
        dealer: the seat that is East this hand.
        value: the winning hand's value (seed 003: points x doubles).
        hand_rules: the hand rules (their ``limit`` caps a doubled payment when ``cap_east_double`` is on).
        rules: the table knobs.
        loser_values: under ``losers_settle``, each loser's own hand value (a missing seat counts 0).

    Raises:
        IllegalActionError: a value below zero, a winner among the losers' values, or losers' values given
            when the rules do not settle between losers.
    """
    if value < 0:
        raise IllegalActionError(f"a hand's value cannot be negative, got {value}")
    loser_values = dict(loser_values or {})
    if winner in loser_values:
        raise IllegalActionError(f"seat {int(winner)} won: its value cannot also be a loser's")
    if loser_values and rules.losers is not LoserSettlement.LOSERS_SETTLE:
        raise IllegalActionError(
            "losers' hand values given, but these rules settle only with the winner (losers: winner_only)"
        )
    if any(v < 0 for v in loser_values.values()):
        raise IllegalActionError(f"a hand's value cannot be negative: {loser_values}")
    transfers: list[Transfer] = []
    losers = [seat for seat in Seat if seat != winner]
    for loser in losers:
        doubled = rules.east_double and dealer in (winner, loser)
        points = _payment(value, doubled, hand_rules, rules)
        if points:
            transfers.append(Transfer(payer=loser, payee=winner, points=points, reason=TransferReason.HAND))
    if rules.losers is LoserSettlement.LOSERS_SETTLE:
        for i, first in enumerate(losers):
            for second in losers[i + 1 :]:
                a, b = loser_values.get(first, 0), loser_values.get(second, 0)
                if a == b:
                    continue
                high, low = (first, second) if a > b else (second, first)
                doubled = rules.east_double and dealer in (first, second)
                points = _payment(abs(a - b), doubled, hand_rules, rules)
                transfers.append(Transfer(payer=low, payee=high, points=points, reason=TransferReason.HAND))
    return ClassicalSettlement(
        transfers=tuple(transfers),
        deltas=_deltas(transfers),
        dealer_repeats=rules.dealer_repeats_on_win and winner == dealer,
    )


def settle_classical_draw(rules: ClassicalTableRules) -> ClassicalSettlement:
    """A hand nobody won: no payments (the family has no noten payments); East keeps the deal by the knob."""
    return ClassicalSettlement(transfers=(), deltas=(0, 0, 0, 0), dealer_repeats=rules.dealer_repeats_on_draw)


# ---------------------------------------------------------------------------------------------------------------
# The game's fold: a classical hand result at the table (called by ``scorekeeper.session.state``)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalWinValue:
    """A classical win's value.

    Attributes:
        seat: the winner.
        value: the hand's value in table points (seed 003, C: points x doubles, rounded and capped).
        score: the engine's full explanation (each point source and double) for a hand entered as tiles; None for a
            value the table called out.
    """

    seat: Seat
    value: int
    score: ClassicalScore | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalHandSettlement(Settlement):
    """A classical hand's settlement: what every family's has, and the classical values (seed 003).

    Nothing of the riichi family: no honba, no riichi sticks, no wins in han and fu, no abort, no replay.

    Attributes:
        values: the win's value and its explanation (empty for a draw).
    """

    values: tuple[ClassicalWinValue, ...] = ()

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seat that won (seed 003: one winner a hand), or none for a draw."""
        return tuple(v.seat for v in self.values)


_WINNER_ONLY_NOTE = "the classical family (seed 003) has one winner per hand"


def value_classical_win(
    win: Win, rules: ClassicalGameRules, *, dealer: Seat, round_wind: Wind, tsumo: bool
) -> ClassicalWinValue:
    """The value of a win under the classical hand rules: a full hand scored by the engine, or a called-out value.

    A full hand's ``tsumo``, ``seat_wind`` and ``round_wind`` are filled in from the table when left out, and
    must agree with it when given.

    Raises:
        IllegalActionError: a riichi-style win (han and fu, yakuman), a called-out value above the limit, or a
            hand whose conditions contradict the table.
        ScorekeeperError: whatever the classical engine raises for a hand it cannot read or score.
    """
    seat = int(win.seat)
    match win:
        case ValueWin():
            limit = rules.hand.limit
            if limit is not None and win.value > limit:
                raise IllegalActionError(
                    f"seat {seat}'s hand is called {win.value}, above the limit of {limit} (the value is capped at"
                    " the limit: enter the capped value)"
                )
            return ClassicalWinValue(seat=win.seat, value=win.value)
        case HandWin():
            hand = win.input
            agree(hand, "tsumo", tsumo, seat, "the win is " + ("self-drawn" if tsumo else "on a discard"))
            agree(hand, "seat_wind", seat_wind(win.seat, dealer).value, seat, "the seat wind is")
            agree(hand, "round_wind", round_wind.value, seat, "the round wind is")
            parsed, _ = classical_hand_from_json(hand)
            score = score_classical(parsed, rules.hand)
            return ClassicalWinValue(seat=win.seat, value=score.value, score=score)
        case HanFuWin() | YakumanWin():
            raise IllegalActionError(
                f"seat {seat}'s win is given as han and fu or yakuman, which the classical family does not count:"
                ' enter the hand ({"seat": s, "hand": {...}}) or its value ({"seat": s, "value": n})'
            )
        case _:
            assert_never(win)


def settle_classical_result(
    rules: ClassicalGameRules,
    result: HandResult,
    *,
    dealer: Seat,
    round_wind: Wind,
    riichi_this_hand: Sequence[Seat] = (),
) -> ClassicalHandSettlement:
    """Settle one classical hand result: a win (on a discard or self-drawn) or a draw.

    Who discarded does not change who pays (seed 003 gives no discarder's share; docs/classical.md): the
    discard only tells a full hand that it was not self-drawn.

    Raises:
        IllegalActionError: a result the family does not have (nagashi, an abortive draw, chombo, several winners,
            tenpai at a draw, riichi) or a win that cannot be valued.
        ScorekeeperError: whatever the classical engine raises for a full hand.
    """
    if riichi_this_hand:
        raise IllegalActionError("the classical family (seed 003) has no riichi")
    match result:
        case Ron():
            if len(result.wins) != 1:
                winners = [int(w.seat) for w in result.wins]
                raise IllegalActionError(f"{_WINNER_ONLY_NOTE}: seats {winners} cannot all win on one discard")
            win = result.wins[0]
            tsumo = False
        case Tsumo():
            win = result.win
            tsumo = True
        case ExhaustiveDraw():
            if result.tenpai:
                raise IllegalActionError(
                    "the classical family has no tenpai payments: a draw's tenpai list must be empty, got"
                    f" {[int(s) for s in result.tenpai]}"
                )
            core = settle_classical_draw(rules.table)
            return ClassicalHandSettlement(
                result=result, transfers=(), deltas=core.deltas, dealer_repeats=core.dealer_repeats
            )
        case NagashiMangan():
            raise IllegalActionError("the classical family (seed 003) has no nagashi mangan")
        case AbortiveDraw():
            raise IllegalActionError(
                f"the classical family (seed 003) has no abortive draw {result.reason.value!r}: record a draw"
            )
        case Chombo():
            raise IllegalActionError(
                "the classical family (seed 003) names no penalty for a false win: record a referee penalty instead"
            )
        case _:
            assert_never(result)
    value = value_classical_win(win, rules, dealer=dealer, round_wind=round_wind, tsumo=tsumo)
    core = settle_classical_win(
        winner=win.seat,
        dealer=dealer,
        value=value.value,
        hand_rules=rules.hand,
        rules=rules.table,
        loser_values={loser.seat: loser.value for loser in result.losers},
    )
    return ClassicalHandSettlement(
        result=result,
        transfers=core.transfers,
        deltas=core.deltas,
        dealer_repeats=core.dealer_repeats,
        values=(value,),
    )


def advance_classical(
    round_index: int, dealer: Seat, dealer_repeats: bool, rules: ClassicalTableRules
) -> tuple[int, Seat, bool]:
    """The next hand's round index (0 East .. 3 North) and dealer, and whether the game has ended.

    East repeats, or the deal passes right; when it comes back to seat 0 the round wind advances, and after
    ``rules.rounds`` round winds the game ends. An ended game keeps the last hand's position (for its labels).
    """
    if dealer_repeats:
        return round_index, dealer, False
    following = dealer.next
    if following != Seat.SEAT_0:
        return round_index, following, False
    if round_index + 1 >= rules.rounds:
        return round_index, dealer, True
    return round_index + 1, following, False


def classical_final_result(
    rules: ClassicalTableRules, scores: tuple[int, ...], penalties: tuple[Penalty, ...]
) -> FinalResult:
    """The classical result sheet: places by score, and each player's points as the change from the start.

    The family pays hand by hand, so a player's result is simply what they won or lost (``score - start``);
    with ``uma`` set, the placement bonus is added in table points, tied seats sharing the place and splitting its
    uma (odd points to the earlier seat). Penalties are added after, in table points, and never change places.
    ``FinalResult`` keeps points in tenths: here a point is one table point, so ``points`` reads ``1240.0``.
    """
    order = sorted(Seat, key=lambda s: (-scores[s], int(s)))
    groups: list[list[Seat]] = []
    for seat in order:
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    places = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    position = 0
    for group in groups:
        bonus = split_evenly(sum(rules.uma[position : position + len(group)]), group)
        for seat in group:
            places[seat] = position + 1
            points[seat] = (scores[seat] - rules.start_points + bonus[seat]) * 10
        position += len(group)
    after = list(points)
    for penalty in penalties:
        after[penalty.seat] += penalty.points * 10
    four = (scores[0], scores[1], scores[2], scores[3])
    return FinalResult(
        raw_scores=four,
        scores=four,
        places=(places[0], places[1], places[2], places[3]),
        uma_oka_tenths=None,
        points_before_penalties_tenths=(points[0], points[1], points[2], points[3]),
        penalties=penalties,
        points_tenths=(after[0], after[1], after[2], after[3]),
        leftover_sticks=0,
    )

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

The session calls :func:`settle_classical_win` / :func:`settle_classical_draw` for a hand's result and
:func:`next_position` for the next hand; the hand's value comes from ``scorekeeper.engine.classical``
(``score_classical(hand, rules).value``) or is typed in by the players.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.engine.classical import ClassicalRules
from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import IllegalActionError, InvalidRulesetError
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import Transfer, TransferReason

__all__ = [
    "ClassicalPosition",
    "ClassicalSettlement",
    "ClassicalTableRules",
    "LoserSettlement",
    "next_position",
    "seat_wind",
    "settle_classical_draw",
    "settle_classical_win",
]

_WINDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


class LoserSettlement(enum.StrEnum):
    """Whether only the winner is paid, or the losers also settle their hands among themselves."""

    WINNER_ONLY = "winner_only"  # our default: the seed names no settlement between losers
    LOSERS_SETTLE = "losers_settle"  # the older Western habit: every pair of losers settles the difference


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalTableRules:
    """The table knobs of the classical family (seed 003 is silent on all of them; docs/classical.md).

    Attributes:
        losers: winner only, or the losers also settle among themselves.
        east_double: East pays and receives double.
        cap_east_double: a doubled payment is capped at the hand rules' limit (when it has one).
        dealer_repeats_on_win: East keeps the deal after winning.
        dealer_repeats_on_draw: East keeps the deal after a draw.
        rounds: how many round winds a game lasts (4: East, South, West, North).
    """

    losers: LoserSettlement = LoserSettlement.WINNER_ONLY
    east_double: bool = True
    cap_east_double: bool = False
    dealer_repeats_on_win: bool = True
    dealer_repeats_on_draw: bool = True
    rounds: int = 4

    def __post_init__(self) -> None:
        if type(self.rounds) is not int or not 1 <= self.rounds <= 4:
            raise InvalidRulesetError(f"rounds must be 1 to 4 round winds, got {self.rounds!r}")


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


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalPosition:
    """Where the game stands: the round wind, the dealer (East), and whether the game is over."""

    round_wind: Wind = Wind.EAST
    dealer: Seat = Seat.SEAT_0
    ended: bool = False


def seat_wind(seat: Seat, dealer: Seat) -> Wind:
    """A seat's wind this hand: the dealer is East, the next seat to the right South, and so on."""
    return _WINDS[seat.distance_from(dealer)]


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
        raise IllegalActionError("losers' hand values given, but these rules settle only with the winner")
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


def next_position(
    position: ClassicalPosition, settlement: ClassicalSettlement, rules: ClassicalTableRules
) -> ClassicalPosition:
    """The position after a hand: East repeats, or the deal passes right; back at seat 0 the round wind advances.

    Raises:
        IllegalActionError: the game has already ended.
    """
    if position.ended:
        raise IllegalActionError("the game has ended: no more hands")
    if settlement.dealer_repeats:
        return position
    dealer = position.dealer.next
    if dealer != Seat.SEAT_0:
        return ClassicalPosition(round_wind=position.round_wind, dealer=dealer)
    index = _WINDS.index(position.round_wind) + 1
    if index >= rules.rounds:
        return ClassicalPosition(round_wind=position.round_wind, dealer=position.dealer, ended=True)
    return ClassicalPosition(round_wind=_WINDS[index], dealer=dealer)

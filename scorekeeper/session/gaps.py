"""Point gaps between players: the smallest hand that lets a player pass someone (issue 4, "The table view").

A player passes another when their score becomes strictly higher (a tie is broken by seat order in the tenhou
preset, which this helper does not assume: strictly higher passes under every ruleset). Three ways are counted,
as a player at the table counts them, with the honba and the riichi sticks now on the table:

- Direct hit: a ron off the player ahead. We gain the hand, the honba and every stick on the table; they lose the
  hand and the honba.
- From a third party: a ron off someone else. Only our score moves (hand, honba and sticks).
- By tsumo: all three pay. The player ahead pays their share of the hand (the dealer twice a non-dealer's share;
  each a third when the dealer wins) and a third of the honba.

The hand values come from the engine's own payment tables (:func:`scorekeeper.engine.points.pay` over every han and
fu a hand can have, with the ruleset's limits, kiriage and aotenjou), so the figures are the ones the table calls
("3,900", "1,300/2,600", "2,600 all"). Honba: ``TableRules.honba_points`` per honba, a third from each payer on
tsumo (seed 004, 6.1); each riichi stick is 1,000 to the winner (seed 004, 6.1; seed 000, "Riichi").

This is the table's arithmetic (issue 11: it lived in the GUI); ``scorekeeper.gui.gaps`` only words it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scorekeeper.engine.han_fu import FU_VALUES, is_valid_han_fu
from scorekeeper.engine.points import Limit, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules
from scorekeeper.session.rules import RiichiRules
from scorekeeper.session.settlement import RIICHI_STICK
from scorekeeper.session.state import GameState

__all__ = ["Gap", "HandNeeded", "point_gaps", "seat_gaps"]

#: Fu a hand can have (the engine's one table, ``scorekeeper.engine.han_fu``): 30 and up first, then 20 (pinfu
#: tsumo) and 25 (chiitoitsu), the order a hand paying the same is named by (a hand of 30 fu and more is the usual).
_FU = tuple(sorted(FU_VALUES, key=lambda fu: (fu < 30, fu)))


@dataclass(frozen=True, slots=True, kw_only=True)
class HandNeeded:
    """The cheapest hand that does it, as the table calls it.

    Attributes:
        han: its han (None for a yakuman valued by yakuman yaku).
        fu: its fu (None likewise).
        limit: its limit name, or None below mangan.
        ron: the ron payment (for a ron), else 0.
        dealer_pays: on a non-dealer's tsumo, the dealer's payment, else 0.
        others_pay: on a tsumo, each non-dealer's payment (or each player's when the dealer wins), else 0.
        total: what the hand itself brings the winner, before honba and sticks.
    """

    han: int | None
    fu: int | None
    limit: Limit | None
    ron: int = 0
    dealer_pays: int = 0
    others_pay: int = 0
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Gap:
    """The gap from one player to another and the cheapest hands that close it.

    Attributes:
        other: the other player's seat number.
        difference: their score minus ours (negative when we are ahead).
        direct_hit: the hand value (ron payment) that passes them by a ron off them; 0 when we are already ahead
            or when no single hand up to a yakuman does it (then ``direct_hit_hand`` is None).
        third_party: the same for a ron off someone else.
        tsumo: the same for a tsumo (the hand's total, before honba and sticks).
        direct_hit_hand: the cheapest hand for a direct hit, or None (ahead already, or out of reach).
        third_party_hand: the cheapest hand by a ron off someone else, or None.
        tsumo_hand: the cheapest hand by tsumo, or None.
        honba: the honba counted.
        riichi_sticks: the riichi sticks on the table counted.
        valued: the hands were looked for (False for someone behind us, and in the classical family).
    """

    other: int
    difference: int
    direct_hit: int
    third_party: int
    tsumo: int
    direct_hit_hand: HandNeeded | None = None
    third_party_hand: HandNeeded | None = None
    tsumo_hand: HandNeeded | None = None
    honba: int = 0
    riichi_sticks: int = 0
    valued: bool = False


def _need(value: PointValue, *, dealer: bool, tsumo: bool) -> HandNeeded:
    payment = pay(value, dealer=dealer, tsumo=tsumo)
    return HandNeeded(
        han=value.han,
        fu=value.fu,
        limit=value.limit,
        ron=payment.ron or 0,
        dealer_pays=payment.dealer or 0,
        others_pay=payment.all if payment.all is not None else payment.non_dealer or 0,
        total=payment.total,
    )


@functools.cache
def _hands(rules: HandRules, *, dealer: bool, tsumo: bool) -> tuple[HandNeeded, ...]:
    """Every different payment a winner's hand can make, cheapest first, each named by its fewest fu, then han."""
    found: dict[tuple[int, int, int], HandNeeded] = {}
    top_han = 13 if rules.aotenjou else 11
    # Fu first: of two hands that pay the same (2 han 40 fu, 1 han 80 fu) the commoner one, with fewer fu, is named.
    for fu in _FU:
        for han in range(1, top_han + 1):
            if not is_valid_han_fu(han, fu, tsumo=tsumo):
                continue  # no win has it (20 fu only pinfu tsumo, 25 fu chiitoitsu...): the engine's one table
            if han > 4 and fu != 30 and not rules.aotenjou:
                continue  # from 5 han a hand is a limit and its fu no longer count (seed 000, "Scores")
            need = _need(value_from_han_fu(han, fu, rules), dealer=dealer, tsumo=tsumo)
            found.setdefault((need.ron, need.dealer_pays, need.others_pay), need)
    if not rules.aotenjou:
        need = _need(value_from_yakuman(1, rules), dealer=dealer, tsumo=tsumo)
        found.setdefault((need.ron, need.dealer_pays, need.others_pay), need)
    return tuple(sorted(found.values(), key=lambda h: h.total))


def point_gaps(
    scores: tuple[int, int, int, int],
    seat: int,
    dealer: int,
    *,
    rules: HandRules | None,
    honba: int = 0,
    riichi_sticks: int = 0,
    honba_points: int = 300,
) -> tuple[Gap, ...]:
    """The gaps from ``seat`` to each other seat, in seat order, counting the honba and sticks on the table.

    Args:
        scores: the four scores now.
        seat: whose gaps.
        dealer: the dealer of the hand being played.
        rules: the hand-scoring rules (limits, kiriage, aotenjou); None for the classical family (seed 003), whose
            hands are not valued by han and fu: then only the differences are given.
        honba: the honba of the hand being played.
        riichi_sticks: the riichi sticks on the table (they go to the winner).
        honba_points: what one honba adds to a win (``TableRules.honba_points``).
    """
    winner_is_dealer = seat == dealer
    ron_hands = () if rules is None else _hands(rules, dealer=winner_is_dealer, tsumo=False)
    tsumo_hands = () if rules is None else _hands(rules, dealer=winner_is_dealer, tsumo=True)
    honba_value = honba * honba_points
    sticks_value = riichi_sticks * RIICHI_STICK
    gaps = []
    for other in range(4):
        if other == seat:
            continue
        difference = scores[other] - scores[seat]
        if difference < 0 or rules is None:
            gaps.append(Gap(other=other, difference=difference, direct_hit=0, third_party=0, tsumo=0))
            continue

        # A tsumo costs them their share of the hand: twice a non-dealer's when they deal (seed 000, "Scores").
        they_deal = other == dealer and not winner_is_dealer
        # We pass when our score after the hand is strictly above theirs after it.
        direct = next((h for h in ron_hands if 2 * (h.ron + honba_value) + sticks_value > difference), None)
        third = next((h for h in ron_hands if h.ron + honba_value + sticks_value > difference), None)
        tsumo = next(
            (
                h
                for h in tsumo_hands
                if h.total
                + honba_value
                + sticks_value
                + (h.dealer_pays if they_deal else h.others_pay)
                + honba_value // 3
                > difference
            ),
            None,
        )
        gaps.append(
            Gap(
                other=other,
                difference=difference,
                direct_hit=0 if direct is None else direct.ron,
                third_party=0 if third is None else third.ron,
                tsumo=0 if tsumo is None else tsumo.total,
                direct_hit_hand=direct,
                third_party_hand=third,
                tsumo_hand=tsumo,
                honba=honba,
                riichi_sticks=riichi_sticks,
                valued=True,
            )
        )
    return tuple(gaps)


def seat_gaps(state: GameState, seat: int) -> tuple[Gap, ...]:
    """``seat``'s gaps in ``state``, with the honba and sticks now on the table (the classical family: differences)."""
    game = state.rules.game
    if not isinstance(game, RiichiRules):
        return point_gaps(state.scores, seat, int(state.dealer), rules=None)
    return point_gaps(
        state.scores,
        seat,
        int(state.dealer),
        rules=game.hand,
        honba=state.honba,
        riichi_sticks=state.riichi_sticks,
        honba_points=game.table.honba_points,
    )

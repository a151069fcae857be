"""Point gaps between players: what a player needs to pass someone (issue 4, "The table view").

Plain arithmetic over the four scores, no Qt, so that it is tested on its own. A player passes another when
their score becomes strictly higher (a tie is broken by seat order in the tenhou preset, which this helper does
not assume: it asks for the strictly higher score, which passes under every ruleset).

- Direct hit: a ron off the player ahead moves the value from them to us, so it must exceed half the gap.
- From a third party: only our score moves, so the value must exceed the gap.
- By tsumo: the player ahead pays a share too. For a non-dealer's tsumo the dealer pays half the value and each
  non-dealer a quarter (seed 000, "Scores": dealer pays 2x base, the others 1x base of a 4x base total); for a
  dealer's tsumo each pays a third. The total value must beat the gap once that share is counted twice.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Gap", "point_gaps"]


def _above(points: int) -> int:
    """The smallest multiple of 100 strictly above ``points``."""
    return (points // 100 + 1) * 100


@dataclass(frozen=True, slots=True, kw_only=True)
class Gap:
    """The gap from one player to another and the hand values that close it.

    Attributes:
        other: the other player's seat number.
        difference: their score minus ours (negative when we are ahead).
        direct_hit: the smallest ron value off them that puts us ahead, or 0 when we are already ahead.
        third_party: the smallest ron value off someone else that puts us ahead, or 0.
        tsumo: the smallest tsumo total (before honba) that puts us ahead, or 0.
    """

    other: int
    difference: int
    direct_hit: int
    third_party: int
    tsumo: int


def point_gaps(scores: tuple[int, int, int, int], seat: int, dealer: int) -> tuple[Gap, ...]:
    """The gaps from ``seat`` to each other seat, in seat order."""
    gaps = []
    for other in range(4):
        if other == seat:
            continue
        difference = scores[other] - scores[seat]
        if difference < 0:
            gaps.append(Gap(other=other, difference=difference, direct_hit=0, third_party=0, tsumo=0))
            continue
        if seat == dealer:
            share_num, share_den = 1, 3
        elif other == dealer:
            share_num, share_den = 1, 2
        else:
            share_num, share_den = 1, 4
        # value * (1 + 2*share) > difference  ->  value > difference * den / (den + 2*num)
        tsumo_limit = difference * share_den // (share_den + 2 * share_num)
        gaps.append(
            Gap(
                other=other,
                difference=difference,
                direct_hit=_above(difference // 2),
                third_party=_above(difference),
                tsumo=_above(tsumo_limit),
            )
        )
    return tuple(gaps)

"""Final results: leftover riichi sticks, placement with ties, uma and oka, rounding, penalties after uma.

Plus-minus points are kept as integers in tenths of a point (one tenth = 100 table points), so that every
rounding rule is exact and the sum-to-zero property is checkable without floats; :attr:`FinalResult.points`
gives the usual ``+45.0`` numbers for the edges (CLI, GUI).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.session.rules import LeftoverSticks, PointsRounding, TableRules, TieBreak
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import RIICHI_STICK

__all__ = ["FinalResult", "Penalty", "final_result", "split_evenly"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """A penalty applied after uma: a chombo under an after-uma ruleset, or a referee's penalty.

    Attributes:
        seat: who is penalised (a positive ``points`` is a correction in their favour).
        points: table points (negative for a penalty).
        reason: why, for the result sheet.
    """

    seat: Seat
    points: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalResult:
    """The game's result sheet.

    Attributes:
        raw_scores: the scores at the end, before leftover sticks.
        scores: the scores after leftover riichi sticks.
        places: each seat's place, 1-4 (tied seats share a place when ties split).
        uma_oka_tenths: the uma and oka each seat received, in tenths of a point, exactly as applied (tied seats'
            shares, odd tenths to the earlier seat); None where the family has no uma and oka of this kind
            (classical). The one source of the result sheet's uma/oka column (issue 9, section 3).
        points_before_penalties_tenths: plus-minus per seat in tenths of a point, after uma and oka.
        penalties: the penalties applied after uma.
        points_tenths: plus-minus per seat in tenths of a point, after penalties.
        leftover_sticks: the riichi sticks that were on the table at the end.
    """

    raw_scores: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    places: tuple[int, int, int, int]
    uma_oka_tenths: tuple[int, int, int, int] | None
    points_before_penalties_tenths: tuple[int, int, int, int]
    penalties: tuple[Penalty, ...]
    points_tenths: tuple[int, int, int, int]
    leftover_sticks: int

    @property
    def points(self) -> tuple[float, float, float, float]:
        """Plus-minus per seat as numbers to one decimal (``45.0``), for display and JSON."""
        p = self.points_tenths
        return (p[0] / 10, p[1] / 10, p[2] / 10, p[3] / 10)


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def split_evenly(total: int, seats: list[Seat]) -> dict[Seat, int]:
    """Split an integer total among seats as evenly as possible; the odd units go to the earlier seats."""
    ordered = sorted(seats)
    share, rest = divmod(total, len(ordered))
    return {seat: share + (1 if k < rest else 0) for k, seat in enumerate(ordered)}


def _round_half_away(tenths: int) -> int:
    """A number of tenths rounded to whole points, halves away from zero ([issue3] tenhou.net)."""
    sign = -1 if tenths < 0 else 1
    return sign * ((abs(tenths) + 5) // 10)


def final_result(
    rules: TableRules, scores: tuple[int, ...], riichi_sticks: int, penalties: tuple[Penalty, ...]
) -> FinalResult:
    """The result sheet for a game that ended with ``scores`` and ``riichi_sticks`` left on the table."""
    order = sorted(Seat, key=lambda s: (-scores[s], int(s)))  # placement; ties by seat order for now
    groups: list[list[Seat]] = []
    for seat in order:
        if rules.ties is TieBreak.SPLIT and groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    places = [0, 0, 0, 0]
    position = 0
    for group in groups:
        for seat in group:
            places[seat] = position + 1
        position += len(group)

    # Leftover riichi sticks ([issue3]: to first place, split between tied leaders, or lost).
    final = list(scores)
    leftover = riichi_sticks * RIICHI_STICK
    if leftover:
        if rules.leftover_sticks is LeftoverSticks.FIRST:
            final[order[0]] += leftover
        elif rules.leftover_sticks is LeftoverSticks.SPLIT_FIRST:
            leaders = [s for s in Seat if scores[s] == scores[order[0]]]
            for seat, share in split_evenly(leftover // 100, leaders).items():
                final[seat] += share * 100
        elif rules.leftover_sticks is LeftoverSticks.SPLIT_FIRST_ROUND_DOWN:
            # EMA 2025 3.7: "the points are split in case of a tie (any decimals are rounded down)".
            leaders = [s for s in Seat if scores[s] == scores[order[0]]]
            for seat in leaders:
                final[seat] += leftover // len(leaders)

    # Uma and oka, in tenths of a point: a group of tied seats shares the uma of the places it covers.
    bonus = [0, 0, 0, 0]
    position = 0
    for group in groups:
        total = sum(rules.uma[position : position + len(group)]) * 10
        if position == 0:
            total += rules.oka // 100
        for seat, share in split_evenly(total, group).items():
            bonus[seat] = share
        position += len(group)

    points = [0, 0, 0, 0]
    if rules.rounding is PointsRounding.EXACT:
        for seat in Seat:
            points[seat] = (final[seat] - rules.return_points) // 100 + bonus[seat]
    else:
        # [issue3] tenhou.net: the other three get their score / 1000 rounded half away from zero, minus the
        # return, plus uma; first place takes whatever makes the sum zero.
        firsts = groups[0]
        for seat in Seat:
            if seat not in firsts:
                whole = _round_half_away(final[seat] // 100) - rules.return_points // 1000
                points[seat] = whole * 10 + bonus[seat]
        rest = -sum(points) - (rules.leftover_sticks is LeftoverSticks.LOST) * leftover // 100
        for seat, share in split_evenly(rest, firsts).items():
            points[seat] = share
    before = _four(points)
    after = list(points)
    for penalty in penalties:
        after[penalty.seat] += penalty.points // 100
    return FinalResult(
        raw_scores=_four(list(scores)),
        scores=_four(final),
        places=_four(places),
        uma_oka_tenths=_four(bonus),
        points_before_penalties_tenths=before,
        penalties=penalties,
        points_tenths=_four(after),
        leftover_sticks=riichi_sticks,
    )

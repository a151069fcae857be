"""Who is credited with what from one table's game, and from a session missed: the tournament's substitution rule.

Under :attr:`AbsenceRule.RCR2016` and :attr:`AbsenceRule.EMA2025`, the rules of the EMA texts (RCR 2016 5.8,
EMA 2025 7.3, which agree on everything that is ranked):

* "A player who is substituted will score -15,000 points and -15,000 uma at each session, i.e. a total of -30,000
  points" (EMA 2025 7.3; RCR 2016 5.8: "for each session missed"): the one who leaves a seat, before the first hand
  or during the game, is credited with -30.0 for that session (:data:`ABSENT_SESSION_TENTHS`) and no place; a chombo
  they made before leaving is still theirs (a penalty after uma, EMA 2025 3.4.6);
* "If a substitution occurred before the beginning of the game at the table, the score of the substitute player is
  relevant for determining the opponents' uma" (EMA 2025 7.3; RCR 2016 5.8 "played from the beginning of the
  session"): the game's own sheet stands for the other three. The app knows hands, not minutes: a substitute who
  came in before the first hand was recorded (``PlayerReplaced`` with no hand played) played from the beginning;
* "If a substitution occurred after the beginning of the game at the table, the score of the substitute player is
  not relevant; they will always receive -15,000 points uma, and the other players will receive 15,000, 5,000 and
  -5,000 points": the seat a substitute took during the game is placed last for the uma, and the other three take
  the uma of places 1 to 3 in their own order (ties split as the ruleset splits them); their scores are untouched;
* a substitute is ranked nowhere; their own line (the games CSV, the score sheet) is where the texts differ: RCR 2016
  5.8 "Substitute players' session results will always be entered ... as -15,000 points and -15,000 uma, i.e. a
  total of -30,000"; EMA 2025 7.3 gives them "-15,000 points uma" whether they came in before the game ("if the
  substitute player wins the game, they will receive -15,000 points uma") or after it began, on their own points
  (the seat's change since they sat down);
* a player who drops out (or is disqualified) misses the sessions after: -30.0 for each of them once it is seated.

Under :attr:`AbsenceRule.SEAT_SHARES` (this program's earlier reading, kept as a knob value) the seat's shares of
``scorekeeper.session.substitution`` are credited as they are, and a session missed counts nothing.
"""

from __future__ import annotations

import dataclasses

from scorekeeper.session.rules import TableRules
from scorekeeper.session.seats import Seat
from scorekeeper.session.standings import FinalResult, split_evenly
from scorekeeper.session.substitution import SeatShare
from scorekeeper.tournament.settings import AbsenceRule, TournamentSettings

__all__ = ["ABSENT_SESSION_TENTHS", "credited_shares", "played", "substitute_uma_tenths"]

#: -15,000 points and -15,000 uma, in tenths of a point (RCR 2016 5.8, EMA 2025 7.3).
ABSENT_SESSION_TENTHS = -300


def substitute_uma_tenths(rules: TableRules, sheet: FinalResult, late: frozenset[Seat]) -> tuple[int, ...]:
    """Each seat's uma and oka in tenths when the seats in ``late`` (a substitute took them after play began) are
    placed last whatever their score, and the others take the places above them in the sheet's order (EMA 2025 7.3:
    "they will always receive -15,000 points uma, and the other players will receive 15,000, 5,000 and -5,000").

    Seats level on the sheet (the same place) share the uma of the places they cover, as the sheet does.
    """
    order = sorted(Seat, key=lambda s: (s in late, sheet.places[s], int(s)))
    groups: list[list[Seat]] = []
    for seat in order:
        previous = groups[-1][0] if groups else None
        if (
            previous is not None
            and (previous in late) == (seat in late)
            and sheet.places[previous] == sheet.places[seat]
        ):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    bonus = [0, 0, 0, 0]
    position = 0
    for group in groups:
        total = sum(rules.uma[position : position + len(group)]) * 10
        if position == 0:
            total += rules.oka // 100
        for seat, share in split_evenly(total, group).items():
            bonus[seat] = share
        position += len(group)
    return tuple(bonus)


def credited_shares(
    settings: TournamentSettings, sheet: FinalResult, shares: tuple[SeatShare, ...]
) -> tuple[SeatShare, ...]:
    """Everyone's part of one game under the tournament's :attr:`~TournamentSettings.absence_rule`, from the game's
    sheet and its seat shares (``seat_shares``), in their order: under ``SEAT_SHARES`` the shares as they are; under
    the EMA texts' rules the one who left a seat takes -30.0; where a substitute took a seat after play began every
    other finisher's uma is the one :func:`substitute_uma_tenths` gives; the substitute's own line (ranked nowhere)
    is -30.0 under RCR 2016 and their own points with -15,000 uma under EMA 2025.

    A share's player played a hand of the game unless :func:`played` says otherwise (replaced before the first)."""
    rule = settings.absence_rule
    if rule is AbsenceRule.SEAT_SHARES:
        return shares
    by_seat: dict[Seat, list[SeatShare]] = {}
    for share in shares:
        by_seat.setdefault(share.seat, []).append(share)
    # A seat a substitute took after play began: any newcomer there whose first hand is not the first.
    late = frozenset(seat for seat, spans in by_seat.items() if any(s.first_hand > 0 for s in spans[1:]))
    rules = settings.ruleset.game.table
    uma = sheet.uma_oka_tenths
    bonus: tuple[int, ...] | None = uma
    last_uma = 0
    if isinstance(rules, TableRules) and uma is not None:
        last_uma = rules.uma[-1] * 10
        if late:
            bonus = substitute_uma_tenths(rules, sheet, late)
    credited: list[SeatShare] = []
    for seat, spans in by_seat.items():
        starter, finisher = spans[0].player, spans[-1].player
        for index, share in enumerate(spans):
            points = share.points_tenths
            if index < len(spans) - 1:
                if share.player != finisher:  # substituted: -15,000 and -15,000 uma
                    points = ABSENT_SESSION_TENTHS
            elif finisher != starter and rule is AbsenceRule.RCR2016:
                # "Substitute players' session results will always be entered ... as -15,000 points and -15,000
                # uma" (RCR 2016 5.8).
                points = ABSENT_SESSION_TENTHS
            elif finisher != starter and uma is not None:
                # "they will always receive -15,000 points uma" (EMA 2025 7.3), on their own points.
                points = share.points_tenths - uma[seat] + last_uma
            elif bonus is not None and uma is not None:
                points = share.points_tenths - uma[seat] + bonus[seat]
            credited.append(dataclasses.replace(share, points_tenths=points))
    return tuple(credited)


def played(shares: tuple[SeatShare, ...], index: int) -> bool:
    """Whether the one of ``shares[index]`` played a hand at their seat: nobody took it over before their first."""
    share = shares[index]
    following = shares[index + 1] if index + 1 < len(shares) else None
    return following is None or following.seat != share.seat or following.first_hand > share.first_hand

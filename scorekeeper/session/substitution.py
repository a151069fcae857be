"""What each player who sat at a seat is credited with, when a substitute took it during the game.

A referee lets a substitute take a seat mid-game (:class:`~scorekeeper.session.events.PlayerReplaced`) when a
player falls ill or has to leave. No rule text we hold says how the result is then shared: the EMA and WRC
tournament rules in ../shared/seeds (seeds 000-004) and what the search tool found speak of substitutes only for
whole sessions (ranked nowhere, their results counting for the other three). So this is our reading, chosen so that
every point is credited to whoever was at the table when it was won or lost:

* the table plays on as if nobody changed: the seat keeps its score, sticks and turn to deal, and the game's result
  sheet (places, uma and oka, penalties) is the seat's, as for any game;
* each one who leaves is credited with the seat's change in points while they sat: its score at the start of the
  hand the next one played first, less its score when they sat down (in tenths of a point, 100 table points each);
  a riichi stick they put down in the hand in play is the next one's (that hand is the next one's);
* the one who finishes the game at the seat is credited with the rest of the seat's result: their own change,
  the uma and oka, and the seat's place (they reached it together, but a place is one player's);
* a chombo settled after uma (a penalty on the final sheet) is the one's who made it; a referee's penalty at the
  table names a seat, not a player, and is credited to whoever sits there at the end (a penalty for the one who
  left is a tournament penalty, which names them).

The shares of a seat add up to the seat's result, so a table's results still sum to zero.

A substitution can be taken out again (:class:`~scorekeeper.session.events.SubstitutionRemoved`): a correction that
would end the game before the substitute came in is refused until it is (``StrandedSubstituteError`` names it), and
one entered by mistake goes the same way. :func:`removal_preview` says what each who sat at the seat is credited
with before and after, for the referee to see before confirming.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.session.events import Chombo, SubstitutionRemoved
from scorekeeper.session.families import family_of
from scorekeeper.session.seats import Seat
from scorekeeper.session.standings import FinalResult, Penalty
from scorekeeper.session.state import GameState, Substitution, apply_event

__all__ = ["RemovalPreview", "SeatShare", "removal_preview", "seat_shares"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatShare:
    """One player's part of one seat's result.

    Attributes:
        seat: the seat.
        player: who sat there.
        first_hand: the first hand (0-based) they played.
        points_tenths: their points from the game before penalties, in tenths of a point.
        penalties: the sheet's penalties that are theirs.
        place: the seat's place for whoever finished the game there; None for one who left.
    """

    seat: Seat
    player: str
    first_hand: int
    points_tenths: int
    penalties: tuple[Penalty, ...]
    place: int | None

    @property
    def penalties_tenths(self) -> int:
        """Their penalties in tenths of a point."""
        return sum(penalty.points // 100 for penalty in self.penalties)

    @property
    def total_tenths(self) -> int:
        """What the standings credit them with from this game: their points and their penalties, in tenths."""
        return self.points_tenths + self.penalties_tenths


def seat_shares(state: GameState, sheet: FinalResult | None = None) -> tuple[SeatShare, ...]:
    """Every seat's result, shared among those who sat there (seat order, then in the order they sat).

    ``sheet`` is ``state.standings()`` (given when the caller holds it already). With no substitute this is one
    share per seat: the sheet's points, penalties and place.
    """
    sheet = state.standings() if sheet is None else sheet
    chombo_hands = [index for index, entry in enumerate(state.hands) if isinstance(entry.record.result, Chombo)]
    own = family_of(state.rules).penalties(state)
    # The family's penalties come first on the sheet, one per chombo in hand order (riichi, after uma); the
    # referee's follow. Anything else on the sheet is the seat's at the end.
    made_in: dict[int, int] = {}
    if len(own) == len(chombo_hands) and tuple(sheet.penalties[: len(own)]) == own:
        made_in = dict(enumerate(chombo_hands))
    shares: list[SeatShare] = []
    for seat in Seat:
        spans = [(state.starting_players[seat], 0)]
        for sub in state.substitutions:
            if sub.seat == seat:
                spans.append((sub.player, sub.hand))
        penalties: list[list[Penalty]] = [[] for _ in spans]
        for number, penalty in enumerate(sheet.penalties):
            if penalty.seat != seat:
                continue
            hand = made_in.get(number)
            who = len(spans) - 1
            if hand is not None:
                who = max(k for k, (_, first) in enumerate(spans) if first <= hand)
            penalties[who].append(penalty)
        taken = 0
        for k, (player, first) in enumerate(spans):
            last = k == len(spans) - 1
            if last:
                points = sheet.points_before_penalties_tenths[seat] - taken
            else:
                then = state.position_before(min(first, len(state.hands))).scores[seat]
                later = state.position_before(min(spans[k + 1][1], len(state.hands))).scores[seat]
                points = (later - then) // 100
                taken += points
            shares.append(
                SeatShare(
                    seat=seat,
                    player=player,
                    first_hand=first,
                    points_tenths=points,
                    penalties=tuple(penalties[k]),
                    place=sheet.places[seat] if last else None,
                )
            )
    return tuple(shares)


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalPreview:
    """What taking a substitution out would do, before it is recorded.

    Attributes:
        event: the event that takes it out.
        substitution: the substitution, as the game holds it now.
        before: the seat's shares now (seat_shares), in the order they sat.
        after: the seat's shares without it.
        state: the game after it.
    """

    event: SubstitutionRemoved
    substitution: Substitution
    before: tuple[SeatShare, ...]
    after: tuple[SeatShare, ...]
    state: GameState


def removal_preview(state: GameState, substitution: Substitution, reason: str = "") -> RemovalPreview:
    """What taking ``substitution`` (one of ``state.substitutions``) out of the game would credit each who sat at its
    seat with.

    Raises:
        IllegalActionError: the game would not play without it (the same reason recording it would give).
    """
    event = SubstitutionRemoved(seat=substitution.seat, player=substitution.player, reason=reason)
    after = apply_event(state, event)
    seat = substitution.seat
    return RemovalPreview(
        event=event,
        substitution=substitution,
        before=tuple(share for share in seat_shares(state) if share.seat == seat),
        after=tuple(share for share in seat_shares(after) if share.seat == seat),
        state=after,
    )

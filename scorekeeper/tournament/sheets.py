"""The paper of a table: the score sheet of EMA 2025 7.5 and the all-last sheet of EMA 2025 3.6 (and its annex).

What the sheets show is read from the tournament core (the game's result sheet as the standings credit it,
``GameResult.shares``); nothing is computed twice. A table whose game the app does not hold (no laptop there) gets
the same sheet with its players' names and blank figures, for the players to fill in by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.errors import TournamentError
from scorekeeper.session.rules import TableRules
from scorekeeper.session.seats import Seat
from scorekeeper.tournament.absence import ABSENT_SESSION_TENTHS
from scorekeeper.tournament.model import Tournament
from scorekeeper.tournament.players import name_key
from scorekeeper.tournament.settings import AbsenceRule

__all__ = ["AllLastSheet", "ScoreSheet", "ScoreSheetLine", "all_last_sheet", "score_sheet"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetLine:
    """One player's line of a score sheet (EMA 2025 3.7 and 7.5): "the players count their scores ... and subtract
    30,000 points. In the next step, the winner bonuses (uma) are added/subtracted and any penalties that occurred
    are then subtracted".

    Attributes:
        seat: the seat (0 East).
        player: who.
        count: the seat's final count (when they left, for one a substitute replaced), or None where the app has no
            game.
        uma_tenths: the uma and oka the standings credit them with (None: none, or no game).
        penalties_tenths: their penalties of the session: the game's and the referee's given for the session (None:
            no game).
        final_tenths: what the standings credit them with for the session, penalties included (None: no game).
        left: whether a substitute took the seat from them.
    """

    seat: Seat
    player: str
    count: int | None
    uma_tenths: int | None
    penalties_tenths: int | None
    final_tenths: int | None
    left: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheet:
    """A table's score sheet for one session.

    Attributes:
        session: the session.
        table: the table.
        lines: one per player who sat there, East first (a substitute's seat gives a line to each).
        ended: whether the game has ended (a running game's sheet is as it stands).
        signed: whether the referee recorded the sheet as signed by every player.
        recorded: whether the app holds the table's game (else the figures are blank).
    """

    session: int
    table: int
    lines: tuple[ScoreSheetLine, ...]
    ended: bool
    signed: bool
    recorded: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AllLastSheet:
    """A table's all-last sheet (EMA 2025 3.6): each zone the seat's wind, who sits there and their score now.

    Attributes:
        session: the session.
        table: the table.
        round_label: the hand in play ("S4"), or empty.
        zones: per seat (0 East ... 3 North as the game began): the wind now, the player, the score now (None: blank).
    """

    session: int
    table: int
    round_label: str
    zones: tuple[tuple[str, str, int | None], ...]


_WINDS = ("E", "S", "W", "N")


def _seated(tournament: Tournament, session: int, table: int) -> tuple[str, ...]:
    seating = tournament.seating(session)
    if seating is None:
        raise TournamentError(f"session {session} has no seating yet")
    return seating.table(table).seats


def score_sheet(tournament: Tournament, session: int, table: int) -> ScoreSheet:
    """The score sheet of table ``table`` in ``session``: filled from its game, or blank with the seating's names.

    The uma column is what the standings credit beyond the count: the final less the penalties and less the count
    over the return (for a substitute who came in during the game: over the seat's score when they sat down); under
    RCR 2016 a substitute's line is entered as -15,000 and -15,000 uma (RCR 2016 5.8).

    Raises:
        TournamentError: for a session with no seating or a table it does not have, or a game that cannot be played.
    """
    game = tournament.game(session, table)
    signed = tournament.is_signed(session, table)
    if game is None:
        blank = tuple(
            ScoreSheetLine(
                seat=Seat(k), player=name, count=None, uma_tenths=None, penalties_tenths=None, final_tenths=None
            )
            for k, name in enumerate(_seated(tournament, session, table))
        )
        return ScoreSheet(session=session, table=table, lines=blank, ended=False, signed=signed, recorded=False)
    settings = tournament.settings
    result = game.result(settings)
    state = game.state(settings)
    sheet = result.sheet
    shares = result.shares
    rules = settings.ruleset.game.table
    returned = rules.return_points if isinstance(rules, TableRules) else settings.ruleset.start_points
    # The referee's penalties given for this session count on the sheet (after uma, EMA 2025 6.1.4), once: on the
    # player's first line at the table.
    given: dict[str, int] = {}
    for penalty in tournament.penalties:
        if penalty.session == session:
            key = name_key(penalty.player)
            given[key] = given.get(key, 0) + penalty.points // 100
    lines: list[ScoreSheetLine] = []
    for index, share in enumerate(shares):
        referee = given.pop(name_key(share.player), 0)
        following = shares[index + 1] if index + 1 < len(shares) else None
        left = following is not None and following.seat == share.seat
        uma: int | None = None
        if left and following is not None:
            count = state.position_before(min(following.first_hand, len(state.hands))).scores[share.seat]
        else:
            count = sheet.scores[share.seat]
            came_in = share.first_hand > 0 or (index > 0 and shares[index - 1].seat == share.seat)
            if sheet.uma_oka_tenths is None:
                uma = None
            elif came_in and settings.absence_rule is AbsenceRule.RCR2016:
                uma = ABSENT_SESSION_TENTHS // 2  # "-15,000 points and -15,000 uma" (RCR 2016 5.8)
            else:
                start = state.position_before(min(share.first_hand, len(state.hands))).scores[share.seat]
                base = start if came_in else returned
                uma = share.points_tenths - (count - base) // 100
        lines.append(
            ScoreSheetLine(
                seat=share.seat,
                player=share.player,
                count=count,
                uma_tenths=uma,
                penalties_tenths=share.penalties_tenths + referee,
                final_tenths=share.total_tenths + referee,
                left=left,
            )
        )
    return ScoreSheet(
        session=session, table=table, lines=tuple(lines), ended=result.ended, signed=signed, recorded=True
    )


def all_last_sheet(tournament: Tournament, session: int, table: int) -> AllLastSheet:
    """The all-last sheet of table ``table`` in ``session``: each seat's wind now, player and score now from the
    game; the seating's names (winds as seated) and blank scores where the app has no game.

    Raises:
        TournamentError: for a session with no seating, or a game that cannot be played.
    """
    game = tournament.game(session, table)
    if game is None:
        seats = _seated(tournament, session, table)
        zones: tuple[tuple[str, str, int | None], ...] = tuple((_WINDS[k], name, None) for k, name in enumerate(seats))
        return AllLastSheet(session=session, table=table, round_label="", zones=zones)
    state = game.state(tournament.settings)
    dealer = int(state.dealer)
    filled = tuple((_WINDS[(k - dealer) % 4], state.players[k], state.scores[k]) for k in range(4))
    return AllLastSheet(session=session, table=table, round_label="" if state.ended else state.label, zones=filled)

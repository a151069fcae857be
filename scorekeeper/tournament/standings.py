"""Live standings: every table's result sheet as the session gives it, summed per player, plus penalties.

Nothing here computes uma, oka or rounding: each game's :meth:`GameState.standings` (the session's one final
table, as if the game ended now while it runs) gives each seat's plus-minus in tenths of a point, and the
standings add those up. Penalties inside a game (a chombo after uma, a referee's penalty at the table) are what the
session's sheet shows between ``points_before_penalties_tenths`` and ``points_tenths``; the referee's tournament
penalties are table points, as the session's (-20000 is -20.0). Substitutes play and rank nowhere (EMA style),
and neither does a player who withdrew without sitting at a table (a late withdrawal): the standings and the EMA
results form list the players who took part, and the form's base rank counts them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.session.events import HandDeleted, HandEdited, HandInserted, SubstitutionRemoved
from scorekeeper.session.state import GameState, apply_events, initial_state
from scorekeeper.session.substitution import seat_shares
from scorekeeper.tournament.absence import ABSENT_SESSION_TENTHS, credited_shares, played
from scorekeeper.tournament.model import Tournament
from scorekeeper.tournament.players import Player, name_key
from scorekeeper.tournament.settings import (
    AbsenceRule,
    ByeScore,
    DisqualifiedRank,
    StandingsTieBreak,
    TournamentSettings,
)

__all__ = [
    "CorrectionLine",
    "PenaltyLine",
    "Standings",
    "StandingsRow",
    "TeamRow",
    "compute_standings",
    "correction_lines",
    "format_tenths",
    "penalty_lines",
]


def format_tenths(tenths: int) -> str:
    """Tenths of a point as the standings print them: ``45.0``, ``-12.3``, ``0.0``."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsRow:
    """One player's line.

    Attributes:
        rank: the rank (tied players share one when the tie-break leaves them level).
        player: the name.
        points_tenths: the total in tenths of a point (games plus all penalties).
        games: the games the player has sat in (running ones too).
        session_points_tenths: each session's game points before penalties, None where the player did not play.
        penalties_tenths: all penalties (the games' and the referee's) in tenths of a point.
        places: the player's place in each game sat in, in session order.
        dropped: whether the player dropped out.
        team: the player's team, or empty.
        disqualified: whether the referee disqualified the player (placed at the bottom under RCR 2016 5.8).
        byes: the sessions the player sat out on a bye; ``session_points_tenths`` holds what each scored
            (``TournamentSettings.bye_score``).
    """

    rank: int
    player: str
    points_tenths: int
    games: int
    session_points_tenths: tuple[int | None, ...]
    penalties_tenths: int
    places: tuple[int, ...]
    dropped: bool = False
    team: str = ""
    disqualified: bool = False
    byes: tuple[int, ...] = ()

    @property
    def points(self) -> float:
        """The total as a number to one decimal, for JSON."""
        return self.points_tenths / 10

    @property
    def penalties(self) -> float:
        """The penalties as a number to one decimal, for JSON."""
        return self.penalties_tenths / 10


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamRow:
    """A team's line: the sum of its (ranked) members' totals."""

    rank: int
    team: str
    points_tenths: int
    members: tuple[str, ...]

    @property
    def points(self) -> float:
        """The total as a number to one decimal."""
        return self.points_tenths / 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """The standings now: players best first, and teams when the tournament has them.

    Attributes:
        rows: the players, best first.
        teams: the teams, best first (empty when the tournament has no teams).
        games_finished: how many of the recorded games have ended.
        games_running: how many recorded games are still being played (their points count as they stand).
    """

    rows: tuple[StandingsRow, ...]
    teams: tuple[TeamRow, ...]
    games_finished: int
    games_running: int

    def to_json(self) -> dict[str, Any]:
        """The CLI's shape: ``{"standings": [{"rank", "player", "points", "games", "penalties"}, ...]}`` (and
        ``"teams"`` when there are teams)."""
        out: dict[str, Any] = {
            "standings": [
                {"rank": r.rank, "player": r.player, "points": r.points, "games": r.games, "penalties": r.penalties}
                | ({"disqualified": True} if r.disqualified else {})
                | ({"byes": list(r.byes)} if r.byes else {})
                for r in self.rows
            ]
        }
        if self.teams:
            out["teams"] = [{"rank": t.rank, "team": t.team, "points": t.points} for t in self.teams]
        return out


def _places_key(row: StandingsRow) -> tuple[Fraction, ...]:
    """The average placing, then the share of first places (exact fractions; smaller is better).

    Averages, not sums: a sum of placings favours whoever played fewer games (a drop-out's 2 games beat a 4-game
    player's on a tie). A player with no game yet has no placing, which is not a perfect one: they come after the
    level players who played (5 is past any place).
    """
    if not row.places:
        return (Fraction(5), Fraction(0))
    games = len(row.places)
    return (Fraction(sum(row.places), games), -Fraction(row.places.count(1), games))


def _tie_key(rule: StandingsTieBreak) -> Callable[[StandingsRow], tuple[Fraction | int, ...]]:
    match rule:
        case StandingsTieBreak.SHARE:
            return lambda row: ()
        case StandingsTieBreak.PLACES:
            return _places_key
        case StandingsTieBreak.BEST_GAME:
            return lambda row: (
                -max(
                    (p for k, p in enumerate(row.session_points_tenths, 1) if p is not None and k not in row.byes),
                    default=0,
                ),
            )


def compute_standings(tournament: Tournament) -> Standings:
    """The standings of ``tournament`` now, from each game's own result sheet.

    Raises:
        TournamentError: when a stored game cannot be played (naming it).
    """
    settings = tournament.settings
    ranked = [p for p in tournament.players if not p.substitute]
    by_key = {name_key(p.name): p for p in ranked}
    session_points: dict[str, list[int | None]] = {p.name: [None] * settings.sessions for p in ranked}
    penalties: dict[str, int] = defaultdict(int)
    places: dict[str, list[int]] = defaultdict(list)
    games: dict[str, set[str]] = defaultdict(set)
    absent: dict[str, set[str]] = defaultdict(set)  # games a player was seated at and replaced before any hand
    sat_in: dict[str, set[int]] = defaultdict(set)  # the sessions a game credits a player in
    player_of: dict[str, Player | None] = {}
    finished = running = 0
    for game in tournament.games:
        result = game.result(settings)  # remembered per log: only a changed game is folded again
        finished += result.ended
        running += not result.ended
        # Each seat's result is credited to whoever sat there, by the tournament's substitution rule
        # (scorekeeper.tournament.absence: the EMA texts' -30.0 for the one substituted and the substitute's seat
        # last for the uma where play had begun, or the seat shares of scorekeeper.session.substitution).
        for index, credit in enumerate(result.shares):
            name = credit.player
            if name in player_of:
                player = player_of[name]
            else:  # each name is matched once, not once per game it played (name_key normalizes Unicode)
                player = player_of[name] = by_key.get(name_key(name))
            if player is None:  # a substitute: the table's result counts for the others only
                continue
            points = session_points[player.name]
            if game.session <= len(points):
                points[game.session - 1] = (points[game.session - 1] or 0) + credit.points_tenths
                sat_in[player.name].add(game.session)
            penalties[player.name] += credit.penalties_tenths
            if credit.place is not None:
                places[player.name].append(credit.place)
            if played(result.shares, index):
                games[player.name].add(game.game_id)
            else:
                absent[player.name].add(game.game_id)
    if settings.absence_rule is not AbsenceRule.SEAT_SHARES:
        # A session missed after a drop-out counts -30.0 once it is seated (RCR 2016 5.8 "for each session missed",
        # EMA 2025 7.3 "at each session"); a player who withdrew before playing anything is not listed (below).
        seated = {s.session for s in tournament.seatings} | {g.session for g in tournament.games}
        for p in ranked:
            if p.dropped_after is None:
                continue
            points = session_points[p.name]
            for session in sorted(seated):
                if p.dropped_after < session <= len(points) and points[session - 1] is None:
                    points[session - 1] = ABSENT_SESSION_TENTHS
    byes = _bye_scores(tournament, session_points, sat_in)
    for penalty in tournament.penalties:
        if penalty.player in session_points:
            penalties[penalty.player] += penalty.points // 100
    # A player who withdrew before sitting at any table took no part: ranked at 0.0 they would sit above everyone
    # with a negative total and count as a participant of the EMA form. One who played and then left keeps a rank.
    ranked = [p for p in ranked if p.dropped_after is None or games[p.name] or absent[p.name] or byes[p.name]]
    rows = [
        StandingsRow(
            rank=0,
            player=p.name,
            points_tenths=sum(x for x in session_points[p.name] if x is not None) + penalties[p.name],
            games=len(games[p.name]),
            session_points_tenths=tuple(session_points[p.name]),
            penalties_tenths=penalties[p.name],
            places=tuple(places[p.name]),
            dropped=p.dropped_after is not None,
            team=p.team,
            disqualified=p.disqualified is not None,
            byes=tuple(byes[p.name]),
        )
        for p in ranked
    ]
    tie = _tie_key(settings.tie_break)
    registered = {p.name: k for k, p in enumerate(ranked)}
    # "A disqualified player will be ranked at the bottom of the result list" (RCR 2016 5.8); under EMA 2025 by
    # points like anyone (DisqualifiedRank.POINTS).
    bottom = settings.disqualified is DisqualifiedRank.BOTTOM

    def group(row: StandingsRow) -> bool:
        return bottom and row.disqualified

    rows.sort(key=lambda r: (group(r), -r.points_tenths, tie(r), registered[r.player]))
    ranked_rows: list[StandingsRow] = []
    for index, row in enumerate(rows):
        previous = ranked_rows[-1] if ranked_rows else None
        level = previous is not None and (group(previous), previous.points_tenths, tie(previous)) == (
            group(row),
            row.points_tenths,
            tie(row),
        )
        rank = previous.rank if level and previous is not None else index + 1
        ranked_rows.append(_with_rank(row, rank))
    teams: list[TeamRow] = []
    if settings.teams:
        members: dict[str, list[StandingsRow]] = defaultdict(list)
        for row in ranked_rows:
            if row.team:
                members[row.team].append(row)
        totals = sorted(members.items(), key=lambda item: (-sum(r.points_tenths for r in item[1]), item[0]))
        for index, (team, rows_of) in enumerate(totals):
            total = sum(r.points_tenths for r in rows_of)
            rank = teams[-1].rank if teams and teams[-1].points_tenths == total else index + 1
            teams.append(TeamRow(rank=rank, team=team, points_tenths=total, members=tuple(r.player for r in rows_of)))
    return Standings(rows=tuple(ranked_rows), teams=tuple(teams), games_finished=finished, games_running=running)


def _with_rank(row: StandingsRow, rank: int) -> StandingsRow:
    return StandingsRow(
        rank=rank,
        player=row.player,
        points_tenths=row.points_tenths,
        games=row.games,
        session_points_tenths=row.session_points_tenths,
        penalties_tenths=row.penalties_tenths,
        places=row.places,
        dropped=row.dropped,
        team=row.team,
        disqualified=row.disqualified,
        byes=row.byes,
    )


def _bye_scores(
    tournament: Tournament, session_points: dict[str, list[int | None]], sat_in: dict[str, set[int]]
) -> dict[str, list[int]]:
    """Score each session a player sat out on a bye (in ``session_points``, in place) as the tournament's
    ``bye_score`` says, and return each player's bye sessions.

    ``AVERAGE``: the average of the player's sessions with a game (their game points before penalties, as the
    standings credit them now), to the nearest tenth with halves away from zero; 0.0 before they have played one.
    ``ZERO``: 0.0. A player on a bye who came in as a substitute in that session's game is credited the game, not a
    bye. The EMA texts have no byes (they fill a table with a substitute: RCR 2016 5.8, EMA 2025 7.3).
    """
    out: dict[str, list[int]] = defaultdict(list)
    by_key = {name_key(p.name): p for p in tournament.players if p.name in session_points}
    for seating in tournament.seatings:
        for bye in seating.byes:
            player = by_key.get(name_key(bye))
            # A bye of a session after the player left (seated before the drop-out) is no bye: the absence rule
            # scores that session (RCR 2016 5.8 "for each session missed"), or nothing does.
            if player is None or not player.plays_in(seating.session):
                continue
            name = player.name
            if seating.session not in sat_in[name] and seating.session <= len(session_points[name]):
                out[name].append(seating.session)
    for name, sessions in out.items():
        points = session_points[name]
        played = [points[k - 1] or 0 for k in sorted(sat_in[name]) if k <= len(points)]
        score = 0
        if tournament.settings.bye_score is ByeScore.AVERAGE and played:
            mean = Fraction(sum(played), len(played))
            score = (1 if mean >= 0 else -1) * int(abs(mean) + Fraction(1, 2))
        for session in sessions:
            points[session - 1] = score
        sessions.sort()
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyLine:
    """One penalty behind the standings' penalties column: given at a table (in the game) or by the referee.

    Attributes:
        player: who.
        points: table points (-20000 is -20.0 in the standings).
        reason: why (a chombo's says which hand: "chombo in E2").
        session: the session, or None for a referee's penalty for the whole tournament.
        table: the table whose game holds it, or None for a referee's tournament penalty.
    """

    player: str
    points: int
    reason: str
    session: int | None
    table: int | None


def penalty_lines(tournament: Tournament) -> tuple[PenaltyLine, ...]:
    """Every penalty the standings count, where it was given and why: each game's (a chombo, a penalty at the
    table, as its result sheet lists them), by session and table, then the referee's tournament penalties.

    The standings' penalties column of a player is the sum of their lines, so a referee can trace every tenth.

    Raises:
        TournamentError: when a stored game cannot be played (naming it).
    """
    lines: list[PenaltyLine] = []
    for game in tournament.games:
        for share in game.result(tournament.settings).shares:
            lines.extend(
                PenaltyLine(
                    player=share.player,
                    points=penalty.points,
                    reason=penalty.reason,
                    session=game.session,
                    table=game.table,
                )
                for penalty in share.penalties
            )
    lines.extend(
        PenaltyLine(player=p.player, points=p.points, reason=p.reason, session=p.session, table=None)
        for p in tournament.penalties
    )
    return tuple(lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionLine:
    """One correction to a hand already played (the referee's, or a table's own through its history).

    Attributes:
        session: the session.
        table: the table.
        game_id: the game.
        event: the correction's position in the game's log (0-based), where the stores keep it.
        kind: ``edited``, ``deleted`` or ``inserted``; ``substitute removed`` for a substitution taken out (the
            seat's result goes back to whoever sat there before).
        hand: the hand it changed, 1-based in the game's hands at the time, and its round (``3 (E3)``); for a
            substitution taken out, the hand the substitute played first.
        points_tenths: what it changed in each player's points for the game (after penalties), East first, as
            (player, change) pairs: the game's sheet just before it against just after it, credited as the
            standings credit it (a seat a substitute took during the game gives a pair to each who sat there).
    """

    session: int
    table: int
    game_id: str
    event: int
    kind: str
    hand: str
    points_tenths: tuple[tuple[str, int], ...]


_CORRECTIONS: dict[type, str] = {
    HandEdited: "edited",
    HandDeleted: "deleted",
    HandInserted: "inserted",
    SubstitutionRemoved: "substitute removed",
}


def _credited(state: GameState, settings: TournamentSettings) -> dict[str, int]:
    """Each player's points from the game (after penalties), seat order, as the standings credit them: by seat, or
    as the tournament's substitution rule credits the one who left and a substitute (``credited_shares``)."""
    credited: dict[str, int] = {}
    sheet = state.standings()
    for credit in credited_shares(settings, sheet, seat_shares(state, sheet)):
        credited[credit.player] = credited.get(credit.player, 0) + credit.points_tenths + credit.penalties_tenths
    return credited


def correction_lines(tournament: Tournament) -> tuple[CorrectionLine, ...]:
    """Every correction to a played hand in the tournament's games, and what each changed in the points.

    A correction is an event of the game's log (edit, delete or insert a hand), so nothing is lost: the log keeps
    the hand as first entered and the change. This reads it back for the referee: which hand, and who gained or
    lost how much by it (the game's result sheet folded just before the correction and just after).

    Raises:
        TournamentError: when a stored game cannot be played (naming it).
    """
    lines: list[CorrectionLine] = []
    for game in tournament.games:
        if not any(type(e) in _CORRECTIONS for e in game.events):
            continue
        game.state(tournament.settings)  # a log that cannot be played is refused here, naming the game
        state = initial_state(tournament.settings.ruleset, game.players)
        for position, event in enumerate(game.events):
            after = apply_events(state, (event,))
            if isinstance(event, HandEdited | HandDeleted | HandInserted | SubstitutionRemoved):
                if isinstance(event, SubstitutionRemoved):  # the hand the substitute played first
                    index = max(
                        (
                            sub.hand
                            for sub in state.substitutions
                            if sub.seat == event.seat and name_key(sub.player) == name_key(event.player)
                        ),
                        default=len(state.hands),
                    )
                else:
                    index = event.index
                hands = after.hands if isinstance(event, HandInserted) else state.hands
                label = hands[index].label if index < len(hands) else ""
                before_points = _credited(state, tournament.settings)
                after_points = _credited(after, tournament.settings)
                lines.append(
                    CorrectionLine(
                        session=game.session,
                        table=game.table,
                        game_id=game.game_id,
                        event=position,
                        kind=_CORRECTIONS[type(event)],
                        hand=f"{index + 1} ({label})" if label else str(index + 1),
                        # Everyone credited before or after: a substitution taken out leaves the substitute with
                        # nothing from the game.
                        points_tenths=tuple(
                            (name, after_points.get(name, 0) - before_points.get(name, 0))
                            for name in dict.fromkeys((*after_points, *before_points))
                        ),
                    )
                )
            state = after
    return tuple(lines)

"""The tournament as one value: settings, players, seatings, the tables' games and the referee's penalties.

Every change returns a new :class:`Tournament` (``with_seating``, ``with_game``...) after checking it against the
rest: a seating must seat every player in play once, with substitutes only where a table would be short; a game must
be played by the four the seating put at its table, East first. The store keeps the same parts in rows.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.errors import IllegalActionError, TournamentError
from scorekeeper.session.events import EndGame, Event, PlayerReplaced, event_to_json
from scorekeeper.session.reasons import ReasonCode, format_reason
from scorekeeper.session.rules import last_hand_call
from scorekeeper.session.seats import Seat
from scorekeeper.session.standings import FinalResult
from scorekeeper.session.state import GameState, apply_events, initial_state
from scorekeeper.session.substitution import RemovalPreview, SeatShare, removal_preview, seat_shares
from scorekeeper.tournament.absence import credited_shares
from scorekeeper.tournament.penalties import PenaltyKind, penalty_rule, valid_points
from scorekeeper.tournament.players import Player, check_new_player, name_key, validate_roster
from scorekeeper.tournament.seating import Seating
from scorekeeper.tournament.settings import TimeLimitRule, TournamentSettings

__all__ = [
    "GameResult",
    "TableGame",
    "Tournament",
    "TournamentPenalty",
    "UnreplayableGame",
    "forget_game_results",
    "record_game_id",
    "time_limit_end",
]

_MAX_REASON = 500
#: The reason the time limit writes ("time limit"; a window words it by its code: scorekeeper.session.reasons).
_TIME_LIMIT = format_reason(ReasonCode.TIME_LIMIT)


@dataclass(frozen=True, slots=True, kw_only=True)
class UnreplayableGame:
    """A stored game whose log this program cannot replay (issue 23 item 1): an event of a newer program, a damaged
    row, an event the rules refuse. It is held apart from the games: nothing ranks it, the rest rank, and the
    referee sees it with the reason until they cut it back to the events this program replays or replace it
    (``scorekeeper.sync.referee``).

    Attributes:
        game_id: the game's id.
        session: the session.
        table: the table number.
        reason: why it cannot be replayed (the first event that fails, and why).
        replayable: how many of its events in effect, from the first, this program reads and replays.
        head: how many events it has in effect (the log position a referee's repair is built on).
    """

    game_id: str
    session: int
    table: int
    reason: str
    replayable: int
    head: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResult:
    """What the standings read of one table's game: whether it has ended, and its result sheet.

    Attributes:
        ended: whether the game has ended.
        sheet: the session's result sheet (:meth:`GameState.standings`): the final one once the game has ended, as
            if it ended now while it runs.
        shares: who is credited with what (``scorekeeper.session.substitution.seat_shares`` under the tournament's
            substitution rule, ``scorekeeper.tournament.absence.credited_shares``): one share per seat, or more for a
            seat a substitute took during the game.
    """

    ended: bool
    sheet: FinalResult
    shares: tuple[SeatShare, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableGame:
    """One table's game in one session: the event log (the table's own), tied to (session, table).

    Attributes:
        game_id: the game's id, unique across the tournament (a table makes it when the game starts; it and an
            event's sequence number key every event in the stores).
        session: the session (1-based).
        table: the table number.
        players: the four names, East (seat 0) first.
        events: the event log in effect, oldest first.
    """

    game_id: str
    session: int
    table: int
    players: tuple[str, str, str, str]
    events: tuple[Event, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.game_id, str) or not 1 <= len(self.game_id) <= 100:
            raise TournamentError(f"a game id is a text of 1 to 100 characters, got {self.game_id!r:.40}")
        if (
            not isinstance(self.players, tuple)
            or len(self.players) != 4
            or not all(isinstance(p, str) for p in self.players)
        ):
            raise TournamentError(f"a table's game has four players, East first, got {self.players!r:.120}")
        for number, what in ((self.session, "session"), (self.table, "table")):
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise TournamentError(f"a game's {what} number is 1 or more, got {number!r:.40}")

    def state(self, settings: TournamentSettings) -> GameState:
        """The table's game now, folded from its log under the tournament's ruleset.

        Raises:
            TournamentError: when the log cannot be played (naming the game).
        """
        try:
            try:
                return _fold(settings, self.players, self.events)
            except TypeError:  # an event that cannot be hashed: fold without the cache
                return apply_events(initial_state(settings.ruleset, self.players), self.events)
        except IllegalActionError as error:
            raise TournamentError(f"session {self.session} table {self.table}: {error}") from None

    def result(self, settings: TournamentSettings) -> GameResult:
        """The game's result now (ended or not, and its sheet), as the standings read it.

        Remembered per log: the standings read every game again after each change, and most have not changed. The
        key is the log itself (the ruleset's settings, the four players and every event in effect, compared by
        value), not a game id and a head, so an entry can only be used for the very log it was computed from: a
        correction, an event more, or the same id holding another log after a reload is a new key, never a stale
        hit (tests/tournament/test_standings_cache.py).

        Raises:
            TournamentError: when the log cannot be played (naming the game).
        """
        try:
            try:
                return _result(settings, self.players, self.events)
            except TypeError:  # an event that cannot be hashed: compute without the cache
                state = apply_events(initial_state(settings.ruleset, self.players), self.events)
                sheet = state.standings()
                shares = credited_shares(settings, sheet, seat_shares(state, sheet))
                return GameResult(ended=state.ended, sheet=sheet, shares=shares)
        except IllegalActionError as error:
            raise TournamentError(f"session {self.session} table {self.table}: {error}") from None


@functools.lru_cache(maxsize=8192)
def _fold(settings: TournamentSettings, players: tuple[str, str, str, str], events: tuple[Event, ...]) -> GameState:
    """A game's state, remembered: the standings fold every game again after each change, and most have not
    changed (benchmarks/bench_standings.py)."""
    return apply_events(initial_state(settings.ruleset, players), events)


@functools.lru_cache(maxsize=8192)
def _result(settings: TournamentSettings, players: tuple[str, str, str, str], events: tuple[Event, ...]) -> GameResult:
    """A game's result, remembered: its sheet costs as much again as a short game's fold (the uma, the places and
    the penalties), and the standings read every game's on every change (benchmarks/bench_standings.py)."""
    state = _fold(settings, players, events)
    sheet = state.standings()
    return GameResult(
        ended=state.ended, sheet=sheet, shares=credited_shares(settings, sheet, seat_shares(state, sheet))
    )


def forget_game_results() -> None:
    """Forget every remembered fold and result (a benchmark's read "as if nothing was remembered", a test's
    reference); the standings are the same either way, only slower to get."""
    _fold.cache_clear()
    _result.cache_clear()


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentPenalty:
    """A referee's penalty for a player, for a session or for the whole tournament.

    Attributes:
        player: who.
        points: table points, as the session's penalties (-20000 is -20.0 in the standings); a positive number is a
            correction in the player's favour. A non-zero multiple of 100.
        reason: why.
        session: the session it is for, or None for the tournament.
        kind: what it is for, as the EMA 2025 annex lists point penalties (:class:`PenaltyKind`): a kind's amount
            must be one the text gives it (:func:`~scorekeeper.tournament.penalties.valid_points`); ``FREE`` takes
            any amount.
    """

    player: str
    points: int
    reason: str
    session: int | None = None
    kind: PenaltyKind = PenaltyKind.FREE

    def __post_init__(self) -> None:
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points == 0 or self.points % 100:
            raise TournamentError(f"a penalty is a non-zero multiple of 100 table points, got {self.points!r:.40}")
        if abs(self.points) > 10_000_000:
            raise TournamentError(f"a penalty of {self.points} points is out of range")
        if not isinstance(self.reason, str) or len(self.reason) > _MAX_REASON or not self.reason.strip():
            raise TournamentError(f"a penalty needs a reason (a text of at most {_MAX_REASON} characters)")
        if self.session is not None and (
            isinstance(self.session, bool) or not isinstance(self.session, int) or self.session < 1
        ):
            raise TournamentError(f"a penalty's session is 1 or more, got {self.session!r:.40}")
        rule = penalty_rule(self.kind)
        object.__setattr__(self, "kind", rule.kind)
        if not valid_points(rule.kind, self.points):
            amounts = (
                "1,000 a minute late, 1 to 10 minutes"
                if rule.kind is PenaltyKind.LATE
                else ", ".join(f"{-p:,}" for p in rule.amounts[:2])
                + (f" ... {-rule.amounts[-1]:,}" if len(rule.amounts) > 2 else "")
            )
            raise TournamentError(
                f"a penalty for {rule.reason} is {amounts} points ({rule.section}), not {-self.points:,}; "
                "give another amount as a free penalty"
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    """A tournament: everything the standings and the seating need.

    Attributes:
        settings: how it is played.
        players: the players and substitutes, in registration order.
        seatings: the stored seatings, by session.
        games: the tables' games, by (session, table).
        penalties: the referee's penalties, in the order given.
        fixed: the players who keep one table all tournament, as (name, table) pairs.
        unreplayable: the stored games this program cannot replay, held apart from ``games`` (ranked nowhere).
        signed: the games whose score sheet the referee recorded as signed by the players (EMA 2025 7.5), by id.
    """

    settings: TournamentSettings
    players: tuple[Player, ...]
    seatings: tuple[Seating, ...] = ()
    games: tuple[TableGame, ...] = ()
    penalties: tuple[TournamentPenalty, ...] = ()
    fixed: tuple[tuple[str, int], ...] = ()
    unreplayable: tuple[UnreplayableGame, ...] = ()
    signed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problems = validate_roster(self.players)
        if problems:
            raise TournamentError(problems[0])
        known = {p.name for p in self.players}
        for name, table in self.fixed:
            if name not in known:
                raise TournamentError(f"a fixed table for {name!r:.100}, who is not a player of this tournament")
            if isinstance(table, bool) or not isinstance(table, int) or table < 1:
                raise TournamentError(f"{name}'s fixed table must be a table number, 1 or more, got {table!r:.40}")
        object.__setattr__(self, "seatings", tuple(sorted(self.seatings, key=lambda s: s.session)))
        object.__setattr__(self, "games", tuple(sorted(self.games, key=lambda g: (g.session, g.table))))

    # -- reading --------------------------------------------------------------------------------------------------

    def player(self, name: str) -> Player:
        """The player called ``name`` (case as registered; matching ignores case).

        Raises:
            TournamentError: for a name nobody has.
        """
        key = name_key(name)
        for player in self.players:
            if name_key(player.name) == key:
                return player
        raise TournamentError(f"no player called {name!r:.100} in {self.settings.name!r}")

    def ranked_in(self, session: int) -> tuple[str, ...]:
        """The ranked (non-substitute) players still in play in ``session``, in registration order."""
        return tuple(p.name for p in self.players if not p.substitute and p.plays_in(session))

    def substitutes_in(self, session: int) -> tuple[str, ...]:
        """The substitutes available in ``session``."""
        return tuple(p.name for p in self.players if p.substitute and p.plays_in(session))

    def seating(self, session: int) -> Seating | None:
        """The stored seating of ``session``, if any."""
        return next((s for s in self.seatings if s.session == session), None)

    def game(self, session: int, table: int) -> TableGame | None:
        """The game of (session, table), if recorded."""
        return next((g for g in self.games if g.session == session and g.table == table), None)

    def unreplayable_game(self, session: int, table: int) -> UnreplayableGame | None:
        """The game of (session, table) held apart because this program cannot replay it, if there is one."""
        return next((g for g in self.unreplayable if g.session == session and g.table == table), None)

    def is_signed(self, session: int, table: int) -> bool:
        """Whether the score sheet of (session, table)'s game was recorded as signed (EMA 2025 7.5)."""
        game = self.game(session, table)
        return game is not None and game.game_id in self.signed

    def with_signature(self, session: int, table: int, *, signed: bool = True) -> Tournament:
        """The tournament with (session, table)'s score sheet recorded as signed by its players, or not (EMA 2025
        7.5: "Score sheets that are not signed are not valid").

        Raises:
            TournamentError: for a table with no game, or a game that has not ended (a sheet is signed at the end).
        """
        game = self.game(session, table)
        if game is None:
            raise TournamentError(f"session {session} table {table} has no game: there is no score sheet to sign")
        if signed and not game.state(self.settings).ended:
            raise TournamentError(
                f"session {session} table {table}: the game has not ended; its score sheet is signed at the end"
            )
        others = tuple(g for g in self.signed if g != game.game_id)
        return dataclasses.replace(self, signed=(*others, game.game_id) if signed else others)

    def fixed_tables(self) -> dict[str, int]:
        """The fixed tables, by player name."""
        return dict(self.fixed)

    # -- checking and changing -------------------------------------------------------------------------------------

    def check_seating(self, seating: Seating) -> None:
        """Check that a seating seats every ranked player in play once and substitutes only where needed.

        Raises:
            TournamentError: naming the first problem.
        """
        session = seating.session
        if session > self.settings.sessions:
            raise TournamentError(f"{self.settings.name!r} has {self.settings.sessions} sessions, not {session}")
        known = {name_key(p.name): p for p in self.players}
        for name in seating.names:
            player = known.get(name_key(name))
            if player is None:
                raise TournamentError(f"session {session}: {name!r:.100} is not a player of this tournament")
            if not player.plays_in(session):
                raise TournamentError(
                    f"session {session}: {player.name} dropped out after session {player.dropped_after}"
                )
        if self.settings.byes:
            self._check_byes(seating)
            return
        if seating.byes:
            raise TournamentError(
                f"session {session}: {seating.byes[0]} has a bye, but {self.settings.name!r} fills its tables with "
                "substitutes"
            )
        seated = {name_key(name) for name in seating.names}
        missing = [name for name in self.ranked_in(session) if name_key(name) not in seated]
        if missing:
            raise TournamentError(f"session {session}: {missing[0]} is not seated")
        ranked = len(self.ranked_in(session))
        subs = len(seating.names) - ranked
        need = -ranked % 4
        if subs != need:
            raise TournamentError(
                f"session {session}: {subs} substitute(s) seated where {ranked} players need {need} to fill the tables"
            )

    def _check_byes(self, seating: Seating) -> None:
        """A tournament with byes: every ranked player in play seated once or on a bye, as many full tables as they
        make, and nobody else (a substitute comes in during a game, not in the seating)."""
        session = seating.session
        ranked = self.ranked_in(session)
        keys = {name_key(name) for name in ranked}
        for name in (*seating.names, *seating.byes):
            if name_key(name) not in keys:
                raise TournamentError(
                    f"session {session}: {name} is a substitute: {self.settings.name!r} seats full tables and gives "
                    "the rest a bye"
                )
        placed = {name_key(name) for name in (*seating.names, *seating.byes)}
        missing = [name for name in ranked if name_key(name) not in placed]
        if missing:
            raise TournamentError(f"session {session}: {missing[0]} is neither seated nor on a bye")
        tables, out = divmod(len(ranked), 4)
        if len(seating.tables) != tables:
            raise TournamentError(
                f"session {session}: {len(ranked)} players make {tables} full tables with {out} on a bye, not "
                f"{len(seating.tables)} tables"
            )

    def byes(self, session: int) -> tuple[str, ...]:
        """Who sat out ``session`` on a bye (as its stored seating says; none before it is seated)."""
        seating = self.seating(session)
        return seating.byes if seating is not None else ()

    def with_seating(self, seating: Seating) -> Tournament:
        """The tournament with ``seating`` stored for its session (replacing one with no game recorded yet).

        Raises:
            TournamentError: for a seating :meth:`check_seating` refuses, or one whose session has games.
        """
        self.check_seating(seating)
        if any(g.session == seating.session for g in self.games) or any(
            g.session == seating.session for g in self.unreplayable
        ):
            raise TournamentError(f"session {seating.session} already has games recorded: its seating is fixed")
        others = tuple(s for s in self.seatings if s.session != seating.session)
        return dataclasses.replace(self, seatings=(*others, seating))

    def check_game(self, game: TableGame) -> None:
        """Check a game against the seating of its (session, table) and the ruleset.

        Raises:
            TournamentError: when there is no seating, the players do not match it (naming both lists), or the log
                cannot be played.
        """
        seating = self.seating(game.session)
        if seating is None:
            raise TournamentError(f"session {game.session} has no seating yet: seat it before recording games")
        table = seating.table(game.table)
        if tuple(map(name_key, game.players)) != tuple(map(name_key, table.seats)):
            raise TournamentError(
                f"session {game.session} table {game.table}: the game's players (East first) are "
                f"{', '.join(game.players)}, but the seating has {', '.join(table.seats)}"
            )
        for name in game.players:
            player = self.player(name)
            if not player.plays_in(game.session):
                # The mirror of with_dropout's check: a player has no game after the session they left after (the
                # seating was made before the drop-out was recorded: seat the session again without them).
                raise TournamentError(
                    f"session {game.session} table {game.table}: {player.name} dropped out after session "
                    f"{player.dropped_after}: seat session {game.session} again without them"
                )
        game.state(self.settings)
        for event in game.events:
            if isinstance(event, PlayerReplaced):
                self._check_substitute(game, event.player)

    def _check_substitute(self, game: TableGame, name: str) -> None:
        """A substitute who takes a seat during a game is a registered player in play who sits at no other table
        of the session (our reading: the day's substitutes, or a player the session left out)."""
        try:
            player = self.player(name)
        except TournamentError:
            raise TournamentError(
                f"session {game.session} table {game.table}: the substitute {name!r:.100} is not a player of this "
                "tournament: register them first (a substitute)"
            ) from None
        if not player.plays_in(game.session):
            raise TournamentError(f"{player.name} dropped out after session {player.dropped_after}: cannot come in")
        seating = self.seating(game.session)
        for table in seating.tables if seating is not None else ():
            if table.table != game.table and name_key(name) in {name_key(n) for n in table.seats}:
                raise TournamentError(
                    f"{player.name} sits at table {table.table} in session {game.session}: cannot also come in at "
                    f"table {game.table}"
                )

    def sits_in_running_game(self, name: str, session: int) -> bool:
        """Whether ``name`` sits now in a game of ``session`` that has not ended."""
        key = name_key(name)
        for game in self.games:
            if game.session == session:
                state = game.state(self.settings)
                if not state.ended and key in map(name_key, state.players):
                    return True
        return False

    def free_players(self, session: int) -> tuple[str, ...]:
        """Who may come in as a substitute during a game of ``session``: registered, in play, seated at no table of
        the session and sitting in none of its games now; the substitutes first, each group in registration order.
        """
        seating = self.seating(session)
        busy = {name_key(n) for n in (seating.names if seating is not None else ())}
        for game in self.games:
            if game.session == session:
                busy |= {name_key(n) for n in game.state(self.settings).players}
        free = [p for p in self.players if p.plays_in(session) and name_key(p.name) not in busy]
        return tuple(p.name for p in sorted(free, key=lambda p: not p.substitute))

    def substitution(self, session: int, table: int, leaving: str, substitute: str, reason: str = "") -> PlayerReplaced:
        """The event that puts ``substitute`` in ``leaving``'s seat at (session, table) from the hand in play on.

        Raises:
            TournamentError: for no such game, a game that has ended, ``leaving`` not at that table now, or a
                substitute :meth:`check_game` would refuse.
        """
        game = self.game(session, table)
        if game is None:
            raise TournamentError(f"session {session} table {table} has no game yet: seat the substitute instead")
        state = game.state(self.settings)
        if state.ended:
            raise TournamentError(f"session {session} table {table}: the game has ended; nobody can come in")
        seats = [seat for seat, name in enumerate(state.players) if name_key(name) == name_key(leaving)]
        if not seats:
            raise TournamentError(
                f"session {session} table {table}: {leaving!r:.100} does not sit there now ({', '.join(state.players)})"
            )
        self._check_substitute(game, substitute)
        registered = self.player(substitute).name
        for other in self.games:
            if (
                other.session == session
                and other.table != table
                and name_key(registered) in {name_key(n) for n in other.state(self.settings).players}
            ):
                raise TournamentError(f"{registered} sits at table {other.table} now: cannot also come in here")
        try:
            event = PlayerReplaced(seat=Seat(seats[0]), player=registered, reason=reason)
            apply_events(state, (event,))
        except IllegalActionError as error:
            raise TournamentError(f"session {session} table {table}: {error}") from None
        return event

    def substitution_removal(
        self, session: int, table: int, substitute: str, reason: str = ""
    ) -> tuple[RemovalPreview, ...]:
        """What taking out each substitution of ``substitute`` at (session, table) would do (the latest first; one
        in practice), with the event that does it: for a correction that would end the game before they came in,
        or a substitution entered by mistake. A game that would not play without it is not offered.

        Raises:
            TournamentError: for no such game, or no substitution of ``substitute`` in it that can be taken out.
        """
        game = self.game(session, table)
        if game is None:
            raise TournamentError(f"session {session} table {table} has no game yet")
        state = game.state(self.settings)
        subs = [sub for sub in reversed(state.substitutions) if name_key(sub.player) == name_key(substitute)]
        if not subs:
            came_in = ", ".join(sub.player for sub in state.substitutions) or "nobody"
            raise TournamentError(
                f"session {session} table {table}: {substitute!r:.100} did not come in during the game "
                f"(came in: {came_in})"
            )
        previews: list[RemovalPreview] = []
        problem = ""
        for sub in subs:
            try:
                previews.append(removal_preview(state, sub, reason))
            except IllegalActionError as error:
                problem = str(error)
        if not previews:
            raise TournamentError(f"session {session} table {table}: {problem}")
        return tuple(previews)

    def with_game(self, game: TableGame) -> Tournament:
        """The tournament with ``game`` recorded; the same game again changes nothing.

        Raises:
            TournamentError: as :meth:`check_game`, or when (session, table) already has a different game.
        """
        self.check_game(game)
        held = self.unreplayable_game(game.session, game.table)
        if held is not None:
            raise TournamentError(
                f"session {game.session} table {game.table} has a game this program cannot replay ({held.reason}):"
                " cut it back or replace it"
            )
        old = self.game(game.session, game.table)
        if old is not None:
            if old.events == game.events:
                return self
            raise TournamentError(
                f"session {game.session} table {game.table} already has a different game ({old.game_id}); "
                "correct it through the game's own editing"
            )
        return dataclasses.replace(self, games=(*self.games, game))

    def with_penalty(self, penalty: TournamentPenalty) -> Tournament:
        """The tournament with a referee's penalty added.

        Raises:
            TournamentError: for an unknown player or session, or a substitute (ranked nowhere, so the penalty would
                count nowhere while the referee believes it given).
        """
        player = self.player(penalty.player)
        if player.substitute:
            raise TournamentError(
                f"{player.name} is a substitute: substitutes are ranked nowhere, so a tournament penalty would count "
                "nowhere (a penalty given at the table, in the game, shows on that game's result sheet)"
            )
        if penalty.session is not None and penalty.session > self.settings.sessions:
            raise TournamentError(
                f"{self.settings.name!r} has {self.settings.sessions} sessions, not {penalty.session}"
            )
        return dataclasses.replace(self, penalties=(*self.penalties, dataclasses.replace(penalty, player=player.name)))

    def with_player(self, player: Player) -> Tournament:
        """The tournament with a late player or substitute added.

        Raises:
            TournamentError: for a name already taken or one a new registration may not take
                (:func:`check_new_player`).
        """
        check_new_player(player)
        return dataclasses.replace(self, players=(*self.players, player))

    def with_dropout(self, name: str, after_session: int) -> Tournament:
        """The tournament with ``name`` dropped out after ``after_session`` (0: before the first).

        Raises:
            TournamentError: for an unknown player or a session outside the tournament.
        """
        player = self.player(name)
        if not 0 <= after_session <= self.settings.sessions:
            raise TournamentError(f"a drop-out is after session 0 to {self.settings.sessions}, got {after_session}")
        key = name_key(player.name)
        later = [g for g in self.games if g.session > after_session and key in map(name_key, g.players)]
        if later:
            # The record would say they left before a game they played (their points count all the same).
            raise TournamentError(
                f"{player.name} played session {later[-1].session} (table {later[-1].table}): "
                f"a drop-out is after session {later[-1].session} or later"
            )
        players = tuple(dataclasses.replace(p, dropped_after=after_session) if p is player else p for p in self.players)
        return dataclasses.replace(self, players=players)

    def with_disqualification(self, name: str, after_session: int, reason: str) -> Tournament:
        """The tournament with ``name`` disqualified: out after ``after_session`` as a drop-out is (a game they sit
        in during that session goes on with a substitute in their seat: :meth:`substitution`), and marked so the
        standings place them as the tournament's :attr:`~TournamentSettings.disqualified` rule says (RCR 2016 5.8
        "ranked at the bottom"; EMA 2025 6.12 and 7.3).

        Raises:
            TournamentError: for an unknown player or session, a substitute, no reason, a player already
                disqualified, or a session after one they played (as :meth:`with_dropout`).
        """
        player = self.player(name)
        if player.substitute:
            raise TournamentError(f"{player.name} is a substitute, ranked nowhere: there is nothing to disqualify")
        if player.disqualified is not None:
            raise TournamentError(f"{player.name} is already disqualified ({player.disqualified})")
        dropped = self.with_dropout(player.name, after_session)
        players = tuple(
            dataclasses.replace(p, disqualified=reason) if p.name == player.name else p for p in dropped.players
        )
        return dataclasses.replace(dropped, players=players)


def time_limit_end(state: GameState, rule: TimeLimitRule) -> Sequence[Event]:
    """The events that end a table's game when the session's time is up ("end the game now").

    The session decides what the game is from there. Under :attr:`TimeLimitRule.FINISH_HAND` (the hand being
    played when time is called is finished, then the game ends) a running game gets :class:`LastHandCalled`: the
    table finishes its hand and enters it, and that hand ends the game with the sheet of an :class:`EndGame` right
    after it. A table between hands when time is called plays one more hand: the referee who wants it to stop
    there ends that table outright (its game's own "End the game now"). Under the EMA texts' rules
    (:attr:`TimeLimitRule.ONE_MORE_HAND`, RCR 2016 5.9; :attr:`TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS`, EMA 2025
    7.4) the call leaves the hand in play and one more (``last_hand_call``). Under :attr:`TimeLimitRule.STOP_NOW`
    the game ends at once with :class:`EndGame`.

    Returns:
        the events to append: ``()`` when the game already ended, or time was already called in it.
    """
    if state.ended:
        return ()
    if rule is TimeLimitRule.STOP_NOW:
        return (EndGame(_TIME_LIMIT),)
    return () if state.last_hand_reason is not None else (last_hand_call(rule, _TIME_LIMIT),)


def record_game_id(session: int, table: int, events: Sequence[Event]) -> str:
    """The id of a game recorded from a file: ``s{session}-t{table}-`` and 12 hex digits of its events' SHA-256.

    The same record gives the same id, so recording it twice finds the game already there.
    """
    body = json.dumps([event_to_json(e) for e in events], sort_keys=True).encode("utf-8")
    return f"s{session}-t{table}-{hashlib.sha256(body).hexdigest()[:12]}"

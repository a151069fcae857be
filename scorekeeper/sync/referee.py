"""The referee's actions, once: the referee's window and ``scorekeeper tournament`` both call these (issue 23).

A :class:`Referee` holds the tournament store (and, on a server, the URL its writes to a table's game go through)
and does what a referee does: seat a session by a method, record a game from a file played under the tournament's
rules, give a penalty, register a player, record a drop-out, put a substitute in (or take one out), correct a game,
and call time. Each action writes through the store (which asks the Qt-free model, in one transaction) and returns
what it made; a refusal raises a :class:`~scorekeeper.errors.ScorekeeperError` whose message names the problem.

A write to a table's game names the log it was built on (STYLE 5: a stale write is refused, never applied): the
game as the referee saw it (a window's copy, or the copy the action just read). On a server the write goes through
the sync server's referee write, after checking that the server's log is still that one; a table that pushed in
between makes the write a :class:`~scorekeeper.errors.SyncConflictError` and nothing is sent. In a SQLite file the
store checks the same inside its own transaction.

It sits over storage and beside the sync server (it imports both), under the faces: see docs/architecture.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Self

from scorekeeper.errors import ErrorCode, IllegalActionError, ScorekeeperError, TournamentError
from scorekeeper.session.chombo_errors import ChomboError, chombo_citation, parse_chombo_error
from scorekeeper.session.events import Event, PlayerReplaced, event_from_json, event_to_json
from scorekeeper.session.reasons import ReasonCode, format_reason
from scorekeeper.session.session import Session
from scorekeeper.session.substitution import RemovalPreview
from scorekeeper.storage.records import read_game_record_file
from scorekeeper.storage.tournament_export import read_csv_text
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store, stale_game_error
from scorekeeper.tournament import (
    PenaltyKind,
    Player,
    Seating,
    SeatingMethod,
    TableGame,
    Tournament,
    TournamentPenalty,
    choose_byes,
    compute_standings,
    late_points,
    name_key,
    parse_seating_csv,
    penalty_rule,
    penalty_rules,
    record_game_id,
    sat_out,
    seat_auto,
    seat_random,
    seat_swiss,
    seat_with_byes,
    swiss_order,
    time_limit_end,
)

__all__ = ["RecordedGame", "Referee", "SeatedAfter", "TimeCall", "is_server_url"]


def is_server_url(db: str | Path) -> bool:
    """Whether ``db`` names a tournament server (a ``postgresql://`` URL) rather than a SQLite file."""
    return str(db).startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordedGame:
    """What recording a game from a file did.

    Attributes:
        game: the game as recorded.
        added: False when the same game was already there (nothing changed).
        tournament: the tournament after it.
    """

    game: TableGame
    added: bool
    tournament: Tournament


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeCall:
    """What calling time in a session did.

    Attributes:
        reached: the tables whose game was told (the last hand called, or ended), in table order.
        refused: the tables whose write was refused (a table wrote meanwhile), each with why; they still play.
        tournament: the tournament after it.
    """

    reached: tuple[int, ...]
    refused: tuple[tuple[int, ScorekeeperError], ...]
    tournament: Tournament


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedAfter:
    """Where a player who dropped out is still seated (sessions seated before the drop-out was recorded).

    Attributes:
        reseatable: sessions with no game yet: seat them again without the player.
        started: sessions whose games began: the seating is fixed (a substitute takes the seat).
    """

    reseatable: tuple[int, ...]
    started: tuple[int, ...]

    def __bool__(self) -> bool:
        return bool(self.reseatable or self.started)


class Referee:
    """The referee's actions on one tournament. Use as a context manager (it closes a store it opened) or call
    :meth:`close`."""

    def __init__(
        self,
        store: TournamentStore,
        tournament: str | None = None,
        *,
        server_url: str | None = None,
        owns_store: bool = False,
    ) -> None:
        """Act on the tournament ``tournament`` (None: the store's only one) of ``store``.

        Args:
            store: the tournament store.
            tournament: which tournament.
            server_url: on PostgreSQL, the URL the writes to a table's game go through (the sync server's referee
                write: the game's version is checked, the table is told, its fast standings refreshed); None for a
                SQLite file.
            owns_store: close ``store`` with this referee.
        """
        self.store = store
        self.server_url = server_url
        self._owns_store = owns_store
        self.name = store.load(tournament).settings.name

    @classmethod
    def open(cls, db: str | Path, tournament: str | None = None) -> Referee:
        """Open the tournament store ``db`` names (a SQLite file or a ``postgresql://`` URL) as the referee.

        Raises:
            SaveFileError: for a file that is not a tournament database.
            TournamentError: when there is no such tournament (or several and no name).
        """
        store = open_tournament_store(db)
        try:
            return cls(store, tournament, server_url=str(db) if is_server_url(db) else None, owns_store=True)
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        """Close the store if this referee opened it."""
        if self._owns_store:
            self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # -- reading --------------------------------------------------------------------------------------------------

    def load(self) -> Tournament:
        """The tournament as the database holds it now (an export is made from this, never from a window's copy)."""
        return self.store.load(self.name)

    # -- the tournament's own rows ---------------------------------------------------------------------------------

    def seat(
        self, session: int, method: SeatingMethod, *, path: Path | None = None, seed: str | None = None
    ) -> Tournament:
        """Seat ``session`` by ``method`` (``FILE`` reads the seating CSV at ``path``) and store it.

        ``seed`` seeds the random and automatic methods (default: the tournament's name, so that the same
        tournament seats the same way from the window and the command line). The Swiss seats by the standings now.

        Raises:
            TournamentError: for a session out of range, no file for ``FILE``, or a seating the model refuses (a game
                was already recorded in the session...).
        """
        t = self.load()
        if not 1 <= session <= t.settings.sessions:
            raise TournamentError(f"{t.settings.name!r} has sessions 1 to {t.settings.sessions}, not {session}")
        players, subs, fixed = t.ranked_in(session), t.substitutes_in(session), t.fixed_tables()
        history = [s for s in t.seatings if s.session < session]
        seed = seed if seed is not None else t.settings.name
        if t.settings.byes:
            return self.store.save_seating(
                self._seat_with_byes(t, session, method, path=path, seed=seed, history=history), tournament=self.name
            )
        match method:
            case SeatingMethod.RANDOM:
                seating = seat_random(session, players, subs, fixed=fixed, seed=seed)
            case SeatingMethod.AUTO:
                seating = seat_auto(
                    session,
                    players,
                    subs,
                    history=history,
                    sessions=t.settings.sessions,
                    fixed=fixed,
                    seed=seed,
                    roster_at=lambda k: (t.ranked_in(k), t.substitutes_in(k)),
                    apart={p.name: getattr(p, keep) for p in t.players} if (keep := t.settings.keep_apart) else None,
                    seeded=t.settings.seeded,
                )
            case SeatingMethod.SWISS | SeatingMethod.SWISS_STRICT:
                playing = set(players)
                ranking: Sequence[str] = [row.player for row in compute_standings(t).rows if row.player in playing]
                if method is SeatingMethod.SWISS:  # near ranks together, rematches avoided (seating/swiss.py)
                    ranking = swiss_order(ranking, history)
                seating = seat_swiss(session, ranking, subs, history=history, sessions=t.settings.sessions, fixed=fixed)
            case SeatingMethod.FILE:
                if path is None:
                    raise TournamentError(
                        "seating from a file needs the seating CSV", code=ErrorCode.REFEREE_NO_SEATING_FILE
                    )
                seating = parse_seating_csv(read_csv_text(path, "a seating CSV"), session)
        return self.store.save_seating(seating, tournament=self.name)

    @staticmethod
    def _seat_with_byes(
        t: Tournament, session: int, method: SeatingMethod, *, path: Path | None, seed: str, history: Sequence[Seating]
    ) -> Seating:
        """Session ``session`` of a tournament whose field sits out on byes: the full tables by ``method`` and the
        rest on a bye (seating/byes.py: who sits out rotates; ``auto`` plans the byes with the tables; a file's
        seating gives a bye to every ranked player it does not seat)."""
        players, fixed = t.ranked_in(session), t.fixed_tables()
        seeded = frozenset(t.settings.seeded)
        if method is SeatingMethod.FILE:
            if path is None:
                raise TournamentError(
                    "seating from a file needs the seating CSV", code=ErrorCode.REFEREE_NO_SEATING_FILE
                )
            read = parse_seating_csv(read_csv_text(path, "a seating CSV"), session)
            seated = {name_key(n) for n in read.names}
            return Seating(
                session=session, tables=read.tables, byes=tuple(p for p in players if name_key(p) not in seated)
            )
        if method is SeatingMethod.AUTO:
            return seat_with_byes(
                session,
                players,
                history=history,
                sessions=t.settings.sessions,
                fixed=fixed,
                seed=seed,
                roster_at=t.ranked_in,
                apart={p.name: getattr(p, keep) for p in t.players} if (keep := t.settings.keep_apart) else None,
                seeded=seeded,
            )
        byes = choose_byes(
            session, players, sat=sat_out(players, history), protected={*fixed, *seeded} & set(players), seed=seed
        )
        rest = [p for p in players if p not in byes]
        if method is SeatingMethod.RANDOM:
            seating = seat_random(session, rest, fixed=fixed, seed=seed)
        else:
            playing = set(rest)
            ranking: Sequence[str] = [row.player for row in compute_standings(t).rows if row.player in playing]
            if method is SeatingMethod.SWISS:
                ranking = swiss_order(ranking, history)
            seating = seat_swiss(session, ranking, history=history, sessions=t.settings.sessions, fixed=fixed)
        return Seating(session=session, tables=seating.tables, byes=byes)

    def seating(self, session: int) -> Seating | None:
        """The seating of ``session`` as stored now, or None."""
        return self.load().seating(session)

    def record_game(self, session: int, table: int, path: Path) -> RecordedGame:
        """Record table ``table``'s game of ``session`` from the game-record file at ``path``.

        The game must have been played under the tournament's ruleset (a record of another ruleset would score
        under rules the tournament does not have). The same record twice changes nothing.

        Raises:
            SaveFileError: the file cannot be read as a game record.
            TournamentError: another ruleset, or a game the model refuses (players not the seating's...).
        """
        played = self._played(path)
        game = TableGame(
            game_id=record_game_id(session, table, played.events),
            session=session,
            table=table,
            players=played.players,
            events=played.events,
        )
        added = self.store.add_game(game, tournament=self.name)
        return RecordedGame(game=game, added=added, tournament=self.load())

    def _played(self, path: Path) -> Session:
        """The game-record file at ``path``, played under the tournament's ruleset.

        Raises:
            SaveFileError: the file cannot be read as a game record.
            TournamentError: it was played under another ruleset (code ``REFEREE_OTHER_RULESET``).
        """
        played = read_game_record_file(path)
        expected = self.load().settings.ruleset
        if played.rules != expected:
            raise TournamentError(
                f"{path}: the game was played under ruleset {json.dumps(played.rules.to_json())}, "
                f"the tournament's is {json.dumps(expected.to_json())}",
                code=ErrorCode.REFEREE_OTHER_RULESET,
                fields={"file": path.name},
            )
        return played

    def add_penalty(self, penalty: TournamentPenalty) -> Tournament:
        """Give a penalty (table points) for a session or the tournament.

        Raises:
            TournamentError: for an unknown player or session.
        """
        return self.store.add_penalty(penalty, tournament=self.name)

    def give_penalty(
        self,
        kind: PenaltyKind | str,
        *,
        player: str | None = None,
        session: int | None = None,
        table: int | None = None,
        minutes: str | float | None = None,
        points: int | None = None,
        reason: str = "",
        error: ChomboError | str | None = None,
    ) -> Tournament:
        """Give a penalty of the EMA 2025 annex's kind ``kind`` (:mod:`scorekeeper.tournament.penalties`), with its
        amount and section.

        ``LATE`` takes ``minutes`` (1,000 a minute, rounded up, at most 10: EMA 2025 7.2); ``SCORE_SHEET`` is given to
        each player of table ``table``'s game of ``session`` (2,000 each, EMA 2025 7.5; a substitute is ranked
        nowhere and gets none); ``OBSTRUCTION`` and ``SERIOUS_OBSTRUCTION`` take ``points`` among the text's amounts;
        the others have one amount. ``FREE`` takes any ``points`` and needs a reason. The reason is the kind's with its
        section unless one is given. ``CHOMBO`` (a table whose game is not in the program) may name its ``error``: the
        reason is then a chombo's (``chombo (invalid win shown, EMA 2025 6.8)``, cited by the tournament's ruleset's
        text), read back like a game's (``scorekeeper.session.reasons``).

        Raises:
            TournamentError: what is missing or out of the text's amounts, an unknown player, session or table.
        """
        rule = penalty_rule(kind)
        ruleset = self.load().settings.ruleset
        if rule.kind is PenaltyKind.CHOMBO:
            # The tournament's ruleset's chombo penalty, as a game's chombo takes it after uma.
            rule = next(r for r in penalty_rules(ruleset) if r.kind is PenaltyKind.CHOMBO)
            if points is not None and points not in rule.amounts:
                raise TournamentError(
                    f"a chombo under these rules is {-rule.amounts[0]:,} points ({rule.section}), not {-points:,}"
                )
        if rule.kind is PenaltyKind.LATE:
            if minutes is None:
                raise TournamentError("a late penalty needs the minutes late (EMA 2025 7.2: 1,000 a minute)")
            points = late_points(minutes)
        elif rule.kind is not PenaltyKind.FREE and points is None:
            if len(rule.amounts) != 1:
                choices = ", ".join(f"{-p:,}" for p in rule.amounts[:2])
                raise TournamentError(f"say how many points for {rule.reason} ({rule.section}: {choices} ...)")
            points = rule.amounts[0]
        if points is None:
            raise TournamentError("a free penalty needs its points (table points: -20000 is -20.0)")
        if rule.kind is PenaltyKind.FREE and not reason.strip():
            raise TournamentError("a free penalty needs a reason")
        said = reason.strip() or (
            f"{rule.reason}, {minutes} min ({rule.section})"
            if rule.kind is PenaltyKind.LATE
            else f"{rule.reason} ({rule.section})"
        )
        if error is not None:
            if rule.kind is not PenaltyKind.CHOMBO:
                raise TournamentError(f"only a chombo names its error, not {rule.reason}")
            if reason.strip():
                raise TournamentError(
                    "a chombo that names its error is given with the error's reason: leave the reason out"
                )
            try:
                kind_of_error = parse_chombo_error(error)
            except IllegalActionError as refused:
                raise TournamentError(str(refused)) from None
            cited = chombo_citation(kind_of_error, ruleset)
            said = format_reason(ReasonCode.CHOMBO, error=kind_of_error, cited=cited)
        if rule.each_player:
            if session is None or table is None:
                raise TournamentError(f"{rule.reason} is given to each player of a table: say the session and table")
            t = self.load()
            game = self.table_game(session, table, seen=t)
            sitting = game.state(t.settings).players
            names = [name for name in sitting if not t.player(name).substitute]
        else:
            if player is None:
                raise TournamentError("say who the penalty is for")
            names = [player]
        return self.store.add_penalties(
            [
                TournamentPenalty(player=name, points=points, reason=said, session=session, kind=rule.kind)
                for name in names
            ],
            tournament=self.name,
        )

    def add_player(self, player: Player) -> Tournament:
        """Register a late player or a substitute.

        Raises:
            TournamentError: for a name already taken.
        """
        return self.store.add_player(player, tournament=self.name)

    def drop_out(self, name: str, after_session: int) -> Tournament:
        """``name`` drops out after ``after_session`` (0: before the first).

        Raises:
            TournamentError: for an unknown player or session, or a player who played a later session.
        """
        return self.store.drop_player(name, after_session, tournament=self.name)

    def seated_after(self, name: str, after_session: int, *, seen: Tournament | None = None) -> SeatedAfter:
        """The sessions after ``after_session`` whose seating already seats ``name`` (made before their drop-out):
        those that can be seated again (no game recorded in them yet) and those that cannot (a game is; a substitute
        takes the seat, or it stays empty).

        Raises:
            TournamentError: for an unknown player.
        """
        tournament = seen if seen is not None else self.load()
        key = name_key(tournament.player(name).name)
        again: list[int] = []
        played: list[int] = []
        for seating in sorted(tournament.seatings, key=lambda s: s.session):
            # a bye counts: the session's byes change with the field (a tournament with byes)
            if seating.session <= after_session or key not in {name_key(n) for n in (*seating.names, *seating.byes)}:
                continue
            started = any(g.session == seating.session for g in tournament.games)
            (played if started else again).append(seating.session)
        return SeatedAfter(reseatable=tuple(again), started=tuple(played))

    def disqualify(self, name: str, after_session: int, reason: str) -> Tournament:
        """Disqualify ``name`` (EMA 2025 6.12, RCR 2016 5.8): out after ``after_session`` as a drop-out is, and
        placed as the tournament's ``disqualified_rank`` says (at the bottom under RCR 2016). Disqualified during a
        session: ``after_session`` is that session, and a substitute takes the seat (:meth:`substitute`), which
        scores them -30.0 for it under the EMA texts.

        Raises:
            TournamentError: for an unknown player or session, a substitute, no reason, or a player disqualified
                already.
        """
        return self.store.disqualify(name, after_session, reason, tournament=self.name)

    def disqualify_during(self, name: str, session: int, reason: str) -> Tournament:
        """Disqualify ``name`` in ``session`` (the referee's window's session on show): out after it when they have a
        game in it (a running one goes on with a substitute in their seat), after the one before it otherwise.

        Raises:
            TournamentError: as :meth:`disqualify`.
        """
        t = self.load()
        key = name_key(name)
        played = any(g.session == session and key in map(name_key, g.players) for g in t.games)
        after = session if played else session - 1
        return self.disqualify(name, max(after, 0), reason)

    def sign(self, session: int, table: int, *, signed: bool = True) -> Tournament:
        """Record table ``table``'s score sheet of ``session`` as signed by its players (EMA 2025 7.5), or not.

        Raises:
            TournamentError: no game there, or one still running.
        """
        return self.store.sign(session, table, signed=signed, tournament=self.name)

    # -- a table's game --------------------------------------------------------------------------------------------

    def correct(self, base: TableGame, events: Sequence[Event]) -> Tournament:
        """Append ``events`` (a correction, a substitution, an end...) to the game ``base`` is a copy of.

        ``base`` is the game as the referee saw it: the write is built on its log. When the game moved on since (a
        table pushed hands, another referee wrote), nothing is written.

        Raises:
            SyncConflictError: the game's log is no longer ``base``'s (code ``REFEREE_GAME_MOVED``).
            TournamentError: the store refuses the events.
            TournamentServerError: the server cannot be reached, or refuses.
        """
        if events:
            with self.store.writing(self.name):
                self._append(base, events)
        return self.load()

    def _append(self, base: TableGame, events: Sequence[Event]) -> None:
        if self.server_url is None:
            self.store.append_events(base.game_id, len(base.events), events, expected=base.events)
            return
        from scorekeeper.sync.server import TournamentServer

        with TournamentServer.connect(self.server_url, tournament=self.name) as server:
            held = server.game(base.game_id)
            seen = [event_to_json(event) for event in base.events]
            if held.head != len(seen) or [json.loads(body) for body in held.bodies[: held.head]] != seen:
                raise stale_game_error(base.session, base.table)
            # The version check in the write itself covers a push between this read and the write.
            server.correct_as_referee(base.game_id, events, version=held.version)

    def repair(
        self, session: int, table: int, *, path: Path | None = None, seen: Tournament | None = None
    ) -> Tournament:
        """Correct table ``table``'s game of ``session`` that this program cannot replay (issue 23 item 1).

        Without ``path``, the game is cut back to its first events that replay (those after are dropped: the table
        takes the server's copy and its players enter again what still stands); with ``path``, its whole log is
        replaced by the game-record file's, which must be played under the tournament's ruleset by the seating's
        players. Built on the game as ``seen`` (None: as stored now) holds it: a game that moved since is not
        written.

        Raises:
            TournamentError: the table's game there is not one held apart (code ``REFEREE_NO_GAME`` when there is
                none at all), or the file's game is refused.
            SaveFileError: the file cannot be read as a game record.
            SyncConflictError: the game moved since ``seen`` (code ``REFEREE_GAME_MOVED``).
            TournamentServerError: the server cannot be reached, or refuses.
        """
        tournament = seen if seen is not None else self.load()
        held = tournament.unreplayable_game(session, table)
        if held is None:
            if tournament.game(session, table) is None:
                self.table_game(session, table, seen=tournament)  # raises: no game there at all
            raise TournamentError(f"session {session} table {table}: its game replays, there is nothing to repair")
        keep = held.replayable if path is None else 0
        events: tuple[Event, ...] = ()
        if path is not None:
            played = self._played(path)
            events = tuple(played.events)
            # The file's game must be this table's: its players the seating's (the stored game's are kept).
            tournament.check_game(
                TableGame(game_id=held.game_id, session=session, table=table, players=played.players, events=events)
            )
        if self.server_url is None:
            self.store.rewrite_game(held.game_id, keep, events, expected_head=held.head)
            return self.load()
        from scorekeeper.sync.server import TournamentServer

        with TournamentServer.connect(self.server_url, tournament=self.name) as server:
            now = server.game(held.game_id)
            if now.head != held.head:
                raise stale_game_error(session, table)
            kept = TableGame(
                game_id=held.game_id,
                session=session,
                table=table,
                players=now.players,
                events=(*(event_from_json(json.loads(body)) for body in now.bodies[:keep]), *events),
            )
            tournament.check_game(kept)
            # The version check in the write itself covers a push between this read and the write.
            server.rewrite_as_referee(held.game_id, keep, events, version=now.version)
        return self.load()

    def table_game(self, session: int, table: int, *, seen: Tournament | None = None) -> TableGame:
        """Table ``table``'s game of ``session`` in ``seen`` (None: as stored now).

        Raises:
            TournamentError: there is no game there yet (code ``REFEREE_NO_GAME``).
        """
        game = (seen if seen is not None else self.load()).game(session, table)
        if game is None:
            raise TournamentError(
                f"session {session} table {table} has no game yet",
                code=ErrorCode.REFEREE_NO_GAME,
                fields={"session": session, "table": table},
            )
        return game

    def substitute(
        self,
        session: int,
        table: int,
        leaving: str,
        player: str,
        reason: str = "",
        *,
        seen: Tournament | None = None,
    ) -> tuple[PlayerReplaced, Tournament]:
        """Put ``player`` in ``leaving``'s seat at table ``table`` of ``session`` from the hand in play on (the
        model checks who may come in; the seat's points carry on).

        ``seen``: the tournament as the referee saw it (a window's copy); None reads it now. Either way the write is
        refused if the game moved on since.

        Returns:
            the substitution's event and the tournament after it.

        Raises:
            TournamentError: who may not come in, or no game there.
            SyncConflictError: the game moved on since ``seen`` (nothing written).
        """
        with self.store.writing(self.name):
            # Checked on the tournament as stored now, under the write lock (another substitution of the same player
            # at another table must not slip in: issue 27 item 4); written on the log the referee saw.
            now = self.load()
            event = now.substitution(session, table, leaving, player, reason)
            game = self.table_game(session, table, seen=seen if seen is not None else now)
            self._append(game, [event])
        return event, self.load()

    def take_out_substitution(
        self,
        session: int,
        table: int,
        substitute: str,
        reason: str = "",
        *,
        seat: int | None = None,
        seen: Tournament | None = None,
    ) -> tuple[RemovalPreview, Tournament]:
        """Take ``substitute``'s substitution (at ``seat``; None: the latest) out of table ``table``'s game of
        ``session``: whoever sat there before gets the seat back (before a correction that would end the game before
        they came in, or one entered by mistake).

        Raises:
            TournamentError: no such substitution, or one the game would not play without.
            SyncConflictError: the game moved on since ``seen`` (nothing written).
        """
        tournament = seen if seen is not None else self.load()
        previews = tournament.substitution_removal(session, table, substitute, reason)
        chosen = [p for p in previews if seat is None or int(p.substitution.seat) == seat]
        if not chosen:
            raise TournamentError(f"session {session} table {table}: {substitute} did not come in at seat {seat}")
        game = self.table_game(session, table, seen=tournament)
        return chosen[0], self.correct(game, [chosen[0].event])

    def tables_to_call(self, session: int, *, seen: Tournament | None = None) -> tuple[int, ...]:
        """The tables of ``session`` whose game calling time would change (running, and not told yet)."""
        tournament = seen if seen is not None else self.load()
        rule = tournament.settings.time_limit
        return tuple(
            game.table
            for game in tournament.games
            if game.session == session and time_limit_end(game.state(tournament.settings), rule)
        )

    def call_time(self, session: int, *, seen: Tournament | None = None) -> TimeCall:
        """End ``session``'s running games as the tournament's time-limit rule says.

        Under ``finish_hand`` (the default) each running game is told its hand in play is the last; under
        ``stop_now`` each ends at once. A game already told is left as it is. One table that wrote meanwhile does not
        keep the call from the tables after it: it is listed in :attr:`TimeCall.refused` (still playing).
        """
        tournament = seen if seen is not None else self.load()
        reached: list[int] = []
        refused: list[tuple[int, ScorekeeperError]] = []
        for game in tournament.games:
            if game.session != session:
                continue
            events = time_limit_end(game.state(tournament.settings), tournament.settings.time_limit)
            if not events:
                continue
            try:
                self._append(game, events)
            except ScorekeeperError as error:
                refused.append((game.table, error))
                continue
            reached.append(game.table)
        return TimeCall(reached=tuple(reached), refused=tuple(refused), tournament=self.load())

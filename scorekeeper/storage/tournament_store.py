"""The tournament store: tournaments, players, seatings, the tables' games and penalties, in SQLite or PostgreSQL.

One class, :class:`TournamentStore`, speaks plain SQL over a DB-API connection, written once for both engines
(``?`` placeholders become ``%s`` for psycopg). :func:`open_tournament_store` is the one place that picks the
engine from ``--db``: a path opens (or creates) a SQLite file; a ``postgresql://`` URL goes to the PostgreSQL
backend (``scorekeeper.storage.tournament_pg``, which the sync work provides).

Every write loads the tournament, asks the model (:class:`scorekeeper.tournament.Tournament`) to accept the change,
and writes the rows, in one transaction, so what is stored always passed the model's checks. Games are stored as
the table's event log: a ``games`` row per (tournament, session, table) with a ``game_id`` and ``head`` (the events
in effect), and a ``game_events`` row per event keyed by (``game_id``, ``seq``), holding
:func:`scorekeeper.session.events.event_to_json` as JSON text: the same key the tables' outbox pushes with, so a
duplicate delivery changes nothing. See /docs/tournament.md, "Storage".
"""

from __future__ import annotations

import contextlib
import datetime
import importlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self

from scorekeeper.errors import (
    ErrorCode,
    OutdatedSchemaError,
    SaveFileError,
    ScorekeeperError,
    SyncConflictError,
    TournamentError,
    UnsupportedVersionError,
)
from scorekeeper.session.events import Event, event_from_json, event_to_json
from scorekeeper.session.state import apply_events, initial_state
from scorekeeper.storage import tournament_schema as schema
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.tournament import (
    PenaltyKind,
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    TournamentPenalty,
    TournamentSettings,
    UnreplayableGame,
    settings_from_json,
)

__all__ = ["TOURNAMENT_WRITE_LOCK", "Connection", "TournamentStore", "open_tournament_store", "stale_game_error"]

_BUSY_TIMEOUT_MS = 5_000
#: The first key of the PostgreSQL advisory lock every write to a tournament holds for its transaction (the second is
#: the tournament's id; 0 for creating one). Under READ COMMITTED two writers each passed the model's checks on what
#: the other had not committed yet (issue 27 item 4: a re-seating during a record stored a game whose players were
#: not the seating's; a drop-out was stored dated before a game the player has; two penalties at once took the same
#: number and one failed with "duplicate key"). Holding this lock from before the first read, each writer checks and
#: writes on what every writer before it committed: one at a time, as SQLite's BEGIN IMMEDIATE already makes them.
#: A table's game opened from the seating (``scorekeeper.sync.server``) takes it too. An advisory lock needs no
#: privilege on the rows (a table's login has none to lock them with), and is released at commit or rollback.
TOURNAMENT_WRITE_LOCK = 0x534B
_MAX_JSON = 1_000_000
#: How many parsed events a store remembers by their JSON text (a 200-player, 10-session day holds about 10,000).
_EVENTS_REMEMBERED = 200_000
#: How many games a store remembers with the rows they were read from (a 200-player, 10-session day holds 500).
_GAMES_REMEMBERED = 20_000


class Connection(Protocol):
    """The part of a DB-API 2 connection the store uses (sqlite3's and psycopg's both fit)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any:
        """Run one statement."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...


def stale_game_error(session: int, table: int) -> SyncConflictError:
    """The refusal of a write to a table's game whose log moved on since the writer read it (STYLE 5)."""
    return SyncConflictError(
        f"session {session} table {table} changed since its game was read (a table sent hands, or another referee "
        "wrote, meanwhile): nothing was written; look at the game again and make the change anew",
        code=ErrorCode.REFEREE_GAME_MOVED,
        fields={"session": session, "table": table},
    )


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def open_tournament_store(db: str | Path) -> TournamentStore:
    """Open the tournament store ``db`` names: a SQLite file path, or a ``postgresql://`` URL.

    This is the one function that chooses the engine; the PostgreSQL backend lives in
    ``scorekeeper.storage.tournament_pg`` (``open_postgresql_store(url) -> TournamentStore``).

    Raises:
        SaveFileError: for a file that is not a tournament database or cannot be opened.
        UnsupportedVersionError: for a database from a newer program.
        TournamentError: for a PostgreSQL URL when the PostgreSQL backend is not installed.
    """
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        try:
            backend = importlib.import_module("scorekeeper.storage.tournament_pg")
        except ImportError as error:
            raise TournamentError(f"PostgreSQL tournaments need the PostgreSQL backend: {error}") from None
        store: TournamentStore = backend.open_postgresql_store(text)
        return store
    return TournamentStore.open_sqlite(Path(text))


class TournamentStore:
    """Tournaments in one database. Use as a context manager or call :meth:`close`."""

    def __init__(
        self,
        connection: Connection,
        dialect: schema.Dialect,
        where: str,
        *,
        errors: tuple[type[Exception], ...] = (sqlite3.Error,),
    ) -> None:
        """Wrap an open connection in autocommit mode; use an ``open_*`` function (they also :meth:`migrate`).

        Args:
            connection: the DB-API connection, in autocommit mode.
            dialect: its engine.
            where: how messages name the database (a path, or a URL without its password).
            errors: the driver's exceptions, turned into :class:`SaveFileError` naming ``where``.
        """
        self._connection = connection
        self._dialect = dialect
        self._where = where
        self._errors = errors
        # Events already read, by their stored JSON text: a reload parses only what is new (events are immutable
        # values, so one may stand in every game that stored the same text). Cleared when it grows past a bound.
        self._events_read: dict[str, Event] = {}
        # Games already read, by game id, with the row and event texts they were read from: a reload rebuilds only a
        # game whose stored row or events differ (compared by value, so a replaced event is never missed), and an
        # unchanged game is the same value as before, whose remembered standings result the standings reuse.
        self._games_read: dict[str, tuple[tuple[object, ...], TableGame]] = {}

    # -- opening ---------------------------------------------------------------------------------------------------

    @classmethod
    def open_sqlite(cls, path: Path) -> TournamentStore:
        """Open (or create) the SQLite tournament database at ``path``.

        Raises:
            SaveFileError: for a file that is not a tournament database or cannot be opened.
            UnsupportedVersionError: for a database from a newer program (left untouched).
        """
        try:
            connection = sqlite3.connect(path, isolation_level=None, timeout=_BUSY_TIMEOUT_MS / 1000)
        except sqlite3.Error as error:
            raise SaveFileError(f"{path}: cannot open the tournament database: {error}", path=path) from None
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            app_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
            tables = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
            if app_id != schema.SQLITE_APPLICATION_ID and (app_id != 0 or tables):
                raise SaveFileError(f"{path}: not a scorekeeper tournament database", path=path)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            store = cls(connection, schema.Dialect.SQLITE, str(path))
            store.migrate()
            connection.execute(f"PRAGMA application_id = {schema.SQLITE_APPLICATION_ID}")
        except sqlite3.DatabaseError as error:
            connection.close()
            raise SaveFileError(f"{path}: not a tournament database ({error})", path=path) from None
        except ScorekeeperError:
            connection.close()
            raise
        return store

    def migrate(self, *, then: Callable[[], None] | None = None) -> int:
        """Bring the schema to this program's version (one transaction), or refuse a newer one.

        On a server, the referee's login (the window, the command line) opens the store too, and it may not create
        or alter tables: an out-of-date server is then refused, saying that the admin runs ``server upgrade`` (which
        opens the store as the admin and so updates it), instead of failing on the first statement.

        Args:
            then: run inside the same transaction after the schema is up to date (even when it already was): the
                server's admin secures the tables there (``scorekeeper.sync.setup``), so a table a migration adds is
                never committed without its grants and row security. An exception from it rolls everything back.

        Returns:
            The version the database was at before (0 for an empty one).

        Raises:
            UnsupportedVersionError: for a database from a newer program (left untouched).
            OutdatedSchemaError: for an older server whose tables this login may not update (left untouched).
        """
        with self._transaction():
            version = self._version()
            if version > schema.CURRENT_VERSION:
                raise UnsupportedVersionError(
                    schema.newer_message(self._where, version, self._dialect), path=self._where
                )
            if version < schema.CURRENT_VERSION:
                if self._dialect is schema.Dialect.POSTGRESQL:
                    self._check_may_migrate(version)
                for statement in schema.migration_statements(self._dialect, version, schema.CURRENT_VERSION):
                    self._run(statement)
            if then is not None:
                then()
        return version

    def _check_may_migrate(self, version: int) -> None:
        """Refuse a login that may not create tables in the schema or does not own the existing ones.

        A migration creates tables (CREATE on the schema) and may alter the existing ones (their owner's right;
        ``pg_has_role`` is also true for a superuser). The tables' owner is taken from ``schema_version``'s: one
        login creates them all.
        """
        login, allowed = self._rows(
            "SELECT current_user, coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) AND coalesce("
            "(SELECT pg_has_role(tableowner, 'USAGE') FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename = 'schema_version'), true)"
        )[0]
        if not allowed:
            raise OutdatedSchemaError(schema.outdated_message(self._where, version, str(login)), path=self._where)

    def _version(self) -> int:
        if self._dialect is schema.Dialect.SQLITE:
            exists = self._rows("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'")[
                0
            ][0]
        else:
            exists = self._rows("SELECT to_regclass('schema_version') IS NOT NULL")[0][0]
        if not exists:
            return 0
        row = self._rows("SELECT max(version) FROM schema_version")[0]
        return int(row[0] or 0)

    @property
    def where(self) -> str:
        """How messages name the database: its path, or its URL without the password."""
        return self._where

    def data_version(self) -> int:
        """A number that changes when anyone commits a change to the tournaments, so a window can redraw within a
        poll of a change made by the command line, a table or another referee.

        SQLite: ``PRAGMA data_version`` (changes when another connection commits; free). PostgreSQL: a digest of
        each table's row count and the games' last change (one indexed query; a poll a second from a referee's
        window is nothing to a server).
        """
        if self._dialect is schema.Dialect.SQLITE:
            return int(self._rows("PRAGMA data_version")[0][0])
        row = self._rows(
            "SELECT (SELECT count(*) FROM tournaments), (SELECT count(*) FROM players), "
            "(SELECT count(*) FROM seats), (SELECT count(*) FROM penalties), (SELECT count(*) FROM disqualifications), "
            "(SELECT count(*) FROM penalty_kinds), (SELECT count(*) FROM game_signatures), "
            "(SELECT count(*) FROM byes), "
            "(SELECT count(*) FROM game_events), (SELECT coalesce(sum(head), 0) FROM games), "
            "(SELECT coalesce(max(updated), '') FROM games), "
            "(SELECT coalesce(string_agg(coalesce(dropped_after, -1)::text, ','), '') FROM players)"
        )[0]
        return hash(tuple(row)) & 0x7FFFFFFFFFFFFFFF

    def connect_spare(self) -> object | None:
        """A new connection to the store's server, already answered once, for a store whose connection was lost;
        None on SQLite (a file has nothing to lose).

        Safe from another thread while this thread reads the store: it reads only the connection settings. A window
        retries a lost server this way off its own thread (a connect over a dead path waits up to its timeout), then
        hands the result over with :meth:`use_spare` on the store's thread.

        Raises:
            SaveFileError: the server cannot be reached or did not answer (naming the server).
        """
        spare = getattr(self._connection, "connect_spare", None)
        if spare is None:
            return None
        try:
            made: object = spare()
        except self._errors as error:
            raise SaveFileError(f"{self._where}: {error}", path=self._where) from None
        return made

    def use_spare(self, spare: object) -> bool:
        """Read on ``spare`` (from :meth:`connect_spare`) instead of a lost connection; True if it was taken.

        Not taken (and closed) when the store's connection still stands, a transaction is open on it, or the store
        was closed: the next read then goes as it would have.
        """
        use = getattr(self._connection, "use_spare", None)
        if use is None:
            return False
        return bool(use(spare))

    def close(self) -> None:
        """Close the connection."""
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # -- plumbing --------------------------------------------------------------------------------------------------

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self._dialect is schema.Dialect.POSTGRESQL else sql

    def _run(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        try:
            return self._connection.execute(self._sql(sql), tuple(parameters))
        except self._errors as error:
            raise SaveFileError(f"{self._where}: {error}", path=self._where) from None

    def _rows_now(self, cursor: Any) -> list[tuple[Any, ...]]:
        try:
            return list(cursor.fetchall())
        except self._errors as error:
            raise SaveFileError(f"{self._where}: {error}", path=self._where) from None

    def _rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._rows_now(self._run(sql, parameters))

    def _lock_tournament(self, tid: int) -> None:
        """Hold the tournament's write lock until the transaction ends (PostgreSQL; see TOURNAMENT_WRITE_LOCK)."""
        if self._dialect is schema.Dialect.POSTGRESQL:
            self._rows("SELECT pg_advisory_xact_lock(?, ?)", (TOURNAMENT_WRITE_LOCK, tid))

    @contextmanager
    def writing(self, tournament: str | None = None) -> Iterator[None]:
        """Hold the tournament's write lock across several steps (a read, the model's check, a write through another
        connection such as the sync server's referee write), so that no other writer of the tournament slips in
        between (issue 27 item 4). PostgreSQL: the same advisory lock as every write's (TOURNAMENT_WRITE_LOCK), held
        by this connection until the block ends (the store's own writes inside it take it again: a connection may).
        SQLite: nothing more (one writer of a file at a time; its writes check inside their own transaction).

        Raises:
            TournamentError: no such tournament.
            SaveFileError: the server cannot be reached.
        """
        if self._dialect is not schema.Dialect.POSTGRESQL:
            yield
            return
        tid = self._tournament_id(tournament)
        self._rows("SELECT pg_advisory_lock(?, ?)", (TOURNAMENT_WRITE_LOCK, tid))
        try:
            yield
        finally:
            # A lost connection took the lock with it.
            with contextlib.suppress(ScorekeeperError):
                self._rows("SELECT pg_advisory_unlock(?, ?)", (TOURNAMENT_WRITE_LOCK, tid))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._run("BEGIN IMMEDIATE" if self._dialect is schema.Dialect.SQLITE else "BEGIN")
        try:
            yield
        except BaseException:
            with contextlib.suppress(*self._errors):  # a lost connection has rolled back already
                self._connection.execute("ROLLBACK")
            raise
        self._run("COMMIT")

    def _json(self, text: object, what: str) -> Any:
        if not isinstance(text, str):
            raise SaveFileError(f"{self._where}: {what} is not text", path=self._where)
        try:
            return load_json(text, max_chars=_MAX_JSON)
        except JsonTextError as error:
            raise SaveFileError(f"{self._where}: {what}: {error}", path=self._where) from None

    def _tournament_id(self, name: str | None) -> int:
        rows = self._rows("SELECT id, name FROM tournaments ORDER BY id")
        if name is None:
            if len(rows) == 1:
                return int(rows[0][0])
            if not rows:
                raise TournamentError(f"{self._where} holds no tournament: create one first")
            names = ", ".join(repr(r[1]) for r in rows)
            raise TournamentError(f"{self._where} holds several tournaments ({names}): name one")
        for tid, stored in rows:
            if stored.casefold() == name.casefold():
                return int(tid)
        raise TournamentError(f"{self._where} has no tournament called {name!r:.100}")

    # -- reading ---------------------------------------------------------------------------------------------------

    def tournament_names(self) -> tuple[str, ...]:
        """The tournaments stored, oldest first."""
        return tuple(str(r[0]) for r in self._rows("SELECT name FROM tournaments ORDER BY id"))

    def load(self, name: str | None = None) -> Tournament:
        """The tournament called ``name`` (None: the only one in the store).

        Raises:
            TournamentError: when there is no such tournament (or several and no name).
            SaveFileError: for rows that cannot be read back.
        """
        return self._load(self._tournament_id(name))

    def _load(self, tid: int) -> Tournament:
        (settings_text,) = self._rows("SELECT settings FROM tournaments WHERE id = ?", (tid,))[0]
        settings = settings_from_json(self._json(settings_text, "tournament settings"))
        players = []
        fixed = []
        for name, ema_id, country, club, team, substitute, dropped, fixed_table, disqualified in self._rows(
            "SELECT p.name, p.ema_id, p.country, p.club, p.team, p.substitute, p.dropped_after, p.fixed_table, "
            "d.reason FROM players p LEFT JOIN disqualifications d "
            "ON d.tournament_id = p.tournament_id AND d.player = p.name "
            "WHERE p.tournament_id = ? ORDER BY p.position",
            (tid,),
        ):
            players.append(
                Player(
                    name=name,
                    ema_id=ema_id,
                    country=country,
                    club=club,
                    team=team,
                    substitute=bool(substitute),
                    dropped_after=None if dropped is None else int(dropped),
                    disqualified=None if disqualified is None else str(disqualified),
                )
            )
            if fixed_table is not None:
                fixed.append((str(name), int(fixed_table)))
        seats: dict[int, dict[int, list[str]]] = {}
        for session, table, _seat, player in self._rows(
            "SELECT session, table_no, seat, player FROM seats WHERE tournament_id = ? "
            "ORDER BY session, table_no, seat",
            (tid,),
        ):
            seats.setdefault(int(session), {}).setdefault(int(table), []).append(player)
        byes: dict[int, list[str]] = {}
        for session, player in self._rows(
            "SELECT session, player FROM byes WHERE tournament_id = ? ORDER BY session, position", (tid,)
        ):
            byes.setdefault(int(session), []).append(str(player))
        seatings = tuple(
            Seating(
                session=session,
                tables=tuple(TableSeating(t, (n[0], n[1], n[2], n[3])) for t, n in tables.items()),
                byes=tuple(byes.get(session, ())),
            )
            for session, tables in seats.items()
        )
        bodies: dict[str, list[object]] = {}
        for game_id, body in self._rows(  # every game's events in one query (not one per game: a server round trip)
            "SELECT e.game_id, e.body FROM game_events e JOIN games g ON g.game_id = e.game_id "
            "WHERE g.tournament_id = ? AND e.seq < g.head ORDER BY e.game_id, e.seq",
            (tid,),
        ):
            bodies.setdefault(str(game_id), []).append(body)
        games: list[TableGame] = []
        unreplayable: list[UnreplayableGame] = []
        for game_id, session, table, players_json in self._rows(
            "SELECT game_id, session, table_no, players FROM games WHERE tournament_id = ? ORDER BY session, table_no",
            (tid,),
        ):
            # One game this program cannot replay (a newer program's event, a damaged row, an event the rules
            # refuse) is held apart with its reason; the rest load and rank (issue 23 item 1: before, loading failed
            # and locked the referee out of the whole tournament).
            texts = bodies.get(str(game_id), [])
            try:
                game = self._game(game_id, int(session), int(table), players_json, texts)
                game.state(settings)
            except ScorekeeperError as error:
                unreplayable.append(
                    self._held_apart(str(game_id), int(session), int(table), texts, settings=settings, error=error)
                )
                continue
            games.append(game)
        penalties = tuple(
            TournamentPenalty(
                player=player, points=int(points), reason=reason, session=session, kind=kind or PenaltyKind.FREE
            )
            for player, points, reason, session, kind in self._rows(
                "SELECT p.player, p.points, p.reason, p.session, k.kind FROM penalties p LEFT JOIN penalty_kinds k "
                "ON k.tournament_id = p.tournament_id AND k.id = p.id WHERE p.tournament_id = ? ORDER BY p.id",
                (tid,),
            )
        )
        return Tournament(
            settings=settings,
            players=tuple(players),
            seatings=seatings,
            games=tuple(games),
            penalties=penalties,
            fixed=tuple(fixed),
            unreplayable=tuple(unreplayable),
            signed=tuple(
                str(game_id)
                for (game_id,) in self._rows(
                    "SELECT s.game_id FROM game_signatures s JOIN games g ON g.game_id = s.game_id "
                    "WHERE g.tournament_id = ? ORDER BY s.created, s.game_id",
                    (tid,),
                )
            ),
        )

    def _held_apart(
        self,
        game_id: str,
        session: int,
        table: int,
        texts: Sequence[object],
        *,
        settings: TournamentSettings,
        error: ScorekeeperError,
    ) -> UnreplayableGame:
        """A game that cannot be replayed, with how many of its first events can (those the referee keeps when
        cutting it back)."""
        players_text, head = self._rows("SELECT players, head FROM games WHERE game_id = ?", (game_id,))[0]
        try:
            names = self._json(players_text, f"game {game_id} players")
            state = initial_state(settings.ruleset, tuple(names))
        except (ScorekeeperError, TypeError, ValueError):
            replayable = 0
        else:
            replayable = 0
            for text in texts:
                try:
                    state = apply_events(state, (event_from_json(self._json(text, f"game {game_id} event")),))
                except (ScorekeeperError, TypeError, ValueError):
                    break
                replayable += 1
        reason = str(error).replace(f"{self._where}: ", "")  # the referee knows which store they opened
        return UnreplayableGame(
            game_id=game_id, session=session, table=table, reason=reason, replayable=replayable, head=int(head)
        )

    def _game(self, game_id: str, session: int, table: int, players_json: str, bodies: Sequence[object]) -> TableGame:
        """A stored game from its row and its event texts (those below its head, in order)."""
        source = (session, table, players_json, *bodies)
        known_game = self._games_read.get(game_id)
        if known_game is not None and known_game[0] == source:
            return known_game[1]
        names = self._json(players_json, f"game {game_id} players")
        if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
            raise SaveFileError(f"{self._where}: game {game_id}: players must be four names", path=self._where)
        events = []
        for body in bodies:
            known = self._events_read.get(body) if isinstance(body, str) else None
            if known is not None:
                events.append(known)
                continue
            try:
                event = event_from_json(self._json(body, f"game {game_id} event"))
            except ScorekeeperError as error:
                raise SaveFileError(f"{self._where}: game {game_id}: {error}", path=self._where) from None
            if len(self._events_read) >= _EVENTS_REMEMBERED:
                self._events_read.clear()
            assert isinstance(body, str)  # _json refused anything else
            self._events_read[body] = event
            events.append(event)
        game = TableGame(
            game_id=game_id,
            session=session,
            table=table,
            players=(names[0], names[1], names[2], names[3]),
            events=tuple(events),
        )
        if len(self._games_read) >= _GAMES_REMEMBERED:
            self._games_read.clear()
        self._games_read[game_id] = (source, game)
        return game

    # -- writing ---------------------------------------------------------------------------------------------------

    def create(
        self, settings: TournamentSettings, players: Sequence[Player], *, fixed: Sequence[tuple[str, int]] = ()
    ) -> Tournament:
        """Store a new tournament.

        Raises:
            TournamentError: for a name already in the store or a bad player list.
        """
        tournament = Tournament(settings=settings, players=tuple(players), fixed=tuple(fixed))
        with self._transaction():
            self._lock_tournament(0)
            if any(n.casefold() == settings.name.casefold() for n in self.tournament_names()):
                raise TournamentError(f"{self._where} already has a tournament called {settings.name!r}")
            (tid,) = self._rows("SELECT coalesce(max(id), 0) + 1 FROM tournaments")[0]
            self._run(
                "INSERT INTO tournaments (id, name, settings, created) VALUES (?, ?, ?, ?)",
                (tid, settings.name, dump_json(settings.to_json()), _now()),
            )
            fixed_tables = dict(fixed)
            for position, player in enumerate(tournament.players):
                self._insert_player(int(tid), position, player, fixed_tables.get(player.name))
        return tournament

    def _insert_player(self, tid: int, position: int, player: Player, fixed_table: int | None) -> None:
        self._run(
            "INSERT INTO players (tournament_id, name, position, ema_id, country, club, team, substitute, "
            "dropped_after, fixed_table) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                tid,
                player.name,
                position,
                player.ema_id,
                player.country,
                player.club,
                player.team,
                int(player.substitute),
                player.dropped_after,
                fixed_table,
            ),
        )

    def save_seating(self, seating: Seating, *, tournament: str | None = None) -> Tournament:
        """Store ``seating`` for its session, replacing the session's seating if no game was recorded in it.

        Raises:
            TournamentError: when the model refuses the seating.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            after = self._load(tid).with_seating(seating)
            self._run("DELETE FROM seats WHERE tournament_id = ? AND session = ?", (tid, seating.session))
            self._run("DELETE FROM byes WHERE tournament_id = ? AND session = ?", (tid, seating.session))
            for position, name in enumerate(seating.byes):
                self._run(
                    "INSERT INTO byes (tournament_id, session, position, player) VALUES (?, ?, ?, ?)",
                    (tid, seating.session, position, after.player(name).name),
                )
            for table in seating.tables:
                for seat, name in enumerate(table.seats):
                    self._run(
                        "INSERT INTO seats (tournament_id, session, table_no, seat, player) VALUES (?, ?, ?, ?, ?)",
                        (tid, seating.session, table.table, seat, after.player(name).name),
                    )
        return after

    def add_game(self, game: TableGame, *, tournament: str | None = None) -> bool:
        """Record a table's game; True if it was added, False if the same game was already there.

        Raises:
            TournamentError: when the players do not match the seating, the log cannot be played, or the table has a
                different game already.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            before = self._load(tid)
            after = before.with_game(game)
            if after is before:
                return False
            state = game.state(before.settings)
            self._run(
                "INSERT INTO games (game_id, tournament_id, session, table_no, players, head, finished, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game_id,
                    tid,
                    game.session,
                    game.table,
                    dump_json(list(game.players)),
                    len(game.events),
                    int(state.ended),
                    _now(),
                ),
            )
            for seq, event in enumerate(game.events):
                self._run(
                    "INSERT INTO game_events (game_id, seq, body) VALUES (?, ?, ?)",
                    (game.game_id, seq, dump_json(event_to_json(event))),
                )
        return True

    def add_penalty(self, penalty: TournamentPenalty, *, tournament: str | None = None) -> Tournament:
        """Add a referee's penalty.

        Raises:
            TournamentError: for an unknown player or session.
        """
        return self.add_penalties([penalty], tournament=tournament)

    def add_penalties(self, penalties: Sequence[TournamentPenalty], *, tournament: str | None = None) -> Tournament:
        """Add several referee's penalties in one transaction (an unfixable score sheet's, one for each player at the
        table: EMA 2025 7.5); all or none.

        Raises:
            TournamentError: for an unknown player or session (nothing is written).
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            after = self._load(tid)
            for penalty in penalties:
                after = after.with_penalty(penalty)
                stored = after.penalties[-1]
                (pid,) = self._rows("SELECT coalesce(max(id), 0) + 1 FROM penalties WHERE tournament_id = ?", (tid,))[0]
                self._run(
                    "INSERT INTO penalties (tournament_id, id, player, session, points, reason, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (tid, pid, stored.player, stored.session, stored.points, stored.reason, _now()),
                )
                if stored.kind is not PenaltyKind.FREE:
                    self._run(
                        "INSERT INTO penalty_kinds (tournament_id, id, kind) VALUES (?, ?, ?)",
                        (tid, pid, stored.kind.value),
                    )
        return after

    def add_player(self, player: Player, *, tournament: str | None = None) -> Tournament:
        """Register a late player or a substitute.

        Raises:
            TournamentError: for a name already taken.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            after = self._load(tid).with_player(player)
            self._insert_player(tid, len(after.players) - 1, player, None)
        return after

    def drop_player(self, name: str, after_session: int, *, tournament: str | None = None) -> Tournament:
        """Record that ``name`` drops out after ``after_session``.

        Raises:
            TournamentError: for an unknown player or session.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            after = self._load(tid).with_dropout(name, after_session)
            self._run(
                "UPDATE players SET dropped_after = ? WHERE tournament_id = ? AND name = ?",
                (after_session, tid, after.player(name).name),
            )
        return after

    def disqualify(self, name: str, after_session: int, reason: str, *, tournament: str | None = None) -> Tournament:
        """Record that the referee disqualified ``name``, out after ``after_session`` (``with_disqualification``).

        Raises:
            TournamentError: as :meth:`Tournament.with_disqualification`.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            after = self._load(tid).with_disqualification(name, after_session, reason)
            stored = after.player(name).name
            self._run(
                "UPDATE players SET dropped_after = ? WHERE tournament_id = ? AND name = ?",
                (after_session, tid, stored),
            )
            self._run(
                "INSERT INTO disqualifications (tournament_id, player, reason, created) VALUES (?, ?, ?, ?)",
                (tid, stored, reason, _now()),
            )
        return after

    def sign(self, session: int, table: int, *, signed: bool = True, tournament: str | None = None) -> Tournament:
        """Record (session, table)'s score sheet as signed by its players, or take that back (EMA 2025 7.5).

        Raises:
            TournamentError: as :meth:`Tournament.with_signature`.
        """
        with self._transaction():
            tid = self._tournament_id(tournament)
            self._lock_tournament(tid)
            before = self._load(tid)
            after = before.with_signature(session, table, signed=signed)
            game = after.game(session, table)
            assert game is not None  # with_signature refuses a table with no game
            self._run("DELETE FROM game_signatures WHERE game_id = ?", (game.game_id,))
            if signed:
                self._run("INSERT INTO game_signatures (game_id, created) VALUES (?, ?)", (game.game_id, _now()))
        return after

    def append_events(
        self, game_id: str, start: int, events: Sequence[Event], *, expected: Sequence[Event] | None = None
    ) -> int:
        """Put ``events`` at sequence numbers ``start``, ``start + 1``... of a stored game and move its head past
        them; return the new head. Idempotent: an event already stored at its number with the same body changes
        nothing.

        ``expected``: the game's events in effect the write was built on (the referee's actions name it): when the
        stored log is not exactly that, nothing is written (STYLE 5: a stale write is refused, never applied).

        Raises:
            TournamentError: for an unknown game, a gap before ``start``, a different event already at a number, or
                a log the table's game cannot play.
            SyncConflictError: the stored log is not ``expected`` (code ``REFEREE_GAME_MOVED``).
        """
        with self._transaction():
            rows = self._rows("SELECT tournament_id FROM games WHERE game_id = ?", (game_id,))
            if not rows:
                raise TournamentError(f"no game {game_id!r:.100} in {self._where}")
            self._lock_tournament(int(rows[0][0]))
            rows = self._rows("SELECT tournament_id, head, session, table_no FROM games WHERE game_id = ?", (game_id,))
            tid, head = int(rows[0][0]), int(rows[0][1])
            if expected is not None and (
                head != len(expected) or self._events_between(game_id, 0, head) != list(expected)
            ):
                raise stale_game_error(int(rows[0][2]), int(rows[0][3]))
            if start > head:
                raise TournamentError(f"game {game_id}: events from {start} would leave a gap after {head}")
            for offset, event in enumerate(events):
                body = dump_json(event_to_json(event))
                seq = start + offset
                stored = self._rows("SELECT body FROM game_events WHERE game_id = ? AND seq = ?", (game_id, seq))
                if stored and json.loads(stored[0][0]) != json.loads(body):
                    raise TournamentError(f"game {game_id}: event {seq} is already stored and differs")
                if not stored:
                    self._run("INSERT INTO game_events (game_id, seq, body) VALUES (?, ?, ?)", (game_id, seq, body))
            new_head = max(head, start + len(events))
            tournament = self._load(tid)
            game = next(g for g in tournament.games if g.game_id == game_id)
            events_now = (*game.events, *self._events_between(game_id, head, new_head))
            state = TableGame(
                game_id=game_id, session=game.session, table=game.table, players=game.players, events=events_now
            ).state(tournament.settings)
            self._run(
                "UPDATE games SET head = ?, finished = ?, updated = ? WHERE game_id = ?",
                (new_head, int(state.ended), _now(), game_id),
            )
        return new_head

    def rewrite_game(self, game_id: str, keep: int, events: Sequence[Event], *, expected_head: int) -> None:
        """Keep a stored game's first ``keep`` events, put ``events`` after them, and drop the rest: how the referee
        cuts back or replaces a game this program cannot replay (``scorekeeper.sync.referee``).

        Built on the game's head as the referee read it (``expected_head``): a game that moved since is not written.
        The log written must replay and its players be the seating's.

        Raises:
            TournamentError: an unknown game, or a log the model refuses.
            SyncConflictError: the game's head is no longer ``expected_head`` (code ``REFEREE_GAME_MOVED``).
        """
        with self._transaction():
            rows = self._rows(
                "SELECT tournament_id, head, session, table_no, players FROM games WHERE game_id = ?", (game_id,)
            )
            if not rows:
                raise TournamentError(f"no game {game_id!r:.100} in {self._where}")
            tid, head, session, table, players_text = rows[0]
            if int(head) != expected_head:
                raise stale_game_error(int(session), int(table))
            names = self._json(players_text, f"game {game_id} players")
            kept = self._events_between(game_id, 0, keep)
            game = TableGame(
                game_id=game_id, session=int(session), table=int(table), players=tuple(names), events=(*kept, *events)
            )
            tournament = self._load(int(tid))
            tournament.check_game(game)
            self._run("DELETE FROM game_events WHERE game_id = ? AND seq >= ?", (game_id, keep))
            for offset, event in enumerate(events):
                self._run(
                    "INSERT INTO game_events (game_id, seq, body) VALUES (?, ?, ?)",
                    (game_id, keep + offset, dump_json(event_to_json(event))),
                )
            self._run(
                "UPDATE games SET head = ?, finished = ?, updated = ? WHERE game_id = ?",
                (keep + len(events), int(game.state(tournament.settings).ended), _now(), game_id),
            )

    def _events_between(self, game_id: str, start: int, stop: int) -> list[Event]:
        return [
            event_from_json(self._json(body, f"game {game_id} event"))
            for (body,) in self._rows(
                "SELECT body FROM game_events WHERE game_id = ? AND seq >= ? AND seq < ? ORDER BY seq",
                (game_id, start, stop),
            )
        ]

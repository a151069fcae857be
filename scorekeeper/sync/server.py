"""The tournament server as a table, the referee or the admin's tools see it: a connection to one tournament.

The tables are the tournament store's (``scorekeeper/storage/tournament_schema.py``; version 2 adds the sync
tables), so the referee's window and the command line (``--db postgresql://...``) read the very games the tables
push. The server's jobs live in modules of their own: :mod:`~scorekeeper.sync.setup` (the roles, row-level security,
the change triggers, the logins, upgrades: the admin's), :mod:`~scorekeeper.sync.push` (a table's changes taken,
and the stale-write check of its units), :mod:`~scorekeeper.sync.applied` (what follows every applied write: the
replay for the glance and the announcement), :mod:`~scorekeeper.sync.connection` (reaching the server) and
:mod:`~scorekeeper.sync.channels` (who hears of what). This module is the connection the others are used through.

**Stale writes.** A table's unit applies only on the position its table last wrote (:mod:`scorekeeper.sync.push`).
A referee's write names the version it was built on and is refused the same way if a table pushed in between
(:class:`~scorekeeper.errors.SyncConflictError`). One check, both directions: a table and a referee correcting the
same game at once cannot both win.

**Live.** Each applied write replays the game (its hand and scores at a glance in ``game_sync``, whether it ended)
and sends a notification in the same transaction, so a listener (:mod:`scorekeeper.sync.live`, or a table:
:meth:`TournamentServer.listen`) hears of it when it commits; triggers announce the referee's writes to players,
seats, penalties and settings the same way. The standings are the model's
(:func:`scorekeeper.tournament.compute_standings` of the tournament store's ``load()``); the server keeps no sum of
its own (``game_scores``, in the version-2 layout, is no longer written: see docs/tournament.md).

**Liveness.** Every exchange with the server has ``tournament_pg.ANSWER_TIMEOUT`` seconds to be answered, and a
listening table asks for a sign of life after :data:`PING_AFTER` seconds without a word
(:meth:`TournamentServer.keep_alive`), so a path that went silent is given up even when the kernel's keepalives are
answered by a hop on the way.

Passwords: URLs given to this module may hold one; every message leaves it out.
"""

from __future__ import annotations

import datetime
import enum
import json
import select
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from scorekeeper.errors import ErrorCode, SyncConflictError, TournamentServerError
from scorekeeper.session.events import Event, event_from_json, event_to_json
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage import tournament_pg, tournament_schema
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.storage.tournament_store import TOURNAMENT_WRITE_LOCK
from scorekeeper.sync import push as push_module
from scorekeeper.sync.applied import SERVER_TIME, after_write
from scorekeeper.sync.channels import CHANNEL, table_channel, tournament_channel
from scorekeeper.sync.connection import describe_url, no_answer, open_connection, reason, tournament_id
from scorekeeper.sync.push import PushResult, Writer
from scorekeeper.tournament import TournamentSettings, settings_from_json

__all__ = [
    "PING_AFTER",
    "QUIET_AFTER",
    "LinkState",
    "ServerGame",
    "TableLink",
    "TournamentServer",
]

#: Seconds without a word from the server after which a listening table asks it for a sign of life
#: (:meth:`TournamentServer.keep_alive`): an empty query, one round trip and no transaction. With the app's 3 s
#: push cycle and ``tournament_pg.ANSWER_TIMEOUT``, an idle table whose server went silent says so within
#: 10 + 3 + 15 = 28 s.
PING_AFTER = 10.0


def _reader_now() -> datetime.datetime:
    """This machine's clock (UTC): when a reader took the server's record (see :class:`TableLink`)."""
    return datetime.datetime.now(datetime.UTC)


def _parse_time(text: object) -> datetime.datetime | None:
    """A stored ``updated`` time as an aware UTC datetime (None when missing or unreadable)."""
    try:
        when = datetime.datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.UTC)


@dataclass(frozen=True, slots=True, kw_only=True)
class ServerGame:
    """A game as the server holds it."""

    id: str
    session: int
    table_no: int
    players: tuple[str, str, str, str]
    ruleset: Any
    bodies: tuple[str, ...]
    head: int
    finished: bool
    version: int
    applied_op: int

    def session_object(self) -> Session:
        """The game as a session (events in effect, and the redo list).

        Raises:
            ScorekeeperError: the stored log is not a game this program accepts.
        """
        events = [event_from_json(json.loads(body)) for body in self.bodies]
        return Session(Ruleset.from_json(self.ruleset), self.players, events[: self.head], redo=events[self.head :])


#: A running game whose table has written nothing for this long is shown as "no news": its laptop may be offline
#: (or the hand is long). A 90-minute session of about 12 hands is some 8 minutes a hand; 15 is almost two hands.
QUIET_AFTER = datetime.timedelta(minutes=15)


class LinkState(enum.StrEnum):
    """How a table's game stands with the server, for the referee's tables at a glance."""

    SYNCED = "synced"  # the table's writes arrive (last one within QUIET_AFTER, or its game is over)
    QUIET = "quiet"  # a running game with no write for QUIET_AFTER: the table may be offline
    WAITING = "waiting"  # the server holds changes it cannot apply (a gap, or a table write the referee overtook)
    NOT_JOINED = "not_joined"  # no table laptop has opened the game (no game yet, or one recorded from a file)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLink:
    """The server's record of one table's game in a session: its last write and what it holds back.

    Attributes:
        table_no: the table.
        joined: a table laptop opened the game (it has a sync row).
        last_write: when the game's last write was applied (UTC), or None.
        finished: the game is over.
        held: changes pushed but not applied (waiting for missing numbers, or refused until the table reloads).
        server_now: the server's clock when the record was read (UTC), or None (then ``now`` is taken as the
            server's).
        read_at: the reader's clock at the same moment (UTC), or None.

    ``last_write`` is by the server's clock (before, by the clock of the laptop that pushed: a laptop 20 minutes
    behind showed "offline?" as soon as it wrote). :meth:`state` compares it with the server's clock, moved on by
    the time the reader's clock says has passed since the read, so neither a laptop's nor the referee's own skewed
    clock shows the wrong state.
    """

    table_no: int
    joined: bool
    last_write: datetime.datetime | None
    finished: bool
    held: int
    server_now: datetime.datetime | None = None
    read_at: datetime.datetime | None = None

    def state(self, now: datetime.datetime) -> LinkState:
        """The table's state at ``now`` (UTC, by the reader's clock)."""
        if not self.joined:
            return LinkState.NOT_JOINED
        if self.held:
            return LinkState.WAITING
        if self.server_now is not None and self.read_at is not None:
            now = self.server_now + (now - self.read_at)
        if self.finished or (self.last_write is not None and now - self.last_write <= QUIET_AFTER):
            return LinkState.SYNCED
        return LinkState.QUIET


class TournamentServer:
    """A connection to one tournament on its server, as a table, the referee or the admin.

    Use as a context manager or call :meth:`close`. Every method is one transaction.
    """

    def __init__(self, connection: psycopg.Connection[Any], where: str, tournament: str | None) -> None:
        """Wrap an open connection; use :meth:`connect`."""
        self._connection = connection
        self._where = where
        self._name = tournament
        self._tid: int | None = None
        self._settings: TournamentSettings | None = None
        # Games announced since the last heard(): None for a write not by a table (the referee's), else the highest
        # change number a table's push announced (heard() leaves out this connection's own pushes by it).
        self._heard: dict[str, int | None] = {}
        self._pushed: dict[str, int] = {}  # per game, the last applied number this connection's pushes were told
        self._last_word = time.monotonic()  # when the server last answered or announced something
        self._gave_up = False  # an exchange outlived ANSWER_TIMEOUT and its connection was shut (see _answered)

    @classmethod
    def connect(cls, url: str, *, tournament: str | None = None, probe: bool = False) -> TournamentServer:
        """Connect to the tournament at ``url`` (``postgresql://user:password@host:port/database``).

        ``tournament`` names it when the database holds several (a table's login knows its own). ``probe``: after a
        connection refused or closed before any login, connect to the port once more to tell which (the error's
        code; for a person's join, not for background reconnects).

        Raises:
            TournamentServerError: unreachable, the login is refused (the message has no password), or the server's
                tables are of another version than this program's (the message says who does what about it).
        """
        server = cls(open_connection(url, probe=probe), describe_url(url), tournament)
        try:
            server._check_schema()
        except TournamentServerError:
            server.close()
            raise
        return server

    def _check_schema(self) -> None:
        """Refuse a server whose tables are older or newer than this program's.

        A table's or the referee's login may not create or alter tables, so the queries of an out-of-date layout
        would fail one by one with the database's own words; say at once who does what instead: the admin runs
        ``server setup`` (older tables), or this laptop needs the newer program (newer tables).
        """
        connection = self._connection
        try:
            with self._answered(), connection.transaction():
                row = connection.execute("SELECT max(version), current_user FROM schema_version").fetchone()
        except psycopg.errors.UndefinedTable:
            row = (0, connection.info.user)
        except psycopg.Error as error:
            self._raise_lost(error)
            what = f"{self._where} refused to read the tables' version"
            raise TournamentServerError(f"{what}: {reason(error)}") from None
        assert row is not None
        version = int(row[0] or 0)
        if version > tournament_schema.CURRENT_VERSION:
            raise TournamentServerError(
                tournament_schema.newer_message(self._where, version, tournament_schema.Dialect.POSTGRESQL)
            )
        if version < tournament_schema.CURRENT_VERSION:
            raise TournamentServerError(tournament_schema.outdated_message(self._where, version, str(row[1])))

    @property
    def where(self) -> str:
        """``user@host:port/database``, for messages."""
        return self._where

    def close(self) -> None:
        """Close the connection."""
        self._connection.close()

    def __enter__(self) -> TournamentServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def fileno(self) -> int:
        """The connection's socket (to wait on with ``select``, or to read its settings)."""
        return self._connection.fileno()

    @contextmanager
    def _transaction(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._answered(), self._connection.transaction():
                yield self._connection
        except psycopg.Error as error:
            self._raise_lost(error)
            raise TournamentServerError(f"{self._where} refused to {what}: {reason(error)}") from None

    def _raise_lost(self, error: psycopg.Error) -> None:
        """Raise the right words for a connection that broke (given up, or ended); return if it did not.

        Raises:
            TournamentServerError: the connection is gone.
        """
        if self._gave_up:
            raise no_answer(self._where) from None
        if self._connection.broken:
            raise TournamentServerError(f"lost the tournament server {self._where}: {reason(error)}") from None

    @contextmanager
    def _answered(self) -> Iterator[None]:
        """Give the exchange inside ``tournament_pg.ANSWER_TIMEOUT`` seconds; past that, shut the connection's socket.

        A watchdog rather than a socket timeout: psycopg waits on the socket itself, and no libpq setting bounds a
        wait for an answer whose bytes the network accepted. Shut down, the socket reads as closed, the waiting
        call fails at once and the connection is broken (the caller reconnects next time).
        """
        fileno = self._connection.fileno()

        def give_up() -> None:  # on the watchdog's thread, under its lock: disarm() waits for it
            self._gave_up = True
            tournament_pg.shut_socket(fileno)

        token = tournament_pg.WATCHDOG.arm(tournament_pg.ANSWER_TIMEOUT, give_up)
        try:
            yield
        finally:
            tournament_pg.WATCHDOG.disarm(token)
        self._last_word = time.monotonic()

    def keep_alive(self) -> None:
        """Ask the server for a sign of life when nothing has come from it for :data:`PING_AFTER` seconds.

        An empty query: one round trip, no transaction, within ``tournament_pg.ANSWER_TIMEOUT``. A listening table
        calls it every push cycle, so that a connection whose path stopped forwarding (which the kernel's keepalives
        do not find: the nearest hop answers them) is given up and the table says it is offline.

        Raises:
            TournamentServerError: no answer in time, or the connection is lost.
        """
        if time.monotonic() - self._last_word < PING_AFTER:
            return
        deadline = time.monotonic() + tournament_pg.ANSWER_TIMEOUT
        try:
            # libpq directly, as heard() reads: psycopg's execute would open a transaction on this connection.
            with self._connection.lock:
                pgconn = self._connection.pgconn
                pgconn.send_query(b"")
                while pgconn.flush():
                    self._wait_for(pgconn.socket, deadline, write=True)
                while True:
                    pgconn.consume_input()
                    while (notify := pgconn.notifies()) is not None:
                        self._note(notify.extra.decode("utf-8", "replace"))
                    if not pgconn.is_busy():
                        break
                    self._wait_for(pgconn.socket, deadline, write=False)
                while (result := pgconn.get_result()) is not None:
                    if result.status == psycopg.pq.ExecStatus.FATAL_ERROR:
                        message = (result.error_message or b"").decode("utf-8", "replace").strip()
                        raise TournamentServerError(f"lost the tournament server {self._where}: {message}")
        except psycopg.Error as error:
            raise TournamentServerError(f"lost the tournament server {self._where}: {reason(error)}") from None
        self._last_word = time.monotonic()

    def _wait_for(self, fileno: int, deadline: float, *, write: bool) -> None:
        """Wait until the socket is ready, or give the connection up at ``deadline``.

        Raises:
            TournamentServerError: the deadline passed (the socket is shut: the connection is broken).
        """
        left = max(deadline - time.monotonic(), 0.0)
        readable, writable, _ = select.select([] if write else [fileno], [fileno] if write else [], [], left)
        if readable or writable:
            return
        self._gave_up = True
        tournament_pg.shut_socket(fileno)
        raise no_answer(self._where)

    def _tournament(self, connection: psycopg.Connection[Any]) -> int:
        """The tournament's id: the table login's own, else the one named (or the only one)."""
        if self._tid is None:
            row = connection.execute("SELECT tournament_id FROM table_logins WHERE role = current_user").fetchone()
            self._tid = int(row[0]) if row is not None else tournament_id(connection, self._name)
        return self._tid

    def settings(self) -> TournamentSettings:
        """The tournament's settings (its ruleset among them)."""
        if self._settings is None:
            with self._transaction("read the tournament") as connection:
                tid = self._tournament(connection)
                row = connection.execute("SELECT settings FROM tournaments WHERE id = %s", (tid,)).fetchone()
            assert row is not None
            self._settings = settings_from_json(json.loads(row[0]))
        return self._settings

    def my_table(self) -> int | None:
        """The table this login belongs to, or None for the referee."""
        with self._transaction("read the login") as connection:
            row = connection.execute("SELECT table_no FROM table_logins WHERE role = current_user").fetchone()
        return None if row is None else int(row[0])

    # -- games -------------------------------------------------------------------------------------------------

    def open_game(self, session: int, table_no: int) -> ServerGame:
        """The game at ``table_no`` in ``session``, created from the seating if there is none yet.

        Raises:
            TournamentServerError: the table is not seated in that session, or this login may not open it.
        """
        with self._transaction("open the game") as connection:
            tid = self._tournament(connection)
            # One writer at a time per tournament, as the store's (a re-seating must not slip in between this read
            # of the seats and the game made from them: issue 27 item 4).
            connection.execute("SELECT pg_advisory_xact_lock(%s, %s)", (TOURNAMENT_WRITE_LOCK, tid))
            players = [
                r[0]
                for r in connection.execute(
                    "SELECT player FROM seats WHERE tournament_id = %s AND session = %s AND table_no = %s"
                    " ORDER BY seat",
                    (tid, session, table_no),
                ).fetchall()
            ]
            row = connection.execute(
                "SELECT game_id FROM games WHERE tournament_id = %s AND session = %s AND table_no = %s",
                (tid, session, table_no),
            ).fetchone()
            if row is None:
                if len(players) != 4:
                    raise TournamentServerError(
                        f"table {table_no} is not seated in session {session} yet",
                        code=ErrorCode.SERVER_TABLE_NOT_SEATED,
                        fields={"table": table_no, "session": session},
                    )
                game_id = f"s{session}-t{table_no}-{uuid.uuid4().hex[:12]}"
                connection.execute(
                    "INSERT INTO games (game_id, tournament_id, session, table_no, players, head, finished, updated)"
                    f" VALUES (%s, %s, %s, %s, %s, 0, 0, {SERVER_TIME})",
                    (game_id, tid, session, table_no, json.dumps(players)),
                )
            else:
                game_id = row[0]
            connection.execute(
                "INSERT INTO game_sync (game_id) VALUES (%s) ON CONFLICT (game_id) DO NOTHING", (game_id,)
            )
        return self.game(game_id)

    def game(self, game_id: str) -> ServerGame:
        """One game as the server holds it.

        Raises:
            TournamentServerError: no such game (or not one this login may see).
        """
        with self._transaction("read the game") as connection:
            row = connection.execute(
                "SELECT g.session, g.table_no, g.players, g.head, g.finished, coalesce(s.version, 0),"
                " coalesce(s.applied_op, 0) FROM games g LEFT JOIN game_sync s ON s.game_id = g.game_id"
                " WHERE g.game_id = %s",
                (game_id,),
            ).fetchone()
            bodies = connection.execute(
                "SELECT body FROM game_events WHERE game_id = %s ORDER BY seq", (game_id,)
            ).fetchall()
        if row is None:
            raise TournamentServerError(f"{self._where} has no game {game_id} that this login may see")
        session, table_no, players, head, finished, version, applied = row
        names = json.loads(players)
        return ServerGame(
            id=game_id,
            session=int(session),
            table_no=int(table_no),
            players=(names[0], names[1], names[2], names[3]),
            ruleset=self.settings().ruleset.to_json(),
            bodies=tuple(b[0] for b in bodies),
            head=int(head),
            finished=bool(finished),
            version=int(version),
            applied_op=int(applied),
        )

    def games(self) -> tuple[dict[str, Any], ...]:
        """Every game this login may see at a glance: id, session, table, players, hand, scores, finished, head."""
        with self._transaction("list the games") as connection:
            tid = self._tournament(connection)
            rows = connection.execute(
                "SELECT g.game_id, g.session, g.table_no, g.players, s.hand, s.scores, g.finished, g.head,"
                " s.version, g.updated FROM games g LEFT JOIN game_sync s ON s.game_id = g.game_id"
                " WHERE g.tournament_id = %s ORDER BY g.session, g.table_no",
                (tid,),
            ).fetchall()
        keys = ("id", "session", "table", "players", "hand", "scores", "finished", "head", "version", "updated")
        return tuple(dict(zip(keys, row, strict=True)) for row in rows)

    def table_links(self, session: int) -> tuple[TableLink, ...]:
        """Each game of ``session`` as the server's sync record holds it (games not started are not listed)."""
        with self._transaction("read the tables' state") as connection:
            tid = self._tournament(connection)
            rows = connection.execute(
                "SELECT g.table_no, s.game_id IS NOT NULL, g.updated, g.finished,"
                " (SELECT count(*) FROM pushed_ops p WHERE p.game_id = g.game_id AND p.op > s.applied_op)"
                " FROM games g LEFT JOIN game_sync s ON s.game_id = g.game_id"
                " WHERE g.tournament_id = %s AND g.session = %s ORDER BY g.table_no",
                (tid, session),
            ).fetchall()
            clock = connection.execute(f"SELECT {SERVER_TIME}").fetchone()
            read_at = _reader_now()
        assert clock is not None
        server_now = _parse_time(clock[0])
        return tuple(
            TableLink(
                table_no=int(table_no),
                joined=bool(joined),
                last_write=_parse_time(updated),
                finished=bool(finished),
                held=int(held or 0),
                server_now=server_now,
                read_at=read_at,
            )
            for table_no, joined, updated, finished, held in rows
        )

    def push(self, game_id: str, ops: Sequence[OutboxOp]) -> PushResult:
        """Deliver a table's queued changes of ``game_id`` and apply what can be applied, in one transaction.

        Duplicates are ignored and gaps wait (:mod:`scorekeeper.sync.push`). Returns the last applied number and,
        if the next unit was built on a position the game has left, why and whose write it met.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses (another table's game: row-level
                security).
        """
        with self._transaction("take the table's changes") as connection:
            result = push_module.take_push(
                connection, game_id, ops, where=self._where, settings_of=lambda tid: self._settings_in(connection, tid)
            )
        self._pushed[game_id] = max(result.applied_op, self._pushed.get(game_id, 0))
        return result

    def listen(self) -> None:
        """Hear of the applied writes from now on (:meth:`heard` collects them): a table's login listens on its
        table's channel (:func:`table_channel`), any other login on its tournament's (:func:`tournament_channel`)
        and on :data:`CHANNEL` (what a server not upgraded, or a table of the older program, still announces on).

        A table listens so that its idle push cycle costs nothing on the network: it asks the server about a game
        (:meth:`overtaken`) only once the server has announced a write to it.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses.
        """
        self._connection.add_notify_handler(lambda notify: self._note(notify.payload))
        with self._transaction("listen to the games' changes") as connection:
            tid = self._tournament(connection)
            row = connection.execute("SELECT table_no FROM table_logins WHERE role = current_user").fetchone()
            channels = [tournament_channel(tid), CHANNEL] if row is None else [table_channel(tid, int(row[0]))]
            for channel in channels:
                connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))

    def _note(self, payload: str) -> None:
        try:
            said = json.loads(payload)
            game, op = said.get("game"), said.get("op")
        except (ValueError, AttributeError):
            return  # a change to no game (players, seats, penalties) or someone else's message on the channel
        if not isinstance(game, str):
            return
        if not isinstance(op, int) or (game in self._heard and self._heard[game] is None):
            self._heard[game] = None  # not a table's push (or a server before "op"): always asked about
        else:
            self._heard[game] = max(op, self._heard.get(game) or 0)

    @property
    def lost(self) -> bool:
        """Whether the connection is gone (broken, closed or given up): a refusal on a live one is the server's."""
        return self._gave_up or self._connection.broken or self._connection.closed

    def heard(self) -> frozenset[str]:
        """The games the server announced a write to since the last call (after :meth:`listen`).

        Reads what has already arrived on the connection and sends nothing: an idle table's poll is free for the
        server and the network. A notification that came in during another call is kept for this one.

        Raises:
            TournamentServerError: the connection is lost (the server closed it, or the keepalives found it dead).
        """
        try:
            with self._connection.lock:
                pgconn = self._connection.pgconn
                pgconn.consume_input()
                while (notify := pgconn.notifies()) is not None:
                    self._last_word = time.monotonic()
                    self._note(notify.extra.decode("utf-8", "replace"))
        except psycopg.Error as error:
            raise TournamentServerError(f"lost the tournament server {self._where}: {reason(error)}") from None
        heard = frozenset(
            game for game, op in self._heard.items() if op is None or op > self._pushed.get(game, 0)
        )  # a table's push this connection made is not news to it
        self._heard = {}
        return heard

    def overtaken(self, games: Mapping[str, int]) -> dict[str, Writer]:
        """Which of ``games`` (server game -> the last change number the asking laptop has given it) hold writes
        that are not that laptop's, and whose: the referee's since the table's last write (a call of the last hand, a
        correction, an end), or another laptop's of the same table (the server applied a change number above the
        laptop's last). The table takes their copy even when it has nothing to push.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses.
        """
        if not games:
            return {}
        with self._transaction("read the games' versions") as connection:
            rows = connection.execute(
                "SELECT game_id, version <> table_version, applied_op FROM game_sync WHERE game_id = ANY(%s)",
                (list(games),),
            ).fetchall()
        met: dict[str, Writer] = {}
        for game_id, referee_wrote, applied in rows:
            if referee_wrote:
                met[str(game_id)] = Writer.REFEREE
            elif int(applied) > games[str(game_id)]:
                met[str(game_id)] = Writer.OTHER_LAPTOP
        return met

    def forget_refused(self, game_id: str) -> ServerGame:
        """After a conflict: drop the table's refused changes and accept the server's copy as the new base.

        Returns the server's game, which the table then takes as its own (:meth:`LocalOutbox.adopt`).
        """
        with self._transaction("reset the table's queue") as connection:
            push_module.forget_refused(connection, game_id)
        return self.game(game_id)

    def append_as_referee(self, game_id: str, body: str, *, version: int) -> int:
        """The referee adds an event (a correction, a penalty, an end) to a game, built on ``version``.

        Returns the game's new version.

        Raises:
            SyncConflictError: the game is no longer at ``version`` (a table pushed in between): reload, retry.
            TournamentServerError: the server cannot be reached or refuses.
        """
        return self._append_as_referee(game_id, (body,), version=version)

    def correct_as_referee(self, game_id: str, events: Sequence[Event], *, version: int) -> int:
        """The referee adds events (one correction: an edit, a deleted hand, an end...) to a game, built on ``version``.

        All of them or none, in one transaction: the version check, the new head, the game's finished flag, its
        hand and scores at a glance and the announcement. Returns the game's new version (one more than ``version``).

        Raises:
            SyncConflictError: the game is no longer at ``version`` (a table pushed in between): reload, retry.
            TournamentServerError: the server cannot be reached or refuses.
        """
        return self._append_as_referee(
            game_id, tuple(dump_json(event_to_json(event)) for event in events), version=version
        )

    def rewrite_as_referee(self, game_id: str, keep: int, events: Sequence[Event], *, version: int) -> int:
        """The referee keeps a game's first ``keep`` events, puts ``events`` after them and drops the rest (cutting
        back or replacing a game this program cannot replay), built on ``version``, in one transaction.

        The caller checks the new log (``scorekeeper.sync.referee``). Returns the game's new version; the table is
        told, as after any referee's write, and takes the server's copy.

        Raises:
            SyncConflictError: the game is no longer at ``version``: reload, retry.
            TournamentServerError: the server cannot be reached or refuses.
        """
        return self._append_as_referee(
            game_id, tuple(dump_json(event_to_json(event)) for event in events), version=version, start=keep
        )

    def _append_as_referee(self, game_id: str, bodies: Sequence[str], *, version: int, start: int | None = None) -> int:
        """Write ``bodies`` from event ``start`` on (None: the head), dropping what was there, built on ``version``."""
        with self._transaction("correct the game") as connection:
            # A game recorded from a file (``tournament record``) has no sync row until its first correction.
            connection.execute(
                "INSERT INTO game_sync (game_id) SELECT game_id FROM games WHERE game_id = %s"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id,),
            )
            row = connection.execute(
                "SELECT g.head, s.version FROM games g JOIN game_sync s ON s.game_id = g.game_id"
                " WHERE g.game_id = %s FOR UPDATE",
                (game_id,),
            ).fetchone()
            if row is None:
                raise TournamentServerError(f"{self._where} has no game {game_id}")
            head, current = int(row[0]), int(row[1])
            if current != version:
                raise SyncConflictError(
                    f"game {game_id} changed since it was read (version {version}, now {current}): reload it"
                )
            head = head if start is None else start
            connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq >= %s", (game_id, head))
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO game_events (game_id, seq, body) VALUES (%s, %s, %s)",
                    [(game_id, head + offset, body) for offset, body in enumerate(bodies)],
                )
            connection.execute(
                f"UPDATE games SET head = %s, updated = {SERVER_TIME} WHERE game_id = %s", (head + len(bodies), game_id)
            )
            connection.execute("UPDATE game_sync SET version = %s WHERE game_id = %s", (current + 1, game_id))
            ended = after_write(
                connection, game_id, by_table=False, settings_of=lambda tid: self._settings_in(connection, tid)
            )
            if ended is not None:
                connection.execute("UPDATE games SET finished = %s WHERE game_id = %s", (int(ended), game_id))
        return current + 1

    def _settings_in(self, connection: psycopg.Connection[Any], tid: int) -> TournamentSettings:
        """The settings of tournament ``tid``, read inside the caller's transaction the first time (then kept: a
        connection serves one tournament)."""
        if self._settings is None:
            row = connection.execute("SELECT settings FROM tournaments WHERE id = %s", (tid,)).fetchone()
            assert row is not None
            self._settings = settings_from_json(json.loads(row[0]))
        return self._settings

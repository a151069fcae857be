"""The tournament server: the tournament store's tables on PostgreSQL, with roles, row-level security and sync.

The tables are the tournament store's (``scorekeeper/storage/tournament_schema.py``; version 2 adds the sync
tables), so the referee's window and the command line (``--db postgresql://...``) read the very games the tables
push. :func:`install` adds what only a server has: the roles and policies (``_pgschema``) and the change triggers.

**Push.** A table sends the queued changes of its game (:mod:`scorekeeper.storage.outbox`) numbered 1, 2, 3...
The server stores them under (game, number) in ``pushed_ops``, ignoring numbers it already has, so a retry or a
duplicate changes nothing (a number it holds with a different change is another laptop of the same table: that
push is refused whole, see :meth:`TournamentServer.push`); then it applies, in order, every whole unit (the rows
one local write changed, closed by a ``head`` row) that follows the last number it applied. Rows that arrived out
of order wait for the missing numbers.

**Stale writes.** Every write to a server game, by a table or the referee, adds one to ``game_sync.version``; the
version right after the table's own last write is ``game_sync.table_version``. A table's unit is built on that
position: it applies only while ``version == table_version`` and the server's head is the unit's ``base`` head.
If the referee corrected the game in between, the unit is refused (the push reports a conflict), and the table
takes the server's copy and offers its refused events again. A referee's write names the version it was built on
and is refused the same way if a table pushed in between (:class:`~scorekeeper.errors.SyncConflictError`). One
check, both directions: a table and a referee correcting the same game at once cannot both win.

**Live.** Each applied write replays the game (its hand and scores at a glance in ``game_sync``, whether it ended)
and sends ``NOTIFY sk_games`` in the same transaction, so a listener (:mod:`scorekeeper.sync.live`, or a table:
:meth:`TournamentServer.listen`) hears of it when it commits; triggers announce the referee's writes to players,
seats, penalties and settings the same way. The standings are the model's
(:func:`scorekeeper.tournament.compute_standings` of the tournament store's ``load()``); the server keeps no sum of
its own (``game_scores``, in the version-2 layout, is no longer written: see docs/tournament.md).

**Liveness.** Every exchange with the server has ``tournament_pg.ANSWER_TIMEOUT`` seconds to be answered, and a
listening table asks for a sign of life after :data:`PING_AFTER` seconds without a word
(:meth:`TournamentServer.keep_alive`), so a path that went silent is given up even when the kernel's keepalives are
answered by a hop on the way.

Passwords: URLs given to this module may hold one; every message and :func:`describe_url` leave it out.
"""

from __future__ import annotations

import datetime
import enum
import json
import secrets
import select
import socket
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg import sql

from scorekeeper.errors import (
    ErrorCode,
    InvalidRulesetError,
    ScorekeeperError,
    SyncConflictError,
    TournamentError,
    TournamentServerError,
)
from scorekeeper.session.events import Event, event_from_json, event_to_json
from scorekeeper.session.rules import Ruleset, ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage import tournament_pg, tournament_schema
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.storage.tournament_pg import check_url, with_liveness
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync import _pgschema
from scorekeeper.tournament import TournamentSettings, settings_from_json

__all__ = [
    "CHANNEL",
    "QUIET_AFTER",
    "LinkState",
    "PushResult",
    "ServerGame",
    "TableLink",
    "TournamentServer",
    "Upgrade",
    "create_table_login",
    "describe_url",
    "install",
    "make_code",
    "table_channel",
    "table_role",
    "tournament_channel",
    "tournament_id",
    "upgrade",
]

#: The LISTEN/NOTIFY channel of the program before per-tournament channels (:func:`tournament_channel`): a server not
#: upgraded since, and a table running that program, still announce every write of every tournament in the database
#: on it, so listeners hear it as well (nothing of this program announces there).
CHANNEL = "sk_games"
#: Seconds to wait for a connection before calling the server unreachable.
CONNECT_TIMEOUT = 5
#: Seconds without a word from the server after which a listening table asks it for a sign of life
#: (:meth:`TournamentServer.keep_alive`): an empty query, one round trip and no transaction. With the app's 3 s
#: push cycle and ``tournament_pg.ANSWER_TIMEOUT``, an idle table whose server went silent says so within
#: 10 + 3 + 15 = 28 s.
PING_AFTER = 10.0
#: The alphabet of table codes: no 0/O, 1/I/L, so a code read off a screen is typed right.
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The tables whose writes (the referee's, the command line's) a trigger announces on :func:`tournament_channel`.
_ANNOUNCED = ("tournaments", "players", "seats", "penalties")


def tournament_channel(tournament_id: int) -> str:
    """The channel every applied write to tournament ``tournament_id`` is announced on (the referee's live feed).

    One per tournament: several tournaments may share a database, and a listener must not wake for another's writes
    (before, every write of every tournament went out on :data:`CHANNEL`, the triggers' without a tournament id).
    """
    return f"{CHANNEL}_t{tournament_id}"


def table_channel(tournament_id: int, table_no: int) -> str:
    """The channel a table listens on: every write the referee (or any login but the table's) applies to the games
    of table ``table_no`` is announced there as well as on :func:`tournament_channel`, so a table hears of what
    concerns it only: not of other tables' hands, nor of its own pushes (it acts on neither)."""
    return f"{CHANNEL}_t{tournament_id}_{table_no}"


def describe_url(url: str) -> str:
    """``user@host:port/database`` for a ``postgresql://`` URL: what messages and logs say instead of the URL (a
    malformed one is described as such: urlsplit refuses "[::1" and a port that is not a number with ValueError)."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "a malformed postgresql:// URL"
    user = f"{parts.username}@" if parts.username else ""
    return f"{user}{parts.hostname or 'localhost'}{port}{parts.path or '/'}"


def make_code() -> str:
    """A fresh table code (a password), three groups of four characters: ``K7QX-M2PD-9TRA``."""
    return "-".join("".join(secrets.choice(_CODE_ALPHABET) for _ in range(4)) for _ in range(3))


def table_role(database: str, tournament_id: int, table_no: int) -> str:
    """The login role of table ``table_no``: ``<db>_table<N>`` (``<db>_t<T>_table<N>`` past the first tournament)."""
    return f"{database}_table{table_no}" if tournament_id == 1 else f"{database}_t{tournament_id}_table{table_no}"


def _ruleset(value: Any) -> Ruleset:
    """The ruleset from the record format's ``ruleset`` value (a preset name or ``{"preset", "overrides"}``).

    Raises:
        InvalidRulesetError: for anything else.
    """
    if isinstance(value, str):
        return ruleset(value)
    if (
        isinstance(value, dict)
        and isinstance(value.get("preset"), str)
        and isinstance(value.get("overrides", {}), dict)
    ):
        return ruleset(value["preset"], value.get("overrides") or {})
    raise InvalidRulesetError(f"a ruleset is a preset name or {{'preset', 'overrides'}}, got {value!r:.80}")


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def _parse_time(text: object) -> datetime.datetime | None:
    """A stored ``updated`` time as an aware UTC datetime (None when missing or unreadable)."""
    try:
        when = datetime.datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.UTC)


def _connect(url: str, *, autocommit: bool = False, probe: bool = False) -> psycopg.Connection[Any]:
    try:
        check_url(url)
    except TournamentError as error:
        raise TournamentServerError(str(error)) from None
    try:
        return psycopg.connect(with_liveness(url), connect_timeout=CONNECT_TIMEOUT, autocommit=autocommit)
    except psycopg.Error as error:
        raise TournamentServerError(
            f"cannot reach the tournament server {describe_url(url)}: {_reason(error)}",
            code=_connect_failure(url, error, probe=probe),
            fields={"server": describe_url(url), "detail": _reason(error)},
        ) from None


def _connect_failure(url: str, error: psycopg.Error, *, probe: bool) -> ErrorCode:
    """At which stage a connection failed, told apart without reading the driver's words (libpq words its errors
    in the laptop's language, and the server's in the server's).

    psycopg 3.3 keeps no SQLSTATE of a refused connection (``error.sqlstate`` is None for a wrong password and for a
    missing database alike), so the stage is read from what the attempt got to: the timeout's own exception type;
    a password sent and refused (the login: the role, its code or the database, which PostgreSQL checks after the
    password); a host name that resolves to nothing (asked again of the resolver: psycopg resolves it before libpq
    starts); else, with ``probe`` only, one TCP connection of our own to the port: refused means nothing listens
    there. The probe is for a person's join, once; a table's background reconnects do without it.
    """
    if isinstance(error, psycopg.errors.ConnectionTimeout):
        return ErrorCode.SERVER_NO_ANSWER
    if error.pgconn is not None and error.pgconn.used_password:
        return ErrorCode.SERVER_LOGIN_REFUSED
    parts = urlsplit(url)
    host, port = parts.hostname, parts.port or 5432
    if not host or host.startswith("/"):
        return ErrorCode.SERVER_UNREACHABLE  # a local socket: no address to look at
    if error.pgconn is None:  # psycopg failed before libpq tried: the name did not resolve
        try:
            socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError:  # socket.gaierror
            return ErrorCode.SERVER_UNKNOWN_HOST
        return ErrorCode.SERVER_UNREACHABLE
    if not probe:
        return ErrorCode.SERVER_UNREACHABLE
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError:
        return ErrorCode.SERVER_UNREACHABLE
    try:
        with socket.socket(family, kind, proto) as look:
            look.settimeout(CONNECT_TIMEOUT)
            look.connect(address)
    except ConnectionRefusedError:
        return ErrorCode.SERVER_CONNECTION_REFUSED
    except TimeoutError:
        return ErrorCode.SERVER_NO_ANSWER
    except OSError:
        return ErrorCode.SERVER_UNREACHABLE
    return ErrorCode.SERVER_UNREACHABLE  # something listens there and refused without asking for a login


def _no_answer(where: str) -> TournamentServerError:
    """The error of an exchange given up at ``tournament_pg.ANSWER_TIMEOUT``."""
    seconds = tournament_pg.ANSWER_TIMEOUT
    return TournamentServerError(
        f"the tournament server {where} did not answer within {seconds:g} s: gave up the connection"
    )


def _reason(error: psycopg.Error) -> str:
    """The server's or the driver's reason, one line (psycopg never puts the password in it)."""
    text = str(error).strip().splitlines()
    return text[-1] if text else type(error).__name__


def _names(database: str) -> dict[str, sql.Composable]:
    return {
        "database": sql.Identifier(database),
        "referee": sql.Identifier(f"{database}_referee"),
        "tables": sql.Identifier(f"{database}_tables"),
    }


def tournament_id(connection: psycopg.Connection[Any], name: str | None) -> int:
    """The id of the tournament called ``name`` (None: the only one this login sees).

    Raises:
        TournamentError: no such tournament, or several and no name.
    """
    rows = connection.execute("SELECT id, name FROM tournaments ORDER BY id").fetchall()
    if name is not None:
        rows = [r for r in rows if str(r[1]).casefold() == name.casefold()]
    if len(rows) != 1:
        what = f"no tournament called {name!r:.80}" if name is not None else f"{len(rows)} tournaments: name one"
        raise TournamentError(f"the server holds {what}" if rows or name is None else f"the server has {what}")
    return int(rows[0][0])


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade:
    """What :func:`upgrade` (or :func:`install`) did to a server.

    Attributes:
        was: the tables' version before (0: the database held none).
        now: the tables' version after (this program's).
        secured: the tables given row-level security, the referee's policy and the tables' group's now (every
            table on a first setup; a table a migration added; none when all were secured already).
    """

    was: int
    now: int
    secured: tuple[str, ...]


def install(admin_url: str) -> str:
    """Prepare a tournament database for tables and a referee; return the referee's (new) password.

    ``admin_url`` is a superuser's (or the database owner's with CREATEROLE). The tournament store's tables are
    created or brought up to date first and secured in the same transaction (the tournament itself may be created
    before or after, with ``scorekeeper tournament create --db ...``). Running it again renews the referee's
    password; :func:`upgrade` updates a server without touching any login.

    Raises:
        TournamentServerError: the server cannot be reached or refuses (no rights).
    """
    password = make_code()
    _prepare(admin_url, referee_password=password)
    return password


def upgrade(admin_url: str) -> Upgrade:
    """Bring a set-up server's tables to this program's version and secure every table, keeping every login.

    One transaction: the migration, then row-level security, the referee's policy and the tables' group's for each
    table that has none yet (a table the migration added), the grants and the change triggers. The referee's
    password and the tables' codes are not touched, so an update in the middle of a tournament logs nobody out.
    Run again, it changes nothing.

    Raises:
        TournamentServerError: the server cannot be reached or refuses (no rights), it was never set up (run
            :func:`install`, ``server setup``), or its tables are newer than this program's.
    """
    return _prepare(admin_url, referee_password=None)


def _prepare(admin_url: str, *, referee_password: str | None) -> Upgrade:
    """Migrate and secure in one transaction; with ``referee_password``, also make the roles and set it."""
    secured: list[str] = []
    with _connect(admin_url, autocommit=True) as connection:  # the store's migrate runs its own BEGIN ... COMMIT
        database = connection.info.dbname
        names = _names(database)

        def secure() -> None:
            roles = {f"{database}_{group}" for group in ("referee", "tables")}
            found = {
                str(row[0])
                for row in connection.execute(
                    "SELECT rolname FROM pg_roles WHERE rolname = ANY(%s)", (sorted(roles),)
                ).fetchall()
            }
            if referee_password is None:
                if found != roles:
                    raise TournamentServerError(
                        f"{describe_url(admin_url)} is not set up for a referee and tables yet (no role"
                        f" {sorted(roles - found)[0]!r}): the admin runs `{tournament_schema.SETUP_COMMAND}` first"
                    )
            else:
                for role in sorted(roles - found):
                    connection.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
                connection.execute(
                    sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(names["referee"], sql.Literal(referee_password))
                )
            secured.extend(_secure(connection, names))

        store = TournamentStore(
            connection, tournament_schema.Dialect.POSTGRESQL, describe_url(admin_url), errors=(psycopg.Error,)
        )
        try:
            with connection.transaction():  # a server set up by an older program: its owner may migrate it
                _let_the_owner_in(connection)
            was = store.migrate(then=secure)
        except psycopg.Error as error:
            raise TournamentServerError(
                f"cannot prepare the tournament in {describe_url(admin_url)}: {_reason(error)}"
            ) from None
        except TournamentServerError:
            raise
        except ScorekeeperError as error:
            raise TournamentServerError(str(error)) from None
    return Upgrade(was=was, now=tournament_schema.CURRENT_VERSION, secured=tuple(secured))


def _secure(connection: psycopg.Connection[Any], names: dict[str, sql.Composable]) -> list[str]:
    """Secure every table of the layout that is not secured yet; grants and change triggers; return those secured.

    A table counts as secured once it has the referee's policy (each table is secured whole, in the transaction
    that creates it or the one that first sees it). Row-level security is forced, so a table's group sees nothing
    of a table its policies do not name (:data:`_pgschema.TABLE_POLICIES`). The grants and the announcing function
    are written again every time (both are idempotent), so an upgrade also brings them up to date.
    """
    have = {
        str(row[0])
        for row in connection.execute(
            "SELECT tablename FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'referee_all'"
        ).fetchall()
    }
    secured = [table for table in _pgschema.layout_tables() if table not in have]
    for table in secured:
        ident = sql.Identifier(table)
        connection.execute(sql.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(ident))
        connection.execute(sql.SQL("ALTER TABLE {} FORCE ROW LEVEL SECURITY").format(ident))
        connection.execute(sql.SQL(_pgschema.REFEREE_POLICY).format(table=ident, **names))
        for policy in _pgschema.TABLE_POLICIES.get(table, ()):
            connection.execute(sql.SQL(policy).format(**names))
    _let_the_owner_in(connection)
    for grant in _pgschema.GRANTS:
        connection.execute(sql.SQL(grant).format(**names))
    # Each changed row names its tournament (``tournament_id``; a ``tournaments`` row is its own ``id``); the
    # announcement goes to that tournament's channel. PostgreSQL sends a notification once per transaction however
    # many rows repeat it (same channel, same payload), so saving a seating of 200 players sends one.
    connection.execute(
        "CREATE OR REPLACE FUNCTION sk_announce_row() RETURNS trigger LANGUAGE plpgsql AS $$"
        " DECLARE changed jsonb; BEGIN"
        " IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;"
        " PERFORM pg_notify('" + CHANNEL + "_t' || coalesce(changed->>'tournament_id', changed->>'id'),"
        " json_build_object('changed', TG_TABLE_NAME)::text);"
        " RETURN NULL; END $$"
    )
    for table in _ANNOUNCED:
        ident = sql.Identifier(table)
        # The statement-level trigger of servers set up before per-tournament channels (it announced every write
        # on CHANNEL, with no tournament): replaced.
        connection.execute(sql.SQL("DROP TRIGGER IF EXISTS sk_announce ON {}").format(ident))
        if connection.execute(
            "SELECT 1 FROM pg_trigger WHERE tgname = 'sk_announce_row' AND tgrelid = %s::regclass", (table,)
        ).fetchone():
            continue
        connection.execute(
            sql.SQL(
                "CREATE TRIGGER sk_announce_row AFTER INSERT OR UPDATE OR DELETE ON {} FOR EACH ROW"
                " EXECUTE FUNCTION sk_announce_row()"
            ).format(ident)
        )
    connection.execute("DROP FUNCTION IF EXISTS sk_announce()")
    return secured


def _let_the_owner_in(connection: psycopg.Connection[Any]) -> None:
    """Give each secured table's owner a policy of its own, so the admin who owns the tables still reads and writes
    them.

    Row-level security is forced, so the owner goes through the policies like everyone else (only a superuser
    bypasses them); with no policy of its own, an owner who is not a superuser (docs/tournament.md: the database's
    owner with CREATEROLE may set a server up) saw no tournament once the tables were secured: ``server setup``
    found "0 tournaments" when it came to the table codes, and a migration's version bump changed no row. The policy
    gives the owner nothing new: an owner may switch the table's row security off anyway.
    """
    rows = connection.execute(
        "SELECT c.relname, pg_get_userbyid(c.relowner) FROM pg_class c"
        " WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relforcerowsecurity"
        " AND c.relname = ANY(%s) AND NOT EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = current_schema()"
        " AND p.tablename = c.relname AND p.policyname = 'owner_all')",
        (list(_pgschema.layout_tables()),),
    ).fetchall()
    for table, owner in rows:
        connection.execute(
            sql.SQL(_pgschema.OWNER_POLICY).format(table=sql.Identifier(table), owner=sql.Identifier(owner))
        )


def create_table_login(admin_url: str, table_no: int, *, tournament: str | None = None) -> str:
    """Create (or renew) table ``table_no``'s login (:func:`table_role`) and return its new code (its password).

    Raises:
        TournamentServerError: the server cannot be reached or refuses.
        TournamentError: no such tournament (or several and no name).
        ValueError: for a table number below 1.
    """
    if table_no < 1:
        raise ValueError(f"table numbers start at 1, got {table_no}")
    code = make_code()
    with _connect(admin_url) as connection:
        database = connection.info.dbname
        try:
            with connection.transaction():
                tid = tournament_id(connection, tournament)
                role = table_role(database, tid, table_no)
                if not connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone():
                    connection.execute(
                        sql.SQL("CREATE ROLE {} IN ROLE {}").format(
                            sql.Identifier(role), sql.Identifier(f"{database}_tables")
                        )
                    )
                connection.execute(
                    sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(code))
                )
                connection.execute(
                    "INSERT INTO table_logins (role, tournament_id, table_no) VALUES (%s, %s, %s)"
                    " ON CONFLICT (role) DO NOTHING",
                    (role, tid, table_no),
                )
        except psycopg.Error as error:
            raise TournamentServerError(f"cannot create the login of table {table_no}: {_reason(error)}") from None
    return code


@dataclass(frozen=True, slots=True, kw_only=True)
class PushResult:
    """What the server made of a push.

    Attributes:
        applied_op: the last change number it has applied for the game (the table may drop everything up to it).
        conflict: why it refused the next unit (the game moved on since the table's last write), or empty.
    """

    applied_op: int
    conflict: str = ""


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
        return Session(_ruleset(self.ruleset), self.players, events[: self.head], redo=events[self.head :])


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
    """

    table_no: int
    joined: bool
    last_write: datetime.datetime | None
    finished: bool
    held: int

    def state(self, now: datetime.datetime) -> LinkState:
        """The table's state at ``now`` (UTC)."""
        if not self.joined:
            return LinkState.NOT_JOINED
        if self.held:
            return LinkState.WAITING
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
        self._heard: set[str] = set()
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
        server = cls(_connect(url, probe=probe), describe_url(url), tournament)
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
            raise TournamentServerError(f"{what}: {_reason(error)}") from None
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
            raise TournamentServerError(f"{self._where} refused to {what}: {_reason(error)}") from None

    def _raise_lost(self, error: psycopg.Error) -> None:
        """Raise the right words for a connection that broke (given up, or ended); return if it did not.

        Raises:
            TournamentServerError: the connection is gone.
        """
        if self._gave_up:
            raise _no_answer(self._where) from None
        if self._connection.broken:
            raise TournamentServerError(f"lost the tournament server {self._where}: {_reason(error)}") from None

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
            raise TournamentServerError(f"lost the tournament server {self._where}: {_reason(error)}") from None
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
        raise _no_answer(self._where)

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
                    " VALUES (%s, %s, %s, %s, %s, 0, 0, %s)",
                    (game_id, tid, session, table_no, json.dumps(players), _now()),
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
        return tuple(
            TableLink(
                table_no=int(table_no),
                joined=bool(joined),
                last_write=_parse_time(updated),
                finished=bool(finished),
                held=int(held or 0),
            )
            for table_no, joined, updated, finished, held in rows
        )

    def push(self, game_id: str, ops: Sequence[OutboxOp]) -> PushResult:
        """Deliver a table's queued changes of ``game_id`` and apply what can be applied, in one transaction.

        Duplicates are ignored and gaps wait (see the module docstring). Returns the last applied number and,
        if the next unit was built on a position the game has left, why.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses (another table's game: row-level
                security).
        """
        with self._transaction("take the table's changes") as connection:
            rows = [
                (game_id, o.op, o.kind, o.seq, o.body, o.base, None if o.finished is None else int(o.finished))
                for o in ops
            ]
            clash = self._clash(connection, game_id, rows)
            if clash is not None:
                # Not a duplicate: another laptop of this table (a spare joined while the first was still on) wrote
                # this number first. Take nothing from this push, and acknowledge nothing from the clash on: the
                # table takes the server's copy and offers its own events again, as after a referee's correction.
                row = connection.execute("SELECT applied_op FROM game_sync WHERE game_id = %s", (game_id,)).fetchone()
                applied = 0 if row is None else int(row[0])
                return PushResult(
                    applied_op=min(applied, clash - 1),
                    conflict=(
                        f"game {game_id}: change {clash} on the server was written by another laptop of this table"
                        " (a second laptop joined it): this laptop's changes from there were not taken"
                    ),
                )
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO pushed_ops (game_id, op, kind, seq, body, base, finished)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (game_id, op) DO NOTHING",
                    rows,
                )
            row = connection.execute(
                "SELECT g.head, s.version, s.table_version, s.applied_op FROM games g"
                " JOIN game_sync s ON s.game_id = g.game_id WHERE g.game_id = %s FOR UPDATE",
                (game_id,),
            ).fetchone()
            if row is None:
                raise TournamentServerError(f"{self._where} has no game {game_id} that this login may write")
            head, version, table_version, applied = (int(v) for v in row)
            waiting = connection.execute(
                "SELECT op, kind, seq, body, base, finished FROM pushed_ops WHERE game_id = %s AND op > %s ORDER BY op",
                (game_id, applied),
            ).fetchall()
            unit: list[tuple[Any, ...]] = []
            conflict = ""
            start_applied = applied
            for op_row in waiting:
                if op_row[0] != applied + len(unit) + 1:
                    break  # a gap: the missing numbers have not arrived yet
                unit.append(op_row)
                if op_row[1] != "head":
                    continue
                if version != table_version or head != op_row[4]:
                    conflict = (
                        f"game {game_id} changed on the server since this table's last write"
                        f" (server at event {head}, version {version}; the table wrote on event {op_row[4]})"
                    )
                    break
                for _op, kind, seq, body, _base, _finished in unit[:-1]:
                    if kind == "put":
                        connection.execute(
                            "INSERT INTO game_events (game_id, seq, body) VALUES (%s, %s, %s)"
                            " ON CONFLICT (game_id, seq) DO UPDATE SET body = EXCLUDED.body",
                            (game_id, seq, body),
                        )
                    else:
                        connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq = %s", (game_id, seq))
                head, version, applied = int(op_row[2]), version + 1, int(op_row[0])
                table_version = version
                connection.execute(
                    "UPDATE games SET head = %s, finished = %s, updated = %s WHERE game_id = %s",
                    (head, int(bool(op_row[5])), _now(), game_id),
                )
                unit = []
            if applied != start_applied:
                connection.execute(
                    "UPDATE game_sync SET version = %s, table_version = %s, applied_op = %s WHERE game_id = %s",
                    (version, table_version, applied, game_id),
                )
                self._refresh(connection, game_id, by_table=True)
        return PushResult(applied_op=applied, conflict=conflict)

    @staticmethod
    def _clash(connection: psycopg.Connection[Any], game_id: str, rows: Sequence[tuple[Any, ...]]) -> int | None:
        """The first pushed change number the server already holds with a different change, or None.

        A number the server has with the same change is a retry or a duplicate delivery (ignored); with another
        change it was written by another laptop joined to the same table, and taking this one would lose it.
        """
        if not rows:
            return None
        held = {
            int(r[0]): tuple(r[1:])
            for r in connection.execute(
                "SELECT op, kind, seq, body, base, finished FROM pushed_ops"
                " WHERE game_id = %s AND op >= %s AND op <= %s",
                (game_id, min(r[1] for r in rows), max(r[1] for r in rows)),
            ).fetchall()
        }
        clashes = [r[1] for r in rows if r[1] in held and held[r[1]] != tuple(r[2:])]
        return min(clashes) if clashes else None

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
            game = json.loads(payload).get("game")
        except (ValueError, AttributeError):
            return  # a change to no game (players, seats, penalties) or someone else's message on the channel
        if isinstance(game, str):
            self._heard.add(game)

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
            raise TournamentServerError(f"lost the tournament server {self._where}: {_reason(error)}") from None
        heard, self._heard = frozenset(self._heard), set()
        return heard

    def overtaken(self, game_ids: Sequence[str]) -> tuple[str, ...]:
        """The games among ``game_ids`` the referee wrote to since this table's last write (a call of the last
        hand, a correction, an end): the table takes their copy even when it has nothing to push.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses.
        """
        if not game_ids:
            return ()
        with self._transaction("read the games' versions") as connection:
            rows = connection.execute(
                "SELECT game_id FROM game_sync WHERE game_id = ANY(%s) AND version <> table_version ORDER BY game_id",
                (list(game_ids),),
            ).fetchall()
        return tuple(str(row[0]) for row in rows)

    def forget_refused(self, game_id: str) -> ServerGame:
        """After a conflict: drop the table's refused changes and accept the server's copy as the new base.

        Returns the server's game, which the table then takes as its own (:meth:`LocalOutbox.adopt`).
        """
        with self._transaction("reset the table's queue") as connection:
            connection.execute(
                "DELETE FROM pushed_ops WHERE game_id = %s"
                " AND op > (SELECT applied_op FROM game_sync WHERE game_id = %s)",
                (game_id, game_id),
            )
            connection.execute("UPDATE game_sync SET table_version = version WHERE game_id = %s", (game_id,))
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

    def _append_as_referee(self, game_id: str, bodies: Sequence[str], *, version: int) -> int:
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
            connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq >= %s", (game_id, head))
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO game_events (game_id, seq, body) VALUES (%s, %s, %s)",
                    [(game_id, head + offset, body) for offset, body in enumerate(bodies)],
                )
            connection.execute(
                "UPDATE games SET head = %s, updated = %s WHERE game_id = %s", (head + len(bodies), _now(), game_id)
            )
            connection.execute("UPDATE game_sync SET version = %s WHERE game_id = %s", (current + 1, game_id))
            ended = self._refresh(connection, game_id, by_table=False)
            if ended is not None:
                connection.execute("UPDATE games SET finished = %s WHERE game_id = %s", (int(ended), game_id))
        return current + 1

    def _refresh(self, connection: psycopg.Connection[Any], game_id: str, *, by_table: bool) -> bool | None:
        """Replay a game's log for its hand and scores at a glance, and announce the change (same transaction).

        Every write is announced on its tournament's channel (:func:`tournament_channel`: the referee's live feed);
        a write not by the game's table (the
        referee's) also on the table's channel (:func:`table_channel`). A table's own write is not announced to
        it: a table acts only on writes made over its head (:meth:`overtaken`: a laptop of the same table writes on
        the same position, and learns of it when it pushes), so hearing its own push only made it ask the server
        once more per hand (benchmarks/bench_sync_notify.py).

        Returns whether the game has ended, or None when its log cannot be replayed.
        """
        row = connection.execute(
            "SELECT players, head, session, table_no, tournament_id FROM games WHERE game_id = %s", (game_id,)
        ).fetchone()
        assert row is not None
        players_text, head, session, table_no, tid = row
        players = json.loads(players_text)
        bodies = connection.execute(
            "SELECT body FROM game_events WHERE game_id = %s AND seq < %s ORDER BY seq", (game_id, head)
        ).fetchall()
        settings = self._settings
        if settings is None:
            settings_row = connection.execute("SELECT settings FROM tournaments WHERE id = %s", (tid,)).fetchone()
            assert settings_row is not None
            settings = self._settings = settings_from_json(json.loads(settings_row[0]))
        try:
            game = Session(settings.ruleset, players, [event_from_json(json.loads(b[0])) for b in bodies])
        except (ScorekeeperError, ValueError) as error:
            # A log the table accepted but this program does not: keep the rows, leave the scores as they were.
            connection.execute(
                "UPDATE game_sync SET hand = %s WHERE game_id = %s", (f"cannot be replayed: {error}"[:200], game_id)
            )
            return None
        state = game.state
        connection.execute(
            "UPDATE game_sync SET hand = %s, scores = %s WHERE game_id = %s",
            ("end" if state.ended else state.hand_label, json.dumps(list(state.scores)), game_id),
        )
        payload = json.dumps({"game": game_id, "session": int(session), "table": int(table_no), "head": int(head)})
        connection.execute("SELECT pg_notify(%s, %s)", (tournament_channel(int(tid)), payload))
        if not by_table:
            connection.execute("SELECT pg_notify(%s, %s)", (table_channel(int(tid), int(table_no)), payload))
        return state.ended

"""The tournament server: one PostgreSQL database per tournament, reached with psycopg 3.

What lives there (``_pgschema``): each table's game as the game store keeps it (event rows, head, finished), the
changes each table pushed (``pushed_ops``), each game's current points per player (``game_scores``, what the
standings add up), seatings and penalties.

**Push.** A table sends the queued changes of its game (:mod:`scorekeeper.storage.outbox`) numbered 1, 2, 3...
The server stores them under (game, number), ignoring numbers it already has, so a retry or a duplicate changes
nothing; then it applies, in order, every whole unit (the rows one local write changed, closed by a ``head``
row) that follows the last number it applied. Rows that arrived out of order wait for the missing numbers.

**Stale writes.** Every write to a server game, by a table or the referee, adds one to ``games.version``; the
version right after the table's own last write is ``games.table_version``. A table's unit is built on that
position: it applies only while ``version == table_version`` and the server's head is the unit's ``base`` head.
If the referee corrected the game in between, the unit is refused (:class:`~scorekeeper.errors.SyncConflictError`
for the caller), and the table takes the server's copy and offers its refused events again. A referee's write
names the version it was built on and is refused the same way if a table pushed in between. One check, both
directions: a table and a referee correcting the same game at once cannot both win.

**Live.** Each applied write recomputes the game's scores and sends ``NOTIFY sk_games`` in the same transaction,
so a listener (:mod:`scorekeeper.sync.live`) hears of it when it commits.

Passwords: URLs given to this module may hold one; every message and :func:`describe_url` leave it out.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg import sql

from scorekeeper.errors import InvalidRulesetError, ScorekeeperError, SyncConflictError, TournamentServerError
from scorekeeper.session.events import event_from_json
from scorekeeper.session.rules import Ruleset, ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage.outbox import OutboxOp
from scorekeeper.sync import _pgschema

__all__ = [
    "CHANNEL",
    "PushResult",
    "ServerGame",
    "TournamentServer",
    "create_table_login",
    "describe_url",
    "install",
    "make_code",
    "ruleset_of",
]

#: The LISTEN/NOTIFY channel every applied write is announced on.
CHANNEL = "sk_games"
#: Seconds to wait for a connection before calling the server unreachable.
CONNECT_TIMEOUT = 5
#: The alphabet of table codes: no 0/O, 1/I/L, so a code read off a screen is typed right.
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def describe_url(url: str) -> str:
    """``user@host:port/database`` for a ``postgresql://`` URL: what messages and logs say instead of the URL."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return f"{user}{parts.hostname or 'localhost'}{port}{parts.path or '/'}"


def make_code() -> str:
    """A fresh table code (a password), three groups of four characters: ``K7QX-M2PD-9TRA``."""
    return "-".join("".join(secrets.choice(_CODE_ALPHABET) for _ in range(4)) for _ in range(3))


def ruleset_of(value: Any) -> Ruleset:
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


def _connect(url: str, *, autocommit: bool = False) -> psycopg.Connection[Any]:
    try:
        return psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT, autocommit=autocommit)
    except psycopg.Error as error:
        raise TournamentServerError(
            f"cannot reach the tournament server {describe_url(url)}: {_reason(error)}"
        ) from None


def _reason(error: psycopg.Error) -> str:
    """The server's or the driver's reason, one line (psycopg never puts the password in it)."""
    text = str(error).strip().splitlines()
    return text[-1] if text else type(error).__name__


def _roles(database: str) -> dict[str, sql.Composable]:
    return {
        "database": sql.Identifier(database),
        "referee": sql.Identifier(f"{database}_referee"),
        "tables": sql.Identifier(f"{database}_tables"),
    }


def install(admin_url: str, *, ruleset_json: Any, sessions: int = 1) -> str:
    """Lay out an empty database for a tournament, with its roles and policies; return the referee's password.

    ``admin_url`` is a superuser's (or the database owner's with CREATEROLE). Run once per tournament.

    Raises:
        TournamentServerError: the server cannot be reached or refuses (the database is not empty, no rights).
        InvalidRulesetError: for a ruleset this program does not know.
    """
    ruleset_of(ruleset_json)
    password = make_code()
    with _connect(admin_url) as connection:
        database = connection.info.dbname
        names = _roles(database)
        try:
            with connection.transaction():
                for statement in _pgschema.TABLES:
                    connection.execute(sql.SQL(statement))
                for group in ("referee", "tables"):
                    role = f"{database}_{group}"
                    exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
                    if not exists:
                        connection.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
                connection.execute(
                    sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(names["referee"], sql.Literal(password))
                )
                for table, policies in _pgschema.TABLE_POLICIES.items():
                    connection.execute(
                        sql.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(sql.Identifier(table))
                    )
                    connection.execute(sql.SQL("ALTER TABLE {} FORCE ROW LEVEL SECURITY").format(sql.Identifier(table)))
                    for policy in (*_pgschema.POLICIES, *policies):
                        connection.execute(sql.SQL(policy).format(table=sql.Identifier(table), **names))
                connection.execute(sql.SQL("REVOKE ALL ON DATABASE {database} FROM PUBLIC").format(**names))
                for grant in _pgschema.GRANTS:
                    connection.execute(sql.SQL(grant).format(**names))
                connection.execute(
                    "INSERT INTO sk_meta (key, value) VALUES ('schema', %s), ('ruleset', %s), ('sessions', %s)",
                    (json.dumps(_pgschema.SCHEMA_VERSION), json.dumps(ruleset_json), json.dumps(sessions)),
                )
        except psycopg.Error as error:
            raise TournamentServerError(
                f"cannot lay out the tournament in {describe_url(admin_url)}: {_reason(error)}"
            ) from None
    return password


def create_table_login(admin_url: str, table_no: int) -> str:
    """Create (or renew) table ``table_no``'s login, ``<db>_table<N>``, and return its new code (its password).

    Raises:
        TournamentServerError: the server cannot be reached or refuses.
        ValueError: for a table number below 1.
    """
    if table_no < 1:
        raise ValueError(f"table numbers start at 1, got {table_no}")
    code = make_code()
    with _connect(admin_url) as connection:
        database = connection.info.dbname
        role = f"{database}_table{table_no}"
        try:
            with connection.transaction():
                exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
                if not exists:
                    connection.execute(
                        sql.SQL("CREATE ROLE {} IN ROLE {}").format(
                            sql.Identifier(role), sql.Identifier(f"{database}_tables")
                        )
                    )
                connection.execute(
                    sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(code))
                )
                connection.execute(
                    "INSERT INTO table_logins (role, table_no) VALUES (%s, %s)"
                    " ON CONFLICT (role) DO UPDATE SET table_no = EXCLUDED.table_no",
                    (role, table_no),
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

    id: int
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
        return Session(ruleset_of(self.ruleset), self.players, events[: self.head], redo=events[self.head :])


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsRow:
    """A player's line of the live standings, before ranking (points in tenths, penalties included)."""

    player: str
    points_tenths: int
    games: int
    penalties_tenths: int


class TournamentServer:
    """A connection to one tournament's database, as a table, the referee or the admin.

    Use as a context manager or call :meth:`close`. Every method is one transaction.
    """

    def __init__(self, connection: psycopg.Connection[Any], where: str) -> None:
        """Wrap an open connection; use :meth:`connect`."""
        self._connection = connection
        self._where = where

    @classmethod
    def connect(cls, url: str) -> TournamentServer:
        """Connect to the tournament at ``url`` (``postgresql://user:password@host:port/database``).

        Raises:
            TournamentServerError: unreachable, or the login is refused (the message has no password).
        """
        return cls(_connect(url), describe_url(url))

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

    @contextmanager
    def _transaction(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._connection.transaction():
                yield self._connection
        except psycopg.Error as error:
            if self._connection.broken:
                raise TournamentServerError(f"lost the tournament server {self._where}: {_reason(error)}") from None
            raise TournamentServerError(f"{self._where} refused to {what}: {_reason(error)}") from None

    # -- the tournament ----------------------------------------------------------------------------------------

    def ruleset_json(self) -> Any:
        """The tournament's ruleset (the record format's ``ruleset`` value)."""
        with self._transaction("read the ruleset") as connection:
            row = connection.execute("SELECT value FROM sk_meta WHERE key = 'ruleset'").fetchone()
        if row is None:
            raise TournamentServerError(f"{self._where} holds no tournament (no ruleset)")
        return row[0]

    def my_table(self) -> int | None:
        """The table this login belongs to, or None for the referee."""
        with self._transaction("read the login") as connection:
            row = connection.execute("SELECT table_no FROM table_logins WHERE role = current_user").fetchone()
        return None if row is None else int(row[0])

    def set_seating(self, session: int, table_no: int, players: Sequence[str]) -> None:
        """Seat four players (East first) at ``table_no`` for ``session`` (the referee's right)."""
        if len(players) != 4:
            raise ValueError(f"a table seats four players, got {len(players)}")
        with self._transaction("store the seating") as connection:
            connection.execute("DELETE FROM seatings WHERE session = %s AND table_no = %s", (session, table_no))
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seatings (session, table_no, seat, player) VALUES (%s, %s, %s, %s)",
                    [(session, table_no, seat, name) for seat, name in enumerate(players)],
                )

    def seating(self, session: int, table_no: int) -> tuple[str, ...]:
        """The four players at ``table_no`` in ``session``, East first (empty if not seated yet)."""
        with self._transaction("read the seating") as connection:
            rows = connection.execute(
                "SELECT player FROM seatings WHERE session = %s AND table_no = %s ORDER BY seat", (session, table_no)
            ).fetchall()
        return tuple(r[0] for r in rows)

    def add_penalty(self, player: str, points: int, reason: str, *, session: int | None = None) -> None:
        """A referee's penalty (table points, negative) for a player, in a session or the whole tournament."""
        with self._transaction("store the penalty") as connection:
            connection.execute(
                "INSERT INTO penalties (player, session, points, reason) VALUES (%s, %s, %s, %s)",
                (player, session, points, reason),
            )
            connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps({"penalty": player})))

    # -- games -------------------------------------------------------------------------------------------------

    def open_game(self, session: int, table_no: int) -> ServerGame:
        """The game at ``table_no`` in ``session``, created from the seating and the ruleset if there is none.

        Raises:
            TournamentServerError: the table is not seated in that session, or this login may not open it.
        """
        with self._transaction("open the game") as connection:
            players = [
                r[0]
                for r in connection.execute(
                    "SELECT player FROM seatings WHERE session = %s AND table_no = %s ORDER BY seat",
                    (session, table_no),
                ).fetchall()
            ]
            if len(players) != 4:
                raise TournamentServerError(f"table {table_no} is not seated in session {session} yet")
            connection.execute(
                "INSERT INTO games (session, table_no, players, ruleset)"
                " SELECT %s, %s, %s, value FROM sk_meta WHERE key = 'ruleset'"
                " ON CONFLICT (session, table_no) DO NOTHING",
                (session, table_no, json.dumps(players)),
            )
            game_id = connection.execute(
                "SELECT id FROM games WHERE session = %s AND table_no = %s", (session, table_no)
            ).fetchone()
        assert game_id is not None
        return self.game(int(game_id[0]))

    def game(self, game_id: int) -> ServerGame:
        """One game as the server holds it.

        Raises:
            TournamentServerError: no such game (or not one this login may see).
        """
        with self._transaction("read the game") as connection:
            row = connection.execute(
                "SELECT session, table_no, players, ruleset, head, finished, version, applied_op FROM games"
                " WHERE id = %s",
                (game_id,),
            ).fetchone()
            bodies = connection.execute(
                "SELECT body FROM game_events WHERE game_id = %s ORDER BY seq", (game_id,)
            ).fetchall()
        if row is None:
            raise TournamentServerError(f"{self._where} has no game {game_id} that this login may see")
        session, table_no, players, rules, head, finished, version, applied = row
        return ServerGame(
            id=game_id,
            session=session,
            table_no=table_no,
            players=tuple(players),
            ruleset=rules,
            bodies=tuple(b[0] for b in bodies),
            head=head,
            finished=finished,
            version=version,
            applied_op=applied,
        )

    def games(self) -> tuple[dict[str, Any], ...]:
        """Every game this login may see at a glance: id, session, table, hand, scores, finished, head, updated."""
        with self._transaction("list the games") as connection:
            rows = connection.execute(
                "SELECT id, session, table_no, players, hand, scores, finished, head, version, updated FROM games"
                " ORDER BY session, table_no"
            ).fetchall()
        keys = ("id", "session", "table", "players", "hand", "scores", "finished", "head", "version", "updated")
        return tuple(dict(zip(keys, row, strict=True)) for row in rows)

    def push(self, game_id: int, ops: Sequence[OutboxOp]) -> PushResult:
        """Deliver a table's queued changes of ``game_id`` and apply what can be applied, in one transaction.

        Duplicates are ignored and gaps wait (see the module docstring). Returns the last applied number and,
        if the next unit was built on a position the game has left, why.

        Raises:
            TournamentServerError: the server cannot be reached, or refuses (another table's game: row-level
                security).
        """
        with self._transaction("take the table's changes") as connection:
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO pushed_ops (game_id, op, kind, seq, body, base, finished)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (game_id, op) DO NOTHING",
                    [(game_id, o.op, o.kind, o.seq, o.body, o.base, o.finished) for o in ops],
                )
            row = connection.execute(
                "SELECT head, version, table_version, applied_op FROM games WHERE id = %s FOR UPDATE", (game_id,)
            ).fetchone()
            if row is None:
                raise TournamentServerError(f"{self._where} has no game {game_id} that this login may write")
            head, version, table_version, applied = row
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
                base = op_row[4]
                if version != table_version or head != base:
                    conflict = (
                        f"game {game_id} changed on the server since this table's last write"
                        f" (server at event {head}, version {version}; the table wrote on event {base})"
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
                head = op_row[2]
                version += 1
                table_version = version
                applied = op_row[0]
                connection.execute(
                    "UPDATE games SET head = %s, finished = %s, version = %s, table_version = %s, applied_op = %s,"
                    " updated = now() WHERE id = %s",
                    (head, bool(op_row[5]), version, table_version, applied, game_id),
                )
                unit = []
            if applied != start_applied:
                self._refresh(connection, game_id)
        return PushResult(applied_op=applied, conflict=conflict)

    def forget_refused(self, game_id: int) -> ServerGame:
        """After a conflict: drop the table's refused changes and accept the server's copy as the new base.

        Returns the server's game, which the table then takes as its own (:meth:`LocalOutbox.adopt`).
        """
        with self._transaction("reset the table's queue") as connection:
            connection.execute(
                "DELETE FROM pushed_ops WHERE game_id = %s AND op > (SELECT applied_op FROM games WHERE id = %s)",
                (game_id, game_id),
            )
            connection.execute("UPDATE games SET table_version = version WHERE id = %s", (game_id,))
        return self.game(game_id)

    def append_as_referee(self, game_id: int, body: str, *, version: int) -> int:
        """The referee adds an event (a correction, a penalty, an end) to a game, built on ``version``.

        Returns the game's new version.

        Raises:
            SyncConflictError: the game is no longer at ``version`` (a table pushed in between): reload, retry.
            TournamentServerError: the server cannot be reached or refuses.
        """
        with self._transaction("correct the game") as connection:
            row = connection.execute("SELECT head, version FROM games WHERE id = %s FOR UPDATE", (game_id,)).fetchone()
            if row is None:
                raise TournamentServerError(f"{self._where} has no game {game_id}")
            head, current = row
            if current != version:
                raise SyncConflictError(
                    f"game {game_id} changed since it was read (version {version}, now {current}): reload it"
                )
            connection.execute("DELETE FROM game_events WHERE game_id = %s AND seq >= %s", (game_id, head))
            connection.execute(
                "INSERT INTO game_events (game_id, seq, body) VALUES (%s, %s, %s)", (game_id, head, body)
            )
            connection.execute(
                "UPDATE games SET head = %s, version = %s, updated = now() WHERE id = %s",
                (head + 1, current + 1, game_id),
            )
            self._refresh(connection, game_id)
        return int(current) + 1

    def _refresh(self, connection: psycopg.Connection[Any], game_id: int) -> None:
        """Recompute a game's scores and points from its log, and announce the change (same transaction)."""
        row = connection.execute(
            "SELECT players, ruleset, head, session, table_no FROM games WHERE id = %s", (game_id,)
        ).fetchone()
        assert row is not None
        players, rules, head, session, table_no = row
        bodies = connection.execute(
            "SELECT body FROM game_events WHERE game_id = %s AND seq < %s ORDER BY seq", (game_id, head)
        ).fetchall()
        try:
            game = Session(ruleset_of(rules), players, [event_from_json(json.loads(b[0])) for b in bodies])
        except (ScorekeeperError, ValueError) as error:
            # A log the table accepted but this program does not: keep the rows, leave the scores as they were.
            connection.execute(
                "UPDATE games SET hand = %s WHERE id = %s", (f"cannot be replayed: {error}"[:200], game_id)
            )
            return
        state = game.state
        points = state.standings().points_tenths
        connection.execute("DELETE FROM game_scores WHERE game_id = %s", (game_id,))
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO game_scores (game_id, seat, player, points_tenths) VALUES (%s, %s, %s, %s)",
                [(game_id, seat, players[seat], points[seat]) for seat in range(4)],
            )
        connection.execute(
            "UPDATE games SET hand = %s, scores = %s WHERE id = %s",
            ("end" if state.ended else state.hand_label, json.dumps(list(state.scores)), game_id),
        )
        payload = {"game": game_id, "session": session, "table": table_no, "head": head}
        connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps(payload)))

    # -- standings ---------------------------------------------------------------------------------------------

    def standings_rows(self) -> tuple[StandingsRow, ...]:
        """Every player's points (games' points plus penalties, tenths), games played and penalties, unranked."""
        with self._transaction("read the standings") as connection:
            rows = connection.execute(
                """
                WITH played AS (
                    SELECT player, sum(points_tenths) AS points, count(*) AS games FROM game_scores GROUP BY player
                ), fined AS (
                    SELECT player, sum(points) / 100 AS points FROM penalties GROUP BY player
                )
                SELECT coalesce(p.player, f.player), coalesce(p.points, 0), coalesce(p.games, 0), coalesce(f.points, 0)
                FROM played p FULL JOIN fined f ON f.player = p.player
                """
            ).fetchall()
        return tuple(
            StandingsRow(
                player=player,
                points_tenths=int(points) + int(fined),
                games=int(games),
                penalties_tenths=int(fined),
            )
            for player, points, games, fined in rows
        )

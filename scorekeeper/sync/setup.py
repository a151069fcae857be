"""Setting a tournament server up: the roles, row-level security, the change triggers, the logins and upgrades.

The admin's side (``scorekeeper server setup / upgrade / code``, the referee window's new table code); the tables'
and the referee's day-to-day exchanges are :mod:`scorekeeper.sync.server` and :mod:`scorekeeper.sync.push`. What
each role may do is written down in :mod:`scorekeeper.sync._pgschema` and docs/tournament.md.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from scorekeeper.errors import ScorekeeperError, TournamentServerError
from scorekeeper.session.events import EVENT_TYPES
from scorekeeper.storage import tournament_schema
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync import _pgschema
from scorekeeper.sync.channels import ANNOUNCED, CHANNEL
from scorekeeper.sync.connection import describe_url, open_connection, reason, tournament_id

__all__ = [
    "TableCode",
    "Upgrade",
    "create_table_login",
    "install",
    "issue_table_code",
    "make_code",
    "table_role",
    "upgrade",
]

#: The alphabet of table codes: no 0/O, 1/I/L, so a code read off a screen is typed right.
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def make_code() -> str:
    """A fresh table code (a password), three groups of four characters: ``K7QX-M2PD-9TRA``."""
    return "-".join("".join(secrets.choice(_CODE_ALPHABET) for _ in range(4)) for _ in range(3))


def table_role(database: str, tournament_id: int, table_no: int) -> str:
    """The login role of table ``table_no``: ``<db>_table<N>`` (``<db>_t<T>_table<N>`` past the first tournament)."""
    return f"{database}_table{table_no}" if tournament_id == 1 else f"{database}_t{tournament_id}_table{table_no}"


def _names(database: str) -> dict[str, sql.Composable]:
    return {
        "database": sql.Identifier(database),
        "referee": sql.Identifier(f"{database}_referee"),
        "tables": sql.Identifier(f"{database}_tables"),
    }


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
    with open_connection(admin_url, autocommit=True) as connection:  # the store's migrate runs its own BEGIN ... COMMIT
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
                _set_password(connection, f"{database}_referee", referee_password)
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
                f"cannot prepare the tournament in {describe_url(admin_url)}: {reason(error)}"
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
    of a table its policies do not name (:data:`_pgschema.TABLE_POLICIES`). The tables' group's policies, the
    grants and the announcing function are written again every time, so an upgrade also brings them up to date (a
    server set up before issue 27 gets the games policies that bind a table to its seating).
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
    _renew_table_policies(connection, names)
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
    for table in ANNOUNCED:
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
    _check_events(connection)
    return secured


def _check_events(connection: psycopg.Connection[Any]) -> None:
    """Make the database refuse an event row whose body is not a JSON object of an event type this program reads.

    Issue 23 item 1: a table's login may write its own game's events (``_pgschema``), and a row this program cannot
    read locked the referee out of the whole tournament. PL/pgSQL cannot replay the rules, so the database checks
    what it can without them (the body is a JSON object, its ``type`` one of :data:`EVENT_TYPES`: a newer
    program's event kind, a damaged file's row or ``{"type": "bogus"}`` from ``psql`` is refused, whoever writes
    it); the push replays each unit before it takes it (``scorekeeper.sync.push``); and what still gets in (a
    well-formed event the rules refuse, written with ``psql``) is held apart when the tournament is loaded, shown as
    "cannot be replayed", and the referee cuts it back (``scorekeeper.sync.referee``). The list of types is this
    program's: ``server upgrade`` with a newer program lets that program's new kinds in.
    """
    for kind in EVENT_TYPES:
        assert kind.isidentifier() and kind.islower(), kind  # spelled into the function's text below
    known = "ARRAY[" + ", ".join(f"'{kind}'" for kind in EVENT_TYPES) + "]"
    connection.execute(
        "CREATE OR REPLACE FUNCTION sk_check_event() RETURNS trigger LANGUAGE plpgsql AS $$"
        " DECLARE event jsonb; BEGIN"
        " BEGIN event := NEW.body::jsonb;"
        " EXCEPTION WHEN others THEN RAISE EXCEPTION USING ERRCODE = 'check_violation',"
        " MESSAGE = format('game %s event %s is not JSON', NEW.game_id, NEW.seq); END;"
        " IF jsonb_typeof(event) IS DISTINCT FROM 'object' OR jsonb_typeof(event->'type') IS DISTINCT FROM 'string'"
        f" OR NOT (event->>'type' = ANY({known})) THEN"
        " RAISE EXCEPTION USING ERRCODE = 'check_violation',"
        " MESSAGE = format('game %s event %s: %s is not an event of a type this server takes (%s)',"
        f" NEW.game_id, NEW.seq, left(NEW.body, 80), array_to_string({known}, ', ')),"
        " HINT = 'a table running a newer program: the tournament''s admin runs server upgrade with that program';"
        " END IF; RETURN NEW; END $$"
    )
    if not connection.execute(
        "SELECT 1 FROM pg_trigger WHERE tgname = 'sk_check_event' AND tgrelid = 'game_events'::regclass"
    ).fetchone():
        connection.execute(
            "CREATE TRIGGER sk_check_event BEFORE INSERT OR UPDATE OF body ON game_events FOR EACH ROW"
            " EXECUTE FUNCTION sk_check_event()"
        )


def _renew_table_policies(connection: psycopg.Connection[Any], names: dict[str, sql.Composable]) -> None:
    """Drop the tables' group's policies on every table of the layout and create them from
    :data:`_pgschema.TABLE_POLICIES` (their names all begin ``tables_``), in the caller's transaction."""
    layout = _pgschema.layout_tables()
    for table, policy in connection.execute(
        "SELECT tablename, policyname FROM pg_policies WHERE schemaname = current_schema()"
        " AND tablename = ANY(%s) AND policyname LIKE 'tables\\_%%'",
        (list(layout),),
    ).fetchall():
        connection.execute(sql.SQL("DROP POLICY {} ON {}").format(sql.Identifier(policy), sql.Identifier(table)))
    for table in layout:
        for statement in _pgschema.TABLE_POLICIES.get(table, ()):
            connection.execute(sql.SQL(statement).format(**names))


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


def _set_password(connection: psycopg.Connection[Any], role: str, password: str) -> None:
    """Let ``role`` log in with ``password``, which never reaches the server: libpq makes its SCRAM-SHA-256 verifier
    here, as psql's ``\\password`` does, and only that is sent (issue 27 item 2: a password in the statement's text
    was written to the server's log when statement logging was on)."""
    verifier = connection.pgconn.encrypt_password(password.encode(), role.encode(), b"scram-sha-256")
    connection.execute(
        sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(verifier.decode("ascii")))
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCode:
    """A table's new code, with what a join code needs besides (``scorekeeper.sync.join_code``).

    Attributes:
        code: the table's code (its login's password).
        database: the tournament's database.
        tournament_id: which tournament of the database.
        table_no: the table.
    """

    code: str
    database: str
    tournament_id: int
    table_no: int


def create_table_login(admin_url: str, table_no: int, *, tournament: str | None = None) -> str:
    """Create (or renew) table ``table_no``'s login (:func:`table_role`) and return its new code (its password).

    Raises:
        TournamentServerError: the server cannot be reached or refuses.
        TournamentError: no such tournament (or several and no name).
        ValueError: for a table number below 1.
    """
    return issue_table_code(admin_url, table_no, tournament=tournament).code


def issue_table_code(admin_url: str, table_no: int, *, tournament: str | None = None) -> TableCode:
    """Create (or renew) table ``table_no``'s login and return its new code with its database and tournament.

    Raises:
        TournamentServerError: the server cannot be reached or refuses.
        TournamentError: no such tournament (or several and no name).
        ValueError: for a table number below 1.
    """
    if table_no < 1:
        raise ValueError(f"table numbers start at 1, got {table_no}")
    code = make_code()
    with open_connection(admin_url) as connection:
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
                _set_password(connection, role, code)
                connection.execute(
                    "INSERT INTO table_logins (role, tournament_id, table_no) VALUES (%s, %s, %s)"
                    " ON CONFLICT (role) DO NOTHING",
                    (role, tid, table_no),
                )
        except psycopg.Error as error:
            raise TournamentServerError(f"cannot create the login of table {table_no}: {reason(error)}") from None
    return TableCode(code=code, database=database, tournament_id=tid, table_no=table_no)

"""The tournament store's tables, written once, rendered for SQLite and for PostgreSQL.

One description (:data:`MIGRATIONS`, a list of steps per version) makes both stores' DDL through
:func:`migration_statements`, so the two cannot drift (issue 13, "Schema migrations for both stores from one
description"). Types are kept to what both engines treat alike: whole numbers (SQLite ``INTEGER``, PostgreSQL
``BIGINT``) and text (JSON is stored as text; timestamps as ISO 8601 UTC text). Booleans are 0/1 integers with a
check. ``table`` is an SQL keyword, so table numbers are ``table_no``.

Version history:

* 1: ``tournaments``, ``players``, ``seats``, ``games``, ``game_events``, ``penalties`` and ``schema_version``.
* 2: the tables' sync on a server (``scorekeeper/sync/server.py``): ``game_sync`` (a game's write version, the
  version after its table's last write, the table's last applied change number, the hand and scores at a glance),
  ``pushed_ops`` (the changes tables pushed, keyed by game and change number), ``game_scores`` (each game's points
  per player, a fast sum of the standings: no longer written or read, see docs/tournament.md; left in the layout, as
  dropping it would need the table's owner and would break a referee's login on an installed server) and
  ``table_logins`` (which database login is which table). A SQLite tournament has them too, empty: one description
  for both.

* 3: ``disqualifications`` (a referee's disqualification of a player and why; the player's ``dropped_after`` says
  after which session they are out).
* 4: ``penalty_kinds`` (what a referee's penalty is for: the EMA 2025 annex's point penalties).
* 5: ``game_signatures`` (a game's score sheet recorded as signed by its players, EMA 2025 7.5).
* 6: ``byes`` (who sat a session out, in a tournament whose field that is not a multiple of four takes byes; issue
  26).

The version is the single row of ``schema_version`` in both engines; a SQLite file is also marked with
``PRAGMA application_id`` (:data:`SQLITE_APPLICATION_ID`) so that a game store or a stranger's file is refused.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "CURRENT_VERSION",
    "MIGRATIONS",
    "SQLITE_APPLICATION_ID",
    "Column",
    "ColumnType",
    "CreateIndex",
    "CreateTable",
    "Dialect",
    "ForeignKey",
    "migration_statements",
    "newer_message",
    "outdated_message",
]

#: ``PRAGMA application_id`` of a tournament database: the bytes "SKTN".
SQLITE_APPLICATION_ID = 0x534B544E


class Dialect(enum.StrEnum):
    """The database engines the description renders for."""

    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


class ColumnType(enum.StrEnum):
    """A column's type, in words both engines share."""

    INTEGER = "integer"  # 64-bit whole number
    TEXT = "text"
    FLAG = "flag"  # 0 or 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Column:
    """A column: name, type, whether it may be NULL, and a default (SQL literal text)."""

    name: str
    type: ColumnType
    nullable: bool = False
    default: str | None = None
    check: str | None = None  # an SQL condition on this column, valid in both engines


@dataclass(frozen=True, slots=True, kw_only=True)
class ForeignKey:
    """Columns referencing another table's key; rows go with the row they reference."""

    columns: tuple[str, ...]
    table: str
    references: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTable:
    """A new table."""

    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    unique: tuple[tuple[str, ...], ...] = ()
    foreign_keys: tuple[ForeignKey, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateIndex:
    """A new index."""

    name: str
    table: str
    columns: tuple[str, ...]


Step = CreateTable | CreateIndex

_I, _T, _F = ColumnType.INTEGER, ColumnType.TEXT, ColumnType.FLAG


def _tournament_key() -> ForeignKey:
    return ForeignKey(columns=("tournament_id",), table="tournaments", references=("id",))


_V1: tuple[Step, ...] = (
    CreateTable(name="schema_version", columns=(Column(name="version", type=_I),), primary_key=("version",)),
    CreateTable(
        name="tournaments",
        columns=(
            Column(name="id", type=_I, check="id > 0"),
            Column(name="name", type=_T),
            Column(name="settings", type=_T),  # TournamentSettings.to_json()
            Column(name="created", type=_T),
        ),
        primary_key=("id",),
        unique=(("name",),),
    ),
    CreateTable(
        name="players",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="name", type=_T),
            Column(name="position", type=_I),  # registration order
            Column(name="ema_id", type=_T, default="''"),
            Column(name="country", type=_T, default="''"),
            Column(name="club", type=_T, default="''"),
            Column(name="team", type=_T, default="''"),
            Column(name="substitute", type=_F, default="0"),
            Column(name="dropped_after", type=_I, nullable=True),
            Column(name="fixed_table", type=_I, nullable=True),
        ),
        primary_key=("tournament_id", "name"),
        foreign_keys=(_tournament_key(),),
    ),
    CreateTable(
        name="seats",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="session", type=_I, check="session > 0"),
            Column(name="table_no", type=_I, check="table_no > 0"),
            Column(name="seat", type=_I, check="seat BETWEEN 0 AND 3"),  # 0 East ... 3 North
            Column(name="player", type=_T),
        ),
        primary_key=("tournament_id", "session", "table_no", "seat"),
        unique=(("tournament_id", "session", "player"),),
        foreign_keys=(
            _tournament_key(),
            ForeignKey(columns=("tournament_id", "player"), table="players", references=("tournament_id", "name")),
        ),
    ),
    CreateTable(
        name="games",
        columns=(
            Column(name="game_id", type=_T),
            Column(name="tournament_id", type=_I),
            Column(name="session", type=_I, check="session > 0"),
            Column(name="table_no", type=_I, check="table_no > 0"),
            Column(name="players", type=_T),  # JSON list of four names, East first
            Column(name="head", type=_I, default="0", check="head >= 0"),  # events in effect: seq < head
            Column(name="finished", type=_F, default="0"),
            Column(name="updated", type=_T),
        ),
        primary_key=("game_id",),
        unique=(("tournament_id", "session", "table_no"),),
        foreign_keys=(_tournament_key(),),
    ),
    CreateTable(
        name="game_events",
        columns=(
            Column(name="game_id", type=_T),
            Column(name="seq", type=_I, check="seq >= 0"),
            Column(name="body", type=_T),  # scorekeeper.session.events.event_to_json, as JSON text
        ),
        primary_key=("game_id", "seq"),
        foreign_keys=(ForeignKey(columns=("game_id",), table="games", references=("game_id",)),),
    ),
    CreateTable(
        name="penalties",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="id", type=_I),
            Column(name="player", type=_T),
            Column(name="session", type=_I, nullable=True),  # NULL: for the tournament
            Column(name="points", type=_I),  # table points: -20000 is -20.0
            Column(name="reason", type=_T),
            Column(name="created", type=_T),
        ),
        primary_key=("tournament_id", "id"),
        foreign_keys=(
            _tournament_key(),
            ForeignKey(columns=("tournament_id", "player"), table="players", references=("tournament_id", "name")),
        ),
    ),
    CreateIndex(name="games_by_tournament", table="games", columns=("tournament_id", "session")),
)


#: ``MIGRATIONS[n]`` turns a version-``n`` database into version ``n + 1``.
def _game_key() -> ForeignKey:
    return ForeignKey(columns=("game_id",), table="games", references=("game_id",))


_V2: tuple[Step, ...] = (
    CreateTable(
        name="game_sync",
        columns=(
            Column(name="game_id", type=_T),
            Column(name="version", type=_I, default="0"),  # every write to the game, a table's or the referee's
            Column(name="table_version", type=_I, default="0"),  # the version right after the table's last write
            Column(name="applied_op", type=_I, default="0"),  # the table's last applied change number
            Column(name="hand", type=_T, default="''"),  # the hand being played ("E3-1"), "end" once over
            Column(name="scores", type=_T, default="'[]'"),  # JSON: the four scores now
        ),
        primary_key=("game_id",),
        foreign_keys=(_game_key(),),
    ),
    CreateTable(
        name="pushed_ops",
        columns=(
            Column(name="game_id", type=_T),
            Column(name="op", type=_I, check="op >= 1"),
            Column(name="kind", type=_T, check="kind IN ('put', 'drop', 'head')"),
            Column(name="seq", type=_I),
            Column(name="body", type=_T, nullable=True),
            Column(name="base", type=_I, nullable=True),
            Column(name="finished", type=_F, nullable=True),
        ),
        primary_key=("game_id", "op"),
        foreign_keys=(_game_key(),),
    ),
    CreateTable(
        name="game_scores",
        columns=(
            Column(name="game_id", type=_T),
            Column(name="seat", type=_I, check="seat BETWEEN 0 AND 3"),
            Column(name="tournament_id", type=_I),
            Column(name="player", type=_T),
            Column(name="points_tenths", type=_I),
        ),
        primary_key=("game_id", "seat"),
        foreign_keys=(_game_key(),),
    ),
    CreateIndex(name="game_scores_by_tournament", table="game_scores", columns=("tournament_id", "player")),
    CreateTable(
        name="table_logins",
        columns=(
            Column(name="role", type=_T),
            Column(name="tournament_id", type=_I),
            Column(name="table_no", type=_I, check="table_no > 0"),
        ),
        primary_key=("role",),
        unique=(("tournament_id", "table_no"),),
        foreign_keys=(_tournament_key(),),
    ),
)

_V3: tuple[Step, ...] = (
    # The referee's disqualifications (EMA 2025 6.12, RCR 2016 5.8): a table of its own, so a table's login, which
    # has no grant and no policy on it, can neither read nor write one (sync/_pgschema.py).
    CreateTable(
        name="disqualifications",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="player", type=_T),
            Column(name="reason", type=_T),
            Column(name="created", type=_T),
        ),
        primary_key=("tournament_id", "player"),
        foreign_keys=(_tournament_key(),),
    ),
)

_V4: tuple[Step, ...] = (
    # What a referee's penalty is for, as the EMA 2025 annex lists point penalties (PenaltyKind); a penalty with no
    # row here is a free amount. The referee's alone, as penalties.
    CreateTable(
        name="penalty_kinds",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="id", type=_I),
            Column(name="kind", type=_T),
        ),
        primary_key=("tournament_id", "id"),
        foreign_keys=(
            ForeignKey(columns=("tournament_id", "id"), table="penalties", references=("tournament_id", "id")),
        ),
    ),
)

_V5: tuple[Step, ...] = (
    # A game's score sheet signed by its players, as the referee records it (EMA 2025 7.5). The referee's alone: a
    # table's login has no grant or policy on it (a table cannot sign for its players).
    CreateTable(
        name="game_signatures",
        columns=(Column(name="game_id", type=_T), Column(name="created", type=_T)),
        primary_key=("game_id",),
        foreign_keys=(_game_key(),),
    ),
)

_V6: tuple[Step, ...] = (
    # Who sits a session out (TournamentSettings.short_field "byes"), in the order chosen. Stored, not derived from
    # who is not seated: a late player was not seated in the sessions before they came, and has no bye in them.
    # The referee's alone, as the seats are written: a table's login has no grant or policy on it.
    CreateTable(
        name="byes",
        columns=(
            Column(name="tournament_id", type=_I),
            Column(name="session", type=_I, check="session > 0"),
            Column(name="position", type=_I, check="position >= 0"),
            Column(name="player", type=_T),
        ),
        primary_key=("tournament_id", "session", "player"),
        foreign_keys=(
            _tournament_key(),
            ForeignKey(columns=("tournament_id", "player"), table="players", references=("tournament_id", "name")),
        ),
    ),
)

MIGRATIONS: tuple[tuple[Step, ...], ...] = (_V1, _V2, _V3, _V4, _V5, _V6)
#: The layout this program writes.
CURRENT_VERSION = len(MIGRATIONS)


def _type(column: Column, dialect: Dialect) -> str:
    match column.type:
        case ColumnType.INTEGER | ColumnType.FLAG:
            return "BIGINT" if dialect is Dialect.POSTGRESQL else "INTEGER"
        case ColumnType.TEXT:
            return "TEXT"


def _column(column: Column, dialect: Dialect) -> str:
    parts = [column.name, _type(column, dialect)]
    if not column.nullable:
        parts.append("NOT NULL")
    if column.default is not None:
        parts.append(f"DEFAULT {column.default}")
    checks = [column.check] if column.check else []
    if column.type is ColumnType.FLAG:
        checks.append(f"{column.name} IN (0, 1)")
    parts.extend(f"CHECK ({check})" for check in checks)
    return " ".join(parts)


def _render(step: Step, dialect: Dialect) -> str:
    match step:
        case CreateTable():
            lines = [_column(c, dialect) for c in step.columns]
            lines.append(f"PRIMARY KEY ({', '.join(step.primary_key)})")
            lines.extend(f"UNIQUE ({', '.join(u)})" for u in step.unique)
            lines.extend(
                f"FOREIGN KEY ({', '.join(fk.columns)}) REFERENCES {fk.table} ({', '.join(fk.references)}) "
                "ON DELETE CASCADE"
                for fk in step.foreign_keys
            )
            return f"CREATE TABLE {step.name} (\n    " + ",\n    ".join(lines) + "\n)"
        case CreateIndex():
            return f"CREATE INDEX {step.name} ON {step.table} ({', '.join(step.columns)})"


def migration_statements(dialect: Dialect, start: int, stop: int = CURRENT_VERSION) -> list[str]:
    """The DDL that takes a version-``start`` database to version ``stop`` in ``dialect``, version row included.

    Run them in one transaction (both engines have transactional DDL).
    """
    statements = [_render(step, dialect) for version in range(start, stop) for step in MIGRATIONS[version]]
    if start == 0:
        statements.append(f"INSERT INTO schema_version (version) VALUES ({int(stop)})")
    else:
        statements.append(f"UPDATE schema_version SET version = {int(stop)}")
    return statements


#: What the tournament's admin runs to create a server's tables, logins and codes (docs/tournament.md, "Server").
SETUP_COMMAND = "scorekeeper server setup --db ADMIN_URL --tables N"
#: What the tournament's admin runs to bring a server's tables up to date, keeping every login and code.
UPGRADE_COMMAND = "scorekeeper server upgrade --db ADMIN_URL"


def newer_message(where: str, version: int, dialect: Dialect) -> str:
    """Why a database whose tables are ``version``, newer than this program's, is refused (and left untouched)."""
    older = "the server" if dialect is Dialect.POSTGRESQL else "the program that wrote this file"
    return (
        f"{where}: the tournament tables are version {int(version)}, newer than this program's "
        f"({CURRENT_VERSION}): this program is older than {older}; install the scorekeeper version the "
        "tournament uses. The database is left untouched"
    )


def outdated_message(where: str, version: int, login: str) -> str:
    """Why a server whose tables are ``version``, older than this program's, is not used by a ``login`` that may not
    update them: a referee's or a table's login cannot create or alter tables (docs/tournament.md, "Server")."""
    if version == 0:
        have, run, keeps = "holds no tournament tables", SETUP_COMMAND, ""
    else:
        have, run = f"has tournament tables of version {int(version)}", UPGRADE_COMMAND
        keeps = " (the referee's password and the tables' codes stay as they are)"
    return (
        f"{where} {have}, and this program needs version {CURRENT_VERSION}; the login {login!r:.80} may not "
        f"update them: the tournament's admin runs `{run}` (with the database owner's or a superuser's URL) once, "
        f"then this works{keeps}"
    )

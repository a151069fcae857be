"""The database layout, its version history and the forward migrations.

The version lives in SQLite's own header (``PRAGMA user_version``), next to an ``application_id`` that marks the
file as ours, so both can be read from the first 100 bytes of the file before SQLite is even asked to open it:
a file from a newer program is refused without a single byte of it being written.

Version history:

* 0: an empty file (or none): nothing there yet.
* 1: the first layout. ``games`` (id, created, players JSON, ruleset JSON, finished) and ``events`` (game id,
  sequence, event JSON). Undo deleted the last event row, so a restart lost the redo list.
* 2: undone events are kept for redo: ``games.head`` counts the events that are in effect (rows with a sequence
  at or past it are the redo list), ``games.updated`` says when the game last changed, and an index finds the
  unfinished game the app reopens on start.
* 3: ``games.revision`` counts the writes to a game's log. A write names the position it was built on (head and
  revision, ``GameStore.position``) and is refused if the game has changed since (issue 10): the head alone
  would not see another window undo an event and append a different one.
* 4: a tournament table's outbox (issue 13, see ``scorekeeper/storage/outbox.py``). ``sync_games`` links a local
  game to its game on the tournament's PostgreSQL server; ``outbox`` holds every change to a linked game's rows
  not yet acknowledged by the server, numbered per game (``op``) in the order it happened. Triggers on ``events``
  and ``games`` write the outbox rows, so an outbox row is committed in the very transaction that changes the
  game, by every write path, and nothing needs to remember to record it.
* 5: the player registry and statistics (issue 14). ``players`` holds one row per person (``merged_into`` points
  at the entry a duplicate was merged into; unmerging clears it); ``seats`` says which player sat at each seat of
  each game (no row, or a NULL player: a guest); ``games.fingerprint`` is the hash of an imported record, so that
  importing the same game twice changes nothing; ``game_stats`` caches each finished game's statistics lines
  (keyed by the game's ``revision`` when they were folded, so any write to the game makes them stale). The migration
  enters every name found in the stored games once, and seats each game's players.
* 6: a substitute who took a seat during a game (a ``PlayerReplaced`` event, ``{"type": "substitute"}``) is a
  registry entry like the four who sat down: ``substitutes`` says which entry each (game, seat, name in the log)
  is, so a rename or merge follows them into statistics as it follows ``seats`` (before, statistics matched them by
  name, and a renamed substitute fell back to a guest). The name is the key because the log keeps the name played
  under (a rename rewrites ``games.players`` but never a log). Triggers on ``events`` bind each substitute event
  written by any path (an append, a rewritten log, an import, a server's copy taken by a tournament table) to the
  oldest entry of exactly that name, made if there is none, as a name at the table joins on a new game. The
  migration binds the substitutes already stored as statistics matched them (the oldest entry whose name is the
  same without case, after merges), and enters the ones with no entry (they were guests in statistics).

Every migration runs inside one transaction together with the version bump, so a crash mid-migration leaves the
old version intact; the store also copies the file aside before migrating (see ``GameStore.open``).
"""

from __future__ import annotations

import json
import sqlite3
import struct
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "APPLICATION_ID",
    "CURRENT_VERSION",
    "MIGRATIONS",
    "SQLITE_MAGIC",
    "Header",
    "create_schema",
    "migrate",
    "read_header",
]

#: ``PRAGMA application_id`` of a scorekeeper database: the bytes "SKPR".
APPLICATION_ID = 0x534B5052

#: The layout this program writes.
CURRENT_VERSION = 6

#: The first 16 bytes of every SQLite 3 database file (https://www.sqlite.org/fileformat.html, 1.3).
SQLITE_MAGIC = b"SQLite format 3\x00"

# Offsets in the 100-byte database header (https://www.sqlite.org/fileformat.html, 1.3): user version at 60,
# application id at 68, both 4-byte big-endian integers.
_USER_VERSION_OFFSET = 60
_APPLICATION_ID_OFFSET = 68
HEADER_SIZE = 100


@dataclass(frozen=True, slots=True)
class Header:
    """What the first 100 bytes of a database file say about it."""

    user_version: int
    application_id: int


def read_header(data: bytes) -> Header:
    """Read the version and application id from the first 100 bytes of an SQLite file.

    The caller has checked the length and the magic string.
    """
    (user_version,) = struct.unpack_from(">i", data, _USER_VERSION_OFFSET)
    (application_id,) = struct.unpack_from(">i", data, _APPLICATION_ID_OFFSET)
    return Header(user_version=user_version, application_id=application_id)


_V1 = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        players TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
    )
    """,
    """
    CREATE TABLE events (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        body TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
)

_V1_TO_V2 = (
    "ALTER TABLE games ADD COLUMN head INTEGER NOT NULL DEFAULT 0 CHECK (head >= 0)",
    "ALTER TABLE games ADD COLUMN updated TEXT NOT NULL DEFAULT ''",
    # Version 1 deleted undone events, so every stored event is in effect.
    "UPDATE games SET head = (SELECT count(*) FROM events WHERE events.game_id = games.id), updated = created",
    "CREATE INDEX games_by_finished ON games (finished, updated)",
)


_V2_TO_V3 = ("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0)",)

# Each change to a linked game's rows becomes one outbox row: ``put`` (an event row written at ``seq``), ``drop``
# (the row at ``seq`` removed) or ``head`` (the game's head and finished flag after a write, with the head it was
# built on). Every write of the store ends by moving the head, so a ``head`` row closes each transaction's changes:
# the server applies the rows up to a ``head`` row as one unit. ``paused`` lets the outbox rewrite a game from the
# server's copy without echoing it back.
_V3_TO_V4 = (
    """
    CREATE TABLE sync_games (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        link TEXT NOT NULL,
        server_game INTEGER NOT NULL,
        next_op INTEGER NOT NULL DEFAULT 1 CHECK (next_op >= 1),
        acked_op INTEGER NOT NULL DEFAULT 0 CHECK (acked_op >= 0),
        paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        problem TEXT NOT NULL DEFAULT ''
    )
    """,
    """
    CREATE TABLE outbox (
        game_id INTEGER NOT NULL REFERENCES sync_games (game_id) ON DELETE CASCADE,
        op INTEGER NOT NULL CHECK (op >= 1),
        kind TEXT NOT NULL CHECK (kind IN ('put', 'drop', 'head')),
        seq INTEGER NOT NULL,
        body TEXT,
        base INTEGER,
        finished INTEGER,
        queued TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (game_id, op)
    ) WITHOUT ROWID
    """,
    """
    CREATE TRIGGER outbox_put AFTER INSERT ON events
    WHEN (SELECT paused FROM sync_games WHERE game_id = NEW.game_id) = 0
    BEGIN
        INSERT INTO outbox (game_id, op, kind, seq, body)
            SELECT NEW.game_id, next_op, 'put', NEW.seq, NEW.body FROM sync_games WHERE game_id = NEW.game_id;
        UPDATE sync_games SET next_op = next_op + 1 WHERE game_id = NEW.game_id;
    END
    """,
    """
    CREATE TRIGGER outbox_rewrite AFTER UPDATE ON events
    WHEN (SELECT paused FROM sync_games WHERE game_id = NEW.game_id) = 0
    BEGIN
        INSERT INTO outbox (game_id, op, kind, seq, body)
            SELECT NEW.game_id, next_op, 'put', NEW.seq, NEW.body FROM sync_games WHERE game_id = NEW.game_id;
        UPDATE sync_games SET next_op = next_op + 1 WHERE game_id = NEW.game_id;
    END
    """,
    """
    CREATE TRIGGER outbox_drop AFTER DELETE ON events
    WHEN (SELECT paused FROM sync_games WHERE game_id = OLD.game_id) = 0
    BEGIN
        INSERT INTO outbox (game_id, op, kind, seq)
            SELECT OLD.game_id, next_op, 'drop', OLD.seq FROM sync_games WHERE game_id = OLD.game_id;
        UPDATE sync_games SET next_op = next_op + 1 WHERE game_id = OLD.game_id;
    END
    """,
    """
    CREATE TRIGGER outbox_head AFTER UPDATE OF head, finished ON games
    WHEN (SELECT paused FROM sync_games WHERE game_id = NEW.id) = 0
    BEGIN
        INSERT INTO outbox (game_id, op, kind, seq, base, finished)
            SELECT NEW.id, next_op, 'head', NEW.head, OLD.head, NEW.finished FROM sync_games WHERE game_id = NEW.id;
        UPDATE sync_games SET next_op = next_op + 1 WHERE game_id = NEW.id;
    END
    """,
)


_V4_TO_V5 = (
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        merged_into INTEGER REFERENCES players (id),
        CHECK (merged_into IS NULL OR merged_into != id)
    )
    """,
    "CREATE INDEX players_by_name ON players (name)",
    """
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        player_id INTEGER REFERENCES players (id),
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX seats_by_player ON seats (player_id)",
    "ALTER TABLE games ADD COLUMN fingerprint TEXT",
    "CREATE UNIQUE INDEX games_by_fingerprint ON games (fingerprint) WHERE fingerprint IS NOT NULL",
    """
    CREATE TABLE game_stats (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        version INTEGER NOT NULL,
        body TEXT NOT NULL
    )
    """,
)


def _seat_existing_players(connection: sqlite3.Connection) -> None:
    """Enter each name of the stored games once (an empty name is a guest) and seat every game's players.

    A row whose player list cannot be read is left without seats: the store reports it as damaged anyway.
    """
    ids: dict[str, int] = {}
    rows = connection.execute("SELECT id, created, players FROM games ORDER BY id").fetchall()
    for game_id, created, players_text in rows:
        try:
            text = players_text.decode("utf-8") if isinstance(players_text, bytes) else players_text
            names = json.loads(text)
        except (UnicodeDecodeError, TypeError, ValueError):
            continue
        if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
            continue
        for seat, name in enumerate(names):
            key = name.strip()
            if not key:
                continue
            if key not in ids:
                cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, created))
                assert cursor.lastrowid is not None
                ids[key] = cursor.lastrowid
            connection.execute(
                "INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)", (game_id, seat, ids[key])
            )


def _v4_to_v5(connection: sqlite3.Connection) -> None:
    _run(_V4_TO_V5)(connection)
    _seat_existing_players(connection)


# A substitute event's fields, read only from a well-formed body (a CASE is evaluated lazily, so json_extract never
# sees a body that is not JSON; a damaged row is the store's to report, not a reason to refuse the write).
_SUB_NAME = "CASE WHEN json_valid(NEW.body) THEN json_extract(NEW.body, '$.player') END"
_SUB_SEAT = "CASE WHEN json_valid(NEW.body) THEN json_extract(NEW.body, '$.seat') END"
_IS_SUBSTITUTE = (
    "CASE WHEN json_valid(NEW.body) THEN json_extract(NEW.body, '$.type') = 'substitute'"
    " AND typeof(json_extract(NEW.body, '$.player')) = 'text'"
    " AND length(trim(json_extract(NEW.body, '$.player'))) > 0"
    " AND typeof(json_extract(NEW.body, '$.seat')) = 'integer'"
    " AND json_extract(NEW.body, '$.seat') BETWEEN 0 AND 3 ELSE 0 END"
)
# The binding, for the INSERT and the UPDATE trigger alike: enter the name if no entry has it, then bind the
# substitute (an existing binding stays: a rename or a merge since must not be undone by a rewrite of the log).
_BIND_SUBSTITUTE = f"""
    WHEN {_IS_SUBSTITUTE}
    BEGIN
        INSERT INTO players (name, created)
            SELECT trim({_SUB_NAME}), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
            WHERE NOT EXISTS (SELECT 1 FROM players WHERE name = trim({_SUB_NAME}))
            AND NOT EXISTS (
                SELECT 1 FROM substitutes WHERE game_id = NEW.game_id AND seat = {_SUB_SEAT} AND name = {_SUB_NAME}
            );
        INSERT OR IGNORE INTO substitutes (game_id, seat, name, player_id)
            SELECT NEW.game_id, {_SUB_SEAT}, {_SUB_NAME},
                (SELECT id FROM players WHERE name = trim({_SUB_NAME}) ORDER BY id LIMIT 1);
    END
"""

_V5_TO_V6 = (
    """
    CREATE TABLE substitutes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        name TEXT NOT NULL,
        player_id INTEGER REFERENCES players (id),
        PRIMARY KEY (game_id, seat, name)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX substitutes_by_player ON substitutes (player_id)",
    f"CREATE TRIGGER substitute_put AFTER INSERT ON events {_BIND_SUBSTITUTE}",
    f"CREATE TRIGGER substitute_rewrite AFTER UPDATE OF body ON events {_BIND_SUBSTITUTE}",
)


def _bind_existing_substitutes(connection: sqlite3.Connection) -> None:
    """Bind every substitute event already stored to the entry statistics matched them with until version 5 (the
    oldest entry whose name is the same without case, followed through merges), or to a new entry of their name.

    Rows that cannot be read are left alone: the store reports the game as damaged anyway.
    """
    entries = connection.execute("SELECT id, name, merged_into, created FROM players ORDER BY id").fetchall()
    merged = {int(r[0]): (None if r[2] is None else int(r[2])) for r in entries}
    by_name: dict[str, int] = {}
    for entry, name, _, _ in entries:
        root = int(entry)
        seen = {root}
        while (target := merged.get(root)) is not None and target not in seen:
            root = target
            seen.add(root)
        text = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
        by_name.setdefault(text.casefold(), root)
    rows = connection.execute(
        "SELECT e.game_id, e.body, g.created FROM events e JOIN games g ON g.id = e.game_id ORDER BY e.game_id, e.seq"
    ).fetchall()
    for game_id, body, created in rows:
        try:
            text = body.decode("utf-8") if isinstance(body, bytes) else body
            event = json.loads(text)
        except (UnicodeDecodeError, TypeError, ValueError):
            continue
        if not isinstance(event, dict) or event.get("type") != "substitute":
            continue
        name, seat = event.get("player"), event.get("seat")
        if not isinstance(name, str) or not name.strip() or type(seat) is not int or not 0 <= seat <= 3:
            continue
        key = name.strip()
        if key.casefold() not in by_name:
            cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, created))
            assert cursor.lastrowid is not None
            by_name[key.casefold()] = cursor.lastrowid
        connection.execute(
            "INSERT OR IGNORE INTO substitutes (game_id, seat, name, player_id) VALUES (?, ?, ?, ?)",
            (game_id, seat, name, by_name[key.casefold()]),
        )


def _v5_to_v6(connection: sqlite3.Connection) -> None:
    _run(_V5_TO_V6)(connection)
    _bind_existing_substitutes(connection)


def _run(statements: tuple[str, ...]) -> Callable[[sqlite3.Connection], None]:
    def step(connection: sqlite3.Connection) -> None:
        for statement in statements:
            connection.execute(statement)

    return step


#: ``MIGRATIONS[n]`` turns a version-``n`` database into version ``n + 1``.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _run(_V1),
    _run(_V1_TO_V2),
    _run(_V2_TO_V3),
    _run(_V3_TO_V4),
    _v4_to_v5,
    _v5_to_v6,
)

assert len(MIGRATIONS) == CURRENT_VERSION


def create_schema(connection: sqlite3.Connection, version: int = CURRENT_VERSION) -> None:
    """Lay out an empty database at ``version`` (tests write older versions this way), in one transaction."""
    migrate(connection, 0, version)


def migrate(connection: sqlite3.Connection, start: int, stop: int = CURRENT_VERSION) -> None:
    """Run the migrations from version ``start`` to ``stop`` and stamp the version, all in one transaction.

    The connection must be in autocommit mode (``isolation_level=None``); on any error the transaction is rolled
    back and the database keeps version ``start``.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        # Another program may have migrated the file since the caller looked (two copies started at once).
        current = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if current != start and current <= stop:
            start = current
        for version in range(start, stop):
            MIGRATIONS[version](connection)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {int(stop)}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")

"""Schema versions: an older database migrates forward (with a copy kept), a newer one is refused untouched."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError, UnsupportedVersionError
from scorekeeper.session.events import event_to_json
from scorekeeper.storage import _schema
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS

# The version-1 layout written out by hand, as the first release created it (see _schema's history).
_V1_FIXTURE = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    players TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
);
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
PRAGMA application_id = 1397444690;
PRAGMA user_version = 1;
"""


def _write_v1(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.executescript(_V1_FIXTURE)
    connection.execute(
        "INSERT INTO games (id, created, players, ruleset, finished) VALUES (1, ?, ?, ?, 1)",
        ("2025-05-05T10:00:00+00:00", json.dumps(PLAYERS), json.dumps("tenhou")),
    )
    connection.execute(
        "INSERT INTO games (id, created, players, ruleset, finished) VALUES (2, ?, ?, ?, 0)",
        ("2025-05-06T10:00:00+00:00", json.dumps(PLAYERS), json.dumps({"preset": "ema2016", "overrides": {}})),
    )
    for game, events in ((1, SAMPLE_EVENTS), (2, SAMPLE_EVENTS[:3])):
        connection.executemany(
            "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
            [(game, seq, json.dumps(event_to_json(e))) for seq, e in enumerate(events)],
        )
    connection.commit()
    connection.close()


def test_version_1_database_migrates_to_current(db_path: Path) -> None:
    _write_v1(db_path)
    with GameStore.open(db_path) as store:
        games = {g.id: g for g in store.list_games()}
        assert games[1].finished
        assert games[2].events == 3
        assert store.unfinished_game() == 2
        assert store.load(1).events == SAMPLE_EVENTS
        assert store.load(2).events == SAMPLE_EVENTS[:3]
        assert store.load(2).ruleset == {"preset": "ema2016", "overrides": {}}
        assert store.load(2).updated == "2025-05-06T10:00:00+00:00"
        store.undo(2, SAMPLE_EVENTS[2], at=store.position(2))
        assert store.load(2).redo == SAMPLE_EVENTS[2:3]
        assert store.validate_integrity() == ()
    connection = sqlite3.connect(db_path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == _schema.CURRENT_VERSION
    connection.close()


def test_migration_keeps_a_copy_of_the_old_file(db_path: Path) -> None:
    _write_v1(db_path)
    GameStore.open(db_path).close()
    backup = db_path.with_name(db_path.name + ".v1.bak")
    connection = sqlite3.connect(backup)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    assert connection.execute("SELECT count(*) FROM events").fetchone()[0] == len(SAMPLE_EVENTS) + 3
    connection.close()


def test_second_backup_gets_a_new_name(db_path: Path) -> None:
    _write_v1(db_path)
    db_path.with_name(db_path.name + ".v1.bak").write_bytes(b"an earlier backup")
    GameStore.open(db_path).close()
    assert db_path.with_name(db_path.name + ".v1.bak").read_bytes() == b"an earlier backup"
    assert db_path.with_name(db_path.name + ".v1.2.bak").exists()


def test_failed_migration_leaves_the_old_version(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write_v1(db_path)

    def broken(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE games ADD COLUMN head INTEGER NOT NULL DEFAULT 0")
        connection.execute("SELECT * FROM no_such_table")

    monkeypatch.setattr(_schema, "MIGRATIONS", (_schema.MIGRATIONS[0], broken))
    with pytest.raises(SaveFileError, match="cannot prepare the database"):
        GameStore.open(db_path)
    connection = sqlite3.connect(db_path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [row[1] for row in connection.execute("PRAGMA table_info(games)")]
    assert "head" not in columns
    connection.close()


def _write_newer(path: Path, *, wal: bool) -> None:
    connection = sqlite3.connect(path)
    if wal:
        connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, shape_of_the_future TEXT)")
    connection.execute("INSERT INTO games VALUES (1, 'x')")
    connection.execute(f"PRAGMA application_id = {_schema.APPLICATION_ID}")
    connection.execute(f"PRAGMA user_version = {_schema.CURRENT_VERSION + 1}")
    connection.commit()
    connection.close()


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
def test_newer_database_is_refused_and_left_byte_for_byte(db_path: Path, wal: bool) -> None:
    _write_newer(db_path, wal=wal)
    before = {p.name: p.read_bytes() for p in db_path.parent.iterdir()}
    with pytest.raises(
        UnsupportedVersionError, match=rf"newer scorekeeper \(database version {_schema.CURRENT_VERSION + 1}"
    ) as caught:
        GameStore.open(db_path)
    assert caught.value.path == db_path
    assert {p.name: p.read_bytes() for p in db_path.parent.iterdir()} == before


def test_newer_version_only_in_the_wal_is_still_refused(db_path: Path) -> None:
    # A newer program bumped the version and was killed before the WAL was copied into the main file: the
    # header still says version 2, SQLite (reading the WAL) says 3.
    with GameStore.open(db_path) as store:
        store.create_game(players=PLAYERS, ruleset="tenhou")
    writer = sqlite3.connect(db_path, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute(f"PRAGMA user_version = {_schema.CURRENT_VERSION + 1}")
    main_before = db_path.read_bytes()
    with pytest.raises(UnsupportedVersionError):
        GameStore.open(db_path)
    assert db_path.read_bytes() == main_before
    writer.close()


def test_foreign_sqlite_file_is_refused_untouched(db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(SaveFileError, match="another program's SQLite file"):
        GameStore.open(db_path)
    assert db_path.read_bytes() == before


def test_other_application_id_is_refused_untouched(db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("PRAGMA application_id = 42")
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(SaveFileError, match="application id 0x2a"):
        GameStore.open(db_path)
    assert db_path.read_bytes() == before


def test_create_schema_at_an_old_version_for_fixtures(db_path: Path) -> None:
    connection = sqlite3.connect(db_path, isolation_level=None)
    _schema.create_schema(connection, 1)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    connection.close()
    with GameStore.open(db_path) as store:
        assert store.list_games() == ()


def test_two_programs_creating_the_same_new_file(db_path: Path) -> None:
    # Both saw an empty file; the second one's migration finds the first one's work and does nothing twice.
    first = sqlite3.connect(db_path, isolation_level=None)
    second = sqlite3.connect(db_path, isolation_level=None)
    _schema.migrate(first, 0)
    _schema.migrate(second, 0)
    first.close()
    second.close()
    with GameStore.open(db_path) as store:
        assert store.list_games() == ()

"""Hostile and older databases (issue 10, section 4): reading never writes, foreign schema objects are refused by
name, and an interrupted upgrade never leaves a broken backup under the backup's name."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.errors import ErrorCode, SaveFileError
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage import _schema
from scorekeeper.storage import store as store_module
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS
from tests.storage.test_export_cli import _run
from tests.storage.test_schema import _write_v1

_ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> dict[str, bytes]:
    """The folder's files and their bytes, SQLite's own shared-memory and WAL files of a reader aside."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(("-shm", "-wal"))}


# -- reading commands never write ----------------------------------------------------------------------------------


def test_export_of_an_older_database_leaves_it_at_its_version(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_v1(db_path)
    before = _files(db_path.parent)
    assert _run(str(db_path)) == 0
    assert "2\trunning\t3 events" in capsys.readouterr().out
    assert _run(str(db_path), "--game", "2", "--output", "-") == 0
    assert _files(db_path.parent) == before  # not upgraded, no backup made: an older program still opens it
    connection = sqlite3.connect(db_path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    connection.close()


def test_export_of_a_zero_byte_file_is_refused_and_leaves_it_empty(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path.write_bytes(b"")
    assert _run(str(db_path)) == 1
    assert "the file is empty" in capsys.readouterr().err
    assert _files(db_path.parent) == {db_path.name: b""}


def test_export_of_a_current_database_changes_no_byte_of_it(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    before = _files(db_path.parent)
    assert _run(str(db_path), "--game", "1", "--format", "hands", "--output", "-") == 0
    assert _files(db_path.parent) == before


def test_read_only_store_refuses_every_write(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with GameStore.open(db_path, read_only=True) as store:
        assert store.read_only
        with pytest.raises(SaveFileError, match="open read-only"):
            store.append(game, RiichiDeclared(Seat(0)), at=store.position(game))
        with pytest.raises(SaveFileError, match="open read-only"):
            store.create_game(players=PLAYERS, ruleset="tenhou")


def test_read_only_open_of_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="no database file"):
        GameStore.open(tmp_path / "none.sqlite3", read_only=True)
    assert list(tmp_path.iterdir()) == []


# -- foreign schema objects ----------------------------------------------------------------------------------------

FOREIGN_OBJECTS = [
    pytest.param(
        "CREATE TRIGGER wipe AFTER INSERT ON events BEGIN DELETE FROM games WHERE id != NEW.game_id; END",
        "trigger 'wipe'",
        id="trigger",
    ),
    pytest.param("CREATE VIEW peek AS SELECT * FROM games", "view 'peek'", id="view"),
    pytest.param("CREATE TABLE extra (x)", "table 'extra'", id="table"),
    pytest.param("CREATE INDEX by_body ON events (body)", "index 'by_body'", id="index"),
]


@pytest.mark.parametrize(("sql", "name"), FOREIGN_OBJECTS)
@pytest.mark.parametrize("read_only", [False, True], ids=["open", "read-only"])
def test_foreign_schema_objects_are_refused_by_name(db_path: Path, sql: str, name: str, read_only: bool) -> None:
    with GameStore.open(db_path) as store:
        for _ in range(3):
            store.create_game(players=PLAYERS, ruleset="tenhou")
    connection = sqlite3.connect(db_path)
    connection.execute(sql)
    connection.commit()
    connection.close()
    with pytest.raises(SaveFileError, match=f"schema objects scorekeeper did not make.*{name}") as caught:
        GameStore.open(db_path, read_only=read_only)
    assert caught.value.path == db_path
    connection = sqlite3.connect(db_path)
    assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    connection.close()


def test_planted_trigger_in_an_older_database_is_refused_before_the_upgrade(db_path: Path) -> None:
    _write_v1(db_path)
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TRIGGER wipe AFTER UPDATE ON games BEGIN DELETE FROM events; END")
    connection.commit()
    connection.close()
    with pytest.raises(SaveFileError, match="trigger 'wipe'"):
        GameStore.open(db_path)
    connection = sqlite3.connect(db_path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    assert connection.execute("SELECT count(*) FROM events").fetchone()[0] == len(SAMPLE_EVENTS) + 3
    connection.close()


def test_a_changed_table_is_damage(db_path: Path) -> None:
    GameStore.open(db_path).close()
    connection = sqlite3.connect(db_path)
    connection.execute("ALTER TABLE games ADD COLUMN note TEXT")
    connection.commit()
    connection.close()
    with pytest.raises(SaveFileError, match="changed columns in table 'games'"):
        GameStore.open(db_path)


def test_the_expected_objects_follow_the_migrations(db_path: Path) -> None:
    """The check derives what to expect from the migrations: a fresh file at every version opens."""
    for version in range(1, _schema.CURRENT_VERSION + 1):
        path = db_path.with_name(f"v{version}.sqlite3")
        connection = sqlite3.connect(path, isolation_level=None)
        _schema.create_schema(connection, version)
        connection.close()
        GameStore.open(path, read_only=True).close()
        GameStore.open(path).close()


# -- the upgrade's backup ----------------------------------------------------------------------------------------


def test_backup_interrupted_before_its_rename_leaves_no_backup(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write_v1(db_path)

    class _KilledAtRename:
        """The store's ``os``, killed (KeyboardInterrupt) at the rename that follows the checked copy."""

        fsync = staticmethod(os.fsync)

        @staticmethod
        def replace(*_args: object) -> None:
            raise KeyboardInterrupt

    monkeypatch.setattr(store_module, "os", _KilledAtRename())
    with pytest.raises(KeyboardInterrupt):
        GameStore.open(db_path)
    assert not db_path.with_name(db_path.name + ".v1.bak").exists()
    monkeypatch.undo()
    GameStore.open(db_path).close()  # the next start makes a complete backup, over the partial one
    backup = db_path.with_name(db_path.name + ".v1.bak")
    connection = sqlite3.connect(backup)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    connection.close()
    assert not backup.with_name(backup.name + ".partial").exists()


def test_a_broken_partial_backup_from_an_earlier_kill_is_replaced(db_path: Path) -> None:
    _write_v1(db_path)
    partial = db_path.with_name(db_path.name + ".v1.bak.partial")
    partial.write_bytes(b"SQLite format 3\x00 torn")
    partial.with_name(partial.name + "-journal").write_bytes(b"hot")
    GameStore.open(db_path).close()
    assert not partial.exists() and not partial.with_name(partial.name + "-journal").exists()
    connection = sqlite3.connect(db_path.with_name(db_path.name + ".v1.bak"))
    assert connection.execute("SELECT count(*) FROM events").fetchone()[0] == len(SAMPLE_EVENTS) + 3
    connection.close()


_UPGRADE = (
    "from pathlib import Path; import sys; from scorekeeper.storage.store import GameStore; "
    "GameStore.open(Path(sys.argv[1]))"
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_upgrades_killed_at_random_moments_never_leave_a_broken_backup(tmp_path: Path) -> None:
    """The issue's attack: kill an upgrade at random moments; a file under a backup's name is always complete."""
    rng = random.Random(10)
    template = tmp_path / "template.sqlite3"
    _write_v1(template)
    connection = sqlite3.connect(template)
    body = "x" * 2000  # a bigger file, so the copy takes long enough to be killed in the middle
    connection.executemany(
        "INSERT INTO events (game_id, seq, body) VALUES (2, ?, ?)", [(s, body) for s in range(3, 3000)]
    )
    connection.commit()
    connection.close()
    # The kill moments are drawn from the span one whole upgrade takes on this machine now (process start
    # included), so the attack lands inside the upgrade on an idle machine and on a loaded one alike.
    timed = tmp_path / "timed"
    timed.mkdir()
    (timed / "games.sqlite3").write_bytes(template.read_bytes())
    started = time.monotonic()
    subprocess.run([sys.executable, "-c", _UPGRADE, str(timed / "games.sqlite3")], cwd=_ROOT, check=True)
    whole = time.monotonic() - started
    kills = 0
    for attempt in range(8):
        folder = tmp_path / f"run{attempt}"
        folder.mkdir()
        path = folder / "games.sqlite3"
        path.write_bytes(template.read_bytes())
        process = subprocess.Popen([sys.executable, "-c", _UPGRADE, str(path)], cwd=_ROOT)
        time.sleep(rng.uniform(0.3, 0.95) * whole)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
        process.wait()
        for backup in folder.glob("*.bak"):
            check = sqlite3.connect(f"{backup.as_uri()}?mode=ro", uri=True)
            assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok", backup
            assert check.execute("PRAGMA user_version").fetchone()[0] == 1
            check.close()
        GameStore.open(path).close()  # and the next start upgrades it
    assert kills >= 1, "no upgrade was killed: raise the delays"


def test_a_read_the_database_refuses_carries_the_unreadable_file_code(tmp_path: Path) -> None:
    """Another program renamed the games table under an open store: listing the games is refused as before (the
    same sentence), now with ``FILE_UNREADABLE`` so the Open game list says it in the window's language."""
    path = tmp_path / "games.db"
    with GameStore.open(path) as store:
        other = sqlite3.connect(path)
        try:
            other.execute("ALTER TABLE games RENAME TO gone")
            other.commit()
        finally:
            other.close()
        with pytest.raises(SaveFileError) as caught:
            store.list_games()
    assert str(caught.value) == f"{path}: cannot list the games: no such table: games"
    assert caught.value.code is ErrorCode.FILE_UNREADABLE
    assert caught.value.fields == {"path": str(path), "reason": "no such table: games"}

"""The full structure check (``PRAGMA quick_check``, which reads every page) runs only when the file changed since a
clean close noted it sound (``storage/_checked.py``, docs/storage.md): a club's start no longer reads its whole
database, and a damaged or changed file is still refused before anything of ours writes to it."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.storage import store as store_module
from scorekeeper.storage._checked import marker_path
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS

_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every SQL statement the store's connections run from now on (SQLite's trace, values filled in)."""
    seen: list[str] = []
    connect = store_module._connect

    def traced(path: Path, target: str, *, uri: bool = False) -> sqlite3.Connection:
        connection = connect(path, target, uri=uri)
        connection.set_trace_callback(seen.append)
        return connection

    monkeypatch.setattr(store_module, "_connect", traced)
    return seen


def _checked_in_full(statements: list[str]) -> bool:
    return any("quick_check" in s for s in statements)


def _closed_cleanly(path: Path, games: int = 3) -> None:
    with GameStore.open(path) as store:
        for _ in range(games):
            store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)


def test_a_store_closed_cleanly_opens_without_the_full_check(db_path: Path, statements: list[str]) -> None:
    _closed_cleanly(db_path)
    assert marker_path(db_path).is_file()
    statements.clear()
    GameStore.open(db_path).close()
    assert not _checked_in_full(statements)
    assert not [s for s in statements if "FROM games" in s or "FROM events" in s]  # no game is read to open


def test_a_new_store_is_checked_in_full_once(db_path: Path, statements: list[str]) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()  # as a database from before the marker, or copied from another machine
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)
    statements.clear()
    GameStore.open(db_path).close()
    assert not _checked_in_full(statements)


def test_a_store_killed_after_writing_is_checked_in_full(db_path: Path, statements: list[str]) -> None:
    _closed_cleanly(db_path)
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from scorekeeper.storage.store import GameStore\n"
        "store = GameStore.open(Path(sys.argv[1]))\n"
        "store.create_game(players=['A', 'B', 'C', 'D'], ruleset='tenhou')\n"
        "os._exit(0)  # killed: no close, the write-ahead log stays\n"
    )
    subprocess.run([sys.executable, "-c", script, str(db_path)], check=True, cwd=_ROOT, timeout=60)
    statements.clear()
    with GameStore.open(db_path) as store:
        assert len(store.list_games()) == 4
    assert _checked_in_full(statements)


def _scribble(path: Path, *, keep_times: bool) -> None:
    """Damage an interior page in place (same size, same inode), the modification time set back if asked."""
    before = os.stat(path)
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 300] = b"\xa5" * 300  # an interior page's header and cell pointers
    with path.open("r+b") as file:
        file.write(bytes(data))
    if keep_times:
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


@pytest.mark.parametrize("keep_times", [False, True], ids=["changed", "modification-time-set-back"])
def test_a_file_damaged_after_a_clean_close_is_still_refused(
    db_path: Path, statements: list[str], keep_times: bool
) -> None:
    """The marker says the file was sound; the file says otherwise (its change time moved even where its
    modification time was set back): checked in full, refused, untouched."""
    _closed_cleanly(db_path, games=40)
    _scribble(db_path, keep_times=keep_times)
    damaged = db_path.read_bytes()
    statements.clear()
    with pytest.raises(SaveFileError, match="damaged"):
        GameStore.open(db_path)
    assert _checked_in_full(statements)
    assert db_path.read_bytes() == damaged


def test_a_marker_not_later_than_the_file_is_not_trusted(db_path: Path, statements: list[str]) -> None:
    """File times come from a coarse clock: a write in the same tick as the marker could leave every figure
    as it was, so a marker that is not strictly later than the file is no proof."""
    _closed_cleanly(db_path)
    written = os.stat(db_path).st_mtime_ns
    os.utime(marker_path(db_path), ns=(written, written))
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)


def test_a_copy_of_the_file_with_its_marker_is_checked_in_full(db_path: Path, statements: list[str]) -> None:
    """Another file (another inode), even with the same size and times and the marker copied beside it."""
    _closed_cleanly(db_path)
    copy = db_path.with_name("copy.sqlite3")
    shutil.copy2(db_path, copy)
    shutil.copy2(marker_path(db_path), marker_path(copy))
    statements.clear()
    GameStore.open(copy).close()
    assert _checked_in_full(statements)


def test_an_unreadable_marker_is_not_trusted(db_path: Path, statements: list[str]) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).write_text("{not json")
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)


def test_a_write_ahead_log_waiting_beside_the_file_is_checked_in_full(db_path: Path, statements: list[str]) -> None:
    """Another program wrote and has not closed: what it wrote is in the log, which the marker knows nothing of."""
    _closed_cleanly(db_path)
    other = sqlite3.connect(db_path)
    other.execute("UPDATE games SET updated = updated")
    other.commit()
    try:
        assert db_path.with_name(db_path.name + "-wal").stat().st_size > 0
        statements.clear()
        GameStore.open(db_path, read_only=True).close()
        assert _checked_in_full(statements)
    finally:
        other.close()


def test_a_read_only_open_uses_the_marker_but_writes_none(db_path: Path, statements: list[str]) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()
    GameStore.open(db_path, read_only=True).close()
    assert _checked_in_full(statements)
    assert not marker_path(db_path).exists()  # a reading command writes nothing beside the file either
    GameStore.open(db_path).close()
    statements.clear()
    GameStore.open(db_path, read_only=True).close()
    assert not _checked_in_full(statements)


def test_a_close_while_another_connection_is_open_writes_no_marker(db_path: Path) -> None:
    """The other connection may still change the file: only the last one to close stands by it."""
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()
    first = GameStore.open(db_path)
    second = GameStore.open(db_path)
    second.create_game(players=PLAYERS, ruleset="tenhou")
    second.close()
    assert not marker_path(db_path).exists()
    first.close()
    assert marker_path(db_path).is_file()


def test_a_marker_that_cannot_be_written_costs_only_the_next_full_check(
    db_path: Path, statements: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError("read-only folder")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        GameStore.open(db_path).close()  # no error
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('["scorekeeper-checked-v1"]', id="another-shape"),
        pytest.param('{"format": "scorekeeper-checked-v0", "file": {}}', id="another-format"),
        pytest.param(" " * 5000 + "{}", id="too-long"),
    ],
)
def test_a_marker_of_another_kind_is_not_trusted(db_path: Path, statements: list[str], text: str) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).write_text(text)
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)


def test_a_database_stamped_ahead_of_the_clock_gets_no_marker(db_path: Path, statements: list[str]) -> None:
    """Copied from a machine whose clock ran ahead: no marker can be later than the file, so none is kept (the close
    waits a bounded time for the clock) and every open checks it in full."""
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()
    ahead = os.stat(db_path).st_mtime_ns + 3600 * 10**9
    os.utime(db_path, ns=(ahead, ahead))
    GameStore.open(db_path).close()  # nothing written: the file keeps its time
    assert not marker_path(db_path).exists()
    statements.clear()
    GameStore.open(db_path).close()
    assert _checked_in_full(statements)


def test_a_database_changed_while_its_marker_is_written_gets_no_marker(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _closed_cleanly(db_path)
    marker_path(db_path).unlink()
    replace = os.replace

    def replace_while_another_program_writes(source: str | Path, target: str | Path) -> None:
        replace(source, target)
        with db_path.open("ab") as file:
            file.write(b"\0" * 4096)

    store = GameStore.open(db_path)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", replace_while_another_program_writes)
        store.close()
    assert not marker_path(db_path).exists()

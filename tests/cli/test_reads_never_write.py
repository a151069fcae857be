"""``stats`` and ``ratings`` only read (issue 27, 5): ``stats`` upgraded an older database in place (with its
``.bak`` copy beside it) and turned an empty file into a database. Now both read a snapshot: an older file is
upgraded in the copy only, an empty file is refused in words, and not a byte of the folder changes."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import sessions
from tests.storage.test_schema import _write_v1

COMMANDS = (["stats", "--json"], ["ratings", "--json"])


def _folder_state(folder: Path) -> dict[str, str]:
    """Each file's hash; SQLite's shared-memory index and an empty write-ahead log aside (a reader of a WAL
    database makes them, and they hold no data)."""
    files = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    assert files.pop("games.sqlite3-wal", b"") == b""
    files.pop("games.sqlite3-shm", None)
    return {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_older_database_is_read_and_left_as_it_was(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    _write_v1(database)
    before = _folder_state(tmp_path)
    assert main([*command, "--db", str(database)]) == 0
    assert '"players"' in capsys.readouterr().out
    assert _folder_state(tmp_path) == before  # no upgrade, no .bak, no WAL


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_empty_file_is_refused_and_stays_empty(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    database.write_bytes(b"")
    assert main([*command, "--db", str(database)]) == 1
    assert "empty" in capsys.readouterr().err
    assert _folder_state(tmp_path) == {"games.sqlite3": hashlib.sha256(b"").hexdigest()}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_current_database_gets_no_statistics_cache_written(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    with GameStore.open(database) as store:
        for session in sessions():
            store.start_game(session)
    before = _folder_state(tmp_path)
    assert main([*command, "--db", str(database)]) == 0
    assert "Aki" in capsys.readouterr().out
    assert _folder_state(tmp_path) == before

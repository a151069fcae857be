"""One SQLite transaction (scorekeeper.storage._sqlite): committed whole, rolled back whole, errors named."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.storage._sqlite import transaction


@pytest.fixture
def connection(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(tmp_path / "t.sqlite3", isolation_level=None)
    connection.execute("CREATE TABLE t (x INTEGER NOT NULL)")
    yield connection
    connection.close()


def _rows(connection: sqlite3.Connection) -> list[tuple[int]]:
    return connection.execute("SELECT x FROM t").fetchall()


def test_a_finished_body_is_committed(connection: sqlite3.Connection, tmp_path: Path) -> None:
    with transaction(connection, tmp_path, "add a row") as inside:
        inside.execute("INSERT INTO t VALUES (1)")
    assert not connection.in_transaction
    assert _rows(connection) == [(1,)]


def _add_then_fail(connection: sqlite3.Connection, path: Path, second: str, *, begin: str = "BEGIN IMMEDIATE") -> None:
    """Add a row, then fail: ``second`` is a statement that SQLite refuses, or empty to raise KeyError."""
    with transaction(connection, path, "add a row", begin=begin) as inside:
        inside.execute("INSERT INTO t VALUES (1)")
        if not second:
            raise KeyError("stop")
        inside.execute(second)


def test_a_failing_body_is_rolled_back_and_its_error_passes_unchanged(
    connection: sqlite3.Connection, tmp_path: Path
) -> None:
    with pytest.raises(KeyError):
        _add_then_fail(connection, tmp_path, "")
    assert not connection.in_transaction
    assert _rows(connection) == []


def test_a_sqlite_failure_is_a_save_file_error_naming_the_file_and_the_work(
    connection: sqlite3.Connection, tmp_path: Path
) -> None:
    with pytest.raises(SaveFileError, match="cannot add a row: NOT NULL") as caught:
        _add_then_fail(connection, tmp_path, "INSERT INTO t VALUES (NULL)", begin="BEGIN")
    assert caught.value.path == tmp_path
    assert _rows(connection) == []


def _add_then_undecodable(connection: sqlite3.Connection, path: Path) -> None:
    with transaction(connection, path, "add a row") as inside:
        inside.execute("INSERT INTO t VALUES (1)")
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")


def test_a_damaged_file_s_undecodable_message_is_a_save_file_error_too(
    connection: sqlite3.Connection, tmp_path: Path
) -> None:
    """The sqlite3 module raises UnicodeDecodeError building a message that quotes a damaged file's bytes: it is one
    of SQLITE_ERRORS, so the transaction names the file for it as for any SQLite failure (and rolls back)."""
    with pytest.raises(SaveFileError, match="cannot add a row") as caught:
        _add_then_undecodable(connection, tmp_path)
    assert isinstance(caught.value.__cause__, UnicodeDecodeError)
    assert caught.value.path == tmp_path
    assert not connection.in_transaction
    assert _rows(connection) == []

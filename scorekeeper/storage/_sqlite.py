"""One SQLite transaction, as the game store and the sync outbox both run it.

Begin, hand the connection to the caller, roll back on any exception (a refused write leaves the file as it was),
commit; a SQLite failure becomes a ``SaveFileError`` that names the file and what was being done.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from scorekeeper.errors import SaveFileError

__all__ = ["SQLITE_ERRORS", "transaction"]

#: What a failing SQLite call raises. On a damaged file SQLite's own message may quote invalid UTF-8, and then
#: the sqlite3 module raises UnicodeDecodeError while building the exception (found by tests/storage/test_fuzz.py
#: for the game store; tests/storage/test_outbox.py damages a file so for the outbox).
SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)


@contextlib.contextmanager
def transaction(
    connection: sqlite3.Connection,
    path: Path,
    what: str,
    *,
    begin: str = "BEGIN IMMEDIATE",
) -> Iterator[sqlite3.Connection]:
    """Run the body in one transaction on ``connection`` (autocommit mode), started with ``begin``.

    Raises:
        SaveFileError: one of ``SQLITE_ERRORS`` was raised, saying it could not ``what`` (``"link the game"``).
    """
    try:
        connection.execute(begin)
        try:
            yield connection
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    except SQLITE_ERRORS as error:
        raise SaveFileError(f"{path}: cannot {what}: {error}", path=path) from error

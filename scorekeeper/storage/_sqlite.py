"""One SQLite transaction, as the game store and the sync outbox both run it.

Begin, hand the connection to the caller, roll back on any exception (a refused write leaves the file as it was),
commit; a SQLite failure becomes a ``SaveFileError`` that names the file and what was being done.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from scorekeeper.errors import ErrorCode, SaveFileError

__all__ = ["SQLITE_ERRORS", "sqlite_failure", "transaction"]

#: What a failing SQLite call raises. On a damaged file SQLite's own message may quote invalid UTF-8, and then
#: the sqlite3 module raises UnicodeDecodeError while building the exception (found by tests/storage/test_fuzz.py
#: for the game store; tests/storage/test_outbox.py damages a file so for the outbox).
SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)


#: Below this many bytes free, an I/O error while writing is taken for a full disk (SQLite says "disk I/O error"
#: when the write-ahead log cannot grow, not always "database or disk is full").
_NEARLY_FULL = 1 << 20


def sqlite_failure(path: Path, what: str, error: BaseException) -> SaveFileError:
    """The SaveFileError for a failing SQLite call while doing ``what`` on ``path``: a full disk said in words,
    with the space left (issue 27, 5: a full disk at the start said only "disk I/O error"), else SQLite's words."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR):
        folder = Path(path).parent
        try:
            free = shutil.disk_usage(folder).free
        except OSError:
            free = None
        if free is not None and (code & 0xFF == sqlite3.SQLITE_FULL or free < _NEARLY_FULL):
            return SaveFileError(
                f"{path}: cannot {what}: the disk holding {folder} is full ({free:,} bytes free); nothing was "
                "written: free some space and try again",
                path=path,
                code=ErrorCode.DISK_FULL,
                fields={"folder": str(folder), "free": free},
            )
    return SaveFileError(f"{path}: cannot {what}: {error}", path=path)


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
        raise sqlite_failure(path, what, error) from error

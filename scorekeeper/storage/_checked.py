"""The note a clean close leaves beside the database: "this file, exactly as it is now, passed the full check".

Opening a database used to run SQLite's ``PRAGMA quick_check`` every time: it reads every page, so a club's start
took time growing with its years of games (docs/storage.md, benchmarks/bench_big_database.py). The check is there
so that a damaged file is refused before anything of ours writes to it. A file can only become damaged while it is
written, or while it lies on a disk: so the full check is needed when the file changed since a check we trust, and
not otherwise. When :class:`~scorekeeper.storage.store.GameStore` closes a database it opened for writing, and its
connection was the last one (SQLite checkpointed the write-ahead log into the file and deleted it), this module
writes ``<name>.checked`` beside the database: the file's size, change times (``st_mtime_ns`` and ``st_ctime_ns``),
inode and device. The next open skips ``quick_check`` only when all of these still match and no write-ahead log
with content waits beside the file: anything else (a crash, a copy, another program, an edit, a restore) is
checked in full, as before. The file's schema objects are compared at every open regardless (a planted trigger is
refused by name: issue 10), and the header is read every time.

Why the change time too: a program can set a file's modification time back (``touch -d``, ``os.utime``), but not
its inode change time, which the kernel sets to now on every write and every time change. Why the marker's own
time must be later than the database's: file times come from a coarse clock (a few milliseconds on Linux), so a
write in the same tick as the close could leave every recorded figure as it was; as git does for its "racily
clean" index entries, a marker not strictly later than the file it describes is not trusted, and a close waits
for the clock to move on (a few milliseconds at most) before it stands by its marker.

Every failure to write or read the marker is harmless: no marker means a full check at the next open.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

__all__ = ["is_unchanged_since_check", "mark_checked", "marker_path"]

#: What the marker file says it is (a file of another shape is not trusted).
_FORMAT = "scorekeeper-checked-v1"
#: The most a close waits for the file clock to move past the database's modification time (seconds).
_CLOCK_WAIT = 0.05
#: The largest marker read back (a real one is under 200 bytes).
_MAX_MARKER_BYTES = 4096


def marker_path(database: Path) -> Path:
    """Where the marker of ``database`` is: ``<name>.checked`` beside it."""
    return database.with_name(database.name + ".checked")


def _wal_path(database: Path) -> Path:
    return database.with_name(database.name + "-wal")


def _fingerprint(status: os.stat_result) -> dict[str, int]:
    """What the marker records of the database file: a write or a replacement changes at least one of these."""
    return {
        "size": status.st_size,
        "mtime_ns": status.st_mtime_ns,
        "ctime_ns": status.st_ctime_ns,
        "inode": status.st_ino,
        "device": status.st_dev,
    }


def _log_pending(database: Path) -> bool:
    """Whether a write-ahead log with content lies beside the database (a crash, or another connection open)."""
    try:
        return _wal_path(database).stat().st_size > 0
    except FileNotFoundError:
        return False


def is_unchanged_since_check(database: Path) -> bool:
    """Whether ``database`` is exactly as a clean close left it after a full check (its marker says so and is later
    than the file's last change, and no write-ahead log with content waits); False whenever in doubt."""
    marker = marker_path(database)
    try:
        marked = os.stat(marker)
        if marked.st_size > _MAX_MARKER_BYTES:
            return False
        recorded = json.loads(marker.read_bytes())
        status = os.stat(database)
        if _log_pending(database):
            return False
    except (OSError, ValueError):
        return False
    if not isinstance(recorded, dict) or recorded.get("format") != _FORMAT:
        return False
    return recorded.get("file") == _fingerprint(status) and marked.st_mtime_ns > status.st_mtime_ns


def mark_checked(database: Path) -> None:
    """After the last connection to ``database`` closed cleanly: record that the file, as it is now, is sound.

    Nothing is written when a write-ahead log is still beside the file (another connection is open, so the file
    may change after this), and a marker is taken back if the file changed while it was written.
    """
    marker = marker_path(database)
    partial = marker.with_name(marker.name + ".partial")
    try:
        if _wal_path(database).exists():
            return
        before = os.stat(database)
        text = json.dumps({"format": _FORMAT, "file": _fingerprint(before)}, sort_keys=True)
        partial.write_text(text + "\n", encoding="utf-8")
        os.replace(partial, marker)
        deadline = time.monotonic() + _CLOCK_WAIT
        while os.stat(marker).st_mtime_ns <= before.st_mtime_ns:
            if time.monotonic() > deadline:
                marker.unlink()
                return
            time.sleep(0.001)
            os.utime(marker)  # now, by the same clock that stamps the database's writes
        if _fingerprint(os.stat(database)) != _fingerprint(before) or _wal_path(database).exists():
            marker.unlink()
    except OSError:
        # A read-only folder, a full disk...: no marker, and the next open checks the file in full.
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)

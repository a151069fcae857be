"""Files: atomic writing, bounded reading, and the default place for the database.

A file this program writes is never seen half-written: the bytes go to a temporary file in the same folder, are
flushed to the disk (fsync), and the temporary file is renamed over the target in one step (``os.replace`` is
atomic on POSIX and on Windows within one volume); on POSIX the folder is fsynced too, so the rename itself
survives a power cut.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from scorekeeper.errors import ErrorCode, SaveFileError

__all__ = [
    "DATABASE_NAME",
    "DATA_DIR_ENV",
    "MAX_FILE_BYTES",
    "MAX_RECORD_BYTES",
    "default_database_path",
    "read_bytes",
    "read_header",
    "standard_data_folder",
    "write_atomically",
]

#: The database's file name inside the data folder.
DATABASE_NAME = "scorekeeper.sqlite3"

#: The largest file read for import (a long game record is some tens of kilobytes).
MAX_FILE_BYTES = 16 * 1024 * 1024

#: The largest game-record file read (replay, import). A long game is a few KB; a 1,000-hand marathon with every
#: hand's tiles is under 0.5 MB. Reading JSON takes about 25 times a file's size in memory, so this also keeps a
#: hostile file under about 50 MB (issue 10: a 19.8 MB record peaked at 525 MB).
MAX_RECORD_BYTES = 2_000_000

# Opening a FIFO for reading blocks until a writer comes; O_NONBLOCK returns at once (POSIX; Windows has no FIFOs).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)

# Permissions of a newly created export: readable by all, as ordinary files are (mkstemp makes 0600).
_NEW_FILE_MODE = 0o644


#: Overrides the data folder (tests, benchmarks, a portable install on a USB stick); the GUI reads it too.
DATA_DIR_ENV = "SCOREKEEPER_DATA_DIR"


def standard_data_folder() -> Path:
    """The app's data folder without asking Qt: ``$SCOREKEEPER_DATA_DIR``, else where Qt's AppDataLocation puts
    organisation "scorekeeper", application "scorekeeper" (the GUI's folder, so the CLI finds the app's games).

    Qt's rule (QStandardPaths documentation, AppDataLocation): ``%APPDATA%`` on Windows, ``~/Library/Application
    Support`` on macOS, ``$XDG_DATA_HOME`` or ``~/.local/share`` elsewhere, each followed by organisation/application.
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "scorekeeper" / "scorekeeper"


def default_database_path(data_folder: Path) -> Path:
    """Where the database lives inside ``data_folder`` (which the GUI picks); the folder is created if missing.

    Raises:
        SaveFileError: the folder cannot be created.
    """
    folder = Path(data_folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveFileError(
            f"{folder}: cannot create the data folder: {error.strerror or error}", path=folder
        ) from error
    return folder / DATABASE_NAME


def write_atomically(path: Path, data: bytes) -> None:
    """Replace (or create) ``path`` with ``data`` so that it holds either the old or the new bytes, never a mix.

    A symbolic link is written through: the file it points to is replaced and the link stays (renaming over the
    link itself turned it into a plain file, and the file it named kept the old bytes). A target that exists but is
    not a regular file (``-o /dev/stdout``, a FIFO, a terminal) is written to directly, as a shell redirection
    would: renaming over it replaced the device or pipe with a file (as root, ``-o /dev/stdout`` turned the
    system's /dev/stdout into a plain file) or failed for want of rights on its folder.

    Raises:
        SaveFileError: the file cannot be written (the old file, if any, is left as it was).
    """
    path = Path(path)
    target = Path(os.path.realpath(path))
    try:
        status = target.stat()
    except FileNotFoundError:
        status = None
    except OSError as error:
        raise SaveFileError(f"{path}: cannot write the file: {error.strerror or error}", path=path) from error
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise SaveFileError(f"{path}: cannot write the file: it is a folder", path=path)
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_through(path, target, data)
        return
    folder = target.parent
    try:
        mode = stat.S_IMODE(status.st_mode) if status is not None else _NEW_FILE_MODE
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise SaveFileError(f"{path}: cannot write the file: {error.strerror or error}", path=path) from error
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise SaveFileError(f"{path}: cannot write the file: {error.strerror or error}", path=path) from error
    _sync_folder(folder)


def _write_through(path: Path, target: Path, data: bytes) -> None:
    """Write ``data`` into an existing file that is not a regular one (a device, a FIFO): nothing to rename.

    Raises:
        SaveFileError: it cannot be opened or written.
    """
    try:
        with open(target, "wb") as file:
            file.write(data)
            file.flush()
    except OSError as error:
        raise SaveFileError(f"{path}: cannot write the file: {error.strerror or error}", path=path) from error


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk; POSIX only, as Windows cannot open a folder this way."""
    if os.name != "posix":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def read_header(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a regular file (fewer if it is shorter), opened without blocking: a FIFO where the
    database should be made the app's start and ``import`` wait for ever for a writer (issue 27, 5); it, a device
    or a folder is refused instead.

    Raises:
        FileNotFoundError: there is no file.
        OSError: it cannot be read.
        SaveFileError: it is not a regular file.
    """
    handle = os.open(path, _OPEN_FLAGS)
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe or device"
            raise SaveFileError(f"{path}: not a database file ({kind}); the database is a regular file", path=path)
        chunks = []
        wanted = size
        while wanted > 0 and (chunk := os.read(handle, wanted)):
            chunks.append(chunk)
            wanted -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def read_bytes(path: Path, *, max_bytes: int = MAX_FILE_BYTES, what: str = "a game record") -> bytes:
    """The contents of a regular file of at most ``max_bytes`` bytes.

    A FIFO, device, socket or folder is refused before a byte is read (issue 10: ``replay`` and import blocked
    forever on a FIFO); the file is opened without blocking and checked on the open descriptor, so it cannot be
    swapped for a FIFO in between.

    Raises:
        SaveFileError: the file is missing, unreadable, not a regular file, or too large.
    """
    path = Path(path)
    try:
        handle = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        raise SaveFileError(
            f"{path}: cannot read the file: {error.strerror or error}",
            path=path,
            code=ErrorCode.FILE_UNREADABLE,
            fields={"reason": error.strerror or str(error)},
        ) from error
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe or device"
            raise SaveFileError(
                f"{path}: not a regular file ({kind}); only files are read", path=path, code=ErrorCode.FILE_UNREADABLE
            )
        with os.fdopen(handle, "rb") as file:
            handle = -1  # the file object owns it now
            data = file.read(max_bytes + 1)
    except OSError as error:
        raise SaveFileError(
            f"{path}: cannot read the file: {error.strerror or error}",
            path=path,
            code=ErrorCode.FILE_UNREADABLE,
            fields={"reason": error.strerror or str(error)},
        ) from error
    finally:
        if handle >= 0:
            os.close(handle)
    if len(data) > max_bytes:
        raise SaveFileError(
            f"{path}: the file is larger than {max_bytes:,} bytes; not {what}",
            path=path,
            code=ErrorCode.FILE_TOO_LARGE,
            fields={"bytes": max_bytes},
        )
    return data

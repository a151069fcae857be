"""One running app per database (issue 10): a lock beside the database, and a local socket to wake the window.

The first copy takes ``<database>.lock`` (QLockFile: it records the process id, so a lock left by a crashed or
killed copy on this machine is taken over at once, never stuck; the running copy also touches the file every 30 s,
so a lock left by a copy that crashed on another computer sharing the folder, whose process cannot be checked, is
taken over once it is two minutes old) and listens on a local socket named after the
database. A second copy that finds the lock taken connects to that socket, which brings the running window to the
front, and exits. The running copy answers each knock with a byte, and only that answer counts: a copy that hangs
(stopped, or stuck in a long call) still has its socket listening, so the knock alone connects, and the second copy
used to exit at once and show nothing. If nobody answers within a second (the lock belongs to a copy on another
computer sharing the folder, or the running copy hangs), the second copy opens the games read-only, with a banner
saying so.

The app listens once its window is first painted (:meth:`SingleInstance.listen`), not when it takes the lock: the
local socket's module (QtNetwork) and the socket's name (a hash) stay out of the cold start (issue 24: ~13 ms of
CPU). A second copy started in that moment finds the lock taken and no socket yet, and knocks again until the
running copy listens or the second has passed.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer

__all__ = ["SingleInstance"]

#: How long a second copy waits for the running one to answer (milliseconds).
_WAKE_TIMEOUT_MS = 1_000
#: How long a second copy waits before knocking again on a socket that is not there yet (seconds).
_KNOCK_AGAIN_S = 0.05
#: What the running copy answers a knock with: "I am here, and showing my window".
_ANSWER = b"shown"
#: A lock file not touched for this long is stale (its copy is gone), whoever holds it (milliseconds).
STALE_AFTER_MS = 120_000
#: How often the running copy touches its lock file (milliseconds); well under STALE_AFTER_MS.
HEARTBEAT_MS = 30_000


class SingleInstance(QObject):
    """The lock and the wake-up socket for one database.

    Signals:
        activation_requested: another copy was started on this database; bring the window to the front.
    """

    activation_requested = Signal()

    def __init__(
        self,
        database: Path,
        parent: QObject | None = None,
        *,
        stale_after_ms: int = STALE_AFTER_MS,
        heartbeat_ms: int = HEARTBEAT_MS,
    ) -> None:
        super().__init__(parent)
        self._lock_path = str(database) + ".lock"
        self._lock = QLockFile(self._lock_path)
        # A dead holder on this machine is detected by its pid at once; any holder's lock is stale once it is
        # older than this, which the heartbeat prevents while the holder runs.
        self._lock.setStaleLockTime(stale_after_ms)
        self._heartbeat = QTimer(self)
        self._heartbeat.setInterval(heartbeat_ms)
        self._heartbeat.timeout.connect(self._on_heartbeat_timeout)
        self._database = database
        self._server: QLocalServer | None = None

    @property
    def server_name(self) -> str:
        """The local socket's name: the same for every copy started on this database."""
        import hashlib  # its OpenSSL library is ~7 ms of the cold start: imported once the window is up

        digest = hashlib.sha256(str(self._database.absolute()).encode("utf-8")).hexdigest()[:24]
        return f"scorekeeper-{digest}"

    def acquire(self, *, listen: bool = True) -> bool:
        """Take the lock, and listen for later copies unless ``listen`` is false (then call :meth:`listen` soon: the
        app does once its window is painted); False if another running copy holds the lock."""
        if not self._lock.tryLock(0):
            return False
        self._heartbeat.start()
        if listen:
            self.listen()
        return True

    def listen(self) -> None:
        """Listen for later copies (after :meth:`acquire`): each knock brings the window to the front."""
        from PySide6.QtNetwork import QLocalServer

        name = self.server_name
        QLocalServer.removeServer(name)  # a socket file left by a crashed copy
        self._server = QLocalServer(self)
        self._server.newConnection.connect(self._on_server_new_connection)
        self._server.listen(name)

    def wake_running(self) -> bool:
        """Ask the running copy to show its window; False if none answers within a second.

        A copy that took the lock a moment ago listens once its window is painted: until then there is no socket to
        connect to, and the knock is tried again until the second has passed.
        """
        from PySide6.QtNetwork import QLocalSocket

        name = self.server_name
        deadline = time.monotonic() + _WAKE_TIMEOUT_MS / 1000
        socket = QLocalSocket()
        socket.connectToServer(name)
        while not socket.waitForConnected(max(int((deadline - time.monotonic()) * 1000), 1)):
            socket.abort()
            if time.monotonic() >= deadline:
                return False
            time.sleep(_KNOCK_AGAIN_S)
            socket.connectToServer(name)
        # Connecting is the whole message: the running copy shows its window for every connection, and says so. A
        # hanging copy's socket still accepts the connection (the system queues it), but it never answers.
        answered = socket.waitForReadyRead(_WAKE_TIMEOUT_MS) and bytes(socket.readAll().data()) == _ANSWER
        socket.abort()
        return answered

    def release(self) -> None:
        """Stop listening and give the lock up (when the window closes)."""
        self._heartbeat.stop()
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _on_heartbeat_timeout(self) -> None:
        # A folder gone read-only or away: the lock simply ages; the store's position check still guards the data.
        with contextlib.suppress(OSError):
            os.utime(self._lock_path)

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        connection = self._server.nextPendingConnection()
        while connection is not None:
            connection.disconnected.connect(connection.deleteLater)
            connection.write(_ANSWER)
            connection.flush()
            self.activation_requested.emit()
            connection = self._server.nextPendingConnection()

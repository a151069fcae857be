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
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["SingleInstance"]

#: How long a second copy waits for the running one to answer (milliseconds).
_WAKE_TIMEOUT_MS = 1_000
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
        digest = hashlib.sha256(str(database.absolute()).encode("utf-8")).hexdigest()[:24]
        self.server_name = f"scorekeeper-{digest}"
        self._server: QLocalServer | None = None

    def acquire(self) -> bool:
        """Take the lock and listen for later copies; False if another running copy holds it."""
        if not self._lock.tryLock(0):
            return False
        self._heartbeat.start()
        QLocalServer.removeServer(self.server_name)  # a socket file left by a crashed copy
        self._server = QLocalServer(self)
        self._server.newConnection.connect(self._on_server_new_connection)
        self._server.listen(self.server_name)
        return True

    def wake_running(self) -> bool:
        """Ask the running copy to show its window; False if none answers."""
        socket = QLocalSocket()
        socket.connectToServer(self.server_name)
        if not socket.waitForConnected(_WAKE_TIMEOUT_MS):
            return False
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

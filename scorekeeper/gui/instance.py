"""One running app per database (issue 10): a lock beside the database, and a local socket to wake the window.

The first copy takes ``<database>.lock`` (QLockFile: it records the process id, so a lock left by a crashed or
killed copy on this machine is taken over at once, never stuck) and listens on a local socket named after the
database. A second copy that finds the lock taken connects to that socket, which brings the running window to the
front, and exits. If nobody answers (the lock belongs to a copy on another computer sharing the folder, or the
running copy hangs), the second copy opens the games read-only, with a banner saying so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["SingleInstance"]

#: How long a second copy waits for the running one to answer (milliseconds).
_WAKE_TIMEOUT_MS = 1_000


class SingleInstance(QObject):
    """The lock and the wake-up socket for one database.

    Signals:
        activation_requested: another copy was started on this database; bring the window to the front.
    """

    activation_requested = Signal()

    def __init__(self, database: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = QLockFile(str(database) + ".lock")
        # Never stale by age (a game lasts hours); a dead holder on this machine is still detected by its pid.
        self._lock.setStaleLockTime(0)
        digest = hashlib.sha256(str(database.absolute()).encode("utf-8")).hexdigest()[:24]
        self.server_name = f"scorekeeper-{digest}"
        self._server: QLocalServer | None = None

    def acquire(self) -> bool:
        """Take the lock and listen for later copies; False if another running copy holds it."""
        if not self._lock.tryLock(0):
            return False
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
        # Connecting is the whole message: the running copy shows its window for every connection.
        socket.disconnectFromServer()
        return True

    def release(self) -> None:
        """Stop listening and give the lock up (when the window closes)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        connection = self._server.nextPendingConnection()
        while connection is not None:
            connection.disconnected.connect(connection.deleteLater)
            self.activation_requested.emit()
            connection = self._server.nextPendingConnection()

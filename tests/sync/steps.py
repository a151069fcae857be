"""Writes to a game store the way the app makes them (each names the log position it was built on), and pushes."""

from __future__ import annotations

import contextlib
import queue
import select
import socket
import threading
import time
from collections.abc import Callable

from scorekeeper.session.events import Event
from scorekeeper.storage.store import GameStore, LogPosition
from scorekeeper.sync.table import SyncStatus, TableSync


def append(store: GameStore, game: int, event: Event, *, finished: bool | None = None) -> LogPosition:
    """Append ``event`` at the game's current position."""
    return store.append(game, event, at=store.position(game), finished=finished)


def undo(store: GameStore, game: int) -> LogPosition:
    """Take back the game's last event, as the app's Undo does."""
    session, position = store.load_session_at(game)
    event = session.undo()
    return store.undo(game, event, at=position, finished=session.state.ended)


def redo(store: GameStore, game: int) -> LogPosition:
    """Put back the game's last undone event, as the app's Redo does."""
    session, position = store.load_session_at(game)
    event = session.redo()
    return store.redo(game, event, at=position, finished=session.state.ended)


def push_until(sync: TableSync, done: Callable[[SyncStatus], bool], *, timeout: float = 10.0) -> SyncStatus:
    """Push as the app's 3-second cycle does until ``done(status)`` holds (or ``timeout`` seconds pass).

    An idle table learns of a referee's write from the server's notification, which reaches its connection a
    moment after the write commits: the next cycle after it arrives takes it.
    """
    deadline = time.monotonic() + timeout
    while True:
        status = sync.push()
        if done(status) or time.monotonic() > deadline:
            return status
        time.sleep(0.02)


class SilentServer:
    """A server that takes connections and never answers: a connect attempt to it waits its whole timeout.

    The socket listens and accepts nothing; the kernel completes the handshake, the client sends its first message
    and waits. :meth:`close` (or leaving the ``with`` block) closes the socket, which resets the waiting connections.
    """

    def __init__(self) -> None:
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(8)
        port = self._listener.getsockname()[1]
        self.url = f"postgresql://nobody:secret@127.0.0.1:{port}/nothing"

    def someone_waits(self) -> bool:
        """Whether a connection attempt is waiting for an answer (one sits in the listening queue)."""
        return self._listener.fileno() >= 0 and bool(select.select([self._listener], [], [], 0)[0])

    def close(self) -> None:
        """Stop listening: every waiting connection attempt fails at once."""
        self._listener.close()

    def __enter__(self) -> SilentServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class StallingProxy:
    """A loopback TCP relay to the server that can stop forwarding, as a path that went silently away.

    Until :meth:`stall`, bytes pass both ways. After it, every connection made so far stays open and nothing more
    passes: the relay reads nothing, so the client's kernel sees its bytes taken and acknowledged by this host's
    kernel, which also answers its keepalive probes; no reset ever comes. Connections made after :meth:`stall`
    pass again (the next attempt finds a working path). :meth:`close` ends everything.

    :meth:`hold_new` makes connections made after it stall from the start (a connect attempt waits its whole
    timeout: the server's host is gone), until :meth:`pass_new`; :attr:`accepted_at` says when each came in.

    ``delay`` (seconds) holds every chunk of bytes that long before passing it on, each way, as a slow link does
    (a round trip then takes twice ``delay`` more): bytes keep arriving meanwhile and leave in order, so the link
    is slow, not narrow.
    """

    def __init__(self, port: int, *, delay: float = 0.0) -> None:
        self._target = port
        self._delay = delay
        self._stalled = threading.Event()
        self._closed = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._sockets: list[socket.socket] = []
        self._sockets_lock = threading.Lock()  # close() and a connection being taken meanwhile
        self._stalling: list[threading.Event] = []  # one per connection: set by stall() for the ones open then
        self._hold_new = threading.Event()
        #: When each connection was taken (``time.monotonic()``), in order.
        self.accepted_at: list[float] = []
        threading.Thread(target=self._accept, name="stalling-proxy", daemon=True).start()

    def url(self, url: str, server_port: int) -> str:
        """``url`` (to the server at ``server_port``) through this relay."""
        return url.replace(f":{server_port}/", f":{self.port}/")

    @property
    def connections(self) -> int:
        """How many connections the relay has taken so far."""
        return len(self._stalling)

    def stall(self) -> None:
        """Stop forwarding on every connection open now."""
        for stalling in list(self._stalling):
            stalling.set()

    def hold_new(self) -> None:
        """Stall every connection made from now on from its first byte (until :meth:`pass_new`)."""
        self._hold_new.set()

    def pass_new(self) -> None:
        """Let connections made from now on pass again (the network came back)."""
        self._hold_new.clear()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self.accepted_at.append(time.monotonic())
            try:
                server = socket.create_connection(("127.0.0.1", self._target))
            except OSError:  # the server is away: the client sees its connection closed
                client.close()
                continue
            stalling = threading.Event()
            if self._hold_new.is_set():
                stalling.set()
            with self._sockets_lock:
                if self._closed.is_set():  # taken while the relay closed: close it here (it was not in the list)
                    client.close()
                    server.close()
                    return
                self._sockets += [client, server]
            self._stalling.append(stalling)
            for a, b in ((client, server), (server, client)):
                if self._delay:
                    later: queue.Queue[tuple[float, bytes]] = queue.Queue()
                    threading.Thread(target=self._pump, args=(a, later.put, stalling), daemon=True).start()
                    threading.Thread(target=self._deliver, args=(later, b), daemon=True).start()
                else:
                    threading.Thread(target=self._pump, args=(a, b.sendall, stalling), daemon=True).start()

    def _pump(self, source: socket.socket, sink: Callable[..., None], stalling: threading.Event) -> None:
        try:
            while not stalling.is_set() and not self._closed.is_set():
                if not select.select([source], [], [], 0.02)[0] or stalling.is_set():
                    continue
                data = source.recv(65536)
                if not data:
                    break
                sink((time.monotonic() + self._delay, data) if self._delay else data)
        except OSError:
            return
        self._closed.wait()  # stalled: hold the connection open, read nothing, until the relay closes

    def _deliver(self, later: queue.Queue[tuple[float, bytes]], sink: socket.socket) -> None:
        """Pass each chunk on once its delay is over, in the order it came."""
        while not self._closed.is_set():
            try:
                due, data = later.get(timeout=0.1)
            except queue.Empty:
                continue
            time.sleep(max(due - time.monotonic(), 0.0))
            try:
                sink.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        """End every connection and stop listening."""
        with self._sockets_lock:
            self._closed.set()
            ends = list(self._sockets)
        self._listener.close()
        for end in ends:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def __enter__(self) -> StallingProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""The tournament store on PostgreSQL: the same :class:`TournamentStore`, over a psycopg 3 connection.

``open_tournament_store("postgresql://...")`` comes here. The tables are those of
:mod:`scorekeeper.storage.tournament_schema`, rendered for PostgreSQL and created (or migrated) on first use in the
database the URL names. The server work (roles, row-level security, the tables' pushes, LISTEN/NOTIFY) builds on
this or replaces it; see /docs/tournament.md, "Storage". Messages name the server without the password.
"""

from __future__ import annotations

import ipaddress
import itertools
import os
import socket
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from scorekeeper.errors import SaveFileError, ScorekeeperError, TournamentError
from scorekeeper.storage.tournament_schema import Dialect
from scorekeeper.storage.tournament_store import TournamentStore

__all__ = [
    "ANSWER_TIMEOUT",
    "WATCHDOG",
    "Watchdog",
    "check_url",
    "describe_url",
    "driver_reason",
    "is_this_machine",
    "open_postgresql_store",
    "security_settings",
    "shut_socket",
    "with_liveness",
]

_CONNECT_TIMEOUT_S = 10
#: TCP keepalives and a send timeout, so a connection whose network went silently away (a cable pulled, Wi-Fi out
#: of reach: no reset ever arrives) is found broken within about half a minute instead of the kernel's 2 hours of
#: idle before the first probe (or 15 minutes of retransmissions). A table keeps its connection open between pushes
#: and sends nothing while idle (it listens), so without them an idle table would say "Synced" long after the
#: server was gone; the referee's store and live feed wait on theirs the same way.
_LIVENESS = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3}
_TCP_USER_TIMEOUT_MS = 20_000


#: Seconds the server has to answer one exchange (a statement, a transaction, a sign of life) before the connection
#: is given up. The kernel's settings (TCP keepalives and a send timeout: :func:`with_liveness`) find a network whose
#: packets vanish, but not a path that still takes and acknowledges every byte and never forwards it (a hung router,
#: NAT box or proxy: the nearest hop answers the keepalive probes): a query then waited for its answer for ever, and
#: the table (or the referee's window) said nothing. A push of a whole session's queue (2,000 rows) takes about a
#: second (docs/tournament.md, "Performance").
ANSWER_TIMEOUT = 15.0


def driver_reason(error: BaseException, *, limit: int = 400) -> str:
    """The driver's (or the server's) words for ``error`` on one line: every line of it, not only one.

    libpq words a failure over several lines, and each copy that kept one line kept the wrong one: the last of
    "server closed the connection unexpectedly / This probably means the server terminated abnormally / before or
    while processing the request." is "before or while processing the request." (issue 23 item 4: what an offline
    table and the referee's banner showed). psycopg never puts the password in it.
    """
    words = " ".join(str(error).split())
    if not words:
        return type(error).__name__
    return words if len(words) <= limit else words[: limit - 1] + "…"


class Watchdog:
    """One daemon thread that gives up every connection whose exchange outlives its deadline.

    Arming costs a lock and a dict entry (a thread per exchange cost 0.3 ms, a tenth of a short transaction); the
    thread sleeps until the earliest deadline. A give-up runs under the lock, so :meth:`disarm` returning means
    either the exchange was disarmed in time or its give-up is complete.
    """

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._due: dict[int, tuple[float, Callable[[], None]]] = {}
        self._tokens = itertools.count()
        self._earliest = float("inf")  # when the thread wakes next (inf: when told)
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float, give_up: Callable[[], None]) -> int:
        """Call ``give_up`` in ``seconds`` unless :meth:`disarm` comes first; return the token to disarm with."""
        deadline = time.monotonic() + seconds
        with self._wake:
            token = next(self._tokens)
            self._due[token] = (deadline, give_up)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="server-watchdog", daemon=True)
                self._thread.start()
            elif deadline < self._earliest:
                self._wake.notify()
        return token

    def disarm(self, token: int) -> None:
        """The exchange ended: do not give it up (if its give-up already ran, it has finished)."""
        with self._wake:
            self._due.pop(token, None)

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                for token in [t for t, (deadline, _) in self._due.items() if deadline <= now]:
                    self._due.pop(token)[1]()
                self._earliest = min((deadline for deadline, _ in self._due.values()), default=float("inf"))
                self._wake.wait(None if self._due == {} else self._earliest - now)


#: The one watchdog of this process (the store's and the sync's connections).
WATCHDOG = Watchdog()


def shut_socket(fileno: int) -> None:
    """Shut a connection's socket down both ways (from another thread: the call waiting on it fails at once)."""
    try:
        with socket.socket(fileno=os.dup(fileno)) as shut:
            shut.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # already closed: nothing waits on it


class _Answered:
    """A psycopg connection whose every statement must be answered within :data:`ANSWER_TIMEOUT` seconds, and which
    connects again by itself after it was lost.

    The referee's window reads the store on its own thread: over a path that went silent (every byte taken, none
    answered) a read waited for ever and the window froze. Past the time the socket is shut: the statement fails
    with "did not answer within 15 s", which the store reports as a :class:`SaveFileError` naming the server.
    psycopg's cursors fetch the whole result in ``execute``, so the deadline covers the rows too.

    A connection given up (or lost: the server restarted, a reset) is not kept: the next statement that begins
    something (a transaction's ``BEGIN``, or a read outside any transaction) connects again first, so the window's
    next poll finds the server as soon as a path to it works, instead of failing with "the connection is closed"
    until the window was opened again. A statement inside a transaction whose connection was lost is never sent on a
    new connection (it would run outside the transaction): it fails, the store rolls back, and the next one
    reconnects. A reconnect that fails is reported like any other failure and tried again on the next statement.
    """

    def __init__(self, connection: Any, conninfo: str) -> None:
        self._connection = connection
        self._conninfo = conninfo
        self._gave_up = False
        self._in_transaction = False
        self._closed = False  # closed by its owner: stays closed

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        """Run one statement within the answer time (on a new connection if the last one was lost)."""
        import psycopg

        ends = sql.lstrip()[:8].upper().startswith(("COMMIT", "ROLLBACK"))
        if self._connection.closed:
            if self._closed:
                raise psycopg.OperationalError("the connection is closed")
            if self._in_transaction or ends:  # the transaction went with the connection: nothing to finish
                self._in_transaction = self._in_transaction and not ends
                raise psycopg.OperationalError(self._lost_words())
            self._reconnect()
        fileno = self._connection.fileno()

        def give_up() -> None:
            self._gave_up = True
            shut_socket(fileno)

        token = WATCHDOG.arm(ANSWER_TIMEOUT, give_up)
        try:
            cursor = self._connection.execute(sql, parameters)
        except psycopg.Error:
            if self._connection.broken:
                self._connection.close()  # the next statement that begins something connects again
            if self._gave_up:
                raise psycopg.OperationalError(self._lost_words()) from None
            raise
        finally:
            WATCHDOG.disarm(token)
            if ends:
                self._in_transaction = False
        if sql.lstrip()[:5].upper() == "BEGIN":
            self._in_transaction = True
        return cursor

    def _lost_words(self) -> str:
        if self._gave_up:
            return f"the server did not answer within {ANSWER_TIMEOUT:g} s: gave up the connection"
        return "the connection to the server was lost"

    def _reconnect(self) -> None:
        """Connect again (the store's tables were checked when it was opened: same database, same login)."""
        import psycopg

        try:
            self._connection = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=_CONNECT_TIMEOUT_S)
        except psycopg.Error as error:
            reason = driver_reason(error)
            raise psycopg.OperationalError(f"lost the connection and cannot connect again: {reason}") from None
        self._gave_up = False

    def connect_spare(self) -> Any:
        """A new connection to the same server, answered once within :data:`ANSWER_TIMEOUT` (see
        :meth:`TournamentStore.connect_spare`: it touches nothing of this object but the settings, so another thread
        may call it while the owner's thread reads)."""
        import psycopg

        try:
            connection = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=_CONNECT_TIMEOUT_S)
        except psycopg.Error as error:
            raise psycopg.OperationalError(f"cannot connect again: {driver_reason(error)}") from None
        fileno = connection.fileno()
        gave_up: list[bool] = []

        def give_up() -> None:
            gave_up.append(True)
            shut_socket(fileno)

        token = WATCHDOG.arm(ANSWER_TIMEOUT, give_up)
        try:
            connection.execute("SELECT 1")
        except psycopg.Error:
            connection.close()
            if gave_up:
                raise psycopg.OperationalError(
                    f"the server did not answer within {ANSWER_TIMEOUT:g} s: gave up the connection"
                ) from None
            raise
        finally:
            WATCHDOG.disarm(token)
        return connection

    def use_spare(self, spare: Any) -> bool:
        """Take ``spare`` (from :meth:`connect_spare`) in place of a lost connection, on the owner's thread; else
        close it and return False (the connection stands, a transaction was open on the lost one, or it was closed
        for good)."""
        if self._closed or not self._connection.closed or self._in_transaction:
            spare.close()
            return False
        self._connection = spare
        self._gave_up = False
        return True

    def fileno(self) -> int:
        """The current connection's socket (to read its settings)."""
        return int(self._connection.fileno())

    def close(self) -> None:
        """Close the connection for good."""
        self._closed = True
        self._connection.close()


def with_liveness(url: str) -> str:
    """``url`` as libpq connection settings with what every server connection has (the store's, a table's, the
    referee's, the live feed's): the TCP keepalives and send timeout (a network whose packets vanish is found in
    ~25 s) and its security (:func:`security_settings`).

    Raises:
        psycopg.ProgrammingError: ``url`` is not a connection string libpq reads.
    """
    import psycopg

    return psycopg.conninfo.make_conninfo(
        url, tcp_user_timeout=_TCP_USER_TIMEOUT_MS, **_LIVENESS, **security_settings(url)
    )


def is_this_machine(host: str) -> bool:
    """Whether libpq's ``host`` is this machine: empty (the default socket), a socket folder, ``localhost`` or a
    loopback address."""
    if not host or host.startswith(("/", "@")) or host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def security_settings(url: str) -> dict[str, str]:
    """The libpq settings that secure a connection to ``url``, each unless the URL sets it itself (issue 27 item 2).

    * ``require_auth``: ``scram-sha-256`` when the URL carries a password, so a server (or an impostor) that asks
      for it in clear text or as an MD5 hash is refused before the password leaves this machine; without one,
      ``!password`` (never a password in clear text, whatever ``.pgpass`` holds).
    * For a server that is not this machine (:func:`is_this_machine`): ``sslmode=verify-full``, so the connection
      is encrypted and the server must present a certificate, for the name in the URL, that the root certificate
      vouches for: ``sslrootcert`` as the URL names it (the venue server's own certificate or its CA), else the
      system's certificate authorities (``system``). A closed venue network opts out plainly with
      ``sslmode=disable`` in the URL. A connection to this machine keeps libpq's default (TLS when the server
      offers it, unchecked: nothing crosses a network).

    Raises:
        psycopg.ProgrammingError: ``url`` is not a connection string libpq reads.
    """
    import psycopg

    given = psycopg.conninfo.conninfo_to_dict(url)
    settings: dict[str, str] = {}
    if "require_auth" not in given:
        settings["require_auth"] = "scram-sha-256" if given.get("password") else "!password"
    hosts = str(given.get("host") or "").split(",")
    if "sslmode" not in given and not all(is_this_machine(host.strip()) for host in hosts):
        settings["sslmode"] = "verify-full"
        if "sslrootcert" not in given:
            settings["sslrootcert"] = "system"
    return settings


def describe_url(url: str) -> str:
    """``url`` with any password left out (for messages and titles); a malformed URL is described as one."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # "Invalid IPv6 URL", a port that is not a number: nothing of it can be shown safely
        return "a malformed postgresql:// URL"
    host = parts.hostname or ""
    if port:
        host = f"{host}:{port}"
    if parts.username:
        host = f"{parts.username}@{host}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def check_url(url: str) -> None:
    """Refuse a ``postgresql://`` URL that cannot be read, naming why and leaving the password out.

    Raises:
        TournamentError: an unclosed IPv6 address, a port that is not a number.
    """
    try:
        urlsplit(url).port  # noqa: B018 - reading the port is what checks it
    except ValueError as error:
        raise TournamentError(
            f"not a valid PostgreSQL URL ({error}); write postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
        ) from None


def open_postgresql_store(url: str) -> TournamentStore:
    """Connect to the PostgreSQL database ``url`` names and bring its tournament tables up to date.

    Raises:
        TournamentError: when psycopg is missing or the server cannot be reached (the message leaves the password out).
        UnsupportedVersionError: for tables written by a newer program.
    """
    try:
        import psycopg
    except ImportError:
        raise TournamentError(
            "PostgreSQL tournaments need the psycopg package (pip install 'psycopg[binary]')"
        ) from None
    check_url(url)
    where = describe_url(url)
    conninfo = with_liveness(url)
    try:
        connection = psycopg.connect(conninfo, autocommit=True, connect_timeout=_CONNECT_TIMEOUT_S)
    except psycopg.Error as error:
        raise TournamentError(f"cannot connect to {where}: {driver_reason(error)}") from None
    store = TournamentStore(_Answered(connection, conninfo), Dialect.POSTGRESQL, where, errors=(psycopg.Error,))
    try:
        store.migrate()
    except (ScorekeeperError, psycopg.Error) as error:
        connection.close()
        if isinstance(error, ScorekeeperError):
            raise
        raise SaveFileError(f"{where}: cannot prepare the tournament tables: {error}", path=where) from None
    return store

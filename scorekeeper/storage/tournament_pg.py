"""The tournament store on PostgreSQL: the same :class:`TournamentStore`, over a psycopg 3 connection.

``open_tournament_store("postgresql://...")`` comes here. The tables are those of
:mod:`scorekeeper.storage.tournament_schema`, rendered for PostgreSQL and created (or migrated) on first use in the
database the URL names. The server work (roles, row-level security, the tables' pushes, LISTEN/NOTIFY) builds on
this or replaces it; see /docs/tournament.md, "Storage". Messages name the server without the password.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from scorekeeper.errors import SaveFileError, ScorekeeperError, TournamentError
from scorekeeper.storage.tournament_schema import Dialect
from scorekeeper.storage.tournament_store import TournamentStore

__all__ = ["check_url", "describe_url", "open_postgresql_store", "with_liveness"]

_CONNECT_TIMEOUT_S = 10
#: TCP keepalives and a send timeout, so a connection whose network went silently away (a cable pulled, Wi-Fi out
#: of reach: no reset ever arrives) is found broken within about half a minute instead of the kernel's 2 hours of
#: idle before the first probe (or 15 minutes of retransmissions). A table keeps its connection open between pushes
#: and sends nothing while idle (it listens), so without them an idle table would say "Synced" long after the
#: server was gone; the referee's store and live feed wait on theirs the same way.
_LIVENESS = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3}
_TCP_USER_TIMEOUT_MS = 20_000


def with_liveness(url: str) -> str:
    """``url`` as libpq connection settings with the TCP keepalives and send timeout every server connection has
    (the store's, a table's, the referee's, the live feed's): a network whose packets vanish is found in ~25 s.

    Raises:
        psycopg.ProgrammingError: ``url`` is not a connection string libpq reads.
    """
    import psycopg

    return psycopg.conninfo.make_conninfo(url, tcp_user_timeout=_TCP_USER_TIMEOUT_MS, **_LIVENESS)


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
    try:
        connection = psycopg.connect(with_liveness(url), autocommit=True, connect_timeout=_CONNECT_TIMEOUT_S)
    except psycopg.Error as error:
        raise TournamentError(f"cannot connect to {where}: {str(error).strip().splitlines()[0]:.300}") from None
    store = TournamentStore(connection, Dialect.POSTGRESQL, where, errors=(psycopg.Error,))
    try:
        store.migrate()
    except (ScorekeeperError, psycopg.Error) as error:
        connection.close()
        if isinstance(error, ScorekeeperError):
            raise
        raise SaveFileError(f"{where}: cannot prepare the tournament tables: {error}", path=where) from None
    return store

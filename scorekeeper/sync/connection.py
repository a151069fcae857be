"""Reaching a tournament server: the connection, its failures told apart, and the words for them (no Qt).

Every connection to a tournament's PostgreSQL (a table's, the referee's, the admin's ``server setup``) is opened by
:func:`open_connection`, so one place decides how it is made. Passwords: URLs given to this module may hold one;
every message and :func:`describe_url` leave it out.
"""

from __future__ import annotations

import socket
from typing import Any
from urllib.parse import urlsplit

import psycopg

from scorekeeper.errors import ErrorCode, TournamentError, TournamentServerError
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import check_url, with_liveness

__all__ = ["CONNECT_TIMEOUT", "describe_url", "no_answer", "open_connection", "reason", "tournament_id"]

#: Seconds to wait for a connection before calling the server unreachable.
CONNECT_TIMEOUT = 5


def describe_url(url: str) -> str:
    """``user@host:port/database`` for a ``postgresql://`` URL: what messages and logs say instead of the URL (a
    malformed one is described as such: urlsplit refuses "[::1" and a port that is not a number with ValueError)."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "a malformed postgresql:// URL"
    user = f"{parts.username}@" if parts.username else ""
    return f"{user}{parts.hostname or 'localhost'}{port}{parts.path or '/'}"


def open_connection(url: str, *, autocommit: bool = False, probe: bool = False) -> psycopg.Connection[Any]:
    """A connection to the server at ``url``, within :data:`CONNECT_TIMEOUT` seconds.

    ``probe``: after a connection refused or closed before any login, connect to the port once more to tell which
    (the error's code; for a person's join, not for background reconnects).

    Raises:
        TournamentServerError: the URL is not one, the server cannot be reached, or refuses the login (the error's
            code says at which stage; the message has no password).
    """
    try:
        check_url(url)
    except TournamentError as error:
        raise TournamentServerError(str(error)) from None
    try:
        return psycopg.connect(with_liveness(url), connect_timeout=CONNECT_TIMEOUT, autocommit=autocommit)
    except psycopg.Error as error:
        raise TournamentServerError(
            f"cannot reach the tournament server {describe_url(url)}: {reason(error)}",
            code=_connect_failure(url, error, probe=probe),
            fields={"server": describe_url(url), "detail": reason(error)},
        ) from None


def _connect_failure(url: str, error: psycopg.Error, *, probe: bool) -> ErrorCode:
    """At which stage a connection failed, told apart without reading the driver's words (libpq words its errors
    in the laptop's language, and the server's in the server's).

    psycopg 3.3 keeps no SQLSTATE of a refused connection (``error.sqlstate`` is None for a wrong password and for a
    missing database alike), so the stage is read from what the attempt got to: the timeout's own exception type;
    a password sent and refused (the login: the role, its code or the database, which PostgreSQL checks after the
    password); a host name that resolves to nothing (asked again of the resolver: psycopg resolves it before libpq
    starts); else, with ``probe`` only, one TCP connection of our own to the port: refused means nothing listens
    there. The probe is for a person's join, once; a table's background reconnects do without it.
    """
    if isinstance(error, psycopg.errors.ConnectionTimeout):
        return ErrorCode.SERVER_NO_ANSWER
    if error.pgconn is not None and error.pgconn.used_password:
        return ErrorCode.SERVER_LOGIN_REFUSED
    parts = urlsplit(url)
    host, port = parts.hostname, parts.port or 5432
    if not host or host.startswith("/"):
        return ErrorCode.SERVER_UNREACHABLE  # a local socket: no address to look at
    if error.pgconn is None:  # psycopg failed before libpq tried: the name did not resolve
        try:
            socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError:  # socket.gaierror
            return ErrorCode.SERVER_UNKNOWN_HOST
        return ErrorCode.SERVER_UNREACHABLE
    if not probe:
        return ErrorCode.SERVER_UNREACHABLE
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError:
        return ErrorCode.SERVER_UNREACHABLE
    try:
        with socket.socket(family, kind, proto) as look:
            look.settimeout(CONNECT_TIMEOUT)
            look.connect(address)
    except ConnectionRefusedError:
        return ErrorCode.SERVER_CONNECTION_REFUSED
    except TimeoutError:
        return ErrorCode.SERVER_NO_ANSWER
    except OSError:
        return ErrorCode.SERVER_UNREACHABLE
    return ErrorCode.SERVER_UNREACHABLE  # something listens there and refused without asking for a login


def no_answer(where: str) -> TournamentServerError:
    """The error of an exchange given up at ``tournament_pg.ANSWER_TIMEOUT``."""
    seconds = tournament_pg.ANSWER_TIMEOUT
    return TournamentServerError(
        f"the tournament server {where} did not answer within {seconds:g} s: gave up the connection"
    )


def reason(error: psycopg.Error) -> str:
    """The server's or the driver's reason, all of it on one line (psycopg never puts the password in it)."""
    return tournament_pg.driver_reason(error)


def tournament_id(connection: psycopg.Connection[Any], name: str | None) -> int:
    """The id of the tournament called ``name`` (None: the only one this login sees).

    Raises:
        TournamentError: no such tournament, or several and no name.
    """
    rows = connection.execute("SELECT id, name FROM tournaments ORDER BY id").fetchall()
    if name is not None:
        rows = [r for r in rows if str(r[1]).casefold() == name.casefold()]
    if len(rows) != 1:
        what = f"no tournament called {name!r:.80}" if name is not None else f"{len(rows)} tournaments: name one"
        raise TournamentError(f"the server holds {what}" if rows or name is None else f"the server has {what}")
    return int(rows[0][0])

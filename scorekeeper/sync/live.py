"""The referee's live feed: PostgreSQL's LISTEN/NOTIFY, so a screen redraws when a table's hand lands, no polling.

Every write the server applies (a table's push, a referee's correction or penalty) sends a notification on
:data:`~scorekeeper.sync.server.CHANNEL` in its own transaction, so it is delivered exactly when the write
commits. A :class:`LiveFeed` holds one listening connection. It is Qt-free; a Qt window hooks it up with a
``QSocketNotifier`` on :meth:`LiveFeed.fileno` (readable: call :meth:`LiveFeed.drain`), a script or test calls
:meth:`LiveFeed.wait`. Changes arrive in commit order; several in a burst come out of one ``drain`` together,
so a window redraws once per burst.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from scorekeeper.errors import TournamentServerError
from scorekeeper.storage.tournament_pg import with_liveness
from scorekeeper.sync.server import CHANNEL, CONNECT_TIMEOUT, describe_url

__all__ = ["Change", "LiveFeed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Change:
    """One announced write.

    Attributes:
        game: the server game that changed, or None for a change to no game.
        session: its session (0 if not a game).
        table_no: its table (0 if not a game).
        head: how many events are in effect after the write (0 if not a game).
        what: for a change to no game, the table written: ``penalties``, ``seats``, ``players``, ``tournaments``.
    """

    game: str | None
    session: int = 0
    table_no: int = 0
    head: int = 0
    what: str = ""


def _change(payload: str) -> Change:
    try:
        data: Any = json.loads(payload)
        if "changed" in data:
            return Change(game=None, what=str(data["changed"]))
        return Change(
            game=str(data["game"]), session=int(data["session"]), table_no=int(data["table"]), head=int(data["head"])
        )
    except (ValueError, KeyError, TypeError):
        return Change(game=None)  # someone else's notification on our channel: still a reason to redraw


class LiveFeed:
    """A listening connection to one tournament's server. Close it (or use ``with``) when the window closes."""

    def __init__(self, connection: psycopg.Connection[Any], where: str) -> None:
        """Wrap a listening connection; use :meth:`connect`."""
        self._connection = connection
        self._where = where

    @classmethod
    def connect(cls, url: str) -> LiveFeed:
        """Listen to the tournament at ``url`` (the referee's login, or any login of the tournament).

        Raises:
            TournamentServerError: the server cannot be reached or refuses the login.
        """
        try:
            connection = psycopg.connect(with_liveness(url), autocommit=True, connect_timeout=CONNECT_TIMEOUT)
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        except psycopg.Error as error:
            raise TournamentServerError(f"cannot listen to {describe_url(url)}: {_reason(error)}") from None
        return cls(connection, describe_url(url))

    def fileno(self) -> int:
        """The connection's socket, for a ``QSocketNotifier`` or ``select``: readable when a change may be there."""
        return self._connection.fileno()

    def drain(self) -> tuple[Change, ...]:
        """The changes that have arrived, without waiting (empty if none).

        Raises:
            TournamentServerError: the connection is lost (reconnect with :meth:`connect`).
        """
        return self.wait(0.0)

    def wait(self, timeout: float) -> tuple[Change, ...]:
        """Wait up to ``timeout`` seconds for the first change, then return it with any that came with it.

        Raises:
            TournamentServerError: the connection is lost (reconnect with :meth:`connect`).
        """
        changes: list[Change] = []
        try:
            for notify in self._connection.notifies(timeout=timeout, stop_after=1):
                changes.append(_change(notify.payload))
            if changes:
                changes.extend(_change(n.payload) for n in self._connection.notifies(timeout=0.0))
        except psycopg.Error as error:
            raise TournamentServerError(f"lost the live feed from {self._where}: {_reason(error)}") from None
        return tuple(changes)

    def close(self) -> None:
        """Stop listening and close the connection."""
        self._connection.close()

    def __enter__(self) -> LiveFeed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reason(error: psycopg.Error) -> str:
    lines = str(error).strip().splitlines()
    return lines[-1] if lines else type(error).__name__

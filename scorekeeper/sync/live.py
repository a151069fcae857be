"""The referee's live feed: PostgreSQL's LISTEN/NOTIFY, so a screen redraws when a table's hand lands, no polling.

Every write the server applies (a table's push, a referee's correction or penalty) sends a notification on its
tournament's channel (:func:`~scorekeeper.sync.channels.tournament_channel`) in its own transaction, so it is delivered
exactly when the write commits; a feed hears only its own tournament's writes, however many share the database.
A :class:`LiveFeed` holds one listening connection. It is Qt-free; a Qt window hooks it up with a
``QSocketNotifier`` on :meth:`LiveFeed.fileno` (readable: call :meth:`LiveFeed.drain`), a script or test calls
:meth:`LiveFeed.wait`. Changes arrive in commit order; several in a burst come out of one ``drain`` together,
so a window redraws once per burst.

**Sign of life.** A feed that hears nothing cannot tell a quiet tournament from a path that went silent (a hung
router or proxy takes every byte and forwards none; the nearest hop answers the kernel's keepalives), and the
window would say "live" for good. So the window calls :meth:`LiveFeed.keep_alive` every second: after
``server.PING_AFTER`` seconds without a word it sends an empty query (one round trip, no transaction), and if the
answer has not come ``tournament_pg.ANSWER_TIMEOUT`` seconds later it gives the connection up and raises. It never
waits: the answer comes in on the socket like a notification (the window's ``drain`` reads it), so the window does
not freeze while the server is silent. A feed given up says so within 10 + 15 + 1 s.
"""

from __future__ import annotations

import json
import select
import time
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from scorekeeper.errors import TournamentServerError
from scorekeeper.storage import tournament_pg
from scorekeeper.storage.tournament_pg import with_liveness
from scorekeeper.sync import server
from scorekeeper.sync.channels import CHANNEL, tournament_channel
from scorekeeper.sync.connection import CONNECT_TIMEOUT, describe_url, reason, tournament_id

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
        self._last_word = time.monotonic()  # when the server last sent anything (a notification, an answer)
        self._asked: float | None = None  # when a sign of life was asked for, while its answer is awaited

    @classmethod
    def connect(cls, url: str, *, tournament: str | None = None) -> LiveFeed:
        """Listen to the tournament ``tournament`` (None: the only one) at ``url`` (the referee's login, or any
        login of the tournament).

        It listens on the tournament's channel, and on the channel of the program before per-tournament channels
        (:data:`~scorekeeper.sync.channels.CHANNEL`: a server whose triggers were not upgraded since, or a table
        running that program, announces there; nothing of this program does).

        Raises:
            TournamentServerError: the server cannot be reached or refuses the login.
            TournamentError: no such tournament (or several and no name).
        """
        try:
            connection = psycopg.connect(with_liveness(url), autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.Error as error:
            raise TournamentServerError(f"cannot listen to {describe_url(url)}: {reason(error)}") from None
        try:
            tid = tournament_id(connection, tournament)
            for channel in (tournament_channel(tid), CHANNEL):
                connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        except psycopg.Error as error:
            connection.close()
            raise TournamentServerError(f"cannot listen to {describe_url(url)}: {reason(error)}") from None
        except BaseException:
            connection.close()
            raise
        return cls(connection, describe_url(url))

    def fileno(self) -> int:
        """The connection's socket, for a ``QSocketNotifier`` or ``select``: readable when a change may be there."""
        return self._connection.fileno()

    def drain(self) -> tuple[Change, ...]:
        """The changes that have arrived, without waiting (empty if none); takes in the answer to a sign of life.

        Raises:
            TournamentServerError: the connection is lost (reconnect with :meth:`connect`).
        """
        changes: list[Change] = []
        try:
            # libpq directly: psycopg's own calls do not expect the empty query's answer that keep_alive() awaits.
            with self._connection.lock:
                pgconn = self._connection.pgconn
                pgconn.consume_input()
                while (notify := pgconn.notifies()) is not None:
                    changes.append(_change(notify.extra.decode("utf-8", "replace")))
                if self._asked is not None and not pgconn.is_busy():
                    while (result := pgconn.get_result()) is not None:
                        if result.status == psycopg.pq.ExecStatus.FATAL_ERROR:
                            message = (result.error_message or b"").decode("utf-8", "replace").strip()
                            raise TournamentServerError(f"lost the live feed from {self._where}: {message}")
                    self._asked = None
                    self._last_word = time.monotonic()
        except psycopg.Error as error:
            raise TournamentServerError(f"lost the live feed from {self._where}: {reason(error)}") from None
        if changes:
            self._last_word = time.monotonic()
        return tuple(changes)

    def wait(self, timeout: float) -> tuple[Change, ...]:
        """Wait up to ``timeout`` seconds for the first change, then return it with any that came with it.

        Asks for signs of life on the way (:meth:`keep_alive`), so a long wait on a path that went silent ends.

        Raises:
            TournamentServerError: the connection is lost or was given up (reconnect with :meth:`connect`).
        """
        deadline = time.monotonic() + timeout
        while True:
            changes = self.drain()
            left = deadline - time.monotonic()
            if changes or left <= 0:
                return changes
            self.keep_alive()
            select.select([self.fileno()], [], [], min(left, 1.0))

    def keep_alive(self) -> None:
        """Ask for a sign of life after ``server.PING_AFTER`` seconds without a word, and give the connection up when
        the answer has not come within ``tournament_pg.ANSWER_TIMEOUT`` seconds. Never waits; call it every second.

        Raises:
            TournamentServerError: the answer did not come in time (the connection is shut), or the connection is
                lost.
        """
        now = time.monotonic()
        if self._asked is not None:
            if now - self._asked < tournament_pg.ANSWER_TIMEOUT:
                with self._connection.lock:
                    self._connection.pgconn.flush()  # (the query's few bytes went at once unless the path is full)
                return
            self.drain()  # the answer may have come without anyone reading it
            if self._asked is not None:
                tournament_pg.shut_socket(self.fileno())
                seconds = tournament_pg.ANSWER_TIMEOUT
                raise TournamentServerError(
                    f"the live feed from {self._where} did not answer within {seconds:g} s: gave up the connection"
                )
            return
        if now - self._last_word < server.PING_AFTER:
            return
        try:
            with self._connection.lock:
                pgconn = self._connection.pgconn
                pgconn.send_query(b"")  # an empty query: its answer is all we want
                pgconn.flush()  # a few bytes: the rest (if any) goes with the next flush
        except psycopg.Error as error:
            raise TournamentServerError(f"lost the live feed from {self._where}: {reason(error)}") from None
        self._asked = now

    def close(self) -> None:
        """Stop listening and close the connection."""
        self._connection.close()

    def __enter__(self) -> LiveFeed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

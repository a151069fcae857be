"""A tournament table's outbox: the changes to its games that the tournament server has not acknowledged yet.

The table keeps writing every confirmed event to its own SQLite file first, exactly as without a tournament
(:class:`scorekeeper.storage.store.GameStore`). A game joined to a tournament is *linked* (a ``sync_games`` row);
from then on triggers in the file (``_schema`` version 3) put every change to that game's rows into ``outbox`` in
the same transaction as the change itself, numbered 1, 2, 3... per game. So an outbox row exists exactly when its
change was committed: a crash, a SIGKILL or a pulled plug cannot separate them.

The numbers are the sync key. The server stores what it receives under (server game, number) and ignores a
number it already has, so a retry or a duplicate delivery changes nothing; it applies the numbers in order, so
rows that arrive out of order wait for the missing ones. A log position alone could not be the key: after an undo,
a new event reuses the position of the undone one. See ``scorekeeper/sync/push.py`` for the server side.

Each row is one of:

* ``put``: the event row at ``seq`` now holds ``body`` (an append, or a rewrite);
* ``drop``: the event row at ``seq`` is gone (a redo list dropped by a new event);
* ``head``: the game's head is now ``seq`` and its finished flag ``finished``, and the write was built on head
  ``base``. Every write of the store ends with one, so it closes a *unit*: the rows one transaction changed.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Self

from scorekeeper.errors import SaveFileError
from scorekeeper.storage._sqlite import SQLITE_ERRORS, transaction

__all__ = ["GameLink", "LocalOutbox", "OutboxOp"]

_BUSY_TIMEOUT_MS = 5_000


@dataclass(frozen=True, slots=True, kw_only=True)
class OutboxOp:
    """One queued change of a linked game (see the module docstring for the kinds)."""

    op: int
    kind: str
    seq: int
    body: str | None = None
    base: int | None = None
    finished: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLink:
    """A local game joined to a game on the tournament server.

    Attributes:
        game_id: the game in this file.
        link: where the server game lives, without any password (``host:port/database session S table T``).
        server_game: the game's id on the server (text; the column was declared INTEGER in version 4, and SQLite
            keeps such ids as text: they start with a letter).
        acked_op: the last change number the server has applied.
        last_op: the last change number this laptop has given the game (its next change is ``last_op + 1``). The
            server holding a number above it means another laptop of the same table wrote to the game.
        waiting: how many writes (units) are queued.
        oldest: when the oldest queued change was made (ISO 8601 UTC), or empty.
        problem: why pushing stopped for this game (a conflict), or empty.
    """

    game_id: int
    link: str
    server_game: str
    acked_op: int
    last_op: int
    waiting: int
    oldest: str
    problem: str


class LocalOutbox:
    """The outbox tables of one game-store file, through a connection of its own.

    Open the file with :meth:`GameStore.open` first (it creates or migrates the layout); this class only reads
    and trims the outbox, links games and rewrites a game from the server's copy.
    """

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        """Wrap an open connection; use :meth:`open`."""
        self._connection = connection
        self._path = path

    @classmethod
    def open(cls, path: Path) -> LocalOutbox:
        """Open the outbox of the game store at ``path`` (which must already exist at the current version).

        Raises:
            SaveFileError: the file cannot be opened or has no outbox.
        """
        path = Path(path)
        try:
            # The app pushes from a worker thread; TableSync lets one thread at a time use the connection.
            connection = sqlite3.connect(
                path.absolute().as_uri() + "?mode=rw", uri=True, isolation_level=None, check_same_thread=False
            )
            connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("SELECT 1 FROM sync_games LIMIT 1").fetchall()
        except SQLITE_ERRORS as error:  # a damaged file, as the store refuses it
            raise SaveFileError(f"{path}: cannot open the outbox: {error}", path=path) from error
        return cls(connection, path)

    def close(self) -> None:
        """Close the connection."""
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def _transaction(self, what: str, *, write: bool) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return transaction(self._connection, self._path, what, begin="BEGIN IMMEDIATE" if write else "BEGIN")

    # -- linking -----------------------------------------------------------------------------------------------

    def link(self, game_id: int, *, link: str, server_game: str, acked_op: int = 0) -> None:
        """Join local game ``game_id`` to ``server_game``; its changes from now on are queued.

        ``acked_op`` is the last change number the server has already applied for that game (0 for a new one,
        more when a laptop takes over a game the server already holds). If the local game already has events
        that the server lacks (``acked_op`` 0 and events stored), they are queued as one unit now.

        Raises:
            SaveFileError: no such local game, it is already linked, or the file cannot be written.
        """
        with self._transaction("link the game", write=True) as connection:
            row = connection.execute("SELECT head, finished FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise SaveFileError(f"{self._path}: there is no game {game_id}", path=self._path)
            if connection.execute("SELECT 1 FROM sync_games WHERE game_id = ?", (game_id,)).fetchone():
                raise SaveFileError(f"{self._path}: game {game_id} is already joined to a tournament", path=self._path)
            connection.execute(
                "INSERT INTO sync_games (game_id, link, server_game, next_op, acked_op) VALUES (?, ?, ?, ?, ?)",
                (game_id, link, server_game, acked_op + 1, acked_op),
            )
            if acked_op == 0:
                rows = connection.execute(
                    "SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
                ).fetchall()
                if rows:
                    ops: list[tuple[object, ...]] = [
                        (game_id, op, "put", seq, body, None, None) for op, (seq, body) in enumerate(rows, 1)
                    ]
                    ops.append((game_id, len(rows) + 1, "head", row[0], None, 0, row[1]))
                    connection.executemany(
                        "INSERT INTO outbox (game_id, op, kind, seq, body, base, finished)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        ops,
                    )
                    connection.execute("UPDATE sync_games SET next_op = ? WHERE game_id = ?", (len(rows) + 2, game_id))

    def relink(self, game_id: int, *, link: str) -> None:
        """Say how the server of linked game ``game_id`` is reached now (another address of the same server).

        Raises:
            SaveFileError: the game is not linked, or the file cannot be written.
        """
        with self._transaction("relink the game", write=True) as connection:
            changed = connection.execute("UPDATE sync_games SET link = ? WHERE game_id = ?", (link, game_id)).rowcount
            if not changed:
                raise SaveFileError(f"{self._path}: game {game_id} is not joined to a tournament", path=self._path)

    def links(self) -> tuple[GameLink, ...]:
        """Every linked game with its queue, oldest link first."""
        with self._transaction("read the outbox", write=False) as connection:
            rows = connection.execute(
                "SELECT s.game_id, s.link, s.server_game, s.acked_op, s.next_op - 1, s.problem,"
                " (SELECT count(*) FROM outbox o WHERE o.game_id = s.game_id AND o.kind = 'head'),"
                " (SELECT min(queued) FROM outbox o WHERE o.game_id = s.game_id)"
                " FROM sync_games s ORDER BY s.game_id"
            ).fetchall()
        return tuple(
            GameLink(
                game_id=game_id,
                link=link,
                server_game=str(server_game),
                acked_op=acked,
                last_op=last,
                waiting=waiting,
                oldest=oldest or "",
                problem=problem,
            )
            for game_id, link, server_game, acked, last, problem, waiting, oldest in rows
        )

    def link_of(self, game_id: int) -> GameLink | None:
        """The link of local game ``game_id``, or None if it is not joined to a tournament."""
        return next((link for link in self.links() if link.game_id == game_id), None)

    # -- the queue ---------------------------------------------------------------------------------------------

    def pending(self, game_id: int, *, limit: int = 10_000) -> tuple[OutboxOp, ...]:
        """The queued changes of ``game_id``, oldest first, cut after the last whole unit within ``limit`` rows."""
        with self._transaction("read the outbox", write=False) as connection:
            rows = connection.execute(
                "SELECT op, kind, seq, body, base, finished FROM outbox WHERE game_id = ? ORDER BY op LIMIT ?",
                (game_id, limit),
            ).fetchall()
        ops = [
            OutboxOp(op=op, kind=kind, seq=seq, body=body, base=base, finished=None if done is None else bool(done))
            for op, kind, seq, body, base, done in rows
        ]
        while ops and ops[-1].kind != "head":
            ops.pop()  # only whole units travel (a limit may cut one)
        return tuple(ops)

    def acknowledge(self, game_id: int, op: int) -> None:
        """The server has applied every change of ``game_id`` up to number ``op``: drop them from the queue.

        The caller names only numbers it sent and the server took (never one past the last it sent: a number above
        may be another laptop's, see :class:`GameLink`).
        """
        with self._transaction("trim the outbox", write=True) as connection:
            connection.execute("DELETE FROM outbox WHERE game_id = ? AND op <= ?", (game_id, op))
            connection.execute("UPDATE sync_games SET acked_op = max(acked_op, ?) WHERE game_id = ?", (op, game_id))

    def set_problem(self, game_id: int, problem: str) -> None:
        """Record why pushing stopped for ``game_id`` (empty to clear it)."""
        with self._transaction("mark the outbox", write=True) as connection:
            connection.execute("UPDATE sync_games SET problem = ? WHERE game_id = ?", (problem, game_id))

    def adopt(
        self, game_id: int, *, bodies: Sequence[str], head: int, finished: bool, acked_op: int
    ) -> tuple[str, ...]:
        """Make local game ``game_id`` the server's copy (rows ``bodies``, ``head``, ``finished``), in one transaction.

        The queued changes the server did not apply are dropped and their event bodies returned (oldest first),
        so the app can offer them again; the queue restarts after ``acked_op``, the server's last applied number.
        The rewrite itself is not queued: the server already has it.

        Raises:
            SaveFileError: the game is not linked, or the file cannot be written.
        """
        with self._transaction("take the server's copy of the game", write=True) as connection:
            if not connection.execute("SELECT 1 FROM sync_games WHERE game_id = ?", (game_id,)).fetchone():
                raise SaveFileError(f"{self._path}: game {game_id} is not joined to a tournament", path=self._path)
            refused = tuple(
                body
                for (body,) in connection.execute(
                    "SELECT body FROM outbox WHERE game_id = ? AND kind = 'put' ORDER BY op", (game_id,)
                ).fetchall()
            )
            connection.execute("UPDATE sync_games SET paused = 1 WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            connection.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                ((game_id, seq, body) for seq, body in enumerate(bodies)),
            )
            connection.execute(
                # A new revision: a window still showing the old log is refused its next write (issue 10).
                "UPDATE games SET head = ?, finished = ?, revision = revision + 1,"
                " updated = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
                (head, int(finished), game_id),
            )
            connection.execute("DELETE FROM outbox WHERE game_id = ?", (game_id,))
            connection.execute(
                "UPDATE sync_games SET paused = 0, next_op = ?, acked_op = ?, problem = '' WHERE game_id = ?",
                (acked_op + 1, acked_op, game_id),
            )
        return refused

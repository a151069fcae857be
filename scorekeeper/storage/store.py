"""The game store: every game in one SQLite file, every confirmed event committed the moment it happens.

Layout (``_schema`` version 6; the registry and statistics tables are ``scorekeeper.storage.registry``'s and
``scorekeeper.storage.statistics``'s, the outbox ``scorekeeper.storage.outbox``'s): a ``games`` row per game
(players, ruleset, finished flag, and ``head``) and an
``events`` row per event, numbered 0, 1, 2... within its game, holding the event's JSON
(:func:`scorekeeper.session.events.event_to_json`). The first ``head`` events are in effect; rows from ``head`` on
are the redo list. So undo is ``head - 1``, redo is ``head + 1``, and appending a new event drops the redo list and
writes the event at ``head``: the same model as :class:`scorekeeper.session.Session`'s log and redo stack, and it
survives a restart. Each of those is one transaction.

Two writers (issue 10): every write names the log position it was built on, a :class:`LogPosition` (``head``, the
number of events in effect, which is also the sequence number the next event gets; and ``revision``, a count of
the writes to that game's log). The write checks it inside its own ``BEGIN IMMEDIATE`` transaction and raises
:class:`StaleWriteError` if the game changed since, so a second window (or a sync) can never append to, undo or
redo a log it has not seen. The revision catches what the head alone cannot: another window undoing an event and
appending a different one leaves the same head. Undo and redo also name the event they take out or put back.
Each write returns the new position. An append that repeats, at the position it names, the event already stored
there in effect raises :class:`DuplicateEventError` (a redelivery; nothing written).

Durability: WAL with ``synchronous=FULL`` by default. In WAL mode ``NORMAL`` is already safe against the program
being killed, but a power cut may roll back the last commits; the issue asks that a pulled plug lose nothing
confirmed, so the default pays one fsync of the WAL per event. That fsync is the whole cost of an append (about
0.2 ms on an idle SSD, several ms on a contended disk; docs/storage.md has the measurements), so ``open`` takes
``durable=False`` for machines where that matters. (SQLite documentation, "Write-Ahead Logging" and
"PRAGMA synchronous".)

Opening is careful: the first 100 bytes are read before SQLite sees the file, so a file that is not SQLite, not
ours, or from a newer version is refused with nothing written to it; then a read-only connection checks the
structure (``PRAGMA quick_check``, which reads every page: only when the file changed since a clean close noted it
sound, ``storage/_checked.py``) and the schema objects: a table, view, trigger or index that a fresh database of
the same version would not have is refused by name before any statement of ours can fire it (issue 10: a planted
trigger deleted 29 of 30 games on one append). Only then is the file opened for writing, copied aside and migrated
if it is older. ``open(..., read_only=True)`` (reading commands such as ``scorekeeper export``) never writes,
creates or upgrades the file: it reads a current file in place through a read-only connection, and an older one
from a copy in memory, migrated there.

Everything read back from the file is validated; a damaged game raises :class:`SaveFileError` for that game alone
and the others stay usable.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from scorekeeper.errors import (
    DuplicateEventError,
    ErrorCode,
    GameRecordError,
    InvalidRulesetError,
    NothingToUndoError,
    SaveFileError,
    ScorekeeperError,
    StaleWriteError,
    UnsupportedVersionError,
)
from scorekeeper.session.events import Event, PlayerReplaced, event_from_json, event_to_json
from scorekeeper.session.names import entry_name_problem
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage import _schema
from scorekeeper.storage._checked import is_unchanged_since_check, mark_checked
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage._sqlite import SQLITE_ERRORS, sqlite_failure, transaction
from scorekeeper.storage.files import read_header

__all__ = [
    "MAX_EVENTS_PER_GAME",
    "MAX_EVENT_CHARS",
    "GameStore",
    "GameSummary",
    "LogPosition",
    "StoredGame",
]

#: The longest event JSON read back (a full-hand win is under 2,000 characters).
MAX_EVENT_CHARS = 65_536
#: The most events one game may hold (a marathon game has a few hundred).
MAX_EVENTS_PER_GAME = 100_000
#: The longest players or ruleset JSON read back.
_MAX_META_CHARS = 65_536
#: The columns a game list's line is read from (``GameStore._summary``).
_SUMMARY_COLUMNS = "id, created, updated, players, ruleset, finished, head"
#: How long a write waits for another program holding the file (milliseconds).
_BUSY_TIMEOUT_MS = 5_000


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def _player_for(connection: sqlite3.Connection, name: str, now: str) -> int | None:
    """The registry entry a name at the table joins: the oldest of that name (followed to the entry it was merged
    into), a new one if there is none; None (a guest) for an empty name or one the registry's names judge refuses
    (``scorekeeper.session.names.check_entry_name``: a stored or imported game keeps its names, but no entry is
    made under a name a new game would refuse)."""
    if entry_name_problem(name) is not None:
        return None
    key = name.strip()
    row = connection.execute("SELECT id FROM players WHERE name = ? ORDER BY id LIMIT 1", (key,)).fetchone()
    if row is None:
        cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, now))
        assert cursor.lastrowid is not None
        return cursor.lastrowid
    player = int(row[0])
    seen = {player}
    while True:
        target = connection.execute("SELECT merged_into FROM players WHERE id = ?", (player,)).fetchone()
        if target is None or target[0] is None or target[0] in seen:
            return player
        player = int(target[0])
        seen.add(player)


def _bind_substitutes(
    connection: sqlite3.Connection,
    game_id: int,
    events: Sequence[Event],
    chosen: Mapping[tuple[int, str], int | None] | None = None,
) -> None:
    """Bind the substitutes of ``events`` to the entries ``chosen`` for them (by seat and name; None: a guest), and
    make a guest of each other substitute whose name the registry's names judge refuses
    (``scorekeeper.session.names.check_entry_name``), before the events are written: the triggers that bind a
    substitute event as it is written (``_schema`` version 6) leave a substitute already bound as it is."""
    bound = dict(chosen or {})
    for event in events:
        if isinstance(event, PlayerReplaced) and entry_name_problem(event.player) is not None:
            bound.setdefault((int(event.seat), event.player), None)
    if bound:
        connection.executemany(
            "INSERT OR IGNORE INTO substitutes (game_id, seat, name, player_id) VALUES (?, ?, ?, ?)",
            ((game_id, seat, name, player) for (seat, name), player in bound.items()),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LogPosition:
    """Where a game's log stands: what every write names, and is refused with if the file has moved on.

    Attributes:
        head: how many events are in effect; the sequence number (0-based) the next appended event gets.
        revision: how many writes the game's log has had in this file (append, undo, redo, replace, finish).
    """

    head: int
    revision: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSummary:
    """One line of the game list.

    Attributes:
        id: the game's id in this file.
        created: when the game was created (ISO 8601, UTC).
        updated: when it last changed (ISO 8601, UTC).
        players: the four names, seat 0 first (empty if the row is damaged).
        ruleset: the ruleset as the game-record format writes it (a preset name, or preset plus overrides).
        finished: whether the game has ended.
        events: how many events are in effect (undone ones not counted).
        problem: why the game cannot be loaded, or empty when its row reads fine.
    """

    id: int
    created: str
    updated: str
    players: tuple[str, ...]
    ruleset: Any
    finished: bool
    events: int
    problem: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredGame:
    """Everything stored about one game.

    Attributes:
        id: the game's id in this file.
        created: when the game was created (ISO 8601, UTC).
        updated: when it last changed.
        players: the four names, seat 0 first.
        ruleset: the ruleset JSON (the game-record format's ``ruleset`` value).
        finished: whether the game has ended.
        events: the events in effect, oldest first.
        redo: the undone events, the next one to redo first.
        position: the log position this was read at: what the next write names.
    """

    id: int
    created: str
    updated: str
    players: tuple[str, ...]
    ruleset: Any
    finished: bool
    events: tuple[Event, ...]
    redo: tuple[Event, ...]
    position: LogPosition


class GameStore:
    """All games in one SQLite file. Open with :meth:`open`; use as a context manager or call :meth:`close`."""

    def __init__(self, connection: sqlite3.Connection, path: Path, *, read_only: bool = False) -> None:
        """Wrap an open, migrated connection; use :meth:`open` instead."""
        self._connection = connection
        self._path = path
        self._read_only = read_only
        self._in_batch = False

    # -- opening and closing -----------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, durable: bool = True, read_only: bool = False) -> GameStore:
        """Open the database at ``path``, creating it if there is none and migrating it if it is older.

        Before an older database is migrated it is copied to ``<name>.v<N>.bak`` beside it: written under a
        temporary name, checked, then renamed, so a kill mid-copy never leaves a broken file under that name.

        Args:
            path: the database file.
            durable: every commit waits until it is on the disk (``synchronous=FULL``), so that even a power cut
                loses nothing confirmed. With False (``NORMAL``) a commit survives the program being killed but
                a power cut may roll back the last few; commits are then much faster on a busy or slow disk.
            read_only: only read: the file is never written, created or upgraded, and it may be on a read-only
                folder or medium. A current file is read in place (each read sees the file as committed then), an
                older one from a copy in memory taken now, migrated there. Every write then raises SaveFileError.

        Raises:
            UnsupportedVersionError: the file was written by a newer version (it is left untouched).
            SaveFileError: the file cannot be read or written, is not a scorekeeper database, is damaged, holds
                schema objects that are not ours (named), or (read-only) does not exist or is empty.
        """
        path = Path(path)
        if read_only:
            return cls(_reader(path), path, read_only=True)
        version = _probe(path)
        connection = _connect(path, path.as_posix())
        try:
            _configure(connection, durable=durable)
            if version < _schema.CURRENT_VERSION:
                if version > 0:
                    _back_up(connection, path, version)
                _schema.migrate(connection, version)
            found = connection.execute("PRAGMA user_version").fetchone()[0]
            if found != _schema.CURRENT_VERSION:
                # Another program changed the file between the probe and now.
                raise SaveFileError(f"{path}: database version changed while opening ({found})", path=path)
        except SQLITE_ERRORS as error:
            connection.close()
            raise sqlite_failure(path, "prepare the database", error) from error
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

    @property
    def path(self) -> Path:
        """Where the database file is."""
        return self._path

    @property
    def read_only(self) -> bool:
        """Whether this store only reads (every write raises SaveFileError)."""
        return self._read_only

    def close(self) -> None:
        """Close the database (everything is already committed).

        A store opened for writing whose connection was the last one on the file then notes beside it that the
        file, as it is now, is sound (``<name>.checked``, :mod:`scorekeeper.storage._checked`), so the next open
        need not read every page to check it.
        """
        self._connection.close()
        if not self._read_only:
            mark_checked(self._path)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # -- writing -----------------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _write(self, what: str) -> Iterator[sqlite3.Connection]:
        """One write transaction; any SQLite failure rolls it back and becomes a SaveFileError saying ``what``."""
        if self._read_only:
            raise SaveFileError(f"{self._path}: cannot {what}: the database is open read-only", path=self._path)
        if self._in_batch:
            with self._savepoint(what) as connection:
                yield connection
            return
        with transaction(self._connection, self._path, what) as connection:
            yield connection

    @contextlib.contextmanager
    def batch(self, what: str) -> Iterator[None]:
        """Run the writes (and reads) inside in one transaction: one commit, one wait for the disk, for all.

        Each write inside is a savepoint of its own: a write that fails is rolled back alone, as outside a batch,
        and the others stay. Nothing inside is on the disk before the batch ends; an exception escaping the body
        rolls the whole batch back. Other connections cannot write while a batch runs: keep batches short (an
        import commits every few dozen games).

        Raises:
            SaveFileError: the database cannot be written (the batch is rolled back).
        """
        if self._in_batch:
            yield
            return
        with self._write(what):
            self._in_batch = True
            try:
                yield
            finally:
                self._in_batch = False

    @contextlib.contextmanager
    def _savepoint(self, what: str) -> Iterator[sqlite3.Connection]:
        """One write within a batch: a savepoint, rolled back alone if the write fails."""
        connection = self._connection
        try:
            connection.execute("SAVEPOINT sk_write")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK TO sk_write")
                connection.execute("RELEASE sk_write")
                raise
            connection.execute("RELEASE sk_write")
        except SQLITE_ERRORS as error:
            raise sqlite_failure(self._path, what, error) from error

    def create_game(
        self,
        *,
        players: Sequence[str],
        ruleset: Any,
        events: Sequence[Event] = (),
        redo: Sequence[Event] = (),
        finished: bool = False,
        created: str | None = None,
        seat_players: Sequence[int | None] | None = None,
        guests: Sequence[bool] = (),
        fingerprint: str | None = None,
        substitute_players: Mapping[tuple[int, str], int | None] | None = None,
    ) -> int:
        """Store a new game (with any events it already has) in one transaction and return its id.

        Args:
            players: the four names, seat 0 first.
            ruleset: the game-record format's ``ruleset`` value: a preset name or ``{"preset", "overrides"}``.
            events: events already in effect (an imported game).
            redo: undone events, next to redo first.
            finished: whether the game has already ended.
            created: the creation time (ISO 8601); now if not given.
            seat_players: each seat's player in the registry (None: a guest); if not given, each name joins the
                registry entry of that name (the first one, following merges), made if there is none, and an
                empty name is a guest.
            guests: the seats marked True are guests (they join no registry entry), when ``seat_players`` is not
                given.
            fingerprint: the hash of an imported record (see ``scorekeeper.storage.registry``).
            substitute_players: the registry entry of each substitute in ``events`` and ``redo`` (None: a guest),
                by (seat, name as the event has it). A substitute not in it joins as the store's triggers bind one
                (the oldest entry of exactly that name, made if there is none), or is a guest if the registry's
                names judge refuses the name (``scorekeeper.session.names.check_entry_name``).

        Raises:
            SaveFileError: the database cannot be written, or a game with this fingerprint is already stored.
        """
        now = _now()
        players_text = dump_json(list(players))
        ruleset_text = dump_json(ruleset)
        bodies = [dump_json(event_to_json(e)) for e in (*events, *redo)]
        with self._write("create a game") as connection:
            cursor = connection.execute(
                "INSERT INTO games (created, updated, players, ruleset, finished, head, fingerprint)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (created or now, now, players_text, ruleset_text, int(finished), len(events), fingerprint),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            if seat_players is not None:
                ids = list(seat_players)
            else:
                guest = [bool(g) for g in guests] + [False] * (len(players) - len(guests))
                ids = [None if g else _player_for(connection, n, now) for n, g in zip(players, guest, strict=False)]
            connection.executemany(
                "INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                ((game_id, seat, player) for seat, player in enumerate(ids) if player is not None),
            )
            _bind_substitutes(connection, game_id, (*events, *redo), substitute_players)
            # After the seats: a substitute event joins the registry as it is written (``_schema`` version 6), and
            # the four who sat down come first.
            connection.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                ((game_id, seq, body) for seq, body in enumerate(bodies)),
            )
        return game_id

    def _current(self, connection: sqlite3.Connection, game_id: int) -> LogPosition:
        row = connection.execute("SELECT head, revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise SaveFileError(f"{self._path}: there is no game {game_id}", path=self._path)
        head, revision = row
        if not isinstance(head, int) or not 0 <= head <= MAX_EVENTS_PER_GAME:
            raise self._damaged(game_id, f"undo position {_show(head)}")
        if not isinstance(revision, int) or revision < 0:
            raise self._damaged(game_id, f"revision {_show(revision)}")
        return LogPosition(head=head, revision=revision)

    def _check(self, connection: sqlite3.Connection, game_id: int, at: LogPosition | int) -> LogPosition:
        """The game's current position, if the write built on ``at`` may go ahead; else StaleWriteError."""
        current = self._current(connection, game_id)
        expected = at if isinstance(at, int) else at.head
        if current == at or (isinstance(at, int) and at == current.head):
            return current
        raise StaleWriteError(
            f"this game was changed in another window (game {game_id}: this window had {_events(expected)} "
            f"in effect, the file now has {_events(current.head)}, changed since this window read it); "
            "nothing was saved",
            game_id=game_id,
            expected=expected,
            found=current.head,
        )

    def _event_at(self, connection: sqlite3.Connection, game_id: int, seq: int) -> Event | None:
        """The event stored as number ``seq`` (in effect or not), or None. Events are compared as values, not as
        JSON text: an older program (or an import) may have written the same event with different spacing."""
        row = connection.execute("SELECT body FROM events WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        return None if row is None else self._event(game_id, seq, row[0])

    def position(self, game_id: int) -> LogPosition:
        """Where the game's log stands now (a new game without events: head 0, revision 0).

        Raises:
            SaveFileError: no such game, or the database cannot be read.
        """
        with self._read("read the game") as connection:
            return self._current(connection, game_id)

    def append(self, game_id: int, event: Event, *, at: LogPosition | int, finished: bool | None = None) -> LogPosition:
        """Commit one event at position ``at`` of the game's log, dropping its redo list; return the new position.

        When this returns, the event is on disk as number ``at.head`` (its sequence number). ``finished`` (the
        session's ``state.ended`` after the event), if given, is stored in the same transaction.

        Args:
            game_id: the game.
            event: the event, checked by the caller's session on the state at ``at``.
            at: the position the caller's state was built on (from :meth:`position`, :meth:`load` or the last
                write). A bare int names the head only: for a replicated log whose events below the head never
                change (a sync pushing events keyed by sequence number); the revision is then not checked.
            finished: whether the game has ended after the event.

        Raises:
            DuplicateEventError: this very event is already stored in effect at ``at``'s head (a redelivery).
            StaleWriteError: the game's log is no longer at ``at`` (another window changed it); nothing written.
            SaveFileError: no such game, or the database cannot be written.
        """
        body = dump_json(event_to_json(event))
        with self._write("save the event") as connection:
            try:
                current = self._check(connection, game_id, at)
            except StaleWriteError as error:
                seq = at if isinstance(at, int) else at.head
                if seq < error.found and self._event_at(connection, game_id, seq) == event:
                    raise DuplicateEventError(
                        f"game {game_id} already has this event as number {seq}; nothing was saved",
                        game_id=game_id,
                        expected=seq,
                        found=error.found,
                        seq=seq,
                    ) from None
                raise
            head = current.head
            if head >= MAX_EVENTS_PER_GAME:
                raise SaveFileError(f"{self._path}: game {game_id} already has {head:,} events", path=self._path)
            connection.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, head))
            _bind_substitutes(connection, game_id, (event,))
            connection.execute("INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)", (game_id, head, body))
            return self._move_head(connection, game_id, current, head + 1, finished)

    def undo(self, game_id: int, event: Event, *, at: LogPosition, finished: bool | None = None) -> LogPosition:
        """Take ``event``, the game's last event in effect at ``at``, out of effect (kept for :meth:`redo`).

        ``finished``, if given, is stored in the same transaction (an undo can reopen an ended game).

        Raises:
            NothingToUndoError: the game has no event in effect.
            StaleWriteError: the game's log is no longer at ``at``, or its last event is not ``event``.
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("undo") as connection:
            current = self._check(connection, game_id, at)
            if current.head == 0:
                raise NothingToUndoError(f"game {game_id} has nothing to undo")
            self._check_named(connection, game_id, current, seq=current.head - 1, event=event, what="undo")
            return self._move_head(connection, game_id, current, current.head - 1, finished)

    def redo(self, game_id: int, event: Event, *, at: LogPosition, finished: bool | None = None) -> LogPosition:
        """Put ``event``, the game's next undone event at ``at``, back into effect; ``finished`` is stored with it.

        Raises:
            NothingToUndoError: nothing has been undone since the last new event.
            StaleWriteError: the game's log is no longer at ``at``, or its next undone event is not ``event``.
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("redo") as connection:
            current = self._check(connection, game_id, at)
            if self._event_at(connection, game_id, current.head) is None:
                raise NothingToUndoError(f"game {game_id} has nothing to redo")
            self._check_named(connection, game_id, current, seq=current.head, event=event, what="redo")
            return self._move_head(connection, game_id, current, current.head + 1, finished)

    def _check_named(
        self, connection: sqlite3.Connection, game_id: int, current: LogPosition, *, seq: int, event: Event, what: str
    ) -> None:
        """Refuse an undo or redo whose named event is not the one stored at ``seq``."""
        if self._event_at(connection, game_id, seq) != event:
            raise StaleWriteError(
                f"this game was changed in another window (game {game_id}: the event to {what} is not event "
                f"{seq + 1} of the file); nothing was saved",
                game_id=game_id,
                expected=current.head,
                found=current.head,
            )

    def _move_head(
        self, connection: sqlite3.Connection, game_id: int, current: LogPosition, head: int, finished: bool | None
    ) -> LogPosition:
        revision = current.revision + 1
        if finished is None:
            connection.execute(
                "UPDATE games SET head = ?, revision = ?, updated = ? WHERE id = ?", (head, revision, _now(), game_id)
            )
        else:
            connection.execute(
                "UPDATE games SET head = ?, revision = ?, finished = ?, updated = ? WHERE id = ?",
                (head, revision, int(finished), _now(), game_id),
            )
        return LogPosition(head=head, revision=revision)

    def replace_log(
        self,
        game_id: int,
        events: Sequence[Event],
        redo: Sequence[Event] = (),
        *,
        at: LogPosition,
        finished: bool | None = None,
    ) -> LogPosition:
        """Make the stored log equal ``events`` plus the redo list ``redo``, rewriting only what differs.

        This is how a caller that changed the session some other way (several steps at once) brings the file in
        line; it is one transaction, with ``finished`` if given. Returns the new position.

        Raises:
            StaleWriteError: the game's log is no longer at ``at`` (another window changed it); nothing written.
            SaveFileError: no such game, or the database cannot be written.
        """
        bodies = [dump_json(event_to_json(e)) for e in (*events, *redo)]
        with self._write("save the game") as connection:
            current = self._check(connection, game_id, at)
            stored = connection.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
            same = 0
            while same < min(len(stored), len(bodies)) and stored[same][0] == bodies[same].encode("utf-8"):
                same += 1
            connection.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, same))
            _bind_substitutes(connection, game_id, (*events, *redo)[same:])
            connection.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                ((game_id, seq, bodies[seq]) for seq in range(same, len(bodies))),
            )
            return self._move_head(connection, game_id, current, len(events), finished)

    def set_finished(self, game_id: int, finished: bool = True, *, at: LogPosition) -> LogPosition:
        """Mark the game ended (or, after an undo past its end, running again); return the new position.

        Raises:
            StaleWriteError: the game's log is no longer at ``at``.
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("mark the game finished") as connection:
            current = self._check(connection, game_id, at)
            return self._move_head(connection, game_id, current, current.head, finished)

    def delete_game(self, game_id: int) -> None:
        """Remove a game and its events.

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("delete the game") as connection:
            self._current(connection, game_id)
            connection.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- sessions ----------------------------------------------------------------------------------------------

    def start_game(
        self,
        session: Session,
        *,
        created: str | None = None,
        seat_players: Sequence[int | None] | None = None,
        fingerprint: str | None = None,
        substitute_players: Mapping[tuple[int, str], int | None] | None = None,
    ) -> int:
        """Store a session as a new game (its events, redo list and ended flag) and return the game's id.

        ``seat_players``, ``fingerprint`` and ``substitute_players`` are as for :meth:`create_game`.

        Raises:
            SaveFileError: the database cannot be written.
        """
        return self.create_game(
            players=session.players,
            ruleset=session.rules.to_json(),
            events=session.events,
            redo=session.redo_events,
            finished=session.state.ended,
            created=created,
            seat_players=seat_players,
            fingerprint=fingerprint,
            substitute_players=substitute_players,
        )

    def save_session(self, game_id: int, session: Session, *, at: LogPosition) -> LogPosition:
        """Make the stored game equal ``session`` (log, redo list, ended flag) in one transaction.

        Only the events that differ are rewritten, so calling this after every change costs about what
        :meth:`append` does. ``at`` is the position the session was loaded at (or last saved at); the new one
        is returned.

        Raises:
            StaleWriteError: the game's log is no longer at ``at`` (another window changed it); nothing written.
            SaveFileError: no such game, or the database cannot be written.
        """
        return self.replace_log(game_id, session.events, session.redo_events, at=at, finished=session.state.ended)

    def load_session(self, game_id: int) -> Session:
        """The stored game as a session, equal to the one saved: same rules, players, events and redo list.

        Raises:
            SaveFileError: no such game, or the game is damaged: a bad row, a bad event, a ruleset this program
                does not know, or a log the table refuses (the message names the event).
        """
        return self.load_session_at(game_id)[0]

    def load_session_at(self, game_id: int) -> tuple[Session, LogPosition]:
        """The stored game as a session, with the log position it was read at (what its next write names).

        Raises:
            SaveFileError: as :meth:`load_session`.
        """
        stored = self.load(game_id)
        rules = self._rules(game_id, stored.ruleset)
        try:
            return Session(rules, stored.players, stored.events, redo=stored.redo), stored.position
        except ScorekeeperError as error:
            raise self._damaged(game_id, str(error)) from None

    def _rules(self, game_id: int, value: Any) -> Ruleset:
        """The ruleset from the record format's ``ruleset`` value (a preset name or preset plus overrides)."""
        try:
            return Ruleset.from_json(value)
        except InvalidRulesetError as error:
            raise self._damaged(game_id, f"ruleset: {error}") from None

    # -- reading -----------------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _read(self, what: str) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for reading; SQLite failures become a SaveFileError saying ``what``."""
        connection = self._connection
        if self._in_batch:  # the batch's own transaction is the snapshot (and sees the batch's writes)
            yield connection
            return
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                connection.execute("COMMIT")
        except SQLITE_ERRORS as error:
            raise SaveFileError(
                f"{self._path}: cannot {what}: {error}",
                path=self._path,
                code=ErrorCode.FILE_UNREADABLE,  # worded in the window's language (gui/error_words.py)
                fields={"reason": str(error)},
            ) from error

    def list_games(self, limit: int | None = None) -> tuple[GameSummary, ...]:
        """The games in the file, the most recently changed first (at most ``limit`` of them, if given).

        A damaged row is listed with its problem.
        """
        with self._read("list the games") as connection:
            rows = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY updated DESC, id DESC LIMIT ?",
                (-1 if limit is None else max(limit, 0),),
            ).fetchall()
        return tuple(self._summary(row) for row in rows)

    def summary(self, game_id: int) -> GameSummary:
        """One game's line of the game list (a damaged row with its problem), read by its id alone.

        Raises:
            SaveFileError: no such game, or the database cannot be read.
        """
        with self._read("read the game") as connection:
            row = connection.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise SaveFileError(f"{self._path}: there is no game {game_id}", path=self._path)
        return self._summary(row)

    def _summary(self, row: Sequence[Any]) -> GameSummary:
        game_id, created, updated, players_text, ruleset_text, finished, head = row
        problem = ""
        players: tuple[str, ...] = ()
        ruleset: Any = None
        created_text = updated_text = ""
        try:
            players = self._players(game_id, players_text)
            ruleset = self._ruleset(game_id, ruleset_text)
            created_text, updated_text = self._check_row(game_id, created, updated, finished, head)
        except SaveFileError as error:
            problem = str(error)
        return GameSummary(
            id=game_id,
            created=created_text,
            updated=updated_text,
            players=players,
            ruleset=ruleset,
            finished=finished == 1,
            events=head if isinstance(head, int) else 0,
            problem=problem,
        )

    def has_games(self) -> bool:
        """Whether the file holds any game at all (one row read, however many there are: the app's "first start?")."""
        with self._read("list the games") as connection:
            return bool(connection.execute("SELECT EXISTS (SELECT 1 FROM games)").fetchone()[0])

    def unfinished_game(self) -> int | None:
        """The id of the most recently changed game that has not ended (the one the app reopens), or None."""
        with self._read("find the unfinished game") as connection:
            row = connection.execute(
                "SELECT id FROM games WHERE finished = 0 ORDER BY updated DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else int(row[0])

    def load(self, game_id: int) -> StoredGame:
        """Read one game back, checking every value.

        Raises:
            SaveFileError: no such game, or its row or one of its events is damaged (named in the message).
        """
        with self._read("read the game") as connection:
            row = connection.execute(
                "SELECT created, updated, players, ruleset, finished, head FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise SaveFileError(f"{self._path}: there is no game {game_id}", path=self._path)
            position = self._current(connection, game_id)
            event_rows = connection.execute(
                "SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq LIMIT ?",
                (game_id, MAX_EVENTS_PER_GAME + 1),
            ).fetchall()
        created, updated, players_text, ruleset_text, finished, head = row
        players = self._players(game_id, players_text)
        ruleset = self._ruleset(game_id, ruleset_text)
        created, updated = self._check_row(game_id, created, updated, finished, head)
        if len(event_rows) > MAX_EVENTS_PER_GAME:
            raise self._damaged(game_id, f"more than {MAX_EVENTS_PER_GAME:,} events")
        for expected, (seq, _body) in enumerate(event_rows):
            if seq != expected:
                raise self._damaged(game_id, f"event {expected} is missing")
        if head > len(event_rows):
            raise self._damaged(game_id, f"undo position {head} past its {len(event_rows)} events")
        events = [self._event(game_id, seq, body) for seq, body in event_rows]
        return StoredGame(
            id=game_id,
            created=created,
            updated=updated,
            players=players,
            ruleset=ruleset,
            finished=finished == 1,
            events=tuple(events[:head]),
            redo=tuple(events[head:]),
            position=position,
        )

    def validate_integrity(self) -> tuple[str, ...]:
        """The problems SQLite's full ``PRAGMA integrity_check`` finds (empty when the file is sound)."""
        with self._read("check the database") as connection:
            rows = connection.execute("PRAGMA integrity_check").fetchall()
        problems = tuple(_message(r[0]) for r in rows)
        return () if problems == ("ok",) else problems

    # -- validation of what was read ---------------------------------------------------------------------------

    def _damaged(self, game_id: int, what: str) -> SaveFileError:
        return SaveFileError(f"{self._path}: game {game_id} is damaged: {what}", path=self._path)

    def _text(self, game_id: int, value: object, what: str) -> str:
        """A text column's value: the connection hands over raw bytes, decoded here so a bad one names its game."""
        if not isinstance(value, bytes):
            raise self._damaged(game_id, f"{what} is not text but {type(value).__name__}")
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError as error:
            raise self._damaged(game_id, f"{what} is not UTF-8 text ({error.reason} at byte {error.start})") from None

    def _json(self, game_id: int, value: object, what: str) -> Any:
        text = self._text(game_id, value, what)
        try:
            return load_json(text, max_chars=_MAX_META_CHARS if what != "event" else MAX_EVENT_CHARS)
        except JsonTextError as error:
            raise self._damaged(game_id, f"{what}: {error}") from None

    def _players(self, game_id: int, value: object) -> tuple[str, ...]:
        players = self._json(game_id, value, "player list")
        if not isinstance(players, list) or len(players) != 4 or not all(isinstance(p, str) for p in players):
            raise self._damaged(game_id, f"the players must be four names, got {dump_json(players)[:80]}")
        return tuple(players)

    def _ruleset(self, game_id: int, value: object) -> Any:
        ruleset = self._json(game_id, value, "ruleset")
        if not isinstance(ruleset, (str, dict)):
            raise self._damaged(game_id, f"the ruleset must be a name or an object, got {dump_json(ruleset)[:80]}")
        return ruleset

    def _check_row(
        self, game_id: int, created: object, updated: object, finished: object, head: object
    ) -> tuple[str, str]:
        """Check a game row's plain columns; return its creation and change times."""
        if not isinstance(created, bytes) or not isinstance(updated, bytes):
            raise self._damaged(game_id, "its dates are not text")
        dates = (self._text(game_id, created, "creation date"), self._text(game_id, updated, "change date"))
        if isinstance(finished, bool) or finished not in (0, 1):
            raise self._damaged(game_id, f"finished flag {_show(finished)}")
        if not isinstance(head, int) or not 0 <= head <= MAX_EVENTS_PER_GAME:
            raise self._damaged(game_id, f"undo position {_show(head)}")
        return dates

    def _event(self, game_id: int, seq: int, body: object) -> Event:
        obj = self._json(game_id, body, "event")
        try:
            return event_from_json(obj)
        except GameRecordError as error:
            raise self._damaged(game_id, f"event {seq}: {error}") from None


# -- opening, step by step ---------------------------------------------------------------------------------------


def _probe(path: Path) -> int:
    """Check a file before opening it for writing and return its schema version (0 for a new file).

    Reads the header bytes, then checks the structure through a read-only connection, which never writes to
    the file (nor checkpoints its WAL).

    Raises:
        UnsupportedVersionError: the file is from a newer version.
        SaveFileError: the file is unreadable, not SQLite, not ours, or damaged.
    """
    try:
        header = read_header(path, _schema.HEADER_SIZE)
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise SaveFileError(f"{path}: the folder {path.parent} does not exist", path=path) from None
        return 0
    except OSError as error:
        raise SaveFileError(f"{path}: cannot read the file: {error.strerror or error}", path=path) from error
    if not header:
        return 0  # an empty file is an empty database to SQLite too
    if len(header) < _schema.HEADER_SIZE or not header.startswith(_schema.SQLITE_MAGIC):
        raise SaveFileError(f"{path}: not a scorekeeper database (not an SQLite file, or truncated)", path=path)
    _check_header(path, _schema.read_header(header))
    # The full structure check reads every page: only when the file changed since a clean close stood by it.
    checked = is_unchanged_since_check(path)
    connection = _open_read_only(path)
    try:
        # The WAL may hold newer pages than the main file, so ask SQLite again.
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        _check_header(path, _schema.Header(user_version=version, application_id=application_id))
        if version == 0 and application_id == 0:
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise SaveFileError(f"{path}: not a scorekeeper database (another program's SQLite file)", path=path)
        if not checked:
            problems = [_message(r[0]) for r in connection.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise SaveFileError(f"{path}: the database is damaged: {'; '.join(problems[:3])}", path=path)
        _check_objects(path, connection, int(version))
    except SQLITE_ERRORS as error:
        raise SaveFileError(f"{path}: the database is damaged or unreadable: {error}", path=path) from error
    finally:
        connection.close()
    return int(version)


def _schema_objects(connection: sqlite3.Connection) -> dict[tuple[str, str], tuple[str, ...]]:
    """The schema objects (type, name) with, for tables, their column names; SQLite's own ``sqlite_*`` left out."""
    objects: dict[tuple[str, str], tuple[str, ...]] = {}
    for kind, name in connection.execute("SELECT type, name FROM sqlite_master").fetchall():
        name = _message(name)
        if name.startswith("sqlite_"):
            continue
        columns: tuple[str, ...] = ()
        if kind in (b"table", "table"):
            columns = tuple(
                _message(row[1]) for row in connection.execute("SELECT * FROM pragma_table_xinfo(?)", (name,))
            )
        objects[(_message(kind), name)] = columns
    return objects


#: The schema objects of a fresh database, per version (computed once, from ``_schema.create_schema``).
_EXPECTED_OBJECTS: dict[int, dict[tuple[str, str], tuple[str, ...]]] = {}


def _expected_objects(version: int) -> dict[tuple[str, str], tuple[str, ...]]:
    """What a database of ``version`` holds: laid out by the migrations themselves, in memory, so a new migration
    needs no edit here."""
    if version not in _EXPECTED_OBJECTS:
        memory = sqlite3.connect(":memory:", isolation_level=None)
        try:
            _schema.create_schema(memory, version)
            _EXPECTED_OBJECTS[version] = _schema_objects(memory)
        finally:
            memory.close()
    return _EXPECTED_OBJECTS[version]


def _check_objects(path: Path, connection: sqlite3.Connection, version: int) -> None:
    """Refuse a database whose tables, views, triggers or indexes are not exactly those of its version.

    A tampered file's own trigger or view would run inside our next write (issue 10), so anything foreign is
    refused by name before the first statement of ours touches the data.

    Raises:
        SaveFileError: naming the foreign or missing objects.
    """
    if version == 0:
        return  # an empty file; a version-0 file with objects is refused by the caller as not ours
    found = _schema_objects(connection)
    expected = _expected_objects(version)
    foreign = sorted(f"{kind} {name!r}" for kind, name in found.keys() - expected.keys())
    if foreign:
        raise SaveFileError(
            f"{path}: not opened: the database holds schema objects scorekeeper did not make "
            f"(someone changed the file): {', '.join(foreign[:5])}{' ...' if len(foreign) > 5 else ''}",
            path=path,
        )
    missing = sorted(f"{kind} {name!r}" for kind, name in expected.keys() - found.keys())
    changed = sorted(
        f"{kind} {name!r}"
        for key in expected.keys() & found.keys()
        if found[key] != expected[key]
        for kind, name in (key,)
    )
    if missing or changed:
        raise SaveFileError(
            f"{path}: the database is damaged: "
            + "; ".join(
                part
                for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"changed columns in {', '.join(changed)}" if changed else "",
                )
                if part
            ),
            path=path,
        )


def _reader(path: Path) -> sqlite3.Connection:
    """A connection that only reads the database at ``path``, at the current version.

    Nothing is written to the file or beside it: no upgrade, no creation, no WAL checkpoint. A current file is read
    in place through a read-only connection (each read of the store is one transaction, so it sees one committed
    state); before, every file was copied into memory first, which made reading one game cost the whole file
    (benchmarks/bench_big_database.py). An older file is copied into memory and migrated in the copy only.

    Raises:
        UnsupportedVersionError: the file is from a newer version.
        SaveFileError: no file, an empty file, or a file :func:`_probe` refuses.
    """
    if not path.is_file():
        raise SaveFileError(f"{path}: there is no database file here", path=path)
    version = _probe(path)
    if version == 0:
        raise SaveFileError(f"{path}: the file is empty: not a scorekeeper database yet", path=path)
    if version < _schema.CURRENT_VERSION:
        return _migrated_copy(path, version)
    connection = _open_read_only(path)
    try:
        # Checked again on this connection: the file may have been replaced since the probe's.
        found = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if found != version:
            raise SaveFileError(f"{path}: database version changed while opening ({found})", path=path)
        _check_objects(path, connection, version)
    except SQLITE_ERRORS as error:
        connection.close()
        raise SaveFileError(f"{path}: cannot read the database: {error}", path=path) from error
    except BaseException:
        connection.close()
        raise
    return connection


def _migrated_copy(path: Path, version: int) -> sqlite3.Connection:
    """An in-memory copy of the older database at ``path`` (read through a read-only connection), migrated to the
    current version in the copy only.

    Raises:
        SaveFileError: the file cannot be read, or it changed while it was copied.
    """
    memory = _connect(path, ":memory:")
    try:
        source = _open_read_only(path)
        try:
            source.backup(memory)
        finally:
            source.close()
        found = int(memory.execute("PRAGMA user_version").fetchone()[0])
        if found != version:
            raise SaveFileError(f"{path}: database version changed while opening ({found})", path=path)
        _check_objects(path, memory, version)
        _schema.migrate(memory, version)
    except SQLITE_ERRORS as error:
        memory.close()
        raise SaveFileError(f"{path}: cannot read the database: {error}", path=path) from error
    except BaseException:
        memory.close()
        raise
    return memory


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes to ``path`` (``mode=ro``); on a read-only folder or medium, where SQLite
    cannot make the WAL's shared-memory file, the file is opened as immutable instead."""
    connection = _connect(path, f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except SQLITE_ERRORS:
        connection.close()
        connection = _connect(path, f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
    return connection


def _check_header(path: Path, header: _schema.Header) -> None:
    if header.application_id not in (0, _schema.APPLICATION_ID):
        raise SaveFileError(
            f"{path}: not a scorekeeper database (application id {header.application_id:#x})", path=path
        )
    if header.user_version > _schema.CURRENT_VERSION:
        raise UnsupportedVersionError(
            f"{path}: this database was written by a newer scorekeeper (database version {header.user_version}; "
            f"this program reads up to {_schema.CURRENT_VERSION}); update the program to open it. "
            "The file has not been changed.",
            path=path,
        )
    if header.user_version < 0 or (header.user_version > 0 and header.application_id != _schema.APPLICATION_ID):
        raise SaveFileError(f"{path}: not a scorekeeper database (version {header.user_version})", path=path)


def _connect(path: Path, target: str, *, uri: bool = False) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(target, uri=uri, isolation_level=None, check_same_thread=True)
    except SQLITE_ERRORS as error:
        raise SaveFileError(f"{path}: cannot open the database: {error}", path=path) from error
    # Text comes back as bytes, decoded by the reader: a damaged text value then fails for its own game only
    # instead of failing the whole query (sqlite3 decodes every row of a result, and raises on bad UTF-8).
    connection.text_factory = bytes
    return connection


def _events(count: int) -> str:
    return "1 event" if count == 1 else f"{count} events"


def _show(value: object) -> str:
    """A stored value quoted for a message (bytes shown as the text they hold)."""
    return repr(_message(value)) if isinstance(value, bytes) else repr(value)


def _message(value: object) -> str:
    """One line of SQLite's own check output, readable even when it quotes damaged bytes."""
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else str(value)


def _configure(connection: sqlite3.Connection, *, durable: bool) -> None:
    connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    # Where WAL is impossible (some network file systems) SQLite keeps its rollback journal: as safe, slower.
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")


def _back_up(connection: sqlite3.Connection, path: Path, version: int) -> Path:
    """Copy an older database aside (``<name>.v<N>.bak``, numbered if taken) before migrating it; return the copy.

    The copy is written under a temporary name (``<backup>.partial``, with no journal of its own), checked (it
    opens, is sound, has the version) and flushed to disk, and only then renamed: a kill at any moment leaves
    either no backup or a complete one under the backup's name (issue 10: 7 of 109 kills left a broken one).
    A ``.partial`` left by an earlier kill is overwritten.

    Raises:
        SaveFileError: the copy cannot be written or does not check out (the database is then not migrated).
    """
    target = path.with_name(f"{path.name}.v{version}.bak")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.v{version}.{number}.bak")
    partial = target.with_name(target.name + ".partial")
    try:
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            leftover.unlink(missing_ok=True)
        backup = sqlite3.connect(partial, isolation_level=None)
        try:
            backup.execute("PRAGMA journal_mode = OFF")  # a killed copy is thrown away, not rolled back
            connection.backup(backup)
            problems = backup.execute("PRAGMA integrity_check").fetchall()
            copied = backup.execute("PRAGMA user_version").fetchone()[0]
        finally:
            backup.close()
        if problems != [("ok",)] or copied != version:
            raise SaveFileError(f"{path}: the backup copy {partial.name} does not check out; not upgraded", path=path)
        with partial.open("rb+") as file:
            os.fsync(file.fileno())
        os.replace(partial, target)
    except (OSError, *SQLITE_ERRORS) as error:
        raise SaveFileError(
            f"{path}: cannot copy the database aside before upgrading it: {error}", path=path
        ) from error
    return target

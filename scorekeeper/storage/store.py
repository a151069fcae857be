"""The game store: every game in one SQLite file, every confirmed event committed the moment it happens.

Layout (``_schema`` version 2): a ``games`` row per game (players, ruleset, finished flag, and ``head``) and an
``events`` row per event, numbered 0, 1, 2... within its game, holding the event's JSON
(:func:`scorekeeper.session.events.event_to_json`). The first ``head`` events are in effect; rows from ``head`` on
are the redo list. So undo is ``head - 1``, redo is ``head + 1``, and appending a new event drops the redo list and
writes the event at ``head``: the same model as :class:`scorekeeper.session.Session`'s log and redo stack, and it
survives a restart. Each of those is one transaction.

Durability: WAL with ``synchronous=FULL`` by default. In WAL mode ``NORMAL`` is already safe against the program
being killed, but a power cut may roll back the last commits; the issue asks that a pulled plug lose nothing
confirmed, so the default pays one fsync of the WAL per event. That fsync is the whole cost of an append (about
0.2 ms on an idle SSD, several ms on a contended disk; docs/storage.md has the measurements), so ``open`` takes
``durable=False`` for machines where that matters. (SQLite documentation, "Write-Ahead Logging" and
"PRAGMA synchronous".)

Opening is careful: the first 100 bytes are read before SQLite sees the file, so a file that is not SQLite, not
ours, or from a newer version is refused with nothing written to it; then a read-only connection checks the
structure (``PRAGMA quick_check``); only then is the file opened for writing, copied aside and migrated if it is
older. Everything read back from the file is validated; a damaged game raises :class:`SaveFileError` for that game
alone and the others stay usable.
"""

from __future__ import annotations

import contextlib
import datetime
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from scorekeeper.errors import (
    GameRecordError,
    InvalidRulesetError,
    NothingToUndoError,
    SaveFileError,
    ScorekeeperError,
    UnsupportedVersionError,
)
from scorekeeper.session.events import Event, event_from_json, event_to_json
from scorekeeper.session.rules import Ruleset, ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage import _schema
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json

__all__ = [
    "MAX_EVENTS_PER_GAME",
    "MAX_EVENT_CHARS",
    "GameStore",
    "GameSummary",
    "StoredGame",
]

#: The longest event JSON read back (a full-hand win is under 2,000 characters).
MAX_EVENT_CHARS = 65_536
#: The most events one game may hold (a marathon game has a few hundred).
MAX_EVENTS_PER_GAME = 100_000
#: The longest players or ruleset JSON read back.
_MAX_META_CHARS = 65_536
#: What a failing SQLite call raises. On a damaged file SQLite's own message may quote invalid UTF-8, and then
#: the sqlite3 module raises UnicodeDecodeError while building the exception (found by tests/storage/test_fuzz.py).
_SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)
#: How long a write waits for another program holding the file (milliseconds).
_BUSY_TIMEOUT_MS = 5_000


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


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
    """

    id: int
    created: str
    updated: str
    players: tuple[str, ...]
    ruleset: Any
    finished: bool
    events: tuple[Event, ...]
    redo: tuple[Event, ...]


class GameStore:
    """All games in one SQLite file. Open with :meth:`open`; use as a context manager or call :meth:`close`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        """Wrap an open, migrated connection; use :meth:`open` instead."""
        self._connection = connection
        self._path = path

    # -- opening and closing -----------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, durable: bool = True) -> GameStore:
        """Open the database at ``path``, creating it if there is none and migrating it if it is older.

        Before an older database is migrated it is copied to ``<name>.v<N>.bak`` beside it.

        Args:
            path: the database file.
            durable: every commit waits until it is on the disk (``synchronous=FULL``), so that even a power cut
                loses nothing confirmed. With False (``NORMAL``) a commit survives the program being killed but
                a power cut may roll back the last few; commits are then much faster on a busy or slow disk.

        Raises:
            UnsupportedVersionError: the file was written by a newer version (it is left untouched).
            SaveFileError: the file cannot be read or written, is not a scorekeeper database, or is damaged.
        """
        path = Path(path)
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
        except _SQLITE_ERRORS as error:
            connection.close()
            raise SaveFileError(f"{path}: cannot prepare the database: {error}", path=path) from error
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

    @property
    def path(self) -> Path:
        """Where the database file is."""
        return self._path

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        self._connection.close()

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
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
        except _SQLITE_ERRORS as error:
            raise SaveFileError(f"{self._path}: cannot {what}: {error}", path=self._path) from error

    def create_game(
        self,
        *,
        players: Sequence[str],
        ruleset: Any,
        events: Sequence[Event] = (),
        redo: Sequence[Event] = (),
        finished: bool = False,
        created: str | None = None,
    ) -> int:
        """Store a new game (with any events it already has) in one transaction and return its id.

        Args:
            players: the four names, seat 0 first.
            ruleset: the game-record format's ``ruleset`` value: a preset name or ``{"preset", "overrides"}``.
            events: events already in effect (an imported game).
            redo: undone events, next to redo first.
            finished: whether the game has already ended.
            created: the creation time (ISO 8601); now if not given.

        Raises:
            SaveFileError: the database cannot be written.
        """
        now = _now()
        players_text = dump_json(list(players))
        ruleset_text = dump_json(ruleset)
        bodies = [dump_json(event_to_json(e)) for e in (*events, *redo)]
        with self._write("create a game") as connection:
            cursor = connection.execute(
                "INSERT INTO games (created, updated, players, ruleset, finished, head) VALUES (?, ?, ?, ?, ?, ?)",
                (created or now, now, players_text, ruleset_text, int(finished), len(events)),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            connection.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                ((game_id, seq, body) for seq, body in enumerate(bodies)),
            )
        return game_id

    def _head(self, connection: sqlite3.Connection, game_id: int) -> int:
        row = connection.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise SaveFileError(f"{self._path}: there is no game {game_id}", path=self._path)
        head = row[0]
        if not isinstance(head, int) or not 0 <= head <= MAX_EVENTS_PER_GAME:
            raise self._damaged(game_id, f"undo position {_show(head)}")
        return head

    def append(self, game_id: int, event: Event, *, finished: bool | None = None) -> int:
        """Commit one event at the end of the game's log, dropping its redo list; return the event's number.

        When this returns, the event is on disk. ``finished`` (the session's ``state.ended`` after the event), if
        given, is stored in the same transaction.

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        body = dump_json(event_to_json(event))
        with self._write("save the event") as connection:
            head = self._head(connection, game_id)
            if head >= MAX_EVENTS_PER_GAME:
                raise SaveFileError(f"{self._path}: game {game_id} already has {head:,} events", path=self._path)
            connection.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, head))
            connection.execute("INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)", (game_id, head, body))
            self._move_head(connection, game_id, head + 1, finished)
        return head

    def undo(self, game_id: int, *, finished: bool | None = None) -> None:
        """Take the game's last event out of effect (it stays stored for :meth:`redo`).

        ``finished``, if given, is stored in the same transaction (an undo can reopen an ended game).

        Raises:
            NothingToUndoError: the game has no event in effect.
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("undo") as connection:
            head = self._head(connection, game_id)
            if head == 0:
                raise NothingToUndoError(f"game {game_id} has nothing to undo")
            self._move_head(connection, game_id, head - 1, finished)

    def redo(self, game_id: int, *, finished: bool | None = None) -> None:
        """Put the game's last undone event back into effect; ``finished``, if given, is stored with it.

        Raises:
            NothingToUndoError: nothing has been undone since the last new event.
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("redo") as connection:
            head = self._head(connection, game_id)
            undone = connection.execute(
                "SELECT 1 FROM events WHERE game_id = ? AND seq = ?", (game_id, head)
            ).fetchone()
            if undone is None:
                raise NothingToUndoError(f"game {game_id} has nothing to redo")
            self._move_head(connection, game_id, head + 1, finished)

    def _move_head(self, connection: sqlite3.Connection, game_id: int, head: int, finished: bool | None) -> None:
        if finished is None:
            connection.execute("UPDATE games SET head = ?, updated = ? WHERE id = ?", (head, _now(), game_id))
        else:
            connection.execute(
                "UPDATE games SET head = ?, finished = ?, updated = ? WHERE id = ?",
                (head, int(finished), _now(), game_id),
            )

    def replace_log(
        self, game_id: int, events: Sequence[Event], redo: Sequence[Event] = (), *, finished: bool | None = None
    ) -> None:
        """Make the stored log equal ``events`` plus the redo list ``redo``, rewriting only what differs.

        This is how a caller that changed the session some other way (several steps at once) brings the file in
        line; it is one transaction, with ``finished`` if given.

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        bodies = [dump_json(event_to_json(e)) for e in (*events, *redo)]
        with self._write("save the game") as connection:
            self._head(connection, game_id)
            stored = connection.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
            same = 0
            while same < min(len(stored), len(bodies)) and stored[same][0] == bodies[same].encode("utf-8"):
                same += 1
            connection.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, same))
            connection.executemany(
                "INSERT INTO events (game_id, seq, body) VALUES (?, ?, ?)",
                ((game_id, seq, bodies[seq]) for seq in range(same, len(bodies))),
            )
            self._move_head(connection, game_id, len(events), finished)

    def set_finished(self, game_id: int, finished: bool = True) -> None:
        """Mark the game ended (or, after an undo past its end, running again).

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("mark the game finished") as connection:
            self._head(connection, game_id)
            connection.execute(
                "UPDATE games SET finished = ?, updated = ? WHERE id = ?", (int(finished), _now(), game_id)
            )

    def delete_game(self, game_id: int) -> None:
        """Remove a game and its events.

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        with self._write("delete the game") as connection:
            self._head(connection, game_id)
            connection.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- sessions ----------------------------------------------------------------------------------------------

    def start_game(self, session: Session, *, created: str | None = None) -> int:
        """Store a session as a new game (its events, redo list and ended flag) and return the game's id.

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
        )

    def save_session(self, game_id: int, session: Session) -> None:
        """Make the stored game equal ``session`` (log, redo list, ended flag) in one transaction.

        Only the events that differ are rewritten, so calling this after every change costs about what
        :meth:`append` does.

        Raises:
            SaveFileError: no such game, or the database cannot be written.
        """
        self.replace_log(game_id, session.events, session.redo_events, finished=session.state.ended)

    def load_session(self, game_id: int) -> Session:
        """The stored game as a session, equal to the one saved: same rules, players, events and redo list.

        Raises:
            SaveFileError: no such game, or the game is damaged: a bad row, a bad event, a ruleset this program
                does not know, or a log the table refuses (the message names the event).
        """
        stored = self.load(game_id)
        rules = self._rules(game_id, stored.ruleset)
        try:
            return Session(rules, stored.players, stored.events, redo=stored.redo)
        except ScorekeeperError as error:
            raise self._damaged(game_id, str(error)) from None

    def _rules(self, game_id: int, value: Any) -> Ruleset:
        """The ruleset from the record format's ``ruleset`` value (a preset name or preset plus overrides)."""
        try:
            if isinstance(value, str):
                return ruleset(value)
            if isinstance(value, dict) and set(value) <= {"preset", "overrides"}:
                preset, overrides = value.get("preset"), value.get("overrides", {})
                if isinstance(preset, str) and isinstance(overrides, dict):
                    return ruleset(preset, overrides)
        except InvalidRulesetError as error:
            raise self._damaged(game_id, f"ruleset: {error}") from None
        raise self._damaged(game_id, f"ruleset: not a preset name or {{preset, overrides}}: {dump_json(value)[:80]}")

    # -- reading -----------------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _read(self, what: str) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for reading; SQLite failures become a SaveFileError saying ``what``."""
        connection = self._connection
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                connection.execute("COMMIT")
        except _SQLITE_ERRORS as error:
            raise SaveFileError(f"{self._path}: cannot {what}: {error}", path=self._path) from error

    def list_games(self, limit: int | None = None) -> tuple[GameSummary, ...]:
        """The games in the file, the most recently changed first (at most ``limit`` of them, if given).

        A damaged row is listed with its problem.
        """
        with self._read("list the games") as connection:
            rows = connection.execute(
                "SELECT id, created, updated, players, ruleset, finished, head FROM games"
                " ORDER BY updated DESC, id DESC LIMIT ?",
                (-1 if limit is None else max(limit, 0),),
            ).fetchall()
        summaries = []
        for game_id, created, updated, players_text, ruleset_text, finished, head in rows:
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
            summaries.append(
                GameSummary(
                    id=game_id,
                    created=created_text,
                    updated=updated_text,
                    players=players,
                    ruleset=ruleset,
                    finished=finished == 1,
                    events=head if isinstance(head, int) else 0,
                    problem=problem,
                )
            )
        return tuple(summaries)

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
        with path.open("rb") as file:
            header = file.read(_schema.HEADER_SIZE)
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
    connection = _connect(path, f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        # The WAL may hold newer pages than the main file, so ask SQLite again.
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        _check_header(path, _schema.Header(user_version=version, application_id=application_id))
        if version == 0 and application_id == 0:
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise SaveFileError(f"{path}: not a scorekeeper database (another program's SQLite file)", path=path)
        problems = [_message(r[0]) for r in connection.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise SaveFileError(f"{path}: the database is damaged: {'; '.join(problems[:3])}", path=path)
    except _SQLITE_ERRORS as error:
        raise SaveFileError(f"{path}: the database is damaged or unreadable: {error}", path=path) from error
    finally:
        connection.close()
    return int(version)


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
    except _SQLITE_ERRORS as error:
        raise SaveFileError(f"{path}: cannot open the database: {error}", path=path) from error
    # Text comes back as bytes, decoded by the reader: a damaged text value then fails for its own game only
    # instead of failing the whole query (sqlite3 decodes every row of a result, and raises on bad UTF-8).
    connection.text_factory = bytes
    return connection


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


def _back_up(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """Copy an older database aside (``<name>.v<N>.bak``, numbered if taken) before migrating it."""
    target = path.with_name(f"{path.name}.v{version}.bak")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.v{version}.{number}.bak")
    backup = sqlite3.connect(target)
    try:
        connection.backup(backup)
    finally:
        backup.close()

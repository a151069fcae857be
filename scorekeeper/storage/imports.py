"""Importing game records into the store: read every file first, join players by name, never store a game twice.

A file holds one game record (the ``scorekeeper-game`` JSON of issue 3) or several, one a line (JSON Lines). Every
file is read and every game replayed before anything is written, so a bad file stores nothing and its error names
the file (and the line). Each record's fingerprint is the SHA-256 of its canonical JSON; a record whose fingerprint
is already stored is skipped, so importing the same game twice changes nothing.

Players join the registry by name. Where a name matches more than one registry entry (ignoring case and outer
spaces), ``choose`` is asked which one is meant (the CLI prompts at a terminal; the GUI shows a dialog); without
it, or when it answers None, the name joins the oldest entry with exactly that name, or a new one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.errors import SaveFileError, ScorekeeperError, UnsupportedVersionError
from scorekeeper.session.names import entry_name_problem
from scorekeeper.session.record import GameRecord, format_record, parse_record, session_from_record
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage.files import MAX_FILE_BYTES, MAX_RECORD_BYTES, read_bytes
from scorekeeper.storage.registry import Player, add_player, find_players, join_player
from scorekeeper.storage.store import GameStore

__all__ = [
    "NEW_PLAYER",
    "Choose",
    "ImportReport",
    "ImportedRecord",
    "game_with_fingerprint",
    "import_records",
    "read_records",
    "record_fingerprint",
]

#: Asked which registry entry an ambiguous name means: (the name, the candidates) -> a player id,
#: :data:`NEW_PLAYER` for a new entry of that name, or None for the default join.
Choose = Callable[[str, tuple[Player, ...]], int | None]
#: What :data:`Choose` answers for "a new player of that name" (registry ids start at 1).
NEW_PLAYER = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedRecord:
    """One record read from a file.

    Attributes:
        where: the file, and the line for a JSON Lines file.
        record: the record.
    """

    where: str
    record: GameRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportReport:
    """What an import did.

    Attributes:
        imported: the ids of the games stored.
        skipped: the records already in the store (by fingerprint), as their ``where``.
        existing: the ids of the stored games those records are, in the same order.
    """

    imported: tuple[int, ...]
    skipped: tuple[str, ...]
    existing: tuple[int, ...] = ()


def record_fingerprint(record: GameRecord) -> str:
    """The SHA-256 of the record's canonical JSON (sorted keys, compact): equal records, equal fingerprints."""
    return hashlib.sha256(dump_json(format_record(record)).encode("utf-8")).hexdigest()


def _parse(obj: object, where: str, path: Path) -> ImportedRecord:
    try:
        record = parse_record(obj)
        record.replay()  # a hand the table refuses is named here, before anything is stored
    except UnsupportedVersionError as error:
        raise UnsupportedVersionError(f"{where}: {error}", path=path) from None
    except ScorekeeperError as error:
        raise SaveFileError(f"{where}: {error}", path=path) from None
    return ImportedRecord(where=where, record=record)


def read_records(path: Path) -> tuple[ImportedRecord, ...]:
    """The game records in a file: one JSON record, or JSON Lines of records (blank lines skipped).

    Raises:
        UnsupportedVersionError: a record's version is not one this program reads.
        SaveFileError: the file cannot be read, is not JSON, or holds something that is not a valid record or
            has a hand the table refuses (the message names the file, the line and the hand).
    """
    path = Path(path)
    data = read_bytes(path, max_bytes=MAX_FILE_BYTES, what="game records (one a line, each a few KB)")
    whole_error: JsonTextError | None = None
    if len(data) <= MAX_RECORD_BYTES:
        # One record: parsed whole. A bigger file can only be JSON Lines, read a line at a time, so that no more
        # than one record's worth of JSON is ever parsed at once (issue 10's memory bound).
        try:
            return (_parse(load_json(data, max_chars=MAX_RECORD_BYTES), str(path), path),)
        except JsonTextError as error:
            whole_error = error
    try:
        text = data.decode("utf-8-sig")  # a byte order mark is ignored, as load_json does (RFC 8259 8.1)
    except UnicodeDecodeError as error:
        raise SaveFileError(f"{path}: not a game record: not UTF-8 text (at byte {error.start})", path=path) from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) < 2 and whole_error is not None:
        raise SaveFileError(f"{path}: not a game record: {whole_error}", path=path) from None
    out = []
    for number, line in lines:
        try:
            item = load_json(line, max_chars=MAX_RECORD_BYTES)
        except JsonTextError as error:
            raise SaveFileError(f"{path}, line {number}: not a game record: {error}", path=path) from None
        out.append(_parse(item, f"{path}, line {number}", path))
    return tuple(out)


def import_records(
    store: GameStore, records: Sequence[ImportedRecord], *, choose: Choose | None = None
) -> ImportReport:
    """Store the records not stored yet, each as a finished game, joining their players to the registry.

    A record repeated within ``records`` is stored once.

    Raises:
        SaveFileError: the database cannot be read or written (the games stored before the failure stay).
    """
    imported: list[int] = []
    skipped: list[str] = []
    existing: list[int] = []
    seen: dict[str, int] = {}
    answers: dict[str, int | None] = {}
    for item in records:
        fingerprint = record_fingerprint(item.record)
        stored = seen[fingerprint] if fingerprint in seen else game_with_fingerprint(store, fingerprint)
        if stored is not None:
            skipped.append(item.where)
            existing.append(stored)
            continue
        seat_players: list[int | None] | None = None
        if choose is not None:
            seat_players = [_join(store, name, choose, answers) for name in item.record.players]
        session = session_from_record(item.record)
        try:
            game_id = store.start_game(session, seat_players=seat_players, fingerprint=fingerprint)
        except SaveFileError:
            # Another import (a second window, a second command) stored the same record since it was looked up:
            # the fingerprint's uniqueness refused this copy. That is "already in the store", not a failure.
            stored = game_with_fingerprint(store, fingerprint)
            if stored is None:
                raise
            skipped.append(item.where)
            existing.append(stored)
            seen[fingerprint] = stored
            continue
        seen[fingerprint] = game_id
        imported.append(game_id)
    return ImportReport(imported=tuple(imported), skipped=tuple(skipped), existing=tuple(existing))


def _join(store: GameStore, name: str, choose: Choose, answers: dict[str, int | None]) -> int | None:
    """The registry entry for a name: asked once per name when ambiguous, else the default join."""
    if entry_name_problem(name) is not None:
        return None  # a guest: no registry entry under a name a new game would refuse
    key = name.strip()
    if key not in answers:
        candidates = find_players(store, key)
        answer = choose(key, candidates) if len(candidates) > 1 else None
        if answer == NEW_PLAYER:
            answer = add_player(store, key)
        answers[key] = answer if answer is not None else join_player(store, key)
    return answers[key]


def game_with_fingerprint(store: GameStore, fingerprint: str) -> int | None:
    """The stored game with this record fingerprint, if any."""
    with store._read("look for the game") as connection:
        row = connection.execute("SELECT id FROM games WHERE fingerprint = ?", (fingerprint,)).fetchone()
    return None if row is None else int(row[0])

"""Importing game records into the store: read every file first, join players by name, never store a game twice.

A file holds one game record (the ``scorekeeper-game`` JSON of issue 3) or several, one a line (JSON Lines). Every
file is read and every game replayed before anything is written, so a bad file stores nothing and its error names
the file (and the line). Each record's fingerprint is the SHA-256 of its canonical JSON; a record whose fingerprint
is already stored is skipped, so importing the same game twice changes nothing.

Players join the registry by name. Where a name matches more than one registry entry (ignoring case, width and
outer spaces: ``find_players``), ``choose`` is asked which one is meant (the CLI prompts at a terminal; the GUI
shows a dialog); without it, or when it answers None, the name joins the oldest entry with exactly that name, or a
new one. A name the registry's names judge refuses (``scorekeeper.session.names.check_entry_name``) sits as a
guest.

A substitute who came in during a recorded game joins the same way, asked about the same way (before, they always
joined the oldest entry of their exact name, unasked and unreported), unless the caller chooses otherwise for
every substitute (:class:`SubstituteJoin`: a new entry each, or guests). The report says how each substitute
joined, and how a name joined that several entries carry when nobody was asked (:class:`ImportedName`).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, assert_never

from scorekeeper.errors import SaveFileError, ScorekeeperError, UnsupportedVersionError
from scorekeeper.session.names import entry_name_problem, name_key
from scorekeeper.session.record import GameRecord, format_record, parse_record
from scorekeeper.session.session import Session
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage.files import MAX_FILE_BYTES, MAX_RECORD_BYTES, read_bytes
from scorekeeper.storage.registry import (
    NamesakeCounter,
    Player,
    add_player,
    find_players,
    game_seats,
    game_substitutes,
    join_player,
)
from scorekeeper.storage.store import GameStore

__all__ = [
    "NEW_PLAYER",
    "Choose",
    "ImportReport",
    "ImportedName",
    "ImportedRecord",
    "JoinKind",
    "SubstituteJoin",
    "game_with_fingerprint",
    "import_records",
    "read_records",
    "record_fingerprint",
]


class Choose(Protocol):
    """Asked which registry entry an ambiguous name means: a player id, :data:`NEW_PLAYER` for a new entry of that
    name, or None for the default join (the oldest entry of exactly that name).

    ``substitute`` says whether the name is a substitute's, who came in during the game, rather than one of the
    four who sat down, so the question can say so. A name is asked about once per import: where it is both in
    different games, it says how the name was first met (the answer serves both).
    """

    def __call__(self, name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None: ...


#: What :data:`Choose` answers for "a new player of that name" (registry ids start at 1).
NEW_PLAYER = 0


class SubstituteJoin(enum.StrEnum):
    """How the substitutes of imported records join the registry (the four who sat down join by name, asked where
    several entries carry it)."""

    ASK = "ask"  # as the four: ``choose`` is asked where several entries carry the name; else OLDEST
    OLDEST = "oldest"  # the oldest entry of exactly that name (followed through merges), or a new one
    NEW = "new"  # a new entry of that name (one per name and import), apart from any namesake's statistics
    GUEST = "guest"  # no entry: they count in no statistics


class JoinKind(enum.StrEnum):
    """How one name of an imported game joined the registry."""

    EXISTING = "existing"  # the oldest entry of exactly that name, unasked
    NEW = "new"  # a new entry (no entry had exactly that name, or SubstituteJoin.NEW)
    CHOSEN = "chosen"  # the entry ``choose`` answered (or a new one it asked for)
    GUEST = "guest"  # no entry, as SubstituteJoin.GUEST asked
    RETURNING = "returning"  # a substitute who sat down in the game and came back: the entry they sat down as
    REFUSED = "refused"  # no entry: the registry's names judge refuses the name (``check_entry_name``)


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedName:
    """How a name of a stored game joined the registry: every substitute, and a name that sat down where nobody
    was asked about it although several entries carry it, or that the names judge refuses.

    Attributes:
        game_id: the game stored.
        where: the record's file (and line).
        seat: the seat (0-3, as the record numbers them).
        name: the name as the record has it.
        substitute: whether they came in during the game.
        player: the entry joined (as bound, not followed through merges), or None (a guest).
        how: how they joined.
        namesakes: how many entries carried the name (``find_players``: ignoring case, width and outer spaces)
            before the import joined it.
    """

    game_id: int
    where: str
    seat: int
    name: str
    substitute: bool
    player: int | None
    how: JoinKind
    namesakes: int


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
        names: how the substitutes (and names several entries carry, unasked, or the names judge refuses) of the
            games stored joined the registry, game by game.
    """

    imported: tuple[int, ...]
    skipped: tuple[str, ...]
    existing: tuple[int, ...] = ()
    names: tuple[ImportedName, ...] = ()


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
    store: GameStore,
    records: Sequence[ImportedRecord],
    *,
    choose: Choose | None = None,
    substitutes: SubstituteJoin = SubstituteJoin.ASK,
) -> ImportReport:
    """Store the records not stored yet, each as a finished game, joining their players to the registry.

    A record repeated within ``records`` is stored once. ``choose`` is asked which entry a name means where several
    carry it (each name once); ``substitutes`` says how the substitutes join (asked like the four by default).

    Raises:
        SaveFileError: the database cannot be read or written (the games stored before the failure stay).
    """
    report = _Report()
    joins = _Joins(store, choose)
    for start in range(0, len(records), IMPORT_BATCH):
        batch = records[start : start + IMPORT_BATCH]
        # The questions first, outside the batch's transaction: nobody else's write waits while a person answers.
        for item in batch:
            joins.ask_ahead(item.record, substitutes)
        with store.batch("import games"):
            for item in batch:
                _import_one(store, item, joins, substitutes, report)
    return ImportReport(
        imported=tuple(report.imported),
        skipped=tuple(report.skipped),
        existing=tuple(report.existing),
        names=tuple(report.names),
    )


#: Games stored in one transaction (one commit, one wait for the disk: a commit per game made an import of 10,000
#: games wait minutes on a slow disk). Small enough that another window's write waits a fraction of a second.
IMPORT_BATCH = 50


@dataclass(slots=True)
class _Report:
    """What an import has done so far (see :class:`ImportReport`); ``seen``: each record's game, by fingerprint."""

    imported: list[int] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    existing: list[int] = field(default_factory=list)
    names: list[ImportedName] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)


def _import_one(store: GameStore, item: ImportedRecord, joins: _Joins, how: SubstituteJoin, report: _Report) -> None:
    """Store one record unless it is stored already, and say so in ``report``."""
    fingerprint = record_fingerprint(item.record)
    stored = report.seen.get(fingerprint) or game_with_fingerprint(store, fingerprint)
    if stored is not None:
        report.skipped.append(item.where)
        report.existing.append(stored)
        return
    seated = [joins.seat(name) for name in item.record.players]
    seat_players = [entry for entry, _ in seated] if joins.choose is not None else None
    came_in = _came_in(item.record, seated, joins, how)
    # Bound here: an entry chosen or made, or a guest as asked; the store binds the rest as any write does.
    chosen = {key: entry for key, (entry, join) in came_in.items() if entry is not None or join is JoinKind.GUEST}
    # Reading the file already replayed the record (``_parse``): the session's own fold is the only other one.
    session = Session(item.record.rules, item.record.players, item.record.events())
    try:
        game_id = store.start_game(
            session, seat_players=seat_players, fingerprint=fingerprint, substitute_players=chosen
        )
    except SaveFileError:
        # Another import (a second window, a second command) stored the same record since it was looked up: the
        # fingerprint's uniqueness refused this copy. That is "already in the store", not a failure.
        stored = game_with_fingerprint(store, fingerprint)
        if stored is None:
            raise
        report.skipped.append(item.where)
        report.existing.append(stored)
        report.seen[fingerprint] = stored
        return
    report.seen[fingerprint] = game_id
    report.imported.append(game_id)
    report.names.extend(_said(store, game_id, item=item, seated=seated, came_in=came_in, joins=joins))


def _came_in(
    record: GameRecord,
    seated: Sequence[tuple[int | None, JoinKind]],
    joins: _Joins,
    how: SubstituteJoin,
) -> dict[tuple[int, str], tuple[int | None, JoinKind]]:
    """The entry each substitute of a record joins, by (seat, name), and how. One who sat down in the game and
    came back after a substitute took their seat is that same player (RETURNING), whatever ``how`` says."""
    sat = {
        name_key(name): joined
        for name, joined in zip(record.players, seated, strict=True)
        if joined[1] is not JoinKind.REFUSED
    }
    out: dict[tuple[int, str], tuple[int | None, JoinKind]] = {}
    for _, event in record.substitutes:
        back = sat.get(name_key(event.player)) if entry_name_problem(event.player) is None else None
        # With no entry known here (nobody was asked), the store binds the one who came back as it bound them when
        # they sat down: the oldest entry of exactly that name.
        joined = joins.substitute(event.player, how) if back is None else (back[0], JoinKind.RETURNING)
        out[(int(event.seat), event.player)] = joined
    return out


class _Joins:
    """The registry entries names join during one import: each name asked about once, each new entry made once."""

    def __init__(self, store: GameStore, choose: Choose | None) -> None:
        self.store = store
        self.choose = choose
        self.answers: dict[str, tuple[int | None, JoinKind]] = {}
        self.new: dict[str, int] = {}
        self.namesakes: dict[str, int] = {}
        self.counter = NamesakeCounter(store)
        self.joined: dict[str, int] = {}

    def ask_ahead(self, record: GameRecord, how: SubstituteJoin) -> None:
        """Ask now the questions storing ``record`` would ask (what :meth:`seat` and :meth:`substitute` ask)."""
        if self.choose is None:
            return
        sat: set[str] = set()
        for name in record.players:
            if entry_name_problem(name) is None:
                sat.add(name_key(name))
                if self.count(name.strip()) > 1:
                    self._asked(name.strip(), substitute=False)
        if how is not SubstituteJoin.ASK:
            return
        for _, event in record.substitutes:
            name = event.player
            if entry_name_problem(name) is None and name_key(name) not in sat and self.count(name.strip()) > 1:
                self._asked(name.strip(), substitute=True)

    def join(self, key: str) -> int:
        """The entry a name joins by default (:func:`join_player`), once per name in an import."""
        if key not in self.joined:
            self.joined[key] = join_player(self.store, key)
        return self.joined[key]

    def count(self, key: str) -> int:
        """How many entries carried the name when the import first met it."""
        if key not in self.namesakes:
            self.namesakes[key] = self.counter.count(key)
        return self.namesakes[key]

    def seat(self, name: str) -> tuple[int | None, JoinKind]:
        """The entry a name that sat down joins, and how (the entry only when ``choose`` is given)."""
        if entry_name_problem(name) is not None:
            return None, JoinKind.REFUSED  # a guest: no entry under a name a new game would refuse
        key = name.strip()
        if self.count(key) > 1 and self.choose is not None:
            return self._asked(key, substitute=False)
        if self.choose is None:
            return None, JoinKind.EXISTING if self.count(key) else JoinKind.NEW  # the store joins it
        return self.join(key), JoinKind.EXISTING if self.count(key) else JoinKind.NEW

    def substitute(self, name: str, how: SubstituteJoin) -> tuple[int | None, JoinKind]:
        """The entry a substitute joins, and how (None with EXISTING or NEW: the store binds them)."""
        if entry_name_problem(name) is not None:
            return None, JoinKind.REFUSED
        key = name.strip()
        match how:
            case SubstituteJoin.GUEST:
                return None, JoinKind.GUEST
            case SubstituteJoin.NEW:
                if key not in self.new:
                    self.count(key)
                    self.new[key] = add_player(self.store, key)
                return self.new[key], JoinKind.NEW
            case SubstituteJoin.ASK if self.choose is not None and self.count(key) > 1:
                return self._asked(key, substitute=True)
            case SubstituteJoin.ASK | SubstituteJoin.OLDEST:
                return None, JoinKind.EXISTING if self.count(key) else JoinKind.NEW
            case _:
                assert_never(how)

    def _asked(self, key: str, *, substitute: bool) -> tuple[int | None, JoinKind]:
        assert self.choose is not None
        if key not in self.answers:
            answer = self.choose(key, find_players(self.store, key), substitute=substitute)
            if answer is None:
                self.answers[key] = self.join(key), JoinKind.EXISTING
            else:
                self.answers[key] = (add_player(self.store, key) if answer == NEW_PLAYER else answer), JoinKind.CHOSEN
        return self.answers[key]


def _said(
    store: GameStore,
    game_id: int,
    *,
    item: ImportedRecord,
    seated: Sequence[tuple[int | None, JoinKind]],
    came_in: dict[tuple[int, str], tuple[int | None, JoinKind]],
    joins: _Joins,
) -> list[ImportedName]:
    """What the report says of a stored game's names: every substitute, and the four where worth saying."""
    out: list[ImportedName] = []
    entries = game_seats(store, game_id)
    for seat, (name, (_, how)) in enumerate(zip(item.record.players, seated, strict=True)):
        namesakes = 0 if how is JoinKind.REFUSED else joins.count(name.strip())
        if how is JoinKind.REFUSED or (how is JoinKind.EXISTING and namesakes > 1):
            out.append(
                ImportedName(
                    game_id=game_id,
                    where=item.where,
                    seat=seat,
                    name=name,
                    substitute=False,
                    player=entries[seat],
                    how=how,
                    namesakes=namesakes,
                )
            )
    bound = {(s.seat, s.name): s.player for s in game_substitutes(store, game_id)}
    for (seat, name), (_, how) in came_in.items():
        out.append(
            ImportedName(
                game_id=game_id,
                where=item.where,
                seat=seat,
                name=name,
                substitute=True,
                player=bound.get((seat, name)),
                how=how,
                namesakes=0 if how is JoinKind.REFUSED else joins.count(name.strip()),
            )
        )
    return out


def game_with_fingerprint(store: GameStore, fingerprint: str) -> int | None:
    """The stored game with this record fingerprint, if any."""
    with store._read("look for the game") as connection:
        row = connection.execute("SELECT id FROM games WHERE fingerprint = ?", (fingerprint,)).fetchone()
    return None if row is None else int(row[0])

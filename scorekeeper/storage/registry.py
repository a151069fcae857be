"""The player registry: one entry per person across games, with renames, merges and guest seats.

``players`` holds the entries; ``seats`` says which entry sat at each seat of each game (no row: a guest). A game's
``players`` list keeps the names shown at its table (records, exports and the game screen read it), and every
change here rewrites those names in the same transaction, so a rename shows everywhere at once.

Merging entry B into A (the same person entered twice) marks B ``merged_into`` A and shows A's name at B's seats;
B's seats still name B, so unmerging B (the undo of a merge) gives it back its games and its own name exactly.
Each function is one transaction.

Every name an entry takes (``add_player``, ``join_player``, ``rename_player``, a new game's names at the table, an
import's) is judged as a new game judges a name (``scorekeeper.session.names.check_entry_name``), whoever calls:
the Players window, the CLI's import, a library caller. A stored game or record with a name the judge refuses
still stores and loads, with that seat a guest.

A substitute who took a seat during a game is bound to an entry too (``substitutes``, one row per game, seat and
name in the log; the store writes it with the event, see ``_schema`` version 6). The log keeps the name they
played under, so a rename shows in statistics (which follow the binding) but not in that game's log.

One game never shows two people under one name: a rename, merge, unmerge or reseating that would give two
different people of one game the same name (as the session's names judge compares them, ``name_key``) is refused
with :class:`NameClashError`, naming the game. Besides the confusion on every sheet, the game would no longer
load when the name is a substitute's: the log's substitute would come in under a name already at the table. A
merge of two entries who sat at two different seats of one game is refused the same way: one person cannot sit
twice.
"""

from __future__ import annotations

import datetime
import sqlite3
from dataclasses import dataclass

from scorekeeper.errors import ErrorCode, IllegalActionError, SaveFileError
from scorekeeper.session.names import MAX_NAME, check_entry_name, name_key
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage.store import GameStore

__all__ = [
    "MAX_NAME",
    "NameClashError",
    "NamesakeCounter",
    "Player",
    "SubstituteSeat",
    "add_player",
    "find_players",
    "game_seats",
    "game_substitutes",
    "join_player",
    "list_players",
    "merge_players",
    "rename_player",
    "set_seat_player",
    "suggest_players",
    "unmerge_player",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """One registry entry.

    Attributes:
        id: the entry's id.
        name: the name.
        merged_into: the entry this one was merged into (directly), or None.
        games: the games seated under this entry itself (not counting entries merged into it).
    """

    id: int
    name: str
    merged_into: int | None
    games: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SubstituteSeat:
    """A substitute who took a seat during a game, and the entry they are.

    Attributes:
        seat: the seat (0-3).
        name: the name they played under, as the game's log has it.
        player: their registry entry as bound (not followed through merges), or None (a guest).
    """

    seat: int
    name: str
    player: int | None


class NameClashError(IllegalActionError):
    """A registry change refused because one game would show two different people under one name, or seat one
    person twice.

    Attributes:
        name: the name both would show (for a merge: the name kept).
        other: the other one's name as that game shows it (for a merge: the merged entry's).
        game_id: the first game it would happen in.
    """

    def __init__(self, message: str, *, name: str, other: str, game_id: int, two_seats: bool = False) -> None:
        code = ErrorCode.REGISTRY_TWO_SEATS if two_seats else ErrorCode.REGISTRY_NAME_CLASH
        super().__init__(message, code=code, fields={"name": name, "other": other, "game": game_id})
        self.name = name
        self.other = other
        self.game_id = game_id


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def list_players(store: GameStore) -> tuple[Player, ...]:
    """Every entry, merged ones included, by name then id."""
    with store._read("list the players") as connection:
        rows = connection.execute(
            "SELECT p.id, p.name, p.merged_into, (SELECT count(*) FROM seats s WHERE s.player_id = p.id) FROM players p"
        ).fetchall()
    players = [
        Player(id=int(r[0]), name=_text(r[1]), merged_into=None if r[2] is None else int(r[2]), games=int(r[3]))
        for r in rows
    ]
    return tuple(sorted(players, key=lambda p: (p.name.casefold(), p.id)))


def find_players(store: GameStore, name: str) -> tuple[Player, ...]:
    """The entries (not merged into another) named ``name``, oldest first: the same name as the names judge
    compares them (``name_key``: ignoring case and width, so a full-width ``Ａｋｉ`` from a Japanese input method is
    ``Aki``), outer spaces aside."""
    key = name_key(name.strip())
    return tuple(
        sorted(
            (p for p in list_players(store) if p.merged_into is None and name_key(p.name) == key),
            key=lambda p: p.id,
        )
    )


class NamesakeCounter:
    """How many entries (not merged into another) carry a name, as :func:`find_players` counts them, for many names
    in a row: the registry is read once and then only the entries added since (an import of thousands of games
    asks about every name it meets; :func:`find_players` reads the whole registry each time, so such an import
    took time growing with the square of the players). Entries merged after the first read keep being counted:
    merging happens in the Players window, not during an import."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self._last_id = 0
        self._by_key: dict[str, int] = {}

    def count(self, name: str) -> int:
        """The number of unmerged entries named ``name`` (ignoring case, width and outer spaces) now."""
        with self._store._read("list the players") as connection:
            rows = connection.execute(
                "SELECT id, name FROM players WHERE id > ? AND merged_into IS NULL ORDER BY id", (self._last_id,)
            ).fetchall()
        for row in rows:
            key = name_key(_text(row[1]))
            self._by_key[key] = self._by_key.get(key, 0) + 1
        if rows:
            self._last_id = int(rows[-1][0])
        return self._by_key.get(name_key(name.strip()), 0)


def suggest_players(store: GameStore, prefix: str, limit: int = 10) -> tuple[str, ...]:
    """Names of entries (not merged) that start with ``prefix`` (ignoring case), the most played first."""
    key = prefix.strip().casefold()
    players = [p for p in list_players(store) if p.merged_into is None and p.name.casefold().startswith(key)]
    players.sort(key=lambda p: (-p.games, p.name.casefold(), p.id))
    return tuple(p.name for p in players[:limit])


def add_player(store: GameStore, name: str) -> int:
    """A new entry (even if the name is taken: two people may share a name); return its id.

    Raises:
        PlayerNameError: a name a new game would refuse (empty, multi-line, too long: ``check_entry_name``).
    """
    key = check_entry_name(name)
    with store._write("add a player") as connection:
        cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, _now()))
        assert cursor.lastrowid is not None
        return cursor.lastrowid


def join_player(store: GameStore, name: str) -> int:
    """The entry a name at the table joins: the oldest of exactly that name (followed to the entry it was merged
    into), or a new one.

    Raises:
        PlayerNameError: a name a new game would refuse (``check_entry_name``; an empty seat is a guest: do not
            join it).
    """
    key = check_entry_name(name)
    with store._write("add a player") as connection:
        row = connection.execute("SELECT id FROM players WHERE name = ? ORDER BY id LIMIT 1", (key,)).fetchone()
        if row is None:
            cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, _now()))
            assert cursor.lastrowid is not None
            return cursor.lastrowid
        return _root(connection, int(row[0]))


def _merged(connection: sqlite3.Connection) -> dict[int, int | None]:
    rows = connection.execute("SELECT id, merged_into FROM players").fetchall()
    return {int(r[0]): (None if r[1] is None else int(r[1])) for r in rows}


def _root(connection: sqlite3.Connection, player: int) -> int:
    """The entry ``player`` was merged into, followed to the end (itself if not merged): a row read a step, not the
    whole registry (an import joins every name it meets through here)."""
    seen = {player}
    while True:
        row = connection.execute("SELECT merged_into FROM players WHERE id = ?", (player,)).fetchone()
        if row is None or row[0] is None or int(row[0]) in seen:
            return player
        player = int(row[0])
        seen.add(player)


def _subtree(connection: sqlite3.Connection, player: int) -> set[int]:
    """``player`` and every entry merged into it, directly or through others."""
    merged = _merged(connection)
    out = {player}
    grew = True
    while grew:
        grew = False
        for child, parent in merged.items():
            if parent in out and child not in out:
                out.add(child)
                grew = True
    return out


def _entry(connection: sqlite3.Connection, player: int) -> tuple[str, int | None]:
    row = connection.execute("SELECT name, merged_into FROM players WHERE id = ?", (player,)).fetchone()
    if row is None:
        raise IllegalActionError(f"there is no player {player} in the registry")
    return _text(row[0]), None if row[1] is None else int(row[1])


def _show_name(connection: sqlite3.Connection, players: set[int], name: str) -> None:
    """Write ``name`` at every seat of ``players`` in the games' player lists."""
    marks = ",".join("?" * len(players))
    rows = connection.execute(
        f"SELECT game_id, seat FROM seats WHERE player_id IN ({marks})", tuple(sorted(players))
    ).fetchall()
    by_game: dict[int, list[int]] = {}
    for game_id, seat in rows:
        by_game.setdefault(int(game_id), []).append(int(seat))
    for game_id, seats in by_game.items():
        (text,) = connection.execute("SELECT players FROM games WHERE id = ?", (game_id,)).fetchone()
        try:
            names = load_json(_text(text), max_chars=65_536)
        except JsonTextError:
            continue  # a damaged row stays as it is; the store reports it
        if not isinstance(names, list) or len(names) != 4:
            continue
        for seat in seats:
            names[seat] = name
        connection.execute("UPDATE games SET players = ? WHERE id = ?", (dump_json(names), game_id))


def _games_of(connection: sqlite3.Connection, players: set[int]) -> list[int]:
    """The games where any of ``players`` sat down or came in as a substitute, oldest first."""
    marks = ",".join("?" * len(players))
    ids = tuple(sorted(players))
    rows = connection.execute(
        f"SELECT game_id FROM seats WHERE player_id IN ({marks})"
        f" UNION SELECT game_id FROM substitutes WHERE player_id IN ({marks}) ORDER BY game_id",
        ids + ids,
    ).fetchall()
    return [int(r[0]) for r in rows]


@dataclass(frozen=True, slots=True)
class _Registry:
    """Each entry's root (followed through merges) and name, read once for a whole check."""

    roots: dict[int, int]
    names: dict[int, str]

    @classmethod
    def read(cls, connection: sqlite3.Connection) -> _Registry:
        merged = _merged(connection)
        roots: dict[int, int] = {}
        for player in merged:
            top, seen = player, {player}
            while (target := merged.get(top)) is not None and target not in seen:
                top = target
                seen.add(top)
            roots[player] = top
        names = {int(r[0]): _text(r[1]) for r in connection.execute("SELECT id, name FROM players").fetchall()}
        return cls(roots=roots, names=names)

    def root(self, player: int) -> int:
        return self.roots.get(player, player)


def _people(
    connection: sqlite3.Connection, game_id: int, registry: _Registry
) -> list[tuple[tuple[str, object], str, tuple[str, ...]]]:
    """Everyone of a game: (who: an entry's root, or a guest's seat or name; the name they are shown under;
    every name their seat's log calls them), the four who sat down first."""
    root, names = registry.root, registry.names
    (text,) = connection.execute("SELECT players FROM games WHERE id = ?", (game_id,)).fetchone()
    try:
        shown = load_json(_text(text), max_chars=65_536)
    except JsonTextError:
        return []  # a damaged row: the store reports it
    if not isinstance(shown, list) or len(shown) != 4 or not all(isinstance(n, str) for n in shown):
        return []
    entries = dict(connection.execute("SELECT seat, player_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    people: list[tuple[tuple[str, object], str, tuple[str, ...]]] = []
    for seat, name in enumerate(shown):
        entry = entries.get(seat)
        who: tuple[str, object] = ("guest seat", seat) if entry is None else ("entry", root(int(entry)))
        people.append((who, name, (name,)))
    for _seat, played, entry in connection.execute(
        "SELECT seat, name, player_id FROM substitutes WHERE game_id = ?", (game_id,)
    ).fetchall():
        played = _text(played)
        if entry is None:
            people.append((("guest", name_key(played)), played, (played,)))
        else:
            top = root(int(entry))
            people.append((("entry", top), names.get(top, played), (names.get(top, played), played)))
    return people


def _refuse_clashes(connection: sqlite3.Connection, changed: set[int], doing: str) -> None:
    """Refuse (NameClashError) if, after the change made in this transaction, a game of the ``changed`` entries
    shows one of them and a different person under one name (as ``name_key`` compares), or names one of them in its
    log's substitutions under a name another person of the game is shown under (the log would no longer load)."""
    roots = {_root(connection, player) for player in changed}
    registry = _Registry.read(connection)
    for game_id in _games_of(connection, _subtree_all(connection, roots)):
        people = _people(connection, game_id, registry)
        by_key: dict[str, tuple[tuple[str, object], str]] = {}
        for who, shown, called in people:
            for name in (shown, *called):
                key = name_key(name)
                first = by_key.setdefault(key, (who, shown))
                if first[0] == who:
                    continue
                mine = who[0] == "entry" and who[1] in roots
                theirs = first[0][0] == "entry" and first[0][1] in roots
                if mine or theirs:
                    ours, other = (name, first[1]) if mine else (first[1], name)
                    raise NameClashError(
                        f"cannot {doing}: game {game_id} would have two players called {ours!r} "
                        f"(with {other!r}, another player of that game); one game shows each player under a name "
                        "of their own",
                        name=ours,
                        other=other,
                        game_id=game_id,
                    )


def _subtree_all(connection: sqlite3.Connection, roots: set[int]) -> set[int]:
    out: set[int] = set()
    for root in roots:
        out |= _subtree(connection, root)
    return out


def rename_player(store: GameStore, player: int, name: str) -> str:
    """Rename an entry everywhere (its games and the games of entries merged into it); return the old name.

    Raises:
        NameClashError: one of the entry's games would show two players under the new name.
        PlayerNameError: a name a new game would refuse (empty, multi-line, too long: ``check_entry_name``).
        IllegalActionError: no such entry.
    """
    key = check_entry_name(name)
    with store._write("rename the player") as connection:
        old, _ = _entry(connection, player)
        connection.execute("UPDATE players SET name = ? WHERE id = ?", (key, player))
        root = _root(connection, player)
        _show_name(connection, _subtree(connection, root), _entry(connection, root)[0])
        _refuse_clashes(connection, {player}, f"rename {old!r} to {key!r}")
    return old


def merge_players(store: GameStore, *, keep: int, merge: int) -> None:
    """Record that ``merge`` is the same person as ``keep``: its games become ``keep``'s, shown under its name.

    Raises:
        NameClashError: both sat at two different seats of one game, or one of the games would show two players
            under the kept name.
        IllegalActionError: no such entry, the same entry twice, or an entry already merged into another.
    """
    with store._write("merge the players") as connection:
        keep_name, keep_into = _entry(connection, keep)
        merge_name, merge_into = _entry(connection, merge)
        if keep == merge:
            raise IllegalActionError(f"cannot merge {keep_name!r} with itself")
        if keep_into is not None or merge_into is not None:
            which = keep_name if keep_into is not None else merge_name
            raise IllegalActionError(f"{which!r} is already merged into another entry; merge into that one")
        _refuse_two_seats(connection, keep=keep, merge=merge, keep_name=keep_name, merge_name=merge_name)
        connection.execute("UPDATE players SET merged_into = ? WHERE id = ?", (keep, merge))
        _show_name(connection, _subtree(connection, merge), keep_name)
        _refuse_clashes(connection, {keep}, f"merge {merge_name!r} into {keep_name!r}")


def _refuse_two_seats(
    connection: sqlite3.Connection, *, keep: int, merge: int, keep_name: str, merge_name: str
) -> None:
    """Refuse a merge of two entries who sat at two different seats of one game, down at the start or as a
    substitute (two people, whatever their names; one who left a seat and came back to it is one)."""

    def places(entry: int) -> set[tuple[int, int]]:
        players = sorted(_subtree(connection, entry))
        marks = ",".join("?" * len(players))
        rows = connection.execute(
            f"SELECT game_id, seat FROM seats WHERE player_id IN ({marks})"
            f" UNION SELECT game_id, seat FROM substitutes WHERE player_id IN ({marks})",
            (*players, *players),
        ).fetchall()
        return {(int(game), int(seat)) for game, seat in rows}

    kept, merged = places(keep), places(merge)
    both = sorted(game for game, seat in kept if any(other == game and there != seat for other, there in merged))
    if both:
        raise NameClashError(
            f"cannot merge {merge_name!r} into {keep_name!r}: both sat in game {both[0]}, at two different seats; "
            "they are two people",
            name=keep_name,
            other=merge_name,
            game_id=both[0],
            two_seats=True,
        )


def unmerge_player(store: GameStore, player: int) -> None:
    """Undo a merge: the entry gets its own games and name back (with the entries merged into it).

    Raises:
        NameClashError: one of its games would show two players under its own name.
        IllegalActionError: no such entry, or it was not merged.
    """
    with store._write("unmerge the player") as connection:
        name, into = _entry(connection, player)
        if into is None:
            raise IllegalActionError(f"{name!r} is not merged into another entry")
        connection.execute("UPDATE players SET merged_into = NULL WHERE id = ?", (player,))
        _show_name(connection, _subtree(connection, player), name)
        _refuse_clashes(connection, {player}, f"give {name!r} its own games back")


def game_seats(store: GameStore, game_id: int) -> tuple[int | None, int | None, int | None, int | None]:
    """The entry at each seat of a game (None: a guest), seat 0 first, as stored (not followed through merges)."""
    with store._read("read the seats") as connection:
        rows = connection.execute("SELECT seat, player_id FROM seats WHERE game_id = ?", (game_id,)).fetchall()
    out: list[int | None] = [None, None, None, None]
    for seat, player in rows:
        if isinstance(seat, int) and 0 <= seat <= 3:
            out[seat] = None if player is None else int(player)
    return (out[0], out[1], out[2], out[3])


def game_substitutes(store: GameStore, game_id: int) -> tuple[SubstituteSeat, ...]:
    """The substitutes who took a seat during a game and their entries (as bound, not followed through merges), by
    seat then name. An undone substitution keeps its row: it is found again if the event is redone."""
    with store._read("read the substitutes") as connection:
        rows = connection.execute(
            "SELECT seat, name, player_id FROM substitutes WHERE game_id = ? ORDER BY seat, name", (game_id,)
        ).fetchall()
    return tuple(
        SubstituteSeat(seat=int(seat), name=_text(name), player=None if player is None else int(player))
        for seat, name, player in rows
    )


def set_seat_player(store: GameStore, game_id: int, seat: int, player: int | None) -> None:
    """Seat ``player`` (None: a guest) at ``seat`` of a game; the game shows the entry's name there.

    Raises:
        NameClashError: another player of the game is shown under the entry's name.
        IllegalActionError: no such seat or entry.
        SaveFileError: no such game, or the database cannot be written.
    """
    if not 0 <= seat <= 3:
        raise IllegalActionError(f"a game has seats 0 to 3, got {seat}")
    with store._write("seat the player") as connection:
        if connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise SaveFileError(f"{store.path}: there is no game {game_id}", path=store.path)
        connection.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        if player is not None:
            _entry(connection, player)
            connection.execute("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)", (game_id, seat, player))
            root = _root(connection, player)
            _show_name(connection, {player}, _entry(connection, root)[0])
            _refuse_clashes(connection, {player}, f"seat {_entry(connection, root)[0]!r} at seat {seat}")

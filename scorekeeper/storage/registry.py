"""The player registry: one entry per person across games, with renames, merges and guest seats.

``players`` holds the entries; ``seats`` says which entry sat at each seat of each game (no row: a guest). A game's
``players`` list keeps the names shown at its table (records, exports and the game screen read it), and every
change here rewrites those names in the same transaction, so a rename shows everywhere at once.

Merging entry B into A (the same person entered twice) marks B ``merged_into`` A and shows A's name at B's seats;
B's seats still name B, so unmerging B (the undo of a merge) gives it back its games and its own name exactly.
Each function is one transaction.
"""

from __future__ import annotations

import datetime
import sqlite3
from dataclasses import dataclass

from scorekeeper.errors import IllegalActionError, SaveFileError
from scorekeeper.storage._jsontext import JsonTextError, dump_json, load_json
from scorekeeper.storage.store import GameStore

__all__ = [
    "MAX_NAME",
    "Player",
    "add_player",
    "find_players",
    "game_seats",
    "join_player",
    "list_players",
    "merge_players",
    "rename_player",
    "set_seat_player",
    "suggest_players",
    "unmerge_player",
]

#: The longest name (the game state's limit for a name at the table).
MAX_NAME = 100


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


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _check_name(name: str) -> str:
    key = name.strip() if isinstance(name, str) else ""
    if not key or len(key) > MAX_NAME:
        raise IllegalActionError(f"a player's name is a text of 1 to {MAX_NAME} characters, got {name!r:.120}")
    return key


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
    """The entries (not merged into another) named ``name``, ignoring case and outer spaces, oldest first."""
    key = name.strip().casefold()
    return tuple(
        sorted(
            (p for p in list_players(store) if p.merged_into is None and p.name.casefold() == key),
            key=lambda p: p.id,
        )
    )


def suggest_players(store: GameStore, prefix: str, limit: int = 10) -> tuple[str, ...]:
    """Names of entries (not merged) that start with ``prefix`` (ignoring case), the most played first."""
    key = prefix.strip().casefold()
    players = [p for p in list_players(store) if p.merged_into is None and p.name.casefold().startswith(key)]
    players.sort(key=lambda p: (-p.games, p.name.casefold(), p.id))
    return tuple(p.name for p in players[:limit])


def add_player(store: GameStore, name: str) -> int:
    """A new entry (even if the name is taken: two people may share a name); return its id.

    Raises:
        IllegalActionError: an empty or too long name.
    """
    key = _check_name(name)
    with store._write("add a player") as connection:
        cursor = connection.execute("INSERT INTO players (name, created) VALUES (?, ?)", (key, _now()))
        assert cursor.lastrowid is not None
        return cursor.lastrowid


def join_player(store: GameStore, name: str) -> int:
    """The entry a name at the table joins: the oldest of exactly that name (followed to the entry it was merged
    into), or a new one.

    Raises:
        IllegalActionError: an empty or too long name (an empty seat is a guest: do not join it).
    """
    key = _check_name(name)
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
    merged = _merged(connection)
    seen = {player}
    while (target := merged.get(player)) is not None and target not in seen:
        player = target
        seen.add(player)
    return player


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


def rename_player(store: GameStore, player: int, name: str) -> str:
    """Rename an entry everywhere (its games and the games of entries merged into it); return the old name.

    Raises:
        IllegalActionError: no such entry, or an empty or too long name.
    """
    key = _check_name(name)
    with store._write("rename the player") as connection:
        old, _ = _entry(connection, player)
        connection.execute("UPDATE players SET name = ? WHERE id = ?", (key, player))
        root = _root(connection, player)
        _show_name(connection, _subtree(connection, root), _entry(connection, root)[0])
    return old


def merge_players(store: GameStore, *, keep: int, merge: int) -> None:
    """Record that ``merge`` is the same person as ``keep``: its games become ``keep``'s, shown under its name.

    Raises:
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
        connection.execute("UPDATE players SET merged_into = ? WHERE id = ?", (keep, merge))
        _show_name(connection, _subtree(connection, merge), keep_name)


def unmerge_player(store: GameStore, player: int) -> None:
    """Undo a merge: the entry gets its own games and name back (with the entries merged into it).

    Raises:
        IllegalActionError: no such entry, or it was not merged.
    """
    with store._write("unmerge the player") as connection:
        name, into = _entry(connection, player)
        if into is None:
            raise IllegalActionError(f"{name!r} is not merged into another entry")
        connection.execute("UPDATE players SET merged_into = NULL WHERE id = ?", (player,))
        _show_name(connection, _subtree(connection, player), name)


def game_seats(store: GameStore, game_id: int) -> tuple[int | None, int | None, int | None, int | None]:
    """The entry at each seat of a game (None: a guest), seat 0 first, as stored (not followed through merges)."""
    with store._read("read the seats") as connection:
        rows = connection.execute("SELECT seat, player_id FROM seats WHERE game_id = ?", (game_id,)).fetchall()
    out: list[int | None] = [None, None, None, None]
    for seat, player in rows:
        if isinstance(seat, int) and 0 <= seat <= 3:
            out[seat] = None if player is None else int(player)
    return (out[0], out[1], out[2], out[3])


def set_seat_player(store: GameStore, game_id: int, seat: int, player: int | None) -> None:
    """Seat ``player`` (None: a guest) at ``seat`` of a game; the game shows the entry's name there.

    Raises:
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

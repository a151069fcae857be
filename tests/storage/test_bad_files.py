"""Bad database files: a clear SaveFileError naming the file, never a crash, and nothing else touched."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS


def _filled_database(path: Path, games: int = 30) -> None:
    with GameStore.open(path) as store:
        for _ in range(games):
            store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS * 5)
    # Closing the last connection copied the WAL into the main file: it is the whole database now.
    assert not path.with_name(path.name + "-wal").exists()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"not a database at all, just some text that is long enough" * 3, id="text"),
        pytest.param(b'{"format": "scorekeeper-game", "version": 1}', id="json"),
        pytest.param(b"SQLite format 3\x00" + b"\x00" * 20, id="header-cut-short"),
        pytest.param(b"\x00" * 4096, id="zeros"),
        pytest.param(bytes(range(256)) * 16, id="binary-noise"),
    ],
)
def test_not_a_database_is_refused_untouched(db_path: Path, content: bytes) -> None:
    db_path.write_bytes(content)
    with pytest.raises(SaveFileError, match="not a scorekeeper database") as caught:
        GameStore.open(db_path)
    assert caught.value.path == db_path
    assert db_path.read_bytes() == content
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9], ids=["tenth", "half", "most"])
def test_truncated_database_is_refused_untouched(db_path: Path, fraction: float) -> None:
    _filled_database(db_path)
    data = db_path.read_bytes()
    cut = data[: int(len(data) * fraction)]
    db_path.write_bytes(cut)
    with pytest.raises(SaveFileError, match="damaged") as caught:
        GameStore.open(db_path)
    assert caught.value.path == db_path
    assert db_path.read_bytes() == cut


def test_scribbled_page_is_refused_untouched(db_path: Path) -> None:
    _filled_database(db_path)
    data = bytearray(db_path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 300] = b"\xa5" * 300  # an interior page's header and cell pointers
    db_path.write_bytes(bytes(data))
    with pytest.raises(SaveFileError, match="damaged"):
        GameStore.open(db_path)
    assert db_path.read_bytes() == bytes(data)


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match=r"not a database file \(a folder\)"):
        GameStore.open(tmp_path)


def _poke(path: Path, sql: str, *args: object) -> None:
    """Change the file behind the store's back, as a hostile or buggy program would."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA ignore_check_constraints = ON")
    connection.execute(sql, args)
    connection.commit()
    connection.close()


def _event(body: object) -> str:
    return json.dumps(body)


HOSTILE_EVENTS = [
    pytest.param(_event({"type": "riichi", "seat": -1}), "a seat is a number 0-3", id="negative-seat"),
    pytest.param(_event({"type": "riichi", "seat": 4}), "a seat is a number 0-3", id="seat-4"),
    pytest.param(_event({"type": "riichi", "seat": 10**40}), "a seat is a number 0-3", id="huge-seat"),
    pytest.param('{"type": "riichi", "seat": ' + "9" * 5000 + "}", "unreadable value", id="5000-digit-number"),
    pytest.param(
        _event({"type": "penalty", "seat": 1, "points": -(10**30), "reason": "x"}), "multiple of 100", id="huge-points"
    ),
    pytest.param(
        _event({"type": "ron", "from": 0, "wins": [{"seat": 1, "han": 10**9, "fu": 30}]}), "han", id="huge-han"
    ),
    pytest.param(_event({"type": "teleport", "seat": 1}), "unknown event type", id="unknown-type"),
    pytest.param(_event({"type": "riichi", "seat": 1, "extra": True}), "unknown key 'extra'", id="unknown-key"),
    pytest.param(_event({"type": "riichi", "seat": True}), "must be an integer", id="bool-seat"),
    pytest.param(_event([1, 2, 3]), "expected a JSON object", id="array"),
    pytest.param("{not json", "not JSON", id="not-json"),
    pytest.param('{"type": "riichi", "seat": NaN}', "NaN is not a JSON number", id="nan"),
    pytest.param("[" * 100_000 + "]" * 100_000, "more than", id="too-long"),
    pytest.param("[" * 20_000 + "]" * 20_000, "nested too deeply", id="too-deep"),
    pytest.param(b"\xff\x00binary", "event is not UTF-8 text", id="blob-not-utf8"),
    pytest.param(b"\x00\x01binary", "event: not JSON", id="blob"),
    pytest.param(12345, "expected a JSON object, got 12345", id="integer-body"),
]


@pytest.mark.parametrize(("body", "message"), HOSTILE_EVENTS)
def test_hostile_event_damages_only_its_game(db_path: Path, body: object, message: str) -> None:
    with GameStore.open(db_path) as store:
        good = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)
        bad = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    _poke(db_path, "UPDATE events SET body = ? WHERE game_id = ? AND seq = 1", body, bad)
    with GameStore.open(db_path) as store:
        with pytest.raises(SaveFileError, match=f"game {bad} is damaged: .*{message}") as caught:
            store.load(bad)
        assert caught.value.path == db_path
        assert store.load(good).events == SAMPLE_EVENTS
        store.append(good, RiichiDeclared(Seat(1)), at=store.position(good))
        assert store.load(good).events == (*SAMPLE_EVENTS, RiichiDeclared(Seat(1)))
        assert [g.problem for g in store.list_games() if g.id == good] == [""]


HOSTILE_ROWS = [
    pytest.param(
        "UPDATE games SET players = ? WHERE id = ?", '["only", "three", "names"]', "four names", id="3-players"
    ),
    pytest.param("UPDATE games SET players = ? WHERE id = ?", "[1, 2, 3, 4]", "four names", id="number-players"),
    pytest.param("UPDATE games SET players = ? WHERE id = ?", "{{{", "player list: not JSON", id="players-not-json"),
    pytest.param("UPDATE games SET ruleset = ? WHERE id = ?", "42", "the ruleset must be", id="number-ruleset"),
    pytest.param("UPDATE games SET head = ? WHERE id = ?", -1, "undo position -1", id="negative-head"),
    pytest.param("UPDATE games SET head = ? WHERE id = ?", 2**62, "undo position", id="huge-head"),
    pytest.param("UPDATE games SET head = ? WHERE id = ?", 50, "past its 3 events", id="head-past-end"),
    pytest.param("UPDATE games SET head = ? WHERE id = ?", "two", "undo position 'two'", id="text-head"),
    pytest.param("UPDATE games SET finished = ? WHERE id = ?", 7, "finished flag 7", id="finished-7"),
    pytest.param(
        "UPDATE games SET created = ? WHERE id = ?", b"\xff\xfe", "creation date is not UTF-8", id="number-date"
    ),
    pytest.param("DELETE FROM events WHERE seq = 1 AND game_id = ?", None, "event 1 is missing", id="missing-event"),
    pytest.param(
        "UPDATE events SET seq = ? WHERE seq = 2 AND game_id = ?", -5, "event 0 is missing", id="negative-seq"
    ),
]


@pytest.mark.parametrize(("sql", "value", "message"), HOSTILE_ROWS)
def test_hostile_game_row_damages_only_its_game(db_path: Path, sql: str, value: object, message: str) -> None:
    with GameStore.open(db_path) as store:
        good = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)
        bad = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    if value is None:
        _poke(db_path, sql, bad)
    else:
        _poke(db_path, sql, value, bad)
    with GameStore.open(db_path) as store:
        with pytest.raises(SaveFileError, match=f"game {bad} is damaged: .*{message}"):
            store.load(bad)
        listed = {g.id: g for g in store.list_games()}
        assert listed[good].problem == ""
        if "events" not in sql and "past its" not in message:
            assert message.split(":", maxsplit=1)[0] in listed[bad].problem
        assert store.load(good).events == SAMPLE_EVENTS
        at = store.append(good, RiichiDeclared(Seat(1)), at=store.position(good))
        store.undo(good, RiichiDeclared(Seat(1)), at=at)
        assert store.load(good).redo == (RiichiDeclared(Seat(1)),)


def test_hostile_undo_position_refuses_writes_to_that_game_only(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        good = store.create_game(players=PLAYERS, ruleset="tenhou")
        bad = store.create_game(players=PLAYERS, ruleset="tenhou")
    _poke(db_path, "UPDATE games SET head = ? WHERE id = ?", -3, bad)
    with GameStore.open(db_path) as store:
        with pytest.raises(SaveFileError, match=f"game {bad} is damaged: undo position -3"):
            store.append(bad, RiichiDeclared(Seat(0)), at=0)
        store.append(good, RiichiDeclared(Seat(0)), at=store.position(good))
        assert store.load(good).events == (RiichiDeclared(Seat(0)),)


def test_event_limit_per_game(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    monkeypatch.setattr("scorekeeper.storage.store.MAX_EVENTS_PER_GAME", 3)
    with pytest.raises(SaveFileError, match="already has 3 events"):
        store.append(game, RiichiDeclared(Seat(0)), at=store.position(game))
    at = store.undo(game, SAMPLE_EVENTS[2], at=store.position(game))
    store.undo(game, SAMPLE_EVENTS[1], at=at)
    monkeypatch.setattr("scorekeeper.storage.store.MAX_EVENTS_PER_GAME", 2)
    with pytest.raises(SaveFileError, match="more than 2 events"):
        store.load(game)


def test_tables_removed_behind_the_stores_back(db_path: Path, store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    _poke(db_path, "DROP TABLE events")
    with pytest.raises(SaveFileError, match="cannot read the game: no such table: events"):
        store.load(game)
    with pytest.raises(SaveFileError, match="cannot save the event"):
        store.append(game, RiichiDeclared(Seat(1)), at=0)


def test_versioned_file_without_our_application_id(db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("PRAGMA user_version = 1")
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(SaveFileError, match=r"not a scorekeeper database \(version 1\)"):
        GameStore.open(db_path)
    assert db_path.read_bytes() == before

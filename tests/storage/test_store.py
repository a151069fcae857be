"""The game store: what is saved comes back equal, undo and redo survive a restart, every write is committed."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.errors import NothingToUndoError, SaveFileError
from scorekeeper.session.events import ExhaustiveDraw, RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage import _schema
from scorekeeper.storage.store import GameStore, LogPosition
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS


def test_new_database_is_created_with_wal_and_current_version(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        assert store.path == db_path
        assert store.list_games() == ()
        assert store.unfinished_game() is None
    connection = sqlite3.connect(db_path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA user_version").fetchone()[0] == _schema.CURRENT_VERSION
    assert connection.execute("PRAGMA application_id").fetchone()[0] == 0x534B5052
    connection.close()


def test_empty_file_is_an_empty_database(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with GameStore.open(db_path) as store:
        assert store.list_games() == ()


def test_missing_folder_is_a_save_file_error(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="does not exist") as caught:
        GameStore.open(tmp_path / "nowhere" / "games.sqlite3")
    assert caught.value.path == tmp_path / "nowhere" / "games.sqlite3"


def test_events_round_trip_through_a_restart(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        game = store.create_game(players=PLAYERS, ruleset={"preset": "ema2016", "overrides": {"bust": False}})
        for number, event in enumerate(SAMPLE_EVENTS):
            position = store.append(game, event, at=store.position(game))
            assert position == LogPosition(head=number + 1, revision=number + 1)
    with GameStore.open(db_path) as store:
        loaded = store.load(game)
    assert loaded.events == SAMPLE_EVENTS
    assert loaded.redo == ()
    assert loaded.players == PLAYERS
    assert loaded.ruleset == {"preset": "ema2016", "overrides": {"bust": False}}
    assert not loaded.finished


def test_undo_and_redo_survive_a_restart(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:4])
        at = store.undo(game, SAMPLE_EVENTS[3], at=store.position(game))
        store.undo(game, SAMPLE_EVENTS[2], at=at)
    with GameStore.open(db_path) as store:
        loaded = store.load(game)
        assert loaded.events == SAMPLE_EVENTS[:2]
        assert loaded.redo == SAMPLE_EVENTS[2:4]
        store.redo(game, SAMPLE_EVENTS[2], at=loaded.position)
        assert store.load(game).events == SAMPLE_EVENTS[:3]
        assert store.load(game).redo == SAMPLE_EVENTS[3:4]


def test_append_after_undo_drops_the_redo_list(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    at = store.undo(game, SAMPLE_EVENTS[2], at=store.position(game))
    at = store.undo(game, SAMPLE_EVENTS[1], at=at)
    at = store.append(game, ExhaustiveDraw(()), at=at)
    assert at.head == 2
    loaded = store.load(game)
    assert loaded.events == (SAMPLE_EVENTS[0], ExhaustiveDraw(()))
    assert loaded.redo == ()
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        store.redo(game, SAMPLE_EVENTS[1], at=at)


def test_undo_with_nothing_to_undo(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        store.undo(game, SAMPLE_EVENTS[0], at=store.position(game))


@pytest.mark.parametrize(
    ("events", "redo"),
    [
        pytest.param(SAMPLE_EVENTS, (), id="same"),
        pytest.param(SAMPLE_EVENTS[:3], SAMPLE_EVENTS[3:], id="undone-tail"),
        pytest.param((*SAMPLE_EVENTS[:2], RiichiDeclared(Seat(3))), (), id="changed-middle"),
        pytest.param((), (), id="emptied"),
        pytest.param(SAMPLE_EVENTS + SAMPLE_EVENTS, SAMPLE_EVENTS[:1], id="grown"),
    ],
)
def test_replace_log_makes_the_stored_log_equal(store: GameStore, events: tuple, redo: tuple) -> None:  # type: ignore[type-arg]
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)
    store.replace_log(game, events, redo, at=store.position(game))
    loaded = store.load(game)
    assert (loaded.events, loaded.redo) == (events, redo)


def test_unfinished_game_is_the_latest_one_not_ended(store: GameStore) -> None:
    first = store.create_game(players=PLAYERS, ruleset="tenhou")
    second = store.create_game(players=PLAYERS, ruleset="tenhou")
    store.set_finished(second, at=store.position(second))
    assert store.unfinished_game() == first
    store.set_finished(first, at=store.position(first))
    assert store.unfinished_game() is None
    store.set_finished(second, finished=False, at=store.position(second))
    assert store.unfinished_game() == second


def test_list_games_newest_change_first(store: GameStore) -> None:
    first = store.create_game(players=PLAYERS, ruleset="tenhou")
    second = store.create_game(players=PLAYERS, ruleset="wrc2022", created="2020-01-01T00:00:00+00:00")
    store.append(first, RiichiDeclared(Seat(0)), at=store.position(first))
    games = store.list_games()
    assert [g.id for g in games] == [first, second]
    assert games[0].events == 1
    assert games[1].created == "2020-01-01T00:00:00+00:00"
    assert games[1].ruleset == "wrc2022"
    assert all(g.problem == "" and g.players == PLAYERS for g in games)


def test_delete_game_leaves_the_others(store: GameStore) -> None:
    first = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)
    second = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:2])
    store.delete_game(first)
    assert [g.id for g in store.list_games()] == [second]
    assert store.load(second).events == SAMPLE_EVENTS[:2]
    with pytest.raises(SaveFileError, match="there is no game"):
        store.load(first)


@pytest.mark.parametrize("action", ["append", "undo", "redo", "finish", "delete", "replace"])
def test_unknown_game_id_is_a_save_file_error(store: GameStore, action: str) -> None:
    at = LogPosition(head=0, revision=0)
    calls: dict[str, Callable[[], object]] = {
        "append": lambda: store.append(99, RiichiDeclared(Seat(0)), at=at),
        "undo": lambda: store.undo(99, RiichiDeclared(Seat(0)), at=at),
        "redo": lambda: store.redo(99, RiichiDeclared(Seat(0)), at=at),
        "finish": lambda: store.set_finished(99, at=at),
        "delete": lambda: store.delete_game(99),
        "replace": lambda: store.replace_log(99, (), at=at),
    }
    with pytest.raises(SaveFileError, match="there is no game 99"):
        calls[action]()


def test_each_append_is_committed_at_once(db_path: Path, store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    store.append(game, RiichiDeclared(Seat(2)), at=0)
    # A second connection sees the event while the store is still open: it is committed, not pending.
    other = sqlite3.connect(db_path)
    assert other.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    other.close()


def test_failed_write_rolls_back_and_reports_the_path(db_path: Path, store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:1])
    locker = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    locker.execute("BEGIN IMMEDIATE")
    store._connection.execute("PRAGMA busy_timeout = 0")
    with pytest.raises(SaveFileError, match="cannot save the event") as caught:
        store.append(game, RiichiDeclared(Seat(1)), at=1)
    assert caught.value.path == db_path
    locker.execute("ROLLBACK")
    locker.close()
    assert store.load(game).events == SAMPLE_EVENTS[:1]
    store.append(game, RiichiDeclared(Seat(1)), at=1)
    assert store.load(game).events == (*SAMPLE_EVENTS[:1], RiichiDeclared(Seat(1)))


def test_validate_integrity_of_a_sound_file(store: GameStore) -> None:
    store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS)
    assert store.validate_integrity() == ()


@pytest.mark.parametrize(("limit", "expected"), [(None, 3), (2, 2), (0, 0)], ids=["all", "two", "none"])
def test_list_games_with_a_limit(store: GameStore, limit: int | None, expected: int) -> None:
    for _ in range(3):
        store.create_game(players=PLAYERS, ruleset="tenhou")
    assert len(store.list_games(limit)) == expected

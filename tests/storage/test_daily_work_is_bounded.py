"""What a table does every day reads its own game, not the club's years of games: every statement of opening,
reopening the unfinished game, a hand, undo, redo and reading one game goes straight to its rows through an index
(SQLite's own query plans, not timings: benchmarks/bench_big_database.py has the figures)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scorekeeper.session.events import RiichiDeclared
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS
from tests.storage.test_export_cli import _run

#: Finished games stored before the running one: enough that a full scan would show in the query plans.
_CLUB_GAMES = 60


@pytest.fixture
def club(db_path: Path) -> Iterator[tuple[GameStore, int]]:
    """A store of many finished games and one running game (its id), reopened as the app reopens it."""
    with GameStore.open(db_path) as store, store.batch("fill"):
        for _ in range(_CLUB_GAMES):
            store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS, finished=True)
        running = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
        for _ in range(_CLUB_GAMES):
            store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS, finished=True)
    with GameStore.open(db_path) as store:
        yield store, running


def _full_scans(connection: sqlite3.Connection, statements: list[str]) -> list[str]:
    """The statements whose query plan reads a whole table (or sorts one) instead of searching an index."""
    found = []
    for statement in statements:
        if not statement.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE", "INSERT")):
            continue  # BEGIN, COMMIT, the trigger markers
        plan = [row[3].decode() for row in connection.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()]
        if any(step.startswith("SCAN") or "TEMP B-TREE" in step for step in plan):
            found.append(f"{statement}: {plan}")
    return found


def _traced(store: GameStore, action: Callable[[], object]) -> list[str]:
    seen: list[str] = []
    store._connection.set_trace_callback(seen.append)
    try:
        action()
    finally:
        store._connection.set_trace_callback(None)
    return seen


def test_reopening_the_unfinished_game_searches_an_index(club: tuple[GameStore, int]) -> None:
    store, running = club

    def reopen() -> None:
        game = store.unfinished_game()
        assert game == running
        store.load_session_at(game)

    statements = _traced(store, reopen)
    assert statements
    assert _full_scans(store._connection, statements) == []


def test_a_hand_undo_and_redo_touch_only_their_game(club: tuple[GameStore, int]) -> None:
    store, running = club
    event = RiichiDeclared(Seat(1))

    def play() -> None:
        at = store.append(running, event, at=store.position(running), finished=False)
        at = store.undo(running, event, at=at, finished=False)
        store.redo(running, event, at=at, finished=False)

    statements = _traced(store, play)
    assert _full_scans(store._connection, statements) == []


def test_reading_one_game_for_an_export_searches_an_index(club: tuple[GameStore, int]) -> None:
    store, running = club
    statements = _traced(store, lambda: (store.load_session(running), store.summary(running)))
    assert _full_scans(store._connection, statements) == []


def test_whether_there_are_games_at_all(store: GameStore) -> None:
    assert not store.has_games()
    store.create_game(players=PLAYERS, ruleset="tenhou")
    assert store.has_games()


def test_a_read_only_store_reads_the_file_in_place(club: tuple[GameStore, int], db_path: Path) -> None:
    """Before, a reading command copied the whole file into memory to read one game."""
    with GameStore.open(db_path, read_only=True) as reader:
        files = [row[2].decode() for row in reader._connection.execute("PRAGMA database_list")]
        assert files == [str(db_path)]
        assert reader.load(club[1]).events == SAMPLE_EVENTS[:3]


def test_exporting_one_game_lists_no_other_game(
    club: tuple[GameStore, int], db_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def listing(*_: object, **__: object) -> None:
        raise AssertionError("the whole game list was read to export one game")

    monkeypatch.setattr(GameStore, "list_games", listing)
    assert _run(str(db_path), "--game", str(club[1]), "--format", "csv", "--output", "-") == 0
    assert "Ann" in capsys.readouterr().out

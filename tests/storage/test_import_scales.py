"""An import's work does not grow with the players already in the store (issue 27, 5: 1,000 games took 30 s and
3,000 games 304 s at a terminal, where every name joined through a read of the whole registry).

Work is counted as SQLite's own virtual-machine steps (``set_progress_handler``), which are exact and do not depend
on the machine's load; and as write transactions, each a commit that waits for the disk.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.session.session import Session
from scorekeeper.storage.imports import IMPORT_BATCH, import_records, read_records
from scorekeeper.storage.registry import Player, add_player, find_players, list_players
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1


def _records(tmp_path: Path, games: int, *, seed: int = 3) -> Path:
    """``games`` copies of one real game, each with four names never seen before (so each a distinct record)."""
    base = game_1()
    rng = random.Random(seed)
    lines = []
    for number in range(games):
        names = [f"New {number}-{seat}-{rng.randrange(1000)}" for seat in range(4)]
        record = format_record(record_from_session(Session(base.rules, names, base.events)))
        lines.append(json.dumps(record))
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _default_join(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
    return None


def _steps_to_import(store_path: Path, records: Path, *, already: int) -> tuple[int, int]:
    """SQLite's steps and the commits for importing ``records`` into a store holding ``already`` other players."""
    with GameStore.open(store_path) as store:
        with store.batch("fill the registry"):
            for number in range(already):
                add_player(store, f"Old {number}")
        connection: sqlite3.Connection = store._connection
        steps = 0
        commits = 0

        def count() -> int:
            nonlocal steps
            steps += 100
            return 0

        def trace(statement: str) -> None:
            nonlocal commits
            commits += statement.strip().upper() == "BEGIN IMMEDIATE"  # a write transaction

        connection.set_progress_handler(count, 100)
        connection.set_trace_callback(trace)
        report = import_records(store, read_records(records), choose=_default_join)
        connection.set_progress_handler(None, 0)
        connection.set_trace_callback(None)
    assert len(report.imported) == records.read_text(encoding="utf-8").count("\n")
    return steps, commits


def test_an_import_does_no_more_work_in_a_store_with_thousands_of_players(tmp_path: Path) -> None:
    records = _records(tmp_path, 20)
    empty, _ = _steps_to_import(tmp_path / "empty.db", records, already=0)
    full, _ = _steps_to_import(tmp_path / "full.db", records, already=3000)
    # Each of the 80 names once read the 3,000 entries (millions of steps); now the registry is read once and each
    # name is looked up by index: a few steps per entry already there, not per entry per name.
    assert full < empty + 30 * 3000, (empty, full)


def test_an_import_commits_once_per_batch_of_games_not_per_game_and_name(tmp_path: Path) -> None:
    games = 2 * IMPORT_BATCH + 5
    _, commits = _steps_to_import(tmp_path / "a.db", _records(tmp_path, games), already=0)
    # Three batches (each name joined inside its batch): not a commit per game plus one per name (5 per game).
    assert commits <= 3 + 1, commits


def test_a_batched_import_joins_names_as_one_at_a_time_does(tmp_path: Path) -> None:
    records = _records(tmp_path, IMPORT_BATCH + 3)
    with GameStore.open(tmp_path / "a.db") as store:
        add_player(store, "New 0-0-" + records.read_text(encoding="utf-8").split("New 0-0-")[1].split('"')[0])
        report = import_records(store, read_records(records), choose=_default_join)
        players = list_players(store)
        assert len(report.imported) == IMPORT_BATCH + 3
        # The one name already there joined its entry; every other name made one entry, used by its one game.
        assert len(players) == 4 * (IMPORT_BATCH + 3)
        assert all(p.games == 1 for p in players)
        assert len(find_players(store, players[0].name)) == 1


def test_a_failing_write_inside_a_batch_is_rolled_back_alone(tmp_path: Path) -> None:
    records = _records(tmp_path, 3)
    items = read_records(records)
    with GameStore.open(tmp_path / "a.db") as store:
        first = import_records(store, items[:1])
        # The same record again, inside one batch with two new ones: the copy is "already stored", the others land.
        report = import_records(store, items)
        assert report.existing == first.imported
        assert len(report.imported) == 2
        assert len(store.list_games()) == 3

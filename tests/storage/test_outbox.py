"""The outbox of a tournament table: every change to a linked game is queued in the transaction that makes it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import SaveFileError
from scorekeeper.session.events import RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import LocalOutbox, OutboxOp
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS
from tests.sync import steps


def _kinds(ops: tuple[OutboxOp, ...]) -> list[tuple[str, int]]:
    return [(op.kind, op.seq) for op in ops]


def test_an_unlinked_game_queues_nothing(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    steps.append(store, game, SAMPLE_EVENTS[0])
    with LocalOutbox.open(store.path) as outbox:
        assert outbox.links() == ()
        assert outbox.pending(game) == ()


def test_every_write_of_a_linked_game_is_queued_in_order(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with LocalOutbox.open(store.path) as outbox:
        outbox.link(game, link="server session 1 table 1", server_game="7")
        steps.append(store, game, SAMPLE_EVENTS[0])
        steps.append(store, game, SAMPLE_EVENTS[1])
        steps.undo(store, game)
        steps.append(store, game, SAMPLE_EVENTS[2])
        ops = outbox.pending(game)
        assert [op.op for op in ops] == list(range(1, len(ops) + 1))
        assert _kinds(ops) == [
            ("put", 0), ("head", 1),
            ("put", 1), ("head", 2),
            ("head", 1),
            ("drop", 1), ("put", 1), ("head", 2),
        ]  # fmt: skip
        assert [op.base for op in ops if op.kind == "head"] == [0, 1, 2, 1]
        assert outbox.links()[0].waiting == 4
        outbox.acknowledge(game, 4)
        assert _kinds(outbox.pending(game)) == [("head", 1), ("drop", 1), ("put", 1), ("head", 2)]
        assert outbox.links()[0].acked_op == 4


def test_linking_a_game_with_events_queues_them_as_one_unit(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3], redo=SAMPLE_EVENTS[3:4])
    with LocalOutbox.open(store.path) as outbox:
        outbox.link(game, link="x", server_game="1")
        ops = outbox.pending(game)
        assert _kinds(ops) == [("put", 0), ("put", 1), ("put", 2), ("put", 3), ("head", 3)]
        steps.append(store, game, SAMPLE_EVENTS[5])
        assert outbox.pending(game)[-1].op == len(ops) + 3  # drop 3, put 3, head
        with pytest.raises(SaveFileError, match="already joined"):
            outbox.link(game, link="x", server_game="1")


def test_a_limit_never_splits_a_unit(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with LocalOutbox.open(store.path) as outbox:
        outbox.link(game, link="x", server_game="1")
        for seat in range(4):
            steps.append(store, game, RiichiDeclared(Seat(seat)))
        assert _kinds(outbox.pending(game, limit=3)) == [("put", 0), ("head", 1)]


def test_taking_the_server_copy_rewrites_the_game_unqueued_and_returns_the_refused(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with LocalOutbox.open(store.path) as outbox:
        outbox.link(game, link="x", server_game="1")
        steps.append(store, game, RiichiDeclared(Seat(0)))
        outbox.acknowledge(game, 2)
        steps.append(store, game, RiichiDeclared(Seat(1)))
        outbox.set_problem(game, "the referee changed the game")
        server_rows = (*store.load(game).events[:1], SAMPLE_EVENTS[7])
        before = store.position(game)
        refused = outbox.adopt(
            game, bodies=[dump_json(event_to_json(e)) for e in server_rows], head=2, finished=False, acked_op=2
        )
        assert len(refused) == 1
        assert "riichi" in refused[0]
        assert outbox.pending(game) == ()
        assert outbox.links()[0].problem == ""
        assert store.load(game).events == server_rows
        assert store.position(game).revision > before.revision  # a window on the old log is refused
        steps.append(store, game, RiichiDeclared(Seat(1)))
        assert outbox.pending(game)[0].op == 3


def test_unlinked_or_missing_games_are_refused(store: GameStore, tmp_path: Path) -> None:
    with LocalOutbox.open(store.path) as outbox:
        with pytest.raises(SaveFileError, match="no game 5"):
            outbox.link(5, link="x", server_game="1")
        with pytest.raises(SaveFileError, match="not joined"):
            outbox.adopt(5, bodies=[], head=0, finished=False, acked_op=0)
    with pytest.raises(SaveFileError, match="cannot open the outbox"):
        LocalOutbox.open(tmp_path / "none.sqlite3")


def _damage_schema(path: Path) -> None:
    """Leave a schema entry whose name and SQL are not UTF-8, as a scribbled page may: SQLite's message about the
    malformed schema then quotes those bytes, and the sqlite3 module raises UnicodeDecodeError building it."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA writable_schema = ON")
    connection.execute(
        "INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql)"
        " VALUES ('table', CAST(X'ff41' AS TEXT), 'x', 0, CAST(X'43524541544520ff' AS TEXT))"
    )
    (version,) = connection.execute("PRAGMA schema_version").fetchone()
    connection.execute(f"PRAGMA schema_version = {version + 1}")  # so an open connection reads the schema again
    connection.commit()
    connection.close()


def test_a_damaged_file_is_refused_with_the_files_error_as_the_store_refuses_it(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        game = store.create_game(players=PLAYERS, ruleset="tenhou")
    with LocalOutbox.open(db_path) as outbox:
        outbox.link(game, link="x", server_game="1")
        _damage_schema(db_path)  # while the outbox is open: its next read sees the new schema
        with pytest.raises(SaveFileError, match="cannot read the outbox") as raised:
            outbox.pending(game)
        assert raised.value.path == db_path
    with pytest.raises(SaveFileError, match="cannot open the outbox"):
        LocalOutbox.open(db_path)
    with pytest.raises(SaveFileError):
        GameStore.open(db_path)

"""Two writers on one game, in two real processes (issue 10, section 1): a write built on a stale copy is refused.

Each writer is ``tests/storage/two_writers_worker.py`` in its own process with its own connection, acting as the
app does: its session checks the action on its own copy, and the store commits it naming the log position that
copy was built on. Before the position check, the first two scenarios are the issue's: an ended game that then
took a riichi (and no longer loaded), and a stale Undo that removed the other window's confirmed Ron.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.session.events import EndGame, Event, HanFuWin, RiichiDeclared, Ron, event_to_json
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS

_ROOT = Path(__file__).resolve().parents[2]
RON = Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),))


class Writer:
    """A writer process on one game of one database."""

    def __init__(self, path: Path, game: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.storage.two_writers_worker", str(path), str(game)],
            cwd=_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def apply(self, event: Event) -> dict[str, Any]:
        return self.ask("apply " + json.dumps(event_to_json(event)))

    def push(self, seq: int, event: Event) -> dict[str, Any]:
        return self.ask(f"push {seq} " + json.dumps(event_to_json(event)))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0
        assert self.process.stdout is not None
        self.process.stdout.close()


@pytest.fixture
def game(db_path: Path) -> int:
    with GameStore.open(db_path) as store:
        return store.start_game(Session(ruleset("tenhou"), PLAYERS))


@pytest.fixture
def writers(db_path: Path, game: int) -> Iterator[tuple[Writer, Writer]]:
    first, second = Writer(db_path, game), Writer(db_path, game)
    # Both have read the new game before either writes.
    assert first.ask("load") == second.ask("load") == {"ok": 0}
    yield first, second
    first.close()
    second.close()


def _stored(db_path: Path, game: int) -> tuple[tuple[Event, ...], bool]:
    with GameStore.open(db_path) as store:
        session = store.load_session(game)  # the game still loads: the table accepts its whole log
        return session.events, store.load(game).finished


def test_riichi_after_the_other_window_ended_the_game_is_refused(
    db_path: Path, game: int, writers: tuple[Writer, Writer]
) -> None:
    first, second = writers
    assert first.apply(EndGame("time")) == {"ok": 1}
    refused = second.apply(RiichiDeclared(Seat(2)))
    assert "this game was changed in another window" in refused["stale"]
    assert _stored(db_path, game) == ((EndGame("time"),), True)
    # Reloaded, the second window sees the ended game and its session refuses the riichi by the table's rules.
    assert second.ask("load") == {"ok": 1}
    assert "refused" in second.apply(RiichiDeclared(Seat(2)))


def test_stale_undo_does_not_remove_the_other_windows_ron(
    db_path: Path, game: int, writers: tuple[Writer, Writer]
) -> None:
    first, second = writers
    assert first.apply(RiichiDeclared(Seat(0))) == {"ok": 1}
    assert second.ask("load") == {"ok": 1}
    assert first.apply(RON) == {"ok": 2}
    # The second window still shows the riichi as the last event; its Undo names the riichi, not "the last one".
    assert "changed in another window" in second.ask("undo")["stale"]
    assert _stored(db_path, game) == ((RiichiDeclared(Seat(0)), RON), False)


def test_undo_and_a_different_append_behind_a_writers_back_is_seen(
    db_path: Path, game: int, writers: tuple[Writer, Writer]
) -> None:
    """Same length, different log: the head alone would not see it; the revision does."""
    first, second = writers
    assert first.apply(RiichiDeclared(Seat(0))) == {"ok": 1}
    assert second.ask("load") == {"ok": 1}
    assert first.ask("undo") == {"ok": 0}
    assert first.apply(RiichiDeclared(Seat(3))) == {"ok": 1}
    assert "changed in another window" in second.apply(RON)["stale"]
    assert _stored(db_path, game) == ((RiichiDeclared(Seat(3)),), False)


def test_stale_redo_is_refused(db_path: Path, game: int, writers: tuple[Writer, Writer]) -> None:
    first, second = writers
    assert first.apply(RiichiDeclared(Seat(0))) == {"ok": 1}
    assert first.ask("undo") == {"ok": 0}
    assert second.ask("load") == {"ok": 0}
    assert first.apply(RiichiDeclared(Seat(1))) == {"ok": 1}
    assert "changed in another window" in second.ask("redo")["stale"]
    assert _stored(db_path, game) == ((RiichiDeclared(Seat(1)),), False)


def test_writers_taking_turns_after_reloading_both_succeed(
    db_path: Path, game: int, writers: tuple[Writer, Writer]
) -> None:
    first, second = writers
    for turn in range(4):
        writer = (first, second)[turn % 2]
        assert writer.ask("load") == {"ok": turn}
        assert writer.apply(RiichiDeclared(Seat(turn % 4))) == {"ok": turn + 1}
    assert len(_stored(db_path, game)[0]) == 4


def test_sync_push_by_sequence_number_accepts_the_next_and_spots_a_redelivery(
    db_path: Path, game: int, writers: tuple[Writer, Writer]
) -> None:
    """What a sync relies on: events keyed by (game, sequence); at N when the log is at N is accepted, the same
    event again at N - 1 is a recognisable duplicate, a different one there is a conflict."""
    first, second = writers
    assert first.push(0, RiichiDeclared(Seat(0))) == {"ok": 1}
    assert second.push(1, RON) == {"ok": 2}
    assert first.push(1, RON) == {"duplicate": 1}
    assert first.push(0, RiichiDeclared(Seat(0))) == {"duplicate": 0}
    assert "changed in another window" in first.push(1, RiichiDeclared(Seat(2)))["stale"]
    assert "changed in another window" in first.push(5, RiichiDeclared(Seat(2)))["stale"]
    assert _stored(db_path, game) == ((RiichiDeclared(Seat(0)), RON), False)

"""The Players window's controller (issue 23 item 5): the only thing in that window that changes the registry."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import scorekeeper.gui.players.window as players_window
from scorekeeper.gui.players.controller import PlayersController
from scorekeeper.storage.registry import Player
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import DAYS, sessions


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path / "games.sqlite3") as opened:
        for session, day in zip(sessions(), DAYS, strict=True):
            opened.start_game(session, created=f"{day.isoformat()}T12:00:00+00:00")
        yield opened


def _entry(controller: PlayersController, name: str) -> Player:
    return next(p for p in controller.players if p.name == name)


def test_a_rename_is_written_read_back_and_undone(qtbot: QtBot, store: GameStore) -> None:
    controller = PlayersController(store)
    with qtbot.waitSignal(controller.players_changed):
        assert controller.reload()
    assert not controller.can_undo
    with qtbot.waitSignal(controller.players_changed):
        assert controller.rename(_entry(controller, "Ben"), "Benjamin")
    assert store.load_session(1).players[1] == "Benjamin"
    assert "Benjamin" in {p.name for p in controller.players}
    assert controller.can_undo
    assert controller.undo()
    assert store.load_session(1).players[1] == "Ben"
    assert not controller.undo()  # nothing left to undo


def test_a_refused_merge_says_why_and_changes_nothing(qtbot: QtBot, store: GameStore) -> None:
    controller = PlayersController(store)
    controller.reload()
    before = controller.players
    # Eve and Cho sat at two seats of game 2: two people.
    with qtbot.waitSignal(controller.error_occurred) as said:
        assert not controller.merge(_entry(controller, "Cho"), _entry(controller, "Eve"))
    assert "both sat in game 2, at two different seats" in str(said.args[0])
    assert not controller.can_undo
    controller.reload()
    assert controller.players == before


def test_a_merge_is_undone_by_unmerging_and_an_unmerge_by_merging(qtbot: QtBot, store: GameStore) -> None:
    controller = PlayersController(store)
    controller.reload()
    dan = _entry(controller, "Dan")
    assert controller.merge(dan, _entry(controller, "Eve"))
    eve = _entry(controller, "Eve")
    assert eve.merged_into == dan.id
    assert not controller.unmerge(dan)  # not merged: nothing to do
    assert controller.unmerge(eve)
    assert _entry(controller, "Eve").merged_into is None
    assert controller.undo()  # the unmerge undone: merged again
    assert _entry(controller, "Eve").merged_into == dan.id
    assert controller.undo()  # the merge undone
    assert _entry(controller, "Eve").merged_into is None


def test_the_window_writes_nothing_to_the_registry_itself() -> None:
    tree = ast.parse(Path(players_window.__file__).read_text(encoding="utf-8"))
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not called & {"rename_player", "merge_players", "unmerge_player", "load_statistics", "list_players"}

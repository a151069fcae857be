"""Two windows on one game (issue 10): a refused stale write reloads the game, says what changed, and offers the
action again on the fresh state. The store's side, with two real processes, is tests/storage/test_two_writers.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.errors import SaveFileError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HanFuWin, RiichiDeclared, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore
from tests.gui.conftest import Script, click

pytestmark = pytest.mark.gui

NAMES = ("Ann", "Bo", "Chie", "Dai")
RON = Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),))


@pytest.fixture
def other(window: MainWindow) -> Iterator[GameController]:
    """A second window's controller on the same database and game (its own connection)."""
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.declare_riichi(0)
    store = GameStore.open(default_database_path(window.data_dir))
    controller = GameController(store)
    assert window.controller.game_id is not None and controller.open_game(window.controller.game_id)
    yield controller
    store.close()


def test_stale_undo_reloads_says_what_changed_and_offers_it_again(
    qtbot: QtBot, window: MainWindow, other: GameController, script: Script
) -> None:
    assert other.apply(RON)
    questions: list[str] = []
    script.confirm_answers.append(True)
    window.controller.write_refused.connect(questions.append)
    click(qtbot, window.buttons["undo"])
    assert "This game was changed in another window: reloaded (recorded: Ron: Ann from Bo)" in questions[0]
    # Offered again and accepted: the undo now takes back the Ron the user sees, not the riichi it was built on.
    assert window.controller.session is not None
    assert window.controller.session.events == (RiichiDeclared(Seat(0)),)
    assert window.controller.session.redo_events == (RON,)
    assert window.controller.refused is None


def test_a_refused_event_is_kept_with_everything_typed_and_recorded_on_retry(
    window: MainWindow, other: GameController, script: Script
) -> None:
    assert other.declare_riichi(1)
    script.confirm_answers.append(False)  # the user first declines: the action is still held
    assert not window.controller.apply(RON)
    assert "recorded: riichi (Bo)" in window.message_label.text()
    assert window.controller.refused == RON
    assert window.controller.state == other.state  # reloaded: shows what the file holds
    assert window.controller.retry_refused()
    assert other.game_id is not None
    assert window.controller.store.load(other.game_id).events == (RiichiDeclared(Seat(0)), RiichiDeclared(Seat(1)), RON)


def test_the_other_window_undid_and_recorded_something_else(window: MainWindow, other: GameController) -> None:
    assert other.undo()
    assert other.declare_riichi(2)
    messages: list[str] = []
    window.controller.write_refused.connect(messages.append)
    window.dialogs.confirm = lambda _parent, _question: False
    assert not window.controller.apply(RON)
    assert "taken back: riichi (Ann); recorded: riichi (Chie)" in messages[0]
    assert other.game_id is not None
    assert window.controller.store.load(other.game_id).events == (RiichiDeclared(Seat(2)),)


def test_a_read_only_window_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore.open(path) as store:
        game = store.create_game(players=NAMES, ruleset="tenhou")
    store = GameStore.open(path, read_only=True)
    controller = GameController(store, read_only=True)
    errors: list[str] = []
    controller.error_occurred.connect(errors.append)
    assert controller.open_game(game)
    assert not controller.declare_riichi(0)
    assert not controller.new_game(NAMES, ruleset("tenhou"))
    assert errors and all("Read-only" in e for e in errors)
    store.close()


def test_a_refused_event_is_not_shown_even_if_the_reload_fails(
    window: MainWindow, other: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert other.declare_riichi(1)

    def unreadable(_game_id: int) -> None:
        raise SaveFileError("the file is unreadable now", path=window.data_dir)

    monkeypatch.setattr(window.controller.store, "load_session_at", unreadable)
    window.dialogs.confirm = lambda _parent, _question: False
    assert not window.controller.apply(RON)
    assert window.controller.session is not None
    assert window.controller.session.events == (RiichiDeclared(Seat(0)),)  # what this window saved, no more
    assert window.controller.refused == RON

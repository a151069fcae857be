"""The controller: the only thing that changes a game; checked by the session, committed by the store, then shown."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.errors import SaveFileError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import AbortReason, HanFuWin, Ron
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.storage.store import GameStore
from tests.documents.pdftext import pdf_text
from tests.gui.conftest import Script, cell, click

pytestmark = pytest.mark.gui


@pytest.fixture
def controller(tmp_path: Path) -> Iterator[GameController]:
    store = GameStore.open(tmp_path / "games.sqlite3")
    yield GameController(store)
    store.close()


def errors_of(controller: GameController) -> list[str]:
    seen: list[str] = []
    controller.error_occurred.connect(seen.append)
    return seen


def test_nothing_to_undo_or_redo_is_a_sentence(controller: GameController) -> None:
    errors = errors_of(controller)
    assert not controller.apply(Ron(Seat(0), (HanFuWin(seat=Seat(1), han=1, fu=30),)))
    assert errors == ["Start a new game first."]
    controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    assert not controller.undo()
    assert not controller.redo()
    assert "nothing to undo" in errors[1] and "nothing to redo" in errors[2]


def test_every_step_is_in_the_store_undo_and_redo_too(qtbot: QtBot, controller: GameController) -> None:
    controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    with qtbot.waitSignal(controller.state_changed):
        assert controller.declare_riichi(0)
    assert controller.draw([0])
    assert controller.abort(AbortReason.SUUFON)
    assert controller.chombo(3)
    assert controller.undo()
    assert controller.game_id is not None
    stored = controller.store.load(controller.game_id)
    assert len(stored.events) == 3 and len(stored.redo) == 1
    assert controller.redo()
    reopened = GameController(controller.store)
    assert reopened.open_game(controller.game_id)
    assert reopened.state == controller.state


def test_the_referee_ends_the_game_and_undo_reopens_it(qtbot: QtBot, controller: GameController) -> None:
    controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    with qtbot.waitSignal(controller.game_ended):
        assert controller.end_game("time")
    assert controller.state is not None and controller.state.ended
    assert controller.store.unfinished_game() is None
    assert controller.undo()
    assert controller.store.unfinished_game() == controller.game_id


def test_a_failed_undo_write_reloads_from_the_file(controller: GameController, monkeypatch: pytest.MonkeyPatch) -> None:
    controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    controller.declare_riichi(1)
    errors = errors_of(controller)

    def fail(*_args: object, **_kwargs: object) -> None:
        raise SaveFileError("read-only", path="games.sqlite3")

    monkeypatch.setattr(controller.store, "undo", fail)
    assert not controller.undo()
    assert errors == ["read-only"]
    assert controller.state is not None and controller.state.riichi_sticks == 1  # what the file says


def test_an_unknown_game_is_reported(controller: GameController) -> None:
    errors = errors_of(controller)
    assert not controller.open_game(999)
    assert errors and "999" in errors[0]
    assert not controller.resume()


def test_delete_a_hand_after_confirming(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    window.controller.draw([1])
    window.history.select(0)
    script.confirm_answers.append(False)
    click(qtbot, window.history.delete_button)
    assert window.controller.state is not None and len(window.controller.state.hands) == 1
    script.confirm_answers.append(True)
    click(qtbot, window.history.delete_button)
    assert not window.controller.state.hands
    click(qtbot, window.buttons["undo"])
    assert len(window.controller.state.hands) == 1


def test_export_from_the_menu(window: MainWindow, script: Script, tmp_path: Path) -> None:
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    window.controller.draw([])
    script.paths.extend([tmp_path / "game.csv", tmp_path / "game.json"])
    window.export(".csv")
    window.export(".json")
    lines = (tmp_path / "game.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].startswith("hand,label,honba,replay,result")
    assert lines[1].startswith("1,E1,0,,draw,")
    assert lines[3] == "standings (game not ended)"
    assert '"scorekeeper-game"' in (tmp_path / "game.json").read_text(encoding="utf-8")
    today = datetime.date.today().isoformat()
    assert script.suggested_names == [f"{today} A B C D.csv", f"{today} A B C D.json"]


def test_save_as_pdf_from_the_menu_writes_the_games_record(window: MainWindow, script: Script, tmp_path: Path) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Da/na"), ruleset("tenhou"))
    window.controller.draw([])
    script.paths.append(tmp_path / "game.pdf")
    window.export(".pdf")
    assert script.suggested_names == [f"{datetime.date.today().isoformat()} Aiko Bruno Chen Da_na.pdf"]
    text = " ".join(pdf_text(tmp_path / "game.pdf").split())
    for word in ("Game record", "Aiko", "Bruno", "Chen", "Da/na", "E1", "Draw: all noten"):
        assert word in text


def test_cancelling_a_dialog_changes_nothing(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    script.then("new_game", lambda dialog: dialog.reject())
    window.new_game()
    assert window.controller.state is None
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    script.then("win", lambda dialog: dialog.reject())
    script.then("draw", lambda dialog: dialog.reject())
    click(qtbot, window.buttons["ron"])
    click(qtbot, window.buttons["draw"])
    assert not window.controller.can_undo


def test_a_new_game_over_a_running_one_asks_first(window: MainWindow, script: Script) -> None:
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    first = window.controller.game_id
    script.confirm_answers.append(False)
    window.new_game()
    assert window.controller.game_id == first
    script.confirm_answers.append(True)
    script.then("new_game", lambda dialog: dialog.start_button.click())
    window.new_game()
    assert window.controller.game_id != first


def test_open_a_finished_game_shows_its_results(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    from scorekeeper.gui.dialogs.open_game import OpenGameDialog

    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    finished = window.controller.game_id
    window.controller.end_game("time")
    window.controller.new_game(("E", "F", "G", "H"), ruleset("ema2016"))

    def choose_the_finished_one(parent: object, games: tuple[object, ...]) -> int | None:
        dialog = OpenGameDialog(games)  # type: ignore[arg-type]
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.table.rowCount() == 2
        assert cell(dialog.table, 0, 1) == "E, F, G, H"  # newest first
        dialog.table.selectRow(1)
        assert cell(dialog.table, 1, 3) == "finished"
        return dialog.chosen()

    window.dialogs.open_game = choose_the_finished_one
    results_before = len(script.results_dialogs)
    window.open_game()
    assert window.controller.game_id == finished
    assert len(script.results_dialogs) == results_before + 1

"""Import a game-record file, insert a forgotten hand, and the ended flag stored with its event (issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import EndGame, ExhaustiveDraw, HanFuWin, Ron, Tsumo
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.storage.records import write_game_record_file
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import quick

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _record_file(tmp_path: Path, *, finished: bool = False) -> tuple[Path, Session]:
    session = Session(ruleset("tenhou"), NAMES)
    session.apply(Ron(Seat(2), (HanFuWin(seat=Seat(1), han=3, fu=30),)))
    session.apply(ExhaustiveDraw((Seat(0),)))
    if finished:
        session.apply(EndGame("time"))
    path = tmp_path / "record.json"
    write_game_record_file(path, session)
    return path, session


def test_import_a_game_record_from_the_game_menu_opens_it(window: MainWindow, tmp_path: Path) -> None:
    path, session = _record_file(tmp_path)
    window.dialogs.ask_open_path = lambda _parent: path
    window.controller.new_game(("W", "X", "Y", "Z"), ruleset("ema2016"))
    running = window.controller.game_id
    window.import_action.trigger()
    assert window.controller.game_id != running
    assert window.controller.state == session.state
    assert [p.text() for p in (panel.name_label for panel in window.table.seat_panels)] == list(NAMES)
    assert window.history.model.rowCount() == 2
    assert not window.message_label.isVisible()
    # The imported game is stored: it is reopened from the file like any other, and the running one stays stored.
    stored = {game.id for game in window.controller.store.list_games()}
    assert {running, window.controller.game_id} <= stored
    assert window.controller.store.load_session(window.controller.game_id).state == session.state  # type: ignore[arg-type]


def test_importing_a_finished_game_shows_its_results(
    qtbot: QtBot, window: MainWindow, script: Script, tmp_path: Path
) -> None:
    path, _session = _record_file(tmp_path, finished=True)
    window.dialogs.ask_open_path = lambda _parent: path
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)  # Game ▸ Import a game record
    assert window.controller.state is not None and window.controller.state.ended
    assert len(script.results_dialogs) == 1


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        pytest.param("this is not JSON", "not JSON", id="not-json"),
        pytest.param('{"format": "something-else"}', "not a scorekeeper game record", id="another-format"),
        pytest.param("[1, 2, 3]", "a game record is a JSON object", id="not-an-object"),
        pytest.param(None, "cannot read the file", id="missing-file"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(
    window: MainWindow, tmp_path: Path, content: str | None, reason: str
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    window.dialogs.ask_open_path = lambda _parent: path
    window.controller.new_game(NAMES, ruleset("tenhou"))
    before = (window.controller.game_id, window.controller.state)
    window.import_game()
    text = window.message_label.text()
    assert window.message_label.isVisible()
    assert text.startswith("This file cannot be imported:") and reason in text and "bad.json" in text
    assert (window.controller.game_id, window.controller.state) == before
    assert len(window.controller.store.list_games()) == 1


def test_cancelling_the_file_dialog_imports_nothing(window: MainWindow) -> None:
    window.dialogs.ask_open_path = lambda _parent: None
    window.import_game()
    assert window.controller.state is None and not window.controller.store.list_games()


def test_insert_a_forgotten_hand_before_the_chosen_one(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    controller = window.controller
    controller.new_game(NAMES, ruleset("tenhou"))
    # E1: Bruno rons Chen for 3,900; E2: a draw with only Aiko tenpai.
    assert controller.record_result(Ron(Seat(2), (HanFuWin(seat=Seat(1), han=3, fu=30),)))
    assert controller.draw([0])
    assert controller.state is not None
    assert [hand.label for hand in controller.state.hands] == ["E1", "E2"]

    # Forgotten: before the draw, Bruno (dealer of E2) tsumoed 2 han 30 fu: 1,000 all.
    def tsumo(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        quick(qtbot, dialog, 1, han=2, fu=30)
        assert "1,000" in dialog.preview_label.text()
        click(qtbot, dialog.confirm_button)

    def forgotten(dialog: EditHandDialog) -> None:
        assert dialog.inserting and not dialog.save_button.isEnabled()  # nothing to save before a result
        assert "No result yet" in dialog.result_label.text()
        script.then("win", tsumo)
        click(qtbot, dialog.tsumo_button)
        click(qtbot, dialog.save_button)

    script.then("edit", forgotten)
    window.history.select(1)
    with qtbot.waitSignal(controller.state_changed):
        click(qtbot, window.history.insert_button)
    state = controller.state
    assert state is not None
    assert len(state.hands) == 3
    assert isinstance(state.hands[1].record.result, Tsumo)
    assert state.hands[1].deltas == (-1000, 3000, -1000, -1000)
    # Bruno kept the deal: the draw that followed is now E2 with one honba, and everything after is recomputed.
    assert (state.hands[2].label, state.hands[2].honba) == ("E2", 1)
    # After E1 25,000/28,900/21,100/25,000; the tsumo takes 1,000 from each; Aiko alone tenpai gets 3,000.
    assert state.scores == (27000, 30900, 19100, 23000)
    assert window.history.model.rowCount() == 3
    # Undoable like any correction, and stored.
    click(qtbot, window.buttons["undo"])
    assert controller.state is not None and len(controller.state.hands) == 2
    click(qtbot, window.buttons["redo"])
    assert controller.state is not None and len(controller.state.hands) == 3
    assert controller.game_id is not None
    assert controller.store.load_session(controller.game_id).state == controller.state


def test_cancelling_a_forgotten_hand_changes_nothing(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.draw([0])
    before = window.controller.state
    script.then("edit", lambda dialog: dialog.reject())
    window.history.select(0)
    click(qtbot, window.history.insert_button)
    assert window.controller.state == before
    assert not window.controller.can_redo


def test_the_ended_flag_is_stored_with_the_event_itself(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """No second write: a crash between the event and the flag cannot leave them disagreeing."""
    store = window.controller.store

    def no_second_write(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the ended flag must be written in the event's own transaction")

    monkeypatch.setattr(store, "set_finished", no_second_write)
    window.controller.new_game(NAMES, ruleset("tenhou"))
    game_id = window.controller.game_id
    assert window.controller.end_game("time")
    assert store.unfinished_game() is None
    assert window.controller.undo()
    assert store.unfinished_game() == game_id
    assert window.controller.redo()
    assert store.unfinished_game() is None
    assert next(g for g in store.list_games() if g.id == game_id).finished

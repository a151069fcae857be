"""The referee's time call reaching a table under RCR 2016 5.9 (issue 25): the table's window asks once whether the
dice of the hand in play had been thrown, and a tap on "Not yet" leaves only that hand ("Time: last hand.")."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.gui.app import open_correction_window
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import DiceAtTimeCall, LastHandCalled
from scorekeeper.session.rules import TimeLimitRule, last_hand_call, ruleset
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore
from tests.gui.conftest import Script, answer_dice, click, state_of
from tests.gui.test_dead_hand_and_time import _menu_action

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _the_server_calls_time(window: MainWindow, call: LastHandCalled) -> None:
    """What a table does with the referee's call: the server's copy of its game is stored and the game reopened
    (``gui/table_sync.py``, ``TableLink._on_sync_game_replaced``)."""
    controller = window.controller
    assert controller.game_id is not None
    controller.store.append(controller.game_id, call, at=controller.store.position(controller.game_id))
    controller.open_game(controller.game_id)


def test_a_table_between_hands_taps_not_yet_and_plays_only_this_hand(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(NAMES, ruleset("ema2016"))
    assert window.controller.draw([])
    asked: list[str] = []

    def not_yet(box: QMessageBox) -> None:
        asked.append(box.text())
        answer_dice(qtbot, box, thrown=False)

    script.then("dice", not_yet)
    _the_server_calls_time(window, last_hand_call(TimeLimitRule.ONE_MORE_HAND, "time limit"))
    qtbot.waitUntil(lambda: state_of(window).dice_at_time_call is not None)
    assert asked == ["Time was called. Had the dice of this hand been thrown?"]
    assert state_of(window).hands_left_on_time == 1
    assert window.table.centre.status_label.text() == "Time: last hand."
    # Asked once: reopening the game (another push) does not ask again.
    window.controller.open_game(window.controller.game_id or 0)
    QApplication.processEvents()  # a question asked here would find no answer queued: the script fails
    # Undo takes the answer back ("this hand and one more" again); Game ▸ Time signal asks it again.
    click(qtbot, window.buttons["undo"])
    assert state_of(window).hands_left_on_time == 2
    script.then("dice", lambda box: answer_dice(qtbot, box, thrown=True))
    _menu_action(window, "&Time signal (time is called)…")
    assert state_of(window).dice_at_time_call is True
    assert state_of(window).hands_left_on_time == 2
    assert window.table.centre.status_label.text() == "Time: two hands left."


def test_a_closed_question_records_nothing_and_the_call_stands(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(NAMES, ruleset("ema2016"))
    closed: list[bool] = []

    def close(box: QMessageBox) -> None:
        box.reject()
        closed.append(True)

    script.then("dice", close)
    _the_server_calls_time(window, last_hand_call(TimeLimitRule.ONE_MORE_HAND, "time limit"))
    qtbot.waitUntil(lambda: bool(closed))
    assert state_of(window).asks_about_the_dice
    assert state_of(window).hands_left_on_time == 2
    assert not any(isinstance(e, DiceAtTimeCall) for e in window.controller.session.events)  # type: ignore[union-attr]


def test_ema2025_asks_nothing(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("ema2025"))
    _the_server_calls_time(window, last_hand_call(TimeLimitRule.ONE_MORE_HAND_CHOMBO_COUNTS, "time limit"))
    QApplication.processEvents()  # a question asked here would find no answer queued: the script fails
    assert state_of(window).hands_left_on_time == 2
    script.assert_used_up()


def test_the_referees_correction_view_of_a_tables_game_does_not_ask_on_arrival(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The table answers the dice question; the referee's correction view (``open_correction_window``) does not ask
    it when it opens a game with the call unanswered (Game ▸ Time signal still does, on purpose)."""
    with GameStore.open(default_database_path(tmp_path)) as store:
        game_id = store.create_game(players=list(NAMES), ruleset="ema2016")
    correction = open_correction_window(tmp_path, game_id, "Table 1")
    qtbot.addWidget(correction)
    assert correction.games.asks_dice_on_arrival is False
    correction.close()
    # The same window setting in the test's window: the call arrives and nothing is asked (the script would fail).
    window.games.asks_dice_on_arrival = False
    window.controller.new_game(NAMES, ruleset("ema2016"))
    _the_server_calls_time(window, last_hand_call(TimeLimitRule.ONE_MORE_HAND, "time limit"))
    QApplication.processEvents()
    assert state_of(window).asks_about_the_dice

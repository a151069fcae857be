"""The table shows a dead hand (RCR 2016 3.4.7, EMA 2025 3.3.14) and what a time signal left under the EMA texts
(RCR 2016 5.9, EMA 2025 7.4: "Time: two hands left"); Hand ▸ Dead hand declares one."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import Seat, last_hand_call
from scorekeeper.session.rules import TimeLimitRule, ruleset
from tests.gui.conftest import Script, answer_dice, state_of

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def _menu_action(window: MainWindow, text: str) -> None:
    for action in window.menuBar().actions():
        menu = action.menu()
        if menu is None:
            continue
        for item in menu.actions():  # type: ignore[attr-defined]
            if item.text() == text:
                item.trigger()
                return
    raise AssertionError(f"no menu action {text!r}")


def test_hand_dead_hand_declares_it_and_the_centre_shows_whose(window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("ema2016"))
    asked: list[tuple[str, ...]] = []

    def choose(parent: QWidget, names: tuple[str, ...]) -> int | None:
        asked.append(names)
        return 1

    window.dialogs.dead_hand = choose
    _menu_action(window, "D&ead hand…")
    assert asked == [NAMES]
    centre = window.table.centre
    assert centre.status_label.isVisible()
    assert centre.status_label.text() == "Dead hand: Bruno."
    assert centre.status_label.property("role") == "error"  # read from across the table
    state = window.controller.state
    assert state is not None and state.dead_this_hand == (Seat.SEAT_1,)
    # The session refuses the dead hand's riichi: the panel's button is off and says why; a shortcut is refused.
    panel = window.table.seat_panels[1]
    assert not panel.riichi_button.isEnabled()
    assert panel.riichi_button.toolTip() == "Bruno's hand was declared dead: no riichi."
    assert not window.controller.declare_riichi(1)
    assert "declared dead" in window.message_label.text()
    # The finished hand's row in the history names the dead hand.
    assert window.controller.draw([0])
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Draw: tenpai Aiko\nDead hand: Bruno."
    assert window.controller.undo() and window.controller.undo()
    state = window.controller.state
    assert state is not None and state.dead_this_hand == ()


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_ema_time_signal_shows_this_hand_and_one_more(
    qtbot: QtBot, window: MainWindow, script: Script, language: Language
) -> None:
    install_language(language)
    try:
        window.controller.new_game(NAMES, ruleset("ema2016"))
        # RCR 2016 5.9: the table is asked once about the dice; they were thrown (this hand and one more).
        script.then("dice", lambda box: answer_dice(qtbot, box, thrown=True))
        assert window.controller.apply(last_hand_call(TimeLimitRule.ONE_MORE_HAND, "time limit"))
        qtbot.waitUntil(lambda: state_of(window).dice_at_time_call is not None)
        centre = window.table.centre
        expected = {Language.ENGLISH: "Time: two hands left.", Language.JAPANESE: "時間です: この局とあと1局"}
        assert centre.status_label.text() == expected[language]
        window.resize(1280, 720 - 72)
        QApplication.processEvents()
        assert centre.status_label.sizeHint().width() <= centre.contentsRect().width()
        assert window.controller.draw([])
        last = {Language.ENGLISH: "Time: last hand.", Language.JAPANESE: "時間です: 最終局"}
        assert centre.status_label.text() == last[language]
    finally:
        install_language(Language.ENGLISH)


@pytest.mark.parametrize(
    ("preset", "dice", "left"),
    [("ema2016", True, 2), ("ema2016", False, 1), ("ema2025", None, 2), ("tenhou", None, 1)],
    ids=["rcr2016-dice-thrown", "rcr2016-dice-not-thrown", "ema2025", "finish-hand"],
)
def test_game_time_signal_calls_time_by_the_rulesets_rule(
    qtbot: QtBot, window: MainWindow, script: Script, preset: str, dice: bool | None, left: int
) -> None:
    """Game ▸ Time signal: RCR 2016 5.9 asks whether the dice of the hand in play were thrown (no: only that hand);
    EMA 2025 7.4 and finish_hand ask nothing."""
    window.controller.new_game(NAMES, ruleset(preset))
    asked: list[str] = []

    def answer(box: QMessageBox) -> None:
        asked.append(box.text())
        assert dice is not None
        answer_dice(qtbot, box, thrown=dice)

    if dice is not None:
        script.then("dice", answer)
    _menu_action(window, "&Time signal (time is called)…")
    assert len(asked) == (1 if dice is not None else 0)
    state = window.controller.state
    assert state is not None and state.hands_left_on_time == left

"""The table shows the referee's call of time (the session's LastHandCalled): the hand in play is the last."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import LastHandCalled
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def test_the_centre_says_time_is_called_and_the_next_hand_ends_the_game(window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("ema2016"))
    assert window.controller.draw([])
    centre = window.table.centre
    assert not centre.status_label.isVisible()
    # The referee's call reaches the table in its game's log (the server's copy the table takes after its push).
    assert window.controller.apply(LastHandCalled("time limit"))
    assert centre.status_label.isVisible()
    assert centre.status_label.text() == "Time: this is the last hand."
    assert centre.status_label.property("role") == "error"
    assert centre.round_label.text() == "East 2"  # all noten in East 1: the deal passed; East 2 is in play
    assert window.controller.draw([1])
    assert window.controller.session is not None and window.controller.session.state.ended
    assert len(script.results_dialogs) == 1
    script.results_dialogs[0].close()
    assert centre.round_label.text() == "Game over"
    assert centre.status_label.text() == "Ended after East 2."
    assert centre.status_label.property("role") == "muted"
    assert window.controller.undo()
    assert centre.status_label.text() == "Time: this is the last hand."


def test_the_call_is_worded_in_japanese() -> None:
    install_language(Language.JAPANESE)
    try:
        assert (
            QCoreApplication.translate("MainWindow", "Time: this is the last hand.") == "時間です: この局が最終局です。"
        )
        assert QCoreApplication.translate("RefereeWindow", "playing {hand}, last hand") == "{hand} 進行中、最終局"
    finally:
        install_language(Language.ENGLISH)

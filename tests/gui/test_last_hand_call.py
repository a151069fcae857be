"""The table shows the referee's call of time (the session's LastHandCalled): the hand in play is the last."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

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
    assert centre.status_label.text() == "Time: last hand."
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
    assert centre.status_label.text() == "Time: last hand."


def test_the_call_is_worded_in_japanese() -> None:
    install_language(Language.JAPANESE)
    try:
        assert QCoreApplication.translate("MainWindow", "Time: last hand.") == "時間です: 最終局"
        assert QCoreApplication.translate("RefereeWindow", "playing {hand}, last hand") == "{hand} 進行中、最終局"
    finally:
        install_language(Language.ENGLISH)


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_call_fits_the_centre_on_one_line_at_1280x720(window: MainWindow, language: Language) -> None:
    install_language(language)
    try:
        window.controller.new_game(NAMES, ruleset("ema2016"))
        assert window.controller.apply(LastHandCalled("time limit"))
        window.resize(1280, 720 - 72)  # a 1280x720 screen less a task bar and a title bar
        QApplication.processEvents()
        centre = window.table.centre
        assert centre.status_label.sizeHint().width() <= centre.contentsRect().width()
        assert centre.rotate_button.geometry().bottom() < centre.height()  # nothing pushed out of the frame
    finally:
        install_language(Language.ENGLISH)

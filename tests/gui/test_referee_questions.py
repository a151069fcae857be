"""The referee's window asks its questions in the window's language, with buttons that answer them (issue 24).

Looked at under Xvfb in Japanese at 1280x720: the repair question was all English (its words were translated with
``parent.tr`` in a module function, which the translation build does not collect), and the score sheet's question
"Record table 1's score sheet as signed?" offered 席を決め直す ("Seat again") and an English "Not now": the
yes-or-no question had the seat-again question's buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.referee import window as referee_window
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.screenshots import build_demo
from scorekeeper.gui.referee.window import RefereeWindow
from scorekeeper.tournament import UnreplayableGame

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[RefereeWindow]:
    store = build_demo(tmp_path / "demo.db")
    made = RefereeWindow(TournamentController(store))
    qtbot.addWidget(made)
    made.destroyed.connect(store.close)
    yield made
    install_language(Language.ENGLISH)


def _answered(qtbot: QtBot, ask: Callable[[], object], button: QMessageBox.StandardButton | None) -> QMessageBox:
    """Run ``ask`` (it shows a message box and waits); the box as it was shown, answered with ``button`` (None:
    closed)."""
    seen: list[QMessageBox] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box)
        texts.extend([box.windowTitle(), box.text(), *(b.text() for b in box.buttons())])
        if button is None:
            box.reject()
        else:
            chosen = box.button(button)
            assert chosen is not None, f"no {button} button among {[b.text() for b in box.buttons()]}"
            chosen.click()

    texts: list[str] = []
    QTimer.singleShot(0, answer)
    ask()
    assert seen
    seen[0].setProperty("texts", texts)
    return seen[0]


def test_the_repair_question_is_asked_in_japanese(qtbot: QtBot, window: RefereeWindow) -> None:
    install_language(Language.JAPANESE)
    held = UnreplayableGame(game_id="g", session=2, table=3, reason="x", replayable=12, head=14)
    box = _answered(qtbot, lambda: referee_window._ask_repair(window, held), None)
    texts = box.property("texts")
    assert texts[0] == "対局を修復"
    assert texts[1].startswith("卓 3 の対局は再生できません: x")
    assert {"戻す", "ファイルで置き換え…"} <= set(texts[2:])


@pytest.mark.parametrize(
    "language", [pytest.param(Language.ENGLISH, id="en"), pytest.param(Language.JAPANESE, id="ja")]
)
def test_a_yes_or_no_question_offers_yes_and_no(qtbot: QtBot, window: RefereeWindow, language: Language) -> None:
    install_language(language)
    question = "Record table 1's score sheet as signed by its players?"
    answers: list[bool | None] = []
    for button in (QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No):
        answers.append(None)

        def ask() -> None:
            answers[-1] = referee_window._ask_yes(window, "Score sheet", question)

        box = _answered(qtbot, ask, button)
        buttons = box.property("texts")[2:]
        assert not {"Seat again", "Not now", "席を決め直す", "今はしない"} & set(buttons), buttons
    assert answers == [True, False]

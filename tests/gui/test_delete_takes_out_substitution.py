"""Delete hand takes out a substitution the deletion leaves without a place, named in its question first.

The session refuses a deletion after which the game ends before a substitute came in (``StrandedSubstituteError``:
a substitute cannot come in after the end). As Edit hand does (``correction_events``), Delete hand now names the
substitution in its question, and Yes records the removal and the deletion in one write.

tenhou: 25,000 start, a player below zero ends the game. E1: Dana wins a mangan (8,000) from Chen: Dana 33,000. E2
(Bruno deals): Aiko's yakuman from Dana, 32,000: Dana 1,000, the game goes on. Bruno leaves for Sam before E3.
Deleting E1 makes Aiko's yakuman the first hand, dealt by Aiko (48,000): Dana at -23,000, the game ends after
hand 1, before Sam came in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import Ron
from scorekeeper.session.events import HanFuWin, PlayerReplaced, YakumanWin
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import click, state_of


def _game(window: MainWindow) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    assert window.controller.record_result(Ron(Seat.SEAT_2, (HanFuWin(seat=Seat.SEAT_3, han=5, fu=30),)))
    assert window.controller.record_result(Ron(Seat.SEAT_3, (YakumanWin(seat=Seat.SEAT_0, yakuman=1),)))
    assert window.controller.apply(PlayerReplaced(seat=Seat.SEAT_1, player="Sam", reason="fell ill"))
    assert state_of(window).scores == (57000, 25000, 17000, 1000)


def _delete_first_hand(qtbot: QtBot, window: MainWindow, answer: bool) -> list[str]:
    """Tap the first hand in the history and Delete, answering the question with ``answer``; the questions asked."""
    asked: list[str] = []

    def confirm(_parent: object, question: str) -> bool:
        asked.append(question)
        return answer

    window.dialogs.confirm = confirm
    window.history.select(0)
    click(qtbot, window.history.delete_button)
    return asked


def test_the_delete_question_names_the_substitution_it_takes_out(qtbot: QtBot, window: MainWindow) -> None:
    _game(window)
    store, game_id = window.controller.store, window.controller.game_id
    assert game_id is not None
    revision = store.position(game_id).revision
    asked = _delete_first_hand(qtbot, window, False)
    assert asked == [
        "Delete hand E1? Every later hand is recomputed; Undo brings it back.\n\n"
        "The game now ends before Sam came in for Bruno (hand 3): that substitution is taken out, and Bruno is "
        "credited with the seat's whole result."
    ]
    # No: nothing written, nothing changed.
    assert store.position(game_id).revision == revision
    assert state_of(window).players[1] == "Sam"
    assert len(state_of(window).hands) == 2


def test_yes_deletes_the_hand_and_takes_the_substitution_out_in_one_write_and_one_undo(
    qtbot: QtBot, window: MainWindow
) -> None:
    _game(window)
    store, game_id = window.controller.store, window.controller.game_id
    assert game_id is not None
    revision = store.position(game_id).revision
    _delete_first_hand(qtbot, window, True)
    state = state_of(window)
    assert state.ended
    assert state.players == ("Aiko", "Bruno", "Chen", "Dana")
    assert state.substitutions == ()
    assert len(state.hands) == 1
    assert not window.message_label.isVisible()  # no refusal shown
    assert window.controller.session is not None
    assert [type(e).__name__ for e in window.controller.session.events[-3:]] == [
        "PlayerReplaced",
        "SubstitutionRemoved",
        "HandDeleted",
    ]
    assert store.position(game_id).revision == revision + 1  # one write
    assert store.load_session(game_id).state == state
    # One Undo brings the hand and Sam back together (one write); one Redo deletes again.
    click(qtbot, window.buttons["undo"])
    back = state_of(window)
    assert len(back.hands) == 2 and back.players[1] == "Sam" and not back.ended
    assert store.position(game_id).revision == revision + 2
    assert store.load_session(game_id).state == back
    click(qtbot, window.buttons["redo"])
    assert state_of(window) == state
    assert store.load_session(game_id).state == state


def test_a_deletion_that_strands_nobody_asks_as_before(qtbot: QtBot, window: MainWindow) -> None:
    _game(window)
    window.history.select(1)
    asked: list[str] = []

    def confirm(_parent: object, question: str) -> bool:
        asked.append(question)
        return False

    window.dialogs.confirm = confirm
    click(qtbot, window.history.delete_button)
    assert asked == ["Delete hand E2? Every later hand is recomputed; Undo brings it back."]


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


@pytest.mark.usefixtures("japanese")
def test_the_delete_question_is_japanese_in_a_japanese_window(qtbot: QtBot, window: MainWindow) -> None:
    _game(window)
    asked = _delete_first_hand(qtbot, window, False)
    assert len(asked) == 1
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", asked[0])
    assert "Sam" in asked[0] and "Bruno" in asked[0]
    for english in ("Delete hand", "The game now ends", "substitution", "credited"):
        assert english not in asked[0]

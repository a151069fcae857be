"""A correction that would end the game before a substitute came in takes the substitution out too, shown first.

The session refuses such a correction on its own (a substitute cannot come in after the end:
``StrandedSubstituteError``); Edit hand's preview now says the substitution goes and who gets the seat back, and
Save records the removal and the correction in one write (``correction_events``; ``SubstitutionRemoved``). The
referee's window corrects a tournament game through this same table view.

tenhou: 25,000 start, a player below zero ends the game. E1: Bruno wins 3,900 from Chen. E2: Aiko wins 2,000 from
Dana. Bruno leaves for Sam before E3. E2 corrected to Aiko's yakuman from Dana: Dana at -7,000, the game ends after
hand 2, before Sam came in.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.errors import IllegalActionError
from scorekeeper.gui.dialogs.edit_hand import EditHandDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import HandEdited, HandRecord, Ron, SubstitutionRemoved
from scorekeeper.session.corrections import correction_events, correction_preview
from scorekeeper.session.events import HanFuWin, PlayerReplaced, YakumanWin
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, click
from tests.gui.test_hanchan import quick

_YAKUMAN = HandRecord(riichi=(), result=Ron(Seat.SEAT_3, (YakumanWin(seat=Seat.SEAT_0, yakuman=1),)))


def _game(window: MainWindow) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.record_result(Ron(Seat.SEAT_2, (HanFuWin(seat=Seat.SEAT_1, han=3, fu=30),)))
    window.controller.record_result(Ron(Seat.SEAT_3, (HanFuWin(seat=Seat.SEAT_0, han=2, fu=30),)))
    assert window.controller.apply(PlayerReplaced(seat=Seat.SEAT_1, player="Sam", reason="fell ill"))


def test_the_preview_names_the_substitution_the_correction_takes_out(qtbot: QtBot, window: MainWindow) -> None:
    _game(window)
    state = window.controller.state
    assert state is not None
    preview = correction_preview(state, 1, _YAKUMAN)
    assert [(sub.player, sub.left, sub.hand) for sub in preview.removes] == [("Sam", "Bruno", 2)]
    assert preview.ended_after
    assert preview.after.substitutions == ()
    events = correction_events(state, HandEdited(1, _YAKUMAN))
    assert [type(e) for e in events] == [SubstitutionRemoved, HandEdited]
    assert events[0] == SubstitutionRemoved(
        seat=Seat.SEAT_1, player="Sam", reason="editing hand 2: the game ends after hand 2, before they came in"
    )


def test_edit_hand_shows_the_substitution_going_and_save_records_both_in_one_write_and_one_undo(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    _game(window)
    store, game_id = window.controller.store, window.controller.game_id
    assert game_id is not None
    revision = store.position(game_id).revision
    shown: list[str] = []

    def yakuman(dialog: WinDialog) -> None:
        quick(qtbot, dialog, 0, yakuman=1)
        click(qtbot, dialog.confirm_button)

    def edit(dialog: EditHandDialog) -> None:
        script.then("win", yakuman)
        click(qtbot, dialog.ron_button)
        assert dialog.correction is not None
        assert [sub.player for sub in dialog.correction.removes] == ["Sam"]
        assert dialog.names[1] == "Bruno / Sam"  # the seat, as the history heads it: hand 2 was Bruno's
        shown.append(dialog.correction_label.text())
        assert dialog.save_button.isEnabled()
        click(qtbot, dialog.save_button)

    script.then("edit", edit)
    window.history.select(1)
    click(qtbot, window.history.edit_button)
    assert (
        "The game now ends before Sam came in for Bruno (hand 3): that substitution is taken out, and Bruno is "
        "credited with the seat&#x27;s whole result." in shown[0]
    )
    state = window.controller.state
    assert state is not None
    assert state.ended
    assert state.players == ("Aiko", "Bruno", "Chen", "Dana")
    assert [type(e).__name__ for e in window.controller.session.events[-3:]] == [  # type: ignore[union-attr]
        "PlayerReplaced",
        "SubstitutionRemoved",
        "HandEdited",
    ]
    assert store.position(game_id).revision == revision + 1  # one write
    assert store.load_session(game_id).state == state
    # One Undo takes back what one Save recorded, in one write: the correction and the removal; Sam is back before
    # hand 3. One Redo puts both back.
    click(qtbot, window.buttons["undo"])
    again = window.controller.state
    assert again is not None
    assert again.players[1] == "Sam" and not again.ended
    assert store.position(game_id).revision == revision + 2
    assert store.load_session(game_id).state == again
    click(qtbot, window.buttons["redo"])
    assert window.controller.state == state
    assert store.position(game_id).revision == revision + 3
    assert store.load_session(game_id).state == state


def test_a_correction_the_game_refuses_for_another_reason_is_still_refused(window: MainWindow) -> None:
    _game(window)
    state = window.controller.state
    assert state is not None
    with pytest.raises(IllegalActionError, match="cannot edit hand 6"):
        correction_events(state, HandEdited(5, _YAKUMAN))

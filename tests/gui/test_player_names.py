"""The GUI asks the session about names and says at the field why one is refused, before anything is written:
the new-game dialog (a name two seats share, a control character) and a tournament's substitute; a stored game
with such names still opens and shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.player_name import PlayerNameDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session import EndGame, ruleset
from tests.gui.conftest import Script, click


def test_new_game_with_a_name_two_seats_share_says_so_under_the_second_and_stores_nothing(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    def fill(dialog: NewGameDialog) -> None:
        for edit, name in zip(dialog.name_edits, ("Ann", "Bo", "ann", "Di"), strict=True):
            edit.setText(name)
        click(qtbot, dialog.start_button)
        assert dialog.result() != QDialog.DialogCode.Accepted  # still open
        assert [e.isVisible() for e in dialog.name_errors] == [False, False, True, False]
        assert "Another player has this name" in dialog.name_errors[2].text()
        assert dialog.focusWidget() is dialog.name_edits[2]
        # Fixing the name takes the message away as it is typed, and Start then starts.
        dialog.name_edits[2].clear()
        qtbot.keyClicks(dialog.name_edits[2], "Cy")
        assert not dialog.name_errors[2].isVisible()
        click(qtbot, dialog.start_button)
        assert dialog.result() == QDialog.DialogCode.Accepted

    assert window.controller.store.list_games() == ()
    script.then("new_game", fill)
    window.new_game()
    state = window.controller.state
    assert state is not None
    assert state.players == ("Ann", "Bo", "Cy", "Di")
    assert len(window.controller.store.list_games()) == 1


def test_a_typed_name_that_repeats_an_empty_fields_default_is_flagged_where_it_was_typed(qtbot: QtBot) -> None:
    # Seat 2 left empty becomes "Player 2"; typing "player 2" in seat 1 is what to change, so the reason shows there.
    dialog = NewGameDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    for edit, name in zip(dialog.name_edits, ("player 2", "", "Cy", "Di"), strict=True):
        edit.setText(name)
    click(qtbot, dialog.start_button)
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert [e.isVisible() for e in dialog.name_errors] == [True, False, False, False]
    assert "Another player has this name" in dialog.name_errors[0].text()
    assert dialog.focusWidget() is dialog.name_edits[0]
    dialog.close()


def test_new_game_refuses_a_name_with_a_control_character_at_its_field(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    for edit, name in zip(dialog.name_edits, ("Ann", "Bo\u202e", "Cy", "Di"), strict=True):
        edit.setText(name)
    click(qtbot, dialog.start_button)
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.name_errors[1].text() == "One line of text: no line breaks, tabs or control characters."
    dialog.close()


def test_the_controller_refuses_a_new_game_the_session_refuses_and_stores_nothing(window: MainWindow) -> None:
    errors: list[str] = []
    window.controller.error_occurred.connect(errors.append)
    assert not window.controller.new_game(("Ann", "Bo", "Cy", "Ann\n"), ruleset("tenhou"))
    assert errors == [
        "player 4's name 'Ann\\n' holds a line break or control character: a name is one line of visible text"
    ]
    assert window.controller.store.list_games() == ()


def test_a_stored_game_with_a_shared_and_an_empty_name_still_opens(window: MainWindow) -> None:
    store = window.controller.store
    game = store.create_game(players=["Ann", "Ann", "", "Di"], ruleset="tenhou", events=[EndGame("old")], finished=True)
    assert window.controller.open_game(game)
    state = window.controller.state
    assert state is not None
    assert state.players == ("Ann", "Ann", "", "Di")


def test_a_substitutes_name_another_player_has_greys_ok_and_says_why(qtbot: QtBot) -> None:
    dialog = PlayerNameDialog("Add a substitute", ("Ann", "Bo"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.ok_button.isEnabled()
    assert dialog.error_label.text() == ""  # nothing typed yet: nothing to blame
    qtbot.keyClicks(dialog.name_edit, "ANN")
    assert not dialog.ok_button.isEnabled()
    assert "Another player has this name" in dialog.error_label.text()
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(dialog.name_edit, "lex ")
    assert dialog.ok_button.isEnabled()
    click(qtbot, dialog.ok_button)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.name() == "Alex"


def test_new_game_with_every_name_refused_still_fits_a_1280x720_screen(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    room = dialog.minimumSizeHint().height()
    for edit, name in zip(dialog.name_edits, ("A\tnn", "B\no", "\u202eCy", "D" * 101), strict=True):
        edit.setText(name)
    click(qtbot, dialog.start_button)
    assert all(error.isVisible() for error in dialog.name_errors)
    # 720 less a 40 px task bar and a 32 px title bar (tests/gui/test_screen_sizes.py): the reasons take the room
    # of the knobs' scrolled list, so the dialog needs no more height than before.
    assert dialog.minimumSizeHint().height() == room <= 720 - 40 - 32
    dialog.close()


#: 25 characters: one more than a new name may have (issue 24).
LONG = "Bartholomew Fitzgerald-Sm"
#: What a stored game or a record may carry (the record format allows 100 characters).
STORED = ("Aiko Wolfeschlegelsteinhausen", "Bartholomew Fitzgerald-Smythe of Kent", "Chen", "Dana")


def test_a_new_game_takes_names_of_at_most_24_characters_and_says_so_at_the_field(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    def fill(dialog: NewGameDialog) -> None:
        for edit, name in zip(dialog.name_edits, ("Ann", LONG, "Cy", "Di"), strict=True):
            edit.setText(name)
        click(qtbot, dialog.start_button)
        assert dialog.result() != QDialog.DialogCode.Accepted  # still open
        assert dialog.name_errors[1].isVisible() and dialog.name_errors[1].text() == "At most 24 characters."
        dialog.name_edits[1].setText(LONG[:24])
        click(qtbot, dialog.start_button)
        assert dialog.result() == QDialog.DialogCode.Accepted

    script.then("new_game", fill)
    window.new_game()
    state = window.controller.state
    assert state is not None and state.players[1] == LONG[:24]


def test_long_stored_names_are_cut_with_an_ellipsis_where_the_table_draws_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Issue 24, at 1280x720: a long name pushed the History's point columns behind a sideways scroll bar, was cut
    # without an ellipsis on the table panel and ran past the "who dealt in?" question.
    window.controller.store.create_game(players=list(STORED), ruleset=ruleset("tenhou").to_json())
    assert window.controller.resume()
    window.resize(1280, 720 - 72)
    for _ in range(3):
        QApplication.processEvents()
    for seat in (0, 1):
        panel = window.table.seat_panels[seat]
        label = panel.name_label
        assert label.is_elided() and label.shown_text().endswith("…"), label.shown_text()
        assert label.toolTip() == STORED[seat]
        assert label.geometry().right() <= panel.contentsRect().right()
    view = window.history.view
    assert not view.horizontalScrollBar().isVisible()
    heading = window.history.model.headerData(3, Qt.Orientation.Horizontal)
    assert isinstance(heading, str) and heading.endswith("…") and len(heading) <= 9
    assert window.history.model.headerData(3, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == STORED[1]
    click(qtbot, window.table.seat_panels[1].win_button)
    question = window.table.centre.question_label
    assert question.text().startswith("Bartholomew Fit… won.")
    for _ in range(3):
        QApplication.processEvents()
    metrics = question.fontMetrics()
    widest = max(metrics.horizontalAdvance(word) for word in question.text().split())
    assert widest <= question.contentsRect().width()  # every word wraps within the centre

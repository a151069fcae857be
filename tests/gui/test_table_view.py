"""The table view: seat panels, riichi by one tap, gaps on tap, rotation, refusals shown as sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.dialogs.open_game import OpenGameDialog
from scorekeeper.gui.gaps import describe_gaps
from scorekeeper.gui.help.guide import GUIDE_SEATS
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.labels import wind_name
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session import seat_gaps
from scorekeeper.session.events import ExhaustiveDraw
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.storage.records import write_game_record_file
from tests.gui.conftest import Script, click, open_window

pytestmark = pytest.mark.gui


@pytest.fixture
def playing(window: MainWindow) -> MainWindow:
    assert window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    return window


def test_panels_show_names_winds_dealer_and_points(playing: MainWindow) -> None:
    panels = playing.table.seat_panels
    assert [p.name_label.text() for p in panels] == ["Aiko", "Bruno", "Chen", "Dana"]
    assert [p.wind_label.text() for p in panels] == ["East", "South", "West", "North"]
    assert panels[0].dealer_label.text() and not panels[1].dealer_label.text()
    assert panels[0].points_label.text() == "25,000"
    assert panels[0].points_label.font().pointSize() >= 36  # reads from across a table


def test_every_button_is_a_touch_target(qtbot: QtBot, playing: MainWindow) -> None:
    buttons = (*playing.buttons.values(), *(p.riichi_button for p in playing.table.seat_panels))
    qtbot.waitUntil(lambda: all(b.height() >= 44 for b in buttons))
    assert all(b.width() >= 44 for b in buttons), [(b.objectName(), b.size()) for b in buttons]


def test_riichi_is_one_tap_and_undo_takes_it_back(qtbot: QtBot, playing: MainWindow) -> None:
    panel = playing.table.seat_panels[2]
    with qtbot.waitSignal(playing.controller.state_changed):
        click(qtbot, panel.riichi_button)
    assert panel.stick.isVisible() and not panel.riichi_button.isVisible()
    assert panel.points_label.text() == "24,000"
    assert "Sticks 1" in playing.table.centre.counters_label.text()
    click(qtbot, playing.buttons["undo"])
    assert panel.riichi_button.isVisible()
    assert panel.points_label.text() == "25,000"


def test_riichi_from_the_keyboard(qtbot: QtBot, playing: MainWindow) -> None:
    playing.activateWindow()
    qtbot.waitUntil(playing.isActiveWindow)
    qtbot.keyClick(playing, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert playing.controller.state is not None
    assert [int(s) for s in playing.controller.state.riichi_this_hand] == [1]


def test_a_refused_action_is_shown_as_a_plain_sentence(qtbot: QtBot, playing: MainWindow) -> None:
    click(qtbot, playing.table.seat_panels[0].riichi_button)
    playing.controller.declare_riichi(0)  # a second riichi by the same player is refused
    assert playing.message_label.isVisible()
    assert "riichi" in playing.message_label.text().lower()
    click(qtbot, playing.buttons["undo"])
    # The refusal gives way to what Undo took back (issue 24), muted: no longer a problem.
    assert playing.message_label.property("role") == "muted"
    assert playing.message_label.text().startswith("Undone: riichi (Aiko).")


def test_tapping_a_panel_shows_the_point_gaps(qtbot: QtBot, playing: MainWindow) -> None:
    click(qtbot, playing.table.seat_panels[1].riichi_button)
    panel = playing.table.seat_panels[1]
    overlay = playing.table.gaps_overlay
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
    assert overlay.isVisible() and overlay.seat == 1 and panel.points_label.isVisible()  # the points stay
    assert "Aiko leads by 1,000" in overlay.gaps_label.text()
    panel.setFocus()
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert not overlay.isVisible() and not panel.showing_gaps


def test_the_panel_words_its_gaps_in_full_and_keeps_them_current(qtbot: QtBot, playing: MainWindow) -> None:
    # The seat panel words its gaps (describe_gaps, rich text); the table shows them over itself.
    state = playing.controller.state
    assert state is not None
    panel = playing.table.seat_panels[1]
    overlay = playing.table.gaps_overlay
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
    assert overlay.gaps_label.textFormat() == Qt.TextFormat.RichText
    assert overlay.gaps_label.text() == describe_gaps(seat_gaps(state, 1), state.players)
    assert "Aiko has as many points as you." in overlay.gaps_label.text()
    assert "no honba or riichi sticks on the table" in overlay.gaps_label.text()
    # A riichi elsewhere changes the scores and puts a stick on the table: the open gaps follow at once.
    click(qtbot, playing.table.seat_panels[3].riichi_button)
    text = overlay.gaps_label.text()
    assert overlay.isVisible() and overlay.seat == 1
    assert "You lead Dana (1,000)." in text and "counting 0 honba and 1 riichi sticks" in text
    assert "Aiko has as many points as you." in text
    # Another panel's tap shows that seat's gaps instead: one seat at a time.
    qtbot.mouseClick(playing.table.seat_panels[0], Qt.MouseButton.LeftButton)
    assert overlay.seat == 0 and not panel.showing_gaps


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_a_stray_tap_on_a_panel_never_moves_the_table(
    qtbot: QtBot, playing: MainWindow, position: int, language: Language
) -> None:
    # Issue 24: a tap replaced the points with a cramped "how far" table with its own scroll bar, the panel grew
    # and the whole table jumped. Now the gaps open over the table, away from the tapped panel, with room.
    install_language(language)
    try:
        for seat in (0, 2, 3):  # three players level or ahead of seat 1: the longest gaps
            click(qtbot, playing.table.seat_panels[seat].riichi_button)
        playing.resize(1280, 720 - 72)
        QApplication.processEvents()
        table = playing.table
        table.set_bottom_seat((1 - position) % 4)  # seat 1 at each side of the table in turn
        QApplication.processEvents()
        before = [w.geometry() for w in (*table.seat_panels, table.centre)]
        panel = table.seat_panels[1]
        qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
        for _ in range(3):
            QApplication.processEvents()
        assert [w.geometry() for w in (*table.seat_panels, table.centre)] == before
        overlay = table.gaps_overlay
        assert overlay.isVisible() and panel.points_label.isVisible()
        assert table.board.rect().contains(overlay.geometry())
        assert not overlay.geometry().intersects(panel.geometry())  # the tapped panel stays in sight
        # Room for the whole table: no scroll bar, and no heading or figure broken inside ("他家ロン").
        assert not overlay.scroll_area.verticalScrollBar().isVisible()
        document = QTextDocument()
        document.setDefaultFont(overlay.gaps_label.font())
        document.setHtml(overlay.gaps_label.text())
        document.setTextWidth(overlay.gaps_label.width())
        assert document.idealWidth() <= overlay.gaps_label.width()
        qtbot.mouseClick(overlay, Qt.MouseButton.LeftButton)  # a tap on the card closes it
        assert not overlay.isVisible() and not panel.showing_gaps
        assert [w.geometry() for w in (*table.seat_panels, table.centre)] == before
    finally:
        install_language(Language.ENGLISH)


def test_rotating_brings_each_seat_to_the_near_side(qtbot: QtBot, playing: MainWindow) -> None:
    table = playing.table
    assert table.position_of(0) == 0
    click(qtbot, table.centre.rotate_button)
    assert table.bottom_seat == 1
    assert table.position_of(1) == 0 and table.position_of(0) == 3

    def near_side_is_lowest() -> bool:
        bottom = table.seat_panels[1].geometry().center().y()
        return all(bottom > p.geometry().center().y() for p in table.seat_panels if p.seat != 1)

    qtbot.waitUntil(near_side_is_lowest)


def test_buttons_follow_the_ruleset(window: MainWindow) -> None:
    window.controller.new_game(("A", "B", "C", "D"), ruleset("ema2016"))
    assert not window.buttons["abort"].isEnabled()  # EMA: no abortive draws (issue 3)
    assert "no abortive draws" in window.buttons["abort"].toolTip()
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    assert window.buttons["abort"].isEnabled()


def test_no_game_shows_an_empty_state_not_made_up_panels(qtbot: QtBot, window: MainWindow) -> None:
    assert window.controller.state is None
    table = window.table
    assert table.is_empty and table.empty_state.isVisible()
    assert not any(panel.isVisible() for panel in table.seat_panels)  # no "—" and "0", no riichi buttons
    assert not window.history_box.isVisible()
    assert table.empty_state.new_game_button.isVisible() and table.empty_state.new_game_button.isEnabled()
    assert table.empty_state.new_game_button.height() > window.buttons["ron"].height()  # the big one
    assert [label.text() for label in table.empty_state.shortcut_labels.values()] == ["Ctrl+N", "Ctrl+O", "Ctrl+I"]
    for key in ("ron", "tsumo", "draw", "abort", "chombo"):
        button = window.buttons[key]
        assert not button.isEnabled()
        assert "No game is open" in button.toolTip(), key  # the tooltip says why it is off
    assert window.buttons["undo"].toolTip() == "Nothing to undo yet."


def test_the_empty_state_starts_a_new_game(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    def fill(dialog: NewGameDialog) -> None:
        for edit, name in zip(dialog.name_edits, ("Aiko", "Bruno", "Chen", "Dana"), strict=True):
            edit.clear()
            qtbot.keyClicks(edit, name)
        click(qtbot, dialog.start_button)

    script.then("new_game", fill)
    click(qtbot, window.table.empty_state.new_game_button)
    assert not window.table.is_empty and window.history_box.isVisible()
    assert [p.name_label.text() for p in window.table.seat_panels] == ["Aiko", "Bruno", "Chen", "Dana"]
    assert all(panel.isVisible() for panel in window.table.seat_panels)
    assert window.buttons["ron"].isEnabled()
    assert "discard" in window.buttons["ron"].toolTip()  # the plain-words tooltip is back


def test_a_cancelled_new_game_keeps_the_empty_state(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    script.then("new_game", lambda dialog: dialog.reject())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state is None and window.table.is_empty
    assert not window.buttons["ron"].isEnabled()


def test_the_empty_state_imports_a_game_record(
    qtbot: QtBot, window: MainWindow, script: Script, tmp_path: Path
) -> None:
    session = Session(ruleset("tenhou"), ("Aiko", "Bruno", "Chen", "Dana"))
    session.apply(ExhaustiveDraw((Seat(1),)))
    path = tmp_path / "record.json"
    write_game_record_file(path, session)
    script.open_paths.append(None)  # cancelled first: nothing changes
    click(qtbot, window.table.empty_state.import_button)
    assert window.table.is_empty
    script.open_paths.append(path)
    click(qtbot, window.table.empty_state.import_button)
    assert not window.table.is_empty
    assert window.controller.state == session.state
    assert window.history.model.rowCount() == 1


def test_the_empty_state_opens_a_stored_game(qtbot: QtBot, tmp_path: Path, script: Script) -> None:
    first = open_window(qtbot, tmp_path / "data", script)
    assert first.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    assert first.controller.end_game("time")
    first.close()
    again = open_window(qtbot, tmp_path / "data", script)  # a finished game is not reopened by itself
    assert again.table.is_empty

    def choose_the_game(dialog: OpenGameDialog) -> None:
        dialog.table.selectRow(0)
        click(qtbot, dialog.open_button)

    script.then("open_game", choose_the_game)
    click(qtbot, again.table.empty_state.open_button)
    assert not again.table.is_empty
    assert script.results_dialogs  # a finished game opens on its results
    again.close()


def test_a_finished_game_says_why_the_hand_buttons_are_off(qtbot: QtBot, playing: MainWindow) -> None:
    assert playing.controller.end_game("time")
    assert not playing.buttons["ron"].isEnabled()
    assert "The game is over" in playing.buttons["ron"].toolTip()
    assert playing.buttons["undo"].isEnabled()
    click(qtbot, playing.buttons["undo"])
    assert playing.buttons["ron"].isEnabled() and "discard" in playing.buttons["ron"].toolTip()


def test_history_shows_each_hand_and_opens_it_from_the_keyboard(
    qtbot: QtBot, playing: MainWindow, script: Script
) -> None:
    from scorekeeper.session.events import ExhaustiveDraw
    from scorekeeper.session.seats import Seat

    playing.controller.record_result(ExhaustiveDraw((Seat(1),)))
    model = playing.history.model
    assert model.rowCount() == 1
    assert model.data(model.index(0, 1)) == "Draw: tenpai Bruno"
    assert [model.data(model.index(0, c)) for c in range(2, 6)] == ["-1,000", "+3,000", "-1,000", "-1,000"]
    playing.history.select(0)
    assert "Bruno 28,000" in playing.history.detail_label.text()
    opened: list[int] = []
    playing.history.edit_requested.connect(opened.append)
    script.then("edit", lambda dialog: dialog.reject())  # the window opens the hand; cancelled here
    playing.history.view.activated.emit(model.index(0, 0))
    assert opened == [0]


def test_the_draw_dialog_previews_and_refuses_a_riichi_player_noten(
    qtbot: QtBot, playing: MainWindow, script: Script
) -> None:
    click(qtbot, playing.table.seat_panels[0].riichi_button)

    def untick_the_riichi_player(dialog: object) -> None:
        from scorekeeper.gui.dialogs.draw_dialog import DrawDialog

        assert isinstance(dialog, DrawDialog)
        click(qtbot, dialog.tenpai_boxes[0])
        assert not dialog.confirm_button.isEnabled()
        assert "riichi" in dialog.hint_label.text().lower()
        dialog.reject()

    script.then("draw", untick_the_riichi_player)
    click(qtbot, playing.buttons["draw"])
    assert playing.controller.state is not None and not playing.controller.state.hands


def test_the_across_seat_can_face_its_player(qtbot: QtBot, playing: MainWindow) -> None:
    table = playing.table
    playing.face_action.trigger()
    assert table.seat_panels[2].points_label.upside_down  # seat 2 sits across from the near side
    assert not table.seat_panels[0].points_label.upside_down
    click(qtbot, table.centre.rotate_button)
    assert table.seat_panels[3].points_label.upside_down and not table.seat_panels[2].points_label.upside_down
    assert playing.settings.face_players
    table.seat_panels[3].points_label.grab()  # paints upside down without complaint
    playing.face_action.trigger()
    assert not any(p.points_label.upside_down for p in table.seat_panels)


def test_a_riichi_button_that_is_off_says_why(playing: MainWindow) -> None:
    from scorekeeper.session.events import HanFuWin, Ron

    # Tenhou preset: riichi is refused below 1,000 points (riichi_below_1000 off).
    assert playing.controller.record_result(Ron(Seat(0), (HanFuWin(seat=Seat(1), han=11, fu=30),)))  # 24,000
    assert playing.controller.record_result(ExhaustiveDraw((Seat(1),)))  # Aiko noten: 1,000 -> 0
    state = playing.controller.state
    assert state is not None and state.scores[0] == 0 and not state.ended
    button = playing.table.seat_panels[0].riichi_button
    assert not button.isEnabled()
    assert button.toolTip() == "Riichi needs 1,000 points: Aiko has 0."
    assert "declares riichi" in playing.table.seat_panels[1].riichi_button.toolTip()
    assert playing.controller.end_game("time")
    assert playing.table.seat_panels[1].riichi_button.toolTip() == "The game is over."


def test_the_empty_state_starts_a_game_from_the_keyboard(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    button = window.table.empty_state.new_game_button
    qtbot.waitUntil(button.hasFocus)  # the one thing to do has the focus
    script.then("new_game", lambda dialog: dialog.reject())
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert window.table.is_empty


def test_undo_says_what_it_took_back_and_redo_what_it_put_back(qtbot: QtBot, playing: MainWindow) -> None:
    # Issue 24: Undo did not say what it undid.
    click(qtbot, playing.table.seat_panels[0].riichi_button)
    click(qtbot, playing.buttons["undo"])
    message = playing.message_label
    assert message.isVisible() and message.property("role") == "muted"  # news, not a problem
    assert message.text() == "Undone: riichi (Aiko). Redo (Ctrl+Shift+Z) puts it back."
    click(qtbot, playing.buttons["redo"])
    assert message.text() == "Redone: riichi (Aiko)."
    playing.controller.declare_riichi(0)  # refused (already declared): the line turns back into a problem
    assert message.property("role") == "error" and "riichi" in message.text().lower()


def test_the_guide_seats_the_players_as_the_table_seats_a_new_game(qtbot: QtBot, window: MainWindow) -> None:
    # Issue 24: the guide's picture sat East on the left; the table puts the first dealer, East, on the near side.
    assert window.controller.new_game(tuple(name for _wind, name, _cell in GUIDE_SEATS), ruleset("tenhou"))
    window.show()
    QApplication.processEvents()
    board = window.table.board
    for wind, name, (column, row) in GUIDE_SEATS:
        panel = next(p for p in window.table.seat_panels if p.name_label.text() == name)
        assert panel.wind_label.text() == wind_name(wind)
        centre, middle = panel.geometry().center(), board.rect().center()
        shown = (
            0 if centre.x() < middle.x() - 50 else 2 if centre.x() > middle.x() + 50 else 1,
            0 if centre.y() < middle.y() - 50 else 2 if centre.y() > middle.y() + 50 else 1,
        )
        assert shown == (column, row), name

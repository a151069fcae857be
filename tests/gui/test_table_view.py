"""The table view: seat panels, riichi by one tap, gaps on tap, rotation, refusals shown as sentences."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.rules import ruleset
from tests.gui.conftest import Script, click

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
    assert not playing.message_label.isVisible()


def test_tapping_a_panel_shows_the_point_gaps(qtbot: QtBot, playing: MainWindow) -> None:
    click(qtbot, playing.table.seat_panels[1].riichi_button)
    panel = playing.table.seat_panels[1]
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton)
    assert panel.gaps_label.isVisible()
    assert "Aiko leads by 1,000" in panel.gaps_label.text()
    panel.setFocus()
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert not panel.gaps_label.isVisible()


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
    window.controller.new_game(("A", "B", "C", "D"), ruleset("tenhou"))
    assert window.buttons["abort"].isEnabled()


def test_no_game_yet_offers_a_new_one(window: MainWindow) -> None:
    assert window.controller.state is None
    assert not window.buttons["ron"].isEnabled()
    assert "new" in window.table.centre.status_label.text().lower()


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

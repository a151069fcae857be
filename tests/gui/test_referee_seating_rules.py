"""The new-tournament dialog sets the seating's rules (players kept apart, seeded players, substitutes or byes and
what a bye scores), and the referee's window shows them and who sits out (issue 26)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.referee import RefereeWindow, TournamentController
from scorekeeper.gui.referee.new_tournament import NewTournamentDialog
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import ByeScore, Player, ShortField, TournamentSettings
from tests.gui.test_referee_window import _Answers
from tests.tournament.builders import names


def _dialog(qtbot: QtBot, tmp_path: Path) -> NewTournamentDialog:
    players = tmp_path / "players.csv"
    players.write_text("name,club\n" + "".join(f"{n},C{k % 3}\n" for k, n in enumerate(names(10))), encoding="utf-8")
    dialog = NewTournamentDialog(ask_open=lambda _owner: players, ask_save=lambda _owner: tmp_path / "t.db")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edit, "Autumn Open")
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    return dialog


def test_the_new_tournament_dialog_sets_keep_apart_seeded_players_and_byes(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    assert not dialog.bye_score_combo.isEnabled()  # substitutes by default: nothing to score
    dialog.keep_apart_combo.setFocus()
    qtbot.keyClicks(dialog.keep_apart_combo, "club")  # a combo's items are found by typing, as a user does
    qtbot.keyClicks(dialog.seeded_edit, "p001, P004")
    qtbot.keyClicks(dialog.short_field_combo, "byes")
    assert dialog.bye_score_combo.isEnabled()
    qtbot.keyClicks(dialog.bye_score_combo, "0")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert dialog.created is not None, dialog.problem_label.text()
    _, settings, roster = dialog.created
    assert (settings.keep_apart, settings.seeded) == ("club", ("P001", "P004"))  # the players file's spelling
    assert (settings.short_field, settings.bye_score) == (ShortField.BYES, ByeScore.ZERO)
    assert len(roster) == 10
    dialog.close()


def test_a_seeded_name_not_in_the_players_file_is_refused_in_the_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    qtbot.keyClicks(dialog.seeded_edit, "P001, Nobody")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert dialog.created is None
    assert dialog.problem_label.text() == "Seeded player Nobody is not in the players file."
    dialog.close()


@pytest.fixture
def byes_window(qtbot: QtBot, tmp_path: Path) -> Iterator[RefereeWindow]:
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(
            TournamentSettings(
                name="Bye Open", sessions=3, short_field=ShortField.BYES, keep_apart="club", seeded=("P001",)
            ),
            [Player(name=n, club=f"C{k % 3}") for k, n in enumerate(names(10))],
        )
        controller = TournamentController(store)
        shown = RefereeWindow(controller, dialogs=_Answers().dialogs())
        qtbot.addWidget(shown)
        shown.show()
        yield shown
        controller.stop_timer()
        shown.close()
        shown.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_seating_tab_shows_who_sits_out_and_the_byes_per_player(qtbot: QtBot, byes_window: RefereeWindow) -> None:
    window = byes_window
    assert window.settings_labels["seating"].text() == (
        "byes (a bye scores: average of own sessions); keep apart: club; seeded: P001"
    )
    window.tabs.setCurrentIndex(1)
    assert window.byes_label.isHidden()
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    seating = window.controller.seating()
    assert seating is not None and len(seating.byes) == 2 and "P001" not in seating.byes
    assert window.seating_table.rowCount() == 2
    assert window.byes_label.text() == f"Byes: {', '.join(seating.byes)}"
    assert not window.byes_label.isHidden()
    assert "byes per player: 0-1" in window.seating_quality_label.text()


def test_the_standings_tab_marks_a_session_sat_out(qtbot: QtBot, byes_window: RefereeWindow) -> None:
    window = byes_window
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(window.seat_button, Qt.MouseButton.LeftButton)
    seating = window.controller.seating()
    assert seating is not None
    window.tabs.setCurrentIndex(3)
    table = window.standings_table

    def cell(row: int, column: int) -> str:
        item = table.item(row, column)
        return item.text() if item is not None else ""

    rows = {cell(r, 1): r for r in range(table.rowCount())}
    for name in seating.byes:  # no game yet: the bye scores 0.0 (the average of no session)
        assert cell(rows[name], 5) == "0.0 (bye)"
    assert cell(rows[seating.tables[0].seats[0]], 5) == ""

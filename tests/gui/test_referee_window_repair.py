"""The referee's window with a game this program cannot replay (issue 23 item 1): the window opens, the table's
card says so with the reason, the rest rank, and "Repair the game…" cuts it back (or replaces it from a file)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
from scorekeeper.session import EndGame, Session, format_record, record_from_session, ruleset
from scorekeeper.session.events import RiichiDeclared, event_to_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store
from scorekeeper.sync.referee import Referee
from scorekeeper.tournament import Player, SeatingMethod, TournamentSettings, UnreplayableGame
from tests.tournament.builders import names, ron


def _record(tmp_path: Path, seats: tuple[str, ...]) -> Path:
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(1, 2))
    game.apply(EndGame("time limit"))
    path = tmp_path / f"game-{seats[0]}.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    return path


@pytest.fixture
def damaged(tmp_path: Path) -> Iterator[TournamentStore]:
    """Two tables played session 1; table 1's stored game then got a riichi after its end (psql, a bad write)."""
    path = tmp_path / "open.db"
    with open_tournament_store(path) as store:
        store.create(TournamentSettings(name="Test Open", sessions=2), [Player(name=n) for n in names(8)])
    with Referee.open(path) as referee:
        seating = referee.seat(1, SeatingMethod.RANDOM).seating(1)
        assert seating is not None
        for table in seating.tables:
            referee.record_game(1, table.table, _record(tmp_path, table.seats))
        game = referee.table_game(1, 1)
    with sqlite3.connect(path) as raw:
        raw.execute(
            "INSERT INTO game_events (game_id, seq, body) VALUES (?, 2, ?)",
            (game.game_id, json.dumps(event_to_json(RiichiDeclared(Seat(0))))),
        )
        raw.execute("UPDATE games SET head = 3 WHERE game_id = ?", (game.game_id,))
    raw.close()
    with open_tournament_store(path) as store:
        yield store


def test_the_window_opens_shows_the_game_that_cannot_be_replayed_and_cuts_it_back(
    qtbot: QtBot, damaged: TournamentStore
) -> None:
    asked: list[UnreplayableGame] = []

    def repair(_parent: object, held: UnreplayableGame) -> bool | None:
        asked.append(held)
        return True

    errors: list[str] = []
    controller = TournamentController(damaged)
    window = RefereeWindow(
        controller, dialogs=RefereeDialogs(repair=repair, error=lambda _parent, text: errors.append(text))
    )
    qtbot.addWidget(window)
    window.show()
    try:
        window.tabs.setCurrentIndex(2)
        card = window.cards[0]
        assert card.state_label.text().startswith("cannot be replayed: ")
        assert "already ended" in card.state_label.text()
        assert window.repair_button.isVisible()
        assert window.tables_summary.text() == "1 of 2 tables finished"
        window.tabs.setCurrentIndex(3)
        assert window.standings_table.rowCount() == 8  # the other table ranks
        window.tabs.setCurrentIndex(2)
        window.record_table_spin.setValue(1)
        qtbot.mouseClick(window.repair_button, Qt.MouseButton.LeftButton)
        assert [held.replayable for held in asked] == [2]
        assert errors == []
        assert card.state_label.text() == "finished"
        assert not window.repair_button.isVisible()
        assert window.tables_summary.text() == "2 of 2 tables finished"
    finally:
        controller.stop_timer()
        window.close()
        window.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

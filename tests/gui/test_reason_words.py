"""The reasons the program writes show in the window's language (the session's codes, worded by the GUI); what a
referee typed shows as typed, and the stored text stays English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.labels import reason_text
from scorekeeper.gui.referee import RefereeWindow, TournamentController
from scorekeeper.session import Chombo, EndGame, Seat
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import Player, SeatingMethod, TableGame, TournamentPenalty, TournamentSettings


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


@pytest.mark.usefixtures("japanese")
def test_the_programs_reasons_read_in_japanese_and_a_typed_one_as_typed() -> None:
    assert reason_text("chombo in S2") == "南2 のチョンボ"
    assert reason_text("time limit") == "時間切れ"
    assert reason_text("ended by the referee") == "審判による終了"
    assert reason_text("late to the table") == "late to the table"


def test_the_programs_reasons_read_in_english_as_stored() -> None:
    for text in ("chombo in S2", "time limit", "ended by the referee", "late"):
        assert reason_text(text) == text


@pytest.mark.usefixtures("japanese")
def test_the_referees_penalty_list_words_a_chombo_in_japanese(qtbot: QtBot, tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(TournamentSettings(name="Open", sessions=2), [Player(name=f"P{k}") for k in range(8)])
        controller = TournamentController(store)
        window = RefereeWindow(controller)
        qtbot.addWidget(window)
        window.show()
        try:
            controller.seat(SeatingMethod.AUTO)
            seating = controller.seating()
            assert seating is not None
            seats = seating.tables[0].seats
            store.add_game(
                TableGame(game_id="s1-t1", session=1, table=1, players=seats, events=(Chombo(Seat(2)), EndGame("t")))
            )
            store.add_penalty(TournamentPenalty(player=seats[0], points=-2000, reason="遅刻", session=1))
            controller.reload()
            reasons = [window.penalties_table.item(row, 3) for row in range(window.penalties_table.rowCount())]
            assert [item.text() for item in reasons if item is not None] == ["東1 のチョンボ", "遅刻"]
            # The store keeps what the session wrote, in English.
            (game,) = store.load().games
            assert game.result(store.load().settings).sheet.penalties[0].reason == "chombo in E1"
        finally:
            controller.stop_timer()
            window.close()
            window.deleteLater()

"""The referee takes a substitution out of a table's game (Tables tab, *Take out a substitution…*).

The way past a correction that would end the game before the substitute came in (the session refuses it until the
substitution is out: tests/session/test_substitution_removed.py), and for a substitution entered by mistake. The
dialog shows, before confirming, what the session credits each who sat at the seat with now and after.

EMA 2016: 30,000 start and return, uma +15/+5/-5/-15. Seat 1 wins a mangan (8,000) from seat 0 in hand 1.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from scorekeeper.gui.controller import GameController
from scorekeeper.gui.referee import RefereeDialogs, RefereeWindow, TournamentController
from scorekeeper.gui.referee.correction import copy_for_correction, corrections_made
from scorekeeper.gui.referee.substitute import TakeOutSubstitutionDialog
from scorekeeper.session import (
    HandEdited,
    HandRecord,
    Ron,
    Seat,
    Session,
    SubstitutionRemoved,
    format_record,
    record_from_session,
    ruleset,
)
from scorekeeper.session.events import YakumanWin
from scorekeeper.storage import GameStore
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.tournament_store import TournamentStore, open_tournament_store
from scorekeeper.tournament import Player, SeatingMethod, TournamentSettings
from tests.tournament.builders import names, ron


class _Answers:
    """What the injected dialogs answer, what they were offered, and the errors shown."""

    def __init__(self) -> None:
        self.take_outs: deque[tuple[int, str] | None] = deque()
        self.offered: list[tuple[int, tuple[tuple[str, str], ...]]] = []
        self.errors: list[str] = []

    def _take_out(self, table: int, options: tuple[tuple[str, str], ...]) -> tuple[int, str] | None:
        self.offered.append((table, options))
        return self.take_outs.popleft()

    def dialogs(self) -> RefereeDialogs:
        return RefereeDialogs(
            error=lambda _parent, text: self.errors.append(text),
            take_out=lambda _parent, table, options: self._take_out(table, options),
        )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[TournamentStore]:
    with open_tournament_store(tmp_path / "open.db") as opened:
        opened.create(
            TournamentSettings(name="Test Open", sessions=2),
            [*(Player(name=n) for n in names(8)), Player(name="Sub001", substitute=True)],
        )
        yield opened


@pytest.fixture
def answers() -> _Answers:
    return _Answers()


@pytest.fixture
def window(qtbot: QtBot, store: TournamentStore, answers: _Answers) -> Iterator[RefereeWindow]:
    controller = TournamentController(store)
    shown = RefereeWindow(controller, dialogs=answers.dialogs())
    qtbot.addWidget(shown)
    shown.show()
    yield shown
    controller.stop_timer()
    shown.close()
    shown.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _with_a_substitute(window: RefereeWindow, tmp_path: Path) -> tuple[str, ...]:
    """Table 1 plays hand 1 (seat 1's mangan from seat 0), then Sub001 comes in for seat 1; the seats."""
    window.controller.seat(SeatingMethod.AUTO)
    seating = window.controller.seating()
    assert seating is not None
    seats = seating.tables[0].seats
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(1, 0))
    path = tmp_path / "running.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    assert window.controller.record_game(1, path)
    assert window.controller.substitute(1, seats[1], "Sub001", "fell ill")
    window.tabs.setCurrentIndex(2)
    window.record_table_spin.setValue(1)
    return seats


def test_the_referee_takes_a_substitution_out_after_seeing_what_it_changes(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path
) -> None:
    seats = _with_a_substitute(window, tmp_path)
    assert f"Sub001 for {seats[1]}" in window.cards[0].seats_label.text()
    answers.take_outs.append((0, "entered by mistake"))
    qtbot.mouseClick(window.take_out_button, Qt.MouseButton.LeftButton)
    assert answers.errors == []
    # Shown before confirming, as the standings show points: the leaver's 8.0 (the seat's mangan while they sat)
    # becomes the seat's whole result as it stands (38,000, first: 8.0 + 15 uma = 23.0); the substitute's 15.0 goes.
    ((table, options),) = answers.offered
    assert table == 1
    ((line, change),) = options
    assert line == f"Sub001 for {seats[1]}, from hand 2"
    assert change == f"{seats[1]}: 8.0 → 23.0\nSub001: 15.0 → nothing (not in this game)"
    game = window.controller.tournament.game(1, 1)
    assert game is not None
    assert game.events[-1] == SubstitutionRemoved(seat=Seat.SEAT_1, player="Sub001", reason="entered by mistake")
    assert game.state(window.controller.tournament.settings).players[1] == seats[1]
    assert "Sub001 for" not in window.cards[0].seats_label.text()
    rows = {row.player: row for row in window.controller.standings.rows}
    assert rows[seats[1]].points_tenths == 230


def test_a_table_whose_game_had_no_substitute_is_a_message(
    qtbot: QtBot, window: RefereeWindow, answers: _Answers
) -> None:
    window.controller.seat(SeatingMethod.AUTO)
    window.tabs.setCurrentIndex(2)
    qtbot.mouseClick(window.take_out_button, Qt.MouseButton.LeftButton)
    assert answers.errors == ["Nobody came in during table 1's game."]
    assert answers.offered == []


def test_cancelling_takes_nothing_out(qtbot: QtBot, window: RefereeWindow, answers: _Answers, tmp_path: Path) -> None:
    _with_a_substitute(window, tmp_path)
    answers.take_outs.append(None)
    qtbot.mouseClick(window.take_out_button, Qt.MouseButton.LeftButton)
    game = window.controller.tournament.game(1, 1)
    assert game is not None
    assert not isinstance(game.events[-1], SubstitutionRemoved)


def test_the_dialog_shows_what_each_choice_changes_and_returns_it_with_the_reason(qtbot: QtBot) -> None:
    options = (("Sam for Bo, from hand 3", "Bo: +3.9 → -40.0"), ("Lee for Cy, from hand 5", "Cy: -2.0 → +1.0"))
    dialog = TakeOutSubstitutionDialog(2, options)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.change_label.text() == "Bo: +3.9 → -40.0"
    dialog.substitution_combo.setCurrentIndex(1)
    assert dialog.change_label.text() == "Cy: -2.0 → +1.0"
    qtbot.keyClicks(dialog.reason_edit, "hand 4 corrected")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
    assert dialog.answer() == (1, "hand 4 corrected")
    dialog.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_referees_correction_that_ends_the_game_before_the_substitute_came_in_takes_it_out(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # The referee corrects through the table view on a scratch copy (correction.py): the copy's controller records
    # the removal with the correction, and both reach the tournament game. tenhou: a player below zero ends it.
    with open_tournament_store(tmp_path / "open.db") as store:
        store.create(
            TournamentSettings(name="Test Open", sessions=2, preset="tenhou"),
            [*(Player(name=n) for n in names(8)), Player(name="Sub001", substitute=True)],
        )
        referee = TournamentController(store)
        referee.seat(SeatingMethod.AUTO)
        seating = referee.seating()
        assert seating is not None
        seats = seating.tables[0].seats
        game = Session(ruleset("tenhou"), seats)
        game.apply(ron(1, 0, han=3))
        game.apply(ron(2, 3, han=3))
        path = tmp_path / "running.json"
        path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
        assert referee.record_game(1, path)
        assert referee.substitute(1, seats[1], "Sub001", "fell ill")
        played = referee.tournament.game(1, 1)
        assert played is not None
        scratch = tmp_path / "scratch"
        scratch.mkdir()
        copy = copy_for_correction(scratch, played, referee.tournament.settings)
        with GameStore.open(default_database_path(scratch)) as copy_store:
            table_view = GameController(copy_store)
            assert table_view.open_game(copy)
            bust = HandRecord(riichi=(), result=Ron(Seat.SEAT_3, (YakumanWin(seat=Seat.SEAT_2, yakuman=1),)))
            assert table_view.edit_hand(1, bust)
        events = corrections_made(scratch, copy, played.events)
        assert [type(e) for e in events] == [SubstitutionRemoved, HandEdited]
        assert referee.correct_game(1, events, base=played)
        corrected = referee.tournament.game(1, 1)
        assert corrected is not None
        state = corrected.state(referee.tournament.settings)
        assert state.ended and state.substitutions == ()
        rows = {row.player: row for row in referee.standings.rows}
        assert "Sub001" not in rows
        assert rows[seats[1]].places == (state.standings().places[1],)
        referee.stop_timer()


def test_the_substitution_and_registry_refusals_are_worded_in_japanese(tmp_path: Path) -> None:
    # The core's English stays in records and the command line; a Japanese window words the code.
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.gui.error_words import error_text
    from scorekeeper.gui.i18n import Language, install_language
    from scorekeeper.storage.registry import join_player, rename_player

    session = Session(ruleset("tenhou"), ("Ann", "Bo", "Cy", "Di"))
    session.apply(ron(1, 2, han=3))
    session.apply(ron(0, 3, han=2))
    session.replace_player(Seat.SEAT_1, "Sub")
    bust = HandRecord(riichi=(), result=Ron(Seat.SEAT_3, (YakumanWin(seat=Seat.SEAT_0, yakuman=1),)))
    refused: list[ScorekeeperError] = []
    with pytest.raises(ScorekeeperError) as stranded:
        session.edit_hand(1, bust)
    refused.append(stranded.value)
    with pytest.raises(ScorekeeperError) as missing:
        session.remove_substitution(Seat.SEAT_2, "Sub")
    refused.append(missing.value)
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        store.start_game(session)
        with pytest.raises(ScorekeeperError) as clash:
            rename_player(store, join_player(store, "Di"), "sub")
        refused.append(clash.value)
    install_language(Language.JAPANESE)
    try:
        shown = [error_text(error) for error in refused]
    finally:
        install_language(Language.ENGLISH)
    assert shown == [
        "Sub が Bo の代わりに入る前 (第 3 局) の第 2 局で対局が終わってしまいます。"
        "先にその交代を取り消してから局を訂正してください。",
        "Sub は Cy の席に入っていません。取り消す交代はありません。",
        "対局 1 に sub という名前の選手が 2 人になってしまいます (もう 1 人: Sub)。"
        "1 つの対局では選手ごとに別の名前が必要です。",
    ]


def test_a_refused_take_out_is_named_in_the_windows_language(store: TournamentStore) -> None:
    # The action's name went to the referee untranslated ("Substitution taken out: ..." in a Japanese window).
    from scorekeeper.gui.i18n import Language, install_language

    controller = TournamentController(store)
    errors: list[str] = []
    controller.error_occurred.connect(errors.append)
    controller.seat(SeatingMethod.AUTO)
    install_language(Language.JAPANESE)
    try:
        assert not controller.take_out_substitution(1, 1, "Sub001")
    finally:
        install_language(Language.ENGLISH)
        controller.shutdown()
    assert len(errors) == 1
    assert errors[0].startswith("交代の取り消し: ")

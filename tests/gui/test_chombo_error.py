"""The table says which error a chombo was (issue 25, 3): the chombo page of the draw dialog offers the errors of the
game's text as an optional choice, one tap, nothing to do when it is skipped; the History and the referee's penalty
say it with the section of the text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.draw_dialog import DrawDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.labels import reason_text
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.referee import RefereeWindow, TournamentController
from scorekeeper.gui.referee.penalty import PenaltyAnswer, TournamentPenaltyDialog
from scorekeeper.session.chombo_errors import ChomboError, RuleText, chombo_errors
from scorekeeper.session.events import Chombo, EndGame
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.sheet import game_sheet
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import PenaltyKind, Player, SeatingMethod, TableGame, TournamentSettings, penalty_rules
from tests.gui.conftest import Script, click, state_of

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")


def test_a_tap_on_the_error_records_it_and_the_history_cites_the_text(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(NAMES, ruleset("ema2025"))

    def chombo(dialog: DrawDialog) -> None:
        assert dialog.tabs.currentWidget() is dialog.chombo_page
        # The errors the EMA 2025 annex punishes with a chombo, and "Not said", which is chosen already.
        assert list(dialog.error_buttons) == [None, *chombo_errors(RuleText.EMA2025)]
        assert dialog.error_buttons[None].isChecked()
        assert dialog.error_buttons[ChomboError.INVALID_WIN].toolTip() == "EMA 2025 6.8"
        click(qtbot, dialog.chombo_buttons[1])
        click(qtbot, dialog.error_buttons[ChomboError.INVALID_WIN])
        click(qtbot, dialog.confirm_button)

    script.then("draw", chombo)
    click(qtbot, window.buttons["chombo"])
    state = state_of(window)
    assert state.hands[0].record.result == Chombo(Seat(1), error=ChomboError.INVALID_WIN)
    model = window.history.model
    assert model.data(model.index(0, 1)) == (
        "Chombo: Bruno -20,000, taken after uma at the end\nError: Invalid win shown (EMA 2025 6.8)."
    )
    assert window.controller.end_game("time limit")
    (penalty,) = game_sheet(state_of(window)).penalties
    assert penalty.reason == "chombo in E1 (invalid win shown, EMA 2025 6.8)"


def test_a_chombo_whose_error_is_skipped_costs_no_more_taps(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    window.controller.new_game(NAMES, ruleset("ema2016"))

    def chombo(dialog: DrawDialog) -> None:
        # RCR 2016 3.4.6's list (and 5.2's exposed tiles) only.
        assert list(dialog.error_buttons) == [None, *chombo_errors(RuleText.RCR2016)]
        click(qtbot, dialog.chombo_buttons[2])
        click(qtbot, dialog.confirm_button)

    script.then("draw", chombo)
    click(qtbot, window.buttons["chombo"])
    assert state_of(window).hands[0].record.result == Chombo(Seat(2))
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Chombo: Chen -20,000, taken after uma at the end"


@pytest.fixture
def japanese() -> Iterator[None]:
    install_language(Language.JAPANESE)
    yield
    install_language(Language.ENGLISH)


@pytest.mark.usefixtures("japanese")
def test_the_error_reads_in_japanese(window: MainWindow) -> None:
    window.controller.new_game(NAMES, ruleset("ema2025"))
    assert window.controller.chombo(0, ChomboError.NOTEN_RIICHI)
    model = window.history.model
    assert str(model.data(model.index(0, 1))).endswith("誤り: ノーテンリーチ (EMA 2025 6.6.2)")
    assert reason_text("chombo in S2 (riichi on a noten hand, EMA 2025 6.6.2)") == (
        "南2 のチョンボ (ノーテンリーチ, EMA 2025 6.6.2)"
    )


def test_a_chombos_reason_reads_in_english_as_stored() -> None:
    for text in ("chombo in S2 (riichi on a noten hand, EMA 2025 6.6.2)", "chombo (invalid win shown)"):
        assert reason_text(text) == text


def test_the_referees_chombo_penalty_asks_the_error(qtbot: QtBot) -> None:
    dialog = TournamentPenaltyDialog(("Aiko", "Bruno"), 4)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.error_combo.isHidden()  # only a chombo asks it
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("chombo"))
    assert not dialog.error_combo.isHidden()
    assert dialog.answer() == PenaltyAnswer(kind=PenaltyKind.CHOMBO, player="Aiko")
    dialog.error_combo.setCurrentIndex(dialog.error_combo.findData("draw_from_opponent"))
    assert dialog.answer() == PenaltyAnswer(
        kind=PenaltyKind.CHOMBO, player="Aiko", error=ChomboError.DRAW_FROM_OPPONENT
    )


def test_the_referees_chombo_penalty_shows_the_tournaments_ruleset_amount_and_text(qtbot: QtBot) -> None:
    dialog = TournamentPenaltyDialog(("Aiko", "Bruno"), 4, rules=penalty_rules(ruleset("wrc2022")))
    qtbot.addWidget(dialog)
    dialog.show()
    index = dialog.kind_combo.findData("chombo")
    assert dialog.kind_combo.itemText(index) == "Chombo at a table not in the program: 30,000 (wrc2022)"
    dialog.kind_combo.setCurrentIndex(index)
    assert dialog.points_spin.isHidden()  # the ruleset decides it
    assert dialog.answer() == PenaltyAnswer(kind=PenaltyKind.CHOMBO, player="Aiko")


def test_a_game_of_no_text_offers_every_error_without_a_section(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(NAMES, ruleset("mleague"))

    def chombo(dialog: DrawDialog) -> None:
        assert list(dialog.error_buttons) == [None, *ChomboError]
        assert dialog.error_buttons[ChomboError.PLAY_CANNOT_CONTINUE].toolTip() == ("The error this chombo was for.")
        click(qtbot, dialog.chombo_buttons[3])
        click(qtbot, dialog.error_buttons[ChomboError.PLAY_CANNOT_CONTINUE])
        click(qtbot, dialog.confirm_button)

    script.then("draw", chombo)
    click(qtbot, window.buttons["chombo"])
    assert state_of(window).hands[0].record.result == Chombo(Seat(3), error=ChomboError.PLAY_CANNOT_CONTINUE)
    assert window.controller.apply(EndGame(""))


@pytest.mark.parametrize("language", [Language.ENGLISH, Language.JAPANESE], ids=["en", "ja"])
def test_the_chombo_page_with_every_ema2025_error_fits_a_1280x720_screen(
    qtbot: QtBot, window: MainWindow, script: Script, language: Language
) -> None:
    install_language(language)
    try:
        window.controller.new_game(NAMES, ruleset("ema2025"))
        heights: list[int] = []

        def measure(dialog: DrawDialog) -> None:
            click(qtbot, dialog.chombo_buttons[1])  # the preview of who pays shows below
            click(qtbot, dialog.error_buttons[ChomboError.DISCARD_AFTER_RIICHI])
            heights.append(dialog.sizeHint().height())
            assert all(
                button.sizeHint().width() <= button.width() for button in dialog.error_buttons.values()
            )  # no choice cut off
            dialog.reject()

        script.then("draw", measure)
        click(qtbot, window.buttons["chombo"])
        (height,) = heights
        assert height <= 720 - 40 - 32  # a taskbar and a title bar (tests/gui/test_every_button_whole.py)
    finally:
        install_language(Language.ENGLISH)


def test_the_referees_penalty_list_says_a_tables_chombo_error(qtbot: QtBot, tmp_path: Path) -> None:
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
            events = (Chombo(Seat(2), error=ChomboError.CALL_WITH_DEAD_HAND), EndGame("t"))
            store.add_game(TableGame(game_id="s1-t1", session=1, table=1, players=seats, events=events))
            controller.reload()
            reasons = [window.penalties_table.item(row, 3) for row in range(window.penalties_table.rowCount())]
            # The tournament's default ruleset is ema2016: RCR 2016 3.4.6 names the error.
            assert [item.text() for item in reasons if item is not None] == [
                "chombo in E1 (call or win with a dead hand, RCR 2016 3.4.6)"
            ]
        finally:
            controller.stop_timer()
            window.close()
            window.deleteLater()

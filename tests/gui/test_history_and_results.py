"""The history explains every value (issue 6), the classical draw reads as one, and the results word the sticks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.draw_dialog import DrawDialog
from scorekeeper.gui.dialogs.results import ResultsDialog
from scorekeeper.gui.dialogs.win_dialog import WinDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.session.events import HandWin, HanFuWin, Ron, Tsumo, ValueWin, YakumanWin
from scorekeeper.session.rules import LeftoverSticks, ruleset
from scorekeeper.session.seats import Seat
from tests.gui.conftest import Script, cell, click

pytestmark = pytest.mark.gui

NAMES = ("Aiko", "Bruno", "Chen", "Dana")

#: Seed 003's kind of hand, tapped in as mpsz text: a concealed 222p, 234p with 4p drawn, a pair of 3p... with an
#: exposed 333s, an exposed quartet of 1s and the seat's own season and plant (2f, 6f). The classical engine
#: values it at 60 points and 12 doubles (slam rule: 2^6 + 2^6 = 128): 7,680 (tests/engine/classical).
CLASSICAL_HAND = "2222334p 4p 333s+pon 1111s+minkan 26f"


def _click_tab(qtbot: QtBot, tabs: QTabWidget, page: object) -> None:
    index = next(i for i in range(tabs.count()) if tabs.widget(i) is page)
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def _tsumo_by_tiles(qtbot: QtBot, window: MainWindow, script: Script, seat: int, hand: str) -> None:
    def fill(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[seat])
        widget = dialog.value_widgets[seat]
        page = widget.classical_tiles
        assert page is not None
        _click_tab(qtbot, widget.modes, page)
        page.entry.set_hand_text(hand)
        click(qtbot, dialog.confirm_button)

    script.then("win", fill)
    click(qtbot, window.buttons["tsumo"])


def test_a_classical_win_by_tiles_shows_its_value_and_breakdown(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    assert window.controller.new_game(NAMES, ruleset("classical"))
    _tsumo_by_tiles(qtbot, window, script, 1, CLASSICAL_HAND)
    state = window.controller.state
    assert state is not None and len(state.hands) == 1
    result = state.hands[0].record.result
    assert isinstance(result, Tsumo) and isinstance(result.win, HandWin)
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Tsumo: Bruno 7,680 points, paid by all"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str)
    for line in (
        "Bruno: 7,680 points",
        "Exposed quartet 1111s: 16",
        "Total 56, rounded to 60",
        "Value 7,680",
        "Aiko → Bruno: 15,360 (hand)",  # East (seat 0 deals E1) pays double
        "Chen → Bruno: 7,680 (hand)",
        "Scores after:",
    ):
        assert line in tip, line
    assert model.data(model.index(0, 4), Qt.ItemDataRole.ToolTipRole) == tip  # the whole row explains itself
    # A tap on the row shows the same below the list (nothing needs hover), scrolling when it is long.
    qtbot.mouseClick(
        window.history.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.history.view.visualRect(model.index(0, 1)).center(),
    )
    detail = window.history.detail_label.text()
    assert "After E1:" in detail and "Exposed quartet 1111s: 16" in detail and "Value 7,680" in detail
    assert 0 < window.history.detail_area.height() <= 320


def test_a_called_out_classical_value_says_so(window: MainWindow) -> None:
    assert window.controller.new_game(NAMES, ruleset("classical"))
    assert window.controller.record_result(Tsumo(ValueWin(seat=Seat(2), value=120)))
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Tsumo: Chen 120 points, paid by all"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "Chen: 120 points, as the table worked them out" in tip


def test_a_classical_draw_reads_draw_not_noten(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    assert window.controller.new_game(NAMES, ruleset("classical"))

    def confirm(dialog: DrawDialog) -> None:
        click(qtbot, dialog.confirm_button)

    script.then("draw", confirm)
    click(qtbot, window.buttons["draw"])
    model = window.history.model
    assert model.rowCount() == 1
    assert model.data(model.index(0, 1)) == "Draw"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "No points change hands." in tip


def test_a_riichi_row_explains_who_paid_whom(window: MainWindow) -> None:
    from scorekeeper.session.events import HanFuWin, Ron

    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.record_result(Ron(Seat(0), (HanFuWin(seat=Seat(1), han=3, fu=40),)))
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Ron: Bruno 3 han 40 fu, paid by Aiko"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str)
    assert "Aiko → Bruno: 5,200 (hand)" in tip and "Scores after: 19,800, 30,200, 25,000, 25,000" in tip


def _end_with_sticks(qtbot: QtBot, window: MainWindow, script: Script, sticks: int) -> ResultsDialog:
    for seat in range(sticks):
        click(qtbot, window.table.seat_panels[seat].riichi_button)
    script.confirm_answers.append(True)
    window.end_game_action.trigger()  # Game ▸ End the game now
    assert script.results_dialogs
    return script.results_dialogs[-1]


@pytest.mark.parametrize(
    ("sticks", "words"),
    [
        pytest.param(1, "1 riichi stick was left on the table.", id="one-stick"),
        pytest.param(2, "2 riichi sticks were left on the table.", id="two-sticks"),
    ],
)
def test_the_results_word_the_leftover_sticks(
    qtbot: QtBot, window: MainWindow, script: Script, sticks: int, words: str
) -> None:
    rules = ruleset("tenhou")
    assert rules.table.leftover_sticks is LeftoverSticks.FIRST
    assert window.controller.new_game(NAMES, rules)
    results = _end_with_sticks(qtbot, window, script, sticks)
    note = results.note_label.text()
    assert note.startswith(words)
    assert "sticks were" not in note or sticks > 1
    assert "first place" in note
    assert results.note_label.isVisible()


def test_no_leftover_sticks_no_note(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    results = _end_with_sticks(qtbot, window, script, 0)
    assert results.note_label.text() == ""


def test_the_chart_ends_on_the_final_scores(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    results = _end_with_sticks(qtbot, window, script, 1)  # Aiko's stick goes to first place at the end
    chart = results.chart
    assert chart.series[-1] == results_scores(window)
    assert chart.labels[-1] == "End"
    assert chart.series[0] == (25000, 25000, 25000, 25000)


def results_scores(window: MainWindow) -> tuple[int, int, int, int]:
    state = window.controller.state
    assert state is not None and state.final is not None
    return state.final.scores


def test_a_riichi_win_by_tiles_lists_its_yaku_and_fu(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    click(qtbot, window.table.seat_panels[1].riichi_button)

    def ron_by_tiles(dialog: WinDialog) -> None:
        click(qtbot, dialog.winner_buttons[1])
        click(qtbot, dialog.discarder_buttons[0])
        widget = dialog.value_widgets[1]
        _click_tab(qtbot, widget.modes, widget.tiles)
        entry = widget.tiles.entry
        assert entry is not None
        qtbot.keyClicks(entry.text_field, "234m456p678s55p23s4s")
        qtbot.waitUntil(lambda: entry.result() is not None)
        click(qtbot, dialog.confirm_button)

    script.then("win", ron_by_tiles)
    click(qtbot, window.buttons["ron"])
    model = window.history.model
    assert model.data(model.index(0, 1)) == "Ron: Bruno 3 han 30 fu, paid by Aiko\nRiichi: Bruno"
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str)
    # Riichi + pinfu + tanyao, 3 han 30 fu = 3,900 (seed 000's table), then who paid whom.
    yaku_line = tip.splitlines()[0]
    assert yaku_line.startswith("Bruno: Riichi 1 han, ") and yaku_line.endswith(", 30 fu"), yaku_line
    assert "Pinfu 1 han" in yaku_line and "1 han" in yaku_line.split(", ")[2]
    assert "Aiko → Bruno: 3,900 (hand)" in tip


def test_a_south_round_double_ron_by_tiles_lists_what_the_session_scored_for_each_winner() -> None:
    # The yaku lines are the session's own scoring (WinValue.score), with the table's South round filled in.
    from scorekeeper.gui.describe import describe_hand_wins
    from scorekeeper.session.session import Session
    from tests.session.builders import advance

    session = Session(ruleset("tenhou"), NAMES)
    advance(session, 4)
    assert session.state.label == "S1"
    session.apply(
        Ron(
            Seat(0),
            (
                HandWin.from_input(1, {"hand": "234m456p678s55p23s4s", "win": "4s"}),
                HandWin.from_input(2, {"hand": "567m678p22s345s23s4s", "win": "4s"}),
            ),
        )
    )
    entry = session.state.hands[-1]
    lines = describe_hand_wins(entry, NAMES).splitlines()
    assert [line.split(":")[0] for line in lines] == ["Bruno", "Chen"]
    assert all("Pinfu 1 han" in line and line.endswith(", 30 fu") for line in lines), lines


def test_a_classical_hand_by_tiles_has_no_yaku_line_but_its_points_and_doubles() -> None:
    # describe_hand_wins tells the family from the settlement, with no rules argument to say "classical"; the
    # classical value (seed 003, C, first example: 640) is describe_classical_values' line.
    from scorekeeper.gui.describe import describe_classical_values, describe_hand_wins
    from scorekeeper.session.session import Session

    session = Session(ruleset("classical"), NAMES)
    example_1 = {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]}
    session.apply(Ron(Seat(0), (HandWin.from_input(1, example_1),)))
    entry = session.state.hands[-1]
    assert describe_hand_wins(entry, NAMES) == ""
    assert describe_classical_values(entry.settlement, NAMES).startswith("Bruno: 640 ")


def test_a_quick_entry_win_has_no_yaku_line(window: MainWindow) -> None:
    from scorekeeper.session.events import HanFuWin, Ron

    assert window.controller.new_game(NAMES, ruleset("tenhou"))
    assert window.controller.record_result(Ron(Seat(0), (HanFuWin(seat=Seat(1), han=3, fu=40),)))
    tip = window.history.model.explain(0)
    assert tip.splitlines()[0] == "Bruno: 3 han 40 fu"  # the settlement's value line comes first


def test_results_show_the_uma_and_oka_the_session_applied_to_a_three_way_tie(qtbot: QtBot) -> None:
    # Issue 9, section 3: three seats tied first under split ties share 20 + 10 - 10 uma and the 20 oka: 40 points
    # in tenths, 134/133/133 by the session (odd tenth to the earlier seat). The sheet shows those, not 13.3 x 3.
    from scorekeeper.session.rules import table_rules
    from scorekeeper.session.standings import final_result

    rules = table_rules("tenhou", {"ties": "split", "rounding": "exact"})
    result = final_result(rules, (30000, 30000, 30000, 10000), 0, ())
    dialog = ResultsDialog(
        names=NAMES,
        result=result,
        labels=("E1",),
        series=((25000, 25000, 25000, 25000), (30000, 30000, 30000, 10000)),
        table_rules=rules,
        ask_path=lambda _suffix: None,
        export_csv=lambda _path: None,
        export_json=lambda _path: None,
    )
    qtbot.addWidget(dialog)
    shown = [cell(dialog.table, row, 3) for row in range(4)]
    assert shown == ["+13.4", "+13.3", "+13.3", "-20.0"]
    assert [cell(dialog.table, row, 5) for row in range(4)] == ["+13.4", "+13.3", "+13.3", "-40.0"]


def test_history_rows_say_what_happened(window: MainWindow) -> None:
    # Issue 12: each winner with value and payer (pao named), riichi, chombo with its cost also when it is taken
    # after uma (EMA 20,000 pending), the replay after a chombo marked, long rows wrapped rather than cut.
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("ema2016"))
    assert window.controller.declare_riichi(0)
    assert window.controller.record_result(
        Ron(Seat(0), (HanFuWin(seat=Seat(1), han=2, fu=30), YakumanWin(seat=Seat(3), yakuman=1, pao=Seat(2))))
    )
    assert window.controller.chombo(3)
    assert window.controller.record_result(Tsumo(HanFuWin(seat=Seat(3), han=1, fu=30)))
    model = window.history.model
    assert model.data(model.index(0, 1)) == (
        "Ron: Bruno 2 han 30 fu, paid by Aiko\nRon: Dana Yakuman, paid by Aiko and Chen (pao)\nRiichi: Aiko"
    )
    assert model.data(model.index(1, 1)) == "Chombo: Dana -20,000, taken after uma at the end"
    assert model.data(model.index(1, 0)) == "E2"
    assert model.data(model.index(2, 0)) == "E2\n(replay)"
    assert model.data(model.index(2, 1)) == "Tsumo: Dana 1 han 30 fu, paid by all"
    view = window.history.view
    assert view.wordWrap()
    assert view.rowHeight(0) > view.rowHeight(1)  # three lines get three lines' height


def test_a_pending_after_uma_chombo_shows_on_the_table_at_once(window: MainWindow) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("ema2016"))
    assert window.controller.chombo(3)
    panels = window.table.seat_panels
    assert panels[3].penalty_label.text() == "-20,000 after uma"
    assert [p.penalty_label.text() for p in panels[:3]] == ["", "", ""]
    assert window.controller.undo()
    assert panels[3].penalty_label.text() == ""


def test_the_end_of_the_game_shows_in_large_type_with_results_one_tap_away(
    qtbot: QtBot, window: MainWindow, script: Script
) -> None:
    window.controller.new_game(("Aiko", "Bruno", "Chen", "Dana"), ruleset("tenhou"))
    window.controller.end_game("time")
    assert len(script.results_dialogs) == 1
    script.results_dialogs[0].close()
    centre = window.table.centre
    assert centre.round_label.text() == "Game over"
    assert centre.round_label.font().pointSize() >= 28
    click(qtbot, centre.results_button)
    assert len(script.results_dialogs) == 2
    assert window.controller.undo()
    assert not centre.results_button.isVisible()
    assert centre.round_label.text() == "East 1"

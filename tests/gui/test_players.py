"""The Players window (issue 14): the registry, a player's card and charts, the league table, as a user uses them."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QTableView, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.dialogs.new_game import NewGameDialog
from scorekeeper.gui.main_window import MainWindow
from scorekeeper.gui.players.window import PlayersDialogs, PlayersWindow
from scorekeeper.gui.settings import AppSettings
from scorekeeper.gui.theme import Theme, apply_theme, colors
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.session.rules import ruleset
from scorekeeper.session.session import Session
from scorekeeper.storage.registry import Player, add_player, game_seats, list_players
from scorekeeper.storage.store import GameStore
from tests.documents.pdftext import pdf_text
from tests.gui.conftest import Script, click
from tests.session.test_statistics import DAYS, sessions


class Answers:
    """The answers the injected dialogs give, in order, and what they were asked."""

    def __init__(self) -> None:
        self.texts: deque[str | None] = deque()
        self.items: deque[int | None] = deque()
        self.paths: deque[Path | None] = deque()
        self.asked: list[tuple[str, object]] = []

    def dialogs(self) -> PlayersDialogs:
        def ask_text(parent: QWidget, title: str, label: str, text: str) -> str | None:
            self.asked.append(("text", label))
            return self.texts.popleft()

        def ask_item(parent: QWidget, title: str, label: str, items: list[str]) -> int | None:
            self.asked.append(("item", items))
            return self.items.popleft()

        def ask_save_path(parent: QWidget, title: str, suggested: str, filters: str) -> Path | None:
            self.asked.append(("path", suggested))
            return self.paths.popleft()

        return PlayersDialogs(ask_text=ask_text, ask_item=ask_item, ask_save_path=ask_save_path)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path / "games.sqlite3") as opened:
        for session, day in zip(sessions(), DAYS, strict=True):
            opened.start_game(session, created=f"{day.isoformat()}T12:00:00+00:00")
        yield opened


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def players(qtbot: QtBot, store: GameStore, answers: Answers) -> Iterator[PlayersWindow]:
    window = PlayersWindow(store, dialogs=answers.dialogs())
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def choose(qtbot: QtBot, window: PlayersWindow, name: str) -> None:
    """Tap a player in the registry list."""
    items = window.registry_list.findItems(name, Qt.MatchFlag.MatchStartsWith)
    assert items, f"{name} is not in the list"
    rect = window.registry_list.visualItemRect(items[0])
    qtbot.mouseClick(window.registry_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_a_players_card_shows_the_hand_computed_figures(qtbot: QtBot, players: PlayersWindow) -> None:
    choose(qtbot, players, "Aki")
    assert players.name_label.text() == "Aki"
    assert players.figure("games") == "3"
    assert players.figure("places") == "2 / 1 / 0 / 0"
    assert players.figure("average_place") == "1.33"
    assert players.figure("points") == "+98.1 (+32.7)"
    assert players.figure("wins") == "1 (12.5%)"
    assert players.figure("deal_ins") == "2 (25.0%)"
    assert players.figure("average_win") == "32000"
    assert players.place_chart.places == (2, 1, 0, 0)
    assert players.points_chart.points == (62.0, 1.1, 35.0)
    choose(qtbot, players, "Eve")
    assert players.figure("han_fu") == "3.0 / 30.0"
    assert players.figure("dora") == "0.00"
    assert [name for name, _, _ in players.yaku_chart.rows] == ["Pinfu", "Riichi", "Tanyao"]
    assert players.rates_chart.rows[0][1:] == (0.5, 5 / 32)  # Eve's win rate, the club's (5 wins, 32 seat-hands)


def test_the_selection_narrows_every_figure(qtbot: QtBot, players: PlayersWindow) -> None:
    choose(qtbot, players, "Aki")
    players.ruleset_combo.setCurrentIndex(players.ruleset_combo.findData("ema2016"))
    assert players.figure("games") == "1"
    assert players.figure("points") == "+1.1 (+1.1)"
    players.ruleset_combo.setCurrentIndex(0)
    players.since_edit.setDate(players.since_edit.date().addYears(100))
    assert players.figure("games") == "0"
    assert players.figure("average_place") == "–"


def test_rename_then_undo(qtbot: QtBot, players: PlayersWindow, store: GameStore, answers: Answers) -> None:
    choose(qtbot, players, "Ben")
    answers.texts.append("Benjamin")
    click(qtbot, players.rename_button)
    assert players.name_label.text() == "Benjamin"
    assert store.load_session(1).players[1] == "Benjamin"
    assert players.figure("games") == "3"
    click(qtbot, players.undo_button)
    assert store.load_session(1).players[1] == "Ben"
    assert players.registry_list.findItems("Ben (4 games)", Qt.MatchFlag.MatchExactly)


def test_merge_then_undo_gives_back_exactly_what_was_there(
    qtbot: QtBot, players: PlayersWindow, answers: Answers
) -> None:
    choose(qtbot, players, "Eve")
    answers.items.append(2)  # the other entries: Aki, Ben, Cho, Dan
    click(qtbot, players.merge_button)
    # Eve and Cho sat at two seats of game 2: two people; the refusal is shown and nothing changes.
    assert "both sat in game 2, at two different seats" in players.message.text()
    assert players.name_label.text() == "Eve"
    assert not players.unmerge_button.isEnabled()
    answers.items.append(3)  # Dan, who did not play game 2
    click(qtbot, players.merge_button)
    assert players.name_label.text() == "Dan"  # Eve's entry now shows the player it was merged into
    assert players.figure("games") == "3"
    assert players.registry_list.findItems("Eve, merged into Dan", Qt.MatchFlag.MatchExactly)
    assert players.unmerge_button.isEnabled()
    click(qtbot, players.undo_button)
    choose(qtbot, players, "Eve")
    assert players.figure("games") == "1"
    assert not players.unmerge_button.isEnabled()


def test_the_league_table_sorts_by_any_column_and_exports_csv(
    qtbot: QtBot, players: PlayersWindow, answers: Answers, tmp_path: Path
) -> None:
    players.tabs.setCurrentIndex(1)
    view, proxy = players.league_view, players.league_proxy

    def column(number: int) -> list[str]:
        return [proxy.index(row, number).data() for row in range(proxy.rowCount())]

    assert column(0) == ["Aki", "Ben", "Cho", "Eve", "Dan"]  # by points, best first
    header = view.horizontalHeader()
    games = 1
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=_section(view, games))
    assert column(games) in (["1", "2", "2", "3", "3"], ["3", "3", "2", "2", "1"])
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=_section(view, games))
    assert column(games) in (["1", "2", "2", "3", "3"], ["3", "3", "2", "2", "1"])
    shown = column(0)
    target = tmp_path / "league.csv"
    answers.paths.append(target)
    click(qtbot, players.export_csv_button)
    lines = target.read_bytes().decode("utf-8-sig").splitlines()
    assert lines[0].startswith("player,games,1st,2nd,3rd,4th,average place,points")
    assert [line.split(",")[0] for line in lines[1:]] == shown  # in the order shown
    aki = next(line for line in lines if line.startswith("Aki,"))
    assert aki.split(",")[:9] == ["Aki", "3", "2", "1", "0", "0", "1.333", "+98.1", "+32.7"]


def test_the_league_table_exports_a_pdf_with_real_text(
    qtbot: QtBot, players: PlayersWindow, answers: Answers, tmp_path: Path
) -> None:
    players.tabs.setCurrentIndex(1)
    target = tmp_path / "league"
    answers.paths.append(target)
    click(qtbot, players.export_pdf_button)
    text = pdf_text(tmp_path / "league.pdf")
    assert "League table" in text
    assert "to the last game, all rulesets" in text
    for name in ("Aki", "Ben", "Cho", "Dan", "Eve"):
        assert name in text
    assert "+98.1" in text
    assert text.index("Aki") < text.index("Dan")  # in the order shown: by points


def _section(view: QTableView, number: int) -> QPoint:
    """The middle of a column's header, where a user taps to sort."""
    header = view.horizontalHeader()
    return QPoint(header.sectionViewportPosition(number) + header.sectionSize(number) // 2, header.height() // 2)


def test_a_chart_is_saved_as_png(qtbot: QtBot, players: PlayersWindow, answers: Answers, tmp_path: Path) -> None:
    choose(qtbot, players, "Aki")
    answers.items.append(1)  # the second chart: points per game
    answers.paths.append(tmp_path / "aki points")
    click(qtbot, players.save_chart_button)
    saved = QImage(str(tmp_path / "aki points.png"))
    assert not saved.isNull()
    assert saved.width() >= players.points_chart.width()
    assert players.message.text().startswith("Saved")


@pytest.mark.parametrize("theme", [Theme.LIGHT, Theme.DARK], ids=["light", "dark"])
def test_every_chart_renders_in_the_themes_colours(
    qtbot: QtBot, players: PlayersWindow, tmp_path: Path, theme: Theme
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        choose(qtbot, players, "Eve")
        panel, text = QColor(colors(theme).panel), QColor(colors(theme).text)
        for number, chart in enumerate(players.charts):
            path = tmp_path / f"chart{number}.png"
            chart.save_png(path, QSize(420, 240))
            image = QImage(str(path))
            assert image.pixelColor(2, 2) == panel
            # The title is drawn in the theme's text colour: some pixel of the title row has it.
            title_row = [image.pixelColor(x, y) for x in range(0, 300) for y in range(10, 40)]
            assert text in title_row or any(abs(c.lightness() - text.lightness()) < 40 for c in title_row)
            assert abs(panel.lightness() - text.lightness()) > 150  # readable: high contrast
    finally:
        apply_theme(app, Theme.LIGHT)


def test_the_window_fits_a_laptop_screen(players: PlayersWindow) -> None:
    hint = players.minimumSizeHint()
    assert hint.width() <= 1366
    assert hint.height() <= 768 - 60  # room for the title bar and a panel


# -- the main window's side: the menu entry, New game's names and guests, imports that ask ------------------------


def test_the_game_menu_opens_the_players_window(qtbot: QtBot, window: MainWindow) -> None:
    window.players_action.trigger()
    players = window.players_window
    assert players is not None
    qtbot.waitExposed(players)
    assert players.isVisible()
    assert players.registry_list.count() == 0
    assert players.name_label.text().startswith("No players yet")
    players.close()


def test_new_game_offers_known_players_as_you_type(qtbot: QtBot) -> None:
    dialog = NewGameDialog(AppSettings(), known_players=("Akira", "Ben", "Makiko"))
    qtbot.addWidget(dialog)
    dialog.show()
    completer = dialog.completer
    assert dialog.name_edits[0].completer() is completer
    completer.setCompletionPrefix("ki")
    offered = [completer.completionModel().index(r, 0).data() for r in range(completer.completionCount())]
    assert offered == ["Akira", "Makiko"]
    dialog.close()


def test_a_guest_seat_joins_no_one(qtbot: QtBot, window: MainWindow, script: Script) -> None:
    def fill(dialog: NewGameDialog) -> None:
        for seat, name in enumerate(("Aki", "Visitor", "Cho", "Dan")):
            dialog.name_edits[seat].setText(name)
        click(qtbot, dialog.guest_boxes[1])
        dialog.shuffle_seats()  # the guest mark moves with the name
        click(qtbot, dialog.start_button)

    script.then("new_game", fill)
    window.new_game()
    store = window.controller.store
    game = window.controller.game_id
    assert game is not None
    names = store.load_session(game).players
    seats = game_seats(store, game)
    assert [names[s] for s in range(4) if seats[s] is None] == ["Visitor"]
    assert "Visitor" not in [p.name for p in list_players(store)]


def test_an_ambiguous_name_in_an_imported_record_is_asked(
    qtbot: QtBot, window: MainWindow, script: Script, tmp_path: Path
) -> None:
    store = window.controller.store
    first, second = add_player(store, "Aki"), add_player(store, "AKI")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(format_record(record_from_session(sessions()[0]))), encoding="utf-8")
    asked: list[tuple[str, tuple[int, ...], bool]] = []

    def choose_player(parent: QWidget, name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
        asked.append((name, tuple(p.id for p in candidates), substitute))
        return second

    window.dialogs = replace(window.dialogs, choose_player=choose_player)
    script.open_paths.append(record)
    window.import_game()
    assert asked == [("Aki", (first, second), False)]
    game = window.controller.game_id
    assert game is not None
    assert game_seats(store, game)[0] == second
    # The same record again opens the stored game instead of storing it twice.
    script.open_paths.append(record)
    window.import_game()
    assert window.controller.game_id == game
    assert len(store.list_games()) == 1


def test_a_rename_to_a_name_with_a_line_break_is_refused_before_any_game_changes(
    qtbot: QtBot, players: PlayersWindow, store: GameStore, answers: Answers
) -> None:
    choose(qtbot, players, "Ben")
    answers.texts.append("Ben\nJamin")
    click(qtbot, players.rename_button)
    assert players.message.text() == "One line of text: no line breaks, tabs or control characters."
    assert store.load_session(1).players[1] == "Ben"
    assert players.name_label.text() == "Ben"


def test_an_empty_yaku_chart_says_whether_there_are_no_games_or_no_win_with_known_yaku(
    qtbot: QtBot, players: PlayersWindow
) -> None:
    choose(qtbot, players, "Aki")  # three games, one win entered without its yaku
    assert players.figure("games") == "3"
    assert players.yaku_chart.rows == ()
    assert players.yaku_chart.empty_text() == "No win with known yaku in this selection"
    players.yaku_chart.set_yaku([], 0, games=0)  # what a player with no game in the selection gets
    assert players.yaku_chart.empty_text() == "No games in this selection"
    assert players.place_chart.empty_text() == "No games in this selection"


def test_a_registry_entry_with_one_game_says_one_game(tmp_path: Path, qtbot: QtBot) -> None:
    # Looked at under Xvfb (issue 24): the Players window listed "Aiko (1 games)".
    with GameStore.open(tmp_path / "one.sqlite3") as opened:
        opened.start_game(Session.start(ruleset("tenhou"), ("Aiko", "Bruno", "Chen", "Dana")))
        window = PlayersWindow(opened)
        qtbot.addWidget(window)
        window.reload()
        listed = [window.registry_list.item(k).text() for k in range(window.registry_list.count())]
        assert "Aiko (1 game)" in listed
        window.close()


def test_opening_and_reloading_draw_the_card_once(
    qtbot: QtBot, store: GameStore, answers: Answers, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card reads every game (history, head to head): drawn three times per reload, it cost a club of 10,000
    games 60 ms more at every opening (benchmarks/bench_big_database.py)."""
    from scorekeeper.session.statistics import head_to_head

    drawn: list[str] = []

    def counted(*args: object, **kwargs: object) -> object:
        drawn.append("card")
        return head_to_head(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("scorekeeper.gui.players.window.head_to_head", counted)
    window = PlayersWindow(store, dialogs=answers.dialogs())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert len(drawn) == 1
    assert window.current_player() is not None
    window.reload()
    assert len(drawn) == 2
    window.filter_edit.setText("a")
    assert len(drawn) == 3
    window.close()

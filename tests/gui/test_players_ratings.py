"""The Players window's Ratings tab (issue 28): the ratings with their formulas, the filters, each player's rating
over time, and a tournament's games with the MERS base ranks (in the table and on the player's card)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.gui.players.window import PlayersDialogs, PlayersWindow
from scorekeeper.session.ratings import rate_games
from scorekeeper.session.statistics import Selection
from scorekeeper.storage.statistics import load_statistics, read_tournament_games
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_export import format_base_rank
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.tournament import Player, seat_random
from tests.session.test_statistics import DAYS, sessions
from tests.tournament.builders import ron, settings, table_game

TOURNAMENT_NAMES = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fumi", "Goro", "Hana")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path / "games.sqlite3") as opened:
        for session, day in zip(sessions(), DAYS, strict=True):
            opened.start_game(session, created=f"{day.isoformat()}T12:00:00+00:00")
        yield opened


def _open_path_answers(paths: list[Path | None]) -> PlayersDialogs:
    def ask_open_path(parent: QWidget, title: str, filters: str) -> Path | None:
        return paths.pop(0)

    return PlayersDialogs(ask_open_path=ask_open_path)


@pytest.fixture
def tournament_file(tmp_path: Path) -> Path:
    path = tmp_path / "open.db"
    with open_tournament_store(path) as tournaments:
        tournaments.create(settings(dates=("2026-05-02",)), tuple(Player(name=n) for n in TOURNAMENT_NAMES))
        tournaments.save_seating(seat_random(1, tournaments.load().ranked_in(1), seed=1))
        seating = tournaments.load().seatings[0]
        assert tournaments.add_game(table_game(1, 1, seating.table(1).seats, ron(1, 0)))
        assert tournaments.add_game(table_game(1, 2, seating.table(2).seats, ron(2, 3)))
    return path


def _window(qtbot: QtBot, store: GameStore, dialogs: PlayersDialogs | None = None) -> PlayersWindow:
    window = PlayersWindow(store, dialogs=dialogs)
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.ratings_tab)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert window.tabs.currentWidget() is window.ratings_tab
    return window


def _choose(qtbot: QtBot, combo: object, text: str) -> None:
    from PySide6.QtWidgets import QComboBox

    assert isinstance(combo, QComboBox)
    index = combo.findText(text)
    assert index >= 0, text
    combo.setCurrentIndex(index)


def test_the_ratings_tab_shows_the_cores_ratings_by_ordinal_with_the_formulas(qtbot: QtBot, store: GameStore) -> None:
    window = _window(qtbot, store)
    tab = window.ratings_tab
    stored = load_statistics(store)
    expected = rate_games(stored.games)
    rows = tab.row_texts()
    assert [r[1] for r in rows] == [stored.names[p.player] for p in expected.players]
    first = expected.players[0]
    assert rows[0] == ["1", stored.names[first.player], str(first.games), f"{first.ordinal:.2f}", f"{first.mu:.2f}",
                       f"{first.sigma:.2f}", f"{first.tenhou:.2f}"]  # fmt: skip
    formula = tab.formula_label.text()
    for words in ("openskill", "Plackett-Luce", "μ − 3σ", "tenhou.net R", "/ 40", "+30 / +10 / −10 / −30", "0.002"):
        assert words in formula
    window.close()


def test_the_window_selection_and_an_opponent_narrow_the_ratings(qtbot: QtBot, store: GameStore) -> None:
    window = _window(qtbot, store)
    tab = window.ratings_tab
    _choose(qtbot, window.ruleset_combo, "ema2016")
    assert sorted(r[1] for r in tab.row_texts()) == ["Aki", "Ben", "Cho", "Eve"]
    _choose(qtbot, window.ruleset_combo, "All rulesets")
    _choose(qtbot, tab.opponent_combo, "Dan")  # Dan sat in games 1 and 3 (with a guest): Eve was in neither
    stored = load_statistics(store)
    (dan,) = stored.identities("Dan")
    expected = rate_games(stored.games, Selection(opponents=frozenset({dan})))
    assert [r[1] for r in tab.row_texts()] == [stored.names[p.player] for p in expected.players]
    assert "Eve" not in [r[1] for r in tab.row_texts()]
    window.close()


def test_choosing_a_player_draws_their_ratings_after_each_game(qtbot: QtBot, store: GameStore) -> None:
    window = _window(qtbot, store)
    tab = window.ratings_tab
    tab.select_player("Aki")
    stored = load_statistics(store)
    (aki,) = stored.identities("Aki")
    steps = rate_games(stored.games).history[aki]
    ordinal, mu = tab.skill_chart.series
    assert list(ordinal[1]) == [s.ordinal for s in steps]
    assert list(mu[1]) == [s.mu for s in steps]
    assert list(tab.tenhou_chart.series[0][1]) == [s.tenhou for s in steps]
    assert (
        tab.skill_chart.labels
        == tuple(s.played.isoformat() for s in steps)
        == ("2026-01-10", "2026-02-01", "2026-03-05")
    )
    assert not tab.skill_chart.render_image().isNull()
    window.close()


def test_a_tournament_is_rated_with_its_mers_base_ranks_also_on_the_players_card(
    qtbot: QtBot, store: GameStore, tournament_file: Path
) -> None:
    window = _window(qtbot, store, _open_path_answers([tournament_file]))
    tab = window.ratings_tab
    qtbot.mouseClick(tab.open_tournament_button, Qt.MouseButton.LeftButton)
    assert tab.source_combo.currentText() == "Test Open"
    games = read_tournament_games(tournament_file)
    expected = rate_games(games.statistics.games)
    rows = tab.row_texts()
    assert [r[1] for r in rows] == [games.statistics.names[p.player] for p in expected.players]
    bases = {b.player: b for b in games.base_ranks}
    for row in rows:
        base = bases[row[1]]
        assert row[7:] == [f"{base.rank} of 8", format_base_rank(base.base_rank)]
    # The card of Aki (of this computer's games) names Aki's base rank in the tournament opened.
    window.tabs.setCurrentIndex(0)
    window.select_player("Aki")
    aki = bases["Aki"]
    assert window.figure("base_rank") == f"Test Open:\n{format_base_rank(aki.base_rank)} ({aki.rank} of 8)"
    # Back to this computer's games: the tournament columns go.
    _choose(qtbot, tab.source_combo, "this computer")
    assert len(tab.row_texts()[0]) == 7
    window.close()


def test_a_tournament_file_that_is_not_there_is_named_not_created(
    qtbot: QtBot, store: GameStore, tmp_path: Path
) -> None:
    missing = tmp_path / "none.db"
    window = _window(qtbot, store, _open_path_answers([missing, None]))
    tab = window.ratings_tab
    qtbot.mouseClick(tab.open_tournament_button, Qt.MouseButton.LeftButton)
    assert "none.db" in tab.message.text()
    assert not missing.exists()
    qtbot.mouseClick(tab.open_tournament_button, Qt.MouseButton.LeftButton)  # cancelled: nothing changes
    assert tab.source_combo.count() == 1
    window.close()


def test_a_rating_chart_is_saved_by_right_click_as_the_cards_are(
    qtbot: QtBot, store: GameStore, tmp_path: Path
) -> None:
    saved: list[Path | None] = [tmp_path / "rating.png"]

    def ask_save_path(parent: QWidget, title: str, suggested: str, filters: str) -> Path | None:
        return saved.pop(0)

    window = _window(qtbot, store, PlayersDialogs(ask_save_path=ask_save_path))
    (action,) = window.ratings_tab.skill_chart.actions()
    action.trigger()
    assert (tmp_path / "rating.png").stat().st_size > 0
    window.close()


def test_the_ratings_are_computed_when_their_tab_is_shown_not_at_each_change_elsewhere(
    qtbot: QtBot, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.gui.players import ratings as tab_module

    calls: list[Selection] = []

    def counting(games: object, selection: Selection) -> object:
        calls.append(selection)
        return rate_games(games, selection)  # type: ignore[arg-type]

    monkeypatch.setattr(tab_module, "rate_games", counting)
    window = PlayersWindow(store)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.tabs.currentIndex() == 0
    _choose(qtbot, window.ruleset_combo, "ema2016")
    _choose(qtbot, window.ruleset_combo, "tenhou")
    assert calls == []  # the Players tab is shown: nothing rated
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(window.tabs.indexOf(window.ratings_tab)).center())
    assert [c.ruleset for c in calls] == ["tenhou"]
    assert sorted(r[1] for r in window.ratings_tab.row_texts()) == ["Aki", "Ben", "Cho", "Dan"]
    window.close()

"""The Players window's Ratings tab (issue 28): the ratings, their formulas, and each player's rating over time.

The ratings are the core's (:func:`scorekeeper.session.ratings.rate_games` over the statistics lines the window read,
or over a tournament's games read by :func:`scorekeeper.storage.statistics.read_tournament_games`); this tab only
chooses the games (the window's selection, an opponent, the club's games or a tournament's), formats and draws.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QPainter, QPen, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui import theme
from scorekeeper.gui._compat import override
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.players.charts import ChartWidget, _nice_step
from scorekeeper.session.ratings import Ratings, rate_games
from scorekeeper.session.statistics import Selection
from scorekeeper.storage.statistics import StoredStatistics, TournamentGames, read_tournament_games
from scorekeeper.storage.tournament_export import BaseRank, format_base_rank

__all__ = ["RatingChartWidget", "RatingsTabWidget"]


class RatingChartWidget(ChartWidget):
    """A player's ratings after each of their games: one line per series, the games' days along the bottom."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.series: tuple[tuple[str, tuple[float, ...]], ...] = ()
        self.labels: tuple[str, ...] = ()

    def set_series(self, series: Sequence[tuple[str, Sequence[float]]], labels: Sequence[str]) -> None:
        """Set each series (its legend and one value per game) and the games' labels (days)."""
        self.series = tuple((name, tuple(values)) for name, values in series)
        self.labels = tuple(labels)
        self.update()

    @override
    def has_data(self) -> bool:
        return any(values for _, values in self.series)

    @override
    def draw(self, painter: QPainter, area: QRectF, colors: theme.Colors) -> None:
        values = [v for _, series in self.series for v in series]
        low, high = min(values), max(values)
        step = _nice_step(high - low)
        low = (low // step) * step
        high = -((-high) // step) * step
        if high == low:
            high = low + step
        plot = QRectF(area.left() + 48, area.top() + 20, area.width() - 54, area.height() - 40)
        count = max(len(series) for _, series in self.series)

        def y_of(value: float) -> float:
            return plot.bottom() - plot.height() * (value - low) / (high - low)

        def x_of(index: int) -> float:
            return plot.left() + plot.width() * (index + 0.5) / count

        value = low
        while value <= high + step / 2:
            y = y_of(value)
            painter.setPen(QPen(QColor(colors.muted), 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(colors.muted))
            painter.drawText(QRectF(area.left(), y - 8, 44, 16), Qt.AlignmentFlag.AlignRight, f"{value:g}")
            value += step
        legend_x = plot.left()
        for number, (name, series) in enumerate(self.series):
            color = QColor(colors.seat_lines[(number + 1) % 4])
            painter.setPen(QPen(color, 2.5))
            for index in range(1, len(series)):
                painter.drawLine(
                    QPointF(x_of(index - 1), y_of(series[index - 1])), QPointF(x_of(index), y_of(series[index]))
                )
            if len(series) == 1:
                painter.drawEllipse(QPointF(x_of(0), y_of(series[0])), 3, 3)
            painter.drawLine(QPointF(legend_x, area.top() + 8), QPointF(legend_x + 18, area.top() + 8))
            painter.setPen(QColor(colors.text))
            painter.drawText(QPointF(legend_x + 24, area.top() + 12), name)
            legend_x += 24 + painter.fontMetrics().horizontalAdvance(name) + 18
        fits = max(1, int(plot.width() // (painter.fontMetrics().horizontalAdvance("2026-12-31") + 16)))
        every = max(1, -(-count // fits))
        painter.setPen(QColor(colors.muted))
        for index, label in enumerate(self.labels):
            if index % every == 0:
                x = x_of(index)
                painter.drawText(QRectF(x - 40, plot.bottom() + 4, 80, 16), Qt.AlignmentFlag.AlignCenter, label)


class RatingsTabWidget(QWidget):
    """The ratings of the games chosen: a table by ordinal, the formulas, and the chosen player's ratings over time.

    The window gives it its statistics and selection (:meth:`show_games`); the tab adds an opponent, and can take a
    tournament's games instead of the club's (:meth:`open_tournament`), with each player's MERS base rank there.
    """

    COLUMNS = 9

    def __init__(
        self,
        ask_open_path: Callable[[QWidget, str, str], Path | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ask_open_path = ask_open_path
        self.club = StoredStatistics(games=(), names={})
        self.window_selection = Selection()
        self.tournament: TournamentGames | None = None
        self.tournaments: list[TournamentGames] = []
        self.ratings = Ratings(players=(), history={})
        self.stale = True
        layout = QVBoxLayout(self)
        self.formula_label = QLabel()
        self.formula_label.setObjectName("rating_formula")
        self.formula_label.setWordWrap(True)
        self.formula_label.setTextFormat(Qt.TextFormat.RichText)
        self.formula_label.setText(self.formula_text())
        layout.addWidget(self.formula_label)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Games of")))
        self.source_combo = QComboBox()
        self.source_combo.setObjectName("rating_source_combo")
        self.source_combo.addItem(self.tr("this computer"), None)
        self.source_combo.currentIndexChanged.connect(self._on_source_combo_current_index_changed)
        row.addWidget(self.source_combo)
        self.open_tournament_button = QPushButton(self.tr("Open a tournament…"))
        self.open_tournament_button.setObjectName("open_tournament_button")
        self.open_tournament_button.setToolTip(
            self.tr("Rate a tournament's table games (a tournament database file) and show its MERS base ranks")
        )
        self.open_tournament_button.clicked.connect(self.choose_tournament)
        row.addWidget(self.open_tournament_button)
        row.addSpacing(18)
        row.addWidget(QLabel(self.tr("With opponent")))
        self.opponent_combo = QComboBox()
        self.opponent_combo.setObjectName("opponent_combo")
        self.opponent_combo.setMinimumContentsLength(12)
        self.opponent_combo.currentIndexChanged.connect(self._on_opponent_combo_current_index_changed)
        row.addWidget(self.opponent_combo)
        row.addStretch(1)
        layout.addLayout(row)
        splitter = QSplitter(Qt.Orientation.Vertical)
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setObjectName("ratings_table")
        self.table.setHorizontalHeaderLabels(
            [
                "#",
                self.tr("Player"),
                self.tr("Games"),
                self.tr("Ordinal (μ − 3σ)"),
                "μ",
                "σ",
                self.tr("tenhou.net R"),
                self.tr("Tournament rank"),
                self.tr("MERS base rank"),
            ]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.currentCellChanged.connect(self._on_table_current_cell_changed)
        splitter.addWidget(self.table)
        charts = QWidget()
        chart_row = QHBoxLayout(charts)
        chart_row.setContentsMargins(0, 0, 0, 0)
        self.skill_chart = RatingChartWidget(self.tr("openskill rating after each game"))
        self.skill_chart.setObjectName("skill_chart")
        self.tenhou_chart = RatingChartWidget(self.tr("tenhou.net R after each game"))
        self.tenhou_chart.setObjectName("tenhou_chart")
        self.charts: tuple[ChartWidget, ...] = (self.skill_chart, self.tenhou_chart)
        for chart in self.charts:
            chart_row.addWidget(chart, 1)
        splitter.addWidget(charts)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)
        self.message = QLabel()
        self.message.setObjectName("ratings_message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self._fill_opponents()

    def formula_text(self) -> str:
        """The two formulas in words, as shown above the table."""
        return self.tr(
            "<b>openskill</b> (the openskill package, Plackett-Luce model, default parameters): every player starts "
            "at μ = 25, σ = 25/3; after each game the four finishers are rated by their final places (a tie the "
            "rules share is a tie). Players are ranked by the <b>ordinal μ − 3σ</b>.<br>"
            "<b>tenhou.net R</b>: starts at 1500; after each game R += factor × (place value + (table average R − R)"
            " / 40), place values +30 / +10 / −10 / −30, factor 1 − 0.002 × games played before (0.2 from 400 "
            "games). Games are rated in the order played."
        )

    # -- choosing the games --------------------------------------------------------------------------------------

    def show_games(self, club: StoredStatistics, selection: Selection) -> None:
        """Rate the club's games (or the open tournament's) over the window's ``selection`` and show them.

        The rating pass over ten thousand games takes a second or two (benchmarks/bench_ratings.py), so while the
        tab is not shown it only remembers that its figures are stale and rates when it is shown.
        """
        self.club = club
        self.window_selection = selection
        self._fill_opponents()
        self.stale = True
        if self.isVisible():
            self._rate()

    @override
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.stale:
            self._rate()

    def statistics(self) -> StoredStatistics:
        """The games rated now: the chosen tournament's, or the club's."""
        return self.tournament.statistics if self.tournament is not None else self.club

    def selection(self) -> Selection:
        """The window's selection with the opponent chosen here."""
        opponent = self.opponent_combo.currentData()
        return replace(self.window_selection, opponents=frozenset({opponent}) if opponent else frozenset())

    def choose_tournament(self) -> None:
        """Ask for a tournament database file and rate its games."""
        path = self.ask_open_path(
            self, self.tr("Open a tournament"), self.tr("Tournament databases (*.sqlite3 *.sqlite *.db);;All files (*)")
        )
        if path is not None:
            self.open_tournament(path)

    def open_tournament(self, path: Path) -> None:
        """Read the tournament in ``path`` and show its ratings; a tournament that cannot be read is named below."""
        try:
            games = read_tournament_games(path)
        except ScorekeeperError as error:
            self.message.setText(error_text(error))
            return
        self.tournaments = [t for t in self.tournaments if t.name != games.name] + [games]
        self.source_combo.blockSignals(True)
        index = self.source_combo.findText(games.name)
        if index < 0:
            self.source_combo.addItem(games.name, games.name)
            index = self.source_combo.count() - 1
        self.source_combo.blockSignals(False)
        self.source_combo.setCurrentIndex(index)
        self._on_source_combo_current_index_changed()

    def base_ranks_of(self, name: str) -> tuple[BaseRank, ...]:
        """``name``'s MERS base rank in each tournament opened here (names compared without case)."""
        key = name.strip().casefold()
        return tuple(b for t in self.tournaments for b in t.base_ranks if b.player.strip().casefold() == key)

    def _on_source_combo_current_index_changed(self) -> None:
        name = self.source_combo.currentData()
        self.tournament = next((t for t in self.tournaments if t.name == name), None)
        self.message.setText("")
        self._fill_opponents()
        self._rate()

    def _on_opponent_combo_current_index_changed(self) -> None:
        self._rate()

    def _fill_opponents(self) -> None:
        stats = self.statistics()
        chosen = self.opponent_combo.currentData()
        self.opponent_combo.blockSignals(True)
        self.opponent_combo.clear()
        self.opponent_combo.addItem(self.tr("anyone"), None)
        for identity, name in sorted(stats.names.items(), key=lambda item: (item[1].casefold(), item[0])):
            self.opponent_combo.addItem(name, identity)
        index = self.opponent_combo.findData(chosen) if chosen is not None else 0
        self.opponent_combo.setCurrentIndex(max(index, 0))
        self.opponent_combo.blockSignals(False)

    # -- showing -------------------------------------------------------------------------------------------------

    def _rate(self) -> None:
        self.stale = False
        stats = self.statistics()
        try:
            self.ratings = rate_games(stats.games, self.selection())
        except ScorekeeperError as error:
            self.message.setText(error_text(error))
            self.ratings = Ratings(players=(), history={})
        bases = {b.player: b for b in self.tournament.base_ranks} if self.tournament is not None else {}
        for column in (7, 8):
            self.table.setColumnHidden(column, self.tournament is None)
        current = self.current_player()
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.ratings.players))
        for row, rating in enumerate(self.ratings.players):
            name = stats.names.get(rating.player, rating.player)
            base = bases.get(name)
            cells = (
                str(row + 1),
                name,
                str(rating.games),
                f"{rating.ordinal:.2f}",
                f"{rating.mu:.2f}",
                f"{rating.sigma:.2f}",
                f"{rating.tenhou:.2f}",
                "" if base is None else self.tr("{rank} of {players}").format(rank=base.rank, players=base.players),
                "" if base is None else format_base_rank(base.base_rank),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, rating.player)
                if column != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.blockSignals(False)
        chosen = next((r for r, p in enumerate(self.ratings.players) if p.player == current), 0)
        if self.ratings.players:
            self.table.setCurrentCell(chosen, 1)
        self._show_history()

    def current_player(self) -> str | None:
        """The identity of the player chosen in the table."""
        item = self.table.item(self.table.currentRow(), 1) if self.table.currentRow() >= 0 else None
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def select_player(self, name: str) -> None:
        """Choose the row of the player shown as ``name``."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 1)
            if item is not None and item.text() == name:
                self.table.setCurrentCell(row, 1)
                return

    def row_texts(self) -> list[list[str]]:
        """The table's rows as shown (visible columns only)."""
        columns = [c for c in range(self.COLUMNS) if not self.table.isColumnHidden(c)]
        return [
            [self.table.item(r, c).text() for c in columns]  # type: ignore[union-attr]
            for r in range(self.table.rowCount())
        ]

    def _on_table_current_cell_changed(self) -> None:
        self._show_history()

    def _show_history(self) -> None:
        player = self.current_player()
        steps = self.ratings.history.get(player, ()) if player is not None else ()
        labels = [s.played.isoformat() for s in steps]
        self.skill_chart.set_series(
            [(self.tr("ordinal μ − 3σ"), [s.ordinal for s in steps]), ("μ", [s.mu for s in steps])], labels
        )
        self.tenhou_chart.set_series([(self.tr("R"), [s.tenhou for s in steps])], labels)

    def add_chart_actions(self, save: Callable[[ChartWidget], None], title: str) -> None:
        """Give each chart a right-click action that saves it (the window's own saving)."""
        for chart in self.charts:
            action = QAction(title, chart)
            action.triggered.connect(functools.partial(save, chart))
            chart.addAction(action)
